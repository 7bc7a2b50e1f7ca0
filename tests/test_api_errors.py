"""The Python API refuses bad input with a clear,
translated DicelabError, changes nothing when it refuses, and bounds every size argument."""

from __future__ import annotations

import numpy as np
import pytest
from game_positions import in_play

from dicelab.analysis import policies, simulate
from dicelab.core.errors import DicelabError, IllegalMove, InvalidDice, InvalidRules
from dicelab.engine import advice as advice_mod
from dicelab.engine import cinqmille as cinqmille_odds
from dicelab.engine import dripeul as dripeul_odds
from dicelab.engine import seveny as seveny_odds
from dicelab.engine import trwavril as trwavril_odds
from dicelab.engine.cinqmille import solo as cinqmille_engine
from dicelab.engine.seveny import solo as seveny_engine
from dicelab.games import cinqmille, dripeul, seveny, trwavril
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.registry import REGISTRY
from dicelab.ui import labels

GAMES = {g.key: g.rules for g in REGISTRY.values()}
NAMES = {g.key: g.name for g in REGISTRY.values()}
ENGINES = {g.key: g.engine for g in REGISTRY.values()}
#: Each game's "other game" (the next registered one): its Rules and states are refused.
_KEYS = list(GAMES)
OTHER = {k: GAMES[_KEYS[(i + 1) % len(_KEYS)]] for i, k in enumerate(_KEYS)}


def _in_play(key: str):
    """A game at a first decision with a choice (found by playing: tests/game_positions)."""
    return in_play(key)


# ------------------------------------------------------------------ item 9: Rules
@pytest.mark.parametrize("key", GAMES)
def test_none_is_the_default_rules_everywhere(key):
    mod = GAMES[key]
    assert mod.new_state(None).rules == mod.Rules()
    assert mod.new_state(None, 2).rules == mod.new_state(mod.Rules(), 2).rules


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("bad", ["other", {"level": 3}, "classic", 3])
def test_new_state_refuses_anything_but_its_rules_by_name(key, bad):
    mod = GAMES[key]
    value = OTHER[key].Rules() if bad == "other" else bad
    with pytest.raises(InvalidRules) as e:
        mod.new_state(value, 1)
    msg = str(e.value)
    assert f"dicelab.games.{key}.Rules" in msg and NAMES[key] in msg and "None" in msg


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("bad", [None, "other", 42])
def test_advise_state_refuses_what_is_not_its_state(key, bad):
    value = OTHER[key].new_state() if bad == "other" else bad
    with pytest.raises(DicelabError, match=rf"dicelab\.games\.{key}\.State"):
        ENGINES[key].advise_state(value)


def test_rule_functions_take_none_and_refuse_other_rules():
    d = (1, 2, 3, 4)
    assert trwavril.figure(d, None) == trwavril.figure(d) == "suite"
    assert trwavril.flippable(d, None) == (1, 2, 3, 4)
    assert trwavril.resolutions(d, (), None) == trwavril.resolutions(d, (), trwavril.Rules())
    with pytest.raises(InvalidRules, match="trwavril.Rules"):
        trwavril.flippable(d, dripeul.Rules())
    with pytest.raises(InvalidRules, match="dripeul.Rules"):
        dripeul.resolutions((1, 1, 1, 2, 3), rules=trwavril.Rules())
    with pytest.raises(InvalidRules, match="cinqmille.Rules"):
        cinqmille.score((1, 5), seveny.Rules())
    assert cinqmille.score((1, 5), None) == 150


