"""The class hub (hub/jupyterhub_config.py) and its load test (dicelab/tools/hubcheck.py):
the pure helpers, the kernel-side clicks, the hub's configuration, and (slow) a class of 30
on a real JupyterHub against the goals of issue 27 §3."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from dicelab.tools import hubcheck

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ pure helpers
def test_percentile_matches_linear_interpolation():
    xs = list(range(1, 101))  # 1..100
    assert hubcheck.percentile(xs, 50) == pytest.approx(50.5, abs=1e-12)
    assert hubcheck.percentile(xs, 95) == pytest.approx(95.05, abs=1e-12)
    assert hubcheck.percentile(xs, 100) == 100.0
    assert hubcheck.percentile([7.0], 95) == 7.0
    assert math.isnan(hubcheck.percentile([], 95))


def test_action_plan_cycles_the_four_clicks():
    plan = hubcheck.action_plan(20)
    assert len(plan) == 20
    assert {k: plan.count(k) for k in hubcheck.ACTIONS} == {
        "roll": 5, "odds": 5, "keep": 5, "bank": 5}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_app_cell_of_the_shipped_play_notebook(lang):
    path = hubcheck.notebook_path(lang)
    assert path == {"fr": "notebooks/fr/03_cinqmille.ipynb",
                    "en": "notebooks/en/03_cinqmille.ipynb"}[lang]
    cell = hubcheck.app_cell(json.loads((ROOT / path).read_text()))
    assert hubcheck.app_game(cell) == "cinqmille"
    assert f'dicelab.set_language("{lang}")' in cell


def test_log_problems_finds_errors_only():
    log = "\n".join([
        "[I 2026-12-04 14:49:36.227 ServerApp] Kernel started: 1234",
        "[W 2026-12-04 14:49:36.227 ServerApp] The websocket_ping_timeout (90000) cannot be",
        "[E 2026-12-04 14:49:37.000 ServerApp] Exception in callback",
        "[C 2026-12-04 14:49:38.000 ServerApp] Running as root is not recommended",
        "Traceback (most recent call last):",
        "KeyError: 'x'",
        "[IPKernelApp] ERROR | Exception in message handler:",
        "[I 2026-12-04 14:49:39.000 ServerApp] 200 GET /user/a/api/contents/Error.ipynb",
    ])
    got = hubcheck.log_problems(log)
    assert len(got) == 5
    assert got[0].startswith("[E ") and got[1].startswith("[C ")
    assert "Error.ipynb" not in " ".join(got)


def _student(name, first, actions, pss, errors=()):
    return {"name": name, "first_app_s": first, "actions_ms": actions, "duel_ms": [5.0],
            "pss_mb": pss, "rss_mb": None if pss is None else pss + 40,
            "errors": list(errors)}


def test_summary_and_goals():
    users = [_student(f"s{i}", 10.0 + i, [float(10 * i + j) for j in range(20)], 100.0 + i)
             for i in range(30)]
    s = hubcheck.summarize(users, idle_cpu_percent=0.7, problems={"s0": [], "hub": []})
    all_actions = [10.0 * i + j for i in range(30) for j in range(20)]
    assert s["users"] == 30 and s["actions"] == 600 and s["duel_actions"] == 30
    assert s["first_app_s_max"] == 39.0
    assert s["action_p95_ms"] == pytest.approx(hubcheck.percentile(all_actions, 95), abs=1e-9)
    assert s["user_mb_max"] == 129.0 and s["user_rss_mb_max"] == 169.0
    # each goal, missed on its own
    base = dict(s, action_p95_ms=120.0)
    assert hubcheck.misses(base) == []
    assert hubcheck.misses(dict(base, first_app_s_max=61.0)) == ["first app 61 s > 60 s"]
    assert hubcheck.misses(dict(base, user_mb_max=151.0)) == [
        "memory per student 151 MB > 150 MB"]
    assert hubcheck.misses(dict(base, idle_cpu_percent=6.0)) == [
        "CPU after the apps close 6 % of a core > 5 % of a core"]
    assert hubcheck.misses(dict(base, log_errors=1)) == ["errors in the logs 1 > 0"]
    assert hubcheck.misses(dict(base, action_p95_ms=math.nan)) == [
        "p95 per action nan ms > 300 ms"]


def test_a_student_without_an_app_is_a_miss():
    users = [_student("a", 5.0, [10.0], 90.0), _student("b", None, [], None),
             _student("c", 6.0, [12.0], 95.0, errors=["duel: KeyError"])]
    s = hubcheck.summarize(users, 0.1, {})
    assert s["users_failed"] == ["b", "c"]
    assert hubcheck.misses(s) == ["students with errors or no app: b, c"]


def test_table_marks_missed_goals():
    s = hubcheck.summarize([_student("a", 70.0, [400.0], 90.0)], 0.1, {})
    text = hubcheck.table(s)
    lines = {line.split("  ")[0]: line for line in text.splitlines()}
    assert lines["first app shown (max)"].endswith("MISSED")
    assert lines["per action, p95"].endswith("MISSED")
    assert lines["memory per student, PSS max"].endswith("ok")


# ------------------------------------------------------------------ in the kernel
def test_kernel_steps_play_the_app_clicks():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play("cinqmille", seed=2026, players=1, learning=True, lang="fr",
               animate=False)
    done = [hubcheck.kernel_step(app, k) for k in hubcheck.action_plan(20)]
    assert done[:4] == ["roll", "odds on", "keep", "roll"]
    assert done.count("odds on") == 3 and done.count("odds off") == 2
    # 5000 banks from 750 points only: until then « bank » plays the best choice, a roll
    assert done.count("roll") == 10 and done.count("keep") == 5
    assert app.state.turn_count >= 1  # the game went on: turns were played
    app.close()


def test_duel_step_finishes_a_game_against_the_computer():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    duel = play("trwavril", seed=5, players=2, computer={1: "optimal"},
                auto_computer=False, coach_prompt=False, lang="en")
    steps = []
    for _ in range(3000):
        steps.append(hubcheck.duel_step(duel))
        if steps[-1] == "over":
            break
    assert steps[-1] == "over" and "computer" in steps
    assert duel.state.is_over
    duel.close()


def test_a_click_sends_each_widget_one_message(monkeypatch):
    """A click's redraw reaches the browser as at most one state message per widget (each
    message costs the kernel, the student's server and the proxy some CPU; a roll sent 37
    before, one per trait changed, now 16 at most here)."""
    w = pytest.importorskip("ipywidgets")
    from collections import Counter

    from dicelab.games._base import Bank, Roll
    from dicelab.ui.widgets import play

    app = play("cinqmille", seed=2026, players=1, learning=True, lang="en", animate=False)
    sent: list = []
    send = w.Widget._send
    monkeypatch.setattr(w.Widget, "_send", lambda self, msg, buffers=None: (
        sent.append((self, msg)), send(self, msg, buffers))[1])
    clicks = 0
    for _ in range(12):
        s = app.state
        if s.phase == "start":
            button = app.roll_button
        else:  # the dice the best choice keeps, toggled as the student's clicks would
            best = app.session.advice().best.action
            hubcheck._select_keep(app, getattr(best, "keep", s.dice))
            button = {Roll: app.roll_button, Bank: app.bank_button}[type(best)]
        sent.clear()
        button.click()
        clicks += 1
        per_widget = Counter(id(x) for x, _msg in sent)
        assert max(per_widget.values()) == 1, per_widget
        dice = [x for x, _msg in sent if x in app.dice_row.toggles]
        assert len(sent) <= 16 and len(dice) <= 5, [type(x).__name__ for x, _m in sent]
    assert clicks == 12 and app.state.turn_count >= 1
    app.close()


def test_the_first_decisions_tables_are_built_as_the_app_opens(monkeypatch):
    """5000: the solo advice's tables (about 0.3 s of CPU once per kernel, a student's
    slowest click on the class hub) are built in the background when the app opens (in a
    kernel; here ``background_solves``), and closing the app lets that job go."""
    pytest.importorskip("ipywidgets")
    from dicelab.engine.cinqmille import solo
    from dicelab.games import cinqmille
    from dicelab.ui.widgets import play
    from dicelab.ui.widgets.base import GameApp

    monkeypatch.setattr(GameApp, "background_solves", True)
    rules = cinqmille.Rules()
    solo.clear_caches()
    assert not solo.prepared(rules)
    app = play("cinqmille", seed=2026, players=1, lang="en", animate=False)
    job = app._solo_warm
    assert job is not None and job.thread.name == "dicelab-duel-cinqmille"
    assert job.join(120) and job.ok and solo.prepared(rules)
    app.roll()
    best = app.session.advice().best  # read from the tables built: the same numbers
    assert best["expected_turns"] == pytest.approx(
        solo.advise(app.state.dice, turn_points=0, score=0).best["expected_turns"], abs=1e-12)
    app.close()
    # closed while building: the job is let go (cancelled, or already done), no thread left
    solo.clear_caches()
    other = play("cinqmille", seed=7, players=1, lang="en", animate=False)
    job = other._solo_warm
    other.close()
    assert job.join(5) and not job.thread.is_alive()
    assert other._solo_warm is None
    # a variant already built: nothing to start
    solo.prepare(rules)
    again = play("cinqmille", seed=8, players=1, lang="en", animate=False)
    assert again._solo_warm is None
    again.close()


# ------------------------------------------------------------------ the hub's configuration
def test_hub_config_loopback_one_home_per_student(tmp_path, monkeypatch):
    pytest.importorskip("jupyterhub")
    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.setenv("DICELAB_HUB_DATA", str(tmp_path / "data"))
    for var in ("DICELAB_HUB_IP", "DICELAB_HUB_PORT", "DICELAB_HUB_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    cfg = PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "hub")).load_config()
    assert cfg.JupyterHub.ip == "127.0.0.1" and cfg.JupyterHub.hub_ip == "127.0.0.1"
    assert cfg.ConfigurableHTTPProxy.api_url.startswith("http://127.0.0.1:")
    assert cfg.JupyterHub.authenticator_class == "shared-password"
    assert len(cfg.SharedPasswordAuthenticator.user_password) >= 8
    assert cfg.Spawner.default_url == "/lab/tree/notebooks/index.ipynb"
    assert "services" not in cfg.JupyterHub  # no admin token unless hub-check sets one
    spawner = cfg.JupyterHub.spawner_class(home_dir=str(tmp_path / "home"))
    spawner.copy_notebooks()
    home = tmp_path / "home"
    index = home / "notebooks" / "index.ipynb"
    assert index.read_bytes() == (ROOT / "notebooks" / "index.ipynb").read_bytes()
    assert (home / "notebooks" / "fr" / "03_cinqmille.ipynb").exists()
    assert (home / "docs" / "rules.md").exists()  # the notebooks' links to the rules
    index.write_text("my own work")  # a student's change is kept at the next start
    spawner.copy_notebooks()
    assert index.read_text() == "my own work"


def test_students_servers_load_only_what_a_student_uses():
    """hub/jupyter_server_config.py turns off the server extensions a student's JupyterLab
    does not use (each name is one this environment enables, so none is a typo), and
    hub/labconfig/page_config.json hides the lab plugins that would call them."""
    pytest.importorskip("jupyterlab")
    from jupyter_core.paths import jupyter_config_path
    from traitlets.config.loader import PyFileConfigLoader

    cfg = PyFileConfigLoader("jupyter_server_config.py", path=str(ROOT / "hub")).load_config()
    off = {k for k, on in cfg.ServerApp.jpserver_extensions.items() if not on}
    assert off == {"jupyter_lsp", "jupyter_server_terminals", "voila.server_extension",
                   "jupyterlab_jupytext", "notebook_shim"}
    enabled = {}
    for folder in jupyter_config_path():
        for f in sorted(Path(folder, "jupyter_server_config.d").glob("*.json")):
            enabled |= json.loads(f.read_text()).get("ServerApp", {}).get(
                "jpserver_extensions", {})
    known = {k for k, on in enabled.items() if on}
    if not {"jupyterlab", "voila.server_extension", "jupyterlab_jupytext"} <= known:
        pytest.skip("not the lab environment (make lab): voila or jupytext missing")
    assert off <= known | {"notebook_shim", "jupyter_lsp", "jupyter_server_terminals"}
    assert {"jupyterlab", "jupyterhub"}.isdisjoint(off)  # JupyterLab stays, and the hub's
    page = json.loads((ROOT / "hub" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"] == {"@voila-dashboards/jupyterlab-preview": True,
                                          "jupyterlab-jupytext": True}
    # no network: no PyPI extension manager, no news, no update check
    assert cfg.LabApp.extension_manager == "readonly" and cfg.LabApp.news_url is None


def test_hub_gives_each_server_its_own_port_below_the_kernels_range(tmp_path, monkeypatch):
    pytest.importorskip("jupyterhub")
    from types import SimpleNamespace

    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.setenv("DICELAB_HUB_DATA", str(tmp_path / "data"))
    cfg = PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "hub")).load_config()
    cls = cfg.JupyterHub.spawner_class
    ports = [cls(home_dir=str(tmp_path / n), user=SimpleNamespace(name=n)).pick_port()
             for n in ("ana", "ana", "bob", "chloé")]
    assert len(set(ports)) == 4  # the same name twice still gets two ports
    assert all(20000 <= p < 32000 for p in ports)  # kernels draw from 32768 and up


def test_students_servers_leave_the_hubs_database_layer_unloaded():
    """hub/lite/dicelab_singleuser.py: a student's server (JupyterHub's single-user server
    and JupyterLab) runs without SQLAlchemy's engine, Alembic or the hub's ORM, which only
    the hub uses; code that asks for them still gets the real modules."""
    pytest.importorskip("jupyterhub")
    pytest.importorskip("jupyterlab")
    import os
    import subprocess
    import sys

    code = """
