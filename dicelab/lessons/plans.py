"""The teachers' side of the lessons: files, curricula, 15-minute plans and the index.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dicelab.core.i18n import N_, _, fmt_number, get_language, ngettext
from dicelab.lessons.base import (
    CHART_ANSWERS as CHART_ANSWERS,
)
from dicelab.lessons.base import (
    CHART_SHEETS,
    DATA_TABLE_SHEETS,
    GIVEN_VALUE_SHEETS,
    SECOND_SESSION,
    SHEET_FIRST,
    SIX_COUNT_RULE,
    Lesson,
    notation,
)
from dicelab.lessons.base import (
    show as show,
)
from dicelab.lessons.content import LESSONS, lesson_of
from dicelab.lessons.curricula import CURRICULA as CURRICULA
from dicelab.lessons.curricula import CURRICULUM_EDITIONS as CURRICULUM_EDITIONS
from dicelab.lessons.curricula import curriculum_line as curriculum_line

# ------------------------------------------------------------------ the teachers' guide

#: Lesson files, in order, per language (``notebooks/<lang>/lessons/<name>.ipynb``).
FILES: dict[str, dict[str, str]] = {
    "en": {
        "counting": "01_counting_rolls", "figures": "02_figure_probability",
        "large_numbers": "03_law_of_large_numbers", "at_least_one": "04_at_least_one",
        "binomial": "05_binomial_distribution", "conditional": "06_conditional_probability",
        "expected_value": "07_expected_value", "stop_or_roll": "08_stop_or_roll",
        "variance": "09_variance", "markov": "10_markov_chain",
        "optimal_play": "11_optimal_play", "gamblers_fallacy": "12_is_a_six_due",
        "behind": "13_ahead_on_points", "luck": "14_luck_or_skill",
    },
    "fr": {
        "counting": "01_denombrer_les_lancers", "figures": "02_probabilite_d_une_figure",
        "large_numbers": "03_loi_des_grands_nombres", "at_least_one": "04_au_moins_un",
        "binomial": "05_loi_binomiale", "conditional": "06_probabilites_conditionnelles",
        "expected_value": "07_esperance", "stop_or_roll": "08_s_arreter_ou_relancer",
        "variance": "09_variance_ecart_type", "markov": "10_chaine_de_markov",
        "optimal_play": "11_jeu_optimal", "gamblers_fallacy": "12_le_six_est_il_du",
        "behind": "13_mener_aux_points", "luck": "14_chance_ou_habilete",
    },
}

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


#: Every lesson whose class pools its counts with share codes (lessons 03, 12 and 14).
POOLED_LESSONS = (*EXPERIMENT_LESSONS, "luck")


def lesson_experiment(key: str) -> Any:
    """The class experiment (:class:`dicelab.ui.teaching.Experiment`) lesson ``key`` pools
    with share codes, or ``None``: the one its notebook's pools are built with.

    >>> [lesson_experiment(k).code for k in POOLED_LESSONS]
    ['BRL5', 'SIX3', 'LUCK']
    """
    if key in EXPERIMENT_LESSONS:
        from dicelab.ui.teaching import EXPERIMENTS

        return EXPERIMENTS[EXPERIMENT_LESSONS[key]]
    if key == "luck":  # its experiment's chance comes from the engine, on demand
        from dicelab.lessons.luck_lesson import experiment

        return experiment()
    return None


def share_code_example(group: str = "7") -> str:
    """A share code as the teachers' guide shows it: lesson 03's experiment, group ``group``,
    the worksheet's rolls and a fifth of them brelans.

    >>> share_code_example()
    'BRL5-7-20-4-...'
    """
    from dicelab.ui.teaching import share_code

    rolls = EXPERIMENT_ROLLS["large_numbers"]
    return share_code(lesson_experiment("large_numbers"), rolls // 5, rolls, group)


#: A plan's steps: what the class does (English msgids, translated when the plan is written;
#: ``{q1}``, ``{q2}``, ``{q3}``: the predictions, ``{ex}``: the exercises, ``{games}``: the
#: rules cards, ``{e}``: the class experiment, ``{rolls}``: its rolls, ``{n}``: games per
#: pair).
STEPS: dict[str, str] = {
    "card": N_("read the rules card of {games} together, its examples with their dice drawn "
               "(it is also on the worksheet): one student reads a line, another says what "
               "the example's dice give."),
    "read": N_("read the opening together; name the game and the question."),
    "read_q": N_("read the opening together; name the question."),
    "p1": N_("first prediction, every student types a guess before checking: “{q1}”; ask two "
             "students to explain their guesses."),
    "p1_definition": N_("first prediction, every student types a guess before checking: "
                        "“{q1}”; ask two students to explain their guesses; then read the "
                        "definition of P(A|B) together: we count inside B."),
    "p1_later": N_("first prediction, every student types a guess and checks it: the guess is "
                   "written down and the exact value stays hidden until the class's dice have "
                   "answered: “{q1}”."),
    "pool_reveal": N_("the groups read their codes aloud, you type them into your notebook "
                      "(one per group) and project the pooled chart; then every student opens "
                      "“Show the exact value” under it and compares it with their guess. Write "
                      "the codes on the board for the next session."),
    "p12": N_("both predictions, every student types a guess before checking: “{q1}”, then "
              "“{q2}”."),
    "p3_why": N_("third prediction, every student types a guess before checking: “{q3}”; "
                 "then open and read the explanation under it together, then the formula of "
                 "“Your turn”, and run its code cell once."),
    "sim_se": N_("the simulator: every student changes the seed and compares the paths; then "
                 "open the explanation under it and read together the standard deviation of "
                 "the relative frequency σₙ = √(p(1 − p)/n) and the band p ± 2σₙ, which the "
                 "exercises use."),
    "p2_chart": N_("second prediction, every student types a guess before checking: "
                   "“{q2}”; then the main chart, discussed."),
    "chart_p2": N_("the main chart, discussed (it answers the first prediction); then the "
                   "second prediction, which it does not answer, every student typing a guess "
                   "before checking: “{q2}”"),
    "chart": N_("the main chart, discussed."),
    "chart_projected": N_("the main chart on the projector (the worksheet has no chart), "
                          "discussed."),
    "simulate": N_("optional (otherwise the exercises start now): “Simulate games”, {n} games "
                   "of each strategy in turn; the message line gives the simulated mean and "
                   "standard deviation beside the exact mean."),
    "grid": N_("class experiment in groups of three or four, on the worksheet's tally grid: "
               "“{e}” ({rolls}); one student rolls, one records; each group counts and makes "
               "one share code with its number."),
    "pool": N_("the groups read their codes aloud, you type them into your notebook (one per "
               "group) and project the pooled chart: how far is the class from the exact "
               "value? Write the codes on the board for the next session."),
    "recall": N_("project the pooled chart again (type the codes from the board if the "
                 "notebook was closed) and recall the question."),
    "app": N_("in pairs, in the app: “{e}”, no setting changed and no replay; the computer "
              "plays the best choices, one click a turn, and after each click the pair reads "
              "in the game log the dice the computer kept at each roll and notes where it "
              "would have kept others (two at most): {n} per pair (only finished games "
              "count), then one share code with the pair's number, written on the board as "
              "soon as the game ends. The odds stay hidden while playing: the pairs "
              "predict, the review reveals. Hand out the cleared copy from the repository; "
              "no “Run All”."),
    "codes": N_("the last pairs write their share codes on the board; keep them for the next "
                "session."),
    "pool_app": N_("a student reads the codes from the board while you type them into your "
                   "notebook; project the pooled chart and the line under it, class mean "
                   "luck = f − p in points: how far is it from zero?"),
    "luck_charts": N_("the example game, its skill score, then the chart of many simulated "
                      "games, discussed: a class's few dozen games do not settle the question "
                      "alone; luck evens out, the cost of decisions does not."),
    "ex": N_("exercises in pairs, hints on request: {ex}"),
    "ex_se": N_("exercises in pairs, hints on request: {ex}. The last one is the standard "
                "error of a mean (AP Statistics Unit 5): with a class that has not met it, do "
                "it together on the board."),
    "ex_first": N_("exercise 1, which reads the chart: {ex}"),
    "ex_before_chart": N_("exercise 1, before the chart that checks it: {ex}"),
    "ex_last": N_("the last exercise in pairs, hints on request: {ex}"),
    "ex_back": N_("exercise 1 in pairs, by hand, last roll first; hints on request, then the "
                  "worked answer on the board: {ex}"),
    "ex_rest": N_("the other exercises in pairs, hints on request: {ex}"),
    "ex_markov": N_("exercises in pairs, hints on request: {ex}. Before exercise 2, open "
                    "“Show the results” under the table and read its worked step π₂ = π₁ × M "
                    "together: exercise 2 is one more step. The Python cell (pi2 @ M) is "
                    "optional: it checks π₃ once exercise 2 is done by hand."),
    "chart_ex": N_("the main chart, discussed (it answers both predictions); then exercises 2 "
                   "and 3, asked orally to the whole class: {ex}, then {oral}. The last "
                   "exercise, {last}, is optional and outside the timed plan (a class that "
                   "finishes early, or homework)."),
    "remember": N_("“To remember”; students read their progress line."),
    "card_today": N_("read the rules card of {games} together, its examples with their dice "
                     "drawn (it is also on the worksheet); only these rules matter today: a 1 "
                     "scores 100, a 5 scores 50, a roll that scores nothing loses the turn, "
                     "banking, exactly 5000 to win, going over scores 0 for the turn."),
    "p1_alone": N_("first prediction, every student types a guess before checking: “{q1}”. "
                   "Run the cells one at a time (Shift+Enter), never all at once."),
    "p2": N_("second prediction, every student types a guess before checking: “{q2}”."),
    "p3": N_("third prediction, every student ticks a choice before checking: “{q3}”; ask "
             "two students to explain their choices."),
    "results_chart": N_("once both predictions are checked, open “Show the results”: the "
                        "table (both solo measures favour banking, playing to win favours "
                        "rolling on), then the chart, discussed."),
}

#: A lesson's own advice on one step of its plan, after the step's text (a teacher's read,
#: issue 28: lesson 01's stars and bars is enrichment; lesson 03's last exercise can wait).
PLAN_NOTES: dict[tuple[str, str], str] = {
    ("counting", "p2_chart"): N_("Do not detail stars and bars (enrichment): what matters is "
                                 "that {multisets} is much smaller than {ordered}."),
    ("counting", "ex"): N_("The code cell above them computes ways(): check the working on "
                           "paper."),
    ("large_numbers", "pool"): N_("Note them on your answer key too."),
    ("large_numbers", "ex"): N_("If time runs short, give the last one, {last}, as homework."),
    ("optimal_play", "card"): N_("If the class has done lesson 09, skip the rules card: 3 more "
                                 "minutes for the opening."),
    ("gamblers_fallacy", "grid"): N_("Expected per group: about {trials} trials and {sixes} "
                                     "successes; check a code far from that."),
    ("gamblers_fallacy", "pool_reveal"): N_("Project the pool only once every student has "
                                            "typed a guess: the pooled chart shows the exact "
                                            "value."),
    # lessons 04–06: the summary is a closed reveal (it states the rule the predictions ask)
    **dict.fromkeys((("at_least_one", "remember"), ("binomial", "remember"),
                     ("conditional", "remember")),
                    N_("Open “Show the summary” and read it together.")),
    ("binomial", "chart_p2"): N_("Before the chart, open “Show the formula” and read it "
                                 "together."),
    ("luck", "luck_charts"): N_("In any lost game, the luck of the dice is minus the skill "
                                "score (luck − cost = −p, skill = p − cost): the example game "
                                "shows the same number twice, with opposite signs; say which "
                                "is which."),
}

#: The step of a lesson's second prediction and its main chart, in its notebook's order
#: (``tests/test_lesson_plans.py`` reads the notebooks): ``p2_chart``, the prediction before
#: the chart that answers it; ``chart_p2``, the chart first, when it answers the first
#: prediction only and the second one is a new question.
_SECOND: dict[str, str] = {
    **dict.fromkeys(("counting", "figures", "at_least_one", "expected_value", "variance",
                     "optimal_play", "behind", "stop_or_roll", "large_numbers"), "p2_chart"),
    **dict.fromkeys(("binomial", "markov", "gamblers_fallacy"), "chart_p2"),
}

#: Each lesson's plan for a class that has never played: (minutes, step, the cards or the
#: exercises the step is about).  The minutes add up to 15, or 30 for a lesson taught in
#: two sessions of 15 minutes (:data:`TWO_SESSIONS`): its second session starts at 15.
#: Timed for what the class does: reading a rules card takes 3 to 4 minutes (08's two cards
#: take a session each), 20 rolls of five dice or 40 rolls of one die, counted and turned
#: into a share code, take about 7 minutes, and typing a class's codes about 3.
PLANS: dict[str, tuple[tuple[int, str, tuple[str, ...] | tuple[int, ...]], ...]] = {
    **{k: ((2, "read", ()), (3, "p1", ()), (3, _SECOND[k], ()), (5, "ex", ()),
           (2, "remember", ()))
       for k in ("figures", "at_least_one", "binomial", "expected_value")},
    "markov": ((2, "read", ()), (3, "p1", ()), (3, "chart_p2", ()), (5, "ex_markov", ()),
               (2, "remember", ())),
    # lesson 01: a one-minute opening; prediction 3, the explanation, the formula and the
    # code cell take 8–12
    "counting": ((1, "read", ()), (3, "p1", ()), (4, "p2_chart", ()), (4, "p3_why", ()),
                 (2, "ex", ()), (1, "remember", ())),
    "variance": ((3, "card", ()), (1, "read_q", ()), (3, "p1", ()), (3, "p2_chart", ()),
                 (2, "simulate", ()), (2, "ex", ()), (1, "remember", ())),
    "conditional": ((3, "card", ()), (1, "read_q", ()), (3, "p1_definition", ()),
                    (2, "ex_before_chart", (0,)), (1, "chart_projected", ()), (2, "p2", ()),
                    (2, "ex_last", (1,)), (1, "remember", ())),
    "optimal_play": ((3, "card", ()), (1, "read_q", ()), (6, "ex_back", (0,)), (2, "p12", ()),
                     (2, "chart_ex", (1,)), (1, "remember", ())),
    "behind": ((4, "card_today", ()), (2, "p1_alone", ()), (1, "p2", ()),
               (4, "results_chart", ()), (3, "ex", ()), (1, "remember", ())),
    "stop_or_roll": ((4, "card", ("seveny",)), (1, "read_q", ()), (3, "p1", ()),
                     (4, "p2_chart", ()), (3, "ex_first", (0,)),
                     (5, "card", ("cinqmille",)), (3, "p3", ()), (5, "ex_last", (1,)),
                     (2, "remember", ())),
    # lesson 03's second session also reads σₙ, after the simulator, before the exercises
    "large_numbers": ((2, "read", ()), (3, "p1", ()), (7, "grid", ()), (3, "pool", ()),
                      (3, "recall", ()), (4, "p2_chart", ()), (3, "sim_se", ()),
                      (4, "ex", ()), (1, "remember", ())),
    # lesson 12: the guess is written down, the class's dice answer it before the reveal
    "gamblers_fallacy": ((2, "read", ()), (3, "p1_later", ()), (7, "grid", ()),
                         (3, "pool_reveal", ()), (3, "recall", ()), (4, "chart_p2", ()),
                         (6, "ex", ()), (2, "remember", ())),
    "luck": ((4, "card", ()), (1, "read_q", ()), (3, "p12", ()), (6, "app", ()),
             (1, "codes", ()), (4, "pool_app", ()), (4, "luck_charts", ()), (6, "ex_se", ()),
             (1, "remember", ())),
}
#: Lessons taught in two sessions of 15 minutes (their plans say so).
TWO_SESSIONS = tuple(k for k, steps in PLANS.items() if sum(m for m, *_r in steps) == 30)


def _plan_lines(lesson: Lesson, lang: str) -> list[str]:
    """The plan's Markdown list items (:func:`_plan`): a lesson taught in two sessions lists
    the first session's steps, then "Second session:" with its steps nested under it.

    >>> lines = _plan_lines(lesson_of("stop_or_roll"), "en")
    >>> [x[:28] for x in lines if "ession" in x]
    ['  * Second session: if the n']
    >>> lines[-1][:15]
    '    * 28–30 min'
    """
    steps = _plan(lesson, lang)
    if lesson.key not in TWO_SESSIONS:
        return [f"  * {step}" for step in steps]
    at, first = 0, 0
    for minutes, *_rest in PLANS[lesson.key]:
        if at == 15:
            break
        at += minutes
        first += 1
    # a reopened notebook has no `nb` until its first cell runs again
    second = _("Second session: if the notebook was closed, run its first cell first.",
               lang=lang)
    return ([f"  * {step}" for step in steps[:first]]
            + [f"  * {second}"]
            + [f"    * {step}" for step in steps[first:]])


def _plan(lesson: Lesson, lang: str) -> list[str]:
    """The lesson's plan, step by step, with its minutes (:data:`PLANS`)."""
    from dicelab.registry import get as game_info

    preds = [inner_quotes(q.text_in(lang), lang) for q in lesson.predictions()]
    exercises = lesson.exercises()

    def quoted(qs: Any) -> str:
        return " / ".join(f"“{inner_quotes(q.text_in(lang), lang)}”" if lang == "en" else
                          f"«\u00a0{inner_quotes(q.text_in(lang), lang)}\u00a0»" for q in qs)

    exp = lesson_experiment(lesson.key)
    out: list[str] = []
    at = 0
    for minutes, step, about in PLANS[lesson.key]:
        fields: dict[str, Any] = {"q1": preds[0], "q2": preds[1] if len(preds) > 1 else "",
                                  "q3": preds[2] if len(preds) > 2 else ""}
        if step in ("card", "card_today"):
            names = [game_info(g).name for g in (about or lesson.cards)]
            fields["games"] = names[0] if len(names) == 1 else _(
                "{first} and {second}", lang=lang, first=names[0], second=names[1])
        if step.startswith("ex") or step == "chart_ex":
            chosen = [exercises[i] for i in about] if about else list(exercises)
            fields["ex"] = quoted(chosen)
            fields["last"] = quoted(exercises[-1:])
        if step == "chart_ex":  # lesson 11: the exercise after the pairs' one, asked orally
            fields["oral"] = quoted(exercises[about[-1] + 1:about[-1] + 2])
        if exp is not None:
            fields["e"] = _(exp.title, lang=lang)
        if step == "grid":
            n = EXPERIMENT_ROLLS[lesson.key]
            fields["rolls"] = (_("{n} rolls of five dice", lang=lang, n=n)
                               if lesson.key == "large_numbers" else
                               _("{n} rolls of one die; {rule}", lang=lang, n=n,
                                 rule=_(SIX_COUNT_RULE, lang=lang)))
            # each roll from the 4th on is a trial with probability (5/6)³, a success 1/6 of it
            trials = (n - 3) * Fraction(5, 6) ** 3
            fields["trials"] = fmt_number(float(trials), 1, lang)
            fields["sixes"] = fmt_number(float(trials / 6), 1, lang)
        if step == "simulate":
            from dicelab.lessons.maths import SIM_GAMES

            fields["n"] = max(SIM_GAMES)
        if step == "app":
            from dicelab.lessons.luck_lesson import PAIR_GAMES

            fields["n"] = ngettext("{n} game", "{n} games", PAIR_GAMES, lang=lang)
        text = _(STEPS[step], lang=lang, **fields)
        if (lesson.key, step) in PLAN_NOTES:
            from dicelab.analysis.counting import outcome_counts

            ordered, multisets = (show(c, lang) for c in outcome_counts(5))
            text += " " + _(PLAN_NOTES[lesson.key, step], lang=lang, ordered=ordered,
                            multisets=multisets, **fields)
        out.append(_("{start}–{end} min: {step}", lang=lang, start=at, end=at + minutes,
                     step=text))
        at += minutes
    return out


