"""Issue 28, an independent teacher's read of lessons 10 (Markov chain) and 11 (optimal
play): every item fixed, checked on what the page, the widgets, the worksheets (their PDF
text) and the teachers' guide show, in both languages."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dicelab.core.i18n import _, fmt_number
from dicelab.lessons import FILES, LESSONS, Notebook, worksheets
from dicelab.lessons.maths import seveny_optimal_points, seveny_rule_points
from dicelab.lessons.plans import lesson_plan

ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _page(lang: str, key: str) -> str:
    return _plain((ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang][key]}.md").read_text(
        encoding="utf-8"))


def _key_text(key: str, lang: str) -> str:
    return _plain(" ".join(t for _k, t in worksheets.lines(key, lang, answer_key=True)))


def _q(key: str, qkey: str, lang: str) -> str:
    return _plain(LESSONS[key].question(qkey).text_in(lang))


LANGS = pytest.mark.parametrize("lang", ["fr", "en"])


# ------------------------------------------------------------------ lesson 10


@LANGS
def test_lesson_10_exercise_1_asks_the_exact_fraction_and_takes_it(lang):
    """Its decimal answer is in the table above it (M₃,₄ + M₃,₅): the exercise asks for the
    exact value, a fraction, and the widget accepts 11/36."""
    text = _q("markov", "from_brelan", lang)
    assert ("fraction" in text) and ("exacte" in text if lang == "fr" else "exact" in text)
    ex = Notebook("markov", lang=lang).exercise("from_brelan")
    ex.box.value = "11/36"
    ex.check()
    assert ex.correct
    worked = _plain(LESSONS["markov"].question("from_brelan").worked_text(lang))
    assert "1 − (5/6)² = 11/36" in worked


@LANGS
def test_lesson_10_predictions_state_their_premise_and_the_key_works_them(lang):
    c = "," if lang == "fr" else "."
    rolls = _q("markov", "rolls_quinte", lang)
    assert ("sans limite de lancers, premier lancer compris" if lang == "fr"
            else "with no limit on rolls, the first roll included") in rolls
    key = _key_text("markov", lang)
    assert "1 − M₂,₂ = 1 − 5/9 = 4/9" in key
    # e₂ and e₁ with their working (reader r10): the same form as e₄
    for step in ("e₄ = 6", f"e₃ = 96/11 ≈ 8{c}73",
                 f"e₂ = (1 + M₂,₃ e₃ + M₂,₄ e₄) / (1 − M₂,₂) = 1841/176 ≈ 10{c}46",
                 f"e₁ = (1 + M₁,₂ e₂ + M₁,₃ e₃ + M₁,₄ e₄) / (1 − M₁,₁) ≈ 11{c}09"):
        assert step in key, step
    # no misconception mapped to a question that does not bring it out (reader r10)
    assert "two rolls ago" not in key and "deux lancers plus tôt" not in key
    pair = _q("markov", "from_pair", lang)
    assert ("d'avoir alors au moins trois dés identiques parmi les cinq" if lang == "fr"
            else "then having three alike or more among the five dice") in pair


@LANGS
def test_lesson_10_exercise_2_shows_its_three_products(lang):
    c = "," if lang == "fr" else "."
    worked = _plain(LESSONS["markov"].question("within_three").worked_text(lang))
    assert f"π₃(1) = 0{c}0086 × 0{c}0926 ≈ 0{c}0008" in worked
    assert f"π₃(2) = 0{c}0086 × 0{c}6944 + 0{c}4501 × 0{c}5556 ≈ 0{c}2560" in worked
    assert f"1 − 0{c}0008 − 0{c}2560 = 0{c}7432" in worked
    # and room to write them on the sheet (three blocks, not one)
    sheet = worksheets.lines("markov", lang)
    at = next(i for i, (k, t) in enumerate(sheet) if k == "q" and _q(
        "markov", "within_three", lang)[:30] in _plain(t))
    assert sum(k == "space" for k, _t in sheet[at:]) == worksheets.ROOM["markov"]["within_three"]


@LANGS
def test_lesson_10_words_of_the_page(lang):
    page = _page(lang, "markov")
    if lang == "fr":
        assert "états colorés (hachurés)" in page and "grisés" not in page
        assert "`0.5` pour 0,5" in page  # Python writes decimals with a point
        assert "Facultatif : en Python" in page
    else:
        assert "Coloured (hatched) states" in page and "Shaded" not in page
        assert "a quinté: five alike" in page and "Optional: in Python" in page
        assert "a brelan (three alike" in _q("markov", "from_brelan", lang)
        assert "a quinté (five alike)" in _q("markov", "rolls_quinte", lang)


@LANGS
def test_lessons_10_and_11_questions_have_no_two_brackets_in_a_row(lang):
    for key in ("markov", "optimal_play"):
        for q in LESSONS[key].questions:
            assert ") (" not in q.text_in(lang), (key, q.key)
    assert " moins jeu" not in _q("optimal_play", "gap_turns", lang)


@LANGS
def test_lesson_10_guide_opens_the_worked_step_and_prints_no_chart(lang):
    plan = [_plain(x) for x in lesson_plan("markov", lang).splitlines()]
    step = next(x for x in plan if _q("markov", "within_three", lang) in x and " min" in x)
    reveal = _plain(_("Show the results (once your predictions are checked)", lang=lang))
    assert reveal.split(" (")[0] in step and "pi2 @ M" in step
    assert ("facultative" if lang == "fr" else "optional") in step
    sheet_line = next(x for x in plan if x.startswith(
        "* **Fiche d'exercices :**" if lang == "fr" else "* **Worksheet:**"))
    assert ("pas de graphique" if lang == "fr" else "has no chart") in sheet_line
    assert ("le graphique et" if lang == "fr" else "the chart and") not in sheet_line


# ------------------------------------------------------------------ lesson 11


@LANGS
def test_lesson_11_sheet_puts_the_backward_exercise_before_the_predictions(lang):
    """Exercise 1 needs the rules alone: after the rules card, on its own page with its
    hints and room, before the predictions; the chart and tables after them."""
    sheet = worksheets.lines("optimal_play", lang)
    kinds = [k for k, _t in sheet]
    ex1 = next(i for i, (k, t) in enumerate(sheet) if k == "q" and _q(
        "optimal_play", "end_backwards", lang)[:30] in _plain(t))
    pred1 = next(i for i, (k, t) in enumerate(sheet) if k == "q" and _q(
        "optimal_play", "optimal_points", lang)[:30] in _plain(t))
    chart = kinds.index("chart")
    assert kinds.index("card") < ex1 < pred1 < chart
    assert kinds[ex1 - 1] == "page"  # the rules card fills page 1
    assert _plain(sheet[ex1][1]).startswith(_("Exercise {n}", lang=lang, n=1))
    # the first two hints on paper, the rules and the method (reader r10); the third gives
    # the step away
    hints = [t for k, t in sheet[ex1:pred1] if k == "sub"]
    assert len(hints) == 2 and ("seuls les 1 et les 6" if lang == "fr"
                                else "only 1s and 6s") in hints[0]
    assert ("Dernier lancer d'abord" if lang == "fr" else "Last roll first") in hints[1]
    # its second question, bank or roll, has boxes to tick (reader r10)
    boxes = [t for k, t in sheet[ex1:pred1] if k == "boxes"]
    assert boxes == ["     ".join(f"☐\u00a0{x}" for x in (
        ("encaisser les 5 points", "lancer les deux dés") if lang == "fr"
        else ("bank the 5 points", "roll the two dice")))]
    # exercise 3 asks why on paper
    ex3 = next(i for i, (k, t) in enumerate(sheet) if k == "q" and _q(
        "optimal_play", "risk_zero", lang)[:30] in _plain(t))
    assert (("space", "Pourquoi\u202f?" if lang == "fr" else "Why?")) in sheet[ex3:ex3 + 4]
    assert sum(k == "space" for k, _t in sheet[ex1:pred1]) >= 4  # about eight lines
    plan = _plain(lesson_plan("optimal_play", lang))
    assert ("L'exercice 1 vient juste après la fiche des règles" if lang == "fr"
            else "Exercise 1 comes right after the rules card") in plan


@LANGS
def test_lesson_11_shortfall_verdict_is_not_about_likelihood(lang):
    """A relative shortfall is not a probability: 10 % guessed for 18,7 % is 'larger than
    you thought', 25 % 'smaller', never 'more/less likely'."""
    nb = Notebook("optimal_play", lang=lang)
    for guess, word in (("10", _("Larger than you thought.", lang=lang)),
                        ("25", _("Smaller than you thought.", lang=lang))):
        p = nb.predict("shortfall")
        p.box.value = guess
        p.submit()
        assert word in p.reveal.value
        assert _("More likely than you thought.", lang=lang) not in p.reveal.value
        assert _("Less likely than you thought.", lang=lang) not in p.reveal.value
    # a probability keeps its verdict
    p = Notebook("markov", lang=lang).predict("from_pair")
    p.box.value = "90"
    p.submit()
    assert _("Less likely than you thought.", lang=lang) in p.reveal.value
    # the key works the 18,7 %
    o, r = seveny_optimal_points(), float(seveny_rule_points(4)[0])
    c = "," if lang == "fr" else "."
    assert (f"({fmt_number(o, 3, lang)} − {fmt_number(r, 3, lang)}) / {fmt_number(o, 3, lang)}"
            f" ≈ 0{c}187") in _key_text("optimal_play", lang)


