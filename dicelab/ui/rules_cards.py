"""Rules cards: every rule a player needs, on one screen, in the player's language.

One card per game, the one source shown by the play notebooks
(:func:`card_html`) and by the apps' **Rules** button.  Each card has short sections of
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
from dataclasses import dataclass, field, replace
from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, get_language, ngettext
from dicelab.games._base import Bank, Resolve, Roll, Stop

__all__ = ["CARDS", "Card", "Example", "card", "card_html", "card_text", "dice_html",
           "play_example", "rule_quote"]


@dataclass(frozen=True)
class Example:
    """One example of a card: ``text`` (msgid with ``{dice}`` and ``{result}``), the
    ``dice`` rolled, the ``expected`` result (points, or a word key such as
    ``"failure"``), and ``setup``: how it is played (a key of :data:`_PLAYERS`) with its
    ``options`` (the position before the roll)."""

    key: str
    text: str
    dice: tuple[int, ...]
    expected: Any
    setup: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    """A game's rules card: ``title`` and ``sections`` (heading msgid, line msgids)."""

    game: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    examples: tuple[Example, ...]

    def lines(self) -> tuple[str, ...]:
        """Every rule line (msgids), in order."""
        return tuple(x for _h, lines in self.sections for x in lines)


_GOAL = N_("Goal")
_TURN = N_("A turn")
_RESULT = N_("What the final dice do")
_PLAYERS_H = N_("Several players")
_SCORING = N_("Scoring (one roll only)")
#: Seveny scores the dice set aside over a whole cycle, not one roll.
_SCORING_CYCLE = N_("Scoring (the dice set aside in one cycle)")
_EXAMPLES = N_("Examples")

