"""Pooled class data (issue 27 §1): every group counts, even with the same counts as others.

A share code names its group (``BRL5-7-20-4-XXX``), so 30 groups with equal counts give 30
codes and the teacher's pool counts each once, in lessons 03, 12 and 14 and in both
languages; the same code pasted twice is refused, a typo is caught, an old code (without
a group) is refused with a message that says to make a new one.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from dicelab.core.errors import MAX_MESSAGE
from dicelab.lessons import POOLED_LESSONS, lesson_experiment
from dicelab.lessons.worksheets import lines
from dicelab.render import plots
from dicelab.ui.teaching import (
    BRELAN_FIVE_DICE,
    MAX_GROUP,
    MAX_TRIALS,
    SIX_AFTER_THREE,
    Pool,
    TeachingError,
    group_name,
    pooling,
    read_share_code,
    share_code,
)
from dicelab.ui.teaching.pooling import _old_check

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr")
GROUPS = 30
#: Each lesson's counts that every group has: lesson 03's worksheet (20 rolls, 4 brelans),
#: lesson 12's (18 places, 3 sixes), lesson 14's losing pair (1 game, 0 wins).
SAME_COUNTS = {"large_numbers": (4, 20), "gamblers_fallacy": (3, 18), "luck": (0, 1)}
#: The notebooks of those lessons, per language, and the pools they build.
NOTEBOOK_POOLS = {"large_numbers": "BRELAN_FIVE_DICE", "gamblers_fallacy": "SIX_AFTER_THREE",
                  "luck": "luck_lesson.experiment()"}
#: the pools' options in a lesson's notebooks (lesson 03 writes decimals, as its questions)
NOTEBOOK_POOL_OPTIONS = {"large_numbers": ", decimal=True"}
ADDED = {"en": "group {n} added", "fr": "groupe {n} ajouté"}
ALREADY = {"en": "this code was already added (group {n}, successes: ",
           "fr": "ce code a déjà été ajouté (groupe {n}, succès\u00a0: "}
#: Lesson 14's pool names its entries by pair (« binôme »): pairs play its experiment.
PAIR = {"en": ("group", "pair"), "fr": ("groupe", "binôme")}


def _words(lesson, lang, text):
    """``text`` as the lesson's pool says it: « binôme » for lesson 14's pairs."""
    return text.replace(*PAIR[lang]) if lesson == "luck" else text


@pytest.fixture
def no_chart(monkeypatch):
    """The pool's chart, redrawn after each change (about half a second), not drawn: for the
    tests of what is added and said."""
    monkeypatch.setattr(pooling, "pool_chart", lambda *_a, **_k: None)


def _group_code(exp, lang, number, successes, trials):
    """What a group's notebook shows: its pool, the group's number and counts typed, the
    button clicked; the code read back from the widget."""
    group = Pool(exp, role="group", lang=lang)
    group.group.value, group.trials.value = str(number), str(trials)
    group.successes.value = str(successes)
    group.make.click()
    found = re.search(r"<code[^>]*>([^<]+)</code>", group.code_view.value)
    assert found, group.message.value
    group.close()
    return found.group(1)


def test_every_lesson_with_a_class_experiment_is_tested():
    assert set(POOLED_LESSONS) == set(SAME_COUNTS) == set(NOTEBOOK_POOLS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", POOLED_LESSONS)
def test_thirty_groups_with_the_same_counts_all_count(lesson, lang, monkeypatch):
    exp = lesson_experiment(lesson)
    s, t = SAME_COUNTS[lesson]
    codes = [_group_code(exp, lang, n, s, t) for n in range(1, GROUPS + 1)]
    assert len(set(codes)) == GROUPS
    # the chart is redrawn after each group (about half a second each): counted here, and
    # drawn once for real at the end
    drawn: list[int] = []
    monkeypatch.setattr(pooling, "pool_chart", lambda _e, rows, _lang=None, **_k: drawn.append(
        len(rows)))
    teacher = Pool(exp, lang=lang)
    for n, code in enumerate(codes, start=1):
        teacher.code.value = code
        teacher.add_code_button.click()
        assert _words(lesson, lang, ADDED[lang].format(n=n)) in teacher.message.value
        assert teacher.code.value == ""  # ready for the next code
    assert drawn == list(range(1, GROUPS + 1))
    monkeypatch.undo()
    assert len(teacher.entries) == GROUPS
    last = teacher.rows()[-1]
    assert (last.groups, last.successes, last.trials) == (GROUPS, GROUPS * s, GROUPS * t)
    assert last.frequency == pytest.approx(s / t, abs=1e-12)
    teacher.out.value = chart = plots.chart_html(pooling.pool_chart(exp, teacher.rows(), lang))
    unit = ({"en": "pairs", "fr": "binômes"} if exp.words else {"en": "groups", "fr": "groupes"})
    assert {"en": f"after {GROUPS} {unit['en']}: ",
            "fr": f"(nombre de {unit['fr']}\u00a0: {GROUPS})\u00a0: "}[lang] in chart
    # a code pasted again (here the 17th) is refused, says so in the page's language and
    # changes nothing
    teacher.code.value = " " + codes[16].lower() + " "
    teacher.add_code_button.click()
    assert _words(lesson, lang, ALREADY[lang].format(n=17)) in teacher.message.value
    assert len(teacher.entries) == GROUPS and teacher.out.value == chart
    assert teacher.rows()[-1] == last
    assert "Traceback" not in teacher.message.value
    teacher.close()


@pytest.mark.parametrize("lesson", POOLED_LESSONS)
def test_the_lesson_notebooks_pool_the_lessons_experiment(lesson):
    """Each lesson's notebooks (both languages) build a group pool and a teacher pool of the
    experiment tested above."""
    from dicelab.lessons import FILES

    for lang in LANGS:
        text = (ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang][lesson]}.md").read_text(
            encoding="utf-8")
        pools = re.findall(r"^Pool\((.+)\)$", text, re.M)
        want = NOTEBOOK_POOLS[lesson]
        opt = NOTEBOOK_POOL_OPTIONS.get(lesson, "")
        assert pools == [f'{want}, role="group", lang="{lang}"{opt}', f'{want}, lang="{lang}"{opt}']


@pytest.mark.parametrize("lang", LANGS)
def test_a_typo_anywhere_in_a_code_is_caught(lang, no_chart):
    """Every single wrong character and every swap of two neighbours, in each lesson's
    code, is refused: never read as other counts or another group."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    for lesson in POOLED_LESSONS:
        exp = lesson_experiment(lesson)
        s, t = SAME_COUNTS[lesson]
        code = share_code(exp, s, t, "12")
        wrong = {code[:i] + c + code[i + 1:] for i, ch in enumerate(code) if ch != "-"
                 for c in alphabet if c != ch}
        wrong |= {code[:i] + code[i + 1] + code[i] + code[i + 2:] for i in range(len(code) - 1)
                  if code[i] != code[i + 1]}
        for bad in wrong:
            with pytest.raises(TeachingError):
                read_share_code(exp, bad)
    teacher = Pool(BRELAN_FIVE_DICE, lang=lang)
    good = share_code(BRELAN_FIVE_DICE, 4, 20, "3")
    teacher.code.value = good.replace("-20-4-", "-20-5-")
    teacher.add_code_button.click()
    words = {"en": "this code has a typo: ask the group to read it again",
             "fr": "ce code contient une faute de frappe\u00a0: demandez au groupe de le relire"}
    assert words[lang] in teacher.message.value and teacher.entries == []
    assert teacher.code.value == good.replace("-20-4-", "-20-5-")  # left to correct


