"""The notebooks: two parallel language trees, text sources in sync with their .ipynb, stable
cell ids, code folded unless meant to be edited, links that lead somewhere.

Every notebook under ``notebooks/`` is a jupytext MyST Markdown source (``.md``) paired with
its ``.ipynb`` (``jupytext --sync notebooks/*/*.md`` after editing either).  nbval runs the
``.ipynb`` files (pyproject's testpaths).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest

from dicelab.registry import GAMES, play_notebook

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
#: No legacy notebooks left: every notebook follows the convention.
LEGACY = NOTEBOOKS / "lessons"

#: The same structure in both languages: English name -> French name.
TWINS = {
    "00_start_here": "00_commencer_ici",
    **{play_notebook(g): play_notebook(g) for g in GAMES},  # each game's play notebook
    "20_variant_explorer": "20_explorateur_variantes",
}


def notebooks() -> list[Path]:
    return sorted(
        p for p in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and LEGACY not in p.parents
    )


def ids(nb) -> list[str]:
    return [c.get("id") for c in nb.cells]


def cells(nb) -> list[tuple]:
    return [(c.cell_type, c.source.strip(), dict(c.metadata)) for c in nb.cells]


@pytest.mark.parametrize("lang_dir, names", [("en", list(TWINS)), ("fr", list(TWINS.values()))])
def test_both_trees_have_the_same_structure(lang_dir, names):
    found = sorted(p.stem for p in (NOTEBOOKS / lang_dir).glob("*.ipynb"))
    assert set(names) <= set(found), set(names) - set(found)
    other = "fr" if lang_dir == "en" else "en"
    assert len(found) == len(list((NOTEBOOKS / other).glob("*.ipynb")))
    assert (NOTEBOOKS / "index.ipynb").exists()


def test_index_leads_to_both_languages():
    text = (NOTEBOOKS / "index.md").read_text(encoding="utf-8")
    for en, fr in TWINS.items():
        assert f"en/{en}.ipynb" in text and f"fr/{fr}.ipynb" in text


@pytest.mark.parametrize("ipynb", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_source_and_notebook_are_in_sync(ipynb):
    md = ipynb.with_suffix(".md")
    assert md.exists(), f"{ipynb.relative_to(ROOT)} has no text source {md.name}"
    nb = nbformat.read(ipynb, as_version=4)
    assert nb.metadata.get("jupytext", {}).get("formats") == "ipynb,md:myst"
    from_md = jupytext.read(md)
    assert cells(from_md) == cells(nb), (
        f"{md.relative_to(ROOT)} and its .ipynb differ: run `jupytext --sync {md}`")
    assert all(not c.get("outputs") for c in nb.cells), "commit notebooks without outputs"


@pytest.mark.parametrize("ipynb", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_cell_ids_are_stable(ipynb, tmp_path):
    """Ids present and unique, and a re-sync from the text source keeps them (and changes
    neither file)."""
    nb = nbformat.read(ipynb, as_version=4)
    before = ids(nb)
    assert all(before) and len(set(before)) == len(before), before
    md = ipynb.with_suffix(".md")
    for src in (ipynb, md):
        shutil.copy2(src, tmp_path / src.name)
    copy_md = tmp_path / md.name
    copy_md.touch()  # the text source is the newer one: sync from it
    from jupytext.cli import jupytext as jupytext_cli

    jupytext_cli(["--sync", "--quiet", str(copy_md)])
    after = nbformat.read(tmp_path / ipynb.name, as_version=4)
    assert ids(after) == before
    # the header records the jupytext that wrote it: a newer jupytext on a fresh install
    # rewrites that line only, and that is not a change of the notebook
    assert _unversioned(copy_md.read_text(encoding="utf-8")) == _unversioned(
        md.read_text(encoding="utf-8"))
    assert cells(after) == cells(nb)


def _unversioned(text: str) -> str:
    r"""A jupytext text source without its ``jupytext_version:`` header line.

    >>> _unversioned("a\n      jupytext_version: 1.19.7\nb\n")
    'a\nb\n'
    """
    return re.sub(r"(?m)^ *jupytext_version: .*\n", "", text)


@pytest.mark.parametrize("ipynb", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_code_is_folded_unless_meant_to_be_edited(ipynb):
    nb = nbformat.read(ipynb, as_version=4)
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        editable = (re.search(r"^(SEED|GAME|GAMES) = ", c.source, re.M)
                    or "student" in c.metadata.get("tags", []))
        hidden = c.metadata.get("jupyter", {}).get("source_hidden", False)
        assert hidden or editable, f"code cell {c.id} is shown but has nothing to edit"


@pytest.mark.parametrize("ipynb", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_links_lead_somewhere(ipynb):
    nb = nbformat.read(ipynb, as_version=4)
    for c in nb.cells:
        if c.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", c.source):
            if "://" in target:
                continue
            assert (ipynb.parent / target).exists(), f"{ipynb.name}: {target} does not exist"


def test_language_of_each_tree():
    """Each notebook sets its own language, so its apps, tables and figures follow it."""
    for lang in ("en", "fr"):
        for ipynb in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
            text = ipynb.with_suffix(".md").read_text(encoding="utf-8")
            if "```{code-cell}" in text:
                assert f'dicelab.set_language("{lang}")' in text, ipynb.name


def _prose(text: str) -> list[str]:
    """The sentences of Markdown prose: code, code spans, link targets, comments, JupyterLab
    menu paths (*File → …*, JupyterLab's own English) and language links set aside."""
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`|<!--.*?-->|^    .*$", " ", text, flags=re.M | re.S)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"\*[^*\n]*→[^*]*\*", " ", text)
    text = re.sub(r"\*\[(English version|Version française)\]\*", " ", text)
    return [p for p in re.split(r"\n\n|(?<=[.;])\s", text) if p.strip()]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_prose_speaks_one_language(lang):
    """French notebooks and documents have none of the kept English interface words, and
    English ones none of the French (the games' own words aside)."""
    from test_plots_i18n import ENGLISH_WORDS, FRENCH_WORDS, words_found

    words = ENGLISH_WORDS if lang == "fr" else FRENCH_WORDS
    texts = {p.name: p.read_text(encoding="utf-8") for p in (NOTEBOOKS / lang).glob("*.md")}
    if lang == "fr":
        texts.update({p.name: p.read_text(encoding="utf-8")
                      for p in (ROOT / "docs" / "fr").glob("*.md")})
    bad = [(name, found, sentence.strip()[:120]) for name, text in texts.items()
           for sentence in _prose(text) if (found := words_found(sentence, words))]
    assert not bad, bad


def test_seveny_summary_says_what_the_rules_say():
    """The round is finished when someone reaches the target, and a brelan
    frees its face for the rest of the cycle — in both languages."""
    en = " ".join((NOTEBOOKS / "en" / "04_seveny.md").read_text(encoding="utf-8").split())
    assert "A brelan **frees its face for the rest of the cycle**" in en
    assert "the **round** is finished" in en
    assert "everyone has played the same number of turns" in en
    assert "The game ends when someone reaches" not in en
    fr = " ".join((NOTEBOOKS / "fr" / "04_seveny.md").read_text(encoding="utf-8").split())
    assert "Un brelan **libère sa face pour le reste du cycle**" in fr
    assert "on **finit le tour**" in fr and "tous aient joué le même nombre de fois" in fr
