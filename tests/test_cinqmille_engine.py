"""5000 exact engine against brute force and plain recursions."""

import itertools
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.core.dice import ordered_rolls, roll_distribution
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine.cinqmille import solo as E
from dicelab.games import Bank, Roll
from dicelab.games import cinqmille as cm
from dicelab.games.cinqmille import Rules

FIVE, SIX = Rules(), Rules(dice=6)
VARIANTS = [
    Rules(), Rules(opening=1000), Rules(min_bank=300), Rules(keep_all_scoring=True),
    Rules(no_4900=True), Rules(dice=6), Rules(dice=6, keep_all_scoring=True, no_4900=True),
]


# ----------------------------------------------------------- plain recursion oracle
def _option_value(rules, s, u, keep, pts, n, x, V, R, points):
    """Value of one set-aside (units of 50); ``points``: expected points, else turns."""
    u2 = u + pts // 50
    res = cm.set_aside_result(rules, s * 50, (u2 - s) * 50)
    if res == cm.WIN:
        return (100 - s) if points else 0.0
    if res == cm.OVERSHOOT:
        return 0.0 if points else x
    left = n - len(keep) or rules.dice
    best = R(u2, left)
    if cm.keep_bank_refusal(rules, keep, n) is None and cm.total_bank_refusal(
            rules, s * 50, s > 0, (u2 - s) * 50) is None:
        bank = (min(u2, 100) - s) if points else (0.0 if u2 >= 100 else V[u2])
        best = max(best, bank) if points else min(best, bank)
    return best


def plain_turn(rules, s, x, V, points=False, cap=None, cap_value=None):
    """Value before rolling ``n`` dice at total ``u``, for score ``s`` (a memoised recursion).

    Returns ``(R, expand)``: ``expand(u, n)`` is one Bellman step from ``(u, n)``.
    6 dice: totals at or past ``cap`` all have the same value, ``cap_value(n)``.
    """

    @cache
    def R(u, n):
        if cap is not None and u >= cap:
            return cap_value(n)
        return expand(u, n)

    def expand(u, n):
        total = 0.0
        for o, p in roll_distribution(n).items():
            if cm.is_five_ones(o, rules):
                v = (100 - s) if points else 0.0
            else:
                opts = cm.scoring_options(o, rules)
                if not opts:
                    v = 0.0 if points else x
                else:
                    vals = [_option_value(rules, s, u, k, pts, n, x, V, R, points)
                            for k, pts in opts]
                    v = max(vals) if points else min(vals)
            total += float(p) * v
        return total

    return R, expand


def plain_solve(rules, lowest):
    """Expected turns for scores >= lowest (units): bisection on each score's fixed point."""
    V = {100: 0.0}
    for s in range(99, lowest - 1, -1):
        lo, hi = 0.0, 1000.0
        while hi - lo > 1e-11:
            x = (lo + hi) / 2
            if 1 + plain_turn(rules, s, x, V)[0](s, rules.dice) > x:
                lo = x
            else:
                hi = x
        V[s] = (lo + hi) / 2
    return V


# --------------------------------------------------------------------- p_bust
@pytest.mark.parametrize("rules", [FIVE, SIX])
def test_p_bust_brute_force(rules):
    for n in range(1, min(rules.dice, 5) + 1):
        busts = sum(1 for r in ordered_rolls(n) if not cm.scoring_options(r, rules))
        assert E.p_bust(n, rules) == Fraction(busts, 6**n)
    assert E.p_bust(5) == Fraction(25, 324)  # ballot: 600 of 7776 ordered rolls
    assert E.p_bust(1) == Fraction(2, 3)


def test_p_bust_six_dice_brute_force():
    busts = sum(1 for r in itertools.product(range(1, 7), repeat=6)
                if not cm.scoring_options(r, SIX))
    assert E.p_bust(6, SIX) == Fraction(busts, 6**6)


# ----------------------------------------------------------------- solvers
@pytest.mark.parametrize("rules", [FIVE, Rules(no_4900=True), Rules(min_bank=300),
                                   Rules(keep_all_scoring=True)])
def test_expected_turns_match_plain_recursion_near_5000(rules):
    V = plain_solve(rules, 95)
    sol = E.solve_turns(rules)
    for s in range(95, 100):
        assert sol.V[s] == pytest.approx(V[s], abs=1e-9)


