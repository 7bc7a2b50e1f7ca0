"""The rules card of Trwavril as data (:mod:`dicelab.games.cards`): its lines, its examples
played through the rules of :mod:`dicelab.games.trwavril`, the card lines that explain each
event, and a scripted first turn.

>>> from dicelab.registry import get
>>> get("trwavril").card.CARD.title
'Trwavril — rules card'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.core.objectives import Metric
from dicelab.games import trwavril
from dicelab.games._base import Resolve, Roll, Stop
from dicelab.games.cards import GOAL, PLAYERS_HEADING, RESULT, TURN, Card, Example, numbers_text

__all__ = [
    "CARD", "EVENT_LINES", "GUIDED", "LEVEL_NAMES", "METRICS", "PLAYERS", "REASONS", "RESULTS",
    "SENTENCES", "describe_board", "describe_resolve", "event_kind",
]

CARD = Card("trwavril", N_("Trwavril — rules card"), (
    (GOAL, (
        N_("Bar all six cards 1 to 6 before your last parapluie (a life) is turned over. "
           "Parapluies by difficulty: easy 4, medium 3, hard 2, heroic 1."),
    )),
    (TURN, (
        N_("Up to 3 rolls of the 4 dice; stop after any roll; any die may be "
           "re-rolled."),
    )),
    (RESULT, (
        N_("Brelan (three of a kind) of v: flip card v. Carré (four of a kind) of v: flip "
           "v, v−1 or v+1 (your choice; 1 and 6 are not neighbours). Suite (a run of 4: "
           "1234, 2345, 3456): flip any card of the suite."),
        N_("A flip is a toggle and is compulsory: a barred card flips back to normal."),
        N_("Anything else is a miss: one parapluie is turned over for good."),
    )),
    (PLAYERS_HEADING, (
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
))


# ------------------------------------------------------------------ playing the examples
def _trwavril(ex: Example) -> Any:
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


PLAYERS: dict[str, Callable[[Example], Any]] = {
    "trwavril": _trwavril,
}

#: The words of the examples' word results.
RESULTS: dict[str, str] = {
    "flip 3, 4, 5 or 6": N_("flip card 3, 4, 5 or 6"),
    "flip 4, 5 or 6": N_("flip card 4, 5 or 6"),
    "card 2 flips back": N_("card 2 flips back (un-barred)"),
    "miss": N_("a miss: a parapluie is turned over"),
}

# ------------------------------------------------------------------ the rule of an event
#: Event kind -> the start of the card line that applies.
EVENT_LINES: dict[str, str | tuple[str, ...]] = {
    "flip": "Brelan (three of a kind) of v: flip card v.",
    "unbar": "A flip is a toggle",
    "miss": "Anything else is a miss",
    "roll": "Up to 3 rolls of the 4 dice",
    "out": "Each player has their own cards",
}


def event_kind(event: dict[str, Any]) -> str | None:
    """A flip bars a card or un-bars it (``None`` for any other event)."""
    if event.get("type") != "flip":
        return None
    return "flip" if event.get("barred") is True else "unbar"


# ------------------------------------------------------------------ guided first turn
#: A scripted first turn: teacher-set dice showing the tricky rules.
GUIDED: tuple[tuple[dict[str, Any], Any, tuple[int, ...] | None], ...] = (
    ({"barred": ((2, 4),)}, Roll(()), (2, 2, 5, 6)),
    ({}, Roll((2, 2)), (2, 3)),
    ({}, Stop(), None),
    ({}, Roll(()), (3, 4, 5, 6)),
    ({}, Stop(), None),
    ({}, Resolve(5), None),
)


# ------------------------------------------------------------------ the game's own words
#: The game's own event sentences (the registry's ``sentences``: sentence key -> (msgid
#: for "you", msgid for a named player ``{who}``)).
SENTENCES: dict[str, tuple[str, str]] = {
    "miss": (N_("Missed: a parapluie is turned over ({left} left)."),
             N_("{who} misses: a parapluie is turned over ({left} left).")),
    "miss_why": (N_("Missed, {dice}: {why} → a parapluie is turned over ({left} left)."),
                 N_("{who} misses, {dice}: {why} → a parapluie is turned over ({left} "
                    "left).")),
    "bar": (N_("You bar card {card}."), N_("{who} bars card {card}.")),
    "unbar": (N_("Card {card} flips back to normal."),
              N_("Card {card} flips back to normal.")),
    "lose": (N_("No parapluie left: you lose."), N_("No parapluie left: {who} loses.")),
}

#: The names of the difficulty's values, the parapluies (msgids; the registry's
#: ``difficulty_names``).
LEVEL_NAMES: dict[int, str] = {4: N_("easy"), 3: N_("medium"), 2: N_("hard"), 1: N_("heroic")}

#: Why a turn fails, in words (the registry's ``reasons``: an event's ``why`` -> msgid).
REASONS: dict[str, str] = {
    "miss": N_("no brelan, no carré, no suite of {n}"),
}

#: The headline numbers of the variant explorer, primary first (the registry's ``metrics``).
METRICS: tuple[Metric, ...] = (
    Metric("p_win", N_("chance to win"), "win_probability", True,
           N_("P(win): the probability that a solo player bars all six cards before "
              "the last parapluie is turned, playing optimally")),
)



def describe_board(state: Any, p: int, lang: str | None = None) -> str:
    """The player's board in words (the review's position column; the registry's
    ``describe_board``).

    >>> from dicelab.games import trwavril
    >>> describe_board(trwavril.new_state(trwavril.Rules(), 1), 0, "en")
    'cards barred: —, parapluies: 4'
    """
    return _("cards barred: {cards}, parapluies: {n}", lang=lang,
             cards=numbers_text(state.barred[p]), n=state.parapluies[p])


def describe_resolve(state: Any, choice: Any, lang: str | None = None) -> str:
    """A resolution in words, for the coach (the registry's ``describe_resolve``).

    >>> from dicelab.games import trwavril
    >>> describe_resolve(trwavril.new_state(trwavril.Rules(), 1), 4, "en")
    'flip card 4 (bar it)'
    """
    if choice in state.barred[state.current_player]:
        return _("flip card {c} back (un-bar it)", lang=lang, c=choice)
    return _("flip card {c} (bar it)", lang=lang, c=choice)
