"""Seveny benchmarks: cold solo solves, advise(), and a one-roll query (icepool too).

``benchmarks()`` follows the contract in docs/architecture.md: each entry has
``name``, ``goal`` (seconds or None), ``run`` (a cold run: it clears caches
itself), ``baseline`` (a straightforward implementation, or None) and
``icepool`` (or None).

The baseline solver is plain Python with no numpy: a recursion over
(memorised points, hand) with memo dicts, calling ``settable`` and ``score``
for every roll, and a secant search on each score's fixed point.  It is slow,
so it is timed on target 5, against the numpy engine on that same target.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def _clear_all() -> None:
    from dicelab.engine.seveny import solo as eng

    eng.clear_caches()


def solve_target_50() -> float:
    """Cold exact solve of the solo game to 50 (the ruling's target)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games.seveny import Rules

    _clear_all()
    return eng.expected_turns(Rules(target=50))


def solve_target_5() -> float:
    """Cold exact solve to 5 with the numpy engine (compare with the baseline)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games.seveny import Rules

    _clear_all()
    return eng.expected_turns(Rules(target=5))


def plain_python_expected_turns(target: int = 5) -> float:
    """Straightforward solver: plain recursion with memo dicts, no numpy."""
    from dicelab.engine.seveny import solo as eng

    return eng.reference_expected_turns(target)[0]


def advise_one() -> Any:
    """advise() for one position, the game being solved already (warm)."""
    from dicelab.engine.seveny import solo as eng

    return eng.advise((1, 5, 5, 6), hand=(3, 3, 3), memorised=9, score=31)


def p_bust_7_dicelab() -> Any:
    from dicelab.engine.seveny import solo as eng

    return eng.p_bust(7)


def p_bust_7_brute() -> Any:
    from fractions import Fraction

    from dicelab.core.dice import ordered_rolls
    from dicelab.games.seveny import settable

    sorted_counts = Counter(tuple(sorted(r)) for r in ordered_rolls(7))
    return Fraction(sum(c for m, c in sorted_counts.items() if not settable((), m)), 6**7)


def p_bust_7_icepool() -> Any:
    import icepool

    def bust(dice: tuple[int, ...]) -> bool:
        c = Counter(dice)
        return c[1] == 0 and c[6] == 0 and all(c[v] < 3 for v in (2, 3, 4, 5))

    return icepool.d6.pool(7).expand().map(bust, star=False).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine.seveny import solo as eng

    eng.expected_turns()  # advise() is timed warm: the game is solved once, here
    eng.points_table()
    return [
        {
            "name": "Seveny: advise() one position (solved, target 50)",
            "goal": 0.01,
            "run": advise_one,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Seveny: cold solo solve, target 50",
            "goal": 60.0,
            "run": solve_target_50,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Seveny: cold solo solve, target 5 (baseline: pure Python recursion)",
            "goal": None,
            "run": solve_target_5,
            "baseline": plain_python_expected_turns,
            "icepool": None,
        },
        {
            "name": "Seveny: P(bust) rolling 7d6 (baseline: all 6^7 ordered rolls)",
            "goal": None,
            "run": p_bust_7_dicelab,
            "baseline": p_bust_7_brute,
            "icepool": p_bust_7_icepool,
        },
    ]
