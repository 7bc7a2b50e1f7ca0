"""Game review: rows recomputed against the engine, saves, exports, rating."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import subprocess
import sys
from dataclasses import replace

import pytest

import dicelab
from dicelab.analysis import coach, review
from dicelab.analysis.policies import optimal, random_legal
from dicelab.core.errors import DicelabError, InvalidSave
from dicelab.engine import seveny as seveny_odds
from dicelab.games import dripeul, seveny, trwavril
from dicelab.games._base import Bank, Roll, Stop
from dicelab.registry import REGISTRY, get
from dicelab.tools import calibrate

#: Every registered game, in the variant its engines solve within seconds (the registry's
#: ``small_rules``).
GAMES = {key: g.Rules(**g.small_rules) for key, g in REGISTRY.items()}


def play(key: str, seed: int, *, players: int = 1, mix: float = 0.5, max_actions: int = 120):
    """A game played by a 'student': optimal or random at each decision (seeded)."""
    mod = get(key).rules
    g = mod.Game(rules=GAMES[key], players=players, seed=seed)
    rng = random.Random(seed)
    best, rnd = optimal(), random_legal(seed)
    while not g.is_over and len(g.actions) < max_actions:
        g.apply((rnd if rng.random() < mix else best)(g.state))
    return g


def expected_rows(game):
    """(step, player, loss, value, best value) of every decision, by replaying the save
    through the game's pure functions and asking the engine directly."""
    data = game.to_dict()
    mod = get(data["game"]).rules
    state = mod.new_state(game.rules, data["players"])
    out = []
    for i, s in enumerate(data["steps"]):
        from dicelab.games._base import action_from_json

        action = action_from_json(s["action"])
        if not state.to_roll and len(mod.legal_actions(state)) > 1:
            adv = get(data["game"]).engine.advise_state(state)
            if len(adv) > 1:
                c = adv.find(action)
                out.append((i, state.current_player, c.loss, c[adv.objective],
                            adv.best[adv.objective]))
        state, _ = mod.step(state, action)
        for r in s["rolls"]:
            dice = r["dice"] if isinstance(r, dict) else r  # save version 2 / 1
            state, _ = mod.roll_outcome(state, tuple(dice))
    return out


@pytest.mark.parametrize("key", list(GAMES))
def test_rows_recomputed_against_the_engine(key):
    for seed in (1, 2):
        g = play(key, seed)
        r = review(g, lang="en", why=False)
        got = [(row.step, row.player, row.loss, row.value, row.best_value) for row in r.rows]
        assert got == expected_rows(g)
        assert r.mean_loss == pytest.approx(sum(x[2] for x in got) / len(got))
        assert [row.number for row in r.rows] == list(range(1, len(got) + 1))
        assert all(row.costly == (row.loss > coach.DEFAULT_THRESHOLDS[row.unit] + 1e-12)
                   for row in r.rows)


@pytest.mark.parametrize("key", list(GAMES))
def test_optimal_play_has_zero_mean_loss(key):
    g = play(key, 7, mix=0.0, max_actions=200)
    r = review(g, lang="en", why=False)
    assert r.decisions >= 3
    assert r.mean_loss == pytest.approx(0, abs=1e-12) and not r.costly
    assert r.rating.band == "expert"


def test_known_costly_mistake_has_the_exact_loss():
    g = seveny.Game(rules=seveny.Rules(target=5), seed=3)
    g.apply(Roll(()), dice=[1, 1, 1, 1, 1, 2, 3])
    g.apply(Roll((1,)), dice=[1, 1, 1, 1, 2, 3])
    r = review(g, lang="en")
    exact = seveny_odds.advise((1, 1, 1, 1, 1, 2, 3), rules=seveny.Rules(target=5)).find(Roll((1,)))
    row = r.rows[0]
    assert row.loss == pytest.approx(exact.loss, abs=1e-12)
    assert row.costly and row.unit == "expected_turns"
    assert row.best == "set aside 1 1 1 1 1 and bank" and row.choice == "set aside 1, roll 6 dice"
    assert row.best_action == Bank((1, 1, 1, 1, 1))
    assert 1 <= len(row.why) <= 3
    assert r.mean_loss == pytest.approx(sum(x.loss for x in r.rows) / len(r.rows))


