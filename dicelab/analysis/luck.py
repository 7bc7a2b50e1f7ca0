"""Luck and skill: split a game's result exactly into what the dice did and what the players chose.

Let ``V`` be the exact value of a position from seat 0's point of view, both players
playing optimally from there (:func:`position_value`):

* **two players** — the probability that seat 0 wins (a shared win counts ½), the
  engines' ``p_duel`` (:func:`dicelab.analysis.solving`); **Dripeul 5**: the duel
  engine knows the *manche* (:mod:`dicelab.engine.dripeul.duel`), so ``V`` is the
  expected number of manches seat 0 wins (a tied manche counts ½): the manches already
  won, plus the chance to win the current one, plus the chance at the start of a manche
  for each manche still to come.  With ``Rules(manches=1)`` it is the chance to win the
  game;
* **solo** — the game's solo objective (:data:`dicelab.policies.SOLO_OBJECTIVE`):
  Dripeul 5 and Trwavril, the probability to win the game (Dripeul: every manche still
  to play cleared, each from its start value); 5000 and Seveny, the expected total number
  of turns of the game: turns already started plus the expected turns left.

Every step of a game changes ``V`` one of two ways:

* a **roll**: its *luck* is ``V`` after the roll minus ``V`` before it, which is the
  expected ``V`` over every outcome of that roll (the engines' own distribution,
  :func:`dicelab.dice.roll_probabilities` over multisets; each outcome valued by its best
  choice) — so luck has expectation zero, dice set by hand included;
* a **decision**: its *loss* is ``V`` of the best choice minus ``V`` of the choice made,
  from the decider's point of view (the coach's loss, in ``V``'s unit), never negative.

Summed over a game, exactly (``V`` telescopes: each row's ``value_before`` is the row
before's ``value_after``)::

    result − V(start) = Σ luck − Σ seat 0's losses + Σ seat 1's losses
    solo, in turns:   result − V(start) = Σ luck + Σ losses   (luck > 0: more turns)

:func:`analyse` gives the rows (:class:`LuckRow`) and a :class:`LuckReport` with each
player's *luck of the dice* (from that player's side: positive is good) and *cost of
decisions*, the sentence of the split, a chart (:meth:`LuckReport.to_figure`) and its text
alternative.  :func:`class_summary` pools several saved games (a teacher's class view).

>>> from dicelab.games import trwavril
>>> from dicelab.games._base import Roll
>>> g = trwavril.Game(seed=1)
>>> _ = g.apply(Roll(()), dice=[5, 5, 2, 5])
>>> _ = g.apply(Roll((5, 5)), dice=[1, 2])
>>> rep = analyse(g)
>>> [r.kind for r in rep.rows]
['roll', 'decision', 'roll']
>>> abs(rep.rows[-1].value_after - rep.start_value - rep.identity_sum()) < 1e-12
True
>>> round(rep.rows[1].loss, 4)
0.085
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicelab.analysis.saves import load_game
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import (
    N_,
    _,
    fmt_number,
    fmt_percent,
    get_language,
    ngettext,
    ngettext_amount,
)
from dicelab.core.objectives import objective_name
from dicelab.registry import GAMES, get

__all__ = [
    "ClassSummary",
    "LuckReport",
    "LuckRow",
    "MODES",
    "analyse",
    "class_summary",
    "position_value",
    "ready",
    "roll_values",
]

#: What ``V`` is: ``"duel"`` (two players: seat 0's chance to win; Dripeul: expected
#: manches won), ``"solo_p_win"`` (probability to win), ``"solo_turns"`` (expected total
#: turns).
MODES = ("duel", "solo_p_win", "solo_turns")

#: The games whose solo objective is the expected number of turns (the others: P(win)).
_SOLO_TURNS = tuple(g.key for g in GAMES if g.solo_objective == "expected_turns")
_MODE_NAMES = {
    "duel": N_("two players (points of winning chance)"),
    "solo_p_win": N_("solo (points of winning chance)"),
    "solo_turns": N_("solo (turns)"),
}


# ----------------------------------------------------------------------- rows
@dataclass(frozen=True)
class LuckRow:
    """One step of the game that moves ``V``: a roll or a decision.

    ``number``: 1-based; ``step``: index of the action in ``game.actions`` (a roll belongs
    to the action that rolled it); ``turn``: the game's turn count; ``player``: the seat
    that rolled or chose; ``kind``: ``"roll"`` or ``"decision"``; ``dice``: the dice
    rolled (roll) or shown (decision); ``choice``: the decision in words, in the
    report's language (``""`` for a roll); ``value_before`` / ``value_after``: seat 0's
    ``V`` (module docstring); ``luck``: ``value_after - value_before`` for a roll (``None`` for a
    decision); ``loss``: for a decision, the best choice's ``V`` minus the choice's, from
    the decider's side (``>= 0``; ``None`` for a roll); ``source``: for a roll, where its
    dice came from (``"rng"``, ``"hand"``, ``"teacher"``, ``"unchecked"``).
    """

    number: int
    step: int
    turn: int
    player: int
    kind: str
    dice: tuple[int, ...]
    choice: str
    value_before: float
    value_after: float
    luck: float | None = None
    loss: float | None = None
    source: str = ""

    @property
    def hand_set(self) -> bool:
        """The dice of this roll were not drawn from the seed."""
        return self.kind == "roll" and self.source not in ("rng", "")


# ----------------------------------------------------------------------- values
def _mode(state: Any, key: str) -> str | None:
    if state.players == 2:
        return "duel"
    if state.players == 1:
        return "solo_turns" if key in _SOLO_TURNS else "solo_p_win"
    return None


def _manche_result(points: Sequence[int]) -> float:
    """Seat 0's share of a finished two-player Dripeul manche (lower score wins)."""
    a, b = points[0], points[1]
    return 1.0 if a < b else 0.5 if a == b else 0.0