@pytest.mark.parametrize("rules", VARIANTS)
def test_bellman_equation_holds(rules):
    sol = E.solve_turns(rules)
    V = {s: float(v) for s, v in enumerate(sol.V)}
    UC = sol.model.UC
    for s in (0, 30, 97, 99):
        R, expand = plain_turn(rules, s, V[s], V, cap=UC if rules.dice == 6 else None,
                               cap_value=lambda n, s=s: float(sol.R[n, s, UC]))
        assert 1 + R(s, rules.dice) == pytest.approx(V[s], abs=1e-9)
        if rules.dice == 6:  # the clamped column satisfies its own equation
            for n in (1, 3, 6):
                assert expand(UC, n) == pytest.approx(sol.R[n, s, UC], abs=1e-9)


@pytest.mark.parametrize("rules", VARIANTS)
def test_expected_points_match_plain_recursion(rules):
    EP = E.solve_points(rules).EP
    UC = E._model(rules).UC
    for s, t, n in [(94, 0, rules.dice), (90, 4, 2), (0, 0, rules.dice), (0, 12, 3),
                    (40, 10, 1)]:
        R, expand = plain_turn(rules, s, 0.0, {}, points=True,
                               cap=UC if rules.dice == 6 else None,
                               cap_value=lambda n, s=s: float(EP[n, s, UC]))
        assert EP[n, s, s + t] == pytest.approx(R(s + t, n), abs=1e-9), (s, t, n)
        if rules.dice == 6:
            assert EP[n, s, UC] == pytest.approx(expand(UC, n), abs=1e-9)


def test_headline_numbers():
    assert E.expected_turns(FIVE) == pytest.approx(18.8637, abs=1e-4)
    assert E.expected_turns(FIVE) == pytest.approx(E.turn_start_value(0, FIVE), abs=1e-12)
    assert E.turn_start_value(5000) == pytest.approx(0, abs=1e-12)
    assert E.expected_turn_points(FIVE) == pytest.approx(217.10, abs=0.01)
    assert E.expected_turn_points(FIVE, 1000) == pytest.approx(317.39, abs=0.01)
    assert E.expected_turns(Rules(opening=1000)) > E.expected_turns(FIVE)
    assert E.expected_turns(Rules(keep_all_scoring=True)) >= E.expected_turns(FIVE)
    assert E.expected_turns(Rules(no_4900=True)) >= E.expected_turns(FIVE) - 1e-12


def test_turn_points_distribution():
    for rules, score in [(FIVE, 0), (FIVE, 1000), (FIVE, 4800), (SIX, 0), (SIX, 4800)]:
        d = E.turn_points_distribution(rules, score)
        assert sum(d.values()) == pytest.approx(1.0, abs=1e-12)
        assert sum(k * v for k, v in d.items()) == pytest.approx(
            E.expected_turn_points(rules, score), abs=1e-9)
        assert all(k % 50 == 0 and 0 <= k <= 5000 - score for k in d)
    d = E.turn_points_distribution(FIVE, 0)
    assert all(k == 0 or k >= 750 for k in d)  # must open with 750


# --------------------------------------------------------------------- advice
def test_advice_lists_every_legal_choice():
    state = cm.new_state(FIVE, 1)
    state, _ = cm.step(state, Roll(()))
    state, _ = cm.roll_outcome(state, (1, 5, 2, 3, 3))
    a = cinqmille_odds.advise_state(state)
    assert {c.action for c in a} == set(cm.legal_actions(state))
    assert a.objective == "expected_turns" and not a.higher_is_better
    assert [c.numbers["expected_turns"] for c in a] == sorted(
        c.numbers["expected_turns"] for c in a)


def test_advice_figures_are_consistent():
    sol = E.solve_turns(FIVE)
    a = E.advise((1, 5, 2, 3, 3), turn_points=300, score=1000, opened=True)
    roll1 = a.find(Roll((1,)))
    assert roll1["p_bust"] == pytest.approx(float(E.p_bust(4)))
    assert roll1["expected_turns"] == pytest.approx(1 + sol.R[4, 20, 28])
    bank = a.find(Bank((1, 5)))
    assert bank["expected_points"] == pytest.approx(450, abs=1e-12)
    assert bank["p_bust"] == pytest.approx(0, abs=1e-12)
    assert bank["expected_turns"] == pytest.approx(1 + sol.V[29])
    # the best choice's value is the position's value
    R, _ = plain_turn(FIVE, 20, float(sol.V[20]), {s: float(v) for s, v in enumerate(sol.V)})
    best = min(_option_value(FIVE, 20, 26, k, p, 5, float(sol.V[20]),
                             {s: float(v) for s, v in enumerate(sol.V)}, R, False)
               for k, p in cm.scoring_options((1, 5, 2, 3, 3)))
    assert a.best["expected_turns"] == pytest.approx(1 + best, abs=1e-9)
    pts = E.advise((1, 5, 2, 3, 3), turn_points=300, score=1000, objective="expected_points")
    assert pts.higher_is_better and pts.best["expected_points"] == pytest.approx(max(
        c["expected_points"] for c in pts), abs=1e-12)


