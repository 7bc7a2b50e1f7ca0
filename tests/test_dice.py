"""dicelab.dice against brute force over ordered rolls."""

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from dicelab import InvalidDice
from dicelab.core.dice import (
    keep_table,
    multisets,
    ordered_rolls,
    remove,
    roll_distribution,
    sub_multisets,
    validate_dice,
    ways,
)


@pytest.mark.parametrize("n,count", [(1, 6), (4, 126), (5, 252), (6, 462), (7, 792)])
def test_multiset_counts(n, count):
    assert len(multisets(n)) == count
    assert len(set(multisets(n))) == count


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_distribution_matches_ordered_rolls(n):
    brute = Counter(tuple(sorted(r)) for r in ordered_rolls(n))
    dist = roll_distribution(n)
    assert set(dist) == set(brute)
    for m, c in brute.items():
        assert dist[m] == Fraction(c, 6**n)
        assert ways(m) == c


@pytest.mark.parametrize("n", [2, 3, 4])
def test_keep_table_matches_brute_force(n):
    t = keep_table(n)
    for k, keep in enumerate(t.keeps):
        m = n - len(keep)
        brute = Counter(tuple(sorted(keep + r)) for r in ordered_rolls(m))
        assert t.row(keep) == {o: Fraction(c, 6**m) for o, c in brute.items()}
        assert np.isclose(t.matrix[k].sum(), 1.0)


def test_sub_multisets_and_remove():
    assert len(sub_multisets((1, 2, 3, 4, 5))) == 32
    assert len(sub_multisets((6, 6, 6, 6, 6))) == 6
    assert remove((1, 1, 5), (1,)) == (1, 5)
    with pytest.raises(InvalidDice, match="no 6 left"):
        remove((1, 1, 5), (6,))


@pytest.mark.parametrize(
    "bad,count,match",
    [([0, 1], 2, "1 to 6"), ([1, 2], 3, "expected 3"), (["a"], 1, "whole numbers"),
     ([True], 1, "whole numbers"), ("12", None, "list of numbers"), ([1.5], 1, "whole")],
)
def test_validate_dice_rejects(bad, count, match):
    with pytest.raises(InvalidDice, match=match):
        validate_dice(bad, count)
