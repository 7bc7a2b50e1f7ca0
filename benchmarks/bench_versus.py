"""Head-to-head 5000 (:mod:`dicelab.lessons.versus`): duel-optimal against
solo-optimal, vectorised from the engines' value tables (built once per process, outside the
timed runs).  The lesson's 20,000 games; and 100 games against the straightforward way, the
same games played one by one with the scalar policies (``policies.duel_optimal`` and
``policies.optimal("expected_turns")`` through ``simulate.play_one``).

``benchmarks()`` follows docs/architecture.md.
"""

from __future__ import annotations

from typing import Any

GAMES = 20_000
SMALL = 100


def versus_lesson() -> float:
    from dicelab.lessons import versus

    versus.head_to_head.cache_clear()
    return versus.head_to_head(GAMES, versus.HEAD_TO_HEAD_SEED).edge


def versus_small() -> float:
    from dicelab.lessons import versus

    return versus.simulate_versus(SMALL, seed=1).rate()


def versus_scalar() -> float:
    """Baseline: the same number of games, one by one, with the scalar policies."""
    from dicelab.analysis.policies import duel_optimal, optimal
    from dicelab.analysis.simulate import play_one
    from dicelab.core.dice import make_rng
    from dicelab.games.cinqmille import Rules

    rng = make_rng(1)
    wins = 0
    for i in range(SMALL):
        pols = [duel_optimal(), optimal("expected_turns")]
        seat = i % 2  # both seat orders
        st = play_one("cinqmille", pols if seat == 0 else pols[::-1], Rules(), 2, rng)
        wins += seat in st.winners
    return wins / SMALL


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.games import cinqmille as cm
    from dicelab.lessons import versus

    versus._duel_values(cm.Rules())  # value tables: built once, outside the timed runs
    versus._solo_values(cm.Rules())
    versus._tables(cm.Rules())
    return [
        {"name": f"versus 5000: the lesson's {GAMES} head-to-head games, vectorised",
         "goal": 30.0, "run": versus_lesson, "baseline": None, "icepool": None},
        {"name": f"versus 5000: {SMALL} games (baseline: scalar policies, game by game)",
         "goal": None, "run": versus_small, "baseline": versus_scalar, "icepool": None},
    ]