def inner_quotes(text: str, lang: str) -> str:
    """A text to be quoted, its own quotation marks turned into inner ones: French « … »
    inside « … » becomes “…”, English “…” inside “…” becomes ‘…’.

    >>> inner_quotes("σ(T) pour «\u00a0encaisser à 4\u00a0» ?", "fr")
    'σ(T) pour “encaisser à 4” ?'
    >>> inner_quotes("σ(T) for “bank at 4”?", "en")
    'σ(T) for ‘bank at 4’?'
    """
    if lang == "en":
        return text.replace("“", "‘").replace("”", "’")
    return text.replace("«\u00a0", "“").replace("\u00a0»", "”").replace("«", "“").replace(
        "»", "”")


def _behind_note(lang: str) -> str:
    """Lesson 13's teacher's note: why the chart zigzags (the exactly-5000 rule), its
    numbers from the two-player engine.

    >>> _behind_note("en")[:52]
    'The chart zigzags because of the exactly-5000 rule: '
    """
    from dicelab.core.i18n import fmt_int, fmt_percent
    from dicelab.lessons.versus import behind_curve

    c = behind_curve()

    def at(score: int) -> str:
        i = c["opponent"].index(score)
        return fmt_percent(c["p_bank"][i], 1, lang)

    return _("The chart zigzags because of the exactly-5000 rule: an opponent who needs 50 "
             "must roll a 5 (a 1 overshoots and wipes the turn), which is harder than needing "
             "100 (a 1, two 5s, or a 5 and then another 5 in a later roll). So banking wins "
             "{b1} against an opponent at {o1} but {b2} at {o2}; {b3} at {o3} but {b4} at "
             "{o4}.", lang=lang,
             o1=fmt_int(4900, lang), b1=at(4900), o2=fmt_int(4950, lang), b2=at(4950),
             o3=fmt_int(4500, lang), b3=at(4500), o4=fmt_int(4550, lang), b4=at(4550))