def test_engines_take_none_and_refuse_other_rules():
    a = cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=1000, rules=None)
    b = cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=1000, rules=cinqmille.Rules())
    assert [c.label for c in a] == [c.label for c in b]
    with pytest.raises(InvalidRules, match="cinqmille.Rules"):
        cinqmille_odds.expected_turns(seveny.Rules())
    with pytest.raises(InvalidRules, match="seveny.Rules"):
        seveny_odds.expected_turns(cinqmille.Rules())
    with pytest.raises(InvalidRules, match="trwavril.Rules"):
        trwavril_odds.win_probability(dripeul.Rules())
    with pytest.raises(InvalidRules, match="dripeul.Rules"):
        dripeul_odds.win_probability(trwavril.Rules())
    assert trwavril_odds.win_probability(None) == trwavril_odds.win_probability()


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("players", [0, 7, True, 2.0, "2"])
def test_player_count_is_a_rules_error_in_every_game(key, players):
    with pytest.raises(InvalidRules, match="1 to 6 players"):
        GAMES[key].new_state(None, players)
    with pytest.raises(InvalidRules, match="1 to 6 players"):
        GAMES[key].Game(players=players)


def test_seveny_with_5000_rules_is_refused_at_once():
    with pytest.raises(InvalidRules, match="seveny.Rules"):
        seveny.new_state(cinqmille.Rules())
    with pytest.raises(InvalidRules):
        seveny.Game(rules=cinqmille.Rules())


# ------------------------------------------------------------------ item 10: arguments
@pytest.mark.parametrize("call", [
    lambda: dripeul_odds.advise((1, 1, 2, 3, 5), rolls_left=1, level=3, locked=0),
    lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), hand=0),
    lambda: seveny_odds.advise(None),
    lambda: dripeul_odds.advise(None, rolls_left=1, level=3),
    lambda: trwavril_odds.advise(None, rolls_left=1, barred=(), parapluies=4),
    lambda: cinqmille_odds.advise(None, turn_points=0, score=0),
    lambda: seveny.settable((), (1,) * 8),
    lambda: seveny.settable((2, 2), (1, 2, 3, 4, 5)),
    lambda: seveny.settable((), ()),
], ids=["locked=0", "hand=0", "seveny dice=None", "dripeul dice=None", "trwavril dice=None",
        "5000 dice=None", "eight dice", "impossible hand", "no dice"])
def test_bad_dice_arguments_are_invalid_dice(call):
    with pytest.raises(InvalidDice):
        call()


@pytest.mark.parametrize("key,call", [
    ("dripeul", lambda o: dripeul_odds.advise((1, 1, 2, 3, 5), rolls_left=1, level=3, objective=o)),
    ("trwavril", lambda o: trwavril_odds.advise((1, 2, 3, 6), rolls_left=1, barred=(),
                                           parapluies=4, objective=o)),
    ("cinqmille", lambda o: cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=0,
                                             objective=o)),
    ("seveny", lambda o: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), objective=o)),
])
@pytest.mark.parametrize("bad", [["p_win"], {"x": 1}, 3, "p_lose"])
def test_objective_must_be_a_known_name(key, call, bad):
    with pytest.raises(DicelabError, match="objective must be one of"):
        call(bad)


def test_advice_best_and_find_raise_dicelab_errors():
    empty = advice_mod.Advice("p_win", True, ())
    with pytest.raises(DicelabError, match="no choice"):
        _ = empty.best
    with pytest.raises(DicelabError, match="not a choice"):
        empty.find(Stop())
    a = dripeul_odds.advise((2, 2, 2, 4, 6), rolls_left=2, level=3)
    with pytest.raises(DicelabError, match=r"Roll\(keep=\(1,\)\) is not one of the \d+ choices"):
        a.find(Roll((1,)))


def test_seveny_settable_only_for_dice_a_hand_can_roll():
    assert seveny.settable((1, 1, 1, 1, 1, 1), (6,)) == ((6,),)
    with pytest.raises(InvalidDice, match="1 to 1 dice"):
        seveny.settable((1, 1, 1, 1, 1, 1), (6, 6))


