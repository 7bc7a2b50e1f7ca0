"""Exact odds for Dripeul 5: P(clear the manche) with optimal play, and advice for every keep.

A board is the set of squares still holding a token (a 6-bit mask ``m``: bit
``v - 1`` for square ``v``) and the triangle ``t`` (0..4, failures still
survivable; a failure from 0 lands on X and loses the manche).  ``V[m, t]`` is
the probability of clearing the manche from the start of a turn, playing to
maximise it.  One turn is :func:`~dicelab.engine.reroll.solve_turn` (or
:func:`~dicelab.engine.reroll.solve_turn_locked` for ``reroll_set_aside=False``)
whose stopping value on final dice ``o`` is the best of the outcomes that
:func:`dicelab.games.dripeul.resolutions` allows — the game's own rule::

    final[o, (m, t)] = max over outcomes of  V[m - removed, t]   (tokens removed)
                                             V[m, t - 1]         (failure; 0 on X)
                                             V[m, min(4, t + 1)] (suite bonus)

Removing tokens lowers ``popcount(m)`` and a failure lowers ``t``, so without
the suite bonus ``V`` is solved exactly in 10 batched turn solves, one per
wavefront ``popcount(m) + t``.  With the bonus the boards of one mask depend on
each other; each layer of masks is then iterated to a fixed point (changes
below 1e-13, from below: the values only grow).

The table holds every board at once, so it answers every level; it is cached
per (``reroll_set_aside``, ``straight_bonus``, ``last_six``).  The outcome
tables (what every final roll allows on every board) call the game's rule once
per figure and board — rolls with the same figure resolve alike — and are shared
by both ``reroll_set_aside`` variants (:class:`Options`); the turn solutions that
advice needs are solved on first use (:class:`Table`).

>>> from dicelab.games.dripeul import Rules
>>> round(win_probability(Rules(level=3)), 4)
0.5374

With a brelan of 2 and two rolls left, keeping the brelan and rolling two dice
beats stopping (a carré or quinté may come, the brelan stays):

>>> a = advise((2, 2, 2, 4, 6), rolls_left=2, tokens=(1, 2, 3, 4, 5, 6), level=3)
>>> for c in a.choices[:4]:
...     print(f"{c.label:22} {c['p_win']:.4f}")
keep 2 2 2, roll 2     0.5968
keep 2 2 2 4, roll 1   0.5942
keep 2 2 2 6, roll 1   0.5942
stop                   0.5909
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

import numpy as np

from dicelab.core.dice import (
    Dice,
    is_sub_multiset,
    multisets,
    roll_distribution,
    sort_dice,
    sub_multisets,
    validate_dice,
)
from dicelab.core.errors import DicelabError, IllegalMove
from dicelab.engine.advice import Advice, Choice, deciding, rank
from dicelab.engine.reroll import TurnSolution, solve_turn, solve_turn_locked
from dicelab.games._base import Roll, Stop
from dicelab.games._checks import check_objective, check_rules, check_state, whole
from dicelab.games.dripeul import (
    DICE,
    MAX_TRIANGLE,
    ROLLS,
    SQUARES,
    Outcome,
    Rules,
    State,
    _figure,
    _outcomes,
    check_tokens,
)

LEVELS = MAX_TRIANGLE + 1  # triangles 0..4
BOARDS = 64 * LEVELS  # column c = m * 5 + t
XCOL = BOARDS  # the extra slot of X: value 0
FULL = 63
TOL = 1e-13
OBJECTIVES = ("p_win", "p_turn")
#: The phases in which the player to move has a choice (advice is empty otherwise).
DECISION_PHASES = ("choose", "resolve")


def mask_of(tokens: Iterable[int]) -> int:
    """The 6-bit mask of the squares holding tokens.

    >>> mask_of((1, 2, 6)), mask_of(())
    (35, 0)
    """
    m = 0
    for v in tokens:
        m |= 1 << (v - 1)
    return m


def tokens_of(mask: int) -> tuple[int, ...]:
    """The squares of a mask (inverse of :func:`mask_of`).

    >>> tokens_of(35)
    (1, 2, 6)
    """
    return tuple(v for v in SQUARES if mask >> (v - 1) & 1)


def _rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "Dripeul 5")


def _key(rules: Rules | None) -> tuple[bool, bool, bool]:
    rules = _rules(rules)
    return (rules.reroll_set_aside, rules.straight_bonus, rules.last_six)


def _rules_of(key: tuple[bool, bool, bool]) -> Rules:
    return Rules(reroll_set_aside=key[0], straight_bonus=key[1], last_six=key[2])


@dataclass(frozen=True)
class Options:
    """What each final roll allows on each board, as indices for a vectorised max.

    ``outcomes[o][m]``: the outcomes of outcome ``o`` on mask ``m`` (the game's
    :func:`~dicelab.games.dripeul.resolutions`); ``index[o, c, j]``: the column
    the j-th outcome leads to from board ``c`` (``XCOL`` for X; padded by
    repetition); ``failure[o, m]`` / ``bonus[o, m]``: the roll is a failure / a
    suite bonus on mask ``m`` (either is then the only outcome).

    The rule reads final dice only through their figure
    (:func:`dicelab.games.dripeul._figure`: how many alike, the figure's name, the brelan
    face, a suite), so rolls with the same figure form one *class* (21 classes for 252
    rolls) and the rule is called once per class and board.  ``cls[o]`` is the class of
    outcome ``o``; ``class_index`` is ``index`` per class (``index = class_index[cls]``,
    built on first use).  :func:`options_reference` builds the same tables the
    straightforward way, one rule call per roll and board.
    """

    outcomes: tuple[tuple[tuple[Outcome, ...], ...], ...]
    class_index: Any
    cls: Any
    failure: Any
    bonus: Any

    @property
    def success(self) -> Any:
        """``[o, m]``: the roll is not a failure (cleared boards count as success)."""
        return ~self.failure

    @cached_property
    def index(self) -> Any:
        """``[o, c, j]``: the column of the j-th outcome of roll ``o`` from board ``c``."""
        index = self.class_index[self.cls]
        index.setflags(write=False)
        return index


def _board_tables(per: list[tuple[tuple[Outcome, ...], ...]]) -> tuple[Any, Any, Any]:
    """``(index, failure, bonus)`` from ``per[i][m]``, the outcomes of row ``i`` on mask
    ``m`` (``per[i][0]`` is the cleared board): see :class:`Options`."""
    width = max(len(r) for row in per for r in row)
    kind = np.zeros((len(per), 64), dtype=np.int64)  # 0 remove, 1 failure, 2 bonus, 3 cleared
    kind[:, 0] = 3
    bits = {tuple(v for v in SQUARES if b >> (v - 1) & 1): b for b in range(64)}
    rows: list[list[int]] = []
    pad = [list(range(width))] + [[j % w for j in range(width)] for w in range(1, width + 1)]
    for i, row in enumerate(per):
        rows.append([0] * width)
        for m in range(1, 64):
            res = row[m]
            first = res[0]
            if first.removed:
                nm = [m & ~bits[x.removed] for x in res]
                rows.append([nm[j] for j in pad[len(nm)]])
            else:
                rows.append([m] * width)
                kind[i, m] = 2 if first.bonus else 1
    newmask = np.array(rows, dtype=np.int64).reshape(len(per), 64, width)
    t = np.arange(LEVELS)[None, None, :, None]
    m = np.arange(64)[None, :, None, None]
    k = kind[:, :, None, None]
    nm = newmask[:, :, None, :]
    index = np.where(
        k == 0,
        nm * LEVELS + t,
        np.where(
            k == 1,
            np.where(t > 0, m * LEVELS + t - 1, XCOL),
            np.where(k == 2, m * LEVELS + np.minimum(t + 1, MAX_TRIANGLE), m * LEVELS + t),
        ),
    )
    index = np.ascontiguousarray(np.broadcast_to(index, (len(per), 64, LEVELS, width)))
    index = index.reshape(len(per), BOARDS, width)
    failure, bonus = kind == 1, kind == 2
    for arr in (index, failure, bonus):
        arr.setflags(write=False)
    return index, failure, bonus


def options(key: tuple[bool, bool, bool]) -> Options:
    """The cached :class:`Options` of a rules variant, built from the game's own rule.

    Only the resolution variants (``straight_bonus``, ``last_six``) matter: both
    ``reroll_set_aside`` variants share one table.
    """
    return _options(key[1], key[2])


@cache
def _options(straight_bonus: bool, last_six: bool) -> Options:
    rules = Rules(straight_bonus=straight_bonus, last_six=last_six)
    outs = multisets(DICE)
    figures: dict[Any, int] = {}
    reps: list[Dice] = []
    cls = []
    for o in outs:
        f = _figure(o)
        if f not in figures:
            figures[f] = len(reps)
            reps.append(o)
        cls.append(figures[f])
    boards = [tokens_of(m) for m in range(64)]
    per = [((),) + tuple(_outcomes(r, boards[m], rules) for m in range(1, 64)) for r in reps]
    class_index, cfail, cbonus = _board_tables(per)
    c = np.array(cls, dtype=np.int64)
    failure, bonus = cfail[c], cbonus[c]
    for arr in (c, failure, bonus):
        arr.setflags(write=False)
    return Options(tuple(per[i] for i in cls), class_index, c, failure, bonus)


def options_reference(key: tuple[bool, bool, bool]) -> tuple[Any, Any, Any, Any]:
    """``(outcomes, index, failure, bonus)`` of :class:`Options` the straightforward way: the
    game's rule called for every roll and board (16,000 calls).  Slow; the tests' oracle for
    :func:`options` and the benchmark's baseline."""
    rules = _rules_of(key)
    boards = [tokens_of(m) for m in range(64)]
    per = [((),) + tuple(_outcomes(o, boards[m], rules) for m in range(1, 64))
           for o in multisets(DICE)]
    return (tuple(per), *_board_tables(per))


