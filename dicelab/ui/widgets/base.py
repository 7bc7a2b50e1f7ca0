"""The app every game's widget shares: dice row, buttons, board, odds overlay, controls.

A :class:`GameApp` drives one game's ``Game`` runner.  It never decides a rule:
which buttons are enabled, which resolution choices are offered and what a
selection means all come from the game module's ``legal_actions`` (and its
``advise_state`` for the odds).  Subclasses only draw the board and word the
resolution choices.  Every word goes through :mod:`dicelab.i18n` in the app's
language (``lang=``; the Classroom controls switch it in place).

Every widget callback runs through :meth:`GameApp._guard`: a ``DicelabError`` is shown
as a message in the app's language, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from dicelab.analysis import coach
from dicelab.analysis import solving as duel_registry
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, check_language, fmt_percent, ngettext, using
from dicelab.core.progress import main_thread_scheduler
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.games._checks import plain_int
from dicelab.registry import REGISTRY
from dicelab.registry import get as get_game
from dicelab.ui.options import (
    MAX_THRESHOLD,
    THRESHOLD_POINTS,
    THRESHOLD_TURNS,
    check_app_options,
    check_computer,
    error_text,
    make_policy,
)
from dicelab.ui.session import MAX_COMPUTER_ACTIONS, PlaySession
from dicelab.ui.widgets import adapters
from dicelab.ui.widgets.controls import ClassroomControls, parse_dice_text, seat_kinds
from dicelab.ui.widgets.dice_row import DiceRow
from dicelab.ui.widgets.faces import stylesheet
from dicelab.ui.widgets.keys import key_listener
from dicelab.ui.widgets.modes import (
    COMPUTER_DELAY,
    ModeBar,
    kernel_timer,
    mode_of,
    seats_for,
)
from dicelab.ui.widgets.overlay import TIE, OddsOverlay
from dicelab.ui.widgets.rules_panel import RulesPanel
from dicelab.ui.widgets.saveload import load_upload, save_link
from dicelab.ui.widgets.solve_bar import BackgroundSolves, SolveBar
from dicelab.ui.widgets.text import (
    esc,
    event_sentence,
    fmt_dice,
    player_name,
)

Policy = Callable[[Any], Any]


def _on_session(name: str, doc: str) -> property:
    """An app attribute that is the session's ``name`` (read and written there)."""

    def get(self: Any) -> Any:
        return getattr(self.session, name)

    def put(self: Any, value: Any) -> None:
        setattr(self.session, name, value)

    return property(get, put, doc=doc)

#: How many recent log lines the app shows.
LOG_LINES = 14
#: Messages used inside f-strings below (marked here so the catalog extracts them).
_MARKED = (
    N_('click the game first'),
    N_('Not possible:'),
    N_('Game over — {result}.'),
    N_('Game log (latest last)'),
)


def _auto() -> Any:
    """A layout that sizes a button to its words (French words are longer)."""
    import ipywidgets as w

    return w.Layout(width="auto", min_width="100px")


