"""Loops compiled to machine code with numba, when numba is installed.

numba is optional (the ``fast`` extra, which ``notebook`` includes): :func:`compile_loop`
gives the compiled version of a plain Python loop, or ``None`` (no numba, or
``DICELAB_JIT=0``), and the engine then runs its numpy code, which the tests compare with
the compiled loop.  Each loop is compiled once per machine (numba's ``cache=True``: about
a second, then loaded in a tenth of a second), or once per process where no cache folder
is writable.  Users: Seveny's two-player turn (:mod:`dicelab.engine.seveny.kernel`),
the reroll turn of Dripeul and Trwavril (:mod:`dicelab.engine.reroll`) and Dripeul's
batched two-player turn, on every core (:mod:`dicelab.engine.dripeul.kernel`).

>>> def twice(a):
...     return 2 * a
>>> f = compile_loop(twice)
>>> (f or twice)(21)
42
"""

from __future__ import annotations

import os
import threading
import types
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["compile_loop", "enabled"]

_LOCK = threading.RLock()
_COMPILED: dict[Any, Any] = {}


def enabled() -> bool:
    """Whether loops are compiled: numba importable and ``DICELAB_JIT`` not ``0``.

    >>> isinstance(enabled(), bool)
    True
    """
    if os.environ.get("DICELAB_JIT", "1") == "0":
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def compile_loop(fn: Callable[..., Any], *, parallel: bool = False,
                 calls: Iterable[Callable[..., Any]] = ()) -> Any:
    """``fn`` compiled by numba (``nogil``: the apps solve in background threads), built
    once per process under a lock; ``None`` when loops are not compiled (:func:`enabled`).

    ``calls``: the plain functions ``fn`` (and they) call, compiled with it (numba calls
    compiled functions only; each keeps its own module's names); ``parallel``: ``fn``'s
    ``prange`` loops (``prange`` is ``range`` for Python) share their steps among the
    processor's cores.  Such a group is cached on disk under names that carry a hash of
    every member's code and of ``parallel`` (:func:`_group_tag`): numba checks a cached
    loop against its own file only, so a changed helper in another file, or a serial and a
    parallel build of one loop, must not find each other's machine code."""
    if not enabled():
        return None
    calls = tuple(calls)
    with _LOCK:
        key = (fn, parallel, calls)
        if key not in _COMPILED:
            import numba

            group = (*calls, fn)
            tag = _group_tag(group, parallel) if calls or parallel else ""
            spaces = [dict(f.__globals__) for f in group]
            if parallel:
                spaces[-1]["prange"] = numba.prange
            made = {}
            for f, names in zip(group, spaces):
                copy = types.FunctionType(f.__code__, names, f.__name__, f.__defaults__,
                                          f.__closure__)
                copy.__qualname__ = f.__qualname__ + tag
                copy.__module__ = f.__module__
                made[f.__name__] = _njit(numba, copy, parallel and f is fn)
            for names in spaces:  # each calls the others' compiled versions (compiled lazily)
                names.update(made)
            _COMPILED[key] = made[fn.__name__]
        return _COMPILED[key]


def _group_tag(group: tuple[Callable[..., Any], ...], parallel: bool) -> str:
    """``_g`` and a short hash of the group's code (bytecode, constants, names, nested code)
    and of ``parallel``: part of each member's cached name."""
    import hashlib

    h = hashlib.sha256(b"parallel" if parallel else b"serial")

    def feed(code: types.CodeType) -> None:
        h.update(code.co_code)
        h.update(repr(code.co_names).encode())
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                feed(c)
            else:
                h.update(repr(c).encode())

    for f in group:
        h.update(f"{f.__module__}.{f.__qualname__}".encode())
        feed(f.__code__)
    return "_g" + h.hexdigest()[:12]


def _njit(numba: Any, fn: Callable[..., Any], parallel: bool) -> Any:
    try:
        return numba.njit(cache=True, nogil=True, parallel=parallel)(fn)
    except RuntimeError:  # no writable cache folder (a read-only install, no home)
        return numba.njit(cache=False, nogil=True, parallel=parallel)(fn)
