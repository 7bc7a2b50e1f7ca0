"""Build the documentation pages whose numbers the package computes.

Templates in ``docs/src/`` write every number as an expression in double
braces, e.g. ``{{ f4(trwavril.win_probability(trwavril.Rules())) }}``; this
module evaluates them with the package and writes the page.  A test checks
that the committed pages equal a fresh build, so no number in them is typed
in or stale.

>>> render("P = {{ Fraction(1, 6) }}, {{ pct(1/3) }}")
'P = 1/6, 33.3 %'

Expressions are evaluated with no builtins but :data:`SAFE_BUILTINS`, in an explicit
namespace (the game and engine modules, ``Fraction`` and the formatters here); a name
that is not in it, or any name or attribute starting with ``_`` (``__import__``,
``().__class__``), is refused with a :class:`~dicelab.errors.DicelabError` before
anything runs.

>>> render('{{ open("x") }}')
Traceback (most recent call last):
...
dicelab.errors.DicelabError: template expression 'open("x")' uses open, which templates may not use

Run ``python -m dicelab.docgen`` from the repository root to rebuild.
"""

from __future__ import annotations

import ast
import builtins
import re
import sys
import types
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .errors import DicelabError, brief

_EXPR = re.compile(r"\{\{(.+?)\}\}", re.S)

#: The pages built from templates: output -> templates, in order.
PAGES: dict[str, tuple[str, ...]] = {
    "docs/rules.md": (
        "docs/src/rules_intro.md",
        "docs/src/rules_dripeul.md",
        "docs/src/rules_trwavril.md",
        "docs/src/rules_cinqmille.md",
        "docs/src/rules_seveny.md",
    ),
}


#: Generated sections inside hand-written pages: page -> (section name, template).  The page
#: keeps its own text; the lines between ``<!-- BEGIN generated: NAME`` … ``-->`` and
#: ``<!-- END generated: NAME -->`` are the rendered template.
SECTIONS: dict[str, tuple[str, str]] = {
    "docs/teachers.md": ("lesson plans", "docs/src/lesson_plans_en.md"),
    "docs/fr/enseignants.md": ("lesson plans", "docs/src/lesson_plans_fr.md"),
}


def f4(x: float) -> str:
    """Four decimals: ``f4(2/3) == '0.6667'``."""
    return f"{float(x):.4f}"


def pct(x: float, digits: int = 1) -> str:
    """A percentage: ``pct(0.25) == '25.0 %'``."""
    return f"{100 * float(x):.{digits}f} %"


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table.

    >>> print(md_table(["a", "b"], [[1, 2]]))
    | a | b |
    |---|---|
    | 1 | 2 |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def _namespace() -> dict[str, Any]:
    from .engine import cinqmille as cinqmille_engine
    from .engine import dripeul as dripeul_engine
    from .engine import seveny as seveny_engine
    from .engine import trwavril as trwavril_engine
    from .games import cinqmille, dripeul, seveny, trwavril
    from .lessons import lesson_plans

    def level_row(label: str, solve: Callable[[Any], float], **options: Any) -> list[str]:
        return [label] + [f4(solve(dripeul.Rules(level=lv, **options))) for lv in (4, 3, 2, 1, 0)]

    return {
        **_base_namespace(),
        "level_row": level_row,
        "dripeul": dripeul,
        "trwavril": trwavril,
        "cinqmille": cinqmille,
        "seveny": seveny,
        "dripeul_engine": dripeul_engine,
        "trwavril_engine": trwavril_engine,
        "cinqmille_engine": cinqmille_engine,
        "seveny_engine": seveny_engine,
        "lesson_plans": lesson_plans,
    }


#: The only builtins a template expression sees (pure functions on values).
SAFE_BUILTINS: tuple[str, ...] = (
    "abs", "enumerate", "float", "int", "len", "max", "min", "range", "round", "sorted", "str",
    "sum", "zip",
)


