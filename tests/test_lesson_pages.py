"""What a student sees on an executed page: every notebook of each language
tree is run once (nbclient, a module-scoped cache shared by the tests below), and then

* §1 no English interface word on a French page, no French one on an English page: the
  Markdown, the ``text/plain`` and ``text/html`` outputs, the figures' alt text and captions,
  and the saved widget state (descriptions, values, tooltips, placeholders, option labels,
  HTML) — the games' own words are allowed in both;
* §2 the numbers of every figure a French lesson draws (and the lesson simulators' and the
  pooling figure) use the decimal comma and no scientific notation;
* §3 no cell displays the same figure twice;
* §4 no prediction's or exercise's answer (as a decimal, a percentage or a fraction) shows in
  any Markdown or output above its widget.
"""

from __future__ import annotations

import html
import os
import re
from fractions import Fraction
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import nbformat  # noqa: E402
import pytest  # noqa: E402

from dicelab.core.i18n import fmt_number, fmt_percent, fmt_short  # noqa: E402
from dicelab.lessons import FILES, LESSONS, POOLED_LESSONS  # noqa: E402

nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def pages(lang: str) -> list[Path]:
    """Every notebook of a language tree (start page, play notebooks, explorer, lessons)."""
    return sorted(p for p in (NOTEBOOKS / lang).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


ALL = [(lang, p) for lang in ("fr", "en") for p in pages(lang)]
IDS = [f"{lang}/{p.relative_to(NOTEBOOKS / lang).with_suffix('')}" for lang, p in ALL]


def execute(nb: nbformat.NotebookNode, km, **options) -> nbformat.NotebookNode:
    """Run ``nb`` in the kernel ``km`` (started by the caller, which shuts it down) and close
    the client nbclient opened for it: nbclient closes its client only with a kernel of its
    own, and each one left open keeps two ZMQ threads and a heartbeat thread waking for the
    rest of the test session (76 of them used a tenth of a core, enough to fail
    ``test_solve_stop``'s idle check in CI)."""
    client = nbclient.NotebookClient(nb, km=km, **options)
    try:
        client.execute()
    finally:
        kc = client.kc
        if kc is not None:
            kc.stop_channels()
            kc.context.destroy(linger=0)
            client.kc = None
    return nb


def _tasks() -> int:
    """The threads of this process (the native ones included: ZMQ's)."""
    return len(os.listdir("/proc/self/task"))


@pytest.fixture(scope="module")
def executed():
    """``executed(path)``: the notebook run once in this module (later calls reuse it).

    The notebooks of one language tree run one after the other in one kernel (started in
    ``notebooks/<lang>/``, with this checkout first on the path): the kernel start, the
    imports and the catalog are paid once per language, which keeps CI short.  Each page sets
    its language and builds its own widgets, so what a page shows is its own.
    """
    from jupyter_client.manager import KernelManager

    cache: dict[Path, nbformat.NotebookNode] = {}
    kernels: dict[str, KernelManager] = {}

    def kernel(lang: str) -> KernelManager:
        if lang not in kernels:
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
            km = KernelManager(kernel_name="python3")
            km.start_kernel(cwd=str(NOTEBOOKS / lang), env=env)
            kernels[lang] = km
        return kernels[lang]

    def run(path: Path) -> nbformat.NotebookNode:
        if path not in cache:
            lang = path.relative_to(NOTEBOOKS).parts[0]
            nb = nbformat.read(path, as_version=4)
            execute(nb, kernel(lang), timeout=900, store_widget_state=True)
            cache[path] = nb
        return cache[path]

    yield run
    for km in kernels.values():
        km.shutdown_kernel(now=True)


def test_running_a_page_leaves_no_thread_behind():
    """:func:`execute` closes nbclient's client: the kernel shut down, the process has the
    threads it had before (nbclient left three for each page, ZMQ's two and a heartbeat)."""
    from jupyter_client.manager import KernelManager

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(NOTEBOOKS))
    try:
        execute(nb, km, timeout=120)  # the first client may open what stays (the kernel's)
        before = _tasks()
        for _ in range(3):
            execute(nb, km, timeout=120)
        assert nb.cells[0].outputs[0]["text"] == "42\n"
        assert _tasks() == before
    finally:
        km.shutdown_kernel(now=True)


