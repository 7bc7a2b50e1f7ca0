"""The figures of ``make hub-check`` (:mod:`dicelab.tools.hubcheck`): the goals, the
class's summary from each student's record, the goals missed, the printed table, the
errors in a server's log (pure functions, tested without a hub), and the memory and CPU of
processes (psutil).

>>> percentile([10, 20, 30, 40], 50)
25.0
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["GOALS", "percentile", "log_problems", "summarize", "misses", "table", "mb",
           "is_server", "cpu_percent"]

#: The goals on the project's 2-core machine (issue 27 §3). ``idle_cpu_percent``: the
#: whole class (hub, proxy, every server and kernel) 5 s after the apps close, in percent
#: of one core, over a 3 s window; idle Jupyter processes wake a few times a second
#: (heartbeats, polls), which stays far below it, while one solve left running is 100.
GOALS: dict[str, float] = {
    "first_app_s": 60.0,
    "action_p95_ms": 300.0,
    "user_mb": 150.0,
    "idle_cpu_percent": 5.0,
    "log_errors": 0,
}


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (linear between the two nearest ranks, as
    numpy's default); ``nan`` for no values.

    >>> percentile([3, 1, 2], 50)
    2.0
    >>> percentile([0, 100], 95)
    95.0
    >>> percentile([], 50)
    nan
    """
    xs = sorted(float(v) for v in values)
    if not xs:
        return math.nan
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


#: A log line that reports an error: Jupyter's and JupyterHub's ``[E``/``[C`` levels, a
#: traceback, a Python ``Error:``/``Exception:`` line.
_PROBLEM = re.compile(r"^\[[EC] |Traceback \(most recent call last\)|"
                      r"^\s*\w*(Error|Exception): |\bERROR\b|\bCRITICAL\b")


def log_problems(text: str) -> list[str]:
    """The lines of a server log that report an error (nothing else counts).

    >>> log_problems('''[I 2026-12-04 10:00:00.000 ServerApp] Kernel started
    ... [W 2026-12-04 10:00:01.000 ServerApp] 404 GET /favicon.ico
    ... [E 2026-12-04 10:00:02.000 ServerApp] Uncaught exception GET /api
    ... Traceback (most recent call last):
    ... ValueError: bad''')
    ['[E 2026-12-04 10:00:02.000 ServerApp] Uncaught exception GET /api', \
'Traceback (most recent call last):', 'ValueError: bad']
    >>> log_problems("[I 2026-12-04 ServerApp] 200 GET /api/kernels/error-free")
    []
    """
    return [line for line in text.splitlines() if _PROBLEM.search(line)]


def summarize(users: Iterable[dict[str, Any]], idle_cpu_percent: float,
              problems: dict[str, list[str]]) -> dict[str, Any]:
    """The class's figures from each student's record (``first_app_s``, ``actions_ms``,
    ``duel_ms``, ``pss_mb``, ``rss_mb``, ``errors``), the idle CPU and the log problems.

    >>> s = summarize([{"name": "a", "first_app_s": 5.0, "actions_ms": [10, 30],
    ...                 "duel_ms": [20], "pss_mb": 100.0, "rss_mb": 140.0, "errors": []},
    ...                {"name": "b", "first_app_s": 7.0, "actions_ms": [20, 40],
    ...                 "duel_ms": [], "pss_mb": 110.0, "rss_mb": 150.0, "errors": []}],
    ...               idle_cpu_percent=0.5, problems={"a": []})
    >>> s["first_app_s_max"], s["action_p50_ms"], s["user_mb_max"], s["log_errors"]
    (7.0, 25.0, 110.0, 0)
    """
    users = list(users)
    actions = [x for u in users for x in u.get("actions_ms", [])]
    duel = [x for u in users for x in u.get("duel_ms", [])]
    firsts = [u["first_app_s"] for u in users if u.get("first_app_s") is not None]
    pss = [u["pss_mb"] for u in users if u.get("pss_mb") is not None]
    rss = [u["rss_mb"] for u in users if u.get("rss_mb") is not None]
    failed = [u["name"] for u in users if u.get("errors") or u.get("first_app_s") is None]
    return {
        "users": len(users),
        "users_failed": failed,
        "first_app_s_p50": percentile(firsts, 50),
        "first_app_s_max": max(firsts) if firsts else math.nan,
        "actions": len(actions),
        "action_p50_ms": percentile(actions, 50),
        "action_p95_ms": percentile(actions, 95),
        "action_max_ms": max(actions) if actions else math.nan,
        "duel_actions": len(duel),
        "duel_p50_ms": percentile(duel, 50),
        "duel_p95_ms": percentile(duel, 95),
        "user_mb_p50": percentile(pss, 50),
        "user_mb_max": max(pss) if pss else math.nan,
        "user_rss_mb_max": max(rss) if rss else math.nan,
        "idle_cpu_percent": idle_cpu_percent,
        "log_errors": sum(len(v) for v in problems.values()),
    }


