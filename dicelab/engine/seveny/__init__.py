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

from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core.dice import roll_distribution, sort_dice
from dicelab.engine.advice import Advice, advise_state_with, clearing, race_starts
from dicelab.engine.seveny import duel, solo
from dicelab.engine.seveny.duel import (
    advise_duel,
    duel_ready,
    duel_table,
    duel_win_probability,
    policy_surface,
    shipped_tables,
    solve_duel,
    table_name,
)
from dicelab.engine.seveny.solo import (
    MAX_SOLVED_TARGET,
    MAX_THRESHOLD,
    OBJECTIVES,
    QUICK_SOLO_TARGET,
    advise,
    advise_solo,
    expected_turn_points,
    expected_turns,
    optimal_points_distribution,
    p_bust,
    prepare,
    solo_ready,
    solve_turns,
    turn_outcome_distribution,
    turn_outcome_matrix,
    turn_points_distribution,
    turn_start_value,
    turns_distribution,
    turns_moments,
)
from dicelab.games._base import Bank
from dicelab.games._checks import check_rules, whole
from dicelab.games.seveny import DICE, Rules, State, settable
from dicelab.games.seveny import score as cycle_score

# The optional parts of the engine contract (dicelab.engine.protocol) this game has not.
warm = None
solo_tables_built = None
build_solo_tables = None

#: The points of one step of the score in :func:`turn_outcome_matrix` and
#: :func:`bank_at_outcome_matrix` (the engine contract's chain over scores).
UNIT = 1

__all__ = [
    "FINISH_BUDGET",
    "finish_chances",
    "MAX_SOLVED_TARGET",
    "MAX_THRESHOLD",
    "UNIT",
    "bank_at_outcome_matrix",
    "clear_rule_cache",
    "OBJECTIVES",
    "QUICK_SOLO_TARGET",
    "advise",
    "advise_duel",
    "advise_solo",
    "advise_state",
    "clear_caches",
    "duel_start",
    "duel",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "expected_turn_points",
    "expected_turns",
    "optimal_points_distribution",
    "p_bust",
    "policy_surface",
    "prepare",
    "solo_ready",
    "solo",
    "solo_start",
    "shipped_tables",
    "solve_duel",
    "table_name",
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
    return advise_state_with(state, objective, state_type=State, game="Seveny",
                             objectives=OBJECTIVES, advise_solo=advise_solo,
                             advise_duel=advise_duel, ready=duel_ready)


@lru_cache(maxsize=32)
def _bank_at_matrix(threshold: int, rules: Any) -> Any:
    target = rules.target
    P = np.zeros((target + 1, target + 1))
    P[target, target] = 1.0
    for s in range(target):
        for k, p in turn_points_distribution(min(threshold, target - s)).items():
            P[s, min(s + k, target)] += float(p)
    P.setflags(write=False)
    return P


def bank_at_outcome_matrix(threshold: int, rules: Any = None) -> Any:
    """``P[s, s2]``: a Seveny turn from score ``s`` under the rule "bank at ``threshold``"
    (:func:`~dicelab.policies.bank_at`) ends at ``s2`` (the target row absorbing).  That
    rule banks once the turn holds ``min(threshold, target - s)`` points (banking the
    target ends the game), so each row is the exact :func:`turn_points_distribution` of
    that threshold, shifted (in floats: ``simulate_fast`` only draws from it).

    >>> from dicelab.games.seveny import Rules
    >>> P = bank_at_outcome_matrix(5, Rules(target=20))
    >>> P.shape, round(float(P[0].sum()), 12), float(P[20, 20])
    ((21, 21), 1.0, 1.0)
    """
    rules = check_rules(Rules, rules, "Seveny")
    threshold = whole("threshold", threshold, 0, MAX_THRESHOLD)
    return _bank_at_matrix(threshold, rules)


def clear_rule_cache() -> None:
    """Forget the matrices of :func:`bank_at_outcome_matrix` (cold runs)."""
    _bank_at_matrix.cache_clear()


#: The endgame reason sums over the rolls of the rest of the turn: it gives up (``None``)
#: past this many roll outcomes weighed (far from the target, where it decides nothing).
FINISH_BUDGET = 3000


class _OverBudget(Exception):
    pass


class _Finisher:
    """The chance to bank the target within the turn from each point of the turn
    (``(memorised, hand)``), for one player's position and objective; remembered (an
    explanation, then the next, ask the same turn); a call gives up past
    :data:`FINISH_BUDGET` roll outcomes weighed."""

    def __init__(self, rules: Any, seat: int, scores: tuple[int, ...], duel_play: bool):
        self.rules, self.seat, self.scores, self.duel_play = rules, seat, scores, duel_play
        self.score = scores[seat]
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}
        self.sets: dict[tuple[tuple[int, ...], tuple[int, ...]], Any] = {}
        self.weighed = 0  # roll outcomes weighed by the current call
        self.too_far: set[tuple[int, tuple[int, ...]]] = set()  # calls that gave up

    def values(self, memorised: int, hand: tuple[int, ...], roll: tuple[int, ...]
               ) -> dict[tuple[Any, str], float]:
        if self.duel_play:
            a, b = self.scores
            return duel.choice_values(self.rules, self.seat, a, b, memorised, hand, roll)
        return {k: -x for k, x in solo.choice_turns(self.rules, self.score, memorised, hand,
                                                     roll).items()}

    def after(self, memorised: int, hand: tuple[int, ...], keep: tuple[int, ...], kind: str
              ) -> float:
        nh = sort_dice(hand + keep)
        pts = memorised + cycle_score(nh)
        if kind == "bank":
            return 1.0 if self.score + pts >= self.rules.target else 0.0
        if len(nh) == DICE:
            return self.chance(pts, ())
        return self.chance(memorised, nh)

    def chance(self, memorised: int, hand: tuple[int, ...]) -> float:
        key = (memorised, hand)
        if key not in self.memo:
            dist = _rolls(DICE - len(hand))
            self.weighed += len(dist)
            if self.weighed > FINISH_BUDGET:
                raise _OverBudget  # the finished sums stay remembered
            total = 0.0
            for roll, prob in dist:
                ok = self.sets.get((hand, roll))
                if ok is None:
                    ok = self.sets[(hand, roll)] = bool(settable(hand, roll))
                if not ok:
                    continue
                vals = self.values(memorised, hand, roll)
                keep, kind = min(vals, key=lambda kk: (-vals[kk], len(kk[0]), kk[0], kk[1]))
                total += prob * self.after(memorised, hand, keep, kind)
            self.memo[key] = total
        return self.memo[key]


