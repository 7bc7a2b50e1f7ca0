"""Answers as a class meets them: a probability guess is read
the way a student means it, an exact guess is called exact, typed signs from a phone are
understood, worked answers are written as mathematics, and the teaching widgets' own words
are translated."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from dicelab.lessons import LESSONS, Notebook
from dicelab.ui import teaching
from dicelab.ui.teaching import Exercise, Pool, Predict, Progress, parse_number, parse_probability


@pytest.mark.parametrize("typed, lang, value, as_probability", [
    ("0,3", "fr", 0.3, True), ("0.6", "en", 0.6, True), ("30", "fr", 0.3, False),
    ("30 %", "fr", 0.3, False), ("0,3 %", "fr", 0.003, False), ("1/4", "en", 0.25, True),
    ("1", "en", 1.0, True), ("0", "fr", 0.0, True), ("19,29\u00a0%", "fr", 0.1929, False),
])
def test_a_probability_guess_is_read_as_meant(typed, lang, value, as_probability):
    """between 0 and 1 without % it is the probability; above 1, a percentage."""
    got, prob = parse_probability(typed, lang=lang)
    assert got == pytest.approx(value, abs=1e-12) and prob is as_probability


def test_french_guess_0_3_is_thirty_percent_and_says_so():
    p = Predict("Chance ?", Fraction(23, 108), kind="percent", lang="fr")
    assert "première prédiction compte" in p.note.value  # said before the guess
    p.box.value = "0,3"
    p.submit()
    assert p.guess == pytest.approx(0.3)
    assert "0,3 = 30,0\u00a0%" in p.reveal.value
    assert "écart de 8,7 points" in p.reveal.value  # 30 % against 21,3 %
    p.close()


def test_english_guess_0_6_and_a_percentage():
    p = Predict("Chance?", 0.5, kind="percent", lang="en")
    p.box.value = "0.6"
    p.submit()
    assert "0.6 = 60.0%" in p.reveal.value and "off by 10.0 percentage points" in p.reveal.value
    q = Predict("Chance?", 0.5, kind="percent", lang="en")
    q.box.value = "60"
    q.submit()
    assert "Your guess: 60.0%, off by 10.0" in q.reveal.value
    for w in (p, q):
        w.close()


@pytest.mark.parametrize("lang, typed, words", [
    ("en", "1/6", "Exactly right"), ("fr", "1/6", "exactement la valeur"),
    ("en", "16.7 %", "Right, to the precision shown"),
])
def test_an_exact_guess_is_called_exact(lang, typed, words):
    p = Predict("?", Fraction(1, 6), kind="percent", lang=lang)
    p.box.value = typed
    p.submit()
    assert words in p.reveal.value and "off by 0" not in p.reveal.value
    p.close()


@pytest.mark.parametrize("typed, value", [
    ("\u2212175", -175), ("\u2013175", -175), ("1\u20444", 0.25), ("1\u22154", 0.25),
    ("7\u202f776", 7776), ("7\u00a0776", 7776), ("7\u2009776", 7776), ("6 × 6", 36),
    ("6×5×4", 120), ("5 × 1/6", 5 / 6), ("−0,5", -0.5),
])
def test_typed_signs_from_a_keyboard_or_a_phone(typed, value):
    """the typographic minus, fraction slash, × and the spaces that group digits."""
    assert parse_number(typed, lang="fr") == pytest.approx(value)


def test_minus_175_typed_with_a_true_minus_is_right():
    nb = Notebook("stop_or_roll", lang="fr")
    ex = nb.exercise("last_die")
    ex.progress = Progress()
    ex.box.value = "\u2212175"
    ex.check()
    assert ex.correct
    assert "\u2212175" in ex.message.value
    ex.close()


_GARBLED = re.compile(r"≈ [\d\s,.\u202f]+ ?[−+×/=]")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_worked_answers_are_mathematics(lang):
    """no approximation inside a calculation, no caret, no C(n, k), true minus."""
    for lesson in LESSONS.values():
        for q in lesson.questions:
            text = q.worked_text(lang) + " " + " ".join(q.hints_in(lang)) + " " + q.answer_text(
                lang)
            assert not _GARBLED.search(text), (q.key, text)
            assert "^" not in text and "C(" not in text, (q.key, text)
            assert not re.search(r"(?<![\w)])-\d", text), (q.key, text)
    two = LESSONS["binomial"].question("two_or_more").worked_text(lang)
    assert "3125/7776 − 3125/7776 = 763/3888 ≈ 0" in two
    last = LESSONS["stop_or_roll"].question("last_die").worked_text(lang)
    assert "1/6 × 100 + 1/6 × 50 − 4/6 × 300 = \u2212175" in last  # ruling F4: a full hand
    assert "(2/3)⁷" in LESSONS["binomial"].question("seveny_none").worked_text(lang)


def test_exercise_hints_and_pool_speak_french():
    """"Hint 1:", the pool's help line and share code line, and a bad count's
    field name are French on a French page."""
    ex = Exercise("k", "q", 1, hints=["un", "deux"], progress=Progress(), lang="fr")
    ex.hint()
    ex.hint()
    assert "Indice 1\u00a0: un" in ex.hint_area.value and "Indice 2" in ex.hint_area.value
    assert "Hint" not in ex.hint_area.value
    ex.close()
    group = Pool(teaching.BRELAN_FIVE_DICE, role="group", lang="fr")
    texts = " ".join(c.value for c in group.widget.children if hasattr(c, "value")
                     and isinstance(c.value, str))
    assert "essais\u00a0:" in texts and "succès\u00a0:" in texts and "trials" not in texts
    assert (group.group.description, group.group.placeholder) == (
        "groupe", "numéro ou nom de votre groupe")
    group.group.value, group.trials.value, group.successes.value = "3", "20", "4"
    group.make_code()
    assert "Votre code de partage" in group.code_view.value
    with pytest.raises(teaching.TeachingError) as bad:
        teaching.check_counts("x", 20)
    assert bad.value.message("fr").startswith("succès\u00a0:") or bad.value.message(
        "fr").startswith("succès :")
    group.close()


# ------------------------------------------------------------------ worked answers, by hand

_SIGN = re.compile(r"\s(=|≈)\s")
_ALLOWED = re.compile(r"[0-9.\s+\-*/()S^]*$")


def _normalise(text: str, lang: str) -> str:
    """A worked answer as Python arithmetic: decimal comma or point, thousands separators
    dropped, × − √ ² ³ ⁷ as operators (``S`` is the square root)."""
    t = re.sub(r"(?<=\d)[\u00a0\u202f\u2009 ](?=\d{3}(?!\d))", "", text)
    t = re.sub(r"(?<=\d),(?=\d)", "." if lang == "fr" else "", t)
    for a, b in (("×", "*"), ("−", "-"), ("√", "S"), ("²", "^2"), ("³", "^3"), ("⁷", "^7")):
        t = t.replace(a, b)
    return t


def _arith(expr: str) -> float | None:
    """The value of a piece of arithmetic, or None when it is not one (words, a formula)."""
    expr = expr.strip()
    if not expr or not _ALLOWED.match(expr) or not re.search(r"\d", expr):
        return None
    import warnings

    try:
        with warnings.catch_warnings():  # "2 (3)" is not arithmetic: no SyntaxWarning
            warnings.simplefilter("ignore", SyntaxWarning)
            return float(eval(expr.replace("^", "**"), {"__builtins__": {}},  # noqa: S307
                              {"S": lambda x: x ** 0.5}))
    except Exception:
        return None


def recomputed(text: str, lang: str) -> list[tuple[str, float, str]]:
    """Each ``calculation = stated number`` of a worked answer whose left side is a
    calculation written with numbers only: (the calculation, its value from the displayed
    inputs, the stated result as written)."""
    t = _normalise(text, lang)
    out = []
    for m in _SIGN.finditer(t):
        left = re.search(r"[0-9.\s+\-*/()S^]*$", t[:m.start()]).group(0)
        # a left side starts at a number, a bracket or a root (not inside a word)
        left = left[re.search(r"[\d(S\-]", left).start():] if re.search(r"[\d(S]", left) else ""
        right = re.match(r"\s*(-?\d+(?:\.\d+)?(?:/\d+)?)(?![\d/]|\.\d)", t[m.end():])
        if not right or not re.search(r"[+\-*/^S]", left.strip().lstrip("-")):
            continue
        value = _arith(left)
        if value is not None:
            out.append((left.strip(), value, right.group(1)))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_worked_answers_recompute_from_their_displayed_inputs(lang):
    """A student who recomputes a worked answer from the
    numbers it shows gets the stated result, rounded as it is written (0,32/0,22 gave 1,45,
    not 1,48; √(0,24 × 0,76)… gave 4,27, not 4,26)."""
    checked, bad = [], []
    for lesson in LESSONS.values():
        for q in lesson.questions:
            for expr, value, stated in recomputed(q.worked_text(lang), lang):
                decimals = len(stated.split(".")[1]) if "." in stated else 0
                exact = float(Fraction(stated)) if "/" in stated else float(stated)
                half = 0.0 if "/" in stated else 0.5 * 10 ** -decimals
                checked.append((lesson.key, q.key))
                if abs(value - exact) > half + 1e-9:
                    bad.append((lesson.key, q.key, expr, value, stated))
    assert not bad, bad
    # at least the two a teacher recomputed, and the other calculations with decimals
    for key in [("behind", "win_ratio"), ("luck", "se_mean"), ("behind", "win_gain"),
                ("optimal_play", "gap_turns"), ("optimal_play", "gap_points"),
                ("large_numbers", "se_2500"), ("large_numbers", "band_class"),
                ("variance", "games_needed"), ("stop_or_roll", "last_die"),
                ("markov", "from_brelan"), ("binomial", "two_or_more")]:
        assert key in checked, key


def test_the_recomputation_reads_a_worked_answer():
    assert recomputed("0,32 / 0,22 = 1,48 : le choix", "fr") == [("0.32 / 0.22", 0.32 / 0.22,
                                                                  "1.48")]
    assert recomputed("100 × √(0.24 × (1 − 0.24) / 100) = 4.26 points", "en")[0][1] == (
        pytest.approx(4.2708, abs=1e-4))
    assert recomputed("E(T) = 12,98, σ(T) = 1,99", "fr") == []
    assert recomputed("7 776 − 1 = 7 775", "fr")[0][1] == 7775
