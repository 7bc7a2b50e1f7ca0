"""Simulator benchmarks: the vectorised solo simulator against the scalar one.

``benchmarks()`` follows docs/architecture.md: each entry has ``name``, ``goal`` (seconds or
None), ``run`` (a cold run: it clears the caches it uses), ``baseline`` and ``icepool``.

``run`` is :func:`dicelab.analysis.simulate.simulate_fast` with the optimal policy, from cold (the
exact engine's tables and the simulator's tables are rebuilt).  ``baseline`` is the scalar
:func:`dicelab.analysis.simulate.simulate` playing the same number of games with
:func:`dicelab.analysis.policies.optimal` (one ``advise`` call per decision), also from a cold
engine.  Both play the default rules (Dripeul 5: three manches; Trwavril: facile).  The
runner prints baseline / run as the speed-up.
"""

from __future__ import annotations

from typing import Any

GAMES = 5_000  # per comparison; the scalar baseline takes about 2 to 7 ms per game
BIG = 200_000  # the vectorised simulator alone


def _clear(game: str) -> None:
    from dicelab.analysis.simulate import clear_fast_cache
    from dicelab.engine.dripeul import solo as dripeul
    from dicelab.engine.trwavril import solo as trwavril

    clear_fast_cache()
    if game == "dripeul":
        dripeul.clear_caches()
    else:
        trwavril.clear_caches()


def fast(game: str, games: int = GAMES) -> float:
    """Cold ``simulate_fast``: the win rate of ``games`` solo games, optimal policy."""
    from dicelab.analysis.simulate import simulate_fast

    _clear(game)
    return float(simulate_fast(game, games=games, seed=1).win_rate[0])


def scalar(game: str, games: int = GAMES) -> float:
    """The baseline: the scalar ``simulate`` of the same games with ``policies.optimal()``."""
    from dicelab.analysis.policies import optimal
    from dicelab.analysis.simulate import simulate

    _clear(game)
    return float(simulate(game, policy=optimal(), games=games, seed=1).win_rate[0])


def benchmarks() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for game, label in (("dripeul", "Dripeul 5 (3 manches)"), ("trwavril", "Trwavril")):
        out.append({
            "name": f"simulate_fast {label}: {GAMES:,} solo games vs scalar simulate",
            "goal": 1.0,
            "run": lambda g=game: fast(g),
            "baseline": lambda g=game: scalar(g),
            "icepool": None,
        })
        out.append({
            "name": f"simulate_fast {label}: {BIG:,} solo games",
            "goal": 5.0,
            "run": lambda g=game: fast(g, BIG),
            "baseline": None,
            "icepool": None,
        })
    return out
