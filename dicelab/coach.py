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

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .engine.advice import Advice, Choice
from .errors import DicelabError, brief
from .games._base import Bank, Resolve, Roll, Stop
from .i18n import N_, _, dice_count, fmt_number, fmt_percent, get_language, ngettext

__all__ = [
    "DEFAULT_THRESHOLDS",
    "Assessment",
    "Hint",
    "assess",
    "describe_action",
    "explain",
    "figure_name",
    "figure_symbol",
    "format_loss",
    "format_value",
    "hint",
]

#: A choice is costly when it loses more than this against the best, per objective.
DEFAULT_THRESHOLDS: dict[str, float] = {
    "p_win": 0.01,  # 1 percentage point of win probability
    "p_duel": 0.01,  # 1 percentage point of two-player win probability
    "p_turn": 0.01,
    "expected_turns": 0.05,
    "expected_points": 10.0,
}

REROLL_GAMES = ("dripeul", "trwavril")
PUSH_GAMES = ("cinqmille", "seveny")
PROBABILITY_UNITS = ("p_win", "p_duel", "p_turn", "p_bust")

# ----------------------------------------------------------------------- names
_FIGURE_NAMES: dict[str, str] = {
    "p_win": N_("chance to win the game"),
    "p_duel": N_("chance to win against your opponent"),
    "p_turn": N_("chance this turn succeeds (playing for it alone)"),
    "p_bust": N_("chance to bust on the next roll"),
    "expected_points": N_("expected points this turn"),
    "expected_turns": N_("expected turns to finish"),
}
_DRIPEUL_P_WIN = N_("chance to clear the manche")
_DRIPEUL_P_DUEL = N_("chance to beat your opponent in this manche")
_FIGURE_SYMBOLS: dict[str, str] = {
    "p_win": N_("P(win)"),
    "p_duel": N_("P(win the duel)"),
    "p_turn": N_("P(success this turn)"),
    "p_bust": N_("P(bust)"),
    "expected_points": N_("E(points)"),
    "expected_turns": N_("E(turns)"),
}


def figure_name(name: str, game: str | None = None, *, lang: str | None = None) -> str:
    """The readable name of an engine figure, in the language.

    >>> figure_name("expected_turns", lang="fr")
    'nombre de tours espéré pour finir'
    >>> figure_name("p_win", "dripeul", lang="en")
    'chance to clear the manche'
    >>> figure_name("p_duel", "dripeul", lang="en")
    'chance to beat your opponent in this manche'
    """
    if name == "p_win" and game == "dripeul":
        return _(_DRIPEUL_P_WIN, lang=lang)
    if name == "p_duel" and game == "dripeul":
        return _(_DRIPEUL_P_DUEL, lang=lang)
    return _(_FIGURE_NAMES[name], lang=lang) if name in _FIGURE_NAMES else name


def figure_symbol(name: str, *, lang: str | None = None) -> str:
    """The mathematical name of a figure (for a tooltip), e.g. ``E(turns)``.

    >>> figure_symbol("expected_turns", lang="fr")
    'E(tours)'
    """
    return _(_FIGURE_SYMBOLS[name], lang=lang) if name in _FIGURE_SYMBOLS else name


def format_value(unit: str, x: float, *, lang: str | None = None) -> str:
    """A figure's value: a percentage for probabilities, 2 decimals for turns, points.

    >>> format_value("p_win", 0.3121, lang="fr"), format_value("expected_turns", 14.4339, lang="en")
    ('31,2\\xa0%', '14.43')
    """
    if unit in PROBABILITY_UNITS:
        return fmt_percent(x, 1, lang=lang)
    if unit == "expected_points":
        return fmt_number(x, 1, lang=lang)
    return fmt_number(x, 2, lang=lang)


def format_loss(unit: str, loss: float, *, lang: str | None = None) -> str:
    """A loss in its unit: percentage points for probabilities, turns, points.

    >>> format_loss("p_win", 0.0129, lang="en"), format_loss("expected_turns", 0.08, lang="fr")
    ('1.29 percentage points', '0,080 tour')
    """
    if unit in PROBABILITY_UNITS:
        x = fmt_number(100 * loss, 2, lang=lang)
        return ngettext("{x} percentage point", "{x} percentage points",
                        _plural_n(100 * loss, lang), lang=lang, x=x)
    if unit == "expected_turns":
        x = fmt_number(loss, 3, lang=lang)
        return ngettext("{x} turn", "{x} turns", _plural_n(loss, lang), lang=lang, x=x)
    if unit == "expected_points":
        return _("{x} points", lang=lang, x=fmt_number(loss, 1, lang=lang))
    return fmt_number(loss, 4, lang=lang)


