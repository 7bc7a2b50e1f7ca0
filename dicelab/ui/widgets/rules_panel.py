"""The apps' **Rules** button: the game's rules card (:mod:`dicelab.ui.rules_cards`), shown and
hidden in place — the same card as the play notebook's.

Kept apart from :mod:`dicelab.ui.widgets.base` (the app only builds one and relabels it).
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _
from dicelab.ui.rules_cards import card_html


class RulesPanel:
    """A toggle button (``dicelab-rules-button``) and the card (``dicelab-rules``)."""

    def __init__(self, game: str, lang: str) -> None:
        import ipywidgets as w

        self.game = game
        self.lang = lang
        self.button = w.Button(icon="book", layout=w.Layout(width="auto"))
        self.button.add_class("dicelab-rules-button")
        self.card = w.HTML(layout=w.Layout(display="none"))
        self.card.add_class("dicelab-rules")
        self.button.on_click(lambda _b: self.toggle())
        self.relabel(lang)

    @property
    def shown(self) -> bool:
        return self.card.layout.display != "none"

    def toggle(self, show: bool | None = None) -> bool:
        """Show the card (or hide it when it is shown); returns whether it is shown."""
        show = not self.shown if show is None else show
        self.card.layout.display = "" if show else "none"
        self.relabel(self.lang)
        return show

    def relabel(self, lang: str) -> None:
        self.lang = lang
        self.button.description = (_("Hide the rules", lang=lang) if self.shown
                                    else _("Rules", lang=lang))
        self.button.tooltip = _("The rules card of this game", lang=lang)
        self.card.value = card_html(self.game, lang) if self.shown else ""

    def close(self) -> None:
        for x in (self.button, self.card):
            x.close()


def rules_panel(game: str, lang: str) -> Any:
    """A :class:`RulesPanel` for ``game`` in ``lang``."""
    return RulesPanel(game, lang)
