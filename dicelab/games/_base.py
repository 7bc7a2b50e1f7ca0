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
import json
import numbers
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from dicelab.core.dice import Dice, make_rng, roll, validate_dice
from dicelab.core.errors import (
    DicelabError,
    IllegalMove,
    InvalidDice,
    InvalidRules,
    InvalidSave,
    Phrase,
    brief,
)
from dicelab.core.i18n import N_
from dicelab.games._checks import plain_int

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
        from dicelab.games._checks import (
            resolve_choice,  # numpy ints accepted; (2,) is 2 in every game
        )

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
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or (
        data["type"] not in ACTION_TYPES
    ):
        raise IllegalMove("not an action: {value}", value=brief(data))
    cls = ACTION_TYPES[data["type"]]
    kwargs = {k: v for k, v in data.items() if k != "type"}
    names = {f.name for f in dataclasses.fields(cls)}
    if set(kwargs) - names:
        unknown = sorted(map(str, set(kwargs) - names))
        raise IllegalMove(
            "unknown fields {fields} in action {action}", fields=brief(unknown), action=brief(data)
        )
    if "choice" in kwargs and isinstance(kwargs["choice"], list):
        kwargs["choice"] = tuple(kwargs["choice"])
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise IllegalMove(
            "bad action {action}: {error}", action=brief(data), error=str(e)
        ) from None


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


def rules_from_dict(rules_type: type, data: Any) -> Any:
    """Build a frozen ``Rules`` from plain data, rejecting unknown fields.

    Raises :class:`~dicelab.InvalidRules`.
    """
    if not isinstance(data, dict):
        raise InvalidRules("rules must be a mapping of options; got {value}", value=brief(data))
    names = {f.name for f in dataclasses.fields(rules_type)}
    unknown = set(data) - names
    if unknown:
        raise InvalidRules(
            "unknown rules options {options}; allowed: {allowed}",
            options=brief(sorted(map(str, unknown))), allowed=sorted(names),
        )
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


# ------------------------------------------------------------------ saved games
#: ``"format"`` of every saved game document.
SAVE_FORMAT = "dicelab-game"
#: The save format :meth:`Game.to_json` writes.  Version 1 (dicelab 0.1) still loads,
#: its rolls marked ``"unchecked"`` (see :meth:`Game.from_json`).
SAVE_VERSION = 2
#: The longest save document :meth:`Game.from_json` reads, in characters (bytes for
#: ``bytes``): 2 MB, forty times a six-player game of 5000 played at random (50 kB).
MAX_SAVE_CHARS = 2_000_000
#: The most actions a game may hold (a six-player game of 5000 played at random takes
#: about 600); a longer game cannot be played on, nor loaded.
MAX_STEPS = 20_000
#: The most dice draws of the seeded generator a game may use, thrown-away draws
#: (undone or replaced rolls) included.
MAX_DRAWS = 50_000
#: How many rolls one action may cause (every game has at most one); bounds every
#: loop that draws dice.
MAX_ROLLS_PER_ACTION = 8
#: Seeds are whole numbers with ``0 <= seed < SEED_LIMIT`` (2**63).
SEED_LIMIT = 2**63
#: The most digits a number in a save document may have (seeds have at most 19).
MAX_SAVE_DIGITS = 25

#: Where the dice of a roll came from: the seeded generator, set by hand with
#: ``apply(..., dice=...)``, set by a teacher with ``set_dice``, or loaded from a
#: version-1 save, which cannot tell (never checked against the seed).
ROLL_SOURCES = ("rng", "hand", "teacher", "unchecked")


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
    # generator draws thrown away (undone or replaced) just before this step's own draws
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
    dicelab.errors.InvalidRules: seed must be a whole number from 0 to 2**63 - 1; got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not (
        0 <= seed < SEED_LIMIT
    ):
        raise InvalidRules(
            "seed must be a whole number from 0 to 2**63 - 1; got {value}", value=brief(seed)
        )
    return int(seed)


