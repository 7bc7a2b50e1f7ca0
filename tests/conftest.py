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
