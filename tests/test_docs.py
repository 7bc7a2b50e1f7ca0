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


# ------------------------------------------------ issue 8 item 15: no builtins in templates
@pytest.mark.parametrize("expr", [
    "__import__('os').getcwd()",
    "open('pyproject.toml').read()",
    "().__class__.__base__.__subclasses__()",
    "eval('1')",
    "exec('x = 1')",
    "globals()",
    "getattr(f4, '__globals__')",
    "f4.__globals__['__builtins__']",
    "cinqmille_engine.np.load('x')",
    "[c for c in ().__class__.__mro__]",
    "(lambda: 1)()",
    "_namespace()",
])
def test_templates_cannot_reach_builtins_or_modules(expr):
    # refused before anything runs, with the full namespace of a real build
    with pytest.raises(docgen.DicelabError, match="template expression"):
        docgen.render("text {{ f4(0.5) }} then {{ " + expr + " }}", docgen._namespace())


def test_templates_keep_what_they_need():
    ns = docgen._namespace()
    assert docgen.render("{{ [n * 2 for n in range(3)] }}", ns) == "[0, 2, 4]"
    assert docgen.render("{{ f4(trwavril.win_probability(trwavril.Rules())) }}", ns) == (
        f"{docgen.f4(__import__('dicelab').games.trwavril.win_probability())}")
    assert docgen.render("{{ Fraction(1, 6) }}") == "1/6"
    with pytest.raises(docgen.DicelabError, match="not a Python expression"):
        docgen.render("{{ 1 + }}")
