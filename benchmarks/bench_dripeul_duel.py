"""Two-player Dripeul 5 benchmarks: the whole default solve and the slower variants'
(issue 31: every variant <= 2 s; each is solved on first use and saved to the machine's
cache), reading the cached table, the
suite-bonus layers by Gauss–Seidel sweeps against plain value iteration, and live advice
from the solved table.

``benchmarks()`` follows docs/architecture.md: ``name``, ``goal`` (seconds or None),
``run`` (a cold run: it clears caches itself), ``baseline`` (the straightforward method,
or None), ``icepool`` (None).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

MAX_TOKENS = 3  # the suite-bonus sub-problem: positions with at most 3 tokens in all


def full_default() -> float:
    """Dripeul 5, the whole default two-player solve (every level), not the cached table."""
    from dicelab.engine.dripeul import duel as dd

    dd.clear_caches()
    tab = dd.solve_duel(use_table=False)
    return float(tab.V[0, dd.board((1, 2, 3, 4, 5, 6), 3), dd.board((1, 2, 3, 4, 5, 6), 3)])


def _variant(**rules: Any) -> Any:
    def run() -> float:
        """One Dripeul variant's whole two-player solve (issue 31: every variant <= 2 s)."""
        from dicelab.engine.dripeul import duel as dd
        from dicelab.games.dripeul import Rules

        dd.clear_caches()
        return float(dd.solve_duel(Rules(**rules), use_table=False).V[0, 0, 0])
    return run


def read_default() -> float:
    """Dripeul 5, the default two-player table read from the machine's cache (cold: a second
    kernel; ``benchmarks()`` solved and cached it)."""
    from dicelab.engine.dripeul import duel as dd

    dd.clear_caches()
    return dd.duel_win_probability()


def _bonus(gauss_seidel: bool) -> float:
    from dicelab.engine.dripeul import duel as dd
    from dicelab.games.dripeul import Rules

    tab = dd.solve_duel(Rules(straight_bonus=True), max_tokens=MAX_TOKENS,
                        gauss_seidel=gauss_seidel)
    return float(tab.V[0, dd.board((5, 6), 0), dd.board((6,), 1)])


def bonus_gs() -> float:
    """Suite bonus, positions with at most 3 tokens: Gauss–Seidel sweeps."""
    return _bonus(True)


def bonus_plain() -> float:
    """Baseline: plain value iteration in each layer."""
    return _bonus(False)


def advice() -> Any:
    """Two-player advice at the first decision of a turn (one turn solve), solved table."""
    from dicelab.engine import dripeul as dripeul_odds
    from dicelab.engine.dripeul import duel as dd
    from dicelab.games import dripeul as g

    dd._turn.cache_clear()
    s = replace(g.new_state(g.Rules(), 2), tokens=((1, 3, 6), (2, 4, 5)), triangle=(2, 1),
                phase="choose", dice=(3, 3, 5, 6, 1), rolls_left=2)
    return dripeul_odds.advise_state(s)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine.dripeul import duel as dd

    dd.solve_duel()  # advice reads the solved default table (saved to the cache: read_default)
    return [
        {"name": "duel Dripeul: suite bonus, <= 3 tokens (baseline: plain value iteration)",
         "goal": None, "run": bonus_gs, "baseline": bonus_plain, "icepool": None},
        {"name": "duel Dripeul: advise_state, first decision of a turn (solved table)",
         "goal": 0.01, "run": advice, "baseline": None, "icepool": None},
        {"name": "duel Dripeul: whole default solve (issue 31: <= 2 s)",
         "goal": 2.0, "run": full_default, "baseline": None, "icepool": None},
        {"name": "duel Dripeul: whole solve, reroll_set_aside=False (issue 31: <= 2 s)",
         "goal": 2.0, "run": _variant(reroll_set_aside=False), "baseline": None,
         "icepool": None},
        {"name": "duel Dripeul: whole solve, suite bonus (issue 31: <= 2 s)",
         "goal": 2.0, "run": _variant(straight_bonus=True), "baseline": None,
         "icepool": None},
        {"name": "duel Dripeul: whole solve, suite bonus and locked dice (issue 31: <= 2 s)",
         "goal": 2.0, "run": _variant(straight_bonus=True, reroll_set_aside=False),
         "baseline": None, "icepool": None},
        {"name": "duel Dripeul: the default table read from the machine's cache",
         "goal": 0.5, "run": read_default, "baseline": None, "icepool": None},
    ]
