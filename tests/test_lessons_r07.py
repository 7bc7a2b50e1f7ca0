"""Lessons 07, 08 and 09 after the teacher's read r07 (issue 28): what a class sees on
screen, on paper and in the guide."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dicelab.core import i18n
from dicelab.lessons import LESSONS, worksheets

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "en")
NB = {("fr", "stop_or_roll"): "08_s_arreter_ou_relancer", ("en", "stop_or_roll"): "08_stop_or_roll",
      ("fr", "variance"): "09_variance_ecart_type", ("en", "variance"): "09_variance",
      ("fr", "expected_value"): "07_esperance", ("en", "expected_value"): "07_expected_value"}


def _flat(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _md(lang: str, key: str) -> str:
    return _flat((ROOT / "notebooks" / lang / "lessons" / f"{NB[lang, key]}.md").read_text())


# ------------------------------------------------------------------ lesson 08


@pytest.mark.parametrize("lang", LANGS)
def test_08_second_session_predicts_then_compares_with_zero(lang):
    """08.1, 08.2: a choice prediction (bank, from the package) after 5000's card and before
    the exercise; the instruction compares the expected change with 0, after opening."""
    from dicelab.lessons.maths import cinqmille_one_die_gamble

    lesson = LESSONS["stop_or_roll"]
    q = lesson.question("bank_300")
    assert q.kind == "predict" and q.input == "choice"
    assert cinqmille_one_die_gamble(300) < 0 and q.value() == 0
    assert q.answer_text(lang) == ("encaisser les 300 points" if lang == "fr"
                                   else "bank the 300 points")
    page = _md(lang, "stop_or_roll")
    card = page.index('nb.rules_card("cinqmille")')
    pred, ex = page.index('nb.predict("bank_300")'), page.index('nb.exercise("last_die")')
    assert card < pred < ex
    between = page[pred:ex]
    assert ("comparez avec 0" if lang == "fr"
            else "with 0 (banking changes nothing)") in between
    opened = "Vous avez déjà ouvert" if lang == "fr" else "You have already opened"
    assert opened in page[card:pred]
    # 08.4: the French page states the set-aside rule too
    assert ("mettre de côté les dés qui donnent le plus de points au tour (le moins de dés à "
            "égalité)" if lang == "fr" else "set aside the dice that give the turn the most "
            "points (the fewest dice on a tie)") in page
    # the exercise's key: the turn's expected points if you roll, against 300
    assert "300 − 175 = 125" in _flat(lesson.question("last_die").worked_text(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_08_worksheet_gives_the_second_session_its_own_page(lang):
    """08.3: page 1 carries Seveny's card and the two predictions; 5000's card starts a page
    after exercise 1, with the new prediction and exercise 2 under it."""
    for answer_key in (False, True):
        sheet = worksheets.lines("stop_or_roll", lang, answer_key=answer_key)
        kinds = [k for k, _t in sheet]
        seveny, five = sheet.index(("card", "seveny")), sheet.index(("card", "cinqmille"))
        qs = [(i, t) for i, (k, t) in enumerate(sheet) if k == "q"]
        ex1 = next(i for i, t in qs if t.startswith(i18n._("Exercise {n}", lang=lang, n=1)))
        assert seveny < qs[0][0] < ex1 < five
        assert "page" in kinds[ex1:five] and kinds.index("page") < ex1  # data page, then ours
        after = [t for i, t in qs if i > five]
        assert [t.split(".")[0] for t in after] == [
            i18n._("Prediction {n}", lang=lang, n=3), i18n._("Exercise {n}", lang=lang, n=2)]
        assert ("sub", i18n._("Second session", lang=lang)) in sheet[ex1:five]
    head, _rows = worksheets.data_table("stop_or_roll", lang)
    assert head[0] == ("règle" if lang == "fr" else "rule") and head[2] == "P(X = 0)"


@pytest.mark.parametrize("lang", LANGS)
def test_08_exercise_1_weighs_the_mean_against_the_risk_and_keys_show_work(lang):
    """08.5: not a read-off of 3.981; 08.6: the predictions' key shows what the chart says."""
    lesson = LESSONS["stop_or_roll"]
    ex = lesson.question("points_best")
    assert ex.value() == pytest.approx(18.9 - 9.8, abs=1e-9)
    worked = _flat(ex.worked_text(lang))
    dec = "," if lang == "fr" else "."
    assert f"18{dec}9 % − 9{dec}8 % = 9{dec}1" in worked.replace("%", " %").replace("  ", " ")
    best = _flat(lesson.question("best_n").worked_text(lang))
    assert f"3{dec}98" in best and f"3{dec}87" in best and f"3{dec}61" in best
    assert f"69{dec}7" in _flat(lesson.question("zero_at_8").worked_text(lang))
    assert ("(spécialité)" in i18n._(lesson.programme, lang="fr"))


def test_08_guide_times_the_second_session_and_its_page():
    text = _flat((ROOT / "docs" / "teachers.md").read_text())
    assert "15–20 min: read the rules card of 5000" in text
    assert "20–23 min: third prediction" in text
    assert "The second session has its own last page" in text


# ------------------------------------------------------------------ lesson 09


