"""Two-player races played to win: the generic layer solver.

In a two-player race each player maximises their own probability of winning the game,
the opponent doing the same; a shared win counts one half.  Scores only go up, so the
positions at the start of a turn fall into *layers* of equal progress (e.g. the sum of
the two scores), solved from the most advanced layer down.  Inside a layer, a turn that
makes no progress (a bust) hands the turn to the opponent in the same layer: position
``i`` (my score ``a``, theirs ``b``) and its *partner* ``j`` (``b``, ``a``) depend on each
other.  With ``p`` the partner's value, the value of ``i`` is

    F_i(p) = max over turn policies of  E[value | no bust] + P(bust) * (1 - p)

(convex, piecewise linear and decreasing in ``p``).  :func:`solve_pairs` finds the fixed
point ``a_i = F_i(a_j)``, ``a_j = F_j(a_i)`` of every pair of a layer at once: each
``evaluate`` is one optimal-turn sweep for the current estimates, returning ``F`` and
``D = -dF/dp`` (the probability that the chosen turn busts); Newton's step on the pair's
linearisation is policy iteration, exact once the policies stop changing.  ``newton=False``
is plain value iteration (contracting by ``D_i D_j`` per step), kept as the baseline.

Pig (Neller & Presser) is the classic check: first player's win probability 0.530593 to 100
(see ``tests/test_duel.py``).

>>> import numpy as np
>>> # a toy pair: each turn wins at once with 1/2, else busts (F = 1/2 + 1/2 (1 - p))
>>> ev = lambda p: (0.5 + 0.5 * (1 - p), np.full(len(p), 0.5))
>>> v, _ = solve_pairs(ev, np.zeros(1), np.zeros(1, dtype=int))
>>> round(float(v[0]), 12)  # 2/3: first to roll wins with 1/2 + 1/8 + ...
0.666666666667
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.errors import IllegalMove, TableError, brief
from dicelab.core.i18n import N_
from dicelab.games._checks import plain_int, take

__all__ = ["TABLE_FORMAT", "DuelSolution", "PolicySurface", "cache_dir", "check_meta",
           "check_seat", "clear_cache", "damaged", "layer_guess", "load_arrays", "load_table",
           "meta_array", "missing", "not_numbers", "read_table_file", "save_table", "say",
           "seat_pair", "solve_pairs", "stale_cache", "table_meta", "table_ready", "write_table"]

TOL = 1e-12


@dataclass(frozen=True)
class DuelSolution:
    """A solved two-player game of score races (5000, Seveny) for one ``Rules``.

    ``T``: the start-of-turn table (its layout is the game's: see its duel module);
    ``evaluations``: turn sweeps used; ``seconds``: solve time (0 for a table read from
    the package data).
    """

    rules: Any
    T: np.ndarray
    evaluations: int
    seconds: float


def seat_pair(value: Any, message: str, field: str) -> tuple[Any, Any]:
    """``value`` as one item per seat (seat 0's first), or :class:`~dicelab.IllegalMove`
    with ``message`` (a catalog template whose ``{field}`` shows the bad value).

    >>> seat_pair([300, 50], "scores must be two scores; got {scores}", "scores")
    (300, 50)
    """
    pair = take(value, 2)  # read no more than three items
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable) or pair is None:
        raise IllegalMove(message, **{field: brief(value)})
    if len(pair) != 2:
        raise IllegalMove(message, **{field: brief(value)})
    return pair  # type: ignore[return-value]


def check_seat(to_play: Any) -> int:
    """``to_play`` if it is seat 0 or 1 of a duel, else :class:`~dicelab.IllegalMove`."""
    seat = plain_int(to_play)  # numpy integers too; an array is refused, not compared
    if type(seat) is not int or seat not in (0, 1):
        raise IllegalMove("to_play must be seat 0 or 1; got {seat}", seat=brief(to_play))
    return seat


def solve_pairs(
    evaluate: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    guess: np.ndarray,
    partner: np.ndarray,
    *,
    tol: float = TOL,
    max_iter: int = 500,
    newton: bool = True,
) -> tuple[np.ndarray, int]:
    """Solve one layer: ``a[i] = F_i(a[partner[i]])`` for every state ``i`` of the layer.

    ``evaluate(p)`` gets each state's partner value ``p[i]`` and returns ``(F, D)``:
    each state's optimal turn value and ``D = -dF/dp`` under the chosen policy (in
    ``[0, 1]``).  ``partner`` must be an involution (``partner[partner[i]] == i``; a
    state may be its own partner).  Returns the values (a last ``F`` whose residual
    ``|F - a|`` is below ``tol``, or a Newton solution that moved less than ``tol / 100``
    from the point where ``F`` was evaluated) and the number of evaluations.

    Newton steps run first; should they not settle within half of ``max_iter`` (a
    policy cycle), plain iteration finishes (it contracts: every turn can bust).

    >>> import numpy as np
    >>> ev = lambda p: (1 - 0.75 * p, np.full(len(p), 0.75))   # F(p) = 1 - 3/4 p
    >>> v, n = solve_pairs(ev, np.array([0.0, 0.0]), np.array([1, 0]))
    >>> [round(float(x), 12) for x in v], n <= 3     # a = 1 - 3/4 a: 4/7
    ([0.571428571429, 0.571428571429], True)
    >>> v, n = solve_pairs(ev, np.array([0.0, 0.0]), np.array([1, 0]), newton=False)
    >>> round(float(v[0]), 11), n > 50
    (0.57142857143, True)
    """
    est = np.array(guess, dtype=float)
    partner = np.asarray(partner)
    prev: tuple[np.ndarray, np.ndarray] | None = None
    for it in range(1, max_iter + 1):
        p = est[partner]
        F, D = evaluate(p)
        F = np.asarray(F, dtype=float)
        if np.max(np.abs(F - est), initial=0.0) <= tol:
            return F, it
        if D is None:  # secant slopes from the last two evaluations (exact on a fixed policy)
            if prev is None:
                prev = (p, F)
                est = F
                continue
            dp = p - prev[0]
            moved = np.abs(dp) > 1e-15
            D = np.where(moved, -(F - prev[1]) / np.where(moved, dp, 1.0), 0.0)
            D = np.clip(D, 0.0, 1.0 - 1e-12)
        prev = (p, F)  # an evaluate may give slopes at first only (they cost a second sweep)
        if newton and it <= max_iter // 2:
            Dj, Fj, ej = D[partner], F[partner], est[partner]
            den = 1.0 - D * Dj
            ok = den > 1e-300
            num = F - D * Fj - D * Dj * est + D * ej
            new = np.clip(np.where(ok, num / np.where(ok, den, 1.0), F), 0.0, 1.0)
            if np.max(np.abs(new - est), initial=0.0) <= tol * 1e-2:
                # the policy did not change: Newton's step solved the pair's linear system
                return new, it
            est = new
        else:
            est = F
    return F, max_iter


def layer_guess(X: np.ndarray, ii: np.ndarray, jj: np.ndarray, near: np.ndarray) -> np.ndarray:
    """A first estimate of ``X[ii, jj]`` (a layer of equal ``i + j``) from the layers above,
    solved already: the quadratic extrapolation ``E_i^2 + E_j^2`` minus the mixed terms
    where the eight points it reads are inside ``X`` and solved (on Seveny's tables, median
    error 1e-5 against 6e-4 for the bilinear one and 2e-2 for a neighbour), else the bilinear
    one ``X[i+1, j] + X[i, j+1] - X[i+1, j+1]``, else ``near`` (a neighbour; ``nan``: 1/2);
    clipped to ``[0, 1]``.  A better first estimate saves Newton steps, never exactness.

    >>> X = np.full((4, 4), np.nan); X[1:, 1:] = 0.25; X[0, 1:] = X[1:, 0] = 0.5
    >>> X[0, 0] = np.nan
    >>> float(layer_guess(X, np.array([0]), np.array([0]), np.array([0.5]))[0])
    0.75
    """
    n0, n1 = X.shape
    i1, j1 = np.minimum(ii + 1, n0 - 1), np.minimum(jj + 1, n1 - 1)
    i2, j2 = np.minimum(ii + 2, n0 - 1), np.minimum(jj + 2, n1 - 1)
    bil = X[i1, jj] + X[ii, j1] - X[i1, j1]
    quad = (2 * X[i1, jj] - X[i2, jj] + 2 * X[ii, j1] - X[ii, j2]
            - 4 * X[i1, j1] + 2 * X[i2, j1] + 2 * X[i1, j2] - X[i2, j2])
    e = np.where((ii + 1 < n0) & (jj + 1 < n1) & ~np.isnan(bil), bil, near)
    e = np.where((ii + 2 < n0) & (jj + 2 < n1) & ~np.isnan(quad), quad, e)
    return np.where(np.isnan(e), 0.5, np.clip(e, 0.0, 1.0))


# ------------------------------------------------------------------ shipped tables
#: Format of the shipped table files (``dicelab/data/*.npz``, written by
#: :mod:`dicelab.tools.build_tables`): the arrays, ``rules`` (the rules as text) and
#: ``meta``, a JSON text (see :func:`table_meta`); no pickle.  Raise it when that layout
#: changes.
TABLE_FORMAT = 1


def table_meta(game: str, rules: Any, engine: int, table: str = "duel") -> dict[str, Any]:
    """What a shipped table records about itself (its ``meta``) and what loading it expects:
    the file ``format`` (:data:`TABLE_FORMAT`), the ``game`` and the ``table`` it holds,
    the ``rules`` it solves (their fields) and the ``engine`` version that solved it (the
    duel module's ``ENGINE_VERSION``, raised whenever a change to the rules or the solver
    changes the values).

    >>> from dicelab.games.seveny import Rules
    >>> table_meta("seveny", Rules(target=50), 1)
    {'format': 1, 'game': 'seveny', 'table': 'duel', 'rules': {'target': 50}, 'engine': 1}
    """
    from dataclasses import asdict

    return {"format": TABLE_FORMAT, "game": game, "table": table, "rules": asdict(rules),
            "engine": int(engine)}


def meta_array(meta: dict[str, Any]) -> np.ndarray:
    """``meta`` as stored in a table file: one JSON text (a 0-d unicode array, no pickle)."""
    import json

    return np.array(json.dumps(meta, sort_keys=True))


def damaged(name: str) -> TableError:
    """The error for a shipped table file that cannot be read (the app and the API say it).

    >>> str(damaged("t.npz"))[:36]
    'the shipped table t.npz is damaged a'
    """
    return TableError(N_("the shipped table {name} is damaged and cannot be read: "
                         "reinstall dicelab or rebuild the tables (make tables)"), name=name)


def check_meta(name: str, found: Any, expected: dict[str, Any]) -> None:
    """:class:`~dicelab.core.errors.TableError` unless the metadata ``found`` in the table file
    ``name`` (its JSON text) is ``expected`` (:func:`table_meta`).

    >>> from dicelab.games.seveny import Rules
    >>> want = table_meta("seveny", Rules(target=50), 2)
    >>> check_meta("t.npz", meta_array(want), want)   # nothing to say
    >>> check_meta("t.npz", meta_array(table_meta("seveny", Rules(target=50), 1)), want)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.TableError: the shipped table t.npz was built by engine version 1; ...
    """
    import json

    try:
        meta = json.loads(str(found))
    except (TypeError, ValueError):
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != expected["format"]:
        got = meta.get("format") if isinstance(meta, dict) else None
        if got is None:
            raise TableError(N_("the shipped table {name} does not say which format, "
                                "rules and engine built it: rebuild the tables (make tables)"),
                             name=name)
        raise TableError(N_("the shipped table {name} has format {got}; this dicelab "
                            "reads format {want}: rebuild the tables (make tables)"),
                         name=name, got=brief(got, 20), want=expected["format"])
    for field in ("game", "table"):
        if meta.get(field) != expected[field]:
            raise TableError(N_("the shipped table {name} holds another table ({got}, "
                                "not {want}): rebuild the tables (make tables)"),
                             name=name, got=brief(meta.get(field), 30), want=expected[field])
    if meta.get("rules") != expected["rules"]:
        raise TableError(N_("the shipped table {name} solves other rules ({got}): rebuild "
                            "the tables (make tables)"),
                         name=name, got=brief(meta.get("rules"), 60))
    if meta.get("engine") != expected["engine"]:
        raise TableError(N_("the shipped table {name} was built by engine version {got}; "
                            "this dicelab needs version {want}: rebuild the tables "
                            "(make tables)"),
                         name=name, got=brief(meta.get("engine"), 20), want=expected["engine"])


def _data_file(name: str) -> Any:
    """The shipped file ``dicelab/data/<name>`` (a resource: ``is_file()``, ``open("rb")``;
    the tests point it at damaged copies)."""
    from importlib import resources

    return resources.files("dicelab") / "data" / name


#: The most bytes one array of a table file may declare (the largest shipped array is
#: under 8 MB): a header claiming more is a damaged file, refused before anything is read.
MAX_ARRAY_BYTES = 64 * 2**20
#: The most bytes the ``meta`` and ``rules`` texts of a table file may declare.
MAX_TEXT_BYTES = 2**16


def _member(zf: Any, name: str, key: str, shape: tuple[int, ...] | None,
            kinds: str, limit: int) -> np.ndarray | None:
    """The array ``key`` of the open zip ``zf`` (the file ``name``), or ``None`` when the
    file has no such member.  The member's zip flags and compression, then its ``.npy``
    header (dtype of a kind of ``kinds``, ``shape`` when given, at most ``limit`` bytes) are
    checked before its data are read; anything else is :func:`damaged`."""
    import zipfile

    try:
        info = zf.getinfo(key + ".npy")
    except KeyError:
        return None
    if (info.flag_bits & 0x1 or info.compress_type not in (zipfile.ZIP_STORED,
                                                           zipfile.ZIP_DEFLATED)
            or info.file_size > limit + 4096):
        raise damaged(name)  # encrypted, an unknown compression, or too big to be a table
    fmt = np.lib.format
    with zf.open(info) as fp:
        version = fmt.read_magic(fp)
        if version == (1, 0):
            got, fortran, dtype = fmt.read_array_header_1_0(fp, max_header_size=4096)
        elif version == (2, 0):
            got, fortran, dtype = fmt.read_array_header_2_0(fp, max_header_size=4096)
        else:
            raise damaged(name)
        size = 1
        for d in got:
            size *= int(d)
        nbytes = size * dtype.itemsize
        if (dtype.hasobject or dtype.kind not in kinds or nbytes > limit
                or (shape is not None and tuple(got) != tuple(shape))):
            raise damaged(name)
        data = fp.read(nbytes)
    if len(data) != nbytes:
        raise damaged(name)
    return np.frombuffer(data, dtype=dtype).reshape(got, order="F" if fortran else "C").copy()


def _check_values(name: str, key: str, a: np.ndarray, nan_at: Any) -> None:
    """Refuse a float array with an infinite value, or a ``nan`` (a value the solve did not
    write) where ``nan_at`` does not expect one: ``None``, no ``nan`` at all; a boolean
    mask, ``nan`` exactly there; ``True``, ``nan`` anywhere but not everywhere."""
    if a.dtype.kind not in "fc":
        return
    nan = np.isnan(a)
    if np.isinf(a).any():
        raise not_numbers(name)
    if nan_at is None or nan_at is False:
        bad = bool(nan.any())
    elif nan_at is True:
        bad = a.size > 0 and bool(nan.all())
    else:
        bad = nan.shape != np.shape(nan_at) or not np.array_equal(nan, nan_at)
    if bad:
        raise not_numbers(name)


def not_numbers(name: str) -> TableError:
    """The error for a table file whose values are not all numbers (``nan``, infinite).

    >>> str(not_numbers("t.npz"))[:44]
    'the shipped table t.npz holds values that ar'
    """
    return TableError(N_("the shipped table {name} holds values that are not numbers: "
                         "reinstall dicelab or rebuild the tables (make tables)"), name=name)


def read_table_file(f: Any, name: str, meta: dict[str, Any], keys: tuple[str, ...] = ("T",),
                    shapes: dict[str, tuple[int, ...]] | None = None,
                    nan_at: Any = None, optional: tuple[str, ...] = ()) -> dict[str, np.ndarray]:
    """The arrays ``keys`` of the table file open in ``f`` (binary), named ``name`` in
    messages: its ``meta`` checked (:func:`check_meta`) before any array is read, each
    array's zip entry, dtype (numbers only) and declared size (``shapes[key]`` when given)
    checked before its data are read, and its values after (:func:`_check_values`:
    ``nan_at`` for ``T``, no ``nan`` in the others; the ``optional`` keys may be absent).
    Every failure is a :class:`~dicelab.core.errors.TableError`.

    >>> import io
    >>> read_table_file(io.BytesIO(b"not a table"), "t.npz", {})
    Traceback (most recent call last):
    ...
    dicelab.core.errors.TableError: the shipped table t.npz is damaged and cannot be read: ...
    """
    import zipfile

    shapes = shapes or {}
    try:
        with zipfile.ZipFile(f) as zf:
            found = _member(zf, name, "meta", (), "U", MAX_TEXT_BYTES)
            check_meta(name, None if found is None else found[()], meta)
            out = {}
            for k in keys:
                a = _member(zf, name, k, shapes.get(k), "fiub", MAX_ARRAY_BYTES)
                if a is None:
                    if k in optional:
                        continue
                    raise damaged(name)
                _check_values(name, k, a, nan_at if k == "T" else None)
                out[k] = a
            return out
    except TableError:
        raise
    except Exception:  # noqa: BLE001 - any failure to read a table file is a damaged file
        raise damaged(name) from None


def missing(name: str) -> TableError:
    """What is said when a shipped table is not installed (it is then solved).

    >>> str(missing("t.npz"))[:38]
    'the shipped table t.npz is missing: it'
    """
    return TableError(N_("the shipped table {name} is missing: it is being solved now, "
                         "which takes a while (reinstall dicelab to have it at once)"),
                      name=name)


def stale_cache(name: str) -> TableError:
    """What is said when a cached table cannot be used (it is then solved again).

    >>> str(stale_cache("t.npz"))[:36]
    'the cached table t.npz is damaged or'
    """
    return TableError(N_("the cached table {name} is damaged or out of date: it is being "
                         "solved again"), name=name)


def say(error: TableError) -> None:
    """Say ``error`` without raising it: a :class:`~dicelab.core.errors.TableWarning` for
    the API and a note of the running solve (:func:`dicelab.core.progress.note`) for the
    apps, which show it next to the solve's progress bar."""
    import warnings

    from dicelab.core.errors import TableWarning

    progress.note(error)
    warnings.warn(TableWarning(error), stacklevel=3)


def load_arrays(name: str, meta: dict[str, Any], keys: tuple[str, ...] = ("T",), *,
                shapes: dict[str, tuple[int, ...]] | None = None, nan_at: Any = None,
                ships: bool = False, optional: tuple[str, ...] = ()
                ) -> dict[str, np.ndarray] | None:
    """The arrays ``keys`` of the table ``name``: the shipped file ``dicelab/data/<name>``,
    else the one this machine saved in its cache (:func:`cache_dir`), else ``None`` (the
    engine then solves, and :func:`save_table` caches the result).

    A shipped file that is there must be the table of ``meta`` (:func:`table_meta`), whole
    and made of numbers (:func:`read_table_file`): otherwise a
    :class:`~dicelab.core.errors.TableError` — never a silent solve of several minutes.
    A table that should ship (``ships``) but is missing, or a directory in its place, is
    said (:func:`say`) before it is solved; a damaged or stale cache file too, and it is
    solved again (never a wrong value).
    """
    ref = _data_file(name)
    if ref.is_file():
        try:
            with ref.open("rb") as f:
                return read_table_file(f, name, meta, keys, shapes, nan_at, optional)
        except OSError:
            raise damaged(name) from None
    cached = cache_dir() / name
    if cached.is_file():
        try:
            with open(cached, "rb") as f:
                return read_table_file(f, name, meta, keys, shapes, nan_at, optional)
        except (TableError, OSError):
            say(stale_cache(name))
    if ships:
        say(missing(name))
    return None


def load_table(name: str, meta: dict[str, Any], shape: tuple[int, ...] | None = None, *,
               nan_at: Any = None, ships: bool = False) -> np.ndarray | None:
    """The table ``T`` (float, read-only) of ``name`` (see :func:`load_arrays`: shipped,
    else cached, else ``None``); a :class:`~dicelab.core.errors.TableError` when the
    shipped file is damaged (``T`` not a float array of ``shape``, values that are not
    numbers where ``nan_at`` does not allow them) or was not built for ``meta``.

    The shipped files are written by :mod:`dicelab.tools.build_tables`, the cached ones by
    :func:`save_table`.
    """
    shapes = {"T": tuple(shape)} if shape is not None else None
    arrays = load_arrays(name, meta, shapes=shapes, nan_at=nan_at, ships=ships)
    if arrays is None:
        return None
    T = np.asarray(arrays["T"], dtype=float)
    if T.dtype != arrays["T"].dtype:
        raise damaged(name)
    T.setflags(write=False)
    return T


def table_ready(name: str, meta: dict[str, Any], shape: tuple[int, ...] | None = None, *,
                nan_at: Any = None) -> bool:
    """Whether the table ``name`` is there and usable, shipped or cached (the engines'
    ``duel_ready``): ``False`` when it is missing, and also when it is damaged or not built
    for ``meta`` — the solve then raises the :class:`~dicelab.core.errors.TableError` that
    says why (the apps show it), or solves a stale cached table again."""
    import warnings

    try:
        with warnings.catch_warnings():  # said by the solve, not by each question
            warnings.simplefilter("ignore")
            return load_table(name, meta, shape, nan_at=nan_at) is not None
    except TableError:
        return False


# ------------------------------------------------------------------ the machine's cache
def cache_dir() -> Path:
    """The folder of this machine's solved tables: ``$DICELAB_CACHE`` when set (a hub can
    point it at a shared, even read-only, folder), else the user's cache folder
    (``platformdirs``: ``~/.cache/dicelab/tables`` on Linux).

    >>> import os; os.environ.get("DICELAB_CACHE") is not None  # the tests set it
    True
    >>> cache_dir() == Path(os.environ["DICELAB_CACHE"])
    True
    """
    import os

    env = os.environ.get("DICELAB_CACHE")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency; a bare install still works
        return Path.home() / ".cache" / "dicelab" / "tables"
    return Path(platformdirs.user_cache_dir("dicelab", appauthor=False)) / "tables"


def write_table(f: Any, arrays: dict[str, np.ndarray], rules: Any,
                meta: dict[str, Any]) -> None:
    """Write one table file to ``f`` (a path or a binary file): the ``arrays`` (holding
    ``T``, saved as floats), ``rules`` (as text) and ``meta`` (:func:`table_meta`, as JSON
    text); compressed, no pickle.  The shipped files and the cached ones are the same."""
    arrays = dict(arrays)
    arrays["T"] = np.asarray(arrays["T"], dtype=float)
    np.savez_compressed(f, rules=np.array(repr(rules)), meta=meta_array(meta), **arrays)


def save_table(name: str, arrays: dict[str, np.ndarray] | np.ndarray, rules: Any,
               meta: dict[str, Any]) -> bool:
    """Save a table just solved to this machine's cache (:func:`cache_dir`), so that the
    next kernel reads it instead of solving; returns whether it was saved.

    Written atomically: a temporary file in the same folder, then :func:`os.replace`, so
    that a reader (or another kernel solving the same table at the same moment) finds the
    whole old file, the whole new one or none.  A folder that cannot be written (a shared
    read-only cache) is no error: the table is simply not saved.
    """
    import os
    import tempfile

    folder = cache_dir()
    arrays = dict(arrays) if isinstance(arrays, dict) else {"T": arrays}
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            write_table(f, arrays, rules, meta)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, folder / name)
        tmp = None
        return True
    except OSError:
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def clear_cache() -> int:
    """Delete this machine's cached tables (:func:`cache_dir`: the ``.npz`` files and any
    temporary file left by a kernel that stopped mid-write); returns how many files went.
    A folder that cannot be written is left as it is."""
    folder = cache_dir()
    gone = 0
    if not folder.is_dir():
        return 0
    for p in folder.iterdir():
        if p.is_file() and (p.suffix == ".npz" or p.name.endswith(".tmp")):
            try:
                p.unlink()
                gone += 1
            except OSError:
                continue
    return gone


# ------------------------------------------------------------------ policy picture
@dataclass(frozen=True)
class PolicySurface:
    """The optimal first decision of a turn by (my score, opponent's score).

    ``my``, ``opp``: the scores of the axes (points).  ``duel[i, j]`` and ``solo[i, j]``:
    the turn total (points) from which the duel-optimal and the solo-optimal player bank
    (see ``what``), ``nan`` where the position is not played; ``p_win[i, j]``: the
    duel win probability of the player to move.  ``differs``: where the two policies
    disagree.
    """

    game: str
    what: str
    my: np.ndarray
    opp: np.ndarray
    duel: np.ndarray
    solo: np.ndarray
    p_win: np.ndarray

    @property
    def differs(self) -> np.ndarray:
        both = ~np.isnan(self.duel) & ~np.isnan(self.solo)
        return both & (self.duel != self.solo)