def _variance_note(lang: str) -> str:
    """Lesson 09's teacher's note: why the spread matters, the chart's last bar (the very
    long games) computed from the exact distributions.

    >>> _variance_note("en")[-74:]
    '0.9% of optimal games against 0.4% with “bank at 4” take 20 turns or more.'
    """
    from dicelab.core.i18n import fmt_percent
    from dicelab.lessons.maths import seveny_best_threshold
    from dicelab.lessons.visuals import variance_bars

    n = seveny_best_threshold()
    labels, (rule, opt) = variance_bars(n)
    return _("The spread matters for the rare very long game: {o} of optimal games against "
             "{r} with “bank at {n}” take {k} turns or more.", lang=lang, n=n,
             k=labels[-1].split()[-1], o=fmt_percent(opt[-1], 1, lang),
             r=fmt_percent(rule[-1], 1, lang))


#: A lesson's note for the teacher in its guide section (computed when the guide is built).
TEACHER_NOTES = {"behind": _behind_note, "variance": _variance_note}


def lesson_plan(key: str, lang: str = "en") -> str:
    """The teachers' guide section of one lesson (Markdown): programme point, plan, expected
    answers with their computed values, misconceptions and the question that brings each out.
    """
    lesson = lesson_of(key)
    name = FILES[lang][key]
    game = _("Game", lang=lang)
    programme = "Curriculum" if lang == "en" else _("Programme", lang=lang)
    plan = (_("Plan (two sessions of 15 minutes)", lang=lang)
            if key in TWO_SESSIONS else _("Plan (15 minutes)", lang=lang))
    answers = _("Expected answers (computed by dicelab)", lang=lang)
    wrong_ideas = _("Likely misconceptions, and the question that brings each out", lang=lang)
    def colon(label: str) -> str:  # French sets a no-break space before the colon
        return f"{label}\u00a0:" if lang == "fr" else f"{label}:"

    def quoted(text: str) -> str:
        text = inner_quotes(text, lang)
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
    lines += _plan_lines(lesson, lang)
    if lesson.sheet_data_page:  # the sheet's second part answers the predictions
        sheet = _("Worksheet", lang=lang)
        charted = key in CHART_SHEETS
        tabled = lesson.table is not None or key in DATA_TABLE_SHEETS
        line = (_(
            "the predictions come first, alone; the chart and the data the exercises need "
            "start a new page. Print that page separately and hand it out only once every "
            "student has written the predictions.", lang=lang) if charted else _(
            "the predictions come first, alone; the data table the exercises need starts a "
            "new page (the sheet has no chart). Print that page separately and hand it out "
            "only once every student has written the predictions.", lang=lang) if tabled
            else _(
            "the predictions come first, alone; the formula and the exercises start a new "
            "page. Print that page separately and hand it out only once every student has "
            "written the predictions.", lang=lang) if key not in GIVEN_VALUE_SHEETS else _(
            "the predictions come first, alone; the given value and the exercises start a "
            "new page. Print that page separately and hand it out only once every student "
            "has written the predictions.", lang=lang))
        if key in SHEET_FIRST:  # lesson 11: exercise 1 needs the rules card alone
            line += " " + _("Exercise 1 comes right after the rules card, on the next page, "
                            "before the predictions: it needs the rules alone.", lang=lang)
        if key in SECOND_SESSION:  # lesson 08: the second session's page(s), card first
            from dicelab.registry import get as game_info

            line += " " + _("The second session has its own last page, to hand out that day: "
                            "the rules card of {games}, then its prediction and exercise.",
                            lang=lang, games=" ".join(game_info(g).name
                                                      for g in SECOND_SESSION[key][1]))
        lines.append(f"* **{colon(sheet)}** " + line)
    if key in TEACHER_NOTES:
        note = _("Teacher's note", lang=lang)
        lines.append(f"* **{colon(note)}** " + TEACHER_NOTES[key](lang))
    lines.append(f"* **{colon(answers)}**")
    for q in lesson.questions:
        kind = _("Predict", lang=lang) if q.kind == "predict" else _("Exercise", lang=lang)
        worked = q.worked_text(lang)
        lines.append(f"  * {kind} — {q.text_in(lang)} **{q.answer_text(lang)}**"
                     + (f" ({worked})" if worked else ""))
    lines.append(f"* **{colon(wrong_ideas)}**")
    for wrong, qkey in lesson.misconceptions_in(lang):
        lines.append(f"  * {wrong} → {quoted(lesson.question(qkey).text_in(lang))}")
    # the school notation P_B(A) as Markdown maths ($P_B(A)$), B a subscript
    return notation("\n".join(lines) + "\n", "md")


def lesson_plans(lang: str = "en") -> str:
    """Every lesson's section of the teachers' guide, in order (see :func:`lesson_plan`)."""
    lang = get_language(lang)
    return "\n".join(lesson_plan(key, lang) for key in FILES[lang])
