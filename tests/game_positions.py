"""Positions of any registered game, found by playing it (no per-game table in the tests).

>>> from dicelab.registry import GAMES
>>> all(len(choice_dice(g.key)) > 0 for g in GAMES)
True
"""

from __future__ import annotations

from functools import cache

from dicelab.games._base import Roll
from dicelab.registry import get


@cache
def choice_seed(key: str, players: int = 1) -> int:
    """The first seed whose first roll of ``key`` leaves a choice (two legal actions or
    more, a roll among them): the game's own rules decide, the same on every run."""
    for seed in range(1000):
        game = get(key).Game(players=players, seed=seed)
        game.apply(Roll(()))
        legal = game.legal_actions()
        if len(legal) >= 2 and any(isinstance(a, Roll) for a in legal):
            return seed
    raise AssertionError(f"{key}: no first roll with a choice in 1000 seeds")


def choice_dice(key: str) -> tuple[int, ...]:
    """The dice of that first roll (to set by hand in a session or a terminal)."""
    game = get(key).Game(seed=choice_seed(key))
    game.apply(Roll(()))
    return tuple(game.state.dice)


def in_play(key: str):
    """A one-player game of ``key`` at that first decision (a fresh ``Game`` each call)."""
    game = get(key).Game(seed=choice_seed(key))
    game.apply(Roll(()))
    return game
