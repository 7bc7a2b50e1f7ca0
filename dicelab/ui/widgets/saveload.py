"""Save and Load in the app: the game as a JSON file to download, and a saved file to load.

Save is a link (class ``dicelab-save``) holding the game's JSON save as a ``data:`` URL
with a ``download`` name (the game and the date): one click saves the file, in JupyterLab
and in Voilà, with no server route and no network.  Load (class ``dicelab-load``) is a
small `anywidget <https://anywidget.dev>`_ button, :func:`load_button`: ipywidgets'
``FileUpload`` writes its count of files into its label ("Load a game (0)") and cannot be
told not to, so this button says only "Load a game", opens the browser's file chooser and
sends the chosen file's bytes to the kernel (at most :data:`MAX_SAVE_CHARS`; a longer file
is refused in the browser).  The file goes through the same checks as ``Game.from_json``
(:func:`load_upload`), and a refused file leaves the game unchanged.  Without anywidget,
Load is a ``FileUpload``.

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
from collections.abc import Callable
from functools import cache
from typing import Any

from dicelab.core.errors import InvalidSave, Phrase, brief
from dicelab.core.i18n import _
from dicelab.games.saves import MAX_SAVE_CHARS, NOT_A_GAME, refuse
from dicelab.ui.text import esc


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
    dicelab.core.errors.InvalidSave: not a JSON document (line 1, column 2)
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
            raise refuse(Phrase(NOT_A_GAME), "not a saved game: {value}",
                         value=brief(value)) from None
    item = next(files, None)  # the first file only: an endless value is never listed
    if item is None:
        raise InvalidSave("choose a saved game file (.json) to load")
    content = item.get("content") if isinstance(item, dict) else getattr(item, "content", None)
    if isinstance(content, (bytes, bytearray, memoryview)):
        game = load_game(bytes(content))
    elif isinstance(content, str):  # as bytes: text is never taken for a file's path
        game = load_game(content.encode("utf-8", "surrogatepass"))
    elif content is None:  # the Load button sends no bytes for a file over the limit
        raise refuse(Phrase(NOT_A_GAME), "this file is too long to be a saved game (more "
                     "than {limit} bytes): {value}", limit=MAX_SAVE_CHARS, value=brief(item))
    else:  # bytes(12) would be twelve zero bytes, bytes(10**9) a gigabyte
        raise refuse(Phrase(NOT_A_GAME), "not a saved game: {value}",
                     value=f"content of type {type(content).__name__}")
    key = getattr(getattr(game, "state", None), "game", None) or getattr(game, "key", None)
    module = type(game).__module__.rsplit(".", 1)[-1]
    if module != game_key and key != game_key:
        raise InvalidSave("this file is a saved game of {other}; open it in that game's "
                          "notebook", other=getattr(game, "name", module))
    return game


_LOAD_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button dicelab-load-button";
  button.type = "button";
  const icon = document.createElement("i");
  icon.className = "fa fa-upload";
  icon.setAttribute("aria-hidden", "true");
  const label = document.createElement("span");
  button.append(icon, " ", label);
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  input.tabIndex = -1;
  const draw = () => {
    label.textContent = model.get("description");
    button.title = model.get("tooltip");
    input.accept = model.get("accept");
  };
  draw();
  model.on("change:description change:tooltip change:accept", draw);
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";  // the same file can be chosen again
    if (!file) return;
    if (file.size > model.get("limit")) {
      model.send({ name: file.name, size: file.size });
      return;
    }
    const data = await file.arrayBuffer();
    model.send({ name: file.name, size: file.size }, undefined, [data]);
  });
  el.append(button, input);
}
export default { render };
"""


@cache
def _load_class() -> Any:
    try:
        import anywidget
        import traitlets
    except ImportError:  # pragma: no cover - anywidget is a dependency of the apps
        return None

    class LoadButton(anywidget.AnyWidget):
        """A button that opens the browser's file chooser and sends the file's bytes."""

        _esm = _LOAD_ESM
        description = traitlets.Unicode("").tag(sync=True)
        tooltip = traitlets.Unicode("").tag(sync=True)
        accept = traitlets.Unicode(".json,application/json").tag(sync=True)
        limit = traitlets.Int(MAX_SAVE_CHARS).tag(sync=True)

    return LoadButton


def load_button(on_file: Callable[[dict[str, Any]], Any]) -> Any:
    """The Load button (class ``dicelab-load``): ``on_file({"new": (file,)})`` runs with the
    chosen file as a ``FileUpload`` value holds it (``{"name": ..., "content": bytes}``);
    a file too long to be a saved game arrives without content (refused by
    :func:`load_upload`).  Without anywidget, a ``FileUpload`` observed the same way.

    >>> got = []
    >>> b = load_button(got.append)
    >>> b.description = "Load a game"
    >>> b._handle_custom_msg({"name": "g.json", "size": 2}, [memoryview(b"{}")])
    >>> got
    [{'new': ({'name': 'g.json', 'content': b'{}'},)}]
    """
    cls = _load_class()
    if cls is None:  # pragma: no cover
        import ipywidgets as w

        upload = w.FileUpload(accept=".json,application/json", multiple=False, icon="upload")
        upload.add_class("dicelab-load")

        def changed(change: Any) -> None:
            if change["new"]:
                try:
                    on_file(change)
                finally:
                    upload.value = ()  # the same file can be loaded again

        upload.observe(changed, names="value")
        return upload
    widget = cls()
    widget.add_class("dicelab-load")

    def handle(_widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        name = str(content.get("name", ""))[:200]
        item: dict[str, Any] = {"name": name}
        if buffers:
            item["content"] = bytes(buffers[0])
        on_file({"new": (item,)})

    widget.on_msg(handle)
    return widget


__all__ = ["load_button", "load_upload", "save_link", "save_name"]
