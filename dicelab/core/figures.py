"""Dice figures shared by the games: brelan, carré, quinté, suite.

The games' rule functions build on these, so a figure is defined once.

>>> of_a_kind((2, 2, 2, 4, 6))
3
>>> faces_with_at_least((2, 2, 2, 4, 4, 4, 1), 3)
(2, 4)
>>> is_suite((3, 1, 2, 4)), is_suite((1, 2, 3, 5))
(True, False)
>>> contains_run((1, 2, 2, 3, 4, 6), 4), contains_run((1, 2, 3, 5, 6), 4)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from dicelab.core.dice import counts
from dicelab.core.i18n import _

FIGURE_NAMES = {3: "brelan", 4: "carré", 5: "quinté"}


def of_a_kind(dice: Iterable[int]) -> int:
    """The largest number of dice showing the same face (0 for no dice)."""
    return max(counts(dice))


def faces_with_at_least(dice: Iterable[int], k: int) -> tuple[int, ...]:
    """Faces shown by at least ``k`` dice, in increasing order."""
    return tuple(f for f, c in enumerate(counts(dice), start=1) if c >= k)


def has_brelan(dice: Iterable[int]) -> bool:
    """At least three dice alike (a carré or quinté contains a brelan)."""
    return of_a_kind(dice) >= 3


def has_carre(dice: Iterable[int]) -> bool:
    """At least four dice alike."""
    return of_a_kind(dice) >= 4


def has_quinte(dice: Iterable[int]) -> bool:
    """At least five dice alike."""
    return of_a_kind(dice) >= 5


def is_suite(dice: Iterable[int]) -> bool:
    """All the dice are distinct consecutive faces (e.g. 1 2 3 4 5 with five dice)."""
    d = sorted(dice)
    return bool(d) and all(b == a + 1 for a, b in zip(d, d[1:]))


def contains_run(dice: Iterable[int], length: int) -> bool:
    """Some ``length`` consecutive faces all appear among the dice."""
    present = [c > 0 for c in counts(dice)]
    return any(all(present[s : s + length]) for s in range(0, 7 - length))


def figure_name(dice: Iterable[int], lang: str | None = None) -> str:
    """Name of the best same-face figure: 'quinté', 'carré', 'brelan' (the games' own words,
    French in both languages), or 'nothing' / 'rien'.

    >>> figure_name((6, 6, 6, 6, 1)), figure_name((1, 2, 2, 5, 5), lang="fr")
    ('carré', 'rien')
    >>> figure_name((1, 2, 2, 5, 5), lang="en")
    'nothing'
    """
    k = min(of_a_kind(dice), 5)
    if k in FIGURE_NAMES:
        return FIGURE_NAMES[k]
    return _("nothing", lang=lang)
