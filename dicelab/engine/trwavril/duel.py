"""Trwavril for two players, played to win.

The state at the start of a turn: the mover's board (barred cards, a 6-bit mask ``m``)
and parapluies ``u``, the opponent's ``M`` and ``v``.  ``W[u, v][m, M]`` is the mover's
probability of winning, both maximising their own chance.  Final dice ``o`` are worth

* ``max`` over the cards ``c`` they allow (:func:`dicelab.games.trwavril.flippable`,
  the engine's outcome table) of ``1`` if ``m ^ c`` bars all six (the mover wins at
  once), else ``1 - W[v, u][M, m ^ c]`` (the opponent's turn);
* a miss: ``0`` if it turns the mover's last parapluie (out: the opponent wins), else
  ``1 - W[v, u - 1][M, m]``.

The turn itself is :func:`dicelab.engine.reroll.solve_turn` with one column per pair of
boards (63 x 63 of them).  A miss lowers ``u + v``, so the levels are solved by
increasing total parapluies; within a level, ``W[u, v]`` and ``W[v, u]`` depend on each
other through the flips (a flip toggles, boards come back) and are solved by value
iteration, alternating the two (Gauss-Seidel).  Every turn misses with probability at
least ``1 - p_turn_start`` (about 0.42), whatever the players do, so each sweep shrinks
the error by a factor 0.58 or better; sweeps stop when no value moves by more than
``1e-14``.  ``W[u, v]`` does not depend on the parapluies the game started with, so one
solve serves every difficulty.

>>> from dicelab.games.trwavril import Rules
>>> round(duel_win_probability(Rules(parapluies=1)), 4)  # the first to play is behind
0.3663
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.errors import IllegalMove, brief
from dicelab.core.i18n import N_
from dicelab.engine.advice import Advice, deciding, rank
from dicelab.engine.race import check_seat, load_table, save_table, seat_pair, table_ready
from dicelab.engine.race import table_meta as _meta
from dicelab.engine.reroll import final_distribution, solve_turn
from dicelab.engine.trwavril import solo as solo
from dicelab.games._checks import check_rules
from dicelab.games.trwavril import DICE, ROLLS, Rules, State, validate_barred

__all__ = ["DuelSolution", "advise_duel", "clear_caches", "duel_ready", "duel_table",
           "duel_win_probability", "keep_outcomes", "resolution_advice", "shipped_tables",
           "solve_duel", "warm"]

WON = solo.WON
MAXU = 4
_PAIRS = np.arange(WON * WON)
_M_OF = _PAIRS // WON  # mover's mask of each column
_O_OF = _PAIRS % WON  # opponent's mask


@dataclass(frozen=True)
class DuelSolution:
    """``W[u, v, m, M]`` (``u, v`` = 1..4; index 0 unused), sweeps, seconds."""

    straight: str
    W: np.ndarray
    sweeps: int
    seconds: float


def _finals(straight: str, W_other: np.ndarray, W_low: np.ndarray | None) -> np.ndarray:
    """Stopping values of every outcome (rows) on every pair of boards (columns ``m*63+M``).

    ``W_other[M, m']``: the opponent's values after a flip; ``W_low[M, m]``: after a miss
    (``None``: the miss turns the last parapluie)."""
    allowed, miss = solo._outcome_table(straight)
    ext = np.vstack([1.0 - W_other.T, np.ones((1, WON))])  # ext[m', M]: mine after a flip
    after = ext[solo._NEXT]  # (6 cards, 63 m, 63 M)
    after = after.reshape(len(solo._NEXT), -1)  # (6, pairs)
    vals = np.where(allowed[:, :, None], after[None], -1.0).max(axis=1)  # (outcomes, pairs)
    low = np.zeros(WON * WON) if W_low is None else (1.0 - W_low.T).reshape(-1)
    vals[miss] = low[None, :]
    return vals


def _finals_one(straight: str, W_other: np.ndarray, W_low: np.ndarray | None, m: int,
                M: int) -> np.ndarray:
    """The column ``m * 63 + M`` of :func:`_finals` alone (live advice: the same maxima of
    the same values, for one pair of boards).

    >>> from dicelab.games.trwavril import Rules
    >>> W = duel_table(Rules())
    >>> bool(np.array_equal(_finals_one("four", W[2, 3], W[2, 2], 5, 9),
    ...                     _finals("four", W[2, 3], W[2, 2])[:, 5 * WON + 9]))
    True
    """
    allowed, miss = solo._outcome_table(straight)
    ext = np.append(1.0 - W_other[M], 1.0)  # mine after a flip to m' (all six: won)
    vals = np.where(allowed, ext[solo._NEXT[:, m]][None, :], -1.0).max(axis=1)
    vals[miss] = 0.0 if W_low is None else 1.0 - W_low[M, m]
    return vals


def _sweep(straight: str, W_other: np.ndarray, W_low: np.ndarray | None) -> np.ndarray:
    f = _finals(straight, W_other, W_low)
    return np.asarray(solve_turn(DICE, f, ROLLS).start).reshape(WON, WON)


_CACHE: dict[str, DuelSolution] = {}


def clear_caches() -> None:
    """Forget every solved duel."""
    _CACHE.clear()
    _turn.cache_clear()


def table_name(rules: Rules) -> str:
    """File name of the shipped table of ``rules.straight`` (``dicelab/data/``)."""
    return f"duel_trwavril_{rules.straight}.npz"


#: Version of this two-player engine, recorded in both shipped Trwavril tables: raise it
#: whenever a change to the Trwavril rules (:mod:`dicelab.games.trwavril`) or to this solver
#: changes their values, then rebuild the tables (``make tables``).
ENGINE_VERSION = 1


def table_meta(rules: Rules) -> dict[str, Any]:
    """The metadata of the shipped table of ``rules.straight`` (every board of up to
    ``MAXU`` parapluies each: the rules it records are the default ones with that straight
    ruling), see :func:`dicelab.engine.race.table_meta`.

    >>> table_meta(Rules(parapluies=1))["rules"]
    {'parapluies': 4, 'straight': 'four'}
    """
    return _meta("trwavril", Rules(straight=rules.straight), ENGINE_VERSION)


def _shape() -> tuple[int, ...]:
    return (MAXU + 1, MAXU + 1, WON, WON)


def _unplayed() -> np.ndarray:
    """Where ``W`` is ``nan``: a board without a parapluie (``W[0]``, ``W[:, 0]``: the game
    is over), so that a file whose values are not all numbers elsewhere is refused."""
    out = np.zeros(_shape(), dtype=bool)
    out[0] = True
    out[:, 0] = True
    return out


def solve_duel(rules: Rules | None = None, *, max_u: int = MAXU, tol: float = 1e-14,
               gauss_seidel: bool = True, use_table: bool = True) -> DuelSolution:
    """Solve two-player Trwavril for every pair of boards with up to ``max_u`` parapluies
    each (cached per straight ruling; ``max_u < 4``: tests, not cached).  The shipped
    table (:mod:`dicelab.tools.build_tables`) is read when there is one and ``use_table``.
    ``gauss_seidel=False``: each sweep uses only the previous sweep's values (baseline)."""
    rules = check_rules(Rules, rules, "Trwavril")
    st = rules.straight
    full = max_u == MAXU and gauss_seidel
    if full and use_table and st in _CACHE:
        return _CACHE[st]
    if full and use_table:
        T = load_table(table_name(rules), table_meta(rules), _shape(), nan_at=_unplayed(),
                       ships=True)
        if T is not None:
            _CACHE[st] = DuelSolution(st, T, 0, 0.0)
            return _CACHE[st]
    t0 = time.perf_counter()
    W = np.full((MAXU + 1, MAXU + 1, WON, WON), np.nan)
    sweeps = 0
    for total in range(2, 2 * max_u + 1):
        progress.step(total - 2, 2 * max_u - 1)  # a bar; raises Cancelled if asked
        for u in range(1, max_u + 1):
            v = total - u
            if not 1 <= v <= max_u or v < u:
                continue
            low_uv = W[v, u - 1] if u > 1 else None  # my miss: opponent to play at (v, u-1)
            low_vu = W[u, v - 1] if v > 1 else None
            a = np.full((WON, WON), 0.5)  # W[u, v]
            b = a if u == v else np.full((WON, WON), 0.5)  # W[v, u]
            for _ in range(10_000):
                sweeps += 1
                a2 = _sweep(st, b, low_uv)
                b2 = a2 if u == v else _sweep(st, a2 if gauss_seidel else a, low_vu)
                delta = max(float(np.max(np.abs(a2 - a))), float(np.max(np.abs(b2 - b))))
                a, b = a2, b2
                if delta < tol:
                    break
            W[u, v], W[v, u] = a, b
    W.setflags(write=False)
    sol = DuelSolution(st, W, sweeps, time.perf_counter() - t0)
    if full:
        _CACHE[st] = sol
        if use_table:  # the next kernel reads it (not the table builder's own solves)
            save_table(table_name(rules), W, rules, table_meta(rules))
    return sol


def duel_ready(rules: Rules | None = None) -> bool:
    """Whether the two-player table of ``rules``' straight ruling is at hand (both rulings
    ship one, see :mod:`dicelab.tools.build_tables`), so that advice costs milliseconds.

    >>> duel_ready(), duel_ready(Rules(straight="as_written"))
    (True, True)
    """
    rules = check_rules(Rules, rules, "Trwavril")
    return rules.straight in _CACHE or table_ready(table_name(rules), table_meta(rules),
                                                   _shape(), nan_at=_unplayed())


def duel_table(rules: Rules | None = None) -> np.ndarray:
    """``W[u, v, m, M]`` (read-only): the mover's win probability at the start of their
    turn, ``u``/``v`` parapluies (1..4) and barred-card masks ``m``/``M`` (0..62)."""
    return solve_duel(rules).W


def _boards(barred: Any, parapluies: Any, rules: Rules) -> tuple[tuple[int, int], tuple[int, int]]:
    bs = seat_pair(barred, N_("barred must be two collections of cards; got {barred}"),
                   "barred")
    masks = tuple(solo.mask_of(validate_barred(b)) for b in bs)
    if parapluies is None:
        parapluies = (rules.parapluies, rules.parapluies)
    message = N_("parapluies must be two numbers 0 to 4; got {parapluies}")
    ps = seat_pair(parapluies, message, "parapluies")
    if any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 4
                           for x in ps):
        raise IllegalMove(message, parapluies=brief(parapluies))
    return masks, ps  # type: ignore[return-value]