@pytest.mark.parametrize("lang", LANGS)
def test_an_old_code_says_to_make_a_new_one(lang):
    """Codes of dicelab before groups had names (``BRL5-20-4-7VU``, issue 27's example) are
    refused with a message that says what to do; a mistyped old-looking code is a typo."""
    old = f"BRL5-20-4-{_old_check(BRELAN_FIVE_DICE, 4, 20)}"
    assert old == "BRL5-20-4-7VU"
    teacher = Pool(BRELAN_FIVE_DICE, lang=lang)
    teacher.code.value = old
    teacher.add_code_button.click()
    words = {"en": "this code was made by an older dicelab and names no group: ask the group "
                   "to make a new code",
             "fr": "ce code vient d'une ancienne version de dicelab et ne nomme aucun groupe"
                   "\u00a0: demandez au groupe de refaire un code"}
    assert words[lang] in teacher.message.value and teacher.entries == []
    with pytest.raises(TeachingError, match="typo"):
        read_share_code(BRELAN_FIVE_DICE, "BRL5-20-4-7VV")
    with pytest.raises(TeachingError, match="another experiment"):
        read_share_code(BRELAN_FIVE_DICE, f"SIX3-20-4-{_old_check(SIX_AFTER_THREE, 4, 20)}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_group_that_counted_again_replaces_its_counts_on_a_second_click(lang, no_chart):
    teacher = Pool(lesson_experiment("luck"), lang=lang)  # lesson 14: pairs (« binôme »)
    exp = teacher.exp
    teacher.add_code(share_code(exp, 0, 1, 1))
    # no "1 trials": the pooled counts are written without a plural
    assert {"en": "pair 1 added. Pooled: games played 1, games won 0, frequency 0",
            "fr": "binôme 1 ajouté. Mise en commun\u00a0: parties jouées 1, parties gagnées 0, "
                  "fréquence 0"}[
        lang] in teacher.message.value
    teacher.add_code(share_code(exp, 0, 1, 2))
    second_game = share_code(exp, 1, 2, 1)  # pair 1 played a second game and won it
    teacher.code.value = second_game
    teacher.add_code_button.click()
    words = {"en": "pair 1 is already in the pool (successes: 0, trials: 1): add this code "
                   "again to replace them",
             "fr": "le binôme 1 est déjà ajouté (succès\u00a0: 0, essais\u00a0: 1)\u00a0: "
                   "ajoutez ce code une seconde fois pour les remplacer"}
    assert words[lang] in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(0, 1), (0, 1)]
    assert teacher.code.value == second_game  # still there: one more click replaces
    teacher.add_code_button.click()
    assert [(s, t) for _g, s, t in teacher.entries] == [(1, 2), (0, 1)]
    assert teacher.rows()[-1].trials == 3 and teacher.rows()[-1].successes == 1
    assert {"en": "pair 1: the new code replaced its earlier counts",
            "fr": "binôme 1\u00a0: le nouveau code remplace ses comptes précédents"}[lang] in (
        teacher.message.value)
    # the replaced code is now the one in the pool: pasting it again is refused
    with pytest.raises(TeachingError, match="already added"):
        teacher.add_code(second_game)
    # something else in between: the next try asks again before replacing
    with pytest.raises(TeachingError, match="already in the pool"):
        teacher.add_code(share_code(exp, 1, 1, 2))
    teacher.add_code(share_code(exp, 1, 1, 3))
    with pytest.raises(TeachingError, match="already in the pool"):
        teacher.add_code(share_code(exp, 1, 1, 2))
    teacher.remove_last()
    with pytest.raises(TeachingError, match="already in the pool"):
        teacher.add_code(share_code(exp, 1, 1, 2))
    teacher.add_code(share_code(exp, 1, 1, 2))
    assert [(s, t) for _g, s, t in teacher.entries] == [(1, 2), (1, 1)]
    # removing a group frees its name
    teacher.remove_last()
    teacher.add_code(share_code(exp, 0, 1, 2))
    assert [(s, t) for _g, s, t in teacher.entries] == [(1, 2), (0, 1)]


