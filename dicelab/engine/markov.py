"""Absorbing Markov chains over scores: how many turns until the goal.

5000 and Seveny solo are chains over the player's score: each turn moves the score by the
engine's exact turn outcome matrix, and the goal (last state) absorbs.  These helpers give
the exact distribution and moments of the number of turns to the goal.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dicelab.core.errors import IllegalMove
from dicelab.games._checks import whole

__all__ = ["MAX_TURNS", "absorbing_moments", "absorbing_turns"]

#: The longest turn count a distribution is computed to (far beyond any game's tail).
MAX_TURNS = 10_000


def absorbing_turns(P: Any, start: int = 0, max_turns: int = 200) -> np.ndarray:
    """``p[t]``: probability that a chain of turns with transition matrix ``P`` (the last
    state absorbing, the goal) first reaches the goal at turn ``t`` from ``start``
    (``t = 0..max_turns``; the tail beyond ``max_turns`` is left out).

    >>> absorbing_turns(np.array([[0.5, 0.5], [0.0, 1.0]]), max_turns=3).tolist()
    [0.0, 0.5, 0.25, 0.125]
    """
    P = np.asarray(P, dtype=float)
    max_turns = whole("max_turns", max_turns, 0, MAX_TURNS, error=IllegalMove)
    goal = P.shape[0] - 1
    Q, a = P[:goal, :goal], P[:goal, goal]
    x = np.zeros(goal)
    out = np.zeros(max_turns + 1)
    if start == goal:
        out[0] = 1.0
        return out
    x[start] = 1.0
    for t in range(1, max_turns + 1):
        out[t] = x @ a
        x = x @ Q
    return out


def absorbing_moments(P: Any, start: int = 0) -> tuple[float, float]:
    """Exact (mean, variance) of the number of turns to the goal (last state) from ``start``
    (fundamental matrix of the absorbing chain: no truncation).

    >>> absorbing_moments(np.array([[0.5, 0.5], [0.0, 1.0]]))
    (2.0, 2.0)
    """
    P = np.asarray(P, dtype=float)
    goal = P.shape[0] - 1
    if start == goal:
        return 0.0, 0.0
    A = np.eye(goal) - P[:goal, :goal]
    t = np.linalg.solve(A, np.ones(goal))
    t2 = np.linalg.solve(A, 2.0 * t - 1.0)  # E[T^2] = (I - Q)^-1 (2t - 1)
    return float(t[start]), float(t2[start] - t[start] ** 2)
