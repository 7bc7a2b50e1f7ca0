"""The apps and the exact two-player odds: a ready table is loaded at the start, any other
variant is solved in the background (one solve per variant), the overlay says so, and the
app redraws itself when the solve ends."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("ipywidgets")

from dicelab.analysis import solving as duel_registry  # noqa: E402
from dicelab.core.errors import DicelabError  # noqa: E402
from dicelab.core.objectives import format_objective  # noqa: E402
from dicelab.engine import cinqmille as cinqmille_odds  # noqa: E402
from dicelab.engine import seveny as seveny_odds  # noqa: E402
from dicelab.engine import trwavril as trwavril_odds  # noqa: E402
from dicelab.engine.cinqmille import duel as cinqmille_duel
from dicelab.games import cinqmille, seveny, trwavril  # noqa: E402
from dicelab.ui.options import error_text  # noqa: E402
from dicelab.ui.widgets import duel_view  # noqa: E402
from dicelab.ui.widgets import play as _play  # noqa: E402
from dicelab.ui.widgets.controls import seat_kinds  # noqa: E402
from dicelab.ui.widgets.overlay import read_rows  # noqa: E402

DICE = "1 5 2 3 4"  # a 5000 roll with a choice: set aside the 1, the 5 or both


def play(game, **kw):
    kw.setdefault("coach_prompt", False)
    return _play(game, **kw)


def at_choice(app, dice=DICE):
    assert app.roll(), app.message.value
    assert app.teacher_set_dice(dice), app.message.value
    assert app.state.phase == "choose"
    return app


class Unsolved:
    """5000's default rules as if their two-player table were not at hand: the engine's
    ``duel_ready`` says no until the (fake, fast) background solve has run; the solve waits
    for :meth:`release`.  A foreground solve of the variant fails the test.  Redraws the
    solving thread hands to the kernel's main thread land in ``pending``."""

    rules = cinqmille.Rules()

    def __init__(self, monkeypatch):
        for job in list(duel_registry._WARMING.values()):  # earlier apps' background warm-ups
            job.join(120)
        self.gate = threading.Event()
        self.calls = 0
        self.solved = False
        self.fail: BaseException | None = None
        self.foreground: list[str] = []
        self.pending: list = []
        real_ready = cinqmille_duel.duel_ready
        real_solve = cinqmille_duel.solve_duel
        real_solve(self.rules)  # no 5000 table ships: solved now, the fake solve reads it

        def ready(rules=None):
            if (rules or self.rules) == self.rules and not self.solved:
                return False
            return real_ready(rules)

        def solve_duel(rules=None, **kw):
            if (rules or self.rules) == self.rules and not self.solved:
                self.foreground.append(threading.current_thread().name)
                raise AssertionError("a two-player solve outside the background thread")
            return real_solve(rules, **kw)

        def fake_solve(game, rules):
            assert game == "cinqmille" and rules == self.rules
            if self.solved:  # warming a ready table reads it
                return real_solve(rules)
            self.calls += 1
            assert self.gate.wait(60)
            if self.fail is not None:
                raise self.fail
            real_solve(rules)  # the table solved above: what a real solve caches
            self.solved = True

        for module in (cinqmille_duel, cinqmille_odds):  # the engine and its entry point
            monkeypatch.setattr(module, "duel_ready", ready)
            monkeypatch.setattr(module, "solve_duel", solve_duel)
        monkeypatch.setattr(duel_registry, "solve", fake_solve)
        monkeypatch.setattr(duel_view, "main_thread_scheduler", lambda: self.pending.append)

    def release(self):
        """Let the solve end; wait for its thread; run the redraws it handed over."""
        self.gate.set()
        job = duel_registry.running_job("cinqmille", self.rules)
        if job is not None:
            assert job.join(60)
        ran = len(self.pending)
        while self.pending:
            self.pending.pop(0)()
        return ran


