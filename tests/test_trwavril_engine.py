"""Trwavril exact engine against brute force over ordered rolls, Bellman, monotonicity."""

import math
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicelab.core.dice import multisets, ordered_rolls, sort_dice, sub_multisets
from dicelab.core.errors import DicelabError, InvalidDice
from dicelab.engine import trwavril as trwavril_odds
from dicelab.games import trwavril as tw
from dicelab.games._base import Resolve, Roll, Stop
from dicelab.games.trwavril import Rules, resolutions

eng = pytest.importorskip("dicelab.engine.trwavril.solo")

STRAIGHTS = ("four", "as_written")


# ------------------------------------------------------------------ brute-force oracle


def turn_oracle(final, zero=0.0):
    """A plain recursion over ordered rolls: returns (start, Q, W).

    ``final(o)`` is the value of stopping with sorted dice ``o``.  ``Q(keep, r)``: keep
    ``keep`` and roll the rest, that roll leaving ``r - 1`` rolls; ``W(o, r)``: showing ``o``
    with ``r`` rolls left.  Memoised on sorted dice; every roll enumerated in order.
    """

    @cache
    def W(o, r):
        best = final(o)
        if r == 0:
            return best
        for keep in sub_multisets(o):
            if len(keep) < 4:
                best = max(best, Q(keep, r))
        return best

    @cache
    def Q(keep, r):
        m = 4 - len(keep)
        total = zero
        for rolled in ordered_rolls(m):
            total += W(sort_dice(keep + rolled), r - 1)
        return total / 6**m

    return Q((), 3), Q, W


def _not_miss(rules):
    return lambda o: Fraction(int(not resolutions(o, (), rules)[0].is_miss))


@pytest.mark.parametrize("straight", STRAIGHTS)
def test_p_turn_against_fraction_oracle(straight):
    rules = Rules(straight=straight)
    start, Q, W = turn_oracle(_not_miss(rules), Fraction(0))
    assert abs(eng.p_turn_start(rules) - float(start)) < 1e-12
    # every keep of a sample of positions, every rolls_left
    for dice in [(1, 2, 3, 6), (5, 5, 2, 5), (1, 1, 6, 6), (2, 4, 4, 6), (1, 2, 4, 6)]:
        for r in (0, 1, 2):
            a = eng.advise(dice, rolls_left=r, barred=(), parapluies=4, rules=rules)
            for c in a:
                if len(c.keep) == 4:
                    want = _not_miss(rules)(c.keep)
                else:
                    want = Q(c.keep, r)
                assert abs(c["p_turn"] - float(want)) < 1e-12, (dice, r, c.keep)


def test_p_turn_headline_fractions():
    # one roll of 4 dice: 120 ordered brelans, 6 carrés, 3 runs x 24 orders
    one = sum(1 for r in ordered_rolls(4) if not resolutions(r, ())[0].is_miss)
    assert one == 6 * 4 * 5 + 6 + 3 * 24  # brelans, carrés, runs 1234/2345/3456
    start, _, _ = turn_oracle(_not_miss(Rules()), Fraction(0))
    # exact: three rolls of at most 4 dice, so the denominator divides 6**12
    assert isinstance(start, Fraction) and 6**12 % start.denominator == 0
    assert math.isclose(eng.p_turn_start(), float(start), abs_tol=1e-15)


def _final_from_values(V, V_low, mask, rules):
    """Stopping value of each outcome on board ``mask``, from the game's own resolutions."""
    barred = eng.cards_of(mask)

    def final(o):
        vals = []
        for r in resolutions(o, barred, rules):
            if r.is_miss:
                return V_low[mask]
            vals.append(V[eng.mask_of(r.barred)])
        return max(vals)

    return final


@pytest.mark.parametrize("straight,u", [("four", 1), ("four", 2), ("as_written", 1)])
def test_fixed_point_satisfies_bellman_against_oracle(straight, u):
    rules = Rules(straight=straight)
    V = eng.board_values(rules, u)
    V_low = eng.board_values(rules, u - 1) if u > 1 else np.zeros(64)
    masks = range(63) if straight == "four" and u == 1 else range(0, 63, 5)
    for m in masks:
        start, _, _ = turn_oracle(_final_from_values(V, V_low, m, rules))
        assert abs(start - V[m]) < 1e-12, m


