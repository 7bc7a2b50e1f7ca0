"""Undo cannot fish for dice (issue 32 §1), in every game of the registry.

Undo takes back a decision, never the dice: the dice the undone step drew go back to the
front of the seed's stream, so rolling again throws them again; deciding otherwise is
allowed, and its dice are the stream's next ones.  Checked on the runner, in the play
session (what the apps and the terminal call) and in the terminal.
"""

from __future__ import annotations

import io
import json
import random

import pytest

from dicelab.core.dice import make_rng, roll
from dicelab.games import Roll
from dicelab.registry import REGISTRY
from dicelab.ui.session import PlaySession
from dicelab.ui.terminal import TerminalPlay

KEYS = list(REGISTRY)


def stream(seed: int, n: int = 40) -> tuple[int, ...]:
    """The seed's first ``n`` dice, one after another."""
    rng = make_rng(seed)
    return roll(rng, 20) + roll(rng, n - 20)


def drawing_actions(game):
    """The legal actions that roll dice now, with how many dice each rolls."""
    out = []
    for a in game.legal_actions():
        n = game.definition.step(game.state, a)[0].to_roll
        if n:
            out.append((a, n))
    return out


@pytest.mark.parametrize("key", KEYS)
def test_roll_undo_roll_gives_the_same_dice(key):
    mod = REGISTRY[key].rules
    for seed in (1, 2026, 77):
        g = mod.Game(players=min(2, mod.MAX_PLAYERS), seed=seed)
        g.apply(Roll(()))
        first = g.rolls[-1].dice
        assert first == stream(seed)[:len(first)]
        for _ in range(3):  # as often as the student likes
            g.undo()
            g.apply(Roll(()))
            assert g.rolls[-1].dice == first
        assert "discarded" not in json.dumps(g.to_dict())


@pytest.mark.parametrize("key", KEYS)
def test_decide_undo_decide_otherwise_follows_the_same_stream(key):
    """A decision that rolls, undone, then another one: allowed, and its dice are the
    stream's next ones (the undone dice first, then new ones if it rolls more)."""
    mod = REGISTRY[key].rules
    checked = 0
    for seed in range(40):
        g = mod.Game(players=min(2, mod.MAX_PLAYERS), seed=seed)
        g.apply(Roll(()))
        used = len(g.rolls[-1].dice)
        choices = drawing_actions(g)
        if len(choices) < 2:
            continue
        r = random.Random(seed)
        (a, _n), (b, _m) = r.sample(choices, 2)
        g.apply(a)
        got_a = sum((x.dice for x in g.rolls[1:]), ())
        g.undo()
        assert g.undone == got_a
        g.apply(b)  # deciding otherwise after an undo is allowed
        got_b = sum((x.dice for x in g.rolls[1:]), ())
        s = stream(seed)
        assert got_a == s[used:used + len(got_a)]
        assert got_b == s[used:used + len(got_b)]
        assert all(x.source == "rng" for x in g.rolls)
        h = mod.Game.from_json(g.to_json())  # the save holds it, and checks it
        assert h.rolls == g.rolls and h.undone == g.undone
        checked += 1
    if not checked:  # e.g. a one-die game: rolling on is the only decision that rolls
        pytest.skip(f"{key} never offers two decisions that roll dice")
    assert checked >= 5


@pytest.mark.parametrize("key", KEYS)
def test_the_session_undo_gives_back_the_same_dice(key):
    """What the apps' and the terminal's Undo call."""
    s = PlaySession(key, seed=2026, players=1, lang="en")
    s.apply(Roll(()))
    first = s.state.dice
    s.undo()
    s.apply(Roll(()))
    assert s.state.dice == first == stream(2026)[:len(first)]
    assert [r.dice for r in s.game.rolls] == [first]  # the review reads the first throw


@pytest.mark.parametrize("key", KEYS)
def test_the_apps_undo_gives_back_the_same_dice(key):
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    app = play(key, seed=5, lang="fr", coach_prompt=False)
    try:
        assert app.roll()
        first = app.state.dice
        assert app.undo_button.tooltip == (
            "Défaire le dernier coup\u202f; les dés restent les mêmes (touche U)")
        assert app.undo()
        assert " ".join(map(str, first)) in app.message.value
        assert "seule une décision peut être reprise" in app.message.value
        assert app.roll()
        assert app.state.dice == first == stream(5)[:len(first)]
    finally:
        app.close()


def test_the_terminal_undo_gives_back_the_same_dice():
    out = io.StringIO()
    s = PlaySession("trwavril", seed=1, lang="en")
    t = TerminalPlay(s, io.StringIO("1\nundo\n1\nquit\n"), out)
    t.run()
    text = out.getvalue()
    first = stream(1)[:4]
    assert s.state.dice == first and [r.dice for r in s.game.rolls] == [first]
    assert "Move taken back: roll the dice. Rolling again throws the same dice (3 4 5 6)" in text


def test_the_review_and_luck_split_count_the_dice_thrown_first():
    """No second roll any more: the luck split of roll → undo → roll → decide is the one of
    roll → decide, the first throw's dice, from the seed."""
    from dicelab.analysis import luck

    mod = REGISTRY["trwavril"].rules
    plain, undone = mod.Game(seed=3), mod.Game(seed=3)
    plain.apply(Roll(()))
    undone.apply(Roll(()))
    undone.undo()
    undone.apply(Roll(()))
    keep = plain.state.dice[:2]
    for g in (plain, undone):
        g.apply(Roll(keep))
    a, b = luck.analyse(plain, "en"), luck.analyse(undone, "en")
    assert [r.dice for r in b.rows] == [r.dice for r in a.rows]
    assert b.rows[0].dice == stream(3)[:4] and b.rows[0].source == "rng"
    assert [r.luck for r in b.rows] == pytest.approx([r.luck for r in a.rows], abs=1e-12)
