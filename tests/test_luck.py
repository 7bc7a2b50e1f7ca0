"""Luck and skill (:mod:`dicelab.analysis.luck`): the exact identity on every game, the
zero mean of a roll's luck, the engines' values against the definition, the review hook."""

from __future__ import annotations

import html
import math
import random
import re

import pytest

import dicelab
from dicelab.analysis import coach, luck
from dicelab.analysis.policies import duel_optimal, optimal, random_legal
from dicelab.core.errors import DicelabError
from dicelab.core.i18n import fmt_number
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.games import cinqmille, dripeul, trwavril
from dicelab.games._base import Roll
from dicelab.registry import GAMES, get

#: Every registered game, each in the variant its engines solve within seconds (the
#: registry's ``small_rules``: the default rules, or a smaller target).
RULES = {g.key: g.Rules(**g.small_rules) for g in GAMES}
KEYS = tuple(RULES)


def play(key: str, seed: int, *, players: int = 1, mix: float = 0.4,
         max_actions: int = 400, rules=None):
    """A game by a 'student': the best choice or a random one at each decision."""
    mod = get(key).rules
    g = mod.Game(rules=rules or RULES[key], players=players, seed=seed)
    rng = random.Random(seed)
    best = duel_optimal() if players == 2 else optimal()
    rnd = random_legal(seed)
    while not g.is_over and len(g.actions) < max_actions:
        g.apply((rnd if rng.random() < mix else best)(g.state))
    return g


def check_chain(rep: luck.LuckReport, tol: float = 1e-9) -> None:
    """Every row starts where the one before ended; the sums give the identity."""
    assert rep.rows
    assert rep.rows[0].value_before == rep.start_value
    for a, b in zip(rep.rows, rep.rows[1:]):
        assert b.value_before == a.value_after
    assert rep.rows[-1].value_after == rep.end_value
    for r in rep.rows:
        if r.kind == "roll":
            assert r.loss is None and r.luck == pytest.approx(r.value_after - r.value_before,
                                                               abs=1e-15)
        else:
            assert r.luck is None and r.loss >= -1e-9
    total = (sum(r.luck for r in rep.rows if r.kind == "roll")
             - sum(rep.signs[r.player] * r.loss for r in rep.rows if r.kind == "decision"))
    assert abs(rep.end_value - rep.start_value - total) < tol
    assert abs(rep.end_value - rep.start_value - rep.identity_sum()) < tol
    # the same from each player's side
    if rep.mode == "duel":
        split = rep.luck(0) - rep.luck(1) - rep.cost(0) + rep.cost(1)
    elif rep.mode == "solo_turns":
        split = -rep.luck(0) + rep.cost(0)
    else:
        split = rep.luck(0) - rep.cost(0)
    assert abs(rep.end_value - rep.start_value - split) < tol


def expected_result(g, rep) -> float:
    s = g.state
    if rep.mode == "solo_turns":
        return float(s.turn_count)
    if rep.mode == "solo_p_win":
        return 1.0 if s.winners else 0.0
    if get(g.definition.key).manches:  # two players: the manches won (a tie one half)
        return sum(1.0 if a < b else 0.5 if a == b else 0.0 for a, b in s.manche_scores)
    return 1.0 if s.winners == (0,) else 0.5 if len(s.winners) == 2 else 0.0


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("players", [1, 2])
def test_identity_every_game(key, players):
    for seed in (1, 2):
        g = play(key, seed, players=players)
        rep = luck.analyse(g)
        assert rep.mode == ("duel" if players == 2 else
                            "solo_turns" if get(key).solo_objective == "expected_turns"
                            else "solo_p_win")
        check_chain(rep)
        assert sum(r.kind == "roll" for r in rep.rows) == len(g.rolls)
        if g.is_over:
            assert rep.finished
            assert rep.end_value == pytest.approx(expected_result(g, rep), abs=1e-12)
        # the random choices cost something, the best ones nothing
        assert any(r.loss > 1e-6 for r in rep.rows if r.kind == "decision")


@pytest.mark.parametrize("key", KEYS)
def test_first_value_is_the_engines_start(key):
    rules = RULES[key]
    g = get(key).rules.Game(rules=rules, players=1, seed=1)
    v = luck.analyse(g).start_value if g.actions else luck.position_value(g.state)
    entry = get(key)
    # a game in manches: the solo game is won by clearing every manche (each from the same
    # start), and two players' value counts the manches won
    manches = rules.manches if entry.manches else 1
    assert v == pytest.approx(entry.solo_start(g.state) ** manches, abs=1e-12)
    g2 = entry.rules.Game(rules=rules, players=2, seed=1)
    assert luck.position_value(g2.state) == pytest.approx(
        manches * entry.duel_start(g2.state), abs=1e-12)


