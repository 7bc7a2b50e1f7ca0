"""The machine's cache of solved two-player tables (issue 31 §3): a second kernel reads a
table the first one solved instead of solving it again (goal: 50 ms).

The tables are cached in a temporary folder (``DICELAB_CACHE``), never the user's cache;
the shipped files are hidden from the engines during the run, so the read is the cache's.
``benchmarks()`` follows docs/architecture.md.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

_FOLDER = tempfile.mkdtemp(prefix="dicelab-bench-cache-")


def _hidden(name: str) -> Any:
    return Path(_FOLDER) / "no-data" / name  # no shipped file: the cache is read


def _cached(game_module: Any, rules: Any) -> Any:
    from dicelab.engine import race

    os.environ["DICELAB_CACHE"] = _FOLDER
    shipped = race._data_file
    race._data_file = _hidden
    try:
        game_module.clear_caches()
        return game_module.solve_duel(rules)
    finally:
        race._data_file = shipped


def dripeul_cached() -> float:
    """Dripeul's default variant (1.4 MB: ``V``, with ``H`` rebuilt on loading), read from
    the cache."""
    from dicelab.engine.dripeul import duel as dd
    from dicelab.games.dripeul import Rules

    sol = _cached(dd, Rules())
    assert sol.seconds == 0.0, "solved, not read"
    return float(sol.V[0, 0, 0]) if sol.V[0, 0, 0] == sol.V[0, 0, 0] else 0.0


def cinqmille_cached() -> float:
    """A 5000 variant, read from the cache."""
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.games.cinqmille import Rules

    sol = _cached(cd, Rules(dice=6))
    assert sol.seconds == 0.0, "solved, not read"
    return float(sol.T[0, 0])


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine import race
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.engine.dripeul import duel as dd
    from dicelab.games import cinqmille as cm
    from dicelab.games import dripeul as dp

    os.environ["DICELAB_CACHE"] = _FOLDER
    # the first kernel: the tables as a solve would cache them (here from the shipped
    # files when they ship, else solved once)
    race.save_table(dd.table_name(dp.Rules()), dd.solve_duel(dp.Rules()).V, dp.Rules(),
                    dd.table_meta(dp.Rules()))
    rules = cm.Rules(dice=6)
    race.save_table(cd.table_name(rules), cd.solve_duel(rules).T, rules, cd.table_meta(rules))
    return [
        {"name": "tables: a second kernel reads Dripeul's cached table",
         "goal": 0.05, "run": dripeul_cached, "baseline": None, "icepool": None},
        {"name": "tables: a second kernel reads a cached 5000 table",
         "goal": 0.05, "run": cinqmille_cached, "baseline": None, "icepool": None},
    ]
