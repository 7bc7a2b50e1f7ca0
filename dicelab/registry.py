"""The registry of games: each game described once, and the one place that lists them.

An entry (:class:`GameEntry`) ties a game's rules module (``dicelab.games.<key>``) to its
engine package (``dicelab.engine.<key>``, the entry point for its odds) and says what the
game supports and how the rest of the package should treat it: its kind of turn, its
objectives, its rule of thumb, its difficulty setting, its headline numbers.  Everything
above the engines asks the registry; no module outside a game's own files, this registry
and the catalogs names a game.

>>> from dicelab import registry
>>> registry.GAMES[0].name, registry.get("seveny") in registry.GAMES
('Dripeul 5', True)
>>> registry.get("5000").key, registry.get("SEVENY").Rules().target
('cinqmille', 50)
>>> registry.get("trwavril").Game(seed=1).state.phase
'start'
>>> registry.get("dripeul").engine.__name__
'dicelab.engine.dripeul'
>>> registry.get("cinqmille").kind, registry.get("trwavril").kind
('pushluck', 'reroll')
>>> registry.get("cinqmille"), registry.GAME_NAMES["cinqmille"]
(<game cinqmille: 5000>, '5000')

Importing this module loads the rules modules (light: no numpy); each game's engine loads
on first use of :attr:`GameEntry.engine` (static imports, one small function per game).

To add a game: its rules module, its rules card (``dicelab.games.cards.<key>``), its engine
package, one :class:`GameEntry` in :data:`GAMES` below, the catalogs and its notebooks
(the exact list: docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, cast

from dicelab.core import objectives
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _
from dicelab.core.objectives import Metric
from dicelab.games import cinqmille, dripeul, seveny, trwavril
from dicelab.games.cards import cinqmille as cinqmille_card
from dicelab.games.cards import dripeul as dripeul_card
from dicelab.games.cards import seveny as seveny_card
from dicelab.games.cards import trwavril as trwavril_card

if TYPE_CHECKING:  # the engine contract, for the annotations only (the engines load late)
    from dicelab.engine.protocol import (
        ChainEngine,
        DuelEngine,
        Engine,
        PlanEngine,
        RerollEngine,
    )

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "REGISTRY",
    "GameEntry",
    "Metric",
    "UnknownGame",
    "entry_of",
    "get",
    "keys",
    "objective_meaning",
    "objective_name",
    "objective_phrase",
    "play_notebook",
    "state_scores",
]



@dataclass(frozen=True, eq=False, repr=False)
class GameEntry:
    """One game: its rules module, its engine package and what the callers branch on.

    The key, display name and player counts are the rules module's own
    (``DEFINITION``): written once, read here.  Entries compare and hash by identity
    (one per game).

    Three names, three things: :attr:`rules` is the game's rules *module*
    (``dicelab.games.<key>``: ``legal_actions``, ``step``…), :attr:`Rules` the *class* of
    its variants (``entry.rules.Rules``), and a game state's ``state.rules`` one *instance*
    of it, the variant being played.

    >>> e = get("seveny")
    >>> e.rules.__name__, e.Rules is e.rules.Rules, e.Game(seed=1).state.rules == e.Rules()
    ('dicelab.games.seveny', True, True)
    """

    #: The game's rules module, ``dicelab.games.<key>``.
    rules: ModuleType
    #: Loads the game's engine package ``dicelab.engine.<key>`` (a static import).
    load_engine: Callable[[], ModuleType] = field(repr=False)
    #: ``"reroll"``: turns of up to three rolls where any dice may be kept, ending in a
    #: resolution (Resolve); ``"pushluck"``: set aside scoring dice, roll on or bank.
    kind: str
    #: What the player's board is: ``"tokens"`` on squares, ``"cards"`` to bar, or
    #: ``"scores"`` (a points table): the coach explains a reroll turn by it.
    board: str
    #: The engine's solo objective (``advise_state`` with no objective, one player).
    solo_objective: str
    #: The objective of a player who plays for this turn alone (the "greedy" player).
    turn_objective: str
    #: Whether the game has an exact two-player engine: its engine package keeps
    #: :class:`~dicelab.engine.protocol.DuelEngine` (``False``: :attr:`duel_engine` is ``None``).
    two_player: bool = True
    #: A variant that the engines solve within seconds, solo and two-player, as ``Rules``
    #: keywords (the tests' quick exact checks; ``tests/test_game_contract.py`` solves its
    #: two-player game as a variant solved on demand would be); empty: the default rules
    #: (their table ships, or every test run solves it once).
    small_rules: Mapping[str, Any] = field(default_factory=dict)
    #: Whether the game is played in manches (the two-player engine values one manche).
    manches: bool = False
    #: Whether a two-player game can end in a draw (Dripeul: the second seat ties by
    #: clearing too); the review then knows no exact spread of a game's luck by outcome.
    duel_draws: bool = False
    #: The rule of thumb's banking threshold (pushluck games): bank once the turn holds
    #: this many points; ``None``: the rule keeps the most common face.
    rule_bank_at: int | None = None
    #: The rule of thumb in words (msgid).
    rule_name: str = ""
    #: The ``Rules`` field that sets the difficulty (``None``: no difficulty setting).
    difficulty: str | None = None
    #: Names of the difficulty's values (msgids), e.g. Dripeul's triangles.
    difficulty_names: Mapping[int, str] = field(default_factory=dict)
    #: The game's own words for objectives (msgids by objective key,
    #: :mod:`dicelab.core.objectives`): the phrases (coach, review, guide tables) ...
    objective_phrases: Mapping[str, str] = field(default_factory=dict)
    #: ... the apps' short labels ...
    objective_names: Mapping[str, str] = field(default_factory=dict)
    #: ... and the meanings (tooltips), where an objective means something else here.
    objective_meanings: Mapping[str, str] = field(default_factory=dict)
    #: The headline numbers of the variant explorer, primary first.
    metrics: tuple[Metric, ...] = ()
    #: The names the rules pages' templates may use from the game (``trwavril.Rules``,
    #: ``trwavril.win_probability``: the rules module's, else the engine's) and from its
    #: solo engine (``trwavril_engine.p_turn_start``): :mod:`dicelab.tools.docgen`.
    template_names: tuple[str, ...] = ()
    template_engine_names: tuple[str, ...] = ()
    #: ``describe_board(state, player, lang)``: the player's board in words (the review's
    #: position column), e.g. ``"cards barred: 2 4, parapluies: 3"``.
    describe_board: Callable[[Any, int, str | None], str] | None = field(default=None,
                                                                         repr=False)
    #: ``describe_resolve(state, choice, lang)``: a resolution (``Resolve(choice)``: which
    #: token, which card) in words, for the coach; reroll games.
    describe_resolve: Callable[[Any, Any, str | None], str] | None = field(default=None,
                                                                           repr=False)
    #: The coach's first hint when the choice is a resolution (msgid).
    resolve_hint: str = ""
    #: What :func:`dicelab.analysis.simulate.simulate_fast` plays: ``"plan"`` (solo game
    #: tabulated from the engine, policies optimal and greedy: :attr:`plan_engine`),
    #: ``"chain"`` (solo optimal as a Markov chain over scores), ``"rule_chain"`` (the
    #: bank-at rule too: the solo engine's ``bank_at_outcome_matrix`` where it has one,
    #: else each turn drawn from its ``turn_points_distribution``).
    fast_simulation: frozenset[str] = frozenset()
    # ---------------------------------------------- the game's own words and pictures
    #: The game's rules card as data, ``dicelab.games.cards.<key>``
    #: (:mod:`dicelab.games.cards`; drawn by :mod:`dicelab.ui.rules_cards`).
    card: ModuleType | None = field(default=None, repr=False)
    #: The name of the game's app class (:mod:`dicelab.ui.widgets.apps`), e.g.
    #: ``"DripeulApp"``.
    app_name: str = ""
    #: What the player does after a roll (msgid), where the app says it in the game's
    #: words (a pushluck game: which dice may be set aside).
    choose_text: str = ""
    #: The title of the board (msgid with ``{m}``, ``{n}``, ``{level}`` for a game in
    #: manches), else the game's name.
    board_title: str = ""
    #: The ``Rules`` field that sets how many dice the game rolls (a variant, e.g. 5000's
    #: ``dice``); ``None``: the rules module's ``DICE`` (:meth:`dice_count`).
    dice_field: str | None = None
    #: ``target(rules)``: the score that ends the game (pushluck games' score board), or
    #: ``None``.
    target: Callable[[Any], int] | None = field(default=None, repr=False)
    #: ``set_aside(state)``: the dice set aside in this turn so far (pushluck games: the
    #: dice row shows them next to the roll).
    set_aside: Callable[[Any], tuple[int, ...]] | None = field(default=None, repr=False)
    #: ``memorised(state)``: the points the turn has memorised (a turn in cycles, Seveny),
    #: shown on the score board; ``None``: the game memorises nothing.
    memorised: Callable[[Any], int] | None = field(default=None, repr=False)
    #: ``opening_needed(state, player)``: the points ``player`` must make in one turn
    #: before banking (an opening score not reached yet), else ``None`` (the coach's
    #: "you have not opened yet", the score board's "not opened yet"); ``None``: the game
    #: has no opening.
    opening_needed: Callable[[Any, int], int | None] | None = field(default=None, repr=False)
    #: ``scores(state)``: the players' scores (the terminal's "Scores:" line), or ``None``
    #: for a game without scores (:func:`state_scores` for a state's own ``scores``).
    scores: Callable[[Any], tuple[int, ...]] | None = field(default=None, repr=False)
    #: ``locked(state)``: the dice of this turn that may not be rolled again (a variant
    #: where kept dice stay: the app locks their toggles); ``None``: never any.
    locked: Callable[[Any], tuple[int, ...]] | None = field(default=None, repr=False)
    #: ``final_round(state)``: whether this is the game's final round (someone reached the
    #: target; nobody plays after it: the coach's last-turn reason); ``None``: no such round.
    final_round: Callable[[Any], bool] | None = field(default=None, repr=False)
    #: ``restart_turn(state, board)``: ``state`` at the start of a fresh turn of the player
    #: to move, whose board (the squares or barred cards a resolution leaves) is ``board``
    #: (reroll games: the coach's two-player look at the next turn); ``None``: not a
    #: reroll game.
    restart_turn: Callable[[Any, tuple[int, ...]], Any] | None = field(default=None,
                                                                      repr=False)
    #: The game's own sentences for events (:func:`dicelab.ui.text.event_sentence`):
    #: sentence key -> (msgid for "you", msgid for a named player ``{who}``): an event only
    #: this game has, or a shared sentence said otherwise in this game (it wins over the
    #: shared one, for this game only).  A win's sentence key is ``"win_<reason>"``.
    sentences: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: Why a turn fails in this game, in words: the ``why`` of a game event -> msgid
    #: (:func:`dicelab.ui.text.event_sentence`).
    reasons: Mapping[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        """``<game cinqmille: 5000>``."""
        return f"<game {self.key}: {self.name}>"

    @property
    def key(self) -> str:
        """The module key, e.g. ``"cinqmille"``."""
        return self.rules.DEFINITION.key

    @property
    def name(self) -> str:
        """The display name, e.g. ``"5000"``."""
        return self.rules.DEFINITION.name

    @property
    def engine(self) -> Engine:
        """The engine package ``dicelab.engine.<key>`` (loaded on first use), which keeps
        the engine contract :class:`~dicelab.engine.protocol.Engine`."""
        return cast("Engine", self.load_engine())

    @property
    def duel_engine(self) -> DuelEngine | None:
        """The engine as a two-player engine (:class:`~dicelab.engine.protocol.DuelEngine`),
        or ``None`` for a game without one (``two_player=False``).

        >>> get("seveny").duel_engine.duel_ready.__name__
        'duel_ready'
        """
        return cast("DuelEngine", self.load_engine()) if self.two_player else None

    @property
    def chain_engine(self) -> ChainEngine | None:
        """The engine as a chain over scores (:class:`~dicelab.engine.protocol.ChainEngine`,
        ``"chain"`` in :attr:`fast_simulation`), else ``None``."""
        return cast("ChainEngine", self.load_engine()) if "chain" in self.fast_simulation else None

    @property
    def plan_engine(self) -> PlanEngine | None:
        """The engine as a tabulated solo game (:class:`~dicelab.engine.protocol.PlanEngine`,
        ``"plan"`` in :attr:`fast_simulation`: ``simulate_fast``), else ``None``."""
        return cast("PlanEngine", self.load_engine()) if "plan" in self.fast_simulation else None

    @property
    def reroll_engine(self) -> RerollEngine | None:
        """The engine as a reroll game's turn (:class:`~dicelab.engine.protocol.RerollEngine`,
        ``kind="reroll"``: the coach's explanations), else ``None``."""
        return cast("RerollEngine", self.load_engine()) if self.kind == "reroll" else None

    @property
    def Rules(self) -> type:  # noqa: N802 - the game's class
        """The class of the game's variants (``entry.rules.Rules``); ``state.rules`` is one."""
        return self.rules.Rules

    @property
    def State(self) -> type:  # noqa: N802 - the game's class
        return self.rules.State

    @property
    def Game(self) -> type:  # noqa: N802 - the game's class
        return self.rules.Game

    @property
    def min_players(self) -> int:
        return self.rules.DEFINITION.min_players

    @property
    def max_players(self) -> int:
        return self.rules.DEFINITION.max_players

    @property
    def player_counts(self) -> range:
        """Every number of players the game takes.

        >>> list(get("trwavril").player_counts)
        [1, 2, 3, 4, 5, 6]
        """
        return range(self.min_players, self.max_players + 1)

    def solo_start(self, state: Any) -> float:
        """The engine's solo value at the start of a turn of seat 0 of ``state``
        (P(win) of the manche or game, or the expected turns left): its ``solo_start``."""
        return float(self.engine.solo_start(state))

    def duel_start(self, state: Any) -> float:
        """The exact two-player chance that the player to move wins, at the start of a
        turn (with manches: this manche): the two-player engine's ``duel_start``; a
        :class:`DicelabError` for a game without one."""
        engine = self.duel_engine
        if engine is None:
            raise DicelabError("{game} has no exact two-player odds", game=self.name)
        return float(engine.duel_start(state))

    def dice_count(self, rules: Any = None) -> int:
        """How many dice the game rolls with ``rules`` (default: the default rules).

        >>> [get(k).dice_count() for k in ("dripeul", "trwavril", "5000", "seveny")]
        [5, 4, 5, 7]
        >>> get("5000").dice_count(get("5000").Rules(dice=6))
        6
        """
        if self.dice_field is not None:
            return int(getattr(rules if rules is not None else self.Rules(), self.dice_field))
        return int(self.rules.DICE)

    def engine_function(self, name: str) -> Callable[..., Any]:
        """The function ``name`` of the game's engine package, named by this entry's data
        (a metric's :attr:`Metric.solver`, a rules page's :attr:`template_engine_names`).

        >>> get("trwavril").engine_function("win_probability").__name__
        'win_probability'
        """
        return cast("Callable[..., Any]", getattr(self.engine, name))

    def template_function(self, name: str) -> Any:
        """A name of :attr:`template_names`: the rules module's, else the engine's.

        >>> get("seveny").template_function("MAX_TARGET") > 0
        True
        """
        return getattr(self.rules, name) if hasattr(self.rules, name) else getattr(
            self.engine, name)

    def objective_name(self, key: str, lang: str | None = None) -> str:
        """The apps' short label of the objective ``key`` in this game.

        >>> get("dripeul").objective_name("p_duel", "en")
        'chance to beat your opponent in this manche'
        """
        return objectives.objective_name(key, lang, self.objective_names)

    def objective_phrase(self, key: str, lang: str | None = None) -> str:
        """The longer name of the objective ``key`` in this game (sentences, tables).

        >>> get("dripeul").objective_phrase("p_win", "en")
        'chance to clear the manche'
        """
        return objectives.objective_phrase(key, lang, self.objective_phrases)

    def objective_meaning(self, key: str, lang: str | None = None) -> str:
        """The symbol and meaning of the objective ``key`` in this game (a tooltip)."""
        return objectives.objective_meaning(key, lang, self.objective_meanings)

    def difficulty_name(self, level: int, *, lang: str | None = None) -> str:
        """The name of a difficulty value, translated (``"X"`` where it has none).

        >>> get("dripeul").difficulty_name(2, lang="en")
        'medium'
        """
        msgid = self.difficulty_names.get(level)
        return _(msgid, lang=lang) if msgid else "X"


