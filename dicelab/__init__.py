"""dicelab: exact probability lessons with French dice games (:mod:`dicelab.registry`).

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
    TableWarning,
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
    "TableWarning",
    "__version__",
    "get_language",
    "set_language",
]


def __getattr__(name: str) -> Any:  # noqa: C901 - one static import per public module
    """The public modules, loaded on first use (``import dicelab`` stays light), and
    ``GAME_NAMES`` (module key -> display name, from :mod:`dicelab.registry`)."""
    if name == "GAME_NAMES":
        import dicelab.registry as registry

        return registry.GAME_NAMES
    if name == "registry":
        import dicelab.registry as mod
    elif name == "games":
        import dicelab.games as mod
    elif name == "engine":
        import dicelab.engine as mod
    elif name == "dice":
        import dicelab.core.dice as mod
    elif name == "figures":
        import dicelab.core.figures as mod
    elif name == "plots":
        import dicelab.render.plots as mod
    elif name == "coach":
        import dicelab.analysis.coach as mod
    elif name == "counting":
        import dicelab.analysis.counting as mod
    elif name == "policies":
        import dicelab.analysis.policies as mod
    elif name == "review":
        import dicelab.analysis.review as mod
    elif name == "simulate":
        import dicelab.analysis.simulate as mod
    elif name == "explorer":
        import dicelab.ui.explorer as mod
    elif name == "teaching":
        import dicelab.ui.teaching as mod
    elif name == "widgets":
        import dicelab.ui.widgets as mod
    elif name == "lessons":
        import dicelab.lessons as mod
    elif name == "guide":
        import dicelab.lessons.guide as mod
    elif name == "worksheets":
        import dicelab.lessons.worksheets as mod
    else:
        raise AttributeError(f"module 'dicelab' has no attribute {name!r}")
    return mod
