"""The shipped two-player tables say what built them: a format version, the
rules they solve and the engine version.  Every shipped file's metadata is checked here
without rebuilding it; a damaged file, or one built in another format, for other rules or by
another engine version, is a clear :class:`~dicelab.TableError` in the API and a clear line
in the app — never a silent solve of several minutes."""

from __future__ import annotations

import html
import json
from dataclasses import asdict

import numpy as np
import pytest

from dicelab import DicelabError, TableError
from dicelab.engine import race as duel
from dicelab.engine import trwavril as trwavril_odds
from dicelab.engine.cinqmille import duel as cd
from dicelab.engine.dripeul import duel as dd
from dicelab.engine.seveny import duel as sd
from dicelab.engine.seveny import solo as so
from dicelab.engine.trwavril import duel as td
from dicelab.games import cinqmille as cm
from dicelab.games import dripeul as dp
from dicelab.games import seveny as sv
from dicelab.games import trwavril as tw
from dicelab.registry import get
from dicelab.tools.build_tables import DATA, shipped

TABLES = list(shipped())
#: The engine version of each game's two-player tables, as its duel module says (the games
#: whose tables this file damages below; another game's version is its table_meta's).
ENGINES = {"cinqmille": cd.ENGINE_VERSION, "seveny": sd.ENGINE_VERSION,
           "trwavril": td.ENGINE_VERSION, "dripeul": dd.ENGINE_VERSION}


def _file_name(game: str, table: str, rules) -> str:
    """The file name each engine reads for ``rules`` (not the build list's own name): a
    two-player table's is the engine contract's ``table_name``; the other kinds of table
    (Seveny's solo table, 5000's policy pictures) are read by their own names."""
    if table == "solo":
        return so.table_name()
    if table.startswith("policy_surface_"):
        return cd.surface_name(rules, int(table.rsplit("_", 1)[1]))
    return get(game).duel_engine.table_name(rules)


# ------------------------------------------------------------------ every shipped file
def test_every_shipped_file_is_built_by_the_build_list():
    names = [t.name for t in TABLES]
    # issue 31 §2: only the solves over 10 s ship (5000's policy picture, Seveny's target
    # 100 and its solo table, both Trwavril rulings); the rest is cached on use
    assert len(names) == len(set(names)) == 1 + 1 + 1 + 2
    assert sorted(p.name for p in DATA.glob("*.npz")) == sorted(names)


def test_the_package_is_light():
    """Issue 31 §2: dicelab/data stays small, and the whole package (code, catalog, data)
    under 5 MB, so its wheel (a zip of those files) is too."""
    def size(folder):
        return sum(p.stat().st_size for p in folder.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)

    assert size(DATA) <= 1e6
    assert size(DATA.parent) <= 5e6


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name)
def test_shipped_table_records_format_rules_and_engine(table):
    """Read from the file itself (no pickle, no rebuild): the format version, the game and
    table, the rules the file's name stands for, and the current engine version."""
    with np.load(DATA / table.name, allow_pickle=False) as z:
        meta = json.loads(str(z["meta"]))
        rules_text = str(z["rules"])
        assert "T" in z.files
    assert set(meta) == {"format", "game", "table", "rules", "engine"}
    assert meta["format"] == duel.TABLE_FORMAT == 1
    assert meta["game"] == table.game
    assert meta["engine"] == (so.ENGINE_VERSION if meta["table"] == "solo"
                              else ENGINES.get(table.game, table.meta["engine"])) >= 1
    # the rules: those the build list solves, and those the engine's file name stands for
    rules = get(table.game).Rules(**meta["rules"])
    assert meta["rules"] == asdict(table.rules) and rules == table.rules
    assert rules_text == repr(rules)
    assert _file_name(table.game, meta["table"], rules) == table.name
    # what loading expects for those rules
    assert meta == table.meta
    duel.check_meta(table.name, json.dumps(meta), table.meta)


def test_what_each_engine_expects():
    """The engines ask for the metadata the build list records (Trwavril: one table per
    straight ruling, for every number of parapluies)."""
    assert cd.table_meta(cm.Rules(dice=6))["rules"]["dice"] == 6
    assert td.table_meta(tw.Rules(parapluies=1, straight="as_written")) == td.table_meta(
        tw.Rules(straight="as_written"))
    assert sd.table_meta(sv.Rules(target=30))["rules"] == {"target": 30}
    # Dripeul: one table per variant serves every level and number of manches
    assert dd.table_meta(dp.Rules(level=0, manches=1)) == dd.table_meta(dp.Rules())
    assert dd.table_meta(dp.Rules(last_six=True))["rules"]["last_six"] is True
    assert dd.table_name(dp.Rules(level=1)) == dd.table_name(dp.Rules())


