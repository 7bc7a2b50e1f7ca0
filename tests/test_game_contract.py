"""The contract every registered game keeps (one test per game of :mod:`dicelab.registry`).

As OpenSpiel's tests run over its registered games: a game added to the registry is played
to the end through ``Game`` with legal actions, advised, saved and loaded, simulated, put in
an app, and played by two players where it takes them — with no test written for it.
"""

from __future__ import annotations

import json
import math

import pytest

from dicelab.analysis import policies, solving
from dicelab.analysis.simulate import simulate
from dicelab.games._base import Roll
from dicelab.registry import GAMES, REGISTRY, UnknownGame, get

ENTRIES = pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)


def _play_to_end(entry, players: int, seed: int, max_actions: int = 20_000):
    """A seeded game of ``players``, each action the game's rule of thumb, checked legal."""
    game = entry.Game(players=players, seed=seed)
    policy = policies.for_kind("rule", entry.key, seed=seed)
    for _ in range(max_actions):
        if game.is_over:
            return game
        legal = game.legal_actions()
        assert legal, f"{entry.key}: no legal action in a game that is not over"
        action = policy(game.state)
        assert action in legal, f"{entry.key}: {action!r} is not legal"
        game.apply(action)
    pytest.fail(f"{entry.key}: the game did not end after {max_actions} actions")


def test_the_registry_lists_each_game_once():
    assert len({g.key for g in GAMES}) == len({g.name for g in GAMES}) == len(GAMES) >= 4
    assert list(REGISTRY) == [g.key for g in GAMES]
    with pytest.raises(UnknownGame):
        get("no such game")


@ENTRIES
def test_registry_entry_describes_the_game(entry):
    mod = entry.rules
    assert mod.__name__ == f"dicelab.games.{entry.key}"
    assert entry.engine.__name__ == f"dicelab.engine.{entry.key}"
    assert get(entry.key) is get(entry.name) is get(entry.name.upper()) is entry
    assert (entry.Rules, entry.State, entry.Game) == (mod.Rules, mod.State, mod.Game)
    assert entry.Game.definition is mod.DEFINITION
    assert entry.kind in ("reroll", "pushluck")
    assert 1 in entry.player_counts
    assert entry.rule_name and (entry.rule_bank_at is None) == (entry.kind == "reroll")
    if entry.difficulty is not None:
        assert entry.difficulty in entry.Rules.CHOICES
    for metric in entry.metrics:
        assert callable(entry.engine_function(metric.solver))
    for name in entry.template_engine_names:
        assert entry.engine_function(name) is not None
    for name in entry.template_names:
        assert entry.template_function(name) is not None
    # the game's facts the views read (no probing of its state)
    state = entry.Game(seed=1).state
    assert 1 <= entry.dice_count(state.rules) <= 7  # the app's keys toggle 7 dice at most
    if entry.kind == "pushluck":
        assert entry.set_aside(state) == () and entry.target(state.rules) > 0
    if entry.memorised is not None:
        assert entry.memorised(state) == 0
    if entry.opening_needed is not None:
        assert entry.opening_needed(state, 0) is None or entry.opening_needed(state, 0) > 0
    two = entry.Game(players=2, seed=1).state if 2 in entry.player_counts else state
    if entry.scores is not None:
        assert entry.scores(two) == (0,) * two.players
    if entry.locked is not None:
        assert entry.locked(state) == ()
    if entry.final_round is not None:
        assert entry.final_round(two) is False
    # a reroll game restarts a turn from a board (the coach's look ahead), as the game
    # would: the restarted state is the game's, its turn not begun
    assert (entry.restart_turn is not None) == (entry.kind == "reroll")
    if entry.restart_turn is not None:
        restarted = entry.restart_turn(two, ())
        assert isinstance(restarted, entry.State) and restarted.rolls_left == entry.rules.ROLLS
        assert restarted.current_player == two.current_player


@ENTRIES
def test_game_contract(entry):
    # play: a seeded solo game to the end through Game, every action legal
    game = _play_to_end(entry, players=1, seed=1)
    assert game.is_over and game.winners in ((), (0,))
    again = _play_to_end(entry, players=1, seed=1)
    assert again.state == game.state  # the same seed plays the same game

    # advise: the start of the game and its first decision, in the solo objective
    start = entry.Game(seed=2)
    assert entry.engine.advise_state(start.state) is not None
    value = entry.solo_start(start.state)
    assert math.isfinite(value) and value > 0
    start.apply(Roll(()))
    while not start.is_over and len(start.legal_actions()) < 2:
        start.apply(start.legal_actions()[0])
    advice = entry.engine.advise_state(start.state)
    assert advice.objective == entry.solo_objective
    assert advice.best.action in start.legal_actions()

    # save and load: the JSON round trip gives the same game
    loaded = entry.Game.from_json(json.loads(json.dumps(game.to_dict())))
    assert loaded.state == game.state and loaded.actions == game.actions
    assert entry.Game.from_json(game.to_json()).state == game.state

    # simulate: a few whole games
    result = simulate(entry.key, games=3, seed=1,
                      policy=policies.for_kind("rule", entry.key, seed=1))
    assert result.games == 3 and result.turns.min() >= 1


