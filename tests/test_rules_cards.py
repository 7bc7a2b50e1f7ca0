"""Issue 21 §1: the rules cards — every example played through the game scores as the card
says, every line the issue lists is on its card in both languages, and the app's Rules
button shows the same card."""

from __future__ import annotations

import pytest

from dicelab import rules_cards
from dicelab.rules_cards import CARDS, card_html, card_text, example_text, play_example

GAMES = ("dripeul", "trwavril", "cinqmille", "seveny")


@pytest.mark.parametrize("example", [e for c in CARDS.values() for e in c.examples],
                         ids=lambda e: e.key)
def test_every_example_scores_as_the_card_says(example):
    assert play_example(example) == example.expected
    text = example_text(example, "en")
    assert " ".join(map(str, example.dice)) in text or example.setup == "seveny_sixes"
    if isinstance(example.expected, int):
        assert f"{example.expected} point" in text


def test_the_examples_the_issue_names():
    got = {e.key: (e.dice, play_example(e)) for c in CARDS.values() for e in c.examples}
    assert got["cinqmille_55555"] == ((5, 5, 5, 5, 5), 600)
    assert got["cinqmille_1111"][1] == 1100 and got["cinqmille_2222"][1] == 200
    assert got["cinqmille_exact"][1] == "win" and got["cinqmille_over"][1] == "turn lost"
    assert got["seveny_222_11"][1] == 4  # the text says 5; ruling S3 says 4
    assert got["seveny_six_6"][1] == 13  # six 6s = two brelans: 12 + the 1
    assert got["seveny_one_at_a_time"][1] == 4  # 1 1 doubled by 6s set aside one by one
    assert got["seveny_memorised"][1] == 9  # 7 memorised + (1 doubled), not 2 × 8
    assert got["dripeul_empty"][1] == "failure"
    assert got["trwavril_unbar"][1] == "card 2 flips back"


#: The lines issue 21 §1 found missing, as words that must be on each card.
MUST = {
    "dripeul": {"en": ["someone cleared all six", "sit out", "highest triangle",
                       "failure token goes back", "rien"],
                "fr": ["vidé ses six cases", "ne joue plus", "triangle le plus haut",
                       "jeton d’échec revient", "rien"]},
    "trwavril": {"en": ["first to bar all six cards wins", "last player still in"],
                 "fr": ["premier à barrer ses six cartes", "dernier joueur encore en jeu"]},
    "cinqmille": {"en": ["55555 = 600", "1111 = 1100", "2222 = 200 as 222",
                         "even in the middle of a turn, wins at once",
                         "first to reach exactly 5000 wins", "just the name"],
                  "fr": ["55555 = 600", "1111 = 1100", "2222 = 200 comme 222",
                         "même au milieu d’un tour", "premier à atteindre exactement 5000",
                         "seulement le nom"]},
    "seveny": {"en": ["never touches points memorised", "one at a time add up to a brelan",
                      "Six alike are two brelans", "ties share the win", "222 11 = 5",
                      "S3"],
               "fr": ["ne touche jamais les points mis en mémoire",
                      "un par un s’additionnent en brelan", "deux brelans",
                      "égalités se partagent", "222 11 = 5", "S3"]},
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_missing_line_is_on_the_card(game, lang):
    text = card_text(game, lang)
    for words in MUST[game][lang]:
        assert words in text, (game, lang, words)
    html = card_html(game, lang)
    assert 'class="dicelab-rules-card"' in html and f'lang="{lang}"' in html
    assert len(text.splitlines()) <= 30  # one screen


def test_card_is_translated_and_unknown_game_refused():
    assert "fiche des règles" in card_text("seveny", "fr")
    assert "Examples" not in card_text("seveny", "fr")
    from dicelab.errors import DicelabError

    with pytest.raises(DicelabError, match="unknown game"):
        rules_cards.card("yahtzee")


def test_app_rules_button_shows_the_same_card():
    pytest.importorskip("ipywidgets")
    from dicelab.widgets import play

    app = play("cinqmille", seed=1, lang="fr")
    try:
        assert app.rules.card.layout.display == "none"
        assert app.rules.button.description == "Règles"
        app.rules.button.click()
        assert app.rules.card.value == card_html("cinqmille", "fr")
        app.set_language("en")
        assert app.rules.card.value == card_html("cinqmille", "en")
        assert app.rules.button.description == "Hide the rules"
        assert not app.show_rules()
        assert app.rules.card.value == ""
    finally:
        app.close()
