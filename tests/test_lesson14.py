"""issue 28 §1: lesson 14 runs as planned — its rules card and app in the lesson, the
difficulty (4 parapluies) stated wherever its chance to win is used, the pooling chart's
title inside the figure, and a difference of percentages typed as points, as a percentage or
as a difference of probabilities accepted in lessons 13 and 14 alike."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from dicelab.core.i18n import _
from dicelab.games.trwavril import Rules
from dicelab.lessons import FILES, LESSONS, Notebook, luck_lesson, worksheets
from dicelab.ui import teaching
from dicelab.ui.teaching.pooling import pool_chart, pooled

ROOT = Path(__file__).resolve().parents[1]


def _page(lang: str) -> str:
    return (ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang]['luck']}.md").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_14_has_its_card_and_app_before_the_pool(lang):
    page = _page(lang)
    card, app, pool = (page.index(x) for x in ("nb.rules_card()", "luck_lesson.app(",
                                                "Pool(luck_lesson.experiment()"))
    assert card < page.index('nb.predict("mean_luck")') < app < pool
    assert "02_trwavril" not in page  # nothing to find elsewhere
    # the games per pair the page asks for are the plan's
    word = {"fr": {1: "une", 2: "deux"}, "en": {1: "one", 2: "two"}}[lang][luck_lesson.PAIR_GAMES]
    assert f"**{word}**" in page


def test_lesson_14_app_is_solo_easy_and_played_by_the_computer():
    a = luck_lesson.app("fr", seed=5)
    assert a.game.players == 1 and a.state.rules.parapluies == Rules().parapluies == 4
    turns = 0
    while not a.game.is_over:
        a.play_computer_turn()
        turns += 1
    assert 1 <= turns <= 40
    # the best choices played: the cost of decisions is zero, the luck is result − V0
    from dicelab.analysis.luck import analyse

    rep = analyse(a.game)
    won = 1.0 if rep.luck(0) > 0 else 0.0
    assert rep.cost(0) == pytest.approx(0.0, abs=1e-9)
    assert rep.luck(0) == pytest.approx(won - luck_lesson.start_chance(), abs=1e-9)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_difficulty_is_stated_wherever_the_chance_is_used(lang):
    lesson = LESSONS["luck"]
    assert "4" in str(Rules().parapluies)
    for key in ("positive_luck", "luck_win", "luck_lose"):
        assert "4 parapluies" in lesson.question(key).text_in(lang), key
    assert "4 parapluies" in _(luck_lesson.experiment().title, lang=lang)
    assert "4 parapluies" in _page(lang).split("##")[0]
    # the worksheet and the page give p, computed
    p = f"{luck_lesson.start_chance():.3f}"
    p = p.replace(".", ",") if lang == "fr" else p
    assert p in luck_lesson.given(lang) and "4 parapluies" in luck_lesson.given(lang)
    sheet = [t for _k, t in worksheets.lines("luck", lang)]
    assert luck_lesson.given(lang) in sheet
    assert "nb.given()" in _page(lang)
    assert Notebook("luck", lang=lang).given().data == luck_lesson.given(lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_subtitle_does_not_give_predict_1_away(lang):
    subtitle = _page(lang).split("\n# ")[1].split("\n\n")[1]
    assert not re.search(r"espérance nulle|expectation zero|s'équilibre|evens out", subtitle)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("groups", [1, 12])
def test_pool_chart_title_fits_inside_the_figure(lang, groups):
    exp = luck_lesson.experiment()
    fig = pool_chart(exp, pooled([(1, 2)] * groups, exp.p), lang)
    fig.canvas.draw()
    title = fig.axes[0].title
    box = title.get_window_extent(fig.canvas.get_renderer())
    assert box.x0 >= 0 and box.x1 <= fig.bbox.width, (title.get_text(), box)
    # every word of the title is kept (broken into lines, not cut)
    assert " ".join(title.get_text().split()) == " ".join(_(exp.title, lang=lang).split())


def test_a_short_title_stays_on_one_line():
    from dicelab.ui.teaching import EXPERIMENTS

    exp = EXPERIMENTS["BRL5"]
    fig = pool_chart(exp, pooled([(4, 20)], exp.p), "en")
    assert "\n" not in fig.axes[0].title.get_text()


# ------------------------------------------------------------------ a difference in points

def test_parse_points_reads_every_form():
    pp = teaching.parse_points
    assert pp("19,4", "fr") == (19.4, None)
    for typed in ("19,4 %", "19,4 points", "19,4 pts", "19,4 pt", "19,4\u00a0%",
                  "19,4 points de pourcentage"):
        assert pp(typed, "fr") == (pytest.approx(19.4), None), typed
    assert pp("19.4 percentage points", "en") == (pytest.approx(19.4), None)
    value, other = pp("0,194", "fr")
    assert value == pytest.approx(0.194) and other == pytest.approx(19.4)
    assert pp("−76,2 %", "fr")[0] == pytest.approx(-76.2)
    with pytest.raises(teaching.TeachingError):
        pp("points", "en")


#: (lesson, question): every answer given as a difference of percentages, in points.
POINTS = [("behind", "win_gain"), ("luck", "luck_win"), ("luck", "luck_lose"),
          ("luck", "se_mean")]


def test_differences_of_percentages_are_asked_in_points_everywhere():
    assert all(LESSONS[k].question(q).input == "points" for k, q in POINTS)
    for lang in ("fr", "en"):
        word = "points de pourcentage" if lang == "fr" else "percentage points"
        assert all(word in LESSONS[k].question(q).text_in(lang) for k, q in POINTS)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("lesson, key", POINTS[:2])
def test_a_points_answer_is_accepted_in_every_form(lang, lesson, key):
    q = LESSONS[lesson].question(key)
    x = float(q.value())
    dec = (lambda t: t.replace(".", ",")) if lang == "fr" else (lambda t: t)
    forms = [f"{x:.1f}", f"{x:.1f} %", f"{x:.1f} points", f"{x:.1f} pts", f"{x / 100:.3f}"]
    for typed in forms:
        w = Notebook(lesson, lang=lang).exercise(key)
        w.progress = teaching.Progress()
        w.box.value = dec(typed)
        w.check_button.click()
        assert w.correct, (lesson, key, typed, w.message.value)
        w.close()
    # a wrong answer says how far, in percentage points, and which form is expected
    w = Notebook(lesson, lang=lang).exercise(key)
    w.progress = teaching.Progress()
    w.box.value = dec(f"{x + 3:.1f}")
    w.check_button.click()
    word = "de pourcentage" if lang == "fr" else "percentage point"
    assert not w.correct and w.message.value.count(word) == 2, w.message.value
    # a tolerance below 2 is singular in French: « 0,5 point de pourcentage »
    if lang == "fr":
        assert re.search(r"\d,\d point de pourcentage", w.message.value), w.message.value
    assert "points" in w.box.placeholder
    w.close()


def test_lesson_13_and_14_accept_19_4_consistently():
    """The issue's example: 19,4 points for lesson 13, 76,2 for lesson 14 typed « 76,2 % »."""
    w = Notebook("luck", lang="fr").exercise("luck_win")
    w.progress = teaching.Progress()
    w.box.value = "76,2 %"
    w.check_button.click()
    assert w.correct and "76,2" in w.message.value
    assert f"{100 * (1 - luck_lesson.start_chance()):.1f}" == "76.2"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_example_game_labels_stay_inside_the_figure(lang):
    """The marks' labels near the right edge go on their left (« garder 3 3, relancer 2
    dés » was cut at the figure's edge)."""
    fig = luck_lesson.example_report(lang).to_figure(lang)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = fig.axes[0].texts
    assert len(texts) >= 4
    for t in texts:
        box = t.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= fig.bbox.width, (t.get_text(), box)


