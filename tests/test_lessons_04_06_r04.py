"""Issue 28, reader r04 on lessons 04 (at least one), 05 (binomial) and 06 (conditional):
the rule and the summaries behind closed reveals, worked predictions, the data a sheet's
exercises need printed on it, Seveny's rule stated truly, the stated precision shown."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.core.i18n import _
from dicelab.games import cinqmille, seveny
from dicelab.lessons import FILES, LESSONS, Notebook, lesson_plan, worksheets
from dicelab.lessons.maths import at_least_one

ROOT = Path(__file__).resolve().parents[1]
LANGS = ["fr", "en"]
KEYS = ("at_least_one", "binomial", "conditional")


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def _page(lang: str, key: str) -> str:
    return (ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang][key]}.md").read_text(
        encoding="utf-8")


def _open_text(md: str) -> str:
    """The page's Markdown outside every <details> reveal."""
    return re.sub(r"<details>.*?</details>", "", md, flags=re.S)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_summary_is_a_closed_reveal(key, lang):
    md = _page(lang, key)
    head = "## To remember" if lang == "en" else "## À retenir"
    after = md.split(head)[1]
    label = "Show the summary" if lang == "en" else "Afficher le résumé"
    assert after.lstrip().startswith(f"<details><summary>{label}</summary>")
    summary = after.split("</details>")[0]
    assert "* " in summary
    assert "<details open" not in md
    step = next(x for x in lesson_plan(key, lang).splitlines()
                if _flat(_("“To remember”; students read their progress line.", lang=lang))
                in _flat(x))
    assert label in step


@pytest.mark.parametrize("lang", LANGS)
def test_04_rule_is_behind_a_reveal_under_the_predictions(lang):
    md = _page(lang, "at_least_one")
    tail = md.split('nb.predict("how_many")')[1]
    label = ("Show the rule (once your predictions are checked)" if lang == "en"
             else "Afficher la règle (une fois vos prédictions vérifiées)")
    assert tail.split("```", 1)[1].lstrip().startswith(f"<details><summary>{label}</summary>")
    assert "1 - \\left(\\frac{5}{6}\\right)^k" not in _open_text(md)
    words = ("each with its weight (the number of ordered rolls that give it)" if lang == "en"
             else "chacun avec son poids (le nombre de lancers ordonnés qui le donnent)")
    assert words in _flat(_open_text(md))


@pytest.mark.parametrize("lang", LANGS)
def test_04_predictions_have_their_working(lang):
    lesson = LESSONS["at_least_one"]
    one = _flat(lesson.question("one_in_five").worked_text(lang))
    # prediction 1's answer does not give away the rule prediction 2 asks for
    assert one.startswith("4651/7776 ≈ 0") and "(5/6)" not in one
    assert "5981" in one and "5 × 1/6 = 5/6" in one
    assert at_least_one(lambda f: f == 1, 5) == Fraction(4651, 7776)
    many = _flat(lesson.question("how_many").worked_text(lang))
    sep = "," if lang == "fr" else "."
    for k, shown in ((3, "421"), (4, "518"), (6, "665")):
        assert f"0{sep}{shown}" in many
        assert round(float(at_least_one(lambda f: f == 1, k)), 3) == float(f"0.{shown}")
    assert ("4 dice" if lang == "en" else "4 dés") in many
    bust = _flat(lesson.question("bust_three").worked_text(lang))
    assert "64/216 − 4/216 = 60/216 = 5/18" in bust


def test_04_bust_rule_on_paper_matches_the_game():
    """The sheet's scoring line is the game's rule for three dice: a roll of three busts
    exactly when it has no 1, no 5 and no three alike."""
    for lang in LANGS:
        sheet = [t for kind, t in worksheets.lines("at_least_one", lang) if kind == "sub"]
        line = ("In 5000, these score: each 1, each 5, and three dice alike (a brelan)."
                if lang == "en" else
                "Au 5000 marquent : chaque 1, chaque 5, et trois dés identiques (brelan).")
        assert line in [_flat(t) for t in sheet]
    for roll in itertools.product(range(1, 7), repeat=3):
        said = 1 in roll or 5 in roll or len(set(roll)) == 1
        assert (not cinqmille.is_bust(roll)) == said, roll


def test_04_curriculum_lines():
    fr = _flat(_(LESSONS["at_least_one"].programme, lang="fr"))
    assert "Première : indépendance, succession de deux épreuves indépendantes" in fr
    assert "Terminale : succession de n épreuves indépendantes" in fr
    assert "répétition" not in fr
    from dicelab.lessons import curriculum_line

    assert "4.3 Introduction to Probability (the complement rule)" in curriculum_line(
        "at_least_one")


