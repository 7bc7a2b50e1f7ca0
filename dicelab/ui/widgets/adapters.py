"""Small adapters between the apps and modules other parts of dicelab provide.

Each returns ``None`` (or an empty result) when the module or function it needs is not
there, so the app hides the matching part instead of failing:

- :func:`win_chances`: each player's exact chance of winning a two-player game, from the
  two-player ("duel") engine (``advise_state`` with objective ``"p_duel"`` and the game's
  ``duel_win_probability``; see docs/architecture.md, issue 11).
- :func:`duel_policy`: the "plays to win" computer policy (``policies.duel_optimal``).
- :func:`why_lines`: the coach's explanation of a choice (``dicelab.coach``).
- :func:`review`: the game review (``dicelab.review``).
"""

from __future__ import annotations

import importlib
from typing import Any


def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def advice_is_duel(advice: Any) -> bool:
    """Advice ranked by the exact two-player win probability."""
    return getattr(advice, "kind", None) == "duel" or getattr(advice, "objective", "") == "p_duel"


def win_chances(app: Any) -> tuple[float, ...] | None:
    """Each seat's exact chance of winning (two players, game not over), else ``None``.

    Before a decision (a forced move included): the best choice's ``p_duel`` for the player
    to move; at the start
    of a turn: the game's ``duel_win_probability``.  A shared win counts one half, so the
    two chances add up to 1.
    """
    s = app.state
    if s.players != 2 or s.is_over:
        return None
    p = s.current_player
    mine = None
    try:
        if getattr(s, "phase", "") != "start":  # a forced move too: the bar stays
            advice = app.advice()
            if advice_is_duel(advice) and advice.choices:
                mine = float(advice.best.figures["p_duel"])
        if mine is None and getattr(s, "phase", "") == "start":
            engine = importlib.import_module(f"dicelab.engine.{app.game_key}")
            fn = getattr(engine, "duel_win_probability", None)
            if fn is None:
                return None
            if app.game_key == "trwavril":
                mine = float(fn(s.rules, barred=s.barred, parapluies=s.parapluies, to_play=p))
            elif app.game_key in ("cinqmille", "seveny"):
                mine = float(fn(s.rules, scores=tuple(s.scores), to_play=p))
            elif app.game_key == "dripeul":  # this manche (see docs/rules.md)
                mine = float(fn(s.rules, tokens=s.tokens, triangles=s.triangle, to_play=p))
    except Exception:  # the duel engine does not cover this position: no bar
        return None
    if mine is None:
        return None
    return (mine, 1.0 - mine) if p == 0 else (1.0 - mine, mine)


def duel_policy() -> Any:
    """The "plays to win" policy, or ``None`` before the duel engine exists."""
    from dicelab.analysis import policies

    make = getattr(policies, "duel_optimal", None)
    return None if make is None else make()


def coach_module() -> Any:
    """``dicelab.coach`` if it is there."""
    return _optional("dicelab.analysis.coach")


def why_lines(state: Any, action: Any, lang: str, advice: Any = None) -> list[str]:
    """The coach's one-to-three-line explanation of ``action`` against the best (for the
    best, against the runner-up), or ``[]``: ``dicelab.coach.explain``."""
    explain = getattr(coach_module(), "explain", None)
    if explain is None:
        return []
    try:
        lines = explain(state, action, lang=lang, advice=advice)
    except Exception:  # the coach has nothing to say here
        return []
    if isinstance(lines, str):
        return [lines]
    return [str(x) for x in lines or ()][:3]


def hint_text(state: Any, level: int, lang: str, advice: Any = None) -> str | None:
    """The coach's hint text of ``level`` (1: which dice matter), or ``None``."""
    hint = getattr(coach_module(), "hint", None)
    if hint is None:
        return None
    try:
        return str(hint(state, level, lang=lang, advice=advice).text)
    except Exception:  # no hint for this position
        return None


def hint_positions(state: Any, lang: str, advice: Any = None) -> tuple[int, ...]:
    """Positions (into ``state.dice``) of the dice the coach's first hint points at."""
    hint = getattr(coach_module(), "hint", None)
    if hint is None:
        return ()
    try:
        return tuple(hint(state, 1, lang=lang, advice=advice).positions)
    except Exception:  # no hint for this position
        return ()


def review(game: Any, lang: str, players: Any = None) -> Any:
    """``dicelab.analysis.review.review(game, lang, players=…)`` (a review object with
    ``to_html()``), or ``None`` when the review module is not there."""
    mod = _optional("dicelab.analysis.review")
    fn = getattr(mod, "review", None) if mod is not None else None
    if fn is None:
        return None
    return fn(game, lang, players=players)
