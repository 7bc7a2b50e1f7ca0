"""the rules cards — every example played through the game scores as the card
says, every line the issue lists is on its card in both languages, and the app's Rules
button shows the same card."""

from __future__ import annotations

import pytest

from dicelab.registry import REGISTRY
from dicelab.ui import rules_cards
from dicelab.ui.rules_cards import CARDS, card_html, card_text, example_text, play_example

GAMES = tuple(REGISTRY)


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


#: The lines a review found missing, as words that must be on each card (a regression
#: list of those reviews: a game added later has none, and its card is checked as the others).
MUST = {
    "dripeul": {"en": ["someone cleared all six", "sit out", "highest triangle",
                       "failure token goes back", "rien"],
                "fr": ["vidé ses six cases", "ne joue plus", "triangle le plus haut",
                       "pion d'échec revient", "rien"]},
    "trwavril": {"en": ["first to bar all six cards wins", "last player still in"],
                 "fr": ["premier à barrer ses six cartes", "dernier joueur encore en jeu"]},
    "cinqmille": {"en": ["55555 = 600", "1111 = 1100", "2222 = 200 as 222",
                         "even in the middle of a turn, wins at once",
                         "first to reach exactly 5000 wins", "just the name"],
                  "fr": ["55555 = 600", "1111 = 1100", "2222 = 200 comme 222",
                         "même au milieu d'un tour", "premier à atteindre exactement 5000",
                         "seulement le nom"]},
    "seveny": {"en": ["never touches points memorised", "one at a time add up to a brelan",
                      "Six alike are two brelans", "ties share the win", "222 11 = 4"],
               "fr": ["ne touche jamais les points mis en mémoire",
                      "un par un s'additionnent en brelan", "deux brelans",
                      "égalités se partagent", "222 11 = 4"]},
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_missing_line_is_on_the_card(game, lang):
    text = card_text(game, lang)
    for words in MUST.get(game, {}).get(lang, []):
        assert words in text, (game, lang, words)
    # a student's card states the rule, not the project's rulings notes
    assert "ruling" not in text.lower() and "arbitrage" not in text and "S3" not in text
    html = card_html(game, lang)
    assert 'class="dicelab-rules-card"' in html and f'lang="{lang}"' in html
    assert len(text.splitlines()) <= 30  # one screen


def test_card_is_translated_and_unknown_game_refused():
    assert "fiche des règles" in card_text("seveny", "fr")
    assert "Examples" not in card_text("seveny", "fr")
    from dicelab.core.errors import DicelabError

    with pytest.raises(DicelabError, match="unknown game"):
        rules_cards.card("yahtzee")


def test_app_rules_button_shows_the_same_card():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

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


# ------------------------------------------------------------------ §2: failures say why
def _sentences(game, lang="en"):
    from dicelab.ui.text import event_sentence

    return " ".join(event_sentence(e, lang) for e in game.log)


def test_dripeul_failure_says_why():
    from dataclasses import replace

    from dicelab.games import dripeul
    from dicelab.games._base import Roll, Stop

    s = replace(dripeul.new_state(dripeul.Rules(), 1), tokens=((1, 3, 4, 5, 6),))
    s, _e = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 2, 2, 4, 6))
    s, ev = dripeul.step(s, Stop())
    from dicelab.ui.text import event_sentence

    text = " ".join(event_sentence(e, "en") for e in ev)
    assert "brelan of 2, but square 2 is already empty → a failure" in text
    fr = " ".join(event_sentence(e, "fr") for e in ev)
    assert "brelan de 2, mais la case 2 est déjà vide → échec" in fr
    s = dripeul.new_state(dripeul.Rules(), 1)
    s, _e = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 2, 4, 4, 6))
    s, ev = dripeul.step(s, Stop())
    text = " ".join(event_sentence(e, "en") for e in ev)
    assert "rien (no figure): no brelan, no carré, no quinté → a failure" in text


def test_seveny_bust_says_nothing_can_be_set_aside():
    from dicelab.games import seveny
    from dicelab.games._base import Roll

    g = seveny.Game(rules=seveny.Rules(), seed=3)
    g.apply(Roll(()), dice=[2, 5, 2, 3, 4, 3, 4])
    text = _sentences(g)
    assert "nothing can be set aside: no 1, no 6, no brelan → you lose the turn" in text
    assert "No scoring die" not in text
    # a lone 6 can be set aside (for 0 points): no bust
    g = seveny.Game(rules=seveny.Rules(), seed=3)
    g.apply(Roll(()), dice=[2, 5, 2, 3, 4, 3, 6])
    assert "bust" not in [e["type"] for e in g.log]


