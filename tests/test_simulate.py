"""The vectorised solo simulator: seeded, exact choices, and statistically right.

Oracles: (1) replaying simulate_fast's games move by move through the games' own pure
functions with the scalar policies (optimal / greedy) must reproduce every choice, every
board and every final result; (2) the exact engine's headline numbers; (3) the scalar
``simulate`` of the same policy.
"""

import math

import numpy as np
import pytest

from dicelab.analysis.policies import greedy, optimal
from dicelab.analysis.simulate import (
    FAST_GAMES,
    SimResult,
    _fast_trace,
    clear_fast_cache,
    simulate,
    simulate_fast,
)
from dicelab.core.dice import remove
from dicelab.core.errors import DicelabError
from dicelab.engine.dripeul import solo as dripeul_engine
from dicelab.engine.trwavril import solo as trwavril_engine
from dicelab.games import Roll, Stop, dripeul, trwavril

MODULES = {"dripeul": dripeul, "trwavril": trwavril}
POLICY = {"optimal": optimal, "greedy": greedy}


def _board(key, state):
    """simulate_fast's board index of the (solo) state, as the engines number their columns."""
    if key == "dripeul":
        return dripeul_engine.mask_of(state.tokens[0]) * dripeul_engine.LEVELS + state.triangle[0]
    return (state.parapluies[0] - 1) * trwavril_engine.WON + trwavril_engine.mask_of(
        state.barred[0])


def _replay(key, rules, policy, games, seed):
    """Replay every traced game in the game itself; return how many decisions were checked."""
    mod = MODULES[key]
    pol = POLICY[policy]()
    res, traces = _fast_trace(key, rules=rules, policy=policy, games=games, seed=seed)
    checked = wins = 0
    for g, turns in enumerate(traces):
        state = mod.new_state(rules, 1)
        for rolls, board in turns:
            assert not state.is_over and state.phase == "start"
            state, _ = mod.step(state, pol(state))  # the first roll: Roll(())
            state, _ = mod.roll_outcome(state, rolls[0][1])
            for keep, dice in rolls[1:]:
                action = pol(state)
                checked += 1
                if keep is None:
                    assert action == Stop()
                    state, _ = mod.step(state, action)
                    break
                assert action == Roll(keep)
                state, _ = mod.step(state, action)
                state, _ = mod.roll_outcome(state, remove(dice, keep))
            while not state.is_over and state.phase == "resolve":
                state, _ = mod.step(state, pol(state))
                checked += 1
            if not state.is_over:
                assert _board(key, state) == board
        assert state.is_over
        assert state.turn_count == res.turns[g]
        assert state.scores[0] == res.scores[g, 0]
        assert state.winners in ((), (0,))
        wins += state.winners == (0,)
    assert wins == res.wins[0]
    return checked


REPLAYS = [
    ("dripeul", dripeul.Rules(), "optimal"),
    ("dripeul", dripeul.Rules(), "greedy"),
    ("dripeul", dripeul.Rules(level=0, manches=1, straight_bonus=True, last_six=True), "optimal"),
    ("dripeul", dripeul.Rules(level=4, reroll_set_aside=False), "optimal"),
    ("dripeul", dripeul.Rules(level=2, reroll_set_aside=False, manches=1), "greedy"),
    ("trwavril", trwavril.Rules(), "optimal"),
    ("trwavril", trwavril.Rules(), "greedy"),
    ("trwavril", trwavril.Rules(parapluies=2, straight="as_written"), "optimal"),
]


@pytest.mark.parametrize("key,rules,policy", REPLAYS)
def test_every_fast_choice_is_the_scalar_policy_choice(key, rules, policy):
    # each game of simulate_fast, replayed in the game with policies.optimal()/greedy():
    # same keeps, same stops, same token/card choices, same boards, same end
    assert _replay(key, rules, policy, games=25, seed=7) > 100


def test_replay_of_wins_and_losses():
    res, traces = _fast_trace("trwavril", rules=trwavril.Rules(), games=60, seed=3)
    assert 0 < res.wins[0] < 60  # both endings occur in the replayed games
    final_scores = set(res.scores[:, 0].tolist())
    assert 6 in final_scores and min(final_scores) < 6
    assert all(len(t) == n for t, n in zip(traces, res.turns))


