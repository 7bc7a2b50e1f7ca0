"""The dice row: one focusable, labelled ToggleButton per die (click = keep / set aside).

A kept die shows a text mark and a lock icon besides its style, so nothing relies
on colour alone; the tooltip reads e.g. ``"Die 3: 5 — kept"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .text import die_label, die_tooltip

MAX_DICE = 7


class DiceRow:
    """A row of die toggles (class ``dicelab-dice``; each die ``dicelab-die``).

    ``word`` names what a toggle does (``"kept"`` or ``"set aside"``).  ``on_change``
    is called (with no argument) after the player toggles a die, not when the app
    sets the dice.
    """

    def __init__(self, word: str = "kept", on_change: Callable[[], None] | None = None) -> None:
        import ipywidgets as w

        self.word = word
        self.on_change = on_change
        self.toggles = []
        for i in range(MAX_DICE):
            t = w.ToggleButton(value=False, layout=w.Layout(width="auto", min_width="92px"))
            t.add_class("dicelab-die")
            t.observe(self._make_observer(i), names="value")
            self.toggles.append(t)
        self.caption = w.HTML()
        self.box = w.HBox([])
        self.box.add_class("dicelab-dice")
        self.outer = w.VBox([self.caption, self.box])
        self.dice: tuple[int, ...] = ()
        self._quiet = False

    def _make_observer(self, i: int) -> Callable[[Any], None]:
        def observer(change: Any) -> None:
            if i < len(self.dice):
                self._label(i)
            if not self._quiet and self.on_change is not None:
                self.on_change()

        return observer

    def _label(self, i: int) -> None:
        t = self.toggles[i]
        face = self.dice[i]
        mark = "✓ kept" if self.word == "kept" else "✓ aside"
        t.description = die_label(face, t.value, mark)
        t.tooltip = die_tooltip(i, face, t.value, self.word)
        t.icon = "lock" if t.value else ""
        t.button_style = "success" if t.value else ""

    def set_dice(
        self, dice: Sequence[int], selected: Sequence[bool] | None = None, enabled: bool = True,
        caption: str = "",
    ) -> None:
        """Show ``dice`` (display order) with ``selected`` toggles on; no ``on_change`` call."""
        self.dice = tuple(dice)
        sel = list(selected) if selected is not None else [False] * len(self.dice)
        self._quiet = True
        try:
            for i in range(len(self.dice)):
                t = self.toggles[i]
                t.value = bool(sel[i])
                t.disabled = not enabled
                self._label(i)
        finally:
            self._quiet = False
        self.box.children = tuple(self.toggles[: len(self.dice)])
        self.caption.value = caption

    @property
    def die_toggles(self) -> list[Any]:
        """The toggles of the dice on the table, in display order."""
        return self.toggles[: len(self.dice)]

    def selected_indices(self) -> list[int]:
        return [i for i, t in enumerate(self.die_toggles) if t.value]

    def selected_values(self) -> tuple[int, ...]:
        """The toggled dice's values, sorted (the ``keep`` of an action)."""
        return tuple(sorted(self.dice[i] for i in self.selected_indices()))
