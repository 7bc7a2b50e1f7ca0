"""Widget benchmarks: a die toggle → overlay update, and a Roll click, for each game.

``benchmarks()`` follows docs/architecture.md.  The games are solved once in
``benchmarks()`` (the overlay's promise is about a solved game); each app is
built there too, with the odds shown, at a fixed position set by hand.

* toggle: flip one die; the app re-marks the selection in the overlay, updates
  the buttons and the "why not" line.  Advice is computed once per position, so
  this never calls the engine: it is what a click costs.  Goal 0.1 s.
* keys 1, U, R: a toggle, Undo and Roll again from the keyboard.  Goal 0.1 s.
* Roll click: the Roll button from the start of a turn: the action, the new
  position's board, dice, log and its advice (``advise_state``, engine solved;
  the app's own advice cache is cleared in every run).  Goal 0.1 s.
"""

from __future__ import annotations

import importlib
from typing import Any

#: A position per game (dice set by hand after the first roll).
POSITIONS: dict[str, tuple[int, ...]] = {
    "dripeul": (5, 5, 1, 2, 6),
    "trwavril": (1, 2, 2, 6),
    "cinqmille": (1, 5, 5, 2, 3),
    "seveny": (1, 6, 6, 2, 2, 3, 4),
}


def _has_engine(key: str) -> bool:
    try:
        importlib.import_module(f"dicelab.engine.{key}")
    except ImportError:
        return False
    return True


def _toggle_app(key: str) -> Any:
    from dicelab.ui.widgets import play

    app = play(key, seed=1, show_odds=True)
    app.roll()
    app.teacher_set_dice(" ".join(map(str, POSITIONS[key])))
    app.advice()  # this position's advice, once (as when the dice land)
    return app


def make_toggle(key: str) -> Any:
    app = _toggle_app(key)
    toggle = app.dice_row.die_toggles[0]

    def run() -> int:
        toggle.value = not toggle.value
        return len(app.overlay.body.value)

    run.__name__ = f"toggle_{key}"
    return run


def make_roll_click(key: str) -> Any:
    from dicelab.ui.widgets import play

    app = play(key, seed=1, show_odds=True)

    def run() -> int:
        if app.game.actions:  # back to the start of the turn (a list pop)
            app.game.undo()
        app._advice_cache.clear()
        app._legal_cache = None
        app.roll_button.click()
        return len(app.overlay.body.value)

    run.__name__ = f"roll_click_{key}"
    return run


def make_key_undo(key: str) -> Any:
    """Keyboard: "1" toggles a die, "u" undoes the last roll, "r" rolls it again."""
    app = _toggle_app(key)

    def run() -> int:
        app.key("1")
        app.key("u")
        app.key("r")
        return len(app.log.value)

    run.__name__ = f"key_undo_{key}"
    return run


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.registry import GAME_NAMES

    out: list[dict[str, Any]] = []
    for key, name in GAME_NAMES.items():
        if not _has_engine(key):
            continue
        out.append({
            "name": f"{name}: die toggle → overlay update (solved)",
            "goal": 0.1,
            "run": make_toggle(key),
            "baseline": None,
            "icepool": None,
        })
        out.append({
            "name": f"{name}: Roll click → new position with odds (solved)",
            "goal": 0.1,
            "run": make_roll_click(key),
            "baseline": None,
            "icepool": None,
        })
        out.append({
            "name": f"{name}: keys 1, U, R → toggle, undo, roll again (solved)",
            "goal": 0.1,
            "run": make_key_undo(key),
            "baseline": None,
            "icepool": None,
        })
    return out
