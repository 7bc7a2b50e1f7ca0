"""Rebuild the shipped two-player start-of-turn tables (``dicelab/data/*.npz``).

The two-player solves take from seconds to minutes on a small machine, so their
start-of-turn tables ship with the package (every 5000 variant — 48 files of ~74 kB,
10 s to 3 min each to solve here —, Seveny's target 50, Trwavril's two straight rulings:
about 4 MB in all); advice recomputes the turn in play from them in milliseconds.
Rebuild after any change to a rule or an engine (all of them: about 40 minutes)::

    python -m dicelab.engine.build_tables            # every shipped table
    python -m dicelab.engine.build_tables --list     # what ships
    python -m dicelab.engine.build_tables cinqmille  # one game

Each file holds ``T`` (the table) and ``rules`` (the rules, as text); Seveny's also hold
the cycle starts of every position (``C``, ``n``: advice then sweeps one memorised total,
:func:`dicelab.engine.seveny_duel.table_arrays`).  The tests rebuild
a reduced case and compare it exactly; a slow test spot-checks a shipped table against a
fresh solve.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parent.parent / "data"


def shipped() -> Iterator[tuple[str, Any, str, Callable[[], Any]]]:
    """``(game, rules, file name, solve)`` of every shipped table."""
    from ..games import cinqmille, seveny, trwavril
    from . import cinqmille_duel as cd

    for rules in cinqmille_variants():
        yield ("cinqmille", rules, cd.table_name(rules),
               lambda r=rules: np.asarray(cd.solve_duel(r, use_table=False).T))
    from . import seveny_duel as sd
    from . import trwavril_duel as td

    rules = cinqmille.Rules()
    yield ("cinqmille", rules, cd.surface_name(rules, 3),
           lambda r=rules: _surface(cd.policy_surface(r, 3, use_table=False)))

    for target in sd.SHIPPED_TARGETS:
        rules = seveny.Rules(target=target)
        yield ("seveny", rules, sd.table_name(rules), lambda r=rules: sd.table_arrays(r))
    for straight in trwavril.Rules.CHOICES["straight"]:
        rules = trwavril.Rules(straight=straight)
        yield ("trwavril", rules, td.table_name(rules),
               lambda r=rules: np.asarray(td.solve_duel(r, use_table=False).W))


def cinqmille_variants() -> list[Any]:
    """Every 5000 variant (48: dice x opening x min_bank x keep_all_scoring x no_4900),
    the two defaults first: each ships its two-player table (~70 kB each).

    >>> vs = cinqmille_variants()
    >>> from dicelab.games.cinqmille import Rules
    >>> len(vs), vs[0] == Rules(), vs[1] == Rules(dice=6)
    (48, True, True)
    """
    from itertools import product

    from ..games.cinqmille import Rules

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


def write(path: Path, T: np.ndarray | dict[str, np.ndarray], rules: Any) -> None:
    """Save one table (compressed): ``T``, or a dict of arrays that holds ``T``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = dict(T) if isinstance(T, dict) else {"T": T}
    arrays["T"] = np.asarray(arrays["T"], dtype=float)
    np.savez_compressed(path, rules=np.array(repr(rules)), **arrays)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dicelab.engine.build_tables",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*",
                    help="cinqmille, seveny, trwavril (default: every game)")
    ap.add_argument("--list", action="store_true", help="list the shipped tables and stop")
    ap.add_argument("--only", default="", help="only the files whose name contains this")
    ap.add_argument("--out", type=Path, default=DATA, help="directory (default: dicelab/data)")
    args = ap.parse_args(argv)
    for game, rules, name, solve in shipped():
        if args.games and game not in args.games or args.only not in name:
            continue
        if args.list:
            print(f"{game:10s} {name}  {rules!r}")
            continue
        t0 = time.perf_counter()
        T = solve()
        write(args.out / name, T, rules)
        print(f"{name}: {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
