"""The engine contract (:mod:`dicelab.engine.protocol`), checked on every registered game.

Each game's engine package keeps :class:`Engine`; a game with ``two_player`` keeps
:class:`DuelEngine`; a game simulated as a chain over scores keeps :class:`ChainEngine`; a
reroll game keeps :class:`RerollEngine`.  Each is checked by name and by signature
(:func:`conformance`: the arguments the contract passes, its defaults) and as the runtime
protocol.
The checker itself is tested on engines that break the contract, so that a pass means
something.
"""

from __future__ import annotations

import types

import pytest

from dicelab.engine.advice import Advice
from dicelab.engine.protocol import (
    ChainEngine,
    DuelEngine,
    Engine,
    PlanEngine,
    RerollEngine,
    conformance,
)
from dicelab.registry import GAMES

ENTRIES = pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)


@ENTRIES
def test_every_engine_keeps_the_contract(entry):
    engine = entry.engine
    assert conformance(engine, Engine) == []
    assert isinstance(engine, Engine)  # the runtime protocol: every name is there
    if entry.two_player:
        assert conformance(engine, DuelEngine) == []
        assert entry.duel_engine is engine
    else:
        assert entry.duel_engine is None
    if "chain" in entry.fast_simulation:
        assert conformance(engine, ChainEngine) == []
        assert entry.chain_engine is engine
    else:
        assert entry.chain_engine is None
    if "plan" in entry.fast_simulation:
        assert conformance(engine, PlanEngine) == []
        assert entry.plan_engine is engine
    else:
        assert entry.plan_engine is None
    if entry.kind == "reroll":
        assert conformance(engine, RerollEngine) == []
        assert isinstance(engine, RerollEngine)
        assert entry.reroll_engine is engine
    else:
        assert entry.reroll_engine is None
    if "rule_chain" in entry.fast_simulation:
        assert entry.chain_engine.bank_at_outcome_matrix is not None
    # the registry's objectives are the engine's
    assert {entry.solo_objective, entry.turn_objective} <= set(engine.OBJECTIVES)
    # solo_ready and prepare come together, and so do the quick solo tables' two names
    assert (engine.solo_ready is None) == (engine.prepare is None)
    assert (engine.solo_tables_built is None) == (engine.build_solo_tables is None)


def test_the_four_engines_keep_their_contracts():
    """The engines of the games the package ships, by name: each keeps the contracts its
    entry says, and only those (a solo reroll game is no chain, a pushluck game no reroll
    turn)."""
    protocols = (Engine, DuelEngine, ChainEngine, PlanEngine, RerollEngine)
    kept = {g.key: {p.__name__ for p in protocols if not conformance(g.engine, p)}
            for g in GAMES}
    assert {k: kept[k] for k in ("dripeul", "trwavril", "cinqmille", "seveny")} == {
        "dripeul": {"Engine", "DuelEngine", "PlanEngine", "RerollEngine"},
        "trwavril": {"Engine", "DuelEngine", "PlanEngine", "RerollEngine"},
        "cinqmille": {"Engine", "DuelEngine", "ChainEngine"},
        "seveny": {"Engine", "DuelEngine", "ChainEngine"},
    }


@ENTRIES
def test_the_contracts_functions_answer_as_it_says(entry):
    engine = entry.engine
    state = entry.Game(players=2 if 2 in entry.player_counts else 1, seed=1).state
    advice = engine.advise_state(state, objective=entry.solo_objective)
    assert isinstance(advice, Advice) and len(advice) == 0  # nothing to choose yet
    if entry.duel_engine is not None:
        rules = entry.Rules()
        assert isinstance(entry.duel_engine.duel_ready(rules), bool)
        assert entry.duel_engine.table_name(rules).endswith(".npz")
    if engine.solo_ready is not None:
        assert isinstance(engine.solo_ready(entry.Rules()), bool)
    if engine.solo_tables_built is not None:
        assert isinstance(engine.solo_tables_built(entry.Rules()), bool)


@pytest.mark.parametrize("entry", [g for g in GAMES if g.kind == "reroll"], ids=lambda g: g.key)
def test_a_reroll_turn_is_read_from_a_state(entry):
    """The coach's names for a reroll turn, on a two-player first roll with a choice: the
    final dice after a keep are a distribution (solo and two-player), a resolution's
    advice ranks chances, the next turn's chance is a chance."""
    from game_positions import choice_seed

    from dicelab.games._base import Roll

    game = entry.Game(players=2, seed=choice_seed(entry.key, 2))
    game.apply(Roll(()))
    state, engine = game.state, entry.reroll_engine
    keep = tuple(sorted(state.dice))[:2]
    for duel in (False, True):
        dist = engine.turn_outcomes(state, keep, duel=duel)
        assert sum(dist.values()) == pytest.approx(1.0, abs=1e-9)
        assert all(len(final) == len(state.dice) for final in dist)
    for duel, unit in ((False, "p_win"), (True, "p_duel")):
        for final in dist:
            advice = engine.resolution_advice(state, final, duel=duel)
            assert all(0.0 <= c[unit] <= 1.0 for c in advice)
    assert 0.0 <= engine.p_next_turn(state, ()) <= 1.0  # an empty board: none to clear


def _good_engine(**changes):
    def advise_state(state, objective=None):
        return None

    def clear_caches():
        return None

    def solo_start(state):
        return 0.5

    names = dict(OBJECTIVES=("p_win",), advise_state=advise_state, clear_caches=clear_caches,
                 solo_start=solo_start, finish_chances=None, turns_moments=None,
                 solo_ready=None, prepare=None, solo_tables_built=None,
                 build_solo_tables=None)
    names.update(changes)
    return types.SimpleNamespace(**{k: v for k, v in names.items() if v is not ...})


def test_the_checker_finds_what_breaks_the_contract():
    assert conformance(_good_engine(), Engine) == []
    assert conformance(_good_engine(clear_caches=...), Engine) == ["clear_caches: missing"]
    assert conformance(_good_engine(finish_chances=...), Engine) == [
        "finish_chances: missing (write finish_chances = None if the game has none)"]
    assert conformance(_good_engine(OBJECTIVES="p_win"), Engine) == [
        "OBJECTIVES: not a collection of objective names"]
    assert conformance(_good_engine(turns_moments=3), Engine) == [
        "turns_moments: neither None nor callable"]
    # a function that cannot be called as the contract says
    assert conformance(_good_engine(advise_state=lambda state: None), Engine) == [
        "advise_state: no parameter 'objective'"]
    assert conformance(_good_engine(advise_state=lambda state, objective: None), Engine) == [
        "advise_state: parameter 'objective' needs a default"]
    assert conformance(_good_engine(clear_caches=lambda everything: None), Engine) == [
        "clear_caches: required parameters the contract does not give: ['everything']"]
    # a solo engine is not a two-player one: every missing two-player name is reported
    missing = conformance(_good_engine(), DuelEngine)
    assert {m.split(":")[0] for m in missing} == {
        "duel_start", "duel_ready", "solve_duel", "duel_win_probability", "table_name",
        "shipped_tables", "advise_duel", "warm", "policy_surface"}
