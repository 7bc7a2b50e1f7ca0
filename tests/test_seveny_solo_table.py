"""Seveny's shipped solo solve: the apps' targets read ``E`` of target 100 from
``dicelab/data`` and compute each score's rows when first read; every number equals a fresh
solve (and the plain-recursion oracle on a small target), and the simulator's policy, read
from those rows, is the one advice ranks first."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.engine.seveny import solo as eng
from dicelab.games.seveny import Rules


@pytest.mark.parametrize("target", [20, 30])
def test_the_shipped_table_gives_the_fresh_solve(target):
    rules = Rules(target=target)
    shipped = eng.solve_turns(rules)
    fresh = eng.solve_turns(rules, use_table=False)
    assert shipped.iterations == 0 and fresh.iterations >= target  # one read, one solve
    assert np.allclose(shipped.E, fresh.E, rtol=0, atol=1e-12)
    assert len(shipped.R) == len(fresh.R) == target
    for s in range(target):
        assert shipped.R[s].shape == fresh.R[s].shape == (target - s, len(eng.hands()))
        assert np.allclose(shipped.R[s], fresh.R[s], rtol=0, atol=1e-12)
        assert not shipped.R[s].flags.writeable


def test_the_table_serves_every_shipped_target_by_the_points_still_needed():
    full = eng.solve_turns(Rules(target=100)).E
    for target in eng.SHIPPED_TARGETS:
        E = eng.solve_turns(Rules(target=target)).E
        assert np.allclose(E[: target + 1], full[100 - target : 101], rtol=0, atol=0)
    assert round(eng.expected_turns(Rules(target=50)), 4) == 10.6851  # the doctest's value


def test_a_small_fresh_solve_matches_the_plain_recursion():
    ref = eng.reference_expected_turns(6)
    sol = eng.solve_turns(Rules(target=6), use_table=False)
    assert max(abs(ref[s] - float(sol.E[s])) for s in range(6)) < 1e-12


def test_the_outcome_matrix_and_advice_from_the_table():
    rules = Rules(target=20)
    P = eng.turn_outcome_matrix(rules)
    assert np.allclose(P.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    # from 19 any point wins: P(the turn banks a point) = the expected points capped at 1
    assert abs(P[19, 20] - eng.expected_turn_points(cap=1)) < 1e-12
    a = eng.advise((1, 5, 5, 5, 2, 3, 4), score=19, rules=rules)
    assert a.best["expected_turns"] == pytest.approx(1.0, abs=1e-12)