# ------------------------------------------------------------------ what a student sees

_TAG = re.compile(r"<[^>]+>")
_ALT = re.compile(r'\b(?:alt|title|aria-label|placeholder)="([^"]*)"')
_IMG_DATA = re.compile(r'src="data:image/[a-z]+;base64,([^"]+)"')


def html_text(value: str) -> list[str]:
    """The visible text of a piece of HTML, and its attributes a student meets (alt, title…)."""
    value = re.sub(r"<(script|style)\b.*?</\1>", " ", value, flags=re.S | re.I)
    attrs = [html.unescape(a) for a in _ALT.findall(value)]
    return [html.unescape(_TAG.sub(" ", value)), *attrs]


def widget_texts(nb) -> dict[str, list[str]]:
    """Per widget model id, every text its saved state shows."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    out: dict[str, list[str]] = {}
    for model_id, model in state.items():
        s = model.get("state", {})
        texts: list[str] = []
        for key in ("description", "tooltip", "placeholder", "description_tooltip"):
            if isinstance(s.get(key), str):
                texts.append(s[key])
        value = s.get("value")
        if isinstance(value, str) and not model.get("model_name", "").startswith("Image"):
            texts += html_text(value) if "<" in value else [value]
        for key in ("_options_labels", "tooltips"):
            texts += [t for t in s.get(key) or () if isinstance(t, str)]
        out[model_id] = [t for t in texts if t.strip()]
    return out


def widget_children(nb) -> dict[str, list[str]]:
    """Per widget model id, the ids of the models it shows (boxes' children, outputs)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    out: dict[str, list[str]] = {}
    for model_id, model in state.items():
        kids = model.get("state", {}).get("children") or []
        out[model_id] = [k[len("IPY_MODEL_"):] for k in kids
                         if isinstance(k, str) and k.startswith("IPY_MODEL_")]
    return out


def output_texts(output, nb) -> list[str]:
    """What a student reads in one cell output (the richest form Jupyter shows)."""
    data = output.get("data", {})
    if output.get("output_type") == "stream":
        return [output.get("text", "")]
    if output.get("output_type") == "error":
        return [f"{output.get('ename')}: {output.get('evalue')}"]
    if WIDGET_VIEW in data:
        texts: list[str] = []
        every = widget_texts(nb)
        children = widget_children(nb)
        todo, seen = [data[WIDGET_VIEW]["model_id"]], set()
        while todo:
            mid = todo.pop()
            if mid in seen:
                continue
            seen.add(mid)
            texts += every.get(mid, [])
            todo += children.get(mid, [])
        return texts
    if "text/html" in data:
        return html_text("".join(data["text/html"]))
    if "text/markdown" in data:
        return ["".join(data["text/markdown"])]
    if "text/plain" in data:
        return ["".join(data["text/plain"])]
    return []


def page_items(nb) -> list[tuple[int, str, str]]:
    """``(cell index, kind, text)`` for everything the page shows, in reading order; kind is
    ``markdown``, ``printed`` (a value or text a code cell prints) or ``output`` (HTML,
    figures, widgets)."""
    items = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            items.append((i, "markdown", cell.source))
        elif cell.cell_type == "code":
            for out in cell.get("outputs", []):
                data = out.get("data", {})
                printed = out.get("output_type") == "stream" or set(data) == {"text/plain"}
                items += [(i, "printed" if printed else "output", t)
                          for t in output_texts(out, nb)]
    return items


# ------------------------------------------------------------------ §1 one language per page

def _markdown_prose(text: str) -> str:
    """Markdown as read: code, code spans, link targets, comments and LaTeX set aside."""
    from test_notebooks import _prose

    text = re.sub(r"\$\$.*?\$\$|\$[^$\n]*\$", " ", text, flags=re.S)
    return " ".join(_prose(text))


#: Words of the other language a page may show on purpose: JupyterLab's own menus (its
#: interface is English), a link to the other language, and program words a student types.
ALLOWED = re.compile(
    r"English version|Version française|Run → Run All Cells|Kernel → Restart|"
    r"Shift\+Enter|Maj\+Entrée|JupyterLab|Voilà|dicelab[\w.]*")


#: Interface words of the teaching widgets and figures, besides test_plots_i18n's lists.
MORE_ENGLISH = ["Hint", "share code", "trials", "successes", "stay", "series", "chart", "Your",
                "guess", "Check", "Simulate", "seed", "rolls", "groups", "pooled", "Predict"]
MORE_FRENCH = ["Indice", "essais", "succès", "graine", "Votre", "prédiction", "Vérifier",
               "Simuler", "reste", "groupes", "Prédire", "séries"]


@pytest.mark.slow
@pytest.mark.parametrize("lang, path", ALL, ids=IDS)
def test_page_speaks_one_language(lang, path, executed):
    """no English interface word on a French page (and the mirror in English)."""
    from test_plots_i18n import ENGLISH_WORDS, FRENCH_WORDS, words_found

    words = (ENGLISH_WORDS + MORE_ENGLISH) if lang == "fr" else (FRENCH_WORDS + MORE_FRENCH)
    nb = executed(path)
    bad = []
    for i, kind, text in page_items(nb):
        if kind == "markdown":
            text = _markdown_prose(text)
        text = ALLOWED.sub(" ", text)
        for sentence in re.split(r"(?<=[.;:!?])\s+|\n+", text):
            found = words_found(sentence, words)
            if found:
                bad.append((i, kind, found, sentence.strip()[:140]))
    assert not bad, bad


# ------------------------------------------------------------------ §3 each figure once

@pytest.mark.slow
@pytest.mark.parametrize("lang, path", ALL, ids=IDS)
def test_no_cell_shows_a_chart_twice(lang, path, executed):
    """a figure is displayed once (``Notebook.chart()`` returns, never shows)."""
    nb = executed(path)
    for i, cell in enumerate(nb.cells):
        images: list[str] = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            images += [str(v) for k, v in data.items() if k.startswith("image/")]
            images += _IMG_DATA.findall("".join(data.get("text/html", "")))
        assert len(images) == len(set(images)), f"cell {i} of {path.name} shows a figure twice"
        if "nb.chart()" in cell.source:
            assert len(images) == 1, f"cell {i} of {path.name}: {len(images)} figures"


@pytest.mark.slow
@pytest.mark.parametrize("lang, path", ALL, ids=IDS)
def test_charts_and_tables_are_behind_a_closed_reveal(lang, path, executed):
    """issue 28: what answers the predictions (the main chart, a lesson's table, lesson 13's
    results) is in the page's HTML, its alt text readable, but inside a closed <details>
    whose summary says "Show the results"."""
    from dicelab.core.i18n import _
    from dicelab.lessons.notebook import REVEAL

    summary = html.escape(_(REVEAL, lang=lang))
    nb = executed(path)
    for i, cell in enumerate(nb.cells):
        if not any(f"nb.{m}()" in cell.source for m in ("chart", "table", "results")):
            continue
        page = "".join("".join(out.get("data", {}).get("text/html", ""))
                       for out in cell.get("outputs", []))
        assert page.startswith('<details class="dicelab-results"><summary'), (path.name, i)
        assert page.count("<details") == 1 and "<details open" not in page, (path.name, i)
        assert f">{summary}</summary>" in page and page.endswith("</details>"), (path.name, i)
        if "nb.chart()" in cell.source:
            assert re.search(r'<img [^>]*alt="[^"]{40,}"', page), (path.name, i)


# ------------------------------------------------------------------ pooled class data

#: The pages of the lessons whose class pools share codes (03, 12, 14), both languages.
POOL_PAGES = [(lang, NOTEBOOKS / lang / "lessons" / f"{FILES[lang][key]}.ipynb")
              for lang in ("fr", "en") for key in POOLED_LESSONS]
#: What the group's pool shows, per language: its group box (description, placeholder),
#: its counts and its button.
GROUP_BOX = {"en": ["group", "your group's number or name", "trials", "successes",
                    "Make my share code"],
             "fr": ["groupe", "numéro ou nom de votre groupe", "essais", "succès",
                    "Créer mon code de partage"]}
ASKS_NUMBER = {"en": "number", "fr": "numéro"}
#: Lesson 14's group boxes (its experiment's labels, the page's words, teachers' review).
LUCK_BOXES = {"en": ["pair", "games played", "games won"],
              "fr": ["binôme", "parties jouées", "parties gagnées"]}
#: Lesson 14's pool asks for the pair's number (the group's, then the teacher's box).
LUCK_NUMBER = {"en": ("your pair's number", "the pair's number"),
               "fr": ("le numéro de votre binôme", "le numéro du binôme")}
#: The teacher's pool: typed counts name their group too (its box's placeholder).
TEACHER_GROUP_BOX = {"en": "the group's number or name", "fr": "numéro ou nom du groupe"}


@pytest.mark.slow
@pytest.mark.parametrize("lang, path", POOL_PAGES, ids=[f"{lang}/{p.stem}" for lang, p in
                                                          POOL_PAGES])
def test_pooled_lessons_ask_each_group_for_its_number(lang, path, executed):
    """issue 27: the executed page's group pool asks for the group's number with its
    counts (in the page's language), and the text above it says so; the teacher's pool
    follows."""
    nb = executed(path)
    cells = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and c.source.startswith("Pool(")]
    assert len(cells) == 2 and 'role="group"' in nb.cells[cells[0]].source
    shown = [t for out in nb.cells[cells[0]].outputs for t in output_texts(out, nb)]
    boxes = GROUP_BOX[lang]
    teacher_box = TEACHER_GROUP_BOX[lang]
    if path.name.startswith("14_"):  # lesson 14 names its boxes as its page does
        boxes = [*LUCK_BOXES[lang], LUCK_NUMBER[lang][0], boxes[-1]]
        teacher_box = LUCK_NUMBER[lang][1]
    assert all(t in shown for t in boxes), shown
    above = nb.cells[cells[0] - 1]
    assert above.cell_type == "markdown" and ASKS_NUMBER[lang] in above.source
    teacher = [t for out in nb.cells[cells[1]].outputs for t in output_texts(out, nb)]
    assert GROUP_BOX[lang][-1] not in teacher and any("code" in t for t in teacher)
    assert teacher_box in teacher