@dataclass(frozen=True)
class Table:
    """The solved boards of one rules variant (every level at once).

    ``V[m, t]``: P(clear the manche) at the start of a turn; ``turn``: the turn
    solution of every board (column ``m * 5 + t``; stopping value = best
    outcome); ``p_turn``: the turn solution of "not a failure" per mask;
    ``iterations``: Newton (policy) iterations used for the suite bonus (0
    when the boards are acyclic).  ``turn`` and ``p_turn`` (what advice needs) are
    solved from ``V`` on first use: a headline number needs ``V`` only.
    """

    key: tuple[bool, bool, bool]
    V: Any
    iterations: int

    @cached_property
    def turn(self) -> TurnSolution:
        """The turn solution of every board (see the class docstring)."""
        vext = np.append(self.V.ravel(), 0.0)  # column XCOL: X
        return _solver(self.key)(DICE, _finals(options(self.key), vext, np.arange(BOARDS)),
                                 ROLLS)

    @cached_property
    def p_turn(self) -> TurnSolution:
        """The turn solution of "not a failure", one column per mask."""
        return _solver(self.key)(DICE, options(self.key).success.astype(float), ROLLS)


def _solver(key: tuple[bool, bool, bool]) -> Any:
    return solve_turn if key[0] else solve_turn_locked


