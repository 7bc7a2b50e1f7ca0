"""Who plays: the app's first choice (solo / two players / against the computer), the
computer's turn played step by step, and one line saying what the computer chose and why.

The mode bar is a small widget the app puts at its top; picking a mode starts a new game
at once (:meth:`GameApp.set_mode`).  The words live here; the app keeps the game.

>>> mode_of(1, {}), mode_of(2, {}), mode_of(2, {1: "optimal"}), mode_of(3, {})
('solo', 'two', 'computer', None)
>>> seats_for("computer", {"human": "", "optimal": "", "duel_optimal": ""})
{1: 'duel_optimal'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.ui.session import KIND_REASONS  # why a computer seat chose its move

#: The modes of the bar, in order: value -> label (a catalog message).
MODES: dict[str, str] = {
    "solo": N_("solo"),
    "two": N_("two players"),
    "computer": N_("against the computer"),
}
#: Tooltips of the modes.
MODE_TIPS: dict[str, str] = {
    "solo": N_("One player: beat the game alone"),
    "two": N_("Two players at one screen, taking turns; the win bar shows each one's "
              "chance to win"),
    "computer": N_("You against the computer, which plays its turns by itself"),
}
#: Seconds between two steps of the computer's turn (0: at once).
COMPUTER_DELAY = 0.8


def mode_of(players: int, seats: dict[int, str]) -> str | None:
    """The bar's mode for a game of ``players`` with computer ``seats`` (``None``: another
    set-up, made in the Classroom panel)."""
    computers = {s for s, k in seats.items() if k != "human"}
    if players == 1 and not computers:
        return "solo"
    if players == 2 and not computers:
        return "two"
    if players == 2 and computers == {1}:
        return "computer"
    return None


def seats_for(mode: str, kinds: dict[str, str]) -> dict[int, str]:
    """The computer seats of ``mode``: player 2 plays to win when that engine is there."""
    if mode != "computer":
        return {}
    return {1: "duel_optimal" if "duel_optimal" in kinds else "optimal"}


class ModeBar:
    """Three toggle buttons (class ``dicelab-mode``); ``on_pick(mode)`` runs on a change."""

    def __init__(self, mode: str | None, on_pick: Callable[[str], Any],
                 lang: str | None = None) -> None:
        import ipywidgets as w

        self.buttons = w.ToggleButtons(options=[(k, k) for k in MODES], value=mode,
                                       style={"button_width": "auto"})
        self.buttons.add_class("dicelab-mode")
        self._quiet = False
        #: the bar is hidden and ignores picks (:meth:`hide`)
        self.hidden = False
        self._on_pick = on_pick
        self.buttons.observe(self._changed, names="value")
        self.relabel(lang or "en")

    def relabel(self, lang: str) -> None:
        value = self.buttons.value
        self._quiet = True
        try:
            self.buttons.options = [(_(label, lang=lang), k) for k, label in MODES.items()]
            self.buttons.tooltips = [_(MODE_TIPS[k], lang=lang) for k in MODES]
            self.buttons.value = value
        finally:
            self._quiet = False

    def show(self, mode: str | None) -> None:
        """Show ``mode`` as picked without starting a game."""
        self._quiet = True
        try:
            self.buttons.value = mode
        finally:
            self._quiet = False

    def hide(self) -> None:
        """Hide the bar and ignore any pick: an app fixed to one set-up (lesson 14's app,
        where the computer plays the only seat)."""
        self.hidden = True
        self.buttons.disabled = True
        self.buttons.layout.display = "none"

    def _changed(self, change: Any) -> None:
        if not self._quiet and not self.hidden and change["new"] is not None:
            self._on_pick(change["new"])


def kernel_timer() -> Callable[[float, Callable[[], Any]], Any] | None:
    """``call_later(delay, fn)`` on the kernel's event loop (where widget callbacks run),
    or ``None`` outside a kernel (the computer then plays its turn at once).

    >>> kernel_timer() is None
    True
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    later = getattr(loop, "call_later", None)
    return later if callable(later) else None


__all__ = ["COMPUTER_DELAY", "KIND_REASONS", "MODES", "ModeBar", "kernel_timer", "mode_of",
           "seats_for"]
