"""The game review at phone width (Voilà, Debian Chromium, 390×844, both languages): the
review's page wraps to the app's width.  It used to grow to its widest table (about 520 px)
inside a 356 px box, cutting every line off on the right; only the table of decisions may
scroll sideways, in its own box.  Screenshots in ``artifacts/``.  Skips like
tests/test_browser.py without Chromium or Playwright.
"""

from __future__ import annotations

import json

import pytest
from browser_helpers import lab_server, one_cell_notebook, settle, voila_app
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

from dicelab.core.i18n import _

pytestmark = pytest.mark.browser

TIMEOUT_S = 300
PHONE = (390, 844)
LANGS = ["fr", "en"]


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("review_phone")
    root = work / "root"
    root.mkdir()
    for lang in LANGS:
        (root / f"review_{lang}.ipynb").write_text(json.dumps(one_cell_notebook(
            "from dicelab.ui.widgets import play\n"
            f"app = play('dripeul', seed=5, lang={lang!r}, coach_prompt=False)\napp"),
            indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_wraps_at_phone_width(browser, lab, lang):  # noqa: F811
    with voila_app(browser, lab, f"review_{lang}.ipynb", *PHONE, TIMEOUT_S) as (page, app):
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-roll").first.click()
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-stop").first.click()  # a decision: a row in the review
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-review-button").first.click()
        title = _("Game review: {game}", lang=lang, game="Dripeul 5")
        page.wait_for_function(
            "t => { const e = document.querySelector('.dicelab-review h1'); "
            "return !!e && e.innerText.includes(t); }", arg=title, timeout=TIMEOUT_S * 1000)
        settle(page, app, TIMEOUT_S)
        box = app.locator(".dicelab-review").first
        width = box.evaluate("e => e.clientWidth")
        assert 300 < width <= PHONE[0]
        # nothing but the table (in its own scrolling box) is wider than the review's box
        wide = page.evaluate(
            "w => Array.from(document.querySelectorAll('.dicelab-review *'))"
            ".filter(e => !e.closest('table') && e.getBoundingClientRect().right"
            " > document.querySelector('.dicelab-review').getBoundingClientRect().right + 1)"
            ".map(e => e.tagName + '.' + e.className)", width)
        assert wide == []
        page_width = box.evaluate(
            "e => e.querySelector('.dicelab-review-page').getBoundingClientRect().width")
        assert page_width <= width + 1, (page_width, width)
        ARTIFACTS.mkdir(exist_ok=True)
        box.screenshot(path=str(ARTIFACTS / f"review-phone-{lang}.png"))