@pytest.fixture
def unsolved(monkeypatch):
    u = Unsolved(monkeypatch)
    yield u
    u.gate.set()
    job = duel_registry.running_job("cinqmille", u.rules)
    if job is not None:
        job.join(60)
    assert not u.foreground, u.foreground


# ------------------------------------------------------------------ the registry
def test_registry_finds_each_games_engine_and_tolerates_a_missing_one(monkeypatch):
    assert duel_registry.has_duel("cinqmille") and duel_registry.has_duel("trwavril")
    # Seveny's solve (from its engine package) refuses targets the solver does not take
    assert duel_registry.duel_engine("seveny").solve_duel.__module__ == \
        "dicelab.engine.seveny.duel"
    with pytest.raises(DicelabError, match="targets up to 100"):
        duel_registry.solve("seveny", seveny.Rules(target=101))
    # Trwavril: the engine's duel_ready (both straight rulings ship their table)
    assert duel_registry.duel_ready("trwavril", trwavril.Rules(straight="as_written"))
    assert trwavril_odds.duel_ready() is True
    cinqmille_duel.solve_duel(cinqmille.Rules())  # no 5000 table ships: solved (cached)
    assert cinqmille_odds.duel_ready() is True
    # a game joins with its key; a key whose module is not there is no engine, not an error
    monkeypatch.setattr(duel_registry, "DUEL_GAMES", (*duel_registry.DUEL_GAMES, "nogame"))
    assert duel_registry.duel_engine("nogame") is None
    assert not duel_registry.has_duel("nogame")
    assert not duel_registry.duel_ready("nogame", None)
    assert duel_registry.solve_in_background("nogame", None) is None
    with pytest.raises(DicelabError, match="no exact two-player odds"):
        duel_registry.solve("nogame", None)


def test_solve_job_reports_its_error_and_calls_back_once():
    seen = []
    job = duel_registry.SolveJob("x", None, solver=lambda g, r: 1 / 0)
    job.subscribe(seen.append)
    job.start()
    assert job.join(30) and not job.running and not job.ok
    assert isinstance(job.error, ZeroDivisionError) and seen == [job]
    late = []
    job.subscribe(late.append)  # ended: called at once
    assert late == [job] and seen == [job]


# ------------------------------------------------------------------ the background path
def test_two_player_app_solves_in_the_background_then_redraws_itself(unsolved):
    app = at_choice(play("cinqmille", seed=1, players=2, show_odds=True))
    assert app.duel_computing() and unsolved.calls == 1
    note = app.overlay.note
    assert "being computed" in note.value and "solo odds" in note.value
    assert note.layout.display != "none"
    assert app.advice().kind == "solo"
    assert "solo odds" in app.overlay.body.value  # labelled, never bare
    assert app.winbar.layout.display == "none"  # no bar (and no foreground solve)
    assert unsolved.release() == 1  # the solving thread handed one redraw to the main thread
    # redrawn without a click: ranked by the exact two-player win probability, with the bar
    advice = app.advice()
    assert advice.kind == "duel" and advice.objective == "p_duel"
    exact = cinqmille_odds.advise_state(app.state, objective="p_duel")
    best = exact.best.numbers["p_duel"]
    assert advice.best.numbers["p_duel"] == pytest.approx(best, abs=1e-12)
    assert 0.0 < best < 1.0
    shown = read_rows(app.overlay.body.value)
    assert shown[0]["number"].endswith(format_objective("p_duel", best, "en"))
    assert "solo odds" not in app.overlay.body.value
    assert app.winbar.layout.display != "none"
    assert format_objective("p_duel", best, "en") in app.winbar.value
    assert format_objective("p_duel", 1.0 - best, "en") in app.winbar.value
    assert "are ready" in note.value and not app.duel_computing()


