"""Dripeul 5 rules and game: the text's examples, rulings D1–D7, variants, properties."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.games import dripeul
from dicelab.games.dripeul import (
    SQUARES,
    Game,
    Outcome,
    Resolve,
    Roll,
    Rules,
    Stop,
    X,
    is_failure,
    legal_actions,
    new_state,
    resolutions,
    roll_outcome,
    step,
)

QUINTE = (1, 1, 1, 1, 1)
RIEN = (1, 2, 4, 5, 6)


def choices(dice, tokens=SQUARES, rules=None):
    return [o.choice for o in resolutions(dice, tokens, rules)]


def turn(g: Game, dice, resolve=None):
    """One turn: roll ``dice`` by hand, stop, and resolve if asked."""
    g.apply(Roll(()), dice=dice)
    events = g.apply(Stop())
    if resolve is not None:
        if g.state.phase == "resolve":
            events += g.apply(Resolve(resolve))
        else:  # a single outcome was applied automatically
            auto = [e for e in events if e["type"] == "resolve"]
            assert auto[0]["auto"] and tuple(auto[0]["removed"]) == tuple(sorted(resolve))
    return events


# ------------------------------------------------------------------ Rules
def test_rules_defaults_and_choices():
    r = Rules()
    assert (r.level, r.reroll_set_aside, r.straight_bonus, r.last_six, r.manches) == (
        3, True, False, False, 3)
    assert set(Rules.CHOICES) == set(Rules.LABELS) == {
        "level", "reroll_set_aside", "straight_bonus", "last_six", "manches"}
    assert Rules.CHOICES["level"] == (4, 3, 2, 1, 0)
    with pytest.raises(AttributeError):
        r.level = 2  # frozen


@pytest.mark.parametrize(
    "kwargs,field",
    [({"level": 5}, "level"), ({"level": -1}, "level"), ({"level": True}, "level"),
     ({"manches": 2}, "manches"), ({"reroll_set_aside": 0}, "reroll_set_aside"),
     ({"straight_bonus": "yes"}, "straight_bonus"), ({"last_six": None}, "last_six")],
)
def test_rules_invalid(kwargs, field):
    with pytest.raises(InvalidRules, match=field):
        Rules(**kwargs)
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_players_range():
    assert (dripeul.MIN_PLAYERS, dripeul.MAX_PLAYERS) == (1, 6)
    for bad in (0, 7, True):
        with pytest.raises(InvalidRules):
            Game(players=bad)


# --------------------------------------------------- resolutions (D3–D5)
def test_text_examples():
    # "Ex : 2 2 2 4 6 - il retire le jeton du carré 2."
    assert choices((2, 2, 2, 4, 6)) == [2]
    assert choices((6, 2, 4, 2, 2)) == [2]  # order does not matter
    # "si le joueur obtient un brelan de 2 alors que la case carrée 2 n'a plus de jeton, c'est
    # un échec"
    assert is_failure((2, 2, 2, 4, 6), (1, 3, 4, 5, 6))
    # "si le joueur obtient 2 2 4 4 6, ça ne vaut rien"
    assert is_failure((2, 2, 4, 4, 6))
    assert resolutions((2, 2, 4, 4, 6)) == (Outcome("rien"),)
    # carré: "il retire le jeton qu'il veut"
    assert choices((3, 3, 3, 3, 6)) == [1, 2, 3, 4, 5, 6]
    assert choices((3, 3, 3, 3, 6), (2, 5)) == [2, 5]  # even if square 3 is empty
    # quinté: "il retire 2 jetons"
    assert choices(QUINTE) == [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    assert len(choices(QUINTE)) == 15
    assert choices((5, 5, 5, 5, 5), (4,)) == [4]  # the last token if only one is left


def test_full_house_is_its_brelan():
    assert choices((3, 3, 3, 5, 5)) == [3]
    assert is_failure((3, 3, 3, 5, 5), (5, 6))  # the pair of 5 does not count


def test_suite_default_failure_and_bonus_variant():
    for s in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (6, 5, 4, 3, 2)):
        assert is_failure(s)
        outs = resolutions(s, rules=Rules(straight_bonus=True))
        assert len(outs) == 1 and outs[0].bonus and not outs[0].failure
    assert is_failure((1, 2, 3, 4, 6), rules=Rules(straight_bonus=True))


def test_last_six_variant():
    lone = (6, 6, 6, 2, 3)
    assert is_failure(lone, (4,))
    assert choices(lone, (4,), Rules(last_six=True)) == [4]
    assert is_failure(lone, (1, 4), Rules(last_six=True))  # exactly one token left only
    assert choices(lone, (6,), Rules(last_six=True)) == [6]
    assert choices((6, 6, 6, 6, 3), (4,), Rules(last_six=True)) == [4]


def test_resolutions_validate():
    with pytest.raises(InvalidDice):
        resolutions((1, 2, 3))
    with pytest.raises(InvalidDice):
        resolutions((1, 2, 3, 4, 7))
    with pytest.raises(IllegalMove):
        resolutions((1, 1, 1, 2, 3), (1, 1))
    with pytest.raises(IllegalMove):
        resolutions((1, 1, 1, 2, 3), ())


def test_every_roll_has_distinct_outcomes():
    from dicelab.core.dice import multisets

    for rules in (Rules(), Rules(straight_bonus=True, last_six=True)):
        for m in multisets(5):
            for mask in range(1, 64):
                ts = tuple(v for v in SQUARES if mask >> (v - 1) & 1)
                outs = resolutions(m, ts, rules)
                assert len(set(outs)) == len(outs) >= 1
                for o in outs:
                    assert set(o.removed) <= set(ts)
                    assert len(o.removed) <= 2


# ------------------------------------------------------------ turns (D2)
def test_turn_three_rolls_then_final():
    g = Game(seed=0)
    assert g.state.phase == "start" and g.state.rolls_left == 3
    assert g.legal_actions() == [Roll(())]
    g.apply(Roll(()), dice=[1, 2, 4, 5, 6])
    assert (g.state.phase, g.state.rolls_left, g.state.turn_count) == ("choose", 2, 1)
    g.apply(Roll((5, 6)), dice=[3, 3, 3])
    assert g.state.dice == (3, 3, 3, 5, 6)  # kept dice stay in their places
    assert g.state.kept == (5, 6) and g.state.rolls_left == 1
    events = g.apply(Roll((3, 3, 3)), dice=[1, 2])
    # third roll: final, a single outcome, resolved and logged automatically
    res = [e for e in events if e["type"] == "resolve"]
    assert res and res[0]["auto"] and res[0]["removed"] == [3]
    assert g.state.tokens == ((1, 2, 4, 5, 6),)
    assert g.state.phase == "start" and g.state.dice == () and g.state.rolls_left == 3


def test_default_may_reroll_set_aside_dice():
    g = Game(seed=0)
    g.apply(Roll(()), dice=[1, 1, 2, 3, 4])
    g.apply(Roll((1, 1)), dice=[5, 5, 5])
    g.apply(Roll((5, 5, 5)), dice=[2, 6])  # the 1s kept before are re-rolled
    assert g.state.tokens == ((1, 2, 3, 4, 6),)


def test_variant_set_aside_stays():
    rules = Rules(reroll_set_aside=False)
    g = Game(rules=rules, seed=0)
    g.apply(Roll(()), dice=[1, 1, 2, 3, 4])
    g.apply(Roll((1, 1)), dice=[5, 5, 5])
    assert g.state.locked == (1, 1)
    before = g.to_json()
    with pytest.raises(IllegalMove, match="set aside"):
        g.apply(Roll((5, 5, 5)))
    assert g.to_json() == before
    assert all(set(a.keep) >= {1} and a.keep.count(1) >= 2
               for a in g.legal_actions() if isinstance(a, Roll))
    g.apply(Roll((1, 1, 5, 5)), dice=[1])
    assert g.state.tokens == ((2, 3, 4, 5, 6),)


def test_stop_early_and_resolve_choice():
    g = Game(players=2, seed=0)
    g.apply(Roll(()), dice=[4, 4, 4, 4, 2])
    g.apply(Stop())
    assert g.state.phase == "resolve"
    assert set(g.legal_actions()) == {Resolve(v) for v in SQUARES}
    before = g.to_json()
    with pytest.raises(IllegalMove, match="not allowed"):
        g.apply(Resolve((1, 2)))
    with pytest.raises(IllegalMove):
        g.apply(Roll(()))
    with pytest.raises(IllegalMove):
        g.apply(Stop())
    assert g.to_json() == before
    g.apply(Resolve(1))
    assert g.state.tokens[0] == (2, 3, 4, 5, 6) and g.current_player == 1


def test_quinte_takes_two():
    g = Game(seed=0)
    turn(g, QUINTE, resolve=(6, 2))
    assert g.state.tokens == ((1, 3, 4, 5),)
    with pytest.raises(IllegalMove):
        turn(g, QUINTE, resolve=(6, 2))  # 2 and 6 are gone


def test_illegal_actions_messages():
    g = Game(seed=0)
    with pytest.raises(IllegalMove, match="first roll"):
        g.apply(Stop())
    with pytest.raises(IllegalMove, match="keep nothing"):
        g.apply(Roll((1,)))
    with pytest.raises(IllegalMove, match="nothing to resolve"):
        g.apply(Resolve(1))
    g.apply(Roll(()), dice=[1, 2, 3, 3, 6])
    with pytest.raises(IllegalMove, match="cannot keep 4"):
        g.apply(Roll((4,)))
    with pytest.raises(IllegalMove, match="Stop"):
        g.apply(Roll((1, 2, 3, 3, 6)))


def test_hand_set_dice_validated():
    g = Game(seed=0)
    before = g.to_json()
    for bad in ([1, 2, 3, 4], [1, 2, 3, 4, 7], [0, 1, 2, 3, 4], "12345", [1, 2, 3, 4, 5, 6]):
        with pytest.raises(InvalidDice):
            g.apply(Roll(()), dice=bad)
        assert g.to_json() == before
    g.apply(Roll(()), dice=[1, 2, 3, 4, 6])
    with pytest.raises(InvalidDice):
        g.apply(Roll((1, 2)), dice=[1, 2])  # three dice are rolled
    with pytest.raises(InvalidDice):
        g.apply(Stop(), dice=[1, 2, 3, 4, 5])  # Stop rolls nothing


def test_set_dice_teacher_mode():
    g = Game(seed=5)
    g.apply(Roll(()))
    g.set_dice([6, 6, 6, 1, 2])
    assert g.state.dice == (6, 6, 6, 1, 2)
    g.apply(Stop())
    assert g.state.tokens == ((1, 2, 3, 4, 5),)


# --------------------------------------------------- failure track (D1, D4)
@pytest.mark.parametrize("level", [4, 3, 2, 1, 0])
def test_failure_track(level):
    g = Game(rules=Rules(level=level, manches=1), players=2, seed=0)
    seen = [level]
    for v in range(1, level + 2):
        turn(g, RIEN)  # player 0 fails
        seen.append(g.state.triangle[0])
        if g.current_player == 1:
            turn(g, (v, v, v, 5, 6))  # player 1 removes token v
    assert seen == list(range(level, -1, -1)) + [X]
    assert g.state.out[0]


def test_straight_bonus_moves_left_capped_at_four():
    g = Game(rules=Rules(level=3, straight_bonus=True), seed=0)
    turn(g, RIEN)
    assert g.state.triangle == (2,)
    turn(g, (5, 3, 4, 2, 6))
    assert g.state.triangle == (3,)
    turn(g, (1, 2, 3, 4, 5))
    turn(g, (1, 2, 3, 4, 5))
    assert g.state.triangle == (4,)
    assert g.state.tokens == (SQUARES,)
    ev = [e for e in g.log if e["type"] == "resolve"]
    assert [e["bonus"] for e in ev] == [False, True, True, True]
    g2 = Game(seed=0)
    turn(g2, (1, 2, 3, 4, 5))
    assert g2.state.triangle == (2,)


# -------------------------------------------------- manches (D6) and solo (D7)
def test_manche_ends_at_end_of_round_with_scores():
    g = Game(rules=Rules(manches=1), players=3, seed=0)
    turn(g, QUINTE, (1, 2))
    turn(g, RIEN)
    turn(g, (6, 6, 6, 1, 2))
    turn(g, QUINTE, (3, 4))
    turn(g, (2, 2, 2, 1, 3))
    turn(g, RIEN)
    turn(g, QUINTE, (5, 6))  # player 0 clears: the round goes on
    assert g.state.cleared[0] and not g.is_over and g.current_player == 1
    turn(g, RIEN)
    assert g.current_player == 2
    turn(g, (1, 1, 1, 2, 3))
    assert g.is_over
    assert g.state.manche_scores == ((0, 1 + 3 + 4 + 5 + 6, 2 + 3 + 4 + 5),)
    assert g.state.manche_winners == ((0,),)
    assert g.winners == (0,)
    assert g.log[-1]["type"] == "game_over"


def test_clear_by_last_seat_ends_at_once_and_tie_broken_by_triangle():
    g = Game(rules=Rules(manches=1), players=2, seed=0)
    turn(g, RIEN)  # p0: triangle 2
    turn(g, QUINTE, (1, 2))
    turn(g, QUINTE, (1, 2))
    turn(g, QUINTE, (3, 4))
    turn(g, QUINTE, (3, 4))
    turn(g, (5, 5, 5, 1, 2))
    turn(g, QUINTE, (5, 6))  # p0 clears with triangle 2
    assert not g.is_over
    turn(g, (6, 6, 6, 1, 2))  # p1 clears with triangle 3, the last seat: manche over
    assert g.is_over
    assert g.state.manche_scores == ((0, 0),)
    assert g.state.manche_winners == ((1,),)  # highest triangle names the manche winner
    assert g.winners == (0, 1)  # equal totals share the game


def test_x_players_sit_out_and_last_player_plays_on():
    g = Game(rules=Rules(level=0, manches=1), players=3, seed=0)
    turn(g, RIEN)
    turn(g, (4, 4, 4, 1, 2))
    turn(g, RIEN)
    assert g.state.out == (True, False, True)
    assert g.current_player == 1
    turn(g, (3, 3, 3, 1, 2))
    assert g.current_player == 1  # the last player still in plays on
    turn(g, RIEN)
    assert g.is_over
    assert g.state.manche_scores == ((21, 1 + 2 + 5 + 6, 21),)
    assert g.state.manche_winners == ((),)
    assert g.winners == (1,)


def test_all_on_x_next_manche_resets_board():
    g = Game(rules=Rules(level=0), players=2, seed=0)
    turn(g, (1, 1, 1, 2, 3))
    turn(g, RIEN)
    turn(g, RIEN)
    s = g.state
    assert s.manche == 2 and not s.is_over
    assert s.manche_scores == ((2 + 3 + 4 + 5 + 6, 21),) and s.scores == (20, 21)
    assert s.tokens == (SQUARES, SQUARES) and s.triangle == (0, 0)
    assert s.current_player == 0 and s.phase == "start"
    for _ in range(2):
        turn(g, RIEN)
        turn(g, RIEN)
    assert g.is_over and g.state.scores == (62, 63) and g.winners == (0,)
    assert len(g.state.manche_scores) == 3


def test_solo_x_loses_at_once():
    g = Game(rules=Rules(level=1), players=1, seed=0)
    turn(g, RIEN)
    turn(g, (2, 2, 2, 1, 3))
    assert not g.is_over
    turn(g, RIEN)
    assert g.is_over and g.winners == () and g.state.manche == 1
    assert g.state.scores == (1 + 3 + 4 + 5 + 6,)


@pytest.mark.parametrize("manches", [1, 3])
def test_solo_win_after_every_manche(manches):
    g = Game(rules=Rules(manches=manches), players=1, seed=0)
    for m in range(manches):
        assert g.state.manche == m + 1
        turn(g, RIEN)
        for pair in ((1, 2), (3, 4), (5, 6)):
            turn(g, QUINTE, pair)
    assert g.is_over and g.winners == (0,) and g.state.scores == (0,)
    assert g.state.manche_winners == ((0,),) * manches
    assert g.state.turn_count == 4 * manches


# -------------------------------------------------- replay, JSON, properties
def test_same_seed_replays():
    def play(seed):
        g = Game(players=3, seed=seed)
        rng = random.Random(7)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        return g.log, g.state

    a, b = play(11), play(11)
    assert a == b
    assert play(12)[0] != a[0]


def test_json_round_trip_and_tampering():
    g = Game(rules=Rules(level=1, straight_bonus=True), players=2, seed=4)
    rng = random.Random(3)
    for _ in range(25):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text and h.state == g.state and h.log == g.log
    # the RNG continues identically
    if not g.is_over:
        a = g.legal_actions()[0]
        assert g.apply(a) == h.apply(a)

    data = json.loads(text)
    bad_roll = json.loads(text)
    bad_roll["steps"][0]["rolls"][0] = [1, 2, 3, 4, 9]
    bad_action = json.loads(text)
    bad_action["steps"][1]["action"] = {"type": "resolve", "choice": 3}
    bad_rules = dict(data, rules=dict(data["rules"], level=7))
    extra = dict(data, cheat=True)
    wrong_game = dict(data, game="trwavril")
    for doc in (bad_roll, bad_action, bad_rules, extra, wrong_game, "{not json", "[]"):
        with pytest.raises(InvalidSave):
            Game.from_json(doc if isinstance(doc, str) else json.dumps(doc))


def test_pure_functions_chance_node():
    s = new_state(Rules(), 2)
    s, ev = step(s, Roll(()))
    assert s.to_roll == 5 and legal_actions(s) == [] and ev[0]["type"] == "turn"
    with pytest.raises(IllegalMove):
        step(s, Stop())
    s, ev = roll_outcome(s, (3, 3, 3, 3, 3))
    assert ev[0]["type"] == "roll" and ev[0]["dice"] == [3, 3, 3, 3, 3]
    with pytest.raises(IllegalMove):
        roll_outcome(s, (1, 1, 1, 1, 1))


RULES = st.builds(
    Rules,
    level=st.sampled_from(Rules.CHOICES["level"]),
    reroll_set_aside=st.booleans(),
    straight_bonus=st.booleans(),
    last_six=st.booleans(),
    manches=st.sampled_from((1, 3)),
)


def _check_board(s):
    assert len(s.tokens) == len(s.triangle) == len(s.scores) == s.players
    for ts, tri in zip(s.tokens, s.triangle):
        assert list(ts) == sorted(set(ts)) and set(ts) <= set(SQUARES)
        assert X <= tri <= 4
    assert all(x >= 0 for x in s.scores)
    assert 1 <= s.manche <= s.rules.manches
    if not s.is_over:
        p = s.current_player
        assert s.tokens[p] and s.triangle[p] != X
        assert s.locked == () or s.rules.reroll_set_aside is False
        assert 0 <= s.rolls_left <= 3
    else:
        assert s.winners == tuple(sorted(s.winners))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, players=st.integers(1, 6), seed=st.integers(0, 2**32), pick=st.randoms())
def test_random_play_ends_and_stays_valid(rules, players, seed, pick):
    g = Game(rules=rules, players=players, seed=seed)
    for _ in range(20000):
        if g.is_over:
            break
        acts = g.legal_actions()
        assert acts
        g.apply(pick.choice(acts))
        _check_board(g.state)
    assert g.is_over
    s = g.state
    assert len(s.manche_scores) <= rules.manches
    if players > 1:
        assert len(s.manche_scores) == rules.manches
        assert s.scores == tuple(map(sum, zip(*s.manche_scores)))
        assert s.winners and all(s.scores[w] == min(s.scores) for w in s.winners)


BAD_ACTIONS = [Stop(), Roll(()), Roll((6,)), Roll((1, 1, 1, 1, 1)), Roll((1, 2, 3, 4, 5)),
               Resolve(1), Resolve((1, 2)), Resolve(7), Resolve((5, 6)), "roll"]


@settings(max_examples=40, deadline=None)
@given(rules=RULES, players=st.integers(1, 4), seed=st.integers(0, 2**32), pick=st.randoms())
def test_illegal_actions_change_nothing(rules, players, seed, pick):
    g = Game(rules=rules, players=players, seed=seed)
    for _ in range(60):
        if g.is_over:
            break
        legal = g.legal_actions()
        for bad in BAD_ACTIONS:
            if bad in legal:
                continue
            before = g.to_json()
            with pytest.raises(IllegalMove):
                g.apply(bad)
            assert g.to_json() == before
        g.apply(pick.choice(legal))
