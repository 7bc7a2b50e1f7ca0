"""Dripeul 5 © PGC: remove the six tokens by rolling brelans (five dice, 1–6 players).

Rule text: ``seeds/000_eb7cac39e568c87a.txt``; rulings D1–D7.  The English rules with
every ruling next to the French sentence it interprets:
``docs/rules.md#dripeul-5-5-dice-16-players``.

One definition of the rules drives play, the exact engine
(:mod:`dicelab.engine.dripeul`), simulation and widgets:

* :func:`resolutions` — what final dice allow on a board (rulings D3–D5);
* :func:`new_state`, :func:`legal_actions`, :func:`step`, :func:`roll_outcome` — the game;
* :class:`Game` — the seeded runner (hand-set dice, undo, JSON save/load).

>>> g = Game(players=1, seed=3)
>>> _ = g.apply(Roll(()), dice=[2, 2, 2, 4, 6])
>>> g.state.phase, g.state.rolls_left
('choose', 2)
>>> [e["removed"] for e in g.apply(Stop()) if e["type"] == "resolve"]
[[2]]
>>> g.state.tokens
((1, 3, 4, 5, 6),)

A player's triangle is an int: 4, 3, 2, 1, 0 (failures still survivable), or
``X == -1`` once the player has lost the manche.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, ClassVar

from dicelab.core.dice import (
    Dice,
    counts,
    is_sub_multiset,
    sort_dice,
    sub_multisets,
    validate_dice,
)
from dicelab.core.errors import IllegalMove, InvalidRules, brief
from dicelab.core.figures import faces_with_at_least, figure_name, is_suite, of_a_kind
from dicelab.core.i18n import N_, _
from dicelab.games._base import (
    Action,
    Event,
    GameDef,
    Resolve,
    Roll,
    Stop,
    check_choice,
    plain_fields,
)
from dicelab.games._base import Game as _BaseGame
from dicelab.games._checks import check_rules, plain_int, take

__all__ = [
    "DEFINITION",
    "DICE",
    "Game",
    "LEVEL_NAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Outcome",
    "ROLLS",
    "Rules",
    "SQUARES",
    "State",
    "X",
    "is_failure",
    "legal_actions",
    "new_state",
    "resolutions",
    "restart_turn",
    "roll_outcome",
    "step",
]

MIN_PLAYERS = 1
MAX_PLAYERS = 6
DICE = 5
ROLLS = 3
SQUARES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
X = -1
"""The triangle X: the player has lost the manche and sits out until it ends."""
MAX_TRIANGLE = 4

LEVEL_NAMES: dict[int, str] = {
    4: "très facile",
    3: "facile",
    2: "moyen",
    1: "difficile",
    0: "très difficile",
}


@dataclass(frozen=True)
class Rules:
    """Dripeul 5 options; the defaults are the rulings.

    * ``level``: starting triangle, 4 très facile … 0 très difficile (D1);
    * ``reroll_set_aside``: dice set aside may be re-rolled (D2); ``False``:
      a die once kept stays kept (the text's option 1);
    * ``straight_bonus``: a suite moves the triangle one left instead of failing (D4);
    * ``last_six``: with one token left, a brelan of 6 removes it (D5);
    * ``manches``: 3, or 1 (D6).

    >>> Rules().level, Rules(level=0).level
    (3, 0)
    >>> Rules(level=5)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: level must be one of 4, 3, 2, 1, 0; got 5
    >>> Rules(last_six=1)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: last_six must be one of False, True; got 1
    """

    level: int = 3
    reroll_set_aside: bool = True
    straight_bonus: bool = False
    last_six: bool = False
    manches: int = 3

    CHOICES: ClassVar[dict[str, tuple]] = {
        "level": (4, 3, 2, 1, 0),
        "reroll_set_aside": (True, False),
        "straight_bonus": (False, True),
        "last_six": (False, True),
        "manches": (3, 1),
    }
    #: English msgids (translated where shown: :func:`dicelab.ui.labels.rules_label`).
    LABELS: ClassVar[dict[str, str]] = {
        "level": N_("Level (starting triangle: 4 très facile … 0 très difficile)"),
        "reroll_set_aside": N_("Dice set aside may be re-rolled"),
        "straight_bonus": N_("A suite moves the triangle back one (bonus)"),
        "last_six": N_("With one token left, a brelan of 6 removes it"),
        "manches": N_("Manches in a game"),
    }
    #: Labels of particular values (the games' own words stay French).
    VALUE_LABELS: ClassVar[dict[str, dict[Any, str]]] = {
        "level": {k: f"{k} — {v}" for k, v in LEVEL_NAMES.items()},
    }

    def __post_init__(self) -> None:
        plain_fields(self)  # numpy integers as int
        for name, allowed in self.CHOICES.items():
            check_choice(name, getattr(self, name), allowed)


# ---------------------------------------------------------------- rule functions
@dataclass(frozen=True)
class Outcome:
    """One way final dice can be used: tokens removed, the suite bonus, or a failure.

    >>> Outcome("carré", (5,)).choice, Outcome("quinté", (2, 5)).choice
    (5, (2, 5))
    >>> Outcome("rien").failure, Outcome("suite", bonus=True).failure
    (True, False)
    """

    figure: str
    removed: tuple[int, ...] = ()
    bonus: bool = False

    @property
    def failure(self) -> bool:
        """Nothing removed and no suite bonus: the failure token moves right."""
        return not self.removed and not self.bonus

    @property
    def choice(self) -> int | tuple[int, ...] | None:
        """The :class:`Resolve` choice that picks this outcome (None: nothing to pick)."""
        if not self.removed:
            return None
        return self.removed[0] if len(self.removed) == 1 else self.removed

    @property
    def action(self) -> Resolve | None:
        c = self.choice
        return None if c is None else Resolve(c)

    def describe(self, lang: str | None = None) -> str:
        """A short description, e.g. ``'brelan: remove token 2'`` (figures stay French).

        >>> Outcome("quinté", (1, 6)).describe()
        'quinté: remove tokens 1 and 6'
        >>> Outcome("brelan", (2,)).describe(lang="fr")
        'brelan\\xa0: retirer le jeton 2'
        """
        if self.bonus:
            return _("suite: the triangle moves one left", lang=lang)
        if self.failure:
            return _("{figure}: failure", lang=lang, figure=self.figure)
        if len(self.removed) == 1:
            return _("{figure}: remove token {token}", lang=lang, figure=self.figure,
                     token=self.removed[0])
        return _("{figure}: remove tokens {a} and {b}", lang=lang, figure=self.figure,
                 a=self.removed[0], b=self.removed[1])


def check_tokens(tokens: Any) -> tuple[int, ...]:
    """The squares still holding a token, validated and sorted.

    >>> check_tokens([6, 2])
    (2, 6)
    >>> check_tokens([2, 2])
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: tokens must be distinct squares 1 to 6; got [2, 2]
    """
    items = take(tokens, 6)  # a board has six squares: read no more than seven
    try:
        if items is None:
            raise TypeError
        ts = tuple(sorted(items))
    except TypeError:
        raise IllegalMove(
            "tokens must be a list of squares 1 to 6; got {tokens}", tokens=brief(tokens)
        ) from None
    if (
        any(isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= 6 for t in ts)
        or len(set(ts)) != len(ts)
    ):
        raise IllegalMove(
            "tokens must be distinct squares 1 to 6; got {tokens}", tokens=brief(tokens)
        )
    return ts


def resolutions(
    dice: Iterable[int], tokens: Iterable[int] = SQUARES, rules: Rules | None = None
) -> tuple[Outcome, ...]:
    """Every distinct outcome that final ``dice`` allow, given the squares holding ``tokens``.

    Rulings D3–D5: a brelan of v removes token v (a failure if square v is
    empty; a full house counts as its brelan); a carré removes any one token; a
    quinté removes any two (the last one if only one is left); anything else is
    a failure.  A suite is a failure unless ``rules.straight_bonus``.  With
    ``rules.last_six`` and one token left, a brelan of 6 removes it.

    The text's examples:

    >>> resolutions((2, 2, 2, 4, 6))
    (Outcome(figure='brelan', removed=(2,), bonus=False),)
    >>> resolutions((2, 2, 2, 4, 6), tokens=(1, 3, 4, 5, 6))[0].failure
    True
    >>> resolutions((2, 2, 4, 4, 6))[0].failure
    True
    >>> [o.choice for o in resolutions((3, 3, 3, 3, 1), tokens=(1, 5))]
    [1, 5]
    >>> [o.choice for o in resolutions((4, 4, 4, 4, 4), tokens=(1, 5, 6))]
    [(1, 5), (1, 6), (5, 6)]
    >>> [o.choice for o in resolutions((4, 4, 4, 4, 4), tokens=(6,))]
    [6]
    >>> resolutions((2, 2, 2, 3, 3), tokens=(2,))[0].describe()
    'brelan: remove token 2'

    The variants:

    >>> resolutions((1, 2, 3, 4, 5))[0].failure
    True
    >>> resolutions((1, 2, 3, 4, 5), rules=Rules(straight_bonus=True))[0].bonus
    True
    >>> resolutions((6, 6, 6, 1, 2), tokens=(3,), rules=Rules(last_six=True))[0].choice
    3
    >>> resolutions((6, 6, 6, 1, 2), tokens=(3, 4), rules=Rules(last_six=True))[0].failure
    True
    """
    rules = check_rules(Rules, rules, "Dripeul 5")
    d = validate_dice(dice, DICE)
    ts = check_tokens(tokens)
    if not ts:
        raise IllegalMove("every token is already removed: there is nothing left to resolve")
    return _outcomes(d, ts, rules)


@cache
def _figure(d: Dice) -> tuple[int, str, int, bool]:
    """(dice alike, French figure name, brelan face or 0, suite) of sorted final dice."""
    k = of_a_kind(d)
    # the games' own words, whatever the language (cached: never a translated "nothing")
    return k, figure_name(d, lang="fr"), faces_with_at_least(d, 3)[0] if k >= 3 else 0, is_suite(d)


def _outcomes(d: Dice, ts: tuple[int, ...], rules: Rules) -> tuple[Outcome, ...]:
    """:func:`resolutions` without the checks (five valid dice, sorted distinct tokens)."""
    k, name, v, suite = _figure(tuple(sorted(d)))
    if k >= 5:
        if len(ts) == 1:
            return (Outcome(name, ts),)
        return tuple(Outcome(name, p) for p in itertools.combinations(ts, 2))
    if k == 4:
        return tuple(Outcome(name, (t,)) for t in ts)
    if k == 3:
        if v in ts:
            return (Outcome(name, (v,)),)
        if rules.last_six and v == 6 and len(ts) == 1:
            return (Outcome(name, ts),)
        return (Outcome(name),)
    if suite:
        return (Outcome("suite", bonus=rules.straight_bonus),)
    return (Outcome(name),)


def is_failure(
    dice: Iterable[int], tokens: Iterable[int] = SQUARES, rules: Rules | None = None
) -> bool:
    """Whether final ``dice`` are a failure on this board (no token removed, no suite bonus).

    >>> is_failure((2, 2, 4, 4, 6)), is_failure((5, 5, 5, 1, 2))
    (True, False)
    """
    return all(o.failure for o in resolutions(dice, tokens, rules))


def apply_outcome(
    tokens: tuple[int, ...], triangle: int, outcome: Outcome
) -> tuple[tuple[int, ...], int]:
    """The board (tokens, triangle) after ``outcome`` (D1: a failure from 0 lands on X = -1).

    >>> apply_outcome((1, 2, 3), 0, Outcome("rien"))
    ((1, 2, 3), -1)
    >>> apply_outcome((1, 2, 3), 4, Outcome("suite", bonus=True))
    ((1, 2, 3), 4)
    >>> apply_outcome((1, 2, 3), 2, Outcome("quinté", (1, 3)))
    ((2,), 2)
    """
    if outcome.bonus:
        return tokens, min(MAX_TRIANGLE, triangle + 1)
    if outcome.failure:
        return tokens, triangle - 1
    return tuple(t for t in tokens if t not in outcome.removed), triangle


# ---------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """A Dripeul 5 position (immutable).

    Besides the contract's fields: ``rolls_left`` (rolls still allowed this
    turn: 3 before the first roll, 0 when the dice are final), ``kept`` (dice
    kept at the last roll), ``locked`` (variant ``reroll_set_aside=False``: dice
    that may not be re-rolled), ``tokens`` (per player, the squares still
    holding a token), ``triangle`` (per player: 4..0, or ``X == -1``),
    ``manche`` (1-based), ``manche_scores`` (one tuple per finished manche),
    ``manche_winners`` (per finished manche, the clearers with the highest
    triangle; empty if nobody cleared).  ``scores`` are the totals so far
    (lowest wins).
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
    rolls_left: int = ROLLS
    kept: Dice = ()
    locked: Dice = ()
    tokens: tuple[tuple[int, ...], ...] = ()
    triangle: tuple[int, ...] = ()
    manche: int = 1
    manche_scores: tuple[tuple[int, ...], ...] = ()
    manche_winners: tuple[tuple[int, ...], ...] = ()

    @property
    def cleared(self) -> tuple[bool, ...]:
        """Per player: every square emptied this manche."""
        return tuple(not t for t in self.tokens)

    @property
    def out(self) -> tuple[bool, ...]:
        """Per player: on the triangle X (sits out the rest of the manche)."""
        return tuple(t == X for t in self.triangle)

    def resolutions(self) -> tuple[Outcome, ...]:
        """The outcomes the final dice allow the player to move (``()`` unless resolving)."""
        if self.phase != "resolve":
            return ()
        p = self.current_player
        return resolutions(self.dice, self.tokens[p], self.rules)


