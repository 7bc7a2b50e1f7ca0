"""Policies choose legal actions through the games' own functions; the simulator is seeded."""

import numpy as np
import pytest

from dicelab.analysis.policies import (
    bank_at,
    game_key,
    greedy,
    keep_most_common,
    optimal,
    random_legal,
)
from dicelab.analysis.simulate import play_one, simulate
from dicelab.core.dice import roll
from dicelab.games import Bank, Roll, Stop, cinqmille, dripeul
from dicelab.registry import GAMES

MODULES = {g.key: g.rules for g in GAMES}
ENGINES = {g.key: g.engine for g in GAMES}


def _decision_states(mod, seed, count=40):
    """Positions met in a random game (player to move, not a chance node)."""
    rng = np.random.default_rng(seed)
    pol = random_legal(seed)
    state = mod.new_state(mod.Rules(), 2)
    out = []
    while not state.is_over and len(out) < count:
        if state.to_roll:
            state, _ = mod.roll_outcome(state, roll(rng, state.to_roll))
        else:
            out.append(state)
            state, _ = mod.step(state, pol(state))
    return out


@pytest.mark.parametrize("key", sorted(MODULES))
def test_every_policy_chooses_a_legal_action(key):
    mod = MODULES[key]
    pols = [optimal(), greedy(), random_legal(3)]
    pols.append(bank_at(300 if key == "cinqmille" else 6) if key in ("cinqmille", "seveny")
                else keep_most_common())
    for state in _decision_states(mod, seed=7):
        assert game_key(state) == key
        legal = mod.legal_actions(state)
        for pol in pols:
            assert pol(state) in legal


@pytest.mark.parametrize("key", sorted(MODULES))
def test_optimal_takes_the_advised_best(key):
    from dicelab.analysis.policies import SOLO_OBJECTIVE, duel_optimal

    mod = MODULES[key]
    for state in _decision_states(mod, seed=11):
        # optimal() plays solo-optimally, also with two players (duel_optimal plays to win)
        advice = ENGINES[key].advise_state(state, objective=SOLO_OBJECTIVE[key])
        if len(advice) and len(mod.legal_actions(state)) > 1:
            assert optimal()(state) == advice.best.action
            default = ENGINES[key].advise_state(state)
            if default.kind == "duel":
                assert duel_optimal()(state) == default.best.action


def test_bank_at_banks_at_the_threshold():
    rules = cinqmille.Rules()
    state = cinqmille.new_state(rules, 1)
    state, _ = cinqmille.step(state, Roll(()))
    state, _ = cinqmille.roll_outcome(state, (1, 1, 1, 5, 2))  # 1000 + 50 on the table
    assert bank_at(1000)(state) == Bank((1, 1, 1, 5))
    assert bank_at(2000)(state) == Roll((1, 1, 1, 5))


def test_keep_most_common_keeps_the_biggest_group():
    state = dripeul.new_state(dripeul.Rules(), 1)
    state, _ = dripeul.step(state, Roll(()))
    state, _ = dripeul.roll_outcome(state, (4, 4, 2, 6, 1))
    assert keep_most_common()(state) == Roll((4, 4))
    state = dripeul.new_state(dripeul.Rules(), 1)
    state, _ = dripeul.step(state, Roll(()))
    state, _ = dripeul.roll_outcome(state, (3, 3, 3, 6, 1))
    assert keep_most_common()(state) == Stop()


def test_random_legal_is_seeded():
    a = simulate("seveny", policy=random_legal(4), games=15, seed=9)
    b = simulate("seveny", policy=random_legal(4), games=15, seed=9)
    assert (a.turns == b.turns).all() and (a.scores == b.scores).all()


def test_simulate_counts_wins_and_turns():
    r = simulate("trwavril", policy=greedy(), games=40, seed=2, players=2)
    assert r.games == 40 and r.scores.shape == (40, 2)
    assert r.wins.sum() <= 40 and (r.turns >= 1).all()
    assert r.win_rate.shape == (2,)
    assert sum(r.turns_histogram().values()) == 40


def test_simulate_needs_one_policy_per_player():
    with pytest.raises(ValueError, match="one policy per player"):
        simulate("dripeul", players=2, policy=[random_legal(1)], games=1)


def test_play_one_reaches_the_end():
    final = play_one("cinqmille", [bank_at(300)], cinqmille.Rules(), 1, np.random.default_rng(1))
    assert final.is_over and final.scores == (5000,)
