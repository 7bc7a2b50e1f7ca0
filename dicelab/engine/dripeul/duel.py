"""Dripeul 5 for two players: the exact chance of beating the opponent in the manche.

**What is computed.**  In a two-player manche each player's *manche score* is 0 if they
cleared their six squares, else the sum of the squares still holding a token (D6; a
player on X included).  The *duel value* of a position is, for the player to move,
P(my manche score < the opponent's) + 1/2 P(equal), both players playing every keep and
every token choice to maximise exactly that (constant-sum: the two values add up to 1).
With ``Rules(manches=1)`` this is the exact probability of winning the game (lowest
total wins, equal totals share the win); with three manches it is the chance of beating
the opponent in the current manche.  A player who clears beats any player who does not.

**The end of a manche, as the game plays it** (G5, :func:`dicelab.games.dripeul._next_turn`):
seat 0 starts the manche; when seat 0 clears, seat 1 (if still in) plays one last turn —
it ties by clearing too, else loses; when seat 1 clears, the manche ends at once.  A
player on X sits out; the other plays on alone until clearing (a win) or X (then the two
sums of squares left are compared), so even alone the choice of token matters.

**Boards.**  A player's board is the mask of the squares holding a token (64) and the
triangle (X, 0..4): column ``m * 6 + t + 1`` (``t = -1`` is X).  The level only sets the
starting triangle and the suite bonus caps at 4, so one table serves every level.  Tables
(``NB = 384`` boards):

* ``V[s, b, o]``: the duel value for seat ``s`` to move with board ``b``, the opponent's
  board being ``o`` (on X: ``s`` plays alone; cleared, only for ``s = 1``: the last turn);
* ``H[s, x, o]``: the value to seat ``s`` once its turn has left its board at ``x`` — the
  stopping value of a final roll is the best of ``H[s, x, o]`` over the boards ``x`` the
  game's own rule (:func:`dicelab.games.dripeul.resolutions`, through the solo engine's
  tables :func:`dicelab.engine.dripeul.solo.options`) allows.

A turn is the solo engine's batched reroll solve (:func:`~.reroll.solve_turn`, or
:func:`~.reroll.solve_turn_locked` for ``reroll_set_aside=False``), one column per
position.  Without the suite bonus every turn strictly advances its player (a token
removed or a failure), so positions are solved once, exactly, in layers of total
progress (tokens + triangles of both players).  With ``straight_bonus`` a suite moves the
triangle back up: positions with the same tokens depend on each other, and each layer of
equal tokens is swept Gauss–Seidel (lower triangles first) until no value moves by more
than 1e-12.

**No shipped table** (issue 31).  Every variant is solved on first use and saved to the
machine's cache (``V`` only; ``H`` is rebuilt from it on loading).  With numba the
turns of a batch are solved by one compiled call on every core
(:mod:`~dicelab.engine.dripeul.kernel`): on this 2-core machine about 0.15 s for the
default rules, 0.7 s with ``reroll_set_aside=False``, 1.5 s with the suite bonus, 7 s
with both (wall clock; CPU time twice that; numpy alone: 2, 10, 24 and 118 s of CPU).
``python -m dicelab tables --warm`` solves them once per machine.

Seat 0 (first to play) beats seat 1 a little less often than half the time from the start
of a manche, level 3: seat 1's last turn after seat 0 clears makes up for playing second.

>>> from dicelab.games.dripeul import Rules
>>> round(duel_win_probability(Rules()), 4)
0.4995
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.errors import IllegalMove, TableError, brief
from dicelab.core.i18n import N_
from dicelab.engine.advice import Advice, deciding, rank
from dicelab.engine.dripeul import kernel
from dicelab.engine.dripeul import solo as solo
from dicelab.engine.jit import compile_loop
from dicelab.engine.race import check_seat, load_table, save_table, seat_pair
from dicelab.engine.race import table_meta as _meta
from dicelab.engine.reroll import (
    TurnSolution,
    final_distribution,
    solve_turn,
    solve_turn_locked,
)
from dicelab.games._checks import check_rules, whole
from dicelab.games.dripeul import (
    DICE,
    MAX_TRIANGLE,
    ROLLS,
    SQUARES,
    Rules,
    X,
    apply_outcome,
    check_tokens,
    resolutions,
)

__all__ = [
    "DuelTable",
    "advise_duel",
    "board",
    "clear_caches",
    "duel_ready",
    "duel_win_probability",
    "keep_outcomes",
    "resolution_advice",
    "shipped_tables",
    "solve_duel",
    "table_meta",
    "table_name",
    "turn_values",
]

NL = MAX_TRIANGLE + 2  # X, 0..4
NB = 64 * NL
TOL = 1e-12
CHUNK = {True: 128, False: 24}  # columns per batched turn solve: the arrays stay in cache
POP = np.array([bin(m).count("1") for m in range(64)])
SUM = np.array([sum(solo.tokens_of(m)) for m in range(64)])
B_MASK = np.repeat(np.arange(64), NL)
B_T = np.tile(np.arange(-1, MAX_TRIANGLE + 1), 64)
ACTIVE = np.flatnonzero((B_MASK > 0) & (B_T >= 0))  # boards that can be on turn
OUT = np.flatnonzero((B_MASK > 0) & (B_T < 0))  # on X, with tokens left
CLEARED = np.flatnonzero(B_MASK == 0)
PROGRESS = POP[B_MASK] + B_T  # strictly lowered by every turn without a suite bonus


def board(tokens: Iterable[int], triangle: int) -> int:
    """The column of a board: ``mask * 6 + triangle + 1`` (X is triangle ``-1``).

    >>> board((1, 2, 3, 4, 5, 6), 3), board((6,), -1), board((), 0)
    (382, 192, 1)
    """
    return solo.mask_of(tokens) * NL + int(triangle) + 1


def _key(rules: Any) -> tuple[bool, bool, bool]:
    return solo._key(rules)


@cache
def _index(straight_bonus: bool, last_six: bool) -> tuple[np.ndarray, np.ndarray]:
    """``(index[k, b, j], cls[o])``: the board the j-th outcome of roll class ``k`` leaves
    from board ``b`` (the solo engine's :class:`~.dripeul.Options`, re-indexed with X per
    mask), and the class of each final roll."""
    opt = solo.options((True, straight_bonus, last_six))
    ci = opt.class_index  # (classes, 64 * 5, width); solo.XCOL for X
    src_mask = (np.arange(solo.BOARDS) // solo.LEVELS)[None, :, None]
    conv = np.where(ci == solo.XCOL, src_mask * NL,
                    (ci // solo.LEVELS) * NL + ci % solo.LEVELS + 1)
    idx = np.repeat((np.arange(NB) // NL * NL)[None, :, None], ci.shape[0], axis=0)
    idx = np.repeat(idx, ci.shape[2], axis=2)  # boards never on turn: to X (unused)
    cols = (np.arange(64)[:, None] * NL + np.arange(1, NL)[None, :]).ravel()
    idx[:, cols, :] = conv
    idx.setflags(write=False)
    return idx, opt.cls


def _solver(key: tuple[bool, bool, bool]) -> Any:
    return solve_turn if key[0] else solve_turn_locked


def _finals(key: tuple[bool, bool, bool], H: np.ndarray, s: Any, b: Any, o: Any) -> np.ndarray:
    """``[roll, i]``: the stopping value of each final roll for position ``i`` (seat
    ``s[i]`` on board ``b[i]`` against ``o[i]``): the best board the rule allows."""
    idx, cls = _index(key[1], key[2])
    flat = H.reshape(-1)
    base = np.asarray(s) * NB * NB + np.asarray(o)
    loop = compile_loop(_finals_loop)
    if loop is not None:  # the same maxima, compiled (no (classes, n, width) array)
        f = np.empty((idx.shape[0], len(base)))
        loop(flat, np.ascontiguousarray(base, dtype=np.int64), idx,
             np.ascontiguousarray(b, dtype=np.int64), NB, f)
        return f[cls]
    g = idx[:, b, :]  # (classes, n, width)
    f = flat[base[None, :, None] + g * NB].max(axis=2)
    return f[cls]


def _finals_loop(flat: Any, base: Any, idx: Any, b: Any, nb: int,
                 out: Any) -> None:  # pragma: no cover - compiled
    """:func:`_finals` compiled: ``out[k, i] = max_j flat[base[i] + idx[k, b[i], j] * nb]``
    (``nan`` wins, as in ``max``)."""
    for k in range(idx.shape[0]):
        for i in range(base.shape[0]):
            row = idx[k, b[i]]
            m = flat[base[i] + row[0] * nb]
            for j in range(1, row.shape[0]):
                v = flat[base[i] + row[j] * nb]
                if v > m or v != v:
                    m = v
            out[k, i] = m


def _starts(key: tuple[bool, bool, bool], H: np.ndarray, s: Any, b: Any, o: Any,
            jit: bool = True) -> np.ndarray:
    """Start-of-turn values of a batch of positions: compiled, on every core
    (:mod:`~dicelab.engine.dripeul.kernel`), else chunked batched turn solves (numpy;
    ``jit=False``: always)."""
    progress.check()  # a cancelled solve stops between batches
    if jit:
        idx, cls = _index(key[1], key[2])
        fast = kernel.starts(key[0], H, np.asarray(s) * NB * NB + np.asarray(o), b, idx, cls,
                             ROLLS)
        if fast is not None:
            return fast
    solver = _solver(key)
    n = len(b)
    out = np.empty(n)
    step = CHUNK[key[0]]
    for i in range(0, n, step):
        progress.check()  # a layer can take seconds: a cancelled solve stops between chunks
        j = slice(i, i + step)
        out[j] = solver(DICE, _finals(key, H, s[j], b[j], o[j]), ROLLS, keep=False).start
    return out


@dataclass(frozen=True)
class DuelTable:
    """The solved two-player manche of one rules variant (every level at once).

    ``V``, ``H``: see the module docstring; ``sweeps``: turn sweeps over the layers of
    equal tokens (0 without the suite bonus: every layer is solved once);
    ``seconds``: solve time.
    """

    key: tuple[bool, bool, bool]
    V: np.ndarray
    H: np.ndarray
    sweeps: int
    seconds: float


_CACHE: dict[tuple[bool, bool, bool], DuelTable] = {}


def clear_caches() -> None:
    """Forget every solved or loaded duel (benchmarks: cold runs; the next use reads the
    shipped table again, or solves)."""
    _CACHE.clear()
    _turn.cache_clear()


# ------------------------------------------------------------------ the shipped table
#: Version of this two-player engine, recorded in the shipped Dripeul table: raise it
#: whenever a change to the Dripeul rules (:mod:`dicelab.games.dripeul`) or to this solver
#: changes its values, then rebuild the tables (``make tables``).
ENGINE_VERSION = 1

#: The variants (``reroll_set_aside``, ``straight_bonus``, ``last_six``) whose table ships
#: in ``dicelab/data/``: none.  A table is about 1.4 MB and, compiled, every variant
#: solves in under 10 s (numpy alone: 2 s to 2 minutes), so every variant is solved on
#: first use, behind the apps' progress bar, and saved to the machine's cache
#: (:func:`dicelab.engine.race.save_table`).
SHIPPED: tuple[tuple[bool, bool, bool], ...] = ()


def table_name(rules: Rules | None = None) -> str:
    """File name of the two-player table of ``rules``' variant (``dicelab/data/``; one
    table serves every level and number of manches).

    >>> table_name(), table_name(Rules(level=0, straight_bonus=True))
    ('duel_dripeul_reroll1_bonus0_six0.npz', 'duel_dripeul_reroll1_bonus1_six0.npz')
    """
    rs, sb, ls = _key(rules)
    return f"duel_dripeul_reroll{int(rs)}_bonus{int(sb)}_six{int(ls)}.npz"


def table_meta(rules: Rules | None = None) -> dict[str, Any]:
    """The metadata of the table of ``rules``' variant (the rules it records are the
    default ones with that variant's three rulings: the level and the number of manches
    do not change the table), see :func:`dicelab.engine.race.table_meta`.

    >>> table_meta(Rules(level=1, manches=1))["rules"]["level"]
    3
    """
    return _meta("dripeul", solo._rules_of(_key(rules)), ENGINE_VERSION)


def _terminal_h() -> np.ndarray:
    """``H`` before any turn is solved: the values of the ends of a manche."""
    H = np.zeros((2, NB, NB))
    # terminal values: a clearer beats anyone on X; X against X compares the sums left
    H[:, CLEARED[:, None], OUT[None, :]] = 1.0
    H[:, OUT[:, None], OUT[None, :]] = _cmp(SUM[B_MASK[OUT]][:, None], SUM[B_MASK[OUT]][None, :])
    H[1, CLEARED[:, None], ACTIVE[None, :]] = 1.0  # seat 1 clears: at once, seat 0 has not
    # seat 1's last turn after seat 0 cleared: a clear ties (1/2), anything else loses
    H[1, :, CLEARED] = 0.0
    H[1, CLEARED[:, None], CLEARED[None, :]] = 0.5
    return H


def _h_of(V: np.ndarray) -> np.ndarray:
    """The ``H`` of a whole solved ``V`` (the shipped file holds ``V`` only): what the
    solve writes beside each value (see :func:`_solve`), the same operations on the same
    values."""
    H = _terminal_h()
    A, C = ACTIVE, CLEARED
    H[0][C[:, None], A[None, :]] = 1.0 - V[1][A, C[0]][None, :]  # seat 1's last turn
    alone = V[0][A[:, None], OUT[None, :]]  # the same for both seats
    H[:, A[:, None], OUT[None, :]] = alone
    H[:, OUT[:, None], A[None, :]] = 1.0 - alone.T
    for s in (0, 1):  # both in: seat s's value is the other's final value, complemented
        H[1 - s][A[:, None], A[None, :]] = 1.0 - V[s][A[:, None], A[None, :]].T
    return H


def _load(key: tuple[bool, bool, bool]) -> DuelTable | None:
    """The shipped table of variant ``key`` (``None`` without a file; a
    :class:`~dicelab.core.errors.TableError` for a damaged or foreign file)."""
    rules = solo._rules_of(key)
    V = load_table(table_name(rules), table_meta(rules), (2, NB, NB), nan_at=_unplayed(),
                   ships=key in SHIPPED)
    if V is None:
        return None
    H = _h_of(V)
    H.setflags(write=False)
    return DuelTable(key, V, H, 0, 0.0)


@lru_cache(maxsize=1)
def _unplayed() -> np.ndarray:
    """Where ``V`` is ``nan``: the positions no turn starts from (the solve writes every
    other one), so that a file whose values are not all numbers elsewhere is refused.
    Both seats play with a board in play against one in play or out; seat 1 also after
    seat 0 cleared.

    >>> int((~_unplayed()).sum())  # positions played
    240030
    """
    played = np.zeros((2, NB, NB), dtype=bool)
    for s in (0, 1):
        played[s][ACTIVE[:, None], ACTIVE[None, :]] = True
        played[s][ACTIVE[:, None], OUT[None, :]] = True
    played[1][ACTIVE[:, None], CLEARED[None, :]] = True
    out = ~played
    out.setflags(write=False)
    return out


def _solve_and_save(key: tuple[bool, bool, bool]) -> DuelTable:
    """Solve variant ``key`` and save it to the machine's cache (the next kernel reads it)."""
    tab = _solve(key)
    rules = solo._rules_of(key)
    save_table(table_name(rules), tab.V, rules, table_meta(rules))
    return tab


