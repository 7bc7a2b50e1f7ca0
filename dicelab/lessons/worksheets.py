"""Printable worksheets and answer keys for the lessons, as PDF.

For every lesson of :mod:`dicelab.lessons` and every language, a **worksheet** lists the
lesson's predictions and exercises with space to write, and an **answer key** gives each
answer, computed by the package when the PDF is built, with its worked answer.  The PDF is
drawn by matplotlib (already a dependency): fonts are embedded, nothing is fetched from the
internet, and mathematics is plain text (√, ≥, σ, ²).

    python -m dicelab.worksheets [OUT_DIR] [LESSON …]      # `make worksheets`

writes ``OUT_DIR/<lang>/<lesson file>-worksheet.pdf`` and ``…-key.pdf`` on A4, and the same on
US Letter in ``OUT_DIR/<lang>/letter/``.  A sheet carries what its questions need: the
lesson's chart when an exercise reads it, its data table (or the data the exercises need:
:func:`data_lines`), and a tally grid for the class experiments (lessons 03 and 12).  The
answer key alone gives the curriculum (English classes' curricula, the French programme): it
names methods (lesson 01's 5!/(2! 3!), lesson 03's σₙ).

The predictions come first (after an exercise that needs only the rules card,
:data:`~dicelab.lessons.base.SHEET_FIRST`): whatever could answer them (the chart, a table,
a given value) starts a new page after the last prediction (a ``page`` line), so that the
teacher hands that page out once the predictions are written (the guide says so).

>>> content = lines("binomial", "en", answer_key=True)
>>> content[0]
('title', 'The binomial distribution\xa0— answer key')
"""

from __future__ import annotations

import functools
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dicelab.core.i18n import N_, _, fmt_number
from dicelab.lessons import EXPERIMENT_ROLLS, FILES, LESSONS, curriculum_line, lesson_of
from dicelab.lessons.base import (
    CHART_SHEETS,
    DATA_TABLE_SHEETS,
    SECOND_SESSION,
    SHEET_FIRST,
    SIX_COUNT_RULE,
    notation,
)
from dicelab.lessons.given import six_example

#: Characters per line of wrapped text at 11 pt, and of a title at 16 pt (bold), on a page
#: with 0.8 in margins (DejaVu Sans: about 0.56 em a character; bold titles wider).
WIDTH = 80
TITLE_WIDTH = 44
#: Paper sizes (inches): A4, and US Letter beside it.
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
A4 = PAPERS["a4"]
#: Lessons with a class experiment: a tally grid of that many boxes (one per roll).
GRIDS = EXPERIMENT_ROLLS
#: The resolution of a chart printed on a sheet (dots per inch): sharp on paper.
CHART_DPI = 200
#: Lines to write a class experiment's results on, after the data page's given values
#: (lesson 14: the class's pooled games, in the second session).
RESULT_LINES: dict[str, str] = {
    "luck": N_("The class: games ____, won ____, frequency f = ____; class mean luck "
               "(f − p) × 100 = ____ points."),
}
#: Lines to write on for the game the pairs play after the predictions, printed after the
#: last prediction (lesson 14: the dice they would have kept instead of the computer's,
#: their game's result and share code, and the luck the review showed, which the exercises
#: use in the next session; more lines would push the sheet to another page).
PLAY_LINES: dict[str, tuple[str, ...]] = {
    "luck": (N_("Where we would have kept other dice (turn, dice): "
                "________________________________"),
             N_("Our pair: number ____   game won ☐  lost ☐   share code: ____________."),
             N_("Our luck of the dice, shown by the game review: ____ points.")),
}
#: Hints printed under their exercise on the students' sheet (lesson 14's exercise 3,
#: lesson 10's exercise 2: one more step from π₂; lesson 11's exercise 1: a class with paper
#: only needs "only 1s and 6s can be set aside").
PRINTED_HINTS: dict[str, tuple[str, ...]] = {"luck": ("se_mean",), "markov": ("within_three",),
                                             "optimal_play": ("end_backwards",)}
#: Of a printed exercise's hints, only the first ones (lesson 11's exercise 1: the rules and
#: the method, "last roll first"; the last one, which gives the backward step away, stays with
#: the teacher; lesson 10's exercise 2: the first, as its page gives the second on request).
FIRST_HINTS: dict[str, dict[str, int]] = {"optimal_play": {"end_backwards": 2},
                                          "markov": {"within_three": 1}}
#: Boxes to tick printed under an exercise that also asks for a choice (lesson 11's
#: exercise 1: bank or roll), and exercises whose choice asks "Why?" on paper (its exercise 3).
TICKS: dict[str, dict[str, tuple[str, ...]]] = {
    "optimal_play": {"end_backwards": (N_("bank the 5 points"), N_("roll the two dice"))}}
WHY: dict[str, tuple[str, ...]] = {"optimal_play": ("risk_zero",)}
#: Exercises the paper marks optional (lesson 11's last one, as its page and plan say).
OPTIONAL: dict[str, tuple[str, ...]] = {"optimal_play": ("gap_turns",)}
#: Room to write for an exercise worked in several lines, in ``space`` blocks (one by
#: default, about two lines each): lesson 10's three products, lesson 11's backward solving.
ROOM: dict[str, dict[str, int]] = {"markov": {"within_three": 3},
                                   "optimal_play": {"end_backwards": 4},
                                   "large_numbers": {"band_class": 4}}
