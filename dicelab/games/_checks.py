"""Argument checks shared by the game modules, their engines and the policies.

One policy for every public function that takes a game's ``Rules`` or ``State``:
``None`` means the default rules (the rulings), anything that is not *that*
game's ``Rules`` is refused with :class:`~dicelab.InvalidRules` naming the
expected type; a state of another game (or no state) is refused with a
:class:`~dicelab.DicelabError` naming the expected state.  Whole-number
arguments accept Python and numpy integers (not booleans) within bounds.

Messages are translatable templates (see :mod:`dicelab.i18n`); bad values are
echoed through :func:`dicelab.core.errors.brief`.

>>> from dicelab.games import trwavril, cinqmille
>>> check_rules(trwavril.Rules, None, "Trwavril")
Rules(parapluies=4, straight='four')
>>> check_rules(trwavril.Rules, cinqmille.Rules(), "Trwavril")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.core.errors.InvalidRules: Trwavril needs dicelab.games.trwavril.Rules (or None for the \
default rules); got Rules(dice=5, ...
>>> whole("score", 10**100, 0, 5000)
Traceback (most recent call last):
...
dicelab.core.errors.DicelabError: score must be a whole number from 0 to 5000; got a whole \
number of about 101 digits
"""

from __future__ import annotations

import itertools
import numbers
from typing import Any, TypeVar

from dicelab.core.errors import DicelabError, IllegalMove, InvalidRules, brief
from dicelab.core.i18n import N_

T = TypeVar("T")


def _type_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def check_rules(rules_type: type[T], value: Any, game: str) -> T:
    """``value`` if it is a ``rules_type``; ``rules_type()`` if it is ``None``;
    else :class:`~dicelab.InvalidRules` naming the expected type."""
    if value is None:
        return rules_type()
    if not isinstance(value, rules_type):
        raise InvalidRules(
            "{game} needs {expected} (or None for the default rules); got {value}",
            game=game, expected=_type_name(rules_type), value=brief(value),
        )
    return value


def check_state(state_type: type[T], value: Any, game: str) -> T:
    """``value`` if it is a ``state_type``; else a :class:`~dicelab.DicelabError`."""
    if not isinstance(value, state_type):
        raise DicelabError(
            "{game} advice needs a {game} game state ({expected}); got {value}",
            game=game, expected=_type_name(state_type), value=brief(value),
        )
    return value


def whole(name: str, value: Any, lo: int | None = None, hi: int | None = None, *,
          error: type[DicelabError] = DicelabError) -> int:
    """``value`` as an ``int`` if it is a whole number (numpy integers too, not booleans)
    within ``lo..hi`` (either bound may be ``None``); else ``error`` (a
    :class:`~dicelab.DicelabError` subclass) naming the allowed range.

    >>> import numpy as np
    >>> whole("n", np.int64(3), 1, 7)
    3
    >>> whole("n", True, 1, 7)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: n must be a whole number from 1 to 7; got True
    """
    v = plain_int(value)
    if type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi):
        return v
    if lo is not None and hi is not None:
        raise error(N_("{name} must be a whole number from {lo} to {hi}; got {value}"),
                    name=name, lo=lo, hi=hi, value=brief(value))
    if lo is not None:
        raise error(N_("{name} must be a whole number >= {lo}; got {value}"),
                    name=name, lo=lo, value=brief(value))
    raise error(N_("{name} must be a whole number; got {value}"), name=name,
                value=brief(value))


def plain_int(value: Any) -> Any:
    """``value`` as an ``int`` if it is a whole number of any kind (a numpy integer too,
    not a boolean); anything else unchanged, for the caller's own check.

    >>> import numpy as np
    >>> plain_int(np.int64(2)), plain_int(True), plain_int("2")
    (2, True, '2')
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value


def take(value: Any, most: int) -> tuple[Any, ...] | None:
    """The items of the collection ``value``, read with a bound: at most ``most + 1`` of
    them are read (an endless generator or ``range(10**12)`` cannot hang or fill the
    memory); ``None`` when ``value`` is not a collection (text included) or has more than
    ``most`` items.  Numpy integers become ``int``.

    >>> import itertools, numpy as np
    >>> take(np.array([3, 1]), 6), take(itertools.count(), 6), take("12", 6)
    ((3, 1), None, None)
    """
    if isinstance(value, (str, bytes, bytearray)):
        return None
    try:
        items = tuple(itertools.islice(iter(value), most + 1))
    except TypeError:
        return None
    if len(items) > most:
        return None
    return tuple(int(x) if isinstance(x, numbers.Integral) and not isinstance(x, bool) else x
                 for x in items)


def check_objective(value: Any, allowed: Any, *,
                    error: type[DicelabError] = DicelabError) -> str:
    """``value`` if it is one of the ``allowed`` objective names (strings); else ``error``."""
    names = tuple(allowed)
    if not isinstance(value, str) or value not in names:
        raise error(N_("objective must be one of {allowed}; got {value}"),
                    allowed=", ".join(names), value=brief(value))
    return value


class Reason(str):
    """Why something is refused: the English text, carrying its translatable template.

    Rule functions that answer "why not?" with a string return a ``Reason``; the
    caller raises ``IllegalMove(reason.template, **reason.params)`` so that the
    message stays translatable (mark the template with ``N_`` where it is written).

    >>> r = Reason("you need {n} points", n=750)
    >>> r, r.template, r.params
    ('you need 750 points', 'you need {n} points', {'n': 750})
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Reason:
        obj = super().__new__(cls, template.format(**params) if params else template)
        obj.template = template
        obj.params = params
        return obj

    @classmethod
    def of(cls, error: DicelabError) -> Reason:
        """The reason an error gives."""
        return cls(error.template, **error.params)


def resolve_choice(choice: Any) -> int | tuple[int, ...]:
    """A :class:`~dicelab.games._base.Resolve` choice, normalised: a whole number (numpy
    integers too), or a sorted tuple of two or more; a one-number list is that number, so
    ``Resolve((2,))`` and ``Resolve(2)`` are the same choice in every game.

    >>> import numpy as np
    >>> resolve_choice(np.int64(3)), resolve_choice([4, 2]), resolve_choice((2,))
    (3, (2, 4), 2)
    >>> resolve_choice(2.0)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: a choice must be a whole number; got 2.0
    """
    def one(x: Any) -> bool:
        return isinstance(x, numbers.Integral) and not isinstance(x, bool)

    if isinstance(choice, (list, tuple)):
        if not choice or not all(one(x) for x in choice):
            raise IllegalMove("a choice must be whole numbers; got {choice}", choice=brief(choice))
        values = tuple(sorted(int(x) for x in choice))
        return values[0] if len(values) == 1 else values
    if not one(choice):
        raise IllegalMove("a choice must be a whole number; got {choice}", choice=brief(choice))
    return int(choice)
