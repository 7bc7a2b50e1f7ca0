"""Exact values of a reroll turn (Dripeul 5, Trwavril).

A turn is up to ``rolls`` rolls of ``n`` dice; between rolls the player keeps
any sub-multiset and re-rolls the rest; the final dice get a value from the
game (``final[o]``: the value of stopping with outcome ``o``).  With the
keep→outcome matrix ``T`` of :func:`dicelab.dice.keep_table`, the optimal
turn is::

    W_0 = final
    Q_r = T @ W_(r-1)                  value of each keep with r rolls left
    W_r[o] = max(final[o], max_{k ⊆ o} Q_r[k])

``final`` may have extra columns (one per board), so every board of a game is
solved in one pass.  ``T @ W`` is computed one die at a time: keeping ``k`` and
rolling ``m`` dice is worth the average over the next die's six faces of keeping
``k`` plus that die and rolling ``m - 1`` (``Q[k] = mean_d Q[k + d]``), six
gathers per keep instead of a dense product (the keep table ``T`` is only needed
for advice).

:func:`solve_turn_locked` solves the variant where a die once kept stays kept
(Dripeul's ``reroll_set_aside=False``): the position is then the pair
(locked dice ``L``, dice shown ``D``), a keep ``K`` must satisfy
``L ⊆ K ⊆ D``, and ``K`` becomes the new locked set::

    Q_r[k]    = sum_o T[k, o] W_(r-1)[(k, o)]
    W_r[(l, o)] = max(final[o], max_{l ⊆ k ⊆ o} Q_r[k])

The value of a keep ``Q_r[k]`` does not depend on what was locked before, so
both solutions answer :meth:`TurnSolution.keep_values` the same way.

>>> import numpy as np
>>> from dicelab.core.dice import keep_table, multisets
>>> brelan = np.array([float(max(o.count(v) for v in o) >= 3) for o in multisets(5)])
>>> sol = solve_turn(5, brelan, rolls=3)
>>> round(float(sol.start), 4)  # chance of ending a turn with a brelan or better
0.7432
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from dicelab.core.dice import (
    Dice,
    is_sub_multiset,
    keep_table,
    keeps,
    multisets,
    roll_probabilities,
    sort_dice,
)
from dicelab.engine.jit import compile_loop


@dataclass(frozen=True)
class TurnSolution:
    """Optimal values of a reroll turn.

    ``W[r]`` (shape ``(outcomes, *B)``) is the value of showing outcome ``o``
    with ``r`` re-rolls still allowed; ``Q[r]`` (shape ``(keeps, *B)``) the
    value of keeping ``k`` and rolling the rest when that roll leaves ``r - 1``
    re-rolls (``Q[0]`` is ``None``: with no re-roll left the dice are final).
    ``start`` is the value before the first roll.
    """

    n: int
    rolls: int
    final: Any
    W: tuple[Any, ...]
    Q: tuple[Any, ...]
    start: Any

    def keep_values(
        self, dice: Iterable[int], rolls_left: int, locked: Iterable[int] = ()
    ) -> dict[Dice, Any]:
        """Value of each distinct keep from ``dice`` with ``rolls_left`` rolls left.

        Keeping every die means stopping: its value is ``final`` of the dice.
        Only keeps that contain ``locked`` are listed (the locked variant).
        """
        t = keep_table(self.n)
        o = t.outcome_index[sort_dice(dice)]
        lock = sort_dice(locked)
        out: dict[Dice, Any] = {}
        for k in t.sub_lists[o]:
            keep = t.keeps[k]
            if lock and not is_sub_multiset(lock, keep):
                continue
            if len(keep) == self.n or rolls_left == 0:
                if len(keep) == self.n:
                    out[keep] = self.final[o]
                continue
            out[keep] = self.Q[rolls_left][k]
        return out


def solve_turn(n: int, final: Any, rolls: int = 3, *, keep: bool = True) -> TurnSolution:
    """Solve a reroll turn of ``n`` dice for the stopping values ``final``.

    ``final`` has shape ``(outcomes,)`` or ``(outcomes, B)``, aligned with
    :func:`dicelab.dice.multisets` ``(n)``.  ``keep=False``: only ``start`` is wanted (a
    batched solve of many positions): ``W`` and ``Q`` are left empty and one working array
    serves every roll (the same values, bit for bit).

    >>> import numpy as np
    >>> f = np.random.default_rng(1).random((252, 3))
    >>> a, b = solve_turn(5, f), solve_turn(5, f, keep=False)
    >>> bool(np.array_equal(a.start, b.start)), len(a.Q), b.Q
    (True, 3, ())
    """
    lattice = sub_lattice(n)
    f = np.asarray(final, dtype=float)
    if f.shape[0] != len(lattice.full):
        raise ValueError(f"final values need {len(lattice.full)} rows, got {f.shape[0]}")
    W = [f]
    Q: list[Any] = [None]
    w, work = f, None
    for _ in range(1, rolls):
        q = _keep_values(w, lattice, out=work)
        w = np.maximum(f, _max_below(q, lattice, in_place=not keep))
        if keep:
            Q.append(q)
            W.append(w)
        else:
            work = q
    start = lattice.p_roll @ w  # the first roll keeps nothing
    if not keep:
        return TurnSolution(n, rolls, f, (), (), start)
    return TurnSolution(n, rolls, f, tuple(W), tuple(Q), start)


@dataclass(frozen=True)
class SubLattice:
    """Keeps one die smaller and one die larger than each keep, level by level.

    Keeps are :func:`dicelab.dice.keeps` ``(n)`` (sorted by size; the last ones are the
    outcomes).  ``prefix`` lists ``(rows, less)`` pairs, face by face and, for
    each face, by its count 1..n: the keeps ``rows`` holding that many of the face and the
    keeps ``less`` one die of it fewer; taking ``max(Q[rows], Q[less])`` in that order
    leaves at each keep the maximum over its sub-multisets (a running maximum along each
    face's count in turn): ``max_{k ⊆ o} Q[k]`` in one gather per keep and face present —
    1260 rows with 5 dice, against 2305 through a padded list of each keep's keeps one die
    smaller, and one per sub-multiset (up to 32 per outcome) by brute force.  ``grow[j]``
    (shape ``(keeps of j dice, 6)``) is keep ``k`` plus a die showing 1..6, for the value
    of rolling one die at a time.
    ``levels[j]`` lists the keeps of ``j`` dice, ``full[o]`` the keep equal to outcome
    ``o`` and ``p_roll`` the probability of each outcome of ``n`` dice.
    """

    levels: tuple[Any, ...]
    full: Any
    grow: tuple[Any, ...]
    p_roll: Any
    prefix: tuple[tuple[Any, Any], ...]


@cache
def _keep_codes(n: int) -> tuple[Any, Any, Any, Any]:
    """``(counts, unit, code, lookup)`` of :func:`dicelab.dice.keeps` ``(n)``: each keep as
    its count of each face, coded in base ``n + 1`` (adding a die of face ``f`` adds
    ``unit[f - 1]``), and ``lookup[code]``, the keep's index (-1 for no keep)."""
    counts = np.array([[k.count(f) for f in range(1, 7)] for k in keeps(n)], dtype=np.int64)
    unit = (n + 1) ** np.arange(6, dtype=np.int64)
    code = counts @ unit
    lookup = np.full((n + 1) ** 6, -1, dtype=np.int64)
    lookup[code] = np.arange(len(counts))
    return counts, unit, code, lookup


@cache
def sub_lattice(n: int) -> SubLattice:
    """The cached :class:`SubLattice` of ``n`` dice.

    >>> lat = sub_lattice(2)
    >>> [len(x) for x in lat.levels], lat.full.shape, lat.grow[1].shape
    ([1, 6, 21], (21,), (6, 6))
    """
    ks = keeps(n)
    counts, unit, code, lookup = _keep_codes(n)
    sizes = counts.sum(axis=1)
    levels = tuple(np.flatnonzero(sizes == j) for j in range(n + 1))
    grow = tuple(lookup[code[levels[j], None] + unit[None, :]] for j in range(n))
    first_full = len(ks) - len(multisets(n))
    assert ks[first_full:] == multisets(n)  # keeps are sorted by size
    full = np.arange(first_full, len(ks), dtype=np.int64)
    p_roll = roll_probabilities(n)
    prefix = tuple((rows, lookup[code[rows] - unit[f]])
                   for f in range(6) for c in range(1, n + 1)
                   for rows in [np.flatnonzero(counts[:, f] == c)] if len(rows))
    for arr in (full, p_roll, *levels, *grow, *(a for pair in prefix for a in pair)):
        arr.setflags(write=False)
    return SubLattice(levels, full, grow, p_roll, prefix)


def _keep_values(w: Any, lattice: SubLattice, out: Any = None) -> Any:
    """``q[k]``: the value of keeping ``k`` and rolling the other dice once, whose outcomes
    are worth ``w`` (``q = T @ w`` of :func:`dicelab.dice.keep_table`; keeping all the dice
    rolls nothing, so those rows are ``w``).  One die at a time, largest keeps first; the
    six faces are added in order, then divided by 6 (as ``mean`` does: the same bits),
    without building the ``(keeps, 6, columns)`` array of the six.  ``out``: an array of
    the answer's shape to write it into (every row is written).  With numba the same sums
    run compiled (:func:`_keep_values_loop`: the same bits)."""
    nk = int(lattice.full[-1]) + 1  # every keep (the outcomes are the last ones)
    q = np.empty((nk, *w.shape[1:])) if out is None else out
    q[lattice.full] = w
    loop = compile_loop(_keep_values_loop) if q.ndim <= 2 else None
    if loop is not None:
        rows, grow = _flat_grow(lattice)
        loop(q.reshape(nk, -1), rows, grow)
        return q
    for j in range(len(lattice.grow) - 1, -1, -1):
        g = lattice.grow[j]
        acc = q[g[:, 0]]
        for d in range(1, g.shape[1]):
            acc += q[g[:, d]]
        acc /= g.shape[1]
        q[lattice.levels[j]] = acc
    return q


def _keep_values_loop(q: Any, rows: Any, grow: Any) -> None:  # pragma: no cover - compiled
    """:func:`_keep_values` compiled: ``q[rows[i]] = (q[grow[i, 0]] + … + q[grow[i, 5]]) / 6``
    in that order, the rows largest keeps first (:func:`_flat_grow`), the six faces added in
    registers (the same bits as numpy's sums; the loop vectorises)."""
    for t in range(rows.shape[0]):
        a = q[rows[t]]
        g0, g1, g2 = q[grow[t, 0]], q[grow[t, 1]], q[grow[t, 2]]
        g3, g4, g5 = q[grow[t, 3]], q[grow[t, 4]], q[grow[t, 5]]
        for i in range(q.shape[1]):
            a[i] = (((((g0[i] + g1[i]) + g2[i]) + g3[i]) + g4[i]) + g5[i]) / 6.0


def _flat_grow(lattice: SubLattice) -> tuple[Any, Any]:
    """The rows :func:`_keep_values` fills and their six keeps one die larger, in its
    order (largest keeps first), as two arrays (cached per number of dice)."""
    return _flat_grow_of(len(lattice.grow))


@cache
def _flat_grow_of(n: int) -> tuple[Any, Any]:
    lattice = sub_lattice(n)
    js = range(n - 1, -1, -1)
    return (np.concatenate([lattice.levels[j] for j in js]).astype(np.int64),
            np.ascontiguousarray(np.concatenate([lattice.grow[j] for j in js]),
                                 dtype=np.int64))


def _pairs_max_loop(s: Any, rows: Any, other: Any) -> None:  # pragma: no cover - compiled
    """``s[rows[i]] = max(s[rows[i]], s[other[i]])`` for each ``i`` in order (``nan`` wins,
    as in ``np.maximum``): :func:`_running_max` compiled (no branch: the loop vectorises)."""
    for t in range(rows.shape[0]):
        a, b = s[rows[t]], s[other[t]]
        for i in range(s.shape[1]):
            v, c = b[i], a[i]
            a[i] = v if (c < v) | (v != v) else c


def _running_max(s: Any, pairs: tuple[tuple[Any, Any], ...]) -> None:
    """``s[rows] = max(s[rows], s[other])`` for each ``(rows, other)`` of ``pairs`` in order,
    in place (within one pair the two sets of rows are disjoint, so row by row gives the
    same values: a maximum is exact).  Compiled with numba (:func:`_pairs_max_loop`)."""
    loop = compile_loop(_pairs_max_loop) if s.ndim <= 2 else None
    if loop is None:
        for rows, other in pairs:
            s[rows] = np.maximum(s[rows], s[other])
        return
    rows, other = _flat_pairs(pairs)
    loop(s.reshape(len(s), -1), rows, other)


_FLAT: dict[int, tuple[Any, Any, Any]] = {}


def _flat_pairs(pairs: tuple[tuple[Any, Any], ...]) -> tuple[Any, Any]:
    """``pairs`` as two flat arrays, in order; cached per tuple (the lattices' tuples are
    cached, and the entry holds its tuple, so that its ``id`` is never another's)."""
    hit = _FLAT.get(id(pairs))
    if hit is None or hit[0] is not pairs:
        hit = _FLAT[id(pairs)] = (pairs, np.concatenate([r for r, _ in pairs]).astype(np.int64),
                                  np.concatenate([o for _, o in pairs]).astype(np.int64))
    return hit[1], hit[2]


def _max_below(q: Any, lattice: SubLattice, in_place: bool = False) -> Any:
    """``[o] -> max over keeps k ⊆ o of q[k]`` (outcome ``o`` read as a keep of n dice): a
    running maximum along each face's count (:attr:`SubLattice.prefix`; a maximum is exact,
    so the order does not change a bit).  ``in_place``: ``q`` is overwritten (no copy)."""
    s = q if in_place else q.copy()
    _running_max(s, lattice.prefix)
    return s[lattice.full]


def _segment_sums_loop(prev: Any, prob: Any, starts: Any,
                       q: Any) -> None:  # pragma: no cover - compiled
    """``q[k] = prob[i] prev[i] + prob[i + 1] prev[i + 1] + …`` over the pairs ``i`` of keep
    ``k`` (``starts[k]`` up to the next keep's first pair): ``np.add.reduceat`` of the
    products, compiled, with compensated (Kahan) sums, at least as accurate as numpy's
    (a plain running sum of 252 probabilities is off by some 1e-15) (:func:`solve_turn_locked`)."""
    n = prev.shape[0]
    B = prev.shape[1]
    c = np.empty(B)
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


def _locked_best_loop(q: Any, lock: Any, full: Any, rows: Any, more: Any, f: Any,
                      out: Any, m: Any) -> None:  # pragma: no cover - compiled
    """:func:`_locked_values`' best move from each (locked, shown) pair, compiled:
    ``m = q[lock]`` (``-inf`` where nothing is left to keep: ``full``), its running
    maximum along ``(rows, more)``, then the best of that and stopping with the shown
    dice, ``f[out]`` (``nan`` wins, as in ``np.maximum``)."""
    B = q.shape[1]
    for i in range(lock.shape[0]):
        if full[i]:
            for b in range(B):
                m[i, b] = -np.inf
        else:
            k = lock[i]
            for b in range(B):
                m[i, b] = q[k, b]
    _pairs_max_loop(m, rows, more)
    for i in range(lock.shape[0]):
        a, c = f[out[i]], m[i]
        for b in range(B):
            v, x = a[b], c[b]
            c[b] = v if (v > x) | (v != v) else x


@cache
def _full_pairs(n: int) -> Any:
    """Whether each pair of :func:`locked_pairs` ``(n)`` has every die locked (``l == o``)."""
    p = locked_pairs(n)
    full = np.zeros(len(p.lock), dtype=np.bool_)
    full[p.levels[n]] = True
    full.setflags(write=False)
    return full


@dataclass(frozen=True)
class LockedPairs:
    """The (locked, shown) positions of the locked variant for ``n`` dice, for vectorised sums.

    Pairs ``(l, o)`` with keep ``l ⊆`` outcome ``o`` are sorted by ``l`` (so ``Q`` is a
    segmented sum, ``np.add.reduceat``); ``levels[j]`` lists the pairs with ``|l| = j``.
    ``suffix`` lists ``(rows, more)`` pairs, face by face and, for each face, by its count
    in ``l`` from ``n - 1`` down: the pairs ``rows`` holding that many of the face in ``l``
    and fewer than ``o`` does, and the pairs ``more`` with one more of it in ``l``: taking
    ``max(m[rows], m[more])`` in that order leaves at each pair the maximum over the box
    ``l ⊆ k ⊆ o`` (a running maximum along each face's count, one gather per pair and face
    it can grow by: 8190 rows with 5 dice, against 20580 through a padded list of each
    pair's pairs one die larger), hence the max over ``l ⊆ k ⊊ o`` once ``k = o`` is
    ``-inf``.
    """

    n: int
    lock: Any  # (pairs,) keep index l
    out: Any  # (pairs,) outcome index o
    prob: Any  # (pairs,) T[l, o]
    starts: Any  # (keeps,) first pair of each keep
    levels: tuple[Any, ...]
    index: dict[tuple[int, int], int]
    suffix: tuple[tuple[Any, Any], ...]


@cache
def locked_pairs(n: int) -> LockedPairs:
    """The cached :class:`LockedPairs` of ``n`` dice.

    >>> p = locked_pairs(2)
    >>> len(p.lock), int(p.starts[1])  # 21 (nothing locked) + 36 (one die) + 21 (both)
    (78, 21)
    """
    t = keep_table(n)
    counts, unit, code, lookup = _keep_codes(n)
    lock, out = np.nonzero(t.weights)  # l ⊆ o, sorted by l (keeping all n: o itself)
    lock, out = lock.astype(np.int64), out.astype(np.int64)
    pair_of = np.full(t.weights.shape, -1, dtype=np.int64)
    pair_of[lock, out] = np.arange(len(lock))
    index = dict(zip(zip(lock.tolist(), out.tolist()), range(len(lock))))
    prob = t.matrix[lock, out]
    starts = np.searchsorted(lock, np.arange(len(t.keeps)))
    shown = counts[len(t.keeps) - len(t.outcomes) + out]
    sizes = counts[lock].sum(axis=1)
    levels = tuple(np.flatnonzero(sizes == j) for j in range(n + 1))
    held = counts[lock]
    suffix = tuple((rows, pair_of[lookup[code[lock[rows]] + unit[f]], out[rows]])
                   for f in range(6) for c in range(n - 1, -1, -1)
                   for rows in [np.flatnonzero((held[:, f] == c) & (shown[:, f] > c))]
                   if len(rows))
    return LockedPairs(n, lock, out, prob, starts, levels, index, suffix)


@dataclass(frozen=True)
class LockedTurnSolution(TurnSolution):
    """A :class:`TurnSolution` of the locked variant.

    ``Wp[r]`` (shape ``(pairs, *B)``) is the value of position (locked, shown) with ``r``
    rolls left (see :class:`LockedPairs`), for ``r < rolls - 1``; ``W[r]`` is its
    restriction to nothing locked (at ``r = rolls - 1``, the first roll, nothing is).
    """

    Wp: tuple[Any, ...] = ()


def solve_turn_locked(n: int, final: Any, rolls: int = 3, *,
                      keep: bool = True) -> LockedTurnSolution:
    """Solve a reroll turn where kept dice stay kept (``L ⊆ K``; ``K`` becomes locked).

    Same arguments and answer shape as :func:`solve_turn` (``keep=False``: ``start``
    only, ``W``, ``Q`` and ``Wp`` left empty; the columns then go through the turn by
    blocks of :data:`LOCKED_BLOCK`, whose pair arrays stay in the processor's cache, and
    only the last product, the first roll's average, takes them all at once: the same
    bits as one pass).

    >>> import numpy as np
    >>> from dicelab.core.dice import multisets
    >>> brelan = np.array([float(max(o.count(v) for v in o) >= 3) for o in multisets(5)])
    >>> round(float(solve_turn_locked(5, brelan).start), 4) <= 0.7432
    True
    """
    lattice = sub_lattice(n)
    f = np.asarray(final, dtype=float)
    if f.shape[0] != len(lattice.full):
        raise ValueError(f"final values need {len(lattice.full)} rows, got {f.shape[0]}")
    if keep or f.ndim != 2 or f.shape[1] <= LOCKED_BLOCK:
        W, Q, Wp = _locked_values(n, f, rolls, keep)
    else:
        W = [np.concatenate([_locked_values(n, f[:, i:i + LOCKED_BLOCK], rolls, keep)[0][-1]
                             for i in range(0, f.shape[1], LOCKED_BLOCK)], axis=1)]
    start = lattice.p_roll @ W[-1]  # the first roll keeps nothing
    if not keep:
        return LockedTurnSolution(n, rolls, f, (), (), start, ())
    return LockedTurnSolution(n, rolls, f, tuple(W), tuple(Q), start, tuple(Wp))


#: Columns per block of a :func:`solve_turn_locked` with ``keep=False`` (its pair arrays,
#: 4368 rows with 5 dice, then fit in the cache: three times as fast as 250 columns).
LOCKED_BLOCK = 64


def _locked_values(n: int, f: Any, rolls: int, keep: bool
                   ) -> tuple[list[Any], list[Any], list[Any]]:
    """``(W, Q, Wp)`` of :func:`solve_turn_locked` (``keep=False``: only ``W[-1]`` is
    meaningful)."""
    p = locked_pairs(n)
    lattice = sub_lattice(n)
    tail = f.shape[1:]
    fast = compile_loop(_locked_best_loop, calls=(_pairs_max_loop,)) if f.ndim == 2 else None
    fp = f[p.out] if fast is None or keep else None  # each pair's shown dice, stopping
    Wp = [fp]
    W = [f]
    Q: list[Any] = [None]
    wshape = (-1,) + (1,) * len(tail)
    for r in range(1, rolls):
        if r == 1:  # the dice after the last roll are final whatever is locked
            q = _keep_values(f, lattice)
        else:
            prev = Wp[-1]
            loop = compile_loop(_segment_sums_loop) if prev.ndim == 2 else None
            if loop is not None:  # the same products and sums, in the same order
                q = np.empty((len(p.starts), prev.shape[1]))
                loop(prev, p.prob, p.starts, q)
            else:
                if keep:
                    prev = p.prob.reshape(wshape) * prev
                else:  # Wp[-1] is not kept: weigh it in place
                    np.multiply(p.prob.reshape(wshape), prev, out=prev)
                q = np.add.reduceat(prev, p.starts, axis=0)
        Q.append(q)
        if r == rolls - 1:  # the first roll's dice: nothing is locked yet
            W.append(np.maximum(f, _max_below(q, lattice, in_place=not keep)))
            break
        # m[(l, o)]: the best keep-and-roll k with l ⊆ k ⊊ o (k = o, keeping all, is
        # stopping: -inf there), a running maximum along each face's count
        if fast is not None:  # the same gathers and maxima, compiled
            rows, more = _flat_pairs(p.suffix)
            wp = np.empty((len(p.lock), q.shape[1]))
            fast(q, p.lock, _full_pairs(n), rows, more, f, p.out, wp)
        else:
            m = q[p.lock]
            m[p.levels[n]] = -np.inf  # l == o: nothing left to keep-and-roll
            _running_max(m, p.suffix)
            wp = np.maximum(fp, m, out=m)
        if keep:
            Wp.append(wp)
            W.append(wp[p.levels[0]][np.argsort(p.out[p.levels[0]])])
        else:
            Wp = [wp]
    return W, Q, Wp


def final_distribution(
    sol: TurnSolution,
    keep: Iterable[int],
    rolls_left: int,
    column: int | None = None,
    *,
    locked_variant: bool = False,
) -> dict[Dice, float]:
    """Distribution of the final dice after keeping ``keep`` with ``rolls_left`` rolls left.

    ``rolls_left`` counts the roll about to be made (as in ``advise``: the rolls still
    allowed once the dice are shown); keeping all ``n`` dice is stopping.  Every later
    choice maximises ``sol``'s values in ``column`` (ties broken as
    :func:`~dicelab.engine.advice.rank` does: fewer kept dice, then the dice), i.e. the
    optimal player's continuation.  ``locked_variant``: a kept die stays kept
    (:func:`solve_turn_locked`).  The coach reads from it how often the turn succeeds.

    >>> import numpy as np
    >>> from dicelab.core.dice import multisets
    >>> brelan = np.array([float(max(o.count(v) for v in o) >= 3) for o in multisets(5)])
    >>> sol = solve_turn(5, brelan, rolls=3)
    >>> d = final_distribution(sol, (6, 6), 1)
    >>> round(sum(p for o, p in d.items() if o.count(6) >= 3), 4)  # 1 - (5/6)**3
    0.4213
    >>> final_distribution(sol, (1, 2, 3, 4, 5), 2)
    {(1, 2, 3, 4, 5): 1.0}
    """
    t = keep_table(sol.n)
    k0 = sort_dice(keep)
    if len(k0) == sol.n:
        return {k0: 1.0}

    def pick(values: dict[Dice, Any]) -> Dice:
        def key(item: tuple[Dice, Any]) -> tuple[float, int, Dice]:
            v = item[1] if column is None else item[1][column]
            return (-float(v), len(item[0]), item[0])

        return min(values.items(), key=key)[0]

    memo: dict[tuple[Dice, int], Any] = {}

    def dist(k: Dice, r: int) -> Any:
        if (k, r) in memo:
            return memo[(k, r)]
        row = t.matrix[t.keep_index[k]]
        if r <= 1:
            out = row.copy()
        else:
            out = np.zeros(len(t.outcomes))
            for o in np.flatnonzero(row):
                nxt = pick(sol.keep_values(t.outcomes[o], r - 1, k if locked_variant else ()))
                if len(nxt) == sol.n:
                    out[o] += row[o]
                else:
                    out += row[o] * dist(nxt, r - 1)
        memo[(k, r)] = out
        return out

    d = dist(k0, rolls_left)
    return {t.outcomes[o]: float(d[o]) for o in np.flatnonzero(d)}