CARDS: dict[str, Card] = {
    "dripeul": Card("dripeul", N_("Dripeul 5 — rules card"), (
        (_GOAL, (
            N_("Six squares 1 to 6 each hold a token. Remove all six tokens before your "
               "failure token reaches X."),
            N_("The failure token starts on the triangle of your level (4 very easy … 0 very "
               "hard): the number is how many failures you can still survive."),
        )),
        (_TURN, (
            N_("Up to 3 rolls of the 5 dice; stop after any roll. Between rolls you may "
               "re-roll any dice, even dice kept before."),
        )),
        (_RESULT, (
            N_("Brelan of v (a full house counts as its brelan): remove token v. If square v "
               "is already empty, it is a failure."),
            N_("Carré: remove any one token. Quinté: remove any two (the last one if only "
               "one is left)."),
            N_("Anything else — a suite, a pair, rien (no figure) — is a failure: the "
               "failure token moves one triangle right; past 0 it lands on X and you are "
               "out of the manche."),
        )),
        (_PLAYERS_H, (
            N_("3 manches. At each new manche every token goes back on its square and the "
               "failure token goes back to the level's triangle."),
            N_("A manche ends at the end of the round in which someone cleared all six "
               "squares, or when every player is on X. Players on X sit out the rest of "
               "the manche; if only one player is still in, that player plays on until "
               "clearing or reaching X."),
            N_("A player who cleared scores 0 (among them, the highest triangle wins the "
               "manche; a tie may remain); everyone else, X included, scores the sum of "
               "the squares still holding a token. Lowest total after the last manche "
               "wins; equal totals share the win."),
            N_("Solo: you win if you never reach X in any manche."),
        )),
    ), (
        Example("dripeul_empty", N_("{dice} with square 2 already empty: {result}"),
                (2, 2, 2, 4, 6), "failure", "dripeul", {"tokens": (1, 3, 4, 5, 6)}),
        Example("dripeul_full_house", N_("{dice} (full house): {result}"),
                (3, 3, 3, 5, 5), "remove 3", "dripeul", {}),
        Example("dripeul_suite", N_("{dice} (suite): {result}"),
                (1, 2, 3, 4, 5), "failure", "dripeul", {}),
        Example("dripeul_quinte", N_("{dice} (quinté): {result}"),
                (6, 6, 6, 6, 6), "remove 2 tokens", "dripeul", {}),
    )),
    "trwavril": Card("trwavril", N_("Trwavril — rules card"), (
        (_GOAL, (
            N_("Bar all six cards 1 to 6 before your last parapluie is turned over. "
               "Parapluies by difficulty: facile 4, moyen 3, difficile 2, héroïque 1."),
        )),
        (_TURN, (
            N_("Up to 3 rolls of the 4 dice; stop after any roll; any die may be "
               "re-rolled."),
        )),
        (_RESULT, (
            N_("Brelan of v: flip card v. Carré of v: flip v, v−1 or v+1 (your choice; 1 "
               "and 6 are not neighbours). Suite of 4 (1234, 2345, 3456): flip any card "
               "of the suite."),
            N_("A flip is a toggle and is compulsory: a barred card flips back to normal."),
            N_("Anything else is a miss: one parapluie is turned over for good."),
        )),
        (_PLAYERS_H, (
            N_("Each player has their own cards and parapluies. A player whose last "
               "parapluie is turned is out. The first to bar all six cards wins at once; "
               "otherwise the last player still in wins."),
        )),
    ), (
        Example("trwavril_suite", N_("{dice} (suite): {result}"),
                (3, 4, 5, 6), "flip 3, 4, 5 or 6", "trwavril", {}),
        Example("trwavril_carre", N_("{dice} (carré): {result}"),
                (5, 5, 5, 5), "flip 4, 5 or 6", "trwavril", {}),
        Example("trwavril_unbar", N_("{dice} with card 2 barred: {result}"),
                (2, 2, 2, 6), "card 2 flips back", "trwavril", {"barred": (2, 4)}),
        Example("trwavril_miss", N_("{dice}: {result}"),
                (1, 1, 3, 6), "miss", "trwavril", {}),
    )),
    "cinqmille": Card("cinqmille", N_("5000 — rules card"), (
        (_GOAL, (
            N_("Reach exactly 5000 points. Solo (dicelab's addition): in as few turns as "
               "possible."),
        )),
        (_SCORING, (
            N_("Each 1 = 100, each 5 = 50; brelan of v = 100 × v, brelan of 1 = 1000; suite "
               "12345 or 23456 (all five dice) = 750."),
            N_("No other figure: four or five alike score as a brelan plus the single 1s "
               "and 5s (1111 = 1100, 55555 = 600, 2222 = 200 as 222: the fourth 2 scores "
               "nothing). Figures never combine across rolls."),
        )),
        (_TURN, (
            N_("Roll, set aside at least one scoring figure, then roll the other dice again "
               "or bank the turn's points. A roll that scores nothing ends the turn with 0; "
               "when all five dice were rolled it is called a ballot (just the name of "
               "that bust)."),
            N_("Full hand (every die has scored): roll all five again and keep adding up; "
               "you cannot bank at that moment."),
            N_("Opening: your first bank needs at least 750 points in that turn."),
            N_("Exactly 5000: reaching it, even in the middle of a turn, wins at once. A turn "
               "that would go past 5000 scores 0. Five 1s in one roll win at once."),
        )),
        (_PLAYERS_H, (
            N_("Players take turns; the first to reach exactly 5000 wins."),
        )),
    ), (
        Example("cinqmille_55555", N_("{dice} = {result}"), (5, 5, 5, 5, 5), 600,
                "cinqmille", {}),
        Example("cinqmille_1111", N_("{dice} = {result}"), (1, 1, 1, 1, 3), 1100,
                "cinqmille", {}),
        Example("cinqmille_2222", N_("{dice} = {result}"), (2, 2, 2, 2, 3), 200,
                "cinqmille", {}),
        Example("cinqmille_suite", N_("{dice} = {result}"), (2, 3, 4, 5, 6), 750,
                "cinqmille", {}),
        Example("cinqmille_exact", N_("At 4900, {dice}, set aside 5 5: {result}"),
                (5, 5, 2, 3, 4), "win", "cinqmille_end", {"score": 4900, "keep": (5, 5)}),
        Example("cinqmille_over", N_("At 4900, {dice}, set aside 1 1 1: {result}"),
                (1, 1, 1, 3, 4), "turn lost", "cinqmille_end",
                {"score": 4900, "keep": (1, 1, 1)}),
        Example("cinqmille_single_1", N_("At 4900, {dice}, set aside a single 1: {result}"),
                (1, 1, 1, 3, 4), "win", "cinqmille_end", {"score": 4900, "keep": (1,)}),
    )),
    "seveny": Card("seveny", N_("Seveny — rules card"), (
        (_GOAL, (
            N_("Reach the target score (default 50). Solo: in as few turns as possible."),
        )),
        (_TURN, (
            N_("Roll the 7 dice. Each roll you must set aside at least one die, or the turn "
               "ends with 0 — memorised points included."),
            N_("You may set aside any number of 1s and of 6s; a 2, 3, 4 or 5 only three or "
               "more at once (a brelan), then any number more of that face in the same "
               "cycle."),
            N_("Then roll the other dice or bank. When all 7 dice are set aside, the "
               "cycle's points are memorised and you may roll the 7 dice again (or bank)."),
        )),
        (_SCORING_CYCLE, (
            N_("Each 1 = 1 point; a brelan of v (2 to 5) = v points; a 6 alone = 0."),
            N_("One brelan of 6 doubles the cycle's points; two brelans of 6 = 12 + the "
               "1s. 6s set aside one at a time add up to a brelan. Six alike are two "
               "brelans. The doubling never touches points memorised in earlier cycles."),
            N_("The text says 222 11 = 5; its own table (a brelan of 2 = 2) gives 4, and 4 is "
               "our ruling (rulings, Seveny S3)."),
        )),
        (_PLAYERS_H, (
            N_("When a player reaches the target, the round is finished; the highest score "
               "wins, ties share the win."),
        )),
    ), (
        Example("seveny_222_11", N_("{dice} = {result}"), (2, 2, 2, 1, 1, 3, 4), 4,
                "seveny", {}),
        Example("seveny_666_111", N_("{dice} = {result}"), (6, 6, 6, 1, 1, 1, 3), 6,
                "seveny", {}),
        Example("seveny_six_6", N_("{dice} = {result}"), (6, 6, 6, 6, 6, 6, 1), 13,
                "seveny", {}),
        Example("seveny_one_at_a_time", N_("1 1, then a 6 in each of three rolls: "
                                           "{result}"),
                (1, 1, 6, 2, 3, 4, 5), 4, "seveny_sixes", {}),
        Example("seveny_memorised", N_("7 memorised, then {dice}: {result}"),
                (6, 6, 6, 1, 2, 3, 4), 9, "seveny_memorised", {}),
    )),
}


