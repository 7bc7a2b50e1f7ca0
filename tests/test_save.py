"""Saved games (items 1–3 and 8): evidence of the dice, limits, and clear errors.

A save stores no generator state: loading draws every roll marked ``"rng"`` (and every
thrown-away draw) again from the seed, in order, and refuses any mismatch.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from dataclasses import dataclass, replace

import numpy as np
import pytest

from dicelab import IllegalMove, InvalidDice, InvalidRules, InvalidSave
from dicelab.core.errors import brief
from dicelab.games import Roll, saves
from dicelab.games._base import (
    MAX_ROLLS_PER_ACTION,
    MAX_SAVE_CHARS,
    MAX_SAVE_DIGITS,
    MAX_STEPS,
    SAVE_VERSION,
    SEED_LIMIT,
    GameDef,
    RollRecord,
)
from dicelab.games._base import Game as BaseGame
from dicelab.registry import REGISTRY

KEYS = list(REGISTRY)


def module(key):
    return REGISTRY[key].rules


def players(key):
    return min(2, module(key).MAX_PLAYERS)


def rolls_dice(game, action):
    """How many dice ``action`` rolls in the current position (0: none)."""
    return game.definition.step(game.state, action)[0].to_roll


def real_game(key, seed=3, steps=40, pick=0):
    """A game played by random legal moves with every kind of roll.

    The 1st roll is hand-set, the 2nd is replaced by a teacher, the 3rd is undone and
    played again (the same dice: undo gives them back), every other roll comes from the
    seeded generator.
    """
    g = module(key).Game(players=players(key), seed=seed)
    r = random.Random(pick)
    nroll = 0
    while len(g.actions) < steps and not g.is_over:
        a = r.choice(g.legal_actions())
        n = rolls_dice(g, a)
        if n:
            nroll += 1
        if nroll == 1 and n:
            g.apply(a, dice=[r.randint(1, 6) for _ in range(n)])
        else:
            g.apply(a)
        if nroll == 2 and n:
            g.set_dice([r.randint(1, 6) for _ in range(n)])
        if nroll == 3 and n:
            thrown = g.rolls[-1].dice
            assert g.undo() == a
            g.apply(a)
            assert g.rolls[-1].dice == thrown
            nroll += 1
    return g


@pytest.fixture(scope="module", params=KEYS)
def played(request):
    return real_game(request.param)


# ---------------------------------------------------------------- round trips
def test_real_game_records_every_source(played):
    sources = [r.source for r in played.rolls]
    assert sources[0] == "hand" and sources[1] == "teacher"
    assert set(sources[2:]) == {"rng"} and len(sources) >= 5
    data = played.to_dict()
    assert data["version"] == SAVE_VERSION == 3 and "rng" not in data
    rolled = [s for s in data["steps"] if s["rolls"]]
    assert rolled[0]["rolls"][0]["source"] == "hand"
    assert rolled[1]["rolls"][0]["source"] == "teacher"
    # the teacher's step keeps the generator's replaced dice; the step played again after
    # an undo threw the undone dice again: nothing thrown away
    assert len(rolled[1]["discarded"]) == 1 and "discarded" not in rolled[2]
    assert sum(len(s.get("discarded", [])) for s in data["steps"]) == 1
    assert [r.dice for r in played.rolls] == [
        tuple(r["dice"]) for s in data["steps"] for r in s["rolls"]
    ]


def test_real_game_round_trip_loads_and_equals(played):
    text = played.to_json()
    h = type(played).from_json(text)
    assert h.to_json() == text
    assert h.state == played.state and h.log == played.log and h.rolls == played.rolls
    assert h.actions == played.actions and h.seed == played.seed
    # the rebuilt generator continues with exactly the dice the original would roll
    g = type(played).from_json(text)
    for _ in range(6):
        if g.is_over:
            break
        a = g.legal_actions()[0]
        assert g.apply(a) == h.apply(a)
    assert g.to_json() == h.to_json()
    assert type(played).from_json(g.to_json()).state == g.state


def test_loading_draws_the_rng_rolls_again_from_the_seed(played):
    """The "rng" rolls and thrown-away draws are, in order, what the seed rolls (one die
    after another: the stream does not depend on how many dice each roll takes)."""
    from dicelab.core.dice import make_rng, roll

    data = played.to_dict()
    rng = make_rng(played.seed)
    for s in data["steps"]:
        for d in s.get("discarded", []):
            assert roll(rng, len(d)) == tuple(d)
        for r in s["rolls"]:
            if r["source"] == "rng":
                assert roll(rng, len(r["dice"])) == tuple(r["dice"])


@pytest.mark.parametrize("key", KEYS)
def test_undo_and_set_dice_in_any_order_round_trip(key):
    mod = module(key)
    for case in range(6):
        r = random.Random(case)
        g = mod.Game(players=players(key), seed=case)
        for _ in range(30):
            move = r.random()
            if move < 0.15 and g.actions:
                g.undo()
            elif move < 0.3 and g.rolls and g.rolls[-1].step == len(g.actions) - 1:
                g.set_dice([r.randint(1, 6) for _ in g.rolls[-1].dice])
            elif not g.is_over:
                a = r.choice(g.legal_actions())
                n = rolls_dice(g, a)
                hand = [r.randint(1, 6) for _ in range(n)] if n and move > 0.85 else None
                g.apply(a, dice=hand)
            text = g.to_json()
            h = mod.Game.from_json(text)
            assert h.to_json() == text and h.state == g.state and h.rolls == g.rolls


def test_same_seed_same_dice_after_undo():
    """Undo gives the dice back: the next roll throws them again, and a save holds them."""
    from dicelab.core.dice import make_rng, roll

    g = module("cinqmille").Game(seed=11)
    g.apply(Roll(()))
    first = g.rolls[-1].dice
    assert first == roll(make_rng(11), 5)
    g.undo()
    assert g.undone == first
    saved = g.to_dict()
    assert saved["undone"] == [list(first)] and "discarded" not in saved
    h = module("cinqmille").Game.from_json(json.dumps(saved))
    assert h.undone == first
    g.apply(Roll(()))
    h.apply(Roll(()))
    assert g.rolls[-1].dice == h.rolls[-1].dice == first and g.undone == ()
    assert "discarded" not in g.to_dict()["steps"][0]
    assert module("cinqmille").Game.from_json(g.to_json()).rolls == g.rolls


def test_undone_dice_that_were_not_thrown_are_refused():
    g = module("cinqmille").Game(seed=11)
    g.apply(Roll(()))
    g.undo()
    data = g.to_dict()
    data["undone"][0][0] = data["undone"][0][0] % 6 + 1
    with pytest.raises(InvalidSave, match="among the undone dice"):
        module("cinqmille").Game.from_json(json.dumps(data))
    with pytest.raises(InvalidSave, match="fields must be"):  # version 2 had no undone dice
        module("cinqmille").Game.from_json(json.dumps(dict(g.to_dict(), version=2)))


def test_version_2_saves_keep_their_thrown_away_undone_rolls():
    """A save of dicelab 0.2, where undo threw its dice away, loads as it was played: the
    undone roll stays thrown away, before the step (or at the end)."""
    from dicelab.core.dice import make_rng, roll

    rng = make_rng(11)
    undone, played, after = roll(rng, 5), roll(rng, 5), roll(rng, 5)
    doc = {"format": "dicelab-game", "version": 2, "game": "cinqmille",
           "rules": module("cinqmille").Game().to_dict()["rules"], "players": 1, "seed": 11,
           "steps": [{"action": {"type": "roll", "keep": []},
                      "rolls": [{"dice": list(played), "source": "rng"}],
                      "discarded": [list(undone)]}],
           "discarded": [list(after)]}
    g = module("cinqmille").Game.from_json(json.dumps(doc))
    assert g.rolls == [RollRecord(0, played, "rng")] and g.undone == ()
    assert g.to_dict() == dict(doc, version=SAVE_VERSION)
    g.undo()  # undo now gives back every die the step took, thrown-away ones included
    assert g.undone == undone + played + after
    g.apply(Roll(()))
    assert g.rolls[-1].dice == undone
    assert module("cinqmille").Game.from_json(g.to_json()).to_json() == g.to_json()


# ------------------------------------------------------- saves are evidence
def _rng_rolls(data):
    return [
        (i, j)
        for i, s in enumerate(data["steps"])
        for j, r in enumerate(s["rolls"])
        if r["source"] == "rng"
    ]


def test_every_single_die_edit_of_an_rng_roll_is_refused(played):
    data = played.to_dict()
    cls = type(played)
    places = _rng_rolls(data)
    assert len(places) >= 3
    tried = 0
    for i, j in places:
        dice = data["steps"][i]["rolls"][j]["dice"]
        for k in range(len(dice)):
            for v in range(1, 7):
                if v == dice[k]:
                    continue
                bad = json.loads(json.dumps(data))
                bad["steps"][i]["rolls"][j]["dice"][k] = v
                with pytest.raises(InvalidSave, match=f"step {i + 1} "):
                    cls.from_json(json.dumps(bad))
                tried += 1
    assert tried == 5 * sum(len(data["steps"][i]["rolls"][j]["dice"]) for i, j in places)


def test_every_single_die_edit_of_a_thrown_away_draw_is_refused(played):
    data = played.to_dict()
    cls = type(played)
    spots = [
        (i, k) for i, s in enumerate(data["steps"]) for k in range(len(s.get("discarded", [])))
    ]
    assert len(spots) == 1  # the teacher's replaced dice
    for i, k in spots:
        dice = data["steps"][i]["discarded"][k]
        for pos in range(len(dice)):
            bad = json.loads(json.dumps(data))
            bad["steps"][i]["discarded"][k][pos] = dice[pos] % 6 + 1
            with pytest.raises(InvalidSave, match="discarded roll"):
                cls.from_json(json.dumps(bad))
        dropped = json.loads(json.dumps(data))
        del dropped["steps"][i]["discarded"][k]
        with pytest.raises(InvalidSave):  # the generator is then out of step
            cls.from_json(json.dumps(dropped))


def test_a_hand_set_roll_cannot_be_passed_off_as_rolled(played):
    data = played.to_dict()
    bad = json.loads(json.dumps(data))
    first = next(s for s in bad["steps"] if s["rolls"])
    first["rolls"][0]["source"] = "rng"
    with pytest.raises(InvalidSave, match="marked as rolled"):
        type(played).from_json(json.dumps(bad))


def test_an_rng_roll_relabelled_as_hand_set(played):
    """The last one then loads as "hand"; an earlier one puts later draws out of step."""
    places = _rng_rolls(played.to_dict())
    data = played.to_dict()
    i, j = places[0]
    data["steps"][i]["rolls"][j]["source"] = "hand"
    with pytest.raises(InvalidSave, match="marked as rolled"):
        type(played).from_json(json.dumps(data))
    data = played.to_dict()
    i, j = places[-1]
    data["steps"][i]["rolls"][j]["source"] = "hand"
    h = type(played).from_json(json.dumps(data))
    assert h.state == played.state and h.rolls[-1].source == "hand"


@pytest.mark.parametrize("key", KEYS)
def test_a_mid_game_save_with_an_edited_last_roll_is_refused(key):
    g = module(key).Game(players=players(key), seed=21)
    g.apply(Roll(()))
    data = g.to_dict()
    roll = data["steps"][0]["rolls"][0]
    assert roll["source"] == "rng"
    roll["dice"] = [d % 6 + 1 for d in roll["dice"]]  # every die one pip more
    with pytest.raises(InvalidSave, match="step 1 .*seed 21 rolls"):
        module(key).Game.from_json(data)


def test_the_review_api_lists_hand_and_teacher_rolls():
    g = module("trwavril").Game(seed=4)
    g.apply(Roll(()), dice=[6, 6, 6, 6])
    assert g.rolls == [RollRecord(0, (6, 6, 6, 6), "hand")]
    g.undo()
    g.apply(Roll(()))
    g.set_dice([1, 2, 3, 4])
    assert g.rolls == [RollRecord(0, (1, 2, 3, 4), "teacher")]
    h = module("trwavril").Game.from_json(g.to_json())
    assert [r for r in h.rolls if r.source != "rng"] == [RollRecord(0, (1, 2, 3, 4), "teacher")]


# --------------------------------------------- the tampered generator of v0.1
HANG_CHECK = textwrap.dedent(
    """
    import json
    from dicelab.games import Roll
    from dicelab.registry import REGISTRY
    from dicelab import InvalidSave
    for key in REGISTRY:
        Game = REGISTRY[key].rules.Game
        d = Game(seed=1).to_dict()
        # v2 has no generator block: adding one is refused
        try:
            Game.from_json(json.dumps(dict(d, rng={"state": {"state": 0, "inc": 0}})))
            raise SystemExit("v2 with rng loaded")
        except InvalidSave:
            pass
        # the issue's reproduction, as a version-1 save: its generator block is ignored
        v1 = dict(d, version=1, rng={"bit_generator": "PCG64",
                                     "state": {"state": 0, "inc": 0},
                                     "has_uint32": 0, "uinteger": 0})
        g = Game.from_json(json.dumps(v1))
        g.apply(Roll(()))
        assert g.rolls[0].source == "rng", g.rolls
        fresh = Game(seed=1)
        fresh.apply(Roll(()))
        assert g.rolls == fresh.rolls
        for bad in ({"state": 1.5, "inc": True}, "junk", None, {"x": 1}):
            g = Game.from_json(json.dumps(dict(v1, rng=bad)))
            g.apply(Roll(()))
    print("ok")
    """
)


def test_tampered_generator_state_cannot_hang():
    """Run in a subprocess with a timeout so that a regression cannot hang CI."""
    out = subprocess.run(
        [sys.executable, "-c", HANG_CHECK], capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


@pytest.mark.parametrize("key", KEYS)
def test_version_1_saves_load_unchecked_and_continue_from_the_seed(key):
    g = real_game(key, seed=5, steps=12)
    v2 = g.to_dict()
    v1 = {k: v for k, v in v2.items() if k != "discarded"}
    v1.update(version=1, rng={"state": {"state": 0, "inc": 0}})
    v1["steps"] = [
        {"action": s["action"], "rolls": [r["dice"] for r in s["rolls"]]} for s in v2["steps"]
    ]
    h = module(key).Game.from_json(json.dumps(v1))
    assert h.state == g.state and h.log == g.log
    assert [r.source for r in h.rolls] == ["unchecked"] * len(g.rolls)
    assert [r.dice for r in h.rolls] == [r.dice for r in g.rolls]
    rolling = [a for a in h.legal_actions() if rolls_dice(h, a)]
    if rolling:  # the generator starts again from the seed
        from dicelab.core.dice import make_rng, roll

        h.apply(rolling[0])
        n = len(h.rolls[-1].dice)
        assert h.rolls[-1] == RollRecord(len(h.actions) - 1, roll(make_rng(5), n), "rng")
    again = module(key).Game.from_json(h.to_json())  # re-saved as version 3
    assert again.to_json() == h.to_json() and again.rolls == h.rolls
    # a version-1 save keeps its strict shape
    for bad in (dict(v1, discarded=[]), {k: v for k, v in v1.items() if k != "rng"}):
        with pytest.raises(InvalidSave):
            module(key).Game.from_json(json.dumps(bad))


# ------------------------------------------------------------ every refusal
def _doc(key="cinqmille"):
    g = module(key).Game(seed=9)
    g.apply(Roll(()))
    return g.to_dict()


def _bad_docs():
    d = _doc()
    big = "1" * 5000
    text = json.dumps(d)
    yield "nested list", "[" * 100000 + "]" * 100000
    yield "nested dict", '{"a":' * 50000 + "1" + "}" * 50000
    yield "5000-digit seed", text.replace('"seed": 9', f'"seed": {big}')
    yield "5000-digit players", text.replace('"players": 1', f'"players": -{big}')
    yield "5000-digit in rules", text.replace('"dice": 5', f'"dice": {big}')
    yield "5000-digit in dice", text.replace('"dice": [', f'"dice": [{big}, ')
    yield "5000-digit unknown field", text[:-1] + f', "x": {big}}}'
    yield "5000-digit float", text.replace('"seed": 9', f'"seed": {big}.5')
    yield "NaN", text.replace('"seed": 9', '"seed": NaN')
    yield "Infinity", text.replace('"seed": 9', '"seed": -Infinity')
    yield "too long", text[:-1] + ', "pad": "' + " " * MAX_SAVE_CHARS + '"}'
    yield "too long bytes", (text[:-1] + ', "pad": "' + " " * MAX_SAVE_CHARS + '"}').encode()
    yield "not JSON", "{not json"
    yield "bad UTF-8", b"\xff\xfe\xfa"
    yield "empty", ""
    for name, value in [("list", []), ("number", 5), ("null", None), ("string", "x")]:
        yield f"JSON {name}", json.dumps(value)
    yield "python list", [d]
    yield "python None", None
    yield "python int", 7
    for v in (True, 1.0, "2", None, 4, 0, [2]):
        yield f"version {v!r}", dict(d, version=v)
    for s in (None, -1, SEED_LIMIT, 10**4300, True, 1.5, "9", [9]):
        yield f"seed {brief(s, 20)}", dict(d, seed=s)
    for p in (True, 1.0, None, 0, 99, 10**30):
        yield f"players {p!r}", dict(d, players=p)
    yield "no seed", {k: v for k, v in d.items() if k != "seed"}
    yield "extra field", dict(d, cheat=True)
    yield "generator block", dict(d, rng={"state": {"state": 0, "inc": 0}})
    yield "format", dict(d, format="other")
    yield "game", dict(d, game="seveny")
    yield "game list", dict(d, game=["cinqmille"])
    yield "rules list", dict(d, rules=[1])
    yield "rules unknown", dict(d, rules=dict(d["rules"], x=1))
    yield "rules bad", dict(d, rules=dict(d["rules"], dice=10**5000))
    yield "steps dict", dict(d, steps={})
    yield "steps junk", dict(d, steps=[5])
    step = d["steps"][0]
    r0 = step["rolls"][0]
    for name, s in [
        ("action missing", {"rolls": step["rolls"]}),
        ("action type list", dict(step, action={"type": ["roll"], "keep": []})),
        ("action bad keep", dict(step, action={"type": "roll", "keep": 5})),
        ("action unknown field", dict(step, action={"type": "roll", "keep": [], "x": 1})),
        ("rolls not list", dict(step, rolls=r0)),
        ("bare dice in v2", dict(step, rolls=[r0["dice"]])),
        ("roll without source", dict(step, rolls=[{"dice": r0["dice"]}])),
        ("unknown source", dict(step, rolls=[dict(r0, source="magic")])),
        ("source list", dict(step, rolls=[dict(r0, source=["rng"])])),
        ("die 7", dict(step, rolls=[dict(r0, dice=[7] * 5, source="hand")])),
        ("die bool", dict(step, rolls=[dict(r0, dice=[True] * 5, source="hand")])),
        ("four dice", dict(step, rolls=[dict(r0, dice=r0["dice"][:4])])),
        ("roll missing", dict(step, rolls=[])),
        ("roll extra", dict(step, rolls=[r0, r0])),
        ("many rolls", dict(step, rolls=[r0] * (MAX_ROLLS_PER_ACTION + 1))),
        ("huge dice", dict(step, rolls=[dict(r0, dice=[1] * 10**5, source="hand")])),
        ("discarded junk", dict(step, discarded=5)),
        ("discarded wrong", dict(step, discarded=[[7]])),
        ("discarded not drawn", dict(step, discarded=[[1, 1, 1, 1, 1]] * 3)),
        ("extra step field", dict(step, note="x")),
    ]:
        yield name, dict(d, steps=[s])
    yield "discarded at the end junk", dict(d, discarded="x")
    yield "undone junk", dict(d, undone="x")
    yield "undone wrong", dict(d, undone=[[7]])
    yield "undone not drawn", dict(d, undone=[[1, 1, 1, 1, 1]] * 3)
    yield "undone in version 2", dict(d, version=2, undone=[])
    yield "repeated steps", dict(d, steps=d["steps"] * 3)


BAD = list(_bad_docs())


@pytest.mark.parametrize("doc", [doc for _, doc in BAD], ids=[name for name, _ in BAD])
def test_every_bad_document_is_an_invalid_save(doc):
    with pytest.raises(InvalidSave) as info:
        module("cinqmille").Game.from_json(doc)
    assert len(str(info.value)) < 300


def test_too_long_document_is_refused_before_parsing():
    with pytest.raises(InvalidSave, match="too long"):
        module("dripeul").Game.from_json("x" * (MAX_SAVE_CHARS + 1))


@pytest.mark.parametrize("key", KEYS)
def test_million_step_save_is_refused_unread(key):
    d = module(key).Game(seed=1).to_dict()
    step = {"action": {"type": "stop"}, "rolls": []}
    d["steps"] = [step] * 10**6
    with pytest.raises(InvalidSave, match=f"too many steps: 1000000 \\(at most {MAX_STEPS}\\)"):
        module(key).Game.from_json(d)
    if key == "cinqmille":
        with pytest.raises(InvalidSave, match="too long"):
            module(key).Game.from_json(json.dumps(d))


def test_numbers_up_to_the_digit_limit_are_read():
    d = _doc()
    text = json.dumps(d).replace('"players": 1', '"players": ' + "9" * MAX_SAVE_DIGITS)
    with pytest.raises(InvalidSave, match="is played by 1 to 6 players; got 9999"):
        module("cinqmille").Game.from_json(text)
    long = json.dumps(d).replace('"seed": 9', '"seed": ' + "9" * (MAX_SAVE_DIGITS + 1))
    with pytest.raises(InvalidSave, match="digits"):
        module("cinqmille").Game.from_json(long)


def test_largest_seed_round_trips():
    g = module("seveny").Game(seed=SEED_LIMIT - 1)
    g.apply(Roll(()))
    assert module("seveny").Game.from_json(g.to_json()).rolls == g.rolls


# --------------------------------------------------------------- the seed
@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    "seed", [-1, SEED_LIMIT, 10**4300, True, 1.5, "3", [3]], ids=lambda v: brief(v, 20)
)
def test_game_refuses_seeds_beyond_the_bound(key, seed):
    with pytest.raises(InvalidRules, match="seed must be a whole number from 0 to 2\\*\\*63 - 1"):
        module(key).Game(seed=seed)


def test_game_takes_numpy_seeds_and_saves_them_as_ints():
    g = module("dripeul").Game(seed=np.int64(12))
    assert type(g.seed) is int and g.seed == 12
    assert json.loads(g.to_json())["seed"] == 12
    g.reset()
    assert 0 <= g.seed < SEED_LIMIT
    with pytest.raises(InvalidRules):
        g.reset(seed=SEED_LIMIT)


# ----------------------------------------------------- limits while playing
def test_a_game_cannot_grow_past_what_a_save_holds(monkeypatch):
    monkeypatch.setattr(saves, "MAX_STEPS", 3)
    g = module("trwavril").Game(seed=1)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    before = g.to_json()
    with pytest.raises(IllegalMove, match="too long: at most 3 actions"):
        g.apply(g.legal_actions()[0])
    assert g.to_json() == before
    monkeypatch.setattr(saves, "MAX_STEPS", 2)
    with pytest.raises(InvalidSave, match="too many steps"):
        module("trwavril").Game.from_json(before)


def test_draws_are_bounded_while_playing_and_loading(monkeypatch):
    monkeypatch.setattr(saves, "MAX_DRAWS", 4)
    g = module("cinqmille").Game(seed=1)
    for _ in range(3):
        g.apply(Roll(()))
        g.set_dice([2, 2, 3, 4, 6])  # a ballot: the turn ends, the drawn dice thrown away
    g.apply(Roll(()))
    first = g.rolls[-1].dice
    g.undo()  # undo and roll again: the same dice, no new draw
    g.apply(Roll(()))
    assert g.rolls[-1].dice == first
    g.set_dice([2, 2, 3, 4, 6])
    before = g.to_json()
    with pytest.raises(IllegalMove, match="at most 4 rolls"):
        g.apply(Roll(()))
    assert g.to_json() == before
    g.apply(Roll(()), dice=[1, 1, 1, 1, 1])  # hand-set dice draw nothing
    monkeypatch.setattr(saves, "MAX_DRAWS", 3)
    with pytest.raises(InvalidSave, match="too many rolls"):
        module("cinqmille").Game.from_json(before)


@dataclass(frozen=True)
class _Endless:
    rules: object = None
    players: int = 1
    current_player: int = 0
    to_roll: int = 0
    is_over: bool = False
    winners: tuple = ()


def _endless_def():
    """A broken game whose every roll asks for another roll."""
    return GameDef(
        key="endless", name="Endless", rules_type=type(None), min_players=1, max_players=1,
        new_state=lambda rules, n: _Endless(rules, n),
        legal_actions=lambda s: [Roll(())],
        step=lambda s, a: (replace(s, to_roll=2), []),
        roll_outcome=lambda s, dice: (replace(s, to_roll=2), [{"type": "roll", "dice": dice}]),
    )


def test_the_roll_loop_is_bounded():
    class Endless(BaseGame):
        definition = _endless_def()

    g = Endless(seed=1)
    with pytest.raises(IllegalMove, match=f"more than {MAX_ROLLS_PER_ACTION} times"):
        g.apply(Roll(()))
    assert g.actions == [] and g._draws == 0
    # the generator was put back: the next draws are the seed's first ones
    from dicelab.core.dice import make_rng, roll

    assert g._draw(2) == roll(make_rng(1), 2)


# --------------------------------------------- item 8: non-iterable dice
BAD_DICE = [5, 5.0, None, "12345", b"12345", {1: 1}, np.int64(3), np.array(4),
            list(range(10**6)), [1] * 10**6, [[1, 2]], [1, 2, 3, 4, 10**5000]]


@pytest.mark.parametrize("key", KEYS)
def test_bad_hand_set_and_teacher_dice_are_invalid_dice(key):
    g = module(key).Game(players=players(key), seed=2)
    for bad in BAD_DICE:
        if bad is None:
            continue  # apply(..., dice=None) means "roll the seeded dice"
        before = g.to_json()
        with pytest.raises(InvalidDice) as info:
            g.apply(Roll(()), dice=bad)
        assert len(str(info.value)) < 120 and g.to_json() == before and g.rolls == []
    g.apply(Roll(()))
    for bad in BAD_DICE:
        before, rolls = g.to_json(), g.rolls
        with pytest.raises(InvalidDice) as info:
            g.set_dice(bad)
        assert len(str(info.value)) < 120 and g.to_json() == before and g.rolls == rolls


def test_endless_iterables_are_read_only_as_far_as_needed():
    import itertools

    g = module("seveny").Game(seed=2)
    with pytest.raises(InvalidDice, match="at most 20 dice; got more"):
        g.apply(Roll(()), dice=itertools.repeat(1))
    g.apply(Roll(()), dice=iter([1, 2, 3, 4, 5, 6, 6]))
    with pytest.raises(InvalidDice, match="at most 20 dice"):
        g.set_dice(itertools.count(1))
    assert g.rolls == [RollRecord(0, (1, 2, 3, 4, 5, 6, 6), "hand")]


def test_item_8_messages():
    g = module("cinqmille").Game(seed=1)
    with pytest.raises(InvalidDice, match="^dice must be a list of numbers 1 to 6; got 5$"):
        g.apply(Roll(()), dice=5)
    with pytest.raises(InvalidDice, match="^dice must be a list of numbers 1 to 6; got 5$"):
        g.set_dice(5)
    with pytest.raises(InvalidDice, match="set the dice as a list"):
        g.set_dice(None)
    with pytest.raises(InvalidDice, match="a whole number of about 5001 digits"):
        g.apply(Roll(()), dice=[10**5000] * 5)


# ------------------------------------------- the generator's stream is pinned
PINNED = {  # seed 2026: what numpy's PCG64 + Generator.integers rolled when these were written
    "dripeul": [({"type": "roll", "keep": []}, [6, 2, 1, 4, 3]),
                ({"type": "roll", "keep": [3]}, [3, 1, 3, 4]),
                ({"type": "roll", "keep": [3, 4]}, [3, 5, 5])],
    "trwavril": [({"type": "roll", "keep": []}, [6, 2, 1, 4]),
                 ({"type": "roll", "keep": [2]}, [3, 3, 1]),
                 ({"type": "roll", "keep": [1, 2]}, [3, 4])],
    "cinqmille": [({"type": "roll", "keep": []}, [6, 2, 1, 4, 3]),
                  ({"type": "roll", "keep": [1]}, [3, 1, 3, 4]),
                  ({"type": "roll", "keep": [1]}, [3, 5, 5])],
    "seveny": [({"type": "roll", "keep": []}, [6, 2, 1, 4, 3, 3, 1]),
               ({"type": "bank", "keep": [1, 1, 6]}, None),
               ({"type": "roll", "keep": []}, [3, 4, 3, 5, 5, 5, 6]),
               ({"type": "roll", "keep": [5, 5, 5]}, [5, 2, 6, 4])],
}


@pytest.mark.parametrize("key", list(PINNED))  # the games saved then (a later game: none)
def test_saves_written_earlier_still_load(key):
    """A numpy upgrade that changed the dice stream would refuse every save made before it."""
    mod = module(key)
    doc = {
        "format": "dicelab-game", "version": 2, "game": key,
        "rules": json.loads(json.dumps(mod.Game().to_dict()["rules"])),
        "players": 1, "seed": 2026,
        "steps": [
            {"action": a, "rolls": [] if d is None else [{"dice": d, "source": "rng"}]}
            for a, d in PINNED[key]
        ],
    }
    g = mod.Game.from_json(json.dumps(doc))
    assert [list(r.dice) for r in g.rolls] == [d for _, d in PINNED[key] if d is not None]
    assert g.to_dict() == dict(doc, version=SAVE_VERSION)


# ------------------------------------------------------------------ fuzzing
JUNK = [None, True, False, -1, 0, 7, 2**63, 10**30, 1.5, "", "x", "rng", [], [7], [[]],
        {}, {"dice": [1]}, [1, 2, 3, 4, 5], {"type": "roll"}, [[[[[[[[[[[[1]]]]]]]]]]]]]


def _nodes(doc, path=()):
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _nodes(v, (*path, i))


def _replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


@pytest.mark.parametrize("key", KEYS)
def test_any_junk_anywhere_is_an_invalid_save_or_a_true_game(key):
    """Every node of a real save replaced by junk: InvalidSave, or a game that saves back."""
    g = real_game(key, seed=8, steps=10)
    doc = g.to_dict()
    r = random.Random(key)
    for path in _nodes(doc):
        for value in r.sample(JUNK, 4):
            bad = _replaced(doc, path, value)
            try:
                h = module(key).Game.from_json(json.dumps(bad))
            except InvalidSave:
                continue
            # it loaded: then it is a consistent game whose save loads back identically
            assert module(key).Game.from_json(h.to_json()).to_json() == h.to_json()
    text = g.to_json()
    for _ in range(200):  # character-level damage
        i = r.randrange(len(text))
        bad = text[:i] + r.choice('[]{}",:0123456789-eE.tfn ') + text[i + 1:]
        try:
            module(key).Game.from_json(bad)
        except InvalidSave:
            pass


def test_validate_dice_reads_only_what_it_needs():
    from dicelab.core.dice import validate_dice

    assert validate_dice(np.array([1, 6, 3]), 3) == (1, 6, 3)
    assert validate_dice(x for x in (2, 2)) == (2, 2)
    for bad in (np.array(3), {1: 2}, b"12", 12, None, 1.0):
        with pytest.raises(InvalidDice, match="must be a list of numbers 1 to 6"):
            validate_dice(bad)
    with pytest.raises(InvalidDice, match="^expected 2 dice, got 1000$"):
        validate_dice([1] * 1000, 2)
    with pytest.raises(InvalidDice, match="^dice: at most 20 dice; got 21$"):
        validate_dice([1] * 21)
    with pytest.raises(InvalidDice, match="^can roll 0 to 20 dice; got 21$"):
        from dicelab.core.dice import make_rng, roll

        roll(make_rng(1), 21)
