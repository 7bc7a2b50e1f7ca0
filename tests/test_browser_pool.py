"""The teacher's class pool in a real browser (Chromium, JupyterLab): Enter in the share-code
box adds the code, once (issue 27 §1 follow-up).

The kernel-side tests (tests/test_pooling.py) send the messages the browser sends; this one
checks that the browser really sends them: typing a code and pressing Enter adds it; a click
on **Add this code** right after adds nothing again; leaving the box adds nothing; a code
typed and then the button clicked is added once; the same code pasted again is refused with
its message.
"""

from __future__ import annotations

import json

import pytest
from browser_helpers import (
    CURRENT_NOTEBOOK,
    error_outputs,
    one_cell_notebook,
    open_notebook,
    run_all_cells,
    settle,
    wait_for_change,
    wait_until_executed,
)
from test_browser import (  # noqa: F401 - fixtures: browser, lab, page
    APP_TIMEOUT_S,
    browser,
    lab,
    page,
)

from dicelab.ui.teaching import BRELAN_FIVE_DICE, share_code

pytestmark = pytest.mark.browser

ADDED = {"en": "group {n} added", "fr": "groupe {n} ajouté"}
ALREADY = {"en": "this code was already added", "fr": "ce code a déjà été ajouté"}


def _box_value(pg, box, want: str) -> str:
    """The box's value once it is ``want`` (the kernel's update arrives after the message's),
    or what it is after 30 s."""
    for _ in range(120):
        if box.input_value() == want:
            break
        pg.wait_for_timeout(250)
    return box.input_value()


def _pool_notebook(server, lang: str) -> str:
    name = f"pool_{lang}.ipynb"
    source = ("from dicelab.ui.teaching import BRELAN_FIVE_DICE, Pool\n"
              f'Pool(BRELAN_FIVE_DICE, lang="{lang}")')
    (server.root / "harness").mkdir(exist_ok=True)
    (server.root / "harness" / name).write_text(json.dumps(one_cell_notebook(source), indent=1))
    return f"harness/{name}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_enter_adds_a_code_once(page, lab, lang):  # noqa: F811
    notebook = _pool_notebook(lab, lang)
    open_notebook(page, lab, notebook)
    run_all_cells(page)
    pool = page.locator(f"{CURRENT_NOTEBOOK} .dicelab-pool").first
    pool.wait_for(state="visible", timeout=APP_TIMEOUT_S * 1000)
    wait_until_executed(page, APP_TIMEOUT_S)
    assert not error_outputs(page)
    box = pool.locator(".dicelab-pool-codebox input")
    button = pool.locator("button.dicelab-pool-addcode")
    message = pool.locator(".dicelab-message")
    first, second = (share_code(BRELAN_FIVE_DICE, 4, 20, n) for n in (1, 2))

    box.fill(first)
    box.press("Enter")
    said = wait_for_change(message, "")
    assert ADDED[lang].format(n=1) in said, said
    assert _box_value(page, box, "") == ""
    button.click()  # by habit, after Enter: nothing is added, nothing is said
    page.wait_for_timeout(1500)
    assert settle(page, message) == said

    box.fill(second)  # typed, the box left (Tab), then the button: added once
    assert settle(page, message) == ""  # the last answer goes as a new code is typed
    box.press("Tab")
    assert settle(page, message) == ""  # leaving the box adds nothing
    button.click()
    said = wait_for_change(message, "")
    assert ADDED[lang].format(n=2) in said, said
    page.wait_for_timeout(1500)
    assert settle(page, message) == said

    box.fill(first)  # pasted again: refused, with its message
    settle(page, message)
    box.press("Enter")
    said = wait_for_change(message, "")
    assert ALREADY[lang] in said, said
    assert _box_value(page, box, first) == first
    assert "Traceback" not in pool.inner_text()