class _Values:
    """``V`` of the states of one game (seat 0's side), with the engines' advice cached.

    ``exact=True``: :meth:`after` values the chance node after an action, and a turn's
    start, by enumerating its outcomes (:meth:`exact_value`, the definition; slow: tests);
    otherwise by the engines' own value of the choice or turn start that led to it
    (equal up to the engines' rounding, ~1e-14).
    """

    def __init__(self, key: str, rules: Any, players: int, *, exact: bool = False,
                 advice: dict[Any, Any] | None = None) -> None:
        self.key = key
        self.rules = rules
        self.players = players
        self.exact = exact
        self.entry = get(key)
        self.mod = self.entry.rules
        self.engine = self.entry.engine
        self.mode = _mode_for(players, key)
        self.objective = "p_duel" if self.mode == "duel" else self.entry.solo_objective
        self._advice: dict[Any, Any] = {
            s: a for s, a in (advice or {}).items() if a.objective == self.objective}
        self._v: dict[Any, float] = {}
        self._manche0: float | None = None
        self._manche_solo: float | None = None

    # -- higher-is-better sign of V for seat p
    def sign(self, player: int) -> int:
        if self.mode == "duel":
            return 1 if player == 0 else -1
        return -1 if self.mode == "solo_turns" else 1

    def advice(self, state: Any) -> Any:
        try:
            return self._advice[state]
        except (KeyError, TypeError):
            pass
        a = self.engine.advise_state(state, objective=self.objective)
        try:
            self._advice[state] = a
        except TypeError:  # pragma: no cover - every state is hashable
            pass
        return a

    # -- the number of the mover at a state, on seat 0's side
    def frame(self, state: Any, x: float, *, started: bool = True) -> float:
        """``x``: the engine's number for the player to move at ``state`` (``p_duel``,
        ``p_win`` of the manche or game, expected turns counting this turn if ``started``)."""
        if self.mode == "duel":
            v = x if state.current_player == 0 else 1.0 - x
            if self.entry.manches:
                v += self._manche_offset(state)
            return v
        if self.mode == "solo_turns":
            return (state.turn_count - 1 if started else state.turn_count) + x
        if self.entry.manches:
            return x * self._manche_solo_start() ** (self.rules.manches - state.manche)
        return x

    def _manche_offset(self, state: Any) -> float:
        won = sum(_manche_result(p) for p in state.manche_scores)
        left = self.rules.manches - state.manche
        if left <= 0:
            return won
        if self._manche0 is None:
            self._manche0 = float(self.engine.duel_win_probability(self.rules))
        return won + left * self._manche0

    def _manche_solo_start(self) -> float:
        if self._manche_solo is None:
            # the solo value of a manche from its start
            self._manche_solo = self.entry.solo_start(self.mod.new_state(self.rules, 1))
        return self._manche_solo

    def result(self, state: Any) -> float:
        """``V`` of a finished game: the result."""
        if self.mode == "duel":
            if self.entry.manches:
                return float(sum(_manche_result(p) for p in state.manche_scores))
            w = state.winners
            return 1.0 if w == (0,) else 0.5 if 0 in w and len(w) > 1 else 0.0
        if self.mode == "solo_turns":
            return float(state.turn_count)
        return 1.0 if state.winners else 0.0

    def start(self, state: Any) -> float:
        """``V`` at the start of a turn (phase ``"start"``), from the engines' tables."""
        if self.mode == "duel":
            return self.frame(state, self.entry.duel_start(state))
        if self.mode == "solo_turns":
            return self.frame(state, self.entry.solo_start(state), started=False)
        return self.frame(state, self.entry.solo_start(state))

    def chance(self, state: Any) -> float:
        """``V`` of a state waiting for dice: the expectation over every outcome."""
        from dicelab.core.dice import multisets, roll_probabilities

        n = state.to_roll
        total = 0.0
        for dice, p in zip(multisets(n), roll_probabilities(n)):
            after, _ev = self.mod.roll_outcome(state, dice)
            total += float(p) * self.value(after)
        return total

    def value(self, state: Any, hint: float | None = None) -> float:
        """``V`` of ``state`` (``hint``: the engine's value of a chance node, if known)."""
        try:
            return self._v[state]
        except KeyError:
            pass
        if state.is_over:
            v = self.result(state)
        elif state.to_roll:
            v = hint if hint is not None else self.chance(state)
        elif state.phase == "start":
            v = self.start(state)
        else:
            a = self.advice(state)
            if len(a):
                v = self.frame(state, float(a.best.numbers[a.objective]))
            else:
                legal = self.mod.legal_actions(state)
                if len(legal) != 1:
                    raise DicelabError("no value for this position: {state}",
                                       state=brief(state))
                v = self.value(self.mod.step(state, legal[0])[0])
        self._v[state] = v
        return v

    def exact_value(self, state: Any) -> float:
        """``V`` by the definition: a chance node (or a turn start) is the expectation of
        its outcomes, each valued by :meth:`value` (its best choice)."""
        if not state.is_over and state.phase == "start" and not state.to_roll:
            legal = self.mod.legal_actions(state)
            if len(legal) == 1:
                state = self.mod.step(state, legal[0])[0]
        if state.to_roll:
            return self.chance(state)
        return self.value(state)

    def after(self, state: Any, action: Any) -> tuple[Any, float, Any]:
        """The state after ``action`` (before any dice), its ``V``, and the advice used."""
        new, _ev = self.mod.step(state, action)
        hint = None
        a = None
        if self.exact:
            if len(self.mod.legal_actions(state)) >= 2:
                a = self.advice(state)
            return new, self.exact_value(new), a
        if new.to_roll and not state.is_over:
            if state.phase == "start":
                hint = self.value(state)
            else:
                a = self.advice(state)
                try:
                    c = a.find(action)
                except DicelabError:
                    c = None
                if c is not None:
                    hint = self.frame(state, float(c.numbers[a.objective]))
        return new, self.value(new, hint), a


def _mode_for(players: int, key: str) -> str:
    if players == 2:
        return "duel"
    if players == 1:
        return "solo_turns" if key in _SOLO_TURNS else "solo_p_win"
    raise DicelabError("luck and skill are measured with one or two players; this game has "
                       "{n}", n=players)


def ready(game: Any) -> bool:
    """Whether :func:`analyse` of ``game`` costs no long solve: one player, or two
    players with the variant's two-player table at hand; ``False`` with 3+ players."""
    if game.players == 1:
        return True
    if game.players != 2:
        return False
    from dicelab.analysis import solving as duel_registry

    return bool(duel_registry.duel_ready(game.definition.key, game.rules))


def position_value(state: Any, *, exact: bool = False) -> float:
    """``V`` of a position, seat 0's side (module docstring), optimal play from there.

    >>> from dicelab.engine import trwavril as trwavril_odds
    >>> from dicelab.games import trwavril
    >>> s = trwavril.new_state(trwavril.Rules(), 1)
    >>> round(position_value(s), 4) == round(trwavril_odds.win_probability(), 4)
    True
    """
    from dicelab.analysis.coach import game_key

    key = game_key(state)
    vals = _Values(key, state.rules, state.players)
    return vals.exact_value(state) if exact else vals.value(state)


