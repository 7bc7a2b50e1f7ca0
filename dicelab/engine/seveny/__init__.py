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

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from dicelab.core.dice import sort_dice
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
from dicelab.games.seveny import DICE, Rules, State
from dicelab.games.seveny import score as cycle_score

# The optional parts of the engine contract (dicelab.engine.protocol) this game has not.
warm = None
solo_tables_built = None
build_solo_tables = None

#: The points of one step of the score in :func:`turn_outcome_matrix` and
#: :func:`bank_at_outcome_matrix` (the engine contract's chain over scores).
UNIT = 1

__all__ = [
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


class _TurnPlay:
    """The rest of one turn of the seat to move at one position, played by the engine's own
    choices: at each roll, the set-aside and the bank or roll of least value (the solo
    engine's expected turns, or the two-player engine's ``-P(win)``), ties broken as the
    advice ranks them (fewer dice set aside, then the dice, then ``Bank`` before ``Roll``).

    Exact, with no budget: each memorised total ``M`` is solved once, every hand at once
    (one pass over the hand sizes, from the fullest down, as the solvers sweep a turn), and
    remembered; a payoff of the turn's banked total (:meth:`expect`) then costs one more
    pass per total.  A turn reaches only the totals at which the engine rolls on.
    """

    def __init__(self, rules: Any, seat: int, scores: tuple[int, ...], duel_play: bool):
        self.rules, self.seat, self.scores, self.duel_play = rules, seat, scores, duel_play
        self.score = scores[seat]
        self.choices: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # M -> (slot, banks)
        self.rolls: dict[int, np.ndarray] = {}  # M -> cycle sizes k rolled on
        self.payoffs: dict[Any, dict[int, np.ndarray]] = {}  # payoff key -> M -> F[M, h]
        t = solo._tables()
        self.nh, self.hand_scores = len(t.hands), t.scores
        self.ks = np.arange(solo.MAX_SCORE + 1)  # a completed cycle's points (2 to 13)
        if duel_play:
            a, b = scores
            self.pos = duel._position(rules, seat, a, b)
        else:
            sol = solo.solve_turns(rules)
            self.sol = sol
            target = rules.target
            self.E = np.append(np.asarray(sol.E, dtype=float)[:target], 0.0)

    # the engine's values (lower is better) of banking and of rolling on, slot by slot
    def _values(self, m: int) -> tuple[np.ndarray, np.ndarray]:
        nh = self.nh
        totals = np.concatenate([m + self.hand_scores, m + self.ks])
        vroll = np.empty(nh + len(self.ks))
        if self.duel_play:
            pos = self.pos
            vbank = pos.bank[np.minimum(totals, len(pos.bank) - 1)]
            vroll[:nh] = pos.row(m)
            vroll[nh:] = [pos.start(m + k) if 0 < k and m + k < pos.n else np.inf
                          for k in self.ks]
        else:
            s, target, sol = self.score, self.rules.target, self.sol
            vbank = self.E[np.minimum(s + totals, target)]
            t = solo._tables()
            vroll[:nh] = sol.R[s][m] if m < target - s else t.pbust * self.E[s]
            vroll[nh:] = [sol.R[s][m + k][0] if 0 < k and m + k < target - s else np.inf
                          for k in self.ks]
        return vbank, vroll

    def _choose(self, m: int) -> tuple[np.ndarray, np.ndarray]:
        """Every group's chosen slot and whether it banks (the groups of
        :func:`_groups`, every hand size at once)."""
        if m not in self.choices:
            vbank, vroll = self._values(m)
            banks = vbank <= vroll  # Bank before Roll on a tie
            best = np.where(banks, vbank, vroll)
            g = _groups()
            first = np.minimum.reduceat(best[g.cand] + g.rank, g.starts).imag.astype(np.int64)
            j = g.cand[first]
            b = banks[j]
            self.choices[m] = (j, b)
            cyc = np.unique(j[~b & (j >= self.nh)] - self.nh)
            self.rolls[m] = self.ks[cyc]
        return self.choices[m]

    def expect(self, key: Any, payoff: Any, m: int) -> np.ndarray:
        """``F[h]``: the mean of ``payoff(total)`` (the turn's banked total; a bust banks
        ``0``), rolling from each hand ``h`` with ``m`` memorised points (``key`` names the
        payoff: its sums are remembered)."""
        memo = self.payoffs.setdefault(key, {})
        todo = [m]
        while todo:  # the totals reached by rolling on after a completed cycle, first
            top = todo[-1]
            if top in memo:
                todo.pop()
                continue
            self._choose(top)
            need = [top + k for k in self.rolls[top] if top + k not in memo]
            if need:
                todo.extend(need)
                continue
            todo.pop()
            memo[top] = self._sweep(top, payoff, memo)
        return memo[m]

    def _sweep(self, m: int, payoff: Any, memo: dict[int, np.ndarray]) -> np.ndarray:
        g = _groups()
        nh = self.nh
        totals = np.concatenate([m + self.hand_scores, m + self.ks])
        j, b = self._choose(m)
        banked = np.asarray(payoff(totals), dtype=float)[j]  # each group's bank, if it banks
        # the value of rolling on from each slot: a hand (filled from the fullest down),
        # or a completed cycle (seven fresh dice at a higher memorised total)
        V = np.zeros(nh + len(self.ks))
        V[nh:] = [memo[m + k][0] if m + k in memo else 0.0 for k in self.ks]
        bust = float(payoff(np.array([0]))[0])
        for lo, hi, glo, ghi, hand, prob, pbust in g.levels:
            x = np.where(b[glo:ghi], banked[glo:ghi], V[j[glo:ghi]])
            V[lo:hi] = np.bincount(hand, weights=prob * x, minlength=hi - lo) + pbust * bust
        return V[:nh].copy()

    def after(self, key: Any, payoff: Any, memorised: int, hand: tuple[int, ...],
              keep: tuple[int, ...], bank: bool) -> float:
        """The mean payoff of setting ``keep`` aside from ``hand``, then banking or rolling
        on (the rest of the turn by the engine's choices)."""
        nh_ = sort_dice(hand + keep)
        pts = memorised + cycle_score(nh_)
        if bank:
            return float(payoff(np.array([pts]))[0])
        if len(nh_) == DICE:
            return float(self.expect(key, payoff, pts)[0])
        return float(self.expect(key, payoff, memorised)[solo._tables().index[nh_]])


@dataclass(frozen=True)
class _Groups:
    """The groups of rolls of every hand (:func:`solo._ranked_levels`), every hand size in
    one row: ``cand`` each group's slots in rank order, ``rank`` their place in the row
    (imaginary, for a lexicographic minimum: the first best), ``starts`` where each group's
    begin; ``levels``, from the
    fullest hand down: (hands ``lo:hi``, groups ``glo:ghi``, each group's hand, probability,
    and each hand's chance to bust)."""

    cand: np.ndarray
    rank: np.ndarray
    starts: np.ndarray
    levels: tuple[tuple[int, int, int, int, np.ndarray, np.ndarray, np.ndarray], ...]


@cache
def _groups() -> _Groups:
    t = solo._tables()
    cand, starts, spans = [], [], []
    n = g0 = 0
    for (tg, _isb, st, _lens), lv in zip(solo._ranked_levels(), reversed(t.levels),
                                         strict=True):
        c = tg[::2]
        cand.append(c)
        starts.append(st // 2 + n)
        n += len(c)
        spans.append((lv.lo, lv.hi, g0, g0 + len(st), lv.group_hand, lv.prob, lv.pbust))
        g0 += len(st)
    return _Groups(np.concatenate(cand), 1j * np.arange(n), np.concatenate(starts),
                   tuple(reversed(spans)))


@lru_cache(maxsize=32)
def _turn_play(rules: Any, seat: int, scores: tuple[int, ...], duel_play: bool) -> _TurnPlay:
    return _TurnPlay(rules, seat, scores, duel_play)


@lru_cache(maxsize=32)
def _within(rules: Any, turns: int) -> np.ndarray:
    """``G[s]``: the chance that solo play from the start of a turn at score ``s`` reaches
    the target within ``turns`` turns (the solo engine's turn-start chain)."""
    P = turn_outcome_matrix(rules)
    G = np.zeros(rules.target + 1)
    G[-1] = 1.0
    for _ in range(turns):
        G = P @ G
    return G


def finish_chances(state: Any, advice: Advice, turns: int = 1, *, nothing: bool = False
                   ) -> tuple[int, dict[Any, float]] | None:
    """``(target, {action: chance})``: for each choice of ``advice``, the chance that the
    player to move banks the target score (or more) within this turn, the rest of the turn
    played by the engine's own choices (the advice's objective: two-player ``p_duel``, or
    solo ``expected_turns``; ``None`` for a points objective): the coach's endgame reason.
    Exact, whatever the distance to the target (each memorised total of the turn is solved
    once, every hand at once, and remembered for the turn's next decisions).

    ``turns`` (solo only; ``None`` with two players): within this turn and the next
    ``turns - 1``, the later turns played by the solo engine (its chain of turn starts,
    :func:`turn_outcome_matrix`).

    ``nothing=True``: instead, the chance that the turn banks nothing (a bust, or a bank
    of no points), the rest of the turn played the same way.

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

    Within two turns (the next one needs one point after a bank at 49), rolling on still
    finishes more often:

    >>> _, x2 = finish_chances(s, a, turns=2)
    >>> round(x2[a.best.action], 4), round(x2[Bank((1,))], 4)
    (0.9988, 0.9847)

    Two players, target 20, 14 against 18, 1 1 2 3 4 6 6 rolled: setting a 6 aside reaches
    20 within the turn a little more often, but setting a 1 aside banks nothing less often.

    >>> s = seveny.new_state(seveny.Rules(target=20), 2)
    >>> s, _ = seveny.roll_outcome(seveny.step(s, seveny.Roll(()))[0], (4, 1, 3, 6, 6, 1, 2))
    >>> s = dataclasses.replace(s, scores=(18, 14), current_player=1)
    >>> a = advise_state(s, objective="p_duel")
    >>> a.best.label, finish_chances(s, a, turns=2)
    ('set aside 1, roll 6 dice', None)
    >>> one, six = seveny.Roll((1,)), seveny.Roll((6,))
    >>> _, x = finish_chances(s, a)
    >>> _, n = finish_chances(s, a, nothing=True)
    >>> [round(v[c], 4) for v in (x, n) for c in (one, six)]
    [0.4379, 0.4415, 0.3946, 0.4698]
    """
    if not len(advice) or advice.objective not in ("p_duel", "expected_turns"):
        return None
    turns = whole("turns", turns, 1, 1000)
    duel_play = advice.objective == "p_duel"
    if duel_play and turns > 1:
        return None
    p = state.current_player
    rules, score = state.rules, state.scores[p]
    target = rules.target
    play = _turn_play(rules, p, tuple(state.scores), duel_play)
    G = _within(rules, turns - 1) if turns > 1 else None

    def payoff(totals: Any) -> Any:
        if nothing:
            return (np.asarray(totals) == 0).astype(float)
        ends = np.minimum(score + np.asarray(totals), target)
        return (ends >= target).astype(float) if G is None else G[ends]

    hand, memorised = tuple(state.hand), state.memorised
    name = "nothing" if nothing else turns
    return target, {c.action: play.after(name, payoff, memorised, hand, c.keep,
                                          isinstance(c.action, Bank)) for c in advice}


#: The engine contract's starts of a race to the target.
solo_start, duel_start = race_starts(turn_start_value, duel_win_probability)

#: The engine contract's ``clear_caches``: every solved table, solo and two-player.
clear_caches = clearing(solo.clear_caches, duel.clear_caches, _turn_play.cache_clear,
                        _within.cache_clear, clear_rule_cache)
