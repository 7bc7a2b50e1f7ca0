"""No background solve runs for nobody (issue 27 §2): a solve stops when the last app that
waits for it closes (or is garbage-collected), or when the interpreter exits; the kernel's
solves take turns, one at a time, and an app whose solve waits says so.

The wall-clock bounds here are the issue's own ("within 2 s of closing"); the CPU is read
with ``time.process_time`` over half-second windows once the threads are gone (the least of three:
a solve left running uses a core in each, a blip of another thread in one).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from dicelab.analysis import solving
from dicelab.core import progress
from dicelab.engine.dripeul import duel as dripeul_duel
from dicelab.engine.seveny import duel as seveny_duel
from dicelab.games import dripeul, seveny

pytest.importorskip("ipywidgets")

from dicelab.ui.widgets import base, play  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: closing the apps to no solve thread alive (the issue: "within 2 s")
STOP_WITHIN_S = 2.0
#: CPU time the whole process may use over :data:`IDLE_S` once the solves are gone: 10 %
#: of a core (the test runner's own bookkeeping; a solve left running uses ~100 %)
IDLE_S = 0.5
IDLE_CPU_S = 0.05


def solve_threads() -> list[threading.Thread]:
    """The background solves' threads alive in this process."""
    return [t for t in threading.enumerate() if t.name.startswith("dicelab-duel")]


@pytest.fixture
def clean_line():
    """No solve of another test in the line, before and after."""
    assert solving.stop_all(60) and not solve_threads()
    assert solving.solve_line() == (None, ())
    yield
    solving.stop_all(60)


def _idle_cpu(windows: int = 3) -> float:
    """The least CPU time the whole process used over one of ``windows`` windows of
    :data:`IDLE_S`: a solve left running uses about a core in every one; a blip of another
    thread (the test runner, a warm-up of an earlier test ending) only in one."""
    used = []
    for _ in range(windows):
        cpu = time.process_time()
        time.sleep(IDLE_S)
        used.append(time.process_time() - cpu)
    return min(used)


