"""One app per game: :class:`DripeulApp`, :class:`TrwavrilApp`, :class:`CinqMilleApp`,
:class:`SevenyApp`.  Each only draws its board and words its resolution choices;
everything else (and every rule) comes from :class:`~dicelab.ui.widgets.base.GameApp`
and the game module.  Every app takes ``lang=``.
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _, ngettext
from dicelab.ui.widgets.base import GameApp
from dicelab.ui.widgets.boards import dripeul_board, scores_board, trwavril_board
from dicelab.ui.widgets.text import figure_word, join_names


class DripeulApp(GameApp):
    """Dripeul 5: keep dice for brelans, remove the six tokens; failures move the triangle."""

    game_key = "dripeul"
    kind = "reroll"

    def board_html(self) -> str:
        return dripeul_board(self.state, self.module, self.lang)

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
        locked = list(getattr(self.state, "locked", ()) or ())
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


class TrwavrilApp(GameApp):
    """Trwavril: bar the six cards with four dice before the parapluies run out."""

    game_key = "trwavril"
    kind = "reroll"

    def board_html(self) -> str:
        return trwavril_board(self.state, self.module, self.lang)

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


class CinqMilleApp(GameApp):
    """5000: set aside scoring dice, roll on or bank; exactly 5000 wins."""

    game_key = "cinqmille"
    kind = "push"

    def board_html(self) -> str:
        return scores_board(self.state, self.module.DEFINITION.name, self.module.TARGET,
                            lang=self.lang)

    def phase_text(self) -> str:
        if self.state.phase == "choose":
            return _("set aside scoring dice, then roll or bank", lang=self.lang)
        return super().phase_text()


class SevenyApp(GameApp):
    """Seveny: seven dice, set aside 1s, 6s and brelans; memorise full cycles; bank."""

    game_key = "seveny"
    kind = "push"

    def board_html(self) -> str:
        return scores_board(self.state, self.module.DEFINITION.name, self.state.rules.target,
                            memorised=True, lang=self.lang)

    def phase_text(self) -> str:
        if self.state.phase == "choose":
            return _("set aside at least one die, then roll or bank", lang=self.lang)
        return super().phase_text()


APPS: dict[str, type[GameApp]] = {
    app.game_key: app for app in (DripeulApp, TrwavrilApp, CinqMilleApp, SevenyApp)
}
