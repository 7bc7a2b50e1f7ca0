"""Lessons 10–12 after reader r10 (issue 28): the state's definition, the table's rounded
value, lesson 11's printed method and ticks, lesson 12's counting example, class line,
exercise P(B | A) and guide notes."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.core.i18n import _
from dicelab.lessons import LESSONS, worksheets
from dicelab.lessons.given import experiment_text, six_example, six_streak_count
from dicelab.lessons.plans import lesson_plan

ROOT = Path(__file__).resolve().parents[1]
LANGS = pytest.mark.parametrize("lang", ["fr", "en"])
N, T = "\u00a0", "\u202f"


def _plain(text: str) -> str:
    return text.replace(N, " ").replace(T, " ")


@LANGS
def test_lesson_10_page_defines_the_state_by_the_largest_group(lang):
    name = "10_chaine_de_markov" if lang == "fr" else "10_markov_chain"
    page = _plain((ROOT / "notebooks" / lang / "lessons" / f"{name}.md").read_text("utf-8"))
    page = " ".join(page.split())
    assert ("le plus grand nombre de dés qui montrent la même face** (deux paires : état 2)"
            if lang == "fr" else
            "the largest number of dice showing the same face** (two pairs: state 2)") in page
    assert "combien de dés sont identiques" not in page and "how many dice are alike" not in page


def test_lesson_10_exercise_1_answers_the_tables_rounded_value():
    from dicelab.ui.teaching.asking import Exercise, Progress
    from dicelab.ui.teaching.numbers import TeachingError, parse_number

    q = LESSONS["markov"].question("from_brelan")
    assert q.value() == Fraction(11, 36) and q.tolerance == 0
    for lang, typed, said in (("fr", "0,3056", "C'est une valeur approchée"),
                              ("en", "0.3056", "That is a rounded value")):
        e = Exercise("x", "?", q.value(), progress=Progress(), lang=lang)
        e.box.value = typed
        e.check()
        assert said in e.message.value and not e.correct
        e.box.value = "0.3"
        e.check()
        assert "is not the answer" in e.message.value or "n'est pas la réponse" in (
            e.message.value)
    # the error quotes all that was typed, not the power's base alone
    with pytest.raises(TeachingError) as err:
        parse_number("1-(5/6)^2")
    assert "'1-(5/6)^2'" in str(err.value)


@LANGS
def test_lesson_12_counting_example_is_the_packages_count(lang):
    assert six_streak_count([2, 5, 3, 1, 6, 4, 2, 3]) == (1, 2)
    ex = _plain(six_example(lang))
    if lang == "fr":
        assert ex == ("Exemple : lancers 2 5 3 1 6 4 2 3 : le 4ᵉ lancer (1) est entouré : un "
                      "essai, pas un succès ; le 5ᵉ lancer (6) est entouré : un essai et un "
                      "succès ; les autres ne sont pas entourés. Résultat : essais 2, succès 1.")
    else:
        assert ex == ("Example: rolls 2 5 3 1 6 4 2 3: the 4th roll (1) is circled: a trial, "
                      "not a success; the 5th roll (6) is circled: a trial and a success; the "
                      "others are not circled. Result: trials 2, successes 1.")
    sheet = worksheets.lines("gamblers_fallacy", lang)
    kinds = [k for k, _t in sheet]
    grid = kinds.index("grid")
    assert sheet[grid - 1] == ("sub", six_example(lang))
    assert _plain(sheet[grid + 1][1]).startswith(
        "Classe : essais ____, succès ____, fréquence ____ ; valeur exacte ____"
        if lang == "fr" else "The class: trials ____, successes ____, frequency ____; exact")
    assert six_example(lang) in experiment_text("gamblers_fallacy", lang)
    # the 6 stays with its word on paper and on the pool's chart
    if lang == "fr":
        assert f"aucun{N}6" in worksheets._grid_text("gamblers_fallacy", "fr")
        from dicelab.ui.teaching import SIX_AFTER_THREE

        assert f"sans{N}6" in _(SIX_AFTER_THREE.title, lang="fr")


@LANGS
def test_lesson_12_exercise_3_asks_p_b_given_a(lang):
    lesson = LESSONS["gamblers_fallacy"]
    q = lesson.question("p_b_given_a")
    assert q.value() == Fraction(1, 6) and q.tolerance == 0 and q.kind == "exercise"
    assert ("calculez P_A(B)" if lang == "fr" else "calculate P(B | A)") in q.text_in(lang)
    assert "(125/1296) / (125/216) = 1/6" in q.worked_text(lang)
    # exercise 2's reveal no longer gives it
    assert "P(B | A)" not in lesson.question("then_six").worked_text(lang)
    name = "12_le_six_est_il_du" if lang == "fr" else "12_is_a_six_due"
    page = (ROOT / "notebooks" / lang / "lessons" / f"{name}.md").read_text("utf-8")
    assert page.index('nb.exercise("then_six")') < page.index('nb.exercise("p_b_given_a")')
    sheet = [t for k, t in worksheets.lines("gamblers_fallacy", lang) if k == "q"]
    assert sheet[-1].startswith(_("Exercise {n}", lang=lang, n=3) + ". " + q.text_in(lang))


@LANGS
def test_lesson_12_guide_expects_counts_and_guards_the_reveal(lang):
    plan = _plain(lesson_plan("gamblers_fallacy", lang))
    c = "," if lang == "fr" else "."
    # 37 rolls that can be circled, each with probability (5/6)³; a sixth of them successes
    trials = 37 * (5 / 6) ** 3
    assert f"{trials:.1f}".replace(".", c) == f"21{c}4"
    assert (f"environ 21{c}4 essais et 3{c}6 succès" if lang == "fr"
            else f"about 21{c}4 trials and 3{c}6 successes") in plan
    assert ("Ne projetez la mise en commun qu'une fois que chaque élève a tapé sa prédiction"
            if lang == "fr" else
            "Project the pool only once every student has typed a guess") in plan
    guide = (ROOT / "docs" / ("fr/enseignants.md" if lang == "fr" else "teachers.md"))
    assert _plain(guide.read_text("utf-8")).count(f"21{c}4") >= 1
