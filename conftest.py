"""pytest set-up for the whole run (tests, the package's doctests, the notebooks): the
tables solved during the run are cached under a fresh temporary folder (``DICELAB_CACHE``),
never in the user's own cache, and it is deleted at the end.  Each test gets its own
sub-folder, so a table one test solved is never found ready by the next one."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile

import pytest

_CACHE: list[str] = []
_COUNT = itertools.count()


def pytest_configure(config: pytest.Config) -> None:
    folder = tempfile.mkdtemp(prefix="dicelab-test-cache-")
    _CACHE.append(folder)
    os.environ["DICELAB_CACHE"] = folder  # the kernels the notebook tests start inherit it


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _CACHE:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _own_table_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """This test's own cache folder (made only if a solve writes to it)."""
    if _CACHE:
        monkeypatch.setenv("DICELAB_CACHE", os.path.join(_CACHE[0], f"test{next(_COUNT)}"))
