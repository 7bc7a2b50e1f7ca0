"""Dripeul's batched two-player turn compiled to machine code (numba), on every core.

:func:`dicelab.engine.dripeul.duel._starts` solves the turns of a batch of positions: each
final roll's stopping value (the best board the rule allows, read from the table ``H``),
then the reroll turn (:func:`~dicelab.engine.reroll.solve_turn`, or
:func:`~dicelab.engine.reroll.solve_turn_locked` when kept dice stay kept).  numpy does it
chunk by chunk, in calls of a few hundred microseconds each; this module does a whole
batch in one compiled call, its chunks shared among the processor's cores (numba's
``prange``), each chunk's arrays kept in the processor's cache and written in place (the
outcomes' values are the last rows of the keeps' array; a roll's stopping value is read
through its class, not copied).  The sums and maxima are :mod:`~dicelab.engine.reroll`'s
compiled loops (``_keep_values_loop``, ``_pairs_max_loop``, ``_segment_sums_loop``,
``_locked_best_loop``), called from here; only the first roll's average is summed in
plain order (numpy's product sums in another order): a few units of the last place
(``tests/test_compiled_loops.py`` checks 1e-14).

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
from dicelab.engine.reroll import (
    _keep_values_loop,
    _locked_best_loop,
    _pairs_max_loop,
    _segment_sums_loop,
)

__all__ = ["starts"]

prange = range  # numba's prange where compiled (:func:`~dicelab.engine.jit.compile_loop`)

#: One batch at a time shares the cores: numba's simplest threading layer ("workqueue",
#: where neither OpenMP nor TBB is installed) stops the process if two threads start
#: parallel loops at once (two apps solving in one kernel).
_ONE_AT_A_TIME = threading.Lock()

#: Positions per compiled chunk: its working arrays stay in the processor's cache (462
#: keeps, or 4368 (locked, shown) pairs, per position).
CHUNK = {True: 128, False: 32}


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
    at = np.ascontiguousarray(base, dtype=np.int64)
    nb = H.shape[-1]
    if len(bb) and (len(at) != len(bb) or bb.min() < 0 or bb.max() >= idx.shape[1]
                    or at.min() < 0 or at.max() + (nb - 1) * nb >= H.size):
        raise ValueError("positions outside the table")  # the compiled loop checks none
    out = np.empty(len(bb))
    if set_aside:
        tables = _set_aside_tables()
    else:  # each (locked, shown) pair's roll class: its stopping value, read through it
        lock, out_, *rest = _locked_tables()
        tables = (*_set_aside_tables(), lock, np.ascontiguousarray(cls[out_]), *rest)
    ptr, tgt = _distinct(idx)
    chunk = max(1, min(CHUNK[set_aside], -(-len(bb) // 2)))  # a small batch: both cores
    with _ONE_AT_A_TIME:
        loop(H.reshape(-1), at, ptr, tgt, bb, nb, cls, *tables, rolls, chunk, out)
    return out


_DISTINCT: dict[int, tuple[Any, Any, Any]] = {}


def _distinct(idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``idx[k, b]`` without its repeats (a row is padded to the longest: 15 boards, 2.4
    distinct on average), as ``tgt[ptr[k * NB + b] : ptr[k * NB + b + 1]]``; cached per
    array (the engine's are cached, and the entry holds its array, so that its ``id`` is
    never another's)."""
    hit = _DISTINCT.get(id(idx))
    if hit is None or hit[0] is not idx:
        rows = [np.unique(r) for r in idx.reshape(-1, idx.shape[2])]
        ptr = np.zeros(len(rows) + 1, dtype=np.int64)
        ptr[1:] = np.cumsum([len(r) for r in rows])
        hit = _DISTINCT[id(idx)] = (idx, ptr, np.concatenate(rows).astype(np.int64))
    return hit[1], hit[2]


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
    """The locked turn's pairs of 5 dice: ``(lock, out, prob, pstarts, fullpair, srow,
    smore)`` (:class:`~dicelab.engine.reroll.LockedPairs`)."""
    from dicelab.engine.reroll import _flat_pairs, _full_pairs, locked_pairs

    p = locked_pairs(5)
    srow, smore = _flat_pairs(p.suffix)
    return (p.lock, p.out, np.asarray(p.prob, dtype=float),
            np.asarray(p.starts, dtype=np.int64), _full_pairs(5), srow, smore)


def _finals_chunk(flat: Any, base: Any, ptr: Any, tgt: Any, b: Any, nb: int, cls: Any,
                  lo: int, n: int) -> Any:  # pragma: no cover - compiled
    """``f[k, i]``: the stopping value of a final roll of class ``k`` (a roll ``r`` is of
    class ``cls[r]``) for position ``lo + i``: the best board the rule allows (``nan``
    wins, as in ``max``: :func:`~.duel._finals`)."""
    K = (ptr.shape[0] - 1) // nb
    fk = np.empty((K, n))
    for k in range(K):
        for i in range(n):
            at = base[lo + i]
            row = k * nb + b[lo + i]
            m = flat[at + tgt[ptr[row]] * nb]
            for j in range(ptr[row] + 1, ptr[row + 1]):
                v = flat[at + tgt[j] * nb]
                if v > m or v != v:
                    m = v
            fk[k, i] = m
    return fk


