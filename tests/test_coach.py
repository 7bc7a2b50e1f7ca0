"""The coach: assess, explain and hint on hand-set positions, numbers asserted."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from dicelab.analysis import coach
from dicelab.core.dice import keep_table, multisets
from dicelab.core.errors import DicelabError
from dicelab.core.i18n import fmt_percent
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine import dripeul as dripeul_odds
from dicelab.engine import seveny as seveny_odds
from dicelab.engine.dripeul import solo as de
from dicelab.engine.reroll import final_distribution
from dicelab.engine.trwavril import solo as te
from dicelab.games import cinqmille, dripeul, seveny, trwavril
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.registry import objective_phrase


# ----------------------------------------------------------------------- positions
def trw(dice, barred=(), parapluies=4, rolls_left=2):
    """A solo Trwavril position with ``dice`` shown (hand-set board)."""
    s = trwavril.new_state(trwavril.Rules(), 1)
    s, _ = trwavril.roll_outcome(trwavril.step(s, Roll(()))[0], dice)
    return replace(s, barred=(tuple(barred),), parapluies=(parapluies,), rolls_left=rolls_left)


def drip(dice, rules=None):
    s = dripeul.new_state(rules or dripeul.Rules(), 1)
    s, _ = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], dice)
    return s


def drip_resolve():
    """Final dice 3 3 3 3 1 on squares 1 3 6, triangle 2, variant last_six (a carré)."""
    s = drip((3, 3, 3, 3, 1), dripeul.Rules(last_six=True))
    s = replace(s, tokens=((1, 3, 6),), triangle=(2,))
    s, _ = dripeul.step(s, Stop())
    assert s.phase == "resolve"
    return s


def five(dice, turn_points=0, score=1000):
    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s = replace(s, scores=(score,), opened=(score > 0,))
    s, _ = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], dice)
    return replace(s, turn_points=turn_points)


def sev(dice, target=5):
    s = seveny.new_state(seveny.Rules(target=target))
    s, _ = seveny.roll_outcome(seveny.step(s, Roll(()))[0], dice)
    return s


# ----------------------------------------------------------------------- assess
def test_assess_trwavril_brelan_that_flips_back():
    """The issue's example: keeping 3 3 3 wins the turn, but the brelan flips card 3 back."""
    s = trw((3, 3, 3, 6), barred=(1, 2, 3, 4), parapluies=2)
    adv = te.advise((3, 3, 3, 6), rolls_left=2, barred=(1, 2, 3, 4), parapluies=2)
    a = coach.assess(s, Roll((3, 3, 3)), lang="en")
    assert a.best_action == Roll((6,)) == adv.best.action
    assert a.unit == "p_win" and a.higher_is_better
    assert a.best_value == pytest.approx(0.2784, abs=5e-5)
    assert a.value == pytest.approx(0.2223, abs=5e-5)
    assert a.loss == pytest.approx(adv.best["p_win"] - adv.find(Roll((3, 3, 3)))["p_win"],
                                   abs=1e-15)
    assert a.is_costly() and a.is_costly(0.05) and not a.is_costly(0.06)
    assert a.label == "keep 3 3 3, roll 1 die" and a.best_label == "keep 6, roll 3 dice"
    assert 1 <= len(a.why) <= 3
    why = " ".join(a.why)
    assert "flips card 3 back" in why and "bars card 6" in why
    assert "100.0%" in why and "27.8%" in why and "22.2%" in why
    # the difficulty left after a miss, and the chance from there
    after_miss = te.start_value((1, 2, 3, 4), 1)
    assert f"After a miss: 1 parapluie left (heroic), chance to win the game " \
           f"{fmt_percent(after_miss, 1, lang='en')}." in why


def test_explain_dripeul_failure_and_last_triangle():
    s = drip((2, 2, 2, 4, 6))
    why = " ".join(coach.explain(s, Stop(), lang="en"))
    x = de.start_value(dripeul.SQUARES, 2)
    assert f"After a failure: triangle 2 (medium), chance to clear the manche " \
           f"{fmt_percent(x, 1, lang='en')}." in why
    s0 = replace(s, triangle=(0,))
    assert "A failure now loses the manche." in " ".join(coach.explain(s0, Stop(), lang="en"))


