"""Two-player Dripeul 5: the exact chance of beating the opponent in the manche."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from dicelab import DicelabError
from dicelab.analysis.policies import duel_optimal
from dicelab.analysis.simulate import play_one
from dicelab.core.dice import multisets
from dicelab.core.i18n import fmt_percent
from dicelab.engine import dripeul as dripeul_odds
from dicelab.engine.dripeul import duel as dd
from dicelab.engine.dripeul import solo as eng
from dicelab.engine.dripeul.solo import reference_turn
from dicelab.engine.reroll import solve_turn
from dicelab.games import dripeul as g
from dicelab.games._base import Roll

FULL = (1, 2, 3, 4, 5, 6)


def brute(rules, tokens, triangles, to_play):
    """Every position reachable from a start of turn, valued by plain recursion through the
    game's own code: the rule (``_outcomes``), the board change, whose turn comes next and
    the end of the manche (``_resolve`` → ``_next_turn`` → ``_end_manche``), and the game's
    ``winners`` (``Rules(manches=1)``: the lowest total wins, equal totals share)."""
    memo = {}
    outs = multisets(5)

    def value(st):
        key = (st.tokens, st.triangle, st.current_player)
        if key not in memo:
            p = st.current_player
            final = {}
            for o in outs:
                best = 0.0
                for out in g._outcomes(o, st.tokens[p], rules):
                    nxt, _ = g._resolve(replace(st, dice=o, rolls_left=0, phase="resolve"),
                                        out, auto=False)
                    if nxt.is_over:
                        v = 1.0 if nxt.winners == (p,) else 0.5 if len(nxt.winners) == 2 else 0.0
                    else:
                        w = value(nxt)
                        v = w if nxt.current_player == p else 1.0 - w
                    best = max(best, v)
                final[o] = best
            memo[key] = reference_turn(final, locked_variant=not rules.reroll_set_aside)
        return memo[key]

    s = g.new_state(rules, 2)
    value(replace(s, tokens=tokens, triangle=triangles, current_player=to_play))
    return memo


def brute_cyclic(rules, tokens, triangles, to_play):
    """:func:`brute` for rules with cycles (the suite bonus): every reachable position,
    swept by plain value iteration through the game's code until nothing moves (each
    turn by the batched solver, checked against ``reference_turn`` in test_reroll)."""
    outs = multisets(5)
    states = {}
    todo = [replace(g.new_state(rules, 2), tokens=tokens, triangle=triangles,
                    current_player=to_play)]
    while todo:  # the reachable positions and, per final roll, where each outcome goes
        st = todo.pop()
        key = (st.tokens, st.triangle, st.current_player)
        if key in states:
            continue
        p = st.current_player
        table = {}
        for o in outs:
            nexts = []
            for out in g._outcomes(o, st.tokens[p], rules):
                nxt, _ = g._resolve(replace(st, dice=o, rolls_left=0, phase="resolve"),
                                    out, auto=False)
                if nxt.is_over:
                    v = 1.0 if nxt.winners == (p,) else 0.5 if len(nxt.winners) == 2 else 0.0
                    nexts.append((None, v))
                else:
                    nexts.append(((nxt.tokens, nxt.triangle, nxt.current_player),
                                  nxt.current_player == p))
                    todo.append(nxt)
            table[o] = nexts
        states[key] = table
    V = {k: 0.0 for k in states}
    for _ in range(200):
        new = {}
        for k, table in states.items():
            final = [max(v if nk is None else (V[nk] if v else 1.0 - V[nk])
                         for nk, v in table[o]) for o in outs]
            new[k] = float(solve_turn(5, np.array(final)).start)
        change = max(abs(new[k] - V[k]) for k in V)
        V = new
        if change < 1e-14:
            return V
    raise AssertionError("no convergence")


@pytest.mark.parametrize("rules, tokens, triangles", [
    (g.Rules(manches=1), ((1, 6), (6,)), (1, 0)),
    (g.Rules(manches=1, last_six=True), ((2,), (3, 6)), (0, 1)),
])
def test_small_cases_against_brute_force_through_the_game(rules, tokens, triangles):
    memo = brute(rules, tokens, triangles, 0)
    assert len(memo) >= 8  # both seats, alone positions, seat 1's last turn
    assert any(-1 in tr for _, tr, _ in memo) and any(() in tk for tk, _, _ in memo)
    for (tk, tr, p), v in memo.items():
        got = dd.duel_win_probability(rules, tokens=tk, triangles=tr, to_play=p)
        assert got == pytest.approx(v, abs=1e-12), (tk, tr, p)


def test_locked_variant_against_brute_force():
    rules = g.Rules(manches=1, reroll_set_aside=False)
    memo = brute(rules, ((6,), (5,)), (1, 0), 0)
    tab = dd.solve_duel(rules, max_tokens=2)  # every position with at most 2 tokens in all
    for (tk, tr, p), v in memo.items():
        assert tab.V[dd._boards(rules, tk, tr, p)] == pytest.approx(v, abs=1e-12)
    # keeping dice for good matters: seat 1's last turn with two tokens is worth less
    free = dd.solve_duel(g.Rules(), max_tokens=2)
    b = dd._boards(rules, ((), (2, 5)), (0, 0), 1)
    assert 0 < tab.V[b] < free.V[b]


def test_last_turn_is_half_the_one_turn_clear_chance():
    # seat 0 cleared: seat 1 ties by clearing in this turn, else loses
    r = g.Rules()
    for toks in ((6,), (2, 5), (1, 2, 3)):
        final = {o: float(any(len(x.removed) == len(toks) for x in g._outcomes(o, toks, r)))
                 for o in multisets(5)}
        one_turn = reference_turn(final)  # P(clear in this one turn), playing for it
        for t in (0, 3):
            got = dd.duel_win_probability(r, tokens=((), toks), triangles=(2, t), to_play=1)
            assert got == pytest.approx(0.5 * one_turn, abs=1e-12)
        if len(toks) == 3:
            assert one_turn == 0  # three tokens cannot go in one turn
    # one token from triangle 0: the manche is this one turn
    assert dd.duel_win_probability(r, tokens=((), (6,)), triangles=(3, 0), to_play=1) == \
        pytest.approx(0.5 * eng.start_value((6,), 0, r), abs=1e-12)


def test_alone_against_an_x():
    r = g.Rules()
    # the opponent is on X holding only square 1: without square 1, only a clear wins,
    # so the value is the solo chance of clearing
    for toks, t in (((2, 3, 4, 5, 6), 3), ((6,), 0), ((4, 5), 2)):
        got = dd.duel_win_probability(r, tokens=(toks, (1,)), triangles=(t, -1))
        assert got == pytest.approx(eng.start_value(toks, t, r), abs=1e-12)
    # ... holding every square (21): anything but a full board left wins
    assert dd.duel_win_probability(r, tokens=((1, 2), FULL), triangles=(0, -1)) == \
        pytest.approx(1.0, abs=1e-12)
    # a full board against a full board on X: one token removed wins (whatever follows),
    # reaching X without removing one ties — from triangle 1, two failed turns in a row
    q = 1 - eng.p_turn_start(FULL, r)
    v = dd.duel_win_probability(r, tokens=(FULL, FULL), triangles=(1, -1))
    assert v == pytest.approx(1 - 0.5 * q * q, abs=1e-12)
    # which token to take matters alone: the opponent on X holds 5; from (1, 6) at
    # triangle 0 a carré should take the 6 (a failure then leaves 1 < 5: a win anyway)
    tab = dd.solve_duel(r)
    o = dd.board((5,), -1)
    assert tab.H[0, dd.board((1,), 0), o] == pytest.approx(1.0, abs=1e-12)
    assert tab.H[0, dd.board((6,), 0), o] < 0.5


def test_seat_swap_and_complementarity():
    r = g.Rules()
    # alone values do not depend on the seat
    a = dd.duel_win_probability(r, tokens=((2, 4), (1, 3)), triangles=(1, -1), to_play=0)
    b = dd.duel_win_probability(r, tokens=((1, 3), (2, 4)), triangles=(-1, 1), to_play=1)
    assert a == pytest.approx(b, abs=1e-12) and 0 < a < 1
    tab = dd.solve_duel(r)
    V, H = tab.V, tab.H
    b0, b1 = dd.board(FULL, 3), dd.board(FULL, 3)
    # seat 0's value is its turn's expectation of (1 - seat 1's value): with the final
    # values H[0] = 1 - V[1].T on boards where seat 1 is to move next
    act = dd.ACTIVE
    assert np.allclose(H[0][np.ix_(act, act)], 1 - V[1][np.ix_(act, act)].T, atol=0)
    assert np.allclose(H[1][np.ix_(act, act)], 1 - V[0][np.ix_(act, act)].T, atol=0)
    # the two seats are not symmetric: seat 1 has a last turn after seat 0 clears, and its
    # own clear ends the manche at once; on the same boards seat 1 to move is ahead
    assert V[1, b1, b0] > 0.55 > 0.5 > V[0, b0, b1]
    # one token each, both on triangle 0: seat 0 clears (p) and seat 1 ties (p) or not;
    # else seat 0 is on X and seat 1 clears (p) or ties on X: p - p²/2 + (1 - p)²/2 = 1/2
    for v in (1, 4, 6):
        b = dd.board((v,), 0)
        assert V[0, b, b] == pytest.approx(0.5, abs=1e-12)
        p = eng.start_value((v,), 0, g.Rules())
        assert V[1, b, b] == pytest.approx(p + (1 - p) * (1 - p) / 2, abs=1e-12)
    assert np.nanmin(V) >= 0 and np.nanmax(V) <= 1 + 1e-12


def test_first_player_value_and_levels():
    r = g.Rules()
    v = [dd.duel_win_probability(r, triangles=(t, t)) for t in (4, 3, 2, 1, 0)]
    assert v[1] == pytest.approx(0.49953, abs=1e-5)
    assert all(0.49 < x < 0.5 for x in v)
    assert dd.duel_win_probability(g.Rules(level=1)) == pytest.approx(v[3], abs=1e-12)


def test_straight_bonus_fixed_point_and_baseline():
    # the suite bonus makes cycles: solve the positions with at most 2 tokens in all, by
    # Gauss–Seidel sweeps and by plain value iteration; both reach the same fixed point,
    # which one more sweep does not move
    r = g.Rules(straight_bonus=True)
    gs = dd.solve_duel(r, max_tokens=2)
    plain = dd.solve_duel(r, max_tokens=2, gauss_seidel=False)
    ok = ~np.isnan(gs.V)
    assert ok.sum() > 5000 and np.array_equal(ok, ~np.isnan(plain.V))
    assert np.abs(gs.V[ok] - plain.V[ok]).max() < 1e-12
    assert gs.sweeps < plain.sweeps
    s, b, o = np.nonzero(ok[:, dd.ACTIVE][:, :, dd.ACTIVE])
    b, o = dd.ACTIVE[b], dd.ACTIVE[o]
    pick = np.random.default_rng(1).choice(len(s), 300, replace=False)
    s, b, o = s[pick], b[pick], o[pick]
    again = dd._starts(gs.key, gs.H, s, b, o)
    assert np.abs(again - gs.V[s, b, o]).max() < 1e-12
    # alone against an X holding 6, from triangle 0: a suite is a second chance (with both
    # players in, it helps the opponent too)
    args = dict(tokens=((5, 6), (6,)), triangles=(0, -1))
    assert gs.V[0, dd.board((5, 6), 0), dd.board((6,), -1)] > dd.duel_win_probability(
        g.Rules(), **args)


def test_straight_bonus_against_brute_force_iteration():
    # plain value iteration through the game's code on a small cyclic case
    r = g.Rules(manches=1, straight_bonus=True)
    memo = brute_cyclic(r, ((6,), (5,)), (0, 0), 0)
    assert len(memo) > 40 and any(4 in tr for _, tr, _ in memo)
    tab = dd.solve_duel(r, max_tokens=2)  # every position with at most 2 tokens in all
    for (tk, tr, p), v in memo.items():
        assert tab.V[dd._boards(r, tk, tr, p)] == pytest.approx(v, abs=1e-11)


def test_arguments_are_checked():
    r = g.Rules()
    with pytest.raises(DicelabError, match="tokens must be two"):
        dd.duel_win_probability(r, tokens=(FULL,))
    with pytest.raises(DicelabError, match="triangles must be"):
        dd.duel_win_probability(r, triangles=(5, 3))
    with pytest.raises(DicelabError, match="to_play must be seat 0 or 1"):
        dd.duel_win_probability(r, to_play=2)
    with pytest.raises(DicelabError, match="does not play again"):
        dd.duel_win_probability(r, tokens=((), FULL))
    with pytest.raises(DicelabError, match="seat 1 has cleared"):
        dd.duel_win_probability(r, tokens=(FULL, ()), triangles=(3, 3))
    with pytest.raises(DicelabError, match="tokens must be distinct"):
        dd.duel_win_probability(r, tokens=((7,), FULL))
    with pytest.raises(DicelabError, match="Rules"):
        dd.duel_win_probability("default")
    assert dripeul_odds.duel_win_probability(r) == pytest.approx(dd.duel_win_probability(r),
                                                                 abs=1e-12)


def _play(rules, tokens, triangles, rng, policy):
    st = replace(g.new_state(rules, 2), tokens=tokens, triangle=triangles)
    st = play_one("dripeul", [policy, policy], rules, 2, rng, state=st)
    return 1.0 if st.winners == (0,) else 0.5 if len(st.winners) == 2 else 0.0


def test_simulation_duel_optimal_against_itself():
    rules = g.Rules(manches=1)
    tokens, triangles = ((2, 5, 6), (4, 6)), (1, 1)
    p = dd.duel_win_probability(rules, tokens=tokens, triangles=triangles)
    rng = np.random.default_rng(11)
    pol = duel_optimal()
    n = 600
    won = sum(_play(rules, tokens, triangles, rng, pol) for _ in range(n))
    assert abs(won / n - p) < 4 * math.sqrt(0.25 / n)


@pytest.mark.slow
def test_simulation_from_the_start_of_a_manche():
    # Rules(manches=1): the value is the game's win probability; 3000 whole games
    rules = g.Rules(manches=1)
    p = dd.duel_win_probability(rules)
    rng = np.random.default_rng(2026)
    pol = duel_optimal()
    n = 3000
    won = sum(_play(rules, (FULL, FULL), (3, 3), rng, pol) for _ in range(n))
    assert abs(won / n - p) < 4 * math.sqrt(0.25 / n)


def test_advice_ranks_by_p_duel():
    r = g.Rules()
    dd.solve_duel(r)
    s = g.new_state(r, 2)
    s, _ = g.roll_outcome(g.step(s, Roll(()))[0], (2, 2, 2, 4, 6))
    a = dripeul_odds.advise_state(s)
    assert a.kind == "duel" and a.objective == "p_duel" and a.players == 2
    ps = [c["p_duel"] for c in a]
    assert ps == sorted(ps, reverse=True) and all("p_win" in c.numbers for c in a)
    assert a.best.loss == 0 and a.choices[-1].loss == pytest.approx(ps[0] - ps[-1])
    # the stop value is the expectation of the final dice, the keep values average the rolls
    stop = a.find(g.Stop())["p_duel"]
    assert stop == pytest.approx(1 - dd.duel_win_probability(
        r, tokens=((1, 3, 4, 5, 6), FULL), triangles=(3, 3), to_play=1), abs=1e-12)
    # resolving: every token choice with its p_duel, which is the opponent's complement
    s2 = replace(s, tokens=((1, 5, 6), (2, 3)), triangle=(1, 2), dice=(4, 4, 4, 4, 1),
                 rolls_left=0, phase="resolve")
    a2 = dripeul_odds.advise_state(s2)
    assert a2.kind == "duel" and len(a2) == 3
    for c in a2:
        left = tuple(t for t in (1, 5, 6) if t != c.action.choice)
        assert c["p_duel"] == pytest.approx(1 - dd.duel_win_probability(
            r, tokens=(left, (2, 3)), triangles=(1, 2), to_play=1), abs=1e-12)
    # three players: labelled solo odds; objective p_duel refused
    three = replace(g.new_state(r, 3), phase="choose", dice=(2, 2, 2, 4, 6), rolls_left=2)
    a3 = dripeul_odds.advise_state(three)
    assert a3.kind == "solo" and a3.label == "solo odds"
    with pytest.raises(DicelabError, match="two-player"):
        dripeul_odds.advise_state(three, objective="p_duel")


def test_advice_in_the_last_turn_and_alone():
    r = g.Rules()
    dd.solve_duel(r)
    # seat 1's last turn (seat 0 cleared): stopping on a brelan of 1 leaves square 2, a
    # loss; only a clear ties, so every number is at most 1/2
    s = replace(g.new_state(r, 2), tokens=((), (1, 2)), triangle=(2, 1), current_player=1,
                phase="choose", dice=(1, 1, 1, 3, 4), rolls_left=1)
    a = dripeul_odds.advise_state(s)
    assert a.kind == "duel" and 0 < a.best["p_duel"] <= 0.5
    assert a.find(g.Stop())["p_duel"] == pytest.approx(0, abs=1e-12)
    # alone against an X holding 5, a carré on (1, 6) at triangle 0: taking the 6 wins for
    # sure (1 < 5 even on X), taking the 1 leaves the one-turn chance of a brelan of 6
    s = replace(g.new_state(r, 2), tokens=((5,), (1, 6)), triangle=(-1, 0), current_player=1,
                phase="resolve", dice=(3, 3, 3, 3, 2), rolls_left=0)
    a = dripeul_odds.advise_state(s)
    assert a.best.action.choice == 6
    assert a.best["p_duel"] == pytest.approx(1.0, abs=1e-12)
    assert a.find(g.Resolve(1))["p_duel"] == pytest.approx(eng.start_value((6,), 0, r),
                                                             abs=1e-12)


def test_live_advice_is_fast():
    import time

    r = g.Rules()
    dd.solve_duel(r)
    dd._turn.cache_clear()
    s = replace(g.new_state(r, 2), tokens=((1, 3, 6), (2, 4, 5)), triangle=(2, 1),
                phase="choose", dice=(3, 3, 5, 6, 1), rolls_left=2)
    t = time.perf_counter()
    dripeul_odds.advise_state(s)
    first = time.perf_counter() - t
    assert first < 1.0  # the speed goal (≤ 10 ms) lives in benchmarks/


@pytest.fixture
def english():
    """The app test reads English words; the language default is reset afterwards."""
    from dicelab.core.i18n import set_language

    set_language("en")
    yield
    set_language(None)


def test_apps_say_what_the_number_is(english):
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play
    from dicelab.ui.widgets.overlay import read_rows

    r = g.Rules()
    dd.solve_duel(r)
    app = play("dripeul", seed=3, players=2, coach_prompt=False)
    app.overlay.show_odds.value = True
    # start of the turn: the win bar reads duel_win_probability, and says it is the manche
    assert app.winbar.layout.display != "none"
    assert "this manche" in app.winbar.value
    p = dd.duel_win_probability(r)
    assert fmt_percent(p, 1, "en") in app.winbar.value
    assert app.roll(), app.message.value
    assert app.teacher_set_dice("2 2 2 4 6"), app.message.value
    body = app.overlay.body.value
    assert "chance to beat your opponent in this manche" in body
    best = read_rows(body)[0]
    assert best["label"].startswith("keep 2 2 2")
    app.controls.language.value = "fr"
    assert "probabilité de battre l&#x27;adversaire dans cette manche" in app.overlay.body.value
    assert "Probabilité de battre l&#x27;adversaire dans cette manche" in app.winbar.value


def test_coach_measures_losses_in_p_duel():
    from dicelab.analysis import coach

    r = g.Rules()
    dd.solve_duel(r)
    s = g.new_state(r, 2)
    s, _ = g.roll_outcome(g.step(s, Roll(()))[0], (2, 2, 2, 4, 6))
    a = coach.assess(s, g.Stop(), lang="en")
    best = dripeul_odds.advise_state(s)
    assert a.unit == "p_duel" and a.best_action == best.best.action
    assert a.loss == pytest.approx(best.find(g.Stop()).loss, abs=1e-15) and a.loss > 0.01
    assert any("chance to beat your opponent in this manche" in line for line in a.why)


# ------------------------------------------------------------------ the shipped table
def test_the_default_table_is_cached_and_read_not_solved(monkeypatch):
    """No Dripeul table ships (issue 31 §2: the default rules solve in about 2.5 s): the
    first solve is saved to the machine's cache, then read from it (every level, both
    seats); :func:`clear_caches` forgets the kernel's copy, not the machine's."""
    assert list(dd.shipped_tables()) == []
    dd.clear_caches()
    assert not dd.duel_ready(g.Rules())
    assert dd.solve_duel(g.Rules()).seconds > 0
    dd.clear_caches()
    monkeypatch.setattr(dd, "_solve", lambda *a, **k: pytest.fail("a solve started"))
    assert dd.duel_ready(g.Rules(level=0, manches=1))  # one table for every level
    tab = dd.solve_duel(g.Rules(level=1))
    assert tab.seconds == 0.0 and tab.sweeps == 0 and not tab.V.flags.writeable
    assert not tab.H.flags.writeable
    assert dd.duel_win_probability(g.Rules()) == pytest.approx(0.49953, abs=1e-5)
    dd.clear_caches()
    assert dd._key(g.Rules()) not in dd._CACHE
    # the variants that do not ship are solved on first use (the apps: behind their bar)
    assert not dd.duel_ready(g.Rules(straight_bonus=True))
    assert not dd.duel_ready(g.Rules(reroll_set_aside=False))


def test_the_shipped_table_is_a_fixed_point_of_the_turn():
    """Without reading the solver's layers: a sample of positions of every kind (both
    still in, either seat; alone against an X; seat 1's last turn) is worth, to 1e-12, one
    turn solve on the table's own final values ``H`` (rebuilt from ``V`` on loading)."""
    tab = dd.solve_duel(g.Rules())
    key = dd._key(g.Rules())
    V, H = tab.V, tab.H
    rng = np.random.default_rng(7)
    act, out = dd.ACTIVE, dd.OUT
    n = 600
    s = np.concatenate([rng.integers(0, 2, n), np.zeros(n, dtype=np.int64),
                        np.ones(len(act), dtype=np.int64)])
    b = np.concatenate([rng.choice(act, n), rng.choice(act, n), act])
    o = np.concatenate([rng.choice(act, n), rng.choice(out, n),
                        np.full(len(act), dd.CLEARED[0])])
    got = dd._starts(key, H, s, b, o)
    np.testing.assert_allclose(got, V[s, b, o], rtol=0, atol=1e-12)
    assert not np.isnan(V[s, b, o]).any()
    # H beside V: the opponent's value complemented; alone, the same value for both seats
    A = np.ix_(act, act)
    np.testing.assert_allclose(H[0][A], 1 - V[1][A].T, rtol=0, atol=1e-15)
    np.testing.assert_allclose(V[0][np.ix_(act, out)], V[1][np.ix_(act, out)], rtol=0, atol=1e-15)