# ------------------------------------------------------------------ damaged or foreign files
def _clear() -> None:
    cd.clear_caches()
    sd.clear_caches()
    td.clear_caches()
    dd.clear_caches()


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The engines read their tables from ``tmp_path`` (copies made by each test), and
    cache what they solve in ``tmp_path / "cache"``."""
    monkeypatch.setattr(duel, "_data_file", lambda name: tmp_path / name)
    monkeypatch.setenv("DICELAB_CACHE", str(tmp_path / "cache"))
    _clear()
    yield tmp_path
    _clear()  # the next tests read the real files again


_BUILT: dict[str, dict[str, np.ndarray]] = {}


def _source(name):
    """The arrays of the table file ``name``: the shipped file, or (a table that is solved
    on first use) a fresh solve written as the cache writes it, once per run."""
    if (DATA / name).is_file():
        with np.load(DATA / name, allow_pickle=False) as z:
            return {k: np.array(z[k]) for k in z.files}
    if name not in _BUILT:
        import io

        from dicelab.engine.race import write_table

        made = {cd.table_name(r): (r, lambda r=r: cd.solve_duel(r, use_table=False).T,
                                   cd.table_meta(r)) for r in (FIVE, cm.Rules())}
        made[dd.table_name(dp.Rules())] = (
            dp.Rules(), lambda: dd.solve_duel(dp.Rules(), use_table=False).V,
            dd.table_meta(dp.Rules()))
        rules, solve, meta = made[name]
        buf = io.BytesIO()
        write_table(buf, {"T": np.asarray(solve())}, rules, meta)
        buf.seek(0)
        with np.load(buf, allow_pickle=False) as z:
            _BUILT[name] = {k: np.array(z[k]) for k in z.files}
    return {k: v.copy() for k, v in _BUILT[name].items()}


def _copy(data, name, *, as_name=None, meta=None, drop=()):
    """Copy the table ``name`` (:func:`_source`) into ``data`` (as ``as_name``), its
    metadata changed by ``meta`` (a dict of fields; ``None`` for a field removes it) and
    members ``drop`` left out."""
    arrays = {k: v for k, v in _source(name).items() if k not in drop}
    if meta is not None:
        m = json.loads(str(arrays["meta"]))
        m.update(meta)
        m = {k: v for k, v in m.items() if v is not None}
        arrays["meta"] = np.array(json.dumps(m))
    np.savez_compressed(data / (as_name or name), **arrays)
    return data / (as_name or name)


FIVE = cm.Rules(opening=1000)


def test_an_untouched_copy_loads(data):
    _copy(data, cd.table_name(FIVE))
    assert cd.duel_ready(FIVE)
    assert 0 < cd.duel_win_probability(FIVE) < 1


def test_a_missing_file_is_solved_as_before(data):
    """An install without the tables: no error, the engine solves on first use."""
    assert duel.load_table(cd.table_name(FIVE), cd.table_meta(FIVE)) is None
    assert not cd.duel_ready(FIVE)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "no T", "bad shape"])
def test_a_damaged_file_is_a_table_error_not_a_solve(data, monkeypatch, damage):
    name = cd.table_name(FIVE)
    path = _copy(data, name)
    raw = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif damage == "garbage":
        path.write_bytes(b"not a table " * 100)
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "no T":
        _copy(data, name, drop=("T",))
    else:
        arrays = _source(name)
        arrays["T"] = arrays["T"][:50]
        np.savez_compressed(path, **arrays)
    monkeypatch.setattr(cd, "_sweep", lambda *a, **k: pytest.fail("a solve started"))
    assert not cd.duel_ready(FIVE)
    with pytest.raises(TableError, match=f"table {name} is damaged.*make tables") as info:
        cd.duel_win_probability(FIVE)
    assert isinstance(info.value, DicelabError) and len(str(info.value)) < 200
    assert "endommagée" in info.value.message("fr")


@pytest.mark.parametrize("change,match", [
    ({"engine": 0}, r"engine version 0; this dicelab needs version 1"),
    ({"engine": None}, r"engine version None"),
    ({"format": 2}, r"has format 2; this dicelab reads format 1"),
    ({"format": None}, r"does not say which format, rules and engine built it"),
    ({"rules": asdict(cm.Rules())}, r"solves other rules \({'dice': 5, 'opening': 750"),
    ({"game": "seveny"}, r"holds another table \('seveny', not cinqmille\)"),
    ({"table": "policy_surface_3"}, r"holds another table"),
], ids=["engine", "no engine", "format", "no format", "rules", "game", "table"])
def test_wrong_metadata_is_a_table_error(data, monkeypatch, change, match):
    name = cd.table_name(FIVE)
    _copy(data, name, meta=change)
    monkeypatch.setattr(cd, "_sweep", lambda *a, **k: pytest.fail("a solve started"))
    assert not cd.duel_ready(FIVE)
    with pytest.raises(TableError, match=match) as info:
        cd.solve_duel(FIVE)
    assert len(str(info.value)) < 200 and "make tables" in str(info.value)
    assert "make tables" in info.value.message("fr") and info.value.message("fr") != str(
        info.value)


def test_a_file_without_metadata_is_refused(data):
    """A file of the first format (before the metadata): the arrays alone."""
    _copy(data, cd.table_name(FIVE), drop=("meta",))
    with pytest.raises(TableError, match="does not say which format"):
        cd.duel_table(FIVE)


def test_the_other_games_and_the_policy_picture_check_too(data):
    # Seveny
    rules = sv.Rules(target=100)
    _copy(data, sd.table_name(rules), meta={"engine": sd.ENGINE_VERSION + 1})
    assert not sd.duel_ready(rules)
    with pytest.raises(TableError, match="engine version"):
        sd.duel_table(rules)
    # Trwavril: another game's file under its name
    rules = tw.Rules(straight="as_written")
    _copy(data, sd.table_name(sv.Rules(target=100)), as_name=td.table_name(rules))
    assert not trwavril_odds.duel_ready(rules)
    with pytest.raises(TableError, match="holds another table"):
        td.duel_table(rules)
    # 5000's policy picture, with the duel table's metadata
    _copy(data, cd.table_name(cm.Rules()))
    _copy(data, cd.surface_name(cm.Rules(), 3), meta={"table": "duel"})
    with pytest.raises(TableError, match="holds another table"):
        cd.policy_surface()


def test_dripeul_checks_its_table_too(data, monkeypatch):
    """Dripeul's table holds ``V`` only (``H`` is rebuilt from it): a wrong or damaged file
    is a clear error, not a solve; a missing one is solved as before."""
    rules = dp.Rules(level=1)
    name = dd.table_name(rules)
    _source(name)  # solved (once per run) before solving is forbidden
    monkeypatch.setattr(dd, "_solve", lambda *a, **k: pytest.fail("a solve started"))
    _copy(data, name, meta={"engine": dd.ENGINE_VERSION + 1})
    assert not dd.duel_ready(rules)
    with pytest.raises(TableError, match=f"{name} was built by engine version"):
        dd.duel_win_probability(rules)
    _copy(data, name, meta={"rules": asdict(dp.Rules(last_six=True))})
    with pytest.raises(TableError, match="solves other rules"):
        dd.solve_duel(rules)
    path = _copy(data, name)
    path.write_bytes(path.read_bytes()[:5000])
    assert not dd.duel_ready(rules)
    with pytest.raises(TableError, match=f"table {name} is damaged.*make tables"):
        dd.solve_duel(rules)
    arrays = _source(name)  # V of another shape
    arrays["T"] = arrays["T"][:, :100]
    np.savez_compressed(data / name, **arrays)
    with pytest.raises(TableError, match="is damaged"):
        dd.solve_duel(rules)
    # the good file: read, not solved; a missing file: solved on first use
    _copy(data, name)
    assert dd.duel_ready(rules) and dd.solve_duel(rules).seconds == 0.0
    (data / name).unlink()
    dd.clear_caches()
    assert not dd.duel_ready(rules)
    with pytest.raises(pytest.fail.Exception, match="a solve started"):
        dd.solve_duel(rules)


# ------------------------------------------------------------------ the app says so
@pytest.mark.parametrize("lang,words", [("en", "could not be computed"),
                                        ("fr", "n'ont pas pu être calculées")])
def test_the_app_says_the_table_is_damaged(data, lang, words):
    pytest.importorskip("ipywidgets")
    from dicelab.ui.widgets import play

    path = _copy(data, cd.table_name(cm.Rules()))
    path.write_bytes(path.read_bytes()[:1000])
    app = play("cinqmille", seed=1, players=2, show_odds=True, coach_prompt=False, lang=lang)
    assert app.wait_for_duel(timeout=60) is False  # failed at once: nothing was solved
    note = html.unescape(app.overlay.note.value)
    assert words in note and cd.table_name(cm.Rules()) in note and "make tables" in note
    assert "Traceback" not in note
    assert app.roll() and app.advice().kind == "solo"  # the game goes on with solo odds
    app.close()


def test_make_tables_rebuilds_them(repo_root):
    """`make tables` re-solves them; the Makefile and the developers' guide say how long."""
    def words(path):
        return " ".join(path.read_text().replace("#", " ").replace("*", "").split())

    makefile = (repo_root / "Makefile").read_text()
    recipe = makefile.split("\ntables:")[1].split("\n\n")[0]
    assert "-m dicelab.tools.build_tables" in recipe
    assert "about 10 minutes" in words(repo_root / "Makefile")
    assert "make tables" in words(repo_root / "docs" / "developers.md")
    assert "about 10 minutes" in words(repo_root / "docs" / "developers.md")


