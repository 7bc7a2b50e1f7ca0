"""The documentation's numbers are computed by the package, and the pages are up to date."""

import os
import re
from pathlib import Path

import pytest

from dicelab.core import i18n
from dicelab.tools import docgen

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built():
    return docgen.build(ROOT)


def test_generated_pages_are_up_to_date(built):
    for page, text in built.items():
        committed = (ROOT / page).read_text(encoding="utf-8")
        assert committed == text, f"{page} is stale: run `python -m dicelab.tools.docgen`"


def test_templates_type_in_no_computed_number():
    """Outside {{ }}, a template holds no probability-like decimal or fraction (English or
    French notation)."""
    number = re.compile(
        r"\b0[.,]\d{2,}|\b\d+\.\d{3,}|\b\d+,\d{3,}(?!\d)|\b\d{2,}/\d{3,}\b"
    )
    templates = [src for sources in docgen.PAGES.values() for src in sources]
    templates += [src for _name, src in docgen.SECTIONS.values()]
    for src in templates:
        text = docgen._EXPR.sub("", (ROOT / src).read_text(encoding="utf-8"))
        assert not number.findall(text), f"{src} types in {number.findall(text)}"


def test_rules_page_states_the_headline_values(built):
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import trwavril

    text = built["docs/rules.md"]
    assert f"{trwavril_odds.win_probability(trwavril.Rules()):.4f}" in text
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
    from dicelab.core.i18n import fmt_number
    from dicelab.engine import cinqmille as cinqmille_odds
    from dicelab.engine import dripeul as dripeul_odds
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import cinqmille, dripeul, trwavril

    text = built["docs/fr/regles.md"]
    p = trwavril_odds.win_probability(trwavril.Rules())
    assert fmt_number(p, 4, "fr") in text and f"{p:.4f}" not in text
    assert fmt_number(dripeul_odds.win_probability(dripeul.Rules()), 4, "fr") in text
    assert fmt_number(cinqmille_odds.expected_turns(cinqmille.Rules()), 4, "fr") in text
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


def test_teachers_guides_state_every_lesson_with_computed_answers(built):
    """The lesson plans (generated sections of docs/teachers.md and docs/fr/enseignants.md)
    name every lesson, its programme point (English: its curricula), and the answers the
    package computes."""
    from dicelab import lessons
    from dicelab.lessons.base import notation

    for page, lang in (("docs/teachers.md", "en"), ("docs/fr/enseignants.md", "fr")):
        text = built[page]
        assert "<!-- BEGIN generated: lesson plans" in text
        for key, name in lessons.FILES[lang].items():
            assert f"`{name}.ipynb`" in text
            assert (ROOT / "notebooks" / lang / "lessons" / f"{name}.ipynb").exists()
            lesson = lessons.LESSONS[key]
            if lang == "en":  # English classes get their own curricula
                for _who, what in lessons.CURRICULA[key]:
                    assert what in text
            else:
                # P_B(A) as Markdown maths ($P_B(A)$) in the guide
                assert notation(i18n._(lesson.programme, lang=lang), "md") in text
            for q in lesson.questions:
                assert f"**{q.answer_text(lang)}**" in text
    assert "4.898 − 3.981 = 0.917 ≈ 0.92" in built["docs/teachers.md"]
    assert "4,898 − 3,981 = 0,917 ≈ 0,92" in built["docs/fr/enseignants.md"]


def test_replace_section_refuses_a_page_without_markers():
    from dicelab.core.errors import DicelabError

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


# ------------------------------------------------ no builtins in templates
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
    # templates are Jinja2, not Python (a loop, not a list comprehension)
    assert docgen.render("{% for n in range(3) %}{{ n * 2 }},{% endfor %}", ns) == "0,2,4,"
    assert docgen.render("{{ f4(trwavril_engine.win_probability(trwavril.Rules())) }}", ns) == (
        f"{docgen.f4(__import__('dicelab.engine.trwavril').engine.trwavril.win_probability())}")
    assert docgen.render("{{ Fraction(1, 6) }}") == "1/6"
    with pytest.raises(docgen.DicelabError, match="not a valid template expression"):
        docgen.render("{{ 1 + }}")


