"""The short lessons' questions and computations, as data (``notebooks/{en,fr}/lessons/``).

Every lesson is a :class:`Lesson`: a key, a title, the game it is anchored in,
the programme point it serves, a main figure and its questions.  A
:class:`Question` is data — its text (an English msgid, French in the
catalog), how the student answers, an exact answer computed by the package,
a tolerance, hints and a worked answer whose numbers are computed too — so a
notebook, the teachers' guide and a worksheet builder all list the same
questions:

>>> q = LESSONS["counting"].question("five_multisets")
>>> q.kind, q.value()
('predict', 252)
>>> "252" in q.worked_text("en")
True

Every number is computed here with :mod:`dicelab.counting`, the engines and
the games' own rule functions (no rule is re-implemented):

>>> brelan_exactly_three(5), figure_probability("brelan", 5)
(Fraction(125, 648), Fraction(23, 108))
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from dicelab.analysis.counting import figure_probability, most_common_chain, outcome_counts
from dicelab.core.dice import multisets, probability, ways
from dicelab.core.errors import DicelabError, brief
from dicelab.core.figures import of_a_kind
from dicelab.core.i18n import N_, _, fmt_int, fmt_number, fmt_percent, get_language

# ------------------------------------------------------------------ value formatting


class Pct(float):
    """A probability that a worked answer shows as a percentage."""


def show(x: Any, lang: str | None = None, digits: int = 4, *, term: bool = False) -> str:
    """A computed value in a text: ``Pct`` as a percentage, ints grouped, others decimals,
    a negative number with a true minus sign.

    A fraction is ``p/q ≈ decimal``, or only ``p/q`` when it is a ``term`` inside a
    calculation (``1 − 3125/7776 − 3125/7776 = 763/3888 ≈ 0,1962``).

    >>> show(Fraction(5, 324), "fr"), show(Fraction(5, 324), "fr", term=True), show(-175, "en")
    ('5/324 ≈ 0,0154', '5/324', '−175')
    """
    if isinstance(x, str):
        return x
    if isinstance(x, Pct):
        text = fmt_percent(float(x), 1, lang)
    elif isinstance(x, int) and not isinstance(x, bool):
        text = fmt_int(x, lang)
    elif isinstance(x, Fraction) and x.denominator == 1:
        text = fmt_int(int(x), lang)
    elif isinstance(x, Fraction) and x.denominator <= 10_000:
        frac = f"{abs(x.numerator)}/{x.denominator}"
        text = ("-" if x < 0 else "") + (
            frac if term else f"{frac} ≈ {fmt_number(abs(float(x)), digits, lang)}")
    else:
        text = fmt_number(float(x), digits, lang)
    return "\u2212" + text[1:] if text.startswith("-") else text


#: After a field of a worked answer, a sign that the calculation goes on (the field is a term).
_GOES_ON = re.compile(r"\s*[−+×/=)²³·]")


def _terms(template: str) -> set[str]:
    """Fields of a worked-answer template followed by more calculation (shown as terms)."""
    return {m.group(1) for m in re.finditer(r"\{(\w+)\}", template)
            if _GOES_ON.match(template, m.end())}


# ------------------------------------------------------------------ questions and lessons


@dataclass(frozen=True)
class Question:
    """One prediction or exercise of a lesson.

    ``answer()`` is the exact answer (for ``input="choice"``: the index of the
    right option); ``fields()`` the computed values the worked answer names.
    """

    key: str
    kind: str  # "predict" or "exercise"
    text: str
    answer: Callable[[], Any]
    input: str = "number"  # number, percent, slider, choice
    options: tuple[str, ...] = ()
    tolerance: float = 0.0
    hints: tuple[str, ...] = ()
    worked: str = ""
    fields: Callable[[], dict[str, Any]] = lambda: {}
    slider: tuple[float, float, float] = (0.0, 1.0, 0.01)
    digits: int = 4
    close: float | None = None  # a prediction this close counts as "close"

    def value(self) -> Any:
        """The exact answer (computed now)."""
        return self.answer()

    def text_in(self, lang: str | None = None) -> str:
        return _(self.text, lang=lang)

    def options_in(self, lang: str | None = None) -> tuple[str, ...]:
        return tuple(_(o, lang=lang) for o in self.options)

    def answer_text(self, lang: str | None = None) -> str:
        """The answer as the worked answer and the teachers' guide show it."""
        v = self.value()
        if self.input == "choice":
            return self.options_in(lang)[int(v)]
        if self.input == "percent":
            return show(Pct(float(v)), lang)
        return show(v, lang, self.digits)

    def worked_text(self, lang: str | None = None) -> str:
        """The worked answer as mathematics: a fraction inside a calculation is written
        ``p/q``, the result ``p/q ≈ decimal``; exponents, not carets."""
        if not self.worked:
            return ""
        template = _(self.worked, lang=lang)
        terms = _terms(template)
        vals = {k: show(v, lang, self.digits, term=k in terms) for k, v in self.fields().items()}
        return template.format(**vals)

    def hints_in(self, lang: str | None = None) -> tuple[str, ...]:
        return tuple(_(h, lang=lang) for h in self.hints)


@dataclass(frozen=True)
class Lesson:
    """A 15-minute lesson: one concept, one main figure, its questions."""

    key: str
    title: str
    game: str
    programme: str
    figure: Callable[[str | None], Any]
    questions: tuple[Question, ...]
    #: (a likely misconception, the key of the question that brings it out)
    misconceptions: tuple[tuple[str, str], ...] = field(default=())
    #: the data a lesson's exercises need, as a table ``(header, rows)`` of text in a
    #: language (``None``: the figure is enough); the notebook and the worksheet show it
    table: Callable[[str | None], tuple[list[str], list[list[str]]]] | None = None

    @property
    def figure_answers(self) -> tuple[str, ...]:
        """Predictions whose answer the main figure shows: a lesson asks them before it."""
        return FIGURE_ANSWERS.get(self.key, ())

    def question(self, key: str) -> Question:
        for q in self.questions:
            if q.key == key:
                return q
        raise DicelabError("lesson {lesson} has no question {key}", lesson=self.key,
                           key=brief(key))

    def predictions(self) -> tuple[Question, ...]:
        return tuple(q for q in self.questions if q.kind == "predict")

    def exercises(self) -> tuple[Question, ...]:
        return tuple(q for q in self.questions if q.kind == "exercise")


# ------------------------------------------------------------------ computations (pure)


def brelan_exactly_three(n: int) -> Fraction:
    """P(exactly three dice alike, no more) among ``n`` dice (the most common face shows 3 times).

    >>> brelan_exactly_three(4)
    Fraction(5, 54)
    """
    return probability(n, lambda d: of_a_kind(d) == 3)


def ordered_vs_multisets(max_dice: int = 7) -> list[tuple[int, int, int]]:
    """``(n, 6**n, number of multisets)`` for 1..max_dice dice.

    >>> ordered_vs_multisets(2)
    [(1, 6, 6), (2, 36, 21)]
    """
    return [(n, *outcome_counts(n)) for n in range(1, max_dice + 1)]


def standard_error(p: Any, trials: int) -> float:
    """``sqrt(p (1 - p) / trials)``: the typical distance of a frequency from ``p``.

    >>> round(standard_error(0.5, 100), 3)
    0.05
    """
    return math.sqrt(float(p) * (1 - float(p)) / trials)


def at_least_one(face_test: Callable[[int], bool], k: int) -> Fraction:
    """P(at least one of ``k`` dice passes ``face_test``), counted over multisets.

    >>> at_least_one(lambda f: f == 1, 2)
    Fraction(11, 36)
    """
    return probability(k, lambda d: any(face_test(f) for f in d))


def complement_formula(p: Any, k: int) -> Fraction:
    """``1 - (1 - p)**k`` (the complement rule for independent tries).

    >>> complement_formula(Fraction(1, 6), 2)
    Fraction(11, 36)
    """
    return 1 - (1 - Fraction(p)) ** k


def first_k_more_likely_than_not(p: Any) -> int:
    """The fewest dice for which 'at least one success' is more likely than not.

    >>> first_k_more_likely_than_not(Fraction(1, 6))
    4
    """
    return next(k for k in range(1, 100) if complement_formula(p, k) > Fraction(1, 2))


def count_distribution(n: int, face_test: Callable[[int], bool]) -> list[Fraction]:
    """``P(X = j)`` for ``X`` = number of the ``n`` dice passing ``face_test``, counted exactly.

    >>> count_distribution(2, lambda f: f == 1)
    [Fraction(25, 36), Fraction(5, 18), Fraction(1, 36)]
    """
    return [probability(n, lambda d, j=j: sum(face_test(f) for f in d) == j)
            for j in range(n + 1)]


def binomial_pmf(n: int, p: Any) -> list[Fraction]:
    """The binomial law B(n, p): ``C(n, j) p^j (1-p)^(n-j)``.

    >>> binomial_pmf(2, Fraction(1, 6)) == count_distribution(2, lambda f: f == 1)
    True
    """
    p = Fraction(p)
    return [math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)]


def cinqmille_die_points() -> dict[int, Fraction]:
    """Distribution of X = the points one die can be set aside for in 5000 (0 if it does not
    score), from the game's own ``scoring_options``.

    >>> cinqmille_die_points()
    {0: Fraction(2, 3), 50: Fraction(1, 6), 100: Fraction(1, 6)}
    """
    from dicelab.games import cinqmille

    dist: dict[int, Fraction] = {}
    for (face,) in multisets(1):
        opts = cinqmille.scoring_options((face,))
        pts = max((p for _k, p in opts), default=0)
        dist[pts] = dist.get(pts, Fraction(0)) + Fraction(1, 6)
    return dict(sorted(dist.items()))


