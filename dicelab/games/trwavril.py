"""Trwavril: bar your six numbered cards with four dice before the parapluies run out.

The rule text is ``seeds/001_f8eb6015f7da4297.txt``; the rulings T1–T6, each next to
the French sentence it interprets, are in
``docs/rules.md#trwavril-4d6-solo-multiplayer-variant``.  Everything the game, the exact
engine (:mod:`dicelab.engine.trwavril`) and the widgets know about the rules is
defined here, once:

* :func:`flippable` — the cards that final dice allow to flip (empty: a miss);
* :func:`resolutions` — the distinct outcomes of final dice on a board;
* :func:`new_state`, :func:`legal_actions`, :func:`step`, :func:`roll_outcome`
  — the whole game as pure functions over an immutable :class:`State`;
* :class:`Game` — the seeded runner (hand-set dice, undo, JSON save/load).

>>> flippable((2, 2, 2, 2))          # carré of 2: card 2, or a neighbour
(1, 2, 3)
>>> flippable((6, 6, 6, 6))          # 1 and 6 are not neighbours
(5, 6)
>>> flippable((4, 1, 4, 4)), flippable((3, 1, 2, 4)), flippable((1, 2, 2, 5))
((4,), (1, 2, 3, 4), ())
>>> g = Game(seed=3)
>>> _ = g.apply(Roll(()), dice=[5, 5, 2, 5])
>>> g.state.dice, g.state.rolls_left, g.state.phase
((5, 5, 2, 5), 2, 'choose')
>>> [e["type"] for e in g.apply(Stop())]
['stop', 'final', 'flip']
>>> g.state.barred, g.state.scores, g.state.phase
(((5,),), (1,), 'start')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from dicelab.core.dice import (
    Dice,
    counts,
    is_sub_multiset,
    sort_dice,
    sub_multisets,
    validate_dice,
)
from dicelab.core.errors import DicelabError, IllegalMove, InvalidRules, brief
from dicelab.core.figures import contains_run, faces_with_at_least, of_a_kind
from dicelab.core.i18n import N_, _
from dicelab.games import _base
from dicelab.games._base import (
    Action,
    Event,
    GameDef,
    Resolve,
    Roll,
    Stop,
    check_choice,
)
from dicelab.games._checks import check_rules, plain_int, take

__all__ = [
    "CARDS",
    "DICE",
    "DIFFICULTIES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROLLS",
    "DEFINITION",
    "Game",
    "Resolution",
    "Rules",
    "State",
    "figure",
    "flippable",
    "legal_actions",
    "new_state",
    "resolutions",
    "restart_turn",
    "roll_outcome",
    "step",
    "validate_barred",
]

MIN_PLAYERS = 1
MAX_PLAYERS = 6
DICE = 4  #: dice rolled ("4D6")
ROLLS = 3  #: rolls per turn at most (T2)
CARDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: Difficulty name of each number of parapluies (T1).
DIFFICULTIES: dict[int, str] = {4: "facile", 3: "moyen", 2: "difficile", 1: "héroïque"}
#: How long a run must be to count as a suite, per ``Rules.straight`` (T4).
SUITE_LENGTH: dict[str, int] = {"four": 4, "as_written": 5}


@dataclass(frozen=True)
class Rules:
    """Trwavril rules; the defaults are the rulings.

    ``parapluies``: 4 facile, 3 moyen, 2 difficile, 1 héroïque (T1).
    ``straight``: ``"four"`` — the 4-dice runs 1234, 2345, 3456 are suites (T4);
    ``"as_written"`` — only the text's 5-dice suites count, so with 4 dice a run is a miss.

    >>> Rules().difficulty, Rules(parapluies=1).difficulty
    ('facile', 'héroïque')
    >>> Rules(parapluies=5)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.InvalidRules: parapluies must be one of 4, 3, 2, 1; got 5
    """

    parapluies: int = 4
    straight: str = "four"

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "parapluies": (4, 3, 2, 1),
        "straight": ("four", "as_written"),
    }
    #: English msgids (translated where shown: :func:`dicelab.ui.labels.rules_label`).
    LABELS: ClassVar[dict[str, str]] = {
        "parapluies": N_("Parapluies (4 easy, 3 medium, 2 hard, 1 heroic)"),
        "straight": N_("Suite: 4-dice runs, or only the text's 5-dice suites"),
    }
    #: Labels of particular values (msgids: the difficulty levels are translated, « facile »
    #: is “easy” in English).
    VALUE_LABELS: ClassVar[dict[str, dict[Any, str]]] = {
        "parapluies": {4: N_("4 — easy"), 3: N_("3 — medium"), 2: N_("2 — hard"),
                       1: N_("1 — heroic")},
        "straight": {
            "four": N_("4-dice runs (1234, 2345, 3456)"),
            "as_written": N_("only the text's 5-dice suites"),
        },
    }

    def __post_init__(self) -> None:
        _base.plain_fields(self)  # numpy integers as int
        for name, allowed in self.CHOICES.items():
            check_choice(name, getattr(self, name), allowed)

    @property
    def difficulty(self) -> str:
        """The French difficulty name of this number of parapluies."""
        return DIFFICULTIES[self.parapluies]


# ------------------------------------------------------------------ rule functions


def _final_dice(dice: Iterable[int]) -> Dice:
    return sort_dice(validate_dice(dice, DICE, what="dice"))


def _rules(rules: Any) -> Rules:
    return check_rules(Rules, rules, "Trwavril")


def validate_barred(barred: Any) -> tuple[int, ...]:
    """Check a set of barred cards and return it sorted.

    >>> validate_barred({3, 1})
    (1, 3)
    >>> validate_barred([1, 1])
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: barred cards must be distinct cards 1 to 6; got [1, 1]
    """
    items = take(barred, 6)  # six cards: read no more than seven
    if isinstance(barred, (str, bytes)) or not isinstance(barred, Iterable) or items is None:
        raise DicelabError(
            "barred cards must be a collection of cards 1 to 6; got {barred}", barred=brief(barred)
        )
    cards = list(items)
    ok = all(isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 6 for c in cards)
    if not ok or len(set(cards)) != len(cards):
        raise DicelabError(
            "barred cards must be distinct cards 1 to 6; got {barred}", barred=brief(barred)
        )
    return tuple(sorted(cards))


def _suite_faces(dice: Dice, rules: Rules) -> tuple[int, ...]:
    length = SUITE_LENGTH[rules.straight]
    if not contains_run(dice, length):
        return ()
    present = [c > 0 for c in counts(dice)]
    faces: set[int] = set()
    for s in range(0, 7 - length):
        if all(present[s : s + length]):
            faces.update(range(s + 1, s + 1 + length))
    return tuple(sorted(faces))


def figure(dice: Iterable[int], rules: Rules | None = None) -> str:
    """The figure of 4 final dice: ``"carré"``, ``"brelan"``, ``"suite"`` or ``"rien"`` (T3, T4).

    >>> figure((3, 3, 3, 3)), figure((1, 3, 3, 3)), figure((2, 3, 4, 5)), figure((1, 1, 2, 2))
    ('carré', 'brelan', 'suite', 'rien')
    >>> figure((2, 3, 4, 5), Rules(straight="as_written"))
    'rien'
    """
    rules = _rules(rules)
    d = _final_dice(dice)
    k = of_a_kind(d)
    if k >= 4:
        return "carré"
    if k == 3:
        return "brelan"
    if _suite_faces(d, rules):
        return "suite"
    return "rien"


def flippable(dice: Iterable[int], rules: Rules | None = None) -> tuple[int, ...]:
    """The cards that 4 final dice allow to flip, whatever the board; ``()`` is a miss (T3, T4).

    * brelan of v → card v;
    * carré of v → card v, v − 1 or v + 1 (1 and 6 are not neighbours);
    * suite → any card of the suite (``"four"``: 1234, 2345, 3456;
      ``"as_written"``: only 12345 / 23456, which 4 dice cannot show);
    * anything else → nothing: a parapluie is turned for good.

    >>> flippable((2, 2, 2, 2)), flippable((1, 1, 1, 1)), flippable((6, 6, 6, 6))
    ((1, 2, 3), (1, 2), (5, 6))
    >>> flippable((6, 6, 1, 6)), flippable((5, 3, 4, 6))
    ((6,), (3, 4, 5, 6))
    >>> flippable((1, 2, 3, 4), Rules(straight="as_written"))
    ()
    """
    rules = _rules(rules)
    d = _final_dice(dice)
    k = of_a_kind(d)
    if k >= 4:
        v = d[0]
        return tuple(c for c in (v - 1, v, v + 1) if 1 <= c <= 6)
    if k == 3:
        return faces_with_at_least(d, 3)
    return _suite_faces(d, rules)


@dataclass(frozen=True)
class Resolution:
    """One distinct outcome of final dice on a board.

    ``card`` is the card flipped (``None``: a miss, a parapluie is turned);
    ``barred`` the barred cards afterwards; ``bars`` whether the flip bars the
    card (``False``: it un-bars a barred card, the toggle of T3).
    """

    figure: str
    card: int | None
    barred: tuple[int, ...]
    bars: bool = False

    @property
    def is_miss(self) -> bool:
        return self.card is None

    def describe(self, lang: str | None = None) -> str:
        """A short description (``parapluie`` stays French).

        >>> Resolution("carré", 2, (2,), True).describe(lang="fr")
        'retourner la carte 2 (la barrer)'
        """
        if self.card is None:
            return _("miss: a parapluie is turned", lang=lang)
        if self.bars:
            return _("flip card {card} (bar it)", lang=lang, card=self.card)
        return _("flip card {card} (un-bar it)", lang=lang, card=self.card)


def resolutions(
    dice: Iterable[int], barred: Iterable[int] = (), rules: Rules | None = None
) -> tuple[Resolution, ...]:
    """The distinct outcomes of 4 final dice given the barred cards (T3).

    Flipping is mandatory and toggles: a barred card flips back.

    >>> [r.card for r in resolutions((2, 2, 2, 2), barred=())]
    [1, 2, 3]
    >>> [r.card for r in resolutions((6, 6, 6, 6), barred=())]
    [5, 6]
    >>> r, = resolutions((1, 5, 5, 5), barred=(2, 5))   # a brelan can hurt
    >>> r.card, r.bars, r.barred
    (5, False, (2,))
    >>> resolutions((1, 2, 4, 6), barred=(3,))
    (Resolution(figure='rien', card=None, barred=(3,), bars=False),)
    """
    rules = _rules(rules)
    d = _final_dice(dice)
    b = set(validate_barred(barred))
    fig = figure(d, rules)
    cards = flippable(d, rules)
    if not cards:
        return (Resolution(fig, None, tuple(sorted(b))),)
    return tuple(Resolution(fig, c, tuple(sorted(b ^ {c})), c not in b) for c in cards)


# ------------------------------------------------------------------ state and play


@dataclass(frozen=True)
class State:
    """A Trwavril position (immutable).

    Per player ``p``: ``barred[p]`` (sorted barred cards), ``parapluies[p]``
    (parapluies still face up), ``out[p]`` (lost their last parapluie).
    ``rolls_left``: rolls still allowed this turn (3 before the first roll,
    0 once the dice are final).  ``kept``: the dice kept for the roll being
    made.  ``options``: the cards the player may flip (phase ``"resolve"``).
    ``phase``: ``"start"`` (must roll), ``"roll"`` (waiting for dice),
    ``"choose"`` (keep/re-roll or stop), ``"resolve"`` (choose a card), ``"over"``.
    """

    rules: Rules
    players: int
    current_player: int
    to_roll: int
    is_over: bool
    winners: tuple[int, ...]
    turn_count: int
    dice: Dice
    phase: str
    barred: tuple[tuple[int, ...], ...]
    parapluies: tuple[int, ...]
    out: tuple[bool, ...]
    rolls_left: int
    kept: Dice = ()
    options: tuple[int, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Number of barred cards of each player."""
        return tuple(len(b) for b in self.barred)

    @property
    def in_play(self) -> tuple[int, ...]:
        """Players still in the game."""
        return tuple(p for p in range(self.players) if not self.out[p])