def test_hand_set_dice_teacher_dice_and_undo():
    g = cinqmille.Game(players=2, seed=4)
    g.apply(Roll(()), dice=[1, 1, 1, 1, 5])  # lucky, by hand
    rep = luck.analyse(g)
    assert rep.rows[0].source == "hand" and rep.rows[0].hand_set
    assert rep.rows[0].luck > 0.05  # seat 0 helped a lot
    pol = duel_optimal()
    rnd = random_legal(4)
    for i in range(30):
        if g.is_over:
            break
        g.apply((rnd if i % 3 == 0 else pol)(g.state))
        if i == 5 and g.rolls and g.rolls[-1].step == len(g.actions) - 1:
            g.set_dice([2, 3, 4, 6, 6][: len(g.rolls[-1].dice)])  # a teacher's dice
        if i % 7 == 6:
            g.undo()
    rep = luck.analyse(g)
    check_chain(rep)
    assert sum(r.kind == "roll" for r in rep.rows) == len(g.rolls)
    assert [r.source for r in rep.rows if r.kind == "roll"] == [r.source for r in g.rolls]
    # the saved game gives the same split
    again = luck.analyse(g.to_json())
    assert [(r.kind, r.value_after) for r in again.rows] == [
        (r.kind, r.value_after) for r in rep.rows]


@pytest.mark.parametrize("key", KEYS)
def test_hand_set_every_roll_solo(key):
    mod = get(key).rules
    g = mod.Game(rules=RULES[key], players=1, seed=9)
    rng = random.Random(9)
    best = optimal()
    while not g.is_over and len(g.actions) < 40:
        a = best(g.state)
        n = mod.step(g.state, a)[0].to_roll
        g.apply(a, dice=[rng.randint(1, 6) for _ in range(n)] if n else None)
    rep = luck.analyse(g)
    check_chain(rep)
    assert all(r.hand_set for r in rep.rows if r.kind == "roll")


def _chance_nodes(g):
    """(state waiting for dice, the row index of its roll) along the game."""
    out = []
    k = 0
    mod = g.definition
    rep = luck.analyse(g)
    rows = rep.rows
    for _i, before, action, rolls in luck._replay(g):
        state, _ev = mod.step(before, action)
        if len(mod.legal_actions(before)) >= 2:
            k += 1
        for dice, _src in rolls:
            assert rows[k].kind == "roll"
            out.append((state, rows[k]))
            state, _ev = mod.roll_outcome(state, dice)
            k += 1
    return out


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("key", KEYS)
def test_luck_of_a_roll_has_expectation_zero(key, players):
    """Σ over outcomes of P(outcome) × luck(outcome) = 0: the value before a roll (the
    engine's value of the choice that led to it) is the mean of the values after."""
    g = play(key, 3, players=players, max_actions=12 if key == "seveny" else 16)
    nodes = _chance_nodes(g)
    assert nodes
    for state, row in nodes[:3]:
        outcomes = luck.roll_values(state)
        assert math.fsum(p for _d, p, _v in outcomes) == pytest.approx(1.0, abs=1e-14)
        mean_luck = math.fsum(p * (v - row.value_before) for _d, p, v in outcomes)
        assert abs(mean_luck) < 1e-12
        # the row's own outcome is one of them, with its value
        d = tuple(sorted(row.dice))
        assert any(o == d and v == pytest.approx(row.value_after, abs=1e-12)
                   for o, _p, v in outcomes)


@pytest.mark.parametrize("key,players", [("trwavril", 1), ("cinqmille", 2), ("dripeul", 2)])
def test_fast_values_equal_the_definition(key, players):
    """The engines' values of choices and turn starts equal the expectation over every
    outcome (``exact=True``), row by row."""
    g = play(key, 5, players=players, max_actions=10)
    fast, exact = luck.analyse(g), luck.analyse(g, exact=True)
    assert len(fast.rows) == len(exact.rows)
    assert exact.start_value == pytest.approx(fast.start_value, abs=1e-9)
    for a, b in zip(fast.rows, exact.rows):
        assert (a.kind, a.player) == (b.kind, b.player)
        assert b.value_after == pytest.approx(a.value_after, abs=1e-9)
    check_chain(exact)


