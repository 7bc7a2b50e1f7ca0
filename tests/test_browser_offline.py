"""In a real browser: a lesson's page asks nothing of any host but the server, and its maths
render (no network at run time, no CDN: a classroom may be offline).

* **Voilà** (``/voila/render/…``, as ``make lab``, Binder and the lessons' links serve it),
  with the classroom's server settings (``binder/jupyter_server_config.json``; the test
  server of ``browser_helpers.lab_server`` reads the same ones): Voilà's own "lab" template
  would load Font Awesome from cdn.jsdelivr.net and MathJax from cdnjs; dicelab's template
  and ``ServerApp.tornado_settings`` make it use the MathJax 3 Voilà bundles.  Every request
  the page makes goes to 127.0.0.1, and lesson 1's formulas show as MathJax
  (``mjx-container``), not as raw ``$\\frac…$``.
* **JupyterLab** opening the same lesson: no request leaves 127.0.0.1 either, and the
  maths render (JupyterLab bundles MathJax).

Skips like tests/test_browser.py without Chromium or Playwright.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from browser_helpers import copy_notebooks, lab_server, open_notebook, shutdown_kernels
from test_browser import ARTIFACTS, NOTEBOOKS, _skip_or_fail, browser  # noqa: F401

pytestmark = pytest.mark.browser

TIMEOUT_S = 300
LESSON = "notebooks/en/lessons/01_counting_rolls.ipynb"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):  # noqa: F811 - the browser fixture, imported
    if not NOTEBOOKS.is_dir():
        _skip_or_fail("no notebooks/ folder")
    work = tmp_path_factory.mktemp("offline")
    root = work / "root"
    root.mkdir()
    copy_notebooks(NOTEBOOKS, root / "notebooks")
    with lab_server(root, work / "jupyter") as server:
        yield server


def _off_host(requests: list[str]) -> list[str]:
    """The requests to any host but this machine (data: and blob: URLs are local)."""
    return [
        url for url in requests
        if urlsplit(url).scheme in ("http", "https", "ws", "wss")
        and urlsplit(url).hostname not in LOCAL_HOSTS
    ]


def _wait_for_maths(page, selector: str, timeout_s: float) -> int:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        n = page.locator(selector).count()
        if n:
            return n
        page.wait_for_timeout(500)
    return 0


@contextmanager
def _open(browser, lab, open_page):  # noqa: F811
    """A fresh context's page, opened by ``open_page``, and every URL it requested."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(TIMEOUT_S * 1000)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        open_page(page)
        yield page, requests
    finally:
        context.close()
        shutdown_kernels(lab)


def test_voila_asks_no_other_host_and_renders_the_maths(browser, lab):  # noqa: F811
    def go(page):
        page.goto(lab.voila_url(LESSON), timeout=TIMEOUT_S * 1000)
        page.locator("#rendered_cells").wait_for(state="visible", timeout=TIMEOUT_S * 1000)

    with _open(browser, lab, go) as (page, requests):
        maths = _wait_for_maths(page, "mjx-container, .MathJax, .MathJax_CHTML", 120)
        page.wait_for_load_state("networkidle", timeout=TIMEOUT_S * 1000)
        text = page.locator("#rendered_cells").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "offline_voila_lesson01.png"), full_page=True)
        assert _off_host(requests) == [], _off_host(requests)
        assert any(urlsplit(u).path.endswith("/voila/render/" + LESSON) for u in requests)
        assert maths >= 3, f"{maths} formulas rendered by MathJax"
        assert "\\frac" not in text and "$6^n$" not in text, text[:2000]


def test_jupyterlab_asks_no_other_host_and_renders_the_maths(browser, lab):  # noqa: F811
    with _open(browser, lab, lambda page: open_notebook(page, lab, LESSON)) as (page, requests):
        maths = _wait_for_maths(page, ".jp-NotebookPanel mjx-container", 120)
        page.wait_for_load_state("networkidle", timeout=TIMEOUT_S * 1000)
        assert _off_host(requests) == [], _off_host(requests)
        assert maths >= 3, f"{maths} formulas rendered by MathJax"
