"""End-to-end: the app's Rules button shows the rules card in a real
browser (Voilà, phone size 390×844, French), inside the screen; the learning mode's switch
to the coach is there.  Skips like tests/test_browser.py without Chromium or Playwright."""

from __future__ import annotations

import json

import pytest
from browser_helpers import lab_server, one_cell_notebook, settle, voila_app
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

pytestmark = pytest.mark.browser

TIMEOUT_S = 300


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("ruleslab")
    root = work / "root"
    root.mkdir()
    source = ("from dicelab.ui.widgets import play\n"
              "app = play('seveny', seed=1, lang='fr', learning=True)\napp")
    nb = one_cell_notebook(source)
    (root / "rules_fr.ipynb").write_text(json.dumps(nb, indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


def test_rules_button_shows_the_card_on_a_phone(browser, lab):  # noqa: F811
    with voila_app(browser, lab, "rules_fr.ipynb", 390, 844, TIMEOUT_S) as (page, app):
        settle(page, page.locator("body"), TIMEOUT_S)
        assert "Passer au coach" in app.locator(".dicelab-learning-switch").first.inner_text()
        button = app.locator(".dicelab-rules-button").first
        assert button.inner_text().strip() == "Règles"
        button.click()
        card = app.locator(".dicelab-rules-card").first
        card.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        text = card.inner_text()
        assert "Seveny — fiche des règles" in text and "222 11 = 4" in text
        width = page.evaluate("() => document.documentElement.clientWidth")
        box = card.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-rules-card-fr.png"), full_page=True)
