"""What a student's click costs: every slow path the review measured, against
the goal "any click answers in <= 1 s" (or shows a progress bar at once).

``benchmarks()`` follows docs/architecture.md: ``name``, ``goal`` (seconds or None),
``run`` (a cold run: it clears the caches it uses itself), ``baseline`` (the straightforward
implementation, or None), ``icepool`` (None).  Each row is one of the review's measurements:

* ``seveny.turn_points_distribution(100)``: the exact law of a "bank at 100" turn, from cold
  (was 44 s: a Fraction per roll; now exact integers over powers of 6, cached);
* the turns simulator (lesson notebooks), 500 games per click, every game × policy it offers
  (was 10-11 s, and 41-86 s for 5000 "bank at N" played game by game; now a Markov chain
  over scores drawn from the exact turn of the policy, the rule's included);
* 500 solo games of each game with the optimal policy (``simulate_fast``), engine solved;
* the variant explorer at Seveny target 100 (cold: the shipped solo table is read), and at
  target 99 (no shipped table: the solo solve itself, no goal: a progress bar shows);
* the first ``seveny.advise`` at target 100 (cold: the turn's tables, the shipped solo table
  and the rows of the score asked, then the advice);
* the first two-player Dripeul advice ``advise_state(objective="p_duel")`` (its table solve);
* ``seveny.duel_win_probability(Rules(target=40))`` (a target without a shipped table), a
  direct call with no goal: no click reaches it without the bar (the apps' menu targets
  ship their tables; an app opened at 40 shows its bar at once, a row below);
* "New game" in an app, one player to two (Seveny: the two-player warm-up);
* in a notebook (a fake kernel: the main thread's callbacks run from a list), the clicks
  that stay long — the explorer at Seveny target 100; a solo Seveny app at target 100 (its
  solo solve); a two-player Seveny app at target 40 (its two-player solve) — until their
  progress bar and Cancel button show, the app still answering a roll meanwhile.
"""

from __future__ import annotations

import time
from typing import Any

GAMES = 500
CLICK = 1.0  # any click answers in <= 1 s


# ------------------------------------------------------------------ Seveny "bank at N"
def turn_points_100() -> int:
    """Cold: the exact distribution of a 'bank at 100' Seveny turn."""
    from dicelab.engine.seveny import solo as eng

    eng.clear_caches()
    return len(eng.turn_points_distribution(100))


# ------------------------------------------------------------------ the turns simulator
def _turns_click(game: str, threshold: int) -> Any:
    def run() -> float:
        from dicelab import lessons
        from dicelab.analysis.simulate import clear_fast_cache
        from dicelab.lessons import maths

        clear_fast_cache()
        maths._simulate_turns.cache_clear()  # seeded results are cached: a cold click
        res, _exact, _note = lessons.simulate_turns(game, threshold, GAMES, 11)
        return res.mean_turns

    return run


def _turns_scalar(game: str, threshold: int) -> Any:
    """Baseline: the same games played one by one with the scalar simulator."""

    def run() -> float:
        from dicelab.analysis.policies import bank_at, optimal
        from dicelab.analysis.simulate import simulate

        pol = optimal() if threshold == 0 else bank_at(threshold)
        return simulate(game, policy=pol, games=GAMES, seed=11).mean_turns

    return run


def _warm_turn_engines() -> None:
    """The lesson's exact means (computed when the lesson notebook opens), as in class."""
    from dicelab import lessons
    from dicelab.analysis.simulate import simulate_fast
    from dicelab.engine.cinqmille import solo as cinqmille
    from dicelab.engine.seveny import solo as seveny

    cinqmille.turn_outcome_matrix()
    seveny.turn_outcome_matrix()
    lessons.seveny_optimal_turns()
    for game in ("dripeul", "trwavril"):  # the engines' solo solves (kept by each run)
        simulate_fast(game, games=10, seed=0)