def _finals(opt: Options, vext: Any, cols: Any) -> Any:
    """``[o, i]``: the best value of final roll ``o`` on board ``cols[i]`` (one max per class
    of rolls, then spread to the rolls)."""
    return vext[opt.class_index[:, cols, :]].max(axis=2)[opt.cls]


EPS = 1e-6


def _newton_layer(opt: Options, solver: Any, vext: Any, cols: Any) -> int:
    """Solve the boards ``cols`` of one layer (same token count) to their fixed point.

    With the suite bonus, board ``(m, t)`` depends on ``(m, t - 1)`` (failure)
    and ``(m, min(4, t + 1))`` (suite).  For the policy that is optimal at the
    current values the turn value is linear in those two: its slopes (the
    probabilities of ending the turn in a failure / a suite) come from the same
    batched solve with the failure / suite values nudged by ``EPS``, and each
    mask's five values are then updated by one 5×5 linear solve (a Newton step,
    i.e. policy iteration).  Stops when the values change by less than ``TOL``.
    """
    masks = cols[::LEVELS] // LEVELS
    n = len(cols)
    fail = opt.failure[:, np.repeat(masks, LEVELS)].astype(float)
    fail[:, ::LEVELS] = 0.0  # a failure from triangle 0 lands on X: a constant
    bonus = opt.bonus[:, np.repeat(masks, LEVELS)].astype(float)
    eye = np.eye(LEVELS)
    rows = np.arange(LEVELS)
    for it in range(1, 100):
        f0 = _finals(opt, vext, cols)
        start = solver(DICE, np.concatenate([f0, f0 + EPS * fail, f0 + EPS * bonus], axis=1),
                       ROLLS).start
        fx = start[:n].reshape(-1, LEVELS)
        b = ((start[n : 2 * n] - start[:n]) / EPS).reshape(-1, LEVELS)
        c = ((start[2 * n :] - start[:n]) / EPS).reshape(-1, LEVELS)
        B = np.zeros((len(masks), LEVELS, LEVELS))
        B[:, rows[1:], rows[:-1]] = b[:, 1:]
        B[:, rows, np.minimum(rows + 1, MAX_TRIANGLE)] += c
        x = vext[cols].reshape(-1, LEVELS)
        rhs = fx - np.einsum("mij,mj->mi", B, x)
        new = np.linalg.solve(eye[None] - B, rhs[..., None])[..., 0]
        new = np.maximum(new, fx)  # values only grow from below: never step back
        change = float(np.abs(new - x).max())
        vext[cols] = new.ravel()
        if change < TOL:
            return it
    raise RuntimeError("the suite-bonus fixed point did not converge")  # pragma: no cover


