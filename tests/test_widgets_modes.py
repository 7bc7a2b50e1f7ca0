"""§9 in the apps (no browser): the mode bar, the computer's turn, Undo, Save
and Load, the Classroom menus, the compact odds rows and the small things."""

from __future__ import annotations

import base64
import json
import re

import pytest

from dicelab.core.i18n import _
from dicelab.ui.widgets import computer_turn, play
from dicelab.ui.widgets.overlay import read_rows


def _human_turn(app) -> None:
    """Finish the human's turn with the optimal policy (no coach prompt)."""
    p = app.state.current_player
    while not app.state.is_over and app.state.current_player == p:
        app.play_to_end(max_actions=1)
        if app.state.phase == "start":
            break


# ------------------------------------------------------------------ §2 mode bar
def test_mode_bar_is_shown_in_the_app_language_and_starts_the_game_at_once():
    app = play("cinqmille", seed=3, lang="fr")
    bar = app.mode_bar.buttons
    assert [label for label, _v in bar.options] == ["seul", "à deux", "contre l'ordinateur"]
    assert bar.value == "solo" and bar in app.box.children[:4]
    bar.value = "two"  # one click
    assert app.state.players == 2 and not app._policies
    assert app.winbar.layout.display != "none" and not app.overlay.show_odds.value
    assert "Joueur 1" in app.winbar.value and "%" in app.winbar.value
    bar.value = "computer"
    assert app.state.players == 2 and app.is_computer(1) and app.auto_computer
    assert app.computer_button.layout.display == "none"  # it plays by itself
    bar.value = "solo"
    assert app.state.players == 1 and app.winbar.layout.display == "none"


def test_win_bar_stays_on_a_forced_move_and_says_so():
    app = play("cinqmille", seed=3, lang="en", players=2)
    seen = 0
    for _i in range(30):
        if app.state.is_over:
            break
        if app.state.phase != "start" and not app.has_choice():
            seen += 1
            assert app.winbar.layout.display != "none"
            assert "forced" in app.winbar.value
            shares = [float(x) for x in re.findall(r"<strong>([\d.]+)%</strong>", app.winbar.value)]
            assert shares and sum(shares) == pytest.approx(100.0, abs=0.11)
        app.play_to_end(max_actions=1)
    assert seen >= 1


# ------------------------------------------------------------------ §3 computer turn
def test_against_the_computer_it_plays_by_itself_and_says_why_in_the_log():
    app = play("trwavril", seed=2, lang="en", computer_delay=0)
    app.mode_bar.buttons.value = "computer"
    _human_turn(app)
    # the computer played its whole turn by itself: it is the human's turn again
    assert app.state.current_player == 0 or app.state.is_over
    assert app._computer_steps and set(app._computer_steps.values()) == {1}
    log = app.log.value
    assert "Player 2 (computer) chose “" in log and "the best choice, chance to win" in log
    assert "dicelab-why-line" in log
    assert not app.dice_row.enabled


def test_the_computer_dice_are_shown_as_its_own():
    app = play("cinqmille", seed=5, lang="en", players=2, computer={1: "optimal"})
    _human_turn(app)
    assert app.is_computer()
    app._computer_move(1)
    app.refresh()
    assert "Player 2&#x27;s dice (the computer plays them)" in app.dice_row.caption.value
    assert "dicelab-computer-dice" in app.dice_row.outer._dom_classes
    assert not app.dice_row.enabled
    app.play_computer_turn()
    if app.state.dice and not app.state.is_over:  # its last dice stay on the table
        assert "Player 2&#x27;s last dice (computer)" in app.dice_row.caption.value


def test_the_computer_turn_is_paced_on_the_kernel_loop(monkeypatch):
    calls: list = []
    monkeypatch.setattr(computer_turn, "kernel_timer",
                        lambda: lambda delay, fn: calls.append((delay, fn)))
    app = play("trwavril", seed=2, lang="en", computer={1: "optimal"}, players=2,
               auto_computer=True, computer_delay=0.5)
    _human_turn(app)
    assert app.is_computer() and app.computer_playing() and len(calls) == 1
    assert calls[0][0] == 0.5
    assert "the computer is playing" in app.status.value
    assert app.roll_button.disabled and app.computer_button.disabled and app.undo_button.disabled
    n = len(app.game.actions)
    steps = 0
    while calls and steps < 200:
        _delay, fn = calls.pop(0)
        fn()
        steps += 1
        assert len(app.game.actions) == n + steps  # one move per step
    assert not app.is_computer() or app.state.is_over


def test_without_auto_the_status_names_the_button():
    app = play("trwavril", seed=2, lang="en", players=2, computer={1: "random"})
    _human_turn(app)
    assert "press “Play computer turn”" in app.status.value


# ------------------------------------------------------------------ §4 undo
def test_undo_after_the_computer_and_at_the_end():
    app = play("trwavril", seed=4, lang="en", players=2, computer={1: "random"},
               auto_computer=True, computer_delay=0)
    _human_turn(app)
    assert app._computer_steps
    assert app.undo_button.disabled and "computer's moves" in app.undo_button.tooltip
    assert not app.key("u") and "cannot take back the computer" in app.message.value
    # the human's own moves after the computer's can be taken back
    assert app.roll() and not app.undo_button.disabled and app.undo()
    while not app.state.is_over:
        app.play_to_end(max_actions=1)
    assert app.undo_button.disabled and "over" in app.undo_button.tooltip
    assert "Game over" in app.dice_row.caption.value and not app.dice_row.enabled
    assert app.computer_button.disabled and app.roll_button.disabled
    assert app.overlay.hint_button.disabled