def cinqmille_best_points(n: int) -> Fraction:
    """E(Y), Y = the most points that ``n`` rolled dice can be set aside for in 5000.

    >>> cinqmille_best_points(2)
    Fraction(50, 1)
    """
    from dicelab.games import cinqmille

    total = Fraction(0)
    for roll in multisets(n):
        pts = max((p for _k, p in cinqmille.scoring_options(roll)), default=0)
        total += Fraction(ways(roll), 6**n) * pts
    return total


def expectation(dist: dict[int, Any]) -> Any:
    """``E(X) = sum x P(X = x)``."""
    return sum(x * p for x, p in dist.items())


def variance(dist: dict[int, Any]) -> Any:
    """``V(X) = E(X^2) - E(X)^2``."""
    m = expectation(dist)
    return sum(x * x * p for x, p in dist.items()) - m * m


def cinqmille_last_die(held: int = 300) -> dict[int, tuple[int, bool]]:
    """Lesson 08's situation played through 5000's own rules: after opening, the turn holds
    ``held`` points with four dice set aside, and the last die is rolled.  For each face:
    (change of the turn's points just after that roll, whether banking is then allowed).

    A scoring face fills the hand (*main pleine*, ruling F4): the die must be set aside and
    all five dice rolled again, banking is refused; any other face busts and loses the turn.

    >>> cinqmille_last_die(300)[1], cinqmille_last_die(300)[2]
    ((100, False), (-300, False))
    """
    from dataclasses import replace

    from dicelab.games import cinqmille as game
    from dicelab.games._base import Bank, Roll

    start = replace(game.new_state(game.Rules()), opened=(True,), scores=(1000,),
                    aside=(1, 1, 5, 5), groups=((1, 1), (5, 5)), turn_points=held,
                    phase="rolling", to_roll=1)
    out: dict[int, tuple[int, bool]] = {}
    for face in range(1, 7):
        state, _events = game.roll_outcome(start, (face,))
        if state.phase != "choose":  # the turn ended: the held points are lost
            out[face] = (-held, False)
            continue
        actions = game.legal_actions(state)
        can_bank = any(isinstance(a, Bank) for a in actions)
        after, _events = game.step(state, next(a for a in actions if isinstance(a, Roll)))
        out[face] = (after.turn_points - held, can_bank)
    return out


def cinqmille_one_die_gamble(held: int) -> Fraction:
    """Expected change of the turn's points just after rolling the last die, ``held`` points
    at stake (:func:`cinqmille_last_die`; a scoring die means five dice to roll again).

    >>> cinqmille_one_die_gamble(300)
    Fraction(-175, 1)
    """
    return sum((Fraction(change, 6) for change, _bank in cinqmille_last_die(held).values()),
               Fraction(0))


# Seveny: "bank at N" against optimal play
SEVENY_THRESHOLDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 8)


@cache
def seveny_rule_points(threshold: int) -> tuple[Fraction, Fraction]:
    """(expected points of one turn, P(turn scores 0)) under Seveny's 'bank at N' rule."""
    from dicelab.engine.seveny.solo import turn_points_distribution

    d = turn_points_distribution(threshold)
    return expectation(d), d.get(0, Fraction(0))


def seveny_best_threshold() -> int:
    """The threshold of :data:`SEVENY_THRESHOLDS` with the most points per turn.

    >>> seveny_best_threshold()
    4
    """
    return max(SEVENY_THRESHOLDS, key=lambda t: seveny_rule_points(t)[0])


@cache
def seveny_optimal_points() -> float:
    """Expected points of one Seveny turn played to maximise them (the exact engine)."""
    from dicelab.engine.seveny.solo import expected_turn_points

    return float(expected_turn_points())


@cache
def seveny_rule_turns(threshold: int) -> tuple[float, float]:
    """(mean, standard deviation) of the turns to reach Seveny's target with 'bank at N'."""
    from dicelab.analysis.counting import seveny_bank_at, turns_to_target_moments
    from dicelab.games import seveny

    target = seveny.Rules().target
    m, v = turns_to_target_moments(seveny_bank_at(threshold, target), target)
    return float(m), math.sqrt(float(v))


@cache
def seveny_optimal_turns() -> tuple[float, float]:
    """(mean, standard deviation) of the turns to reach Seveny's target, optimal play."""
    from dicelab.engine.seveny.solo import turns_moments

    m, sd = turns_moments()
    return float(m), float(sd)


def seveny_turns_distribution(threshold: int | None, max_turns: int = 40) -> list[float]:
    """``P(T = t)`` for t = 0..max_turns: 'bank at N' (``threshold``) or optimal (``None``)."""
    from dicelab.analysis.counting import seveny_bank_at, turns_to_target_distribution
    from dicelab.engine.seveny.solo import turns_distribution
    from dicelab.games import seveny

    if threshold is None:
        return [float(x) for x in turns_distribution(max_turns=max_turns)]
    target = seveny.Rules().target
    return [float(x) for x in turns_to_target_distribution(seveny_bank_at(threshold, target),
                                                           target, max_turns)]


#: Per lesson, the predictions that its main figure answers (asked before the figure).
FIGURE_ANSWERS: dict[str, tuple[str, ...]] = {
    "counting": ("five_ordered", "five_multisets"),
    "figures": ("p_brelan", "rarer"),
    "large_numbers": ("se_100",),
    "at_least_one": ("one_in_five", "how_many"),
    "binomial": ("exactly_one",),
    "conditional": ("six_given_brelan",),
    "expected_value": ("e_one_die", "zero_or_not"),
    "stop_or_roll": ("best_n", "zero_at_8"),
    "variance": ("mean_rule", "more_spread"),
    "markov": ("from_pair",),
    "optimal_play": ("optimal_points", "shortfall"),
    "gamblers_fallacy": ("six_next",),
    "behind": ("bank_or_roll",),
}

#: Games of the turns simulator, and the policies that fit each (thresholds in its points).
TURN_GAMES: dict[str, str] = {"seveny": "Seveny", "cinqmille": "5000"}
TURN_THRESHOLDS: dict[str, tuple[int, ...]] = {"seveny": (3, 4, 5, 6), "cinqmille": (300, 500)}


def turn_policies(game: str) -> list[tuple[str, int]]:
    """The policies offered for ``game``: ``(msgid, threshold)``, 0 meaning optimal play.

    Only thresholds in the game's own points: 300 points make sense in 5000, not
    in Seveny (whose turns score a few points).

    >>> turn_policies("seveny")[:2]
    [('optimal play', 0), ('bank at {n} points', 3)]
    >>> [n for _l, n in turn_policies("cinqmille")]
    [0, 300, 500]
    """
    if game not in TURN_THRESHOLDS:
        raise DicelabError("the turns simulator plays {games}; got {game}",
                           games=", ".join(TURN_GAMES), game=brief(game))
    return [(N_("optimal play"), 0)] + [(N_("bank at {n} points"), n)
                                        for n in TURN_THRESHOLDS[game]]


def simulate_turns(game: str, threshold: int, games: int, seed: int) -> tuple[Any, Any, str]:
    """Simulate solo games: ``(SimResult, exact mean of that policy or None, note)``.

    Thresholds must fit the game (:func:`turn_policies`).  The exact mean is the
    policy's own (optimal play: the engine; Seveny 'bank at N': the exact
    recursion); 5000 with a threshold has no exact value here.  Seeded, so cached: the
    same click again answers at once.
    """
    if not all(isinstance(x, t) for x, t in ((game, str), (threshold, int), (games, int),
                                              (seed, int))):  # checked without the cache
        return _simulate_turns.__wrapped__(game, threshold, games, seed)
    return _simulate_turns(game, threshold, games, seed)


@lru_cache(maxsize=64)
def _simulate_turns(game: str, threshold: int, games: int, seed: int) -> tuple[Any, Any, str]:
    from dicelab.analysis.policies import bank_at
    from dicelab.analysis.simulate import simulate, simulate_fast
    from dicelab.engine.cinqmille import solo as cinq_engine

    allowed = [n for _l, n in turn_policies(game)]
    if threshold not in allowed:
        raise DicelabError("policy {n} does not fit {game}; choose one of {allowed}",
                           n=brief(threshold), game=TURN_GAMES[game],
                           allowed=", ".join(map(str, allowed)))
    if threshold == 0:
        res = simulate_fast(game, games=games, seed=seed)
        exact = (seveny_optimal_turns()[0] if game == "seveny"
                 else float(cinq_engine.expected_turns()))
        return res, exact, ""
    if game == "seveny":  # vectorised: each turn drawn from the rule's exact distribution
        res = simulate_fast(game, policy="bank_at", threshold=threshold, games=games, seed=seed)
        return res, seveny_rule_turns(threshold)[0], ""
    res = simulate(game, policy=bank_at(threshold), games=games, seed=seed)
    return res, None, N_("no exact value for this rule (simulation only)")


