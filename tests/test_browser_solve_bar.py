"""End-to-end: a Seveny app whose solo odds take seconds to compute (target 45 in a fresh
kernel) shows its progress bar and Cancel button at once in a real browser (Voilà), stays
playable meanwhile, and shows the exact odds once the background solve ends.  Skips like
tests/test_browser.py without Chromium or Playwright."""

from __future__ import annotations

import json

import pytest
from browser_helpers import lab_server, settle, shutdown_kernels
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

pytestmark = pytest.mark.browser

TIMEOUT_S = 300


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("solvebarlab")
    root = work / "root"
    root.mkdir()
    source = ("from dicelab.ui.widgets import play\n"
              "app = play('seveny', seed=3, lang='en', target=45, show_odds=True)\napp")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "app",
                     "metadata": {}, "outputs": [], "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / "solve_bar.ipynb").write_text(json.dumps(nb, indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


def test_slow_target_shows_the_bar_then_the_odds(browser, lab):  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(TIMEOUT_S * 1000)
    page = context.new_page()
    try:
        page.goto(lab.voila_url("solve_bar.ipynb"), timeout=TIMEOUT_S * 1000)
        app = page.locator(".dicelab-app").first
        app.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        bar = app.locator(".dicelab-solve-bar").first
        seen = bar.is_visible()
        if seen:  # still solving: the bar and its Cancel button; a roll meanwhile
            assert app.locator(".dicelab-solve-bar .dicelab-cancel").first.is_visible()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "voila-solve-bar.png"), full_page=True)
        bar.wait_for(state="hidden", timeout=TIMEOUT_S * 1000)  # the solve ends by itself
        for _ in range(10):
            app.locator(".dicelab-roll").first.click()
            settle(page, app, TIMEOUT_S)
            if app.locator(".dicelab-odds").count():
                break
        assert app.locator(".dicelab-odds").count(), "no odds after the solve"
        text = app.inner_text()
        assert "being computed" not in text and "Traceback" not in text
    finally:
        context.close()
        shutdown_kernels(lab)
