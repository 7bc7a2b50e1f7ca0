"""5000 rules engine: every worked example and ruling F1–F10, property tests, saves."""

import itertools
import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.games import Bank, Roll, Stop
from dicelab.games import cinqmille as cm
from dicelab.games.cinqmille import Game, Rules, score, scoring_options

SIX = Rules(dice=6)
ALL_RULES = [
    Rules(dice=d, opening=o, min_bank=m, keep_all_scoring=k, no_4900=n)
    for d, o, m, k, n in itertools.product((5, 6), (700, 750, 1000), (0, 300), (False, True),
                                          (False, True))
]


def at(rules=cm.DEFAULT_RULES, players=1, scores=None, opened=None, player=0):
    """A start-of-turn state with the given banked scores."""
    s = cm.new_state(rules, players)
    scores = tuple(scores or s.scores)
    opened = tuple(opened if opened is not None else (x > 0 for x in scores))
    return replace(s, scores=scores, opened=opened, current_player=player)


def play(state, action, dice=None):
    state, events = cm.step(state, action)
    if state.to_roll:
        state, more = cm.roll_outcome(state, dice)
        events += more
    return state, events


def kinds(events):
    return [e["type"] for e in events]


# ------------------------------------------------------------------------ rules
def test_rules_defaults_follow_dice():
    assert Rules() == Rules(dice=5, opening=750, min_bank=0, keep_all_scoring=False,
                            no_4900=False)
    assert (Rules(dice=6).opening, Rules(dice=6).min_bank) == (700, 300)
    assert Rules(dice=6, opening=1000, min_bank=0).min_bank == 0
    assert set(Rules.CHOICES) == set(Rules.LABELS) == {
        "dice", "opening", "min_bank", "keep_all_scoring", "no_4900"}


@pytest.mark.parametrize("kw,field", [
    ({"dice": 4}, "dice"), ({"opening": 500}, "opening"), ({"min_bank": 100}, "min_bank"),
    ({"keep_all_scoring": 1}, "keep_all_scoring"), ({"no_4900": "yes"}, "no_4900"),
    ({"dice": True}, "dice"),
])
def test_rules_invalid(kw, field):
    with pytest.raises(InvalidRules, match=field):
        Rules(**kw)


def test_rules_frozen():
    with pytest.raises(AttributeError):
        Rules().dice = 6


# ---------------------------------------------------------------------- scoring F1
@pytest.mark.parametrize("dice,points", [
    ((1,), 100), ((5,), 50), ((1, 1), 200), ((1, 5), 150), ((1, 1, 1), 1000),
    ((2, 2, 2), 200), ((3, 3, 3), 300), ((6, 6, 6), 600), ((1, 1, 1, 1), 1100),
    ((5, 5, 5, 5), 550), ((5, 5, 5, 5, 5), 600), ((1, 1, 1, 1, 1), 1200),
    ((1, 2, 3, 4, 5), 750), ((2, 3, 4, 5, 6), 750), ((1, 3, 3, 3), 400), ((5,), 50),
    ((4, 4, 4, 1, 5), 550), ((), 0),
])
def test_score_five_dice(dice, points):
    assert score(dice) == points


@pytest.mark.parametrize("dice", [(2,), (2, 2), (2, 2, 2, 2), (1, 2), (6, 6, 6, 6, 6),
                                  (1, 2, 3, 4, 6), (3, 4)])
def test_score_rejects_non_scoring(dice):
    with pytest.raises(InvalidDice):
        score(dice)
    with pytest.raises(ValueError):
        score(dice)


def test_score_six_dice():
    assert score((1,) * 6, SIX) == 2000
    assert score((4,) * 6, SIX) == 800
    assert score((2, 2, 2, 3, 3, 3), SIX) == 500
    assert score((5, 5, 5, 5), SIX) == 550
    with pytest.raises(InvalidDice):
        score((1, 2, 3, 4, 5), SIX)  # no suite with 6 dice
    with pytest.raises(InvalidDice):
        score((1,) * 7, SIX)


def test_score_bad_values():
    with pytest.raises(InvalidDice):
        score((0, 1))
    with pytest.raises(InvalidDice):
        score((1,) * 6)  # 6 dice in the 5-dice game