def _busy_threads(seconds: float = IDLE_S) -> dict[str, float]:
    """The CPU time each thread of the process used over ``seconds`` (Linux: its Python name,
    else its kernel name, and its id), for a failure's message: what runs when nothing should."""
    tasks = Path("/proc/self/task")
    if not tasks.is_dir():
        return {}

    def cpu() -> dict[int, int]:
        out = {}
        for t in tasks.iterdir():
            try:
                fields = (t / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[int(t.name)] = int(fields[11]) + int(fields[12])
        return out

    before = cpu()
    time.sleep(seconds)
    after = cpu()
    names = {t.native_id: t.name for t in threading.enumerate()}
    tick = os.sysconf("SC_CLK_TCK")
    used = {}
    for tid, ticks in after.items():
        if ticks > before.get(tid, 0):
            try:
                name = names.get(tid) or (tasks / str(tid) / "comm").read_text().strip()
            except OSError:
                name = "?"
            used[f"{name} ({tid})"] = (ticks - before.get(tid, 0)) / tick
    return used


def _solving_now(jobs) -> list[solving.SolveJob]:
    """The jobs whose solver runs now and that nobody cancelled."""
    return [j for j in jobs if j.thread.is_alive() and not j.done.is_set() and not j.cancelled]


# ------------------------------------------------------------------ 10 apps closed mid-solve
SEVENY_TARGETS = (41, 41, 43, 47, 53, 59)  # no shipped table (20, 30, 50, 100 ship)
DRIPEUL_VARIANTS = ({"straight_bonus": True}, {"reroll_set_aside": False},
                    {"last_six": True}, {"reroll_set_aside": False, "last_six": True})


def test_ten_apps_closed_mid_solve_leave_no_solve_thread_and_no_cpu(clean_line, monkeypatch):
    """Ten real two-player apps of variants without a shipped table (two share one): their
    solves (two-player tables, and Seveny's solo odds, as in a kernel) take turns; closed
    while one of them is computing, within 2 s no solve thread is alive, the process uses
    no CPU, nothing half solved is cached, and a new app starts the solve again."""
    monkeypatch.setattr(base.GameApp, "background_solves", True)  # as in a kernel
    for t in set(SEVENY_TARGETS):
        seveny_duel._CACHE.pop(seveny.Rules(target=t), None)
    for v in DRIPEUL_VARIANTS:
        dripeul_duel._CACHE.pop(dripeul_duel._key(dripeul.Rules(**v)), None)
    apps = [play("seveny", seed=i, players=2, target=t, lang="en", coach_prompt=False)
            for i, t in enumerate(SEVENY_TARGETS)]
    apps += [play("dripeul", seed=i, players=2, lang="en", coach_prompt=False, **v)
             for i, v in enumerate(DRIPEUL_VARIANTS)]
    assert len(apps) == 10 and all(a.duel_computing() for a in apps)
    duel_jobs = [a._duel_job for a in apps]
    assert duel_jobs[0] is duel_jobs[1]  # the same variant: one solve for both apps
    assert len({id(j) for j in duel_jobs}) == 9
    jobs = {id(j): j for j in duel_jobs + [a._solo_job for a in apps if a._solo_job]}
    jobs = list(jobs.values())
    # one solve at a time: one computing, every other one waiting in line
    solving_job, waiting = solving.solve_line()
    assert solving_job is not None and len(waiting) >= 8
    assert len(_solving_now(jobs)) <= 1 and len(solve_threads()) <= 1
    last = apps[-1]
    last.refresh()
    assert last._duel_job.ahead >= 8
    assert f"waiting for other computations to finish ({last._duel_job.ahead} ahead)" \
        in last.solve_bar.label.value
    # mid-solve: a solve has reported progress (Seveny's solo odds go first, then tables)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        now, _ = solving.solve_line()
        if now is not None and now.task.done > 0 and now in duel_jobs:
            break
        assert len(_solving_now(jobs)) <= 1
        time.sleep(0.02)
    else:
        raise AssertionError("no two-player solve started within 120 s")
    assert len(_solving_now(jobs)) == 1 and len(solve_threads()) == 1
    # the two apps sharing a solve: closing one leaves it to the other
    shared = duel_jobs[0]
    apps[0].close()
    assert shared.running and not shared.cancelled
    apps[1].close()
    assert shared.cancelled
    for app in apps[2:]:
        app.close()
    closed = time.monotonic()
    while solve_threads() and time.monotonic() - closed < STOP_WITHIN_S:
        time.sleep(0.01)
    stopped = time.monotonic() - closed
    assert not solve_threads(), (stopped, [(j, j.started and round(j.started - closed, 2),
                                            j.ended and round(j.ended - closed, 2),
                                            j.task.done, j.task.total)
                                           for j in jobs if j.thread.is_alive()])
    assert stopped <= STOP_WITHIN_S
    assert solving.solve_line() == (None, ())
    assert _idle_cpu() <= IDLE_CPU_S, _busy_threads()
    # every two-player solve was cancelled; none is cached half done
    for job in duel_jobs:
        assert job.done.is_set() and job.cancelled
        assert isinstance(job.error, progress.Cancelled)
        assert not solving.duel_ready(job.game, job.rules)
    assert all(not j.running for j in jobs)
    # a new app starts a cancelled solve again
    again = play("seveny", seed=1, players=2, target=SEVENY_TARGETS[0], lang="en",
                 coach_prompt=False)
    assert again.duel_computing() and again._duel_job is not shared
    assert not again._duel_job.cancelled
    again.close()
    assert again._duel_job is None and solving.stop_all(STOP_WITHIN_S)


# ------------------------------------------------------------------ the line
class GatedDuels:
    """Seveny's two-player solves held until their gate opens; each reports a step every
    20 ms (so a cancelled one stops at once) and records which solves overlapped."""

    def __init__(self, monkeypatch, targets):
        self.rules = {t: seveny.Rules(target=t) for t in targets}
        for r in self.rules.values():
            seveny_duel._CACHE.pop(r, None)
        self.gates = {t: threading.Event() for t in targets}
        self.started = {t: threading.Event() for t in targets}
        self.active: set[int] = set()
        self.overlaps: list[tuple[int, ...]] = []
        self.lock = threading.Lock()

        def solve(game, rules):
            t = rules.target
            with self.lock:
                live = tuple(sorted(self.active))
                if live:
                    self.overlaps.append((t, *live))
                self.active.add(t)
            try:
                progress.step(1, 4)
                self.started[t].set()
                while not self.gates[t].wait(0.02):
                    progress.step(1, 4)  # raises Cancelled once cancelled
            finally:
                with self.lock:
                    self.active.discard(t)

        monkeypatch.setattr(solving, "solve", solve)

    def open_all(self):
        for g in self.gates.values():
            g.set()


def test_a_second_solve_waits_in_line_says_so_and_runs_after_the_first(clean_line,
                                                                        monkeypatch):
    held = GatedDuels(monkeypatch, (42, 44, 46, 48))
    try:
        a = play("seveny", seed=1, players=2, target=42, lang="en", coach_prompt=False)
        b = play("seveny", seed=2, players=2, target=44, lang="en", coach_prompt=False)
        ja, jb = a._duel_job, b._duel_job
        assert held.started[42].wait(60)
        # only A's solve runs: B's waits in line, its thread not even started
        assert solving.solve_line() == (ja, (jb,))
        assert jb.running and jb.waiting and jb.ahead == 1 and jb.thread.ident is None
        assert not held.started[44].is_set() and len(solve_threads()) == 1
        assert not ja.waiting and ja.ahead == 0
        a.refresh()
        b.refresh()
        assert b.solve_bar.box.layout.display != "none"
        assert "waiting for another computation to finish (1 ahead)" in b.solve_bar.label.value
        assert b.solve_bar.bar.value == 0.0
        assert "waiting" not in a.solve_bar.label.value and "25 % done" in a.solve_bar.label.value
        assert "being computed" in b.overlay.note.value  # solo odds meanwhile, as always
        b.set_language("fr")
        assert ("en attente de la fin d'un autre calcul (1 avant celui-ci)"
                in b.solve_bar.label.value.replace("&#x27;", "'"))
        assert b.solve_bar.cancel_button.description == "Annuler"
        b.set_language("en")
        # the first one ends: the second starts
        held.gates[42].set()
        assert ja.join(60) and ja.ok
        assert held.started[44].wait(60) and jb.running and not jb.waiting
        assert solving.solve_line() == (jb, ())
        b.refresh()
        assert "waiting" not in b.solve_bar.label.value and "25 % done" in b.solve_bar.label.value
        # two more in line behind B; Cancel on the last one takes it out of the line
        c = play("seveny", seed=3, players=2, target=46, lang="en", coach_prompt=False)
        d = play("seveny", seed=4, players=2, target=48, lang="en", coach_prompt=False)
        jc, jd = c._duel_job, d._duel_job
        assert solving.solve_line() == (jb, (jc, jd)) and (jc.ahead, jd.ahead) == (1, 2)
        d.refresh()
        assert "waiting for other computations to finish (2 ahead)" in d.solve_bar.label.value
        d.solve_bar.cancel_button.click()
        assert not d.duel_computing() and "Computation cancelled" in d.overlay.note.value
        assert jd.done.is_set() and isinstance(jd.error, progress.Cancelled)
        assert jd.thread.ident is None and not held.started[48].is_set()  # never ran
        assert solving.solve_line() == (jb, (jc,))
        # Cancel on the one computing: the next one starts at once
        b.solve_bar.cancel_button.click()
        assert held.started[46].wait(60) and jb.join(60)
        assert isinstance(jb.error, progress.Cancelled) and solving.solve_line() == (jc, ())
        c.close()  # the last app waiting for it: cancelled, and the line is empty
        assert jc.join(60) and jc.cancelled and solving.solve_line() == (None, ())
        assert not solve_threads()
        # a cancelled solve starts again for a new app, and runs to its end
        held.started[44].clear()
        e = play("seveny", seed=5, players=2, target=44, lang="en", coach_prompt=False)
        je = e._duel_job
        assert je is not jb and je.running and not je.cancelled
        assert held.started[44].wait(60) and solving.solve_line() == (je, ())
        held.gates[44].set()
        assert je.join(60) and je.ok
        # never two solves computing at once, a cancelled one included
        assert held.overlaps == []
    finally:
        held.open_all()


def test_a_waiting_solve_is_cancelled_with_its_only_app_and_the_line_goes_on(clean_line):
    """The line without apps: a job cancelled while waiting ends at once (never started),
    the next one starts when the first ends; ``join`` waits for a job still in line."""
    gate = threading.Event()
    order: list[str] = []

    def solver(name):
        def run(game, rules):
            order.append(name)
            while not gate.wait(0.02):
                progress.step(1, 2)
        return run

    first = solving.SolveJob("nogame", 1, solver=solver("first"), queued=True).start()
    second = solving.SolveJob("nogame", 2, solver=solver("second"), queued=True).start()
    third = solving.SolveJob("nogame", 3, solver=solver("third"), queued=True).start()
    assert solving.solve_line() == (first, (second, third)) and third.ahead == 2
    assert not second.join(0.05)  # still in line: join waits (here 50 ms) for its end
    second.cancel()
    assert second.done.is_set() and second.thread.ident is None and third.ahead == 1
    gate.set()
    assert first.join(60) and third.join(60) and first.ok and third.ok
    assert order == ["first", "third"] and solving.solve_line() == (None, ())


def test_a_garbage_collected_waiter_stops_the_solve(clean_line):
    """A waiter's bound method is held weakly: once every waiter is collected, the solve
    is cancelled (the apps' ``_duel_ended``: an app dropped without ``close()``)."""

    class Waiter:
        def __init__(self):
            self.seen = []

        def ended(self, job):
            self.seen.append(job)

    def solver(game, rules):
        for _ in range(3000):
            progress.step(1, 2)
            time.sleep(0.02)

    job = solving.SolveJob("nogame", None, solver=solver, queued=True).start()
    one, two = Waiter(), Waiter()
    job.subscribe(one.ended)
    job.subscribe(two.ended)
    del one
    gc.collect()
    assert job.running and not job.cancelled  # the other one still waits
    del two
    gc.collect()
    assert job.cancelled and job.join(60) and isinstance(job.error, progress.Cancelled)
    assert solving.solve_line() == (None, ())


# ------------------------------------------------------------------ the kernel shuts down
EXIT_SCRIPT = textwrap.dedent("""
    import atexit, sys, time

    seen = {}

    def report():  # registered before dicelab's handler: runs after it
        job = seen["job"]
        print("cancelled", job.cancelled, "ended", job.done.is_set(),
              "alive", job.thread.is_alive(), "after", round(time.monotonic() - seen["t"], 3),
              flush=True)

    atexit.register(report)
    from dicelab.analysis import solving
    from dicelab.engine.seveny import duel
    from dicelab.games import seveny

    rules = seveny.Rules(target=61)
    assert not duel.duel_ready(rules)
    job = seen["job"] = solving.solve_in_background("seveny", rules)
    deadline = time.monotonic() + 120
    while job.task.done == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert job.running and job.task.done > 0, "the solve did not start"
    print("solving", flush=True)
    seen["t"] = time.monotonic()
    sys.exit(0)
""")


def test_interpreter_exit_cancels_a_running_solve_without_waiting_for_it():
    """A kernel shutting down (or restarted) ends its process: at exit every background
    solve is cancelled, and the exit waits for its thread at most ``EXIT_WAIT``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, "-c", EXIT_SCRIPT], env=env, cwd=str(ROOT),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert lines[0] == "solving", done.stdout
    words = lines[1].split()
    assert words[:6] == ["cancelled", "True", "ended", "True", "alive", "False"], done.stdout
    assert float(words[7]) <= solving.EXIT_WAIT + 0.5


KERNEL_SETUP = textwrap.dedent("""
    import atexit, time

    seen = {}

    def report(seen=seen):  # registered before dicelab's handler: runs after it
        job = seen["job"]  # (bound here: IPython empties the user's namespace at exit)
        with open(seen["out"], "w") as f:
            f.write(f"{job.cancelled} {job.done.is_set()} {job.thread.is_alive()}")

    atexit.register(report)
""")

KERNEL_SOLVE = textwrap.dedent("""
    from dicelab.analysis import solving
    from dicelab.games import seveny

    seen["out"] = {out!r}
    job = seen["job"] = solving.solve_in_background("seveny", seveny.Rules(target=67))
    deadline = time.monotonic() + 120
    while job.task.done == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    print("solving" if job.running and job.task.done > 0 else "not solving")
""")


@pytest.mark.slow
def test_a_kernel_shut_down_mid_solve_cancels_it_and_exits_at_once(tmp_path):
    """A real IPython kernel (as a notebook's or Voilà's) shut down while it solves in the
    background: the solve is cancelled at exit and the kernel's process ends by itself,
    well before the kernel manager would kill it."""
    from jupyter_client.manager import KernelManager

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    out = tmp_path / "exit.txt"
    km = KernelManager(kernel_name="python3")
    km.shutdown_wait_time = 30.0  # a kernel still running after 30 s would be killed
    km.start_kernel(cwd=str(tmp_path), env=env)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        printed: list[str] = []

        def output(msg):
            if msg["msg_type"] == "stream":
                printed.append(msg["content"]["text"])
            if msg["msg_type"] == "error":
                printed.append("\n".join(msg["content"]["traceback"]))

        for code in (KERNEL_SETUP, KERNEL_SOLVE.format(out=str(out))):
            reply = kc.execute_interactive(code, timeout=300, output_hook=output)
            assert reply["content"]["status"] == "ok", printed
        assert "solving" in "".join(printed).split(), printed
    finally:
        kc.stop_channels()
    asked = time.monotonic()
    km.shutdown_kernel(now=False)
    took = time.monotonic() - asked
    assert out.read_text() == "True True False"  # cancelled, ended, its thread gone
    assert took < 10.0, took
