"""slow clicks made fast, or shown with a progress bar that can be cancelled.

Speed goals are rows of ``make bench`` (benchmarks/bench_clicks.py); these tests check that
the fast paths give the same exact numbers, the same laws, and that a long click can be
cancelled without caching anything half done.
"""

from __future__ import annotations

import math
import threading
from fractions import Fraction

import pytest

from dicelab.core import progress
from dicelab.core.dice import multisets, sort_dice, ways
from dicelab.core.errors import DicelabError
from dicelab.engine.seveny import solo as eng
from dicelab.games.seveny import DICE, Rules, settable
from dicelab.games.seveny import score as cycle_score


# ------------------------------------------------------------------ Seveny "bank at N"
def brute_turn_points(threshold: int) -> dict[int, Fraction]:
    """The former enumeration: every position, every sorted roll, in Fractions."""

    def choose(m, hand, opts):
        pts, _, s = max((m + cycle_score(hand + s), -len(s), s) for s in opts)
        return s, pts >= threshold

    dist: dict[int, Fraction] = {}
    frontier = {(0, ()): Fraction(1)}
    while frontier:
        (m, hand) = min(frontier, key=lambda k: (k[0], len(k[1]), k[1]))
        p = frontier.pop((m, hand))
        n = DICE - len(hand)
        for o in multisets(n):
            q = p * Fraction(ways(o), 6**n)
            opts = settable(hand, o)
            if not opts:
                dist[0] = dist.get(0, Fraction(0)) + q
                continue
            s, bank = choose(m, hand, opts)
            nh = sort_dice(hand + s)
            pts = m + cycle_score(nh)
            if bank:
                dist[pts] = dist.get(pts, Fraction(0)) + q
            else:
                key = (pts, ()) if len(nh) == DICE else (m, nh)
                frontier[key] = frontier.get(key, Fraction(0)) + q
    return dict(sorted(dist.items()))


@pytest.mark.parametrize("threshold", [0, 1, 2, 3])
def test_turn_points_distribution_is_the_same_exact_law(threshold):
    assert eng.turn_points_distribution(threshold) == brute_turn_points(threshold)


def test_turn_points_distribution_is_cached_and_each_call_gets_its_own_dict():
    a = eng.turn_points_distribution(100)
    assert sum(a.values()) == 1 and all(isinstance(p, Fraction) for p in a.values())
    assert min(k for k in a if k) == 100  # banks only from 100 points
    a[0] = Fraction(0)  # a caller's change does not reach the cache
    b = eng.turn_points_distribution(100)
    assert b[0] > 0 and b is not a
    assert eng._turn_points_distribution.cache_info().hits >= 1


# ------------------------------------------------------------------ the simulators
def test_fast_seveny_bank_at_matches_the_exact_law_and_the_scalar_simulator():
    from dicelab.analysis.counting import turns_to_target_moments
    from dicelab.analysis.policies import bank_at
    from dicelab.analysis.simulate import simulate, simulate_fast
    from dicelab.engine.seveny.solo import bank_at_law

    target = 20
    mean, var = turns_to_target_moments(bank_at_law(4, target), target)
    r = simulate_fast("seveny", rules=Rules(target=target), policy="bank_at", threshold=4,
                      games=20_000, seed=3)
    again = simulate_fast("seveny", rules=Rules(target=target), policy="bank_at",
                          threshold=4, games=20_000, seed=3)
    assert list(r.turns) == list(again.turns)  # same seed, same games
    assert (r.scores == target).all() and r.wins.tolist() == [20_000]
    assert abs(r.mean_turns - float(mean)) < 4 * math.sqrt(float(var) / r.games)
    assert r.turns.var(ddof=1) == pytest.approx(float(var), rel=0.05)
    scalar = simulate("seveny", rules=Rules(target=target), policy=bank_at(4), games=300,
                      seed=5)
    se = math.hypot(scalar.se_turns, r.se_turns)
    assert abs(scalar.mean_turns - r.mean_turns) < 4 * se


def test_fast_bank_at_is_refused_where_it_is_not_tabulated():
    from dicelab.analysis.simulate import simulate_fast

    with pytest.raises(DicelabError, match="bank_at"):
        simulate_fast("dripeul", policy="bank_at", threshold=300)
    with pytest.raises(DicelabError, match="threshold"):
        simulate_fast("seveny", policy="bank_at", threshold=10**6)


def test_turns_simulator_seveny_rule_is_drawn_from_the_exact_law():
    from dicelab import lessons

    res, exact, note = lessons.simulate_turns("seveny", 4, 500, 11)
    assert res.games == 500 and note == ""
    assert exact == pytest.approx(lessons.seveny_rule_turns(4)[0], abs=1e-12)
    assert abs(res.mean_turns - exact) < 5 * res.se_turns