def shipped_tables() -> Iterator[tuple[Rules, str, Callable[[], Any], dict[str, Any]]]:
    """The tables this engine ships (:mod:`dicelab.tools.build_tables`): ``(rules, file
    name, a fresh solve, the metadata)``, one per variant of :data:`SHIPPED`; the file
    holds ``V`` (``H`` is rebuilt from it on loading).

    >>> [t[1] for t in shipped_tables()]  # none: every variant solves on first use
    []
    """
    for key in SHIPPED:
        rules = solo._rules_of(key)
        yield (rules, table_name(rules),
               lambda r=rules: np.asarray(solve_duel(r, use_table=False).V), table_meta(rules))


def _cmp(a: Any, b: Any) -> Any:
    """Value of a manche score ``a`` against ``b``: 1 lower, 1/2 equal, 0 higher."""
    return np.where(a < b, 1.0, np.where(a == b, 0.5, 0.0))


def _layers(key: tuple[bool, bool, bool], H: np.ndarray, s: np.ndarray, b: np.ndarray,
            o: np.ndarray, write: Any, gauss_seidel: bool = True) -> int:
    """Solve positions ``(s, b, o)`` whose successors are solved or among them.

    Without the suite bonus: layers of equal total progress, lowest first, once each.
    With it: layers of equal tokens, lowest first, each swept until no value moves by
    more than ``TOL``; a sweep goes up the sub-layers of equal progress, each using the
    values just computed below it (Gauss–Seidel: a failure leads to a sub-layer already
    swept, only a suite to one swept before), so each sweep shrinks the change about
    tenfold and the values are then within ``TOL / 10`` of the fixed point.  The positions
    of two given masks only lead to each other within a layer (failures and suites keep
    the tokens): such a block stops being swept once none of its values moves by more
    than ``TOL``.
    ``gauss_seidel=False``: each sweep reads the previous sweep's values only (plain
    value iteration, the benchmark's baseline).  Returns the number of sweeps.
    """
    prog = PROGRESS[b] + np.where(B_MASK[o] > 0, PROGRESS[o], 0)
    if not key[1]:
        ds = np.unique(prog)
        for i, d in enumerate(ds):
            progress.step(i, len(ds))  # a bar; raises Cancelled if asked
            sel = np.flatnonzero(prog == d)
            write(sel, _starts(key, H, s[sel], b[sel], o[sel]))
        return 0
    toks = POP[B_MASK[b]] + POP[B_MASK[o]]
    mb, mo = B_MASK[b], B_MASK[o]
    block = np.minimum(mb, mo) * 64 + np.maximum(mb, mo)  # closed under failures and suites
    sweeps = 0
    ks = np.unique(toks)
    for i, k in enumerate(ks):
        progress.step(i, len(ks))  # a bar; raises Cancelled if asked
        layer = np.flatnonzero(toks == k)
        subs = ([layer[prog[layer] == d] for d in np.unique(prog[layer])] if gauss_seidel
                else [layer])
        parts = [(sub, block[sub], s[sub], b[sub], o[sub], np.zeros(len(sub))) for sub in subs]
        live = np.ones(64 * 64, dtype=bool)
        for _ in range(1000):
            sweeps += 1
            moved = np.zeros(64 * 64, dtype=bool)  # the blocks with a value moved by >= TOL
            for sub, bl, ss, bb, oo, old in parts:
                keep = live[bl]
                if keep.all():  # every block still moving: the whole sub-layer
                    v = _starts(key, H, ss, bb, oo)
                    moved[bl[np.abs(v - old) >= TOL]] = True
                    old[:] = v
                    write(sub, v)
                elif keep.any():
                    v = _starts(key, H, ss[keep], bb[keep], oo[keep])
                    moved[bl[keep][np.abs(v - old[keep]) >= TOL]] = True
                    old[keep] = v
                    write(sub[keep], v)
            live &= moved
            if not live.any():
                break
        else:  # pragma: no cover - contraction: every turn may remove a token
            raise RuntimeError("the suite-bonus sweeps did not converge")
    return sweeps


