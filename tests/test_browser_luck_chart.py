"""End-to-end: a finished game's luck and skill chart is drawn when the student asks for it,
with the keyboard (Voilà, laptop size, English): the end screen shows the split in words and
the button « Show the luck and skill chart », no chart; Enter on the focused button draws
it (an image with its text), Enter again hides it.  Skips like tests/test_browser.py
without Chromium or Playwright."""

from __future__ import annotations

import json

import pytest
from browser_helpers import lab_server, one_cell_notebook, settle, voila_app
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

pytestmark = pytest.mark.browser

TIMEOUT_S = 300


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("lucklab")
    root = work / "root"
    root.mkdir()
    source = ("from dicelab.analysis.policies import optimal\n"
              "from dicelab.ui.widgets import play\n"
              "app = play('trwavril', seed=3, lang='en', coach_prompt=False)\n"
              "best = optimal()\n"
              "while not app.state.is_over:\n"
              "    app.game.apply(best(app.state))\n"
              "app.refresh()\n"
              "app")
    (root / "luck_en.ipynb").write_text(json.dumps(one_cell_notebook(source), indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


def test_the_luck_chart_is_drawn_when_asked_for_with_the_keyboard(browser, lab):  # noqa: F811
    with voila_app(browser, lab, "luck_en.ipynb", 1366, 900, TIMEOUT_S) as (page, app):
        settle(page, page.locator("body"), TIMEOUT_S)
        assert "Luck of the dice" in app.locator(".dicelab-luck-end").first.inner_text()
        button = app.locator(".dicelab-luck-chart-button").first
        button.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        assert button.inner_text().strip() == "Show the luck and skill chart"
        chart = app.locator(".dicelab-luck-chart").first
        assert chart.locator("img").count() == 0  # not drawn before it is asked for
        button.focus()
        page.keyboard.press("Enter")
        image = chart.locator("img").first
        image.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        assert "Luckiest roll" in (image.get_attribute("alt") or "")
        assert button.inner_text().strip() == "Hide the luck and skill chart"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-luck-chart-en.png"), full_page=True)
        button.focus()
        page.keyboard.press("Enter")
        chart.wait_for(state="hidden", timeout=TIMEOUT_S * 1000)
        assert button.inner_text().strip() == "Show the luck and skill chart"
