"""The teachers' side of the lessons: files, curricula, 15-minute plans and the index.
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _, get_language, ngettext
from dicelab.lessons.base import (
    CHART_ANSWERS as CHART_ANSWERS,
)
from dicelab.lessons.base import (
    Lesson,
)
from dicelab.lessons.base import (
    show as show,
)
from dicelab.lessons.content import LESSONS, lesson_of

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

#: English classes' curricula, per lesson, shown on English pages only (the
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
        ("England", "GCSE P4 (the probabilities of an exhaustive set of mutually exclusive "
                    "events sum to one: P(not A) = 1 − P(A)), P8 (probability of independent "
                    "combined events); A level Mathematics: mutually exclusive and independent "
                    "events"),
        ("US Common Core", "S-CP.A.1 (events as complements of other events), S-CP.A.2 "
                           "(independent events: P(A and B) = P(A)P(B))"),
        ("AP Statistics", "Unit 4: 4.6 Independent Events and Unions of Events"),
    ),
    "binomial": (
        ("England", "A level Mathematics: the binomial distribution as a model, calculate "
                    "probabilities using the binomial distribution (the calculation of the mean "
                    "and variance of discrete random variables is excluded: np and np(1 − p) "
                    "appear there only to choose a normal approximation); E(X) = np as the "
                    "mean of a discrete random variable is A level Further Mathematics"),
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
                    "random variable, E(X). Not A level Mathematics, which uses simple discrete "
                    "probability distributions but excludes the calculation of their mean and "
                    "variance"),
        ("US Common Core", "S-MD.A.1 (+) (define a random variable, graph its distribution), "
                           "S-MD.A.2 (+) (expected value as the mean of the distribution)"),
        ("AP Statistics", "Unit 4: 4.7 Introduction to Random Variables and Probability "
                          "Distributions, 4.8 Mean and Standard Deviation of Random Variables, "
                          "4.9 Combining Random Variables (E(X + Y) = E(X) + E(Y), exercise "
                          "2)"),
    ),
    "stop_or_roll": (
        ("England", "A level Further Mathematics (statistics): expectation of a discrete "
                    "random variable, used to compare choices. Not A level Mathematics, which "
                    "excludes the calculation of the mean and variance of discrete random "
                    "variables"),
        ("US Common Core", "S-MD.B.5 (+) (weigh the outcomes of a decision by expected "
                           "values; a and b: expected payoff, compare strategies)"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "variance": (
        ("England", "A level Further Mathematics (statistics): variance and standard "
                    "deviation of a discrete random variable, Var(X). Not A level Mathematics, "
                    "which excludes the calculation of the mean and variance of discrete random "
                    "variables"),
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
        ("England", "comparing a probability of winning with an expected value: A level "
                    "Further Mathematics (expectation); beyond GCSE"),
        ("US Common Core", "S-MD.B.5 (+) and S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability, 4.8 Mean and Standard "
                          "Deviation of Random Variables"),
    ),
    "luck": (
        ("England", "GCSE P5 (empirical samples tend towards theoretical probability); the "
                    "expectation of a discrete random variable: A level Further Mathematics"),
        ("US Common Core", "S-MD.A.2 (+) (the expected value as the mean of a probability "
                           "distribution), S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.2 Estimating Probabilities Using Simulation, 4.8 Mean "
                          "and Standard Deviation of Random Variables; Unit 5: 5.5 Sampling "
                          "Distributions for Sample Proportions"),
    ),
}


#: The edition a curriculum's codes follow, where it matters: the AP Statistics topic numbers
#: are those of the course and exam description effective fall 2020 (a revised course is
#: announced for 2026-27; its topic numbers may differ).
CURRICULUM_EDITIONS = {"AP Statistics": "AP Statistics (course and exam description, fall 2020)"}


def curriculum_line(key: str) -> str:
    """The English "Curriculum:" line of a lesson: England, US Common Core, AP Statistics.

    >>> curriculum_line("at_least_one").split("; ")[2][:40]
    'US Common Core: S-CP.A.1 (events as comp'
    """
    return "; ".join(f"{CURRICULUM_EDITIONS.get(who, who)}: {what}"
                     for who, what in CURRICULA[key])


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


def _plan(lesson: Lesson, lang: str) -> list[str]:
    p1, p2 = (q.text_in(lang) for q in lesson.predictions()[:2])
    ex = " / ".join(q.text_in(lang) for q in lesson.exercises())
    exp = lesson_experiment(lesson.key)
    if exp is not None:
        if lesson.key in EXPERIMENT_ROLLS:
            step = _("4–8 min: class experiment in groups of three or four, on the worksheet's "
                     "tally grid: “{e}” ({rolls}); one student rolls, one records. Give each "
                     "group a number; it makes one share code with it; you type the codes into "
                     "your notebook (one per group) and project the pooled chart.", lang=lang,
                     e=_(exp.title, lang=lang), rolls=(
                         _("{n} rolls of five dice", lang=lang, n=EXPERIMENT_ROLLS[lesson.key])
                         if lesson.key == "large_numbers" else
                         _("{n} rolls of one die", lang=lang, n=EXPERIMENT_ROLLS[lesson.key])))
        else:  # games played in the app, not rolls on a grid
            step = _("4–8 min: class experiment in pairs, in the app: “{e}”; give each pair a "
                     "number; each pair plays one game (a second one only if time allows; only "
                     "finished games count) and makes one share code with its number; you type "
                     "the codes into your notebook and project the pooled chart: a class gives "
                     "a few dozen games, so the lesson's chart of many simulated games "
                     "completes it.", lang=lang,
                     e=_(exp.title, lang=lang))
        if lesson.key not in EXPERIMENT_ROLLS:  # both predictions come before the games
            guesses = _("2–4 min: both predictions, every student types a guess before "
                        "checking: “{q1}”, then “{q2}”", lang=lang, q1=p1, q2=p2)
            chart = _("8–10 min: the main chart, discussed.", lang=lang)
        else:
            guesses = _("2–4 min: first prediction, every student types a guess before "
                        "checking: “{q}”", lang=lang, q=p1)
            chart = _("8–10 min: the main chart; second prediction: “{q}”", lang=lang, q=p2)
        return [
            _("0–2 min: read the opening together; name the game and the question.", lang=lang),
            guesses,
            step,
            chart,
            _("10–14 min: exercises in pairs, hints on request: {ex}", lang=lang, ex=ex),
            _("14–15 min: “To remember”; students read their progress line.", lang=lang),
        ]
    if lesson.cards:  # a class that has never played reads the game's card first
        from dicelab.registry import get as game_info

        names = [game_info(g).name for g in lesson.cards]
        start = [
            ngettext("0–2 min: read the rules card of {games} together (its examples, with "
                     "their dice drawn); it is also on the worksheet.",
                     "0–2 min: read the rules cards of {games} together (their examples, with "
                     "their dice drawn); they are also on the worksheet.",
                     len(names), lang=lang,
                     games=names[0] if len(names) == 1 else _("{first} and {second}",
                                                              lang=lang, first=names[0],
                                                              second=names[1])),
            _("2–3 min: read the opening together; name the question.", lang=lang),
            _("3–5 min: first prediction, every student types a guess before checking: "
              "“{q}”; ask two students to explain their guesses.", lang=lang, q=p1),
        ]
    else:
        start = [
            _("0–2 min: read the opening together; name the game and the question.",
              lang=lang),
            _("2–5 min: first prediction, every student types a guess before checking: "
              "“{q}”; ask two students to explain their guesses.", lang=lang, q=p1),
        ]
    return [
        *start,
        _("5–8 min: the main chart, discussed; second prediction: “{q}”", lang=lang, q=p2),
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
    if lesson.sheet_data_page:  # the sheet's second part answers the predictions
        sheet = _("Worksheet", lang=lang)
        lines.append(f"* **{colon(sheet)}** " + _(
            "the predictions come first, alone; the chart and the data the exercises need "
            "start a new page. Print that page separately and hand it out only once every "
            "student has written the predictions.", lang=lang))
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