def new_state(rules: Rules | None = None, players: int = 1) -> State:
    """The position before the first roll: six tokens each, triangles on the level.

    >>> s = new_state(Rules(level=1), 2)
    >>> s.tokens[1], s.triangle, s.phase, s.scores
    ((1, 2, 3, 4, 5, 6), (1, 1), 'start', (0, 0))
    """
    rules = check_rules(Rules, rules, "Dripeul 5")
    players = plain_int(players)  # numpy integers too
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidRules(
            "{game} is played by {lo} to {hi} players; got {players}",
            game="Dripeul 5", lo=MIN_PLAYERS, hi=MAX_PLAYERS, players=brief(players),
        )
    return State(
        rules=rules,
        players=players,
        scores=(0,) * players,
        tokens=(SQUARES,) * players,
        triangle=(rules.level,) * players,
    )


def _active(state: State, p: int) -> bool:
    return bool(state.tokens[p]) and state.triangle[p] != X


def restart_turn(state: State, tokens: tuple[int, ...]) -> State:
    """``state`` with the player to move's squares set to ``tokens`` and a whole turn of
    rolls ahead, no die locked: the start of that player's next turn from the board a
    resolution leaves (what the coach looks ahead from, with two players).

    >>> s = restart_turn(new_state(Rules(), 2), (1, 6))
    >>> s.tokens, s.rolls_left, s.locked
    (((1, 6), (1, 2, 3, 4, 5, 6)), 3, ())
    """
    boards = list(state.tokens)
    boards[state.current_player] = tuple(tokens)
    return replace(state, tokens=tuple(boards), rolls_left=ROLLS, locked=())


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move.

    >>> s = new_state()
    >>> legal_actions(s)
    [Roll(keep=())]
    >>> s, _ = step(s, Roll(()))
    >>> s, _ = roll_outcome(s, (6, 6, 1, 1, 2))
    >>> len(legal_actions(s))  # Stop and the 17 keeps that re-roll at least one die
    18
    """
    if state.is_over or state.to_roll:
        return []
    if state.phase == "start":
        return [Roll(())]
    if state.phase == "choose":
        acts: list[Action] = [Stop()]
        for k in sub_multisets(state.dice):
            if len(k) < DICE and is_sub_multiset(state.locked, k):
                acts.append(Roll(k))
        return acts
    if state.phase == "resolve":
        return [o.action for o in state.resolutions() if o.action is not None]
    return []


def _ev(kind: str, player: int, **data: Any) -> Event:
    return {"type": kind, "player": player, **data}


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after the player's ``action`` and the events it caused.

    Raises :class:`~dicelab.IllegalMove`, with a message naming the problem.

    >>> s = new_state()
    >>> step(s, Stop())
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: roll the five dice first: you cannot stop ...
    """
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.to_roll:
        raise IllegalMove("waiting for {n} dice to be rolled", n=state.to_roll)
    p = state.current_player
    if isinstance(action, Roll):
        return _roll(state, action.keep)
    if isinstance(action, Stop):
        if state.phase == "start":
            raise IllegalMove("roll the five dice first: you cannot stop before your first roll")
        if state.phase == "resolve":
            raise IllegalMove("the dice are final: choose which token to remove")
        ev = [_ev("stop", p, dice=list(state.dice))]
        new, more = _final(replace(state, rolls_left=0))
        return new, ev + more
    if isinstance(action, Resolve):
        if state.phase != "resolve":
            raise IllegalMove("there is nothing to resolve now: the dice are not final")
        choice = action.choice
        if isinstance(choice, tuple) and len(choice) == 1:
            choice = choice[0]
        outs = state.resolutions()
        for o in outs:
            if o.choice == choice:
                return _resolve(state, o, auto=False)
        allowed = ", ".join(str(o.choice) for o in outs)
        raise IllegalMove(
            "{choice} is not allowed with {dice}: choose one of {allowed}",
            choice=brief(choice) if not isinstance(choice, (int, tuple)) else _fmt(choice),
            dice=_fmt(sort_dice(state.dice)), allowed=allowed,
        )
    raise IllegalMove("Dripeul 5 has no action {action}: use Roll, Stop or Resolve",
                      action=brief(action))


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return " ".join(str(x) for x in v) if v else "nothing"
    return str(v)


