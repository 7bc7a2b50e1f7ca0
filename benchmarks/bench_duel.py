"""Two-player (duel) benchmarks: layer solves with Newton (policy iteration) on the
bust pairs against plain value iteration, the whole solves against dicelab 0.2.0's solvers
(issue 31: ``reference_duel_seveny.py``, ``reference_duel_cinqmille.py``, kept here as the
baselines, same run, same machine), and live advice from the shipped tables.

``benchmarks()`` follows docs/architecture.md: ``name``, ``goal`` (seconds or None),
``run`` (a cold run: it clears caches itself), ``baseline`` (the straightforward method:
plain value iteration in each layer, or None), ``icepool`` (None).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

LOWEST = 8000  # 5000: the layers s + o >= 8000 points (a sub-problem both methods solve)
SOLVE_GOAL = 2.0  # issue 31: every 5000 and Dripeul two-player variant solves in <= 2 s


def _reference(name: str) -> Any:
    """The module ``benchmarks/<name>.py`` (an old solver kept as a baseline)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent / f"{name}.py"
    key = f"_dicelab_bench_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[key] = mod
        spec.loader.exec_module(mod)
    return sys.modules[key]


def _seveny_full(target: int) -> Any:
    def run() -> float:
        from dicelab.engine.seveny import duel as sd
        from dicelab.games.seveny import Rules

        sd._CACHE.clear()
        return float(sd.solve_duel(Rules(target=target), use_table=False).T[0, 0, 0])
    return run


def _seveny_old(target: int) -> Any:
    def run() -> float:
        T, _ = _reference("reference_duel_seveny").solve(target)
        return float(T[0, 0, 0])
    return run


def _cinqmille_full(**rules: Any) -> Any:
    def run() -> float:
        from dicelab.engine.cinqmille import duel as cd
        from dicelab.games.cinqmille import Rules

        cd.clear_caches()
        return float(cd.solve_duel(Rules(**rules), use_table=False).T[0, 0])
    return run


def _cinqmille_old(**rules: Any) -> Any:
    def run() -> float:
        from dicelab.games.cinqmille import Rules

        T, _ = _reference("reference_duel_cinqmille").solve(Rules(**rules))
        return float(T[0, 0])
    return run


def solve_benchmarks() -> list[dict[str, Any]]:
    """Whole two-player solves (no table, no cache) against dicelab 0.2.0's solvers: the
    speed-up column is issue 31's measure (Seveny target 100 >= 10x, 50 >= 5x; 5000 <= 2 s)."""
    from dicelab.engine.seveny import duel as sd
    from dicelab.engine.seveny import solo

    solo._tables()  # the turn's tables and the caps are shared by both solvers: not timed
    sd._structure()
    for target in (50, 100):
        sd._caps(target)
    return [
        {"name": "duel Seveny: target 100, whole solve (baseline: 0.2.0 solver; issue 31: 10x)",
         "goal": None, "run": _seveny_full(100), "baseline": _seveny_old(100),
         "icepool": None},
        {"name": "duel Seveny: target 50, whole solve (baseline: 0.2.0 solver; issue 31: 5x)",
         "goal": None, "run": _seveny_full(50), "baseline": _seveny_old(50), "icepool": None},
        {"name": "duel 5000: 5 dice (default), whole solve (baseline: 0.2.0 solver)",
         "goal": SOLVE_GOAL, "run": _cinqmille_full(), "baseline": _cinqmille_old(),
         "icepool": None},
        {"name": "duel 5000: 6 dice, whole solve (baseline: 0.2.0 solver)",
         "goal": SOLVE_GOAL, "run": _cinqmille_full(dice=6),
         "baseline": _cinqmille_old(dice=6), "icepool": None},
        {"name": "duel 5000: 5 dice, opening 1000, keep all scoring, whole solve "
                 "(baseline: 0.2.0 solver)",
         "goal": SOLVE_GOAL, "run": _cinqmille_full(opening=1000, keep_all_scoring=True),
         "baseline": _cinqmille_old(opening=1000, keep_all_scoring=True), "icepool": None},
    ]


