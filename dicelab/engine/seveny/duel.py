"""Seveny for two players, played to win, with the final round as the game plays it.

Seat 0 starts every round.  When seat 0 reaches the target, seat 1 still plays its turn,
then the game ends (highest score wins; equal scores share the win, worth 1/2 each).
When seat 1 reaches the target (seat 0 below it), the game ends at once: seat 1 wins.
A player who reached the target never plays again (``dicelab.games.seveny._end_turn``).

Tables, scores ``a`` (seat 0) and ``b`` (seat 1) below the target:

* ``T[0, a, b]``: P(seat 0 wins), seat 0 to play;
* ``T[1, a, b]``: P(seat 1 wins), seat 1 to play (seat 0 still below the target);
* ``q(d)``: seat 1's last turn, seat 0 ahead by ``d > 0`` points: P(more than ``d``
  points) + 1/2 P(exactly ``d``), playing for exactly that.  ``q`` is one solo turn solved
  once: its value with ``M`` memorised points and threshold ``D`` is its value with 0
  memorised and threshold ``D - M``.

A bust, or banking 0 points, passes the turn with the scores unchanged: ``T[0, a, b]`` and
``T[1, a, b]`` form a pair, solved by Newton steps as in
:func:`dicelab.engine.race.solve_pairs` (:func:`_solve_layers`); layers of equal ``a + b``
are solved from the top down.  The turn is the solo engine's own tables
(:func:`dicelab.engine.seveny.solo._tables`: every hand, every roll class, every set-aside by
:func:`dicelab.games.seveny.settable`), here batched over the positions of a layer.

**No cap error.**  Seat 0's turn points past the target are unbounded, but from
``M`` memorised points with ``q(a + M - b) <= p7 * q(target - b)`` banking is optimal
(``p7`` = P(seven dice allow no set-aside) = 35/3888 is the least chance that any next
roll busts, and seat 1 wins with at least ``q(target - b)`` after a bust, by reaching the
target in its next turn), so the solver banks there and the values are exact (floats).

**Advice at any decision.**  The position's whole turn is swept once, from its cap down
(about a millisecond with the compiled sweep of :mod:`.kernel`, tens of milliseconds with
numpy's), and kept for the position's next decisions (:func:`_position`).

>>> from dicelab.games.seveny import Rules
>>> round(duel_win_probability(Rules(target=5)), 6)
0.403955
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.errors import IllegalMove, brief
from dicelab.core.i18n import N_
from dicelab.engine.advice import Advice, deciding, rank
from dicelab.engine.buckets import bucket_bounds
from dicelab.engine.race import (
    DuelSolution,
    PolicySurface,
    check_seat,
    layer_guess,
    load_table,
    save_table,
    seat_pair,
    table_ready,
)
from dicelab.engine.race import table_meta as _meta
from dicelab.engine.seveny import kernel
from dicelab.engine.seveny import solo as solo
from dicelab.games._base import Bank
from dicelab.games._checks import check_rules, plain_int
from dicelab.games.seveny import DICE, Rules

__all__ = [
    "ENGINE_VERSION",
    "DuelSolution",
    "advise_duel",
    "clear_caches",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "last_turn_probability",
    "policy_surface",
    "shipped_tables",
    "solve_duel",
]

MS = solo.MAX_SCORE
SHIPPED_TARGETS = (100,)
"""The targets whose tables ship (rebuilt by :mod:`dicelab.tools.build_tables`): the menu's
targets (``Rules.CHOICES["target"]``) whose solve takes over 10 s.  Target 100 takes about
4 s with the compiled sweep (:mod:`.kernel`, the ``fast`` extra) but 24 s of CPU without
numba (the core install), so its table (155 kB) ships; 20, 30 and 50 (under 5 s even with
numpy, about 1 s compiled) are solved on first use and cached on the machine."""
BATCH = 96
"""The most positions one batched turn sweep takes (:func:`_solve_layers`) with numpy: wider
batches leave the processor's caches (and may start BLAS threads) and get slower per
position, four times slower at 160 to 200 columns than at 64 or 96 (measured at target
100)."""
JIT_BATCH = 256
"""The same with the compiled sweep (:mod:`.kernel`), whose wider batches are faster per
position (a whole layer: 4.5 s against 5.4 s at target 100 with 96)."""
P7 = float(Fraction(35, 3888))  # P(seven dice allow no set-aside): the least bust chance


# ------------------------------------------------------------------ batched turn
@dataclass(frozen=True)
class _Lv:
    """One level of the solo tables, laid out for :func:`_sweep`.

    ``P[k, g]``: the ``k``-th candidate (a value slot) of group ``g``, padded with the
    slot ``INF`` (+inf); a bust is one more group per hand, whose one candidate is the
    slot ``X``.  Groups run from the largest down.  ``G`` (hands x groups) holds the
    groups' probabilities.  ``buckets``: the groups in runs ``first:stop``, each padded
    to its first group's size ``k`` (:func:`~dicelab.engine.buckets.bucket_bounds`), with its
    candidates' slots ``k``-major (``k`` times the run's groups): one gather and one minimum
    over the first axis per run.
    """

    lo: int
    hi: int
    P: np.ndarray
    G: np.ndarray
    buckets: tuple[tuple[int, int, int, np.ndarray], ...]  # (first, stop, k, slots)


#: What one more bucket of groups costs in :func:`_sweep`, in padded candidates (a gather
#: and a minimum more; measured: 150 to 300 alike at targets 30 and 50).
BUCKET_OVERHEAD = 200


@lru_cache(maxsize=1)
def _structure() -> tuple[_Lv, ...]:
    """The levels of :func:`dicelab.engine.seveny.solo._tables` (hand size 6 down to 0).

    >>> [lv.P.shape for lv in _structure()][::3]
    [(1, 175), (11, 324), (19, 206)]
    """
    t = solo._tables()
    X, INF = _slots()
    out = []
    for lv in t.levels:
        nl, ng = lv.hi - lv.lo, len(lv.starts)
        lens = np.concatenate([lv.lens, np.ones(nl, dtype=np.int64)])
        order = np.argsort(-lens, kind="stable")
        P = np.full((int(lens.max()), ng + nl), INF, dtype=np.intp)
        for g in range(ng):
            P[: lv.lens[g], g] = lv.targets[lv.starts[g] : lv.starts[g] + lv.lens[g]]
        P[0, ng:] = X
        G = np.zeros((nl, ng + nl))
        G[lv.group_hand, np.arange(ng)] = lv.prob
        G[np.arange(nl), ng + np.arange(nl)] = lv.pbust
        P, G = P[:, order], G[:, order]
        size = lens[order]
        buckets = tuple((a, b, int(size[a]), np.ascontiguousarray(P[: size[a], a:b]).ravel())
                        for a, b in bucket_bounds(size, BUCKET_OVERHEAD))
        out.append(_Lv(lv.lo, lv.hi, P, G, buckets))
    return tuple(out)




def _slots() -> tuple[int, int]:
    """The value slots of a bust (``X``) and of +inf (``INF``, padding), after the hands
    and the completed cycles (worth ``1..MS``)."""
    nh = len(solo._tables().hands)
    return nh + MS + 1, nh + MS + 2


def _sweep(V: np.ndarray, bm: np.ndarray, R: np.ndarray | None = None) -> Any:
    """One memorised total ``M``, every hand from the fullest down (minimising).

    ``V`` holds the value slots (rows; positions last in a batch): the completed cycles
    worth ``k`` points (``W[M + k]``), the bust ``X`` and ``INF`` are read, and each hand's
    value (best of banking ``bm[h]`` and rolling) is written.  ``R`` (if given) receives the
    value of rolling from each hand.  Returns the value of rolling seven fresh dice.  Per
    level: one gather of every candidate (padded to the largest group) and one minimum
    over them for one position or a few, one gather and minimum per bucket of groups of
    alike sizes for a larger batch (less data, few calls: a sixth faster than one per
    candidate rank); one product by the groups' probabilities and one minimum with
    banking.
    """
    r = V[0]
    few = V.ndim == 1 or V.shape[1] < 16  # fewer calls beat less data (measured)
    for lv in _structure():
        if len(lv.P) == 1:
            mins = V.take(lv.P[0], axis=0)
        elif few:
            mins = V.take(lv.P, axis=0).min(axis=0)
        else:
            mins = np.empty((lv.G.shape[1], V.shape[1]))
            for a, b, k, slots in lv.buckets:
                np.minimum.reduce(V.take(slots, axis=0).reshape(k, b - a, V.shape[1]), axis=0,
                                  out=mins[a:b])
        r = lv.G @ mins
        if R is not None:
            R[lv.lo : lv.hi] = r
        np.minimum(bm[lv.lo : lv.hi], r, out=V[lv.lo : lv.hi])
    return r[0]  # the last level is the empty hand


def _turn_batch(bank: np.ndarray, x: np.ndarray, mcap: int | np.ndarray,
                keep: bool = False, jit: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """Optimal turns of a batch of positions, minimising (values are ``-P(win)``).

    ``bank[i, t]``: value of banking a turn total ``t`` (``t < mcap + 14``); ``x[i]``:
    value of a bust; from ``mcap`` memorised points on (one number, or one per position),
    the player banks (after a completed cycle).  Returns ``C[M, i]``: the value of rolling
    seven fresh dice with ``M`` memorised (``C[0]``: the turn's first roll; ``nan`` from
    the position's cap on), and (``keep``) ``R[M, i, h]``: rolling from hand ``h``.  At
    each ``M`` only the positions below their cap are swept (positions sorted by cap);
    one position runs on 1-D arrays.  With numba (and ``jit``), the compiled loop of
    :mod:`.kernel` does the same minima and products; ``jit=False``: numpy's (tests).
    """
    t = solo._tables()
    nh = len(t.hands)
    B = bank.shape[0]
    X, INF = _slots()
    caps = np.broadcast_to(np.asarray(mcap, dtype=np.int64), (B,))
    top = max(int(caps.max()), 0)
    order = np.argsort(-caps, kind="stable")
    if B > 1 and np.any(order != np.arange(B)):
        C, Rk = _turn_batch(bank[order], x[order], caps[order], keep, jit)
        back = np.argsort(order)
        return C[:, back], (Rk[:, back] if keep else None)
    if jit and kernel.compiled() is not None:  # the same sweep, compiled (numba)
        C, Rk = kernel.turn(bank.T, x, caps, keep)
        return C, (Rk.transpose(0, 2, 1) if keep else None)
    one = B == 1
    # bank of every hand at every memorised total: bh[m, h] = bank[m + score(h)]
    rows = np.arange(top)[:, None] + t.scores[None, :]
    bankT = bank[0] if one else np.ascontiguousarray(bank.T)  # (totals[, B])
    bh = bankT[rows]
    lane = () if one else (B,)
    W = np.array(bankT[: top + MS + 1])  # banking, replaced below each cap
    V = np.empty((INF + 1, *lane))
    V[X] = x[0] if one else x
    V[INF] = np.inf
    C = np.full((top, *lane), np.nan)
    Rk = np.full((top, nh, *lane), np.nan) if keep else None
    k = 0
    for m in range(top - 1, -1, -1):
        while k < B and caps[k] > m:
            k += 1  # positions 0..k-1 are below their cap
        if one:
            V[nh + 1 : X] = W[m + 1 : m + MS + 1]
            C[m] = _sweep(V, bh[m], Rk[m] if keep else None)
            W[m] = min(bankT[m], C[m])
        else:
            Vk = V[:, :k]
            Vk[nh + 1 : X] = W[m + 1 : m + MS + 1, :k]
            C[m, :k] = _sweep(Vk, bh[m, :, :k], Rk[m, :, :k] if keep else None)
            W[m, :k] = np.minimum(bankT[m, :k], C[m, :k])
    if one:
        C = C[:, None]
        Rk = Rk[:, None, :] if keep else None
    elif keep:
        Rk = Rk.transpose(0, 2, 1)
    return C, Rk


# ------------------------------------------------------------------ the last turn
@lru_cache(maxsize=4)
def _last(D: int) -> tuple[np.ndarray, np.ndarray]:
    """Seat 1's last turn with threshold ``D``: ``q[d]`` for ``d = 0..D`` and ``R[M, h]``."""
    tot = np.arange(D + 1 + MS + 1)
    bank = -np.where(tot > D, 1.0, np.where(tot == D, 0.5, 0.0))[None, :]
    _, Rk = _turn_batch(bank, np.zeros(1), D + 1, keep=True)
    R = Rk[:, 0, :]
    q = np.empty(D + 1)
    q[1:] = -R[D - np.arange(1, D + 1), 0]
    q[0] = 0.5  # not used: seat 0 ahead means d >= 1
    q.setflags(write=False)
    R.setflags(write=False)
    return q, R


def _q(d_max: int) -> np.ndarray:
    D = 64
    while D < d_max:
        D *= 2
    return _last(D)[0]


def last_turn_probability(ahead: int) -> float:
    """Seat 1's chance in its last turn with seat 0 ``ahead`` points ahead (ties count 1/2).

    >>> round(last_turn_probability(1), 6), last_turn_probability(400) < 1e-15
    (0.97289, True)
    """
    ahead = plain_int(ahead)  # numpy integers too
    if isinstance(ahead, bool) or not isinstance(ahead, int) or ahead < 1:
        raise IllegalMove("ahead must be a whole number of points >= 1; got {ahead}",
                          ahead=brief(ahead))
    return float(_q(ahead)[ahead])


@lru_cache(maxsize=8)
def _caps(target: int) -> tuple[np.ndarray, np.ndarray]:
    """``dstar[b]``: lead from which seat 0 banks for sure against ``b``; and ``q``
    (read-only; cached per target)."""
    need = 2 * target + 300
    while True:
        q = _q(need)
        dstar = np.empty(target, dtype=np.int64)
        for b in range(target):
            bound = P7 * q[target - b]
            d = target - b
            while d < len(q) - 2 * target - MS - 2 and q[d] > bound:
                d += 1
            dstar[b] = d
        if np.all(q[dstar] <= P7 * q[target - np.arange(target)]) or need > 100_000:
            dstar.setflags(write=False)
            return dstar, q
        need *= 2  # pragma: no cover - the tail of q is far thinner


# ------------------------------------------------------------------ the solver
#: Solved duels (:class:`~.duel.DuelSolution`: ``T[seat, a, b]``, see the module
#: docstring), per Rules.
_CACHE: dict[Rules, DuelSolution] = {}


def clear_caches() -> None:
    """Forget every solved duel (benchmarks: cold runs)."""
    _CACHE.clear()
    _last.cache_clear()
    _caps.cache_clear()
    _lead_caps.cache_clear()
    clear_positions()


def clear_positions() -> None:
    """Forget the in-turn values of every position (the tables stay)."""
    _turn_of.cache_clear()
    _position.cache_clear()


def table_name(rules: Rules) -> str:
    """File name of the shipped table of ``rules`` (``dicelab/data/``)."""
    return f"duel_seveny_t{rules.target}.npz"


#: Version of this two-player engine, recorded in every shipped Seveny table: raise it
#: whenever a change to the Seveny rules (:mod:`dicelab.games.seveny`) or to this solver
#: changes their values (``T`` or the cycle starts), then rebuild the tables
#: (``make tables``).
ENGINE_VERSION = 1


def table_meta(rules: Rules) -> dict[str, Any]:
    """The metadata of the shipped table of ``rules`` (see
    :func:`dicelab.engine.race.table_meta`).

    >>> table_meta(Rules(target=20))["rules"], table_meta(Rules())["engine"] == ENGINE_VERSION
    ({'target': 20}, True)
    """
    return _meta("seveny", rules, ENGINE_VERSION)


def _check_rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "Seveny")