def roll_values(state: Any) -> list[tuple[tuple[int, ...], float, float]]:
    """Every outcome of the roll ``state`` waits for: ``(dice, probability, V after)``
    (the engines' distribution over multisets; each outcome valued by its best choice).

    >>> from dicelab.games import trwavril
    >>> from dicelab.games._base import Roll
    >>> s = trwavril.step(trwavril.new_state(trwavril.Rules(), 1), Roll(()))[0]
    >>> out = roll_values(s)
    >>> len(out), round(sum(p for _d, p, _v in out), 12)
    (126, 1.0)
    """
    from dicelab.analysis.coach import game_key
    from dicelab.core.dice import multisets, roll_probabilities

    key = game_key(state)  # a DicelabError for what is not a game position
    if not state.to_roll:
        raise DicelabError("this position waits for no dice: {state}", state=brief(state))
    vals = _Values(key, state.rules, state.players)
    n = state.to_roll
    return [(d, float(p), vals.value(vals.mod.roll_outcome(state, d)[0]))
            for d, p in zip(multisets(n), roll_probabilities(n))]


# ----------------------------------------------------------------------- analysis
@dataclass
class LuckReport:
    """The luck/skill split of one game (see the module docstring).

    ``mode``: one of :data:`MODES`; ``start_value``: ``V`` before the first step;
    ``end_value``: ``V`` now (the result when ``finished``); ``rows``: every roll and
    every decision (a position with two or more legal actions), in order.
    """

    game_key: str
    game_name: str
    players: int
    mode: str
    start_value: float
    end_value: float
    finished: bool
    rows: tuple[LuckRow, ...]
    manches: int = 1
    lang: str = "en"
    signs: tuple[int, ...] = field(default=(1,))
    #: The spread (standard deviation) of a whole game's luck under optimal play, from
    #: the start, in ``V``'s unit (solo turns: the engine's exact spread of the number of
    #: turns); ``None`` when not known (then :meth:`luck_z` is ``None``).
    luck_sd: float | None = None

    # ---------------------------------------------------------------- sums
    def identity_sum(self) -> float:
        """``Σ luck − Σ signed losses``: equals ``end_value − start_value`` exactly."""
        return (sum(r.luck for r in self.rows if r.kind == "roll")
                - sum(self.signs[r.player] * r.loss for r in self.rows
                      if r.kind == "decision"))

    def luck(self, player: int) -> float:
        """Total luck of ``player``'s own rolls, from that player's side (positive: the
        dice helped; solo in turns: turns the dice saved)."""
        s = self.signs[player]
        return sum(s * r.luck for r in self.rows if r.kind == "roll" and r.player == player)

    def cost(self, player: int) -> float:
        """Total cost of ``player``'s decisions (``>= 0``, ``V``'s unit)."""
        return sum(r.loss for r in self.rows if r.kind == "decision" and r.player == player)

    # ---------------------------------------------------------------- skill score
    def own_value(self, player: int, x: float) -> float:
        """``V`` = ``x`` seen from ``player``'s side (two players, one game: player 2's
        chance is one minus player 1's)."""
        if self.mode == "duel" and self.manches == 1 and self.signs[player] < 0:
            return 1.0 - x
        return x

    def skill_score(self, player: int) -> tuple[float, float] | None:
        """``(best play, with the player's choices)`` in the game's own unit, luck left
        out (Verhoeff's proficiency score: the optimal expectation minus the losses):
        the player's chance to win from the start, playing optimally and with the
        decisions made (``start − cost``), or the expected number of turns of a solo
        game (``start + cost``).  ``None`` for a game counted in manches."""
        if self.mode == "solo_turns":
            return self.start_value, self.start_value + self.cost(player)
        if not self.is_probability:
            return None
        best = self.own_value(player, self.start_value)
        return best, best - self.cost(player)

    def luck_adjusted(self, player: int) -> tuple[float, float] | None:
        """``(result with average dice, the result)``: the game's result with the luck of
        the dice taken out (the exact split: result − luck), and the result itself, from
        ``player``'s side; ``None`` for a game counted in manches."""
        if self.mode != "solo_turns" and not self.is_probability:
            return None
        raw = sum(r.luck for r in self.rows if r.kind == "roll")  # V's own direction
        if self.mode == "duel":
            raw *= self.signs[player]  # player 2 sees 1 - V
        end = self.own_value(player, self.end_value)
        return end - raw, end

    def game_luck(self, player: int) -> float:
        """The luck of every roll of the game (both players' dice), from ``player``'s side:
        what the dice did to that player's result (:meth:`luck` counts their own rolls)."""
        return self.signs[player] * sum(r.luck for r in self.rows if r.kind == "roll")

    def luck_z(self, player: int) -> float | None:
        """How unusual the game's luck was for ``player``: :meth:`game_luck` in standard
        deviations of a whole game's luck under optimal play (:attr:`luck_sd`; positive:
        lucky); ``None`` for an unfinished game or an unknown spread."""
        if not self.luck_sd or not self.finished:
            return None
        return self.game_luck(player) / self.luck_sd

    def luck_shares(self, player: int) -> tuple[float, float] | None:
        """How unusual the game's luck was, exactly: ``(below, above)``, the shares of the
        games played perfectly whose luck (from ``player``'s side) is below this game's, and
        above it.  A game won or lost, played perfectly, has luck ``1 − p`` (won, chance
        ``p``) or ``−p`` (lost), ``p`` the chance at the start; ``None`` where the result can
        be a draw, for a game in turns, or an unfinished game.

        >>> r = LuckReport("trwavril", "Trwavril", 1, "solo_p_win", 0.25, 0.0, True, (),
        ...                luck_sd=0.433)
        >>> r.luck_shares(0)  # lost, no luck recorded: luckier than the lost perfect games
        (0.75, 0.25)
        """
        if not self.finished or self.manches != 1 or self.mode == "solo_turns":
            return None
        if self.mode == "duel" and get(self.game_key).duel_draws:
            return None
        p, x, eps = self.own_value(player, self.start_value), self.game_luck(player), 1e-12
        outcomes = ((1.0 - p, p), (-p, 1.0 - p))
        return (sum(q for v, q in outcomes if v < x - eps),
                sum(q for v, q in outcomes if v > x + eps))

    def skill_sentences(self, player: int, lang: str | None = None) -> list[str]:
        """The skill score, the luck-adjusted result and how unusual the luck was, in
        words (what a proficiency test gives)."""
        lang = lang or self.lang
        out = []
        score = self.skill_score(player)
        if score is not None:
            best, mine = score
            if self.mode == "solo_turns":
                out.append(_("Skill score: with your choices, {x} expected turns (best play: "
                             "{y}).", lang=lang, x=fmt_number(mine, 1, lang),
                             y=fmt_number(best, 1, lang)))
            else:
                out.append(_("Skill score: the decisions took the chance of winning from {a} "
                             "to {b}.", lang=lang, a=self.value_text(best, lang),
                             b=self.value_text(mine, lang)))
        adjusted = self.luck_adjusted(player)
        if adjusted is not None and self.finished:
            avg, result = adjusted
            if self.mode == "solo_turns":
                out.append(_("Luck-adjusted result: {x} turns with average dice (played: "
                             "{y}).", lang=lang, x=fmt_number(avg, 1, lang),
                             y=fmt_number(result, 0, lang)))
            else:
                out.append(_("Luck-adjusted result: with average dice, a {x} chance of "
                             "winning (result: {y}).", lang=lang,
                             x=self.value_text(avg, lang),
                             y=_("won", lang=lang) if result > 0.5 else
                             _("drawn", lang=lang) if result == 0.5 else _("lost", lang=lang)))
        z = self.luck_z(player)
        if z is not None:
            zt = fmt_number(z, 1, lang).replace("-", "\u2212")
            shares = self.luck_shares(player)
            if shares is None:
                out.append(_("Luck: {z} standard deviations of a game's luck under perfect "
                             "play.", lang=lang, z=zt))
            else:
                out.append(_("Luck: {z} standard deviations; luckier than {below} of the "
                             "games played perfectly, less lucky than {above}.", lang=lang,
                             z=zt, below=fmt_percent(shares[0], 1, lang=lang),
                             above=fmt_percent(shares[1], 1, lang=lang)))
        return out

    @property
    def is_probability(self) -> bool:
        return self.mode == "solo_p_win" or (self.mode == "duel" and self.manches == 1)

    # ---------------------------------------------------------------- words
    def amount(self, x: float, lang: str | None = None) -> str:
        """``x`` in ``V``'s unit, in words: percentage points, turns or manches."""
        lang = lang or self.lang
        if self.is_probability:
            return ngettext_amount("{x} point of winning chance",
                                   "{x} points of winning chance", 100 * x, 1, lang)
        if self.mode == "solo_turns":
            return ngettext_amount("{x} turn", "{x} turns", x, 2, lang)
        return ngettext_amount("{x} manche", "{x} manches", x, 2, lang)

    def signed_amount(self, x: float, lang: str | None = None) -> str:
        """:meth:`amount` of ``x`` with its sign: a real minus sign (U+2212) below zero, a
        plus sign above (« −6,7 points de chance de gagner »), none when it rounds to 0."""
        lang = lang or self.lang
        return _sign(x, self.amount(abs(x), lang))

    def amount_short(self, x: float, lang: str | None = None) -> str:
        """``x`` (at least 0) without a sign, in a chart label's short words: « 3,9 points »."""
        lang = lang or self.lang
        if self.is_probability:
            return ngettext_amount("{x} point", "{x} points", 100 * abs(x), 1, lang)
        return self.amount(abs(x), lang)

    def short_amount(self, x: float, lang: str | None = None) -> str:
        """``x`` signed, in a chart label's short words: « −6,7 points », “+2.1 turns”."""
        lang = lang or self.lang
        if self.is_probability:
            text = ngettext_amount("{x} point", "{x} points", 100 * abs(x), 1, lang)
        else:
            text = self.amount(abs(x), lang)
        return _sign(x, text)

    def value_text(self, x: float, lang: str | None = None) -> str:
        lang = lang or self.lang
        if self.is_probability:
            from dicelab.core.i18n import fmt_percent

            return fmt_percent(x, 1, lang)
        return fmt_number(x, 2, lang)

    def value_name(self, lang: str | None = None) -> str:
        """What ``V`` is, in plain words."""
        lang = lang or self.lang
        if self.mode == "duel":
            if self.manches > 1:
                return _("expected manches won by player 1", lang=lang)
            return _("player 1's chance to win", lang=lang)
        if self.mode == "solo_turns":
            return _("expected number of turns of the game", lang=lang)
        return objective_name("p_win", lang)

    def sentence(self, player: int = 0, lang: str | None = None) -> str:
        """The split for ``player`` in one sentence (luck of the dice, cost of decisions)."""
        lang = lang or self.lang
        luck, cost = self.luck(player), self.cost(player)
        if self.mode == "solo_turns":
            key = (N_("Luck of the dice: the dice saved you {luck}; cost of decisions: your "
                      "choices cost you {cost}.") if luck >= 0 else
                   N_("Luck of the dice: the dice cost you {luck}; cost of decisions: your "
                      "choices cost you {cost}."))
        else:
            key = (N_("Luck of the dice: your dice gave you {luck}; cost of decisions: your "
                      "choices cost you {cost}.") if luck >= 0 else
                   N_("Luck of the dice: your dice took {luck} from you; cost of decisions: "
                      "your choices cost you {cost}."))
        return _(key, lang=lang, luck=self.amount(abs(luck), lang),
                 cost=self.amount(cost, lang))

    def named_sentence(self, player: int, name: str, lang: str | None = None) -> str:
        """:meth:`sentence` about ``player`` called ``name`` (third person, for a caption
        that speaks of both players)."""
        lang = lang or self.lang
        luck, cost = self.luck(player), self.cost(player)
        key = (N_("{player} — luck of the dice: the dice gave {luck}; cost of decisions: the "
                  "choices cost {cost}.") if luck >= 0 else
               N_("{player} — luck of the dice: the dice took {luck}; cost of decisions: the "
                  "choices cost {cost}."))
        return _(key, lang=lang, player=name, luck=self.amount(abs(luck), lang),
                 cost=self.amount(cost, lang))

    def summary(self, lang: str | None = None) -> list[dict[str, Any]]:
        """Per player: ``player``, ``luck`` (luck of the dice, that player's side),
        ``cost`` (cost of decisions), ``rolls``, ``decisions``, ``sentence``."""
        lang = lang or self.lang
        return [{"player": p, "luck": self.luck(p), "cost": self.cost(p),
                 "rolls": sum(1 for r in self.rows if r.kind == "roll" and r.player == p),
                 "decisions": sum(1 for r in self.rows
                                  if r.kind == "decision" and r.player == p),
                 "sentence": self.sentence(p, lang)} for p in range(self.players)]

    def identity_text(self, lang: str | None = None) -> str:
        """The exact identity with this game's numbers."""
        lang = lang or self.lang
        scale, digits = (100.0, 2) if self.is_probability else (1.0, 3)

        def f(x: float) -> str:  # the sentences' unit: percentage points, turns, manches
            return fmt_number(scale * x, digits, lang).replace("-", "−")

        unit = (_("points of winning chance", lang=lang) if self.is_probability else
                _("turns", lang=lang) if self.mode == "solo_turns" else _("manches", lang=lang))
        if self.mode == "duel":
            return _("result − start value = {d} = luck {luck} − player 1's cost {c0} + "
                     "player 2's cost {c1} (in {unit}, from player 1's side)", lang=lang,
                     d=f(self.end_value - self.start_value),
                     luck=f(sum(r.luck for r in self.rows if r.kind == "roll")),
                     c0=f(self.cost(0)), c1=f(self.cost(1)), unit=unit)
        luck_total = sum(r.luck for r in self.rows if r.kind == "roll")
        d = self.end_value - self.start_value
        if self.is_probability:  # one decimal, as the lessons write points; the line adds up
            digits = 1
            d = (round(scale * luck_total, 1) - round(scale * self.cost(0), 1)) / scale
        return _("end value − start value = {d} = luck {luck} {sign} cost {c} (in {unit})",
                 lang=lang, d=f(d), luck=f(luck_total),
                 sign="+" if self.mode == "solo_turns" else "−", c=f(self.cost(0)), unit=unit)

    # ---------------------------------------------------------------- chart
    def marked(self, k: int = 2, *, side: int | None = None
               ) -> tuple[list[LuckRow], list[LuckRow], list[LuckRow]]:
        """The ``k`` luckiest and unluckiest rolls (for the player who rolled, or with
        ``side`` for that player, whoever rolled: the chart's line) and the ``k``
        costliest decisions (loss above a rounding noise)."""
        rolls = [r for r in self.rows if r.kind == "roll"]

        def gain(r: LuckRow) -> float:
            return self.signs[r.player if side is None else side] * r.luck

        own = sorted(rolls, key=gain)
        lucky = [r for r in own[::-1][:k] if gain(r) > 1e-9]
        unlucky = [r for r in own[:k] if gain(r) < -1e-9]
        dec = sorted((r for r in self.rows if r.kind == "decision" and r.loss > 1e-9),
                     key=lambda r: -r.loss)[:k]
        return lucky, unlucky, dec

    def to_figure(self, lang: str | None = None, *, marks: int = 2,
                  names: Sequence[str] | None = None, plain: bool = False) -> Any:
        """The game's ``V`` step by step (win-probability chart for two players,
        expected-turns chart in solo 5000 and Seveny), the luckiest and unluckiest rolls
        and the costliest decisions marked with distinct shapes and labelled (dice,
        choice) — never by colour alone; ``fig.dicelab_alt_text`` describes it.

        The rolls' marks are triangles up and down; ``plain=True`` draws a circle and a
        square instead (lesson 14's example: beside a label, a triangle read as an arrow)."""
        from dicelab.render.plots import OKABE_ITO, _finish, _new_figure, _style

        lang = get_language(lang or self.lang)
        scale = 100.0 if self.is_probability else 1.0
        xs = list(range(len(self.rows) + 1))
        ys = [self.start_value * scale] + [r.value_after * scale for r in self.rows]
        # two players: the line is player 1's, so are the marks (whoever rolled)
        side = 0 if self.players > 1 else None
        lucky, unlucky, dec = self.marked(marks, side=side)
        if side is None:
            up, down = _("luckiest roll", lang=lang), _("unluckiest roll", lang=lang)
        else:
            up = _("roll that raised player 1's chance most", lang=lang)
            down = _("roll that lowered player 1's chance most", lang=lang)
        with _style():
            fig = _new_figure((7.0, 3.6))
            ax = fig.add_subplot()
            ax.plot(xs, ys, drawstyle="steps-post", color=OKABE_ITO["blue"], linewidth=1.6,
                    label=self.value_name(lang))
            if self.mode == "duel" and self.manches == 1:
                ax.axhline(50, color="#777777", linewidth=0.8, linestyle=":")
                ax.set_ylim(-3, 103)
            groups = (
                (lucky, "o" if plain else "^", OKABE_ITO["bluish green"], up),
                (unlucky, "s" if plain else "v", OKABE_ITO["vermillion"], down),
                (dec, "X", OKABE_ITO["reddish purple"], _("costliest decision", lang=lang)),
            )
            notes = []
            for rows, marker, colour, label in groups:
                if not rows:
                    continue
                ax.plot([r.number for r in rows], [r.value_after * scale for r in rows],
                        linestyle="none", marker=marker, markersize=10, color=colour,
                        markeredgecolor="black", label=label, zorder=4)  # over the labels
                notes += [(r.number, r.value_after * scale, self._mark_label(r, lang))
                          for r in rows]
            if not (self.mode == "duel" and self.manches == 1):
                lo, hi = ax.get_ylim()  # room above the highest mark for its label
                ax.set_ylim(lo, hi + 0.1 * (hi - lo))
            ax.legend(loc="best", fontsize=8, frameon=False)
            ylabel = self.value_name(lang) + (" (%)" if scale == 100 else "")
            fig = _finish(fig, ax, _("step of the game (rolls and decisions)", lang=lang),
                          ylabel, _("Luck and skill: {game}", lang=lang, game=self.game_name),
                          self.alt_text(lang, marks, names), lang)
            # the labels last, once the axes have their final size (the figure's layout
            # makes room for the axis labels and title): placed earlier, a label measured
            # beside its mark ended up far from it (lesson 14's « dés 6 5 4 3 »)
            fig.canvas.draw()
            _place_labels(fig, ax, notes)
        return fig

    def to_html(self, lang: str | None = None, *, svg: Any = None,
                names: Sequence[str] | None = None, third: Collection[int] = ()) -> str:
        """A ``<section class="dicelab-luck">``: each player's split in one sentence, the
        chart (inline SVG through ``svg(lang, fig)``, else a PNG) with its description.
        ``names``: the players' names (default « Joueur 1 »…); a seat in ``third`` (one not
        reviewed, such as the computer's) is spoken of in the third person, never as
        « vos dés »."""
        import html as _html

        from dicelab.render.plots import chart_html

        lang = lang or self.lang
        e = _html.escape
        fig = self.to_figure(lang, names=names) if names else self.to_figure(lang)

        def line(p: int) -> str:
            name = names[p] if names and p < len(names) else _player(p, lang, True)
            if p in third:
                return self.named_sentence(p, name, lang)
            if self.players > 1:
                return _("{player}: {text}", lang=lang, player=name,
                         text=self.sentence(p, lang))
            return self.sentence(p, lang)

        lines = "".join(f"<li>{e(line(p))}</li>" for p in range(self.players))
        chart = (f"<figure>{svg(lang, fig)}<figcaption>{e(fig.dicelab_alt_text)}"
                 f"</figcaption></figure>" if svg is not None else chart_html(fig))
        title = _("Luck and skill", lang=lang)
        return (f'<section class="dicelab-luck"><h2>{e(title)}'
                f"</h2><ul>{lines}</ul><p>{e(self.identity_text(lang))}</p>{chart}"
                "</section>")

    def _mark_label(self, r: LuckRow, lang: str) -> str:
        if r.kind == "roll":  # the roll's luck, signed, for the player who rolled
            gain = self.signs[r.player] * r.luck
            text = _("dice {dice}: {luck}", lang=lang, dice=" ".join(map(str, r.dice)),
                     luck=self.short_amount(gain, lang))
        else:  # the decision's cost, so that the mark says why it is there
            text = _("{choice}: cost {cost}", lang=lang, choice=r.choice,
                     cost=self.amount_short(r.loss, lang))
        if self.players > 1:
            text = _("{player}: {text}", lang=lang, player=_player(r.player, lang, True),
                     text=text)
        return text

    def player_sentence(self, player: int, lang: str | None = None) -> str:
        """:meth:`sentence`; with two players, about the player by name (third person:
        "Player 2 — luck of the dice: the dice gave …", never "your")."""
        lang = lang or self.lang
        if self.players > 1:
            return self.named_sentence(player, _player(player, lang, True), lang)
        return self.sentence(player, lang)

    def alt_text(self, lang: str | None = None, marks: int = 2,
                 names: Sequence[str] | None = None) -> str:
        """The chart in words (for screen readers); with two players each is named
        (``names``, default Player 1, Player 2), never addressed as "you"."""
        lang = lang or self.lang
        lucky, unlucky, dec = self.marked(marks)
        parts = [_("Line chart: {name}, step by step through the game, from {a} to {b}.",
                   lang=lang, name=self.value_name(lang),
                   a=self.value_text(self.start_value, lang),
                   b=self.value_text(self.end_value, lang))]
        # solo: the rolls and decisions are the reader's own, never « joueur 1 »'s
        if self.players == 1:
            texts = (N_("Luckiest roll at step {n}: dice {dice}, {amount}."),
                     N_("Unluckiest roll at step {n}: dice {dice}, {amount}."),
                     N_("Costliest decision at step {n}: {choice}, cost {amount}."))
        else:
            texts = (N_("Luckiest roll at step {n}: {who}, dice {dice}, {amount}."),
                     N_("Unluckiest roll at step {n}: {who}, dice {dice}, {amount}."),
                     N_("Costliest decision at step {n}: {who}, {choice}, cost {amount}."))
        for text, rows in zip(texts[:2], (lucky, unlucky)):
            parts += [_(text, lang=lang, n=r.number, who=_player(r.player, lang),
                        dice=" ".join(map(str, r.dice)),
                        amount=self.signed_amount(self.signs[r.player] * r.luck, lang))
                      for r in rows]
        parts += [_(texts[2], lang=lang, n=r.number, who=_player(r.player, lang),
                    choice=r.choice, amount=self.amount(r.loss, lang)) for r in dec]
        if self.players > 1:
            names = list(names or [_player(p, lang, True) for p in range(self.players)])
            parts += [self.named_sentence(p, names[p], lang) for p in range(self.players)]
        else:
            parts.append(self.sentence(0, lang))
        return " ".join(parts)