def test_french_luck_sentence_agrees_with_any_number():
    lines = luck_lesson.example_report("fr").skill_sentences(0, "fr")
    assert any("fois l'écart type" in x for x in lines)
    assert not any("écarts-types" in x for x in lines)


# ------------------------------------------------ issue 28, the second teachers' review

def _sessions(lang: str) -> tuple[str, str]:
    """The lesson's plan in the guide, cut where the second session starts."""
    from dicelab.lessons.plans import lesson_plan

    plan = lesson_plan("luck", lang)
    second = "Deuxième séance" if lang == "fr" else "Second session"
    assert plan.count(second) == 1
    first, rest = plan.split(second)
    end = rest.index("\n", rest.index("29–30 min"))  # the plan's last step
    return first, rest[:end]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_14_is_two_sessions_of_15_minutes(lang):
    """§1: rules card, one game per pair and the predictions in session 1; pooling, the chart
    of many games and the exercises in session 2 — and the guide pages show it."""
    from dicelab.lessons.plans import PLANS, TWO_SESSIONS

    steps = PLANS["luck"]
    assert "luck" in TWO_SESSIONS and sum(m for m, *_r in steps) == 30
    assert steps[0][:2] in ((3, "card"), (4, "card"))
    assert luck_lesson.PAIR_GAMES == 1
    first, second = _sessions(lang)
    game = "1 partie par binôme" if lang == "fr" else "1 game per pair"
    two = "deux séances de 15 minutes" if lang == "fr" else "two sessions of 15 minutes"
    assert two in first
    assert "0–4 min" in first and "14–15 min" in first and game in first
    for q in LESSONS["luck"].predictions():
        assert q.text_in(lang) in first and q.text_in(lang) not in second
    for q in LESSONS["luck"].exercises():
        assert q.text_in(lang) in second and q.text_in(lang) not in first
    pooled = "mise en commun" if lang == "fr" else "pooled chart"
    assert pooled in second and "15–19 min" in second and "29–30 min" in second
    guide = ROOT / "docs" / ("fr/enseignants.md" if lang == "fr" else "teachers.md")
    text = guide.read_text(encoding="utf-8")
    from dicelab.lessons.plans import lesson_plan

    assert lesson_plan("luck", lang) in text
    page = _page(lang)
    assert two in page.split("\n\n")[page.split("\n\n").index("# " + _(
        LESSONS["luck"].title, lang=lang)) + 1]
    assert page.index("Deuxième séance" if lang == "fr" else "Second session") < page.index(
        'Pool(luck_lesson.experiment(), lang=')


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_example_shows_the_skill_score_computed(lang):
    """§2: the skill score under the example chart, start − cost, in the language's
    notation (decimal comma and « 23,8 % » in French)."""
    from dicelab.core.i18n import fmt_number, fmt_percent

    rep = luck_lesson.example_report(lang)
    best, mine = rep.skill_score(0)
    assert best == pytest.approx(luck_lesson.start_chance(), abs=1e-12)
    assert mine == pytest.approx(best - rep.cost(0), abs=1e-12)
    shown = luck_lesson.example(lang).html
    line = luck_lesson.skill_line(lang)
    assert line in shown.replace("&#x27;", "'")
    word = "Score de compétence" if lang == "fr" else "Skill score"
    assert line.startswith(word)
    for number in (fmt_percent(best, 1, lang), fmt_number(100 * rep.cost(0), 1, lang),
                   fmt_percent(mine, 1, lang)):
        assert number in line
    if lang == "fr":
        assert "23,8\u00a0%" in line and "4,1\u00a0%" in line and "19,7 points" in line
    else:
        assert "23.8% − 19.7 percentage points = 4.1%" in line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_example_labels_stay_inside_the_plot_at_the_top_too(lang):
    """§3: « dés 6 2 », the highest mark's label, was cut by the top of the chart."""
    fig = luck_lesson.example_report(lang).to_figure(lang)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    inside = ax.get_window_extent(renderer)
    texts = ax.texts
    word = "dés 6 2" if lang == "fr" else "dice 6 2"
    assert any(t.get_text().startswith(word) for t in texts)
    for t in texts:
        box = t.get_window_extent(renderer)
        assert inside.y0 <= box.y0 and box.y1 <= inside.y1, (t.get_text(), box, inside)
        assert inside.x0 <= box.x0 and box.x1 <= inside.x1, (t.get_text(), box, inside)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_unluckiest_rolls_print_a_real_minus_sign(lang):
    """§4: an unlucky roll's luck is negative, written with U+2212, in the chart's labels and
    in the text under it; a lucky one with a plus sign."""
    rep = luck_lesson.example_report(lang)
    lucky, unlucky, _dec = rep.marked(2)
    assert unlucky and all(r.luck < 0 for r in unlucky)
    fig = rep.to_figure(lang)
    labels = [t.get_text() for t in fig.axes[0].texts]
    dice = "dés" if lang == "fr" else "dice"
    for r in unlucky:
        points = f"{100 * -r.luck:.1f}"
        points = points.replace(".", ",") if lang == "fr" else points
        colon = "\u00a0:" if lang == "fr" else ":"
        label = f"{dice} {' '.join(map(str, r.dice))}{colon} \u2212{points} points"
        assert label in labels, (label, labels)
        assert f"\u2212{points} points" in rep.alt_text(lang)
    for r in lucky:
        assert any(t.startswith(f"{dice} {' '.join(map(str, r.dice))}") and "+" in t
                   for t in labels)
    shown = luck_lesson.example(lang).html
    assert "\u2212" in shown and not re.search(r"(?<![\w-])-\d", shown.split("<img")[0])
    assert all("-" not in t for t in labels if t.startswith(dice))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_luck_is_explained_plainly(lang):
    """§5: the luck of a roll in a lycée student's words: the chance to win just after the
    roll minus the chance just before, no "value of the game"."""
    page = _page(lang).replace("\u00a0", " ").replace("\u202f", " ")
    question = LESSONS["luck"].question("mean_luck").text_in(lang)
    if lang == "fr":
        plain = ("votre probabilité de gagner juste après lui\n  moins celle juste avant",
                 "votre probabilité de gagner juste après le lancer moins votre probabilité "
                 "juste avant")
        assert plain[0] in page and plain[1] in question
        assert "valeur de la partie" not in question + page
    else:
        plain = ("your chance to win just after it minus your chance just\n  before",
                 "your chance to win just after the roll minus your chance just before it")
        assert plain[0] in page and plain[1] in question
        assert "value of the game" not in question + page


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