TYPED = {
    "en": {"same": "group 1 is already in the pool with these counts (successes: 3, trials: 18): "
                   "nothing is added",
           "code": "group 1 is already in the pool (successes: 3, trials: 18): add this code "
                   "again to replace them",
           "typed": "group 1 is already in the pool (successes: 4, trials: 18): add these "
                    "counts again to replace them",
           "replaced": "group 1: the new counts replaced its earlier counts (successes: 4, "
                       "trials: 18)",
           "empty": "type your group's name or number first"},
    "fr": {"same": "le groupe 1 est déjà ajouté avec ces comptes (succès\u00a0: 3, essais\u00a0: "
                   "18)\u00a0: rien n'est ajouté",
           "code": "le groupe 1 est déjà ajouté (succès\u00a0: 3, essais\u00a0: 18)\u00a0: ajoutez "
                   "ce code une seconde fois pour les remplacer",
           "typed": "le groupe 1 est déjà ajouté (succès\u00a0: 4, essais\u00a0: 18)\u00a0: "
                    "ajoutez ces comptes une seconde fois pour les remplacer",
           "replaced": "groupe 1\u00a0: les nouveaux comptes remplacent ses comptes précédents "
                       "(succès\u00a0: 4, essais\u00a0: 18)",
           "empty": "tapez d'abord le nom ou le numéro de votre groupe"},
}