# ------------------------------------------------------------------ §4 no answer above its question

LESSON_PAGES = [(lang, p) for lang, p in ALL if p.parent.name == "lessons"]
LESSON_IDS = [f"{lang}/{p.stem}" for lang, p in LESSON_PAGES]
_CALL = re.compile(r'nb\.(?:predict|exercise)\("([a-z_0-9]+)"\)')
_KEY = re.compile(r'Notebook\("([a-z_]+)"')


def answer_forms(value, digits: int, percent: bool) -> set[str]:
    """How an answer could be written on a page, in either notation: a decimal (3 and 4
    significant digits, and the question's own digits), a percentage, a fraction ``p/q``, or a
    whole number (10 and more: smaller ones are everywhere)."""
    forms: set[str] = set()
    if isinstance(value, Fraction) and value.denominator > 1:
        forms.add(f"{value.numerator}/{value.denominator}")
    x = float(value)
    for lang in ("fr", "en"):
        if x == int(x):
            if abs(x) >= 10:
                forms |= {fmt_number(x, 0, lang), str(int(x))}
            continue
        forms |= {fmt_short(x, 3, lang), fmt_short(x, 4, lang), fmt_number(x, digits, lang)}
        if percent or 0 < x < 1:
            forms.add(fmt_percent(x, 1, lang))
    # a form with fewer than two significant digits ("0,5") says nothing about the answer
    return {f for f in forms if len(re.sub(r"[^1-9]", "", f.lstrip("0,."))) >= 2
            or "/" in f or abs(x) >= 10}


