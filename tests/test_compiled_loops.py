"""The loops compiled by numba (``dicelab.engine.jit``) against the numpy code they stand
for: the reroll turn of Dripeul and Trwavril (the keeps' values, the running maxima, whole
turns) and Dripeul's stopping values, bit for bit (the same sums in the same order, and
maxima, which are exact), ``nan`` included; the locked turn's sums (``np.add.reduceat``
adds in another order) to 1e-15; the whole Dripeul turn compiled on every core
(``dicelab.engine.dripeul.kernel``) to 1e-14.  Seveny's compiled turn has its
own tests (``tests/test_seveny_kernel.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.engine import jit, reroll
from dicelab.engine.dripeul import duel as dd

pytestmark = pytest.mark.skipif(not jit.enabled(), reason="numba is not installed")


def _both(monkeypatch, fn):
    """``fn()`` with numpy (``DICELAB_JIT=0``), then compiled."""
    monkeypatch.setenv("DICELAB_JIT", "0")
    a = fn()
    monkeypatch.setenv("DICELAB_JIT", "1")
    return a, fn()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("width", [None, 1, 7, 64])
def test_reroll_turn_compiled_is_numpy_bit_for_bit(monkeypatch, n, width):
    rng = np.random.default_rng(10 * n + (width or 0))
    lat = reroll.sub_lattice(n)
    shape = (len(lat.full),) if width is None else (len(lat.full), width)
    w = rng.random(shape)
    (q0, m0), (q1, m1) = _both(monkeypatch, lambda: (
        reroll._keep_values(w, lat), reroll._max_below(reroll._keep_values(w, lat), lat)))
    np.testing.assert_array_equal(q0, q1)
    np.testing.assert_array_equal(m0, m1)
    for solve in (reroll.solve_turn, reroll.solve_turn_locked):
        for keep in (True, False):
            a, b = _both(monkeypatch, lambda s=solve, k=keep: s(n, w, 3, keep=k))
            if solve is reroll.solve_turn:
                np.testing.assert_array_equal(a.start, b.start)
                for x, y in zip(a.W, b.W):
                    np.testing.assert_array_equal(x, y)
            else:  # the locked turn's sums: np.add.reduceat adds in another order
                np.testing.assert_allclose(b.start, a.start, rtol=0, atol=1e-15)
                for x, y in zip(a.W, b.W):
                    np.testing.assert_allclose(y, x, rtol=0, atol=1e-15)


def test_running_max_lets_nan_win_as_numpy_does(monkeypatch):
    lat = reroll.sub_lattice(3)
    q = np.random.default_rng(3).random((int(lat.full[-1]) + 1, 4))
    q[5, 1] = q[40, 2] = np.nan
    a, b = _both(monkeypatch, lambda: reroll._max_below(q, lat))
    assert np.isnan(a).any()
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("key", [(True, False, False), (True, True, True), (False, True, False)])
def test_dripeul_stopping_values_compiled(monkeypatch, key):
    """Dripeul's stopping value of each final roll (the best board the rule allows), for a
    random table with some ``nan`` (positions never played), both ways."""
    rng = np.random.default_rng(7)
    H = rng.random((2, dd.NB, dd.NB))
    H[rng.random(H.shape) < 0.01] = np.nan
    n = 300
    s, b, o = rng.integers(0, 2, n), rng.integers(0, dd.NB, n), rng.integers(0, dd.NB, n)
    a, c = _both(monkeypatch, lambda: dd._finals(key, H, s, b, o))
    assert a.shape == (252, n) and np.isnan(a).any()
    np.testing.assert_array_equal(a, c)


@pytest.mark.parametrize("key", [(True, False, False), (True, True, True), (False, False, False),
                                 (False, True, True)])
@pytest.mark.parametrize("n", [1, 23, 25, 300])
def test_dripeul_whole_turn_kernel_against_numpy(monkeypatch, key, n):
    """The compiled whole turn (stopping values, rolls, first roll's average; chunks on every
    core) against the numpy turn solves, on a random table with some ``nan``, batches
    shorter and longer than a chunk (24 locked, 128 set aside): the first roll's average is
    summed in order, not by numpy's product (1e-14)."""
    from dicelab.engine.dripeul import kernel

    rng = np.random.default_rng(n)
    H = rng.random((2, dd.NB, dd.NB))
    H[rng.random(H.shape) < 0.002] = np.nan
    s, b = rng.integers(0, 2, n), rng.choice(dd.ACTIVE, n)
    o = rng.integers(0, dd.NB, n)
    monkeypatch.setenv("DICELAB_JIT", "0")  # the reference: numpy only
    a = dd._starts(key, H, s, b, o)
    monkeypatch.setenv("DICELAB_JIT", "1")
    c = dd._starts(key, H, s, b, o)
    idx, cls = dd._index(key[1], key[2])
    np.testing.assert_array_equal(c, kernel.starts(key[0], H, s * dd.NB * dd.NB + o, b, idx,
                                                   cls, 3))
    assert c is not None and c.shape == (n,)
    assert np.array_equal(np.isnan(a), np.isnan(c))
    ok = ~np.isnan(a)
    np.testing.assert_allclose(c[ok], a[ok], rtol=0, atol=1e-14)