def _roll(state: State, keep: Dice) -> tuple[State, list[Event]]:
    p = state.current_player
    if state.phase == "start":
        if keep:
            raise IllegalMove("the first roll of a turn rolls all five dice: keep nothing")
        new = replace(state, to_roll=DICE, kept=(), locked=(), phase="rolling",
                      turn_count=state.turn_count + 1)
        return new, [_ev("turn", p, manche=state.manche, turn=state.turn_count + 1)]
    if state.phase == "resolve":
        raise IllegalMove("no roll is left: the dice are final, choose which token to remove")
    if state.rolls_left <= 0:  # pragma: no cover - "choose" always has a roll left
        raise IllegalMove("no roll is left this turn")
    if not is_sub_multiset(keep, state.dice):
        raise IllegalMove(
            "you cannot keep {keep}: the dice show {dice}",
            keep=_fmt(keep), dice=_fmt(sort_dice(state.dice)),
        )
    if len(keep) == DICE:
        raise IllegalMove("keeping all five dice rolls nothing: use Stop to end your rolls")
    if not is_sub_multiset(state.locked, keep):
        raise IllegalMove(
            "dice set aside cannot be rolled again in this variant: keep {locked}",
            locked=_fmt(state.locked),
        )
    locked = keep if not state.rules.reroll_set_aside else ()
    new = replace(state, to_roll=DICE - len(keep), kept=keep, locked=locked, phase="rolling")
    return new, []


