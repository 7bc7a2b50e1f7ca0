"""Texts a fresh-eyes walk of the apps found wrong (issue 32 walk): the review's marks
agree in number with their counts, and the luck caption about a named player (« Vous »
against the computer included) never speaks of « lui » / « ses choix »."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dicelab.analysis.luck import LuckReport
from dicelab.analysis.review import Review


def _marks(decisions: int, a: int, b: int, c: int) -> SimpleNamespace:
    counts = {"decisions": decisions, "inaccuracy": a, "mistake": b, "blunder": c}
    return SimpleNamespace(lang="fr", marks=lambda player: counts)


@pytest.mark.parametrize("lang,counts,expected", [
    ("fr", (2, 0, 1, 1),
     "Notes sur 2 décisions non triviales\u00a0: 0 imprécision, 1 erreur, 1 gaffe."),
    ("fr", (1, 1, 0, 0),
     "Notes sur 1 décision non triviale\u00a0: 1 imprécision, 0 erreur, 0 gaffe."),
    ("fr", (5, 2, 2, 3),
     "Notes sur 5 décisions non triviales\u00a0: 2 imprécisions, 2 erreurs, 3 gaffes."),
    ("en", (2, 0, 1, 1),
     "Marks over 2 non-trivial decisions: 0 inaccuracies, 1 mistake, 1 blunder."),
    ("en", (1, 1, 0, 0),
     "Marks over 1 non-trivial decision: 1 inaccuracy, 0 mistakes, 0 blunders."),
])
def test_marks_agree_in_number(lang, counts, expected):
    assert Review.marks_text(_marks(*counts), 0, lang) == expected


@pytest.mark.parametrize("luck,verb", [(-0.08, "ont retiré"), (0.08, "ont apporté")])
def test_the_named_luck_sentence_fits_vous(luck, verb):
    rep = SimpleNamespace(lang="fr", luck=lambda p: luck, cost=lambda p: 0.2,
                          amount=lambda x, lang: f"{x:.2f}".replace(".", ",") + " manche")
    text = LuckReport.named_sentence(rep, 0, "Vous", "fr")
    assert text == ("Vous — part de hasard\u00a0: les dés " + verb + " 0,08 manche\u202f; "
                    "coût des décisions\u00a0: les choix ont coûté 0,20 manche.")
    assert "lui" not in text and "ses " not in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_review_of_one_decision_has_whole_number_ticks(lang):
    from dicelab.analysis import review
    from dicelab.games import dripeul
    from dicelab.games._base import Roll, Stop
    from dicelab.registry import get

    game = get("dripeul").rules.Game(rules=dripeul.Rules(), players=1, seed=5)
    game.apply(Roll(()))
    game.apply(Stop())
    rev = review.review(game, lang=lang)
    assert rev.decisions == 1
    fig = rev.to_figure(lang)
    fig.canvas.draw()
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1"]
    assert not rev.costly  # seed 5: stopping on the first roll costs little here
    words = {"fr": ("1 décision examinée\u202f;", "avant la décision\u202f; 0 décision coûteuse "
                    "est marquée d'une croix."),
             "en": ("1 decision reviewed;", "before the decision; 0 costly decisions are "
                    "marked with a cross.")}[lang]
    assert rev.summary(lang).startswith(words[0])
    assert fig.dicelab_alt_text.endswith(words[1])


def test_the_odds_sentence_quotes_the_best_choice_in_french_quotes():
    from test_widgets import _toy_advice

    from dicelab.games._base import Roll
    from dicelab.ui.widgets.overlay import selection_sentence

    fr = selection_sentence(_toy_advice(), {Roll(())}, lang="fr")
    assert "“" not in fr and "”" not in fr, fr
    assert fr.startswith("Votre décision «\u00a0")
    assert "par rapport à la meilleure («\u00a0" in fr, fr
    en = selection_sentence(_toy_advice(), {Roll(())}, lang="en")
    assert "against the best (“stop”, chance to win 50.0%)" in en, en