@pytest.mark.parametrize("lang, names", [
    ("en", ["4 — easy", "3 — medium", "2 — hard", "1 — heroic"]),
    ("fr", ["4 — facile", "3 — moyen", "2 — difficile", "1 — héroïque"])])
def test_parapluies_menu_speaks_the_apps_language(lang, names):
    """§6: the lesson app's Parapluies menu, translated (the English app showed « facile »)."""
    from dicelab.ui.labels import field_choices, rules_label

    a = luck_lesson.app(lang, seed=1)
    menus = [w for w in _walk(a.box)
             if list(getattr(w, "options", ()) or ())[:1]
             and getattr(w, "value", None) in (4, "4")]
    shown = [list(getattr(w, "_options_labels", ())) for w in menus]
    assert names in shown, shown
    assert [label for label, _v in field_choices("trwavril", "parapluies", lang)] == names
    label = rules_label("trwavril", "parapluies", lang)
    assert label == ("Parapluies (4 facile, 3 moyen, 2 difficile, 1 héroïque)" if lang == "fr"
                     else "Parapluies (4 easy, 3 medium, 2 hard, 1 heroic)")
    a.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_odds_stay_hidden_while_playing_and_the_page_says_so(lang):
    """§7: the class games measure luck and skill, so "Show odds" is off while playing (the
    pairs predict) and the game review reveals; one sentence tells the students."""
    a = luck_lesson.app(lang, seed=2)
    odds = "Afficher les probabilités" if lang == "fr" else "Show odds"
    boxes = [w for w in _walk(a.box)
             if getattr(w, "description", None) == odds]
    assert boxes and all(w.value is False for w in boxes)
    a.close()
    page = _page(lang).replace("\u00a0", " ").replace("\u202f", " ")
    review = "Bilan de la partie" if lang == "fr" else "Game review"
    sentence = next(s for s in page.split(". ") if f"**{odds}**" in s)
    assert ("décoché" if lang == "fr" else "stays off") in sentence
    assert f"**{review}**" in page.split(f"**{odds}**")[1].split("\n\n")[0]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_executed_page_shows_every_fix(lang):
    """The lesson run as a student opens it (nbclient): what the page shows, top to bottom,
    carries each fix of the second review."""
    import os

    import nbformat

    pytest.importorskip("nbclient")
    from test_lesson_pages import execute, page_items

    path = ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang]['luck']}.ipynb"
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(path.parent), env=env)
    try:
        execute(nb, km, timeout=900, store_widget_state=True)
    finally:
        km.shutdown_kernel(now=True)
    seen = "\n".join(t for _i, _kind, t in page_items(nb))
    flat = " ".join(seen.replace("\u00a0", " ").replace("\u202f", " ").split())
    fr = lang == "fr"
    # §1 two sessions, one game per pair
    assert ("deux séances de 15 minutes" if fr else "two sessions of 15 minutes") in flat
    assert ("Deuxième séance" if fr else "Second session") in flat
    assert ("joue **une** partie" if fr else "plays **one** game") in flat
    # §2 the skill score, computed, in the language's notation
    assert " ".join(luck_lesson.skill_line(lang).replace("\u00a0", " ").split()) in flat
    # §4 the unluckiest rolls with a real minus sign
    rep = luck_lesson.example_report(lang)
    for r in rep.marked(2)[1]:
        points = f"{100 * -r.luck:.1f}"
        assert "\u2212" + (points.replace(".", ",") if fr else points) + " points" in flat
    # §5 luck in plain words, in the page and in the first prediction
    assert ("part de hasard d'un lancer est votre probabilité de gagner juste après le "
            "lancer moins votre probabilité juste avant" if fr else
            "luck of a roll is your chance to win just after the roll minus your chance just "
            "before it") in flat
    # §6 the Parapluies menu in the page's language
    assert ("4 — facile" if fr else "4 — easy") in seen
    assert ("4 — facile" not in seen) if not fr else ("4 — easy" not in seen)
    # §7 the odds hidden while playing, said once
    assert ("**Afficher les probabilités** reste décoché pendant le jeu" if fr else
            "**Show odds** stays off while you play") in flat


