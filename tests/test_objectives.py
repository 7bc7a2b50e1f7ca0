"""dicelab.core.objectives: one table of objective names, and every caller shows its words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dicelab.analysis import coach
from dicelab.core.i18n import fmt_number, fmt_percent
from dicelab.core.objectives import (
    OBJECTIVES,
    TABLE_ORDER,
    format_objective,
    higher_is_better,
    is_probability,
    objective_explanation,
    objective_meaning,
    objective_name,
    objective_phrase,
    objective_symbol,
)
from dicelab.games import dripeul
from dicelab.games._base import Roll
from dicelab.lessons import guide
from dicelab.registry import REGISTRY
from dicelab.registry import objective_meaning as game_meaning
from dicelab.registry import objective_name as game_name
from dicelab.registry import objective_phrase as game_phrase
from dicelab.ui.widgets import overlay

PACKAGE = Path(__file__).resolve().parents[1] / "dicelab"


def test_every_objective_is_in_the_table_order_and_translated():
    assert set(TABLE_ORDER) == set(OBJECTIVES)
    for key in OBJECTIVES:
        for words in (objective_name, objective_phrase, objective_meaning):
            en, fr = words(key, "en"), words(key, "fr")
            assert en and fr and en != fr, (key, words.__name__, en, fr)
        assert objective_symbol(key, "en").startswith(("P(", "E("))
        assert objective_symbol(key, "fr").startswith(("P(", "E("))
        assert objective_meaning(key, "fr").startswith(objective_symbol(key, "fr").split("(")[0])


def test_kinds_and_formats():
    assert [k for k in OBJECTIVES if is_probability(k)] == ["p_win", "p_duel", "p_turn", "p_bust"]
    assert not higher_is_better("expected_turns") and not higher_is_better("p_bust")
    assert higher_is_better("p_win") and higher_is_better("expected_points")
    assert format_objective("p_turn", 0.12345, "fr") == fmt_percent(0.12345, 1, "fr")
    assert format_objective("expected_turns", 9.8765, "fr") == fmt_number(9.8765, 2, "fr")
    assert format_objective("expected_points", 212.34, "en") == fmt_number(212.34, 1, "en")
    # the coach's value format is the module's
    for key in OBJECTIVES:
        assert coach.format_value(key, 0.4321, lang="fr") == format_objective(key, 0.4321, "fr")


def test_a_games_own_words_win_only_for_that_game():
    assert game_name("p_duel", "en", "dripeul") == "chance to beat your opponent in this manche"
    assert game_name("p_duel", "en", "trwavril") == objective_name("p_duel", "en")
    assert game_phrase("p_win", "fr", "dripeul") != objective_phrase("p_win", "fr")
    assert game_phrase("p_win", "fr", "cinqmille") == objective_phrase("p_win", "fr")
    assert game_meaning("p_duel", "en", "dripeul").startswith("P(win the manche)")
    assert game_meaning("p_duel", "en", None) == objective_meaning("p_duel", "en")
    for entry in REGISTRY.values():  # a game's words are for known objectives only
        for words in (entry.objective_names, entry.objective_phrases, entry.objective_meanings):
            assert set(words) <= set(OBJECTIVES), entry.key


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_overlay_the_coach_and_the_guide_show_the_modules_words(lang):
    # the overlay: the short name and the value
    assert overlay.objective_text("p_win", 0.5, lang) == (
        f"{objective_name('p_win', lang)} {format_objective('p_win', 0.5, lang)}")
    assert overlay.objective_text("p_duel", 0.5, lang, "dripeul").startswith(
        game_name("p_duel", lang, "dripeul"))
    # the coach's hint table: the phrases, in the game's words, and the symbols
    s = dripeul.new_state(dripeul.Rules(), 1)
    s, _ = dripeul.roll_outcome(dripeul.step(s, Roll(()))[0], (2, 4, 2, 6, 2))
    h = coach.hint(s, 3, lang=lang)
    shown = [k for k in TABLE_ORDER if h.headers[1:-1].count(game_phrase(k, lang, "dripeul"))]
    assert len(shown) == len(h.headers) - 2 >= 2
    assert list(h.symbols[1:-1]) == [objective_symbol(k, lang) for k in shown]
    # the guide's tooltip: the symbol and the plain explanation
    assert guide.objective_tooltip("p_turn", lang) == (
        f"{objective_symbol('p_turn', lang)}{':' if lang == 'en' else chr(0xA0) + ':'} "
        f"{objective_explanation('p_turn', lang)}")


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def test_no_other_module_writes_an_objectives_words():
    """The objectives' names, phrases, meanings and explanations are written once."""
    words = {w for o in OBJECTIVES.values()
             for w in (o.name, o.phrase, o.meaning, o.explanation, o.symbol) if w}
    # "chance to win" is also Trwavril's headline number (a game's own words: its card module)
    allowed = {PACKAGE / "core" / "objectives.py"}
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path in allowed:
            continue
        for text in _string_constants(path) & words:
            if path.parent.name == "cards" and text == "chance to win":
                continue
            found.append(f"{path.relative_to(PACKAGE)}: {text!r}")
    assert not found, found
