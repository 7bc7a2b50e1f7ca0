"""A game in play, without widgets: :class:`PlaySession`.

A session holds one game (seeded, dice settable by hand), and answers everything a front
end asks while it is played: the legal moves (the game's own ``legal_actions``), the exact
advice (each game's ``advise_state``: solo, or two-player once its table is at hand), the
coach's decision on a move (:meth:`PlaySession.coach_decision`: would it cost, and why),
undo (and why it is off), the computer seats (what the computer plays, and why) and the
state of a background two-player solve.  It imports no widget and no plotting library:
the ipywidgets app (:class:`dicelab.ui.widgets.base.GameApp`, whose ``app.session`` it
is) and the terminal front end (:mod:`dicelab.ui.terminal`) are views on it.

>>> from dicelab.games._base import Roll
>>> s = PlaySession("trwavril", seed=1, lang="en")
>>> _ = s.apply(Roll(()), dice=(5, 5, 2, 5))
>>> s.state.dice, s.advice().best.action
((5, 5, 2, 5), Roll(keep=(5, 5, 5)))
>>> d = s.coach_decision(Roll(()))
>>> d.costly, d.best_label
(True, 'keep 5 5 5, roll 1 die')
>>> s.undo_off_reason()
''
>>> s.undo()
Roll(keep=())
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dicelab.analysis import coach, solving
from dicelab.analysis import review as review_module
from dicelab.core.errors import DicelabError
from dicelab.core.i18n import N_, _, get_language, ngettext
from dicelab.core.objectives import format_objective
from dicelab.core.progress import Cancelled
from dicelab.engine.advice import plays_duel
from dicelab.games._checks import plain_int
from dicelab.registry import get as get_game
from dicelab.ui.options import (
    THRESHOLD_POINTS,
    THRESHOLD_TURNS,
    Policy,
    check_app_options,
    check_computer,
    make_policy,
)
from dicelab.ui.text import (
    against_computer,
    fmt_dice,
    fmt_loss,
    join_names,
    player_name,
    seat_names,
    shown_loss,
)

#: Safety bound on the actions of one computer turn.
MAX_COMPUTER_ACTIONS = 2000
#: How many positions' advice a session keeps.
ADVICE_CACHE = 256
#: A new game without a given seed gets a random one in this range: a four-digit game
#: number a student can read out (« partie 4821 »).
NEW_SEEDS = range(1000, 10_000)


def new_seed() -> int:
    """A new game's random seed (its number), when no seed is given: both fronts (the apps'
    New game and mode bar, the terminal without ``--seed``) call it.

    >>> new_seed() in NEW_SEEDS
    True
    """
    return random.choice(NEW_SEEDS)

#: Why a computer seat chose its move, by seat kind (the duel seat says its figure).
KIND_REASONS: dict[str, str] = {
    "optimal": N_("the best for its own chances (solo odds)"),
    "greedy": N_("the best for this turn only"),
    "random": N_("picked at random among the legal moves"),
    "rule": N_("its rule of thumb"),
}


@dataclass(frozen=True)
class CoachDecision:
    """The coach's verdict on a move, before it is played.

    ``objective``: what the advice ranks by; ``loss`` (>= 0) what the move gives up against
    the best, in that objective; ``shown_loss``: the loss as the rounded numbers of the
    odds table show it; ``costly``: above the session's thresholds; ``label`` /
    ``best_label``: the move and the best in words; ``why``: the coach's 1–3 lines;
    :attr:`text` the warning in words (empty when the move is not costly).
    """

    action: Any
    objective: str
    loss: float
    shown_loss: float
    costly: bool
    label: str
    best_action: Any
    best_label: str
    why: tuple[str, ...] = ()
    lang: str = "en"
    game_key: str = ""

    @property
    def text(self) -> str:
        """The coach's warning: what the move costs (empty when it is not costly)."""
        if not self.costly:
            return ""
        lang = self.lang
        return _("A better move is available. Your choice “{label}” {verb} {loss}.",
                 lang=lang, label=self.label,
                 verb=_("costs", lang=lang) if self.objective == "expected_turns"
                 else _("loses", lang=lang),
                 loss=fmt_loss(self.objective, self.shown_loss, lang, self.game_key))


