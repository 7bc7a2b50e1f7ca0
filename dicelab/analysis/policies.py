"""Policies: who chooses the action in a position.

A policy is a callable ``policy(state) -> action`` for the player to move
(``state.to_roll == 0``).  The game engine (computer players in the widgets)
and the simulator both use them, and every policy chooses among the game's
own ``legal_actions`` or its ``advise_state`` — no policy knows a rule itself.

* :func:`optimal` — the exact engine's best choice for an objective;
* :func:`duel_optimal` — "plays to win": with two players, the choice with the best exact
  two-player win probability (``p_duel``); otherwise :func:`optimal`;
* :func:`greedy` — the best for this turn only (``p_turn`` / ``expected_points``);
* :func:`random_legal` — uniformly among the legal actions (seeded);
* :func:`bank_at` — push-your-luck rule of thumb: take the most points, bank at N or more;
* :func:`keep_most_common` — reroll rule of thumb: keep the most common face, stop on a success.

>>> from dicelab.games import cinqmille
>>> s = cinqmille.new_state(cinqmille.Rules(), 1)
>>> random_legal(seed=0)(s)
Roll(keep=())
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.games._base import Bank, Roll, Stop
from dicelab.games._checks import whole
from dicelab.registry import GAMES, entry_of

Policy = Callable[[Any], Any]

#: The games of each kind of turn (the registry's ``kind``).
REROLL_GAMES = tuple(g.key for g in GAMES if g.kind == "reroll")
PUSHLUCK_GAMES = tuple(g.key for g in GAMES if g.kind == "pushluck")
#: The objective of each game's greedy player (the registry's ``turn_objective``).
GREEDY_OBJECTIVE = {g.key: g.turn_objective for g in GAMES}


#: The solo objective of each game's exact engine (:func:`optimal` with no objective):
#: with two players ``advise_state`` ranks by ``p_duel`` by default, the solo-optimal
#: player keeps playing for these (the registry's ``solo_objective``).
SOLO_OBJECTIVE = {g.key: g.solo_objective for g in GAMES}


def game_module(state: Any) -> ModuleType:
    """The game module that defines ``state`` (``dicelab.games.<key>``).

    >>> game_module(None)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: a policy needs a game state of dicelab.games; got None
    """
    try:
        entry = entry_of(state)
    except DicelabError:
        entry = None
    if entry is None or type(state) is not entry.State:
        raise DicelabError("a policy needs a game state of dicelab.games; got {state}",
                           state=brief(state))
    return entry.rules


def game_key(state: Any) -> str:
    return game_module(state).__name__.rsplit(".", 1)[-1]


def _only_or(state: Any, actions: list[Any]) -> Any:
    if not actions:
        raise DicelabError("no legal action: the game is over")
    return actions[0]


def optimal(objective: str | None = None) -> Policy:
    """The exact engine's best choice for ``objective`` (default: the game's solo objective,
    :data:`SOLO_OBJECTIVE` — solo-optimal play, also with two players; see
    :func:`duel_optimal` for playing to win).

    Where there is nothing to choose (e.g. the first roll of a turn) it takes the only action.
    """

    def policy(state: Any) -> Any:
        mod = game_module(state)
        legal = mod.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        obj = objective or SOLO_OBJECTIVE.get(game_key(state))
        advice = entry_of(mod).engine.advise_state(state, objective=obj)
        if len(advice):
            return advice.best.action
        return _only_or(state, legal)

    policy.__name__ = f"optimal({objective or 'default'})"
    return policy


def duel_optimal() -> Policy:
    """"Plays to win": the choice maximising the exact two-player win probability
    (``objective="p_duel"``) in a two-player game whose engine has one (5000, Seveny,
    Trwavril; Dripeul 5: the chance of beating the opponent in the manche); the
    solo-optimal choice otherwise.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 2)
    >>> duel_optimal()(s)
    Roll(keep=())
    """

    def policy(state: Any) -> Any:
        mod = game_module(state)
        legal = mod.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        entry = entry_of(mod)
        duel = state.players == 2 and entry.duel_engine is not None
        advice = entry.engine.advise_state(state, objective="p_duel" if duel else None)
        if len(advice):
            return advice.best.action
        return _only_or(state, legal)

    policy.__name__ = "duel_optimal"
    return policy


def greedy() -> Policy:
    """Best for this turn alone: ``p_turn`` (reroll) or ``expected_points`` (push-your-luck)."""

    def policy(state: Any) -> Any:
        return optimal(GREEDY_OBJECTIVE[game_key(state)])(state)

    policy.__name__ = "greedy"
    return policy


def random_legal(seed: int | None = None) -> Policy:
    """Choose uniformly among the legal actions, with its own seeded generator."""
    rng = random.Random(seed)

    def policy(state: Any) -> Any:
        legal = game_module(state).legal_actions(state)
        if not legal:
            raise DicelabError("no legal action: the game is over")
        return legal[rng.randrange(len(legal))]

    policy.__name__ = f"random_legal({seed})"
    return policy


def bank_at(threshold: int) -> Policy:
    """Push-your-luck rule of thumb: set aside what gives the most turn points (fewest dice on
    a tie), then bank if the turn holds at least ``threshold`` points, or if banking ends the
    game (a solo target reached), and banking is legal; otherwise roll on.

    The turn points after a set-aside are read from the game's own ``step`` (the state after
    ``Roll(keep)`` holds the turn's points), so the policy knows no scoring rule itself.

    >>> bank_at(-1)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: threshold must be a whole number >= 0; got -1
    """
    threshold = whole("threshold", threshold, 0)

    def policy(state: Any) -> Any:
        mod = game_module(state)
        legal = mod.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        rolls = [a for a in legal if isinstance(a, Roll)]
        if not rolls:  # only banks are possible
            return max(legal, key=lambda a: len(getattr(a, "keep", ())))
        scored = [(mod.step(state, a)[0].turn_points, -len(a.keep), a.keep) for a in rolls]
        points, _, keep = max(scored)
        if Bank(keep) in legal and (
            points >= threshold or mod.step(state, Bank(keep))[0].is_over
        ):
            return Bank(keep)
        return Roll(keep)

    policy.__name__ = f"bank_at({threshold})"
    return policy


def keep_most_common() -> Policy:
    """Reroll rule of thumb: stop as soon as the dice give a success this turn (the greedy
    engine's stop value is 1); otherwise keep the most common face (the higher on a tie) and
    roll the rest.  Resolution choices follow the exact engine."""

    def policy(state: Any) -> Any:
        mod = game_module(state)
        legal = mod.legal_actions(state)
        if len(legal) == 1 or not any(isinstance(a, (Roll, Stop)) for a in legal):
            return optimal()(state) if len(legal) > 1 else legal[0]
        dice = tuple(state.dice)
        if Stop() in legal:
            advice = entry_of(mod).engine.advise_state(state, objective="p_turn")
            stop = [c for c in advice if isinstance(c.action, Stop)]
            if stop and stop[0].numbers.get("p_turn", 0.0) >= 1.0:
                return Stop()
        face = max(set(dice), key=lambda f: (dice.count(f), f))
        keep = Roll(tuple(f for f in dice if f == face))
        if keep in legal:
            return keep
        return Stop() if Stop() in legal else legal[0]

    policy.__name__ = "keep_most_common"
    return policy


POLICIES: dict[str, Callable[..., Policy]] = {
    "optimal": optimal,
    "duel_optimal": duel_optimal,
    "greedy": greedy,
    "random": random_legal,
    "bank_at": bank_at,
    "keep_most_common": keep_most_common,
}


#: The push-your-luck rule of thumb: bank as soon as the turn holds this many points
#: (5000: 300; Seveny: 5 — a threshold of 300 would almost never bank in Seveny): the
#: registry's ``rule_bank_at``.
RULE_BANK_AT: dict[str, int] = {g.key: g.rule_bank_at for g in GAMES
                                if g.rule_bank_at is not None}


def rule_of_thumb(game_key: str) -> Policy:
    """The game's rule of thumb: keep the most common face (Dripeul 5, Trwavril), or bank at
    :data:`RULE_BANK_AT` points (5000, Seveny).

    >>> rule_of_thumb("seveny").__name__, rule_of_thumb("trwavril").__name__
    ('bank_at(5)', 'keep_most_common')
    """
    if game_key in REROLL_GAMES:
        return keep_most_common()
    if game_key not in RULE_BANK_AT:
        raise DicelabError("unknown game {game}", game=brief(game_key))
    return bank_at(RULE_BANK_AT[game_key])


def for_kind(kind: str, game_key: str, seed: int | None = None) -> Policy:
    """The policy of a player kind — ``optimal``, ``greedy``, ``rule`` (:func:`rule_of_thumb`)
    or ``random`` (seeded) — for ``game_key``; the apps' seats and the review's calibration
    both take their players from here.

    >>> for_kind("rule", "cinqmille").__name__
    'bank_at(300)'
    """
    if kind == "optimal":
        return optimal()
    if kind == "greedy":
        return greedy()
    if kind == "random":
        return random_legal(seed)
    if kind == "rule":
        return rule_of_thumb(game_key)
    raise DicelabError("unknown player kind {kind}; choose one of {kinds}", kind=brief(kind),
                       kinds="optimal, greedy, rule, random")


#: What a seat can be: a human, or a computer playing one of these policies
#: (``"rule"``: the game's rule of thumb, see :func:`rule_of_thumb`).
SEAT_KINDS: tuple[str, ...] = ("human", "optimal", "greedy", "random", "rule")


def check_computer(computer: Any, players: int) -> dict[int, str]:
    """The computer seats asked for, as ``{seat: kind}`` (seats count from 0).

    ``computer`` is ``None`` (nobody), a seat number, a collection of seats (each
    plays ``"optimal"``) or a mapping ``{seat: kind}`` with a kind of
    :data:`SEAT_KINDS`.  Anything else is a :class:`~dicelab.DicelabError`
    naming what is wrong.

    >>> check_computer(1, 2), check_computer([1, 2], 3), check_computer({0: "random"}, 2)
    ({1: 'optimal'}, {1: 'optimal', 2: 'optimal'}, {0: 'random'})
    >>> check_computer("optimal", 2)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: computer must be a seat number, ...; got 'optimal'
    >>> check_computer({"0": "random"}, 2)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: computer seats are whole numbers from 0 to 1 (...); got '0'
    """
    if computer is None:
        return {}
    if isinstance(computer, numbers.Integral) and not isinstance(computer, bool):
        seats: dict[Any, Any] = {computer: "optimal"}
    elif isinstance(computer, dict):
        seats = dict(computer)
    elif isinstance(computer, Iterable) and not isinstance(computer, (str, bytes)):
        seats = {s: "optimal" for s in computer}
    else:
        raise DicelabError(
            "computer must be a seat number, a list of seats or a mapping {{seat: kind}}; "
            "got {computer}", computer=brief(computer))
    out: dict[int, str] = {}
    for s, kind in seats.items():
        if isinstance(s, bool) or not isinstance(s, numbers.Integral) or not 0 <= s < players:
            raise DicelabError(
                "computer seats are whole numbers from 0 to {last} (seats count from 0); "
                "got {seat}", last=players - 1, seat=brief(s))
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            raise DicelabError("unknown player kind {kind}; choose one of {kinds}",
                               kind=brief(kind), kinds=", ".join(SEAT_KINDS))
        out[int(s)] = kind
    return out
