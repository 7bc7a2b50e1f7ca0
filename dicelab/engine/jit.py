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
    compiled functions only); ``parallel``: ``fn``'s ``prange`` loops (``prange`` is
    ``range`` for Python) share their steps among the processor's cores."""
    if not enabled():
        return None
    calls = tuple(calls)
    with _LOCK:
        key = (fn, parallel, calls)
        if key not in _COMPILED:
            import numba

            names = dict(fn.__globals__)
            if parallel:
                names["prange"] = numba.prange
            for f in (*calls, fn):
                copy = types.FunctionType(f.__code__, names, f.__name__, f.__defaults__,
                                          f.__closure__)
                copy.__qualname__, copy.__module__ = f.__qualname__, f.__module__
                names[f.__name__] = _njit(numba, copy, parallel and f is fn)
            _COMPILED[key] = names[fn.__name__]
        return _COMPILED[key]


def _njit(numba: Any, fn: Callable[..., Any], parallel: bool) -> Any:
    try:
        return numba.njit(cache=True, nogil=True, parallel=parallel)(fn)
    except RuntimeError:  # no writable cache folder (a read-only install, no home)
        return numba.njit(cache=False, nogil=True, parallel=parallel)(fn)
