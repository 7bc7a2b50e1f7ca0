"""Two-player Seveny played to win (issue 11): the last turn against plain recursion, plain
value iteration, the end rule, simulation of duel-optimal play, and the advice."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from dicelab.dice import roll_distribution
from dicelab.engine import seveny as eng
from dicelab.engine import seveny_duel as sd
from dicelab.errors import DicelabError
from dicelab.games import seveny as sv
from dicelab.policies import duel_optimal

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


def test_end_rule_and_identities():
    T = sd.duel_table(SMALL)
    assert np.all((T >= 0) & (T <= 1))
    # seat 0 at the target: seat 1 plays its last turn, needing more than the lead
    assert sd.duel_win_probability(SMALL, (7, 3), to_play=1) == sd.last_turn_probability(4)
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
        st = sv.new_state(SMALL, 2)
        while not st.is_over:
            if st.to_roll:
                st, _ = sv.roll_outcome(st, tuple(int(x) for x in rng.integers(1, 7, st.to_roll)))
            else:
                st, _ = sv.step(st, pol(st))
        won += (0 in st.winners) / len(st.winners)
    sigma = math.sqrt(0.25 / n)
    assert abs(won / n - p) < 4 * sigma


def test_advice_ranks_by_duel_probability():
    s = replace(sv.new_state(SMALL, 2), scores=(0, 0))
    s, _ = sv.roll_outcome(sv.step(s, sv.Roll(()))[0], (1, 1, 1, 2, 3, 4, 6))
    a = eng.advise_state(s)
    assert a.kind == "duel" and a.objective == "p_duel"
    ps = [c["p_duel"] for c in a]
    assert ps == sorted(ps, reverse=True) and all("expected_turns" in c.figures for c in a)


def test_shipped_table_is_a_fixed_point():
    T = sd.duel_table()
    assert T.shape == (2, 50, 50)
    for seat, a, b in [(0, 0, 0), (1, 0, 0), (0, 49, 20), (1, 30, 45), (0, 10, 48)]:
        R, cap, bank = sd._turn_of(sv.Rules(), seat, a, b)
        assert -R[0, 0] == pytest.approx(T[seat, a, b], abs=1e-11)
    assert 0.4 < sd.duel_win_probability() < 0.5  # the second player, who plays last, leads


@pytest.mark.slow
def test_shipped_table_against_a_fresh_solve():
    fresh = sd.solve_duel(sv.Rules(), use_table=False)
    sd._CACHE.clear()
    assert np.max(np.abs(fresh.T - sd.duel_table())) < 1e-11