def test_review_from_saved_json_equals_live_review(tmp_path):
    g = play("trwavril", 11, players=2)
    live = review(g, lang="fr")
    assert review(g.to_json(), lang="fr").rows == live.rows
    assert review(json.loads(g.to_json()), lang="fr").rows == live.rows
    path = tmp_path / "student.json"
    path.write_text(g.to_json(), encoding="utf-8")
    from_file = dicelab.review(str(path), "fr")  # a teacher opens the student's file
    assert from_file.rows == live.rows and from_file.to_csv() == live.to_csv()
    with pytest.raises(InvalidSave):
        review('{"format": "nothing"}')
    with pytest.raises(InvalidSave):
        review(12345)


def test_players_filter():
    g = play("dripeul", 5, players=2)
    both = review(g, why=False)
    one = review(g, players=[1], why=False)
    assert {r.player for r in both.rows} == {0, 1}
    assert one.rows and {r.player for r in one.rows} == {1}
    assert [r.step for r in one.rows] == [r.step for r in both.rows if r.player == 1]
    with pytest.raises(DicelabError):
        review(g, players=[2])


def test_hand_set_rows_are_marked():
    g = trwavril.Game(seed=2)
    g.apply(Roll(()), dice=[5, 5, 2, 5])  # hand-set
    g.apply(Roll((5, 5)))  # rolled by the generator
    while not g.is_over and g.state.current_player == 0 and len(g.actions) < 4:
        g.apply(optimal()(g.state))
    g.apply(g.legal_actions()[0])  # seed 2: a new roll of four dice
    assert g.state.phase == "choose" and len(g.actions) == 5
    g.set_dice([1, 1, 1, 2])  # teacher mode: the last roll replaced
    g.apply(Roll((1, 1, 1)))
    r = review(g, lang="en")
    rows = {x.step: x for x in r.rows}
    assert rows[1].hand_set and rows[1].source == "hand"
    assert not rows[2].hand_set and rows[2].source == "rng"
    assert rows[5].hand_set and rows[5].source == "teacher" and rows[5].dice == (1, 1, 1, 2)
    sources = {x.step: x.source for x in g.rolls}
    for x in r.rows:
        last = max(j for j in sources if j < x.step)
        assert x.source == sources[last]
        assert x.hand_set == (sources[last] in ("hand", "teacher"))
    assert "dice set by hand" in r.to_html()
    assert review(g.to_json(), lang="en").rows == r.rows  # the save keeps the sources


def test_html_is_escaped_single_page_with_the_numbers():
    g = play("cinqmille", 4)
    r = review(g, lang="en")
    page = r.to_html()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert "<script" not in page and "<link" not in page and 'src="http' not in page
    assert coach.format_loss(r.unit, r.mean_loss, lang="en") in page
    for row in r.rows:
        assert coach.format_loss(row.unit, row.loss, lang="en") in page
        assert coach.format_value(row.unit, row.best_value, lang="en") in page
    assert "*{" not in page and "body{" not in page  # styles scoped: safe to embed
    fragment = r.to_html(standalone=False)
    assert fragment.startswith('<div class="dicelab-review-page"') and "<html" not in fragment
    assert fragment in page
    evil = replace(r, rows=(replace(r.rows[0], position="<script>alert('x')</script> & co"),))
    page = evil.to_html()
    assert "<script>" not in page and "&lt;script&gt;" in page and "&amp; co" in page


@pytest.mark.parametrize("lang,sep", [("en", ","), ("fr", ";")])
def test_csv_parses_in_the_players_language(lang, sep):
    g = play("dripeul", 3)
    r = review(g, lang=lang)
    rows = list(csv.reader(io.StringIO(r.to_csv()), delimiter=sep))
    header, body = rows[0], rows[1:]
    assert header[0] == ("decision" if lang == "en" else "décision")
    assert len(body) == len(r.rows) and all(len(x) == len(header) for x in body)
    for line, row in zip(body, r.rows):
        value = float(line[8].replace(",", ".")) if lang == "fr" else float(line[8])
        loss = float(line[10].replace(",", ".")) if lang == "fr" else float(line[10])
        assert value == pytest.approx(row.value, abs=1e-6)
        assert loss == pytest.approx(row.loss, abs=1e-6)
        if lang == "fr":
            assert "." not in line[8] and "," in line[8]