def _solve(key: tuple[bool, bool, bool], max_tokens: int = 12, gauss_seidel: bool = True
           ) -> DuelTable:
    t0 = time.perf_counter()
    V = np.full((2, NB, NB), np.nan)
    H = _terminal_h()
    # 1. seat 1's last turn after seat 0 cleared (its ends, a clear tying: _terminal_h)
    b = ACTIVE
    v = _starts(key, H, np.ones(len(b), dtype=np.int64), b, np.full(len(b), CLEARED[0]))
    V[1][b[:, None], CLEARED[None, :]] = v[:, None]
    H[0][CLEARED[:, None], b[None, :]] = 1.0 - v[None, :]
    # 2. alone (the opponent on X): one representative X board per sum of squares left
    reps = {}
    for c in OUT:
        reps.setdefault(int(SUM[B_MASK[c]]), c)
    same = {S: OUT[SUM[B_MASK[OUT]] == S] for S in reps}
    rb = np.repeat(ACTIVE, len(reps))
    ro = np.tile(np.array(list(reps.values())), len(ACTIVE))
    keep = POP[B_MASK[rb]] <= max_tokens
    rb, ro = rb[keep], ro[keep]

    def write_alone(sel: np.ndarray, vals: np.ndarray) -> None:
        sums = SUM[B_MASK[ro[sel]]]
        for S in np.unique(sums):  # the positions of one sum of squares left at once
            here = sums == S
            rows, val, outs = rb[sel[here]][:, None], vals[here][:, None], same[int(S)][None, :]
            V[:, rows, outs] = val
            H[:, rows, outs] = val  # playing on alone
            H[:, outs.T, rows.T] = 1.0 - val.T  # the other one's failure onto X

    sweeps = _layers(key, H, np.zeros(len(rb), dtype=np.int64), rb, ro, write_alone,
                     gauss_seidel)
    # 3. both still in, seat 0 or 1 to move
    db = np.repeat(ACTIVE, len(ACTIVE))
    do = np.tile(ACTIVE, len(ACTIVE))
    ds = np.concatenate([np.zeros(len(db), dtype=np.int64), np.ones(len(db), dtype=np.int64)])
    db, do = np.concatenate([db, db]), np.concatenate([do, do])
    keep = POP[B_MASK[db]] + POP[B_MASK[do]] <= max_tokens
    ds, db, do = ds[keep], db[keep], do[keep]

    at_v = (ds * NB + db) * NB + do  # V[ds, db, do], flat
    at_h = ((1 - ds) * NB + do) * NB + db  # H[1 - ds, do, db], flat
    v_flat, h_flat = V.reshape(-1), H.reshape(-1)

    def write_duel(sel: np.ndarray, vals: np.ndarray) -> None:
        v_flat[at_v[sel]] = vals
        h_flat[at_h[sel]] = 1.0 - vals

    sweeps += _layers(key, H, ds, db, do, write_duel, gauss_seidel)
    for arr in (V, H):
        arr.setflags(write=False)
    return DuelTable(key, V, H, sweeps, time.perf_counter() - t0)


