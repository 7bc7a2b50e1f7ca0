"""5000's exact odds: the game's one entry point to its engine.

:mod:`.solo` solves one player's game (fewest turns to 5000, most points per turn);
:mod:`.duel` solves two players' game, both playing to win (it builds on :mod:`.solo`).
This package holds the public functions of both, and :func:`advise_state`, which chooses
between solo and two-player advice.

>>> from dicelab.games.cinqmille import Rules
>>> round(expected_turns(Rules()), 3), p_bust(5)
(18.864, Fraction(25, 324))
>>> a = advise((1, 5, 2, 3, 3), turn_points=0, score=1000)
>>> a.best.label
'set aside 1, roll 4 dice'
>>> round(duel_win_probability(), 6)
0.526847
"""

from __future__ import annotations

from typing import Any

from dicelab.engine.advice import Advice, plays_duel
from dicelab.engine.cinqmille import duel, solo
from dicelab.engine.cinqmille.duel import (
    advise_duel,
    duel_ready,
    duel_table,
    duel_win_probability,
    policy_surface,
    solve_duel,
    warm,
)
from dicelab.engine.cinqmille.solo import (
    OBJECTIVES,
    advise,
    advise_solo,
    expected_turn_points,
    expected_turns,
    p_bust,
    solve_points,
    solve_turns,
    turn_outcome_distribution,
    turn_outcome_matrix,
    turn_points_distribution,
    turn_start_value,
    turns_distribution,
    turns_moments,
)
from dicelab.games._checks import check_state
from dicelab.games.cinqmille import State

__all__ = [
    "OBJECTIVES",
    "advise",
    "advise_duel",
    "advise_solo",
    "advise_state",
    "clear_caches",
    "duel",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "expected_turn_points",
    "expected_turns",
    "p_bust",
    "policy_surface",
    "solo",
    "solve_duel",
    "solve_points",
    "solve_turns",
    "turn_outcome_distribution",
    "turn_outcome_matrix",
    "turn_points_distribution",
    "turn_start_value",
    "turns_distribution",
    "turns_moments",
    "warm",
]


def advise_state(state: Any, objective: str | None = None) -> Advice:
    """Advice for the player to move in a game state (empty when there is nothing to choose).

    Two players: ranked by ``p_duel``, the exact two-player win probability (both playing
    to win), with ``objective="p_duel"`` (solving the variant first if needed: minutes), or by
    default when its table is at hand (:func:`duel_ready`: every variant's table ships); the
    solo numbers stay as secondary numbers (``kind="duel"``, :func:`advise_duel`).  Otherwise
    solo numbers (``kind="solo"``, :func:`advise_solo`; with 3-6 players the overlay labels
    them "solo odds").  An unknown objective, or ``"p_duel"`` without two players, is a
    :class:`~dicelab.IllegalMove`.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 2)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, cinqmille.Roll(()))[0], (1, 1, 1, 5, 2))
    >>> a = advise_state(s)
    >>> a.kind, a.best.label, round(a.best["p_duel"], 4)
    ('duel', 'set aside 1 1 1 5 and bank 1050', 0.7325)
    >>> advise_state(s, objective="expected_points").kind
    'solo'
    """
    check_state(State, state, "5000")
    if plays_duel(objective, OBJECTIVES, two_players=state.players == 2,
                  ready=lambda: duel_ready(state.rules)):
        return advise_duel(state)
    return advise_solo(state, objective)


def clear_caches() -> None:
    """Forget every solved table of 5000, solo and two-player (benchmarks: cold runs)."""
    solo.clear_caches()
    duel.clear_caches()
