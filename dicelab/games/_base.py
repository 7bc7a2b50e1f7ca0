"""What every game shares: actions, the game definition, and the :class:`Game` runner.

A game is defined once, OpenSpiel-style, as pure functions over an immutable
state (see :class:`GameDef`):

* ``new_state(rules, players)`` — the position before the first roll;
* ``legal_actions(state)`` — every action the player to move may take;
* ``step(state, action)`` — the state after a player's action, and the events
  it caused (raises :class:`~dicelab.IllegalMove` if the action is illegal);
* ``roll_outcome(state, dice)`` — the chance step: a state whose ``to_roll`` is
  ``n > 0`` waits for ``n`` dice.

Play, exact odds, simulation and widgets all call these functions; the
:class:`Game` class only adds a seeded random generator, hand-set dice, an
event log, undo and JSON save/load.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import secrets
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from ..dice import Dice, make_rng, roll, validate_dice
from ..errors import IllegalMove, InvalidDice, InvalidRules, InvalidSave

Event = dict[str, Any]
"""A log entry: plain data, e.g. ``{"type": "roll", "player": 0, "dice": [1, 5, 5]}``."""


def _dice_tuple(values: Any, what: str) -> Dice:
    return tuple(sorted(validate_dice(values, what=what)))


@dataclass(frozen=True)
class Roll:
    """Keep (reroll games) or set aside (push-your-luck games) ``keep``, then roll the rest.

    ``keep`` is a multiset of die values, stored sorted.

    >>> Roll(keep=[5, 1])
    Roll(keep=(1, 5))
    """

    keep: Dice = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", _dice_tuple(self.keep, "kept dice"))


@dataclass(frozen=True)
class Stop:
    """Stop rolling (reroll games): the dice on the table are final."""


@dataclass(frozen=True)
class Bank:
    """Set aside ``keep`` from the current roll, then bank the turn's points (push-your-luck)."""

    keep: Dice = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", _dice_tuple(self.keep, "set-aside dice"))


@dataclass(frozen=True)
class Resolve:
    """Choose how final dice are used: which token (Dripeul) or which card (Trwavril).

    ``choice`` is a number, or a sorted tuple of numbers when several are taken
    at once (a Dripeul quinté removes two tokens).

    >>> Resolve((4, 2))
    Resolve(choice=(2, 4))
    """

    choice: int | tuple[int, ...]

    def __post_init__(self) -> None:
        from ._checks import resolve_choice  # numpy ints accepted; (2,) is 2 in every game

        object.__setattr__(self, "choice", resolve_choice(self.choice))


Action = Roll | Stop | Bank | Resolve
ACTION_TYPES: dict[str, type] = {"roll": Roll, "stop": Stop, "bank": Bank, "resolve": Resolve}


def action_to_json(action: Action) -> dict[str, Any]:
    """Plain-data form of an action.

    >>> action_to_json(Roll((1, 5)))
    {'type': 'roll', 'keep': [1, 5]}
    """
    d: dict[str, Any] = {"type": type(action).__name__.lower()}
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        d[f.name] = list(v) if isinstance(v, tuple) else v
    return d


