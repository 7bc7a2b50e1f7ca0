"""The rules card of Dripeul 5 as data (:mod:`dicelab.games.cards`): its lines, its examples
played through the rules of :mod:`dicelab.games.dripeul`, the card lines that explain each
event, and a scripted first turn.

>>> from dicelab.registry import get
>>> get("dripeul").card.CARD.title
'Dripeul 5 — rules card'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.core.objectives import Metric
from dicelab.games import dripeul
from dicelab.games._base import Resolve, Roll, Stop
from dicelab.games.cards import GOAL, PLAYERS_HEADING, RESULT, TURN, Card, Example, numbers_text

__all__ = [
    "CARD", "EVENT_LINES", "GUIDED", "LEVEL_NAMES", "METRICS", "OBJECTIVE_MEANINGS",
    "OBJECTIVE_NAMES", "OBJECTIVE_PHRASES", "PLAYERS", "REASONS", "RESULTS",
    "SENTENCES", "describe_board", "describe_resolve", "event_kind",
]

CARD = Card("dripeul", N_("Dripeul 5 — rules card"), (
    (GOAL, (
        N_("Six squares 1 to 6 each hold a token. Remove all six tokens before your "
           "failure token reaches X."),
        N_("The failure token starts on the triangle of your level (4 very easy … 0 very "
           "hard): the number is how many failures you can still survive."),
    )),
    (TURN, (
        N_("Up to 3 rolls of the 5 dice; stop after any roll. Between rolls you may "
           "re-roll any dice, even dice kept before."),
    )),
    (RESULT, (
        N_("Brelan of v (a full house counts as its brelan): remove token v. If square v "
           "is already empty, it is a failure."),
        N_("Carré: remove any one token. Quinté: remove any two (the last one if only "
           "one is left)."),
        N_("Anything else — a suite, a pair, rien (no figure) — is a failure: the "
           "failure token moves one triangle right; past 0 it lands on X and you are "
           "out of the manche."),
    )),
    (PLAYERS_HEADING, (
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
))


# ------------------------------------------------------------------ playing the examples
def _dripeul(ex: Example) -> Any:
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


PLAYERS: dict[str, Callable[[Example], Any]] = {
    "dripeul": _dripeul,
}

#: The words of the examples' word results.
RESULTS: dict[str, str] = {
    "failure": N_("a failure"),
    "remove 3": N_("remove token 3"),
    "remove 2 tokens": N_("remove any two tokens"),
}

# ------------------------------------------------------------------ the rule of an event
#: Event kind -> the start of the card line that applies.
EVENT_LINES: dict[str, str | tuple[str, ...]] = {
    "remove_brelan": "Brelan of v (a full house",
    "remove_many": "Carré: remove any one token",
    "empty_square": "Brelan of v (a full house",
    "failure": "Anything else — a suite",
    "roll": "Up to 3 rolls of the 5 dice",
    "manche_end": "A manche ends at the end",
    "manche_start": "3 manches.",
}


def event_kind(event: dict[str, Any]) -> str | None:
    """The kind of a resolution: a brelan's token, several tokens, an empty square or a
    failure (``None`` for any other event: its type says it)."""
    if event.get("type") != "resolve":
        return None
    if event.get("failure"):
        return "empty_square" if event.get("why") == "empty_square" else "failure"
    return "remove_many" if len(event.get("removed") or ()) != 1 or str(
        event.get("figure")) != "brelan" else "remove_brelan"


# ------------------------------------------------------------------ guided first turn
#: A scripted first turn: teacher-set dice showing the tricky rules.
GUIDED: tuple[tuple[dict[str, Any], Any, tuple[int, ...] | None], ...] = (
    ({"tokens": ((1, 3, 4, 5, 6),)}, Roll(()), (2, 2, 2, 4, 6)),
    ({}, Stop(), None),
    ({}, Roll(()), (6, 6, 6, 6, 1)),
    ({}, Roll((6, 6, 6, 6)), (6,)),
    ({}, Stop(), None),
    ({}, Resolve((5, 6)), None),
)


# ------------------------------------------------------------------ the game's own words
#: The names of the difficulty's values, the triangles (msgids; the registry's
#: ``difficulty_names``).
LEVEL_NAMES: dict[int, str] = {
    4: N_("very easy"), 3: N_("easy"), 2: N_("medium"), 1: N_("hard"),
    0: N_("very hard")}

#: The game's own event sentences (the registry's ``sentences``: sentence key -> (msgid
#: for "you", msgid for a named player ``{who}``)).
SENTENCES: dict[str, tuple[str, str]] = {
    "out_manche": (N_("The failure token reaches X: you are out of manche {manche}."),
                   N_("The failure token reaches X: {who} is out of manche {manche}.")),
    "remove": (N_("{dice} ({figure}): you remove token {tokens}."),
               N_("{dice} ({figure}): {who} removes token {tokens}.")),
    "remove_many": (N_("{dice} ({figure}): you remove tokens {tokens}."),
                    N_("{dice} ({figure}): {who} removes tokens {tokens}.")),
    "bonus": (N_("{dice} ({figure}): bonus, your failure token moves back one triangle."),
              N_("{dice} ({figure}): bonus, the failure token of {who} moves back one "
                 "triangle.")),
    "failure": (N_("{dice} ({figure}): a failure, your failure token moves on (triangle "
                   "{triangle})."),
                N_("{dice} ({figure}): a failure, the failure token of {who} moves on "
                   "(triangle {triangle}).")),
    "failure_why": (N_("{dice}: {why} → a failure, your failure token moves on (triangle "
                       "{triangle})."),
                    N_("{dice}: {why} → a failure, the failure token of {who} moves on "
                       "(triangle {triangle}).")),
    "cleared": (N_("You clear every square of manche {manche}!"),
                N_("{who} clears every square of manche {manche}!")),
}

#: Why a turn fails, in words (the registry's ``reasons``: an event's ``why`` -> msgid).
REASONS: dict[str, str] = {
    "empty_square": N_("brelan of {face}, but square {face} is already empty"),
    "suite": N_("a suite removes no token"),
    "nothing": N_("rien (no figure): no brelan, no carré, no quinté"),
}

#: The game's own words for objectives (the registry's ``objective_phrases``): the phrases
#: of the coach, the review and the guide's tables (msgids by objective key).
OBJECTIVE_PHRASES: dict[str, str] = {
    "p_win": N_("chance to clear the manche"),
    "p_duel": N_("chance to beat your opponent in this manche"),
}

#: ... the apps' short labels: the two-player number is the chance of beating the
#: opponent in the current manche (with three manches it is not the game's win probability) ...
OBJECTIVE_NAMES: dict[str, str] = {
    "p_duel": N_("chance to beat your opponent in this manche"),
}

#: ... and the meanings (tooltips).
OBJECTIVE_MEANINGS: dict[str, str] = {
    "p_duel": N_("P(win the manche): the probability that the player to move ends "
                 "this manche with fewer points than the opponent (a cleared board "
                 "scores 0), both players playing for that (equal points count one "
                 "half)"),
}

#: The headline numbers of the variant explorer, primary first (the registry's ``metrics``).
METRICS: tuple[Metric, ...] = (
    Metric("p_manche", N_("chance to clear one manche"), "win_probability", True,
           N_("P(clear one manche): the probability that a solo player clears one "
              "manche, playing optimally")),
    Metric("p_game", N_("chance to win the whole solo game"), "game_win_probability",
           True,
           N_("P(win the game): the probability that a solo player clears every "
              "manche, playing optimally")),
)



def describe_board(state: Any, p: int, lang: str | None = None) -> str:
    """The player's board in words (the review's position column; the registry's
    ``describe_board``).

    >>> from dicelab.games import dripeul
    >>> describe_board(dripeul.new_state(dripeul.Rules(), 1), 0, "fr")
    'cases 1 2 3 4 5 6, triangle 3 (facile)'
    """
    t = state.triangle[p]
    return _("squares {squares}, triangle {t} ({name})", lang=lang,
             squares=numbers_text(state.tokens[p]), t=t,
             name=_(LEVEL_NAMES[t], lang=lang) if t in LEVEL_NAMES else "X")


def describe_resolve(state: Any, choice: Any, lang: str | None = None) -> str:
    """A resolution in words, for the coach (the registry's ``describe_resolve``).

    >>> describe_resolve(None, (1, 2), "en"), describe_resolve(None, 3, "en")
    ('remove tokens 1 and 2', 'remove token 3')
    """
    if isinstance(choice, tuple):
        return _("remove tokens {a} and {b}", lang=lang, a=choice[0], b=choice[1])
    return _("remove token {t}", lang=lang, t=choice)