# ------------------------------------------------------------------ the engines, loaded late
def _dripeul_engine() -> ModuleType:
    from dicelab.engine import dripeul as engine

    return engine


def _trwavril_engine() -> ModuleType:
    from dicelab.engine import trwavril as engine

    return engine


def _cinqmille_engine() -> ModuleType:
    from dicelab.engine import cinqmille as engine

    return engine


def _seveny_engine() -> ModuleType:
    from dicelab.engine import seveny as engine

    return engine


# ------------------------------------------------------------------ facts of a state
def state_scores(state: Any) -> tuple[int, ...]:
    """A state's own ``scores`` (the :attr:`GameEntry.scores` of a game that keeps them).

    >>> state_scores(get("5000").Game(players=2, seed=1).state)
    (0, 0)
    """
    return tuple(state.scores)


_KEEP_COMMON = N_("keep the most common face")

#: Every game, in the order the notebooks use.
GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        rules=dripeul,
        load_engine=_dripeul_engine,
        card=dripeul_card,
        app_name="DripeulApp",
        sentences=MappingProxyType(dripeul_card.SENTENCES),
        reasons=MappingProxyType(dripeul_card.REASONS),
        board_title=N_("Dripeul 5 — manche {m} of {n} · level {level}"),
        board="tokens",
        scores=state_scores,
        locked=lambda state: tuple(state.locked),
        restart_turn=dripeul.restart_turn,
        describe_board=dripeul_card.describe_board,
        describe_resolve=dripeul_card.describe_resolve,
        resolve_hint=N_("Compare the squares each token leaves for the next turns."),
        kind="reroll",
        solo_objective="p_win",
        turn_objective="p_turn",
        manches=True,
        duel_draws=True,
        rule_name=_KEEP_COMMON,
        difficulty="level",
        difficulty_names=MappingProxyType(dripeul_card.LEVEL_NAMES),
        objective_phrases=MappingProxyType(dripeul_card.OBJECTIVE_PHRASES),
        objective_names=MappingProxyType(dripeul_card.OBJECTIVE_NAMES),
        objective_meanings=MappingProxyType(dripeul_card.OBJECTIVE_MEANINGS),
        metrics=dripeul_card.METRICS,
        fast_simulation=frozenset({"plan"}),
        template_names=("Rules",),
        template_engine_names=("duel_win_probability", "game_win_probability", "p_turn_exact",
                               "start_value", "win_probability"),
    ),
    GameEntry(
        rules=trwavril,
        load_engine=_trwavril_engine,
        card=trwavril_card,
        app_name="TrwavrilApp",
        sentences=MappingProxyType(trwavril_card.SENTENCES),
        reasons=MappingProxyType(trwavril_card.REASONS),
        board="cards",
        scores=state_scores,
        restart_turn=trwavril.restart_turn,
        describe_board=trwavril_card.describe_board,
        describe_resolve=trwavril_card.describe_resolve,
        resolve_hint=N_("Compare the cards each flip leaves barred."),
        kind="reroll",
        solo_objective="p_win",
        turn_objective="p_turn",
        rule_name=_KEEP_COMMON,
        difficulty="parapluies",
        difficulty_names=MappingProxyType(trwavril_card.LEVEL_NAMES),
        metrics=trwavril_card.METRICS,
        fast_simulation=frozenset({"plan"}),
        template_names=("Rules",),
        template_engine_names=("duel_win_probability", "p_turn_start", "win_probability"),
    ),
    GameEntry(
        rules=cinqmille,
        load_engine=_cinqmille_engine,
        card=cinqmille_card,
        app_name="CinqMilleApp",
        reasons=MappingProxyType(cinqmille_card.REASONS),
        choose_text=N_("set aside scoring dice, then roll or bank"),
        dice_field="dice",
        target=lambda rules: cinqmille.TARGET,
        set_aside=lambda state: tuple(state.aside),
        opening_needed=cinqmille.opening_needed,
        scores=state_scores,
        sentences=MappingProxyType(cinqmille_card.SENTENCES),
        board="scores",
        describe_board=cinqmille_card.describe_board,
        kind="pushluck",
        solo_objective="expected_turns",
        turn_objective="expected_points",
        rule_bank_at=300,
        rule_name=N_("bank at 300 points"),
        metrics=cinqmille_card.METRICS,
        fast_simulation=frozenset({"chain", "rule_chain"}),
        template_names=("Rules",),
        template_engine_names=("duel_win_probability", "expected_turn_points", "expected_turns",
                               "p_bust"),
    ),
    GameEntry(
        rules=seveny,
        load_engine=_seveny_engine,
        card=seveny_card,
        app_name="SevenyApp",
        sentences=MappingProxyType(seveny_card.SENTENCES),
        reasons=MappingProxyType(seveny_card.REASONS),
        choose_text=N_("set aside at least one die, then roll or bank"),
        target=lambda rules: rules.target,
        set_aside=lambda state: tuple(state.hand),
        memorised=lambda state: state.memorised,
        scores=state_scores,
        final_round=lambda state: state.final_round,
        board="scores",
        describe_board=seveny_card.describe_board,
        kind="pushluck",
        solo_objective="expected_turns",
        turn_objective="expected_points",
        # a threshold of 300 would almost never bank in Seveny
        rule_bank_at=5,
        rule_name=N_("bank at 5 points"),
        difficulty="target",
        small_rules=MappingProxyType({"target": 10}),
        metrics=seveny_card.METRICS,
        fast_simulation=frozenset({"chain", "rule_chain"}),
        template_names=("Rules", "MAX_TARGET"),
        template_engine_names=("MAX_SOLVED_TARGET", "duel_win_probability", "expected_turn_points",
                               "expected_turns", "optimal_points_distribution", "p_bust",
                               "QUICK_SOLO_TARGET"),
    ),
)

