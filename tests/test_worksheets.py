"""Printable worksheets and answer keys: built as PDF for a lesson in each
language; the PDF text holds the questions, and the key every computed answer."""

from __future__ import annotations

import pytest

from dicelab import lessons
from dicelab.core import i18n
from dicelab.lessons import worksheets

pypdf = pytest.importorskip("pypdf")


def _text(path) -> str:
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
    for space in ("\u202f", "\u00a0", "\n"):
        text = text.replace(space, " ")
    return " ".join(text.split())


def _norm(s: str) -> str:
    return " ".join(s.replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.mark.parametrize("key, lang", [("binomial", "en"), ("at_least_one", "fr")])
def test_worksheet_and_key_for_one_lesson_per_language(tmp_path, key, lang):
    paths = worksheets.build(tmp_path, [key], langs=(lang,))
    sheet, answers = (p for p in paths)
    assert sheet.name == f"{lessons.FILES[lang][key]}-worksheet.pdf"
    sheet_text, key_text = _text(sheet), _text(answers)
    lesson = lessons.LESSONS[key]
    assert _norm(i18n._(lesson.title, lang=lang)) in sheet_text
    for q in lesson.questions:
        question = _norm(q.text_in(lang))[:40]
        assert question in sheet_text and question in key_text
        answer = _norm(q.answer_text(lang))
        assert answer in key_text, (answer, key_text[:400])
        if q.input != "choice":
            assert answer not in sheet_text  # the worksheet gives no answer away


@pytest.mark.slow
def test_every_lesson_has_worksheet_content_in_both_languages():
    for key in lessons.LESSONS:
        for lang in ("en", "fr"):
            sheet = worksheets.lines(key, lang)
            answer_key = worksheets.lines(key, lang, answer_key=True)
            questions = lessons.LESSONS[key].questions
            choices = sum(q.input == "choice" for q in questions)
            assert sum(kind == "q" for kind, _t in sheet) == len(questions)
            # room to write (one "My answer:" each, more room unlabelled: ROOM), or a
            # choice's boxes to tick on their own line; a choice asked inside an exercise
            # has its boxes too (TICKS), a choice that asks why its line (WHY)
            assert sum(kind == "space" and bool(t) for kind, t in sheet) == (
                len(questions) - choices + len(worksheets.WHY.get(key, ())))
            assert sum(kind == "boxes" for kind, _t in sheet) == (
                choices + len(worksheets.TICKS.get(key, {})))
            assert len(answer_key) > len(sheet)


def _raw(path) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


@pytest.mark.slow
def test_sheets_carry_what_their_questions_need_on_both_papers(tmp_path):
    """two pages for lesson 01 (the predictions, then the data and the exercises); the data
    table of lessons 09, 10, 11 and 13 on the sheet; the tally grid of lesson 03; French
    spacing that never lets ':' wrap alone; US Letter beside A4; English sheets give English
    curricula, French the programme."""
    keys = ["counting", "variance", "markov", "large_numbers"]
    a4 = worksheets.build(tmp_path, keys, langs=("en", "fr"))
    letter = worksheets.build(tmp_path, ["counting"], langs=("en",), papers=("letter",))
    sheet = {p.name: p for p in a4}
    # issue 28 (a teacher's read): lesson 01's exercises need 6⁵ = 7 776 and the formula,
    # printed on a second page that answers the first prediction
    for name, total in (("01_counting_rolls", "7,776"), ("01_denombrer_les_lancers", "7 776")):
        pages = [_norm(pg.extract_text())
                 for pg in pypdf.PdfReader(sheet[f"{name}-worksheet.pdf"]).pages]
        assert len(pages) == 2, name
        assert total not in pages[0] and total in pages[1] and "c₁!" in pages[1], name
    box = pypdf.PdfReader(letter[0]).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert letter[0].parent.name == "letter"
    box = pypdf.PdfReader(sheet["01_counting_rolls-worksheet.pdf"]).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    en = _text(sheet["09_variance-worksheet.pdf"])
    head, rows = lessons.LESSONS["variance"].table("en")
    for cell in [*head, *(c for r in rows for c in r)]:
        assert _norm(cell) in en
    # the curriculum line names methods (01: 5!/(2! 3!), 03: the standard error): the answer
    # key prints it, the students' sheet does not
    assert "Curriculum" not in en and "Further Mathematics" not in en
    en_key = _text(sheet["09_variance-key.pdf"])
    assert "Curriculum: England" in en_key and "Further Mathematics" in en_key
    assert "Programme" not in en_key and "Terminale" not in en_key
    fr = _text(sheet["10_chaine_de_markov-worksheet.pdf"])
    _head, rows = lessons.LESSONS["markov"].table("fr")
    assert all(_norm(c) in fr for r in rows for c in r)
    assert "Programme" not in fr and "Maths expertes" not in fr
    assert "Programme : Maths expertes" in _text(sheet["10_chaine_de_markov-key.pdf"])
    for name in ("01_counting_rolls", "01_denombrer_les_lancers", "03_law_of_large_numbers",
                 "03_loi_des_grands_nombres"):
        student = _text(sheet[f"{name}-worksheet.pdf"])
        assert "Curriculum" not in student and "Programme" not in student, name
        assert "Curriculum" in _text(sheet[f"{name}-key.pdf"]) or "Programme" in _text(
            sheet[f"{name}-key.pdf"]), name
    assert "5!/(2! 3!)" not in _text(sheet["01_counting_rolls-worksheet.pdf"])
    grid = _text(sheet["03_loi_des_grands_nombres-worksheet.pdf"])
    assert "Grille de relevé" in grid and "numéro du groupe ____ et son code de partage" in grid
    # French: a colon, semicolon or question mark is never the first thing on a line
    for name, path in sheet.items():
        if "/fr/" in str(path) or path.parent.name == "fr":
            for line in _raw(path).splitlines():
                assert not line.lstrip().startswith((":", ";", "?", "!", "»")), (name, line)
    # the answer key sets its answers apart: every answer is on a line of its own
    key_text = _raw(sheet["09_variance-key.pdf"])
    for q in lessons.LESSONS["variance"].questions:
        assert any(line.strip().startswith("Answer:") and q.answer_text("en") in line
                   for line in key_text.splitlines())


def test_every_title_fits_the_page():
    """Lesson 09's long title no longer runs off the page: every title wraps within the
    text width (measured with matplotlib's own text extents)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    for lang in ("en", "fr"):
        for key in lessons.LESSONS:
            for answer_key in (False, True):
                kind, title = worksheets.lines(key, lang, answer_key=answer_key)[0]
                fig = Figure(figsize=worksheets.A4)
                canvas = FigureCanvasAgg(fig)
                for line in worksheets.textwrap.wrap(title, worksheets.TITLE_WIDTH):
                    t = fig.text(0, 0, line, fontsize=16, fontweight="bold",
                                 family="DejaVu Sans")
                    width = t.get_window_extent(canvas.get_renderer()).width / fig.dpi
                    assert width < worksheets.A4[0] - 1.6, (key, lang, line)


# ------------------------------------------------------------ predictions before their answers


def _answer_forms(q, lang: str) -> set[str]:
    """A prediction's answer as a sheet may print it: its answer text, the value with 1 to 4
    decimals, and as a percentage (French spaces made plain)."""
    v = float(q.value())
    forms = {_norm(q.answer_text(lang))}
    forms |= {_norm(i18n.fmt_number(v, d, lang)) for d in range(1, 5)}
    if 0 < v < 1:
        forms |= {_norm(i18n.fmt_percent(v, d, lang)) for d in (1, 2)}
    return forms


def _shows(text: str, form: str) -> bool:
    """``form`` in ``text`` as a whole number (no digit or decimal digit glued to it)."""
    import re

    return re.search(r"(?<![\d.,])" + re.escape(form) + r"(?![\d]|[.,]\d)", text) is not None


def _revealing_predictions():
    for key, lesson in lessons.LESSONS.items():
        for q in lesson.predictions():
            if q.input != "choice":
                yield key, q


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_what_answers_a_prediction_starts_a_page_after_the_predictions(lang):
    """Every lesson's sheet: the predictions come first; the chart, the tables and the given
    values come after a page break that follows the last prediction, and no text before that
    break shows a prediction's answer (in any way the sheet prints a number)."""
    for key, lesson in lessons.LESSONS.items():
        sheet = worksheets.lines(key, lang)
        kinds = [kind for kind, _t in sheet]
        predict = i18n._("Prediction {n}", lang=lang, n=0)[:-1]
        preds = [i for i, (kind, t) in enumerate(sheet) if kind == "q" and t.startswith(predict)]
        assert len(preds) == len(lesson.predictions()), key
        if key in worksheets.SECOND_SESSION:  # lesson 08: the second session's page comes last
            second = sheet.index(("sub", i18n._("Second session", lang=lang)))
            assert kinds[second - 2] == "page" and kinds[second + 1] == "card", key
            preds = [i for i in preds if i < second]
        last_pred = preds[-1]
        after = [i for i, (kind, _t) in enumerate(sheet) if kind == "q" and i > last_pred]
        data = [i for i, k in enumerate(kinds) if k in ("chart", "table", "datatable")]
        # the data page (an exercise that needs the rules alone may come before the
        # predictions, on its own page: lesson 11's, SHEET_FIRST)
        pages = [i for i, k in enumerate(kinds) if k == "page" and i > last_pred]
        assert bool(pages) == lesson.sheet_data_page, key  # what the guide says
        if pages:
            brk = pages[0]
            assert last_pred < brk < after[0], key  # after the predictions only
            assert all(i > brk for i in data), key
        else:
            assert not data, key  # no chart nor table without a page break before it
            brk = len(sheet)
        before = _norm(" ".join(t for kind, t in sheet[:brk] if kind not in ("card", "grid")))
        for q in lesson.predictions():
            if q.input == "choice":
                continue
            for form in _answer_forms(q, lang):
                assert not _shows(before, form), (key, q.key, form)
    for key in ("large_numbers", "luck", "stop_or_roll", "optimal_play", "variance", "markov",
                "behind", "figures"):
        assert ("page", "") in worksheets.lines(key, lang), key
    # lessons 03 and 14 give p (computed) to the exercises that need it
    assert "p = " in " ".join(t for k, t in worksheets.lines("large_numbers", lang))
    assert "23/108" in " ".join(t for k, t in worksheets.lines("large_numbers", lang))
    luck = " ".join(t for k, t in worksheets.lines("luck", lang) if k in ("sub", "defs"))
    from dicelab.lessons.luck_lesson import start_chance

    assert i18n.fmt_number(start_chance(), 3, lang) in luck and "p = " in luck


def test_data_tables_give_the_chart_values_exercise_one_reads():
    """Lesson 08's and lesson 11's first exercises read values printed as text on paper."""
    from dicelab.lessons import seveny_optimal_points, seveny_rule_points

    head, rows = worksheets.data_table("stop_or_roll", "fr")
    row4 = next(r for r in rows if r[0] == "encaisser à 4")
    assert float(row4[1].replace(",", ".")) == pytest.approx(
        float(seveny_rule_points(4)[0]), abs=5e-4)
    assert abs(float(seveny_rule_points(4)[0]) - 3.981) < 5e-4  # the exercise's answer
    head, rows = worksheets.data_table("optimal_play", "en")
    values = {r[0]: float(r[1]) for r in rows}
    assert values["optimal play (most points per turn)"] == pytest.approx(
        seveny_optimal_points(), abs=5e-4)
    assert values["bank at 4"] - values["bank at 2"] == pytest.approx(3.981 - 3.409, abs=1e-3)
    assert worksheets.data_table("counting", "en") is None


def _pages(path) -> list[str]:
    return [_norm(page.extract_text()) for page in pypdf.PdfReader(path).pages]


def _check_pdf_pages(path, key: str, lang: str) -> None:
    """No prediction's answer on its question's page or before it; 'My answer' never alone
    at the top of a page."""
    pages = _pages(path)
    for q in lessons.LESSONS[key].predictions():
        if q.input == "choice":
            continue
        question = _norm(q.text_in(lang))[:40]
        at = next(i for i, t in enumerate(pages) if question in t)
        for form in _answer_forms(q, lang):
            assert not any(_shows(t, form) for t in pages[:at + 1]), (key, lang, q.key, form)
    mine = _norm(i18n._("My answer:", lang=lang))
    for t in pages[1:]:
        assert not t.startswith(mine), (key, lang, t[:80])


@pytest.mark.parametrize("key, lang", [("large_numbers", "fr"), ("variance", "en"),
                                       ("luck", "fr"), ("luck", "en")])
def test_worksheet_pdf_pages_keep_answers_after_the_predictions(tmp_path, key, lang):
    sheet = worksheets.build(tmp_path, [key], langs=(lang,))[0]
    _check_pdf_pages(sheet, key, lang)
    pages = _pages(sheet)
    assert len(pages) >= 2
    if key == "large_numbers":  # p is given, on the page after the predictions
        assert "p = P(brelan avec cinq dés) = 23/108 ≈ 0,2130" in pages[1]
        assert "23/108" not in pages[0]
    elif key == "luck":  # p, the chance to win at the start, answers the second prediction
        p = "0,238" if lang == "fr" else "0.238"
        assert p in pages[1] and p not in pages[0]
        assert "23,8" not in pages[0] and "23.8" not in pages[0]
    else:  # the table with E(T) = 12.98 is on the page after Predict 1 (answer 12.98)
        assert "12.98" in " ".join(pages[1:]) and "12.98" not in pages[0]


@pytest.mark.slow
def test_every_worksheet_pdf_keeps_answers_after_the_predictions(tmp_path):
    """The PDF text of every lesson's worksheet, both languages: a prediction's answer is never
    on its question's page nor before it; lesson 12's 'My answer:' never opens a page."""
    for path in worksheets.build(tmp_path, None, langs=("en", "fr")):
        if not path.name.endswith("-worksheet.pdf"):
            continue
        lang = path.parent.name
        key = next(k for k, name in lessons.FILES[lang].items()
                   if path.name.startswith(name + "-"))
        _check_pdf_pages(path, key, lang)


def test_lesson_12_chart_draws_one_sixth_and_its_band_and_every_bar_sits_in_it():
    """Lesson 12's bars (0.166 to 0.1686) read against the exact 1/6 and 1/6 ± 2 standard
    errors of each bar's frequency: the dashed line at 1/6 and a band around each bar."""
    import numpy as np

    fig = lessons.LESSONS["gamblers_fallacy"].chart("fr")
    ax = fig.axes[0]
    assert any(np.allclose(line.get_ydata(), 1 / 6) for line in ax.lines)
    bands = [c for c in ax.collections if len(c.get_paths())]
    assert len(bands) == 6
    bars = list(ax.containers[0])
    for bar, band in zip(bars, bands):
        ys = band.get_paths()[0].vertices[:, 1]
        assert ys.min() < 1 / 6 < ys.max()
        assert ys.min() <= bar.get_height() <= ys.max()  # chance alone, not a 6 'due'
        assert 0.002 < (ys.max() - ys.min()) / 2 < 0.01  # 2 SE over thousands of occasions
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "valeur exacte 1/6" in labels[0] or any("1/6" in t for t in labels)
    # issue 28, fourth pass: counted from the roll's side (overlaps need no rule of their
    # own: each circled roll is one trial)
    grid = worksheets._grid_text("gamblers_fallacy", "en")
    assert "circle each roll, from the 4th on" in grid and "trials = circled rolls" in grid
    # the caption says each bar's value as the bar's label writes it (16,7 %, not 0,1667)
    from dicelab.render.plots import alt_text

    written = [t.get_text() for t in ax.texts]
    alt = alt_text(fig)
    assert len(written) == 6 and all(w in alt for w in written), (written, alt)
    assert "0,1667" not in alt and "pour chaque nombre de lancers de suite" in alt
    en = alt_text(lessons.LESSONS["gamblers_fallacy"].chart("en"))
    assert "for each number of rolls in a row without a 6" in en
    # bar 0 is simulated too, over every roll (reader r10), not the exact 1/6
    from dicelab.lessons.visuals import _all_sixes

    s, n = _all_sixes()
    assert s / n != pytest.approx(1 / 6, abs=1e-4)
    assert ax.patches[0].get_height() == pytest.approx(s / n)
    assert f"0: {i18n.fmt_percent(s / n, 1, 'en')}" in en
    assert "(0 = all rolls)" in lessons.LESSONS["gamblers_fallacy"].chart("en").axes[0].get_xlabel()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_14_sheet_and_key_after_the_teachers_review(tmp_path, lang):
    """Lesson 14 (issue 28, teachers' review): page 2 is « Données pour les exercices » with
    lines for the pair's and the class's results; Predict 1's tick boxes have no "My answer:"
    line; exercise 3's hint is printed; the rules card explains brelan, carré, suite and the
    parapluie in English; the key gives the question that brings each misconception out."""
    from dicelab.lessons import luck_lesson

    sheet, key = worksheets.build(tmp_path, ["luck"], langs=(lang,))
    pages = [_norm(p.extract_text()) for p in pypdf.PdfReader(sheet).pages]
    text, key_text = " ".join(pages), _text(key)
    fr = lang == "fr"
    heading = "Données pour les exercices." if fr else "Data for the exercises."
    second = next(i for i, p in enumerate(pages) if heading in p)
    assert second >= 1 and "Après les prédictions" not in text
    # the pair's game (session 1) after the predictions, on page 1; the class's line
    # (session 2) with the exercises, in points: (f − p) × 100 (issue 28, fourth pass)
    assert ("Notre binôme : numéro ____ partie gagnée ☐ perdue ☐ code de partage" if fr else
            "Our pair: number ____ game won ☐ lost ☐ share code") in pages[second - 1]
    assert ("part de hasard moyenne (f − p) × 100 = ____ points" if fr else
            "class mean luck (f − p) × 100 = ____ points") in pages[second]
    assert len(pages) == 2  # A4, both languages
    assert _norm(luck_lesson.given(lang)) in pages[second]
    mine = _norm(i18n._("My answer:", lang=lang))
    lesson = lessons.LESSONS["luck"]
    assert text.count(mine) == sum(q.input != "choice" for q in lesson.questions) == 4
    hint = _norm(lesson.question("se_mean").hints_in(lang)[0])
    assert ("Indice : " if fr else "Hint: ") + hint[:60] in text
    if not fr:
        for words in ("Brelan (three of a kind)", "Carré (four of a kind)",
                      "Suite (a run of 4", "parapluie (a life)"):
            assert words in text, words
    else:
        assert "parapluie (une vie)" in text
    for _wrong, qk in lesson.misconceptions:
        assert _norm(lesson.question(qk).text_in(lang))[:50] in key_text
    assert ("la question qui la fait apparaître" if fr
            else "the question that brings it out") in key_text
    # the key: Predict 1 "0 points", exercise 3 with p as given (0.238) and 4.26
    assert ("vaut 0 point" if fr else "is 0 points") in key_text
    assert ("0,238" if fr else "0.238") in key_text and ("4,26" if fr else "4.26") in key_text
    assert "0,2384" not in key_text and "0.2384" not in key_text


def test_markov_sheet_defines_its_words_and_prints_the_step_from_pi2():
    """Lesson 10 (issue 28): before its questions the sheet defines the state, the quinté and
    M in two lines; its data table gives π₂ = π₁ × M; exercise 2's hints are printed."""
    from dicelab.lessons.worksheets import _lines

    lines = _lines("markov", "en", answer_key=False)
    subs = [text for kind, text in lines if kind == "sub"]
    first_q = next(i for i, (kind, _text) in enumerate(lines) if kind == "q")
    key = [i for i, (kind, text) in enumerate(lines) if kind == "sub"
           and (text.startswith("Words used: the state is the largest number of dice showing "
                                "the same face (two pairs: state 2)")
                or text.startswith("M is the transition matrix"))]
    assert len(key) == 2 and max(key) < first_q
    assert "quinté" in lines[key[0]][1]
    assert any(t.startswith("Hint: Start from π₂ = π₁ × M") for t in subs)
    # only the first hint on paper, as lesson 11 does (reader r10): the page gives the second
    assert not any(t.startswith("Hint: π₃(1) = π₂(1)") for t in subs)
    fr = [text for kind, text in _lines("markov", "fr", answer_key=False) if kind == "sub"]
    assert any(t.startswith("Légende\u00a0: l'état est le plus grand nombre de dés qui montrent "
                            "la même face (deux paires\u00a0: état 2)") for t in fr)
    head, rows = lessons.lesson_of("markov").table("en")
    assert [r[0] for r in rows[:2]] == ["π₁ (after the first roll)",
                                        "π₂ = π₁ × M (after two rolls)"]
    assert rows[1][1:] == ["0.0086", "0.4501", "0.4090", "0.1197", "0.0126"]


# ------------------------------------------------------------------ issue 28, third pass


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_holds_a_lone_last_question(lang, paper):
    """Every lesson's worksheet and answer key: no page at the end of a part holds only its
    last question or a few lines (it is kept with the question before it), and keeping it
    there never adds a page."""
    for key in lessons.LESSONS:
        for answer_key in (False, True):
            content = worksheets.lines(key, lang, answer_key=answer_key)
            where, filled = worksheets.pages_of(content, paper, lang)
            assert worksheets.lone_pages(content, where, filled) == [], (key, answer_key)
            assert min(filled) >= 0.2, (key, answer_key, filled)
            plain = worksheets.pages_of(content, paper, lang, frozenset())
            assert len(filled) <= len(plain[1]), (key, answer_key)


def test_a_lone_last_exercise_moves_to_the_page_of_the_one_before():
    """Lesson 04's English answer key on A4 left its last exercise alone on page 2: the
    exercise before it now starts that page, and the sheet keeps its two pages."""
    content = worksheets.lines("at_least_one", "en", answer_key=True)
    plain, _f = worksheets.pages_of(content, "a4", "en", frozenset())
    where, filled = worksheets.pages_of(content, "a4", "en")
    qs = [i for i, (kind, _t) in enumerate(content) if kind == "q"]
    assert plain[qs[-1]] == 0 and max(plain) == 1  # only the misconceptions on page 2
    assert where[qs[-1]] == where[qs[-2]] == 1 and len(filled) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lesson_05_sheet_gives_the_formula_after_the_predictions(lang):
    """The binomial formula answers predict 1: on paper it comes after a page break that
    follows the predictions, as on screen after the prediction."""
    sheet = worksheets.lines("binomial", lang)
    kinds = [k for k, _t in sheet]
    formula = next(i for i, (k, t) in enumerate(sheet) if "P(X = j)" in t)
    questions = [i for i, k in enumerate(kinds) if k == "q"]
    assert questions[1] < kinds.index("page") < formula < questions[2]
    assert "(1 − p)⁵⁻ʲ" in sheet[formula][1]
    assert ("C(5, j), lu «\u00a0j parmi 5\u00a0»" if lang == "fr"
            else "C(5, j)") in sheet[formula][1]
    assert lessons.LESSONS["binomial"].sheet_data_page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lesson_14_exercises_page_opens_with_a_definitions_box(lang):
    """A framed box at the top of the exercises' page: luck of a roll, cost of a decision,
    skill score, and p = 0.238 with its difficulty (4 parapluies, the easy level), computed."""
    from dicelab.lessons.luck_lesson import start_chance

    for answer_key in (False, True):
        sheet = worksheets.lines("luck", lang, answer_key=answer_key)
        kinds = [k for k, _t in sheet]
        box = [t for k, t in sheet if k == "defs"]
        first = kinds.index("defs")
        assert kinds.index("page") < first < kinds.index("q", first)
        assert all(k != "q" for k in kinds[kinds.index("page"):first])
        text = " ".join(box)
        assert box[0] == ("Définitions" if lang == "fr" else "Definitions")
        for word in (("Part de hasard d'un lancer", "Score de compétence", "Coût d'une décision")
                     if lang == "fr" else ("Luck of a roll", "Skill score", "Cost of a decision")):
            assert word in text, word
        p = i18n.fmt_number(start_chance(), 3, lang)
        assert "p = " in text and p in text
        assert ("4 parapluies (le niveau facile)" if lang == "fr"
                else "4 parapluies (the easy level)") in text
