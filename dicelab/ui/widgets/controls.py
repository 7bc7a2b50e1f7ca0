"""Classroom controls: seed, New game, Reset, variants, players, language, coach settings,
undo permission, animation and teacher mode.

The variant dropdowns are generated from the game's ``Rules.CHOICES`` and
``Rules.LABELS``: the widgets know no rule of their own.  Every word is in the app's
language and is redrawn in place by the language switch.

>>> parse_dice_text("2 2, 2 4 6")
(2, 2, 2, 4, 6)
>>> parse_dice_text("2 two")
Traceback (most recent call last):
...
dicelab.core.errors.InvalidDice: 'two' is not a die value: type numbers 1 to 6 separated by spaces
>>> len(str(_catch(lambda: parse_dice_text("9" * 4301)))) < 120
True
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from dicelab.core.errors import InvalidDice, brief
from dicelab.core.i18n import LANGUAGES, N_, _, get_language

#: Seat kinds offered in the players panel: value -> label (a catalog message).
SEAT_KINDS: dict[str, str] = {
    "human": N_("human"),
    "optimal": N_("computer — optimal (solo odds)"),
    "greedy": N_("computer — greedy (this turn only)"),
    "random": N_("computer — random legal moves"),
    "rule": N_("computer — rule of thumb"),
}
#: Offered only once the two-player engine exists (``policies.duel_optimal``).
DUEL_KIND = ("duel_optimal", N_("computer — plays to win (2 players)"))
#: The most dice any game rolls: a longer typed list is refused at once.
MAX_TYPED_DICE = 7
#: The dropdown value standing for a ``None`` field (a default that follows another
#: option): ipywidgets shows a ``None`` value as a blank menu with nothing selected.
DEFAULT_VALUE = "__default__"
#: Coach thresholds offered in the Classroom panel (a menu: its numbers are written in
#: the app's language, where a number field shows the browser's "0.05").
POINT_THRESHOLDS = (0.5, 1.0, 2.0, 5.0, 10.0, 100.0)
TURN_THRESHOLDS = (0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 100.0)
#: Texts of option values (the games' own values are shown as they are).
VALUE_TEXTS: dict[Any, str] = {
    "four": N_("4-dice suites"),
    "as_written": N_("as written (5-dice suites only)"),
}


def _catch(fn: Any) -> Any:
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - doctest helper
        return e


def seat_kinds() -> dict[str, str]:
    """The seat kinds on offer now (with "plays to win" once the duel engine exists)."""
    from dicelab.ui.widgets.adapters import duel_policy

    kinds = dict(SEAT_KINDS)
    try:
        if duel_policy() is not None:
            kinds[DUEL_KIND[0]] = DUEL_KIND[1]
    except Exception:  # noqa: BLE001 - no duel engine yet
        pass
    return kinds


def parse_dice_text(text: str) -> tuple[int, ...]:
    """Dice typed by a teacher (spaces or commas between values); raises ``InvalidDice``.

    Never converts a long digit string to a number, and never echoes more than about
    80 characters of what was typed.
    """
    if not isinstance(text, str):
        raise InvalidDice("type the dice as text, e.g. 2 2 2 4 6; got {value}", value=brief(text))
    if len(text) > 200:
        raise InvalidDice("type at most {n} dice, e.g. 2 2 2 4 6; got {count} characters",
                          n=MAX_TYPED_DICE, count=len(text))
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise InvalidDice("type the dice first, e.g. 2 2 2 4 6")
    if len(tokens) > MAX_TYPED_DICE:
        raise InvalidDice("type at most {n} dice, e.g. 2 2 2 4 6; got {count}",
                          n=MAX_TYPED_DICE, count=len(tokens))
    out = []
    for t in tokens:
        if not re.fullmatch(r"[1-6]", t):
            raise InvalidDice(
                "{value} is not a die value: type numbers 1 to 6 separated by spaces",
                value=brief(t),
            )
        out.append(int(t))
    return tuple(out)


def _labels() -> Any:
    """``dicelab.ui.labels`` (the rules' translated labels) when it is there."""
    try:
        from dicelab.ui import labels
    except ImportError:  # pragma: no cover - older package
        return None
    return labels


def value_label(value: Any, lang: str | None = None, rules: Any = None,
                name: str = "") -> str:
    """Dropdown text for an option value (the game's own words when it has them).

    >>> value_label(True, "en"), value_label("four", "en"), value_label(3, "fr")
    ('yes', '4-dice suites', '3')
    """
    labels = _labels()
    if labels is not None and rules is not None and name:
        try:
            return str(labels.value_label(rules, name, value, lang=lang))
        except Exception:  # noqa: BLE001 - fall back to the words below
            pass
    if value is True:
        return _("yes", lang=lang)
    if value is False:
        return _("no", lang=lang)
    if isinstance(value, str) and value in VALUE_TEXTS:
        return _(VALUE_TEXTS[value], lang=lang)
    return str(value)


def rules_label(rules_type: Any, name: str, lang: str | None = None) -> str:
    """The label of a Rules field in ``lang`` (``dicelab.ui.labels.rules_label`` when it
    is there; else the ``LABELS`` text through the catalog)."""
    labels = _labels()
    if labels is not None:
        try:
            return str(labels.rules_label(rules_type, name, lang=lang))
        except Exception:  # noqa: BLE001 - fall back to LABELS
            pass
    text = (getattr(rules_type, "LABELS", {}) or {}).get(name)
    return _(text, lang=lang) if text else name.replace("_", " ")


def chosen_value(rules: Any, name: str) -> Any:
    """The value a menu shows for a field (``None`` = a default that follows another option,
    when ``dicelab.ui.labels.chosen_value`` says so)."""
    labels = _labels()
    if labels is not None and hasattr(labels, "chosen_value"):
        try:
            return labels.chosen_value(rules, name)
        except Exception:  # noqa: BLE001
            pass
    return getattr(rules, name)


class VariantControls:
    """One Dropdown per ``Rules`` field, from ``Rules.CHOICES`` / ``Rules.LABELS``."""

    def __init__(self, rules: Any, lang: str | None = None) -> None:
        import ipywidgets as w

        self.rules_type = type(rules)
        choices = getattr(self.rules_type, "CHOICES", {}) or {}
        self.dropdowns: dict[str, Any] = {}
        self._values: dict[str, list[Any]] = {}
        for f in dataclasses.fields(self.rules_type):
            if f.name not in choices:
                continue
            values = list(choices[f.name])
            current = chosen_value(rules, f.name)
            if current not in values:
                values.append(current)
            self._values[f.name] = values
            dd = w.Dropdown(
                options=self._options(f.name, lang),
                value=_menu_value(current),
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            dd.add_class(f"dicelab-variant-{f.name}")
            self.dropdowns[f.name] = dd
        self.box = w.HBox(list(self.dropdowns.values()), layout=w.Layout(flex_flow="row wrap"))
        self.relabel(get_language(lang))

    def relabel(self, lang: str) -> None:
        for name, dd in self.dropdowns.items():
            value = dd.value
            dd.description = rules_label(self.rules_type, name, lang)
            dd.options = self._options(name, lang)
            dd.value = value

    def _options(self, name: str, lang: str | None) -> list[tuple[str, Any]]:
        return [(value_label(v, lang, self.rules_type, name), _menu_value(v))
                for v in self._values[name]]

    def options(self) -> dict[str, Any]:
        return {k: (None if dd.value == DEFAULT_VALUE else dd.value)
                for k, dd in self.dropdowns.items()}

    def build(self) -> Any:
        """A ``Rules`` from the dropdowns (raises ``InvalidRules`` if the engine refuses it)."""
        return self.rules_type(**self.options())

    def show(self, rules: Any) -> None:
        for k, dd in self.dropdowns.items():
            dd.value = _menu_value(chosen_value(rules, k))


def _menu_value(value: Any) -> Any:
    """A field's value as a menu value (``None`` is :data:`DEFAULT_VALUE`).

    >>> _menu_value(None), _menu_value(700)
    ('__default__', 700)
    """
    return DEFAULT_VALUE if value is None else value


def threshold_options(values: tuple[float, ...], current: float,
                      lang: str | None = None) -> list[tuple[str, float]]:
    """A threshold menu's options, the numbers written in ``lang`` (``current`` included).

    >>> threshold_options((0.05, 100.0), 0.05, "fr")
    [('0,05', 0.05), ('100 (jamais)', 100.0)]
    """
    from dicelab.core.i18n import fmt_number

    out = sorted(set(values) | {float(current)})

    def text(v: float) -> str:
        plain = f"{v:g}"
        digits = len(plain.split(".")[1]) if "." in plain else 0
        number = fmt_number(v, digits, lang)
        return _("{x} (never)", lang=lang, x=number) if v >= 100 else number

    return [(text(v), v) for v in out]


class PlayersPanel:
    """Number of players and, for each seat, human or a computer policy."""

    def __init__(self, players: int, min_players: int, max_players: int,
                 seats: dict[int, str] | None = None, lang: str | None = None) -> None:
        import ipywidgets as w

        self.kinds_offered = seat_kinds()
        self.count = w.Dropdown(
            options=list(range(min_players, max_players + 1)),
            value=players,
            layout=w.Layout(width="180px"),
        )
        self.count.add_class("dicelab-players")
        self.seats = []
        for i in range(max(max_players, 1)):
            kind = (seats or {}).get(i, "human")
            dd = w.Dropdown(
                options=[(label, k) for k, label in self.kinds_offered.items()],
                value=kind if kind in self.kinds_offered else "human",
                layout=w.Layout(width="auto"),
            )
            dd.add_class("dicelab-seat")
            self.seats.append(dd)
        self.seat_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.box = w.VBox([self.count, self.seat_box])
        self.count.observe(lambda _c: self._show(), names="value")
        self._show()
        self.relabel(get_language(lang))

    def relabel(self, lang: str) -> None:
        self.count.description = _("Players", lang=lang)
        for i, dd in enumerate(self.seats):
            value = dd.value
            dd.description = _("Player {n}", lang=lang, n=i + 1)
            dd.options = [(_(label, lang=lang), k) for k, label in self.kinds_offered.items()]
            dd.value = value

    def _show(self) -> None:
        self.seat_box.children = tuple(self.seats[: self.count.value])

    def kinds(self) -> dict[int, str]:
        return {i: self.seats[i].value for i in range(self.count.value)}


def _wide() -> Any:
    """A checkbox layout as wide as its label (the default cuts a long French label)."""
    import ipywidgets as w

    return w.Layout(width="auto", max_width="100%")


class ClassroomControls:
    """Seed box, New game, Reset, the variants, the players, the language, the coach
    settings, undo permission, animation and teacher mode."""

    def __init__(self, seed: int, rules: Any, players: int, min_players: int,
                 max_players: int, seats: dict[int, str] | None = None,
                 lang: str | None = None, coach_prompt: bool = False,
                 threshold_points: float = 1.0, threshold_turns: float = 0.05,
                 allow_undo: bool = False, animate: bool = True) -> None:
        import ipywidgets as w

        lang = get_language(lang)
        self.seed = w.IntText(value=seed, layout=w.Layout(width="200px"))
        self.seed.add_class("dicelab-seed")
        self.new_game = w.Button(icon="refresh")
        self.new_game.add_class("dicelab-new-game")
        self.reset = w.Button(icon="undo")
        self.reset.add_class("dicelab-reset")
        self.variants = VariantControls(rules, lang)
        self.players = PlayersPanel(players, min_players, max_players, seats, lang)
        self.language = w.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                   value=lang, layout=w.Layout(width="200px"))
        self.language.add_class("dicelab-language")
        self.coach_prompt = w.Checkbox(value=coach_prompt, indent=False,
                                 layout=_wide())
        self.coach_prompt.add_class("dicelab-coach-prompt")
        self._thresholds = (float(threshold_points), float(threshold_turns))
        self.threshold_points = w.Dropdown(
            options=threshold_options(POINT_THRESHOLDS, threshold_points, lang),
            value=float(threshold_points),
            style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.threshold_points.add_class("dicelab-threshold-points")
        self.threshold_turns = w.Dropdown(
            options=threshold_options(TURN_THRESHOLDS, threshold_turns, lang),
            value=float(threshold_turns),
            style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.threshold_turns.add_class("dicelab-threshold-turns")
        self.allow_undo = w.Checkbox(value=allow_undo, indent=False,
                                 layout=_wide())
        self.allow_undo.add_class("dicelab-allow-undo")
        self.animate = w.Checkbox(value=animate, indent=False,
                                 layout=_wide())
        self.animate.add_class("dicelab-animate-switch")
        self.teacher = w.Checkbox(value=False, indent=False,
                                 layout=_wide())
        self.teacher.add_class("dicelab-teacher")
        self.dice_text = w.Text(layout=w.Layout(width="280px"))
        self.dice_text.add_class("dicelab-teacher-dice")
        self.set_dice = w.Button()
        self.set_dice.add_class("dicelab-set-dice")
        self.teacher_box = w.HBox([self.dice_text, self.set_dice],
                                  layout=w.Layout(display="none"))
        self.teacher.observe(self._teacher_visible, names="value")
        wrap = w.Layout(flex_flow="row wrap")
        self.box = w.VBox([
            w.HBox([self.seed, self.new_game, self.reset, self.language], layout=wrap),
            self.variants.box,
            self.players.box,
            w.HBox([self.coach_prompt, self.threshold_points, self.threshold_turns],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.allow_undo, self.animate], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.teacher, self.teacher_box], layout=w.Layout(flex_flow="row wrap")),
        ])
        self.box.add_class("dicelab-controls")
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """Every word in ``lang`` (values and the game are kept)."""
        self.seed.description = _("Seed", lang=lang)
        self.new_game.description = _("New game", lang=lang)
        self.new_game.tooltip = _("Start a new game with these variants and players: new "
                                  "dice, or the seed typed in the box (the same dice for "
                                  "the whole class)", lang=lang)
        self.reset.description = _("Restart", lang=lang)
        self.reset.tooltip = _("Restart this game from the start (same seed)", lang=lang)
        self.language.description = _("Language", lang=lang)
        self.coach_prompt.description = _("Coach: ask before a costly choice", lang=lang)
        self.threshold_points.description = _(
            "when a choice loses more than (percentage points of a chance)", lang=lang)
        self.threshold_turns.description = _(
            "when a choice costs more than (turns on average)", lang=lang)
        for dd, values, current in (
                (self.threshold_points, POINT_THRESHOLDS, self.threshold_points.value),
                (self.threshold_turns, TURN_THRESHOLDS, self.threshold_turns.value)):
            dd.options = threshold_options(values, current, lang)
            dd.value = current
        self.allow_undo.description = _("Allow Undo after a computer player has played",
                                        lang=lang)
        self.animate.description = _("Animate the dice", lang=lang)
        self.teacher.description = _("Teacher mode", lang=lang)
        self.dice_text.description = _("Dice", lang=lang)
        self.dice_text.placeholder = _("set dice by hand, e.g. 2 2 2 4 6", lang=lang)
        self.set_dice.description = _("Set dice", lang=lang)
        self.set_dice.tooltip = _("Replace the last roll", lang=lang)
        self.variants.relabel(lang)
        self.players.relabel(lang)

    def _teacher_visible(self, _change: Any = None) -> None:
        self.teacher_box.layout.display = "flex" if self.teacher.value else "none"
