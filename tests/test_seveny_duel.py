"""Two-player Seveny played to win: the last turn against plain recursion, plain
value iteration, the end rule, simulation of duel-optimal play, and the advice."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from dicelab.analysis.policies import duel_optimal
from dicelab.analysis.simulate import play_one
from dicelab.core.dice import roll_distribution
from dicelab.core.errors import DicelabError
from dicelab.engine import seveny as seveny_odds
from dicelab.engine.seveny import duel as sd
from dicelab.engine.seveny import solo as eng
from dicelab.games import seveny as sv

SMALL = sv.Rules(target=5)


def brute_last_turn(d: int) -> float:
    """Seat 1's last turn by plain recursion over (memorised, hand): P(> d) + P(= d) / 2."""

    def bank(total: int) -> float:
        return 1.0 if total > d else 0.5 if total == d else 0.0

    @cache
    def roll(m: int, hand: tuple[int, ...]) -> float:
        total = 0.0
        for o, p in roll_distribution(sv.DICE - len(hand)).items():
            best = 0.0  # a bust
            for k in sv.settable(hand, o):
                nh = tuple(sorted(hand + k))
                pts = m + sv.score(nh)
                go = (roll(pts, ()) if pts <= d else 1.0) if len(nh) == sv.DICE else roll(m, nh)
                best = max(best, bank(pts), go)
            total += float(p) * best
        return total

    return roll(0, ())


@pytest.mark.parametrize("d", [1, 2, 3])
def test_last_turn_against_plain_recursion(d):
    assert sd.last_turn_probability(d) == pytest.approx(brute_last_turn(d), abs=1e-12)


def test_plain_value_iteration_agrees():
    tiny = sv.Rules(target=3)
    a = sd.solve_duel(tiny, use_table=False)
    b = sd.solve_duel(tiny, use_table=False, newton=False)
    assert np.max(np.abs(a.T - b.T)) < 1e-11
    assert a.evaluations < b.evaluations


def _reference(name):
    """The old solver ``benchmarks/<name>.py`` (dicelab 0.2.0's, the benchmark's baseline)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    import sys

    key = f"_test_{name}"
    if key not in sys.modules:  # registered first: its dataclasses look their module up
        spec = importlib.util.spec_from_file_location(key, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[key] = mod
        spec.loader.exec_module(mod)
    return sys.modules[key]


@pytest.mark.parametrize("target", [2, 9, 20])
def test_fast_solve_agrees_with_the_old_solver(target):
    """Issue 31: the faster layers (extrapolated first estimates, settled pairs leaving the
    sweeps, seat 0's cap from the partner's value) give the old solver's values to 1e-12,
    with fewer turn sweeps."""
    T_old, sweeps_old = _reference("reference_duel_seveny").solve(target)
    new = sd.solve_duel(sv.Rules(target=target), use_table=False)
    assert new.T.shape == T_old.shape == (2, target, target)
    assert not np.isnan(new.T).any()
    assert np.max(np.abs(new.T - T_old)) <= 1e-12
    assert new.evaluations <= sweeps_old or target < 5  # (a 2 x 2 board: a sweep more)


def _assert_same_turn(target, T, q, aa, bb, p, cap_new, cap_old):
    """Seat 0's turn at (aa, bb) with the lower cap is the turn with the old cap to 1e-15,
    and its value is the table's to 1e-12."""
    bank = sd._bank_rows(0, aa, bb, target, T, q, int(cap_old.max()) + sd.MS + 1)
    bank[:, 0] = p - 1.0
    new, _ = sd._turn_batch(bank.copy(), p - 1.0, cap_new)
    old, _ = sd._turn_batch(bank.copy(), p - 1.0, cap_old)
    assert np.max(np.abs(new[0] - old[0])) <= 1e-15
    assert np.allclose(-new[0], T[0, aa, bb], atol=1e-12, rtol=0)


def test_cap_from_the_partner_value_changes_no_turn():
    """Seat 0's turn past the target, evaluated with the cap that the partner's value
    allows (q(d) <= p7 p), is the turn with the old cap ``dstar`` to 1e-15."""
    target = 12
    T = sd.solve_duel(sv.Rules(target=target)).T
    dstar, q = sd._caps(target)
    leads = sd._bank_leads(q)
    aa, bb = np.array([0, 3, 11, 5]), np.array([0, 7, 2, 11])
    p = T[1, aa, bb]
    d = np.maximum(np.searchsorted(leads, -sd.P7 * p), target - bb)
    cap_new, cap_old = d - aa + bb, dstar[bb] - aa + bb
    assert np.all(cap_new <= cap_old) and np.any(cap_new < cap_old)
    _assert_same_turn(target, T, q, aa, bb, p, cap_new, cap_old)