@LANGS
def test_lesson_11_table_defines_t_and_drops_the_variance(lang):
    head, rows = LESSONS["optimal_play"].table(lang)
    assert head[0].startswith("T") and "50" in head[0] and head[1:] == ["E(T)"]
    assert all(len(r) == 2 for r in rows)
    assert "T" in _q("optimal_play", "gap_turns", lang)
    # lesson 09 keeps its own table
    assert len(LESSONS["variance"].table(lang)[0]) == 3


@LANGS
def test_lesson_11_plan_fits(lang):
    plan = lesson_plan("optimal_play", lang)
    steps = [x for x in plan.splitlines() if re.match(r"\s*\* \d+–\d+ min", x)]
    assert steps[2].lstrip(" *").startswith("4–10 min")  # six minutes for exercise 1
    assert _q("optimal_play", "end_backwards", lang)[:30] in _plain(steps[2])
    last = _plain(steps[-2])
    assert _q("optimal_play", "gap_turns", lang)[:30] in last
    assert ("facultatif" if lang == "fr" else "optional") in last
    page = _page(lang, "optimal_play")
    assert "(6 minutes)" in page and "(4 minutes)" not in page
    assert ("facultatif" if lang == "fr" else "optional") in page
    # the optional exercise comes last on the page, after the table it reads
    calls = re.findall(r'nb\.(?:exercise\("(\w+)"\)|(table)\(\))', page)
    order = [a or b for a, b in calls]
    assert order[-2:] == ["table", "gap_turns"]


