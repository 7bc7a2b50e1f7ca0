"""One app per game: :class:`DripeulApp`, :class:`TrwavrilApp`, :class:`CinqMilleApp`,
:class:`SevenyApp`.  Each only draws its board and words its resolution choices;
everything else (and every rule) comes from :class:`~dicelab.widgets.base.GameApp`
and the game module.
"""

from __future__ import annotations

from typing import Any

from .base import GameApp
from .boards import dripeul_board, scores_board, trwavril_board


class DripeulApp(GameApp):
    """Dripeul 5: keep dice for brelans, remove the six tokens; failures move the triangle."""

    game_key = "dripeul"
    kind = "reroll"

    def board_html(self) -> str:
        return dripeul_board(self.state, self.module)

    def resolve_label(self, choice: Any) -> str:
        for outcome in self.state.resolutions():
            if outcome.choice == choice:
                return outcome.describe()
        return super().resolve_label(choice)  # pragma: no cover - choices come from the state

    def status_extra(self) -> str:
        s = self.state
        return f"rolls left {s.rolls_left}" if s.phase == "choose" else ""

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
                    t.tooltip += " (set aside for good: this variant does not re-roll it)"
        finally:
            row._quiet = False
        self._update_selection()


class TrwavrilApp(GameApp):
    """Trwavril: bar the six cards with four dice before the parapluies run out."""

    game_key = "trwavril"
    kind = "reroll"

    def board_html(self) -> str:
        return trwavril_board(self.state, self.module)

    def resolve_label(self, choice: Any) -> str:
        s = self.state
        for r in self.module.resolutions(s.dice, s.barred[s.current_player], s.rules):
            if r.card == choice:
                return r.describe()
        return super().resolve_label(choice)  # pragma: no cover - choices come from the state

    def status_extra(self) -> str:
        s = self.state
        return f"rolls left {s.rolls_left}" if s.phase == "choose" else ""


class CinqMilleApp(GameApp):
    """5000: set aside scoring dice, roll on or bank; exactly 5000 wins."""

    game_key = "cinqmille"
    kind = "push"
    die_word = "set aside"

    def board_html(self) -> str:
        return scores_board(self.state, "5000", 5000)

    def phase_text(self) -> str:
        if self.state.phase == "choose":
            return "set aside scoring dice, then roll or bank"
        return super().phase_text()


class SevenyApp(GameApp):
    """Seveny: seven dice, set aside 1s, 6s and brelans; memorise full cycles; bank."""

    game_key = "seveny"
    kind = "push"
    die_word = "set aside"

    def board_html(self) -> str:
        return scores_board(self.state, "Seveny", self.state.rules.target, memorised=True)

    def phase_text(self) -> str:
        if self.state.phase == "choose":
            return "set aside at least one die, then roll or bank"
        return super().phase_text()


APPS: dict[str, type[GameApp]] = {
    "dripeul": DripeulApp,
    "trwavril": TrwavrilApp,
    "cinqmille": CinqMilleApp,
    "seveny": SevenyApp,
}