@dataclass(frozen=True)
class ComputerMove:
    """One move of a computer seat: the ``action``, the ``events`` it caused and
    ``note``, one line saying what it chose and why (empty for a forced move)."""

    player: int
    action: Any
    events: tuple[dict[str, Any], ...]
    note: str = ""


@dataclass
class PlaySession:
    """One game in play, with its advice, coach, undo, computer seats and two-player solve.

    ``game``: a game key or display name (``"5000"``); ``seed`` (``None``: a random
    four-digit seed, :func:`new_seed`), ``players``, ``rules`` (a ``Rules``; or its fields
    as ``rule_options``),
    ``computer``: seats played by the computer (a seat, a collection of seats, or a
    mapping seat -> kind of :func:`seat_kinds`), ``objective``: what the advice ranks by
    (default: the engine's), ``lang``, the coach's ``threshold_points`` (percentage points
    of a probability) and ``threshold_turns`` (expected turns), ``allow_undo``: Undo may
    take back a computer seat's moves.  ``describe(action)`` words a move (default: the
    coach's :func:`~dicelab.analysis.coach.describe_action`).
    """

    game_name: str
    seed: int | None = None
    players: int = 1
    rules: Any = None
    computer: Any = None
    objective: str | None = None
    lang: str | None = None
    threshold_points: float = THRESHOLD_POINTS
    threshold_turns: float = THRESHOLD_TURNS
    allow_undo: bool = False
    describe: Callable[[Any], str] | None = None
    rule_options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        info = get_game(self.game_name)
        self.game_key: str = info.key
        self.module: Any = info.rules
        self.engine: Any = info.engine  # the game's odds: dicelab.engine.<key>
        self.lang = get_language(self.lang)
        players, seed = plain_int(self.players), plain_int(self.seed)  # numpy integers too
        check_app_options(self.module.Rules, self.module.Game.definition.name,
                          self.rule_options, objective=self.objective,
                          threshold_points=self.threshold_points,
                          threshold_turns=self.threshold_turns, allow_undo=self.allow_undo)
        self.threshold_points = float(self.threshold_points)
        self.threshold_turns = float(self.threshold_turns)
        self.allow_undo = bool(self.allow_undo)
        rules = self.rules
        if rules is None:
            rules = self.module.Rules(**self.rule_options)
        elif self.rule_options:
            raise DicelabError("give either rules=Rules(...) or rule options, not both")
        #: the game's seed was given (a teacher's: the whole class has the same dice), not
        #: drawn by :func:`new_seed`
        self.seed_given = seed is not None
        if seed is None:
            seed = new_seed()
        self.advice_cache: OrderedDict[Any, Any] = OrderedDict()
        self._legal: tuple[Any, frozenset[Any]] | None = None
        #: the steps (action indices) played by a computer seat, and by whom
        self.computer_steps: dict[int, int] = {}
        #: the "why" line of a computer move, by the game log's length before it
        self.notes: dict[int, str] = {}
        self.computer_played = False
        #: a computer turn is being played step by step (a view paces it)
        self.stepping = False
        #: the background two-player solve waited for, a ready table being warmed, the
        #: solve's error, and "just solved"
        self.duel_job: solving.SolveJob | None = None
        self.warm_job: solving.SolveJob | None = None
        self.duel_error: BaseException | None = None
        self.duel_news = False
        #: a background solve of the solo odds a view waits for (the apps' solve bar sets
        #: it): the computer seats that ask the engine wait for it (:meth:`waits_for_solo`)
        self.solo_job: solving.SolveJob | None = None
        self.seats: dict[int, str] = {}
        self._choice: tuple[Any, int, Any] | None = None
        self.policies: dict[int, Policy] = {}
        self.game: Any = self.module.Game(rules=rules, players=players, seed=seed)
        if self.objective is not None:  # refused now, not at the first hint
            plays_duel(self.objective, self.engine.OBJECTIVES, two_players=players == 2)
        self.set_seats(check_computer(self.computer, players))

    # ------------------------------------------------------------ the game
    @property
    def state(self) -> Any:
        """The current immutable state."""
        return self.game.state

    def legal(self) -> frozenset[Any]:
        """The legal actions of the current position (the game's own rules; cached)."""
        s = self.state
        if self._legal is None or self._legal[0] is not s:
            self._legal = (s, frozenset(self.module.legal_actions(s)))
        return self._legal[1]

    def legal_moves(self) -> list[Any]:
        """The legal actions in the game's own order."""
        return list(self.module.legal_actions(self.state))

    def has_choice(self, state: Any = None) -> bool:
        """More than one legal action: something to advise and coach."""
        s = self.state if state is None else state
        if s is self.state:
            return len(self.legal()) > 1
        return len(self.module.legal_actions(s)) > 1

    def apply(self, action: Any, dice: Any = None) -> list[dict[str, Any]]:
        """Play ``action`` for the player to move (``dice``: hand-set dice for its roll).
        An illegal action raises :class:`~dicelab.IllegalMove` and changes nothing."""
        return list(self.game.apply(action) if dice is None else self.game.apply(action, dice))

    def set_dice(self, dice: Any) -> list[dict[str, Any]]:
        """Teacher mode: replace the dice of the last roll (``Game.set_dice``)."""
        return list(self.game.set_dice(dice))

    def new_game(self, rules: Any = None, seed: int | None = None, players: int | None = None,
                 seats: Any = None) -> None:
        """Start a new game (by default: the same rules, a new game of the same players),
        with ``seed`` if given (a teacher's seed: the whole class gets the same dice), else a
        new random one (:func:`new_seed`)."""
        players = self.state.players if players is None else players
        seats = check_computer(seats, players) if seats is not None else dict(self.seats)
        game = self.module.Game(rules=self.state.rules if rules is None else rules,
                                players=players, seed=new_seed() if seed is None else seed)
        self.seed_given = seed is not None
        self.game = game
        self.set_seats(seats)
        self.forget_computer()
        self.advice_cache.clear()

    def reset(self) -> None:
        """Restart the game from the start, with the same seed, rules and players."""
        self.game.reset(seed=self.game.seed)
        self.forget_computer()

    def load(self, game: Any) -> None:
        """Go on with a saved ``Game`` of this game; every seat is a human one."""
        self.game = game
        self.seed_given = False
        self.set_seats({})
        self.forget_computer()
        self.advice_cache.clear()
        self._legal = None

    # ------------------------------------------------------------ words
    def action_label(self, action: Any) -> str:
        """A move in words, in the session's language."""
        if self.describe is not None:
            return self.describe(action)
        return coach.describe_action(self.state, action, lang=self.lang)

    # ------------------------------------------------------------ advice
    def advise_function(self) -> Callable[..., Any]:
        """The game's ``advise_state`` (solo, or two-player), looked up at each call."""
        return self.engine.advise_state

    @staticmethod
    def advice_key(state: Any) -> Any:
        try:
            hash(state)
        except TypeError:  # pragma: no cover - states are frozen dataclasses
            return repr(state)
        return state

    def advice_cached(self, state: Any = None) -> bool:
        """Whether the advice of ``state`` (default: now) is at hand."""
        return self.advice_key(self.state if state is None else state) in self.advice_cache

    def advice_waits(self, state: Any = None) -> bool:
        """Whether the advice of ``state`` (default: now) needs a long computation first
        (seconds: the solo game of a large target or a cold engine, see
        :func:`dicelab.analysis.solving.solo_ready`, or a two-player table asked for by the
        objective): a view that waits for it says so first (the terminal).

        >>> PlaySession("cinqmille", seed=1).advice_waits()
        False
        """
        s = self.state if state is None else state
        if self.advice_cached(s):
            return False
        if self.objective == "p_duel" and not self.duel_at_hand():
            return True
        try:
            return not solving.solo_ready(self.game_key, s.rules)
        except Exception:  # noqa: BLE001 - the advice itself will say what is wrong
            return False

    def advice(self, state: Any = None) -> Any:
        """``advise_state`` for ``state`` (default: now), computed once per position."""
        s = self.state if state is None else state
        key = self.advice_key(s)
        if key in self.advice_cache:
            self.advice_cache.move_to_end(key)
            return self.advice_cache[key]
        advise_state = self.advise_function()
        if self.objective is None:
            adv = advise_state(s)
        else:
            adv = advise_state(s, objective=self.objective)
        self.advice_cache[key] = adv
        while len(self.advice_cache) > ADVICE_CACHE:
            self.advice_cache.popitem(last=False)
        return adv

    def hint(self, level: int) -> Any:
        """The coach's hint of ``level`` (1 which dice matter, 2 the best, 3 the table)."""
        return coach.hint(self.state, level, lang=self.lang, advice=self.advice())

    def hint_text(self, level: int) -> str | None:
        """The text of the coach's hint of ``level``, or ``None`` (no hint here)."""
        try:
            return str(self.hint(level).text)
        except Exception:  # noqa: BLE001 - no hint for this position
            return None

    def hint_positions(self) -> tuple[int, ...]:
        """Positions (into ``state.dice``) of the dice the coach's first hint points at."""
        try:
            return tuple(self.hint(1).positions)
        except Exception:  # noqa: BLE001 - no hint for this position
            return ()

    def why_lines(self, action: Any, state: Any = None) -> list[str]:
        """The coach's 1–3 lines on ``action`` against the best (the best: against the
        runner-up); empty when the coach has nothing to say here."""
        s = self.state if state is None else state
        try:
            lines = coach.explain(s, action, lang=self.lang, advice=self.advice(s))
        except Exception:  # noqa: BLE001 - the coach has nothing to say here
            return []
        return [str(x) for x in lines or ()][:3]

    # ------------------------------------------------------------ coach
    def coach_loss(self, action: Any, state: Any = None) -> tuple[str, float] | None:
        """(objective, loss) of ``action`` in ``state`` (default: now), or ``None`` when
        there is no advice for it."""
        s = self.state if state is None else state
        try:
            advice = self.advice(s)
            choice = advice.find(action)
        except Exception:  # noqa: BLE001 - no advice here, or not a choice
            return None
        return advice.objective, choice.loss

    def too_costly(self, objective: str, loss: float) -> bool:
        """Whether ``loss`` in ``objective`` is above the session's thresholds."""
        if objective.startswith("p_"):
            return loss * 100.0 > float(self.threshold_points) + 1e-9
        if objective == "expected_turns":
            return loss > float(self.threshold_turns) + 1e-9
        return False

    def coach_decision(self, action: Any, state: Any = None, *,
                       why: bool = True) -> CoachDecision | None:
        """The coach's verdict on ``action`` in ``state`` (default: now), before it is
        played: its loss against the best, whether that is above the thresholds, and why.
        ``None`` when there is nothing to decide (a forced move, no advice, an action
        that is not one of the choices)."""
        s = self.state if state is None else state
        if not self.has_choice(s):
            return None
        found = self.coach_loss(action, s)
        if found is None:
            return None
        objective, loss = found
        advice = self.advice(s)
        best = advice.best
        try:  # the exact loss, which the warning rounds as the table rounds its values
            shown = shown_loss(objective, best.numbers[objective],
                               advice.find(action).numbers[objective])
        except Exception:  # noqa: BLE001 - keep the coach's own loss
            shown = loss
        costly = self.too_costly(objective, loss)
        here = s is self.state
        label = self.action_label(action) if here else coach.describe_action(
            s, action, lang=self.lang)
        best_label = self.action_label(best.action) if here else coach.describe_action(
            s, best.action, lang=self.lang)
        lines = tuple(self.why_lines(action, s)) if why and costly else ()
        return CoachDecision(action, objective, float(loss), float(shown), costly, label,
                             best.action, best_label, lines, self.lang, self.game_key)

    # ------------------------------------------------------------ undo
    def undo_off_reason(self) -> str:
        """Why Undo is off now, in words (empty when it is on)."""
        lang = self.lang
        if not self.game.actions:
            return _("There is nothing to undo.", lang=lang)
        if self.state.is_over:
            return _("The game is over: start a new game (or Restart) to play again.",
                     lang=lang)
        if self.stepping:
            return _("The computer is playing its turn.", lang=lang)
        if len(self.game.actions) - 1 in self.computer_steps and not self.allow_undo:
            return _("Undo cannot take back the computer's moves (the teacher can allow it "
                     "in the Classroom controls).", lang=lang)
        return ""

    def undo_allowed(self) -> bool:
        return not self.undo_off_reason()

    def undo_note(self) -> str:
        """After an undo that took back dice: they come again (undo cannot fish for dice).

        >>> from dicelab.games._base import Roll
        >>> s = PlaySession("trwavril", seed=1, lang="en")
        >>> s.undo_note()
        ''
        >>> _ = s.apply(Roll(())); _ = s.undo(); s.undo_note()
        'Rolling again throws the same dice (3 4 5 6): only a decision can be taken back.'
        """
        if not self.game.undone:
            return ""
        return _("Rolling again throws the same dice ({dice}): only a decision can be taken "
                 "back.", lang=self.lang, dice=fmt_dice(self.game.undone))

    def undo(self) -> Any:
        """Take back the last move; returns it.  Raises a ``DicelabError`` saying why
        when Undo is off (:meth:`undo_off_reason`)."""
        reason = self.undo_off_reason()
        if reason:
            raise DicelabError("{why}", why=reason)
        self.computer_steps.pop(len(self.game.actions) - 1, None)
        action = self.game.undo()
        self.notes = {k: v for k, v in self.notes.items() if k < len(self.game.log)}
        return action

    # ------------------------------------------------------------ computer seats
    def set_seats(self, seats: dict[int, str]) -> None:
        """Set the computer seats (``{seat: kind}``, checked) and build their policies."""
        self.seats = dict(seats)
        self._choice = None
        self.policies = {
            s: make_policy(k, self.game_key, self.game.seed + 1 + s)
            for s, k in self.seats.items() if k != "human"
        }

    def seat_names(self) -> list[str]:
        """The seats' names in the apps (:func:`~dicelab.ui.text.seat_names`):
        « Vous » and « Ordinateur » against the computer, else « Joueur 1 »…

        >>> PlaySession("trwavril", seed=1, players=2, computer={1: "random"},
        ...             lang="fr").seat_names()
        ['Vous', 'Ordinateur']
        """
        return seat_names(self.state.players, self.policies, self.lang)

    def against_computer(self) -> bool:
        """One human against the computer (two seats, one the computer's)."""
        return against_computer(self.state.players, self.policies)

    def forget_computer(self) -> None:
        self.computer_played = False
        self.computer_steps = {}
        self.notes = {}

    def is_computer(self, player: int | None = None) -> bool:
        p = self.state.current_player if player is None else player
        return p in self.policies

    def waits_for_duel(self, player: int | None = None) -> bool:
        """A seat that plays to win waits while its two-player table is being solved."""
        p = self.state.current_player if player is None else player
        return self.seats.get(p) == "duel_optimal" and self.duel_computing()

    def waits_for_solo(self, player: int | None = None) -> bool:
        """A computer seat that asks the engine (not ``random`` nor ``rule``) waits while
        the solo odds are being computed in the background (:attr:`solo_job`)."""
        p = self.state.current_player if player is None else player
        job = self.solo_job
        return (p in self.policies and self.seats.get(p) not in ("random", "rule")
                and job is not None and job.running)

    def waits_for_solve(self, player: int | None = None) -> bool:
        """A computer seat waits for a background solve: :meth:`waits_for_duel` or
        :meth:`waits_for_solo`.

        >>> PlaySession("seveny", seed=1, computer=0).waits_for_solve()
        False
        """
        return self.waits_for_duel(player) or self.waits_for_solo(player)

    def computer_choice(self, player: int | None = None) -> Any:
        """The move the computer seat ``player`` (default: the player to move) would play
        now: its policy's move."""
        p = self.state.current_player if player is None else player
        if p not in self.policies:
            raise DicelabError("It is not a computer player's turn.")
        state = self.state
        if self._choice is None or self._choice[0] is not state or self._choice[1] != p:
            # asked once per position: a random seat answers the same until it plays
            policy = (make_policy("optimal", self.game_key) if self.duel_off(p)
                      else self.policies[p])
            self._choice = (state, p, policy(state))
        return self._choice[2]

    def computer_move(self, player: int | None = None) -> ComputerMove:
        """Play one move of computer seat ``player`` (default: the player to move), with
        its "why" line kept for the log.  Errors are raised (the game is unchanged)."""
        p = self.state.current_player if player is None else player
        state = self.state
        action = self.computer_choice(p)
        note = self.computer_note(state, action, p)
        mark = len(self.game.log)
        events = self.game.apply(action)
        if note:
            self.notes[mark] = note
        self.computer_steps[len(self.game.actions) - 1] = p
        self.computer_played = True
        return ComputerMove(p, action, tuple(events), note)

    def computer_turn(self) -> list[ComputerMove]:
        """Play the current computer seat's turn to its end; returns its moves."""
        if self.state.is_over or not self.is_computer():
            return []
        p = self.state.current_player
        moves: list[ComputerMove] = []
        while not self.state.is_over and self.state.current_player == p:
            if moves and self.state.phase == "start":
                break
            if len(moves) >= MAX_COMPUTER_ACTIONS:  # pragma: no cover - safety net
                break
            moves.append(self.computer_move(p))
        return moves

    def computer_note(self, state: Any, action: Any, p: int) -> str:
        """One line: what computer seat ``p`` chose in ``state`` and why (empty for a
        forced move)."""
        if len(self.module.legal_actions(state)) < 2:
            return ""
        lang = self.lang
        kind = self.seats.get(p, "optimal")
        label = (self.action_label(action) if state is self.state
                 else coach.describe_action(state, action, lang=lang))
        why = _(KIND_REASONS[kind], lang=lang) if kind in KIND_REASONS else ""
        if self.duel_off(p):
            why = (_("the best for its own chances (solo odds, since the two-player "
                     "computation was cancelled)", lang=lang)
                   if isinstance(self.duel_error, Cancelled) else
                   _("the best for its own chances (solo odds, since the exact two-player "
                     "odds could not be computed)", lang=lang))
        elif kind == "duel_optimal" or not why:
            try:
                advice = self.advice(state)
                value = advice.find(action).numbers[advice.objective]
                why = _("the best choice, {number}", lang=lang, number=(
                    f"{get_game(self.game_key).objective_name(advice.objective, lang)} "
                    f"{format_objective(advice.objective, value, lang)}"))
            except Exception:  # noqa: BLE001 - no advice here: say the kind only
                why = why or _("the best for its chances", lang=lang)
        if self.against_computer() or self.state.players == 1:  # solo: the computer plays
            return _("The computer chose “{label}”: {why}.", lang=lang, label=label, why=why)
        return _("{who} (computer) chose “{label}”: {why}.", lang=lang,
                 who=player_name(p, lang), label=label, why=why)

    def result_text(self) -> str:
        """The end of the game in words (``"Game over — Player 2 wins."``); empty before.

        >>> s = PlaySession("trwavril", seed=1, lang="en")
        >>> s.result_text()
        ''
        """
        s = self.state
        lang = self.lang
        if not s.is_over:
            return ""
        seats = self.seat_names()
        names = [seats[p] for p in s.winners]
        if self.against_computer() and len(names) == 1:
            result = (_("the computer wins", lang=lang) if s.winners[0] in self.policies
                      else _("you win", lang=lang))
        elif not names:
            result = (_("nobody wins", lang=lang) if s.players > 1
                      else _("you lose", lang=lang))
        elif s.players == 1:
            result = ngettext("you win, in {n} turn", "you win, in {n} turns",
                              s.turn_count, lang=lang)
        elif len(names) == 1:
            result = _("{who} wins", lang=lang, who=names[0])
        else:
            result = _("shared win: {names}", lang=lang, names=join_names(names, lang))
        return _("Game over — {result}.", lang=lang, result=result)

    def humans(self) -> list[int]:
        """The seats played by humans (every seat when the computer plays them all)."""
        seats = [p for p in range(self.state.players) if p not in self.policies]
        return seats or list(range(self.state.players))

    # ------------------------------------------------------------ two-player odds
    def wants_duel(self) -> bool:
        """Two players, the engine's objective, and a two-player engine for the game."""
        return (self.state.players == 2 and self.objective is None
                and solving.has_duel(self.game_key))

    def prepare_duel(self) -> solving.SolveJob | None:
        """Two players: get the exact two-player odds ready.  A ready table is warmed in
        the background; otherwise the variant's solve starts in the background (one per
        variant, see :mod:`dicelab.analysis.solving`) and is returned (a view subscribes
        to it; the advice meanwhile is solo advice)."""
        self.drop_duel()
        if not self.wants_duel():
            return None
        rules = self.state.rules
        try:  # a ready table: warmed in the background (a new game answers at once)
            self.warm_job = solving.warm_in_background(self.game_key, rules)
            if self.warm_job is not None:
                return None
        except Exception:  # noqa: BLE001,S110 - warming is only a head start
            pass
        try:
            job = solving.solve_in_background(self.game_key, rules)
        except Exception as e:  # noqa: BLE001 - a student never sees a traceback
            self.duel_error = e
            return None
        self.duel_job = job
        return job

    def collect_duel(self) -> bool:
        """Take in a finished background solve; returns whether one ended."""
        job = self.duel_job
        if job is None or job.running:
            return False
        self.duel_job = None
        if isinstance(job.error, Cancelled):  # not by this session (it drops its job first):
            try:  # a solve shared with another view, stopped there; start it again here
                self.duel_job = solving.solve_in_background(self.game_key, self.state.rules)
            except Exception as e:  # noqa: BLE001 - a student never sees a traceback
                self.duel_error = e
            return True
        if job.error is not None:
            self.duel_error = job.error
        else:
            self.duel_news = True
            self.advice_cache.clear()  # advice given meanwhile was solo advice
            try:  # as at a ready start: no slow first decision
                solving.warm(self.game_key, self.state.rules)
            except Exception:  # noqa: BLE001,S110 - warming is only a head start
                pass
        return True

    def drop_duel(self) -> None:
        """Forget the solve waited for (it goes on: other sessions may use it)."""
        self.duel_job = None
        self.duel_error = None
        self.duel_news = False

    def duel_computing(self) -> bool:
        """Whether the exact two-player odds of this game are being computed."""
        return self.duel_job is not None and self.duel_job.running

    def duel_notes(self) -> list[Any]:
        """What the running two-player solve said (:func:`dicelab.core.progress.note`: a
        missing shipped table, a stale cached one), for a view to show by its bar."""
        job = self.duel_job
        return list(job.task.notes) if job is not None and job.running else []

    def duel_at_hand(self) -> bool:
        """The two-player table is ready (or the game has no two-player engine)."""
        if not solving.has_duel(self.game_key):
            return True
        try:
            return solving.duel_ready(self.game_key, self.state.rules)
        except Exception:  # noqa: BLE001 - no exact two-player odds here
            return False

    def duel_off(self, player: int) -> bool:
        """Seat ``player`` plays to win, but its two-player table was cancelled or failed
        (:attr:`duel_error`) and is not at hand: it plays with the solo odds (it never
        solves the table unseen; a new game starts the solve again)."""
        return (self.seats.get(player) == "duel_optimal" and self.duel_error is not None
                and not self.duel_at_hand())

    def wait_for_duel(self, timeout: float | None = None) -> bool:
        """Wait for the background solve and take it in; returns whether the exact
        two-player odds are at hand."""
        if self.duel_job is not None:
            self.duel_job.join(timeout)
        if self.warm_job is not None:
            self.warm_job.join(timeout)
        self.collect_duel()
        return self.duel_at_hand() and self.duel_error is None

    def duel_status(self) -> str:
        """What a view says about the two-player odds: ``""`` (nothing to say: one player,
        or ready from the start), ``"computing"``, ``"failed"`` or ``"ready"`` (just
        solved)."""
        if self.state.players != 2:
            return ""
        if self.duel_computing():
            return "computing"
        if self.duel_error is not None:
            return "failed"
        return "ready" if self.duel_news else ""

    # ------------------------------------------------------------ review
    def review(self, lang: str | None = None, players: Any = None) -> Any:
        """The game review (:func:`dicelab.analysis.review.review`) of ``players``
        (default: the human seats)."""
        if players is None:
            players = [p for p in range(self.state.players) if p not in self.policies]
        return review_module.review(self.game, lang or self.lang, players=players)


__all__ = ["KIND_REASONS", "CoachDecision", "ComputerMove", "PlaySession"]
