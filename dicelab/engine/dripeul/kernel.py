"""Dripeul's batched two-player turn compiled to machine code (numba), on every core.

:func:`dicelab.engine.dripeul.duel._starts` solves the turns of a batch of positions: each
final roll's stopping value (the best board the rule allows, read from the table ``H``),
then the reroll turn (:func:`~dicelab.engine.reroll.solve_turn`, or
:func:`~dicelab.engine.reroll.solve_turn_locked` when kept dice stay kept).  numpy does it
chunk by chunk, in calls of a few hundred microseconds each; this module does a whole
chunk in one compiled call, the chunks shared among the processor's cores (numba's
``prange``): the same sums and maxima as the compiled pieces of
:mod:`~dicelab.engine.reroll`, with the first roll's average summed in order (a few units
of the last place from numpy's product; ``tests/test_compiled_loops.py`` checks 1e-14).

numba is optional (:mod:`dicelab.engine.jit`): without it :func:`starts` is ``None`` and
the solver runs its numpy code.

>>> import numpy as np
>>> from dicelab.engine.dripeul import duel
>>> H = duel._terminal_h()
>>> s, b, o = np.array([1]), np.array([duel.board((6,), 0)]), np.array([duel.CLEARED[0]])
>>> plain = duel._starts((True, False, False), H, s, b, o, jit=False)
>>> fast = duel._starts((True, False, False), H, s, b, o)
>>> bool(np.allclose(plain, plain if fast is None else fast, rtol=0, atol=1e-15))
True
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

import numpy as np

from dicelab.engine.jit import compile_loop

__all__ = ["starts"]

prange = range  # numba's prange where compiled (:func:`~dicelab.engine.jit.compile_loop`)

#: One batch at a time shares the cores: numba's simplest threading layer ("workqueue",
#: where neither OpenMP nor TBB is installed) stops the process if two threads start
#: parallel loops at once (two apps solving in one kernel).
_ONE_AT_A_TIME = threading.Lock()

#: Positions per compiled chunk: its working arrays stay in the processor's cache (462
#: keeps, or 4368 (locked, shown) pairs, per position).
CHUNK = {True: 128, False: 24}


def starts(set_aside: bool, H: np.ndarray, base: Any, b: Any, idx: np.ndarray,
           cls: np.ndarray, rolls: int) -> np.ndarray | None:
    """The start values of the turns of positions ``i`` (see :func:`~.duel._starts`):
    the mover's board ``b[i]``, its stopping values read at ``H.flat[base[i] + x * NB]``
    for the boards ``x`` of ``idx[cls[roll], b[i]]`` (:func:`~.duel._finals`), with
    ``rolls`` rolls (``set_aside``: a kept die may be rolled again); compiled, on every
    core; ``None`` when loops are not compiled."""
    loop = compile_loop(_set_aside_loop if set_aside else _locked_loop, parallel=True,
                        calls=_HELPERS)
    if loop is None:
        return None
    bb = np.ascontiguousarray(b, dtype=np.int64)
    out = np.empty(len(bb))
    tables = _set_aside_tables() if set_aside else _locked_tables()
    with _ONE_AT_A_TIME:
        loop(H.reshape(-1), np.ascontiguousarray(base, dtype=np.int64), idx, bb, H.shape[-1],
             cls, *tables, rolls, CHUNK[set_aside], out)
    return out


@cache
def _set_aside_tables() -> tuple[np.ndarray, ...]:
    """``(rows, grow, prow, pother, full, p_roll)`` of 5 dice: the keep sums' rows and their
    six keeps one die larger, the running maximum's pairs, each outcome's keep and the
    probability of each roll (:mod:`~dicelab.engine.reroll`)."""
    from dicelab.engine.reroll import _flat_grow_of, _flat_pairs, sub_lattice

    lat = sub_lattice(5)
    rows, grow = _flat_grow_of(5)
    prow, pother = _flat_pairs(lat.prefix)
    return rows, grow, prow, pother, np.asarray(lat.full, dtype=np.int64), lat.p_roll


@cache
def _locked_tables() -> tuple[np.ndarray, ...]:
    """:func:`_set_aside_tables` and the locked turn's pairs: ``(…, lock, out, prob,
    pstarts, fullpair, srow, smore)`` (:class:`~dicelab.engine.reroll.LockedPairs`)."""
    from dicelab.engine.reroll import _flat_pairs, _full_pairs, locked_pairs

    p = locked_pairs(5)
    srow, smore = _flat_pairs(p.suffix)
    return (*_set_aside_tables(), p.lock, p.out, np.asarray(p.prob, dtype=float),
            np.asarray(p.starts, dtype=np.int64), _full_pairs(5), srow, smore)


def _finals_chunk(flat: Any, base: Any, idx: Any, b: Any, nb: int, cls: Any, lo: int,
                  n: int) -> Any:  # pragma: no cover - compiled
    """``f[roll, i]``: the stopping value of each final roll for position ``lo + i`` (the
    best board the rule allows; ``nan`` wins, as in ``max``: :func:`~.duel._finals`)."""
    K = idx.shape[0]
    fk = np.empty((K, n))
    for k in range(K):
        for i in range(n):
            row = idx[k, b[lo + i]]
            m = flat[base[lo + i] + row[0] * nb]
            for j in range(1, row.shape[0]):
                v = flat[base[lo + i] + row[j] * nb]
                if v > m or v != v:
                    m = v
            fk[k, i] = m
    f = np.empty((cls.shape[0], n))
    for r in range(cls.shape[0]):
        for i in range(n):
            f[r, i] = fk[cls[r], i]
    return f


def _roll_once(f: Any, w: Any, q: Any, rows: Any, grow: Any, prow: Any, pother: Any,
               full: Any) -> None:  # pragma: no cover - compiled
    """One more roll allowed, in place: ``q`` the value of each keep (the sums one die at a
    time, then the running maximum over its sub-keeps), ``w[o] = max(f[o], q[o])``."""
    for r in range(full.shape[0]):
        for i in range(f.shape[1]):
            q[full[r], i] = w[r, i]
    _sums(q, rows, grow)
    _max_pairs(q, prow, pother)
    _stop(f, q, full, w)


def _max_pairs(q: Any, prow: Any, pother: Any) -> None:  # pragma: no cover - compiled
    """``q[prow[t]] = max(q[prow[t]], q[pother[t]])`` in order (``nan`` wins)."""
    for t in range(prow.shape[0]):
        r, o = prow[t], pother[t]
        for i in range(q.shape[1]):
            v = q[o, i]
            if q[r, i] < v or v != v:
                q[r, i] = v


def _stop(f: Any, q: Any, full: Any, w: Any) -> None:  # pragma: no cover - compiled
    """``w[o] = max(f[o], q[full[o]])`` (``nan`` wins, as in ``np.maximum``)."""
    for r in range(full.shape[0]):
        for i in range(f.shape[1]):
            v = q[full[r], i]
            x = f[r, i]
            w[r, i] = x if x > v or x != x else v


def _set_aside_loop(flat: Any, base: Any, idx: Any, b: Any, nb: int, cls: Any, rows: Any,
                    grow: Any, prow: Any, pother: Any, full: Any, p_roll: Any, rolls: int,
                    chunk: int,
                    out: Any) -> None:  # pragma: no cover - compiled
    """The set-aside turn of every position, chunk by chunk on every core."""
    nk = max(rows.max() + 1, full.max() + 1)
    count = (base.shape[0] + chunk - 1) // chunk
    for c in prange(count):
        lo = c * chunk
        n = min(chunk, base.shape[0] - lo)
        f = _finals_chunk(flat, base, idx, b, nb, cls, lo, n)
        w = f.copy()
        q = np.empty((nk, n))
        for _ in range(1, rolls):
            _roll_once(f, w, q, rows, grow, prow, pother, full)
        _average(w, p_roll, out, lo)


def _average(w: Any, p_roll: Any, out: Any, lo: int) -> None:  # pragma: no cover - compiled
    """``out[lo + i] = sum_r p_roll[r] w[r, i]``: the first roll keeps nothing."""
    for i in range(w.shape[1]):
        out[lo + i] = 0.0
    for r in range(w.shape[0]):
        p = p_roll[r]
        for i in range(w.shape[1]):
            out[lo + i] += p * w[r, i]


def _locked_loop(flat: Any, base: Any, idx: Any, b: Any, nb: int, cls: Any, rows: Any,
                 grow: Any, prow: Any, pother: Any, full: Any, p_roll: Any, lock: Any,
                 pout: Any, prob: Any, pstarts: Any, fullpair: Any, srow: Any, smore: Any,
                 rolls: int, chunk: int,
                 out: Any) -> None:  # pragma: no cover - compiled
    """The locked turn of every position (the steps of
    :func:`~dicelab.engine.reroll._locked_values`), chunk by chunk on every core."""
    nk = max(rows.max() + 1, full.max() + 1)
    npairs = lock.shape[0]
    count = (base.shape[0] + chunk - 1) // chunk
    for c in prange(count):
        lo = c * chunk
        n = min(chunk, base.shape[0] - lo)
        f = _finals_chunk(flat, base, idx, b, nb, cls, lo, n)
        w = f.copy()
        q = np.empty((nk, n))
        wp = np.empty((npairs, n))
        comp = np.empty(n)
        for r in range(1, rolls):
            if r == 1:  # the dice after the last roll are final whatever is locked
                for o in range(full.shape[0]):
                    for i in range(n):
                        q[full[o], i] = f[o, i]
                _sums(q, rows, grow)
            else:  # the value of each keep: its pairs' values weighed (compensated sums)
                _segment_sums(wp, prob, pstarts, q, comp)
            if r == rolls - 1:  # the first roll's dice: nothing is locked yet
                _max_pairs(q, prow, pother)
                _stop(f, q, full, w)
                break
            _locked_best(q, lock, fullpair, srow, smore, f, pout, wp)
        _average(w, p_roll, out, lo)


def _sums(q: Any, rows: Any, grow: Any) -> None:  # pragma: no cover - compiled
    """The keeps' values one die at a time, largest keeps first (six faces, then / 6)."""
    n = q.shape[1]
    for t in range(rows.shape[0]):
        k = rows[t]
        g0 = grow[t, 0]
        for i in range(n):
            q[k, i] = q[g0, i]
        for d in range(1, grow.shape[1]):
            g = grow[t, d]
            for i in range(n):
                q[k, i] += q[g, i]
        for i in range(n):
            q[k, i] /= grow.shape[1]