@ENTRIES
def test_two_players_where_supported(entry):
    if 2 not in entry.player_counts:
        pytest.skip(f"{entry.name} is not played by two")
    game = _play_to_end(entry, players=2, seed=3)
    assert game.is_over and game.winners and set(game.winners) <= {0, 1}
    assert solving.has_duel(entry.key) == entry.two_player
    if not entry.two_player:
        return
    # a small variant, solved here as on demand (the entry's small_rules), then advised
    rules = entry.Rules(**entry.small_rules)
    engine = entry.duel_engine
    engine.solve_duel(rules)
    assert engine.duel_ready(rules) and solving.duel_ready(entry.key, rules)
    game = entry.Game(players=2, rules=rules, seed=3)
    p = entry.duel_start(game.state)
    assert 0.0 < p < 1.0
    assert engine.duel_win_probability(rules) == pytest.approx(p, abs=1e-12)  # seat 0, start
    game.apply(Roll(()))
    while not game.is_over and len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    advice = entry.engine.advise_state(game.state, objective="p_duel")
    assert advice.kind == "duel" and advice.best.action in game.legal_actions()
    values = [c["p_duel"] for c in advice]
    assert all(0.0 <= x <= 1.0 for x in values) and values == sorted(values, reverse=True)


@ENTRIES
def test_the_app_plays_the_game(entry):
    pytest.importorskip("ipywidgets")
    from dicelab.ui import widgets

    app = widgets.play(entry.key, seed=1)
    try:
        assert app.game_key == entry.key and isinstance(app.game, entry.Game)
        assert app.game.seed == 1
        assert app.roll()
        assert len(app.state.dice) > 0
    finally:
        app.close()


@ENTRIES
def test_the_review_rates_the_game(entry):
    """Adding a game includes its calibration (docs/architecture.md, "Adding a game");
    without one, the review says "no rating yet" rather than a made-up band."""
    from dicelab.analysis import review

    policies_ = set(review.CALIBRATION_POLICIES)
    assert policies_ <= set(review.calibration().get(entry.key, {})), (
        f"{entry.name} has no solo calibration: python -m dicelab.tools.calibrate")
    if entry.two_player:
        assert policies_ <= set(review.calibration("p_duel").get(entry.key, {}))
    assert review.rate(entry.key, 0.0, decisions=20).band == "expert"


def test_a_game_without_calibration_has_no_rating_yet(monkeypatch):
    from dicelab.analysis import review

    stored = review.stored_calibration()
    key = GAMES[0].key
    def drop(part: dict) -> dict:
        return {k: v for k, v in part.items() if k != key}

    without = dict(stored, games=drop(stored["games"]), duel=drop(stored["duel"]),
                   bands={s: drop(b) for s, b in stored.get("bands", {}).items()})
    monkeypatch.setattr(review, "stored_calibration", lambda: without)
    for unit in (None, "p_duel"):
        for loss in (0.0, 0.05):
            r = review.rate(key, loss, unit=unit, lang="en", decisions=20)
            assert r.band == "uncalibrated" and r.scale == ()
            assert r.text.endswith(": no rating yet (this game has no calibration).")
    fr = review.rate(key, 0.0, lang="fr", decisions=20)
    assert fr.label == "pas encore de note (ce jeu n'a pas de calibration)"


def test_a_game_says_a_shared_sentence_its_own_way(monkeypatch):
    """A game's own sentence wins over the shared one, for that game only; its reasons
    for a failed turn are its own (no table of every game's words in the views)."""
    import dataclasses
    from types import MappingProxyType

    from dicelab import registry
    from dicelab.ui import text

    bank = {"type": "bank", "player": 0, "points": 20, "score": 20}
    shared = "You bank 20 points: your total is now 20."
    first, second = GAMES[0], GAMES[1]
    own = dataclasses.replace(first, sentences=MappingProxyType({
        **first.sentences, "bank": ("You pocket {points}.", "{who} pockets {points}.")}))
    monkeypatch.setitem(registry.REGISTRY, first.key, own)
    text._game_words.cache_clear()
    try:
        assert text.event_sentence(bank, "en", game=first.key) == "You pocket 20 points."
        assert text.event_sentence(bank, "en", game=second.key) == shared
    finally:
        monkeypatch.undo()
        text._game_words.cache_clear()
    assert text.event_sentence(bank, "en", game=first.key) == shared
    from dicelab.core.i18n import _

    for entry in GAMES:  # each game's reasons for a failed turn, translated
        for msgid in entry.reasons.values():
            assert _(msgid, lang="fr") != msgid, (entry.key, msgid)
