"""5000 (cinq mille): push your luck to exactly 5000 points (5 dice; 6-dice variant).

Rule text: ``seeds/002_6bcbae50ebd24a98.txt``; rulings F1–F10
(``docs/rules.md#5000-dicelabgamescinqmille``).
The pure rule functions here drive play, the exact engine
(:mod:`dicelab.engine.cinqmille`), the policies and the widgets.

Scoring dice set aside together from one roll (F1):

>>> score((1, 1, 1, 1))
1100
>>> score((5, 5, 5, 5)), score((5, 5, 5, 5, 5))
(550, 600)
>>> score((1, 2, 3, 4, 5)), score((2, 3, 4, 5, 6))
(750, 750)
>>> score((3, 3, 3, 1))
400
>>> score((2, 2, 2, 2))
Traceback (most recent call last):
...
dicelab.core.errors.InvalidDice: one 2 does not score: 2 2 2 is a brelan (200), ...

The text's example: 2 2 3 6 5 → the 5 alone scores 50; the four other dice
roll 3 3 3 1 → 400 more, a full hand (main pleine), so all five dice roll again.

>>> scoring_options((2, 2, 3, 6, 5))
(((5,), 50),)
>>> g = Game(seed=1)
>>> _ = g.apply(Roll(()), dice=[2, 2, 3, 6, 5])
>>> _ = g.apply(Roll((5,)), dice=[3, 3, 3, 1])
>>> ev = g.apply(Roll((1, 3, 3, 3)), dice=[6, 6, 4, 2, 3])
>>> [e["type"] for e in ev]
['set_aside', 'full_hand', 'roll', 'bust']
>>> ev[0]["turn_points"]
450
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar

from dicelab.core.dice import (
    Dice,
    counts,
    from_counts,
    is_sub_multiset,
    sub_multisets,
    validate_dice,
)
from dicelab.core.errors import IllegalMove, InvalidDice, InvalidRules, brief
from dicelab.core.figures import is_suite
from dicelab.core.i18n import N_
from dicelab.games._base import (
    Action,
    Bank,
    Event,
    GameDef,
    Roll,
    check_choice,
    plain_fields,
)
from dicelab.games._base import Game as _BaseGame
from dicelab.games._checks import Reason, check_rules, plain_int

MIN_PLAYERS = 1
MAX_PLAYERS = 6
TARGET = 5000
#: Points are always multiples of this.
UNIT = 50

_DEFAULTS = {5: (750, 0), 6: (700, 300)}


@dataclass(frozen=True)
class Rules:
    """The variants of 5000 (defaults = rulings F1–F10).

    ``opening`` and ``min_bank`` default to ``None``, resolved from the dice
    count: 750 / 0 with 5 dice, 700 / 300 with 6 dice (F9).

    >>> Rules().opening, Rules(dice=6).opening, Rules(dice=6).min_bank
    (750, 700, 300)
    >>> Rules(dice=6, opening=1000, min_bank=0).opening
    1000
    >>> Rules(opening=800)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: opening must be one of 700, 750, 1000; got 800
    """

    dice: int = 5
    opening: int | None = None
    min_bank: int | None = None
    keep_all_scoring: bool = False
    no_4900: bool = False

    #: ``None`` (first) is "the dice count's default" (F9): a menu built from these
    #: choices keeps following the number of dice until a value is picked.
    CHOICES: ClassVar[dict[str, tuple]] = {
        "dice": (5, 6),
        "opening": (None, 700, 750, 1000),
        "min_bank": (None, 0, 300),
        "keep_all_scoring": (False, True),
        "no_4900": (False, True),
    }
    #: English msgids (translated where shown: :func:`dicelab.ui.labels.rules_label`).
    LABELS: ClassVar[dict[str, str]] = {
        "dice": N_("number of dice"),
        "opening": N_("points needed to open"),
        "min_bank": N_("minimum bank after opening"),
        "keep_all_scoring": N_("must set aside every scoring die"),
        "no_4900": N_("no banking to 4900-4999"),
    }
    #: Labels of particular values (msgids).
    VALUE_LABELS: ClassVar[dict[str, dict[Any, str]]] = {
        "opening": {None: N_("default (750 with 5 dice, 700 with 6)")},
        "min_bank": {None: N_("default (0 with 5 dice, 300 with 6)")},
    }

    def __post_init__(self) -> None:
        plain_fields(self)  # numpy integers as int
        check_choice("dice", self.dice, self.CHOICES["dice"])
        opening, min_bank = _DEFAULTS[self.dice]
        if self.opening is None:
            object.__setattr__(self, "opening", opening)
        if self.min_bank is None:
            object.__setattr__(self, "min_bank", min_bank)
        for name in ("opening", "min_bank", "keep_all_scoring", "no_4900"):
            allowed = self.CHOICES[name]
            check_choice(name, getattr(self, name), [a for a in allowed if a is not None])

    def chosen(self, field: str) -> Any:
        """The value a menu shows for ``field``: ``None`` (default) where ``opening`` or
        ``min_bank`` is the dice count's default, so that a menu keeps following the dice
        count (:func:`dicelab.ui.labels.chosen_value`).

        >>> Rules(dice=6).chosen("opening"), Rules(opening=1000).chosen("opening")
        (None, 1000)
        """
        value = getattr(self, field)
        default = dict(zip(("opening", "min_bank"), _DEFAULTS[self.dice])).get(field)
        return None if value == default else value


DEFAULT_RULES = Rules()


# --------------------------------------------------------------------------- scoring
def _check_count(dice: Dice, rules: Rules) -> None:
    if len(dice) > rules.dice:
        raise InvalidDice("a roll has at most {n} dice; got {got}", n=rules.dice, got=len(dice))


def _brelan_value(face: int) -> int:
    return 1000 if face == 1 else 100 * face


def score(dice: Iterable[int], rules: Rules | None = None) -> int:
    """Points of dice set aside together from one roll (F1, F9).

    Each 1 = 100, each 5 = 50, a brelan of v = 100×v (1000 for 1s), a suite
    12345 or 23456 (5-dice game, all five dice) = 750; four or five alike are a
    brelan plus single 1s/5s; six alike (6 dice) are two brelans.  Raises
    :class:`~dicelab.InvalidDice` if any die does not score.

    >>> score((1, 5)), score((1, 1, 1, 1, 1)), score((4, 4, 4, 4, 4, 4), Rules(dice=6))
    (150, 1200, 800)
    >>> score((1, 2, 3, 4, 5), Rules(dice=6))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidDice: 2 does not score: only 1s and 5s score alone, ...
    """
    rules = _rules(rules)
    d = tuple(sorted(validate_dice(dice)))
    _check_count(d, rules)
    if rules.dice == 5 and len(d) == 5 and is_suite(d):
        return 750
    pts = 0
    for face, c in enumerate(counts(d), start=1):
        brelans, rest = divmod(c, 3)
        pts += brelans * _brelan_value(face)
        if rest and face in (1, 5):
            pts += rest * (100 if face == 1 else 50)
        elif rest:
            if brelans and rest == 1:
                raise InvalidDice(
                    "one {face} does not score: {face} {face} {face} is a brelan ({points}), "
                    "a fourth {face} scores nothing",
                    face=face, points=_brelan_value(face),
                )
            if brelans:
                raise InvalidDice(
                    "two {face} does not score: {face} {face} {face} is a brelan ({points}), "
                    "the other {face} scores nothing",
                    face=face, points=_brelan_value(face),
                )
            raise InvalidDice(
                "{face} does not score: only 1s and 5s score alone, a {face} needs a brelan",
                face=face,
            )
    return pts


def _scores(dice: Dice, rules: Rules) -> bool:
    try:
        score(dice, rules)
    except InvalidDice:
        return False
    return True


@lru_cache(maxsize=8192)
def _options(roll: Dice, rules: Rules) -> tuple[tuple[Dice, int], ...]:
    opts = [(k, score(k, rules)) for k in sub_multisets(roll) if k and _scores(k, rules)]
    if rules.dice == 6:  # every brelan rolled must be set aside (F9)
        need = [3 * (c // 3) for c in counts(roll)]
        opts = [(k, p) for k, p in opts if all(a >= b for a, b in zip(counts(k), need))]
    if rules.keep_all_scoring and opts:
        opts = [max(opts, key=lambda kp: (len(kp[0]), kp[1]))]
    return tuple(sorted(opts, key=lambda kp: (len(kp[0]), kp[0])))


def scoring_options(
    roll: Iterable[int], rules: Rules | None = None
) -> tuple[tuple[Dice, int], ...]:
    """The legal set-asides of a roll: ``(sorted dice, points)``, fewest dice first (F2, F9).

    Empty when the roll scores nothing (a bust; a *ballot* if every die was rolled).

    >>> scoring_options((1, 5, 2, 3, 3))
    (((1,), 100), ((5,), 50), ((1, 5), 150))
    >>> scoring_options((1, 5, 2, 3, 3), Rules(keep_all_scoring=True))
    (((1, 5), 150),)
    >>> scoring_options((2, 2, 2, 5, 4, 6), Rules(dice=6))
    (((2, 2, 2), 200), ((2, 2, 2, 5), 250))
    >>> scoring_options((2, 3, 4, 6, 6))
    ()
    """
    rules = _rules(rules)
    r = tuple(sorted(validate_dice(roll, what="rolled dice")))
    _check_count(r, rules)
    if not r:
        raise InvalidDice("a roll has at least one die")
    return _options(r, rules)


def is_bust(roll: Iterable[int], rules: Rules | None = None) -> bool:
    """Whether a roll scores nothing (F3).

    >>> is_bust((2, 3)), is_bust((2, 3, 3, 3))
    (True, False)
    """
    return not scoring_options(roll, rules)


def is_ballot(roll: Iterable[int], rules: Rules | None = None) -> bool:
    """A *ballot*: a roll of all the dice that scores nothing.

    >>> is_ballot((2, 2, 3, 4, 6)), is_ballot((2, 3, 4, 6)), is_ballot((1, 2, 3, 4, 6))
    (True, False, False)
    """
    rules = _rules(rules)
    r = tuple(validate_dice(roll, what="rolled dice"))
    return len(r) == rules.dice and is_bust(r, rules)


def is_five_ones(roll: Iterable[int], rules: Rules | None = None) -> bool:
    """Five 1s in one roll win at once (F7; 5-dice game only).

    >>> is_five_ones((1, 1, 1, 1, 1)), is_five_ones((1,) * 5, Rules(dice=6))
    (True, False)
    """
    rules = _rules(rules)
    r = tuple(validate_dice(roll, what="rolled dice"))
    return rules.dice == 5 and len(r) == 5 and all(d == 1 for d in r)


def has_brelan(keep: Iterable[int]) -> bool:
    """Whether set-aside dice contain a brelan (6 dice: it must then be validated, F9)."""
    return max(counts(keep)) >= 3


def explain_keep(
    roll: Iterable[int], keep: Iterable[int], rules: Rules | None = None
) -> Reason | None:
    """Why ``keep`` is not a legal set-aside of ``roll`` (``None`` if it is legal).

    >>> explain_keep((1, 5, 2, 3, 3), (2,))
    '2 does not score: only 1s and 5s score alone, a 2 needs a brelan'
    >>> explain_keep((2, 2, 2, 5, 4, 6), (5,), Rules(dice=6))
    'with 6 dice every brelan rolled must be set aside: 2 2 2'
    """
    rules = _rules(rules)
    r = tuple(sorted(validate_dice(roll, what="rolled dice")))
    k = tuple(sorted(validate_dice(keep, what="set-aside dice")))
    if not k:
        return Reason(N_(
            "set aside at least one scoring die (a 1, a 5 or a figure) before rolling again"))
    if not is_sub_multiset(k, r):
        return Reason(N_("you can only set aside dice you rolled: {keep} is not among {dice}"),
                      keep=_show(k), dice=_show(r))
    try:
        points = score(k, rules)
    except InvalidDice as e:
        return Reason.of(e)
    if (k, points) in scoring_options(r, rules):
        return None
    if rules.dice == 6:
        need = from_counts(3 * (c // 3) for c in counts(r))
        if not is_sub_multiset(need, k):
            return Reason(N_("with 6 dice every brelan rolled must be set aside: {dice}"),
                          dice=_show(need))
    if rules.keep_all_scoring:
        best = scoring_options(r, rules)[0][0]
        return Reason(N_("you must set aside every scoring die: {dice}"), dice=_show(best))
    return Reason(N_("{keep} is not a legal set-aside of {dice}"),  # pragma: no cover
                  keep=_show(k), dice=_show(r))


def _show(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice) or "—"


def _rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "5000")


# ------------------------------------------------------------- turn-end rules (shared)
WIN, OVERSHOOT = "win", "overshoot"


def set_aside_result(rules: Rules, score_before: int, total: int) -> str | None:
    """What a set-aside bringing the turn total to ``total`` does at once (F6).

    5 dice: ``"win"`` if the score reaches exactly 5000, ``"overshoot"`` (the
    turn ends with 0) if it passes 5000, else ``None`` (the turn goes on).  With
    6 dice a set-aside never ends the turn: the player wins by banking.

    >>> set_aside_result(Rules(), 4900, 100), set_aside_result(Rules(), 4900, 150)
    ('win', 'overshoot')
    >>> set_aside_result(Rules(dice=6), 4900, 150) is None
    True
    """
    if rules.dice == 6:
        return None
    if score_before + total == TARGET:
        return WIN
    if score_before + total > TARGET:
        return OVERSHOOT
    return None


def keep_bank_refusal(rules: Rules, keep: Iterable[int], in_play: int) -> Reason | None:
    """Why the set-aside ``keep`` (out of ``in_play`` dice) forbids banking now, or ``None``.

    Full hand (F4): every die is set aside, so all the dice must roll again.
    6 dice (F9): a brelan just set aside must be validated by the next roll.
    """
    k = tuple(keep)
    if len(k) == in_play:
        return Reason(N_(
            "all your dice score (main pleine): you must roll all {n} dice again "
            "before you can bank"), n=rules.dice)
    if rules.dice == 6 and has_brelan(k):
        return Reason(N_(
            "a brelan must be validated: roll the remaining dice (they must score) "
            "before you can bank"))
    return None


def total_bank_refusal(
    rules: Rules, score_before: int, opened: bool, total: int
) -> Reason | None:
    """Why a turn total of ``total`` cannot be banked from ``score_before``, or ``None`` (F5, F8).

    >>> total_bank_refusal(Rules(), 0, False, 450)
    'you have not opened yet: you need 750 points in this turn to bank (you have 450)'
    >>> total_bank_refusal(Rules(), 0, False, 750) is None
    True
    """
    if not opened and total < rules.opening:
        return Reason(N_(
            "you have not opened yet: you need {opening} points in this turn to bank "
            "(you have {total})"), opening=rules.opening, total=total)
    if opened and total < rules.min_bank:
        return Reason(N_(
            "you need at least {min_bank} points in this turn to bank (you have {total})"),
            min_bank=rules.min_bank, total=total)
    after = score_before + total
    if rules.no_4900 and 4900 <= after < TARGET:
        return Reason(N_(
            "with the no-4900 rule you may not bank to {after} (4900 to 4999): "
            "you must play for the win"), after=after)
    return None


# --------------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """A position of 5000.

    ``aside``: dice set aside this turn since the last full hand (so
    ``rules.dice - len(aside)`` dice are in play); ``groups``: every set-aside
    of this turn, in order; ``turn_points``: the points accumulated this turn;
    ``opened``: whether each player has opened; ``pending_validation``: the
    dice being rolled must score to validate a brelan or a full hand (6 dice).
    ``scores``: banked points.  ``phase``: ``"start"`` (roll all dice with
    ``Roll(())``), ``"rolling"`` (waiting for dice), ``"choose"`` (set aside,
    then ``Roll`` or ``Bank``), ``"over"``.
    """

    rules: Rules
    players: int
    scores: tuple[int, ...]
    opened: tuple[bool, ...]
    current_player: int = 0
    to_roll: int = 0
    is_over: bool = False
    winners: tuple[int, ...] = ()
    turn_count: int = 0
    dice: Dice = ()
    phase: str = "start"
    aside: Dice = ()
    groups: tuple[Dice, ...] = ()
    turn_points: int = 0
    pending_validation: bool = False

    @property
    def in_play(self) -> int:
        """Dice not set aside (the dice on the table in ``"choose"``)."""
        return self.rules.dice - len(self.aside)

    @property
    def score(self) -> int:
        """Banked points of the player to move."""
        return self.scores[self.current_player]


def new_state(rules: Rules | None = None, players: int = 1) -> State:
    """The position before the first roll.

    >>> s = new_state(Rules(), 2)
    >>> s.scores, s.phase, legal_actions(s)
    ((0, 0), 'start', [Roll(keep=())])
    """
    rules = _rules(rules)
    players = plain_int(players)  # numpy integers too
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidRules(
            "{game} is played by {lo} to {hi} players; got {players}",
            game="5000", lo=MIN_PLAYERS, hi=MAX_PLAYERS, players=brief(players),
        )
    return State(rules, players, (0,) * players, (False,) * players)


def bank_refusal(state: State, keep: Iterable[int]) -> Reason | None:
    """Why ``Bank(keep)`` is illegal in a ``"choose"`` state (``None`` if legal).

    A set-aside that wins or overshoots (F6) ends the turn whatever the action,
    so banking it is always legal.
    """
    k = tuple(sorted(keep))
    total = state.turn_points + score(k, state.rules)
    if set_aside_result(state.rules, state.score, total) is not None:
        return None
    return keep_bank_refusal(state.rules, k, state.in_play) or total_bank_refusal(
        state.rules, state.score, state.opened[state.current_player], total
    )


def legal_actions(state: State) -> list[Action]:
    """Every legal action: ``Roll(())`` to start a turn; for each legal set-aside,
    ``Roll(keep)`` and, when allowed, ``Bank(keep)``."""
    if state.is_over or state.to_roll:
        return []
    if state.phase == "start":
        return [Roll(())]
    out: list[Action] = []
    for keep, _ in scoring_options(state.dice, state.rules):
        out.append(Roll(keep))
        if bank_refusal(state, keep) is None:
            out.append(Bank(keep))
    return out


def _ev(state: State, kind: str, **kw: Any) -> Event:
    return {"type": kind, "player": state.current_player, **kw}


def _end_turn(state: State) -> State:
    return replace(
        state,
        current_player=(state.current_player + 1) % state.players,
        to_roll=0,
        phase="start",
        aside=(),
        groups=(),
        turn_points=0,
        pending_validation=False,
    )


def _win(state: State, reason: str, events: list[Event]) -> State:
    events.append(_ev(state, "win", reason=reason, score=state.scores[state.current_player]))
    events.append(_ev(state, "game_over", winners=[state.current_player]))
    return replace(
        state, is_over=True, winners=(state.current_player,), phase="over", to_roll=0
    )


def _bank(state: State, total: int, events: list[Event]) -> State:
    p = state.current_player
    scores = list(state.scores)
    scores[p] += total
    opened = list(state.opened)
    if not opened[p]:
        events.append(_ev(state, "open", points=total))
    opened[p] = True
    events.append(_ev(state, "bank", points=total, score=scores[p]))
    state = replace(state, scores=tuple(scores), opened=tuple(opened), turn_points=total)
    if scores[p] >= TARGET:  # exactly 5000 with 5 dice (an overshoot never banks)
        return _win(state, "5000", events)
    return _end_turn(state)


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after the player's action, and the events it caused."""
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.to_roll:
        raise IllegalMove("the dice must be rolled first")
    if not isinstance(action, (Roll, Bank)):
        raise IllegalMove("in 5000 you either roll or bank; got {action}",
                          action=brief(action))
    rules = state.rules
    if state.phase == "start":
        if isinstance(action, Bank):
            raise IllegalMove("roll the dice first: a turn starts with a roll")
        if action.keep:
            raise IllegalMove("a turn starts by rolling all {n} dice", n=rules.dice)
        events = [_ev(state, "turn", turn=state.turn_count + 1)]
        return (
            replace(state, turn_count=state.turn_count + 1, to_roll=rules.dice, phase="rolling"),
            events,
        )
    keep = action.keep
    why = explain_keep(state.dice, keep, rules)
    if why:
        raise IllegalMove(why.template, **why.params)
    points = score(keep, rules)
    total = state.turn_points + points
    result = set_aside_result(rules, state.score, total)
    if isinstance(action, Bank) and result is None:
        why = bank_refusal(state, keep)
        if why:
            raise IllegalMove(why.template, **why.params)
    aside = tuple(sorted(state.aside + keep))
    events = [_ev(state, "set_aside", dice=list(keep), points=points, turn_points=total)]
    state = replace(state, aside=aside, groups=state.groups + (keep,), turn_points=total)
    if result == WIN:
        return _bank(state, total, events), events
    if result == OVERSHOOT:
        events.append(_ev(state, "overshoot", lost=total, score=state.score))
        return _end_turn(state), events
    if isinstance(action, Bank):
        return _bank(state, total, events), events
    pending = rules.dice == 6 and has_brelan(keep)
    if len(aside) == rules.dice:
        events.append(_ev(state, "full_hand", turn_points=total))
        aside = ()
        pending = rules.dice == 6
    state = replace(
        state, aside=aside, to_roll=rules.dice - len(aside), phase="rolling",
        pending_validation=pending,
    )
    return state, events