def _bank_rows(seat: int, a: np.ndarray, b: np.ndarray, target: int, T: np.ndarray,
               q: np.ndarray, width: int) -> np.ndarray:
    """``bank[i, t]`` (``-P(win)`` of banking ``t`` points), ``t >= 1``; column 0 is set
    by the caller (banking 0 = a bust)."""
    tt = np.arange(width)[None, :]
    if seat == 0:
        s2 = a[:, None] + tt
        inside = s2 < target
        vin = T[1, np.minimum(s2, target - 1), b[:, None]]
        lead = np.minimum(s2 - b[:, None], len(q) - 1)
        return np.where(inside, vin, q[np.maximum(lead, 0)]) - 1.0
    s2 = b[:, None] + tt
    inside = s2 < target
    vin = T[0, a[:, None], np.minimum(s2, target - 1)]
    return np.where(inside, vin - 1.0, -1.0)


def _guess(T: np.ndarray, D: np.ndarray, aa: np.ndarray, bb: np.ndarray,
           target: int) -> tuple[np.ndarray, np.ndarray]:
    """First estimates of a layer's values (seat 0's positions, then seat 1's) and of their
    slopes ``-dF/dp`` (P(bust) of the turn), from the solved layers above
    (:func:`dicelab.engine.race.layer_guess`; the slope of the neighbouring position, else
    1/2)."""
    a1, b1 = np.minimum(aa + 1, target - 1), np.minimum(bb + 1, target - 1)
    est = [layer_guess(T[0], aa, bb, T[0, aa, b1]), layer_guess(T[1], aa, bb, T[1, a1, bb])]
    slope = [D[0, aa, b1], D[1, a1, bb]]
    return np.concatenate(est), np.where(np.isnan(s := np.concatenate(slope)), 0.5, s)


