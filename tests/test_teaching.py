"""Teaching widgets: predict-then-reveal, exercises and progress, pooled class data, simulators."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dicelab.core.errors import DicelabError
from dicelab.ui import teaching
from dicelab.ui.teaching import (
    BRELAN_FIVE_DICE,
    SIX_AFTER_THREE,
    Exercise,
    Pool,
    Predict,
    Progress,
    TeachingError,
    check_counts,
    parse_number,
    parse_seed,
    pooled,
    read_share_code,
    share_code,
)

# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize("text, percent, value", [
    ("0.25", False, 0.25), ("0,25", False, 0.25), ("25 %", False, 0.25), ("25%", False, 0.25),
    ("1/4", False, 0.25), (" 3 ", False, 3.0), ("25", True, 0.25), ("1/4", True, 0.25),
    ("25,5", True, 0.255), ("-2", False, -2.0), ("12\u00a0%", False, 0.12),
])
def test_parse_number_reads_what_students_type(text, percent, value):
    assert parse_number(text, percent=percent) == pytest.approx(value)


def test_thousands_separators():
    assert parse_number("7,776", lang="en") == 7776 and parse_number("1,234,567", lang="en")
    assert parse_number("7,776", lang="fr") == pytest.approx(7.776)
    assert parse_number("7\u202f776", lang="fr") == 7776 and parse_number("7 776") == 7776
    assert parse_number("0,776", lang="en") == pytest.approx(0.776)
    p = Predict("How many?", 7776, lang="en")
    p.box.value = "7,776"
    p.submit()
    assert "Exactly right" in p.reveal.value  # an exact guess is said exact


@pytest.mark.parametrize("text", ["", "abc", "1/0", "1//2", "nan", "inf", "1e400", "9" * 100,
                                  True, "0.2.3", "%"])
def test_parse_number_refuses_with_a_short_message(text):
    with pytest.raises(TeachingError) as e:
        parse_number(text)
    assert len(str(e.value)) < 140


@pytest.mark.parametrize("bad", ["-1", "", "x", "1.5", 2**32, -3, True, "9" * 4301, None, 1.0])
def test_seed_boxes_take_only_valid_seeds(bad):
    with pytest.raises(TeachingError) as e:
        parse_seed(bad)
    assert len(str(e.value)) < 160


def test_seed_limits():
    assert parse_seed("0") == 0 and parse_seed(teaching.MAX_SEED) == teaching.MAX_SEED


# ------------------------------------------------------------------ Predict


@pytest.mark.parametrize("kind, answer, options, guess", [
    ("number", 252, (), "250"),
    ("percent", Fraction(23, 108), (), "20"),
    ("slider", 0.0409, (), 0.05),
    ("choice", 2, ("a", "b", "c"), 1),
])
def test_predict_reveals_nothing_before_an_answer(kind, answer, options, guess):
    p = Predict("Question?", answer, kind=kind, options=options, explain="Because 42.",
                lang="en")
    exact = p._shown(answer)
    assert not p.revealed and p.reveal.value == ""
    if kind != "choice":
        assert exact not in p.widget_text()
    assert "Because 42" not in p.widget_text()
    p.box.value = guess
    p.submit_button.click()
    assert p.revealed and exact in p.reveal.value and "Because 42" in p.reveal.value
    assert p.box.disabled and p.submit_button.disabled


def test_predict_shows_how_far_the_guess_was():
    p = Predict("Chance?", Fraction(23, 108), kind="percent", lang="en")
    p.box.value = "30"
    p.submit()
    # 30 % against 21.3 %: 8.7 percentage points
    assert "8.7 percentage points" in p.reveal.value and "21.3%" in p.reveal.value
    q = Predict("How many?", 252, lang="fr")
    q.box.value = "250"
    q.submit()
    assert "2" in q.reveal.value and "Proche" in q.reveal.value or "252" in q.reveal.value


def test_predict_bad_guess_is_a_message_not_a_reveal():
    p = Predict("Chance?", 0.5, kind="percent", lang="en")
    for bad in ("abc", "", "150"):
        p.box.value = bad
        p.submit_button.click()
        assert not p.revealed and p.reveal.value == ""
        assert p.message.value and "Traceback" not in p.message.value
    c = Predict("Which?", 1, kind="choice", options=("x", "y"), lang="en")
    c.submit_button.click()  # nothing chosen
    assert not c.revealed and "choose" in c.message.value


def test_predict_i_dont_know_reveals():
    p = Predict("How many?", 36, lang="fr")
    p.dont_know_button.click()
    assert p.revealed and "36" in p.reveal.value and p.guess is None


def test_predict_choice_says_right_or_not():
    p = Predict("Which?", 0, kind="choice", options=("yes", "no"), lang="en")
    p.box.value = 0
    p.submit()
    assert "Right" in p.reveal.value


def test_unknown_kind_is_refused():
    with pytest.raises(TeachingError):
        Predict("?", 1, kind="essay")


# ------------------------------------------------------------------ Exercise and progress


def test_exercise_tolerance():
    prog = Progress()
    e = Exercise("q", "P?", Fraction(5, 18), tolerance=0.001, progress=prog, lang="en")
    for guess, ok in (("0.2778", True), ("0,278", True), ("0.276", False), ("5/18", True),
                      ("27.78%", True), ("0.28", False)):
        assert e.is_right(parse_number(guess)) is ok, guess
    e.box.value = "0.3"
    e.check_button.click()
    assert not e.correct and "Not yet" in e.message.value
    assert "more than 0.001 away" in e.message.value  # the refusal says the tolerance
    assert "5/18" not in e.message.value  # a wrong answer does not give the answer away
    e.box.value = "0.2778"
    e.check_button.click()
    assert e.correct


def test_exercise_hints_then_worked_answer():
    prog = Progress()
    e = Exercise("q", "Ways?", 10, hints=("first", "second"), worked="5!/(2!3!)",
                 progress=prog, lang="en")
    assert e.hint_area.value == "" and e.worked_area.value == ""
    e.hint_button.click()
    assert "first" in e.hint_area.value and "second" not in e.hint_area.value
    e.hint_button.click()
    assert "second" in e.hint_area.value and e.hint_button.disabled
    with pytest.raises(TeachingError, match="no more hints"):
        e.hint()
    e.hint_button.click()  # disabled in a browser; clicked anyway: a message, no traceback
    e.worked_button.click()
    assert "5!/(2!3!)" in e.worked_area.value and "10" in e.worked_area.value
    assert prog.records["q"].hints == 2 and prog.records["q"].revealed


def test_exercise_without_hints_has_its_button_disabled():
    e = Exercise("q", "?", 1, progress=Progress())
    assert e.hint_button.disabled and e.worked_button.disabled


def test_progress_counts_answered_and_how_well():
    prog = Progress()
    a = Exercise("a", "?", 1, progress=prog, lang="en")
    b = Exercise("b", "?", 2, progress=prog, lang="en")
    Exercise("c", "?", 3, progress=prog, lang="en")
    seen = []
    prog.listeners.append(lambda: seen.append(prog.counts()["answered"]))
    a.box.value = "1"
    a.check()
    b.box.value = "5"
    b.check()
    b.worked_button.click()
    b.box.value = "2"
    b.check()
    b.check()  # a solved exercise is not counted twice
    assert prog.counts() == {"total": 3, "answered": 2, "solved": 2, "first_try": 1,
                             "revealed": 1}
    assert seen and seen[-1] == 2
    assert "2 of 3 exercises answered, 2 right (1 at the first try)" in prog.summary("en")
    assert "2 exercices traités sur 3" in prog.summary("fr")


def test_progress_is_shared_per_notebook():
    teaching.PROGRESS.reset()
    view = teaching.ProgressView(lang="en")
    e = Exercise("shared.q", "?", 7, lang="en")
    e.box.value = "7"
    e.check()
    assert teaching.PROGRESS.records["shared.q"].solved
    assert "1 of 1" in view.message.value
    teaching.PROGRESS.reset()


# ------------------------------------------------------------------ pooling


def test_pooling_maths():
    p = BRELAN_FIVE_DICE.p
    rows = pooled([(4, 20), (6, 20), (3, 20)], p)
    assert [(r.groups, r.successes, r.trials) for r in rows] == [(1, 4, 20), (2, 10, 40),
                                                                 (3, 13, 60)]
    assert rows[-1].frequency == pytest.approx(13 / 60)
    assert rows[-1].se == pytest.approx(math.sqrt(float(p) * (1 - float(p)) / 60))
    assert rows[0].se > rows[1].se > rows[2].se  # the band narrows as groups are added
    assert rows[0].se / rows[2].se == pytest.approx(math.sqrt(3))


@pytest.mark.parametrize("successes, trials, words", [
    ("-1", "20", "successes must be a whole number"),
    ("3", "-20", "trials must be a whole number"),
    ("21", "20", "more successes (21) than trials (20)"),
    ("3", "0", "trials must be at least 1"),
    ("x", "20", "successes must be a whole number"),
    ("3", "2.5", "trials must be a whole number"),
    ("3", str(10**9), "trials must be a whole number"),
    ("", "", "successes must be a whole number"),
])
def test_pool_refuses_every_bad_entry_and_adds_nothing(successes, trials, words):
    pool = Pool(BRELAN_FIVE_DICE, lang="en")
    pool.add_counts("4", "20", "1")
    pool.successes.value, pool.trials.value = successes, trials
    pool.add.click()
    assert len(pool.entries) == 1
    assert words in pool.message.value


def test_share_codes_round_trip():
    for exp in (BRELAN_FIVE_DICE, SIX_AFTER_THREE):
        for s, t in ((0, 1), (4, 20), (20, 20), (123, 4567)):
            for group, name in (("3", "3"), ("Équipe B", "EQUIPEB"), (12, "12")):
                code = share_code(exp, s, t, group)
                assert len(code) <= 28
                assert read_share_code(exp, code) == (name, s, t)
                assert read_share_code(exp, "  " + code.lower() + " ") == (name, s, t)


def test_share_codes_reject_foreign_and_mistyped_codes():
    foreign = share_code(SIX_AFTER_THREE, 3, 20, "1")
    with pytest.raises(TeachingError, match="another experiment"):
        read_share_code(BRELAN_FIVE_DICE, foreign)
    good = share_code(BRELAN_FIVE_DICE, 3, 20, "1")
    tampered = good.replace("-3-", "-4-")
    with pytest.raises(TeachingError, match="typo"):
        read_share_code(BRELAN_FIVE_DICE, tampered)
    for junk in ("", "hello", "BRL5-20-30-ABC", "x" * 10_000, None, 42):
        with pytest.raises(TeachingError) as e:
            read_share_code(BRELAN_FIVE_DICE, junk)
        assert len(str(e.value)) < 160


def test_pool_accepts_a_group_code_once_and_refuses_foreign_ones():
    group = Pool(SIX_AFTER_THREE, role="group", lang="fr")
    group.trials.value, group.successes.value = "18", "3"
    group.make.click()
    code = share_code(SIX_AFTER_THREE, 3, 18, "5")
    assert "code" not in group.code_view.value and "groupe" in group.message.value  # no group
    group.group.value = "5"
    group.make.click()
    assert code in group.code_view.value
    teacher = Pool(SIX_AFTER_THREE, lang="fr")
    teacher.code.value = code
    teacher.add_code_button.click()
    assert teacher.entries == [("groupe 5", 3, 18)]
    assert "<img" in teacher.out.value or "<svg" in teacher.out.value
    teacher.code.value = code
    teacher.add_code_button.click()  # twice: refused
    assert "déjà été ajouté (groupe 5" in teacher.message.value
    teacher.code.value = share_code(BRELAN_FIVE_DICE, 3, 18, "6")
    teacher.add_code_button.click()  # foreign: refused
    assert len(teacher.entries) == 1 and "autre expérience" in teacher.message.value
    teacher.undo.click()
    assert teacher.entries == [] and teacher.out.value == ""
    teacher.undo.click()
    assert "Traceback" not in teacher.message.value


def test_group_bad_counts_make_no_code():
    group = Pool(BRELAN_FIVE_DICE, role="group", lang="en")
    group.group.value = "2"
    group.trials.value, group.successes.value = "20", "25"
    group.make.click()
    assert group.code_view.value == "" and "more successes" in group.message.value


def test_check_counts_accepts_ints():
    assert check_counts(0, 1) == (0, 1)
    with pytest.raises(DicelabError):
        check_counts(-1, 5)


# ------------------------------------------------------------------ simulators


def test_frequency_simulator_slider_groups_its_digits():
    """Lesson 03's slider: 10 000 with a narrow no-break space in French, 10,000 in English."""
    fr = teaching.FrequencySimulator("brelan", 5, lang="fr").rolls
    assert [label for label, _v in fr.options][2:] == ["1\u202f000", "10\u202f000",
                                                        "100\u202f000"]
    en = teaching.FrequencySimulator("brelan", 5, lang="en").rolls
    assert en.label == "1,000" and en.value == 1000