def test_advice_exact_5000_and_overshoot():
    a = E.advise((1, 5, 5, 3, 3), turn_points=0, score=4850)
    win = a.find(Roll((1, 5)))
    assert win["expected_turns"] == pytest.approx(1, abs=1e-12)
    assert a.best["expected_turns"] == pytest.approx(1, abs=1e-12)
    over = a.find(Roll((1, 5, 5)))
    assert over["p_bust"] == pytest.approx(1, abs=1e-12)
    assert over["expected_points"] == pytest.approx(0, abs=1e-12)
    assert over["expected_turns"] == pytest.approx(1 + E.turn_start_value(4850))
    assert Bank((1,)) in [c.action for c in a]


def test_advice_opening_and_rules():
    a = E.advise((1, 5, 2, 3, 3), turn_points=0, score=0)
    assert not any(isinstance(c.action, Bank) for c in a)
    a = E.advise((1, 5, 2, 3, 3), turn_points=650, score=0)
    assert {c.action for c in a if isinstance(c.action, Bank)} == {Bank((1,)), Bank((1, 5))}
    a6 = E.advise((3, 3, 3, 5, 4, 6), turn_points=0, score=1000, rules=SIX)
    assert {c.action for c in a6} == {Roll((3, 3, 3)), Roll((3, 3, 3, 5))}
    assert len(E.advise((1, 1, 1, 1, 1), turn_points=0, score=0)) == 0  # five 1s: won


def test_advice_bad_input():
    with pytest.raises(IllegalMove):
        E.advise((1, 2), turn_points=25, score=0)
    with pytest.raises(IllegalMove):
        E.advise((1, 2), turn_points=0, score=5100)
    with pytest.raises(IllegalMove):
        E.advise((1, 2), turn_points=0, score=100, opened=False)
    with pytest.raises(IllegalMove):
        E.advise((1, 2), turn_points=0, score=0, objective="fun")
    with pytest.raises(IllegalMove):
        E.advise((1,) * 6, turn_points=0, score=0)
    with pytest.raises(IllegalMove):
        E.advise((1, 2), turn_points=1000, score=4000)


def test_advise_state_empty_when_nothing_to_choose():
    s = cm.new_state(FIVE, 2)
    assert len(cinqmille_odds.advise_state(s)) == 0
    assert cinqmille_odds.advise_state(s, "expected_points").higher_is_better


@pytest.mark.parametrize("rules", [FIVE, SIX])
def test_optimal_policy_play_matches_solver(rules):
    """Simulating the advised best choice: mean turns within 4 standard errors."""
    rng = np.random.default_rng(1)
    turns = []
    for _ in range(300):
        g = cm.Game(rules=rules, seed=int(rng.integers(2**31)))
        while not g.is_over:
            a = cinqmille_odds.advise_state(g.state)
            g.apply(a.best.action if len(a) else g.legal_actions()[0])
        turns.append(g.state.turn_count)
    mean, se = np.mean(turns), np.std(turns) / np.sqrt(len(turns))
    assert abs(mean - E.expected_turns(rules)) < 4 * se


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VARIANTS), players=st.integers(1, 3))
def test_advice_matches_legal_actions_in_random_play(seed, rules, players):
    rng = np.random.default_rng(seed)
    g = cm.Game(rules=rules, players=players, seed=seed)
    for _ in range(150):
        if g.is_over:
            break
        a = cinqmille_odds.advise_state(g.state)
        legal = g.legal_actions()
        if g.state.phase == "choose":
            assert {c.action for c in a} == set(legal)
            assert all(c.loss >= 0 and 0 <= c["p_bust"] <= 1 for c in a)
            assert all(c["expected_turns"] >= 1 for c in a)
        else:
            assert len(a) == 0
        g.apply(legal[rng.integers(len(legal))])


