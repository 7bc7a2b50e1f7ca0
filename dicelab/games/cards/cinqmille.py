"""The rules card of 5000 as data (:mod:`dicelab.games.cards`): its lines, its examples
played through the rules of :mod:`dicelab.games.cinqmille`, the card lines that explain each
event, and a scripted first turn.

>>> from dicelab.registry import get
>>> get("cinqmille").card.CARD.title
'5000 — rules card'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.core.objectives import Metric
from dicelab.games import cinqmille
from dicelab.games._base import Roll
from dicelab.games.cards import GOAL, PLAYERS_HEADING, SCORING, TURN, Card, Example

__all__ = [
    "CARD", "EVENT_LINES", "GUIDED", "METRICS", "PLAYERS", "REASONS", "RESULTS",
    "SENTENCES", "describe_board", "event_kind",
]

CARD = Card("cinqmille", N_("5000 — rules card"), (
    (GOAL, (
        N_("Reach exactly 5000 points. Solo (dicelab's addition): in as few turns as "
           "possible."),
    )),
    (SCORING, (
        N_("Each 1 = 100, each 5 = 50; a brelan (three of a kind) of face v = 100 × v, "
           "a brelan of 1s = 1000; a straight (suite) 12345 or 23456 (all five dice) = 750."),
        N_("No other scoring combination: four or five alike score as a brelan plus the "
           "single 1s and 5s (1111 = 1100, 55555 = 600, 2222 = 200 as 222: the fourth 2 "
           "scores nothing). Combinations never add up across rolls."),
    )),
    (TURN, (
        N_("Roll, set aside at least one scoring die or combination, then roll the other "
           "dice again or bank the turn's points. A roll that scores nothing (a bust) ends "
           "the turn with 0; when all five dice were rolled it is called a ballot (just the "
           "name of that bust)."),
        N_("Full hand (every die has scored): roll all five again and keep adding up; "
           "you cannot bank at that moment."),
        N_("Opening: your first bank needs at least 750 points in that turn."),
        N_("Exactly 5000: reaching it, even in the middle of a turn, wins at once. A turn "
           "that would go past 5000 scores 0. Five 1s in one roll win at once."),
    )),
    (PLAYERS_HEADING, (
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
    Example("cinqmille_exact", N_("At {score}, {dice}, set aside 5 5: {result}"),
            (5, 5, 2, 3, 4), "win", "cinqmille_end", {"score": 4900, "keep": (5, 5)}),
    Example("cinqmille_over", N_("At {score}, {dice}, set aside 1 1 1: {result}"),
            (1, 1, 1, 3, 4), "turn lost", "cinqmille_end",
            {"score": 4900, "keep": (1, 1, 1)}),
    Example("cinqmille_single_1", N_("At {score}, {dice}, set aside a single 1: {result}"),
            (1, 1, 1, 3, 4), "win", "cinqmille_end", {"score": 4900, "keep": (1,)}),
))


# ------------------------------------------------------------------ playing the examples
def _cinqmille(ex: Example) -> Any:
    """The points the whole roll makes when every scoring die is set aside."""
    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s = replace(s, scores=(1000,), opened=(True,))
    s, _e = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], ex.dice)
    best = max((a for a in cinqmille.legal_actions(s) if isinstance(a, Roll)),
               key=lambda a: (len(a.keep), a.keep))
    s, events = cinqmille.step(s, best)
    return next(e for e in events if e["type"] == "set_aside")["points"]


def _cinqmille_end(ex: Example) -> Any:
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


PLAYERS: dict[str, Callable[[Example], Any]] = {
    "cinqmille": _cinqmille,
    "cinqmille_end": _cinqmille_end,
}

#: The words of the examples' word results.
RESULTS: dict[str, str] = {
    "win": N_("exactly 5000, you win at once"),
    "turn lost": N_("over 5000, the turn scores 0"),
}

# ------------------------------------------------------------------ the rule of an event
#: Event kind -> the start of the card line that applies.
EVENT_LINES: dict[str, str | tuple[str, ...]] = {
    "set_aside": "Each 1 = 100, each 5 = 50",
    "bust": "Roll, set aside at least one",
    "full_hand": "Full hand (every die has scored)",
    "open": "Opening: your first bank",
    "win": "Exactly 5000: reaching it",
    "overshoot": "Exactly 5000: reaching it",
}


def event_kind(event: dict[str, Any]) -> str | None:
    """The game's own kind of ``event`` (``None``: the event's type says it)."""
    return None


# ------------------------------------------------------------------ guided first turn
#: A scripted first turn: teacher-set dice showing the tricky rules.
GUIDED: tuple[tuple[dict[str, Any], Any, tuple[int, ...] | None], ...] = (
    ({"scores": (1000,), "opened": (True,)}, Roll(()), (5, 5, 5, 5, 5)),
    ({}, Roll((5, 5, 5, 5, 5)), (2, 3, 4, 6, 6)),
    ({"scores": (4900,)}, Roll(()), (1, 1, 1, 3, 4)),
    ({}, Roll((1, 1, 1)), None),
    ({}, Roll(()), (5, 5, 2, 3, 4)),
    ({}, Roll((5, 5)), None),
)


# ------------------------------------------------------------------ the game's own words
#: The game's own event sentences (the registry's ``sentences``: sentence key -> (msgid
#: for "you", msgid for a named player ``{who}``)).
SENTENCES: dict[str, tuple[str, str]] = {
    "win_5000": (N_("Exactly 5000: you win at once!"),
                 N_("Exactly 5000: {who} wins at once!")),
    "win_five 1s": (N_("Five 1s: you win at once!"), N_("Five 1s: {who} wins at once!")),
    "overshoot": (N_("Over 5000: you lose the turn's {lost} and stay at {score}."),
                  N_("Over 5000: {who} loses the turn's {lost} and stays at {score}.")),
}

#: Why a turn fails, in words (the registry's ``reasons``: an event's ``why`` -> msgid).
REASONS: dict[str, str] = {
    "no_score": N_("nothing scores: no 1, no 5, no brelan"),
    "no_score_suite": N_("nothing scores: no 1, no 5, no brelan, no suite"),
}

#: The headline numbers of the variant explorer, primary first (the registry's ``metrics``).
METRICS: tuple[Metric, ...] = (
    Metric("expected_turns", N_("turns to reach 5000, on average"), "expected_turns",
           False,
           N_("E(T): the expected number of turns T a solo player needs to reach "
              "exactly 5000, playing optimally")),
)



def describe_board(state: Any, p: int, lang: str | None = None) -> str:
    """The player's board in words (the review's position column; the registry's
    ``describe_board``).

    >>> from dicelab.games import cinqmille
    >>> describe_board(cinqmille.new_state(cinqmille.Rules(), 1), 0, "fr")
    'points du tour 0, score 0'
    """
    return _("turn points {points}, score {score}", lang=lang, points=state.turn_points,
             score=state.scores[p])