# ------------------------------------------------------------------ 500 games of each game
def _fast(game: str, cold: bool = True) -> Any:
    def run() -> float:
        from dicelab.analysis.simulate import clear_fast_cache, simulate_fast

        if cold:  # the simulator's tables too (built once per variant, then cached)
            clear_fast_cache()
        return float(simulate_fast(game, games=GAMES, seed=1).mean_turns)

    return run


# ------------------------------------------------------------------ solo solves
def explorer_seveny_100() -> float:
    """The explorer's click on target 100: the exact headline, cold."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny
    from dicelab.ui import explorer

    eng.clear_caches()
    return explorer.headline("seveny", seveny.Rules(target=100)).primary


def explorer_seveny_99() -> float:
    """The explorer's headline at target 99, a target without a shipped solo table: the
    solver itself, cold (the apps run it in the background, with a progress bar)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny
    from dicelab.ui import explorer

    eng.clear_caches()
    return explorer.headline("seveny", seveny.Rules(target=99)).primary


def advise_seveny_100() -> Any:
    """The first ``seveny.advise`` at target 100 (cold)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny

    eng.clear_caches()
    return eng.advise((1, 5, 5, 5, 2, 3, 4), rules=seveny.Rules(target=100))


# ------------------------------------------------------------------ two-player solves
def dripeul_first_duel_advice(fresh: bool = False) -> Any:
    """The first two-player Dripeul advice ranked by ``p_duel``, default rules, cold: it
    reads the machine's cached table (``clear_caches`` forgot the loaded one; the first run
    solves and caches it); ``fresh``: the table is solved instead (an empty cache)."""
    from dicelab.engine import dripeul as dripeul_odds
    from dicelab.engine.dripeul import duel as dripeul_duel
    from dicelab.games import dripeul

    dripeul_duel.clear_caches()
    if fresh:
        dripeul_duel._CACHE[dripeul_duel._key(None)] = dripeul_duel.solve_duel(
            use_table=False)
    g = dripeul.Game(players=2, seed=1)
    g.apply(g.legal_actions()[0])
    return dripeul_odds.advise_state(g.state, objective="p_duel")


def seveny_duel_40() -> float:
    """``seveny.duel_win_probability(Rules(target=40))`` (no shipped table), cold."""
    from dicelab.engine import seveny as seveny_odds
    from dicelab.engine.seveny import duel as seveny_duel
    from dicelab.games import seveny

    seveny_duel.clear_caches()
    return seveny_odds.duel_win_probability(seveny.Rules(target=40))


# ------------------------------------------------------------------ a bar at once
def _fake_kernel() -> tuple[Any, Any]:
    """What the computing thread hands to the kernel's main thread lands in a list (as in a
    notebook, where ``io_loop.add_callback`` runs it); returns (pending, run_pending)."""
    import threading

    from dicelab.core import progress

    pending: list[Any] = []
    progress.main_thread_scheduler = lambda: pending.append  # type: ignore[assignment]

    def run_pending() -> None:
        for t in threading.enumerate():
            if t.name == "dicelab-progress":
                t.join(1800)
        while pending:
            pending.pop(0)()

    return pending, run_pending


def bar_explorer_seveny_100() -> dict[str, Any]:
    """In a notebook: the explorer's click on Seveny target 100 until its progress bar and
    Cancel button show (the goal), and until the numbers show (the note)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.ui import explorer

    _pending, run_pending = _fake_kernel()
    app = explorer.explorer("seveny", lang="en")
    run_pending()
    eng.clear_caches()
    t0 = time.perf_counter()
    app.controls["target"].value = 100
    bar = time.perf_counter() - t0
    shown = bool(app.children[2].children)
    run_pending()
    total = time.perf_counter() - t0
    if not shown or "<table>" not in app.result.value:
        raise RuntimeError("no progress bar, or no numbers at the end")
    return {"time": bar, "note": f"bar after {bar * 1e3:.0f} ms; the numbers after {total:.2f} s"}