def test_09_bank_at_4_is_the_rule_the_package_computes():
    """09.1: E(T) of 'bank at 4' banks on reaching the target too (bank_at_law); the rule
    without that clause gives another E(T), so the words must say it."""
    from dicelab.analysis.counting import turns_to_target_moments
    from dicelab.engine.seveny.solo import turn_points_distribution
    from dicelab.lessons.maths import seveny_rule_turns

    target = 50
    plain, _v = turns_to_target_moments(lambda s: turn_points_distribution(4), target)
    assert float(plain) == pytest.approx(13.09, abs=0.01)  # the reader's computation
    assert seveny_rule_turns(4)[0] == pytest.approx(12.98, abs=0.01)


@pytest.mark.parametrize("lang", LANGS)
def test_09_words_define_bank_at_4_and_t_as_computed(lang):
    clause = ("ou dès qu'encaisser permet d'atteindre 50 points" if lang == "fr"
              else "or as soon as banking reaches 50 points")
    assert clause in _md(lang, "variance")
    sheet = worksheets.lines("variance", lang)
    subs = [_flat(t) for k, t in sheet if k == "sub"]
    first_q = next(i for i, (k, _t) in enumerate(sheet) if k == "q")
    page1 = " ".join(_flat(t) for k, t in sheet[:first_q] if k == "sub")
    assert clause in page1
    assert (("T = nombre de tours pour atteindre 50 points (tours à 0 point compris)."
             if lang == "fr" else "T = the number of turns to reach 50 points (the turns that "
             "score 0 points included).") in subs)
    # lesson 11's sheet names the same rule
    eleven = " ".join(_flat(t) for k, t in worksheets.lines("optimal_play", lang) if k == "sub")
    assert clause in eleven


@pytest.mark.parametrize("lang", LANGS)
def test_09_key_uses_the_table_and_says_at_most(lang):
    """09.2: prediction 2's key reads V(T) in the table (no chart on paper); 09.4: "at most";
    09.5: Bienaymé-Tchebychev next to the normal approximation."""
    from dicelab.lessons.visuals import turns_rows

    lesson = LESSONS["variance"]
    spread = _flat(lesson.question("more_spread").worked_text(lang))
    _head, rows = turns_rows(lang)
    assert rows[0][2] in spread and rows[1][2] in spread
    assert ("V(T)" if lang == "fr" else "Var(T)") in spread
    assert ("graphique" if lang == "fr" else "chart") not in spread
    text = lesson.question("games_needed").text_in(lang)
    assert ("ne dépasse pas 0,1 tour" if lang == "fr" else "at most 0.1 turn") in text
    assert ("Bienaymé-Tchebychev" if lang == "fr" else "Bienaymé–Chebyshev") in _md(lang,
                                                                                  "variance")


# ------------------------------------------------------------------ lesson 07


@pytest.mark.parametrize("lang", LANGS)
def test_07_worked_answers_in_points(lang):
    """07.1, 07.2, 07.6: the working, with its unit; Y as a sum of two variables."""
    lesson = LESSONS["expected_value"]
    e = _flat(lesson.question("e_one_die").worked_text(lang))
    assert "E(X) = 100 × 1/6 + 50 × 1/6 + 0 × P(X = 0) = 25 points" in e
    assert "2/3" not in e  # exercise 1 asks for P(X = 0)
    assert "P(X = 0) > 1/2" in _flat(lesson.question("zero_or_not").worked_text(lang))
    two = _flat(lesson.question("e_two_dice").worked_text(lang))
    assert "Y = X₁ + X₂" in two and "E(X₁) + E(X₂) = 25 + 25 = 50 points" in two


@pytest.mark.parametrize("lang", LANGS)
def test_07_chart_marks_the_expected_value_with_fractions(lang):
    """07.3, 07.6: a dashed line at E(X), from the package; the bars' labels as fractions."""
    fig = LESSONS["expected_value"].chart(lang)
    ax = fig.axes[0]
    lines = [ln for ln in ax.get_lines() if ln.get_linestyle() == "--"]
    assert len(lines) == 1
    assert lines[0].get_xdata()[0] == pytest.approx(0.5)  # 25 between the bars 0 and 50
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["E(X) = 25"]
    assert [t.get_text() for t in ax.texts] == ["2/3", "1/6", "1/6"]
    alt = fig.dicelab_alt_text
    assert "E(X) = 25" in alt and "0,6667" not in alt and "0.6667" not in alt
    if lang == "en":
        assert "Probability for each value of X" in alt


@pytest.mark.parametrize("lang", LANGS)
def test_07_worksheet_puts_the_distribution_and_exercises_on_page_2(lang):
    """07.5: the distribution as a table, after the predictions, with both exercises."""
    sheet = worksheets.lines("expected_value", lang)
    kinds = [k for k, _t in sheet]
    brk, table = kinds.index("page"), kinds.index("datatable")
    preds = [i for i, (k, t) in enumerate(sheet) if k == "q"
             and t.startswith(i18n._("Prediction {n}", lang=lang, n=0)[:-1])]
    exs = [i for i, k in enumerate(kinds) if k == "q" and i not in preds]
    assert max(preds) < brk < table < min(exs) and len(exs) == 2
    head, rows = worksheets.data_table("expected_value", lang)
    assert head == ["x", "0", "50", "100"] and rows == [["P(X = x)", "2/3", "1/6", "1/6"]]


def test_07_english_words():
    page = _md("en", "expected_value")
    assert "weighted by its probability" in page and "brelan (three of a kind)" in page
    assert "Let $Y$ be the points the two dice score" in page
    assert "three of a kind" in LESSONS["expected_value"].question("e_two_dice").text_in("en")
    assert not re.search(r"most points the two dice", page)
