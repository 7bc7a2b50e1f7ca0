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
solved in one pass.

:func:`solve_turn_locked` solves the variant where a die once kept stays kept
(Dripeul's ``reroll_set_aside=False``): the position is then the pair
(locked dice ``L``, dice shown ``D``), a keep ``K`` must satisfy
``L ⊆ K ⊆ D``, and ``K`` becomes the new locked set::

    Q_r[k]    = sum_o T[k, o] W_(r-1)[(k, o)]
    W_r[(l, o)] = max(final[o], max_{l ⊆ k ⊆ o} Q_r[k])

The value of a keep ``Q_r[k]`` does not depend on what was locked before, so
both solutions answer :meth:`TurnSolution.keep_values` the same way.

>>> import numpy as np
>>> from dicelab.dice import keep_table, multisets
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

from ..dice import Dice, is_sub_multiset, keep_table, sort_dice


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


def solve_turn(n: int, final: Any, rolls: int = 3) -> TurnSolution:
    """Solve a reroll turn of ``n`` dice for the stopping values ``final``.

    ``final`` has shape ``(outcomes,)`` or ``(outcomes, B)``, aligned with
    :func:`dicelab.dice.multisets` ``(n)``.
    """
    t = keep_table(n)
    f = np.asarray(final, dtype=float)
    if f.shape[0] != len(t.outcomes):
        raise ValueError(f"final values need {len(t.outcomes)} rows, got {f.shape[0]}")
    W = [f]
    Q: list[Any] = [None]
    lattice = sub_lattice(n)
    for _ in range(1, rolls):
        # keeping all n dice rolls nothing: those rows of T are the identity
        q = np.concatenate([lattice.rolling @ W[-1], W[-1]])
        w = np.maximum(f, _max_below(q, lattice))
        Q.append(q)
        W.append(w)
    start = t.matrix[0] @ W[-1]  # the first roll keeps nothing
    return TurnSolution(n, rolls, f, tuple(W), tuple(Q), start)


@dataclass(frozen=True)
class SubLattice:
    """Keeps one die smaller than each keep, for ``max_{k ⊆ o} Q[k]`` level by level.

    ``child[k]`` lists the keeps ``k`` minus one die (one per distinct face, padded by
    repetition); ``levels[j]`` the keeps of ``j`` dice; ``full[o]`` the keep equal to
    outcome ``o``.  The running max over sub-multisets then costs about 5 gathers per keep
    instead of one per sub-multiset (up to 32 with 5 dice).
    """

    child: Any
    levels: tuple[Any, ...]
    full: Any
    rolling: Any  # the rows of T for keeps of fewer than n dice (the others roll nothing)


@cache
def sub_lattice(n: int) -> SubLattice:
    """The cached :class:`SubLattice` of ``n`` dice.

    >>> lat = sub_lattice(2)
    >>> [len(x) for x in lat.levels], lat.full.shape
    ([1, 6, 21], (21,))
    """
    t = keep_table(n)
    kids = []
    for keep in t.keeps:
        row = [t.keep_index[tuple(keep[:i] + keep[i + 1 :])]
               for i in range(len(keep)) if i == 0 or keep[i] != keep[i - 1]]
        kids.append(row or [0])
    width = max(len(r) for r in kids)
    child = np.array([[r[j % len(r)] for j in range(width)] for r in kids], dtype=np.int64)
    sizes = np.array([len(k) for k in t.keeps])
    levels = tuple(np.flatnonzero(sizes == j) for j in range(n + 1))
    full = np.array([t.keep_index[o] for o in t.outcomes], dtype=np.int64)
    first_full = len(t.keeps) - len(t.outcomes)
    assert t.keeps[first_full:] == t.outcomes  # keeps are sorted by size
    rolling = np.ascontiguousarray(t.matrix[:first_full])
    rolling.setflags(write=False)
    return SubLattice(child, levels, full, rolling)


def _max_below(q: Any, lattice: SubLattice) -> Any:
    """``[o] -> max over keeps k ⊆ o of q[k]`` (outcome ``o`` read as a keep of n dice)."""
    s = q.copy()
    for idx in lattice.levels[1:]:
        s[idx] = np.maximum(s[idx], s[lattice.child[idx]].max(axis=1))
    return s[lattice.full]


@dataclass(frozen=True)
class LockedPairs:
    """The (locked, shown) positions of the locked variant for ``n`` dice, for vectorised sums.

    Pairs ``(l, o)`` with keep ``l ⊆`` outcome ``o`` are sorted by ``l`` (so ``Q`` is a
    segmented sum, ``np.add.reduceat``); ``child[i]`` lists the pairs ``(l + d, o)`` one die
    larger (padded with ``len(pairs)``, a row of ``-inf``), ``levels[j]`` the pairs with
    ``|l| = j``: the max over ``l ⊆ k ⊊ o`` is built from the largest ``l`` down.
    """

    n: int
    lock: Any  # (pairs,) keep index l
    out: Any  # (pairs,) outcome index o
    prob: Any  # (pairs,) T[l, o]
    starts: Any  # (keeps,) first pair of each keep
    child: Any  # (pairs, width)
    levels: tuple[Any, ...]
    index: dict[tuple[int, int], int]


@cache
def locked_pairs(n: int) -> LockedPairs:
    """The cached :class:`LockedPairs` of ``n`` dice.

    >>> p = locked_pairs(2)
    >>> len(p.lock), int(p.starts[1])  # 21 (nothing locked) + 36 (one die) + 21 (both)
    (78, 21)
    """
    t = keep_table(n)
    pairs = [(k, o) for k in range(len(t.keeps)) for o in range(len(t.outcomes))
             if t.weights[k, o] or len(t.keeps[k]) == n and t.keeps[k] == t.outcomes[o]]
    index = {p: i for i, p in enumerate(pairs)}
    lock = np.array([k for k, _ in pairs], dtype=np.int64)
    out = np.array([o for _, o in pairs], dtype=np.int64)
    prob = t.matrix[lock, out]
    starts = np.searchsorted(lock, np.arange(len(t.keeps)))
    kids: list[list[int]] = []
    for k, o in pairs:
        keep, shown = t.keeps[k], t.outcomes[o]
        row = []
        if len(keep) < n:
            for d in sorted(set(shown)):
                bigger = sort_dice(keep + (d,))
                if is_sub_multiset(bigger, shown):
                    row.append(index[(t.keep_index[bigger], o)])
        kids.append(row)
    width = max(1, max(len(r) for r in kids))
    child = np.full((len(pairs), width), len(pairs), dtype=np.int64)
    for i, r in enumerate(kids):
        child[i, : len(r)] = r
    sizes = np.array([len(t.keeps[k]) for k, _ in pairs])
    levels = tuple(np.flatnonzero(sizes == j) for j in range(n + 1))
    return LockedPairs(n, lock, out, prob, starts, child, levels, index)


@dataclass(frozen=True)
class LockedTurnSolution(TurnSolution):
    """A :class:`TurnSolution` of the locked variant.

    ``Wp[r]`` (shape ``(pairs, *B)``) is the value of position (locked, shown) with ``r``
    rolls left (see :class:`LockedPairs`), for ``r < rolls - 1``; ``W[r]`` is its
    restriction to nothing locked (at ``r = rolls - 1``, the first roll, nothing is).
    """

    Wp: tuple[Any, ...] = ()


def solve_turn_locked(n: int, final: Any, rolls: int = 3) -> LockedTurnSolution:
    """Solve a reroll turn where kept dice stay kept (``L ⊆ K``; ``K`` becomes locked).

    Same arguments and answer shape as :func:`solve_turn`.

    >>> import numpy as np
    >>> from dicelab.dice import multisets
    >>> brelan = np.array([float(max(o.count(v) for v in o) >= 3) for o in multisets(5)])
    >>> round(float(solve_turn_locked(5, brelan).start), 4) <= 0.7432
    True
    """
    t = keep_table(n)
    p = locked_pairs(n)
    lattice = sub_lattice(n)
    f = np.asarray(final, dtype=float)
    if f.shape[0] != len(t.outcomes):
        raise ValueError(f"final values need {len(t.outcomes)} rows, got {f.shape[0]}")
    tail = f.shape[1:]
    fp = f[p.out]  # final value of each pair's shown dice
    Wp = [fp]
    W = [f]
    Q: list[Any] = [None]
    empty = np.full((1, *tail), -np.inf)
    wshape = (-1,) + (1,) * len(tail)
    for r in range(1, rolls):
        if r == 1:  # the dice after the last roll are final whatever is locked
            q = np.concatenate([lattice.rolling @ f, f])
        else:
            q = np.add.reduceat(p.prob.reshape(wshape) * Wp[-1], p.starts, axis=0)
        Q.append(q)
        if r == rolls - 1:  # the first roll's dice: nothing is locked yet
            W.append(np.maximum(f, _max_below(q, lattice)))
            break
        m = np.concatenate([np.empty((len(p.lock), *tail)), empty])
        m[p.levels[n]] = -np.inf  # l == o: nothing left to keep-and-roll
        for j in range(n - 1, -1, -1):
            idx = p.levels[j]
            m[idx] = np.maximum(q[p.lock[idx]], m[p.child[idx]].max(axis=1))
        wp = np.maximum(fp, m[:-1])
        Wp.append(wp)
        W.append(wp[p.levels[0]][np.argsort(p.out[p.levels[0]])])
    start = t.matrix[0] @ W[-1]
    return LockedTurnSolution(n, rolls, f, tuple(W), tuple(Q), start, tuple(Wp))


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
    >>> from dicelab.dice import multisets
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