def _bank_leads(q: np.ndarray) -> np.ndarray:
    """``-max(q[d:])`` for every lead ``d`` (non-decreasing): ``searchsorted`` on it finds the
    least lead from which every ``q`` is at most a bound (:func:`_solve_layers`)."""
    return -np.maximum.accumulate(q[::-1])[::-1]


#: Partner values of :func:`_lead_caps`'s grid: ``LEAD_GRID`` steps of ``1 / LEAD_GRID``.
LEAD_GRID = 128
#: A roll within this of banking counts as rolling in :func:`_lead_caps` (a larger cap: safe).
LEAD_TIE = 1e-13


@lru_cache(maxsize=4)
def _lead_caps(D: int) -> tuple[np.ndarray, np.ndarray]:
    """``(pk, dk)``: seat 0, past the target, banks after a completed cycle from the lead
    ``dk[k]`` on whenever seat 1's value after a bust (the partner's) is ``p >= pk[k]``.

    Past the target, seat 0's turn depends only on its lead ``d`` (banking wins with
    ``1 - q(d)``) and on ``p`` (a bust leaves seat 1 to play, winning with ``p``): one turn
    per grid value ``pk`` (a batch of :func:`_turn_batch`, from the lead of the ``p7`` bound
    down) gives the last lead where rolling seven fresh dice beats banking.  Rolling is worth
    less the larger ``p`` is (every bust is worse; banking does not depend on ``p``), so
    banking after a completed cycle, optimal from ``dk[k]`` on at ``pk[k]``, is optimal there
    for every ``p >= pk[k]``: :func:`_solve_layers` caps seat 0's turn at that lead (exact;
    about a fifth of its turn sweeps fewer than the ``p7`` bound alone, whose cap treats every
    roll after the first as won).  Target-independent: cached per ``D``, ``q`` being
    :func:`_last`'s of threshold ``D`` (:func:`_caps`).

    >>> pk, dk = _lead_caps(len(_caps(10)[1]) - 1)
    >>> bool(np.all(np.diff(dk) <= 0)), int(dk[-1]) < int(dk[0])
    (True, True)
    """
    q = _last(D)[0]
    pk = np.arange(1, LEAD_GRID + 1) / LEAD_GRID
    cap = np.searchsorted(_bank_leads(q), -P7 * pk, side="left")  # the p7 bound's leads
    tt = np.arange(int(cap.max()) + MS + 2)
    bank = np.tile(q[np.minimum(tt, len(q) - 1)] - 1.0, (LEAD_GRID, 1))  # lead t = memorised
    bank[:, 0] = pk - 1.0  # banking 0 points: a bust
    C, _ = _turn_batch(bank, pk - 1.0, cap)
    with np.errstate(invalid="ignore"):  # nan from each grid value's cap on: banks
        rolls = C < bank[:, : len(C)].T + LEAD_TIE
    dk = np.where(rolls, np.arange(len(C))[:, None] + 1, 0).max(axis=0)
    dk = np.minimum.accumulate(dk)  # a lead valid at a smaller p is valid at a larger one
    pk.setflags(write=False)
    dk.setflags(write=False)
    return pk, dk


