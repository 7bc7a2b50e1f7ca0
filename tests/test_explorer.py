"""The variant explorer: headlines are the games' own solver values, the grid covers every
option value, the explanations quote the computed numbers, the widget follows the options."""

from __future__ import annotations

import importlib

import pytest

from dicelab.analysis import variants
from dicelab.core.errors import InvalidRules
from dicelab.registry import GAME_NAMES, GAMES
from dicelab.ui import explorer
from dicelab.ui.explorer import DIFFICULTY, METRICS, Headline, format_value

# Small, fast rules per game for exact checks (Seveny's default target 50 is a slow solve):
# each registry entry's small_rules.
FAST = {g.key: dict(g.small_rules) for g in GAMES}

@pytest.fixture(autouse=True)
def _english():
    """These tests read English text: whatever the machine's locale, write in English."""
    from dicelab.core import i18n

    with i18n.using("en"):
        yield



def mod(key):
    return importlib.import_module(f"dicelab.games.{key}")


@pytest.mark.parametrize("key", list(GAME_NAMES))
def test_headline_equals_the_games_own_solvers(key):
    m = mod(key)
    rules = m.Rules(**FAST[key])
    h = explorer.headline(key, rules)
    assert h.rules == rules and h.game == key
    assert list(h.values) == [x.key for x in METRICS[key]]
    for metric in METRICS[key]:
        assert h[metric.key] == pytest.approx(explorer.solver(key, metric.solver)(rules), abs=1e-12)
        engine = importlib.import_module(f"dicelab.engine.{key}")
        assert h[metric.key] == pytest.approx(getattr(engine, metric.solver)(rules), abs=1e-12)
    assert h.primary == h[METRICS[key][0].key]


def test_dripeul_headline_is_manche_and_game():
    from dicelab.engine import dripeul as dripeul_odds
    from dicelab.games import dripeul

    for level in (4, 0):
        r = dripeul.Rules(level=level)
        h = explorer.headline("dripeul", r)
        assert h["p_manche"] == pytest.approx(dripeul_odds.win_probability(r), abs=1e-12)
        assert h["p_game"] == pytest.approx(dripeul_odds.game_win_probability(r), abs=1e-12)
        assert 0 < h["p_game"] < h["p_manche"] < 1


def test_headline_by_display_name_and_default_rules():
    h = explorer.headline("Trwavril")
    assert h.game == "trwavril"
    assert h.rules == mod("trwavril").Rules()


def test_bad_game_and_bad_rules_raise_clear_errors():
    with pytest.raises(InvalidRules, match="unknown game 'yams'"):
        explorer.headline("yams")
    with pytest.raises(InvalidRules, match="Trwavril needs"):
        explorer.headline("trwavril", mod("dripeul").Rules())
    with pytest.raises(InvalidRules, match="no difficulty"):
        explorer.by_difficulty("cinqmille")


@pytest.mark.parametrize("key", list(GAME_NAMES))
def test_variant_grid_covers_every_choice(key, monkeypatch):
    """Every value of every field of Rules.CHOICES appears in some row (solves faked: the
    coverage is about the combinations, the values are checked elsewhere)."""
    calls = []

    def fake(game, rules=None):
        calls.append(rules)
        return Headline(game, rules, {m.key: float(len(calls)) for m in METRICS[game]})

    monkeypatch.setattr(variants, "headline", fake)  # variant_grid computes there
    m = mod(key)
    rows = explorer.variant_grid(key)
    seen = {(f, getattr(r.rules, f)) for r in rows for f in m.Rules.CHOICES}
    for f, values in m.Rules.CHOICES.items():
        for v in values:
            if v is not None:  # None is "the default": the rows' rules hold its value
                assert (f, v) in seen, (f, v)
    # One option at a time from the defaults, crossed with the difficulty axis only.
    dfield = DIFFICULTY[key]
    for r in rows:
        assert len(r.changes) <= 1
        kwargs = dict(r.changes)
        if dfield:
            kwargs[dfield] = r.difficulty
        assert r.rules == m.Rules(**kwargs)
    n_diff = len(m.Rules.CHOICES[dfield]) if dfield else 1
    n_variants = 1 + sum(
        len([x for x in v if x is not None]) - 1 for f, v in m.Rules.CHOICES.items()
        if f != dfield
    )
    assert len(rows) == n_diff * n_variants == len(calls)
    assert len({r.rules for r in rows}) == len(rows)


def test_variant_grid_values_are_the_solver_values():
    from dicelab.engine import trwavril as trwavril_odds

    rows = explorer.variant_grid("trwavril", difficulties=(4, 1))
    assert [(r.difficulty, r.changes) for r in rows] == [
        (4, ()),
        (4, (("straight", "as_written"),)),
        (1, ()),
        (1, (("straight", "as_written"),)),
    ]
    for r in rows:
        assert r.headline["p_win"] == pytest.approx(trwavril_odds.win_probability(r.rules),
                                                    abs=1e-12)
        assert r.rules.parapluies == r.difficulty
    # An easier difficulty never lowers the chance to win.
    assert rows[0].headline.primary > rows[2].headline.primary


