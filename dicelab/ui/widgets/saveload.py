"""Save and Load in the app: the game as a JSON file to download, and a saved file to load.

Save is a link (class ``dicelab-save``) holding the game's JSON save as a ``data:`` URL
with a ``download`` name (the game and the date): one click saves the file, in JupyterLab
and in Voilà, with no server route and no network.  Load is an ipywidgets ``FileUpload``
(class ``dicelab-load``); the file goes through the same checks as ``Game.from_json``
(:func:`load_upload`), and a refused file leaves the game unchanged.

>>> from dicelab.games.trwavril import Game
>>> from dicelab.games._base import Roll
>>> g = Game(seed=5); _ = g.apply(Roll(()))
>>> import datetime
>>> save_name("trwavril", datetime.date(2026, 12, 1))
'dicelab-trwavril-2026-12-01.json'
>>> 'download="dicelab-trwavril-' in save_link(g, "trwavril", "en")
True
>>> load_upload(({"name": "g.json", "content": g.to_json().encode()},), "trwavril").state == g.state
True
"""

from __future__ import annotations

import base64
import datetime
from typing import Any

from dicelab.core.errors import InvalidSave, brief
from dicelab.core.i18n import _
from dicelab.ui.widgets.text import esc


def save_name(game_key: str, day: datetime.date | None = None) -> str:
    """The saved file's name: the game and the date."""
    day = day or datetime.date.today()
    return f"dicelab-{game_key}-{day.isoformat()}.json"


def save_link(game: Any, game_key: str, lang: str) -> str:
    """The Save link: the game's JSON save as a ``data:`` URL to download (HTML)."""
    data = base64.b64encode(game.to_json().encode("utf-8")).decode("ascii")
    name = save_name(game_key)
    text = _("Save the game", lang=lang)
    tip = _("Download this game as a file ({name}); Load opens it again, and the teacher "
            "can review it", lang=lang, name=name)
    return (f'<a class="dicelab-save jupyter-button" role="button" download="{esc(name)}" '
            f'title="{esc(tip)}" href="data:application/json;base64,{data}">'
            f'<i class="fa fa-download" aria-hidden="true"></i> {esc(text)}</a>')


def load_upload(value: Any, game_key: str) -> Any:
    """The game saved in an uploaded file (a ``FileUpload`` value: a sequence of files,
    each a dict or an object with ``content``), checked as ``Game.from_json`` checks a
    save; a save of another game is refused (``InvalidSave``).  The content may be bytes
    (what the upload gives) or text (the JSON itself); anything else is refused.

    >>> load_upload([{"content": "{not json"}], "trwavril")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidSave: not a JSON document: ...
    >>> load_upload([{"content": 12}], "trwavril")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidSave: not a saved game: content of type int
    """
    from dicelab.analysis.saves import load_game

    if value is None or isinstance(value, (str, bytes, bytearray)):
        files: Any = iter(())
    else:
        try:
            files = iter(value)
        except TypeError:
            raise InvalidSave("not a saved game: {value}", value=brief(value)) from None
    item = next(files, None)  # the first file only: an endless value is never listed
    if item is None:
        raise InvalidSave("choose a saved game file (.json) to load")
    content = item.get("content") if isinstance(item, dict) else getattr(item, "content", None)
    if isinstance(content, (bytes, bytearray, memoryview)):
        game = load_game(bytes(content))
    elif isinstance(content, str):  # as bytes: text is never taken for a file's path
        game = load_game(content.encode("utf-8", "surrogatepass"))
    else:  # bytes(12) would be twelve zero bytes, bytes(10**9) a gigabyte
        raise InvalidSave("not a saved game: {value}", value=brief(item) if content is None
                          else f"content of type {type(content).__name__}")
    key = getattr(getattr(game, "state", None), "game", None) or getattr(game, "key", None)
    module = type(game).__module__.rsplit(".", 1)[-1]
    if module != game_key and key != game_key:
        raise InvalidSave("this file is a saved game of {other}; open it in that game's "
                          "notebook", other=getattr(game, "name", module))
    return game


__all__ = ["load_upload", "save_link", "save_name"]
