"""Two-player Trwavril played to win: one parapluie each (a small case), plain
against Gauss-Seidel sweeps, identities, simulation and advice."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from dicelab.analysis.policies import duel_optimal
from dicelab.analysis.simulate import play_one
from dicelab.core.errors import DicelabError
from dicelab.engine import trwavril as trwavril_odds
from dicelab.engine.trwavril import duel as td
from dicelab.engine.trwavril import solo as eng
from dicelab.games import trwavril as tw


@pytest.fixture(scope="module")
def one():
    return td.solve_duel(tw.Rules(), max_u=1)


def brute_turn(W11: np.ndarray, m: int, M: int) -> float:
    """The mover's turn by plain recursion over rolls and keeps, with the game's own
    ``flippable``: one parapluie each, so a miss loses."""
    from functools import cache

    from dicelab.core.dice import roll_distribution, sub_multisets

    def final(dice):
        best = 0.0  # a miss: out
        for c in tw.flippable(dice, tw.Rules()):
            after = m ^ (1 << (c - 1))
            best = max(best, 1.0 if after == 63 else 1.0 - W11[M, after])
        return best

    @cache
    def value(dice, left):
        if left == 0:
            return final(dice)
        best = final(dice)
        for keep in sub_multisets(dice):
            if len(keep) == len(dice):
                continue
            n = len(dice) - len(keep)
            ev = sum(float(p) * value(tuple(sorted(keep + o)), left - 1)
                     for o, p in roll_distribution(n).items())
            best = max(best, ev)
        return best

    return sum(float(p) * value(o, 2) for o, p in roll_distribution(4).items())


@pytest.mark.parametrize("m, M", [(0, 0), (0b11111, 0b101), (0b100001, 0b11110)])
def test_one_parapluie_each_against_plain_recursion(one, m, M):
    W = one.W[1, 1]
    assert brute_turn(W, m, M) == pytest.approx(W[m, M], abs=1e-12)


def test_one_parapluie_each_is_a_fixed_point(one):
    W = one.W[1, 1]
    again = td._sweep("four", W, None)
    assert np.max(np.abs(again - W)) < 1e-13
    assert np.all((W > 0) & (W < 1))
    # the mover takes the first risk of a miss, which with one parapluie loses the game
    assert W[0, 0] < 0.5
    # nearer to barring all six is better (here: five barred against none)
    assert W[tw_mask((1, 2, 3, 4, 5)), 0] > W[0, 0]


def tw_mask(cards):
    return eng.mask_of(cards)


def test_ends_and_errors():
    assert td.duel_win_probability(barred=((1, 2, 3, 4, 5, 6), ()), to_play=1) == pytest.approx(
        0, abs=1e-12)
    assert td.duel_win_probability(parapluies=(0, 2)) == pytest.approx(0, abs=1e-12)
    assert td.duel_win_probability(parapluies=(0, 2), to_play=1) == pytest.approx(1, abs=1e-12)
    with pytest.raises(DicelabError, match="parapluies"):
        td.duel_win_probability(parapluies=(5, 1))
    with pytest.raises(DicelabError, match="seat 0 or 1"):
        td.duel_win_probability(to_play=3)


def test_simulation_and_advice_with_one_parapluie(one, monkeypatch):
    rules = tw.Rules(parapluies=1)
    # advice and the policy read the module's cache: give it the one-parapluie levels
    full = np.full((5, 5, 63, 63), np.nan)
    full[1, 1] = one.W[1, 1]
    monkeypatch.setitem(td._CACHE, "four", td.DuelSolution("four", full, 0, 0.0))
    td._turn.cache_clear()
    p = td.duel_win_probability(rules)
    pol = duel_optimal()
    rng = np.random.default_rng(3)
    n, won = 400, 0
    for _ in range(n):
        st = play_one("trwavril", [pol, pol], rules, 2, rng)
        won += st.winners == (0,)
    assert abs(won / n - p) < 4 * math.sqrt(p * (1 - p) / n)
    st = tw.new_state(rules, 2)
    st, _ = tw.roll_outcome(tw.step(st, tw.Roll(()))[0], (2, 2, 5, 6))
    a = trwavril_odds.advise_state(st)
    assert a.kind == "duel" and a.objective == "p_duel" and len(a) > 1
    ps = [c["p_duel"] for c in a]
    assert ps == sorted(ps, reverse=True) and all("p_win" in c.numbers for c in a)
    td._turn.cache_clear()
    three = replace(tw.new_state(rules, 3), phase="choose", dice=(2, 2, 5, 6), rolls_left=2)
    s3 = trwavril_odds.advise_state(three)
    assert s3.kind == "solo" and s3.label == "solo odds"


def test_shipped_tables_are_fixed_points():
    for straight in ("four", "as_written"):
        W = td.duel_table(tw.Rules(straight=straight))
        for u, v in [(1, 1), (2, 3), (4, 4)]:
            again = td._sweep(straight, W[v, u], W[v, u - 1] if u > 1 else None)
            assert np.max(np.abs(again - W[u, v])) < 1e-12


@pytest.mark.slow
def test_shipped_table_against_a_fresh_solve():
    td._CACHE.clear()
    fresh = td.solve_duel(tw.Rules(), use_table=False)
    td._CACHE.clear()
    assert np.nanmax(np.abs(fresh.W - td.duel_table(tw.Rules()))) < 1e-12


# ------------------------------------------------------------------ the fast one-column path
@pytest.mark.parametrize("straight", ["four", "as_written"])
def test_one_column_finals_equal_the_full_table(straight):
    """Live advice computes one pair of boards' stopping values (_finals_one): exactly the
    column of the full table, on many pairs, for every parapluie count (last one too)."""
    W = td.duel_table(tw.Rules(straight=straight))
    rng = np.random.default_rng(5)
    for u, v in [(1, 1), (1, 4), (2, 3), (4, 4), (3, 1)]:
        low = W[v, u - 1] if u > 1 else None
        full = td._finals(straight, W[v, u], low)
        pairs = [(0, 0), (62, 62), (31, 0)] + [tuple(rng.integers(0, 63, 2)) for _ in range(15)]
        for m, M in pairs:
            np.testing.assert_allclose(td._finals_one(straight, W[v, u], low, int(m), int(M)),
                                       full[:, m * 63 + M], rtol=0, atol=1e-12)


def test_the_turn_of_live_advice_starts_at_the_table_value():
    """The first decision's turn (one column) is worth W[u, v, m, M] before the first roll."""
    W = td.duel_table(tw.Rules())
    td._turn.cache_clear()
    for u, v, m, M in [(4, 4, 0, 0), (1, 2, 0b101, 0b11), (3, 1, 62, 61), (2, 2, 17, 40)]:
        sol, _ = td._turn("four", u, v, m, M)
        assert float(sol.start) == pytest.approx(W[u, v, m, M], abs=1e-12)


def test_warm():
    assert td.warm() is True and td.warm(tw.Rules(straight="as_written")) is True
    with pytest.raises(DicelabError, match="Rules"):
        td.warm("trwavril")