# ------------------------------------------------------------------ 5000 "bank at N"
def game_turn_law(rules, score: int, threshold: int) -> dict[int, float]:
    """The banked score after one 5000 turn from ``score``, played exhaustively through the
    game's own ``roll_outcome``/``step`` and the policy ``bank_at`` itself (memoised on the
    position inside the turn); a win counts as 5000."""
    from dataclasses import replace

    from dicelab.analysis.policies import bank_at
    from dicelab.core.dice import roll_distribution
    from dicelab.games import cinqmille as g

    pol = bank_at(threshold)
    memo: dict = {}

    def after_roll(st) -> dict[int, float]:
        key = (st.turn_points, st.aside, st.to_roll, st.pending_validation)
        if key not in memo:
            out: dict[int, float] = {}
            for dice, p in roll_distribution(st.to_roll).items():
                s, _ = g.roll_outcome(st, dice)
                while not s.is_over and s.phase == "choose":
                    s, _ = g.step(s, pol(s))
                sub = ({g.TARGET if s.winners else s.scores[0]: 1.0}
                       if s.is_over or s.phase == "start" else after_roll(s))
                for k, q in sub.items():
                    out[k] = out.get(k, 0.0) + float(p) * q
            memo[key] = out
        return memo[key]

    start = replace(g.new_state(rules, 1), scores=(score,), opened=(score > 0,))
    return after_roll(g.step(start, g.Roll(()))[0])


@pytest.mark.parametrize(("rules", "score", "threshold"), [
    pytest.param({}, 0, 300, marks=pytest.mark.slow),  # opening: the longest turns
    ({}, 4000, 500), ({"keep_all_scoring": True}, 4800, 300),
    ({"opening": 700, "no_4900": True}, 4300, 500)])