@pytest.mark.parametrize("key", FAST_GAMES)
def test_same_seed_same_result(key):
    a = simulate_fast(key, games=500, seed=11)
    b = simulate_fast(key, games=500, seed=11)
    c = simulate_fast(key, games=500, seed=12)
    assert np.array_equal(a.turns, b.turns) and np.array_equal(a.scores, b.scores)
    assert np.array_equal(a.wins, b.wins)
    assert not np.array_equal(a.turns, c.turns)
    clear_fast_cache()  # rebuilding the tables changes nothing
    d = simulate_fast(key, games=500, seed=11)
    assert np.array_equal(a.turns, d.turns) and np.array_equal(a.scores, d.scores)


def test_result_shapes():
    r = simulate_fast("dripeul", games=300, seed=1)
    assert isinstance(r, SimResult)
    assert (r.game, r.players, r.games) == ("dripeul", 1, 300)
    assert r.turns.shape == (300,) and r.scores.shape == (300, 1) and r.wins.shape == (1,)
    assert r.turns.dtype.kind == "i" and r.scores.dtype.kind == "i"
    assert r.turns.min() >= 3  # three manches of at least one turn
    # solo Dripeul: a win scores 0, a loss scores the squares still holding tokens
    won = r.scores[:, 0] == 0
    assert won.sum() == r.wins[0]
    assert r.scores[~won, 0].min() >= 1 and r.scores[:, 0].max() <= 21
    t = simulate_fast("trwavril", rules=trwavril.Rules(parapluies=1), games=300, seed=1)
    assert t.scores.shape == (300, 1) and set(t.scores[:, 0]) <= set(range(7))
    assert int((t.scores[:, 0] == 6).sum()) == t.wins[0]
    assert sum(t.turns_histogram().values()) == 300


HEADLINES = [
    ("dripeul", dripeul.Rules(manches=1), "win", dripeul_engine.win_probability),
    ("dripeul", dripeul.Rules(level=1, manches=1), "win", dripeul_engine.win_probability),
    ("dripeul", dripeul.Rules(), "game", dripeul_engine.game_win_probability),
    ("dripeul", dripeul.Rules(level=4, straight_bonus=True), "game",
     dripeul_engine.game_win_probability),
    ("dripeul", dripeul.Rules(reroll_set_aside=False, manches=1), "win",
     dripeul_engine.win_probability),
    ("trwavril", trwavril.Rules(), "win", trwavril_engine.win_probability),
    ("trwavril", trwavril.Rules(parapluies=2), "win", trwavril_engine.win_probability),
    ("trwavril", trwavril.Rules(straight="as_written"), "win", trwavril_engine.win_probability),
]


@pytest.mark.parametrize("key,rules,what,exact", HEADLINES)
def test_fast_win_rate_matches_the_exact_headline(key, rules, what, exact):
    r = simulate_fast(key, rules=rules, games=20_000, seed=2024)
    p = exact(rules)
    se = math.sqrt(p * (1 - p) / r.games)
    assert abs(float(r.win_rate[0]) - p) < 4 * se, (float(r.win_rate[0]), p, se)


def test_greedy_loses_to_optimal():
    rules = trwavril.Rules()
    opt = simulate_fast("trwavril", rules=rules, games=20_000, seed=5)
    gre = simulate_fast("trwavril", rules=rules, policy="greedy", games=20_000, seed=5)
    assert float(gre.win_rate[0]) < float(opt.win_rate[0]) - 10 * opt.se_win_rate()


def _agree(a, b):
    se_t = math.hypot(a.se_turns, b.se_turns)
    assert abs(a.mean_turns - b.mean_turns) < 4 * se_t, (a.mean_turns, b.mean_turns, se_t)
    se_w = math.hypot(a.se_win_rate(), b.se_win_rate())
    assert abs(float(a.win_rate[0] - b.win_rate[0])) < 4 * se_w
    sa, sb = a.scores[:, 0].astype(float), b.scores[:, 0].astype(float)
    se_s = math.hypot(sa.std(ddof=1) / math.sqrt(a.games), sb.std(ddof=1) / math.sqrt(b.games))
    assert abs(sa.mean() - sb.mean()) < 4 * se_s + 1e-12


