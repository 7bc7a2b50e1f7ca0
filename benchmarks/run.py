"""Run dicelab's benchmarks and print a table (``make bench``).

Every ``benchmarks/bench_*.py`` module exposes ``benchmarks() -> list[dict]``; each dict has
``name``, ``goal`` (seconds or ``None``), ``run`` (a callable that clears the caches it uses
itself: a cold run), ``baseline`` (a straightforward implementation, or ``None``) and
``icepool`` (the same number computed with icepool, or ``None``).  A benchmark that times
many small steps itself (e.g. live advice at every decision of a game) sets the optional key
``measures: True``: its ``run`` returns ``{"time": seconds, "note": text}`` (the number held
against the goal, e.g. the slowest step, and a line printed under the table, e.g. the p95).

Each benchmark runs in its own subprocess, so its peak memory (``ru_maxrss``, the resident
set of the whole process, interpreter included) is its own and no cache survives from one
benchmark to the next.  Times are wall clock; a callable faster than ``--repeat-below``
seconds is run again, up to ``--repeats`` times, and the best time is kept.  ``alloc MB`` is
the peak of Python/numpy allocations during one extra run of ``run`` under tracemalloc.

The table is a report: the exit code is 0 even when a goal is missed (marked ``MISSED``);
it is 1 only when a benchmark raised or could not be loaded.

    python benchmarks/run.py                 # all benchmarks
    python benchmarks/run.py -k keep_table   # names containing "keep_table"
    python benchmarks/run.py --json out.json # the results as JSON too
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import textwrap
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
KEYS = ("name", "goal", "run", "baseline", "icepool")
CHILD_TIMEOUT_S = 1800


# ------------------------------------------------------------------------------- discovery

def discover(directory: Path) -> list[Path]:
    """The benchmark modules of ``directory`` (``bench_*.py``), sorted by name."""
    return sorted(directory.glob("bench_*.py"))


def load_module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"_dicelab_bench_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_benchmarks(path: Path) -> list[dict[str, Any]]:
    """The benchmark dicts of one module, checked against the protocol."""
    module = load_module(path)
    if not hasattr(module, "benchmarks"):
        raise TypeError(f"{path.name} has no benchmarks() function")
    found = list(module.benchmarks())
    for b in found:
        missing = [k for k in KEYS if k not in b]
        if missing:
            raise TypeError(f"{path.name}: benchmark {b.get('name')!r} lacks {missing}")
        if not callable(b["run"]):
            raise TypeError(f"{path.name}: benchmark {b['name']!r}: run is not callable")
    return found


# ---------------------------------------------------------------------------------- timing

def best_time(fn: Callable[[], Any], repeats: int, repeat_below: float) -> float:
    """Wall-clock seconds of ``fn()``: one run, or the best of up to ``repeats`` if fast."""
    best = float("inf")
    total = 0.0
    for i in range(max(1, repeats)):
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        best = min(best, dt)
        total += dt
        if i == 0 and dt >= repeat_below:
            break
        if total >= 5 * repeat_below:
            break
    return best


def peak_alloc_mb(fn: Callable[[], Any]) -> float:
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def max_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 2**20 if sys.platform == "darwin" else rss / 2**10  # bytes on macOS, KiB


def measure_one(path: Path, name: str, repeats: int, repeat_below: float) -> dict[str, Any]:
    """Time benchmark ``name`` of module ``path`` (in this process: the child's job)."""
    bench = next(b for b in load_benchmarks(path) if b["name"] == name)
    result: dict[str, Any] = {"name": name, "module": path.name, "goal": bench["goal"]}
    if bench.get("measures"):  # the benchmark times its own steps: one run, its number
        out = bench["run"]()
        result.update(time=float(out["time"]), note=str(out.get("note", "")),
                      peak_mb=max_rss_mb(), baseline=None, icepool=None, alloc_mb=None)
        return result
    result["time"] = best_time(bench["run"], repeats, repeat_below)
    result["peak_mb"] = max_rss_mb()  # before the comparisons: the run's own footprint
    for key in ("baseline", "icepool"):
        fn = bench[key]
        result[key] = None if fn is None else best_time(fn, repeats, repeat_below)
    result["alloc_mb"] = peak_alloc_mb(bench["run"])
    return result


def measure_in_subprocess(
    path: Path, name: str, repeats: int, repeat_below: float
) -> dict[str, Any]:
    cmd = [
        sys.executable, str(Path(__file__).resolve()), "--child", str(path), name,
        "--repeats", str(repeats), "--repeat-below", str(repeat_below),
    ]
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S,
            env={**os.environ, "MPLBACKEND": "Agg"},
        )
    except subprocess.TimeoutExpired:
        return {"name": name, "module": path.name, "error": f"timeout ({CHILD_TIMEOUT_S} s)"}
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-8:]
        return {"name": name, "module": path.name, "error": "\n".join(tail) or "failed"}
    return json.loads(lines[-1])