def new_state(rules: Rules | None = None, players: int = 1) -> State:
    """The position before the first roll: every card normal, every parapluie up.

    >>> s = new_state(Rules(parapluies=2), 3)
    >>> s.parapluies, s.barred, s.phase, s.rolls_left
    ((2, 2, 2), ((), (), ()), 'start', 3)
    """
    rules = _rules(rules)
    players = plain_int(players)  # numpy integers too
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidRules(
            "{game} is played by {lo} to {hi} players; got {players}",
            game="Trwavril", lo=MIN_PLAYERS, hi=MAX_PLAYERS, players=brief(players),
        )
    return State(
        rules=rules,
        players=players,
        current_player=0,
        to_roll=0,
        is_over=False,
        winners=(),
        turn_count=0,
        dice=(),
        phase="start",
        barred=((),) * players,
        parapluies=(rules.parapluies,) * players,
        out=(False,) * players,
        rolls_left=ROLLS,
    )


def restart_turn(state: State, barred: tuple[int, ...]) -> State:
    """``state`` with the player to move's barred cards set to ``barred`` and a whole
    turn of rolls ahead: the start of that player's next turn from the board a flip
    leaves (what the coach looks ahead from, with two players).

    >>> s = restart_turn(new_state(Rules(), 2), (2, 5))
    >>> s.barred, s.rolls_left
    (((2, 5), ()), 3)
    """
    boards = list(state.barred)
    boards[state.current_player] = tuple(barred)
    return dataclasses.replace(state, barred=tuple(boards), rolls_left=ROLLS)


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move.

    >>> s = new_state()
    >>> legal_actions(s)
    [Roll(keep=())]
    >>> s, _ = roll_outcome(step(s, Roll(()))[0], (6, 6, 1, 6))
    >>> len(legal_actions(s))   # 7 proper keeps of 1 6 6 6, and Stop
    8
    """
    if state.is_over or state.to_roll:
        return []
    if state.phase == "start":
        return [Roll(())]
    if state.phase == "resolve":
        return [Resolve(c) for c in state.options]
    acts: list[Action] = [Roll(k) for k in sub_multisets(state.dice) if len(k) < DICE]
    return acts + [Stop()]


def _show(dice: Iterable[int]) -> str:
    d = list(dice)
    return " ".join(map(str, d)) if d else "no dice"


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after the player's ``action``, and the events it caused.

    Raises :class:`~dicelab.IllegalMove` (and changes nothing) if it is illegal.

    >>> s, ev = step(new_state(), Roll(()))
    >>> s.to_roll, s.rolls_left, ev
    (4, 2, [{'type': 'turn', 'player': 0, 'turn': 1}])
    >>> step(new_state(), Stop())
    Traceback (most recent call last):
    ...
    dicelab.core.errors.IllegalMove: roll the dice first: a turn starts with a roll of all 4 dice
    """
    p = state.current_player
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.to_roll:
        raise IllegalMove("the dice are rolling: {n} dice must land first", n=state.to_roll)
    if not isinstance(action, (Roll, Stop, Resolve, _base.Bank)):
        raise IllegalMove("not an action: {action}", action=brief(action))
    if state.phase == "start":
        if not isinstance(action, Roll):
            raise IllegalMove("roll the dice first: a turn starts with a roll of all 4 dice")
        if action.keep:
            raise IllegalMove(
                "there are no dice to keep yet (asked to keep {keep}): "
                "the first roll uses all 4 dice",
                keep=_show(action.keep),
            )
        new = dataclasses.replace(
            state, to_roll=DICE, phase="roll", rolls_left=ROLLS - 1, kept=(),
            turn_count=state.turn_count + 1, dice=(),
        )
        return new, [{"type": "turn", "player": p, "turn": new.turn_count}]
    if state.phase == "resolve":
        if not isinstance(action, Resolve):
            raise IllegalMove(
                "choose which card to flip first: one of the cards {cards}",
                cards=_list(state.options),
            )
        if action.choice not in state.options:
            raise IllegalMove(
                "with {dice} you may flip one of the cards {cards}, not {choice}",
                dice=_show(state.dice), cards=_list(state.options), choice=brief(action.choice),
            )
        return _flip(state, action.choice, auto=False)
    # phase "choose"
    if isinstance(action, Stop):
        events: list[Event] = [{"type": "stop", "player": p, "dice": list(state.dice)}]
        new, more = _finish_turn(state)
        return new, events + more
    if isinstance(action, Resolve):
        raise IllegalMove("the dice are not final yet: roll again or stop before choosing a card")
    if not isinstance(action, Roll):
        raise IllegalMove("Trwavril has no banking: keep some dice and roll, or stop")
    if not is_sub_multiset(action.keep, state.dice):
        raise IllegalMove(
            "you cannot keep {keep}: the dice show {dice}",
            keep=_show(action.keep), dice=_show(state.dice),
        )
    if len(action.keep) == DICE:
        raise IllegalMove("keeping all 4 dice rolls nothing: to keep them all, stop")
    if state.rolls_left <= 0:  # pragma: no cover - final dice are resolved at once
        raise IllegalMove("no roll left this turn: the dice are final")
    new = dataclasses.replace(
        state, to_roll=DICE - len(action.keep), phase="roll", kept=action.keep,
        rolls_left=state.rolls_left - 1,
    )
    return new, []


