"""The rules card of Seveny as data (:mod:`dicelab.games.cards`): its lines, its examples
played through the rules of :mod:`dicelab.games.seveny`, the card lines that explain each
event, and a scripted first turn.

>>> from dicelab.registry import get
>>> get("seveny").card.CARD.title
'Seveny — rules card'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.core.objectives import Metric
from dicelab.games import seveny
from dicelab.games._base import Bank, Roll
from dicelab.games.cards import (
    GOAL,
    PLAYERS_HEADING,
    SCORING_CYCLE,
    TURN,
    Card,
    Example,
    numbers_text,
)

__all__ = [
    "CARD", "EVENT_LINES", "GUIDED", "METRICS", "PLAYERS", "REASONS", "RESULTS",
    "SENTENCES", "describe_board", "event_kind",
]

CARD = Card("seveny", N_("Seveny — rules card"), (
    (GOAL, (
        N_("Reach the target score (default 50). Solo: in as few turns as possible."),
    )),
    (TURN, (
        N_("Roll the 7 dice. Each roll you must set aside at least one die, or the turn "
           "ends with 0 — memorised points included."),
        N_("You may set aside any number of 1s and of 6s; a 2, 3, 4 or 5 only three or "
           "more at once (a brelan), then any number more of that face in the same "
           "cycle."),
        N_("Then roll the other dice or bank. When all 7 dice are set aside, the "
           "cycle's points are memorised and you may roll the 7 dice again (or bank)."),
    )),
    (SCORING_CYCLE, (
        N_("Each 1 = 1 point; a brelan of v (2 to 5) = v points; a 6 alone = 0."),
        N_("One brelan of 6 doubles the cycle's points; two brelans of 6 = 12 + the "
           "1s. 6s set aside one at a time add up to a brelan. Six alike are two "
           "brelans. The doubling never touches points memorised in earlier cycles."),
        N_("A brelan of 2 counts 2 points, like any brelan of v: 222 11 = 4."),
    )),
    (PLAYERS_HEADING, (
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
))


# ------------------------------------------------------------------ playing the examples
def _seveny_bank(s: Any, keep: tuple[int, ...]) -> int:
    s, events = seveny.step(s, Bank(keep))
    return next(e for e in events if e["type"] in ("bank", "turn_end"))["points"]


def _seveny(ex: Example) -> Any:
    """The points of the whole roll set aside at once and banked."""
    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], ex.dice)
    keep = max(seveny.settable(s.hand, s.dice), key=len)
    return _seveny_bank(s, keep)


def _seveny_sixes(ex: Example) -> Any:
    """1 1 and a 6 set aside, then one 6 in each of the next two rolls, then bank."""
    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], ex.dice)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((1, 1, 6)))[0], (6, 2, 3, 4))
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((6,)))[0], (6, 2, 3))
    return _seveny_bank(s, (6,))


def _seveny_memorised(ex: Example) -> Any:
    """Seven 1s memorised (a full cycle), then the example's roll, set aside and banked."""
    s = seveny.new_state(seveny.Rules(), 1)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll(()))[0], (1,) * 7)
    s, _e = seveny.roll_outcome(seveny.step(s, Roll((1,) * 7))[0], ex.dice)
    return _seveny_bank(s, (6, 6, 6, 1))


PLAYERS: dict[str, Callable[[Example], Any]] = {
    "seveny": _seveny,
    "seveny_sixes": _seveny_sixes,
    "seveny_memorised": _seveny_memorised,
}

#: The words of the examples' word results.
RESULTS: dict[str, str] = {}

# ------------------------------------------------------------------ the rule of an event
#: Event kind -> the start of the card line that applies.
EVENT_LINES: dict[str, str | tuple[str, ...]] = {
    "set_aside": "You may set aside any number",
    "bust": "Roll the 7 dice. Each roll",
    "cycle_complete": "Then roll the other dice or bank.",
    "bank": ("Each 1 = 1 point; a brelan", "One brelan of 6 doubles"),
    "final_round": "When a player reaches the target",
}


def event_kind(event: dict[str, Any]) -> str | None:
    """A bank (or a turn's end) that scores points is explained by the scoring lines
    (``None`` for any other event)."""
    if event.get("type") in ("bank", "turn_end") and event.get("points"):
        return "bank"
    return None


# ------------------------------------------------------------------ guided first turn
#: A scripted first turn: teacher-set dice showing the tricky rules.
GUIDED: tuple[tuple[dict[str, Any], Any, tuple[int, ...] | None], ...] = (
    ({}, Roll(()), (1, 1, 1, 1, 1, 1, 1)),
    ({}, Roll((1, 1, 1, 1, 1, 1, 1)), (6, 6, 6, 1, 2, 3, 4)),
    ({}, Bank((6, 6, 6, 1)), None),
    ({}, Roll(()), (2, 5, 2, 3, 4, 3, 4)),
)


# ------------------------------------------------------------------ the game's own words
#: The game's own event sentences (the registry's ``sentences``: sentence key -> (msgid
#: for "you", msgid for a named player ``{who}``)).
SENTENCES: dict[str, tuple[str, str]] = {
    "set_aside_cycle": (N_("You set aside {dice} (cycle: {points})."),
                        N_("{who} sets aside {dice} (cycle: {points}).")),
    "cycle_complete": (
        N_("All seven dice are set aside: you memorise {points} (memorised: "
           "{memorised}) and roll the seven dice again."),
        N_("All seven dice are set aside: {who} memorises {points} (memorised: "
           "{memorised}) and rolls the seven dice again.")),
}

#: Why a turn fails, in words (the registry's ``reasons``: an event's ``why`` -> msgid).
REASONS: dict[str, str] = {
    "nothing_settable": N_("nothing can be set aside: no 1, no 6, no brelan"),
    "nothing_settable_freed": N_("nothing can be set aside: no 1, no 6, no brelan, no "
                                 "{faces}"),
}

#: The headline numbers of the variant explorer, primary first (the registry's ``metrics``).
METRICS: tuple[Metric, ...] = (
    Metric("expected_turns", N_("turns to reach the target, on average"),
           "expected_turns", False,
           N_("E(T): the expected number of turns T a solo player needs to reach the "
              "target, playing optimally")),
)



def describe_board(state: Any, p: int, lang: str | None = None) -> str:
    """The player's board in words (the review's position column; the registry's
    ``describe_board``).

    >>> from dicelab.games import seveny
    >>> describe_board(seveny.new_state(seveny.Rules(), 1), 0, "en")
    'set aside —, turn points 0, score 0'
    """
    return _("set aside {hand}, turn points {points}, score {score}", lang=lang,
             hand=numbers_text(state.hand), points=state.turn_points, score=state.scores[p])
