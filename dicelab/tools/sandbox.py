"""The sandbox ``docgen`` renders templates in (:mod:`dicelab.tools.docgen`): Jinja2's
sandbox narrowed to the names and functions a template is given, and every render
bounded — its texts, lists, numbers, loop steps, page and time.

Templates are developer input: these limits stop a template written by mistake quickly,
with a message naming its line; they are not a wall against a hostile template (a
function given to templates can still be slow: the time limit is checked between calls,
not inside one; comparing or sorting huge nested lists runs to its end).  Never render a
template from a user.

>>> from dicelab.tools.docgen import render
>>> render("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
Traceback (most recent call last):
...
dicelab.core.errors.DicelabError: template ... is refused: the template's loops take more than ...
"""

from __future__ import annotations

import dataclasses
import itertools
import numbers
import re
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from dicelab.core.errors import brief


class TemplateFunctions:
    """A named set of functions and constants a template may use, e.g. ``trwavril_engine``
    with ``trwavril_engine.win_probability``: only the names given,
    never the module they come from.

    >>> from dicelab.tools.docgen import render
    >>> t = TemplateFunctions("t", double=lambda x: 2 * x)
    >>> render("{{ t.double(2) }}", {"t": t})
    '4'
    """

    def __init__(self, name: str, **members: Any) -> None:
        self._name = name
        self._members = dict(members)

    def __getattr__(self, attr: str) -> Any:
        members = self.__dict__.get("_members", {})
        if attr in members:
            return members[attr]
        raise AttributeError(attr)

    def allows(self, attr: str) -> bool:
        """Whether ``attr`` is one of this set's names."""
        return attr in self._members

    def __repr__(self) -> str:
        return f"<template functions {self._name}: {', '.join(sorted(self._members))}>"


#: The longest text one template operation may build (``~``, ``+``, ``*``, ``%``,
#: ``|join``, ``str``, a value written out), and the longest page a render may give.
MAX_TEXT = 1_000_000
#: The most items a list or tuple built with ``+`` or ``*`` may hold (``range`` gives
#: at most as many).
MAX_ITEMS = 100_000
#: The largest whole number (or fraction: numerator and denominator) an operation may
#: take or build, in bits.
MAX_BITS = 100_000
#: The most loop steps one render may take, all its ``{% for %}`` loops (and ``sum``)
#: together (the real pages take a dozen).
MAX_STEPS = 10_000
#: The longest one render may take, in seconds (the real pages: under 10 s each, most of
#: it their engines' first solves).
TIME_LIMIT = 120.0
#: The widest field or precision a ``%`` format may ask for.
_MAX_WIDTH = 1_000
#: The tags (Jinja2 nodes) a template may use; anything else (a macro, a block, an
#: include, a ``{% set %}`` block, a recursive loop…) is refused before it runs.
_NODES = frozenset({
    "Template", "Output", "TemplateData", "For", "If", "Assign", "Name", "Const", "Getattr",
    "Getitem", "Slice", "Call", "Keyword", "Filter", "Concat", "Add", "Sub", "Mul", "Div",
    "FloorDiv", "Mod", "Pow", "Neg", "Pos", "Not", "And", "Or", "Compare", "Operand",
    "CondExpr", "List", "Tuple", "Dict", "Pair",
})
#: A ``%`` format's fields: their width and precision.
_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?")


def environment(callables: set[int], time_limit: float = TIME_LIMIT) -> Any:
    """A Jinja2 sandbox for one rendering, in which only ``callables`` (ids) may be
    called, with its limits counted from now."""
    global _ENV_CLASS
    if _ENV_CLASS is None:
        _ENV_CLASS = _environment_class()
    return _ENV_CLASS(callables, time_limit)


_ENV_CLASS: Any = None


