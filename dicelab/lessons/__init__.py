"""The short lessons' questions and computations, as data (``notebooks/{en,fr}/lessons/``).

Every lesson is a :class:`Lesson`: a key, a title, the game it is anchored in,
the programme point it serves, a main chart and its questions.  A
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

from dicelab.analysis.counting import figure_probability  # noqa: F401
from dicelab.lessons.base import (  # noqa: F401
    CHART_ANSWERS,
    RULES_CARDS,
    Lesson,
    Pct,
    Question,
    show,
    six_after_streak,
    standard_error,
)
from dicelab.lessons.content import (  # noqa: F401
    LESSONS,
    lesson_of,
)
from dicelab.lessons.maths import (  # noqa: F401
    SEVENY_THRESHOLDS,
    TURN_GAMES,
    TURN_THRESHOLDS,
    at_least_one,
    binomial_pmf,
    brelan_exactly_three,
    cinqmille_best_points,
    cinqmille_die_points,
    cinqmille_last_die,
    cinqmille_one_die_gamble,
    complement_formula,
    count_distribution,
    expectation,
    first_k_more_likely_than_not,
    ordered_vs_multisets,
    seveny_best_threshold,
    seveny_optimal_points,
    seveny_optimal_turns,
    seveny_rule_points,
    seveny_rule_turns,
    seveny_turns_distribution,
    simulate_turns,
    trwavril_card_given_figure,
    trwavril_figures,
    trwavril_flip_change,
    turn_policies,
    variance,
)
from dicelab.lessons.notebook import (  # noqa: F401
    Notebook,
)
from dicelab.lessons.plans import (  # noqa: F401
    CURRICULA,
    CURRICULUM_EDITIONS,
    EXPERIMENT_LESSONS,
    EXPERIMENT_ROLLS,
    FILES,
    POOLED_LESSONS,
    curriculum_line,
    lesson_experiment,
    lesson_index,
    lesson_plan,
    lesson_plans,
)
from dicelab.lessons.visuals import (  # noqa: F401
    FALLACY_SEED,
    LLN_SEED,
    behind_rows,
    markov_rows,
    markov_table,
    turns_rows,
    turns_table,
)
