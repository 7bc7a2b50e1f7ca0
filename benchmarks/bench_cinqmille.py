"""5000 benchmarks: cold solo solves, advise(), and a one-roll query (icepool too).

``benchmarks()`` follows the contract in docs/architecture.md: each entry has
``name``, ``goal`` (seconds or None), ``run`` (a cold run: it clears caches
itself), ``baseline`` (a straightforward implementation, or None) and
``icepool`` (or None).

The baseline solver is plain Python with no numpy: for each score from 4950
down, a memoised recursion over (turn total, dice to roll) calling
``scoring_options`` for every roll, and a bisection on the score's fixed point
(a bust returns to the same score).  It is slow, so it is timed from 4500
only, against the numpy engine on that same sub-problem.
"""

from __future__ import annotations

from functools import cache
from typing import Any

LOWEST = 4500


def _clear() -> None:
    from dicelab.engine import cinqmille as eng

    eng.clear_cache()


def solve_five() -> float:
    """Cold exact solo solve, 5 dice (default rules)."""
    from dicelab.engine import cinqmille as eng

    _clear()
    return eng.expected_turns()


def solve_six() -> float:
    """Cold exact solo solve, the 6-dice variant."""
    from dicelab.engine import cinqmille as eng
    from dicelab.games.cinqmille import Rules

    _clear()
    return eng.expected_turns(Rules(dice=6))


def solve_from_4500() -> float:
    """Cold numpy solve of the scores 4500..5000 only (compare with the baseline)."""
    from dicelab.engine import cinqmille as eng

    _clear()
    return float(eng.solve_turns(lowest=LOWEST).V[LOWEST // 50])


def plain_python_from_4500() -> float:
    """Straightforward solver: plain recursion with memo dicts, no numpy, bisection."""
    from dicelab.dice import roll_distribution
    from dicelab.games import cinqmille as cm

    rules = cm.Rules()
    V: dict[int, float] = {5000: 0.0}
    for s in range(4950, LOWEST - 1, -50):

        def turn(x: float, s: int = s) -> float:
            @cache
            def R(t: int, n: int) -> float:
                total = 0.0
                for o, p in roll_distribution(n).items():
                    if cm.is_five_ones(o, rules):
                        continue  # a win: 0 more turns
                    opts = cm.scoring_options(o, rules)
                    best = x if not opts else min(option(t, n, k, pts) for k, pts in opts)
                    total += float(p) * best
                return total

            def option(t: int, n: int, keep: tuple[int, ...], pts: int) -> float:
                t2 = t + pts
                result = cm.set_aside_result(rules, s, t2)
                if result == cm.WIN:
                    return 0.0
                if result == cm.OVERSHOOT:
                    return x
                value = R(t2, n - len(keep) or rules.dice)
                if cm.keep_bank_refusal(rules, keep, n) is None and cm.total_bank_refusal(
                    rules, s, s > 0, t2
                ) is None:
                    value = min(value, V[s + t2])
                return value

            return 1.0 + R(0, rules.dice)

        lo, hi = 0.0, 1000.0
        while hi - lo > 1e-11:
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if turn(mid) > mid else (lo, mid)
        V[s] = (lo + hi) / 2
    return V[LOWEST]


def advise_one() -> Any:
    """advise() for one position, the game being solved already (warm)."""
    from dicelab.engine import cinqmille as eng

    return eng.advise((1, 5, 5, 2, 3), turn_points=300, score=2500)


def p_ballot_dicelab() -> Any:
    from dicelab.engine import cinqmille as eng

    eng.p_bust.cache_clear()
    return eng.p_bust(5)


def p_ballot_brute() -> Any:
    """All 6^5 ordered rolls, each checked with the rule function."""
    from fractions import Fraction

    from dicelab.dice import ordered_rolls
    from dicelab.games.cinqmille import is_bust

    return Fraction(sum(is_bust(r) for r in ordered_rolls(5)), 6**5)


def p_ballot_icepool() -> Any:
    import icepool

    from dicelab.games.cinqmille import is_bust

    return icepool.d6.pool(5).expand().map(lambda d: is_bust(d), star=False).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine import cinqmille as eng

    eng.expected_turns()  # advise() is timed warm: the game is solved once, here
    advise_one()  # and the expected-points table too
    return [
        {
            "name": "5000: advise() one position (solved, 5 dice)",
            "goal": 0.01,
            "run": advise_one,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "5000: cold solo solve, 5 dice",
            "goal": 5.0,
            "run": solve_five,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "5000: cold solo solve, 6 dice",
            "goal": None,
            "run": solve_six,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "5000: cold solo solve from 4500 (baseline: pure Python recursion)",
            "goal": None,
            "run": solve_from_4500,
            "baseline": plain_python_from_4500,
            "icepool": None,
        },
        {
            "name": "5000: P(ballot) rolling 5d6 (baseline: all 6^5 ordered rolls)",
            "goal": None,
            "run": p_ballot_dicelab,
            "baseline": p_ballot_brute,
            "icepool": p_ballot_icepool,
        },
    ]
