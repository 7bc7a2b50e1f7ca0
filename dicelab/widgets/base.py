"""The app every game's widget shares: dice row, buttons, board, odds overlay, controls.

A :class:`GameApp` drives one game's ``Game`` runner.  It never decides a rule:
which buttons are enabled, which resolution choices are offered and what a
selection means all come from the game module's ``legal_actions`` (and its
``advise_state`` for the odds).  Subclasses only draw the board and word the
resolution choices.
"""

from __future__ import annotations

import importlib
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, ClassVar

from ..errors import DicelabError
from ..games._base import Bank, Resolve, Roll, Stop
from .controls import SEAT_KINDS, ClassroomControls, parse_dice_text
from .dice_row import DiceRow
from .overlay import OddsOverlay
from .text import esc, fmt_event, join_names, pips, player_name

Policy = Callable[[Any], Any]

#: How many recent log lines the app shows.
LOG_LINES = 14
#: Safety bound on the actions of one "Play computer turn".
MAX_COMPUTER_ACTIONS = 2000


def make_policy(kind: str, game_key: str, seed: int | None = None) -> Policy:
    """The computer policy for a seat kind (see ``controls.SEAT_KINDS``), from
    :mod:`dicelab.policies`."""
    from .. import policies

    if kind == "optimal":
        return policies.optimal()
    if kind == "greedy":
        return policies.greedy()
    if kind == "random":
        return policies.random_legal(seed)
    if kind == "rule":
        if game_key in policies.REROLL_GAMES:
            return policies.keep_most_common()
        return policies.bank_at(300)
    raise DicelabError(f"unknown player kind {kind!r}; choose one of {', '.join(SEAT_KINDS)}")


