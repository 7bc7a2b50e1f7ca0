"""The two-player Seveny solver of dicelab 0.2.0 (before issue 31), kept as the baseline of
``make bench`` (benchmarks/bench_duel.py) and of the agreement tests
(tests/test_seveny_duel.py): the same layers of equal ``a + b`` from the top down, each
layer's bust pairs by secant Newton steps (``solve_pairs``, copied as it was), every
evaluation a whole turn sweep of every position of the layer (``_turn_batch``, copied).
Only the turn's tables (``solo._tables``) and the caps (``_caps``, ``q``) are shared with
the package.  Not shipped in the wheel (``benchmarks/`` is not a package).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.engine.seveny import solo
from dicelab.engine.seveny.duel import _caps

MS = solo.MAX_SCORE
TOL = 1e-12


@dataclass(frozen=True)
class _Lv:
    """One level of the solo tables, laid out for :func:`_sweep`.

    ``P[k, g]``: the ``k``-th candidate (a value slot) of group ``g``, padded with the
    slot ``INF`` (+inf); a bust is one more group per hand, whose one candidate is the
    slot ``X``.  Groups run from the largest down, so ``ranks[k] = P[k, :count_k]`` holds
    every real ``k``-th candidate.  ``G`` (hands x groups) holds the groups' probabilities.
    """

    lo: int
    hi: int
    P: np.ndarray
    ranks: tuple[np.ndarray, ...]
    G: np.ndarray


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
        ranks = tuple(P[k, : int(np.sum(lens > k))].copy() for k in range(len(P)))
        out.append(_Lv(lv.lo, lv.hi, P, ranks, G))
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
    over them for one position or a few, one gather and minimum per candidate rank for a
    larger batch (less data); one product by the groups' probabilities and one minimum
    with banking.
    """
    r = V[0]
    few = V.ndim == 1 or V.shape[1] < 16  # fewer calls beat less data (measured)
    for lv in _structure():
        if len(lv.P) == 1:
            mins = V.take(lv.P[0], axis=0)
        elif few:
            mins = V.take(lv.P, axis=0).min(axis=0)
        else:
            mins = V.take(lv.ranks[0], axis=0)
            for rk in lv.ranks[1:]:
                c = len(rk)
                np.minimum(mins[:c], V.take(rk, axis=0), out=mins[:c])
        r = lv.G @ mins
        if R is not None:
            R[lv.lo : lv.hi] = r
        np.minimum(bm[lv.lo : lv.hi], r, out=V[lv.lo : lv.hi])
    return r[0]  # the last level is the empty hand


