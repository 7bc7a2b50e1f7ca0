"""5000 benchmarks: cold solo solves, advise(), and a one-roll query (icepool too).

``benchmarks()`` follows the contract in docs/architecture.md: each entry has
``name``, ``goal`` (seconds or None), ``run`` (a cold run: it clears caches
itself), ``baseline`` (a straightforward implementation, or None) and
``icepool`` (or None).

The cold 5-dice solve (goal 0.3 s) is timed against the same
numpy sweeps valuing every roll on its own (one minimum per roll of 1..5 dice,
461 of them) instead of once per group of rolls with the same set-aside effects
(93 groups): the straightforward per-roll solver the grouped tables replace.
The "fresh interpreter" entry times a new Python process (interpreter start,
numpy and dicelab imports included); the others run with numpy imported.

The plain-Python solver has no numpy: for each score from 4950 down, a memoised
recursion over (turn total, dice to roll) calling ``scoring_options`` for every
roll, and a bisection on the score's fixed point (a bust returns to the same
score).  It is slow, so it is timed from 4500 only, against the numpy engine on
that same sub-problem.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np

LOWEST = 4500
_ENGINE_MODEL: Any = None  # the engine's own _model while the per-roll baseline runs
ROOT = Path(__file__).resolve().parents[1]


def _clear() -> None:
    from dicelab.engine.cinqmille import solo as eng

    eng.clear_caches()


def solve_five() -> float:
    """Cold exact solo solve, 5 dice (default rules)."""
    from dicelab.engine.cinqmille import solo as eng

    _clear()
    return eng.expected_turns()


def _per_roll_model(rules: Any) -> Any:
    """The engine's model with every roll its own group (no merging of equal effect sets)."""
    from dicelab.core.dice import multisets, roll_probabilities
    from dicelab.engine.cinqmille import solo as eng

    m = _ENGINE_MODEL(rules)
    effects = list(zip(m.opt_next.tolist(), m.opt_p.tolist(), m.opt_bankable.tolist()))
    index = {e: i for i, e in enumerate(effects)}
    E, groups, cols = len(effects), [], []
    for n in range(1, m.N + 1):
        for o, p in zip(multisets(n), roll_probabilities(n)):
            if eng.is_five_ones(o, rules):
                g = (E + 1,)
            else:
                g = tuple(sorted({index[(left, pts, b)] for _, pts, left, b in m.options[o]})
                          ) or (E,)
            groups.append(frozenset(g))
            col = np.zeros(m.N)
            col[n - 1] = p
            cols.append(col)
    order = sorted(range(len(groups)), key=lambda i: len(groups[i]))
    groups = [groups[i] for i in order]
    buckets = []
    for first, stop in eng._bucket_bounds([len(g) for g in groups], eng.BUCKET_OVERHEAD):
        k = len(groups[stop - 1])
        rows = [sorted(g) for g in groups[first:stop]]
        buckets.append((first, stop, np.array([r + r[-1:] * (k - len(r)) for r in rows],
                                              dtype=np.intp)))
    return dataclasses.replace(m, groups=tuple(groups), buckets=tuple(buckets),
                               grp_PT=np.array([cols[i] for i in order]).T)


def solve_five_per_roll() -> float:
    """Cold solve, 5 dice, valuing every roll on its own (the straightforward solver)."""
    from dicelab.engine.cinqmille import solo as eng
    from dicelab.games.cinqmille import Rules

    global _ENGINE_MODEL
    _clear()
    _ENGINE_MODEL = eng._model
    with mock.patch.object(eng, "_model", _per_roll_model):
        value = float(eng.solve_turns(Rules()).V[0])
    _clear()
    return value


def fresh_interpreter() -> None:
    """A new Python process: import dicelab (and numpy), solve 5000 cold."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    subprocess.run([sys.executable, "-c", "from dicelab.engine import cinqmille as e; "
                    "e.expected_turns()"], check=True, env=env, cwd=ROOT)


def solve_six() -> float:
    """Cold exact solo solve, the 6-dice variant."""
    from dicelab.engine.cinqmille import solo as eng
    from dicelab.games.cinqmille import Rules

    _clear()
    return eng.expected_turns(Rules(dice=6))


def solve_from_4500() -> float:
    """Cold numpy solve of the scores 4500..5000 only (compare with the baseline)."""
    from dicelab.engine.cinqmille import solo as eng

    _clear()
    return float(eng.solve_turns(lowest=LOWEST).V[LOWEST // 50])


def plain_python_from_4500() -> float:
    """Straightforward solver: plain recursion with memo dicts, no numpy, bisection."""
    from dicelab.core.dice import roll_distribution
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
    from dicelab.engine.cinqmille import solo as eng

    return eng.advise((1, 5, 5, 2, 3), turn_points=300, score=2500)


def p_ballot_dicelab() -> Any:
    from dicelab.engine.cinqmille import solo as eng

    eng.p_bust.cache_clear()
    return eng.p_bust(5)


def p_ballot_brute() -> Any:
    """All 6^5 ordered rolls, each checked with the rule function."""
    from fractions import Fraction

    from dicelab.core.dice import ordered_rolls
    from dicelab.games.cinqmille import is_bust

    return Fraction(sum(is_bust(r) for r in ordered_rolls(5)), 6**5)


def p_ballot_icepool() -> Any:
    import icepool

    from dicelab.games.cinqmille import is_bust

    return icepool.d6.pool(5).expand().map(lambda d: is_bust(d), star=False).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine.cinqmille import solo as eng

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
            "name": "5000: cold solo solve, 5 dice (baseline: one minimum per roll)",
            "goal": 0.3,
            "run": solve_five,
            "baseline": solve_five_per_roll,
            "icepool": None,
        },
        {
            "name": "5000: fresh interpreter, import + cold solo solve, 5 dice",
            "goal": None,
            "run": fresh_interpreter,
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