def test_5000_exactly_5000_and_bust_say_why():
    from dataclasses import replace

    from dicelab.games import cinqmille
    from dicelab.games._base import Roll
    from dicelab.ui.text import event_sentence

    s = replace(cinqmille.new_state(cinqmille.Rules(), 1), scores=(4900,), opened=(True,))
    s, _e = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], (5, 5, 2, 3, 4))
    s, ev = cinqmille.step(s, Roll((5, 5)))
    text = " ".join(event_sentence(e, "en") for e in ev)
    assert "You set aside 5 5" in text and "Exactly 5000: you win at once!" in text
    s = cinqmille.new_state(cinqmille.Rules(), 1)
    s, ev = cinqmille.roll_outcome(cinqmille.step(s, Roll(()))[0], (2, 2, 3, 4, 6))
    text = " ".join(event_sentence(e, "en") for e in ev)
    assert "nothing scores: no 1, no 5, no brelan, no suite → you lose the turn" in text
    assert "ballot" in text


def test_trwavril_miss_says_why():
    from dicelab.games import trwavril
    from dicelab.games._base import Roll, Stop

    g = trwavril.Game(seed=2)
    g.apply(Roll(()), dice=[1, 1, 3, 6])
    g.apply(Stop())
    assert "Missed, 1 1 3 6: no brelan, no carré, no suite of 4 → a parapluie" in _sentences(g)


def test_no_code_name_in_messages():
    import re
    from pathlib import Path

    import dicelab

    root = Path(dicelab.__file__).parent
    po = (root / "locale" / "fr" / "LC_MESSAGES" / "dicelab.po").read_text(encoding="utf-8")
    msgids = re.findall(r'^msgid "(.*)"$', po, re.M)
    bad = [m for m in msgids if re.search(r"\b(Stop|Roll|Bank|Resolve)\(", m)]
    assert not bad, bad


# ------------------------------------------------------------------ §3: learning mode
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_guided_first_turn_shows_the_tricky_rules(game, lang):
    steps = rules_cards.guided_turn(game, lang)
    lines = {rules_cards._(x, lang=lang) for x in CARDS[game].lines()}
    assert steps and all(text for text, _r in steps)
    quoted = [r for _t, rules in steps for r in rules]
    assert quoted and set(quoted) <= lines  # every quote is a line of the card
    text = " ".join(t for t, _r in steps)
    key = {"dripeul": ("square 2 is already empty", "case 2 est déjà vide"),
           "trwavril": ("Card 2 flips back", "La carte 2"),
           "cinqmille": ("600", "600"),
           "seveny": ("9", "9")}.get(game)  # the guided turns written then (a later game: none)
    if key is not None:
        assert key[0 if lang == "en" else 1] in text
    assert 'class="dicelab-guided"' in rules_cards.guided_html(game, lang)


def test_guided_5000_overshoot_and_exact_win():
    text = " ".join(t for t, _r in rules_cards.guided_turn("cinqmille", "en"))
    assert "Over 5000: you lose the turn's 1000 points and stay at 4900." in text
    assert "Exactly 5000: you win at once!" in text


def test_learning_mode_quotes_the_rule_and_switches_to_the_coach():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play("seveny", seed=3, lang="en", learning=True)
    try:
        assert app.learning.on and not app.coach_on
        assert not app.controls.coach_prompt.value
        assert app.learning.box in app.box.children
        bust = [{"type": "bust", "player": 0, "dice": [2, 5, 2, 3], "lost": 0,
                 "why": "nothing_settable", "freed": []}]
        text = app.describe_events(bust)
        assert "nothing can be set aside" in text
        assert "Rule: “Roll the 7 dice. Each roll you must set aside at least one die" in text
        app.set_language("fr")
        assert app.learning.switch.description == "Passer au coach"
        assert "Règle\xa0: «\xa0Lancer les 7 dés." in app.describe_events(bust)
        app.learning.switch.click()
        assert not app.learning.on and app.coach_on and app.controls.coach_prompt.value
        assert "Règle" not in app.describe_events(bust)
    finally:
        app.close()


def test_a_turn_that_ends_the_manche_keeps_its_dice_on_screen():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play("dripeul", seed=1, lang="en")
    try:
        events = [{"type": "resolve", "player": 0, "dice": [6, 6, 6, 2, 3], "figure": "brelan",
                   "removed": [6], "failure": False},
                  {"type": "cleared", "player": 0, "manche": 1},
                  {"type": "manche_end", "player": 0, "manche": 1, "points": [0]},
                  {"type": "manche_start", "player": 0, "manche": 2},
                  {"type": "turn", "player": 0, "turn": 4, "manche": 2}]
        text = app.describe_events(events)
        assert text.startswith("6 6 6 2 3 (brelan): you remove token 6.")
        assert "Manche 2 starts." in text
    finally:
        app.close()
