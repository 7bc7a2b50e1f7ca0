"""Plain-text and HTML helpers shared by the widgets (no ipywidgets needed).

Everything the apps show is built here as strings, so it can be tested and
read without a browser.  Nothing in this module knows a game rule.

>>> die_label(5), die_label(5, kept=True)
('5 ⚄', '5 ⚄ ✓ kept')
>>> fmt_figure("p_win", 0.4134), fmt_figure("expected_turns", 12.3456)
('41.3 %', '12.35')
>>> fmt_loss("p_win", 0.052)
'5.2 percentage points of win probability'
>>> fmt_dice((2, 2, 4))
'2 2 4'
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

#: Unicode die faces: a glyph next to the number, never the glyph alone.
PIPS: dict[int, str] = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}

#: Readable names of the figures the exact engine reports.
FIGURE_TITLES: dict[str, str] = {
    "p_win": "p_win",
    "p_turn": "p_turn",
    "p_bust": "p_bust",
    "expected_points": "expected points",
    "expected_turns": "expected turns",
}


def esc(text: Any) -> str:
    """HTML-escape any value's text.

    >>> esc("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(text), quote=True)


def fmt_dice(dice: Iterable[int]) -> str:
    """Dice values as ``"2 2 4"`` (``"—"`` for none)."""
    d = list(dice)
    return " ".join(str(v) for v in d) if d else "—"


def pips(dice: Iterable[int]) -> str:
    """Dice as numbers with their pip glyph: ``"2⚁ 5⚄"``.

    >>> pips([2, 5])
    '2⚁ 5⚄'
    """
    d = list(dice)
    return " ".join(f"{v}{PIPS.get(v, '')}" for v in d) if d else "—"


def die_label(face: int, kept: bool = False, mark: str = "✓ kept") -> str:
    """The text on a die toggle: number, pip glyph and, when kept, a text mark."""
    base = f"{face} {PIPS.get(face, '')}".rstrip()
    return f"{base} {mark}" if kept else base


def die_tooltip(index: int, face: int, kept: bool, word: str = "kept") -> str:
    """Tooltip of a die toggle, e.g. ``"Die 3: 5 — kept"`` (``index`` counts from 0).

    >>> die_tooltip(2, 5, True), die_tooltip(0, 1, False)
    ('Die 3: 5 — kept', 'Die 1: 1 — not kept')
    """
    return f"Die {index + 1}: {face} — {word if kept else 'not ' + word}"


def is_probability(name: str) -> bool:
    """Figures named ``p_…`` are probabilities (shown in percent)."""
    return name.startswith("p_")


def fmt_figure(name: str, value: float) -> str:
    """A figure's value as text: percent for probabilities, 2 decimals for turns."""
    if is_probability(name):
        return f"{100.0 * value:.1f} %"
    if name == "expected_turns":
        return f"{value:.2f}"
    return f"{value:.1f}"


def fmt_loss(objective: str, loss: float) -> str:
    """How much a loss in ``objective`` amounts to, in words.

    >>> fmt_loss("expected_turns", 0.25)
    '0.25 extra expected turns'
    >>> fmt_loss("expected_points", 12.0)
    '12.0 expected points'
    """
    if is_probability(objective):
        what = {"p_win": "win probability", "p_turn": "probability of a good turn",
                "p_bust": "bust probability"}.get(objective, objective)
        return f"{100.0 * loss:.1f} percentage points of {what}"
    if objective == "expected_turns":
        return f"{loss:.2f} extra expected turns"
    return f"{loss:.1f} {FIGURE_TITLES.get(objective, objective)}"


def loss_verb(objective: str) -> str:
    """``"costs"`` for turns (a loss is more turns), ``"loses"`` otherwise."""
    return "costs" if objective == "expected_turns" else "loses"


def player_name(player: int) -> str:
    """Display name of a seat (seats count from 0).

    >>> player_name(0)
    'Player 1'
    """
    return f"Player {player + 1}"


def join_names(names: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``.

    >>> join_names(["A", "B", "C"])
    'A, B and C'
    """
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


_SKIP_KEYS = {"type", "player"}


def fmt_event(event: dict[str, Any]) -> str:
    """One log line from a game event (plain data), as plain text.

    >>> fmt_event({"type": "roll", "player": 0, "dice": [1, 5, 5]})
    'Player 1 — roll: dice 1 5 5'
    >>> fmt_event({"type": "manche_end", "player": None})
    'manche end'
    >>> fmt_event({"type": "game_over", "player": 1, "winners": [0, 2]})
    'Player 2 — game over: winners Player 1 and Player 3'
    """
    kind = str(event.get("type", "event")).replace("_", " ")
    player = event.get("player")
    parts = []
    for key, value in event.items():
        if key in _SKIP_KEYS:
            continue
        if key == "winners" and isinstance(value, (list, tuple)):
            names = [player_name(v) for v in value if isinstance(v, int)]
            parts.append(f"winners {join_names(names) or 'nobody'}")
            continue
        if isinstance(value, (list, tuple)) and all(isinstance(v, int) for v in value):
            shown = fmt_dice(value)
        else:
            shown = str(value)
        parts.append(f"{key.replace('_', ' ')} {shown}")
    head = f"{player_name(player)} — {kind}" if isinstance(player, int) else kind
    return head + (": " + ", ".join(parts) if parts else "")