def roll_outcome(state: State, dice: Iterable[int]) -> tuple[State, list[Event]]:
    """Put the rolled ``dice`` on the table (kept dice stay in place).

    After the third roll the dice are final and are resolved; when only one
    outcome is possible it is applied at once (logged with ``"auto": True``).
    """
    if state.to_roll <= 0:
        raise IllegalMove("no dice are waiting to be rolled")
    new_dice = validate_dice(dice, state.to_roll)
    p = state.current_player
    table = _place(state.dice, state.kept, new_dice)
    rolls_left = state.rolls_left - 1
    new = replace(state, dice=table, to_roll=0, rolls_left=rolls_left, phase="choose")
    ev = [_ev("roll", p, dice=list(table), kept=list(state.kept), rolled=list(new_dice),
              rolls_left=rolls_left)]
    if rolls_left == 0:
        new, more = _final(new)
        ev += more
    return new, ev


def _place(old: Dice, keep: Dice, rolled: Dice) -> Dice:
    need = list(counts(keep))
    it = iter(rolled)
    out = []
    for d in old:
        if need[d - 1]:
            need[d - 1] -= 1
            out.append(d)
        else:
            out.append(next(it))
    out.extend(it)
    return tuple(out)


def _final(state: State) -> tuple[State, list[Event]]:
    outs = resolutions(state.dice, state.tokens[state.current_player], state.rules)
    if len(outs) == 1:
        return _resolve(state, outs[0], auto=True)
    return replace(state, phase="resolve", rolls_left=0), []