@pytest.mark.parametrize(
    "key,rules,policy,games",
    [
        ("dripeul", dripeul.Rules(manches=1), "optimal", 400),
        ("dripeul", dripeul.Rules(level=2, manches=1), "greedy", 400),
        ("trwavril", trwavril.Rules(parapluies=2), "optimal", 400),
        ("trwavril", trwavril.Rules(parapluies=3), "greedy", 300),
    ],
)
def test_fast_agrees_with_the_scalar_simulator(key, rules, policy, games):
    scalar = simulate(key, rules=rules, policy=POLICY[policy](), games=games, seed=31)
    fast = simulate_fast(key, rules=rules, policy=policy, games=20_000, seed=31)
    assert (scalar.game, scalar.players) == (fast.game, fast.players)
    _agree(fast, scalar)


@pytest.mark.parametrize(
    "kwargs,word",
    [
        ({"game": "cinqmille", "policy": "greedy"}, "dripeul, trwavril"),
        ({"game": "seveny", "policy": "greedy"}, "use simulate()"),
        ({"game": "trwavril", "policy": "random"}, "'optimal', 'greedy'"),
        ({"game": "trwavril", "policy": optimal()}, "'optimal', 'greedy'"),
        ({"game": "trwavril", "games": 0}, "games must be"),
        ({"game": "dripeul", "rules": trwavril.Rules()}, "dripeul.Rules"),
        ({"game": "nope"}, "nope"),
    ],
)
def test_unsupported_requests_say_what_is_supported(kwargs, word):
    game = kwargs.pop("game")
    with pytest.raises(DicelabError, match=word.replace("(", r"\(").replace(")", r"\)")):
        simulate_fast(game, **kwargs)


# ------------------------------------------------------------ 5000: a Markov chain over scores
def test_fast_5000_same_seed_and_exact_mean():
    from dicelab.engine.cinqmille import solo as eng
    from dicelab.games import cinqmille

    a = simulate_fast("5000", games=20_000, seed=3)
    b = simulate_fast("5000", games=20_000, seed=3)
    assert np.array_equal(a.turns, b.turns) and np.array_equal(a.scores, b.scores)
    assert (a.scores == 5000).all() and a.wins.tolist() == [20_000]
    assert abs(a.mean_turns - eng.expected_turns()) < 4 * a.se_turns
    mean, sd = eng.turns_moments()
    assert abs(a.turns.std() - sd) < 0.05 * sd
    six = cinqmille.Rules(dice=6)
    c = simulate_fast("5000", rules=six, games=20_000, seed=4)
    assert abs(c.mean_turns - eng.expected_turns(six)) < 4 * c.se_turns
    with pytest.raises(DicelabError, match="cinqmille.Rules"):
        simulate_fast("5000", rules=trwavril.Rules())
    with pytest.raises(DicelabError, match="use simulate"):
        simulate_fast("5000", policy="greedy")


def test_fast_5000_agrees_with_the_scalar_simulator():
    scalar = simulate("5000", policy=optimal(), games=150, seed=5)
    fast = simulate_fast("5000", games=20_000, seed=6)
    se = math.hypot(scalar.se_turns, fast.se_turns)
    assert abs(scalar.mean_turns - fast.mean_turns) < 4 * se


def test_fast_seveny_exact_mean_and_scalar_agreement():
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny

    r = seveny.Rules(target=50)
    a = simulate_fast("seveny", rules=r, games=20_000, seed=7)
    assert np.array_equal(a.turns, simulate_fast("seveny", rules=r, games=20_000, seed=7).turns)
    assert (a.scores == 50).all()
    assert abs(a.mean_turns - eng.expected_turns(r)) < 4 * a.se_turns
    scalar = simulate("seveny", rules=r, policy=optimal(), games=150, seed=8)
    se = math.hypot(scalar.se_turns, a.se_turns)
    assert abs(scalar.mean_turns - a.mean_turns) < 4 * se