#: A key printed before the questions, one line each: the words the questions use.
KEY_LINES: dict[str, tuple[str, ...]] = {
    # lesson 02: the figures its predictions name (the notebook's opening says it)
    "figures": (N_("Words used: a brelan is at least three dice alike, a carré at least four, "
                   "a quinté five; a suite is 1 2 3 4 5 or 2 3 4 5 6 (on the chart, with four "
                   "dice: four values in a row)."),),
    # lesson 09: the two strategies its predictions name (the notebook's opening says it)
    # ({target}: Seveny's, the one dicelab.engine.seveny.solo.bank_at_law banks at too)
    "variance": (N_("T = the number of turns to reach {target} points (the turns that score 0 "
                    "points included)."),
                 N_("“bank at 4”: you bank as soon as the turn holds 4 points or more, or as "
                    "soon as banking reaches {target} points."),
                 N_("“optimal play”: every move chosen to finish in the fewest turns on "
                    "average.")),
    "markov": (N_("Words used: the state is the largest number of dice showing the same face "
                  "(two pairs: state 2), from 1 (all different) to 5 (a quinté: five alike)."),
               N_("M is the transition matrix: its row i gives the chance of each next state "
                  "from state i after one reroll.")),
    # lesson 04: the scoring rule exercise 2's bust needs (dicelab.games.cinqmille)
    "at_least_one": (N_("In 5000, these score: each 1, each 5, and three dice alike (a "
                        "brelan)."),),
    # lesson 11: the rule its predictions and chart name (dicelab.analysis.policies.bank_at)
    "optimal_play": (N_("“bank at N”: after each roll, you set aside the dice that give the "
                        "turn the most points (the fewest dice on a tie), then bank as soon as "
                        "the turn holds N points or more, or as soon as banking reaches "
                        "{target} points; otherwise you roll on."),),
}


def _seveny_target() -> int:
    """Seveny's target, which lessons 09 and 11's definitions name."""
    from dicelab.registry import get

    return get("seveny").rules.Rules().target


def _luck_definitions(lang: str) -> list[str]:
    from dicelab.lessons.luck_lesson import definitions

    return definitions(lang)


#: A framed definitions box at the top of the exercises' page (``defs`` lines, the first one
#: its title), with the given values in it: lesson 14's luck of a roll, cost of a decision,
#: skill score and p with its difficulty (:func:`dicelab.lessons.luck_lesson.definitions`).
DEFINITIONS = {"luck": _luck_definitions}


def _grid_text(lesson_key: str, lang: str) -> str:
    if lesson_key == "large_numbers":
        return _("Tally grid: roll five dice {n} times; tick the box of each roll that shows a "
                 "brelan (three alike or more). Then: rolls {n}, brelans ____; the group's "
                 "number ____ and its share code: ____________", lang=lang,
                 n=GRIDS[lesson_key])
    # lesson 12: counted from the roll's side, one circled roll a trial (SIX_COUNT_RULE)
    return _("Tally grid: roll one die {n} times and write each face in order; then {rule} "
             "(trials ____, successes ____). The group's number ____ and its share code: "
             "____________", lang=lang, n=GRIDS[lesson_key], rule=_(SIX_COUNT_RULE, lang=lang))


