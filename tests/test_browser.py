"""End-to-end: the play notebooks in a real browser (JupyterLab and Voilà, headless Chromium).

This module holds the machinery: a throw-away JupyterLab server (see ``browser_helpers``)
opens a notebook, runs all cells from the Run menu, waits for the app (``.dicelab-app``),
reveals the odds (``.dicelab-show-odds``), toggles a die (``.dicelab-die``), clicks Roll
(``.dicelab-roll``), and checks that the dice and the odds overlay (``.dicelab-overlay``)
changed, saving a screenshot in ``artifacts/`` (``exercise_app``).  Every play notebook of
both languages goes through it in JupyterLab and as a Voilà page (the Binder links' route)
in ``tests/test_browser_i18n.py``; the apps' keyboard, Undo, coach, review and screen sizes
in ``tests/test_browser_app.py``; one lesson per language here.
A small harness notebook built from plain ipywidgets, following the same DOM contract
(docs/developers.md), checks the machinery itself.

Without ``/usr/bin/chromium`` (or the ``playwright`` package) the tests skip with a message;
with ``DICELAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they fail instead, and so does a
missing play notebook.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CURRENT_NOTEBOOK,
    copy_notebooks,
    die_texts,
    error_outputs,
    lab_server,
    open_notebook,
    run_all_cells,
    settle,
    shutdown_kernels,
    switch_on,
    wait_until_executed,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts"
REQUIRED = os.environ.get("DICELAB_REQUIRE_BROWSER") == "1"

APP_TIMEOUT_S = 600  # run all cells of a notebook (exact solves included) and render the app
ACTION_TIMEOUT_S = 180  # one click's round trip to the kernel (a cold exact solve at worst)


def _skip_or_fail(message: str) -> None:
    if REQUIRED:
        pytest.fail(f"{message} (DICELAB_REQUIRE_BROWSER=1: the browser test is mandatory)")
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser():
    """Headless Debian Chromium driven by Playwright (skips cleanly when unavailable)."""
    if not CHROMIUM.exists():
        _skip_or_fail(
            f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium) "
            "to run the real-browser test; .ci/run installs it and makes the test mandatory"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_or_fail("the playwright package is missing: run `make test` (installs .[test])")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    """A JupyterLab server on a copy of notebooks/ plus the harness notebook."""
    work = tmp_path_factory.mktemp("lab")
    root = work / "root"
    root.mkdir()
    if NOTEBOOKS.is_dir():
        copy_notebooks(NOTEBOOKS, root / "notebooks")
    (root / "harness").mkdir()
    (root / "harness" / "harness.ipynb").write_text(json.dumps(HARNESS_NOTEBOOK, indent=1))
    with lab_server(root, work / "jupyter") as server:
        yield server


@pytest.fixture
def page(browser, lab):
    """A fresh browser context; afterwards every kernel of the server is shut down."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT_S * 1000)
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()
        shutdown_kernels(lab)


def _run_in_lab(page, lab, notebook: str):
    """Open ``notebook`` in JupyterLab, run all cells; return the first app's locator."""
    open_notebook(page, lab, notebook)
    run_all_cells(page)
    app = page.locator(f"{CURRENT_NOTEBOOK} .dicelab-app").first
    try:
        app.wait_for(state="visible", timeout=APP_TIMEOUT_S * 1000)
    except Exception as e:
        raise AssertionError(
            f"{notebook}: no .dicelab-app rendered; errors shown: {error_outputs(page)}"
        ) from e
    wait_until_executed(page, APP_TIMEOUT_S)
    errors = error_outputs(page)
    assert not errors, f"{notebook}: cells raised:\n" + "\n---\n".join(errors)
    return app


def _first_roll_if_needed(page, app) -> None:
    """At the start of a game the table may be empty: make the first roll."""
    if app.locator(".dicelab-die:enabled").count() == 0:
        roll = app.locator(".dicelab-roll").first
        assert roll.is_enabled(), "no die to toggle and Roll is disabled at the start"
        roll.click()
        settle(page, app, ACTION_TIMEOUT_S)


def _toggle_a_die(page, app) -> bool:
    """Toggle dice one at a time until Roll is enabled with one toggled (5000 and Seveny
    only allow scoring set-asides); leave that die toggled and return True."""
    roll = app.locator(".dicelab-roll").first
    dice = app.locator(".dicelab-die")
    for i in range(dice.count()):
        die = dice.nth(i)
        if not die.is_enabled():
            continue
        die.click()
        settle(page, app, ACTION_TIMEOUT_S)
        if roll.is_enabled():
            return True
        die.click()  # not a legal choice on its own: undo
        settle(page, app, ACTION_TIMEOUT_S)
    return False


def _keep_my_choice(page, app) -> None:
    """The play notebooks' coach asks before a costly choice: keep it."""
    prompt = app.locator(".dicelab-prompt")
    if prompt.count() and prompt.first.is_visible():
        app.locator(".dicelab-prompt-keep").first.click()
        settle(page, app, ACTION_TIMEOUT_S)