def test_loss_is_the_coachs_loss_two_players():
    g = play("cinqmille", 7, players=2, max_actions=60)
    rep = luck.analyse(g)
    decisions = [r for r in rep.rows if r.kind == "decision"]
    k = 0
    mod = g.definition
    for _i, before, action, _rolls in luck._replay(g):
        if len(mod.legal_actions(before)) < 2:
            continue
        row = decisions[k]
        k += 1
        adv = cinqmille_odds.advise_state(before, objective="p_duel")
        if len(adv) < 2:
            continue
        a = coach.assess(before, action, advice=adv, why=False)
        assert row.loss == pytest.approx(a.loss, abs=1e-9)
        assert row.player == before.current_player
    assert k == len(decisions) > 10


def test_optimal_play_costs_nothing():
    g = trwavril.Game(seed=2)
    best = optimal()
    while not g.is_over:
        g.apply(best(g.state))
    rep = luck.analyse(g)
    assert rep.cost(0) == pytest.approx(0.0, abs=1e-12)
    assert rep.luck(0) == pytest.approx(rep.end_value - rep.start_value, abs=1e-12)


@pytest.mark.slow
def test_mean_luck_of_optimal_play_is_zero():
    """Many solo Trwavril games played optimally: the mean total luck is within 4 standard
    errors of 0 (a roll's luck has expectation zero, so a game's does)."""
    rules = trwavril.Rules()
    best = optimal()
    totals = []
    for seed in range(120):
        g = trwavril.Game(rules=rules, seed=1000 + seed)
        while not g.is_over:
            g.apply(best(g.state))
        rep = luck.analyse(g)
        totals.append(rep.luck(0))
    n = len(totals)
    mean = sum(totals) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in totals) / (n - 1) / n)
    assert se > 0.01
    assert abs(mean) < 4 * se


def test_three_players_have_no_split():
    g = dripeul.Game(players=3, seed=1)
    g.apply(Roll(()))
    with pytest.raises(DicelabError):
        luck.analyse(g)
    r = dicelab.review(g)
    assert r.luck is None and r.steps == ()
    assert "dicelab-luck" not in r.to_html()


def test_review_hook_both_languages():
    g = play("cinqmille", 2, players=2, max_actions=80)
    r = dicelab.review(g, lang="fr")
    assert r.steps == r.luck.rows
    assert {row.kind for row in r.steps} == {"roll", "decision"}
    summary = r.player_summary()
    assert [s["player"] for s in summary] == [0, 1]
    for s in summary:
        assert s["rating"].band in dict(dicelab.review.RATING_BANDS)
        assert s["cost"] == pytest.approx(r.luck.cost(s["player"]))
    fr = r.luck.sentence(0, "fr")
    assert "Part de hasard" in fr and "coût des décisions" in fr
    assert re.search(r"\d,\d", fr)
    en = r.luck.sentence(0, "en")
    assert "Luck of the dice" in en and "cost of decisions" in en
    page = r.to_html()
    assert 'class="dicelab-luck"' in page and "Joueur 2 — part de hasard" in page


def test_chart_marks_and_description():
    g = play("cinqmille", 3, players=2, max_actions=120)
    rep = luck.analyse(g, "fr")
    fig = rep.to_figure()
    ax = fig.axes[0]
    lucky, unlucky, dec = rep.marked()
    assert lucky and unlucky and dec
    markers = {line.get_marker() for line in ax.get_lines()}
    assert {"^", "v", "X"} <= markers  # shapes, not only colours
    labels = [t.get_text() for t in ax.texts]
    assert any(re.match(r"Joueur \d\u00a0: dés \d", t) for t in labels)
    alt = fig.dicelab_alt_text
    assert "Lancer le plus chanceux" in alt and "Décision la plus coûteuse" in alt
    assert re.search(r"\d,\d", alt) and not re.search(r"\d\.\d", alt)
    en = rep.to_figure("en").dicelab_alt_text
    assert "Luckiest roll" in en and "Costliest decision" in en


def test_solo_turns_sentence():
    g = play("cinqmille", 1, players=1, mix=0.2)
    rep = luck.analyse(g, "en")
    s = rep.sentence(0)
    assert ("saved you" in s) == (rep.luck(0) >= 0)
    assert "turns" in s


