"""Lesson 13 as a student and a teacher see it (issue 28): a title that does not give the
first prediction away, one readable chart of the lesson's own turn (its position marked,
readable in grey, alt text in the page's language), the answer's form stated once, the
plan's order (predict, then the chart), and the executed pages (marked ``slow``).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import nbformat  # noqa: E402
import pytest  # noqa: E402

from dicelab.core.i18n import _  # noqa: E402
from dicelab.lessons import FILES, LESSONS, lesson_plan  # noqa: E402
from dicelab.lessons import versus as vs  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TITLES = {"en": "Bank or roll when your opponent nears 5000?",
          "fr": "Encaisser ou relancer quand l'adversaire approche de 5000\u202f?"}
#: Words of the old title and of the heat map the lesson no longer shows.
GONE = {"en": ("take risks", "Behind?", "heat map", "colour bar"),
        "fr": ("Prenez des risques", "En retard", "carte de chaleur", "cartes de chaleur")}
#: Probabilities are compared to the engine's within this (they are the same numbers).
TOL = 1e-12


def lesson_page(lang: str) -> Path:
    return NOTEBOOKS / lang / "lessons" / f"{FILES[lang]['behind']}.md"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_title_is_a_neutral_question_everywhere(lang):
    lesson = LESSONS["behind"]
    title = TITLES[lang]
    assert _(lesson.title, lang=lang) == title
    name = FILES[lang]["behind"]
    assert name == ("13_ahead_on_points" if lang == "en" else "13_mener_aux_points")
    page = lesson_page(lang).read_text(encoding="utf-8")
    assert f"\n# {title}\n" in page
    assert (lesson_page(lang).with_suffix(".ipynb")).exists()
    assert not any(w in page for w in GONE[lang])
    start = NOTEBOOKS / lang / ("00_start_here.md" if lang == "en" else "00_commencer_ici.md")
    assert f"- [13 {title}](lessons/{name}.ipynb)" in start.read_text(encoding="utf-8")
    # the teachers' guide's heading is the lesson's title
    assert lesson_plan("behind", lang).splitlines()[0] == f"### {title} (`{name}.ipynb`)"
    guide = ROOT / "docs" / ("teachers.md" if lang == "en" else "fr/enseignants.md")
    assert f"### {title} (`{name}.ipynb`)" in guide.read_text(encoding="utf-8")
    # no file still names the old notebooks
    for old in ("13_behind_take_risks", "13_en_retard_prenez_des_risques"):
        for path in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"),
                     *(NOTEBOOKS / lang).glob("*.md")]:
            assert old not in path.read_text(encoding="utf-8"), path


@pytest.fixture(scope="module", params=["en", "fr"])
def chart(request):
    return request.param, LESSONS["behind"].chart(request.param)


def test_the_chart_is_the_lessons_turn_with_its_position_marked(chart):
    lang, fig = chart
    c, curve = vs.behind_choices(), vs.behind_curve()
    (ax,) = fig.axes  # one panel, no colour bar: nothing is read from colour
    assert not ax.images
    words = {"en": ("opponent's score (points)", "probability of winning the game",
                    "bank the 200 points", "roll the two dice left",
                    "this lesson's position (opponent at 4,800)",
                    "At 4,700 points, 200 in the turn, two dice left: bank or roll?"),
             "fr": ("score de l'adversaire (points)", "probabilité de gagner la partie",
                    "encaisser les 200 points", "relancer les deux dés restants",
                    "position de la leçon (adversaire à 4\u202f800)",
                    "À 4\u202f700 points, 200 dans le tour, deux dés restants\u00a0: "
                    "encaisser ou relancer\u202f?")}[lang]
    xlabel, ylabel, bank, roll, marked, title = words
    assert ax.get_xlabel() == xlabel and ax.get_ylabel() == ylabel
    assert ax.get_title().replace("\n", " ") == title
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert bank in legend and roll in legend and marked in legend
    lines = {ln.get_label(): ln for ln in ax.get_lines()}
    # readable in grey: the two choices differ by line style and marker, not by colour only
    assert (lines[bank].get_linestyle(), lines[bank].get_marker()) == ("-", "o")
    assert (lines[roll].get_linestyle(), lines[roll].get_marker()) == ("--", "s")
    star = lines[marked]
    assert star.get_marker() == "*"
    assert list(star.get_xdata()) == [4800, 4800]
    assert abs(star.get_ydata()[0] - 100 * c["p_bank"]) < TOL
    assert abs(star.get_ydata()[1] - 100 * c["p_roll"]) < TOL
    # the lines are the engine's numbers at every opponent score
    assert list(lines[bank].get_xdata()) == list(vs.BEHIND_OPPONENTS)
    assert all(abs(y - 100 * p) < TOL for y, p in zip(lines[bank].get_ydata(), curve["p_bank"]))
    assert all(abs(y - 100 * p) < TOL for y, p in zip(lines[roll].get_ydata(), curve["p_roll"]))
    # the y axis reads in percent, in the page's language; the title stays well inside
    fig.canvas.draw()
    box = ax.title.get_window_extent(fig.canvas.get_renderer())
    assert box.x0 > 0.02 * fig.bbox.width and box.x1 < 0.98 * fig.bbox.width
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert ("40\u00a0%" if lang == "fr" else "40%") in ticks
    alt = fig.dicelab_alt_text
    assert ("A star marks this lesson's position" if lang == "en" else
            "Une étoile marque la position de la leçon") in alt
    assert ("29.0%" if lang == "en" else "29,0\u00a0%") in alt
    assert ("48.4%" if lang == "en" else "48,4\u00a0%") in alt


def test_the_curve_crosses_before_the_lessons_position():
    c = vs.behind_curve()
    i = c["opponent"].index(4800)
    assert c["p_bank"][0] > c["p_roll"][0]  # far from the end, banking wins (a little) more
    assert c["cross"] is not None and c["cross"] <= 4800
    k = c["opponent"].index(c["cross"])
    assert all(r > b for r, b in zip(c["p_roll"][k:], c["p_bank"][k:]))
    assert c["p_roll"][k - 1] <= c["p_bank"][k - 1]
    assert abs(c["p_bank"][i] - vs.behind_choices()["p_bank"]) < TOL


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_points_question_states_its_form_once(lang):
    text = LESSONS["behind"].question("win_gain").text_in(lang)
    word = "percentage points" if lang == "en" else "points de pourcentage"
    assert text.count(word) == 1
    assert "decimal" not in text and "décimal" not in text
    assert text.count("point") == 2  # the form, and its example (« 30 points »)


def _notebook_calls(lang: str, key: str) -> list[str]:
    page = (NOTEBOOKS / lang / "lessons" / f"{FILES[lang][key]}.md").read_text(encoding="utf-8")
    return [a or b for a, b in re.findall(r'nb\.(?:predict\("(\w+)"\)|(chart)\(\))', page)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_plan_orders_the_second_prediction_as_its_notebook_does(lang):
    """issue 28 §3: "second prediction, then the main chart" where the notebook asks it first;
    a chart shown before the second prediction answers only the first one."""
    from dicelab.lessons.plans import PLANS, inner_quotes

    for key, steps in PLANS.items():
        names = [s for _m, s, _a in steps]
        if "p2_chart" not in names and "chart_p2" not in names:
            continue
        calls = _notebook_calls(lang, key)
        q2 = LESSONS[key].predictions()[1].key
        before = calls.index(q2) < calls.index("chart")
        assert ("p2_chart" in names) == before, (key, lang, calls)
        text = lesson_plan(key, lang)
        # the plan quotes the question, its own quotation marks turned into inner ones
        q2_text = inner_quotes(LESSONS[key].predictions()[1].text_in(lang), lang)
        step = next(x for x in text.splitlines() if q2_text in x and "min" in x)
        first = step.index("prédiction" if lang == "fr" else "prediction")
        chart = step.index("graphique" if lang == "fr" else "chart")
        assert (first < chart) == before, step


# ------------------------------------------------------------------ the executed pages


@pytest.fixture(scope="module")
def executed():
    nbclient = pytest.importorskip("nbclient")
    out = {}
    env_path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    os.environ["PYTHONPATH"] = env_path
    for lang in ("en", "fr"):
        nb = nbformat.read(lesson_page(lang).with_suffix(".ipynb"), as_version=4)
        nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(lesson_page(lang).parent)}},
                                store_widget_state=True).execute()
        out[lang] = nb
    return out


def page_text(nb) -> list[str]:
    """What the page shows, in order: Markdown, HTML and plain outputs, widget texts."""
    items: list[str] = []
    state = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})

    def widget(model_id: str, seen: set[str]) -> list[str]:
        if model_id in seen or model_id not in state:
            return []
        seen.add(model_id)
        st = state[model_id].get("state", {})
        texts = [str(st[k]) for k in ("description", "value", "placeholder")
                 if isinstance(st.get(k), str) and st.get(k)]
        texts += [str(o) for o in st.get("_options_labels", [])]
        for child in st.get("children", []):
            texts += widget(str(child).removeprefix("IPY_MODEL_"), seen)
        return texts

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            items.append(cell.source)
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                items.append(" ".join(widget(
                    data["application/vnd.jupyter.widget-view+json"]["model_id"], set())))
            elif "text/html" in data:
                items.append(html.unescape(data["text/html"]))
            elif "text/plain" in data:
                items.append(data["text/plain"])
    return items


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_executed_page_reads_as_the_issue_asks(lang, executed):
    items = page_text(executed[lang])
    text = "\n".join(items)
    assert items[0].startswith(f"# {TITLES[lang]}\n")
    assert not any(w in text for w in GONE[lang])
    # predict, then reveal: both questions before the table and the chart that answer them
    q1, q2 = (q.text_in(lang) for q in LESSONS["behind"].predictions())
    at_q1 = next(i for i, x in enumerate(items) if q1 in x)
    at_q2 = next(i for i, x in enumerate(items) if q2 in x)
    star = ("A star marks this lesson's position" if lang == "en" else
            "Une étoile marque la position de la leçon")
    at_chart = next(i for i, x in enumerate(items) if star in x)
    at_table = next(i for i, x in enumerate(items) if "dicelab-behind" in x)
    assert at_q1 < at_q2 < at_table < at_chart
    # the chart's alt text on the page, in the page's language
    chart = items[at_chart]
    alt = re.search(r'alt="([^"]*)"', chart)
    assert alt and star in alt.group(1)
    # the exercise states its form once, and takes 19,4 in its three forms (test_lesson14)
    gain = LESSONS["behind"].question("win_gain").text_in(lang)
    word = "percentage points" if lang == "en" else "points de pourcentage"
    assert any(gain in x for x in items) and gain.count(word) == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_worksheet_never_puts_a_prediction_and_an_answer_on_one_page(tmp_path, lang):
    """The lesson's worksheet, A4 and US Letter: the pages with the two predictions show no
    answer (29.0%, 48.4%, 19.4, 1.67, nor the table), the data come after them."""
    pypdf = pytest.importorskip("pypdf")
    from dicelab.core.i18n import fmt_number, fmt_percent
    from dicelab.lessons import worksheets

    c = vs.behind_choices()
    def norm(text: str) -> str:  # the PDF's text: one kind of space
        return " ".join(re.sub("[\u00a0\u202f]", " ", text).split())

    answers = [norm(x) for x in (
        fmt_percent(c["p_bank"], 1, lang), fmt_percent(c["p_roll"], 1, lang),
        fmt_number(100 * (c["p_roll"] - c["p_bank"]), 1, lang),
        fmt_number(c["p_roll"] / c["p_bank"], 2, lang))]
    sheets = [p for p in worksheets.build(tmp_path, ["behind"], langs=(lang,),
                                          papers=("a4", "letter"))
              if p.name.endswith("-worksheet.pdf")]
    assert len(sheets) == 2
    predict = "Prediction" if lang == "en" else "Prédiction"
    after = ("Data for the exercises" if lang == "en" else "Données pour les exercices")
    for sheet in sheets:
        pages = [norm(p.extract_text()) for p in pypdf.PdfReader(sheet).pages]
        with_q = [i for i, t in enumerate(pages) if predict in t]
        with_a = [i for i, t in enumerate(pages) if any(a in t for a in answers)]
        assert with_q and with_a and max(with_q) < min(with_a), (sheet, with_q, with_a)
        # the page handed out on its own opens with the name line, then its title
        name = norm(_("Name: ______________________   Class: ________", lang=lang))
        assert pages[min(with_a)].startswith(f"{name} {after}")
        assert all(answers[0] in pages[i] for i in with_a[:1])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_results_and_the_chart_are_inside_a_closed_reveal(lang):
    """issue 28: the answers are not on screen while students predict; they stay in the
    page's HTML (the chart's alt text, the table), inside a closed <details>."""
    from dicelab.lessons import Notebook

    summary = ("Show the results (once your predictions are checked)" if lang == "en" else
               "Afficher les résultats (une fois vos prédictions vérifiées)")
    nb = Notebook("behind", lang=lang)
    for page in (nb.results().data, nb.chart().html):
        assert page.startswith('<details class="dicelab-results">')
        assert "<details open" not in page and " open>" not in page.split("</summary>")[0]
        assert f">{html.escape(summary)}</summary>" in page and page.endswith("</details>")
    assert "dicelab-behind" in nb.results().data
    assert 'alt="' in nb.chart().html and "4\u202f600" in nb.chart().html or lang == "en"


def test_the_by_hand_exercise_is_the_engines():
    """The by-hand exercise: the roll of two dice scores nothing with (4/6)² = 4/9 (the
    engine's), and its worked E(X) (12/36 to bank 300, 8/36 to bank 250) is the engine's
    expected points of rolling on, within 1e-9."""
    from fractions import Fraction

    q = LESSONS["behind"].question("bust_two")
    assert q.value() == Fraction(4, 9)
    e = Fraction(12, 36) * 300 + Fraction(8, 36) * 250
    assert abs(float(e) - vs.behind_choices()["points_roll"]) < 1e-9
    assert "≈ 155.6:" in q.worked_text("en") and "≈ 155,6\u00a0:" in q.worked_text("fr")


def test_french_points_are_singular_below_two():
    from dicelab.ui.teaching.asking import percentage_points

    assert percentage_points("0,5", 0.5, "fr") == "0,5 point de pourcentage"
    assert percentage_points("1,0", 1.0, "fr") == "1,0 point de pourcentage"
    assert percentage_points("19,4", 19.4, "fr") == "19,4 points de pourcentage"


def test_reader_r13_the_win_at_once_exercise_and_its_reason():
    """reader r13, lesson 13: a by-hand exercise asks the probability of winning at once by
    rolling (12/36, counted by the game's rules), before the E(X) exercise; prediction 1's
    worked answer gives that reason; English writes « P(win if you bank) »."""
    from fractions import Fraction

    lesson = LESSONS["behind"]
    keys = [q.key for q in lesson.exercises()]
    assert keys.index("win_now") == keys.index("bust_two") - 1
    q = lesson.question("win_now")
    assert q.value() == vs.behind_win_now() == Fraction(12, 36)
    bank = vs.behind_choices()["p_bank"]
    assert vs.behind_win_now() > bank
    assert "P = 12/36 = 1/3 ≈ 0.333, already more than the 29.0% chance" in q.worked_text("en")
    assert "P = 12/36 = 1/3 ≈ 0,333, déjà plus que la probabilité 29,0 %" in q.worked_text(
        "fr").replace("\u00a0", " ")
    why = lesson.question("bank_or_roll").worked_text  # a reason, no later answer
    assert "a 1 or two 5s reach exactly 5000 at once, while banking hands the dice to an " \
           "opponent 200 points from the end" in why("en")
    assert "un 1 ou deux 5 amènent tout de suite à 5000 exactement" in why("fr")
    for q in lesson.questions:
        assert "P(win |" not in q.worked_text("en")
    assert "P(win if you roll) − P(win if you bank) = 48.4 − 29.0" in lesson.question(
        "win_gain").worked_text("en")
    for lang in ("en", "fr"):
        page = lesson_page(lang).read_text(encoding="utf-8")
        assert page.index('nb.exercise("win_now")') < page.index('nb.exercise("bust_two")')
    assert "expected number of turns**, E(T)" in lesson_page("en").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_reader_r13_the_plan_gives_the_exercises_three_minutes(lang):
    """reader r13: four exercises take 11–14 min, « To remember » one minute."""
    plan = lesson_plan("behind", lang).replace("\u00a0", " ").replace("\u202f", " ")
    ex = next(line for line in plan.splitlines() if "11–14 min" in line)
    for q in LESSONS["behind"].exercises():
        assert q.text_in(lang).replace("\u00a0", " ").replace("\u202f", " ") in ex
    assert "14–15 min" in plan


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_reader_r13_the_worksheet_prints_the_expected_points(tmp_path, lang):
    """reader r13, lesson 13: the worksheet's data table has the solo E(X) column (200 and
    155.6, the engine's) and the new by-hand exercise."""
    pypdf = pytest.importorskip("pypdf")
    from dicelab.core.i18n import fmt_number
    from dicelab.lessons import worksheets

    def norm(text: str) -> str:
        return " ".join(re.sub("[\u00a0\u202f]", " ", text).split())

    c = vs.behind_choices()
    sheet = next(p for p in worksheets.build(tmp_path, ["behind"], langs=(lang,),
                                             papers=("a4",))
                 if p.name.endswith("-worksheet.pdf"))
    text = norm(" ".join(p.extract_text() for p in pypdf.PdfReader(sheet).pages))
    assert norm(fmt_number(c["points_roll"], 1, lang)) in text
    assert "E(X)" in text
    head = {"en": "This roll wins the game at once", "fr": "Ce lancer gagne la partie"}[lang]
    assert head in text