def _small_whole(form: str) -> bool:
    """A form that is a small whole number ("13", the rounding of 12.98 to three digits): in
    an HTML output it is the rules' own number (the rules card's "6 6 6 6 6 6 1 = 13 points",
    shown before lesson 09's questions), so, like a small whole answer, it counts only when a
    cell prints it or the Markdown writes it."""
    return form.isdigit() and int(form) < 100


def shows(form: str, text: str) -> bool:
    """``form`` written in ``text`` as a number of its own (not inside a longer number)."""
    form, text = (re.sub(r"[\u00a0\u202f\u2009]", " ", t) for t in (form, text))
    return re.search(rf"(?<![\d.,/]){re.escape(form)}(?![\d/]|[.,]\d)", text) is not None


#: Exercises that check by calculation a value the lesson has already stated, on purpose:
#: lesson 12's P(B | A) = 1/6 (reader r10), the independence its first prediction reveals.
KNOWN_ANSWERS = {("gamblers_fallacy", "p_b_given_a")}


@pytest.mark.slow
@pytest.mark.parametrize("lang, path", LESSON_PAGES, ids=LESSON_IDS)
def test_no_answer_above_its_question(lang, path, executed):
    """for every prediction and exercise, its answer is in no Markdown and no
    output above its widget (as a decimal, a percentage or a fraction)."""
    nb = executed(path)
    lesson = LESSONS[next(m.group(1) for c in nb.cells if (m := _KEY.search(c.source)))]
    items = page_items(nb)
    bad = []
    for i, cell in enumerate(nb.cells):
        m = _CALL.search(cell.source) if cell.cell_type == "code" else None
        if not m:
            continue
        q = lesson.question(m.group(1))
        if q.input == "choice" or q.reads_chart:  # a reading exercise: the chart is above
            continue
        if (lesson.key, q.key) in KNOWN_ANSWERS:  # the value the lesson states, calculated
            continue
        value = q.value()
        forms = answer_forms(value, q.digits, q.input == "percent")
        # a small whole number (50 points, 10 orders) is also the rules' or the axes' own
        # number: it counts as an answer when a cell prints it
        small = float(value) == int(float(value)) and abs(float(value)) < 100
        above = [(j, kind, text) for j, kind, text in items
                 if j < i and (kind == "printed" or not small)]
        bad += [(q.key, form, j, kind, text.strip()[:100]) for form in sorted(forms)
                for j, kind, text in above if shows(form, text)
                and not (kind == "output" and _small_whole(form))]
    assert not bad, bad


