"""Trwavril's exact odds: the game's one entry point to its engine.

:mod:`.solo` solves one player's board (the chance to bar all six cards);
:mod:`.duel` solves two players' race, both playing to win (it builds on :mod:`.solo`).
This package holds the public functions of both, and :func:`advise_state`, which chooses
between solo and two-player advice.

>>> from dicelab.games.trwavril import Rules
>>> [round(win_probability(Rules(parapluies=p)), 4) for p in (4, 3, 2, 1)]
[0.2384, 0.1364, 0.0595, 0.0151]
>>> advise((3, 3, 3, 5), rolls_left=1, barred=(1, 2, 3), parapluies=2).best.label
'keep 3 3 3, roll 1'
"""

from __future__ import annotations

from typing import Any

from dicelab.engine.advice import Advice, advise_state_with, clearing, reroll_turn
from dicelab.engine.trwavril import duel, fast, solo
from dicelab.engine.trwavril.duel import (
    advise_duel,
    duel_ready,
    duel_table,
    duel_win_probability,
    shipped_tables,
    solve_duel,
    table_name,
    warm,
)
from dicelab.engine.trwavril.solo import (
    OBJECTIVES,
    FlipEffect,
    advise,
    advise_resolution,
    advise_solo,
    board_values,
    flip_effect,
    p_turn_start,
    start_value,
    win_probability,
)
from dicelab.games.trwavril import State

# The optional parts of the engine contract (dicelab.engine.protocol) this game has not.
finish_chances = turns_moments = solo_ready = prepare = policy_surface = None
solo_tables_built = build_solo_tables = None

#: The engine contract's tabulated solo game (``simulate_fast``): :mod:`.fast`.
fast_plan, clear_fast_plan = fast.plan, fast.clear_cache

__all__ = [
    "OBJECTIVES",
    "FlipEffect",
    "advise",
    "advise_duel",
    "advise_resolution",
    "advise_solo",
    "advise_state",
    "p_next_turn",
    "resolution_advice",
    "turn_outcomes",
    "board_values",
    "clear_caches",
    "clear_fast_plan",
    "fast_plan",
    "duel_start",
    "duel",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "flip_effect",
    "p_turn_start",
    "solo",
    "solo_start",
    "shipped_tables",
    "solve_duel",
    "table_name",
    "start_value",
    "warm",
    "win_probability",
]


def advise_state(state: State, objective: str | None = None) -> Advice:
    """Advice for the player to move.

    Two players, both still in: ranked by ``p_duel``, the exact two-player win
    probability (default, or ``objective="p_duel"``), solo numbers kept (``kind="duel"``,
    :func:`advise_duel`).  Otherwise solo numbers for that player's own board
    (:func:`advise_solo`).  An unknown objective, or ``"p_duel"`` without two players
    still in, is a :class:`~dicelab.IllegalMove`.

    Empty choices when there is nothing to choose (start of a turn, dice rolling, game over).
    A card choice is always ranked by ``p_win``.

    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(trwavril.Rules(), 2)
    >>> s, _ = trwavril.roll_outcome(trwavril.step(s, trwavril.Roll(()))[0], (3, 3, 3, 5))
    >>> a = advise_state(s)
    >>> a.kind, a.best.label
    ('duel', 'keep 3 3 3, roll 1')
    """
    return advise_state_with(
        state, objective, state_type=State, game="Trwavril", objectives=OBJECTIVES,
        advise_solo=advise_solo, advise_duel=advise_duel,
        two_players=lambda s: s.players == 2 and not any(s.out))


def solo_start(state: State) -> float:
    """The solo chance to win from the start of a turn of seat 0 of ``state`` (the engine
    contract's ``solo_start``)."""
    return float(start_value(state.barred[0], state.parapluies[0], state.rules))


def duel_start(state: State) -> float:
    """The exact chance that the player to move wins, from the start of a turn of
    ``state`` (the engine contract's ``duel_start``)."""
    return float(duel_win_probability(state.rules, barred=state.barred,
                                      parapluies=state.parapluies,
                                      to_play=state.current_player))


# ------------------------------------------------------------- the reroll turn, from a state
def _seat(state: State) -> dict[str, Any]:
    """The player to move's board and level, as the solo engine's keywords."""
    p = state.current_player
    return {"barred": state.barred[p], "parapluies": state.parapluies[p]}


#: The engine contract's reroll turn (:class:`~dicelab.engine.protocol.RerollEngine`).
turn_outcomes, resolution_advice = reroll_turn(_seat, solo, duel)


def p_next_turn(state: State, board: Any) -> float:
    """The solo chance that the next turn of the player to move succeeds, playing for
    that alone, with ``board`` as their barred cards (the engine contract's
    :class:`~dicelab.engine.protocol.RerollEngine`)."""
    return float(p_turn_start(state.rules))


#: The engine contract's ``clear_caches``: every solved table, solo and two-player.
clear_caches = clearing(solo.clear_caches, duel.clear_caches)