def _lines(lesson_key: str, lang: str, answer_key: bool) -> list[tuple[str, str]]:
    lesson = lesson_of(lesson_key)
    title = _(lesson.title, lang=lang)
    kind = _("answer key", lang=lang) if answer_key else _("worksheet", lang=lang)
    out: list[tuple[str, str]] = [("title", f"{title}\u00a0— {kind}")]  # never "— kind" alone
    # the curriculum line names methods (lesson 01: "5!/(2! 3!) chooses the places of the
    # 2s", lesson 03: σₙ): the answer key only, never the students' sheet
    if not answer_key:
        out.append(("sub", lesson.game))
    elif lang == "en":  # English classes: their curricula
        out.append(("sub", f"{lesson.game} · Curriculum: {curriculum_line(lesson_key)}"))
    else:
        out.append(("sub", f"{lesson.game} · {_('Programme', lang=lang)}\u00a0: "
                           f"{_(lesson.programme, lang=lang)}"))
    if not answer_key:
        out.append(("sub", _("Name: ______________________   Class: ________", lang=lang)))
    second_q, second_cards = SECOND_SESSION.get(lesson_key, ("", ()))
    for game in lesson.cards:  # the rules a class that never played needs, before any question
        if game not in second_cards:  # (the second session's card: on its own page)
            out.append(("card", game))
    out += [("sub", _(line, lang=lang, target=_seveny_target()))
            for line in KEY_LINES.get(lesson_key, ())]
    if lesson_key == "large_numbers":  # p and "brelan", which page 1's questions name
        out.append(("sub", _p_line(lang)))
    n_pred = n_ex = 0
    data_done = False
    first = SHEET_FIRST.get(lesson_key, ())  # on page 1, before the predictions
    for q in sorted(lesson.questions, key=lambda q: q.key not in first):
        if q.key == second_q:  # the second session starts a page: its card, then its questions
            out.append(("page", ""))
            if not answer_key:
                out.append(("sub", _("Name: ______________________   Class: ________",
                                     lang=lang)))
            out.append(("sub", _("Second session", lang=lang)))
            out += [("card", game) for game in second_cards]
        if q.kind == "predict":
            n_pred += 1
            label = _("Prediction {n}", lang=lang, n=n_pred)
        else:
            if not data_done and q.key not in first:  # on a page after the predictions
                data_done = True
                if not answer_key:  # the game played after the predictions, before the data
                    out += [("sub", _(t, lang=lang)) for t in PLAY_LINES.get(lesson_key, ())]
                data = data_lines(lesson_key, lang)
                if data:
                    out.append(("page", ""))
                    if not answer_key:  # the page is handed out on its own: name first
                        out.append(("sub", _("Name: ______________________   Class: ________",
                                             lang=lang)))
                    out.append(("sub", _("Data for the exercises.", lang=lang)))
                    out += data
                    if lesson_key in RESULT_LINES and not answer_key:
                        out.append(("sub", _(RESULT_LINES[lesson_key], lang=lang)))
            elif q.key in first and not answer_key:  # with its room, on a page of its own
                out.append(("page", ""))  # (the rules card fills the first one)
            n_ex += 1
            label = (_("Exercise {n} (optional)", lang=lang, n=n_ex)
                     if q.key in OPTIONAL.get(lesson_key, ())
                     else _("Exercise {n}", lang=lang, n=n_ex))
        out.append(("q", f"{label}. {q.text_in(lang)}"))
        if q.input == "choice":  # the boxes on their own line: ticking one is the answer
            out.append(("boxes", "     ".join(f"☐\u00a0{o}" for o in q.options_in(lang))))
        if answer_key:
            out.append(("a", _("Answer: {answer}.", lang=lang, answer=q.answer_text(lang))))
            worked = q.worked_text(lang)
            if worked:
                out.append(("a", worked))
            if q.kind == "exercise" and q.tolerance:
                out.append(("a", _("Accepted within ± {tol}.", lang=lang,
                                   tol=_show_tol(q.tolerance, lang))))
        else:
            if q.key in PRINTED_HINTS.get(lesson_key, ()):
                shown = FIRST_HINTS.get(lesson_key, {}).get(q.key, len(q.hints))
                out += [("sub", _("Hint: {hint}", lang=lang, hint=h))
                        for h in q.hints_in(lang)[:shown]]
            if q.input != "choice":  # tick boxes are the answer
                out.append(("space", _("My answer:", lang=lang)))
                out += [("space", "")] * (ROOM.get(lesson_key, {}).get(q.key, 1) - 1)
            ticks = TICKS.get(lesson_key, {}).get(q.key, ())
            if ticks:
                out.append(("boxes", "     ".join(f"☐\u00a0{_(o, lang=lang)}" for o in ticks)))
            if q.key in WHY.get(lesson_key, ()):
                out.append(("space", _("Why?", lang=lang)))
        if q.kind == "predict" and n_pred == 1 and lesson_key in GRIDS and not answer_key:
            out.append(("sub", _grid_text(lesson_key, lang)))  # what to do, then the boxes
            if lesson_key == "gamblers_fallacy":  # the rule on one example, then the class
                out.append(("sub", six_example(lang)))
            out.append(("grid", lesson_key))
            if lesson_key == "gamblers_fallacy":
                out.append(("sub", _("The class: trials ____, successes ____, frequency "
                                     "____; exact value ____.", lang=lang)))
    if answer_key:
        out.append(("sub", _("Likely misconceptions", lang=lang)))
        for wrong, qk in lesson.misconceptions_in(lang):  # and the question that brings it out
            out.append(("a", "• " + _("{wrong} → the question that brings it out: {q}",
                                      lang=lang, wrong=wrong,
                                      q=lesson.question(qk).text_in(lang))))
    return out


def _p_line(lang: str) -> str:
    """Lesson 03's page 1: the p and the brelan its predictions name (p answers neither).

    >>> _p_line("en")
    'p = P(brelan) ≈ 0.213 (three of a kind or more).'
    """
    from dicelab.analysis.counting import figure_probability

    return _("p = P(brelan) ≈ {p} (three of a kind or more).", lang=lang,
             p=fmt_number(float(figure_probability("brelan", 5)), 3, lang))