def test_text_example():
    # 2 2 3 6 5: only the 5 scores; then 3 3 3 1 = 400, full hand, total 450, roll all again
    assert scoring_options((2, 2, 3, 6, 5)) == (((5,), 50),)
    g = Game(seed=0)
    g.apply(Roll(()), dice=[2, 2, 3, 6, 5])
    g.apply(Roll((5,)), dice=[3, 3, 3, 1])
    assert g.state.to_roll == 0 and g.state.dice == (3, 3, 3, 1)
    assert Bank((1, 3, 3, 3)) not in g.legal_actions()  # full hand: must roll
    ev = g.apply(Roll((1, 3, 3, 3)), dice=[1, 2, 3, 4, 6])
    assert kinds(ev) == ["set_aside", "full_hand", "roll"]
    assert g.state.turn_points == 450 and g.state.aside == () and g.state.in_play == 5


def test_figures_do_not_combine_across_rolls():
    s, _ = play(at(), Roll(()), [1, 2, 3, 4, 6])
    s, _ = play(s, Roll((1,)), [1, 1, 2, 3])
    s, ev = play(s, Roll((1, 1)), [2, 6])
    assert ev[0]["turn_points"] == 300


def test_scoring_options_exact():
    assert scoring_options((1, 1, 5)) == (
        ((1,), 100), ((5,), 50), ((1, 1), 200), ((1, 5), 150), ((1, 1, 5), 250))
    assert scoring_options((1, 1, 1, 2, 3)) == (
        ((1,), 100), ((1, 1), 200), ((1, 1, 1), 1000))
    assert scoring_options((1, 2, 3, 4, 5))[-1] == ((1, 2, 3, 4, 5), 750)
    assert scoring_options((1, 2, 3, 4, 5), Rules(keep_all_scoring=True)) == (
        ((1, 2, 3, 4, 5), 750),)
    assert scoring_options((2, 2, 2, 2, 6), Rules(keep_all_scoring=True)) == (
        ((2, 2, 2), 200),)
    assert scoring_options((2, 2, 2, 3, 3, 3), SIX) == (((2, 2, 2, 3, 3, 3), 500),)
    assert scoring_options((1, 1, 1, 1, 4, 6), SIX) == (
        ((1, 1, 1), 1000), ((1, 1, 1, 1), 1100))
    with pytest.raises(InvalidDice):
        scoring_options(())


