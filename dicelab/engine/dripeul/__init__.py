"""Dripeul 5's exact odds: the game's one entry point to its engine.

:mod:`.solo` solves one player's manche (the chance to remove every token);
:mod:`.duel` solves a two-player manche, both playing to win it (it builds on :mod:`.solo`).
This package holds the public functions of both, and :func:`advise_state`, which chooses
between solo and two-player advice.

>>> from dicelab.games.dripeul import Rules
>>> round(win_probability(Rules(level=3)), 4)
0.5374
>>> a = advise((2, 2, 2, 4, 6), rolls_left=2, tokens=(1, 2, 3, 4, 5, 6), level=3)
>>> a.best.label
'keep 2 2 2, roll 2'
"""

from __future__ import annotations

from typing import Any

from dicelab.engine.advice import Advice, advise_state_with, clearing, reroll_turn
from dicelab.engine.dripeul import duel, fast, solo
from dicelab.engine.dripeul.duel import (
    advise_duel,
    duel_ready,
    duel_win_probability,
    shipped_tables,
    solve_duel,
    table_name,
)
from dicelab.engine.dripeul.solo import (
    OBJECTIVES,
    advise,
    advise_resolution,
    advise_solo,
    game_win_probability,
    p_turn_exact,
    p_turn_start,
    start_value,
    win_probability,
)
from dicelab.games.dripeul import State

# The optional parts of the engine contract (dicelab.engine.protocol) this game has not.
finish_chances = turns_moments = solo_ready = prepare = warm = policy_surface = None
solo_tables_built = build_solo_tables = None

#: The engine contract's tabulated solo game (``simulate_fast``): :mod:`.fast`.
fast_plan, clear_fast_plan = fast.plan, fast.clear_cache

__all__ = [
    "OBJECTIVES",
    "advise",
    "advise_duel",
    "advise_resolution",
    "advise_solo",
    "advise_state",
    "p_next_turn",
    "resolution_advice",
    "turn_outcomes",
    "clear_caches",
    "clear_fast_plan",
    "fast_plan",
    "duel_start",
    "duel",
    "duel_ready",
    "duel_win_probability",
    "game_win_probability",
    "p_turn_exact",
    "p_turn_start",
    "solo",
    "solo_start",
    "shipped_tables",
    "solve_duel",
    "table_name",
    "start_value",
    "win_probability",
]


def advise_state(state: State, objective: str | None = None) -> Advice:
    """Advice for the player to move: keeps while rolling, tokens when resolving.

    Empty (no choices) when there is nothing to choose: before the first roll,
    while dice are being rolled, or once the game is over.

    Two players: ranked by ``p_duel``, the exact chance of beating the opponent in this
    manche (:func:`advise_duel`; with ``Rules(manches=1)`` the chance of winning the
    game), with ``objective="p_duel"`` (solving the variant first if needed, seconds) or
    by default once its table is at hand (:func:`duel_ready`: the default rules' table
    ships, the others once solved); the solo numbers ``p_win``
    and ``p_turn`` are kept (``kind="duel"``).  Otherwise solo numbers (the player's own
    manche, :func:`advise_solo`; ``kind="solo"``, ``players`` set, so with several
    players the overlay says "solo odds").  An unknown objective, or ``"p_duel"``
    without two players, is a :class:`~dicelab.IllegalMove`.

    >>> from dicelab.games import dripeul
    >>> s = dripeul.new_state(dripeul.Rules(), 2)
    >>> s, _ = dripeul.roll_outcome(dripeul.step(s, dripeul.Roll(()))[0], (2, 2, 2, 4, 6))
    >>> a = advise_state(s, objective="p_duel")
    >>> a.kind, a.best.label, round(a.best["p_duel"], 4), round(a.best["p_win"], 4)
    ('duel', 'keep 2 2 2, roll 2', 0.5437, 0.5968)
    """
    return advise_state_with(state, objective, state_type=State, game="Dripeul 5",
                             objectives=OBJECTIVES, advise_solo=advise_solo,
                             advise_duel=advise_duel, ready=duel_ready)


def solo_start(state: State) -> float:
    """The solo chance to clear the manche from the start of a turn of seat 0 of ``state``
    (the engine contract's ``solo_start``)."""
    return float(start_value(state.tokens[0], state.triangle[0], state.rules))


def duel_start(state: State) -> float:
    """The exact chance that the player to move wins this manche, from the start of a turn
    of ``state`` (the engine contract's ``duel_start``)."""
    return float(duel_win_probability(state.rules, tokens=state.tokens,
                                      triangles=state.triangle, to_play=state.current_player))


# ------------------------------------------------------------- the reroll turn, from a state
def _seat(state: State) -> dict[str, Any]:
    """The player to move's board and level, as the solo engine's keywords."""
    p = state.current_player
    return {"tokens": state.tokens[p], "level": state.triangle[p]}


#: The engine contract's reroll turn (:class:`~dicelab.engine.protocol.RerollEngine`).
turn_outcomes, resolution_advice = reroll_turn(_seat, solo, duel)


def p_next_turn(state: State, board: Any) -> float:
    """The solo chance that the next turn of the player to move succeeds, playing for
    that alone, with ``board`` as their squares (the engine contract's
    :class:`~dicelab.engine.protocol.RerollEngine`)."""
    return float(p_turn_start(board, state.rules))


#: The engine contract's ``clear_caches``: every solved table, solo and two-player.
clear_caches = clearing(solo.clear_caches, duel.clear_caches)
