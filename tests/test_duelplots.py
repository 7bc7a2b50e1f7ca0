"""The policy picture of two-player play."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.core.errors import DicelabError
from dicelab.games import seveny as sv
from dicelab.render import duelplots
from dicelab.render.duelplots import policy_surface


@pytest.fixture(scope="module")
def seveny_surface():
    return policy_surface("seveny", sv.Rules(target=5))


def test_surface_shapes_and_differences(seveny_surface):
    s = seveny_surface
    assert s.duel.shape == s.solo.shape == (5, 5)
    assert not np.isnan(s.duel).all()
    assert s.differs.dtype == bool
    info = duelplots.surface_summary(s)
    assert info["positions"] == int((~np.isnan(s.duel)).sum())


def test_plot_has_text_in_both_languages(seveny_surface):
    en = duelplots.plot_policy_surface(seveny_surface, lang="en")
    fr = duelplots.plot_policy_surface(seveny_surface, lang="fr")
    assert en.axes[0].get_xlabel() and en.axes[0].get_ylabel()
    assert "Heat map" in en.dicelab_alt_text
    assert fr.axes[0].get_title()


def test_unknown_game():
    with pytest.raises(DicelabError, match="policy picture"):
        policy_surface("dripeul")


def test_cinqmille_picture_ships():
    s = policy_surface("cinqmille")
    assert s.duel.shape == (100, 100) and s.my[-1] == 4950
    assert s.differs.any() and np.isnan(s.duel[0]).all()  # not opened: the opening decides
    fig = duelplots.plot_policy_surface(s, lang="en")
    assert "5000" in fig.axes[0].get_title()


@pytest.mark.slow
def test_cinqmille_picture_against_a_fresh_computation():
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.games import cinqmille as cm

    fresh = cd.policy_surface(cm.Rules(), 3, use_table=False)
    shipped = policy_surface("cinqmille")
    np.testing.assert_allclose(fresh.duel, shipped.duel, rtol=0, atol=1e-12, equal_nan=True)
    np.testing.assert_allclose(fresh.solo, shipped.solo, rtol=0, atol=1e-12, equal_nan=True)
