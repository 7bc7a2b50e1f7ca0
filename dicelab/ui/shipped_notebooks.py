"""The shipped notebooks stay as shipped: a Jupyter server hook that saves them without
what a run adds.

After "Run All", JupyterLab holds the outputs and the widgets' state of the play
notebooks, and saving (or answering "Save" when the tab closes) would write them into
``notebooks/fr/01_dripeul.ipynb`` and the others: a student's run would change the files
of the project (and a teacher's clone would show them as changed).  :func:`strip_outputs`
is the Jupyter server's ``ContentsManager.pre_save_hook`` (set in
``binder/jupyter_server_config.json``, which ``make lab`` passes to JupyterLab and Binder's
``postBuild`` installs): saving a *shipped* notebook — one in a ``notebooks`` folder with
its jupytext ``.md`` twin beside it — drops every output, execution count, cell timing
and the widgets' saved state, so the file on disk stays what was shipped.  A student's
edits to the cells are saved; a copy ("Save As…", "Duplicate") has no twin and keeps its
outputs.  Nothing here imports Jupyter: the hook works on the plain JSON model.

>>> model = {"type": "notebook", "content": {
...     "metadata": {"widgets": {"state": {}}, "kernelspec": {"name": "python3"}},
...     "cells": [{"cell_type": "code", "execution_count": 3, "metadata": {"execution": {}},
...                "outputs": [{"output_type": "stream", "text": "hi"}], "source": "1"}]}}
>>> strip_notebook(model["content"])
True
>>> model["content"]["cells"][0]["outputs"], model["content"]["metadata"]
([], {'kernelspec': {'name': 'python3'}})
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["is_shipped", "strip_notebook", "strip_outputs"]

#: Cell metadata a run adds (JupyterLab's cell timing, nbval's and Voilà's marks).
RUN_METADATA = ("execution", "collapsed", "scrolled")


def is_shipped(path: str | Path, root: str | Path = ".") -> bool:
    """``path`` (relative to the server's ``root``) is a shipped notebook: an ``.ipynb``
    under a ``notebooks`` folder with its jupytext ``.md`` twin beside it.

    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> (root / "notebooks").mkdir()
    >>> for name in ("a.ipynb", "a.md", "a-Copy1.ipynb"):
    ...     _ = (root / "notebooks" / name).write_text("{}")
    >>> is_shipped("notebooks/a.ipynb", root), is_shipped("notebooks/a-Copy1.ipynb", root)
    (True, False)
    """
    p = Path(str(path).lstrip("/"))
    if p.suffix != ".ipynb" or "notebooks" not in p.parts[:-1]:
        return False
    return (Path(root) / p).with_suffix(".md").is_file()


def strip_notebook(nb: dict[str, Any]) -> bool:
    """Drop what a run adds to a notebook (its plain JSON ``content``), in place: outputs,
    execution counts, cell timings, the widgets' state.  Returns whether it was a
    notebook (a dict with a list of cells)."""
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return False
    for cell in nb["cells"]:
        if not isinstance(cell, dict):
            continue
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        meta = cell.get("metadata")
        if isinstance(meta, dict):
            for key in RUN_METADATA:
                meta.pop(key, None)
    meta = nb.get("metadata")
    if isinstance(meta, dict):
        meta.pop("widgets", None)
    return True


def strip_outputs(model: dict[str, Any], path: str, contents_manager: Any = None,
                  **_kwargs: Any) -> None:
    """The ``ContentsManager.pre_save_hook``: a shipped notebook (:func:`is_shipped`) is
    saved without what a run adds (:func:`strip_notebook`); any other file as it is."""
    if model.get("type") != "notebook" or model.get("content") is None:
        return
    root = getattr(contents_manager, "root_dir", ".") or "."
    if is_shipped(path, root):
        strip_notebook(model["content"])
