"""Dice as sorted multisets, with exact roll distributions.

A roll of ``n`` six-sided dice is treated as a *sorted multiset*: the order of
the dice does not matter to any rule, so ``(5, 1, 5)`` and ``(1, 5, 5)`` are
the same outcome.  There are far fewer multisets than ordered rolls (252
instead of 7776 for five dice), and each one carries an integer weight: the
number of ordered rolls that give it.  Probabilities are those weights over
``6**n``: exact :class:`~fractions.Fraction` values on request, float arrays
for speed.

>>> len(multisets(5)), 6**5
(252, 7776)
>>> ways((1, 1, 2))
3
>>> roll_distribution(2)[(1, 2)]
Fraction(1, 18)
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Iterable, Mapping, Sized
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from dicelab.core.errors import InvalidDice, brief

if TYPE_CHECKING:  # numpy loads only when an array is asked for
    import numpy as np

Dice = tuple[int, ...]
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


#: The most dice any hand-set roll, kept set or saved roll may hold (the games use 4 to 7).
MAX_DICE = 20


def validate_dice(values: Any, count: int | None = None, *, what: str = "dice") -> Dice:
    """Check hand-set dice and return them as a tuple of ints, order kept.

    ``values`` is any iterable of whole numbers 1 to 6 (a list, a tuple, a numpy
    array); at most ``count + 1`` (or :data:`MAX_DICE` ``+ 1``) of them are ever read,
    so a huge or endless iterable is refused at once.  Raises :class:`~dicelab.InvalidDice`
    naming the problem and echoing at most a short piece of the bad value.

    >>> validate_dice([3, 1, 6], 3)
    (3, 1, 6)
    >>> validate_dice([3, 7], 2)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidDice: dice must show 1 to 6; got 7
    >>> validate_dice([1, 2], 3)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidDice: expected 3 dice, got 2
    >>> validate_dice(5)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidDice: dice must be a list of numbers 1 to 6; got 5
    """
    if type(values) is tuple and len(values) == (len(values) if count is None else count) \
            <= MAX_DICE and all(type(v) is int and 1 <= v <= 6 for v in values):
        return values  # the common case (the games' own dice), without the general checks
    if isinstance(values, (str, bytes, bytearray, Mapping)) or not isinstance(values, Iterable):
        raise InvalidDice("{what} must be a list of numbers 1 to 6; got {value}",
                          what=what, value=brief(values))
    limit = MAX_DICE if count is None else max(0, count)
    try:
        if isinstance(values, Sized) and len(values) > limit:
            raise _too_many(what, count, len(values))
        first = list(itertools.islice(values, limit + 1))
    except TypeError:  # e.g. a 0-d numpy array: iterable in type only
        raise InvalidDice("{what} must be a list of numbers 1 to 6; got {value}",
                          what=what, value=brief(values)) from None
    if len(first) > limit:
        raise _too_many(what, count, None)
    out = []
    for v in first:
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise InvalidDice("{what} must show whole numbers 1 to 6; got {value}",
                              what=what, value=brief(v))
        v = int(v)
        if not 1 <= v <= 6:
            raise InvalidDice("{what} must show 1 to 6; got {value}", what=what, value=brief(v))
        out.append(v)
    if count is not None and len(out) != count:
        raise InvalidDice("expected {count} {what}, got {n}", count=count, what=what, n=len(out))
    return tuple(out)


def _too_many(what: str, count: int | None, got: int | None) -> InvalidDice:
    if count is None:
        if got is None:
            return InvalidDice("{what}: at most {most} dice; got more", what=what, most=MAX_DICE)
        return InvalidDice("{what}: at most {most} dice; got {n}", what=what, most=MAX_DICE, n=got)
    if got is None:
        return InvalidDice("expected {count} {what}, got more", count=count, what=what)
    return InvalidDice("expected {count} {what}, got {n}", count=count, what=what, n=got)


def sort_dice(dice: Iterable[int]) -> Dice:
    """The sorted multiset of some dice.

    >>> sort_dice([5, 1, 5])
    (1, 5, 5)
    """
    return tuple(sorted(dice))


def counts(dice: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """How many dice show each face 1..6.

    >>> counts((1, 5, 5, 6))
    (1, 0, 0, 0, 2, 1)
    """
    c = [0] * 6
    for d in dice:
        c[d - 1] += 1
    return tuple(c)  # type: ignore[return-value]


def from_counts(face_counts: Iterable[int]) -> Dice:
    """The sorted dice with the given face counts (inverse of :func:`counts`).

    >>> from_counts((1, 0, 0, 0, 2, 1))
    (1, 5, 5, 6)
    """
    return tuple(f for f, c in zip(FACES, face_counts) for _ in range(c))


def ways(dice: Iterable[int]) -> int:
    """Number of ordered rolls that give this multiset: ``n! / prod(c!)``.

    >>> ways((2, 2, 2, 2, 2)), ways((1, 2, 3, 4, 5))
    (1, 120)
    """
    c = counts(dice)
    n = sum(c)
    w = math.factorial(n)
    for k in c:
        w //= math.factorial(k)
    return w


@cache
def multisets(n: int) -> tuple[Dice, ...]:
    """All sorted outcomes of ``n`` dice, in lexicographic order.

    >>> [len(multisets(k)) for k in (4, 5, 6, 7)]
    [126, 252, 462, 792]
    >>> multisets(1)
    ((1,), (2,), (3,), (4,), (5,), (6,))
    """
    if n < 0:
        raise ValueError(f"number of dice must be >= 0; got {n}")
    return tuple(itertools.combinations_with_replacement(FACES, n))


@cache
def multiset_index(n: int) -> dict[Dice, int]:
    """Position of each sorted outcome of ``n`` dice in :func:`multisets`."""
    return {m: i for i, m in enumerate(multisets(n))}


@cache
def _weights_tuple(n: int) -> tuple[int, ...]:
    return tuple(ways(m) for m in multisets(n))


def roll_weights(n: int) -> np.ndarray:
    """Integer weights (ordered rolls) of each outcome of ``n`` dice; they sum to ``6**n``.

    >>> int(roll_weights(3).sum())
    216
    """
    import numpy as np

    return np.array(_weights_tuple(n), dtype=np.int64)


def roll_probabilities(n: int) -> np.ndarray:
    """Float probabilities of each outcome of ``n`` dice, aligned with :func:`multisets`."""
    return roll_weights(n) / float(6**n)


@cache
def roll_distribution(n: int) -> dict[Dice, Fraction]:
    """Exact probability of every sorted outcome of ``n`` dice.

    >>> d = roll_distribution(3)
    >>> d[(6, 6, 6)], sum(d.values())
    (Fraction(1, 216), Fraction(1, 1))
    """
    total = 6**n
    return {m: Fraction(w, total) for m, w in zip(multisets(n), _weights_tuple(n))}


def probability(n: int, event: Any) -> Fraction:
    """Exact probability that a roll of ``n`` dice satisfies ``event(sorted_dice)``.

    >>> probability(2, lambda d: d[0] == d[1])
    Fraction(1, 6)
    """
    total = sum(w for m, w in zip(multisets(n), _weights_tuple(n)) if event(m))
    return Fraction(total, 6**n)


def ordered_rolls(n: int) -> Iterable[Dice]:
    """Every ordered roll of ``n`` dice (``6**n`` of them): the brute-force oracle."""
    return itertools.product(FACES, repeat=n)


def is_sub_multiset(part: Iterable[int], whole: Iterable[int]) -> bool:
    """Whether every die of ``part`` can be found among ``whole``.

    >>> is_sub_multiset((5, 5), (1, 5, 5)), is_sub_multiset((5, 5), (1, 5))
    (True, False)
    """
    cw = counts(whole)
    return all(a <= b for a, b in zip(counts(part), cw))


def remove(whole: Iterable[int], part: Iterable[int]) -> Dice:
    """The sorted dice of ``whole`` left after taking out ``part``.

    >>> remove((1, 5, 5, 6), (5, 1))
    (5, 6)
    """
    cw = list(counts(whole))
    for d in part:
        if cw[d - 1] == 0:
            raise InvalidDice("there is no {d} left to take among {dice}",
                              d=d, dice=" ".join(map(str, sort_dice(whole))))
        cw[d - 1] -= 1
    return from_counts(cw)


def sub_multisets(dice: Iterable[int]) -> tuple[Dice, ...]:
    """Every distinct sub-multiset of some dice, smallest first.

    >>> sub_multisets((5, 5, 6))
    ((), (5,), (6,), (5, 5), (5, 6), (5, 5, 6))
    """
    c = counts(dice)
    subs = [from_counts(k) for k in itertools.product(*(range(x + 1) for x in c))]
    return tuple(sorted(subs, key=lambda s: (len(s), s)))


@cache
def keeps(n: int) -> tuple[Dice, ...]:
    """Every multiset of 0..n dice (all the ways to keep dice out of ``n``), smallest first.

    >>> len(keeps(5)), keeps(5)[:3]
    (462, ((), (1,), (2,)))
    """
    return tuple(m for k in range(n + 1) for m in multisets(k))


def make_rng(seed: int | None = None) -> np.random.Generator:
    """A seeded :class:`numpy.random.Generator` (PCG64)."""
    import numpy as np

    return np.random.default_rng(seed)


def roll(rng: np.random.Generator, n: int) -> Dice:
    """Roll ``n`` dice with ``rng``; the order of the dice is kept (as on the table).

    ``n`` is a whole number from 0 to :data:`MAX_DICE` (:class:`~dicelab.InvalidDice`
    otherwise).  This is the one way the game runner draws dice, so a saved game's
    rolls can be checked by drawing them again from its seed.

    The generator gives one die after another: rolling 3 dice then 2 gives the dice
    that rolling 5 gives (the game runner's undo relies on it: the dice it gives back
    are the stream's next ones, whatever the next roll's size).

    >>> roll(make_rng(1), 5)
    (3, 4, 5, 6, 1)
    >>> rng = make_rng(1); roll(rng, 3) + roll(rng, 2)
    (3, 4, 5, 6, 1)
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 0 <= n <= MAX_DICE:
        raise InvalidDice("can roll 0 to {most} dice; got {n}", most=MAX_DICE, n=brief(n))
    return tuple(int(x) for x in rng.integers(1, 7, size=int(n)))


