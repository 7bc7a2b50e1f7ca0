"""forged dice and untrusted files.  A version-2 save may mark a roll
``"unchecked"`` only where a re-saved version-1 game has one (before every checked roll);
the review counts every die the seeded generator did not throw as set by hand; a saved
file is read with a bound, and only from a regular file."""

from __future__ import annotations

import json
import os
import threading

import pytest

import dicelab
from dicelab.core.errors import InvalidSave
from dicelab.games import trwavril
from dicelab.games._base import MAX_SAVE_CHARS, Roll, Stop


def _three_steps() -> trwavril.Game:
    g = trwavril.Game(seed=1)
    g.apply(Roll(()))
    g.apply(Roll(g.state.dice[:2]))
    g.apply(Stop())
    return g


# ------------------------------------------------------------------ §5 forged dice
def test_a_version_2_save_cannot_mark_a_later_roll_unchecked():
    d = _three_steps().to_dict()
    assert d["version"] == 3 and d["steps"][1]["rolls"][0]["source"] == "rng"
    d["steps"][1]["rolls"][0] = {"dice": [6, 6], "source": "unchecked"}  # the forgery
    with pytest.raises(InvalidSave, match="unchecked"):
        dicelab.review(json.dumps(d))
    with pytest.raises(InvalidSave, match="unchecked"):
        trwavril.Game.from_json(json.dumps(d))


def test_a_version_2_save_cannot_relabel_its_real_rolls_unchecked_after_a_checked_one():
    d = _three_steps().to_dict()
    d["steps"][1]["rolls"][0]["source"] = "unchecked"  # same dice, only the label changed
    with pytest.raises(InvalidSave, match="unchecked"):
        trwavril.Game.from_json(json.dumps(d))


def _as_version_1(g: trwavril.Game) -> dict:
    v2 = g.to_dict()
    v1 = {k: v for k, v in v2.items() if k != "discarded"}
    v1.update(version=1, rng={"state": {"state": 0, "inc": 0}})
    v1["steps"] = [{"action": s["action"], "rolls": [r["dice"] for r in s["rolls"]]}
                   for s in v2["steps"]]
    return v1


def test_unchecked_dice_of_a_version_1_save_are_hand_set_in_the_review():
    g = _three_steps()
    v1 = _as_version_1(g)
    v1["steps"][1]["rolls"][0] = [6, 6]  # forged: a version-1 save cannot be checked
    r = dicelab.review(json.dumps(v1), lang="en")
    assert r.rows, "the forged game still has decisions to review"
    assert all(row.hand_set and row.source == "unchecked" for row in r.rows)
    assert "dice set by hand" in r.to_html()
    # the genuine game: every decision on rolled dice
    real = dicelab.review(g.to_json(), lang="en")
    assert real.rows and not any(row.hand_set for row in real.rows)


def test_a_resaved_version_1_game_still_loads():
    """Its unchecked rolls come first, then the rolls drawn from the seed afresh."""
    g = trwavril.Game(seed=4)
    g.apply(Roll(()))
    h = trwavril.Game.from_json(json.dumps(_as_version_1(g)))
    assert [r.source for r in h.rolls] == ["unchecked"]
    h.apply(h.legal_actions()[0])
    again = trwavril.Game.from_json(h.to_json())
    assert again.rolls == h.rolls and again.state == h.state
    assert dicelab.review(h.to_json()).rows == dicelab.review(h).rows


# ------------------------------------------------------------------ §6 untrusted files
def _refused_within(seconds: float, source) -> BaseException | None:
    """The exception ``review(source)`` raises, or fail if it takes longer than
    ``seconds`` (a daemon thread, so that a regression cannot hang the suite)."""
    out: list[BaseException | None] = []

    def run() -> None:
        try:
            dicelab.review(source)
            out.append(None)
        except BaseException as e:  # noqa: BLE001 - reported to the test
            out.append(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert out, f"review({source!r}) did not return within {seconds} s"
    return out[0]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_review_of_dev_zero_is_refused_at_once():
    e = _refused_within(20, "/dev/zero")
    assert isinstance(e, InvalidSave) and "not a regular file" in str(e)


def test_a_directory_and_a_pipe_are_refused(tmp_path):
    e = _refused_within(20, str(tmp_path))
    assert isinstance(e, InvalidSave) and "not a regular file" in str(e)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "save.json"
        os.mkfifo(fifo)  # opening it for reading would block until a writer came
        e = _refused_within(20, str(fifo))
        assert isinstance(e, InvalidSave) and "not a regular file" in str(e)


def test_a_long_file_is_refused_without_being_read_whole(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(50_000_000)  # 50 MB, sparse
    reads: list[int] = []
    real_read = os.fdopen

    def spy(*args, **kwargs):
        f = real_read(*args, **kwargs)
        inner = f.read

        def read(n=-1):
            reads.append(n)
            return inner(n)

        f.read = read
        return f

    monkeypatch.setattr(os, "fdopen", spy)
    e = _refused_within(20, str(path))
    assert isinstance(e, InvalidSave) and "too long" in str(e)
    assert reads == [MAX_SAVE_CHARS + 1]


def test_a_saved_file_at_the_limit_still_loads(tmp_path):
    g = _three_steps()
    path = tmp_path / "game.json"
    text = g.to_json()
    path.write_text(text + " " * (MAX_SAVE_CHARS - len(text.encode())), encoding="utf-8")
    assert path.stat().st_size == MAX_SAVE_CHARS
    assert dicelab.review(str(path)).rows == dicelab.review(g).rows
    path.write_text(text + " " * (MAX_SAVE_CHARS + 1 - len(text.encode())), encoding="utf-8")
    with pytest.raises(InvalidSave, match="too long"):
        dicelab.review(path)