@pytest.mark.parametrize("call,word", [
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), score=10**100), "score"),
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), score=-1), "score"),
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), memorised=1.5), "memorised"),
    (lambda: cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=10**6, score=0,
                              rules=cinqmille.Rules(dice=6)), "turn points"),
    (lambda: cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=0, opened="yes"),
     "opened"),
    (lambda: trwavril_odds.advise_resolution((5, 5, 5, 5), barred=(), parapluies=0), "parapluies"),
    (lambda: trwavril_odds.advise_resolution((5, 5, 5, 5), barred=(1, 2, 3, 4, 5, 6),
                                        parapluies=2), "already won"),
    (lambda: cinqmille_odds.p_bust(1.5), "n must be"),
    (lambda: trwavril_odds.flip_effect((), True, parapluies=2), "card"),
])
def test_out_of_range_arguments_name_the_problem(call, word):
    with pytest.raises(DicelabError, match=word):
        call()


def test_5000_advice_never_offers_an_impossible_bank():
    a = cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=2000, score=4000,
                         rules=cinqmille.Rules(dice=6))
    banks = [c.label for c in a if isinstance(c.action, Bank)]
    assert banks and all("bank 2100" in b or "bank 2050" in b or "2150" in b for b in banks)


@pytest.mark.parametrize("choice", [(2,), [2], np.int64(2), 2])
def test_resolve_choice_is_one_number_in_both_reroll_games(choice):
    assert Resolve(choice) == Resolve(2) and type(Resolve(choice).choice) is int
    # Dripeul: a carré of 2 removes any one token
    g = dripeul.Game(seed=1)
    g.apply(Roll(()), dice=[2, 2, 2, 2, 5])
    g.apply(Stop())
    g.apply(Resolve(choice))
    assert 2 not in g.state.tokens[0]
    # Trwavril: a carré of 2 flips card 1, 2 or 3
    t = trwavril.Game(seed=1)
    t.apply(Roll(()), dice=[2, 2, 2, 2])
    t.apply(Stop())
    t.apply(Resolve(choice))
    assert t.state.barred[0] == (2,)


@pytest.mark.parametrize("bad", [(), 2.0, True, "2", [1, "x"]])
def test_resolve_refuses_what_is_not_a_choice(bad):
    with pytest.raises(IllegalMove, match="choice"):
        Resolve(bad)


@pytest.mark.parametrize("computer,word", [
    ("optimal", "seat number"), (1.5, "seat number"), ({"0": "random"}, "seats are whole"),
    ({5: "random"}, "from 0 to 1"), ({1: "genius"}, "unknown player kind"), ([True], "seats"),
])
def test_computer_seats_are_checked_with_clear_errors(computer, word):
    with pytest.raises(DicelabError, match=word):
        policies.check_computer(computer, 2)


def test_play_refuses_bad_computer_seats_with_a_dicelab_error():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    for bad in ("optimal", 1.5, {"0": "random"}):
        with pytest.raises(DicelabError):
            play("trwavril", seed=1, players=2, computer=bad)


def test_simulate_checks_its_arguments():
    with pytest.raises(DicelabError, match="games"):
        simulate.simulate("trwavril", games=10**9)
    with pytest.raises(InvalidRules, match="trwavril.Rules"):
        simulate.simulate("trwavril", rules=dripeul.Rules(), games=1)
    with pytest.raises(DicelabError, match="one policy per player"):
        simulate.simulate("trwavril", players=2, policy=[policies.optimal()], games=1)
    with pytest.raises(DicelabError, match="games"):
        simulate.simulate_fast("trwavril", games=10**9)


# ------------------------------------------------------------------ refused calls change nothing
@pytest.mark.parametrize("key", GAMES)
def test_refused_actions_leave_the_game_unchanged(key):
    g = _in_play(key)
    before = g.to_json()
    for action in (Resolve(7), Roll((6, 6, 6, 6, 6, 6)), Bank((6, 6, 6))):
        with pytest.raises(DicelabError):
            g.apply(action)
        assert g.to_json() == before
    roll = next(a for a in g.legal_actions() if isinstance(a, Roll))
    for dice in ([7], "12", [1.5], [1] * 9):  # hand-set dice for a legal roll
        with pytest.raises(DicelabError):
            g.apply(roll, dice=dice)
        assert g.to_json() == before


