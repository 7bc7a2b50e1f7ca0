"""Seeded Monte Carlo for any game, any policy, any variant.

Simulation illustrates and cross-checks the exact engine; it never replaces
an exact number.  Games are played with the games' own pure functions
(``new_state``, ``step``, ``roll_outcome``), so the simulated rules are the
played rules.

>>> from dicelab.policies import random_legal
>>> r = simulate("trwavril", policy=random_legal(1), games=20, seed=5)
>>> r.games, len(r.turns)
(20, 20)
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .dice import make_rng
from .dice import roll as roll_dice


@dataclass(frozen=True)
class SimResult:
    """Outcome of ``games`` simulated games.

    ``turns[i]``: turns started in game ``i`` (all players together);
    ``scores[i, p]``: final score of player ``p``; ``wins[p]``: how many games
    player ``p`` won (shared wins count for each winner); ``solo_wins``: games
    won by player 0 alone when solo.
    """

    game: str
    players: int
    games: int
    turns: np.ndarray
    scores: np.ndarray
    wins: np.ndarray

    @property
    def win_rate(self) -> np.ndarray:
        """Fraction of games each player won."""
        return self.wins / self.games

    @property
    def mean_turns(self) -> float:
        return float(self.turns.mean())

    @property
    def se_turns(self) -> float:
        """Standard error of :attr:`mean_turns`."""
        return float(self.turns.std(ddof=1) / math.sqrt(self.games)) if self.games > 1 else 0.0

    def se_win_rate(self, player: int = 0) -> float:
        p = float(self.win_rate[player])
        return math.sqrt(max(p * (1 - p), 1e-300) / self.games)

    def turns_histogram(self) -> dict[int, int]:
        """How many games took each number of turns."""
        values, counts = np.unique(self.turns, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}


def _module(game: str) -> Any:
    from .games import get

    return importlib.import_module(f"dicelab.games.{get(game).key}")


def play_one(
    game: str,
    policies: Sequence[Callable[[Any], Any]],
    rules: Any,
    players: int,
    rng: np.random.Generator,
    max_steps: int = 100_000,
) -> Any:
    """Play one game to the end with one policy per player; return the final state."""
    mod = _module(game)
    state = mod.new_state(rules, players)
    for _ in range(max_steps):
        if state.is_over:
            return state
        if state.to_roll:
            state, _ = mod.roll_outcome(state, roll_dice(rng, state.to_roll))
        else:
            state, _ = mod.step(state, policies[state.current_player](state))
    raise RuntimeError(f"{game}: no end after {max_steps} steps")


def simulate(
    game: str,
    *,
    rules: Any = None,
    players: int = 1,
    policy: Callable[[Any], Any] | Sequence[Callable[[Any], Any]] | None = None,
    games: int = 1000,
    seed: int | None = 0,
    max_steps: int = 100_000,
) -> SimResult:
    """Simulate ``games`` whole games; the same seed gives the same results.

    ``policy`` is one policy for everybody or one per player; by default the
    exact engine's :func:`~dicelab.policies.optimal` policy.
    """
    from .policies import optimal

    mod = _module(game)
    rules = mod.Rules() if rules is None else rules
    if policy is None:
        policy = optimal()
    pols = list(policy) if isinstance(policy, Sequence) else [policy] * players
    if len(pols) != players:
        raise ValueError(f"need one policy per player ({players}); got {len(pols)}")
    rng = make_rng(seed)
    turns = np.zeros(games, dtype=np.int64)
    scores = np.zeros((games, players), dtype=np.int64)
    wins = np.zeros(players, dtype=np.int64)
    for i in range(games):
        final = play_one(game, pols, rules, players, rng, max_steps)
        turns[i] = final.turn_count
        scores[i] = final.scores
        for w in final.winners:
            wins[w] += 1
    return SimResult(mod.DEFINITION.key, players, games, turns, scores, wins)