# ------------------------------------------------ issue 28, the third teachers' review (l14b)

def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_game_is_read_in_the_log_after_each_click(lang):
    """BLOCKING: one click plays a whole turn, so the pair reads the dice the computer kept in
    the game log after each click (no "before each click"), changes no setting; the plan says
    the same; the log the pair reads names the dice kept at each roll."""
    page = _flat(_page(lang))
    if lang == "fr":
        assert "Après chaque clic, lisez dans le journal de la partie les dés gardés" in page
        assert "auriez-vous gardé les mêmes ? Notez les désaccords." in page
        assert "sans changer aucun réglage" in page and "avant chaque clic" not in page
        assert "L'ordinateur jouant les meilleurs choix, le coût des décisions est nul" in page
    else:
        assert "After each click, read in the game log the dice the computer kept" in page
        assert "would you have kept the same? Note your disagreements." in page
        assert "does not change any settings" in page and "before each click" not in page
        assert "Because the computer plays the best choices, the cost of decisions is zero" in page
    first, _second = _sessions(lang)
    first = _flat(first)
    assert ("après chaque clic le binôme lit dans le journal de la partie" if lang == "fr"
            else "after each click the pair reads in the game log") in first
    assert ("avant chaque clic" if lang == "fr" else "before each click") not in first
    a = luck_lesson.app(lang, seed=3)
    a.play_computer_turn()
    log = _flat(a.log.value).replace("&#x27;", "'")
    # one voice, one line a choice: the computer keeps (no "Player 1 (computer)", no "you",
    # no « a choisi … » line repeating it: round 2, item 11)
    kept = "L'ordinateur garde 2 2" if lang == "fr" else "The computer keeps 2 2"
    chose = "L'ordinateur a choisi" if lang == "fr" else "The computer chose"
    assert kept in log and chose not in log, log
    assert not re.search(r"Joueur 1|Player 1|Vous gardez|You keep", log), log
    a.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_pool_boxes_use_the_pages_words_and_the_chart_computes_the_mean_luck(lang):
    """The pool's boxes say what the page says (games played, games won, pair) and the
    teacher's chart has the class's mean luck f − p computed under it, in points."""
    from dicelab.ui.teaching import Pool

    exp = luck_lesson.experiment()
    words = (("parties jouées", "parties gagnées", "binôme") if lang == "fr"
             else ("games played", "games won", "pair"))
    group = Pool(exp, role="group", lang=lang)
    assert (group.trials.description, group.successes.description,
            group.group.description) == words
    page = _flat(_page(lang))
    assert all(f"**{w}**" in page for w in words)
    teacher = Pool(exp, lang=lang)
    teacher.add_counts(1, 1, "1")
    teacher.add_counts(0, 1, "2")
    teacher.add_counts(0, 1, "3")
    teacher.add_counts(0, 1, "4")
    shown = _flat(teacher.out.value)
    # 1 win in 4 games: f = 25 %, p = 23.8 %, f − p = 25 − 23.84 = 1.2 points
    d = 100 * (0.25 - luck_lesson.start_chance())
    assert d == pytest.approx(1.16, abs=0.01)
    if lang == "fr":
        # French: « point » singular below 2 (issue 28, fourth pass)
        assert ("Part de hasard moyenne de la classe = f − p = 25,0 % − 23,8 % = 1,2 point "
                "(points de pourcentage" in shown)
    else:
        assert "Class mean luck = f − p = 25.0% − 23.8% = 1.2 points" in shown
    teacher.add_counts(0, 4, "5")  # 1 in 8: 12.5 % − 23.8 % = −11.3 points, a real minus
    assert ("\u221211,3 points" if lang == "fr" else "\u221211.3 points") in _flat(
        teacher.out.value)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_prediction_feedback_says_which_way_and_agrees_in_number(lang):
    """« Plus loin que vous ne pensiez ? » meant nothing for 50 % guessed, 23,8 % exact: the
    verdict says less (or more) likely; « 0,1 point », singular."""
    w = Notebook("luck", lang=lang).predict("positive_luck")
    w.box.value = "50 %" if lang == "fr" else "50%"
    w.submit_button.click()
    said = _flat(w.message.value + w.reveal.value)
    assert ("Moins probable que vous ne pensiez." if lang == "fr"
            else "Less likely than you thought.") in said, said
    assert "Plus loin" not in said and "Further" not in said
    w.close()
    w = Notebook("luck", lang=lang).predict("positive_luck")
    w.box.value = "5 %" if lang == "fr" else "5%"
    w.submit_button.click()
    said = _flat(w.message.value + w.reveal.value)
    assert ("Plus probable que vous ne pensiez." if lang == "fr"
            else "More likely than you thought.") in said, said
    w.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_example_chart_is_readable_on_a_projector(lang):
    """Labels of 8.5 pt (7 before) on a white box, the costliest decisions with their
    cost (« s'arrêter :
    coût 3,9 points »), the marks drawn over the labels; the skill line in percentage
    points; no repeated luck-adjusted line; the many-games chart says one decimal."""
    rep = luck_lesson.example_report(lang)
    fig = rep.to_figure(lang)
    texts = fig.axes[0].texts
    assert all(t.get_fontsize() >= 8.5 for t in texts)
    assert all(t.get_bbox_patch() is not None
               and t.get_bbox_patch().get_facecolor()[:3] == (1.0, 1.0, 1.0) for t in texts)
    labels = [t.get_text() for t in texts]
    for r in rep.marked(2)[2]:
        cost = f"{100 * r.loss:.1f}"
        label = (f"{r.choice}\u00a0: coût {cost.replace('.', ',')} points" if lang == "fr"
                 else f"{r.choice}: cost {cost} points")
        assert label in labels, (label, labels)
    assert any(x.startswith("s'arrêter\u00a0: coût 3,9" if lang == "fr" else "stop: cost 3.9")
               for x in labels)
    shown = _flat(luck_lesson.example(lang).html)
    assert ("19,7 points de pourcentage = 4,1 %" if lang == "fr"
            else "19.7 percentage points = 4.1%") in shown
    assert ("Résultat corrigé" if lang == "fr" else "Luck-adjusted") not in shown
    alt = _flat(luck_lesson.chart(lang).dicelab_alt_text)
    assert ("\u22121,7 point," if lang == "fr" else "\u22121.7 points") in alt
    assert ("18,4 points" if lang == "fr" else "18.4 points") in alt
    assert "1,747" not in alt and "1.747" not in alt and "18,43" not in alt


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_notation_and_answer_key_fixes(lang):
    """The third exercise names the luck of a game (H in French, L in English), its law and
    σ of a mean, says "played with the best choices" and "multiply by 100"; the worked answer
    uses p as given (0.238) and finds 4.26; Predict 1's expected luck is "0 points"."""
    lesson = LESSONS["luck"]
    se = lesson.question("se_mean")
    hint = _flat(se.hints_in(lang)[0]) if hasattr(se, "hints_in") else _flat(
        _(se.hints[0], lang=lang))
    worked = _flat(se.worked_text(lang))
    if lang == "fr":
        assert "H = X − p" in hint and "E(H) = 0" in hint and "σ(H) = √(p(1 − p))" in hint
        assert "Multipliez ensuite par 100" in hint
        assert "σ(M₁₀₀) = σ(H)/√100" in worked and "0,238" in worked and "4,26" in worked
        assert "0,2384" not in worked
        assert "vaut 0 point" in _flat(lesson.question("mean_luck").worked_text(lang))
    else:
        assert "L = X − p" in hint and "E(L) = 0" in hint and "σ(L) = √(p(1 − p))" in hint
        assert "multiply by 100 for points" in hint
        assert "σ(M) = σ(L)/√100" in worked and "0.238" in worked and "4.26" in worked
        assert "0.2384" not in worked
        assert "is 0 points" in _flat(lesson.question("mean_luck").worked_text(lang))
    assert ("avec les meilleurs choix" if lang == "fr" else "100 games with the best choices"
            ) in se.text_in(lang)
    first, second = _sessions(lang)
    assert ("relève de la Terminale" if lang == "fr"
            else "the standard error of a mean (AP Statistics Unit 5): with a class that has not "
            "met it, do it together on the board") in _flat(second)
    assert ("un élève lit les codes" if lang == "fr" else "a student reads the codes") in second
    assert ("copie vierge du dépôt ; pas de « Tout exécuter »" if lang == "fr"
            else "the cleared copy from the repository; no “Run All”") in _flat(first)
    assert ("cellule par cellule" if lang == "fr" else "cell by cell") not in first


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_guide_reads_the_log_and_the_answer_key_keeps_units_apart(lang):
    """Round 2, items 1 and 8: the guide's general paragraph says the pairs read the log after
    each click; the hint names X ~ Bernoulli(p) in English; the answer key computes the
    probability 0.0426 and only then says it in points."""
    root = Path(__file__).resolve().parents[1]
    guide = _flat((root / ("docs/fr/enseignants.md" if lang == "fr" else "docs/teachers.md"))
                  .read_text(encoding="utf-8"))
    if lang == "fr":
        assert ("après chaque clic les binômes lisent dans le journal de la partie les dés "
                "gardés par l'ordinateur et notent leurs désaccords") in guide
        assert "avant chaque clic" not in guide
    else:
        assert ("after each click the pairs read in the game log the dice the computer kept "
                "and note their disagreements") in guide
        assert "before each click" not in guide
    lesson = LESSONS["luck"]
    se = lesson.question("se_mean")
    worked = _flat(se.worked_text(lang))
    if lang == "fr":
        assert ("σ(M₁₀₀) = σ(H)/√100 = √(0,238 × (1 − 0,238))/10 ≈ 0,0426, soit 4,26 points"
                in worked)
    else:
        hint = _flat(se.hints_in(lang)[0])
        assert "X ~ Bernoulli(p): a Bernoulli random variable with parameter p" in hint
        assert "law of parameter" not in hint
        assert ("σ(M) = σ(L)/√100 = √(0.238 × (1 − 0.238))/10 ≈ 0.0426, that is 4.26 points"
                in worked)
    assert "100 ×" not in worked


