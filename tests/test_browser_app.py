"""End-to-end: a game app played with the keyboard in a real browser.

In JupyterLab (notebook windowing mode ``defer``, see ``browser_helpers``) at a laptop size
of 1366×768: the Roll button is visible without scrolling once the app is in view; keys
R (roll), 1 (toggle die 1), R again (a costly keep: the coach prompt asks first), the
prompt's "Keep my choice", U (undo), H (hint); then the game review; screenshots in
``artifacts/``.  In Voilà at a 390×844 phone size: the dice wrap inside the screen and the
odds overlay scrolls on its own; the French app shows its French buttons.

The notebook is written by the test (Trwavril, seed 1: the first roll is 3 4 5 6, and
keeping the 3 costs more than one percentage point of the chance to win).
Skips like tests/test_browser.py without Chromium or Playwright.
"""

from __future__ import annotations

import json

import pytest
from browser_helpers import (
    CURRENT_NOTEBOOK,
    error_outputs,
    lab_server,
    one_cell_notebook,
    open_notebook,
    run_all_cells,
    settle,
    shutdown_kernels,
    switch_on,
    voila_app,
    wait_until_executed,
)
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

pytestmark = pytest.mark.browser

TIMEOUT_S = 300


def _notebook(lang: str) -> dict:
    return one_cell_notebook("from dicelab.ui.widgets import play\n"
                             f"app = play('trwavril', seed=1, lang={lang!r})\n"
                             "app")


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("applab")
    root = work / "root"
    root.mkdir()
    (root / "app_en.ipynb").write_text(json.dumps(_notebook("en"), indent=1))
    (root / "app_fr.ipynb").write_text(json.dumps(_notebook("fr"), indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


def _page(browser, lab, width: int, height: int):  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_S * 1000)
    return context, context.new_page()


def _press(page, app, key: str) -> None:
    page.keyboard.press(key)
    settle(page, app, TIMEOUT_S)


def test_keyboard_undo_coach_and_review_in_jupyterlab(browser, lab):  # noqa: F811
    context, page = _page(browser, lab, 1366, 768)
    try:
        open_notebook(page, lab, "app_en.ipynb")
        run_all_cells(page)
        app = page.locator(f"{CURRENT_NOTEBOOK} .dicelab-app").first
        app.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        wait_until_executed(page, TIMEOUT_S)
        assert not error_outputs(page)
        # laptop screen: with the app's top in view, Roll is visible without scrolling
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        roll = app.locator(".dicelab-roll").first
        box = roll.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768, box
        assert "R roll" in app.locator(".dicelab-help").inner_text()
        # the keyboard: click the game once (its title), then keys only
        app.locator("h3").first.click()
        _press(page, app, "r")
        dice = app.locator(".dicelab-dice .dicelab-die")
        assert dice.count() == 4
        assert [t.strip() for t in dice.all_inner_texts()] == ["3", "4", "5", "6"]
        _press(page, app, "1")
        assert "kept" in dice.nth(0).inner_text()
        assert "mod-active" in (dice.nth(0).get_attribute("class") or "")
        # keeping the 3 is costly: the coach asks before applying it
        _press(page, app, "r")
        prompt = app.locator(".dicelab-prompt")
        assert prompt.is_visible()
        assert "better move" in prompt.inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(path=str(ARTIFACTS / "browser-app-coach.png"))
        app.locator(".dicelab-prompt-keep").click()
        settle(page, app, TIMEOUT_S)
        assert not prompt.is_visible()
        log = app.locator(".dicelab-log")
        assert "You keep 3 and roll 3 dice" in log.inner_text()
        # undo from the keyboard (the focus may have fallen back to the page)
        _press(page, app, "u")
        assert "Move taken back" in app.locator(".dicelab-message").inner_text()
        assert [t.strip().split()[0] for t in dice.all_inner_texts()] == ["3", "4", "5", "6"]
        _press(page, app, "h")
        assert "Hint" in app.locator(".dicelab-overlay").inner_text()
        page.screenshot(path=str(ARTIFACTS / "browser-app-keyboard.png"))
        # the game review
        app.locator(".dicelab-review-button").click()
        settle(page, app, TIMEOUT_S)
        review = app.locator(".dicelab-review")
        assert review.inner_text().strip(), "the review is empty"
        review.screenshot(path=str(ARTIFACTS / "browser-app-review.png"))
        # no JupyterLab shortcut fired: still one cell, still a code cell
        assert page.locator(f"{CURRENT_NOTEBOOK} .jp-Cell").count() == 1
        assert page.locator(f"{CURRENT_NOTEBOOK} .jp-CodeCell").count() == 1
    finally:
        context.close()
        shutdown_kernels(lab)


def test_phone_size_in_voila_french(browser, lab):  # noqa: F811
    with voila_app(browser, lab, "app_fr.ipynb", 390, 844, TIMEOUT_S) as (page, app):
        settle(page, page.locator("body"), TIMEOUT_S)
        roll = app.locator(".dicelab-roll").first
        assert roll.inner_text().strip().startswith("Lancer")
        app.locator("h3").first.click()  # keys work in Voilà too
        page.keyboard.press("r")
        settle(page, app, TIMEOUT_S)
        assert app.locator(".dicelab-dice .dicelab-die").count() == 4
        switch_on(app.locator(".dicelab-show-odds").first)
        app.locator(".dicelab-choice").first.wait_for(timeout=TIMEOUT_S * 1000)
        settle(page, app, TIMEOUT_S)
        width = page.evaluate("() => document.documentElement.clientWidth")
        for box in (d.bounding_box() for d in app.locator(".dicelab-die").all()):
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        odds = app.locator(".dicelab-overlay").first.bounding_box()
        assert odds and odds["x"] + odds["width"] <= width + 1, odds
        assert "Afficher les probabilités" in app.inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-app-phone-fr.png"), full_page=True)


_CONTRAST = """e => {
  const lum = c => {
    const m = c.match(/[\\d.]+/g).map(Number);
    const [r, g, b] = m.slice(0, 3).map(v => v / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const s = getComputedStyle(e);
  let bg = s.backgroundColor, p = e;
  while (/rgba\\(0, 0, 0, 0\\)|transparent/.test(bg) && p.parentElement) {
    p = p.parentElement; bg = getComputedStyle(p).backgroundColor;
  }
  return [lum(s.color), lum(bg)];
}"""


def test_dark_theme_stays_readable_in_voila(browser, lab):  # noqa: F811
    """Voilà's dark theme: dice, board and log keep light text on a dark background."""
    with voila_app(browser, lab, "app_en.ipynb", 1366, 768, TIMEOUT_S,
                   query="&theme=dark") as (page, app):
        settle(page, page.locator("body"), TIMEOUT_S)
        app.locator(".dicelab-roll").first.click()
        settle(page, app, TIMEOUT_S)
        for selector in (".dicelab-die", ".dicelab-board .dicelab-surface", ".dicelab-log"):
            text, background = app.locator(selector).first.evaluate(_CONTRAST)
            assert background < 0.3 and text - background > 0.4, (selector, text, background)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-app-dark.png"))
