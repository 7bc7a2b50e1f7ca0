"""What every game shares: the game definition, and the :class:`Game` runner (its actions are
:mod:`dicelab.games.actions`, its save/load half :mod:`dicelab.games.saves`; their public
names are importable from here too).

A game is defined once, OpenSpiel-style, as pure functions over an immutable
state (see :class:`GameDef`):

* ``new_state(rules, players)`` — the position before the first roll;
* ``legal_actions(state)`` — every action the player to move may take;
* ``step(state, action)`` — the state after a player's action, and the events
  it caused (raises :class:`~dicelab.IllegalMove` if the action is illegal);
* ``roll_outcome(state, dice)`` — the chance step: a state whose ``to_roll`` is
  ``n > 0`` waits for ``n`` dice.

Play, exact odds, simulation and widgets all call these functions; the
:class:`Game` class only adds a seeded stream of dice, hand-set dice, an
event log, undo and JSON save/load.

Undo takes back a decision, never the dice: the dice an undone step drew from the
seed go back to the front of the stream, so the next roll throws them again.

>>> from dicelab.games.trwavril import Game
>>> g = Game(seed=1)
>>> _ = g.apply(Roll(())); first = g.state.dice
>>> _ = g.undo(); _ = g.apply(Roll(()))
>>> g.state.dice == first
True
"""

from __future__ import annotations

import dataclasses
import numbers
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from dicelab.core.dice import Dice, make_rng, roll, validate_dice
from dicelab.core.errors import IllegalMove, InvalidDice, InvalidRules, brief
from dicelab.games import saves
from dicelab.games._checks import plain_int
from dicelab.games.actions import (
    ACTION_TYPES,
    Action,
    Bank,
    Event,
    Resolve,
    Roll,
    Stop,
    action_from_json,
    action_to_json,
)
from dicelab.games.saves import (
    MAX_DRAWS,
    MAX_ROLLS_PER_ACTION,
    MAX_SAVE_CHARS,
    MAX_SAVE_DIGITS,
    MAX_STEPS,
    ROLL_SOURCES,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEED_LIMIT,
    SavedGame,
    parse_save,
    rules_from_dict,
)


class GameState(Protocol):
    """What every game's immutable state offers the runner and the widgets."""

    rules: Any
    players: int
    current_player: int
    to_roll: int
    is_over: bool
    winners: tuple[int, ...]


@dataclass(frozen=True)
class GameDef:
    """One game's definition: its rules type and its pure rule functions."""

    key: str
    name: str
    rules_type: type
    min_players: int
    max_players: int
    new_state: Callable[[Any, int], Any]
    legal_actions: Callable[[Any], list[Action]]
    step: Callable[[Any, Action], tuple[Any, list[Event]]]
    roll_outcome: Callable[[Any, Dice], tuple[Any, list[Event]]]

    #: The names a rules module defines for its definition (:meth:`of`).
    MODULE_NAMES: ClassVar[tuple[str, ...]] = (
        "Rules", "MIN_PLAYERS", "MAX_PLAYERS", "new_state", "legal_actions", "step",
        "roll_outcome")

    @classmethod
    def of(cls, names: Mapping[str, Any], key: str, name: str) -> GameDef:
        """A rules module's definition, from its own names (``GameDef.of(globals(), key,
        name)`` at the end of the module): its ``Rules`` class, ``MIN_PLAYERS`` and
        ``MAX_PLAYERS`` and its four rule functions (:data:`MODULE_NAMES`); a ``TypeError``
        names those it lacks.

        >>> from dicelab.games import seveny
        >>> GameDef.of(vars(seveny), "seveny", "Seveny") == seveny.DEFINITION
        True
        >>> GameDef.of({"Rules": int}, "pig", "Pig")
        Traceback (most recent call last):
        ...
        TypeError: the rules module of Pig lacks MIN_PLAYERS, MAX_PLAYERS, new_state, ...
        """
        missing = [n for n in cls.MODULE_NAMES if n not in names]
        if missing:
            raise TypeError(f"the rules module of {name} lacks {', '.join(missing)}")
        return cls(key, name, names["Rules"], names["MIN_PLAYERS"], names["MAX_PLAYERS"],
                   names["new_state"], names["legal_actions"], names["step"],
                   names["roll_outcome"])