def duel_win_probability(rules: Rules | None = None, barred: Any = ((), ()),
                         parapluies: Any = None, to_play: int = 0) -> float:
    """Probability that seat ``to_play`` wins two-player Trwavril at the start of its turn,
    with each seat's barred cards and parapluies left (``None``: both full), both playing
    to win.  A seat with all six barred has won; a seat with no parapluie is out.

    >>> duel_win_probability(barred=((1, 2, 3, 4, 5, 6), ()), to_play=1)
    0.0
    """
    rules = check_rules(Rules, rules, "Trwavril")
    check_seat(to_play)
    (m0, m1), (u0, u1) = _boards(barred, parapluies, rules)
    m, M = (m0, m1) if to_play == 0 else (m1, m0)
    u, v = (u0, u1) if to_play == 0 else (u1, u0)
    if m == WON or v == 0:
        return 1.0
    if M == WON or u == 0:
        return 0.0
    return float(solve_duel(rules).W[u, v, m, M])


# ------------------------------------------------------------------ advice
@lru_cache(maxsize=64)
def _turn(straight: str, u: int, v: int, m: int, M: int) -> Any:
    """The mover's optimal turn on one pair of boards (one column)."""
    W = solve_duel(Rules(straight=straight)).W
    f = _finals_one(straight, W[v, u], W[v, u - 1] if u > 1 else None, m, M)
    return solve_turn(DICE, f, ROLLS), f


