"""The package's shape: no import cycle (function-level imports included), no import by
name at run time, no game named in code outside its own files, the registry and the
lessons, and no module longer than 600 lines unless docs/architecture.md says why.

The layers themselves (each imports only the layers below it, the games independent of
each other, the rules knowing no engine) are import-linter contracts in pyproject.toml,
checked by ``lint-imports`` in ``make lint``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dicelab"
#: The longest module, in lines, unless docs/architecture.md gives the reason.
MAX_LINES = 600


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_components_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _components(graph) == [["a", "b", "c"]]
    assert _components({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle():
    """grimp reads every import statement, those inside functions too; the package
    ``dicelab`` itself is a node (a module importing ``from dicelab import X`` while
    ``dicelab`` loads that module lazily is a cycle)."""
    g = grimp.build_graph("dicelab", include_external_packages=False)
    graph = {m: set(g.find_modules_directly_imported_by(m)) for m in g.modules}
    cycles = _components(graph)
    detail = []
    for comp in cycles:
        members = set(comp)
        edges = sorted(
            f"{a} -> {b} (line {', '.join(str(d['line_number']) for d in g.get_import_details(importer=a, imported=b))})"  # noqa: E501
            for a in comp for b in graph[a] if b in members)
        detail.append("\n  ".join([", ".join(comp), *edges]))
    assert not cycles, "import cycles:\n" + "\n".join(detail)


def _imports_by_name(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = (f.id if isinstance(f, ast.Name) else
                    f.attr if isinstance(f, ast.Attribute) else None)
            if name in ("import_module", "__import__"):
                found.append(f"{path.relative_to(root)}:{node.lineno} {name}(...)")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
                "importlib") and any(a.name == "import_module" for a in node.names):
            found.append(f"{path.relative_to(root)}:{node.lineno} from importlib import "
                         "import_module")
    return found


def test_imports_by_name_are_found(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("import importlib\nfrom importlib import import_module\n"
                   "m = importlib.import_module('x')\n__import__('y')\n")
    found = sorted(x.split(" ", 1)[1] for x in _imports_by_name(src, tmp_path))
    assert found == ["__import__(...)", "from importlib import import_module",
                     "import_module(...)"]


def test_no_import_by_name():
    """Every import is a static import statement: tools (grimp, import-linter) see the
    real graph."""
    found = [x for p in _modules() for x in _imports_by_name(p)]
    assert not found, "imports by name:\n" + "\n".join(found)


def long_module_reasons() -> dict[str, str]:
    """The table of docs/architecture.md « Modules over 600 lines »: module -> reason."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Modules over 600 lines", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"^\|\s*`(dicelab/[^`]+\.py)`\s*\|\s*(.*?)\s*\|\s*$", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def test_modules_are_short_or_say_why():
    reasons = long_module_reasons()
    lines = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in _modules()}
    unexplained = sorted(f"{m} ({n} lines)" for m, n in lines.items()
                         if n > MAX_LINES and not reasons.get(m))
    assert not unexplained, (
        f"over {MAX_LINES} lines without a reason in docs/architecture.md: {unexplained}")
    stale = sorted(m for m in reasons if lines.get(m, 0) <= MAX_LINES)
    assert not stale, f"listed in docs/architecture.md but short or gone: {stale}"


# ------------------------------------------------------------------ games named in one place
#: Modules that may still name games, and why (path -> the tokens allowed there, or
#: ``None`` for any).  None is left: every game's own code is in its own files.
NAMING_EXCEPTIONS: dict[str, frozenset[str] | None] = {}


def game_name_pattern() -> re.Pattern[str]:
    """Every game's module key and display name (a number only as a whole word)."""
    from dicelab.registry import GAMES

    words = set()
    for g in GAMES:
        words.add(re.escape(g.key))
        name = g.name.lower()
        if g.key not in name:
            words.add(rf"\b{re.escape(name)}\b" if name.isdigit() else re.escape(name))
    return re.compile("|".join(sorted(words)), re.I)


