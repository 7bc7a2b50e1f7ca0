"""Head-to-head 5000 (dicelab.lessons.versus): the simulator's choices are the
engines', its results agree with exact first-player values within 4 sigma, and the
lesson's numbers."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dicelab.core.errors import DicelabError
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine.cinqmille import duel as cd
from dicelab.games import cinqmille as cm
from dicelab.lessons import versus


def _state(scores, mover, dice, turn_points):
    s = cm.new_state(cm.Rules(), 2)
    return replace(s, scores=scores, opened=tuple(x > 0 for x in scores), dice=dice,
                   phase="choose", turn_points=turn_points, current_player=mover)


POSITIONS = [  # (scores, mover, dice, turn points)
    ((1000, 4950), 0, (1, 2, 3), 200),
    ((0, 0), 0, (1, 1, 5, 2, 3), 0),
    ((2500, 4000), 1, (5, 5, 2, 3, 4), 300),
    ((4500, 1500), 0, (1, 2), 250),
    ((3000, 3000), 1, (1, 1, 1, 4, 6), 0),
    ((4800, 4900), 0, (5, 2, 3), 50),
]


def _pick(duel: bool, scores, mover, dice, tp):
    t = versus._tables(cm.Rules())
    from dicelab.core.dice import multisets

    n = len(dice)
    g = t.offs[n] + list(multisets(n)).index(tuple(sorted(dice)))
    s, o = scores[mover] // cm.UNIT, scores[1 - mover] // cm.UNIT
    k, bank, _kind = versus._choose(t, cm.Rules(), np.array([duel]), np.array([s]),
                                    np.array([o]), np.array([s + tp // cm.UNIT]), np.array([g]))
    keep = t.keeps[g][int(k[0])]
    return cm.Bank(keep) if bank[0] else cm.Roll(keep)


@pytest.mark.parametrize("scores, mover, dice, tp", POSITIONS)
def test_the_simulator_chooses_as_the_engines(scores, mover, dice, tp):
    state = _state(scores, mover, dice, tp)
    solo = cinqmille_odds.advise_state(state, objective="expected_turns")
    duel = cinqmille_odds.advise_state(state)
    got_solo, got_duel = _pick(False, scores, mover, dice, tp), _pick(True, scores, mover, dice,
                                                                      tp)
    # the engines' best, or a choice worth exactly as much (a tie)
    assert solo.find(got_solo)["expected_turns"] == pytest.approx(
        solo.best["expected_turns"], abs=1e-12)
    assert duel.find(got_duel)["p_duel"] == pytest.approx(duel.best["p_duel"], abs=1e-12)


def test_behind_choices_are_the_engines_in_its_order():
    # and a teacher's review: a position the rules can reach (a 1 and a 5 set
    # aside, three dice 2 3 5) where the objectives choose differently: solo play (fewest
    # expected turns, most expected points) banks, playing to win rolls on, and the
    # probability of winning moves by about twenty percentage points
    c = versus.behind_choices()
    assert c["best"] == "roll" and c["solo_best"] == "bank" and c["points_best"] == "bank"
    state = replace(_state((4700, 4800), 0, (2, 3, 5), 150), aside=(1, 5), groups=((1, 5),))
    a = cinqmille_odds.advise_state(state)
    assert a.best.action == cm.Roll((5,))
    for objective in ("expected_turns", "expected_points"):
        assert cinqmille_odds.advise_state(state, objective=objective).best.action == cm.Bank((5,))
    assert c["p_roll"] == pytest.approx(a.find(cm.Roll((5,)))["p_duel"], abs=1e-12)
    assert c["p_bank"] == pytest.approx(a.find(cm.Bank((5,)))["p_duel"], abs=1e-12)
    assert c["p_roll"] == pytest.approx(0.4836, abs=5e-4)
    assert c["p_bank"] == pytest.approx(0.2899, abs=5e-4)
    assert c["p_roll"] - c["p_bank"] > 0.15
    assert c["turns_bank"] < c["turns_roll"] and c["points_bank"] > c["points_roll"]
    assert c["points_bank"] == pytest.approx(200.0, abs=1e-9)
    # banking hands the opponent the table's start at (4800, 4900)
    assert c["p_bank"] == pytest.approx(1 - cd.duel_table()[96, 98], abs=1e-12)
    assert c["p_bank"] < 0.5  # "your opponent wins most games"


def test_solo_against_solo_agrees_with_the_exact_first_player_value():
    exact = versus.solo_first_player_probability()
    assert exact == pytest.approx(0.5272, abs=5e-5)
    r = versus.simulate_versus(3000, seed=5, players=("solo", "solo"))
    assert abs(r.rate(0) - exact) < 4 * r.se(0)
    assert abs(r.rate(1) - (1 - exact)) < 4 * r.se(1)


def test_duel_against_duel_agrees_with_the_duel_engine():
    exact = cd.duel_win_probability()
    r = versus.simulate_versus(3000, seed=7, players=("duel", "duel"))
    assert abs(r.rate(0) - exact) < 4 * r.se(0)
    assert abs(r.rate(1) - (1 - exact)) < 4 * r.se(1)


def test_head_to_head_is_seeded_and_playing_to_win_gains():
    a = versus.simulate_versus(600, seed=3)
    b = versus.simulate_versus(600, seed=3)
    assert np.array_equal(a.wins, b.wins) and np.array_equal(a.turns, b.turns)
    assert a.per_order == (300, 300) and a.games == 600
    assert a.edge == pytest.approx(a.wins.sum() / 600 - 0.5)
    r = versus.head_to_head()
    assert r.games == 20_000 and r.se_edge == pytest.approx(np.sqrt(r.rate() * (1 - r.rate())
                                                                    / 20_000))
    assert r.edge > 2 * r.se_edge  # the lesson's run: a measured gain, 3.9 standard errors
    # the lesson states its edge with the simulator's own numbers, in both languages
    en, fr = versus.head_to_head_html(r, "en"), versus.head_to_head_html(r, "fr")
    assert f"{100 * r.edge:.2f}" in en and f"{100 * r.edge:.2f}".replace(".", ",") in fr
    assert "erreur type" in fr


def test_errors_name_what_is_wrong():
    with pytest.raises(DicelabError, match="games"):
        versus.simulate_versus(1)
    with pytest.raises(DicelabError, match="players"):
        versus.simulate_versus(10, players=("duel", "greedy"))
    with pytest.raises(DicelabError, match="5 dice"):
        versus.simulate_versus(10, rules=cm.Rules(dice=6))
    with pytest.raises(DicelabError, match="cinqmille.Rules"):
        versus.simulate_versus(10, rules="x")


def test_widget_runs_and_refuses_a_bad_seed_without_a_traceback():
    w = versus.HeadToHead(lang="fr")
    assert "Avantage du jeu pour gagner" in w.out.value
    w.seed.value = "-1"
    w.go.click()
    assert w.message.value and "Traceback" not in w.message.value
    w.close()
    assert "P(gagner), les deux jouant pour gagner" in versus.behind_html("fr")
