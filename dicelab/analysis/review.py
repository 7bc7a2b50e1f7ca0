"""Game review, like a proficiency test: every decision against the best, with the why.

``dicelab.review(game_or_saved_json)`` replays a finished (or unfinished) game — a live
:class:`~dicelab.games._base.Game`, its JSON save, the save's parsed dict, or the path of a
saved file — through each game's ``advise_state``, one row per decision of the reviewed
players (a position with more than one choice):

* the position, the player's choice and the best choice with their values, the loss and
  the why (:func:`dicelab.coach.explain`); rows whose dice the seeded generator did not
  throw (set by hand, by a teacher, or unchecked from a version-1 save) are marked
  ``hand_set``;
* :attr:`Review.mean_loss` — the mean loss per decision, in the game's objective;
* :attr:`Review.rating` — the rating's measure, the share of what was at stake that the
  player's non-trivial decisions lost (:func:`stake_share`), on the game's fixed bands
  (:func:`rating_bounds`), set once by simulating the policies optimal, greedy, a rule of
  thumb and random through this same review machinery (``dicelab.tools.calibrate``; the
  stored table is :data:`CALIBRATION_FILE`); *provisional* below
  :data:`PROVISIONAL_DECISIONS` non-trivial decisions; :func:`pooled_rating` pools one
  player's games;
* :meth:`Review.to_figure` — the player's chance to win (or expected turns to finish)
  through the game, costly decisions marked; :meth:`Review.to_html` — a printable
  single page with the chart inline; :meth:`Review.to_csv` — a spreadsheet in the
  player's language (French: ``;`` separator and decimal comma, the French spreadsheet
  convention; English: ``,`` and a decimal point).

Every number comes from the engines; every word goes through :mod:`dicelab.i18n`.

>>> from dicelab.games import trwavril
>>> from dicelab.games._base import Roll, Stop, Resolve
>>> g = trwavril.Game(seed=1)
>>> _ = g.apply(Roll(()), dice=[5, 5, 2, 5])
>>> _ = g.apply(Roll((5, 5)), dice=[1, 2])
>>> r = review(g, lang="en")
>>> len(r.rows), r.rows[0].choice, r.rows[0].best, round(r.rows[0].loss, 4)
(1, 'keep 5 5, roll 2 dice', 'keep 5 5 5, roll 1 die', 0.085)
>>> round(r.mean_loss, 4) == round(r.rows[0].loss, 4)
True
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import sys
import types
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from dicelab.analysis import coach
from dicelab.analysis.saves import load_game
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import (
    N_,
    _,
    fmt_data,
    fmt_percent,
    get_language,
    ngettext,
)
from dicelab.core.objectives import format_objective, is_probability, objective_unit
from dicelab.games._checks import plain_int
from dicelab.registry import GAMES, entry_of, get, objective_phrase

__all__ = [
    "CALIBRATION_FILE",
    "CALIBRATION_POLICIES",
    "MARKS",
    "NON_TRIVIAL",
    "Rating",
    "Review",
    "ReviewRow",
    "calibration",
    "class_summary",
    "non_trivial",
    "pooled_rating",
    "load_game",
    "mark",
    "rate",
    "rating_bounds",
    "review",
    "stake_share",
    "stored_calibration",
]

#: The stored calibration: mean loss per decision of each policy, per game (computed and
#: written by the developer tool ``python -m dicelab.tools.calibrate calibrate``).
CALIBRATION_FILE = Path(__file__).resolve().parents[1] / "data" / "review_calibration.json"

#: The calibrating policies, best to worst, with their readable names.  ``rule`` is the
#: game's rule of thumb: keep the most common face (Dripeul 5, Trwavril), or bank at
#: :data:`dicelab.policies.RULE_BANK_AT` points (5000, Seveny).
CALIBRATION_POLICIES: dict[str, str] = {
    "optimal": N_("optimal player"),
    "greedy": N_("greedy player (best for this turn only)"),
    "rule": N_("rule-of-thumb player"),
    "random": N_("random player"),
}
#: The rule of thumb of each game in words (the registry's ``rule_name``).
_RULE_NAMES = {g.key: g.rule_name for g in GAMES}

#: Rating bands, best first: (key, readable name).  A share lost at most the band's bound
#: gets the band; the bounds are fixed per game by the calibration (:func:`rating_bounds`).
RATING_BANDS: tuple[tuple[str, str], ...] = (
    ("expert", N_("expert")),
    ("strong", N_("strong")),
    ("fair", N_("fair")),
    ("beginner", N_("beginner")),
    ("random", N_("no better than chance")),
    ("per_player", N_("each player rated on their own decisions")),
    ("unrated", N_("not rated (no calibration for this objective)")),
    ("too_few", N_("not rated (no non-trivial decision)")),
    ("uncalibrated", N_("no rating yet (this game has no calibration)")),
)

#: A rating over fewer non-trivial decisions than this is *provisional* (one game of
#: Trwavril has about 17, a random player's about 9); with none, it is not rated.
PROVISIONAL_DECISIONS = 10


#: Marks on decisions, as GNU Backgammon gives them: a loss at least the first number is an
#: *inaccuracy*, the second a *mistake*, the third a *blunder* (per objective: percentage
#: points of a chance as fractions, expected turns).  Fixed numbers, the same in every game
#: of a unit: the first is the coach's threshold of a costly decision.
MARKS: dict[str, tuple[float, float, float]] = {
    "p_win": (0.01, 0.04, 0.10),
    "p_duel": (0.01, 0.04, 0.10),
    "p_turn": (0.01, 0.04, 0.10),
    "expected_turns": (0.05, 0.20, 0.50),
    "expected_points": (10.0, 40.0, 100.0),
}
#: A decision is *non-trivial* when its choices differ by more than this (the worst
#: choice's loss): only these are counted by the marks.
NON_TRIVIAL: dict[str, float] = {"p_win": 0.005, "p_duel": 0.005, "p_turn": 0.005,
                                 "expected_turns": 0.02, "expected_points": 5.0}
#: The marks' names, from the smallest.
MARK_NAMES: tuple[tuple[str, str], ...] = (
    ("inaccuracy", N_("inaccuracy")), ("mistake", N_("mistake")), ("blunder", N_("blunder")))


def non_trivial(row: Any) -> bool:
    """Whether a decision is non-trivial: its choices differ by more than
    :data:`NON_TRIVIAL` (its worst choice's loss, ``row.spread``).

    >>> from types import SimpleNamespace as R
    >>> non_trivial(R(unit="p_win", spread=0.2)), non_trivial(R(unit="p_win", spread=0.004))
    (True, False)
    """
    return bool(row.spread > NON_TRIVIAL.get(row.unit, 0.0) + 1e-12)


def mark(row: ReviewRow) -> str | None:
    """The mark of a decision: ``"blunder"``, ``"mistake"``, ``"inaccuracy"``, or ``None``
    (a good move, or a trivial decision: its choices differ by :data:`NON_TRIVIAL` or
    less).

    >>> from types import SimpleNamespace as R
    >>> [mark(R(unit="p_win", loss=x, spread=0.2)) for x in (0.0, 0.02, 0.05, 0.2)]
    [None, 'inaccuracy', 'mistake', 'blunder']
    >>> mark(R(unit="p_win", loss=0.004, spread=0.004)) is None
    True
    """
    if not non_trivial(row):
        return None
    limits = MARKS.get(row.unit)
    if limits is None:
        return None
    found = None
    for (key, _name), limit in zip(MARK_NAMES, limits, strict=True):
        if row.loss >= limit - 1e-12:
            found = key
    return found


#: Roll sources shown as "dice set by hand": every source but the seeded generator
#: (``"unchecked"`` dice, from a version-1 save, were never checked against the seed).
HAND_SOURCES = ("hand", "teacher", "unchecked")

# ----------------------------------------------------------------------- rows
@dataclass(frozen=True)
class ReviewRow:
    """One decision of a reviewed player.

    ``number``: 1-based decision number in the review; ``step``: the index of the action
    in ``game.actions``; ``turn``: the game's turn count at the decision; ``player``:
    the seat (0-based); ``dice``: the dice shown; ``position``: the position in words;
    ``choice`` / ``best``: the choices in words; ``value`` / ``best_value`` / ``loss`` in
    ``unit``; ``costly``: the loss is above the threshold; ``why``: the coach's lines
    (empty when the review was made with ``why=False``); ``hand_set``: the dice of this
    position were not thrown by the seeded generator (set by hand, by a teacher, or
    unchecked from a version-1 save); ``source``: where they came
    from (``"rng"``, ``"hand"``, ``"teacher"``, or ``"unchecked"`` from an old save);
    ``spread``: the worst choice's loss (a decision is non-trivial above
    :data:`NON_TRIVIAL`); :func:`mark` gives the row's mark.
    """

    number: int
    step: int
    turn: int
    player: int
    dice: tuple[int, ...]
    position: str
    choice: str
    best: str
    value: float
    best_value: float
    loss: float
    unit: str
    costly: bool
    why: tuple[str, ...]
    hand_set: bool
    source: str
    action: Any
    best_action: Any
    spread: float = 0.0  # the worst choice's loss: how much the decision could cost


def _roll_sources(game: Any) -> dict[int, str]:
    """Where the (last) roll of each action that rolled came from (``"rng"``, ``"hand"``,
    ``"teacher"``, ``"unchecked"``: see ``Game.rolls``), by action index."""
    return {r.step: r.source for r in getattr(game, "rolls", ())}


def _states(game: Any) -> list[tuple[int, Any, Any]]:
    """(step index, state before, action) for every action of the game."""
    out = []
    before = game._initial
    for i, s in enumerate(game._history):
        out.append((i, before, s.action))
        before = s.state
    return out


# ----------------------------------------------------------------------- position words
def describe_position(state: Any, *, lang: str | None = None) -> str:
    """The position of the player to move, in words (dice, board, rolls or points).

    >>> from dicelab.games import dripeul
    >>> from dicelab.games._base import Roll
    >>> s = dripeul.new_state(dripeul.Rules(), 1)
    >>> s, _ = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 4, 2, 6, 2))
    >>> describe_position(s, lang="fr")
    'dés 2 4 2 6 2, 2 relances restantes\\u202f; cases 1 2 3 4 5 6, triangle 3 (facile)'
    """
    entry = entry_of(coach.game_module(state))
    key = entry.key
    dice = " ".join(map(str, state.dice))
    board = entry.describe_board(state, state.current_player, lang)
    if key in coach.REROLL_GAMES:
        if state.phase == "resolve":
            where = _("final dice {dice}", lang=lang, dice=dice)
        else:
            from dicelab.core.i18n import ngettext

            where = _("dice {dice}, {rolls}", lang=lang, dice=dice,
                      rolls=ngettext("{n} roll left", "{n} rolls left", state.rolls_left,
                                     lang=lang))
    else:
        where = _("roll {dice}", lang=lang, dice=dice)
    return _("{where}; {board}", lang=lang, where=where, board=board)


# ----------------------------------------------------------------------- review
@dataclass(frozen=True)
class Rating:
    """Where a player's share of the stakes lost falls on a game's fixed bands.

    ``band``: key of :data:`RATING_BANDS`; ``label``: its readable name (with
    « provisional » when it is); ``mean_loss``: the mean loss per decision (for the
    summary); ``scale``: the calibrating policies' share of the stakes lost, best first,
    as (readable name, share); ``text``: one translated sentence placing the player on
    the bands; ``share``: the measure (:func:`stake_share`); ``decisions``: the
    non-trivial decisions it counts; ``provisional``: fewer than
    :data:`PROVISIONAL_DECISIONS` of them.
    """

    band: str
    label: str
    mean_loss: float
    unit: str
    scale: tuple[tuple[str, float], ...]
    text: str
    share: float = 0.0
    decisions: int = 0
    provisional: bool = False


@dataclass
class Review:
    """The review of one game: rows, mean loss, rating, chart and exports (see module)."""

    game_key: str
    game_name: str
    players: tuple[int, ...]
    rows: tuple[ReviewRow, ...]
    unit: str
    higher_is_better: bool
    threshold: float
    lang: str
    game: Any = field(default=None, repr=False, compare=False)
    advice_cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: The rolls of the reviewed players whose dice the seeded generator did not throw
    #: and that no row marks, because no reviewed decision came after them (the last
    #: roll of a game, a roll that ended a turn): ``RollRecord(step, dice, source)``.
    unmarked_hand_rolls: tuple[Any, ...] = ()
    #: the seats' names (default « joueur 1 »…; the apps give « Vous » / « Ordinateur »)
    names: tuple[str, ...] = ()

    def player_label(self, player: int, lang: str | None = None) -> str:
        """Seat ``player``'s name in the table and the chart's legend (:attr:`names`)."""
        if player < len(self.names):
            return self.names[player]
        return _player(player, lang or self.lang)

    # ---------------------------------------------------------------- luck and skill
    @property
    def luck(self) -> Any:
        """The luck/skill split of the game (:class:`dicelab.analysis.luck.LuckReport`: one row per
        roll and per decision, each player's luck of the dice and cost of decisions),
        computed on first use; ``None`` without the game or with three players or more."""
        if "_luck" not in self.__dict__:
            from dicelab.analysis import luck

            rep = None
            if self.game is not None and self.game.players <= 2:
                rep = luck.analyse(self.game, self.lang, advice=self.advice_cache)
            self.__dict__["_luck"] = rep
        return self.__dict__["_luck"]

    @property
    def steps(self) -> tuple[Any, ...]:
        """Every roll and every decision (:class:`dicelab.analysis.luck.LuckRow`: ``player``,
        ``kind``, ``value_before``, ``value_after``, ``luck`` or ``loss``)."""
        return self.luck.rows if self.luck is not None else ()

    def player_summary(self, lang: str | None = None, *,
                       names: list[str] | None = None) -> list[dict[str, Any]]:
        """Per reviewed player: ``luck`` (luck of the dice), ``cost`` (cost of decisions),
        ``sentence`` (both in words: to the player in a solo game; with two players about
        each by name, ``names`` or "Player 1", "Player 2", never "your") and ``rating``
        (that player's own decisions on the game's scale, :meth:`ratings`)."""
        lang = lang or self.lang
        rep = self.luck
        ratings = self.ratings(lang)
        out = []
        for p in self.players:
            entry: dict[str, Any] = {"player": p, "rating": ratings[p],
                                     "marks": self.marks(p)}
            entry["marks_text"] = self.marks_text(p, lang)
            if rep is not None:
                entry.update(skill=rep.skill_score(p), luck_adjusted=rep.luck_adjusted(p),
                             luck_z=rep.luck_z(p), skill_lines=rep.skill_sentences(p, lang))
                if rep.players > 1:
                    name = names[p] if names else self.player_label(p, lang).capitalize()
                    sentence = rep.named_sentence(p, name, lang)
                else:
                    sentence = rep.sentence(p, lang)
                entry.update(luck=rep.luck(p), cost=rep.cost(p), sentence=sentence)
            out.append(entry)
        return out

    def marks(self, player: int) -> dict[str, int]:
        """``player``'s marks: ``decisions`` (non-trivial ones), ``inaccuracy``,
        ``mistake``, ``blunder`` (each decision counted once, by its worst mark)."""
        rows = [r for r in self.rows if r.player == player and non_trivial(r)]
        out = {"decisions": len(rows)}
        for key, _name in MARK_NAMES:
            out[key] = sum(mark(r) == key for r in rows)
        return out

    def marks_text(self, player: int, lang: str | None = None) -> str:
        """:meth:`marks` in words."""
        lang = lang or self.lang
        m = self.marks(player)
        marks = ", ".join((
            ngettext("{n} inaccuracy", "{n} inaccuracies", m["inaccuracy"], lang=lang),
            ngettext("{n} mistake", "{n} mistakes", m["mistake"], lang=lang),
            ngettext("{n} blunder", "{n} blunders", m["blunder"], lang=lang)))
        return ngettext("Marks over {n} non-trivial decision: {marks}.",
                        "Marks over {n} non-trivial decisions: {marks}.", m["decisions"],
                        lang=lang, marks=marks)

    def stakes(self, player: int | None = None) -> tuple[float, float, int]:
        """The rating's sums over ``player``'s non-trivial decisions (every reviewed
        player's with ``None``) in the review's unit: (loss, stakes, count), the stakes
        being each decision's worst choice's loss (:func:`stake_share`)."""
        rows = [r for r in self.rows if r.unit == self.unit
                and (player is None or r.player == player)]
        return _stakes(rows)

    def _rate(self, player: int | None, lang: str) -> Rating:
        rows = [r for r in self.rows if r.unit == self.unit
                and (player is None or r.player == player)]
        loss, stakes, n = _stakes(rows)
        mean = sum(r.loss for r in rows) / len(rows) if rows else 0.0
        return rate(self.game_key, loss / stakes if stakes > 0 else 0.0, unit=self.unit,
                    lang=lang, decisions=n, mean_loss=mean)

    def ratings(self, lang: str | None = None) -> dict[int, Rating]:
        """Each reviewed player's own rating: the share of the stakes that player's
        non-trivial decisions lost, on the game's bands (:func:`rate`; *provisional*
        below :data:`PROVISIONAL_DECISIONS` of them, not rated with none).  A strong
        opponent's play never lifts a weak player's rating."""
        lang = lang or self.lang
        return {p: self._rate(p, lang) for p in self.players}

    def luck_figure(self, lang: str | None = None) -> Any:
        """The luck/skill chart (:meth:`dicelab.analysis.luck.LuckReport.to_figure`)."""
        if self.luck is None:
            raise DicelabError("luck and skill are measured with one or two players")
        return self.luck.to_figure(lang or self.lang)

    @property
    def decisions(self) -> int:
        return len(self.rows)

    @property
    def mean_loss(self) -> float:
        """Mean loss per decision (rows in the review's unit); 0 when there is none."""
        rows = [r for r in self.rows if r.unit == self.unit]
        return sum(r.loss for r in rows) / len(rows) if rows else 0.0

    @property
    def costly(self) -> tuple[ReviewRow, ...]:
        """The costly decisions (loss above the threshold)."""
        return tuple(r for r in self.rows if r.costly)

    @property
    def rating(self) -> Rating:
        """The headline rating: the reviewed player's (see :func:`rate`); with several
        reviewed players, each is rated on their own decisions (:meth:`ratings`) and this
        is band ``"per_player"``, its text naming each player's band."""
        seats = [p for p in self.players
                 if any(r.player == p and r.unit == self.unit for r in self.rows)]
        if len(seats) <= 1:
            return self._rate(None, self.lang)
        ratings = self.ratings(self.lang)
        lang = self.lang
        text = " ".join(_("{player}: {rating}", lang=lang,
                          player=self.player_label(p, lang).capitalize(),
                          rating=ratings[p].text)
                        for p in seats)
        first = ratings[seats[0]]
        return Rating("per_player", _(dict(RATING_BANDS)["per_player"], lang=lang),
                      self.mean_loss, first.unit, first.scale, text)

    # ---------------------------------------------------------------- texts
    def title(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        return _("Game review: {game}", lang=lang, game=self.game_name)

    def summary(self, lang: str | None = None) -> str:
        """One paragraph: decisions, mean loss, costly decisions."""
        lang = lang or self.lang
        return ngettext("{n} decision reviewed; mean loss per decision: {loss}; costly "
                        "decisions: {costly}.",
                        "{n} decisions reviewed; mean loss per decision: {loss}; costly "
                        "decisions: {costly}.", self.decisions, lang=lang,
                        loss=_loss_number(self.unit, self.mean_loss, lang),
                        costly=len(self.costly))

    def hand_rolls_text(self, lang: str | None = None) -> str:
        """The dice set by hand that no row shows (:attr:`unmarked_hand_rolls`), in one
        sentence; ``""`` when there is none."""
        lang = lang or self.lang
        rolls = self.unmarked_hand_rolls
        if not rolls:
            return ""
        listed = "; ".join(_("dice {dice} (move {n})", lang=lang, n=r.step + 1,
                             dice=" ".join(map(str, r.dice))) for r in rolls)
        return ngettext("A roll had its dice set by hand and no decision after it, so it is "
                        "in no row: {rolls}.",
                        "{n} rolls had their dice set by hand and no decision after them, so "
                        "they are in no row: {rolls}.", len(rolls), lang=lang, rolls=listed)

    # ---------------------------------------------------------------- chart
    def to_figure(self, lang: str | None = None) -> Any:
        """The position's value before each decision (the chance to win, or expected turns
        to finish, playing optimally from there), costly decisions marked (a cross, not
        only a colour).  A matplotlib Figure, labels translated."""
        import textwrap

        from dicelab.render.plots import OKABE_ITO, PALETTE, _new_figure, _number_ticks, _style

        lang = lang or self.lang
        name = objective_phrase(self.unit, lang, self.game_key)
        with _style():
            fig = _new_figure((7.0, 3.4))
            ax = fig.add_subplot()
            rows = [r for r in self.rows if r.unit == self.unit]
            xs = [r.number for r in rows]
            seats = sorted({r.player for r in rows})
            styles = ("-", "--", ":", "-.")
            markers = ("o", "s", "^", "D", "v", "P")
            for k, p in enumerate(seats):
                mine = [r for r in rows if r.player == p]
                label = name if len(seats) == 1 else self.player_label(p, lang)
                ax.plot([r.number for r in mine],
                        [_plot_value(self.unit, r.best_value) for r in mine],
                        color=PALETTE[k % len(PALETTE)], marker=markers[k % len(markers)],
                        linestyle=styles[k % len(styles)], markersize=3, linewidth=1.5,
                        label=label)
            bad = [r for r in rows if r.costly]
            if bad:
                ax.plot([r.number for r in bad], [_plot_value(self.unit, r.best_value)
                                                  for r in bad],
                        linestyle="none", marker="X", markersize=9, color=OKABE_ITO["vermillion"],
                        label=_("costly decision", lang=lang))
            ax.set_xlabel(_("decision", lang=lang))
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # decisions are counted
            if 0 < len(set(xs)) < 3:  # one or two decisions: MaxNLocator falls back
                ax.set_xticks(sorted(set(xs)))  # to 0.945, 0.960, … ticks
            ylabel = name + (" (%)" if is_probability(self.unit) else "")
            # a long name (French: « probabilité de battre l'adversaire dans cette
            # manche ») on up to three lines: it fits the chart's height, never clipped
            ax.set_ylabel(textwrap.fill(ylabel, YLABEL_WIDTH))
            ax.set_title(self.title(lang))
            ax.grid(True, alpha=0.3)
            if xs:
                ax.legend(loc="best", fontsize=8)
            fig.dicelab_alt_text = " ".join((  # type: ignore[attr-defined]
                ngettext("{number} before the decision;",
                         "{number} before each of the {n} decisions;", len(xs), lang=lang,
                         number=name),
                ngettext("{n} costly decision is marked with a cross.",
                         "{n} costly decisions are marked with a cross.", len(bad),
                         lang=lang)))
            _number_ticks(fig, lang)  # French: decimal commas
        return fig

    def no_decision_text(self, lang: str | None = None) -> str:
        """What the review says instead of an empty chart when it has no decision: the
        computer played every move of the reviewed seats, or every move was forced.

        >>> from dicelab.games import trwavril
        >>> review(trwavril.Game(seed=1), "en").no_decision_text()
        'No decision to review: nobody has made a choice in this game yet.'
        """
        lang = lang or self.lang
        if not self.players:
            return _("No decision to review: the computer played every move of this game.",
                     lang=lang)
        if self.game is not None and getattr(self.game, "is_over", False):
            return _("No decision to review: every move of this game was forced.", lang=lang)
        return _("No decision to review: nobody has made a choice in this game yet.",
                 lang=lang)

    def chart_svg(self, lang: str | None = None, fig: Any = None) -> str:
        """The chart as inline SVG (text kept as text; matplotlib's document-wide ``*``
        style rule removed, so the SVG changes nothing else on a page)."""
        import matplotlib

        fig = self.to_figure(lang) if fig is None else fig
        buf = io.StringIO()
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "dicelab"}):
            fig.savefig(buf, format="svg", metadata={"Date": None})
        text = buf.getvalue()
        text = re.sub(r"<style[^>]*>.*?</style>", "", text, flags=re.S)
        text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
        return text[text.index("<svg"):].strip()

    # ---------------------------------------------------------------- exports
    def table(self, lang: str | None = None) -> tuple[list[str], list[list[str]]]:
        """(headers, rows) of the review as formatted text (the HTML page's table)."""
        lang = lang or self.lang
        headers = [_("#", lang=lang), _("turn", lang=lang), _("player", lang=lang),
                   _("position", lang=lang), _("your choice", lang=lang),
                   _("best choice", lang=lang), objective_phrase(self.unit, lang, self.game_key),
                   _("best", lang=lang), _("loss", lang=lang), _("why", lang=lang)]
        rows = []
        for r in self.rows:
            position = r.position
            if r.hand_set:
                position += " — " + _("dice set by hand", lang=lang)
            rows.append([str(r.number), str(r.turn), self.player_label(r.player, lang), position,
                         r.choice, r.best, format_objective(r.unit, r.value, lang),
                         format_objective(r.unit, r.best_value, lang),
                         coach.format_loss(r.unit, r.loss, lang=lang)
                         + (" ⚠" if r.costly else ""), " ".join(r.why)])
        return headers, rows

    def to_csv(self, lang: str | None = None) -> str:
        """The review as CSV, in the language: headers translated; French uses ``;`` and a
        decimal comma (what a French spreadsheet expects), English ``,`` and a point.
        Numbers are raw (probabilities as fractions of 1, six decimals)."""
        lang = get_language(lang or self.lang)
        sep = ";" if lang == "fr" else ","
        buf = io.StringIO()
        w = csv.writer(buf, delimiter=sep, lineterminator="\n")
        w.writerow([_("decision", lang=lang), _("turn", lang=lang), _("player", lang=lang),
                    _("dice", lang=lang), _("position", lang=lang),
                    _("dice set by hand", lang=lang), _("your choice", lang=lang),
                    _("best choice", lang=lang), _("value", lang=lang),
                    _("best value", lang=lang), _("loss", lang=lang), _("unit", lang=lang),
                    _("costly", lang=lang), _("why", lang=lang)])
        yes, no = _("yes", lang=lang), _("no", lang=lang)
        for r in self.rows:
            w.writerow([r.number, r.turn, r.player + 1, " ".join(map(str, r.dice)),
                        r.position, yes if r.hand_set else no, r.choice, r.best,
                        _csv_number(r.value, lang), _csv_number(r.best_value, lang),
                        _csv_number(r.loss, lang), _unit_name(r.unit, lang),
                        yes if r.costly else no, " ".join(r.why)])
        return buf.getvalue()

    def to_html(self, lang: str | None = None, *, standalone: bool = True) -> str:
        """A printable single-page HTML document: summary, rating and its scale, the chart
        (inline SVG), the table of decisions.  No external resource, no script; every
        text is escaped.  ``standalone=False`` gives the same content as one ``<div
        class="dicelab-review-page">`` to embed in a page or an app (the styles are scoped
        to that class in both forms, so embedding either changes nothing around it)."""
        lang = get_language(lang or self.lang)
        e = html.escape
        rating = self.rating
        headers, rows = self.table(lang)
        head = "".join(f"<th>{e(h)}</th>" for h in headers)
        body = "".join(
            "<tr{cls}>{cells}</tr>".format(
                cls=' class="costly"' if r.costly else "",
                cells="".join(f"<td>{e(c)}</td>" for c in row[:-1])
                + "<td>" + "<br>".join(e(line) for line in r.why) + "</td>")
            for r, row in zip(self.rows, rows)
        )
        scale = "".join("<li>{}</li>".format(e(_("{player}: {loss}", lang=lang, player=name,
                                                   loss=fmt_percent(v, 1, lang))))
                        for name, v in rating.scale)
        rating_line = _("Rating: {band}", lang=lang, band=rating.label)
        # the band is said once (rating.text repeats it after the share lost)
        mean_line = (rating.text if rating.band == "per_player" else
                     _share_sentence(rating.share, rating.decisions, lang))
        scale_word = _("Scale (share of the stakes lost by simulated players, over their "
                       "non-trivial decisions):", lang=lang)
        hand_text = self.hand_rolls_text(lang)
        hand = (f'<p class="dicelab-hand-set">⚠ {e(hand_text)}</p>' if hand_text else "")
        k = ".dicelab-review-page"
        style = (f"{k}{{font-family:sans-serif;color:#111;background:#fff;padding:1em}}"
                 f"{k} h1{{font-size:1.4em;margin:0 0 .4em}}"
                 f"{k} table{{border-collapse:collapse;font-size:11px;width:100%}}"
                 f"{k} th,{k} td{{border:1px solid #999;padding:2px 4px;vertical-align:top;"
                 "text-align:left}"
                 f"{k} tr.costly td{{background:#fde8d8;font-weight:bold}}"
                 f"{k} svg{{max-width:100%;height:auto}}"
                 f"@media print{{{k}{{padding:0;font-size:10px}}"
                 f"{k} tr{{page-break-inside:avoid}}}}")
        content = (
            f'<div class="dicelab-review-page" lang="{e(lang)}"><style>{style}</style>'
            f"<h1>{e(self.title(lang))}</h1>"
            + (f"<p>{e(self.summary(lang))}</p>" if self.rows else "") + f"{hand}"
            # no decision by the player (lesson 14: the computer played every move): no
            # rating, no scale of simulated players, no "0 decisions reviewed"
            + (f"<p><strong>{e(rating_line)}</strong> — "
               f"{e(mean_line)}</p>{self._skill_html(lang)}"
               f"<p>{e(scale_word)}</p><ul>{scale}</ul>" if self.rows else "")
            + f"{self._chart_html(lang)}"
            f"{self._luck_html(lang)}"
            # the table scrolls sideways in a narrow app: its box takes the keyboard's focus
            + (f'<div style="overflow-x:auto" tabindex="0"><table><thead><tr>{head}</tr></thead>'
               f"<tbody>{body}</tbody></table></div>" if self.rows else "")
            + "</div>"
        )
        if not standalone:
            return content
        return (
            f'<!DOCTYPE html>\n<html lang="{e(lang)}"><head><meta charset="utf-8">'
            f"<title>{e(self.title(lang))}</title></head><body style=\"margin:0\">"
            f"{content}</body></html>\n"
        )

    def _chart_html(self, lang: str) -> str:
        """The chart with its caption; a sentence instead when there is no decision."""
        e = html.escape
        if not self.rows:
            return f'<p class="dicelab-review-empty"><strong>{e(self.no_decision_text(lang))}' \
                   "</strong></p>"
        fig = self.to_figure(lang)
        return (f"<figure>{self.chart_svg(lang, fig)}<figcaption>"
                f"{e(fig.dicelab_alt_text)}</figcaption></figure>")

    def _skill_html(self, lang: str) -> str:
        """Each reviewed player's skill score, luck-adjusted result, luck and marks (the
        proficiency test's numbers), one list per player."""
        from dicelab.analysis import luck

        e = html.escape
        with_luck = self.game is not None and luck.ready(self.game)
        parts = []
        for entry in self.player_summary(lang) if with_luck else [
                {"player": p, "marks_text": self.marks_text(p, lang)} for p in self.players]:
            lines = [*entry.get("skill_lines", ()), entry["marks_text"]]
            items = "".join(f"<li>{e(x)}</li>" for x in lines)
            who = (f"<p>{e(self.player_label(entry['player'], lang).capitalize())}</p>"
                   if len(self.players) > 1 else "")
            parts.append(f'{who}<ul class="dicelab-skill">{items}</ul>')
        return "".join(parts)

    def _luck_html(self, lang: str) -> str:
        """The luck/skill section of :meth:`to_html` (empty when the two-player table is
        not at hand yet: the page never starts a long solve)."""
        from dicelab.analysis import luck

        if self.game is None or not luck.ready(self.game):
            return ""
        rep = self.luck
        if rep is None:
            return ""
        others = [p for p in range(rep.players) if p not in self.players]
        return rep.to_html(lang, svg=self.chart_svg, names=self.names or None, third=others)

    def _repr_html_(self) -> str:  # pragma: no cover - notebook display
        return self.to_html()


#: The review chart's y-axis label is wrapped at this many characters.
YLABEL_WIDTH = 36


def _player(p: int, lang: str | None) -> str:
    return _("player {n}", lang=lang, n=p + 1)


def _plot_value(unit: str, x: float) -> float:
    return 100 * x if is_probability(unit) else x


def _csv_number(x: float, lang: str) -> str:
    return fmt_data(x, 6, lang)


def _unit_name(unit: str, lang: str | None) -> str:
    return objective_unit(unit, lang)


def _loss_number(unit: str, x: float, lang: str | None) -> str:
    """A mean loss with its unit (percentage points for probabilities): a mean, with no
    values beside it, shown with one more decimal than a single loss."""
    return coach.format_loss(unit, x, lang=lang, digits=3 if unit == "expected_turns" else 2)


def review(game_or_saved_json: Any, lang: str | None = None, *,
           players: Iterable[int] | None = None, threshold: float | None = None,
           objective: str | None = None, why: bool = True,
           names: Iterable[str] | None = None) -> Review:
    """Review a game: one row per decision of ``players`` (default: every seat).
    ``names``: the seats' names in the table and the chart (default « joueur 1 »…).

    ``game_or_saved_json``: a live game, its JSON save (text, bytes, parsed dict) or the
    path of a saved file.  ``threshold``: the loss above which a decision is costly
    (default :data:`dicelab.coach.DEFAULT_THRESHOLDS` of the objective); ``objective``:
    the engine objective (default: each position's ``advise_state`` default);
    ``why=False`` skips the explanations (much faster: the calibration uses it).
    """
    game = load_game(game_or_saved_json)
    lang = get_language(lang)
    key = game.definition.key
    seats = tuple(range(game.players)) if players is None else tuple(players)
    for p in seats:
        p = plain_int(p)  # numpy integers too
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < game.players:
            raise DicelabError("players must be seats 0 to {last}; got {value}",
                               last=game.players - 1, value=brief(p))
    module = game.definition
    engine = get(key).engine
    sources = _roll_sources(game)
    from dicelab.analysis.policies import SOLO_OBJECTIVE as policies_solo

    advice_cache: dict[Any, Any] = {}
    rows: list[ReviewRow] = []
    units: dict[str, int] = {}
    higher: dict[str, bool] = {}
    last_source = "rng"
    last_roll = -1
    marked: set[int] = set()  # the rolls the rows show (the last roll before each row)
    actors: dict[int, int] = {}  # who played each action
    for i, state, action in _states(game):
        actors[i] = state.current_player
        if i - 1 in sources:
            last_source = sources[i - 1]
            last_roll = i - 1
        if state.to_roll or state.is_over or state.current_player not in seats:
            continue
        if len(module.legal_actions(state)) < 2:
            continue
        advice = engine.advise_state(state, objective=objective)
        if advice.objective in ("p_duel", policies_solo.get(key)):
            advice_cache[state] = advice  # the luck/skill split asks the same
        if len(advice) < 2:
            continue
        try:
            a = coach.assess(state, action, lang=lang, advice=advice, why=why)
        except DicelabError:  # an action the engine does not list: nothing to compare
            continue
        units[a.unit] = units.get(a.unit, 0) + 1
        higher[a.unit] = a.higher_is_better
        t = coach.DEFAULT_THRESHOLDS.get(a.unit, 0.0) if threshold is None else threshold
        rows.append(ReviewRow(
            number=len(rows) + 1, step=i, turn=state.turn_count, player=state.current_player,
            dice=tuple(state.dice), position=describe_position(state, lang=lang),
            choice=a.label, best=a.best_label, value=a.value, best_value=a.best_value,
            loss=a.loss, unit=a.unit, costly=a.is_costly(t), why=tuple(a.why),
            hand_set=last_source != "rng", source=last_source,
            action=a.action, best_action=a.best_action, spread=float(advice.choices[-1].loss),
        ))
        marked.add(last_roll)
    unmarked = tuple(r for r in getattr(game, "rolls", ()) if r.source in HAND_SOURCES
                     and r.step not in marked and actors.get(r.step) in seats)
    unit = max(units, key=units.get) if units else (objective or "p_win")
    t = coach.DEFAULT_THRESHOLDS.get(unit, 0.0) if threshold is None else threshold
    return Review(key, game.name, seats, tuple(rows), unit, higher.get(unit, True), t, lang,
                  game, advice_cache, unmarked, tuple(map(str, names or ())))


def class_summary(files: Iterable[Any], lang: str | None = None) -> Any:
    """Luck against skill over several saved games loaded together (a teacher's class
    view: :func:`dicelab.analysis.luck.class_summary`), with each seat's rating pooled
    over the games of one game and objective (:func:`pooled_rating`; load one student's
    saves to rate that student over them): a
    :class:`~dicelab.analysis.luck.ClassSummary` whose ``ratings`` has one entry per
    game, objective and seat (``key``, ``name``, ``player``, ``games``, ``rating``)."""
    from dicelab.analysis import luck

    lang = get_language(lang)
    entries: list[dict[str, Any]] = []
    pooled: dict[tuple[str, str, int], list[Review]] = {}
    for k, f in enumerate(luck.class_files(files)):
        rev = review(load_game(f), lang, why=False)
        entries += luck.class_entries(k, luck.analyse(rev.game, lang,
                                                      advice=rev.advice_cache), lang)
        for p in rev.players:
            if rev.stakes(p)[2]:
                pooled.setdefault((rev.game_key, rev.unit, p), []).append(rev)
    rated = [{"key": key, "name": revs[0].game_name, "player": p, "games": len(revs),
              "rating": pooled_rating(revs, p, lang)}
             for (key, _unit, p), revs in pooled.items()]
    return luck.ClassSummary(tuple(entries), tuple(rated))


# ----------------------------------------------------------------------- the rating
def _stakes(rows: Iterable[Any]) -> tuple[float, float, int]:
    """(loss, stakes, count) over the non-trivial rows (:func:`stake_share`)."""
    hard = [r for r in rows if non_trivial(r)]
    return (sum(r.loss for r in hard), sum(r.spread for r in hard), len(hard))


def stake_share(rows: Iterable[Any]) -> tuple[float, int]:
    """The rating's measure: the share of what was at stake that the non-trivial
    decisions of ``rows`` lost, and how many they are.

    A decision's stake is its worst choice's loss (``spread``: what it could cost at
    most); the share is the sum of the losses over the sum of the stakes, 0 when every
    choice was the best, 1 when every choice was the worst.  Only non-trivial decisions
    count (:func:`non_trivial`).  A share, not a loss in the game's unit: it does not
    grow with the game's length or with how much each decision happened to be worth
    (both luck), so one player's games land in the same bands far more often than with
    a mean or total loss.

    >>> from types import SimpleNamespace as R
    >>> rows = [R(unit="p_win", loss=0.0, spread=0.10), R(unit="p_win", loss=0.05,
    ...         spread=0.15), R(unit="p_win", loss=0.001, spread=0.002)]
    >>> share, n = stake_share(rows)
    >>> round(share, 3), n
    (0.2, 2)
    """
    loss, stakes, n = _stakes(rows)
    return (loss / stakes if stakes > 0 else 0.0), n


@cache
def stored_calibration() -> dict[str, Any]:
    """The whole stored calibration document (empty if it was never computed)."""
    try:
        data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _section(unit: str | None) -> str:
    return "duel" if unit == "p_duel" else "games"


def calibration(unit: str | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """The stored calibration per game: ``{game: {policy: {"share": …, "samples": …,
    …}}}`` — solo play, or two-player play (``unit="p_duel"``: the ``"duel"`` table).
    ``samples``: one ``[non-trivial decisions, loss, stakes]`` per simulated game."""
    return stored_calibration().get(_section(unit), {})


def rating_bounds(game_key: str, unit: str | None = None) -> list[tuple[str, float]]:
    """The fixed upper bound of each rating band but the last (share of the stakes
    lost), as stored by the calibration (``dicelab.tools.calibrate``, which says how
    they are set) for solo play or, ``unit="p_duel"``, two-player play.  Empty without
    a calibration.

    >>> [k for k, _b in rating_bounds(GAMES[0].key)]
    ['expert', 'strong', 'fair', 'beginner']
    """
    stored = stored_calibration().get("bands", {}).get(_section(unit), {}).get(game_key)
    if not stored:
        return []
    return [(k, float(stored[k])) for k, _n in RATING_BANDS[:4]]


def _scale(game_key: str, lang: str, unit: str | None = None) -> tuple[tuple[str, float], ...]:
    cal = calibration(unit).get(game_key, {})
    out = []
    for name, label in CALIBRATION_POLICIES.items():
        if name in cal:
            text = _(label, lang=lang)
            if name == "rule":
                text = f"{text} ({_(_RULE_NAMES[game_key], lang=lang)})"
            out.append((text, float(cal[name]["share"])))
    return tuple(out)


def _share_sentence(share: float, decisions: int, lang: str | None) -> str:
    return ngettext("Share of the stakes lost over {n} non-trivial decision: {share}.",
                    "Share of the stakes lost over {n} non-trivial decisions: {share}.",
                    decisions, lang=lang, share=fmt_percent(share, 1, lang))


def rate(game_key: str, share: float, *, unit: str | None = None,
         lang: str | None = None, decisions: int | None = None,
         mean_loss: float = 0.0) -> Rating:
    """Place a share of the stakes lost (:func:`stake_share`) on the game's fixed bands
    (:func:`rating_bounds`).

    Without a stored calibration for the game: *uncalibrated*, "no rating yet" (a new
    game's calibration is a step of docs/architecture.md, "Adding a game").  Solo play is
    rated on the solo bands, two-player play (``unit="p_duel"``) on the two-player
    ones; a unit without a calibration is *unrated*.  ``decisions``: the non-trivial
    decisions counted; none is *not rated*, fewer than :data:`PROVISIONAL_DECISIONS` is
    *provisional* (the band is given, marked so).  ``mean_loss``: the mean loss per
    decision, kept for the summary.

    >>> r = rate(GAMES[0].key, 0.0, decisions=3, lang="en")
    >>> r.band, r.label, r.provisional
    ('expert', 'expert (provisional)', True)
    """
    lang = get_language(lang)
    duel = unit == "p_duel" and bool(calibration("p_duel").get(game_key))
    cal = calibration("p_duel" if duel else None).get(game_key, {})
    cal_unit = next((c.get("unit") for c in cal.values() if c.get("unit")), None)
    unit = unit or cal_unit or "p_win"
    bounds = rating_bounds(game_key, "p_duel" if duel else None)
    eps = 1e-12
    provisional = decisions is not None and 0 < decisions < PROVISIONAL_DECISIONS
    if decisions is not None and decisions <= 0:
        band = "too_few"
    elif cal_unit is not None and unit != cal_unit:  # no calibration for this objective
        band = "unrated"
    elif bounds:
        band = next((k for k, b in bounds if share <= b + eps), "random")
    else:
        band = "uncalibrated"
    label = _(dict(RATING_BANDS)[band], lang=lang)
    if provisional and band not in ("too_few", "unrated", "uncalibrated"):
        label = _("{band} (provisional)", lang=lang, band=label)
    n = decisions if decisions is not None else 0
    text = _("{share} Rating: {band}.", lang=lang, band=label,
             share=_share_sentence(share, n, lang)) if band != "too_few" else \
        _("No non-trivial decision: not rated.", lang=lang)
    return Rating(band, label, mean_loss, unit,
                  _scale(game_key, lang, "p_duel" if duel else None), text,
                  share=share, decisions=n, provisional=provisional)


def pooled_rating(games: Iterable[Any], player: int = 0, lang: str | None = None, *,
                  objective: str | None = None) -> Rating:
    """One player's rating pooled over several games of one game (reviews, live games,
    saves or their paths): the share of the stakes lost over all of that seat's
    non-trivial decisions together (:func:`stake_share`), *provisional* while they are
    fewer than :data:`PROVISIONAL_DECISIONS` in all.  Games of different games or
    objectives are refused.

    >>> from dicelab.games import trwavril
    >>> pooled_rating([trwavril.Game(seed=1)], lang="en").band
    'too_few'
    """
    lang = get_language(lang)
    loss = stakes = 0.0
    count = 0
    kind: tuple[str, str] | None = None
    unit = objective
    for g in games:
        r = g if isinstance(g, Review) else review(g, lang, why=False, objective=objective)
        if player not in r.players:
            raise DicelabError("players must be seats 0 to {last}; got {value}",
                               last=len(r.players) - 1, value=brief(player))
        if r.rows:
            if kind is not None and kind != (r.game_key, r.unit):
                raise DicelabError("a pooled rating is over games of one game and one "
                                   "objective; got {a} and {b}", a=kind[0], b=r.game_key)
            kind = (r.game_key, r.unit)
        a, b, n = r.stakes(player)
        loss, stakes, count = loss + a, stakes + b, count + n
    if kind is None:
        return rate(GAMES[0].key, 0.0, unit=unit, lang=lang, decisions=0)
    return rate(kind[0], loss / stakes if stakes > 0 else 0.0, unit=kind[1], lang=lang,
                decisions=count)


# ----------------------------------------------------------------------- callable module
class _CallableModule(types.ModuleType):
    """``dicelab.review`` is this module; calling it calls :func:`review`."""

    def __call__(self, game_or_saved_json: Any, lang: str | None = None,
                 **kwargs: Any) -> Review:
        return review(game_or_saved_json, lang, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