def _roll_once(f: Any, cls: Any, q: Any, rows: Any, grow: Any, prow: Any, pother: Any,
               full: Any) -> None:  # pragma: no cover - compiled
    """One more roll allowed, in place on ``q``, whose outcome rows ``q[full]`` hold the
    values after it: each keep's value (the sums one die at a time, then the running
    maximum over its sub-keeps), then each outcome's ``max(f[cls[o]], q[o])``."""
    _keep_values_loop(q, rows, grow)
    _pairs_max_loop(q, prow, pother)
    _stop(f, cls, q, full)


def _stop(f: Any, cls: Any, q: Any, full: Any) -> None:  # pragma: no cover - compiled
    """``q[full[o]] = max(f[cls[o]], q[full[o]])``, stopping or rolling (``nan`` wins, as
    in ``np.maximum``)."""
    for r in range(full.shape[0]):
        a, b = q[full[r]], f[cls[r]]
        for i in range(a.shape[0]):
            v, x = a[i], b[i]
            a[i] = x if (x > v) | (x != x) else v  # no branch: the loop vectorises


def _start(f: Any, cls: Any, q: Any, full: Any) -> None:  # pragma: no cover - compiled
    """``q[full[o]] = f[cls[o]]``: the dice of the last roll are final."""
    for r in range(full.shape[0]):
        a, b = q[full[r]], f[cls[r]]
        for i in range(a.shape[0]):
            a[i] = b[i]


def _set_aside_loop(flat: Any, base: Any, ptr: Any, tgt: Any, b: Any, nb: int, cls: Any,
                    rows: Any, grow: Any, prow: Any, pother: Any, full: Any, p_roll: Any,
                    rolls: int, chunk: int, out: Any) -> None:  # pragma: no cover - compiled
    """The set-aside turn of every position, chunk by chunk on every core."""
    nk = max(rows.max() + 1, full.max() + 1)
    count = (base.shape[0] + chunk - 1) // chunk
    for c in prange(count):
        lo = c * chunk
        n = min(chunk, base.shape[0] - lo)
        f = _finals_chunk(flat, base, ptr, tgt, b, nb, cls, lo, n)
        q = np.empty((nk, n))
        _start(f, cls, q, full)
        for _ in range(1, rolls):
            _roll_once(f, cls, q, rows, grow, prow, pother, full)
        _average(q, full, p_roll, out, lo)


def _average(q: Any, full: Any, p_roll: Any, out: Any,
             lo: int) -> None:  # pragma: no cover - compiled
    """``out[lo + i] = sum_r p_roll[r] q[full[r], i]``, in order of ``r``: the first roll
    keeps nothing."""
    acc = np.zeros(q.shape[1])
    for r in range(full.shape[0]):
        p, row = p_roll[r], q[full[r]]
        for i in range(q.shape[1]):
            acc[i] += p * row[i]
    for i in range(q.shape[1]):
        out[lo + i] = acc[i]


def _locked_loop(flat: Any, base: Any, ptr: Any, tgt: Any, b: Any, nb: int, cls: Any,
                 rows: Any, grow: Any, prow: Any, pother: Any, full: Any, p_roll: Any,
                 lock: Any, pcls: Any, prob: Any, pstarts: Any, fullpair: Any, srow: Any,
                 smore: Any, rolls: int, chunk: int,
                 out: Any) -> None:  # pragma: no cover - compiled
    """The locked turn of every position (the steps of
    :func:`~dicelab.engine.reroll._locked_values`), chunk by chunk on every core."""
    nk = max(rows.max() + 1, full.max() + 1)
    npairs = lock.shape[0]
    count = (base.shape[0] + chunk - 1) // chunk
    for c in prange(count):
        lo = c * chunk
        n = min(chunk, base.shape[0] - lo)
        f = _finals_chunk(flat, base, ptr, tgt, b, nb, cls, lo, n)
        q = np.empty((nk, n))
        wp = np.empty((npairs, n))
        _start(f, cls, q, full)
        for r in range(1, rolls):
            if r == 1:  # the dice after the last roll are final whatever is locked
                _keep_values_loop(q, rows, grow)
            else:  # the value of each keep: its pairs' values weighed (compensated sums)
                _segment_sums_loop(wp, prob, pstarts, q)
            if r == rolls - 1:  # the first roll's dice: nothing is locked yet
                _pairs_max_loop(q, prow, pother)
                _stop(f, cls, q, full)
                break
            _locked_best_loop(q, lock, fullpair, srow, smore, f, pcls, wp)
        _average(q, full, p_roll, out, lo)


_HELPERS = (_finals_chunk, _roll_once, _stop, _start, _average, _keep_values_loop,
            _pairs_max_loop, _segment_sums_loop, _locked_best_loop)
