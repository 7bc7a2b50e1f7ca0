"""The engine contract: what a game's engine package ``dicelab.engine.<key>`` provides.

Every caller above the engines (the registry, the coach, the review, the policies,
simulation, the background solves, the charts, the session) reads a game's odds through
the names below and nothing else.  A game's engine package is checked against them by
``tests/test_engine_protocol.py`` (:func:`conformance`).

* :class:`Engine` — every game: its solo objectives, ``advise_state``, ``clear_caches``,
  and the optional parts, each a name that is ``None`` where the game has no such thing
  (a caller tests ``engine.finish_chances is not None``, never ``hasattr``).
* :class:`DuelEngine` — a game with an exact two-player engine (``two_player=True`` in its
  registry entry: :attr:`dicelab.registry.GameEntry.duel_engine`).  A game says it has no
  two-player engine with ``two_player=False`` in its registry entry; its engine package
  then needs only :class:`Engine`, and ``advise_state`` never gives two-player advice.
* :class:`ChainEngine` — a push-your-luck game that ``simulate_fast`` plays as a Markov
  chain over scores (``"chain"`` in the entry's ``fast_simulation``).
* :class:`PlanEngine` — a solo game that ``simulate_fast`` plays from a tabulated plan
  (``"plan"`` in the entry's ``fast_simulation``).
* :class:`RerollEngine` — a reroll game (``kind="reroll"``): its turn as the coach
  explains it, read from a state (no caller reaches into ``engine.solo`` or
  ``engine.duel``).

A Python module conforms to a protocol by its module-level names: a function stands for a
method (without ``self``), a constant for an attribute.

>>> from dicelab.engine import cinqmille, dripeul
>>> conformance(dripeul, DuelEngine), conformance(cinqmille, ChainEngine)
([], [])
>>> import types
>>> conformance(types.SimpleNamespace(OBJECTIVES=("p_win",)), Engine)[:2]
['advise_state: missing', 'clear_caches: missing']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any, Protocol, get_type_hints, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover - names for the annotations only
    import numpy as np

    from dicelab.engine.advice import Advice

__all__ = ["ChainEngine", "DuelEngine", "Engine", "PlanEngine", "RerollEngine", "conformance"]


@runtime_checkable
class Engine(Protocol):
    """What every game's engine package provides (``dicelab.engine.<key>``)."""

    #: The solo objectives the engine ranks choices by (the registry's ``solo_objective``
    #: and ``turn_objective`` among them); ``"p_duel"`` is not listed.
    OBJECTIVES: Collection[str]

    #: ``finish_chances(state, advice, turns=1, *, nothing=False) -> (target, {action:
    #: chance}) | None``: for each choice, the chance to win the game within this turn (the
    #: coach's endgame reason), solo within ``turns`` turns, or with ``nothing=True`` the
    #: chance that the turn banks nothing; ``None`` where the engine does not weigh it.
    #: ``None``: the game has no such reason.
    finish_chances: Callable[..., tuple[int, dict[Any, float]] | None] | None

    #: ``turns_moments(rules) -> (mean, sd)`` of the number of turns to finish a solo
    #: game played optimally (the luck report's spread).  ``None``: not a game of turns.
    turns_moments: Callable[[Any], tuple[float, float]] | None

    #: ``solo_ready(rules, quick=True) -> bool``: whether solo advice costs no long solve.
    #: ``None``: always (the apps never wait for a solo solve of this game).
    solo_ready: Callable[..., bool] | None

    #: ``prepare(rules)``: the long solo solve that :attr:`solo_ready` waits for, built in
    #: the background (``dicelab.analysis.solving.solve_solo_in_background``); ``None``
    #: exactly when :attr:`solo_ready` is ``None``.
    prepare: Callable[[Any], None] | None

    #: ``solo_tables_built(rules) -> bool``: whether the quick tables the first solo advice
    #: of ``rules`` reads (built once per process in a fraction of a second: 5000's model)
    #: are built; ``None``: the game has no such tables.
    solo_tables_built: Callable[[Any], bool] | None

    #: ``build_solo_tables(rules)``: build them (the apps do it in the background as they
    #: open: :func:`dicelab.analysis.solving.warm_solo_in_background`); ``None`` exactly
    #: when :attr:`solo_tables_built` is ``None``.
    build_solo_tables: Callable[[Any], None] | None

    def advise_state(self, state: Any, objective: str | None = None) -> Advice:
        """The advice for the player to move in ``state``: every distinct choice, ranked
        by ``objective`` (``None``: the game's default; ``"p_duel"``: two-player), empty
        when there is nothing to choose.  A state of another game, an unknown objective or
        ``"p_duel"`` without two players is a :class:`~dicelab.DicelabError`."""
        ...

    def clear_caches(self) -> None:
        """Forget every solved table of the game (benchmarks: cold runs)."""
        ...

    def solo_start(self, state: Any) -> float:
        """The solo value at the start of a turn of seat 0 of ``state``, in the game's
        solo objective (a chance to win, or the expected turns left)."""
        ...


