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

from dicelab import GAME_NAMES
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_
from dicelab.games._base import Action, Bank, Event, Game, GameDef, Resolve, Roll, Stop


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: the module key and the display name; the module loads on demand."""

    key: str
    name: str

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.key}")


REGISTRY: dict[str, GameInfo] = {k: GameInfo(k, n) for k, n in GAME_NAMES.items()}


class UnknownGame(DicelabError, KeyError):
    """A game name that is not one of the four (also a ``KeyError``, as :func:`get` raised)."""

    __str__ = DicelabError.__str__


def get(name: str) -> GameInfo:
    """Look a game up by module key or display name (case-insensitive).

    >>> get("yahtzee")
    Traceback (most recent call last):
    ...
    dicelab.games.UnknownGame: no game 'yahtzee'; games: Dripeul 5, Trwavril, 5000, Seveny
    """
    if isinstance(name, str):
        for info in REGISTRY.values():
            if name.lower() in (info.key, info.name.lower()):
                return info
    raise UnknownGame(N_("no game {game}; games: {games}"), game=brief(name),
                      games=", ".join(i.name for i in REGISTRY.values()))


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
    "UnknownGame",
    "get",
]
