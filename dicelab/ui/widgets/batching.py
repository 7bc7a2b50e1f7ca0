"""An app's widgets, found once, and their state sent to the browser in one message each
per click.

Each trait an app sets on a widget (a die's value, label, tooltip, classes; an HTML
panel's value) is, by default, one message from the kernel to the browser, through the
student's Jupyter server (and, on a class hub, its proxy): a roll of 5000 sent 37 of
them. :func:`held` holds the widgets' syncing for a whole click (``Widget.hold_sync``): each
widget changed then sends one message with all its changes when the click's callback
ends, and a panel drawn twice in a click is sent once.

>>> import ipywidgets as w
>>> box = w.VBox([w.HTML(), w.Button()])
>>> found = widgets_of([box])
>>> [type(x).__name__ for x in found][:4]  # layouts and styles are widgets too
['VBox', 'HTML', 'Layout', 'HTMLStyle']
>>> with held(found):
...     found[1].value = "a"
...     found[1].value = "b"
>>> found[1].value
'b'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["held", "is_style", "widgets_of"]


def is_style(widget: Any) -> bool:
    """Whether ``widget`` is a layout or a style (a widget too, that a click rarely sets:
    :func:`held` need not hold it).

    >>> import ipywidgets as w
    >>> is_style(w.Layout()), is_style(w.ButtonStyle()), is_style(w.Button())
    (True, True, False)
    """
    import ipywidgets as w
    from ipywidgets.widgets.widget_style import Style

    return isinstance(widget, (w.Layout, Style))


def widgets_of(objects: Iterable[Any], depth: int = 12) -> list[Any]:
    """Every widget in ``objects`` (widgets, lists, tuples, sets, dict values) and, in
    turn, in their public traits (a box's children, …), each once, to ``depth`` levels."""
    import ipywidgets as w

    seen: set[int] = set()
    found: list[Any] = []

    def walk(obj: Any, level: int) -> None:
        if level > depth:
            return
        if isinstance(obj, w.Widget):
            if id(obj) in seen:
                return
            seen.add(id(obj))
            found.append(obj)
            for name in obj.keys:
                if name.startswith("_") and name not in ("_titles",):
                    continue
                try:
                    walk(getattr(obj, name), level + 1)
                except Exception:  # noqa: BLE001 - a trait that cannot be read
                    continue
        elif isinstance(obj, (list, tuple, set, frozenset)):
            for x in obj:
                walk(x, level + 1)
        elif isinstance(obj, dict):
            for x in obj.values():
                walk(x, level + 1)

    for obj in objects:
        walk(obj, 0)
    return found


@contextlib.contextmanager
def held(widgets: Iterable[Any]) -> Iterator[None]:
    """Hold the syncing of ``widgets`` (a list) until the block ends; then each changed
    widget sends one message with all its changes. A block inside another one on the same
    list (a callback a callback set off) holds nothing more: the outermost one sends."""
    widgets = list(widgets)
    if not widgets or getattr(widgets[0], "_holding_sync", False):
        yield
        return
    with contextlib.ExitStack() as stack:
        for x in widgets:
            stack.enter_context(x.hold_sync())
        yield