def six_after_streak(rolls: int, seed: int, streak: int = 3) -> tuple[int, int]:
    """Roll one die ``rolls`` times (seeded); after every ``streak`` rolls in a row without a
    6, count whether the next roll is a 6: ``(sixes, occasions)``.

    >>> s, n = six_after_streak(60_000, seed=1)
    >>> n > 20_000, abs(s / n - 1 / 6) < 0.01
    (True, True)
    """
    import numpy as np

    from dicelab.core.dice import make_rng

    r = make_rng(seed).integers(1, 7, size=rolls)
    no6 = (r != 6).astype(np.int64)
    run = np.convolve(no6, np.ones(streak, dtype=np.int64), mode="valid")[:-1]
    nxt = r[streak:]
    occ = run == streak
    return int((nxt[occ] == 6).sum()), int(occ.sum())


def trwavril_figures() -> dict[str, Fraction]:
    """P(figure) of four final dice in Trwavril (the game's ``figure``: a brelan is exactly
    three alike, four alike is a carré)."""
    from dicelab.games import trwavril

    rules = trwavril.Rules()
    return {f: probability(4, lambda d, f=f: trwavril.figure(d, rules) == f)
            for f in ("carré", "brelan", "suite", "rien")}


def trwavril_card_given_figure(card: int, fig: str) -> Fraction:
    """P_B(A): A = 'card can be flipped', B = 'the four dice show figure ``fig``'.

    >>> trwavril_card_given_figure(6, "brelan")
    Fraction(1, 6)
    """
    from dicelab.games import trwavril

    rules = trwavril.Rules()
    both = probability(4, lambda d: trwavril.figure(d, rules) == fig
                       and card in trwavril.flippable(d, rules))
    return both / trwavril_figures()[fig]


def trwavril_flip_change(card: int = 5) -> tuple[float, float]:
    """Cards 1–5 barred, 2 parapluies: P(win) before and after flipping ``card`` (exact)."""
    from dicelab.engine import trwavril

    e = trwavril.flip_effect((1, 2, 3, 4, 5), card, parapluies=2)
    return float(e.before), float(e.after)


# ------------------------------------------------------------------ data tables (issue 17 §5)


def _html_table(head: list[str], rows: list[list[str]], cls: str) -> str:
    import html

    cell = 'style="border:1px solid #999;padding:4px 8px;text-align:right"'
    out = [f'<table class="{cls}" style="border-collapse:collapse">',
           "<tr>" + "".join(f"<th {cell}>{html.escape(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td {cell}>{html.escape(c)}</td>" for c in r) + "</tr>"
            for r in rows]
    return "".join(out) + "</table>"


def turns_table(lang: str | None = None) -> str:
    """Seveny solo, turns to reach the target: E(T) and the variance of T for 'bank at 4' and
    for optimal play (lessons 09 and 11 work from it), computed exactly, as HTML.

    >>> "12.98" in turns_table("en") and "12,98" in turns_table("fr")
    True
    """
    return _html_table(*turns_rows(lang), "dicelab-lesson-table")


def markov_table(lang: str | None = None) -> str:
    """Lesson 10's data (:func:`markov_rows`) as HTML.

    >>> "0,0926" in markov_table("fr")
    True
    """
    return _html_table(*markov_rows(lang), "dicelab-lesson-table")


def turns_rows(lang: str | None = None) -> tuple[list[str], list[list[str]]]:
    """The rows of :func:`turns_table`."""
    from dicelab.games import seveny

    var = "Var(T)" if get_language(lang) == "en" else "V(T)"
    head = [_("Seveny solo, target {t} points", lang=lang, t=seveny.Rules().target), "E(T)", var]
    rows = []
    for name, (m, sd) in ((N_("bank at 4"), seveny_rule_turns(4)),
                          (N_("optimal play"), seveny_optimal_turns())):
        rows.append([_(name, lang=lang), fmt_number(m, 2, lang), fmt_number(sd * sd, 2, lang)])
    return head, rows


def markov_rows(lang: str | None = None) -> tuple[list[str], list[list[str]]]:
    """Lesson 10's data: the distribution π₁ of the state after the first roll, and the
    transition matrix M (row i: the next state from state i), four decimals."""
    chain = most_common_chain(5)
    head = [""] + [_("state {k}", lang=lang, k=k) for k in chain.states]
    rows = [["π₁ " + _("(after the first roll)", lang=lang)]
            + [fmt_number(float(p), 4, lang) for p in chain.initial]]
    rows += [[_("M, from state {k}", lang=lang, k=k)] + [fmt_number(float(p), 4, lang)
                                                        for p in row]
             for k, row in zip(chain.states, chain.matrix)]
    return head, rows


def behind_rows(lang: str | None = None) -> tuple[list[str], list[list[str]]]:
    """Lesson 13's data (the notebook shows it with
    :func:`dicelab.lessons.versus.behind_html`): each choice and its exact probability
    of winning, both playing to win."""
    from dicelab.lessons.versus import behind_choices

    c = behind_choices()
    head = [_("choice", lang=lang), _("probability of winning (both playing to win)", lang=lang)]
    return head, [[_("bank the 150 points", lang=lang), fmt_percent(c["p_bank"], 1, lang)],
                  [_("roll the three dice left", lang=lang), fmt_percent(c["p_roll"], 1, lang)]]


# ------------------------------------------------------------------ figures (main visuals)


def _fig_counting(lang: str | None) -> Any:
    from dicelab.render import plots

    rows = ordered_vs_multisets(7)
    return plots.grouped_bars(
        [str(n) for n, _o, _m in rows],
        {_("ordered rolls", lang=lang): [o for _n, o, _m in rows],
         _("multisets", lang=lang): [m for _n, _o, m in rows]},
        xlabel=_("number of dice", lang=lang), ylabel=_("number of results", lang=lang),
        title=_("Ordered rolls against multisets", lang=lang), log_y=True, lang=lang)


def _fig_figures(lang: str | None) -> Any:
    from dicelab.analysis.counting import FIGURES
    from dicelab.render import plots

    ns = (4, 5, 7)
    return plots.grouped_bars(
        [_("{n} dice", lang=lang, n=n) for n in ns],
        {f: [float(figure_probability(f, n)) for n in ns] for f in FIGURES},
        xlabel=_("number of dice", lang=lang), ylabel=_("probability in one roll", lang=lang),
        title=_("Figures in one roll (brelan: at least three alike)", lang=lang), lang=lang)


def _fig_lln(lang: str | None) -> Any:
    from dicelab.analysis import counting
    from dicelab.render import plots

    c = counting.convergence("brelan", 5, 20_000, seed=LLN_SEED)
    return plots.convergence_plot(
        c.frequency, c.exact, xlabel=_("number of rolls", lang=lang),
        ylabel=_("running frequency", lang=lang),
        title=_("Brelan with five dice, seed {seed}", lang=lang, seed=LLN_SEED), lang=lang)


LLN_SEED = 2024


def _fig_at_least_one(lang: str | None) -> Any:
    from dicelab.render import plots

    ks = range(1, 8)
    return plots.bars([str(k) for k in ks],
                      [float(at_least_one(lambda f: f == 1, k)) for k in ks],
                      xlabel=_("number of dice", lang=lang),
                      ylabel=_("P(at least one 1)", lang=lang),
                      title=_("At least one 1: counted exactly", lang=lang), lang=lang)


def _fig_binomial(lang: str | None) -> Any:
    from dicelab.render import plots

    dist = count_distribution(5, lambda f: f == 1)
    return plots.bars([str(j) for j in range(6)], [float(p) for p in dist],
                      xlabel=_("number of 1s among five dice", lang=lang),
                      ylabel=_("probability", lang=lang),
                      title=_("X follows the binomial distribution B(5, 1/6)", lang=lang),
                      lang=lang)


def _fig_conditional(lang: str | None) -> Any:
    from dicelab.render import plots

    figs = ("carré", "brelan", "suite")
    return plots.bars(list(figs), [float(trwavril_card_given_figure(6, f)) for f in figs],
                      xlabel=_("figure of the four dice (B)", lang=lang),
                      ylabel=_("P(card 6 can be flipped | B)", lang=lang),
                      title=_("Trwavril: conditional probabilities", lang=lang), lang=lang)


def _fig_expected(lang: str | None) -> Any:
    from dicelab.render import plots

    d = cinqmille_die_points()
    return plots.bars([str(x) for x in d], [float(p) for p in d.values()],
                      xlabel=_("points X of one die (5000)", lang=lang),
                      ylabel=_("probability", lang=lang),
                      title=_("The distribution of X", lang=lang), lang=lang)


def _fig_stop(lang: str | None) -> Any:
    from dicelab.render import plots

    ts = SEVENY_THRESHOLDS
    return plots.grouped_bars(
        [str(t) for t in ts],
        {_("expected points per turn", lang=lang): [float(seveny_rule_points(t)[0]) for t in ts],
         _("P(turn scores 0) × 10", lang=lang): [10 * float(seveny_rule_points(t)[1])
                                                  for t in ts]},
        xlabel=_("bank at N points or more", lang=lang), ylabel=_("value", lang=lang),
        title=_("Seveny: reward and risk of the 'bank at N' rule", lang=lang), lang=lang)


def _fig_variance(lang: str | None) -> Any:
    from dicelab.render import plots

    best = seveny_best_threshold()
    rule = seveny_turns_distribution(best)
    opt = seveny_turns_distribution(None)
    ts = [t for t in range(1, len(opt)) if max(rule[t], opt[t]) > 0.005]
    return plots.grouped_bars(
        [str(t) for t in ts],
        {_("bank at {n}", lang=lang, n=best): [rule[t] for t in ts],
         _("optimal play", lang=lang): [opt[t] for t in ts]},
        xlabel=_("turns to finish", lang=lang), ylabel=_("probability", lang=lang),
        title=_("Seveny solo: the distribution of the number of turns T", lang=lang), lang=lang)


