"""The documentation's numbers are computed by the package, and the pages are up to date."""

import re
from pathlib import Path

import pytest

from dicelab import docgen

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built():
    return docgen.build(ROOT)


def test_generated_pages_are_up_to_date(built):
    for page, text in built.items():
        committed = (ROOT / page).read_text(encoding="utf-8")
        assert committed == text, f"{page} is stale: run `python -m dicelab.docgen`"


def test_templates_type_in_no_computed_number():
    """Outside {{ }}, a template holds no probability-like decimal or fraction."""
    number = re.compile(r"\b0\.\d{2,}|\b\d+\.\d{3,}|\b\d{2,}/\d{3,}\b")
    templates = [src for sources in docgen.PAGES.values() for src in sources]
    templates += [src for _name, src in docgen.SECTIONS.values()]
    for src in templates:
        text = docgen._EXPR.sub("", (ROOT / src).read_text(encoding="utf-8"))
        assert not number.findall(text), f"{src} types in {number.findall(text)}"


def test_rules_page_states_the_headline_values(built):
    from dicelab.games import trwavril

    text = built["docs/rules.md"]
    assert f"{trwavril.win_probability(trwavril.Rules()):.4f}" in text
    for game in ("Dripeul 5", "Trwavril", "5000", "Seveny"):
        assert f"## {game}" in text
    for ruling in [f"D{i}" for i in range(1, 8)] + [f"T{i}" for i in range(1, 7)] + [
        f"F{i}" for i in range(1, 11)
    ] + [f"S{i}" for i in range(1, 7)]:
        assert re.search(rf"\b{ruling}\b", text), f"ruling {ruling} is not in docs/rules.md"


def test_render_evaluates_expressions():
    assert docgen.render("{{ 1 + 1 }} and {{ f4(0.5) }}") == "2 and 0.5000"


def test_teachers_guides_state_every_lesson_with_computed_answers(built):
    """The lesson plans (generated sections of docs/teachers.md and docs/fr/enseignants.md)
    name every lesson, its programme point, and the answers the package computes."""
    from dicelab import lessons

    for page, lang in (("docs/teachers.md", "en"), ("docs/fr/enseignants.md", "fr")):
        text = built[page]
        assert "<!-- BEGIN generated: lesson plans" in text
        for key, name in lessons.FILES[lang].items():
            assert f"`{name}.ipynb`" in text
            assert (ROOT / "notebooks" / lang / "lessons" / f"{name}.ipynb").exists()
            lesson = lessons.LESSONS[key]
            assert lessons._(lesson.programme, lang=lang) in text
            for q in lesson.questions:
                assert f"**{q.answer_text(lang)}**" in text
    assert "4.90 − 3.98 = 0.92" in built["docs/teachers.md"]
    assert "4,90 − 3,98 = 0,92" in built["docs/fr/enseignants.md"]


def test_replace_section_refuses_a_page_without_markers():
    from dicelab.errors import DicelabError

    with pytest.raises(DicelabError):
        docgen.replace_section("no markers here", "lesson plans", "x")


def test_lessons_type_in_no_computed_number():
    """The typed-number check above, extended to the lessons' prose in both languages
    (decimal comma included): a lesson's numbers come from its widgets and figures."""
    number = re.compile(r"\b0[.,]\d{2,}|\b\d+[.,]\d{3,}|\b\d{2,}/\d{3,}\b|\d+(?:[.,]\d+)?\s?%")
    sources = sorted((ROOT / "notebooks").glob("*/lessons/*.md"))
    assert len(sources) >= 20
    for src in sources:
        text = src.read_text(encoding="utf-8")
        text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)  # jupytext front matter
        text = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)
        assert not number.findall(text), f"{src.name} types in {number.findall(text)}"