def test_english_wording_fixes():
    page = _flat(_page("en"))
    assert "separate luck from decision-making" in page
    assert "tell the part of luck" not in page
    assert "(result: 1 for a win, 0 for a loss)" in page
    assert ("the *mean* luck per game tends to 0 (the typical size of the total luck grows "
            "like √n)") in page
    assert "a positive total luck?" in LESSONS["luck"].question("positive_luck").text_in("en")
    assert luck_lesson.chart("en").axes[0].get_title().replace("\n", " ") == (
        "Luck evens out, the cost of decisions does not")


def test_french_wording_fixes():
    page = _flat(_page("fr"))
    assert "toutes les probabilités de la leçon sont calculées pour ce réglage" in page
    assert "valent pour elle" not in page
    assert "(résultat : 1 pour une victoire, 0 pour une défaite)" in page
    assert "montre comment votre probabilité de gagner a bougé" in page


def test_english_rules_card_explains_the_french_figure_words():
    """EN reviewer: "Brelan", "Carré", "Suite" explained, the parapluie a life; the app's
    log says "no figure" in English (« rien » in French)."""
    from dicelab.ui.rules_cards import card
    from dicelab.ui.text import figure_word

    lines = " ".join(_(t, lang="en") for _h, ts in card("trwavril").sections for t in ts)
    for words in ("Brelan (three of a kind)", "Carré (four of a kind)", "Suite (a run of 4",
                  "parapluie (a life)"):
        assert words in lines, words
    assert figure_word("rien", "en") == "no figure"
    assert figure_word("rien", "fr") == "rien"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_game_review_of_the_computers_game_shows_no_rating(lang):
    """FR reviewer: the review of a game the computer played alone showed « non noté », the
    scale of simulated players and « 0 décision examinée »: with no decision by the pair,
    only the chance to win step by step and the rolls that moved it most."""
    a = luck_lesson.app(lang, seed=3)
    while not a.game.is_over:
        a.play_computer_turn()
    a.review()
    shown = _flat(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ",
                                                  a.review_box.value, flags=re.S)))
    for gone in (("non noté", "Échelle", "0 décision examinée", "Note :") if lang == "fr"
                 else ("not rated", "Scale", "0 decisions reviewed", "Rating:")):
        assert gone not in shown, gone
    assert ("Lancer le plus chanceux" if lang == "fr" else "Luckiest roll") in shown
    a.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_the_pooled_difference_subtracts_the_shown_values(lang):
    """Round 2, item 6: 4 wins out of 15 games shows 26.7% − 23.8%, so the difference is
    2.9 points (what a student subtracting the shown numbers gets), not 2.8."""
    from dicelab.ui.teaching.pooling import difference_line

    line = _flat(difference_line(luck_lesson.experiment(), 4 / 15, lang))
    if lang == "fr":
        assert "26,7 % − 23,8 % = 2,9 points" in line
    else:
        assert "26.7% − 23.8% = 2.9 points" in line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_the_pool_speaks_the_lessons_words(lang):
    """Round 2, item 5: the pool widget says games played / games won / pair, not trials,
    successes, group; no glossary line; the band in percentage points, clipped to [0, 1]."""
    from dicelab.ui.teaching import Pool

    exp = luck_lesson.experiment()
    teacher = Pool(exp, lang=lang)
    group = Pool(exp, role="group", lang=lang)
    teacher.add_counts(1, 3, "1")
    teacher.add_counts(0, 1, "2")
    said = _flat(teacher.message.value)
    shown = " ".join([teacher.add.description, teacher.undo.description,
                      teacher.group.placeholder, group.group.placeholder, said,
                      _flat(teacher.out.value)])
    for generic in ("trials", "successes", "group", "essais", "succès", "groupe"):
        assert generic not in shown.lower()
    assert teacher.widget.children[1].value == ""  # no "trials: …; successes: …" line
    if lang == "fr":
        assert teacher.add.description == "Ajouter ce binôme"
        assert teacher.undo.description == "Retirer le dernier binôme"
        assert "binôme 2 ajouté. Mise en commun : parties jouées 4, parties gagnées 1" in said
        assert "bande ± 42,6 points (2 écarts types)" in shown
    else:
        assert teacher.add.description == "Add this pair"
        assert teacher.undo.description == "Remove the last pair"
        assert "pair 2 added. Pooled: games played 4, games won 1" in said
        assert "band ± 42.6 percentage points (2 SE)" in shown
    # the band 23.8% ± 42.6 points would go below 0: the chart clips it at 0
    from dicelab.ui.teaching.pooling import pool_chart

    fig = pool_chart(exp, teacher.rows(), lang)
    ax = fig.axes[0]
    assert ax.get_xlabel() == ("binômes mis en commun" if lang == "fr" else "pairs pooled")
    band = ax.collections[0].get_paths()[0].vertices
    assert band[:, 1].min() >= 0.0 and band[:, 1].max() <= 1.0
    assert 2 * math.sqrt(luck_lesson.start_chance() * (1 - luck_lesson.start_chance()) / 4) \
        == pytest.approx(0.426, abs=1e-3)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_the_empty_table_says_to_press_play_computer_turn(lang):
    """Round 2, item 11: Roll is disabled when the computer plays, so the empty table says
    to press Play computer turn, before the first click and after a computer turn."""
    a = luck_lesson.app(lang, seed=3)
    want = ("Aucun dé sur la table : cliquez sur « Faire jouer l'ordinateur »." if lang == "fr"
            else "No dice on the table: press “Play computer turn”.")
    for _turn in range(2):
        caption = _flat(a.dice_caption()).replace("&#x27;", "'")
        assert want in caption and "Roll to start" not in caption
        assert "lancez pour commencer" not in caption
        a.play_computer_turn()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_the_end_of_the_game_is_told_in_one_voice(lang):
    """Round 2, item 11: « Plus de parapluie : l'ordinateur a perdu. Partie terminée :
    l'ordinateur a perdu. » (lower case after a colon; the computer, never "you")."""
    a = luck_lesson.app(lang, seed=1)  # seed 1: the computer loses
    while not a.state.is_over:
        a.play_computer_turn()
    log = _flat(re.sub(r"<[^>]+>", " ", a.log.value)).replace("&#x27;", "'")
    if lang == "fr":
        assert ("Plus de parapluie : l'ordinateur a perdu. Partie terminée : l'ordinateur a "
                "perdu.") in log
        assert "vous avez perdu" not in log
    else:
        assert "No parapluie left: the computer loses. Game over: the computer loses." in log
        assert "you lose" not in log and "The computer loses" not in log
    a.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_no_coach_noise_when_the_computer_plays_all(lang):
    """Round 2, item 11: the computer plays every move, so no coach line (« Coach : aucune
    décision… ») and no « Aucune décision à conseiller… », before or after a click."""
    a = luck_lesson.app(lang, seed=3)
    for _turn in range(2):
        assert a.overlay.coach.value == "" and a.overlay.body.value == ""
        a.play_computer_turn()
    a.close()


