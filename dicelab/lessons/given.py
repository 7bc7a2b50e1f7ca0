"""The values a lesson gives its exercises (lesson 01's 6⁵ and formula, lesson 03's p,
lesson 14's p): one text per
value, the same on the worksheet's page after the predictions
(:func:`dicelab.lessons.worksheets.data_lines`) and above the notebook's exercises
(:meth:`dicelab.lessons.Notebook.given`).  Every number is computed by the package.
Lesson 12's class experiment, as each group does it (:func:`experiment_text`, its counting
rule :data:`~dicelab.lessons.base.SIX_COUNT_RULE` on the worksheet's grid and in the plan too,
counted by :func:`~dicelab.lessons.base.six_streak_count`).

>>> given_lines("large_numbers", "en")
['Given: p = P(brelan with five dice) = 23/108 ≈ 0.2130 (a brelan: three of a kind or more).']
>>> given_lines("counting", "en")[0]
'Given: five dice have 6⁵ = 7,776 ordered rolls, all equally likely.'
>>> given_lines("figures", "en")
[]
"""

from __future__ import annotations

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _
from dicelab.lessons.base import SIX_COUNT_RULE, six_streak_count


def given_lines(lesson_key: str, lang: str | None = None) -> list[str]:
    """The given values of lesson ``lesson_key``, as sentences (none for most lessons)."""
    if lesson_key == "large_numbers":
        from dicelab.analysis.counting import figure_probability
        from dicelab.lessons.base import show

        return [_("Given: p = P(brelan with five dice) = {p} (a brelan: three of a kind or "
                  "more).", lang=lang, p=show(figure_probability("brelan", 5), lang))]
    if lesson_key == "counting":  # lesson 01's exercises need 6⁵ and the formula, on paper
        from dicelab.analysis.counting import outcome_counts
        from dicelab.lessons.base import show

        return [_("Given: five dice have 6⁵ = {n} ordered rolls, all equally likely.",
                  lang=lang, n=show(outcome_counts(5)[0], lang)),
                _("Given: the number of ordered rolls of n dice that give a multiset is "
                  "n!/(c₁! c₂! c₃! c₄! c₅! c₆!), where c₁ is the number of 1s, c₂ the number "
                  "of 2s, and so on (0!\u00a0=\u00a01).", lang=lang)]
    if lesson_key == "luck":
        from dicelab.lessons.luck_lesson import given

        return [given(lang)]
    return []


def experiment_text(key: str, lang: str | None = None) -> str:
    """What each group does in lesson ``key``'s class experiment (lesson 12), as its notebook
    says it above the group's pool: the rolls of the worksheet's grid
    (:data:`~dicelab.lessons.plans.EXPERIMENT_ROLLS`) and the counting rule.

    >>> experiment_text("gamblers_fallacy", "en")[:65]
    "Each group rolls one die 40 times (the worksheet's grid) and writ"
    """
    if key != "gamblers_fallacy":
        raise DicelabError("lesson {lesson} has no experiment text", lesson=brief(key))
    from dicelab.lessons.plans import EXPERIMENT_ROLLS

    rule = _(SIX_COUNT_RULE, lang=lang)
    return _("Each group rolls one die {n} times (the worksheet's grid) and writes the faces "
             "down in order. Then {rule}.", lang=lang, n=EXPERIMENT_ROLLS[key], rule=rule) + (
        " " + six_example(lang))


#: The counting rule's example on paper (lesson 12), counted by the package's own rule.
SIX_EXAMPLE = (2, 5, 3, 1, 6, 4, 2, 3)


def six_example(lang: str | None = None) -> str:
    """The counting rule on an example (lesson 12's grid and experiment): which rolls are
    circled, and the counts.

    >>> six_example("en")[:45]
    'Example: rolls 2 5 3 1 6 4 2 3: the 4th roll '
    """
    r = SIX_EXAMPLE  # two circled rolls: a trial, then a success
    circled = [i for i in range(3, len(r)) if 6 not in r[i - 3:i]]
    said = [_("the {k}th roll ({face}) is circled: {what}", lang=lang, k=i + 1, face=r[i],
              what=_("a trial and a success", lang=lang) if r[i] == 6
              else _("a trial, not a success", lang=lang)) for i in circled]
    sixes, trials = six_streak_count(r)
    both = _("{first}; {second}", lang=lang, first=said[0], second=said[1])
    return _("Example: rolls {rolls}: {said}; the others are not circled. Result: trials {t}, "
             "successes {s}.", lang=lang, rolls=" ".join(map(str, r)), said=both,
             t=trials, s=sixes)