@LANGS
def test_lesson_11_wording(lang):
    page = _page(lang, "optimal_play")
    ex1 = _q("optimal_play", "end_backwards", lang)
    gap = _plain(LESSONS["optimal_play"].question("gap_points").worked_text(lang))
    if lang == "fr":
        assert "L'ordinateur travaille **à rebours**" in page
        assert "Supposons que le tour finisse" in ex1 and "On dit que" not in ex1
        assert "(écriture décimale) Vaut-il mieux encaisser les 5 points ou lancer ?" in ex1
        assert "cinq 1 ont" not in ex1 and "cinq 1 sont" not in ex1
        assert "0,92 point par tour" in gap
        assert _(LESSONS["optimal_play"].programme, lang="fr") == (
            "Première spécialité\u00a0: variable aléatoire, espérance\u202f; algorithmique")
    else:
        assert "The computer works **backwards**" in page
        assert "Assume the turn ends" in ex1 and "Say the turn" not in ex1
        assert "(a decimal) Is it better to bank the 5 points or to roll?" in ex1
        assert "not “close”" in gap and "'" not in gap
    # the sentence under the chart is inside its reveal now, not on the page
    assert ("La meilleure règle simple" if lang == "fr" else "The best simple rule") not in page
    note = LESSONS["optimal_play"].chart_note(lang)
    assert ("La meilleure règle simple" if lang == "fr" else "The best simple rule") in note


