"""End-to-end: a Seveny app whose solo odds take seconds to compute (target 45 in a fresh
kernel) shows its progress bar and Cancel button at once in a real browser (Voilà), stays
playable meanwhile, and shows the exact odds once the background solve ends; against the
computer at phone width, a cancelled two-player solve stays cancelled (one line says so, the
computer plays with the solo odds).  Skips like tests/test_browser.py without Chromium or
Playwright."""

from __future__ import annotations

import json

import pytest
from browser_helpers import lab_server, one_cell_notebook, settle, voila_app
from test_browser import ARTIFACTS, browser  # noqa: F401 - the Chromium fixture, shared

from dicelab.core.i18n import _

pytestmark = pytest.mark.browser

TIMEOUT_S = 300


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("solvebarlab")
    root = work / "root"
    root.mkdir()
    source = ("from dicelab.ui.widgets import play\n"
              "app = play('seveny', seed=3, lang='en', target=45, show_odds=True)\napp")
    nb = one_cell_notebook(source)
    (root / "solve_bar.ipynb").write_text(json.dumps(nb, indent=1))
    # target 95: neither shipped nor cached, and a solve of seconds even compiled (40's
    # takes under a second since issue 31: it would end before the click on Cancel)
    cancel = ("from dicelab.ui.widgets import play\n"
              "app = play('seveny', seed=5, lang='fr', target=95, computer_delay=0.3,\n"
              "           coach_prompt=False)\napp")
    nb["cells"][0]["source"] = cancel
    (root / "cancel.ipynb").write_text(json.dumps(nb, indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


def test_slow_target_shows_the_bar_then_the_odds(browser, lab):  # noqa: F811
    with voila_app(browser, lab, "solve_bar.ipynb", 1200, 900, TIMEOUT_S) as (page, app):
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


def _has(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); "
        "return !!e && e.innerText.includes(t); }", arg=[selector, text],
        timeout=TIMEOUT_S * 1000)


def test_cancel_against_the_computer_stays_cancelled(browser, lab):  # noqa: F811
    """Phone width, French, a target with no shipped two-player table: "against the
    computer" shows the bar at once; Cancel says so in one line; the human plays a turn and
    the computer (plays to win) plays its own with the solo odds and says why; no win bar,
    no second bar, no "could not be computed" warning."""
    lang = "fr"
    with voila_app(browser, lab, "cancel.ipynb", 375, 812, TIMEOUT_S) as (page, app):
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-mode button",
                    has_text=_("against the computer", lang=lang)).click()
        cancel = app.locator(".dicelab-solve-bar .dicelab-cancel").first
        cancel.wait_for(state="visible")
        page.wait_for_timeout(1000)
        cancel.click()
        cancelled = _("Computation cancelled: you cancelled the computation of the exact "
                      "two-player chances; the odds shown are solo odds, each player's own "
                      "chances as if playing alone (a New game computes them again).",
                      lang=lang)
        _has(page, ".dicelab-duel-status", cancelled.split("\u202f;")[0])
        settle(page, app, TIMEOUT_S)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "cancel-fr-cancelled.png"), full_page=True)
        head = cancelled.split("\u00a0:")[0]  # « Calcul annulé »
        assert app.inner_text().count(head) == 1
        failed = _("The exact chances of beating each other could not be computed: {why}.",
                   lang=lang, why="@").split("@")[0]
        assert failed not in app.inner_text()
        # the human's turn: roll, keep the hinted dice, bank (or roll on)
        log = app.locator(".dicelab-log")
        chose = _("The computer chose “{label}”: {why}.", lang=lang, label="@",
                  why="@").split("@")[0]  # against the computer: « L'ordinateur a choisi »
        for _i in range(20):
            if chose in log.inner_text():
                break
            roll = app.locator(".dicelab-roll:not([disabled])").first
            bank = app.locator(".dicelab-bank:not([disabled])").first
            if app.locator(".dicelab-dice .dicelab-die").count() and \
                    app.locator(".dicelab-hint:not([disabled])").count():
                app.locator(".dicelab-hint").first.click()
                settle(page, app, TIMEOUT_S)
                for die in app.locator(".dicelab-dice .dicelab-hinted").all():
                    die.click()
                settle(page, app, TIMEOUT_S)
                bank = app.locator(".dicelab-bank:not([disabled])").first
                button = bank if bank.count() and bank.is_visible() else roll
            else:
                button = roll
            if button.count() and button.is_visible():
                button.click()
            else:
                page.wait_for_timeout(500)
            settle(page, app, TIMEOUT_S)
        page.wait_for_function(
            "t => document.querySelector('.dicelab-log').innerText.includes(t)", arg=chose,
            timeout=TIMEOUT_S * 1000)
        settle(page, app, TIMEOUT_S)
        page.screenshot(path=str(ARTIFACTS / "cancel-fr-computer.png"), full_page=True)
        text = app.inner_text()
        why = _("the best for its own chances (solo odds, since the two-player computation "
                "was cancelled)", lang=lang)
        assert why in log.inner_text()
        assert _("Chance to win (exact, both playing to win)", lang=lang) not in text
        assert app.locator(".dicelab-winbar").first.is_hidden()
        assert text.count(head) == 1 and failed not in text and "Traceback" not in text
