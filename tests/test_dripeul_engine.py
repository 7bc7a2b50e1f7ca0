"""Dripeul 5 exact engine: against exact Fractions and a plain-recursion oracle, monotonicity,
advice shape, and a Monte Carlo check of the headline number."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from dicelab import DicelabError, InvalidDice
from dicelab.core.dice import multisets, sub_multisets
from dicelab.engine.dripeul import (
    advise,
    advise_resolution,
    advise_state,
    game_win_probability,
    start_value,
    win_probability,
)
from dicelab.engine.dripeul import solo as E
from dicelab.games.dripeul import (
    SQUARES,
    Game,
    Resolve,
    Roll,
    Rules,
    Stop,
    legal_actions,
    resolutions,
)

VARIANTS = [Rules(reroll_set_aside=a, straight_bonus=b, last_six=c)
            for a, b, c in itertools.product((True, False), repeat=3)]
MASKS = range(1, 64)


def test_headline_numbers_default():
    got = [win_probability(Rules(level=lv)) for lv in (4, 3, 2, 1, 0)]
    assert got == pytest.approx([0.6778237017, 0.5373836704, 0.3710781273, 0.2012791415,
                                 0.0655876586], abs=1e-9)
    assert game_win_probability(Rules(level=3)) == pytest.approx(got[1] ** 3)
    assert game_win_probability(Rules(level=3, manches=1)) == pytest.approx(got[1])


@pytest.mark.parametrize("rules", [Rules(), Rules(straight_bonus=True, last_six=True),
                                   Rules(reroll_set_aside=False)], ids=repr)
@pytest.mark.parametrize("tokens", [SQUARES, (6,), (1, 3, 4)])
def test_p_turn_matches_exact_fractions(rules, tokens):
    exact = E.p_turn_exact(tokens, rules)
    assert E.p_turn_start(tokens, rules) == pytest.approx(float(exact), abs=1e-13)


def test_p_turn_known_value():
    # full board: any three alike removes a token, so p_turn is P(three alike within three
    # rolls, keeping the most common face), the figure of reroll.solve_turn's doctest
    assert E.p_turn_exact(SQUARES) == Fraction(234053, 314928)
    assert float(Fraction(234053, 314928)) == pytest.approx(0.7432, abs=1e-4)


def test_one_token_closed_form():
    # one token left: every turn is an independent try, V = 1 - (1 - p)^(t + 1)
    for rules, squares in ((Rules(), SQUARES), (Rules(last_six=True), (1, 6)),
                           (Rules(reroll_set_aside=False), (4,))):
        tab = E.table(rules)
        for v in squares:
            p = float(E.p_turn_exact((v,), rules))
            for t in range(5):
                assert tab.V[E.mask_of((v,)), t] == pytest.approx(1 - (1 - p) ** (t + 1),
                                                                  abs=1e-13)


def test_table_matches_plain_recursion():
    # every board with at most two tokens, default rules (the acyclic wavefront solve)
    ref = E.reference_table(Rules(), max_tokens=2)
    tab = E.table(Rules())
    assert len(ref) == 22 * 5
    for (m, t), v in ref.items():
        assert tab.V[m, t] == pytest.approx(v, abs=1e-12)


def test_bonus_table_matches_plain_recursion():
    # the cyclic boards (suite bonus) of one single-token mask, swept to their fixed point
    rules = Rules(straight_bonus=True, last_six=True)
    m = E.mask_of((2,))
    ref = E.reference_table(rules, masks=[m])
    tab = E.table(rules)
    for t in range(5):
        assert tab.V[m, t] == pytest.approx(ref[(m, t)], abs=1e-12)


def test_fixed_point_with_bonus():
    # the solved values satisfy the Bellman equation of the cyclic boards
    for rules in (Rules(straight_bonus=True), Rules(straight_bonus=True, reroll_set_aside=False)):
        tab = E.table(rules)
        opt = E.options(E._key(rules))
        vext = np.append(tab.V.ravel(), 0.0)
        final = E._finals(opt, vext, np.arange(E.BOARDS))
        solver = E.solve_turn if rules.reroll_set_aside else E.solve_turn_locked
        again = solver(5, final, 3).start.reshape(64, 5)
        assert np.abs(again[1:] - tab.V[1:]).max() < 1e-12
        assert tab.iterations > 0


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_monotone(rules):
    V = E.table(rules).V
    np.testing.assert_allclose(V[0], 1.0, rtol=0, atol=1e-12)
    assert np.all(np.diff(V, axis=1) >= -1e-15)  # an easier level never lowers p_win
    for m in MASKS:
        for v in SQUARES:  # one token fewer never lowers it
            if m >> (v - 1) & 1:
                assert np.all(V[m & ~(1 << (v - 1))] >= V[m] - 1e-15)
    pt = E.table(rules).p_turn
    assert np.all(pt.W[2] >= pt.W[1] - 1e-15) and np.all(pt.W[1] >= pt.W[0] - 1e-15)
    assert np.all(pt.Q[2] >= pt.Q[1] - 1e-15)  # more rolls never lower p_turn
    assert np.all((V >= -1e-15) & (V <= 1 + 1e-12))


def test_variants_compare():
    base = E.table(Rules()).V
    assert np.all(E.table(Rules(straight_bonus=True)).V >= base - 1e-13)
    assert np.all(E.table(Rules(last_six=True)).V >= base - 1e-13)
    assert np.all(E.table(Rules(reroll_set_aside=False)).V <= base + 1e-13)
    full = E.FULL
    assert E.table(Rules(straight_bonus=True)).V[full, 0] > base[full, 0] + 0.01
    # last_six only changes boards whose single token is not 6
    ls = E.table(Rules(last_six=True)).V
    assert ls[E.mask_of((6,)), 2] == pytest.approx(base[E.mask_of((6,)), 2], abs=1e-15)
    assert ls[E.mask_of((1,)), 2] > base[E.mask_of((1,)), 2]


def _keep_count(dice, locked=()):
    from dicelab.core.dice import is_sub_multiset

    return sum(1 for k in sub_multisets(dice) if is_sub_multiset(locked, k))


@pytest.mark.parametrize("rules", [Rules(), Rules(straight_bonus=True, last_six=True)])
def test_advise_shape_and_consistency(rules):
    rng = random.Random(1)
    tab = E.table(rules)
    for _ in range(60):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        tokens = tuple(v for v in SQUARES if rng.random() < 0.6) or (3,)
        level = rng.randint(0, 4)
        rolls_left = rng.randint(0, 2)
        a = advise(dice, rolls_left=rolls_left, tokens=tokens, level=level, rules=rules)
        if rolls_left == 0:
            assert [c.action for c in a] == [Stop()]
        else:
            assert len(a) == _keep_count(dice)
            assert {c.keep for c in a} == set(sub_multisets(dice))
        p = [c["p_win"] for c in a]
        assert p == sorted(p, reverse=True)
        assert a.best.loss == pytest.approx(0, abs=1e-12)
        assert all(c.loss == pytest.approx(p[0] - c["p_win"], abs=1e-12) for c in a)
        # stopping is worth the best resolution
        stop = a.find(Stop())
        res = advise_resolution(dice, tokens=tokens, level=level, rules=rules)
        assert stop["p_win"] == pytest.approx(res.best["p_win"], abs=1e-15)
        fails = all(o.failure for o in resolutions(dice, tokens, rules))
        assert stop["p_turn"] == pytest.approx(0.0 if fails else 1.0, abs=1e-12)
        # the best keep is the optimal value of the shown dice
        col = E.mask_of(tokens) * 5 + level
        o = sorted(dice)
        from dicelab.core.dice import multiset_index

        assert p[0] == pytest.approx(tab.turn.W[rolls_left][multiset_index(5)[tuple(o)], col],
                                     abs=1e-15)
        t = advise(dice, rolls_left=rolls_left, tokens=tokens, level=level, rules=rules,
                   objective="p_turn")
        q = [c["p_turn"] for c in t]
        assert q == sorted(q, reverse=True)
        assert {c.keep: c["p_win"] for c in t} == pytest.approx({c.keep: c["p_win"] for c in a},
                                                                abs=1e-12)


def test_advise_p_turn_matches_fractions_for_each_keep():
    from dicelab.core.dice import keep_table, multisets

    tokens, rules = (2, 5), Rules()
    ok = {o: Fraction(int(any(not x.failure for x in resolutions(o, tokens, rules))))
          for o in multisets(5)}
    t = keep_table(5)
    a = advise((2, 2, 3, 5, 6), rolls_left=1, tokens=tokens, level=1)
    for c in a:
        if c.action == Stop():
            continue
        exact = sum((p * ok[o] for o, p in t.row(c.keep).items()), Fraction(0))
        assert c["p_turn"] == pytest.approx(float(exact), abs=1e-15)


def test_advise_locked_variant():
    rules = Rules(reroll_set_aside=False)
    a = advise((1, 1, 4, 5, 6), rolls_left=1, tokens=SQUARES, level=2, rules=rules,
               locked=(1,))
    assert all(1 in c.keep for c in a)
    assert len(a) == _keep_count((1, 1, 4, 5, 6), (1,))
    free = advise((1, 1, 4, 5, 6), rolls_left=1, tokens=SQUARES, level=2, rules=rules)
    assert free.best["p_win"] >= a.best["p_win"]
    with pytest.raises(DicelabError, match="locked"):
        advise((1, 1, 4, 5, 6), rolls_left=1, level=2, locked=(1,))  # default variant
    with pytest.raises(DicelabError):
        advise((1, 1, 4, 5, 6), rolls_left=1, level=2, rules=rules, locked=(2,))


def test_advise_rejects_bad_input():
    for kw in ({"rolls_left": 3}, {"rolls_left": -1}, {"level": 5}, {"level": -1},
               {"tokens": (7,)}, {"tokens": ()}, {"objective": "fun"}):
        args = {"rolls_left": 1, "tokens": SQUARES, "level": 2} | kw
        with pytest.raises(ValueError):
            advise((1, 2, 3, 4, 5), **args)
    with pytest.raises(InvalidDice):
        advise((1, 2, 3, 4), rolls_left=1, level=2)
    with pytest.raises(ValueError):
        start_value((1, 2), 7)


def test_advise_resolution_quinte_and_symmetry():
    a = advise_resolution((4, 4, 4, 4, 4), tokens=SQUARES, level=3)
    assert len(a) == 15 and all(isinstance(c.action, Resolve) for c in a)
    # default rules: the faces are interchangeable, so every pair is worth the same
    assert max(c.loss for c in a) < 1e-12
    assert a.best["p_win"] == pytest.approx(start_value((3, 4, 5, 6), 3), abs=1e-15)
    fail = advise_resolution((1, 2, 4, 5, 6), tokens=SQUARES, level=0)
    assert len(fail) == 1 and fail.best.action is None
    assert fail.best["p_win"] == pytest.approx(0, abs=1e-12)


def test_advise_state_follows_the_game():
    g = Game(players=2, seed=3)
    assert len(advise_state(g.state)) == 0  # before the first roll
    g.apply(Roll(()), dice=[3, 3, 1, 2, 6])
    a = advise_state(g.state)
    assert {c.action for c in a} == set(legal_actions(g.state))
    g.apply(Stop())
    g.apply(Roll(()), dice=[5, 5, 5, 5, 2])
    g.apply(Stop())
    a = advise_state(g.state)
    assert {c.action for c in a} == set(legal_actions(g.state))
    assert advise_state(g.state, objective="p_turn").objective == "p_turn"


def test_optimal_play_matches_headline_by_simulation():
    # Monte Carlo with the advised choices, solo, one manche at level 0 (short games)
    rules = Rules(level=0, manches=1)
    exact = win_probability(rules)
    rng = random.Random(5)
    n, wins = 800, 0
    for _ in range(n):
        g = Game(rules=rules, seed=rng.randrange(2**32))
        while not g.is_over:
            a = advise_state(g.state)
            g.apply(a.best.action if len(a) else g.legal_actions()[0])
        wins += g.winners == (0,)
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(wins / n - exact) < 4 * se


# ------------------------------------------- fast outcome tables, exact
@pytest.mark.parametrize("key", list(itertools.product((True, False), repeat=3)), ids=str)
def test_fast_options_equal_the_straightforward_tables(key):
    # one rule call per class of rolls and board, against one per roll and board
    E.clear_caches()
    fast = E.options(key)
    outcomes, index, failure, bonus = E.options_reference(key)
    assert fast.outcomes == outcomes
    assert np.array_equal(fast.index, index) and fast.index.dtype == index.dtype
    assert np.array_equal(fast.failure, failure) and np.array_equal(fast.bonus, bonus)
    # a handful of entries read straight from the game's public rule
    for o, m in [((1, 1, 1, 1, 1), 63), ((2, 2, 2, 4, 6), 0b111101), ((1, 2, 3, 4, 5), 5),
                 ((6, 6, 6, 1, 2), 4), ((3, 3, 3, 3, 1), 0b10101)]:
        oi = multisets(5).index(tuple(sorted(o)))
        assert fast.outcomes[oi][m] == resolutions(o, E.tokens_of(m), E._rules_of(key))


def test_options_shared_by_the_reroll_variants_and_classes_are_figures():
    a, b = E.options((True, True, False)), E.options((False, True, False))
    assert a is b  # the resolution rule ignores reroll_set_aside
    assert len(set(a.cls.tolist())) == 21  # 252 rolls, 21 figures
    assert a.class_index.shape == (21, E.BOARDS, 15)  # a quinté on six tokens: 15 pairs


def test_cold_table_solves_turns_on_demand():
    E.clear_caches()
    tab = E.table(Rules(level=2))
    assert "turn" not in vars(tab) and "p_turn" not in vars(tab)  # headline: V only
    assert tab.V[63, 2] == pytest.approx(0.3710781273, abs=1e-9)
    # advice then solves the turns, the same as the straightforward tables give
    vext = np.append(tab.V.ravel(), 0.0)
    _, index, _, _ = E.options_reference(tab.key)
    final = vext[index].max(axis=2)
    ref = E.solve_turn(5, final, 3)
    np.testing.assert_allclose(tab.turn.start, ref.start, rtol=0, atol=1e-12)
    assert np.abs(tab.turn.start[np.arange(64) * 5 + 2][1:] - tab.V[1:, 2]).max() < 1e-12