@pytest.mark.parametrize("straight", STRAIGHTS)
def test_bellman_residual_all_levels(straight):
    rules = Rules(straight=straight)
    low = np.zeros(63)
    for u in (1, 2, 3, 4):
        V = eng.board_values(rules, u)[:63]
        assert np.abs(eng.bellman(straight, V, low) - V).max() < 1e-12
        lvl = eng._level(straight, u)
        assert lvl.gap < eng.TOL
        low = V


def test_advise_p_win_against_oracle():
    rules = Rules()
    u, barred = 2, (1, 3, 4)
    m = eng.mask_of(barred)
    V, V_low = eng.board_values(rules, u), eng.board_values(rules, u - 1)
    final = _final_from_values(V, V_low, m, rules)
    _, Q, _ = turn_oracle(final)
    for dice in [(3, 3, 3, 1), (1, 2, 3, 6), (6, 6, 2, 2)]:
        for r in (0, 1, 2):
            a = eng.advise(dice, rolls_left=r, barred=barred, parapluies=u)
            keeps = {c.keep for c in a}
            if r == 0:
                assert keeps == {sort_dice(dice)}
            else:
                assert keeps == set(sub_multisets(dice))
            for c in a:
                want = final(c.keep) if len(c.keep) == 4 else Q(c.keep, r)
                assert abs(c["p_win"] - want) < 1e-12
            assert a.best["p_win"] == pytest.approx(max(c["p_win"] for c in a), abs=1e-12)
            assert all(c.loss >= 0 for c in a)


def test_start_of_game_value_is_first_roll_average():
    # the value before the first roll is the average over the 1296 ordered first rolls
    rules = Rules(parapluies=3)
    V = eng.start_value((), 3, rules)
    total = 0.0
    for r in ordered_rolls(4):
        total += eng.advise(r, rolls_left=2, barred=(), parapluies=3, rules=rules).best["p_win"]
    assert abs(total / 1296 - V) < 1e-12
    assert V == pytest.approx(eng.win_probability(rules), abs=1e-12)


# ------------------------------------------------------------------ headline values


def test_headline_values():
    wp = {p: eng.win_probability(Rules(parapluies=p)) for p in (4, 3, 2, 1)}
    assert [wp[p] for p in (4, 3, 2, 1)] == pytest.approx([0.238444, 0.1364, 0.059543, 0.015106],
                                                          abs=5e-7)
    aw = [eng.win_probability(Rules(parapluies=p, straight="as_written")) for p in (4, 3, 2, 1)]
    assert aw == pytest.approx([0.0723, 0.0363, 0.0138, 0.0030], abs=5e-5)
    assert eng.p_turn_start() == pytest.approx(0.577931, abs=5e-7)
    assert all(a < wp[p] for a, p in zip(aw, (4, 3, 2, 1)))


def test_monotonicity():
    for straight in STRAIGHTS:
        rules = Rules(straight=straight)
        prev = np.zeros(64)
        prev[63] = 1.0
        for u in (1, 2, 3, 4):
            V = eng.board_values(rules, u)
            assert (V >= prev - 1e-12).all()  # an extra parapluie never lowers p_win
            prev = V
    # more rolls never lower p_turn, for every dice and keep
    sol = eng._p_turn_solution("four")
    for o in multisets(4):
        best = [max(c["p_turn"] for c in eng.advise(o, rolls_left=r, barred=(), parapluies=1))
                for r in (0, 1, 2)]
        assert best[0] <= best[1] + 1e-15 <= best[2] + 2e-15
    assert (sol.Q[2] >= sol.Q[1] - 1e-15).all()


def test_win_probability_of_almost_won_boards():
    # one card to bar, héroïque: at least the chance to hit that card this turn
    for card in (1, 6, 3):
        barred = tuple(c for c in range(1, 7) if c != card)
        v = eng.start_value(barred, 1)
        assert 0 < v < 1
    # card 1 is harder than card 3 (fewer carrés reach it, fewer suites contain it)
    assert eng.start_value((2, 3, 4, 5, 6), 1) < eng.start_value((1, 2, 4, 5, 6), 1)


# ------------------------------------------------------------------ flips, resolution advice