def test_one_solve_per_variant_shared_by_every_app(unsolved):
    a = play("cinqmille", seed=1, players=2)
    b = play("cinqmille", seed=2, players=2, lang="fr")
    c = play("cinqmille", seed=3, players=2)
    assert a._duel_job is b._duel_job is c._duel_job is not None
    c.close()  # a closed app lets go of the solve; the others still wait for it
    assert unsolved.calls == 1
    assert unsolved.release() == 2  # one redraw for each open app
    assert unsolved.calls == 1
    for app in (a, b):
        assert not app.duel_computing() and app.wait_for_duel()
    d = play("cinqmille", seed=4, players=2)  # ready now: nothing to solve
    assert d._duel_job is None and d.overlay.note.value == "" and unsolved.calls == 1


def test_closing_the_app_while_solving_leaves_nothing_broken(unsolved):
    """Closing the only app that waits for a solve cancels it (no solve goes on for a
    closed app: tests/test_solve_stop.py); nothing is redrawn for it, nothing breaks."""
    app = play("cinqmille", seed=1, players=2)
    job = app._duel_job
    app.close()
    assert job.cancelled and duel_registry.running_job("cinqmille", unsolved.rules) is None
    assert unsolved.release() == 0  # no redraw for a closed app
    assert job.join(60) and not job.running
    app.wait_for_duel()  # nothing left to wait for, and no error


@pytest.mark.parametrize("error", [DicelabError("the solver gave up on {what}", what="this"),
                                   MemoryError()])
def test_a_failed_solve_is_a_clear_message_and_a_new_game_tries_again(unsolved, error):
    unsolved.fail = error
    app = at_choice(play("cinqmille", seed=1, players=2, show_odds=True))
    unsolved.release()
    note = app.overlay.note.value
    assert "could not be computed" in note and "Traceback" not in note
    assert ("the solver gave up on this" in note if isinstance(error, DicelabError)
            else "unexpected error (MemoryError)" in note)
    assert "solo odds" in note and "solo odds" in app.overlay.body.value
    assert app.advice().kind == "solo" and app.winbar.layout.display == "none"
    app.set_language("fr")
    assert "n&#x27;ont pas pu être calculées" in app.overlay.note.value
    unsolved.fail = None
    unsolved.gate.clear()
    assert app.new_game()
    assert app.duel_computing() and unsolved.calls == 2
    unsolved.release()
    assert at_choice(app).advice().kind == "duel"
    assert "pas pu" not in app.overlay.note.value and "sont prêtes" in app.overlay.note.value


def test_the_computing_note_in_french(unsolved):
    app = at_choice(play("cinqmille", seed=1, players=2, show_odds=True, lang="fr"))
    note = app.overlay.note.value
    assert "en cours de calcul" in note and "chances en solo" in note
    assert "chances en solo" in app.overlay.body.value
    unsolved.release()
    assert "sont prêtes" in app.overlay.note.value


def test_a_computer_playing_to_win_waits_for_the_solve(unsolved):
    if "duel_optimal" not in seat_kinds():
        pytest.skip("no 'plays to win' computer in this version")
    app = play("cinqmille", seed=1, players=2, computer={0: "duel_optimal"},
               auto_computer=True)
    assert not app.game.actions
    assert "waits for the exact chances" in app.message.value
    assert app.play_computer_turn() == 0
    unsolved.release()
    assert app.game.actions and app.state.current_player == 1  # it played its turn


def test_no_note_and_no_solve_outside_two_player_games(unsolved):
    for players in (1, 3):
        app = play("cinqmille", seed=1, players=players, show_odds=True)
        assert app._duel_job is None and app.overlay.note.value == ""
    # an explicit objective ranks by it: nothing to solve
    app = at_choice(play("cinqmille", seed=1, players=2, objective="expected_points",
                         show_odds=True))
    assert app._duel_job is None and unsolved.calls == 0
    assert app.advice().kind == "solo" and "solo odds" in app.overlay.body.value
    # changing the players to two in the Classroom controls starts the solve
    one = play("cinqmille", seed=1)
    one.controls.players.count.value = 2
    assert one.new_game() and one.duel_computing() and unsolved.calls == 1


