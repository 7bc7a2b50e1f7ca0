"""French typography in the catalog and on every French page — a no-break
space before ':' and inside « », a narrow no-break space before '; ! ?', one apostrophe
style (the straight one), no ordinary space before ': ; ! ? »'."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from dicelab.tools import catalog, typography

ROOT = Path(__file__).resolve().parents[1]
PAGES = [p for p in typography.default_files(ROOT) if p.suffix == ".md"]


def test_the_rules_on_examples():
    assert typography.fix("Jeu : 5000 ; « brelan » ? Oui ! l’as") == (
        "Jeu\u00a0: 5000\u202f; «\u00a0brelan\u00a0»\u202f? Oui\u202f! l'as")
    # code, maths, links and format fields are left alone; a ! that starts an image too
    text = "`a : b` $x ; y$ [l](u?v) ![img](x.png) {x}"
    assert typography.fix(text) == text and typography.problems(text) == []


def test_catalog_translations():
    bad = []
    for m in catalog.read(catalog.po_path("fr"), "fr"):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        bad += [(s, typography.problems(s)) for s in strings if typography.problems(s)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_french_pages(path):
    assert typography.problems(path.read_text(encoding="utf-8")) == []
    nb = path.with_suffix(".ipynb")
    if nb.exists():  # the paired notebook says the same
        for cell in nbformat.read(nb, 4).cells:
            if cell.cell_type == "markdown":
                assert typography.problems(cell.source) == [], cell.source[:80]


def test_french_guide_quotes_with_guillemets():
    guide = (ROOT / "docs" / "fr" / "enseignants.md").read_text(encoding="utf-8")
    assert "“" not in guide and "”" not in guide
    assert "Erreurs fréquentes" in guide and "→ «\u00a0" in guide
