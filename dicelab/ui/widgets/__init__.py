"""Play the registered games in a notebook, with the live exact-odds overlay.

>>> import dicelab.ui.widgets as dw
>>> app = dw.play("trwavril", seed=1)          # display ``app`` in a notebook
>>> type(app).__name__, app.game.seed
('TrwavrilApp', 1)
>>> app.roll()                                   # the Roll button
True
>>> len(app.state.dice)
4

The app classes load on first use (``import dicelab.widgets`` does not import
ipywidgets); the exact solvers load only when odds are shown or coached.
"""

from __future__ import annotations

from typing import Any

from dicelab.registry import GAMES

#: The app classes' names, one per game (the registry's ``app_name``; the classes are
#: :mod:`dicelab.ui.widgets.apps`'s, loaded on first use).
_APP_CLASSES = tuple(g.app_name for g in GAMES if g.app_name)

__all__ = ["APPS", "GameApp", "play", *_APP_CLASSES]


def app_class(game: str) -> Any:
    """The app class of a game, by module key or display name (``"5000"``)."""
    from dicelab.registry import get
    from dicelab.ui.widgets.apps import APPS

    return APPS[get(game).key]


def play(game: str, **options: Any) -> Any:
    """Build the app of ``game`` (key or display name), e.g. ``play("dripeul", seed=1, players=2)``.

    Options: ``seed``, ``players``, ``rules`` or rule fields (``level=2``), ``computer``
    (seats played by the computer, e.g. ``{1: "optimal"}``), ``auto_computer``,
    ``objective``, ``coach``, ``show_odds``, ``lang`` (``"fr"``/``"en"``),
    ``coach_prompt`` (on by default here: ask before a costly choice),
    ``threshold_points``, ``threshold_turns``, ``allow_undo``, ``animate``,
    ``learning`` (the play notebooks' start: the coach off, each move explained by the
    rule that applies, quoted from the rules card; one click switches to the coach —
    :mod:`dicelab.ui.widgets.learning`).
    Returns the app; display it in a notebook.
    """
    learning = bool(options.pop("learning", False))
    options.setdefault("coach_prompt", not learning)
    if learning:
        options.setdefault("coach", False)
    app = app_class(game)(**options)
    if learning:
        from dicelab.ui.widgets.learning import learning_mode

        learning_mode(app)
    return app


def __getattr__(name: str) -> Any:
    if name in _APP_CLASSES or name == "APPS":
        from dicelab.ui.widgets import apps

        return getattr(apps, name)
    if name == "GameApp":
        from dicelab.ui.widgets.base import GameApp

        return GameApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
