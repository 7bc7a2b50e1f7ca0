"""Small adapters between the apps and the analysis modules (coach, review, policies).

Each returns ``None`` (or an empty result) when the function it needs has nothing to say,
so the app hides the matching part instead of failing:

- :func:`win_chances`: each player's exact chance of winning a two-player game, from the
  two-player ("duel") engine (``advise_state`` with objective ``"p_duel"`` and, at the
  start of a turn, the registry entry's ``duel_start``).
- :func:`duel_policy`: the "plays to win" computer policy (``policies.duel_optimal``).
- :func:`why_lines`: the coach's explanation of a choice (``dicelab.coach``).
- :func:`review`: the game review (``dicelab.review``).
"""

from __future__ import annotations

from typing import Any

from dicelab.registry import get


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
        if s.phase != "start":  # a forced move too: the bar stays
            advice = app.advice()
            if advice_is_duel(advice) and advice.choices:
                mine = float(advice.best.numbers["p_duel"])
        if mine is None and s.phase == "start":
            entry = get(app.game_key)
            if not entry.two_player:
                return None
            mine = entry.duel_start(s)
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
    """The coach, :mod:`dicelab.analysis.coach`."""
    from dicelab.analysis import coach

    return coach


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


def review(game: Any, lang: str, players: Any = None, names: Any = None) -> Any:
    """``dicelab.review.review(game, lang, players=…, names=…)`` (a review object with
    ``to_html()``)."""
    from dicelab.analysis.review import review as review_game

    return review_game(game, lang, players=players, names=names)