import json, sys
import dicelab_singleuser as d
installed = d.install()
import jupyterhub.singleuser.extension, jupyterlab.labapp
from jupyterhub import log
loaded = sorted(m for m in ("alembic", "mako", "sqlalchemy.engine", "sqlalchemy.orm",
                            "jupyterhub.handlers", "jupyterhub.handlers.base", "urllib3")
                if m in sys.modules)
kinds = {m: type(sys.modules[m]).__name__ for m in sorted(d.DEFERRED)}
health = log.HealthCheckHandler is d.HealthCheckHandler
import jupyterhub.orm, sqlalchemy.orm  # asked for: the real modules, in their order
real = (jupyterhub.orm.User.__tablename__, sqlalchemy.orm.Session.__name__,
        sys.modules["sqlalchemy.sql"] is __import__("sqlalchemy").sql)
from jupyterhub.scopes import _intersect_expanded_scopes
scopes = sorted(_intersect_expanded_scopes({"read:users", "access:servers"}, {"read:users"}))
print(json.dumps([installed, loaded, kinds, health, real, scopes, d.install()]))
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "hub" / "lite"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout
    installed, loaded, kinds, health, real, scopes, again = json.loads(out)
    assert installed is True and again is False  # installed once
    assert loaded == []
    assert kinds == {"jupyterhub.orm": "_Deferred", "jupyterhub.roles": "_Deferred",
                     "requests": "_Deferred", "sqlalchemy": "_Deferred"}
    assert health is True  # the request log's isinstance test: the stand-in
    assert real == ["users", "Session", True]
    assert scopes == ["read:users"]