def list_in_subprocess(path: Path) -> list[str] | str:
    """The benchmark names of one module (loaded in a child: its warm-ups stay there), or
    the error text if the module is broken."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--list", str(path)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S,
                              env={**os.environ, "MPLBACKEND": "Agg"})
    except subprocess.TimeoutExpired:
        return f"timeout ({CHILD_TIMEOUT_S} s) loading {path.name}"
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("[")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-8:]
        return "\n".join(tail) or f"{path.name} failed to load"
    return list(json.loads(lines[-1]))


# ---------------------------------------------------------------------------------- report

def _fmt_s(x: float | None) -> str:
    if x is None:
        return "-"
    if x < 1e-3:
        return f"{x * 1e6:.0f} µs"
    if x < 1:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def _ratio(other: float | None, mine: float | None) -> str:
    if other is None or not mine:
        return "-"
    return f"{other / mine:.1f}×"


def table(results: list[dict[str, Any]]) -> str:
    """The report: name | time | goal | ok? | baseline | speed-up | icepool | vs icepool |
    peak MB | alloc MB."""
    head = ["benchmark", "time", "goal", "ok?", "baseline", "speed-up", "icepool",
            "vs icepool", "peak MB", "alloc MB"]
    rows = []
    for r in results:
        if "error" in r:
            rows.append([r["name"], "ERROR", "-", "ERROR", "-", "-", "-", "-", "-", "-"])
            continue
        goal = r.get("goal")
        ok = "-" if goal is None else ("ok" if r["time"] <= goal else "MISSED")
        rows.append([
            r["name"], _fmt_s(r["time"]), _fmt_s(goal), ok,
            _fmt_s(r.get("baseline")), _ratio(r.get("baseline"), r["time"]),
            _fmt_s(r.get("icepool")), _ratio(r.get("icepool"), r["time"]),
            f"{r['peak_mb']:.0f}", "-" if r["alloc_mb"] is None else f"{r['alloc_mb']:.1f}",
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    line = lambda cells: " | ".join(str(c).ljust(w) for c, w in zip(cells, widths))  # noqa: E731
    out = [line(head), "-+-".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    out.append(
        "time: wall clock, best of up to --repeats runs when under --repeat-below s; "
        "speed-up = baseline / time; "
        "vs icepool = icepool / time; peak MB = max RSS of the benchmark's own process."
    )
    for r in results:
        if r.get("note"):
            out.append(f"{r['name']}: {r['note']}")
    for r in results:
        if "error" in r:
            out.append(f"\nERROR in {r['name']} ({r['module']}):")
            out.append(textwrap.indent(r["error"], "    "))
    return "\n".join(out)


# ------------------------------------------------------------------------------------ main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", "--filter", default="", help="only benchmarks whose name contains this")
    ap.add_argument("--dir", type=Path, default=HERE, help="where the bench_*.py modules are")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--repeat-below", type=float, default=0.5,
                    help="repeat a callable faster than this many seconds (best of --repeats)")
    ap.add_argument("--json", type=Path, help="also write the results to this JSON file")
    ap.add_argument("--child", nargs=2, metavar=("MODULE", "NAME"), help=argparse.SUPPRESS)
    ap.add_argument("--list", type=Path, metavar="MODULE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.child:
        path, name = Path(args.child[0]), args.child[1]
        print(json.dumps(measure_one(path, name, args.repeats, args.repeat_below)))
        return 0

    if args.list:
        print(json.dumps([b["name"] for b in load_benchmarks(args.list)]))
        return 0

    # the tables the benchmarks solve are cached in a fresh folder (never the user's cache;
    # every benchmark's process inherits it), deleted at the end
    import os
    import shutil
    import tempfile

    cache = tempfile.mkdtemp(prefix="dicelab-bench-cache-")
    os.environ["DICELAB_CACHE"] = cache
    try:
        return _run_all(args)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _run_all(args: argparse.Namespace) -> int:
    results: list[dict[str, Any]] = []
    for path in discover(args.dir):
        names = list_in_subprocess(path)
        if isinstance(names, str):  # report a broken module, go on with the others
            results.append({"name": path.name, "module": path.name, "error": names})
            continue
        for name in names:
            if args.filter and args.filter not in name:
                continue
            print(f"running {name} ...", file=sys.stderr, flush=True)
            results.append(measure_in_subprocess(path, name, args.repeats, args.repeat_below))
    if not results:
        print(f"no benchmark found in {args.dir} (bench_*.py)")
        return 0
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 1 if any("error" in r for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
