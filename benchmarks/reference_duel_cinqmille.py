"""The two-player 5000 solver of dicelab 0.2.0 (before issue 31), kept as the baseline of
``make bench`` (benchmarks/bench_duel.py) and of the agreement tests
(tests/test_cinqmille_duel.py): layers of equal ``s + o`` from the top down, each started
from a neighbour's value and solved by Newton steps with exact slopes at every sweep
(:func:`dicelab.engine.race.solve_pairs` with slopes at every call behaves as it did).  The
turn sweep itself (``duel._sweep``, the solo engine's ``_step``) is the package's: issue 31
did not change it.  Not shipped in the wheel (``benchmarks/`` is not a package).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dicelab.engine.cinqmille import solo
from dicelab.engine.cinqmille.duel import TOP, _sweep
from dicelab.engine.race import solve_pairs


def solve(rules: Any, lowest: int = 0) -> tuple[np.ndarray, int]:
    """``(T, evaluations)``: two-player 5000 for ``rules`` (no table, no cache); only the
    layers ``s + o >= lowest`` points when given (``nan`` below)."""
    m = solo._model(rules)
    N = m.N
    T = np.full((TOP, TOP), np.nan)
    Text = np.zeros((TOP, m.W + 1))
    R = np.zeros((N + 1, m.W + 1, TOP))
    D = np.zeros_like(R)
    evaluations = 0
    for L in range(2 * TOP - 2, int(lowest) // 50 - 1, -1):
        lo, hi = max(0, L - TOP + 1), min(L, TOP - 1)
        ss = np.arange(lo, hi + 1)
        oo = L - ss

        def evaluate(p: np.ndarray, lo: int = lo, hi: int = hi, ss: Any = ss,
                     oo: Any = oo) -> tuple[np.ndarray, np.ndarray]:
            _sweep(m, Text, lo, hi, oo, p - 1.0, R, D, lo)
            return -R[N, ss, ss], D[N, ss, ss].copy()

        up = np.where(oo + 1 < TOP, T[ss, np.minimum(oo + 1, TOP - 1)],
                      T[np.minimum(ss + 1, TOP - 1), oo])
        guess = np.where(np.isnan(up), 0.5, up)
        v, it = solve_pairs(evaluate, guess, oo - lo)
        evaluations += it
        T[ss, oo] = v
        Text[ss, oo] = v
    return T, evaluations
