"""The game runner's and the save loader's refusals speak French and stay clear.

Each refusal is a real one, from playing or loading a game; its English text is
``str(error)`` and ``error.message("fr")`` is the whole message in French, the words
inside it (``step 3``, the error it wraps) included.
"""

from __future__ import annotations

import random

import pytest

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.core.errors import Phrase
from dicelab.core.i18n import N_, using
from dicelab.games import Roll
from dicelab.registry import REGISTRY

Trwavril = REGISTRY["trwavril"].rules.Game


def finished_game(seed: int = 4) -> Trwavril:
    """A solo Trwavril game played to its end by random legal moves."""
    g = Trwavril(seed=seed)
    r = random.Random(0)
    while not g.is_over:
        assert len(g.actions) < 1000
        g.apply(r.choice(g.legal_actions()))
    return g


def test_a_move_after_the_game_is_over():
    g = finished_game()
    with pytest.raises(IllegalMove) as info:
        g.apply(Roll(()))
    assert str(info.value) == "the game is over"
    assert info.value.message("en") == "the game is over"
    assert info.value.message("fr") == "la partie est finie"
    with using("fr"):  # the current language is the default
        assert info.value.message() == "la partie est finie"


def test_a_save_with_a_step_after_the_end():
    g = finished_game()
    data = g.to_dict()
    n = len(data["steps"])
    data["steps"].append(data["steps"][0])
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    e = info.value
    assert str(e) == f"step {n + 1}: the game is already over"
    assert e.message("fr") == f"étape {n + 1}\u00a0: la partie est déjà terminée"


def test_a_tampered_roll():
    g = Trwavril(seed=21)
    g.apply(Roll(()))
    data = g.to_dict()
    roll = data["steps"][0]["rolls"][0]
    true_dice = list(roll["dice"])
    roll["dice"] = [d % 6 + 1 for d in roll["dice"]]  # every die one pip more
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    e = info.value
    assert str(e) == (
        f"step 1 (Roll(keep=())): the dice {roll['dice']} are marked as rolled, "
        f"but seed 21 rolls {true_dice} there"
    )
    assert e.message("fr") == (
        f"étape 1 (Roll(keep=()))\u00a0: les dés {roll['dice']} sont notés comme tirés, "
        f"mais la graine 21 tire {true_dice} à cet endroit"
    )


def test_a_tampered_thrown_away_draw():
    g = Trwavril(seed=5)
    g.apply(Roll(()))
    g.set_dice([6, 6, 6, 1])  # the teacher's dice: the replaced ones are thrown away
    data = g.to_dict()
    bad = [d % 6 + 1 for d in data["steps"][0]["discarded"][0]]
    data["steps"][0]["discarded"][0] = bad
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    e = info.value
    assert str(e).startswith(f"discarded roll 1 before step 1: {bad} is not what seed 5 rolls")
    assert e.message("fr").startswith(
        f"lancer écarté n° 1 avant l'étape 1\u00a0: {bad} n'est pas ce que la graine 5 tire"
    )


@pytest.mark.parametrize("seed", [-1, 2**63, "7", 1.5])
def test_a_bad_seed(seed):
    with pytest.raises(InvalidRules) as info:
        Trwavril(seed=seed)
    e = info.value
    assert str(e).startswith("seed must be a whole number from 0 to 2**63 - 1; got ")
    assert e.message("fr").startswith(
        "la graine doit être un nombre entier de 0 à 2**63 - 1\u202f; reçu "
    )
    data = Trwavril(seed=1).to_dict()
    data["seed"] = seed
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    assert info.value.message("fr").startswith("la graine doit être un nombre entier")


def test_bad_dice_values():
    g = Trwavril(seed=1)
    with pytest.raises(InvalidDice) as info:
        g.set_dice(None)
    assert info.value.message("fr") == (
        "donnez les dés sous forme de liste de nombres de 1 à 6, par exemple [6, 6, 6, 1, 2]"
    )
    with pytest.raises(IllegalMove) as info:
        g.set_dice([1, 2, 3, 4])
    assert info.value.message("fr") == (
        "il n'y a aucun lancer à remplacer\u00a0: lancez d'abord les dés, puis fixez-les"
    )
    g.apply(Roll(()))
    data = g.to_dict()
    data["steps"][0]["rolls"][0]["dice"] = [7, 1, 1, 1]
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    e = info.value
    assert str(e).startswith("step 1: ")
    assert e.message("fr").startswith("étape 1\u00a0: ")
    assert "7" in e.message("fr")


def test_a_wrapped_error_is_translated_with_its_wrapper():
    data = Trwavril(seed=1).to_dict()
    data["players"] = 9999
    with pytest.raises(InvalidSave) as info:
        Trwavril.from_json(data)
    e = info.value
    assert str(e) == (
        "cannot load this Trwavril game: Trwavril is played by 1 to 6 players; got 9999"
    )
    assert e.message("fr") == (
        "impossible de charger cette partie de Trwavril\u00a0: Trwavril se joue de 1 à 6 "
        "joueurs\u202f; "
        "reçu 9999"
    )


def test_other_refusals_of_the_loader_and_the_runner():
    cases = [
        (lambda: Trwavril.from_json("[1, 2"), "ce n'est pas un document JSON (ligne 1, "),
        (lambda: Trwavril.from_json("NaN"), "NaN n'est pas permis dans une partie sauvegardée"),
        (lambda: Trwavril.from_json('{"format": "x"}'),
         "ce n'est pas une partie sauvegardée par dicelab"),
        (lambda: Trwavril.from_json({**Trwavril(seed=1).to_dict(), "game": "dripeul"}),
         "c'est une partie de 'dripeul', pas de 'trwavril'"),
        (lambda: Trwavril(seed=1).undo(), "il n'y a rien à défaire"),
        (lambda: Trwavril(seed=1).apply("roll"), "ce n'est pas une action\u00a0: 'roll'"),
        (lambda: Trwavril(seed=1, rules={"x": 1}), "Trwavril demande des "),
    ]
    for make, french in cases:
        with pytest.raises((IllegalMove, InvalidRules, InvalidSave)) as info:
            make()
        e = info.value
        assert e.message("fr").startswith(french), (str(e), e.message("fr"))
        assert e.message("fr") != str(e)
        assert e.message("en") == str(e)


def test_a_phrase_is_english_in_the_text_and_translated_in_the_message():
    where = Phrase(N_("before {where}"), where=Phrase(N_("step {number}"), number=3))
    e = InvalidSave("discarded rolls {where} must be a list", where=where)
    assert str(e) == "discarded rolls before step 3 must be a list"
    assert e.message("fr") == "les lancers écartés avant l'étape 3 doivent former une liste"
    with using("fr"):  # the English text does not follow the current language
        assert str(InvalidSave("{where}: x", where=Phrase(N_("step {number}"), number=2))) == (
            "step 2: x"
        )