def test_round2_french_wording_has_its_verbs():
    """Round 2, items 9 and 12 (French): the teacher's line has a verb; the total's size."""
    page = _flat(_page("fr"))
    assert "la part de hasard moyenne de la classe s'affiche sous le graphique" in page
    assert "la taille typique du hasard total croît comme √n" in page


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_exercises_ask_what_is(lang):
    """Round 2, item 7: the exercises start with « Quelle est… » / "What is…" and say what
    kind of number to type."""
    lesson = LESSONS["luck"]
    win, lose, se = (_flat(lesson.question(k).text_in(lang))
                     for k in ("luck_win", "luck_lose", "se_mean"))
    if lang == "fr":
        assert "Quelle est votre part de hasard" in win and "un nombre comme 12,5" in win
        assert "de 20 % à 50 %, il y a +30 points" in win
        assert "(un nombre négatif)" in lose
        assert se == ("La classe joue 100 parties avec les meilleurs choix. Quel est l'écart "
                      "type de la part de hasard moyenne, en points de pourcentage ?")
    else:
        assert "What is your luck of the dice" in win and "a number such as 12.5" in win
        assert "from 20% to 50% is +30 points" in win
        assert "(a negative number)" in lose
        assert se == ("The class plays 100 games with the best choices. What is the standard "
                      "deviation σ of the mean luck, in percentage points?")