@pytest.mark.parametrize("key", GAMES)
def test_refused_advice_leaves_the_state_unchanged(key):
    g = _in_play(key)
    state = g.state
    with pytest.raises(DicelabError):
        ENGINES[key].advise_state(state, objective=["nope"])
    assert g.state is state and g.to_json() == _in_play(key).to_json()


# ------------------------------------------------------------------ item 11: bounded work
@pytest.mark.parametrize("call,word", [
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), memorised=10**6), "memorised"),
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), memorised=10**9), "memorised"),
    (lambda: seveny_odds.expected_turn_points(cap=10**6), "cap"),
    (lambda: seveny_odds.expected_turns(seveny.Rules(target=1000)), "targets up to 100"),
    (lambda: seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), rules=seveny.Rules(target=101)),
     "up to 100"),
    (lambda: seveny_odds.turn_points_distribution(10**6), "threshold"),
    (lambda: cinqmille_engine.turns_distribution(max_turns=10**9), "max_turns"),
    (lambda: seveny_engine.turns_distribution(max_turns=10**9), "max_turns"),
])
def test_size_arguments_are_bounded_with_a_clear_error(call, word, monkeypatch):
    def work(*args, **kwargs):
        raise AssertionError("the work started before the argument was checked")

    # refused before any solve: every solver entry point fails the test if reached
    for mod, name in [(seveny_engine, "_solve"), (seveny_engine, "_points_table"),
                      (seveny_engine, "_outcome_matrix"), (seveny_engine, "turn_outcome_matrix"),
                      (cinqmille_engine, "turn_outcome_matrix")]:
        monkeypatch.setattr(mod, name, work)
    with pytest.raises(DicelabError, match=word):
        call()


def test_large_seveny_targets_can_still_be_played():
    g = seveny.Game(rules=seveny.Rules(target=1000), seed=1)
    g.apply(Roll(()))
    assert g.state.phase in ("choose", "start")
    assert seveny.Rules(target=seveny.MAX_TARGET).target == seveny.MAX_TARGET


def test_counting_sizes_are_bounded():
    from dicelab.analysis import counting

    with pytest.raises(DicelabError, match="simulated rolls"):
        counting.simulate_event("brelan", 5, rolls=10**9)
    with pytest.raises(DicelabError, match="target"):
        counting.turns_to_target_moments({1: 1.0}, 10**6)
    with pytest.raises(DicelabError, match="max_turns"):
        counting.turns_to_target_distribution({1: 1.0}, 5, 10**9)


# ------------------------------------------------------------------ item 12: 5000 menus
def test_5000_defaults_follow_the_dice_count_in_rules_and_menus():
    assert cinqmille.Rules.CHOICES["opening"][0] is None
    assert cinqmille.Rules.CHOICES["min_bank"][0] is None
    r6 = cinqmille.Rules(dice=6, opening=None, min_bank=None)
    assert (r6.opening, r6.min_bank) == (700, 300) and r6 == cinqmille.Rules(dice=6)
    assert labels.chosen_value(cinqmille.Rules(dice=6), "opening") is None
    assert labels.chosen_value(cinqmille.Rules(), "min_bank") is None
    assert labels.chosen_value(cinqmille.Rules(opening=1000), "opening") == 1000
    assert labels.chosen_value(dripeul.Rules(level=1), "level") == 1
    # a menu built from chosen values keeps following the dice count
    menu = {f: labels.chosen_value(cinqmille.Rules(), f) for f in cinqmille.Rules.CHOICES}
    menu["dice"] = 6
    assert cinqmille.Rules(**menu) == cinqmille.Rules(dice=6)
    menu["dice"] = 5
    assert cinqmille.Rules(**menu) == cinqmille.Rules()