@dataclass
class Game:
    """Play a whole game: a seeded runner around one game's :class:`GameDef`.

    Subclasses set ``definition``.  ``apply(action)`` checks the action with
    the game's own rule functions and, when the action rolls dice, draws them
    from the seeded generator (or takes hand-set ``dice``).  An illegal action
    raises :class:`~dicelab.IllegalMove` and changes nothing.

    The generator is created from ``seed`` (``0 <= seed < 2**63``; a random one
    if ``None``) and only ever advanced by drawing dice, so the seed and the list
    of draws always rebuild it: this is how a save is loaded and checked.
    :attr:`rolls` tells which dice came from the seed and which were set by hand.
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
        if len(self._history) >= MAX_STEPS:
            raise IllegalMove("this game is too long: at most {limit} actions", limit=MAX_STEPS)

        def supply(n: int, j: int) -> tuple[Dice, str]:
            if j == 0 and hand is not None:
                return validate_dice(hand, n), "hand"
            return self._draw(n), "rng"

        step = self._drawing(lambda: self._run(self.state, action, supply, hand is not None))
        step.discarded, self._pending = self._pending, []
        self._history.append(step)
        return step.events

    def _draw(self, n: int) -> Dice:
        if self._draws >= MAX_DRAWS:
            raise IllegalMove("this game is too long: at most {limit} rolls", limit=MAX_DRAWS)
        self._draws += 1
        return roll(self._rng, n)

    def _drawing(self, run: Callable[[], _Step]) -> _Step:
        """Run ``run``; on any error put the generator back as it was."""
        rng_state, draws = self._rng.bit_generator.state, self._draws
        try:
            return run()
        except BaseException:
            self._rng.bit_generator.state, self._draws = rng_state, draws
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
            if len(rolls) >= MAX_ROLLS_PER_ACTION:
                raise IllegalMove(
                    "{action} rolls more than {limit} times",
                    action=repr(action), limit=MAX_ROLLS_PER_ACTION,
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
        are marked ``"teacher"`` in :attr:`rolls`.
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
        """Take back the last action (and its roll); returns that action.

        The generator is not wound back: rolling again gives new dice, and the
        undone dice stay in the save as thrown-away draws.
        """
        if not self._history:
            raise IllegalMove("there is nothing to undo")
        step = self._history.pop()
        self._pending = step.discarded + step.drawn() + self._pending
        return step.action

    def reset(self, seed: int | None = None) -> None:
        """Start the same game (same rules and players) again, with ``seed`` if given."""
        fresh = type(self)(rules=self.rules, players=self.players, seed=seed)
        self.__dict__.update(fresh.__dict__)

    # -------------------------------------------------------------- save/load
    def to_dict(self) -> dict[str, Any]:
        """The game as plain data (see :meth:`to_json`)."""
        steps = []
        for s in self._history:
            d: dict[str, Any] = {
                "action": action_to_json(s.action),
                "rolls": [{"dice": list(r), "source": src} for r, src in zip(s.rolls, s.sources)],
            }
            if s.discarded:
                d["discarded"] = [list(r) for r in s.discarded]
            steps.append(d)
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.definition.key,
            "rules": dataclasses.asdict(self.rules),
            "players": self.players,
            "seed": self.seed,
            "steps": steps,
        }
        if self._pending:
            data["discarded"] = [list(r) for r in self._pending]
        return data

    def to_json(self, **kwargs: Any) -> str:
        """Save the game as JSON: rules, players, seed, every action and every roll.

        Format (version 2)::

            {"format": "dicelab-game", "version": 2, "game": "cinqmille",
             "rules": {...}, "players": 1, "seed": 12,
             "steps": [{"action": {"type": "roll", "keep": []},
                        "rolls": [{"dice": [3, 4, 5, 6, 1], "source": "rng"}],
                        "discarded": [[...]]}],          # optional
             "discarded": [[...]]}                        # optional

        Each roll's ``source`` is one of :data:`ROLL_SOURCES`.  ``discarded`` lists
        the draws of the seeded generator thrown away (undone, or replaced by a
        teacher) just before that step's own draws; the top-level one, those after
        the last step.  No generator state is stored: loading draws every ``"rng"``
        and ``discarded`` roll again from the seed, in order, and refuses a mismatch.
        """
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> Game:
        """Load a game saved by :meth:`to_json` (JSON text, or its parsed dict).

        Every step is replayed through the rules, and every die said to come from
        the generator is drawn again from the seed and compared, so a tampered
        document is refused; nothing is half-loaded.  Every failure is an
        :class:`~dicelab.InvalidSave`.  Limits: :data:`MAX_SAVE_CHARS` characters,
        :data:`MAX_STEPS` steps, :data:`MAX_DRAWS` generator draws, numbers of at most
        :data:`MAX_SAVE_DIGITS` digits, ``0 <= seed < 2**63``.

        A version-1 save (dicelab 0.1) stored the generator's state and did not
        say which dice were set by hand: it loads with every roll marked
        ``"unchecked"``, its generator state ignored, and a generator started
        afresh from the seed for the rolls to come.

        >>> from dicelab.games.trwavril import Game
        >>> g = Game(seed=5)
        >>> _ = g.apply(Roll(()))
        >>> Game.from_json(g.to_json()).state == g.state
        True
        >>> Game.from_json("[" * 100000 + "]" * 100000)
        Traceback (most recent call last):
        ...
        dicelab.errors.InvalidSave: not a saved game: nested too deeply
        """
        try:
            data = parse_save(text)
            return cls._from_dict(data)
        except InvalidSave:
            raise
        except DicelabError as e:
            raise InvalidSave(
                "cannot load this {game} game: {error}", game=cls.definition.name, error=e
            ) from None
        except RecursionError:
            raise InvalidSave("not a saved game: nested too deeply") from None
        except Exception as e:  # noqa: BLE001 - every failure to load is an InvalidSave
            msg = str(e)[:200]
            raise InvalidSave(
                "cannot load this {game} game: {error}", game=cls.definition.name, error=msg
            ) from None

    @classmethod
    def _from_dict(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidSave("not a dicelab saved game")
        version = data.get("version")
        if type(version) is not int or version not in (1, SAVE_VERSION):
            raise InvalidSave("unknown save version {value}", value=brief(version))
        if data.get("game") != cls.definition.key:
            got = brief(data.get("game"))
            raise InvalidSave(
                "this is a {got} game, not {want}", got=got, want=repr(cls.definition.key)
            )
        base = {"format", "version", "game", "rules", "players", "seed", "steps"}
        allowed = base | ({"rng"} if version == 1 else {"discarded"})
        if not base <= set(data) <= allowed or (version == 1 and "rng" not in data):
            want = sorted(base | {"rng"}) if version == 1 else sorted(base)
            got = brief(sorted(map(str, data)))
            raise InvalidSave("saved game fields must be {want}; got {got}", want=want, got=got)
        seed = data["seed"]
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise InvalidSave(
                "seed must be a whole number from 0 to 2**63 - 1; got {value}", value=brief(seed)
            )
        players = data["players"]
        if type(players) is not int:
            raise InvalidSave("players must be a whole number; got {value}", value=brief(players))
        steps = data["steps"]
        if not isinstance(steps, list):
            raise InvalidSave("steps must be a list")
        if len(steps) > MAX_STEPS:
            raise InvalidSave(
                "too many steps: {n} (at most {limit})", n=len(steps), limit=MAX_STEPS
            )
        rules = rules_from_dict(cls.definition.rules_type, data["rules"])
        game = cls(rules=rules, players=players, seed=seed)
        for i, s in enumerate(steps):
            game._load_step(i + 1, s, version)
        game._pending = game._check_discarded(
            data.get("discarded", []), Phrase(N_("after the last step"))
        )
        return game

    def _load_step(self, number: int, s: Any, version: int) -> None:
        """Replay step ``number`` (counted from 1) of a save, checking its dice."""
        where = Phrase(N_("step {number}"), number=number)
        keys = {"action", "rolls"}
        if not isinstance(s, dict) or not keys <= set(s) <= keys | (
            {"discarded"} if version > 1 else set()
        ):
            raise InvalidSave("{where} must have an action and its rolls", where=where)
        rolls = s["rolls"]
        if not isinstance(rolls, list) or len(rolls) > MAX_ROLLS_PER_ACTION:
            raise InvalidSave(
                "{where}: rolls must be a list of at most {limit}",
                where=where, limit=MAX_ROLLS_PER_ACTION,
            )
        recorded = [_roll_from_json(r, version, where) for r in rolls]
        try:
            action = action_from_json(s["action"])
        except DicelabError as e:
            raise InvalidSave("{where}: {error}", where=where, error=e) from None
        discarded = self._check_discarded(
            s.get("discarded", []), Phrase(N_("before {where}"), where=where)
        )
        if self.state.is_over:
            raise InvalidSave("{where}: the game is already over", where=where)
        if len(self._history) >= MAX_STEPS:
            raise InvalidSave("too many steps (at most {limit})", limit=MAX_STEPS)

        def supply(n: int, j: int) -> tuple[Dice, str]:
            if j >= len(recorded):
                raise InvalidSave(
                    "{where} ({action}): a roll of {n} dice is missing",
                    where=where, action=repr(action), n=n,
                )
            dice, source = recorded[j]
            if source == "unchecked" and (self._draws or getattr(self, "_checked_loaded", False)
                                          or any(src != "unchecked" for _d, src in recorded[:j])):
                # a version-1 save's rolls are all unchecked; re-saved, they stay a prefix
                raise InvalidSave(
                    "{where} ({action}): an unchecked roll (from a version-1 save) may not "
                    "follow a checked one", where=where, action=repr(action),
                )
            if len(dice) != n:
                raise InvalidSave(
                    "{where} ({action}): roll {number} must have {n} dice; it has {count}",
                    where=where, action=repr(action), number=j + 1, n=n, count=len(dice),
                )
            if source == "rng":
                drawn = self._draw_checked(n, where)
                if drawn != dice:
                    raise InvalidSave(
                        "{where} ({action}): the dice {dice} are marked as rolled, "
                        "but seed {seed} rolls {drawn} there",
                        where=where, action=repr(action), dice=list(dice), seed=self.seed,
                        drawn=list(drawn),
                    )
            return dice, source

        try:
            step = self._run(self.state, action, supply)
        except InvalidSave:
            raise
        except DicelabError as e:
            raise InvalidSave(
                "{where} ({action}) breaks the rules: {error}",
                where=where, action=repr(action), error=e,
            ) from None
        if len(step.rolls) != len(recorded):
            raise InvalidSave(
                "{where} ({action}): a recorded roll was never used",
                where=where, action=repr(action),
            )
        step.discarded = discarded
        self._history.append(step)
        if any(src != "unchecked" for src in step.sources):
            self._checked_loaded = True

    def _draw_checked(self, n: int, where: Phrase) -> Dice:
        if self._draws >= MAX_DRAWS:
            raise InvalidSave(
                "{where}: too many rolls (at most {limit})", where=where, limit=MAX_DRAWS
            )
        return self._draw(n)

    def _check_discarded(self, rolls: Any, where: Phrase) -> list[Dice]:
        """Draw a save's thrown-away rolls again from the generator; they must match."""
        if not isinstance(rolls, list):
            raise InvalidSave("discarded rolls {where} must be a list", where=where)
        out = []
        for k, r in enumerate(rolls):
            try:
                dice = validate_dice(r)
            except InvalidDice as e:
                raise InvalidSave(
                    "discarded roll {number} {where}: {error}", number=k + 1, where=where, error=e
                ) from None
            drawn = self._draw_checked(len(dice), where)
            if drawn != dice:
                raise InvalidSave(
                    "discarded roll {number} {where}: {dice} is not what seed {seed} rolls there "
                    "({drawn})",
                    number=k + 1, where=where, dice=list(dice), seed=self.seed, drawn=list(drawn),
                )
            out.append(dice)
        return out