@lru_cache(maxsize=16)
def _rolls(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    return tuple((r, float(p)) for r, p in roll_distribution(n).items())


@lru_cache(maxsize=32)
def _finisher(rules: Any, seat: int, scores: tuple[int, ...], duel_play: bool) -> _Finisher:
    return _Finisher(rules, seat, scores, duel_play)


def finish_chances(state: Any, advice: Advice) -> tuple[int, dict[Any, float]] | None:
    """``(target, {action: chance})``: for each choice of ``advice``, the chance that the
    player to move banks the target score (or more) within this turn, the rest of the turn
    played by the engine's own choices (the advice's objective: two-player ``p_duel``, or
    solo ``expected_turns``; ``None`` for a points objective).  ``None`` when the sum
    would weigh more than :data:`FINISH_BUDGET` roll outcomes: the coach's endgame reason.

    48 of 50, solo, 1 2 2 3 4 6 6 rolled: banking the 1 stops at 49; setting it aside and
    rolling six dice reaches 50 within the turn 19 times in 20.

    >>> import dataclasses
    >>> from dicelab.games import seveny
    >>> s = seveny.new_state(seveny.Rules())
    >>> s, _ = seveny.roll_outcome(seveny.step(s, seveny.Roll(()))[0], (1, 2, 2, 3, 4, 6, 6))
    >>> s = dataclasses.replace(s, scores=(48,))
    >>> a = advise_state(s)
    >>> target, x = finish_chances(s, a)
    >>> target, a.best.label, round(x[a.best.action], 4), x[Bank((1,))]
    (50, 'set aside 1, roll 6 dice', 0.9552, 0.0)
    """
    if not len(advice) or advice.objective not in ("p_duel", "expected_turns"):
        return None
    p = state.current_player
    f = _finisher(state.rules, p, tuple(state.scores), advice.objective == "p_duel")
    f.weighed = 0
    hand, memorised = tuple(state.hand), state.memorised
    if (memorised, hand) in f.too_far:
        return None
    try:
        return state.rules.target, {
            c.action: f.after(memorised, hand, c.keep,
                              "bank" if isinstance(c.action, Bank) else "roll")
            for c in advice}
    except _OverBudget:
        f.too_far.add((memorised, hand))
        return None


#: The engine contract's starts of a race to the target.
solo_start, duel_start = race_starts(turn_start_value, duel_win_probability)

#: The engine contract's ``clear_caches``: every solved table, solo and two-player.
clear_caches = clearing(solo.clear_caches, duel.clear_caches, _finisher.cache_clear,
                        clear_rule_cache)