@pytest.mark.parametrize("rules", [Rules(), SIX, Rules(keep_all_scoring=True)])
def test_scoring_options_match_brute_force(rules):
    from dicelab.core.dice import multisets, sub_multisets

    for n in range(1, rules.dice + 1):
        for roll in multisets(n):
            brute = []
            for k in sub_multisets(roll):
                if not k:
                    continue
                try:
                    brute.append((k, score(k, rules)))
                except InvalidDice:
                    pass
            if rules.dice == 6:
                brute = [(k, p) for k, p in brute
                         if all(k.count(f) >= 3 * (roll.count(f) // 3) for f in range(1, 7))]
            if rules.keep_all_scoring and brute:
                brute = [max(brute, key=lambda kp: len(kp[0]))]
            assert sorted(brute) == sorted(scoring_options(roll, rules)), roll


def test_ballot_and_bust_helpers():
    assert cm.is_ballot((2, 2, 3, 4, 6)) and cm.is_bust((2, 2, 3, 4, 6))
    assert not cm.is_ballot((2, 3, 4, 6)) and cm.is_bust((2, 3, 4, 6))
    assert not cm.is_bust((2, 3, 4, 5, 6))
    assert cm.is_ballot((2, 2, 3, 4, 6, 6), SIX)


# ------------------------------------------------------------------ F2 set-asides
def test_f2_may_reroll_scoring_dice():
    s, _ = play(at(), Roll(()), [1, 5, 5, 2, 3])
    s, ev = play(s, Roll((5,)), [1, 1, 2, 4])
    assert ev[0]["points"] == 50 and s.turn_points == 50 and s.in_play == 4


def test_f2_keep_all_scoring():
    r = Rules(keep_all_scoring=True)
    s, _ = play(at(r), Roll(()), [1, 5, 5, 2, 3])
    with pytest.raises(IllegalMove, match="every scoring die: 1 5 5"):
        cm.step(s, Roll((5,)))
    assert cm.legal_actions(s) == [Roll((1, 5, 5))]


def test_illegal_set_asides_explained():
    s, _ = play(at(), Roll(()), [1, 5, 2, 3, 3])
    with pytest.raises(IllegalMove, match="at least one scoring die"):
        cm.step(s, Roll(()))
    with pytest.raises(IllegalMove, match="2 does not score"):
        cm.step(s, Roll((2,)))
    with pytest.raises(IllegalMove, match="not among"):
        cm.step(s, Roll((1, 1)))
    with pytest.raises(IllegalMove, match="Roll or bank|roll .Roll. or bank|either roll or bank"):
        cm.step(s, Stop())
    with pytest.raises(IllegalMove, match="starts with (Roll|a roll)"):
        cm.step(at(), Bank(()))
    with pytest.raises(IllegalMove, match="rolling all 5 dice"):
        cm.step(at(), Roll((1,)))


# ------------------------------------------------------------------------ F3 bust
def test_f3_ballot_ends_turn():
    s = at(players=2, scores=(1000, 2000))
    s, ev = play(s, Roll(()), [2, 2, 3, 4, 6])
    assert kinds(ev) == ["turn", "roll", "bust"] and ev[-1]["ballot"] is True
    assert s.current_player == 1 and s.scores == (1000, 2000) and s.phase == "start"


def test_f3_bust_loses_turn_points():
    s = at(players=2, scores=(1000, 0))
    s, _ = play(s, Roll(()), [1, 1, 1, 2, 3])
    s, ev = play(s, Roll((1, 1, 1)), [2, 3])
    assert ev[-1] == {"type": "bust", "player": 0, "dice": [2, 3], "lost": 1000,
                      "ballot": False, "why": "no_score", "suite": False}
    assert s.scores == (1000, 0) and s.current_player == 1 and s.turn_points == 0


# ------------------------------------------------------------------- F4 full hand
def test_f4_full_hand_must_roll_and_accumulates():
    s, _ = play(at(scores=(1000,)), Roll(()), [1, 2, 3, 4, 5])
    with pytest.raises(IllegalMove, match="main pleine"):
        cm.step(s, Bank((1, 2, 3, 4, 5)))
    assert Bank((1, 5)) in cm.legal_actions(s)
    s, ev = play(s, Roll((1, 2, 3, 4, 5)), [5, 2, 2, 3, 6])
    assert "full_hand" in kinds(ev) and s.turn_points == 750 and s.in_play == 5
    s, ev = play(s, Bank((5,)))
    assert s.scores == (1800,)


# --------------------------------------------------------------------- F5 opening
@pytest.mark.parametrize("rules,need", [(Rules(), 750), (Rules(opening=1000), 1000),
                                        (Rules(opening=700), 700), (SIX, 700)])
def test_f5_opening(rules, need):
    s, _ = play(at(rules), Roll(()), [1, 5] + [2, 3, 4, 6][: rules.dice - 2])
    with pytest.raises(IllegalMove, match=f"not opened yet: you need {need} points"):
        cm.step(s, Bank((1,)))
    assert not any(isinstance(a, Bank) for a in cm.legal_actions(s))
    s = replace(s, turn_points=need - 100)
    s2, ev = cm.step(s, Bank((1,)))
    assert s2.scores == (need,) and s2.opened == (True,) and "open" in kinds(ev)


def test_f5_after_opening_any_total_and_min_bank():
    s, _ = play(at(scores=(800,)), Roll(()), [5, 2, 2, 3, 4])
    s2, _ = cm.step(s, Bank((5,)))
    assert s2.scores == (850,)
    r = Rules(min_bank=300)
    s, _ = play(at(r, scores=(800,)), Roll(()), [5, 2, 2, 3, 4])
    with pytest.raises(IllegalMove, match="at least 300 points"):
        cm.step(s, Bank((5,)))
    s2, _ = cm.step(replace(s, turn_points=250), Bank((5,)))
    assert s2.scores == (1100,)


# ----------------------------------------------------------------- F6 exact 5000
def test_f6_exact_win_and_overshoot():
    s, _ = play(at(players=2, scores=(4900, 0)), Roll(()), [1, 5, 2, 3, 4])
    # 1 (100) wins; 5 (50) keeps going; 1 5 (150) overshoots: legal, ends the turn with 0
    won, ev = cm.step(s, Roll((1,)))
    assert won.is_over and won.winners == (0,) and won.scores == (5000, 0)
    assert kinds(ev) == ["set_aside", "bank", "win", "game_over"]
    over, ev = cm.step(s, Bank((1, 5)))
    assert kinds(ev) == ["set_aside", "overshoot"] and over.scores == (4900, 0)
    assert over.current_player == 1 and not over.is_over
    assert Roll((1, 5)) in cm.legal_actions(s) and Bank((1, 5)) in cm.legal_actions(s)


def test_f6_every_choice_overshoots_ends_turn():
    s = at(scores=(4950,))
    s, ev = play(s, Roll(()), [1, 2, 3, 4, 6])
    assert kinds(ev)[-1] == "overshoot" and s.phase == "start" and s.scores == (4950,)


def test_f6_full_hand_reaching_5000_wins():
    s, _ = play(at(scores=(4250,)), Roll(()), [1, 2, 3, 4, 5])
    s, ev = cm.step(s, Roll((1, 2, 3, 4, 5)))
    assert s.is_over and s.scores == (5000,) and "full_hand" not in kinds(ev)


def test_f6_never_over_5000():
    s, _ = play(at(scores=(4000,)), Roll(()), [1, 1, 1, 1, 2])
    s2, ev = cm.step(s, Bank((1, 1, 1, 1)))
    assert s2.scores == (4000,) and "overshoot" in kinds(ev)
    s3, ev = cm.step(s, Bank((1, 1, 1)))
    assert s3.is_over and s3.scores == (5000,)


# ------------------------------------------------------------------- F7 five 1s
def test_f7_five_ones_win_unopened():
    s, ev = play(at(players=3), Roll(()), [1, 1, 1, 1, 1])
    assert s.is_over and s.winners == (0,) and ev[-2]["reason"] == "five 1s"


def test_f7_five_ones_after_full_hand():
    s, _ = play(at(scores=(1000,)), Roll(()), [1, 2, 3, 4, 5])
    s, ev = play(s, Roll((1, 2, 3, 4, 5)), [1, 1, 1, 1, 1])
    assert s.is_over and s.winners == (0,)


def test_f7_not_with_six_dice():
    s, _ = play(at(SIX), Roll(()), [1, 1, 1, 1, 1, 2])
    assert not s.is_over and s.phase == "choose"


# -------------------------------------------------------------------- F8 no 4900
def test_f8_no_4900():
    r = Rules(no_4900=True)
    s, _ = play(at(r, scores=(4800,)), Roll(()), [1, 2, 3, 4, 6])
    with pytest.raises(IllegalMove, match="no-4900"):
        cm.step(s, Bank((1,)))
    s, _ = play(at(Rules(), scores=(4800,)), Roll(()), [1, 2, 3, 4, 6])
    assert cm.step(s, Bank((1,)))[0].scores == (4900,)


# ----------------------------------------------------------------- F9 six dice
def test_f9_must_keep_brelans_and_validate():
    s, _ = play(at(SIX, scores=(1000,)), Roll(()), [3, 3, 3, 5, 4, 6])
    with pytest.raises(IllegalMove, match="every brelan rolled must be set aside: 3 3 3"):
        cm.step(s, Roll((5,)))
    with pytest.raises(IllegalMove, match="brelan must be validated"):
        cm.step(s, Bank((3, 3, 3, 5)))
    s, ev = cm.step(s, Roll((3, 3, 3)))
    assert s.pending_validation and s.to_roll == 3
    s, ev = cm.roll_outcome(s, [5, 3, 4])
    assert kinds(ev) == ["roll", "validated"] and not s.pending_validation
    s, ev = cm.step(s, Bank((5,)))
    assert s.scores == (1350,)


def test_f9_brelan_not_validated_is_lost():
    s, _ = play(at(SIX, scores=(1000,)), Roll(()), [3, 3, 3, 1, 4, 6])
    s, ev = play(s, Roll((1, 3, 3, 3)), [2, 4])
    assert kinds(ev)[-1] == "bust" and s.scores == (1000,)


def test_f9_full_hand_validated_and_win_over_5000():
    s, _ = play(at(SIX, scores=(4900,)), Roll(()), [2, 2, 2, 3, 3, 3])
    s, ev = play(s, Roll((2, 2, 2, 3, 3, 3)), [1, 2, 3, 4, 6, 6])
    assert "full_hand" in kinds(ev) and "validated" in kinds(ev) and s.turn_points == 500
    s, ev = cm.step(s, Bank((1,)))
    assert s.is_over and s.scores == (5500,) and s.winners == (0,)


def test_f9_min_bank_300():
    s, _ = play(at(SIX, scores=(1000,)), Roll(()), [1, 5, 2, 3, 4, 6])
    with pytest.raises(IllegalMove, match="at least 300"):
        cm.step(s, Bank((1, 5)))


# ------------------------------------------------------------------------ F10 solo
def test_f10_solo_counts_turns():
    g = Game(seed=0)
    g.apply(Roll(()), dice=[2, 2, 3, 4, 6])
    g.apply(Roll(()), dice=[1, 1, 1, 2, 3])
    assert g.state.turn_count == 2 and g.current_player == 0


# ----------------------------------------------------------------- game runner
def test_hand_set_dice_validated():
    g = Game(seed=0)
    before = g.to_json()
    with pytest.raises(InvalidDice):
        g.apply(Roll(()), dice=[1, 2, 3])
    with pytest.raises(InvalidDice):
        g.apply(Roll(()), dice=[1, 2, 3, 4, 7])
    assert g.to_json() == before
    g.apply(Roll(()), dice=[1, 2, 3, 4, 6])
    g.set_dice([5, 5, 5, 2, 3])
    assert g.state.dice == (5, 5, 5, 2, 3)


def random_game(seed, players, rules, max_actions=20000):
    rng = np.random.default_rng(seed)
    g = Game(rules=rules, players=players, seed=seed)
    for _ in range(max_actions):
        if g.is_over:
            return g
        acts = g.legal_actions()
        st_ = g.state
        wins = [a for a in acts if isinstance(a, (Roll, Bank)) and st_.phase == "choose"
                and cm.set_aside_result(rules, st_.score, st_.turn_points
                                        + score(a.keep, rules)) == cm.WIN]
        banks = [a for a in acts if isinstance(a, Bank)]
        if wins:
            a = wins[0]
        elif banks and rng.random() < 0.85:
            a = banks[rng.integers(len(banks))]
        else:
            a = acts[rng.integers(len(acts))]
        g.apply(a)
        s = g.state
        assert all(0 <= x for x in s.scores)
        if rules.dice == 5:
            assert all(x <= 5000 for x in s.scores)
        assert s.opened == tuple(x > 0 for x in s.scores)
    return g


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6), rules=st.sampled_from(ALL_RULES))
def test_random_play_ends(seed, players, rules):
    g = random_game(seed, players, rules)
    assert g.is_over and len(g.winners) == 1
    w = g.winners[0]
    if rules.dice == 5:
        assert g.state.scores[w] == 5000 or any(e["type"] == "win" and e["reason"] == "five 1s"
                                                for e in g.log)
    else:
        assert g.state.scores[w] >= 5000


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(ALL_RULES),
       steps=st.integers(0, 30), keep=st.lists(st.integers(1, 6), max_size=6),
       bank=st.booleans())
