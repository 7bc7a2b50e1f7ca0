"""Classroom controls: seed, New game, Reset, variants and difficulty, players, teacher mode.

The variant dropdowns are generated from the game's ``Rules.CHOICES`` and
``Rules.LABELS``: the widgets know no rule of their own.

>>> parse_dice_text("2 2, 2 4 6")
(2, 2, 2, 4, 6)
>>> parse_dice_text("2 two")
Traceback (most recent call last):
...
dicelab.errors.InvalidDice: 'two' is not a die value: type numbers 1 to 6 separated by spaces
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..errors import InvalidDice
from ..games.labels import chosen_value
from ..games.labels import value_label as game_value_label

#: Seat kinds offered in the players panel: value -> label.  ``"human"`` or a policy name.
SEAT_KINDS: dict[str, str] = {
    "human": "human",
    "optimal": "computer — optimal",
    "greedy": "computer — greedy (this turn only)",
    "random": "computer — random legal moves",
    "rule": "computer — rule of thumb",
}


def parse_dice_text(text: str) -> tuple[int, ...]:
    """Dice typed by a teacher (spaces or commas between values); raises ``InvalidDice``."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise InvalidDice("type the dice first, e.g. 2 2 2 4 6")
    out = []
    for t in tokens:
        if not re.fullmatch(r"[0-9]+", t):
            raise InvalidDice(
                f"{t!r} is not a die value: type numbers 1 to 6 separated by spaces"
            )
        out.append(int(t))
    return tuple(out)


def value_label(value: Any) -> str:
    """Dropdown text for an option value.

    >>> value_label(True), value_label("four"), value_label(3)
    ('yes', 'four', '3')
    """
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


class VariantControls:
    """One Dropdown per ``Rules`` field, from ``Rules.CHOICES`` / ``Rules.LABELS``."""

    def __init__(self, rules: Any) -> None:
        import ipywidgets as w

        self.rules_type = type(rules)
        choices = getattr(self.rules_type, "CHOICES", {}) or {}
        labels = getattr(self.rules_type, "LABELS", {}) or {}
        self.dropdowns: dict[str, Any] = {}
        for f in dataclasses.fields(self.rules_type):
            if f.name not in choices:
                continue
            values = list(choices[f.name])
            current = chosen_value(rules, f.name)  # None: a default following another option
            if current not in values:
                values.append(current)
            dd = w.Dropdown(
                options=[(game_value_label(rules, f.name, v), v) for v in values],
                value=current,
                description=labels.get(f.name, f.name.replace("_", " ")),
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            dd.add_class(f"dicelab-variant-{f.name}")
            self.dropdowns[f.name] = dd
        self.box = w.HBox(list(self.dropdowns.values()), layout=w.Layout(flex_flow="row wrap"))

    def options(self) -> dict[str, Any]:
        return {k: dd.value for k, dd in self.dropdowns.items()}

    def build(self) -> Any:
        """A ``Rules`` from the dropdowns (raises ``InvalidRules`` if the engine refuses it)."""
        return self.rules_type(**self.options())

    def show(self, rules: Any) -> None:
        for k, dd in self.dropdowns.items():
            dd.value = chosen_value(rules, k)


class PlayersPanel:
    """Number of players and, for each seat, human or a computer policy."""

    def __init__(self, players: int, min_players: int, max_players: int,
                 seats: dict[int, str] | None = None) -> None:
        import ipywidgets as w

        self.count = w.Dropdown(
            options=list(range(min_players, max_players + 1)),
            value=players,
            description="Players",
            layout=w.Layout(width="160px"),
        )
        self.count.add_class("dicelab-players")
        self.seats = []
        for i in range(max(max_players, 1)):
            dd = w.Dropdown(
                options=[(label, kind) for kind, label in SEAT_KINDS.items()],
                value=(seats or {}).get(i, "human"),
                description=f"Player {i + 1}",
                layout=w.Layout(width="auto"),
            )
            dd.add_class("dicelab-seat")
            self.seats.append(dd)
        self.seat_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.box = w.VBox([self.count, self.seat_box])
        self.count.observe(lambda _c: self._show(), names="value")
        self._show()

    def _show(self) -> None:
        self.seat_box.children = tuple(self.seats[: self.count.value])

    def kinds(self) -> dict[int, str]:
        return {i: self.seats[i].value for i in range(self.count.value)}


class ClassroomControls:
    """Seed box, New game, Reset, the variants, the players and teacher mode."""

    def __init__(self, seed: int, rules: Any, players: int, min_players: int,
                 max_players: int, seats: dict[int, str] | None = None) -> None:
        import ipywidgets as w

        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="180px"))
        self.seed.add_class("dicelab-seed")
        self.new_game = w.Button(description="New game", icon="refresh",
                                 tooltip="Start a new game with this seed, variants and players")
        self.new_game.add_class("dicelab-new-game")
        self.reset = w.Button(description="Reset", icon="undo",
                              tooltip="Restart this game from the start (same seed)")
        self.reset.add_class("dicelab-reset")
        self.variants = VariantControls(rules)
        self.players = PlayersPanel(players, min_players, max_players, seats)
        self.teacher = w.Checkbox(value=False, description="Teacher mode", indent=False)
        self.teacher.add_class("dicelab-teacher")
        self.dice_text = w.Text(
            placeholder="set dice by hand, e.g. 2 2 2 4 6",
            description="Dice",
            layout=w.Layout(width="280px"),
        )
        self.dice_text.add_class("dicelab-teacher-dice")
        self.set_dice = w.Button(description="Set dice", tooltip="Replace the last roll")
        self.set_dice.add_class("dicelab-set-dice")
        self.teacher_box = w.HBox([self.dice_text, self.set_dice],
                                  layout=w.Layout(display="none"))
        self.teacher.observe(self._teacher_visible, names="value")
        self.box = w.VBox([
            w.HBox([self.seed, self.new_game, self.reset]),
            self.variants.box,
            self.players.box,
            w.HBox([self.teacher, self.teacher_box]),
        ])
        self.box.add_class("dicelab-controls")

    def _teacher_visible(self, _change: Any = None) -> None:
        self.teacher_box.layout.display = "flex" if self.teacher.value else "none"