def _resolve(state: State, outcome: Outcome, *, auto: bool) -> tuple[State, list[Event]]:
    p = state.current_player
    tokens, tri = apply_outcome(state.tokens[p], state.triangle[p], outcome)
    ev = [_ev("resolve", p, dice=list(state.dice), figure=outcome.figure,
              removed=list(outcome.removed), failure=outcome.failure, bonus=outcome.bonus,
              auto=auto, tokens=list(tokens), triangle=tri)]
    if outcome.failure:  # why (D3, D4): the log says it
        k, _name, v, suite = _figure(tuple(sorted(state.dice)))
        ev[0]["why"] = ("empty_square" if k == 3 else "suite" if suite else "nothing")
        if k == 3:
            ev[0]["face"] = v
    if tri == X:
        ev.append(_ev("out", p, manche=state.manche))
    elif not tokens:
        ev.append(_ev("cleared", p, manche=state.manche, triangle=tri))
    new = replace(
        state,
        tokens=_set(state.tokens, p, tokens),
        triangle=_set(state.triangle, p, tri),
    )
    more = _next_turn(new)
    return more[0], ev + more[1]


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _fresh_turn(state: State, player: int) -> State:
    return replace(state, current_player=player, dice=(), kept=(), locked=(), to_roll=0,
                   rolls_left=ROLLS, phase="start")


