"""Which Seveny clicks solve at once and which go to the background solve (its bar and its
Cancel button): a small target with the turn's tables built answers at once; a larger one,
or a cold engine, computes in the background; the computer seat waits for it; Cancel in one
app does not stop a solve another app waits for; the terminal says "Computing…" before a
long solve only.  Not timed: the times are ``make bench`` rows (benchmarks/bench_clicks.py)."""

from __future__ import annotations

import io
import threading

import pytest

from dicelab.analysis import solving
from dicelab.core import progress
from dicelab.engine import seveny as seveny_engine
from dicelab.engine.seveny import solo as engine
from dicelab.games import seveny
from dicelab.games._base import Roll
from dicelab.ui.session import PlaySession
from dicelab.ui.terminal import TerminalPlay

COMPUTING = "Computing the exact odds"


def test_solo_ready_routes_by_target_and_by_the_turn_tables():
    engine.prepare(seveny.Rules(target=5))  # the turn's tables built (a warm engine)
    assert engine.QUICK_SOLO_TARGET == 10
    assert engine.solo_ready(seveny.Rules(target=10))
    for target in (31, 40, 45, 49, 99):  # 0.7-4 s cold on a busy small machine: a bar
        rules = seveny.Rules(target=target)
        assert engine.solo_ready(rules) == (rules in engine._SOLUTIONS)
    assert not engine.solo_ready(seveny.Rules(target=49))
    for target in (20, 30, 50, 100):  # the apps' menu: read from the shipped solve
        assert engine.solo_ready(seveny.Rules(target=target))
        assert engine.solo_ready(seveny.Rules(target=target), quick=False)
    assert solving.solo_ready("seveny", seveny.Rules(target=1000))  # no exact odds
    assert solving.solo_ready("dripeul", None)


def test_a_variant_dropped_from_the_kept_solutions_is_not_ready_any_more():
    engine.prepare(seveny.Rules(target=5))
    first = seveny.Rules(target=engine.KEEP_SOLUTIONS + 1)
    engine.solve_turns(first)
    assert engine.solo_ready(first, quick=False)
    for target in range(1, engine.KEEP_SOLUTIONS + 1):  # small targets: milliseconds each
        engine.solve_turns(seveny.Rules(target=target))
    assert first not in engine._SOLUTIONS and not engine.solo_ready(first)
    assert len(engine._SOLUTIONS) == engine.KEEP_SOLUTIONS


def test_a_cold_engine_is_not_ready_even_at_a_small_target():
    engine.clear_caches()
    try:
        assert not engine.solo_ready(seveny.Rules(target=5))
        engine.prepare(seveny.Rules(target=5))  # what the background solve runs
        assert engine._tables_built() and engine.solo_ready(seveny.Rules(target=5), quick=False)
        assert engine.solo_ready(seveny.Rules(target=9))
    finally:
        engine.prepare(seveny.Rules(target=5))


def test_shared_solve_withdraw_cancels_only_when_nobody_waits():
    gate = threading.Event()

    def solver(game, rules):
        for i in range(100):
            progress.step(i, 100)
            if gate.wait(0.02):
                return

    job = solving.SolveJob("nogame", None, solver=solver).start()
    seen: list[str] = []

    def first(j):
        seen.append("first")

    def second(j):
        seen.append("second")

    job.subscribe(first)
    job.subscribe(first)  # twice: once
    job.subscribe(second)
    assert not job.withdraw(first) and job.running and not job.cancelled
    gate.set()
    assert job.join(60) and job.ok and seen == ["second"]


def test_one_solve_per_variant_a_second_thread_waits_for_it(monkeypatch):
    rules = seveny.Rules(target=27)
    gate = threading.Event()
    calls = []
    real = engine._solve_all

    def held(r, where):
        calls.append(r)
        assert gate.wait(60)
        return real(r, where)

    monkeypatch.setattr(engine, "_solve_all", held)

    def solver(game, r):
        return engine.solve_turns(r)

    first = solving.SolveJob("seveny", rules, solver=solver).start()
    for _ in range(600):
        if rules in engine._RUNNING:
            break
        threading.Event().wait(0.01)
    second = solving.SolveJob("seveny", rules, solver=solver).start()
    impatient = solving.SolveJob("seveny", rules, solver=solver).start()
    impatient.cancel()  # stops its waiting only
    assert impatient.join(60) and isinstance(impatient.error, progress.Cancelled)
    assert first.running and second.running
    gate.set()
    assert first.join(120) and second.join(120) and first.ok and second.ok
    assert calls == [rules] and rules in engine._SOLUTIONS and not engine._RUNNING


# ------------------------------------------------------------------ the apps
pytest.importorskip("ipywidgets")

from dicelab.ui.widgets import base, play  # noqa: E402


@pytest.fixture
def in_background(monkeypatch):
    """The apps solve in the background as in a kernel."""
    monkeypatch.setattr(base.GameApp, "background_solves", True)
    yield
    for job in list(solving._SOLO_JOBS.values()):
        job.join(120)


def _choice(app):
    """Roll until there is a choice (the app's own Roll)."""
    for _ in range(20):
        if app.has_choice():
            return
        assert app.roll(), app.message.value
    raise AssertionError("no choice in 20 rolls")


def test_app_quick_target_answers_at_once(in_background):
    engine.prepare(seveny.Rules(target=5))
    app = play("seveny", seed=3, target=10, show_odds=True, coach_prompt=False)
    assert app._solo_job is None and not app.solo_computing()
    assert app.solve_bar.box.layout.display == "none"
    _choice(app)
    assert "dicelab-odds" in app.overlay.body.value  # the odds shown at once
    app.close()


