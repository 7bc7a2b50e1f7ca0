"""Rules cards: every rule a player needs, on one screen, in the player's language.

One card per game (its data: :mod:`dicelab.games.cards`, found through the registry), the
one source shown by the play notebooks (:func:`card_html`) and by the apps' **Rules**
button.  Each card has short sections of
rule lines (English msgids, translated through :mod:`dicelab.i18n`) and **examples as
data**: dice, the position they are rolled in, and the result the card states.  Each
example is played through the game's own rule functions by :func:`play_example` (the
tests check that every example scores as the card says), so the card cannot drift from
the rules.

>>> [e.expected for e in card("cinqmille").examples][:3]
[600, 1100, 200]
>>> all(play_example(e) == e.expected for e in card("seveny").examples)
True
>>> "555" in card_text("cinqmille", lang="en")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, get_language, ngettext
from dicelab.games.cards import Card, Example
from dicelab.registry import GAMES, get

__all__ = ["CARDS", "Card", "Example", "card", "card_html", "card_text", "dice_html",
           "play_example", "rule_quote"]

#: The examples' heading.
_EXAMPLES = N_("Examples")

#: Module key -> the game's rules card, in the registry's order.
CARDS: dict[str, Card] = {g.key: g.card.CARD for g in GAMES if g.card is not None}


def card(game: str) -> Card:
    """The rules card of ``game`` (a module key of the registry)."""
    if game not in CARDS:
        raise DicelabError("unknown game {game}; choose one of {names}", game=brief(game),
                           names=", ".join(CARDS))
    return CARDS[game]


# ------------------------------------------------------------------ playing the examples
#: ``Example.setup`` -> how it is played (every game's ``PLAYERS``).
_PLAYERS: dict[str, Callable[[Example], Any]] = {
    k: f for g in GAMES if g.card is not None for k, f in g.card.PLAYERS.items()}


def play_example(example: Example) -> Any:
    """Play ``example`` through the game's rule functions and return its result (what
    the card must state: points, or a word key)."""
    return _PLAYERS[example.setup](example)


# ------------------------------------------------------------------ words
#: An example's word result -> its words (every game's ``RESULTS``).
_RESULTS: dict[str, str] = {
    k: w for g in GAMES if g.card is not None for k, w in g.card.RESULTS.items()}


def _result(example: Example, lang: str) -> str:
    x = example.expected
    if isinstance(x, int):
        return ngettext("{n} point", "{n} points", x, lang=lang)
    return _(_RESULTS[x], lang=lang)


def example_text(example: Example, lang: str | None = None) -> str:
    """One example in words, e.g. ``"5 5 5 5 5 = 600 points"``; a score before the roll
    (``{score}``, from the example's options) is written by the formatter (« 4 900 »)."""
    from dicelab.core.i18n import fmt_int

    lang = get_language(lang)
    score = example.options.get("score")
    return _(example.text, lang=lang, dice=" ".join(map(str, example.dice)),
             result=_result(example, lang),
             score=fmt_int(score, lang) if isinstance(score, int) else "")


def card_text(game: str, lang: str | None = None) -> str:
    """The card as plain text (headings, bullet lines, examples)."""
    lang = get_language(lang)
    c = card(game)
    out = [_(c.title, lang=lang)]
    for heading, lines in c.sections:
        out.append(_(heading, lang=lang))
        out += ["- " + _(x, lang=lang) for x in lines]
    out.append(_(_EXAMPLES, lang=lang))
    out += ["- " + example_text(e, lang) for e in c.examples]
    return "\n".join(out)


def dice_html(dice: tuple[int, ...], size: int = 18) -> str:
    """The dice of an example drawn as die faces (inline SVG), in a ``span`` of class
    ``dicelab-card-dice``: the card's picture.

    >>> dice_html((5, 5)).count("<circle")
    10
    """
    from dicelab.ui.widgets.faces import face_svg

    return ('<span class="dicelab-card-dice" style="white-space:nowrap;margin-right:0.4em">'
            + "".join(face_svg(f, size) for f in dice) + "</span>")


def card_html(game: str, lang: str | None = None, *, picture: bool = False) -> str:
    """The card as one HTML block (class ``dicelab-rules-card``), two columns, one screen.

    With ``picture``, each example whose text names its dice shows them drawn (a lesson's
    card, for a class that has never played: :meth:`dicelab.lessons.Notebook.rules_card`).
    """
    lang = get_language(lang)
    c = card(game)
    e = html.escape
    parts = [f'<div class="dicelab-rules-card" lang="{lang}" style="font-size:90%;'
             'columns:2 24em;column-gap:2em;border:1px solid var(--jp-border-color1,#ccc);'
             'padding:0.5em 1em;border-radius:4px">',
             f'<h4 style="margin-top:0;column-span:all">{e(_(c.title, lang=lang))}</h4>']
    for heading, lines in c.sections:
        items = "".join(f"<li>{e(_(x, lang=lang))}</li>" for x in lines)
        parts.append(f'<div style="break-inside:avoid"><strong>{e(_(heading, lang=lang))}'
                     f'</strong><ul style="margin:0.2em 0 0.5em 0">{items}</ul></div>')
    items = "".join(f"<li>{dice_html(x.dice) if picture and '{dice}' in x.text else ''}"
                    f"{e(example_text(x, lang))}</li>" for x in c.examples)
    parts.append(f'<div style="break-inside:avoid"><strong>{e(_(_EXAMPLES, lang=lang))}'
                 f'</strong><ul style="margin:0.2em 0 0.5em 0">{items}</ul></div></div>')
    return "".join(parts)


def show(game: str, lang: str | None = None) -> Any:
    """The card for a notebook (an ``IPython.display.HTML``)."""
    from IPython.display import HTML

    return HTML(card_html(game, lang))


def rule_quote(game: str, index: int, lang: str | None = None) -> str:
    """The card's rule line number ``index`` (0-based over every section), translated —
    what the learning mode quotes."""
    return _(card(game).lines()[index], lang=lang)


# ------------------------------------------------------------------ the rule of an event
def _event_kind(game: str, event: dict[str, Any]) -> str:
    own = get(game).card.event_kind(event)
    if own:
        return own
    kind = str(event.get("type", ""))
    if kind == "roll" and event.get("kept"):
        return "roll"
    return kind


def event_rules(game: str, events: list[dict[str, Any]], lang: str | None = None) -> list[str]:
    """The card's lines that explain ``events`` (each once, in order), translated — what
    the learning mode quotes after each move.

    >>> event_rules("seveny", [{"type": "bust", "player": 0}], lang="en")[0][:26]
    'Roll the 7 dice. Each roll'
    """
    lines = card(game).lines()
    own = get(game).card.EVENT_LINES
    out: list[str] = []
    for e in events:
        starts = own.get(_event_kind(game, e), ())
        for start in (starts,) if isinstance(starts, str) else starts:
            msgid = next(x for x in lines if x.startswith(start))
            text = _(msgid, lang=lang)
            if text not in out:
                out.append(text)
    return out


# ------------------------------------------------------------------ guided first turn
def guided_turn(game: str, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """Play the game's scripted first turn (its card's ``GUIDED``) through its rules: one
    ``(what happened, the card's lines that apply)`` per step, translated."""
    from dicelab.ui.text import event_sentence

    mod = get(game).rules
    s = mod.new_state(mod.Rules(), 1)
    out: list[tuple[str, list[str]]] = []
    for changes, action, dice in get(game).card.GUIDED:
        if changes:
            s = replace(s, **changes)
        s, events = mod.step(s, action)
        if dice is not None:
            s, more = mod.roll_outcome(s, dice)
            events = events + more
        shown = [e for e in events if e.get("type") not in ("turn", "turn_start")]
        text = " ".join(event_sentence(e, lang, game=get(game).key) for e in shown)
        out.append((text, event_rules(game, shown, lang)))
    return out


def guided_html(game: str, lang: str | None = None) -> str:
    """The guided first turn as HTML (class ``dicelab-guided``): each step and, under it,
    the rule it shows, quoted from the card."""
    lang = get_language(lang)
    e = html.escape
    items = []
    for text, rules in guided_turn(game, lang):
        quotes = "".join(f'<div style="margin-left:1.5em;font-style:italic">« {e(r)} »</div>'
                         if lang == "fr" else
                         f'<div style="margin-left:1.5em;font-style:italic">“{e(r)}”</div>'
                         for r in rules)
        items.append(f"<li>{e(text)}{quotes}</li>")
    return f'<ol class="dicelab-guided">{"".join(items)}</ol>'


def show_guided(game: str, lang: str | None = None) -> Any:
    """The guided first turn for a notebook (an ``IPython.display.HTML``)."""
    from IPython.display import HTML

    return HTML(guided_html(game, lang))
