"""500 solo games of each game from a cold process: the goal "500 games of any game in <= 1 s".

``benchmarks()`` follows docs/architecture.md (``measures: True``): each ``run`` starts a
fresh Python process that imports ``dicelab.analysis.simulate`` and plays 500 solo games with
the optimal policy (``simulate_fast``): every table it needs — the engine's solve and the
simulator's tables — is built in that process (Seveny's solo solve is read from its shipped
table, then each score's turn and the turn outcome matrix are computed).  The time held
against the goal is the child's own wall clock from before the import to the result; the note
splits it (import / games) and gives the child's CPU time, which a busy machine does not
inflate.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

GAMES = 500
GOAL = 1.0

_CHILD = """
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from dicelab.analysis.simulate import simulate_fast
t1 = time.perf_counter()
r = simulate_fast(sys.argv[1], games=int(sys.argv[2]), seed=1)
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "games": t2 - t1, "cpu": time.process_time() - c0,
                  "mean_turns": r.mean_turns}))
"""


def cold(game: str, games: int = GAMES) -> dict[str, Any]:
    """One cold process: import, then ``simulate_fast(game, games=games)``."""
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH", "")) if p))
    out = subprocess.run([sys.executable, "-c", _CHILD, game, str(games)], env=env,
                         capture_output=True, text=True, check=True, timeout=600)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    total = r["import"] + r["games"]
    return {"time": total,
            "note": f"import {r['import']:.2f} s + games "
                    f"{r['games']:.2f} s; CPU {r['cpu']:.2f} s"}


def benchmarks() -> list[dict[str, Any]]:
    return [{"name": f"500 games cold, {game} (a fresh process: import, tables, games)",
             "goal": GOAL, "run": lambda g=game: cold(g), "baseline": None, "icepool": None,
             "measures": True}
            for game in ("dripeul", "trwavril", "cinqmille", "seveny")]
