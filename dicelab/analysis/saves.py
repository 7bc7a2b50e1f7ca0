"""A game from wherever it was saved: a live game, its JSON save (text, bytes or the parsed
dict) or the path of a saved file, read with a bound.  The review, the luck/skill split and
the apps' Load button all read games through :func:`load_game`.

>>> from dicelab.games import trwavril
>>> g = trwavril.Game(seed=1)
>>> load_game(g.to_json()).seed
1
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from dicelab.core.errors import InvalidSave, Phrase, brief
from dicelab.games._base import Game
from dicelab.games.saves import MAX_SAVE_CHARS, NOT_A_GAME, parse_save, refuse
from dicelab.registry import REGISTRY

__all__ = ["load_game", "read_save_file"]


def load_game(source: Any) -> Any:
    """A :class:`~dicelab.games._base.Game` from a game, a JSON save (text, bytes, dict) or
    the path of a saved file.  Raises :class:`~dicelab.InvalidSave` for anything else."""
    if isinstance(source, Game):
        return source
    if isinstance(source, Path) or _looks_like_a_path(source):
        source = read_save_file(source)
    data = parse_save(source) if isinstance(source, (str, bytes, bytearray)) else source
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or (
            data["game"] not in REGISTRY):
        raise refuse(Phrase(NOT_A_GAME), "not a saved game: {value}", value=brief(source))
    module = REGISTRY[data["game"]].rules
    return module.Game.from_json(data)


def _looks_like_a_path(source: Any) -> bool:
    """A text that names a file rather than holding a save: one short line that is not
    JSON (a save starts with ``{``): an existing file, or a text without braces or quotes
    that ends in ``.json`` or has a directory in it.

    >>> _looks_like_a_path("no/such/file.json"), _looks_like_a_path('{"format": 1}')
    (True, False)
    """
    if not isinstance(source, str) or len(source) >= 4096 or "\n" in source:
        return False
    text = source.strip()
    if not text or text[:1] in '{["' or text[:1].isdigit():
        return False
    if os.path.exists(source):
        return True
    return not any(c in text for c in '{}"') and (  # no JSON in it
        text.lower().endswith(".json") or "/" in text or os.sep in text)


def read_save_file(path: str | Path) -> bytes:
    """The bytes of the saved-game file ``path``, read with a bound: at most
    :data:`~dicelab.games._base.MAX_SAVE_CHARS` bytes (one more is read to tell a longer
    file), and only from a regular file (not a device such as ``/dev/zero``, a pipe or a
    directory, which could be endless or block).  Raises :class:`~dicelab.InvalidSave`.

    >>> read_save_file("no/such/file.json")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidSave: there is no file 'no/such/file.json': check the saved ...
    >>> read_save_file("/dev/zero")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidSave: cannot read the saved game '/dev/zero': it is not a ...
    """
    name = brief(str(path))
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise InvalidSave("cannot read the saved game {path}: it is not a regular file",
                              path=name)
        # O_NONBLOCK: a pipe swapped in after the check cannot block the open
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise InvalidSave("cannot read the saved game {path}: it is not a regular "
                                  "file", path=name)
            data = f.read(MAX_SAVE_CHARS + 1)
    except FileNotFoundError:
        raise InvalidSave("there is no file {path}: check the saved game's name and folder",
                          path=name) from None
    except PermissionError:
        raise InvalidSave("cannot read the saved game {path}: permission denied",
                          path=name) from None
    except OSError as e:
        raise InvalidSave("cannot read the saved game {path}: {error}", path=name,
                          error=brief(e.strerror or str(e))) from None
    if len(data) > MAX_SAVE_CHARS:
        raise InvalidSave("the file {path} is too long to be a saved game (more than {limit} "
                          "bytes)", path=name, limit=MAX_SAVE_CHARS)
    return data