def _plural_n(x: float, lang: str | None) -> int:
    """The ``n`` that picks the right plural for a decimal amount: French puts amounts
    below 2 in the singular (« 0,5 tour »), English only exactly 1 (“0.5 turns”)."""
    if x == 1 or (get_language(lang) == "fr" and abs(x) < 2):
        return 1
    return 2


def _dice(dice: Iterable[int]) -> str:
    return " ".join(map(str, dice))


# ----------------------------------------------------------------------- state access
def game_module(state: Any) -> ModuleType:
    """The game module of ``state`` (``dicelab.games.<key>``)."""
    mod = importlib.import_module(type(state).__module__)
    if not hasattr(mod, "DEFINITION"):
        raise DicelabError("not a game position: {value}", value=brief(state))
    return mod


def game_key(state: Any) -> str:
    return game_module(state).DEFINITION.key


def _advice(state: Any, objective: str | None = None) -> Advice:
    return game_module(state).advise_state(state, objective=objective)


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
    """
    key = game_key(state)
    if isinstance(action, Stop):
        return _("stop", lang=lang)
    if isinstance(action, Resolve):
        c = action.choice
        if key == "dripeul":
            if isinstance(c, tuple):
                return _("remove tokens {a} and {b}", lang=lang, a=c[0], b=c[1])
            return _("remove token {t}", lang=lang, t=c)
        barred = state.barred[state.current_player]
        if c in barred:
            return _("flip card {c} back (un-bar it)", lang=lang, c=c)
        return _("flip card {c} (bar it)", lang=lang, c=c)
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
        return _("set aside {kept} and bank", lang=lang, kept=_dice(action.keep))
    raise DicelabError("not an action: {value}", value=brief(action))


def _q(label: str, lang: str | None) -> str:
    return _("“{label}”", lang=lang, label=label)


# ----------------------------------------------------------------------- assess
@dataclass(frozen=True)
class Assessment:
    """The player's ``action`` against the engine's best in the same position.

    ``value`` / ``best_value``: the objective's figure (``unit``) of each; ``loss`` (>= 0)
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
        >>> assess(s, Roll((1,)), lang="fr", why=False).headline
        'Un meilleur choix existe\\xa0: mettre de côté 1 1 1 1 1 et marquer (0,599 tour de mieux).'
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
        value=float(choice.figures[unit]),
        best_value=float(best.figures[unit]),
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
    “keep 3 3 3, roll 1 die” wins the turn more often than “keep 6, roll 3 dice” (100.0% vs
    31.8%, 2 rolls left).
    After a success, your chance to win the game is 22.2% on average (most often it flips
    card 3 back); with “keep 6, roll 3 dice”: 56.1% (bars card 6). After a miss: 1
    parapluie left (héroïque), chance to win the game 14.7%.
    So your chance to win the game falls from 27.8% to 22.2%.
    """
    advice = _advice(state) if advice is None else advice
    if not len(advice):
        return []
    choice = action_or_choice if isinstance(action_or_choice, Choice) else _find(
        advice, action_or_choice)
    if against is None:
        if choice.action == advice.best.action:
            if len(advice) < 2:
                return [_("This is the only choice.", lang=lang)]
            other = advice.choices[1]
        else:
            other = advice.best
    else:
        other = against if isinstance(against, Choice) else _find(advice, against)
    key = game_key(state)
    lang = get_language(lang)
    if isinstance(choice.action, Resolve):
        return _explain_resolve(state, key, choice, other, advice, lang)
    if key in REROLL_GAMES:
        return _explain_reroll(state, key, choice, other, advice, lang)
    return _explain_push(state, key, choice, other, advice, lang)


def _objective_line(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                    lang: str) -> str:
    unit = advice.objective
    name = figure_name(unit, key, lang=lang)
    va, vb = choice.figures[unit], other.figures[unit]
    a, b = format_value(unit, va, lang=lang), format_value(unit, vb, lang=lang)
    if abs(va - vb) < 1e-12 or a == b:
        return _("Your {figure} is {a} either way.", lang=lang, figure=name, a=a)
    better = (va > vb) == advice.higher_is_better
    if better:
        return _("So your {figure} is {a}, against {b}.", lang=lang, figure=name, a=a, b=b)
    if va < vb:
        return _("So your {figure} falls from {b} to {a}.", lang=lang, figure=name, a=a, b=b)
    return _("So your {figure} rises from {b} to {a}.", lang=lang, figure=name, a=a, b=b)


# --- reroll games ------------------------------------------------------------
@dataclass(frozen=True)
class _TurnView:
    p_success: float
    success_value: float | None  # mean p_win after a success
    likeliest: str | None  # the likeliest success in words


def _dripeul_result(state: Any, final: tuple[int, ...], lang: str) -> tuple[bool, str, float,
                                                                           tuple]:
    from .engine import dripeul as eng

    p = state.current_player
    a = eng.advise_resolution(final, tokens=state.tokens[p], level=state.triangle[p],
                              rules=state.rules)
    best = a.best
    if best.figures["p_turn"] < 1.0:
        return False, "", best.figures["p_win"], ("fail",)
    if best.action is None:  # the suite bonus
        text = _("moves your triangle one left (suite bonus)", lang=lang)
        return True, text, best.figures["p_win"], ("bonus",)
    c = best.action.choice
    if isinstance(c, tuple):
        text = _("removes tokens {a} and {b}", lang=lang, a=c[0], b=c[1])
    else:
        text = _("removes token {t}", lang=lang, t=c)
    return True, text, best.figures["p_win"], ("remove", c)


def _trwavril_result(state: Any, final: tuple[int, ...], lang: str) -> tuple[bool, str, float,
                                                                            tuple]:
    from .engine import trwavril as eng

    p = state.current_player
    barred, u = state.barred[p], state.parapluies[p]
    a = eng.advise_resolution(final, barred=barred, parapluies=u, rules=state.rules)
    if not len(a):
        return False, "", eng.start_value(barred, u - 1, state.rules), ("miss",)
    c = a.best.action.choice
    if c in barred:
        text = _("flips card {c} back", lang=lang, c=c)
    else:
        text = _("bars card {c}", lang=lang, c=c)
    return True, text, a.best.figures["p_win"], ("flip", c)


def _turn_view(state: Any, key: str, keep: tuple[int, ...], lang: str,
               memo: dict[Any, Any] | None = None) -> _TurnView:
    from .engine import dripeul as de
    from .engine import trwavril as te

    p = state.current_player
    if key == "dripeul":
        dist = de.keep_outcomes(keep, rolls_left=state.rolls_left, tokens=state.tokens[p],
                                level=state.triangle[p], rules=state.rules)
        result = _dripeul_result
    else:
        dist = te.keep_outcomes(keep, rolls_left=state.rolls_left, barred=state.barred[p],
                                parapluies=state.parapluies[p], rules=state.rules)
        result = _trwavril_result
    success = 0.0
    weighted = 0.0
    groups: dict[tuple, list[Any]] = {}
    memo = {} if memo is None else memo
    for final, prob in dist.items():
        if final not in memo:
            memo[final] = result(state, final, lang)
        ok, text, value, gkey = memo[final]
        if ok:
            success += prob
            weighted += prob * value
            g = groups.setdefault(gkey, [0.0, text])
            g[0] += prob
    if not groups:
        return _TurnView(0.0, None, None)
    likeliest = max(groups.values(), key=lambda g: g[0])[1]
    return _TurnView(success, weighted / success, likeliest)


def _explain_reroll(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                    lang: str) -> list[str]:
    la = _q(describe_action(state, choice.action, lang=lang), lang)
    lb = _q(describe_action(state, other.action, lang=lang), lang)
    memo: dict[Any, Any] = {}
    va = _turn_view(state, key, choice.keep, lang, memo)
    vb = _turn_view(state, key, other.keep, lang, memo)
    pa, pb = fmt_percent(va.p_success, 1, lang=lang), fmt_percent(vb.p_success, 1, lang=lang)
    rolls = ngettext("{n} roll left", "{n} rolls left", state.rolls_left, lang=lang)
    if abs(va.p_success - vb.p_success) < 5e-4:
        first = _("{a} wins the turn as often as {b} ({pa}, {rolls}).", lang=lang, a=la, b=lb,
                  pa=pa, rolls=rolls)
    elif va.p_success > vb.p_success:
        first = _("{a} wins the turn more often than {b} ({pa} vs {pb}, {rolls}).", lang=lang,
                  a=la, b=lb, pa=pa, pb=pb, rolls=rolls)
    else:
        first = _("{a} wins the turn less often than {b} ({pa} vs {pb}, {rolls}).", lang=lang,
                  a=la, b=lb, pa=pa, pb=pb, rolls=rolls)
    unit = advice.objective
    fname = figure_name("p_win", key, lang=lang)
    lines = [first]
    if va.likeliest is not None and vb.likeliest is not None and unit in ("p_win", "p_turn"):
        lines.append(_("After a success, your {figure} is {x} on average (most often it "
                       "{what}); with {b}: {x_b} ({what_b}).", lang=lang, figure=fname,
                       x=fmt_percent(va.success_value or 0.0, 1, lang=lang), what=va.likeliest,
                       b=lb, x_b=fmt_percent(vb.success_value or 0.0, 1, lang=lang),
                       what_b=vb.likeliest))
    elif va.likeliest is not None and unit in ("p_win", "p_turn"):
        lines.append(_("After a success, your {figure} is {x} on average (most often it "
                       "{what}).", lang=lang, figure=fname,
                       x=fmt_percent(va.success_value or 0.0, 1, lang=lang), what=va.likeliest))
    if unit in ("p_win", "p_turn"):
        fail = _failure_text(state, key, fname, lang)
        if len(lines) > 1:
            lines[1] += " " + fail
        else:
            lines.append(fail)
    lines.append(_objective_line(state, key, choice, other, advice, lang))
    return lines


def _failure_text(state: Any, key: str, fname: str, lang: str) -> str:
    """What a failed turn leaves: the difficulty left and the chance from there."""
    p = state.current_player
    if key == "dripeul":
        from .engine import dripeul as eng
        from .games.dripeul import LEVEL_NAMES

        t = state.triangle[p] - 1
        if t < 0:
            return _("A failure now loses the manche.", lang=lang)
        x = eng.start_value(state.tokens[p], t, state.rules)
        return _("After a failure: triangle {t} ({name}), {figure} {x}.", lang=lang, t=t,
                 name=LEVEL_NAMES[t], figure=fname, x=fmt_percent(x, 1, lang=lang))
    from .engine import trwavril as eng
    from .games.trwavril import DIFFICULTIES

    u = state.parapluies[p] - 1
    if u < 1:
        return _("A miss now ends your game.", lang=lang)
    x = eng.start_value(state.barred[p], u, state.rules)
    return ngettext("After a miss: {n} parapluie left ({name}), {figure} {x}.",
                    "After a miss: {n} parapluies left ({name}), {figure} {x}.", u, lang=lang,
                    name=DIFFICULTIES[u], figure=fname, x=fmt_percent(x, 1, lang=lang))


# --- resolutions (which token, which card) -----------------------------------------
def _explain_resolve(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                     lang: str) -> list[str]:
    la = _q(describe_action(state, choice.action, lang=lang), lang)
    lb = _q(describe_action(state, other.action, lang=lang), lang)
    p = state.current_player
    if key == "dripeul":
        from .engine import dripeul as eng
        from .games.dripeul import apply_outcome, resolutions

        def board(c: Choice) -> tuple[str, float]:
            out = next(o for o in resolutions(state.dice, state.tokens[p], state.rules)
                       if o.action == c.action)
            tokens, _t = apply_outcome(state.tokens[p], state.triangle[p], out)
            if not tokens:
                return _("no token left", lang=lang), 1.0
            return (_("squares {squares}", lang=lang, squares=_dice(tokens)),
                    eng.p_turn_start(tokens, state.rules))

        (ba, ta), (bb, tb) = board(choice), board(other)
        first = _("{a} leaves {board_a}, {b} leaves {board_b}: the next turn succeeds with "
                  "{pa} vs {pb}.", lang=lang, a=la, b=lb, board_a=ba, board_b=bb,
                  pa=fmt_percent(ta, 1, lang=lang), pb=fmt_percent(tb, 1, lang=lang))
    else:
        barred = state.barred[p]

        def cards(c: Choice) -> str:
            after = sorted(set(barred) ^ {c.action.choice})
            if not after:
                return _("no card barred", lang=lang)
            return _("cards {cards} barred", lang=lang, cards=_dice(after))

        first = _("{a} leaves {board_a}, {b} leaves {board_b}.", lang=lang, a=la, b=lb,
                  board_a=cards(choice), board_b=cards(other))
    return [first, _objective_line(state, key, choice, other, advice, lang)]


# --- push-your-luck games --------------------------------------------------------
def _after(state: Any, action: Any) -> Any:
    """The state right after ``action`` (before any roll), or ``None`` if it is illegal."""
    try:
        return game_module(state).step(state, action)[0]
    except DicelabError:
        return None


def _push_line(state: Any, choice: Choice, lang: str) -> str:
    label = _q(describe_action(state, choice.action, lang=lang), lang)
    f = choice.figures
    after = _after(state, choice.action)
    if after is not None and after.is_over and state.current_player in after.winners:
        return _("{a} ends the game: you win.", lang=lang, a=label)
    if isinstance(choice.action, Bank):
        if f["expected_points"] <= 0:
            return _("{a} ends the turn with no points.", lang=lang, a=label)
        banked = round(f["expected_points"])
        return ngettext("{a} banks {n} point for sure.", "{a} banks {n} points for sure.",
                        banked, lang=lang, a=label)
    p = f.get("p_bust", 0.0)
    if after is None or not after.to_roll or p >= 1.0:
        return _("{a} ends the turn with no points.", lang=lang, a=label)
    stake = int(after.turn_points)
    return ngettext(
        "{a} puts {n} point at stake: {p} chance to bust on the next roll, an "
        "expected loss of {loss} points; played on for points, the turn is worth {worth} "
        "points on average, a net expected gain of {gain}.",
        "{a} puts {n} points at stake: {p} chance to bust on the next roll, an "
        "expected loss of {loss} points; played on for points, the turn is worth {worth} "
        "points on average, a net expected gain of {gain}.", stake, lang=lang, a=label,
        p=fmt_percent(p, 1, lang=lang),
             loss=fmt_number(p * stake, 1, lang=lang),
             worth=fmt_number(f["expected_points"], 1, lang=lang),
             gain=_signed(f["expected_points"] - stake, lang))


def _signed(x: float, lang: str) -> str:
    text = fmt_number(abs(x), 1, lang=lang)
    return ("+" if x >= 0 else "−") + text


def _explain_push(state: Any, key: str, choice: Choice, other: Choice, advice: Advice,
                  lang: str) -> list[str]:
    return [_push_line(state, choice, lang), _push_line(state, other, lang),
            _objective_line(state, key, choice, other, advice, lang)]


# ----------------------------------------------------------------------- hint
@dataclass(frozen=True)
class Hint:
    """One rung of the hint ladder.

    ``level`` 1: ``dice`` (values) and ``positions`` (indices into ``state.dice``) the best
    choice keeps or sets aside, and ``text`` saying so without the choice's value;
    2: also ``action`` and ``label`` of the best choice; 3: also the full table:
    ``headers`` (readable figure names, first the choice), ``symbols`` (their mathematical
    names, for tooltips) and ``rows`` (every choice, best first, formatted figures; the
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


#: Figures a hint table shows, in order, when the advice has them.
TABLE_FIGURES = ("p_duel", "p_win", "expected_turns", "p_turn", "p_bust", "expected_points")


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
        if key == "dripeul":
            text = _("Compare the squares each token leaves for the next turns.", lang=lang)
        else:
            text = _("Compare the cards each flip leaves barred.", lang=lang)
    else:
        dice = tuple(best.keep)
        positions = _positions(tuple(state.dice), dice)
        if dice:
            text = _("Look at these dice: {dice}.", lang=lang, dice=_dice(dice))
        else:
            text = _("None of these dice is worth keeping.", lang=lang)
    if level == 1:
        return Hint(1, text, dice, positions)
    label = describe_action(state, best.action, lang=lang)
    text2 = _("Best choice: {choice}.", lang=lang, choice=label)
    if level == 2:
        return Hint(2, text2, dice, positions, best.action, label)
    figs = [f for f in TABLE_FIGURES if f in best.figures]
    if advice.objective in figs:  # the objective first
        figs.remove(advice.objective)
        figs.insert(0, advice.objective)
    headers = (_("choice", lang=lang), *(figure_name(f, key, lang=lang) for f in figs),
               _("loss", lang=lang))
    symbols = ("", *(figure_symbol(f, lang=lang) for f in figs), "")
    rows = tuple(
        (describe_action(state, c.action, lang=lang),
         *(format_value(f, c.figures[f], lang=lang) for f in figs),
         format_loss(advice.objective, c.loss, lang=lang))
        for c in advice
    )
    return Hint(3, text2, dice, positions, best.action, label, headers, symbols, rows,
                tuple(c.action for c in advice))