@cache
def solve_win(key: tuple[bool, bool, bool]) -> Table:
    """Solve every board of a rules variant (cached; see the module docstring)."""
    opt = options(key)
    solver = _solver(key)
    vext = np.zeros(BOARDS + 1)
    vext[:LEVELS] = 1.0  # mask 0: cleared
    pop = np.array([bin(m).count("1") for m in range(64)])
    board_pop = np.repeat(pop, LEVELS)
    board_t = np.tile(np.arange(LEVELS), 64)
    iterations = 0
    if not key[1]:
        for d in range(1, 6 + LEVELS):  # wavefronts popcount + t: exact, no cycle
            cols = np.flatnonzero((board_pop > 0) & (board_pop + board_t == d))
            vext[cols] = solver(DICE, _finals(opt, vext, cols), ROLLS).start
    else:
        for k in range(1, 7):  # layers by token count; each layer's boards are cyclic
            iterations += _newton_layer(opt, solver, vext, np.flatnonzero(board_pop == k))
    V = vext[:BOARDS].reshape(64, LEVELS).copy()
    V.setflags(write=False)
    return Table(key, V, iterations)


def table(rules: Rules | None = None) -> Table:
    """The solved table of ``rules``' variant (cached: instant after the first call)."""
    return solve_win(_key(rules))


def clear_caches() -> None:
    """Forget every solved table (for cold benchmarks)."""
    solve_win.cache_clear()
    _options.cache_clear()


# ------------------------------------------------------------------ headline numbers
def _check_level(level: Any) -> int:
    return whole("level", level, 0, MAX_TRIANGLE)


def win_probability(rules: Rules | None = None) -> float:
    """P(clear one manche) from ``rules.level``, playing to maximise it.

    >>> [round(win_probability(Rules(level=lv)), 4) for lv in (4, 3, 2, 1, 0)]
    [0.6778, 0.5374, 0.3711, 0.2013, 0.0656]
    """
    rules = _rules(rules)
    return _prob(table(rules).V[FULL, rules.level])


def game_win_probability(rules: Rules | None = None) -> float:
    """Solo (D7): P(never reaching X in any of ``rules.manches`` manches) = P(clear)^manches.

    Each manche starts afresh (six tokens, the level's triangle), so they are independent.

    >>> round(game_win_probability(Rules(level=4, manches=1)), 4)
    0.6778
    >>> round(game_win_probability(Rules(level=4)), 4)  # 0.6778 ** 3
    0.3114
    """
    rules = _rules(rules)
    return win_probability(rules) ** rules.manches


def start_value(tokens: Iterable[int], level: int, rules: Rules | None = None) -> float:
    """P(clear the manche) at the start of a turn, before rolling, from this board.

    >>> start_value((), 0), round(start_value((6,), 0), 4)
    (1.0, 0.4452)
    """
    rules = _rules(rules)
    ts = check_tokens(tokens)
    return _prob(table(rules).V[mask_of(ts), _check_level(level)])