def _solve_layers(target: int, newton: bool = True, tol: float = 1e-13,
                  max_iter: int = 200) -> tuple[np.ndarray, int]:
    """``(T, evaluations)``: every layer of equal ``a + b`` from the top down.

    A layer's positions (seat 0's, then seat 1's) and their bust partners (the other
    seat at the same scores) are solved as :func:`dicelab.engine.race.solve_pairs` does
    (``F`` convex in the partner's value: Newton's step on each pair's linearisation,
    slopes by secants), with three changes that halve the turn sweeps of the solver of
    dicelab 0.2.0 (``benchmarks/reference_duel_seveny.py``, the benchmark's baseline):
    the first estimates are extrapolated from the layers above (:func:`_guess`), the first
    step is already Newton's with the slopes found for the neighbouring position, and a pair
    whose residual is below ``tol`` leaves the sweeps (each evaluation sweeps only the
    pairs still moving, both seats in one batch).  ``newton=False``: plain value
    iteration (the same fixed point).  Exact: the values returned are evaluated turn values
    ``F`` whose residual is at most ``tol`` (1e-13: within 1e-12 of the old solver's).

    **Caps from the partner's value.**  Past the target with a lead ``d``, seat 0 banks
    for sure once ``q(d) <= p7 * p``, ``p`` the partner's value at which the turn is
    evaluated: banking wins with ``1 - q(d)``, rolling seven fresh dice at most with
    ``1 - p7 * p`` (a bust with chance ``p7`` hands seat 1 the turn, worth ``p`` to it).
    Each evaluation is thus exact for its ``p`` with a cap far below :func:`_caps`'s
    ``dstar`` (which bounds ``p`` below by ``q(target - b)``): a fifth of the sweeps fewer.
    Lower still, at the lead :func:`_lead_caps` found for the grid value below ``p`` (the
    last lead where rolling beats banking, from one batched turn per grid value): an eighth
    of the sweeps fewer again (target 50), the same values.
    """
    dstar, q = _caps(target)
    leads = _bank_leads(q)
    pk, dk = _lead_caps(len(q) - 1)
    T = np.full((2, target, target), np.nan)
    Dt = np.full((2, target, target), np.nan)
    evaluations = 0
    for L in range(2 * target - 2, -1, -1):
        progress.step(2 * target - 2 - L, 2 * target - 1)  # a bar; raises Cancelled if asked
        lo, hi = max(0, L - target + 1), min(L, target - 1)
        aa = np.arange(lo, hi + 1)
        bb = L - aa
        n = len(aa)
        caps = np.concatenate([dstar[bb] - aa + bb, target - bb])
        width = int(caps.max()) + MS + 1
        bank = np.concatenate([_bank_rows(0, aa, bb, target, T, q, width),
                               _bank_rows(1, aa, bb, target, T, q, width)])
        partner = np.concatenate([np.arange(n) + n, np.arange(n)])
        est, D = _guess(T, Dt, aa, bb, target)
        if not newton:
            D = np.zeros(2 * n)
        out = np.full(2 * n, np.nan)
        active = np.ones(2 * n, dtype=bool)
        last_p = last_F = None
        for it in range(1, max_iter + 1):
            idx = np.flatnonzero(active)
            p = est[partner]
            x = p[idx] - 1.0
            rows = bank[idx]
            rows[:, 0] = x
            cap = caps[idx]
            zero = idx < n  # seat 0: the lead from which it banks for sure, at this p
            i0 = idx[zero]
            d = np.searchsorted(leads, -P7 * p[i0], side="left")
            k = np.searchsorted(pk, p[i0], side="right") - 1  # the grid value below p
            d = np.minimum(d, np.where(k >= 0, dk[np.maximum(k, 0)], d))
            d = np.maximum(d, target - bb[i0])
            cap[zero] = np.minimum(cap[zero], d - aa[i0] + bb[i0])
            F = est.copy()
            chunk = JIT_BATCH if kernel.compiled() is not None else BATCH
            for lo_ in range(0, len(idx), chunk):  # the data stay in cache
                j = slice(lo_, lo_ + chunk)
                C, _ = _turn_batch(rows[j], x[j], cap[j])
                F[idx[j]] = -C[0]
            evaluations += 1
            res = np.abs(F - est)
            settled = active & (res <= tol) & (res[partner] <= tol)
            out[settled] = F[settled]
            if newton and last_p is not None:  # secant slopes (exact on a fixed policy)
                dp = p - last_p
                moved = active & (np.abs(dp) > 1e-15)
                sec = -(F - last_F) / np.where(moved, dp, 1.0)
                D = np.where(moved, np.clip(sec, 0.0, 1.0 - 1e-12), D)
            last_p, last_F = p, F
            active &= ~settled
            if not active.any():
                break
            if newton and it <= max_iter // 2:
                Dj, Fj, ej = D[partner], F[partner], est[partner]
                den = 1.0 - D * Dj
                ok = den > 1e-300
                num = F - D * Fj - D * Dj * est + D * ej
                new = np.clip(np.where(ok, num / np.where(ok, den, 1.0), F), 0.0, 1.0)
                est = np.where(active, new, est)
            else:  # plain iteration (contracting: every turn can bust)
                est = np.where(active, F, est)
        else:  # pragma: no cover - never seen: plain iteration contracts
            out[active] = F[active]
        T[0, aa, bb], T[1, aa, bb] = out[:n], out[n:]
        Dt[0, aa, bb], Dt[1, aa, bb] = D[:n], D[n:]
    return T, evaluations