# ------------------------------------------------------------------ §5 save and load
def test_save_link_holds_the_game_and_load_checks_it():
    app = play("trwavril", seed=1, lang="fr")
    app.roll()
    link = app.save_box.value
    name = re.search(r'download="([^"]+)"', link).group(1)
    assert re.fullmatch(r"dicelab-trwavril-\d{4}-\d\d-\d\d\.json", name)
    data = base64.b64decode(re.search(r"base64,([^\"]+)", link).group(1))
    assert json.loads(data) == json.loads(app.game.to_json())
    assert "Enregistrer la partie" in link

    other = play("trwavril", seed=9, lang="fr")
    upload = other._guard(other._on_upload)
    tampered = json.loads(data)
    tampered["steps"][0]["rolls"][0]["dice"] = [6, 6, 6, 6]
    upload({"new": ({"name": name, "content": json.dumps(tampered).encode()},)})
    assert "dicelab-error" in other.message.value and other.game.seed == 9  # unchanged
    upload({"new": ({"name": name, "content": memoryview(data)},)})
    assert other.state == app.state and "Partie ouverte" in other.message.value
    assert other.review() is not None and other.review_box.value  # one click
    five = play("cinqmille", seed=1, lang="en")
    five._guard(five._on_upload)({"new": ({"name": name, "content": data},)})
    assert "saved game of Trwavril" in five.message.value and five.game.seed == 1


# ------------------------------------------------------------------ §6 compact rows
def test_odds_rows_carry_the_compact_parts_and_read_back_unchanged():
    app = play("trwavril", seed=1, lang="en", show_odds=True)
    app.roll()
    html = app.overlay.body.value
    assert 'class="dicelab-more"' in html and "dicelab-number-name" in html
    rows = read_rows(html)
    assert rows and rows[0]["number"].startswith("chance to win ")
    assert "★" not in rows[0]["label"] and "other numbers" not in rows[0]["label"]
    assert "@media (max-width: 600px)" in app.style.value


# ------------------------------------------------------------------ §7 classroom
def test_classroom_menus_show_their_default_and_french_numbers():
    app = play("cinqmille", seed=1, lang="fr")
    c = app.controls
    opening = c.variants.dropdowns["opening"]
    assert opening.index is not None and opening.label.startswith("par défaut")
    assert c.variants.options()["opening"] is None
    assert c.variants.build() == app.state.rules
    labels = [label for label, _v in c.threshold_turns.options]
    assert "0,05" in labels and c.threshold_turns.label == "0,05"
    assert c.threshold_points.label == "1"
    assert "points de pourcentage" in c.threshold_points.description
    assert c.coach_prompt.layout.width == "auto"


# ------------------------------------------------------------------ §9 small things
def test_status_turn_agrees_with_the_log_and_h_answers_after_the_last_hint():
    app = play("cinqmille", seed=1, lang="en", players=2)
    for _i in range(6):  # before a turn's first roll, the status names the turn to come
        if app.state.phase == "start":
            n = int(re.search(r"turn (\d+)", app.status.value).group(1))
            app.roll()
            assert f"starts turn {n}" in app.log.value
            assert f"turn {n}<" in app.status.value or f"turn {n} " in app.status.value
        app.play_to_end(max_actions=1)
    app = play("trwavril", seed=1, lang="en")
    app.roll()
    for _i in range(3):
        assert app.key("h")
    assert not app.key("h")
    assert _("That was the last hint: the full table is shown.", lang="en") in app.message.value


def test_progress_plurals():
    from dicelab.ui.teaching import Progress, Record

    p = Progress()
    p.records["a"] = Record(attempts=1, solved=True, first_try=True, revealed=True)
    text = p.summary("fr")
    assert "1 réussi " in text and "1 corrigé ouvert" in text and "réussis" not in text
    assert "1 exercice traité sur 1" in text
    p.records.clear()
    p.register("a")
    p.register("b")
    assert "0 exercice traité sur 2" in p.summary("fr")  # French: 0 takes the singular



def test_notebooks_carry_the_metadata_jupyterlab_writes():
    """Opening a notebook must not change it: its kernelspec and language
    info are those JupyterLab writes on opening, so nothing is marked modified."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for path in root.rglob("*.ipynb"):
        if ".ipynb_checkpoints" in path.parts:
            continue
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
        assert meta["kernelspec"] == {"display_name": "Python 3 (ipykernel)",
                                      "language": "python", "name": "python3"}, path
        assert meta["language_info"]["name"] == "python", path
        assert "🇫🇷" not in path.read_text(encoding="utf-8")


def test_coach_thresholds_are_in_the_units_their_labels_say():
    app = play("cinqmille", seed=1, lang="en")
    assert "percentage points" in app.controls.threshold_points.description
    assert "turns" in app.controls.threshold_turns.description
    # 1 percentage point of a chance (5000 with two players ranks by p_duel)
    assert not app._too_costly("p_duel", 0.009) and app._too_costly("p_duel", 0.011)
    # 0.05 expected turns (5000 alone ranks by expected turns)
    assert not app._too_costly("expected_turns", 0.04) and app._too_costly("expected_turns", 0.06)
    app.controls.threshold_points.value = 0.5
    assert app._too_costly("p_duel", 0.006)
