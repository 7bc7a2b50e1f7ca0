"""The games' rules, one module each (``dicelab.games.<key>``), and the action types they share.

The list of games lives one layer up, in :mod:`dicelab.registry`.

>>> from dicelab.games import Roll, Bank
>>> Roll((5, 5)), Bank(())
(Roll(keep=(5, 5)), Bank(keep=()))
"""

from __future__ import annotations

from dicelab.games._base import Action, Bank, Event, Game, GameDef, Resolve, Roll, Stop

__all__ = [
    "Action",
    "Bank",
    "Event",
    "Game",
    "GameDef",
    "Resolve",
    "Roll",
    "Stop",
]
