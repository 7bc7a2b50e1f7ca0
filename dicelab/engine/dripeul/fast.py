"""Solo Dripeul 5 tabulated for the vectorised simulator
(:func:`dicelab.analysis.simulate.simulate_fast`, through the engine contract's
``fast_plan``: :class:`~dicelab.engine.protocol.PlanEngine`).

The keeps and token choices are read from the exact engine's tables, and what the game does at
the end of a manche from its own ``step``: no rule is written here.

>>> from dicelab.games.dripeul import Rules
>>> p = plan(Rules(), "optimal")
>>> p.game, p.n, p.kind.shape
('dripeul', 5, (252, 320))
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from dicelab.engine.fastplan import (
    CLEAR,
    CONT,
    LOSE,
    Plan,
    best_option,
    choices,
    dice_tables,
    positions,
)

__all__ = ["clear_cache", "plan"]


def _probe(rules: Any, tokens: tuple[int, ...], triangle: int, manche: int,
           dice: tuple[int, ...]) -> Any:
    """The game's own state after stopping on ``dice`` (a single-outcome roll) on a board."""
    from dataclasses import replace

    from dicelab.games import dripeul as g
    from dicelab.games._base import Stop

    s = replace(g.new_state(rules, 1), tokens=(tokens,), triangle=(triangle,), manche=manche,
                phase="choose", dice=dice, rolls_left=1)
    s, _ = g.step(s, Stop())
    if not s.is_over and s.phase == "resolve":  # pragma: no cover - probes use one outcome
        raise RuntimeError("a probe needs dice with a single outcome")
    return s


def plan(rules: Any, policy: str) -> Plan:
    """Choice and resolution tables of solo Dripeul 5 (``policy`` ``"optimal"`` or
    ``"greedy"``) from the exact engine and the game's ``step`` (cached per variant).

    Board ``mask * LEVELS + triangle``: the tokens left and the triangle.
    """
    core = _core(_key(rules), policy)
    flow = _flow(rules)
    return Plan(**core, **flow)


def _key(rules: Any) -> tuple[bool, bool, bool]:
    from dicelab.engine.dripeul import solo as eng

    return eng.table(rules).key


@functools.cache
def _core(key: tuple[bool, bool, bool], policy: str) -> dict[str, Any]:
    """Choice and resolution tables of one Dripeul variant from the exact engine (cached)."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games import dripeul as g

    rules = g.Rules(reroll_set_aside=key[0], straight_bonus=key[1], last_six=key[2])
    tab = eng.table(rules)
    opt = eng.options(key)
    levels = eng.LEVELS
    boards = eng.BOARDS
    n = g.DICE
    width, stride, flat, den, full = dice_tables(n)
    pos_of, pos_outcome, cand = positions(n, locked=not key[0])
    if policy == "optimal":
        cols = choices(tab.turn, n, g.ROLLS, cand, clip=True)
        choice = tuple(c if c is None else c[:, :boards] for c in cols)
    else:  # greedy: p_turn, one column per mask
        cols = choices(tab.p_turn, n, g.ROLLS, cand, clip=True)
        mask_col = np.arange(boards) // levels
        choice = tuple(c if c is None else c[:, mask_col] for c in cols)
    # resolution: the best next column of every (final dice, board)
    vext = np.append(np.asarray(tab.V, dtype=float).ravel(), 0.0)  # column XCOL: X
    index = np.asarray(opt.index)
    # the engine's rolls with one figure share their outcomes (its classes): one pass per class
    cls = np.asarray(opt.cls)
    best_cls = np.zeros((int(cls.max()) + 1, boards), dtype=np.int64)
    for k in range(len(best_cls)):
        o = int(np.flatnonzero(cls == k)[0])
        for m in range(1, 64):
            outs = opt.outcomes[o][m]
            if len(outs) < 2:
                continue
            labels: list[str] | None = None  # the engine's tie-break, needed on a tie only
            turn = [float(not x.failure) for x in outs]
            for t in range(levels):
                c = m * levels + t
                if policy == "optimal":
                    vals = [min(1.0, max(0.0, vext[index[o, c, j]])) for j in range(len(outs))]
                else:
                    vals = turn
                top = max(vals)
                if vals.count(top) == 1:  # no tie: the label order does not matter
                    best_cls[k, c] = vals.index(top)
                    continue
                if labels is None:
                    labels = [x.describe(lang="en") for x in outs]
                best_cls[k, c] = best_option(vals, labels)
    best = best_cls[cls]
    nxt = np.take_along_axis(index, best[:, :, None], axis=2)[:, :, 0]
    kind = np.where(nxt == eng.XCOL, LOSE, np.where(nxt < levels, CLEAR, CONT))
    return dict(game="dripeul", n=n, rolls=g.ROLLS, width=width, stride=stride, flat=flat,
                den=den, full=full, pos_of=pos_of, pos_outcome=pos_outcome, choice=choice,
                kind=kind, next_board=np.where(kind == CONT, nxt, 0))


@functools.cache
def _flow(rules: Any) -> dict[str, Any]:
    """What the game does at the end of a manche, read from its own ``step``."""
    from dicelab.core.dice import multisets
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games import dripeul as g

    opt = eng.options(_key(rules))
    outs = multisets(g.DICE)
    fail = next(o for o in range(len(outs)) if bool(np.asarray(opt.failure)[o, 1:].all()))
    lose_by_mask = np.zeros(64, dtype=np.int64)
    for m in range(1, 64):
        s = _probe(rules, eng.tokens_of(m), 0, 1, outs[fail])
        if not s.is_over or s.winners:  # pragma: no cover - solo D7
            raise RuntimeError("a solo failure on triangle 0 should end the game")
        lose_by_mask[m] = s.scores[0]
    lose_points = np.broadcast_to(np.repeat(lose_by_mask, eng.LEVELS), (len(outs), eng.BOARDS))
    # a roll that clears a one-token board, whatever the triangle
    index = np.asarray(opt.index)
    o, c = next((o, c) for o in range(len(outs)) for c in range(eng.LEVELS, eng.BOARDS)
                if bin(c // eng.LEVELS).count("1") == 1 and opt.outcomes[o][c // eng.LEVELS]
                and len(opt.outcomes[o][c // eng.LEVELS]) == 1
                and index[o, c, 0] < eng.LEVELS)
    after = []
    for manche in range(1, rules.manches + 1):
        s = _probe(rules, eng.tokens_of(c // eng.LEVELS), rules.level, manche, outs[o])
        nb = 0 if s.is_over else eng.mask_of(s.tokens[0]) * eng.LEVELS + s.triangle[0]
        after.append((bool(s.is_over), bool(s.winners), int(s.scores[0]), int(nb)))
    start = eng.mask_of(g.SQUARES) * eng.LEVELS + rules.level
    return dict(lose_points=lose_points, start=start, after_clear=tuple(after))


def clear_cache() -> None:
    """Forget the tables (for cold benchmarks)."""
    _core.cache_clear()
    _flow.cache_clear()