class GameApp:
    """A playable game with the live exact-odds overlay (display ``app`` in a notebook).

    Parameters: ``seed`` (``None``: a random small seed), ``players``, ``rules``
    (a ``Rules``; or pass its fields as keyword options, e.g. ``level=2``),
    ``computer``: seats played by the computer, either a collection of seats
    (optimal play) or a mapping seat -> kind (``"optimal"``, ``"greedy"``,
    ``"random"``, ``"rule"``); ``auto_computer``: play computer turns at once
    instead of waiting for the "Play computer turn" button; ``objective``: the
    figure the overlay ranks by (default: the engine's); ``coach``: keep the
    coach tally of the humans' choices; ``show_odds``: start with the odds shown.
    """

    game_key: ClassVar[str] = ""
    #: ``"reroll"`` (keep and re-roll, stop) or ``"push"`` (set aside, roll or bank)
    kind: ClassVar[str] = "reroll"
    #: the word for a toggled die
    die_word: ClassVar[str] = "kept"

    def __init__(
        self,
        seed: int | None = None,
        players: int = 1,
        rules: Any = None,
        computer: Any = None,
        auto_computer: bool = False,
        objective: str | None = None,
        coach: bool = True,
        show_odds: bool = False,
        **rule_options: Any,
    ) -> None:
        import ipywidgets as w

        self.module = importlib.import_module(f"dicelab.games.{self.game_key}")
        if rules is None:
            rules = self.module.Rules(**rule_options)
        elif rule_options:
            raise DicelabError("give either rules=Rules(...) or rule options, not both")
        if seed is None:
            seed = random.randrange(1_000_000)
        self.objective = objective
        self.coach_on = coach
        self.auto_computer = auto_computer
        seats = self._seat_kinds(computer, players)
        self.game = self.module.Game(rules=rules, players=players, seed=seed)
        self._advice_cache: OrderedDict[Any, Any] = OrderedDict()
        self._legal_cache: tuple[Any, frozenset[Any]] | None = None
        self._policies: dict[int, Policy] = {}
        self._seats = seats

        # --- widgets
        self.title = w.HTML(f"<h3 style='margin:4px 0'>{esc(self.game.name)}</h3>")
        self.status = w.HTML()
        self.status.add_class("dicelab-status")
        self.board = w.HTML()
        self.board.add_class("dicelab-board")
        self.dice_row = DiceRow(self.die_word, on_change=self._on_toggle)
        self.roll_button = w.Button(description="Roll", icon="cube", tooltip="Roll the dice")
        self.roll_button.add_class("dicelab-roll")
        self.stop_button = w.Button(description="Stop", icon="hand-paper-o",
                                    tooltip="Stop: these dice are final")
        self.stop_button.add_class("dicelab-stop")
        self.bank_button = w.Button(description="Bank", icon="bank",
                                    tooltip="Set aside the toggled dice and bank the turn")
        self.bank_button.add_class("dicelab-bank")
        if self.kind == "reroll":
            self.bank_button.layout.display = "none"
        else:
            self.stop_button.layout.display = "none"
        self.computer_button = w.Button(description="Play computer turn", icon="desktop")
        self.computer_button.add_class("dicelab-computer")
        self.resolve_box = w.HBox([])
        self.resolve_box.add_class("dicelab-resolve")
        self.resolve_buttons: list[Any] = []
        self.resolve_choices: list[Any] = []
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.why = w.HTML()
        self.why.add_class("dicelab-why")
        self.overlay = OddsOverlay()
        self.overlay.show_odds.value = show_odds
        self.overlay.is_cold = lambda: self._advice_key(self.state) not in self._advice_cache
        self.log = w.HTML()
        self.log.add_class("dicelab-log")
        self.controls = ClassroomControls(
            seed, rules, players, self.module.MIN_PLAYERS, self.module.MAX_PLAYERS, seats
        )
        self.roll_button.on_click(lambda _b: self.roll())
        self.stop_button.on_click(lambda _b: self.stop())
        self.bank_button.on_click(lambda _b: self.bank())
        self.computer_button.on_click(lambda _b: self.play_computer_turn())
        self.controls.new_game.on_click(lambda _b: self.new_game())
        self.controls.reset.on_click(lambda _b: self.reset())
        self.controls.set_dice.on_click(lambda _b: self.teacher_set_dice())
        controls_box = w.Accordion(children=[self.controls.box])
        controls_box.set_title(0, "Classroom: seed, variants, players, teacher mode")
        self.box = w.VBox([
            self.title,
            self.status,
            self.board,
            self.dice_row.outer,
            w.HBox([self.roll_button, self.stop_button, self.bank_button, self.resolve_box,
                    self.computer_button], layout=w.Layout(flex_flow="row wrap")),
            self.why,
            self.message,
            self.overlay.box,
            self.log,
            controls_box,
        ])
        self.box.add_class("dicelab-app")
        self.box.add_class(f"dicelab-app-{self.game_key}")
        self._build_policies()
        self.refresh()
        self._auto()

    # ------------------------------------------------------------ display
    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.box)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # pragma: no cover - notebook only
        return self.box._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ players
    @staticmethod
    def _seat_kinds(computer: Any, players: int) -> dict[int, str]:
        from ..policies import check_computer

        return check_computer(computer, players)

    def _build_policies(self) -> None:
        self._policies = {
            s: make_policy(k, self.game_key, self.game.seed + 1 + s)
            for s, k in self._seats.items() if k != "human"
        }

    def is_computer(self, player: int | None = None) -> bool:
        p = self.state.current_player if player is None else player
        return p in self._policies

    # ------------------------------------------------------------ state
    @property
    def state(self) -> Any:
        return self.game.state

    def legal(self) -> frozenset[Any]:
        """The legal actions of the current position (cached per state)."""
        s = self.state
        if self._legal_cache is None or self._legal_cache[0] is not s:
            self._legal_cache = (s, frozenset(self.module.legal_actions(s)))
        return self._legal_cache[1]

    def advice(self, state: Any = None) -> Any:
        """``advise_state`` for ``state`` (default: now), computed once per position."""
        s = self.state if state is None else state
        key = self._advice_key(s)
        if key in self._advice_cache:
            self._advice_cache.move_to_end(key)
            return self._advice_cache[key]
        advise_state = self.advise_function()
        if self.objective is None:
            adv = advise_state(s)
        else:
            adv = advise_state(s, objective=self.objective)
        self._advice_cache[key] = adv
        while len(self._advice_cache) > 256:
            self._advice_cache.popitem(last=False)
        return adv

    def advise_function(self) -> Callable[..., Any]:
        """The game's ``advise_state`` (its exact engine, loaded on first use)."""
        return self.module.advise_state

    @staticmethod
    def _advice_key(state: Any) -> Any:
        try:
            hash(state)
        except TypeError:  # pragma: no cover - states are frozen dataclasses
            return repr(state)
        return state

    def has_choice(self, state: Any = None) -> bool:
        """More than one legal action: something to advise and coach."""
        s = self.state if state is None else state
        if s is self.state:
            return len(self.legal()) > 1
        return len(self.module.legal_actions(s)) > 1

    # ------------------------------------------------------------ selection
    def selection(self) -> tuple[int, ...]:
        """The toggled dice's values, sorted."""
        return self.dice_row.selected_values()

    def selection_actions(self) -> set[Any]:
        """The actions the current selection would make (whether legal or not)."""
        keep = self.selection()
        acts: set[Any] = set()
        try:
            acts.add(Roll(keep))
            if self.kind == "push":
                acts.add(Bank(keep))
        except DicelabError:  # pragma: no cover - values come from the dice
            return acts
        if self.kind == "reroll" and len(keep) == len(self.state.dice) and keep:
            acts.add(Stop())
        return acts

    def initial_selection(self) -> list[bool]:
        """Toggles on after a roll: reroll games keep the dice kept for that roll."""
        s = self.state
        kept = list(getattr(s, "kept", ()) or ())
        if self.kind != "reroll" or not kept or s.phase != "choose":
            return [False] * len(s.dice)
        sel = []
        for v in s.dice:
            if v in kept:
                kept.remove(v)
                sel.append(True)
            else:
                sel.append(False)
        return sel

    def select(self, *indices: int) -> None:
        """Toggle on exactly the dice at ``indices`` (display order; for tests and scripts).

        Locked dice (disabled toggles) stay as they are.
        """
        for i, t in enumerate(self.dice_row.die_toggles):
            if not t.disabled:
                t.value = i in indices

    # ------------------------------------------------------------ actions
    def act(self, action: Any) -> bool:
        """Apply ``action`` for the player to move; an error shows as a message.

        Returns whether the action was applied.
        """
        before = self.state
        coached = None
        if self.coach_on and not self.is_computer() and self.has_choice():
            coached = self._coach(before, action)
        try:
            events = self.game.apply(action)
        except DicelabError as e:
            self.say(str(e), error=True)
            return False
        if coached is not None:
            self.overlay.tally.add(*coached)
            self.overlay.render_coach()
        self.say(self.describe_events(events))
        self.refresh()
        self._auto()
        return True

    def _coach(self, state: Any, action: Any) -> tuple[str, float, str] | None:
        """(objective, loss, label) of ``action`` in ``state``, or ``None`` if not advised."""
        try:
            advice = self.advice(state)
            choice = advice.find(action)
        except Exception:  # no advice here, or not a choice: nothing to tally
            return None
        return advice.objective, choice.loss, choice.label

    def roll(self) -> bool:
        """The Roll button: keep / set aside the toggled dice and roll the rest."""
        return self.act(Roll(self.selection()))

    def stop(self) -> bool:
        """The Stop button (reroll games)."""
        return self.act(Stop())

    def bank(self) -> bool:
        """The Bank button (push-your-luck games): set aside the toggled dice and bank."""
        return self.act(Bank(self.selection()))

    def resolve(self, choice: Any) -> bool:
        return self.act(Resolve(choice))

    def play_computer_turn(self) -> int:
        """Play the current computer player's turn to its end; returns the actions played."""
        if self.state.is_over or not self.is_computer():
            self.say("It is not a computer player's turn.", error=True)
            return 0
        p = self.state.current_player
        policy = self._policies[p]
        played = 0
        lines: list[str] = []
        while not self.state.is_over and self.state.current_player == p:
            if played and self.state.phase == "start":
                break
            if played >= MAX_COMPUTER_ACTIONS:  # pragma: no cover - safety net
                break
            try:
                action = policy(self.state)
                events = self.game.apply(action)
            except Exception as e:  # an engine error must not become a traceback in class
                self.say(f"The computer could not play: {e}", error=True)
                break
            played += 1
            lines.append(self.describe_events(events))
        self.say(f"{player_name(p)} (computer) played {played} action(s). "
                 + " ".join(x for x in lines[-2:] if x))
        self.refresh()
        return played

    def _auto(self) -> None:
        if not self.auto_computer:
            return
        guard = 0
        while not self.state.is_over and self.is_computer() and guard < 10_000:
            guard += 1
            if not self.play_computer_turn():
                break

    def play_to_end(self, max_actions: int = 100_000) -> None:
        """Finish the game with every seat played by its policy (humans: optimal). For tests."""
        fallback = make_policy("optimal", self.game_key)
        for _ in range(max_actions):
            if self.state.is_over:
                break
            policy = self._policies.get(self.state.current_player, fallback)
            self.act(policy(self.state))

    # ------------------------------------------------------------ classroom
    def new_game(self) -> bool:
        """Start a new game from the controls: seed, variants, players and seats."""
        c = self.controls
        try:
            rules = c.variants.build()
            seed = int(c.seed.value)
            players = int(c.players.count.value)
            seats = {s: k for s, k in c.players.kinds().items() if k != "human"}
            game = self.module.Game(rules=rules, players=players, seed=seed)
        except DicelabError as e:
            self.say(str(e), error=True)
            return False
        self.game = game
        self._seats = seats
        self._build_policies()
        self._advice_cache.clear()
        self.overlay.reset_tally()
        self.say(f"New game: seed {seed}, {players} player(s).")
        self.refresh()
        self._auto()
        return True

    def reset(self) -> None:
        """Restart the current game from the start, with the same seed, rules and players."""
        self.game.reset(seed=self.game.seed)
        self.overlay.reset_tally()
        self.say(f"Game restarted (seed {self.game.seed}).")
        self.refresh()
        self._auto()

    def teacher_set_dice(self, text: str | None = None) -> bool:
        """Teacher mode: replace the last roll by the dice typed in the box (or ``text``)."""
        if text is not None:
            self.controls.dice_text.value = text
        try:
            dice = parse_dice_text(self.controls.dice_text.value)
            self.game.set_dice(dice)
        except DicelabError as e:
            self.say(f"Teacher mode: {e}", error=True)
            return False
        self.say(f"Teacher mode: the last roll now shows {pips(dice)}.")
        self.refresh()
        self._auto()
        return True

    # ------------------------------------------------------------ rendering
    def say(self, text: str, error: bool = False) -> None:
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = (
                f'<p role="alert" style="color:#8b0000"><strong>⚠ Not possible:</strong> '
                f"{esc(text)}</p>"
            )
        else:
            self.message.value = f"<p>{esc(text)}</p>"

    def describe_events(self, events: list[dict[str, Any]]) -> str:
        return " · ".join(fmt_event(e) for e in events[-3:])

    def refresh(self) -> None:
        """Redraw everything for the current state (after an action or a new game)."""
        s = self.state
        human = not self.is_computer() and not s.is_over
        legal = self.legal()
        choosing = human and any(isinstance(a, (Roll, Bank)) and a.keep for a in legal)
        self.dice_row.set_dice(
            s.dice, self.initial_selection(), enabled=choosing, caption=self.dice_caption()
        )
        self._resolve_buttons(legal if human else frozenset())
        self.board.value = self.board_html()
        self.status.value = self.status_html()
        self.log.value = self.log_html()
        self.computer_button.disabled = s.is_over or not self.is_computer()
        self.computer_button.layout.display = "" if self._policies else "none"
        advisable = human and self.has_choice()
        self.overlay.new_position(self.advice if advisable else None)
        self._update_selection()

    def _update_selection(self) -> None:
        """After a toggle: enable the buttons and re-mark the overlay (no advice recompute)."""
        s = self.state
        human = not self.is_computer() and not s.is_over
        legal = self.legal() if human else frozenset()
        keep = self.selection()
        self.roll_button.disabled = Roll(keep) not in legal
        self.stop_button.disabled = Stop() not in legal
        self.bank_button.disabled = Bank(keep) not in legal
        self.roll_button.description = self.roll_text(keep)
        self.why.value = self.why_text(keep, legal) if human else ""
        if s.phase == "choose" and human:
            self.overlay.set_selection(self.selection_actions(), self.empty_selection_text())
        else:
            self.overlay.set_selection((), "")

    def _on_toggle(self) -> None:
        self._update_selection()

    def why_text(self, keep: tuple[int, ...], legal: frozenset[Any]) -> str:
        """Why the selection cannot be rolled / banked, in the engine's own words."""
        if not keep or self.state.phase != "choose":
            return ""
        reasons = []
        buttons = [("Roll", Roll(keep))]
        if self.kind == "push":
            buttons.append(("Bank", Bank(keep)))
        for name, action in buttons:
            if action in legal:
                continue
            try:
                self.module.step(self.state, action)
            except DicelabError as e:
                reasons.append(f"{name}: {e}")
        if not reasons:
            return ""
        return "<p><small>" + esc(" · ".join(reasons)) + "</small></p>"

    def roll_text(self, keep: tuple[int, ...]) -> str:
        if self.state.phase == "start" or not self.state.dice:
            return "Roll"
        n = len(self.state.dice) - len(keep) if self.kind == "reroll" else None
        return f"Roll {n}" if n else "Roll"

    def empty_selection_text(self) -> str:
        if self.kind == "push":
            return "Toggle the dice you set aside to see what your choice is worth."
        return "Your selection is not one of the legal choices here."

    def dice_caption(self) -> str:
        s = self.state
        if not s.dice:
            return "<em>No dice on the table: Roll to start the turn.</em>"
        if self.kind == "reroll":
            return "Dice on the table (click a die to keep it; the others are re-rolled):"
        return "Latest roll (click the dice to set aside):"

    def _resolve_buttons(self, legal: frozenset[Any]) -> None:
        import ipywidgets as w

        choices = sorted(
            (a.choice for a in legal if isinstance(a, Resolve)),
            key=lambda c: c if isinstance(c, tuple) else (c,),
        )
        buttons = []
        for c in choices:
            label = self.resolve_label(c)
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class("dicelab-resolve-choice")
            b.on_click(lambda _b, c=c: self.resolve(c))
            buttons.append(b)
        self.resolve_buttons = buttons
        self.resolve_choices = choices
        self.resolve_box.children = tuple(buttons)

    def resolve_label(self, choice: Any) -> str:
        """Words on a resolution button (subclasses say "remove token 3", "flip card 4")."""
        return f"choose {choice}"

    def status_html(self) -> str:
        s = self.state
        if s.is_over:
            names = [player_name(p) for p in s.winners]
            if not names:
                result = "nobody wins" if s.players > 1 else "you lose"
            elif s.players == 1:
                result = f"you win, in {s.turn_count} turns"
            elif len(names) == 1:
                result = f"winner: {names[0]}"
            else:
                result = f"shared win: {join_names(names)}"
            return f"<p><strong>Game over — {esc(result)}.</strong></p>"
        who = player_name(s.current_player)
        kind = "computer" if self.is_computer() else "human"
        extra = self.status_extra()
        return (
            f"<p><strong>{esc(who)}'s turn</strong> ({kind}) · turn {s.turn_count} · "
            f"{esc(self.phase_text())}{(' · ' + esc(extra)) if extra else ''}</p>"
        )

    def phase_text(self) -> str:
        return {
            "start": "roll to start the turn",
            "choose": "choose what to keep",
            "resolve": "choose how to use the final dice",
            "over": "game over",
        }.get(self.state.phase, self.state.phase)

    def status_extra(self) -> str:
        return ""

    def log_html(self) -> str:
        events = self.game.log[-LOG_LINES:]
        if not events:
            return "<p><em>Turn log: nothing yet.</em></p>"
        items = "".join(f"<li>{esc(self.event_text(e))}</li>" for e in events)
        return (
            '<details open><summary>Turn log (latest last)</summary>'
            f'<ul style="margin:2px 0;font-size:90%">{items}</ul></details>'
        )

    def event_text(self, event: dict[str, Any]) -> str:
        return fmt_event(event)

    def board_html(self) -> str:
        """The game's board as HTML (subclasses)."""
        raise NotImplementedError
