"""Plot and explorer text in both languages: every title, axis label, legend, tick label,
caption, table header and explanation is French in French and English in English.

The kept word lists below are interface words of each language (not the games' own words,
which stay French in both: brelan, carré, quinté, suite, manche, parapluie, ballot).
"""

from __future__ import annotations

import re
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from dicelab.analysis import variants  # noqa: E402
from dicelab.core.i18n import _, fmt_percent  # noqa: E402
from dicelab.render import plots  # noqa: E402
from dicelab.ui import explorer
from dicelab.ui.explorer import METRICS, Headline  # noqa: E402

#: English interface words that must not appear in French output.
ENGLISH_WORDS = [
    "probability", "simulated", "turns", "turn", "games", "game", "rules", "defaults",
    "variant", "chance to", "number of rolls", "relative frequency", "share of", "mean",
    "state", "Bar chart", "Histogram", "Line chart", "higher", "lower", "easier", "harder",
    "level", "target", "your rules", "win", "expected", "standard", "value", "column",
    "Answer", "each", "the", "and", "from", "to", "with", "exactly", "Solving",
]
#: French interface words that must not appear in English output.
FRENCH_WORDS = [
    "probabilité", "simulé", "simulée", "tours", "parties", "partie", "règles", "défaut",
    "variante", "chance de", "lancers", "fréquence", "moyenne", "état", "niveau", "score visé",
    "gagner", "espérance", "Diagramme", "Histogramme", "Courbe", "valeur", "colonne",
    "Réponse", "pour", "selon", "avec", "exacte", "plus facile", "plus difficile", "Jeu",
]
#: Words both languages share, or the games' own words, that may contain a listed word.
GAME_WORDS = re.compile(r"Dripeul|Trwavril|Seveny|facile|moyen\b|difficile|héroïque|très")


def untranslated_rules_labels() -> list[str]:
    """``Rules.LABELS`` still missing from the French catalog (the game modules own them;
    :func:`test_rules_labels_are_translated` reports them)."""
    from dicelab.core.i18n import translations
    from dicelab.registry import GAME_NAMES

    labels = [lab for key in GAME_NAMES
              for lab in explorer.game_module(key).Rules.LABELS.values()]
    # a label made only of the games' own words ("Parapluies (4 facile, …)") may read the same
    # in French: what counts is that the catalog has it
    french = translations("fr")._catalog  # noqa: SLF001 - gettext's own table
    return [lab for lab in labels if not french.get(lab)]


def words_found(text: str, words: list[str]) -> list[str]:
    for label in untranslated_rules_labels():
        text = text.replace(label, " ")
    text = GAME_WORDS.sub(" ", text)
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)]


def figure_texts(fig) -> list[str]:
    """Every string a figure shows: titles, labels, tick labels, legends, annotations, and
    its text alternative."""
    out = [fig.dicelab_alt_text]
    for ax in fig.axes:
        out += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        out += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        out += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            out += [t.get_text() for t in legend.get_texts()]
    return [t for t in out if t]


def fake_headline(game, rules=None):
    """Fixed numbers for the slow games (5000, Seveny): the words are what is tested."""
    rules = explorer.default_rules(game) if rules is None else rules
    return Headline(game, rules, {m.key: 12.5 + getattr(rules, "target", 0) / 10
                                  for m in METRICS[game]})


@pytest.fixture(scope="module")
def trwavril_data():
    rows = explorer.variant_grid("trwavril", difficulties=(4, 2))
    sims = explorer.simulate_rules("trwavril", [r.rules for r in rows[:2]], games=40, seed=2)
    return rows, sims


def every_figure(lang, trwavril_data, monkeypatch):
    """Each plots helper with its default words, and every chart the explorer draws."""
    rows, sims = trwavril_data
    figs = [
        plots.bar_distribution([3, 4, 5], [0.5, 0.25, 0.25], [0.48, 0.27, 0.25], xlabel="x",
                               lang=lang),
        plots.bars(["a", "b"], [0.2, 0.8], xlabel="x", ylabel="y", lang=lang),
        plots.grouped_bars(["a", "b"], {"s": [0.1, 0.2], "t": [0.3, 0.4]}, xlabel="x",
                           ylabel="y", lang=lang),
        plots.convergence_plot([1.0, 0.5, 1 / 3, 0.25, 0.2, 0.25], 0.25, lang=lang),
        plots.turns_histogram([3, 3, 4, 6, 7], exact_mean=4.5, lang=lang),
        plots.state_diagram([1, 2, 3], [[0.5, 0.25, 0.25], [0, 0.5, 0.5], [0, 0, 1]],
                            highlight=(3,), lang=lang),
        explorer.headline_chart(explorer.by_difficulty("trwavril"), lang=lang),
        explorer.grid_chart(rows, lang=lang),
        *explorer.simulation_charts(sims, lang=lang),
    ]
    monkeypatch.setattr(variants, "headline", fake_headline)  # by_difficulty, variant_grid
    figs.append(explorer.headline_chart(explorer.by_difficulty("seveny", (20, 30)), lang=lang))
    figs.append(explorer.grid_chart(explorer.variant_grid("cinqmille"), lang=lang))
    return figs


