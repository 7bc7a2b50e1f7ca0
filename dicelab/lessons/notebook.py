"""The helper every lesson notebook calls (:class:`Notebook`): it narrates nothing, it
computes and displays.
"""

from __future__ import annotations

from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, get_language
from dicelab.lessons.base import (
    CHART_ANSWERS as CHART_ANSWERS,
)
from dicelab.lessons.base import (
    RULES_CARDS,
    Lesson,
    Pct,
    Question,
)
from dicelab.lessons.base import (
    show as show,
)
from dicelab.lessons.content import LESSONS, lesson_of
from dicelab.lessons.maths import TURN_GAMES, TURN_THRESHOLDS, simulate_turns, turn_policies
from dicelab.lessons.plans import (
    CURRICULA,
    FILES,
    curriculum_line,
    lesson_index,
    lesson_plan,
    lesson_plans,
)
from dicelab.lessons.visuals import _html_table

# ------------------------------------------------------------------ in a notebook

#: The words of a reveal's button (msgid): what answers the predictions stays closed until
#: a student opens it.
REVEAL = N_("Show the results (once your predictions are checked)")


def reveal_html(inner: str, lang: str | None = None) -> str:
    """``inner`` (HTML) inside a closed ``<details>`` whose ``<summary>`` says "Show the
    results": the answers are not on screen while students predict, yet they are in the
    page (offline, JupyterLab and Voilà; the summary opens with the keyboard too).

    >>> reveal_html("<p>42</p>", "en")[:64]
    '<details class="dicelab-results"><summary style="cursor:pointer;'
    >>> "<p>42</p></div></details>" in reveal_html("<p>42</p>", "fr")
    True
    """
    import html

    summary = html.escape(_(REVEAL, lang=lang))
    return ('<details class="dicelab-results"><summary style="cursor:pointer;'
            f'font-weight:bold;padding:4px 0">{summary}</summary>'
            f'<div style="margin-top:6px">{inner}</div></details>')



