"""The review's rating on fixed per-game bands (issue 29 §5): the measure is the share of
the stakes lost over non-trivial decisions; the bands are set by the calibration from the
simulated games it stores, whatever the order of the sensible policies; a rating over few
non-trivial decisions is provisional; a player's games pool.  Over fresh seeds (never used
by the calibration, seeds 0–199): optimal play always *expert*, random play *no better than
chance* in at least 95 % of games, the rule of thumb and greedy each in one band or two
adjacent bands in at least 80 % of games."""

from __future__ import annotations

import pytest

from dicelab.analysis import review
from dicelab.core.errors import DicelabError
from dicelab.registry import REGISTRY, get
from dicelab.tools import calibrate

GAMES = tuple(REGISTRY)
UNITS = (None, "p_duel")
FRESH = 70_000  # first fresh seed
ORDER = [k for k, _n in review.RATING_BANDS[:5]]  # expert … random


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("key", GAMES)
def test_stored_bands_are_the_construction_of_the_stored_games(key, unit):
    cal = review.calibration(unit)[key]
    bounds = dict(review.rating_bounds(key, unit))
    assert bounds == pytest.approx(calibrate.bands(cal), abs=1e-15)
    assert 0 < bounds["expert"] < bounds["strong"] < bounds["fair"] < bounds["beginner"] < 1
    # the same bands whichever sensible policy is the better one
    swapped = {**cal, "greedy": cal["rule"], "rule": cal["greedy"]}
    assert calibrate.bands(swapped) == pytest.approx(calibrate.bands(cal), abs=1e-15)


def _band(key, share, unit):
    return review.rate(key, share, unit=unit, decisions=99).band


def _adjacent(bands):
    """The share of ``bands`` in the best pair of adjacent bands."""
    return max(sum(b in ORDER[i:i + 2] for b in bands) for i in range(4)) / len(bands)


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("key", GAMES)
def test_calibration_games_land_in_their_bands(key, unit):
    """The calibration's own games (200 solo, 60 two-player per policy) on the bands."""
    cal = review.calibration(unit)[key]
    got = {p: [_band(key, x, unit) for x in calibrate.shares(cal[p])] for p in cal}
    assert set(got["optimal"]) == {"expert"}
    assert got["random"].count("random") >= 0.95 * len(got["random"])
    for p in ("greedy", "rule"):
        assert _adjacent(got[p]) >= 0.85, (p, got[p])


def test_the_measure_is_the_share_of_the_stakes_lost():
    from types import SimpleNamespace as R

    rows = [R(unit="p_win", loss=0.02, spread=0.10), R(unit="p_win", loss=0.0, spread=0.30),
            R(unit="p_win", loss=0.004, spread=0.004)]  # trivial: not counted
    assert review.stake_share(rows) == (pytest.approx(0.05, abs=1e-12), 2)
    assert review.stake_share([]) == (0.0, 0)


def test_provisional_and_not_rated():
    key = GAMES[1]
    few = review.rate(key, 0.0, decisions=review.PROVISIONAL_DECISIONS - 1, lang="en")
    assert few.band == "expert" and few.provisional and few.label == "expert (provisional)"
    assert "Rating: expert (provisional)." in few.text
    fr = review.rate(key, 0.0, decisions=3, lang="fr")
    assert fr.label == "expert (provisoire)" and "Note\u00a0: expert (provisoire)." in fr.text
    enough = review.rate(key, 0.0, decisions=review.PROVISIONAL_DECISIONS, lang="en")
    assert enough.band == "expert" and not enough.provisional and enough.label == "expert"
    none = review.rate(key, 0.0, decisions=0, lang="en")
    assert none.band == "too_few" and none.label == "not rated (no non-trivial decision)"


@pytest.mark.parametrize("key", GAMES)
def test_two_player_reviews_have_their_own_bands(key):
    cal = review.calibration("p_duel")[key]
    r = review.rate(key, 0.99, unit="p_duel", lang="en", decisions=20)
    assert r.band == "random" and r.unit == "p_duel"
    assert [v for _n, v in r.scale] == [cal[p]["share"] for p in review.CALIBRATION_POLICIES]
    assert review.rate(key, 0.0, unit="p_duel", decisions=20).band == "expert"
    solo, duel = review.rating_bounds(key), review.rating_bounds(key, "p_duel")
    assert solo != duel


def _games(key, policy, games, players=1, seed=FRESH):
    info = get(key)
    out = []
    for i in range(games):
        pol = calibrate._policy(key, policy, seed + i, players)
        g = info.rules.Game(rules=info.rules.Rules(), players=players, seed=seed + i)
        for _step in range(5000):
            if g.is_over:
                break
            g.apply(pol(g.state))
        out.append(review.review(g, lang="en", why=False, players=(0,),
                                 objective="p_duel" if players == 2 else None))
    return out


def _check_fresh(key, players, games):
    bands = {p: [r.rating.band for r in _games(key, p, games, players)]
             for p in ("optimal", "greedy", "rule", "random")}
    rated = {p: [b for b in bs if b != "too_few"] for p, bs in bands.items()}
    assert all(len(bs) >= 0.9 * games for bs in rated.values()), bands
    assert set(rated["optimal"]) == {"expert"}, bands["optimal"]
    rnd = rated["random"]
    assert rnd.count("random") >= 0.95 * len(rnd), rnd
    for p in ("greedy", "rule"):
        assert _adjacent(rated[p]) >= 0.8, (p, rated[p])


@pytest.mark.parametrize("key", GAMES)
def test_fresh_seeds_solo(key):
    _check_fresh(key, 1, 20)


@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
def test_fresh_seeds_two_players(key):
    _check_fresh(key, 2, 20)


def test_pooled_rating_pools_the_stakes():
    key = "trwavril"
    revs = _games(key, "rule", 4, seed=FRESH + 500)
    pooled = review.pooled_rating(revs, 0, "en")
    loss = sum(r.stakes(0)[0] for r in revs)
    stakes = sum(r.stakes(0)[1] for r in revs)
    n = sum(r.stakes(0)[2] for r in revs)
    assert pooled.decisions == n and n > review.PROVISIONAL_DECISIONS
    assert pooled.share == pytest.approx(loss / stakes, abs=1e-12)
    assert not pooled.provisional
    assert pooled.band == review.rate(key, loss / stakes, decisions=n).band
    # one game with few non-trivial decisions is provisional; pooled, no longer
    assert review.pooled_rating([r.game for r in revs[:1]], 0, "en").decisions == \
        revs[0].stakes(0)[2]
    other = _games("seveny", "rule", 1)
    with pytest.raises(DicelabError, match="one game"):
        review.pooled_rating([*revs, *other])


def test_class_summary_pools_each_seat(tmp_path):
    revs = _games("trwavril", "rule", 3, seed=FRESH + 600)
    paths = []
    for i, r in enumerate(revs):
        path = tmp_path / f"g{i}.json"
        path.write_text(r.game.to_json(), encoding="utf-8")
        paths.append(path)
    summary = review.class_summary(paths, "fr")
    (entry,) = summary.ratings
    assert entry["games"] == 3 and entry["player"] == 0
    assert entry["rating"].band == review.pooled_rating(revs).band
    assert entry["rating"].decisions == sum(r.stakes(0)[2] for r in revs)
    line = summary.rating_text("fr")[0]
    assert line.startswith("Trwavril, joueur 1, sur 3 parties regroupées\u00a0:")
    assert line in summary.to_html("fr").replace("&#x27;", "'")
