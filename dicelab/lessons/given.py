"""The values a lesson gives its exercises (lesson 03's p, lesson 14's p): one text per
value, the same on the worksheet's page after the predictions
(:func:`dicelab.lessons.worksheets.data_lines`) and above the notebook's exercises
(:meth:`dicelab.lessons.Notebook.given`).  Every number is computed by the package.

>>> given_lines("large_numbers", "en")
['Given: p = P(brelan with five dice) = 23/108 ≈ 0.2130.']
>>> given_lines("counting", "en")
[]
"""

from __future__ import annotations

from dicelab.core.i18n import _


def given_lines(lesson_key: str, lang: str | None = None) -> list[str]:
    """The given values of lesson ``lesson_key``, as sentences (none for most lessons)."""
    if lesson_key == "large_numbers":
        from dicelab.analysis.counting import figure_probability
        from dicelab.lessons.base import show

        return [_("Given: p = P(brelan with five dice) = {p}.", lang=lang,
                  p=show(figure_probability("brelan", 5), lang))]
    if lesson_key == "luck":
        from dicelab.lessons.luck_lesson import given

        return [given(lang)]
    return []
