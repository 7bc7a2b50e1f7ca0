"""Seveny's fast solo paths against straightforward references: the shipped solo solve
(the apps' targets read ``E`` of target 100 from ``dicelab/data`` and compute each score's
rows when first read) against a fresh solve and the plain recursion; the turn outcome
matrix (all starting scores at once) against the score-by-score pass it replaced."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.engine.seveny import solo as eng
from dicelab.games.seveny import Rules

MS = eng.MAX_SCORE


def reference_outcome_matrix(rules: Rules) -> np.ndarray:
    """The turn outcome matrix score by score, candidate by candidate (the former code):
    ``advise``'s ranking with a first-best scan over (bank, roll) of every next position."""
    t = eng._tables()
    nh = len(t.hands)
    sol = eng.solve_turns(rules)
    target = rules.target
    E = np.asarray(sol.E)
    ranked = eng._ranked_levels()
    levels = tuple(reversed(t.levels))
    out = np.zeros((target + 1, target + 1))
    out[target, target] = 1.0
    ks = np.arange(MS + 1)
    for s in range(target):
        cap = target - s
        R = np.asarray(sol.R[s])
        mass = np.zeros((cap, nh))
        mass[0, 0] = 1.0
        Rext = np.vstack([R, np.broadcast_to(t.pbust * E[s], (MS + 1, nh))])
        for m in range(cap):
            pts = np.concatenate([m + t.scores, m + ks])
            dest = np.minimum(s + pts, target)
            vbank = 1.0 + E[dest]
            vroll = np.concatenate([1.0 + R[m], 1.0 + Rext[pts[nh:], 0]])
            for lv, (tg, isb, starts, lens) in zip(levels, ranked):
                mh = mass[m, lv.lo : lv.hi]
                out[s, s] += float(mh @ lv.pbust)
                gm = mh[lv.group_hand] * lv.prob
                for g, (a, n) in enumerate(zip(starts, lens)):
                    val = [vbank[j] if b else vroll[j] for j, b in zip(tg[a : a + n],
                                                                       isb[a : a + n])]
                    k = a + int(np.argmin(val))  # the first best candidate
                    j = tg[k]
                    if isb[k]:
                        out[s, dest[j]] += gm[g]
                    elif j < nh:
                        mass[m, j] += gm[g]
                    else:
                        assert pts[j] < cap
                        mass[pts[j], 0] += gm[g]
    return out


@pytest.mark.parametrize("target", [1, 4, 13])
def test_the_outcome_matrix_matches_the_score_by_score_reference(target):
    rules = Rules(target=target)
    fast = eng.turn_outcome_matrix(rules)
    ref = reference_outcome_matrix(rules)
    assert np.allclose(fast, ref, rtol=0, atol=1e-12)
    assert np.array_equal(fast > 0, ref > 0)  # the same policy: the same outcomes


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


def test_every_row_at_once_matches_each_row_alone():
    E = np.array(eng.solve_turns(Rules(target=20)).E)
    lazy = eng._Rows(E, 20)
    for s, row in enumerate(eng._all_rows(E, 20)):
        assert row.shape == lazy[s].shape
        assert np.allclose(row, lazy[s], rtol=0, atol=1e-12)


def test_the_newton_shortcut_checks_the_policy():
    """A tracked turn's policy is kept at the Newton point only if every choice still holds:
    at no move it does; moved far (a bust worth 50 more turns), banking early wins."""
    target, s = 12, 0
    E = np.array(eng.solve_turns(Rules(target=target), use_table=False).E)
    bank = eng._bank(s, E, target)
    bank_d = np.zeros_like(bank)
    bank_d[0] = 1.0
    x = float(E[s])
    bank[0] = x
    values = np.empty((target, len(eng.hands()) + eng.MAX_SCORE + 1), dtype=complex)
    R, RD, _, _ = eng._turn(bank, bank_d, x, target, 0.0, values)
    assert eng._still_optimal(values, R, RD, bank, bank_d, 0.0)
    assert not eng._still_optimal(values, R, RD, bank, bank_d, 50.0)
    assert abs(R[0, 0] + 1.0 - x) < 1e-12  # x is the fixed point: 1 + R00(x) = x


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The engine reads its shipped table from ``tmp_path`` (nothing there unless a test
    puts a copy)."""
    from dicelab.engine import race

    monkeypatch.setattr(race, "_data_file", lambda name: tmp_path / name)
    eng.clear_caches()
    yield tmp_path
    eng.clear_caches()  # the next tests read the real file again


def test_without_the_file_the_menu_targets_are_solved(data):
    sol = eng.solve_turns(Rules(target=20))
    assert sol.iterations >= 20 and isinstance(sol.R, tuple)
    assert round(float(sol.E[0]), 4) == round(float(eng.solve_turns(
        Rules(target=20), use_table=False).E[0]), 4)


def test_a_solo_table_of_another_engine_version_is_a_table_error(data):
    import json

    from dicelab import TableError
    from dicelab.tools.build_tables import DATA

    with np.load(DATA / eng.table_name(), allow_pickle=False) as z:
        arrays = {k: np.array(z[k]) for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    assert meta["table"] == "solo" and meta["rules"] == {"target": 100}
    meta["engine"] = eng.ENGINE_VERSION + 1
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez_compressed(data / eng.table_name(), **arrays)
    with pytest.raises(TableError, match="engine version"):
        eng.solve_turns(Rules(target=50))
    assert eng.expected_turns(Rules(target=37)) > 0  # a target not shipped: solved