def _duel5(newton: bool) -> float:
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.games.cinqmille import Rules

    cd.clear_caches()
    return float(cd.solve_duel(Rules(), lowest=LOWEST, newton=newton).T[80, 80])


def duel5_newton() -> float:
    """5000, layers from 8000: Newton on each layer's bust pairs."""
    return _duel5(True)


def duel5_plain() -> float:
    """Baseline: plain value iteration in each layer."""
    return _duel5(False)


def _seveny(newton: bool) -> float:
    from dicelab.engine.seveny import duel as sd
    from dicelab.games.seveny import Rules

    sd._CACHE.clear()
    return float(sd.solve_duel(Rules(target=10), use_table=False, newton=newton).T[0, 0, 0])


def seveny_newton() -> float:
    """Seveny target 10: secant Newton on the bust pairs."""
    return _seveny(True)


def seveny_plain() -> float:
    """Baseline: plain value iteration."""
    return _seveny(False)


def _trwavril(gs: bool) -> float:
    from dicelab.engine.trwavril import duel as td
    from dicelab.games.trwavril import Rules

    return float(td.solve_duel(Rules(), max_u=2, gauss_seidel=gs).W[2, 2, 0, 0])


def trwavril_gs() -> float:
    """Trwavril up to 2 parapluies each: Gauss-Seidel sweeps."""
    return _trwavril(True)


def trwavril_plain() -> float:
    """Baseline: Jacobi sweeps (each half uses the previous sweep)."""
    return _trwavril(False)


def _state5() -> Any:
    from dicelab.games import cinqmille as cm

    s = cm.new_state(cm.Rules(), 2)
    return replace(s, scores=(0, 0), opened=(False, False), dice=(1, 5, 2, 3, 3),
                   phase="choose", turn_points=0)


def advice5() -> Any:
    """5000 two-player advice at 0-0 (the longest turn sweep), from the shipped table."""
    from dicelab.engine import cinqmille as cinqmille_odds
    from dicelab.engine.cinqmille import duel as cd

    cd._turn.cache_clear()
    return cinqmille_odds.advise_state(_state5())


def advice7() -> Any:
    """Seveny two-player advice at 0-0 (seat 0), from the shipped table, the variant warmed
    as the apps do (its positions' in-turn values cleared)."""
    from dicelab.engine import seveny as seveny_odds
    from dicelab.engine.seveny import duel as sd
    from dicelab.games import seveny as sv

    sd.clear_positions()
    s, _ = sv.roll_outcome(sv.step(sv.new_state(sv.Rules(), 2), sv.Roll(()))[0],
                           (1, 5, 5, 5, 2, 3, 4))
    return seveny_odds.advise_state(s)


# ------------------------------------------------------------------ live advice, every decision
LIVE_GAMES = 5  # seeded two-player games per game
LIVE_GOAL = 0.01  # live advice for any position <= 10 ms from the table


def _duel_module(key: str) -> Any | None:
    import importlib

    try:
        return importlib.import_module(f"dicelab.engine.{key}_duel")
    except ImportError:  # an engine not there yet (Dripeul's is being added)
        return None


def _clear_in_turn(duel: Any) -> None:
    """Forget the in-turn values (the engine's ``clear_positions`` if it has one, and every
    cached function whose name says "turn": 5000's, Trwavril's and Dripeul's ``_turn``,
    Seveny's ``_turn_of``); the tables stay."""
    clear = getattr(duel, "clear_positions", None)
    if clear is not None:
        clear()
    for name in dir(duel):
        fn = getattr(duel, name)
        if "turn" in name and callable(getattr(fn, "cache_clear", None)):
            fn.cache_clear()