def test_lead_caps_from_the_grid_change_no_turn():
    """Seat 0's turn past the target capped at the lead of ``_lead_caps`` (the last lead where
    rolling beats banking, at the grid's partner value below ``p``) is the turn with the old
    cap ``dstar`` to 1e-15, and the cap is lower than the p7 bound's."""
    target = 30
    T = sd.solve_duel(sv.Rules(target=target), use_table=False).T
    dstar, q = sd._caps(target)
    pk, dk = sd._lead_caps(len(q) - 1)
    assert np.all(np.diff(dk) <= 0) and np.all(dk >= 1)
    aa, bb = np.array([0, 3, 29, 15, 20, 0]), np.array([0, 7, 2, 29, 20, 25])
    p = T[1, aa, bb]
    k = np.searchsorted(pk, p, side="right") - 1
    assert np.all(k >= 0)
    p7 = np.searchsorted(sd._bank_leads(q), -sd.P7 * p)
    d = np.maximum(np.minimum(dk[k], p7), target - bb)
    cap_new, cap_old = d - aa + bb, dstar[bb] - aa + bb
    assert np.all(cap_new <= cap_old)
    assert np.any(np.maximum(dk[k], target - bb) < np.maximum(p7, target - bb))
    _assert_same_turn(target, T, q, aa, bb, p, cap_new, cap_old)


def test_end_rule_and_identities():
    T = sd.duel_table(SMALL)
    assert np.all((T >= 0) & (T <= 1))
    # seat 0 at the target: seat 1 plays its last turn, needing more than the lead
    assert sd.duel_win_probability(SMALL, (7, 3), to_play=1) == pytest.approx(
        sd.last_turn_probability(4), abs=1e-12)
    with pytest.raises(DicelabError, match="does not play again"):
        sd.duel_win_probability(SMALL, (7, 3), to_play=0)
    with pytest.raises(DicelabError, match="game is over"):
        sd.duel_win_probability(SMALL, (3, 7), to_play=0)
    # a bust passes the turn with the same scores: seat 1's value there is the partner
    R, cap, bank = sd._turn_of(SMALL, 0, 2, 3)
    assert -R[0, 0] == pytest.approx(T[0, 2, 3], abs=1e-11)
    assert bank[0] == pytest.approx(T[1, 2, 3] - 1.0)


def test_duel_optimal_simulation_agrees_within_4_sigma():
    p = sd.duel_win_probability(SMALL)
    pol = duel_optimal()
    rng = np.random.default_rng(5)
    n, won = 500, 0.0
    for _ in range(n):
        st = play_one("seveny", [pol, pol], SMALL, 2, rng)
        won += (0 in st.winners) / len(st.winners)
    sigma = math.sqrt(0.25 / n)
    assert abs(won / n - p) < 4 * sigma


def test_advice_ranks_by_duel_probability():
    s = replace(sv.new_state(SMALL, 2), scores=(0, 0))
    s, _ = sv.roll_outcome(sv.step(s, sv.Roll(()))[0], (1, 1, 1, 2, 3, 4, 6))
    a = seveny_odds.advise_state(s)
    assert a.kind == "duel" and a.objective == "p_duel"
    ps = [c["p_duel"] for c in a]
    assert ps == sorted(ps, reverse=True) and all("expected_turns" in c.numbers for c in a)


def test_shipped_table_is_a_fixed_point():
    T = sd.duel_table()
    assert T.shape == (2, 50, 50)
    for seat, a, b in [(0, 0, 0), (1, 0, 0), (0, 49, 20), (1, 30, 45), (0, 10, 48)]:
        R, cap, bank = sd._turn_of(sv.Rules(), seat, a, b)
        assert -R[0, 0] == pytest.approx(T[seat, a, b], abs=1e-11)
    assert 0.4 < sd.duel_win_probability() < 0.5  # the second player, who plays last, leads