#: Issue 28 (a teacher's read): text that explains a prediction's answer, per lesson page
#: and question; it must come below the question on the page, never above.  Choice
#: predictions are not covered by test_no_answer_above_its_question (no number to search).
EXPLAINED_BELOW: dict[str, dict[str, tuple[str, ...]]] = {
    "01_counting_rolls": {"which_likely": (
        "## Why?", "comes from a single ordered roll")},
    "01_denombrer_les_lancers": {"which_likely": (
        "## Pourquoi\u202f?", "ne vient que d'un seul lancer ordonné")},
    # lesson 06 explains its second prediction in the widget's reveal only, never in the
    # page (tests/test_lessons_06_09.py)
    # the standard error's formula: prediction 1 would be a calculation, 1/√n prediction 2
    "03_law_of_large_numbers": {"se_100": ("\\sigma_n", "p \\pm 2"),
                                "ten_times": ("\\sigma_n", "1/\\sqrt{n}")},
    "03_loi_des_grands_nombres": {"se_100": ("\\sigma(F_n)", "p \\pm 2"),
                                  "ten_times": ("\\sigma(F_n)", "1/\\sqrt{n}")},
    # issue 28, third pass: predict first, then the formula (05) or the fallacy's name (12)
    # issue 28, fourth pass: 05's formula and E(X) = np sit behind closed reveals
    "05_binomial_distribution": {"exactly_one": ("p^j (1-p)^{5-j}", "\\binom{5}{j}"),
                                 "mean_ones": ("X = X_1 + \\cdots + X_5", "E(X) = 5p")},
    "05_loi_binomiale": {"exactly_one": ("p^j (1-p)^{5-j}", "\\binom{5}{j}"),
                         "mean_ones": ("X = X_1 + \\cdots + X_5", "E(X) = 5p")},
    "12_is_a_six_due": {"six_next": ("gambler's fallacy",)},
    "12_le_six_est_il_du": {"six_next": ("sophisme du joueur",)},
}
EXPLAINED_PAGES = [(lang, p) for lang, p in LESSON_PAGES if p.stem in EXPLAINED_BELOW]


