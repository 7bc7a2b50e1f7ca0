"""Brief: numpy integers are accepted inside every game's ``Rules`` (stored as
``int``, equal to and hashed like the plain rules), booleans never stand for a number."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.core.errors import InvalidRules
from dicelab.games import cinqmille, dripeul, seveny, trwavril

CASES = [
    (trwavril, {"parapluies": 3}),
    (seveny, {"target": 50}),
    (dripeul, {"level": 2, "manches": 1}),
    (cinqmille, {"dice": 6, "opening": 1000, "min_bank": 0}),
]


@pytest.mark.parametrize(("game", "fields"), CASES, ids=lambda c: getattr(c, "__name__", ""))
@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint16])
def test_numpy_integers_make_the_same_rules(game, fields, kind):
    plain = game.Rules(**fields)
    r = game.Rules(**{k: kind(v) for k, v in fields.items()})
    assert r == plain and hash(r) == hash(plain) and repr(r) == repr(plain)
    assert all(type(getattr(r, k)) is int for k in fields)
    g = game.Game(rules=r, seed=np.int64(1))  # and a game plays with them
    assert g.state.rules == plain


@pytest.mark.parametrize(("game", "fields"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_booleans_never_stand_for_a_number(game, fields):
    name = next(iter(fields))
    for value in (True, np.True_):
        with pytest.raises(InvalidRules, match=name):
            game.Rules(**{name: value})