def _turn_batch(bank: np.ndarray, x: np.ndarray, mcap: int | np.ndarray,
                keep: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """Optimal turns of a batch of positions, minimising (values are ``-P(win)``).

    ``bank[i, t]``: value of banking a turn total ``t`` (``t < mcap + 14``); ``x[i]``:
    value of a bust; from ``mcap`` memorised points on (one number, or one per position),
    the player banks (after a completed cycle).  Returns ``C[M, i]``: the value of rolling
    seven fresh dice with ``M`` memorised (``C[0]``: the turn's first roll; ``nan`` from
    the position's cap on), and (``keep``) ``R[M, i, h]``: rolling from hand ``h``.  At
    each ``M`` only the positions below their cap are swept (positions sorted by cap);
    one position runs on 1-D arrays.
    """
    t = solo._tables()
    nh = len(t.hands)
    B = bank.shape[0]
    X, INF = _slots()
    caps = np.broadcast_to(np.asarray(mcap, dtype=np.int64), (B,))
    top = max(int(caps.max()), 0)
    order = np.argsort(-caps, kind="stable")
    if B > 1 and np.any(order != np.arange(B)):
        C, Rk = _turn_batch(bank[order], x[order], caps[order], keep)
        back = np.argsort(order)
        return C[:, back], (Rk[:, back] if keep else None)
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



def solve_pairs(
    evaluate: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    guess: np.ndarray,
    partner: np.ndarray,
    *,
    tol: float = TOL,
    max_iter: int = 500,
    newton: bool = True,
) -> tuple[np.ndarray, int]:
    """Solve one layer: ``a[i] = F_i(a[partner[i]])`` for every state ``i`` of the layer.

    ``evaluate(p)`` gets each state's partner value ``p[i]`` and returns ``(F, D)``:
    each state's optimal turn value and ``D = -dF/dp`` under the chosen policy (in
    ``[0, 1]``).  ``partner`` must be an involution (``partner[partner[i]] == i``; a
    state may be its own partner).  Returns the values (a last ``F`` whose residual
    ``|F - a|`` is below ``tol``, or a Newton solution that moved less than ``tol / 100``
    from the point where ``F`` was evaluated) and the number of evaluations.

    Newton steps run first; should they not settle within half of ``max_iter`` (a
    policy cycle), plain iteration finishes (it contracts: every turn can bust).

    >>> import numpy as np
    >>> ev = lambda p: (1 - 0.75 * p, np.full(len(p), 0.75))   # F(p) = 1 - 3/4 p
    >>> v, n = solve_pairs(ev, np.array([0.0, 0.0]), np.array([1, 0]))
    >>> [round(float(x), 12) for x in v], n <= 3     # a = 1 - 3/4 a: 4/7
    ([0.571428571429, 0.571428571429], True)
    >>> v, n = solve_pairs(ev, np.array([0.0, 0.0]), np.array([1, 0]), newton=False)
    >>> round(float(v[0]), 11), n > 50
    (0.57142857143, True)
    """
    est = np.array(guess, dtype=float)
    partner = np.asarray(partner)
    prev: tuple[np.ndarray, np.ndarray] | None = None
    for it in range(1, max_iter + 1):
        p = est[partner]
        F, D = evaluate(p)
        F = np.asarray(F, dtype=float)
        if np.max(np.abs(F - est), initial=0.0) <= tol:
            return F, it
        if D is None:  # secant slopes from the last two evaluations (exact on a fixed policy)
            if prev is None:
                prev = (p, F)
                est = F
                continue
            dp = p - prev[0]
            moved = np.abs(dp) > 1e-15
            D = np.where(moved, -(F - prev[1]) / np.where(moved, dp, 1.0), 0.0)
            D = np.clip(D, 0.0, 1.0 - 1e-12)
            prev = (p, F)
        if newton and it <= max_iter // 2:
            Dj, Fj, ej = D[partner], F[partner], est[partner]
            den = 1.0 - D * Dj
            ok = den > 1e-300
            num = F - D * Fj - D * Dj * est + D * ej
            new = np.clip(np.where(ok, num / np.where(ok, den, 1.0), F), 0.0, 1.0)
            if np.max(np.abs(new - est), initial=0.0) <= tol * 1e-2:
                # the policy did not change: Newton's step solved the pair's linear system
                return new, it
            est = new
        else:
            est = F
    return F, max_iter


def solve(target: int, newton: bool = True) -> tuple[np.ndarray, int]:
    """``(T, evaluations)``: two-player Seveny to ``target``, the layer loop of dicelab 0.2.0's
    ``dicelab.engine.seveny.duel.solve_duel`` (no table, no cache)."""
    dstar, q = _caps(target)
    T = np.full((2, target, target), np.nan)
    evaluations = 0
    for L in range(2 * target - 2, -1, -1):
        lo, hi = max(0, L - target + 1), min(L, target - 1)
        aa = np.arange(lo, hi + 1)
        bb = L - aa
        n = len(aa)
        capA = dstar[bb] - aa + bb
        capB = target - bb
        bankA = _bank_rows(0, aa, bb, target, T, q, int(capA.max()) + MS + 1)
        bankB = _bank_rows(1, aa, bb, target, T, q, int(capB.max()) + MS + 1)

        def evaluate(p: np.ndarray, n: int = n, capA: Any = capA, capB: Any = capB,
                     bankA: Any = bankA, bankB: Any = bankB) -> tuple[np.ndarray, Any]:
            x = p - 1.0
            bankA[:, 0], bankB[:, 0] = x[:n], x[n:]
            ca, _ = _turn_batch(bankA, x[:n], capA)
            cb, _ = _turn_batch(bankB, x[n:], capB)
            return -np.concatenate([ca[0], cb[0]]), None

        prev = np.concatenate([T[0, aa, np.minimum(bb + 1, target - 1)],
                               T[1, np.minimum(aa + 1, target - 1), bb]])
        guess = np.where(np.isnan(prev), 0.5, prev)
        partner = np.concatenate([np.arange(n) + n, np.arange(n)])
        v, it = solve_pairs(evaluate, guess, partner, newton=newton)
        evaluations += it
        T[0, aa, bb] = v[:n]
        T[1, aa, bb] = v[n:]
    return T, evaluations