def test_the_hub_starts_the_lighter_server(tmp_path, monkeypatch):
    pytest.importorskip("jupyterhub")
    import os
    import sys
    from types import SimpleNamespace

    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.setenv("DICELAB_HUB_DATA", str(tmp_path / "data"))
    cfg = PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "hub")).load_config()
    assert cfg.Spawner.cmd == [sys.executable, "-m", "dicelab_singleuser"]
    assert cfg.Spawner.environment["JUPYTER_WIDGETS_ECHO"] == "0"  # no echo of a click
    lite = str(ROOT / "hub" / "lite")
    assert cfg.Spawner.environment["PYTHONPATH"].split(os.pathsep)[0] == lite
    assert (ROOT / "hub" / "lite" / "dicelab_singleuser.py").exists()
    # hub-check tells a student's server from their kernels by its command line
    server = SimpleNamespace(cmdline=lambda: [sys.executable, "-m", "dicelab_singleuser"])
    classic = SimpleNamespace(cmdline=lambda: ["python", "-m", "jupyterhub.singleuser"])
    kernel = SimpleNamespace(cmdline=lambda: ["python", "-m", "ipykernel_launcher", "-f",
                                              "/h/student01/kernel-1.json"])
    assert [hubcheck.is_server(p) for p in (server, classic, kernel)] == [True, True, False]