@pytest.mark.parametrize("players", [1, 3])
def test_app_slow_target_goes_to_the_background_bar(in_background, players):
    target = 43 + players  # not solved by another test of this file
    app = play("seveny", seed=3, target=target, players=players, show_odds=True,
               coach_prompt=False)
    assert app.solo_computing() or engine.solo_ready(seveny.Rules(target=target))
    app.refresh()
    if app.solo_computing():  # the bar with its Cancel button, the app still usable
        assert app.solve_bar.box.layout.display != "none"
        assert app.solve_bar.cancel_button.description == "Cancel"
        assert app.roll(), app.message.value
    assert app.wait_for_solo(120)
    assert app.solve_bar.box.layout.display == "none"
    assert engine.solo_ready(seveny.Rules(target=target), quick=False)
    _choice(app)
    assert "dicelab-odds" in app.overlay.body.value
    app.close()


class Gate:
    """Seveny's solo solve at ``target`` held until :attr:`gate` opens (cancellable)."""

    def __init__(self, monkeypatch, target):
        self.gate = threading.Event()
        self.started = threading.Event()
        self.target = target
        self.solved = False
        real_ready = engine.solo_ready

        def ready(rules=None, quick=True):
            if rules is not None and rules.target == target:
                return self.solved
            return real_ready(rules, quick)

        def solve(game, rules):
            self.started.set()
            while not self.gate.wait(0.02):
                progress.step(1, 10)  # raises Cancelled once cancelled
            engine.solve_turns(rules)
            self.solved = True

        monkeypatch.setattr(engine, "solo_ready", ready)
        monkeypatch.setattr(seveny_engine, "solo_ready", ready)  # the contract's name
        monkeypatch.setattr(solving, "_solve_solo", solve)


def test_cancel_in_one_app_leaves_the_other_waiting(in_background, monkeypatch):
    g = Gate(monkeypatch, 23)
    try:
        a = play("seveny", seed=3, target=23, show_odds=True, coach_prompt=False)
        b = play("seveny", seed=4, target=23, show_odds=True, coach_prompt=False)
        assert a._solo_job is b._solo_job and g.started.wait(60)
        job = a._solo_job
        a.refresh()
        a.solve_bar.cancel_button.click()
        assert not a.solo_computing() and "cancelled" in a.message.value
        assert job.running and not job.cancelled and b.solo_computing()  # b still waits
        b.refresh()
        assert b.solve_bar.box.layout.display != "none"
        g.gate.set()
        assert b.wait_for_solo(60) and g.solved
        # the other way round: the solve stopped elsewhere (a script), b starts it again
        g.solved, g.gate = False, threading.Event()
        assert b.new_game() and b.solo_computing()
        b._solo_job.cancel()
        assert b._solo_job.join(60)
        b.refresh()
        assert b.solo_computing() and not b._solo_job.cancelled  # started again
        g.gate.set()
        assert b.wait_for_solo(60)
    finally:
        g.gate.set()


def test_cancel_in_the_only_app_stops_the_solve(in_background, monkeypatch):
    g = Gate(monkeypatch, 24)
    try:
        a = play("seveny", seed=3, target=24, show_odds=True, coach_prompt=False)
        assert g.started.wait(60)
        job = a._solo_job
        a.refresh()
        a.solve_bar.cancel_button.click()
        assert job.join(60) and job.cancelled and not g.solved
    finally:
        g.gate.set()


def test_a_computer_seat_waits_for_the_background_solve(in_background, monkeypatch):
    g = Gate(monkeypatch, 26)
    try:
        app = play("seveny", seed=3, target=26, computer={0: "optimal"}, show_odds=True,
                   coach_prompt=False, auto_computer=False)
        assert g.started.wait(60) and app.session.waits_for_solve(0)
        assert app.play_computer_turn() == 0 and "waits for the exact odds" in app.message.value
        assert not app.session.computer_steps  # nothing played, nothing solved in this thread
        g.gate.set()
        assert app.wait_for_solo(60)
        assert not app.session.waits_for_solve(0) and app.play_computer_turn() > 0
    finally:
        g.gate.set()


# ------------------------------------------------------------------ the terminal
def test_terminal_says_computing_before_a_long_solve_only():
    engine.prepare(seveny.Rules(target=5))
    quick = PlaySession("seveny", seed=11, lang="en", rules=seveny.Rules(target=10))
    assert not quick.advice_waits()
    out = io.StringIO()
    TerminalPlay(quick, io.StringIO("\nset 1 1 1 6 2 3 4\nquit\n"), out).run()
    assert COMPUTING not in out.getvalue() and "★" in out.getvalue()
    slow = PlaySession("seveny", seed=11, lang="en", rules=seveny.Rules(target=37))
    slow.apply(Roll(()), dice=(1, 1, 1, 6, 2, 3, 4))
    assert slow.advice_waits() == (seveny.Rules(target=37) not in engine._SOLUTIONS)
    out = io.StringIO()
    TerminalPlay(slow, io.StringIO("moves\nquit\n"), out).run()
    text = out.getvalue()
    if COMPUTING in text:
        assert text.index(COMPUTING) < text.index("★")
    assert not slow.advice_waits()  # solved and cached


def test_the_default_points_table_is_never_evicted_by_other_tables(monkeypatch):
    """"Tables built" is read from the cache that holds the default table: after more
    capped tables than the LRU keeps, the default one is still there (not rebuilt in a
    click) and the routing still knows it is built."""
    engine.points_table()
    for cap in range(1, 10):  # more than the capped tables' LRU holds
        engine.points_table(cap=cap)

    def rebuild(*args):
        raise AssertionError("the default points table was rebuilt")

    monkeypatch.setattr(engine, "_points_table", rebuild)
    assert engine.points_table().shape[0] == engine.POINTS_HORIZON
    engine._tables()
    assert engine._tables_built()