def card(game: str) -> Card:
    """The rules card of ``game`` (a key: dripeul, trwavril, cinqmille, seveny)."""
    if game not in CARDS:
        raise DicelabError("unknown game {game}; choose one of {names}", game=brief(game),
                           names=", ".join(CARDS))
    return CARDS[game]


# ------------------------------------------------------------------ playing the examples
def _dripeul(ex: Example) -> Any:
    from dicelab.games import dripeul

    s = dripeul.new_state(dripeul.Rules(), 1)
    if "tokens" in ex.options:
        s = replace(s, tokens=(tuple(ex.options["tokens"]),))
    s, _e = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], ex.dice)
    s, events = dripeul.step(s, Stop())
    if s.phase == "resolve":  # a choice: the card says how many tokens it removes
        choice = dripeul.legal_actions(s)[0]
        s, events = dripeul.step(s, choice)
    ev = next(e for e in events if e["type"] == "resolve")
    if ev["failure"]:
        return "failure"
    removed = ev["removed"]
    return f"remove {removed[0]}" if len(removed) == 1 else f"remove {len(removed)} tokens"


def _trwavril(ex: Example) -> Any:
    from dicelab.games import trwavril

    s = trwavril.new_state(trwavril.Rules(), 1)
    if "barred" in ex.options:
        s = replace(s, barred=(tuple(ex.options["barred"]),))
    s, _e = trwavril.roll_outcome(trwavril.step(s, Roll(()))[0], ex.dice)
    s, events = trwavril.step(s, Stop())
    if any(e["type"] == "miss" for e in events):
        return "miss"
    flips = [e for e in events if e["type"] == "flip"]
    if flips:  # only one card could flip: done at once
        f = flips[0]
        return f"card {f['card']} flips back" if not f["barred"] else f"bar card {f['card']}"
    cards = sorted(a.choice for a in trwavril.legal_actions(s) if isinstance(a, Resolve))
    return "flip " + ", ".join(map(str, cards[:-1])) + f" or {cards[-1]}"


def _cinqmille(ex: Example) -> Any:
    """The points the whole roll makes when every scoring die is set aside."""
    from dicelab.games import cinqmille

    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s = replace(s, scores=(1000,), opened=(True,))
    s, _e = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], ex.dice)
    best = max((a for a in cinqmille.legal_actions(s) if isinstance(a, Roll)),
               key=lambda a: (len(a.keep), a.keep))
    s, events = cinqmille.step(s, best)
    return next(e for e in events if e["type"] == "set_aside")["points"]


def _cinqmille_end(ex: Example) -> Any:
    from dicelab.games import cinqmille

    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s = replace(s, scores=(ex.options["score"],), opened=(True,))
    s, _e = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], ex.dice)
    s, events = cinqmille.step(s, Roll(tuple(ex.options["keep"])))
    kinds = [e["type"] for e in events]
    if "win" in kinds:
        return "win"
    if "overshoot" in kinds:
        return "turn lost"
    return kinds