def test_chart_marks_costly_decisions_and_is_translated():
    g = play("trwavril", 6, mix=0.8)
    r = review(g, lang="fr", why=False)
    assert r.costly
    fig = r.to_figure()
    ax = fig.axes[0]
    assert ax.get_xlabel() == "décision"
    assert ax.get_ylabel() == "probabilité de gagner la partie (%)"
    marked = [line for line in ax.get_lines() if line.get_marker() == "X"]
    assert len(marked) == 1 and len(marked[0].get_xdata()) == len(r.costly)
    assert list(marked[0].get_xdata()) == [x.number for x in r.costly]


def test_long_french_axis_label_is_wrapped_and_fits_the_chart():
    """Dripeul 5's two-player number is « probabilité de battre l'adversaire dans cette
    manche »: the y-axis label was clipped at the chart's edge; it is wrapped and drawn
    inside the figure."""
    g = dripeul.Game(players=2, seed=3)
    best = optimal()
    while not g.is_over and len(g.actions) < 12:
        g.apply(best(g.state))
    r = review(g, lang="fr", why=False)
    assert r.unit == "p_duel" and r.rows
    fig = r.to_figure()
    label = fig.axes[0].yaxis.label
    lines = label.get_text().split("\n")
    assert " ".join(lines) == "probabilité de battre l'adversaire dans cette manche (%)"
    assert len(lines) == 2 and all(len(x) <= review.YLABEL_WIDTH for x in lines)
    fig.canvas.draw()
    box = label.get_window_extent()
    page = fig.bbox
    assert box.x0 >= page.x0 and box.y0 >= page.y0 and box.y1 <= page.y1, (box, page)


def test_a_review_without_decisions_says_so_instead_of_an_empty_chart():
    g = play("trwavril", 2, players=2)
    for lang, words in (("fr", "l'ordinateur a joué tous les coups"),
                        ("en", "the computer played every move")):
        r = review(g, lang=lang, players=[], why=False)
        assert r.rows == () and words in r.no_decision_text()
        page = r.to_html(standalone=False)
        assert 'class="dicelab-review-empty"' in page and "<figure>" not in page.split(
            "dicelab-review-empty")[0]
        assert "<table>" not in page  # no empty table of decisions
        if lang == "fr":  # the luck split of seats not reviewed: third person
            assert "Joueur 1 — part de hasard" in page and "vos dés" not in page
    fresh = trwavril.Game(seed=1)
    assert "personne n'a encore fait de choix" in review(fresh, "fr").no_decision_text()
    # a French chart's ticks use the decimal comma (an empty axis runs from 0 to 1)
    fig = review(fresh, "fr").to_figure()
    fig.canvas.draw()
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels() if t.get_text()]
    assert any("," in t for t in ticks) and not any("." in t for t in ticks), ticks


def test_chart_two_players_one_line_each():
    g = play("trwavril", 12, players=2)
    r = review(g, lang="en", why=False)
    ax = r.to_figure().axes[0]
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels[:2] == ["player 1", "player 2"]
    for line, seat in zip(ax.get_lines()[:2], (0, 1)):
        assert list(line.get_xdata()) == [x.number for x in r.rows if x.player == seat]
        assert list(line.get_ydata()) == pytest.approx(
            [100 * x.best_value for x in r.rows if x.player == seat])


ENGLISH = {"the", "keep", "roll", "turn", "wins", "with", "against", "card", "token", "bust",
           "expected", "stake", "aside", "bank", "left", "your", "player", "choice", "loss",
           "why", "yes", "review", "decision", "decisions", "best", "costly", "value",
           "mean", "per", "rating", "dice", "squares", "cards", "falls", "rises"}