def solve_duel(rules: Rules | None = None, *, max_tokens: int = 12,
               gauss_seidel: bool = True, use_table: bool = True) -> DuelTable:
    """The two-player manche of ``rules``' variant: its shipped table when there is one
    (:data:`SHIPPED`: none), else the machine's cached one (read in milliseconds), else
    solved (a second or so; 7 s with the suite bonus and locked dice) and saved to the
    machine's cache; kept: instant after the first call (``level`` and ``manches`` do not
    matter).

    ``max_tokens`` (benchmarks, tests): only the positions with at most that many tokens
    on the two boards together (a player alone: on its own board), not cached (``V`` is
    ``nan`` elsewhere); ``gauss_seidel=False``: the suite-bonus layers by plain value
    iteration (the baseline), not cached; ``use_table=False``: a fresh solve, not cached
    (:mod:`dicelab.tools.build_tables`, benchmarks).

    >>> t = solve_duel()
    >>> t.V.shape, solve_duel() is t   # solved (or read from the cache) once
    ((2, 384, 384), True)
    """
    key = _key(rules)
    max_tokens = whole("max_tokens", max_tokens, 1, 12)
    if max_tokens < 12 or not gauss_seidel or not use_table:
        return _solve(key, max_tokens, gauss_seidel)
    if key not in _CACHE:
        _CACHE[key] = _load(key) or _solve_and_save(key)
    return _CACHE[key]


