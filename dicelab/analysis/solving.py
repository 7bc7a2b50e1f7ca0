"""The games' two-player engines in one place: ready?, warm, solve, and background solves.

Each game of :data:`DUEL_GAMES` (the registry's games with ``two_player``) has a
two-player ("duel") engine: its engine package ``dicelab.engine.<key>`` keeps the contract
:class:`~dicelab.engine.protocol.DuelEngine` (:func:`duel_engine`), whose

- ``duel_ready(rules) -> bool`` says the variant's two-player table is at hand (advice costs
  milliseconds);
- ``solve_duel(rules)`` solves the variant (seconds to minutes) or reads its shipped
  table, and caches it, so that ``duel_ready`` turns true;
- ``warm(rules)``, or ``None``, gets a ready variant's advice fully loaded (no slow first
  decision).

A game joins by saying ``two_player=True`` in its registry entry.

The apps (:mod:`dicelab.widgets`) call :func:`warm` when a two-player game starts with a
ready table, and :func:`solve_in_background` otherwise: one job per variant, shared by
every app of the kernel (:class:`SolveJob` of :mod:`.solve_jobs`, a daemon thread; the
engines' caches are plain dicts assigned once at the end of a solve, so a reader sees
either nothing or the whole table).  The kernel's background solves take turns
(:func:`solve_line`): one solves at a time, the others wait in line and the apps say so.
A solve stops (at its next progress step: :func:`dicelab.core.progress.step`) when the
last app waiting for it lets it go (:meth:`SolveJob.withdraw`: its Cancel button, or the
app closed or garbage-collected), and every solve stops when the interpreter exits
(:func:`stop_all`, at exit: a kernel shut down or restarted).

>>> from dicelab.games.trwavril import Rules
>>> duel_ready("trwavril", Rules()), duel_ready("nogame", Rules())  # Trwavril's ships
(True, False)
>>> solve_in_background("trwavril", Rules()) is None  # ready: nothing to solve
True
"""

from __future__ import annotations

import atexit
import gc
import threading
import time
from typing import Any

from dicelab.analysis.solve_jobs import CANCEL_GRACE, SolveJob, solve_line
from dicelab.core.errors import DicelabError, brief
from dicelab.engine.protocol import DuelEngine
from dicelab.games._base import Roll
from dicelab.registry import GAMES, UnknownGame, get

__all__ = [
    "CANCEL_GRACE",
    "DUEL_GAMES",
    "SolveJob",
    "duel_engine",
    "duel_ready",
    "has_duel",
    "running_job",
    "settle_memory",
    "solo_ready",
    "solve",
    "solve_in_background",
    "solve_line",
    "solve_solo_in_background",
    "stop_all",
    "warm",
    "warm_in_background",
]

#: Games with a two-player engine (the registry's entries with ``two_player``).
DUEL_GAMES: tuple[str, ...] = tuple(g.key for g in GAMES if g.two_player)


def duel_engine(game: str) -> DuelEngine | None:
    """``game``'s two-player engine (:class:`~dicelab.engine.protocol.DuelEngine`), or
    ``None`` when the game has none (or is not registered).

    >>> duel_engine("seveny").solve_duel.__module__
    'dicelab.engine.seveny.duel'
    >>> duel_engine("nogame") is None
    True
    """
    if game not in DUEL_GAMES:
        return None
    try:
        return get(game).duel_engine
    except UnknownGame:
        return None


def has_duel(game: str) -> bool:
    """Whether ``game`` has a two-player engine (it can be solved and asked if ready)."""
    return duel_engine(game) is not None


def duel_ready(game: str, rules: Any) -> bool:
    """Whether ``game``'s two-player table for ``rules`` is at hand (``False`` for a game
    without a two-player engine)."""
    engine = duel_engine(game)
    return bool(engine.duel_ready(rules)) if engine is not None else False


def solve(game: str, rules: Any) -> Any:
    """Solve (or read) ``game``'s two-player table for ``rules``; cached by the engine.

    A :class:`~dicelab.DicelabError` for a game without a two-player engine, or a variant
    the engine does not solve.
    """
    engine = duel_engine(game)
    if engine is None:
        raise DicelabError("{game} has no exact two-player odds", game=brief(game))
    return engine.solve_duel(rules)


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
    engine = duel_engine(game)
    if engine is not None and engine.warm is not None:
        engine.warm(rules)
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
    answers at once (warming reads the table and builds the solo numbers: up to seconds;
    it does not wait in the line of long solves, :func:`solve_line`); ``None`` when there
    is nothing to warm (not :func:`duel_ready`, or no engine).  A decision asked for
    meanwhile computes what it needs itself.

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
            job = SolveJob(game, rules, lambda g, r: warm(g, r))
            _WARMING[(game, rules)] = job
            job.start()
    return job


_SOLO_WARMING: dict[tuple[str, Any], SolveJob] = {}