def roll_outcome(state: State, dice: Iterable[int]) -> tuple[State, list[Event]]:
    """The chance step: ``dice`` fall (``state.to_roll`` of them, in display order)."""
    if not state.to_roll:
        raise IllegalMove("no dice are waiting to be rolled")
    d = validate_dice(dice, state.to_roll)
    rules = state.rules
    events = [_ev(state, "roll", dice=list(d))]
    state = replace(state, dice=d, to_roll=0)
    if is_five_ones(d, rules):
        return _win(state, "five 1s", events), events
    options = scoring_options(d, rules)
    if not options:
        events.append(
            _ev(state, "bust", dice=list(d), lost=state.turn_points, ballot=len(d) == rules.dice,
                why="no_score", suite=len(d) == 5 and rules.dice == 5)
        )
        return _end_turn(state), events
    if state.pending_validation:
        events.append(_ev(state, "validated"))
    state = replace(state, phase="choose", pending_validation=False)
    results = {set_aside_result(rules, state.score, state.turn_points + p) for _, p in options}
    if results == {OVERSHOOT}:  # every set-aside passes 5000: the turn is lost (F6)
        events.append(_ev(state, "overshoot", lost=state.turn_points, score=state.score))
        return _end_turn(state), events
    return state, events


def opening_needed(state: State, player: int) -> int | None:
    """The points ``player`` must make in one turn before banking (the opening), else
    ``None`` once opened (the registry's ``opening_needed``).

    >>> opening_needed(new_state(Rules(), 2), 1)
    750
    """
    return None if state.opened[player] else int(state.rules.opening)


#: The game's definition: its key, name and this module's rules (``GameDef.of``).
DEFINITION = GameDef.of(globals(), "cinqmille", "5000")




class Game(_BaseGame):
    """A whole game of 5000 for 1–6 players (solo: reach 5000 in as few turns as possible).

    >>> g = Game(players=2, seed=3)
    >>> _ = g.apply(Roll(()), dice=[1, 1, 1, 5, 2])
    >>> g.state.phase, g.legal_actions()[:3]
    ('choose', [Roll(keep=(1,)), Roll(keep=(5,)), Roll(keep=(1, 1))])
    >>> _ = g.apply(Bank((1, 5)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: you have not opened yet: you need 750 points ... (you have 150)
    >>> [e["type"] for e in g.apply(Bank((1, 1, 1)))]
    ['set_aside', 'open', 'bank']
    >>> g.state.scores, g.current_player
    ((1000, 0), 1)
    """

    definition = DEFINITION