def duel_ready(rules: Rules | None = None) -> bool:
    """Whether the two-player table of ``rules``' variant is at hand (solved, or cached
    on the machine: it is then read), so that advice is instant; otherwise
    :func:`solve_duel` takes seconds.  ``False`` for a damaged or foreign file
    (:func:`solve_duel` then raises the :class:`~dicelab.core.errors.TableError` that says
    why, or solves a stale cached one again).

    >>> _ = solve_duel()
    >>> duel_ready()  # solved: at hand
    True
    """
    import warnings

    key = _key(rules)
    if key not in _CACHE:
        try:
            with warnings.catch_warnings():  # a missing table is said by the solve
                warnings.simplefilter("ignore")
                tab = _load(key)
        except TableError:
            return False
        if tab is None:
            return False
        _CACHE[key] = tab
    return True


def _boards(rules: Rules, tokens: Any, triangles: Any, to_play: Any) -> tuple[int, int, int]:
    """``(seat, board to move, opponent's board)``, or :class:`~dicelab.IllegalMove`."""
    toks = seat_pair(tokens, N_("tokens must be two lists of squares (seat 0's first); got "
                                "{tokens}"), "tokens")
    if triangles is None:
        triangles = (rules.level, rules.level)
    tris = seat_pair(triangles, N_("triangles must be two triangles (seat 0's first); got "
                                   "{triangles}"), "triangles")
    ts = tuple(check_tokens(t) for t in toks)
    for t in tris:
        if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not X <= t <= 4:
            raise IllegalMove("triangles must be whole numbers from -1 (X) to 4; got "
                              "{triangles}", triangles=brief(triangles))
    p = check_seat(to_play)
    q = 1 - p
    if not ts[p] or tris[p] == X:
        raise IllegalMove("seat {seat} has cleared or is on X: it does not play again this "
                          "manche", seat=p)
    if not ts[q] and tris[q] == X:
        raise IllegalMove("seat {seat} cannot be on X with every token removed", seat=q)
    if not ts[q] and p == 0:
        raise IllegalMove("seat 1 has cleared: the manche is over")
    return p, board(ts[p], tris[p]), board(ts[q], tris[q])