def _describe(x: Any) -> str:
    """A bad value in a few words, never its whole text (``repr`` of a tuple of long texts
    would be gigabytes).

    >>> _describe(("z" * 100000,) * 100000), _describe(3)
    ('a tuple of 100000 items', '3')
    """
    if isinstance(x, (list, tuple, dict, set, frozenset)):
        return f"a {type(x).__name__} of {len(x)} items"
    if isinstance(x, str) and len(x) > 80:
        return f"{x[:60]!r}… ({len(x)} characters)"
    return brief(x)


def _bits(x: Any) -> int:
    """The size of a whole number or fraction, in bits (0 for anything else)."""
    if isinstance(x, numbers.Rational) and not isinstance(x, bool):
        try:
            return int(x.numerator).bit_length() + int(x.denominator).bit_length()
        except (TypeError, ValueError, AttributeError):
            return 0
    return 0


def _environment_class() -> Any:
    import jinja2
    from jinja2 import nodes
    from jinja2.runtime import LoopContext
    from jinja2.sandbox import SandboxedEnvironment, SecurityError, safe_range

    class TemplateEnvironment(SandboxedEnvironment):
        """Jinja2's sandbox, narrowed: a template calls only the functions it was given
        (and classes such as ``Rules``), reads only the names of a
        :class:`TemplateFunctions`, the public non-callable fields of values and its
        loop's ``first``/``last``/``index``; ``**`` is refused; every text, list, number,
        loop and the time a render takes are bounded (module docstring)."""

        intercepted_binops = frozenset({"**", "*", "+", "-", "/", "//", "%"})

        def __init__(self, callables: set[int], time_limit: float = TIME_LIMIT) -> None:
            super().__init__(autoescape=False, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, finalize=self.text)
            self.filters = {"join": self.join, "dicelab_steps": self.steps,
                            "dicelab_concat": self.concat}
            self.tests = {}
            self.globals = {"range": safe_range}
            self.callables = callables
            self.time_limit = time_limit
            self.deadline = time.monotonic() + time_limit
            self.step_count = 0

        # ------------------------------------------------------------ the limits
        def tick(self) -> None:
            """Refuse a render past its time limit."""
            if time.monotonic() > self.deadline:
                raise SecurityError(f"the template took more than {self.time_limit:g} s to "
                                    "render")

        def steps(self, iterable: Any) -> Any:
            """A loop's items, each step counted (``{% for %}`` loops go through it)."""
            for item in iterable:
                self.step_count += 1
                if self.step_count > MAX_STEPS:
                    raise SecurityError(f"the template's loops take more than {MAX_STEPS} "
                                        "steps")
                self.tick()
                yield item

        def text(self, value: Any) -> str:
            """``str(value)``, refused before it is built when it would be longer than
            :data:`MAX_TEXT` (a list of long texts, nested lists)."""
            if isinstance(value, str):
                return value
            if isinstance(value, (list, tuple, dict, set, frozenset)):
                self.size(value)
            return str(value)

        def size(self, value: Any) -> int:
            """About how many characters ``str(value)`` writes; refused above
            :data:`MAX_TEXT` (counted without building anything: nested values too, each
            list or tuple once however often it is repeated)."""
            memo: dict[int, int] = {}

            def walk(v: Any, depth: int) -> int:
                if isinstance(v, str):
                    return len(v) + 4
                if not isinstance(v, (list, tuple, dict, set, frozenset)):
                    return _bits(v) * 10 // 33 + 24  # a number's digits; a short text
                if id(v) in memo:
                    return memo[id(v)]
                if depth > 100 or 3 * len(v) > MAX_TEXT:  # each item writes 3 or more
                    raise SecurityError(too_long)
                total = 2
                for item in (v if not isinstance(v, dict) else itertools.chain(
                        v.keys(), v.values())):
                    total += walk(item, depth + 1) if isinstance(
                        item, (list, tuple, dict, set, frozenset)) else (
                        len(item) + 4 if isinstance(item, str) else 24 if not isinstance(
                            item, int) else item.bit_length() * 10 // 33 + 4)
                    if total > MAX_TEXT:
                        raise SecurityError(too_long)
                memo[id(v)] = total
                return total

            too_long = f"the text of this value is too long (more than {MAX_TEXT} characters)"
            total = walk(value, 0)
            if total > MAX_TEXT:
                raise SecurityError(too_long)
            return total

        def concat(self, parts: Any) -> str:
            """``a ~ b ~ c``, bounded."""
            texts = [self.text(p) for p in parts]
            if sum(len(x) for x in texts) > MAX_TEXT:
                raise SecurityError(f"the text built with ~ is too long (more than "
                                    f"{MAX_TEXT} characters)")
            return "".join(texts)

        def join(self, value: Any, d: str = "") -> str:
            """``|join(sep)``, bounded: stops as soon as the text would be too long."""
            sep = self.text(d)
            texts: list[str] = []
            total = 0
            for item in value:
                texts.append(self.text(item))
                total += len(texts[-1]) + len(sep)
                if total > MAX_TEXT + len(sep):
                    raise SecurityError(f"the text built with join is too long (more than "
                                        f"{MAX_TEXT} characters)")
            return sep.join(texts)

        def check_binop(self, operator: str, left: Any, right: Any) -> None:
            """Refuse an operation before it runs when its result would be too large."""
            if operator == "**":
                raise SecurityError("templates do not use **")
            if operator == "%" and isinstance(left, str):
                self.check_percent(left, right)
                return
            for seq, n in ((left, right), (right, left)):
                if operator == "*" and isinstance(n, int) and isinstance(seq, (str, list, tuple)):
                    most = MAX_TEXT if isinstance(seq, str) else MAX_ITEMS
                    if n * max(len(seq), 1) > most:
                        raise SecurityError("the result of * is too long")
            if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(
                    right, (str, list, tuple)):
                most = MAX_TEXT if isinstance(left, str) else MAX_ITEMS
                if len(left) + len(right) > most:
                    raise SecurityError("the result of + is too long")
            if _bits(left) + _bits(right) > MAX_BITS:
                raise SecurityError(f"the numbers of {operator} are too large (more than "
                                    f"{MAX_BITS} bits)")

        def check_percent(self, form: str, args: Any) -> None:
            """``form % args``: widths and precisions at most :data:`_MAX_WIDTH`, and the
            result at most :data:`MAX_TEXT` characters."""
            total = len(form) + self.size(args)
            for field in _PERCENT_FIELD.finditer(form):
                for number in field.groups():
                    if number == "*":
                        raise SecurityError("a % format takes no * width")
                    if number and (len(number) > 4 or int(number) > _MAX_WIDTH):
                        raise SecurityError(f"the text of this % format is too long (a width "
                                            f"over {_MAX_WIDTH})")
                    total += int(number or 0)
            if total > MAX_TEXT:
                raise SecurityError(f"the text of this % format is too long (more than "
                                    f"{MAX_TEXT} characters)")

        # ------------------------------------------------------------ the sandbox
        def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
            if attr.startswith("_"):
                return False
            if isinstance(obj, TemplateFunctions):
                return obj.allows(attr)
            if isinstance(obj, LoopContext):
                return attr in ("first", "last", "index", "index0", "length")
            return dataclasses.is_dataclass(obj) and not isinstance(obj, type) and (
                not callable(value))

        def is_safe_callable(self, obj: Any) -> bool:
            return id(obj) in self.callables

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
            if isinstance(__obj, jinja2.Undefined):  # say what is undefined, or unsafe
                __obj._fail_with_undefined_error()
            __self.tick()
            return super().call(__context, __obj, *args, **kwargs)

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            self.tick()
            self.check_binop(operator, left, right)
            return super().call_binop(context, operator, left, right)

        def checked(self, source: str) -> Any:
            """The template ``source`` parsed, refused if it uses a tag outside
            :data:`_NODES`, its loops counted and its ``~`` bounded."""
            tree = self.parse(source)
            for node in tree.find_all(nodes.Node):
                name = type(node).__name__
                if name not in _NODES or (isinstance(node, nodes.For) and node.recursive):
                    error = SecurityError(f"templates do not use {name} "
                                          "(only for, if, set x = … and expressions)")
                    error.lineno = getattr(node, "lineno", 1)  # type: ignore[attr-defined]
                    raise error
            for loop in list(tree.find_all(nodes.For)):
                loop.iter = nodes.Filter(loop.iter, "dicelab_steps", [], [], None, None,
                                         lineno=loop.iter.lineno)
            for parent in list(tree.find_all(nodes.Node)):
                for field in parent.fields:
                    value = getattr(parent, field, None)
                    if isinstance(value, nodes.Concat):
                        setattr(parent, field, _bounded_concat(value))
                    elif isinstance(value, list):
                        setattr(parent, field, [_bounded_concat(v) if isinstance(
                            v, nodes.Concat) else v for v in value])
            return self.from_string(tree)

        def render_bounded(self, source: str, namespace: dict[str, Any]) -> str:
            """Render ``source``: its output is at most :data:`MAX_TEXT` characters."""
            out: list[str] = []
            total = 0
            for piece in self.checked(source).generate(namespace):
                total += len(piece)
                if total > MAX_TEXT:
                    raise SecurityError(f"the page is too long (more than {MAX_TEXT} "
                                        "characters)")
                out.append(piece)
            return "".join(out)

    def _bounded_concat(node: Any) -> Any:
        parts = nodes.Tuple(list(node.nodes), "load", lineno=node.lineno)
        return nodes.Filter(parts, "dicelab_concat", [], [], None, None, lineno=node.lineno)

    return TemplateEnvironment


def bounded_builtins(env: Any, table: Callable[..., str]) -> dict[str, Any]:
    """The builtins of :data:`SAFE_BUILTINS` that could build something huge, bounded by
    ``env``'s limits: ``str`` (its text), ``sum`` (numbers only, each addition checked),
    ``round`` (at most 100 digits), ``Fraction`` (numbers, not texts with exponents) and
    ``md_table`` (``table`` on cells whose text is bounded).  Their refusals are
    sandbox errors, as the sandbox's own."""
    from jinja2.sandbox import SecurityError

    def safe_str(value: Any = "") -> str:
        return env.text(value)

    def safe_sum(values: Any, start: Any = 0) -> Any:
        total = start
        for k, x in enumerate(env.steps(itertools.chain((start,), values))):
            if isinstance(x, bool) or not isinstance(x, numbers.Number):
                raise SecurityError(f"sum adds numbers only; got {_describe(x)}")
            if k:  # each addition counted as a loop step, and checked
                env.check_binop("+", total, x)
                total = total + x
        return total

    def safe_round(number: Any, ndigits: Any = None) -> Any:
        if ndigits is not None and (not isinstance(ndigits, int) or abs(ndigits) > 100):
            raise SecurityError(f"round takes at most 100 digits; got {_describe(ndigits)}")
        return round(number, ndigits)

    def safe_fraction(numerator: Any = 0, denominator: Any = None) -> Fraction:
        for x in (numerator, denominator):
            if isinstance(x, str) or (x is not None and _bits(x) > MAX_BITS):
                raise SecurityError("a template's Fraction takes whole numbers, e.g. "
                                    f"Fraction(1, 6); got {_describe(x)}")
        return Fraction(numerator) if denominator is None else Fraction(numerator, denominator)

    def safe_md_table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
        cells = [[env.text(c) for c in header]]
        total = 0
        for r in env.steps(rows):
            cells.append([env.text(c) for c in r])
            total += sum(len(c) + 3 for c in cells[-1])
            if total > MAX_TEXT:
                raise SecurityError(f"the table is too long (more than {MAX_TEXT} "
                                    "characters)")
        return table(cells[0], cells[1:])

    return {"str": safe_str, "sum": safe_sum, "round": safe_round,
            "Fraction": safe_fraction, "md_table": safe_md_table}