#: Module key -> entry, in the order of :data:`GAMES`.
REGISTRY: dict[str, GameEntry] = {g.key: g for g in GAMES}

#: Module key -> display name of every game, in the order the notebooks use.
GAME_NAMES: dict[str, str] = {g.key: g.name for g in GAMES}


class UnknownGame(DicelabError, KeyError):
    """A game name that is not registered (also a ``KeyError``)."""

    __str__ = DicelabError.__str__


def get(name: Any) -> GameEntry:
    """A game's entry by module key or display name (case-insensitive); an entry is
    returned as it is.

    >>> get("yahtzee")
    Traceback (most recent call last):
    ...
    dicelab.registry.UnknownGame: no game 'yahtzee'; games: Dripeul 5, Trwavril, 5000, Seveny...
    """
    if isinstance(name, GameEntry):
        return name
    if isinstance(name, str):
        low = name.lower()
        for entry in GAMES:
            if low in (entry.key, entry.name.lower()):
                return entry
    raise UnknownGame(N_("no game {game}; games: {games}"), game=brief(name),
                      games=", ".join(g.name for g in GAMES))


def entry_of(obj: Any) -> GameEntry:
    """The entry of the game that ``obj`` belongs to: a game state, a ``Rules``, a
    ``Game``, a rules module or a class of one (:class:`DicelabError` otherwise).

    >>> entry_of(get("seveny").Rules()).key
    'seveny'
    >>> entry_of(None)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: not a game or its Rules: None
    """
    if isinstance(obj, ModuleType):
        module = obj.__name__
    else:
        cls = obj if isinstance(obj, type) else type(obj)
        module = cls.__module__
    for entry in GAMES:
        if entry.rules.__name__ == module:
            return entry
    raise DicelabError("not a game or its Rules: {game}", game=brief(obj))