def duel_win_probability(rules: Rules | None = None,
                         tokens: Any = (SQUARES, SQUARES),
                         triangles: Any = None, to_play: int = 0) -> float:
    """Probability that seat ``to_play`` beats the opponent in this manche (a lower manche
    score; equal scores count 1/2), at the start of its turn, both playing for that.

    ``tokens``: each seat's squares still holding a token (seat 0's first); ``triangles``:
    each seat's triangle (4..0, ``-1`` for X; default: both on ``rules.level``).  With
    ``Rules(manches=1)`` it is the probability of winning the game.  Seat 1 may play
    after seat 0 cleared (its last turn: it can only tie, by clearing too).

    >>> r = Rules()
    >>> round(duel_win_probability(r), 4)
    0.4995

    Seat 1's last turn after seat 0 cleared: it ties by clearing, else loses (1/2 of its
    one-turn chance to take its last token, 0.4452):

    >>> round(duel_win_probability(r, tokens=((), (6,)), triangles=(3, 0), to_play=1), 4)
    0.2226
    """
    rules = check_rules(Rules, rules, "Dripeul 5")
    p, b, o = _boards(rules, tokens, triangles, to_play)
    return _prob(solve_duel(rules).V[p, b, o])


def _prob(x: Any) -> float:
    return min(1.0, max(0.0, float(x)))