@runtime_checkable
class DuelEngine(Engine, Protocol):
    """A game with an exact two-player engine, both players playing to win."""

    #: ``warm(rules) -> bool``: get a ready variant's advice loaded (the first decision
    #: costs milliseconds); ``None``: ``solve_duel`` and a first advice do it.
    warm: Callable[[Any], bool] | None

    #: ``policy_surface(rules) -> PolicySurface``: where playing to win banks (the
    #: two-player picture, :mod:`dicelab.render.duelplots`); ``None``: no picture.
    policy_surface: Callable[[Any], Any] | None

    def duel_start(self, state: Any) -> float:
        """The exact chance that the player to move wins (with manches: this manche),
        from the start of a turn of ``state``."""
        ...

    def duel_ready(self, rules: Any = None) -> bool:
        """Whether the variant's two-player table is at hand (advice in milliseconds)."""
        ...

    def solve_duel(self, rules: Any = None) -> Any:
        """Solve the variant's two-player game (seconds to minutes) or read its shipped or
        cached table, and keep it: :meth:`duel_ready` is true afterwards.  Stops at a
        :func:`dicelab.core.progress.step` when cancelled."""
        ...

    def duel_win_probability(self, rules: Any = None) -> float:
        """The exact chance that the first player wins (with manches: this manche), both
        playing to win, from the start (a game's own keywords give another position)."""
        ...

    def table_name(self, rules: Any) -> str:
        """The file name of the variant's two-player table (shipped in ``dicelab/data/``
        or cached): variants that share a table share its name."""
        ...

    def shipped_tables(self) -> Iterable[tuple[Any, str, Callable[[], Any], dict[str, Any]]]:
        """The tables the package ships (``make tables``): ``(rules, file name, a fresh
        solve, the metadata)`` each; none for a game whose tables are all solved on first
        use."""
        ...

    def advise_duel(self, state: Any) -> Advice:
        """Two-player advice for ``state`` (``kind="duel"``, ranked by ``p_duel``)."""
        ...


@runtime_checkable
class ChainEngine(Engine, Protocol):
    """A push-your-luck game that ``simulate_fast`` plays as a chain over scores."""

    #: ``bank_at_outcome_matrix(threshold, rules)``: the exact turn of the rule "bank at
    #: ``threshold``" from every score (``"rule_chain"`` in the entry's
    #: ``fast_simulation``); ``None``: ``simulate_fast`` does not play that rule.
    bank_at_outcome_matrix: Callable[[int, Any], np.ndarray] | None

    #: The points of one step of the scores of the matrices (5000: 50).
    UNIT: int

    #: The largest threshold :attr:`bank_at_outcome_matrix` takes.
    MAX_THRESHOLD: int

    #: ``clear_rule_cache()``: forget the matrices of :attr:`bank_at_outcome_matrix`
    #: (``simulate_fast``'s cold runs); ``None`` with it.
    clear_rule_cache: Callable[[], None] | None

    def turn_outcome_matrix(self, rules: Any = None) -> np.ndarray:
        """``P[s, s2]``: an optimal solo turn from score ``s`` ends at ``s2``."""
        ...


@runtime_checkable
class RerollEngine(Engine, Protocol):
    """A reroll game's turn, as the coach explains it (``kind="reroll"`` in the registry
    entry: :attr:`dicelab.registry.GameEntry.reroll_engine`): the rest of a turn after a
    keep, and the resolutions of final dice, each read from a game state; solo, or with
    ``duel`` the two-player engine's (a game with ``two_player=True``).  The *board* is
    what a turn changes (Dripeul's squares, Trwavril's barred cards), the *level* what a
    failure costs (a triangle, the parapluies)."""

    def turn_outcomes(self, state: Any, keep: Any, duel: bool = False) -> dict[Any, float]:
        """The distribution of the turn's final dice after ``keep`` (sorted tuples ->
        probability), the rest of the turn played for the solo objective, or with ``duel``
        to win against the opponent."""
        ...

    def resolution_advice(self, state: Any, dice: Any, duel: bool = False) -> Advice:
        """What final ``dice`` allow the player to move: every resolution ranked by
        ``p_win`` (``duel``: ``p_duel``), each with ``p_turn``; empty for a miss."""
        ...

    def start_value(self, board: Any, level: int, rules: Any = None) -> float:
        """The solo value (``p_win``) at the start of a turn with this board and level."""
        ...

    def p_next_turn(self, state: Any, board: Any) -> float:
        """The solo chance that the next turn of the player to move succeeds, playing for
        that alone, with ``board`` as the board."""
        ...