# ------------------------------------------------------------------ issue 30 §2: every failure
def _members(name):
    return _source(name)


def _zip(path, arrays, *, header=None):
    """Write ``arrays`` as an npz (stored, not compressed) with ``zipfile`` itself;
    ``header``: a replacement ``.npy`` header for ``T`` (a shape it does not have)."""
    import io
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        for k, a in arrays.items():
            buf = io.BytesIO()
            if k == "T" and header is not None:
                np.lib.format.write_array_header_1_0(buf, header)
                buf.write(np.ascontiguousarray(a).tobytes())
            else:
                np.lib.format.write_array(buf, a, allow_pickle=False)
            zf.writestr(k + ".npy", buf.getvalue())


def _patch_central(path, member, offset, value):
    """Set the 2-byte field at ``offset`` of ``member``'s central directory entry (8: the
    flags, 10: the compression method)."""
    import struct

    raw = bytearray(path.read_bytes())
    at = raw.find(b"PK\x01\x02")
    while at >= 0:
        n = struct.unpack_from("<H", raw, at + 28)[0]
        if raw[at + 46: at + 46 + n] == member.encode():
            struct.pack_into("<H", raw, at + offset, value)
        at = raw.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(raw))


@pytest.mark.parametrize("damage", ["encrypted", "compression", "huge shape", "other dtype",
                                    "nan", "inf", "one nan", "object meta"])