def test_class_summary(tmp_path):
    paths = []
    for seed in range(3):
        g = play("trwavril", seed, players=1, mix=0.3)
        p = tmp_path / f"g{seed}.json"
        p.write_text(g.to_json(), encoding="utf-8")
        paths.append(p)
    cs = luck.class_summary(paths, "fr")
    assert len(cs.entries) == 3
    m, se, n = cs.stats("solo_p_win", "luck")
    assert n == 3
    assert m == pytest.approx(sum(luck.analyse(p).luck(0) for p in paths) / 3, abs=1e-12)
    assert cs.text("fr") and "," in cs.text("fr")[0]
    with pytest.raises(dicelab.InvalidSave):
        luck.class_summary(["{not a game"])


def test_app_end_screen_shows_the_split():
    import dicelab.ui.widgets as dw

    app = dw.play("trwavril", seed=3, lang="fr")
    best = optimal()
    assert "dicelab-luck-end" not in app.status_html()  # not before the end
    while not app.state.is_over:
        app.game.apply(best(app.state))
    page = app.status_html()
    rep = luck.analyse(app.game, "fr")
    assert 'class="dicelab-luck-end"' in page and rep.sentence(0, "fr") in page
    assert app.status_html() == page  # computed once
    # the chart is drawn when the student asks for it (a button), not with the end screen
    assert "<img" not in page and "<details" not in page
    app.refresh()
    button, chart = app.luck_chart.button, app.luck_chart.chart
    assert button.layout.display == "" and chart.layout.display == "none"
    assert button.description == "Afficher le graphique hasard et habileté"
    assert chart.value == ""
    button.click()
    assert chart.layout.display == "" and "<img" in chart.value
    assert "Lancer le plus chanceux" in html.unescape(chart.value)
    assert button.description == "Masquer le graphique hasard et habileté"
    button.click()
    assert chart.layout.display == "none" and button.layout.display == ""
    app.set_language("en")  # hidden, forgotten: drawn again in English when shown
    assert button.description == "Show the luck and skill chart"
    button.click()
    assert "Luckiest roll" in chart.value and "Lancer" not in chart.value
    app.play_again()  # a new game: no chart, no button until it ends
    assert button.layout.display == "none" and chart.layout.display == "none"
    assert chart.value == ""
    app.close()


