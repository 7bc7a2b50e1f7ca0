"""What a play session accepts: its options, its computer seats and their policies.

Checked here once for every front end (:class:`~dicelab.ui.session.PlaySession`, the
ipywidgets app, the terminal): each wrong option is a :class:`~dicelab.DicelabError`
naming what is wrong.

>>> check_computer({1: "duel_optimal"}, 2), seat_kinds()[-1]
({1: 'duel_optimal'}, 'duel_optimal')
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from collections.abc import Callable
from typing import Any

from dicelab.analysis import policies
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _

Policy = Callable[[Any], Any]

#: Default coach thresholds: percentage points of a probability, and expected turns.
THRESHOLD_POINTS = 1.0
THRESHOLD_TURNS = 0.05
#: The largest coach threshold a session takes, in percentage points or turns.
MAX_THRESHOLD = 100.0


def error_text(error: BaseException, lang: str) -> str:
    """An error in words for a student: a ``DicelabError``'s own message, else its kind.

    >>> error_text(MemoryError(), "en")
    'unexpected error (MemoryError)'
    """
    if isinstance(error, DicelabError):
        return error.message(lang)
    return _("unexpected error ({what})", lang=lang, what=type(error).__name__)


def seat_kinds() -> tuple[str, ...]:
    """Every seat kind: a human, or a computer playing a policy of
    :data:`dicelab.analysis.policies.SEAT_KINDS`, or ``"duel_optimal"`` (plays to win).

    >>> seat_kinds()
    ('human', 'optimal', 'greedy', 'random', 'rule', 'duel_optimal')
    """
    return (*policies.SEAT_KINDS, "duel_optimal")


def make_policy(kind: str, game_key: str, seed: int | None = None) -> Policy:
    """The computer policy of a seat kind (see :func:`seat_kinds`), from
    :mod:`dicelab.analysis.policies`.

    >>> make_policy("rule", "cinqmille").__name__
    'bank_at(300)'
    """
    if kind in ("optimal", "greedy", "random", "rule"):
        return policies.for_kind(kind, game_key, seed)
    if kind == "duel_optimal":
        return policies.duel_optimal()
    raise DicelabError("unknown player kind {kind}; choose one of {kinds}", kind=brief(kind),
                       kinds=", ".join(seat_kinds()))


def check_computer(computer: Any, players: int) -> dict[int, str]:
    """Seats played by the computer, checked: ``None``, a seat, a collection of seats
    (optimal play) or a mapping seat -> kind.  Anything else is a ``DicelabError``.

    >>> check_computer({1: "duel_optimal"}, 2)
    {1: 'duel_optimal'}
    >>> check_computer("optimal", 2)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: computer...; got 'optimal'
    """
    duel = {}
    if isinstance(computer, dict):
        # "plays to win" comes with the duel engine: check its seats as optimal ones
        duel = {s: k for s, k in computer.items() if k == "duel_optimal"}
        computer = {s: ("optimal" if k == "duel_optimal" else k) for s, k in computer.items()}
    seats = dict(policies.check_computer(computer, players))
    seats.update({int(s): "duel_optimal" for s in duel})
    return seats


def check_app_options(rules_type: type, game: str, rule_options: dict[str, Any], *,
                      objective: Any, threshold_points: Any, threshold_turns: Any,
                      **switches: Any) -> None:
    """Refuse, with a :class:`~dicelab.DicelabError`, an option of the wrong kind:
    a rule option ``rules_type`` does not have, a switch (``show_odds``…) that is not
    ``True``/``False``, a threshold that is not a number from 0 to :data:`MAX_THRESHOLD`,
    an objective that is not a name.

    >>> from dicelab.games import trwavril
    >>> check_app_options(trwavril.Rules, "Trwavril", {"bogus": 1}, objective=None,
    ...                   threshold_points=1, threshold_turns=0.05)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: 'bogus' is not an option of the Trwavril app; ...
    """
    import numpy as np

    fields = [f.name for f in dataclasses.fields(rules_type)]
    for name in rule_options:
        if name not in fields:
            raise DicelabError("{name} is not an option of the {game} app; rule options: "
                               "{fields}", name=brief(name), game=game,
                               fields=", ".join(fields))
    for name, value in switches.items():
        if not isinstance(value, (bool, np.bool_)):  # numpy booleans too
            raise DicelabError("{name} must be True or False; got {value}", name=name,
                               value=brief(value))
    for name, value in (("threshold_points", threshold_points),
                        ("threshold_turns", threshold_turns)):
        ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
        if ok and isinstance(value, numbers.Integral):
            ok = 0 <= value <= MAX_THRESHOLD  # before float(): 10**5000 does not fit
        elif ok:
            ok = math.isfinite(value) and 0 <= value <= MAX_THRESHOLD
        if not ok:
            raise DicelabError("{name} must be a number from 0 to {high}; got {value}",
                               name=name, high=int(MAX_THRESHOLD), value=brief(value))
    if objective is not None and not isinstance(objective, str):
        raise DicelabError("objective must be the name of an objective, e.g. 'p_win'; "
                           "got {value}", value=brief(objective))


__all__ = [
    "MAX_THRESHOLD",
    "THRESHOLD_POINTS",
    "THRESHOLD_TURNS",
    "check_app_options",
    "check_computer",
    "error_text",
    "make_policy",
    "seat_kinds",
]
