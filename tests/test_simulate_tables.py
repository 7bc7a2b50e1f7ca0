"""The vectorised simulator's tables against the games' own rule functions (brute force).

The planners (``dicelab/engine/<game>/fast.py``) tabulate each game once with numpy instead
of calling its rule functions for every dice and board.  Oracle: the game's
``resolutions`` called for every dice and board (Trwavril's flip table, all of it), and for a
random sample of final dice on a board, the game's own ``step`` playing the engine's best
resolution (``advise_resolution``): the plan must lead to the same board (or to a board of
the same value, within 1e-12, where two resolutions tie), clear or lose as the game does.
"""

from dataclasses import replace

import numpy as np
import pytest

from dicelab.core.dice import keep_table, multisets
from dicelab.engine import fastplan
from dicelab.engine.dripeul import fast as dripeul_fast
from dicelab.engine.dripeul import solo as dripeul_engine
from dicelab.engine.protocol import PlanEngine, conformance
from dicelab.engine.trwavril import fast as trwavril_fast
from dicelab.engine.trwavril import solo as trwavril_engine
from dicelab.games import Resolve, Stop, dripeul, trwavril
from dicelab.registry import GAMES

TOL = 1e-12


@pytest.mark.parametrize("straight", ["four", "as_written"])
def test_trwavril_flip_table_is_every_resolution_of_the_game(straight):
    rules = trwavril.Rules(straight=straight)
    allowed, miss, after, label = trwavril_fast.flips(rules)
    labels = {}
    for o, dice in enumerate(multisets(trwavril.DICE)):
        for m in range(trwavril_engine.WON):
            res = trwavril.resolutions(dice, trwavril_engine.cards_of(m), rules)
            if res[0].is_miss:
                assert miss[o] and not allowed[o].any()
                continue
            assert sorted(r.card for r in res) == [c + 1 for c in np.flatnonzero(allowed[o])]
            for r in res:
                assert after[r.card - 1, m] == trwavril_engine.mask_of(r.barred)
                labels[(r.card - 1, m)] = r.describe(lang="en")
    # the label ranks order the game's labels
    keys = sorted(labels, key=lambda k: label[k])
    assert [labels[k] for k in keys] == sorted(labels.values())


def _trwavril_oracle(rules, dice, m, u):
    """(kind, next board, points, value) of final ``dice`` on board (u, m), by the game's
    step and the engine's best flip."""
    won = trwavril_engine.WON
    s = trwavril.new_state(rules, 1)
    s = replace(s, barred=(trwavril_engine.cards_of(m),), parapluies=(u,), phase="choose",
                dice=dice, rolls_left=1)
    s, _ = trwavril.step(s, Stop())
    best = None
    if s.phase == "resolve":
        advice = trwavril_engine.advise_resolution(dice, barred=trwavril_engine.cards_of(m),
                                                   parapluies=u, rules=rules)
        best = advice.best["p_win"]
        s, _ = trwavril.step(s, Resolve(advice.best.action.choice))
    if s.is_over:
        return (fastplan.CLEAR, 0, None, best) if s.winners else (fastplan.LOSE, 0,
                                                                  s.scores[0], best)
    nb = (s.parapluies[0] - 1) * won + trwavril_engine.mask_of(s.barred[0])
    return fastplan.CONT, nb, 0, best


@pytest.mark.parametrize("parapluies,straight,policy",
                         [(4, "four", "optimal"), (2, "as_written", "greedy")])
def test_trwavril_plan_plays_the_games_step_on_a_sample(parapluies, straight, policy):
    rules = trwavril.Rules(parapluies=parapluies, straight=straight)
    plan = trwavril_fast.plan(rules, policy)
    outs = keep_table(trwavril.DICE).outcomes  # the plan's outcome numbering
    won = trwavril_engine.WON
    values = {u: trwavril_engine.board_values(rules, u) for u in range(1, parapluies + 1)}
    rng = np.random.default_rng(7)
    checked = set()
    for _ in range(300):
        o = int(rng.integers(len(outs)))
        m = int(rng.integers(won))
        u = int(rng.integers(1, parapluies + 1))
        b = (u - 1) * won + m
        kind, nb, points, best = _trwavril_oracle(rules, outs[o], m, u)
        checked.add(kind)
        assert plan.kind[o, b] == kind, (outs[o], m, u)
        if kind == fastplan.LOSE:
            assert plan.lose_points[o, b] == points
        elif kind == fastplan.CONT and nb != plan.next_board[o, b]:
            # a tie between two flips: the plan's board is worth the best flip's value
            got = int(plan.next_board[o, b])
            assert got // won == nb // won and best is not None
            assert abs(values[u][got % won] - best) < TOL
    assert checked >= {fastplan.CONT, fastplan.LOSE} or parapluies > 1