def action_from_json(data: Any) -> Action:
    """Inverse of :func:`action_to_json`; raises :class:`~dicelab.IllegalMove` on bad data.

    >>> action_from_json({"type": "resolve", "choice": [2, 4]})
    Resolve(choice=(2, 4))
    """
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise IllegalMove(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    kwargs = {k: v for k, v in data.items() if k != "type"}
    names = {f.name for f in dataclasses.fields(cls)}
    if set(kwargs) - names:
        raise IllegalMove(f"unknown fields {sorted(set(kwargs) - names)} in action {data!r}")
    if "choice" in kwargs and isinstance(kwargs["choice"], list):
        kwargs["choice"] = tuple(kwargs["choice"])
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise IllegalMove(f"bad action {data!r}: {e}") from None


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


def engine_exports(game_module: str, names: Iterable[str]) -> tuple[Any, Any]:
    """Module ``__getattr__``/``__dir__`` re-exporting exact-odds functions of the game's engine.

    ``dicelab.games.<key>.advise`` is ``dicelab.engine.<key>.advise``, loaded on first use so
    that importing a game stays light::

        __getattr__, __dir__ = engine_exports(__name__, {"advise", "advise_state"})
    """
    exported = frozenset(names)
    engine_name = "dicelab.engine." + game_module.rsplit(".", 1)[-1]

    def __getattr__(name: str) -> Any:
        if name in exported:
            return getattr(importlib.import_module(engine_name), name)
        raise AttributeError(f"module {game_module!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[game_module])) | exported)

    return __getattr__, __dir__


def rules_from_dict(rules_type: type, data: Any) -> Any:
    """Build a frozen ``Rules`` from plain data, rejecting unknown fields.

    Raises :class:`~dicelab.InvalidRules`.
    """
    if not isinstance(data, dict):
        raise InvalidRules(f"rules must be a mapping of options; got {data!r}")
    names = {f.name for f in dataclasses.fields(rules_type)}
    unknown = set(data) - names
    if unknown:
        raise InvalidRules(f"unknown rules options {sorted(unknown)}; allowed: {sorted(names)}")
    return rules_type(**data)


def check_choice(name: str, value: Any, allowed: Iterable[Any]) -> None:
    """Raise :class:`~dicelab.InvalidRules` unless ``value`` is one of ``allowed``.

    Booleans and ints are told apart (``True`` is not ``1``).

    >>> check_choice("dice", 7, (5, 6))
    Traceback (most recent call last):
    ...
    dicelab.errors.InvalidRules: dice must be one of 5, 6; got 7
    """
    allowed = tuple(allowed)
    ok = any(type(value) is type(a) and value == a for a in allowed)
    if not ok:
        shown = ", ".join(repr(a) if isinstance(a, str) else str(a) for a in allowed)
        raise InvalidRules(f"{name} must be one of {shown}; got {value!r}")


def check_int(name: str, value: Any, lo: int, hi: int) -> None:
    """Raise :class:`~dicelab.InvalidRules` unless ``lo <= value <= hi`` is a whole number."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRules(f"{name} must be a whole number from {lo} to {hi}; got {value!r}")


@dataclass
class _Step:
    action: Action
    rolls: list[Dice]
    state: Any
    events: list[Event]


@dataclass
class Game:
    """Play a whole game: a seeded runner around one game's :class:`GameDef`.

    Subclasses set ``definition``.  ``apply(action)`` checks the action with
    the game's own rule functions and, when the action rolls dice, draws them
    from the seeded generator (or takes hand-set ``dice``).  An illegal action
    raises :class:`~dicelab.IllegalMove` and changes nothing.
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
                f"{d.name} needs {d.rules_type.__module__}.Rules; got {self.rules!r}"
            )
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not (
            d.min_players <= self.players <= d.max_players
        ):
            raise InvalidRules(
                f"{d.name} is played by {d.min_players} to {d.max_players} players; "
                f"got {self.players!r}"
            )
        if self.seed is None:
            self.seed = secrets.randbits(63)
        elif isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise InvalidRules(f"seed must be a whole number >= 0; got {self.seed!r}")
        self._rng = make_rng(self.seed)
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

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move (empty once the game is over)."""
        return self.definition.legal_actions(self.state)

    # ----------------------------------------------------------------- playing
    def apply(self, action: Action, dice: Iterable[int] | None = None) -> list[Event]:
        """Apply ``action``; if it rolls, use ``dice`` (hand-set) or the seeded generator.

        Returns the events it caused.  On any error the game is unchanged.
        """
        if self.state.is_over:
            raise IllegalMove("the game is over")
        hand = None if dice is None else list(dice)
        rng_state = self._rng.bit_generator.state
        try:
            step = self._run(self.state, action, hand, self._rng)
        except Exception:
            self._rng.bit_generator.state = rng_state
            raise
        self._history.append(step)
        return step.events

    def _run(self, state: Any, action: Action, hand: list[int] | None, rng: Any) -> _Step:
        d = self.definition
        if not isinstance(action, (Roll, Stop, Bank, Resolve)):
            raise IllegalMove(f"not an action: {action!r}")
        new, events = d.step(state, action)
        events = list(events)
        rolls: list[Dice] = []
        if hand is not None and new.to_roll == 0:
            raise InvalidDice(f"{action!r} rolls no dice, so no dice can be set by hand")
        while new.to_roll > 0:
            if hand is not None and not rolls:
                dice = validate_dice(hand, new.to_roll)
            else:
                dice = roll(rng, new.to_roll)
            rolls.append(dice)
            new, more = d.roll_outcome(new, dice)
            events.extend(more)
        return _Step(action, rolls, new, events)

    def set_dice(self, dice: Iterable[int]) -> list[Event]:
        """Teacher mode: replace the dice of the last roll by hand-set ``dice``.

        Only possible right after a roll (before any other action).  The roll
        is replayed with the given values, so every rule applies to them.
        """
        if not self._history or not self._history[-1].rolls:
            raise IllegalMove("there is no roll to replace: roll first, then set the dice")
        last = self._history[-1]
        before = self._history[-2].state if len(self._history) > 1 else self._initial
        step = self._run(before, last.action, list(dice), self._rng)
        self._history[-1] = step
        return step.events

    def undo(self) -> Action:
        """Take back the last action (and its roll); returns that action."""
        if not self._history:
            raise IllegalMove("there is nothing to undo")
        return self._history.pop().action

    def reset(self, seed: int | None = None) -> None:
        """Start the same game (same rules and players) again, with ``seed`` if given."""
        fresh = type(self)(rules=self.rules, players=self.players, seed=seed)
        self.__dict__.update(fresh.__dict__)

    # -------------------------------------------------------------- save/load
    def to_dict(self) -> dict[str, Any]:
        """The game as plain data (see :meth:`to_json`)."""
        return {
            "format": "dicelab-game",
            "version": 1,
            "game": self.definition.key,
            "rules": dataclasses.asdict(self.rules),
            "players": self.players,
            "seed": self.seed,
            "steps": [
                {"action": action_to_json(s.action), "rolls": [list(r) for r in s.rolls]}
                for s in self._history
            ],
            "rng": _jsonable_rng_state(self._rng.bit_generator.state),
        }

    def to_json(self, **kwargs: Any) -> str:
        """Save the game as JSON: rules, players, seed, every action and every roll."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> Game:
        """Load a game saved by :meth:`to_json`.

        Every step is replayed through the rules, so a tampered document is
        rejected with :class:`~dicelab.InvalidSave`; nothing is half-loaded.
        """
        try:
            data = json.loads(text) if isinstance(text, (str, bytes)) else text
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise InvalidSave(f"not a JSON document: {e}") from None
        try:
            return cls._from_dict(data)
        except InvalidSave:
            raise
        except (ValueError, TypeError, KeyError) as e:
            raise InvalidSave(f"cannot load this {cls.definition.name} game: {e}") from None

    @classmethod
    def _from_dict(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != "dicelab-game":
            raise InvalidSave("not a dicelab saved game")
        if data.get("version") != 1:
            raise InvalidSave(f"unknown save version {data.get('version')!r}")
        if data.get("game") != cls.definition.key:
            raise InvalidSave(f"this is a {data.get('game')!r} game, not {cls.definition.key!r}")
        expected = {"format", "version", "game", "rules", "players", "seed", "steps", "rng"}
        if set(data) != expected:
            raise InvalidSave(f"saved game fields must be {sorted(expected)}; got {sorted(data)}")
        rules = rules_from_dict(cls.definition.rules_type, data["rules"])
        game = cls(rules=rules, players=data["players"], seed=data["seed"])
        steps = data["steps"]
        if not isinstance(steps, list):
            raise InvalidSave("steps must be a list")
        for i, s in enumerate(steps):
            if not isinstance(s, dict) or set(s) != {"action", "rolls"} or not isinstance(
                s["rolls"], list
            ):
                raise InvalidSave(f"step {i} must have an action and its rolls")
            action = action_from_json(s["action"])
            rolls = [validate_dice(r) for r in s["rolls"]]
            try:
                step = game._replay(action, rolls)
            except ValueError as e:
                raise InvalidSave(f"step {i} ({action!r}) breaks the rules: {e}") from None
            game._history.append(step)
        try:
            game._rng.bit_generator.state = data["rng"]
        except Exception as e:
            raise InvalidSave(f"bad random generator state: {e}") from None
        return game

    def _replay(self, action: Action, rolls: list[Dice]) -> _Step:
        queue = list(rolls)

        class _Recorded:
            def integers(self, lo: int, hi: int, size: int) -> list[int]:
                if not queue:
                    raise InvalidSave("a roll is missing")
                r = queue.pop(0)
                if len(r) != size:
                    raise InvalidSave(f"a roll of {size} dice has {len(r)} values")
                return list(r)

        if self.state.is_over:
            raise IllegalMove("the game is already over")
        step = self._run(self.state, action, None, _Recorded())
        if queue:
            raise InvalidSave("a recorded roll was never used")
        return step


def _jsonable_rng_state(state: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(state))