def _list(cards: Iterable[int]) -> str:
    return ", ".join(str(x) for x in cards)


def roll_outcome(state: State, dice: Iterable[int]) -> tuple[State, list[Event]]:
    """The chance step: ``dice`` land for the ``state.to_roll`` dice being rolled.

    Kept dice stay where they were on the table; the rolled dice take the
    other places.  After the third roll the dice are final and resolved.

    >>> s, _ = step(new_state(), Roll(()))
    >>> s, ev = roll_outcome(s, (4, 4, 1, 4))
    >>> s.phase, ev[0]["dice"]
    ('choose', [4, 4, 1, 4])
    >>> s, ev = roll_outcome(step(s, Roll((4, 4, 4)))[0], (2,))
    >>> s.dice, s.rolls_left
    ((4, 4, 2, 4), 1)
    """
    if state.is_over or not state.to_roll:
        raise IllegalMove("no dice are being rolled")
    rolled = validate_dice(dice, state.to_roll)
    p = state.current_player
    if state.dice:
        # kept dice stay in place (first matching positions), rolled dice fill the rest
        left = list(state.kept)
        pos = []
        for i, v in enumerate(state.dice):
            if v in left:
                left.remove(v)
            else:
                pos.append(i)
        table = list(state.dice)
        for i, v in zip(pos, rolled):
            table[i] = v
        new_dice = tuple(table)
    else:
        new_dice = rolled
    new = dataclasses.replace(state, to_roll=0, dice=new_dice, phase="choose")
    events: list[Event] = [
        {
            "type": "roll",
            "player": p,
            "kept": list(state.kept),
            "rolled": list(rolled),
            "dice": list(new_dice),
            "rolls_left": new.rolls_left,
        }
    ]
    if new.rolls_left == 0:
        new, more = _finish_turn(new)
        events += more
    return new, events


