"""The background solves' jobs and the kernel's line of them (:mod:`.solving` starts them).

A :class:`SolveJob` is one long computation in a daemon thread (``dicelab-duel-<game>``):
a two-player table, a long solo solve, or warming a ready table.  The apps' solves are
``queued``: they take turns in the kernel's line (:func:`solve_line`), one solving at a
time, so that the apps of one kernel (a student's server on a shared hub) never have
several solves compete for its cores.  A job is cancelled cooperatively (its
:class:`dicelab.core.progress.Task`: the solver raises
:class:`~dicelab.core.progress.Cancelled` at its next progress step), by its apps' Cancel,
by the last app waiting for it letting it go (:meth:`SolveJob.withdraw`: closed, or
garbage-collected), or at interpreter exit (:func:`dicelab.analysis.solving.stop_all`).
"""

from __future__ import annotations

import inspect
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from dicelab.core import progress
from dicelab.core.i18n import N_
from dicelab.core.progress import Cancelled

__all__ = ["CANCEL_GRACE", "SolveJob", "solve_line"]


class SolveJob:
    """One background solve of ``game``'s ``rules`` by ``solver(game, rules)`` (a daemon
    thread): a two-player table (:func:`~dicelab.analysis.solving.solve_in_background`),
    a solo solve, or warming a ready table.

    ``done`` (an event), ``error`` (the exception the solve raised, or ``None``),
    ``running`` (waiting in line or solving), ``ok``; :meth:`subscribe` a callback
    ``fn(job)`` run once the solve ends (in the solving thread; at once if it has ended),
    :meth:`unsubscribe`, :meth:`withdraw`, :meth:`join`.

    The solve runs inside a :class:`dicelab.core.progress.Task` (``task``): the engines'
    :func:`dicelab.core.progress.step` calls give ``fraction`` (0 when the solver has no steps:
    the apps then show a pulsing bar and ``elapsed``), and :meth:`cancel` stops the solve
    at its next step (``error`` is then a :class:`~dicelab.core.progress.Cancelled`; nothing half
    done is cached, and the next
    :func:`~dicelab.analysis.solving.solve_in_background` starts it again).

    ``queued`` (the apps' solves: :mod:`~dicelab.analysis.solving`'s
    ``solve_in_background`` and ``solve_solo_in_background``): the job waits in the
    kernel's line of background solves, one solving at a time (:func:`solve_line`);
    ``waiting`` and ``ahead`` say where it stands.  A callback that is a bound method (an
    app's) is held weakly: a waiter that is garbage-collected stops waiting, like
    :meth:`withdraw`.

    >>> job = SolveJob("nogame", None, solver=lambda g, r: progress.step(1, 2))
    >>> job.start().join(60), job.ok, job.task.fraction, job.fraction  # done: 1
    (True, True, 0.5, 1.0)
    >>> job = SolveJob("nogame", None, solver=lambda g, r: progress.step(1, 2))
    >>> job.cancel(); job.start().join(60), type(job.error).__name__, job.cancelled
    (True, 'Cancelled', True)
    """

    def __init__(self, game: str, rules: Any, solver: Callable[[str, Any], Any], *,
                 queued: bool = False) -> None:
        self.game = game
        self.rules = rules
        self.queued = queued
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._solver = solver
        self.task = progress.Task()
        self.started: float | None = None
        self.ended: float | None = None
        self._callbacks: list[Callable[[], Callable[[SolveJob], Any] | None]] = []
        self._lock = threading.Lock()
        self._grace: threading.Timer | None = None
        self.thread = threading.Thread(target=self._run, name=f"dicelab-duel-{game}",
                                       daemon=True)

    def __repr__(self) -> str:
        state = ("waiting" if self.waiting else "running" if self.running
                 else "failed" if self.error is not None else "done")
        return f"SolveJob({self.game!r}, {self.rules!r}, {state})"

    @property
    def running(self) -> bool:
        """Not ended yet: solving, or waiting in line (:attr:`waiting`)."""
        return not self.done.is_set()

    @property
    def ok(self) -> bool:
        return self.done.is_set() and self.error is None

    @property
    def waiting(self) -> bool:
        """Whether the job waits in line for another background solve to end."""
        with _LINE_LOCK:
            return self in _LINE

    @property
    def ahead(self) -> int:
        """How many background solves run or wait before this one (0: it is solving, or
        ended)."""
        with _LINE_LOCK:
            if self not in _LINE:
                return 0
            before = [j for j in _LINE[: _LINE.index(self)] if not j.task.cancelled]
            return len(before) + (_SLOT is not None)

    @property
    def fraction(self) -> float:
        """How far the solve is (0 to 1, from the engine's progress steps; 0 without any)."""
        return 1.0 if self.ok else self.task.fraction

    @property
    def elapsed(self) -> float:
        """Seconds since the solve started (until it ended; 0 while it waits in line)."""
        if self.started is None:
            return 0.0
        return (self.ended or time.monotonic()) - self.started

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was asked."""
        return self.task.cancelled

    def cancel(self) -> None:
        """Stop the solve at its next progress step (a solver without steps runs to its
        end; the apps stop waiting for it at once).  A job waiting in line leaves it and
        ends now; a solving one hands its turn to the next in line when its thread stops,
        or after :data:`CANCEL_GRACE` seconds if it does not stop by then."""
        self.task.cancel()
        with _LINE_LOCK:
            queued = self in _LINE
            if queued:
                _LINE.remove(self)
            holds = _SLOT is self and self._grace is None and not self.done.is_set()
            if holds:
                self._grace = threading.Timer(CANCEL_GRACE, _next_in_line, args=(self,))
                self._grace.name = "dicelab-line"
                self._grace.daemon = True
        if queued:
            self._finish(Cancelled(N_("the computation was cancelled")))
        elif holds and self._grace is not None:
            try:
                self._grace.start()
            except RuntimeError:  # no threads: the turn passes on now
                _next_in_line(self)

    def start(self) -> SolveJob:
        """Start solving (a ``queued`` job: when its turn in the line comes)."""
        global _SLOT
        if not self.queued:
            self._launch()
            return self
        if self.task.cancelled:
            self._finish(Cancelled(N_("the computation was cancelled")))
            return self
        with _LINE_LOCK:
            now = _SLOT is None
            if now:
                _SLOT = self
            else:
                _LINE.append(self)
        if now:
            self._launch()
        return self

    def _launch(self) -> None:
        self.started = time.monotonic()
        try:
            self.thread.start()
        except RuntimeError as e:  # no threads here (e.g. a browser kernel)
            self._finish(e)

    def _run(self) -> None:
        error: BaseException | None = None
        try:
            with progress.running(self.task):
                if self.task.cancelled:
                    progress.step(0, 1)  # cancelled before it began: raises Cancelled
                self._solver(self.game, self.rules)
        except BaseException as e:  # noqa: BLE001 - reported to the apps, never raised here
            error = e
        self._finish(error)

    def _finish(self, error: BaseException | None) -> None:
        with self._lock:
            if self.done.is_set():
                return
            self.error = error
            self.ended = time.monotonic()
            self.done.set()
            callbacks, self._callbacks = self._callbacks, []
        if self._grace is not None:
            self._grace.cancel()
        if self.queued:
            _next_in_line(self)
        for ref in callbacks:
            fn = ref()
            if fn is None:  # a waiter garbage-collected meanwhile
                continue
            try:
                fn(self)
            except Exception:  # noqa: BLE001,S112 - a closed app: nothing to tell
                continue

    def _waiters(self) -> list[Callable[[SolveJob], Any]]:
        """The callbacks still alive (a collected app's method is not)."""
        return [fn for fn in (ref() for ref in list(self._callbacks)) if fn is not None]

    def subscribe(self, fn: Callable[[SolveJob], Any]) -> None:
        """Call ``fn(job)`` once the solve ends (now if it has ended); subscribing the same
        ``fn`` again changes nothing while the solve runs.  A bound method is held weakly
        (its object being garbage-collected stops its waiting: :meth:`withdraw`)."""
        with self._lock:
            if not self.done.is_set():
                if fn not in self._waiters():
                    self._callbacks.append(_hold(fn, self._lost))
                return
        fn(self)

    def _lost(self, _ref: Any) -> None:
        """A waiter was garbage-collected: cancel the solve if nobody else waits.  (Called
        by the garbage collector, in any thread: no lock taken, the line drops a cancelled
        job when its turn comes.)"""
        if not self.done.is_set() and not self._waiters():
            self.task.cancel()

    def withdraw(self, fn: Callable[[SolveJob], Any]) -> bool:
        """Stop waiting for the solve (``fn`` unsubscribed, as :meth:`unsubscribe`) and
        cancel it when nobody else waits for it: a solve shared by two apps of the kernel
        goes on for the other one.  Returns whether it was cancelled.

        >>> job = SolveJob("nogame", None, solver=lambda g, r: None)
        >>> job.subscribe(print); job.subscribe(repr)
        >>> job.withdraw(print), job.cancelled, job.withdraw(repr), job.cancelled
        (False, False, True, True)
        """
        with self._lock:
            self._callbacks = [r for r in self._callbacks if r() not in (fn, None)]
            alone = not self._callbacks
        if alone:
            self.cancel()
        return alone

    def unsubscribe(self, fn: Callable[[SolveJob], Any]) -> None:
        """Forget ``fn`` (the solve goes on: :meth:`withdraw` stops it when nobody waits)."""
        with self._lock:
            self._callbacks = [r for r in self._callbacks if r() not in (fn, None)]

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the solve to end, its thread included (at most ``timeout`` seconds);
        returns whether it ended."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self.done.wait(timeout):
            return False
        if self.thread.ident is not None and self.thread is not threading.current_thread():
            self.thread.join(None if deadline is None
                             else max(0.0, deadline - time.monotonic()))
        return True


def _hold(fn: Callable[[SolveJob], Any],
          lost: Callable[[Any], Any]) -> Callable[[], Callable[[SolveJob], Any] | None]:
    """A reference to a callback: weak for a bound method (``lost`` is called when its
    object is garbage-collected), strong otherwise."""
    if inspect.ismethod(fn):
        return weakref.WeakMethod(fn, lost)
    return lambda: fn


#: Seconds a cancelled solve keeps its turn in the line at most: the next one starts when
#: its thread stops (at its next progress step, usually well under a second), or then.
CANCEL_GRACE = 1.0

#: The kernel's line of background solves (:func:`solve_line`): the job solving, and the
#: ones waiting for their turn, first first.
_SLOT: SolveJob | None = None
_LINE: list[SolveJob] = []
_LINE_LOCK = threading.RLock()


def _next_in_line(job: SolveJob) -> None:
    """``job`` ended or was cancelled: if it held the turn, the next one waiting starts
    (cancelled ones are dropped on the way)."""
    global _SLOT
    dropped: list[SolveJob] = []
    with _LINE_LOCK:
        if _SLOT is not job:
            return
        nxt = None
        while _LINE:
            cand = _LINE.pop(0)
            if cand.task.cancelled:
                dropped.append(cand)
            else:
                nxt = cand
                break
        _SLOT = nxt
    for j in dropped:
        j._finish(Cancelled(N_("the computation was cancelled")))
    if nxt is not None:
        nxt._launch()


def solve_line() -> tuple[SolveJob | None, tuple[SolveJob, ...]]:
    """The kernel's line of background solves: ``(the one solving, those waiting)``.

    The apps' solves (two-player tables, long solo solves) take turns: one solves at a
    time, however many apps of the kernel wait for different variants, so a class on a
    shared server never has one kernel's solves compete for its cores; a solve shared by
    several apps is one job.  A job leaves the line when it ends or is cancelled (the apps'
    Cancel; the last app waiting for it closed; the kernel shutting down), and the next
    one starts (a cancelled one first stops: at most :data:`CANCEL_GRACE` seconds).

    >>> solve_line()
    (None, ())
    """
    with _LINE_LOCK:
        return _SLOT, tuple(_LINE)