@lru_cache(maxsize=256)
def _turn(key: tuple[bool, bool, bool], s: int, b: int, o: int) -> TurnSolution:
    """The turn solution of one position (one column), from the solved table."""
    H = solve_duel(solo._rules_of(key)).H
    one = np.array([s]), np.array([b]), np.array([o])
    return _solver(key)(DICE, _finals(key, H, *one), ROLLS)


def turn_values(rules: Rules | None, seat: int, tokens: Any, triangles: Any,
                dice: Iterable[int], rolls_left: int, locked: Iterable[int] = ()
                ) -> dict[tuple[int, ...], float]:
    """``{keep: duel value}`` of every keep of ``dice`` (keeping all five is stopping).

    >>> v = turn_values(None, 0, (SQUARES, SQUARES), (3, 3), (2, 2, 2, 4, 6), 2)
    >>> round(v[(2, 2, 2)] - v[(2, 2, 2, 4, 6)], 4) > 0
    True
    """
    rules = check_rules(Rules, rules, "Dripeul 5")
    p, b, o = _boards(rules, tokens, triangles, seat)
    sol = _turn(_key(rules), p, b, o)
    return {k: _prob(v[0]) for k, v in sol.keep_values(dice, rolls_left, locked).items()}


def keep_outcomes(state: Any, keep: Iterable[int]) -> dict[tuple[int, ...], float]:
    """Distribution of the turn's final dice after ``keep`` in two-player ``state``, the
    rest of the turn played to win the manche (``p_duel``): what the coach reads how often
    the turn succeeds from, with two players.

    >>> from dicelab.games import dripeul
    >>> s = dripeul.new_state(Rules(), 2)
    >>> s, _ = dripeul.roll_outcome(dripeul.step(s, dripeul.Roll(()))[0], (2, 2, 2, 4, 6))
    >>> d = keep_outcomes(s, (2, 2, 2))
    >>> round(sum(d.values()), 12), keep_outcomes(s, (2, 2, 2, 4, 6))
    (1.0, {(2, 2, 2, 4, 6): 1.0})
    """
    p = state.current_player
    rules = state.rules
    _, b, o = _boards(rules, state.tokens, state.triangle, p)
    return final_distribution(_turn(_key(rules), p, b, o), keep, state.rolls_left, 0,
                              locked_variant=not rules.reroll_set_aside)