def misses(summary: dict[str, Any], goals: dict[str, float] = GOALS) -> list[str]:
    """The goals the run missed, in words (empty: every goal met). A missing figure (nan)
    or a student who never saw their app is a miss.

    >>> ok = {"users": 2, "users_failed": [], "first_app_s_max": 9.0, "action_p95_ms": 80.0,
    ...       "user_mb_max": 120.0, "idle_cpu_percent": 0.4, "log_errors": 0}
    >>> misses(ok)
    []
    >>> misses(dict(ok, action_p95_ms=450.0, users_failed=["s07"]))
    ['students with errors or no app: s07', 'p95 per action 450 ms > 300 ms']
    """
    out = []
    if summary.get("users_failed"):
        out.append("students with errors or no app: " + ", ".join(summary["users_failed"]))
    checks = [("first_app_s_max", "first app", "s", goals["first_app_s"]),
              ("action_p95_ms", "p95 per action", "ms", goals["action_p95_ms"]),
              ("user_mb_max", "memory per student", "MB", goals["user_mb"]),
              ("idle_cpu_percent", "CPU after the apps close", "% of a core",
               goals["idle_cpu_percent"]),
              ("log_errors", "errors in the logs", "", goals["log_errors"])]
    for key, label, unit, goal in checks:
        got = float(summary.get(key, math.nan))
        if not got <= goal:
            out.append(f"{label} {got:.3g} {unit} > {goal:g} {unit}".replace("  ", " ")
                       .strip())
    return out


def table(summary: dict[str, Any], goals: dict[str, float] = GOALS) -> str:
    """The summary as a plain-text table (the figures, the goals, met or not).

    >>> print(table({"users": 1, "first_app_s_p50": 3.0, "first_app_s_max": 3.0,
    ...              "action_p50_ms": 20.0, "action_p95_ms": 40.0, "duel_p95_ms": 30.0,
    ...              "user_mb_p50": 90.0, "user_mb_max": 90.0, "user_rss_mb_max": 150.0,
    ...              "idle_cpu_percent": 0.2, "log_errors": 0}).splitlines()[3])
    first app shown (max)                3.0 s      ≤ 60 s      ok
    """
    rows = [
        ("first app shown (p50)", summary.get("first_app_s_p50"), "s", None),
        ("first app shown (max)", summary.get("first_app_s_max"), "s", goals["first_app_s"]),
        ("per action, p50", summary.get("action_p50_ms"), "ms", None),
        ("per action, p95", summary.get("action_p95_ms"), "ms", goals["action_p95_ms"]),
        ("two-player game, p95 per move", summary.get("duel_p95_ms"), "ms", None),
        ("memory per student, PSS p50", summary.get("user_mb_p50"), "MB", None),
        ("memory per student, PSS max", summary.get("user_mb_max"), "MB", goals["user_mb"]),
        ("memory per student, RSS max", summary.get("user_rss_mb_max"), "MB", None),
        ("CPU 5 s after the apps close", summary.get("idle_cpu_percent"), "%",
         goals["idle_cpu_percent"]),
        ("errors in the servers' logs", summary.get("log_errors"), "", goals["log_errors"]),
    ]
    lines = [f"hub-check: {summary.get('users', 0)} students", "-" * 58]
    for label, value, unit, goal in rows:
        v = math.nan if value is None else float(value)
        shown = f"{v:.1f} {unit}".strip() if unit != "" else f"{v:.0f}"
        if goal is None:
            lines.append(f"{label:<32}{shown:>10}")
        else:
            ok = "ok" if v <= goal else "MISSED"
            lines.append(f"{label:<32}{shown:>10}      ≤ {goal:g} {unit}".rstrip().ljust(59)
                         + f" {ok}")
    return "\n".join(line.rstrip() for line in lines)


# --------------------------------------------------------------------------- processes
def mb(procs: Iterable[Any]) -> tuple[float, float]:
    """PSS and RSS of ``procs``, in MB (PSS counts each shared page once in all)."""
    import psutil

    pss = rss = 0.0
    for p in procs:
        try:
            info = p.memory_full_info()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        pss += getattr(info, "pss", info.rss)
        rss += info.rss
    return pss / 1e6, rss / 1e6


def is_server(proc: Any) -> bool:
    """Whether ``proc`` is a student's Jupyter server (else: one of its kernels): JupyterHub's
    single-user server, as ``python -m jupyterhub.singleuser`` or as the class hub starts
    it (``python -m dicelab_singleuser``, hub/lite/dicelab_singleuser.py)."""
    try:
        cmd = " ".join(proc.cmdline())
        return "jupyterhub.singleuser" in cmd or "dicelab_singleuser" in cmd
    except Exception:  # noqa: BLE001 - a process gone meanwhile
        return False


def cpu_percent(procs: Sequence[Any], window: float = 3.0) -> float:
    """The CPU ``procs`` use together over ``window`` seconds, in percent of one core."""
    import psutil

    def times(p: Any) -> float:
        try:
            t = p.cpu_times()
            return float(t.user + t.system)
        except psutil.NoSuchProcess:
            return 0.0

    before = {p.pid: times(p) for p in procs}
    t0 = time.monotonic()
    time.sleep(window)
    used = sum(times(p) - before[p.pid] for p in procs)
    return 100 * max(used, 0.0) / (time.monotonic() - t0)