# ------------------------------------------------------------------ a class on a real hub
#: Ceilings this 10-student test holds instead of two of issue 27 §3's goals, with a margin
#: for a slower or busier CI machine: ``make hub-check`` asserts the goals themselves with
#: 30 students (README, « A class on a JupyterHub »: p95 per action 184 ms, 144 MB per
#: student, measured on the project's quiet 2-core machine). Fewer students share fewer
#: library pages, so each one's PSS is a little higher with 10 than with 30.
KNOWN_MISSES = {"action_p95_ms": 450.0, "user_mb": 170.0}


@pytest.mark.slow
def test_a_class_on_a_real_hub():
    """``make hub-check``'s driver with 10 students (about 5 min here; the 30-student run,
    ``make hub-check``, takes about 8 min, over the suite's budget): each logs in, sees the
    app in the language of their notebook, plays 20 clicks and a whole game against the
    computer with no error; no server logs an error; nothing uses the CPU once the apps
    are closed; every app shows within 60 s of its login."""
    pytest.importorskip("jupyterhub")
    pytest.importorskip("websocket")
    chp = ROOT / ".cache" / "npm-hub" / "node_modules" / ".bin" / "configurable-http-proxy"
    if not chp.exists() and not shutil.which("configurable-http-proxy"):
        pytest.skip("configurable-http-proxy is not installed (make pytest installs it)")
    report = hubcheck.run(users=10, actions=20, ramp=2.0, think=1.0, timeout=240)
    s = report["summary"]
    assert s["users_failed"] == [], report["students"]
    assert s["actions"] == 200 and all(st["duel_over"] for st in report["students"])
    assert all(st["shown_lang"] == st["lang"] for st in report["students"])
    assert {st["lang"] for st in report["students"]} == {"fr", "en"}
    goals = dict(hubcheck.GOALS, **KNOWN_MISSES)
    assert hubcheck.misses(s, goals) == [], hubcheck.table(s)
