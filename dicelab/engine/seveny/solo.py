"""Exact engine for Seveny: advice for every set-aside, and the optimal solo solver.

Within a turn the position is ``(memorised, hand)``: the points of the cycles
completed this turn and the dice set aside in this cycle (the number of dice
to roll is ``7 - len(hand)``).  A hand holds faces 2–5 only by brelans (0 or
3+ dice of a face), so the canonical hand key is just its sorted multiset:
only **114** hands of 0–6 dice exist (1, 2, 3, 8, 17, 30 and 53 by size).

For every hand and every sorted roll of the remaining dice the legal
set-asides (:func:`dicelab.games.seveny.settable`, the one rule definition)
are listed once; rolls whose set-asides lead to the same set of next
positions are merged, leaving 1,624 (hand, roll class) groups and 6,568
options in all.  A turn is then solved with one vectorised gather and
segment-minimum per hand size, memorised value by memorised value (a
completed cycle always scores at least 1, so memorised points only go up).

Solo (ruling S6): ``E(s)`` = expected turns from score ``s`` to the target,
optimal play.  A bust, or banking 0 points, leaves the score at ``s``: for each
``s`` (from the target down) ``E(s)`` is the fixed point of
``x = 1 + min_policy E[E(end of turn) | bust or 0 -> x]``, a concave piecewise
linear map solved by policy iteration (Newton) to 1e-12.  Points beyond the
target are worth nothing more, so memorised points are capped at
``target - s``.  A turn depends on the score only through the points still
needed, so one solve of target 100 holds ``E`` of every smaller target: it
ships (:func:`table_name`) and the apps' targets read it, each score's rows
then being one turn at the known value of a bust (no Newton step).

>>> from dicelab.games.seveny import Rules
>>> round(expected_turns(Rules(target=5)), 6)
1.486564
>>> p_bust(7)
Fraction(35, 3888)
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.dice import Dice, multisets, roll_distribution, sort_dice, validate_dice, ways
from dicelab.core.errors import DicelabError, IllegalMove
from dicelab.engine import race
from dicelab.engine.advice import Advice, Choice, deciding, rank
from dicelab.engine.markov import MAX_TURNS, absorbing_moments, absorbing_turns
from dicelab.games._base import Bank, Roll
from dicelab.games._checks import check_objective, check_rules, check_state, whole
from dicelab.games.seveny import DICE, Rules, State, check_hand, settable
from dicelab.games.seveny import score as cycle_score

__all__ = [
    "reference_expected_turns",
    "DECISION_PHASES",
    "ENGINE_VERSION",
    "SHIPPED_TARGETS",
    "OBJECTIVES",
    "Solution",
    "advise",
    "advise_solo",
    "bank_at_law",
    "clear_caches",
    "expected_turn_points",
    "expected_turns",
    "hands",
    "optimal_points_distribution",
    "p_bust",
    "points_table",
    "prepare",
    "solo_ready",
    "solve_turns",
    "table_meta",
    "table_name",
    "turn_points_distribution",
    "turn_outcome_distribution",
    "turn_outcome_matrix",
    "turn_start_value",
    "turns_distribution",
    "turns_moments",
]

MAX_SCORE = 13  # the most one cycle can score: 666 666 1
OBJECTIVES = {"expected_turns": False, "expected_points": True}  # name -> higher is better
#: The phases in which the player to move has a choice (advice is empty otherwise).
DECISION_PHASES = ("choose",)
POINTS_HORIZON = 1200
"""Memorised points from which the expected-points solver banks at once (the optimal policy
banks long before: the value table is identical with any horizon above ~700, see tests)."""
MAX_POINTS = 2000
"""The most points ``advise`` takes for a score and for memorised points, and the largest
``cap`` of :func:`expected_turn_points` (every number is flat long before: the optimal policy
banks well under 100 points, and a target is at most ``seveny.MAX_TARGET``)."""
MAX_HORIZON = MAX_POINTS + POINTS_HORIZON
"""The largest ``horizon`` :func:`points_table` builds."""
MAX_SOLVED_TARGET = 100
"""The largest target the exact solo solver takes (its work grows with the square of the
target: 100 solves in a few seconds, 1000 would take minutes).  Larger targets can be played,
without exact odds."""
MAX_THRESHOLD = 100
"""The largest banking threshold :func:`turn_points_distribution` enumerates exactly."""


def _rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "Seveny")


def _solvable(rules: Any) -> Rules:
    rules = _rules(rules)
    if rules.target > MAX_SOLVED_TARGET:
        raise DicelabError(
            "exact odds are computed for targets up to {most} (a larger target would take the "
            "solver minutes); got target {target}", most=MAX_SOLVED_TARGET, target=rules.target,
        )
    return rules


# ------------------------------------------------------------------- tables
@dataclass(frozen=True)
class _Level:
    """The hands of one size and, per (hand, roll class), the targets of its set-asides."""

    lo: int  # hands lo..hi-1 (global indices) have this size
    hi: int
    targets: np.ndarray  # flat indices into the value vector (see _Tables)
    starts: np.ndarray  # start of each group in ``targets``
    lens: np.ndarray
    group_hand: np.ndarray  # local hand index of each group
    prob: np.ndarray  # probability of each group (roll class)
    pbust: np.ndarray  # per hand: P(no legal set-aside)


@dataclass(frozen=True)
class _Tables:
    """Every hand, and the set-aside structure of every roll, computed once.

    The value vector of one memorised value ``M`` has ``len(hands) + 14``
    entries: the value after setting aside into each (partial) hand, then at
    ``len(hands) + k`` the value after completing a cycle worth ``k`` points.
    """

    hands: tuple[Dice, ...]
    index: dict[Dice, int]
    scores: np.ndarray  # per hand
    pbust: np.ndarray  # per hand, float
    levels: tuple[_Level, ...]  # hand size 6 down to 0


@cache
def hands() -> tuple[Dice, ...]:
    """Every hand a cycle can hold before a roll, by size then value (114 of them).

    >>> len(hands()), hands()[:4]
    (114, ((), (1,), (6,), (1, 1)))
    """
    out = []
    for n in range(DICE):
        for m in multisets(n):
            try:
                check_hand(m)
            except ValueError:
                continue
            out.append(m)
    return tuple(out)


@cache
def _tables() -> _Tables:
    hs = hands()
    index = {h: i for i, h in enumerate(hs)}
    nh = len(hs)
    scores = np.array([cycle_score(h) for h in hs], dtype=np.int64)
    pbust = np.zeros(nh)
    levels = []
    for size in range(DICE - 1, -1, -1):
        lo = min(i for i, h in enumerate(hs) if len(h) == size)
        hi = max(i for i, h in enumerate(hs) if len(h) == size) + 1
        n = DICE - size
        den = 6**n
        targets: list[int] = []
        starts, lens, ghand, prob = [], [], [], []
        for i in range(lo, hi):
            h = hs[i]
            groups: dict[tuple[int, ...], int] = {}
            bust = 0
            for o in multisets(n):
                opts = settable(h, o)
                if not opts:
                    bust += ways(o)
                    continue
                tg = set()
                for s in opts:
                    nh_ = sort_dice(h + s)
                    tg.add(index[nh_] if len(nh_) < DICE else nh + cycle_score(nh_))
                key = tuple(sorted(tg))
                groups[key] = groups.get(key, 0) + ways(o)
            pbust[i] = bust / den
            for key, w in groups.items():
                starts.append(len(targets))
                lens.append(len(key))
                targets.extend(key)
                ghand.append(i - lo)
                prob.append(w / den)
        levels.append(_Level(
            lo, hi, np.array(targets, dtype=np.int64), np.array(starts, dtype=np.int64),
            np.array(lens, dtype=np.int64), np.array(ghand, dtype=np.int64),
            np.array(prob), pbust[lo:hi].copy(),
        ))
    return _Tables(hs, index, scores, pbust, tuple(levels))


# ------------------------------------------------------------------- one turn
def _turn(bank: np.ndarray, bank_d: np.ndarray | None, x: float, mcap: int,
          w_tail: float, values: np.ndarray | None = None,
          ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray, np.ndarray | None]:
    """Solve one turn, minimising, for memorised values ``0..mcap-1``.

    ``bank[t]``: the value of banking a turn total ``t`` (``t`` up to
    ``mcap + 13``); ``x``: the value of a bust.  From ``mcap`` memorised points
    on, the player banks at once: a completed cycle there is worth ``w_tail``
    when ``bank_d`` is given (solo: 0), else ``bank[M]``.  With ``bank_d``
    (d bank / dx) the derivative of every value with respect to ``x`` under the
    chosen policy is tracked too (for the Newton step).

    Returns ``R[M, h]`` (value of rolling from hand ``h`` with ``M`` memorised)
    and ``W[M]`` (value right after completing a cycle, with ``M`` memorised),
    and their derivatives.  ``values`` (tracking only; complex, ``mcap`` rows) receives
    every slot's value + i d/dx as read at each ``M`` (:func:`_still_optimal`).
    """
    t = _tables()
    nh = len(t.hands)
    track = bank_d is not None
    R = np.empty((mcap, nh))
    W = np.empty(mcap + MAX_SCORE + 1)
    W[mcap:] = w_tail if track else bank[mcap : mcap + MAX_SCORE + 1]
    # banking from each hand at each memorised total: bh[M, h] = bank[M + score(h)]
    at = np.arange(mcap)[:, None] + t.scores[None, :]
    bh = bank[at]
    # per level: (lo, hi, targets, starts, group hands, probabilities, hands, bust value)
    lvs = [(lv.lo, lv.hi, lv.targets, lv.starts, lv.group_hand, lv.prob, lv.hi - lv.lo,
            lv.pbust * x) for lv in t.levels]
    if not track:
        V = np.empty(nh + MAX_SCORE + 1)
        for m in range(mcap - 1, -1, -1):
            V[nh + 1 :] = W[m + 1 : m + MAX_SCORE + 1]
            Rm, bm = R[m], bh[m]
            for lo, hi, tg, st, gh, pr, nl, px in lvs:
                mins = np.minimum.reduceat(V[tg], st)
                r = np.bincount(gh, weights=pr * mins, minlength=nl) + px
                Rm[lo:hi] = r
                np.minimum(bm[lo:hi], r, out=V[lo:hi])
            W[m] = min(bank[m], Rm[0])
        return R, None, W, None
    # tracking d/dx too: values and derivatives as complex numbers, whose minimum is
    # lexicographic: the least value, then the least derivative among the values tied
    RD = np.empty((mcap, nh))
    WD = np.zeros(mcap + MAX_SCORE + 1)
    bch = bh + 1j * bank_d[at]
    VC = np.zeros(nh + MAX_SCORE + 1, dtype=complex)
    for m in range(mcap - 1, -1, -1):
        VC[nh + 1 :] = W[m + 1 : m + MAX_SCORE + 1] + 1j * WD[m + 1 : m + MAX_SCORE + 1]
        Rm, RDm, bm, bcm = R[m], RD[m], bh[m], bch[m]
        for (lo, hi, tg, st, gh, pr, nl, px), pb in zip(lvs, t.levels):
            mc = np.minimum.reduceat(VC[tg], st)
            r = np.bincount(gh, weights=pr * mc.real, minlength=nl) + px
            rd = np.bincount(gh, weights=pr * mc.imag, minlength=nl) + pb.pbust
            Rm[lo:hi] = r
            RDm[lo:hi] = rd
            VC[lo:hi] = np.where(bm[lo:hi] <= r, bcm[lo:hi], r + 1j * rd)
        W[m] = min(bank[m], Rm[0])
        WD[m] = bank_d[m] if bank[m] <= Rm[0] else RDm[0]
        if values is not None:
            values[m] = VC
    return R, RD, W, WD


# ------------------------------------------------------------------- solo solver
@dataclass(frozen=True)
class Solution:
    """The solved solo game for one ``Rules``.

    ``E[s]``: expected turns from score ``s`` at the start of a turn (0 from
    the target on); ``R[s][M, h]``: expected turns *after* the current one
    when rolling from hand ``h`` with ``M`` memorised points at score ``s``
    (``M < target - s``).  ``R`` is a tuple when solved here; read from the shipped
    table (``E`` only), a sequence that computes each score's rows when first read.
    """

    rules: Rules
    E: np.ndarray
    R: Sequence[np.ndarray]
    iterations: int

    def start(self, s: int) -> float:
        return float(self.E[s]) if s < self.rules.target else 0.0

    def roll_value(self, s: int, memorised: int, hand_index: int) -> float:
        """Expected turns after this one, rolling from ``hand`` with ``memorised`` points."""
        target = self.rules.target
        if s >= target:
            return 0.0
        if memorised >= target - s:  # every set-aside banks the target: only a bust hurts
            return float(_tables().pbust[hand_index]) * float(self.E[s])
        return float(self.R[s][memorised, hand_index])

    def bank_value(self, s: int, total: int) -> float:
        """Expected turns after this one, banking ``total`` points at score ``s``."""
        return self.start(min(s + total, self.rules.target))


def _bank(s: int, E: np.ndarray, target: int) -> np.ndarray:
    """The value of banking each turn total at score ``s`` (0 from the target on); total 0
    (a bust) is set by the caller."""
    cap = target - s
    bank = np.zeros(cap + MAX_SCORE + 1)
    bank[1:cap] = E[s + 1 : target]
    return bank


class _Rows(Sequence[np.ndarray]):
    """``R[s]`` of a solution whose ``E`` is known (the shipped table): each score's rows
    are one turn at the known value of a bust (no Newton step), computed when first read
    and kept (read-only)."""

    def __init__(self, E: np.ndarray, target: int) -> None:
        self._E, self._target = E, target
        self._rows: dict[int, np.ndarray] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self._target

    def __getitem__(self, s: int) -> np.ndarray:  # type: ignore[override]
        if not 0 <= s < self._target:
            raise IndexError(s)
        with self._lock:
            row = self._rows.get(s)
            if row is None:
                x = float(self._E[s])
                bank = _bank(s, self._E, self._target)
                bank[0] = x
                row, _, _, _ = _turn(bank, None, x, self._target - s, 0.0)
                row.setflags(write=False)
                self._rows[s] = row
            return row

    def __iter__(self) -> Iterator[np.ndarray]:
        return (self[s] for s in range(self._target))

    def fill(self) -> None:
        """Compute every score's rows not computed yet, all in one pass (the turn outcome
        matrix reads them all)."""
        with self._lock:
            if len(self._rows) < self._target:
                for s, row in enumerate(_all_rows(self._E, self._target)):
                    row.setflags(write=False)
                    self._rows.setdefault(s, row)


def _all_rows(E: np.ndarray, target: int) -> list[np.ndarray]:
    """``R[s]`` of every score ``s`` when ``E`` is known: :func:`_turn` at ``x = E[s]`` for
    all of them at once, memorised total by memorised total (every score whose turn can
    hold it), values laid out as (slots, scores)."""
    t = _tables()
    nh = len(t.hands)
    Eext = np.zeros(target + 2 * MAX_SCORE + 2)  # banking: E of the new score, 0 from target
    Eext[:target] = E[:target]
    rows = [np.empty((target - s, nh)) for s in range(target)]
    W = np.zeros((target + MAX_SCORE + 1, target))  # W[M, s], 0 from the cap on
    lvs = []
    for lv in t.levels:
        first = np.flatnonzero(np.diff(lv.group_hand, prepend=-1))  # each hand's groups
        lvs.append((lv.lo, lv.hi, lv.targets, lv.starts, first, lv.prob[:, None],
                    lv.pbust[:, None] * E[None, :target]))
    V = np.empty((nh + MAX_SCORE + 1, target))
    R = np.empty((nh, target))
    for m in range(target - 1, -1, -1):
        n = target - m  # scores 0..n-1 can hold m memorised points
        ss = np.arange(n)
        bh = Eext[t.scores[:, None] + (ss + m)[None, :]]
        Vn, Rn = V[:, :n], R[:, :n]
        Vn[nh + 1 :] = W[m + 1 : m + MAX_SCORE + 1, :n]
        for lo, hi, tg, st, first, pr, px in lvs:
            mins = np.minimum.reduceat(Vn[tg], st, axis=0)
            r = np.add.reduceat(pr * mins, first, axis=0) + px[:, :n]
            Rn[lo:hi] = r
            np.minimum(bh[lo:hi], r, out=Vn[lo:hi])
        W[m, :n] = np.minimum(Eext[ss + m], Rn[0])
        for s in range(n):
            rows[s][m] = Rn[:, s]
    return rows


def _solve_score(s: int, E: np.ndarray, target: int) -> tuple[float, np.ndarray, int]:
    cap = target - s
    bank = _bank(s, E, target)
    bank_d = np.zeros_like(bank)
    bank_d[0] = 1.0
    # start from the trend of the scores above (Newton then needs 2-3 policy evaluations)
    if s + 2 < target:
        x = 2.0 * float(E[s + 1]) - float(E[s + 2])
    else:
        x = float(E[s + 1]) + 1.0 if s + 1 < target else 1.0
    R = np.empty((0, 0))
    it = 0
    values = np.empty((cap, len(_tables().hands) + MAX_SCORE + 1), dtype=complex)
    for it in range(1, 200):  # noqa: B007
        bank[0] = x
        R, RD, _, _ = _turn(bank, bank_d, x, cap, 0.0, values)
        a, b = R[0, 0], RD[0, 0]  # R00(x') = a + b (x' - x) on this policy
        new = (1.0 + a - b * x) / (1.0 - b)
        if abs(new - x) <= 1e-13 * max(1.0, abs(x)):
            break  # R was computed at x, within 1e-13 of the fixed point
        if _still_optimal(values, R, RD, bank, bank_d, new - x):
            # this policy is optimal at its own fixed point: the values there, no new turn
            R = R + RD * (new - x)
            x = new
            break
        x = new
    return x, R, it


def _still_optimal(values: np.ndarray, R: np.ndarray, RD: np.ndarray, bank: np.ndarray,
                   bank_d: np.ndarray, delta: float) -> bool:
    """Whether the policy of a tracked :func:`_turn` is still optimal when the value of a bust
    moves by ``delta``: every value is affine in it on that policy, so it is when each choice
    the policy made is still a best one — in every group of every memorised total, the
    candidate it chose (the least value, then the least derivative) is still a least one; and
    from every hand, and after every completed cycle, banking or rolling on, whichever it
    chose, is still at least as good.  All memorised totals at once."""
    t = _tables()
    new = values.real + delta * values.imag
    for lv in t.levels:
        chosen = np.minimum.reduceat(values[:, lv.targets], lv.starts, axis=1)
        best = np.minimum.reduceat(new[:, lv.targets], lv.starts, axis=1)
        if np.any(best < chosen.real + delta * chosen.imag):
            return False
    mcap = len(R)
    at = np.arange(mcap)[:, None] + t.scores[None, :]
    for b, bd, r, rd in ((bank[at], bank_d[at], R, RD),
                         (bank[:mcap], bank_d[:mcap], R[:, 0], RD[:, 0])):
        banked = b <= r
        b_new, r_new = b + delta * bd, r + delta * rd
        if np.any(np.where(banked, b_new > r_new, r_new > b_new)):
            return False
    return True


def solve_turns(rules: Rules | None = None, *, use_table: bool = True) -> Solution:
    """Solve the solo game (S6) for ``rules``: every score from the target down (cached).
    The apps' targets (:data:`SHIPPED_TARGETS`) read the shipped table when there is one
    (``use_table=False``: a fresh solve, not cached, e.g. to build or check the table).

    >>> sol = solve_turns(Rules(target=3))
    >>> float(sol.E[3]), round(float(sol.E[0]), 6), sol.start(3)
    (0.0, 1.083525, 0.0)
    >>> fresh = solve_turns(Rules(target=20), use_table=False)
    >>> abs(fresh.start(0) - solve_turns(Rules(target=20)).start(0)) < 1e-12
    True
    """
    rules = _solvable(rules)
    if not use_table:
        return _solve_all(rules, [0, rules.target])
    return _solve(rules)


# ------------------------------------------------------------------- the shipped table
#: The targets whose solo solve ships (the apps' choices, ``Rules.CHOICES``).  One table
#: serves them all: a turn depends on the score only through the points still needed, so
#: ``E`` of target ``T`` at score ``s`` is ``E`` of the largest target at score
#: ``s + largest - T``; the file holds that ``E`` (0.8 kB).  Other targets are solved.
SHIPPED_TARGETS: tuple[int, ...] = tuple(Rules.CHOICES["target"])
#: Version of this solo solver, recorded in the shipped table: raise it whenever a change
#: to the Seveny rules or to this solver changes ``E``, then rebuild (``make tables``).
ENGINE_VERSION = 1


def table_name() -> str:
    """File name of the shipped solo table (``dicelab/data/``).

    >>> table_name()
    'solo_seveny_t100.npz'
    """
    return f"solo_seveny_t{max(SHIPPED_TARGETS)}.npz"


def table_meta() -> dict[str, Any]:
    """The metadata of the shipped solo table (:func:`dicelab.engine.race.table_meta`).

    >>> m = table_meta(); m["table"], m["rules"], m["engine"] == ENGINE_VERSION
    ('solo', {'target': 100}, True)
    """
    return race.table_meta("seveny", Rules(target=max(SHIPPED_TARGETS)), ENGINE_VERSION,
                           table="solo")


def table_arrays() -> np.ndarray:
    """The shipped table, solved afresh (:mod:`dicelab.tools.build_tables`): ``E`` of the
    largest shipped target at every score ``0..target``."""
    target = max(SHIPPED_TARGETS)
    return np.array(solve_turns(Rules(target=target), use_table=False).E[: target + 1])


@cache
def _shipped_E() -> np.ndarray | None:
    """``E`` of the shipped table (``None`` without the file; a
    :class:`~dicelab.core.errors.TableError` if it is damaged or built for other rules)."""
    target = max(SHIPPED_TARGETS)
    return race.load_table(table_name(), table_meta(), (target + 1,), ships=True)


def _from_table(rules: Rules) -> Solution | None:
    if rules.target not in SHIPPED_TARGETS:
        return None
    full = _shipped_E()
    if full is None:
        return None
    target = rules.target
    E = np.zeros(target + MAX_SCORE + 1)
    E[: target + 1] = full[len(full) - 1 - target :]
    E.setflags(write=False)
    return Solution(rules, E, _Rows(E, target), 0)


#: the targets up to which the solo solve is quick once the turn's tables are built: at
#: most a few hundredths of a second on a busy 2-core machine (there 20 takes 0.1-0.3 s,
#: 50 about 1 s, 99 about 2 s: the apps solve those in the background, with a progress bar;
#: the menu's targets read the shipped solve)
QUICK_SOLO_TARGET = 10
#: the solved variants kept (the most recently used ones); solo_ready reads the same dict, so
#: a variant dropped from it is solved again in the background, never at once
KEEP_SOLUTIONS = 16
_SOLUTIONS: OrderedDict[Rules, Solution] = OrderedDict()
_SOLUTIONS_LOCK = threading.Lock()
#: the solves under way, by variant: (ended, [scores done, target]); a second thread asking
#: for the same variant waits for the first (one solve per variant at a time)
_RUNNING: dict[Rules, tuple[threading.Event, list[int]]] = {}


def _tables_built() -> bool:
    """Whether the turn's tables every advice reads are built (``_tables`` and the default
    :func:`points_table`: together half a second to a second, whatever the target)."""
    return (_tables.cache_info().currsize > 0
            and _default_points_table.cache_info().currsize > 0)


def solo_ready(rules: Rules | None = None, quick: bool = True) -> bool:
    """Whether the first solo advice for ``rules`` needs no long computation: the turn's
    tables are built and the target is at most :data:`QUICK_SOLO_TARGET` (``quick``), is
    one of the apps' targets (:data:`SHIPPED_TARGETS`, read from the shipped solve), or
    the variant was solved already (the apps compute the rest in the background, with a
    progress bar and a Cancel button, see :func:`prepare`; with ``quick=False``, any target
    not solved yet: a two-player app's solo odds while its two-player table is solved).

    >>> prepare(Rules(target=5))
    >>> solo_ready(Rules(target=10)), solo_ready(Rules(target=99)), solo_ready(Rules(target=100))
    (True, False, True)
    >>> solo_ready(Rules(target=9), quick=False), solo_ready(Rules(target=5), quick=False)
    (False, True)
    >>> solo_ready(Rules(target=1000))  # no exact odds: nothing to wait for
    True
    """
    try:
        rules = _solvable(rules)
    except DicelabError:
        return True
    if not _tables_built():
        return False
    return ((quick and rules.target <= QUICK_SOLO_TARGET) or rules in _SOLUTIONS
            or _reads_the_table(rules))


def _reads_the_table(rules: Rules) -> bool:
    """Whether ``rules`` is answered from the shipped solve (a target of the apps' menu and a
    sound file): milliseconds once the turn's tables are built.  A damaged file is not
    ready: the background solve reports it."""
    if rules.target not in SHIPPED_TARGETS:
        return False
    try:
        return _shipped_E() is not None
    except DicelabError:
        return False


def prepare(rules: Rules | None = None) -> None:
    """Build everything the solo advice of ``rules`` reads: the turn's tables, the
    expected-points table and the solve (cached; what the apps' background solve runs, so
    that the first advice after it costs milliseconds).  Cancellable at the solve's
    progress steps (:func:`dicelab.core.progress.step`).

    >>> prepare(Rules(target=3)); solo_ready(Rules(target=3), quick=False)
    True
    """
    rules = _solvable(rules)
    _tables()
    points_table()
    solve_turns(rules)


def _solve(rules: Rules) -> Solution:
    """The solution of ``rules``: from :data:`_SOLUTIONS`, else solved and kept there.

    One solve per variant at a time: a thread asking for a variant another thread is
    solving (an app's background solve and the explorer, or a two-player warm-up) waits for
    it, following its progress (its own Cancel stops its waiting only); if that solve is
    cancelled, the waiting thread solves the variant itself."""
    while True:
        with _SOLUTIONS_LOCK:
            sol = _SOLUTIONS.get(rules)
            if sol is not None:
                _SOLUTIONS.move_to_end(rules)
                return sol
            running = _RUNNING.get(rules)
            if running is None:
                running = (threading.Event(), [0, rules.target])
                _RUNNING[rules] = running
                break
        ended, where = running
        while not ended.wait(0.1):
            progress.step(*where)  # raises Cancelled when this thread's task is cancelled
    ended, where = running
    try:
        sol = _from_table(rules) or _solve_all(rules, where)
        with _SOLUTIONS_LOCK:
            _SOLUTIONS[rules] = sol
            while len(_SOLUTIONS) > KEEP_SOLUTIONS:
                _SOLUTIONS.popitem(last=False)
    finally:
        with _SOLUTIONS_LOCK:
            _RUNNING.pop(rules, None)
        ended.set()
    return sol


def _solve_all(rules: Rules, where: list[int]) -> Solution:
    target = rules.target
    E = np.zeros(target + MAX_SCORE + 1)
    Rs: list[np.ndarray] = [np.empty((0, 0))] * target
    iterations = 0
    for s in range(target - 1, -1, -1):
        where[0] = target - 1 - s  # for the threads waiting for this solve
        progress.step(target - 1 - s, target)  # a widget's bar; raises Cancelled if asked
        x, R, it = _solve_score(s, E, target)
        E[s] = x
        Rs[s] = R
        iterations += it
    for arr in (E, *Rs):
        arr.setflags(write=False)
    return Solution(rules, E, tuple(Rs), iterations)


def expected_turns(rules: Rules | None = None) -> float:
    """Solo (S6): expected number of turns from 0 to ``rules.target``, optimal play.

    >>> round(expected_turns(Rules(target=50)), 4)
    10.6851

    With target 1 a turn succeeds or not, so E = 1 / P(a turn banks a point):

    >>> round(expected_turns(Rules(target=1)) * expected_turn_points(cap=1), 12)
    1.0
    """
    return solve_turns(rules).start(0)


def turn_start_value(score: int, rules: Rules | None = None) -> float:
    """Solo: expected turns to reach the target from ``score``, at the start of a turn.

    >>> turn_start_value(5, Rules(target=5))
    0.0
    """
    sol = solve_turns(rules)
    return sol.start(_check_nonneg("score", score))


# ------------------------------------------------------------------- expected points
def points_table(cap: int | None = None, horizon: int = POINTS_HORIZON) -> np.ndarray:
    """``P[M, h]``: most expected banked points of the turn, rolling from hand ``h`` with
    ``M`` memorised points (``M < horizon``), counting at most ``cap`` points if given.

    >>> t = points_table()
    >>> t.shape, round(float(t[0, 0]), 6)
    ((1200, 114), 4.898462)
    """
    if cap is not None:
        cap = whole("cap", cap, 0, MAX_POINTS, error=IllegalMove)
        horizon = max(cap, 1)
    horizon = whole("horizon", horizon, 0, MAX_HORIZON, error=IllegalMove)
    if cap is None and horizon == POINTS_HORIZON:
        return _default_points_table()
    return _points_table(cap, max(horizon, 1))


@cache
def _default_points_table() -> np.ndarray:
    """The table every advice reads, kept apart from the others' LRU: never evicted, so
    :func:`_tables_built` can read whether it is built from this cache."""
    return _points_table(None, POINTS_HORIZON)


@lru_cache(maxsize=8)
def _points_table(cap: int | None, horizon: int) -> np.ndarray:
    totals = np.arange(horizon + 2 * MAX_SCORE + 2, dtype=float)
    if cap is not None:
        totals = np.minimum(totals, cap)
    R, _, _, _ = _turn(-totals, None, 0.0, horizon, 0.0)
    out = -R
    out.setflags(write=False)
    return out


def expected_turn_points(rules: Rules | None = None, cap: int | None = None) -> float:
    """The most points one turn can expect (banked points; a bust scores 0).

    With ``cap``, points beyond ``cap`` count as ``cap`` (e.g. the points
    still needed to reach the target).  ``rules`` is accepted for symmetry
    with the other games (the target does not change one turn's points).

    >>> round(expected_turn_points(cap=1), 6)
    0.98473
    """
    _rules(rules)
    return float(points_table(cap)[0, 0])


# ------------------------------------------------------------------- p_bust
def p_bust(n: int, hand: Iterable[int] = ()) -> Fraction:
    """Exact P(no legal set-aside) rolling ``n`` dice with ``hand`` set aside this cycle.

    >>> p_bust(1), p_bust(2), p_bust(7)
    (Fraction(2, 3), Fraction(4, 9), Fraction(35, 3888))
    >>> p_bust(1, hand=(5, 5, 5))
    Fraction(1, 2)
    """
    h = check_hand(hand)
    n = whole("n", n, 1, DICE - len(h), error=IllegalMove)
    bad = sum(ways(o) for o in multisets(n) if not settable(h, o))
    return Fraction(bad, 6**n)


# ------------------------------------------------------------------- distributions
def turn_points_distribution(threshold: int) -> dict[int, Fraction]:
    """Exact distribution of one turn's banked points (0 includes busts) under the rule of
    thumb "bank as soon as the turn holds ``threshold`` points or more", setting aside what
    gives the most turn points (fewest dice on a tie) — :func:`dicelab.policies.bank_at`.

    Forward enumeration of the turn's positions, exact (Fractions); cached per threshold
    (a fresh dict each call).

    >>> d = turn_points_distribution(5)
    >>> sum(d.values()), d[0] > p_bust(7), round(float(sum(k * p for k, p in d.items())), 4)
    (Fraction(1, 1), True, 3.6086)
    """
    threshold = whole("threshold", threshold, 0, MAX_THRESHOLD, error=IllegalMove)
    return dict(_turn_points_distribution(threshold))


@cache
def _rule_moves() -> tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]:
    """Per hand of :func:`hands`: ``(dice rolled, bust ways, moves)``, each move
    ``(cycle points of the new hand, next hand index or -1 for a completed cycle, ways)``:
    the set-aside with the most turn points (fewest dice, then the larger dice, on a tie),
    which does not depend on the points memorised before it (they add to every option)."""
    hs = hands()
    index = {h: i for i, h in enumerate(hs)}
    out = []
    points = cache(cycle_score)  # per sorted hand: the same few hundred hands again and again
    for hand in hs:
        n = DICE - len(hand)
        bust = 0
        moves: dict[tuple[int, int], int] = {}
        for o in multisets(n):
            opts = settable(hand, o)
            if not opts:
                bust += ways(o)
                continue
            _, _, s = max((points(sort_dice(hand + s)), -len(s), s) for s in opts)
            nh_ = sort_dice(hand + s)
            key = (points(nh_), index[nh_] if len(nh_) < DICE else -1)
            moves[key] = moves.get(key, 0) + ways(o)
        out.append((n, bust, tuple((p, j, w) for (p, j), w in moves.items())))
    return tuple(out)


@lru_cache(maxsize=MAX_THRESHOLD + 1)
def _turn_points_distribution(threshold: int) -> tuple[tuple[int, Fraction], ...]:
    # Masses are kept as exact (numerator, e) = numerator / 6**e: adding two masses only
    # scales one numerator by a power of 6 (no gcd), and each is turned into a Fraction once.
    moves = _rule_moves()
    nh = len(moves)
    pow6 = [1]

    def p6(k: int) -> int:
        while len(pow6) <= k:
            pow6.append(pow6[-1] * 6)
        return pow6[k]

    def add(table: dict[Any, list[int]], key: Any, num: int, e: int) -> None:
        cur = table.get(key)
        if cur is None:
            table[key] = [num, e]
        elif cur[1] == e:
            cur[0] += num
        elif cur[1] > e:
            cur[0] += num * p6(cur[1] - e)
        else:
            cur[0] = cur[0] * p6(e - cur[1]) + num
            cur[1] = e

    dist: dict[int, list[int]] = {}
    # frontier[m][hand index]: the mass of the positions with m points memorised this turn;
    # memorised points only go up and a hand only grows, so (m, hand index) is an order.
    frontier: dict[int, dict[int, list[int]]] = {0: {0: [1, 0]}}
    while frontier:
        m = min(frontier)
        layer = frontier.pop(m)
        for i in range(nh):
            mass = layer.pop(i, None)
            if mass is None:
                continue
            num, e = mass
            n, bust, opts = moves[i]
            e2 = e + n
            if bust:
                add(dist, 0, num * bust, e2)
            for pts, j, w in opts:
                total = m + pts
                if total >= threshold:
                    add(dist, total, num * w, e2)
                elif j < 0:
                    add(frontier.setdefault(total, {}), 0, num * w, e2)
                else:
                    add(layer, j, num * w, e2)
    return tuple(sorted((k, Fraction(num, p6(e))) for k, (num, e) in dist.items()))


def optimal_points_distribution() -> dict[int, float]:
    """Distribution of one turn's banked points (0 includes busts) when the player maximises
    the expected points (floats: a forward pass of the probability mass, vectorised).

    Its mean is :func:`expected_turn_points`; ties go to banking, then to the smaller hand.

    >>> d = optimal_points_distribution()
    >>> round(sum(d.values()), 12), round(sum(k * p for k, p in d.items()), 6)
    (1.0, 4.898462)
    """
    t = _tables()
    nh = len(t.hands)
    P = np.asarray(points_table())
    horizon = P.shape[0]
    ext = horizon + MAX_SCORE + 1
    W = np.arange(ext + MAX_SCORE + 1, dtype=float)
    W[:horizon] = np.maximum(W[:horizon], P[:, 0])
    roll_after_cycle = np.zeros(ext + MAX_SCORE + 1, dtype=bool)
    roll_after_cycle[:horizon] = P[:, 0] > np.arange(horizon)
    mass = np.zeros((ext, nh))
    mass[0, 0] = 1.0
    dist = np.zeros(ext + MAX_SCORE + 1)
    V = np.empty(nh + MAX_SCORE + 1)
    for m in range(horizon):
        if not mass[m].any():
            continue
        bank = m + t.scores
        V[:nh] = np.maximum(bank, P[m])
        V[nh + 1 :] = W[m + 1 : m + MAX_SCORE + 1]
        V[nh] = -np.inf
        for lv in reversed(t.levels):
            mh = mass[m, lv.lo : lv.hi]
            if not mh.any():
                continue
            dist[0] += float(mh @ lv.pbust)
            gm = mh[lv.group_hand] * lv.prob
            vals = V[lv.targets]
            best = np.maximum.reduceat(vals, lv.starts)
            tie = vals == np.repeat(best, lv.lens)
            pos = np.arange(len(vals))
            first = np.minimum.reduceat(np.where(tie, pos, len(vals)), lv.starts)
            chosen = lv.targets[first]
            part = chosen < nh
            j = chosen[part]
            banks = bank[j] >= P[m, j]
            np.add.at(dist, bank[j][banks], gm[part][banks])
            np.add.at(mass[m], j[~banks], gm[part][~banks])
            sc = chosen[~part] - nh
            go = roll_after_cycle[m + sc]
            np.add.at(dist, (m + sc)[~go], gm[~part][~go])
            np.add.at(mass[:, 0], (m + sc)[go], gm[~part][go])
    return {int(k): float(v) for k, v in enumerate(dist) if v > 0}


# ------------------------------------------------------------------- advice
def _check_nonneg(name: str, v: Any) -> int:
    return whole(name, v, 0, MAX_POINTS, error=IllegalMove)


def _fmt(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice)


def advise(roll: Iterable[int], *, hand: Iterable[int] = (), memorised: int = 0, score: int = 0,
           rules: Rules | None = None, objective: str = "expected_turns") -> Advice:
    """Every legal set-aside of ``roll``, then Bank or Roll, with exact numbers.

    ``hand``: this cycle's dice set aside before ``roll`` (``roll`` has
    ``7 - len(hand)`` dice); ``memorised``: points of the cycles completed
    this turn; ``score``: the player's banked score.  Figures of each choice:

    * ``p_bust``: rolling on, P(the next roll allows no set-aside); 0 for banking;
    * ``expected_points``: the turn's expected banked points, continuing so as
      to maximise them;
    * ``expected_turns``: solo, expected turns to reach ``rules.target``
      counting this one, continuing optimally.

    Ranked by ``objective`` (``"expected_turns"``, lowest first, or
    ``"expected_points"``, highest first).  A roll with no set-aside gives no
    choices (the turn is lost).

    >>> a = advise((1, 5, 5, 5, 2, 3, 4), score=44)
    >>> a.best.label, round(a.best["expected_turns"], 4)
    ('set aside 1 5 5 5, bank 6', 1.0)
    >>> a = advise((6, 2, 4), hand=(1, 5, 5, 5), objective="expected_points")
    >>> [(c.label, round(c["expected_points"], 3), c["p_bust"]) for c in a]
    [('set aside 6, bank 6', 6.0, 0.0), ('set aside 6, roll 2 dice', 5.944, 0.25)]
    """
    rules = _rules(rules)
    check_objective(objective, OBJECTIVES, error=IllegalMove)
    h = check_hand(hand)
    d = validate_dice(roll, DICE - len(h), what="dice rolled")
    memorised = _check_nonneg("memorised", memorised)
    score = _check_nonneg("score", score)
    t = _tables()
    turns = choice_turns(rules, score, memorised, h, d)  # solves: checks the target first
    ptab = points_table()
    horizon = ptab.shape[0]
    if memorised + MAX_SCORE >= horizon:
        ptab = points_table(horizon=memorised + POINTS_HORIZON)
    choices = []
    for s in settable(h, d):
        nh_ = sort_dice(h + s)
        pts = memorised + cycle_score(nh_)
        choices.append(Choice(s, Bank(s), f"set aside {_fmt(s)}, bank {pts}", {
            "p_bust": 0.0, "expected_points": float(pts),
            "expected_turns": turns[(s, "bank")]}))
        if len(nh_) == DICE:
            m, hi, label = pts, 0, f"set aside {_fmt(s)}: memorise {pts}, roll 7 dice again"
        else:
            m, hi = memorised, t.index[nh_]
            left = DICE - len(nh_)
            label = f"set aside {_fmt(s)}, roll {left} {'die' if left == 1 else 'dice'}"
        choices.append(Choice(s, Roll(s), label, {
            "p_bust": float(t.pbust[hi]),
            "expected_points": float(ptab[m, hi]),
            "expected_turns": turns[(s, "roll")],
        }))
    hib = OBJECTIVES[objective]
    return Advice(objective, hib, rank(choices, objective, hib))


def choice_turns(rules: Rules, score: int, memorised: int, hand: tuple[int, ...],
                 roll: tuple[int, ...]) -> dict[tuple[Dice, str], float]:
    """``{(set-aside, "roll" | "bank"): expected turns}`` (this one counted, optimal play
    afterwards) of every choice after ``roll`` (validated by the caller), the numbers
    :func:`advise` ranks by: one lookup each, no advice built (the coach's sums over the
    rest of a turn).

    >>> t = choice_turns(Rules(), 44, 0, (), (1, 2, 3, 4, 5, 5, 5))
    >>> t[((1, 5, 5, 5), "bank")]
    1.0
    """
    t = _tables()
    sol = solve_turns(rules)
    out: dict[tuple[Dice, str], float] = {}
    for s in settable(hand, roll):
        nh_ = sort_dice(hand + s)
        pts = memorised + cycle_score(nh_)
        out[(s, "bank")] = 1.0 + sol.bank_value(score, pts)
        m, hi = (pts, 0) if len(nh_) == DICE else (memorised, t.index[nh_])
        out[(s, "roll")] = 1.0 + sol.roll_value(score, m, hi)
    return out


def advise_solo(state: Any, objective: str | None = None) -> Advice:
    """Solo advice for the player to move in a Seveny ``state`` (no choices unless
    choosing): :func:`advise` of the player's own position, ranked by ``objective`` (one of
    :data:`OBJECTIVES`; default ``expected_turns``), ``kind="solo"`` ("solo odds" with
    several players); :func:`dicelab.engine.seveny.advise_state` chooses between this and
    the two-player advice.

    >>> from dicelab.games import seveny
    >>> s = seveny.new_state(seveny.Rules(target=5))
    >>> len(advise_solo(s))
    0
    >>> s, _ = seveny.roll_outcome(seveny.step(s, Roll(()))[0], (1, 1, 1, 1, 1, 2, 3))
    >>> advise_solo(s).best.action
    Bank(keep=(1, 1, 1, 1, 1))
    """
    check_state(State, state, "Seveny")
    objective = check_objective("expected_turns" if objective is None else objective,
                                OBJECTIVES, error=IllegalMove)
    if not deciding(state, DECISION_PHASES):
        return Advice(objective, OBJECTIVES[objective], (), players=state.players)
    a = advise(state.dice, hand=state.hand, memorised=state.memorised,
               score=state.scores[state.current_player], rules=state.rules,
               objective=objective)
    return replace(a, players=state.players)


def clear_caches() -> None:
    """Forget every solved table (for cold benchmarks)."""
    with _SOLUTIONS_LOCK:
        _SOLUTIONS.clear()
    _points_table.cache_clear()
    _default_points_table.cache_clear()
    _tables.cache_clear()
    _shipped_E.cache_clear()
    hands.cache_clear()
    _ranked_levels.cache_clear()
    _outcome_matrix.cache_clear()
    _rule_moves.cache_clear()
    _turn_points_distribution.cache_clear()


def reference_expected_turns(target: int) -> dict[int, float]:
    """Expected turns to ``target`` from every score, by plain recursion (no numpy).

    The straightforward implementation: memoised recursion over (memorised points, hand)
    with the game's own :func:`~dicelab.games.seveny.settable` and ``score``, and a secant
    search for each score's fixed point (a bust returns to the same score).  It is the
    oracle of the tests and the baseline of the benchmark; :func:`solve_turns` is the fast path.

    >>> round(reference_expected_turns(2)[0], 6) == round(expected_turns(Rules(target=2)), 6)
    True
    """
    E: dict[int, float] = {}

    def ev(v: int) -> float:
        return 0.0 if v >= target else E[v]

    for s in range(target - 1, -1, -1):

        def f(x: float, s: int = s) -> float:
            @cache
            def roll(m: int, hand: tuple[int, ...]) -> float:
                total = 0.0
                for o, p in roll_distribution(DICE - len(hand)).items():
                    opts = settable(hand, o)
                    if not opts:
                        total += float(p) * x
                        continue
                    best = math.inf
                    for k in opts:
                        nh = tuple(sorted(hand + k))
                        pts = m + cycle_score(nh)
                        bank = x if pts == 0 else ev(s + pts)
                        if bank == 0.0:
                            best = 0.0
                            break
                        go = roll(pts, ()) if len(nh) == DICE else roll(m, nh)
                        best = min(best, bank, go)
                    total += float(p) * best
                return total

            return 1.0 + roll(0, ())

        x0, x1 = 1.0, f(1.0)
        g0 = f(x0) - x0
        for _ in range(100):
            g1 = f(x1) - x1
            if abs(g1) < 1e-13:
                break
            x0, x1, g0 = x1, x1 - g1 * (x1 - x0) / (g1 - g0), g1
        E[s] = x1
    return E


# ------------------------------------------------------------------- one turn, optimal solo play
@cache
def _ranked_levels() -> tuple[tuple[Any, Any, Any, Any], ...]:
    """Per level (hand size 0 up to 6): each group's targets as candidates in the order of
    :func:`~dicelab.engine.advice.rank` on a tie — fewer dice set aside, then the dice
    (a completed cycle sets aside every die rolled: last), then ``Bank`` before ``Roll``.
    Returns (target, is_bank, starts, lens) per level."""
    t = _tables()
    nh = len(t.hands)
    out = []
    for lv in reversed(t.levels):
        tg, isb, starts, lens = [], [], [], []
        for g in range(len(lv.starts)):
            h = t.hands[lv.lo + lv.group_hand[g]]
            group = lv.targets[lv.starts[g] : lv.starts[g] + lv.lens[g]]

            def key(j: int, h: Dice = h) -> tuple[int, tuple[int, ...]]:
                if j >= nh:
                    return (DICE + 1, ())
                rest = list(t.hands[j])
                for d in h:
                    rest.remove(d)
                return (len(rest), tuple(rest))

            starts.append(len(tg))
            lens.append(2 * len(group))
            for j in sorted(group, key=key):
                tg += [j, j]
                isb += [True, False]
        out.append((np.array(tg, dtype=np.int64), np.array(isb), np.array(starts),
                    np.array(lens)))
    return tuple(out)


@lru_cache(maxsize=16)
def _outcome_matrix(rules: Rules) -> np.ndarray:
    """The forward pass of :func:`turn_outcome_matrix`, memorised total by memorised total,
    every starting score that still holds mass at once."""
    t = _tables()
    nh = len(t.hands)
    sol = solve_turns(rules)
    target = rules.target
    E = np.asarray(sol.E)
    # each group's candidates in rank order, one per next position (banking it, then rolling
    # on, are ranked next to each other): the first best candidate is the first position of
    # best value min(bank, roll), banked if banking is as good (Bank before Roll on a tie)
    ranked = [(tg[::2], starts // 2, 1j * np.arange(len(tg) // 2))
              for tg, _, starts, _ in _ranked_levels()]
    levels = tuple(reversed(t.levels))
    out = np.zeros((target + 1, target + 1))
    out[target, target] = 1.0
    ks = np.arange(MAX_SCORE + 1)
    width = nh + MAX_SCORE + 1
    # R[s, M, h], then past each score's cap the value of rolling with the target banked
    R = np.empty((target, target + MAX_SCORE + 1, nh))
    if isinstance(sol.R, _Rows):
        sol.R.fill()
    for s in range(target):
        cap = target - s
        R[s, :cap] = sol.R[s]
        R[s, cap:] = t.pbust * E[s]
    mass = np.zeros((target, target, nh))  # mass[s, M, h]
    mass[:, 0, 0] = 1.0
    diag = np.arange(target) * (target + 2)
    n_out = (target + 1) ** 2
    for m in range(target):  # memorised points only go up
        ss = np.flatnonzero(mass[: target - m, m].any(axis=1))
        if not len(ss):
            continue
        n = len(ss)
        pts = np.empty(width, dtype=np.int64)
        pts[:nh] = m + t.scores
        pts[nh:] = m + ks
        dest = np.minimum(ss[:, None] + pts, target)
        cell = dest + (ss * (target + 1))[:, None]  # flat index into out
        vbank = 1.0 + E[dest]
        vroll = np.empty((n, width))
        vroll[:, :nh] = 1.0 + R[ss, m]
        vroll[:, nh:] = 1.0 + R[ss[:, None], pts[nh:], 0]
        vbest = np.minimum(vbank, vroll)
        banks = vbank <= vroll
        row = np.arange(n)[:, None]
        flat = out.reshape(-1)
        for lv, (tg, starts, pos) in zip(levels, ranked):
            mh = mass[ss, m, lv.lo : lv.hi]
            if not mh.any():
                continue
            flat[diag[ss]] += mh @ lv.pbust
            # the complex minimum is lexicographic: the best value, then the first one
            first = np.minimum.reduceat(vbest[:, tg] + pos, starts, axis=1).imag.astype(np.int64)
            j = tg[first]
            bank = banks[row, j]
            gm = mh[:, lv.group_hand] * lv.prob
            flat += np.bincount(cell[row, j][bank], gm[bank], n_out)  # banked: the end
            part = ~bank & (j < nh)
            i = np.broadcast_to(row, j.shape)
            mass[ss, m] += np.bincount((i * nh + j)[part], gm[part], n * nh).reshape(n, nh)
            cyc = ~bank & (j >= nh)
            if cyc.any():
                nm = pts[j[cyc]]
                sc = ss[i[cyc]]
                if (nm >= target - sc).any():  # pragma: no cover - banking is better
                    raise RuntimeError("rolling on past the target")
                mass[:, :, 0] += np.bincount(sc * target + nm, gm[cyc],
                                             target * target).reshape(target, target)
    out.setflags(write=False)
    return out


def turn_outcome_matrix(rules: Rules | None = None) -> np.ndarray:
    """``P[s, s2]``: probability that a turn started at score ``s`` ends at ``s2``
    (``0..target``), following the optimal solo policy (S6) with :func:`advise`'s ranking and
    tie-breaking.  A bust (or banking 0) keeps ``s``; reaching the target ends at ``target``
    (row ``target`` is absorbing).  A forward pass of probability mass with the solver's
    tables (cached per Rules, read-only).

    >>> P = turn_outcome_matrix(Rules(target=5))
    >>> P.shape, round(float(P.sum(axis=1).max()), 12)
    ((6, 6), 1.0)
    """
    return _outcome_matrix(_solvable(rules))


def turn_outcome_distribution(score: int, rules: Rules | None = None) -> dict[int, float]:
    """Distribution of the score at the end of one turn started at ``score`` (optimal solo
    play; reaching the target gives the target).

    >>> d = turn_outcome_distribution(45, Rules(target=50))
    >>> round(sum(d.values()), 12), max(d)
    (1.0, 50)
    """
    rules = _rules(rules)
    P = turn_outcome_matrix(rules)
    score = whole("score", score, 0, rules.target, error=IllegalMove)
    row = P[score]
    return {int(k): float(row[k]) for k in np.flatnonzero(row)}


def turns_distribution(rules: Rules | None = None, max_turns: int = 200) -> np.ndarray:
    """``p[t]``: exact probability that solo Seveny from 0, played optimally, reaches the
    target at turn ``t`` (``t = 0..max_turns``); its mean is :func:`expected_turns` up to the
    cut tail.

    >>> p = turns_distribution(Rules(target=50))
    >>> round(float(p @ np.arange(len(p))), 4)
    10.6851
    """
    max_turns = whole("max_turns", max_turns, 0, MAX_TURNS, error=IllegalMove)
    return absorbing_turns(turn_outcome_matrix(rules), 0, max_turns)


def turns_moments(rules: Rules | None = None) -> tuple[float, float]:
    """Exact (mean, standard deviation) of the number of turns of solo Seveny from 0.

    >>> [round(x, 4) for x in turns_moments(Rules(target=50))]
    [10.6851, 3.0505]
    """
    mean, var = absorbing_moments(turn_outcome_matrix(rules), 0)
    return mean, math.sqrt(var)


def bank_at_law(threshold: int, target: int) -> Callable[[int], dict[int, Fraction]]:
    """The exact law of a turn's points at each score under the rule "bank at ``threshold``"
    (:func:`dicelab.analysis.policies.bank_at`): that policy banks once the turn holds
    ``threshold`` points *or* when banking reaches the target, i.e. at
    ``min(threshold, target - score)`` points, so a turn's law at score ``s`` is
    :func:`turn_points_distribution` of that threshold (for
    :func:`dicelab.analysis.counting.turns_to_target_moments`).

    >>> at = bank_at_law(5, 50)
    >>> at(0) == at(40), at(48) == at(0)
    (True, False)
    """
    threshold = whole("threshold", threshold, 1, MAX_THRESHOLD)
    target = whole("target", target, 1, MAX_POINTS)
    dist = cache(turn_points_distribution)
    return lambda s: dist(max(1, min(threshold, target - s)))