class Notebook:
    """A lesson as its notebook uses it: ``nb = Notebook("counting", lang="fr")``, then
    ``nb.predict(key)``, ``nb.exercise(key)``, ``nb.chart()``, ``nb.progress()``."""

    def __init__(self, key: str, lang: str | None = None) -> None:
        self.lesson = lesson_of(key)
        self.lang = get_language(lang)
        self._asked: dict[str, Any] = {}

    def predict(self, key: str) -> Any:
        """The prediction's widget.  A prediction of :attr:`Lesson.later_reveals` records
        the guess and reveals nothing: :meth:`reveal`, further down, shows its answer."""
        from dicelab.ui.teaching import Predict

        q = self.lesson.question(key)
        if q.kind != "predict":
            raise DicelabError("{key} is an exercise, not a prediction", key=key)
        widget = Predict(q.text_in(self.lang), q.value(), kind=q.input,
                         options=q.options_in(self.lang), explain=q.worked_text(self.lang),
                         slider=q.slider, digits=q.digits, close=q.close,
                         later=key in self.lesson.later_reveals,
                         probability=q.probability, lang=self.lang)
        self._asked[key] = widget
        return widget

    def reveal(self, key: str) -> Any:
        """The exact value of a prediction asked earlier with its reveal held back (lesson
        12's, after the class experiment), and how far the student's guess was.

        >>> nb = Notebook("gamblers_fallacy", lang="en")
        >>> p = nb.predict("six_next"); p.box.value = "25 %"; p.submit()
        >>> "16.7" in p.widget_text()
        False
        >>> r = nb.reveal("six_next"); r.show()
        >>> "Exact value: 16.7%" in r.widget_text()
        True
        """
        if key not in self.lesson.later_reveals:
            raise DicelabError("lesson {lesson} reveals {key} with its prediction, not later",
                               lesson=self.lesson.key, key=brief(key))
        if key not in self._asked:
            raise DicelabError("run the cell of the prediction {key} first", key=key)
        return self._asked[key].later_reveal()

    def exercise(self, key: str) -> Any:
        from dicelab.ui.teaching import Exercise

        q = self.lesson.question(key)
        if q.kind != "exercise":
            raise DicelabError("{key} is a prediction, not an exercise", key=key)
        return Exercise(f"{self.lesson.key}.{key}", q.text_in(self.lang), q.value(),
                        kind=q.input, tolerance=q.tolerance, options=q.options_in(self.lang),
                        hints=q.hints_in(self.lang), worked=q.worked_text(self.lang),
                        slider=q.slider, digits=q.digits, lang=self.lang)

    def chart(self) -> Any:
        """The lesson's main chart with its text alternative (and the lesson's note on it),
        inside a closed reveal (:func:`reveal_html`): it answers predictions.  For the cell
        to display once (it is returned, not displayed: a cell shows its value a single
        time)."""
        from dicelab.render import plots

        inner = plots.chart_html(self.lesson.chart(self.lang))
        if self.lesson.chart_note is not None:
            inner += self.lesson.chart_note(self.lang)
        return plots.HTMLOutput(reveal_html(inner, self.lang))

    def table(self) -> Any:
        """The lesson's data table (HTML), for the exercises that need it, inside a closed
        reveal (:func:`reveal_html`)."""
        from IPython.display import HTML

        if self.lesson.table is None:
            raise DicelabError("lesson {lesson} has no data table", lesson=self.lesson.key)
        return HTML(reveal_html(_html_table(*self.lesson.table(self.lang),
                                            "dicelab-lesson-table"), self.lang))

    def results(self) -> Any:
        """The lesson's results (lesson 13: its table of exact answers and what they say;
        lesson 10: one worked step π₂ = π₁ × M), inside a closed reveal (:func:`reveal_html`).

        >>> "dicelab-behind" in Notebook("behind", lang="en").results().data
        True
        """
        from IPython.display import HTML

        if self.lesson.results is None:
            raise DicelabError("lesson {lesson} shows no results table", lesson=self.lesson.key)
        return HTML(reveal_html(self.lesson.results(self.lang), self.lang))

    def given(self) -> Any:
        """The values the lesson's exercises need, as its worksheet gives them after the
        predictions (lesson 03's p, lesson 14's p): shown above the exercises.

        >>> Notebook("large_numbers", lang="en").given().data[:53]
        'Given: p = P(brelan with five dice) = 23/108 ≈ 0.2130'
        """
        from IPython.display import Markdown

        from dicelab.lessons.given import given_lines

        lines = given_lines(self.lesson.key, self.lang)
        if not lines:
            raise DicelabError("lesson {lesson} gives no value", lesson=self.lesson.key)
        return Markdown("\n\n".join(lines))

    def experiment(self) -> Any:
        """What each group does in the lesson's class experiment (lesson 12: the rolls of the
        worksheet's grid and the counting rule), shown above the group's pool.

        >>> "40" in Notebook("gamblers_fallacy", lang="en").experiment().data
        True
        """
        from IPython.display import Markdown

        from dicelab.lessons.given import experiment_text

        return Markdown(experiment_text(self.lesson.key, self.lang))

    def rules_card(self, game: str | None = None) -> Any:
        """The rules card of the lesson's game (:data:`RULES_CARDS`; two cards for lesson
        08), with its examples' dice drawn: shown before any question, so a class that has
        never played can read the rules first.  ``game``: only that card (lesson 08 shows
        5000's card in its second session, before the exercise that needs it)."""
        from IPython.display import HTML

        from dicelab.ui.rules_cards import card_html

        if not self.lesson.cards:
            raise DicelabError("lesson {lesson} shows no rules card", lesson=self.lesson.key)
        if game is not None and game not in self.lesson.cards:
            raise DicelabError("lesson {lesson} shows the rules card of {games}, not {game}",
                               lesson=self.lesson.key, games=", ".join(self.lesson.cards),
                               game=brief(game))
        games = self.lesson.cards if game is None else (game,)
        return HTML("".join(card_html(g, self.lang, picture=True) for g in games))

    def progress(self) -> Any:
        from dicelab.ui.teaching import ProgressView

        return ProgressView(lang=self.lang)


__all__ = [
    "LESSONS",
    "Lesson",
    "Notebook",
    "Pct",
    "Question",
    "REVEAL",
    "RULES_CARDS",
    "TURN_GAMES",
    "TURN_THRESHOLDS",
    "CURRICULA",
    "FILES",
    "curriculum_line",
    "lesson_index",
    "lesson_of",
    "lesson_plan",
    "lesson_plans",
    "reveal_html",
    "simulate_turns",
    "turn_policies",
]