@runtime_checkable
class PlanEngine(Engine, Protocol):
    """A solo game that :func:`dicelab.analysis.simulate.simulate_fast` plays from a
    tabulated plan (``"plan"`` in the entry's ``fast_simulation``: the package's
    ``fast.py``, on :mod:`dicelab.engine.fastplan`)."""

    def fast_plan(self, rules: Any, policy: str) -> Any:
        """The solo game of ``rules`` tabulated for ``policy`` (``"optimal"``,
        ``"greedy"``): a :class:`dicelab.engine.fastplan.Plan`."""
        ...

    def clear_fast_plan(self) -> None:
        """Forget the plans (``simulate_fast``'s cold runs)."""
        ...


def _members(protocol: type) -> tuple[dict[str, Any], dict[str, inspect.Signature]]:
    """The protocol's attributes (name -> type) and methods (name -> signature, no self)."""
    import dicelab.engine.advice as advice_module

    names: dict[str, Any] = {"Advice": advice_module.Advice}
    try:
        import numpy as np

        names["np"] = np
    except ImportError:  # pragma: no cover - numpy is a dependency
        pass
    hints: dict[str, Any] = {}
    methods: dict[str, inspect.Signature] = {}
    for cls in reversed(protocol.__mro__):
        if cls in (object, Protocol) or not getattr(cls, "_is_protocol", False):
            continue
        hints.update(get_type_hints(cls, globalns={**globals(), **names}))
        for name, value in vars(cls).items():
            if inspect.isfunction(value) and not name.startswith("_"):
                sig = inspect.signature(value)
                methods[name] = sig.replace(parameters=list(sig.parameters.values())[1:])
    return hints, methods


def _accepts(impl: Callable[..., Any], wanted: inspect.Signature) -> str:
    """Why ``impl`` cannot be called as ``wanted`` says (``""``: it can)."""
    try:
        got = inspect.signature(impl)
    except (TypeError, ValueError):  # a builtin without a signature: trust it
        return ""
    params = got.parameters
    var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    var_pos = any(p.kind is p.VAR_POSITIONAL for p in params.values())
    for i, p in enumerate(wanted.parameters.values()):
        mine = params.get(p.name)
        if mine is None:
            positional = [q for q in params.values()
                          if q.kind in (q.POSITIONAL_ONLY, q.POSITIONAL_OR_KEYWORD)]
            if not (var_kw or var_pos or i < len(positional)):
                return f"no parameter {p.name!r}"
            continue
        if p.default is not p.empty and mine.default is mine.empty:
            return f"parameter {p.name!r} needs a default"
    extra = [q.name for q in params.values()
             if q.name not in wanted.parameters and q.default is q.empty
             and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD)
             and list(params).index(q.name) >= len(wanted.parameters)]
    return f"required parameters the contract does not give: {extra}" if extra else ""


def conformance(engine: Any, protocol: type = Engine) -> list[str]:
    """What ``engine`` (an engine package, or any object) lacks to keep ``protocol``:
    one line per problem, ``[]`` when it conforms.  Checks that every name is there,
    that methods are callable with the contract's arguments (same names, defaults where
    the contract has them, no other required argument), that an optional part is ``None``
    or callable, and that ``OBJECTIVES`` is a collection of objective names."""
    hints, methods = _members(protocol)
    problems: list[str] = []
    for name, sig in methods.items():
        impl = getattr(engine, name, None)
        if impl is None or not callable(impl):
            problems.append(f"{name}: missing")
            continue
        why = _accepts(impl, sig)
        if why:
            problems.append(f"{name}: {why}")
    for name, hint in hints.items():
        if not hasattr(engine, name):
            problems.append(f"{name}: missing (write {name} = None if the game has none)")
            continue
        value = getattr(engine, name)
        if name == "OBJECTIVES":
            if isinstance(value, str) or not all(isinstance(k, str) for k in value):
                problems.append("OBJECTIVES: not a collection of objective names")
        elif hint is int:
            if not isinstance(value, int) or isinstance(value, bool):
                problems.append(f"{name}: not an int")
        elif value is not None and not callable(value):
            problems.append(f"{name}: neither None nor callable")
        elif value is None and "None" not in str(hint):
            problems.append(f"{name}: None, but the contract needs it")
    return problems
