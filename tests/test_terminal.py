"""The terminal front end (``python -m dicelab play``), driven through its standard input:
what it prints (the position, the exact odds, the coach's warning, hints, the computer's
turn and why, the review), bad input, the end of the input, both languages."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from game_positions import choice_dice

from dicelab.analysis import coach
from dicelab.games._base import Roll
from dicelab.registry import REGISTRY
from dicelab.ui.command_line import main
from dicelab.ui.session import PlaySession
from dicelab.ui.terminal import TerminalPlay
from dicelab.ui.text import shown_loss

ROOT = Path(__file__).resolve().parents[1]
#: A position with a choice, per game (dice set by hand after the first roll), found by
#: playing each registered game (tests/game_positions.py).
DICE = {key: choice_dice(key) for key in REGISTRY}
BEST = {"en": "★ best", "fr": "★ meilleur"}


def drive(session: PlaySession, *lines: str, **options) -> str:
    """Run the terminal on ``session`` with ``lines`` as its input; returns the output."""
    out = io.StringIO()
    status = TerminalPlay(session, io.StringIO("".join(x + "\n" for x in lines)), out,
                          **options).run()
    assert status == 0
    text = out.getvalue()
    assert "Traceback" not in text
    return text


def odds_lines(session: PlaySession) -> list[str]:
    """The numbered moves with their odds, as the terminal must print them."""
    advice = session.advice()
    obj = advice.objective
    best = advice.best.numbers[obj]
    lines = []
    for i, action in enumerate(session.legal_moves(), 1):
        choice = advice.find(action)
        value = coach.format_value(obj, choice.numbers[obj], lang=session.lang)
        if choice.loss <= 1e-12:
            tail = f"{value} {BEST[session.lang]}"
        else:
            loss = shown_loss(obj, best, choice.numbers[obj])
            tail = f"{value} (−{coach.format_loss(obj, loss, lang=session.lang)})"
        lines.append(f"{i:3d}. {session.action_label(action)} — {tail}")
    return lines


# ------------------------------------------------------------------ every game
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", list(REGISTRY))
def test_every_game_solo_shows_the_exact_odds_and_hints(key, lang):
    s = PlaySession(key, seed=11, lang=lang)
    dice = " ".join(map(str, DICE[key]))
    text = drive(s, "", f"set {dice}", "hint", "hint", "hint", "quit")
    assert s.state.dice == DICE[key] and s.has_choice()
    for line in odds_lines(s):  # every move, its exact number, the best marked
        assert line in text.splitlines(), (line, text)
    h1, h2, h3 = (coach.hint(s.state, n, lang=lang) for n in (1, 2, 3))
    assert h1.text in text and h2.text in text and " | ".join(h3.headers) in text
    for row in h3.rows:
        assert " | ".join(row) in text
    if lang == "fr":  # decimal comma, no-break spaces
        assert "," in odds_lines(s)[0] and ("\u00a0%" in text or "tour" in text)
    assert text.rstrip().endswith("Game ended." if lang == "en" else "Partie arrêtée.")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", list(REGISTRY))
def test_every_game_two_players_against_a_computer_seat(key, lang):
    s = PlaySession(key, seed=5, players=2, computer={0: "optimal"}, lang=lang)
    dice = " ".join(map(str, DICE[key]))
    text = drive(s, "", f"set {dice}", "moves", "quit")
    # the apps' words for one human against the computer (issue 32 §3): « Vous », « Ordinateur »
    computer = ("== The computer is playing · turn 1 ==" if lang == "en"
                else "== L'ordinateur joue · tour 1 ==")
    human = "== Your turn · turn " if lang == "en" else "== À vous de jouer · tour "
    assert computer in text and human in text
    assert text.index(computer) < text.index(human)
    assert s.seat_names() == (["Computer", "You"] if lang == "en" else ["Ordinateur", "Vous"])
    for line in text.splitlines():  # the score lines, where the game shows them
        if line.startswith("Scores"):
            assert line.startswith("Scores: Computer " if lang == "en"
                                   else "Scores\u00a0: Ordinateur "), line
            assert (" · You " if lang == "en" else " · Vous ") in line, line
    assert ("Computer rolls" if lang == "en" else "Ordinateur lance") in text  # the log
    assert not re.search(r"Player \d|Joueur \d", text), text
    assert s.computer_steps and set(s.computer_steps.values()) == {0}
    for note in s.notes.values():  # what the computer chose and why
        assert "  " + note in text
    assert s.state.current_player == 1 and s.state.dice == DICE[key]
    for line in odds_lines(s):
        assert line in text.splitlines()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_seats_are_named_as_the_apps_name_them(lang):
    """Against the computer: « Vous » / « Ordinateur » (You / Computer) in the status, the
    scores, the log and the review, the names the apps use (PlaySession.seat_names); two
    humans stay « Joueur 1 », « Joueur 2 »."""
    s = PlaySession("cinqmille", seed=5, players=2, computer={0: "optimal"}, lang=lang)
    text = drive(s, "", "set 2 3 4 6 6", "review", "quit")
    you, computer = ("You", "Computer") if lang == "en" else ("Vous", "Ordinateur")
    colon = ":" if lang == "en" else "\u00a0:"
    assert f"Scores{colon} {computer} 0 · {you} 0" in text
    assert f"  {you} " in text and f"  {computer} " in text  # the log's sentences
    rev = s.review(lang, s.humans())
    assert rev.player_summary(lang, names=s.seat_names())[0]["sentence"] in text
    assert f"\n{you} — " in text  # the review's sentence names the human seat "you"
    assert not re.search(r"Player \d|Joueur \d", text)
    s = PlaySession("cinqmille", seed=5, players=2, lang=lang)
    text = drive(s, "", "quit")
    player = "Player" if lang == "en" else "Joueur"
    assert f"Scores{colon} {player} 1 0 · {player} 2 0" in text
    assert ("== Player 1 to play (human) · turn 1 ==" if lang == "en"
            else "== Joueur 1 joue (humain) · tour 1 ==") in text


# ------------------------------------------------------------------ the coach
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_coach_warns_before_a_costly_move_with_its_reasons(lang):
    s = PlaySession("trwavril", seed=1, lang=lang)
    text = drive(s, "", "set 5 5 2 5", "roll", "n", "keep 5 5 5", "quit")
    probe = PlaySession("trwavril", seed=1, lang=lang)
    probe.apply(Roll(()), dice=(5, 5, 2, 5))
    d = probe.coach_decision(Roll(()))
    assert d.costly and "⚠ " + d.text in text
    assert ("loses 10.7 percentage points" if lang == "en"
            else "perd 10,7 points de pourcentage") in text.replace("\u00a0", " ")
    for line in d.why:
        assert "  " + line in text
    again = "Choose again." if lang == "en" else "Choisissez à nouveau."
    assert again in text
    # the refused move was not played; the best one was, without a warning
    assert s.game.actions[1] == Roll((5, 5, 5)) and text.count("⚠") == 1


def test_yes_plays_the_costly_move_and_no_coach_never_asks():
    s = PlaySession("trwavril", seed=1, lang="en")
    drive(s, "", "set 5 5 2 5", "roll", "y", "quit")
    assert s.game.actions[1] == Roll(())
    s = PlaySession("trwavril", seed=1, lang="en")
    text = drive(s, "", "set 5 5 2 5", "roll", "quit", coach=False)
    assert "⚠" not in text and s.game.actions[1] == Roll(())


# ------------------------------------------------------------------ undo, review, input
def test_undo_and_why_it_is_off():
    s = PlaySession("cinqmille", seed=3, players=2, computer={1: "optimal"}, lang="en")
    text = drive(s, "undo", "", "set 2 3 4 6 6", "undo", "quit")
    assert "⚠ Not possible: There is nothing to undo." in text
    # the human busted; the computer played its turn: its moves cannot be taken back
    assert "Undo cannot take back the computer's moves" in text
    s = PlaySession("trwavril", seed=1, lang="fr")
    text = drive(s, "", "set 5 5 2 5", "stop", "annuler", "quit")
    assert "Coup repris : s'arrêter." in text.replace("\u00a0", " ")
    assert s.state.dice == (5, 5, 2, 5) and len(s.game.actions) == 1
    s = PlaySession("trwavril", seed=1, lang="fr")
    text = drive(s, "", "set 5 5 2 5", "stop", "défaire", "aide", "quit")
    assert "Coup repris : s'arrêter." in text.replace("\u00a0", " ")
    assert "défaire\u00a0: reprendre le dernier coup" in text and len(s.game.actions) == 1


def test_review_command_and_end_of_game_review():
    s = PlaySession("trwavril", seed=1, lang="en")
    text = drive(s, "", "set 3 4 5 6", "keep 3", "y", "review", "quit")
    rev = s.review()
    assert rev.decisions == 1 and rev.rows[0].costly
    assert rev.title("en") in text and rev.summary("en") in text and rev.rating.text in text
    assert "The costly decisions:" in text and rev.rows[0].why[0] in text


@pytest.mark.parametrize(("key", "lang"), [("trwavril", "en"), ("cinqmille", "fr")])
def test_a_whole_game_played_by_the_computer_ends_with_the_review(key, lang):
    s = PlaySession(key, seed=2, computer={0: "optimal"}, lang=lang)
    text = drive(s)  # no input at all: the computer plays the game to its end
    assert s.state.is_over and s.result_text() in text
    rev = s.review(players=[0])
    assert rev.title(lang) in text and rev.summary(lang) in text
    assert abs(rev.mean_loss) < 1e-9  # the optimal seat loses nothing


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bad_input_is_a_clear_message_never_a_traceback(lang):
    s = PlaySession("trwavril", seed=1, lang=lang)
    text = drive(s, "bogus", "99", "", "set 5 5 2 5", "keep 9", "keep 6 6 6", "set 1 2",
                 "x" * 500, "1 2", "hint", "quit")
    lines = [x.removeprefix("> ") for x in text.splitlines() if "⚠" in x]
    assert len(lines) == 7, lines  # every bad line but the hint, which is fine here
    assert s.state.dice == (5, 5, 2, 5) and len(s.game.actions) == 1  # unchanged
    if lang == "en":
        assert "⚠ Not possible: unknown command 'bogus'; type help for the list" in text
        assert "there is no move '99' here; choose 1 to 1" in text  # only the roll
        assert "you cannot keep 6 6 6: the dice show 5 5 2 5" in text
        assert "there is no move '1 2' here; choose 1 to 8" in text
    else:
        assert all(x.startswith("⚠ Impossible\u00a0: ") for x in lines)


def test_end_of_input_and_quit_end_cleanly():
    s = PlaySession("seveny", seed=1, lang="fr")
    assert drive(s).rstrip().endswith("Partie arrêtée.")
    out = io.StringIO()
    assert main(["play", "dripeul", "--seed", "2", "--lang", "en"],
                stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().rstrip().endswith("Game ended.")


# ------------------------------------------------------------------ the command line
def test_command_line_options_and_errors():
    out = io.StringIO()
    assert main(["play", "5000", "--lang", "fr", "--players", "2", "--seed", "3",
                 "--computer", "2:random", "--no-odds"],
                stdin=io.StringIO("\nquit\n"), stdout=out) == 0
    text = out.getvalue()
    assert text.startswith("5000 — partie 3, 2 joueurs")
    assert "Vos coups" in text and BEST["fr"] not in text
    for argv, words in [
        (["play", "yahtzee"], "no game 'yahtzee'"),
        (["play", "5000", "--players", "two"], "--players must be a whole number"),
        (["play", "5000", "--players", "9"], "5000 is played by 1 to 6 players"),
        (["play", "5000", "--computer", "3"], "--computer '3': there is no such seat"),
        (["play", "5000", "--computer", "1:wizard"], "unknown player kind 'wizard'"),
        (["play", "trwavril", "--rule", "bogus=1"], "'bogus' is not an option"),
        (["play", "trwavril", "--objective", "bogus"], "objective must be one of p_win"),
        (["play", "seveny", "--objective", "p_duel"], "'p_duel' needs a two-player game"),
    ]:
        out = io.StringIO()
        assert main([*argv, "--lang", "en"], stdin=io.StringIO(""), stdout=out) == 2
        assert words in out.getvalue() and "Traceback" not in out.getvalue()


@pytest.mark.parametrize(("argv", "fr", "en"), [
    (["play"], "arguments manquants\u00a0: game", "missing arguments: game"),
    (["play", "trwavril", "--seed"], "--seed demande une valeur", "--seed needs a value"),
    (["play", "trwavril", "--bogus"], "arguments inconnus\u00a0: --bogus",
     "unknown arguments: --bogus"),
    (["play", "trwavril", "--lang", "de"], None, "--lang: de is not one of 'en', 'fr'"),
])
def test_command_line_mistakes_are_said_in_the_language(capsys, argv, fr, en):
    """argparse's own errors (English only) are said in the command line's language, after
    the usage, with exit status 2: never a traceback."""
    for lang, words in (("fr", fr), ("en", en)):
        if words is None:
            continue
        with pytest.raises(SystemExit) as e:
            main([*argv, "--lang", lang] if "--lang" not in argv else argv)
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
        assert err.startswith("utilisation\u00a0:" if lang == "fr" else "usage:")


@pytest.mark.parametrize(("lang", "words"), [("en", ["usage:", "the number of players"]),
                                             ("fr", ["utilisation\u00a0:", "nombre de joueurs"])])
def test_help_in_both_languages(capsys, lang, words):
    with pytest.raises(SystemExit) as e:
        main(["play", "--help", "--lang", lang])
    assert e.value.code == 0
    text = capsys.readouterr().out
    for w in words:
        assert w in text
    assert "cinqmille (5000)" in text


@pytest.mark.parametrize(("lang", "head", "best"), [
    ("fr", "Trwavril — partie 1, 1 joueur", "s'arrêter — "),
    ("en", "5000 — game 4, 2 players", "== The computer is playing · turn 2 =="),
])
def test_python_m_dicelab_play_through_stdin(lang, head, best):
    argv = ([sys.executable, "-m", "dicelab", "play", "trwavril", "--seed", "1", "--lang", lang]
            if lang == "fr" else
            [sys.executable, "-m", "dicelab", "play", "5000", "--players", "2", "--seed", "4",
             "--computer", "2", "--lang", lang])
    stdin = "\nset 5 5 2 5\nroll\nn\nhint\nquit\n" if lang == "fr" else "\nset 2 3 4 6 6\nquit\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=600,
                       env=env, encoding="utf-8")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert r.stdout.startswith(head) and best in r.stdout
    if lang == "fr":
        assert "⚠ Il y a mieux à jouer." in r.stdout and "10,7 points" in r.stdout
        assert "Regardez ces dés\u00a0: 5 5 5." in r.stdout
        assert r.stdout.rstrip().endswith("Partie arrêtée.")
    else:
        assert "you lose the turn" in r.stdout and "Computer rolls 5 dice" in r.stdout
        assert "Scores: You 0 · Computer 0" in r.stdout and "Player " not in r.stdout


@pytest.mark.parametrize(("key", "shown", "hidden"), [
    ("seveny", ["bank 1 5:", "roll 1 5:"], ["keep 5 5:", "stop:"]),
    ("trwavril", ["keep 5 5:", "stop:", "roll 1 5:"], ["bank 1 5:"]),
])
def test_help_lists_only_the_games_commands(key, shown, hidden):
    s = PlaySession(key, seed=1, lang="en")
    text = drive(s, "help", "quit")
    for w in shown:
        assert f"  {w}" in text
    for w in hidden:
        assert f"  {w}" not in text
    assert "  undo: take back the last move" in text
