"""The last gaps of the reliability audit (issue 30 §4): a hand-set roll with no decision
after it is flagged by the review, huge counts are refused as counts, an endless list of
class files is bounded, an uploaded save may be text, a missing file is said so."""

from __future__ import annotations

import itertools

import pytest

import dicelab
from dicelab.analysis import luck
from dicelab.analysis.policies import optimal
from dicelab.core.errors import DicelabError, InvalidSave
from dicelab.games._base import RollRecord
from dicelab.registry import REGISTRY, get
from dicelab.ui.teaching import numbers, pooling
from dicelab.ui.widgets.saveload import load_upload

HUGE = 10**5000


# ------------------------------------------------------------------ a hand-set last roll
def _ending_with_a_hand_roll(key: str, seed: int = 3) -> tuple:
    """A seeded game played by the optimal player until an action rolls, that last roll's
    dice set by hand (the same dice the generator would throw): the save's last roll is
    ``hand`` and no decision comes after it."""
    mod = get(key).rules
    best = optimal()
    probe, g = mod.Game(seed=seed), mod.Game(seed=seed)
    while True:
        action = best(probe.state)
        rolls = len(probe.rolls)
        probe.apply(action)
        if len(probe.rolls) > rolls and len(probe.actions) >= 3 and (
                len(probe.legal_actions()) > 1):
            g.apply(action, dice=list(probe.rolls[-1].dice))
            return g, probe.rolls[-1].dice
        g.apply(action)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_review_flags_a_hand_set_last_roll(key):
    g, dice = _ending_with_a_hand_roll(key)
    assert g.rolls[-1].source == "hand" and not g.is_over
    save = g.to_json()
    for lang, words in (("en", "set by hand and no decision after it"),
                        ("fr", "à la main")):
        r = dicelab.review(save, lang=lang)
        last = g.rolls[-1]
        assert r.unmarked_hand_rolls == (RollRecord(last.step, tuple(dice), "hand"),)
        assert not any(x.step > last.step for x in r.rows)  # in no row
        text = r.hand_rolls_text(lang)
        assert words in text and " ".join(map(str, dice)) in text
        assert f"({'move' if lang == 'en' else 'coup'} {last.step + 1})" in text
        page = r.to_html(lang)
        assert 'class="dicelab-hand-set"' in page and words in page
    # the luck report flags the same roll
    rep = luck.analyse(g)
    assert rep.rows[-1].kind == "roll" and rep.rows[-1].hand_set
    # a roll that a row shows is not listed again; a game of the generator lists nothing
    assert dicelab.review(get(key).rules.Game(seed=3)).unmarked_hand_rolls == ()


def test_the_terminal_review_says_the_hand_set_last_roll():
    from dicelab.ui.terminal import review_text

    g, _dice = _ending_with_a_hand_roll("trwavril")
    text = review_text(dicelab.review(g, lang="fr"), "fr")
    assert "⚠ " + dicelab.review(g, lang="fr").hand_rolls_text("fr") in text


def test_a_hand_roll_of_a_seat_not_reviewed_is_not_listed():
    from dicelab.games import trwavril
    from dicelab.games._base import Roll

    g = trwavril.Game(seed=1, players=2)
    g.apply(Roll(()), dice=[5, 5, 2, 5])  # player 1's roll (seat 0), not decided yet
    assert [r.step for r in dicelab.review(g).unmarked_hand_rolls] == [0]
    g.apply(Roll((5, 5, 5)))  # now a decision follows it: its row marks it
    rows = dicelab.review(g).rows
    assert rows[0].hand_set and dicelab.review(g).unmarked_hand_rolls == ()
    r = dicelab.review(g, players=[1])
    assert r.rows == () and r.unmarked_hand_rolls == ()