def test_every_loading_failure_is_a_table_error(data, monkeypatch, damage):
    """Issue 30 §2: an encrypted member, an unknown compression, a header claiming 10**11
    values (745 GiB), a dtype that is not the table's, values that are not numbers: each
    a TableError that names the file, checked before the data are read; nothing solved."""
    name = cd.table_name(FIVE)
    arrays = _members(name)
    path = data / name
    header = None
    if damage == "huge shape":
        header = {"descr": "<f8", "fortran_order": False, "shape": (10**11,)}
    elif damage == "other dtype":
        arrays["T"] = arrays["T"].astype(np.float32)
    elif damage == "nan":
        arrays["T"] = np.full_like(arrays["T"], np.nan)
    elif damage == "inf":
        arrays["T"][3, 4] = np.inf
    elif damage == "one nan":
        arrays["T"][50, 50] = np.nan
    elif damage == "object meta":
        arrays["meta"] = np.array(json.loads(str(arrays["meta"])), dtype=object)
    if damage == "object meta":  # a pickled member is refused, never unpickled
        import io
        import zipfile

        with zipfile.ZipFile(path, "w") as zf:
            for k, a in arrays.items():
                buf = io.BytesIO()
                np.lib.format.write_array(buf, a, allow_pickle=True)
                zf.writestr(k + ".npy", buf.getvalue())
    else:
        _zip(path, arrays, header=header)
    if damage == "encrypted":
        _patch_central(path, "T.npy", 8, 0x1)
    elif damage == "compression":
        _patch_central(path, "T.npy", 10, 99)
    monkeypatch.setattr(cd, "_sweep", lambda *a, **k: pytest.fail("a solve started"))
    assert not cd.duel_ready(FIVE)
    words = "not numbers" if damage in ("nan", "inf", "one nan") else "is damaged"
    with pytest.raises(TableError, match=f"table {name} ") as info:
        cd.duel_win_probability(FIVE)
    assert words in str(info.value) and "make tables" in str(info.value)
    assert info.value.message("fr") != str(info.value)


