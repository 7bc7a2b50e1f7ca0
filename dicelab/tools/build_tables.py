"""Rebuild the shipped two-player start-of-turn tables (``dicelab/data/*.npz``).

The two-player solves take from seconds to minutes on a small machine.  A table ships
with the package only when its solve takes over 10 s (issue 31) without numba (the core
install): 5000's policy picture, Seveny's target 100 (24 s; about 4 s with the compiled
sweep of :mod:`dicelab.engine.seveny.kernel`), Trwavril's two straight rulings (40 s each;
9 s compiled) and Seveny's solo solve (``E`` of target 100, which answers every target of
the apps, 1.5 kB).  The others (every 5000 variant, 0.5 to 2 s of CPU; Dripeul's, 0.5 to
18 s compiled, too large to ship: 1.4 MB each; Seveny's
targets 20, 30 and 50, about 1 s compiled, 5 s at most with numpy) are solved on first use
and saved to the machine's cache (:func:`dicelab.engine.race.save_table`, ``python -m
dicelab tables --warm``); advice recomputes the turn in play from a table in milliseconds.
Rebuild after any change to a rule or an engine (all of them: about 10 minutes; ``make
tables`` runs the first line)::

    python -m dicelab.tools.build_tables            # every shipped table
    python -m dicelab.tools.build_tables --list     # what ships
    python -m dicelab.tools.build_tables cinqmille  # one game

Each file holds ``T`` (the table), ``rules`` (the rules, as text) and ``meta``: a JSON text
saying what built it — the file format (:data:`dicelab.engine.race.TABLE_FORMAT`), the game,
the table, the rules (their fields) and the engine version (the duel module's
``ENGINE_VERSION``, raised with any change to the rules or the solver that changes the
values); see :func:`dicelab.engine.race.table_meta`.  Loading checks it: a file built for
other rules or by another engine version, or a damaged file, is a
:class:`~dicelab.core.errors.TableError`, never a silent solve.  Seveny's files also hold
its caps (``dstar``, ``q``: :func:`dicelab.engine.seveny.duel.table_arrays`); Dripeul's
``T`` is its table ``V`` (the final values ``H`` are rebuilt from it on loading).  The tests
rebuild a reduced case and compare it to 1e-12 (another CPU or numpy build sums in another
order), check every shipped file's metadata (``tests/test_tables.py``), and a slow test
spot-checks a shipped table against a fresh solve.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "data"


class Shipped(NamedTuple):
    """One shipped table: its game, rules, file name, ``solve()`` (a fresh solve: ``T``, or
    a dict of arrays holding ``T``) and the metadata the file records (and loading expects,
    :func:`dicelab.engine.race.table_meta`)."""

    game: str
    rules: Any
    name: str
    solve: Callable[[], Any]
    meta: dict[str, Any]


def shipped() -> Iterator[Shipped]:
    """Every shipped table (:class:`Shipped`): each registered game's two-player engine
    says which it ships (its ``shipped_tables()``: the engine contract's
    :class:`~dicelab.engine.protocol.DuelEngine`), in the registry's order.

    >>> tables = list(shipped())
    >>> len(tables), sorted({t.game for t in tables}), all(t.meta["engine"] >= 1 for t in tables)
    (5, ['cinqmille', 'seveny', 'trwavril'], True)
    """
    from dicelab.registry import GAMES

    for entry in GAMES:
        engine = entry.duel_engine
        if engine is None:
            continue
        for rules, name, solve, meta in engine.shipped_tables():
            yield Shipped(entry.key, rules, name, solve, meta)


def write(path: Path, T: np.ndarray | dict[str, np.ndarray], rules: Any,
          meta: dict[str, Any]) -> None:
    """Save one table (compressed, no pickle): ``T``, or a dict of arrays that holds ``T``,
    with ``rules`` (as text) and ``meta`` (:func:`dicelab.engine.race.table_meta`, as
    JSON text): :func:`dicelab.engine.race.write_table`, as the machine's cache does."""
    from dicelab.engine.race import write_table

    path.parent.mkdir(parents=True, exist_ok=True)
    write_table(path, dict(T) if isinstance(T, dict) else {"T": T}, rules, meta)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dicelab.tools.build_tables",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*",
                    help="module keys, e.g. " + ", ".join(sorted({t.game for t in shipped()}))
                    + " (default: every game)")
    ap.add_argument("--list", action="store_true", help="list the shipped tables and stop")
    ap.add_argument("--only", default="", help="only the files whose name contains this")
    ap.add_argument("--out", type=Path, default=DATA, help="directory (default: dicelab/data)")
    args = ap.parse_args(argv)
    for table in shipped():
        if args.games and table.game not in args.games or args.only not in table.name:
            continue
        if args.list:
            print(f"{table.game:10s} {table.name}  {table.rules!r}")
            continue
        t0 = time.perf_counter()
        T = table.solve()
        write(args.out / table.name, T, table.rules, table.meta)
        print(f"{table.name}: {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