def _next_turn(state: State) -> tuple[State, list[Event]]:
    """Pass the dice on, or end the manche (D6) / the game."""
    p = state.current_player
    n = state.players
    if n == 1 and state.triangle[0] == X:  # solo (D7): reaching X loses the game at once
        return _end_manche(state, solo_lost=True)
    later = [q for q in range(p + 1, n) if _active(state, q)]
    if later:
        return _fresh_turn(state, later[0]), []
    if any(state.cleared):  # the round in which someone cleared is over
        return _end_manche(state)
    first = [q for q in range(n) if _active(state, q)]
    if first:
        return _fresh_turn(state, first[0]), []
    return _end_manche(state)  # every player is on X


def _end_manche(state: State, solo_lost: bool = False) -> tuple[State, list[Event]]:
    rules = state.rules
    points = tuple(sum(t) for t in state.tokens)
    clearers = [q for q in range(state.players) if not state.tokens[q]]
    top = max((state.triangle[q] for q in clearers), default=None)
    mwin = tuple(q for q in clearers if state.triangle[q] == top)
    scores = tuple(a + b for a, b in zip(state.scores, points))
    ev = [_ev("manche_end", state.current_player, manche=state.manche, points=list(points),
              winners=list(mwin), scores=list(scores))]
    new = replace(
        state,
        scores=scores,
        manche_scores=state.manche_scores + (points,),
        manche_winners=state.manche_winners + (mwin,),
    )
    if solo_lost or state.manche >= rules.manches:
        if state.players == 1:
            winners: tuple[int, ...] = () if solo_lost else (0,)
        else:
            low = min(scores)
            winners = tuple(q for q in range(state.players) if scores[q] == low)
        over = replace(new, is_over=True, winners=winners, phase="over", to_roll=0,
                       rolls_left=0, kept=(), locked=())
        return over, ev + [_ev("game_over", state.current_player, winners=list(winners),
                               scores=list(scores))]
    nxt = replace(
        new,
        manche=state.manche + 1,
        tokens=(SQUARES,) * state.players,
        triangle=(rules.level,) * state.players,
    )
    return _fresh_turn(nxt, 0), ev + [_ev("manche_start", 0, manche=state.manche + 1)]


#: The game's definition: its key, name and this module's rules (``GameDef.of``).
DEFINITION = GameDef.of(globals(), "dripeul", "Dripeul 5")


class Game(_BaseGame):
    """A whole game of Dripeul 5 for 1–6 players (seeded; hand-set dice; undo; JSON).

    >>> g = Game(players=2, seed=1)
    >>> _ = g.apply(Roll(()), dice=[5, 5, 5, 5, 1])
    >>> _ = g.apply(Stop())
    >>> g.state.phase, [o.choice for o in g.state.resolutions()]
    ('resolve', [1, 2, 3, 4, 5, 6])
    >>> _ = g.apply(Resolve(6))
    >>> g.state.tokens[0], g.current_player
    ((1, 2, 3, 4, 5), 1)
    """

    definition: ClassVar[GameDef] = DEFINITION