def _roll_from_json(r: Any, version: int, where: Phrase) -> tuple[Dice, str]:
    """A saved roll as ``(dice, source)``; version 1 stored bare dice lists."""
    if version == 1:
        dice, source = r, "unchecked"
    else:
        if not isinstance(r, dict) or set(r) != {"dice", "source"}:
            raise InvalidSave(
                "{where}: a roll must have dice and a source; got {value}",
                where=where, value=brief(r),
            )
        dice, source = r["dice"], r["source"]
        if not isinstance(source, str) or source not in ROLL_SOURCES:
            raise InvalidSave(
                "{where}: a roll's source must be one of {sources}; got {value}",
                where=where, sources=", ".join(ROLL_SOURCES), value=brief(source),
            )
    try:
        return validate_dice(dice), source
    except InvalidDice as e:
        raise InvalidSave("{where}: {error}", where=where, error=e) from None


def parse_save(text: Any) -> Any:
    """Parse a save document (JSON text or bytes) within the limits; a dict is returned as is.

    Use it, not :func:`json.loads`, on a document from outside: every failure is an
    :class:`~dicelab.InvalidSave` (too long, nested too deeply, numbers of more than
    :data:`MAX_SAVE_DIGITS` digits, ``NaN``, not JSON).

    >>> parse_save('{"seed": 1' + '0' * 30 + '}')
    Traceback (most recent call last):
    ...
    dicelab.errors.InvalidSave: a number in the save has 31 digits (at most 25)
    """
    if isinstance(text, dict):
        return text
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidSave("a saved game is JSON text; got {value}", value=brief(text))
    if len(text) > MAX_SAVE_CHARS:
        raise InvalidSave(
            "this document is too long to be a saved game: {n} characters (at most {limit})",
            n=len(text), limit=MAX_SAVE_CHARS,
        )
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise InvalidSave("not a saved game: nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InvalidSave("not a JSON document: {error}", error=str(e)[:200]) from None


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_SAVE_DIGITS:
        raise InvalidSave(
            "a number in the save has {n} digits (at most {limit})",
            n=len(digits), limit=MAX_SAVE_DIGITS,
        )
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise InvalidSave("{name} is not allowed in a saved game", name=name)
