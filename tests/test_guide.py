"""dicelab.guide: what the play notebooks display, in French and in English."""

from __future__ import annotations

import re

from test_plots_i18n import ENGLISH_WORDS, FRENCH_WORDS, words_found

from dicelab.core.i18n import _, fmt_percent
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine import dripeul as dripeul_odds
from dicelab.lessons import guide


def test_howto_names_the_apps_buttons_from_the_catalog():
    for lang in ("fr", "en"):
        text = guide.howto(lang).text
        for role, msgid in guide.BUTTONS.items():
            assert f"**{_(msgid, lang=lang)}**" in text, (lang, role)
    assert not words_found(re.sub(r"`[^`]*`", "", guide.howto("fr").text), ENGLISH_WORDS)
    assert not words_found(guide.howto("en").text, FRENCH_WORDS)


def test_details_is_folded_until_opened():
    out = guide.details("**3**", lang="fr")
    assert out.text.startswith('<details class="dicelab-answer"><summary>Réponse</summary>')
    assert out._repr_markdown_() == out.text and "\n\n**3**\n\n" in out.text


def test_advice_table_in_french():
    adv = dripeul_odds.advise((2, 2, 2, 4, 6), rolls_left=2, tokens=(1, 2, 3, 4, 5, 6), level=3)
    table = guide.advice_table(adv, ["p_turn", "p_win"], game="dripeul", lang="fr")
    lines = table.splitlines()
    assert len(lines) == 2 + 5
    assert "probabilité de finir la manche" in lines[0]
    assert "perte (points de pourcentage)" in lines[0]
    assert f"| garder 2 2 2, relancer 2 dés | {fmt_percent(adv.best['p_turn'], 2, 'fr')} " \
           f"| {fmt_percent(adv.best['p_win'], 2, 'fr')} | 0,00 |" == lines[2]
    assert not re.search(r"\d\.\d", table)
    prose = re.sub(r"<[^>]+>", " ", table)
    assert not words_found(prose, ENGLISH_WORDS), words_found(prose, ENGLISH_WORDS)
    # the exact meaning as the header's tooltip
    assert 'title="P(gagner)\u00a0: la probabilité de gagner' in lines[0]


def test_choice_labels_of_a_push_game():
    adv = cinqmille_odds.advise((1, 3), turn_points=300, score=2000)
    labels = {guide.choice_label(c, "fr") for c in adv}
    from dicelab.core.i18n import dice_count

    assert _("set aside {dice} and bank {points}", lang="fr", dice="1", points="400") in labels
    assert _("set aside {dice}, roll {count}", lang="fr", dice="1",
             count=dice_count(1, "fr")) in labels
    assert not any(words_found(label, ENGLISH_WORDS) for label in labels), labels
    assert {guide.choice_label(c, "en") for c in adv} >= {"set aside 1, roll 1 die"}