#: The size of a chart mark's label, in points (7 pt was unreadable on a projector).
_LABEL_SIZE = 8.5


def _place_labels(fig: Any, ax: Any, notes: list[tuple[float, float, str]]) -> None:
    """Annotate each ``(x, y, text)`` of the chart where its label overlaps no label
    already placed (above, then below, then further out), so that close marks keep
    readable labels: 8.5 pt, on a white box that the line does not cross (readable on a
    projector)."""
    renderer = fig.canvas.get_renderer()
    inside = ax.get_window_extent(renderer)  # a label stays inside the plotting area
    from matplotlib.transforms import Bbox

    r = 6 * fig.dpi / 72  # a mark's half width (10 pt markers), in pixels: no label on it
    marks = [ax.transData.transform((x, y)) for x, y, _t in notes]
    dots: list[Any] = [Bbox([[px - r, py - r], [px + r, py + r]]) for px, py in marks]
    placed: list[Any] = []
    # just above the mark first (9 pt: at 8 the label's box touched a 10 pt mark's top and
    # was pushed far off), then below, then further out
    offsets = [(4, 9), (4, -18), (4, 24), (4, -34), (4, 40), (4, -50), (4, 56), (4, -66),
               (4, 72), (4, -82), (4, 88), (4, -98), (4, 104), (4, -114)]
    # a label on a mark's left first goes level with it: the steps reach a mark from its
    # left at another height, so that place is free of the line
    beside = (9, -3)
    style = {"fontsize": _LABEL_SIZE, "bbox": {"boxstyle": "round,pad=0.15", "fc": "white",
                                              "ec": "none", "alpha": 0.9}}
    lo, hi = ax.get_xlim()
    for x, y, text in sorted(notes):
        # a mark in the right part of the chart gets its label on its left, so that the
        # label stays inside the figure (lesson 14's « garder 3 3, relancer 2 dés » was cut)
        left = hi > lo and (x - lo) / (hi - lo) > 0.6
        side = {"ha": "right"} if left else {}
        # first a place that covers no mark, else one that overlaps no label only, else
        # one that overlaps no label even if it leaves the plotting area
        tries = [(dx, dy, avoid) for avoid in (2, 1, 0)
                 for dx, dy in ([beside] if left else []) + offsets]
        for dx, dy, avoid in tries:
            note = ax.annotate(text, (x, y), textcoords="offset points",
                               xytext=(-dx if left else dx, dy), **style, **side)
            note.set_in_layout(False)  # the axes keep their size: the labels stay put
            box = note.get_window_extent(renderer)
            fits = (box.y1 <= inside.y1 and box.y0 >= inside.y0 and box.x0 >= inside.x0
                    and box.x1 <= inside.x1)
            taken = placed + dots if avoid == 2 else placed
            fits = fits or avoid == 0  # last: partly outside rather than on a label
            if fits and not any(box.overlaps(b) for b in taken):
                placed.append(box)
                if abs(dy) > 18:  # not next to its mark: a thin line joins them
                    _leader(fig, ax, x, y, -dx if left else dx, dy - 2 if dy > 0 else dy + 9)
                break
            note.remove()
        else:  # every place is taken: the first one
            dx, dy = offsets[0]
            note = ax.annotate(text, (x, y), textcoords="offset points",
                               xytext=(-dx if left else dx, dy), **style, **side)
            note.set_in_layout(False)
            placed.append(note.get_window_extent(renderer))


