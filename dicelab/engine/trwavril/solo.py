"""Exact odds and the optimal solo strategy of Trwavril.

A board is the set of barred cards (a 6-bit mask, 64 of them) and the number
of parapluies still up.  ``V[u][mask]`` is the probability of winning the solo
game from the start of a turn, playing optimally.  Final dice ``o`` on board
``(mask, u)`` are worth

* ``max_c V[u][mask ^ c]`` over the cards ``c`` they allow (:func:`flippable`),
  with ``V[u][all six] = 1`` (won);
* ``V[u - 1][mask]`` for a miss, with ``V[0] = 0`` (lost).

Because a flip toggles, a board can come back: for each ``u`` the 63 boards
form a cyclic system.  It is solved by value iteration, every board in one
batched :func:`~dicelab.engine.reroll.solve_turn` (one column per board),
from below (all 0) and from above (all 1) at once: both sequences are monotone
and squeeze the unique fixed point, so when they are within ``TOL`` of each
other every value is exact to ``TOL``.  Every turn can miss, whatever the
player does, so the iteration contracts.  ``V[u]`` does not depend on the
number of parapluies the game started with, so one level serves every
difficulty.

>>> from dicelab.games.trwavril import Rules
>>> round(win_probability(Rules()), 4), round(win_probability(Rules(parapluies=1)), 4)
(0.2384, 0.0151)
>>> a = advise((5, 5, 2, 5), rolls_left=2, barred=(), parapluies=4)
>>> [(c.label, round(c["p_win"], 4), c["p_turn"]) for c in a][:2]
[('keep 5 5 5, roll 1', 0.3121, 1.0), ('stop', 0.3087, 1.0)]
>>> round(start_value((1, 2, 3, 4, 5), 1), 4)
0.3086
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from dicelab.core.dice import Dice, multisets, sort_dice, validate_dice
from dicelab.core.errors import DicelabError, IllegalMove, brief
from dicelab.engine.advice import Advice, Choice, deciding, rank
from dicelab.engine.reroll import TurnSolution, solve_turn
from dicelab.games._base import Resolve, Roll, Stop
from dicelab.games._checks import check_objective, check_rules, check_state, whole
from dicelab.games.trwavril import (
    CARDS,
    DICE,
    ROLLS,
    Rules,
    State,
    flippable,
    resolutions,
    validate_barred,
)

__all__ = [
    "DECISION_PHASES",
    "OBJECTIVES",
    "FlipEffect",
    "TOL",
    "advise",
    "advise_resolution",
    "advise_solo",
    "bellman",
    "board_values",
    "clear_caches",
    "flip_effect",
    "p_turn_start",
    "start_value",
    "win_probability",
]

DEFAULT_RULES = Rules()
TOL = 1e-13  #: the lower and upper value iterations end within this of each other
WON = 63  #: the mask of a board with all six cards barred
OBJECTIVES = ("p_win", "p_turn")
#: The phases in which the player to move has a choice (advice is empty otherwise).
DECISION_PHASES = ("choose", "resolve")


def mask_of(barred: Iterable[int]) -> int:
    """The 6-bit mask of barred cards (card c is bit c − 1).

    >>> mask_of((1, 3)), mask_of(())
    (5, 0)
    """
    m = 0
    for c in barred:
        m |= 1 << (c - 1)
    return m


def cards_of(mask: int) -> tuple[int, ...]:
    """The barred cards of a mask (inverse of :func:`mask_of`).

    >>> cards_of(5)
    (1, 3)
    """
    return tuple(c for c in CARDS if mask >> (c - 1) & 1)


@cache
def _outcome_table(straight: str) -> tuple[Any, Any]:
    """For every final outcome of 4 dice: which cards it may flip, and whether it is a miss."""
    rules = Rules(straight=straight)
    outs = multisets(DICE)
    allowed = np.zeros((len(outs), len(CARDS)), dtype=bool)
    for o, dice in enumerate(outs):
        for c in flippable(dice, rules):
            allowed[o, c - 1] = True
    miss = ~allowed.any(axis=1)
    allowed.setflags(write=False)
    miss.setflags(write=False)
    return allowed, miss


_MASKS = np.arange(WON)  # the 63 boards still in play, one column each
_NEXT = np.array([[m ^ (1 << (c - 1)) for m in range(WON)] for c in CARDS])  # (6, 63)


def final_values(straight: str, V: Any, V_low: Any) -> Any:
    """Value of stopping with each outcome (rows) on each board (columns).

    ``V`` (shape ``(63, k)`` or ``(63,)``) holds the start-of-turn values of
    this level, ``V_low`` those of the level below (a miss).
    """
    allowed, miss = _outcome_table(straight)
    V = np.asarray(V, dtype=float)
    flat = V.ndim == 1
    if flat:
        V = V[:, None]
    full = np.vstack([V, np.ones((1, V.shape[1]))])  # won: 1
    after = full[_NEXT]  # (6 cards, 63 boards, k)
    vals = np.where(allowed[:, :, None, None], after[None], -1.0).max(axis=1)
    low = np.asarray(V_low, dtype=float)
    low = low[:, None] if low.ndim == 1 else low
    vals[miss] = np.broadcast_to(low, (WON, V.shape[1]))
    return vals[:, :, 0] if flat else vals.reshape(len(allowed), -1)


def bellman(straight: str, V: Any, V_low: Any) -> Any:
    """One optimal turn from every board: the start-of-turn values it gives (shape of ``V``)."""
    f = final_values(straight, V, V_low)
    return np.asarray(solve_turn(DICE, f, ROLLS).start).reshape(np.shape(V))


@dataclass(frozen=True)
class Level:
    """The solved boards with ``u`` parapluies up: values and the optimal turn per board."""

    straight: str
    u: int
    V: Any  # (63,) start-of-turn win probabilities
    V_low: Any  # (63,) values after a miss (level u - 1)
    gap: float  # final distance between the lower and upper iterations
    iterations: int
    turn: TurnSolution  # solve_turn over the 63 boards


@cache
def _level(straight: str, u: int) -> Level:
    if u < 1:
        raise DicelabError("parapluies must be at least 1 here; got {u}", u=brief(u))
    V_low = np.zeros(WON) if u == 1 else _level(straight, u - 1).V
    lo = np.zeros(WON)
    hi = np.ones(WON)
    gap, iterations = 1.0, 0
    while gap >= TOL and iterations < 10_000:
        both = bellman(straight, np.column_stack([lo, hi]), V_low)
        lo = np.maximum(lo, both[:, 0])  # monotone in exact arithmetic; guard rounding
        hi = np.minimum(hi, both[:, 1])
        gap = float((hi - lo).max())
        iterations += 1
    V = (lo + hi) / 2
    V.setflags(write=False)
    V_low.setflags(write=False)
    turn = solve_turn(DICE, final_values(straight, V, V_low), ROLLS)
    return Level(straight, u, V, V_low, gap, iterations, turn)


@cache
def _p_turn_solution(straight: str) -> TurnSolution:
    _, miss = _outcome_table(straight)
    return solve_turn(DICE, (~miss).astype(float), ROLLS)


def level(straight: str, u: int) -> Level:
    """The solved boards with ``u`` parapluies up (cached): values and the optimal turn.

    >>> lv = level("four", 1)
    >>> lv.V.shape, lv.turn is level("four", 1).turn
    ((63,), True)
    """
    return _level(straight, u)


def clear_caches() -> None:
    """Forget every solved table (for cold benchmarks)."""
    _level.cache_clear()
    _p_turn_solution.cache_clear()
    _outcome_table.cache_clear()


def board_values(rules: Rules | None = None, parapluies: int | None = None) -> Any:
    """Win probabilities at the start of a turn of every board, indexed by mask (64 values).

    >>> v = board_values(Rules(parapluies=2))
    >>> v.shape, float(v[63])
    ((64,), 1.0)
    """
    rules = _check_rules(rules)
    u = rules.parapluies if parapluies is None else whole("parapluies", parapluies, 1, 4)
    out = np.ones(WON + 1)
    out[:WON] = _level(rules.straight, u).V
    return out


def win_probability(rules: Rules | None = None) -> float:
    """Solo win probability from the start (all six cards normal), optimal play.

    >>> [round(win_probability(Rules(parapluies=p)), 4) for p in (4, 3, 2, 1)]
    [0.2384, 0.1364, 0.0595, 0.0151]
    """
    rules = _check_rules(rules)
    return float(_level(rules.straight, rules.parapluies).V[0])


def p_turn_start(rules: Rules | None = None) -> float:
    """Probability that a turn is not a miss, before its first roll, playing for that alone.

    >>> round(p_turn_start(), 4), round(p_turn_start(Rules(straight="as_written")), 4)
    (0.5779, 0.5084)
    """
    rules = _check_rules(rules)
    return float(_p_turn_solution(rules.straight).start)


def _check_rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "Trwavril")


def _check_board(barred: Any, parapluies: Any, lowest: int = 0) -> tuple[tuple[int, ...], int]:
    b = validate_barred(barred)
    return b, whole("parapluies", parapluies, lowest, 4)


def start_value(barred: Iterable[int], parapluies: int, rules: Rules | None = None) -> float:
    """Win probability at the start of a turn, before the first roll (optimal play).

    All six barred is a win (1.0); no parapluie left is a loss (0.0).

    >>> round(start_value((), 4), 4), start_value(range(1, 7), 1), start_value((2,), 0)
    (0.2384, 1.0, 0.0)
    """
    rules = _check_rules(rules)
    b, u = _check_board(barred, parapluies)
    m = mask_of(b)
    if m == WON:
        return 1.0
    if u == 0:
        return 0.0
    return float(_level(rules.straight, u).V[m])


class FlipEffect(NamedTuple):
    """What flipping ``card`` does to the win probability (start of the next turn)."""

    card: int
    barred_before: tuple[int, ...]
    barred_after: tuple[int, ...]
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


def flip_effect(
    barred: Iterable[int], card: int, *, parapluies: int, rules: Rules | None = None
) -> FlipEffect:
    """Win probability before and after flipping ``card`` (why a brelan can hurt).

    A brelan of a card already barred must flip it back:

    >>> e = flip_effect((1, 2, 3, 4, 5), 5, parapluies=2)
    >>> e.barred_after, round(e.before, 3), round(e.after, 3), e.change < 0
    ((1, 2, 3, 4), 0.515, 0.322, True)
    """
    rules = _check_rules(rules)
    b, u = _check_board(barred, parapluies)
    card = whole("card", card, 1, 6)
    after = tuple(sorted(set(b) ^ {card}))
    return FlipEffect(
        card, b, after, start_value(b, u, rules), start_value(after, u, rules)
    )


def _keep_label(dice: Dice, keep: Dice) -> str:
    if len(keep) == len(dice):
        return "stop"
    if not keep:
        return f"roll all {len(dice)}"
    return f"keep {' '.join(map(str, keep))}, roll {len(dice) - len(keep)}"


def advise(
    dice: Iterable[int],
    *,
    rolls_left: int,
    barred: Iterable[int],
    parapluies: int,
    rules: Rules | None = None,
    objective: str = "p_win",
) -> Advice:
    """Every distinct keep of ``dice`` (keeping all = stop), with exact numbers.

    ``rolls_left``: rolls still allowed this turn (0, 1 or 2 once dice are on
    the table).  Each choice has ``p_turn`` (best probability this turn is not
    a miss after that keep) and ``p_win`` (probability of winning the solo
    game, optimal play from there), ranked by ``objective``.

    >>> a = advise((1, 2, 3, 6), rolls_left=1, barred=(1, 2, 3, 4), parapluies=1)
    >>> [(c.label, round(c["p_win"], 3)) for c in a][:2]
    [('keep 6, roll 3', 0.041), ('keep 3 6, roll 2', 0.033)]
    >>> a = advise((1, 2, 3, 6), rolls_left=1, barred=(1, 2, 3, 4), parapluies=1,
    ...            objective="p_turn")
    >>> a.best.label, round(a.best["p_turn"], 4)
    ('keep 3, roll 3', 0.1806)
    """
    rules = _check_rules(rules)
    d = validate_dice(dice, DICE, what="dice")
    b, u = _check_board(barred, parapluies)
    rolls_left = whole("rolls_left", rolls_left, 0, ROLLS - 1)
    check_objective(objective, OBJECTIVES)
    m = mask_of(b)
    if m == WON:
        raise DicelabError("all six cards are barred: the game is already won")
    if u == 0:
        raise DicelabError("no parapluie left: the game is already lost")
    sd = sort_dice(d)
    win = _level(rules.straight, u).turn.keep_values(sd, rolls_left)
    turn = _p_turn_solution(rules.straight).keep_values(sd, rolls_left)
    choices = [
        Choice(
            keep,
            Stop() if len(keep) == DICE else Roll(keep),
            _keep_label(sd, keep),
            {"p_win": float(win[keep][m]), "p_turn": float(turn[keep])},
        )
        for keep in win
    ]
    return Advice(objective, True, rank(choices, objective, True))


def advise_resolution(
    dice: Iterable[int], *, barred: Iterable[int], parapluies: int, rules: Rules | None = None
) -> Advice:
    """The cards final ``dice`` allow to flip, each with ``p_win`` afterwards, best first.

    A miss has no choice (empty advice).

    >>> a = advise_resolution((5, 5, 5, 5), barred=(1, 2, 3, 4, 6), parapluies=1)
    >>> [(c.action, c.label) for c in a][:1]
    [(Resolve(choice=5), 'flip card 5 (bar it)')]
    """
    rules = _check_rules(rules)
    # final dice are resolved before a parapluie is lost: at least one is still up
    b, u = _check_board(barred, parapluies, lowest=1)
    sd = sort_dice(validate_dice(dice, DICE, what="dice"))
    if mask_of(b) == WON:
        raise DicelabError("all six cards are barred: the game is already won")
    choices = [
        Choice(sd, Resolve(r.card), r.describe(lang="en"),
               {"p_win": start_value(r.barred, u, rules)})
        for r in resolutions(sd, b, rules)
        if r.card is not None
    ]
    return Advice("p_win", True, rank(choices, "p_win", True))


def advise_solo(state: State, objective: str | None = None) -> Advice:
    """Solo advice for the player to move: the numbers of the player's own board, ranked by
    ``objective`` (one of :data:`OBJECTIVES`; default ``p_win``; a card choice is always
    ranked by ``p_win``), ``kind="solo"``; :func:`dicelab.engine.trwavril.advise_state`
    chooses between this and the two-player advice.

    Empty choices when there is nothing to choose (start of a turn, dice rolling, game over).

    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(trwavril.Rules(), 1)
    >>> s, _ = trwavril.roll_outcome(trwavril.step(s, Roll(()))[0], (3, 3, 3, 5))
    >>> advise_solo(s).best.label
    'keep 3 3 3, roll 1'
    """
    check_state(State, state, "Trwavril")
    obj = check_objective("p_win" if objective is None else objective, OBJECTIVES,
                          error=IllegalMove)
    if not deciding(state, DECISION_PHASES):
        return Advice(obj, True, (), players=state.players)
    p = state.current_player
    if state.phase == "resolve":
        a = advise_resolution(
            state.dice, barred=state.barred[p], parapluies=state.parapluies[p], rules=state.rules
        )
    else:
        a = advise(
            state.dice,
            rolls_left=state.rolls_left,
            barred=state.barred[p],
            parapluies=state.parapluies[p],
            rules=state.rules,
            objective=obj,
        )
    return replace(a, players=state.players)


def keep_outcomes(
    keep: Iterable[int],
    *,
    rolls_left: int,
    barred: Iterable[int],
    parapluies: int,
    rules: Rules = DEFAULT_RULES,
) -> dict[Dice, float]:
    """Distribution of the turn's final dice after ``keep``, then optimal play (``p_win``).

    ``rolls_left`` as in :func:`advise` (keeping all four dice is stopping).  The coach
    reads how often the turn succeeds, and which cards it flips, from it.

    >>> d = keep_outcomes((5, 5, 5), rolls_left=1, barred=(), parapluies=4)
    >>> round(sum(d.values()), 12), round(d[(5, 5, 5, 5)], 4)
    (1.0, 0.1667)
    """
    from dicelab.engine.reroll import final_distribution

    _check_rules(rules)
    b, u = _check_board(barred, parapluies)
    if u == 0 or mask_of(b) == WON:
        raise DicelabError("the game is already decided: there is no turn to play")
    return final_distribution(_level(rules.straight, u).turn, keep, rolls_left, mask_of(b))