def test_by_difficulty_follows_choices_order():
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import trwavril

    hs = explorer.by_difficulty("trwavril")
    assert [h.rules.parapluies for h in hs] == list(trwavril.Rules.CHOICES["parapluies"])
    p = [h["p_win"] for h in hs]
    assert p == sorted(p, reverse=True)
    assert p == pytest.approx([trwavril_odds.win_probability(trwavril.Rules(parapluies=n))
                               for n in (4, 3, 2, 1)], abs=1e-12)


def test_explain_difference_quotes_the_computed_numbers():
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import trwavril

    r = trwavril.Rules(straight="as_written")
    a = trwavril_odds.win_probability(trwavril.Rules())
    b = trwavril_odds.win_probability(r)
    text = explorer.explain_difference("trwavril", r)
    metric = METRICS["trwavril"][0]
    assert format_value(metric, a) in text
    assert format_value(metric, b) in text
    assert f"{100 * abs(a - b):.2f} percentage points lower (harder)" in text
    assert trwavril.Rules.LABELS["straight"] in text
    same = explorer.explain_difference("trwavril", trwavril.Rules())
    assert format_value(metric, a) in same and "no option differs" in same


def test_explain_difference_for_turns_and_two_metrics():
    from dicelab.engine import seveny as seveny_odds
    from dicelab.games import dripeul, seveny

    t20, t30 = (seveny_odds.expected_turns(seveny.Rules(target=t)) for t in (20, 30))
    text = explorer.explain_difference("seveny", seveny.Rules(target=30), seveny.Rules(target=20))
    assert f"{t20:.2f} turns" in text and f"{t30:.2f} turns" in text
    assert f"{t30 - t20:.2f} turns more (harder)" in text

    r = dripeul.Rules(manches=1)
    text = explorer.explain_difference("dripeul", r)
    h0, h1 = explorer.headline("dripeul"), explorer.headline("dripeul", r)
    assert h0["p_manche"] == pytest.approx(h1["p_manche"], abs=1e-12)
    assert "Chance to clear one manche goes from" in text and "exactly the same" in text
    assert format_value(METRICS["dripeul"][1], h1["p_game"]) in text
    assert "higher (easier)" in text


def test_explain_grid_one_sentence_per_variant():
    rows = explorer.variant_grid("trwavril", difficulties=(2,))
    sentences = explorer.explain_grid(rows)
    assert len(sentences) == 1
    assert format_value(METRICS["trwavril"][0], rows[1].headline.primary) in sentences[0]


def test_grid_table_rows_and_columns():
    rows = explorer.variant_grid("trwavril", difficulties=(3,))
    table, columns = explorer.grid_table(rows)
    assert columns == ["parapluies", "variant", "chance to win"]
    assert table[0][:2] == ["3 (medium)", "defaults"]
    # the value in words (the game's VALUE_LABELS, else the explorer's), never the raw value
    assert table[1][1].startswith("suite ") and "as_written" not in table[1][1]
    assert table[0][2] == format_value(METRICS["trwavril"][0], rows[0].headline.primary)


def test_explorer_widget_follows_the_options():
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import trwavril

    app = explorer.explorer("trwavril")
    assert "dicelab-explorer" in app._dom_classes
    assert set(app.controls) == set(trwavril.Rules.CHOICES)
    expected = format_value(METRICS["trwavril"][0], trwavril_odds.win_probability(trwavril.Rules()))
    assert expected in app.result.value
    app.controls["parapluies"].value = 2
    app.controls["straight"].value = "as_written"
    assert app.rules() == trwavril.Rules(parapluies=2, straight="as_written")
    mine = trwavril_odds.win_probability(app.rules())
    base = trwavril_odds.win_probability(trwavril.Rules(parapluies=2))
    assert format_value(METRICS["trwavril"][0], mine) in app.result.value
    assert format_value(METRICS["trwavril"][0], base) in app.result.value
    # Only the difficulty changed: the comparison is with the default rules.
    app.controls["straight"].value = "four"
    p4 = trwavril_odds.win_probability(trwavril.Rules())
    assert format_value(METRICS["trwavril"][0], p4) in app.result.value
    two, four = (explorer._fmt_option(n, "en", "trwavril", "parapluies") for n in (2, 4))
    assert f"set to {two} (was {four})" in app.result.value
    # Switching game rebuilds the controls from that game's Rules.CHOICES.
    app.game.value = "dripeul"
    assert set(app.controls) == set(mod("dripeul").Rules.CHOICES)
    assert "chance to clear one manche" in app.result.value
    assert "P(clear one manche)" in app.result.value  # the exact meaning, as a tooltip


