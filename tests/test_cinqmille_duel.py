"""Two-player 5000 played to win: identities, plain iteration, the shipped table,
simulation of duel-optimal against duel-optimal, and the advice."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from dicelab.analysis.policies import duel_optimal
from dicelab.analysis.simulate import play_one
from dicelab.core.errors import DicelabError
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine.cinqmille import duel as cd
from dicelab.engine.cinqmille import flat
from dicelab.engine.cinqmille import solo as eng
from dicelab.games import cinqmille as cm
from dicelab.tools.build_tables import write

TOP = 100
LOW = 9200  # layers s + o >= 9200 points: a few seconds


@pytest.fixture(scope="module")
def reduced():
    return cd.solve_duel(cm.Rules(), lowest=LOW)


def test_reduced_matches_plain_value_iteration(reduced):
    base = cd.solve_duel(cm.Rules(), lowest=LOW, newton=False)
    ok = ~np.isnan(reduced.T)
    assert ok.sum() > 50
    assert np.max(np.abs(reduced.T[ok] - base.T[ok])) < 1e-11
    assert reduced.evaluations < base.evaluations


@pytest.mark.parametrize("rules", [cm.Rules(), cm.Rules(dice=6, keep_all_scoring=True)],
                         ids=["default", "6 dice, keep all"])
def test_fast_solve_agrees_with_the_old_solver(rules):
    """Issue 31: extrapolated first estimates, the flat layout's sweep (:func:`flat.fast_sweep`)
    and slopes by a lowered bust value at a layer's first sweep only give the old solver's
    values (benchmarks/reference_duel_cinqmille.py) to 1e-12."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "reference_duel_cinqmille.py"
    spec = importlib.util.spec_from_file_location("_test_reference_duel_cinqmille", path)
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    low = 8000
    T_old, sweeps_old = ref.solve(rules, lowest=low)
    new = cd.solve_duel(rules, lowest=low)
    ok = ~np.isnan(T_old)
    assert ok.sum() > 500 and np.array_equal(ok, ~np.isnan(new.T))
    assert np.max(np.abs(new.T[ok] - T_old[ok])) <= 1e-12
    # more sweeps, but only the first of each layer also carries the slopes (a second
    # column per row, not a second pass: the speed-up is in make bench)
    assert sweeps_old < new.evaluations < 2 * sweeps_old


def test_a_set_aside_wins_or_overshoots_by_its_total_alone():
    """The flat layout (flat.Layout) sends a set-aside to the win or the bust row by the total
    it reaches, whatever the score: true of every variant's rules."""
    reach = TOP + 50  # past every total a sweep reaches (6 dice: 5000 + 300, + 2000)
    for rules in cd.shipped_variants():
        for u in range(reach):
            seen = {cm.set_aside_result(rules, s * cm.UNIT, (u - s) * cm.UNIT)
                    for s in range(min(u, TOP - 1) + 1)}
            assert len(seen) == 1, (rules, u, seen)


@pytest.mark.parametrize("rules", [cm.Rules(), cm.Rules(dice=6),
                                   cm.Rules(opening=1000, keep_all_scoring=True)],
                         ids=["5 dice", "6 dice", "opening 1000, keep all"])
