"""Exact odds and the optimal solo solver for 5000.

Every number comes from the rule functions of :mod:`dicelab.games.cinqmille`
(``scoring_options``, ``set_aside_result``, ``keep_bank_refusal``,
``total_bank_refusal``), evaluated once into tables.

Positions inside a turn are ``(s, u, n)``: banked score ``s``, score plus turn
points ``u`` (both in units of 50 points) and ``n`` dice about to be rolled.
Opening depends only on ``s`` (a player has opened exactly when ``s > 0``).

* Expected points (``expected_points``): a bust or an overshoot is worth 0,
  banking is worth the turn's points.  One backward pass over ``u``.
* Expected turns (solo, F10): ``V[s]`` is the expected number of turns from
  the start of a turn at score ``s``; ``V[5000] = 0``.  Inside the turn a bust
  returns to ``V[s]`` itself, so each score is a one-dimensional fixed point
  ``V[s] = 1 + R_s(V[s])`` where ``R_s`` is concave and piecewise linear.
  A sweep over ``u`` from the top down computes every ``R_s(u, n)`` for all
  scores at once (numpy, vectorised over ``s`` and over every set-aside of
  every roll) together with its derivative in ``V[s]``, and applies one Newton
  step to ``V[u]`` when the sweep reaches ``u = s``.  Newton on a concave
  piecewise linear equation, started above the root, is exact once the policy
  stops changing; sweeps stop when no value moves by more than 1e-13, and each
  sweep revisits only the scores up to the highest one that still moved.

Speed: a set-aside matters to the solver only through its *effect*
(dice left to roll, points, whether a bank may follow), and a roll only through
the set of its effects, so the 461 rolls of 1–5 dice fall into 93 groups whose
probabilities are summed exactly once (:class:`_Model`); each step values every
effect once, takes each group's best, and one product gives every ``n``.

6-dice variant: banking at 5000 or more wins, so totals at or above
``5000 + min_bank`` behave alike and are clamped to one column, itself a small
fixed point solved by iteration.  Points past 5000 count as ``5000 - score``.

>>> from dicelab.games.cinqmille import Rules
>>> p_bust(5)
Fraction(25, 324)
>>> round(expected_turn_points(Rules(), score=1000), 2)
317.39
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.dice import (
    multisets,
    probability,
    roll_distribution,
    roll_probabilities,
    validate_dice,
)
from dicelab.core.errors import DicelabError, IllegalMove, brief
from dicelab.engine.advice import Advice, Choice, deciding, rank
from dicelab.engine.buckets import bucket_bounds
from dicelab.engine.markov import MAX_TURNS, absorbing_moments, absorbing_turns
from dicelab.games import _base
from dicelab.games._checks import check_objective, check_rules, check_state, whole
from dicelab.games.cinqmille import (
    DEFAULT_RULES,
    OVERSHOOT,
    TARGET,
    UNIT,
    WIN,
    Rules,
    State,
    is_five_ones,
    keep_bank_refusal,
    scoring_options,
    set_aside_result,
    total_bank_refusal,
)

TOP = TARGET // UNIT  # 100
_NONE, _WIN, _OVER = 0, 1, 2
_INF = float("inf")
BUCKET_OVERHEAD = 64  # padded rows one more bucket of groups costs (numpy call overhead)
#: The most a single roll can score (six 1s with 6 dice: two brelans of 1).
MAX_ROLL_POINTS = 2000
#: Turn points beyond this are out of reach of a turn worth playing on (6 dice: banking at
#: 5000 or more wins): ``advise`` refuses them.
MAX_TURN_POINTS = TARGET + MAX_ROLL_POINTS
#: The solo objectives :func:`advise` ranks by (the first is the default: lowest first).
OBJECTIVES = ("expected_turns", "expected_points")
#: The phases in which the player to move has a choice (advice is empty otherwise).
DECISION_PHASES = ("choose",)

__all__ = [
    "MAX_ROLL_POINTS",
    "MAX_TURN_POINTS",
    "DECISION_PHASES",
    "OBJECTIVES",
    "TOP",
    "PointsSolution",
    "TurnsSolution",
    "advise",
    "advise_solo",
    "clear_caches",
    "expected_turn_points",
    "expected_turns",
    "p_bust",
    "prepare",
    "prepared",
    "solve_points",
    "solve_turns",
    "turn_outcome_distribution",
    "turn_outcome_matrix",
    "turn_points_distribution",
    "turn_start_value",
    "turns_distribution",
    "turns_moments",
]


def _rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "5000")


# ------------------------------------------------------------------ exact odds
def p_bust(n: int, rules: Rules | None = None) -> Fraction:
    """Exact probability that a roll of ``n`` dice scores nothing (F3).

    >>> p_bust(1), p_bust(2), p_bust(6, Rules(dice=6))
    (Fraction(2, 3), Fraction(4, 9), Fraction(5, 162))
    """
    rules = _rules(rules)
    return _p_bust(whole("n", n, 1, rules.dice, error=IllegalMove), rules)


@cache
def _p_bust(n: int, rules: Rules) -> Fraction:
    return probability(n, lambda d: not scoring_options(d, rules))


p_bust.cache_clear = _p_bust.cache_clear  # type: ignore[attr-defined]  # as when it was cached


# ------------------------------------------------------------------ the model
@dataclass(frozen=True)
class _Model:
    """Every roll's set-asides, grouped for the solver, plus the score/total rule tables.

    The solver values each distinct set-aside *effect* (dice to roll next, points,
    bankable) once per step.  A roll's value is the best of its effects, and rolls whose
    effects are the same set are worth the same: they form one *group*, whose probability
    for ``n`` dice is the sum of theirs (exact fractions, then floats).  The two extra
    effect rows ``E`` (bust: no set-aside) and ``E + 1`` (five 1s: a win) close the list, so
    every roll of 1..N dice is in exactly one group.
    """

    rules: Rules
    N: int
    UC: int  # clamp column of u (6 dice); TOP with 5 dice
    W: int  # width of the u axis of the tables
    probs: tuple[Any, ...]  # probs[n]: float probabilities of multisets(n)
    opt_next: Any  # distinct set-aside effects: dice to roll after the set-aside,
    opt_p: Any  # its points (units),
    opt_bankable: Any  # and whether the keep allows banking (no full hand, 6 dice: no brelan)
    groups: tuple[frozenset[int], ...]  # effect rows of each group (sorted by size)
    grp_PT: Any  # (N, groups): probability that a roll of n dice falls in each group
    buckets: tuple[tuple[int, int, Any], ...]  # (first, stop, (groups, k) effect rows)
    kind: Any  # (TOP, W + maxp): _NONE/_WIN/_OVER of a set-aside reaching u'
    bank_ok: Any  # (TOP, W): the total allows banking
    flat_u: Any  # (W, E): row of R[n, u'] (as R.reshape(-1, TOP)) each effect reaches from u
    u2c_u: Any  # (W, E): the total each effect reaches from u, clamped to UC
    win_u: Any  # (W, E, TOP): from total u at score s, the effect wins at once
    over_u: Any  # (W, E, TOP): ... or overshoots 5000 (the turn is lost)
    allowed_u: Any  # (W, E, TOP): ... or may be followed by a bank
    options: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], int, int, bool], ...]]


@cache
def _model(rules: Rules) -> _Model:
    N = rules.dice
    UC = TOP + (math.ceil(rules.min_bank / UNIT) if N == 6 else 0)
    probs: list[Any] = [None]
    options: dict[tuple[int, ...], Any] = {}
    rolls: list[tuple[int, Fraction, Any]] = []  # (n, probability, effects or "win")
    for n in range(1, N + 1):
        probs.append(roll_probabilities(n))
        for o, p in roll_distribution(n).items():
            info = tuple((keep, pts // UNIT, n - len(keep) or N,
                          keep_bank_refusal(rules, keep, n) is None)
                         for keep, pts in scoring_options(o, rules))
            options[o] = info
            five = is_five_ones(o, rules)
            rolls.append((n, p, "win" if five else frozenset((x[2], x[1], x[3]) for x in info)))
    effects = sorted({e for _, _, es in rolls if es != "win" for e in es})
    E = len(effects)
    eidx = {e: i for i, e in enumerate(effects)}
    mass: dict[frozenset[int], list[Fraction]] = {}
    for n, p, es in rolls:
        key = frozenset((E + 1,)) if es == "win" else (
            frozenset(eidx[e] for e in es) or frozenset((E,)))
        mass.setdefault(key, [Fraction(0)] * N)[n - 1] += p
    groups = tuple(sorted(mass, key=lambda g: (len(g), sorted(g))))
    grp_PT = np.array([[float(mass[g][n]) for g in groups] for n in range(N)])
    buckets = []
    for first, stop in bucket_bounds([len(g) for g in groups], BUCKET_OVERHEAD):
        k = len(groups[stop - 1])  # the largest: smaller groups repeat their last row
        rows = [sorted(g) for g in groups[first:stop]]
        buckets.append((first, stop, np.array([r + r[-1:] * (k - len(r)) for r in rows],
                                              dtype=np.intp)))
    maxp = max(p for _, p, _ in effects)
    W = UC + 1
    kind = np.zeros((TOP, W + maxp + 1), dtype=np.int8)
    bank_ok = np.zeros((TOP, W), dtype=bool)
    for s in range(TOP):
        opened = s > 0
        for u in range(s, W + maxp + 1):
            r = set_aside_result(rules, s * UNIT, (u - s) * UNIT)
            kind[s, u] = _WIN if r == WIN else _OVER if r == OVERSHOOT else _NONE
            if u < W:
                bank_ok[s, u] = total_bank_refusal(rules, s * UNIT, opened, (u - s) * UNIT) is None
    nxt, pts, bankable = (np.asarray(x) for x in zip(*effects))
    nxt, pts, bankable = nxt.astype(np.intp), pts.astype(np.intp), bankable.astype(bool)
    # what each effect does from each total u (the rows of the solver's step), precomputed
    u2 = np.arange(W)[:, None] + pts[None, :]
    u2c = np.minimum(u2, UC)
    kind_u = kind.T[u2]  # (W, E, TOP)
    allowed_u = bank_ok.T[u2c] & bankable[None, :, None]
    return _Model(
        rules, N, UC, W, tuple(probs), nxt, pts, bankable, groups, grp_PT, tuple(buckets),
        kind, bank_ok, nxt[None, :] * (W + 1) + u2c, u2c, kind_u == _WIN, kind_u == _OVER,
        allowed_u, options,
    )


def _group_best(m: _Model, X: Any) -> tuple[Any, list[Any]]:
    """``best[g, s]``: the lowest of the effect rows ``X[e, s]`` of each group (and the
    gathered rows, bucket by bucket, for :func:`_group_slope`)."""
    best = np.empty((len(m.groups), X.shape[1]))
    taken = []
    for first, stop, rows in m.buckets:
        x = X[rows]  # (groups of this size, size, S)
        taken.append(x)
        np.minimum.reduce(x, axis=1, out=best[first:stop])
    return best, taken


def _group_slope(m: _Model, DX: Any, best: Any, taken: list[Any]) -> Any:
    """The derivative of each group's best value: the largest ``DX`` among the effects
    that reach the minimum (the same tie rule as one set-aside at a time)."""
    out = np.empty_like(best)
    for (first, stop, rows), x in zip(m.buckets, taken):
        d = np.where(x <= best[first:stop, None, :], DX[rows], -_INF)
        np.maximum.reduce(d, axis=1, out=out[first:stop])
    return out


def _step(m: _Model, u: int, lo: int, hi: int, R: Any, D: Any | None, bust: Any, win: Any,
          bank: Any) -> None:
    """Fill ``R[n, u, lo:hi]`` (and ``D``) for every n: the value of rolling n dice at total
    u, for the scores ``lo <= s < hi``.

    ``R`` has shape ``(N + 1, W + 1, TOP)``.  Values are minimised (turns; points are
    negated).  ``bust``/``win``: the value of a bust/overshoot and of a win for each score;
    ``bank(lo, hi, u2)``: the value of banking at totals ``u2`` (shape ``(len(u2), S)``).
    Each distinct set-aside effect is valued once; each group of rolls (same effects) takes
    the best of its effects; one product with the groups' probabilities gives every n.
    """
    E = len(m.opt_p)
    S = hi - lo
    flat, u2c = m.flat_u[u], m.u2c_u[u]
    is_win, is_over = m.win_u[u, :, lo:hi], m.over_u[u, :, lo:hi]
    rv = R.reshape(-1, TOP)[flat, lo:hi]  # (E, S)
    bv = np.where(m.allowed_u[u, :, lo:hi], bank(lo, hi, u2c), _INF)
    X = np.empty((E + 2, S))
    np.minimum(rv, bv, out=X[:E])
    np.copyto(X[:E], bust, where=is_over)
    np.copyto(X[:E], win, where=is_win)
    X[E] = bust
    X[E + 1] = win
    best, taken = _group_best(m, X)
    R[1:, u, lo:hi] = m.grp_PT @ best
    if D is not None:
        DX = np.empty((E + 2, S))
        DX[:E] = D.reshape(-1, TOP)[flat, lo:hi]
        np.copyto(DX[:E], 0.0, where=rv > bv)  # banking: its value does not move with V[s]
        np.copyto(DX[:E], 1.0, where=is_over)
        np.copyto(DX[:E], 0.0, where=is_win)
        DX[E] = 1.0
        DX[E + 1] = 0.0
        D[1:, u, lo:hi] = m.grp_PT @ _group_slope(m, DX, best, taken)


def _clamp_column(m: _Model, lo: int, hi: int, R: Any, D: Any, bust: Any, win: Any,
                  bank: Any) -> None:
    """6 dice: the column u = UC refers to itself; iterate to a fixed point.

    The iteration starts from the column's current values (zeros at first, then
    the previous sweep's), a contraction by the chance of a forced roll.
    """
    for _ in range(500):
        old = R[:, m.UC, lo:hi].copy()
        _step(m, m.UC, lo, hi, R, D, bust, win, bank)
        if np.max(np.abs(R[:, m.UC, lo:hi] - old)) < 1e-15:
            break


def _scores_at(u: int, lowest: int) -> Any:
    return np.arange(lowest, min(u, TOP - 1) + 1)


@dataclass(frozen=True)
class PointsSolution:
    """Expected banked points (in units of 50) of every position, maximising them."""

    model: _Model
    EP: Any  # (N + 1, TOP, W): EP[n, s, u]


@dataclass(frozen=True)
class TurnsSolution:
    """Minimal expected turns to reach 5000 (solo), for every position.

    ``V[s]``: from the start of a turn at score ``s`` (units); ``R[n, s, u]``:
    expected turns *after* the current one when about to roll ``n`` dice.
    """

    model: _Model
    V: Any
    R: Any
    sweeps: int
    lowest: int


_POINTS: dict[Rules, PointsSolution] = {}
_TURNS: dict[tuple[Rules, int], TurnsSolution] = {}


def clear_caches() -> None:
    """Forget every solved table (benchmarks: cold runs)."""
    _POINTS.clear()
    _TURNS.clear()
    _model.cache_clear()
    _p_bust.cache_clear()
    _distribution.cache_clear()
    _ordered_groups.cache_clear()
    _OUTCOMES.clear()
    clear_rule_cache()


def clear_rule_cache() -> None:
    """Forget the "bank at N" turn matrices (:func:`bank_at_outcome_matrix`)."""
    _RULE_OUTCOMES.clear()
    _rule_candidates.cache_clear()


def solve_points(rules: Rules = DEFAULT_RULES) -> PointsSolution:
    """Expected banked points of a turn from every position (cached)."""
    rules = _rules(rules)
    if rules in _POINTS:
        return _POINTS[rules]
    m = _model(rules)
    R = np.zeros((m.N + 1, m.W + 1, TOP))  # R[n, u, s]
    cap = np.arange(TOP)  # points of a win: 5000 - score

    def bank(lo: int, hi: int, u2c: Any) -> Any:
        return -(np.minimum(u2c[:, None], TOP) - cap[None, lo:hi]).astype(float)

    top = m.UC if m.N == 6 else TOP - 1
    for u in range(top, -1, -1):
        hi = min(u, TOP - 1) + 1
        zero = np.zeros(hi)
        win = -(TOP - cap[:hi]).astype(float)
        if u == m.UC and m.N == 6:
            _clamp_column(m, 0, hi, R, None, zero, win, bank)
        else:
            _step(m, u, 0, hi, R, None, zero, win, bank)
    sol = PointsSolution(m, np.ascontiguousarray(-R.transpose(0, 2, 1)))
    _POINTS[rules] = sol
    return sol


def solve_turns(rules: Rules = DEFAULT_RULES, lowest: int = 0, *, tol: float = 1e-13,
                max_sweeps: int = 200) -> TurnsSolution:
    """Solve the solo game (F10) for every score from ``lowest`` (points) up (cached)."""
    rules = _rules(rules)
    lo = _check_score(lowest, rules)
    for (r, lw), sol in _TURNS.items():
        if r == rules and lw <= lo:
            return sol
    m = _model(rules)
    V = np.full(TOP + 1, 1000.0)  # start above the root: Newton then descends to it
    V[TOP] = 0.0
    R = np.zeros((m.N + 1, m.W + 1, TOP))  # R[n, u, s]
    D = np.zeros_like(R)
    Vb = np.zeros(m.W + 1)

    def bank(lo: int, hi: int, u2c: Any) -> Any:
        return Vb[u2c][:, None]

    top = m.UC if m.N == 6 else TOP - 1
    sweeps = 0
    active = TOP  # scores lo..active-1 still move; those above have converged
    for sweeps in range(1, max_sweeps + 1):  # noqa: B007
        progress.check()  # a background prepare() cancelled: stop here, nothing cached
        old = V.copy()
        for u in range(top, lo - 1, -1):
            hi = min(u + 1, active)
            xs = V[lo:hi].copy()
            win = np.zeros(hi - lo)
            if u == m.UC and m.N == 6:
                _clamp_column(m, lo, hi, R, D, xs, win, bank)
            else:
                _step(m, u, lo, hi, R, D, xs, win, bank)
            if u < active:
                r, b = R[m.N, u, u], D[m.N, u, u]
                # Newton step on V = 1 + R(V); b < 1 above the root (b = 1 would mean a
                # sure bust, so V is still far too low: move up)
                V[u] = (1.0 + r - b * V[u]) / (1.0 - b) if b < 1.0 else 2.0 * V[u] + 1.0
                Vb[u] = V[u]
        moved = np.flatnonzero(np.abs(V - old) >= tol)
        if not len(moved):
            break
        # a score whose value and higher values no longer move is done: the next sweep
        # revisits only the scores up to the highest one that moved
        active = int(moved[-1]) + 1
    sol = TurnsSolution(m, V, np.ascontiguousarray(R.transpose(0, 2, 1)), sweeps, lo)
    _TURNS[(rules, lo)] = sol
    return sol


#: One build of the advice's tables at a time: an advice asked while :func:`prepare` runs
#: in the background waits for it instead of building the same tables again.
_PREPARE_LOCK = threading.RLock()


def prepared(rules: Rules | None = None) -> bool:
    """Whether the first solo advice of ``rules`` costs milliseconds: its model and its
    expected-turns and expected-points tables are built in this process.

    >>> prepare(Rules()); prepared(Rules())
    True
    """
    rules = _rules(rules)
    return rules in _POINTS and (rules, 0) in _TURNS


def prepare(rules: Rules | None = None) -> None:
    """Build everything the solo advice of ``rules`` reads (the model, :func:`solve_turns`
    and :func:`solve_points`; cached): about 0.3 s of CPU the first time in a process, which
    the apps run in the background when they open
    (:func:`dicelab.analysis.solving.warm_solo_in_background`), so that a student's first
    decision does not wait for it. Cancellable between the solve's sweeps
    (:func:`dicelab.core.progress.check`)."""
    rules = _rules(rules)
    with _PREPARE_LOCK:
        _model(rules)
        solve_turns(rules)
        solve_points(rules)


def expected_turns(rules: Rules | None = None) -> float:
    """Solo (F10): minimal expected number of turns from 0 to 5000 (cached per Rules).

    >>> round(expected_turns(Rules()), 4)
    18.8637
    """
    return float(solve_turns(_rules(rules)).V[0])


def turn_start_value(score: int, rules: Rules | None = None) -> float:
    """Expected turns to finish from ``score`` at the start of a turn (optimal solo play).

    >>> turn_start_value(5000)
    0.0
    """
    rules = _rules(rules)
    s = _check_score(score, rules)
    return float(solve_turns(rules).V[s])


def expected_turn_points(rules: Rules | None = None, score: int = 0) -> float:
    """Maximal expected banked points of one turn started at ``score``.

    >>> round(expected_turn_points(Rules()), 2)  # must open with 750
    217.1
    """
    rules = _rules(rules)
    s = _check_score(score, rules)
    if s == TOP:
        return 0.0
    return float(solve_points(rules).EP[rules.dice, s, s] * UNIT)


def _check_score(score: int, rules: Rules) -> int:
    if isinstance(score, bool) or not isinstance(score, (int, np.integer)):
        raise IllegalMove("score must be a whole number of points; got {score}",
                          score=brief(score))
    if score % UNIT or not 0 <= score <= TARGET:
        raise IllegalMove("score must be a multiple of 50 from 0 to 5000; got {score}",
                          score=brief(score))
    return int(score) // UNIT


# ------------------------------------------------------------------ distribution
def turn_points_distribution(rules: Rules | None = None, score: int = 0) -> dict[int, float]:
    """Distribution of one turn's banked points under the points-maximising policy.

    0 collects busts and overshoots; a win (exactly 5000, five 1s, or 5000+
    with 6 dice) counts ``5000 - score``.

    >>> d = turn_points_distribution(Rules(), 1000)
    >>> round(sum(d.values()), 12), round(sum(k * v for k, v in d.items()), 2)
    (1.0, 317.39)
    """
    rules = _rules(rules)
    s = _check_score(score, rules)
    return dict(_distribution(rules, s))


@cache
def _distribution(rules: Rules, s: int) -> tuple[tuple[int, float], ...]:
    if s == TOP:
        return ((0, 1.0),)
    sol = solve_points(rules)
    m, EP = sol.model, sol.EP
    mass: dict[tuple[int, int], float] = {(s, m.N): 1.0}
    out: dict[int, float] = {}

    def add(points: int, p: float) -> None:
        out[points] = out.get(points, 0.0) + p

    for u in range(s, m.UC + 1):
        for n in range(1, m.N + 1):
            p0 = mass.pop((u, n), 0.0)
            if not p0:
                continue
            if u == m.UC and m.N == 6:  # clamped column: winning-bank states
                _clamped_mass(m, EP, s, n, p0, add)
                continue
            for o, po in zip(multisets(n), m.probs[n]):
                p = p0 * float(po)
                if is_five_ones(o, rules):
                    add(TOP - s, p)
                    continue
                best, move = -1.0, None
                for _keep, pts, left, bankable in m.options[o]:
                    v, mv = _option_points(m, EP, s, u + pts, left, bankable)
                    if v > best + 1e-12:
                        best, move = v, mv
                if move is None:
                    add(0, p)
                elif move[0] == "end":
                    add(move[1], p)
                else:
                    key = (move[1], move[2])
                    mass[key] = mass.get(key, 0.0) + p
    return tuple(sorted((k * UNIT, v) for k, v in out.items()))


def _option_points(m: _Model, EP: Any, s: int, u2: int, left: int,
                   bankable: bool) -> tuple[float, tuple]:
    kind = m.kind[s, u2]
    if kind == _WIN:
        return float(TOP - s), ("end", TOP - s)
    if kind == _OVER:
        return 0.0, ("end", 0)
    u2c = min(u2, m.UC)
    roll = float(EP[left, s, u2c])
    if bankable and m.bank_ok[s, u2c]:
        b = float(min(u2c, TOP) - s)
        if b >= roll:
            return b, ("end", int(b))
    return roll, ("roll", u2c, left)


def _clamped_mass(m: _Model, EP: Any, s: int, n: int, p0: float, add: Any) -> None:
    """6 dice, total past 5000 + min_bank: the turn either wins or busts."""
    p_win = float(EP[n, s, m.UC]) / (TOP - s)
    add(TOP - s, float(p0 * p_win))
    add(0, float(p0 * (1.0 - p_win)))


# ------------------------------------------------------------------ advice
def advise(roll: Iterable[int], *, turn_points: int, score: int,
           rules: Rules | None = None, opened: bool | None = None, pending: bool = False,
           objective: str | None = None) -> Advice:
    """Every legal set-aside of ``roll`` followed by ``Bank`` or by ``Roll``, best first.

    Figures: ``p_bust`` (rolling: the next roll scores nothing; 0 for banking or
    winning, 1 for an overshoot), ``expected_points`` (the turn's expected
    banked points, maximising them), ``expected_turns`` (solo: expected turns
    to finish counting this one, playing optimally).  Ranked by
    ``expected_turns`` (lowest first) or by ``objective="expected_points"``.
    ``pending`` (6 dice: the roll validates a brelan) changes nothing here: a
    roll that scores validates.

    >>> a = advise((1, 5, 2, 3, 3), turn_points=0, score=1000)
    >>> [c.label for c in a][:2]
    ['set aside 1, roll 4 dice', 'set aside 5, roll 4 dice']
    >>> round(a.best["expected_turns"], 3), round(a.best["p_bust"], 4)
    (14.434, 0.1574)
    """
    objective = check_objective("expected_turns" if objective is None else objective,
                                OBJECTIVES, error=IllegalMove)
    rules = _rules(rules)
    r = validate_dice(roll, what="rolled dice")
    if not 1 <= len(r) <= rules.dice:
        raise IllegalMove("a roll has 1 to {most} dice; got {got}", most=rules.dice, got=len(r))
    s = _check_score(score, rules)
    if s == TOP:
        raise IllegalMove("this player has 5000 points: the game is over")
    if isinstance(turn_points, bool) or not isinstance(turn_points, (int, np.integer)) or (
        not 0 <= turn_points <= MAX_TURN_POINTS or turn_points % UNIT
    ):
        raise IllegalMove(
            "turn points must be a multiple of 50 from 0 to {most}; got {turn_points}",
            most=MAX_TURN_POINTS, turn_points=brief(turn_points))
    if opened is not None and not isinstance(opened, (bool, np.bool_)):
        raise DicelabError("opened must be True, False or None; got {opened}",
                           opened=brief(opened))
    if not isinstance(pending, (bool, np.bool_)):
        raise DicelabError("pending must be True or False; got {pending}", pending=brief(pending))
    if opened is not None and bool(opened) != (s > 0):
        raise IllegalMove("in 5000 a player has opened exactly when their score is above 0")
    u = s + int(turn_points) // UNIT
    if rules.dice == 5 and u >= TOP:
        raise IllegalMove("score plus turn points must stay below 5000 in a turn still going")
    choices = [] if is_five_ones(r, rules) else _choices(tuple(sorted(r)), s, u, rules,
                                                           int(turn_points))
    higher = objective == "expected_points"
    return Advice(objective, higher, rank(choices, objective, higher))


def _choices(r: tuple[int, ...], s: int, u: int, rules: Rules, tp: int) -> list[Choice]:
    with _PREPARE_LOCK:  # a background prepare() of these tables: wait for it
        m = _model(rules)
        turns = solve_turns(rules)
        EP = solve_points(rules).EP
    u = min(u, m.UC)
    V, R = turns.V, turns.R
    out = []
    for keep, pts, left, bankable in m.options[r]:
        u2 = u + pts
        kind = m.kind[s, u2]
        shown = " ".join(map(str, keep))
        for act in (_base.Roll, _base.Bank):
            if kind == _WIN:
                figs = (0.0, (TOP - s) * UNIT, 1.0)
                label = f"set aside {shown}: 5000, you win"
            elif kind == _OVER:
                figs = (1.0, 0.0, 1.0 + V[s])
                label = f"set aside {shown}: over 5000, the turn is lost"
            else:
                u2c = min(u2, m.UC)
                if act is _base.Bank:
                    if not (bankable and m.bank_ok[s, u2c]):
                        continue
                    t = min(u2c, TOP) - s
                    figs = (0.0, t * UNIT, 1.0 + (0.0 if u2c >= TOP else V[u2c]))
                    label = f"set aside {shown} and bank {tp + pts * UNIT}"
                else:
                    figs = (float(p_bust(left, rules)), float(EP[left, s, u2c]) * UNIT,
                            1.0 + float(R[left, s, u2c]))
                    full = " (main pleine)" if left == rules.dice and len(keep) else ""
                    label = f"set aside {shown}, roll {left} dice{full}"
            if kind != _NONE and act is _base.Bank:
                label = label.replace("set aside", "bank with")
            out.append(Choice(keep, act(keep), label, {
                "p_bust": float(figs[0]), "expected_points": float(figs[1]),
                "expected_turns": float(figs[2])}))
    return out


def choice_turns(rules: Rules, s: int, u: int, roll: tuple[int, ...]) -> dict[
        tuple[tuple[int, ...], str], float]:
    """``{(keep, "roll" | "bank"): expected turns}`` (this one counted, optimal play
    afterwards) of every choice after ``roll`` (sorted; not five 1s) at total ``u`` (units)
    from score ``s``: the numbers :func:`advise` ranks by, without building its choices
    (the coach's sums over the rest of a turn).  A set-aside that wins or overshoots ends
    the turn whatever the action (both keys).

    >>> t = choice_turns(Rules(), 20, 20, (1, 2, 3, 3, 5))
    >>> a = advise((1, 2, 3, 3, 5), turn_points=0, score=1000)
    >>> all(t[(c.keep, "bank" if isinstance(c.action, _base.Bank) else "roll")]
    ...     == c["expected_turns"] for c in a)
    True
    """
    with _PREPARE_LOCK:  # a background prepare() of these tables: wait for it
        m = _model(rules)
        turns = solve_turns(rules)
    u = min(u, m.UC)
    V, R = turns.V, turns.R
    out: dict[tuple[tuple[int, ...], str], float] = {}
    for keep, pts, left, bankable in m.options[roll]:
        u2 = u + pts
        kind = m.kind[s, u2]
        if kind != _NONE:
            out[(keep, "roll")] = out[(keep, "bank")] = (
                1.0 if kind == _WIN else 1.0 + float(V[s]))
            continue
        u2c = min(u2, m.UC)
        out[(keep, "roll")] = 1.0 + float(R[left, s, u2c])
        if bankable and m.bank_ok[s, u2c]:
            out[(keep, "bank")] = 1.0 + (0.0 if u2c >= TOP else float(V[u2c]))
    return out


def advise_solo(state: Any, objective: str | None = None) -> Advice:
    """Solo advice for the player to move in a game state (empty when there is nothing to
    choose): :func:`advise` of the player's own position, ranked by ``objective`` (one of
    :data:`OBJECTIVES`; default ``expected_turns``).  With several players the numbers are
    still solo numbers (``kind="solo"``, ``players`` set: the overlay labels them "solo
    odds"); :func:`dicelab.engine.cinqmille.advise_state` chooses between this and the
    two-player advice.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 2)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, _base.Roll(()))[0], (1, 1, 1, 5, 2))
    >>> a = advise_solo(s)
    >>> a.kind, a.players, a.best.label
    ('solo', 2, 'set aside 1 1 1 5 and bank 1050')
    """
    check_state(State, state, "5000")
    obj = check_objective("expected_turns" if objective is None else objective, OBJECTIVES,
                          error=IllegalMove)
    if not deciding(state, DECISION_PHASES):
        return Advice(obj, obj != "expected_turns", (), players=state.players)
    p = state.current_player
    a = advise(state.dice, turn_points=state.turn_points, score=state.scores[p],
               rules=state.rules, opened=state.opened[p],
               pending=state.pending_validation, objective=obj)
    return replace(a, players=state.players)


# ------------------------------------------------------------------ one turn, optimal solo play
@dataclass(frozen=True)
class _OrderedGroups:
    """The solver's groups, ordered for the policy: what :func:`turn_outcome_matrix` needs.

    A roll's candidates are its (set-aside, Bank/Roll) pairs in the order of
    :func:`~dicelab.engine.advice.rank` on a tie: fewer kept dice, then the dice, then
    ``Bank`` before ``Roll`` (its label sorts first).  A candidate matters only through its
    *action* (points, dice left, bankable, Bank or Roll), so each roll is its list of
    distinct actions in that order (the first candidate of each), and rolls with the same
    list play alike: an ordered group, whose probability for ``n`` dice is the sum of
    theirs.  The best candidate of a roll is the first of its list reaching the lowest
    value, which ``argmin`` (first on a tie) finds over the padded list.  Groups are sorted
    by length and cut into buckets (:func:`~dicelab.engine.buckets.bucket_bounds`) so that
    little is padded.
    """

    pts: Any  # (A,): points of each action (units)
    left: Any  # (A,): dice to roll after it
    bankable: Any  # (A,): the set-aside allows a bank
    is_bank: Any  # (A,): the action banks (else rolls on)
    lists: tuple[Any, ...]  # per bucket of groups (by length): (groups, K) actions in
    #                          tie order, each list padded with its last action
    PT: Any  # (N + 1, G): probability that a roll of n dice falls in each group
    bust: Any  # (N + 1,): probability that a roll of n dice scores nothing
    win: Any  # (N + 1,): ... that it is five 1s


@cache
def _ordered_groups(rules: Rules) -> _OrderedGroups:
    m = _model(rules)
    actions: dict[tuple[int, int, bool, bool], int] = {}
    lists: dict[tuple[int, ...], int] = {}
    mass: list[list[Fraction]] = []
    bust = [Fraction(0)] * (m.N + 1)
    win = [Fraction(0)] * (m.N + 1)
    for n in range(1, m.N + 1):
        for o, p in roll_distribution(n).items():
            if is_five_ones(o, rules):
                win[n] += p
                continue
            opts = sorted(m.options[o], key=lambda x: (len(x[0]), x[0]))
            if not opts:
                bust[n] += p
                continue
            seq: list[int] = []
            for _keep, pts, left, bankable in opts:
                for bank in (True, False):
                    a = actions.setdefault((pts, left, bankable, bank), len(actions))
                    if a not in seq:
                        seq.append(a)
            g = lists.setdefault(tuple(seq), len(lists))
            if g == len(mass):
                mass.append([Fraction(0)] * (m.N + 1))
            mass[g][n] += p
    seqs = [list(q) for q in lists]  # in order of first appearance, as ``mass``
    order = sorted(range(len(seqs)), key=lambda g: len(seqs[g]))
    seqs = [seqs[g] for g in order]
    padded = []
    for first, stop in bucket_bounds([len(q) for q in seqs], BUCKET_OVERHEAD // 4):
        k = len(seqs[stop - 1])
        padded.append(np.array([q + q[-1:] * (k - len(q)) for q in seqs[first:stop]],
                               dtype=np.intp))
    cols = np.array(list(actions)).T
    return _OrderedGroups(cols[0].astype(np.intp), cols[1].astype(np.intp), cols[2].astype(bool),
                    cols[3].astype(bool), tuple(padded),
                    np.array([[float(mass[g][n]) for g in order] for n in range(m.N + 1)]),
                    np.array([float(x) for x in bust]), np.array([float(x) for x in win]))


_OUTCOMES: dict[Rules, Any] = {}


def turn_outcome_matrix(rules: Rules | None = None) -> np.ndarray:
    """``P[s, s2]``: probability that a turn started at score ``s`` ends at ``s2`` (both in
    units of 50 points, 0..100), the player following the optimal solo policy (F10).

    The policy is the one :func:`advise` ranks best (same numbers, same tie-breaking).  A
    bust or an overshoot leaves the score unchanged; a win (exactly 5000, five 1s, or banking
    5000+ with 6 dice) ends at 100; row 100 is absorbing.  One forward pass of probability
    mass over the turn totals, every score and every group of rolls at once (numpy), with the
    solver's tables (cached per Rules, read-only): at each total, every action is valued
    once, each group of rolls takes its first best action, and the mass moves on.

    >>> P = turn_outcome_matrix()
    >>> P.shape, round(float(P.sum(axis=1).max()), 12), float(P[100, 100])
    ((101, 101), 1.0, 1.0)
    """
    rules = _rules(rules)
    if rules in _OUTCOMES:
        return _OUTCOMES[rules]
    m = _model(rules)
    c = _ordered_groups(rules)
    sol = solve_turns(rules)
    V, R = sol.V, sol.R  # V[s], R[n, s, u]
    Vext = np.zeros(m.W + 1)
    Vext[:TOP] = V[:TOP]
    N, UC = m.N, m.UC
    # one flat array: the turn's ends out[s, s2], then the mass M[s, n, u] about to roll
    n_out = (TOP + 1) * (TOP + 1)
    flat = np.zeros(n_out + TOP * (N + 1) * (UC + 1))
    out = flat[:n_out].reshape(TOP + 1, TOP + 1)
    M = flat[n_out:].reshape(TOP, N + 1, UC + 1)
    out[TOP, TOP] = 1.0
    M[np.arange(TOP), N, np.arange(TOP)] = 1.0
    for u in range(UC):
        ss = _scores_at(u, 0)
        mass = M[ss, :, u]  # (S, N + 1)
        if not mass.any():
            continue
        out[ss, ss] += mass @ c.bust
        out[ss, TOP] += mass @ c.win
        u2 = u + c.pts
        u2c = np.minimum(u2, UC)
        kind = m.kind[ss][:, u2]  # (S, A)
        allowed = c.bankable[None, :] & m.bank_ok[ss][:, u2c]
        vb = np.where(allowed, 1.0 + Vext[u2c][None, :], _INF)
        vr = 1.0 + R[c.left[None, :], ss[:, None], u2c[None, :]]
        val = np.where(c.is_bank[None, :], vb, vr)
        val = np.where(kind == _WIN, 1.0, np.where(kind == _OVER, 1.0 + V[ss][:, None], val))
        # each group's first best action (S, G), bucket by bucket
        act = np.concatenate([rows[np.arange(len(rows))[None, :],
                                   np.argmin(val[:, rows], axis=2)] for rows in c.lists], axis=1)
        weight = mass @ c.PT  # (S, G)
        srow = np.broadcast_to(ss[:, None], act.shape)
        k = kind[np.arange(len(ss))[:, None], act]
        end = (k != _NONE) | c.is_bank[act]
        dest = np.where(k == _WIN, TOP, np.where(k == _OVER, srow, np.minimum(u2c[act], TOP)))
        to = np.where(end, srow * (TOP + 1) + dest,
                      n_out + (srow * (N + 1) + c.left[act]) * (UC + 1) + u2c[act])
        flat += np.bincount(to.ravel(), weights=weight.ravel(), minlength=len(flat))
    if N == 6:  # the clamped column: the turn wins or busts, R = P(bust) * V[s]
        ss = np.arange(TOP)
        for n in range(1, N + 1):
            mass = M[ss, n, UC]
            pb = R[n, ss, UC] / V[ss]
            out[ss, TOP] += mass * (1.0 - pb)
            out[ss, ss] += mass * pb
    out = out.copy()
    out.setflags(write=False)
    _OUTCOMES[rules] = out
    return out


# ------------------------------------------------------------------ one turn, "bank at N"
@cache
def _rule_candidates(rules: Rules, n: int) -> tuple[Any, ...]:
    """Every set-aside of every scoring roll of ``n`` dice (not five 1s), each roll's in the
    order :func:`~dicelab.policies.bank_at` prefers them (most points, fewest dice, then the
    highest dice: its ``max``): (roll, points, segment starts, effect of each set-aside, and
    each effect's points, dice left and bankable)."""
    m = _model(rules)
    rows: list[tuple[int, int, int, bool]] = []
    starts: list[int] = []
    for i, o in enumerate(multisets(n)):
        if is_five_ones(o, rules) or not m.options[o]:
            continue
        starts.append(len(rows))
        for _keep, p, left, b in sorted(m.options[o], key=lambda x: (x[1], -len(x[0]), x[0]),
                                       reverse=True):
            rows.append((i, p, left, b))
    o_, p_, l_, b_ = (np.asarray(c) for c in zip(*rows))
    # the distinct effects (points, dice left, bankable): rolls whose chosen set-aside has
    # the same effect go on alike, so their probabilities are summed before the scores
    effects, eff = np.unique(np.stack([p_, l_, b_.astype(int)], axis=1), axis=0,
                             return_inverse=True)
    return (o_.astype(np.intp), p_.astype(np.intp), np.asarray(starts, dtype=np.intp),
            eff.ravel().astype(np.intp), effects[:, 0].astype(np.intp),
            effects[:, 1].astype(np.intp), effects[:, 2].astype(bool))


_RULE_OUTCOMES: dict[tuple[Rules, int], Any] = {}


def bank_at_outcome_matrix(threshold: int, rules: Rules | None = None) -> np.ndarray:
    """``P[s, s2]``: a turn started at score ``s`` ends at ``s2`` (units of 50 points, 0..100,
    row 100 absorbing), the player following the rule of thumb
    :func:`~dicelab.policies.bank_at` (``threshold`` points): set aside the most points
    (fewest dice, then the highest dice, on a tie; a set-aside that overshoots counts as 0),
    bank it if banking is legal and the turn holds ``threshold`` points or banking wins,
    else roll on.  Busts and overshoots keep ``s``; a win ends at 100.

    Exact (floats): one forward pass of probability mass over the turn totals, every score
    at once, with the rule tables of the solver (:func:`_model`: the game's
    ``scoring_options``, ``set_aside_result``, ``keep_bank_refusal``,
    ``total_bank_refusal``).  With 6 dice, totals from 5000 plus ``min_bank`` on win at the
    first bankable set-aside (a small linear system).  Cached per (threshold, rules).

    >>> P = bank_at_outcome_matrix(300)
    >>> P.shape, round(float(P.sum(axis=1).max()), 12), float(P[100, 100])
    ((101, 101), 1.0, 1.0)
    >>> from dicelab.engine.markov import absorbing_moments
    >>> round(absorbing_moments(P, 0)[0], 2)
    20.92
    """
    rules = _rules(rules)
    threshold = whole("threshold", threshold, 0)
    key = (rules, min(threshold, MAX_TURN_POINTS + UNIT))
    if key in _RULE_OUTCOMES:
        return _RULE_OUTCOMES[key]
    m = _model(rules)
    N, UC = m.N, m.UC
    out = np.zeros((TOP + 1, TOP + 1))
    out[TOP, TOP] = 1.0
    M = np.zeros((TOP, N + 1, UC + 1))  # mass about to roll n dice at total u
    M[np.arange(TOP), N, np.arange(TOP)] = 1.0
    flat_out, flat_M = out.reshape(-1), M.reshape(-1)
    cands = {n: _rule_candidates(rules, n) for n in range(1, N + 1)}
    bust = {n: float(np.asarray(m.probs[n], dtype=float)[
        [not m.options[o] and not is_five_ones(o, rules) for o in multisets(n)]].sum())
        for n in range(1, N + 1)}
    win = {n: float(np.asarray(m.probs[n], dtype=float)[
        [is_five_ones(o, rules) for o in multisets(n)]].sum()) for n in range(1, N + 1)}
    seg_p = {n: np.asarray(m.probs[n], dtype=float)[cands[n][0][cands[n][2]]]
             for n in range(1, N + 1)}
    for u in range(UC):
        ss = _scores_at(u, 0)
        for n in range(1, N + 1):
            mass = M[ss, n, u]
            if not mass.any():
                continue
            _ro, pts, starts, eff, e_pts, e_left, e_bank = cands[n]
            out[ss, ss] += mass * bust[n]
            out[ss, TOP] += mass * win[n]
            # what a set-aside does at once depends on the total u + pts only (not the score)
            kind = m.kind[ss[-1], u + pts]
            ncand = len(pts)
            rank = np.where(kind == _OVER, ncand, np.arange(ncand))
            first = np.minimum.reduceat(rank, starts)  # the rule's set-aside of each roll
            lost = first == ncand  # every set-aside overshoots: the turn is lost
            first = np.where(lost, starts, first)
            k = np.where(lost, _OVER, kind[first])
            p = seg_p[n]
            out[ss, TOP] += mass * p[k == _WIN].sum()
            out[ss, ss] += mass * p[k == _OVER].sum()
            on = k == _NONE
            pe = np.bincount(eff[first[on]], p[on], minlength=len(e_pts))
            e = np.flatnonzero(pe)
            u2 = u + e_pts[e]
            to = np.minimum(u2, UC)
            pon = mass[:, None] * pe[e][None, :]
            total = (u2[None, :] - ss[:, None]) * UNIT
            bank = (e_bank[e][None, :] & m.bank_ok[ss[:, None], to[None, :]]
                    & ((total >= threshold) | (u2 >= TOP)[None, :]))
            srow = np.broadcast_to(ss[:, None], bank.shape)
            dest = srow * (TOP + 1) + np.minimum(to, TOP)[None, :]
            np.add.at(flat_out, dest[bank], pon[bank])
            idx = (srow * (N + 1) + e_left[e][None, :]) * (UC + 1) + to[None, :]
            roll = ~bank
            np.add.at(flat_M, idx[roll], pon[roll])
    if N == 6:  # the clamped column: any bankable set-aside wins (x[n]: P(win), n dice)
        A = np.eye(N + 1)
        b = np.zeros(N + 1)
        A[0, 0], b[0] = 1.0, 0.0
        for n in range(1, N + 1):
            _ro, _pts, starts, eff, _e_pts, e_left, e_bank = cands[n]
            pr = seg_p[n]
            bankable, left = e_bank[eff[starts]], e_left[eff[starts]]
            b[n] = win[n] + float(pr[bankable].sum())
            np.add.at(A[n], left[~bankable], -pr[~bankable])
        x = np.linalg.solve(A, b)
        ss = np.arange(TOP)
        for n in range(1, N + 1):
            mass = M[ss, n, UC]
            out[ss, TOP] += mass * x[n]
            out[ss, ss] += mass * (1.0 - x[n])
    out.setflags(write=False)
    _RULE_OUTCOMES[key] = out
    return out


def turn_outcome_distribution(score: int, rules: Rules | None = None) -> dict[int, float]:
    """Distribution of the score (points) at the end of one turn started at ``score``,
    playing the optimal solo policy: busts and overshoots keep ``score``, a win gives 5000.

    >>> d = turn_outcome_distribution(4900)
    >>> sorted(d), round(d[5000], 4)
    ([4900, 5000], 0.7889)
    """
    rules = _rules(rules)
    s = _check_score(score, rules)
    row = turn_outcome_matrix(rules)[s]
    return {int(k) * UNIT: float(row[k]) for k in np.flatnonzero(row)}


def turns_distribution(rules: Rules | None = None, max_turns: int = 200) -> np.ndarray:
    """``p[t]``: exact probability that solo 5000 from 0, played optimally, ends at turn
    ``t`` (``t = 0..max_turns``); its mean is :func:`expected_turns` up to the cut tail.

    >>> p = turns_distribution()
    >>> round(float(p @ np.arange(len(p))), 4), int(p.argmax())
    (18.8637, 17)
    """
    max_turns = whole("max_turns", max_turns, 0, MAX_TURNS, error=IllegalMove)
    return absorbing_turns(turn_outcome_matrix(_rules(rules)), 0, max_turns)


def turns_moments(rules: Rules | None = None) -> tuple[float, float]:
    """Exact (mean, standard deviation) of the number of turns of solo 5000 from 0, optimal
    play (the mean is :func:`expected_turns`).

    >>> [round(x, 4) for x in turns_moments()]
    [18.8637, 5.6675]
    """
    mean, var = absorbing_moments(turn_outcome_matrix(_rules(rules)), 0)
    return mean, math.sqrt(var)
