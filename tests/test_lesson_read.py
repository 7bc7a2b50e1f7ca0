"""issue 28, a teacher's read of lessons 03, 08, 09, 11, 12, 13 and 14: what a teacher would
stumble on, fixed and checked on what the page or the chart shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import fmt_percent
from dicelab.lessons import FILES, LESSONS, Notebook
from dicelab.lessons.maths import SEVENY_THRESHOLDS, seveny_rule_points
from dicelab.lessons.plans import PLANS, TWO_SESSIONS, lesson_plan
from dicelab.lessons.turns import TurnsSimulator
from dicelab.render.plots import alt_text

ROOT = Path(__file__).resolve().parents[1]


def _page(lang: str, key: str) -> str:
    return (ROOT / "notebooks" / lang / "lessons" / f"{FILES[lang][key]}.md").read_text(
        encoding="utf-8").replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_08_risk_bars_say_the_probability(lang):
    """Issue 28: the risk bars on their own scale (percent, right axis), none rescaled ×10;
    every threshold 1 to 8 (7 was missing); each axis says what it measures."""
    fig = LESSONS["stop_or_roll"].chart(lang)
    left, right = fig.axes
    risk = [fmt_percent(float(seveny_rule_points(t)[1]), 1, lang) for t in SEVENY_THRESHOLDS]
    assert [t.get_text() for t in right.texts] == risk
    assert [t.get_text() for t in left.get_xticklabels()] == [str(n) for n in range(1, 9)]
    words = {"en": ("expected points per turn", "P(turn scores 0)"),
             "fr": ("espérance des points par tour", "P(le tour rapporte 0)")}[lang]
    assert (left.get_ylabel(), right.get_ylabel()) == words
    assert "× 10" not in alt_text(fig)  # no rescaled series
    assert max(b.get_height() for b in right.patches) == pytest.approx(
        float(seveny_rule_points(8)[1]), abs=1e-12)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_12_legend_hides_no_bar(lang):
    fig = LESSONS["gamblers_fallacy"].chart(lang)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent(renderer)
    for bar in ax.containers[0]:
        assert not legend.overlaps(bar.get_window_extent(renderer))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_plans_fit_their_sessions_and_pages_say_so(lang):
    """§4: every plan's minutes add up to its sessions; a two-session lesson's page, subtitle
    and guide say it, and mark where the second session starts."""
    for key, steps in PLANS.items():
        total = sum(m for m, *_r in steps)
        assert total == (30 if key in TWO_SESSIONS else 15), key
        plan = lesson_plan(key, lang)
        page = _page(lang, key)
        two = "deux séances de 15 minutes" if lang == "fr" else "two sessions of 15 minutes"
        subtitle = page.split("\n# ")[1].split("\n\n")[1]
        assert (two in plan) == (two in subtitle) == (key in TWO_SESSIONS), key
        if key in TWO_SESSIONS:
            assert ("Deuxième séance" if lang == "fr" else "Second session") in page
    assert set(TWO_SESSIONS) == {"large_numbers", "stop_or_roll", "gamblers_fallacy"}
    assert set(PLANS) == set(LESSONS)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_card_reading_time_is_the_plans(lang):
    words = {3: ("trois", "three"), 4: ("quatre", "four")}
    for key, steps in PLANS.items():
        minutes, step, _about = steps[0]
        if step != "card" or key == "luck":
            continue
        word = words[minutes][0 if lang == "fr" else 1]
        assert f"{word} minutes" in _page(lang, key), key


def test_lesson_08_shows_one_card_a_session():
    nb = Notebook("stop_or_roll", lang="en")
    assert 'lang="en"' in nb.rules_card("cinqmille").data
    assert nb.rules_card("seveny").data.count('class="dicelab-rules-card"') == 1
    with pytest.raises(DicelabError, match="trwavril"):
        nb.rules_card("trwavril")
    page = _page("en", "stop_or_roll")
    assert page.index('nb.rules_card("cinqmille")') < page.index('exercise("last_die")')
    assert page.index('nb.rules_card("seveny")') < page.index('predict("best_n")')


def test_lesson_09_simulates_seveny_only():
    sim = TurnsSimulator(game="seveny", lang="fr")
    assert [k for _n, k in sim.game.options] == ["seveny"]
    assert all("5000" not in _page(lang, "variance").split("## ")[2] for lang in ("fr", "en"))
    with pytest.raises(DicelabError):
        TurnsSimulator(game="yams")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_03_gives_p_above_its_exercises(lang):
    page = _page(lang, "large_numbers")
    assert page.index("nb.given()") < page.index('nb.exercise("se_10000")')
    assert "23/108" in Notebook("large_numbers", lang=lang).given().data


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lesson_12_subtitle_asks_and_does_not_answer(lang):
    subtitle = _page(lang, "gamblers_fallacy").split("\n# ")[1].split("\n\n")[1]
    assert "mémoire" not in subtitle and "memory" not in subtitle
