"""pytest set-up for the whole run (tests, the package's doctests, the notebooks): the
tables solved during the run are cached in a fresh temporary folder (``DICELAB_CACHE``),
never in the user's own cache, and it is deleted at the end."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    folder = tempfile.mkdtemp(prefix="dicelab-test-cache-")
    _CACHE.append(folder)
    os.environ["DICELAB_CACHE"] = folder  # the kernels the notebook tests start inherit it


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _CACHE:
        shutil.rmtree(folder, ignore_errors=True)
