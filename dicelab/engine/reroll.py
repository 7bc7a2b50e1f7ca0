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
from typing import Any

import numpy as np

from ..dice import Dice, keep_table, sort_dice


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

    def keep_values(self, dice: Iterable[int], rolls_left: int) -> dict[Dice, Any]:
        """Value of each distinct keep from ``dice`` with ``rolls_left`` rolls left.

        Keeping every die means stopping: its value is ``final`` of the dice.
        """
        t = keep_table(self.n)
        o = t.outcome_index[sort_dice(dice)]
        out: dict[Dice, Any] = {}
        for k in t.sub_lists[o]:
            keep = t.keeps[k]
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
    for _ in range(1, rolls):
        q = t.matrix @ W[-1]
        w = np.maximum(f, q[t.sub].max(axis=1))
        Q.append(q)
        W.append(w)
    start = t.matrix[0] @ W[-1]  # the first roll keeps nothing
    return TurnSolution(n, rolls, f, tuple(W), tuple(Q), start)
