"""dicelab.counting against brute force over ordered rolls."""

import functools
import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from dicelab import DicelabError
from dicelab.analysis.counting import (
    FIGURES,
    CountingError,
    convergence,
    figure_count,
    figure_event,
    figure_probability,
    figure_table,
    keep_most_common,
    most_common_chain,
    multinomial_probability,
    outcome_counts,
    p_within,
    p_within_table,
    running_frequency,
    simulate_event,
)
from dicelab.core.dice import ordered_rolls
from dicelab.core.figures import of_a_kind
from dicelab.engine.reroll import solve_turn


def brute_figure(figure, n):
    event = figure_event(figure, n)
    hits = sum(1 for r in ordered_rolls(n) if event(tuple(sorted(r))))
    return Fraction(hits, 6**n)


def brute_by_hand(figure, n):
    """The figure tested directly on the ordered roll, without dicelab.figures."""
    c = Counter()
    for r in ordered_rolls(n):
        alike = max(Counter(r).values())
        faces = set(r)
        run = 4 if n == 4 else 5
        suite = any(set(range(s, s + run)) <= faces for s in range(1, 8 - run))
        c["brelan"] += alike >= 3
        c["carré"] += alike >= 4
        c["quinté"] += alike >= 5
        c["suite"] += suite
    return {f: Fraction(c[f], 6**n) for f in FIGURES}


@pytest.mark.parametrize("n", [4, 5])
def test_figures_match_brute_force(n):
    brute = brute_by_hand(None, n)
    for f in FIGURES:
        assert figure_probability(f, n) == brute[f]
        assert figure_probability(f, n) == brute_figure(f, n)


def test_figures_with_seven_dice_by_hand():
    brute = brute_by_hand(None, 7)
    assert figure_table((7,)) == {f: {7: brute[f]} for f in FIGURES}


def test_known_values():
    assert figure_probability("brelan", 5) == Fraction(23, 108)
    assert figure_probability("quinté", 5) == Fraction(6, 7776)
    assert figure_probability("suite", 5) == Fraction(240, 7776)
    assert figure_probability("suite", 4) == Fraction(3 * 24, 1296)
    assert figure_probability("quinté", 4) == 0
    # multisets: 30 carrés (face, other face) + 6 quintés; ordered: 6*5*5 carrés + 6 quintés
    assert figure_count("carré", 5) == (30 + 6, 6 * 5 * 5 + 6)


def test_outcome_counts_and_multinomial():
    for n in (1, 4, 5, 7):
        ordered, sets = outcome_counts(n)
        assert ordered == 6**n
        assert sets == len({tuple(sorted(r)) for r in ordered_rolls(n)})
    brute = Counter(tuple(sorted(r)) for r in ordered_rolls(4))
    for m, w in brute.items():
        assert multinomial_probability(m) == Fraction(w, 6**4)
    assert multinomial_probability((3, 1, 1)) == Fraction(3, 216)


def test_bad_input_raises_named_errors():
    with pytest.raises(CountingError, match="unknown figure 'full'"):
        figure_probability("full", 5)
    with pytest.raises(DicelabError, match="number of dice"):
        figure_probability("brelan", 0)
    with pytest.raises(ValueError, match="number of dice"):
        figure_event("suite", 3)
    with pytest.raises(CountingError, match="unknown strategy"):
        p_within("brelan", 5, 2, "keep sixes")
    with pytest.raises(CountingError, match="number of rolls"):
        p_within("brelan", 5, 0)
    with pytest.raises(CountingError, match="simulated rolls"):
        simulate_event("brelan", 5, 0)


def test_simulation_is_seeded_and_consistent():
    a = simulate_event("brelan", 5, 5000, seed=3)
    b = simulate_event("brelan", 5, 5000, seed=3)
    assert np.array_equal(a, b)
    # each simulated roll is classified like the exact rule would: re-roll the same dice
    rng = np.random.default_rng(3)
    dice = rng.integers(1, 7, size=(5000, 5))
    expected = np.array([of_a_kind(d.tolist()) >= 3 for d in dice])
    assert np.array_equal(a, expected)


@pytest.mark.parametrize("figure,n", [("brelan", 5), ("suite", 7), ("carré", 4)])
def test_simulation_agrees_with_exact(figure, n):
    c = convergence(figure, n, 200_000, seed=11)
    se = c.standard_error()[-1]
    assert abs(c.final - float(c.exact)) < 4 * se
    assert c.frequency.shape == (200_000,)
    assert c.within(4.0) > 0.9


def test_running_frequency():
    assert running_frequency([0, 1, 1, 0]).tolist() == [0.0, 0.5, 2 / 3, 0.5]


def brute_p_within(figure, n, rolls, strategy):
    """Brute force over ordered rolls: every roll of the dice not kept, in order."""
    event = figure_event(figure, n)

    def value(dice, left):
        return _value(tuple(sorted(dice)), left)

    @functools.cache
    def _value(dice, left):
        if event(dice):
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        keep = tuple(sorted(strategy(dice, left)))
        m = n - len(keep)
        total = sum(value(keep + r, left - 1) for r in itertools.product(range(1, 7), repeat=m))
        return total / 6**m

    return sum(value(r, rolls - 1) for r in ordered_rolls(n)) / 6**n


@pytest.mark.parametrize("figure", ["brelan", "carré", "suite"])
def test_p_within_matches_brute_force_four_dice(figure):
    for strat in (keep_most_common, lambda d, k: ()):
        assert p_within(figure, 4, 2, strat) == brute_p_within(figure, 4, 2, strat)


