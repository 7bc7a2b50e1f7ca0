"""The lessons themselves, as data: every lesson's questions, answers, hints and worked
answers (:data:`LESSONS`).

>>> LESSONS["counting"].question("five_multisets").value()
252
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from dicelab.analysis.counting import figure_probability, most_common_chain, outcome_counts
from dicelab.core.dice import ways
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_
from dicelab.lessons.base import (
    CHART_ANSWERS as CHART_ANSWERS,
)
from dicelab.lessons.base import (
    Lesson,
    Pct,
    Question,
    standard_error,
)
from dicelab.lessons.base import (
    show as show,
)
from dicelab.lessons.maths import (
    BAND_GOAL,
    FLIP_PARAPLUIES,
    SE_ROLLS,
    at_least_one,
    band_fields,
    binomial_pmf,
    brelan_exactly_three,
    cinqmille_best_points,
    cinqmille_die_points,
    cinqmille_last_die,
    cinqmille_one_die_gamble,
    complement_formula,
    count_distribution,
    expectation,
    first_k_more_likely_than_not,
    five_dice_fields,
    fraction_text,
    groups_for_band,
    seveny_best_threshold,
    seveny_end_cases,
    seveny_end_roll,
    seveny_optimal_points,
    seveny_optimal_turns,
    seveny_optimal_zero,
    seveny_rule_points,
    seveny_rule_turns,
    seveny_turns_distribution,
    stars_and_bars,
    trwavril_card_given_figure,
    trwavril_figures,
    trwavril_figures_with,
    trwavril_flip_change,
    trwavril_flip_miss,
)
from dicelab.lessons.visuals import (
    _chart_at_least_one,
    _chart_binomial,
    _chart_conditional,
    _chart_counting,
    _chart_expected,
    _chart_fallacy,
    _chart_figures,
    _chart_lln,
    _chart_markov,
    _chart_optimal,
    _chart_stop,
    _chart_variance,
    behind_rows,
    binomial_chart_note,
    conditional_note,
    counting_chart_note,
    lln_chart_note,
    markov_rows,
    markov_step,
    optimal_chart_note,
    optimal_turns_rows,
    turns_rows,
    variance_note,
)

# ------------------------------------------------------------------ the lessons


def _nck(n: int, k: int) -> str:
    """A binomial coefficient as an English class writes it: ``¹⁰C₅`` (the French catalog
    reads it « 5 parmi 10 »).

    >>> _nck(10, 5)
    '¹⁰C₅'
    """
    sup, sub = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"), str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    return f"{str(n).translate(sup)}C{str(k).translate(sub)}"


def _q(key: str, kind: str, text: str, answer: Callable[[], Any], **kw: Any) -> Question:
    return Question(key, kind, text, answer, **kw)


def _lessons() -> dict[str, Lesson]:
    p5 = lambda: figure_probability("brelan", 5)  # noqa: E731
    L: list[Lesson] = []
    L.append(Lesson(
        "counting", N_("Ordered rolls and multisets"), "Dripeul 5",
        N_("Terminale (spécialité): combinatorics and counting (k-tuples, permutations, "
           "combinations: 5!/(2! 3!) chooses the places of the 2s); Seconde: probability on a "
           "finite set of equally likely outcomes; counting multisets (stars and bars) goes "
           "beyond the programme"),
        _chart_counting, (
            _q("five_ordered", "predict",
               N_("How many ordered rolls do five dice have (which die shows what)?"),
               lambda: outcome_counts(5)[0], close=1000,
               worked=N_("6⁵ = 6 × 6 × 6 × 6 × 6 = {n}: six faces for each die."),
               fields=lambda: {"n": outcome_counts(5)[0]}),
            _q("five_multisets", "predict",
               N_("And how many multisets (what the five dice show, order forgotten)?"),
               lambda: outcome_counts(5)[1], close=30,
               worked=N_("(Enrichment, beyond the programme) Stars and bars: 5 stars for the "
                         "5 dice and 5 bars between the 6 values, so 2 2 4 4 4 is written "
                         "{code}; choose the places of the 5 stars among the {slots} slots: "
                         "{binom} = {slots}!/(5! × 5!) = {m}."),
               fields=lambda: {"slots": 5 + 6 - 1, "m": outcome_counts(5)[1],
                               "binom": _nck(5 + 6 - 1, 5),
                               "code": stars_and_bars((2, 2, 4, 4, 4))}),
            _q("which_likely", "predict",
               N_("Which multiset is more likely: 1 2 3 4 5 (these five faces in any order) "
                  "or 6 6 6 6 6?"),
               lambda: 0, input="choice",
               options=(N_("1 2 3 4 5"), N_("6 6 6 6 6"), N_("both are equally likely")),
               worked=N_("1 2 3 4 5: 5! = {w} ordered rolls; 6 6 6 6 6: only one; so 1 2 3 4 5 "
                         "is {r} times as likely."),
               fields=lambda: {"w": ways((1, 2, 3, 4, 5)),
                               "r": ways((1, 2, 3, 4, 5)) // ways((6, 6, 6, 6, 6))}),
            _q("ways_22444", "exercise",
               N_("How many ordered rolls give the multiset 2 2 4 4 4?"),
               lambda: ways((2, 2, 4, 4, 4)),
               hints=(N_("Choose which two of the five dice show the 2s."),),
               worked=N_("5! / (2! × 3!) = {n}: choose the two dice that show 2."),
               fields=lambda: {"n": ways((2, 2, 4, 4, 4))}),
            _q("p_11234", "exercise",
               N_("What is the probability of the multiset 1 1 2 3 4 (a fraction, or a "
                  "decimal to 4 decimal places)?"),
               lambda: Fraction(ways((1, 1, 2, 3, 4)), 6**5), tolerance=0.0005,
               hints=(N_("Use the formula: here c₁ = 2, since two dice show 1."),
                      N_("There are 6⁵ ordered rolls in all.")),
               worked=N_("5!/2! = {w} ordered rolls out of {all}: {w}/{all} = {p}."),
               fields=lambda: {"w": ways((1, 1, 2, 3, 4)), "all": 6**5,
                               "p": Fraction(ways((1, 1, 2, 3, 4)), 6**5)}),
        ),
        misconceptions=(
            (N_("Every multiset is equally likely (so 1 2 3 4 5 is as rare as 6 6 6 6 6)."),
             "which_likely"),
            (N_("Five dice have {m} results, so P(1 1 2 3 4) = 1/{m} (really {p})."),
             "p_11234"),
        ), misconception_fields=lambda: {
            "m": outcome_counts(5)[1],
            "p": fraction_text(Fraction(ways((1, 1, 2, 3, 4)), 6**5))},
        chart_note=counting_chart_note))
    L.append(Lesson(
        "figures", N_("The probability of a figure"), "Dripeul 5",
        N_("Seconde: probability of an event as a sum of outcomes; the union of two events "
           "that cannot happen together"),
        _chart_figures, (
            _q("p_brelan", "predict",
               N_("Chance that five dice show a brelan (at least three alike)?"),
               p5, input="percent", close=0.05,
               worked=N_("For the value repeated (6 choices): on exactly 3 of the 5 dice, "
                         "{c3} ways to choose the dice × 5² for the other two = {b3}; on "
                         "exactly 4, {c4} × 5 = {b4}; on all 5, 1. So 6 × {per} = {brelan} "
                         "ordered rolls out of {all}: {pfrac}, that is {pb}."),
               fields=five_dice_fields),
            _q("rarer", "predict", N_("With five dice, which is rarer?"),
               lambda: 0 if figure_probability("carré", 5) < figure_probability("suite", 5)
               else 1, input="choice", options=(N_("a carré"), N_("a suite")),
               worked=N_("Carré: for the value repeated (6 choices), four dice ({c4} × 5 = "
                         "{b4}) or all five (1), so 6 × {per_c} = {carre} ordered rolls. "
                         "Suite: 2 suites × 5! = {suite}. Since {carre} < {suite}, the carré is "
                         "rarer."),
               fields=five_dice_fields),
            _q("exactly_three", "exercise",
               N_("Probability that five dice show exactly three alike, no more (a decimal, "
                  "to 3 decimal places)?"),
               lambda: brelan_exactly_three(5), tolerance=0.001, digits=3,
               hints=(N_("At least three = exactly three + at least four."),),
               worked=N_("P(at least three) − P(at least four) = {a} − {b} = {p}."),
               fields=lambda: {"a": p5(), "b": figure_probability("carré", 5),
                               "p": brelan_exactly_three(5)},
               field_digits=(("a", 4), ("b", 4))),
            _q("carre_or_suite", "exercise",
               N_("With five dice, probability of a carré or a suite (a fraction, or a "
                  "decimal to 3 decimal places)?"),
               lambda: five_dice_fields()["p"], tolerance=0.001, digits=3,
               hints=(N_("Can one roll be both a carré and a suite?"),
                      N_("Count the ordered rolls of each, as in prediction 2.")),
               worked=N_("A roll cannot be both a carré and a suite (a suite has five "
                         "different faces): the events cannot happen together, so P(carré or "
                         "suite) = P(carré) + P(suite) = {a} + {b} = {s} = {p} ({carre} + "
                         "{suite} ordered rolls out of {all})."),
               fields=five_dice_fields),
        ),
        misconceptions=(
            (N_("'Brelan' means exactly three, so a carré is not a brelan."), "exactly_three"),
            (N_("A suite is rarer than a carré because it needs every face in order."), "rarer"),
        )))
    L.append(Lesson(
        "large_numbers", N_("The law of large numbers"), "Dripeul 5",
        N_("Seconde: sampling fluctuation, simulation; Terminale (spécialité): the "
           "frequency as a sample mean, its standard deviation √(p(1 − p)/n), law of large "
           "numbers"),
        _chart_lln, (
            _q("se_100", "predict",
               N_("After 100 simulated rolls, how far is the relative frequency of brelans "
                  "typically from the exact value p (its standard deviation, the typical gap; "
                  "a decimal between 0 and 0.2)?"),
               lambda: standard_error(p5(), 100), input="slider", slider=(0.0, 0.2, 0.005),
               close=0.02,
               worked=N_("About {se}: the typical gap of the relative frequency from p "
                         "after 100 rolls (its formula comes in the second session)."),
               fields=lambda: {"se": standard_error(p5(), 100)}),
            _q("ten_times", "predict",
               N_("To be ten times closer to the exact value, how many times more rolls?"),
               lambda: 1, input="choice", options=(N_("10 times"), N_("100 times"),
                                                   N_("{thousand} times")),
               numbers=(("thousand", 1000),),
               worked=N_("The gap varies like 1/√n: √{k} = 10, so {k} times more rolls divide "
                         "it by 10."),
               fields=lambda: {"k": 10**2}),
            # 2 500 rolls: not a number of rolls the simulator offers (its caption gives σₙ)
            _q("se_2500", "exercise",
               N_("Standard deviation of the relative frequency after {n} rolls (a decimal, "
                  "not a percentage)?"),
               lambda: standard_error(p5(), SE_ROLLS), tolerance=0.0005,
               hints=(N_("σₙ = √(p(1 − p)/n) with p the exact probability of a brelan."),),
               worked=N_("√({p} × (1 − {p}) / {n}) ≈ {se}."),
               fields=lambda: {"p": float(p5()), "n": SE_ROLLS,
                               "se": standard_error(p5(), SE_ROLLS)},
               field_digits=(("p", 3),),
               numbers=(("n", SE_ROLLS),)),
            _q("band_class", "exercise",
               N_("Each group rolls five dice 20 times. How many groups must pool their rolls "
                  "for the half-width 2σₙ of the band p ± 2σₙ to be at most 0.05?"),
               lambda: groups_for_band(BAND_GOAL), tolerance=0,
               hints=(N_("With g groups, n = 20g rolls: solve 2√(p(1 − p)/n) ≤ 0.05 for n."),
                      N_("Square both sides: n ≥ 4p(1 − p)/0.05².")),
               worked=N_("n ≥ 4 × {p} × {q} / 0.05² ≈ {n}; n = {per}g, so g ≥ {gmin}: {g} "
                         "groups, that is {rolls} rolls: 2 × √({p} × {q} / {rolls}) ≈ {w}; "
                         "{g1} groups are not enough: 2 × √({p} × {q} / {rolls1}) ≈ {w1}."),
               fields=lambda: band_fields(BAND_GOAL),
               field_digits=(("p", 3), ("q", 3), ("n", 1), ("gmin", 1))),
        ),
        misconceptions=(
            (N_("After many rolls the relative frequency equals the probability exactly."),
             "se_100"),
            (N_("Ten times more rolls make the estimate ten times better."), "ten_times"),
        ), chart_note=lln_chart_note))
    one = lambda f: f == 1  # noqa: E731
    one_or_five = lambda f: f in (1, 5)  # noqa: E731
    L.append(Lesson(
        "at_least_one", N_("The complement rule: at least one"), "5000",
        N_("Seconde: complement of an event; Première: independence, a succession of two "
           "independent trials; Terminale: a succession of n independent trials"),
        _chart_at_least_one, (
            _q("one_in_five", "predict",
               N_("In 5000 you roll five dice. Chance of at least one 1?"),
               lambda: at_least_one(one, 5), input="percent", close=0.05,
               # the working, 1 − (5/6)⁵, is the rule prediction 2 asks for: it waits in the
               # closed “Show the rule” below that prediction
               worked=N_("{p}, not 5 × 1/6 = {sum}: two dice can both show a 1, so the dice's "
                         "chances do not add up. The working is in “Show the rule”, below the "
                         "next prediction."),
               fields=lambda: {"sum": Fraction(5, 6), "p": at_least_one(one, 5)}),
            _q("how_many", "predict",
               N_("From how many dice is “at least one 1” more likely than not?"),
               lambda: (2, 3, 4, 6).index(first_k_more_likely_than_not(Fraction(1, 6))),
               input="choice",
               options=(N_("2 dice"), N_("3 dice"), N_("4 dice"), N_("6 dice")),
               worked=N_("1 − (5/6)³ ≈ {p3} < 0.5; 1 − (5/6)⁴ ≈ {p4} > 0.5: {k} dice. Even "
                         "with 6 dice, 1 − (5/6)⁶ ≈ {p6}, not 1."),
               fields=lambda: {"p3": float(at_least_one(one, 3)),
                               "p4": float(at_least_one(one, 4)),
                               "p6": float(at_least_one(one, 6)),
                               "k": first_k_more_likely_than_not(Fraction(1, 6))},
               field_digits=(("p3", 3), ("p4", 3), ("p6", 3))),
            _q("one_or_five_three", "exercise",
               N_("Three dice: probability of at least one 1 or one 5 (a decimal, to 3 "
                  "decimal places)?"),
               lambda: complement_formula(Fraction(1, 3), 3), tolerance=0.001, digits=3,
               hints=(N_("The opposite event: no die shows 1 or 5."),
                      N_("Each die avoids 1 and 5 with probability 4/6.")),
               worked=N_("1 − (2/3)³ = {p}; counting the multisets gives the same: {c}."),
               fields=lambda: {"p": complement_formula(Fraction(1, 3), 3),
                               "c": at_least_one(one_or_five, 3)}),
            _q("bust_three", "exercise",
               N_("In 5000, a roll of three dice busts when nothing scores. P(bust) "
                  "(a decimal, to 3 decimal places)?"),
               lambda: _p_bust_5000(3), tolerance=0.001, digits=3,
               hints=(N_("No 1 and no 5 is not enough: a brelan also scores."),),
               worked=N_("(2/3)³ = {no15} counts the rolls without 1 or 5; remove the four "
                         "brelans 2 2 2, 3 3 3, 4 4 4, 6 6 6: {a}/{all} − {b}/{all} = "
                         "{c}/{all} = {p}."),
               fields=lambda: {"no15": Fraction(8, 27), "a": 4**3, "b": 4, "c": 4**3 - 4,
                               "all": 6**3, "p": _p_bust_5000(3)}),
        ),
        misconceptions=(
            (N_("With six dice a 1 is certain, since each die gives a 1 in six."), "how_many"),
            (N_("P(at least one) is the sum of the dice's chances (5 × 1/6)."), "one_in_five"),
        )))
    L.append(Lesson(
        "binomial", N_("The binomial distribution"), "5000",
        N_("Terminale (spécialité): Bernoulli trials and the binomial distribution"),
        _chart_binomial, (
            _q("exactly_one", "predict",
               N_("Five dice: chance of exactly one 1?"),
               lambda: count_distribution(5, one)[1], input="percent", close=0.05,
               worked=N_("5 ways to choose the die that shows the 1, each with probability "
                         "1/6 × (1 − 1/6)⁴: P(X = 1) = 5 × 1/6 × (1 − 1/6)⁴ = {p}."),
               fields=lambda: {"p": binomial_pmf(5, Fraction(1, 6))[1]}),
            _q("mean_ones", "predict",
               N_("On average, how many 1s among five dice?"),
               lambda: Fraction(5, 6), close=0.15,
               worked=N_("X = X₁ + … + X₅, where Xᵢ is 1 when die i shows a 1 and 0 otherwise; "
                         "each Xᵢ has expected value 1/6, so E(X) = 5 × 1/6 = {m}: for "
                         "B(n, p), E(X) = np."),
               fields=lambda: {"m": 5 * Fraction(1, 6)}),
            _q("two_or_more", "exercise",
               N_("Five dice: P(X ≥ 2), X the number of 1s (a decimal)?"),
               lambda: sum(count_distribution(5, one)[2:]), tolerance=0.001,
               hints=(N_("P(X ≥ 2) = 1 − P(X = 0) − P(X = 1)."),),
               worked=N_("P(X = 0) = (5/6)⁵ = {a0}; P(X = 1) = 5 × 1/6 × (5/6)⁴ = {a1}; "
                         "P(X ≥ 2) = 1 − {p0} − {p1} = {p}."),
               fields=lambda: {"a0": _fraction(binomial_pmf(5, Fraction(1, 6))[0]),
                               "a1": _fraction(binomial_pmf(5, Fraction(1, 6))[1]),
                               "p0": binomial_pmf(5, Fraction(1, 6))[0],
                               "p1": binomial_pmf(5, Fraction(1, 6))[1],
                               "p": sum(binomial_pmf(5, Fraction(1, 6))[2:])}),
            _q("seveny_none", "exercise",
               N_("Seveny rolls seven dice; 1s and 6s are the only dice you can always set "
                  "aside one at a time. Y\u00a0=\u00a0number of dice showing 1 or 6. P(Y = 0) "
                  "(a decimal)?"),
               lambda: count_distribution(7, lambda f: f in (1, 6))[0], tolerance=0.001,
               hints=(N_("Y follows B(7, 1/3)."),),
               worked=N_("Y follows B(7, 1/3): P(Y = 0) = (1 − 1/3)⁷ = (2/3)⁷ = {p}."),
               fields=lambda: {"p": binomial_pmf(7, Fraction(1, 3))[0]}),
        ),
        chart_note=binomial_chart_note,
        misconceptions=(
            (N_("Exactly one 1 among five dice has probability 1/6."), "exactly_one"),
            (N_("The most likely number of 1s is the mean, so it must be a whole number."),
             "mean_ones"),
        )))
    L.append(Lesson(
        "conditional", N_("Conditional probability with Trwavril's cards"), "Trwavril",
        N_("Première (spécialité): conditional probability P_B(A)"),
        _chart_conditional, (
            _q("six_given_brelan", "predict",
               N_("One roll of the four dice (no reroll) shows a brelan (exactly three "
                  "alike). Chance it can flip card 6?"),
               lambda: trwavril_card_given_figure(6, "brelan"), input="percent", close=0.05,
               worked=N_("A brelan of 6: the odd die takes one of the {o} other values and "
                         "one of the {w} places, {o} × {w} = {a} ordered rolls; any brelan: "
                         "{v} × {a} = {b}. So {a}/{b} = {p}."),
               fields=lambda: {"o": 5, "w": 4, "v": 6, "b": _figure_rolls("brelan"),
                               "a": _figure_rolls("brelan", 6),
                               "p": trwavril_card_given_figure(6, "brelan")}),
            _q("flip_back", "predict",
               N_("Cards 1 to 5 are crossed off (“barred”), {u} parapluies left. Your turn "
                  "ends on a brelan of 5, which forces you to flip card 5. Is your chance of "
                  "winning then higher or lower than after a miss?"),
               lambda: 1 if trwavril_flip_change(5)[1] < trwavril_flip_miss(5) else 0,
               input="choice", options=(N_("higher than after a miss"),
                                        N_("lower than after a miss")),
               numbers=(("u", FLIP_PARAPLUIES),),
               worked=N_("The brelan must flip card 5, which is no longer crossed off. Chance "
                         "of winning (playing as well as possible afterwards): {before} "
                         "before this turn, {after} after the brelan, {miss} after a miss. "
                         "Here the brelan hurts more than a miss: losing card 5 costs more "
                         "than a parapluie."),
               fields=lambda: {"before": Pct(trwavril_flip_change(5)[0]),
                               "after": Pct(trwavril_flip_change(5)[1]),
                               "miss": Pct(trwavril_flip_miss(5))}),
            _q("six_given_suite", "exercise",
               N_("One roll of the four dice (no reroll). B: the dice show a suite. A: card 6 "
                  "can be flipped. P(A|B), to 3 decimal places?"),
               lambda: trwavril_card_given_figure(6, "suite"), tolerance=0.001, digits=3,
               hints=(N_("A suite of four is 1234, 2345 or 3456: which ones contain 6?"),),
               worked=N_("A suite shows four different faces, in any of {k}! = {o} orders: "
                         "{n} suites × {o} = {b} ordered rolls out of {all} (B); 3456 alone "
                         "contains the 6: {ab} (A ∩ B). P(A|B) = P(A ∩ B) / P(B) = "
                         "({ab}/{all}) / ({b}/{all}) = {ab}/{b} = {p}. Not to be confused "
                         "with P(A ∩ B) = {ab}/{all} ≈ {pab} ≠ P(A|B)."),
               fields=lambda: {"all": 6**4, "b": _figure_rolls("suite"),
                               "ab": _figure_rolls("suite", 6), "k": 4,
                               "o": math.factorial(4),
                               "n": len(trwavril_figures_with(6)["suites"]),
                               "p": trwavril_card_given_figure(6, "suite"),
                               "pab": float(Fraction(_figure_rolls("suite", 6), 6**4))},
               field_digits=(("pab", 4),)),
            _q("p_brelan_four", "exercise",
               N_("Probability that one roll of four dice shows Trwavril's brelan, exactly "
                  "three alike, as a decimal to 3 decimal places?"),
               lambda: trwavril_figures()["brelan"], tolerance=0.001, digits=3,
               hints=(N_("Choose the face (6 ways), the odd die's face (5), its place (4)."),),
               worked=N_("6 × 5 × 4 = {n} ordered rolls out of {all}: {p}. Back to "
                         "prediction 1 (B: a brelan): P(A ∩ B) = {a}/{all}, so P(A|B) = {a}/{n} = "
                         "{q}."),
               fields=lambda: {"n": 6 * 5 * 4, "all": 6**4, "p": trwavril_figures()["brelan"],
                               "a": _figure_rolls("brelan", 6),
                               "q": trwavril_card_given_figure(6, "brelan")}),
        ),
        chart_note=conditional_note,
        misconceptions=(
            (N_("P(A|B) and P(A ∩ B) are the same thing."), "six_given_suite"),
            (N_("A brelan is always good news."), "flip_back"),
        )))
    L.append(Lesson(
        "expected_value", N_("Random variables and expected value"), "5000",
        N_("Première (spécialité): random variable, its distribution, expected value E(X); "
           "Terminale (spécialité): linearity, E(X + Y) = E(X) + E(Y) (exercise 2)"),
        _chart_expected, (
            _q("e_one_die", "predict",
               N_("X = the points one die scores in 5000 (1 → 100, 5 → 50, else 0). E(X)?"),
               lambda: expectation(cinqmille_die_points()), close=10,
               # 0 × P(X = 0), not its value: prediction 2 and exercise 1 ask for it
               worked=N_("E(X) = 100 × {p100} + 50 × {p50} + 0 × P(X = 0) = {e} points: the "
                         "faces that score nothing add nothing."),
               fields=lambda: {"p100": cinqmille_die_points()[100],
                               "p50": cinqmille_die_points()[50],
                               "e": expectation(cinqmille_die_points())}),
            _q("zero_or_not", "predict", N_("Which is more likely?"),
               lambda: 0 if cinqmille_die_points()[0] > Fraction(1, 2) else 1,
               input="choice", options=(N_("X = 0"), N_("X > 0")),
               # P(X = 0) > 1/2, not its value: exercise 1 asks for it just below
               worked=N_("More than half of the faces score nothing alone: P(X = 0) > 1/2, so "
                         "X = 0 is more likely, although E(X) = {e} points."),
               fields=lambda: {"e": expectation(cinqmille_die_points())}),
            _q("p_zero", "exercise", N_("P(X = 0) (a decimal)?"),
               lambda: cinqmille_die_points()[0], tolerance=0.005,
               hints=(N_("Which faces score nothing alone?"),),
               worked=N_("Faces 2, 3, 4 and 6: P(X = 0) = {p}."),
               fields=lambda: {"p": cinqmille_die_points()[0]}),
            _q("e_two_dice", "exercise",
               N_("Roll two dice in 5000. Y = the points they score together (each die "
                  "scores alone: two dice cannot make a brelan, three of a kind). E(Y)?"),
               lambda: cinqmille_best_points(2), tolerance=0.5,
               hints=(N_("Two dice cannot make a brelan: each die scores on its own."),),
               worked=N_("Y = X₁ + X₂, with X₁ and X₂ the points of each die: E(Y) = E(X₁) + "
                         "E(X₂) = {e1} + {e1} = {e} points."),
               fields=lambda: {"e1": expectation(cinqmille_die_points()),
                               "e": cinqmille_best_points(2)}),
        ),
        misconceptions=(
            (N_("The expected value is the most likely value."), "zero_or_not"),
            (N_("E(X) is the average of the values 0, 50 and 100."), "e_one_die"),
        )))
    best = seveny_best_threshold
    e_at = lambda n: float(seveny_rule_points(n)[0])  # noqa: E731
    # P(X = 0) in %, as the table shows it (1 decimal): a student subtracts those
    zero_at = lambda n: round(100 * float(seveny_rule_points(n)[1]), 1)  # noqa: E731
    L.append(Lesson(
        "stop_or_roll", N_("Expected value against risk: when to stop"), "Seveny, 5000",
        N_("Première (spécialité): expected value to compare choices"),
        _chart_stop, (
            _q("best_n", "predict",
               N_("Seveny, rule 'bank at N': after each roll, set aside the dice that give "
                  "the turn the most points (the fewest dice on a tie); bank as soon as the "
                  "turn holds N points or more. Which N scores the most points per turn on "
                  "average?"),
               lambda: (2, 4, 6, 8).index(best()), input="choice",
               options=(N_("N = 2"), N_("N = 4"), N_("N = 6"), N_("N = 8")),
               worked=N_("Read on the chart, with X the points banked in one turn: E(X) = {e} "
                         "at N = {n}, against {e1} at N = {m} and {e2} at N = {k}."),
               fields=lambda: {"n": best(), "m": best() - 1, "k": best() + 1,
                               "e": e_at(best()), "e1": e_at(best() - 1),
                               "e2": e_at(best() + 1)},
               field_digits=(("e", 2), ("e1", 2), ("e2", 2))),
            _q("zero_at_8", "predict",
               N_("Bank at 8: chance that the turn scores nothing?"),
               lambda: seveny_rule_points(8)[1], input="percent", close=0.05,
               worked=N_("Read on the chart (the risk, right scale): P(X = 0) = {p} at N = 8, "
                         "against {p4} at N = {n}."),
               fields=lambda: {"p": Pct(seveny_rule_points(8)[1]), "n": best(),
                               "p4": Pct(seveny_rule_points(best())[1])}),
            _q("points_best", "exercise",
               N_("Bank at {n} gives the highest E(X), X being the points banked in one turn. "
                  "What does it give up against bank at {m}: by how many percentage points "
                  "is its P(X = 0) higher?"),
               lambda: zero_at(best()) - zero_at(best() - 1), input="points",
               tolerance=0.2, digits=1,
               numbers=(("n", best()), ("m", best() - 1)),
               hints=(N_("Read P(X = 0) for both rules on the chart (on paper, in the "
                         "table), then subtract."),),
               reads_chart=True,
               worked=N_("Bank at {n}: E(X) = {e} points per turn, P(X = 0) = {p}; bank at "
                         "{m}: E(X) = {e1}, P(X = 0) = {p1}. For {de} more points per turn on "
                         "average, P(X = 0) rises by {p} − {p1} = {d} percentage points."),
               fields=lambda: {"n": best(), "m": best() - 1, "e": e_at(best()),
                               "e1": e_at(best() - 1), "de": e_at(best()) - e_at(best() - 1),
                               "p": Pct(zero_at(best()) / 100),
                               "p1": Pct(zero_at(best() - 1) / 100),
                               "d": zero_at(best()) - zero_at(best() - 1)},
               field_digits=(("e", 3), ("e1", 3), ("de", 3), ("d", 1))),
            _q("bank_300", "predict",
               N_("5000, after opening: the turn holds 300 points and one die is left. Bank "
                  "now, or roll it?"),
               lambda: 0 if cinqmille_one_die_gamble(300) < 0 else 1, input="choice",
               options=(N_("bank the 300 points"), N_("roll the last die")),
               worked=N_("Bank: {lose} faces out of 6 lose the 300 points, and a scoring face "
                         "brings only 100 or 50 more (exercise 2 computes the expected "
                         "change)."),
               fields=lambda: {"lose": sum(1 for change, _bank in cinqmille_last_die(300)
                                           .values() if change < 0)}),
            _q("last_die", "exercise",
               N_("5000, after opening: the turn holds 300 points and one die is left. If you "
                  "roll it, a 1 or a 5 fills the hand, which must then be rolled again (a full "
                  "hand); any other face loses the turn. Expected change of the turn's points "
                  "just after rolling that die?"),
               lambda: cinqmille_one_die_gamble(300), tolerance=1,
               hints=(N_("A 1 brings 100 points, a 5 brings 50; the four other faces lose the "
                         "300 points."),),
               worked=N_("1/6 × 100 + 1/6 × 50 − 4/6 × 300 = {g} < 0: better to bank (if you "
                         "roll, the turn's expected points are 300 − {loss} = {after}, against "
                         "300 banked). If the die scores, the turn is not over: the five dice "
                         "must be rolled again."),
               fields=lambda: {"g": cinqmille_one_die_gamble(300),
                               "loss": -cinqmille_one_die_gamble(300),
                               "after": 300 + cinqmille_one_die_gamble(300)}),
        ),
        misconceptions=(
            (N_("Rolling more always scores more."), "best_n"),
            (N_("A good average means a safe turn."), "zero_at_8"),
        )))
    L.append(Lesson(
        "variance", N_("Variance and standard deviation: turns to finish"), "Seveny",
        N_("Première (spécialité): variance and standard deviation of a random variable; "
           "Terminale (spécialité): standard deviation σ/√n of a sample mean"),
        _chart_variance, (
            _q("mean_rule", "predict",
               N_("Seveny solo with “bank at 4”: how many turns to reach the target of {t} "
                  "points, on average?"),
               lambda: seveny_rule_turns(4)[0], close=1.5, digits=2,
               numbers=(("t", _seveny_target()),),
               worked=N_("Roughly {t} ÷ (average points per turn, turns at 0 included) = "
                         "{t} ÷ {e} ≈ {r}; a little more in fact, since the last turn "
                         "usually goes past {t} points."),
               fields=lambda: {"t": _seveny_target(), "e": float(seveny_rule_points(4)[0]),
                               "r": _seveny_target() / float(seveny_rule_points(4)[0])},
               field_digits=(("e", 2), ("r", 1))),
            _q("more_spread", "predict",
               N_("Which strategy has the larger standard deviation?"),
               lambda: 0 if seveny_rule_turns(4)[1] > seveny_optimal_turns()[1] else 1,
               input="choice", options=(N_("bank at 4"), N_("optimal play")),
               worked=N_("Optimal play takes more risks (it rolls on more often): some very "
                         "short games ({k} turns or fewer: {o} against {r} with “bank at "
                         "4”), a few very long ones. The table's variances say it: Var(T) = "
                         "{vo} for optimal play against {vr} with “bank at 4”."),
               fields=lambda: {"k": SHORT_GAME,
                               "o": Pct(sum(seveny_turns_distribution(None)[:SHORT_GAME + 1])),
                               "r": Pct(sum(seveny_turns_distribution(4)[:SHORT_GAME + 1])),
                               "vo": _table_var(seveny_optimal_turns()),
                               "vr": _table_var(seveny_rule_turns(4))},
               field_digits=(("vo", 2), ("vr", 2))),
            _q("sd_rule", "exercise",
               N_("σ(T) for “bank at 4” (a decimal)?"),
               lambda: seveny_rule_turns(4)[1], tolerance=0.05, digits=2,
               hints=(N_("σ(T) = √Var(T): take the variance from the table."),),
               worked=N_("σ(T) = √Var(T) = √{v} ≈ {s}; optimal play: σ(T) = √{vo} ≈ {so}, a "
                         "larger spread."),
               fields=lambda: {"v": _table_var(seveny_rule_turns(4)),
                               "s": seveny_rule_turns(4)[1],
                               "vo": _table_var(seveny_optimal_turns()),
                               "so": seveny_optimal_turns()[1]}),
            _q("games_needed", "exercise",
               N_("How many games must be simulated for the standard deviation of the "
                  "simulated mean to be at most 0.1 turn (“bank at 4”)?"),
               lambda: math.ceil(seveny_rule_turns(4)[1] ** 2 / 0.01), tolerance=10,
               hints=(N_("SE = σ / √n, so n = (σ / SE)²."),),
               worked=N_("σ(T)/√n = {se} ⇒ n = Var(T) / {se2} = {v} / {se2} ≈ {n}: at "
                         "least {n} games."),
               fields=lambda: {"v": _table_var(seveny_rule_turns(4)), "se": 0.1, "se2": 0.01,
                               "n": math.ceil(seveny_rule_turns(4)[1] ** 2 / 0.01)},
               field_digits=(("v", 2), ("se", 1), ("se2", 2))),
        ),
        table=turns_rows,
        chart_note=variance_note,
        misconceptions=(
            (N_("The better strategy on average is also the more predictable one."),
             "more_spread"),
            (N_("A few simulated games are enough to know the mean."), "games_needed"),
        )))
    chain = lambda: most_common_chain(5)  # noqa: E731
    pi2 = lambda s: float(chain().distribution(2)[s - 1])  # noqa: E731
    m = lambda s, t: float(chain().matrix[s - 1][t - 1])  # noqa: E731
    L.append(Lesson(
        "markov", N_("Rerolls as a Markov chain"), "Dripeul 5",
        N_("Maths expertes: Markov chains, transition matrix (beyond the programme: 5 states, "
           "mean hitting time)"),
        _chart_markov, (
            _q("from_pair", "predict",
               N_("You keep a pair and roll the three other dice once more. Chance of then "
                  "having three alike or more among the five dice?"),
               lambda: sum(chain().matrix[1][2:]), input="percent", close=0.05,
               worked=N_("M₂,₂ = (5³ − 5)/6³ = {kept}/{all} = {stay}: the state stays 2 only "
                         "if none of the three dice shows the pair's face (5³ rolls) and they "
                         "are not three alike (5 of those rolls). So 1 − M₂,₂ = 1 − {stay} = "
                         "{p}."),
               # the rolls of three dice that keep state 2, counted: M₂,₂ = kept/all
               fields=lambda: {"kept": 5**3 - 5, "all": 6**3, "stay": chain().matrix[1][1],
                               "p": sum(chain().matrix[1][2:])}),
            _q("rolls_quinte", "predict",
               N_("Keeping the most common face, how many rolls on average to get a quinté "
                  "(five alike), with no limit on rolls, the first roll included?"),
               lambda: chain().expected_rolls(5), close=2, digits=2,
               worked=N_("From the top state down, eₛ = 1 + Σₜ Mₛ,ₜ eₜ gives e₅ = 0; "
                         "e₄ = 1 + ({m44}) e₄ ⇒ e₄ = {e4}; e₃ = {e3}; e₂ = (1 + M₂,₃ e₃ + "
                         "M₂,₄ e₄) / (1 − M₂,₂) = {e2}; e₁ = (1 + M₁,₂ e₂ + M₁,₃ e₃ + M₁,₄ e₄) "
                         "/ (1 − M₁,₁) ≈ {e1}. The first roll throws all five dice, like a "
                         "reroll from state 1: the answer is e₁."),
               fields=lambda: {"m44": chain().matrix[3][3],
                               "e4": chain().rolls_from_states(5)[3],
                               "e3": chain().rolls_from_states(5)[2],
                               "e2": chain().rolls_from_states(5)[1],
                               # 191283/17248: too long a fraction, its decimal only
                               "e1": float(chain().rolls_from_states(5)[0])}),
            _q("from_brelan", "exercise",
               N_("From a brelan (three alike, state 3), you reroll the two other dice once. "
                  "Find by calculation the exact probability of four alike or more, as a "
                  "fraction."),
               # only the exact value (11/36 typed as a fraction), not the table's 0.3056
               lambda: sum(chain().matrix[2][3:]), tolerance=0,
               hints=(N_("Opposite event: neither die matches the brelan's face."),),
               worked=N_("1 − (5/6)² = {p}; the table agrees: M₃,₄ + M₃,₅ = {a} + {b}."),
               fields=lambda: {"p": sum(chain().matrix[2][3:]), "a": m(3, 4), "b": m(3, 5)}),
            _q("within_three", "exercise",
               N_("Three rolls, keeping the most common face: the probability of three alike "
                  "or more after the third roll, as a decimal?"),
               lambda: chain().p_at_least(3, 3), tolerance=0.001,
               hints=(N_("Start from π₂ = π₁ × M (in the table): one more step gives π₃. The "
                         "state never goes down, so the answer is 1 − π₃(1) − π₃(2)."),
                      N_("π₃(1) = π₂(1) × M₁,₁ and π₃(2) = π₂(1) × M₁,₂ + π₂(2) × M₂,₂.")),
               worked=N_("π₃ = π₂ × M, from the table: π₃(1) = {a1} × {m11} ≈ {s1}; π₃(2) = "
                         "{a1} × {m12} + {a2} × {m22} ≈ {s2}. So the answer is 1 − {s1} − "
                         "{s2} = {p}. One roll: π₁(3) + π₁(4) + π₁(5) ≈ {one}; 3 × {one} = "
                         "{three} ≠ {p}: three rolls do not triple the chance."),
               fields=lambda: {"a1": pi2(1), "a2": pi2(2), "m11": m(1, 1), "m12": m(1, 2),
                               "m22": m(2, 2),
                               "s1": float(chain().distribution(3)[0]),
                               "s2": float(chain().distribution(3)[1]),
                               "p": chain().p_at_least(3, 3),
                               # one roll's chance, as shown (4 decimals), tripled
                               "one": float(sum(chain().initial[2:])),
                               "three": 3 * round(float(sum(chain().initial[2:])), 4)},
               field_digits=(("three", 3),)),
        ),
        table=markov_rows, results=markov_step,
        misconceptions=(
            (N_("Three rolls triple the chance of one roll."), "within_three"),
        )))
    rule4 = lambda: float(seveny_rule_points(4)[0])  # noqa: E731
    L.append(Lesson(
        "optimal_play", N_("What optimal play means"), "Seveny",
        N_("Première (spécialité): random variable, expected value; algorithms"),
        _chart_optimal, (
            _q("optimal_points", "predict",
               N_("Optimal play maximises a Seveny turn's expected points. How many points "
                  "per turn?"),
               lambda: seveny_optimal_points(), close=0.5, digits=2,
               # not bank at 4's 3.98 here: revealed on screen, it would answer prediction 2
               # just below (its own worked answer gives it)
               worked=N_("Computed backwards over every situation of the turn, from the last "
                         "decision to the first (dynamic programming).")),
            _q("shortfall", "predict",
               N_("By what percentage does the best simple rule (bank at 4) fall short of "
                  "optimal play?"),
               lambda: 1 - rule4() / seveny_optimal_points(),
               input="percent", close=0.05, probability=False,
               worked=N_("(optimal play − bank at 4) / optimal play = ({o} − {r}) / {o} ≈ {s}: "
                         "a relative gap, not a probability."),
               fields=lambda: {"o": seveny_optimal_points(), "r": rule4(),
                               "s": 1 - rule4() / seveny_optimal_points()},
               field_digits=(("o", 3), ("r", 3), ("s", 3))),
            _q("end_backwards", "exercise",
               N_("Seveny, end of a cycle: you have set aside five dice showing 1 (5 points) "
                  "and two dice are left. Assume the turn ends when the seventh die is set "
                  "aside. Solve backwards: if you roll the two dice, then play your best, what "
                  "are your expected points? (a decimal) Is it better to bank the 5 points or "
                  "to roll?"),
               lambda: seveny_end_roll(), tolerance=0.05, digits=2,
               hints=(N_("With this hand only 1s and 6s can be set aside: a 1 adds 1 point, "
                         "a 6 adds none. A roll with neither loses the turn."),
                      N_("Last roll first: one die left, P points held. Rolling gives P + 1 "
                         "with a 1, P with a 6, else 0. Compare with banking P."),
                      N_("So with one die left you bank. Now the 36 rolls of two dice: two "
                         "1s, exactly one 1, a 6 but no 1, neither.")),
               worked=N_("Last roll first: one die left, 6 points held: rolling gives "
                         "(7 + 6) / 6 = {last} < 6, so bank; 5 points held: (6 + 5) / 6 = "
                         "{last5} < 5, bank too. Two dice: two 1s ({n7} of the 36 "
                         "rolls) bank 7; exactly one 1 ({n6} rolls) banks 6; a 6 but no 1 "
                         "({n5} rolls) banks 5; neither ({n0} rolls) scores 0. "
                         "({n7} × 7 + {n6} × 6 + {n5} × 5) / 36 = {e} < 5: bank now."),
               fields=lambda: {"last": seveny_end_roll((1, 1, 1, 1, 1, 1)),
                               "last5": seveny_end_roll((1, 1, 1, 1, 1, 6)),
                               "n7": seveny_end_cases()[7], "n6": seveny_end_cases()[6],
                               "n5": seveny_end_cases()[5], "n0": seveny_end_cases()[0],
                               "e": seveny_end_roll()}),
            _q("gap_points", "exercise",
               N_("Over 13 turns, how many points does “bank at 4” lose on average, "
                  "compared with optimal play (most points per turn)? (a decimal)"),
               lambda: 13 * (seveny_optimal_points() - rule4()),
               tolerance=0.1, digits=1,
               hints=(N_("Read both bars: the gap per turn, then 13 turns."),),
               worked=N_("{o} − {r} = {g} ≈ {g2} points per turn: not “close”. Over 13 "
                         "turns: 13 × {g} ≈ {t} points."),
               # the chart's two values (3 decimals), as a student subtracts them
               fields=lambda: {"o": seveny_optimal_points(), "r": rule4(),
                               "g": round(seveny_optimal_points(), 3) - round(rule4(), 3),
                               "g2": seveny_optimal_points() - rule4(),
                               "t": 13 * (seveny_optimal_points() - rule4())},
               field_digits=(("o", 3), ("r", 3), ("g", 3), ("g2", 2), ("t", 1))),
            _q("risk_zero", "exercise",
               N_("Which strategy more often ends a turn with 0 points: optimal play (most "
                  "points per turn) or bank at 4?"),
               lambda: 0 if seveny_optimal_zero() > seveny_rule_points(4)[1] else 1,
               input="choice", options=(N_("optimal play"), N_("bank at 4")),
               hints=(N_("Optimal play rolls on whenever rolling is worth more on average, "
                         "even with points at stake."),),
               worked=N_("With X the points of one turn: optimal play, P(X = 0) = {po}; bank "
                         "at 4, P(X = 0) = {pr}. The best average takes more risk."),
               fields=lambda: {"po": Pct(seveny_optimal_zero()),
                               "pr": Pct(seveny_rule_points(4)[1])}),
            _q("gap_turns", "exercise",
               N_("T is the number of turns to reach the target. Gap in E(T): bank at 4 − "
                  "optimal play for the fewest turns, as a decimal?"),
               # the table's two shown values (2 decimals), as a student subtracts them
               lambda: round(seveny_rule_turns(4)[0], 2) - round(seveny_optimal_turns()[0], 2),
               tolerance=0.05, digits=2,
               hints=(N_("Subtract the two E(T) of the table."),),
               worked=N_("From the table: {r} − {o} = {g} turns."),
               fields=lambda: {"r": round(seveny_rule_turns(4)[0], 2),
                               "o": round(seveny_optimal_turns()[0], 2),
                               "g": round(seveny_rule_turns(4)[0], 2)
                               - round(seveny_optimal_turns()[0], 2)}),
        ),
        table=optimal_turns_rows, chart_note=optimal_chart_note,
        misconceptions=(
            (N_("A good rule of thumb is almost as good as optimal play."), "shortfall"),
            (N_("Optimal play means never taking a risk."), "risk_zero"),
        )))
    L.append(Lesson(
        "gamblers_fallacy", N_("Is a 6 ever “due”?"), "Seveny",
        N_("Seconde: simulation and sampling; Première: conditional probability and "
           "independence"),
        _chart_fallacy, (
            _q("six_next", "predict",
               N_("Three rolls of a die showed no 6. Chance that the next roll is a 6?"),
               lambda: Fraction(1, 6), input="percent", close=0.02,
               worked=N_("Each roll is independent of the ones before: whatever came before, "
                         "the next roll is a 6 with probability 1/6.")),
            _q("sequences", "predict",
               N_("Four rolls of one die. Which sequence is more likely?"),
               lambda: 2, input="choice",
               options=(N_("6 6 6 6"), N_("2 5 1 3"), N_("both equally likely")),
               worked=N_("Each precise sequence of four rolls: (1/6)⁴ = {p}."),
               fields=lambda: {"p": _fraction(Fraction(1, 6) ** 4)}),
            _q("no_six_three", "exercise",
               N_("Probability of no 6 in three rolls (a decimal)?"),
               lambda: Fraction(5, 6) ** 3, tolerance=0.001,
               hints=(N_("The rolls are independent: multiply."),),
               worked=N_("(5/6)³ = {p}."),
               fields=lambda: {"p": Fraction(5, 6) ** 3}),
            _q("then_six", "exercise",
               N_("Probability of three rolls without a 6, then a 6 (a decimal)?"),
               lambda: Fraction(5, 6) ** 3 * Fraction(1, 6), tolerance=0.001,
               hints=(N_("(5/6)³ for the three rolls, then 1/6 for the 6."),),
               worked=N_("With A = 'three rolls without a 6' and B = 'the next roll is a 6': "
                         "P(A ∩ B) = (5/6)³ × 1/6 = {p}."),
               fields=lambda: {"p": Fraction(5, 6) ** 3 * Fraction(1, 6)}),
            _q("p_b_given_a", "exercise",
               N_("With A = “three rolls without a 6” and B = “the next roll is a 6”, "
                  "calculate P(B | A) (a fraction)."),
               # exactly 1/6: the answers of exercises 1 and 2, divided
               lambda: Fraction(5, 6) ** 3 * Fraction(1, 6) / Fraction(5, 6) ** 3,
               tolerance=0,
               hints=(N_("P(B | A) = P(A ∩ B) / P(A): exercise 2's answer divided by "
                         "exercise 1's."),),
               worked=N_("P(B | A) = P(A ∩ B) / P(A) = ({ab}) / ({a}) = {q}: the same as P(B), "
                         "so A and B are independent."),
               fields=lambda: {"ab": _fraction(Fraction(5, 6) ** 3 * Fraction(1, 6)),
                               "a": _fraction(Fraction(5, 6) ** 3),
                               "q": _fraction(Fraction(5, 6) ** 3 * Fraction(1, 6)
                                              / Fraction(5, 6) ** 3)}),
        ),
        misconceptions=(
            (N_("After a run without a 6, a 6 is “due”."), "six_next"),
            (N_("A regular-looking sequence is less likely than a mixed one."), "sequences"),
        )))
    # two-player 5000, played to win (computations in dicelab.lessons.versus)
    from dicelab.lessons import versus as vs

    ch = vs.behind_choices

    def fig_behind(lang: str | None) -> Any:
        return vs.behind_chart(lang)

    L.append(Lesson(
        "behind", N_("Bank or roll when your opponent nears 5000?"), "5000",
        N_("Première (spécialité): probability of an event and expected value of a random "
           "variable, used to compare two decisions"),
        fig_behind, (
            _q("bank_or_roll", "predict",
               N_("Two players: you have 4,700 points, your opponent 4,800. Your turn holds "
                  "150 points (a 1 and a 5 set aside) and the three dice show 2 3 5. You set "
                  "aside the 5 (200 points). Bank, or roll the two dice left?"),
               lambda: 0 if ch()["best"] == "bank" else 1, input="choice",
               options=(N_("bank the 200 points"), N_("roll the two dice left")),
               worked=N_("Playing to win, the better choice here is to roll on: a 1 or two "
                         "5s reach exactly 5000 at once, while banking hands the dice to an "
                         "opponent {gap} points from the end. By how much: the results, once "
                         "prediction 2 is checked."),
               fields=lambda: {"gap": 5000 - vs.BEHIND["scores"][1]}),
            _q("p_bank", "predict",
               N_("You bank: 4,900 against 4,800, and your opponent plays next. Your "
                  "probability of winning the game?"),
               lambda: ch()["p_bank"], input="percent", close=0.1,
               worked=N_("P(win if you bank) = {bank}: you are ahead on points, yet your opponent "
                         "finishes first in most games."),
               fields=lambda: {"bank": Pct(ch()["p_bank"])}),
            _q("win_gain", "exercise",
               N_("From this position, both playing to win: how much does rolling on "
                  "raise your probability of winning, compared with banking? Answer in "
                  "percentage points (from 20% to 50% is 30 points)."),
               lambda: 100 * (ch()["p_roll"] - ch()["p_bank"]), input="points",
               tolerance=0.5, digits=1,
               hints=(N_("Subtract the two probabilities of winning in the table, in %."),),
               worked=N_("P(win if you roll) − P(win if you bank) = {roll} − {bank} = {d} "
                         "points: "
                         "rolling on wins about {k} more games out of 100."),
               fields=lambda: {"roll": 100 * ch()["p_roll"], "bank": 100 * ch()["p_bank"],
                               "d": 100 * (ch()["p_roll"] - ch()["p_bank"]),
                               "k": round(100 * (ch()["p_roll"] - ch()["p_bank"]))},
               field_digits=(("roll", 1), ("bank", 1))),
            _q("win_ratio", "exercise",
               N_("From this position, playing to win: how many times more likely is a win "
                  "when you roll on than when you bank (a decimal, rounded to the "
                  "hundredth)?"),
               lambda: ch()["p_roll"] / ch()["p_bank"], tolerance=0.03, digits=2,
               hints=(N_("Divide the probability of winning when rolling on by the "
                         "probability of winning when banking (the table)."),),
               worked=N_("P(win if you roll) / P(win if you bank) = {roll} / {bank} ≈ {r}: "
                         "the risky choice is the better one."),
               fields=lambda: {"roll": 100 * ch()["p_roll"], "bank": 100 * ch()["p_bank"],
                               "r": ch()["p_roll"] / ch()["p_bank"]},
               field_digits=(("roll", 1), ("bank", 1))),
            _q("win_now", "exercise",
               N_("By hand: you roll the two dice left. This roll wins the game at once when "
                  "it brings your score to exactly 5000. Its probability (a decimal, to the "
                  "thousandth)?"),
               vs.behind_win_now, tolerance=0.002, digits=3,
               hints=(N_("List the 36 rolls of the two dice. Which ones let you set aside "
                         "exactly 100 points?"),),
               worked=N_("Exactly 100 more points are needed: a 1 (on either die: 11 rolls "
                         "out of 36) or two 5s (1 roll). P = 12/36 = {p}, already more than "
                         "the {bank} chance of winning the game if you bank."),
               fields=lambda: {"p": vs.behind_win_now(), "bank": Pct(ch()["p_bank"])}),
            _q("bust_two", "exercise",
               N_("By hand: you roll the two dice left. The roll scores nothing (the turn is "
                  "lost) when neither die shows a 1 or a 5. Its probability (a decimal, to "
                  "the thousandth)?"),
               lambda: _p_bust_5000(2), tolerance=0.002, digits=3,
               hints=(N_("Each die scores nothing with 4 faces out of 6; the two dice are "
                         "independent: multiply."),),
               worked=N_("P(X = 0) = (4/6)² = {p}, with X the points banked this turn if you "
                         "roll on: 300 with probability 12/36 (a 1, or two 5s: exactly 5000), "
                         "250 with probability 8/36 (a single 5). So E(X) = 12/36 × 300 + "
                         "8/36 × 250 ≈ {e}: fewer expected points than the 200 banked, yet "
                         "rolling on wins more games."),
               fields=lambda: {"p": _p_bust_5000(2), "e": ch()["points_roll"]},
               field_digits=(("e", 1),)),
        ),
        table=behind_rows,
        results=vs.behind_results_html,
        chart_note=vs.behind_chart_note,
        misconceptions=(
            (N_("Banking is the safe choice, so it is always the best one."), "bank_or_roll"),
            (N_("When you bank, your points are safe, so your chance of winning is too."),
             "p_bank"),
            (N_("The choice with more expected points is the one that wins more games."),
             "bust_two"),
        )))
    # luck and skill (computations in dicelab.lessons.luck_lesson)
    from dicelab.lessons.luck_lesson import lesson as luck_lesson

    L.append(luck_lesson())
    return {lesson.key: lesson for lesson in L}


def _fraction(x: Fraction) -> str:
    """A fraction as ``p/q`` alone (a worked answer's intermediate result, no decimal)."""
    return f"{x.numerator}/{x.denominator}"


def _figure_rolls(fig: str, card: int | None = None) -> int:
    """Ordered rolls of four dice that show Trwavril's figure ``fig`` (and, with ``card``,
    can flip that card): lesson 06's counts, out of 6⁴."""
    n = trwavril_figures()[fig] * 6**4
    if card is not None:
        n *= trwavril_card_given_figure(card, fig)
    return int(n)


#: Lesson 09's "very short game": this many turns or fewer (prediction 2's worked answer).
SHORT_GAME = 8


def _seveny_target() -> int:
    from dicelab.games import seveny

    return seveny.Rules().target


def _table_var(moments: tuple[float, float]) -> float:
    """Var(T) as lesson 09's table shows it (two decimals): a worked answer starts from it."""
    return round(moments[1] ** 2, 2)


def _p_bust_5000(n: int) -> Fraction:
    from dicelab.engine.cinqmille import solo as engine

    return engine.p_bust(n)


LESSONS: dict[str, Lesson] = _lessons()


def lesson_of(key: str) -> Lesson:
    """The lesson ``key`` (a :class:`~dicelab.core.errors.DicelabError` names the known ones)."""
    if key not in LESSONS:
        raise DicelabError("unknown lesson {key}; lessons: {known}", key=brief(key),
                           known=", ".join(LESSONS))
    return LESSONS[key]