def _type_counts(teacher, group, successes, trials):
    """The teacher types a group's name and counts and clicks Add this group."""
    teacher.group.value, teacher.trials.value = group, trials
    teacher.successes.value = successes
    teacher.add.click()


@pytest.mark.parametrize("lang", LANGS)
def test_typed_counts_and_codes_mix(lang, no_chart):
    """Typed counts name their group (same rules as a share code's): a later code of that
    group is that group again (refused once, replaces on the second add), never a second
    row with the same label; typed counts of a coded group likewise."""
    exp = SIX_AFTER_THREE
    teacher = Pool(exp, lang=lang)
    kids = teacher.widget.children[2].children
    assert kids[0] is teacher.group and "dicelab-pool-group" in teacher.group._dom_classes
    _type_counts(teacher, "", "3", "18")  # no group: nothing added
    assert TYPED[lang]["empty"] in teacher.message.value and teacher.entries == []
    _type_counts(teacher, "Groupe 1", "3", "18")  # a name: GROUPE1, not group 1
    _type_counts(teacher, " 01 ", "3", "18")
    assert ADDED[lang].format(n=1) in teacher.message.value
    word = PAIR[lang][0]
    assert [g for g, _s, _t in teacher.entries] == [f"{word} GROUPE1", f"{word} 1"]
    # the same group's code with the same counts: nothing is added, and the message says so
    teacher.code.value = share_code(exp, 3, 18, 1)
    teacher.add_code_button.click()
    assert TYPED[lang]["same"] in teacher.message.value and len(teacher.entries) == 2
    # its code with other counts: refused once, replaces on the second add
    teacher.code.value = share_code(exp, 4, 18, "1")
    teacher.add_code_button.click()
    assert TYPED[lang]["code"] in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18), (3, 18)]
    teacher.add_code_button.click()
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18), (4, 18)]
    # and the other way: counts typed for a group whose code is in the pool
    _type_counts(teacher, "1", "5", "18")
    assert TYPED[lang]["typed"] in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18), (4, 18)]
    teacher.add.click()
    assert TYPED[lang]["replaced"] in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18), (5, 18)]
    _type_counts(teacher, "1", "5", "18")  # typed twice: once
    assert len(teacher.entries) == 2
    _type_counts(teacher, "2", "3", "18")
    labels = [g for g, _s, _t in teacher.entries]
    assert len(labels) == len(set(labels)) == 3
    assert teacher.rows()[-1].trials == 54 and teacher.rows()[-1].successes == 11
    assert "Traceback" not in teacher.message.value
    teacher.close()


@pytest.mark.parametrize("text, name", [
    ("7", "7"), (" 07 ", "7"), ("0", "0"), (7, "7"), ("Groupe 3", "GROUPE3"),
    ("les-Bleus!", "LESBLEUS"), ("Élan", "ELAN"), ("ab cd", "ABCD"), ("x" * MAX_GROUP, "X" * 8),
])
def test_group_names(text, name):
    assert group_name(text) == name