def _fake_app_kernel() -> Any:
    """:func:`_fake_kernel` for the apps too (they hold their own name of the scheduler)."""
    from dicelab.core import progress
    from dicelab.ui.widgets import duel_view

    pending, _run = _fake_kernel()
    duel_view.main_thread_scheduler = progress.main_thread_scheduler  # type: ignore[assignment]
    return pending


def bar_app(players: int, target: int) -> dict[str, Any]:
    """In a notebook: a Seveny app and a click on New game — one player: the target set to
    ``target`` in the Classroom menu (the solo solve); two players: a one-player app at
    ``target`` set to two players (the two-player solve) — until its progress bar and
    Cancel button show (the goal); the note gives a roll meanwhile (two players: with the
    solo odds shown meanwhile, a cold solo solve of ``target`` unless solved before), the
    background solve's time, and how long a Cancel takes to stop a second solve of it."""
    from dicelab.engine.seveny import duel as seveny_duel
    from dicelab.engine.seveny import solo as eng
    from dicelab.ui.widgets import play

    pending = _fake_app_kernel()
    app = play("seveny", seed=1, target=20 if players == 1 else target, show_odds=True)
    if app._solo_job is not None:  # its own solve (a cold engine) ends before the click
        app._solo_job.join(600)

    def click() -> Any:
        if players == 1:  # two players: the solo odds shown meanwhile are those of the app
            eng.clear_caches()  # opened at ``target`` (a cold solo solve competes with it)
        seveny_duel.clear_caches()
        app.controls.variants.dropdowns["target"].value = target
        app.controls.players.count.value = players
        assert app.new_game(), app.message.value
        return app._solo_job if players == 1 else app._duel_job

    t0 = time.perf_counter()
    job = click()
    shown = app.solve_bar.box.layout.display != "none"
    bar = time.perf_counter() - t0
    if not app.roll():
        raise RuntimeError("the app did not roll while solving")
    roll = time.perf_counter() - t0 - bar
    if not shown or job is None:
        raise RuntimeError("no progress bar")
    job.join(1800)
    solve = time.perf_counter() - t0
    while pending:
        pending.pop(0)()
    job = click()
    time.sleep(0.5)
    t1 = time.perf_counter()
    app.solve_bar.cancel_button.click()
    job.join(600)
    stop = time.perf_counter() - t1
    app.close()
    pending.clear()
    return {"time": bar, "note": f"bar after {bar * 1e3:.0f} ms, then a roll in "
                                 f"{roll * 1e3:.0f} ms; the solve in the background: "
                                 f"{solve:.1f} s; Cancel stops it in {stop * 1e3:.0f} ms"}


# ------------------------------------------------------------------ New game
def new_game(key: str) -> dict[str, Any]:
    """'New game' in a one-player app switched to two players (the click; the two-player
    warm-up then runs in the background: its time is the note)."""
    from dicelab.engine.seveny import duel as seveny_duel
    from dicelab.engine.seveny import solo as eng
    from dicelab.ui.widgets import play

    app = play(key, seed=1)
    eng.clear_caches()
    seveny_duel.clear_positions()
    app.controls.players.count.value = 2
    t0 = time.perf_counter()
    app.new_game()
    click = time.perf_counter() - t0
    job = app._warm_job
    if job is not None:
        job.join(600)
    warm = time.perf_counter() - t0
    app.close()
    return {"time": click, "note": f"the click {click * 1e3:.0f} ms; the two-player warm-up "
                                   f"in the background: {warm:.2f} s"}


# ------------------------------------------------------------------ Seveny solo: at once, or a bar
# The apps answer a Seveny click at once only when its solo advice is quick: the turn's
# tables built and the target at most QUICK_SOLO_TARGET (10); anything else (targets 11-100,
# e.g. 20 at 0.7-1.2 s and 31-50 at 1-4 s on a busy 2-core machine, or a cold engine) is
# solved in the background with a progress bar and a Cancel button.
#: (target, turn tables built): 10 with the tables built answers at once, the others show
#: the bar (10 with a cold engine: its tables are built in the background too)
SEVENY_APP_CLICKS = ((10, True), (10, False), (20, True), (31, True), (40, True), (50, True))