def p_turn_start(tokens: Iterable[int], rules: Rules | None = None) -> float:
    """P(this turn is not a failure) before the first roll, playing for it.

    >>> round(p_turn_start(SQUARES), 4)
    0.7432
    """
    rules = _rules(rules)
    ts = check_tokens(tokens)
    return _prob(table(rules).p_turn.start[mask_of(ts)])


# ------------------------------------------------------------------------- advice
def _prob(x: Any) -> float:
    """A probability as a float, rounding noise clipped to [0, 1]."""
    return min(1.0, max(0.0, float(x)))


def _show(dice: Dice) -> str:
    return " ".join(map(str, dice)) or "—"


def _describe_keep(keep: Dice) -> str:
    rolled = DICE - len(keep)
    if not keep:
        return "roll all 5"
    return f"keep {' '.join(map(str, keep))}, roll {rolled}"


def advise(
    dice: Iterable[int],
    *,
    rolls_left: int,
    tokens: Iterable[int] = SQUARES,
    level: int,
    rules: Rules | None = None,
    locked: Iterable[int] = (),
    objective: str = "p_win",
) -> Advice:
    """Every distinct keep of ``dice`` with ``p_turn`` and ``p_win``, best first.

    ``rolls_left``: rolls still allowed this turn (0, 1 or 2 once dice are
    shown); ``tokens``: squares still holding a token; ``level``: the current
    triangle (0..4); ``locked``: dice that may not be re-rolled
    (``reroll_set_aside=False``).  Keeping every die is ``Stop()``; with
    ``rolls_left=0`` it is the only choice.  ``p_turn``: the best probability
    that this turn is not a failure after that keep; ``p_win``: P(clear the
    manche) with optimal play.  Ranked by ``objective`` (``"p_win"`` or
    ``"p_turn"``); ``loss`` is against the best.

    >>> a = advise((1, 1, 2, 3, 5), rolls_left=1, tokens=(1, 4), level=0)
    >>> a.best.keep, round(a.best["p_win"], 4), round(a.best["p_turn"], 4)
    ((1, 1), 0.1922, 0.4259)
    >>> len(a), a.find(Stop())["p_win"]
    (24, 0.0)
    """
    check_objective(objective, OBJECTIVES)
    rules = _rules(rules)
    shown = sort_dice(validate_dice(dice, DICE))
    rolls_left = whole("rolls_left", rolls_left, 0, ROLLS - 1)
    ts = check_tokens(tokens)
    if not ts:
        raise IllegalMove("every token is already removed: the manche is cleared")
    level = _check_level(level)
    lock = sort_dice(validate_dice(locked, what="locked dice"))
    if lock and rules.reroll_set_aside:
        raise DicelabError("locked dice only exist with the variant reroll_set_aside=False")
    if not is_sub_multiset(lock, shown):
        raise DicelabError("the locked dice {locked} are not among the dice {dice}",
                           locked=_show(lock), dice=_show(shown))
    tab = table(rules)
    m = mask_of(ts)
    col = m * LEVELS + level
    win = tab.turn.keep_values(shown, rolls_left, lock)
    turn = tab.p_turn.keep_values(shown, rolls_left, lock)
    choices = []
    for keep, pw in win.items():
        stop = len(keep) == DICE
        choices.append(
            Choice(
                keep,
                Stop() if stop else Roll(keep),
                "stop" if stop else _describe_keep(keep),
                {"p_win": _prob(pw[col]), "p_turn": _prob(turn[keep][m])},
            )
        )
    return Advice(objective, True, rank(choices, objective, True))