@pytest.mark.slow
@pytest.mark.parametrize("lang, path", EXPLAINED_PAGES,
                         ids=[f"{lang}/{p.stem}" for lang, p in EXPLAINED_PAGES])
def test_explanations_come_after_their_prediction(lang, path, executed):
    """lessons 01 and 03 (issue 28): the page asks, then explains: each explanation is
    in a Markdown cell below its question's widget and in none above it; lesson 01's third
    prediction asks about two multisets (no ties).  Lesson 06 explains its second prediction
    in the widget's reveal only (test_lesson_read)."""
    nb = executed(path)
    at = {m.group(1): i for i, c in enumerate(nb.cells)
          if c.cell_type == "code" and (m := _CALL.search(c.source))}
    markdown = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]
    for key, texts in EXPLAINED_BELOW[path.stem].items():
        assert nb.cells[at[key]].get("outputs"), key  # the widget was drawn
        for text in texts:
            where = [i for i, src in markdown if text in src]
            assert where, (key, text)
            assert min(where) > at[key], (key, text, min(where), at[key])
    # issue 28 (a teacher's read): the explanation sits behind a closed reveal, under a
    # heading that does not give the answer away
    for _key, texts in EXPLAINED_BELOW[path.stem].items():
        if path.stem[:2] not in ("01", "03", "05"):
            continue
        for text in texts:
            if text.startswith("##"):
                continue
            for src in [src for _i, src in markdown if text in src]:
                assert src.index("<details>") < src.index(text) < src.index("</details>"), text
                assert "<summary>" in src
    if path.stem.startswith("05"):  # nothing above the reveals answers 05's predictions
        first = min(at.values())
        for _i, src in markdown:
            if "<details>" in src:
                continue
            for text in ("np", "\\binom", "p^j", "E(X)"):
                assert text not in src or _i > at["mean_ones"], (text, _i)
        assert first == at["exactly_one"]
    q = LESSONS["counting"].question("which_likely")
    assert "1 2 3 4 5" in q.text_in(lang) and "6 6 6 6 6" in q.text_in(lang)
    if path.stem.startswith("06"):
        heading = ("## Is a brelan always good news?" if lang == "en" else
                   "## Un brelan est-il toujours une bonne nouvelle\u202f?")
        [i] = [i for i, src in markdown if heading in src]
        assert i < at["flip_back"]


def _page_questions(md: Path) -> tuple[str, list[str]]:
    """A lesson page's lesson key and its predictions and exercises, in page order (from the
    jupytext source: no execution needed)."""
    text = md.read_text(encoding="utf-8")
    return _KEY.search(text).group(1), _CALL.findall(text)


@pytest.mark.parametrize("lang, path", LESSON_PAGES, ids=LESSON_IDS)
def test_no_revealed_answer_gives_a_later_answer(lang, path):
    """What a widget reveals once answered (its worked
    answer, its hints, its answer) never shows the answer of a question further down the
    page (lesson 13's first prediction gave the second one's probability)."""
    key, order = _page_questions(path.with_suffix(".md"))
    lesson = LESSONS[key]
    bad = []
    for i, qkey in enumerate(order):
        q = lesson.question(qkey)
        revealed = " ".join((q.worked_text(lang), *q.hints_in(lang), q.answer_text(lang)))
        for later in order[i + 1:]:
            p = lesson.question(later)
            v = float(p.value())
            # a choice, or a small whole number (the 10 of "5 parmi 10"): not an answer here
            if p.input == "choice" or (v == int(v) and abs(v) < 100) or (
                    key, later) in KNOWN_ANSWERS:
                continue
            forms = answer_forms(p.value(), p.digits, p.input == "percent")
            bad += [(qkey, later, form) for form in sorted(forms) if shows(form, revealed)]
    assert not bad, bad


