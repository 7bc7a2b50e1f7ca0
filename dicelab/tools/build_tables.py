"""Rebuild the shipped two-player start-of-turn tables (``dicelab/data/*.npz``).

The two-player solves take from seconds to minutes on a small machine, so their
start-of-turn tables ship with the package (every 5000 variant — 48 files of ~74 kB,
10 s to 3 min each to solve here —, Seveny's target 50, Trwavril's two straight rulings:
about 4 MB in all); advice recomputes the turn in play from them in milliseconds.
Rebuild after any change to a rule or an engine (all of them: about 40 minutes; ``make
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
:class:`~dicelab.core.errors.TableError`, never a silent solve.  Seveny's files also hold the
cycle starts of every position (``C``, ``n``: advice then sweeps one memorised total,
:func:`dicelab.engine.seveny.duel.table_arrays`).  The tests rebuild a reduced case and
compare it to 1e-12 (another CPU or numpy build sums in another order), check every shipped
file's metadata (``tests/test_tables.py``), and a slow test spot-checks a shipped table
against a fresh solve.
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
    """Every shipped table (:class:`Shipped`).

    >>> tables = list(shipped())
    >>> len(tables), tables[0].name, tables[0].meta["engine"] >= 1
    (55, 'duel_cinqmille_d5_o750_m0_k0_n0.npz', True)
    """
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.games import cinqmille, seveny, trwavril

    for rules in cinqmille_variants():
        yield Shipped("cinqmille", rules, cd.table_name(rules),
                      lambda r=rules: np.asarray(cd.solve_duel(r, use_table=False).T),
                      cd.table_meta(rules))
    from dicelab.engine.seveny import duel as sd
    from dicelab.engine.trwavril import duel as td

    rules = cinqmille.Rules()
    yield Shipped("cinqmille", rules, cd.surface_name(rules, 3),
                  lambda r=rules: _surface(cd.policy_surface(r, 3, use_table=False)),
                  cd.table_meta(rules, 3))

    for target in sd.SHIPPED_TARGETS:
        rules = seveny.Rules(target=target)
        yield Shipped("seveny", rules, sd.table_name(rules), lambda r=rules: sd.table_arrays(r),
                      sd.table_meta(rules))
    for straight in trwavril.Rules.CHOICES["straight"]:
        rules = trwavril.Rules(straight=straight)
        yield Shipped("trwavril", rules, td.table_name(rules),
                      lambda r=rules: np.asarray(td.solve_duel(r, use_table=False).W),
                      td.table_meta(rules))


def cinqmille_variants() -> list[Any]:
    """Every 5000 variant (48: dice x opening x min_bank x keep_all_scoring x no_4900),
    the two defaults first: each ships its two-player table (~70 kB each).

    >>> vs = cinqmille_variants()
    >>> from dicelab.games.cinqmille import Rules
    >>> len(vs), vs[0] == Rules(), vs[1] == Rules(dice=6)
    (48, True, True)
    """
    from itertools import product

    from dicelab.games.cinqmille import Rules

    ch = Rules.CHOICES
    out = [Rules(), Rules(dice=6)]
    for dice, opening, min_bank, keep, no4900 in product(
            ch["dice"], *([x for x in ch[f] if x is not None]
                          for f in ("opening", "min_bank", "keep_all_scoring", "no_4900"))):
        r = Rules(dice=dice, opening=opening, min_bank=min_bank, keep_all_scoring=keep,
                  no_4900=no4900)
        if r not in out:
            out.append(r)
    return out


def _surface(ps: Any) -> np.ndarray:
    return np.stack([ps.duel, ps.solo])


def write(path: Path, T: np.ndarray | dict[str, np.ndarray], rules: Any,
          meta: dict[str, Any]) -> None:
    """Save one table (compressed, no pickle): ``T``, or a dict of arrays that holds ``T``,
    with ``rules`` (as text) and ``meta`` (:func:`dicelab.engine.race.table_meta`, as
    JSON text: :func:`dicelab.engine.race.meta_array`)."""
    from dicelab.engine.race import meta_array

    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = dict(T) if isinstance(T, dict) else {"T": T}
    arrays["T"] = np.asarray(arrays["T"], dtype=float)
    np.savez_compressed(path, rules=np.array(repr(rules)), meta=meta_array(meta), **arrays)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dicelab.tools.build_tables",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*",
                    help="cinqmille, seveny, trwavril (default: every game)")
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