def test_round2_english_rules_card_has_no_french_levels():
    """Round 2, item 13: the English rules card (and worksheet p.1) names the levels in
    English only."""
    from dicelab.games.cards import trwavril as card_module

    text = " ".join(_(line, lang="en") for line in card_module.CARD.lines())
    assert "easy 4, medium 3, hard 2, heroic 1" in text
    for french in ("(facile)", "(moyen)", "(difficile)", "(héroïque)"):
        assert french not in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_guide_worksheet_line_names_the_given_value(lang):
    """Round 2, item 2: lesson 14's worksheet has no chart: the guide says the given value
    and the exercises start a new page."""
    from dicelab.lessons.plans import lesson_plan

    plan = _flat(lesson_plan("luck", lang))
    assert ("la valeur donnée et les exercices commencent une nouvelle page" if lang == "fr"
            else "the given value and the exercises start a new page") in plan
    assert ("le graphique et les données" if lang == "fr" else "the chart and the data") \
        not in plan


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_review_identity_has_one_decimal(lang):
    """Round 2, item 15: the review's identity uses one decimal, like the rest of the
    lesson: « hasard −23,8 − coût 0,0 », not −23,84 − 0,00."""
    from dicelab.analysis import luck

    a = luck_lesson.app(lang, seed=1)  # the computer loses: luck = −p
    while not a.state.is_over:
        a.play_computer_turn()
    text = _flat(luck.analyse(a.game, lang).identity_text(lang))
    want = ("= −23,8 = hasard −23,8 − coût 0,0" if lang == "fr"
            else "= −23.8 = luck −23.8 − cost 0.0")
    assert want in text and ("23,84" if lang == "fr" else "23.84") not in text
    a.close()


def test_round2_many_games_chart_has_a_two_se_band_around_zero():
    """Round 2, item 4: the many-games chart draws 0 ± 2 SE (computed from the games): the
    mean luck, ≈ −6 points for a while, ends inside it, and the band narrows like 1/√n."""
    band = luck_lesson.luck_band()
    luck, _cost = luck_lesson.running_means()
    assert band[3] == pytest.approx(band[0] / 2, rel=1e-12)  # 1/√4
    assert band[-1] == pytest.approx(3.1, abs=0.05)  # 2 s/√300 points
    assert abs(luck[-1]) <= band[-1]  # after 300 games: −1.7 within ± 3.1
    for lang in ("fr", "en"):
        fig = luck_lesson.chart(lang)
        labels = fig.axes[0].get_legend_handles_labels()[1]
        assert ("0 ± 2 écarts types" if lang == "fr" else "0 ± 2 standard errors") in labels


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_round2_worksheet_has_a_line_for_the_disagreements(lang):
    """Round 2, item 10: the disagreements the pairs note have a line on the worksheet (not
    on the answer key); issue 28, fourth pass: it comes after the predictions, since the
    game is played after them, with the pair's result line, before the exercises' page."""
    sheet = worksheets.lines("luck", lang)
    want = ("Là où nous aurions gardé d'autres dés (tour, dés)" if lang == "fr"
            else "Where we would have kept other dice (turn, dice):")
    pair = "Notre binôme" if lang == "fr" else "Our pair:"
    where = [i for i, (_k, text) in enumerate(sheet) if want in _flat(text)]
    mine = [i for i, (_k, text) in enumerate(sheet) if _flat(text).startswith(pair)]
    predictions = [i for i, (k, text) in enumerate(sheet) if k == "q"
                   and text.startswith("Prédiction" if lang == "fr" else "Prediction")]
    first_page_break = min(i for i, (k, _t) in enumerate(sheet) if k == "page")
    assert len(where) == 1 and len(mine) == 1
    assert predictions[-1] < where[0] < mine[0] < first_page_break
    assert not any(want in _flat(t) for _k, t in worksheets.lines("luck", lang,
                                                                  answer_key=True))
    # the class's line stays with the exercises (second session), in points: (f − p) × 100
    klass = [i for i, (_k, text) in enumerate(sheet) if "(f − p) × 100 = ____ points" in text]
    assert len(klass) == 1 and klass[0] > first_page_break