def _seveny_bank(s: Any, keep: tuple[int, ...]) -> int:
    from dicelab.games import seveny

    s, events = seveny.step(s, Bank(keep))
    return next(e for e in events if e["type"] in ("bank", "turn_end"))["points"]


def _seveny(ex: Example) -> Any:
    """The points of the whole roll set aside at once and banked."""
    from dicelab.games import seveny

    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], ex.dice)
    keep = max(seveny.settable(s.hand, s.dice), key=len)
    return _seveny_bank(s, keep)


def _seveny_sixes(ex: Example) -> Any:
    """1 1 and a 6 set aside, then one 6 in each of the next two rolls, then bank."""
    from dicelab.games import seveny

    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], ex.dice)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((1, 1, 6)))[0], (6, 2, 3, 4))
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((6,)))[0], (6, 2, 3))
    return _seveny_bank(s, (6,))


def _seveny_memorised(ex: Example) -> Any:
    """Seven 1s memorised (a full cycle), then the example's roll, set aside and banked."""
    from dicelab.games import seveny

    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], (1,) * 7)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((1,) * 7))[0], ex.dice)
    return _seveny_bank(s, (6, 6, 6, 1))


_PLAYERS: dict[str, Callable[[Example], Any]] = {
    "dripeul": _dripeul, "trwavril": _trwavril, "cinqmille": _cinqmille,
    "cinqmille_end": _cinqmille_end, "seveny": _seveny, "seveny_sixes": _seveny_sixes,
    "seveny_memorised": _seveny_memorised,
}


def play_example(example: Example) -> Any:
    """Play ``example`` through the game's rule functions and return its result (what
    the card must state: points, or a word key)."""
    return _PLAYERS[example.setup](example)


# ------------------------------------------------------------------ words
_RESULTS: dict[str, str] = {
    "failure": N_("a failure"),
    "remove 3": N_("remove token 3"),
    "remove 2 tokens": N_("remove any two tokens"),
    "flip 3, 4, 5 or 6": N_("flip card 3, 4, 5 or 6"),
    "flip 4, 5 or 6": N_("flip card 4, 5 or 6"),
    "card 2 flips back": N_("card 2 flips back (un-barred)"),
    "miss": N_("a miss: a parapluie is turned over"),
    "win": N_("exactly 5000, you win at once"),
    "turn lost": N_("over 5000, the turn scores 0"),
}


def _result(example: Example, lang: str) -> str:
    x = example.expected
    if isinstance(x, int):
        return ngettext("{n} point", "{n} points", x, lang=lang)
    return _(_RESULTS[x], lang=lang)


def example_text(example: Example, lang: str | None = None) -> str:
    """One example in words, e.g. ``"5 5 5 5 5 = 600 points"``."""
    lang = get_language(lang)
    return _(example.text, lang=lang, dice=" ".join(map(str, example.dice)),
             result=_result(example, lang))


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
#: (game, event kind) -> the start of the card line that applies (see :func:`event_rules`).
_EVENT_LINES: dict[tuple[str, str], str | tuple[str, ...]] = {
    ("dripeul", "remove_brelan"): "Brelan of v (a full house",
    ("dripeul", "remove_many"): "Carré: remove any one token",
    ("dripeul", "empty_square"): "Brelan of v (a full house",
    ("dripeul", "failure"): "Anything else — a suite",
    ("dripeul", "roll"): "Up to 3 rolls of the 5 dice",
    ("dripeul", "manche_end"): "A manche ends at the end",
    ("dripeul", "manche_start"): "3 manches.",
    ("trwavril", "flip"): "Brelan of v: flip card v.",
    ("trwavril", "unbar"): "A flip is a toggle",
    ("trwavril", "miss"): "Anything else is a miss",
    ("trwavril", "roll"): "Up to 3 rolls of the 4 dice",
    ("trwavril", "out"): "Each player has their own cards",
    ("cinqmille", "set_aside"): "Each 1 = 100, each 5 = 50",
    ("cinqmille", "bust"): "Roll, set aside at least one",
    ("cinqmille", "full_hand"): "Full hand (every die has scored)",
    ("cinqmille", "open"): "Opening: your first bank",
    ("cinqmille", "win"): "Exactly 5000: reaching it",
    ("cinqmille", "overshoot"): "Exactly 5000: reaching it",
    ("seveny", "set_aside"): "You may set aside any number",
    ("seveny", "bust"): "Roll the 7 dice. Each roll",
    ("seveny", "cycle_complete"): "Then roll the other dice or bank.",
    ("seveny", "bank"): ("Each 1 = 1 point; a brelan", "One brelan of 6 doubles"),
    ("seveny", "final_round"): "When a player reaches the target",
}


