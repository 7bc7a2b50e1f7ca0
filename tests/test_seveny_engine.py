"""Seveny exact engine: p_bust, solo solver, expected points, advice — against brute force."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicelab import IllegalMove, InvalidDice
from dicelab.core.dice import multisets, ordered_rolls, roll_distribution
from dicelab.engine import seveny as seveny_odds
from dicelab.engine.seveny import solo as eng
from dicelab.games import Bank, Roll
from dicelab.games import seveny as sv
from dicelab.games.seveny import Rules, score, settable

# ------------------------------------------------------------------ p_bust


@pytest.mark.parametrize(
    "n,hand", [(1, ()), (2, ()), (3, ()), (5, ()), (7, ()), (4, (5, 5, 5)), (6, (1,)),
               (2, (2, 2, 2, 6, 6)), (3, (3, 3, 3, 3))]
)
def test_p_bust_brute_force_over_ordered_rolls(n, hand):
    sorted_counts = Counter(tuple(sorted(r)) for r in ordered_rolls(n))
    bad = sum(c for m, c in sorted_counts.items() if not settable(hand, m))
    assert eng.p_bust(n, hand) == Fraction(bad, 6**n)
    assert seveny_odds.p_bust(n, hand) == Fraction(bad, 6**n)


def test_p_bust_values():
    # 7 dice bust only as 2 2 3 3 4 4 5 patterns: no 1, no 6, each face 2-5 at most twice
    assert eng.p_bust(7) == Fraction(4 * math.factorial(7) // 8, 6**7) == Fraction(35, 3888)
    assert eng.p_bust(1) == Fraction(2, 3)
    assert eng.p_bust(3) == Fraction(4**3 - 4, 6**3)
    t = eng._tables()
    for i, h in enumerate(eng.hands()):
        assert t.pbust[i] == pytest.approx(float(eng.p_bust(7 - len(h), h)), abs=1e-15)
    with pytest.raises(IllegalMove):
        eng.p_bust(0)
    with pytest.raises(IllegalMove):
        eng.p_bust(5, (1, 1, 1))
    with pytest.raises(InvalidDice):
        eng.p_bust(3, (2, 2))


def test_hands_are_every_reachable_hand():
    hs = eng.hands()
    assert len(hs) == 114 and len(set(hs)) == 114
    # reachable from the empty hand by legal set-asides of some roll
    seen = {()}
    frontier = [()]
    while frontier:
        h = frontier.pop()
        for m in multisets(7 - len(h)):
            for s in settable(h, m):
                nh = tuple(sorted(h + s))
                if len(nh) < 7 and nh not in seen:
                    seen.add(nh)
                    frontier.append(nh)
    assert seen == set(hs)


# ------------------------------------------------------------------ plain-recursion oracle


@pytest.mark.parametrize("target", [1, 2, 3, 5])
def test_expected_turns_against_plain_recursion(target):
    want = eng.reference_expected_turns(target)
    sol = eng.solve_turns(Rules(target=target))
    for s in range(target):
        assert sol.E[s] == pytest.approx(want[s], abs=1e-9)
        assert eng.turn_start_value(s, Rules(target=target)) == pytest.approx(want[s], abs=1e-9)
    assert eng.expected_turns(Rules(target=target)) == pytest.approx(want[0], abs=1e-9)
    assert seveny_odds.expected_turns(Rules(target=target)) == pytest.approx(want[0], abs=1e-9)


def test_target_one_is_one_over_success_probability():
    p = eng.expected_turn_points(cap=1)
    assert eng.expected_turns(Rules(target=1)) == pytest.approx(1 / p, abs=1e-12)


@pytest.mark.parametrize("target", [20, 50])
def test_fixed_point_satisfies_bellman(target):
    rules = Rules(target=target)
    sol = eng.solve_turns(rules)
    E = np.asarray(sol.E)
    assert E[target] == pytest.approx(0, abs=1e-12)
    assert all(E[s] > E[s + 1] for s in range(target))  # further from the target: more turns
    for s in range(target):
        cap = target - s
        bank = np.zeros(cap + eng.MAX_SCORE + 1)
        bank[1:cap] = E[s + 1 : target]
        bank[0] = E[s]
        R, _, _, _ = eng._turn(bank, None, float(E[s]), cap, 0.0)
        assert abs(1.0 + R[0, 0] - E[s]) < 1e-9


def test_headline_numbers():
    assert eng.expected_turns(Rules()) == pytest.approx(10.685108744951, abs=1e-9)
    assert eng.expected_turn_points() == pytest.approx(4.898461745098, abs=1e-9)


# ------------------------------------------------------------------ expected points


def _points_oracle(cap):
    @cache
    def roll(m, hand):
        if m >= cap:
            return float(cap) * (1 - float(eng.p_bust(7 - len(hand), hand)))
        total = 0.0
        for o, p in roll_distribution(7 - len(hand)).items():
            best = 0.0
            for k in settable(hand, o):
                nh = tuple(sorted(hand + k))
                pts = m + score(nh)
                go = roll(pts, ()) if len(nh) == 7 else roll(m, nh)
                best = max(best, min(pts, cap), go)
            total += float(p) * best
        return total

    return roll(0, ())


@pytest.mark.parametrize("cap", [1, 2, 4])
def test_capped_expected_points_against_plain_recursion(cap):
    assert eng.expected_turn_points(cap=cap) == pytest.approx(_points_oracle(cap), abs=1e-12)


def test_uncapped_points_do_not_depend_on_the_horizon():
    a = eng.points_table()
    b = eng.points_table(horizon=700)
    np.testing.assert_allclose(a[:500], b[:500], rtol=0, atol=1e-12)
    # large caps converge to the uncapped value
    assert eng.expected_turn_points(cap=400) == pytest.approx(a[0, 0], abs=1e-9)
    assert eng.expected_turn_points(cap=5) < eng.expected_turn_points(cap=10) < a[0, 0]


# ------------------------------------------------------------------ advice


def _first_roll_expectation(rules, score_, objective):
    total = 0.0
    for o, p in roll_distribution(7).items():
        a = eng.advise(o, score=score_, rules=rules, objective=objective)
        if len(a):
            total += float(p) * a.best[objective]
        elif objective == "expected_turns":
            total += float(p) * (1.0 + eng.turn_start_value(score_, rules))
    return total


def test_advice_consistent_with_the_solver():
    rules = Rules(target=12)
    for s in (0, 5, 11):
        got = _first_roll_expectation(rules, s, "expected_turns")
        assert got == pytest.approx(eng.turn_start_value(s, rules), abs=1e-9)
    got = _first_roll_expectation(rules, 0, "expected_points")
    assert got == pytest.approx(eng.expected_turn_points(), abs=1e-9)


def test_advice_lists_every_legal_action_ranked():
    s = sv.new_state(Rules(target=30))
    s, _ = sv.roll_outcome(sv.step(s, Roll(()))[0], (1, 1, 6, 5, 5, 5, 2))
    for obj in ("expected_turns", "expected_points"):
        a = seveny_odds.advise_state(s, obj)
        assert {c.action for c in a} == set(sv.legal_actions(s))
        vals = [c[obj] for c in a]
        assert vals == sorted(vals, reverse=(obj == "expected_points"))
        assert a.best.loss == pytest.approx(0, abs=1e-12) and all(c.loss >= 0 for c in a)
    a = seveny_odds.advise_state(s)
    assert a.objective == "expected_turns" and not a.higher_is_better
    for c in a:
        nh = tuple(sorted(c.keep))
        if isinstance(c.action, Bank):
            assert c["p_bust"] == pytest.approx(0, abs=1e-12)
            assert c["expected_points"] == pytest.approx(score(nh), abs=1e-12)
        else:
            want = eng.p_bust(7 - len(nh), nh) if len(nh) < 7 else eng.p_bust(7)
            assert c["p_bust"] == pytest.approx(float(want), abs=1e-15)


def test_advise_memorised_and_full_hand():
    a = eng.advise((1,), hand=(1, 1, 1, 6, 6, 6), memorised=10, score=0)
    assert len(a) == 2
    bank = a.find(Bank((1,)))
    assert bank["expected_points"] == pytest.approx(10 + 2 * 4, abs=1e-12)
    roll = a.find(Roll((1,)))
    assert roll.label == "set aside 1: memorise 18, roll 7 dice again"
    assert roll["p_bust"] == pytest.approx(35 / 3888)
    assert roll["expected_points"] == pytest.approx(eng.points_table()[18, 0])
    # at the target already: banking finishes, every roll risks a bust
    a = eng.advise((1, 2, 3), hand=(5, 5, 5, 5), memorised=0, score=45, rules=Rules(target=50))
    assert a.best.action == Bank((1,)) and a.best["expected_turns"] == pytest.approx(1, abs=1e-12)
    # far beyond the horizon of the points table
    a = eng.advise((1, 2, 3, 4, 5, 6, 6), memorised=1500, objective="expected_points")
    assert isinstance(a.best.action, Bank) and a.best["expected_points"] == 1501


def test_advise_rejects_bad_input():
    with pytest.raises(InvalidDice):
        eng.advise((1, 2, 3))  # 7 dice expected
    with pytest.raises(InvalidDice):
        eng.advise((1, 2, 3, 4, 5), hand=(2, 2))
    with pytest.raises(IllegalMove):
        eng.advise((1,) * 7, memorised=-1)
    with pytest.raises(IllegalMove):
        eng.advise((1,) * 7, score=1.5)
    with pytest.raises(IllegalMove):
        eng.advise((1,) * 7, objective="p_win")
    assert len(eng.advise((2, 2, 3, 3, 4, 4, 5))) == 0  # a bust: nothing to choose


def test_advise_state_outside_choices_and_game_wrappers():
    s = sv.new_state()
    assert len(eng.advise_solo(s)) == 0 and len(seveny_odds.advise_state(s)) == 0
    a = seveny_odds.advise((1, 1, 1, 1, 1, 2, 3), score=45)
    assert a.best.action == Bank((1, 1, 1, 1, 1))


# ------------------------------------------------------------------ against simulation


def test_bank_at_distribution_matches_simulation():
    from dicelab.analysis.policies import bank_at

    d = eng.turn_points_distribution(8)
    assert sum(d.values()) == 1
    mean = sum(k * float(p) for k, p in d.items())
    sd = math.sqrt(sum((k - mean) ** 2 * float(p) for k, p in d.items()))
    pol = bank_at(8)
    pts = []
    g = sv.Game(rules=Rules(target=1000), players=1, seed=123)
    for i in range(3000):
        if g.is_over:
            g = sv.Game(rules=Rules(target=1000), players=1, seed=i)
        before = g.state.scores[0]
        g.apply(Roll(()))
        while g.state.phase == "choose":
            g.apply(pol(g.state))
        pts.append(g.state.scores[0] - before)
    assert abs(np.mean(pts) - mean) < 4 * sd / math.sqrt(len(pts))


def test_optimal_solo_turns_match_simulation():
    rules = Rules(target=10)
    want = eng.expected_turns(rules)
    rng = random.Random(5)
    turns = []
    for _ in range(400):
        g = sv.Game(rules=rules, players=1, seed=rng.randrange(2**31))
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[0] if len(acts) == 1 else seveny_odds.advise_state(g.state).best.action)
        turns.append(g.state.turn_count)
    sd = np.std(turns)
    assert abs(np.mean(turns) - want) < 4 * sd / math.sqrt(len(turns))


def test_optimal_points_distribution():
    d = eng.optimal_points_distribution()
    assert sum(d.values()) == pytest.approx(1.0, abs=1e-12)
    assert sum(k * p for k, p in d.items()) == pytest.approx(eng.expected_turn_points(), abs=1e-9)
    assert d[0] >= float(eng.p_bust(7)) and all(p >= 0 for p in d.values())
    # against a simulation of the same policy (the engine's expected-points advice)
    g = sv.Game(rules=Rules(), players=1, seed=99)
    zero = 0
    n = 1000
    for i in range(n):
        if g.is_over:
            g = sv.Game(rules=Rules(), players=1, seed=i)
        before = g.state.scores[0]
        g.apply(Roll(()))
        while g.state.phase == "choose":
            g.apply(seveny_odds.advise_state(g.state, "expected_points").best.action)
        zero += g.state.scores[0] == before
    se = math.sqrt(d[0] * (1 - d[0]) / n)
    assert abs(zero / n - d[0]) < 4 * se


# ------------------------------------------------------------ one turn's outcome, optimal play
def _oracle_turn(rules, score, cut=1e-16):
    """End-of-turn score distribution by playing the game's own functions with
    policies.optimal on every roll outcome (exact enumeration of game states)."""
    import heapq
    from dataclasses import replace

    from dicelab.analysis.policies import optimal

    pol = optimal()
    s0 = replace(sv.new_state(rules, 1), scores=(score,))
    s0, _ = sv.step(s0, Roll(()))
    out, mass, heap, tick = {}, {s0: 1.0}, [((0, 0, 0), 0, s0)], 1
    while heap:
        _, _, st = heapq.heappop(heap)
        if st not in mass:
            continue
        p = mass.pop(st)
        if p < cut:
            continue
        if st.to_roll:
            succ = [(sv.roll_outcome(st, o)[0], p * float(q))
                    for o, q in roll_distribution(st.to_roll).items()]
        else:
            succ = [(sv.step(st, pol(st))[0], p)]
        for nxt, q in succ:
            if nxt.is_over or nxt.phase == "start":
                end = min(nxt.scores[0], rules.target)
                out[end] = out.get(end, 0.0) + q
            else:
                if nxt not in mass:
                    k = (nxt.memorised, len(nxt.hand), 0 if nxt.to_roll else 1)
                    heapq.heappush(heap, (k, tick, nxt))
                    tick += 1
                mass[nxt] = mass.get(nxt, 0.0) + q
    return out


@pytest.mark.parametrize("target,score", [(5, 2), (50, 47)])
def test_turn_outcome_matches_playing_the_optimal_policy(target, score):
    rules = Rules(target=target)
    d = eng.turn_outcome_distribution(score, rules)
    o = _oracle_turn(rules, score)
    for k in set(d) | set(o):
        assert d.get(k, 0.0) == pytest.approx(o.get(k, 0.0), abs=1e-10), k


@pytest.mark.parametrize("target", [1, 5, 20, 50])
def test_turn_outcome_matrix_is_the_optimal_policy(target):
    rules = Rules(target=target)
    P = eng.turn_outcome_matrix(rules)
    E = np.asarray(eng.solve_turns(rules).E)[: target + 1]
    assert P.shape == (target + 1, target + 1)
    assert np.allclose(P.sum(axis=1), 1.0, atol=1e-12) and (P >= 0).all()
    assert np.allclose(np.tril(P, -1), 0.0) and P[target, target] == pytest.approx(1, abs=1e-12)
    assert np.max(np.abs(1.0 + P[:target] @ E[:target + 1] - E[:target])) < 1e-9
    with pytest.raises(IllegalMove):
        eng.turn_outcome_distribution(target + 1, rules)


@pytest.mark.parametrize("target", [5, 50])
def test_turns_distribution_and_moments(target):
    rules = Rules(target=target)
    p = eng.turns_distribution(rules, max_turns=300)
    t = np.arange(len(p))
    mean, sd = eng.turns_moments(rules)
    assert p.sum() == pytest.approx(1.0, abs=1e-10)
    assert p @ t == pytest.approx(eng.expected_turns(rules), abs=1e-8)
    assert mean == pytest.approx(eng.expected_turns(rules), abs=1e-9)
    assert p @ t**2 - (p @ t) ** 2 == pytest.approx(sd**2, rel=1e-8)
