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

import importlib
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, ClassVar

from dicelab.analysis import coach
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, check_language, fmt_percent, get_language, ngettext, using
from dicelab.core.progress import main_thread_scheduler
from dicelab.engine import solving as duel_registry
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.games._checks import plain_int
from dicelab.ui.widgets import adapters
from dicelab.ui.widgets.controls import ClassroomControls, parse_dice_text, seat_kinds
from dicelab.ui.widgets.dice_row import DiceRow
from dicelab.ui.widgets.faces import stylesheet
from dicelab.ui.widgets.keys import key_listener
from dicelab.ui.widgets.modes import (
    COMPUTER_DELAY,
    KIND_REASONS,
    ModeBar,
    kernel_timer,
    mode_of,
    seats_for,
)
from dicelab.ui.widgets.overlay import TIE, OddsOverlay
from dicelab.ui.widgets.rules_panel import RulesPanel
from dicelab.ui.widgets.saveload import load_upload, save_link
from dicelab.ui.widgets.text import (
    esc,
    event_sentence,
    fmt_dice,
    fmt_loss,
    join_names,
    player_name,
    shown_loss,
)

Policy = Callable[[Any], Any]

#: How many recent log lines the app shows.
LOG_LINES = 14
#: Safety bound on the actions of one "Play computer turn".
MAX_COMPUTER_ACTIONS = 2000
#: Default coach thresholds: percentage points of a probability, and expected turns.
THRESHOLD_POINTS = 1.0
THRESHOLD_TURNS = 0.05

#: Messages used inside f-strings below (marked here so the catalog extracts them).
_MARKED = (
    N_('click the game first'),
    N_('Not possible:'),
    N_('Game over — {result}.'),
    N_('Game log (latest last)'),
)


def error_text(error: BaseException, lang: str) -> str:
    """An error in words for a student: a ``DicelabError``'s own message, else its kind.

    >>> error_text(MemoryError(), "en")
    'unexpected error (MemoryError)'
    """
    if isinstance(error, DicelabError):
        return error.message(lang)
    return _("unexpected error ({what})", lang=lang, what=type(error).__name__)



def _auto() -> Any:
    """A layout that sizes a button to its words (French words are longer)."""
    import ipywidgets as w

    return w.Layout(width="auto", min_width="100px")


def make_policy(kind: str, game_key: str, seed: int | None = None) -> Policy:
    """The computer policy for a seat kind (see ``controls.SEAT_KINDS``), from
    :mod:`dicelab.policies`."""
    from dicelab.analysis import policies

    if kind in ("optimal", "greedy", "random", "rule"):
        return policies.for_kind(kind, game_key, seed)
    if kind == "duel_optimal":
        policy = adapters.duel_policy()
        if policy is not None:
            return policy
    raise DicelabError("unknown player kind {kind}; choose one of {kinds}", kind=brief(kind),
                       kinds=", ".join(seat_kinds()))


#: The largest coach threshold an app takes (its box's bound), in percentage points or turns.
MAX_THRESHOLD = 100.0