def test_illegal_action_changes_nothing(seed, rules, steps, keep, bank):
    g = Game(rules=rules, players=2, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[rng.integers(len(acts))])
    action = Bank(keep) if bank else Roll(keep)
    if g.is_over or action in g.legal_actions():
        return
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.apply(action)
    assert g.to_json() == before


def test_same_seed_replays():
    a, b = random_game(7, 3, Rules()), random_game(7, 3, Rules())
    assert a.log == b.log and a.to_json() == b.to_json()


@pytest.mark.parametrize("rules", [Rules(), SIX, Rules(opening=1000, no_4900=True)])
def test_json_round_trip(rules):
    g = random_game(11, 2, rules)
    h = Game.from_json(g.to_json())
    assert h.state == g.state and h.log == g.log and h.rules == rules
    g2 = Game(rules=rules, players=2, seed=5)
    g2.apply(Roll(()))
    h2 = Game.from_json(g2.to_json())
    assert h2.state == g2.state
    h2.apply(h2.legal_actions()[0])  # continues with the same generator
    g2.apply(g2.legal_actions()[0])
    assert h2.state == g2.state


def test_tampered_json_rejected():
    g = Game(seed=3, players=2)
    g.apply(Roll(()), dice=[1, 1, 2, 3, 4])
    g.apply(Roll((1, 1)), dice=[5, 2, 3])
    data = json.loads(g.to_json())
    bad = json.loads(json.dumps(data))
    bad["steps"][0]["rolls"] = [[2, 2, 3, 4, 6]]  # a ballot: Roll((1, 1)) is then illegal
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["steps"][1]["action"] = {"type": "bank", "keep": [1, 1]}  # not opened
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["rules"]["opening"] = 600
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["steps"][0]["rolls"] = [[1, 1, 2, 3, 9]]
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(bad))
    with pytest.raises(InvalidSave):
        Game.from_json("{not json")
    assert Game.from_json(json.dumps(data)).state == g.state


def test_players_bounds():
    with pytest.raises(InvalidRules):
        Game(players=7)
    with pytest.raises(InvalidRules):
        cm.new_state(Rules(), 0)
