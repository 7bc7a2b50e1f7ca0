"""Boards drawn as HTML, readable without colour (every mark is also a word or a glyph).

Each function reads a game state and returns HTML; none of them decides a rule.
They read the state's own fields (``tokens``, ``triangle``, ``barred``,
``parapluies``, ``aside``, ``turn_points`` …) and the game module's constants.
"""

from __future__ import annotations

from typing import Any

from .text import esc, fmt_dice, pips, player_name

_CELL = "display:inline-block;min-width:2.6em;padding:3px 5px;margin:2px;text-align:center;"
_BOX = "border:2px solid #333;border-radius:3px;"
_TABLE = "border-collapse:collapse;font-size:13px;background:#fff;color:#000"
_TD = "border:1px solid #999;padding:3px 8px;text-align:left"


def _wrap(inner: str, title: str) -> str:
    return (
        f'<div style="background:#fff;color:#000;padding:4px 6px;border:1px solid #bbb">'
        f'<div style="font-weight:bold;margin-bottom:2px">{esc(title)}</div>{inner}</div>'
    )


def _turn_mark(state: Any, p: int) -> str:
    return "▶ " if not state.is_over and p == state.current_player else ""


def _players_rows(state: Any) -> range:
    return range(state.players)


# ------------------------------------------------------------------- Dripeul
def dripeul_board(state: Any, module: Any) -> str:
    """Squares 1–6 with their tokens, the failure triangles 4 3 2 1 0 X and the manche arrows.

    The token's triangle is drawn as ``[▲ 2]`` (with the word "token here" in the
    title); squares show ``● 3`` (token) or ``○ 3 empty``.
    """
    x = getattr(module, "X", -1)
    top = getattr(module, "MAX_TRIANGLE", 4)
    manches = state.rules.manches
    rows = []
    for p in _players_rows(state):
        tokens = set(state.tokens[p])
        squares = "".join(
            f'<span style="{_CELL}{_BOX}" title="square {s}: '
            f'{"token" if s in tokens else "empty"}">'
            + (f"● {s}" if s in tokens else f'<span style="color:#555">○ {s} empty</span>')
            + "</span>"
            for s in (1, 2, 3, 4, 5, 6)
        )
        tri = state.triangle[p]
        triangles = "".join(
            (
                f'<span style="{_CELL}border:3px solid #000;font-weight:bold;background:#ffe08a"'
                f' title="failure token here">[▲ {"X" if t == x else t}]</span>'
                if t == tri
                else f'<span style="{_CELL}border:1px dashed #777">△ {"X" if t == x else t}'
                "</span>"
            )
            for t in list(range(top, -1, -1)) + [x]
        )
        arrows = "".join(
            (
                f'<span style="{_CELL}border:3px solid #000;font-weight:bold" '
                f'title="manche {m} (now)">[➜ {m}]</span>'
                if m == state.manche
                else f'<span style="{_CELL}border:1px dashed #777">→ {m}</span>'
            )
            for m in range(1, manches + 1)
        )
        status = (
            "on X: out of this manche"
            if tri == x
            else ("all squares cleared" if not tokens else f"{len(tokens)} token(s) left")
        )
        rows.append(
            f'<tr><td style="{_TD};white-space:nowrap"><strong>{_turn_mark(state, p)}'
            f"{esc(player_name(p))}</strong><br><small>{esc(status)}</small></td>"
            f'<td style="{_TD}">Squares: {squares}<br>Failures left: {triangles}'
            f"<br>Manche: {arrows}</td>"
            f'<td style="{_TD}">total {state.scores[p]}</td></tr>'
        )
    level = getattr(module, "LEVEL_NAMES", {}).get(state.rules.level, "")
    title = (
        f"Dripeul 5 — manche {state.manche} of {manches} · level {state.rules.level}"
        + (f" ({level})" if level else "")
        + f" · rolls left {state.rolls_left}"
    )
    legend = (
        '<div style="font-size:85%">● token on the square · ○ empty · [▲ n] the failure '
        "token: n more failures survivable, X = out · lowest total wins</div>"
    )
    return _wrap(f'<table style="{_TABLE}">{"".join(rows)}</table>{legend}', title)


