"""The four games, one module each, and a registry of their display names.

>>> from dicelab import games
>>> [g.name for g in games.REGISTRY.values()]
['Dripeul 5', 'Trwavril', '5000', 'Seveny']
>>> games.get("5000").key
'cinqmille'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from .. import GAME_NAMES
from ._base import Action, Bank, Event, Game, GameDef, Resolve, Roll, Stop


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: the module key and the display name; the module loads on demand."""

    key: str
    name: str

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.key}")


REGISTRY: dict[str, GameInfo] = {k: GameInfo(k, n) for k, n in GAME_NAMES.items()}


def get(name: str) -> GameInfo:
    """Look a game up by module key or display name (case-insensitive)."""
    for info in REGISTRY.values():
        if name.lower() in (info.key, info.name.lower()):
            return info
    raise KeyError(f"no game {name!r}; games: {', '.join(i.name for i in REGISTRY.values())}")


__all__ = [
    "Action",
    "Bank",
    "Event",
    "Game",
    "GameDef",
    "GameInfo",
    "REGISTRY",
    "Resolve",
    "Roll",
    "Stop",
    "get",
]