def _fig_markov(lang: str | None) -> Any:
    from dicelab.render import plots

    chain = most_common_chain(5)
    return plots.state_diagram(chain.states, chain.matrix, highlight=(3, 4, 5),
                               xlabel=_("dice alike (state)", lang=lang),
                               title=_("Keep the most common face, five dice", lang=lang),
                               lang=lang)


def _fig_optimal(lang: str | None) -> Any:
    from dicelab.render import plots

    ts = (2, 3, 4, 5, 6)
    labels = [_("bank at {n}", lang=lang, n=t) for t in ts] + [_("optimal", lang=lang)]
    values = [float(seveny_rule_points(t)[0]) for t in ts] + [seveny_optimal_points()]
    return plots.bars(labels, values, xlabel=_("policy", lang=lang),
                      ylabel=_("expected points per turn", lang=lang),
                      title=_("Seveny: simple rules against optimal play", lang=lang), lang=lang)


def _fig_fallacy(lang: str | None) -> Any:
    from dicelab.render import plots

    lengths = range(0, 6)
    freq = []
    for k in lengths:
        s, n = six_after_streak(60_000, FALLACY_SEED, k) if k else (None, None)
        freq.append(float(s / n) if k else 1 / 6)
    return plots.bars([str(k) for k in lengths], freq,
                      xlabel=_("rolls in a row without a 6 just before", lang=lang),
                      ylabel=_("frequency of a 6 next", lang=lang),
                      title=_("60,000 simulated rolls: a 6 is never 'due'", lang=lang), lang=lang)


FALLACY_SEED = 6


# ------------------------------------------------------------------ the lessons


def _q(key: str, kind: str, text: str, answer: Callable[[], Any], **kw: Any) -> Question:
    return Question(key, kind, text, answer, **kw)