def advise_resolution(
    dice: Iterable[int], *, tokens: Iterable[int], level: int, rules: Rules | None = None
) -> Advice:
    """Which token(s) to take with final ``dice``: every outcome with ``p_win``, best first.

    ``p_win`` is P(clear the manche) from the board the outcome leaves (the
    next turn's start value); ``p_turn`` is 1 unless the outcome is a failure.

    With ``last_six`` a carré should take the 6 first (a brelan of 6 can then
    take the last token):

    >>> a = advise_resolution((3, 3, 3, 3, 1), tokens=(1, 3, 6), level=2,
    ...                       rules=Rules(last_six=True))
    >>> a.best.action.choice, round(a.best["p_win"], 4)
    (6, 0.7682)

    Taking the 1 or the 3 leaves boards that mirror each other: an exact tie (their
    order is rounding noise).

    >>> sorted((c.action.choice, round(c["p_win"], 4)) for c in a.choices[1:])
    [(1, 0.7475), (3, 0.7475)]
    """
    rules = _rules(rules)
    shown = sort_dice(validate_dice(dice, DICE))
    ts = check_tokens(tokens)
    if not ts:
        raise IllegalMove("every token is already removed: the manche is cleared")
    level = _check_level(level)
    V = table(rules).V
    m = mask_of(ts)
    choices = []
    for out in _outcomes(shown, ts, rules):
        if out.bonus:
            pw = V[m, min(MAX_TRIANGLE, level + 1)]
        elif out.failure:
            pw = V[m, level - 1] if level > 0 else 0.0
        else:
            pw = V[m & ~mask_of(out.removed), level]
        choices.append(Choice(shown, out.action, out.describe(lang="en"),
                              {"p_win": _prob(pw), "p_turn": float(not out.failure)}))
    return Advice("p_win", True, rank(choices, "p_win", True))


def advise_solo(state: State, objective: str | None = None) -> Advice:
    """Solo advice for the player to move: keeps while rolling, tokens when resolving,
    ranked by ``objective`` (one of :data:`OBJECTIVES`; default ``p_win``), the numbers of
    the player's own manche (``kind="solo"``, ``players`` set, so with several players the
    overlay says "solo odds"); :func:`dicelab.engine.dripeul.advise_state` chooses between
    this and the two-player advice.

    Empty (no choices) when there is nothing to choose: before the first roll,
    while dice are being rolled, or once the game is over.

    >>> from dicelab.games import dripeul
    >>> s = dripeul.new_state(dripeul.Rules(), 1)
    >>> s, _ = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 2, 2, 4, 6))
    >>> a = advise_solo(s)
    >>> a.best.label, round(a.best["p_win"], 4)
    ('keep 2 2 2, roll 2', 0.5968)
    """
    check_state(State, state, "Dripeul 5")
    objective = check_objective("p_win" if objective is None else objective, OBJECTIVES,
                                error=IllegalMove)
    if not deciding(state, DECISION_PHASES):
        return Advice(objective, True, (), players=state.players)
    p = state.current_player
    if state.phase == "resolve":
        a = advise_resolution(state.dice, tokens=state.tokens[p], level=state.triangle[p],
                              rules=state.rules)
        if objective != "p_win":
            a = Advice(objective, True, rank(a.choices, objective, True))
        return replace(a, players=state.players)
    a = advise(state.dice, rolls_left=state.rolls_left, tokens=state.tokens[p],
               level=state.triangle[p], rules=state.rules, locked=state.locked,
               objective=objective)
    return replace(a, players=state.players)


# ------------------------------------------------ plain reference (tests, baseline)
def reference_turn(final: dict[Dice, Any], rolls: int = ROLLS, *, locked_variant: bool = False,
                   exact: bool = False) -> Any:
    """The start value of a turn by plain memoised recursion over multisets (no numpy).

    ``final`` maps every sorted outcome of 5 dice to its stopping value.  With
    ``exact=True`` the roll probabilities are :class:`~fractions.Fraction`.  The
    straightforward oracle for tests and the benchmark baseline.

    >>> ok = {o: Fraction(int(max(o.count(v) for v in o) >= 3)) for o in multisets(5)}
    >>> reference_turn(ok, exact=True)
    Fraction(234053, 314928)
    """
    dist = {k: roll_distribution(k) for k in range(DICE + 1)}
    if not exact:
        dist = {k: {r: float(p) for r, p in d.items()} for k, d in dist.items()}
    memo_v: dict[Any, Any] = {}
    memo_k: dict[Any, Any] = {}

    def value(shown: Dice, lock: Dice, left: int) -> Any:
        key = (shown, lock, left)
        if key not in memo_v:
            best = final[shown]
            if left:
                for keep in sub_multisets(shown):
                    if len(keep) < DICE and (not lock or is_sub_multiset(lock, keep)):
                        kv = keep_value(keep, left)
                        if kv > best:
                            best = kv
            memo_v[key] = best
        return memo_v[key]

    def keep_value(keep: Dice, left: int) -> Any:
        key = (keep, left)
        if key not in memo_k:
            lock = keep if locked_variant else ()
            memo_k[key] = sum(
                p * value(tuple(sorted(keep + r)), lock, left - 1)
                for r, p in dist[DICE - len(keep)].items()
            )
        return memo_k[key]

    return sum(p * value(r, (), rolls - 1) for r, p in dist[DICE].items())


