"""Boards drawn as HTML, readable without colour (every mark is also a word or a glyph).

Each function reads a game state and returns HTML in the language ``lang``; none of them
decides a rule.  They read the state's own fields (``tokens``, ``triangle``, ``barred``,
``parapluies``, ``aside``, ``turn_points`` …) and the game module's constants.  Colours
come from the JupyterLab theme (CSS variables), so a dark theme stays readable.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from dicelab.core.i18n import N_, _, ngettext
from dicelab.registry import entry_of
from dicelab.ui.text import esc, player_name, to_play_text
from dicelab.ui.widgets.faces import face_svg

_CELL = "display:inline-block;min-width:2.6em;padding:3px 5px;margin:2px;text-align:center;"
_BOX = "border:2px solid var(--jp-ui-font-color1);border-radius:3px;"
_DASHED = "border:1px dashed var(--jp-ui-font-color2);"
_TABLE = 'class="dicelab-surface" style="border-collapse:collapse;font-size:13px"'

#: Messages used inside f-strings below (marked here so the catalog extracts them).
_MARKED = (
    N_('empty'),
    N_('failure token here'),
    N_('manche {m} (now)'),
    N_('Squares:'),
    N_('Failures left:'),
    N_('Manche:'),
    N_('total {n}'),
    N_('card {c}: barred'),
    N_('barred'),
    N_('card {c}: normal'),
    N_('normal'),
    N_('Parapluies:'),
    N_('{left} of {total} left'),
    N_('{n} of 6 barred'),
    N_('who'),
    N_('points'),
    N_('Points this turn:'),
    N_('Dice set aside:'),
    N_('Memorised points:'),
)



def _wrap(inner: str, title: str) -> str:
    return (
        f'<div class="dicelab-surface" style="padding:4px 6px">'
        f'<div style="font-weight:bold;margin-bottom:2px">{esc(title)}</div>{inner}</div>'
    )


def _turn_mark(state: Any, p: int) -> str:
    return "▶ " if not state.is_over and p == state.current_player else ""


def _name(state: Any, p: int, lang: str | None, names: Sequence[str] | None = None) -> str:
    if state.players == 1:
        return _("You", lang=lang)
    return names[p] if names else player_name(p, lang)


# ------------------------------------------------------------------- tokens on squares
def tokens_board(state: Any, module: Any, lang: str | None = None,
                 names: Sequence[str] | None = None) -> str:
    """Squares 1–6 with their tokens, the failure triangles 4 3 2 1 0 X and the manche arrows.

    A board of tokens (the registry entry's ``board="tokens"``): the rules ``module`` has
    ``X`` (the out-of-manche triangle) and ``MAX_TRIANGLE``, and its state ``tokens``,
    ``triangle``, ``manche``, ``scores``, ``rolls_left`` by player where it says.

    The failure token's triangle is drawn as ``[▲ 2]``; squares show ``● 3`` (token)
    or ``○ 3`` with the word "empty".
    """
    x, top = module.X, module.MAX_TRIANGLE
    manches = state.rules.manches
    rows = []
    for p in range(state.players):
        tokens = set(state.tokens[p])
        squares = "".join(
            f'<span style="{_CELL}{_BOX}" title="'
            + esc(_("square {s}: token", lang=lang, s=s) if s in tokens
                  else _("square {s}: empty", lang=lang, s=s))
            + '">'
            + (f"● {s}" if s in tokens
               else f'<span class="dicelab-muted">○ {s} {esc(_("empty", lang=lang))}</span>')
            + "</span>"
            for s in (1, 2, 3, 4, 5, 6)
        )
        tri = state.triangle[p]
        triangles = "".join(
            (
                f'<span style="{_CELL}border:3px solid var(--jp-ui-font-color1);'
                f'font-weight:bold" title="{esc(_("failure token here", lang=lang))}">'
                f'[▲ {"X" if t == x else t}]</span>'
                if t == tri
                else f'<span style="{_CELL}{_DASHED}">△ {"X" if t == x else t}</span>'
            )
            for t in list(range(top, -1, -1)) + [x]
        )
        arrows = "".join(
            (
                f'<span style="{_CELL}border:3px solid var(--jp-ui-font-color1);'
                f'font-weight:bold" title="{esc(_("manche {m} (now)", lang=lang, m=m))}">'
                f"[➜ {m}]</span>"
                if m == state.manche
                else f'<span style="{_CELL}{_DASHED}">→ {m}</span>'
            )
            for m in range(1, manches + 1)
        )
        if tri == x:
            status = _("on X: out of this manche", lang=lang)
        elif not tokens:
            status = _("all squares cleared", lang=lang)
        else:
            status = ngettext("{n} token left", "{n} tokens left", len(tokens), lang=lang)
        rows.append(
            f"<tr><td style=\"white-space:nowrap\"><strong>{_turn_mark(state, p)}"
            f"{esc(_name(state, p, lang, names))}</strong><br><small>{esc(status)}</small></td>"
            f"<td>{esc(_('Squares:', lang=lang))} {squares}<br>"
            f"{esc(_('Failures left:', lang=lang))} {triangles}"
            f"<br>{esc(_('Manche:', lang=lang))} {arrows}</td>"
            f"<td>{esc(_('total {n}', lang=lang, n=state.scores[p]))}</td></tr>"
        )
    entry = entry_of(module)
    value = getattr(state.rules, entry.difficulty) if entry.difficulty else ""
    level = entry.difficulty_name(value, lang=lang) if entry.difficulty else ""
    title = _(entry.board_title, lang=lang, m=state.manche, n=manches,
              level=value) + (f" ({level})" if level else "")
    if state.phase == "choose":
        title += " · " + ngettext("{n} roll left", "{n} rolls left", state.rolls_left,
                                  lang=lang)
    legend = (
        '<div style="font-size:85%">' + esc(_(
            "● token on the square · ○ empty · [▲ n] the failure token: n more failures "
            "survivable, X = out · lowest total wins", lang=lang)) + "</div>"
    )
    return _wrap(f'<table {_TABLE}>{"".join(rows)}</table>{legend}', title)


# ------------------------------------------------------------------- cards to bar
def cards_board(state: Any, module: Any, lang: str | None = None,
                names: Sequence[str] | None = None) -> str:
    """The six cards, normal or barred (struck through, and the word), and the parapluies left.

    A board of cards (the registry entry's ``board="cards"``): the rules ``module`` has
    ``CARDS``, and its state ``barred``, ``parapluies``, ``out`` by player and ``options``
    (the cards final dice can flip).
    """
    total = state.rules.parapluies
    rows = []
    for p in range(state.players):
        barred = set(state.barred[p])
        cards = "".join(
            (
                f'<span style="{_CELL}{_BOX}" title="'
                f'{esc(_("card {c}: barred", lang=lang, c=c))}">'
                f"<s>{c}</s> {esc(_('barred', lang=lang))}</span>"
                if c in barred
                else f'<span style="{_CELL}{_BOX}" title="'
                f'{esc(_("card {c}: normal", lang=lang, c=c))}">{c} '
                f"{esc(_('normal', lang=lang))}</span>"
            )
            for c in module.CARDS
        )
        left = state.parapluies[p]
        umbrellas = " ".join(["☂"] * left + ["✗"] * (total - left))
        out = state.out[p]
        status = _("out", lang=lang) if out else ""
        rows.append(
            f"<tr><td style=\"white-space:nowrap\"><strong>{_turn_mark(state, p)}"
            f"{esc(_name(state, p, lang, names))}</strong>{(' — ' + esc(status)) if status else ''}"
            f"</td><td>{cards}</td>"
            f"<td style=\"white-space:nowrap\">{esc(_('Parapluies:', lang=lang))} {umbrellas}"
            f"<br>{esc(_('{left} of {total} left', lang=lang, left=left, total=total))}</td>"
            f"<td>{esc(_('{n} of 6 barred', lang=lang, n=len(barred)))}</td></tr>"
        )
    title = module.DEFINITION.name
    if state.phase == "choose":
        title += " · " + ngettext("{n} roll left", "{n} rolls left", state.rolls_left,
                                  lang=lang)
    options = state.options
    extra = ""
    if state.phase == "resolve" and options:
        extra = "<div>" + esc(_("The final dice can flip card {cards}.", lang=lang,
                                cards=", ".join(map(str, options)))) + "</div>"
    return _wrap(f'<table {_TABLE}>{"".join(rows)}</table>{extra}', title)


# ------------------------------------------------------- a points table
def scores_board(state: Any, title: str, target: int | None, *,
                 aside: Sequence[int] = (), memorised: int | None = None,
                 unopened: Collection[int] = (), lang: str | None = None,
                 names: Sequence[str] | None = None, computer: Collection[int] = ()) -> str:
    """Points table, the turn points, the dice set aside (``aside``), the memorised points
    (``memorised``, where the game memorises them) and the seats that have not opened yet
    (``unopened``): the game's facts, from its registry entry.  ``names``: the seats' names
    (default « Joueur 1 »…; the apps give « Vous » / « Ordinateur » against the
    ``computer``'s seats, as every board takes them)."""
    p = state.current_player
    rows = []
    for q in range(state.players):
        note = ""
        if q in unopened:
            note = " " + _("(not opened yet)", lang=lang)
        rows.append(
            f"<tr><td><strong>{_turn_mark(state, q)}{esc(_name(state, q, lang, names))}"
            f"</strong></td><td>{esc(str(state.scores[q]))}{esc(note)}</td></tr>"
        )
    table = (
        f"<table {_TABLE}><tr><th>{esc(_('who', lang=lang))}</th>"
        f"<th>{esc(_('points', lang=lang))}</th></tr>{''.join(rows)}</table>"
    )
    hand = tuple(aside)
    faces = " ".join(face_svg(v, 18, str(v)) for v in hand) or "—"
    lines = [
        f"<strong>{esc(_('Points this turn:', lang=lang))}</strong> "
        f"{esc(str(state.turn_points))}",
        f"<strong>{esc(_('Dice set aside:', lang=lang))}</strong> {faces}"
        + (f" ({esc(ngettext('{n} die', '{n} dice', len(hand), lang=lang))})" if hand else ""),
    ]
    if memorised is not None:
        lines.insert(1, f"<strong>{esc(_('Memorised points:', lang=lang))}</strong> "
                        f"{memorised}")
    if target is not None:
        lines.append(esc(_("Target: {n}", lang=lang, n=str(target))))
    who = ""
    if not state.is_over and state.players > 1:
        who = " · " + to_play_text(p, state.players, computer, lang)
    return _wrap(
        f'<div style="display:flex;gap:16px;flex-wrap:wrap">{table}'
        f'<div>{"<br>".join(lines)}</div></div>',
        f"{title}{who}",
    )