def test_assess_dripeul_not_costly_and_costly():
    s = drip((2, 2, 2, 4, 6))
    stop = coach.assess(s, Stop(), lang="en")
    # engine doctest: keep 2 2 2 -> 0.5968, stop -> 0.5909
    assert stop.best_value == pytest.approx(0.5968, abs=5e-5)
    assert stop.value == pytest.approx(0.5909, abs=5e-5)
    assert stop.loss == pytest.approx(stop.best_value - stop.value, abs=1e-15)
    assert not stop.is_costly()  # 0.59 percentage points < 1
    bad = coach.assess(s, Roll((4, 6)), lang="en", why=False)
    assert bad.is_costly() and bad.why == []
    assert coach.assess(s, Roll((2, 2, 2)), lang="en").is_best


def test_assess_known_costly_mistake_exact_loss_seveny():
    s = sev((1, 1, 1, 1, 1, 2, 3))
    adv = seveny_odds.advise((1, 1, 1, 1, 1, 2, 3), rules=seveny.Rules(target=5))
    a = coach.assess(s, Roll((1,)), lang="en")
    assert a.best_action == Bank((1, 1, 1, 1, 1))
    assert a.unit == "expected_turns" and not a.higher_is_better
    assert a.loss == pytest.approx(adv.find(Roll((1,))).loss, abs=1e-12) and a.loss > 0.05
    assert a.value == pytest.approx(adv.find(Roll((1,)))["expected_turns"], abs=1e-12)
    assert a.is_costly() and a.is_costly({"expected_turns": 0.1}) == (a.loss > 0.1)


def test_assess_uses_the_callers_advice_and_rejects_non_choices():
    s = drip((2, 2, 2, 4, 6))
    adv = dripeul_odds.advise_state(s, objective="p_turn")
    a = coach.assess(s, Stop(), advice=adv, lang="en")
    assert a.unit == "p_turn" and a.value == pytest.approx(1, abs=1e-12)
    with pytest.raises(DicelabError, match="not one of the choices"):
        coach.assess(s, Roll((1,)))
    start = dripeul.new_state(dripeul.Rules(), 1)
    with pytest.raises(DicelabError, match="no choice"):
        coach.assess(start, Roll(()))


# ----------------------------------------------------------------------- explain
def test_explain_reroll_success_chance_one_roll_left_brute_force():
    """Keep 5 5 with one roll left: the turn succeeds iff the two dice show a 5 (11/36)."""
    s = trw((5, 5, 2, 1), rolls_left=1)
    ok = sum(1 for x, y in itertools.product(range(1, 7), repeat=2)
             if trwavril.flippable((5, 5, x, y)))
    assert Fraction(ok, 36) == Fraction(11, 36)
    lines = coach.explain(s, Roll((5, 5)), against=Stop(), lang="en")
    assert fmt_percent(11 / 36, 1, lang="en") in lines[0]  # 30.6%
    assert "1 roll left" in lines[0]


def test_explain_push_your_luck_numbers_5000():
    """each aspect compares the choice with the best, in points and in turns."""
    s = five((1, 5, 2, 3, 3))
    adv = cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=1000)
    lines = coach.explain(s, Roll((1, 5)), lang="en")
    assert len(lines) == 3
    c = adv.find(Roll((1, 5)))
    p3 = float(cinqmille_odds.p_bust(3))
    assert c["p_bust"] == pytest.approx(p3)
    gap = adv.best["expected_points"] - c["expected_points"]
    assert gap > 0
    assert f"scores {gap:.1f} points less this turn than" in lines[0]
    assert f"{c['expected_points']:.1f} against {adv.best['expected_points']:.1f}" in lines[0]
    assert "150 points at stake" in lines[1] and "100 points at stake" in lines[1]
    assert fmt_percent(p3, 1, lang="en") in lines[1]
    d = c["expected_turns"] - adv.best["expected_turns"]
    assert lines[2] == (f"So “set aside 1 5, roll 3 dice” needs on average {d:.2f} turns more "
                        f"to finish than “set aside 1, roll 4 dice” "
                        f"({c['expected_turns']:.2f} against {adv.best['expected_turns']:.2f}).")
    assert "net expected gain" not in " ".join(lines)