def _finish_turn(state: State) -> tuple[State, list[Event]]:
    """Resolve the final dice: a miss, an automatic flip, or a card to choose."""
    p = state.current_player
    res = resolutions(state.dice, state.barred[p], state.rules)
    fig = res[0].figure
    cards = tuple(r.card for r in res if r.card is not None)
    events: list[Event] = [
        {"type": "final", "player": p, "dice": list(state.dice), "figure": fig,
         "options": list(cards)}
    ]
    state = dataclasses.replace(state, rolls_left=0, kept=())
    if not cards:
        left = state.parapluies[p] - 1
        para = _set(state.parapluies, p, left)
        events.append({"type": "miss", "player": p, "parapluies_left": left,
                       "dice": list(state.dice), "why": "nothing",
                       "suite": SUITE_LENGTH[state.rules.straight]})
        state = dataclasses.replace(state, parapluies=para)
        if left == 0:
            return _eliminate(state, events)
        return _next_turn(state, events)
    if len(cards) == 1:
        new, more = _flip(state, cards[0], auto=True)
        return new, events + more
    return dataclasses.replace(state, phase="resolve", options=cards), events


def _flip(state: State, card: int, *, auto: bool) -> tuple[State, list[Event]]:
    p = state.current_player
    before = set(state.barred[p])
    after = tuple(sorted(before ^ {card}))
    events: list[Event] = [
        {"type": "flip", "player": p, "card": card, "barred": card not in before, "auto": auto}
    ]
    state = dataclasses.replace(state, barred=_set(state.barred, p, after), options=())
    if len(after) == len(CARDS):
        events.append({"type": "win", "player": p})
        return _over(state, (p,), events)
    return _next_turn(state, events)