def test_app_end_screen_imports_no_matplotlib_until_the_chart_is_asked_for():
    """A class on one hub: a kernel whose student never opens the chart never imports
    matplotlib (about 30 MB each, issue 27 §3)."""
    import subprocess
    import sys

    code = """
import sys
import dicelab.ui.widgets as dw
from dicelab.analysis.policies import optimal
app = dw.play("trwavril", seed=3, lang="en", players=2, computer={1: "optimal"})
best = optimal()
while not app.state.is_over:
    app.game.apply(best(app.state))
app.refresh()
assert "dicelab-luck-end" in app.status.value, app.status.value
before = "matplotlib" in sys.modules
app.luck_chart.button.click()
print(before, "matplotlib" in sys.modules, "<img" in app.luck_chart.chart.value)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True).stdout.split()
    assert out == ["False", "True", "True"]


def test_class_view_widget(tmp_path):
    from dicelab.ui.widgets.luckview import ClassView

    texts = [play("trwavril", s, players=1, mix=0.3).to_json().encode() for s in range(2)]
    v = ClassView(lang="en")
    v._uploaded({"new": [{"name": f"g{i}.json", "content": memoryview(b)}
                         for i, b in enumerate(texts)]})
    assert v.summary is not None and len(v.summary.entries) == 2
    assert "dicelab-class-luck" in v.output.value and "<img" in v.output.value
    assert v.message.value == ""
    assert v.load([b"{bad"]) is None
    assert 'role="alert"' in v.message.value and "Traceback" not in v.message.value
    fig = v.summary.to_figure("fr")
    assert "Nuage de points" in fig.dicelab_alt_text
    # an upload whose content is text reads it as the JSON itself; content that is neither
    # text nor bytes is a message, never a TypeError (issue 30 §4)
    v._uploaded({"new": [{"name": f"g{i}.json", "content": b.decode()}
                         for i, b in enumerate(texts)]})
    assert v.summary is not None and len(v.summary.entries) == 2 and v.message.value == ""
    for junk in (None, 10**9, 3.5):
        v._uploaded({"new": [{"name": "x.json", "content": junk}]})
        assert 'role="alert"' in v.message.value and "went wrong" not in v.message.value


def test_the_luck_lessons_shipped_games_replay():
    """Lesson 14's figure shows 300 games, read from a shipped
    file; replaying some of them gives the same luck and cost, and over the 300 games the mean
    cost of decisions stands many standard errors above the exact expected luck, 0."""
    import statistics

    from dicelab.lessons import luck_lesson

    games = luck_lesson.simulated()
    assert len(games) == luck_lesson.GAMES == 300
    for i in (0, 1, 157):
        replay = luck_lesson.play_games(1, luck_lesson.SEED + i)[0]
        assert replay == pytest.approx(games[i], abs=1e-9)
    cost = [c for _x, c in games]
    luck = [x for x, _c in games]
    se = statistics.stdev(cost) / len(cost) ** 0.5
    assert statistics.mean(cost) > 10 * se
    assert abs(statistics.mean(luck)) < 3 * statistics.stdev(luck) / len(luck) ** 0.5


def test_amounts_plural_and_lines_capitalised():
    g = play("cinqmille", 3, players=2, max_actions=120)
    rep = luck.analyse(g, "fr")
    assert rep.amount(0.0, "fr") == "0,0 point de probabilité de gagner"
    assert rep.amount(0.019, "fr") == "1,9 point de probabilité de gagner"
    assert rep.amount(0.02, "fr") == "2,0 points de probabilité de gagner"
    assert rep.amount(0.013, "en") == "1.3 points of winning chance"
    assert rep.amount(0.0, "en") == "0.0 points of winning chance"
    # two players: each sentence names its player, never "your" (issue 29 §6)
    assert rep.player_sentence(0, "fr").startswith("Joueur 1 — part de hasard")
    assert rep.player_sentence(1, "en").startswith("Player 2 — luck of the dice: the dice")
    assert "your" not in rep.player_sentence(1, "en")
    # the caption names both players and never says "your"
    alt = rep.to_figure("en", names=["Player 1", "Player 2 (computer)"]).dicelab_alt_text
    assert "Player 2 (computer) — luck of the dice: the dice" in alt
    assert "Player 1 — luck of the dice" in alt and "your" not in alt


def test_app_end_screen_against_the_computer_names_it_in_the_caption():
    import dicelab.ui.widgets as dw

    app = dw.play("trwavril", seed=3, lang="fr", players=2, computer={1: "optimal"})
    best = optimal()
    while not app.state.is_over:
        app.game.apply(best(app.state))
    page = app.status_html()
    assert "<p>Vous\u00a0: Part de hasard" in page and "<p>Ordinateur" not in page
    app.refresh()
    app.luck_chart.button.click()
    chart = app.luck_chart.chart.value  # its caption names both players
    assert "Ordinateur — part de hasard\u00a0: les dés ont" in chart
    assert "Vous — part de hasard" in chart and "vos dés" not in chart
    assert " lui " not in chart  # « Vous — … lui ont retiré » was wrong
    assert "Joueur" not in page + chart
    app.close()


def test_app_end_screen_of_a_computer_only_game_never_says_your_dice():
    """Both seats the computer's: each split is named, in the third person."""
    import dicelab.ui.widgets as dw

    app = dw.play("trwavril", seed=3, lang="fr", players=2,
                  computer={0: "optimal", 1: "optimal"})
    best = optimal()
    while not app.state.is_over:
        app.game.apply(best(app.state))
    lines = app.status_html()
    assert "vos dés" not in lines and "vos choix" not in lines
    assert "<p>Joueur 1 — part de hasard" in lines and "<p>Joueur 2 — part de hasard" in lines
    app.close()