def data_lines(lesson_key: str, lang: str) -> list[tuple[str, str]]:
    """What a sheet's exercises read, printed after the predictions (on their own page): the
    lesson's chart (:data:`CHART_SHEETS`), its data table, the values the chart shows as a
    table (``datatable``, :func:`data_table`) and the given values and formulas (``sub``):
    lesson 03's probability of a brelan and σₙ, lesson 09's standard error of a
    mean, lesson 14's chance to win at the start (:func:`formula_lines`).  Every number is
    computed by the package.

    >>> data_lines("large_numbers", "en")  # doctest: +NORMALIZE_WHITESPACE
    [('sub', 'Given: p = P(brelan with five dice) = 23/108 ≈ 0.2130 (a brelan: three of a
              kind or more).'),
     ('sub', 'Given: the standard deviation of the relative frequency over n rolls is
              σₙ = √(p(1 − p)/n); the band is p ± 2σₙ.')]
    >>> [kind for kind, _text in data_lines("optimal_play", "fr")]
    ['chart', 'datatable', 'table']
    """
    from dicelab.lessons.given import given_lines

    out: list[tuple[str, str]] = (
        [("defs", t) for t in DEFINITIONS[lesson_key](lang)] if lesson_key in DEFINITIONS
        else [("sub", t) for t in given_lines(lesson_key, lang)])
    out += [("sub", t) for t in formula_lines(lesson_key, lang)]
    if lesson_key in CHART_SHEETS:
        out.append(("chart", lesson_key))
    if lesson_key in DATA_TABLE_SHEETS:
        out.append(("datatable", lesson_key))
    if lesson_of(lesson_key).table is not None:
        out.append(("table", lesson_key))
    return out


def formula_lines(lesson_key: str, lang: str) -> list[str]:
    """The formulas a sheet's exercises use and its page does not state (the notebook's text
    does): lesson 03's σₙ of a frequency, lesson 05's binomial formula (it answers
    the first prediction, so it comes after it, as on screen), lesson 06's P_B(A), lesson
    09's standard error of a mean (:data:`~dicelab.lessons.base.FORMULA_SHEETS`).

    >>> formula_lines("large_numbers", "en")  # doctest: +NORMALIZE_WHITESPACE
    ['Given: the standard deviation of the relative frequency over n rolls is
      σₙ = √(p(1 − p)/n); the band is p ± 2σₙ.']
    >>> formula_lines("counting", "en")
    []
    """
    if lesson_key == "large_numbers":
        return [_("Given: the standard deviation of the relative frequency over n rolls is "
                  "σₙ = √(p(1 − p)/n); the band is p ± 2σₙ.", lang=lang)]
    if lesson_key == "binomial":
        return [_("Formula: X follows the binomial distribution B(5, p) with p = 1/6: "
                  "P(X = j) = C(5, j) × pʲ × (1 − p)⁵⁻ʲ, where C(5, j) counts the ways to "
                  "choose which j dice show the 1s.", lang=lang)]
    if lesson_key == "conditional":  # exercise 1 asks for P_B(A): its definition on paper
        return [_("Reminder: P(A|B) = P(A ∩ B) / P(B): count inside B.", lang=lang)]
    if lesson_key == "variance":
        return [_("Given: σ(T) = √Var(T), and the standard error of the mean of n simulated "
                  "games is SE = σ(T)/√n.", lang=lang)]
    return []


def data_table(lesson_key: str, lang: str) -> tuple[list[str], list[list[str]]] | None:
    """The values of the chart an exercise reads, as a table for paper (``None``: the lesson
    has none): lesson 07's distribution of X, lesson 08's 'bank at N' rules, lesson 11's
    simple rules against optimal play.

    >>> data_table("optimal_play", "en")[1][-1]
    ['optimal play (most points per turn)', '4.898']
    """
    from dicelab.core.i18n import fmt_number, fmt_percent
    from dicelab.lessons.maths import (
        SEVENY_THRESHOLDS,
        seveny_optimal_points,
        seveny_rule_points,
    )

    if lesson_key == "expected_value":  # the distribution of X, as a class writes it
        from dicelab.lessons.maths import cinqmille_die_points

        d = cinqmille_die_points()
        return (["x"] + [fmt_number(x, 0, lang) for x in d],
                [["P(X = x)"] + [f"{p.numerator}/{p.denominator}" for p in d.values()]])
    if lesson_key == "stop_or_roll":
        head = [_("rule", lang=lang), _("expected points E(X)", lang=lang), "P(X = 0)"]
        return head, [[_("bank at {n}", lang=lang, n=t),
                       fmt_number(float(seveny_rule_points(t)[0]), 3, lang),
                       fmt_percent(float(seveny_rule_points(t)[1]), 1, lang)]
                      for t in SEVENY_THRESHOLDS]
    if lesson_key == "optimal_play":
        head = [_("strategy", lang=lang), _("expected points per turn", lang=lang)]
        rows = [[_("bank at {n}", lang=lang, n=t),
                 fmt_number(float(seveny_rule_points(t)[0]), 3, lang)] for t in (2, 3, 4, 5, 6)]
        rows.append([_("optimal play (most points per turn)", lang=lang),
                     fmt_number(seveny_optimal_points(), 3, lang)])
        return head, rows
    return None


def _show_tol(tol: float, lang: str) -> str:
    from dicelab.core.i18n import fmt_number

    digits = max(0, min(4, len(f"{tol:.4f}".rstrip("0").split(".")[1]) if tol < 1 else 0))
    return fmt_number(tol, digits, lang)