def test_5000_app_variant_menu_follows_the_dice_count():
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets.apps import CinqMilleApp

    a = CinqMilleApp(seed=1)
    dd = a.controls.variants.dropdowns
    dd["dice"].value = 6
    a.new_game()
    assert a.game.rules == cinqmille.Rules(dice=6)
    assert (a.game.rules.opening, a.game.rules.min_bank) == (700, 300)
    dd["dice"].value = 5
    a.new_game()
    assert a.game.rules == cinqmille.Rules()
    dd["opening"].value = 1000
    dd["dice"].value = 6
    a.new_game()
    assert a.game.rules == cinqmille.Rules(dice=6, opening=1000)
    default = labels.value_label("cinqmille", "opening", None)
    # the menu's stand-in for None (ipywidgets shows None as a blank menu); options() gives None
    from dicelab.ui.widgets.controls import DEFAULT_VALUE

    assert dict(dd["opening"].options)[default] == DEFAULT_VALUE


# ------------------------------------------------------------------ labels and translations
@pytest.mark.parametrize("key", GAMES)
def test_every_rules_label_is_translated(key):
    rules = GAMES[key].Rules
    for field in rules.CHOICES:
        en, fr = labels.rules_label(key, field, "en"), labels.rules_label(key, field, "fr")
        assert en == rules.LABELS[field]
        assert fr and (fr != en or field == "parapluies"), (field, fr)
        for value in rules.CHOICES[field]:
            assert labels.value_label(rules, field, value, "fr")
    with pytest.raises(DicelabError, match="no option"):
        labels.rules_label(key, "colour")


def test_value_labels_in_both_languages():
    assert labels.value_label("5000", "keep_all_scoring", True, "fr") == "oui"
    assert labels.value_label("5000", "keep_all_scoring", False, "en") == "no"
    assert labels.value_label("trwavril", "straight", "as_written", "fr") == (
        "seulement les suites de 5 dés du texte")
    assert labels.value_label("dripeul", "level", 0, "fr") == "0 — très difficile"
    assert labels.field_choices("5000", "opening", "fr")[0] == (
        "par défaut (750 avec 5 dés, 700 avec 6)", None)


def _errors_of(key: str) -> list[DicelabError]:
    """A sample of errors each game raises: bad actions, rules, advice arguments."""
    mod = GAMES[key]
    calls = [
        lambda: mod.new_state(OTHER[key].Rules()),
        lambda: mod.new_state(None, 9),
        lambda: mod.step(mod.new_state(), Stop() if key != "dripeul" else Resolve(1)),
        lambda: ENGINES[key].advise_state(None),
        lambda: _in_play(key).apply(Roll((6, 6, 6, 6, 6, 6))),
    ]
    out = []
    for call in calls:
        with pytest.raises(DicelabError) as e:
            call()
        out.append(e.value)
    return out


@pytest.mark.parametrize("key", GAMES)
def test_error_messages_are_translated(key):
    for err in _errors_of(key):
        en, fr = err.message("en"), err.message("fr")
        assert en == str(err)
        assert fr != en and "{" not in fr, (en, fr)


def test_error_messages_echo_at_most_a_brief_bad_value():
    with pytest.raises(DicelabError) as e:
        dripeul.new_state({"x" * 10_000: 1})
    assert len(str(e.value)) < 250
    with pytest.raises(DicelabError) as e:
        seveny_odds.advise((1, 2, 3, 4, 5, 6, 6), score=10**5000)
    assert len(str(e.value)) < 200 and "digits" in str(e.value)


def test_advice_ranking_does_not_depend_on_the_language():
    """Labels break ties in ranking: the engines rank with English labels whatever the
    language, so play, advice and simulation agree in French and English."""
    from dicelab.core.i18n import using

    def ranked():
        a = dripeul_odds.advise_resolution((4, 4, 4, 4, 4), tokens=(1, 5, 6), level=2)
        b = trwavril_odds.advise_resolution((2, 2, 2, 2), barred=(), parapluies=4)
        return [c.action for c in a] + [c.action for c in b], [c.label for c in b]

    with using("en"):
        en = ranked()
    with using("fr"):
        fr = ranked()
    assert en == fr and en[1][0].startswith("flip card")


