"""The app every game's widget shares: its shell, the view of a :class:`PlaySession`.

A :class:`GameApp` drives one game's ``Game`` runner through the play session
(:mod:`dicelab.ui.session`).  It never decides a rule: which buttons are enabled, which
resolution choices are offered and what a selection means all come from the game
module's ``legal_actions`` (and its ``advise_state`` for the odds).  Subclasses
(:mod:`.apps`) only draw the board and word the resolution choices.  Every word goes
through :mod:`dicelab.core.i18n` in the app's language (``lang=``; the Classroom controls
switch it in place).

This module is the shell: it builds every widget and lays them out (the one place that
fixes the page's order and CSS classes, docs/developers.md's DOM contract), wires the
callbacks, applies an action, redraws, relabels and closes.  Each panel's behaviour is a
mixin of its own module: the dice and buttons (:mod:`.dice_panel`), the status line, log
and review (:mod:`.status_log`), the coach prompt (:mod:`.coach_prompt`), the Classroom
actions and loading a save (:mod:`.classroom`), the computer's turns
(:mod:`.computer_turn`), the two-player odds and win bar (:mod:`.duel_view`) and the
background solves' bar (:mod:`.solve_bar`).

Every widget callback runs through :meth:`GameApp._guard`: a ``DicelabError`` is shown
as a message in the app's language, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import N_, _, check_language, using
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.games._checks import plain_int
from dicelab.registry import get as get_game
from dicelab.ui.options import THRESHOLD_POINTS, THRESHOLD_TURNS, check_app_options
from dicelab.ui.session import PlaySession
from dicelab.ui.widgets.batching import held, is_style, widgets_of
from dicelab.ui.widgets.classroom import ClassroomActions
from dicelab.ui.widgets.coach_prompt import CoachPrompt
from dicelab.ui.widgets.computer_turn import ComputerTurns
from dicelab.ui.widgets.controls import ClassroomControls
from dicelab.ui.widgets.dice_panel import DicePanel
from dicelab.ui.widgets.dice_row import DiceRow
from dicelab.ui.widgets.duel_view import DuelOdds
from dicelab.ui.widgets.faces import stylesheet
from dicelab.ui.widgets.keys import dice_in_game, key_listener, keys_legend
from dicelab.ui.widgets.modes import COMPUTER_DELAY, ModeBar, mode_of
from dicelab.ui.widgets.overlay import OddsOverlay
from dicelab.ui.widgets.rules_panel import RulesPanel
from dicelab.ui.widgets.saveload import load_button, save_link
from dicelab.ui.widgets.solve_bar import BackgroundSolves, SolveBar
from dicelab.ui.widgets.status_log import StatusLog


def _on_session(name: str, doc: str) -> property:
    """An app attribute that is the session's ``name`` (read and written there)."""

    def get(self: Any) -> Any:
        return getattr(self.session, name)

    def put(self: Any, value: Any) -> None:
        setattr(self.session, name, value)

    return property(get, put, doc=doc)

#: A message used inside an f-string below (marked here so the catalog extracts it).
_MARKED = (N_('click the game first'),)


def _auto() -> Any:
    """A layout that sizes a button to its words (French words are longer)."""
    import ipywidgets as w

    return w.Layout(width="auto", min_width="100px")


