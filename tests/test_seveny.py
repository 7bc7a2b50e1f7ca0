"""Seveny rules and game: every example of the text, rulings S1–S6, properties, save/load."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.core.dice import counts, multisets, sub_multisets
from dicelab.games import Bank, Resolve, Roll, Stop
from dicelab.games import seveny as sv
from dicelab.games.seveny import Game, Rules, score, settable

# ------------------------------------------------------------------ rules


def test_rules_defaults_and_validation():
    assert Rules().target == 50
    assert Rules(target=1).target == 1 and Rules(target=1000).target == 1000
    for bad in (0, -5, 1001, 2.5, "50", True, None):
        with pytest.raises(InvalidRules, match="target"):
            Rules(target=bad)
    assert set(Rules.CHOICES) == set(Rules.LABELS) == {"target"}
    assert 50 in Rules.CHOICES["target"]
    for t in Rules.CHOICES["target"]:
        Rules(target=t)
    with pytest.raises(AttributeError):
        Rules().target = 3  # frozen
    assert sv.MIN_PLAYERS == 1 and sv.MAX_PLAYERS == 6


# ------------------------------------------------------------------ score (S3)

TEXT_EXAMPLES = [
    ((1, 1, 1, 1, 1), 5),
    ((5, 5, 5), 5),
    ((5, 5, 5, 5, 5), 5),
    ((2, 2, 2, 1, 1), 4),  # ruling S3: the text says 5, its own table gives 4
    ((4, 4, 4, 5, 5, 5), 9),
    ((3, 3, 3, 5, 5, 5, 1), 9),
    ((5, 5, 5, 5, 5, 5), 10),
    ((6, 6, 6, 1, 1, 1), 6),
    ((6, 6, 6, 5, 5, 5), 10),
    ((6, 6, 6, 5, 5, 5, 1), 12),
    ((6, 6, 6, 6, 6, 6), 12),
    ((6, 6, 6, 6, 6, 6, 1), 13),
]


@pytest.mark.parametrize("dice,points", TEXT_EXAMPLES)
def test_score_text_examples(dice, points):
    assert score(dice) == points
    assert score(reversed(dice)) == points


def test_score_table_of_the_text():
    assert score((1,)) == 1
    for v in (2, 3, 4, 5):
        assert score((v,) * 3) == v
        assert score((v,) * 4) == v  # a carré is worth its brelan, nothing more
        assert score((v,) * 5) == v  # a quintuplé too
        assert score((v,) * 6) == 2 * v  # a sextuplé is two brelans
        assert score((v,) * 2) == 0
    assert score((6, 6, 6)) == 0  # doubles nothing
    assert score((6, 6, 6, 6, 6, 6, 6)) == 12  # "si c'est un autre 6, le tout vaut 12"
    assert score((6, 6, 6, 4, 4, 4, 4)) == 8
    assert score((6, 6, 6, 6, 1, 1, 1)) == 6


def _score_oracle(dice):
    c = counts(dice)
    base = c[0] + sum(v * (c[v - 1] // 3) for v in (2, 3, 4, 5))
    return {0: base, 1: 2 * base, 2: 12 + c[0]}[c[5] // 3]


def test_score_every_multiset():
    for n in range(8):
        for m in multisets(n):
            assert score(m) == _score_oracle(m)


def test_score_rejects_bad_dice():
    with pytest.raises(InvalidDice):
        score((1, 7))
    with pytest.raises(InvalidDice):
        score((1,) * 8)


# ------------------------------------------------------------------ settable (S2)


def _legal(hand, keep):
    kc, hc = counts(keep), counts(hand)
    if not keep:
        return False
    return all(kc[v - 1] == 0 or kc[v - 1] >= 3 or hc[v - 1] >= 3 for v in (2, 3, 4, 5))


def test_settable_text_examples():
    # "si le lancer donne 5 faces 4, le joueur peut écarter 3, 4 ou 5 faces 4"
    assert settable((), (4, 4, 4, 4, 4, 2, 3)) == ((4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4, 4))
    # "si un brelan (ou 4 ou 5) de 4 a été écarté, le joueur peut ensuite écarter un ou
    # plusieurs 4"
    assert settable((4, 4, 4), (4, 2, 3, 5)) == ((4,),)
    assert settable((4, 4, 4, 4), (4, 4, 3)) == ((4,), (4, 4))
    # "on peut écarter au choix un seul 1 ou plusieurs, mais pas forcément tous"
    assert settable((), (1, 1, 1, 2, 3, 4, 5)) == ((1,), (1, 1), (1, 1, 1))
    assert settable((), (6, 6, 2)) == ((6,), (6, 6))
    # a brelan of another face does not free the 2s
    assert settable((5, 5, 5), (2, 2, 3, 4)) == ()


def test_settable_matches_brute_force():
    hands = [(), (1,), (6, 6), (2, 2, 2), (3, 3, 3, 3), (1, 5, 5, 5, 6), (2, 2, 2, 4, 4, 4)]
    for hand in hands:
        for m in multisets(7 - len(hand)):
            want = sorted((k for k in sub_multisets(m) if _legal(hand, k)),
                          key=lambda k: (len(k), k))
            assert list(settable(hand, m)) == want


def test_check_hand():
    assert sv.check_hand((5, 5, 5, 1)) == (1, 5, 5, 5)
    for bad in ((2, 2), (1, 3), (1,) * 7, (0,)):
        with pytest.raises(InvalidDice):
            sv.check_hand(bad)


# ------------------------------------------------------------------ playing


def _game(players=1, target=50, seed=0):
    return Game(rules=Rules(target=target), players=players, seed=seed)


def test_s1_bust_loses_memorised_points():
    g = _game()
    g.apply(Roll(()), dice=[1, 1, 1, 1, 1, 1, 1])
    ev = g.apply(Roll((1, 1, 1, 1, 1, 1, 1)), dice=[1, 5, 5, 5, 2, 3, 4])
    assert g.state.memorised == 7 and g.state.cycle == 2 and g.state.hand == ()
    assert [e["type"] for e in ev] == ["set_aside", "cycle_complete", "roll"]
    g.apply(Roll((1, 5, 5, 5)), dice=[1, 2, 3])
    assert g.state.turn_points == 7 + 6
    ev = g.apply(Roll((1,)), dice=[2, 3])
    assert [e["type"] for e in ev] == ["set_aside", "roll", "bust", "turn_end"]
    # 2 3 allows no set-aside: the bust came with the roll itself
    assert g.state.phase == "start" and g.state.scores == (0,)
    types = [e["type"] for e in g.log]
    assert types[-3:] == ["roll", "bust", "turn_end"]
    bust = [e for e in g.log if e["type"] == "bust"][0]
    assert bust["lost"] == 7 + 7 and bust["player"] == 0


def test_s1_bust_is_automatic_and_logged():
    g = _game()
    g.apply(Roll(()), dice=[2, 2, 3, 3, 4, 4, 5])
    assert g.state.phase == "start" and g.state.turn_count == 1
    assert g.log[-2] == {"type": "bust", "player": 0, "dice": [2, 2, 3, 3, 4, 4, 5], "lost": 0,
                         "why": "nothing_settable", "freed": []}
    assert g.legal_actions() == [Roll(())]


def test_s4_full_hand_memorises_and_rolls_seven_again_or_banks():
    g = _game()
    g.apply(Roll(()), dice=[6, 6, 6, 5, 5, 5, 1])
    g.apply(Roll((6, 6, 6, 5, 5, 5, 1)), dice=[1, 2, 2, 3, 3, 4, 4])
    assert g.state.memorised == 12 and g.state.to_roll == 0 and len(g.state.dice) == 7
    g.apply(Bank((1,)))
    assert g.state.scores == (13,)
    # banking the seventh die banks the whole cycle
    g.apply(Roll(()), dice=[1, 1, 1, 1, 1, 1, 6])
    ev = g.apply(Bank((1, 1, 1, 1, 1, 1, 6)))
    assert [e for e in ev if e["type"] == "bank"][0]["points"] == 6
    assert g.state.scores == (19,)


def test_turn_points_and_brelan_then_singles():
    g = _game()
    g.apply(Roll(()), dice=[4, 4, 4, 2, 3, 5, 6])
    g.apply(Roll((4, 4, 4)), dice=[4, 2, 3, 6])
    assert g.state.turn_points == 4
    g.apply(Roll((4,)), dice=[4, 4, 6])
    g.apply(Roll((4, 4)), dice=[6])
    assert g.state.hand == (4, 4, 4, 4, 4, 4) and g.state.turn_points == 8
    g.apply(Bank((6,)))
    assert g.state.scores == (8,)


def test_s5_round_is_finished_and_ties_share():
    g = _game(players=3, target=5)
    g.apply(Roll(()), dice=[2, 2, 3, 3, 4, 4, 5])  # p0 busts
    g.apply(Roll(()), dice=[1, 1, 1, 1, 1, 2, 3])
    ev = g.apply(Bank((1, 1, 1, 1, 1)))  # p1 reaches 5
    assert any(e["type"] == "final_round" for e in ev)
    assert not g.is_over and g.current_player == 2
    g.apply(Roll(()), dice=[5, 5, 5, 2, 3, 4, 4])
    g.apply(Bank((5, 5, 5)))  # p2 also 5: the round ends, tie
    assert g.is_over and g.winners == (1, 2) and g.state.scores == (0, 5, 5)
    assert g.log[-1]["type"] == "game_over"
    assert g.legal_actions() == []
    with pytest.raises(IllegalMove):
        g.apply(Roll(()))


def test_s5_last_player_reaching_ends_at_once_and_higher_wins():
    g = _game(players=2, target=5)
    g.apply(Roll(()), dice=[1, 2, 3, 3, 4, 4, 5])
    g.apply(Bank((1,)))
    g.apply(Roll(()), dice=[5, 5, 5, 1, 1, 2, 3])
    g.apply(Bank((1, 1, 5, 5, 5)))
    assert g.is_over and g.winners == (1,) and g.state.scores == (1, 7)
    assert g.state.turn_count == 2


def test_s6_solo_ends_when_target_reached():
    g = _game(players=1, target=10)
    turns = 0
    while not g.is_over:
        turns += 1
        g.apply(Roll(()), dice=[5, 5, 5, 2, 3, 4, 4])
        g.apply(Bank((5, 5, 5)))
    assert turns == 2 and g.state.turn_count == 2 and g.winners == (0,)
    assert g.state.scores == (10,)


def test_illegal_actions_messages_and_nothing_changes():
    g = _game(players=2)
    g.apply(Roll(()), dice=[2, 2, 2, 3, 3, 1, 6])
    before = g.to_json()
    cases = [
        (Roll((2, 2)), "2s can only be set aside three at a time until you have a brelan of 2s"),
        (Bank((3, 3)), "3s can only be set aside three at a time"),
        (Roll(()), "set aside at least one die"),
        (Roll((1, 1)), "you cannot set aside 1 1"),
        (Roll((5, 5, 5)), "you cannot set aside"),
        (Stop(), "set aside dice, then roll on"),
        (Resolve(2), "set aside dice, then roll on"),
    ]
    for action, msg in cases:
        with pytest.raises(IllegalMove, match=msg):
            g.apply(action)
        assert g.to_json() == before
    with pytest.raises(IllegalMove, match="roll the 7 dice first"):
        sv.step(sv.new_state(), Bank((1,)))
    with pytest.raises(InvalidRules, match="1 to 6 players"):
        sv.new_state(players=7)
    with pytest.raises(InvalidRules):
        Game(players=0)


def test_hand_set_dice_validated():
    g = _game()
    before = g.to_json()
    for bad in ([1, 2, 3], [1, 2, 3, 4, 5, 6, 7], [0, 1, 1, 1, 1, 1, 1], "1234567"):
        with pytest.raises(InvalidDice):
            g.apply(Roll(()), dice=bad)
        assert g.to_json() == before
    g.apply(Roll(()), dice=[1, 1, 2, 2, 2, 6, 6])
    with pytest.raises(InvalidDice):
        g.apply(Roll((1, 1, 2, 2, 2)), dice=[1, 2, 3])  # 2 dice left, not 3
    g.set_dice([1, 2, 3, 4, 5, 6, 6])
    assert g.state.dice == (1, 2, 3, 4, 5, 6, 6)


def test_legal_actions_pair_every_set_aside():
    s = sv.new_state()
    s, _ = sv.step(s, Roll(()))
    s, _ = sv.roll_outcome(s, (1, 1, 6, 5, 5, 5, 2))
    acts = sv.legal_actions(s)
    sets = settable((), s.dice)
    assert acts == [a for k in sets for a in (Roll(k), Bank(k))]
    assert len(sets) == 3 * 2 * 2 - 1
    for a in acts:
        sv.step(s, a)  # all legal


def test_turn_points_after_roll_for_policies():
    s = sv.new_state()
    s, _ = sv.roll_outcome(sv.step(s, Roll(()))[0], (6, 6, 6, 5, 5, 5, 1))
    after, _ = sv.step(s, Roll((5, 5, 5, 6, 6, 6)))
    assert after.turn_points == 10 and after.to_roll == 1
    after, _ = sv.step(s, Roll((1, 5, 5, 5, 6, 6, 6)))
    assert after.turn_points == 12 and after.memorised == 12 and after.to_roll == 7


# ------------------------------------------------------------------ properties


def _random_play(game, rng, limit=20000):
    for _ in range(limit):
        if game.is_over:
            return
        acts = game.legal_actions()
        assert acts
        game.apply(acts[rng.randrange(len(acts))])
        st_ = game.state
        assert all(s >= 0 for s in st_.scores)
        assert st_.turn_points >= 0 and st_.memorised >= 0
        assert len(st_.hand) < 7
    raise AssertionError("the game did not end")


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 6), target=st.integers(1, 40), seed=st.integers(0, 2**32))
def test_random_legal_play_ends(players, target, seed):
    g = Game(rules=Rules(target=target), players=players, seed=seed)
    _random_play(g, random.Random(seed))
    assert g.is_over and g.winners
    best = max(g.state.scores)
    assert best >= target
    assert g.winners == tuple(i for i, s in enumerate(g.state.scores) if s == best)
    # everyone played the same number of turns (S5)
    starts = [e["player"] for e in g.log if e["type"] == "turn_start"]
    assert len(starts) == g.state.turn_count and len(starts) % players == 0
    assert all(starts.count(p) == len(starts) // players for p in range(players))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40), keep=st.lists(
    st.integers(1, 6), max_size=7))
def test_illegal_action_leaves_game_unchanged(seed, moves, keep):
    g = Game(rules=Rules(target=30), players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    legal = g.legal_actions()
    for action in (Roll(tuple(keep)), Bank(tuple(keep)), Stop()):
        if action in legal:
            continue
        before = g.to_json()
        with pytest.raises(IllegalMove):
            g.apply(action)
        assert g.to_json() == before


def test_same_seed_replays_and_json_round_trip():
    def play(seed):
        g = Game(rules=Rules(target=30), players=3, seed=seed)
        _random_play(g, random.Random(7))
        return g

    a, b = play(11), play(11)
    assert a.log == b.log and a.to_json() == b.to_json()
    c = Game.from_json(a.to_json())
    assert c.state == a.state and c.log == a.log
    # mid-game save: continuing gives the same dice
    g = Game(players=2, seed=5)
    g.apply(Roll(()))
    h = Game.from_json(g.to_json())
    assert h.state == g.state
    acts = g.legal_actions()
    if acts:
        g.apply(acts[0])
        h.apply(acts[0])
        assert h.state == g.state


def test_tampered_json_rejected():
    g = Game(players=1, seed=2)
    g.apply(Roll(()), dice=[5, 5, 5, 1, 2, 3, 4])
    g.apply(Roll((1, 5, 5, 5)), dice=[1, 2, 3])
    good = json.loads(g.to_json())
    tampered = []
    t = json.loads(json.dumps(good))
    t["steps"][1]["action"]["keep"] = [2, 3]
    tampered.append(t)
    t = json.loads(json.dumps(good))
    t["steps"][0]["rolls"][0] = [5, 5, 5, 1, 2, 3, 9]
    tampered.append(t)
    t = json.loads(json.dumps(good))
    t["steps"][1]["rolls"][0] = [1, 2]
    tampered.append(t)
    t = json.loads(json.dumps(good))
    t["rules"]["target"] = -1
    tampered.append(t)
    t = json.loads(json.dumps(good))
    t["game"] = "cinqmille"
    tampered.append(t)
    t = json.loads(json.dumps(good))
    t["steps"][0]["rolls"][0] = [2, 2, 3, 3, 4, 4, 5]  # a bust: the next action is illegal
    tampered.append(t)
    for doc in tampered:
        with pytest.raises(InvalidSave):
            Game.from_json(json.dumps(doc))
    with pytest.raises(InvalidSave):
        Game.from_json("{not json")
    assert Game.from_json(json.dumps(good)).state == g.state


def test_every_first_roll_has_consistent_actions():
    """Every 7-dice roll: bust iff no set-aside; each legal step keeps the turn points right."""
    s0, _ = sv.step(sv.new_state(), Roll(()))
    for m in itertools.islice(multisets(7), 0, None, 7):
        s, ev = sv.roll_outcome(s0, m)
        sets = settable((), m)
        assert (ev[-1]["type"] == "turn_end") == (not sets)
        for k in sets:
            after, _ = sv.step(s, Roll(k))
            assert after.turn_points == score(k) if len(k) < 7 else after.memorised == score(k)