def _eliminate(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The player to move turned their last parapluie (T5, T6)."""
    p = state.current_player
    state = dataclasses.replace(state, out=_set(state.out, p, True))
    if state.players == 1:
        events.append({"type": "lose", "player": p})
        return _over(state, (), events)
    events.append({"type": "out", "player": p})
    still = state.in_play
    if len(still) == 1:
        events.append({"type": "win", "player": still[0]})
        return _over(state, still, events)
    # Players go out one at a time, in turn order, so with two or more players
    # someone is always left in; should nobody be, nobody wins.
    if not still:  # pragma: no cover - impossible in turn order
        return _over(state, (), events)
    return _next_turn(state, events)


def _next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    p = state.current_player
    nxt = next(
        q for q in ((p + i) % state.players for i in range(1, state.players + 1))
        if not state.out[q]
    )
    new = dataclasses.replace(
        state, current_player=nxt, phase="start", rolls_left=ROLLS, dice=(), kept=(),
        options=(),
    )
    return new, events


def _over(state: State, winners: tuple[int, ...], events: list[Event]) -> tuple[State, list[Event]]:
    events.append({"type": "game_over", "player": state.current_player, "winners": list(winners)})
    new = dataclasses.replace(
        state, is_over=True, winners=winners, phase="over", rolls_left=0, kept=(), options=(),
        to_roll=0,
    )
    return new, events


def _set(values: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return values[:i] + (v,) + values[i + 1 :]


#: The game's definition: its key, name and this module's rules (``GameDef.of``).
DEFINITION = GameDef.of(globals(), "trwavril", "Trwavril")


class Game(_base.Game):
    """A whole game of Trwavril (solo, or the multiplayer variant T6).

    >>> g = Game(rules=Rules(parapluies=1), seed=7)
    >>> _ = g.apply(Roll(()), dice=[1, 2, 4, 6])
    >>> _ = g.apply(Stop())
    >>> g.is_over, g.winners, g.log[-1]["type"]
    (True, (), 'game_over')
    """

    definition = DEFINITION