def solve_duel(rules: Rules | None = None, *, newton: bool = True,
               use_table: bool = True) -> DuelSolution:
    """Solve two-player Seveny for every pair of scores (cached per Rules; the shipped
    table of :mod:`dicelab.tools.build_tables` is read when there is one).  Targets above
    :data:`~dicelab.engine.seveny.solo.MAX_SOLVED_TARGET` are refused at once (hours of solving).

    >>> solve_duel(Rules(target=200))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: exact odds are computed for targets up to 100 ...
    """
    rules = solo._solvable(rules)
    if newton and use_table and rules in _CACHE:
        return _CACHE[rules]
    target = rules.target
    if newton and use_table:
        T = load_table(table_name(rules), table_meta(rules), (2, target, target),
                       ships=target in SHIPPED_TARGETS)
        if T is not None:
            sol = DuelSolution(rules, T, 0, 0.0)
            _CACHE[rules] = sol
            return sol
    t0 = time.perf_counter()
    T, evaluations = _solve_layers(target, newton)
    dstar, q = _caps(target)
    T.setflags(write=False)
    sol = DuelSolution(rules, T, evaluations, time.perf_counter() - t0)
    if newton:
        _CACHE[rules] = sol
        if use_table:  # the next kernel reads it (not the table builder's own solves)
            save_table(table_name(rules), {"T": T, "dstar": np.asarray(dstar),
                                           "q": np.asarray(q)}, rules, table_meta(rules))
    return sol