_ARROWS = "→←↑↓⇒⇐➜▲▼△▽↗↘"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_third_pass_lesson_14_charts_have_plain_labels(lang):
    """Issue 28, third pass: the example game's marks are plain shapes (a circle, a square,
    a cross), not triangles that read as arrows; no label, legend or title of lesson 14's
    charts (the example, the many-games chart, the class's pool) holds an arrow."""
    from dicelab.ui.teaching import Pool
    from dicelab.ui.teaching.pooling import pool_chart

    example = luck_lesson.example_figure(lang)  # the page's figure
    marks = [line.get_marker() for line in example.axes[0].lines
             if line.get_linestyle() == "None"]
    assert marks and not set(marks) & {"^", "v", "<", ">", 6, 7}, marks
    pool = Pool(luck_lesson.experiment(), lang=lang)
    for n, won in enumerate((0, 1, 0, 0), start=1):
        pool.add_counts(str(won), "1", str(n))
    for fig in (example, luck_lesson.chart(lang),
                pool_chart(luck_lesson.experiment(), pool.rows(), lang)):
        fig.canvas.draw()
        texts = [t.get_text() for ax in fig.axes for t in ax.texts]
        texts += [t.get_text() for ax in fig.axes if ax.get_legend()
                  for t in ax.get_legend().get_texts()]
        texts += [ax.get_title() for ax in fig.axes] + [fig.dicelab_alt_text]
        assert not any(c in t for t in texts for c in _ARROWS), texts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_fourth_pass_exercises_1_and_2_say_the_review_showed_the_number(lang):
    """Issue 28, fourth pass, items 1–2: the game's end shows the luck of the dice (76.2 or
    −23.8 points) in session 1, so exercises 1–2 say so and ask to find it again from p; the
    worked answers compute it: luck = result − p = 1 − 0.238 = 0.762, that is 76.2 points."""
    lesson = LESSONS["luck"]
    p = luck_lesson.start_chance()
    fr = lang == "fr"

    def num(x: float, digits: int) -> str:
        text = f"{x:.{digits}f}".replace("-", "\u2212")
        return text.replace(".", ",") if fr else text

    for key, result in (("luck_win", 1), ("luck_lose", 0)):
        q = lesson.question(key)
        text = _flat(q.text_in(lang))
        assert ("Le bilan a affiché votre part de hasard ; retrouvez-la à partir de p" if fr
                else "The game review showed your luck of the dice; find it again from p"
                ) in text
        worked = _flat(q.worked_text(lang))
        want = (f"résultat − p (coût des décisions nul) = {result} − {num(p, 3)} = "
                f"{num(result - p, 3)}, soit {num(100 * (result - p), 1)} points" if fr else
                f"result − p (the decisions cost 0) = {result} − {num(p, 3)} = "
                f"{num(result - p, 3)}, that is {num(100 * (result - p), 1)} points")
        assert want in worked, worked
        assert q.answer() == pytest.approx(100 * (result - p), abs=1e-9)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_fourth_pass_worksheet_fits_and_the_pool_speaks_of_pairs(lang):
    """Items 3, 6, 7, 8: the A4 worksheet is two pages in both languages (the exercises'
    page starts with the name line); the class's line asks (f − p) × 100 in points; the
    teacher's code box says « binôme »; French writes the mean of 100 games M₁₀₀."""
    from dicelab.ui.teaching import Pool

    sheet = worksheets.lines("luck", lang)
    _where, filled = worksheets.pages_of(sheet, "a4", lang)
    assert len(filled) == 2, filled
    teacher = Pool(luck_lesson.experiment(), lang=lang)
    assert teacher.code.placeholder == ("ou collez le code de partage d'un binôme" if lang == "fr"
                                        else "or paste a pair's share code")
    se = LESSONS["luck"].question("se_mean")
    both = _flat(se.worked_text(lang) + " " + se.hints_in(lang)[0])
    if lang == "fr":
        assert "M₁₀₀" in both and "H̄" not in both
    else:
        assert "σ(M) = σ(L)/√100" in both and "SD(" not in both


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_fourth_pass_example_chart_speaks_to_you_and_labels_sit_by_their_marks(lang):
    """Item 5: the solo example's description never says « joueur 1 »; each label sits next
    to its mark, or a thin line joins them (the « dés 6 5 4 3 » label was far from its mark:
    the labels were placed before the figure's layout)."""
    fig = luck_lesson.example_figure(lang)
    alt = fig.dicelab_alt_text.lower()
    assert "joueur 1" not in alt and "player 1" not in alt
    ax = fig.axes[0]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    leaders = [line for line in ax.lines if line.get_linestyle() == "-"
               and line.get_color() == "#555555"]
    near = 0
    for t in ax.texts:
        box = t.get_window_extent(renderer)
        px, py = ax.transData.transform(t.xy)
        gap_x = max(box.x0 - px, px - box.x1, 0)
        gap_y = max(box.y0 - py, py - box.y1, 0)
        near += gap_x <= 20 and gap_y <= 20
        if t.get_text().startswith("dés 6 5 4 3" if lang == "fr" else "dice 6 5 4 3"):
            assert gap_x <= 20 and gap_y <= 20, (box, px, py)
    assert near + len(leaders) >= len(ax.texts)


def test_fourth_pass_french_many_games_paragraph_names_the_player():
    """Item 4: the French « Beaucoup de parties » paragraph starts like the English one."""
    assert "Le même joueur, sur beaucoup de parties : la part de hasard moyenne" in _flat(
        _page("fr"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_reader_r13_the_app_hides_its_mode_bar(lang):
    """reader r13, lesson 14: the app shows no solo / two players / against the computer
    buttons, and a pick on them (were one made) neither restarts the game nor hands the
    seat to a human: the computer keeps playing, the cost of decisions stays zero."""
    a = luck_lesson.app(lang, seed=4)
    bar = a.mode_bar.buttons
    assert bar.layout.display == "none" and bar.disabled and bar in a.box.children
    a.play_computer_turn()
    turns, seats = (a.state.turn_count, len(a.game.log)), dict(a.session.seats)
    assert seats == {0: "optimal"}
    for mode in ("solo", "two", "computer"):
        bar.value = mode
    assert (a.state.turn_count, len(a.game.log)) == turns and dict(a.session.seats) == seats
    assert a.game.players == 1 and a.computer_button.layout.display != "none"
    a.set_language("en" if lang == "fr" else "fr")
    assert bar.layout.display == "none"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_reader_r13_second_session_notes_and_paper(lang):
    """reader r13, lesson 14: the guide and the page say to run the first cell in the second
    session, the guide caps the notes, explains −p and p in the example, says « Tout
    exécuter » in French; the sheet records the review's luck."""
    from dicelab.lessons import lesson_plan

    plan = lesson_plan("luck", lang).replace("\u00a0", " ").replace("\u202f", " ")
    page = _page(lang).replace("\u00a0", " ")
    # the guide's second-session line (every two-session plan), the page's own sentence
    assert {"fr": "exécutez d'abord sa première cellule",
            "en": "run its first cell first"}[lang] in plan
    assert {"fr": "la première cellule", "en": "page's first cell"}[lang] in page
    assert {"fr": "(deux désaccords au plus)", "en": "(two at most)"}[lang] in plan
    assert {"fr": "l'opposé du score de compétence", "en": "minus the skill score"}[lang] in plan
    if lang == "fr":
        assert "« Tout exécuter »" in plan and "Run All" not in plan
    lines = [_(t, lang=lang) for t in worksheets.PLAY_LINES["luck"]]
    assert {"fr": "Part de hasard affichée par le bilan", "en": "shown by the game review"}[
        lang] in " ".join(lines)


def test_reader_r13_english_wording():
    page = _page("en")
    assert "A good roll's luck is positive" in page
    text = LESSONS["luck"].question("se_mean").text_in("en")
    assert "standard deviation σ of the mean luck" in text and "standard error" not in text