def test_a_revealed_answer_is_searched_for_later_answers():
    """The search above would have caught lesson 13's old worked answer."""
    value = LESSONS["behind"].question("p_bank").value()
    forms = answer_forms(value, 4, True)
    assert any(shows(f, f"encaisser {fmt_percent(value, 1, 'fr')}.") for f in forms)


def test_answer_forms_and_their_search():
    """The §4 search finds an answer written as a decimal, a percentage or a fraction, and
    not inside another number."""
    forms = answer_forms(Fraction(617, 5832), 4, False)
    assert {"617/5832", "0,106", "0.1058", "10,6\u00a0%", "10.6%"} <= forms
    assert shows("0,106", "la figure montre 0,106 pour 7 dés")
    assert not shows("0,106", "0,1062") and not shows("3,98", "13,98")
    assert shows("7\u202f776", "7 776 lancers") and not shows("10", "100 fois")
    assert answer_forms(Fraction(1, 2), 4, False) == {"1/2"}  # "50 %" is everywhere


# ------------------------------------------------------------------ §2 French numbers in figures

def lesson_figures(lang: str) -> dict[str, object]:
    """Every figure a lesson draws: the main figures, what the simulators and the class pool
    draw after a click."""
    from dicelab.lessons import turns as turns_lesson
    from dicelab.ui import teaching

    figs = {key: lesson.chart(lang) for key, lesson in LESSONS.items()}
    sim = teaching.FrequencySimulator("brelan", 5, lang=lang)
    sim.rolls.value = 1_000
    figs["FrequencySimulator"] = _last_figure(sim, lambda: sim.run())
    turns = turns_lesson.TurnsSimulator(games=20, lang=lang)
    figs["TurnsSimulator"] = _last_figure(turns, lambda: turns.run())
    for exp in teaching.EXPERIMENTS.values():
        rows = teaching.pooled([(4, 20), (6, 20), (3, 20)], exp.p)
        figs[f"pool {exp.code}"] = teaching.pool_chart(exp, rows, lang)
    return figs


def _last_figure(widget, run):
    """The figure a simulator draws when its button is pressed (caught as it is made)."""
    from dicelab.render import plots

    made = []
    real = plots.chart_html

    def keep(fig):
        made.append(fig)
        return real(fig)

    plots.chart_html = keep
    try:
        run()
    finally:
        plots.chart_html = real
        widget.close()
    return made[-1]


@pytest.fixture(scope="module")
def french_charts():
    return lesson_figures("fr")


_POINT = re.compile(r"\d\.\d")
_SCIENTIFIC = re.compile(r"\d[eE][+-]?\d")


def test_french_lesson_charts_write_french_numbers(french_charts):
    """decimal comma in every tick label, annotation, legend and alt text of
    every figure a French lesson draws; no scientific notation."""
    from test_plots_i18n import figure_texts

    bad = [(name, t) for name, fig in french_charts.items() for t in figure_texts(fig)
           if _POINT.search(t) or _SCIENTIFIC.search(t)]
    assert not bad, bad


def test_lesson_charts_speak_the_lesson_language(french_charts):
    """captions, legends, labels and alt text of every lesson figure (the
    simulators' too) are French in French, English in English."""
    from test_plots_i18n import ENGLISH_WORDS, FRENCH_WORDS, figure_texts, words_found

    bad = [(name, found, t[:120]) for name, fig in french_charts.items()
           for t in figure_texts(fig) if (found := words_found(t, ENGLISH_WORDS))]
    english = lesson_figures("en")
    bad += [(name, found, t[:120]) for name, fig in english.items()
            for t in figure_texts(fig) if (found := words_found(t, FRENCH_WORDS))]
    assert not bad, bad
    assert not any(_SCIENTIFIC.search(t) for fig in english.values() for t in figure_texts(fig))


def test_counting_chart_shows_the_small_bars():
    """lesson 01's counts grow like 6^n: a logarithmic scale keeps the multiset
    bars visible, and its ticks are whole numbers written out."""
    fig = LESSONS["counting"].chart("fr")
    ax = fig.axes[0]
    assert ax.get_yscale() == "log"
    fig.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert "1\u202f000" in ticks and not any("e" in t or "^" in t for t in ticks)
    assert "logarithmique" in fig.dicelab_alt_text