def test_explorer_widget_untouched_options_follow_the_rules_defaults():
    """5000's opening and minimum bank follow the number of dice until the user sets them."""
    from dicelab.games import cinqmille

    seen = []

    def fake(game, rules=None):
        seen.append(rules)
        return Headline(game, rules, {m.key: 10.0 + len(seen) for m in METRICS[game]})

    app = explorer.explorer("cinqmille", compute=fake)
    assert app.rules() == cinqmille.Rules()
    app.controls["dice"].value = 6
    assert app.rules() == cinqmille.Rules(dice=6)
    assert app.controls["opening"].value == cinqmille.Rules(dice=6).opening == 700
    assert app.controls["min_bank"].value == 300
    assert seen[-2] == cinqmille.Rules(dice=6)  # yours, then the defaults to compare with
    app.controls["opening"].value = 1000
    assert app.rules() == cinqmille.Rules(dice=6, opening=1000)
    app.controls["dice"].value = 5
    assert app.rules() == cinqmille.Rules(dice=5, opening=1000)
    assert app.controls["min_bank"].value == 0
    assert "your rules" in app.result.value


def test_headline_chart_draws_the_headline_values():
    from dicelab.render.plots import alt_text

    hs = explorer.by_difficulty("trwavril")
    fig = explorer.headline_chart(hs)
    heights = [p.get_height() for p in fig.axes[0].patches]
    assert heights == pytest.approx([h["p_win"] for h in hs], abs=1e-12)
    assert fig.get_facecolor()[:3] == (1.0, 1.0, 1.0)
    assert "4 (easy)" in alt_text(fig) and f"{hs[0]['p_win']:.4g}" in alt_text(fig)
    rows, columns = explorer.headline_table(hs)
    assert columns == ["parapluies", "chance to win"]
    assert rows[-1] == ["1 (heroic)", format_value(METRICS["trwavril"][0], hs[-1]["p_win"])]


def test_grid_chart_one_bar_per_row():
    rows = explorer.variant_grid("trwavril", difficulties=(4, 2))
    fig = explorer.grid_chart(rows)
    heights = sorted(p.get_height() for p in fig.axes[0].patches)
    assert heights == pytest.approx(sorted(r.headline.primary for r in rows), abs=1e-12)
    # Dripeul's chart shows the whole game, which every option (manches included) moves.
    assert explorer.chart_metric("dripeul").key == "p_game"


def test_grid_chart_without_difficulty(monkeypatch):
    def fake(game, rules=None):
        return Headline(game, rules, {"expected_turns": 10.0 + rules.opening / 1000})

    monkeypatch.setattr(variants, "headline", fake)  # variant_grid computes there
    rows = explorer.variant_grid("cinqmille")
    fig = explorer.grid_chart(rows)
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == [r.variant for r in rows] and labels[0] == "defaults"
    assert [p.get_height() for p in fig.axes[0].patches] == [r.headline.primary for r in rows]
    # "dice 6" brings the 6-dice opening and minimum bank with it (the rules' own defaults).
    six = [r for r in rows if r.changes == (("dice", 6),)][0]
    assert six.rules == mod("cinqmille").Rules(dice=6)


def test_most_different():
    rows = explorer.variant_grid("trwavril")
    best = explorer.most_different(rows)
    assert best.changes == (("straight", "as_written"),) and best.difficulty == 4
    rows = explorer.variant_grid("seveny", difficulties=(20, 30, 50))
    assert explorer.most_different(rows).rules.target == 20  # furthest from the default 50
    sentences = explorer.explain_grid(rows, difficulty="default")
    assert len(sentences) == 2 and all("(was 50)" in s for s in sentences)


def test_simulations_match_the_simulator_and_quote_the_exact_headline():
    from dicelab.analysis.simulate import simulate_fast
    from dicelab.engine import seveny as seveny_odds
    from dicelab.games import seveny, trwavril
    from dicelab.render.plots import alt_text

    rules = [trwavril.Rules(), trwavril.Rules(parapluies=1)]
    sims = explorer.simulate_rules("trwavril", rules, games=30, seed=3)
    direct = simulate_fast("trwavril", rules=rules[1], games=30, seed=3)
    assert list(sims[1].result.turns) == list(direct.turns)
    assert sims[1].headline == explorer.headline("trwavril", rules[1])
    one = explorer._fmt_option(1, "en", "trwavril", "parapluies")
    assert [s.label for s in sims] == ["defaults", f"parapluies {one}"]
    table, columns = explorer.simulation_table(sims)
    assert columns[-1] == "chance to win (exact)"
    assert table[1][-1] == format_value(METRICS["trwavril"][0], sims[1].headline["p_win"])
    assert table[1][3].startswith(f"{100 * direct.win_rate[0]:.1f}%")
    figs = explorer.simulation_charts(sims)
    assert len(figs) == 3  # two histograms and exact-versus-simulated win rates
    win = [p.get_height() for p in figs[2].axes[0].patches]
    assert win == pytest.approx([s.headline["p_win"] for s in sims]
                                + [float(s.result.win_rate[0]) for s in sims], abs=1e-12)

    sims = explorer.simulate_rules("seveny", [seveny.Rules(target=20)], games=20, seed=1)
    figs = explorer.simulation_charts(sims)
    assert len(figs) == 1
    exact = seveny_odds.expected_turns(seveny.Rules(target=20))
    assert f"exact mean {exact:.4g}" in alt_text(figs[0])
