"""The app's computer seats: a computer turn played on a button, by itself at once, or step
by step with a pause in a notebook (the kernel's timer, :func:`.modes.kernel_timer`).

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`: the moves themselves (each with its
"why" line for the log) come from the play session (:mod:`dicelab.ui.session`); this view
only paces them, says what happened and redraws.

>>> from dicelab.ui.widgets import play
>>> app = play("trwavril", seed=2, lang="en", players=2, computer={1: "optimal"},
...            coach_prompt=False)
>>> app.play_computer_turn()  # player 1, a human, is to play
0
>>> app.play_to_end(); app.state.is_over
True
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import _, ngettext
from dicelab.ui.options import make_policy
from dicelab.ui.session import MAX_COMPUTER_ACTIONS
from dicelab.ui.text import player_name
from dicelab.ui.widgets.modes import kernel_timer

__all__ = ["ComputerTurns"]


class ComputerTurns:
    """The computer-turn part of :class:`~dicelab.ui.widgets.base.GameApp` (a mixin: it
    uses the app's ``session``, ``state``, ``say``, ``refresh`` and ``_guard``)."""

    session: Any
    state: Any
    lang: str
    auto_computer: bool
    computer_delay: float
    game_key: str
    _stepping: bool
    _closed: bool
    _policies: dict[int, Any]
    _last_events: list[dict[str, Any]]

    def play_computer_turn(self) -> int:
        """Play the current computer player's turn to its end; returns the actions played."""
        if self.state.is_over or not self.is_computer():
            self.say(_("It is not a computer player's turn.", lang=self.lang), error=True)
            return 0
        p = self.state.current_player
        if self.session.waits_for_duel(p):
            self.say(_("The computer plays to win: it waits for the exact chances of beating "
                       "each other, which are being computed (the game goes on by itself when "
                       "they are ready).", lang=self.lang))
            return 0
        if self.session.waits_for_solo(p):  # the solo odds computed in the background
            self.say(_("The computer waits for the exact odds, which are being computed (the "
                       "game goes on by itself when they are ready).", lang=self.lang))
            return 0
        played = 0
        lines: list[str] = []
        while not self.state.is_over and self.state.current_player == p:
            if played and self.state.phase == "start":
                break
            if played >= MAX_COMPUTER_ACTIONS:  # pragma: no cover - safety net
                break
            line = self._computer_move(p)
            if line is None:
                break
            played += 1
            lines.append(line)
        head = (ngettext("The computer played {n} move.", "The computer played {n} moves.",
                         played, lang=self.lang) if self.session.against_computer() else
                ngettext("{who} (computer) played {n} move.",
                         "{who} (computer) played {n} moves.",
                         played, lang=self.lang, who=player_name(p, self.lang)))
        if played:
            self.say(" ".join([head] + [x for x in lines[-2:] if x]))
        self.refresh()
        return played

    def _computer_move(self, p: int) -> str | None:
        """One action of computer seat ``p``, with its "why" line in the log; returns what
        happened in words, or ``None`` (with a message) when it could not play."""
        try:
            move = self.session.computer_move(p)
        except Exception as e:  # an engine error must not become a traceback in class
            why = e.message(self.lang) if isinstance(e, DicelabError) else type(e).__name__
            self.say(_("The computer could not play: {why}", lang=self.lang, why=why),
                     error=True)
            return None
        self._last_events = list(move.events)
        return self.describe_events(self._last_events)

    def computer_note(self, state: Any, action: Any, p: int) -> str:
        """One line: what computer seat ``p`` chose in ``state`` and why (empty for a
        forced move)."""
        return self.session.computer_note(state, action, p)

    def _auto(self) -> None:
        """Computer seats play by themselves (``auto_computer``): step by step with a pause
        in a notebook, at once outside a kernel or with ``computer_delay=0``."""
        if not self.auto_computer or self._stepping:
            return
        timer = kernel_timer() if self.computer_delay > 0 else None
        if timer is not None:
            if not self.state.is_over and self.is_computer():
                self._stepping = True
                self.refresh()
                timer(self.computer_delay, self._guard(self._computer_step))
            return
        guard = 0
        while not self.state.is_over and self.is_computer() and guard < 10_000:
            guard += 1
            if not self.play_computer_turn():
                break

    def _computer_step(self) -> None:
        """One paced step of a computer turn (the kernel's event loop calls it)."""
        self._stepping = False
        if self._closed or self.state.is_over or not self.is_computer():
            self.refresh()
            return
        p = self.state.current_player
        if self.session.waits_for_solve(p):
            self.refresh()  # the solve's end calls _auto again
            return
        line = self._computer_move(p)
        if line is None:
            self.refresh()
            return
        self.say(line)
        self.refresh()
        self._auto()

    def computer_playing(self) -> bool:
        """A computer turn is being played step by step (the next step is scheduled)."""
        return self._stepping

    def play_to_end(self, max_actions: int = 100_000) -> None:
        """Finish the game with every seat played by its policy (humans: optimal). For tests."""
        fallback = make_policy("optimal", self.game_key)
        for _i in range(max_actions):
            if self.state.is_over:
                break
            policy = self._policies.get(self.state.current_player, fallback)
            self.act(policy(self.state), confirmed=True)