# ------------------------------------------------------------------- Trwavril
def trwavril_board(state: Any, module: Any) -> str:
    """The six cards, normal or barred (``~~3~~ barred``), and the parapluies left."""
    total = state.rules.parapluies
    rows = []
    for p in _players_rows(state):
        barred = set(state.barred[p])
        cards = "".join(
            (
                f'<span style="{_CELL}{_BOX}background:#ddd" title="card {c}: barred">'
                f"<s>~~{c}~~</s> barred</span>"
                if c in barred
                else f'<span style="{_CELL}{_BOX}" title="card {c}: normal">{c} normal</span>'
            )
            for c in getattr(module, "CARDS", (1, 2, 3, 4, 5, 6))
        )
        left = state.parapluies[p]
        umbrellas = " ".join(["☂"] * left + ["✗"] * (total - left))
        status = "out" if getattr(state, "out", (False,) * state.players)[p] else ""
        rows.append(
            f'<tr><td style="{_TD};white-space:nowrap"><strong>{_turn_mark(state, p)}'
            f"{esc(player_name(p))}</strong>{(' — ' + status) if status else ''}</td>"
            f'<td style="{_TD}">{cards}</td>'
            f'<td style="{_TD};white-space:nowrap">Parapluies: {umbrellas}<br>'
            f"{left} of {total} left</td>"
            f'<td style="{_TD}">{len(barred)} of 6 barred</td></tr>'
        )
    diff = getattr(state.rules, "difficulty", "")
    title = f"Trwavril — {diff} · rolls left {state.rolls_left}"
    options = getattr(state, "options", ())
    extra = (
        f"<div>Final dice allow flipping card {esc(', '.join(map(str, options)))}.</div>"
        if state.phase == "resolve" and options
        else ""
    )
    return _wrap(f'<table style="{_TABLE}">{"".join(rows)}</table>{extra}', title)


# ------------------------------------------------------- 5000 and Seveny
def scores_board(state: Any, title: str, target: int | None, *, memorised: bool = False) -> str:
    """Scores table, the turn points, the dice set aside (and memorised points for Seveny)."""
    p = state.current_player
    rows = []
    for q in _players_rows(state):
        opened = getattr(state, "opened", None)
        note = ""
        if opened is not None and not opened[q]:
            note = " (not opened yet)"
        rows.append(
            f'<tr><td style="{_TD}"><strong>{_turn_mark(state, q)}{esc(player_name(q))}'
            f"</strong></td><td style=\"{_TD}\">{state.scores[q]}{esc(note)}</td></tr>"
        )
    table = (
        f'<table style="{_TABLE}"><tr><th style="{_TD}">player</th>'
        f'<th style="{_TD}">score</th></tr>{"".join(rows)}</table>'
    )
    aside = tuple(getattr(state, "aside", ()) or ())
    lines = [
        f"<strong>Turn points:</strong> {getattr(state, 'turn_points', 0)}",
        f"<strong>Dice set aside:</strong> {esc(pips(aside))}"
        + (f" ({len(aside)} dice)" if aside else ""),
    ]
    if memorised:
        hand = tuple(getattr(state, "hand", aside) or ())
        if hand != aside:
            lines[1] = f"<strong>Dice set aside this cycle:</strong> {esc(pips(hand))}"
        lines.insert(1, f"<strong>Memorised points:</strong> {getattr(state, 'memorised', 0)}")
    if state.dice and not state.is_over:
        lines.append(f"<strong>Latest roll:</strong> {esc(fmt_dice(state.dice))}")
    if target is not None:
        lines.append(f"Target: {target}")
    who = "" if state.is_over else f" · {player_name(p)} to play"
    return _wrap(
        f'<div style="display:flex;gap:16px;flex-wrap:wrap">{table}'
        f'<div>{"<br>".join(lines)}</div></div>',
        f"{title}{who}",
    )