def _dripeul_oracle(rules, dice, m, t):
    """(kind, next board, value) of final ``dice`` on tokens ``m`` and triangle ``t``, by the
    game's step and the engine's best resolution (manche 1 of 3)."""
    L = dripeul_engine.LEVELS
    s = replace(dripeul.new_state(rules, 1), tokens=(dripeul_engine.tokens_of(m),),
                triangle=(t,), phase="choose", dice=dice, rolls_left=1)
    s, _ = dripeul.step(s, Stop())
    best = None
    if s.phase == "resolve":
        advice = dripeul_engine.advise_resolution(dice, tokens=dripeul_engine.tokens_of(m),
                                                  level=t, rules=rules)
        best = advice.best["p_win"]
        s, _ = dripeul.step(s, Resolve(advice.best.action.choice))
    if s.is_over:
        return (fastplan.CLEAR if s.winners else fastplan.LOSE), 0, best
    if s.manche > 1:  # the manche is cleared, the next one starts
        return fastplan.CLEAR, 0, best
    return fastplan.CONT, dripeul_engine.mask_of(s.tokens[0]) * L + s.triangle[0], best


@pytest.mark.parametrize("variant", [
    dict(level=3),
    dict(level=1, reroll_set_aside=False, straight_bonus=True, last_six=True),
])
def test_dripeul_plan_plays_the_games_step_on_a_sample(variant):
    rules = dripeul.Rules(**variant)
    plan = dripeul_fast.plan(rules, "optimal")
    outs = keep_table(dripeul.DICE).outcomes
    L = dripeul_engine.LEVELS
    V = dripeul_engine.table(rules).V
    rng = np.random.default_rng(11)
    checked = set()
    for _ in range(300):
        o = int(rng.integers(len(outs)))
        m = int(rng.integers(1, 64))
        t = int(rng.integers(L))
        b = m * L + t
        kind, nb, best = _dripeul_oracle(rules, outs[o], m, t)
        checked.add(kind)
        assert plan.kind[o, b] == kind, (outs[o], m, t)
        if kind == fastplan.CONT and nb != plan.next_board[o, b]:
            got = int(plan.next_board[o, b])
            assert best is not None
            assert abs(min(1.0, max(0.0, float(V[got // L, got % L]))) - best) < TOL
    assert checked == {fastplan.CONT, fastplan.CLEAR, fastplan.LOSE}


def test_every_planned_game_has_its_planner_in_the_registry():
    planned = [g for g in GAMES if "plan" in g.fast_simulation]
    assert [g.key for g in planned] == ["dripeul", "trwavril"]
    for g in planned:
        assert g.plan_engine is g.engine
        assert conformance(g.engine, PlanEngine) == []
    assert all(g.plan_engine is None for g in GAMES if "plan" not in g.fast_simulation)


def test_the_simulator_names_no_game_outside_its_docstrings():
    """The planners live in the games' engine folders; the simulator finds them through the
    registry (its docstrings' examples may name a game)."""
    import ast
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "dicelab"
    for rel in ("analysis/simulate.py", "engine/fastplan.py"):
        src = (root / rel).read_text(encoding="utf-8")
        docs = set()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and \
                    ast.get_docstring(node) is not None:
                docs.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
        named = [(rel, i, line) for i, line in enumerate(src.splitlines(), 1)
                 if i not in docs and re.search(r"dripeul|trwavril|cinqmille|seveny|5000",
                                                line, re.IGNORECASE)]
        assert not named, named
