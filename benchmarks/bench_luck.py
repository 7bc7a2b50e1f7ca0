"""Luck and skill (:mod:`dicelab.analysis.luck`): the review of a 60-decision two-player
5000 game with its luck/skill split and chart, goal 1 s.

The game is played once (duel-optimal, seed :data:`SEED`, stopped after
:data:`DECISIONS` decisions) and the variant's table is warmed as the apps warm it, outside
the timed run.  The timed run reviews it from its JSON save — :func:`dicelab.review`, every
decision against the engine —, splits it (:attr:`Review.luck`: one row per roll and per
decision) and builds the chart (:meth:`Review.luck_figure`, a matplotlib Figure); the note
gives the time to draw that chart as PNG too (rasterising is matplotlib's, not dicelab's).

``benchmarks()`` follows docs/architecture.md.
"""

from __future__ import annotations

import time
from typing import Any

SEED = 1
DECISIONS = 60


def _game_json() -> str:
    from dicelab.analysis import policies
    from dicelab.games import cinqmille

    g = cinqmille.Game(players=2, seed=SEED)
    pol = policies.duel_optimal()
    n = 0
    while not g.is_over and n < DECISIONS:
        n += len(g.legal_actions()) > 1
        g.apply(pol(g.state))
    return g.to_json()


def review_with_luck(text: str) -> dict[str, Any]:
    import dicelab
    from dicelab.render.plots import figure_png

    t0 = time.perf_counter()
    r = dicelab.review(text, lang="fr")
    rep = r.luck
    fig = r.luck_figure()
    t1 = time.perf_counter()
    figure_png(fig)
    t2 = time.perf_counter()
    return {"time": t1 - t0,
            "note": f"{len(r.rows)} decisions, {len(rep.rows)} rows (rolls and decisions); "
                    f"drawing the chart as PNG: {t2 - t1:.2f} s more"}


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.analysis import solving as duel_registry
    from dicelab.games import cinqmille

    duel_registry.warm("cinqmille", cinqmille.Rules())
    text = _game_json()
    review_with_luck(text)  # imports (matplotlib) outside the timed run
    return [
        {"name": f"review + luck/skill split + chart, {DECISIONS}-decision two-player 5000",
         "goal": 1.0, "run": lambda: review_with_luck(text), "baseline": None,
         "icepool": None, "measures": True},
    ]
