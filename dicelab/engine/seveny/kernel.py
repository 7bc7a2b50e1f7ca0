"""Seveny's batched turn compiled to machine code (numba), for the two-player solver.

:func:`dicelab.engine.seveny.duel._turn_batch` sweeps a batch of positions' turns, each
memorised total from the cap down, each hand from the fullest down: the value of a hand is
the best of banking and rolling, rolling being the bust chance times the bust value plus,
for each roll class, its probability times the best of its set-asides.  numpy does this
with a gather, a minimum and a product per level of hands; this module does the same
minima and products in one compiled loop, the batch's positions innermost (so that the
processor handles several positions per instruction), without the intermediate arrays.
About six times faster on the solver's batches, and on a single position (advice).

numba is optional (:mod:`dicelab.engine.jit`): without it :func:`compiled` is ``None`` and
the duel solver runs its numpy sweep.

The values are those of the numpy sweep, summed in another order (a few units of the last
place; ``tests/test_seveny_kernel.py`` checks 1e-14):

>>> import numpy as np
>>> from dicelab.engine.seveny import duel
>>> bank = -np.linspace(0.2, 0.9, 40)[None, :]
>>> C, _ = duel._turn_batch(bank, np.array([-0.1]), 20, jit=False)
>>> fast = turn(bank.T, np.array([-0.1]), np.array([20])) if compiled() else (C, None)
>>> C2 = fast[0]
>>> bool(np.allclose(C, C2, rtol=0, atol=1e-14))
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from dicelab.engine.jit import compile_loop
from dicelab.engine.seveny import solo

__all__ = ["SCALAR_BELOW", "compiled", "turn"]

#: Fewer positions than this are swept one at a time (scalar): the vector loops' set-up
#: costs more than it saves on one to three positions (measured: 6.8 against 20 to 30 µs
#: per position and memorised total).
SCALAR_BELOW = 4


@cache
def _flat() -> tuple[np.ndarray, ...]:
    """The solo tables laid out per hand: ``(order, first, prob, start, size, slot, pbust,
    scores)``.  ``order``: the hands from the fullest down; hand ``h``'s roll classes are
    ``first[h]:first[h + 1]``, class ``g`` has probability ``prob[g]`` and the candidate
    slots ``slot[start[g] : start[g] + size[g]]`` (a hand ``< nh``, or ``nh + k``: a
    completed cycle worth ``k`` points)."""
    t = solo._tables()
    nh = len(t.hands)
    per_hand: list[list[tuple[float, np.ndarray]]] = [[] for _ in range(nh)]
    order = []
    for lv in t.levels:
        order.extend(range(lv.lo, lv.hi))
        for g in range(len(lv.starts)):
            cands = lv.targets[lv.starts[g] : lv.starts[g] + lv.lens[g]]
            per_hand[lv.lo + lv.group_hand[g]].append((float(lv.prob[g]), cands))
    first = np.zeros(nh + 1, dtype=np.int64)
    prob, start, size, slot = [], [], [], []
    for h in range(nh):
        first[h] = len(prob)
        for p, cands in per_hand[h]:
            prob.append(p)
            start.append(len(slot))
            size.append(len(cands))
            slot.extend(int(c) for c in cands)
    first[nh] = len(prob)
    return (np.array(order, dtype=np.int64), first, np.array(prob),
            np.array(start, dtype=np.int64), np.array(size, dtype=np.int64),
            np.array(slot, dtype=np.int64), t.pbust.copy(), t.scores.astype(np.int64))


def _loop(bankT: np.ndarray, x: np.ndarray, caps: np.ndarray, R: np.ndarray,
          order: np.ndarray, first: np.ndarray, prob: np.ndarray, start: np.ndarray,
          size: np.ndarray, slot: np.ndarray, pbust: np.ndarray, scores: np.ndarray,
          ms: int, scalar_below: int) -> np.ndarray:  # pragma: no cover - compiled
    """The compiled sweep (see :func:`turn`); ``R`` has ``len(R) == 0`` unless kept."""
    B = x.shape[0]
    nh = first.shape[0] - 1
    top = max(caps[0], 0) if B > 0 else 0
    keep = R.shape[0] > 0
    V = np.empty((nh + ms + 1, B))
    W = bankT[: top + ms + 1].copy()
    C = np.full((top, B), np.nan)
    tmp = np.empty(B)
    acc = np.empty(B)
    Vs = np.empty(nh + ms + 1)
    k = 0
    for m in range(top - 1, -1, -1):
        while k < B and caps[k] > m:
            k += 1  # positions 0..k-1 are below their cap
        if k < scalar_below:  # one position at a time
            for i in range(k):
                for j in range(1, ms + 1):
                    Vs[nh + j] = W[m + j, i]
                xi = x[i]
                a = 0.0
                for oi in range(order.shape[0]):
                    h = order[oi]
                    a = pbust[h] * xi
                    for g in range(first[h], first[h + 1]):
                        s0 = start[g]
                        best = Vs[slot[s0]]
                        for c in range(s0 + 1, s0 + size[g]):
                            v = Vs[slot[c]]
                            if v < best:
                                best = v
                        a += prob[g] * best
                    if keep:
                        R[m, h, i] = a
                    b = bankT[m + scores[h], i]
                    Vs[h] = b if b < a else a
                C[m, i] = a  # the last hand is the empty one: seven fresh dice
                w = bankT[m, i]
                W[m, i] = w if w < a else a
            continue
        kk = min(B, (k + 7) // 8 * 8)  # whole vectors: the lanes past k are computed, unused
        for j in range(1, ms + 1):
            for i in range(kk):
                V[nh + j, i] = W[m + j, i]
        for oi in range(order.shape[0]):
            h = order[oi]
            pb = pbust[h]
            for i in range(kk):
                acc[i] = pb * x[i]
            for g in range(first[h], first[h + 1]):
                s0 = start[g]
                c0 = slot[s0]
                for i in range(kk):
                    tmp[i] = V[c0, i]
                for c in range(s0 + 1, s0 + size[g]):
                    sl = slot[c]
                    for i in range(kk):
                        v = V[sl, i]
                        if v < tmp[i]:
                            tmp[i] = v
                p = prob[g]
                for i in range(kk):
                    acc[i] += p * tmp[i]
            if keep:
                for i in range(k):
                    R[m, h, i] = acc[i]
            bm = m + scores[h]
            for i in range(kk):
                b = bankT[bm, i]
                V[h, i] = b if b < acc[i] else acc[i]
        for i in range(k):
            C[m, i] = acc[i]
            w = bankT[m, i]
            W[m, i] = w if w < acc[i] else acc[i]
    return C


def compiled() -> Any:
    """The compiled loop, or ``None`` without numba (or with ``DICELAB_JIT=0``: the numpy
    sweep, for comparisons): :func:`dicelab.engine.jit.compile_loop`.

    >>> compiled() is None or callable(compiled())
    True
    """
    return compile_loop(_loop)


def turn(bankT: np.ndarray, x: np.ndarray, caps: np.ndarray,
         keep: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """``(C, R)`` of a batch of turns, minimising (values are ``-P(win)``), positions
    sorted by cap, largest first: ``bankT[t, i]``, banking a turn total ``t`` (at least
    ``caps[0] + 14`` totals, every one a number: the compiled loop checks no bound and
    would skip a ``nan``, so both are refused here); ``x[i]``, a bust; from ``caps[i]``
    memorised points on, position ``i`` banks.  ``C[M, i]``: rolling seven fresh dice with
    ``M`` memorised (``nan`` from the cap on); ``R[M, h, i]`` (``keep``): rolling from hand
    ``h``.  Raises ``RuntimeError`` without numba (callers check :func:`compiled` first).

    >>> turn(np.zeros((10, 1)), np.zeros(1), np.array([5]))
    Traceback (most recent call last):
    ...
    ValueError: the batch needs 19 banking totals, not 10
    """
    fn = compiled()
    if fn is None:
        raise RuntimeError("numba is not installed")
    caps = np.array(caps, dtype=np.int64)  # a writable copy: one compiled signature
    top = max(int(caps[0]), 0) if len(caps) else 0
    need = top + solo.MAX_SCORE + 1
    bankT = np.ascontiguousarray(bankT, dtype=np.float64)
    x = np.ascontiguousarray(x, dtype=np.float64)
    if bankT.ndim != 2 or bankT.shape[1] != len(x) or len(caps) != len(x):
        raise ValueError("bankT must be (totals, positions), with one x and cap a position")
    if bankT.shape[0] < need:
        raise ValueError(f"the batch needs {need} banking totals, not {bankT.shape[0]}")
    if np.isnan(bankT[:need]).any() or np.isnan(x).any():
        raise ValueError("a banking or bust value is not a number")
    nh = len(solo._tables().hands)
    R = np.full((top, nh, len(x)) if keep else (0, 0, 0), np.nan)
    C = fn(bankT, x, caps, R, *_flat(), solo.MAX_SCORE, SCALAR_BELOW)
    return C, (R if keep else None)