def _segment_sums(prev: Any, prob: Any, starts: Any, q: Any,
                  c: Any) -> None:  # pragma: no cover - compiled
    """``q[k] = sum prob[i] prev[i]`` over keep ``k``'s pairs, compensated (Kahan), as
    :func:`~dicelab.engine.reroll._segment_sums_loop`."""
    n = prev.shape[0]
    B = prev.shape[1]
    for k in range(starts.shape[0]):
        a = starts[k]
        z = starts[k + 1] if k + 1 < starts.shape[0] else n
        for b in range(B):
            q[k, b] = prob[a] * prev[a, b]
            c[b] = 0.0
        for i in range(a + 1, z):
            p = prob[i]
            for b in range(B):
                y = p * prev[i, b] - c[b]
                t = q[k, b] + y
                c[b] = (t - q[k, b]) - y
                q[k, b] = t


def _locked_best(q: Any, lock: Any, full: Any, rows: Any, more: Any, f: Any, out: Any,
                 m: Any) -> None:  # pragma: no cover - compiled
    """The best move from each (locked, shown) pair, as
    :func:`~dicelab.engine.reroll._locked_best_loop`."""
    B = q.shape[1]
    for i in range(lock.shape[0]):
        if full[i]:
            for b in range(B):
                m[i, b] = -np.inf
        else:
            k = lock[i]
            for b in range(B):
                m[i, b] = q[k, b]
    for t in range(rows.shape[0]):
        r, o = rows[t], more[t]
        for b in range(B):
            v = m[o, b]
            if m[r, b] < v or v != v:
                m[r, b] = v
    for i in range(lock.shape[0]):
        k = out[i]
        for b in range(B):
            v = f[k, b]
            if v > m[i, b] or v != v:
                m[i, b] = v


_HELPERS = (_finals_chunk, _roll_once, _max_pairs, _stop, _average, _sums, _segment_sums,
            _locked_best)
