"""5000 for two players, played to win.

``T[s, o]``: probability that the player to move wins, at the start of their turn, with
``s`` points against the opponent's ``o`` (units of 50 points; 0 = not opened), both
players maximising their own chance of winning.  A bust or an overshoot hands the turn
over at ``(o, s)``; banking ``u`` hands it over at ``(o, u)``; a win (exactly 5000, five
1s, banking 5000+ with 6 dice) is worth 1.

The turn is the solo engine's own machinery (:func:`dicelab.engine.cinqmille.solo._step`: the
rule tables of :func:`~dicelab.engine.cinqmille.solo._model`, every set-aside of every roll),
re-optimised for the win probability: the values are ``-P(win)`` (the sweep minimises),
a bust is worth ``-(1 - T[o, s])`` and banking at ``u`` ``-(1 - T[o, u])``.  Layers of
equal ``s + o`` are solved from the top down; a layer's pairs ``(s, o)``, ``(o, s)`` by
:func:`dicelab.engine.race.solve_pairs` (every pair at once, one sweep of the turn totals
per Newton step).  The solver's sweep is that turn laid out flat (:mod:`.flat`:
a few gathers and one product per total, the same values); the slopes
of a layer's first Newton step come from the same sweep, each row valued a second time at
a slightly lower bust value.

>>> from dicelab.games.cinqmille import Rules
>>> round(duel_win_probability(Rules(), (4950, 4950)), 6) > 0.5
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.errors import IllegalMove, brief
from dicelab.core.i18n import N_
from dicelab.engine.advice import Advice, deciding, rank
from dicelab.engine.cinqmille import solo as solo
from dicelab.engine.cinqmille.flat import SLOPE_STEP, bank_rows, fast_sweep, layout, revalue
from dicelab.engine.race import (
    DuelSolution,
    PolicySurface,
    check_seat,
    layer_guess,
    load_table,
    save_table,
    seat_pair,
    solve_pairs,
    table_ready,
)
from dicelab.engine.race import table_meta as _meta
from dicelab.games._base import Bank
from dicelab.games._checks import check_rules
from dicelab.games.cinqmille import DEFAULT_RULES, UNIT, Rules

TOP = solo.TOP

__all__ = [
    "ENGINE_VERSION",
    "DuelSolution",
    "advise_duel",
    "clear_caches",
    "duel_ready",
    "duel_table",
    "duel_win_probability",
    "policy_surface",
    "shipped_tables",
    "shipped_variants",
    "solve_duel",
    "warm",
]


#: Version of this two-player engine, recorded in every cached 5000 table and the shipped
#: picture: raise it whenever a change to the 5000 rules (:mod:`dicelab.games.cinqmille`)
#: or to this solver changes their values (cached tables are then solved again), then
#: rebuild the tables (``make tables``, about 10 minutes; ``tests/test_tables.py`` fails
#: until then).
ENGINE_VERSION = 1

#: Solved duels (:class:`~.duel.DuelSolution`: ``T[s, o]`` in units of 50, ``nan`` below
#: the layers solved), per Rules.
_CACHE: dict[Rules, DuelSolution] = {}

#: A layer is solved when every residual ``|F - v|`` is below this: a tenth of
#: :data:`dicelab.engine.race.TOL`, so that the values stay within 1e-12 of those of
#: dicelab 0.2.0's solver (exact slopes at every step), which the first-step-only slopes
#: would otherwise reach only to a few 1e-13.
TOL = 1e-13


def clear_caches() -> None:
    """Forget every solved duel (benchmarks: cold runs)."""
    _CACHE.clear()
    _turn.cache_clear()
    layout.cache_clear()
    _turns_against.cache_clear()


def _check_rules(rules: Any) -> Rules:
    return DEFAULT_RULES if rules is None else check_rules(Rules, rules, "5000")


def table_name(rules: Rules) -> str:
    """File name of the shipped start-of-turn table of ``rules`` (``dicelab/data/``)."""
    return (f"duel_cinqmille_d{rules.dice}_o{rules.opening}_m{rules.min_bank}"
            f"_k{int(rules.keep_all_scoring)}_n{int(rules.no_4900)}.npz")


def table_meta(rules: Rules, n: int | None = None) -> dict[str, Any]:
    """The metadata of the shipped table of ``rules`` (or of its policy picture for ``n``
    dice left, :func:`surface_name`), see :func:`dicelab.engine.race.table_meta`.

    >>> table_meta(Rules())["rules"]["opening"], table_meta(Rules(), 3)["table"]
    (750, 'policy_surface_3')
    """
    return _meta("cinqmille", rules, ENGINE_VERSION,
                 "duel" if n is None else f"policy_surface_{n}")


def _bank_fn(Text: np.ndarray, opp: np.ndarray, lo: int) -> Any:
    def bank(lo_: int, hi_: int, u2c: Any) -> Any:  # (len(u2c), rows lo_..hi_-1)
        return Text[opp[lo_ - lo : hi_ - lo]][:, u2c].T - 1.0
    return bank


def _sweep(m: Any, Text: np.ndarray, lo: int, hi: int, opp: np.ndarray, bust_all: np.ndarray,
           R: np.ndarray, D: np.ndarray | None, down_to: int) -> None:
    """One optimal-turn sweep for the rows ``s = lo..hi`` (opponent ``opp[s - lo]``), every
    total from the top down to ``down_to``: fills ``R[n, u, s]`` (``-P(win)``) and ``D``
    (the solo engine's layout, shape ``(N + 1, W + 1, TOP)``)."""
    N = m.N
    top = m.UC if N == 6 else TOP - 1
    bank = _bank_fn(Text, opp, lo)
    minus_one = -np.ones(hi - lo + 1)
    for u in range(top, down_to - 1, -1):
        hi_ = min(u, hi) + 1
        bust = bust_all[: hi_ - lo]
        win = minus_one[: hi_ - lo]
        if u == m.UC and N == 6:
            solo._clamp_column(m, lo, hi_, R, D, bust, win, bank)
        else:
            solo._step(m, u, lo, hi_, R, D, bust, win, bank)


def _text(m: Any, T: np.ndarray) -> np.ndarray:
    Text = np.zeros((TOP, m.W + 1))
    Text[:, :TOP] = np.nan_to_num(T)
    return Text


def solve_duel(rules: Rules | None = None, *, newton: bool = True, lowest: int = 0,
               use_table: bool = True) -> DuelSolution:
    """Solve two-player 5000 for every pair of scores (cached per Rules).

    The shipped table of ``rules`` (``dicelab/data/``, see
    :mod:`dicelab.tools.build_tables`) is read when there is one and ``use_table``.
    ``lowest`` (points) solves only the layers with ``s + o >= lowest`` (tests and
    benchmarks: the rest of ``T`` is ``nan``; not cached).  ``newton=False``: plain value
    iteration in each layer (the benchmark baseline; not cached).
    """
    rules = _check_rules(rules)
    low = int(lowest) // UNIT
    full = newton and low == 0
    if full and use_table and rules in _CACHE:
        return _CACHE[rules]
    if full and use_table:
        T = load_table(table_name(rules), table_meta(rules), (TOP, TOP), ships=_ships(rules))
        if T is not None:
            sol = DuelSolution(rules, T, 0, 0.0)
            _CACHE[rules] = sol
            return sol
    t0 = time.perf_counter()
    lay = layout(rules)
    m = lay.m
    N = m.N
    T = np.full((TOP, TOP), np.nan)
    # Text[o, u]: the opponent's start value after I bank at total u (0 from 5000 on: I won)
    Text = np.zeros((TOP, m.W + 1))
    # R, RB, bust, win (Layout): one column per score for the value sweeps, two for the
    # sweeps that also find the slopes (contiguous columns: a third faster than every other)
    Z1 = np.zeros((2 * lay.size + 2, TOP))
    Z2 = np.zeros((2 * lay.size + 2, 2 * TOP))
    Z1[lay.win] = Z2[lay.win] = -1.0
    start = N * (m.W + 1)  # row of R[N, 0]: R[N, s] is the turn's value at its start
    clamp_rows = np.arange(1, N + 1) * (m.W + 1) + m.UC  # rows R[1..N, UC]
    evaluations = 0
    for L in range(2 * TOP - 2, low - 1, -1):
        progress.step(2 * TOP - 2 - L, 2 * TOP - 1 - low)  # a bar; raises Cancelled if asked
        lo, hi = max(0, L - TOP + 1), min(L, TOP - 1)
        ss = np.arange(lo, hi + 1)
        oo = L - ss
        B1 = bank_rows(lay, Text, lo, hi, oo)  # the bank values: layers above, solved
        B2 = np.repeat(B1, 2, axis=1)

        seen: list[Any] = []  # the last evaluation: (p, F)

        def evaluate(p: np.ndarray, lo: int = lo, hi: int = hi, ss: Any = ss, B1: Any = B1,
                     B2: Any = B2, seen: list[Any] = seen
                     ) -> tuple[np.ndarray, np.ndarray | None]:
            # slopes at the first estimate only (a second column per row, at a bust value
            # lowered by SLOPE_STEP: a third more work); the next steps take secant slopes,
            # exact while the policies do not change
            if seen or not newton:
                F = revalue(lay, Z1, B1, lo, hi, p, seen)
                seen[:] = [p.copy(), F]
                return F, None
            fast_sweep(lay, Z2, B2, lo, hi, p - 1.0)
            if N == 6:  # the value sweeps' clamp column starts from this one's fixed point
                Z1[clamp_rows, lo : hi + 1] = Z2[clamp_rows, 2 * lo : 2 * hi + 2 : 2]
            F = -Z2[start + ss, 2 * ss]
            seen[:] = [p.copy(), F]
            return F, np.clip((-Z2[start + ss, 2 * ss + 1] - F) / SLOPE_STEP, 0.0, 1.0)

        # guess: the same scores one layer up (one opponent point more, or mine)
        up = np.where(oo + 1 < TOP, T[ss, np.minimum(oo + 1, TOP - 1)],
                      T[np.minimum(ss + 1, TOP - 1), oo])
        guess = layer_guess(T, ss, oo, up)  # quadratic extrapolation, saves Newton steps
        v, it = solve_pairs(evaluate, guess, oo - lo, newton=newton, tol=TOL)
        evaluations += it
        T[ss, oo] = v
        Text[ss, oo] = v
    T.setflags(write=False)
    sol = DuelSolution(rules, T, evaluations, time.perf_counter() - t0)
    if full:
        _CACHE[rules] = sol
        if use_table:  # the next kernel reads it (not the table builder's own solves)
            save_table(table_name(rules), T, rules, table_meta(rules))
    return sol


def _ships(rules: Rules) -> bool:
    """Whether the table of ``rules`` ships with the package (:func:`shipped_tables`)."""
    return SHIP_VARIANTS and rules in shipped_variants()


def duel_ready(rules: Rules | None = None) -> bool:
    """Whether the two-player table of ``rules`` is at hand (already solved in this kernel,
    or cached on the machine: :func:`dicelab.engine.race.load_table`), so that advice costs
    milliseconds; otherwise the first use solves it (0.5 to 2 s of CPU) and caches it.

    >>> solve_duel(Rules(opening=1000)).T.shape
    (100, 100)
    >>> duel_ready(Rules(opening=1000))
    True
    """
    rules = _check_rules(rules)
    return rules in _CACHE or table_ready(table_name(rules), table_meta(rules), (TOP, TOP))


def duel_table(rules: Rules | None = None) -> np.ndarray:
    """``T[s, o]`` (read-only): probability that the player to move wins from the start of
    their turn at ``s`` against ``o`` points (both in units of 50, 0..99), both playing to win.

    >>> T = duel_table()
    >>> T.shape, round(float(T[0, 0]), 6)
    ((100, 100), 0.526847)
    """
    return solve_duel(rules).T


def _check_scores(scores: Any) -> tuple[int, int]:
    sc = seat_pair(scores, N_("scores must be two scores (seat 0's first); got {scores}"),
                   "scores")
    return tuple(solo._check_score(x, DEFAULT_RULES) for x in sc)  # type: ignore[return-value]


def duel_win_probability(rules: Rules | None = None, scores: Iterable[int] = (0, 0),
                         to_play: int = 0) -> float:
    """Probability that seat ``to_play`` wins two-player 5000, at the start of its turn with
    ``scores`` (points, seat 0's first; 0 = not opened), both playing to win.

    A score of 5000 has already won (1.0 for that seat, 0.0 for the other).

    >>> round(duel_win_probability(), 6)
    0.526847
    >>> duel_win_probability(scores=(5000, 1000), to_play=1)
    0.0
    """
    rules = _check_rules(rules)
    s0, s1 = _check_scores(scores)
    check_seat(to_play)
    me, opp = (s0, s1) if to_play == 0 else (s1, s0)
    if me == TOP and opp == TOP:
        raise IllegalMove("both players cannot have 5000 points")
    if me == TOP:
        return 1.0
    if opp == TOP:
        return 0.0
    return float(solve_duel(rules).T[me, opp])


# ------------------------------------------------------------------ in-turn values
@lru_cache(maxsize=4)
def _groups_flat(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """For every group of the model, its effect rows twice (once for the continuation, once
    shifted by ``E + 2`` for the bank value), concatenated group after group, and where each
    group starts: one ``minimum.reduceat`` takes every group's best."""
    m = solo._model(rules)
    E2 = len(m.opt_p) + 2
    rows = [sorted(g) + [e + E2 for e in sorted(g)] for g in m.groups]
    starts = np.cumsum([0] + [len(r) for r in rows[:-1]]).astype(np.intp)
    return np.concatenate(rows).astype(np.intp), starts


def _row_sweep(m: Any, T: np.ndarray, s: int, o: int) -> np.ndarray:
    """``R[n, u]`` (``-P(win)``) of one row ``(s, o)`` for every total ``u >= s``: the same
    turn as :func:`_sweep` for that single row, written for one row (four numpy calls per
    total instead of the vectorised step's many; about 1 ms for a whole turn).

    Every value the step compares lives in one vector ``Z``: ``R`` (flat), the bank values
    ``T[o, u] - 1`` (``-1`` from 5000 on), then the bust, win and ``+inf`` constants.  For
    each total, one index array (computed once for the row) picks, for every effect of
    every group, its continuation and its bank value (or the constant it ends the turn
    with); each group's best (``reduceat``) and the groups' probabilities give
    ``R[1:, u]``.  The same minima and the same product as :func:`_sweep`: equal to it up to
    the rounding of the product (tested to 1e-12).
    """
    N, W = m.N, m.W
    gcat, gstarts = _groups_flat(m.rules)
    size = (N + 1) * (W + 1)
    i_bank, i_bust = size, size + W + 1
    i_win, i_inf = i_bust + 1, i_bust + 2
    Z = np.zeros(i_inf + 1)
    Z[i_bank : i_bank + TOP] = np.nan_to_num(T[o, :TOP]) - 1.0
    Z[i_bank + TOP : i_bust] = -1.0  # banking at 5000 or more (6 dice): a win
    Z[i_bust], Z[i_win], Z[i_inf] = T[o, s] - 1.0, -1.0, np.inf
    top = m.UC if N == 6 else TOP - 1
    us = slice(s, top + 1)
    win, over = m.win_u[us, :, s], m.over_u[us, :, s]
    end = np.where(win, i_win, i_bust)
    ends = win | over
    E = len(m.opt_p)
    idx = np.empty((top + 1 - s, 2 * (E + 2)), dtype=np.intp)  # continuation | bank
    idx[:, :E] = np.where(ends, end, m.flat_u[us])
    idx[:, E + 2 : 2 * E + 2] = np.where(
        ends, end, np.where(m.allowed_u[us, :, s], i_bank + m.u2c_u[us], i_inf))
    idx[:, [E, 2 * E + 2]] = i_bust  # the two extra rows: a bust, five 1s
    idx[:, [E + 1, 2 * E + 3]] = i_win
    idx = np.ascontiguousarray(idx[:, gcat])
    Rv = Z[:size].reshape(N + 1, W + 1)
    PT = m.grp_PT
    vals = np.empty(len(gcat))
    for u in range(top, s - 1, -1):
        row = idx[u - s]
        if u == m.UC and N == 6:  # the clamp column refers to itself: its fixed point
            for _ in range(500):
                old = Rv[:, u].copy()
                Rv[1:, u] = PT @ np.minimum.reduceat(Z.take(row, out=vals), gstarts)
                if np.max(np.abs(Rv[:, u] - old)) < 1e-15:
                    break
        else:
            Rv[1:, u] = PT @ np.minimum.reduceat(Z.take(row, out=vals), gstarts)
    return Rv.copy()


@lru_cache(maxsize=256)
def _turn(rules: Rules, s: int, o: int) -> np.ndarray:
    """``R[n, u]`` = ``-P(win)`` of the player at ``(s, o)`` about to roll ``n`` dice at
    total ``u`` (one sweep of the row from the table: about 1 ms; :func:`_turn_reference`
    is the vectorised sweep it must equal)."""
    out = _row_sweep(solo._model(rules), solve_duel(rules).T, s, o)
    out.setflags(write=False)
    return out


def _turn_reference(rules: Rules, s: int, o: int) -> np.ndarray:
    """:func:`_turn` by the solver's own vectorised sweep (:func:`_sweep`; tests)."""
    m = solo._model(rules)
    T = solve_duel(rules).T
    Text = _text(m, T)
    R = np.zeros((m.N + 1, m.W + 1, TOP))
    _sweep(m, Text, s, s, np.array([o]), np.array([T[o, s] - 1.0]), R, None, s)
    return R[:, :, s].copy()


def warm(rules: Rules | None = None) -> bool:
    """Get two-player advice of ``rules`` ready (the apps call it when a two-player game
    starts): read the two-player table if it is at hand (:func:`duel_ready`: solved in
    this kernel or cached on the machine) and build what every advice needs (the rule
    model, the solo solutions the secondary numbers come from), so that the first advice
    costs milliseconds rather than the few hundred of a cold start.  Never starts a
    two-player solve; returns :func:`duel_ready`.

    >>> _ = solve_duel()
    >>> warm()
    True
    """
    rules = _check_rules(rules)
    roll = (1, 2, 3, 4, 6, 6)[: rules.dice]
    for n in range(1, rules.dice + 1):
        solo._p_bust(n, rules)
    solo.advise(roll, turn_points=0, score=0, rules=rules)  # model, solo solutions
    if not duel_ready(rules):
        return False
    choice_values(rules, 0, 0, 0, tuple(sorted(roll)))  # the table; the turn at 0-0
    return True


@lru_cache(maxsize=8)
def _turns_against(rules: Rules, o: int) -> np.ndarray:
    """``R[n, u, s]`` for every score ``s`` against ``o`` (the policy picture)."""
    m = solo._model(rules)
    T = solve_duel(rules).T
    Text = _text(m, T)
    R = np.zeros((m.N + 1, m.W + 1, TOP))
    _sweep(m, Text, 0, TOP - 1, np.full(TOP, o), Text[o, :TOP] - 1.0, R, None, 0)
    R.setflags(write=False)
    return R


def choice_values(rules: Rules, s: int, o: int, u: int, roll: tuple[int, ...]) -> dict[
        tuple[tuple[int, ...], str], float]:
    """``{(keep, "roll" | "bank"): P(win)}`` of every choice after ``roll`` at total ``u``
    (units) for the player at ``(s, o)``; a set-aside that wins or overshoots ends the
    turn whatever the action (both keys)."""
    m = solo._model(rules)
    R = _turn(rules, s, o)
    T = solve_duel(rules).T
    out: dict[tuple[tuple[int, ...], str], float] = {}
    for keep, pts, left, bankable in m.options[roll]:
        u2 = u + pts
        kind = m.kind[s, u2]
        if kind != solo._NONE:
            v = 1.0 if kind == solo._WIN else 1.0 - float(T[o, s])
            out[(keep, "roll")] = out[(keep, "bank")] = v
            continue
        u2c = min(u2, m.UC)
        out[(keep, "roll")] = -float(R[left, u2c])
        if bankable and m.bank_ok[s, u2c]:
            out[(keep, "bank")] = 1.0 if u2c >= TOP else 1.0 - float(T[o, u2c])
    return out


def advise_duel(state: Any) -> Advice:
    """The two-player advice of a 5000 state: every choice of the solo advice, with
    ``p_duel`` (the mover's exact two-player win probability), ranked by it (empty when
    there is nothing to choose)."""
    if not deciding(state, solo.DECISION_PHASES):
        return Advice("p_duel", True, (), kind="duel", players=2)
    base = solo.advise(state.dice, turn_points=state.turn_points,
                       score=state.scores[state.current_player], rules=state.rules,
                       opened=state.opened[state.current_player],
                       pending=state.pending_validation)
    p = state.current_player
    s, o = state.scores[p] // UNIT, state.scores[1 - p] // UNIT
    u = s + state.turn_points // UNIT
    rules = state.rules
    vals = choice_values(rules, s, o, min(u, solo._model(rules).UC),
                         tuple(sorted(state.dice))) if len(base) else {}
    choices = []
    for c in base:
        key = (c.keep, "bank" if isinstance(c.action, Bank) else "roll")
        nums = dict(c.numbers)
        nums["p_duel"] = vals[key]
        choices.append(replace(c, numbers=nums))
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)


# ------------------------------------------------------------------ policy picture
def surface_name(rules: Rules, n: int) -> str:
    """File name of a shipped policy picture (``T`` holds ``[duel, solo]``)."""
    return table_name(rules).replace("duel_cinqmille", f"surface_cinqmille_n{n}")


def policy_surface(rules: Rules | None = None, n: int = 3, *,
                   use_table: bool = True) -> PolicySurface:
    """Smallest turn total (points) at which the player banks rather than rolls ``n`` dice
    on (after a set-aside leaving ``n`` dice), by (my score, opponent's score) — duel-optimal
    and solo-optimal — with the duel win probability.  ``nan``: not opened (the opening
    rule decides), or never banks below 5000.  About 100 turn sweeps (minutes), so the
    picture of the default rules ships with the tables (``use_table``).
    """
    rules = _check_rules(rules)
    if n not in range(1, rules.dice):
        raise IllegalMove("n (dice left to roll) must be 1 to {hi}; got {n}", hi=rules.dice - 1,
                          n=brief(n))
    shipped = (load_table(surface_name(rules, n), table_meta(rules, n), (2, TOP, TOP),
                          nan_at=True, ships=rules == Rules() and n == 3)
               if use_table else None)
    axis = np.arange(TOP) * UNIT
    if shipped is not None:
        return PolicySurface("cinqmille", f"bank_total_{n}_dice", axis, axis, shipped[0],
                             shipped[1], np.array(solve_duel(rules).T))
    m = solo._model(rules)
    T = solve_duel(rules).T
    ts = solo.solve_turns(rules)
    duel = np.full((TOP, TOP), np.nan)
    solo_ = np.full((TOP, TOP), np.nan)
    us = np.arange(m.W)
    for s in range(1, TOP):
        ok = m.bank_ok[s, : min(m.W, TOP)] & (us[: min(m.W, TOP)] > s)
        if m.N == 5:
            ok &= m.kind[s, : min(m.W, TOP)] == solo._NONE
        cand = np.flatnonzero(ok)
        if not len(cand):
            continue
        # solo: bank (1 + V[u]) vs roll (1 + R[n, s, u]), ties bank (the advice's order)
        bank_solo = ts.V[cand] <= ts.R[n, s, cand] + 1e-15
        if bank_solo.any():
            solo_[s, :] = (cand[bank_solo.argmax()] - s) * UNIT
    for o in range(TOP):
        R = _turns_against(rules, o)
        for s in range(1, TOP):
            ok = m.bank_ok[s, :TOP] & (np.arange(TOP) > s)
            if m.N == 5:
                ok &= m.kind[s, :TOP] == solo._NONE
            cand = np.flatnonzero(ok)
            if not len(cand):
                continue
            bank_duel = (1.0 - T[o, cand]) >= -R[n, cand, s] - 1e-15
            if bank_duel.any():
                duel[s, o] = (cand[bank_duel.argmax()] - s) * UNIT
    axis = np.arange(TOP) * UNIT
    return PolicySurface("cinqmille", f"bank_total_{n}_dice", axis, axis, duel, solo_,
                         np.array(T))


# ------------------------------------------------------------------ the shipped tables
def shipped_variants() -> list[Rules]:
    """Every 5000 variant (48: dice x opening x min_bank x keep_all_scoring x no_4900),
    the two defaults first: each ships its two-player table (~70 kB each).

    >>> vs = shipped_variants()
    >>> len(vs), vs[0] == Rules(), vs[1] == Rules(dice=6)
    (48, True, True)
    """
    from itertools import product

    ch = Rules.CHOICES
    out = [Rules(), Rules(dice=6)]
    for dice, opening, min_bank, keep, no4900 in product(
            ch["dice"], *([x for x in ch[f] if x is not None]
                          for f in ("opening", "min_bank", "keep_all_scoring", "no_4900"))):
        r = Rules(dice=dice, opening=opening, min_bank=min_bank, keep_all_scoring=keep,
                  no_4900=no4900)
        if r not in out:
            out.append(r)
    return out


#: Whether the 5000 variants' two-player tables ship: no, each solves in under 10 s (0.5 to
#: 2 s of CPU here), so it is solved on first use and saved to the machine's cache
#: (:func:`dicelab.engine.race.save_table`; ``python -m dicelab tables --warm``).
SHIP_VARIANTS = False


def shipped_tables() -> Iterator[tuple[Rules, str, Callable[[], Any], dict[str, Any]]]:
    """The tables this engine ships (:mod:`dicelab.tools.build_tables`): ``(rules, file
    name, a fresh solve, the metadata)``: every variant's table if :data:`SHIP_VARIANTS`,
    then the policy picture (about 100 turn sweeps: minutes).

    >>> tables = list(shipped_tables())
    >>> len(tables), tables[-1][1]
    (1, 'surface_cinqmille_n3_d5_o750_m0_k0_n0.npz')
    """
    for rules in shipped_variants() if SHIP_VARIANTS else ():
        yield (rules, table_name(rules),
               lambda r=rules: np.asarray(solve_duel(r, use_table=False).T), table_meta(rules))
    rules = Rules()

    def surface(r: Rules = rules) -> np.ndarray:
        ps = policy_surface(r, 3, use_table=False)
        return np.stack([ps.duel, ps.solo])

    yield rules, surface_name(rules, 3), surface, table_meta(rules, 3)
