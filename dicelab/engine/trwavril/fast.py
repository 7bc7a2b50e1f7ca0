"""Solo Trwavril tabulated for the vectorised simulator
(:func:`dicelab.analysis.simulate.simulate_fast`, through the engine contract's
``fast_plan``: :class:`~dicelab.engine.protocol.PlanEngine`).

Every table is read from the exact engine and from the game's own rule functions
(:func:`~dicelab.games.trwavril.resolutions`, :func:`~dicelab.games.trwavril.step`): no rule
is written here.  The resolutions are tabulated with one call of ``resolutions`` per dice
(on an empty board: which cards the dice flip, or a miss) and one call per card and board
(what flipping that card does to that board, and its label); the best flip of every final
dice on every board is then a few numpy operations.

>>> from dicelab.games.trwavril import Rules
>>> p = plan(Rules(), "optimal")
>>> p.game, p.n, p.kind.shape
('trwavril', 4, (126, 252))
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import numpy as np

from dicelab.engine.fastplan import CLEAR, CONT, LOSE, Plan, choices, dice_tables, positions

__all__ = ["clear_cache", "flips", "plan"]


@functools.cache
def flips(rules: Any) -> tuple[Any, Any, Any, Any]:
    """The game's resolutions of every final dice on every board, as tables (cached).

    ``(allowed, miss, after, label)``: ``allowed[o, c - 1]`` whether outcome ``o`` (of
    ``multisets(4)``) may flip card ``c``; ``miss[o]`` whether it is a miss;
    ``after[c - 1, m]`` the mask of the barred cards after flipping ``c`` on board ``m``, and
    ``label[c - 1, m]`` the rank of that resolution's English label among all of them (the
    engine's tie-break).  Each entry is one the game's ``resolutions`` returned.

    >>> from dicelab.games.trwavril import Rules
    >>> allowed, miss, after, label = flips(Rules())
    >>> allowed.shape, int(miss.sum()), int(after[0, 0]), int(after[0, 1])
    ((126, 6), 87, 1, 0)
    """
    from dicelab.core.dice import multisets
    from dicelab.engine.trwavril import solo as eng
    from dicelab.games import trwavril as g

    outs = multisets(g.DICE)
    cards = len(g.CARDS)
    allowed = np.zeros((len(outs), cards), dtype=bool)
    for o, dice in enumerate(outs):
        for r in g.resolutions(dice, (), rules):
            if not r.is_miss:
                allowed[o, r.card - 1] = True
    miss = ~allowed.any(axis=1)
    # one dice per card that may flip it: its resolutions on every board
    after = np.full((cards, eng.WON), -1, dtype=np.int64)
    labels: dict[tuple[int, int], str] = {}
    for c in range(cards):
        if (after[c] >= 0).all():
            continue
        o = int(np.flatnonzero(allowed[:, c])[0])
        for m in range(eng.WON):
            for r in g.resolutions(outs[o], eng.cards_of(m), rules):
                after[r.card - 1, m] = eng.mask_of(r.barred)
                labels[(r.card - 1, m)] = r.describe(lang="en")
    order = {text: i for i, text in enumerate(sorted(set(labels.values())))}
    label = np.zeros((cards, eng.WON), dtype=np.int64)
    for (c, m), text in labels.items():
        label[c, m] = order[text]
    for a in (allowed, miss, after, label):
        a.setflags(write=False)
    return allowed, miss, after, label


def best_flips(rules: Any, values: Any) -> Any:
    """``after[o, m]``: the mask after the best flip of outcome ``o`` on board ``m`` when
    the boards are worth ``values`` (indexed by mask): highest value, then the first label
    (``advise_resolution``'s order); ``-1`` on a miss."""
    allowed, miss, after, label = flips(rules)
    v = np.asarray(values, dtype=float)[after]  # (cards, boards)
    vals = np.where(allowed[:, :, None], v[None], -np.inf)  # (outcomes, cards, boards)
    top = vals.max(axis=1, keepdims=True)
    tied = (vals == top) & allowed[:, :, None]
    big = int(label.max()) + 1
    pick = np.where(tied, label[None], big).argmin(axis=1)  # (outcomes, boards)
    out = np.take_along_axis(after[None], pick[:, None, :], axis=1)[:, 0, :]
    out[miss] = -1
    return out


@functools.cache
def plan(rules: Any, policy: str) -> Plan:
    """Choice and resolution tables of solo Trwavril from the exact engine (cached).

    Board ``(u - 1) * 63 + mask``: ``u`` parapluies up, ``mask`` the barred cards.
    """
    from dicelab.core.dice import multisets
    from dicelab.engine.reroll import solve_turn
    from dicelab.engine.trwavril import solo as eng
    from dicelab.games import trwavril as g
    from dicelab.games._base import Stop

    n, won, top = g.DICE, eng.WON, rules.parapluies
    boards = top * won
    width, stride, flat, den, full = dice_tables(n)
    pos_of, pos_outcome, cand = positions(n, locked=False)
    outs = multisets(n)
    _, miss, _, _ = flips(rules)
    values = {u: np.asarray(eng.board_values(rules, u), dtype=float) for u in range(1, top + 1)}
    if policy == "optimal":
        # the engine's own optimal turn of each level (solved with its values)
        per_level = [choices(eng.level(rules.straight, u).turn, n, g.ROLLS, cand, clip=False)
                     for u in range(1, top + 1)]
        choice = tuple(None if r == 0 else np.concatenate([c[r] for c in per_level], axis=1)
                       for r in range(g.ROLLS))
    else:  # greedy: p_turn, the same for every board
        ok = (~miss).astype(float)
        cols = choices(solve_turn(n, ok, g.ROLLS), n, g.ROLLS, cand, clip=False)
        choice = tuple(c if c is None else np.repeat(c, boards, axis=1) for c in cols)
    # final dice: the game's resolutions; the best flip by p_win (advise_resolution's order)
    kind = np.zeros((width, boards), dtype=np.int64)
    nxt = np.zeros((width, boards), dtype=np.int64)
    lose = np.zeros((width, boards), dtype=np.int64)
    base = g.new_state(rules, 1)
    for u in range(1, top + 1):
        cols = slice((u - 1) * won, u * won)
        after = best_flips(rules, values[u])
        kind[:, cols] = np.where(after == won, CLEAR, CONT)
        nxt[:, cols] = np.where((after >= 0) & (after < won), (u - 1) * won + after, 0)
    # a miss: what the game's step does on each board (the same for every missed dice)
    missed = np.flatnonzero(miss)
    if missed.size:
        dice = outs[int(missed[0])]
        for m in range(won):
            for u in range(1, top + 1):
                s = replace(base, barred=(eng.cards_of(m),), parapluies=(u,), phase="choose",
                            dice=dice, rolls_left=1)
                s, _ = g.step(s, Stop())
                b = (u - 1) * won + m
                k, nb, pts = ((LOSE, 0, s.scores[0]) if s.is_over
                              else (CONT, (s.parapluies[0] - 1) * won + m, 0))
                kind[missed, b], nxt[missed, b], lose[missed, b] = k, nb, pts
    # winning: the game's own end (one clear ends the solo game)
    last = next(o for o, d in enumerate(outs) if len(g.resolutions(d, (), rules)) == 1
                and not g.resolutions(d, (), rules)[0].is_miss)
    card = g.resolutions(outs[last], (), rules)[0].card
    s = replace(base, barred=(tuple(c for c in g.CARDS if c != card),), phase="choose",
                dice=outs[last], rolls_left=1)
    s, _ = g.step(s, Stop())
    after_clear = ((bool(s.is_over), bool(s.winners), int(s.scores[0]), 0),)
    return Plan("trwavril", n, g.ROLLS, width, stride, flat, den, full, pos_of, pos_outcome,
                choice, kind, nxt, lose, (top - 1) * won, after_clear)


def clear_cache() -> None:
    """Forget the tables (for cold benchmarks)."""
    plan.cache_clear()
    flips.cache_clear()
