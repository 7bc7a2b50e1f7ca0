"""End-to-end, in both languages: the French and English play notebooks in a real browser.

For each game and each language the play notebook (``notebooks/fr/0[1-4]_*.ipynb`` and
``notebooks/en/...``) is opened in JupyterLab (all cells run from the Run menu) and as a
Voilà page (the Binder links' route).  The app's buttons are checked by their text in that
language — the expected strings come from the catalog through ``dicelab.core.i18n._``, never typed
in here — then the odds are revealed, a die toggled and the dice rolled, and a screenshot is
saved in ``artifacts/`` (``browser-fr-dripeul.png``, ``voila-en-seveny.png``, …).

The machinery (server, Chromium, skips without ``/usr/bin/chromium``) is that of
``tests/test_browser.py``.
"""

from __future__ import annotations

import pytest
from browser_helpers import settle
from test_browser import (  # noqa: F401 - fixtures: browser, lab, page
    APP_TIMEOUT_S,
    ARTIFACTS,
    NOTEBOOKS,
    _run_in_lab,
    _skip_or_fail,
    browser,
    exercise_app,
    lab,
    page,
)

from dicelab.core.i18n import _
from dicelab.registry import GAMES, play_notebook

pytestmark = pytest.mark.browser

#: Game key -> play notebook name (the same in both trees).
PLAY = {g.key: f"{play_notebook(g)}.ipynb" for g in GAMES}
#: The buttons each game's app shows at the start, by CSS class -> English label (msgid):
#: a reroll game stops, a push-your-luck game banks.
BUTTONS = {g.key: ({"dicelab-roll": "Roll", "dicelab-stop": "Stop"} if g.kind == "reroll"
                   else {"dicelab-roll": "Roll", "dicelab-bank": "Bank"}) for g in GAMES}
CASES = [(lang, key) for lang in ("fr", "en") for key in PLAY]


def _notebook(lang: str, key: str) -> str:
    path = NOTEBOOKS / lang / PLAY[key]
    if not path.exists():
        _skip_or_fail(f"notebooks/{lang}/{PLAY[key]} does not exist")
    return f"notebooks/{lang}/{PLAY[key]}"


def check_buttons(app, lang: str, key: str) -> dict[str, str]:
    """Each button of the app carries the catalog's label in ``lang`` (a button may add a
    count, e.g. the rolls left: "Roll 3")."""
    seen = {}
    for css, msgid in BUTTONS[key].items():
        button = app.locator(f".{css}").first
        assert button.count(), f"no .{css} button"
        seen[msgid] = button.inner_text().strip()
    expected = {msgid: _(msgid, lang=lang) for msgid in BUTTONS[key].values()}
    wrong = {m: text for m, text in seen.items() if not text.startswith(expected[m])}
    assert not wrong, f"{lang} {key}: buttons {seen}, the catalog says {expected}"
    odds = app.locator(".dicelab-show-odds").first.inner_text().strip()
    assert _("Show odds", lang=lang) in odds, f"show-odds switch reads {odds!r}"
    # every play notebook's app offers the game against the computer in one click
    mode = app.locator(".dicelab-mode button", has_text=_("against the computer", lang=lang))
    assert mode.count() == 1 and mode.is_visible(), "no visible 'against the computer' button"
    return seen


@pytest.mark.parametrize("lang, key", CASES)
def test_play_notebook_in_jupyterlab_by_language(page, lab, lang, key):  # noqa: F811
    app = _run_in_lab(page, lab, _notebook(lang, key))
    exercise_app(page, app, ARTIFACTS / f"browser-{lang}-{key}.png")  # screenshot first
    check_buttons(app, lang, key)


@pytest.mark.parametrize("lang, key", CASES)
def test_play_notebook_in_voila_by_language(page, lab, lang, key):  # noqa: F811
    page.goto(lab.voila_url(_notebook(lang, key)), timeout=APP_TIMEOUT_S * 1000)
    app = page.locator(".dicelab-app").first
    app.wait_for(state="visible", timeout=APP_TIMEOUT_S * 1000)
    settle(page, page.locator("body"), APP_TIMEOUT_S)
    exercise_app(page, app, ARTIFACTS / f"voila-{lang}-{key}.png")
    check_buttons(app, lang, key)