def test_unknown_game_is_a_dicelab_error_and_a_key_error():
    from dicelab.registry import UnknownGame, get

    for bad in ("yahtzee", None, 5):
        with pytest.raises(UnknownGame, match="Dripeul 5, Trwavril, 5000, Seveny"):
            get(bad)
    assert issubclass(UnknownGame, DicelabError) and issubclass(UnknownGame, KeyError)
    with pytest.raises(DicelabError, match="no game"):
        simulate.simulate("yahtzee", games=1)
    with pytest.raises(DicelabError) as e:
        labels.rules_label("yahtzee", "x")
    assert e.value.message("fr").startswith("pas de jeu")


def test_dripeul_figures_are_the_games_words_in_every_language():
    """Outcomes are game data (events, saves, the cached figure table): never translated."""
    from dicelab.core.i18n import using

    dripeul._figure.cache_clear()
    with using("en"):
        en = dripeul.resolutions((1, 2, 2, 4, 6))
    with using("fr"):
        fr = dripeul.resolutions((1, 2, 2, 4, 6))
    assert en == fr and en[0].figure == "rien"


# -----------------------------------------------------------------
import itertools  # noqa: E402

import dicelab  # noqa: E402
from dicelab.core.errors import MAX_MESSAGE, InvalidSave  # noqa: E402


@pytest.mark.parametrize("call", [
    lambda t: dripeul_odds.advise((1, 2, 3, 4, 5), rolls_left=2, level=3, tokens=t),
    lambda t: trwavril_odds.duel_win_probability(barred=t),
    lambda t: trwavril_odds.duel_win_probability(barred=(t, ())),
    lambda t: trwavril_odds.duel_win_probability(parapluies=t),
    lambda t: cinqmille_odds.duel_win_probability(scores=t),
    lambda t: seveny_odds.duel_win_probability(scores=t),
    lambda t: trwavril_engine_start_value(t),
])
@pytest.mark.parametrize("endless", [lambda: range(10**12), lambda: itertools.count(1)])
def test_collections_are_read_with_a_bound(call, endless):
    """range(10**12) raised MemoryError, an endless generator hung: at most what a game
    can hold is read, then refused."""
    with pytest.raises(DicelabError):
        call(endless())


def trwavril_engine_start_value(barred):
    from dicelab.engine.trwavril import solo as engine

    return engine.start_value(barred, 4)


def test_numpy_collections_and_integers_are_taken_like_python_ones():
    a = dripeul_odds.advise((1, 2, 3, 4, 5), rolls_left=2, level=3, tokens=np.array([1, 2, 3]))
    b = dripeul_odds.advise((1, 2, 3, 4, 5), rolls_left=2, level=3, tokens=[1, 2, 3])
    assert a == b
    assert trwavril_odds.duel_win_probability(to_play=np.int64(1)) == pytest.approx(
        trwavril_odds.duel_win_probability(to_play=1), abs=1e-12)
    assert trwavril.Game(players=np.int64(2)).players == 2
    assert type(trwavril.new_state(None, np.int64(3)).players) is int


@pytest.mark.parametrize("bad", [{"game": {}}, {"game": []}, [], {"game": None}, 3])
def test_review_of_what_is_not_a_save_is_an_invalid_save(bad):
    with pytest.raises(InvalidSave):
        dicelab.review(bad)


@pytest.mark.parametrize("options,word", [
    ({"threshold_points": "x"}, "threshold_points"),
    ({"threshold_points": 10**5000}, "threshold_points"),
    ({"threshold_points": float("nan")}, "threshold_points"),
    ({"threshold_points": -1}, "threshold_points"),
    ({"threshold_turns": float("inf")}, "threshold_turns"),
    ({"animate": "yes"}, "animate"),
    ({"show_odds": "yes"}, "show_odds"),
    ({"coach": 1}, "coach"),
    ({"allow_undo": None}, "allow_undo"),
    ({"bogus_option": 1}, "bogus_option"),
    ({"objective": np.array(["p_win"])}, "objective"),
    ({"objective": np.array(["p_win", "p_win"])}, "objective"),
])
def test_app_options_of_the_wrong_kind_are_dicelab_errors(options, word):
    from dicelab.ui import widgets

    with pytest.raises(DicelabError, match=word) as e:
        widgets.play("trwavril", seed=1, **options)
    assert e.value.message("fr") != str(e.value)  # translated