def test_an_untouched_rewrite_loads(data):
    """The checks refuse nothing good: the same arrays written by zipfile itself."""
    name = cd.table_name(FIVE)
    _zip(data / name, _members(name))
    assert cd.duel_ready(FIVE)
    np.testing.assert_array_equal(cd.duel_table(FIVE), _members(name)["T"])


def test_nan_only_where_no_turn_starts(data, monkeypatch):
    """Dripeul's and Trwavril's tables hold nan where no turn starts: there only."""
    name = dd.table_name(dp.Rules())
    arrays = _members(name)
    monkeypatch.setattr(dd, "_solve", lambda *a, **k: pytest.fail("a solve started"))
    assert np.array_equal(np.isnan(arrays["T"]), dd._unplayed())
    _zip(data / name, arrays)
    assert dd.duel_ready(dp.Rules())
    dd.clear_caches()
    arrays["T"] = np.full_like(arrays["T"], np.nan)  # loaded silently before: p = 0.0
    _zip(data / name, arrays)
    with pytest.raises(TableError, match="holds values that are not numbers"):
        dd.duel_win_probability(dp.Rules())
    rules = tw.Rules(straight="as_written")
    arrays = _members(td.table_name(rules))
    assert np.array_equal(np.isnan(arrays["T"]), td._unplayed())
    arrays["T"][1, 1, 5, 5] = np.nan
    _zip(data / td.table_name(rules), arrays)
    with pytest.raises(TableError, match="holds values that are not numbers"):
        td.duel_table(rules)


@pytest.mark.parametrize("how", ["deleted", "directory"])
def test_a_missing_shipped_table_is_said_then_solved(data, monkeypatch, how):
    """Issue 30 §2: a deleted table, or a directory in its place, is said (a TableWarning
    holding a translated TableError) and then solved — not a silent solve."""
    from dicelab import TableWarning

    class Solving(Exception):
        pass

    rules = tw.Rules(straight="as_written")
    name = td.table_name(rules)
    if how == "directory":
        (data / name).mkdir()

    def sweep(*a, **k):
        raise Solving

    monkeypatch.setattr(td, "_sweep", sweep)
    assert not td.duel_ready(rules)  # the question says nothing
    with pytest.warns(TableWarning, match=f"shipped table {name} is missing: it is being "
                                          "solved now") as record:
        with pytest.raises(Solving):  # then the solve starts
            td.solve_duel(rules)
    error = record[0].message.error
    assert isinstance(error, TableError) and "manquante" in error.message("fr")


def test_the_app_says_a_table_is_missing_while_it_solves(data, monkeypatch):
    """The app's line by the solve's bar says the shipped table is missing."""
    pytest.importorskip("ipywidgets")
    import threading

    from dicelab import DicelabError as Stop
    from dicelab.ui.widgets import play

    go = threading.Event()

    def slow_rows(*a, **k):
        go.wait(30)
        raise Stop("stopped by the test")

    monkeypatch.setattr(sd, "_bank_rows", slow_rows)
    app = play("seveny", seed=1, players=2, show_odds=True, coach_prompt=False, lang="fr",
               target=100)
    try:
        assert app.duel_computing()
        for _ in range(3000):  # the solving thread reads the table first: wait for it
            if app.session.duel_notes():
                break
            go.wait(0.01)
        note = html.unescape(app.duel_note())
        assert f"la table fournie {sd.table_name(sv.Rules(target=100))} est manquante" in note
    finally:
        go.set()
        app.wait_for_duel(timeout=30)
        app.close()


def test_the_solve_bar_says_what_the_solve_said():
    """The apps' solve bar (solo solves too: Seveny's solo table) shows the notes of its
    job, in the app's language: a missing shipped table being solved."""
    pytest.importorskip("ipywidgets")
    import threading

    from dicelab.analysis.solving import SolveJob
    from dicelab.core import progress
    from dicelab.ui.widgets.solve_bar import SolveBar

    go = threading.Event()

    def solver(game, rules):
        progress.note(duel.missing(so.table_name()))
        go.wait(30)

    job = SolveJob("seveny", None, solver=solver).start()
    try:
        for _ in range(3000):
            if job.task.notes:
                break
            go.wait(0.01)
        bar = SolveBar("fr")
        bar.bind(job, "Calcul…")
        bar.update()
        assert f"la table fournie {so.table_name()} est manquante" in html.unescape(
            bar.label.value)
    finally:
        go.set()
        job.join(30)
