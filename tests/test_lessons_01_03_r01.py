"""Lessons 01–03 after the fourth teacher's read (issue 28, reader r01): lesson 01's exercise
on a multiset not answered above it, lesson 02's worked predictions and its exercise on two
events that cannot happen together, stated precisions, words on paper, lesson 03's answer
format and its formula kept whole on paper."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.analysis.counting import figure_count, figure_probability
from dicelab.lessons import LESSONS, lesson_plan, worksheets
from dicelab.ui.teaching.numbers import TeachingError, parse_number

NB = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_01_last_exercise_is_1_1_2_3_4(lang):
    """P(1 1 2 3 4) = 5!/2!/6⁵ = 60/7 776 = 5/648 (5! = 120 is answered by prediction 3)."""
    q = LESSONS["counting"].question("p_11234")
    assert q.value() == Fraction(60, 7776) == Fraction(5, 648)
    worked = q.worked_text(lang)
    assert worked.startswith("5!/2! = 60") and "5/648" in worked
    assert "1 1 2 3 4" in q.text_in(lang)
    sheet = " ".join(t for _k, t in worksheets.lines("counting", lang))
    assert "1 1 2 3 4" in sheet


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_01_stars_and_bars_is_enrichment(lang):
    stars = LESSONS["counting"].question("five_multisets").worked_text(lang)
    assert stars.startswith("(Hors programme" if lang == "fr" else "(Enrichment")
    step = next(s for s in lesson_plan("counting", lang).splitlines() if "4–8 min" in s)
    assert "252" in step and ("7 776" if lang == "fr" else "7,776") in step.replace(
        "\u202f", " ")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_01_intro_names_the_die(lang):
    path = (NB / "fr/lessons/01_denombrer_les_lancers.md" if lang == "fr"
            else NB / "en/lessons/01_counting_rolls.md")
    text = path.read_text()
    assert ("le dé rouge montre 1" if lang == "fr" else "the red die shows 1") in text
    assert "rouge 1, bleu 2" not in text and "red 1, blue 2" not in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_02_predictions_are_worked(lang):
    """The brelan: 6 × (250 + 25 + 1) = 1 656 ordered rolls; carré 6 × 26 = 156 < suite
    2 × 5! = 240: the numbers agree with the figures' rules."""
    figures = LESSONS["figures"]
    assert figure_count("brelan", 5)[1] == 6 * 276 and figure_count("carré", 5)[1] == 156
    brelan = figures.question("p_brelan").worked_text(lang).replace("\u202f", " ")
    assert "= 250" in brelan and "5 × 5 = 25" in brelan and "6 × 276 = 1" in brelan
    assert "23/108" in brelan
    rarer = figures.question("rarer").worked_text(lang)
    assert "6 × 26 = 156" in rarer and "5! = 240" in rarer and "156 < 240" in rarer
    key = " ".join(t for _k, t in worksheets.lines("figures", lang, answer_key=True))
    assert "6 × 26 = 156" in key


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_02_carre_or_suite(lang):
    """P(carré or suite) = 13/648 + 20/648 = 11/216 (the events cannot happen together): not
    on the chart; a fraction or a decimal is accepted."""
    q = LESSONS["figures"].question("carre_or_suite")
    assert q.value() == Fraction(11, 216)
    assert q.value() == figure_probability("carré", 5) + figure_probability("suite", 5)
    worked = q.worked_text(lang)
    assert "13/648 + 20/648 = 33/648 = 11/216" in worked
    assert ("incompatibles" if lang == "fr" else "cannot happen together") in worked
    assert ("10⁻³" if lang == "fr" else "3 decimal places") in q.text_in(lang)
    assert abs(float(parse_number("11/216")) - float(q.value())) <= q.tolerance
    assert abs(0.051 - float(q.value())) <= q.tolerance
    assert "carre_seven" not in [x.key for x in LESSONS["figures"].questions]


@pytest.mark.parametrize("lang, path", [
    ("fr", "fr/lessons/02_probabilite_d_une_figure.md"),
    ("en", "en/lessons/02_figure_probability.md")])
