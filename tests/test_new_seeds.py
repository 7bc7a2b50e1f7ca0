"""Every game not the same game (issue 32 §4): a new game takes a new random seed and shows
it as the game's number, in the apps (New game, mode bar) and the terminal; a seed given by
the teacher (typed in the seed box, the app's ``seed``, ``--seed``) takes precedence."""

from __future__ import annotations

import io
import itertools

import pytest

from dicelab.games import Roll
from dicelab.ui import session as session_module
from dicelab.ui.command_line import main
from dicelab.ui.session import NEW_SEEDS, PlaySession, new_seed


@pytest.fixture
def numbers(monkeypatch):
    """new_seed() answers 4821, 4822, … (the tests do not depend on chance)."""
    counter = itertools.count(4821)
    monkeypatch.setattr(session_module, "new_seed", lambda: next(counter))


def test_new_seeds_are_four_digit_game_numbers():
    seeds = {new_seed() for _ in range(200)}
    assert seeds <= set(NEW_SEEDS) and len(seeds) > 150


def test_the_session_takes_a_new_seed_unless_one_is_given(numbers):
    s = PlaySession("cinqmille", lang="en")
    assert s.game.seed == 4821 and not s.seed_given
    s.new_game()
    assert s.game.seed == 4822
    s.new_game(seed=2026)
    assert s.game.seed == 2026 and s.seed_given
    s.apply(Roll(()))
    assert s.state.dice == (6, 2, 1, 4, 3)  # the class's seed: the same dice for everyone


@pytest.mark.parametrize("lang,word,starts", [
    ("en", "game 4821", "Game 4821 starts: 1 player."),
    ("fr", "partie 4821", "La partie 4821 commence\u00a0: 1 joueur."),
])
def test_new_game_and_mode_switch_take_a_new_seed_and_show_it(numbers, lang, word, starts):
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play("cinqmille", seed=2026, lang=lang, coach_prompt=False)
    try:
        assert app.game.seed == 2026 and "2026" in app.title.value
        assert app.new_game()
        assert app.game.seed == 4821 and app.controls.seed.value == 4821
        assert word in app.title.value and "dicelab-game-number" in app.title.value
        assert app.message.value == f"<p>{starts}</p>"
        assert app.set_mode("two") and app.game.seed == 4822 and app.state.players == 2
        assert app.set_mode("computer") and app.game.seed == 4823
        assert app.roll() and app.state.dice != (6, 2, 1, 4, 3)
        app.reset()  # Restart: the same game again
        assert app.game.seed == 4823
    finally:
        app.close()


def test_a_typed_seed_takes_precedence(numbers):
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play("cinqmille", lang="en", coach_prompt=False)
    try:
        assert app.game.seed == 4821
        app.controls.seed.value = 2026  # the teacher's seed, typed on every screen
        assert app.new_game() and app.game.seed == 2026
        assert app.roll() and app.state.dice == (6, 2, 1, 4, 3)
        app.controls.seed.value = 2026
        assert app.set_mode("two") and app.game.seed == 4822  # box as shown: a new game
        app.controls.seed.value = 31
        assert app.set_mode("solo") and app.game.seed == 31  # typed: that game
    finally:
        app.close()


def test_the_terminal_picks_a_new_seed_unless_given(numbers):
    out = io.StringIO()
    assert main(["play", "trwavril", "--lang", "en"], stdin=io.StringIO("quit\n"),
                stdout=out) == 0
    assert out.getvalue().startswith("Trwavril — game 4821, 1 player")
    out = io.StringIO()
    assert main(["play", "trwavril", "--lang", "fr", "--seed", "2026"],
                stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert out.getvalue().startswith("Trwavril — partie 2026, 1 joueur")