# ------------------------------------------- no Python in templates
@pytest.mark.parametrize("template", [
    # the two bypasses: a module wrapped in a list, and a format string
    '{{ [[[trwavril][0].dataclasses][0].inspect][0].os.system("touch {marker}") }}',
    '{{ "{0.__init__.__globals__[__builtins__]}".format(dripeul.Game) }}',
    '{{ "{0.__init__.__globals__[__builtins__]}".format(f4) }}',
    '{{ "{0.__globals__}".format(level_row) }}',
    # what a function gives back is a value, not a way in
    '{{ seveny_engine.optimal_points_distribution().tofile("{marker}") }}',
    '{{ trwavril.Rules().__class__ }}',
    '{{ trwavril.Rules(parapluies=1).replace }}',
    '{{ trwavril_engine.win_probability.__globals__ }}',
    '{{ trwavril_engine.win_probability.__module__ }}',
    '{{ [trwavril][0] | attr("__dict__") }}',
    '{{ lipsum() }}',
    '{% for m in [trwavril, f4] %}{{ m.__dict__ }}{% endfor %}',
    '{% set x = cycler %}{{ x }}',
    '{% include "/etc/passwd" %}',
    '{{ "a" * 10 ** 9 }}',
])
def test_templates_reach_no_module_and_run_nothing(template, tmp_path):
    marker = tmp_path / "ran"
    with pytest.raises(docgen.DicelabError, match="template expression on line 1"):
        docgen.render(template.replace("{marker}", str(marker)), docgen._namespace())
    assert not marker.exists()


def test_templates_see_no_module():
    import types

    ns = docgen._namespace()
    assert not [k for k, v in ns.items() if isinstance(v, types.ModuleType)]
    for name, (_module, members) in docgen.TEMPLATE_FUNCTIONS.items():
        for m in members:
            assert not isinstance(getattr(ns[name], m), types.ModuleType)


def test_template_errors_name_the_line():
    with pytest.raises(docgen.DicelabError, match=r"line 3 \('\{\{ nope\(\) \}\}'\)"):
        docgen.render("a\nb {{ f4(0.5) }}\n{{ nope() }}\n")


# ---------------------------------------------- quotes and the 04 summary
def _prose(markdown: str) -> str:
    """Blockquote markers and line breaks removed, spaces collapsed."""
    return " ".join(" ".join(re.sub(r"^> ?", "", ln) for ln in markdown.splitlines()).split())


def test_rules_quote_the_six_dice_sentence_whole_with_its_reading(built):
    text = _prose(built["docs/rules.md"])
    sentence = (
        "« Le joueur qui lance écarte les combinaisons de brelans, de « 1 » ou de « 5 » "
        "uniquement, mais doit obligatoirement garder les brelans et doit obligatoirement "
        "avoir un « 1 » ou un « 5 » pour pouvoir continuer à lancer les dés non écartés. »"
    )
    assert sentence in text
    f9 = text[text.index("F9 — The 6-dice rules"):text.index("### Exact odds (`dicelab.engine")]
    assert sentence in f9
    assert "a roll must score — a brelan, a 1 or a 5 — for the player to go on" in f9
    assert "Read literally (only 1s and 5s" in f9


def test_rules_quote_the_seveny_brelan_sentence_as_written(built):
    text = _prose(built["docs/rules.md"])
    assert "de cette face" not in text
    assert ("« Si au moins un brelan a déjà été écarté, alors les dés ayant la même face que "
            "ce brelan … peuvent être écarté » is read per face and per cycle") in text


# ------------------------------------------- every docs path exists
_DOC_PATH = re.compile(r"(?<![\w/])docs/[\w./-]+\.md(?:#[\w-]+)?")


