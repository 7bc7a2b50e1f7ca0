"""Markdown for the generated documentation (the rules pages, the teachers' guide's
calibration table): one table formatter for :mod:`dicelab.tools.docgen` and
:mod:`dicelab.tools.calibrate`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["md_table"]


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
