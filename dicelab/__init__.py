"""dicelab: exact probability lessons with four French dice games.

``import dicelab`` stays light: the games, engines, widgets and plots load
when first used.

>>> import dicelab
>>> dicelab.GAME_NAMES["cinqmille"]
'5000'
>>> issubclass(dicelab.IllegalMove, ValueError)
True

``dicelab.review(game_or_saved_json, lang=None)`` reviews a game (the module
:mod:`dicelab.review` is callable: it calls :func:`dicelab.review.review`).
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import DicelabError, IllegalMove, InvalidDice, InvalidRules, InvalidSave, TableError
from .i18n import get_language, set_language

__version__ = "0.2.0"

#: Module name -> display name of every game, in the order the notebooks use.
GAME_NAMES: dict[str, str] = {
    "dripeul": "Dripeul 5",
    "trwavril": "Trwavril",
    "cinqmille": "5000",
    "seveny": "Seveny",
}

_LAZY_SUBMODULES = {
    "coach",
    "counting",
    "dice",
    "docgen",
    "engine",
    "explorer",
    "figures",
    "games",
    "guide",
    "lessons",
    "plots",
    "policies",
    "review",
    "simulate",
    "teaching",
    "widgets",
    "worksheets",
}

__all__ = [
    "DicelabError",
    "GAME_NAMES",
    "IllegalMove",
    "InvalidDice",
    "InvalidRules",
    "InvalidSave",
    "TableError",
    "__version__",
    "get_language",
    "set_language",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'dicelab' has no attribute {name!r}")
