"""Trwavril benchmarks: cold exact solves, advise(), and one-roll queries (icepool too).

``benchmarks()`` follows the contract in docs/architecture.md: each entry has
``name``, ``goal`` (seconds or None), ``run`` (a cold run: it clears caches
itself), ``baseline`` (a straightforward implementation, or None) and
``icepool`` (or None).

The baseline solver is plain Python: a recursion over the same sorted
multisets with memo dicts, and value iteration from zero until the values
move less than 1e-14.  It is slow, so it is timed on one difficulty only
(héroïque, one parapluie), against the numpy engine on that same difficulty.
"""

from __future__ import annotations

from typing import Any


def _clear_all() -> None:
    from dicelab.core.dice import keep_table
    from dicelab.engine.trwavril import solo as eng

    eng.clear_caches()
    keep_table.cache_clear()


def solve_all_difficulties() -> list[float]:
    """Cold exact solve of facile, moyen, difficile and héroïque (default suites)."""
    from dicelab.engine.trwavril import solo as eng
    from dicelab.games.trwavril import Rules

    _clear_all()
    return [eng.win_probability(Rules(parapluies=p)) for p in (4, 3, 2, 1)]


def solve_heroique() -> float:
    """Cold exact solve of héroïque only (the numpy engine)."""
    from dicelab.engine.trwavril import solo as eng
    from dicelab.games.trwavril import Rules

    _clear_all()
    return eng.win_probability(Rules(parapluies=1))


def plain_python_level(straight: str = "four", V_low: list[float] | None = None) -> list[float]:
    """Straightforward solver of one level (boards with ``u`` parapluies): pure Python.

    ``V_low[mask]``: values after a miss (``None``: the last parapluie, a miss loses).
    Returns the 64 start-of-turn values (index 63, all barred, is 1).
    """
    from dicelab.core.dice import keeps, multisets, roll_distribution, sort_dice, sub_multisets
    from dicelab.games.trwavril import Rules, flippable

    rules = Rules(straight=straight)
    outs = multisets(4)
    cards = {o: flippable(o, rules) for o in outs}
    trans = {
        k: [(sort_dice(k + r), float(p)) for r, p in roll_distribution(4 - len(k)).items()]
        for k in keeps(4)
        if len(k) < 4
    }
    subs = {o: [k for k in sub_multisets(o) if len(k) < 4] for o in outs}
    low = [0.0] * 64 if V_low is None else V_low
    V = [0.0] * 63 + [1.0]

    def turn(mask: int) -> float:
        W: dict[tuple[Any, int], float] = {}
        Q: dict[tuple[Any, int], float] = {}

        def final(o: Any) -> float:
            cs = cards[o]
            if not cs:
                return low[mask]
            return max(V[mask ^ (1 << (c - 1))] for c in cs)

        def w(o: Any, r: int) -> float:
            key = (o, r)
            if key not in W:
                best = final(o)
                if r:
                    for k in subs[o]:
                        best = max(best, q(k, r))
                W[key] = best
            return W[key]

        def q(k: Any, r: int) -> float:
            key = (k, r)
            if key not in Q:
                Q[key] = sum(p * w(o, r - 1) for o, p in trans[k])
            return Q[key]

        return q((), 3)

    while True:
        new = [turn(m) for m in range(63)] + [1.0]
        delta = max(abs(a - b) for a, b in zip(new, V))
        V = new
        if delta < 1e-14:
            return V


def plain_python_heroique() -> float:
    """The baseline: héroïque solved by :func:`plain_python_level`."""
    return plain_python_level("four")[0]


def advise_one() -> Any:
    """advise() for one position, the game being solved already (warm)."""
    from dicelab.engine.trwavril import solo as eng

    return eng.advise((1, 2, 2, 5), rolls_left=2, barred=(1, 3, 6), parapluies=2)


def p_brelan_dicelab() -> Any:
    from dicelab.core.dice import probability
    from dicelab.core.figures import has_brelan

    return probability(4, has_brelan)


def p_brelan_brute() -> Any:
    from fractions import Fraction

    from dicelab.core.dice import ordered_rolls
    from dicelab.core.figures import has_brelan

    return Fraction(sum(1 for r in ordered_rolls(4) if has_brelan(r)), 6**4)


def p_brelan_icepool() -> Any:
    import icepool

    return (icepool.d6.pool(4).largest_count() >= 3).probability(True)


def p_run_dicelab() -> Any:
    from dicelab.core.dice import probability
    from dicelab.core.figures import contains_run

    return probability(4, lambda d: contains_run(d, 4))


def p_run_icepool() -> Any:
    import icepool

    return (icepool.d6.pool(4).largest_straight() >= 4).probability(True)


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.engine.trwavril import solo as eng

    eng.win_probability()  # advise() is timed warm: the game is solved once, here
    # advise() comes first, while the tables solved above are still cached (the cold
    # entries after it clear them).
    return [
        {
            "name": "Trwavril: advise() one position (solved)",
            "goal": 0.01,
            "run": advise_one,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Trwavril: cold solve, all 4 difficulties",
            "goal": 2.0,
            "run": solve_all_difficulties,
            "baseline": None,
            "icepool": None,
        },
        {
            "name": "Trwavril: cold solve, héroïque only (baseline: pure Python)",
            "goal": None,
            "run": solve_heroique,
            "baseline": plain_python_heroique,
            "icepool": None,
        },
        {
            "name": "P(brelan or better), one roll of 4d6",
            "goal": None,
            "run": p_brelan_dicelab,
            "baseline": p_brelan_brute,
            "icepool": p_brelan_icepool,
        },
        {
            "name": "P(run of 4), one roll of 4d6",
            "goal": None,
            "run": p_run_dicelab,
            "baseline": None,
            "icepool": p_run_icepool,
        },
    ]
