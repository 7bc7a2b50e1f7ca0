"""The reroll-turn engine (both variants) against a brute-force recursion over ordered rolls."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicelab.core.dice import (
    from_counts,
    is_sub_multiset,
    keep_table,
    multisets,
    ordered_rolls,
    sort_dice,
    sub_multisets,
)
from dicelab.engine.reroll import locked_pairs, solve_turn, solve_turn_locked


def toy_finals(n):
    """A few stopping-value functions on ``n`` dice (several columns)."""
    outs = multisets(n)
    cols = [
        [Fraction(int(len(set(o)) == 1)) for o in outs],  # all alike
        [Fraction(sum(o), 6 * n) for o in outs],  # scaled sum
        [Fraction(int(o[-1] == 6)) + Fraction(o.count(2), 7) for o in outs],
        [Fraction((7 * sum(d * d for d in o)) % 11, 10) for o in outs],  # irregular
    ]
    return outs, cols


def brute(n, final, rolls, locked_variant):
    """Plain recursion with exact Fractions; every roll is enumerated in order (6**m)."""
    outs = multisets(n)
    fv = dict(zip(outs, final))

    @cache
    def value(shown, lock, left):
        best = fv[shown]
        if left == 0:
            return best
        for keep in sub_multisets(shown):
            if len(keep) == n or locked_variant and not is_sub_multiset(lock, keep):
                continue
            best = max(best, keep_value(keep, left))
        return best

    @cache
    def keep_value(keep, left):  # keep, then roll the rest with ``left - 1`` rolls after
        m = n - len(keep)
        total = Fraction(0)
        for r in ordered_rolls(m):
            total += value(sort_dice(keep + r), keep if locked_variant else (), left - 1)
        return total / 6**m

    start = sum(value(sort_dice(r), (), rolls - 1) for r in ordered_rolls(n)) / 6**n
    return value, keep_value, start


@pytest.mark.parametrize("locked_variant", [False, True])
@pytest.mark.parametrize("n,rolls", [(1, 3), (2, 2), (2, 3), (3, 3), (3, 4)])
def test_solve_turn_matches_brute_force(n, rolls, locked_variant):
    outs, cols = toy_finals(n)
    F = np.array([[float(c[i]) for c in cols] for i in range(len(outs))])
    solver = solve_turn_locked if locked_variant else solve_turn
    sol = solver(n, F, rolls)
    t = keep_table(n)
    for j, col in enumerate(cols):
        value, keep_value, start = brute(n, col, rolls, locked_variant)
        assert sol.start[j] == pytest.approx(float(start), abs=1e-12)
        for r in range(1, rolls):
            for k, keep in enumerate(t.keeps):
                if len(keep) < n:
                    assert sol.Q[r][k, j] == pytest.approx(float(keep_value(keep, r)), abs=1e-12)
            for o, shown in enumerate(outs):
                # W[r] is the value of fresh dice (nothing locked)
                assert sol.W[r][o, j] == pytest.approx(float(value(shown, (), r)), abs=1e-12)
                for keep, kv in sol.keep_values(shown, r).items():
                    want = value(shown, (), 0) if len(keep) == n else keep_value(keep, r)
                    assert kv[j] == pytest.approx(float(want), abs=1e-12)


@pytest.mark.parametrize("rolls", [3, 4])
def test_locked_pair_values_match_brute_force(rolls):
    n = 3
    outs, cols = toy_finals(n)
    F = np.array([[float(c[i]) for c in cols] for i in range(len(outs))])
    sol = solve_turn_locked(n, F, rolls)
    p = locked_pairs(n)
    t = keep_table(n)
    for j, col in enumerate(cols):
        value, _, _ = brute(n, col, rolls, True)
        for i, (k, o) in enumerate(zip(p.lock, p.out)):
            assert len(sol.Wp) == rolls - 1
            for r in range(rolls - 1):
                want = value(t.outcomes[o], t.keeps[k], r)
                assert sol.Wp[r][i, j] == pytest.approx(float(want), abs=1e-12)


def test_locking_never_helps_and_sometimes_hurts():
    n = 3
    outs, cols = toy_finals(n)
    F = np.array([[float(c[i]) for c in cols] for i in range(len(outs))])
    free, locked = solve_turn(n, F, 3), solve_turn_locked(n, F, 3)
    assert np.all(locked.start <= free.start + 1e-15)
    assert np.any(locked.start < free.start - 1e-6)
    # one roll: nothing can be locked, the two variants agree
    assert np.allclose(solve_turn(n, F, 1).start, solve_turn_locked(n, F, 1).start)


def test_keep_values_filters_locked_keeps():
    sol = solve_turn_locked(3, np.ones(len(multisets(3))), 3)
    keeps = sol.keep_values((2, 2, 5), 2, locked=(2,))
    assert set(keeps) == {(2,), (2, 2), (2, 5), (2, 2, 5)}
    assert all(float(v) == pytest.approx(1.0) for v in keeps.values())


def test_one_dimensional_final_and_counts():
    # P(all three alike within 3 rolls), known exactly: keep the most common face
    outs = multisets(3)
    yahtzee = np.array([float(len(set(o)) == 1) for o in outs])
    _, _, start = brute(3, [Fraction(int(len(set(o)) == 1)) for o in outs], 3, False)
    assert float(solve_turn(3, yahtzee).start) == pytest.approx(float(start), abs=1e-15)
    assert from_counts((0, 0, 3, 0, 0, 0)) in outs


# ----------------------------------- one die at a time, no dense product
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_keep_values_one_die_at_a_time_equal_the_keep_table(n):
    from dicelab.engine.reroll import _keep_values, sub_lattice

    t = keep_table(n)
    q = _keep_values(np.eye(len(t.outcomes)), sub_lattice(n))  # column o: outcome o
    assert q.shape == t.matrix.shape
    assert np.abs(q - t.matrix).max() < 1e-15
    np.testing.assert_allclose(sub_lattice(n).p_roll, t.matrix[0], rtol=0, atol=1e-12)


def test_cold_solve_turn_needs_no_keep_table():
    from dicelab.engine.reroll import sub_lattice

    keep_table.cache_clear()
    sub_lattice.cache_clear()
    outs, cols = toy_finals(5)
    F = np.array([[float(c[i]) for c in cols] for i in range(len(outs))])
    sol = solve_turn(5, F, 3)
    assert keep_table.cache_info().currsize == 0  # advice (keep_values) builds it
    np.testing.assert_allclose(sol.keep_values(outs[0], 2)[outs[0]], F[0], rtol=0, atol=1e-12)
    assert keep_table.cache_info().currsize == 1


@pytest.mark.parametrize("n", [1, 2, 4, 5])
def test_sub_lattice_links_each_keep_to_one_die_less_and_more(n):
    from dicelab.core.dice import keeps
    from dicelab.engine.reroll import sub_lattice

    lat, ks = sub_lattice(n), keeps(n)
    fewer: dict[int, list] = {k: [] for k in range(len(ks))}
    for rows, less in lat.prefix:  # each keep to the keeps one die (of each face) fewer
        for k, c in zip(rows.tolist(), less.tolist()):
            fewer[k].append(ks[c])
    for k, keep in enumerate(ks):
        expect = sorted({keep[:i] + keep[i + 1:] for i in range(len(keep))})
        assert sorted(fewer[k]) == expect, keep  # once per face shown
    for j, rows in enumerate(lat.grow):
        for k, row in zip(lat.levels[j], rows):
            assert [ks[g] for g in row] == [sort_dice(ks[k] + (f,)) for f in range(1, 7)]
    assert [ks[o] for o in lat.full] == list(multisets(n))


@pytest.mark.parametrize("n", [2, 3, 5])
def test_locked_pairs_equal_a_plain_construction(n):
    # (locked l, shown o) with l ⊆ o, sorted by l; one die larger: (l + d, o)
    t = keep_table(n)
    pairs = [(k, o) for k in range(len(t.keeps)) for o in range(len(t.outcomes))
             if is_sub_multiset(t.keeps[k], t.outcomes[o])]
    index = {p: i for i, p in enumerate(pairs)}
    kids = []
    for k, o in pairs:
        keep, shown = t.keeps[k], t.outcomes[o]
        kids.append(sorted(index[(t.keep_index[sort_dice(keep + (d,))], o)]
                           for d in sorted(set(shown)) if keep.count(d) < shown.count(d)))
    p = locked_pairs(n)
    assert p.index == index
    assert p.lock.tolist() == [k for k, _ in pairs] and p.out.tolist() == [o for _, o in pairs]
    np.testing.assert_allclose(p.prob, t.matrix[p.lock, p.out], rtol=0, atol=1e-12)
    more: list[list[int]] = [[] for _ in pairs]
    for rows, bigger in p.suffix:  # each pair to the pairs one die (of each face) larger
        for i, j in zip(rows.tolist(), bigger.tolist()):
            more[i].append(j)
    assert [sorted(r) for r in more] == kids  # once per face o has beyond l
    for j, lv in enumerate(p.levels):
        assert [len(t.keeps[pairs[i][0]]) for i in lv] == [j] * len(lv)