def test_lesson_02_notebook_order(lang, path):
    """The chart comes before the exercises; the new exercise after exactly_three."""
    text = (NB / path).read_text()
    assert text.index("nb.chart()") < text.index('nb.exercise("exactly_three")') < text.index(
        'nb.exercise("carre_or_suite")')
    if lang == "en":
        assert "weighed" not in text and "counted once for each ordered roll" in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_02_paper_defines_the_figures_and_precision(lang):
    sheet = worksheets.lines("figures", lang)
    brk = [k for k, _t in sheet].index("page")
    page1 = " ".join(t for _k, t in sheet[:brk])
    assert ("quatre valeurs qui se suivent" if lang == "fr" else "four values in a row") in page1
    assert "1 2 3 4 5 ou 2 3 4 5 6" in page1 or "1 2 3 4 5 or 2 3 4 5 6" in page1
    three = LESSONS["figures"].question("exactly_three").text_in(lang)
    assert ("10⁻³" if lang == "fr" else "3 decimal places") in three


def test_lesson_02_chart_marks_the_impossible_bar():
    """The 4-dice quinté bar reads "—", not 0.0000; the suite's series says what a suite of
    four dice is."""
    from dicelab.lessons.visuals import _chart_figures

    for lang, suite in (("en", "suite (4 dice: four values in a row)"),
                        ("fr", "suite (4 dés\u00a0: quatre valeurs qui se suivent)")):
        fig = _chart_figures(lang)
        ax = fig.axes[0]
        labels = [t.get_text() for t in ax.texts]
        assert "—" in labels and "0.0000" not in labels and "0,0000" not in labels
        assert suite in [t.get_text() for t in ax.get_legend().get_texts()]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_03_prediction_format_and_unbroken_formula(lang):
    se = LESSONS["large_numbers"].question("se_100").text_in(lang)
    assert ("entre 0 et 0,2" if lang == "fr" else "between 0 and 0.2") in se
    for key in (False, True):
        for _k, t in worksheets.lines("large_numbers", lang, answer_key=key):
            assert "√(p(1 − p)" not in t and "= √(p" not in t
    sheet = " ".join(t for _k, t in worksheets.lines("large_numbers", lang))
    assert "√(p(1\u00a0−\u00a0p)/n)" in sheet
    plan = lesson_plan("large_numbers", lang)
    assert ("à la maison" if lang == "fr" else "homework") in plan
    assert ("corrigé" if lang == "fr" else "answer key") in plan


def test_lesson_03_english_says_relative_frequency():
    from dicelab.lessons.visuals import lln_chart_note

    assert "of the relative frequencies" in lln_chart_note("en")
    text = (NB / "en/lessons/03_law_of_large_numbers.md").read_text()
    assert "a frequency is" not in text
    (wrong, _q), = [m for m in LESSONS["large_numbers"].misconceptions_in("en")
                    if m[1] == "se_100"]
    assert "relative frequency" in wrong


def test_number_error_examples_are_unambiguous():
    """French: « 12 ; 0,25 ; 25 % ou 1/4 » (a comma is a decimal comma); English: 25%."""
    with pytest.raises(TeachingError) as bad:
        parse_number("abc")
    assert "12\u202f; 0,25\u202f; 25\u00a0% ou 1/4" in bad.value.message("fr")
    assert "12, 0.25, 25% or 1/4" in bad.value.message("en")


@pytest.mark.parametrize("lang, word", [("fr", "la réponse s'affiche"),
                                        ("en", "the answer shows")])
def test_choice_prediction_note_says_answer(lang, word):
    """A choice's reveal says "Answer", so its note does too; a number keeps "exact value"."""
    from dicelab.lessons import Notebook

    nb = Notebook("counting", lang=lang)
    choice, number = nb.predict("which_likely"), nb.predict("five_ordered")
    assert word in choice.note.value
    assert word not in number.note.value
    choice.close()
    number.close()
    step = next(s for s in lesson_plan("counting", lang).splitlines() if "12–14 min" in s)
    assert "ways()" in step
