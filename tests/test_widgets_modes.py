"""§9 in the apps (no browser): the mode bar, the computer's turn, Undo, Save
and Load, the Classroom menus, the compact odds rows and the small things."""

from __future__ import annotations

import base64
import html
import json
import re

import pytest

from dicelab.analysis.policies import optimal
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
            # said in the win bar, or (a move that sets dice aside) with the move itself
            assert ("forced" in app.winbar.value
                    or "Only one move is possible: set aside" in app.why.value)
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
    assert "The computer chose “" in log and "the best choice, chance to win" in log
    assert "Player 2 (computer)" not in log
    assert "dicelab-why-line" in log
    assert not app.dice_row.enabled


@pytest.mark.parametrize("lang,you,computer,turn", [("fr", "Vous", "Ordinateur", "À vous de jouer"),
                                                    ("en", "You", "Computer", "Your turn")])
def test_against_the_computer_the_seats_are_you_and_the_computer(lang, you, computer, turn):
    app = play("cinqmille", seed=5, lang=lang, players=2, computer={1: "optimal"})
    assert app.session.seat_names() == [you, computer]
    assert f"<strong>{turn} · " in app.status.value
    board = app.board.value
    assert f"{you}</strong>" in board and f"{computer}</strong>" in board
    assert "Joueur" not in board and "Player" not in board
    assert app.roll()
    log = html.unescape(app.log.value)  # the log too: "you", and the computer by name
    assert "Joueur" not in log and "Player" not in log
    assert {"fr": "Vous lancez", "en": "You roll"}[lang] in log
    rev = app.review()
    assert rev.names == (you, computer) and rev.player_label(0) == you
    # a game between two humans keeps the numbered seats
    two = play("cinqmille", seed=5, lang=lang, players=2)
    assert two.session.seat_names()[1] in ("Joueur 2", "Player 2")
    while not app.state.is_over:
        app.game.apply(optimal()(app.state))
    app.refresh()
    won = {"fr": ("vous gagnez", "l'ordinateur gagne"), "en": ("you win", "the computer wins")}
    assert any(w in html.unescape(app.status.value) for w in won[lang])


def test_the_computer_dice_are_shown_as_its_own():
    app = play("cinqmille", seed=5, lang="en", players=2, computer={1: "optimal"})
    _human_turn(app)
    assert app.is_computer()
    app._computer_move(1)
    app.refresh()
    assert "The computer&#x27;s dice (it plays them)" in app.dice_row.caption.value
    assert "dicelab-computer-dice" in app.dice_row.outer._dom_classes
    assert not app.dice_row.enabled
    app.play_computer_turn()
    if app.state.dice and not app.state.is_over:  # its last dice stay on the table
        assert "The computer&#x27;s last dice." in app.dice_row.caption.value


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
    assert app.roll_button.disabled and app.computer_button.disabled
    assert "dicelab-off" in app.undo_button._dom_classes
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
    assert "dicelab-off" in app.undo_button._dom_classes
    assert "computer's moves" in app.undo_button.tooltip
    assert not app.key("u") and "cannot take back the computer" in app.message.value
    # the human's own moves after the computer's can be taken back
    assert app.roll() and "dicelab-off" not in app.undo_button._dom_classes and app.undo()
    while not app.state.is_over:
        app.play_to_end(max_actions=1)
    assert "dicelab-off" in app.undo_button._dom_classes and "over" in app.undo_button.tooltip
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


def test_a_refused_file_is_said_in_the_students_words_with_the_detail_folded():
    app = play("trwavril", seed=1, lang="fr")
    app.roll()
    data = json.loads(app.game.to_json())
    data["steps"][0]["rolls"][0]["dice"] = [6, 6, 6, 6]
    other = play("trwavril", seed=9, lang="fr")
    upload = other._guard(other._on_upload)
    upload({"new": ({"name": "g.json", "content": json.dumps(data).encode()},)})
    text = html.unescape(other.message.value)
    said, folded = text.split("<details", 1)
    assert ("ce fichier a été modifié après son enregistrement\u00a0: les dés du coup 1 ne "
            "sont pas ceux qui ont été lancés") in said
    assert "seed" not in said and "Roll(" not in said and "[6, 6, 6, 6]" not in said
    assert "Détail technique" in folded and "6, 6, 6, 6" in folded  # the detail, folded
    assert other.game.seed == 9 and not other.game.actions  # unchanged
    # a file that is not a game: no English parser error anywhere in the French app
    upload({"new": ({"name": "notes.json", "content": b"bonjour"},)})
    text = html.unescape(other.message.value)
    assert "n'est pas une partie enregistrée par dicelab" in text
    assert "Expecting value" not in text and "pas un document JSON (ligne 1, colonne 1)" in text
    english = play("trwavril", seed=9, lang="en")
    english._guard(english._on_upload)({"new": ({"name": "n.json", "content": b"\xff"},)})
    assert "this file is not a game saved by dicelab" in english.message.value


def test_load_button_says_only_its_words_and_loads_the_file_it_is_sent():
    """ipywidgets' FileUpload wrote « Ouvrir une partie (0) »; Load is its own button."""
    from dicelab.core.i18n import _

    app = play("trwavril", seed=1, lang="fr")
    app.roll()
    data = app.game.to_json().encode()
    other = play("trwavril", seed=9, lang="fr")
    button = other.load_button
    assert button.description == _("Load a game", lang="fr") and "(" not in button.description
    assert "dicelab-load" in button._dom_classes and button.accept == ".json,application/json"
    button._handle_custom_msg({"name": "g.json", "size": len(data)}, [memoryview(data)])
    assert other.state == app.state
    # the browser sends no bytes for a file over the limit: refused, the game unchanged
    button._handle_custom_msg({"name": "big.json", "size": 10**9}, [])
    assert "trop long" in html.unescape(other.message.value) and other.state == app.state
    other.set_language("en")
    assert button.description == "Load a game"


def test_all_choices_folds_the_odds_table_past_the_best_five():
    from dicelab.ui.widgets.overlay import SHORT_LIST, read_rows

    app = play("trwavril", seed=1, lang="fr", show_odds=True)
    app.roll()
    rows = read_rows(app.overlay.body.value)
    more = app.overlay.all_choices
    assert len(rows) > SHORT_LIST
    # shown at phone width: the best five, and the player's own choice further down
    shown = [r for r in rows if "dicelab-extra" not in r["classes"]]
    mine = [r for r in rows[SHORT_LIST:] if "dicelab-mine" in r["classes"]]
    assert mine and shown == rows[:SHORT_LIST] + mine and "◀" in mine[0]["marks"]
    assert more.layout.display == "" and more.description == f"tous les choix ({len(rows)})"
    assert "dicelab-odds-short" in app.overlay.box._dom_classes
    more.value = True  # pressed: every row, and the button says what it does next
    assert "dicelab-odds-short" not in app.overlay.box._dom_classes
    assert more.description == f"seulement les {SHORT_LIST} meilleurs"
    app.overlay.show_odds.value = False
    assert more.layout.display == "none"  # no table, no button


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