def _lessons() -> dict[str, Lesson]:
    p5 = lambda: figure_probability("brelan", 5)  # noqa: E731
    L: list[Lesson] = []
    L.append(Lesson(
        "counting", N_("Ordered rolls and multisets"), "Dripeul 5",
        N_("Terminale (spécialité): combinatorics and counting (k-tuples, permutations, "
           "combinations: 5!/(2! 3!) chooses the places of the 2s); Seconde: probability on a "
           "finite set of equally likely outcomes; counting multisets (stars and bars) goes "
           "beyond the programme"),
        _fig_counting, (
            _q("five_ordered", "predict",
               N_("How many ordered rolls do five dice have (which die shows what)?"),
               lambda: outcome_counts(5)[0], close=1000),
            _q("five_multisets", "predict",
               N_("And how many multisets (what the five dice show, order forgotten)?"),
               lambda: outcome_counts(5)[1], close=30,
               worked=N_("Stars and bars: ¹⁰C₅ = {m}."),
               fields=lambda: {"m": outcome_counts(5)[1]}),
            _q("which_likely", "predict",
               N_("With five dice, which multiset is the most likely?"),
               lambda: 0, input="choice",
               options=(N_("1 2 3 4 5"), N_("6 6 6 6 6"), N_("both equally likely"))),
            _q("ways_22444", "exercise",
               N_("How many ordered rolls give the multiset 2 2 4 4 4?"),
               lambda: ways((2, 2, 4, 4, 4)),
               hints=(N_("Choose which two of the five dice show the 2s."),),
               worked=N_("5! / (2! × 3!) = {n}: choose the two dice that show 2."),
               fields=lambda: {"n": ways((2, 2, 4, 4, 4))}),
            _q("p_12345", "exercise",
               N_("What is the probability of the multiset 1 2 3 4 5 (a decimal)?"),
               lambda: Fraction(ways((1, 2, 3, 4, 5)), 6**5), tolerance=0.0005,
               hints=(N_("Each order of the five faces is one ordered roll."),
                      N_("There are 6⁵ ordered rolls in all.")),
               worked=N_("5! = {w} ordered rolls out of {all}: {p}."),
               fields=lambda: {"w": ways((1, 2, 3, 4, 5)), "all": 6**5,
                               "p": Fraction(ways((1, 2, 3, 4, 5)), 6**5)}),
        ),
        misconceptions=(
            (N_("Every multiset is equally likely (so 1 2 3 4 5 is as rare as 6 6 6 6 6)."),
             "which_likely"),
            (N_("Two dice have 12 or 21 results, so the probability of a double is 1/21."),
             "ways_22444"),
        )))
    L.append(Lesson(
        "figures", N_("The probability of a figure"), "Dripeul 5",
        N_("Seconde: probability of an event as a sum of outcomes"),
        _fig_figures, (
            _q("p_brelan", "predict",
               N_("Chance that five dice show a brelan (at least three alike)?"),
               p5, input="percent", close=0.05),
            _q("rarer", "predict", N_("With five dice, which is rarer?"),
               lambda: 0 if figure_probability("carré", 5) < figure_probability("suite", 5)
               else 1, input="choice", options=(N_("a carré"), N_("a suite"))),
            _q("exactly_three", "exercise",
               N_("Probability that five dice show exactly three alike, no more (a decimal)?"),
               lambda: brelan_exactly_three(5), tolerance=0.001,
               hints=(N_("At least three = exactly three + at least four."),),
               worked=N_("P(at least three) − P(at least four) = {a} − {b} = {p}."),
               fields=lambda: {"a": p5(), "b": figure_probability("carré", 5),
                               "p": brelan_exactly_three(5)}),
            _q("carre_seven", "exercise",
               N_("With Seveny's seven dice, probability of a carré (at least four alike)?"),
               lambda: figure_probability("carré", 7), tolerance=0.001,
               hints=(N_("The chart below shows it for 7 dice."),),
               worked=N_("Adding every multiset of seven dice with four alike or more: {p}."),
               fields=lambda: {"p": figure_probability("carré", 7)}),
        ),
        misconceptions=(
            (N_("'Brelan' means exactly three, so a carré is not a brelan."), "exactly_three"),
            (N_("A suite is rarer than a carré because it needs every face in order."), "rarer"),
        )))
    L.append(Lesson(
        "large_numbers", N_("The law of large numbers"), "Dripeul 5",
        N_("Seconde: sampling fluctuation, simulation; Terminale (spécialité): the "
           "frequency as a sample mean, its standard deviation √(p(1 − p)/n), law of large "
           "numbers"),
        _fig_lln, (
            _q("se_100", "predict",
               N_("After 100 simulated rolls, how far from the exact value is the frequency "
                  "of brelans, typically (one standard error)?"),
               lambda: standard_error(p5(), 100), input="slider", slider=(0.0, 0.2, 0.005),
               close=0.02),
            _q("ten_times", "predict",
               N_("To be ten times closer to the exact value, how many times more rolls?"),
               lambda: 1, input="choice", options=(N_("10 times"), N_("100 times"),
                                                   N_("1,000 times"))),
            _q("se_10000", "exercise",
               N_("Standard error of the frequency after 10,000 rolls (a decimal)?"),
               lambda: standard_error(p5(), 10_000), tolerance=0.0005,
               hints=(N_("SE = √(p(1 − p)/n) with p the exact probability of a brelan."),),
               worked=N_("√({p} × (1 − {p}) / 10000) = {se}."),
               fields=lambda: {"p": float(p5()), "se": standard_error(p5(), 10_000)}),
            _q("band_class", "exercise",
               N_("Eight groups roll five dice 20 times each. Half-width of the band "
                  "(2 standard errors) for the pooled frequency?"),
               lambda: 2 * standard_error(p5(), 160), tolerance=0.003,
               hints=(N_("Pooled, the class has 8 × 20 = 160 rolls."),),
               worked=N_("2 × √({p} × (1 − {p}) / 160) = {w}."),
               fields=lambda: {"p": float(p5()), "w": 2 * standard_error(p5(), 160)}),
        ),
        misconceptions=(
            (N_("After many rolls the frequency equals the probability exactly."), "se_100"),
            (N_("Ten times more rolls make the estimate ten times better."), "ten_times"),
        )))
    one = lambda f: f == 1  # noqa: E731
    one_or_five = lambda f: f in (1, 5)  # noqa: E731
    L.append(Lesson(
        "at_least_one", N_("The complement rule: at least one"), "5000",
        N_("Première: complement of an event, independent repeated trials"),
        _fig_at_least_one, (
            _q("one_in_five", "predict",
               N_("In 5000 you roll five dice. Chance of at least one 1?"),
               lambda: at_least_one(one, 5), input="percent", close=0.05),
            _q("how_many", "predict",
               N_("From how many dice is 'at least one 1' more likely than not?"),
               lambda: (2, 3, 4, 6).index(first_k_more_likely_than_not(Fraction(1, 6))),
               input="choice",
               options=(N_("2 dice"), N_("3 dice"), N_("4 dice"), N_("6 dice"))),
            _q("one_or_five_three", "exercise",
               N_("Three dice: probability of at least one 1 or one 5 (a decimal)?"),
               lambda: complement_formula(Fraction(1, 3), 3), tolerance=0.001,
               hints=(N_("The opposite event: no die shows 1 or 5."),
                      N_("Each die avoids 1 and 5 with probability 4/6.")),
               worked=N_("1 − (2/3)³ = {p}; counting the multisets gives the same: {c}."),
               fields=lambda: {"p": complement_formula(Fraction(1, 3), 3),
                               "c": at_least_one(one_or_five, 3)}),
            _q("bust_three", "exercise",
               N_("In 5000, a roll of three dice busts when nothing scores. P(bust) "
                  "(a decimal)?"),
               lambda: _p_bust_5000(3), tolerance=0.001,
               hints=(N_("No 1 and no 5 is not enough: a brelan also scores."),),
               worked=N_("(2/3)³ = {no15} counts the rolls without 1 or 5; remove the four "
                         "brelans 2 2 2, 3 3 3, 4 4 4, 6 6 6: {p}."),
               fields=lambda: {"no15": Fraction(8, 27), "p": _p_bust_5000(3)}),
        ),
        misconceptions=(
            (N_("With six dice a 1 is certain, since each die gives a 1 in six."), "how_many"),
            (N_("P(at least one) is the sum of the dice's chances (5 × 1/6)."), "one_in_five"),
        )))
    L.append(Lesson(
        "binomial", N_("The binomial distribution"), "5000",
        N_("Terminale (spécialité): Bernoulli trials and the binomial distribution"),
        _fig_binomial, (
            _q("exactly_one", "predict",
               N_("Five dice: chance of exactly one 1?"),
               lambda: count_distribution(5, one)[1], input="percent", close=0.05),
            _q("mean_ones", "predict",
               N_("On average, how many 1s among five dice?"),
               lambda: Fraction(5, 6), close=0.15),
            _q("two_or_more", "exercise",
               N_("Five dice: P(X ≥ 2), X the number of 1s (a decimal)?"),
               lambda: sum(count_distribution(5, one)[2:]), tolerance=0.001,
               hints=(N_("P(X ≥ 2) = 1 − P(X = 0) − P(X = 1)."),),
               worked=N_("1 − {p0} − {p1} = {p}."),
               fields=lambda: {"p0": binomial_pmf(5, Fraction(1, 6))[0],
                               "p1": binomial_pmf(5, Fraction(1, 6))[1],
                               "p": sum(binomial_pmf(5, Fraction(1, 6))[2:])}),
            _q("seveny_none", "exercise",
               N_("Seveny rolls seven dice; 1s and 6s score alone. Y = number of dice showing "
                  "1 or 6. P(Y = 0) (a decimal)?"),
               lambda: count_distribution(7, lambda f: f in (1, 6))[0], tolerance=0.001,
               hints=(N_("Y follows B(7, 1/3)."),),
               worked=N_("(2/3)⁷ = {p}."),
               fields=lambda: {"p": binomial_pmf(7, Fraction(1, 3))[0]}),
        ),
        misconceptions=(
            (N_("Exactly one 1 among five dice has probability 1/6."), "exactly_one"),
            (N_("The most likely number of 1s is the mean, so it must be a whole number."),
             "mean_ones"),
        )))
    L.append(Lesson(
        "conditional", N_("Conditional probability with Trwavril's cards"), "Trwavril",
        N_("Première (spécialité): conditional probability P_B(A)"),
        _fig_conditional, (
            _q("six_given_brelan", "predict",
               N_("Four dice show a brelan (exactly three alike). Chance it can flip card 6?"),
               lambda: trwavril_card_given_figure(6, "brelan"), input="percent", close=0.05),
            _q("flip_back", "predict",
               N_("Cards 1 to 5 are barred, 2 parapluies left. A brelan of 5 flips card 5 "
                  "back. Your chance of winning…"),
               lambda: 1 if trwavril_flip_change(5)[1] < trwavril_flip_change(5)[0] else 0,
               input="choice", options=(N_("goes up"), N_("goes down"))),
            _q("six_given_suite", "exercise",
               N_("B: the four dice show a suite. A: card 6 can be flipped. P(A|B) "
                  "(a decimal)?"),
               lambda: trwavril_card_given_figure(6, "suite"), tolerance=0.001,
               hints=(N_("A suite of four is 1234, 2345 or 3456: which ones contain 6?"),),
               worked=N_("P(A ∩ B) / P(B) = {p}."),
               fields=lambda: {"p": trwavril_card_given_figure(6, "suite")}),
            _q("p_brelan_four", "exercise",
               N_("Probability that four dice show Trwavril's brelan (exactly three alike) "
                  "(a decimal)?"),
               lambda: trwavril_figures()["brelan"], tolerance=0.001,
               hints=(N_("Choose the face (6 ways), the odd die's face (5), its place (4)."),),
               worked=N_("6 × 5 × 4 = 120 ordered rolls out of 1296: {p}."),
               fields=lambda: {"p": trwavril_figures()["brelan"]}),
        ),
        misconceptions=(
            (N_("P(A|B) and P(A ∩ B) are the same thing."), "six_given_suite"),
            (N_("A brelan is always good news."), "flip_back"),
        )))
    L.append(Lesson(
        "expected_value", N_("Random variables and expected value"), "5000",
        N_("Première (spécialité): random variable, its distribution, expected value E(X)"),
        _fig_expected, (
            _q("e_one_die", "predict",
               N_("X = the points one die scores in 5000 (1 → 100, 5 → 50, else 0). E(X)?"),
               lambda: expectation(cinqmille_die_points()), close=10),
            _q("zero_or_not", "predict", N_("Which is more likely?"),
               lambda: 0 if cinqmille_die_points()[0] > Fraction(1, 2) else 1,
               input="choice", options=(N_("X = 0"), N_("X > 0"))),
            _q("p_zero", "exercise", N_("P(X = 0) (a decimal)?"),
               lambda: cinqmille_die_points()[0], tolerance=0.005,
               hints=(N_("Which faces score nothing alone?"),),
               worked=N_("Faces 2, 3, 4 and 6: {p}."),
               fields=lambda: {"p": cinqmille_die_points()[0]}),
            _q("e_two_dice", "exercise",
               N_("Y = the most points two dice can be set aside for. E(Y)?"),
               lambda: cinqmille_best_points(2), tolerance=0.5,
               hints=(N_("Two dice cannot make a brelan: each die scores on its own."),),
               worked=N_("E(Y) = E(X) + E(X) = {e}."),
               fields=lambda: {"e": cinqmille_best_points(2)}),
        ),
        misconceptions=(
            (N_("The expected value is the most likely value."), "zero_or_not"),
            (N_("E(X) is the average of the values 0, 50 and 100."), "e_one_die"),
        )))
    best = seveny_best_threshold
    L.append(Lesson(
        "stop_or_roll", N_("Expected value against risk: when to stop"), "Seveny, 5000",
        N_("Première: expected value to compare choices"),
        _fig_stop, (
            _q("best_n", "predict",
               N_("Seveny: which 'bank at N' rule scores the most points per turn on average?"),
               lambda: (2, 4, 6, 8).index(best()), input="choice",
               options=(N_("N = 2"), N_("N = 4"), N_("N = 6"), N_("N = 8"))),
            _q("zero_at_8", "predict",
               N_("Bank at 8: chance that the turn scores nothing?"),
               lambda: seveny_rule_points(8)[1], input="percent", close=0.05),
            _q("points_best", "exercise",
               N_("Expected points per turn of the best rule, bank at 4 (a decimal)?"),
               lambda: seveny_rule_points(4)[0], tolerance=0.01,
               hints=(N_("Read the chart below."),),
               worked=N_("E = {e} points per turn, with P(0) = {p0}."),
               fields=lambda: {"e": float(seveny_rule_points(4)[0]),
                               "p0": Pct(seveny_rule_points(4)[1])}),
            _q("last_die", "exercise",
               N_("5000, after opening: the turn holds 300 points and one die is left. Bank "
                  "now, or roll it: a 1 or a 5 fills the hand, which must then be rolled again "
                  "(main pleine); any other face loses the turn. Expected change of the turn's "
                  "points just after rolling that die?"),
               lambda: cinqmille_one_die_gamble(300), tolerance=1,
               hints=(N_("A 1 brings 100 points, a 5 brings 50; the four other faces lose the "
                         "300 points."),),
               worked=N_("1/6 × 100 + 1/6 × 50 − 4/6 × 300 = {g}: better to bank. If the die "
                         "scores, the turn is not over: the five dice must be rolled again."),
               fields=lambda: {"g": cinqmille_one_die_gamble(300)}),
        ),
        misconceptions=(
            (N_("Rolling more always scores more."), "best_n"),
            (N_("A good average means a safe turn."), "zero_at_8"),
        )))
    L.append(Lesson(
        "variance", N_("Variance and standard deviation: turns to finish"), "Seveny",
        N_("Première (spécialité): variance and standard deviation of a random variable; "
           "Terminale (spécialité): standard deviation σ/√n of a sample mean"),
        _fig_variance, (
            _q("mean_rule", "predict",
               N_("Seveny solo with 'bank at 4': how many turns to reach the target of 50 "
                  "points, on average?"),
               lambda: seveny_rule_turns(4)[0], close=1.5, digits=2),
            _q("more_spread", "predict", N_("Which policy has the larger standard deviation?"),
               lambda: 0 if seveny_rule_turns(4)[1] > seveny_optimal_turns()[1] else 1,
               input="choice", options=(N_("bank at 4"), N_("optimal play"))),
            _q("sd_rule", "exercise",
               N_("σ(T) for 'bank at 4' (a decimal)?"),
               lambda: seveny_rule_turns(4)[1], tolerance=0.05, digits=2,
               hints=(N_("σ(T) = √Var(T): take the variance from the table."),),
               worked=N_("E(T) = {m}, σ(T) = {s}; optimal play: E(T) = {mo}, σ(T) = {so}."),
               fields=lambda: {"m": seveny_rule_turns(4)[0], "s": seveny_rule_turns(4)[1],
                               "mo": seveny_optimal_turns()[0],
                               "so": seveny_optimal_turns()[1]}),
            _q("games_needed", "exercise",
               N_("How many simulated games give a standard error of 0.1 turn on the mean "
                  "(bank at 4)?"),
               lambda: math.ceil(seveny_rule_turns(4)[1] ** 2 / 0.01), tolerance=10,
               hints=(N_("SE = σ / √n, so n = (σ / SE)²."),),
               worked=N_("n = ({s} / {se})² ≈ {n}."),
               fields=lambda: {"s": seveny_rule_turns(4)[1], "se": 0.1,
                               "n": math.ceil(seveny_rule_turns(4)[1] ** 2 / 0.01)}),
        ),
        table=turns_rows,
        misconceptions=(
            (N_("The better policy on average is also the more predictable one."), "more_spread"),
            (N_("A few simulated games are enough to know the mean."), "games_needed"),
        )))
    chain = lambda: most_common_chain(5)  # noqa: E731
    L.append(Lesson(
        "markov", N_("Rerolls as a Markov chain"), "Dripeul 5",
        N_("Maths expertes: Markov chains, transition matrix"),
        _fig_markov, (
            _q("from_pair", "predict",
               N_("You keep a pair and roll three dice once more. Chance of three alike "
                  "or more?"),
               lambda: sum(chain().matrix[1][2:]), input="percent", close=0.05),
            _q("rolls_quinte", "predict",
               N_("Keeping the most common face, how many rolls on average to get a quinté?"),
               lambda: chain().expected_rolls(5), close=2, digits=2),
            _q("from_brelan", "exercise",
               N_("From a brelan (state 3), one re-roll of two dice: P(four alike or more) "
                  "(a decimal)?"),
               lambda: sum(chain().matrix[2][3:]), tolerance=0.001,
               hints=(N_("Opposite event: neither die matches the brelan's face."),),
               worked=N_("1 − (5/6)² = {p}."),
               fields=lambda: {"p": sum(chain().matrix[2][3:])}),
            _q("within_three", "exercise",
               N_("Three rolls, keeping the most common face: P(three alike or more) "
                  "(a decimal)?"),
               lambda: chain().p_at_least(3, 3), tolerance=0.001,
               hints=(N_("Multiply the row π₁ of the table by the matrix M twice, then add "
                         "the states 3, 4 and 5."),),
               worked=N_("The weight of states 3, 4, 5 after three rolls: {p}."),
               fields=lambda: {"p": chain().p_at_least(3, 3)}),
        ),
        table=markov_rows,
        misconceptions=(
            (N_("What happened two rolls ago still matters."), "from_pair"),
            (N_("Three rolls triple the chance of one roll."), "within_three"),
        )))
    L.append(Lesson(
        "optimal_play", N_("What optimal play means"), "Seveny",
        N_("Première/Terminale: expected value, algorithms (solving backwards)"),
        _fig_optimal, (
            _q("optimal_points", "predict",
               N_("Optimal play maximises a Seveny turn's expected points. How many points "
                  "per turn?"),
               lambda: seveny_optimal_points(), close=0.5, digits=2),
            _q("shortfall", "predict",
               N_("By what percentage does the best simple rule (bank at 4) fall short of "
                  "optimal play?"),
               lambda: 1 - float(seveny_rule_points(4)[0]) / seveny_optimal_points(),
               input="percent", close=0.05),
            _q("gap_points", "exercise",
               N_("Gap in expected points per turn: optimal − bank at 4 (a decimal)?"),
               lambda: seveny_optimal_points() - float(seveny_rule_points(4)[0]),
               tolerance=0.02, digits=2,
               hints=(N_("Read both bars."),),
               worked=N_("{o} − {r} = {g} points per turn: not 'close'."),
               fields=lambda: {"o": seveny_optimal_points(),
                               "r": float(seveny_rule_points(4)[0]),
                               "g": seveny_optimal_points() - float(seveny_rule_points(4)[0])}),
            _q("gap_turns", "exercise",
               N_("Turns to reach the target: bank at 4 minus optimal play (a decimal)?"),
               lambda: seveny_rule_turns(4)[0] - seveny_optimal_turns()[0], tolerance=0.05,
               digits=2,
               hints=(N_("Subtract the two E(T) of the table."),),
               worked=N_("{r} − {o} = {g} turns."),
               fields=lambda: {"r": seveny_rule_turns(4)[0], "o": seveny_optimal_turns()[0],
                               "g": seveny_rule_turns(4)[0] - seveny_optimal_turns()[0]}),
        ),
        table=turns_rows,
        misconceptions=(
            (N_("A good rule of thumb is almost as good as optimal play."), "shortfall"),
            (N_("Optimal play means never taking a risk."), "optimal_points"),
        )))
    L.append(Lesson(
        "gamblers_fallacy", N_("Is a 6 ever 'due'?"), "Seveny",
        N_("Seconde: simulation and sampling; Première: independence"),
        _fig_fallacy, (
            _q("six_next", "predict",
               N_("Three rolls of a die showed no 6. Chance that the next roll is a 6?"),
               lambda: Fraction(1, 6), input="percent", close=0.02),
            _q("sequences", "predict",
               N_("Four rolls of one die. Which sequence is more likely?"),
               lambda: 2, input="choice",
               options=(N_("6 6 6 6"), N_("2 5 1 3"), N_("both equally likely"))),
            _q("no_six_three", "exercise",
               N_("Probability of no 6 in three rolls (a decimal)?"),
               lambda: Fraction(5, 6) ** 3, tolerance=0.001,
               hints=(N_("The rolls are independent: multiply."),),
               worked=N_("(5/6)³ = {p}."),
               fields=lambda: {"p": Fraction(5, 6) ** 3}),
            _q("then_six", "exercise",
               N_("Probability of three rolls without a 6, then a 6 (a decimal)?"),
               lambda: Fraction(5, 6) ** 3 * Fraction(1, 6), tolerance=0.001,
               hints=(N_("(5/6)³ for the three rolls, then 1/6 for the 6."),),
               worked=N_("(5/6)³ × 1/6 = {p}; divided by P(no 6 in three rolls) it gives back "
                         "{q}."),
               fields=lambda: {"p": Fraction(5, 6) ** 3 * Fraction(1, 6), "q": Fraction(1, 6)}),
        ),
        misconceptions=(
            (N_("After a run without a 6, a 6 is 'due'."), "six_next"),
            (N_("A regular-looking sequence is less likely than a mixed one."), "sequences"),
        )))
    # issue 11 §4: two-player 5000, played to win (computations in dicelab.lessons.versus)
    from dicelab.lessons import versus as vs

    ch = vs.behind_choices

    def fig_behind(lang: str | None) -> Any:
        from dicelab.render.duelplots import plot_policy_surface

        return plot_policy_surface("cinqmille", lang=lang)

    L.append(Lesson(
        "behind", N_("Behind? take risks"), "5000",
        N_("Première (spécialité): probability of an event and expected value of a random "
           "variable, used to compare two decisions"),
        fig_behind, (
            _q("bank_or_roll", "predict",
               N_("Two players: you have 4,500 points, your opponent 4,750. Your turn holds "
                  "100 points (a 1 set aside) and the four dice show 3 4 5 6. You set aside "
                  "the 5 (150 points). Bank, or roll the three dice left?"),
               lambda: 0 if ch()["best"] == "bank" else 1, input="choice",
               options=(N_("bank the 150 points"), N_("roll the three dice left")),
               worked=N_("Playing to win, rolling on wins {roll} of games from here, "
                         "banking {bank}."),
               fields=lambda: {"roll": Pct(ch()["p_roll"]), "bank": Pct(ch()["p_bank"])}),
            _q("p_bank", "predict",
               N_("You bank: 4,650 against 4,750, and your opponent plays next. Your "
                  "probability of winning the game?"),
               lambda: ch()["p_bank"], input="percent", close=0.1,
               worked=N_("{bank}: your opponent often finishes first."),
               fields=lambda: {"bank": Pct(ch()["p_bank"])}),
            _q("win_gain", "exercise",
               N_("From this position, both playing to win: by how much does rolling on "
                  "raise your probability of winning, compared with banking (a decimal)?"),
               lambda: ch()["p_roll"] - ch()["p_bank"], tolerance=0.005,
               hints=(N_("Subtract the two probabilities of winning in the table."),),
               worked=N_("{roll} − {bank} = {d}: about one game in ten more."),
               fields=lambda: {"roll": ch()["p_roll"], "bank": ch()["p_bank"],
                               "d": ch()["p_roll"] - ch()["p_bank"]}),
            _q("win_ratio", "exercise",
               N_("From this position, playing to win: how many times more likely is a win "
                  "when you roll on than when you bank (a decimal)?"),
               lambda: ch()["p_roll"] / ch()["p_bank"], tolerance=0.03, digits=2,
               hints=(N_("Divide the two probabilities of winning in the table."),),
               worked=N_("{roll} / {bank} = {r}: the risky choice is the better one."),
               fields=lambda: {"roll": ch()["p_roll"], "bank": ch()["p_bank"],
                               "r": ch()["p_roll"] / ch()["p_bank"]}),
        ),
        table=behind_rows,
        misconceptions=(
            (N_("Banking is the safe choice, so it is always the best one."), "bank_or_roll"),
            (N_("When you bank, your points are safe, so your chance of winning is too."),
             "p_bank"),
        )))
    # issue 20: luck and skill (computations in dicelab.lessons.luck_lesson)
    from dicelab.lessons.luck_lesson import lesson as luck_lesson

    L.append(luck_lesson())
    return {lesson.key: lesson for lesson in L}


