"""Dripeul 5 benchmarks: cold exact solves, advise(), and a one-roll query (icepool too).

``benchmarks()`` follows the contract in docs/architecture.md: each entry has
``name``, ``goal`` (seconds or None), ``run`` (a cold run: it clears caches
itself), ``baseline`` (a straightforward implementation, or None) and
``icepool`` (or None).

One solve gives every level at once (the table holds every board: token set ×
triangle), so "one level" is one cold solve of the default variant (goal 50 ms).
The baseline is plain Python
(:func:`dicelab.engine.dripeul.solo.reference_table`): a memoised recursion over the
same sorted multisets, board after board, no numpy.  The outcome tables alone are
timed against :func:`dicelab.engine.dripeul.solo.options_reference`, the rule called
for every roll and board.  A cold run clears every cache it uses (the keep table,
the reroll lattices, the rule's figure cache); numpy is already imported — the
"fresh interpreter" entry times a new Python process instead (interpreter start,
numpy and dicelab imports included).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _clear_all() -> None:
    from dicelab.core.dice import keep_table
    from dicelab.engine.dripeul import solo as eng
    from dicelab.engine.reroll import locked_pairs, sub_lattice
    from dicelab.games.dripeul import _figure

    eng.clear_caches()
    keep_table.cache_clear()
    locked_pairs.cache_clear()
    sub_lattice.cache_clear()
    _figure.cache_clear()


def solve_one_level() -> float:
    """Cold exact solve: P(clear one manche) at the default level (every level is solved)."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    _clear_all()
    return eng.win_probability(Rules(level=3))


def baseline_one_level() -> float:
    """The same number by the plain-Python reference solver (every board, no numpy)."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    return eng.reference_table(Rules())[(63, 3)]


def tables_cold() -> Any:
    """The outcome tables of the default variant, cold: one rule call per figure and board."""
    from dicelab.engine.dripeul import solo as eng

    _clear_all()
    return eng.options((True, False, False))


def tables_straightforward() -> Any:
    """The same tables, the rule called for every roll and board (252 × 63 calls)."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import _figure

    _figure.cache_clear()
    return eng.options_reference((True, False, False))


def fresh_interpreter() -> None:
    """A new Python process: import dicelab (and numpy), solve one level."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    subprocess.run([sys.executable, "-c", "from dicelab.engine import dripeul as e; "
                    "from dicelab.games.dripeul import Rules; "
                    "e.win_probability(Rules(level=3))"], check=True, env=env, cwd=ROOT)


def solve_all_levels(**variant: Any) -> list[float]:
    """Cold exact solve: P(clear one manche) for levels 4 très facile … 0 très difficile."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    _clear_all()
    return [eng.win_probability(Rules(level=lv, **variant)) for lv in (4, 3, 2, 1, 0)]


def solve_bonus() -> list[float]:
    return solve_all_levels(straight_bonus=True)


def solve_locked() -> list[float]:
    return solve_all_levels(reroll_set_aside=False)


def solve_every_variant() -> int:
    """Cold solves of all 8 variant combinations (every level of each)."""
    import itertools

    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    _clear_all()
    for a, b, c in itertools.product((True, False), repeat=3):
        eng.table(Rules(reroll_set_aside=a, straight_bonus=b, last_six=c))
    return 8


def advise_one() -> Any:
    """advise() for one position, the game being solved already (warm)."""
    from dicelab.engine.dripeul import solo as eng

    return eng.advise((1, 1, 2, 3, 5), rolls_left=1, tokens=(1, 4, 6), level=2)


def advise_locked() -> Any:
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    return eng.advise((1, 1, 2, 3, 5), rolls_left=1, tokens=(1, 4, 6), level=2,
                      rules=Rules(reroll_set_aside=False, straight_bonus=True), locked=(1,))


def p_three_alike_dicelab() -> Any:
    from dicelab.core.dice import probability
    from dicelab.core.figures import has_brelan

    return probability(5, has_brelan)


def p_three_alike_brute() -> Any:
    from fractions import Fraction

    from dicelab.core.dice import ordered_rolls
    from dicelab.core.figures import has_brelan

    return Fraction(sum(1 for r in ordered_rolls(5) if has_brelan(r)), 6**5)


def p_three_alike_icepool() -> Any:
    import icepool

    return (icepool.d6.pool(5).largest_count() >= 3).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games.dripeul import Rules

    eng.table(Rules())  # advise() is timed warm: solved once, here
    eng.table(Rules(reroll_set_aside=False, straight_bonus=True))
    return [
        {
            "name": "Dripeul: advise() one position (solved)",
            "goal": 0.01,
            "run": advise_one,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Dripeul: advise() locked + suite variant (solved)",
            "goal": 0.01,
            "run": advise_locked,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Dripeul: cold solve of one level, every level at once (baseline: pure "
                    "Python)",
            "goal": 0.05,
            "run": solve_one_level,
            "baseline": baseline_one_level,
            "icepool": None,
        },
        {
            "name": "Dripeul: outcome tables, cold (baseline: the rule for every roll and "
                    "board)",
            "goal": None,
            "run": tables_cold,
            "baseline": tables_straightforward,
            "icepool": None,
        },
        {
            "name": "Dripeul: fresh interpreter, import + cold solve of one level",
            "goal": None,
            "run": fresh_interpreter,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Dripeul: cold solve, all 5 levels, suite bonus (cyclic)",
            "goal": None,
            "run": solve_bonus,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Dripeul: cold solve, all 5 levels, set-aside dice stay",
            "goal": None,
            "run": solve_locked,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Dripeul: cold solve, all 8 variant combinations",
            "goal": None,
            "run": solve_every_variant,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "P(three alike or better), one roll of 5d6",
            "goal": None,
            "run": p_three_alike_dicelab,
            "baseline": p_three_alike_brute,
            "icepool": p_three_alike_icepool,
        },
    ]