@pytest.mark.parametrize("key", list(GAMES))
def test_french_review_has_no_english_interface_words(key):
    g = play(key, 8, max_actions=40)
    r = review(g, lang="fr")
    page = r.to_html()
    text = re.sub(r"<(svg|style).*?</(svg|style)>", " ", page, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    words = set(re.findall(r"[a-zà-ÿ]+", text.lower()))
    assert not words & ENGLISH, words & ENGLISH
    csv_words = set(re.findall(r"[a-zà-ÿ]+", r.to_csv().lower()))
    assert not csv_words & ENGLISH, csv_words & ENGLISH


def test_calibration_small_case_recomputed():
    stored = review.stored_calibration()
    assert stored, "run: python -m dicelab.tools.calibrate calibrate"
    check = stored["check"]
    again = calibrate.calibrate(check["game"], games=check["games"], seed=check["seed"])
    for name in check["policies"]:
        figures = check["result"][name]
        assert again[name]["mean_loss"] == pytest.approx(figures["mean_loss"], abs=1e-12)
    assert again["random"]["decisions"] == check["result"]["random"]["decisions"]
    assert again["optimal"]["mean_loss"] == pytest.approx(0, abs=1e-12)
    # greedy and rule of thumb (their games hang on rounding ties): between the others
    assert 0 < again["greedy"]["mean_loss"] < again["random"]["mean_loss"]
    assert 0 < again["rule"]["mean_loss"] < again["random"]["mean_loss"]


@pytest.mark.parametrize("key", list(GAMES))
def test_rating_scale_places_the_policies(key):
    cal = review.calibration()[key]
    order = [cal[p]["share"] for p in ("optimal", "greedy", "rule", "random")]
    assert order[0] == pytest.approx(0, abs=1e-12) and min(order[1:]) > 0
    assert review.rate(key, 0.0).band == "expert"
    # the policies' pooled shares: greedy and the rule of thumb better than chance, the
    # better of the two (which one depends on the game) rated at least "fair"
    bands = ("expert", "strong", "fair", "beginner")
    rated = sorted(bands.index(review.rate(key, cal[p]["share"]).band)
                   for p in ("greedy", "rule"))
    assert rated[0] <= bands.index("fair")
    # the random player's own share is no better than chance
    fr = review.rate(key, cal["random"]["share"], lang="fr")
    assert fr.band == "random" and len(fr.scale) == 4


def test_other_objective_is_unrated():
    r = review.rate("cinqmille", 0.0, unit="p_turn", lang="en")
    assert r.band == "unrated" and len(r.scale) == 4
    assert review.rate("cinqmille", 0.0, unit="expected_turns").band == "expert"


def test_teachers_doc_calibration_table_is_computed(repo_root):
    page = (repo_root / "docs" / "teachers.md").read_text(encoding="utf-8")
    assert calibrate.calibration_markdown() in page


def test_import_dicelab_stays_light_and_review_is_callable():
    code = ("import sys, dicelab; assert 'dicelab.analysis.review' not in sys.modules; "
            "assert 'dicelab.analysis.coach' not in sys.modules; "
            "import dicelab.analysis.review as m; assert callable(dicelab.review); "
            "assert dicelab.review is m")
    subprocess.run([sys.executable, "-c", code], check=True)
    assert callable(dicelab.review) and dicelab.review.review is review.review


def test_stop_choice_labels_reroll():
    g = dripeul.Game(seed=1)
    g.apply(Roll(()), dice=[2, 2, 2, 4, 6])
    g.apply(Stop())
    r = review(g, lang="en")
    assert r.rows[0].choice == "stop" and r.rows[0].best == "keep 2 2 2, roll 2 dice"


def test_teachers_guides_state_the_marks_the_package_uses():
    """The marks' limits said in both teachers' guides are the package's (MARKS,
    NON_TRIVIAL)."""
    from pathlib import Path

    from dicelab.analysis import review as rv

    root = Path(__file__).resolve().parents[1] / "docs"
    en = " ".join((root / "teachers.md").read_text(encoding="utf-8").split())
    fr = " ".join((root / "fr" / "enseignants.md").read_text(encoding="utf-8").split())
    p, t = rv.MARKS["p_win"], rv.MARKS["expected_turns"]
    assert rv.MARKS["p_duel"] == p
    assert (f"an inaccuracy from {100 * p[0]:g} percentage point ({t[0]:.2f} turns), a "
            f"mistake from {100 * p[1]:g} ({t[1]:.2f} turns), a blunder from {100 * p[2]:g} "
            f"({t[2]:.2f} turns)") in en
    assert (f"more than {100 * rv.NON_TRIVIAL['p_win']:g} percentage point, or "
            f"{rv.NON_TRIVIAL['expected_turns']:.2f} turns") in en
    fmt = lambda x: f"{x:.2f}".replace(".", ",")  # noqa: E731
    assert (f"une imprécision à partir de {100 * p[0]:g} point de pourcentage ({fmt(t[0])} "
            f"tour), une erreur à partir de {100 * p[1]:g} ({fmt(t[1])} tour), une gaffe à "
            f"partir de {100 * p[2]:g} ({fmt(t[2])} tour)") in fr
