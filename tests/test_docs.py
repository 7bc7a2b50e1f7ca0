"""The documentation's numbers are computed by the package, and the pages are up to date."""

import os
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
    """Outside {{ }}, a template holds no probability-like decimal or fraction (English or
    French notation)."""
    number = re.compile(
        r"\b0[.,]\d{2,}|\b\d+\.\d{3,}|\b\d+,\d{3,}(?!\d)|\b\d{2,}/\d{3,}\b"
    )
    for sources in docgen.PAGES.values():
        for src in sources:
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


# ----------------------------------------------------------------- the French page

#: The French rule texts, beside the repository (``../shared/seeds``; DICELAB_SEEDS overrides).
SEEDS = next(
    (p for p in [Path(os.environ.get("DICELAB_SEEDS", "/nonexistent")),
                 *(parent / "shared" / "seeds" for parent in ROOT.parents)] if p.is_dir()),
    ROOT.parent / "shared" / "seeds",
)


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'")
    text = re.sub(r"^\s*[-•]\s*", " ", text, flags=re.M)
    return re.sub(r"\s+", " ", text).strip()


def _quotes(page: str) -> list[str]:
    return re.findall(r"«(.+?)»", re.sub(r"\n> ?", " ", page), re.S)


def test_both_rules_pages_are_built():
    assert docgen.PAGES["docs/fr/regles.md"]
    assert docgen.LANGUAGES["docs/fr/regles.md"] == "fr"
    for page in ("docs/rules.md", "docs/fr/regles.md"):
        assert page in docgen.PAGES and (ROOT / page).exists()


def test_french_page_states_the_headline_values_in_french_notation(built):
    from dicelab.games import cinqmille, dripeul, trwavril
    from dicelab.i18n import fmt_number

    text = built["docs/fr/regles.md"]
    p = trwavril.win_probability(trwavril.Rules())
    assert fmt_number(p, 4, "fr") in text and f"{p:.4f}" not in text
    assert fmt_number(dripeul.win_probability(dripeul.Rules()), 4, "fr") in text
    assert fmt_number(cinqmille.expected_turns(cinqmille.Rules()), 4, "fr") in text
    for anchor in ("dripeul", "trwavril", "cinqmille", "seveny"):
        assert f'<a id="{anchor}"></a>' in text and f"(#{anchor})" in text
    for game in ("Dripeul 5", "Trwavril", "5000", "Seveny"):
        assert f"## {game}" in text
    for ruling in [f"D{i}" for i in range(1, 8)] + [f"T{i}" for i in range(1, 7)] + [
        f"F{i}" for i in range(1, 11)
    ] + [f"S{i}" for i in range(1, 7)]:
        assert re.search(rf"\b{ruling}\b", text), f"ruling {ruling} is not in docs/fr/regles.md"
    # numbers computed by the package, in French notation: no decimal point between digits
    prose = re.sub(r"`[^`]*`|\n    .*", "", text)  # code spans and code blocks aside
    assert not re.findall(r"\d\.\d", prose), re.findall(r".{20}\d\.\d.{20}", prose)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rule texts (../shared/seeds) are not here")
def test_french_page_quotes_the_rule_texts_verbatim(built):
    """Every « quotation » of the French page is the original text, word for word (fragments
    joined by …, ·, — or a line break; an editor's [insertion] aside)."""
    seeds = _norm(" ".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))))
    missing = []
    for quote in _quotes(built["docs/fr/regles.md"]):
        for frag in re.split(r"…|·|—|–|\[[^\]]*\]|:|;|•", quote):
            frag = _norm(frag).strip(" .,;:")
            if len(frag) >= 12 and frag not in seeds:
                missing.append(frag)
    assert not missing, missing


def test_french_page_quotes_every_passage_the_english_page_quotes(built):
    """The French page keeps each French passage the English page quotes next to a ruling."""
    fr = _norm(" ".join(_quotes(built["docs/fr/regles.md"])))
    gone = []
    for quote in _quotes(built["docs/rules.md"]):
        for frag in re.split(r"…|·|—|–|\[[^\]]*\]|:|;|•|\.", quote):
            frag = _norm(frag).strip(" .,;:")
            if len(frag) >= 12 and frag.lower() not in fr.lower() and "de cette face" not in frag:
                gone.append(frag)
    assert not gone, gone