def warm(rules: Rules | None = None) -> bool:
    """Get two-player advice of ``rules`` ready (the apps call it when a two-player game
    starts): read the shipped table of its straight ruling and build what every advice
    needs (the outcome table, the solo solutions the secondary numbers come from), so that
    the first advice costs milliseconds rather than the few hundred of a cold start.
    Returns ``True`` (both straight rulings ship their table).

    >>> warm()
    True
    """
    rules = check_rules(Rules, rules, "Trwavril")
    for rolls_left in (2, 1):  # the outcome and keep tables, the solo solutions
        solo.advise((1, 2, 3, 5), rolls_left=rolls_left, barred=(), parapluies=MAXU,
                    rules=rules)
    solo._level(rules.straight, MAXU)  # every parapluie count below it too
    _turn(rules.straight, rules.parapluies, rules.parapluies, 0, 0)  # the table; the 1st turn
    return True


def _position(state: State) -> tuple[int, int, int, int]:
    """``(u, v, m, M)`` of the player to move in ``state``."""
    p = state.current_player
    o = 1 - p
    return (state.parapluies[p], state.parapluies[o], solo.mask_of(state.barred[p]),
            solo.mask_of(state.barred[o]))


def keep_outcomes(state: State, keep: Any) -> dict[tuple[int, ...], float]:
    """Distribution of the turn's final dice after ``keep`` in two-player ``state``, the
    rest of the turn played to win (``p_duel``): what the coach reads how often the turn
    succeeds from, with two players.

    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(Rules(), 2)
    >>> s, _ = trwavril.roll_outcome(trwavril.step(s, trwavril.Roll(()))[0], (5, 5, 2, 5))
    >>> d = keep_outcomes(s, (5, 5, 5))
    >>> round(sum(d.values()), 12), keep_outcomes(s, (2, 5, 5, 5))
    (1.0, {(2, 5, 5, 5): 1.0})
    """
    u, v, m, M = _position(state)
    sol, _ = _turn(state.rules.straight, u, v, m, M)
    return final_distribution(sol, keep, state.rolls_left)


