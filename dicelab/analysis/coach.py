"""The coach: a human's choice against the best, why the best is better, and a hint ladder.

Everything here is read from the exact engines (each game's ``advise_state`` and a few
small engine functions); nothing is a canned sentence.  Three entry points, for the app
and the game review (:mod:`dicelab.review`):

* :func:`assess` — the player's choice against the best: values, loss, a 1–3 line *why*,
  and :meth:`Assessment.is_costly` against :data:`DEFAULT_THRESHOLDS` (1 percentage point
  of win probability, or 0.05 expected turns);
* :func:`explain` — the *why* of one choice, aspect by aspect, with the numbers:
  reroll games (Dripeul 5, Trwavril): how often the turn succeeds, what a success is
  worth afterwards (which square or card, the chance then), the rolls left;
  push-your-luck games (5000, Seveny): the points at stake, the chance to bust, the
  expected gain against the expected loss, and the objective;
* :func:`hint` — level 1: which dice matter; 2: the best choice; 3: the full table.

Every text goes through :mod:`dicelab.i18n` (``lang=None``: the current language).

>>> from dicelab.games import trwavril
>>> from dicelab.games._base import Roll, Stop
>>> s = trwavril.new_state(trwavril.Rules(), 1)
>>> s, _ = trwavril.roll_outcome(trwavril.step(s, Roll(()))[0], (5, 5, 2, 5))
>>> a = assess(s, Stop(), lang="en")
>>> a.unit, a.best_action, round(a.loss, 4), a.is_costly()
('p_win', Roll(keep=(5, 5, 5)), 0.0035, False)
>>> hint(s, 1, lang="en").dice
(5, 5, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import (
    _,
    dice_count,
    fmt_number,
    fmt_percent,
    get_language,
    ngettext,
    ngettext_amount,
    plural_n,
)
from dicelab.core.objectives import TABLE_ORDER, format_objective, is_probability, objective_symbol
from dicelab.engine.advice import Advice, Choice
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.registry import GAMES, REGISTRY, entry_of, objective_phrase

if TYPE_CHECKING:  # the engine contract, for the annotations only
    from dicelab.engine.protocol import RerollEngine

__all__ = [
    "DEFAULT_THRESHOLDS",
    "Assessment",
    "Hint",
    "Reason",
    "assess",
    "describe_action",
    "difficulty_name",
    "explain",
    "format_loss",
    "format_value",
    "hint",
    "plural_n",
    "reasons",
]

#: A choice is costly when it loses more than this against the best, per objective.
DEFAULT_THRESHOLDS: dict[str, float] = {
    "p_win": 0.01,  # 1 percentage point of win probability
    "p_duel": 0.01,  # 1 percentage point of two-player win probability
    "p_turn": 0.01,
    "expected_turns": 0.05,
    "expected_points": 10.0,
}

#: The games of each kind of turn (the registry's ``kind``).
REROLL_GAMES = tuple(g.key for g in GAMES if g.kind == "reroll")
PUSH_GAMES = tuple(g.key for g in GAMES if g.kind == "pushluck")

# ----------------------------------------------------------------------- names
#: An objective's value as text (:func:`dicelab.core.objectives.format_objective`): a
#: percentage for probabilities, 2 decimals for turns, 1 for points.
#:
#: >>> format_value("p_win", 0.3121, lang="fr"), format_value("expected_turns", 14.4339, lang="en")
#: ('31,2\xa0%', '14.43')
format_value = format_objective


def _points(x: float, lang: str | None) -> str:
    """A decimal number of points, one decimal: ``"1,3 point"`` (French singular below 2).

    >>> _points(1.3, "fr"), _points(1.3, "en"), _points(2.0, "fr")
    ('1,3 point', '1.3 points', '2,0 points')
    """
    return ngettext_amount("{x} point", "{x} points", x, 1, lang)


def format_loss(unit: str, loss: float, *, lang: str | None = None,
                digits: int | None = None) -> str:
    """A loss in its unit: percentage points for probabilities, turns, points.

    ``loss`` is the exact (unrounded) difference; by default it is rounded the way the
    values beside it are (:func:`format_value`: one decimal of a percentage, two of turns,
    one of points), so the numbers on screen agree with each other.  ``digits``: another
    number of decimals (a mean loss over a game, which has no values beside it).

    >>> format_loss("p_win", 0.0129, lang="en"), format_loss("expected_turns", 0.08, lang="fr")
    ('1.3 percentage points', '0,08 tour')

    "Falls from 50.1% to 45.7%": the exact values 50.14% and 45.64% lose 4.5 points, not
    the 4.40 of the two rounded values' difference.

    >>> format_loss("p_win", 0.5014 - 0.4564, lang="en")
    '4.5 percentage points'
    >>> format_loss("p_win", 0.000108, lang="en", digits=3)
    '0.011 percentage points'
    """
    if is_probability(unit):
        return ngettext_amount("{x} percentage point", "{x} percentage points", 100 * loss,
                               1 if digits is None else digits, lang)
    if unit == "expected_turns":
        return ngettext_amount("{x} turn", "{x} turns", loss, 2 if digits is None else digits,
                               lang)
    if unit == "expected_points":
        if digits is None:
            return _points(loss, lang)
        return ngettext_amount("{x} point", "{x} points", loss, digits, lang)
    return fmt_number(loss, 4 if digits is None else digits, lang=lang)


def _dice(dice: Iterable[int]) -> str:
    return " ".join(map(str, dice))


# ----------------------------------------------------------------------- state access
def game_module(state: Any) -> ModuleType:
    """The game module of ``state`` (``dicelab.games.<key>``)."""
    try:
        return entry_of(state).rules
    except DicelabError:
        raise DicelabError("not a game position: {value}", value=brief(state)) from None


def game_key(state: Any) -> str:
    return game_module(state).DEFINITION.key


def _advice(state: Any, objective: str | None = None) -> Advice:
    return entry_of(game_module(state)).engine.advise_state(state, objective=objective)


def _find(advice: Advice, action: Any) -> Choice:
    try:
        return advice.find(action)
    except KeyError:
        raise DicelabError("{action} is not one of the choices here",
                           action=brief(action)) from None


def describe_action(state: Any, action: Any, *, lang: str | None = None) -> str:
    """A choice in words, in the language (``"keep 3 3 3, roll 1 die"``, ``"remove token 2"``).

    ``state`` is the position where ``action`` is chosen.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 1)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], (1, 5, 2, 3, 3))
    >>> describe_action(s, Roll((1,)), lang="fr"), describe_action(s, Bank((1, 5)), lang="en")
    ('mettre de côté 1, relancer 4 dés', 'set aside 1 5 and bank')
    >>> describe_action(s, Bank(()), lang="fr")  # a bank that sets no die aside
    'encaisser'
    """
    key = game_key(state)
    if isinstance(action, Stop):
        return _("stop", lang=lang)
    if isinstance(action, Resolve):
        return REGISTRY[key].describe_resolve(state, action.choice, lang)
    if isinstance(action, Roll):
        n = len(state.dice) - len(action.keep) if state.phase != "start" else None
        if key in PUSH_GAMES:
            if state.phase == "start" or state.to_roll:
                return _("roll the dice", lang=lang)
            after = _after(state, action)
            if after is None:  # not a legal choice here: say it without the count
                return _("set aside {kept} and roll", lang=lang, kept=_dice(action.keep))
            left = after.to_roll
            if not left:  # the set-aside ends the turn (5000 reached, or over it)
                return _("set aside {kept}", lang=lang, kept=_dice(action.keep))
            if not action.keep:
                return _("roll {dice}", lang=lang, dice=dice_count(left, lang=lang))
            return _("set aside {kept}, roll {dice}", lang=lang, kept=_dice(action.keep),
                     dice=dice_count(left, lang=lang))
        if state.phase == "start" or n is None:
            return _("roll the dice", lang=lang)
        if not action.keep:
            return _("roll all {dice}", lang=lang, dice=dice_count(n, lang=lang))
        return _("keep {kept}, roll {dice}", lang=lang, kept=_dice(action.keep),
                 dice=dice_count(n, lang=lang))
    if isinstance(action, Bank):
        if not action.keep:  # a game whose bank sets nothing aside (Pig: bank the turn)
            return _("bank", lang=lang)
        return _("set aside {kept} and bank", lang=lang, kept=_dice(action.keep))
    raise DicelabError("not an action: {value}", value=brief(action))


def _q(label: str, lang: str | None) -> str:
    return _("“{label}”", lang=lang, label=label)


# ----------------------------------------------------------------------- assess
@dataclass(frozen=True)
class Assessment:
    """The player's ``action`` against the engine's best in the same position.

    ``value`` / ``best_value``: the objective's value (``unit``) of each; ``loss`` (>= 0)
    how much the choice gives up, in ``unit``; ``higher_is_better`` tells the direction;
    ``label`` / ``best_label`` the choices in words; ``why`` 1–3 translated lines;
    ``choice`` / ``best`` the engine's :class:`~dicelab.engine.advice.Choice` objects;
    ``lang`` the language of the texts; :attr:`headline` one sentence for a coach prompt.
    """

    action: Any
    best_action: Any
    value: float
    best_value: float
    loss: float
    unit: str
    higher_is_better: bool
    label: str
    best_label: str
    why: list[str] = field(default_factory=list)
    choice: Choice | None = None
    best: Choice | None = None
    lang: str = "en"

    @property
    def is_best(self) -> bool:
        """The choice is (one of) the best: it loses nothing."""
        return self.loss <= 1e-12

    def is_costly(self, threshold: float | Mapping[str, float] | None = None) -> bool:
        """Whether the loss is above ``threshold`` (a number in ``unit``, or a mapping
        unit -> number; default :data:`DEFAULT_THRESHOLDS`)."""
        if threshold is None or isinstance(threshold, Mapping):
            table = DEFAULT_THRESHOLDS if threshold is None else {**DEFAULT_THRESHOLDS,
                                                                   **threshold}
            t = table.get(self.unit, 0.0)
        else:
            t = float(threshold)
        return self.loss > t + 1e-12

    @property
    def headline(self) -> str:
        """One sentence for a coach prompt, in the assessment's language.

        >>> from dicelab.games import seveny
        >>> s = seveny.new_state(seveny.Rules(target=5))
        >>> s, _ = seveny.roll_outcome(seveny.step(s, Roll(()))[0], (1, 1, 1, 1, 1, 2, 3))
        >>> assess(s, Roll((1,)), lang="fr", why=False).headline.replace("\xa0", " ")
        'Un meilleur choix existe : mettre de côté 1 1 1 1 1 et encaisser (0,60 tour de mieux).'
        """
        if self.is_best:
            return _("This is the best choice.", lang=self.lang)
        return _("A better choice is available: {best} ({loss} better).", lang=self.lang,
                 best=self.best_label, loss=format_loss(self.unit, self.loss, lang=self.lang))


def assess(state: Any, action: Any, *, lang: str | None = None,
           advice: Advice | None = None, why: bool = True) -> Assessment:
    """The player's ``action`` in ``state`` against the best choice.

    ``advice``: the engine's advice for ``state`` if the caller has it (e.g. the app's
    overlay, with its own objective); by default ``advise_state(state)``, whose objective
    is the game's (``p_win``, ``expected_turns``; ``p_duel`` with two players once the
    duel engines are in).  ``why=False`` skips the explanation (faster).  Raises
    :class:`~dicelab.DicelabError` when there is no choice to make here or ``action``
    is not one of them.

    >>> from dicelab.games import seveny
    >>> s = seveny.new_state(seveny.Rules(target=5))
    >>> s, _ = seveny.roll_outcome(seveny.step(s, Roll(()))[0], (1, 1, 1, 1, 1, 2, 3))
    >>> a = assess(s, Roll((1,)), lang="en")
    >>> a.best_label, a.unit, a.is_costly()
    ('set aside 1 1 1 1 1 and bank', 'expected_turns', True)
    """
    advice = _advice(state) if advice is None else advice
    if not len(advice):
        raise DicelabError("there is no choice to make in this position")
    choice = _find(advice, action)
    best = advice.best
    unit = advice.objective
    lines = explain(state, choice, lang=lang, advice=advice) if why else []
    return Assessment(
        action=choice.action,
        best_action=best.action,
        value=float(choice.numbers[unit]),
        best_value=float(best.numbers[unit]),
        loss=float(choice.loss),
        unit=unit,
        higher_is_better=advice.higher_is_better,
        label=describe_action(state, choice.action, lang=lang),
        best_label=describe_action(state, best.action, lang=lang),
        why=lines,
        choice=choice,
        best=best,
        lang=get_language(lang),
    )


# ----------------------------------------------------------------------- explain
def explain(state: Any, action_or_choice: Any, *, against: Any = None,
            lang: str | None = None, advice: Advice | None = None) -> list[str]:
    """Why a choice is better or worse, aspect by aspect, in 1–3 lines with the numbers.

    The choice is compared with ``against`` (an action or a choice) — by default with the
    best choice, or, when it *is* the best, with the runner-up.  Reroll games: how often
    the turn succeeds with each (the optimal play afterwards), what the likeliest success
    does and what it is worth, the rolls left, the objective.  Push-your-luck games: the
    points at stake, the chance to bust on the next roll, the expected loss against the
    expected gain, the objective.  Choosing a token or a card: the board each leaves, the
    next turn's chance, the objective.

    Trwavril, cards 1 2 3 4 barred, two parapluies left: keeping the brelan of 3 always
    wins the turn, but the brelan flips card 3 back.

    >>> import dataclasses, textwrap
    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(trwavril.Rules(), 1)
    >>> s, _ = trwavril.roll_outcome(trwavril.step(s, Roll(()))[0], (3, 3, 3, 6))
    >>> s = dataclasses.replace(s, barred=((1, 2, 3, 4),), parapluies=(2,))
    >>> for line in explain(s, Roll((3, 3, 3)), lang="en"):
    ...     print(textwrap.fill(line, 88))
    True: “keep 3 3 3, roll 1 die” wins the turn more often than “keep 6, roll 3 dice”
    (100.0% vs 31.8%, 2 rolls left).
    After a success, your chance to win the game is 22.2% on average (most often it flips
    card 3 back); with “keep 6, roll 3 dice”: 56.1% (bars card 6). After a miss: 1 parapluie
    left (heroic), chance to win the game 14.7%.
    So your chance to win the game falls from 27.8% to 22.2%.
    """
    advice = _advice(state) if advice is None else advice
    return _lines(reasons(state, action_or_choice, against=against, lang=lang,
                          advice=advice))


# ----------------------------------------------------------------------- reasons
@dataclass(frozen=True)
class Reason:
    """One aspect of the comparison of two choices, with its numbers.

    ``number``: what is compared (an objective of the engine such as ``"p_bust"``,
    ``"expected_points"``, the objective, or ``"p_success"``, ``"success_value"``,
    ``"squares_left"``, ``"mean_left"``, ``"barred"``, ``"wins_now"``, ``"turn_lost"``; the
    endgame reasons ``"p_finish"`` (the target within this turn), ``"p_finish_turns"``
    (solo, within a few turns), ``"p_nothing"`` (the turn banks nothing), ``"p_last"`` (a
    last turn's sure loss) and ``"p_race"`` (two players, the last resort: the race));
    ``a`` / ``b``: its value for the explained choice and for the one it is compared with;
    ``higher_is_better``: the aspect's direction (``None`` for a plain fact);
    ``role``: ``"reason"`` (the aspect favours the better of the two choices by the
    objective), ``"concession"`` (it favours the worse one, and is said as such: "True: …"),
    ``"fact"`` (no direction, or a tie) or ``"objective"`` (the ranking objective itself,
    always last); ``text``: the sentence, translated.
    """

    number: str
    a: float
    b: float
    higher_is_better: bool | None
    role: str
    text: str

    @property
    def favours(self) -> int:
        """``1`` if the aspect favours the explained choice, ``-1`` the other, ``0`` neither."""
        if self.higher_is_better is None or abs(self.a - self.b) < 1e-12:
            return 0
        return 1 if (self.a > self.b) == self.higher_is_better else -1


#: An aspect before it gets its role: (number, a, b, higher_is_better, text).
_Aspect = tuple[str, float, float, "bool | None", str]


def _pair(state: Any, action_or_choice: Any, against: Any,
          advice: Advice) -> tuple[Choice, Choice] | None:
    choice = action_or_choice if isinstance(action_or_choice, Choice) else _find(
        advice, action_or_choice)
    if against is None:
        if choice.action == advice.best.action:
            if len(advice) < 2:
                return None
            return choice, advice.choices[1]
        return choice, advice.best
    return choice, against if isinstance(against, Choice) else _find(advice, against)


def reasons(state: Any, action_or_choice: Any, *, against: Any = None,
            lang: str | None = None, advice: Advice | None = None) -> list[Reason]:
    """The aspects :func:`explain` states, with their numbers and roles (see :class:`Reason`).

    Every aspect whose direction favours the worse of the two choices (by the objective)
    is a ``"concession"`` ("True: …"), said before the reasons; the last one is the
    objective itself, in its unit.

    >>> from dicelab.games import cinqmille
    >>> s = cinqmille.new_state(cinqmille.Rules(), 1)
    >>> s, _ = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], (1, 5, 2, 3, 3))
    >>> [(r.number, r.role, r.favours) for r in reasons(s, Roll((1, 5)), lang="en")]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('expected_points', 'reason', -1), ('p_bust', 'reason', -1), ('opening', 'fact', 0),
     ('expected_turns', 'objective', -1)]
    """
    advice = _advice(state) if advice is None else advice
    if not len(advice):
        return []
    pair = _pair(state, action_or_choice, against, advice)
    if pair is None:
        return [Reason("only", 0.0, 0.0, None, "fact",
                       _("This is the only choice.", lang=lang))]
    choice, other = pair
    key = game_key(state)
    lang = get_language(lang)
    if isinstance(choice.action, Resolve):
        aspects = _resolve_aspects(state, key, choice, other, advice, lang)
    elif key in REROLL_GAMES:
        aspects = _reroll_aspects(state, key, choice, other, advice, lang)
    else:
        aspects = _push_aspects(state, key, choice, other, advice, lang)
    unit = advice.objective
    va, vb = float(choice.numbers[unit]), float(other.numbers[unit])
    tie = abs(va - vb) < 1e-12
    better = 0 if tie else (1 if (va > vb) == advice.higher_is_better else -1)
    out: list[Reason] = []
    for num, a, b, hib, text in aspects:
        r = Reason(num, float(a), float(b), hib, "fact", text)
        if r.favours and better:
            role = "reason" if r.favours == better else "concession"
            if role == "concession":
                # the fact goes on the concession's sentence: « Certes, après … »
                text = _("True: {fact}", lang=lang, fact=text[:1].lower() + text[1:])
            r = Reason(num, r.a, r.b, hib, role, text)
        out.append(r)
    order = {"concession": 0, "reason": 1, "fact": 2}
    out.sort(key=lambda r: order[r.role])
    out.append(Reason(unit, va, vb, advice.higher_is_better, "objective",
                      _objective_line(state, key, choice, other, advice, lang)))
    return out


def _objective_line(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                    lang: str) -> str:
    unit = advice.objective
    name = objective_phrase(unit, lang, key)
    va, vb = choice.numbers[unit], other.numbers[unit]
    a, b = format_value(unit, va, lang=lang), format_value(unit, vb, lang=lang)
    if abs(va - vb) < 1e-12 or a == b:
        return _("Your {number} is {a} either way.", lang=lang, number=name, a=a)
    if unit == "expected_turns":
        la = _q(describe_action(state, choice.action, lang=lang), lang)
        lb = _q(describe_action(state, other.action, lang=lang), lang)
        d = format_loss(unit, abs(va - vb), lang=lang)
        if va > vb:
            return _("So {a} needs on average {d} more to finish than {b} ({x} against {y}).",
                     lang=lang, a=la, b=lb, d=d, x=a, y=b)
        return _("So {a} needs on average {d} fewer to finish than {b} ({x} against {y}).",
                 lang=lang, a=la, b=lb, d=d, x=a, y=b)
    better = (va > vb) == advice.higher_is_better
    if better:
        return _("So your {number} is {a}, against {b}.", lang=lang, number=name, a=a, b=b)
    if va < vb:
        return _("So your {number} falls from {b} to {a}.", lang=lang, number=name, a=a, b=b)
    return _("So your {number} rises from {b} to {a}.", lang=lang, number=name, a=a, b=b)


def _lines(found: list[Reason]) -> list[str]:
    """At most three lines: concessions and reasons, the facts, the objective."""
    body = [r.text for r in found if r.role != "objective"]
    last = [r.text for r in found if r.role == "objective"]
    if len(body) > 2:
        body = [body[0], " ".join(body[1:])]
    return body + last


# --- difficulty names ----------------------------------------------------------
def difficulty_name(game: str, level: int, *, lang: str | None = None) -> str:
    """The difficulty of a Dripeul 5 triangle or of a number of Trwavril parapluies, in the
    language (``"X"`` for Dripeul's X).

    >>> difficulty_name("dripeul", 2, lang="en"), difficulty_name("trwavril", 1, lang="fr")
    ('medium', 'héroïque')
    """
    return REGISTRY[game].difficulty_name(level, lang=lang) if game in REGISTRY else "X"


# --- reroll games ------------------------------------------------------------
@dataclass(frozen=True)
class _TurnView:
    p_success: float
    success_value: float | None  # mean p_win after a success
    likeliest: str | None  # the likeliest success in words
    mean_left: float  # Dripeul: mean points left on the squares; Trwavril: mean barred cards


def _reroll(entry: Any) -> RerollEngine:
    """The reroll game's turn engine (the engine contract's
    :class:`~dicelab.engine.protocol.RerollEngine`)."""
    engine = entry.reroll_engine
    assert engine is not None, "only a reroll game's turn is explained by its board"
    return cast("RerollEngine", engine)


def _tokens_result(state: Any, final: tuple[int, ...], lang: str, duel: bool = False
                   ) -> tuple[bool, str, float, tuple, float]:
    """What final dice do on a Dripeul board: success, the token taken in words, the value
    afterwards (``p_win``; ``p_duel`` with two players: the two-player engine's own token),
    the group of like successes, the points left on the squares."""
    entry = entry_of(state)
    apply_outcome, resolutions = entry.rules.apply_outcome, entry.rules.resolutions

    p = state.current_player
    tokens = state.tokens[p]
    a = _reroll(entry).resolution_advice(state, final, duel=duel)
    unit = "p_duel" if duel else "p_win"
    best = a.best
    if best.numbers["p_turn"] < 1.0:
        return False, "", best.numbers[unit], ("fail",), float(sum(tokens))
    if best.action is None:  # the suite bonus
        text = _("moves your triangle one left (suite bonus)", lang=lang)
        return True, text, best.numbers[unit], ("bonus",), float(sum(tokens))
    c = best.action.choice
    out = next(o for o in resolutions(final, tokens, state.rules) if o.action == best.action)
    left, _t = apply_outcome(tokens, state.triangle[p], out)
    if isinstance(c, tuple):
        text = _("removes tokens {a} and {b}", lang=lang, a=c[0], b=c[1])
    else:
        text = _("removes token {t}", lang=lang, t=c)
    return True, text, best.numbers[unit], ("remove", c), float(sum(left))


def _cards_result(state: Any, final: tuple[int, ...], lang: str, duel: bool = False
                  ) -> tuple[bool, str, float, tuple, float]:
    """What final dice do on a Trwavril board: as :func:`_tokens_result`, with the cards
    barred afterwards (a miss's value is the solo one: only solo reasons read it)."""
    eng = _reroll(entry_of(state))

    p = state.current_player
    barred, u = state.barred[p], state.parapluies[p]
    a = eng.resolution_advice(state, final, duel=duel)
    unit = "p_duel" if duel else "p_win"
    if not len(a):
        return (False, "", eng.start_value(barred, u - 1, state.rules), ("miss",),
                float(len(barred)))
    c = a.best.action.choice
    if c in barred:
        text = _("flips card {c} back", lang=lang, c=c)
    else:
        text = _("bars card {c}", lang=lang, c=c)
    return True, text, a.best.numbers[unit], ("flip", c), float(len(set(barred) ^ {c}))


def _turn_view(state: Any, key: str, keep: tuple[int, ...], lang: str,
               memo: dict[Any, Any] | None = None, duel: bool = False) -> _TurnView:
    """How a turn ends after ``keep``: the optimal rest of the turn, by the solo engine, or
    with ``duel`` by the two-player engine (its keeps and its choice of token or card)."""
    entry = REGISTRY[key]
    dist = _reroll(entry).turn_outcomes(state, keep, duel=duel)
    result = _tokens_result if entry.board == "tokens" else _cards_result
    success = 0.0
    weighted = 0.0
    left = 0.0
    groups: dict[tuple, list[Any]] = {}
    memo = {} if memo is None else memo
    for final, prob in dist.items():
        if final not in memo:
            memo[final] = result(state, final, lang, duel)
        ok, text, value, gkey, after = memo[final]
        left += prob * after
        if ok:
            success += prob
            weighted += prob * value
            g = groups.setdefault(gkey, [0.0, text])
            g[0] += prob
    if not groups:
        return _TurnView(0.0, None, None, left)
    likeliest = max(groups.values(), key=lambda g: g[0])[1]
    return _TurnView(success, weighted / success, likeliest, left)


def _reroll_aspects(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                    lang: str) -> list[_Aspect]:
    la = _q(describe_action(state, choice.action, lang=lang), lang)
    lb = _q(describe_action(state, other.action, lang=lang), lang)
    memo: dict[Any, Any] = {}
    duel = advice.objective == "p_duel"
    va = _turn_view(state, key, choice.keep, lang, memo, duel)
    vb = _turn_view(state, key, other.keep, lang, memo, duel)
    pa, pb = fmt_percent(va.p_success, 1, lang=lang), fmt_percent(vb.p_success, 1, lang=lang)
    rolls = ngettext("{n} roll left", "{n} rolls left", state.rolls_left, lang=lang)
    if pa == pb:
        first = _("{a} wins the turn as often as {b} ({pa}, {rolls}).", lang=lang, a=la, b=lb,
                  pa=pa, rolls=rolls)
        out: list[_Aspect] = [("p_success", va.p_success, va.p_success, None, first)]
    else:
        if va.p_success > vb.p_success:
            first = _("{a} wins the turn more often than {b} ({pa} vs {pb}, {rolls}).",
                      lang=lang, a=la, b=lb, pa=pa, pb=pb, rolls=rolls)
        else:
            first = _("{a} wins the turn less often than {b} ({pa} vs {pb}, {rolls}).",
                      lang=lang, a=la, b=lb, pa=pa, pb=pb, rolls=rolls)
        out = [("p_success", va.p_success, vb.p_success, True, first)]
    unit = advice.objective
    phrase = objective_phrase("p_win", lang, key)
    if unit in ("p_win", "p_turn"):
        if va.likeliest is not None and vb.likeliest is not None:
            xa = fmt_percent(va.success_value or 0.0, 1, lang=lang)
            xb = fmt_percent(vb.success_value or 0.0, 1, lang=lang)
            text = _("After a success, your {number} is {x} on average (most often it "
                     "{what}); with {b}: {x_b} ({what_b}).", lang=lang, number=phrase,
                     x=xa, what=va.likeliest, b=lb, x_b=xb, what_b=vb.likeliest)
            out.append(("success_value", va.success_value or 0.0, vb.success_value or 0.0,
                        None if xa == xb else True, text))
        elif va.likeliest is not None:
            out.append(("success_value", va.success_value or 0.0, va.success_value or 0.0,
                        None, _("After a success, your {number} is {x} on average (most "
                                "often it {what}).", lang=lang, number=phrase,
                                x=fmt_percent(va.success_value or 0.0, 1, lang=lang),
                                what=va.likeliest)))
        out.append(("failure", 0.0, 0.0, None, _failure_text(state, key, phrase, lang)))
    elif REGISTRY[key].board == "tokens":  # two players: the points left on the squares
        # decide the manche
        xa, xb = fmt_number(va.mean_left, 1, lang=lang), fmt_number(vb.mean_left, 1, lang=lang)
        out.append(("mean_left", va.mean_left, vb.mean_left, None if xa == xb else False,
                    _("After this turn, {a} leaves on average {x} on your squares, {b} {y}.",
                      lang=lang, a=la, b=lb, x=_points(va.mean_left, lang),
                      y=_points(vb.mean_left, lang))))
    else:
        xa, xb = fmt_number(va.mean_left, 2, lang=lang), fmt_number(vb.mean_left, 2, lang=lang)
        out.append(("mean_left", va.mean_left, vb.mean_left, None if xa == xb else True,
                    _("After this turn, {a} leaves on average {x} cards barred, {b} {y}.",
                      lang=lang, a=la, b=lb, x=xa, y=xb)))
    return out


def _failure_text(state: Any, key: str, phrase: str, lang: str) -> str:
    """What a failed turn leaves: the difficulty left and the chance from there."""
    p = state.current_player
    eng = _reroll(REGISTRY[key])
    if REGISTRY[key].board == "tokens":
        t = state.triangle[p] - 1
        if t < 0:
            return _("A failure now loses the manche.", lang=lang)
        x = eng.start_value(state.tokens[p], t, state.rules)
        return _("After a failure: triangle {t} ({name}), {number} {x}.", lang=lang, t=t,
                 name=difficulty_name(key, t, lang=lang), number=phrase,
                 x=fmt_percent(x, 1, lang=lang))
    u = state.parapluies[p] - 1
    if u < 1:
        return _("A miss now ends your game.", lang=lang)
    x = eng.start_value(state.barred[p], u, state.rules)
    return ngettext("After a miss: {n} parapluie left ({name}), {number} {x}.",
                    "After a miss: {n} parapluies left ({name}), {number} {x}.", u, lang=lang,
                    name=difficulty_name(key, u, lang=lang), number=phrase,
                    x=fmt_percent(x, 1, lang=lang))


# --- resolutions (which token, which card) -----------------------------------------
def _next_turn_duel(state: Any, key: str, board: tuple[int, ...], lang: str) -> float:
    """The chance that the mover's next turn succeeds from ``board`` (the squares or the
    barred cards a choice leaves), played by the two-player engine against the opponent's
    board as it is now (``1.0`` when the choice leaves nothing to do)."""
    entry = REGISTRY[key]
    if entry.board == "tokens" and not board:
        return 1.0
    if entry.board != "tokens" and len(board) == 6:
        return 1.0
    assert entry.restart_turn is not None, "a reroll game's entry gives restart_turn"
    return _turn_view(entry.restart_turn(state, board), key, (), lang, duel=True).p_success


def _resolve_aspects(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                     lang: str) -> list[_Aspect]:
    la = _q(describe_action(state, choice.action, lang=lang), lang)
    lb = _q(describe_action(state, other.action, lang=lang), lang)
    p = state.current_player
    duel = advice.objective == "p_duel"
    entry = REGISTRY[key]
    eng = _reroll(entry)
    out: list[_Aspect] = []
    if entry.board == "tokens":
        apply_outcome, resolutions = entry.rules.apply_outcome, entry.rules.resolutions

        def board(c: Choice) -> tuple[str, float, int, tuple[int, ...]]:
            out = next(o for o in resolutions(state.dice, state.tokens[p], state.rules)
                       if o.action == c.action)
            tokens, _t = apply_outcome(state.tokens[p], state.triangle[p], out)
            if not tokens:
                return _("no token left", lang=lang), 1.0, 0, ()
            x = (_next_turn_duel(state, key, tokens, lang) if duel
                 else eng.p_next_turn(state, tokens))
            return _("squares {squares}", lang=lang, squares=_dice(tokens)), x, sum(tokens), tokens

        (ba, ta, sa, _a), (bb, tb, sb, _b) = board(choice), board(other)
        pa, pb = fmt_percent(ta, 1, lang=lang), fmt_percent(tb, 1, lang=lang)
        if duel:
            out.append(("squares_left", sa, sb, None if sa == sb else False,
                        _("{a} leaves {board_a} ({x} if the manche ended now), {b} leaves "
                          "{board_b} ({y}).", lang=lang, a=la, b=lb, board_a=ba, board_b=bb,
                          x=ngettext("{n} point", "{n} points", sa, lang=lang),
                          y=ngettext("{n} point", "{n} points", sb, lang=lang))))
            if pa != pb:  # a tie says nothing
                out.append(("p_turn_next", ta, tb, True, _next_turn_text(pa, pb, lang)))
        else:
            out.append(("p_turn_next", ta, tb, None if pa == pb else True,
                        _("{a} leaves {board_a}, {b} leaves {board_b}: the next turn "
                          "succeeds with {pa} vs {pb}.", lang=lang, a=la, b=lb, board_a=ba,
                          board_b=bb, pa=pa, pb=pb)))
        return out
    barred, u = state.barred[p], state.parapluies[p]

    def cards(c: Choice) -> tuple[str, float, int]:
        after = tuple(sorted(set(barred) ^ {c.action.choice}))
        if duel:
            x = _next_turn_duel(state, key, after, lang)
        else:
            x = 1.0 if len(after) == 6 else eng.start_value(after, u, state.rules)
        if not after:
            return _("no card barred", lang=lang), x, 0
        return _("cards {cards} barred", lang=lang, cards=_dice(after)), x, len(after)

    (ca, xa, na), (cb, xb, nb) = cards(choice), cards(other)
    fa, fb = fmt_percent(xa, 1, lang=lang), fmt_percent(xb, 1, lang=lang)
    if duel:
        out.append(("barred", na, nb, None if na == nb else True,
                    _("{a} leaves {board_a}, {b} leaves {board_b}.", lang=lang, a=la, b=lb,
                      board_a=ca, board_b=cb)))
        if fa != fb:
            out.append(("p_turn_next", xa, xb, True, _next_turn_text(fa, fb, lang)))
        return out
    phrase = objective_phrase("p_win", lang, key)
    return [("p_win_left", xa, xb, None if fa == fb else True,
             _("{a} leaves {board_a} (your {number} from there: {x}), {b} leaves {board_b} "
               "({y}).", lang=lang, a=la, b=lb, board_a=ca, board_b=cb, number=phrase, x=fa,
               y=fb))]


def _next_turn_text(pa: str, pb: str, lang: str) -> str:
    return _("Your next turn, played to beat your opponent, succeeds with {pa} vs {pb} (their "
             "board as it is now).", lang=lang, pa=pa, pb=pb)


# --- push-your-luck games --------------------------------------------------------
def _after(state: Any, action: Any) -> Any:
    """The state right after ``action`` (before any roll), or ``None`` if it is illegal."""
    try:
        return game_module(state).step(state, action)[0]
    except DicelabError:
        return None


def _push_aspects(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                  lang: str) -> list[_Aspect]:
    p = state.current_player
    out: list[_Aspect] = []
    info = {}
    for c in (choice, other):
        label = _q(describe_action(state, c.action, lang=lang), lang)
        after = _after(state, c.action)
        wins = after is not None and after.is_over and p in after.winners
        rolls = (not isinstance(c.action, Bank) and after is not None and bool(after.to_roll)
                 and c.numbers.get("p_bust", 0.0) < 1.0)
        lost = not wins and not rolls and not isinstance(c.action, Bank)
        if isinstance(c.action, Bank) and c.numbers["expected_points"] <= 0:
            lost = True
        stake = int(after.turn_points) if rolls else 0
        info[id(c)] = (label, wins, rolls, lost, stake)
    la, wa, ra, lsa, sa = info[id(choice)]
    lb, wb, rb, lsb, sb = info[id(other)]
    if wa or wb:
        text = " ".join(_("{a} ends the game: you win.", lang=lang, a=lab)
                        for lab, w in ((la, wa), (lb, wb)) if w)
        out.append(("wins_now", float(wa), float(wb), None if wa == wb else True, text))
        if wa and wb:
            return out
    if lsa or lsb:
        text = " ".join(_("{a} ends the turn with no points.", lang=lang, a=lab)
                        for lab, x in ((la, lsa), (lb, lsb)) if x)
        out.append(("turn_lost", float(lsa), float(lsb), None if lsa == lsb else False, text))
    if wa or wb or lsa or lsb:
        return out
    # both go on or bank: the points this turn, the risk on the next roll
    ea, eb = choice.numbers["expected_points"], other.numbers["expected_points"]
    xa, xb = fmt_number(ea, 1, lang=lang), fmt_number(eb, 1, lang=lang)
    d, n = fmt_number(abs(ea - eb), 1, lang=lang), plural_n(round(abs(ea - eb), 1), lang)
    if xa == xb:
        out.append(("expected_points", ea, eb, None,
                    _("{a} and {b} are worth the same points this turn on average ({x}).",
                      lang=lang, a=la, b=lb, x=xa)))
    elif ea < eb:
        out.append(("expected_points", ea, eb, True,
                    ngettext("On average {a} scores {d} point less this turn than {b} ({x} "
                             "against {y}, played on for points).",
                             "On average {a} scores {d} points less this turn than {b} ({x} "
                             "against {y}, played on for points).",
                             n, lang=lang, a=la, b=lb, d=d, x=xa, y=xb)))
    else:
        out.append(("expected_points", ea, eb, True,
                    ngettext("On average {a} scores {d} point more this turn than {b} ({x} "
                             "against {y}, played on for points).",
                             "On average {a} scores {d} points more this turn than {b} ({x} "
                             "against {y}, played on for points).",
                             n, lang=lang, a=la, b=lb, d=d, x=xa, y=xb)))
    if ra or rb:
        parts = []
        for c, lab, r, stake in ((choice, la, ra, sa), (other, lb, rb, sb)):
            if r and stake == 0:  # a bust would lose nothing
                parts.append(_("{a} risks nothing: no points are at stake yet", lang=lang,
                               a=lab))
            elif r:
                parts.append(ngettext(
                    "{a} puts {n} point at stake, with a {p} chance to bust on the next roll",
                    "{a} puts {n} points at stake, with a {p} chance to bust on the next roll",
                    stake, lang=lang, a=lab, p=fmt_percent(c.numbers.get("p_bust", 0.0), 1,
                                                           lang=lang)))
            else:
                parts.append(ngettext("{a} banks {n} point for sure",
                                      "{a} banks {n} points for sure",
                                      round(c.numbers["expected_points"]), lang=lang, a=lab))
        # the chance to lose points: none when nothing is at stake
        ba = choice.numbers.get("p_bust", 0.0) if ra and sa else 0.0
        bb = other.numbers.get("p_bust", 0.0) if rb and sb else 0.0
        pa, pb = fmt_percent(ba, 1, lang=lang), fmt_percent(bb, 1, lang=lang)
        both = (_("Neither choice risks anything: no points are at stake yet.", lang=lang)
                if ra and rb and sa == sb == 0 else None)
        out.append(("p_bust", ba, bb, None if pa == pb else False, both or
                    _("{first}; {second}.", lang=lang, first=parts[0], second=parts[1])))
    out[:0] = _finish_aspect(state, key, choice, other, advice, la, lb, lang)  # it decides
    better = _better_of(choice, other, advice)
    if better and not any(_favours(x) == better for x in out):
        out.extend(_nothing_aspect(state, key, choice, other, advice, la, lb, better, lang))
    if better and advice.objective == "p_duel" and not any(_favours(x) == better for x in out):
        # the last resort: the race itself, the opponent's next turns counted
        wa, wb = float(choice.numbers["p_duel"]), float(other.numbers["p_duel"])
        out.append(("p_race", wa, wb, True,
                    _("Counting your opponent's next turns (both players then playing to "
                      "win), {a} wins the game with a {pa} chance, {b} with {pb}: what this "
                      "turn leaves them matters more than its points.", lang=lang, a=la,
                      b=lb, pa=fmt_percent(wa, 1, lang=lang),
                      pb=fmt_percent(wb, 1, lang=lang))))
    needs = REGISTRY[key].opening_needed  # a game with an opening score (5000)
    opening = needs(state, p) if needs is not None else None
    if opening is not None and not any(isinstance(c.action, Bank) for c in advice):
        out.append(("opening", 0.0, 0.0, None,
                    _("You have not opened yet: you cannot bank before {n} points in this "
                      "turn, so every choice rolls on.", lang=lang, n=opening)))
    return out


def _favours(aspect: _Aspect) -> int:
    """As :attr:`Reason.favours`, of an aspect before it gets its role."""
    _num, a, b, hib, _text = aspect
    if hib is None or abs(a - b) < 1e-12:
        return 0
    return 1 if (a > b) == hib else -1


def _nothing_aspect(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                    la: str, lb: str, better: int, lang: str) -> list[_Aspect]:
    """When no other aspect favours the better choice: the chance that the turn banks
    nothing with each (the rest of the turn played by the engine's own choices, its
    ``finish_chances(..., nothing=True)``), said when it favours the better one as shown."""
    chances = REGISTRY[key].engine.finish_chances
    found = chances(state, advice, nothing=True) if chances is not None else None
    if found is None:
        return []
    na, nb = found[1][choice.action], found[1][other.action]
    pa, pb = fmt_percent(na, 1, lang=lang), fmt_percent(nb, 1, lang=lang)
    if pa == pb or (na < nb) != (better == 1):
        return []
    return [("p_nothing", na, nb, False,
             _("{a} ends the turn with nothing banked with a {pa} chance, {b} with {pb} (the "
               "rest of the turn played at best).", lang=lang, a=la, b=lb, pa=pa, pb=pb))]

#: The most turns the solo endgame reason looks ahead ("reaches 50 points within 3 turns").
FINISH_TURNS = 4
#: The endgame reason is not said when neither choice finishes this often (far from the
#: target: "0.8% against 0.7%" decides nothing).
FINISH_SAID = 0.01


def _better_of(choice: Choice, other: Choice, advice: Advice) -> int:
    """``1`` if ``choice`` is the better of the two by the objective, ``-1`` if ``other``
    is, ``0`` on a tie."""
    va, vb = float(choice.numbers[advice.objective]), float(other.numbers[advice.objective])
    if abs(va - vb) < 1e-12:
        return 0
    return 1 if (va > vb) == advice.higher_is_better else -1


def _finish_aspect(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                   la: str, lb: str, lang: str) -> list[_Aspect]:
    """The endgame reason: the chance to reach the target within this turn with each
    choice, the rest of the turn played by the engine's own choices (its
    ``finish_chances``), when the two differ as shown and either reaches
    :data:`FINISH_SAID`.  Solo, when this turn's chances do
    not favour the better choice (both zero, equal, or the other way), the first number of
    turns (2 to :data:`FINISH_TURNS`) within which the better choice finishes more often,
    the later turns played by the solo engine.  A player's last turn (a final round) says
    first that a bank below the leader loses for sure (:func:`_last_turn_aspect`)."""
    last = _last_turn_aspect(state, choice, other, advice, la, lb, lang)
    if last:
        return last
    chances = REGISTRY[key].engine.finish_chances
    if chances is None:
        return []
    found = chances(state, advice)
    out: list[_Aspect] = []
    if found is not None:  # None: too far to weigh this turn's
        target, by_action = found
        fa, fb = by_action[choice.action], by_action[other.action]
        pa, pb = fmt_percent(fa, 1, lang=lang), fmt_percent(fb, 1, lang=lang)
        if pa != pb and max(fa, fb) >= FINISH_SAID:
            out.append(("p_finish", fa, fb, True,
                        ngettext("{a} reaches {target} point within this turn with a {pa} "
                                 "chance, {b} with {pb}.",
                                 "{a} reaches {target} points within this turn with a {pa} "
                                 "chance, {b} with {pb}.", target, lang=lang, a=la, b=lb,
                                 pa=pa, pb=pb, target=fmt_number(target, 0, lang=lang))))
    better = _better_of(choice, other, advice)
    if not better or advice.objective != "expected_turns" or any(
            _favours(x) == better for x in out):
        return out
    for k in range(2, FINISH_TURNS + 1):
        found = chances(state, advice, turns=k)
        if found is None:  # too far yet: a longer horizon may reach
            continue
        target, by_action = found
        ka, kb = by_action[choice.action], by_action[other.action]
        qa, qb = fmt_percent(ka, 1, lang=lang), fmt_percent(kb, 1, lang=lang)
        if qa != qb and (ka > kb) == (better == 1):
            out.append(("p_finish_turns", ka, kb, True,
                        ngettext("{a} reaches {target} point within {k} turns (this one "
                                 "included) with a {pa} chance, {b} with {pb}.",
                                 "{a} reaches {target} points within {k} turns (this one "
                                 "included) with a {pa} chance, {b} with {pb}.", target,
                                 lang=lang, a=la, b=lb, k=k, pa=qa, pb=qb,
                                 target=fmt_number(target, 0, lang=lang))))
            break
    return out


def _last_turn_aspect(state: Any, choice: Choice, other: Choice, advice: Advice,
                      la: str, lb: str, lang: str) -> list[_Aspect]:
    """The endgame reason of a player's last turn (a game's final round, ``final_round``:
    someone has reached the target and nobody plays again after this turn): a bank that
    leaves the player's total below the leader's loses for sure, while the other choice
    still wins with the engine's chance.  Said when the turn's own chance to reach the
    target is not what decides: reaching it is not enough to win (:func:`_finish_aspect`)."""
    final_round = REGISTRY[game_key(state)].final_round
    if final_round is None or not final_round(state) or advice.objective != "p_duel":
        return []
    p = state.current_player
    leader = max(x for q, x in enumerate(state.scores) if q != p)
    for bank, go, lbank, lgo, sign in ((choice, other, la, lb, 1), (other, choice, lb, la, -1)):
        if not isinstance(bank.action, Bank) or isinstance(go.action, Bank):
            continue
        total = state.scores[p] + round(bank.numbers["expected_points"])
        win = float(go.numbers["p_duel"])
        if total >= leader or win <= 0.0:
            return []
        text = _("{a} stops at {total} points, below the leader's {leader}, and you do not "
                 "play again: a sure loss; {b} still wins with a {p} chance.", lang=lang,
                 a=lbank, b=lgo, total=total, leader=leader, p=fmt_percent(win, 1, lang=lang))
        a, b = (0.0, win) if sign == 1 else (win, 0.0)
        return [("p_last", a, b, True, text)]
    return []


# ----------------------------------------------------------------------- hint
@dataclass(frozen=True)
class Hint:
    """One rung of the hint ladder.

    ``level`` 1: ``dice`` (values) and ``positions`` (indices into ``state.dice``) the best
    choice keeps or sets aside, and ``text`` saying so without the choice's value;
    2: also ``action`` and ``label`` of the best choice; 3: also the full table:
    ``headers`` (the objectives' phrases, first the choice), ``symbols`` (their mathematical
    names, for tooltips) and ``rows`` (every choice, best first, formatted values; the
    last column is the loss against the best).
    """

    level: int
    text: str
    dice: tuple[int, ...] = ()
    positions: tuple[int, ...] = ()
    action: Any = None
    label: str | None = None
    headers: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    actions: tuple[Any, ...] = ()


def _positions(dice: tuple[int, ...], keep: tuple[int, ...]) -> tuple[int, ...]:
    left = list(keep)
    out = []
    for i, d in enumerate(dice):
        if d in left:
            left.remove(d)
            out.append(i)
    return tuple(out)


def hint(state: Any, level: int, *, lang: str | None = None,
         advice: Advice | None = None) -> Hint:
    """The hint ladder: 1 which dice matter, 2 the best choice, 3 the full table.

    >>> from dicelab.games import dripeul
    >>> s = dripeul.new_state(dripeul.Rules(), 1)
    >>> s, _ = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 4, 2, 6, 2))
    >>> h = hint(s, 1, lang="en")
    >>> h.dice, h.positions, h.text
    ((2, 2, 2), (0, 2, 4), 'Look at these dice: 2 2 2.')
    >>> hint(s, 2, lang="fr").label
    'garder 2 2 2, relancer 2 dés'
    >>> h = hint(s, 3, lang="en")
    >>> h.headers[:2], h.rows[0][:2]
    (('choice', 'chance to clear the manche'), ('keep 2 2 2, roll 2 dice', '59.7%'))
    """
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise DicelabError("a hint level is 1, 2 or 3; got {value}", value=brief(level))
    advice = _advice(state) if advice is None else advice
    if not len(advice):
        return Hint(level, _("There is nothing to choose here.", lang=lang))
    best = advice.best
    key = game_key(state)
    if isinstance(best.action, Resolve):
        dice: tuple[int, ...] = ()
        positions: tuple[int, ...] = ()
        text = _(REGISTRY[key].resolve_hint, lang=lang)
    else:
        dice = tuple(best.keep)
        positions = _positions(tuple(state.dice), dice)
        if dice:
            text = _("Look at these dice: {dice}.", lang=lang, dice=_dice(dice))
        elif len({c.keep for c in advice}) == 1:  # no dice to keep (one die): go on or stop
            text = _("Compare rolling on with stopping now.", lang=lang)
        else:
            text = _("None of these dice is worth keeping.", lang=lang)
    if level == 1:
        return Hint(1, text, dice, positions)
    label = describe_action(state, best.action, lang=lang)
    text2 = _("Best choice: {choice}.", lang=lang, choice=label)
    if level == 2:
        return Hint(2, text2, dice, positions, best.action, label)
    shown = [k for k in TABLE_ORDER if k in best.numbers]
    if advice.objective in shown:  # the objective first
        shown.remove(advice.objective)
        shown.insert(0, advice.objective)
    headers = (_("choice", lang=lang), *(objective_phrase(k, lang, key) for k in shown),
               _("loss", lang=lang))
    symbols = ("", *(objective_symbol(k, lang) for k in shown), "")
    rows = tuple(
        (describe_action(state, c.action, lang=lang),
         *(format_objective(k, c.numbers[k], lang) for k in shown),
         format_loss(advice.objective, c.loss, lang=lang))
        for c in advice
    )
    return Hint(3, text2, dice, positions, best.action, label, headers, symbols, rows,
                tuple(c.action for c in advice))