def table_arrays(rules: Rules | None = None) -> dict[str, np.ndarray]:
    """What the shipped (or cached) file of ``rules`` holds (a fresh solve): ``T``, and
    ``dstar`` and ``q`` (:func:`_caps`).

    >>> arrs = table_arrays(Rules(target=2))
    >>> sorted(arrs), arrs["T"].shape
    (['T', 'dstar', 'q'], (2, 2, 2))
    """
    rules = _check_rules(rules)
    T = np.asarray(solve_duel(rules, use_table=False).T)
    dstar, q = _caps(rules.target)
    return {"T": T, "dstar": np.asarray(dstar), "q": np.asarray(q)}


def duel_ready(rules: Rules | None = None) -> bool:
    """Whether the two-player table of ``rules`` is at hand (shipped: target 100; solved in
    this kernel or cached on this machine; or a target of 5 or less: instant), so that
    advice needs no solve first.

    >>> duel_ready(Rules(target=100)), duel_ready(Rules(target=40))
    (True, False)
    """
    rules = _check_rules(rules)
    return (rules in _CACHE or rules.target <= 5
            or table_ready(table_name(rules), table_meta(rules), (2, rules.target, rules.target)))


def duel_table(rules: Rules | None = None) -> np.ndarray:
    """``T[seat, a, b]`` (read-only): P(seat wins), that seat to play, scores ``a`` (seat 0)
    and ``b`` (seat 1) below the target, both playing to win.

    >>> T = duel_table(Rules(target=5))
    >>> T.shape
    (2, 5, 5)
    """
    return solve_duel(rules).T