def exercise_app(page, app, screenshot: Path) -> dict[str, object]:
    """Reveal the odds, toggle a die, roll; check the dice and the overlay change."""
    app.scroll_into_view_if_needed()
    overlay = app.locator(".dicelab-overlay").first
    roll = app.locator(".dicelab-roll").first
    assert app.locator(".dicelab-show-odds").count(), "no .dicelab-show-odds switch"
    switch_on(app.locator(".dicelab-show-odds").first)
    settle(page, app, ACTION_TIMEOUT_S)
    _first_roll_if_needed(page, app)
    record: dict[str, object] = {}
    for _attempt in range(6):
        dice_before = die_texts(app)
        overlay_before = overlay.inner_text()
        if not _toggle_a_die(page, app):
            # e.g. the roll scored nothing and the turn passed: roll again and retry
            assert roll.is_enabled(), f"no die can be toggled and Roll is disabled: {dice_before}"
            roll.click()
            settle(page, app, ACTION_TIMEOUT_S)
            continue
        roll.click()
        settle(page, app, ACTION_TIMEOUT_S)
        _keep_my_choice(page, app)
        dice_after = die_texts(app)
        overlay_after = overlay.inner_text()
        record = {"before": dice_before, "after": dice_after}
        if dice_after != dice_before and overlay_after != overlay_before:
            break
        # the new dice happened to equal the old ones: roll again if the game allows it
        if not roll.is_enabled() and app.locator(".dicelab-die:enabled").count() == 0:
            break
    assert record, "could not toggle a die and roll"
    assert record["after"] != record["before"], f"the dice did not change: {record}"
    assert overlay_after != overlay_before, "the odds overlay did not change after the roll"
    assert overlay_after.strip(), "the odds overlay is empty"
    ARTIFACTS.mkdir(exist_ok=True)
    app.screenshot(path=str(screenshot))
    page.screenshot(path=str(screenshot.with_name(screenshot.stem + "-page.png")))
    return record


# ---------------------------------------------------------------------------------- tests

def test_harness_widget_in_jupyterlab(page, lab):
    """The machinery itself, on a plain-ipywidgets app following the DOM contract."""
    app = _run_in_lab(page, lab, "harness/harness.ipynb")
    record = exercise_app(page, app, ARTIFACTS / "browser-harness.png")
    assert len(record["after"]) == 5


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lesson_reveals_only_after_a_guess(page, lab, lang):
    """a lesson per language; a prediction shows nothing of its answer until the
    student types a guess and checks it; then the exact value appears."""
    import time

    from dicelab import lessons

    notebook = f"notebooks/{lang}/lessons/{lessons.FILES[lang]['counting']}.ipynb"
    if not (ROOT / notebook).exists():
        _skip_or_fail(f"{notebook} does not exist")
    open_notebook(page, lab, notebook)
    run_all_cells(page)
    predict = page.locator(f"{CURRENT_NOTEBOOK} .dicelab-predict").first
    predict.wait_for(state="visible", timeout=APP_TIMEOUT_S * 1000)
    wait_until_executed(page, APP_TIMEOUT_S)
    errors = error_outputs(page)
    assert not errors, f"{notebook}: cells raised:\n" + "\n---\n".join(errors)
    exact = lessons.LESSONS["counting"].question("five_ordered").answer_text(lang)
    reveal = predict.locator(".dicelab-reveal").first
    assert exact not in predict.inner_text() and not reveal.inner_text().strip()
    predict.scroll_into_view_if_needed()
    predict.locator(".dicelab-guess input").first.fill("5000")
    time.sleep(1)  # the text box syncs its value to the kernel
    predict.locator(".dicelab-predict-submit").first.click()
    deadline = time.monotonic() + ACTION_TIMEOUT_S
    while exact not in reveal.inner_text() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert exact in reveal.inner_text(), reveal.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    predict.screenshot(path=str(ARTIFACTS / f"browser-lesson-{lang}.png"))


# ------------------------------------------------------------------------- harness notebook

_HARNESS_APP = '''\
import random

import ipywidgets as w

rng = random.Random(0)
toggles = [w.ToggleButton(description=str(rng.randint(1, 6))) for _ in range(5)]
for t in toggles:
    t.add_class("dicelab-die")
row = w.HBox(toggles)
row.add_class("dicelab-dice")
roll = w.Button(description="Roll")
roll.add_class("dicelab-roll")
show = w.Checkbox(description="Show odds", value=False, indent=False)
show.add_class("dicelab-show-odds")
body = w.HTML()
overlay = w.VBox([show, body])
overlay.add_class("dicelab-overlay")
log = w.HTML()
log.add_class("dicelab-log")
rolls = [0]


def render(*_):
    kept = [t.description for t in toggles if t.value]
    dice = sorted(int(t.description) for t in toggles)
    body.value = f"<p>odds of {dice}, keeping {kept}</p>" if show.value else "<p>hidden</p>"


def on_roll(_):
    for t in toggles:
        if not t.value:
            t.description = str(rng.randint(1, 6))
        t.value = False
    rolls[0] += 1
    log.value = f"roll {rolls[0]}"
    render()


roll.on_click(on_roll)
show.observe(render, "value")
for t in toggles:
    t.observe(render, "value")
app = w.VBox([row, roll, overlay, log])
app.add_class("dicelab-app")
render()
app
'''

HARNESS_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "id": "title", "metadata": {},
         "source": "# Browser-test harness"},
        {
            "cell_type": "code", "id": "wait", "execution_count": None, "metadata": {},
            "outputs": [], "source": "import time\ntime.sleep(1)\nprint('ready')",
        },
        {
            "cell_type": "code", "id": "app", "execution_count": None, "metadata": {},
            "outputs": [], "source": _HARNESS_APP,
        },
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