def warm_solo_in_background(game: str, rules: Any) -> SolveJob | None:
    """Build the first solo advice's tables of a quick variant in a daemon thread, when an
    app opens: the engine's ``build_solo_tables(rules)``, for an engine whose
    ``solo_tables_built(rules)`` says they are not built yet (5000: about 0.3 s of CPU,
    once per kernel), so that the student's first decision does not wait for them. It does
    not wait in the line of long solves (it is short); one per variant in the kernel; it
    stops like any job when the last app waiting for it lets it go. ``None`` when there is
    nothing to build.

    >>> from dicelab.games import cinqmille, trwavril
    >>> job = warm_solo_in_background("cinqmille", cinqmille.Rules(dice=6))
    >>> job is None or (job.join(600) and job.ok)
    True
    >>> warm_solo_in_background("cinqmille", cinqmille.Rules(dice=6)) is None  # built
    True
    >>> warm_solo_in_background("trwavril", trwavril.Rules()) is None  # nothing to build
    True
    """
    try:
        engine = get(game).engine
    except UnknownGame:
        return None
    ready, build = engine.solo_tables_built, engine.build_solo_tables
    if ready is None or build is None:
        return None
    try:
        if ready(rules):
            return None
    except DicelabError:
        return None
    with _JOBS_LOCK:
        job = _SOLO_WARMING.get((game, rules))
        if job is None or not job.running or job.cancelled:
            job = SolveJob(game, rules, lambda _g, r: build(r))
            _SOLO_WARMING[(game, rules)] = job
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


def stop_all(timeout: float = 1.0) -> bool:
    """Cancel every background solve of the kernel (solving, waiting in line, warming)
    and wait at most ``timeout`` seconds for their threads to end; returns whether they
    all ended.  Run when the interpreter exits (a kernel shutting down or restarted), so
    that no solve goes on computing then; it never blocks the exit longer than
    :data:`EXIT_WAIT`.

    >>> stop_all()
    True
    """
    solving_now, waiting = solve_line()
    with _JOBS_LOCK:
        jobs = [*waiting, *([solving_now] if solving_now is not None else []),
                *_JOBS.values(), *_SOLO_JOBS.values(), *_WARMING.values(),
                *_SOLO_WARMING.values()]
    for job in jobs:
        if job.running:
            job.cancel()
    deadline = time.monotonic() + max(0.0, timeout)
    ended = True
    for job in jobs:
        ended = job.join(max(0.0, deadline - time.monotonic())) and ended
    return ended


#: Seconds the interpreter's exit waits at most for the cancelled solves' threads (they
#: are daemon threads: the exit never waits for more).
EXIT_WAIT = 1.0


def _at_exit() -> None:
    try:
        stop_all(EXIT_WAIT)
    except Exception:  # noqa: BLE001,S110 - exiting: nothing to tell anyone
        pass


atexit.register(_at_exit)


_JOBS: dict[tuple[str, Any], SolveJob] = {}
_JOBS_LOCK = threading.Lock()


def _solve_duel(game: str, rules: Any) -> Any:
    """The background two-player solve: :func:`solve` (looked up at each call)."""
    return solve(game, rules)


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
    two-player engine.  A solve that failed or was cancelled is started again by the next
    call.  The job waits in the kernel's line when another background solve runs
    (:func:`solve_line`).
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
            job = SolveJob(game, rules, _solve_duel, queued=True)
            _JOBS[(game, rules)] = job
            job.start()
    return job


def solo_ready(game: str, rules: Any, quick: bool = True) -> bool:
    """Whether ``game``'s solo advice for ``rules`` costs no long solve: ``True`` unless
    the game's engine's ``solo_ready(rules)`` (not ``None``) says otherwise (Seveny above a
    small target, or before its turn's tables are built: a second to a minute;
    ``quick=False``: any target not solved yet).

    >>> from dicelab.games import seveny
    >>> solo_ready("cinqmille", None), solo_ready("seveny", seveny.Rules(target=1000))
    (True, True)
    """
    try:
        fn = get(game).engine.solo_ready
    except UnknownGame:
        return True
    if fn is None:
        return True
    return bool(fn(rules) if quick else fn(rules, quick=False))


_SOLO_JOBS: dict[tuple[str, Any], SolveJob] = {}


def _solve_solo(game: str, rules: Any) -> None:
    """The background solo solve: the engine's ``prepare(rules)`` (it builds everything
    the first advice reads; a game whose ``solo_ready`` is not ``None`` has one)."""
    prepare = get(game).engine.prepare
    if prepare is not None:
        prepare(rules)


def solve_solo_in_background(game: str, rules: Any, quick: bool = True) -> SolveJob | None:
    """Start ``game``'s solo solve for ``rules`` in a daemon thread (one per variant in the
    kernel; the engine caches the result; in the kernel's line, :func:`solve_line`), or
    return the one running; ``None`` when :func:`solo_ready` (nothing long to do;
    ``quick``: see there).  A cancelled or failed solve is started again by the next call.

    >>> from dicelab.games import seveny
    >>> solve_solo_in_background("seveny", seveny.Rules(target=1000)) is None  # no odds
    True
    """
    if solo_ready(game, rules, quick):
        return None
    with _JOBS_LOCK:
        job = _SOLO_JOBS.get((game, rules))
        if job is None or not job.running or job.cancelled:
            job = SolveJob(game, rules, solver=_solve_solo, queued=True)
            _SOLO_JOBS[(game, rules)] = job
            job.start()
    return job
