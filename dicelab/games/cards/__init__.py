"""The games' rules cards as data: one module per game (``dicelab.games.cards.<key>``,
reached through the registry: ``registry.get(key).card``).

A card is the rules in words (English msgids) with **examples as data**, each played
through the game's own rule functions.  Each game's module holds:

- ``CARD``: its :class:`Card` (title, sections of rule lines, examples);
- ``PLAYERS``: how each example is played (``Example.setup`` -> a function of the example
  returning the result the card states);
- ``RESULTS``: the words of the examples' word results (key -> msgid);
- ``EVENT_LINES``: which card line explains an event (event kind -> the line's start, or
  several starts), and ``event_kind(event)``: the game's own kinds of event (or ``None``);
- ``GUIDED``: a scripted first turn showing the tricky rules, each step
  (position changes before the step, the action, the dice it rolls or ``None``).

Drawing and wording the cards is :mod:`dicelab.ui.rules_cards`.

>>> from dicelab.registry import GAMES
>>> all(g.card.CARD.game == g.key for g in GAMES)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicelab.core.i18n import N_

__all__ = ["Card", "Example", "GOAL", "PLAYERS_HEADING", "RESULT", "SCORING",
           "SCORING_CYCLE", "TURN", "numbers_text"]


@dataclass(frozen=True)
class Example:
    """One example of a card: ``text`` (msgid with ``{dice}`` and ``{result}``), the
    ``dice`` rolled, the ``expected`` result (points, or a word key such as
    ``"failure"``), and ``setup``: how it is played (a key of the game's ``PLAYERS``)
    with its ``options`` (the position before the roll)."""

    key: str
    text: str
    dice: tuple[int, ...]
    expected: Any
    setup: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    """A game's rules card: ``title`` and ``sections`` (heading msgid, line msgids)."""

    game: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    examples: tuple[Example, ...]

    def lines(self) -> tuple[str, ...]:
        """Every rule line (msgids), in order."""
        return tuple(x for _h, lines in self.sections for x in lines)


#: The sections' headings the cards share.
GOAL = N_("Goal")
TURN = N_("A turn")
RESULT = N_("What the final dice do")
PLAYERS_HEADING = N_("Several players")
SCORING = N_("Scoring (one roll only)")
#: Seveny scores the dice set aside over a whole cycle, not one roll.
SCORING_CYCLE = N_("Scoring (the dice set aside in one cycle)")


def numbers_text(values: Any) -> str:
    """Numbers in words for a board: separated by spaces, ``"—"`` for none.

    >>> numbers_text((2, 4)), numbers_text(())
    ('2 4', '—')
    """
    return " ".join(map(str, values)) or "—"
