"""Seveny's compiled turn sweep (``dicelab.engine.seveny.kernel``, numba; issue 31) against
the numpy sweep it replaces: the same values to 1e-14 on batches of every width (the one
position at a time path, the vector path, lanes past the last active one), with the values
of rolling from each hand; the same duel solved both ways; and the solver without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from dicelab.engine.seveny import duel as sd
from dicelab.engine.seveny import kernel
from dicelab.games import seveny as sv

pytestmark = pytest.mark.skipif(kernel.compiled() is None, reason="numba is not installed")


def _batch(rng: np.random.Generator, B: int, top: int) -> tuple[np.ndarray, ...]:
    """Banking values decreasing in the total (more points, more wins), a bust value per
    position, and caps from 0 to ``top``."""
    steps = rng.random((B, top + sd.MS + 1)) * 0.05
    bank = -np.clip(0.05 + np.cumsum(steps, axis=1), 0.0, 1.0)
    x = -rng.random(B) * 0.3
    bank[:, 0] = x
    caps = rng.integers(0, top + 1, B)
    caps[0] = top
    return bank, x, caps


@pytest.mark.parametrize("B", [1, 2, 3, 4, 5, 9, 17, 40, 130])
def test_compiled_sweep_is_the_numpy_sweep(B):
    rng = np.random.default_rng(B)
    bank, x, caps = _batch(rng, B, 45)
    C0, R0 = sd._turn_batch(bank.copy(), x.copy(), caps, keep=True, jit=False)
    C1, R1 = sd._turn_batch(bank.copy(), x.copy(), caps, keep=True)
    assert C0.shape == C1.shape == (45, B) and R0.shape == R1.shape == (45, B, 114)
    np.testing.assert_array_equal(np.isnan(C0), np.isnan(C1))  # nan from each cap on
    np.testing.assert_array_equal(np.isnan(R0), np.isnan(R1))
    np.testing.assert_allclose(C1, C0, rtol=0, atol=1e-14, equal_nan=True)
    np.testing.assert_allclose(R1, R0, rtol=0, atol=1e-14, equal_nan=True)
    for i in range(B):  # each position's turn is its own: alone, the same values
        Ci, _ = sd._turn_batch(bank[i : i + 1].copy(), x[i : i + 1].copy(), caps[i])
        np.testing.assert_allclose(Ci[: caps[i], 0], C0[: caps[i], i], rtol=0, atol=1e-14)


def test_a_cap_of_zero_sweeps_nothing():
    bank = -np.full((2, 20), 0.5)
    C, _ = sd._turn_batch(bank, np.array([-0.1, -0.2]), np.array([0, 0]))
    assert C.shape == (0, 2)


def test_the_last_turn_both_ways():
    """Seat 1's last turn (threshold 30): the known value and the numpy sweep's."""
    tot = np.arange(31 + sd.MS + 1)
    bank = -np.where(tot > 30, 1.0, np.where(tot == 30, 0.5, 0.0))[None, :]
    C0, _ = sd._turn_batch(bank, np.zeros(1), 31, jit=False)
    C1, _ = sd._turn_batch(bank, np.zeros(1), 31)
    np.testing.assert_allclose(C1, C0, rtol=0, atol=1e-14)
    assert -C1[0, 0] == pytest.approx(sd.last_turn_probability(30), abs=1e-12)


def test_a_duel_solved_both_ways(monkeypatch):
    """Target 20 with the compiled sweep and with numpy's (``DICELAB_JIT=0`` reads as no
    numba): every value to 1e-12 (``tests/test_seveny_duel.py`` compares the compiled solve
    with dicelab 0.2.0's solver too)."""
    fast, _ = sd._solve_layers(20)
    monkeypatch.setattr(kernel, "compiled", lambda: None)
    slow, _ = sd._solve_layers(20)
    assert not np.isnan(fast).any()
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12)


def test_without_numba_the_solver_runs_numpy():
    """``import numba`` failing (the core install, without the ``fast`` extra): no compiled
    loop, and the duel is solved by numpy to the same values."""
    code = textwrap.dedent(
        """
        import json, sys
        sys.modules["numba"] = None  # `import numba` now raises ImportError
        from dicelab.engine.seveny import duel, kernel
        from dicelab.games.seveny import Rules
        T = duel.solve_duel(Rules(target=12), use_table=False).T
        print(json.dumps([kernel.compiled() is None, "numba" in sys.modules and
                          sys.modules["numba"] is not None, T.tolist()]))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONWARNINGS": "ignore"}, timeout=300)
    none, loaded, T = json.loads(out.stdout.splitlines()[-1])
    assert none and not loaded
    here = sd.solve_duel(sv.Rules(target=12), use_table=False).T
    np.testing.assert_allclose(np.array(T), here, rtol=0, atol=1e-12)


def test_jit_off_by_environment():
    out = subprocess.run(
        [sys.executable, "-c", "from dicelab.engine.seveny import kernel; "
         "print(kernel.compiled() is None)"],
        capture_output=True, text=True, check=True, timeout=120,
        env={**os.environ, "DICELAB_JIT": "0"})
    assert out.stdout.strip() == "True"


def test_no_writable_cache_folder_still_compiles():
    """A read-only install and no writable home (numba cannot cache the loop): the loop is
    compiled in the process instead, and the values are the same."""
    code = ("import json; from dicelab.engine.seveny import duel, kernel; "
            "from dicelab.games.seveny import Rules; "
            "T = duel.solve_duel(Rules(target=8), use_table=False).T; "
            "print(json.dumps([kernel.compiled() is not None, T.tolist()]))")
    env = {**os.environ, "NUMBA_CACHE_LOCATOR_CLASSES": "UserProvidedCacheLocator",
           "NUMBA_CACHE_DIR": "/dev/null/not-a-folder"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env, timeout=300)
    ok, T = json.loads(out.stdout.splitlines()[-1])
    assert ok
    here = sd.solve_duel(sv.Rules(target=8), use_table=False).T
    np.testing.assert_allclose(np.array(T), here, rtol=0, atol=1e-12)


def test_bad_batches_are_refused_not_read_past():
    """The compiled loop checks no bound: ``turn`` refuses a batch too short for its caps,
    and a value that is not a number (the loop's minima would skip it)."""
    with pytest.raises(ValueError, match="needs 19 banking totals, not 18"):
        kernel.turn(np.zeros((18, 1)), np.zeros(1), np.array([5]))
    bank = np.full((19, 2), -0.5)
    bank[3, 1] = np.nan
    with pytest.raises(ValueError, match="not a number"):
        kernel.turn(bank, np.zeros(2), np.array([5, 5]))
    with pytest.raises(ValueError, match="one x and cap a position"):
        kernel.turn(np.zeros((19, 2)), np.zeros(3), np.array([5, 5, 5]))