def lines(lesson_key: str, lang: str, *, answer_key: bool = False) -> list[tuple[str, str]]:
    """The content of a worksheet or answer key: ``(style, text)`` pairs, style one of
    ``title``, ``sub``, ``q`` (a question), ``boxes`` (a choice's boxes to tick, on their own
    line), ``a`` (an answer line), ``space`` (room to write),
    and markers drawn by :func:`write_pdf`: ``card`` (a game's rules card, :func:`card_rows`),
    ``defs`` (a framed definitions box, its first line the title: :data:`DEFINITIONS`),
    ``chart``, ``table``, ``datatable`` (:func:`data_table`), ``grid``, and ``page`` (the
    next line starts a new page).

    >>> lines("binomial", "fr", answer_key=True)[0][1]
    'La loi binomiale\xa0— corrigé'

    The standard deviation's formula never breaks across lines (:func:`_unbroken`).
    """
    return [(kind, _unbroken(text)) for kind, text in _lines(lesson_key, lang, answer_key)]


def _unbroken(text: str) -> str:
    """``text`` with no-break spaces inside √(p(1 − p)/n) and before its "= √(", so that the
    paper never splits the formula (a teacher's read, issue 28: "√(p(1 −" / "p)/n)").

    >>> _unbroken("σ = √(p(1 − p)/n)") == "σ\u00a0=\u00a0√(p(1\u00a0−\u00a0p)/n)"
    True
    """
    return text.replace("√(p(1 − p)/n)", "√(p(1\u00a0−\u00a0p)/n)").replace(
        " = √(p(1", "\u00a0=\u00a0√(p(1")


def card_rows(game: str, lang: str) -> list[tuple[str, str, tuple[int, ...]]]:
    """The game's rules card (:mod:`dicelab.ui.rules_cards`, the one the lesson shows) as rows
    for paper: ``(style, text, dice)``, style ``title``, ``heading``, ``line`` or ``example``;
    an example whose text names its dice has them drawn beside it (``dice``).

    >>> card_rows("cinqmille", "en")[0]
    ('title', '5000 — rules card', ())
    """
    from dicelab.ui.rules_cards import _EXAMPLES, card, example_text

    c = card(game)
    rows: list[tuple[str, str, tuple[int, ...]]] = [("title", _(c.title, lang=lang), ())]
    for heading, texts in c.sections:
        rows.append(("heading", _(heading, lang=lang), ()))
        rows += [("line", "• " + _(t, lang=lang), ()) for t in texts]
    rows.append(("heading", _(_EXAMPLES, lang=lang), ()))
    rows += [("example", example_text(e, lang), e.dice if "{dice}" in e.text else ())
             for e in c.examples]
    return rows


def _draw_die(page: Any, x: float, y: float, face: int, size: float) -> None:
    """A die face with its pips at (x, y) inches from the page's bottom left corner."""
    import matplotlib.patches

    from dicelab.ui.widgets.faces import _PIPS

    t = page.dpi_scale_trans
    page.add_artist(matplotlib.patches.FancyBboxPatch(
        (x, y), size, size, boxstyle=f"round,pad=0,rounding_size={size * 0.18}",
        fill=False, edgecolor="black", linewidth=0.7, transform=t))
    for px, py in _PIPS[face]:
        page.add_artist(matplotlib.patches.Circle(
            (x + size * px / 100, y + size * (100 - py) / 100), size * 0.085,
            color="black", transform=t))


@functools.lru_cache(maxsize=8)
def _chart_image(lesson_key: str, lang: str) -> Any:
    """The lesson's main chart as an image array (drawn by the package, in ``lang``; kept
    for the layout's passes, :func:`_breaks`)."""
    import io

    import matplotlib.image

    fig = lesson_of(lesson_key).chart(lang)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=CHART_DPI, bbox_inches="tight")
    buf.seek(0)
    return matplotlib.image.imread(buf)


