"""Exact counting for the first lessons: figures, multisets, rerolls as a Markov chain.

Everything here is counted over sorted multisets (:mod:`dicelab.dice`) and
returned as exact :class:`~fractions.Fraction` values; the figures themselves
(brelan, carré, quinté, suite) come from :mod:`dicelab.figures`, so a figure is
defined once for the games and the lessons.

Ordered rolls versus multisets:

>>> outcome_counts(5)
(7776, 252)
>>> multinomial_probability((1, 1, 5, 5, 6))
Fraction(5, 1296)

Figures with 5 dice (brelan means *at least* three alike):

>>> figure_probability("brelan", 5)
Fraction(23, 108)
>>> figure_probability("suite", 5)
Fraction(5, 162)

Rerolls: the chance of a brelan within 1, 2, 3 rolls of 5 dice, playing optimally:

>>> [p_within("brelan", 5, k) for k in (1, 2, 3)][0]
Fraction(23, 108)
>>> round(float(p_within("brelan", 5, 3)), 4)
0.7432
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from dicelab.core.dice import (
    Dice,
    counts,
    keep_table,
    multisets,
    probability,
    roll_distribution,
    sort_dice,
    ways,
)
from dicelab.core.errors import DicelabError, brief
from dicelab.core.figures import contains_run, has_brelan, has_carre, has_quinte
from dicelab.core.i18n import N_
from dicelab.games._checks import plain_int

if TYPE_CHECKING:  # numpy loads only when a simulation is asked for
    import numpy as np

#: The figures the lessons count, in the order the tables show them.
FIGURES: tuple[str, ...] = ("brelan", "carré", "quinté", "suite")

_ALIASES = {"carre": "carré", "quinte": "quinté", "brelan": "brelan", "suite": "suite"}

#: Reroll strategies that :func:`p_within` knows by name.
STRATEGIES: tuple[str, ...] = ("optimal", "most common face", "reroll all")

MAX_DICE = 8


class CountingError(DicelabError):
    """A figure, strategy or number of dice that the counting helpers do not know.

    Its messages are marked with ``N_`` for the catalog (the class is not a catalog keyword).
    """


#: Bounds on the sizes the counting helpers accept (work and memory stay small).
MAX_SIMULATED = 1_000_000  #: simulated rolls of one call
MAX_ROLLS = 1000  #: rolls of a Markov chain's distribution
MAX_TARGET = 1000  #: points to reach in :func:`turns_to_target_moments` (a Seveny target)
MAX_TURNS = 10_000  #: turns of :func:`turns_to_target_distribution`


def check_dice_count(n: Any, *, low: int = 1, high: int = MAX_DICE) -> int:
    """Validate a number of dice (an int from ``low`` to ``high``).

    >>> check_dice_count(5)
    5
    >>> check_dice_count(0)
    Traceback (most recent call last):
    ...
    dicelab.analysis.counting.CountingError: number of dice must be a whole number from 1 to 8; ...
    """
    n = plain_int(n)  # numpy integers too
    if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
        raise CountingError(
            N_("number of dice must be a whole number from {low} to {high}; got {n}"),
            low=low, high=high, n=brief(n),
        )
    return n


def figure_key(figure: str) -> str:
    """The canonical name of a figure (accents optional).

    >>> figure_key("Carre")
    'carré'
    """
    key = _ALIASES.get(str(figure).lower().replace("é", "e"))
    if key is None:
        raise CountingError(N_("unknown figure {figure}; figures: {figures}"),
                            figure=brief(figure), figures=", ".join(FIGURES))
    return key


def suite_length(n: int) -> int:
    """Length of the run that counts as a *suite* with ``n`` dice.

    With 4 dice a suite is a run of four (1234, 2345, 3456: Trwavril's ruling);
    with 5 or more dice it is a run of five (12345 or 23456, as in Dripeul and
    5000), found anywhere among the dice.

    >>> suite_length(4), suite_length(5), suite_length(7)
    (4, 5, 5)
    """
    check_dice_count(n, low=4)
    return 4 if n == 4 else 5


def figure_event(figure: str, n: int) -> Callable[[Dice], bool]:
    """The test ``event(dice) -> bool`` of a figure among ``n`` dice.

    Brelan, carré and quinté mean *at least* that many alike (a carré contains
    a brelan), as in the games.

    >>> figure_event("carré", 5)((2, 2, 2, 2, 6))
    True
    >>> figure_event("suite", 7)((1, 1, 2, 3, 4, 5, 5))
    True
    """
    key = figure_key(figure)
    check_dice_count(n)
    if key == "brelan":
        return has_brelan
    if key == "carré":
        return has_carre
    if key == "quinté":
        return has_quinte
    length = suite_length(n)
    return lambda dice: contains_run(dice, length)


# ---------------------------------------------------------------------------
# Ordered rolls, multisets, multinomial


def outcome_counts(n: int) -> tuple[int, int]:
    """``(ordered rolls, sorted multisets)`` of ``n`` dice: ``6**n`` and ``C(n+5, 5)``.

    >>> [outcome_counts(n) for n in (4, 7)]
    [(1296, 126), (279936, 792)]
    """
    check_dice_count(n)
    return 6**n, math.comb(n + 5, 5)


def multinomial_probability(dice: Iterable[int]) -> Fraction:
    """Exact probability of a multiset: ``n! / (c1! ... c6!) / 6**n``.

    >>> multinomial_probability((6, 6, 6, 6, 6)), multinomial_probability((1, 2, 3, 4, 5))
    (Fraction(1, 7776), Fraction(5, 324))
    """
    d = sort_dice(dice)
    return Fraction(ways(d), 6 ** len(d))


def multinomial_explained(dice: Iterable[int]) -> str:
    """The multinomial count of a multiset written out, for a lesson.

    >>> multinomial_explained((1, 1, 5, 5, 6))
    '5! / (2! × 2! × 1!) = 30 orders out of 6^5 = 7776'
    """
    d = sort_dice(dice)
    c = [k for k in counts(d) if k]
    den = " × ".join(f"{k}!" for k in c)
    w = ways(d)
    return f"{len(d)}! / ({den}) = {w} order{'s' * (w != 1)} out of 6^{len(d)} = {6 ** len(d)}"


def figure_probability(figure: str, n: int) -> Fraction:
    """Exact probability that one roll of ``n`` dice shows the figure.

    >>> figure_probability("brelan", 4), figure_probability("quinté", 5)
    (Fraction(7, 72), Fraction(1, 1296))
    """
    return probability(n, figure_event(figure, n))


def figure_count(figure: str, n: int) -> tuple[int, int]:
    """``(multisets, ordered rolls)`` of ``n`` dice that show the figure.

    >>> figure_count("quinté", 5)
    (6, 6)
    >>> figure_count("suite", 5)
    (2, 240)
    """
    event = figure_event(figure, n)
    hits = [m for m in multisets(n) if event(m)]
    return len(hits), sum(ways(m) for m in hits)


def figure_table(
    ns: Sequence[int] = (4, 5, 7), figures: Sequence[str] = FIGURES
) -> dict[str, dict[int, Fraction]]:
    """``table[figure][n]``: the exact probability of each figure with each number of dice.

    >>> figure_table((4, 5), ("brelan",))
    {'brelan': {4: Fraction(7, 72), 5: Fraction(23, 108)}}
    """
    return {figure_key(f): {n: figure_probability(f, n) for n in ns} for f in figures}


# ---------------------------------------------------------------------------
# Simulation and the law of large numbers


@cache
def _event_lookup(figure: str, n: int) -> tuple[Any, Any]:
    """Sorted base-7 codes of the multisets of ``n`` dice and the event on each."""
    import numpy as np

    event = figure_event(figure, n)
    ms = multisets(n)
    codes = np.array([_code(m) for m in ms], dtype=np.int64)
    hits = np.array([event(m) for m in ms], dtype=bool)
    return codes, hits


def _code(dice: Dice) -> int:
    c = 0
    for d in dice:
        c = c * 7 + d
    return c


def simulate_event(figure: str, n: int, rolls: int, seed: int | None = None) -> np.ndarray:
    """Roll ``n`` dice ``rolls`` times (seeded) and say, for each roll, if it shows the figure.

    The figure is tested with the same rule as the exact count (looked up per
    sorted multiset), so simulated and exact values measure the same event.

    >>> hits = simulate_event("brelan", 5, 10_000, seed=1)
    >>> hits.shape, bool(abs(hits.mean() - 23 / 108) < 0.02)
    ((10000,), True)
    """
    import numpy as np

    from dicelab.core.dice import make_rng

    key = figure_key(figure)
    check_dice_count(n)
    rolls = plain_int(rolls)  # numpy integers too
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 1 <= rolls <= MAX_SIMULATED:
        raise CountingError(
            N_("number of simulated rolls must be a whole number from 1 to {most}; got {rolls}"),
            most=MAX_SIMULATED, rolls=brief(rolls),
        )
    codes, table = _event_lookup(key, n)
    rng = make_rng(seed)
    dice = np.sort(rng.integers(1, 7, size=(rolls, n)), axis=1)
    roll_codes = dice @ (7 ** np.arange(n - 1, -1, -1, dtype=np.int64))
    return table[np.searchsorted(codes, roll_codes)]


def running_frequency(hits: Any) -> np.ndarray:
    """The frequency of successes after each trial (the law of large numbers' curve).

    >>> running_frequency([1, 0, 1, 1]).tolist()
    [1.0, 0.5, 0.6666666666666666, 0.75]
    """
    import numpy as np

    h = np.asarray(hits, dtype=float)
    return np.cumsum(h) / np.arange(1, len(h) + 1)


@dataclass(frozen=True)
class Convergence:
    """A simulated running frequency next to the exact probability it converges to."""

    figure: str
    n: int
    seed: int | None
    exact: Fraction
    hits: Any  # np.ndarray of bool, one per roll
    frequency: Any  # np.ndarray, running frequency after 1..rolls rolls

    @property
    def trials(self) -> np.ndarray:
        """Trial numbers 1..rolls."""
        import numpy as np

        return np.arange(1, len(self.hits) + 1)

    @property
    def final(self) -> float:
        """The frequency after the last roll."""
        return float(self.frequency[-1])

    def standard_error(self) -> np.ndarray:
        """Standard error of the frequency after each trial: ``sqrt(p (1 - p) / t)``."""
        import numpy as np

        p = float(self.exact)
        return np.sqrt(p * (1 - p) / self.trials)

    def within(self, k: float = 2.0) -> float:
        """Share of the trials whose running frequency is within ``k`` standard errors."""
        import numpy as np

        dev = np.abs(self.frequency - float(self.exact))
        return float(np.mean(dev <= k * self.standard_error() + 1e-12))


def convergence(figure: str, n: int, rolls: int, seed: int | None = None) -> Convergence:
    """Simulate ``rolls`` rolls and follow the running frequency of the figure.

    >>> c = convergence("brelan", 5, 20_000, seed=7)
    >>> c.exact, bool(abs(c.final - float(c.exact)) < 4 * c.standard_error()[-1])
    (Fraction(23, 108), True)
    """
    hits = simulate_event(figure, n, rolls, seed)
    return Convergence(
        figure_key(figure), n, seed, figure_probability(figure, n), hits, running_frequency(hits)
    )


# ---------------------------------------------------------------------------
# Rerolls: strategies, exact evaluation, the Markov chain

Strategy = Callable[[Dice, int], Dice]
"""``strategy(dice, rerolls_left) -> keep``; keeping every die means stopping."""


def keep_most_common(dice: Dice, rerolls_left: int) -> Dice:
    """Keep every die of the most common face (the highest face on a tie), re-roll the rest.

    >>> keep_most_common((2, 2, 5, 5, 6), 1)
    (5, 5)
    >>> keep_most_common((1, 2, 3, 4, 6), 2)
    (6,)
    """
    c = counts(dice)
    best = max(range(6), key=lambda i: (c[i], i))
    return (best + 1,) * c[best]


def reroll_all(dice: Dice, rerolls_left: int) -> Dice:
    """Keep nothing: every roll is a fresh roll of all the dice.

    >>> reroll_all((6, 6, 1, 2, 3), 2)
    ()
    """
    return ()


def final_values(figure: str, n: int) -> np.ndarray:
    """1.0 for each outcome of ``n`` dice (aligned with ``multisets(n)``) showing the figure."""
    import numpy as np

    event = figure_event(figure, n)
    return np.array([float(event(m)) for m in multisets(n)])


@cache
def optimal_strategy(figure: str, n: int, rolls: int = 3) -> Strategy:
    """The keep that maximises the chance of ending with the figure, from the exact engine.

    The values come from :func:`dicelab.engine.reroll.solve_turn`; the choice
    is the keep with the highest value (the fewest dice on a tie).

    >>> optimal_strategy("carré", 5, 3)((2, 2, 2, 5, 6), 2)
    (2, 2, 2)
    """
    from dicelab.engine.reroll import solve_turn

    sol = solve_turn(n, final_values(figure, n), rolls=rolls)

    def strategy(dice: Dice, rerolls_left: int) -> Dice:
        values = sol.keep_values(dice, rerolls_left)
        best = max(values.values())
        return min((k for k, v in values.items() if v >= best - 1e-12), key=lambda k: (len(k), k))

    strategy.__name__ = f"optimal_{figure}_{n}"
    return strategy


def strategy_named(name: str, figure: str, n: int, rolls: int) -> Strategy:
    """A strategy from its name in :data:`STRATEGIES`."""
    if name == "optimal":
        return optimal_strategy(figure_key(figure), n, rolls)
    if name == "most common face":
        return keep_most_common
    if name == "reroll all":
        return reroll_all
    raise CountingError(N_("unknown strategy {name}; strategies: {strategies}"),
                        name=brief(name), strategies=", ".join(STRATEGIES))


def p_within(
    figure: str, n: int, rolls: int, strategy: str | Strategy = "optimal"
) -> Fraction:
    """Exact chance of showing the figure within ``rolls`` rolls of ``n`` dice.

    The player stops as soon as the figure is on the table; otherwise
    ``strategy`` chooses which dice to keep before each re-roll.  The value is
    an exact policy evaluation over sorted multisets (the optimal strategy's
    keeps come from the exact engine).

    >>> p_within("brelan", 5, 2, "reroll all") == 1 - (1 - Fraction(23, 108)) ** 2
    True
    >>> p_within("brelan", 5, 3, "most common face") <= p_within("brelan", 5, 3)
    True
    """
    key = figure_key(figure)
    check_dice_count(n)
    rolls = plain_int(rolls)  # numpy integers too
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 1 <= rolls <= 6:
        raise CountingError(N_("number of rolls must be a whole number from 1 to 6; got {rolls}"),
                            rolls=brief(rolls))
    strat = strategy_named(strategy, key, n, rolls) if isinstance(strategy, str) else strategy
    event = figure_event(key, n)
    table = keep_table(n)

    @cache
    def row(keep: Dice) -> dict[Dice, Fraction]:
        return table.row(keep)

    @cache
    def value(dice: Dice, left: int) -> Fraction:
        if event(dice):
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        keep = sort_dice(strat(dice, left))
        if len(keep) == n:
            return Fraction(0)
        return sum((p * value(o, left - 1) for o, p in row(keep).items()), Fraction(0))

    first = roll_distribution(n)
    return sum((p * value(o, rolls - 1) for o, p in first.items()), Fraction(0))


def p_within_table(
    figure: str = "brelan",
    n: int = 5,
    rolls: Sequence[int] = (1, 2, 3),
    strategies: Sequence[str] = STRATEGIES,
) -> dict[str, dict[int, Fraction]]:
    """``table[strategy][k]``: :func:`p_within` for each strategy and number of rolls.

    >>> t = p_within_table("brelan", 5, (1,), ("reroll all",))
    >>> t["reroll all"][1]
    Fraction(23, 108)
    """
    return {s: {k: p_within(figure, n, k, s) for k in rolls} for s in strategies}


@dataclass(frozen=True)
class MarkovChain:
    """The 'keep the most common face' reroll as a Markov chain over *max of a kind*.

    State ``s`` means the most common face shows on ``s`` dice.  The first roll
    gives ``initial``; each re-roll keeps those ``s`` dice and rolls the
    others, moving to state ``t`` with probability ``matrix[s-1][t-1]``
    (exact Fractions; the state never goes down).
    """

    n: int
    states: tuple[int, ...]
    initial: tuple[Fraction, ...]
    matrix: tuple[tuple[Fraction, ...], ...]

    def distribution(self, rolls: int) -> tuple[Fraction, ...]:
        """Distribution over the states after ``rolls`` rolls (the first roll included).

        >>> chain = most_common_chain(5)
        >>> sum(chain.distribution(3))
        Fraction(1, 1)
        """
        rolls = plain_int(rolls)  # numpy integers too
        if isinstance(rolls, bool) or not isinstance(rolls, int) or not 1 <= rolls <= MAX_ROLLS:
            raise CountingError(
                N_("number of rolls must be a whole number from 1 to {most}; got {rolls}"),
                most=MAX_ROLLS, rolls=brief(rolls),
            )
        dist = list(self.initial)
        for _ in range(rolls - 1):
            dist = [
                sum((dist[i] * self.matrix[i][j] for i in range(len(dist))), Fraction(0))
                for j in range(len(dist))
            ]
        return tuple(dist)

    def p_at_least(self, k: int, rolls: int) -> Fraction:
        """Chance that ``k`` or more dice are alike after ``rolls`` rolls.

        >>> most_common_chain(5).p_at_least(3, 1)
        Fraction(23, 108)
        """
        return sum(
            (p for s, p in zip(self.states, self.distribution(rolls)) if s >= k), Fraction(0)
        )

    def expected_rolls(self, k: int) -> Fraction:
        """Expected number of rolls (the first included) until ``k`` or more dice are alike.

        The first roll throws every die, as a reroll from state 1 does: the answer is
        ``1 + sum_s initial[s] E[s]`` with ``E`` from :meth:`rolls_from_states`.

        >>> round(float(most_common_chain(5).expected_rolls(5)), 2)  # chasing a quinté
        11.09
        """
        e = self.rolls_from_states(k)
        return 1 + sum((p * e[i] for i, p in enumerate(self.initial)), Fraction(0))

    def rolls_from_states(self, k: int) -> tuple[Fraction, ...]:
        """``E[s]``, the expected number of rerolls from each state until ``k`` or more dice
        are alike (``E[s] = 0`` for ``s >= k``), solving ``E[s] = 1 + sum_t P[s][t] E[t]``
        exactly by back-substitution: the chain never goes down, so
        ``E[s] = (1 + sum_{t > s} P[s][t] E[t]) / (1 - P[s][s])`` from the top state down.

        >>> [str(e) for e in most_common_chain(5).rolls_from_states(5)][2:]
        ['96/11', '6', '0']
        """
        if k not in self.states:
            raise CountingError(N_("k must be one of the states {states}; got {k}"),
                                states=", ".join(map(str, self.states)), k=brief(k))
        e: dict[int, Fraction] = {}
        for i in reversed(range(len(self.states))):
            s = self.states[i]
            if s >= k:
                e[i] = Fraction(0)
                continue
            row = self.matrix[i]
            if row[i] == 1:
                raise CountingError(N_("state {s} never reaches {k}"), s=s, k=k)
            ahead = sum((row[j] * e[j] for j in range(i + 1, len(row))), Fraction(0))
            e[i] = (1 + ahead) / (1 - row[i])
        return tuple(e[i] for i in range(len(self.states)))

    def float_matrix(self) -> list[list[float]]:
        """The transition matrix as floats (for plots)."""
        return [[float(p) for p in row] for row in self.matrix]


@cache
def most_common_chain(n: int = 5) -> MarkovChain:
    """The Markov chain of 'keep the most common face' with ``n`` dice (states 1..n).

    >>> chain = most_common_chain(5)
    >>> chain.states
    (1, 2, 3, 4, 5)
    >>> chain.matrix[3]  # from a carré: one die left to roll
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(5, 6), Fraction(1, 6))
    """
    from dicelab.core.figures import of_a_kind

    check_dice_count(n, low=2)
    states = tuple(range(1, n + 1))
    first = roll_distribution(n)
    initial = [Fraction(0)] * n
    for o, p in first.items():
        initial[of_a_kind(o) - 1] += p
    matrix = []
    for s in states:
        row = [Fraction(0)] * n
        keep = (6,) * s  # by symmetry any face gives the same row
        if s == n:
            row[n - 1] = Fraction(1)
        else:
            for rest, p in roll_distribution(n - s).items():
                row[of_a_kind(keep + rest) - 1] += p
        matrix.append(tuple(row))
    return MarkovChain(n, states, tuple(initial), tuple(matrix))


# ---------------------------------------------------------------------------
# Distributions built from the games' exact turn distributions


def bin_distribution(
    dist: Mapping[int, Any], edges: Sequence[int], *, unit: str = ""
) -> dict[str, Any]:
    """Group a distribution over whole numbers into labelled bins (for a readable chart).

    ``edges`` are the lower bounds of the bins after the first value 0, which
    keeps its own bin; the last bin is open.

    >>> d = {0: Fraction(1, 2), 50: Fraction(1, 4), 300: Fraction(1, 4)}
    >>> bin_distribution(d, [50, 250])
    {'0': Fraction(1, 2), '50–200': Fraction(1, 4), '250+': Fraction(1, 4)}
    """
    lows = sorted(edges)
    if not lows or lows[0] <= 0:
        raise CountingError(N_("bin edges must be positive numbers, smallest first"))
    step = min((b - a for a, b in zip(lows, lows[1:])), default=1)
    unit_step = math.gcd(*[k for k in dist if k] + lows) or step
    labels = ["0"]
    for i, lo in enumerate(lows):
        if i + 1 < len(lows):
            labels.append(f"{lo}–{lows[i + 1] - unit_step}{unit}")
        else:
            labels.append(f"{lo}+{unit}")
    out: dict[str, Any] = {lab: 0 for lab in labels}
    for k, p in dist.items():
        if k < 0:
            raise CountingError(N_("values must be >= 0; got {k}"), k=brief(k))
        if k < lows[0]:
            lab = "0" if k == 0 else labels[1]
            if k != 0:
                raise CountingError(N_("value {k} lies below the first bin edge {edge}"),
                                    k=brief(k), edge=brief(lows[0]))
        else:
            idx = max(i for i, lo in enumerate(lows) if k >= lo)
            lab = labels[idx + 1]
        out[lab] = out[lab] + p
    return out


Points = Mapping[int, Any] | Callable[[int], Mapping[int, Any]]
"""A turn's points distribution ``{points: probability}``, or a function of the score."""


def _points_at(points: Points, s: int) -> Mapping[int, Any]:
    return points(s) if callable(points) else points


def _check_points(points: Points, target: int) -> None:
    target = plain_int(target)  # numpy integers too
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        raise CountingError(N_("target must be a whole number from 1 to {most}; got {target}"),
                            most=MAX_TARGET, target=brief(target))
    for s in (0, target - 1):
        d = _points_at(points, s)
        if any(k < 0 for k in d) or not any(k > 0 and p > 0 for k, p in d.items()):
            raise CountingError(N_("a turn's points must be >= 0, and some turn must score"))


def turns_to_target_moments(points: Points, target: int) -> tuple[Any, Any]:
    """Exact mean and variance of the number of turns to reach ``target`` points.

    Each turn adds points drawn from ``points`` (``{points: probability}``, or
    a function of the score ``s`` at the start of the turn giving that
    distribution), independently of the past.  With ``E(s)`` and ``F(s)`` the
    first two moments from score ``s`` (0 once ``s >= target``), a turn
    scoring 0 stays at ``s``::

        E(s) = (1 + sum_{k>0} p_k E(s+k)) / (1 - p_0)
        F(s) = (p_0 (1 + 2 E(s)) + sum_{k>0} p_k (1 + 2 E(s+k) + F(s+k))) / (1 - p_0)

    Fractions in, Fractions out.

    >>> turns_to_target_moments({0: Fraction(1, 2), 1: Fraction(1, 2)}, 1)  # geometric
    (Fraction(2, 1), Fraction(2, 1))
    >>> turns_to_target_moments({1: Fraction(1)}, 3)
    (Fraction(3, 1), Fraction(0, 1))
    """
    _check_points(points, target)
    E: dict[int, Any] = {}
    F: dict[int, Any] = {}
    for s in range(target - 1, -1, -1):
        d = _points_at(points, s)
        p0 = d.get(0, 0)
        e = 1 + sum(p * E.get(s + k, 0) for k, p in d.items() if k > 0)
        E[s] = e / (1 - p0)
        f = p0 * (1 + 2 * E[s]) + sum(
            p * (1 + 2 * E.get(s + k, 0) + F.get(s + k, 0)) for k, p in d.items() if k > 0
        )
        F[s] = f / (1 - p0)
    return E[0], F[0] - E[0] ** 2


def turns_to_target_distribution(points: Points, target: int, max_turns: int = 200) -> np.ndarray:
    """``P[t]``: probability that reaching ``target`` takes exactly ``t`` turns (floats).

    ``points`` as in :func:`turns_to_target_moments`.  ``P[0] = 0``; the mass
    beyond ``max_turns`` is ``1 - P.sum()``.

    >>> P = turns_to_target_distribution({0: 0.5, 1: 0.5}, 1, 5)
    >>> P.tolist()
    [0.0, 0.5, 0.25, 0.125, 0.0625, 0.03125]
    """
    import numpy as np

    _check_points(points, target)
    max_turns = plain_int(max_turns)  # numpy integers too
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not (
        0 <= max_turns <= MAX_TURNS
    ):
        raise CountingError(N_("max_turns must be a whole number from 0 to {most}; got {n}"),
                            most=MAX_TURNS, n=brief(max_turns))
    # move[s, s'] for s < target; column `target` collects every finish
    move = np.zeros((target, target + 1))
    for s in range(target):
        for k, p in _points_at(points, s).items():
            move[s, min(s + k, target)] += float(p)
    at = np.zeros(target)
    at[0] = 1.0
    out = np.zeros(max_turns + 1)
    for t in range(1, max_turns + 1):
        nxt = at @ move
        out[t] = nxt[target]
        at = nxt[:target]
    return out


__all__ = [
    "FIGURES",
    "STRATEGIES",
    "Convergence",
    "CountingError",
    "MarkovChain",
    "Strategy",
    "bin_distribution",
    "check_dice_count",
    "convergence",
    "figure_count",
    "figure_event",
    "figure_key",
    "figure_probability",
    "figure_table",
    "final_values",
    "keep_most_common",
    "most_common_chain",
    "multinomial_explained",
    "multinomial_probability",
    "optimal_strategy",
    "outcome_counts",
    "p_within",
    "p_within_table",
    "reroll_all",
    "running_frequency",
    "simulate_event",
    "strategy_named",
    "suite_length",
    "turns_to_target_distribution",
    "turns_to_target_moments",
]