# ----------------------------------------------------------- one turn's outcome, optimal play
def _oracle_turn(rules, score, cut=1e-15):
    """The end-of-turn score distribution by playing the game's own functions with
    policies.optimal on every roll outcome (exact enumeration of game states)."""
    import heapq
    from dataclasses import replace

    from dicelab.analysis.policies import optimal

    pol = optimal()
    s0 = replace(cm.new_state(rules, 1), scores=(score,), opened=(score > 0,))
    s0, _ = cm.step(s0, Roll(()))
    out = {}
    mass = {s0: 1.0}
    heap = [((0, 0), 0, s0)]
    tick = 1
    while heap:
        _, _, st = heapq.heappop(heap)
        if st not in mass:
            continue
        p = mass.pop(st)
        if p < cut:
            continue
        succ = []
        if st.to_roll:
            for o, q in roll_distribution(st.to_roll).items():
                succ.append((cm.roll_outcome(st, o)[0], p * float(q)))
        else:
            succ.append((cm.step(st, pol(st))[0], p))
        for nxt, q in succ:
            if nxt.is_over or nxt.phase == "start":
                end = cm.TARGET if nxt.is_over else nxt.scores[0]
                out[end] = out.get(end, 0.0) + q
            else:
                if nxt not in mass:
                    heapq.heappush(heap, ((nxt.turn_points, 0 if nxt.to_roll else 1), tick, nxt))
                    tick += 1
                mass[nxt] = mass.get(nxt, 0.0) + q
    return out


@pytest.mark.parametrize("rules,score", [(FIVE, 4700), (FIVE, 4850),
                                         (Rules(keep_all_scoring=True), 4750)])
def test_turn_outcome_matches_playing_the_optimal_policy(rules, score):
    """Same choices and tie-breaking as policies.optimal (6 dice: too many game states to
    enumerate here; the Bellman test below covers it)."""
    d = E.turn_outcome_distribution(score, rules)
    o = _oracle_turn(rules, score)
    assert set(o) <= set(d) | {k for k, v in o.items() if v < 1e-12}
    for k in set(d) | set(o):
        assert d.get(k, 0.0) == pytest.approx(o.get(k, 0.0), abs=1e-10), k


@pytest.mark.parametrize("rules", VARIANTS)
def test_turn_outcome_matrix_is_the_optimal_policy(rules):
    """Rows sum to 1, stay on scores >= s, and 1 + sum P(s -> s') E[s'] = E[s] (Bellman)."""
    P = E.turn_outcome_matrix(rules)
    V = E.solve_turns(rules).V
    assert P.shape == (101, 101)
    assert np.allclose(P.sum(axis=1), 1.0, atol=1e-12)
    assert (P >= 0).all() and np.allclose(np.tril(P, -1), 0.0)
    assert np.max(np.abs(1.0 + P[:100] @ V - V[:100])) < 1e-9
    assert P[100, 100] == pytest.approx(1, abs=1e-12)
    low = rules.opening // 50
    assert 0 < P[0, 0] < 1 and P[0, 1:low].sum() == 0 and P[0, low] > 0  # opening


def test_turn_outcome_distribution_values():
    d = E.turn_outcome_distribution(4900)
    assert set(d) == {4900, 5000} and sum(d.values()) == pytest.approx(1.0)
    # from 4900 the only good move is 100 exactly: rolling on with the 1s and 5s
    assert E.turn_outcome_distribution(5000) == {5000: pytest.approx(1, abs=1e-12)}
    d0 = E.turn_outcome_distribution(0)
    assert min(k for k in d0 if k) == 750
    with pytest.raises(IllegalMove):
        E.turn_outcome_distribution(4925)


@pytest.mark.parametrize("rules", [FIVE, SIX, Rules(opening=1000)])
def test_turns_distribution_and_moments(rules):
    p = E.turns_distribution(rules, max_turns=400)
    assert p[0] == 0 and p.sum() == pytest.approx(1.0, abs=1e-10)
    t = np.arange(len(p))
    mean, sd = E.turns_moments(rules)
    assert p @ t == pytest.approx(E.expected_turns(rules), abs=1e-8)
    assert mean == pytest.approx(E.expected_turns(rules), abs=1e-9)
    assert p @ t**2 - (p @ t) ** 2 == pytest.approx(sd**2, rel=1e-8)
    # the cut tail is the mass left out
    short = E.turns_distribution(rules, max_turns=10)
    assert np.allclose(short, p[:11]) and short.sum() < 1


