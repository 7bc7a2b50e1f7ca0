"""the lessons that assume a game is known (06, 08, 09, 11, 13, 14) open with
its rules card — the play notebooks' card (:mod:`dicelab.ui.rules_cards`), its examples' dice
drawn — before any question, in both languages; their worksheets print the same card; the
teachers' plans give it the first two minutes of fifteen."""

from __future__ import annotations

import re

import pytest
import test_lesson_pages

from dicelab.core.errors import DicelabError
from dicelab.lessons import FILES, LESSONS, RULES_CARDS, Notebook, lesson_plan, worksheets
from dicelab.ui.rules_cards import CARDS, card_html, card_text, example_text, play_example

#: The lessons that show a rules card and the game each needs (08: Seveny and 5000).
EXPECTED = {"conditional": ("trwavril",), "stop_or_roll": ("seveny", "cinqmille"),
            "variance": ("seveny",), "optimal_play": ("seveny",), "behind": ("cinqmille",),
            "luck": ("trwavril",)}
CASES = [(lang, key) for lang in ("fr", "en") for key in EXPECTED]
IDS = [f"{lang}/{FILES[lang][key]}" for lang, key in CASES]
#: The executed pages (test_lesson_pages' fixture: each language tree's notebooks run once).
executed = test_lesson_pages.executed


def _norm(s: str) -> str:
    return " ".join(s.replace("\u202f", " ").replace("\u00a0", " ").split())


def test_the_registry_names_each_lessons_cards():
    assert RULES_CARDS == EXPECTED
    assert {k for k, lesson in LESSONS.items() if lesson.cards} == set(EXPECTED)
    assert all(g in CARDS for games in RULES_CARDS.values() for g in games)
    assert LESSONS["stop_or_roll"].cards == ("seveny", "cinqmille")
    assert LESSONS["counting"].cards == ()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_notebook_shows_the_card_with_its_dice_drawn(lang):
    html = Notebook("behind", lang=lang).rules_card().data
    assert html == card_html("cinqmille", lang, picture=True)
    assert f'lang="{lang}"' in html
    # the picture: every example that names its dice has them drawn, one face each
    drawn = sum(len(e.dice) for e in CARDS["cinqmille"].examples if "{dice}" in e.text)
    assert html.count('class="dicelab-face"') == drawn == 35
    assert html.count('class="dicelab-card-dice"') == 7
    # the apps' card stays without the picture
    assert 'class="dicelab-face"' not in card_html("cinqmille", lang)
    two = Notebook("stop_or_roll", lang=lang).rules_card().data
    assert two == card_html("seveny", lang, picture=True) + card_html("cinqmille", lang,
                                                                       picture=True)
    with pytest.raises(DicelabError, match="counting"):
        Notebook("counting", lang=lang).rules_card()