@LANGS
def test_lesson_11_chart_labels_all_have_three_decimals(lang):
    fig = LESSONS["optimal_play"].chart(lang)
    labels = [t.get_text() for t in fig.axes[0].texts]
    sep = "," if lang == "fr" else "."
    assert len(labels) == 6 and all(re.fullmatch(rf"\d\{sep}\d{{3}}", x) for x in labels)
    assert f"3{sep}260" in labels
    assert f"3{sep}260" in fig.dicelab_alt_text and f"3{sep}26 " not in fig.dicelab_alt_text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_lesson_11_french_sheet_breaks_no_hyphenated_word(tmp_path):
    """« est-elle » was cut « est- / elle » at a line's end: words keep their hyphen."""
    path = worksheets.write_pdf(worksheets.lines("optimal_play", "fr"), tmp_path / "11.pdf",
                                lang="fr")
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout
    assert not re.search(r"\w-\n", text)
    assert "est-elle" in text and "Vaut-il" in text


# ------------------------------------------------------------------ issue 28, second read


@LANGS
def test_lesson_10_second_read_worked_answers(lang):
    """Three rolls do not triple one roll's chance; eₛ written with subscripts; M₂,₂ and e₄
    worked out; every number computed."""
    from fractions import Fraction

    from dicelab.analysis.counting import most_common_chain

    c = "," if lang == "fr" else "."
    chain = most_common_chain(5)
    one = float(sum(chain.initial[2:]))
    assert one == pytest.approx(0.2130, abs=5e-5)
    within = _plain(LESSONS["markov"].question("within_three").worked_text(lang))
    assert f"π₁(3) + π₁(4) + π₁(5) ≈ 0{c}2130" in within
    assert f"3 × 0{c}2130 = 0{c}639 ≠ 0{c}7432" in within
    assert float(chain.p_at_least(3, 3)) == pytest.approx(0.7432, abs=5e-5)
    # the first roll is a reroll from state 1: π₁ = π₀ M, π₀ = (1, 0, 0, 0, 0)
    assert list(chain.initial) == list(chain.matrix[0])
    rolls = _plain(LESSONS["markov"].question("rolls_quinte").worked_text(lang))
    assert "eₛ = 1 + Σₜ Mₛ,ₜ eₜ" in rolls and "e_s" not in rolls and "M_s" not in rolls
    assert "e₄ = 1 + (5/6) e₄ ⇒ e₄ = 6" in rolls
    assert chain.matrix[3][3] == Fraction(5, 6) and chain.rolls_from_states(5)[3] == 6
    pair = _plain(LESSONS["markov"].question("from_pair").worked_text(lang))
    assert "M₂,₂ = (5³ − 5)/6³ = 120/216 = 5/9" in pair
    assert Fraction(5**3 - 5, 6**3) == chain.matrix[1][1]
    key = _key_text("markov", lang)
    assert "e_s" not in key and "Σₜ" in key
    assert "e_s" not in _plain(lesson_plan("markov", lang))