def _leader(fig: Any, ax: Any, x: float, y: float, dx: float, dy: float) -> None:
    """A thin grey line from the mark at ``(x, y)`` (from its edge, 6 pt out) to its label's
    corner ``(dx, dy)`` points away, in data coordinates (the layout is final): no arrow
    head, never in the legend."""
    import math

    px, py = ax.transData.transform((x, y))
    k = fig.dpi / 72
    ex, ey = dx * k, dy * k
    length = math.hypot(ex, ey)
    if length <= 6 * k:
        return
    start = (px + ex * 6 * k / length, py + ey * 6 * k / length)
    (x0, y0), (x1, y1) = ax.transData.inverted().transform([start, (px + ex, py + ey)])
    ax.plot([x0, x1], [y0, y1], color="#555555", linewidth=0.7, zorder=2.5,
            scalex=False, scaley=False)


def _sign(x: float, text: str) -> str:
    """``text`` (an amount written without its sign) after the sign of ``x``: a real minus
    sign U+2212, a plus sign, or none when the amount as written is zero.

    >>> _sign(-0.067, "6,7 points"), _sign(0.1, "10 points"), _sign(-1e-9, "0,0 point")
    ('\u22126,7 points', '+10 points', '0,0 point')
    """
    if not any(c in "123456789" for c in text.split(" ")[0]):
        return text
    return ("\u2212" if x < 0 else "+") + text