def test_5000_card_plays_f6_single_1():
    """Ruling F6: at 4900, setting aside a single 1 of 1 1 1 3 4 reaches exactly 5000 and
    wins, where setting aside the brelan goes past 5000 — both played through the rules."""
    ex = {e.key: e for e in CARDS["cinqmille"].examples}
    single, over = ex["cinqmille_single_1"], ex["cinqmille_over"]
    assert single.dice == over.dice == (1, 1, 1, 3, 4)
    assert play_example(single) == "win" and play_example(over) == "turn lost"
    assert "set aside a single 1: exactly 5000, you win at once" in example_text(single, "en")
    assert _norm("mettre de côté un seul 1\u00a0: exactement 5000") in _norm(
        card_text("cinqmille", "fr"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("key", list(EXPECTED))
def test_plan_reads_the_card_first_within_15_minutes(lang, key):
    """issue 28 §4: the card gets three or four minutes (a class that never played); lesson
    08 reads its second card (5000) in its second session, before the exercise that needs it."""
    from dicelab.lessons.plans import TWO_SESSIONS

    plan = lesson_plan(key, lang)
    steps = [line.strip()[2:] for line in plan.splitlines() if re.match(r" {2,4}\* ", line)
             and re.match(r"\d+–\d+ min", line.strip()[2:])]
    spans = [tuple(map(int, re.match(r"(\d+)–(\d+)", s).groups())) for s in steps]
    card_word = "fiche" if lang == "fr" else "rules card"
    first = steps[0]
    assert first.startswith("0–") and card_word in first
    assert spans[0][1] >= (2 if key == "luck" else 3)
    from dicelab.registry import get

    carded = [s for s in steps if card_word in s.split(":")[1][:40]]
    for game in EXPECTED[key]:
        assert any(get(game).name in s for s in carded), (key, game)
    # the minutes follow on, from 0 to 15 (two sessions: to 30, the second from 15)
    assert spans[0][0] == 0 and spans[-1][1] == (30 if key in TWO_SESSIONS else 15)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    if key == "stop_or_roll":
        second = next(i for i, s in enumerate(spans) if s[0] == 15)
        assert "5000" in steps[second] and card_word in steps[second]
        assert ("Deuxième séance" if lang == "fr" else "Second session") in plan
    # a lesson without a card keeps its plan
    counting = lesson_plan("counting", lang).split("Expected")[0].split("Réponses")[0]
    assert "* 0–1 min" in counting and card_word not in counting


@pytest.mark.parametrize("lang, key", CASES, ids=IDS)
def test_worksheet_lines_carry_the_card_before_any_question(lang, key):
    for answer_key in (False, True):
        content = worksheets.lines(key, lang, answer_key=answer_key)
        kinds = [k for k, _t in content]
        cards = [t for k, t in content if k == "card"]
        assert tuple(cards) == EXPECTED[key]
        # lesson 08: 5000's card opens the second session's own page (reader r07, 08.3)
        second = worksheets.SECOND_SESSION.get(key, ("", ()))[1]
        first = [i for i, (k, t) in enumerate(content) if k == "card" and t not in second]
        assert max(first) < kinds.index("q")
        for game in second:
            at = content.index(("card", game))
            assert kinds[at - 2:at] == ["page", "sub"] or kinds[at - 3] == "page"
            later = [t for k, t in content[at:] if k == "q"]
            assert len(later) == 2 and "5000" in later[0] and "5000" in later[1]
    rows = worksheets.card_rows(EXPECTED[key][0], lang)
    text = "\n".join(t for _s, t, _d in rows)
    for line in card_text(EXPECTED[key][0], lang).splitlines():
        assert line.lstrip("- ") in text


pypdf = pytest.importorskip("pypdf")


@pytest.mark.slow
def test_printed_worksheets_carry_the_whole_card(tmp_path):
    """The PDF a student gets: every rule line and example of the card (lesson 08 prints
    two), before the first question."""
    for lang, key in (("fr", "stop_or_roll"), ("en", "behind"), ("fr", "conditional")):
        sheet, _key = worksheets.build(tmp_path / lang, [key], langs=(lang,))
        text = _norm(" ".join(p.extract_text() for p in pypdf.PdfReader(sheet).pages))
        first_q = text.index(_norm(LESSONS[key].questions[0].text_in(lang))[:30])
        for n, game in enumerate(EXPECTED[key]):
            # lesson 08's second card (5000) opens its second session's page, before that
            # session's prediction (issue 28, the third read)
            before = first_q if n == 0 else text.index(
                _norm(LESSONS[key].question("bank_300").text_in(lang))[:30])
            for line in card_text(game, lang).splitlines():
                at = text.find(_norm(line.lstrip("- ")))
                assert 0 <= at < before, (lang, key, line)


@pytest.mark.slow
@pytest.mark.parametrize("lang, key", CASES, ids=IDS)
def test_executed_lesson_shows_its_card_before_any_question(lang, key, executed):
    """What a class sees: the executed notebook shows the game's card (HTML, dice drawn) in
    the first code cell, above every prediction and exercise."""
    path = test_lesson_pages.NOTEBOOKS / lang / "lessons" / f"{FILES[lang][key]}.ipynb"
    nb = executed(path)
    shown = [(i, "".join(out.get("data", {}).get("text/html", "")))
             for i, c in enumerate(nb.cells) if c.cell_type == "code"
             for out in c.get("outputs", []) if "dicelab-rules-card" in
             "".join(out.get("data", {}).get("text/html", ""))]
    # one card a cell; lesson 08 (two sessions) shows 5000's card in its second session,
    # right before the exercise that needs it (issue 28 §4)
    assert len(shown) == len(EXPECTED[key]), f"{path.name}: {len(shown)} cards"
    at = shown[0][0]
    for (_i, h), game in zip(shown, EXPECTED[key]):
        assert h == card_html(game, lang, picture=True)
        assert h.count('class="dicelab-rules-card"') == 1 and 'class="dicelab-face"' in h
    questions = [i for i, c in enumerate(nb.cells)
                 if re.search(r"nb\.(predict|exercise)\(", c.source)]
    assert at < min(questions)
    if key == "stop_or_roll":
        second = shown[1][0]
        last_die = next(i for i, c in enumerate(nb.cells) if 'exercise("last_die")' in c.source)
        # the second session: its card, its prediction (reader r07, 08.1), its exercise
        bank = next(i for i, c in enumerate(nb.cells) if 'predict("bank_300")' in c.source)
        assert max(q for q in questions if q not in (bank, last_die)) < second < bank < last_die
    # nothing above the card but the title, its one-line summary and the invitation to read it
    above = " ".join(c.source for c in nb.cells[:at] if c.cell_type == "markdown")
    assert len(above.split()) < 60
    assert not any(o.get("output_type") == "error" for c in nb.cells
                   for o in c.get("outputs", []))



@pytest.mark.parametrize("lang", ["fr", "en"])
def test_second_session_steps_are_nested_under_it(lang):
    """issue 28 §4: in the guide, « Deuxième séance : » / "Second session:" is a plan item and
    the second session's steps are its sub-items (15 min onwards), for lessons 03, 08 and 12."""
    from dicelab.lessons.plans import TWO_SESSIONS

    assert set(TWO_SESSIONS) >= {"large_numbers", "stop_or_roll", "gamblers_fallacy"}
    label = "Deuxième séance\u00a0:" if lang == "fr" else "Second session:"
    for key in TWO_SESSIONS:
        lines = lesson_plan(key, lang).splitlines()
        at = next(i for i, x in enumerate(lines) if x.startswith(f"  * {label}"))
        # a reopened notebook: the first cell again (issue 28, lessons 08 and 14)
        assert ("première cellule" if lang == "fr" else "first cell") in lines[at]
        before = [x for x in lines[:at] if re.match(r" {2}\* \d+–", x)]
        after = []
        for x in lines[at + 1:]:
            if not x.startswith("    * "):
                break
            after.append(x)
        assert before and before[-1].split("–")[1].startswith("15 min")
        assert after and after[0].startswith("    * 15–") and after[-1].startswith(
            "    * ") and "–30 min" in after[-1], (key, lang, after)
    # the guide's pages show it so
    guide = test_lesson_pages.ROOT / "docs" / (
        "fr/enseignants.md" if lang == "fr" else "teachers.md")
    text = guide.read_text(encoding="utf-8")
    assert len(re.findall(rf"  \* {label}[^\n]*\n    \* 15–", text)) == len(TWO_SESSIONS)