@LANGS
def test_lesson_10_exercise_1_takes_only_the_exact_fraction(lang):
    """The table gives M₃,₄ + M₃,₅ to four decimals: 0,3056 read off it is not the exact
    value the exercise asks for; 11/36 (or an equal fraction) is."""
    q = LESSONS["markov"].question("from_brelan")
    assert q.tolerance == 0
    ex = Notebook("markov", lang=lang).exercise("from_brelan")
    for typed, right in (("0,3056" if lang == "fr" else "0.3056", False), ("11/36", True),
                         ("22/72", True)):
        ex.box.value = typed
        assert ex.is_right(ex.read_guess()) is right, typed
    ex.check()  # 22/72, still in the box
    assert ex.correct
    key = _key_text("markov", lang)
    assert ("Accepté à ±" if lang == "fr" else "Accepted within ±") not in key.split(
        _q("markov", "from_brelan", lang))[1].split(_q("markov", "within_three", lang))[0]


@LANGS
def test_lesson_10_second_read_page_and_sheet(lang):
    page = _page(lang, "markov")
    assert "$\\pi_1 = \\pi_0 M$" in page and "$\\pi_0 = (1, 0, 0, 0, 0)$" in page
    # the optional Python cell comes after exercise 2 and shows π₃
    assert page.index('nb.exercise("within_three")') < page.index("(pi2 @ M).round(4)")
    assert page.index('nb.exercise("within_three")') < page.index(
        "Facultatif : en Python" if lang == "fr" else "Optional: in Python")
    sheet = [t for k, t in worksheets.lines("markov", lang) if k == "sub"]
    if lang == "en":
        assert any(t.startswith("Words used: the state is") for t in sheet)
        assert not any(t.startswith("Key:") for t in sheet)
    else:
        assert any(t.startswith("Légende\u00a0: l'état est") for t in sheet)
        assert "Clé" not in " ".join(sheet)
        programme = _(LESSONS["markov"].programme, lang="fr")
        assert programme.endswith(
            "(au-delà du programme\u00a0: 5 états, temps moyen d'atteinte)")
        assert "au-delà du programme : 5 états" in _key_text("markov", lang)


@LANGS
def test_lesson_11_bank_at_n_is_defined_as_dicelab_plays_it(lang):
    """The rule the predictions and chart name, defined on the page where it first appears
    and on the sheet, as :func:`dicelab.analysis.policies.bank_at` plays it: the set-aside
    with the most points (fewest dice on a tie), then bank at N points or more, or as soon as
    banking reaches the target (bank_at_law: E(T) in the table; reader r07, 09.1)."""
    page = _page(lang, "optimal_play")
    first = page.index("encaisser à $N$" if lang == "fr" else "bank at $N$")
    definition = ("on met de côté ce qui rapporte le plus de points (le moins de dés à "
                  "égalité), puis on encaisse dès que le tour tient $N$ points ou plus, ou dès "
                  "qu'encaisser permet d'atteindre 50 points ; sinon on relance" if lang == "fr"
                  else "set aside what gives the most points (the fewest dice on a tie), then "
                  "bank as soon as the turn holds $N$ points or more, or as soon as banking "
                  "reaches 50 points; otherwise roll on")
    assert 0 < page.index(definition) - first < 60
    sheet = worksheets.lines("optimal_play", lang)
    line = next(t for k, t in sheet if k == "sub" and t.startswith(
        "«\u00a0encaisser à N\u00a0»" if lang == "fr" else "“bank at N”"))
    assert sheet.index(("sub", line)) < next(i for i, (k, _t) in enumerate(sheet) if k == "q")
    assert ("le moins de dés à égalité" if lang == "fr" else "the fewest dice on a tie") in line
    assert ("dès que le tour tient N points ou plus, ou dès qu'encaisser permet d'atteindre 50 "
            "points" if lang == "fr" else "as soon as the turn holds N points or more, or as "
            "soon as banking reaches 50 points") in line