# ------------------------------------------------------------------ a ready table
def test_a_ready_table_is_loaded_when_the_app_starts(monkeypatch):
    from dicelab.engine import race as duel

    calls = []
    real = duel_registry.warm
    monkeypatch.setattr(duel_registry, "warm", lambda g, r: calls.append((g, r)) or real(g, r))
    play("trwavril", seed=1)  # one player: nothing to warm
    play("cinqmille", seed=1, players=3)
    assert calls == []
    cinqmille_duel.clear_caches()
    cinqmille_duel.solve_duel(cinqmille.Rules())  # solved once: cached on the machine
    cinqmille_duel.clear_caches()
    app = play("cinqmille", seed=1, players=2, show_odds=True)
    assert app.wait_for_duel(60)  # the warm-up runs in the background
    assert calls == [("cinqmille", cinqmille.Rules())]
    assert app._duel_job is None and app.overlay.note.value == ""

    def no_load(name, *args):
        raise AssertionError(f"table {name} loaded at the first decision")

    monkeypatch.setattr(duel, "load_table", no_load)
    monkeypatch.setattr(cinqmille_duel, "load_table", no_load)
    at_choice(app)
    assert app.advice().kind == "duel" and app.winbar.layout.display != "none"


# ------------------------------------------------------------------ a real solve
@pytest.mark.slow
def test_a_real_background_solve_of_a_small_seveny_target():
    from dicelab.engine.seveny import duel as seveny_duel

    rules = seveny.Rules(target=6)
    seveny_duel.clear_caches()  # solved by an earlier test of the run: forget it
    assert not seveny_odds.duel_ready(rules)
    app = play("seveny", seed=5, players=2, target=6, show_odds=True)
    assert app.duel_computing() and "being computed" in app.overlay.note.value
    assert app.wait_for_duel(timeout=600)
    assert seveny_odds.duel_ready(rules) and "are ready" in app.overlay.note.value
    # the bar at the start of the turn is the engine's exact value
    assert app.state.phase == "start"
    p = seveny_odds.duel_win_probability(rules, scores=(0, 0), to_play=0)
    assert 0.0 < p < 1.0
    assert format_objective("p_duel", p, "en") in app.winbar.value
    assert format_objective("p_duel", 1.0 - p, "en") in app.winbar.value
    assert app.roll()
    if app.has_choice():
        assert app.advice().kind == "duel"


def test_the_redraw_goes_to_the_kernels_main_loop(monkeypatch):
    """In a kernel, the solving thread hands the redraw to the kernel's event loop (the
    thread where widget callbacks run), never redraws from its own thread."""
    import IPython

    class Loop:
        def __init__(self):
            self.callbacks = []

        def add_callback(self, fn):
            self.callbacks.append(fn)

    loop = Loop()
    shell = type("Shell", (), {"kernel": type("Kernel", (), {"io_loop": loop})()})()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    assert duel_view.main_thread_scheduler() == loop.add_callback
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert duel_view.main_thread_scheduler() is None


def test_error_text_in_both_languages():
    assert error_text(MemoryError(), "fr") == "erreur inattendue (MemoryError)"
    err = DicelabError("{game} has no exact two-player odds", game="'x'")
    assert error_text(err, "en") == "'x' has no exact two-player odds"
    assert error_text(err, "fr") == "'x' n'a pas de probabilités exactes à deux joueurs"


def test_warm_freezes_what_is_loaded_out_of_the_collector():
    """After warm(), a full garbage collection no longer walks the tables and models (the
    10–15 ms pause the live-advice benchmark caught in the middle of a decision)."""
    import gc

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    assert duel_registry.warm("trwavril", trwavril.Rules())
    assert gc.get_freeze_count() > 0
    assert not duel_registry.warm("seveny", seveny.Rules(target=40))  # not ready: nothing