@pytest.mark.slow
def test_the_shipped_table_rebuilds_within_1e_12():
    """A fresh solve (as ``make tables`` runs it) against the cached file (no Dripeul table
    ships: a first solve saves it): values to 1e-12 (another CPU or numpy build may sum in
    another order), ``nan`` where no position is, and ``H`` rebuilt from the file equal to
    the solve's own."""
    dd.clear_caches()
    dd.solve_duel(g.Rules())  # solved and cached on the machine
    dd.clear_caches()
    fresh = dd.solve_duel(g.Rules(), use_table=False)
    shipped = dd.solve_duel(g.Rules())
    assert fresh is not shipped and fresh.seconds > 0 and shipped.seconds == 0.0
    np.testing.assert_allclose(fresh.V, shipped.V, rtol=0, atol=1e-12, equal_nan=True)
    np.testing.assert_allclose(fresh.H, shipped.H, rtol=0, atol=1e-12)
    assert dd.solve_duel(g.Rules()) is shipped  # the fresh solve is not cached


def test_a_variant_not_shipped_solves_in_the_background_and_can_be_cancelled():
    """Without the suite bonus too, the solve reports its progress and stops on Cancel
    (the apps' bar), caching nothing."""
    import time

    from dicelab.analysis import solving
    from dicelab.core import progress

    rules = g.Rules(reroll_set_aside=False)
    assert not dd.duel_ready(rules)
    job = solving.solve_in_background("dripeul", rules)
    deadline = time.monotonic() + 120
    while job.fraction == 0 and job.running and time.monotonic() < deadline:
        time.sleep(0.05)
    assert job.running and 0 < job.fraction < 1  # steps reported: the bar moves
    job.cancel()
    assert job.join(120) and isinstance(job.error, progress.Cancelled)
    assert not dd.duel_ready(rules)