class GameApp(BackgroundSolves):
    """A playable game with the live exact-odds overlay (display ``app`` in a notebook).

    Parameters: ``seed`` (``None``: a random small seed), ``players``, ``rules``
    (a ``Rules``; or pass its fields as keyword options, e.g. ``level=2``),
    ``computer``: seats played by the computer, either a collection of seats
    (optimal play) or a mapping seat -> kind (``"optimal"``, ``"greedy"``,
    ``"random"``, ``"rule"``); ``auto_computer``: play computer turns at once
    instead of waiting for the "Play computer turn" button; ``objective``: the
    figure the overlay ranks by (default: the engine's); ``coach``: keep the
    coach tally of the humans' choices; ``show_odds``: start with the odds shown;
    ``lang``: ``"fr"`` or ``"en"`` (default: :func:`dicelab.core.i18n.get_language`);
    ``coach_prompt``: ask before applying a choice that loses more than the thresholds
    (``threshold_points`` percentage points of a probability, ``threshold_turns``
    expected turns); ``allow_undo``: Undo may take back a computer seat's moves;
    ``animate``: the dice shake briefly when rolled; ``computer_delay``: seconds between
    two steps of a computer turn played by itself in a notebook (``0``: at once; outside a
    kernel the turn is always played at once).

    The app opens with a mode bar (solo / two players / against the computer): a pick
    starts that game at once (:meth:`set_mode`); against the computer, player 2 plays its
    turns by itself.

    Two players: the exact two-player odds of a variant whose table is not at hand are
    computed in the background (the overlay says so meanwhile, and the app redraws itself
    when they are ready; :meth:`wait_for_duel` waits for them in a script).
    """

    game_key: ClassVar[str] = ""
    #: ``"reroll"`` (keep and re-roll, stop) or ``"push"`` (set aside, roll or bank)
    kind: ClassVar[str] = "reroll"

    # the session's state, as the app's own attributes (the view reads and writes them)
    lang = _on_session("lang", "The app's language.")
    game = _on_session("game", "The ``Game`` being played.")
    objective = _on_session("objective", "What the advice ranks by (``None``: the engine's).")
    _advice_cache = _on_session("advice_cache", "Advice by position.")
    _seats = _on_session("seats", "Computer seats: seat -> kind.")
    _policies = _on_session("policies", "Computer seats: seat -> policy.")
    _computer_steps = _on_session("computer_steps", "Steps played by a computer seat.")
    _notes = _on_session("notes", "The computer's why lines, by log length.")
    _computer_played = _on_session("computer_played", "A computer seat has played.")
    _stepping = _on_session("stepping", "A computer turn is being played step by step.")
    _duel_job = _on_session("duel_job", "The background two-player solve waited for.")
    _warm_job = _on_session("warm_job", "A ready two-player table being warmed.")
    _duel_error = _on_session("duel_error", "The background solve's error.")
    _duel_news = _on_session("duel_news", "The two-player odds were just solved.")

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
        lang: str | None = None,
        coach_prompt: bool = False,
        threshold_points: float = THRESHOLD_POINTS,
        threshold_turns: float = THRESHOLD_TURNS,
        allow_undo: bool = False,
        animate: bool = True,
        computer_delay: float = COMPUTER_DELAY,
        **rule_options: Any,
    ) -> None:
        import ipywidgets as w

        players, seed = plain_int(players), plain_int(seed)  # numpy integers too
        module = get_game(self.game_key).module
        check_app_options(module.Rules, module.Game.definition.name, rule_options,
                          objective=objective, coach=coach, show_odds=show_odds,
                          auto_computer=auto_computer, coach_prompt=coach_prompt,
                          allow_undo=allow_undo, animate=animate,
                          threshold_points=threshold_points, threshold_turns=threshold_turns)
        threshold_points, threshold_turns = float(threshold_points), float(threshold_turns)
        coach, show_odds, auto_computer, coach_prompt, allow_undo, animate = map(
            bool, (coach, show_odds, auto_computer, coach_prompt, allow_undo, animate))
        #: the game in play, without widgets: this app is a view on it
        self.session = PlaySession(
            self.game_key, seed=seed, players=players, rules=rules, computer=computer,
            objective=objective, lang=lang, threshold_points=threshold_points,
            threshold_turns=threshold_turns, allow_undo=allow_undo,
            describe=self.action_label, rule_options=rule_options)
        self.module = self.session.module
        seed, rules, seats = self.game.seed, self.state.rules, self._seats
        self.coach_on = coach
        self.auto_computer = auto_computer
        self.computer_delay = max(0.0, float(computer_delay))
        #: two players: the win bar shows without ticking "Show odds"
        self.winbar_default = players == 2
        self._pending: Any = None
        self._last_events: list[dict[str, Any]] = []
        self._closed = False
        self._duel_schedule: Callable[[Callable[[], Any]], Any] | None = None

        # --- widgets
        self.style = w.HTML(stylesheet(), layout=w.Layout(display="none"))
        self.title = w.HTML()
        self.mode_bar = ModeBar(mode_of(players, seats), self._guard(self.set_mode), self.lang)
        self.status = w.HTML()
        self.status.add_class("dicelab-status")
        self.solve_bar = SolveBar(self.lang, on_cancel=self._guard(self.cancel_solve))
        self.winbar = w.HTML(layout=w.Layout(display="none"))
        self.winbar.add_class("dicelab-winbar")
        self.board = w.HTML()
        self.board.add_class("dicelab-board")
        self.dice_row = DiceRow(self.kind, on_change=self._guard(self._on_toggle), lang=self.lang)
        self.roll_button = w.Button(icon="cube", layout=_auto())
        self.roll_button.add_class("dicelab-roll")
        self.stop_button = w.Button(icon="hand-paper-o", layout=_auto())
        self.stop_button.add_class("dicelab-stop")
        self.bank_button = w.Button(icon="bank", layout=_auto())
        self.bank_button.add_class("dicelab-bank")
        if self.kind == "reroll":
            self.bank_button.layout.display = "none"
        else:
            self.stop_button.layout.display = "none"
        self.undo_button = w.Button(icon="undo", layout=_auto())
        self.undo_button.add_class("dicelab-undo")
        self.computer_button = w.Button(icon="desktop", layout=_auto())
        self.computer_button.add_class("dicelab-computer")
        self.resolve_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.resolve_box.add_class("dicelab-resolve")
        self.resolve_buttons: list[Any] = []
        self.resolve_choices: list[Any] = []
        self.help = w.HTML()
        self.help.add_class("dicelab-help")
        self.prompt_text = w.HTML()
        self.prompt_show = w.Button(icon="lightbulb-o", layout=_auto())
        self.prompt_show.add_class("dicelab-prompt-show")
        self.prompt_keep = w.Button(layout=w.Layout(width="auto"))
        self.prompt_keep.add_class("dicelab-prompt-keep")
        self.prompt_retry = w.Button(layout=w.Layout(width="auto"))
        self.prompt_retry.add_class("dicelab-prompt-retry")
        self.prompt = w.VBox(
            [self.prompt_text,
             w.HBox([self.prompt_show, self.prompt_keep, self.prompt_retry],
                    layout=w.Layout(flex_flow="row wrap"))],
            layout=w.Layout(display="none"))
        self.prompt.add_class("dicelab-prompt")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.why = w.HTML()
        self.why.add_class("dicelab-why")
        self.overlay = OddsOverlay(self.lang)
        self.overlay.show_odds.value = show_odds
        self.overlay.is_cold = lambda: self._advice_key(self.state) not in self._advice_cache
        self.overlay.label_of = self.choice_label
        self.overlay.hint_text = self.session.hint_text
        self.overlay.on_hint = self._mark_hint
        self.log = w.HTML()
        self.log.add_class("dicelab-log")
        self.review_box = w.HTML()
        self.review_box.add_class("dicelab-review")
        self.review_button = w.Button(icon="list-alt", layout=_auto())
        self.review_button.add_class("dicelab-review-button")
        self.save_box = w.HTML()
        self.save_box.add_class("dicelab-save-box")
        self.load_button = w.FileUpload(accept=".json,application/json", multiple=False,
                                        icon="upload", layout=_auto())
        self.load_button.add_class("dicelab-load")
        self.rules = RulesPanel(self.game_key, self.lang)
        self.controls = ClassroomControls(
            seed, rules, players, self.module.MIN_PLAYERS, self.module.MAX_PLAYERS, seats,
            lang=self.lang, coach_prompt=coach_prompt, threshold_points=threshold_points,
            threshold_turns=threshold_turns, allow_undo=allow_undo, animate=animate,
        )
        self.roll_button.on_click(self._guard(self.roll))
        self.stop_button.on_click(self._guard(self.stop))
        self.bank_button.on_click(self._guard(self.bank))
        self.undo_button.on_click(self._guard(self.undo))
        self.computer_button.on_click(self._guard(self.play_computer_turn))
        self.review_button.on_click(self._guard(self.review))
        self.load_button.observe(self._guard(self._on_upload), names="value")
        self.prompt_show.on_click(self._guard(self.prompt_show_best))
        self.prompt_keep.on_click(self._guard(self.prompt_keep_choice))
        self.prompt_retry.on_click(self._guard(self.prompt_try_again))
        self.controls.new_game.on_click(self._guard(self.new_game))
        self.controls.reset.on_click(self._guard(self.reset))
        self.controls.set_dice.on_click(self._guard(self.teacher_set_dice))
        self.controls.language.observe(
            self._guard(lambda change: self.set_language(change["new"])), names="value")
        self.controls.animate.observe(self._guard(self._set_animate), names="value")
        self.overlay.show_odds.observe(self._guard(self._winbar), names="value")
        self.controls_box = w.Accordion(children=[self.controls.box])
        self.keyboard = key_listener(self._guard(self.key))
        self.buttons = w.HBox(
            [self.roll_button, self.stop_button, self.bank_button, self.resolve_box,
             self.undo_button, self.computer_button], layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("dicelab-buttons")
        parts = [self.style, self.title, self.mode_bar.buttons, self.status, self.winbar,
                 self.dice_row.outer, self.buttons, self.help, self.prompt, self.message,
                 self.why, self.board, self.overlay.box, self.log,
                 w.HBox([self.review_button, self.rules.button, self.save_box,
                         self.load_button],
                        layout=w.Layout(flex_flow="row wrap", align_items="center")),
                 self.review_box, self.rules.card, self.controls_box]
        parts.insert(parts.index(self.status) + 1, self.solve_bar.box)
        if self.keyboard is not None:
            parts.insert(1, self.keyboard)
        self.box = w.VBox(parts)
        self.box.add_class("dicelab-app")
        self.box.add_class(f"dicelab-app-{self.game_key}")
        self._set_animate()
        self._relabel()
        self._prepare_duel()
        self.refresh()
        self._auto()

    # ------------------------------------------------------------ display
    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.box)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # pragma: no cover - notebook only
        return self.box._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ callbacks
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a widget callback: widget arguments dropped when ``fn`` takes none,
        run in the app's language; a ``DicelabError`` (or any error) becomes a message."""
        import inspect

        try:
            takes_args = any(
                p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
                and p.default is p.empty
                for p in inspect.signature(fn).parameters.values()
            )
        except (TypeError, ValueError):  # pragma: no cover - builtins
            takes_args = True

        def callback(*args: Any) -> Any:
            if self._closed:
                return None
            try:
                with using(self.lang):
                    return fn(*args) if takes_args else fn()
            except DicelabError as e:
                self.say(e.message(self.lang), error=True)
            except Exception as e:  # noqa: BLE001 - a student never sees a traceback
                self.say(_("something went wrong ({what}); the game is unchanged",
                           lang=self.lang, what=type(e).__name__), error=True)
            return None

        return callback

    # ------------------------------------------------------------ language
    def set_language(self, lang: str) -> None:
        """Redraw the app in ``lang`` (``"fr"``/``"en"``), keeping the game."""
        self.lang = check_language(lang)
        if self.controls.language.value != self.lang:
            self.controls.language.value = self.lang  # its observer calls back here
            return
        self.dice_row.lang = self.lang
        self.mode_bar.relabel(self.lang)
        self.overlay.relabel(self.lang)
        self.controls.relabel(self.lang)
        self.rules.relabel(self.lang)
        self._relabel()
        self.message.value = ""
        self.refresh()

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<h3 style='margin:2px 0'>{esc(self.game.name)}</h3>"
        self.roll_button.tooltip = _("Roll the dice (key R)", lang=lang)
        self.stop_button.description = _("Stop", lang=lang)
        self.stop_button.tooltip = _("Stop: these dice are final (key S)", lang=lang)
        self.bank_button.description = _("Bank", lang=lang)
        self.bank_button.tooltip = _("Set aside the toggled dice and bank the turn (key B)",
                                     lang=lang)
        self.undo_button.description = _("Undo", lang=lang)
        self.undo_button.tooltip = _("Take back the last move (key U)", lang=lang)
        self.computer_button.description = _("Play computer turn", lang=lang)
        self.review_button.description = _("Game review", lang=lang)
        self.review_button.tooltip = _("Every decision of the game against the best, with "
                                       "the loss and why", lang=lang)
        self.load_button.description = _("Load a game", lang=lang)
        self.load_button.tooltip = _("Open a saved game file (.json) to go on or review it",
                                     lang=lang)
        self.prompt_show.description = _("Show me the best", lang=lang)
        self.prompt_keep.description = _("Keep my choice", lang=lang)
        self.prompt_retry.description = _("Let me try again", lang=lang)
        self.controls_box.set_title(0, _("Classroom: seed, variants, players, language, coach, "
                                         "teacher mode", lang=lang))
        keys = (_("Keys: 1–7 toggle a die · R roll · B bank · U undo · H hint", lang=lang)
                if self.kind == "push" else
                _("Keys: 1–7 toggle a die · R roll · S stop · U undo · H hint", lang=lang))
        self.help.value = (f"<span>{esc(keys)} "
                           f"({esc(_('click the game first', lang=lang))})</span>")
        self.solve_bar.relabel(lang)

    def _set_animate(self, _change: Any = None) -> None:
        if self.controls.animate.value:
            self.box.add_class("dicelab-animate")
        else:
            self.box.remove_class("dicelab-animate")

    # ------------------------------------------------------------ players
    def _build_policies(self) -> None:
        self.session.set_seats(self._seats)

    def is_computer(self, player: int | None = None) -> bool:
        return self.session.is_computer(player)

    # ------------------------------------------------------------ state
    @property
    def state(self) -> Any:
        return self.session.state

    def legal(self) -> frozenset[Any]:
        """The legal actions of the current position (cached per state)."""
        return self.session.legal()

    def advice(self, state: Any = None) -> Any:
        """``advise_state`` for ``state`` (default: now), computed once per position."""
        self._check_solo()  # not while a long solo solve runs in the background
        return self.session.advice(state)

    def advise_function(self) -> Callable[..., Any]:
        """The game's ``advise_state`` (its exact engine, loaded on first use)."""
        return self.session.advise_function()

    @staticmethod
    def _advice_key(state: Any) -> Any:
        return PlaySession.advice_key(state)

    def has_choice(self, state: Any = None) -> bool:
        """More than one legal action: something to advise and coach."""
        return self.session.has_choice(state)

    # ------------------------------------------------------------ words
    def choice_label(self, choice: Any) -> str:
        """A choice of the advice in plain words of the app's language (from its action)."""
        return self.action_label(choice.action)

    def action_label(self, action: Any) -> str:
        lang = self.lang
        n = len(self.state.dice)
        if isinstance(action, Stop):
            return _("stop", lang=lang)
        if isinstance(action, Resolve):
            return self.resolve_label(action.choice)
        if isinstance(action, Bank):
            if not action.keep:
                return _("bank", lang=lang)
            # the coach's own words (one wording for an action everywhere)
            return coach.describe_action(self.state, action, lang=lang)
        if isinstance(action, Roll):
            if self.kind == "push":
                if not action.keep:
                    return _("roll", lang=lang)
                if self.state.phase != "start" and not self.state.to_roll:
                    return coach.describe_action(self.state, action, lang=lang)
                left = self._dice_left_after(action.keep)
                return _("set aside {dice}, roll {count}", lang=lang, dice=fmt_dice(action.keep),
                         count=ngettext("{n} die", "{n} dice", left, lang=lang))
            count = ngettext("{n} die", "{n} dice", n - len(action.keep), lang=lang)
            if not action.keep:
                return _("roll all {count}", lang=lang, count=count)
            return _("keep {dice}, roll {count}", lang=lang, dice=fmt_dice(action.keep),
                     count=count)
        return str(action)

    def _dice_left_after(self, keep: tuple[int, ...]) -> int:
        """Push games: how many dice the next roll throws after setting ``keep`` aside."""
        s = self.state
        total = getattr(s.rules, "dice", None) or 7
        aside = getattr(s, "hand", None)
        if aside is None:
            aside = getattr(s, "aside", ())
        left = total - len(aside or ()) - len(keep)
        return left if left > 0 else total

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

    # ------------------------------------------------------------ keyboard
    def key(self, key: str) -> bool:
        """A key press (the keyboard widget calls this): 1–7 toggle a die, R roll, B bank,
        S stop, U undo, H the next hint.  Returns whether it did something."""
        k = str(key).lower()
        if k in "1234567" and len(k) == 1:
            return self.dice_row.toggle(int(k) - 1)
        if self._pending is not None and k in "rbs":
            return False  # answer the coach first
        button = {"r": self.roll_button, "b": self.bank_button, "s": self.stop_button,
                  "u": self.undo_button}.get(k)
        if button is not None:
            if k == "u" and button.disabled:
                self.say(self.undo_off_reason() or _("Undo is off.", lang=self.lang),
                         error=True)
                return False
            if button.disabled or button.layout.display == "none":
                return False
            return bool({"r": self.roll, "b": self.bank, "s": self.stop, "u": self.undo}[k]())
        if k == "h":
            if self.overlay.hint_button.disabled:
                self.say(_("No hint here: there is no choice to make.", lang=self.lang))
                return False
            if self.overlay.hint_level >= 3:
                self.say(_("That was the last hint: the full table is shown.",
                           lang=self.lang))
                return False
            self.overlay.hint(self.overlay.hint_level + 1)
            return True
        return False

    # ------------------------------------------------------------ actions
    def act(self, action: Any, confirmed: bool = False) -> bool:
        """Apply ``action`` for the player to move; an error shows as a message.

        With the coach prompt on, a choice losing more than the threshold is held back
        and the prompt asks first (returns ``False``).  Returns whether it was applied.
        """
        before = self.state
        coached = None
        human = not self.is_computer()
        if human and self.has_choice() and (self.coach_on or self.controls.coach_prompt.value):
            if self._advice_key(before) not in self._advice_cache:
                # the first advice may need a solve (two players: minutes): say so first
                self.say(_("Computing the exact odds (the first time, the game is being "
                           "solved; this can take a few seconds)…", lang=self.lang))
            coached = self._coach(before, action)
        if (not confirmed and coached is not None and self.controls.coach_prompt.value
                and self._too_costly(coached[0], coached[1])):
            self._ask(action, coached)
            return False
        step = len(self.game.actions)
        try:
            events = self.session.apply(action)
        except DicelabError as e:
            self.say(e.message(self.lang), error=True)
            return False
        self._close_prompt()
        if coached is not None and self.coach_on:
            self.overlay.tally.add(*coached, step=step)
            self.overlay.render_coach()
        self._last_events = list(events)
        self.say(self.describe_events(events))
        self.refresh()
        self._auto()
        return True

    def _coach(self, state: Any, action: Any) -> tuple[str, float, str] | None:
        """(objective, loss, label) of ``action`` in ``state``, or ``None`` if not advised."""
        found = self.session.coach_loss(action, state)
        if found is None:
            return None
        return found[0], found[1], self.action_label(action)

    def _sync_session(self) -> None:
        """The Classroom panel's coach thresholds and undo permission, into the session."""
        c = self.controls
        self.session.threshold_points = float(c.threshold_points.value)
        self.session.threshold_turns = float(c.threshold_turns.value)
        self.session.allow_undo = bool(c.allow_undo.value)

    def _too_costly(self, objective: str, loss: float) -> bool:
        self._sync_session()
        return self.session.too_costly(objective, loss)

    # ------------------------------------------------------------ coach prompt
    def _ask(self, action: Any, coached: tuple[str, float, str]) -> None:
        self._sync_session()
        decision = self.session.coach_decision(action)  # the coach's verdict and why
        lines = [decision.text, *decision.why] if decision is not None else []
        self._pending = (action, coached, self.advice().best)
        self.prompt_text.value = "".join(f"<p>{esc(x)}</p>" for x in lines)
        self.prompt.layout.display = "flex"
        self.say("")

    def _close_prompt(self) -> None:
        self._pending = None
        self.prompt.layout.display = "none"
        self.prompt_text.value = ""

    def prompt_show_best(self) -> bool:
        """"Show me the best": name the best choice (with its why) and select its dice."""
        if self._pending is None:
            return False
        action, coached, best = self._pending
        self._close_prompt()
        lines = [_("The best choice here: “{label}”.", lang=self.lang,
                   label=self.action_label(best.action))]
        lines += self.session.why_lines(best.action)
        self._select_action(best.action)
        self.overlay.hint(2)
        self.say(" ".join(lines))
        return True

    def prompt_keep_choice(self) -> bool:
        """"Keep my choice": apply the held-back choice."""
        if self._pending is None:
            return False
        action = self._pending[0]
        self._close_prompt()
        return self.act(action, confirmed=True)

    def prompt_try_again(self) -> bool:
        """"Let me try again": drop the held-back choice; the dice stay as they were."""
        if self._pending is None:
            return False
        self._close_prompt()
        self.say(_("Choose again.", lang=self.lang))
        return True

    def _select_action(self, action: Any) -> None:
        keep = list(getattr(action, "keep", ()) or ())
        if isinstance(action, Stop):
            keep = list(self.state.dice)
        picked = []
        for i, v in enumerate(self.dice_row.dice):
            if v in keep:
                keep.remove(v)
                picked.append(i)
        if not isinstance(action, Resolve):
            self.select(*picked)

    # ------------------------------------------------------------ buttons
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

    def undo_allowed(self) -> bool:
        """Undo is possible: a move to take back, the game not over, and the last move not a
        computer seat's (unless the teacher allows it)."""
        return not self.undo_off_reason()

    def undo_off_reason(self) -> str:
        """Why Undo is off now, in words (empty when it is on)."""
        self._sync_session()
        return self.session.undo_off_reason()

    def undo(self) -> bool:
        """Take back the last move (one step; resolutions and rolls included)."""
        reason = self.undo_off_reason()
        if reason:
            self.say(reason, error=True)
            return False
        self.session.undo()
        self._close_prompt()
        self.overlay.tally.undo_to(len(self.game.actions))
        self.overlay.render_coach()
        self._last_events = []
        self.say(_("Move taken back.", lang=self.lang))
        self.refresh()
        return True

    def play_computer_turn(self) -> int:
        """Play the current computer player's turn to its end; returns the actions played."""
        if self.state.is_over or not self.is_computer():
            self.say(_("It is not a computer player's turn.", lang=self.lang), error=True)
            return 0
        p = self.state.current_player
        if self.session.waits_for_duel(p):
            self.say(_("The computer plays to win: it waits for the exact chances of beating "
                       "each other, which are being computed (the game goes on by itself when "
                       "they are ready).", lang=self.lang))
            return 0
        if self.session.waits_for_solo(p):  # the solo odds computed in the background
            self.say(_("The computer waits for the exact odds, which are being computed (the "
                       "game goes on by itself when they are ready).", lang=self.lang))
            return 0
        played = 0
        lines: list[str] = []
        while not self.state.is_over and self.state.current_player == p:
            if played and self.state.phase == "start":
                break
            if played >= MAX_COMPUTER_ACTIONS:  # pragma: no cover - safety net
                break
            line = self._computer_move(p)
            if line is None:
                break
            played += 1
            lines.append(line)
        head = ngettext("{who} (computer) played {n} move.", "{who} (computer) played {n} moves.",
                        played, lang=self.lang, who=player_name(p, self.lang))
        if played:
            self.say(" ".join([head] + [x for x in lines[-2:] if x]))
        self.refresh()
        return played

    def _computer_move(self, p: int) -> str | None:
        """One action of computer seat ``p``, with its "why" line in the log; returns what
        happened in words, or ``None`` (with a message) when it could not play."""
        try:
            move = self.session.computer_move(p)
        except Exception as e:  # an engine error must not become a traceback in class
            why = e.message(self.lang) if isinstance(e, DicelabError) else type(e).__name__
            self.say(_("The computer could not play: {why}", lang=self.lang, why=why),
                     error=True)
            return None
        self._last_events = list(move.events)
        return self.describe_events(self._last_events)

    def computer_note(self, state: Any, action: Any, p: int) -> str:
        """One line: what computer seat ``p`` chose in ``state`` and why (empty for a
        forced move)."""
        return self.session.computer_note(state, action, p)

    def _auto(self) -> None:
        """Computer seats play by themselves (``auto_computer``): step by step with a pause
        in a notebook, at once outside a kernel or with ``computer_delay=0``."""
        if not self.auto_computer or self._stepping:
            return
        timer = kernel_timer() if self.computer_delay > 0 else None
        if timer is not None:
            if not self.state.is_over and self.is_computer():
                self._stepping = True
                self.refresh()
                timer(self.computer_delay, self._guard(self._computer_step))
            return
        guard = 0
        while not self.state.is_over and self.is_computer() and guard < 10_000:
            guard += 1
            if not self.play_computer_turn():
                break

    def _computer_step(self) -> None:
        """One paced step of a computer turn (the kernel's event loop calls it)."""
        self._stepping = False
        if self._closed or self.state.is_over or not self.is_computer():
            self.refresh()
            return
        p = self.state.current_player
        if self.session.waits_for_solve(p):
            self.refresh()  # the solve's end calls _auto again
            return
        line = self._computer_move(p)
        if line is None:
            self.refresh()
            return
        self.say(line)
        self.refresh()
        self._auto()

    def computer_playing(self) -> bool:
        """A computer turn is being played step by step (the next step is scheduled)."""
        return self._stepping

    def play_to_end(self, max_actions: int = 100_000) -> None:
        """Finish the game with every seat played by its policy (humans: optimal). For tests."""
        fallback = make_policy("optimal", self.game_key)
        for _i in range(max_actions):
            if self.state.is_over:
                break
            policy = self._policies.get(self.state.current_player, fallback)
            self.act(policy(self.state), confirmed=True)

    # ------------------------------------------------------------ classroom
    def new_game(self) -> bool:
        """Start a new game from the controls: seed, variants, players and seats."""
        c = self.controls
        try:
            rules = c.variants.build()
            seed = c.seed.value
            players = int(c.players.count.value)
            seats = check_computer(
                {s: k for s, k in c.players.kinds().items() if k != "human"}, players)
            self.session.new_game(rules=rules, seed=seed, players=players, seats=seats)
        except DicelabError as e:
            self.say(e.message(self.lang), error=True)
            return False
        self.winbar_default = players == 2
        self.mode_bar.show(mode_of(players, seats))
        self._close_prompt()
        self._prepare_duel()
        self.overlay.reset_tally()
        self._last_events = []
        self.say(ngettext("New game: seed {seed}, {n} player.", "New game: seed {seed}, {n} "
                          "players.", players, lang=self.lang, seed=seed))
        self.refresh()
        self._auto()
        return True

    def set_mode(self, mode: str) -> bool:
        """The mode bar: ``"solo"``, ``"two"`` (two players at one screen) or
        ``"computer"`` (player 2 is the computer and plays by itself); starts that game at
        once (same seed box and variants as the Classroom panel)."""
        if mode not in ("solo", "two", "computer"):
            raise DicelabError("unknown mode {mode}; choose solo, two or computer",
                               mode=brief(mode))
        c = self.controls
        c.players.count.value = 1 if mode == "solo" else 2
        seats = seats_for(mode, c.players.kinds_offered)
        for i, dd in enumerate(c.players.seats):
            dd.value = seats.get(i, "human")
        if mode == "computer":
            self.auto_computer = True
        return self.new_game()

    def _forget_computer(self) -> None:
        self.session.forget_computer()

    def reset(self) -> None:
        """Restart the current game from the start, with the same seed, rules and players."""
        self.session.reset()
        self._close_prompt()
        self.overlay.reset_tally()
        self._last_events = []
        self.say(_("Game restarted (seed {seed}).", lang=self.lang, seed=self.game.seed))
        self.refresh()
        self._auto()

    def teacher_set_dice(self, text: str | None = None) -> bool:
        """Teacher mode: replace the last roll by the dice typed in the box (or ``text``)."""
        if text is not None:
            if not isinstance(text, str):
                self.say(_("Teacher mode: {why}", lang=self.lang, why=_(
                    "type the dice as text, e.g. 2 2 2 4 6", lang=self.lang)), error=True)
                return False
            self.controls.dice_text.value = text if len(text) <= 200 else text[:200]
        raw = text if text is not None else self.controls.dice_text.value
        try:
            dice = parse_dice_text(raw)
            events = self.session.set_dice(dice)
        except DicelabError as e:
            self.say(_("Teacher mode: {why}", lang=self.lang, why=e.message(self.lang)),
                     error=True)
            return False
        self._close_prompt()
        self._last_events = list(events)
        self.say(_("Teacher mode: the last roll now shows {dice}.", lang=self.lang,
                   dice=fmt_dice(dice)))
        self.refresh()
        self._auto()
        return True

    # ------------------------------------------------------------ save and load
    def _on_upload(self, change: Any) -> None:
        if change["new"]:
            try:
                self.load(load_upload(change["new"], self.game_key))
            finally:
                self.load_button.value = ()  # the same file can be loaded again

    def load(self, game: Any) -> bool:
        """Go on with (or review) a saved game: a ``Game`` of this app's game, or a JSON
        save, checked as ``Game.from_json`` checks it.  Every seat is a human one; the
        Classroom panel shows the game's seed, variants and players."""
        if not isinstance(game, self.module.Game):
            game = load_upload(({"content": game.encode("utf-8") if isinstance(game, str)
                                 else game},), self.game_key)
        self.session.load(game)
        self._close_prompt()
        players = game.state.players
        c = self.controls
        c.seed.value = game.seed
        c.variants.show(game.state.rules)
        c.players.count.value = players
        for dd in c.players.seats:
            dd.value = "human"
        self.winbar_default = players == 2
        self.mode_bar.show(mode_of(players, {}))
        self._prepare_duel()
        self.overlay.reset_tally()
        self.review_box.value = ""
        self._last_events = []
        self.say(ngettext("Game loaded: {n} move. Press “{button}” to review it, or play on.",
                          "Game loaded: {n} moves. Press “{button}” to review it, or play on.",
                          len(game.actions), lang=self.lang,
                          button=_("Game review", lang=self.lang)))
        self.refresh()
        return True

    # ------------------------------------------------------------ two-player odds
    def _prepare_duel(self) -> None:
        """Two players: get the exact two-player odds ready.  A ready table is loaded now
        (the first decision then costs milliseconds); otherwise the variant's solve starts
        in the background (one per variant in the kernel, see
        :mod:`dicelab.analysis.solving`), the overlay meanwhile shows labelled solo odds
        and says so, and the app redraws itself when the solve ends."""
        self._prepare_solo()  # a long solo solve too (solve_bar.BackgroundSolves)
        self._drop_duel_job()
        job = self.session.prepare_duel()
        if job is None:  # nothing to solve (a ready table is warmed), or it failed
            return
        self._duel_schedule = main_thread_scheduler()
        job.subscribe(self._duel_ended)

    def _duel_ended(self, job: duel_registry.SolveJob) -> None:
        """The solving thread: hand the redraw to the kernel's main thread (outside a
        kernel, the next redraw or :meth:`wait_for_duel` picks the result up)."""
        schedule = self._duel_schedule
        if schedule is not None and not self._closed and job is self._duel_job:
            schedule(self._guard(self._duel_redraw))

    def _duel_redraw(self) -> None:
        if self._collect_duel():
            self.refresh()
            self._auto()

    def _collect_duel(self) -> bool:
        """Take in a finished background solve (main thread); returns whether one ended."""
        return self.session.collect_duel()

    def _drop_duel_job(self) -> None:
        job = self._duel_job
        if job is not None:
            job.unsubscribe(self._duel_ended)
        self.session.drop_duel()

    def duel_computing(self) -> bool:
        """Whether the exact two-player odds of this game are being computed."""
        return self.session.duel_computing()

    def wait_for_duel(self, timeout: float | None = None) -> bool:
        """Wait for the background two-player solve and redraw (scripts and tests; in a
        notebook the app redraws itself).  Returns whether the exact two-player odds are
        at hand."""
        job = self._duel_job
        if job is not None:
            job.join(timeout)
        if self._warm_job is not None:
            self._warm_job.join(timeout)
        if self._collect_duel():
            self.refresh()
            self._auto()
        return self._duel_at_hand() and self._duel_error is None

    def _duel_at_hand(self) -> bool:
        """The two-player table is ready (or the game's own adapters decide: no engine in
        the registry)."""
        return self.session.duel_at_hand()

    def duel_note(self) -> str:
        """The overlay's line about the exact two-player odds (HTML, may be empty): being
        computed, could not be computed, or just ready."""
        lang = self.lang
        if self.state.players != 2:
            return ""
        solo = _("Until then the odds shown are solo odds: each player's own chances, as if "
                 "playing alone.", lang=lang)
        if self.duel_computing():
            text = _("The exact chances of beating each other are being computed in the "
                     "background (this can take a minute or more); the app updates itself "
                     "when they are ready.", lang=lang)
            return f'<p role="status"><em>⏳ {esc(text)} {esc(solo)}</em></p>'
        if self._duel_error is not None:
            text = _("The exact chances of beating each other could not be computed: {why}.",
                     lang=lang, why=error_text(self._duel_error, lang).rstrip("."))
            solo = _("The odds shown are solo odds: each player's own chances, as if playing "
                     "alone.", lang=lang)
            return (f'<p role="alert" class="dicelab-error"><strong>⚠</strong> {esc(text)} '
                    f"{esc(solo)}</p>")
        if self._duel_news:
            text = _("The exact chances of beating each other are ready: the odds now rank "
                     "every choice by them.", lang=lang)
            return f'<p role="status"><em>✓ {esc(text)}</em></p>'
        return ""

    # ------------------------------------------------------------ review
    def show_rules(self, show: bool | None = None) -> bool:
        """The Rules button: show (or hide) the game's rules card; returns whether shown."""
        return self.rules.toggle(show)

    def review(self) -> Any:
        """Show the game review in the app (``dicelab.review``); returns the review object,
        or ``None`` (with a message) when the review module is not there."""
        humans = [p for p in range(self.state.players) if p not in self._policies]
        rev = adapters.review(self.game, self.lang, players=humans)
        if rev is None:
            self.say(_("The game review is not available in this version.", lang=self.lang),
                     error=True)
            return None
        try:
            html = rev.to_html(self.lang)
        except TypeError:
            html = rev.to_html()
        self.review_box.value = f'<div class="dicelab-surface" style="overflow:auto">{html}</div>'
        return rev

    # ------------------------------------------------------------ closing
    def close(self) -> None:
        """Close every widget of the app (frees them in the kernel and the browser)."""
        import ipywidgets as w

        seen: set[int] = set()
        found: list[Any] = []

        def walk(obj: Any, depth: int = 0) -> None:
            if depth > 12:
                return
            if isinstance(obj, w.Widget):
                if id(obj) in seen:
                    return
                seen.add(id(obj))
                found.append(obj)
                for name in obj.keys:
                    if name.startswith("_") and name not in ("_titles",):
                        continue
                    try:
                        walk(getattr(obj, name), depth + 1)
                    except Exception:  # noqa: BLE001 - a trait that cannot be read
                        continue
            elif isinstance(obj, (list, tuple, set, frozenset)):
                for x in obj:
                    walk(x, depth + 1)
            elif isinstance(obj, dict):
                for x in obj.values():
                    walk(x, depth + 1)

        holders = [self, self.dice_row, self.overlay, self.controls, self.controls.variants,
                   self.controls.players]
        for h in holders:
            for v in list(vars(h).values()):
                walk(v)
        for x in found:
            try:
                x.close()
            except Exception:  # noqa: BLE001 - already closed
                continue
        self._closed = True
        self._drop_duel_job()  # a background solve goes on (other apps may use it)
        self._drop_solo_job()  # the same: it stops once nobody waits for it
        self.resolve_buttons = []

    # ------------------------------------------------------------ rendering
    def say(self, text: str, error: bool = False) -> None:
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = (
                f'<p role="alert" class="dicelab-error"><strong>⚠ '
                f'{esc(_("Not possible:", lang=self.lang))}</strong> {esc(text)}</p>'
            )
        else:
            self.message.value = f"<p>{esc(text)}</p>"

    def describe_events(self, events: list[dict[str, Any]]) -> str:
        solo = self.state.players == 1
        # the last three events, and always what the final dice made (a turn that ends a
        # manche or the game keeps its dice and result on the screen)
        shown = [e for i, e in enumerate(events)
                 if i >= len(events) - 3 or e.get("type") in _RESULT_EVENTS]
        text = " ".join(event_sentence(e, self.lang, solo) for e in shown)
        notes = getattr(self, "event_notes", None)  # the learning mode's rule quotes
        if notes is not None:
            text = " ".join([text, *(_("Rule: “{rule}”", lang=self.lang, rule=r)
                                     for r in notes(events))])
        return text

    def enabled_actions(self) -> list[str]:
        """The enabled controls that move the game: buttons, resolutions, a die to toggle."""
        out = [name for name, b in (("roll", self.roll_button), ("stop", self.stop_button),
                                    ("bank", self.bank_button),
                                    ("computer", self.computer_button))
               if not b.disabled and b.layout.display != "none"]
        out += ["resolve" for b in self.resolve_buttons if not b.disabled]
        out += ["die" for t in self.dice_row.die_toggles
                if not t.disabled and self.dice_row.enabled][:1]
        return out

    def refresh(self) -> None:
        """Redraw everything for the current state (after an action or a new game)."""
        with using(self.lang):
            self._collect_duel()
            self._sync_solve_bar()
            self._refresh()

    def _refresh(self) -> None:
        s = self.state
        human = not self.is_computer() and not s.is_over
        legal = self.legal()
        choosing = human and any(isinstance(a, (Roll, Bank)) and a.keep for a in legal)
        rolled = any(e.get("type") == "roll" for e in self._last_events)
        selected = self.initial_selection()
        new = [rolled and not k for k in selected] if s.dice else []
        aside = tuple(getattr(s, "hand", None) or getattr(s, "aside", ()) or ()) \
            if self.kind == "push" and not s.is_over else ()
        self.dice_row.set_dice(
            s.dice, selected, enabled=choosing, caption=self.dice_caption(rolled),
            new=new, aside=aside, aside_caption=_("Set aside this turn:", lang=self.lang),
        )
        theirs = not s.is_over and (self.is_computer() or (
            s.phase == "start" and len(self.game.actions) - 1 in self._computer_steps))
        if theirs:  # the computer's dice: drawn as its own (dotted), not to be clicked
            self.dice_row.outer.add_class("dicelab-computer-dice")
        else:
            self.dice_row.outer.remove_class("dicelab-computer-dice")
        self._resolve_buttons(legal if human else frozenset())
        self.board.value = self.board_html()
        self.status.value = self.status_html()
        self.log.value = self.log_html()
        self.save_box.value = save_link(self.game, self.game_key, self.lang)
        self.computer_button.disabled = s.is_over or not self.is_computer() or self._stepping
        # the computer plays by itself: no button to press for it
        self.computer_button.layout.display = ("" if self._policies and not self.auto_computer
                                               else "none")
        reason = self.undo_off_reason()
        self.undo_button.disabled = bool(reason)
        self.undo_button.tooltip = (_("Take back the last move (key U)", lang=self.lang)
                                    if not reason else
                                    _("Undo is off. {why}", lang=self.lang, why=reason))
        advisable = human and self.has_choice()
        self.overlay.players = s.players
        self.overlay.set_note(self.duel_note())
        self.overlay.game = self.overlay.tally.game = self.game_key
        self.overlay.new_position(self.advice if advisable else None, tuple(s.dice))
        self._update_selection()
        self._winbar()

    def _winbar(self, _change: Any = None) -> None:
        """The two-player win bar, shown with the odds (its first solve can take a while)."""
        shown = (self.state.players == 2
                 and (self.overlay.show_odds.value or self.winbar_default)
                 and self._duel_at_hand())
        chances = adapters.win_chances(self) if shown else None
        if chances is None:
            self.winbar.layout.display = "none"
            self.winbar.value = ""
            return
        s = self.state
        forced = ""
        if s.phase != "start" and not self.has_choice():
            forced = _("Only one move is possible here: it is forced.", lang=self.lang)
        self.winbar.layout.display = ""
        self.winbar.value = winbar_html(chances, self.lang, s.current_player,
                                        self.game_key) + (
            f'<p class="dicelab-forced"><small>{esc(forced)}</small></p>' if forced else "")

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

    def _mark_hint(self, level: int) -> None:
        """The first hint also marks the dice it points at (a ☆ and a dashed frame)."""
        toggles = self.dice_row.die_toggles
        for t in toggles:
            t.remove_class("dicelab-hinted")
        if level < 1 or self.state.phase != "choose":
            return
        for i in self.session.hint_positions():
            if i < len(toggles):
                toggles[i].add_class("dicelab-hinted")

    def _on_toggle(self) -> None:
        if self._pending is not None:
            self._close_prompt()
        self._update_selection()

    def why_text(self, keep: tuple[int, ...], legal: frozenset[Any]) -> str:
        """Why the selection cannot be rolled / banked, in the engine's own words."""
        if not keep or self.state.phase != "choose":
            return ""
        reasons = []
        buttons = [(_("Roll", lang=self.lang), Roll(keep))]
        if self.kind == "push":
            buttons.append((_("Bank", lang=self.lang), Bank(keep)))
        if Stop() in legal and len(keep) == len(self.state.dice):
            return ""  # every die kept: that is Stop, not a roll
        for name, action in buttons:
            if action in legal:
                continue
            try:
                self.module.step(self.state, action)
            except DicelabError as e:
                reasons.append(f"{name} : {e.message(self.lang)}" if self.lang == "fr"
                               else f"{name}: {e.message(self.lang)}")
        if not reasons:
            return ""
        return "<p><small>" + esc(" · ".join(reasons)) + "</small></p>"

    def roll_text(self, keep: tuple[int, ...]) -> str:
        lang = self.lang
        if self.state.phase == "start" or not self.state.dice:
            return _("Roll", lang=lang) + " (R)"
        if self.kind == "reroll":
            n = len(self.state.dice) - len(keep)
        else:
            n = self._dice_left_after(keep) if keep else 0
        if not n:
            return _("Roll", lang=lang) + " (R)"
        return _("Roll {count}", lang=lang,
                 count=ngettext("{n} die", "{n} dice", n, lang=lang)) + " (R)"

    def empty_selection_text(self) -> str:
        if self.kind == "push":
            return _("Toggle the dice you set aside to see what your choice is worth.",
                     lang=self.lang)
        return _("Your selection is not one of the legal choices here.", lang=self.lang)

    def dice_caption(self, rolled: bool = False) -> str:
        s = self.state
        lang = self.lang
        if not s.dice:
            return "<em>" + esc(_("No dice on the table: Roll to start the turn.",
                                  lang=lang)) + "</em>"
        new = (" <strong>" + esc(_("New roll!", lang=lang)) + "</strong>") if rolled else ""
        if s.is_over:
            return esc(_("Game over: these are the last dice rolled.", lang=lang))
        if self.is_computer():
            return esc(_("{who}'s dice (the computer plays them):", lang=lang,
                         who=player_name(s.current_player, lang))) + new
        last = len(self.game.actions) - 1
        if s.phase == "start" and last in self._computer_steps:
            who = player_name(self._computer_steps[last], lang)
            return esc(_("{who}'s last dice (computer). Roll to start your turn.",
                         lang=lang, who=who))
        if s.phase == "start":
            return esc(_("Last dice of the previous turn. Roll to start the turn.", lang=lang))
        if self.kind == "reroll":
            text = _("Dice on the table (click a die to keep it; the others are re-rolled):",
                     lang=lang)
        else:
            text = _("Latest roll (click the dice to set aside):", lang=lang)
        return esc(text) + new

    def _resolve_buttons(self, legal: frozenset[Any]) -> None:
        import ipywidgets as w

        choices = sorted(
            (a.choice for a in legal if isinstance(a, Resolve)),
            key=lambda c: c if isinstance(c, tuple) else (c,),
        )
        if choices == self.resolve_choices and self.resolve_buttons:
            return
        old = self.resolve_buttons
        buttons = []
        for c in choices:
            label = self.resolve_label(c)
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class("dicelab-resolve-choice")
            b.on_click(self._guard(lambda c=c: self.resolve(c)))
            buttons.append(b)
        self.resolve_buttons = buttons
        self.resolve_choices = choices
        self.resolve_box.children = tuple(buttons)
        for b in old:  # the old buttons are gone from the page: free them
            b.layout.close()
            b.style.close()
            b.close()

    def _luck_end_html(self) -> str:
        """The luck/skill split under "Game over" (:func:`.luckview.end_html`), for the
        human seats (every seat when the computer plays them all)."""
        from dicelab.ui.widgets.luckview import end_html

        humans = [p for p in range(self.state.players) if p not in self._policies]
        try:
            return end_html(self.game, self.lang, humans or None)
        except Exception:  # noqa: BLE001 - the end screen never fails for it
            return ""

    def resolve_label(self, choice: Any) -> str:
        """Words on a resolution button (subclasses say "remove token 3", "flip card 4")."""
        return _("choose {choice}", lang=self.lang, choice=choice)

    def status_html(self) -> str:
        s = self.state
        lang = self.lang
        if s.is_over:
            return (f"<p><strong>{esc(self.session.result_text())}"
                    "</strong></p>" + self._luck_end_html())
        extra = self.status_extra()
        phase = self.phase_text()
        if self.is_computer():
            phase = (_("the computer is playing…", lang=lang) if self.auto_computer else
                     _("press “{button}”", lang=lang,
                       button=_("Play computer turn", lang=lang)))
        # before its first roll a turn has not begun yet: the status names the turn to come,
        # as the log will ("… starts turn 3")
        turn = s.turn_count + (1 if s.phase == "start" else 0)
        if s.players == 1:
            head = _("Turn {n}", lang=lang, n=turn)
        else:
            who = player_name(s.current_player, lang)
            kind = _("computer", lang=lang) if self.is_computer() else _("human", lang=lang)
            head = _("{who} to play ({kind}) · turn {n}", lang=lang, who=who, kind=kind,
                     n=turn)
        return (
            f"<p><strong>{esc(head)}</strong> · "
            f"{esc(phase)}{(' · ' + esc(extra)) if extra else ''}</p>"
        )

    def phase_text(self) -> str:
        lang = self.lang
        return {
            "start": _("roll to start the turn", lang=lang),
            "choose": _("choose what to keep", lang=lang),
            "resolve": _("choose how to use the final dice", lang=lang),
            "over": _("game over", lang=lang),
        }.get(self.state.phase, _("rolling", lang=lang))

    def status_extra(self) -> str:
        return ""

    def log_html(self) -> str:
        events = self.game.log[-LOG_LINES:]
        lang = self.lang
        if not events:
            return "<p><em>" + esc(_("Game log: nothing yet.", lang=lang)) + "</em></p>"
        solo = self.state.players == 1
        first = len(self.game.log) - len(events)
        items = "".join(
            (f'<li class="dicelab-why-line"><em>{esc(self._notes[first + i])}</em></li>'
             if first + i in self._notes else "")
            + f"<li>{esc(event_sentence(e, lang, solo))}</li>" for i, e in enumerate(events))
        return (
            f"<details open><summary>{esc(_('Game log (latest last)', lang=lang))}</summary>"
            f'<ul style="margin:2px 0;font-size:90%">{items}</ul></details>'
        )

    def event_text(self, event: dict[str, Any]) -> str:
        return event_sentence(event, self.lang, self.state.players == 1)

    def board_html(self) -> str:
        """The game's board as HTML (subclasses)."""
        raise NotImplementedError


