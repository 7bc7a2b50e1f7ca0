"""Seveny's exact odds: the game's one entry point to its engine.

:mod:`.solo` solves one player's race to the target (fewest turns, most points per turn);
:mod:`.duel` solves two players' race, both playing to win (it builds on :mod:`.solo`).
This package holds the public functions of both, and :func:`advise_state`, which chooses
between solo and two-player advice.

>>> from dicelab.games.seveny import Rules
>>> round(expected_turns(Rules(target=20)), 4) > 1
True
>>> round(duel_win_probability(Rules(target=5), (7, 3), to_play=1), 6)
0.685293
"""

from __future__ import annotations

from typing import Any

from dicelab.engine.advice import Advice, plays_duel
from dicelab.engine.seveny import duel, solo
from dicelab.engine.seveny.duel import (
    advise_duel,
    duel_ready,
    duel_table,
    duel_win_probability,
    policy_surface,
    solve_duel,
)
from dicelab.engine.seveny.solo import (
    MAX_SOLVED_TARGET,
    OBJECTIVES,
    QUICK_SOLO_TARGET,
    advise,
    advise_solo,
    expected_turn_points,
    expected_turns,
    optimal_points_distribution,
    p_bust,
    solve_turns,
    turn_outcome_distribution,
    turn_outcome_matrix,
    turn_points_distribution,
    turn_start_value,
    turns_distribution,
    turns_moments,
)
from dicelab.games._checks import check_state
from dicelab.games.seveny import State

__all__ = [
    "MAX_SOLVED_TARGET",
    "OBJECTIVES",
    "QUICK_SOLO_TARGET",
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
    "optimal_points_distribution",
    "p_bust",
    "policy_surface",
    "solo",
    "solve_duel",
    "solve_turns",
    "turn_outcome_distribution",
    "turn_outcome_matrix",
    "turn_points_distribution",
    "turn_start_value",
    "turns_distribution",
    "turns_moments",
]


def advise_state(state: Any, objective: str | None = None) -> Advice:
    """The advice for the player to move in a Seveny ``state`` (no choices unless choosing).

    Two players: ranked by ``p_duel``, the exact two-player win probability, with
    ``objective="p_duel"`` (solving the target first if needed), or by default when its
    table is at hand (:func:`duel_ready`); solo numbers kept (``kind="duel"``,
    :func:`advise_duel`).  Otherwise solo numbers (``kind="solo"``, "solo odds",
    :func:`advise_solo`).  An unknown objective, or ``"p_duel"`` without two players, is a
    :class:`~dicelab.IllegalMove`.

    >>> from dicelab.games import seveny
    >>> s = seveny.new_state(seveny.Rules(target=5))
    >>> len(advise_state(s))
    0
    >>> s, _ = seveny.roll_outcome(seveny.step(s, seveny.Roll(()))[0], (1, 1, 1, 1, 1, 2, 3))
    >>> advise_state(s).best.action
    Bank(keep=(1, 1, 1, 1, 1))
    >>> advise_state(s, objective="p_duel")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: objective 'p_duel' needs a two-player game
    """
    check_state(State, state, "Seveny")
    if plays_duel(objective, OBJECTIVES, two_players=state.players == 2,
                  ready=lambda: duel_ready(state.rules)):
        return advise_duel(state)
    return advise_solo(state, objective)


def clear_caches() -> None:
    """Forget every solved table of Seveny, solo and two-player (benchmarks: cold runs)."""
    solo.clear_caches()
    duel.clear_caches()