def plain_fields(rules: Any) -> None:
    """Store a frozen ``Rules``' numpy integers as ``int`` (numpy integers are accepted alike
    everywhere), before its fields are checked; booleans (Python or numpy) stay as they are,
    so ``True`` is still refused where a number is asked.

    >>> import numpy as np
    >>> from dicelab.games import seveny
    >>> r = seveny.Rules(target=np.int64(50))
    >>> r, type(r.target), r == seveny.Rules(target=50)
    (Rules(target=50), <class 'int'>, True)
    """
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        plain = plain_int(value)
        if plain is not value:
            object.__setattr__(rules, f.name, plain)


def check_choice(name: str, value: Any, allowed: Iterable[Any]) -> None:
    """Raise :class:`~dicelab.InvalidRules` unless ``value`` is one of ``allowed``.

    Booleans and ints are told apart (``True`` is not ``1``).

    >>> check_choice("dice", 7, (5, 6))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: dice must be one of 5, 6; got 7
    """
    allowed = tuple(allowed)
    ok = any(type(value) is type(a) and value == a for a in allowed)
    if not ok:
        shown = ", ".join(repr(a) if isinstance(a, str) else str(a) for a in allowed)
        raise InvalidRules(
            "{name} must be one of {allowed}; got {value}",
            name=name, allowed=shown, value=brief(value),
        )


def check_int(name: str, value: Any, lo: int, hi: int) -> None:
    """Raise :class:`~dicelab.InvalidRules` unless ``lo <= value <= hi`` is a whole number."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRules(
            "{name} must be a whole number from {lo} to {hi}; got {value}",
            name=name, lo=lo, hi=hi, value=brief(value),
        )


@dataclass(frozen=True)
class RollRecord:
    """One roll of a game: the action's index in :attr:`Game.actions`, the dice, their source.

    ``source`` is one of :data:`ROLL_SOURCES`; only ``"rng"`` dice come from the seed.

    >>> from dicelab.games.trwavril import Game
    >>> g = Game(seed=1)
    >>> _ = g.apply(Roll(()), dice=[6, 6, 6, 6])
    >>> g.rolls
    [RollRecord(step=0, dice=(6, 6, 6, 6), source='hand')]
    """

    step: int
    dice: Dice
    source: str


@dataclass
class _Step:
    action: Action
    rolls: list[Dice]
    sources: list[str]
    state: Any
    events: list[Event]
    # stream dice thrown away just before this step's own draws: the dice a teacher's
    # set_dice replaced (and, in saves of dicelab before 0.3, undone rolls)
    discarded: list[Dice] = field(default_factory=list)

    def drawn(self) -> list[Dice]:
        """This step's rolls that came from the generator."""
        return [r for r, src in zip(self.rolls, self.sources) if src == "rng"]