def resolution_advice(state: Any, dice: Iterable[int]) -> Advice:
    """The outcomes final ``dice`` allow the player to move in two-player ``state`` (the
    solo advice's choices, a failure included), each with ``p_duel`` once it is applied,
    best first: the token the two-player engine takes.

    With 4 4 4 4 3 on squares 2 3 4 5 6 (opponent on all six), the solo engine takes token 3
    (the likeliest brelans next) and the two-player engine token 6, which leaves 14 points
    on the squares rather than 17:

    >>> from dicelab.games import dripeul
    >>> s = dripeul.new_state(Rules(), 2)
    >>> s = replace(s, tokens=((2, 3, 4, 5, 6), SQUARES))
    >>> solo.advise_resolution((4, 4, 4, 4, 3), tokens=(2, 3, 4, 5, 6), level=3).best.label
    'carré: remove token 3'
    >>> resolution_advice(s, (4, 4, 4, 4, 3)).best.label
    'carré: remove token 6'
    """
    p = state.current_player
    rules = state.rules
    tab = solve_duel(rules)
    tris = state.triangle
    base = solo.advise_resolution(dice, tokens=state.tokens[p], level=tris[p], rules=rules)
    _, b, o = _boards(rules, state.tokens, tris, p)
    outcomes = resolutions(tuple(dice), state.tokens[p], rules)
    choices = []
    for c in base:
        out = next(x for x in outcomes if x.action == c.action)
        ts, tri = apply_outcome(state.tokens[p], tris[p], out)
        nums = dict(c.numbers)
        nums["p_duel"] = _prob(tab.H[p, board(ts, tri), o])
        choices.append(replace(c, numbers=nums))
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)


def advise_duel(state: Any) -> Advice:
    """Two-player advice of a Dripeul 5 state: the solo advice's choices with ``p_duel``
    (keeps while rolling, tokens when resolving: :func:`resolution_advice`), ranked by
    ``p_duel`` (empty when there is nothing to choose)."""
    if not deciding(state, solo.DECISION_PHASES):
        return Advice("p_duel", True, (), kind="duel", players=2)
    p = state.current_player
    rules = state.rules
    tris = state.triangle
    if state.phase == "resolve":
        return resolution_advice(state, state.dice)
    base = solo.advise(state.dice, rolls_left=state.rolls_left, tokens=state.tokens[p],
                       level=tris[p], rules=rules, locked=state.locked)
    vals = turn_values(rules, p, state.tokens, tris, state.dice, state.rolls_left,
                       state.locked)
    choices = []
    for c in base:
        nums = dict(c.numbers)
        nums["p_duel"] = vals[c.keep]
        choices.append(replace(c, numbers=nums))
    return Advice("p_duel", True, rank(choices, "p_duel", True), kind="duel", players=2)