@pytest.mark.parametrize("lang", LANGS)
def test_04_chart_marks_one_half(lang):
    fig = Notebook("at_least_one", lang=lang).lesson.chart(lang)
    ax = fig.axes[0]
    halves = [ln for ln in ax.get_lines() if list(ln.get_ydata()) == [0.5, 0.5]]
    assert len(halves) == 1
    label = _flat(halves[0].get_label())
    assert label == ("1/2 (above: more likely than not)" if lang == "en"
                     else "1/2 (au-dessus : plus probable que le contraire)")


@pytest.mark.parametrize("lang", LANGS)
def test_05_seveny_premise_is_the_rule(lang):
    """A single 6 scores nothing in Seveny: 1s and 6s are the dice set aside one at a time."""
    assert seveny.score((6,)) == 0 and seveny.score((1,)) == 1
    text = _flat(LESSONS["binomial"].question("seveny_none").text_in(lang))
    prose = _flat(_page(lang, "binomial"))
    for wrong in ("score alone", "score on their own", "marquent seuls"):
        assert wrong not in text and wrong not in prose
    right = ("1s and 6s are the only dice you can always set aside one at a time"
             if lang == "en" else
             "les 1 et les 6 sont les seuls dés qu'on peut toujours écarter un par un")
    assert right in text and right in prose
    assert "Y = " + ("number" if lang == "en" else "nombre") in text
    assert "=\u00a0" in LESSONS["binomial"].question("seveny_none").text_in(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_05_mean_remark_is_inside_the_reveal(lang):
    md = _page(lang, "binomial")
    remark = ("Notice that the mean need not be a possible value" if lang == "en"
              else "Remarquez que l'espérance n'est pas forcément une valeur possible")
    assert remark in _flat(md) and remark not in _flat(_open_text(md))
    step = next(x for x in lesson_plan("binomial", lang).splitlines() if "5–8 min" in x)
    assert ("Show the formula" if lang == "en" else "Afficher la formule") in step


def test_05_french_sheet_writes_the_binomial_coefficient():
    data = _flat(" ".join(t for _k, t in worksheets.data_lines("binomial", "fr")))
    assert "C(5, j), lu « j parmi 5 »" in data and "(j parmi 5)" not in data


@pytest.mark.parametrize("lang", LANGS)
def test_06_answers_show_the_asked_precision(lang):
    lesson = LESSONS["conditional"]
    sep = "," if lang == "fr" else "."
    for key, shown, long in (("six_given_suite", f"1/3 ≈ 0{sep}333", "3333"),
                             ("p_brelan_four", f"5/54 ≈ 0{sep}093", "0926")):
        q = lesson.question(key)
        assert _flat(q.answer_text(lang)) == shown
        assert shown in _flat(q.worked_text(lang)) and long not in q.worked_text(lang)
        w = Notebook("conditional", lang=lang).exercise(key)
        w.box.value = shown.split("≈ ")[1]
        w.check()
        assert w.correct and shown in _flat(w.message.value), w.message.value


@pytest.mark.parametrize("lang", LANGS)
def test_06_sheet_reminds_the_definition_and_the_word(lang):
    content = worksheets.lines("conditional", lang)
    kinds = [k for k, _t in content]
    texts = [_flat(t) for _k, t in content]
    first_ex = next(i for i, t in enumerate(texts) if t.startswith(
        "Exercise 1." if lang == "en" else "Exercice 1."))
    page = kinds.index("page")
    reminder = ("Reminder: P(A|B) = P(A ∩ B) / P(B): count inside B." if lang == "en" else
                "Rappel : P_B(A) = P(A ∩ B) / P(B) : on compte à l'intérieur de B.")
    assert page < texts.index(reminder) < first_ex
    if lang == "en":
        first_use = next(t for t in texts if "crossed off" in t)
        assert "crossed off (“barred”)" in first_use
    worked = _flat(LESSONS["conditional"].question("flip_back").worked_text(lang))
    assert ("(playing as well as possible afterwards)" if lang == "en"
            else "(en jouant au mieux ensuite)") in worked


@pytest.mark.parametrize("lang", LANGS)
def test_06_page_drops_the_best_figure_clause(lang):
    prose = _flat(_page(lang, "conditional"))
    for wrong in ("only the best figure", "seule compte la meilleure figure"):
        assert wrong not in prose


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_sheet_titles_keep_the_dash_with_the_title(key, lang):
    for answer_key in (False, True):
        title = worksheets.lines(key, lang, answer_key=answer_key)[0][1]
        assert "\u00a0— " in title and " — " not in title