def test_dripeul_kernel_off_without_numba_or_with_jit_0(monkeypatch):
    """``DICELAB_JIT=0``: no compiled kernel, the numpy turn solves."""
    from dicelab.engine.dripeul import kernel

    monkeypatch.setenv("DICELAB_JIT", "0")
    H = dd._terminal_h()
    one = np.array([1]), np.array([dd.board((6,), 0)]), np.array([dd.CLEARED[0]])
    s, b, o = one
    idx, cls = dd._index(False, False)
    assert kernel.starts(True, H, s * dd.NB * dd.NB + o, b, idx, cls, 3) is None
    assert 0 < dd._starts((True, False, False), H, *one)[0] < 1


def test_dripeul_kernel_from_several_threads():
    """Two background solves at once (two apps in one kernel) take turns on the cores, and
    each gets its own values."""
    import threading

    H = np.random.default_rng(4).random((2, dd.NB, dd.NB))
    b = dd.ACTIVE
    s, o = np.ones(len(b), dtype=np.int64), np.full(len(b), dd.CLEARED[0])
    keys = [(True, False, False), (False, False, False), (True, True, False)]
    want = {k: dd._starts(k, H, s, b, o) for k in keys}
    got: dict = {}

    def run(k):
        got[k] = [dd._starts(k, H, s, b, o) for _ in range(3)]

    threads = [threading.Thread(target=run, args=(k,)) for k in keys]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in keys:
        for v in got[k]:
            np.testing.assert_array_equal(v, want[k])


def test_dripeul_kernel_refuses_positions_outside_the_table():
    """The compiled loop checks no bound: a board or an opponent outside the table is
    refused before it runs."""
    from dicelab.engine.dripeul import kernel

    H = dd._terminal_h()
    idx, cls = dd._index(False, False)
    for b, base in (([dd.NB], [0]), ([-1], [0]), ([dd.ACTIVE[0]], [dd.NB * dd.NB * 2]),
                    ([dd.ACTIVE[0]], [-1])):
        with pytest.raises(ValueError, match="outside"):
            kernel.starts(True, H, np.array(base), np.array(b), idx, cls, 3)


def test_compiled_group_names_carry_their_code_and_parallel():
    """A loop compiled with helpers (``calls=``) is cached under a name that carries a hash
    of every member's code and of ``parallel``: numba checks a cached loop against its own
    file only, so a changed helper elsewhere, or a serial and a parallel build, never load
    each other's machine code."""
    from dicelab.engine.dripeul import kernel

    group = (*kernel._HELPERS, kernel._set_aside_loop)
    tag = jit._group_tag(group, True)
    assert tag.startswith("_g") and tag == jit._group_tag(group, True)
    assert tag != jit._group_tag(group, False)
    assert tag != jit._group_tag((*kernel._HELPERS, kernel._locked_loop), True)

    def helper(x):
        return x + 1.0

    def other(x):
        return x + 2.0

    assert jit._group_tag((helper, kernel._set_aside_loop), False) != jit._group_tag(
        (other, kernel._set_aside_loop), False)


def test_a_changed_helper_is_compiled_again_not_read_from_the_cache(tmp_path):
    """The loop's file unchanged, its helper's file changed: the next process compiles the
    group again (numba alone would load the old machine code, its helper inlined)."""
    import subprocess
    import sys
    import textwrap

    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "main.py").write_text(textwrap.dedent("""
        from pkg.helpers import helper
        prange = range
        def loop(a, out):
            for i in prange(a.shape[0]):
                out[i] = helper(a[i])
    """))
    run = textwrap.dedent("""
        import numpy as np
        from dicelab.engine.jit import compile_loop
        from pkg import helpers, main
        f = compile_loop(main.loop, calls=(helpers.helper,))
        out = np.empty(2)
        f(np.zeros(2), out)
        print(out[0])
    """)
    env = {**__import__("os").environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": str(tmp_path), "DICELAB_JIT": "1"}
    got = []
    for add in ("1.0", "1.0", "7.0"):
        (pkg / "helpers.py").write_text(f"def helper(x):\n    return x + {add}\n")
        proc = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True,
                              env=env, timeout=300, check=True)
        got.append(float(proc.stdout.split()[-1]))
    assert got == [1.0, 1.0, 7.0]