def p_turn_exact(tokens: Iterable[int], rules: Rules | None = None) -> Fraction:
    """Exact P(this turn is not a failure) before the first roll, playing for it.

    >>> p_turn_exact((6,))
    Fraction(726829127, 1632586752)
    """
    rules = _rules(rules)
    ts = check_tokens(tokens)
    final = {o: Fraction(int(any(not x.failure for x in _outcomes(o, ts, rules))))
             for o in multisets(DICE)}
    return reference_turn(final, locked_variant=not rules.reroll_set_aside, exact=True)


def reference_table(
    rules: Rules | None = None, max_tokens: int = 6, masks: Iterable[int] | None = None
) -> dict[tuple[int, int], float]:
    """``V[m, t]`` for every board with at most ``max_tokens`` tokens, by plain recursion.

    Boards are solved in order (fewer tokens, then lower triangle); with the
    suite bonus each mask's five boards are swept until they change by less
    than 1e-13.  ``masks`` restricts the solve (they must include every mask
    they can reach).  Slow (seconds): the benchmark baseline and a test oracle.
    """
    rules = Rules() if rules is None else rules
    V: dict[tuple[int, int], float] = {(0, t): 1.0 for t in range(LEVELS)}
    outs = multisets(DICE)
    chosen = range(1, 64) if masks is None else masks
    masks = sorted((m for m in chosen if bin(m).count("1") <= max_tokens),
                   key=lambda m: bin(m).count("1"))

    def val(m: int, t: int) -> float:
        return 0.0 if t < 0 else V.get((m, t), 0.0)

    for m in masks:
        ts = tokens_of(m)
        res = {o: _outcomes(o, ts, rules) for o in outs}
        while True:
            change = 0.0
            for t in range(LEVELS):
                final = {}
                for o in outs:
                    best = 0.0
                    for out in res[o]:
                        if out.bonus:
                            v = val(m, min(MAX_TRIANGLE, t + 1))
                        elif out.failure:
                            v = val(m, t - 1)
                        else:
                            v = val(m & ~mask_of(out.removed), t)
                        best = max(best, v)
                    final[o] = best
                new = reference_turn(final, locked_variant=not rules.reroll_set_aside)
                change = max(change, abs(new - val(m, t)))
                V[(m, t)] = new
            if not rules.straight_bonus or change < TOL:
                break
    return V


__all__ = [
    "Options",
    "Table",
    "advise",
    "DECISION_PHASES",
    "OBJECTIVES",
    "advise_resolution",
    "advise_solo",
    "clear_caches",
    "game_win_probability",
    "mask_of",
    "p_turn_exact",
    "p_turn_start",
    "reference_table",
    "reference_turn",
    "start_value",
    "table",
    "tokens_of",
    "win_probability",
]


def keep_outcomes(
    keep: Iterable[int],
    *,
    rolls_left: int,
    tokens: Iterable[int] = SQUARES,
    level: int,
    rules: Rules | None = None,
) -> dict[Dice, float]:
    """Distribution of the turn's final dice after ``keep``, then optimal play (``p_win``).

    ``rolls_left`` as in :func:`advise` (keeping all five dice is stopping).  The coach
    reads how often the turn succeeds, and what the successes are, from it.

    >>> d = keep_outcomes((2, 2, 2), rolls_left=1, tokens=(1, 2, 3, 4, 5, 6), level=3)
    >>> round(sum(d.values()), 12), round(d[(2, 2, 2, 2, 2)], 4)  # 1/36
    (1.0, 0.0278)
    """
    rules = Rules() if rules is None else rules
    from dicelab.engine.reroll import final_distribution

    col = mask_of(check_tokens(tokens)) * LEVELS + _check_level(level)
    return final_distribution(table(rules).turn, keep, rolls_left, col,
                              locked_variant=not rules.reroll_set_aside)