class GameApp(DicePanel, StatusLog, CoachPrompt, ClassroomActions, ComputerTurns, DuelOdds,
              BackgroundSolves):
    """A playable game with the live exact-odds overlay (display ``app`` in a notebook).

    Parameters: ``seed`` (``None``: a random game number), ``players``, ``rules``
    (a ``Rules``; or pass its fields as keyword options, e.g. ``level=2``),
    ``computer``: seats played by the computer, either a collection of seats
    (optimal play) or a mapping seat -> kind (``"optimal"``, ``"greedy"``,
    ``"random"``, ``"rule"``); ``auto_computer``: play computer turns at once
    instead of waiting for the "Play computer turn" button; ``objective``: the
    number the overlay ranks by (default: the engine's); ``coach``: keep the
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
        module = get_game(self.game_key).rules
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
        self.dice_row.accept = self._guard(self.accept_die)
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
        self.again_button = w.Button(icon="refresh", button_style="primary", layout=_auto())
        self.again_button.add_class("dicelab-again")
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
        # the computer plays every seat (lesson 14): the coach has nothing to say
        self.overlay.quiet = bool(self.session.policies) and all(
            p in self.session.policies for p in range(self.session.state.players))
        if self.overlay.quiet:
            self.overlay.render_coach()
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
        self.load_button = load_button(self._guard(self._on_upload))
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
        self.again_button.on_click(self._guard(self.play_again))
        self.review_button.on_click(self._guard(self.review))
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
            [self.again_button, self.roll_button, self.stop_button, self.bank_button,
             self.resolve_box, self.undo_button, self.computer_button],
            layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("dicelab-buttons")
        parts = [self.style, self.title, self.mode_bar.buttons, self.status,
                 self.luck_chart.box, self.winbar, self.dice_row.outer, self.buttons,
                 self.help, self.prompt, self.message, self.why, self.board, self.overlay.box,
                 self.log,
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
            try:  # each widget changed sends the browser one message, at the end
                with using(self.lang), held(self._widgets()):
                    return fn(*args) if takes_args else fn()
            except DicelabError as e:
                self.say_refusal(e)
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
        self.roll_button.tooltip = _("Roll the dice (key R)", lang=lang)
        self.stop_button.description = _("Stop", lang=lang)
        self.stop_button.tooltip = _("Stop: these dice are final (key S)", lang=lang)
        self.bank_button.description = _("Bank", lang=lang)
        self.bank_button.tooltip = _("Set aside the toggled dice and bank the turn (key B)",
                                     lang=lang)
        self.undo_button.description = _("Undo", lang=lang)
        self.undo_button.tooltip = _("Take back the last move; the dice stay the same (key U)",
                                     lang=lang)
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

    def _sync_session(self) -> None:
        """The Classroom panel's coach thresholds and undo permission, into the session."""
        c = self.controls
        self.session.threshold_points = float(c.threshold_points.value)
        self.session.threshold_turns = float(c.threshold_turns.value)
        self.session.allow_undo = bool(c.allow_undo.value)

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
        if reason:  # Undo pressed while it is off: the reason, for touch screens too
            self.say(_("Undo is off. {why}", lang=self.lang, why=reason), error=True)
            return False
        self.session.undo()
        self._close_prompt()
        self.overlay.tally.undo_to(len(self.game.actions))
        self.overlay.render_coach()
        self._last_events = []
        self.say(" ".join([_("Move taken back.", lang=self.lang), self.session.undo_note()]))
        self.refresh()
        return True

    # ------------------------------------------------------------ closing
    def close(self) -> None:
        """Close every widget of the app (frees them in the kernel and the browser); its
        background solves stop unless another app waits for them (``SolveJob.withdraw``)."""
        for x in self._widgets(fresh=True):
            try:
                x.close()
            except Exception:  # noqa: BLE001 - already closed
                continue
        self._closed = True
        self._drop_duel_job(withdraw=True)  # stops unless another app waits for it
        self._drop_solo_job(withdraw=True)
        self.solve_bar.job = None  # its redraw ticker ends
        self.resolve_buttons = []

    def _widgets(self, fresh: bool = False) -> list[Any]:
        """Every widget of the app (``fresh``: found now, layouts and styles included); else
        those found once, without layouts and styles (what a click's redraw sets)."""
        if fresh or not getattr(self, "_all_widgets", None):
            parts = ("dice_row", "overlay", "controls", "luck_chart")
            holders = [self, *(getattr(self, p, None) for p in parts),
                       *(getattr(getattr(self, "controls", None), p, None)
                         for p in ("variants", "players"))]
            self._all_widgets = widgets_of(list(vars(h).values()) for h in holders
                                           if h is not None)
            self._shown_widgets = [x for x in self._all_widgets if not is_style(x)]
        return self._all_widgets if fresh else self._shown_widgets

    # ------------------------------------------------------------ rendering
    def refresh(self) -> None:
        """Redraw everything for the current state (after an action or a new game)."""
        with using(self.lang):
            self._collect_duel()
            self._sync_solve_bar()
            self._refresh()

    def _refresh(self) -> None:
        s = self.state
        self.title.value = self.title_html()
        self.help.value = keys_legend(self.kind, dice_in_game(self.module, s.rules), self.lang)
        human = not self.is_computer() and not s.is_over
        legal = self.legal()
        choosing = human and any(isinstance(a, (Roll, Bank)) and a.keep for a in legal)
        rolled = any(e.get("type") == "roll" for e in self._last_events)
        selected = self.initial_selection()
        new = [rolled and not k for k in selected] if s.dice else []
        entry = get_game(self.game_key)
        aside = (entry.set_aside(s) if entry.set_aside is not None and not s.is_over
                 else ())
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
        self._show_status()
        self.log.value = self.log_html()
        self.save_box.value = save_link(self.game, self.game_key, self.lang)
        self.computer_button.disabled = s.is_over or not self.is_computer() or self._stepping
        self._again_refresh()
        # the computer plays by itself: no button to press for it
        self.computer_button.layout.display = ("" if self._policies and not self.auto_computer
                                               else "none")
        # Undo is never disabled: off (dicelab-off), pressed, it says why (touch: no tooltip)
        reason = self.undo_off_reason()
        u = self.undo_button
        with u.hold_sync():  # its class and tooltip reach the browser as one message
            (u.add_class if reason else u.remove_class)("dicelab-off")
            u.tooltip = _("Undo is off. {why}", lang=self.lang, why=reason) if reason else _(
                "Take back the last move; the dice stay the same (key U)", lang=self.lang)
        advisable = human and self.has_choice()
        self.overlay.players = s.players
        self.overlay.set_note(self.duel_note())
        self.overlay.game = self.overlay.tally.game = self.game_key
        self.overlay.new_position(self.advice if advisable else None, tuple(s.dice))
        self._update_selection()
        self._winbar()

    def board_html(self) -> str:
        """The game's board as HTML (subclasses)."""
        raise NotImplementedError


__all__ = ["GameApp"]