def check_app_options(rules_type: type, game: str, rule_options: dict[str, Any], *,
                      objective: Any, threshold_points: Any, threshold_turns: Any,
                      **switches: Any) -> None:
    """Refuse, with a :class:`~dicelab.DicelabError`, an app option of the wrong kind:
    a rule option ``rules_type`` does not have, a switch (``show_odds``…) that is not
    ``True``/``False``, a threshold that is not a number from 0 to :data:`MAX_THRESHOLD`,
    an objective that is not a name.

    >>> from dicelab.games import trwavril
    >>> check_app_options(trwavril.Rules, "Trwavril", {"bogus": 1}, objective=None,
    ...                   threshold_points=1, threshold_turns=0.05)
    Traceback (most recent call last):
    ...
    dicelab.errors.DicelabError: 'bogus' is not an option of the Trwavril app; rule options: ...
    """
    import dataclasses
    import math
    import numbers

    import numpy as np

    fields = [f.name for f in dataclasses.fields(rules_type)]
    for name in rule_options:
        if name not in fields:
            raise DicelabError("{name} is not an option of the {game} app; rule options: "
                               "{fields}", name=brief(name), game=game,
                               fields=", ".join(fields))
    for name, value in switches.items():
        if not isinstance(value, (bool, np.bool_)):  # numpy booleans too
            raise DicelabError("{name} must be True or False; got {value}", name=name,
                               value=brief(value))
    for name, value in (("threshold_points", threshold_points),
                        ("threshold_turns", threshold_turns)):
        ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
        if ok and isinstance(value, numbers.Integral):
            ok = 0 <= value <= MAX_THRESHOLD  # before float(): 10**5000 does not fit
        elif ok:
            ok = math.isfinite(value) and 0 <= value <= MAX_THRESHOLD
        if not ok:
            raise DicelabError("{name} must be a number from 0 to {high}; got {value}",
                               name=name, high=int(MAX_THRESHOLD), value=brief(value))
    if objective is not None and not isinstance(objective, str):
        raise DicelabError("objective must be the name of an objective, e.g. 'p_win'; "
                           "got {value}", value=brief(objective))


def check_computer(computer: Any, players: int) -> dict[int, str]:
    """Seats played by the computer, checked: ``None``, a seat, a collection of seats
    (optimal play) or a mapping seat -> kind.  Anything else is a ``DicelabError``.

    >>> check_computer({1: "random"}, 2)
    {1: 'random'}
    >>> check_computer("optimal", 2)
    Traceback (most recent call last):
    ...
    dicelab.errors.DicelabError: computer...; got 'optimal'
    """
    from dicelab.analysis import policies

    check = getattr(policies, "check_computer", None)
    if check is not None:
        duel = {}
        if isinstance(computer, dict) and "duel_optimal" in seat_kinds():
            # "plays to win" comes with the duel engine: check its seats as optimal ones
            duel = {s: k for s, k in computer.items() if k == "duel_optimal"}
            computer = {s: ("optimal" if k == "duel_optimal" else k)
                        for s, k in computer.items()}
        try:
            seats = dict(check(computer, players))
        except TypeError:  # another signature: validate here
            pass
        else:
            seats.update({int(s): "duel_optimal" for s in duel})
            return seats
    if computer is None:
        return {}

    def seat(s: Any) -> int:
        s = plain_int(s)  # numpy integers too
        if isinstance(s, bool) or not isinstance(s, int):
            raise DicelabError("computer seat {seat} is not a seat number (0 to {last})",
                               seat=brief(s), last=players - 1)
        if not 0 <= s < players:
            raise DicelabError("computer seat {seat} is not a seat of {n} players (seats "
                               "count from 0)", seat=s, n=players)
        return int(s)

    kinds = seat_kinds()
    if isinstance(computer, dict):
        seats = {}
        for s, kind in computer.items():
            if not isinstance(kind, str) or kind not in kinds:
                raise DicelabError("unknown player kind {kind}; choose one of {kinds}",
                                   kind=brief(kind), kinds=", ".join(kinds))
            seats[seat(s)] = kind
        return seats
    if isinstance(computer, int) and not isinstance(computer, bool):
        return {seat(computer): "optimal"}
    if isinstance(computer, (list, tuple, set, frozenset)):
        return {seat(s): "optimal" for s in computer}
    raise DicelabError("computer= takes seats (e.g. {{1: 'optimal'}} or [1]); got {value}",
                       value=brief(computer))


