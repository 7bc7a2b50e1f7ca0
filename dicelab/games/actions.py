"""The actions every game shares, and their JSON form.

* ``Roll(keep)`` — keep ``keep`` (a multiset of dice shown) and roll the others;
* ``Stop()`` — end the turn (or the manche);
* ``Bank(keep)`` — keep ``keep`` and bank the turn's points;
* ``Resolve(choice)`` — resolve the roll with a choice (a whole number or a tuple).

>>> action_to_json(Roll((5, 5)))
{'type': 'roll', 'keep': [5, 5]}
>>> action_from_json({'type': 'roll', 'keep': [5, 5]}) == Roll((5, 5))
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from dicelab.core.dice import Dice, validate_dice
from dicelab.core.errors import IllegalMove, brief

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
