"""End-to-end, in both languages, at phone size in Voilà.

One click on "against the computer" starts a two-player game; the win bar shows at once;
the human plays a turn, then the computer plays its own, step by step, and the log says
what it chose and why; Save downloads the game as a file, Load opens it again and Game
review reviews it; at 375×812 the page never scrolls sideways and every odds value shown
is on screen (the best five choices; the others behind « all choices »).  axe-core (npm,
injected from ``.cache/npm``: offline, no CDN; ``make browser`` installs it) finds no
serious or critical WCAG 2.2 AA violation in any app (at the start and after a few moves)
nor in one lesson per language.  Screenshots in ``artifacts/``.

The expected words come from the catalog (``dicelab.core.i18n._``), never typed in here.
Skips like tests/test_browser.py without Chromium or Playwright (and without axe-core for
the accessibility checks, unless ``DICELAB_REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from browser_helpers import (
    lab_server,
    one_cell_notebook,
    open_notebook,
    settle,
    shutdown_kernels,
    wait_for_change,
)
from test_browser import ARTIFACTS, NOTEBOOKS, ROOT, _skip_or_fail, browser  # noqa: F401

from dicelab.core.i18n import _
from dicelab.registry import REGISTRY

pytestmark = pytest.mark.browser

TIMEOUT_S = 300
AXE = Path(os.environ.get("DICELAB_AXE", ROOT / ".cache/npm/node_modules/axe-core/axe.min.js"))
#: WCAG 2.2 AA, the level the project promises.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 375, "height": 812}
#: One lesson per language (the first one).
LESSONS = {"fr": "notebooks/fr/lessons/01_denombrer_les_lancers.ipynb",
           "en": "notebooks/en/lessons/01_counting_rolls.ipynb"}


def _app_source(game: str, lang: str) -> str:
    return ("from dicelab.ui.widgets import play\n"
            f"app = play({game!r}, seed=2, lang={lang!r}, computer_delay=0.3,\n"
            "           coach_prompt=False)\n"
            "app")


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    work = tmp_path_factory.mktemp("modeslab")
    root = work / "root"
    root.mkdir()
    for game in REGISTRY:
        for lang in ("fr", "en"):
            (root / f"{game}_{lang}.ipynb").write_text(
                json.dumps(one_cell_notebook(_app_source(game, lang)), indent=1))
    shutil.copy(NOTEBOOKS / "index.ipynb", root / "index.ipynb")
    for lang, path in LESSONS.items():
        src = ROOT / path
        if src.exists():
            (root / f"lesson_{lang}.ipynb").write_text(src.read_text(encoding="utf-8"))
    with lab_server(root, work / "jupyter") as server:
        yield server


def _open(browser, lab, notebook: str):  # noqa: F811
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_S * 1000)
    page = context.new_page()
    page.goto(lab.voila_url(notebook), timeout=TIMEOUT_S * 1000)
    return context, page


def axe_serious(page) -> list[str]:
    """axe-core's serious and critical WCAG 2.2 AA violations on the page, one line each."""
    if not AXE.exists():
        _skip_or_fail(f"axe-core is missing ({AXE}): run `make browser` (npm install)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async tags => {
          const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
          return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: '
                                           + n.html.slice(0, 160))}));
        }""", AXE_TAGS)
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


def wait_text(page, selector: str, text: str) -> None:
    """Wait until the first element matching ``selector`` shows ``text`` (a kernel round
    trip can take seconds on a busy machine)."""
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); "
        "return !!e && e.innerText.includes(t); }", arg=[selector, text],
        timeout=TIMEOUT_S * 1000)


def no_sideways_scroll(page) -> None:
    """The page never scrolls sideways, and every odds value shown is inside the screen
    (at phone width the rows past the best five wait behind « all choices »)."""
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, "
                          "document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, f"horizontal scroll: {sizes}"
    width = sizes[1]
    values = page.locator(".dicelab-odds .dicelab-number")
    assert values.count() > 0
    shown = [values.nth(i) for i in range(values.count()) if values.nth(i).is_visible()]
    assert shown
    for cell in shown:
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        assert cell.is_visible() and cell.inner_text().strip()[-1:] == "%"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_against_the_computer_save_load_at_phone_size(browser, lab, lang, tmp_path):  # noqa: F811
    context, page = _open(browser, lab, f"trwavril_{lang}.ipynb")
    try:
        app = page.locator(".dicelab-app").first
        app.wait_for(state="visible")
        settle(page, page.locator("body"), TIMEOUT_S)
        assert not axe_serious(page), axe_serious(page)
        # §2: one click
        mode = app.locator(".dicelab-mode button", has_text=_("against the computer", lang=lang))
        mode.click()
        wait_text(page, ".dicelab-status", _("Your turn", lang=lang))  # « À vous de jouer »
        settle(page, app, TIMEOUT_S)
        winbar = app.locator(".dicelab-winbar")
        winbar.wait_for(state="visible")
        assert "%" in winbar.inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"modes-{lang}-start.png"), full_page=True)
        # the human's turn: roll, show the odds (§6 at phone width), stop, resolve
        app.locator(".dicelab-roll").first.click()
        app.locator(".dicelab-dice .dicelab-die").first.wait_for()
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-show-odds input").first.check()
        app.locator(".dicelab-odds .dicelab-choice").first.wait_for()
        settle(page, app, TIMEOUT_S)
        no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"modes-{lang}-phone-odds.png"), full_page=True)
        assert not axe_serious(page), axe_serious(page)
        log = app.locator(".dicelab-log")
        chose = _("The computer chose “{label}”: {why}.", lang=lang, label="@",
                  why="@").split("@")[0]
        for _i in range(12):  # end the human's turn (roll again, stop, resolve)
            if chose in log.inner_text():
                break
            before = app.inner_text()
            for cls in (".dicelab-stop", ".dicelab-resolve-choice", ".dicelab-roll"):
                button = app.locator(f"{cls}:not([disabled])").first
                if button.count() and button.is_visible():
                    button.click()
                    break
            else:
                page.wait_for_timeout(500)
                continue
            wait_for_change(app, before, TIMEOUT_S)
            settle(page, app, TIMEOUT_S)
        # §3: the computer played by itself and said what it chose and why
        page.wait_for_function(
            "t => document.querySelector('.dicelab-log').innerText.includes(t)", arg=chose,
            timeout=TIMEOUT_S * 1000)
        settle(page, app, TIMEOUT_S)
        page.screenshot(path=str(ARTIFACTS / f"modes-{lang}-computer.png"), full_page=True)
        # §5: Save downloads the game; Load opens it again; Game review in one click
        save = app.locator("a.dicelab-save")
        assert save.get_attribute("download").startswith("dicelab-trwavril-")
        with page.expect_download() as download:
            save.click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        data = json.loads(saved.read_text())
        assert data["game"] == "trwavril" and data["players"] == 2 and data["steps"]
        app.locator(".dicelab-mode button", has_text=_("solo", lang=lang)).click()
        wait_text(page, ".dicelab-status", _("Turn {n}", lang=lang, n=1))
        settle(page, app, TIMEOUT_S)
        with page.expect_file_chooser() as chooser:  # the upload's input is off the page
            app.locator(".dicelab-load").first.click()
        chooser.value.set_files(str(saved))
        loaded = _("Game loaded: {n} move. Press “{button}” to review it, or play on.",
                   lang=lang, n=1, button="@").split(":")[0].replace("\u00a0", "")
        wait_text(page, ".dicelab-message", loaded)
        settle(page, app, TIMEOUT_S)
        assert len(app.locator(".dicelab-log li").all()) > 2  # the game is back
        app.locator(".dicelab-review-button").click()
        review = app.locator(".dicelab-review")
        page.wait_for_function(
            "() => document.querySelector('.dicelab-review').innerText.trim().length > 0",
            timeout=TIMEOUT_S * 1000)
        page.screenshot(path=str(ARTIFACTS / f"modes-{lang}-loaded-review.png"),
                        full_page=True)
        assert review.inner_text().strip()
        assert not axe_serious(page), axe_serious(page)
    finally:
        context.close()
        shutdown_kernels(lab)


@pytest.mark.parametrize("game,lang", [("dripeul", "fr"), ("cinqmille", "en"),
                                       ("seveny", "fr"), ("trwavril", "en")])
def test_axe_on_every_app(browser, lab, game, lang):  # noqa: F811
    """No serious or critical violation at the start and after a roll and the odds."""
    context, page = _open(browser, lab, f"{game}_{lang}.ipynb")
    try:
        app = page.locator(".dicelab-app").first
        app.wait_for(state="visible")
        settle(page, page.locator("body"), TIMEOUT_S)
        assert not axe_serious(page), axe_serious(page)
        app.locator(".dicelab-controls").first.evaluate("e => e")  # the panel exists
        app.locator(".dicelab-roll").first.click()
        app.locator(".dicelab-dice .dicelab-die").first.wait_for()
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-show-odds input").first.check()
        settle(page, app, TIMEOUT_S)
        app.locator(".dicelab-mode button", has_text=_("two players", lang=lang)).click()
        wait_text(page, ".dicelab-status", _("Player {n}", lang=lang, n=1))
        settle(page, app, TIMEOUT_S)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"axe-{game}-{lang}.png"), full_page=True)
        assert not axe_serious(page), axe_serious(page)
    finally:
        context.close()
        shutdown_kernels(lab)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_axe_on_a_lesson(browser, lab, lang):  # noqa: F811
    if not (ROOT / LESSONS[lang]).exists():
        _skip_or_fail(f"{LESSONS[lang]} does not exist")
    context, page = _open(browser, lab, f"lesson_{lang}.ipynb")
    try:
        page.locator("body").wait_for()
        page.locator(".jp-OutputArea-output, .jp-RenderedHTMLCommon").first.wait_for()
        settle(page, page.locator("body"), TIMEOUT_S)
        assert not axe_serious(page), axe_serious(page)
        first = page.locator("button.jupyter-button:not([disabled])").first
        if first.count():
            first.click()
            settle(page, page.locator("body"), TIMEOUT_S)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"axe-lesson-{lang}.png"))
        assert not axe_serious(page), axe_serious(page)
    finally:
        context.close()
        shutdown_kernels(lab)


def test_opening_the_index_does_not_change_it(browser, lab):  # noqa: F811
    """JupyterLab marked index.ipynb modified on opening (the kernelspec it
    writes differed) and autosave rewrote it; a teacher's clone then showed git changes."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.set_default_timeout(TIMEOUT_S * 1000)
    page = context.new_page()
    try:
        before = (lab.root / "index.ipynb").read_text(encoding="utf-8")
        open_notebook(page, lab, "index.ipynb", TIMEOUT_S)
        page.wait_for_timeout(5000)  # the kernel's info has come back
        assert page.locator(".jp-mod-dirty").count() == 0, "index.ipynb marked modified"
        assert (lab.root / "index.ipynb").read_text(encoding="utf-8") == before
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lab-index.png"))
    finally:
        context.close()
        shutdown_kernels(lab)