class GameApp:
    """A playable game with the live exact-odds overlay (display ``app`` in a notebook).

    Parameters: ``seed`` (``None``: a random small seed), ``players``, ``rules``
    (a ``Rules``; or pass its fields as keyword options, e.g. ``level=2``),
    ``computer``: seats played by the computer, either a collection of seats
    (optimal play) or a mapping seat -> kind (``"optimal"``, ``"greedy"``,
    ``"random"``, ``"rule"``); ``auto_computer``: play computer turns at once
    instead of waiting for the "Play computer turn" button; ``objective``: the
    figure the overlay ranks by (default: the engine's); ``coach``: keep the
    coach tally of the humans' choices; ``show_odds``: start with the odds shown;
    ``lang``: ``"fr"`` or ``"en"`` (default: :func:`dicelab.i18n.get_language`);
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

        self.lang = get_language(lang)
        self.module = importlib.import_module(f"dicelab.games.{self.game_key}")
        players, seed = plain_int(players), plain_int(seed)  # numpy integers too
        check_app_options(self.module.Rules, self.module.Game.definition.name, rule_options,
                          objective=objective, coach=coach, show_odds=show_odds,
                          auto_computer=auto_computer, coach_prompt=coach_prompt,
                          allow_undo=allow_undo, animate=animate,
                          threshold_points=threshold_points, threshold_turns=threshold_turns)
        threshold_points, threshold_turns = float(threshold_points), float(threshold_turns)
        coach, show_odds, auto_computer, coach_prompt, allow_undo, animate = map(
            bool, (coach, show_odds, auto_computer, coach_prompt, allow_undo, animate))
        if rules is None:
            rules = self.module.Rules(**rule_options)
        elif rule_options:
            raise DicelabError("give either rules=Rules(...) or rule options, not both")
        if seed is None:
            seed = random.randrange(1_000_000)
        self.objective = objective
        self.coach_on = coach
        self.auto_computer = auto_computer
        seats = check_computer(computer, players)
        self.game = self.module.Game(rules=rules, players=players, seed=seed)
        self._advice_cache: OrderedDict[Any, Any] = OrderedDict()
        self._legal_cache: tuple[Any, frozenset[Any]] | None = None
        self._policies: dict[int, Policy] = {}
        self._seats = seats
        self._computer_played = False
        #: steps (action indices) played by a computer seat, and the log line saying why,
        #: by the game log's length before that step
        self._computer_steps: dict[int, int] = {}
        self._notes: dict[int, str] = {}
        self.computer_delay = max(0.0, float(computer_delay))
        self._stepping = False
        #: two players: the win bar shows without ticking "Show odds"
        self.winbar_default = players == 2
        self._pending: Any = None
        self._last_events: list[dict[str, Any]] = []
        self._closed = False
        #: the background two-player solve this app waits for, its error, "just solved"
        self._duel_job: duel_registry.SolveJob | None = None
        self._warm_job: duel_registry.SolveJob | None = None  # a ready table being warmed
        self._duel_error: BaseException | None = None
        self._duel_news = False
        self._duel_schedule: Callable[[Callable[[], Any]], Any] | None = None

        # --- widgets
        self.style = w.HTML(stylesheet(), layout=w.Layout(display="none"))
        self.title = w.HTML()
        self.mode_bar = ModeBar(mode_of(players, seats), self._guard(self.set_mode), self.lang)
        self.status = w.HTML()
        self.status.add_class("dicelab-status")
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
        self.overlay.hint_text = lambda level: adapters.hint_text(
            self.state, level, self.lang, self.advice())
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
        if self.keyboard is not None:
            parts.insert(1, self.keyboard)
        self.box = w.VBox(parts)
        self.box.add_class("dicelab-app")
        self.box.add_class(f"dicelab-app-{self.game_key}")
        self._set_animate()
        self._build_policies()
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

    def _set_animate(self, _change: Any = None) -> None:
        if self.controls.animate.value:
            self.box.add_class("dicelab-animate")
        else:
            self.box.remove_class("dicelab-animate")

    # ------------------------------------------------------------ players
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
        return importlib.import_module(f"dicelab.engine.{self.game_key}").advise_state

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
            events = self.game.apply(action)
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
        try:
            advice = self.advice(state)
            choice = advice.find(action)
        except Exception:  # no advice here, or not a choice: nothing to tally
            return None
        return advice.objective, choice.loss, self.action_label(action)

    def _too_costly(self, objective: str, loss: float) -> bool:
        if objective.startswith("p_"):
            return loss * 100.0 > float(self.controls.threshold_points.value) + 1e-9
        if objective == "expected_turns":
            return loss > float(self.controls.threshold_turns.value) + 1e-9
        return False

    # ------------------------------------------------------------ coach prompt
    def _ask(self, action: Any, coached: tuple[str, float, str]) -> None:
        objective, loss, label = coached
        lang = self.lang
        advice = self.advice()
        best = advice.best
        try:  # the loss as the table's rounded figures show it
            loss = shown_loss(objective, best.figures[objective],
                              advice.find(action).figures[objective])
        except Exception:  # noqa: BLE001,S110 - keep the coach's own loss
            pass
        lines = [_("A better move is available. Your choice “{label}” {verb} {loss}.",
                   lang=lang, label=label,
                   verb=_("costs", lang=lang) if objective == "expected_turns"
                   else _("loses", lang=lang),
                   loss=fmt_loss(objective, loss, lang, self.game_key))]
        lines += adapters.why_lines(self.state, action, lang, advice)
        self._pending = (action, coached, best)
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
        lines += adapters.why_lines(self.state, best.action, self.lang, self.advice())
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
        lang = self.lang
        if not self.game.actions:
            return _("There is nothing to undo.", lang=lang)
        if self.state.is_over:
            return _("The game is over: start a new game (or Restart) to play again.",
                     lang=lang)
        if self._stepping:
            return _("The computer is playing its turn.", lang=lang)
        if (len(self.game.actions) - 1 in self._computer_steps
                and not self.controls.allow_undo.value):
            return _("Undo cannot take back the computer's moves (the teacher can allow it "
                     "in the Classroom controls).", lang=lang)
        return ""

    def undo(self) -> bool:
        """Take back the last move (one step; resolutions and rolls included)."""
        reason = self.undo_off_reason()
        if reason:
            self.say(reason, error=True)
            return False
        self._computer_steps.pop(len(self.game.actions) - 1, None)
        self.game.undo()
        self._notes = {k: v for k, v in self._notes.items() if k < len(self.game.log)}
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
        if self._seats.get(p) == "duel_optimal" and self.duel_computing():
            self.say(_("The computer plays to win: it waits for the exact chances of beating "
                       "each other, which are being computed (the game goes on by itself when "
                       "they are ready).", lang=self.lang))
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
        state = self.state
        try:
            action = self._policies[p](state)
            note = self.computer_note(state, action, p)
            mark = len(self.game.log)
            events = self.game.apply(action)
        except Exception as e:  # an engine error must not become a traceback in class
            why = e.message(self.lang) if isinstance(e, DicelabError) else type(e).__name__
            self.say(_("The computer could not play: {why}", lang=self.lang, why=why),
                     error=True)
            return None
        if note:
            self._notes[mark] = note
        self._computer_steps[len(self.game.actions) - 1] = p
        self._computer_played = True
        self._last_events = list(events)
        return self.describe_events(events)

    def computer_note(self, state: Any, action: Any, p: int) -> str:
        """One line: what computer seat ``p`` chose in ``state`` and why (empty for a
        forced move)."""
        if len(self.module.legal_actions(state)) < 2:
            return ""
        lang = self.lang
        kind = self._seats.get(p, "optimal")
        label = self.action_label(action)
        why = _(KIND_REASONS[kind], lang=lang) if kind in KIND_REASONS else ""
        if kind == "duel_optimal" or not why:
            try:
                advice = self.advice(state)
                figure = advice.find(action).figures[advice.objective]
                from dicelab.ui.widgets.overlay import figure_text

                why = _("the best choice, {figure}", lang=lang,
                        figure=figure_text(advice.objective, figure, lang, self.game_key))
            except Exception:  # noqa: BLE001 - no advice here: say the kind only
                why = why or _("the best for its chances", lang=lang)
        return _("{who} (computer) chose “{label}”: {why}.", lang=lang,
                 who=player_name(p, lang), label=label, why=why)

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
        if self._seats.get(p) == "duel_optimal" and self.duel_computing():
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
            game = self.module.Game(rules=rules, players=players, seed=seed)
        except DicelabError as e:
            self.say(e.message(self.lang), error=True)
            return False
        self.game = game
        self._seats = seats
        self._forget_computer()
        self.winbar_default = players == 2
        self.mode_bar.show(mode_of(players, seats))
        self._close_prompt()
        self._build_policies()
        self._advice_cache.clear()
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
        self._computer_played = False
        self._computer_steps = {}
        self._notes = {}

    def reset(self) -> None:
        """Restart the current game from the start, with the same seed, rules and players."""
        self.game.reset(seed=self.game.seed)
        self._forget_computer()
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
            events = self.game.set_dice(dice)
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
        self.game = game
        self._seats = {}
        self._policies = {}
        self._forget_computer()
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
        self._advice_cache.clear()
        self._legal_cache = None
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
        :mod:`dicelab.engine.solving`), the overlay meanwhile shows labelled solo odds
        and says so, and the app redraws itself when the solve ends."""
        self._drop_duel_job()
        s = self.state
        game = self.game_key
        if s.players != 2 or self.objective is not None or not duel_registry.has_duel(game):
            return
        try:  # a ready table: warmed in the background (a New game answers at once)
            self._warm_job = duel_registry.warm_in_background(game, s.rules)
            if self._warm_job is not None:
                return
        except Exception:  # noqa: BLE001,S110 - warming is only a head start
            pass
        try:
            job = duel_registry.solve_in_background(game, s.rules)
        except Exception as e:  # noqa: BLE001 - a student never sees a traceback
            self._duel_error = e
            return
        if job is None:  # ready meanwhile
            return
        self._duel_job = job
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
        job = self._duel_job
        if job is None or job.running:
            return False
        self._duel_job = None
        if job.error is not None:
            self._duel_error = job.error
        else:
            self._duel_news = True
            self._advice_cache.clear()  # advice given meanwhile was solo advice
            try:  # as at a ready start: no slow first decision
                duel_registry.warm(self.game_key, self.state.rules)
            except Exception:  # noqa: BLE001,S110 - warming is only a head start
                pass
        return True

    def _drop_duel_job(self) -> None:
        job = self._duel_job
        if job is not None:
            job.unsubscribe(self._duel_ended)
        self._duel_job = None
        self._duel_error = None
        self._duel_news = False

    def duel_computing(self) -> bool:
        """Whether the exact two-player odds of this game are being computed."""
        return self._duel_job is not None and self._duel_job.running

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
        game = self.game_key
        if not duel_registry.has_duel(game):
            return True
        try:
            return duel_registry.duel_ready(game, self.state.rules)
        except Exception:  # noqa: BLE001 - no exact two-player odds here
            return False

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
        for i in adapters.hint_positions(self.state, self.lang, self.advice()):
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
            names = [player_name(p, lang) for p in s.winners]
            if not names:
                result = (_("nobody wins", lang=lang) if s.players > 1
                          else _("you lose", lang=lang))
            elif s.players == 1:
                result = ngettext("you win, in {n} turn", "you win, in {n} turns",
                                  s.turn_count, lang=lang)
            elif len(names) == 1:
                result = _("{who} wins", lang=lang, who=names[0])
            else:
                result = _("shared win: {names}", lang=lang, names=join_names(names, lang))
            return (f"<p><strong>{esc(_('Game over — {result}.', lang=lang, result=result))}"
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


#: Events that say what a turn's final dice made: always shown (issue 21 §2).
_RESULT_EVENTS = ("final", "resolve", "flip", "miss", "bust", "overshoot", "set_aside",
                  "win")


def winbar_html(chances: tuple[float, ...], lang: str, to_play: int | None = None,
                game: str | None = None) -> str:
    """Each player's exact chance of winning as a labelled bar (two players).

    Dripeul 5 (``game="dripeul"``): each player's chance of beating the other in this manche.

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
    if game == "dripeul":
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


__all__ = ["GameApp", "TIE", "check_computer", "make_policy", "winbar_html"]