def test_explain_5000_end_of_game_choices():
    s = five((1, 2, 3, 4, 6), score=4900)
    lines = coach.explain(s, Bank((1,)), lang="en")
    assert lines[0] == ("“set aside 1 and bank” ends the game: you win. “set aside 1” ends the "
                        "game: you win.")
    assert lines[1] == "Your expected turns to finish is 1.00 either way."
    s = five((1, 5, 2, 3, 4), score=4950)  # the 5 reaches 5000, the 1 goes over it
    lines = coach.explain(s, Roll((1,)), lang="en")
    assert lines[0].endswith("ends the game: you win.")
    assert lines[1] == "“set aside 1” ends the turn with no points."
    assert coach.assess(s, Roll((1,))).is_costly()


def test_explain_bank_and_best_against_runner_up_seveny():
    s = sev((1, 1, 1, 1, 1, 2, 3))  # target 5: banking the 5 points wins
    lines = coach.explain(s, Bank((1, 1, 1, 1, 1)), lang="en")
    assert lines[0] == "“set aside 1 1 1 1 1 and bank” ends the game: you win."
    s = sev((1, 1, 1, 1, 1, 2, 3), target=50)
    lines = coach.explain(s, Bank((1, 1, 1, 1, 1)), lang="en")
    assert "banks 5 points for sure" in lines[1]
    assert lines[2].startswith("So “set aside 1 1 1 1 1 and bank” needs on average")
    assert "turns fewer to finish than" in lines[2]


def test_explain_resolution_dripeul():
    s = drip_resolve()
    lines = coach.explain(s, Resolve(1), lang="en")
    a = de.p_turn_start((3, 6), dripeul.Rules(last_six=True))
    b = de.p_turn_start((1, 3), dripeul.Rules(last_six=True))
    assert "squares 3 6" in lines[0] and "squares 1 3" in lines[0]
    assert fmt_percent(a, 1, lang="en") in lines[0] and fmt_percent(b, 1, lang="en") in lines[0]
    assert "76.8%" in lines[1] and "74.8%" in lines[1] and "falls" in lines[1]
    assert coach.assess(s, Resolve(1)).is_costly()


# ----------------------------------------------------------------------- engine helper
@pytest.mark.parametrize("case", [
    ("trw", (3, 3, 3, 6), (1, 2, 3, 4), 2, 2),
    ("trw", (1, 2, 5, 6), (2, 5), 3, 2),
    ("trw", (4, 4, 1, 2), (), 4, 1),
    ("drip", (1, 1, 2, 3, 5), (1, 4), 0, 1),
    ("drip", (2, 2, 2, 4, 6), (1, 2, 3, 4, 5, 6), 3, 2),
])
def test_final_distribution_is_the_optimal_continuation(case):
    """E[stopping value of the final dice] under the distribution equals the keep's
    optimal value (only the optimal continuation gets there), for every keep."""
    game, dice, board, level, rolls_left = case
    if game == "trw":
        adv = te.advise(dice, rolls_left=rolls_left, barred=board, parapluies=level)
        sol = te._level("four", level).turn
        col = te.mask_of(board)
        dist = {c.keep: te.keep_outcomes(c.keep, rolls_left=rolls_left, barred=board,
                                         parapluies=level) for c in adv}
        n = 4
    else:
        adv = de.advise(dice, rolls_left=rolls_left, tokens=board, level=level)
        sol = de.table().turn
        col = de.mask_of(board) * de.LEVELS + level
        dist = {c.keep: de.keep_outcomes(c.keep, rolls_left=rolls_left, tokens=board,
                                         level=level) for c in adv}
        n = 5
    index = keep_table(n).outcome_index
    for c in adv:
        d = dist[c.keep]
        assert sum(d.values()) == pytest.approx(1.0, abs=1e-12)
        value = sum(p * sol.final[index[o], col] for o, p in d.items())
        assert value == pytest.approx(c["p_win"], abs=1e-12)