# ------------------------------------------------------------------ progress bar and Cancel
def stepping_solve(unsolved, started):
    """A fake background solve that reports one step of four, then waits for the gate (a
    cancelled solve stops at its next step: nothing is cached)."""
    from dicelab.core import progress

    def solve(game, rules):
        if unsolved.solved:
            return cinqmille_duel.solve_duel(rules)
        unsolved.calls += 1
        progress.step(1, 4)
        started.set()
        assert unsolved.gate.wait(60)
        progress.step(2, 4)  # raises Cancelled once the user cancelled
        unsolved.solved = True

    return solve


def test_a_duel_solve_shows_a_bar_and_cancel_leaves_solo_odds(unsolved, monkeypatch):
    from dicelab.core.progress import Cancelled

    started = threading.Event()
    monkeypatch.setattr(duel_registry, "solve", stepping_solve(unsolved, started))
    app = at_choice(play("cinqmille", seed=1, players=2, show_odds=True))
    job = app._duel_job
    assert started.wait(60) and app.duel_computing()
    app.refresh()
    bar = app.solve_bar
    assert bar.box in app.box.children and bar.box.layout.display != "none"
    assert bar.bar.value == pytest.approx(0.25, abs=1e-9) and "25 % done" in bar.label.value
    assert bar.cancel_button.description == "Cancel" and not bar.cancel_button.disabled
    app.set_language("fr")
    assert bar.cancel_button.description == "Annuler" and "25\u00a0% effectués" in bar.label.value
    app.set_language("en")
    bar.cancel_button.click()  # a real button: Tab reaches it, Enter/Space press it
    assert not app.duel_computing() and bar.box.layout.display == "none"
    note = app.overlay.note.value  # said once, in the note (not in the message too)
    assert "Computation cancelled" in note and "cancelled" not in app.message.value
    assert "a New game computes them again" in note and "solo odds" in note
    assert "could not be computed" not in note
    assert app.advice().kind == "solo" and "solo odds" in app.overlay.body.value
    unsolved.gate.set()
    assert job.join(60) and isinstance(job.error, Cancelled)
    assert not unsolved.solved and not duel_registry.duel_ready("cinqmille", unsolved.rules)
    assert unsolved.pending == []  # no redraw for a solve the app let go of
    # a New game starts it again, and this time it ends
    unsolved.gate.clear()
    started.clear()
    assert app.new_game() and app.duel_computing() and app._duel_job is not job
    assert unsolved.calls == 2 and started.wait(60)
    assert unsolved.release() == 1
    assert at_choice(app).advice().kind == "duel" and app.solve_bar.box.layout.display == "none"


def test_a_duel_solve_without_steps_shows_a_pulsing_bar(unsolved):
    app = play("cinqmille", seed=1, players=2)
    bar = app.solve_bar
    assert app.duel_computing() and bar.box.layout.display != "none"
    assert "%" not in bar.label.value and " s" in bar.label.value  # the time spent
    before = bar.bar.value
    bar.update()
    assert bar.bar.value != before  # it moves at each redraw
    unsolved.release()
    assert bar.box.layout.display == "none"


def test_a_real_seveny_duel_solve_stops_when_cancelled():
    from dicelab.core.progress import Cancelled
    from dicelab.engine.seveny import duel as seveny_duel

    rules = seveny.Rules(target=9)
    seveny_duel.clear_caches()
    job = duel_registry.solve_in_background("seveny", rules)
    assert job is not None
    job.cancel()
    assert duel_registry.running_job("seveny", rules) is None  # a cancelled job is not reused
    assert job.join(120) and isinstance(job.error, Cancelled)
    assert not seveny_odds.duel_ready(rules)  # nothing half done was cached
    again = duel_registry.solve_in_background("seveny", rules)
    assert again is not job and again.join(600) and again.ok and again.fraction == 1.0
    assert seveny_odds.duel_ready(rules) and again.task.total == 2 * 9 - 1
