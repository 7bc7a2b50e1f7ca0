"""Errors raised by dicelab.

Every error is a :class:`ValueError` subclass, so ``except ValueError`` catches
them all, and each message names what is wrong in words a student understands.

>>> issubclass(IllegalMove, ValueError)
True
"""

from __future__ import annotations


class DicelabError(ValueError):
    """Base class of every dicelab error."""


class IllegalMove(DicelabError):
    """An action that the rules do not allow in the current position.

    The game is left exactly as it was before the action.
    """


class InvalidDice(IllegalMove):
    """Dice values that are not 1–6, or not the right number of dice."""


class InvalidRules(DicelabError):
    """A rules option with a value outside its allowed values."""


class InvalidSave(DicelabError):
    """A saved game document that is malformed or has been tampered with."""