def test_only_the_slow_target_ships():
    """Issue 31 §2: a menu target's table ships only when its solve takes over 10 s: 100
    (24 s without numba); 20, 30 and 50 are solved on first use and cached."""
    assert sd.SHIPPED_TARGETS == (100,)
    assert set(sd.SHIPPED_TARGETS) < set(sv.Rules.CHOICES["target"])
    assert [t[1] for t in sd.shipped_tables()] == ["duel_seveny_t100.npz",
                                                    "solo_seveny_t100.npz"]
    sd.clear_caches()
    assert sd.duel_ready(sv.Rules(target=100))
    assert not any(sd.duel_ready(sv.Rules(target=t)) for t in (20, 30, 50))
    sol = sd.solve_duel(sv.Rules(target=100))
    assert sol.seconds == 0.0 and sol.T.shape == (2, 100, 100)  # read, not solved


@pytest.mark.slow
def test_the_default_target_against_the_old_solver():
    """Target 50 (no longer shipped: solved on first use, compiled) against dicelab 0.2.0's
    solver, every value to 1e-12."""
    T_old, _ = _reference("reference_duel_seveny").solve(50)
    fresh = sd.solve_duel(sv.Rules(), use_table=False)
    assert np.max(np.abs(fresh.T - T_old)) <= 1e-12


@pytest.mark.slow
@pytest.mark.parametrize("target", sd.SHIPPED_TARGETS)
def test_shipped_files_against_a_fresh_build(target):
    """Every array of the shipped file (table and caps), at a tolerance: another CPU sums in
    another order.  The caps ``dstar`` come from comparing floats, so they may differ only
    where that comparison is a near-tie (within 1e-9), which changes no value shown."""
    rules = sv.Rules(target=target)
    fresh = sd.table_arrays(rules)
    sd._CACHE.clear()
    from dicelab.engine import race

    with race._data_file(sd.table_name(rules)).open("rb") as f, np.load(f) as sh:
        assert np.max(np.abs(fresh["T"] - sh["T"])) < 1e-11
        assert np.max(np.abs(fresh["q"] - sh["q"])) < 1e-12
        q = sh["q"]
        for d1, d2, b in zip(fresh["dstar"], sh["dstar"], range(target)):
            bound = sd.P7 * q[target - b]  # dstar[b]: the first d with q[d] <= bound
            for d in range(min(d1, d2), max(d1, d2)):
                assert q[d] == pytest.approx(bound, rel=1e-9), (b, d1, d2)


# ------------------------------------------------------------------ the fast in-turn path
def brute_choices(rules, seat, a, b, memorised, hand, roll):
    """Every choice of the seat to play by plain recursion over (memorised, hand), from the
    start-of-turn table: ``{(set-aside, "roll" | "bank"): P(win)}``.  Banking ``t`` points
    moves to the other seat's start of turn (or to seat 1's last turn, or wins); from the
    solver's proven cap on, the player banks."""
    T = sd.duel_table(rules)
    target = rules.target
    last = seat == 1 and a >= target
    x = 0.0 if last else 1.0 - T[1 - seat, a, b]
    if last:
        cap = a - b + 1
    elif seat == 0:
        cap = int(sd._caps(target)[0][b]) - a + b
    else:
        cap = target - b

    def bank(t: int) -> float:
        if t == 0:
            return x
        if last:
            return 1.0 if t > a - b else 0.5 if t == a - b else 0.0
        if seat == 1:
            return 1.0 if b + t >= target else 1.0 - T[0, a, b + t]
        if a + t < target:
            return 1.0 - T[1, a + t, b]
        return 1.0 - sd.last_turn_probability(a + t - b)

    @cache
    def roll_on(m: int, h: tuple[int, ...]) -> float:
        total = 0.0
        for o, p in roll_distribution(sv.DICE - len(h)).items():
            opts = sv.settable(h, o)
            total += float(p) * (max(best(m, h, k) for k in opts) if opts else x)
        return total

    def options(m, h, k):
        nh = tuple(sorted(h + k))
        pts = m + sv.score(nh)
        go = (roll_on(pts, ()) if pts < cap else None) if len(nh) == sv.DICE else (
            roll_on(m, nh) if m < cap else None)
        return bank(pts), go

    def best(m, h, k):
        bk, go = options(m, h, k)
        return bk if go is None else max(bk, go)

    out = {}
    for k in sv.settable(hand, roll):
        bk, go = options(memorised, hand, k)
        out[(k, "bank")] = bk
        if go is not None:
            out[(k, "roll")] = go
    return out