@dataclass(frozen=True)
class KeepTable:
    """Keep→outcome transitions for ``n`` dice, computed once and reused.

    ``weights[k, o]`` counts the ordered rolls of the ``n - len(keeps[k])``
    dice not kept that turn keep ``k`` into the final outcome ``o``; dividing
    row ``k`` by ``6 ** (n - len(keeps[k]))`` gives exact probabilities.
    ``sub[o]`` lists the indices of every keep that is a sub-multiset of
    outcome ``o`` (padded with the empty keep, index 0), for a vectorised max.
    """

    n: int
    keeps: tuple[Dice, ...]
    outcomes: tuple[Dice, ...]
    weights: Any  # np.ndarray int64, (len(keeps), len(outcomes))
    denominators: Any  # np.ndarray int64, (len(keeps),)
    matrix: Any  # np.ndarray float64, weights / denominators
    sub: Any  # np.ndarray int64, (len(outcomes), max subsets)
    sub_lists: tuple[tuple[int, ...], ...]
    keep_index: dict[Dice, int]
    outcome_index: dict[Dice, int]

    def row(self, keep: Iterable[int]) -> dict[Dice, Fraction]:
        """Exact distribution of the final dice after keeping ``keep``.

        >>> t = keep_table(2)
        >>> t.row((6,))[(6, 6)]
        Fraction(1, 6)
        """
        k = self.keep_index[sort_dice(keep)]
        den = int(self.denominators[k])
        return {
            self.outcomes[o]: Fraction(int(w), den)
            for o, w in enumerate(self.weights[k])
            if w
        }