def _p_bust_5000(n: int) -> Fraction:
    from dicelab.engine.cinqmille import solo as engine

    return engine.p_bust(n)


LESSONS: dict[str, Lesson] = _lessons()


def lesson_of(key: str) -> Lesson:
    """The lesson ``key`` (a :class:`~dicelab.errors.DicelabError` names the known ones)."""
    if key not in LESSONS:
        raise DicelabError("unknown lesson {key}; lessons: {known}", key=brief(key),
                           known=", ".join(LESSONS))
    return LESSONS[key]


# ------------------------------------------------------------------ the teachers' guide

#: Lesson files, in order, per language (``notebooks/<lang>/lessons/<name>.ipynb``).
FILES: dict[str, dict[str, str]] = {
    "en": {
        "counting": "01_counting_rolls", "figures": "02_figure_probability",
        "large_numbers": "03_law_of_large_numbers", "at_least_one": "04_at_least_one",
        "binomial": "05_binomial_law", "conditional": "06_conditional_probability",
        "expected_value": "07_expected_value", "stop_or_roll": "08_stop_or_roll",
        "variance": "09_variance", "markov": "10_markov_chain",
        "optimal_play": "11_optimal_play", "gamblers_fallacy": "12_is_a_six_due",
        "behind": "13_behind_take_risks", "luck": "14_luck_or_skill",
    },
    "fr": {
        "counting": "01_denombrer_les_lancers", "figures": "02_probabilite_d_une_figure",
        "large_numbers": "03_loi_des_grands_nombres", "at_least_one": "04_au_moins_un",
        "binomial": "05_loi_binomiale", "conditional": "06_probabilites_conditionnelles",
        "expected_value": "07_esperance", "stop_or_roll": "08_s_arreter_ou_relancer",
        "variance": "09_variance_ecart_type", "markov": "10_chaine_de_markov",
        "optimal_play": "11_jeu_optimal", "gamblers_fallacy": "12_le_six_est_il_du",
        "behind": "13_en_retard_prenez_des_risques", "luck": "14_chance_ou_habilete",
    },
}

