"""The exact engine of one game: :mod:`.solo` (one player) and :mod:`.duel` (two players).

This package is the game's entry point for odds: it re-exports the solo engine's public names.
"""

from dicelab.engine.trwavril import duel, solo
from dicelab.engine.trwavril.solo import *  # noqa: F403

__all__ = ["duel", "solo", *getattr(solo, "__all__", ())]