def duel_win_probability(rules: Rules | None = None, scores: Iterable[int] = (0, 0),
                         to_play: int = 0) -> float:
    """Probability that seat ``to_play`` wins two-player Seveny, at the start of its turn
    with ``scores`` (seat 0's first), both playing to win; a shared win counts 1/2.

    Seat 1 may play with seat 0 at or past the target (its last turn).

    >>> round(duel_win_probability(Rules(target=5), (7, 3), to_play=1), 6)
    0.685293
    """
    rules = _check_rules(rules)
    sc = seat_pair(scores, N_("scores must be two scores (seat 0's first); got {scores}"),
                   "scores")
    if any(isinstance(x, bool) or not isinstance(x, (int, np.integer))
                           or x < 0 for x in sc):
        raise IllegalMove("scores must be two whole numbers >= 0; got {scores}",
                          scores=brief(scores))
    check_seat(to_play)
    a, b = int(sc[0]), int(sc[1])
    target = rules.target
    if b >= target:
        raise IllegalMove("seat 1 has reached the target: the game is over")
    if a >= target:
        if to_play == 0:
            raise IllegalMove("seat 0 has reached the target: it does not play again")
        return float(_q(a - b)[a - b])
    return float(solve_duel(rules).T[to_play, a, b])


# ------------------------------------------------------------------ in-turn values
@lru_cache(maxsize=64)
def _turn_of(rules: Rules, seat: int, a: int, b: int) -> tuple[np.ndarray, int, np.ndarray]:
    """``(R[M, h], mcap, bank[t])``: ``-P(win)`` of rolling from hand ``h`` with ``M``
    memorised points, for the seat to play at ``(a, b)`` (``M >= mcap``: banks)."""
    target = rules.target
    if seat == 1 and a >= target:
        d = a - b
        D = 64
        while D < d + 1:
            D *= 2
        _, Rl = _last(D)
        R = Rl[D - d :]  # memorised M with threshold d is row D - d + M
        tot = np.arange(d + 2 + MS + 200)
        bank = -np.where(tot > d, 1.0, np.where(tot == d, 0.5, 0.0))
        return R, d + 1, bank
    T = solve_duel(rules).T
    dstar, q = _caps(target)
    A, Bv = np.array([a]), np.array([b])
    cap = int(dstar[b] - a + b) if seat == 0 else target - b
    bank = _bank_rows(seat, A, Bv, target, T, q, cap + MS + 1 + 200)
    x = T[1 - seat, a, b] - 1.0
    bank[:, 0] = x
    _, Rk = _turn_batch(bank, np.array([x]), cap, keep=True)
    return Rk[:, 0, :], cap, bank[0]


class _Position:
    """The turn of the seat to play at one position, evaluated lazily, one memorised total
    at a time, from its cycle starts: ``C[M]`` (``-P(win)`` of rolling seven fresh dice
    with ``M`` memorised) is known for ``M < len(C)``; from ``n`` on, the player banks after
    a completed cycle (``W[M] = bank[M]``).  ``bank[t]``: ``-P(win)`` of banking ``t``
    points (``bank[0]``: the bust), flat past its end."""

    def __init__(self, bank: np.ndarray, x: float, C: np.ndarray, n: int) -> None:
        self.bank, self.x, self.n = bank, float(x), int(n)
        self._c = {m: float(v) for m, v in enumerate(C)}
        self._rows: dict[int, np.ndarray] = {}

    def bank_at(self, total: int) -> float:
        return float(self.bank[min(total, len(self.bank) - 1)])

    def start(self, m: int) -> float:
        """``C[m]``: rolling seven fresh dice with ``m`` memorised."""
        if m not in self._c:
            self._c[m] = float(self.row(m)[0])
        return self._c[m]

    def row(self, m: int) -> np.ndarray:
        """``R[m, h]``: rolling from each hand ``h`` with ``m`` memorised (one sweep)."""
        if m not in self._rows:
            nh = len(solo._tables().hands)
            X, INF = _slots()
            V = np.empty(INF + 1)
            V[X], V[INF] = self.x, np.inf
            for k in range(1, MS + 1):
                w = self.bank_at(m + k)
                V[nh + k] = w if m + k >= self.n else min(w, self.start(m + k))
            bm = self.bank[np.minimum(m + solo._tables().scores, len(self.bank) - 1)]
            R = np.empty(nh)
            _sweep(V, bm, R)
            R.setflags(write=False)
            self._rows[m] = R
        return self._rows[m]


@lru_cache(maxsize=64)
def _position(rules: Rules, seat: int, a: int, b: int) -> _Position:
    """The turn of the seat to play at ``(a, b)``: its cycle starts from one sweep of its
    whole turn."""
    target = rules.target
    if seat == 1 and a >= target:  # the last turn: C[M] = -q(d - M)
        d = a - b
        tot = np.arange(d + 2 + MS + 200)
        bank = -np.where(tot > d, 1.0, np.where(tot == d, 0.5, 0.0))
        q = _q(d)
        return _Position(bank, 0.0, -q[d - np.arange(d)], d + 1)
    T = solve_duel(rules).T
    dstar, q = _caps(target)
    cap = int(dstar[b] - a + b) if seat == 0 else target - b
    bank = _bank_rows(seat, np.array([a]), np.array([b]), target, T, q, cap + MS + 1 + 200)[0]
    x = T[1 - seat, a, b] - 1.0
    bank[0] = x
    C, _ = _turn_batch(bank[None, :], np.array([x]), cap)
    return _Position(bank, x, C[:, 0], cap)


