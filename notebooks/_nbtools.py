"""Shared helpers of the notebook generators (notebooks/_build_play.py, lessons/_build.py).

Cells get stable ids (a hash of their position and source), so regenerating an unchanged
notebook gives the same file and diffs stay small.
"""

from __future__ import annotations

import hashlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook


def md(text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(text.strip("\n"))


def code(text: str) -> nbformat.NotebookNode:
    return new_code_cell(text.strip("\n"))


def notebook(cells) -> nbformat.NotebookNode:
    for i, cell in enumerate(cells):
        cell.id = hashlib.sha1(f"{i}:{cell.source}".encode()).hexdigest()[:12]
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3", "language": "python", "name": "python3",
    }
    nb.metadata["language_info"] = {"name": "python"}
    return nb