def test_flip_effect_brelan_can_hurt():
    e = eng.flip_effect((1, 2, 3, 4, 5), 5, parapluies=2)
    assert e.barred_after == (1, 2, 3, 4)
    assert e.after < e.before and e.change == pytest.approx(e.after - e.before, abs=1e-12)
    assert e.before == pytest.approx(eng.start_value((1, 2, 3, 4, 5), 2), abs=1e-12)
    assert eng.flip_effect((), 3, parapluies=2).change > 0


def test_advise_resolution():
    a = eng.advise_resolution((2, 2, 2, 2), barred=(2,), parapluies=1)
    assert [c.action for c in a] and {c.action for c in a} == {Resolve(1), Resolve(2), Resolve(3)}
    for c in a:
        after = {Resolve(1): (1, 2), Resolve(2): (), Resolve(3): (2, 3)}[c.action]
        assert c["p_win"] == pytest.approx(eng.start_value(after, 1), abs=1e-12)
    assert a.best.action != Resolve(2)  # un-barring 2 is the worst
    assert len(eng.advise_resolution((1, 2, 4, 6), barred=(), parapluies=1)) == 0
    winning = eng.advise_resolution((6, 6, 6, 6), barred=(1, 2, 3, 4, 5), parapluies=1)
    assert winning.best.action == Resolve(6)
    assert winning.best["p_win"] == pytest.approx(1, abs=1e-12)


def test_advise_state_follows_the_game():
    g = tw.Game(rules=Rules(parapluies=2), players=2, seed=1)
    assert len(trwavril_odds.advise_state(g.state)) == 0  # start of a turn: nothing to choose
    g.apply(Roll(()), dice=[3, 3, 3, 3])
    a = trwavril_odds.advise_state(g.state, "p_win")  # two players: p_duel by default
    assert {c.action for c in a} == set(g.legal_actions())
    assert a.choices == eng.advise((3, 3, 3, 3), rolls_left=2, barred=(), parapluies=2,
                                   rules=Rules(parapluies=2)).choices
    assert a.kind == "solo" and a.players == 2
    assert trwavril_odds.advise_state(g.state, "p_turn").objective == "p_turn"
    assert trwavril_odds.advise_state(g.state).objective == "p_duel"
    g.apply(Stop())
    a = trwavril_odds.advise_state(g.state)
    assert {c.action for c in a} == set(g.legal_actions())
    # the same advice again (advice is pure)
    assert trwavril_odds.advise_state(g.state) == a
    g.apply(a.best.action)
    assert g.state.current_player == 1


def test_advise_input_errors():
    with pytest.raises(InvalidDice):
        eng.advise((1, 2, 3), rolls_left=1, barred=(), parapluies=1)
    with pytest.raises(DicelabError, match="rolls_left"):
        eng.advise((1, 2, 3, 4), rolls_left=3, barred=(), parapluies=1)
    with pytest.raises(DicelabError, match="parapluies"):
        eng.advise((1, 2, 3, 4), rolls_left=1, barred=(), parapluies=5)
    with pytest.raises(DicelabError, match="already won"):
        eng.advise((1, 2, 3, 4), rolls_left=1, barred=range(1, 7), parapluies=1)
    with pytest.raises(DicelabError, match="objective"):
        eng.advise((1, 2, 3, 4), rolls_left=1, barred=(), parapluies=1, objective="x")
    with pytest.raises(DicelabError, match="barred"):
        eng.start_value((7,), 1)


def test_cache_cleared_and_rebuilt_identically():
    before = eng.board_values(Rules(), 3).copy()
    eng.clear_caches()
    np.testing.assert_allclose(eng.board_values(Rules(), 3), before, rtol=0, atol=1e-12)


# ------------------------------------------------------------------ simulation


@pytest.mark.slow
def test_simulation_of_the_optimal_policy_agrees():
    from dicelab.analysis.policies import optimal
    from dicelab.analysis.simulate import simulate

    rules = Rules(parapluies=4)
    r = simulate("trwavril", rules=rules, policy=optimal(), games=3000, seed=2024)
    p = eng.win_probability(rules)
    assert abs(r.win_rate[0] - p) < 4 * math.sqrt(p * (1 - p) / r.games)


def test_all_boards_enumerated():
    # 64 masks round-trip through cards
    for m in range(64):
        assert eng.mask_of(eng.cards_of(m)) == m
