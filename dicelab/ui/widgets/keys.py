"""Keyboard play: keys 1–7 toggle dice, R rolls, B banks, S stops, U undoes, H hints.

:func:`key_listener` returns a tiny invisible `anywidget <https://anywidget.dev>`_ placed
inside the app.  Its JavaScript (shipped inline: no CDN) listens to key presses while the
focus is anywhere in the app's box (click the game once, or Tab into it), in JupyterLab
and in Voilà.  It passes on only the game's keys (never while typing in a text box, never
with Ctrl/Alt/Meta) and stops them there, so JupyterLab's notebook shortcuts (``b``
inserts a cell…) do not fire.  Without anywidget the app works by mouse and
``app.key("r")``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from dicelab.core.i18n import _
from dicelab.registry import entry_of
from dicelab.ui.text import esc

#: The keys the app answers to.
KEYS = ("1", "2", "3", "4", "5", "6", "7", "r", "b", "s", "u", "h")


def dice_in_game(module: Any, rules: Any) -> int:
    """How many dice the game of the rules module ``module`` rolls with ``rules`` (its
    registry entry's :meth:`~dicelab.registry.GameEntry.dice_count`).

    >>> from dicelab.registry import get
    >>> [dice_in_game(g.rules, g.Rules()) for g in map(get, ("trwavril", "5000", "seveny"))]
    [4, 5, 7]
    """
    return entry_of(module).dice_count(rules)


def keys_legend(kind: str, dice: int, lang: str) -> str:
    """The app's key legend (HTML) for a game of ``kind`` rolling ``dice`` dice.

    >>> keys_legend("reroll", 4, "en")
    '<span>Keys: 1–4 toggle a die · R roll · S stop · U undo · H hint (click the game first)</span>'
    """
    keys = (_("Keys: 1–{n} toggle a die · R roll · B bank · U undo · H hint", lang=lang, n=dice)
            if kind == "push" else
            _("Keys: 1–{n} toggle a die · R roll · S stop · U undo · H hint", lang=lang, n=dice))
    return f"<span>{esc(keys)} ({esc(_('click the game first', lang=lang))})</span>"

_ESM = """
const KEYS = new Set(%s);
let lastApp = null;  // the app used last: keys typed while the focus fell back to the page
function render({ model, el }) {
  el.style.display = "none";
  let app = null;
  let tries = 0;
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT"
        || t.isContentEditable)) return;
    const k = (e.key || "").toLowerCase();
    if (!KEYS.has(k)) return;
    e.preventDefault();
    e.stopPropagation();
    model.send({ key: k });
  };
  // a pressed button that becomes disabled drops the focus to the page: keys still reach
  // the app used last (never while another element has the focus)
  const onPageKey = (e) => {
    if (lastApp !== app || !app || !app.isConnected) return;
    if (e.target !== document.body && e.target !== document.documentElement) return;
    onKey(e);
  };
  const mine = () => { lastApp = app; };
  const attach = () => {
    app = el.closest(".dicelab-app");
    if (!app) { if (tries++ < 100) setTimeout(attach, 100); return; }
    if (!app.hasAttribute("tabindex")) app.setAttribute("tabindex", "0");
    app.addEventListener("keydown", onKey);
    app.addEventListener("pointerdown", mine);
    app.addEventListener("focusin", mine);
    document.addEventListener("keydown", onPageKey);
  };
  attach();
  return () => {
    document.removeEventListener("keydown", onPageKey);
    if (app) {
      app.removeEventListener("keydown", onKey);
      app.removeEventListener("pointerdown", mine);
      app.removeEventListener("focusin", mine);
    }
    if (lastApp === app) lastApp = null;
  };
}
export default { render };
"""


@cache
def _listener_class() -> Any:
    try:
        import anywidget
    except ImportError:  # pragma: no cover - anywidget is a dependency
        return None

    class KeyListener(anywidget.AnyWidget):
        _esm = _ESM % repr(list(KEYS)).replace("'", '"')

    return KeyListener


def key_listener(on_key: Callable[[str], Any]) -> Any:
    """The keyboard widget calling ``on_key(key)``; ``None`` if anywidget is not installed."""
    cls = _listener_class()
    if cls is None:  # pragma: no cover
        return None
    widget = cls()
    widget.add_class("dicelab-keys")

    def handle(_widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("key"), str):
            on_key(content["key"])

    widget.on_msg(handle)
    return widget
