"""Learning mode: the coach is off, each move is explained by the rule that
applies, quoted from the game's rules card (:func:`dicelab.ui.rules_cards.event_rules`),
and one click switches to the coach.

Kept apart from :mod:`dicelab.ui.widgets.base`: it only sets the app's ``event_notes`` hook
and adds a banner with the switch.

>>> from dicelab.ui.widgets import play
>>> app = play("seveny", seed=3, lang="en", learning=True)
>>> app.learning.on, app.controls.coach_prompt.value, app.coach_on
(True, False, False)
>>> app.learning.to_coach(); app.learning.on, app.controls.coach_prompt.value
(False, True)
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _
from dicelab.ui.rules_cards import event_rules
from dicelab.ui.text import esc


class Learning:
    """The learning mode of ``app``: a banner (``dicelab-learning``) and the switch to
    the coach (``dicelab-learning-switch``)."""

    def __init__(self, app: Any) -> None:
        import ipywidgets as w

        self.app = app
        self.on = True
        self.banner = w.HTML()
        self.banner.add_class("dicelab-learning")
        self.switch = w.Button(icon="graduation-cap", layout=w.Layout(width="auto"))
        self.switch.add_class("dicelab-learning-switch")
        self.switch.on_click(app._guard(lambda _b: self.to_coach()))
        self.box = w.HBox([self.banner, self.switch], layout=w.Layout(flex_flow="row wrap"))
        app.coach_on = False
        app.controls.coach_prompt.value = False
        app.event_notes = self.notes
        children = list(app.box.children)
        children.insert(children.index(app.buttons) + 1, self.box)
        app.box.children = tuple(children)
        app.controls.language.observe(lambda change: self.relabel(change["new"]),
                                      names="value")
        self.relabel(app.lang)

    def notes(self, events: list[dict[str, Any]]) -> list[str]:
        """The card's rules behind ``events``, in the app's language (learning mode on)."""
        if not self.on:
            return []
        return event_rules(self.app.game_key, events, self.app.lang)

    def to_coach(self) -> None:
        """Switch to the coach: advice and the coach prompt on, no rule quotes."""
        self.on = False
        self.app.coach_on = True
        self.app.controls.coach_prompt.value = True
        self.relabel(self.app.lang)

    def relabel(self, lang: str) -> None:
        if self.on:
            self.banner.value = "<em>" + esc(_(
                "Learning mode: the coach is off; after each move, the rule that applies is "
                "quoted from the rules card.", lang=lang)) + "</em>"
            self.switch.description = _("Switch to the coach", lang=lang)
            self.switch.layout.display = ""
        else:
            self.banner.value = "<em>" + esc(_("The coach is on.", lang=lang)) + "</em>"
            self.switch.layout.display = "none"


def learning_mode(app: Any) -> Learning:
    """Put ``app`` in learning mode; returns the :class:`Learning` (also ``app.learning``)."""
    app.learning = Learning(app)
    return app.learning