@pytest.mark.parametrize("text, words", [
    ("", "type your group's name or number first"),
    ("  -- ", "type your group's name or number first"),
    ("日本", "type your group's name or number first"),
    (None, "type your group's name or number first"),
    (True, "type your group's name or number first"),
    ("x" * (MAX_GROUP + 1), f"a group name has at most {MAX_GROUP} letters or digits"),
    ("x" * 100_000, f"a group name has at most {MAX_GROUP} letters or digits"),
])
def test_bad_group_names_make_no_code(text, words):
    with pytest.raises(TeachingError, match=re.escape(words)) as e:
        group_name(text)
    assert len(str(e.value)) < 160
    group = Pool(BRELAN_FIVE_DICE, role="group", lang="en")
    group.group.value = text if isinstance(text, str) else ""
    group.trials.value, group.successes.value = "20", "4"
    group.make.click()
    assert group.code_view.value == "" and words in group.message.value


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_fit_whole_in_a_message(lang, no_chart):
    """The longest group name and counts: no refusal is cut short (``…``)."""
    exp = BRELAN_FIVE_DICE
    teacher = Pool(exp, lang=lang)
    big = MAX_TRIALS
    teacher.add_code(share_code(exp, big - 1, big, "W" * MAX_GROUP))
    for code in (share_code(exp, big - 1, big, "W" * MAX_GROUP),
                 share_code(exp, big, big, "W" * MAX_GROUP)):
        with pytest.raises(TeachingError) as e:
            teacher.add_code(code)
        text = e.value.message(lang)
        assert "…" not in text and len(text) <= MAX_MESSAGE and "W" * MAX_GROUP in text


@pytest.mark.parametrize("lang", LANGS)
def test_worksheets_ask_for_the_group_number(lang):
    want = {"en": "the group's number ____ and its share code",
            "fr": "numéro du groupe ____ et son code de partage"}
    for lesson in ("large_numbers", "gamblers_fallacy"):
        grid = [text for style, text in lines(lesson, lang)
                if style == "sub" and want[lang] in text.lower()]
        assert len(grid) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_group_box_comes_before_the_counts(lang):
    group = Pool(SIX_AFTER_THREE, role="group", lang=lang)
    kids = list(group.widget.children)
    assert kids.index(group.group) < kids.index(group.trials) < kids.index(group.make)
    assert "dicelab-pool-group" in group.group._dom_classes
    group.close()


def test_the_teachers_rows_wrap_at_phone_width():
    """At 390 px the teacher's boxes and buttons go under one another (they ran off the right
    edge: no successes box, no Add this group, no Remove the last group)."""
    teacher = Pool(BRELAN_FIVE_DICE, lang="fr")
    rows = [kid for kid in teacher.widget.children if teacher.add in getattr(kid, "children", ())
            or teacher.undo in getattr(kid, "children", ())]
    assert len(rows) == 2
    assert all(row.layout.flex_flow == "row wrap" for row in rows)
    teacher.close()


# ------------------------------------------------------------------ Enter in the code box
def _browser_types(box, text):
    """What the browser sends as the teacher types or pastes in a box: its new value."""
    box._handle_msg({"content": {"data": {"method": "update", "state": {"value": text}}},
                     "buffers": []})


def _browser_enter(box):
    """What the browser sends when Enter is pressed in a text box (ipywidgets 8)."""
    box._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}},
                     "buffers": []})


@pytest.mark.parametrize("lang", LANGS)
def test_enter_in_the_code_box_adds_the_code_once(lang, no_chart):
    """Enter adds the code in the box; the button clicked after it, or the box left, adds
    nothing again; the same code pasted again is still refused, with its message."""
    exp = BRELAN_FIVE_DICE
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # no on_submit (deprecated)
        teacher = Pool(exp, lang=lang)
    first, second = share_code(exp, 4, 20, 1), share_code(exp, 4, 20, 2)
    _browser_types(teacher.code, first)
    assert teacher.entries == []  # typing adds nothing
    _browser_enter(teacher.code)
    assert len(teacher.entries) == 1 and ADDED[lang].format(n=1) in teacher.message.value
    assert teacher.code.value == ""
    said = teacher.message.value
    teacher.add_code_button.click()  # the button by habit, after Enter: nothing more
    _browser_enter(teacher.code)  # and Enter again in the emptied box
    assert len(teacher.entries) == 1 and teacher.message.value == said
    # a new code typed: the last message (about the last code) goes
    _browser_types(teacher.code, second[:6])
    assert teacher.message.value == ""
    _browser_types(teacher.code, second)
    _browser_enter(teacher.code)
    assert len(teacher.entries) == 2 and ADDED[lang].format(n=2) in teacher.message.value
    # the first code pasted again: refused, with its message, by Enter and by the button
    _browser_types(teacher.code, first)
    _browser_enter(teacher.code)
    assert ALREADY[lang].format(n=1) in teacher.message.value
    teacher.add_code_button.click()
    assert ALREADY[lang].format(n=1) in teacher.message.value and len(teacher.entries) == 2
    assert teacher.code.value == first
    teacher.close()