#: Events that say what a turn's final dice made: always shown.
_RESULT_EVENTS = ("final", "resolve", "flip", "miss", "bust", "overshoot", "set_aside",
                  "win")


def winbar_html(chances: tuple[float, ...], lang: str, to_play: int | None = None,
                game: str | None = None) -> str:
    """Each player's exact chance of winning as a labelled bar (two players).

    A game played in manches (Dripeul 5, ``game="dripeul"``): each player's chance of
    beating the other in this manche.

    >>> "Player 2" in winbar_html((0.25, 0.75), "en") and "75.0%" in winbar_html((0.25, 0.75), "en")
    True
    >>> "manche" in winbar_html((0.5, 0.5), "en", game="dripeul")
    True
    """
    rows = []
    for p, c in enumerate(chances):
        mark = "▶ " if p == to_play else ""
        rows.append(
            f'<div class="dicelab-winbar-row"><span style="display:inline-block;min-width:7em">'
            f"{mark}{esc(player_name(p, lang))}</span>"
            f'<span class="dicelab-bar-track"><span class="dicelab-bar" '
            f'style="width:{100.0 * max(0.0, min(1.0, c)):.1f}%"></span></span> '
            f"<strong>{esc(fmt_percent(c, 1, lang))}</strong></div>"
        )
    if game in REGISTRY and REGISTRY[game].manches:
        title = _("Chance to beat the opponent in this manche (exact, both playing for it)",
                  lang=lang)
        meaning = _("P(win the manche): the probability that each player ends this manche "
                    "with fewer points than the other (a cleared board scores 0), both "
                    "playing for that (equal points count one half)", lang=lang)
    else:
        title = _("Chance to win (exact, both playing to win)", lang=lang)
        meaning = _("P(win): the probability that each player wins the two-player game, "
                    "both players playing to win (a shared win counts one half)", lang=lang)
    return f'<div title="{esc(meaning)}"><small>{esc(title)}</small>{"".join(rows)}</div>'


__all__ = ["MAX_THRESHOLD", "GameApp", "TIE", "check_app_options", "check_computer",
           "error_text", "make_policy", "seat_kinds", "winbar_html"]
