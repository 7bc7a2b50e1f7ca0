"""Issue 31 §3: a two-player table solved on first use is saved to the machine's cache
(``DICELAB_CACHE`` here: a temporary folder, never the user's cache), with the shipped
tables' metadata, checked the same way on loading; a damaged or stale cached file is said
and solved again (never a wrong value); writing is atomic; ``python -m dicelab tables``
fills and clears the cache."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from dicelab import TableWarning
from dicelab.analysis import tables
from dicelab.engine import race
from dicelab.engine.seveny import duel as sd
from dicelab.games.seveny import Rules
from dicelab.ui.command_line import main

SMALL = Rules(target=8)  # no shipped table; solved in about a second
NAME = sd.table_name(SMALL)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("DICELAB_CACHE", str(folder))
    sd.clear_caches()
    yield folder
    sd.clear_caches()


def _no_solve(monkeypatch):
    monkeypatch.setattr(sd, "_turn_batch", lambda *a, **k: pytest.fail("a solve started"))


def test_the_tests_never_write_the_users_cache():
    assert "dicelab-test-cache-" in os.environ["DICELAB_CACHE"]
    assert race.cache_dir() == __import__("pathlib").Path(os.environ["DICELAB_CACHE"])


def test_a_solved_table_is_cached_with_its_metadata_and_read_back(cache, monkeypatch):
    first = sd.solve_duel(SMALL)
    assert first.seconds > 0 and (cache / NAME).is_file()
    assert not [p for p in cache.iterdir() if p.name.endswith(".tmp")]
    with np.load(cache / NAME, allow_pickle=False) as z:
        assert json.loads(str(z["meta"])) == sd.table_meta(SMALL)
        assert str(z["rules"]) == repr(SMALL)
    sd.clear_caches()
    _no_solve(monkeypatch)
    assert sd.duel_ready(SMALL)
    again = sd.solve_duel(SMALL)
    assert again.seconds == 0.0
    np.testing.assert_array_equal(again.T, first.T)  # the same floats, bit for bit


def test_a_second_kernel_reads_the_cached_table(cache):
    """Another process (a second kernel) reads the table instead of solving it."""
    T = sd.solve_duel(SMALL).T
    code = textwrap.dedent("""
        import numpy as np
        from dicelab.engine.seveny import duel as sd
        from dicelab.games.seveny import Rules
        sd._turn_batch = None  # a solve would fail
        sol = sd.solve_duel(Rules(target=8))
        print(sol.seconds, float(np.asarray(sol.T)[0, 0, 0]))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "DICELAB_CACHE": str(cache)}, timeout=120,
                         check=True).stdout.split()
    assert float(out[0]) == 0.0 and float(out[1]) == float(T[0, 0, 0])


@pytest.mark.parametrize("damage", ["truncated", "engine", "rules", "nan"])
def test_a_damaged_or_stale_cached_table_is_said_and_solved_again(cache, damage):
    T = np.array(sd.solve_duel(SMALL).T)
    path = cache / NAME
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: np.array(z[k]) for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:700])
    else:
        if damage == "engine":
            meta["engine"] += 1
        elif damage == "rules":
            meta["rules"] = {"target": 9}
        else:
            arrays["T"][0, 1, 1] = np.nan
        arrays["meta"] = np.array(json.dumps(meta))
        np.savez_compressed(path, **arrays)
    sd.clear_caches()
    assert not sd.duel_ready(SMALL)  # not ready: it will be solved
    with pytest.warns(TableWarning, match=f"cached table {NAME} is damaged or out of date"):
        sol = sd.solve_duel(SMALL)
    assert sol.seconds > 0  # a fresh solve, never a wrong value
    np.testing.assert_allclose(sol.T, T, rtol=0, atol=1e-12)
    sd.clear_caches()
    assert sd.duel_ready(SMALL) and sd.solve_duel(SMALL).seconds == 0.0  # saved again


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    """A shared read-only folder (here: a path under a file), or a failing rename."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("DICELAB_CACHE", str(blocker / "cache"))
    assert race.save_table("t.npz", np.zeros(3), SMALL, sd.table_meta(SMALL)) is False
    monkeypatch.setenv("DICELAB_CACHE", str(tmp_path / "cache"))

    def refuse(*a):
        raise PermissionError("read-only")

    monkeypatch.setattr(os, "replace", refuse)
    assert race.save_table("t.npz", np.zeros(3), SMALL, sd.table_meta(SMALL)) is False
    assert list((tmp_path / "cache").iterdir()) == []  # no temporary file left


WRITER = textwrap.dedent("""
    import sys
    import numpy as np
    from dicelab.engine import race
    from dicelab.engine.seveny import duel as sd
    from dicelab.games.seveny import Rules
    value = float(sys.argv[1])
    T = np.full((2, 300, 300), value)  # large enough for a write to take a while
    for _ in range(15):
        assert race.save_table("t.npz", {"T": T, "q": np.full(5000, value)},
                               Rules(target=8), sd.table_meta(Rules(target=8)))
""")


def test_two_processes_writing_at_once_never_leave_a_half_written_file(cache):
    """Two processes save the same table 15 times each while this one reads it: every
    read finds a whole file (one writer's values throughout), never a half-written one."""
    cache.mkdir()
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, v],
                                env={**os.environ, "DICELAB_CACHE": str(cache)})
               for v in ("0.25", "0.75")]
    reads = 0
    meta = sd.table_meta(SMALL)
    while any(w.poll() is None for w in writers) or reads == 0:
        path = cache / "t.npz"
        if not path.is_file():
            continue
        with open(path, "rb") as f:
            arrays = race.read_table_file(f, "t.npz", meta, ("T", "q"))
        values = set(np.unique(arrays["T"])) | set(np.unique(arrays["q"]))
        assert len(values) == 1 and values <= {0.25, 0.75}
        reads += 1
    assert [w.wait(120) for w in writers] == [0, 0]
    assert reads > 0
    assert [p.name for p in cache.iterdir()] == ["t.npz"]  # no temporary file left


def test_python_m_dicelab_tables_warms_and_clears(cache, monkeypatch):
    monkeypatch.setattr(tables, "offered", lambda games=None: iter(
        [("seveny", Rules(target=100), sd.table_name(Rules(target=100))),
         ("seveny", SMALL, NAME)]))
    out = io.StringIO()
    assert main(["tables", "--warm"], stdout=out) == 0
    text = out.getvalue()
    assert f"cached in {cache}" in text
    assert f"{sd.table_name(Rules(target=100))}: ready" in text  # shipped
    assert f"[2/2] {NAME} [" in text and "100%" in text  # solved, with its bar
    assert (cache / NAME).is_file()
    out = io.StringIO()
    assert main(["tables", "--clear", "--lang", "fr"], stdout=out) == 0
    assert not (cache / NAME).exists() and "1" in out.getvalue()


def test_every_variant_the_apps_offer():
    """--warm solves one table per variant the apps offer (Dripeul's levels and manches
    share their variant's table)."""
    names = [n for _g, _r, n in tables.offered()]
    assert len(names) == len(set(names)) == 48 + 4 + 2 + 8
