"""The translation layer: languages, catalogs, plurals, number formats, error messages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dicelab.core import i18n
from dicelab.core.errors import DicelabError, IllegalMove
from dicelab.tools import catalog


@pytest.fixture(autouse=True)
def _reset_language():
    yield
    i18n.set_language(None)


def test_environment_decides_when_nothing_is_set(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.get_language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.get_language() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.get_language() == "en"


def test_explicit_beats_context_beats_default(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    i18n.set_language("en")
    assert i18n.get_language() == "en"
    with i18n.using("fr"):
        assert i18n.get_language() == "fr"
        assert i18n.get_language("en") == "en"
    assert i18n.get_language() == "en"


@pytest.mark.parametrize("bad", ["de", "", None, 3, "xx_FR"])
def test_unknown_language_names_the_supported_ones(bad):
    with pytest.raises(DicelabError, match="en \\(English\\), fr \\(Français\\)"):
        i18n.check_language(bad)


def test_plurals_follow_each_language():
    assert [i18n.dice_count(n, "en") for n in (0, 1, 2)] == ["0 dice", "1 die", "2 dice"]
    assert [i18n.dice_count(n, "fr") for n in (0, 1, 2)] == ["0 dé", "1 dé", "2 dés"]


def test_numbers_use_the_language_notation():
    assert i18n.fmt_number(0.743, 3, "fr") == "0,743"
    assert i18n.fmt_number(0.743, 3, "en") == "0.743"
    assert i18n.fmt_percent(0.743, 1, "fr") == "74,3\xa0%"
    assert i18n.fmt_percent(0.743, 1, "en") == "74.3%"
    assert i18n.fmt_int(12345, "en") == "12,345"
    assert i18n.fmt_int(12345, "fr") == "12\u202f345"


def test_errors_keep_english_text_and_translate_on_demand():
    e = DicelabError("unknown language {x}; dicelab speaks: {speaks}", x="'de'", speaks="en")
    assert str(e) == "unknown language 'de'; dicelab speaks: en"
    # a message missing from the catalog falls back to English
    assert IllegalMove("not a message of the catalog").message("fr") == (
        "not a message of the catalog"
    )
    assert DicelabError("Language").message("fr") == "Langue"


def test_catalog_covers_the_source():
    """Every message of the source is in the French catalog, translated, not fuzzy, not stale."""
    problems = catalog.problems()
    assert problems == [], "\n".join(problems[:40])


def test_compiled_catalog_matches_the_po(tmp_path):
    (mo,) = catalog.compile_catalogs(tmp_path)
    import gettext

    with mo.open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("Language") == "Langue"
    assert t.ngettext("{n} die", "{n} dice", 2) == "{n} dés"


def test_no_compiled_catalog_is_committed():
    tracked = subprocess.run(
        ["git", "ls-files", "*.mo"], capture_output=True, text=True, check=False,
        cwd=catalog.PACKAGE_DIR.parent,
    ).stdout.split()
    assert tracked == []


def test_the_install_builds_the_compiled_catalog(tmp_path):
    """A wheel built from the source carries the .mo that setup.py compiles."""
    root = catalog.PACKAGE_DIR.parent
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(root)],
        check=True, capture_output=True,
    )
    import zipfile

    (wheel,) = tmp_path.glob("dicelab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "dicelab/locale/fr/LC_MESSAGES/dicelab.mo" in names
    assert "dicelab/locale/fr/LC_MESSAGES/dicelab.po" in names
    # issue 31: the wheel is light (<= 5 MB) and the old solvers kept as the benchmarks'
    # baselines (benchmarks/reference_duel_*.py) do not ship
    assert wheel.stat().st_size <= 5_000_000
    assert not any("reference_duel" in n or n.startswith("benchmarks/") for n in names)


def test_a_number_that_rounds_to_zero_has_no_minus_sign():
    """A tiny negative rounding error (a review's mean loss of -1e-15 points) shows as 0,
    never as « -0,0 »; a real negative keeps its sign."""
    from dicelab.analysis.coach import format_loss
    from dicelab.core.i18n import fmt_data, fmt_number, fmt_percent

    assert format_loss("expected_points", -1e-15, lang="fr") == "0,0 point"
    assert fmt_number(-1e-9, 1, "fr") == "0,0"
    assert fmt_percent(-1e-12, 1, "en") == "0.0%"
    assert fmt_data(-1e-12, 3, "en") == "0.000"
    assert fmt_number(-0.25, 2, "en") == "-0.25"