def write_pdf(content: Sequence[tuple[str, str]], path: str | Path, paper: str = "a4",
              lang: str = "en") -> Path:
    """Draw the lines on pages of ``paper`` (``"a4"`` or ``"letter"``) and save them as a
    PDF (fonts embedded, no network).  Answer lines are indented, in colour, behind a bar;
    ``card``, ``chart``, ``table`` and ``grid`` lines draw the game's rules card (framed,
    its examples' dice drawn), the lesson's chart, data table and the experiment's tally
    grid.  No page holds a lone last question: it is kept with the one before it
    (:func:`_breaks`)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = list(content)
    with matplotlib.rc_context({"pdf.fonttype": 42, "font.family": "DejaVu Sans"}):
        breaks = _breaks(content, paper, lang)
        with PdfPages(path) as pdf:
            _draw(content, paper, lang, pdf.savefig, breaks)
    return path


def _block_end(content: Sequence[tuple[str, str]], i: int) -> int:
    """The end of the question at ``i``: its boxes, its room or its answer lines, and the
    hints printed under it when its room follows them (a hint never ends a page alone)."""
    j = i + 1
    while j < len(content):
        kind = content[j][0]
        if kind in ("boxes", "space", "a"):
            j += 1
            continue
        if kind == "sub":
            m = j
            while m < len(content) and content[m][0] == "sub":
                m += 1
            if m < len(content) and content[m][0] in ("space", "boxes"):
                j = m
                continue
        break
    return j


#: A page at the end of a part (the sheet's last page, or the last one before a page break)
#: that holds at most one question and is filled less than this share of its height is a
#: "lone" page: the question before it moves onto it.
LONE_PAGE = 0.35
#: What makes a page more than a few lines (never a lone page).
_BIG = ("chart", "table", "datatable", "card", "grid", "defs")


def pages_of(content: Sequence[tuple[str, str]], paper: str = "a4", lang: str = "en",
             breaks: frozenset[int] | None = None) -> tuple[list[int], list[float]]:
    """Where each line lands: its page number, and each page's filled share of its height
    (the layout of :func:`write_pdf`, laid out and not saved; ``breaks``: by default the
    ones :func:`write_pdf` uses).

    >>> where, filled = pages_of(lines("conditional", "en"))
    >>> lone_pages(lines("conditional", "en"), where, filled)
    []
    """
    content = list(content)
    if breaks is None:
        breaks = _breaks(content, paper, lang)
    return _draw(content, paper, lang, None, breaks)


def _last_question_before(content: Sequence[tuple[str, str]], where: Sequence[int],
                          page: int) -> int | None:
    """The last question that starts on the page before ``page`` and could move onto
    ``page``: not the first line of its page, no page break between it and ``page``."""
    prev = [i for i, w in enumerate(where) if w == page - 1]
    qs = [i for i in prev if content[i][0] == "q"]
    if not qs or qs[-1] == prev[0] or any(
            content[k][0] == "page" for k in range(qs[-1], len(content)) if where[k] < page):
        return None
    return qs[-1]


def lone_pages(content: Sequence[tuple[str, str]], where: Sequence[int],
               filled: Sequence[float]) -> list[int]:
    """The pages that hold only a lone last question or a few lines: at the end of a part
    (the last page, or the last before a page break), at most one question, no chart,
    table, card, grid or box, filled less than :data:`LONE_PAGE`, and a question on the
    page before that could move onto it."""
    out = []
    for page in range(1, len(filled)):
        items = [i for i, w in enumerate(where) if w == page]
        shown = [i for i in items if content[i][0] != "page"]
        end = page == len(filled) - 1 or any(content[i][0] == "page" for i in items)
        if (not shown or not end or filled[page] >= LONE_PAGE
                or sum(content[i][0] == "q" for i in shown) > 1
                or any(content[i][0] in _BIG for i in shown)):
            continue
        if _last_question_before(content, where, page) is not None:
            out.append(page)
    return out


def _breaks(content: Sequence[tuple[str, str]], paper: str, lang: str) -> frozenset[int]:
    """Lines before which a page starts early, so that no page holds a lone last question
    or a few lines: the question before them moves onto their page (:func:`lone_pages`),
    as long as the sheet keeps its number of pages."""
    breaks: frozenset[int] = frozenset()
    where, filled = _draw(content, paper, lang, None, breaks)
    for _round in range(6):
        new = set(breaks)
        for page in lone_pages(content, where, filled):
            q = _last_question_before(content, where, page)
            if q is not None:  # the page's own break, if any, moves up to that question
                new = {b for b in new if where[b] != page} | {q}
        if new <= breaks:
            break
        where2, filled2 = _draw(content, paper, lang, None, frozenset(new))
        if len(filled2) > len(filled):  # lengthened: the new breaks replace later ones
            extra = new - breaks  # (lesson 04's key)
            if extra:
                new = {b for b in breaks if b < min(extra)} | extra
                where2, filled2 = _draw(content, paper, lang, None, frozenset(new))
        if len(filled2) > len(filled):  # balanced, not lengthened
            break
        breaks, where, filled = frozenset(new), where2, filled2
    return breaks


def _draw(content: Sequence[tuple[str, str]], paper: str, lang: str,
          save: Any, breaks: frozenset[int]) -> tuple[list[int], list[float]]:
    """Lay the lines out on pages and draw them; ``save(page)`` takes each finished page
    (``None``: laid out only).  Returns each line's page and each page's filled share."""
    import matplotlib.lines
    import matplotlib.patches
    from matplotlib.figure import Figure

    where: list[int] = []
    pages: list[float] = []
    saved = save

    def save(page: Any) -> None:  # noqa: F811 - the page's filled share, then the PDF
        pages[-1] = (height - margin - y) / (height - 2 * margin)
        if saved is not None:
            saved(page)

    width, height = PAPERS[paper]
    margin = 0.8
    style = {"title": (16, "bold"), "sub": (10, "normal"), "q": (11, "normal"),
             "a": (11, "normal"), "space": (10, "normal"), "boxes": (11, "normal")}
    # wrap for the paper: Letter is a little wider than A4
    scale = (width - 2 * margin) / (A4[0] - 2 * margin)
    page: Any = None
    y = 0.0

    def room(need: float) -> None:
        nonlocal page, y
        if page is None or y - need < margin:
            if page is not None:
                save(page)
            page = Figure(figsize=(width, height))
            y = height - margin
            pages.append(0.0)

    def text_at(x: float, line: str, size: int, weight: str, color: str = "black") -> None:
        line = notation(line, "pdf")  # P_B(A): B as a subscript
        page.text(x / width, y / height, line, fontsize=size, fontweight=weight,
                  va="top", ha="left", color=color)

    def need_of(kind: str, text: str) -> float:
        """The height a text line takes (wrapped)."""
        size = style[kind][0]
        indent = 0.35 if kind in ("a", "boxes") else 0.0
        chars = int((TITLE_WIDTH if kind == "title" else WIDTH) * scale
                    * (11 / size if kind not in ("title",) else 1) - (4 if indent else 0))
        n = len(textwrap.wrap(text, chars, break_on_hyphens=False) or [""])
        extra = {"space": 0.8, "boxes": 0.42}.get(kind, 0.12)
        return n * size * 1.45 / 72 + extra

    for i, (kind, text) in enumerate(content):
        if i in breaks and page is not None:  # kept with what follows (:func:`_breaks`)
            save(page)
            page = None
        if i and len(where) < i:  # the item before ended on the page in use
            where.append(len(pages) - 1)
        if kind == "defs":  # a framed box of definitions: its lines drawn together
            if i and content[i - 1][0] == "defs":
                continue  # drawn with the box's first line
            j = i
            while j < len(content) and content[j][0] == "defs":
                j += 1
            box = [(k == i, t) for k, (_kind, t) in enumerate(content[i:j], start=i)]
            pad, size = 0.12, 9.5
            chars = int((width - 2 * margin - 2 * pad) / (size * 0.56 / 72))
            wrapped = [(head, textwrap.wrap(t, chars, break_on_hyphens=False) or [""])
                       for head, t in box]
            line_h = size * 1.4 / 72
            room(sum(len(w) for _h, w in wrapped) * line_h + 2 * pad + 0.25)
            top = y
            y -= pad
            for head, rows in wrapped:
                for line in rows:
                    text_at(margin + pad, line, size + (0.5 if head else 0),
                            "bold" if head else "normal")
                    y -= line_h
                y -= 0.04
            y -= pad - 0.04
            _frame(page, margin, y, top, width, height)
            y -= 0.2
            continue
        if kind == "page":  # what follows starts a new page
            if page is not None:
                save(page)
            page = None
            where.append(len(pages) - 1)
            continue
        if kind == "q":  # a question, its boxes, its room or its answer: never split
            j = _block_end(content, i)
            room(sum(need_of(k, t) for k, t in content[i:j]))
        if kind == "chart":
            img = _chart_image(text, lang)
            h = min(3.4, (width - 2 * margin) * img.shape[0] / img.shape[1])
            w = h * img.shape[1] / img.shape[0]
            room(h + 0.2)
            ax = page.add_axes((margin / width, (y - h) / height, w / width, h / height))
            ax.imshow(img, interpolation="none")  # embedded as drawn, not resampled
            ax.set_axis_off()
            y -= h + 0.2
            continue
        if kind in ("table", "datatable"):
            head, rows = (lesson_of(text).table(lang) if kind == "table"
                          else data_table(text, lang))
            cols = len(head)
            size = 9 if cols > 3 else 10
            # the first column as wide as its longest cell (DejaVu Sans: ~0.6 em a char)
            first = 2.6 if cols > 3 else min(4.2, max(3.2 if kind == "table" else 1.6, 0.2 + (
                size * 0.6 / 72) * max(len(r[0]) for r in [head, *rows])))
            other = (width - 2 * margin - first) / max(1, cols - 1)
            # a heading wider than its column wraps (lesson 13's three long headings)
            heads = [textwrap.wrap(cell, max(8, int(((first if c == 0 else other) - 0.1)
                                                    / (size * 0.6 / 72))),
                                   break_on_hyphens=False) or [""]
                     for c, cell in enumerate(head)]
            head_h = 0.28 + 0.18 * (max(len(h) for h in heads) - 1)
            room(len(rows) * 0.28 + head_h + 0.2)
            for r, row in enumerate([head, *rows]):
                x = margin
                for c, cell in enumerate(row):
                    for k, part in enumerate(heads[c] if r == 0 else [cell]):
                        y_row = y
                        y -= 0.18 * k
                        text_at(x, part, size, "bold" if r == 0 else "normal")
                        y = y_row
                    x += first if c == 0 else other
                y -= head_h if r == 0 else 0.28
            y -= 0.2
            continue
        if kind == "card":  # the rules card, in a frame, its examples' dice drawn
            top = None
            for style_, line_text, dice in card_rows(text, lang):
                size = 10 if style_ == "title" else 8.5
                weight = "bold" if style_ in ("title", "heading") else "normal"
                die = 0.15
                left = margin + 0.12 + (len(dice) * (die + 0.04) + 0.08 if dice else 0)
                chars = int((width - margin - 0.12 - left) / (size * 0.56 / 72))
                wrapped = textwrap.wrap(line_text, chars, break_on_hyphens=False) or [""]
                line_h = size * 1.35 / 72
                if page is None or y - len(wrapped) * line_h < margin:
                    if top is not None:  # close the frame on this page
                        _frame(page, margin, y, top, width, height)
                    room(len(wrapped) * line_h + 0.2)
                    top = None
                if top is None:
                    top = y
                    y -= 0.06
                for i, d in enumerate(dice):
                    _draw_die(page, margin + 0.12 + i * (die + 0.04), y - die - 0.005,
                              d, die)
                for line in wrapped:
                    text_at(left, line, size, weight)
                    y -= line_h
                if dice:
                    y -= 0.03
            y -= 0.06
            _frame(page, margin, y, top, width, height)
            y -= 0.2
            continue
        if kind == "grid":
            n = GRIDS[text]
            per_row = 10
            rows_n = -(-n // per_row)
            cell = (width - 2 * margin) / per_row
            box = min(cell, 0.6)
            room(rows_n * box + 0.3)
            for i in range(n):
                r, c = divmod(i, per_row)
                x0, y0 = margin + c * cell, y - (r + 1) * box
                page.add_artist(matplotlib.patches.Rectangle(
                    (x0 / width, y0 / height), (cell - 0.05) / width, (box - 0.05) / height,
                    fill=False, edgecolor="#555555", linewidth=0.6,
                    transform=page.transFigure))
                page.text((x0 + 0.04) / width, (y0 + box - 0.08) / height, str(i + 1),
                          fontsize=6, color="#777777", va="top", ha="left")
            y -= rows_n * box + 0.3
            continue
        size, weight = style[kind]
        indent = 0.35 if kind in ("a", "boxes") else 0.0
        chars = int((TITLE_WIDTH if kind == "title" else WIDTH) * scale
                    * (11 / size if kind not in ("title",) else 1) - (4 if indent else 0))
        wrapped = textwrap.wrap(text, chars, break_on_hyphens=False) or [""]
        line_h = size * 1.45 / 72
        need = len(wrapped) * line_h + (0.8 if kind == "space" else 0.12)
        room(need)
        top = y
        for line in wrapped:
            text_at(margin + indent, line, size, weight,
                    "#1f3f7a" if kind == "a" else "black")
            y -= line_h
        if kind == "a":  # answer lines set apart: a bar in the margin
            page.add_artist(matplotlib.lines.Line2D(
                [(margin + 0.15) / width] * 2, [(y + 0.04) / height, (top + 0.02) / height],
                color="#1f3f7a", linewidth=2))
        if kind == "boxes":
            y -= 0.3  # room to tick
        if kind == "space":
            page.add_artist(matplotlib.lines.Line2D(
                [margin / width, 1 - margin / width], [(y - 0.6) / height] * 2,
                color="#888888", linewidth=0.6))
            y -= 0.8
        else:
            y -= 0.12
    if page is not None:
        save(page)
    where += [len(pages) - 1] * (len(content) - len(where))
    return where, pages


def _frame(page: Any, margin: float, bottom: float, top: float, width: float,
           height: float) -> None:
    """A thin frame around the rules card (from ``top`` down to ``bottom``, in inches)."""
    import matplotlib.patches

    page.add_artist(matplotlib.patches.Rectangle(
        (margin / width, bottom / height), (width - 2 * margin) / width,
        (top - bottom) / height, fill=False, edgecolor="#555555", linewidth=0.6,
        transform=page.transFigure))


def build(out_dir: str | Path = "worksheets", keys: Sequence[str] | None = None,
          langs: Sequence[str] = ("en", "fr"), papers: Sequence[str] = ("a4",)) -> list[Path]:
    """Write every lesson's worksheet and answer key in each language; returns the paths.
    A4 sheets go to ``OUT/<lang>/``, US Letter ones to ``OUT/<lang>/letter/``."""
    out = []
    for paper in papers:
        for lang in langs:
            folder = Path(out_dir) / lang / ("" if paper == "a4" else paper)
            for key in keys or list(LESSONS):
                name = FILES[lang][key]
                for answer_key, suffix in ((False, "worksheet"), (True, "key")):
                    out.append(write_pdf(lines(key, lang, answer_key=answer_key),
                                         folder / f"{name}-{suffix}.pdf", paper, lang))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m dicelab.lessons.worksheets [OUT] [LESSON ...]``.

    An unknown lesson or option is an error message, never a folder: ``--help`` prints
    the usage (a folder named ``--help`` was once written and committed by mistake).

    >>> main(["--help"])  # doctest: +ELLIPSIS
    usage: python -m dicelab.lessons.worksheets [-h] [OUT] [LESSON ...]
    ...
    0
    """
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m dicelab.lessons.worksheets",
        description="Write every lesson's worksheet and answer key as PDF, in English and "
                    "French, on A4 and US Letter.")
    parser.add_argument("out", nargs="?", default="worksheets", metavar="OUT",
                        help="the folder to write into (default: worksheets)")
    parser.add_argument("lessons", nargs="*", metavar="LESSON",
                        help=f"lesson keys (default: all): {', '.join(LESSONS)}")
    try:
        ns = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exit_:
        return int(exit_.code or 0)
    unknown = [k for k in ns.lessons if k not in LESSONS]
    if unknown or ns.out.startswith("-"):
        what = ", ".join(unknown) if unknown else ns.out
        print(f"error: unknown lesson or option: {what}", file=sys.stderr)
        return 2
    for p in build(ns.out, ns.lessons or None, papers=tuple(PAPERS)):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