def test_absorbing_helpers_by_hand():
    from dicelab.engine import markov as E

    P = np.array([[0.5, 0.25, 0.25], [0.0, 0.5, 0.5], [0.0, 0.0, 1.0]])
    p = E.absorbing_turns(P, 0, 60)
    # 0.25, then 0.5*0.25 + 0.25*0.5
    assert p[:3].tolist() == pytest.approx([0.0, 0.25, 0.25], abs=1e-12)
    # T from 1 is geometric(1/2): mean 2, var 2; from 0: 1 + (0.5 T0 + 0.25 T1 + 0.25 * 0)
    mean, var = E.absorbing_moments(P, 0)
    t = np.arange(61)
    assert mean == pytest.approx(p @ t) and var == pytest.approx(p @ t**2 - (p @ t) ** 2)
    assert mean == pytest.approx(3.0)
    assert E.absorbing_moments(P, 2) == pytest.approx((0.0, 0.0), abs=1e-12)
    with pytest.raises(IllegalMove):
        E.absorbing_turns(P, 0, -1)


# ------------------------------------------ grouped rolls, exact tables
def _effects(rules, o):
    n = len(o)
    return frozenset((n - len(k) or rules.dice, p // 50, cm.keep_bank_refusal(rules, k, n) is None)
                     for k, p in cm.scoring_options(o, rules))


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_groups_are_exact_sums_over_every_roll(rules):
    # straightforward: every roll of 1..N dice, its set of set-aside effects, exact fractions
    m = E._model(rules)
    effects = list(zip(m.opt_next.tolist(), m.opt_p.tolist(), m.opt_bankable.tolist()))
    E_ = len(effects)
    exact: dict = {}
    for n in range(1, rules.dice + 1):
        for o, p in roll_distribution(n).items():
            if cm.is_five_ones(o, rules):
                key = frozenset((E_ + 1,))
            else:
                key = frozenset(effects.index(e) for e in _effects(rules, o)) or frozenset((E_,))
            exact.setdefault(key, [Fraction(0)] * rules.dice)[n - 1] += p
    assert set(exact) == set(m.groups)
    for g, group in enumerate(m.groups):
        for n in range(rules.dice):
            # float(Fraction) on both sides, correctly rounded: the same on any machine
            assert m.grp_PT[n, g] == float(exact[group][n])  # exactly: one rounding each
    assert all(sum(col[n] for col in exact.values()) == 1 for n in range(rules.dice))
    for first, stop, rows in m.buckets:  # every group is in its bucket, padded by repetition
        for g in range(first, stop):
            assert set(rows[g - first].tolist()) == set(m.groups[g])


@pytest.mark.parametrize("rules", [FIVE, SIX, Rules(min_bank=300)], ids=repr)
def test_grouped_step_equals_every_set_aside_one_at_a_time(rules):
    # one solver step against a plain loop over every roll and every legal set-aside
    m = E._model(rules)
    rng = np.random.default_rng(7)
    R = rng.random((m.N + 1, m.W + 1, E.TOP)) * 30
    D = rng.random(R.shape)
    R[1:, :, :] = np.round(R[1:, :, :])  # ties between set-asides: the slope rule matters
    Vb = rng.random(m.W + 1) * 30
    for u, lo, hi in [(60, 0, 61), (97, 40, 98), (m.UC, 0, E.TOP)]:
        S = hi - lo
        bust, win = rng.random(S) * 40, np.zeros(S)
        R2, D2 = R.copy(), D.copy()
        E._step(m, u, lo, hi, R2, D2, bust, win, lambda lo, hi, u2c: Vb[u2c][:, None])
        for s in range(lo, hi, 7):
            i = s - lo
            for n in range(1, m.N + 1):
                r_tot = d_tot = 0.0
                for o, p in roll_distribution(n).items():
                    if cm.is_five_ones(o, rules):
                        val, slope = win[i], 0.0
                    elif not cm.scoring_options(o, rules):
                        val, slope = bust[i], 1.0
                    else:
                        vals = []
                        for left, pts, bankable in _effects(rules, o):
                            u2 = u + pts
                            kind = m.kind[s, u2]
                            if kind == E._WIN:
                                vals.append((win[i], 0.0))
                            elif kind == E._OVER:
                                vals.append((bust[i], 1.0))
                            else:
                                u2c = min(u2, m.UC)
                                rv, dv = R[left, u2c, s], D[left, u2c, s]
                                if bankable and m.bank_ok[s, u2c] and Vb[u2c] < rv:
                                    vals.append((Vb[u2c], 0.0))
                                else:
                                    vals.append((rv, dv))
                        val = min(v for v, _ in vals)
                        slope = max(d for v, d in vals if v == val)
                    r_tot += float(p) * val
                    d_tot += float(p) * slope
                assert R2[n, u, s] == pytest.approx(r_tot, rel=1e-12), (u, s, n)
                assert D2[n, u, s] == pytest.approx(d_tot, rel=1e-12), (u, s, n)
