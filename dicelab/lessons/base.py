"""The shapes of a lesson: :class:`Lesson`, :class:`Question`, how a worked answer shows a
value (:func:`show`, :class:`Pct`), and :func:`standard_error`.  The lessons themselves
(their questions and computations) are :mod:`dicelab.lessons`; a lesson module such as
:mod:`dicelab.lessons.luck_lesson` builds its :class:`Lesson` from here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, fmt_int, fmt_number, fmt_percent

#: Per lesson, the predictions that its main chart answers (asked before the chart).
CHART_ANSWERS: dict[str, tuple[str, ...]] = {
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

#: Per lesson, the predictions whose exact value is shown further down the page, once the
#: class experiment that tests them is done (:meth:`dicelab.lessons.Notebook.reveal`):
#: checking such a guess records it and reveals nothing (lesson 12: the class's dice, not
#: the widget, answer first).
LATER_REVEALS: dict[str, tuple[str, ...]] = {
    "gamblers_fallacy": ("six_next",),
}

#: Per lesson, the games whose rules card (:mod:`dicelab.ui.rules_cards`) it shows before any
#: question, on its worksheet too: these lessons need the game's rules, and a class may never
#: have played it.  Lesson 08 uses Seveny (its chart) and 5000 (its
#: last exercise); lesson 14's class plays Trwavril.
RULES_CARDS: dict[str, tuple[str, ...]] = {
    "conditional": ("trwavril",),
    "stop_or_roll": ("seveny", "cinqmille"),
    "variance": ("seveny",),
    "optimal_play": ("seveny",),
    "behind": ("cinqmille",),
    "luck": ("trwavril",),
}

#: Lessons taught in two sessions whose worksheet gives the second session its own last
#: page(s): the first question of that session and the rules cards it starts with (lesson
#: 08: 5000's card, its prediction and its exercise; a teacher's read, issue 28).
SECOND_SESSION: dict[str, tuple[str, tuple[str, ...]]] = {
    "stop_or_roll": ("bank_300", ("cinqmille",)),
}


#: Lessons whose exercises read the main chart: their worksheets print it
#: (:mod:`dicelab.lessons.worksheets`).
CHART_SHEETS: tuple[str, ...] = ("figures", "stop_or_roll", "optimal_play", "behind")
#: Lessons whose worksheet also prints the chart's values as a table (``data_table``; lesson
#: 07: the distribution of X, after the predictions, with the exercises).
DATA_TABLE_SHEETS: tuple[str, ...] = ("expected_value", "stop_or_roll", "optimal_play")
#: Lessons whose worksheet gives a value its exercises need (lesson 01's 6⁵ and formula,
#: lesson 03's p, lesson 14's p).
GIVEN_VALUE_SHEETS: tuple[str, ...] = ("counting", "large_numbers", "luck")
#: Lessons whose worksheet states a formula its exercises use, after the predictions (lesson
#: 05's binomial formula answers its first prediction: predict first, then the formula;
#: lesson 06's definition of P_B(A), which its exercise 1 asks for).
FORMULA_SHEETS: tuple[str, ...] = ("large_numbers", "binomial", "conditional", "variance")
#: Exercises a worksheet prints on its first page, under the rules card and before the
#: predictions: they need the rules alone, and the class does them first (lesson 11's
#: backward exercise; the data page that answers the predictions comes after them).
SHEET_FIRST: dict[str, tuple[str, ...]] = {"optimal_play": ("end_backwards",)}

#: Lesson 12's counting rule, from the roll's side (a teacher's read, issue 28: "places" that
#: start at roll 1 to n − 3 tripped students): each circled roll is one trial.
SIX_COUNT_RULE = N_("circle each roll, from the 4th on, whose three rolls just before have "
                    "no 6: trials = circled rolls, successes = circled 6s")


def six_after_streak(rolls: int, seed: int, streak: int = 3) -> tuple[int, int]:
    """Roll one die ``rolls`` times (seeded), counted by :func:`six_streak_count`.

    >>> s, n = six_after_streak(60_000, seed=1)
    >>> n > 20_000, abs(s / n - 1 / 6) < 0.01
    (True, True)
    """
    from dicelab.core.dice import make_rng

    return six_streak_count(make_rng(seed).integers(1, 7, size=rolls), streak)


def six_streak_count(r: Any, streak: int = 3) -> tuple[int, int]:
    """The paper's rule (SIX_COUNT_RULE) on rolls ``r``: ``(sixes after a streak, streaks)``.

    >>> six_streak_count([2, 5, 3, 1, 6, 4, 2, 3])
    (1, 2)
    """
    import numpy as np

    r = np.asarray(r)
    run = np.convolve((r != 6).astype(np.int64), np.ones(streak, dtype=np.int64), "valid")
    occ = run[:-1] == streak
    return int((r[streak:][occ] == 6).sum()), int(occ.sum())


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


#: French school notation P_B(A) in a text: its subscript, written for each medium by
#: :func:`notation`.
_SUBSCRIPT = re.compile(r"P_([A-Z])\(([^()]*)\)")


def notation(text: str, medium: str) -> str:
    """``text`` with the school notation P_B(A) written for ``medium``: ``"pdf"`` (matplotlib's
    mathtext, B as a subscript), ``"md"`` (Markdown maths, ``$P_B(A)$``) or ``"html"`` (the
    text escaped, B in ``<sub>``).  English's P(A|B) needs nothing.

    >>> notation("P_B(A) ?", "pdf"), notation("P_B(A) ?", "md"), notation("P_B(A) < 1", "html")
    ('$P_B$(A) ?', '$P_B(A)$ ?', 'P<sub>B</sub>(A) &lt; 1')
    """
    if medium == "pdf":
        return _SUBSCRIPT.sub(r"$P_\1$(\2)", text) if "$" not in text else text
    if medium == "md":
        return _SUBSCRIPT.sub(r"$P_\1(\2)$", text)
    import html

    return _SUBSCRIPT.sub(r"P<sub>\1</sub>(\2)", html.escape(text, quote=False))


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
    #: digits of some fields of the worked answer (the inputs of a calculation get more
    #: digits than its result, so that recomputing them by hand gives the stated result)
    field_digits: tuple[tuple[str, int], ...] = ()
    #: an exercise that reads its answer off the chart above it (lesson 08's "read the
    #: chart"): the page shows the answer before the question on purpose
    reads_chart: bool = False
    #: whole numbers the text, options and hints name (``{n}``), written by the package's
    #: formatter: ``10,000`` in English, ``10 000`` (narrow no-break space) in French
    numbers: tuple[tuple[str, int], ...] = ()
    #: ``input="percent"`` for a probability; ``False``: a percentage that is not one
    #: (lesson 11's relative shortfall), whose verdict says "larger", not "more likely"
    probability: bool = True

    def _numbers(self, lang: str | None) -> dict[str, str]:
        return {k: show(v, lang) for k, v in self.numbers}

    def value(self) -> Any:
        """The exact answer (computed now)."""
        return self.answer()

    def text_in(self, lang: str | None = None) -> str:
        """The question in ``lang``, its numbers written by the formatter.

        >>> q = Question("q", "exercise", "After {n} rolls?", lambda: 0, numbers=(("n", 10_000),))
        >>> q.text_in("en"), q.text_in("fr") == "After 10\u202f000 rolls?"
        ('After 10,000 rolls?', True)
        """
        return _(self.text, lang=lang, **self._numbers(lang))

    def options_in(self, lang: str | None = None) -> tuple[str, ...]:
        return tuple(_(o, lang=lang, **self._numbers(lang)) for o in self.options)

    def answer_text(self, lang: str | None = None) -> str:
        """The answer as the worked answer and the teachers' guide show it."""
        v = self.value()
        if self.input == "choice":
            return self.options_in(lang)[int(v)]
        if self.input == "percent":
            return show(Pct(float(v)), lang)
        if self.input == "points":  # a difference of percentages: say its unit
            from dicelab.ui.teaching.asking import percentage_points

            return percentage_points(show(v, lang, self.digits), round(float(v), self.digits),
                                     lang)
        return show(v, lang, self.digits)

    def worked_text(self, lang: str | None = None) -> str:
        """The worked answer as mathematics: a fraction inside a calculation is written
        ``p/q``, the result ``p/q ≈ decimal``; exponents, not carets."""
        if not self.worked:
            return ""
        template = _(self.worked, lang=lang)
        terms = _terms(template)
        digits = dict(self.field_digits)
        vals = {k: show(v, lang, digits.get(k, self.digits), term=k in terms)
                for k, v in self.fields().items()}
        return template.format(**vals)

    def hints_in(self, lang: str | None = None) -> tuple[str, ...]:
        return tuple(_(h, lang=lang, **self._numbers(lang)) for h in self.hints)


