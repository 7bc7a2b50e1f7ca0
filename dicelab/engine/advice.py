"""Advice: every distinct choice in a position, with exact numbers, best first.

Every game's ``advise()`` returns an :class:`Advice`; the widgets' overlay,
the policies and the lessons read this one shape.  :func:`plays_duel` is the one rule by which
every game's ``advise_state`` chooses solo or two-player advice.

>>> from dicelab.games._base import Roll, Stop
>>> a = Advice(
...     objective="p_win",
...     higher_is_better=True,
...     choices=rank(
...         [Choice((5, 5), Roll((5, 5)), "keep 5 5, roll 3", {"p_win": 0.25}),
...          Choice((1, 5, 5, 5, 6), Stop(), "stop", {"p_win": 0.5})],
...         "p_win", True),
... )
>>> a.best.label, a.choices[1].loss
('stop', 0.25)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from dicelab.core.errors import DicelabError, IllegalMove, brief
from dicelab.core.i18n import N_
from dicelab.games._checks import check_objective, check_state

Dice = tuple[int, ...]

#: The objective of two-player advice: the mover's exact chance to win the two-player game.
DUEL_OBJECTIVE = "p_duel"


class NotAChoice(DicelabError, KeyError):
    """:meth:`Advice.find` of an action that is not one of the choices (also a ``KeyError``,
    as ``find`` always raised)."""

    __str__ = DicelabError.__str__


@dataclass(frozen=True)
class Choice:
    """One distinct choice in a position.

    ``keep``: the kept / set-aside dice (sorted tuple), or the final dice for a
    resolution choice. ``action``: the action that makes this choice in the
    game. ``numbers``: exact numbers by name (``p_turn``, ``p_win``,
    ``p_bust``, ``expected_points``, ``expected_turns`` …). ``loss``: how much
    this choice gives up against the best, in the advice's objective (>= 0).
    """

    keep: Dice
    action: Any
    label: str
    numbers: dict[str, float] = field(default_factory=dict)
    loss: float = 0.0

    def __getitem__(self, name: str) -> float:
        return self.numbers[name]


@dataclass(frozen=True)
class Advice:
    """Every distinct choice of a position, sorted best first by ``objective``.

    ``kind``: ``"duel"`` when the choices are ranked by the exact two-player win
    probability (``objective="p_duel"``), ``"solo"`` when the numbers are solo numbers —
    with ``players`` > 1 an overlay must label them "solo odds".
    """

    objective: str
    higher_is_better: bool
    choices: tuple[Choice, ...]
    kind: str = "solo"
    players: int = 1

    @property
    def label(self) -> str:
        """``"duel odds"``, ``"solo odds"`` (several players, solo numbers) or ``"odds"``."""
        if self.kind == "duel":
            return "duel odds"
        return "solo odds" if self.players > 1 else "odds"

    @property
    def best(self) -> Choice:
        """The best choice; a :class:`~dicelab.DicelabError` if there is none.

        >>> Advice("p_win", True, ()).best
        Traceback (most recent call last):
        ...
        dicelab.core.errors.DicelabError: there is no choice to make in this position
        """
        if not self.choices:
            raise DicelabError("there is no choice to make in this position")
        return self.choices[0]

    def __iter__(self) -> Iterator[Choice]:
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)

    def __getitem__(self, i: int) -> Choice:
        return self.choices[i]

    def find(self, action: Any) -> Choice:
        """The choice made by ``action``; else :class:`NotAChoice` (a
        :class:`~dicelab.DicelabError` and a ``KeyError``).

        >>> Advice("p_win", True, ()).find("stop")
        Traceback (most recent call last):
        ...
        dicelab.engine.advice.NotAChoice: 'stop' is not a choice here: there is no choice to make
        """
        for c in self.choices:
            if c.action == action:
                return c
        if not self.choices:
            raise NotAChoice(N_("{action} is not a choice here: there is no choice to make"),
                             action=brief(action))
        raise NotAChoice(N_("{action} is not one of the {n} choices here"),
                         action=brief(action), n=len(self.choices))


def rank(choices: Iterable[Choice], objective: str, higher_is_better: bool) -> tuple[Choice, ...]:
    """Sort choices best first by ``numbers[objective]`` and fill in each ``loss``.

    Ties keep a stable order: fewer kept dice first, then the dice themselves.
    """
    cs = list(choices)
    sign = -1.0 if higher_is_better else 1.0
    cs.sort(key=lambda c: (sign * c.numbers[objective], len(c.keep), c.keep, c.label))
    if not cs:
        return ()
    best = cs[0].numbers[objective]
    return tuple(replace(c, loss=abs(best - c.numbers[objective])) for c in cs)


def deciding(state: Any, phases: Iterable[str]) -> bool:
    """Whether the player to move in ``state`` has a choice to make: no dice to roll, the
    game not over, and a deciding phase of the game (one of ``phases``); advice is empty
    otherwise.

    >>> from dicelab.games import trwavril
    >>> deciding(trwavril.new_state(trwavril.Rules(), 1), ("choose", "resolve"))
    False
    """
    return not (state.is_over or state.to_roll) and state.phase in tuple(phases)


def plays_duel(objective: str | None, objectives: Iterable[str], *, two_players: bool,
               ready: Callable[[], bool] | None = None) -> bool:
    """Whether a game's ``advise_state`` gives two-player advice (ranked by ``p_duel``,
    ``kind="duel"``) rather than solo advice: always with ``objective="p_duel"``, never with
    a solo objective, and by default (``objective=None``) when the two-player table is at
    hand.

    ``objectives``: the game's solo objectives; ``two_players``: two players, both still
    playing; ``ready``: whether the two-player table is at hand (asked only for the default;
    ``None``: always at hand).  An unknown objective, or ``"p_duel"`` without two players,
    is a :class:`~dicelab.IllegalMove`.

    >>> plays_duel(None, ("p_win", "p_turn"), two_players=True, ready=lambda: False)
    False
    >>> plays_duel("p_duel", ("p_win", "p_turn"), two_players=True, ready=lambda: False)
    True
    >>> plays_duel(None, ("p_win", "p_turn"), two_players=False)
    False
    >>> plays_duel("p_duel", ("p_win", "p_turn"), two_players=False)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: objective 'p_duel' needs a two-player game
    >>> plays_duel("p_lose", ("p_win", "p_turn"), two_players=True)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: objective must be one of p_win, p_turn, p_duel; got 'p_lose'
    """
    if objective is not None:
        check_objective(objective, (*objectives, DUEL_OBJECTIVE), error=IllegalMove)
    if objective == DUEL_OBJECTIVE and not two_players:
        raise IllegalMove("objective 'p_duel' needs a two-player game")
    if not two_players or objective not in (None, DUEL_OBJECTIVE):
        return False
    return objective == DUEL_OBJECTIVE or ready is None or ready()


def advise_state_with(state: Any, objective: str | None, *, state_type: type, game: str,
                      objectives: Iterable[str], advise_solo: Callable[[Any, str | None], Advice],
                      advise_duel: Callable[[Any], Advice],
                      ready: Callable[[Any], bool] | None = None,
                      two_players: Callable[[Any], bool] | None = None) -> Advice:
    """The body of every engine's ``advise_state``: check that ``state`` is a state of
    ``game`` (``state_type``), then two-player advice (``advise_duel``) or solo advice
    (``advise_solo(state, objective)``), as :func:`plays_duel` decides.

    ``ready(rules)``: whether the two-player table is at hand (``None``: always);
    ``two_players(state)``: two players, both still playing (``None``: two players).

    >>> from dicelab.games import trwavril
    >>> advise_state_with(None, None, state_type=trwavril.State, game="Trwavril",
    ...                   objectives=("p_win",), advise_solo=None, advise_duel=None)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: Trwavril advice needs a Trwavril game state ...
    """
    check_state(state_type, state, game)
    two = state.players == 2 if two_players is None else two_players(state)
    if plays_duel(objective, objectives, two_players=two,
                  ready=(lambda: ready(state.rules)) if ready is not None else None):
        return advise_duel(state)
    return advise_solo(state, objective)


def clearing(*clears: Callable[[], Any]) -> Callable[[], None]:
    """An engine package's ``clear_caches`` (the engine contract's): one call that forgets
    every solved table of the game, by calling each of ``clears`` in turn (its solo and
    two-player modules' ``clear_caches``, its own caches' ``cache_clear``…).

    >>> calls = []
    >>> clear = clearing(lambda: calls.append("solo"), lambda: calls.append("duel"))
    >>> clear(), calls
    (None, ['solo', 'duel'])
    """
    def clear_caches() -> None:
        """Forget every solved table of the game, solo and two-player (benchmarks: cold
        runs)."""
        for clear in clears:
            clear()

    return clear_caches


def race_starts(turn_start_value: Callable[[int, Any], float],
                duel_win_probability: Callable[..., float]
                ) -> tuple[Callable[[Any], float], Callable[[Any], float]]:
    """The engine contract's ``solo_start`` and ``duel_start`` of a race to a target
    (5000, Seveny: a state with ``scores``), from its engine's ``turn_start_value(score,
    rules)`` (the expected turns left) and ``duel_win_probability(rules, scores=,
    to_play=)``."""
    def solo_start(state: Any) -> float:
        """The expected turns left from the start of a turn of seat 0 of ``state`` (the
        engine contract's ``solo_start``)."""
        return float(turn_start_value(state.scores[0], state.rules))

    def duel_start(state: Any) -> float:
        """The exact chance that the player to move wins, from the start of a turn of
        ``state`` (the engine contract's ``duel_start``)."""
        return float(duel_win_probability(state.rules, scores=tuple(state.scores),
                                          to_play=state.current_player))

    return solo_start, duel_start



def reroll_turn(seat: Callable[[Any], dict[str, Any]], solo_module: Any, duel_module: Any
                ) -> tuple[Callable[..., dict[Any, float]], Callable[..., Advice]]:
    """A reroll game's ``turn_outcomes`` and ``resolution_advice`` (the engine contract's
    :class:`~dicelab.engine.protocol.RerollEngine`), read from a state: ``seat(state)``
    gives the keywords of the player to move's board and level (``tokens``, ``level``;
    ``barred``, ``parapluies``) for the solo module's ``keep_outcomes(keep, *,
    rolls_left, rules, **board)`` and ``advise_resolution(dice, *, rules, **board)``; with
    ``duel=True`` the duel module's ``keep_outcomes(state, keep)`` and
    ``resolution_advice(state, dice)``.

    >>> from dicelab.engine import trwavril as engine
    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(trwavril.Rules(), 1)
    >>> s = trwavril.roll_outcome(trwavril.step(s, trwavril.Roll(()))[0], (3, 3, 3, 5))[0]
    >>> round(sum(engine.turn_outcomes(s, (3, 3, 3)).values()), 12)
    1.0
    >>> len(engine.resolution_advice(s, (3, 3, 3, 3))) > 0
    True
    """
    def turn_outcomes(state: Any, keep: Any, duel: bool = False) -> dict[Any, float]:
        """The final dice of the turn of the player to move after ``keep``: the rest of
        the turn played for the solo objective, or with ``duel`` to win against the
        opponent."""
        if duel:
            return duel_module.keep_outcomes(state, keep)
        return solo_module.keep_outcomes(keep, rolls_left=state.rolls_left, rules=state.rules,
                                         **seat(state))

    def resolution_advice(state: Any, dice: Any, duel: bool = False) -> Advice:
        """What final ``dice`` allow the player to move, ranked by ``p_win`` (``duel``:
        ``p_duel``, the two-player engine's own choice)."""
        if duel:
            return duel_module.resolution_advice(state, dice)
        return solo_module.advise_resolution(dice, rules=state.rules, **seat(state))

    return turn_outcomes, resolution_advice
