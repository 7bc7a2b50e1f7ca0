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
