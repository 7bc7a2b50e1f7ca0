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

from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.engine.advice import Advice, advise_state_with, clearing, race_starts
from dicelab.engine.cinqmille import duel, solo
from dicelab.engine.cinqmille.duel import (
    advise_duel,
    duel_ready,
    duel_table,
    duel_win_probability,
    policy_surface,
    shipped_tables,
    solve_duel,
    table_name,
    warm,
)
from dicelab.engine.cinqmille.solo import (
    OBJECTIVES,
    advise,
    advise_solo,
    bank_at_outcome_matrix,
    clear_rule_cache,
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
from dicelab.games._base import Bank
from dicelab.games._checks import whole
from dicelab.games.cinqmille import UNIT, State, is_five_ones

# The optional parts of the engine contract (dicelab.engine.protocol) this game has not.
solo_ready = None
prepare = None

#: The engine contract's quick solo tables: the model and tables of the first solo advice.
solo_tables_built = solo.prepared
build_solo_tables = solo.prepare

#: The largest threshold of :func:`bank_at_outcome_matrix` (the engine contract's chain).
MAX_THRESHOLD = solo.MAX_TURN_POINTS

__all__ = [
    "MAX_THRESHOLD",
    "build_solo_tables",
    "solo_tables_built",
    "OBJECTIVES",
    "UNIT",
    "advise",
    "advise_duel",
    "advise_solo",
    "advise_state",
    "bank_at_outcome_matrix",
    "clear_caches",
    "duel_start",
    "clear_rule_cache",
    "duel",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "expected_turn_points",
    "expected_turns",
    "finish_chances",
    "p_bust",
    "policy_surface",
    "solo",
    "solo_start",
    "shipped_tables",
    "solve_duel",
    "table_name",
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
    to win), with ``objective="p_duel"`` (solving the variant first if needed: seconds), or
    by default when its table is at hand (:func:`duel_ready`: solved once per machine, then
    cached); the solo numbers stay as secondary numbers (``kind="duel"``,
    :func:`advise_duel`).  Otherwise solo numbers (``kind="solo"``, :func:`advise_solo`;
    with 3-6 players the overlay labels them "solo odds").  An unknown objective, or
    ``"p_duel"`` without two players, is a :class:`~dicelab.IllegalMove`.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 2)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, cinqmille.Roll(()))[0], (1, 1, 1, 5, 2))
    >>> a = advise_state(s)
    >>> a.kind, a.best.label, round(a.best["p_duel"], 4)
    ('duel', 'set aside 1 1 1 5 and bank 1050', 0.7325)
    >>> advise_state(s, objective="expected_points").kind
    'solo'
    """
    return advise_state_with(state, objective, state_type=State, game="5000",
                             objectives=OBJECTIVES, advise_solo=advise_solo,
                             advise_duel=advise_duel, ready=duel_ready)


#: The endgame reason is looked for within this many points of 5000 (further away, winning
#: within the turn is too rare to decide anything, and its sum would cost more).
FINISH_REACH = 1000


def _finish_table(rules: Any, s: int, o: int | None, objective: str, turns: int = 1,
                  nothing: bool = False) -> Any:
    """``F(u, n)``: the chance to win within the turn, about to roll ``n`` dice at total
    ``u`` (units of 50), each later choice the engine's own: by ``p_duel`` against an
    opponent at ``o`` (two players), else by the solo ``objective``.  ``turns > 1`` (solo):
    within this turn and the next ``turns - 1``, played by the solo engine (its chain of
    turn starts: ``G[s2]``, the chance to win within them from score ``s2``).
    ``nothing``: instead, the chance that the turn banks nothing (a bust or an overshoot)."""
    m = solo._model(rules)
    top = solo.TOP
    G = np.zeros(top + 1)
    G[top] = 1.0
    if turns > 1:
        P = turn_outcome_matrix(rules)
        for _ in range(turns - 1):
            G = P @ G
    if nothing:
        G[top] = 0.0  # every bank banks points
    lost = 1.0 if nothing else float(G[s])  # a bust, or a set-aside past 5000: the score stays
    won = float(G[top])
    memo: dict[tuple[int, int], float] = {}

    def values(roll: tuple[int, ...], u: int) -> dict[tuple[tuple[int, ...], str], float]:
        if o is not None:
            return duel.choice_values(rules, s, o, u, roll)
        if objective == "expected_turns":
            return {k: -x for k, x in solo.choice_turns(rules, s, u, roll).items()}
        out = {}
        for c in solo._choices(roll, s, u, rules, (u - s) * UNIT):
            x = c.numbers[objective]
            out[(c.keep, "bank" if isinstance(c.action, Bank) else "roll")] = (
                x if objective == "expected_points" else -x)
        return out

    def after(keep: tuple[int, ...], kind: str, u: int, roll: tuple[int, ...]) -> float:
        for k, pts, left, _bankable in m.options[roll]:
            if k != keep:
                continue
            u2 = u + pts
            if m.kind[s, u2] == solo._WIN:
                return won
            if m.kind[s, u2] == solo._OVER:
                return lost
            u2c = min(u2, m.UC)
            if kind == "bank":
                return float(G[min(u2c, top)])
            return chance(u2c, left)
        return 0.0

    def best(roll: tuple[int, ...], u: int) -> tuple[tuple[int, ...], str]:
        vals = values(roll, u)
        return min(vals, key=lambda kk: (-vals[kk], len(kk[0]), kk[0], kk[1]))

    def chance(u: int, n: int) -> float:
        if (u, n) not in memo:
            total = 0.0
            for roll, p in zip(solo.multisets(n), m.probs[n], strict=True):
                if is_five_ones(roll, rules):
                    total += p * won
                elif m.options[roll]:
                    keep, kind = best(roll, u)
                    total += p * after(keep, kind, u, roll)
                else:
                    total += p * lost
            memo[(u, n)] = float(total)
        return memo[(u, n)]

    return after, best


@lru_cache(maxsize=64)
def _finisher(rules: Any, s: int, o: int | None, objective: str, turns: int,
              nothing: bool = False) -> Any:
    return _finish_table(rules, s, o, objective, turns, nothing)


def finish_chances(state: Any, advice: Advice, turns: int = 1, *, nothing: bool = False
                   ) -> tuple[int, dict[Any, float]] | None:
    """``(5000, {action: chance})``: for each choice of ``advice``, the chance that the
    player to move wins the game within this turn (reaching exactly 5000, five 1s, or
    banking 5000 or more with 6 dice), the rest of the turn played by the engine's own
    choices (the advice's objective: two-player ``p_duel``, or solo ``expected_turns``;
    ``None`` for a points objective).  ``None`` further than
    :data:`FINISH_REACH` points from 5000: the coach's endgame reason.

    ``turns`` (solo only; ``None`` with two players): within this turn and the next
    ``turns - 1``, the later turns played by the solo engine (its chain of turn starts,
    :func:`turn_outcome_matrix`), looked for within ``turns`` times :data:`FINISH_REACH`
    (at most three times: each sum over the turn costs more further away).
    ``nothing=True``: instead, the chance that the turn banks nothing (a bust, or a
    set-aside past 5000), the rest of the turn played the same way.

    4700 against 4450, 100 points this turn, 1 2 2 5 rolled: banking the 5 stops at 4850;
    setting the 1 aside and rolling three dice wins now more often than not.

    >>> import dataclasses
    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 2)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, cinqmille.Roll(()))[0], (1, 5, 2, 3, 3))
    >>> s = dataclasses.replace(s, scores=(4700, 4450), opened=(True, True), aside=(1,),
    ...                         groups=((1,),), turn_points=100, dice=(1, 2, 2, 5))
    >>> a = advise_state(s)
    >>> target, x = finish_chances(s, a)
    >>> target, a.best.label, round(x[a.best.action], 4), x[Bank((5,))]
    (5000, 'set aside 1, roll 3 dice', 0.5494, 0.0)
    >>> _, n = finish_chances(s, a, nothing=True)
    >>> round(n[a.best.action], 4), n[Bank((5,))]
    (0.4506, 0.0)

    Solo at 4650, 1 5 2 3 3 rolled: banking 150 (at 4800) reaches 5000 within two turns
    (the next one played by the solo engine) more often than rolling on:

    >>> s = cinqmille.new_state(cinqmille.Rules(), 1)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, cinqmille.Roll(()))[0], (1, 5, 2, 3, 3))
    >>> s = dataclasses.replace(s, scores=(4650,), opened=(True,))
    >>> a = advise_state(s)
    >>> [(c.label, round(finish_chances(s, a, turns=2)[1][c.action], 4)) for c in a][:2]
    [('set aside 1 5 and bank 150', 0.659), ('set aside 1 5, roll 3 dice', 0.5573)]
    """
    p = state.current_player
    score = state.scores[p]
    turns = whole("turns", turns, 1, 1000)
    if (not len(advice) or advice.objective not in ("p_duel", "expected_turns")
            or (turns > 1 and advice.objective == "p_duel")
            or 5000 - score - state.turn_points > min(turns, 2) * FINISH_REACH):
        return None
    rules = state.rules
    s = score // UNIT
    o = state.scores[1 - p] // UNIT if advice.objective == "p_duel" else None
    after, _best = _finisher(rules, s, o, advice.objective, turns, nothing)
    m = solo._model(rules)
    u = min(s + state.turn_points // UNIT, m.UC)
    roll = tuple(sorted(state.dice))
    return 5000, {c.action: after(c.keep, "bank" if isinstance(c.action, Bank) else "roll", u,
                                  roll) for c in advice}


#: The engine contract's starts of a race to the target.
solo_start, duel_start = race_starts(turn_start_value, duel_win_probability)

#: The engine contract's ``clear_caches``: every solved table, solo and two-player.
clear_caches = clearing(solo.clear_caches, duel.clear_caches, _finisher.cache_clear)