# ------------------------------------------------ issue 29 §6: two-player reviews
def test_two_player_review_rates_each_player_on_their_own_decisions():
    """Against the optimal computer, a random student is rated on the student's own
    decisions, not lifted by the computer's."""
    from dicelab.tools import calibrate

    for seed in range(70_300, 70_340):
        pols = {0: calibrate._policy("cinqmille", "random", seed, 2),
                1: calibrate._policy("cinqmille", "optimal", seed, 2)}
        g = cinqmille.Game(players=2, seed=seed)
        for _step in range(3000):
            if g.is_over:
                break
            g.apply(pols[g.state.current_player](g.state))
        r = dicelab.review(g, lang="en", why=False, objective="p_duel")
        ratings = r.ratings()
        if min(sum(x.player == p for x in r.rows) for p in (0, 1)) >= 10:
            break
    assert ratings[1].band == "expert"  # the optimal computer loses nothing
    mine = [x.loss for x in r.rows if x.player == 0]
    assert ratings[0].mean_loss == pytest.approx(sum(mine) / len(mine), abs=1e-12)
    assert ratings[0].band != "expert"
    assert r.rating.band == "per_player"
    assert f"Player 1: {ratings[0].text}" in r.rating.text
    assert f"Player 2: {ratings[1].text}" in r.rating.text
    summary = r.player_summary()
    assert [s["rating"].band for s in summary] == [ratings[0].band, ratings[1].band]
    assert summary[1]["sentence"].startswith("Player 2 — luck of the dice")
    # one player reviewed: that player's rating, as before
    assert dicelab.review(g, lang="en", why=False, players=(0,),
                          objective="p_duel").rating.band == ratings[0].band


def test_two_player_chart_marks_follow_the_line():
    """The line is player 1's chance: an up-triangle sits on a rise of the line and a
    down-triangle on a fall, whoever rolled."""
    g = play("cinqmille", 3, players=2, max_actions=120)
    rep = luck.analyse(g, "en")
    lucky, unlucky, _dec = rep.marked(2, side=0)
    assert lucky and unlucky
    assert all(r.luck > 0 for r in lucky) and all(r.luck < 0 for r in unlucky)
    fig = rep.to_figure("en")
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "roll that raised player 1's chance most" in labels
    assert "roll that lowered player 1's chance most" in labels
    ups = next(line for line in ax.get_lines() if line.get_marker() == "^")
    assert sorted(ups.get_xdata()) == sorted(r.number for r in lucky)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chart_labels_do_not_overlap(lang):
    g = play("cinqmille", 3, players=2, max_actions=160)
    rep = luck.analyse(g, lang)
    fig = rep.to_figure(lang, marks=4)
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in fig.axes[0].texts]
    assert len(boxes) >= 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b)


def test_identity_line_uses_the_sentences_unit():
    g = play("cinqmille", 3, players=2, max_actions=120)
    rep = luck.analyse(g, "fr")
    text = rep.identity_text("fr")
    d = 100 * (rep.end_value - rep.start_value)
    assert fmt_number(d, 2, "fr").replace("-", "\u2212") in text
    assert "(en points de probabilité de gagner, du point de vue du joueur 1)" in text


# ------------------------------------------------ issue 29 §4: a skill score per player
def test_skill_score_and_luck_adjusted_result_are_the_exact_split():
    """The skill score leaves luck out (start − cost); the luck-adjusted result is the
    result minus every roll's luck, so for two players start − own cost + the other's."""
    g = play("cinqmille", 3, players=2, max_actions=400)
    rep = luck.analyse(g, "en")
    assert rep.finished
    for p, q in ((0, 1), (1, 0)):
        best, mine = rep.skill_score(p)
        start = rep.start_value if p == 0 else 1 - rep.start_value
        assert best == pytest.approx(start, abs=1e-12)
        assert mine == pytest.approx(start - rep.cost(p), abs=1e-12)
        avg, result = rep.luck_adjusted(p)
        assert result == (1.0 if p in g.state.winners else 0.0)
        assert avg == pytest.approx(start - rep.cost(p) + rep.cost(q), abs=1e-9)
        z = rep.luck_z(p)
        sd = (rep.start_value * (1 - rep.start_value)) ** 0.5
        assert z == pytest.approx(rep.game_luck(p) / sd, abs=1e-12)
    assert rep.luck_z(0) == pytest.approx(-rep.luck_z(1), abs=1e-12)


def test_solo_turns_skill_score_and_luck_spread():
    g = play("cinqmille", 5, players=1, max_actions=600)
    rep = luck.analyse(g, "fr")
    assert rep.mode == "solo_turns" and rep.finished
    assert rep.luck_sd == pytest.approx(5.6675, abs=1e-4)  # the engine's exact spread
    best, mine = rep.skill_score(0)
    assert mine == pytest.approx(best + rep.cost(0), abs=1e-12)
    avg, played = rep.luck_adjusted(0)
    assert avg == pytest.approx(mine, abs=1e-9)  # the split is exact
    lines = rep.skill_sentences(0, "fr")
    assert lines[0] == (f"Score de compétence\u00a0: avec vos choix, {fmt_number(mine, 1, 'fr')}"
                        f" tours en moyenne (jeu parfait\u00a0: {fmt_number(best, 1, 'fr')}).")
    assert f"(joués\u00a0: {fmt_number(played, 0, 'fr')})" in lines[1]


