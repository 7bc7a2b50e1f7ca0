"""The policy picture of two-player play (issue 11)."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab import duelplots
from dicelab.engine.duel import policy_surface
from dicelab.errors import DicelabError
from dicelab.games import seveny as sv


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