@pytest.mark.parametrize("target,seat,a,b,memorised,hand,roll", [
    (6, 1, 2, 3, 0, (), (1, 1, 2, 2, 2, 6, 6)),
    (7, 1, 0, 4, 1, (1,), (1, 3, 3, 3, 5, 6)),
    (8, 1, 5, 5, 0, (6, 6), (1, 2, 6, 6, 4)),
    (5, 1, 9, 2, 3, (), (1, 2, 2, 2, 5, 6, 6)),  # seat 1's last turn, 7 behind
])
def test_choice_values_against_plain_recursion(target, seat, a, b, memorised, hand, roll):
    rules = sv.Rules(target=target)
    sd.clear_positions()
    fast = sd.choice_values(rules, seat, a, b, memorised, hand, roll)
    ref = brute_choices(rules, seat, a, b, memorised, hand, roll)
    assert ref and set(ref) <= set(fast)
    for key, v in ref.items():
        assert fast[key] == pytest.approx(v, abs=1e-12), key
    # past the cap, rolling on is one more roll then a bank (brute: banking only)
    assert all(fast[key] <= fast[(key[0], "bank")] + 1e-12 for key in fast if key not in ref)


def _first_decision_average(rules, seat, a, b):
    """The first decision of the turn, best choice averaged over the first roll."""
    T = sd.duel_table(rules)
    total = 0.0
    for o, p in roll_distribution(sv.DICE).items():
        vals = sd.choice_values(rules, seat, a, b, 0, (), o)
        total += float(p) * (max(vals.values()) if vals else 1.0 - T[1 - seat, a, b])
    return total


@pytest.mark.parametrize("target,seat,a,b", [(5, 0, 0, 0), (9, 0, 3, 7), (12, 1, 11, 2),
                                             (50, 0, 0, 0), (50, 0, 7, 49), (50, 1, 40, 12),
                                             (20, 1, 19, 0), (30, 0, 0, 29), (100, 0, 99, 99)])
def test_first_decision_averages_to_the_table(target, seat, a, b):
    rules = sv.Rules(target=target)
    sd.clear_positions()
    T = sd.duel_table(rules)
    assert _first_decision_average(rules, seat, a, b) == pytest.approx(T[seat, a, b],
                                                                          abs=1e-12)


@pytest.mark.parametrize("seat,a,b", [(0, 0, 0), (0, 3, 44), (1, 20, 30), (0, 49, 0)])
def test_fast_path_agrees_with_the_whole_turn(seat, a, b):
    """A position's rows, one sweep per memorised total from its cycle starts, against one
    whole turn of the position (every memorised total from the cap down)."""
    rules = sv.Rules(target=100)
    sd.clear_positions()
    R, cap, bank = sd._turn_of(rules, seat, a, b)
    pos = sd._position(rules, seat, a, b)
    for m in range(0, cap + 5):
        row = pos.row(m)
        if m < cap:
            assert np.max(np.abs(row - R[m])) < 1e-12, m
        assert pos.start(m) == pytest.approx(float(row[0]), abs=1e-12)
    k = min(len(bank), len(pos.bank))
    assert np.max(np.abs(pos.bank[:k] - bank[:k])) < 1e-12


def test_table_arrays_rebuild_a_reduced_case(tmp_path):
    from dicelab.tools.build_tables import write

    rules = sv.Rules(target=4)
    arrs = sd.table_arrays(rules)
    write(tmp_path / "t.npz", arrs, rules, sd.table_meta(rules))
    with np.load(tmp_path / "t.npz") as z:
        assert sorted(z.files) == ["T", "dstar", "meta", "q", "rules"]
        for k, v in arrs.items():
            np.testing.assert_allclose(z[k], v, rtol=0, atol=1e-12, err_msg=k)
    assert arrs["T"][0, 0, 0] == pytest.approx(sd.duel_win_probability(rules), abs=1e-12)


def test_targets_past_the_solver_are_refused_at_once() -> None:
    """A target above MAX_SOLVED_TARGET is a clear error, not hours of solving; readiness
    just says no (advice then stays solo)."""
    big = sv.Rules(target=eng.MAX_SOLVED_TARGET + 1)
    with pytest.raises(DicelabError, match="targets up to 100"):
        sd.solve_duel(big)
    with pytest.raises(DicelabError, match="targets up to 100"):
        sd.duel_win_probability(big, (3, 4), 1)
    assert sd.duel_ready(big) is False