def test_review_shows_skill_luck_adjusted_result_and_marks_per_player():
    from dicelab.analysis import review as rv
    from dicelab.ui.terminal import review_text

    g = play("cinqmille", 3, players=2, max_actions=400)
    r = dicelab.review(g, lang="en")
    for entry in r.player_summary():
        p = entry["player"]
        rows = [x for x in r.rows if x.player == p]
        trivial = [x for x in rows if x.spread <= rv.NON_TRIVIAL["p_duel"]]
        m = entry["marks"]
        assert m["decisions"] == len(rows) - len(trivial)
        assert m["blunder"] == sum(x.loss >= 0.10 - 1e-12 for x in rows if x not in trivial)
        assert m["inaccuracy"] + m["mistake"] + m["blunder"] == sum(
            x.loss >= 0.01 - 1e-12 for x in rows if x not in trivial)
        assert all(x.spread >= x.loss - 1e-12 for x in rows)
        assert entry["skill_lines"][0].startswith("Skill score: the decisions took")
    page = r.to_html()
    text = review_text(r, "en")
    for entry in r.player_summary():
        for line in (*entry["skill_lines"], entry["marks_text"]):
            assert line in text
            assert html.escape(line) in page
    fr = dicelab.review(g, lang="fr").to_html()
    assert "Score de compétence" in fr and "Résultat corrigé du hasard" in fr
    assert "décisions non triviales" in fr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lesson_14_example_shows_the_skill_score(lang):
    """Lesson 14's example game: under the chart, the player's skill score (the chance at
    the start minus the cost of decisions), alone: the review's other lines would repeat it
    (the luck-adjusted result) or answer the exercises below it (how unusual the luck was:
    76,2 % and 23,8 % of the perfect games, the exercises' answers in points)."""
    from dicelab.lessons import luck_lesson

    rep = luck_lesson.example_report(lang)
    best, mine = rep.skill_score(0)
    assert best == pytest.approx(luck_lesson.start_chance(), abs=1e-12)
    assert mine == pytest.approx(best - rep.cost(0), abs=1e-12)
    page = luck_lesson.example(lang).html
    lines = rep.skill_sentences(0, lang)
    score = luck_lesson.skill_line(lang)
    assert html.escape(score) in page
    assert not any(html.escape(line) in page for line in lines)
    assert rep.value_text(mine, lang) in lines[0] and rep.value_text(mine, lang) in score
    assert fmt_number(100 * (1 - best), 1, lang) not in page.split("</svg>")[-1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_unusual_the_luck_was_is_exact_for_a_game_won_or_lost(lang):
    """Lesson 14's example (solo Trwavril, lost, p = 0,238 at the start): a game played
    perfectly has luck 1 − p (won, chance p) or −p (lost). The example's luck is between
    the two, below zero: luckier than the lost perfect games, 1 − p of them, less lucky than
    the won ones, p of them (the
    teachers' review: a normal approximation said about 5 games in 10)."""
    from dicelab.lessons import luck_lesson

    rep = luck_lesson.example_report(lang)
    p = rep.start_value
    x = rep.game_luck(0)
    assert rep.finished and rep.end_value == 0.0 and -p < x < 0
    below, above = rep.luck_shares(0)
    assert below == pytest.approx(1 - p, abs=1e-12) and above == pytest.approx(p, abs=1e-12)
    line = rep.skill_sentences(0, lang)[-1]
    from dicelab.core.i18n import fmt_percent

    assert fmt_percent(1 - p, 1, lang=lang) in line and fmt_percent(p, 1, lang=lang) in line
    assert ("luckier than" in line) if lang == "en" else ("plus de chance que" in line)
    assert "in 10" not in line and "sur 10" not in line


def test_luck_share_without_an_exact_distribution_is_not_given():
    g = play("cinqmille", 5, players=1, max_actions=600)
    rep = luck.analyse(g, "en")
    assert rep.luck_shares(0) is None
    assert rep.skill_sentences(0, "en")[-1].endswith(
        "standard deviations of a game's luck under perfect play.")