@cache
def keep_table(n: int) -> KeepTable:
    """The (cached) :class:`KeepTable` for ``n`` dice.

    >>> t = keep_table(5)
    >>> t.matrix.shape, bool((t.weights.sum(axis=1) == t.denominators).all())
    ((462, 252), True)
    """
    import numpy as np

    ks = keeps(n)
    outs = multisets(n)
    oidx = multiset_index(n)
    kidx = {k: i for i, k in enumerate(ks)}
    w = np.zeros((len(ks), len(outs)), dtype=np.int64)
    den = np.zeros(len(ks), dtype=np.int64)
    for i, k in enumerate(ks):
        m = n - len(k)
        den[i] = 6**m
        for r, rw in zip(multisets(m), _weights_tuple(m)):
            w[i, oidx[tuple(sorted(k + r))]] += rw
    sub_lists = tuple(tuple(kidx[s] for s in sub_multisets(o)) for o in outs)
    width = max(len(s) for s in sub_lists)
    sub = np.zeros((len(outs), width), dtype=np.int64)
    for o, s in enumerate(sub_lists):
        sub[o, : len(s)] = s
    matrix = w / den[:, None].astype(float)
    for arr in (w, den, sub, matrix):
        arr.setflags(write=False)
    return KeepTable(n, ks, outs, w, den, matrix, sub, sub_lists, kidx, oidx)
