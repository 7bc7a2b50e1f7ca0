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

from typing import Any

from dicelab.core.errors import (
    DicelabError,
    IllegalMove,
    InvalidDice,
    InvalidRules,
    InvalidSave,
    TableError,
)
from dicelab.core.i18n import get_language, set_language

__version__ = "0.2.0"

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


def __getattr__(name: str) -> Any:  # noqa: C901 - one static import per public module
    """The public modules, loaded on first use (``import dicelab`` stays light), and
    ``GAME_NAMES`` (module key -> display name, from :mod:`dicelab.registry`)."""
    if name == "GAME_NAMES":
        from dicelab.registry import GAME_NAMES

        return GAME_NAMES
    if name == "registry":
        from dicelab import registry as mod
    elif name == "games":
        from dicelab import games as mod
    elif name == "engine":
        from dicelab import engine as mod
    elif name == "dice":
        from dicelab.core import dice as mod
    elif name == "figures":
        from dicelab.core import figures as mod
    elif name == "plots":
        from dicelab.render import plots as mod
    elif name == "coach":
        from dicelab.analysis import coach as mod
    elif name == "counting":
        from dicelab.analysis import counting as mod
    elif name == "policies":
        from dicelab.analysis import policies as mod
    elif name == "review":
        from dicelab.analysis import review as mod
    elif name == "simulate":
        from dicelab.analysis import simulate as mod
    elif name == "explorer":
        from dicelab.ui import explorer as mod
    elif name == "teaching":
        from dicelab.ui import teaching as mod
    elif name == "widgets":
        from dicelab.ui import widgets as mod
    elif name == "lessons":
        from dicelab import lessons as mod
    elif name == "guide":
        from dicelab.lessons import guide as mod
    elif name == "worksheets":
        from dicelab.lessons import worksheets as mod
    else:
        raise AttributeError(f"module 'dicelab' has no attribute {name!r}")
    return mod