def _player(p: int, lang: str | None, capital: bool = False) -> str:
    """Player ``p`` in words, capitalised at the start of a line."""
    if capital:
        return _("Player {n}", lang=lang, n=p + 1)
    return _("player {n}", lang=lang, n=p + 1)


def _replay(game: Any) -> list[tuple[int, Any, Any, list[tuple[tuple[int, ...], str]]]]:
    """(step, state before, action, [(dice, source) of each roll]) for every action."""
    out = []
    before = game._initial
    for i, s in enumerate(game._history):
        out.append((i, before, s.action, list(zip(s.rolls, s.sources))))
        before = s.state
    return out


def analyse(game_or_saved_json: Any, lang: str | None = None, *,
            exact: bool = False, advice: dict[Any, Any] | None = None) -> LuckReport:
    """The luck/skill split of a game (a live game, its JSON save or a saved file's path).

    ``exact=True`` values every roll by enumerating its outcomes (the definition; slow,
    for tests) instead of the engines' values of the choice that led to it.  ``advice``:
    engine advice already computed, by state (the review's), reused when its objective
    is the one ``V`` needs.
    """
    game = load_game(game_or_saved_json)
    lang = get_language(lang)
    key = game.definition.key
    vals = _Values(key, game.rules, game.players, exact=exact, advice=advice)
    mod = vals.mod
    rows: list[LuckRow] = []
    value = vals.exact_value if exact else vals.value
    start = value(game._initial)
    current = start
    state = game._initial
    for i, before, action, rolls in _replay(game):
        legal = mod.legal_actions(before)
        if len(legal) < 2:  # a forced action (e.g. a turn's first roll): V does not move
            new, v_after = mod.step(before, action)[0], current
        else:
            new, v_after, _advice = vals.after(before, action)
            label = action_label(before, action, lang)
            s = vals.sign(before.current_player)
            rows.append(LuckRow(len(rows) + 1, i, before.turn_count, before.current_player,
                                "decision", tuple(before.dice), label, current, v_after,
                                loss=s * (current - v_after)))
        current = v_after
        state = new
        for dice, source in rolls:
            roller = state.current_player
            state, _ev = mod.roll_outcome(state, dice)
            v = value(state)
            rows.append(LuckRow(len(rows) + 1, i, state.turn_count, roller, "roll",
                                tuple(dice), "", current, v, luck=v - current,
                                source=source))
            current = v
    manches = game.rules.manches if vals.mode == "duel" and get(key).manches else 1
    return LuckReport(key, game.name, game.players, vals.mode, start, current,
                      bool(state.is_over), tuple(rows), manches=manches,
                      lang=lang, signs=tuple(vals.sign(p) for p in range(game.players)),
                      luck_sd=_luck_sd(key, game.rules, vals.mode, start, manches))


