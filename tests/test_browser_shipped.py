"""In a real browser: the shipped notebooks stay as shipped, and the odds fit a phone.

* **Notebooks that stay as shipped** (issue 32 §6).  JupyterLab runs with the classroom's
  server settings (``binder/jupyter_server_config.json``, which ``make lab`` passes and
  Binder installs; ``binder/overrides.json``, JupyterLab's settings) on a git repository
  holding a copy of ``notebooks/``.  A student opens ``fr/01_dripeul.ipynb``, runs all
  cells, rolls, saves: ``git status --porcelain notebooks/`` stays empty (the server's
  pre-save hook dropped the outputs and widget state).  Closing the tab shuts its kernel
  down, and the server says it culls idle kernels.
* **At phone width** (§5), in Voilà at 390×844, both languages, light and dark themes:
  the odds show the best five choices, each on one line, in a box that does not scroll
  on its own; « tous les choix (N) » (keyboard: Tab to it, Enter) shows every row; no
  sideways scroll; axe-core finds no serious violation.  The Load button says only its
  words (no « (0) »); Undo pressed while it is off says why in the message line.

Screenshots in ``artifacts/``.  Skips like tests/test_browser.py without Chromium or
Playwright.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.request

import pytest
from browser_helpers import (
    CURRENT_NOTEBOOK,
    copy_notebooks,
    lab_server,
    one_cell_notebook,
    open_notebook,
    run_all_cells,
    settle,
    shutdown_kernels,
    voila_app,
    wait_until_executed,
)
from test_browser import ARTIFACTS, NOTEBOOKS, ROOT, _skip_or_fail, browser  # noqa: F401
from test_browser_modes import AXE, axe_serious, no_sideways_scroll

from dicelab.core.i18n import _
from dicelab.ui.widgets.overlay import SHORT_LIST

pytestmark = pytest.mark.browser

TIMEOUT_S = 300
PHONE = (390, 844)
SHIPPED = "notebooks/fr/01_dripeul.ipynb"


def _only_jupytext_version_changed(root) -> bool:
    """``notebooks/`` is as shipped, but for the ``jupytext_version:`` line of a paired text
    source, which a newer jupytext than the one that wrote it rewrites on save (a fresh
    install may bring one)."""
    status = _git(root, "status", "--porcelain", "notebooks/")
    if status == "":
        return True
    assert all(x.startswith(" M ") for x in status.splitlines()), status  # no new file
    diff = _git(root, "diff", "-U0", "notebooks/")
    changed = [x for x in diff.splitlines()
               if x[:1] in "+-" and not x.startswith(("+++", "---"))]
    assert all("jupytext_version:" in x for x in changed), diff
    return True


def _git(root, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@localhost", *args],
        cwd=root, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def classroom(browser, tmp_path_factory):  # noqa: F811 - the imported fixture
    """JupyterLab with the classroom's settings, on a git repository of notebooks/."""
    if shutil.which("git") is None:
        _skip_or_fail("git is missing")
    work = tmp_path_factory.mktemp("shipped")
    root = work / "repo"
    root.mkdir()
    copy_notebooks(NOTEBOOKS, root / "notebooks")
    shutil.copy(ROOT / ".gitignore", root / ".gitignore")  # checkpoints are ignored
    for lang in ("fr", "en"):
        (root / f"phone_{lang}.ipynb").write_text(json.dumps(one_cell_notebook(
            "from dicelab.ui.widgets import play\n"
            f"app = play('dripeul', seed=2026, lang={lang!r}, show_odds=True, "
            "coach_prompt=False)\napp"), indent=1))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "shipped")
    settings = json.loads((ROOT / "binder" / "overrides.json").read_text())
    config = ROOT / "binder" / "jupyter_server_config.json"
    with lab_server(root, work / "jupyter", extra_args=[f"--config={config}"],
                    overrides=settings) as server:
        yield server


def _kernels(server) -> list:
    with urllib.request.urlopen(server.url("api/kernels"), timeout=10) as r:
        return json.loads(r.read())


