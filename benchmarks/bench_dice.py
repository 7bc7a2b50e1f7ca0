"""Dice-level benchmarks: the keep→outcome table and one-roll figure odds.

``keep_table(5)`` (every keep of 0–5 dice × every sorted outcome of 5 dice, exact weights)
is built cold and compared with a plain-Python build that enumerates ordered rolls with
``itertools.product``; P(brelan or better in one roll of 5d6) is computed over sorted
multisets and compared with brute force over the 7 776 ordered rolls and with icepool.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any


def _clear_dice_caches() -> None:
    from dicelab.core import dice

    for f in (dice.keep_table, dice.multisets, dice.multiset_index, dice.keeps,
              dice._weights_tuple, dice.roll_distribution):
        f.cache_clear()


def keep_table_cold() -> Any:
    from dicelab.core.dice import keep_table

    _clear_dice_caches()
    return keep_table(5)


def keep_table_plain_python(n: int = 5) -> dict[tuple[int, ...], Counter]:
    """Keep → Counter(sorted outcome → ordered ways), by enumerating ordered rolls."""
    keeps = {
        tuple(sorted(k))
        for size in range(n + 1)
        for k in itertools.combinations_with_replacement(range(1, 7), size)
    }
    table: dict[tuple[int, ...], Counter] = {}
    for k in keeps:
        c: Counter = Counter()
        for r in itertools.product(range(1, 7), repeat=n - len(k)):
            c[tuple(sorted(k + r))] += 1
        table[k] = c
    return table


def p_brelan_dicelab() -> Fraction:
    from dicelab.core.dice import probability
    from dicelab.core.figures import has_brelan

    _clear_dice_caches()
    return probability(5, has_brelan)


def p_brelan_brute() -> Fraction:
    from dicelab.core.figures import has_brelan

    hits = sum(1 for r in itertools.product(range(1, 7), repeat=5) if has_brelan(r))
    return Fraction(hits, 6**5)


def p_brelan_icepool() -> Any:
    import icepool

    return (icepool.d6.pool(5).largest_count() >= 3).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    return [
        {
            "name": "dice: keep_table(5) cold (baseline: plain Python)",
            "goal": 0.5,
            "run": keep_table_cold,
            "baseline": keep_table_plain_python,
            "icepool": None,
        },
        {
            "name": "dice: P(brelan or better), one roll of 5d6",
            "goal": 0.05,
            "run": p_brelan_dicelab,
            "baseline": p_brelan_brute,
            "icepool": p_brelan_icepool,
        },
    ]