def _anchors(markdown: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for line in markdown.splitlines():
        m = re.match(r"#{1,6} +(.+)", line)
        if m:
            out.add(re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-"))
    return out


def test_every_docs_path_in_the_package_exists():
    files = [p for p in (ROOT / "dicelab").rglob("*") if p.suffix in (".py", ".po", ".md")]
    found = []
    for path in files:
        for ref in _DOC_PATH.findall(path.read_text(encoding="utf-8")):
            found.append((path.relative_to(ROOT), ref))
            target, _, anchor = ref.partition("#")
            assert (ROOT / target).is_file(), f"{path.relative_to(ROOT)} points to {ref}"
            if anchor:
                assert anchor in _anchors((ROOT / target).read_text(encoding="utf-8")), (
                    f"{path.relative_to(ROOT)}: no heading #{anchor} in {target}")
    games = {str(p) for p, ref in found if ref.startswith("docs/rules.md#")}
    assert {f"dicelab/games/{g}.py" for g in ("dripeul", "trwavril", "cinqmille", "seveny")
            } <= games


def test_anchor_slugs_match_github():
    headings = "## Dripeul 5 (5 dice, 1–6 players)\n## 5000 (`dicelab.games.cinqmille`)"
    assert _anchors(headings) == {"dripeul-5-5-dice-16-players", "5000-dicelabgamescinqmille"}


# ------------------------------------------------------------ code in the guides and docs

_DOC_PAGES = ["README.md", "docs/*.md", "docs/fr/*.md", "docs/src/*.md", "docs/src/fr/*.md"]


def _doc_pages():
    root = Path(__file__).resolve().parents[1]
    return sorted({p for pattern in _DOC_PAGES for p in root.glob(pattern)})


def _resolves(dotted: str) -> bool:
    """``dicelab.a.b.c`` names something: its longest importable module, then attributes."""
    import importlib

    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for name in parts[i:]:
                obj = getattr(obj, name)
        except AttributeError:
            return False
        return True
    return False


def test_every_python_block_of_the_guides_and_docs_is_a_doctest_that_passes(tmp_path,
                                                                            monkeypatch):
    """A Python block in a guide or doc is a doctest, run here: a moved module or a renamed
    function fails the suite (the guide's old `dicelab.widgets.luckview` did not)."""
    import doctest
    import re

    monkeypatch.chdir(tmp_path)  # a doctest that writes a file writes it here
    ran = 0
    for page in _doc_pages():
        text = page.read_text(encoding="utf-8")
        for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.M | re.S):
            if lang in ("python", "py", "pycon"):
                assert ">>>" in body, f"{page.name}: a Python block that is not a doctest"
        if ">>>" in text:
            result = doctest.testfile(str(page), module_relative=False, encoding="utf-8",
                                      optionflags=doctest.NORMALIZE_WHITESPACE
                                      | doctest.ELLIPSIS)
            assert result.failed == 0, page.name
            ran += result.attempted
    assert ran >= 30  # the README, the review and the luck-and-skill examples (fr and en)


def test_every_dicelab_name_the_docs_give_exists():
    """Inline code (`from dicelab.x import Y`, `dicelab.x.f(...)`) and commands
    (`python -m dicelab.x`) name modules and functions that exist."""
    import importlib
    import re

    bad = []
    for page in _doc_pages():
        text = page.read_text(encoding="utf-8")
        prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)  # blocks: doctests
        spans = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", prose)]
        spans += re.findall(r"python -m (dicelab[\w.]*)", text)
        for span in spans:
            for module, names in re.findall(r"from (dicelab[\w.]*) import ([\w, ]+)", span):
                try:
                    mod = importlib.import_module(module)
                except ImportError:
                    bad.append((page.name, span))
                    continue
                bad += [(page.name, span) for n in names.split(",")
                        if n.strip() and not hasattr(mod, n.strip())]
            bad += [(page.name, d) for d in re.findall(r"(?<![\w/.])(dicelab(?:\.[A-Za-z_]\w*)+)",
                                                       span) if not _resolves(d)]
    assert not bad, bad
    assert not _resolves("dicelab.luck.class_summary")  # the check itself sees a moved name
