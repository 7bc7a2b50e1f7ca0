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
            assert sum(kind == "q" for kind, _t in sheet) == len(lessons.LESSONS[key].questions)
            assert sum(kind == "space" for kind, _t in sheet) == len(
                lessons.LESSONS[key].questions)
            assert len(answer_key) > len(sheet)


def _raw(path) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


@pytest.mark.slow
def test_sheets_carry_what_their_questions_need_on_both_papers(tmp_path):
    """one page for lesson 01; the data table of lessons 09, 10, 11 and 13 on
    the sheet; the tally grid of lesson 03; French spacing that never lets ':' wrap alone;
    US Letter beside A4; English sheets give English curricula, French the programme."""
    keys = ["counting", "variance", "markov", "large_numbers"]
    a4 = worksheets.build(tmp_path, keys, langs=("en", "fr"))
    letter = worksheets.build(tmp_path, ["counting"], langs=("en",), papers=("letter",))
    sheet = {p.name: p for p in a4}
    assert len(pypdf.PdfReader(sheet["01_counting_rolls-worksheet.pdf"]).pages) == 1
    assert len(pypdf.PdfReader(sheet["01_denombrer_les_lancers-worksheet.pdf"]).pages) == 1
    box = pypdf.PdfReader(letter[0]).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert letter[0].parent.name == "letter"
    box = pypdf.PdfReader(sheet["01_counting_rolls-worksheet.pdf"]).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    en = _text(sheet["09_variance-worksheet.pdf"])
    head, rows = lessons.LESSONS["variance"].table("en")
    for cell in [*head, *(c for r in rows for c in r)]:
        assert _norm(cell) in en
    assert "Curriculum: England" in en and "Further Mathematics" in en
    assert "Programme" not in en and "Terminale" not in en
    fr = _text(sheet["10_chaine_de_markov-worksheet.pdf"])
    _head, rows = lessons.LESSONS["markov"].table("fr")
    assert all(_norm(c) in fr for r in rows for c in r)
    assert "Programme : Maths expertes" in fr
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