def _event_kind(game: str, event: dict[str, Any]) -> str:
    kind = str(event.get("type", ""))
    if game == "dripeul" and kind == "resolve":
        if event.get("failure"):
            return "empty_square" if event.get("why") == "empty_square" else "failure"
        return "remove_many" if len(event.get("removed") or ()) != 1 or str(
            event.get("figure")) != "brelan" else "remove_brelan"
    if game == "trwavril" and kind == "flip":
        return "flip" if event.get("barred") is True else "unbar"
    if kind == "roll" and event.get("kept"):
        return "roll"
    if game == "seveny" and kind in ("bank", "turn_end") and event.get("points"):
        return "bank"
    return kind


def event_rules(game: str, events: list[dict[str, Any]], lang: str | None = None) -> list[str]:
    """The card's lines that explain ``events`` (each once, in order), translated — what
    the learning mode quotes after each move.

    >>> event_rules("seveny", [{"type": "bust", "player": 0}], lang="en")[0][:26]
    'Roll the 7 dice. Each roll'
    """
    lines = card(game).lines()
    out: list[str] = []
    for e in events:
        starts = _EVENT_LINES.get((game, _event_kind(game, e)), ())
        for start in (starts,) if isinstance(starts, str) else starts:
            msgid = next(x for x in lines if x.startswith(start))
            text = _(msgid, lang=lang)
            if text not in out:
                out.append(text)
    return out


# ------------------------------------------------------------------ guided first turn
#: A scripted first turn per game: teacher-set dice showing the tricky rules.  Each step
#: is (position changes before the step, the action, the dice it rolls or ``None``).
GUIDED: dict[str, tuple[tuple[dict[str, Any], Any, tuple[int, ...] | None], ...]] = {
    "dripeul": (
        ({"tokens": ((1, 3, 4, 5, 6),)}, Roll(()), (2, 2, 2, 4, 6)),
        ({}, Stop(), None),
        ({}, Roll(()), (6, 6, 6, 6, 1)),
        ({}, Roll((6, 6, 6, 6)), (6,)),
        ({}, Stop(), None),
        ({}, Resolve((5, 6)), None),
    ),
    "trwavril": (
        ({"barred": ((2, 4),)}, Roll(()), (2, 2, 5, 6)),
        ({}, Roll((2, 2)), (2, 3)),
        ({}, Stop(), None),
        ({}, Roll(()), (3, 4, 5, 6)),
        ({}, Stop(), None),
        ({}, Resolve(5), None),
    ),
    "cinqmille": (
        ({"scores": (1000,), "opened": (True,)}, Roll(()), (5, 5, 5, 5, 5)),
        ({}, Roll((5, 5, 5, 5, 5)), (2, 3, 4, 6, 6)),
        ({"scores": (4900,)}, Roll(()), (1, 1, 1, 3, 4)),
        ({}, Roll((1, 1, 1)), None),
        ({}, Roll(()), (5, 5, 2, 3, 4)),
        ({}, Roll((5, 5)), None),
    ),
    "seveny": (
        ({}, Roll(()), (1, 1, 1, 1, 1, 1, 1)),
        ({}, Roll((1, 1, 1, 1, 1, 1, 1)), (6, 6, 6, 1, 2, 3, 4)),
        ({}, Bank((6, 6, 6, 1)), None),
        ({}, Roll(()), (2, 5, 2, 3, 4, 3, 4)),
    ),
}


def guided_turn(game: str, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """Play the game's scripted first turn (:data:`GUIDED`) through its rules: one
    ``(what happened, the card's lines that apply)`` per step, translated."""
    from dicelab.registry import get
    from dicelab.ui.widgets.text import event_sentence

    mod = get(game).module
    s = mod.new_state(mod.Rules(), 1)
    out: list[tuple[str, list[str]]] = []
    for changes, action, dice in GUIDED[game]:
        if changes:
            s = replace(s, **changes)
        s, events = mod.step(s, action)
        if dice is not None:
            s, more = mod.roll_outcome(s, dice)
            events = events + more
        shown = [e for e in events if e.get("type") not in ("turn", "turn_start")]
        text = " ".join(event_sentence(e, lang) for e in shown)
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