def _luck_sd(key: str, rules: Any, mode: str, start: float, manches: int) -> float | None:
    """The spread of a whole game's luck under optimal play, from the start: the result's
    spread (under optimal play the result moves by luck alone).  A game won or lost:
    ``sqrt(p (1 - p))``; solo turns: the engine's exact spread of the number of turns."""
    if mode == "solo_turns":
        moments = get(key).engine.turns_moments
        return float(moments(rules)[1]) if moments is not None else None
    if mode == "solo_p_win" or manches == 1:
        return math.sqrt(max(start * (1.0 - start), 0.0)) or None
    return None


def action_label(state: Any, action: Any, lang: str | None = None) -> str:
    """``action`` at ``state`` in words, in the language (:func:`dicelab.coach.describe_action`)."""
    from dicelab.analysis.coach import describe_action

    try:
        return describe_action(state, action, lang=lang)
    except DicelabError:
        return repr(action)


# ----------------------------------------------------------------------- class view
@dataclass(frozen=True)
class ClassSummary:
    """Luck against skill over several games: one entry per game and player
    (``game``, ``player``, ``luck``, ``cost``, ``mode``), with the means and their
    standard errors by mode; ``ratings``: each seat's rating pooled over the games of
    one game and objective (``key``, ``name``, ``player``, ``games``, ``rating``: a
    :class:`dicelab.analysis.review.Rating`), when asked for."""

    entries: tuple[dict[str, Any], ...]
    ratings: tuple[dict[str, Any], ...] = ()

    def rating_text(self, lang: str | None = None) -> list[str]:
        """One sentence per pooled rating (:attr:`ratings`)."""
        lang = get_language(lang)
        return [ngettext("{game}, {player}, pooled over {n} game: {rating}",
                         "{game}, {player}, pooled over {n} games: {rating}", x["games"],
                         lang=lang, game=x["name"], player=_player(x["player"], lang),
                         rating=x["rating"].text)
                for x in self.ratings]

    def stats(self, mode: str, what: str) -> tuple[float, float, int]:
        """(mean, standard error, count) of ``what`` (``"luck"`` or ``"cost"``) over the
        entries of ``mode``."""
        xs = [e[what] for e in self.entries if e["mode"] == mode]
        n = len(xs)
        if not n:
            return 0.0, 0.0, 0
        m = sum(xs) / n
        se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
        return m, se, n

    def text(self, lang: str | None = None) -> list[str]:
        """One sentence per mode: mean luck of the dice and mean cost of decisions."""
        lang = get_language(lang)
        out = []
        for mode in MODES:
            ml, sl, n = self.stats(mode, "luck")
            if not n:
                continue
            mc, _sc, _n = self.stats(mode, "cost")
            digits, scale = (1, 100) if mode != "solo_turns" else (2, 1)
            out.append(_("{kind}, {n} results (one per player and game): mean luck of the "
                         "dice {luck} (± {se}, two standard errors), mean cost of decisions "
                         "{cost}.", lang=lang, n=n, kind=_(_MODE_NAMES[mode], lang=lang),
                         luck=fmt_number(scale * ml, digits, lang),
                         se=fmt_number(scale * 2 * sl, digits, lang),
                         cost=fmt_number(scale * mc, digits, lang)))
        return out


    def _scale(self, mode: str) -> float:
        return 1.0 if mode == "solo_turns" else 100.0

    def to_figure(self, lang: str | None = None) -> Any:
        """Luck against skill: one point per player and game, the luck of the dice
        (that player's side) across, the cost of decisions up; one marker shape per kind
        of game (two players, solo chance, solo turns); ``fig.dicelab_alt_text``."""
        from dicelab.render.plots import PALETTE, _finish, _new_figure, _style

        lang = get_language(lang)
        shapes = {"duel": "o", "solo_p_win": "s", "solo_turns": "^"}
        names = {m: _(t, lang=lang) for m, t in _MODE_NAMES.items()}
        with _style():
            fig = _new_figure((6.0, 3.6))
            ax = fig.add_subplot()
            for k, mode in enumerate(MODES):
                pts = [e for e in self.entries if e["mode"] == mode]
                if not pts:
                    continue
                sc = self._scale(mode)
                ax.plot([sc * e["luck"] for e in pts], [sc * e["cost"] for e in pts],
                        linestyle="none", marker=shapes[mode], markersize=7,
                        color=PALETTE[k], markeredgecolor="black", label=names[mode])
            ax.axvline(0, color="#777777", linewidth=0.8, linestyle=":")
            ax.legend(loc="best", fontsize=7, frameon=False)
            alt = " ".join([_("Scatter chart: one point per player and game, luck of the "
                              "dice across, cost of decisions up.", lang=lang),
                            *self.text(lang)])
            fig = _finish(fig, ax, _("luck of the dice", lang=lang),
                          _("cost of decisions", lang=lang),
                          _("Luck against skill in the class", lang=lang), alt, lang)
        return fig

    def to_html(self, lang: str | None = None) -> str:
        """The class view: the means in sentences, the chart, one line per player and
        game (escaped; no script)."""
        import html as _html

        from dicelab.render.plots import chart_html

        lang = get_language(lang)
        e = _html.escape
        if not self.entries:
            empty = _("No saved game loaded yet.", lang=lang)
            return f"<p>{e(empty)}</p>"
        head = "".join(f"<th>{e(h)}</th>" for h in (
            _("game", lang=lang), _("player", lang=lang), _("luck of the dice", lang=lang),
            _("cost of decisions", lang=lang)))
        body = "".join(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
                e(f"{x['game'] + 1}. {x['name']}"), e(_player(x["player"], lang)),
                e(_amount(x, x["luck"], lang)), e(_amount(x, x["cost"], lang)))
            for x in self.entries)
        means = "".join(f"<li>{e(t)}</li>" for t in [*self.text(lang),
                                                      *self.rating_text(lang)])
        return (f'<div class="dicelab-class-luck"><ul>{means}</ul>'
                f"{chart_html(self.to_figure(lang))}"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def _amount(entry: dict[str, Any], x: float, lang: str) -> str:
    if entry.get("manches", 1) > 1:
        return _("{n} manches", lang=lang, n=fmt_number(x, 2, lang))
    if entry["mode"] == "solo_turns":
        return _("{n} turns", lang=lang, n=fmt_number(x, 2, lang))
    return _("{n} points of winning chance", lang=lang, n=fmt_number(100 * x, 1, lang))


#: The most saved games one class summary reads (a class of 35 with a few games each).
MAX_CLASS_GAMES = 500


def class_summary(files: Iterable[Any], lang: str | None = None) -> ClassSummary:
    """Luck against skill over several saved games loaded together (paths, JSON texts or
    games): each player's luck of the dice and cost of decisions, per game
    (:func:`dicelab.analysis.review.class_summary` adds each seat's pooled rating).

    A save that cannot be read is a :class:`~dicelab.InvalidSave` naming it; more than
    :data:`MAX_CLASS_GAMES` games (an endless generator too) are refused before any is
    read, and so is one path or text given instead of a list of them.

    >>> import itertools
    >>> class_summary(itertools.repeat("game.json"))
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: a class summary reads at most 500 saved games; got more
    """
    entries = []
    for k, f in enumerate(class_files(files)):
        entries += class_entries(k, analyse(f, lang), lang)
    return ClassSummary(tuple(entries))


def class_files(files: Iterable[Any]) -> list[Any]:
    """The saved games of a class summary, checked: a list of at most
    :data:`MAX_CLASS_GAMES` (see :func:`class_summary`)."""
    if isinstance(files, (str, bytes, bytearray, dict)) or not isinstance(files, Iterable):
        raise DicelabError("a class summary needs a list of saved games (paths, saved texts "
                           "or games); got {value}", value=brief(files[:100]) if isinstance(
                               files, (str, bytes, bytearray)) else type(files).__name__)
    chosen = list(itertools.islice(files, MAX_CLASS_GAMES + 1))
    if len(chosen) > MAX_CLASS_GAMES:
        raise DicelabError("a class summary reads at most {n} saved games; got more",
                           n=MAX_CLASS_GAMES)
    return chosen


def class_entries(k: int, rep: LuckReport, lang: str | None = None) -> list[dict[str, Any]]:
    """The class summary's entries of game number ``k`` (one per player)."""
    return [{"game": k, "name": rep.game_name, "player": s["player"], "luck": s["luck"],
             "cost": s["cost"], "mode": rep.mode, "finished": rep.finished,
             "manches": rep.manches} for s in rep.summary(lang)]