def keys() -> Iterator[str]:
    """The module keys, in order.

    >>> list(keys())[:2]
    ['dripeul', 'trwavril']
    """
    return iter(REGISTRY)


def play_notebook(game: Any) -> str:
    """The name of ``game``'s play notebook, the same in both trees
    (``notebooks/{en,fr}/<name>.md`` and its paired ``.ipynb``): its place in
    :data:`GAMES`, two digits, and its key.

    >>> [play_notebook(g) for g in ("dripeul", "Seveny")]
    ['01_dripeul', '04_seveny']
    """
    entry = get(game)
    return f"{GAMES.index(entry) + 1:02d}_{entry.key}"


def objective_name(key: str, lang: str | None = None, game: str | None = None) -> str:
    """The apps' short label of the objective ``key``, in ``game``'s own words where it
    has them (``game``: a module key, or ``None`` for the common words).

    >>> objective_name("p_duel", "en"), objective_name("p_duel", "en", "dripeul")
    ('chance to win (2 players)', 'chance to beat your opponent in this manche')
    """
    entry = REGISTRY.get(game or "")
    return entry.objective_name(key, lang) if entry else objectives.objective_name(key, lang)


def objective_phrase(key: str, lang: str | None = None, game: str | None = None) -> str:
    """The longer name of the objective ``key`` (sentences, tables), in ``game``'s words.

    >>> objective_phrase("p_win", "fr"), objective_phrase("p_win", "en", "dripeul")
    ('probabilité de gagner la partie', 'chance to clear the manche')
    """
    entry = REGISTRY.get(game or "")
    return (entry.objective_phrase(key, lang) if entry
            else objectives.objective_phrase(key, lang))


def objective_meaning(key: str, lang: str | None = None, game: str | None = None) -> str:
    """The symbol and meaning of the objective ``key`` (a tooltip), in ``game``'s words."""
    entry = REGISTRY.get(game or "")
    return (entry.objective_meaning(key, lang) if entry
            else objectives.objective_meaning(key, lang))
