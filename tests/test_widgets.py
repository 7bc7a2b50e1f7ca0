"""The widget apps driven without a browser: click, toggle, check state and overlay.

Shared parts are tested on Trwavril (the first game with its exact engine);
tests/test_widgets_games.py covers each game's app.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from dicelab.core.i18n import set_language  # noqa: E402
from dicelab.core.objectives import format_objective  # noqa: E402
from dicelab.engine import trwavril as trwavril_odds
from dicelab.engine.advice import Advice, Choice, rank  # noqa: E402
from dicelab.games import trwavril  # noqa: E402
from dicelab.games._base import Resolve, Roll, Stop  # noqa: E402
from dicelab.registry import REGISTRY  # noqa: E402
from dicelab.ui.text import fmt_loss, shown_loss  # noqa: E402
from dicelab.ui.widgets import play as _play  # noqa: E402
from dicelab.ui.widgets.controls import parse_dice_text  # noqa: E402
from dicelab.ui.widgets.overlay import CoachTally, odds_html, read_rows, selection_sentence

rows = read_rows


@pytest.fixture(autouse=True)
def english():
    """These tests read English words (the French ones are in tests/test_widgets_i18n.py)."""
    set_language("en")
    yield
    set_language(None)


def play(game, **kw):
    """The app without the coach prompt (these tests click choices the coach would question)."""
    kw.setdefault("coach_prompt", False)
    return _play(game, **kw)


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def rolled(seed=1, dice=(3, 4, 5, 6), **kw):
    app = play("trwavril", seed=seed, **kw)
    assert app.roll()
    assert app.teacher_set_dice(" ".join(map(str, dice)))
    return app


# ------------------------------------------------------------------ pure parts
def _toy_advice():
    return Advice("p_win", True, rank([
        Choice((5, 5), Roll((5, 5)), "keep 5 5, roll 3", {"p_win": 0.25, "p_turn": 0.5}),
        Choice((1, 5, 5, 5, 6), Stop(), "stop", {"p_win": 0.5, "p_turn": 1.0}),
        Choice((), Roll(()), "roll all 5", {"p_win": 0.125, "p_turn": 0.25}),
    ], "p_win", True))


def test_odds_html_marks_best_and_selection():
    adv = _toy_advice()
    r = rows(odds_html(adv, {Roll((5, 5))}))
    assert [x["label"] for x in r] == ["stop", "keep 5 5, roll 3", "roll all 5"]
    assert r[0]["number"] == "chance to win 50.0%" and "★ best" in r[0]["marks"]
    assert "◀ your choice" in r[1]["marks"] and "★ best" not in r[1]["marks"]
    assert "◀ your choice" not in r[0]["marks"] + r[2]["marks"]
    # bar widths are the probabilities themselves
    widths = re.findall(r'class="dicelab-bar" style="[^"]*width:([0-9.]+)%', odds_html(adv))
    assert widths == ["50.0", "25.0", "12.5"]


def test_selection_sentence_numbers():
    adv = _toy_advice()
    s = selection_sentence(adv, {Roll(())})
    assert "loses 37.5 percentage points of chance to win the game" in s
    assert "“stop”, chance to win 50.0%" in s
    assert selection_sentence(adv, {Stop()}) == "Your choice “stop” is the best choice."
    assert "not one of the legal choices" in selection_sentence(adv, {Roll((1,))})


def test_relative_bars_for_turns():
    adv = Advice("expected_turns", False, rank([
        Choice((1,), Roll((1,)), "a", {"expected_turns": 10.0}),
        Choice((5,), Roll((5,)), "b", {"expected_turns": 20.0}),
    ], "expected_turns", False))
    html = odds_html(adv)
    assert [x["number"] for x in rows(html)] == [
        "turns left on average 10.00", "turns left on average 20.00"]
    # a longer bar is a better choice: best / value
    assert re.findall(r'dicelab-bar" style="[^"]*width:([0-9.]+)%', html) == ["100.0", "50.0"]
    assert "1.50 more turns on average" in fmt_loss("expected_turns", 1.5)


def test_coach_tally_adds_losses():
    t = CoachTally()
    t.add("p_win", 0.1, "x")
    t.add("p_win", 0.05, "y")
    t.add("p_win", 0.0, "z")
    assert t.decisions == 3 and t.below_best == 2
    assert t.lost["p_win"] == pytest.approx(0.15)
    assert "15.0 percentage points" in t.text()


def test_parse_dice_text():
    assert parse_dice_text("1,2 3;4") == (1, 2, 3, 4)
    for bad in ("", "1 2 x", "1.5"):
        with pytest.raises(ValueError):
            parse_dice_text(bad)


# ------------------------------------------------------------------ the app
def test_dom_classes_and_defaults():
    app = play("trwavril", seed=1)
    assert "dicelab-app" in classes(app.box)
    assert "dicelab-dice" in classes(app.dice_row.box)
    assert "dicelab-roll" in classes(app.roll_button)
    assert "dicelab-stop" in classes(app.stop_button)
    assert "dicelab-bank" in classes(app.bank_button)
    assert "dicelab-overlay" in classes(app.overlay.box)
    assert "dicelab-show-odds" in classes(app.overlay.show_odds)
    assert "dicelab-board" in classes(app.board)
    assert "dicelab-log" in classes(app.log)
    assert app.overlay.show_odds.value is False
    app.roll()
    assert all("dicelab-die" in classes(t) for t in app.dice_row.die_toggles)
    assert len(app.dice_row.die_toggles) == 4


def test_same_seed_same_dice():
    a, b = play("trwavril", seed=42), play("trwavril", seed=42)
    a.roll_button.click()
    b.roll_button.click()
    g = trwavril.Game(seed=42)
    g.apply(Roll(()))
    assert a.state.dice == b.state.dice == g.state.dice


def test_buttons_follow_legal_actions():
    app = play("trwavril", seed=3)
    assert not app.roll_button.disabled and app.stop_button.disabled
    assert app.bank_button.disabled  # Trwavril has no banking
    assert all(t.disabled for t in app.dice_row.die_toggles)
    app.roll_button.click()
    assert not app.roll_button.disabled and not app.stop_button.disabled
    for t in app.dice_row.die_toggles:  # keeping all 4 is not a roll
        t.value = True
    assert Roll(app.state.dice) not in trwavril.legal_actions(app.state)
    assert app.roll_button.disabled and not app.stop_button.disabled
    app.dice_row.die_toggles[0].value = False
    assert not app.roll_button.disabled


def test_die_labels_and_tooltips():
    app = rolled(dice=(2, 5, 5, 1))
    t = app.dice_row.die_toggles[2]
    assert t.description == "5" and t.tooltip == "Die 3: 5 — not kept (key 3)"
    assert "dicelab-face-5" in classes(t)  # drawn as a face with five pips
    t.value = True
    assert t.description == "5 ✓ kept" and t.tooltip == "Die 3: 5 — kept (key 3)"


def test_odds_hidden_then_shown_with_best_from_engine():
    app = rolled(dice=(3, 4, 5, 6))
    assert "Odds hidden" in app.overlay.body.value
    assert rows(app.overlay.body.value) == []
    app.overlay.show_odds.value = True
    adv = trwavril_odds.advise_state(app.state)
    r = rows(app.overlay.body.value)
    assert len(r) == len(adv.choices)
    assert r[0]["label"] == app.choice_label(adv.best) == "stop"
    assert r[0]["number"] == "chance to win " + format_objective("p_win", adv.best["p_win"])
    assert "★ best" in r[0]["marks"]
    assert [x["label"] for x in r] == [app.choice_label(c) for c in adv.choices]
    assert "keep 3 4, roll 2 dice" in [x["label"] for x in r]


def test_selection_mark_moves_and_loss_sentence():
    app = rolled(dice=(3, 4, 5, 6), show_odds=True)
    adv = trwavril_odds.advise_state(app.state)
    app.select(0, 1)  # keep 3 4
    mine = [x for x in rows(app.overlay.body.value) if "◀ your choice" in x["marks"]]
    choice = adv.find(Roll((3, 4)))
    assert [m["label"] for m in mine] == [app.choice_label(choice)]
    assert choice.loss > 0
    # the loss the table's rounded numbers show, in the coach's words
    shown = shown_loss("p_win", adv.best["p_win"], choice["p_win"])
    assert shown == pytest.approx(choice.loss, abs=0.001)
    assert fmt_loss("p_win", shown) in app.overlay.sentence.value
    app.select(2)  # keep 5
    mine = [x for x in rows(app.overlay.body.value) if "◀ your choice" in x["marks"]]
    assert [m["label"] for m in mine] == [app.choice_label(adv.find(Roll((5,))))]
    app.select(0, 1, 2, 3)  # all kept = stop
    mine = [x for x in rows(app.overlay.body.value) if "◀ your choice" in x["marks"]]
    assert [m["label"] for m in mine] == [app.choice_label(adv.find(Stop()))]


def test_hint_shows_only_best():
    app = rolled(dice=(1, 1, 2, 6))
    adv = trwavril_odds.advise_state(app.state)
    app.overlay.hint_button.click()  # 1st: which dice matter, not the answer
    assert rows(app.overlay.body.value) == []
    from dicelab.analysis import coach

    first = coach.hint(app.state, 1, lang="en")
    assert first.text in app.overlay.body.value
    marked = [i for i, t in enumerate(app.dice_row.die_toggles) if "dicelab-hinted" in classes(t)]
    assert marked == list(first.positions)  # the dice the hint points at are marked
    app.overlay.hint_button.click()  # 2nd: the best choice
    r = rows(app.overlay.body.value)
    assert [x["label"] for x in r] == [app.choice_label(adv.best)]
    assert "★ best" in r[0]["marks"]
    app.overlay.hint_button.click()  # 3rd: the full table
    assert len(rows(app.overlay.body.value)) == len(adv.choices)
    app.roll_button.click()  # a new position forgets the hint
    if app.overlay.advice() is not None and not app.state.is_over:
        assert rows(app.overlay.body.value) == []


def test_advice_is_cached_per_position(monkeypatch):
    app = rolled(dice=(1, 2, 2, 6), show_odds=True)
    calls = []
    real = trwavril_odds.advise_state
    monkeypatch.setattr(trwavril_odds, "advise_state", lambda s, **k: calls.append(s) or real(s))
    app._advice_cache.clear()
    for i in range(4):
        app.dice_row.die_toggles[i].value = True
        app.dice_row.die_toggles[i].value = False
    assert len(calls) == 1


def test_coach_tally_counts_actual_choices():
    app = rolled(dice=(3, 4, 5, 6))
    adv = trwavril_odds.advise_state(app.state)
    app.select(0)  # keep 3: worse than stopping on the suite
    loss = adv.find(Roll((3,))).loss
    assert loss > 0
    app.roll_button.click()
    assert app.overlay.tally.decisions == 1
    assert app.overlay.tally.lost["p_win"] == pytest.approx(loss)
    assert fmt_loss("p_win", loss) in app.overlay.coach.value


def test_resolution_prompt():
    app = rolled(dice=(2, 2, 2, 2), show_odds=True)
    app.stop_button.click()
    assert app.state.phase == "resolve"
    labels = [b.description for b in app.resolve_buttons]
    assert labels == ["flip card 1 (bar it)", "flip card 2 (bar it)", "flip card 3 (bar it)"]
    assert app.roll_button.disabled and app.stop_button.disabled
    # the resolution is advised too
    adv = trwavril_odds.advise_state(app.state)
    assert rows(app.overlay.body.value)[0]["label"] == app.choice_label(adv.best)
    assert app.overlay.sentence.value == ""  # no dice selection to judge here
    app.resolve_buttons[2].click()
    assert app.game.state.barred[0] == (3,)
    # struck through, no raw markup
    assert "<s>3</s>" in app.board.value and "barred" in app.board.value
    assert "~~" not in app.board.value
    assert app.overlay.tally.decisions == 2  # stop, then the card


def test_teacher_mode_errors_leave_game_unchanged():
    app = play("trwavril", seed=9)
    assert not app.teacher_set_dice("1 2 3 4")  # no roll yet
    assert "Not possible" in app.message.value and "roll first" in app.message.value
    app.roll()
    before = app.state
    for bad, words in [("1 2 3 7", "1 to 6"), ("1 2 3", "expected 4 dice"),
                       ("1 two 3 4", "not a die value"), ("", "type the dice")]:
        assert not app.teacher_set_dice(bad)
        assert words in app.message.value
        assert app.state == before
    assert app.teacher_set_dice("6 6 6 1")
    assert app.state.dice == (6, 6, 6, 1)


def test_teacher_button_uses_text_box():
    app = play("trwavril", seed=9)
    app.roll_button.click()
    app.controls.dice_text.value = "4 4 4 4"
    app.controls.set_dice.click()
    assert app.state.dice == (4, 4, 4, 4)
    assert "4 4 4 4" in app.message.value


def test_engine_errors_are_messages():
    app = play("trwavril", seed=1)
    assert not app.act(Resolve(3))
    assert "Not possible" in app.message.value
    assert app.state == trwavril.new_state()


def test_new_game_with_variant_seed_and_players():
    app = play("trwavril", seed=1)
    app.roll()
    app.controls.variants.dropdowns["parapluies"].value = 2
    app.controls.seed.value = 77
    app.controls.players.count.value = 3
    app.controls.new_game.click()
    assert app.game.rules.parapluies == 2 and app.game.seed == 77
    assert app.state.players == 3 and app.state.phase == "start"
    assert "2 of 2 left" in app.board.value
    labels = {dd.description for dd in app.controls.variants.dropdowns.values()}
    assert labels == set(trwavril.Rules.LABELS.values())


def test_reset_restarts_same_dice():
    app = play("trwavril", seed=5)
    app.roll()
    first = app.state.dice
    app.stop()
    app.controls.reset.click()
    assert app.state == trwavril.new_state()
    app.roll()
    assert app.state.dice == first


def test_log_and_status():
    app = rolled(dice=(1, 2, 4, 6))
    assert "Turn 1" in app.status.value
    app.stop_button.click()  # a miss: a parapluie is turned
    assert "a parapluie is turned over (3 left)." in app.log.value
    assert "3 of 4 left" in app.board.value


def test_computer_player_turn():
    app = play("trwavril", seed=4, players=2, computer={1: "random"})
    assert app.computer_button.disabled  # player 1 is human
    app.roll_button.click()
    app.stop_button.click()
    while app.state.phase == "resolve":
        app.resolve_buttons[0].click()
    assert app.state.current_player == 1 and not app.computer_button.disabled
    assert app.roll_button.disabled and all(t.disabled for t in app.dice_row.die_toggles)
    app.computer_button.click()
    assert app.state.current_player == 0 or app.state.is_over
    assert app.state.turn_count == 2


def test_auto_computer_and_optimal_play_whole_game():
    app = play("trwavril", seed=2, computer=[0], auto_computer=True)
    assert app.state.is_over
    assert "Game over" in app.status.value
    assert app.roll_button.disabled and app.stop_button.disabled


def test_whole_game_by_clicks():
    app = play("trwavril", seed=11, parapluies=2)
    for _ in range(1000):
        if app.state.is_over:
            break
        if app.resolve_buttons:
            best = trwavril_odds.advise_state(app.state).best
            app.resolve_buttons[app.resolve_choices.index(best.action.choice)].click()
        elif app.state.phase == "start":
            app.roll_button.click()
        else:
            # keep the dice the optimal choice keeps, by toggling them
            best = trwavril_odds.advise_state(app.state).best
            keep = list(best.keep)
            for t, v in zip(app.dice_row.die_toggles, app.state.dice):
                t.value = v in keep and not keep.remove(v)
            (app.stop_button if isinstance(best.action, Stop) else app.roll_button).click()
    assert app.state.is_over
    assert "Game over" in app.status.value
    assert app.overlay.tally.decisions > 0
    assert app.overlay.tally.below_best == 0


# ------------------------------------------------------------------ keyboard
def test_keyboard_keys_toggle_roll_stop_undo():
    app = play("trwavril", seed=1)
    assert app.keyboard is not None and "dicelab-keys" in classes(app.keyboard)
    assert app.keyboard in app.box.children  # inside the app: keys work when it has focus
    assert "R roll" in app.help.value and "U undo" in app.help.value
    assert not app.key("1")  # no dice yet
    assert app.key("r") and len(app.state.dice) == 4
    assert app.key("1") and app.dice_row.die_toggles[0].value
    assert app.key("1") and not app.dice_row.die_toggles[0].value
    assert not app.key("7")  # Trwavril has four dice
    assert not app.key("b")  # no banking in Trwavril
    app.key("2")
    kept = app.state.dice[1]
    assert app.key("r") and app.state.rolls_left == 1
    assert app.state.kept == (kept,)
    assert app.key("u") and app.state.rolls_left == 2  # undo the reroll
    assert app.key("s") and app.state.phase in ("resolve", "start")
    # the browser side: the listener's message reaches the app
    before = len(app.game.actions)
    app.keyboard._handle_custom_msg({"key": "u"}, [])
    assert len(app.game.actions) == before - 1


def test_keyboard_hint_ladder():
    app = rolled(dice=(1, 1, 2, 6))
    assert app.key("h") and app.overlay.hint_level == 1
    assert app.key("h") and app.overlay.hint_level == 2
    assert app.key("h") and app.overlay.hint_level == 3


# ------------------------------------------------------------------ undo
def test_undo_every_phase_back_to_the_start():
    app = rolled(dice=(2, 2, 2, 2))
    app.select(0, 1, 2)
    app.roll()
    assert app.teacher_set_dice("2"), app.message.value  # the re-rolled die
    app.stop()
    assert app.state.phase == "resolve"
    app.resolve_buttons[0].click()  # a resolution is a decision too
    assert app.state.barred[0]
    states = []
    g = app.game
    while g.actions:
        states.append(app.state)
        n = len(g.actions)
        assert app.undo_button.click() is None and len(g.actions) == n - 1
    assert app.state == trwavril.new_state()
    assert "dicelab-off" in app.undo_button._dom_classes and not app.undo_button.disabled
    app.undo_button.click()  # pressed while off (a touch screen: no tooltip), it says why
    assert "Undo is off. There is nothing to undo." in app.message.value
    assert 'role="alert"' in app.message.value and app.state == trwavril.new_state()
    assert states[0].barred[0] and states[1].phase == "resolve"


def test_undo_takes_back_the_coach_tally():
    app = rolled(dice=(3, 4, 5, 6))
    app.select(0)
    app.roll()
    assert app.overlay.tally.decisions == 1
    app.undo()
    assert app.overlay.tally.decisions == 0 and "no decisions yet" in app.overlay.coach.value


def test_undo_refused_after_a_computer_seat_played_unless_allowed():
    app = play("trwavril", seed=4, players=2, computer={1: "random"})
    app.roll()
    assert app.undo() and app.state.phase == "start"  # no computer has played yet
    app.roll()
    app.stop()
    while app.state.phase == "resolve":
        app.resolve_buttons[0].click()
    app.play_computer_turn()
    assert not app.undo_allowed() and "dicelab-off" in app.undo_button._dom_classes
    n = len(app.game.actions)
    assert not app.undo() and len(app.game.actions) == n
    assert "computer" in app.message.value
    app.controls.allow_undo.value = True  # the teacher allows it
    app.refresh()
    assert "dicelab-off" not in app.undo_button._dom_classes and app.undo()
    assert len(app.game.actions) == n - 1


# ------------------------------------------------------------------ coach prompt
def coached(**kw):
    app = rolled(dice=(3, 4, 5, 6), coach_prompt=True, **kw)
    app.select(0)  # keep 3: loses more than 1 percentage point against stopping
    return app


def test_coach_prompt_try_again():
    app = coached()
    before = app.state
    loss = trwavril_odds.advise_state(before).find(Roll((3,))).loss
    assert loss * 100 > 1
    assert not app.roll_button.click() and app.state == before
    assert app.prompt.layout.display == "flex"
    assert "A better move is available" in app.prompt_text.value
    adv = trwavril_odds.advise_state(before)
    shown = shown_loss("p_win", adv.best["p_win"], adv.find(Roll((3,)))["p_win"])
    assert fmt_loss("p_win", shown) in app.prompt_text.value
    app.prompt_retry.click()
    assert app.prompt.layout.display == "none" and app.state == before
    assert app.selection() == (3,)  # the dice stay as they were
    assert not app.key("r")  # asked again: the prompt is back
    assert app.prompt.layout.display == "flex"


def test_coach_prompt_keep_my_choice():
    app = coached()
    app.roll_button.click()
    app.prompt_keep.click()
    assert app.state.kept == (3,) and app.state.rolls_left == 1
    assert app.prompt.layout.display == "none"
    assert app.overlay.tally.below_best == 1


def test_coach_prompt_show_me_the_best():
    app = coached()
    best = trwavril_odds.advise_state(app.state).best
    app.roll_button.click()
    app.prompt_show.click()
    assert app.prompt.layout.display == "none"
    assert f"“{app.choice_label(best)}”" in app.message.value
    assert Stop() == best.action and app.selection() == (3, 4, 5, 6)  # all kept = stop
    assert app.overlay.hint_level == 2
    assert rows(app.overlay.body.value)[0]["label"] == app.choice_label(best)
    assert app.stop_button.click() is None and app.state.phase != "choose"  # no prompt


def test_coach_prompt_threshold_from_the_classroom_controls():
    app = coached()
    app.controls.threshold_points.value = 100.0
    assert app.roll() and app.state.kept == (3,)
    # play() asks by default (the play notebooks); the app class alone does not
    assert _play("trwavril", seed=1).controls.coach_prompt.value
    from dicelab.ui.widgets.apps import TrwavrilApp

    assert not TrwavrilApp(seed=1).controls.coach_prompt.value


# ------------------------------------------------------------------ errors
def test_teacher_dice_box_huge_inputs_short_messages():
    app = rolled(dice=(3, 4, 5, 6))
    before = app.state
    for bad in ("9" * 4301, "9" * 300, "1 " * 100_000, "x" * 10_000_000, "7"):
        assert not app.teacher_set_dice(bad)
        assert app.state == before
        assert len(app.message.value) < 400, len(app.message.value)
    assert not app.teacher_set_dice(12345)
    assert app.state == before


def test_every_callback_shows_errors_as_messages(monkeypatch):
    from dicelab.core.errors import IllegalMove

    app = play("trwavril", seed=1)

    def refuse():
        raise IllegalMove("the game is over")

    monkeypatch.setattr(app, "roll", refuse)
    guarded = app._guard(app.roll)
    assert guarded(app.roll_button) is None
    assert "Not possible" in app.message.value and "the game is over" in app.message.value

    def crash():
        raise KeyError("x")

    assert app._guard(crash)() is None
    assert "something went wrong (KeyError)" in app.message.value


def test_late_click_on_a_disabled_die_is_ignored():
    from dicelab.games import cinqmille

    app = play("cinqmille", seed=1)
    app.roll()
    assert app.teacher_set_dice("2 3 4 6 6")  # no scoring die: the turn is lost
    assert app.state.phase == "start" and app.state.dice
    toggles = app.dice_row.die_toggles
    assert toggles and all(t.disabled for t in toggles)
    toggles[0].value = True  # a click arriving after the turn ended
    assert not toggles[0].value
    assert app.selection() == () and not app.roll_button.disabled
    assert "roll" in app.enabled_actions()
    hidden = app.dice_row.toggles[6]  # not on the table at all
    hidden.value = True
    assert not hidden.value
    assert app.roll() and cinqmille.legal_actions(app.state)


def test_computer_argument_checked():
    from dicelab.core.errors import DicelabError

    for bad in ("optimal", 1.5, {"0": "random"}, {1: "genius"}, [5], {True: "random"}):
        with pytest.raises(DicelabError):
            play("seveny", players=2, computer=bad)
    assert play("seveny", players=2, computer={1: "random"}).is_computer(1)


# ------------------------------------------------------------------ close
def widget_count() -> int:
    """Live widgets in the kernel (``Widget.widgets``, renamed ``_instances`` in 8.1)."""
    import warnings

    from ipywidgets.widgets import widget

    instances = getattr(widget, "_instances", None)
    if instances is not None:
        return len(instances)
    with warnings.catch_warnings():  # pragma: no cover - older ipywidgets
        warnings.simplefilter("ignore")
        return len(widget.Widget.widgets)


def test_close_frees_every_widget():
    before = widget_count()
    for key in REGISTRY:
        app = play(key, seed=1, players=2, computer={1: "random"})
        app.roll()
        app.close()
    assert widget_count() == before


def test_resolve_buttons_closed_when_redrawn():
    app = rolled(dice=(2, 2, 2, 2))
    app.stop()
    assert len(app.resolve_buttons) == 3
    app.undo()
    app.stop()
    counts = []
    for _ in range(5):
        app.undo()
        app.stop()
        counts.append(widget_count())
    assert len(set(counts)) == 1  # no widget piles up across redraws
    old = app.resolve_buttons
    app.resolve_buttons[0].click()
    assert all(b.comm is None for b in old)  # closed


# ------------------------------------------------------------------ win bar, review
def test_win_bar_shown_with_two_players_when_the_duel_engine_answers(monkeypatch):
    from dicelab.ui.widgets import adapters

    app = play("trwavril", seed=1)
    assert app.winbar.layout.display == "none"  # solo: no bar
    monkeypatch.setattr(adapters, "win_chances", lambda a: (0.25, 0.75))
    two = play("trwavril", seed=1, players=2)
    # two players: the bar shows by default, without ticking "Show odds"
    assert two.winbar.layout.display != "none" and not two.overlay.show_odds.value
    assert "25.0%" in two.winbar.value and "75.0%" in two.winbar.value
    assert "Player 2" in two.winbar.value
    monkeypatch.setattr(adapters, "win_chances", lambda a: None)
    two.refresh()
    assert two.winbar.layout.display == "none"


def test_review_shown_in_the_app(monkeypatch):
    from dicelab.ui.widgets import adapters

    app = play("trwavril", seed=1)
    monkeypatch.setattr(adapters, "review", lambda game, lang, players=None, names=None: None)
    assert app.review() is None and "review" in app.message.value

    class Review:
        def to_html(self):
            return "<h2>Review</h2><p>mean loss 0.1</p>"

    monkeypatch.setattr(adapters, "review",
                        lambda game, lang, players=None, names=None: Review())
    assert app.review() is not None and "mean loss 0.1" in app.review_box.value


def test_review_of_a_real_game():
    app = rolled(dice=(3, 4, 5, 6))
    app.select(0)
    app.roll()  # a costly keep
    rev = app.review()
    assert rev is not None and len(rev.rows) == 1
    row = rev.rows[0]
    assert row.loss == pytest.approx(trwavril_odds.advise_state(
        trwavril.roll_outcome(trwavril.step(trwavril.new_state(), Roll(()))[0],
                              (3, 4, 5, 6))[0]).find(Roll((3,))).loss)
    assert row.choice in app.review_box.value


# ------------------------------------------------------------------ language
def test_language_switch_redraws_in_place_keeping_the_game():
    app = rolled(dice=(3, 4, 5, 6))
    app.select(0)
    state = app.state
    app.controls.language.value = "fr"
    assert app.lang == "fr" and app.state is state
    assert app.roll_button.description.startswith("Lancer")
    assert app.overlay.show_odds.description == "Afficher les probabilités"
    assert app.controls.new_game.description == "Nouvelle partie"
    assert "Vous lancez 4 dés" in app.log.value
    assert app.dice_row.die_toggles[0].tooltip == "Dé 1\u00a0: 3 — pas gardé (touche 1)"
    app.controls.language.value = "en"
    assert app.roll_button.description.startswith("Roll")


def test_errors_in_the_apps_language():
    app = play("trwavril", seed=1, lang="fr")
    assert not app.act(Resolve(3))
    assert "Impossible" in app.message.value
    assert not app.teacher_set_dice("1 two")
    assert "n&#x27;est pas une valeur de dé" in app.message.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_game_over_offers_a_new_game_with_the_next_seed(lang):
    """A student who has just finished sees a New game button under the dice (not only in
    the folded Classroom panel); it plays the next seed, so a class that shares a seed
    gets the same dice again."""
    app = _play("trwavril", seed=7, lang=lang, show_odds=False)
    assert app.again_button.layout.display == "none"
    app.play_to_end()
    assert app.state.is_over
    assert app.again_button.layout.display == ""
    assert app.again_button.description == {"en": "New game", "fr": "Nouvelle partie"}[lang]
    app.again_button.click()
    assert not app.state.is_over and app.game.seed == 8
    assert app.again_button.layout.display == "none"
    twin = _play("trwavril", seed=8, lang=lang, show_odds=False)
    app.roll()
    twin.roll()
    assert app.state.dice == twin.state.dice  # the same dice as anyone on seed 8
    app.close()
    twin.close()
