"""rating bands that separate players — limits between the calibrating
policies' means, a minimum number of decisions, a two-player scale; over fresh seeds
(never used by the calibration, seeds 0–199), random play is rated "no better than chance"
in at least 95 % of games and optimal play always "expert"."""

from __future__ import annotations

import pytest

from dicelab.analysis import review
from dicelab.registry import REGISTRY, get
from dicelab.tools import calibrate

GAMES = tuple(REGISTRY)
FRESH = 70_000  # first fresh seed


@pytest.mark.parametrize("unit", [None, "p_duel"])
@pytest.mark.parametrize("key", GAMES)
def test_limits_sit_between_the_policies_means(key, unit):
    cal = review.calibration(unit)[key]
    bounds = dict(review.rating_bounds(key, unit))
    greedy, rule, rnd = (cal[p]["mean_loss"] for p in ("greedy", "rule", "random"))
    assert 0 < bounds["expert"] < greedy
    assert bounds["expert"] <= bounds["strong"] <= bounds["fair"] <= bounds["beginner"]
    assert greedy < bounds["strong"] or greedy >= rule  # between greedy and rule
    assert bounds["beginner"] < rnd  # below the random player's own mean
    # each policy's own mean is never a limit
    for p in ("greedy", "rule", "random"):
        assert all(abs(b - cal[p]["mean_loss"]) > 1e-12 for b in bounds.values())


def test_too_few_decisions_are_not_rated():
    r = review.rate("cinqmille", 0.0, decisions=review.MIN_DECISIONS - 1, lang="en")
    assert r.band == "too_few" and r.label == "not rated (too few decisions)"
    assert review.rate("cinqmille", 0.0, decisions=review.MIN_DECISIONS).band == "expert"


@pytest.mark.parametrize("key", GAMES)
def test_two_player_reviews_have_their_own_scale(key):
    cal = review.calibration("p_duel")[key]
    r = review.rate(key, cal["random"]["mean_loss"] * 2, unit="p_duel", lang="en")
    assert r.band == "random" and r.unit == "p_duel"
    assert [v for _n, v in r.scale] == [cal[p]["mean_loss"] for p in review.CALIBRATION_POLICIES]
    assert review.rate(key, 0.0, unit="p_duel").band == "expert"


def _bands(key, policy, games, players=1):
    info = get(key)
    out = []
    for i in range(games):
        seed = FRESH + i
        pol = calibrate._policy(key, policy, seed, players)
        g = info.module.Game(rules=info.module.Rules(), players=players, seed=seed)
        for _step in range(5000):
            if g.is_over:
                break
            g.apply(pol(g.state))
        r = review.review(g, lang="en", why=False, players=(0,),
                          objective="p_duel" if players == 2 else None)
        out.append(r.rating.band)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("key", GAMES)
def test_fresh_seeds_random_is_chance_and_optimal_is_expert(key, players):
    games = 20
    rnd = [b for b in _bands(key, "random", games, players) if b != "too_few"]
    assert len(rnd) >= 0.9 * games
    assert sum(b == "random" for b in rnd) >= 0.95 * len(rnd), rnd
    best = [b for b in _bands(key, "optimal", 6, players) if b != "too_few"]
    assert best and all(b == "expert" for b in best), best