def seveny_quick_advice() -> dict[str, Any]:
    """The largest solo advice an app computes at once: target ``QUICK_SOLO_TARGET``, the
    turn's tables built, the solve cold (three runs: the median is held to the goal)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny

    rules = seveny.Rules(target=eng.QUICK_SOLO_TARGET)
    times = []
    for _ in range(3):
        eng.clear_caches()
        eng.prepare(seveny.Rules(target=1))
        if not eng.solo_ready(rules):
            raise RuntimeError("not routed to the synchronous path")
        t0 = time.perf_counter()
        eng.advise((1, 5, 5, 5, 2, 3, 4), rules=rules)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"time": times[1], "note": f"target {rules.target} at once: "
                                      + ", ".join(f"{t * 1e3:.0f} ms" for t in times)}


def seveny_script_advice(target: int) -> Any:
    """A script's first ``seveny.advise`` at ``target``, cold (no app: it waits; an app
    computes it in the background, see the bar rows)."""

    def run() -> Any:
        from dicelab.engine.seveny import solo as eng
        from dicelab.games import seveny

        eng.clear_caches()
        return eng.advise((1, 5, 5, 5, 2, 3, 4), rules=seveny.Rules(target=target))

    return run


def seveny_app_click(target: int, warm: bool) -> dict[str, Any]:
    """In a notebook: a one-player Seveny app at ``target``, the engine cold (``warm``: the
    turn's tables built, the solve cold), New game then a roll; the time until the click
    answers: the progress bar shown (a background solve), or the roll and its odds shown at
    once (the quick path)."""
    from dicelab.engine.seveny import solo as eng
    from dicelab.games import seveny
    from dicelab.ui.widgets import play

    pending = _fake_app_kernel()
    app = play("seveny", seed=1, target=target, show_odds=True, coach_prompt=False)
    if app._solo_job is not None:
        app._solo_job.join(600)
    while pending:
        pending.pop(0)()
    eng.clear_caches()
    if warm:
        eng.prepare(seveny.Rules(target=1))
    t0 = time.perf_counter()
    assert app.new_game(), app.message.value
    job = app._solo_job
    bar = app.solve_bar.box.layout.display != "none"
    if not app.roll():
        raise RuntimeError("the app did not roll")
    click = time.perf_counter() - t0
    odds = "dicelab-odds" in app.overlay.body.value
    if job is None and app.has_choice() and not odds:
        raise RuntimeError("no bar and no odds")
    if job is not None:
        if not bar:
            raise RuntimeError("a background solve without its bar")
        job.join(600)
    solve = time.perf_counter() - t0
    app.close()
    pending.clear()
    how = (f"the bar at once, the solve in the background: {solve:.1f} s" if job is not None
           else "answered at once" + (" with its odds" if odds else " (no choice to advise)"))
    return {"time": click, "note": f"target {target}: New game and a roll {click * 1e3:.0f} ms; "
                                   + how}


def seveny_rows() -> list[dict[str, Any]]:
    """The rows of this block (kept together: other blocks are added around it)."""
    rows: list[dict[str, Any]] = [
        {"name": "click: Seveny solo advice at target 10, the largest computed at once "
                 "(turn tables built, solve cold)",
         "goal": CLICK, "run": seveny_quick_advice, "baseline": None, "icepool": None,
         "measures": True},
    ]
    for target in (5, 10, 20, 31, 40, 50):
        rows.append({"name": f"first seveny.advise at target {target}, cold, in a script "
                             "(an app: the bar rows)",
                     "goal": None, "run": seveny_script_advice(target), "baseline": None,
                     "icepool": None})
    for target, warm in SEVENY_APP_CLICKS:
        what = "turn tables built, solve cold" if warm else "cold engine"
        rows.append({"name": f"click in a notebook: New game and a roll, Seveny app, one "
                             f"player, target {target} ({what}), until it answers or shows "
                             "the progress bar",
                     "goal": CLICK, "run": lambda t=target, h=warm: seveny_app_click(t, h),
                     "baseline": None, "icepool": None, "measures": True})
    return rows


def benchmarks() -> list[dict[str, Any]]:
    from dicelab.lessons import TURN_GAMES, turn_policies

    _warm_turn_engines()
    out: list[dict[str, Any]] = [
        {"name": "click: Seveny turn_points_distribution(100), cold (was 44 s)",
         "goal": CLICK, "run": turn_points_100, "baseline": None, "icepool": None},
    ]
    for game in TURN_GAMES:
        for _label, n in turn_policies(game):
            policy = "optimal" if n == 0 else f"bank at {n}"
            out.append({
                "name": f"click: turns simulator, {GAMES} games, {game} {policy} "
                        "(baseline: scalar simulate)",
                "goal": CLICK, "run": _turns_click(game, n),
                "baseline": _turns_scalar(game, n) if game == "seveny" and n == 3 else None,
                "icepool": None,
            })
    for game in ("dripeul", "trwavril", "cinqmille", "seveny"):
        out.append({"name": f"simulate_fast {game}: {GAMES} solo games, optimal, engine solved",
                    "goal": CLICK, "run": _fast(game), "baseline": None, "icepool": None})
        if game in ("dripeul", "trwavril"):
            out.append({"name": f"simulate_fast {game}: {GAMES} solo games again (simulator "
                                "tables built)",
                        "goal": CLICK, "run": _fast(game, cold=False), "baseline": None,
                        "icepool": None})
    out += [
        {"name": "click: explorer, Seveny target 100 (cold: the shipped solo table; was 8 s)",
         "goal": CLICK, "run": explorer_seveny_100, "baseline": None, "icepool": None},
        {"name": "explorer, Seveny target 99 (no shipped table: the solo solve, cold; a "
                 "progress bar shows)",
         "goal": None, "run": explorer_seveny_99, "baseline": None, "icepool": None},
        {"name": "first seveny.advise at target 100 (cold: turn tables, shipped solo table; "
                 "was 83 s)",
         "goal": CLICK, "run": advise_seveny_100, "baseline": None, "icepool": None},
        {"name": "first dripeul.advise_state(objective='p_duel') (cached table, cold; a "
                 "fresh solve: 3-4 s, was 15 s then 10 s)",
         "goal": CLICK, "run": dripeul_first_duel_advice, "baseline": None, "icepool": None},
        {"name": "first dripeul.advise_state(objective='p_duel'), the table solved afresh "
                 "(as with an empty cache)",
         "goal": None, "run": lambda: dripeul_first_duel_advice(fresh=True), "baseline": None,
         "icepool": None},
        # a direct call, no click: the apps' menu targets (20, 30, 50, 100) ship their
        # tables; an app opened at target 40 shows its bar at once (the "target 40" bar row)
        {"name": "seveny.duel_win_probability(Rules(target=40)), a direct call (cold; was "
                 "74 s; no goal: no menu offers 40, an app at 40 shows its bar: row below)",
         "goal": None, "run": seveny_duel_40, "baseline": None, "icepool": None},
        {"name": "click in a notebook: explorer, Seveny target 100, until the progress bar",
         "goal": CLICK, "run": bar_explorer_seveny_100, "baseline": None, "icepool": None,
         "measures": True},
        {"name": "click in a notebook: New game, Seveny app, target 100, one player, until "
                 "the progress bar (was blocked by the solo solve, 20-80 s)",
         "goal": CLICK, "run": lambda: bar_app(1, 100), "baseline": None, "icepool": None,
         "measures": True},
        {"name": "click in a notebook: New game, Seveny app, target 40, one player to two, "
                 "until the progress bar",
         "goal": CLICK, "run": lambda: bar_app(2, 40), "baseline": None, "icepool": None,
         "measures": True},
        {"name": "click: New game, Seveny app from one player to two (was 2.6 s)",
         "goal": CLICK, "run": lambda: new_game("seveny"), "baseline": None, "icepool": None,
         "measures": True},
    ]
    out += seveny_rows()
    return out
