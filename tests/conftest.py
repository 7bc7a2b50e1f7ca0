"""Shared pytest set-up: the repository root, and a header saying how the browser test runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_report_header(config: pytest.Config) -> list[str]:
    chromium = Path(os.environ.get("DICELAB_CHROMIUM", "/usr/bin/chromium"))
    required = os.environ.get("DICELAB_REQUIRE_BROWSER") == "1"
    if chromium.exists():
        state = f"browser test: Chromium at {chromium}"
    else:
        state = f"browser test: no Chromium at {chromium} ({'FAILS' if required else 'skips'})"
    return [state + (" (mandatory: DICELAB_REQUIRE_BROWSER=1)" if required else "")]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root directory."""
    return ROOT


@pytest.fixture(autouse=True)
def _no_solve_left_running():
    """After each test, cancel the background solves it left (an app it did not close):
    the kernel runs one solve at a time, so a leftover would hold the next test's solve in
    line (docs/developers.md, "Background solves")."""
    import sys

    yield
    solving = sys.modules.get("dicelab.analysis.solving")
    if solving is not None:
        solving.stop_all(60)


#: The 5000 and Dripeul default two-player tables, solved once per run (:func:`warm_machine`).
_WARM: dict[str, object] = {}


@pytest.fixture(autouse=True)
def warm_machine() -> None:
    """The 5000 and Dripeul default two-player tables at hand, as on a machine whose cache
    is warm (issue 31: they no longer ship; the first test solves them once, a few seconds).
    A test about a first-use solve clears the engines' caches first (``clear_caches()``),
    so it still finds them unsolved."""
    from dicelab.engine.cinqmille import duel as cinqmille_duel
    from dicelab.engine.dripeul import duel as dripeul_duel
    from dicelab.games import cinqmille, dripeul

    if not _WARM:
        _WARM["cinqmille"] = cinqmille_duel.solve_duel(cinqmille.Rules())
        _WARM["dripeul"] = dripeul_duel.solve_duel(dripeul.Rules())
    cinqmille_duel._CACHE.setdefault(cinqmille.Rules(), _WARM["cinqmille"])  # type: ignore[arg-type]
    dripeul_duel._CACHE.setdefault(dripeul_duel._key(None), _WARM["dripeul"])  # type: ignore[arg-type]