# ------------------------------------------------------------------ huge counts
@pytest.mark.parametrize("call", [
    lambda: numbers.parse_count(HUGE),
    lambda: numbers.parse_count(-HUGE),
    lambda: pooling.check_counts(HUGE, 10),
    lambda: pooling.check_counts(3, HUGE),
    lambda: pooling.share_code(pooling.BRELAN_FIVE_DICE, HUGE, 10, "7"),
    lambda: pooling.share_code(pooling.BRELAN_FIVE_DICE, 3, HUGE, "7"),
    lambda: numbers.parse_count("²"),
    lambda: numbers.parse_count("1²"),
    lambda: numbers.parse_seed("²"),
    lambda: numbers.parse_seed("①"),
])
def test_huge_and_odd_counts_are_teaching_errors(call):
    with pytest.raises(numbers.TeachingError) as e:
        call()
    assert len(e.value.message("fr")) <= 199 and "digits" not in str(e.value)[:20]


def test_counts_still_read_what_they_read():
    import numpy as np

    assert numbers.parse_count(" 12 ") == 12 and numbers.parse_count(np.int64(7)) == 7
    assert numbers.parse_count(100_000) == 100_000 and numbers.parse_seed("2024") == 2024
    assert pooling.check_counts(3, 20) == (3, 20)
    assert pooling.share_code(pooling.BRELAN_FIVE_DICE, 4, 20, "7").startswith("BRL5-7-20-4-")
    with pytest.raises(numbers.TeachingError, match="more successes"):
        pooling.check_counts(21, 20)
    with pytest.raises(numbers.TeachingError, match="at most 100000 trials"):
        pooling.check_counts(3, 100_001)


# ------------------------------------------------------------------ class summary
def test_class_summary_of_an_endless_generator_is_refused_at_once():
    seen = []

    def endless():
        for k in itertools.count():
            seen.append(k)
            yield "{not a game"

    with pytest.raises(DicelabError, match="at most 500 saved games"):
        luck.class_summary(endless())
    assert len(seen) == luck.MAX_CLASS_GAMES + 1  # bounded, and nothing analysed
    with pytest.raises(DicelabError, match="a list of saved games"):
        luck.class_summary("game.json")  # a path, not a list of them
    assert luck.class_summary([]).entries == ()


# ------------------------------------------------------------------ uploads and files
def test_an_uploaded_save_may_be_text_or_bytes():
    from dicelab.games import trwavril
    from dicelab.games._base import Roll

    g = trwavril.Game(seed=5)
    g.apply(Roll(()))
    for content in (g.to_json(), g.to_json().encode(), bytearray(g.to_json().encode()),
                    memoryview(g.to_json().encode())):
        loaded = load_upload([{"content": content}], "trwavril")
        assert loaded.to_json() == g.to_json()
    for value, words in [
        ([{"content": "/etc/passwd"}], "not a JSON document"),  # text is never a path
        ([{"content": 10**9}], "not a saved game"),  # never bytes(10**9)
        ([{"content": None}], "too long to be a saved game"),  # the Load button sends no bytes
        (5, "not a saved game"),
        ([], "choose a saved game file"),
        ("x.json", "choose a saved game file"),
        (itertools.repeat({"content": 3}), "not a saved game"),  # only the first is read
    ]:
        with pytest.raises(InvalidSave, match=words):
            load_upload(value, "trwavril")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "there is no file 'no/such/file.json'"),
    ("fr", "il n'y a pas de fichier 'no/such/file.json'"),
])
def test_review_of_a_missing_file_says_it_does_not_exist(lang, words, tmp_path):
    with pytest.raises(InvalidSave) as e:
        dicelab.review("no/such/file.json")
    assert words in e.value.message(lang) and "JSON" not in e.value.message(lang)
    with pytest.raises(InvalidSave) as e:
        dicelab.review(tmp_path / "partie.json")
    assert "partie.json" in e.value.message(lang) and "JSON" not in e.value.message(lang)
    with pytest.raises(InvalidSave, match="not a JSON document"):
        dicelab.review("nonsense")  # not a file name: read as a (bad) save