def is_own_or_registry(rel: str, keys: set[str]) -> bool:
    """A game's own files: a module named after it (``games/<key>.py``,
    ``games/cards/<key>.py``) or anything in a folder named after it
    (``engine/<key>/``); the registry; the lessons (they teach particular games).

    >>> keys = {"seveny"}
    >>> [is_own_or_registry(p, keys) for p in ("dicelab/games/seveny.py",
    ...  "dicelab/engine/seveny/duel.py", "dicelab/registry.py", "dicelab/ui/session.py")]
    [True, True, True, False]
    """
    parts = Path(rel).parts
    return (rel == "dicelab/registry.py" or parts[:2] == ("dicelab", "lessons")
            or Path(rel).stem in keys or any(p in keys for p in parts[:-1]))


def game_names_in_code(path: Path, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """The code tokens of ``path`` (docstrings and comments left out) naming a game."""
    import io
    import tokenize

    src = path.read_text(encoding="utf-8")
    docs: set[int] = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant) and isinstance(
                    body[0].value.value, str):
                docs.update(range(body[0].lineno, body[0].end_lineno + 1))
    return [(t.start[0], t.string) for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type != tokenize.COMMENT and t.start[0] not in docs
            and pattern.search(t.string)]


def test_game_names_are_found(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('"""Seveny in a docstring."""\n# dripeul in a comment\n'
                   'x = "5000"  # a name\ny = seveny_bank_at\nz = 50000\n')
    assert game_names_in_code(src, game_name_pattern()) == [(3, '"5000"'),
                                                            (4, "seveny_bank_at")]


def test_no_module_outside_a_games_own_files_names_a_game():
    """Everything else asks the registry: no game's key or name in code (docstrings and
    comments may name one, as an example)."""
    from dicelab.registry import GAMES

    keys = {g.key for g in GAMES}
    pattern = game_name_pattern()
    found = []
    for p in _modules():
        rel = p.relative_to(ROOT).as_posix()
        if is_own_or_registry(rel, keys):
            continue
        allowed = NAMING_EXCEPTIONS.get(rel, frozenset())
        if allowed is None:
            continue
        found += [f"{rel}:{line} {text[:60]}" for line, text in game_names_in_code(p, pattern)
                  if text not in allowed]
    assert not found, "game names outside the games' own files:\n" + "\n".join(found)


# ------------------------------------------------------------------ one meaning of "figure"
#: Modules that speak of advice numbers: "figure" (a dice pattern) has no place in their code.
NUMBER_MODULES = ("dicelab/engine/advice.py", "dicelab/analysis/coach.py",
                  "dicelab/ui/widgets/overlay.py")


def _code_words(path: Path) -> list[tuple[int, str]]:
    """Names and non-docstring string constants of a module, with their line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)
                  and isinstance(node.body[0].value.value, str)}
    words: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            words.append((node.lineno, node.attr))
        elif isinstance(node, ast.arg):
            words.append((node.lineno, node.arg))
        elif isinstance(node, ast.keyword) and node.arg:
            words.append((node.value.lineno, node.arg))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append((node.lineno, node.name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            words.append((node.lineno, node.target.id))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            words.append((node.lineno, node.value))
    return words


def test_an_advice_number_is_never_a_figure():
    """« figure » means a dice pattern (brelan, full…) only: an advice number is a *number*
    (``Choice.numbers``), a drawn chart a *chart*."""
    from dicelab.engine.advice import Choice

    assert not hasattr(Choice((), None, ""), "figures")
    assert "numbers" in Choice.__dataclass_fields__
    word = re.compile(r"\bfigures?\b", re.IGNORECASE)
    found = [f"{m}:{line}: {text!r}" for m in NUMBER_MODULES
             for line, text in _code_words(ROOT / m) if word.search(text)]
    assert not found, "an advice number called a figure:\n" + "\n".join(found)


def test_the_session_imports_no_widget():
    """The play session is the controller without widgets: nothing it imports, inside
    functions included, reaches ``dicelab.ui.widgets`` (its words are in ``dicelab.ui.text``,
    shared with the apps and the terminal)."""
    g = grimp.build_graph("dicelab", include_external_packages=False)
    reached = g.find_upstream_modules("dicelab.ui.session")
    assert not {m for m in reached if m.startswith("dicelab.ui.widgets")}


# ------------------------------------------------ no probing of a game state or an engine
#: Where the registry and the engine contract live: the only places that may look a
#: game's names up (``GameEntry.engine_function``, the contract's checker).
PROBING_ALLOWED_IN = {"dicelab/registry.py", "dicelab/engine/protocol.py"}

#: Every ``getattr``/``hasattr`` of the package outside those two, by module and first
#: argument, and why it is not a probe of a game state or an engine.  A new one fails
#: :func:`test_no_state_or_engine_is_probed`: a game fact belongs in the registry
#: (``GameEntry.scores``, ``locked``, ``final_round``…), an engine's name in the engine
#: contract (``dicelab/engine/protocol.py``); anything else is added here with its reason.
NOT_GAME_PROBES: dict[tuple[str, str], str] = {
    **{(m, "self"): "a class's own attribute"
       for m in ("dicelab/games/cinqmille.py", "dicelab/games/dripeul.py",
                 "dicelab/games/trwavril.py", "dicelab/games/saves.py",
                 "dicelab/ui/widgets/base.py", "dicelab/ui/widgets/overlay.py",
                 "dicelab/ui/widgets/solve_bar.py", "dicelab/ui/widgets/status_log.py")},
    # a Rules object's fields (or its class's tables), named by registry data or dataclass
    # fields: a variant, not a state
    **{(m, arg): "a Rules field, named by data"
       for m, arg in (("dicelab/analysis/variants.py", "base"),
                      ("dicelab/analysis/variants.py", "default_rules(game)"),
                      ("dicelab/analysis/variants.py", "h.rules"),
                      ("dicelab/analysis/variants.py", "other"),
                      ("dicelab/games/_base.py", "rules"),
                      ("dicelab/render/variant_charts.py", "game_module(game_key).Rules"),
                      ("dicelab/render/variant_charts.py", "h.rules"),
                      ("dicelab/ui/explorer.py", "base"),
                      ("dicelab/ui/explorer.py", "rules"),
                      ("dicelab/ui/labels.py", "cls"),
                      ("dicelab/ui/labels.py", "rules"),
                      ("dicelab/ui/widgets/boards.py", "state.rules"),
                      ("dicelab/ui/widgets/controls.py", "labels"),
                      ("dicelab/ui/widgets/controls.py", "rules"),
                      ("dicelab/ui/widgets/controls.py", "rules_type"),
                      ("dicelab/ui/widgets/controls.py", "self.rules_type"))},
    # an action (a Roll has keep, other actions none) or an advice (solo or two-player)
    **{(m, arg): "an action or an advice, not a state"
       for m, arg in (("dicelab/analysis/policies.py", "a"),
                      ("dicelab/games/actions.py", "action"),
                      ("dicelab/tools/hubcheck.py", "best"),
                      ("dicelab/ui/widgets/coach_prompt.py", "action"),
                      ("dicelab/ui/widgets/overlay.py", "c.action"),
                      ("dicelab/ui/widgets/overlay.py", "advice"),
                      ("dicelab/ui/widgets/adapters.py", "advice"))},
    ("dicelab/analysis/review.py", "game"): "a Game runner's rolls (review also reads replays)",
    ("dicelab/analysis/review.py", "self.game"): "the reviewed Game runner, if any",
    ("dicelab/ui/widgets/saveload.py", "game"): "a loaded object, not yet known to be a game",
    ("dicelab/ui/widgets/saveload.py", "getattr(game, 'state', None)"):
        "a loaded object, not yet known to be a game",
    ("dicelab/ui/widgets/saveload.py", "item"): "a FileUpload value (dict or object)",
    ("dicelab/ui/widgets/luckview.py", "f"): "a FileUpload value (dict or object)",
    ("dicelab/ui/widgets/adapters.py", "coach_module()"): "optional names of a module",
    ("dicelab/ui/widgets/adapters.py", "policies"): "optional names of a module",
    ("dicelab/ui/widgets/__init__.py", "apps"): "a module's lazy names (PEP 562)",
    ("dicelab/ui/widgets/base.py", "self.session"): "the app delegates to its session",
    ("dicelab/ui/widgets/base.py", "getattr(self, 'controls', None)"): "the app's widgets",
    ("dicelab/ui/widgets/batching.py", "obj"): "a widget tree",
    ("dicelab/ui/widgets/batching.py", "widgets[0]"): "a widget's sync state",
    ("dicelab/ui/teaching/asking.py", "self.widget"): "a widget's children",
    ("dicelab/ui/widgets/solve_bar.py", "app"): "an app, maybe closed",
    ("dicelab/ui/widgets/solve_bar.py", "job"): "a solve job's task",
    ("dicelab/ui/widgets/solve_bar.py", "getattr(job, 'task', None)"): "a solve job's task",
    ("dicelab/ui/widgets/status_log.py", "error"): "an exception's optional summary",
    ("dicelab/ui/widgets/overlay.py", "e"): "an exception's optional message",
    ("dicelab/tools/docgen.py", "e"): "an exception's optional message",
    ("dicelab/tools/docgen.py", "error"): "an exception's optional line",
    ("dicelab/tools/docgen.py", "builtins"): "the template sandbox's builtins",
    ("dicelab/tools/sandbox.py", "node"): "an AST node",
    ("dicelab/tools/sandbox.py", "parent"): "an AST node",
    ("dicelab/tools/hubfigures.py", "info"): "psutil's memory info (pss where it has it)",
    ("dicelab/render/plots.py", "fig"): "a matplotlib figure's alt text",
    ("dicelab/core/progress.py", "_LOCAL"): "a thread-local",
    ("dicelab/core/progress.py", "get_ipython()"): "the IPython kernel, if any",
    ("dicelab/core/progress.py", "kernel"): "the IPython kernel, if any",
    ("dicelab/core/progress.py", "getattr(kernel, 'io_loop', None)"): "the kernel's loop",
    ("dicelab/ui/widgets/modes.py", "get_ipython()"): "the IPython kernel, if any",
    ("dicelab/ui/widgets/modes.py", "getattr(get_ipython(), 'kernel', None)"):
        "the IPython kernel, if any",
    ("dicelab/ui/widgets/modes.py", "loop"): "the kernel's loop",
    ("dicelab/ui/shipped_notebooks.py", "contents_manager"): "Jupyter's contents manager",
    ("dicelab/ui/terminal.py", "stream"): "a text stream",
    ("dicelab/ui/terminal.py", "raw"): "a text stream's buffer",
    ("dicelab/analysis/saves.py", "os"): "an OS flag (O_NONBLOCK)",
    ("dicelab/__main__.py", "sys.stdout"): "a text stream",
}


def _probes(path: Path, rel: str) -> list[tuple[int, str, str]]:
    """``(line, first argument, what)`` of each ``getattr``/``hasattr`` call in ``path``,
    and each reach into an engine's ``solo``/``duel`` submodule (``entry.engine.solo``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and node.args):
            found.append((node.lineno, ast.unparse(node.args[0]), node.func.id))
        elif (isinstance(node, ast.Attribute) and node.attr in ("solo", "duel")
              and re.search(r"(^|\.)(engine|eng)$", ast.unparse(node.value))
              and not rel.startswith("dicelab/engine/")):
            found.append((node.lineno, ast.unparse(node), "submodule"))
    return found


def test_probes_are_found(tmp_path):
    bad = tmp_path / "m.py"
    bad.write_text("def f(state, entry):\n    if getattr(state, 'final_round', False):\n"
                   "        return entry.engine.solo.advise(state)\n"
                   "    return hasattr(state, 'locked')\n")
    assert sorted(_probes(bad, "dicelab/analysis/m.py")) == [
        (2, "state", "getattr"), (3, "entry.engine.solo", "submodule"), (4, "state", "hasattr")]


def test_no_state_or_engine_is_probed():
    """No ``hasattr``/``getattr`` probe of a game state or an engine outside the registry
    and the engine contract (issue 33): every such call is on the allow-list above, with
    its reason; and nothing outside the engines reaches into an engine's ``solo`` or
    ``duel`` submodule (the callers use the contract's names)."""
    found, seen = [], set()
    for path in _modules():
        rel = path.relative_to(ROOT).as_posix()
        if rel in PROBING_ALLOWED_IN:
            continue
        for line, arg, what in _probes(path, rel):
            seen.add((rel, arg))
            if what == "submodule" or (rel, arg) not in NOT_GAME_PROBES:
                found.append(f"{rel}:{line}: {what}({arg}, ...)")
    assert not found, ("probes of a game state or an engine (use a registry fact or the "
                       "engine contract; else add the call to NOT_GAME_PROBES with its "
                       "reason):\n" + "\n".join(found))
    stale = sorted(set(NOT_GAME_PROBES) - seen)
    assert not stale, f"allow-list entries that match no call any more: {stale}"