def test_final_distribution_locked_variant():
    rules = dripeul.Rules(reroll_set_aside=False)
    adv = de.advise((2, 2, 3, 5, 6), rolls_left=2, level=3, rules=rules)
    sol = de.table(rules).turn
    index = keep_table(5).outcome_index
    col = de.mask_of(dripeul.SQUARES) * de.LEVELS + 3
    for c in list(adv)[:8]:
        d = de.keep_outcomes(c.keep, rolls_left=2, level=3, rules=rules)
        assert sum(p * sol.final[index[o], col] for o, p in d.items()) == pytest.approx(
            c["p_win"], abs=1e-12)


def test_final_distribution_plain_brelan_one_roll():
    final = np.array([float(max(o.count(v) for v in o) >= 3) for o in multisets(5)])
    from dicelab.engine.reroll import solve_turn

    d = final_distribution(solve_turn(5, final), (6, 6), 1)
    assert sum(p for o, p in d.items() if o.count(6) >= 3) == pytest.approx(1 - (5 / 6) ** 3)


# ----------------------------------------------------------------------- hint
def test_hint_ladder():
    s = drip((2, 4, 2, 6, 2))
    adv = dripeul_odds.advise_state(s)
    h1 = coach.hint(s, 1, lang="en")
    assert h1.dice == (2, 2, 2) and h1.positions == (0, 2, 4) and h1.action is None
    assert "59" not in h1.text  # level 1 names no value
    h2 = coach.hint(s, 2, lang="en")
    assert h2.action == adv.best.action and h2.label in h2.text
    h3 = coach.hint(s, 3, lang="en")
    assert len(h3.rows) == len(adv) and h3.actions == tuple(c.action for c in adv)
    assert h3.headers[1] == "chance to clear the manche" and h3.symbols[1] == "P(win)"
    assert h3.rows[0][1] == fmt_percent(adv.best["p_win"], 1, lang="en")
    assert h3.rows[0][-1] == "0.0 percentage points"
    with pytest.raises(DicelabError):
        coach.hint(s, 4)


def test_hint_resolution_and_nothing_to_choose():
    h = coach.hint(drip_resolve(), 1, lang="en")
    assert h.dice == () and "squares" in h.text
    assert coach.hint(drip_resolve(), 2).action == Resolve(6)
    h = coach.hint(dripeul.new_state(dripeul.Rules(), 1), 3, lang="en")
    assert h.rows == () and "nothing to choose" in h.text


# ----------------------------------------------------------------------- French
ENGLISH_ONLY = {
    "the", "keep", "roll", "rolls", "turn", "wins", "with", "against", "card", "cards",
    "token", "tokens", "bust", "expected", "stake", "aside", "bank", "banks", "left", "your",
    "falls", "rises", "success", "often", "choice", "loss", "why", "yes", "look", "these",
    "best", "remove", "removes", "flip", "flips", "bars", "squares", "of", "and", "is",
    "for", "sure", "at", "on", "average", "chance to",
}


def english_words(text: str) -> set[str]:
    words = set(re.findall(r"[A-Za-zÀ-ÿ]+", text.lower()))
    return words & ENGLISH_ONLY


@pytest.mark.parametrize("make,action", [
    (lambda: trw((3, 3, 3, 6), barred=(1, 2, 3, 4), parapluies=2), Roll((3, 3, 3))),
    (lambda: drip((2, 2, 2, 4, 6)), Stop()),
    (drip_resolve, Resolve(1)),
    (lambda: five((1, 5, 2, 3, 3)), Roll((1, 5))),
    (lambda: sev((1, 1, 1, 1, 1, 2, 3)), Roll((1,))),
])
def test_french_has_no_english_interface_words(make, action):
    s = make()
    a = coach.assess(s, action, lang="fr")
    texts = [a.label, a.best_label, *a.why]
    for level in (1, 2, 3):
        h = coach.hint(s, level, lang="fr")
        texts += [h.text, *(h.headers), *(cell for row in h.rows for cell in row)]
    for t in texts:
        assert not english_words(t), (t, english_words(t))
    assert any("," in t and "%" in t for t in a.why) or a.unit == "expected_turns"


