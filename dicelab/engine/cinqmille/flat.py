"""The two-player 5000 solver's turn sweep (:mod:`dicelab.engine.cinqmille.duel`), laid
out flat.

The turn is the solo engine's (``solo._step``: the rule tables of ``solo._model``, every
set-aside of every roll), valued ``-P(win)`` for the rows ``s`` (my score; the
opponent's is the layer's total minus ``s``) of one layer.  Here every value a step reads
is one row of one array (:class:`Layout`), so a total costs one gather, each group's
minimum and one product (:func:`fast_sweep`); a few rows alone are swept by
:func:`sweep_columns`, and :func:`revalue` sweeps only the rows whose partner's value
moved.  The same minima and products as the solo engine's step: the same values
(``tests/test_cinqmille_duel.py``).

>>> from dicelab.games.cinqmille import Rules
>>> lay = layout(Rules())
>>> lay.top, lay.rows.shape[0]
(99, 100)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.engine.cinqmille import solo as solo
from dicelab.games.cinqmille import Rules

TOP = solo.TOP

__all__ = ["MOVED", "SLOPE_STEP", "Layout", "bank_rows", "fast_sweep", "layout", "revalue",
           "sweep_columns"]


#: The slopes' step: a layer's first sweep values every row at its bust value ``p - 1`` and
#: at ``p - 1 - SLOPE_STEP`` (a second column), whose difference is the slope ``D`` of
#: :func:`dicelab.engine.race.solve_pairs` (exact while the policy does not change between
#: the two; an estimate otherwise: the values stay exact, checked by their residuals).
SLOPE_STEP = 2.0**-20


@dataclass(frozen=True)
class Layout:
    """The turn of the solver's sweep (``duel._sweep``), laid out for :func:`fast_sweep`:
    every value a step reads is one row of ``Z`` (shape ``(2 * size + 2, TOP)``, a column
    per score ``s``; or ``(2 * size + 2, 2 * TOP)`` for the slopes: ``2 s`` the value,
    ``2 s + 1`` the value at a bust value lowered by :data:`SLOPE_STEP`): ``R[n, u]``
    (``-P(win)`` of rolling ``n`` dice at total ``u``, rows ``n (W + 1) + u``), then
    ``RB[n, u] = min(R[n, u], bank at u)`` (the best of rolling on and banking, ``size``
    rows on), then the bust and the win rows.  A set-aside effect reaching total ``u'``
    reads ``R`` or ``RB`` (whether it may bank), the bust row when it overshoots, the win
    row when it wins (that depends on ``u'`` only, not on the score: checked by the
    tests); so a step is a few gathers by precomputed row indices, each group's minimum,
    and one product.
    """

    m: Any
    size: int  # (N + 1) * (W + 1): rows of R
    bust: int  # row of the bust values
    win: int  # row of the win value (-1)
    top: int  # the sweep's first total
    buckets: tuple[tuple[int, int, int, int], ...]  # (first, stop, k, where in rows[u])
    rows: np.ndarray  # rows[u]: the rows of every bucket's padded groups, one after another


@lru_cache(maxsize=8)
def layout(rules: Rules) -> Layout:
    m = solo._model(rules)
    W = m.W
    E = len(m.opt_p)
    size = (m.N + 1) * (W + 1)
    bust, win = 2 * size, 2 * size + 1
    top = m.UC if m.N == 6 else TOP - 1
    idx = np.empty((top + 1, E + 2), dtype=np.intp)
    for u in range(top + 1):
        u2 = u + m.opt_p
        kind = m.kind[min(u, TOP - 1), u2]
        row = m.opt_next * (W + 1) + np.minimum(u2, m.UC) + np.where(m.opt_bankable, size, 0)
        idx[u, :E] = np.where(kind == solo._WIN, win, np.where(kind == solo._OVER, bust, row))
        idx[u, E], idx[u, E + 1] = bust, win  # the extra effects: a bust, five 1s
    # each bucket's (groups, k) padded effect rows, taken k-major: the minimum over the
    # first axis of a (k, groups, S) block runs over contiguous rows
    buckets, cat, at = [], [], 0
    for first, stop, rows in m.buckets:
        buckets.append((first, stop, rows.shape[1], at))
        cat.append(rows.T.ravel())
        at += rows.size
    return Layout(m, size, bust, win, top, tuple(buckets),
                   np.ascontiguousarray(idx[:, np.concatenate(cat)]))


def bank_rows(lay: Layout, Text: np.ndarray, lo: int, hi: int, opp: np.ndarray,
               copies: int = 1) -> np.ndarray:
    """``B[u, c (s - lo) + j]``: the value of banking at total ``u`` for the row ``s``
    (``T[o, u] - 1``; ``+inf`` where the rules refuse it), in the columns of a ``Z`` of
    ``copies`` columns per score (:class:`Layout`)."""
    m = lay.m
    ss = np.arange(lo, hi + 1)
    B = np.where(m.bank_ok[ss, : m.W].T, Text[opp][:, : m.W].T - 1.0, np.inf)
    return np.repeat(B, copies, axis=1) if copies > 1 else B


def fast_sweep(lay: Layout, Z: np.ndarray, B: np.ndarray, lo: int, hi: int,
                bust: np.ndarray) -> None:
    """The solver's sweep (``duel._sweep``: the same minima and products, the same
    values) for the rows ``s = lo..hi`` with bust values ``bust``, in ``Z``
    (:class:`Layout`) and with the bank values ``B`` (:func:`bank_rows`).  A ``Z`` of
    ``TOP`` columns holds one value per row (column ``s``); one of ``2 * TOP`` columns
    two (``2 s``, and ``2 s + 1`` at ``bust - SLOPE_STEP``: the slopes).  Each sweep reads
    contiguous columns only."""
    m, size = lay.m, lay.size
    N, W = m.N, m.W
    c = Z.shape[1] // TOP  # columns per row
    Z[lay.bust, c * lo : c * hi + c : c] = bust
    if c == 2:
        Z[lay.bust, 2 * lo + 1 : 2 * hi + 2 : 2] = bust - SLOPE_STEP
    R = Z[:size].reshape(N + 1, W + 1, c * TOP)
    RB = Z[size : 2 * size].reshape(N + 1, W + 1, c * TOP)
    PT = m.grp_PT
    rows = lay.rows
    last = -1
    for u in range(lay.top, lo - 1, -1):
        hi_ = min(u, hi) + 1
        cols = slice(c * lo, c * hi_)
        S = c * (hi_ - lo)
        if S != last:  # the rows s <= u: fewer as u goes below the layer's highest s
            b, parts = _buffers(lay, S)
            last = S
        Bu = B[u, :S]
        Ru, RBu = R[1:, u, cols], RB[1:, u, cols]
        clamp = u == m.UC and N == 6  # the clamp column refers to itself: its fixed point
        for _ in range(500 if clamp else 1):
            old = R[:, u, cols].copy() if clamp else None
            Y = Z[rows[u], cols]  # every bucket's rows in one gather
            for a0, a1, shape, out in parts:
                np.minimum.reduce(Y[a0:a1].reshape(shape), axis=0, out=out)
            np.matmul(PT, b, out=Ru)
            np.minimum(Ru, Bu, out=RBu)
            if clamp and np.max(np.abs(R[:, u, cols] - old)) < 1e-15:
                break


def _buffers(lay: Layout, S: int) -> Any:
    """Each group's best for ``S`` columns (contiguous: the product reads it at once) and,
    per bucket, where its rows are in a step's gather, their shape and the part of the
    best it fills."""
    b = np.empty((len(lay.m.groups), S))
    return b, [(at, at + k * (stop - first), (k, stop - first, S), b[first:stop])
               for first, stop, k, at in lay.buckets]


#: A row whose partner's value moved by at most this since its last sweep keeps that
#: sweep's value (a row's value depends on that one number, with a slope in [0, 1]: it
#: moved by at most as much, a tenth of the solver's tolerance
#: :data:`dicelab.engine.cinqmille.duel.TOL`; a Newton step moves a
#: settled pair by a few 1e-16).
MOVED = 1e-14


def revalue(lay: Layout, Z: np.ndarray, B: np.ndarray, lo: int, hi: int, p: np.ndarray,
             seen: list[Any]) -> np.ndarray:
    """The values ``F`` of the rows ``s = lo..hi`` at their partners' values ``p`` (one
    column per score: ``Z``, ``B``), sweeping again only the rows whose ``p`` moved by
    more than :data:`MOVED` since ``seen`` (``[p, F]`` of the last evaluation; empty: all).
    Once most pairs of a layer have settled, a Newton step moves a few: their columns alone
    are swept (a gather of those columns; the whole range when more than half moved)."""
    m = lay.m
    start = m.N * (m.W + 1)
    ss = np.arange(lo, hi + 1)
    if not seen:
        fast_sweep(lay, Z, B, lo, hi, p - 1.0)
        return -Z[start + ss, ss]
    p_seen, F = seen
    moved = np.flatnonzero(np.abs(p - p_seen) > MOVED)
    F = F.copy()
    if 2 * len(moved) > len(ss):
        fast_sweep(lay, Z, B, lo, hi, p - 1.0)
        return -Z[start + ss, ss]
    if len(moved):
        sweep_columns(lay, Z, B[:, moved], lo + moved, p[moved] - 1.0)
        F[moved] = -Z[start + lo + moved, lo + moved]
    return F


def sweep_columns(lay: Layout, Z: np.ndarray, B: np.ndarray, cols: np.ndarray,
                   bust: np.ndarray) -> None:
    """:func:`fast_sweep` of the rows ``cols`` (scores, increasing) of a one-column ``Z``,
    with their bank values ``B`` and bust values ``bust``."""
    m, size = lay.m, lay.size
    N, W = m.N, m.W
    Z[lay.bust, cols] = bust
    R = Z[:size].reshape(N + 1, W + 1, TOP)
    RB = Z[size : 2 * size].reshape(N + 1, W + 1, TOP)
    PT = m.grp_PT
    last = -1
    for u in range(lay.top, int(cols[0]) - 1, -1):
        S = int(np.searchsorted(cols, u, side="right"))  # the rows s <= u
        if S != last:
            b, parts = _buffers(lay, S)
            c = cols[:S, None].T  # (1, S): a step's gather is (rows, S)
            last = S
        clamp = u == m.UC and N == 6
        for _ in range(500 if clamp else 1):
            old = R[:, u, c[0]] if clamp else None
            Y = Z[lay.rows[u][:, None], c]
            for a0, a1, shape, out in parts:
                np.minimum.reduce(Y[a0:a1].reshape(shape), axis=0, out=out)
            Ru = PT @ b
            R[1:, u, c[0]] = Ru
            RB[1:, u, c[0]] = np.minimum(Ru, B[u, :S])
            if clamp and np.max(np.abs(R[:, u, c[0]] - old)) < 1e-15:
                break
