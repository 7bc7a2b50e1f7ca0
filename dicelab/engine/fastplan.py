"""A solo reroll game tabulated for playing many games at once (the shape the vectorised
simulator reads), and the generic helpers every game's planner shares.

A game's planner (``dicelab/engine/<game>/fast.py``, found through the registry entry's
``load_fast``) builds one :class:`Plan` per variant and policy from its exact engine and its
own rule functions; :func:`dicelab.analysis.simulate.simulate_fast` then plays it.  This
module names no game.

>>> n, stride, flat, den, full = dice_tables(2)
>>> n, int(den[0]), bool(full[-1])
(21, 36, True)
>>> best_option([0.5, 0.7, 0.7], ["c", "b", "a"])
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

__all__ = ["CLEAR", "CONT", "LOSE", "Plan", "best_option", "choices", "clear_cache",
           "dice_tables", "positions"]

#: What a turn's final dice do: play on, clear (or win), lose.
CONT, CLEAR, LOSE = 0, 1, 2


@dataclass(frozen=True)
class Plan:
    """A solo reroll game tabulated from its engine, for playing many games at once.

    Dice: ``keep_table(n)`` — ``flat`` holds each keep's cumulative integer weights (row
    ``k`` offset by ``k * stride``) for exact inverse-CDF sampling with one integer per game.
    A position after a roll is an outcome (``pos_outcome``), with the locked dice in the
    variant where kept dice stay kept; ``pos_of[k, o]`` is the position after keeping ``k``
    and seeing ``o``.  ``choice[r][position, board]``: the keep the policy makes with ``r``
    rolls left (a keep of every die is ``Stop()``).  Final dice ``o`` on board ``b``:
    ``kind[o, b]`` (play on / clear / lose), ``next_board[o, b]``, ``lose_points[o, b]``.
    ``after_clear[k - 1]``: (game over, won, points, next board) after clearing manche ``k``.
    """

    game: str
    n: int
    rolls: int
    width: int
    stride: int
    flat: Any
    den: Any
    full: Any
    pos_of: Any
    pos_outcome: Any
    choice: tuple[Any, ...]
    kind: Any
    next_board: Any
    lose_points: Any
    start: int
    after_clear: tuple[tuple[bool, bool, int, int], ...]


@cache
def positions(n: int, locked: bool) -> tuple[Any, Any, Any]:
    """(pos_of, pos_outcome, candidates) of ``n`` dice; candidates ascend by keep index
    (cached; read-only arrays).

    Candidates of a position are the keeps allowed there (a sub-multiset of the dice that
    contains the locked dice; the keep of all ``n`` dice is stopping), padded with the first.

    >>> pos_of, pos_outcome, cand = positions(2, locked=False)
    >>> pos_of.shape, len(pos_outcome), cand.shape[0]
    ((28, 21), 21, 21)
    """
    from dicelab.core.dice import is_sub_multiset, keep_table
    from dicelab.engine.reroll import locked_pairs

    t = keep_table(n)
    nk, no = len(t.keeps), len(t.outcomes)
    if locked:
        lp = locked_pairs(n)
        pos_outcome = np.asarray(lp.out, dtype=np.int64)
        lock = np.asarray(lp.lock, dtype=np.int64)
        pos_of = np.full((nk, no), -1, dtype=np.int64)
        for (k, o), i in lp.index.items():
            pos_of[k, o] = i
    else:
        pos_outcome = np.arange(no, dtype=np.int64)
        lock = np.zeros(no, dtype=np.int64)
        pos_of = np.broadcast_to(pos_outcome, (nk, no))
    rows = []
    for o, held_k in zip(pos_outcome, lock):
        held = t.keeps[held_k]
        rows.append([k for k in t.sub_lists[o] if is_sub_multiset(held, t.keeps[k])])
    width = max(len(r) for r in rows)
    cand = np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.int64)
    for a in (pos_of, pos_outcome, cand):
        a.setflags(write=False)
    return pos_of, pos_outcome, cand


def choices(sol: Any, n: int, rolls: int, cand: Any, clip: bool) -> tuple[Any, ...]:
    """``choice[r][position, column]``: the best candidate keep for a turn solution's column.

    Keeping every die is stopping, worth ``final``; any other keep is worth ``Q[r]``.  Ties
    go to the fewest dice, then the smallest dice (the order of :func:`advice.rank`), i.e.
    the smallest keep index; ``clip`` rounds values into [0, 1] as the advice does.

    >>> from dicelab.engine.reroll import solve_turn
    >>> _, _, cand = positions(2, locked=False)
    >>> c = choices(solve_turn(2, np.ones(21), 2), 2, 2, cand, clip=True)
    >>> c[0] is None, c[1].shape
    (True, (21, 1))
    """
    from dicelab.core.dice import keep_table

    t = keep_table(n)
    final = np.asarray(sol.final, dtype=float)
    final = final.reshape(len(t.outcomes), -1)
    full_rows = np.array([t.keep_index[o] for o in t.outcomes], dtype=np.int64)
    out: list[Any] = [None]
    for r in range(1, rolls):
        val = np.array(sol.Q[r], dtype=float).reshape(len(t.keeps), -1)
        val[full_rows] = final
        if clip:
            np.clip(val, 0.0, 1.0, out=val)
        best_k = np.repeat(cand[:, :1], val.shape[1], axis=1)
        best_v = val[cand[:, 0]]
        for j in range(1, cand.shape[1]):
            k = cand[:, j]
            v = val[k]
            better = v > best_v
            best_v = np.where(better, v, best_v)
            best_k = np.where(better, k[:, None], best_k)
        out.append(best_k.astype(np.int32))
    return tuple(out)


@cache
def dice_tables(n: int) -> tuple[int, int, Any, Any, Any]:
    """(outcomes, stride, flat cumulative weights, denominators, full keeps) of ``n`` dice
    (cached; read-only arrays)."""
    from dicelab.core.dice import keep_table

    t = keep_table(n)
    cum = np.cumsum(np.asarray(t.weights, dtype=np.int64), axis=1)
    stride = int(t.denominators.max()) + 1
    flat = (cum + np.arange(len(t.keeps))[:, None] * stride).ravel()
    full = np.array([len(k) == n for k in t.keeps])
    den = np.array(t.denominators, dtype=np.int64)
    for a in (flat, den, full):
        a.setflags(write=False)
    return len(t.outcomes), stride, flat, den, full


def clear_cache() -> None:
    """Forget the dice tables (for cold benchmarks)."""
    positions.cache_clear()
    dice_tables.cache_clear()


def best_option(values: Sequence[float], labels: Sequence[str]) -> int:
    """Index of the best option: highest value, then the first label (``advice.rank``)."""
    return min(range(len(values)), key=lambda j: (-values[j], labels[j]))
