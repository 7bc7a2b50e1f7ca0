"""Teaching widgets: predict-then-reveal, exercises with a progress tracker, pooled class data.

* :class:`Predict` asks a question and takes a guess (a number, a percentage,
  a slider or a choice among options).  The exact value shows only after a guess
  or an explicit "I don't know", with how far the guess was.
* :class:`Exercise` checks a numeric answer with a tolerance, opens hints and
  the worked answer on request, and records the result in a :class:`Progress`
  tracker shared by the notebook (:data:`PROGRESS`).
* :class:`Pool` pools the counts of the groups of a class without a server: a
  group's notebook makes a short share code (:func:`share_code`) that the
  teacher's notebook accepts, once per group (the code carries the group's name or
  number, so groups with the same counts both count); the chart shows the pooled
  frequency against the exact probability with a band of ± 2 standard errors.
* :class:`FrequencySimulator`: simulate on demand, with a seed box that takes only
  valid seeds (the turns simulator of the lessons, which offers only the policies
  that fit the chosen game, is :class:`dicelab.lessons.turns.TurnsSimulator`).

Every text goes through :mod:`dicelab.i18n` (``lang=``); every callback turns a
:class:`~dicelab.core.errors.DicelabError` into a message (a student never sees a
traceback).  The pure parts (parsing, checking, pooling, codes) work without
widgets.

The modules: :mod:`~dicelab.ui.teaching.numbers` (reading and showing numbers),
:mod:`~dicelab.ui.teaching.asking` (Predict, Exercise, progress, the shared widget
pieces), :mod:`~dicelab.ui.teaching.pooling` (share codes, pooling, Pool) and
:mod:`~dicelab.ui.teaching.simulators`; their public names are importable from here:

>>> parse_number("0,25"), parse_number("25 %"), parse_number("1/4")
(0.25, 0.25, 0.25)
>>> code = share_code(SIX_AFTER_THREE, successes=4, trials=21, group="Team 3")
>>> read_share_code(SIX_AFTER_THREE, code)
GroupCounts(group='TEAM3', successes=4, trials=21)
>>> [round(r.frequency, 3) for r in pooled([(3, 20), (5, 20)], 0.25)]
[0.15, 0.2]
"""

from __future__ import annotations

from dicelab.ui.teaching.asking import (
    INPUTS,
    PROGRESS,
    Exercise,
    Predict,
    PredictReveal,
    Progress,
    ProgressView,
    Record,
)
from dicelab.ui.teaching.numbers import (
    MAX_INPUT,
    MAX_NUMBER,
    MAX_SEED,
    MAX_TRIALS,
    TeachingError,
    parse_count,
    parse_number,
    parse_points,
    parse_probability,
    parse_seed,
    show_value,
    within,
)
from dicelab.ui.teaching.pooling import (
    BRELAN_FIVE_DICE,
    EXPERIMENTS,
    MAX_GROUP,
    SIX_AFTER_THREE,
    Experiment,
    GroupCounts,
    Pool,
    PoolRow,
    check_counts,
    group_name,
    pool_chart,
    pooled,
    read_share_code,
    share_code,
)
from dicelab.ui.teaching.simulators import FrequencySimulator

__all__ = [
    "BRELAN_FIVE_DICE",
    "EXPERIMENTS",
    "INPUTS",
    "MAX_GROUP",
    "MAX_INPUT",
    "MAX_NUMBER",
    "MAX_SEED",
    "MAX_TRIALS",
    "PROGRESS",
    "SIX_AFTER_THREE",
    "Exercise",
    "Experiment",
    "FrequencySimulator",
    "GroupCounts",
    "Pool",
    "PoolRow",
    "Predict",
    "PredictReveal",
    "Progress",
    "ProgressView",
    "Record",
    "TeachingError",
    "check_counts",
    "group_name",
    "parse_count",
    "parse_number",
    "parse_points",
    "parse_probability",
    "parse_seed",
    "pool_chart",
    "pooled",
    "read_share_code",
    "share_code",
    "show_value",
    "within",
]
