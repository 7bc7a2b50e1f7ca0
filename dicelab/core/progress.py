"""Long computations that say how far they are and can be cancelled.

A long loop of the package (Seveny's solo solve, score by score; the scalar simulator, game
by game) calls :func:`step` now and then.  Outside a :class:`Task` that costs one attribute
look-up and does nothing; inside one (:func:`running`), it records ``done / total`` and
raises :class:`Cancelled` once the task is cancelled, so a solve stops between two steps and
caches nothing half done (the engines cache whole results only).

:func:`run_with_progress` is what a widget calls for a click that may take long: in a
notebook kernel the work runs in a daemon thread while a progress bar
(``ipywidgets.FloatProgress``) and a Cancel button show at once, the rest of the widget stays
usable, and the result (or the error) is handed back on the kernel's main thread; outside a
kernel (scripts, tests) it simply runs the work now.

>>> t = Task()
>>> with running(t):
...     step(3, 4)
>>> t.done, t.total, t.fraction
(3, 4, 0.75)
>>> t.cancel()
>>> with running(t):
...     step(4, 4)
Traceback (most recent call last):
...
dicelab.core.progress.Cancelled: the computation was cancelled
>>> step(1, 2)  # no task: nothing happens
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import N_, _, get_language

__all__ = ["Cancelled", "Task", "check", "note", "run_with_progress", "running", "step"]


class Cancelled(DicelabError):
    """The user cancelled a long computation (nothing half done is kept)."""


class Task:
    """One long computation: how far it is (``done`` of ``total`` steps) and whether it was
    cancelled; ``on_step`` (optional) is called from the computing thread at each step."""

    def __init__(self, on_step: Callable[[Task], Any] | None = None) -> None:
        self.done = 0
        self.total = 0
        self._cancel = threading.Event()
        self.on_step = on_step
        #: what the computation said along the way (:func:`note`), for the views to show
        self.notes: list[Any] = []

    @property
    def fraction(self) -> float:
        """``done / total`` (0 before the first step)."""
        return self.done / self.total if self.total else 0.0

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the computation to stop at its next :func:`step`."""
        self._cancel.set()


_LOCAL = threading.local()


@contextmanager
def running(task: Task) -> Iterator[Task]:
    """Report this thread's :func:`step` calls to ``task`` while the block runs."""
    outer = getattr(_LOCAL, "task", None)
    _LOCAL.task = task
    try:
        yield task
    finally:
        _LOCAL.task = outer


def step(done: int, total: int) -> None:
    """A long loop's progress: ``done`` of ``total`` steps.  Raises :class:`Cancelled` if
    the task running in this thread was cancelled; does nothing outside a task."""
    task = getattr(_LOCAL, "task", None)
    if task is None:
        return
    task.done, task.total = done, total
    if task.cancelled:
        raise Cancelled(N_("the computation was cancelled"))
    if task.on_step is not None:
        task.on_step(task)


def check() -> None:
    """A cancellation point inside a long step (the bar does not move): raises
    :class:`Cancelled` if the task running in this thread was cancelled; does nothing
    outside a task.  A solver whose steps can last seconds calls it between two chunks of
    a step, so that a cancelled solve stops within a fraction of a second.

    >>> t = Task(); t.cancel()
    >>> with running(t):
    ...     check()
    Traceback (most recent call last):
    ...
    dicelab.core.progress.Cancelled: the computation was cancelled
    >>> check()  # no task: nothing happens
    """
    task = getattr(_LOCAL, "task", None)
    if task is not None and task.cancelled:
        raise Cancelled(N_("the computation was cancelled"))


def note(message: Any) -> None:
    """Tell the task running in this thread something its views should show next to its
    bar (e.g. an error that is not raised: a missing table being solved); does nothing
    outside a task.

    >>> t = Task()
    >>> with running(t):
    ...     note("a"); note("a"); note("b")
    >>> t.notes
    ['a', 'b']
    """
    task = getattr(_LOCAL, "task", None)
    if task is not None and all(str(m) != str(message) for m in task.notes):
        task.notes.append(message)


def main_thread_scheduler() -> Callable[[Callable[[], Any]], Any] | None:
    """How another thread runs a function on the kernel's main thread (where the widget
    callbacks run): the IPython kernel's event loop's ``add_callback``.  ``None`` outside a
    kernel (then work runs at once, or an app picks up a background result at its next
    redraw).

    >>> main_thread_scheduler() is None  # no kernel here
    True
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    kernel = getattr(get_ipython(), "kernel", None)
    add = getattr(getattr(kernel, "io_loop", None), "add_callback", None)
    return add if callable(add) else None


def run_with_progress(
    work: Callable[[], Any],
    done: Callable[[Any], Any],
    failed: Callable[[BaseException], Any],
    place: Callable[[Any], Any],
    *,
    lang: str | None = None,
    label: str | None = None,
    background: bool | None = None,
) -> Task:
    """Run ``work()`` for a click; then ``done(result)``, or ``failed(error)`` (a
    :class:`Cancelled` when the user pressed Cancel).

    In a kernel (or ``background=True`` with a scheduler): ``work`` runs in a daemon thread,
    ``place(box)`` is called at once with the progress box (a bar, ``label`` and a Cancel
    button: CSS classes ``dicelab-progress-bar``, ``dicelab-cancel``) for the widget to show,
    then ``place(None)`` when the work ends; ``done``/``failed`` run on the kernel's main
    thread.  Outside a kernel everything runs now, in this thread (no bar).  Returns the
    :class:`Task` (``task.cancel()`` stops the work at its next step).
    """
    schedule = main_thread_scheduler() if background is not False else None
    task = Task()
    if schedule is None:
        try:
            with running(task):
                result = work()
        except Exception as e:  # noqa: BLE001 - handed to the widget, never raised
            failed(e)
        else:
            done(result)
        return task

    import ipywidgets as w

    lang = get_language(lang)
    bar = w.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info",
                          description=label or _("Computing…", lang=lang))
    bar.add_class("dicelab-progress-bar")
    stop = w.Button(description=_("Cancel", lang=lang), icon="stop",
                    tooltip=_("Stop this computation", lang=lang))
    stop.add_class("dicelab-cancel")
    box = w.HBox([bar, stop])
    stop.on_click(lambda _b: task.cancel())
    shown = {"at": 0.0}

    def show_step(t: Task) -> None:  # computing thread: the bar moves on the main thread
        now = time.monotonic()
        if now - shown["at"] >= 0.1:
            shown["at"] = now
            frac = t.fraction
            schedule(lambda: setattr(bar, "value", frac))

    task.on_step = show_step

    def finish(outcome: Callable[[], Any]) -> None:
        place(None)
        box.close()
        outcome()

    def run() -> None:
        try:
            with running(task):
                result = work()
        except BaseException as e:  # noqa: BLE001 - handed to the widget, never raised here
            error = e
            schedule(lambda: finish(lambda: failed(error)))
        else:
            schedule(lambda: finish(lambda: done(result)))

    place(box)
    threading.Thread(target=run, name="dicelab-progress", daemon=True).start()
    return task