@pytest.mark.parametrize("lang", LANGS)
def test_enter_twice_replaces_a_groups_counts(lang, no_chart):
    """A code of a group already in the pool, other counts: Enter says so, Enter again (or
    the button) replaces; a code changed in between asks again."""
    exp = SIX_AFTER_THREE
    teacher = Pool(exp, lang=lang)
    teacher.add_code(share_code(exp, 3, 18, 5))
    again = share_code(exp, 4, 18, 5)
    _browser_types(teacher.code, again)
    _browser_enter(teacher.code)
    asks = {"en": "group 5 is already in the pool (successes: 3, trials: 18): add this code "
                  "again",
            "fr": "le groupe 5 est déjà ajouté (succès\u00a0: 3, essais\u00a0: 18)\u00a0: "
                  "ajoutez ce code une seconde fois"}[lang]
    assert asks in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18)]
    assert teacher.code.value == again
    # the teacher changes the box, then puts the same code back: it asks again
    _browser_types(teacher.code, again + "X")
    _browser_types(teacher.code, again)
    _browser_enter(teacher.code)
    assert asks in teacher.message.value
    assert [(s, t) for _g, s, t in teacher.entries] == [(3, 18)]
    _browser_enter(teacher.code)
    assert [(s, t) for _g, s, t in teacher.entries] == [(4, 18)]
    assert {"en": "group 5: the new code replaced", "fr": "groupe 5\u00a0: le nouveau code"}[
        lang] in teacher.message.value
    teacher.close()


def test_the_teachers_pool_and_lesson_14_say_pair():
    """Lesson 14 is played in pairs: its pool names its entries « binôme » / "pair"; the
    other lessons' « groupe » / "group"."""
    for lang, pair, group in (("en", "pair 3", "group 3"), ("fr", "binôme 3", "groupe 3")):
        for lesson, word in (("luck", pair), ("large_numbers", group),
                             ("gamblers_fallacy", group)):
            pool = Pool(lesson_experiment(lesson), lang=lang)
            pool._redraw = lambda: None
            pool.add_counts("1", "1", "3")
            assert pool.entries[0][0] == word and pool.message.value.count(word) == 1
            pool.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_12_pool_says_its_band_in_points(lang):
    """Issue 28, fourth pass: lesson 12's pooled chart says its band as a distance between
    percentages, « ± 5,8 points », not « ± 5,8 % »; lesson 03's pool is unchanged."""
    from dicelab.core.i18n import fmt_number, fmt_percent
    from dicelab.render.plots import alt_text
    from dicelab.ui.teaching import BRELAN_FIVE_DICE, SIX_AFTER_THREE, pool_chart, pooled

    rows = pooled([(3, 20), (4, 20)], SIX_AFTER_THREE.p)
    band = 2 * rows[-1].se
    six = alt_text(pool_chart(SIX_AFTER_THREE, rows, lang))
    points = fmt_number(100 * band, 1, lang)
    said = f"± {points} points" if lang == "fr" else f"± {points} percentage points"
    assert said in six.replace("\u00a0", " ") and fmt_percent(band, 1, lang) not in six, six
    brl = alt_text(pool_chart(BRELAN_FIVE_DICE, pooled([(3, 20)], BRELAN_FIVE_DICE.p), lang))
    assert "points" not in brl