def test_apps_take_numpy_integers_and_booleans():
    from dicelab.ui import widgets

    app = widgets.play("trwavril", seed=np.int64(3), players=np.int64(2),
                       show_odds=np.bool_(True), threshold_points=np.float64(2.5))
    assert app.game.players == 2 and app.game.seed == 3
    assert app.controls.threshold_points.value == 2.5
    app.close()


def test_to_play_and_objective_arrays_are_refused_clearly():
    with pytest.raises(DicelabError, match="to_play"):
        trwavril_odds.duel_win_probability(to_play=np.array([0, 1]))
    with pytest.raises(DicelabError, match="objective"):
        cinqmille_odds.advise((1, 5, 2, 3, 3), turn_points=0, score=1000,
                         objective=np.array(["a", "b"]))
    with pytest.raises(DicelabError, match="objective"):
        seveny_odds.advise_state(seveny.new_state(None), objective=np.array(["a", "b"]))


def test_parse_number_refuses_a_huge_whole_number():
    from dicelab.ui import teaching

    with pytest.raises(teaching.TeachingError):
        teaching.parse_number(10**5000)


def _tampered_saves():
    """Saves tampered where the issue found 210-character messages: long step numbers,
    long actions, long dice, nested errors."""
    import json

    g = cinqmille.Game(seed=123456789012345678, players=6)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(g.legal_actions()[-1])
    d = g.to_dict()
    for i, step in enumerate(d["steps"]):
        for r in step["rolls"]:
            forged = json.loads(json.dumps(d))
            forged["steps"][i]["rolls"][0] = dict(r, dice=[x % 6 + 1 for x in r["dice"]])
            yield json.dumps(forged)
        forged = json.loads(json.dumps(d))
        forged["steps"][i]["action"] = {"type": "roll", "keep": [1] * 200}
        yield json.dumps(forged)
    yield json.dumps(dict(d, rules={"dice": 5, "opening": "x" * 500}))
    yield json.dumps(dict(d, steps=[{"action": {"type": "x" * 300}, "rolls": []}]))


def test_every_invalid_save_message_is_under_200_characters():
    n = 0
    for text in _tampered_saves():
        with pytest.raises(InvalidSave) as e:
            cinqmille.Game.from_json(text)
        for lang in ("en", "fr"):
            assert len(e.value.message(lang)) <= MAX_MESSAGE < 200, e.value.message(lang)
        assert len(str(e.value)) <= MAX_MESSAGE
        n += 1
    assert n > 20
    long = InvalidSave("cannot load this {game} game: {error}", game="5000",
                       error=InvalidSave("{where}: {error}", where="step 12345",
                                         error=DicelabError("x" * 500)))
    for lang in ("en", "fr"):
        assert len(long.message(lang)) <= MAX_MESSAGE and long.message(lang).startswith(
            "cannot load" if lang == "en" else "impossible de charger")


def test_numpy_integers_are_whole_numbers_everywhere():
    from dicelab.analysis import counting
    from dicelab.ui import teaching

    assert counting.check_dice_count(np.int64(3)) == 3
    assert teaching.parse_seed(np.int64(5)) == 5
    assert teaching.parse_seed(np.uint32(7)) == 7
    g = trwavril.Game(seed=2)
    g.apply(Roll(()), dice=[5, 5, 2, 5])
    g.apply(Roll((5, 5)))
    assert dicelab.review(g, players=[np.int64(0)], why=False).rows == dicelab.review(
        g, players=[0], why=False).rows
    from dicelab.ui.widgets import play

    app = play(
        "trwavril", seed=1, players=np.int64(2), computer={np.int64(1): "optimal"})
    assert app.game.players == 2
    app.close()
