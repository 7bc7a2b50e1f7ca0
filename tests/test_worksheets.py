"""Printable worksheets and answer keys (issue 10 §4): built as PDF for a lesson in each
language; the PDF text holds the questions, and the key every computed answer."""

from __future__ import annotations

import pytest

from dicelab import lessons, worksheets

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
    assert _norm(lessons._(lesson.title, lang=lang)) in sheet_text
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