def test_objective_names_and_formats():
    assert objective_phrase("p_duel", "fr") == "probabilité de battre votre adversaire"
    assert coach.format_value("p_win", 0.5, lang="fr") == "50,0\xa0%"
    assert coach.format_loss("expected_turns", 2.5, lang="en") == "2.50 turns"
    assert set(coach.DEFAULT_THRESHOLDS) >= {"p_win", "p_duel", "expected_turns"}
    assert coach.DEFAULT_THRESHOLDS["p_win"] == 0.01
    assert coach.DEFAULT_THRESHOLDS["expected_turns"] == 0.05


def test_decimal_points_are_singular_below_two_in_french():
    """« 1,3 point » (French singular below 2), “1.3 points” in English."""
    assert coach.format_loss("expected_points", 1.3, lang="fr") == "1,3 point"
    assert coach.format_loss("expected_points", 0.0, lang="fr") == "0,0 point"
    assert coach.format_loss("expected_points", 2.0, lang="fr") == "2,0 points"
    assert coach.format_loss("expected_points", 1.3, lang="en") == "1.3 points"
    s = five((1, 5, 2, 3, 3))
    adv = cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=1000)
    gap = adv.best["expected_points"] - adv.find(Roll((1, 5)))["expected_points"]
    word = "point" if round(gap, 1) < 2 else "points"
    line = coach.explain(s, Roll((1, 5)), lang="fr")[0]
    assert f"rapporte {gap:.1f} {word} de moins".replace(".", ",") in line


def test_nothing_at_stake_is_said_plainly_seveny():
    """Setting a 6 aside scores nothing: a bust would lose nothing, so no bust percentage."""
    s = sev((6, 1, 2, 3, 4, 2, 3), target=50)
    fr = next(x for x in coach.explain(s, Roll((6,)), against=Roll((1,)), lang="fr")
              if "en jeu" in x)
    assert fr.startswith("«\u00a0mettre de côté 6, relancer 6 dés\u00a0» ne risque rien\u00a0: "
                         "aucun point n'est encore en jeu\u202f;")
    assert "met 0 point" not in fr and "met 1 point en jeu, avec 3,1\u00a0%" in fr
    en = " ".join(coach.explain(s, Roll((6,)), against=Roll((1,)), lang="en"))
    assert "“set aside 6, roll 6 dice” risks nothing: no points are at stake yet;" in en
    both = coach.explain(sev((6, 6, 2, 3, 4, 2, 3), target=50), Roll((6,)),
                         against=Roll((6, 6)), lang="en")
    assert "Neither choice risks anything: no points are at stake yet." in both


def test_the_first_hint_of_a_choice_with_no_dice_to_keep_is_go_on_or_stop():
    """A game where no choice keeps dice (one die: roll on or bank, as Pig) gets no
    "none of these dice is worth keeping" hint."""
    from dicelab.engine.advice import Advice, Choice, rank

    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s, _ = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], (1, 2, 3, 4, 6))
    advice = Advice("expected_points", True, rank(
        [Choice((), Roll(()), "roll", {"expected_points": 12.0}),
         Choice((), Bank(()), "bank", {"expected_points": 10.0})], "expected_points", True))
    assert coach.hint(s, 1, lang="en", advice=advice).text == (
        "Compare rolling on with stopping now.")
    assert coach.hint(s, 1, lang="fr", advice=advice).text == (
        "Comparez\u00a0: relancer ou vous arrêter maintenant.")
    assert coach.hint(s, 1, lang="en").text == "Look at these dice: 1."  # its own advice
