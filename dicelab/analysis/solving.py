"""The games' two-player engines in one place: ready?, warm, solve, and background solves.

Each game of :data:`DUEL_GAMES` (the registry's games with ``two_player``) has a
two-player ("duel") engine: its engine package ``dicelab.engine.<key>`` (or the package's
``duel`` module) has

- ``duel_ready(rules) -> bool``: the variant's two-player table is at hand (advice costs
  milliseconds);
- ``solve_duel(rules)``: solves the variant (seconds to minutes) or reads its shipped
  table, and caches it, so that ``duel_ready`` turns true;
- optionally ``warm(rules)``: gets a ready variant's advice fully loaded (no slow first
  decision).

Each function is looked up in the engine package first, then in its duel module, so a
game joins by saying ``two_player=True`` in its registry entry.

The apps (:mod:`dicelab.widgets`) call :func:`warm` when a two-player game starts with a
ready table, and :func:`solve_in_background` otherwise: one daemon thread per variant,
shared by every app of the kernel (:class:`SolveJob`; the engines' caches are plain dicts
assigned once at the end of a solve, so a reader sees either nothing or the whole table).

>>> from dicelab.games.trwavril import Rules
>>> duel_ready("trwavril", Rules()), duel_ready("nogame", Rules())  # Trwavril's ships
(True, False)
>>> solve_in_background("trwavril", Rules()) is None  # ready: nothing to solve
True
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from typing import Any

from dicelab.core import progress
from dicelab.core.errors import DicelabError, brief
from dicelab.games._base import Roll
from dicelab.registry import GAMES, UnknownGame, get

__all__ = [
    "DUEL_GAMES",
    "SolveJob",
    "duel_function",
    "duel_ready",
    "has_duel",
    "running_job",
    "settle_memory",
    "solo_ready",
    "solve",
    "solve_in_background",
    "solve_solo_in_background",
    "warm",
    "warm_in_background",
]

#: Games with a two-player engine (the registry's entries with ``two_player``).
DUEL_GAMES: tuple[str, ...] = tuple(g.key for g in GAMES if g.two_player)


def duel_function(game: str, name: str) -> Callable[..., Any] | None:
    """The function ``name`` of ``game``'s two-player engine: from the engine package
    ``dicelab.engine.<game>``, else from its module ``duel``; ``None`` when the game has
    no two-player engine.

    >>> duel_function("seveny", "solve_duel").__module__
    'dicelab.engine.seveny.duel'
    >>> duel_function("cinqmille", "nothing") is None
    True
    """
    if game not in DUEL_GAMES:
        return None
    try:
        engine = get(game).engine
    except UnknownGame:
        return None
    for mod in (engine, getattr(engine, "duel", None)):
        fn = getattr(mod, name, None)
        if callable(fn):
            return fn
    return None


def has_duel(game: str) -> bool:
    """Whether ``game`` has a two-player engine (it can be solved and asked if ready)."""
    return (duel_function(game, "solve_duel") is not None
            and duel_function(game, "duel_ready") is not None)


def duel_ready(game: str, rules: Any) -> bool:
    """Whether ``game``'s two-player table for ``rules`` is at hand (``False`` for a game
    without a two-player engine)."""
    fn = duel_function(game, "duel_ready") if has_duel(game) else None
    return bool(fn(rules)) if fn is not None else False


def solve(game: str, rules: Any) -> Any:
    """Solve (or read) ``game``'s two-player table for ``rules``; cached by the engine.

    A :class:`~dicelab.DicelabError` for a game without a two-player engine, or a variant
    the engine does not solve.
    """
    fn = duel_function(game, "solve_duel") if has_duel(game) else None
    if fn is None:
        raise DicelabError("{game} has no exact two-player odds", game=brief(game))
    return fn(rules)


def warm(game: str, rules: Any) -> bool:
    """Get a ready variant's two-player advice loaded now (the apps call it when a
    two-player game starts), so that the first decision costs milliseconds.  Never starts a
    long solve: does nothing unless :func:`duel_ready`.  Returns whether it is ready.

    The engine's ``warm(rules)`` when it has one; else ``solve_duel(rules)`` (which reads
    the table) and the advice of a first roll of a two-player game (through the game's own
    functions), which builds what the advice needs.

    >>> from dicelab.games import seveny, trwavril
    >>> warm("trwavril", trwavril.Rules()), warm("seveny", seveny.Rules(target=40))
    (True, False)
    """
    if not duel_ready(game, rules):
        return False
    fn = duel_function(game, "warm")
    if fn is not None:
        fn(rules)
    else:
        solve(game, rules)
        _first_decision(game, rules)
    key = (game, rules)
    with _SETTLED_LOCK:
        first = key not in _SETTLED
        _SETTLED.add(key)
    # once per variant (or after a gc.unfreeze()): a freeze at every two-player game would
    # keep every app alive at that moment for good
    if first or gc.get_freeze_count() == 0:
        settle_memory()
    return True


#: The variants :func:`warm` has loaded and frozen (see :func:`settle_memory`).
_SETTLED: set[tuple[str, Any]] = set()
_SETTLED_LOCK = threading.Lock()
_WARMING: dict[tuple[str, Any], SolveJob] = {}


def warm_in_background(game: str, rules: Any) -> SolveJob | None:
    """:func:`warm` in a daemon thread (one per variant in the kernel), so that a New game
    answers at once (warming reads the table and builds the solo numbers: up to seconds);
    ``None`` when there is nothing to warm (not :func:`duel_ready`, or no engine).  A
    decision asked for meanwhile computes what it needs itself.

    >>> from dicelab.games.trwavril import Rules
    >>> job = warm_in_background("trwavril", Rules())
    >>> job.join(600), job.ok
    (True, True)
    """
    if not duel_ready(game, rules):
        return None
    with _JOBS_LOCK:
        job = _WARMING.get((game, rules))
        if job is None or not job.running:
            job = SolveJob(game, rules, solver=lambda g, r: warm(g, r))
            _WARMING[(game, rules)] = job
            job.start()
    return job


def settle_memory() -> None:
    """Collect the garbage, then freeze what is loaded (:func:`gc.freeze`): the tables,
    rule models and caches just built stay out of later full garbage collections, which
    would otherwise walk them all again — a 10–15 ms pause in the middle of a decision.
    Objects made later are collected as usual.

    Everything alive at that moment is frozen for good, an app being opened included, so
    :func:`warm` calls it only the first time it loads a variant: freezing again at every
    two-player game would keep every app ever opened (about 0.5 MB each) after its
    ``close()``.

    >>> import gc
    >>> settle_memory(); gc.get_freeze_count() > 0
    True
    """
    gc.collect()
    gc.freeze()


#: The dice of the sample first roll :func:`warm` advises (the first ones a roll needs).
SAMPLE_ROLL = (1, 2, 3, 4, 6, 6, 5)


def _first_decision(game: str, rules: Any) -> None:
    """Advise a first roll of a two-player game of ``rules`` (its engine builds and caches
    what every decision needs); nothing if that position cannot be made."""
    try:
        entry = get(game)
        mod = entry.rules
        state = mod.new_state(rules, 2)
        if Roll(()) in mod.legal_actions(state):
            state, _events = mod.step(state, Roll(()))
        if state.to_roll:
            state, _events = mod.roll_outcome(state, SAMPLE_ROLL[: state.to_roll])
        entry.engine.advise_state(state)
    except (DicelabError, AttributeError, TypeError):
        return


class SolveJob:
    """One background solve of ``game``'s two-player table for ``rules`` (a daemon thread).

    ``done`` (an event), ``error`` (the exception the solve raised, or ``None``),
    ``running``, ``ok``; :meth:`subscribe` a callback ``fn(job)`` run once the solve ends
    (in the solving thread; at once if it has ended), :meth:`unsubscribe`, :meth:`join`.

    The solve runs inside a :class:`dicelab.core.progress.Task` (``task``): the engines'
    :func:`dicelab.core.progress.step` calls give ``fraction`` (0 when the solver has no steps:
    the apps then show a pulsing bar and ``elapsed``), and :meth:`cancel` stops the solve
    at its next step (``error`` is then a :class:`~dicelab.core.progress.Cancelled`; nothing half
    done is cached, and the next :func:`solve_in_background` starts it again).

    >>> job = SolveJob("nogame", None, solver=lambda g, r: progress.step(1, 2))
    >>> job.start().join(60), job.ok, job.task.fraction, job.fraction  # done: 1
    (True, True, 0.5, 1.0)
    >>> job = SolveJob("nogame", None, solver=lambda g, r: progress.step(1, 2))
    >>> job.cancel(); job.start().join(60), type(job.error).__name__, job.cancelled
    (True, 'Cancelled', True)
    """

    def __init__(self, game: str, rules: Any,
                 solver: Callable[[str, Any], Any] | None = None) -> None:
        self.game = game
        self.rules = rules
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._solver = solver or solve
        self.task = progress.Task()
        self.started: float | None = None
        self.ended: float | None = None
        self._callbacks: list[Callable[[SolveJob], Any]] = []
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name=f"dicelab-duel-{game}",
                                       daemon=True)

    def __repr__(self) -> str:
        state = "running" if self.running else "failed" if self.error is not None else "done"
        return f"SolveJob({self.game!r}, {self.rules!r}, {state})"

    @property
    def running(self) -> bool:
        return not self.done.is_set()

    @property
    def ok(self) -> bool:
        return self.done.is_set() and self.error is None

    @property
    def fraction(self) -> float:
        """How far the solve is (0 to 1, from the engine's progress steps; 0 without any)."""
        return 1.0 if self.ok else self.task.fraction

    @property
    def elapsed(self) -> float:
        """Seconds since the solve started (until it ended)."""
        if self.started is None:
            return 0.0
        return (self.ended or time.monotonic()) - self.started

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was asked."""
        return self.task.cancelled

    def cancel(self) -> None:
        """Stop the solve at its next progress step (a solver without steps runs to its
        end; the apps stop waiting for it at once)."""
        self.task.cancel()

    def start(self) -> SolveJob:
        self.started = time.monotonic()
        try:
            self.thread.start()
        except RuntimeError as e:  # no threads here (e.g. a browser kernel)
            self._finish(e)
        return self

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
            self.error = error
            self.ended = time.monotonic()
            self.done.set()
            callbacks, self._callbacks = self._callbacks, []
        for fn in callbacks:
            try:
                fn(self)
            except Exception:  # noqa: BLE001,S112 - a closed app: nothing to tell
                continue

    def subscribe(self, fn: Callable[[SolveJob], Any]) -> None:
        """Call ``fn(job)`` once the solve ends (now if it has ended); subscribing the same
        ``fn`` again changes nothing while the solve runs."""
        with self._lock:
            if not self.done.is_set():
                if fn not in self._callbacks:
                    self._callbacks.append(fn)
                return
        fn(self)

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
            self._callbacks = [f for f in self._callbacks if f != fn]
            alone = not self._callbacks
        if alone:
            self.cancel()
        return alone

    def unsubscribe(self, fn: Callable[[SolveJob], Any]) -> None:
        """Forget ``fn`` (an app being closed)."""
        with self._lock:
            self._callbacks = [f for f in self._callbacks if f != fn]

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the solve to end (at most ``timeout`` seconds); returns whether it ended."""
        if self.thread.ident is not None:  # started
            self.thread.join(timeout)
        return self.done.is_set()


_JOBS: dict[tuple[str, Any], SolveJob] = {}
_JOBS_LOCK = threading.Lock()


def running_job(game: str, rules: Any) -> SolveJob | None:
    """The background solve of ``game``/``rules`` still running (and not cancelled), or
    ``None``."""
    with _JOBS_LOCK:
        job = _JOBS.get((game, rules))
    return job if job is not None and job.running and not job.cancelled else None


def solve_in_background(game: str, rules: Any) -> SolveJob | None:
    """Start solving ``game``'s two-player table for ``rules`` in a daemon thread, or
    return the solve of that variant already running (one per variant in the kernel).

    ``None`` when there is nothing to solve: the table is ready, or the game has no
    two-player engine.  A solve that failed is tried again by the next call.
    """
    if not has_duel(game):
        return None
    job = running_job(game, rules)
    if job is not None:
        return job
    if duel_ready(game, rules):
        return None
    with _JOBS_LOCK:
        job = _JOBS.get((game, rules))
        if job is None or not job.running or job.cancelled:
            job = SolveJob(game, rules)
            _JOBS[(game, rules)] = job
            job.start()
    return job


def solo_ready(game: str, rules: Any, quick: bool = True) -> bool:
    """Whether ``game``'s solo advice for ``rules`` costs no long solve: ``True`` unless
    the game's engine has a ``solo_ready(rules)`` that says otherwise (Seveny above a
    small target, or before its turn's tables are built: a second to a minute;
    ``quick=False``: any target not solved yet).

    >>> from dicelab.games import seveny
    >>> solo_ready("cinqmille", None), solo_ready("seveny", seveny.Rules(target=1000))
    (True, True)
    """
    try:
        mod = getattr(get(game).engine, "solo", None)
    except UnknownGame:
        return True
    fn = getattr(mod, "solo_ready", None)
    if not callable(fn):
        return True
    return bool(fn(rules) if quick else fn(rules, quick=False))


_SOLO_JOBS: dict[tuple[str, Any], SolveJob] = {}


def _solve_solo(game: str, rules: Any) -> None:
    """The background solo solve: the engine's ``prepare(rules)`` when it has one (it
    builds everything the first advice reads), else its ``solve_turns(rules)``."""
    solo = get(game).engine.solo
    getattr(solo, "prepare", solo.solve_turns)(rules)


def solve_solo_in_background(game: str, rules: Any, quick: bool = True) -> SolveJob | None:
    """Start ``game``'s solo solve for ``rules`` in a daemon thread (one per variant in the
    kernel; the engine caches the result), or return the one running; ``None`` when
    :func:`solo_ready` (nothing long to do; ``quick``: see there).  A cancelled or failed
    solve is started again by the next call.

    >>> from dicelab.games import seveny
    >>> solve_solo_in_background("seveny", seveny.Rules(target=1000)) is None  # no odds
    True
    """
    if solo_ready(game, rules, quick):
        return None
    with _JOBS_LOCK:
        job = _SOLO_JOBS.get((game, rules))
        if job is None or not job.running or job.cancelled:
            job = SolveJob(game, rules, solver=_solve_solo)
            _SOLO_JOBS[(game, rules)] = job
            job.start()
    return job