@LANGS
def test_lesson_11_second_read_key_and_sheet(lang):
    c = "," if lang == "fr" else "."
    lesson = LESSONS["optimal_play"]
    # prediction 1 has a working, which does not answer prediction 2 below it on screen
    worked = _plain(lesson.question("optimal_points").worked_text(lang))
    assert ("à rebours" if lang == "fr" else "backwards") in worked
    assert f"3{c}98" not in worked
    # exercise 2 subtracts the chart's numbers
    gap = _plain(lesson.question("gap_points").worked_text(lang))
    assert gap.startswith(f"4{c}898 − 3{c}981 = 0{c}917 ≈ 0{c}92")
    # exercise 1: the 5-point one-die case, checked by the rules' own end solver
    from fractions import Fraction

    from dicelab.lessons.maths import seveny_end_roll

    assert seveny_end_roll((1, 1, 1, 1, 1, 6)) == Fraction(11, 6)
    back = _plain(lesson.question("end_backwards").worked_text(lang))
    assert f"(6 + 5) / 6 = 11/6 ≈ 1{c}83 < 5" in back
    # paper: the last exercise is marked optional
    sheet = worksheets.lines("optimal_play", lang)
    optional = [t for k, t in sheet if k == "q" and _q("optimal_play", "gap_turns", lang)[:30]
                in _plain(t)]
    assert optional[0].startswith(_("Exercise {n} (optional)", lang=lang, n=4))
    assert ("Exercice 4 (facultatif)." if lang == "fr" else "Exercise 4 (optional).") in (
        optional[0])
    # "strategy", not "policy", on the chart and the sheet's table
    head, _rows = worksheets.data_table("optimal_play", lang)
    assert head[0] == ("stratégie" if lang == "fr" else "strategy")
    fig = lesson.chart(lang)
    assert fig.axes[0].get_xlabel() == ("stratégie" if lang == "fr" else "strategy")
    assert "policy" not in _page(lang, "optimal_play")


@LANGS
def test_lesson_11_plan_asks_exercises_2_and_3_orally(lang):
    """Reader r10: the plan fits 15 minutes: exercises 2 and 3 orally, exercise 4 outside
    the timed plan, and the rules card skipped by a class that did lesson 09."""
    from dicelab.lessons.plans import inner_quotes

    plan = [_plain(x) for x in lesson_plan("optimal_play", lang).splitlines()]
    step = next(x for x in plan if x.lstrip("* ").startswith("12–14 min"))
    ex3 = inner_quotes(_q("optimal_play", "risk_zero", lang), lang)
    ex2 = "Sur 13 tours, combien de points" if lang == "fr" else "Over 13 turns, how many"
    assert ex2 in step and ex3 in step
    assert step.index(ex2) < step.index(ex3)
    assert ("les exercices 2 et 3, à l'oral avec toute la classe" if lang == "fr"
            else "exercises 2 and 3, asked orally to the whole class") in step
    assert ("hors du plan minuté" if lang == "fr" else "outside the timed plan") in step
    assert "binômes" not in step and "pairs" not in step
    card = next(x for x in plan if x.lstrip("* ").startswith("0–3 min"))
    assert ("Si la classe a fait la leçon 09, sautez la fiche des règles" if lang == "fr"
            else "If the class has done lesson 09, skip the rules card") in card


@LANGS
def test_lesson_11_exercise_2_is_a_new_question(lang):
    """Reader r10: exercise 2 is no longer prediction 2's reveal: the points lost over 13
    turns, computed, with its tolerance."""
    q = LESSONS["optimal_play"].question("gap_points")
    gap = seveny_optimal_points() - float(seveny_rule_points(4)[0])
    assert q.value() == pytest.approx(13 * gap, abs=1e-9)
    assert q.value() == pytest.approx(11.9, abs=0.05) and q.tolerance == 0.1
    assert ("Sur 13 tours" if lang == "fr" else "Over 13 turns") in q.text_in(lang)
    c = "," if lang == "fr" else "."
    assert f"13 × 0{c}917 ≈ 11{c}9 points" in _plain(q.worked_text(lang))
