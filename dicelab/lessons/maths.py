"""The numbers the lessons state, each computed by the package (counting, the engines and
the games' own rule functions).

>>> brelan_exactly_three(5)
Fraction(125, 648)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from dicelab.analysis.counting import figure_probability, outcome_counts
from dicelab.core.dice import multisets, probability, ways
from dicelab.core.errors import DicelabError, brief
from dicelab.core.figures import of_a_kind
from dicelab.core.i18n import N_
from dicelab.lessons.base import (
    CHART_ANSWERS as CHART_ANSWERS,
)
from dicelab.lessons.base import Pct, standard_error
from dicelab.lessons.base import (
    show as show,
)

# ------------------------------------------------------------------ computations (pure)


def brelan_exactly_three(n: int) -> Fraction:
    """P(exactly three dice alike, no more) among ``n`` dice (the most common face shows 3 times).

    >>> brelan_exactly_three(4)
    Fraction(5, 54)
    """
    return probability(n, lambda d: of_a_kind(d) == 3)


def five_dice_fields() -> dict[str, Any]:
    """Lesson 02's worked counts with five dice, each checked against the games' rules
    (:func:`~dicelab.analysis.counting.figure_count`): the value repeated (6 choices) shows
    on exactly 3, 4 or 5 dice; a carré, a suite, and the two together (never both at once).

    >>> f = five_dice_fields(); f["b3"], f["b4"], f["brelan"], f["carre"], f["suite"], f["p"]
    (250, 25, 1656, 156, 240, Fraction(11, 216))
    >>> f is not five_dice_fields()  # computed once, a fresh dict each call
    True
    """
    return dict(_five_dice_fields())


@cache
def _five_dice_fields() -> dict[str, Any]:
    from dicelab.analysis.counting import figure_count, figure_event

    b3, b4 = math.comb(5, 3) * 5**2, math.comb(5, 4) * 5
    carre, suite = figure_count("carré", 5)[1], figure_count("suite", 5)[1]
    c, s = figure_event("carré", 5), figure_event("suite", 5)
    p = probability(5, lambda d: c(d) or s(d))
    if (6 * (b3 + b4 + 1) != figure_count("brelan", 5)[1] or carre != 6 * (b4 + 1)
            or probability(5, lambda d: c(d) and s(d)) or p != Fraction(carre + suite, 6**5)):
        raise DicelabError("lesson 02's counts disagree with the figures' rules")
    den = math.lcm(Fraction(carre, 6**5).denominator, Fraction(suite, 6**5).denominator)
    return {"c3": math.comb(5, 3), "b3": b3, "c4": math.comb(5, 4), "b4": b4,
            "per": b3 + b4 + 1, "brelan": 6 * (b3 + b4 + 1), "all": 6**5,
            "pb": Pct(figure_probability("brelan", 5)), "pfrac": figure_probability("brelan", 5),
            "per_c": b4 + 1, "carre": carre, "suite": suite, "fact": math.factorial(5),
            "a": f"{carre * den // 6**5}/{den}", "b": f"{suite * den // 6**5}/{den}",
            "s": f"{(carre + suite) * den // 6**5}/{den}", "p": p}


def ordered_vs_multisets(max_dice: int = 7) -> list[tuple[int, int, int]]:
    """``(n, 6**n, number of multisets)`` for 1..max_dice dice.

    >>> ordered_vs_multisets(2)
    [(1, 6, 6), (2, 36, 21)]
    """
    return [(n, *outcome_counts(n)) for n in range(1, max_dice + 1)]


def at_least_one(face_test: Callable[[int], bool], k: int) -> Fraction:
    """P(at least one of ``k`` dice passes ``face_test``), counted over multisets.

    >>> at_least_one(lambda f: f == 1, 2)
    Fraction(11, 36)
    """
    return probability(k, lambda d: any(face_test(f) for f in d))


def complement_formula(p: Any, k: int) -> Fraction:
    """``1 - (1 - p)**k`` (the complement rule for independent tries).

    >>> complement_formula(Fraction(1, 6), 2)
    Fraction(11, 36)
    """
    return 1 - (1 - Fraction(p)) ** k


def first_k_more_likely_than_not(p: Any) -> int:
    """The fewest dice for which 'at least one success' is more likely than not.

    >>> first_k_more_likely_than_not(Fraction(1, 6))
    4
    """
    return next(k for k in range(1, 100) if complement_formula(p, k) > Fraction(1, 2))


def count_distribution(n: int, face_test: Callable[[int], bool]) -> list[Fraction]:
    """``P(X = j)`` for ``X`` = number of the ``n`` dice passing ``face_test``, counted exactly.

    >>> count_distribution(2, lambda f: f == 1)
    [Fraction(25, 36), Fraction(5, 18), Fraction(1, 36)]
    """
    return [probability(n, lambda d, j=j: sum(face_test(f) for f in d) == j)
            for j in range(n + 1)]


def binomial_pmf(n: int, p: Any) -> list[Fraction]:
    """The binomial law B(n, p): ``C(n, j) p^j (1-p)^(n-j)``.

    >>> binomial_pmf(2, Fraction(1, 6)) == count_distribution(2, lambda f: f == 1)
    True
    """
    p = Fraction(p)
    return [math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)]


def cinqmille_die_points() -> dict[int, Fraction]:
    """Distribution of X = the points one die can be set aside for in 5000 (0 if it does not
    score), from the game's own ``scoring_options``.

    >>> cinqmille_die_points()
    {0: Fraction(2, 3), 50: Fraction(1, 6), 100: Fraction(1, 6)}
    """
    from dicelab.games import cinqmille

    dist: dict[int, Fraction] = {}
    for (face,) in multisets(1):
        opts = cinqmille.scoring_options((face,))
        pts = max((p for _k, p in opts), default=0)
        dist[pts] = dist.get(pts, Fraction(0)) + Fraction(1, 6)
    return dict(sorted(dist.items()))


def cinqmille_best_points(n: int) -> Fraction:
    """E(Y), Y = the most points that ``n`` rolled dice can be set aside for in 5000.

    >>> cinqmille_best_points(2)
    Fraction(50, 1)
    """
    from dicelab.games import cinqmille

    total = Fraction(0)
    for roll in multisets(n):
        pts = max((p for _k, p in cinqmille.scoring_options(roll)), default=0)
        total += Fraction(ways(roll), 6**n) * pts
    return total


def expectation(dist: dict[int, Any]) -> Any:
    """``E(X) = sum x P(X = x)``."""
    return sum(x * p for x, p in dist.items())


def variance(dist: dict[int, Any]) -> Any:
    """``V(X) = E(X^2) - E(X)^2``."""
    m = expectation(dist)
    return sum(x * x * p for x, p in dist.items()) - m * m


def cinqmille_last_die(held: int = 300) -> dict[int, tuple[int, bool]]:
    """Lesson 08's situation played through 5000's own rules: after opening, the turn holds
    ``held`` points with four dice set aside, and the last die is rolled.  For each face:
    (change of the turn's points just after that roll, whether banking is then allowed).

    A scoring face fills the hand (*main pleine*, ruling F4): the die must be set aside and
    all five dice rolled again, banking is refused; any other face busts and loses the turn.

    >>> cinqmille_last_die(300)[1], cinqmille_last_die(300)[2]
    ((100, False), (-300, False))
    """
    from dataclasses import replace

    from dicelab.games import cinqmille as game
    from dicelab.games._base import Bank, Roll

    start = replace(game.new_state(game.Rules()), opened=(True,), scores=(1000,),
                    aside=(1, 1, 5, 5), groups=((1, 1), (5, 5)), turn_points=held,
                    phase="rolling", to_roll=1)
    out: dict[int, tuple[int, bool]] = {}
    for face in range(1, 7):
        state, _events = game.roll_outcome(start, (face,))
        if state.phase != "choose":  # the turn ended: the held points are lost
            out[face] = (-held, False)
            continue
        actions = game.legal_actions(state)
        can_bank = any(isinstance(a, Bank) for a in actions)
        after, _events = game.step(state, next(a for a in actions if isinstance(a, Roll)))
        out[face] = (after.turn_points - held, can_bank)
    return out


def cinqmille_one_die_gamble(held: int) -> Fraction:
    """Expected change of the turn's points just after rolling the last die, ``held`` points
    at stake (:func:`cinqmille_last_die`; a scoring die means five dice to roll again).

    >>> cinqmille_one_die_gamble(300)
    Fraction(-175, 1)
    """
    return sum((Fraction(change, 6) for change, _bank in cinqmille_last_die(held).values()),
               Fraction(0))


# Seveny: "bank at N" against optimal play
SEVENY_THRESHOLDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)


@cache
def seveny_rule_points(threshold: int) -> tuple[Fraction, Fraction]:
    """(expected points of one turn, P(turn scores 0)) under Seveny's 'bank at N' rule."""
    from dicelab.engine.seveny.solo import turn_points_distribution

    d = turn_points_distribution(threshold)
    return expectation(d), d.get(0, Fraction(0))


def seveny_best_threshold() -> int:
    """The threshold of :data:`SEVENY_THRESHOLDS` with the most points per turn.

    >>> seveny_best_threshold()
    4
    """
    return max(SEVENY_THRESHOLDS, key=lambda t: seveny_rule_points(t)[0])


@cache
def seveny_optimal_points() -> float:
    """Expected points of one Seveny turn played to maximise them (the exact engine)."""
    from dicelab.engine.seveny.solo import expected_turn_points

    return float(expected_turn_points())


#: Lesson 11's end position: five 1s set aside (5 points), two dice left.
SEVENY_END_HAND: tuple[int, ...] = (1, 1, 1, 1, 1)


@cache
def seveny_end_value(hand: tuple[int, ...] = SEVENY_END_HAND) -> Fraction:
    """Best expected points of a Seveny cycle's end, dice already set aside in ``hand``
    (the cycle's points only), when the turn ends once the seventh die is set aside:
    the larger of banking now and :func:`seveny_end_roll` (solved backwards).

    >>> seveny_end_value((1, 1, 1, 1, 1, 1))  # one die left: bank the 6 points
    Fraction(6, 1)
    """
    from dicelab.core.dice import sort_dice
    from dicelab.games import seveny

    h = seveny.check_hand(hand) if len(hand) < seveny.DICE else sort_dice(hand)
    points = Fraction(seveny.score(h))
    if len(h) == seveny.DICE:
        return points
    return max(points, seveny_end_roll(h))


@cache
def seveny_end_cases(hand: tuple[int, ...] = SEVENY_END_HAND) -> dict[Fraction, int]:
    """Rolling the dice left after ``hand`` (:func:`seveny_end_value`'s end position): for
    each value reached by the best set-aside, its number of ordered rolls (0: the turn is
    lost).  The legal set-asides and the points are Seveny's own (:func:`~dicelab.games.
    seveny.settable`, :func:`~dicelab.games.seveny.score`).

    >>> {int(v): n for v, n in seveny_end_cases().items()}
    {0: 16, 5: 9, 6: 10, 7: 1}
    >>> seveny_end_cases((1, 1, 1, 1, 1, 1))
    {Fraction(0, 1): 4, Fraction(6, 1): 1, Fraction(7, 1): 1}
    """
    from dicelab.core.dice import sort_dice
    from dicelab.games import seveny

    h = seveny.check_hand(hand)
    out: dict[Fraction, int] = {}
    for roll in multisets(seveny.DICE - len(h)):
        keeps = seveny.settable(h, roll)
        best = max((seveny_end_value(sort_dice(h + k)) for k in keeps), default=Fraction(0))
        out[best] = out.get(best, 0) + ways(roll)
    return dict(sorted(out.items()))


def seveny_end_roll(hand: tuple[int, ...] = SEVENY_END_HAND) -> Fraction:
    """Expected points of rolling the dice left after ``hand`` and then playing best, the
    last roll solved first (:func:`seveny_end_cases`).

    >>> seveny_end_roll(), seveny_end_roll((1, 1, 1, 1, 1, 1))
    (Fraction(28, 9), Fraction(13, 6))
    """
    cases = seveny_end_cases(hand)
    return sum((v * n for v, n in cases.items()), Fraction(0)) / sum(cases.values())


@cache
def seveny_optimal_zero() -> float:
    """P(a Seveny turn scores 0) when played for the most expected points (the exact engine's
    distribution): larger than with the best simple rule, optimal play takes risks.

    >>> round(seveny_optimal_zero(), 4), seveny_optimal_zero() > seveny_rule_points(4)[1]
    (0.3748, True)
    """
    from dicelab.engine.seveny.solo import optimal_points_distribution

    return float(optimal_points_distribution().get(0, 0.0))


@cache
def seveny_rule_turns(threshold: int) -> tuple[float, float]:
    """(mean, standard deviation) of the turns to reach Seveny's target with 'bank at N'."""
    from dicelab.analysis.counting import turns_to_target_moments
    from dicelab.engine.seveny.solo import bank_at_law
    from dicelab.games import seveny

    target = seveny.Rules().target
    m, v = turns_to_target_moments(bank_at_law(threshold, target), target)
    return float(m), math.sqrt(float(v))


@cache
def seveny_optimal_turns() -> tuple[float, float]:
    """(mean, standard deviation) of the turns to reach Seveny's target, optimal play."""
    from dicelab.engine.seveny.solo import turns_moments

    m, sd = turns_moments()
    return float(m), float(sd)


def seveny_turns_distribution(threshold: int | None, max_turns: int = 40) -> list[float]:
    """``P(T = t)`` for t = 0..max_turns: 'bank at N' (``threshold``) or optimal (``None``)."""
    from dicelab.analysis.counting import turns_to_target_distribution
    from dicelab.engine.seveny.solo import bank_at_law, turns_distribution
    from dicelab.games import seveny

    if threshold is None:
        return [float(x) for x in turns_distribution(max_turns=max_turns)]
    target = seveny.Rules().target
    return [float(x) for x in turns_to_target_distribution(bank_at_law(threshold, target),
                                                           target, max_turns)]


#: Games of the turns simulator, and the policies that fit each (thresholds in its points).
TURN_GAMES: dict[str, str] = {"seveny": "Seveny", "cinqmille": "5000"}
TURN_THRESHOLDS: dict[str, tuple[int, ...]] = {"seveny": (3, 4, 5, 6), "cinqmille": (300, 500)}
#: The numbers of games the turns simulator offers (lesson 09's plan uses the largest).
SIM_GAMES: tuple[int, ...] = (20, 50, 100, 200, 500)


def turn_policies(game: str) -> list[tuple[str, int]]:
    """The policies offered for ``game``: ``(msgid, threshold)``, 0 meaning optimal play.

    Only thresholds in the game's own points: 300 points make sense in 5000, not
    in Seveny (whose turns score a few points).

    >>> turn_policies("seveny")[:2]
    [('optimal play', 0), ('bank at {n}', 3)]
    >>> [n for _l, n in turn_policies("cinqmille")]
    [0, 300, 500]
    """
    if game not in TURN_THRESHOLDS:
        raise DicelabError("the turns simulator plays {games}; got {game}",
                           games=", ".join(TURN_GAMES), game=brief(game))
    return [(N_("optimal play"), 0)] + [(N_("bank at {n}"), n)
                                        for n in TURN_THRESHOLDS[game]]


def simulate_turns(game: str, threshold: int, games: int, seed: int) -> tuple[Any, Any, str]:
    """Simulate solo games: ``(SimResult, exact mean of that policy or None, note)``.

    Thresholds must fit the game (:func:`turn_policies`).  The exact mean is the
    policy's own (optimal play: the engine; Seveny 'bank at N': the exact
    recursion; 5000 'bank at N': the engine's exact turn matrix, each simulated turn drawn
    from it).  Seeded, so cached: the same click again answers at once.
    """
    if not all(isinstance(x, t) for x, t in ((game, str), (threshold, int), (games, int),
                                              (seed, int))):  # checked without the cache
        return _simulate_turns.__wrapped__(game, threshold, games, seed)
    return _simulate_turns(game, threshold, games, seed)


@lru_cache(maxsize=64)
def _simulate_turns(game: str, threshold: int, games: int, seed: int) -> tuple[Any, Any, str]:
    from dicelab.analysis.simulate import simulate_fast
    from dicelab.engine.cinqmille import solo as cinq_engine
    from dicelab.engine.markov import absorbing_moments

    allowed = [n for _l, n in turn_policies(game)]
    if threshold not in allowed:
        raise DicelabError("policy {n} does not fit {game}; choose one of {allowed}",
                           n=brief(threshold), game=TURN_GAMES[game],
                           allowed=", ".join(map(str, allowed)))
    if threshold == 0:
        res = simulate_fast(game, games=games, seed=seed)
        exact = (seveny_optimal_turns()[0] if game == "seveny"
                 else float(cinq_engine.expected_turns()))
        return res, exact, ""
    if game == "seveny":  # vectorised: each turn drawn from the rule's exact distribution
        res = simulate_fast(game, policy="bank_at", threshold=threshold, games=games, seed=seed)
        return res, seveny_rule_turns(threshold)[0], ""
    # 5000 "bank at N": vectorised the same way, from the engine's exact turn of that rule
    res = simulate_fast(game, policy="bank_at", threshold=threshold, games=games, seed=seed)
    P = cinq_engine.bank_at_outcome_matrix(threshold)
    return res, absorbing_moments(P, 0)[0], ""


def trwavril_figures() -> dict[str, Fraction]:
    """P(figure) of four final dice in Trwavril (the game's ``figure``: a brelan is exactly
    three alike, four alike is a carré)."""
    from dicelab.games import trwavril

    rules = trwavril.Rules()
    return {f: probability(4, lambda d, f=f: trwavril.figure(d, rules) == f)
            for f in ("carré", "brelan", "suite", "rien")}


def trwavril_card_given_figure(card: int, fig: str) -> Fraction:
    """P_B(A): A = 'card can be flipped', B = 'the four dice show figure ``fig``'.

    >>> trwavril_card_given_figure(6, "brelan")
    Fraction(1, 6)
    """
    from dicelab.games import trwavril

    rules = trwavril.Rules()
    both = probability(4, lambda d: trwavril.figure(d, rules) == fig
                       and card in trwavril.flippable(d, rules))
    return both / trwavril_figures()[fig]


#: Lesson 06's position: cards 1–5 barred and this many parapluies (the medium level), where
#: the brelan of 5 is worse than a miss (with 2 parapluies a miss was slightly worse).
FLIP_PARAPLUIES = 3


def trwavril_flip_change(card: int = 5) -> tuple[float, float]:
    """Lesson 06's position (cards 1–5 barred, :data:`FLIP_PARAPLUIES` parapluies): P(win)
    before and after flipping ``card`` (exact).

    >>> [round(p, 3) for p in trwavril_flip_change()]
    [0.658, 0.483]
    """
    from dicelab.engine import trwavril

    e = trwavril.flip_effect((1, 2, 3, 4, 5), card, parapluies=FLIP_PARAPLUIES)
    return float(e.before), float(e.after)


def trwavril_flip_miss(card: int = 5) -> float:
    """Lesson 06's position (cards 1–5 barred, :data:`FLIP_PARAPLUIES` parapluies): P(win)
    after a miss instead of the brelan of ``card``: the cards stay as they are, one
    parapluie is turned (exact).

    >>> round(trwavril_flip_miss(), 3)
    0.515
    """
    from dicelab.engine import trwavril

    e = trwavril.flip_effect((1, 2, 3, 4, 5), card, parapluies=FLIP_PARAPLUIES)
    return float(trwavril.start_value(e.barred_before, FLIP_PARAPLUIES - 1))


def trwavril_figures_with(card: int = 6) -> dict[str, tuple[str, ...]]:
    """The figures of four dice behind lesson 06's chart, as the dice read (``"3456"``):
    ``suites`` (every suite), ``suites_with`` (those that contain ``card``), ``carres`` (the
    carrés that can flip ``card``), from the game's own rule functions.

    >>> trwavril_figures_with(6)
    {'suites': ('1234', '2345', '3456'), 'suites_with': ('3456',), 'carres': ('5555', '6666')}
    """
    from itertools import combinations

    from dicelab.games import trwavril

    rules = trwavril.Rules()
    suites = tuple("".join(map(str, d)) for d in combinations(range(1, 7), 4)
                   if trwavril.figure(d, rules) == "suite")
    return {"suites": suites,
            "suites_with": tuple(s for s in suites if str(card) in s),
            "carres": tuple(str(v) * 4 for v in range(1, 7)
                            if card in trwavril.flippable((v,) * 4, rules))}


def seveny_bell(threshold: int = 4) -> dict[str, Any]:
    """Lesson 09's bell: a game must end within k turns.  ``first``: the smallest k for which
    'bank at ``threshold``' finishes in time more often than optimal play (fewest turns);
    ``within``: P(T ≤ mid) for both (``rule``, ``optimal``), ``mid`` the whole part of the
    rule's E(T); ``over``: P(T > first) for both.  Exact distributions.

    >>> b = seveny_bell()
    >>> b["first"], b["mid"], round(b["within"][0], 3), round(b["within"][1], 3)
    (17, 12, 0.44, 0.75)
    """
    from itertools import accumulate

    rule = list(accumulate(seveny_turns_distribution(threshold)))
    opt = list(accumulate(seveny_turns_distribution(None)))
    # the rule is ahead from ``first`` on, optimal play (or a tie) before it
    first = 1 + max(k for k in range(len(rule)) if opt[k] >= rule[k])
    mid = int(seveny_rule_turns(threshold)[0])
    return {"first": first, "mid": mid, "within": (rule[mid], opt[mid]),
            "over": (1 - rule[first], 1 - opt[first])}


def markov_arrays() -> tuple[Any, Any]:
    """Lesson 10's chain for its student cell: the row π₁ (the state after the first roll)
    and the transition matrix M, as numpy arrays of floats (``pi1 @ M`` is π₂).

    >>> pi1, M = markov_arrays()
    >>> (pi1 @ M).round(4).tolist()
    [0.0086, 0.4501, 0.409, 0.1197, 0.0126]
    """
    import numpy as np

    from dicelab.analysis.counting import most_common_chain

    chain = most_common_chain(5)
    return (np.array([float(p) for p in chain.initial]),
            np.array([[float(p) for p in row] for row in chain.matrix]))


#: Lesson 03's last exercise: the band's half-width 2σₙ the class wants (its text says 0.05),
#: and the rolls of one group, those of the worksheet's tally grid
#: (:data:`dicelab.lessons.plans.EXPERIMENT_ROLLS`; a test checks that they agree).
BAND_GOAL = 0.05
BAND_GROUP_ROLLS = 20


#: Lesson 03's first exercise: σₙ after this many rolls, which the simulator does not offer
#: (its caption states σₙ for each number of rolls it offers).
SE_ROLLS = 2_500


def groups_for_band(goal: float) -> int:
    """The fewest groups of the worksheet's rolls whose pooled band p ± 2σₙ has a half-width
    of at most ``goal`` (lesson 03's last exercise).

    >>> groups_for_band(0.05)
    14
    """
    rolls, p = BAND_GROUP_ROLLS, figure_probability("brelan", 5)
    g = 1
    while 2 * standard_error(p, rolls * g) > goal:
        g += 1
    return g


def band_fields(goal: float) -> dict[str, Any]:
    """The numbers of lesson 03's last worked answer: n ≥ 4p(1 − p)/goal², the groups and
    their band, and the band of one group fewer."""
    rolls, p = BAND_GROUP_ROLLS, float(figure_probability("brelan", 5))
    g = groups_for_band(goal)
    n = 4 * p * (1 - p) / goal**2
    return {"p": p, "q": 1 - p, "n": n, "per": rolls, "gmin": n / rolls, "g": g,
            "rolls": rolls * g,
            "w": 2 * standard_error(p, rolls * g), "g1": g - 1, "rolls1": rolls * (g - 1),
            "w1": 2 * standard_error(p, rolls * (g - 1))}


def stars_and_bars(dice: tuple[int, ...], faces: int = 6) -> str:
    """A multiset of dice in stars and bars (lesson 01): one star per die, a bar between two
    consecutive values, so ``faces − 1`` bars.

    >>> stars_and_bars((2, 2, 4, 4, 4))
    '| ★★ | | ★★★ | |'
    """
    return " | ".join("★" * dice.count(v) for v in range(1, faces + 1)).replace("  ", " ").strip()


def fraction_text(x: Fraction) -> str:
    """A fraction as a school writes it: ``5/324``.

    >>> fraction_text(Fraction(120, 7776))
    '5/324'
    """
    return f"{x.numerator}/{x.denominator}"