def live_advice(key: str, games: int = LIVE_GAMES) -> dict[str, Any]:
    """Time ``advise_state`` at every decision of ``games`` seeded two-player games of
    ``key``, best choice played (a state without choices: its first legal action), the
    table loaded and the engine warmed as the apps do (``duel_registry.warm``: the engine's
    ``warm``, then what is loaded is frozen out of the garbage collector), the in-turn
    caches cleared at the start of each game: the slowest
    decision, wall clock (held against 10 ms), and the p95, the median, the slowest first
    decision of a turn and the thread CPU time (what a loaded machine adds is waiting)."""
    import importlib
    import time

    import numpy as np

    from dicelab.analysis import solving as duel_registry

    games_mod = importlib.import_module(f"dicelab.games.{key}")
    eng = importlib.import_module(f"dicelab.engine.{key}")
    duel = _duel_module(key)
    rules = games_mod.Rules()
    if not eng.duel_ready(rules):  # a table that does not ship: solved first, not timed
        duel.solve_duel(rules)
    duel_registry.warm(key, rules)  # as the apps do when a two-player game starts
    times, cpu, first = [], [], []
    for seed in range(games):
        g = games_mod.Game(players=2, seed=seed)
        _clear_in_turn(duel)
        turn = -1
        for _ in range(5000):
            st = g.state
            if st.is_over:
                break
            t0, c0 = time.perf_counter(), time.thread_time()
            a = eng.advise_state(st)
            dt, dc = time.perf_counter() - t0, time.thread_time() - c0
            if not a.choices:
                g.apply(g.legal_actions()[0])
                continue
            if a.kind != "duel":
                raise RuntimeError(f"{key}: two-player advice is not ranked by p_duel")
            times.append(dt)
            cpu.append(dc)
            if st.turn_count != turn:  # the first decision of this turn
                first.append(dt)
                turn = st.turn_count
            g.apply(a.choices[0].action)
    t, c = np.array(times) * 1e3, np.array(cpu) * 1e3
    note = (f"{len(t)} decisions in {games} games: p95 {np.percentile(t, 95):.2f} ms, "
            f"median {np.median(t):.2f} ms, max {t.max():.2f} ms; first decision of a turn "
            f"({len(first)}): max {max(first) * 1e3:.2f} ms; CPU time (thread, without "
            f"waiting for a busy core): p95 {np.percentile(c, 95):.2f} ms, max {c.max():.2f} ms")
    return {"time": float(t.max()) / 1e3, "note": note}


def _live(key: str) -> Any:
    return lambda: live_advice(key)


def live_benchmarks() -> list[dict[str, Any]]:
    """One live-advice benchmark per game with a two-player engine (Dripeul's if present)."""
    from dicelab.registry import GAME_NAMES as names

    return [{"name": f"duel {names[k]}: live advice at every decision of {LIVE_GAMES} games "
                     "(max; p95 below)",
             "goal": LIVE_GOAL, "run": _live(k), "baseline": None, "icepool": None,
             "measures": True}
            for k in ("cinqmille", "seveny", "trwavril", "dripeul") if _duel_module(k)]


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.analysis import solving as duel_registry
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.engine.seveny import duel as sd
    from dicelab.games import cinqmille as cm
    from dicelab.games import seveny as sv

    cd.warm(cm.Rules())  # the shipped tables, loaded once (and the solo numbers' solutions)
    sd.solve_duel(sv.Rules())
    sd._caps(sv.Rules().target)
    # as the apps do when a two-player game starts: the solo numbers every two-player advice
    # also shows (Seveny's solo solve, 1-2 s) are built then, not at the first decision (the
    # 547 ms was that solve; bench_clicks times the New game that starts it)
    duel_registry.warm("seveny", sv.Rules())
    return [
        {"name": "duel 5000: layers from 8000 (baseline: plain value iteration)",
         "goal": None, "run": duel5_newton, "baseline": duel5_plain, "icepool": None},
        {"name": "duel Seveny: target 10 (baseline: plain value iteration)",
         "goal": None, "run": seveny_newton, "baseline": seveny_plain, "icepool": None},
        {"name": "duel Trwavril: up to 2 parapluies (baseline: Jacobi sweeps)",
         "goal": None, "run": trwavril_gs, "baseline": trwavril_plain, "icepool": None},
        {"name": "duel 5000: advise_state at 0-0 from the shipped table",
         "goal": 0.01, "run": advice5, "baseline": None, "icepool": None},
        {"name": "duel Seveny: advise_state at 0-0 from the shipped table",
         "goal": 0.01, "run": advice7, "baseline": None, "icepool": None},
        *solve_benchmarks(),
        *live_benchmarks(),
    ]
