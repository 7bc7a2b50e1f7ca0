"""the documents agree with the lesson registry (dicelab/lessons.py):
lists and counts come from it, programme points and curricula are right and complete."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from dicelab.lessons import CURRICULA, FILES, LESSONS, lesson_index, lesson_plan

ROOT = Path(__file__).resolve().parents[1]
START = {"en": ROOT / "notebooks" / "en" / "00_start_here",
         "fr": ROOT / "notebooks" / "fr" / "00_commencer_ici"}
GUIDES = {"en": ROOT / "docs" / "teachers.md", "fr": ROOT / "docs" / "fr" / "enseignants.md"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_start_pages_list_every_lesson_from_the_registry(lang):
    index = lesson_index(lang)
    assert len(index.splitlines()) == len(LESSONS) == len(FILES[lang])
    md = START[lang].with_suffix(".md").read_text(encoding="utf-8")
    assert index in md
    nb = nbformat.read(START[lang].with_suffix(".ipynb"), 4)
    assert any(index in c.source for c in nb.cells if c.cell_type == "markdown")
    for name in FILES[lang].values():
        assert (ROOT / "notebooks" / lang / "lessons" / f"{name}.ipynb").exists()


def test_readme_lists_every_lesson_in_both_languages():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key in LESSONS:
        assert f"notebooks/en/lessons/{FILES['en'][key]}.ipynb" in readme
        assert f"notebooks/fr/lessons/{FILES['fr'][key]}.ipynb" in readme


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_guides_count_and_list_every_lesson(lang):
    guide = GUIDES[lang].read_text(encoding="utf-8")
    for word in ("Twelve", "Douze", "twelve", "douze"):
        assert word not in guide
    n = len(LESSONS)
    assert (f"{n} lessons" if lang == "en" else f"{n} leçons") in guide
    for key, name in FILES[lang].items():
        assert f"(`{name}.ipynb`)" in guide
        assert lesson_plan(key, lang).splitlines()[0] in guide


def test_programme_points_are_the_right_years():
    """§7: counting with factorials and combinations is Terminale, σ = √(p(1 − p)/n) is
    Terminale, variance is Première (spécialité); lesson 13 names a programme point."""
    fr = {k: LESSONS[k].programme for k in LESSONS}
    assert fr["counting"].startswith("Terminale") and "combinations" in fr["counting"]
    assert "Terminale" in fr["large_numbers"] and "√(p(1 − p)/n)" in fr["large_numbers"]
    assert fr["variance"].startswith("Première (spécialité): variance")
    assert "expected value" in fr["behind"] and "probability" in fr["behind"]


def test_english_pages_give_english_curricula_not_the_french_programme():
    assert set(CURRICULA) == set(LESSONS)
    for lines in CURRICULA.values():
        assert [who for who, _w in lines] == ["England", "US Common Core", "AP Statistics"]
    guide = GUIDES["en"].read_text(encoding="utf-8")
    for word in ("Seconde", "Première", "Terminale", "Maths expertes"):
        assert word not in guide.split("<!-- BEGIN generated: lesson plans")[1]
    # England: the mean and variance of a discrete random variable are Further Mathematics
    for key in ("expected_value", "stop_or_roll", "variance"):
        assert "Further Mathematics" in dict(CURRICULA[key])["England"]
    assert re.search(r"lessons 07, 08 and 09", guide)


def test_french_guide_keeps_the_french_programme_and_says_ecart_type():
    guide = GUIDES["fr"].read_text(encoding="utf-8")
    assert guide.count("**Programme\u00a0:**") + guide.count("**Programme :**") + guide.count(
        "**Programme:**") == len(LESSONS)
    assert "écart-type" not in guide.lower()
    assert "erreur\u00a0type" in guide or "erreur type" in guide
