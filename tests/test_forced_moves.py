"""Forced and impossible moves (issue 32 §2): a forced move that sets dice aside is said in
words with one button that plays it; a die no legal move can set aside is refused at the
click, with the reason the game's own rules give."""

from __future__ import annotations

import pytest

from dicelab.core.errors import DicelabError
from dicelab.games import Roll, cinqmille, seveny

pytest.importorskip("ipywidgets")

from dicelab.ui.widgets import play  # noqa: E402


def _at(app, *rolls):
    """Play hand-set rolls: the first with Roll(()), the others keeping the dice given."""
    first, *more = rolls
    app.session.apply(Roll(()), dice=first)
    for keep, dice in more:
        app.session.apply(Roll(keep), dice=dice)
    app.refresh()


def _rule_reason(module, state, keep, lang):
    try:
        module.step(state, Roll(keep))
    except DicelabError as e:
        return e.message(lang)
    raise AssertionError("legal")


@pytest.mark.parametrize("lang,text,button", [
    ("fr", "Un seul coup possible\u00a0: mettre de côté 3 3 3, relancer 1 dé.",
     "Le jouer\u00a0: mettre de côté 3 3 3, relancer 1 dé"),
    ("en", "Only one move is possible: set aside 3 3 3, roll 1 die.",
     "Play it: set aside 3 3 3, roll 1 die"),
])
def test_the_forced_move_of_5000_is_said_and_one_button_plays_it(lang, text, button):
    app = play("cinqmille", seed=1, players=2, lang=lang, coach_prompt=False)
    try:
        _at(app, [1, 4, 2, 6, 2], ((1,), [4, 3, 3, 3]))
        assert app.legal() == frozenset({Roll((3, 3, 3))})  # not opened: must set 3 3 3 aside
        assert app.forced_move() == Roll((3, 3, 3))
        assert text in app.why.value
        assert "forcé" not in app.winbar.value and "it is forced" not in app.winbar.value
        assert app.enabled_actions()[0] == "forced"
        b = app.forced_button
        assert "dicelab-forced-move" in b._dom_classes and app.resolve_box.children == (b,)
        assert b.description == button and not b.disabled and app.resolve_buttons == []
        app.set_language("en" if lang == "fr" else "fr")  # relabelled with the language
        b = app.forced_button
        assert b.description != button and "3 3 3" in b.description
        b.click()
        assert app.game.actions[-1] == Roll((3, 3, 3)) and len(app.game.actions) == 3
        assert app.forced_move() is None and "dicelab-forced-text" not in app.why.value
        assert app.forced_button is None and "forced" not in app.enabled_actions()
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_5000_refuses_a_die_that_scores_nothing_with_the_rules_reason(lang):
    app = play("cinqmille", seed=2026, lang=lang, coach_prompt=False)
    try:
        assert app.roll() and app.state.dice == (6, 2, 1, 4, 3)
        why = _rule_reason(cinqmille, app.state, (6,), lang)
        assert why.startswith("6 ") and ("brelan" in why)
        assert app.key("1") is False and app.selection() == ()  # the 6: refused
        assert why.replace("'", "&#x27;") in app.message.value
        assert "dicelab-error" in app.message.value
        for i in (1, 3, 4):  # 2, 4, 3: refused too
            assert not app.dice_row.toggle(i)
        assert app.dice_row.toggle(2) and app.selection() == (1,)  # the 1 scores
        assert not app.roll_button.disabled
    finally:
        app.close()


def test_5000_lets_a_brelan_be_built_one_click_at_a_time():
    app = play("cinqmille", seed=1, lang="en", coach_prompt=False)
    try:
        _at(app, [6, 2, 6, 3, 6])
        assert app.dice_row.toggle(0) and app.dice_row.toggle(2) and app.dice_row.toggle(4)
        assert app.selection() == (6, 6, 6) and not app.roll_button.disabled
        assert not app.dice_row.toggle(1)  # the 2 still scores nothing
    finally:
        app.close()


def test_seveny_refuses_a_lone_face_with_its_own_rule():
    app = play("seveny", seed=1, lang="fr", coach_prompt=False)
    try:
        _at(app, [3, 3, 2, 1, 4, 5, 6])
        why = _rule_reason(seveny, app.state, (3,), "fr")
        assert not app.dice_row.toggle(0) and app.selection() == ()
        assert why.replace("'", "&#x27;") in app.message.value
        assert app.dice_row.toggle(3) and app.dice_row.toggle(6)  # a 1 and a 6: settable
        assert app.selection() == (1, 6)
    finally:
        app.close()
    app = play("seveny", seed=1, lang="en", coach_prompt=False)
    try:
        _at(app, [3, 3, 2, 3, 4, 5, 2])
        assert all(app.dice_row.toggle(i) for i in (0, 1, 3))  # a brelan of 3
        assert app.selection() == (3, 3, 3)
    finally:
        app.close()


@pytest.mark.parametrize("key,dice", [("dripeul", [6, 2, 1, 4, 3]),
                                      ("trwavril", [6, 2, 1, 4])])
def test_keep_and_reroll_games_keep_any_dice(key, dice):
    """Dripeul and Trwavril keep any dice between rolls: no click is refused."""
    app = play(key, seed=1, lang="en", coach_prompt=False)
    try:
        _at(app, dice)
        assert all(app.dice_row.toggle(i) for i in range(len(dice)))
        assert app.selection() == tuple(sorted(dice)) and app.forced_move() is None
    finally:
        app.close()


def test_resolution_buttons_follow_the_language():
    from dicelab.games import Stop

    app = play("trwavril", seed=1, lang="en", coach_prompt=False)
    try:
        _at(app, [3, 3, 3, 3])
        app.session.apply(Stop())
        app.refresh()
        assert app.resolve_buttons[0].description.startswith("flip card")
        app.set_language("fr")
        assert app.resolve_buttons and all(
            not b.description.startswith("flip") for b in app.resolve_buttons)
    finally:
        app.close()