def test_optimal_matches_solve_turn_and_dominates():
    for figure in FIGURES:
        table = p_within_table(figure, 5)
        for k in (1, 2, 3):
            final = np.array([float(figure_event(figure, 5)(m)) for m in _ms(5)])
            assert float(table["optimal"][k]) == pytest.approx(
                float(solve_turn(5, final, rolls=k).start), abs=1e-12
            )
            for s in table:
                assert table[s][k] <= table["optimal"][k]
            if k > 1:  # another roll never hurts
                assert table["optimal"][k] >= table["optimal"][k - 1]
        assert table["reroll all"][2] == 1 - (1 - table["reroll all"][1]) ** 2
    # the documented engine value: a brelan within 3 rolls of 5 dice
    assert round(float(p_within("brelan", 5, 3)), 4) == 0.7432
    # keeping the most common face is optimal for a brelan, far from it for a suite
    assert p_within("brelan", 5, 3, "most common face") == p_within("brelan", 5, 3)
    assert p_within("suite", 5, 3, "most common face") < p_within("suite", 5, 3) / 2


def _ms(n):
    from dicelab.core.dice import multisets

    return multisets(n)


def test_markov_chain():
    chain = most_common_chain(5)
    for row in chain.matrix:
        assert sum(row) == 1
        assert all(p >= 0 for p in row)
    # never goes down
    for i, row in enumerate(chain.matrix):
        assert all(p == 0 for p in row[:i])
    assert sum(chain.initial) == 1
    # initial: of-a-kind distribution of one roll, by brute force
    brute = Counter(of_a_kind(r) for r in ordered_rolls(5))
    assert chain.initial == tuple(Fraction(brute[s], 6**5) for s in range(1, 6))
    # from a pair, rolling 3 dice: no match and no brelan among them keeps the pair
    stay = Counter(
        max(2 + r.count(6), of_a_kind(r)) for r in itertools.product(range(1, 7), repeat=3)
    )
    assert chain.matrix[1] == tuple(Fraction(stay[s], 216) for s in range(1, 6))
    # the chain agrees with the exact strategy evaluation
    for k in (1, 2, 3):
        for at_least, figure in ((3, "brelan"), (4, "carré"), (5, "quinté")):
            assert chain.p_at_least(at_least, k) == p_within(figure, 5, k, "most common face")
    with pytest.raises(CountingError):
        chain.distribution(0)


def test_expected_rolls_matches_the_tail_sum():
    chain = most_common_chain(5)
    m = np.array(chain.float_matrix())
    for k in (3, 4, 5):
        # E[T] = sum over r >= 0 of P(T > r); P(T > 0) = 1
        dist, tail = np.array([float(p) for p in chain.initial]), 1.0
        for _ in range(600):
            tail += dist[: k - 1].sum()
            dist = dist @ m
        assert float(chain.expected_rolls(k)) == pytest.approx(tail, rel=1e-9)
    assert chain.expected_rolls(1) == 1
    with pytest.raises(CountingError):
        chain.expected_rolls(6)


def test_bin_distribution_keeps_the_mass():
    from dicelab.analysis.counting import bin_distribution

    d = {0: Fraction(1, 3), 50: Fraction(1, 6), 250: Fraction(1, 6), 1000: Fraction(1, 3)}
    b = bin_distribution(d, [50, 250, 500])
    assert b == {"0": Fraction(1, 3), "50–200": Fraction(1, 6), "250–450": Fraction(1, 6),
                 "500+": Fraction(1, 3)}
    with pytest.raises(CountingError):
        bin_distribution({10: 1}, [50])


def test_turns_to_target_moments_against_distribution_and_simulation():
    from dicelab.analysis.counting import turns_to_target_distribution, turns_to_target_moments

    points = {0: Fraction(2, 5), 1: Fraction(1, 5), 3: Fraction(1, 5), 7: Fraction(1, 5)}
    target = 12
    mean, var = turns_to_target_moments(points, target)
    assert isinstance(mean, Fraction) and isinstance(var, Fraction)
    P = turns_to_target_distribution(points, target, 400)
    t = np.arange(len(P))
    assert P.sum() == pytest.approx(1.0, abs=1e-12)
    assert float(mean) == pytest.approx(float((t * P).sum()), rel=1e-10)
    assert float(var) == pytest.approx(float((t**2 * P).sum()) - float(mean) ** 2, rel=1e-9)
    # brute force: play the turns with a seeded generator
    rng = np.random.default_rng(5)
    values, probs = zip(*points.items())
    probs = [float(p) for p in probs]
    games = []
    for _ in range(4000):
        s = n = 0
        while s < target:
            s += values[rng.choice(len(values), p=probs)]
            n += 1
        games.append(n)
    se = (float(var) / len(games)) ** 0.5
    assert abs(np.mean(games) - float(mean)) < 4 * se
    with pytest.raises(CountingError):
        turns_to_target_moments({0: Fraction(1)}, 5)
    with pytest.raises(CountingError):
        turns_to_target_moments(points, 0)


def test_seveny_bank_at_matches_the_policy_in_simulation():
    from dicelab.analysis.counting import turns_to_target_moments
    from dicelab.analysis.policies import bank_at
    from dicelab.analysis.simulate import simulate
    from dicelab.engine.seveny.solo import bank_at_law
    from dicelab.games import seveny

    target = 8
    mean, var = turns_to_target_moments(bank_at_law(4, target), target)
    r = simulate("seveny", rules=seveny.Rules(target=target), policy=bank_at(4), games=1500,
                 seed=21)
    se = (float(var) / r.games) ** 0.5
    assert abs(r.mean_turns - float(mean)) < 4 * se
    assert r.turns.var(ddof=1) == pytest.approx(float(var), rel=0.25)