def test_cinqmille_bank_at_matrix_is_the_games_own_turn(rules, score, threshold):
    import numpy as np

    from dicelab.engine.cinqmille import solo as cinq
    from dicelab.games.cinqmille import UNIT
    from dicelab.games.cinqmille import Rules as CinqRules

    r = CinqRules(**rules)
    row = np.zeros(cinq.TOP + 1)
    for k, q in game_turn_law(r, score, threshold).items():
        row[k // UNIT] += q
    P = cinq.bank_at_outcome_matrix(threshold, r)
    assert np.abs(P[score // UNIT] - row).max() < 1e-12  # the same law, to rounding


def test_cinqmille_bank_at_six_dice_wins_as_the_game_plays_it():
    """6 dice (banking at 5000 or more wins; a brelan must be validated): single turns from
    4700 played by the game and the policy, against the matrix's P(win)."""
    from dataclasses import replace

    import numpy as np

    from dicelab.analysis.policies import bank_at
    from dicelab.engine.cinqmille import solo as cinq
    from dicelab.games import cinqmille as g

    rules = g.Rules(dice=6, min_bank=300)
    P = cinq.bank_at_outcome_matrix(300, rules)
    assert abs(float(P.sum(axis=1).max()) - 1) < 1e-12
    p = float(P[94, cinq.TOP])
    rng = np.random.default_rng(4)
    pol, wins, n = bank_at(300), 0, 1500
    for _ in range(n):  # one turn of player 0 from 4700
        s = replace(g.new_state(rules, 2), scores=(4700, 0), opened=(True, False))
        s, _e = g.step(s, g.Roll(()))
        while not s.is_over and s.current_player == 0:
            if s.to_roll:
                s, _e = g.roll_outcome(s, tuple(int(x) for x in rng.integers(1, 7, s.to_roll)))
            else:
                s, _e = g.step(s, pol(s))
        wins += bool(s.winners)
    assert abs(wins / n - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_fast_cinqmille_bank_at_matches_the_exact_law_and_is_reproducible():
    from dicelab.analysis.simulate import simulate_fast
    from dicelab.engine.cinqmille import solo as cinq
    from dicelab.engine.markov import absorbing_moments

    mean, var = absorbing_moments(cinq.bank_at_outcome_matrix(500), 0)
    r = simulate_fast("5000", policy="bank_at", threshold=500, games=20_000, seed=3)
    again = simulate_fast("5000", policy="bank_at", threshold=500, games=20_000, seed=3)
    assert list(r.turns) == list(again.turns)  # same seed, same games
    assert (r.scores == 5000).all() and r.wins.tolist() == [20_000]
    assert abs(r.mean_turns - mean) < 4 * math.sqrt(var / r.games)  # 4 standard errors
    assert r.turns.var(ddof=1) == pytest.approx(var, rel=0.05)
    with pytest.raises(DicelabError, match="threshold"):
        simulate_fast("5000", policy="bank_at", threshold=10**6)


def test_turns_simulator_cinqmille_rule_has_its_exact_mean():
    from dicelab import lessons

    res, exact, note = lessons.simulate_turns("cinqmille", 300, 500, 11)
    assert res.games == 500 and note == ""
    assert exact == pytest.approx(20.9229, abs=1e-4)
    assert abs(res.mean_turns - exact) < 5 * res.se_turns
    assert lessons.simulate_turns("cinqmille", 300, 500, 11)[0] is res  # cached


# ------------------------------------------------------------------ progress and cancel
def test_a_cancelled_solve_stops_between_steps_and_caches_nothing():
    rules = Rules(target=37)
    seen = []

    def on_step(task):
        seen.append(task.done)
        if task.done == 5:
            task.cancel()

    eng._SOLUTIONS.pop(rules, None)  # solved by an earlier test: this one solves it afresh
    before = dict(eng._SOLUTIONS)
    with pytest.raises(progress.Cancelled, match="cancelled"), progress.running(
            progress.Task(on_step)):
        eng.solve_turns(rules)
    assert seen[:6] == [0, 1, 2, 3, 4, 5] and max(seen) <= 6
    assert dict(eng._SOLUTIONS) == before and rules not in eng._SOLUTIONS  # nothing half done
    assert eng.expected_turns(rules) > 0  # and the next ask solves it whole


def test_run_with_progress_outside_a_kernel_runs_now():
    got = []
    task = progress.run_with_progress(lambda: 41 + 1, got.append, got.append, got.append)
    assert got == [42] and not task.cancelled
    task = progress.run_with_progress(lambda: eng.turn_points_distribution(-1), got.append,
                                      got.append, got.append)
    assert isinstance(got[-1], DicelabError)


@pytest.fixture
def kernel(monkeypatch):
    """A fake kernel: what the computing thread hands to the main thread lands in a list."""
    pending: list = []
    lock = threading.Lock()

    def schedule(fn):
        with lock:
            pending.append(fn)

    monkeypatch.setattr(progress, "main_thread_scheduler", lambda: schedule)

    def run_pending(timeout=120):
        for t in threading.enumerate():
            if t.name == "dicelab-progress":
                t.join(timeout)
        while pending:
            pending.pop(0)()

    return run_pending


def test_the_explorer_shows_a_bar_at_once_and_can_cancel_a_long_solve(kernel):
    from dicelab.ui import explorer

    gate = threading.Event()
    calls = []

    def slow(key, rules):
        calls.append(rules)
        if rules.target == 100:
            assert gate.wait(60)
            progress.step(1, 100)  # the solve's next step: cancelled there
        return explorer.headline(key, Rules(target=5))

    app = explorer.explorer("seveny", compute=slow, lang="fr")
    kernel()
    assert "Calcul en cours" not in app.result.value  # the defaults were shown
    app.controls["target"].value = 100
    bar = app.children[2].children
    assert len(bar) == 1 and "dicelab-cancel" in bar[0].children[1]._dom_classes
    assert bar[0].children[1].description == "Annuler"
    bar[0].children[1].click()  # Cancel
    gate.set()
    kernel()
    assert "annulé" in app.result.value and app.children[2].children == ()
    app.controls["target"].value = 20  # the app is still usable
    kernel()
    assert "<table>" in app.result.value


# ------------------------------------------------------------------ New game
def test_new_game_answers_before_the_two_player_warm_up_ends(monkeypatch):
    """'Nouvelle partie' took 2.6 s: the two-player warm-up (reading the table, the solo
    numbers) ran in the click.  It now runs in the background; the app is usable at once."""
    from dicelab.analysis import solving as duel_registry
    from dicelab.ui.widgets import play

    gate = threading.Event()
    warmed = []
    real = duel_registry.warm

    def slow_warm(game, rules):
        assert gate.wait(60)
        warmed.append(threading.current_thread().name)
        return real(game, rules)

    monkeypatch.setattr(duel_registry, "warm", slow_warm)
    # target 100: its table ships, so it is ready (warmed, not solved) whatever ran before;
    # the default target, 50, no longer ships and is ready only once a test solved it
    app = play("seveny", seed=1, lang="en", target=100)
    app.controls.players.count.value = 2
    assert app.new_game()  # returns while the warm-up waits at the gate
    assert warmed == [] and app._warm_job is not None and app._warm_job.running
    assert app.enabled_actions()  # the app is usable meanwhile
    gate.set()
    assert app.wait_for_duel(60)
    assert warmed and warmed[0].startswith("dicelab-duel")
    app.close()
