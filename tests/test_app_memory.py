"""two-player apps leave nothing behind after ``close()``.  ``warm`` used to
freeze the garbage collector (``gc.freeze``) at every two-player game, so every app alive
then (about 0.5 MB each) was kept for good."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: 200 two-player apps of the two games with shipped tables, created and closed; the
#: growth of the process's memory after the first (which loads the tables) is reported.
LEAK_CHECK = r"""
import gc, json
import psutil
from dicelab.ui import widgets

def rss():
    gc.collect()
    return psutil.Process().memory_info().rss

for game in ("trwavril", "cinqmille"):  # loads the tables, warms and freezes them once
    app = widgets.play(game, seed=0, players=2)
    app.wait_for_duel(timeout=600)  # the warm-up runs in the background: let it finish
    app.close()
for i in range(10):  # the first apps' lazily built caches
    widgets.play(("trwavril", "cinqmille")[i % 2], seed=i, players=2).close()
before, frozen = rss(), gc.get_freeze_count()
for i in range(200):
    widgets.play(("trwavril", "cinqmille")[i % 2], seed=100 + i, players=2).close()
print(json.dumps({"mb": (rss() - before) / 1e6, "frozen": gc.get_freeze_count() - frozen}))
"""


@pytest.mark.slow
def test_two_hundred_two_player_apps_closed_add_at_most_10_mb():
    pytest.importorskip("psutil")
    out = subprocess.run([sys.executable, "-c", LEAK_CHECK], capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    # before the fix: about 100 MB, and 2,000 more frozen objects per app
    assert got["mb"] <= 10, got
    assert got["frozen"] <= 0, got


def test_warm_freezes_a_variant_once():
    """A second warm of a loaded variant freezes nothing more (the app opening then stays
    collectable); after a gc.unfreeze() it freezes again."""
    import gc

    from dicelab.analysis import solving as duel_registry
    from dicelab.games import trwavril

    assert duel_registry.warm("trwavril", trwavril.Rules())
    n = gc.get_freeze_count()
    assert n > 0
    keep = [[object()] for _ in range(1000)]  # live objects made after the freeze
    assert duel_registry.warm("trwavril", trwavril.Rules())
    assert gc.get_freeze_count() == n
    del keep
