"""Seveny © PGC: a stop ou encore with seven dice (1–6 players).

Rule text: ``seeds/003_57363f8090fd0b98.txt``; rulings S1–S6.  The English rules with
every ruling next to the French sentence it interprets:
``docs/rules.md#seveny-7d6-16-players``.

One definition of the rules drives play, the exact engine
(:mod:`dicelab.engine.seveny`), simulation and widgets:

* :func:`score` — the points of one cycle's set-aside dice (S3);
* :func:`settable` — the legal set-asides of a roll, given the cycle's hand (S2);
* :func:`new_state`, :func:`legal_actions`, :func:`step`, :func:`roll_outcome` — the game;
* :class:`Game` — the seeded runner (hand-set dice, undo, JSON save/load).

A turn: ``Roll(())`` rolls the seven dice.  After each roll the player sets
aside at least one die and either rolls the others (``Roll(keep)``) or banks
(``Bank(keep)``).  A roll that allows no set-aside ends the turn with 0 (S1).
Setting aside the seventh die with ``Roll(keep)`` memorises the cycle's points
and rolls all seven dice again (S4).

>>> g = Game(players=1, seed=3)
>>> _ = g.apply(Roll(()), dice=[1, 5, 5, 5, 2, 3, 4])
>>> g.state.phase, g.state.dice
('choose', (1, 5, 5, 5, 2, 3, 4))
>>> _ = g.apply(Roll((1, 5, 5, 5)), dice=[6, 6, 2])
>>> g.state.hand, g.state.turn_points
((1, 5, 5, 5), 6)
>>> [e["points"] for e in g.apply(Bank((6, 6))) if e["type"] == "bank"]
[6]
>>> g.state.scores, g.state.phase
((6,), 'start')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from dicelab.core.dice import Dice, counts, from_counts, sort_dice, validate_dice
from dicelab.core.errors import IllegalMove, InvalidDice, InvalidRules, brief
from dicelab.core.i18n import N_
from dicelab.games._base import (
    Action,
    Bank,
    Event,
    GameDef,
    Roll,
    check_int,
    plain_fields,
)
from dicelab.games._base import Game as _BaseGame
from dicelab.games._checks import check_rules, plain_int

__all__ = [
    "DEFINITION",
    "DICE",
    "Game",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Rules",
    "State",
    "check_hand",
    "legal_actions",
    "new_state",
    "roll_outcome",
    "score",
    "settable",
    "step",
]

MIN_PLAYERS = 1
MAX_PLAYERS = 6
DICE = 7
MAX_TARGET = 1000
FACE_NAMES = {1: "1s", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s"}


@dataclass(frozen=True)
class Rules:
    """Seveny options; the default is the ruling S5 (target 50).

    * ``target``: the agreed final score to reach or pass (a whole number 1..1000; the
      exact engine solves targets up to ``engine.seveny.MAX_SOLVED_TARGET`` = 100).

    >>> Rules().target, Rules(target=20).target
    (50, 20)
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: target must be a whole number from 1 to 1000; got 0
    >>> Rules(target=50.0)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: target must be a whole number from 1 to 1000; got 50.0
    """

    target: int = 50

    CHOICES: ClassVar[dict[str, tuple]] = {"target": (20, 30, 50, 100)}
    #: English msgids (translated where shown: :func:`dicelab.ui.labels.rules_label`).
    LABELS: ClassVar[dict[str, str]] = {"target": N_("Final score to reach (target)")}

    def __post_init__(self) -> None:
        plain_fields(self)  # numpy integers as int
        check_int("target", self.target, 1, MAX_TARGET)


# ---------------------------------------------------------------- rule functions
def score(dice: Iterable[int]) -> int:
    """The points of one cycle's set-aside dice (ruling S3).

    ``base = n1 + sum(v * (n_v // 3) for v in 2..5)``; with ``b6 = n6 // 3``
    brelans of 6 the score is ``base`` (none), ``2 * base`` (one brelan of 6
    doubles) or ``12 + n1`` (two brelans of 6).  A carré or a quintuplé counts
    as its brelan; a sextuplé is two brelans.

    Every example of the text (``222 11`` is 4 by ruling S3, not 5):

    >>> [score(d) for d in ((1, 1, 1, 1, 1), (5, 5, 5), (5, 5, 5, 5, 5), (2, 2, 2, 1, 1))]
    [5, 5, 5, 4]
    >>> [score(d) for d in ((4, 4, 4, 5, 5, 5), (3, 3, 3, 5, 5, 5, 1), (5, 5, 5, 5, 5, 5))]
    [9, 9, 10]
    >>> [score(d) for d in ((6, 6, 6, 1, 1, 1), (6, 6, 6, 5, 5, 5), (6, 6, 6, 5, 5, 5, 1))]
    [6, 10, 12]
    >>> [score(d) for d in ((6, 6, 6, 6, 6, 6), (6, 6, 6, 6, 6, 6, 1), (6, 6, 6, 6, 6, 6, 6))]
    [12, 13, 12]
    >>> score((4, 4, 4, 4)), score((6, 6)), score(())
    (4, 0, 0)
    """
    c = counts(validate_dice(dice, what="set-aside dice"))
    if sum(c) > DICE:
        raise InvalidDice("a cycle holds at most {n} dice; got {got}", n=DICE, got=sum(c))
    base = c[0] + sum(v * (c[v - 1] // 3) for v in (2, 3, 4, 5))
    b6 = c[5] // 3
    if b6 == 0:
        return base
    if b6 == 1:
        return 2 * base
    return 12 + c[0]


def check_hand(hand: Iterable[int]) -> Dice:
    """A cycle's hand (its set-aside dice), validated and sorted.

    A hand holds 0 to 6 dice (the seventh completes the cycle), and faces 2–5
    only by brelans: none, or three or more (ruling S2).

    >>> check_hand([5, 1, 5, 5])
    (1, 5, 5, 5)
    >>> check_hand([2, 2, 1])
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidDice: a hand cannot hold two 2s: 2s are set aside three at a time
    """
    h = sort_dice(validate_dice(hand, what="hand"))
    if len(h) >= DICE:
        raise InvalidDice(
            "a hand holds at most {most} dice (the {n}th die completes the cycle); got {got}",
            most=DICE - 1, n=DICE, got=len(h),
        )
    c = counts(h)
    for v in (2, 3, 4, 5):
        if c[v - 1] == 1:
            raise InvalidDice(
                "a hand cannot hold one {face}: {face}s are set aside three at a time", face=v
            )
        if c[v - 1] == 2:
            raise InvalidDice(
                "a hand cannot hold two {face}s: {face}s are set aside three at a time", face=v
            )
    return h


def settable(hand: Iterable[int], roll: Iterable[int]) -> tuple[Dice, ...]:
    """Every legal set-aside of ``roll``, given the cycle's ``hand`` (ruling S2).

    Any number of 1s and of 6s; faces 2–5 three or more at once (a brelan),
    or any number once the hand holds a brelan of that face; at least one die.
    Sorted by size, then by value.  ``()``: no set-aside, the turn is lost (S1).

    >>> settable((), (4, 4, 4, 4, 4, 2, 3))
    ((4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4, 4))
    >>> settable((4, 4, 4), (4, 2, 3, 3))
    ((4,),)
    >>> settable((), (1, 6, 2, 3))
    ((1,), (6,), (1, 6))
    >>> settable((), (2, 2, 3, 3, 4, 5, 5))
    ()
    """
    h = check_hand(hand)
    r = validate_dice(roll, what="dice rolled")
    if not 1 <= len(r) <= DICE - len(h):
        raise InvalidDice(
            "with {held} dice in hand a roll has 1 to {most} dice; got {got}",
            held=len(h), most=DICE - len(h), got=len(r),
        )
    hc, rc = counts(h), counts(r)
    ranges = []
    for f in range(1, 7):
        n = rc[f - 1]
        if f in (1, 6) or hc[f - 1] >= 3:
            ranges.append(range(n + 1))
        else:
            ranges.append([0, *range(3, n + 1)])
    out = []
    for k1 in ranges[0]:
        for k2 in ranges[1]:
            for k3 in ranges[2]:
                for k4 in ranges[3]:
                    for k5 in ranges[4]:
                        for k6 in ranges[5]:
                            if k1 + k2 + k3 + k4 + k5 + k6:
                                out.append(from_counts((k1, k2, k3, k4, k5, k6)))
    return tuple(sorted(out, key=lambda s: (len(s), s)))


def check_set_aside(hand: Iterable[int], roll: Iterable[int], keep: Iterable[int]) -> Dice:
    """``keep`` as a sorted tuple if it is a legal set-aside of ``roll``; else IllegalMove.

    The message says which rule the set-aside breaks.

    >>> check_set_aside((), (2, 2, 2, 5, 1, 3, 4), (1, 2, 2, 2))
    (1, 2, 2, 2)
    >>> check_set_aside((), (2, 2, 2, 5, 1, 3, 4), (2, 2))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: 2s can only be set aside three at a time until you have a \
brelan of 2s
    >>> check_set_aside((), (1, 3), (1, 1))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: you cannot set aside 1 1: the dice rolled are 1 3
    """
    hc = counts(hand)
    rolled = sort_dice(roll)
    k = sort_dice(validate_dice(keep, what="set-aside dice"))
    if not k:
        raise IllegalMove("set aside at least one die (a 1, a 6, or a brelan)")
    kc, rc = counts(k), counts(rolled)
    if any(a > b for a, b in zip(kc, rc)):
        raise IllegalMove("you cannot set aside {keep}: the dice rolled are {dice}",
                          keep=_fmt(k), dice=_fmt(rolled))
    for v in (2, 3, 4, 5):
        if 0 < kc[v - 1] < 3 and hc[v - 1] < 3:
            raise IllegalMove(
                "{face}s can only be set aside three at a time until you have a "
                "brelan of {face}s", face=v,
            )
    return k


def _fmt(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice) or "—"


# ---------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """A Seveny position (immutable).

    Besides the contract's fields: ``hand`` (this cycle's set-aside dice, sorted;
    ``aside`` is the same), ``memorised`` (points of the cycles completed this
    turn, not yet banked), ``turn_points`` (``memorised + score(hand)``: what
    banking now would add), ``cycle`` (1-based cycle of the turn), ``round``
    (1-based round: every player has one turn per round), ``final_round``
    (someone has reached the target: the round is being finished, S5).
    ``scores`` are the banked totals (highest wins).
    """

    rules: Rules
    players: int
    current_player: int = 0
    to_roll: int = 0
    is_over: bool = False
    winners: tuple[int, ...] = ()
    turn_count: int = 0
    scores: tuple[int, ...] = ()
    dice: Dice = ()
    phase: str = "start"
    hand: Dice = ()
    memorised: int = 0
    turn_points: int = 0
    cycle: int = 1
    round: int = 1
    final_round: bool = False

    @property
    def aside(self) -> Dice:
        """The contract's name for :attr:`hand`: the dice set aside this cycle."""
        return self.hand

    @property
    def cycle_points(self) -> int:
        """Points of this cycle's hand so far (``score(hand)``)."""
        return score(self.hand)

    def settable(self) -> tuple[Dice, ...]:
        """The legal set-asides of the dice on the table (``()`` unless choosing)."""
        if self.phase != "choose":
            return ()
        return settable(self.hand, self.dice)


def new_state(rules: Rules | None = None, players: int = 1) -> State:
    """The position before the first roll.

    >>> s = new_state(Rules(target=20), 3)
    >>> s.scores, s.phase, s.current_player, s.to_roll
    ((0, 0, 0), 'start', 0, 0)
    """
    rules = check_rules(Rules, rules, "Seveny")
    players = plain_int(players)  # numpy integers too
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidRules(
            "{game} is played by {lo} to {hi} players; got {players}",
            game="Seveny", lo=MIN_PLAYERS, hi=MAX_PLAYERS, players=brief(players),
        )
    return State(rules=rules, players=players, scores=(0,) * players)


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move.

    >>> s = new_state()
    >>> legal_actions(s)
    [Roll(keep=())]
    >>> s, _ = roll_outcome(step(s, Roll(()))[0], (1, 6, 2, 2, 3, 4, 5))
    >>> legal_actions(s)
    [Roll(keep=(1,)), Bank(keep=(1,)), Roll(keep=(6,)), Bank(keep=(6,)), Roll(keep=(1, 6)), \
Bank(keep=(1, 6))]
    """
    if state.is_over or state.to_roll:
        return []
    if state.phase == "start":
        return [Roll(())]
    if state.phase == "choose":
        acts: list[Action] = []
        for k in settable(state.hand, state.dice):
            acts.append(Roll(k))
            acts.append(Bank(k))
        return acts
    return []


def _ev(kind: str, player: int, **data: Any) -> Event:
    return {"type": kind, "player": player, **data}


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after the player's ``action`` and the events it caused.

    Raises :class:`~dicelab.IllegalMove` naming the problem; ``state`` is immutable.

    >>> s = new_state()
    >>> step(s, Bank(()))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: roll the 7 dice first: a turn starts by rolling them
    """
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.to_roll:
        raise IllegalMove("waiting for {n} dice to be rolled", n=state.to_roll)
    p = state.current_player
    if state.phase == "start":
        if not isinstance(action, Roll) or action.keep:
            raise IllegalMove("roll the 7 dice first: a turn starts by rolling them")
        new = replace(state, to_roll=DICE, turn_count=state.turn_count + 1, phase="roll")
        return new, [_ev("turn_start", p, turn=new.turn_count, round=state.round)]
    if state.phase != "choose":  # pragma: no cover - no other phase waits for an action
        raise IllegalMove("no action is possible in phase {phase}", phase=brief(state.phase))
    if not isinstance(action, (Roll, Bank)):
        raise IllegalMove(
            "in Seveny you set aside dice, then roll on or bank"
        )
    keep = check_set_aside(state.hand, state.dice, action.keep)
    hand = sort_dice(state.hand + keep)
    cycle_points = score(hand)
    events = [_ev("set_aside", p, dice=list(keep), hand=list(hand), cycle_points=cycle_points)]
    memorised = state.memorised
    full = len(hand) == DICE
    if isinstance(action, Bank):
        total = memorised + cycle_points
        scores = _set(state.scores, p, state.scores[p] + total)
        events.append(_ev("bank", p, points=total, score=scores[p]))
        new = replace(state, scores=scores, hand=hand, turn_points=total, dice=())
        return _end_turn(new, events)
    if full:
        memorised += cycle_points
        events.append(_ev("cycle_complete", p, points=cycle_points, memorised=memorised))
        new = replace(state, hand=(), memorised=memorised, turn_points=memorised,
                      cycle=state.cycle + 1, to_roll=DICE, phase="roll")
        return new, events
    new = replace(state, hand=hand, turn_points=memorised + cycle_points,
                  to_roll=DICE - len(hand), phase="roll")
    return new, events


def roll_outcome(state: State, dice: Iterable[int]) -> tuple[State, list[Event]]:
    """The chance step: the ``state.to_roll`` dice come up ``dice`` (display order kept).

    A roll that allows no set-aside ends the turn with 0, memorised points
    included (ruling S1).

    >>> s, _ = step(new_state(), Roll(()))
    >>> s, ev = roll_outcome(s, (2, 2, 3, 3, 4, 5, 5))
    >>> [e["type"] for e in ev], s.phase, s.turn_count
    (['roll', 'bust', 'turn_end'], 'start', 1)
    """
    if state.to_roll <= 0:
        raise IllegalMove("no dice are waiting to be rolled")
    d = validate_dice(dice, state.to_roll)
    p = state.current_player
    events = [_ev("roll", p, dice=list(d))]
    new = replace(state, dice=d, to_roll=0, phase="choose")
    if settable(state.hand, d):
        return new, events
    freed = sorted(f for f in range(2, 6) if state.hand.count(f) >= 3)
    events.append(_ev("bust", p, dice=list(d), lost=state.turn_points, why="nothing_settable",
                      freed=freed))
    new = replace(new, turn_points=0)
    return _end_turn(new, events)


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """After a bank or a bust: the next player's turn, or the end of the game (S5, S6)."""
    p = state.current_player
    events.append(_ev("turn_end", p, points=state.turn_points, score=state.scores[p]))
    target = state.rules.target
    final_round = state.final_round
    if not final_round and state.scores[p] >= target:
        final_round = True
        if state.players > 1 and p < state.players - 1:
            events.append(_ev("final_round", p, score=state.scores[p], target=target))
    fresh = dict(hand=(), memorised=0, turn_points=0, cycle=1, to_roll=0)
    if p == state.players - 1 and final_round:
        best = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == best)
        events.append(_ev("game_over", p, winners=list(winners), scores=list(state.scores)))
        return replace(state, phase="over", is_over=True, winners=winners,
                       final_round=True, **fresh), events
    nxt = (p + 1) % state.players
    rnd = state.round + 1 if nxt == 0 else state.round
    return replace(state, current_player=nxt, phase="start", round=rnd,
                   final_round=final_round, **fresh), events


#: The game's definition: its key, name and this module's rules (``GameDef.of``).
DEFINITION = GameDef.of(globals(), "seveny", "Seveny")


class Game(_BaseGame):
    """A whole game of Seveny: seeded dice, hand-set dice, undo, log and JSON save/load.

    >>> g = Game(rules=Rules(target=5), players=2, seed=1)
    >>> _ = g.apply(Roll(()), dice=[1, 1, 1, 1, 1, 2, 3])
    >>> _ = g.apply(Bank((1, 1, 1, 1, 1)))
    >>> g.state.final_round, g.is_over, g.current_player
    (True, False, 1)
    >>> _ = g.apply(Roll(()), dice=[2, 2, 3, 3, 4, 4, 5])
    >>> g.is_over, g.winners, g.state.scores
    (True, (0,), (5, 0))
    """

    definition = DEFINITION
