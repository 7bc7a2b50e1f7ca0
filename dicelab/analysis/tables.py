"""The machine's cache of solved two-player tables: which variants the apps offer, filling
the cache with them (``python -m dicelab tables --warm``) and clearing it (``--clear``).

A two-player table that does not ship with the package is solved on first use and saved in
the machine's cache (:func:`dicelab.engine.race.cache_dir`: ``$DICELAB_CACHE``, else the
user's cache folder), so the next kernel reads it in milliseconds instead of solving.  A
teacher or a hub administrator fills the cache once with :func:`warm` (``make hub`` runs
it); a hub may then point every user's ``DICELAB_CACHE`` at that folder, read-only.

>>> names = [name for _game, _rules, name in offered()]
>>> len(names) == len(set(names)), "duel_seveny_t100.npz" in names
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any, TextIO

from dicelab.analysis import solving
from dicelab.core import progress
from dicelab.core.i18n import _
from dicelab.engine import race
from dicelab.registry import get

__all__ = ["clear", "offered", "warm"]


def offered(games: tuple[str, ...] | None = None) -> Iterator[tuple[str, Any, str]]:
    """``(game, rules, table file name)`` of every two-player table the apps offer: each
    game's rule choices (``Rules.CHOICES``, every combination), one per table (variants
    that share a table, e.g. Dripeul's levels, once)."""
    seen: set[str] = set()
    for game in games or solving.DUEL_GAMES:
        engine = solving.duel_engine(game)
        if engine is None:
            continue
        name_of = engine.table_name
        Rules = get(game).rules.Rules
        choices = {k: [v for v in vs if v is not None] for k, vs in Rules.CHOICES.items()}
        for values in product(*choices.values()):
            rules = Rules(**dict(zip(choices, values)))
            name = name_of(rules)
            if name not in seen:
                seen.add(name)
                yield game, rules, name


def _bar(fraction: float, width: int = 30) -> str:
    """A text progress bar.

    >>> _bar(0.5, 10)
    '[#####-----]  50%'
    """
    done = int(round(max(0.0, min(1.0, fraction)) * width))
    return f"[{'#' * done}{'-' * (width - done)}] {100 * fraction:3.0f}%"


def warm(out: TextIO, games: tuple[str, ...] | None = None, lang: str | None = None) -> int:
    """Solve every table the apps offer (:func:`offered`) that is neither shipped nor
    cached yet, each saved to the cache, with a text progress bar on ``out``; returns how
    many were solved."""
    tables = list(offered(games))
    solved = 0
    out.write(_("Tables are cached in {folder}", lang=lang, folder=race.cache_dir()) + "\n")
    for i, (game, rules, name) in enumerate(tables, 1):
        head = f"[{i}/{len(tables)}] {name}"
        if solving.duel_ready(game, rules):
            out.write(f"{head}: " + _("ready", lang=lang) + "\n")
            continue

        def draw(task: progress.Task, head: str = head) -> None:
            out.write(f"\r{head} {_bar(task.fraction)}")
            out.flush()

        with progress.running(progress.Task(on_step=draw)):
            solving.solve(game, rules)
        solved += 1
        out.write(f"\r{head} {_bar(1.0)}\n")
    return solved


def clear(out: TextIO, lang: str | None = None) -> int:
    """Delete the cached tables (:func:`dicelab.engine.race.clear_cache`); says how many."""
    gone = race.clear_cache()
    out.write(_("{count} cached tables deleted from {folder}", lang=lang, count=gone,
                folder=race.cache_dir()) + "\n")
    return gone
