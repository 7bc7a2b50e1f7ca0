"""Trwavril rules and play: the text's examples, rulings T1–T6, properties, save/load."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.core.dice import multisets
from dicelab.core.errors import DicelabError
from dicelab.games import trwavril as tw
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.games.trwavril import Game, Rules, flippable, resolutions

# ------------------------------------------------------------------ Rules (T1, T4)


def test_rules_defaults_and_difficulties():
    r = Rules()
    assert (r.parapluies, r.straight) == (4, "four")
    assert {p: Rules(parapluies=p).difficulty for p in (4, 3, 2, 1)} == {
        4: "facile", 3: "moyen", 2: "difficile", 1: "héroïque"}
    assert set(Rules.CHOICES) == set(Rules.LABELS) == {"parapluies", "straight"}
    for name, values in Rules.CHOICES.items():
        for v in values:
            assert getattr(Rules(**{name: v}), name) == v


@pytest.mark.parametrize("kwargs,word", [
    ({"parapluies": 0}, "parapluies"), ({"parapluies": 5}, "parapluies"),
    ({"parapluies": True}, "parapluies"), ({"parapluies": "4"}, "parapluies"),
    ({"straight": "five"}, "straight"), ({"straight": None}, "straight"),
])
def test_rules_invalid(kwargs, word):
    with pytest.raises(InvalidRules, match=word):
        Rules(**kwargs)


def test_rules_frozen():
    with pytest.raises(AttributeError):
        Rules().parapluies = 2  # type: ignore[misc]


# ------------------------------------------------------------------ resolutions (T3, T4)


def test_text_examples_carre():
    # "Ex : 2 2 2 2 = retourner la carte 2, ou la carte 3, ou la carte 1."
    assert [r.card for r in resolutions((2, 2, 2, 2), ())] == [1, 2, 3]
    # "Ex : 6 6 6 6 = retourner la carte 6, ou la carte 5, mais pas la carte 1."
    assert [r.card for r in resolutions((6, 6, 6, 6), ())] == [5, 6]
    assert flippable((1, 1, 1, 1)) == (1, 2)
    assert flippable((4, 4, 4, 4)) == (3, 4, 5)


def test_suite_example_and_variants():
    # "si la suite est 12345, il ne peut pas choisir le 6" -> only cards of the suite
    assert flippable((1, 2, 3, 4)) == (1, 2, 3, 4)
    assert flippable((4, 2, 5, 3)) == (2, 3, 4, 5)
    assert flippable((6, 3, 5, 4)) == (3, 4, 5, 6)
    aw = Rules(straight="as_written")
    for run in [(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)]:
        assert flippable(run, aw) == ()
        assert resolutions(run, (1,), aw)[0].is_miss
    # brelans and carrés are the same in both variants
    for o in multisets(4):
        if max(o.count(v) for v in o) >= 3:
            assert flippable(o) == flippable(o, aw)


def test_brelan_flips_its_face_and_toggles():
    assert flippable((3, 3, 6, 3)) == (3,)
    (r,) = resolutions((3, 3, 6, 3), (3, 4))
    assert (r.card, r.bars, r.barred, r.figure) == (3, False, (4,), "brelan")
    (r,) = resolutions((3, 3, 6, 3), (4,))
    assert (r.card, r.bars, r.barred) == (3, True, (3, 4))


def test_carre_toggles_each_choice():
    res = resolutions((5, 5, 5, 5), (4, 6))
    assert [(r.card, r.bars, r.barred) for r in res] == [
        (4, False, (6,)), (5, True, (4, 5, 6)), (6, False, (4,))]


def test_miss_everything_else():
    for d in [(1, 2, 4, 6), (1, 1, 2, 2), (1, 1, 5, 6), (2, 3, 5, 6), (1, 3, 4, 5)]:
        (r,) = resolutions(d, (2,))
        assert r.is_miss and r.barred == (2,) and r.figure == "rien"


def test_flippable_counts_over_all_outcomes():
    # by hand: brelan-or-carré outcomes of 4 dice: 6 carrés + 30 brelans; 3 runs
    kinds = {"carré": 0, "brelan": 0, "suite": 0, "rien": 0}
    for o in multisets(4):
        kinds[tw.figure(o)] += 1
    assert kinds == {"carré": 6, "brelan": 30, "suite": 3, "rien": 126 - 39}


def test_resolution_input_validation():
    with pytest.raises(InvalidDice):
        resolutions((1, 2, 3), ())
    with pytest.raises(InvalidDice):
        resolutions((1, 2, 3, 7), ())
    with pytest.raises(DicelabError, match="barred"):
        resolutions((1, 1, 1, 2), (0,))
    with pytest.raises(DicelabError, match="barred"):
        resolutions((1, 1, 1, 2), (2, 2))


# ------------------------------------------------------------------ play (T2, T5, T6)


def test_turn_of_three_rolls_keeping_dice_in_place():
    g = Game(seed=1)
    g.apply(Roll(()), dice=[1, 6, 6, 2])
    assert g.state.rolls_left == 2 and g.state.phase == "choose"
    g.apply(Roll((6, 6)), dice=[6, 3])
    assert g.state.dice == (6, 6, 6, 3) and g.state.rolls_left == 1
    # T2: any die may be re-rolled, including ones kept before
    ev = g.apply(Roll((3,)), dice=[4, 4, 4])
    # the third roll is final: brelan of 4 flips card 4 automatically
    assert [e["type"] for e in ev] == ["roll", "final", "flip"]
    assert ev[-1] == {"type": "flip", "player": 0, "card": 4, "barred": True, "auto": True}
    assert g.state.barred == ((4,),) and g.state.phase == "start" and g.state.turn_count == 1
    assert g.state.rolls_left == 3


def test_resolve_prompt_for_a_carre():
    g = Game(seed=1)
    g.apply(Roll(()), dice=[2, 2, 2, 2])
    ev = g.apply(Stop())
    assert ev[-1]["type"] == "final" and g.state.phase == "resolve"
    assert g.state.options == (1, 2, 3)
    assert g.legal_actions() == [Resolve(1), Resolve(2), Resolve(3)]
    before = g.to_json()
    for bad in [Resolve(4), Stop(), Roll(()), Roll((2,))]:
        with pytest.raises(IllegalMove):
            g.apply(bad)
        assert g.to_json() == before
    g.apply(Resolve(3))
    assert g.state.barred == ((3,),) and g.state.phase == "start"


def test_miss_turns_a_parapluie_and_last_one_loses():
    g = Game(rules=Rules(parapluies=2), seed=5)
    g.apply(Roll(()), dice=[1, 2, 4, 6])
    ev = g.apply(Stop())
    assert ev[-1] == {"type": "miss", "player": 0, "parapluies_left": 1,
                      "dice": [1, 2, 4, 6], "why": "nothing", "suite": 4}
    assert g.state.parapluies == (1,) and not g.is_over
    g.apply(Roll(()), dice=[1, 1, 5, 6])
    ev = g.apply(Stop())
    assert [e["type"] for e in ev][-3:] == ["miss", "lose", "game_over"]
    assert g.is_over and g.winners == () and g.state.phase == "over"
    with pytest.raises(IllegalMove):
        g.apply(Roll(()))


def test_win_when_all_six_barred():
    g = Game(rules=Rules(parapluies=1), seed=2)
    for v in (1, 2, 3, 4, 5):
        g.apply(Roll(()), dice=[v, v, v, 6 if v != 6 else 1])
        g.apply(Stop())
    assert g.state.barred == ((1, 2, 3, 4, 5),) and g.state.scores == (5,)
    g.apply(Roll(()), dice=[6, 6, 6, 1])
    ev = g.apply(Stop())
    assert [e["type"] for e in ev][-2:] == ["win", "game_over"]
    assert g.is_over and g.winners == (0,) and g.state.scores == (6,)


def test_a_brelan_can_unbar_a_card():
    g = Game(seed=2)
    g.apply(Roll(()), dice=[5, 5, 5, 1])
    g.apply(Stop())
    g.apply(Roll(()), dice=[5, 2, 5, 5])
    ev = g.apply(Stop())
    assert ev[-1]["barred"] is False and g.state.barred == ((),)


def test_straight_variants_in_play():
    g = Game(seed=2)
    g.apply(Roll(()), dice=[2, 3, 4, 5])
    g.apply(Stop())
    assert g.state.phase == "resolve" and g.state.options == (2, 3, 4, 5)
    g = Game(rules=Rules(straight="as_written"), seed=2)
    g.apply(Roll(()), dice=[2, 3, 4, 5])
    ev = g.apply(Stop())
    assert ev[-1]["type"] == "miss" and g.state.parapluies == (3,)


def test_multiplayer_turn_order_elimination_and_last_in_wins():
    g = Game(rules=Rules(parapluies=1), players=3, seed=4)
    assert g.state.current_player == 0
    g.apply(Roll(()), dice=[1, 1, 1, 2])
    g.apply(Stop())
    assert g.state.current_player == 1 and g.state.barred == ((1,), (), ())
    g.apply(Roll(()), dice=[1, 2, 4, 6])
    ev = g.apply(Stop())
    assert ev[-1] == {"type": "out", "player": 1} and g.state.out == (False, True, False)
    assert g.state.current_player == 2 and not g.is_over
    g.apply(Roll(()), dice=[3, 3, 3, 3])
    g.apply(Stop())
    g.apply(Resolve(2))
    assert g.state.current_player == 0  # player 1 is skipped
    g.apply(Roll(()), dice=[1, 2, 4, 6])
    ev = g.apply(Stop())
    assert [e["type"] for e in ev][-4:] == ["miss", "out", "win", "game_over"]
    assert g.winners == (2,) and g.state.scores == (1, 0, 1) and g.state.turn_count == 4


def test_multiplayer_first_to_six():
    g = Game(rules=Rules(parapluies=4), players=2, seed=4)
    for v in (1, 2, 3, 4, 5, 6):
        g.apply(Roll(()), dice=[v, v, v, 1 if v == 6 else 6])
        ev = g.apply(Stop())
        if v < 6:
            g.apply(Roll(()), dice=[2, 2, 2, 1])
            g.apply(Stop())
    assert ev[-2] == {"type": "win", "player": 0}
    assert g.winners == (0,) and g.state.scores == (6, 1)


def test_illegal_actions_are_explained_and_change_nothing():
    g = Game(seed=9)
    before = g.to_json()
    for bad, word in [(Stop(), "roll the dice first"), (Roll((1,)), "no dice to keep"),
                      (Resolve(1), "roll the dice first"), (Bank(()), "roll the dice first"),
                      ("roll", "not an action")]:
        with pytest.raises(IllegalMove, match=word):
            g.apply(bad)  # type: ignore[arg-type]
        assert g.to_json() == before
    g.apply(Roll(()), dice=[1, 2, 2, 5])
    before = g.to_json()
    for bad, word in [(Roll((6,)), "cannot keep 6"), (Roll((2, 2, 2)), "cannot keep"),
                      (Roll((1, 2, 2, 5)), "stop"), (Resolve(2), "not final"),
                      (Bank(()), "no banking")]:
        with pytest.raises(IllegalMove, match=word):
            g.apply(bad)
        assert g.to_json() == before


def test_hand_set_dice_validated():
    g = Game(seed=9)
    before = g.to_json()
    for dice in ([1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3], [1, 2, 3, 7], ["a", 1, 2, 3]):
        with pytest.raises(InvalidDice):
            g.apply(Roll(()), dice=dice)
        assert g.to_json() == before
    g.apply(Roll(()), dice=[6, 6, 1, 2])
    with pytest.raises(InvalidDice):
        g.apply(Roll((6, 6)), dice=[1, 2, 3])
    g.apply(Roll((6, 6)), dice=[6, 5])
    assert g.state.dice == (6, 6, 6, 5)
    with pytest.raises(InvalidDice):
        g.apply(Stop(), dice=[1, 2, 3, 4])  # stopping rolls nothing


def test_teacher_set_dice_replays_the_roll():
    g = Game(seed=3)
    g.apply(Roll(()))
    g.set_dice([4, 4, 4, 4])
    assert g.state.dice == (4, 4, 4, 4)
    g.apply(Stop())
    assert g.state.options == (3, 4, 5)
    g.undo()
    assert g.state.phase == "choose"


def test_state_contract_fields():
    s = tw.new_state(Rules(), 2)
    for name in ("rules", "players", "current_player", "to_roll", "is_over", "winners",
                 "turn_count", "scores", "dice", "phase", "rolls_left", "barred",
                 "parapluies", "out"):
        assert hasattr(s, name)
    assert s.scores == (0, 0)
    with pytest.raises(InvalidRules):
        Game(players=7)
    with pytest.raises(InvalidRules):
        Game(players=0)


# ------------------------------------------------------------------ replay and save


def _random_game(seed, players, rules, choose_seed):
    import random

    chooser = random.Random(choose_seed)
    g = Game(rules=rules, players=players, seed=seed)
    n = 0
    while not g.is_over:
        acts = g.legal_actions()
        assert acts
        g.apply(chooser.choice(acts))
        n += 1
        assert n < 5000
    return g


def test_same_seed_replays():
    a = _random_game(11, 3, Rules(parapluies=2), 5)
    b = Game(rules=Rules(parapluies=2), players=3, seed=11)
    for act in a.actions:
        b.apply(act)
    assert a.log == b.log and a.to_json() == b.to_json()


def test_json_round_trip():
    g = _random_game(12, 2, Rules(parapluies=3, straight="as_written"), 1)
    g2 = Game.from_json(g.to_json())
    assert g2.to_json() == g.to_json() and g2.state == g.state and g2.log == g.log
    # mid-game round trip, then both continue identically
    h = Game(seed=8)
    h.apply(Roll(()))
    h.apply(Roll(()))
    h2 = Game.from_json(h.to_json())
    assert h2.state == h.state
    h.apply(Roll(()))
    h2.apply(Roll(()))
    assert h.state == h2.state


def test_tampered_json_rejected():
    g = Game(seed=8)
    g.apply(Roll(()), dice=[2, 2, 2, 2])
    g.apply(Stop())
    g.apply(Resolve(1))
    good = json.loads(g.to_json())
    bad_docs = []
    d = json.loads(json.dumps(good))
    d["steps"][2]["action"]["choice"] = 5  # card 5 is not allowed by 2 2 2 2
    bad_docs.append(d)
    d = json.loads(json.dumps(good))
    d["steps"][0]["rolls"][0] = [2, 2, 2, 9]
    bad_docs.append(d)
    d = json.loads(json.dumps(good))
    d["steps"][0]["rolls"][0] = [2, 2, 2]
    bad_docs.append(d)
    d = json.loads(json.dumps(good))
    d["rules"]["parapluies"] = 9
    bad_docs.append(d)
    d = json.loads(json.dumps(good))
    d["game"] = "dripeul"
    bad_docs.append(d)
    d = json.loads(json.dumps(good))
    d["players"] = 8
    bad_docs.append(d)
    for doc in bad_docs:
        with pytest.raises(InvalidSave):
            Game.from_json(json.dumps(doc))
    with pytest.raises(InvalidSave):
        Game.from_json("{not json")


# ------------------------------------------------------------------ properties


def _check_invariants(state):
    assert 0 <= state.current_player < state.players
    for p in range(state.players):
        b = state.barred[p]
        assert list(b) == sorted(set(b)) and all(1 <= c <= 6 for c in b)
        assert 0 <= state.parapluies[p] <= state.rules.parapluies
        assert state.out[p] == (state.parapluies[p] == 0)
    assert state.scores == tuple(len(b) for b in state.barred)
    assert 0 <= state.rolls_left <= 3
    if state.is_over:
        assert state.phase == "over"
        assert len(state.winners) <= 1
        if state.winners:
            w = state.winners[0]
            assert len(state.barred[w]) == 6 or len(state.in_play) == 1
    else:
        assert not state.out[state.current_player]
        assert state.phase in ("start", "choose", "resolve")


rules_st = st.builds(Rules, parapluies=st.sampled_from((1, 2, 3, 4)),
                     straight=st.sampled_from(("four", "as_written")))


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, players=st.integers(1, 6), seed=st.integers(0, 2**32),
       choose=st.randoms(use_true_random=False))
def test_random_play_ends_and_keeps_invariants(rules, players, seed, choose):
    g = Game(rules=rules, players=players, seed=seed)
    n = 0
    while not g.is_over:
        _check_invariants(g.state)
        acts = g.legal_actions()
        assert acts
        g.apply(choose.choice(acts))
        n += 1
        assert n < 20000
    _check_invariants(g.state)
    assert g.legal_actions() == []
    if players == 1:
        assert g.winners in ((), (0,))
        assert (g.winners == (0,)) == (g.state.scores == (6,))
    else:
        assert len(g.winners) == 1


illegal_st = st.one_of(
    st.builds(Roll, st.lists(st.integers(1, 6), max_size=4)),
    st.just(Stop()),
    st.builds(Resolve, st.integers(-1, 8)),
    st.builds(Bank, st.lists(st.integers(1, 6), max_size=2)),
)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 3), seed=st.integers(0, 2**32), moves=st.integers(0, 30),
       bad=illegal_st, choose=st.randoms(use_true_random=False))
def test_illegal_action_leaves_game_unchanged(players, seed, moves, bad, choose):
    g = Game(rules=Rules(parapluies=2), players=players, seed=seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(choose.choice(g.legal_actions()))
    legal = g.legal_actions()
    if bad in legal:
        return
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.apply(bad)
    assert g.to_json() == before
