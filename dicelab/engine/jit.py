"""Loops compiled to machine code with numba, when numba is installed.

numba is optional (the ``fast`` extra, which ``notebook`` includes): :func:`compile_loop`
gives the compiled version of a plain Python loop, or ``None`` (no numba, or
``DICELAB_JIT=0``), and the engine then runs its numpy code, which the tests compare with
the compiled loop.  Each loop is compiled once per machine (numba's ``cache=True``: about
a second, then loaded in a tenth of a second), or once per process where no cache folder
is writable.  Users: Seveny's two-player turn (:mod:`dicelab.engine.seveny.kernel`) and
the reroll turn of Dripeul and Trwavril (:mod:`dicelab.engine.reroll`).

>>> def twice(a):
...     return 2 * a
>>> f = compile_loop(twice)
>>> (f or twice)(21)
42
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["compile_loop", "enabled"]

_LOCK = threading.Lock()
_COMPILED: dict[Callable[..., Any], Any] = {}


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


def compile_loop(fn: Callable[..., Any]) -> Any:
    """``fn`` compiled by numba (``nogil``: the apps solve in background threads), built
    once per process under a lock; ``None`` when loops are not compiled (:func:`enabled`)."""
    if not enabled():
        return None
    with _LOCK:
        if fn not in _COMPILED:
            import numba

            try:
                _COMPILED[fn] = numba.njit(cache=True, nogil=True)(fn)
            except RuntimeError:  # no writable cache folder (a read-only install, no home)
                _COMPILED[fn] = numba.njit(cache=False, nogil=True)(fn)
        return _COMPILED[fn]