def test_run_all_and_save_leaves_the_shipped_notebook_unchanged(browser, classroom):  # noqa: F811
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_S * 1000)
    page = context.new_page()
    try:
        open_notebook(page, classroom, SHIPPED, TIMEOUT_S)
        run_all_cells(page)
        app = page.locator(f"{CURRENT_NOTEBOOK} .dicelab-app").first
        app.wait_for(state="visible", timeout=TIMEOUT_S * 1000)
        wait_until_executed(page, TIMEOUT_S)
        app.locator(".dicelab-roll").first.click()  # a move: widget state to save
        app.locator(".dicelab-dice .dicelab-die").first.wait_for()
        settle(page, app, TIMEOUT_S)
        tab = page.locator(".lm-TabBar-tab.jp-mod-current")
        assert "jp-mod-dirty" in (tab.get_attribute("class") or "")  # "Save changes?"
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(
            "() => !document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')",
            timeout=TIMEOUT_S * 1000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "shipped-fr-saved.png"))
        saved = json.loads((classroom.root / SHIPPED).read_text(encoding="utf-8"))
        assert all(not c.get("outputs") for c in saved["cells"] if c["cell_type"] == "code")
        assert "widgets" not in saved["metadata"]
        assert _only_jupytext_version_changed(classroom.root)
        # closing the tab shuts its kernel down (JupyterLab's kernelShutdown setting)
        assert len(_kernels(classroom)) == 1
        page.evaluate("() => window.jupyterapp.commands.execute('application:close')")
        deadline = time.monotonic() + 60
        while _kernels(classroom) and time.monotonic() < deadline:
            page.wait_for_timeout(500)
        assert _kernels(classroom) == []
        # and the server culls kernels left idle (a tab lost without closing)
        assert "Culling kernels with idle durations > 600 seconds" in classroom.log_tail(400)
    finally:
        context.close()
        shutdown_kernels(classroom)


@pytest.mark.parametrize("lang,theme", [("fr", ""), ("en", ""), ("fr", "&theme=dark")])
def test_odds_at_phone_width_show_the_best_choices_and_all_on_demand(
        browser, classroom, lang, theme):  # noqa: F811
    if not AXE.exists():
        _skip_or_fail(f"axe-core is missing ({AXE}): run `make browser` (npm install)")
    with voila_app(browser, classroom, f"phone_{lang}.ipynb", *PHONE, TIMEOUT_S,
                   query=theme) as (page, app):
        settle(page, app, TIMEOUT_S)
        load = app.locator(".dicelab-load")
        assert load.inner_text().strip() == _("Load a game", lang=lang)  # no « (0) »
        # Undo pressed while it is off says why (a touch screen shows no tooltip)
        app.locator(".dicelab-undo").first.click()
        why = _("Undo is off. {why}", lang=lang, why=_("There is nothing to undo.", lang=lang))
        page.wait_for_function(
            "t => document.querySelector('.dicelab-message').innerText.includes(t)",
            arg=why, timeout=TIMEOUT_S * 1000)
        app.locator(".dicelab-roll").first.click()
        app.locator(".dicelab-odds .dicelab-choice").first.wait_for()
        settle(page, app, TIMEOUT_S)
        rows = app.locator(".dicelab-odds .dicelab-choice")
        total = rows.count()
        assert total > SHORT_LIST + 5, total
        shown = [i for i in range(total) if rows.nth(i).is_visible()]
        assert SHORT_LIST <= len(shown) <= SHORT_LIST + 1, shown  # + your choice, if lower
        odds = app.locator(".dicelab-odds").first
        inner, outer = odds.evaluate("e => [e.scrollHeight, e.clientHeight]")
        assert inner <= outer + 1, (inner, outer)  # no scrolling box inside the page
        table, box = app.locator(".dicelab-odds table").first.evaluate(
            "e => [e.scrollWidth, e.closest('.dicelab-overlay').clientWidth]")
        assert table <= box, (table, box)  # every column seen: the value is never cut
        line = rows.nth(shown[0]).evaluate(
            "e => parseFloat(getComputedStyle(e.cells[0]).lineHeight) || 20")
        for i in shown:  # each choice on one line
            box = rows.nth(i).bounding_box()
            assert box and box["height"] < 2 * line + 8, (i, box, line)
        no_sideways_scroll(page)
        name = "phone-odds-" + lang + ("-dark" if theme else "")
        ARTIFACTS.mkdir(exist_ok=True)
        app.locator(".dicelab-overlay").screenshot(path=str(ARTIFACTS / f"{name}.png"))
        more = app.locator(".dicelab-all-choices")
        label = _("all choices ({n})", lang=lang, n=total)
        assert more.is_visible() and more.inner_text().strip() == label
        assert not axe_serious(page), axe_serious(page)
        more.focus()  # the keyboard: the button takes the focus, Enter presses it
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => Array.from(document.querySelectorAll('.dicelab-odds .dicelab-choice'))"
            ".filter(e => e.offsetParent !== null).length === n", arg=total,
            timeout=TIMEOUT_S * 1000)
        assert more.inner_text().strip() == _("only the best {n}", lang=lang, n=SHORT_LIST)
        no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"{name}-all.png"), full_page=True)
        assert not axe_serious(page), axe_serious(page)