def resolution_advice(state: State, dice: Any) -> Advice:
    """The cards final ``dice`` allow the player to move in two-player ``state`` to flip,
    each with ``p_duel`` afterwards, best first: the card the two-player engine flips (a
    miss has no choice: empty advice).

    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(Rules(), 2)
    >>> [c.action.choice for c in resolution_advice(s, (3, 4, 5, 6))][:1]
    [6]
    """
    u, v, m, M = _position(state)
    W = solve_duel(state.rules).W
    base = solo.advise_resolution(dice, barred=state.barred[state.current_player],
                                  parapluies=u, rules=state.rules)
    choices = []
    for c in base:
        after = m ^ (1 << (c.action.choice - 1))
        pd = 1.0 if after == WON else 1.0 - float(W[v, u, M, after])
        choices.append(replace(c, numbers={**c.numbers, "p_duel": pd}))
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)


def advise_duel(state: State) -> Advice:
    """Two-player advice of a Trwavril state: the solo advice's choices with ``p_duel``
    (cards when resolving: :func:`resolution_advice`), empty when there is nothing to
    choose."""
    if not deciding(state, solo.DECISION_PHASES):
        return Advice("p_duel", True, (), kind="duel", players=2)
    if state.phase == "resolve":
        return resolution_advice(state, state.dice)
    u, v, m, M = _position(state)
    base = solo.advise_solo(state, objective="p_win")
    sol, _ = _turn(state.rules.straight, u, v, m, M)
    vals = sol.keep_values(tuple(sorted(state.dice)), state.rolls_left)
    choices = [replace(c, numbers={**c.numbers, "p_duel": float(vals[c.keep])}) for c in base]
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)


# ------------------------------------------------------------------ the shipped tables
def shipped_tables() -> Iterator[tuple[Rules, str, Callable[[], Any], dict[str, Any]]]:
    """The tables this engine ships (:mod:`dicelab.tools.build_tables`): ``(rules, file
    name, a fresh solve, the metadata)``, one per ruling of the suite (``straight``).

    >>> [t[1] for t in shipped_tables()]
    ['duel_trwavril_four.npz', 'duel_trwavril_as_written.npz']
    """
    for straight in Rules.CHOICES["straight"]:
        rules = Rules(straight=straight)
        yield (rules, table_name(rules),
               lambda r=rules: np.asarray(solve_duel(r, use_table=False).W), table_meta(rules))