def _check_expression(expr: str, ns: dict[str, Any]) -> Any:
    """The compiled ``expr`` if it only reads names of ``ns`` (and its own comprehension
    variables) and no name or attribute starting with ``_``; else a DicelabError."""
    def refuse(why: str) -> DicelabError:
        return DicelabError(f"template expression {brief(expr)} {why}")

    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as e:
        raise refuse(f"is not a Python expression ({e.msg})") from None
    bound = {n.id for c in ast.walk(tree) if isinstance(c, ast.comprehension)
             for n in ast.walk(c.target) if isinstance(n, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Lambda, ast.NamedExpr)):
            raise refuse("defines a function or a variable, which templates may not do")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            raise refuse(f"reads .{node.attr}, which templates may not read")
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and isinstance(ns.get(node.value.id), types.ModuleType)
                and isinstance(getattr(ns[node.value.id], node.attr, None), types.ModuleType)):
            raise refuse(f"reaches the module {node.value.id}.{node.attr}, which templates "
                         "may not use")
        if isinstance(node, ast.Name) and (
            node.id.startswith("_") or (node.id not in ns and node.id not in bound)
        ):
            raise refuse(f"uses {node.id}, which templates may not use")
    return compile(tree, "<template>", "eval")


def render(template: str, namespace: dict[str, Any] | None = None) -> str:
    """Replace every ``{{ expression }}`` by its value (``str``).

    Expressions see ``Fraction``, ``f4``, ``pct``, ``md_table``, the
    :data:`SAFE_BUILTINS` and ``namespace`` (:func:`build` adds the game and engine
    modules), nothing else: any other name, and any name or attribute starting with
    ``_``, is refused with a :class:`~dicelab.errors.DicelabError`.

    >>> render("{{ max(len(range(3)), 2) }}")
    '3'
    >>> render("{{ ().__class__ }}")
    Traceback (most recent call last):
    ...
    dicelab.errors.DicelabError: template expression '().__class__' reads .__class__, ...
    """
    ns = {**_base_namespace(), **(namespace or {})}
    env = {**ns, "__builtins__": {}}

    def value(m: re.Match[str]) -> str:
        code = _check_expression(m.group(1).strip(), ns)
        return str(eval(code, env))  # noqa: S307 - checked names only, no builtins

    return _EXPR.sub(value, template)


def _base_namespace() -> dict[str, Any]:
    return {
        **{name: getattr(builtins, name) for name in SAFE_BUILTINS},
        "Fraction": Fraction, "f4": f4, "pct": pct, "md_table": md_table,
    }


def build(root: str | Path = ".") -> dict[str, str]:
    """Render every page of :data:`PAGES`; returns ``{output path: text}``."""
    root = Path(root)
    ns = _namespace()
    out = {}
    for page, sources in PAGES.items():
        parts = [render((root / s).read_text(encoding="utf-8"), ns) for s in sources]
        banner = (
            "<!-- Generated by `python -m dicelab.docgen` from docs/src/: "
            "edit the templates. -->\n\n"
        )
        out[page] = banner + "\n\n".join(p.strip() + "\n" for p in parts)
    for page, (name, source) in SECTIONS.items():
        text = (root / page).read_text(encoding="utf-8")
        out[page] = replace_section(text, name, render((root / source).read_text(
            encoding="utf-8"), ns))
    return out


def replace_section(text: str, name: str, body: str) -> str:
    """``text`` with the generated section ``name`` (between its markers) set to ``body``.

    >>> page = "a\\n<!-- BEGIN generated: x -->\\nold\\n<!-- END generated: x -->\\nb"
    >>> replace_section(page, "x", "new").split("\\n")
    ['a', '<!-- BEGIN generated: x -->', '', 'new', '', '<!-- END generated: x -->', 'b']
    """
    begin = re.search(rf"<!-- BEGIN generated: {re.escape(name)}\b.*?-->\n", text, re.S)
    end = re.search(rf"<!-- END generated: {re.escape(name)} -->", text)
    if not begin or not end or end.start() < begin.end():
        from .errors import DicelabError

        raise DicelabError("the page has no generated section {name}", name=name)
    return text[: begin.end()] + "\n" + body.strip() + "\n\n" + text[end.start():]


def main(argv: Sequence[str] | None = None) -> int:
    root = Path(argv[0]) if argv else Path(".")
    for page, text in build(root).items():
        (root / page).write_text(text, encoding="utf-8")
        print(f"wrote {page}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