def test_fast_sweep_equals_the_solvers_sweep(rules):
    """One sweep of a layer by the flat layout (every row, or a few rows alone) equals the
    solo engine's vectorised step (:func:`cd._sweep`) at every total and dice count, to
    1e-15; its second column's difference is the exact slope D where the policy does not
    change within the step."""
    m = eng._model(rules)
    lay = flat.layout(rules)
    rng = np.random.default_rng(4)
    T = rng.uniform(0.0, 1.0, (TOP, TOP))
    Text = cd._text(m, T)
    for L in (190, 120, 99, 40, 3):
        lo, hi = max(0, L - TOP + 1), min(L, TOP - 1)
        ss = np.arange(lo, hi + 1)
        oo = L - ss
        bust = T[oo, ss] - 1.0
        R = np.zeros((m.N + 1, m.W + 1, TOP))
        D = np.zeros_like(R)
        cd._sweep(m, Text, lo, hi, oo, bust, R, D, lo)
        Z = np.zeros((2 * lay.size + 2, 2 * TOP))  # two columns per row: the slopes
        Z1 = np.zeros((2 * lay.size + 2, TOP))  # one: the values alone
        Z[lay.win] = Z1[lay.win] = -1.0
        flat.fast_sweep(lay, Z, flat.bank_rows(lay, Text, lo, hi, oo, 2), lo, hi, bust)
        flat.fast_sweep(lay, Z1, flat.bank_rows(lay, Text, lo, hi, oo), lo, hi, bust)
        fast = Z[: lay.size].reshape(m.N + 1, m.W + 1, 2 * TOP)
        fast1 = Z1[: lay.size].reshape(m.N + 1, m.W + 1, TOP)
        # a few rows alone (the later Newton steps sweep only the rows that moved)
        some = ss[:: max(1, len(ss) // 4)]
        Zc = np.zeros((2 * lay.size + 2, TOP))
        Zc[lay.win] = -1.0
        flat.sweep_columns(lay, Zc, flat.bank_rows(lay, Text, lo, hi, oo)[:, some - lo], some,
                          bust[some - lo])
        cols = Zc[: lay.size].reshape(m.N + 1, m.W + 1, TOP)
        for s in ss:
            ref = R[1:, s : lay.top + 1, s]
            assert np.max(np.abs(fast[1:, s : lay.top + 1, 2 * s] - ref)) <= 1e-15, (L, s)
            assert np.max(np.abs(fast1[1:, s : lay.top + 1, s] - ref)) <= 1e-15, (L, s)
            if s in some:
                assert np.max(np.abs(cols[1:, s : lay.top + 1, s] - ref)) <= 1e-15, (L, s)
        slope = (fast[m.N, ss, 2 * ss + 1] - fast[m.N, ss, 2 * ss]) / flat.SLOPE_STEP
        # -dF/dp of F = -R: lowering the bust value by h raises -R by D h
        same = np.abs(slope + D[m.N, ss, ss]) <= 1e-6
        assert same.mean() > 0.9, L


def test_shipped_table_rebuilds_within_1e_12(reduced, tmp_path):
    shipped = cd.duel_table()
    ok = ~np.isnan(reduced.T)
    # another CPU or numpy build sums in another order: the last bits may differ
    np.testing.assert_allclose(shipped[ok], reduced.T[ok], rtol=0, atol=1e-12)
    write(tmp_path / "t.npz", reduced.T, cm.Rules(), cd.table_meta(cm.Rules()))
    with np.load(tmp_path / "t.npz") as z:
        np.testing.assert_allclose(z["T"], reduced.T, rtol=0, atol=1e-12, equal_nan=True)


def test_table_is_a_fixed_point_of_the_turn():
    T = cd.duel_table()
    for s, o in [(0, 0), (15, 0), (0, 15), (40, 60), (98, 99), (99, 99), (90, 30)]:
        R = cd._turn(cm.Rules(), s, o)
        assert -R[5, s] == pytest.approx(T[s, o], abs=1e-11)


def test_identities_and_first_player_edge():
    T = cd.duel_table()
    assert np.all((T >= 0) & (T <= 1))
    p0 = cd.duel_win_probability()
    # seat 1 at the start of its turn after seat 0 busts at 0-0: the same symmetric position
    assert cd.duel_win_probability(scores=(0, 0), to_play=1) == pytest.approx(p0, abs=1e-12)
    assert p0 == pytest.approx(0.526847, abs=5e-7)
    # seats swap: P(seat 1 wins at (a, b), its turn) is the table at (b, a)
    assert cd.duel_win_probability(scores=(1000, 2500), to_play=1) == pytest.approx(T[50, 20],
                                                                                  abs=1e-12)
    assert cd.duel_win_probability(scores=(5000, 200), to_play=1) == pytest.approx(0, abs=1e-12)
    assert cd.duel_win_probability(scores=(5000, 200), to_play=0) == pytest.approx(1, abs=1e-12)
    # playing to win is worth at least the solo policy's chance (the solver maximises it)
    assert T[99, 99] > 0.5  # moving first at 4950 each: you may well win at once


def test_errors():
    with pytest.raises(DicelabError, match="multiple of 50"):
        cd.duel_win_probability(scores=(10, 0))
    with pytest.raises(DicelabError, match="two scores"):
        cd.duel_win_probability(scores=(0, 0, 0))
    with pytest.raises(DicelabError, match="seat 0 or 1"):
        cd.duel_win_probability(to_play=2)
    assert cinqmille_odds.duel_win_probability is cd.duel_win_probability  # the entry point


def _state(scores, dice, turn_points=0, players=2):
    s = cm.new_state(cm.Rules(), players)
    return replace(s, scores=scores, opened=tuple(x > 0 for x in scores), dice=dice,
                   phase="choose", turn_points=turn_points)


def test_advice_ranks_by_duel_probability_and_keeps_solo_figures():
    a = cinqmille_odds.advise_state(_state((1000, 4950), (1, 5, 2, 3, 3), turn_points=150))
    assert a.objective == "p_duel" and a.kind == "duel" and a.label == "duel odds"
    ps = [c["p_duel"] for c in a]
    assert ps == sorted(ps, reverse=True)
    assert all(c.loss == pytest.approx(ps[0] - c["p_duel"]) for c in a)
    assert all("expected_turns" in c.numbers for c in a)


def test_behind_take_risks():
    """1000 against 4950, 200 in the turn, a 1 to set aside: solo play banks 300, playing
    to win rolls the two dice left (the lesson's question)."""
    state = _state((1000, 4950), (1, 2, 3), turn_points=200)
    duel = cinqmille_odds.advise_state(state)
    solo = cinqmille_odds.advise_state(state, objective="expected_turns")
    assert solo.kind == "solo" and solo.best.action == cm.Bank((1,))
    assert duel.best.action == cm.Roll((1,))
    bank = duel.find(cm.Bank((1,)))
    assert bank.loss > 0 and bank["p_duel"] < 0.85 * duel.best["p_duel"]


def test_three_players_get_labelled_solo_odds():
    a = cinqmille_odds.advise_state(_state((1000, 0, 0), (1, 5, 2, 3, 3), players=3))
    assert a.kind == "solo" and a.players == 3 and a.label == "solo odds"
    with pytest.raises(DicelabError, match="two-player"):
        cinqmille_odds.advise_state(_state((1000, 0, 0), (1, 5, 2, 3, 3), players=3),
                                    objective="p_duel")


def test_duel_optimal_simulation_agrees_within_4_sigma():
    rules = cm.Rules()
    start = (4500, 4500)
    p = cd.duel_win_probability(rules, start)
    pol = duel_optimal()
    rng = np.random.default_rng(11)
    n, wins = 600, 0
    for _ in range(n):
        st = replace(cm.new_state(rules, 2), scores=start, opened=(True, True))
        st = play_one("cinqmille", [pol, pol], rules, 2, rng, state=st)
        wins += st.winners == (0,)
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(wins / n - p) < 4 * sigma


@pytest.mark.slow
def test_shipped_table_against_a_fresh_full_solve():
    cd.clear_caches()
    fresh = cd.solve_duel(cm.Rules(), use_table=False)
    cd.clear_caches()
    shipped = cd.duel_table()
    for s, o in [(0, 0), (15, 15), (50, 80), (80, 50), (99, 0)]:
        assert fresh.T[s, o] == pytest.approx(shipped[s, o], abs=1e-12)


# ------------------------------------------------------------------ the fast in-turn sweep
def _pairs(k, seed):
    rng = np.random.default_rng(seed)
    fixed = [(0, 0), (0, 15), (15, 0), (14, 3), (98, 99), (99, 99), (99, 0), (0, 99), (60, 97)]
    return fixed + [tuple(int(x) for x in rng.integers(0, TOP, 2)) for _ in range(k)]


@pytest.mark.parametrize("rules", [cm.Rules(), cm.Rules(dice=6)], ids=["5 dice", "6 dice"])
def test_row_sweep_equals_the_solvers_sweep(rules):
    """The one-row sweep of live advice gives the solver's vectorised sweep's values at every
    total and dice count (a drift in the fast path fails here)."""
    m = eng._model(rules)
    T = cd.duel_table(rules)
    cd._turn.cache_clear()
    for s, o in _pairs(25, 1):
        fast = cd._turn(rules, s, o)
        ref = cd._turn_reference(rules, s, o)
        assert fast.shape == (m.N + 1, m.W + 1)
        assert np.max(np.abs(fast[1:, s:] - ref[1:, s:])) <= 1e-12, (s, o)
        assert -fast[m.N, s] == pytest.approx(T[s, o], abs=1e-11)


@pytest.mark.parametrize("rules", [cm.Rules(), cm.Rules(dice=6)], ids=["5 dice", "6 dice"])
def test_first_decision_averaged_over_the_first_roll_is_the_table(rules):
    """At the start of a turn, the best choice's p_duel of every first roll, weighted by the
    roll's probability (a bust hands over, five 1s win), is T[s, o]."""
    from dicelab.core.dice import roll_distribution

    T = cd.duel_table(rules)
    dist = roll_distribution(rules.dice)
    for s, o in _pairs(6, 2):
        total = 0.0
        for roll, p in dist.items():
            if cm.is_five_ones(roll, rules):
                v = 1.0
            elif not cm.scoring_options(roll, rules):
                v = 1.0 - T[o, s]
            else:
                v = max(cd.choice_values(rules, s, o, s, roll).values())
            total += float(p) * v
        assert total == pytest.approx(T[s, o], abs=1e-11), (s, o)


def test_advice_at_a_turn_start_matches_the_reference_sweep(monkeypatch):
    state = _state((1500, 2000), (1, 5, 2, 3, 3))
    fast = cinqmille_odds.advise_state(state)
    monkeypatch.setattr(cd, "_turn", cd._turn_reference)
    ref = cinqmille_odds.advise_state(state)
    assert [c.action for c in fast] == [c.action for c in ref]
    for a, b in zip(fast, ref):
        assert a["p_duel"] == pytest.approx(b["p_duel"], abs=1e-12)


def test_warm_reads_the_table_and_reports_readiness():
    cd.clear_caches()
    assert cd.warm(cm.Rules(dice=6, opening=1000)) is False  # not solved: no solve either
    assert cm.Rules(dice=6, opening=1000) not in cd._CACHE
    cd.solve_duel(cm.Rules())  # solved and cached on the machine
    cd.clear_caches()
    assert cd.warm() is True and cm.Rules() in cd._CACHE  # read from the cache
    with pytest.raises(DicelabError, match="Rules"):
        cd.warm("5000")


# ------------------------------------------------------------------ every variant is cached
def test_every_variant_is_solved_on_first_use_and_cached():
    """Issue 31 §2: no 5000 table ships (each solves in under 10 s); the first solve of a
    variant is saved to the machine's cache, and the next kernel reads it."""
    from dicelab.engine.race import cache_dir, load_table

    variants = cd.shipped_variants()
    assert len(variants) == len(set(variants)) == 48 and not cd.SHIP_VARIANTS
    assert [t[1] for t in cd.shipped_tables()] == [cd.surface_name(cm.Rules(), 3)]
    rules = cm.Rules(dice=6, opening=700)
    cd.clear_caches()
    assert not any(cd.duel_ready(r) for r in variants)
    solved = cd.solve_duel(rules)
    assert solved.seconds > 0 and (cache_dir() / cd.table_name(rules)).is_file()
    cd.clear_caches()
    assert cd.duel_ready(rules)
    T = load_table(cd.table_name(rules), cd.table_meta(rules), (TOP, TOP))
    assert np.array_equal(T, solved.T) and np.all((T >= 0) & (T <= 1))


SPREAD = [cm.Rules(opening=1000), cm.Rules(min_bank=300, no_4900=True),
          cm.Rules(keep_all_scoring=True, opening=700),
          cm.Rules(dice=6, min_bank=0, keep_all_scoring=True),
          cm.Rules(dice=6, opening=1000, no_4900=True)]


@pytest.mark.parametrize("rules", SPREAD, ids=repr)
def test_shipped_variant_tables_are_fixed_points_of_the_turn(rules):
    """Each start-of-turn value is the turn played from it (busts and banks read in the same
    table): a wrong or mislabelled file fails here."""
    T = cd.duel_table(rules)
    for s, o in [(0, 0), (0, 30), (99, 99), (70, 20), (25, 98)]:
        R = cd._turn(rules, s, o)
        assert -R[rules.dice, s] == pytest.approx(T[s, o], abs=1e-11), (s, o)


@pytest.mark.parametrize("rules", [cm.Rules(opening=1000, keep_all_scoring=True),
                                   cm.Rules(dice=6, min_bank=0, no_4900=True)], ids=repr)
def test_shipped_variant_tables_rebuild_within_1e_12(rules):
    fresh = cd.solve_duel(rules, lowest=LOW)
    ok = ~np.isnan(fresh.T)
    assert ok.sum() > 50
    np.testing.assert_allclose(cd.duel_table(rules)[ok], fresh.T[ok], rtol=0, atol=1e-12)