@dataclass(frozen=True)
class Lesson:
    """A 15-minute lesson: one concept, one main chart, its questions."""

    key: str
    title: str
    game: str
    programme: str
    chart: Callable[[str | None], Any]
    questions: tuple[Question, ...]
    #: (a likely misconception, the key of the question that brings it out)
    misconceptions: tuple[tuple[str, str], ...] = field(default=())
    #: the data a lesson's exercises need, as a table ``(header, rows)`` of text in a
    #: language (``None``: the chart is enough); the notebook and the worksheet show it
    table: Callable[[str | None], tuple[list[str], list[list[str]]]] | None = None
    #: the lesson's results as HTML in a language (lesson 13: its table of exact answers and
    #: what they say; lesson 10: one worked step π₂ = π₁ × M), shown after the predictions,
    #: behind a reveal (``None``: none)
    results: Callable[[str | None], str] | None = None
    #: what the chart shows, as a paragraph of HTML in a language, computed from the chart's
    #: numbers, shown under the chart inside its reveal (``None``: none)
    chart_note: Callable[[str | None], str] | None = None
    #: the computed numbers the misconceptions name (``{m}``), written by the formatter
    misconception_fields: Callable[[], dict[str, Any]] = lambda: {}

    @property
    def chart_answers(self) -> tuple[str, ...]:
        """Predictions whose answer the main chart shows: a lesson asks them before it."""
        return CHART_ANSWERS.get(self.key, ())

    @property
    def later_reveals(self) -> tuple[str, ...]:
        """Predictions revealed further down the page (:data:`LATER_REVEALS`)."""
        return LATER_REVEALS.get(self.key, ())

    @property
    def cards(self) -> tuple[str, ...]:
        """The games whose rules card the lesson shows first (:data:`RULES_CARDS`)."""
        return RULES_CARDS.get(self.key, ())

    @property
    def sheet_data_page(self) -> bool:
        """Its worksheet prints what answers the predictions (chart, table, given value) on
        a page after them, that the teacher hands out once the predictions are written."""
        return (self.table is not None or self.key in CHART_SHEETS
                or self.key in DATA_TABLE_SHEETS or self.key in GIVEN_VALUE_SHEETS
                or self.key in FORMULA_SHEETS)

    def misconceptions_in(self, lang: str | None = None) -> list[tuple[str, str]]:
        """The misconceptions in ``lang``, their numbers filled in, each with the key of the
        question that brings it out."""
        fields = {k: v if isinstance(v, str) else show(v, lang)
                  for k, v in self.misconception_fields().items()}
        return [(_(wrong, lang=lang, **fields), key) for wrong, key in self.misconceptions]

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



def standard_error(p: Any, trials: int) -> float:
    """``sqrt(p (1 - p) / trials)``: the typical distance of a frequency from ``p``.

    >>> round(standard_error(0.5, 100), 3)
    0.05
    """
    return math.sqrt(float(p) * (1 - float(p)) / trials)