def test_frequency_simulator_seed_box():
    sim = teaching.FrequencySimulator("brelan", 5, lang="en")
    sim.rolls.value = 100
    for bad in ("-1", "abc", "1.5", "9" * 50):
        sim.seed.value = bad
        sim.go.click()
        assert "seed" in sim.message.value and sim.out.value == ""
    sim.seed.value = "7"
    for _label, rolls in sim.rolls.options:  # every option of the widget
        sim.rolls.value = rolls
        sim.go.click()
        assert "Final relative frequency" in sim.message.value and sim.out.value


def test_french_slider_shows_its_value_with_a_decimal_comma():
    """The slider's own readout is formatted by the browser (a point): in French it is
    hidden and a label beside it shows the value with a comma, kept in step."""
    p = Predict("Probabilité ?", 0.0409, kind="slider", slider=(0.0, 0.2, 0.01), lang="fr")
    assert p.box.readout is False and p.slider_value.value == "0,00"
    assert p.slider_value in p.widget.children[1].children
    p.box.value = 0.05
    assert p.slider_value.value == "0,05"
    p.submit_button.click()
    assert p.revealed and p.guess == pytest.approx(0.05, abs=1e-12)
    en = Predict("Chance?", 0.0409, kind="slider", lang="en")
    assert en.box.readout is True and en.slider_value is None and en.widget.children[1] is en.box


def test_a_refusal_states_the_tolerance_in_the_answers_unit():
    pct = Exercise("p", "P?", 0.25, kind="percent", tolerance=0.005, progress=Progress(),
                   lang="fr")
    pct.box.value = "30 %"
    pct.check_button.click()
    assert "à plus de 0,5 point de pourcentage" in pct.message.value.replace("\u00a0", " ")
    exact = Exercise("n", "How many?", 252, progress=Progress(), lang="en")
    exact.box.value = "250"
    exact.check_button.click()
    assert "is not the answer" in exact.message.value and "tolerance" not in exact.message.value
