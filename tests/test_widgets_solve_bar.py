"""A long solo solve (Seveny at a large target) runs in the background with a progress bar
and a Cancel button; the app stays usable meanwhile."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("ipywidgets")

from dicelab.analysis import solving as duel_registry  # noqa: E402
from dicelab.core import progress  # noqa: E402
from dicelab.core.errors import DicelabError  # noqa: E402
from dicelab.engine import seveny as seveny_odds  # noqa: E402
from dicelab.engine.seveny import solo as engine  # noqa: E402
from dicelab.games import seveny  # noqa: E402
from dicelab.ui.widgets import base  # noqa: E402
from dicelab.ui.widgets import play as _play  # noqa: E402

TARGET = 40  # quick to really solve; the test makes the engine call it a long solve


class SlowSolo:
    """Seveny's solo solve at ``TARGET`` as if it were long: ``solo_ready`` says no until
    the (fake) background solve ends; it reports a step, then waits for :attr:`gate`."""

    def __init__(self, monkeypatch):
        self.gate = threading.Event()
        self.started = threading.Event()
        self.calls = 0
        self.solved = False
        real_ready = engine.solo_ready

        def ready(rules=None):
            if rules is not None and rules.target == TARGET:
                return self.solved
            return real_ready(rules)

        def solve(game, rules):
            assert game == "seveny" and rules.target == TARGET
            self.calls += 1
            progress.step(3, 10)
            self.started.set()
            assert self.gate.wait(60)
            progress.step(4, 10)  # raises Cancelled once cancelled
            engine.solve_turns(rules)
            self.solved = True

        monkeypatch.setattr(engine, "solo_ready", ready)
        monkeypatch.setattr(seveny_odds, "solo_ready", ready)  # the contract's name
        monkeypatch.setattr(duel_registry, "_solve_solo", solve)
        monkeypatch.setattr(base.GameApp, "background_solves", True)


@pytest.fixture
def slow(monkeypatch):
    s = SlowSolo(monkeypatch)
    yield s
    s.gate.set()
    for job in list(duel_registry._SOLO_JOBS.values()):
        job.join(60)


def test_seveny_solo_solve_in_the_background_keeps_the_app_usable(slow):
    app = _play("seveny", seed=3, target=TARGET, show_odds=True, coach_prompt=False)
    assert app.solo_computing() and slow.started.wait(60)
    app.refresh()
    bar = app.solve_bar
    assert bar.box.layout.display != "none" and "30 % done" in bar.label.value
    assert bar.cancel_button.description == "Cancel"
    # the app answers meanwhile: rolling, choosing, stopping, with the odds said to come
    assert app.roll(), app.message.value
    with pytest.raises(DicelabError, match="being computed in the background"):
        app.advice()
    assert "being computed in the background" in app.overlay.body.value
    slow.gate.set()
    assert app.wait_for_solo(60)
    assert bar.box.layout.display == "none" and not app.solo_computing()
    if app.has_choice():  # the odds now shown, computed by the engine (and cached)
        advice = app.advice()
        assert advice.best.numbers == seveny_odds.advise_state(app.state).best.numbers
        assert "dicelab-odds" in app.overlay.body.value
    assert engine.solo_ready(seveny.Rules(target=TARGET)) and slow.calls == 1
    # a New game: solved, nothing more to wait for
    assert app.new_game() and not app.solo_computing() and slow.calls == 1


def test_seveny_solo_solve_cancelled_then_started_again(slow):
    app = _play("seveny", seed=3, target=TARGET, show_odds=True, lang="fr",
                coach_prompt=False)
    assert slow.started.wait(60)
    job = app._solo_job
    app.refresh()
    assert app.solve_bar.cancel_button.description == "Annuler"
    app.solve_bar.cancel_button.click()
    assert not app.solo_computing() and app.solve_bar.box.layout.display == "none"
    assert "Calcul annulé\u00a0: pas de probabilités exactes" in app.message.value
    assert app.roll(), app.message.value  # still playable, without odds
    with pytest.raises(DicelabError):
        app.advice()
    slow.gate.set()
    assert job.join(60) and isinstance(job.error, progress.Cancelled) and not slow.solved
    slow.gate.clear()
    slow.started.clear()
    assert app.new_game() and app.solo_computing() and app._solo_job is not job
    assert slow.calls == 2 and slow.started.wait(60)
    slow.gate.set()
    assert app.wait_for_solo(60) and slow.solved


def test_seveny_quick_targets_and_scripts_solve_at_once():
    engine.prepare(seveny.Rules(target=5))  # the turn's tables built: small targets are quick
    assert engine.solo_ready(seveny.Rules(target=engine.QUICK_SOLO_TARGET))
    assert duel_registry.solve_solo_in_background("seveny", seveny.Rules(target=10)) is None
    assert duel_registry.solo_ready("cinqmille", None)
    # outside a kernel (a script) the app solves when asked, as before: no background job
    app = _play("seveny", seed=1, target=20)
    assert app._solo_job is None and app.solve_bar.box.layout.display == "none"


def test_seveny_real_solo_solve_cancelled_caches_nothing():
    rules = seveny.Rules(target=97)
    assert not engine.solo_ready(rules)
    job = duel_registry.solve_solo_in_background("seveny", rules)
    job.cancel()
    assert job.join(120) and isinstance(job.error, progress.Cancelled)
    assert not engine.solo_ready(rules)


def test_seveny_two_players_solo_odds_solved_in_the_background_too(slow, monkeypatch):
    """While a two-player table is solved, the solo odds shown meanwhile are solved in the
    background as well (even a quick target): a roll never waits for them."""
    gate = threading.Event()
    for module in (engine, seveny_odds):  # the solo module's and the contract's name
        monkeypatch.setattr(module, "solo_ready", lambda rules=None, quick=True: slow.solved)
    monkeypatch.setattr(duel_registry, "duel_ready", lambda game, rules: False)
    monkeypatch.setattr(duel_registry, "solve", lambda game, rules: gate.wait(60))
    try:
        app = _play("seveny", seed=3, players=2, target=TARGET, show_odds=True,
                    coach_prompt=False)
        assert app.duel_computing() and app.solo_computing() and slow.started.wait(60)
        app.refresh()
        assert "two-player" in app.solve_bar.label.value  # the bar follows the table's solve
        assert app.roll(), app.message.value
        assert "being computed in the background" in app.overlay.body.value
        slow.gate.set()
        assert app.wait_for_solo(60) and slow.calls == 1
    finally:
        gate.set()


# ------------------------------------------------------------------ Cancel means cancel
class HeldDuel:
    """Seveny's two-player solve at ``TARGET`` (no shipped table) held until :attr:`gate`
    opens (cancellable); a foreground solve of that table (the computer seat solving it
    unseen) is recorded in :attr:`foreground` instead of running."""

    def __init__(self, monkeypatch):
        from dicelab.engine.seveny import duel as seveny_duel

        self.rules = seveny.Rules(target=TARGET)
        seveny_duel._CACHE.pop(self.rules, None)
        self.gate = threading.Event()
        self.started = threading.Event()
        self.foreground: list[str] = []
        real_solve_duel = seveny_duel.solve_duel

        def solve(game, rules):
            assert game == "seveny" and rules == self.rules
            progress.step(1, 4)
            self.started.set()
            assert self.gate.wait(60)
            progress.step(2, 4)  # raises Cancelled once cancelled

        def solve_duel(rules=None, **kw):
            if rules == self.rules:
                self.foreground.append(threading.current_thread().name)
                raise AssertionError("a two-player solve outside the background thread")
            return real_solve_duel(rules, **kw)

        monkeypatch.setattr(duel_registry, "solve", solve)
        monkeypatch.setattr(seveny_duel, "solve_duel", solve_duel)


def test_cancelled_duel_solve_stays_cancelled_when_the_computer_plays(monkeypatch):
    """Against the computer (plays to win) at a target with no shipped table: Cancel says
    so once, and the computer seat then plays with the solo odds (saying why) instead of
    solving the table unseen; the app shows solo odds throughout; a New game solves again."""
    from dicelab.ui.options import make_policy

    held = HeldDuel(monkeypatch)
    app = _play("seveny", seed=5, target=TARGET, lang="en", show_odds=True,
                coach_prompt=False)
    try:
        assert app.set_mode("computer") and app.session.seats.get(1) == "duel_optimal"
        assert held.started.wait(60) and app.duel_computing()
        app.refresh()
        assert app.solve_bar.box.layout.display != "none"
        app.solve_bar.cancel_button.click()
        assert not app.duel_computing() and app.solve_bar.box.layout.display == "none"
        note, message = app.overlay.note.value, app.message.value
        assert (note + message).count("Computation cancelled") == 1  # one message, not two
        assert "cancelled" not in message
        assert "Computation cancelled: you cancelled the computation of the exact " \
               "two-player chances; the odds shown are solo odds" in note
        assert "could not be computed" not in note and "⚠" not in note
        app.set_language("fr")
        assert ("Calcul annulé\u00a0: vous avez annulé le calcul des chances exactes à "
                "deux\u202f; les chances affichées sont celles d'un joueur seul"
                in app.overlay.note.value.replace("&#x27;", "'"))
        app.set_language("en")
        # the human plays one turn; the computer (auto) then plays its own at once
        human = make_policy("optimal", "seveny")
        while not app.state.is_over and app.state.current_player == 0:
            assert app.act(human(app.state), confirmed=True), app.message.value
        assert app.session.computer_played, app.message.value
        whys = list(app.session.notes.values())
        assert whys and all("solo odds, since the two-player computation was cancelled"
                            in why for why in whys), whys
        assert not any("2 players" in why for why in whys)
        assert held.foreground == [] and not duel_registry.duel_ready("seveny", held.rules)
        # still coherent: solo odds, no win bar, no bar, the one cancel line
        assert app.solve_bar.box.layout.display == "none"
        assert app.winbar.layout.display == "none"
        assert "Computation cancelled" in app.overlay.note.value
        if not app.state.is_over and app.state.current_player == 0:
            assert app.roll(), app.message.value
            if app.has_choice():
                assert app.advice().kind == "solo"
        # an explicit New game starts the solve again, with its bar
        held.started.clear()
        assert app.new_game() and app.duel_computing()
        assert held.started.wait(60)
        app.refresh()
        assert app.solve_bar.box.layout.display != "none"
        assert "Computation cancelled" not in app.overlay.note.value
        assert "being computed" in app.overlay.note.value
    finally:
        app.solve_bar.cancel_button.click()
        held.gate.set()
        job = duel_registry.running_job("seveny", held.rules)
        if job is not None:
            job.join(60)


def test_a_computer_waiting_for_the_duel_solve_plays_once_it_is_cancelled(monkeypatch):
    """The human ends a turn while the two-player table is solved: the computer (plays to
    win) waits; Cancel lets it play at once, with the solo odds, saying so."""
    from dicelab.ui.options import make_policy

    held = HeldDuel(monkeypatch)
    app = _play("seveny", seed=5, target=TARGET, lang="en", coach_prompt=False)
    try:
        assert app.set_mode("computer") and held.started.wait(60)
        human = make_policy("optimal", "seveny")
        while app.state.current_player == 0:
            assert app.act(human(app.state), confirmed=True), app.message.value
        assert app.session.waits_for_duel(1) and "waits for the exact chances" in \
            app.message.value and not app.session.computer_played
        app.solve_bar.cancel_button.click()
        assert app.session.computer_played and app.state.current_player == 0
        whys = list(app.session.notes.values())
        assert whys and all("since the two-player computation was cancelled" in why
                            for why in whys), whys
        assert held.foreground == []
    finally:
        held.gate.set()
        job = duel_registry.running_job("seveny", held.rules)
        if job is not None:
            job.join(60)