#: English classes' curricula, per lesson (issue 17 §13), shown on English pages only (the
#: French guide and worksheets give the French programme, :attr:`Lesson.programme`): England
#: (GCSE Mathematics and A level Mathematics / Further Mathematics, by the content codes and
#: wording of the DfE subject content), the US Common Core high-school Statistics and
#: Probability standards, and the AP Statistics course's units and topics.  English only by
#: design: these lines name English-language curricula for English-speaking teachers.
CURRICULA: dict[str, tuple[tuple[str, str], ...]] = {
    "counting": (
        ("England", "GCSE N5 (systematic listing, the product rule for counting), P6 "
                    "(enumerate sets and combinations systematically), P7 (possibility spaces "
                    "of equally likely outcomes); A level Mathematics: n! and nCr. Counting "
                    "multisets (stars and bars) is enrichment"),
        ("US Common Core", "S-CP.A.1 (events as subsets of a sample space), S-CP.B.9 (+) "
                           "(permutations and combinations to compute probabilities)"),
        ("AP Statistics", "Unit 4 (Probability, Random Variables, and Probability "
                          "Distributions): 4.3 Introduction to Probability"),
    ),
    "figures": (
        ("England", "GCSE P4 (probabilities of an exhaustive set of mutually exclusive events "
                    "sum to one), P7 (theoretical probabilities from a possibility space)"),
        ("US Common Core", "S-CP.A.1; S-CP.B.7 (the Addition Rule)"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability, 4.4 Mutually Exclusive "
                          "Events"),
    ),
    "large_numbers": (
        ("England", "GCSE P3 (relative expected frequencies and theoretical probability), P5 "
                    "(empirical samples tend towards theoretical probability distributions "
                    "with increasing sample size); the standard error √(p(1 − p)/n) goes "
                    "beyond A level Mathematics"),
        ("US Common Core", "S-IC.A.2 (is a model consistent with results from simulation?), "
                           "S-IC.B.4 (margin of error through simulation)"),
        ("AP Statistics", "Unit 4: 4.2 Estimating Probabilities Using Simulation; Unit 5 "
                          "(Sampling Distributions): 5.5 Sampling Distributions for Sample "
                          "Proportions"),
    ),
    "at_least_one": (
        ("England", "GCSE P8 (probability of independent combined events); A level "
                    "Mathematics: mutually exclusive and independent events"),
        ("US Common Core", "S-CP.A.2 (independent events: P(A and B) = P(A)P(B))"),
        ("AP Statistics", "Unit 4: 4.6 Independent Events and Unions of Events"),
    ),
    "binomial": (
        ("England", "A level Mathematics: the binomial distribution as a model, calculate "
                    "binomial probabilities; the mean np is Further Mathematics (A level "
                    "Mathematics excludes the mean and variance of discrete random variables)"),
        ("US Common Core", "S-MD.A.3 (+) (a probability distribution from theoretical "
                           "probabilities, its expected value)"),
        ("AP Statistics", "Unit 4: 4.10 Introduction to the Binomial Distribution, 4.11 "
                          "Parameters for a Binomial Distribution"),
    ),
    "conditional": (
        ("England", "GCSE P9 (conditional probabilities with two-way tables, tree and Venn "
                    "diagrams); A level Mathematics: conditional probability, "
                    "P(A|B) = P(A ∩ B)/P(B)"),
        ("US Common Core", "S-CP.A.3 (conditional probability of A given B), S-CP.B.6 (the "
                           "fraction of B's outcomes that also belong to A)"),
        ("AP Statistics", "Unit 4: 4.5 Conditional Probability"),
    ),
    "expected_value": (
        ("England", "A level Further Mathematics (statistics): expectation of a discrete "
                    "random variable, E(X); A level Mathematics uses discrete distributions "
                    "but excludes their mean and variance"),
        ("US Common Core", "S-MD.A.1 (+) (define a random variable, graph its distribution), "
                           "S-MD.A.2 (+) (expected value as the mean of the distribution)"),
        ("AP Statistics", "Unit 4: 4.7 Introduction to Random Variables and Probability "
                          "Distributions, 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "stop_or_roll": (
        ("England", "A level Further Mathematics (statistics): expectation of a discrete "
                    "random variable, used to compare choices (not in A level Mathematics)"),
        ("US Common Core", "S-MD.B.5 (+) (weigh the outcomes of a decision by expected "
                           "values; a and b: expected payoff, compare strategies)"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "variance": (
        ("England", "A level Further Mathematics (statistics): variance and standard "
                    "deviation of a discrete random variable, Var(X) (not in A level "
                    "Mathematics)"),
        ("US Common Core", "S-MD.A.2 (+) (expected value); standard deviation as a spread: "
                           "S-ID.A.2"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables; "
                          "Unit 5: 5.7 Sampling Distributions for Sample Means (σ/√n)"),
    ),
    "markov": (
        ("England", "Beyond A level Mathematics: matrices are A level Further Mathematics; "
                    "Markov chains are enrichment"),
        ("US Common Core", "N-VM.C.6–8 (+) (matrices and their products); Markov chains are "
                           "enrichment"),
        ("AP Statistics", "not in the course (enrichment)"),
    ),
    "optimal_play": (
        ("England", "A level Further Mathematics (statistics): expectation; the backwards "
                    "solving is enrichment"),
        ("US Common Core", "S-MD.B.5b (+) (evaluate and compare strategies on the basis of "
                           "expected values), S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability)"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "gamblers_fallacy": (
        ("England", "GCSE P5 (empirical samples tend towards theoretical probability), P8 "
                    "(independent combined events); A level Mathematics: independent events"),
        ("US Common Core", "S-CP.A.2 (independence), S-CP.A.5 (independence in everyday "
                           "language and situations)"),
        ("AP Statistics", "Unit 4: 4.1 Introducing Statistics: Random and Non-Random "
                          "Patterns?, 4.2 Estimating Probabilities Using Simulation, 4.6 "
                          "Independent Events"),
    ),
    "behind": (
        ("England", "GCSE P8 (combined events); comparing a probability of winning with an "
                    "expected value: A level Further Mathematics (expectation)"),
        ("US Common Core", "S-MD.B.5 (+) and S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability, 4.8 Mean and Standard "
                          "Deviation of Random Variables"),
    ),
    "luck": (
        ("England", "GCSE P5 (empirical samples tend towards theoretical probability); the "
                    "expectation of a discrete random variable: A level Further Mathematics"),
        ("US Common Core", "S-MD.A.2 (the expected value as the mean of a probability "
                           "distribution), S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.2 Estimating Probabilities Using Simulation, 4.8 Mean "
                          "and Standard Deviation of Random Variables"),
    ),
}


def curriculum_line(key: str) -> str:
    """The English "Curriculum:" line of a lesson: England, US Common Core, AP Statistics.

    >>> curriculum_line("at_least_one").split("; ")[2]
    'US Common Core: S-CP.A.2 (independent events: P(A and B) = P(A)P(B))'
    """
    return "; ".join(f"{who}: {what}" for who, what in CURRICULA[key])


def lesson_index(lang: str = "en", prefix: str = "lessons/") -> str:
    """The list of every lesson, numbered, as Markdown links (the start pages show it; a test
    checks that they do, so the list follows :data:`LESSONS` and never drifts).

    >>> lesson_index("fr").splitlines()[0]
    '- [01 Lancers ordonnés et multi-ensembles](lessons/01_denombrer_les_lancers.ipynb)'
    """
    lang = get_language(lang)
    return "\n".join(f"- [{name[:2]} {_(LESSONS[key].title, lang=lang)}]({prefix}{name}.ipynb)"
                     for key, name in FILES[lang].items())


#: Lessons with a class experiment pooled with share codes (the plan gives it time).
EXPERIMENT_LESSONS = {"large_numbers": "BRL5", "gamblers_fallacy": "SIX3"}
#: Rolls each group records on its worksheet's tally grid: about three minutes of rolling,
#: and about the experiment's suggested trials (SIX3: 40 rolls give about 20 runs of three
#: rolls without a 6).
EXPERIMENT_ROLLS = {"large_numbers": 20, "gamblers_fallacy": 40}


def _plan(lesson: Lesson, lang: str) -> list[str]:
    p1, p2 = (q.text_in(lang) for q in lesson.predictions()[:2])
    ex = " / ".join(q.text_in(lang) for q in lesson.exercises())
    exp = None
    if lesson.key in EXPERIMENT_LESSONS:
        from dicelab.ui.teaching import EXPERIMENTS

        exp = EXPERIMENTS[EXPERIMENT_LESSONS[lesson.key]]
    elif lesson.key == "luck":  # its experiment's chance comes from the engine, on demand
        from dicelab.lessons.luck_lesson import experiment

        exp = experiment()
    if exp is not None:
        if lesson.key in EXPERIMENT_ROLLS:
            step = _("4–8 min: class experiment in groups of three or four, on the worksheet's "
                     "tally grid: “{e}” ({rolls}); one student rolls, one records. Each group "
                     "makes one share code; you type the codes into your notebook (one per "
                     "group) and project the pooled figure.", lang=lang,
                     e=_(exp.title, lang=lang), rolls=(
                         _("{n} rolls of five dice", lang=lang, n=EXPERIMENT_ROLLS[lesson.key])
                         if lesson.key == "large_numbers" else
                         _("{n} rolls of one die", lang=lang, n=EXPERIMENT_ROLLS[lesson.key])))
        else:  # games played in the app, not rolls on a grid
            step = _("4–8 min: class experiment in pairs, in the app: “{e}” (about {n} games "
                     "each); each pair makes one share code; you type the codes into your "
                     "notebook and project the pooled figure.", lang=lang,
                     e=_(exp.title, lang=lang), n=exp.suggested_trials)
        if lesson.key not in EXPERIMENT_ROLLS:  # both predictions come before the games
            guesses = _("2–4 min: both predictions, every student types a guess before "
                        "checking: “{q1}”, then “{q2}”", lang=lang, q1=p1, q2=p2)
            figure = _("8–10 min: the main figure, discussed.", lang=lang)
        else:
            guesses = _("2–4 min: first prediction, every student types a guess before "
                        "checking: “{q}”", lang=lang, q=p1)
            figure = _("8–10 min: the main figure; second prediction: “{q}”", lang=lang, q=p2)
        return [
            _("0–2 min: read the opening together; name the game and the question.", lang=lang),
            guesses,
            step,
            figure,
            _("10–14 min: exercises in pairs, hints on request: {ex}", lang=lang, ex=ex),
            _("14–15 min: “To remember”; students read their progress line.", lang=lang),
        ]
    return [
        _("0–2 min: read the opening together; name the game and the question.", lang=lang),
        _("2–5 min: first prediction, every student types a guess before checking: "
          "“{q}”; ask two students to explain their guesses.", lang=lang, q=p1),
        _("5–8 min: the main figure, discussed; second prediction: “{q}”", lang=lang, q=p2),
        _("8–13 min: exercises in pairs, hints on request: {ex}", lang=lang, ex=ex),
        _("13–15 min: “To remember”; students read their progress line.", lang=lang),
    ]


def lesson_plan(key: str, lang: str = "en") -> str:
    """The teachers' guide section of one lesson (Markdown): programme point, plan, expected
    answers with their computed values, misconceptions and the question that brings each out.
    """
    lesson = lesson_of(key)
    name = FILES[lang][key]
    game = _("Game", lang=lang)
    programme = "Curriculum" if lang == "en" else _("Programme", lang=lang)
    plan = _("Plan (15 minutes)", lang=lang)
    answers = _("Expected answers (computed by dicelab)", lang=lang)
    wrong_ideas = _("Likely misconceptions, and the question that brings each out", lang=lang)
    def colon(label: str) -> str:  # French sets a no-break space before the colon
        return f"{label}\u00a0:" if lang == "fr" else f"{label}:"

    def quoted(text: str) -> str:
        return f"«\u00a0{text}\u00a0»" if lang == "fr" else f"“{text}”"

    lines = [
        f"### {_(lesson.title, lang=lang)} (`{name}.ipynb`)",
        "",
        f"* **{colon(game)}** {lesson.game}.",
        (f"* **{colon(programme)}** " + "; ".join(f"*{who}:* {what}" for who, what in
                                                 CURRICULA[key]) + "." if lang == "en" else
         f"* **{colon(programme)}** {_(lesson.programme, lang=lang)}."),
        f"* **{colon(plan)}**",
    ]
    lines += [f"  * {step}" for step in _plan(lesson, lang)]
    lines.append(f"* **{colon(answers)}**")
    for q in lesson.questions:
        kind = _("Predict", lang=lang) if q.kind == "predict" else _("Exercise", lang=lang)
        worked = q.worked_text(lang)
        lines.append(f"  * {kind} — {q.text_in(lang)} **{q.answer_text(lang)}**"
                     + (f" ({worked})" if worked else ""))
    lines.append(f"* **{colon(wrong_ideas)}**")
    for wrong, qkey in lesson.misconceptions:
        lines.append(f"  * {_(wrong, lang=lang)} → {quoted(lesson.question(qkey).text_in(lang))}")
    return "\n".join(lines) + "\n"


def lesson_plans(lang: str = "en") -> str:
    """Every lesson's section of the teachers' guide, in order (see :func:`lesson_plan`)."""
    lang = get_language(lang)
    return "\n".join(lesson_plan(key, lang) for key in FILES[lang])


# ------------------------------------------------------------------ in a notebook


class Notebook:
    """A lesson as its notebook uses it: ``nb = Notebook("counting", lang="fr")``, then
    ``nb.predict(key)``, ``nb.exercise(key)``, ``nb.figure()``, ``nb.progress()``."""

    def __init__(self, key: str, lang: str | None = None) -> None:
        self.lesson = lesson_of(key)
        self.lang = get_language(lang)

    def predict(self, key: str) -> Any:
        from dicelab.ui.teaching import Predict

        q = self.lesson.question(key)
        if q.kind != "predict":
            raise DicelabError("{key} is an exercise, not a prediction", key=key)
        return Predict(q.text_in(self.lang), q.value(), kind=q.input,
                       options=q.options_in(self.lang), explain=q.worked_text(self.lang),
                       slider=q.slider, digits=q.digits, close=q.close, lang=self.lang)

    def exercise(self, key: str) -> Any:
        from dicelab.ui.teaching import Exercise

        q = self.lesson.question(key)
        if q.kind != "exercise":
            raise DicelabError("{key} is a prediction, not an exercise", key=key)
        return Exercise(f"{self.lesson.key}.{key}", q.text_in(self.lang), q.value(),
                        kind=q.input, tolerance=q.tolerance, options=q.options_in(self.lang),
                        hints=q.hints_in(self.lang), worked=q.worked_text(self.lang),
                        slider=q.slider, digits=q.digits, lang=self.lang)

    def figure(self) -> Any:
        """The lesson's main figure with its text alternative, for the cell to display once
        (it is returned, not displayed: a cell shows its value a single time)."""
        from dicelab.render import plots

        return plots.HTMLOutput(plots.figure_html(self.lesson.figure(self.lang)))

    def table(self) -> Any:
        """The lesson's data table (HTML), for the exercises that need it."""
        from IPython.display import HTML

        if self.lesson.table is None:
            raise DicelabError("lesson {lesson} has no data table", lesson=self.lesson.key)
        return HTML(_html_table(*self.lesson.table(self.lang), "dicelab-lesson-table"))

    def progress(self) -> Any:
        from dicelab.ui.teaching import ProgressView

        return ProgressView(lang=self.lang)


__all__ = [
    "LESSONS",
    "Lesson",
    "Notebook",
    "Pct",
    "Question",
    "TURN_GAMES",
    "TURN_THRESHOLDS",
    "CURRICULA",
    "FILES",
    "curriculum_line",
    "lesson_index",
    "lesson_of",
    "lesson_plan",
    "lesson_plans",
    "simulate_turns",
    "turn_policies",
]