def choice_values(rules: Rules, seat: int, a: int, b: int, memorised: int,
                  hand: tuple[int, ...], roll: tuple[int, ...]) -> dict[tuple[Any, str], float]:
    """``{(set-aside, "roll" | "bank"): P(win)}`` of every choice of the seat to play."""
    from dicelab.games.seveny import score as cycle_score
    from dicelab.games.seveny import settable

    t = solo._tables()
    pos = _position(rules, seat, a, b)
    out: dict[tuple[Any, str], float] = {}
    for s in settable(hand, roll):
        nh_ = tuple(sorted(hand + s))
        pts = memorised + cycle_score(nh_)
        out[(s, "bank")] = -pos.bank_at(pts)
        if len(nh_) == DICE:  # a completed cycle: seven fresh dice with ``pts`` memorised
            out[(s, "roll")] = -pos.start(pts)
        else:
            out[(s, "roll")] = -float(pos.row(memorised)[t.index[nh_]])
    return out


def advise_duel(state: Any) -> Advice:
    """Two-player advice of a Seveny state: the solo advice's choices with ``p_duel``
    (empty when there is nothing to choose)."""
    if not deciding(state, solo.DECISION_PHASES):
        return Advice("p_duel", True, (), kind="duel", players=2)
    p = state.current_player
    base = solo.advise(state.dice, hand=state.hand, memorised=state.memorised,
                       score=state.scores[p], rules=state.rules)
    a, b = state.scores
    vals = choice_values(state.rules, p, a, b, state.memorised, tuple(state.hand),
                         tuple(sorted(state.dice)))
    choices = []
    for c in base:
        nums = dict(c.numbers)
        nums["p_duel"] = vals[(c.keep, "bank" if isinstance(c.action, Bank) else "roll")]
        choices.append(replace(c, numbers=nums))
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)


# ------------------------------------------------------------------ policy picture
def policy_surface(rules: Rules | None = None) -> PolicySurface:
    """Smallest turn total at which the player banks a hand of one die (a 1) rather than
    rolling the six other dice, by (my score, opponent's score): a proxy for the turn total
    at which to stop.  ``duel[i, j]``: my score ``i``, opponent ``j`` (as seat 0);
    ``solo``: the solo-optimal player.  Computed from whole turns of each position.
    """
    rules = _check_rules(rules)
    target = rules.target
    t = solo._tables()
    h1 = t.index[(1,)]
    T = solve_duel(rules).T
    ssol = solo.solve_turns(rules)
    duel = np.full((target, target), np.nan)
    sol_ = np.full((target, target), np.nan)
    for a in range(target):
        for m in range(0, target + 40):
            tot = m + 1
            roll_s = 1.0 + ssol.roll_value(a, m, h1)
            bank_s = 1.0 + ssol.bank_value(a, tot)
            if bank_s <= roll_s:
                sol_[a, :] = tot
                break
    dstar, q = _caps(target)
    bb = np.arange(target)
    for a in range(target):
        aa = np.full(target, a)
        cap = int(np.max(dstar - a + bb))
        bank = _bank_rows(0, aa, bb, target, T, q, cap + MS + 1)
        bank[:, 0] = T[1, a, :] - 1.0
        _, Rk = _turn_batch(bank, bank[:, 0].copy(), cap, keep=True)
        for b in range(target):
            for m in range(cap):
                if -bank[b, m + 1] >= -Rk[m, b, h1] - 1e-15:
                    duel[a, b] = m + 1
                    break
    axis = np.arange(target)
    return PolicySurface("seveny", "bank_total_one_die_aside", axis, axis, duel, sol_,
                         np.array(T[0]))


# ------------------------------------------------------------------ the shipped tables
def shipped_tables() -> Iterator[tuple[Rules, str, Callable[[], Any], dict[str, Any]]]:
    """The tables this engine ships (:mod:`dicelab.tools.build_tables`): ``(rules, file
    name, a fresh solve, the metadata)``, one per target of :data:`SHIPPED_TARGETS`, then
    the solo table (:func:`dicelab.engine.seveny.solo.table_name`).

    >>> [t[1] for t in shipped_tables()][:1]
    ['duel_seveny_t100.npz']
    >>> [t[1] for t in shipped_tables()][-1]
    'solo_seveny_t100.npz'
    """
    for target in SHIPPED_TARGETS:
        rules = Rules(target=target)
        yield (rules, table_name(rules), lambda r=rules: table_arrays(r), table_meta(rules))
    yield (Rules(target=max(solo.SHIPPED_TARGETS)), solo.table_name(), solo.table_arrays,
           solo.table_meta())
