"""Saved games: the format's constants and limits, reading a document from outside
(:func:`parse_save`), and the save/load half of the :class:`~dicelab.games._base.Game`
runner (:class:`SavedGame`): JSON save by replay, every seeded roll checked against the
seed on load (see docs/developers.md « Saved games »).

>>> parse_save('{"seed": 1}')
{'seed': 1}
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, TypeVar

from dicelab.core.dice import MAX_DICE, Dice, validate_dice
from dicelab.core.errors import DicelabError, InvalidDice, InvalidRules, InvalidSave, Phrase, brief
from dicelab.core.i18n import N_
from dicelab.games.actions import action_from_json, action_to_json

#: ``"format"`` of every saved game document.
SAVE_FORMAT = "dicelab-game"
#: The save format :meth:`Game.to_json` writes.  Version 3 adds the dice undo gave back
#: (``"undone"``); version 2 (undo threw its dice away) loads as it was played, and
#: version 1 (dicelab 0.1) loads with its rolls marked ``"unchecked"`` (see
#: :meth:`Game.from_json`).
SAVE_VERSION = 3
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


#: What a student reads when a file is not a saved game at all (not JSON, another format);
#: the technical detail is the error's message (see :class:`~dicelab.InvalidSave`).
NOT_A_GAME = N_("this file is not a game saved by dicelab: choose a file made by the “Save "
                "the game” button")
#: What a student reads when a saved game was changed: the dice of a move are not the ones
#: the seed throws.
CHANGED_DICE = N_("this file was changed after it was saved: the dice of move {number} are "
                  "not the ones thrown")
#: The same, for dice thrown and then undone or replaced.
CHANGED_DISCARDED = N_("this file was changed after it was saved: dice it says were thrown "
                       "are not the ones thrown")
#: Any other refusal of a document that claims to be a saved game.
DAMAGED = N_("this file was changed after it was saved, or it is damaged: it cannot be "
             "loaded")


def refuse(summary: Phrase, template: str, /, **params: Any) -> InvalidSave:
    """An :class:`~dicelab.InvalidSave` with the technical message ``template`` and the
    student's words ``summary``.

    >>> e = refuse(Phrase(NOT_A_GAME), "not a JSON document (line {line})", line=1)
    >>> e.summary_message("fr")[:40], str(e)
    ("ce fichier n'est pas une partie enregist", 'not a JSON document (line 1)')
    """
    error = InvalidSave(template, **params)
    error.summary = summary
    return error


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


#: A game class (a subclass of ``Game``), for the loaders' return types.
G = TypeVar("G", bound="SavedGame")


class SavedGame:
    """The save/load half of :class:`~dicelab.games._base.Game` (which inherits it): JSON
    save by replay, and loading with every step replayed through the rules and every
    seeded roll drawn again and compared.  ``Game`` provides ``state``, ``_run`` and
    ``_draw``."""

    definition: Any
    players: int
    seed: int | None
    rules: Any
    _history: list[Any]
    _pending: list[Dice]
    _replay: list[int]
    _draws: int

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
        if self._replay:
            data["undone"] = [self._replay[i:i + MAX_DICE] for i in range(0, len(self._replay),
                                                                          MAX_DICE)]
        return data

    def to_json(self, **kwargs: Any) -> str:
        """Save the game as JSON: rules, players, seed, every action and every roll.

        Format (version 3)::

            {"format": "dicelab-game", "version": 3, "game": "cinqmille",
             "rules": {...}, "players": 1, "seed": 12,
             "steps": [{"action": {"type": "roll", "keep": []},
                        "rolls": [{"dice": [3, 4, 5, 6, 1], "source": "rng"}],
                        "discarded": [[...]]}],          # optional
             "discarded": [[...]],                        # optional
             "undone": [[...]]}                           # optional

        Each roll's ``source`` is one of :data:`ROLL_SOURCES`.  ``discarded`` lists
        the draws of the seeded generator thrown away (replaced by a teacher; in a
        version-2 save, undone too) just before that step's own draws; the top-level
        one, those after the last step.  ``undone``: the dice undo gave back to the
        stream after all that, which the next rolls throw first.  No generator state is
        stored: loading draws every ``"rng"``, ``discarded`` and ``undone`` die again from
        the seed, in order, and refuses a mismatch.
        """
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls: type[G], text: str | bytes | dict[str, Any]) -> G:
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

        >>> from dicelab.games.actions import Roll
        >>> from dicelab.games.trwavril import Game
        >>> g = Game(seed=5)
        >>> _ = g.apply(Roll(()))
        >>> Game.from_json(g.to_json()).state == g.state
        True
        >>> Game.from_json("[" * 100000 + "]" * 100000)
        Traceback (most recent call last):
        ...
        dicelab.core.errors.InvalidSave: not a saved game: nested too deeply
        """
        try:
            data = parse_save(text)
            return cls._from_dict(data)
        except InvalidSave as e:
            if e.summary is None:
                e.summary = Phrase(DAMAGED)
            raise
        except DicelabError as e:
            raise refuse(
                Phrase(DAMAGED), "cannot load this {game} game: {error}",
                game=cls.definition.name, error=e,
            ) from None
        except RecursionError:
            raise refuse(Phrase(NOT_A_GAME), "not a saved game: nested too deeply") from None
        except Exception as e:  # noqa: BLE001 - every failure to load is an InvalidSave
            msg = str(e)[:200]
            raise refuse(
                Phrase(DAMAGED), "cannot load this {game} game: {error}",
                game=cls.definition.name, error=msg,
            ) from None

    @classmethod
    def _from_dict(cls: type[G], data: Any) -> G:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise refuse(Phrase(NOT_A_GAME), "not a dicelab saved game")
        version = data.get("version")
        if type(version) is not int or version not in (1, 2, SAVE_VERSION):
            raise InvalidSave("unknown save version {value}", value=brief(version))
        if data.get("game") != cls.definition.key:
            got = brief(data.get("game"))
            raise InvalidSave(
                "this is a {got} game, not {want}", got=got, want=repr(cls.definition.key)
            )
        base = {"format", "version", "game", "rules", "players", "seed", "steps"}
        allowed = base | ({"rng"} if version == 1 else {"discarded"} if version == 2
                          else {"discarded", "undone"})
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
        undone = game._check_discarded(data.get("undone", []), Phrase(N_("among the undone dice")))
        game._replay = [v for dice in undone for v in dice]
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
                    raise refuse(
                        Phrase(CHANGED_DICE, number=number),
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
                raise refuse(
                    Phrase(CHANGED_DISCARDED),
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
    dicelab.core.errors.InvalidSave: a number in the save has 31 digits (at most 25)
    """
    if isinstance(text, dict):
        return text
    if not isinstance(text, (str, bytes, bytearray)):
        raise refuse(Phrase(NOT_A_GAME), "a saved game is JSON text; got {value}",
                     value=brief(text))
    if len(text) > MAX_SAVE_CHARS:
        raise refuse(
            Phrase(NOT_A_GAME),
            "this document is too long to be a saved game: {n} characters (at most {limit})",
            n=len(text), limit=MAX_SAVE_CHARS,
        )
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise refuse(Phrase(NOT_A_GAME), "not a saved game: nested too deeply") from None
    except json.JSONDecodeError as e:
        # the parser's own words are English: the position is enough, in any language
        raise refuse(Phrase(NOT_A_GAME), "not a JSON document (line {line}, column {column})",
                     line=e.lineno, column=e.colno) from None
    except UnicodeDecodeError as e:
        raise refuse(Phrase(NOT_A_GAME), "not a text document (byte {position})",
                     position=e.start + 1) from None


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_SAVE_DIGITS:
        raise refuse(
            Phrase(NOT_A_GAME),
            "a number in the save has {n} digits (at most {limit})",
            n=len(digits), limit=MAX_SAVE_DIGITS,
        )
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise refuse(Phrase(NOT_A_GAME), "{name} is not allowed in a saved game", name=name)