def check_seed(seed: Any) -> int:
    """Return ``seed`` as an int if ``0 <= seed < SEED_LIMIT``; else :class:`~dicelab.InvalidRules`.

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: seed must be a whole number from 0 to 2**63 - 1; got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not (
        0 <= seed < saves.SEED_LIMIT
    ):
        raise InvalidRules(
            "seed must be a whole number from 0 to 2**63 - 1; got {value}", value=brief(seed)
        )
    return int(seed)


# The runner reads its limits from :mod:`dicelab.games.saves` at each call (one home for
# them: what a game may hold is what a save may hold).
@dataclass
class Game(SavedGame):
    """Play a whole game: a seeded runner around one game's :class:`GameDef`.

    Subclasses set ``definition``.  ``apply(action)`` checks the action with
    the game's own rule functions and, when the action rolls dice, draws them
    from the seeded generator (or takes hand-set ``dice``).  An illegal action
    raises :class:`~dicelab.IllegalMove` and changes nothing.

    The generator is created from ``seed`` (``0 <= seed < 2**63``; a random one
    if ``None``) and only ever advanced by drawing dice, so the seed and the list
    of draws always rebuild it: this is how a save is loaded and checked.
    :attr:`rolls` tells which dice came from the seed and which were set by hand.

    The seed gives one stream of dice, one die after another (drawing 3 dice then 2
    gives the dice that drawing 5 gives, :func:`~dicelab.core.dice.roll`).  :meth:`undo`
    gives the dice the undone step drew back to the front of that stream
    (:attr:`undone`): rolling the same way again throws the same dice, so undo cannot
    fish for better dice; deciding otherwise is allowed, and its dice are the stream's
    next ones.
    """

    definition: ClassVar[GameDef]
    rules: Any = None
    players: int = 1
    seed: int | None = None
    _history: list[_Step] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        d = self.definition
        if self.rules is None:
            self.rules = d.rules_type()
        elif not isinstance(self.rules, d.rules_type):
            raise InvalidRules(
                "{game} needs {rules}; got {got}",
                game=d.name, rules=f"{d.rules_type.__module__}.Rules", got=brief(self.rules),
            )
        self.players = plain_int(self.players)  # numpy integers too
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not (
            d.min_players <= self.players <= d.max_players
        ):
            raise InvalidRules(
                "{game} is played by {lo} to {hi} players; got {value}",
                game=d.name, lo=d.min_players, hi=d.max_players, value=brief(self.players),
            )
        self.seed = secrets.randbits(63) if self.seed is None else check_seed(self.seed)
        self._rng = make_rng(self.seed)
        self._draws = 0  # generator draws so far, thrown-away ones included
        self._pending: list[Dice] = []  # draws thrown away since the last step's own draws
        self._replay: list[int] = []  # dice given back by undo: the next draws take them first
        self._initial = d.new_state(self.rules, self.players)

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> Any:
        """The current immutable state."""
        return self._history[-1].state if self._history else self._initial

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    @property
    def log(self) -> list[Event]:
        """Every event so far, oldest first, as plain data."""
        return [e for s in self._history for e in s.events]

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far."""
        return [s.action for s in self._history]

    @property
    def rolls(self) -> list[RollRecord]:
        """Every roll so far, oldest first, with where its dice came from.

        ``[r for r in game.rolls if r.source != "rng"]`` are the dice set by hand
        (``"hand"``), by a teacher (``"teacher"``) or never checked (``"unchecked"``).
        """
        return [
            RollRecord(i, dice, src)
            for i, s in enumerate(self._history)
            for dice, src in zip(s.rolls, s.sources)
        ]

    @property
    def undone(self) -> Dice:
        """The dice undo gave back to the stream, that the next rolls throw first.

        >>> from dicelab.games.trwavril import Game
        >>> g = Game(seed=1)
        >>> _ = g.apply(Roll(())); _ = g.undo()
        >>> g.undone
        (3, 4, 5, 6)
        """
        return tuple(self._replay)

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move (empty once the game is over)."""
        return self.definition.legal_actions(self.state)

    # ----------------------------------------------------------------- playing
    def apply(self, action: Action, dice: Iterable[int] | None = None) -> list[Event]:
        """Apply ``action``; if it rolls, use ``dice`` (hand-set) or the seeded generator.

        Returns the events it caused.  On any error the game is unchanged.
        """
        hand = None if dice is None else validate_dice(dice)
        if self.state.is_over:
            raise IllegalMove("the game is over")
        if len(self._history) >= saves.MAX_STEPS:
            raise IllegalMove("this game is too long: at most {limit} actions",
                              limit=saves.MAX_STEPS)

        def supply(n: int, j: int) -> tuple[Dice, str]:
            if j == 0 and hand is not None:
                return validate_dice(hand, n), "hand"
            return self._draw(n), "rng"

        step = self._drawing(lambda: self._run(self.state, action, supply, hand is not None))
        step.discarded, self._pending = self._pending, []
        self._history.append(step)
        return step.events

    def _draw(self, n: int) -> Dice:
        """The stream's next ``n`` dice: the undone ones first, then the generator's."""
        again = tuple(self._replay[:n])
        if len(again) == n:
            del self._replay[:n]
            return again
        if self._draws >= saves.MAX_DRAWS:
            raise IllegalMove("this game is too long: at most {limit} rolls", limit=saves.MAX_DRAWS)
        self._draws += 1
        self._replay = []
        return again + roll(self._rng, n - len(again))

    def _drawing(self, run: Callable[[], _Step]) -> _Step:
        """Run ``run``; on any error put the generator (and the undone dice) back as they were."""
        rng_state, draws, replay = self._rng.bit_generator.state, self._draws, list(self._replay)
        try:
            return run()
        except BaseException:
            self._rng.bit_generator.state, self._draws, self._replay = rng_state, draws, replay
            raise

    def _run(
        self,
        state: Any,
        action: Action,
        supply: Callable[[int, int], tuple[Dice, str]],
        hand: bool = False,
    ) -> _Step:
        """Play ``action`` from ``state``; ``supply(n, j)`` gives roll ``j`` (``n`` dice)."""
        d = self.definition
        if not isinstance(action, (Roll, Stop, Bank, Resolve)):
            raise IllegalMove("not an action: {value}", value=brief(action))
        new, events = d.step(state, action)
        events = list(events)
        rolls: list[Dice] = []
        sources: list[str] = []
        if hand and new.to_roll == 0:
            raise InvalidDice(
                "{action} rolls no dice, so no dice can be set by hand", action=repr(action)
            )
        while new.to_roll > 0:
            if len(rolls) >= saves.MAX_ROLLS_PER_ACTION:
                raise IllegalMove(
                    "{action} rolls more than {limit} times",
                    action=repr(action), limit=saves.MAX_ROLLS_PER_ACTION,
                )
            dice, source = supply(new.to_roll, len(rolls))
            rolls.append(dice)
            sources.append(source)
            new, more = d.roll_outcome(new, dice)
            events.extend(more)
        return _Step(action, rolls, sources, new, events)

    def set_dice(self, dice: Iterable[int]) -> list[Event]:
        """Teacher mode: replace the dice of the last roll by hand-set ``dice``.

        Only possible right after a roll (before any other action).  The roll
        is replayed with the given values, so every rule applies to them.  The
        replaced dice stay in the save as a thrown-away draw, and the new ones
        are marked ``"teacher"`` in :attr:`rolls` (hand-set: the review does not
        count them as luck).
        """
        if dice is None:
            raise InvalidDice("set the dice as a list of numbers 1 to 6, e.g. [6, 6, 6, 1, 2]")
        values = validate_dice(dice)
        if not self._history or not self._history[-1].rolls:
            raise IllegalMove("there is no roll to replace: roll first, then set the dice")
        last = self._history[-1]
        before = self._history[-2].state if len(self._history) > 1 else self._initial

        def supply(n: int, j: int) -> tuple[Dice, str]:
            if j == 0:
                return validate_dice(values, n), "teacher"
            return self._draw(n), "rng"

        step = self._drawing(lambda: self._run(before, last.action, supply))
        step.discarded = last.discarded + last.drawn()
        self._history[-1] = step
        return step.events

    def undo(self) -> Action:
        """Take back the last action; returns that action.

        Only the decision is taken back, not the dice: every die the step took from
        the stream goes back to its front (:attr:`undone`), so the next roll throws the
        same dice again (a roll of fewer or more dice takes the stream's dice in order).
        """
        if not self._history:
            raise IllegalMove("there is nothing to undo")
        step = self._history.pop()
        given_back = [*step.discarded, *step.drawn(), *self._pending]
        self._replay = [v for dice in given_back for v in dice] + self._replay
        self._pending = []
        return step.action

    def reset(self, seed: int | None = None) -> None:
        """Start the same game (same rules and players) again, with ``seed`` if given."""
        fresh = type(self)(rules=self.rules, players=self.players, seed=seed)
        self.__dict__.update(fresh.__dict__)


__all__ = [
    "ACTION_TYPES",
    "MAX_DRAWS",
    "MAX_ROLLS_PER_ACTION",
    "MAX_SAVE_CHARS",
    "MAX_SAVE_DIGITS",
    "MAX_STEPS",
    "ROLL_SOURCES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SEED_LIMIT",
    "Action",
    "Bank",
    "Event",
    "Game",
    "GameDef",
    "GameState",
    "Resolve",
    "Roll",
    "RollRecord",
    "Stop",
    "action_from_json",
    "action_to_json",
    "check_choice",
    "check_int",
    "check_seed",
    "parse_save",
    "rules_from_dict",
]
