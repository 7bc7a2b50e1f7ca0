"""``make hub-check``: a class of 30 on a real JupyterHub, timed (issue 27 §3).

The driver starts the class hub of ``hub/jupyterhub_config.py`` on free loopback ports, in
a fresh data folder, then for each student, in one thread each (logins ``ramp`` seconds
apart, as a class arrives):

1. logs in through the hub's login form (the class password), then gets an API token;
2. starts their server (the hub's REST API) and opens a play notebook of their copy
   (:data:`PLAY_NOTEBOOK`, 5000: half the class in French, half in English);
3. starts a kernel and runs the notebook's app cell through the kernel protocol (a
   websocket through the hub's proxy): the time from login until that cell has shown the
   app is « first app »;
4. plays ``actions`` clicks (roll, show/hide the odds, keep, bank: :func:`kernel_step`),
   each a cell sent to the kernel and timed until the kernel is idle again, ``think``
   seconds apart (a student looks at the dice before the next click);
5. plays one whole two-player game against the computer (:func:`duel_step`), at the same
   pace;
6. closes both apps.

Meanwhile it measures each student's memory (their server and kernel, PSS and RSS), then,
5 s after every app is closed, the CPU the hub, proxy, servers and kernels still use, and
reads every server's log for errors. The numbers go to ``artifacts/hub-check.json`` and a
table; the exit status is 1 when a goal (:data:`GOALS`) is missed. Everything it starts
is stopped at the end, whatever happens; it only uses 127.0.0.1.

    python -m dicelab.tools.hubcheck --users 30 --actions 20

The pure pieces are tested without a hub:

>>> percentile([10, 20, 30, 40], 50)
25.0
>>> action_plan(6)
['roll', 'odds', 'keep', 'bank', 'roll', 'odds']
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dicelab.tools.hubfigures import (
    GOALS,
    cpu_percent,
    is_server,
    log_problems,
    mb,
    misses,
    percentile,
    summarize,
    table,
)

__all__ = ["GOALS", "ACTIONS", "percentile", "action_plan", "notebook_path", "app_game",
           "app_cell", "log_problems",
           "summarize", "misses", "table", "kernel_step", "duel_step", "run", "main"]

#: A student's clicks, in turn: roll, show or hide the odds, keep dice, bank.
ACTIONS = ("roll", "odds", "keep", "bank")

#: The play notebook each student opens (their language's copy): the 5000 one, whose game
#: rolls, keeps and banks, and ships its two-player table; the two-player game against the
#: computer is of the same game (:func:`app_game` reads it from the app cell).
PLAY_NOTEBOOK = "03_*.ipynb"
REPO = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- pure helpers
def action_plan(n: int) -> list[str]:
    """A student's ``n`` clicks: :data:`ACTIONS` in turn.

    >>> action_plan(5)
    ['roll', 'odds', 'keep', 'bank', 'roll']
    """
    return [ACTIONS[i % len(ACTIONS)] for i in range(n)]


def notebook_path(lang: str) -> str:
    """The play notebook of ``lang``, relative to the repository (and to a student's home).

    >>> notebook_path("fr").startswith("notebooks/fr/03_")
    True
    """
    found = sorted((REPO / "notebooks" / lang).glob(PLAY_NOTEBOOK))
    if not found:
        raise FileNotFoundError(f"no notebooks/{lang}/{PLAY_NOTEBOOK}")
    return found[0].relative_to(REPO).as_posix()


def app_game(cell: str) -> str:
    """The game an app cell plays: the first argument of its ``play(...)`` call.

    >>> app_game('app = play("cinqmille", seed=SEED, players=1)')
    'cinqmille'
    """
    found = re.search(r"\bplay\(\s*[\"']([^\"']+)[\"']", cell)
    if found is None:
        raise ValueError("the app cell names no game: play(\"<game>\", ...)")
    return found.group(1)


def app_cell(notebook: dict[str, Any]) -> str:
    """The source of a play notebook's app cell: the first code cell that builds an app
    with ``play(`` (what a student runs to see the game).

    >>> nb = {"cells": [{"cell_type": "code", "source": ["import dicelab"]},
    ...                 {"cell_type": "markdown", "source": "play(...)"},
    ...                 {"cell_type": "code", "source": ["app = play('x')\\n", "app"]}]}
    >>> app_cell(nb)
    "app = play('x')\\napp"
    >>> app_cell({"cells": []})
    Traceback (most recent call last):
    ...
    ValueError: no app cell (a code cell calling play()) in this notebook
    """
    for cell in notebook.get("cells", []):
        src = cell.get("source", "")
        src = "".join(src) if isinstance(src, list) else str(src)
        if cell.get("cell_type") == "code" and re.search(r"\bplay\(", src):
            return src
    raise ValueError("no app cell (a code cell calling play()) in this notebook")


# --------------------------------------------------------------------------- in the kernel
def _select_keep(app: Any, keep: Sequence[int]) -> None:
    """Toggle on the dice of ``keep`` (locked dice stay as they are)."""
    left = list(keep)
    for t, v in zip(app.dice_row.die_toggles, app.state.dice):
        if t.disabled:
            if t.value and v in left:
                left.remove(v)
            continue
        t.value = v in left and not left.remove(v)


def kernel_step(app: Any, kind: str) -> str:
    """One student click on ``app`` (runs in the student's kernel): ``"odds"`` shows or
    hides the odds; ``"keep"`` toggles the dice the best choice keeps; ``"roll"`` and
    ``"bank"`` click that button when it is allowed, else play the best choice's button.
    A game over starts the next one, a computer's turn is played. Returns what was done.

    >>> from dicelab.ui.widgets import play
    >>> app = play("cinqmille", seed=2026, players=1, learning=True, lang="en")
    >>> [kernel_step(app, k) for k in action_plan(4)]
    ['roll', 'odds on', 'keep', 'roll']
    >>> app.close()
    """
    from dicelab.games._base import Bank, Roll, Stop

    if kind == "odds":
        box = app.overlay.show_odds
        box.value = not box.value
        return "odds on" if box.value else "odds off"
    s = app.state
    if s.is_over:
        app.again_button.click()
        return "again"
    if app.is_computer():
        app.computer_button.click()
        return "computer"
    if s.phase == "start":
        app.roll_button.click()
        return "roll"
    best = app.session.advice().best.action
    if app.resolve_buttons:
        app.resolve_buttons[app.resolve_choices.index(best.choice)].click()
        return "resolve"
    _select_keep(app, getattr(best, "keep", s.dice))
    if kind == "keep":
        return "keep"
    buttons = {Roll: app.roll_button, Stop: app.stop_button, Bank: app.bank_button}
    wanted = {"roll": app.roll_button, "bank": app.bank_button}.get(kind)
    if wanted is None or wanted.disabled or wanted.layout.display == "none":
        wanted = buttons[type(best)]
    wanted.click()
    return "bank" if wanted is app.bank_button else "roll" if wanted is app.roll_button \
        else "stop"


def duel_step(app: Any) -> str:
    """One click in a two-player game against the computer: the computer's turn, or the
    human's best choice; ``"over"`` once the game has ended.

    >>> from dicelab.ui.widgets import play
    >>> duel = play("trwavril", seed=2, players=2, computer={1: "optimal"},
    ...             auto_computer=False, coach_prompt=False, lang="en")
    >>> steps = [duel_step(duel) for _ in range(2000)]
    >>> "over" in steps and "computer" in steps
    True
    >>> duel.close()
    """
    if app.state.is_over:
        return "over"
    return kernel_step(app, "roll")


# --------------------------------------------------------------------------- the hub run
@dataclass
class Student:
    """One student's run and figures."""

    name: str
    lang: str
    first_app_s: float | None = None
    login_s: float | None = None
    spawn_s: float | None = None
    actions_ms: list[float] = field(default_factory=list)
    duel_ms: list[float] = field(default_factory=list)
    duel_moves: int = 0
    duel_over: bool = False
    shown_lang: str | None = None
    pss_mb: float | None = None
    rss_mb: float | None = None
    server_pss_mb: float | None = None
    kernel_pss_mb: float | None = None
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class KernelChannel:
    """A kernel's channels over the hub's proxy (the Jupyter websocket protocol, JSON)."""

    def __init__(self, url: str, token: str, timeout: float) -> None:
        import websocket  # websocket-client, a dependency of jupyter_server

        self.session = uuid.uuid4().hex
        self.ws = websocket.create_connection(
            f"{url}?session_id={self.session}", header=[f"Authorization: token {token}"],
            timeout=timeout)
        self.timeout = timeout

    def execute(self, code: str) -> tuple[float, dict[str, Any]]:
        """Run ``code``; returns the seconds until the reply and the kernel's idle status,
        and what came back: ``status``, ``text`` (the last expression's repr), ``widget``
        (a widget was displayed), ``error``."""
        msg_id = uuid.uuid4().hex
        msg = {"header": {"msg_id": msg_id, "username": "student", "session": self.session,
                          "msg_type": "execute_request", "version": "5.3",
                          "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
               "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
               "content": {"code": code, "silent": False, "store_history": True,
                           "user_expressions": {}, "allow_stdin": False,
                           "stop_on_error": True}}
        t0 = time.perf_counter()
        self.ws.send(json.dumps(msg))
        out: dict[str, Any] = {"status": None, "text": None, "widget": False, "error": None}
        idle = False
        deadline = time.monotonic() + self.timeout
        while out["status"] is None or not idle:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no reply in {self.timeout:g} s to {code[:60]!r}")
            m = json.loads(self.ws.recv())
            if m.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = m["msg_type"], m.get("content", {})
            if kind == "execute_reply":
                out["status"] = content.get("status")
                if content.get("status") == "error":
                    out["error"] = f"{content.get('ename')}: {content.get('evalue')}"
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
            elif kind in ("execute_result", "display_data"):
                data = content.get("data", {})
                out["widget"] |= "application/vnd.jupyter.widget-view+json" in data
                if kind == "execute_result":
                    out["text"] = data.get("text/plain")
            elif kind == "error":
                out["error"] = f"{content.get('ename')}: {content.get('evalue')}"
        return time.perf_counter() - t0, out

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 - closing a socket already gone
            pass


class Hub:
    """The class hub in a fresh folder, on free loopback ports; :meth:`stop` ends it and
    every process it started."""

    def __init__(self, data: Path, python: str = sys.executable) -> None:
        self.data = data
        self.port = free_port()
        self.token = secrets.token_hex(24)
        self.password = secrets.token_urlsafe(12)
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, DICELAB_HUB_DATA=str(data), DICELAB_HUB_IP="127.0.0.1",
                   DICELAB_HUB_PORT=str(self.port), DICELAB_HUB_API_PORT=str(free_port()),
                   DICELAB_PROXY_API_PORT=str(free_port()), DICELAB_HUB_TOKEN=self.token,
                   DICELAB_HUB_PASSWORD=self.password)
        env.pop("DICELAB_HUB_ADMIN", None)
        self.log_path = data / "hub.log"
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [python, "-m", "jupyterhub", "-f", str(REPO / "hub" / "jupyterhub_config.py")],
            cwd=data, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.seen: dict[int, Any] = {}

    def api(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        import requests

        headers = {"Authorization": f"token {token or self.token}"}
        return requests.request(method, f"{self.url}/hub/api{path}", headers=headers,
                                timeout=60, **kw)

    def wait_ready(self, timeout: float = 90) -> None:
        import requests

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the hub stopped: " + self.log_path.read_text()[-2000:])
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=5).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.5)
        raise TimeoutError(f"the hub did not answer in {timeout:g} s")

    def processes(self) -> list[Any]:
        """The hub and everything under it (proxy, servers, kernels), alive now; each
        process is remembered so that :meth:`stop` finds it even if orphaned."""
        import psutil

        try:
            root = psutil.Process(self.proc.pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            procs = []
        for p in procs:
            self.seen.setdefault(p.pid, p)
        return procs

    def user_processes(self, name: str) -> list[Any]:
        """A student's server and its kernels."""
        import psutil

        out = []
        for p in self.processes():
            try:
                if p.environ().get("JUPYTERHUB_USER") == name:
                    out.append(p)
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
        return out

    def stop(self) -> None:
        """SIGTERM to the hub (it stops the servers), then SIGKILL to anything left."""
        import psutil

        self.processes()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        for p in list(self.seen.values()):
            try:
                if p.is_running():
                    p.kill()
            except psutil.NoSuchProcess:
                continue
        psutil.wait_procs([p for p in self.seen.values()], timeout=10)
        self._log.close()


def play_student(hub: Hub, st: Student, actions: int, seed: int, timeout: float,
                 think: float = 1.0) -> None:
    """One student's whole run (module docstring, steps 1–6); errors go to ``st.errors``."""
    import requests

    chan = None
    try:
        t0 = time.perf_counter()
        web = requests.Session()
        web.get(f"{hub.url}/hub/login", timeout=60)
        r = web.post(f"{hub.url}/hub/login", allow_redirects=False, timeout=60,
                     data={"username": st.name, "password": hub.password,
                           "_xsrf": web.cookies.get("_xsrf", "")})
        if r.status_code != 302:
            raise RuntimeError(f"login refused: HTTP {r.status_code}")
        st.login_s = time.perf_counter() - t0
        token = hub.api("POST", f"/users/{st.name}/tokens",
                        json={"note": "hub-check", "expires_in": 3600}).json()["token"]
        r = hub.api("POST", f"/users/{st.name}/server", token=token)
        if r.status_code not in (201, 202):
            raise RuntimeError(f"server not started: HTTP {r.status_code} {r.text[:200]}")
        deadline = time.monotonic() + timeout
        while True:
            server = hub.api("GET", f"/users/{st.name}").json().get("servers", {}).get("", {})
            if server.get("ready"):
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"server not ready in {timeout:g} s")
            time.sleep(0.5)
        st.spawn_s = time.perf_counter() - t0
        base = f"{hub.url}/user/{st.name}"
        head = {"Authorization": f"token {token}"}
        path = notebook_path(st.lang)
        nb = requests.get(f"{base}/api/contents/{path}", headers=head, timeout=60).json()
        cell = app_cell(nb["content"])
        r = requests.post(f"{base}/api/sessions", headers=head, timeout=60,
                          json={"path": path, "type": "notebook", "name": "",
                                "kernel": {"name": "python3"}})
        kernel = r.json()["kernel"]["id"]
        ws = base.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels"
        chan = KernelChannel(ws, token, timeout)
        _, out = chan.execute(cell)
        if out["status"] != "ok" or not out["widget"]:
            raise RuntimeError(f"app cell: {out}")
        st.first_app_s = time.perf_counter() - t0
        _, out = chan.execute("from dicelab.tools.hubcheck import kernel_step, duel_step\n"
                              "app.lang")
        st.shown_lang = (out["text"] or "").strip("'\"")
        for kind in action_plan(actions):
            time.sleep(think)
            dt, out = chan.execute(f"kernel_step(app, {kind!r})")
            if out["status"] != "ok":
                st.errors.append(f"{kind}: {out['error']}")
            st.actions_ms.append(1000 * dt)
        _, out = chan.execute(
            "from dicelab.ui.widgets import play\n"
            f"duel = play({app_game(cell)!r}, seed={seed}, players=2, computer={{1: 'optimal'}},"
            f" auto_computer=False, coach_prompt=False, lang={st.lang!r})\nduel")
        if out["status"] != "ok" or not out["widget"]:
            raise RuntimeError(f"two-player app: {out}")
        for _ in range(2000):
            time.sleep(think)
            dt, out = chan.execute("duel_step(duel)")
            if out["status"] != "ok":
                st.errors.append(f"duel: {out['error']}")
                break
            if "over" in (out["text"] or ""):
                st.duel_over = True
                break
            st.duel_ms.append(1000 * dt)
            st.duel_moves += 1
        if not st.duel_over:
            st.errors.append("the two-player game did not end in 2000 clicks")
        procs = hub.user_processes(st.name)
        st.pss_mb, st.rss_mb = mb(procs)
        st.server_pss_mb = mb(p for p in procs if is_server(p))[0]
        st.kernel_pss_mb = st.pss_mb - st.server_pss_mb
        _, out = chan.execute("app.close(); duel.close()")
        if out["status"] != "ok":
            st.errors.append(f"close: {out['error']}")
    except Exception as e:  # noqa: BLE001 - every failure is a student's error, reported
        st.errors.append(f"{type(e).__name__}: {e}")
    finally:
        if chan is not None:
            chan.close()


#: Fills a class cache with the tables the check's students play (the games' default rules
#: with two players), as ``make hub`` fills it (``tables --warm``: every variant, longer).
_WARM = ("from dicelab.analysis import solving\n"
         "from dicelab.registry import get\n"
         "for g in solving.DUEL_GAMES:\n"
         "    r = get(g).rules.Rules()\n"
         "    if not solving.duel_ready(g, r):\n"
         "        solving.solve(g, r)\n")


def warm_class_cache(data: Path, python: str = sys.executable) -> None:
    """Solve into the hub's class cache (``data/tables``: ``DICELAB_CACHE`` of every
    server, hub/jupyterhub_config.py) the two-player tables of the games' default rules,
    before the hub starts, so that no student's kernel solves one: the hub as ``make hub``
    starts it."""
    subprocess.run([python, "-c", _WARM], check=True, timeout=600,
                   env=dict(os.environ, DICELAB_CACHE=str(data / "tables")))


def run(users: int = 30, actions: int = 20, ramp: float = 2.0, think: float = 1.0,
        timeout: float = 240.0, keep_data: bool = False) -> dict[str, Any]:
    """The whole check (module docstring); returns the report written to the JSON file."""
    data = Path(tempfile.mkdtemp(prefix="dicelab-hubcheck-"))
    warm_class_cache(data)
    hub = Hub(data)
    started = time.perf_counter()
    load_before = os.getloadavg()
    students = [Student(f"student{i + 1:02d}", ("fr", "en")[i % 2]) for i in range(users)]
    try:
        hub.wait_ready()
        threads = []
        for i, st in enumerate(students):
            t = threading.Thread(target=play_student, args=(hub, st, actions, i, timeout, think),
                                 name=f"hubcheck-{st.name}", daemon=True)
            t.start()
            threads.append(t)
            time.sleep(ramp)
        end = time.monotonic() + timeout * 3
        for t in threads:
            t.join(max(end - time.monotonic(), 1))
        for st, t in zip(students, threads):
            if t.is_alive():
                st.errors.append("still running when the check's time ran out")
        time.sleep(5)  # 5 s after the last app closed
        procs = hub.processes()
        idle = cpu_percent(procs)
        busy = []
        for p in procs:  # the processes still busy, named, if any
            try:
                if p.cpu_percent(interval=0.2) > 2:
                    busy.append(" ".join(p.cmdline()[:4]))
            except Exception:  # noqa: BLE001 - a process gone meanwhile
                continue
        problems = {}
        for log in sorted((data / "logs").glob("*.log")):
            problems[log.stem] = log_problems(log.read_text(errors="replace"))
        problems["hub"] = log_problems(hub.log_path.read_text(errors="replace"))
    finally:
        hub.stop()
        if not keep_data:
            shutil.rmtree(data, ignore_errors=True)
    for st in students:
        if st.shown_lang and st.shown_lang != st.lang:
            st.errors.append(f"the app speaks {st.shown_lang}, the notebook {st.lang}")
    summary = summarize([asdict(st) for st in students], idle, problems)
    summary["busy_processes"] = busy
    summary["seconds"] = round(time.perf_counter() - started, 1)
    # the machine's load (1, 5, 15 min) before and after: other work slows a class down
    summary["loadavg_before"], summary["loadavg_after"] = load_before, os.getloadavg()
    return {"summary": summary, "goals": GOALS, "misses": misses(summary),
            "settings": {"users": users, "actions": actions, "ramp_s": ramp, "think_s": think,
                         "notebooks": [notebook_path(lang) for lang in ("fr", "en")],
                         "cpus": os.cpu_count(), "python": sys.version.split()[0]},
            "log_problems": {k: v[:20] for k, v in problems.items() if v},
            "students": [asdict(st) for st in students]}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dicelab.tools.hubcheck``: run, write the JSON, print the table; 1 when a
    goal is missed."""
    ap = argparse.ArgumentParser(prog="python -m dicelab.tools.hubcheck",
                                 description="A class on a real JupyterHub, timed.")
    ap.add_argument("--users", type=int, default=30)
    ap.add_argument("--actions", type=int, default=20)
    ap.add_argument("--ramp", type=float, default=2.0,
                    help="seconds between two students' logins (default 2: a class logs in "
                         "over a minute)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds between a student's clicks (default 1)")
    ap.add_argument("--timeout", type=float, default=240.0,
                    help="seconds a student's server, kernel or cell may take (default 240)")
    ap.add_argument("--out", default=str(REPO / "artifacts" / "hub-check.json"))
    ap.add_argument("--keep-data", action="store_true",
                    help="keep the hub's folder (homes, logs) for a look afterwards")
    args = ap.parse_args(argv)
    report = run(args.users, args.actions, args.ramp, args.think, args.timeout,
                 args.keep_data)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(table(report["summary"]))
    for m in report["misses"]:
        print("MISSED:", m)
    for st in report["students"]:
        for e in st["errors"][:3]:
            print(f"{st['name']}: {e}")
    print(f"written: {out} ({report['summary']['seconds']:.0f} s)")
    return 1 if report["misses"] else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