def every_text(lang, trwavril_data, monkeypatch) -> list[str]:
    rows, sims = trwavril_data
    texts = []
    for table in (explorer.grid_table(rows, lang), explorer.simulation_table(sims, lang),
                  explorer.headline_table(explorer.by_difficulty("trwavril"), lang)):
        body, columns = table
        texts += columns + [str(c) for r in body for c in r]
    texts += explorer.explain_grid(rows, lang=lang)
    texts.append(plots.table([[0.5, True]], lang=lang).html)
    texts.append(plots.table({"a": 0.25}, lang=lang).html)
    texts.append(plots.answer("x", lang=lang).html)
    for fig in every_figure(lang, trwavril_data, monkeypatch):
        texts += figure_texts(fig)
    return texts


def test_french_plot_text_has_no_english_interface_word(trwavril_data, monkeypatch):
    texts = every_text("fr", trwavril_data, monkeypatch)
    bad = {t: words_found(t, ENGLISH_WORDS) for t in texts}
    bad = {t: w for t, w in bad.items() if w}
    assert not bad, bad
    # French notation: a decimal comma, never a decimal point between digits
    dotted = [t for t in texts if re.search(r"\d\.\d", t) and "<table" not in t]
    assert not dotted, dotted
    assert any("probabilité de gagner" in t for t in texts)


def test_english_plot_text_has_no_french_interface_word(trwavril_data, monkeypatch):
    texts = every_text("en", trwavril_data, monkeypatch)
    bad = {t: words_found(t, FRENCH_WORDS) for t in texts}
    bad = {t: w for t, w in bad.items() if w}
    assert not bad, bad
    assert any("chance to win" in t for t in texts)


def test_numbers_follow_the_language():
    fig = plots.bar_distribution(["a"], [Fraction(1, 4)], xlabel="x", lang="fr")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.texts] == ["0,25"]
    assert "0,25" in fig.dicelab_alt_text and "0.25" not in fig.dicelab_alt_text
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert any("," in t for t in ticks) and not any("." in t for t in ticks)
    assert plots.fmt(Fraction(23, 108), lang="fr") == "23/108 ≈ 0,2130"
    assert "23/108 ≈ 0,2130" in plots.table({"brelan": Fraction(23, 108)}, lang="fr").html


def test_headline_names_and_meanings():
    m = METRICS["trwavril"][0]
    assert m.name("fr") == _("chance to win", lang="fr") == "probabilité de gagner"
    assert m.meaning("en").startswith("P(win)")
    assert m.meaning("fr").startswith("P(gagner)")
    assert METRICS["cinqmille"][0].meaning("fr").startswith("E(T)\u00a0: l'espérance")
    # the figure's caption gives the exact meaning of the number drawn
    fig = explorer.headline_chart(explorer.by_difficulty("trwavril"), lang="fr")
    assert m.meaning("fr") in fig.dicelab_alt_text
    p = explorer.headline("trwavril")["p_win"]
    assert explorer.format_value(m, p, "fr") == fmt_percent(p, 2, "fr")


def test_explorer_widget_in_french_and_errors_as_messages():
    from dicelab.engine import trwavril as trwavril_odds
    from dicelab.games import trwavril

    app = explorer.explorer("trwavril", lang="fr")
    assert app.game.description == "Jeu"
    html = app.result.value
    assert "probabilité de gagner" in html and "vos règles" in html
    assert f'title="{METRICS["trwavril"][0].meaning("fr")}"'.replace("'", "&#x27;") in html
    p = trwavril_odds.win_probability(trwavril.Rules())
    assert explorer.format_value(METRICS["trwavril"][0], p, "fr") in html
    assert not words_found(re.sub(r"<[^>]+>", " ", html), ENGLISH_WORDS)
    app.controls["straight"].value = "as_written"
    assert "points de pourcentage de moins (plus difficile)" in app.result.value
    options = [label for label, _v in app.controls["straight"].options]
    assert options == [explorer._fmt_option(v, "fr", "trwavril", "straight")
                       for v in trwavril.Rules.CHOICES["straight"]]
    assert not any("_" in o or words_found(o, ENGLISH_WORDS) for o in options), options

    def broken(game, rules=None):
        raise explorer.InvalidRules("no headline to draw")

    app = explorer.explorer("trwavril", compute=broken, lang="fr")
    assert "aucun résultat à tracer" in app.result.value  # a message, no traceback
    app.controls["parapluies"].value = 1
    assert "aucun résultat à tracer" in app.result.value


def test_rules_labels_are_translated():
    assert untranslated_rules_labels() == []
