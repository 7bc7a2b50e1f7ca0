"""The dice row: one focusable, labelled ToggleButton per die (click = keep / set aside).

Each die is drawn as a face with pips (class ``dicelab-face-N``, see :mod:`.faces`).  A
kept die is lifted, outlined, and its label shows a check and a word besides its style,
so nothing relies on colour alone; the tooltip reads e.g. ``"Die 3: 5 — kept (key 3)"``.
A toggle that is disabled (or not on the table) cannot be changed: a late click on it,
after the turn ended, is undone at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dicelab.ui.text import die_label, die_tooltip, esc
from dicelab.ui.widgets.faces import face_svg

MAX_DICE = 7


class DiceRow:
    """A row of die toggles (class ``dicelab-dice``; each die ``dicelab-die``).

    ``kind`` is ``"reroll"`` (toggled = kept) or ``"push"`` (toggled = set aside).
    ``on_change`` is called (with no argument) after the player toggles a die, not when
    the app sets the dice.  ``accept(i)``, if set, is asked before a click turns die ``i``
    on: when it answers ``False`` the die stays off (the app says why).
    """

    def __init__(self, kind: str = "reroll", on_change: Callable[[], None] | None = None,
                 lang: str = "en") -> None:
        import ipywidgets as w

        self.kind = kind
        self.lang = lang
        self.on_change = on_change
        self.accept: Callable[[int], bool] | None = None
        self.toggles = []
        for i in range(MAX_DICE):
            t = w.ToggleButton(value=False)
            t.add_class("dicelab-die")
            t.observe(self._make_observer(i), names="value")
            self.toggles.append(t)
        self.caption = w.HTML()
        self.caption.add_class("dicelab-dice-caption")
        self.aside = w.HTML()
        self.aside.add_class("dicelab-aside")
        self.box = w.HBox([])
        self.box.add_class("dicelab-dice")
        self.outer = w.VBox([self.caption, self.box, self.aside])
        self.dice: tuple[int, ...] = ()
        self.enabled = False
        self._quiet = False
        self._faces: list[int | None] = [None] * MAX_DICE
        self._new_mark = "a"

    def _make_observer(self, i: int) -> Callable[[Any], None]:
        def observer(change: Any) -> None:
            if self._quiet:
                if i < len(self.dice):
                    self._label(i)
                return
            t = self.toggles[i]
            refused = (not t.disabled and self.enabled and i < len(self.dice) and t.value
                       and self.accept is not None and not self.accept(i))
            if refused or t.disabled or not self.enabled or i >= len(self.dice):
                # a late click on a die that cannot be toggled now: undo it, change nothing
                self._quiet = True
                try:
                    t.value = bool(change.get("old", False)) if isinstance(change, dict) \
                        else not t.value
                finally:
                    self._quiet = False
                return
            self._label(i)
            if self.on_change is not None:
                self.on_change()

        return observer

    def _label(self, i: int) -> None:
        t = self.toggles[i]
        face = self.dice[i]
        with t.hold_sync():  # one message to the browser for the die, not one per trait
            t.description = die_label(face, t.value, self.kind, self.lang)
            t.tooltip = die_tooltip(i, face, t.value, self.kind, self.lang)
            if self._faces[i] != face:
                if self._faces[i] is not None:
                    t.remove_class(f"dicelab-face-{self._faces[i]}")
                t.add_class(f"dicelab-face-{face}")
                self._faces[i] = face

    def set_dice(
        self, dice: Sequence[int], selected: Sequence[bool] | None = None, enabled: bool = True,
        caption: str = "", new: Sequence[bool] | None = None, aside: Sequence[int] = (),
        aside_caption: str = "",
    ) -> None:
        """Show ``dice`` (display order) with ``selected`` toggles on; no ``on_change`` call.

        ``new``: which dice were just rolled (they shake once); ``aside``: dice set aside
        earlier this turn, drawn as small faces under the row.
        """
        self.dice = tuple(dice)
        self.enabled = enabled
        sel = list(selected) if selected is not None else [False] * len(self.dice)
        fresh = list(new) if new is not None else [False] * len(self.dice)
        if any(fresh):
            self._new_mark = "b" if self._new_mark == "a" else "a"
        self._quiet = True
        try:
            for i, t in enumerate(self.toggles):
                # each die's changes (value, label, tooltip, classes) reach the browser as
                # one message when the block ends: a roll sends 5–7 messages, not 30
                with t.hold_sync():
                    if i >= len(self.dice):
                        t.value = False
                        t.disabled = True
                        continue
                    t.value = bool(sel[i])
                    t.disabled = not enabled
                    self._label(i)
                    classes = [c for c in t._dom_classes if c not in (
                        "dicelab-new-a", "dicelab-new-b", "dicelab-hinted")]
                    if i < len(fresh) and fresh[i]:
                        classes.append(f"dicelab-new-{self._new_mark}")
                    if classes != list(t._dom_classes):
                        t._dom_classes = classes
        finally:
            self._quiet = False
        self.box.children = tuple(self.toggles[: len(self.dice)])
        self.caption.value = caption
        if aside:
            faces = " ".join(face_svg(v, 24, str(v)) for v in aside)
            self.aside.value = (
                f'<div class="dicelab-aside-dice">{esc(aside_caption)} {faces}</div>'
            )
        else:
            self.aside.value = ""

    @property
    def die_toggles(self) -> list[Any]:
        """The toggles of the dice on the table, in display order."""
        return self.toggles[: len(self.dice)]

    def selected_indices(self) -> list[int]:
        return [i for i, t in enumerate(self.die_toggles) if t.value]

    def selected_values(self) -> tuple[int, ...]:
        """The toggled dice's values, sorted (the ``keep`` of an action)."""
        return tuple(sorted(self.dice[i] for i in self.selected_indices()))

    def toggle(self, i: int) -> bool:
        """Toggle die ``i`` (0-based) as a click would; ``False`` if it cannot be toggled
        (or ``accept`` refused it)."""
        if i >= len(self.dice) or not self.enabled or self.toggles[i].disabled:
            return False
        wanted = not self.toggles[i].value
        self.toggles[i].value = wanted
        return self.toggles[i].value == wanted
