"""One app per game, made from its registry entry: the app of a board of tokens
(:class:`TokensApp`), of cards (:class:`CardsApp`) or of a points table
(:class:`ScoresApp`), named as the entry says (``registry.get(key).app_name``).  Each only
draws its board and words its resolution choices; everything else (and every rule) comes
from :class:`~dicelab.ui.widgets.base.GameApp` and the game module.  Every app takes
``lang=``.

>>> from dicelab.registry import get
>>> APPS["trwavril"].__name__ == get("trwavril").app_name, APPS["trwavril"].kind
(True, 'reroll')
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _, ngettext
from dicelab.registry import GAMES, GameEntry, get
from dicelab.ui.text import figure_word, join_names
from dicelab.ui.widgets.base import GameApp
from dicelab.ui.widgets.boards import cards_board, scores_board, tokens_board


class TokensApp(GameApp):
    """A board of tokens on squares (a reroll game): keep dice for brelans, remove the
    tokens; failures move the failure token."""

    kind = "reroll"

    def board_html(self) -> str:
        return tokens_board(self.state, self.module, self.lang, self.session.seat_names())

    def resolve_label(self, choice: Any) -> str:
        for outcome in self.state.resolutions():
            if outcome.choice == choice:
                figure = figure_word(outcome.figure, self.lang)
                if outcome.bonus:
                    return _("{figure}: the failure token moves back one triangle",
                             lang=self.lang, figure=figure)
                if outcome.failure:
                    return _("{figure}: a failure", lang=self.lang, figure=figure)
                tokens = [str(v) for v in outcome.removed]
                return ngettext("{figure}: remove token {tokens}",
                                "{figure}: remove tokens {tokens}", len(tokens),
                                lang=self.lang, figure=figure,
                                tokens=join_names(tokens, self.lang))
        return super().resolve_label(choice)  # pragma: no cover - choices come from the state

    def status_extra(self) -> str:
        s = self.state
        if s.phase != "choose":
            return ""
        return ngettext("{n} roll left", "{n} rolls left", s.rolls_left, lang=self.lang)

    def refresh(self) -> None:
        """Kept dice stay toggled; in the variant where set-aside dice stay, they are locked."""
        super().refresh()
        self._lock_dice()

    def _lock_dice(self) -> None:
        read = get(self.game_key).locked
        locked = list(read(self.state)) if read is not None else []
        if not locked or self.state.phase != "choose":
            return
        row = self.dice_row
        row._quiet = True
        try:
            for i, v in enumerate(row.dice):
                if v in locked:
                    locked.remove(v)
                    t = row.toggles[i]
                    t.value = True
                    t.disabled = True
                    t.tooltip += " " + _("(set aside for good: this variant does not re-roll it)",
                                         lang=self.lang)
        finally:
            row._quiet = False
        self._update_selection()


class CardsApp(GameApp):
    """A board of cards to bar (a reroll game) before the parapluies run out."""

    kind = "reroll"

    def board_html(self) -> str:
        return cards_board(self.state, self.module, self.lang, self.session.seat_names())

    def resolve_label(self, choice: Any) -> str:
        s = self.state
        for r in self.module.resolutions(s.dice, s.barred[s.current_player], s.rules):
            if r.card == choice:
                if r.card is None:
                    return _("miss: a parapluie is turned over", lang=self.lang)
                if r.bars:
                    return _("flip card {card} (bar it)", lang=self.lang, card=r.card)
                return _("flip card {card} (back to normal)", lang=self.lang, card=r.card)
        return super().resolve_label(choice)  # pragma: no cover - choices come from the state

    def status_extra(self) -> str:
        s = self.state
        if s.phase != "choose":
            return ""
        return ngettext("{n} roll left", "{n} rolls left", s.rolls_left, lang=self.lang)


class ScoresApp(GameApp):
    """A points table (a pushluck game): set aside scoring dice, roll on or bank."""

    kind = "push"

    def board_html(self) -> str:
        s = self.state
        entry = get(self.game_key)
        target = entry.target(s.rules) if entry.target is not None else None
        needs = entry.opening_needed
        return scores_board(s, self.module.DEFINITION.name, target,
                            aside=entry.set_aside(s) if entry.set_aside is not None else (),
                            memorised=entry.memorised(s) if entry.memorised is not None
                            else None,
                            unopened=[q for q in range(s.players)
                                      if needs is not None and needs(s, q) is not None],
                            lang=self.lang,
                            names=self.session.seat_names(), computer=self._policies)

    def phase_text(self) -> str:
        words = get(self.game_key).choose_text
        if self.state.phase == "choose" and words:
            return _(words, lang=self.lang)
        return super().phase_text()


#: The app of each kind of board (the registry entry's ``board``).
BOARD_APPS: dict[str, type[GameApp]] = {
    "tokens": TokensApp, "cards": CardsApp, "scores": ScoresApp}


def _app(entry: GameEntry) -> type[GameApp]:
    """The app class of one game: its board's app, named and keyed as the entry says."""
    return type(entry.app_name, (BOARD_APPS[entry.board],), {
        "__doc__": f"{entry.name}: the app of :mod:`{entry.rules.__name__}`.",
        "__module__": __name__, "__qualname__": entry.app_name, "game_key": entry.key})


#: Module key -> the game's app class, in the registry's order.
APPS: dict[str, type[GameApp]] = {g.key: _app(g) for g in GAMES if g.app_name}


def __getattr__(name: str) -> Any:
    """An app class by its name (``apps.TrwavrilApp``)."""
    for app in APPS.values():
        if app.__name__ == name:
            return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
