"""every lesson question that describes a game situation is played through that
game's own rules (its ``step``/``roll_outcome``/scoring functions, not the lesson's helpers),
and the answer the lesson states comes out."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from dicelab.core.errors import IllegalMove
from dicelab.engine import trwavril as trwavril_odds
from dicelab.games import cinqmille as cm
from dicelab.games import seveny as sv
from dicelab.games import trwavril as tw
from dicelab.games._base import Bank, Roll, Stop
from dicelab.lessons import LESSONS, versus


def _answer(lesson: str, key: str):
    return LESSONS[lesson].question(key).value()


def _ordered(n: int):
    return itertools.product(range(1, 7), repeat=n)


def test_08_last_die_full_hand_must_roll_again_f4():
    """300 points, four dice aside (1 1 5 5), the last die rolled: a 1 or a 5 fills the hand,
    banking is refused and all five dice roll again; any other face loses the turn."""
    start = replace(cm.new_state(cm.Rules()), opened=(True,), scores=(1000,),
                    aside=(1, 1, 5, 5), groups=((1, 1), (5, 5)), turn_points=300,
                    phase="rolling", to_roll=1)
    total = Fraction(0)
    for face in range(1, 7):
        s, events = cm.roll_outcome(start, (face,))
        if face in (1, 5):
            assert s.phase == "choose"
            actions = cm.legal_actions(s)
            assert not any(isinstance(a, Bank) for a in actions)  # main pleine: no banking
            with pytest.raises(IllegalMove, match="main pleine"):
                cm.step(s, Bank((face,)))
            after, ev = cm.step(s, Roll((face,)))
            assert after.to_roll == 5 and after.aside == ()
            assert any(e["type"] == "full_hand" for e in ev)
            total += Fraction(after.turn_points - 300, 6)
        else:
            assert any(e["type"] == "bust" for e in events) and s.phase == "start"
            total -= Fraction(300, 6)
    assert _answer("stop_or_roll", "last_die") == total == -175


def test_04_bust_with_three_dice():
    start = replace(cm.new_state(cm.Rules()), opened=(True,), aside=(1, 5),
                    groups=((1, 5),), turn_points=150, phase="rolling", to_roll=3)
    busts = sum(cm.roll_outcome(start, d)[0].phase == "start" for d in _ordered(3))
    assert _answer("at_least_one", "bust_three") == Fraction(busts, 216)


def test_07_points_of_one_and_two_dice():
    one = {f: max((p for _k, p in cm.scoring_options((f,))), default=0) for f in range(1, 7)}
    assert _answer("expected_value", "e_one_die") == Fraction(sum(one.values()), 6)
    assert _answer("expected_value", "p_zero") == Fraction(sum(v == 0 for v in one.values()), 6)
    best_two = [max((p for _k, p in cm.scoring_options(d)), default=0) for d in _ordered(2)]
    assert _answer("expected_value", "e_two_dice") == Fraction(sum(best_two), 36)


def test_05_seveny_ones_and_sixes_score_alone():
    """'1s and 6s score alone': a single die can be set aside exactly when it shows 1 or 6."""
    assert [f for f in range(1, 7) if sv.settable((), (f,))] == [1, 6]
    none = sum(not any(f in (1, 6) for f in d) for d in _ordered(7))
    assert _answer("binomial", "seveny_none") == Fraction(none, 6**7)


def test_06_trwavril_cards_given_the_figure():
    rules = tw.Rules()
    for fig, key in (("brelan", "six_given_brelan"), ("suite", "six_given_suite")):
        rolls = [d for d in _ordered(4) if tw.figure(d, rules) == fig]
        six = sum(6 in tw.flippable(d, rules) for d in rolls)
        assert _answer("conditional", key) == Fraction(six, len(rolls))
    brelans = sum(tw.figure(d, rules) == "brelan" for d in _ordered(4))
    assert _answer("conditional", "p_brelan_four") == Fraction(brelans, 1296)


def test_06_a_brelan_of_5_flips_card_5_back():
    s = replace(tw.new_state(tw.Rules()), barred=((1, 2, 3, 4, 5),), parapluies=(2,))
    s, _ = tw.step(s, Roll(()))
    s, _ = tw.roll_outcome(s, (5, 5, 2, 5))
    s, _ = tw.step(s, Stop())
    assert s.barred[0] == (1, 2, 3, 4)  # the flip is a toggle (T3)
    # the lesson's position: 3 parapluies; after the brelan against after a miss (one
    # parapluie turned, the cards kept), from the engine's own values
    effect = trwavril_odds.flip_effect((1, 2, 3, 4, 5), 5, parapluies=3)
    miss = trwavril_odds.start_value(effect.barred_before, 2)
    assert 0.48 < effect.after < miss < 0.52  # 48,3 % against 51,5 %
    q = LESSONS["conditional"].question("flip_back")
    assert q.options_in("en")[q.value()] == ("lower than after a miss" if effect.after < miss
                                             else "higher than after a miss")


def test_13_the_position_is_reachable_and_both_choices_are_legal():
    """Lesson 13: a 1 and a 5 set aside (150 points), three dice 2 3 5; set aside the 5, then
    bank (4900) or roll the two dice left."""
    b = versus.BEHIND
    assert cm.score(b["aside"]) == b["turn_points"] and len(b["dice"]) == 5 - len(b["aside"])
    s = replace(cm.new_state(cm.Rules(), 2), scores=b["scores"], opened=(True, True),
                aside=b["aside"], groups=(b["aside"],), turn_points=b["turn_points"],
                phase="rolling", to_roll=len(b["dice"]))
    s, _ = cm.roll_outcome(s, b["dice"])
    assert Roll(b["keep"]) in cm.legal_actions(s) and Bank(b["keep"]) in cm.legal_actions(s)
    banked, _ = cm.step(s, Bank(b["keep"]))
    assert banked.scores == (4900, 4800) and banked.current_player == 1
    rolled, _ = cm.step(s, Roll(b["keep"]))
    assert rolled.to_roll == 2 and rolled.turn_points == 200
    c = versus.behind_choices()
    q = LESSONS["behind"].question("bank_or_roll")
    assert q.value() == (0 if c["best"] == "bank" else 1) == 1
    assert LESSONS["behind"].question("p_bank").value() == c["p_bank"]


def test_10_from_a_brelan_one_reroll_of_two_dice():
    """Dripeul: keep a brelan, re-roll the two other dice once; four alike or more is what
    the game's figure function (of_a_kind) says of the five final dice."""
    from dicelab.core.figures import of_a_kind

    hits = sum(of_a_kind((6, 6, 6) + d) >= 4 for d in _ordered(2))
    assert LESSONS["markov"].question("from_brelan").value() == Fraction(hits, 36)
