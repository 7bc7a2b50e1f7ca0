"""Head-to-head 5000: two policies against each other, thousands of games at once (issue 11 §4).

``simulate_versus`` plays two-player 5000 between the **duel-optimal** player (who
maximises the exact chance of winning the game, :mod:`dicelab.engine.cinqmille_duel`)
and the **solo-optimal** player (who minimises the expected number of turns to reach
5000, :mod:`dicelab.engine.cinqmille`), in both seat orders, vectorised with numpy:
every roll of every game is one draw against the engine's roll probabilities, and every
choice (which dice to set aside, bank or roll on) is the engines' own, read from their
solved value tables:

* solo-optimal: the value of each choice as :func:`~dicelab.engine.cinqmille.
  turn_outcome_matrix` ranks it (same candidates, same order, ties to the first);
* duel-optimal: ``-P(win)`` of each choice from the duel engine's turn sweeps against
  every opponent score (``_turns_against``: one sweep per opponent score, cached here).

No rule is re-implemented: rolls, set-asides, points, dice left, banking permissions,
wins and overshoots all come from the solo engine's rule tables
(:func:`dicelab.engine.cinqmille._model`, built from :mod:`dicelab.games.cinqmille`).
Five-dice variants only (every opening, minimum bank and scoring option).

Checks (``tests/test_versus.py``): duel-optimal against itself reproduces the duel
engine's exact first-player value, solo-optimal against itself the exact value of
:func:`solo_first_player_probability`, both within 4 standard errors.

>>> r = simulate_versus(games=200, seed=1, players=("solo", "solo"))
>>> r.games, r.wins.shape
(200, (2,))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from .errors import DicelabError, brief

__all__ = [
    "POLICY_NAMES",
    "VersusResult",
    "clear_cache",
    "simulate_versus",
    "solo_first_player_probability",
]

#: The two policies the simulator plays, with their names for people (msgids).
POLICY_NAMES = {"duel": "plays to win", "solo": "solo-optimal"}

_INF = np.inf


@dataclass(frozen=True)
class VersusResult:
    """Outcome of a head-to-head: ``players`` = the policies of seat 0 and seat 1 in the
    first half of the games; the second half swaps seats.

    ``wins[i]``: games won by ``players[0]``'s policy in seat order ``i`` (0: it moves
    first, 1: it moves second), out of ``per_order[i]`` games; ``turns``: turns played in
    each game (both players together).
    """

    players: tuple[str, str]
    games: int
    per_order: tuple[int, int]
    wins: np.ndarray
    turns: np.ndarray

    def rate(self, order: int | None = None) -> float:
        """Win rate of ``players[0]``'s policy: in seat order ``order``, or over all games."""
        if order is None:
            return float(self.wins.sum() / self.games)
        return float(self.wins[order] / self.per_order[order])

    def se(self, order: int | None = None) -> float:
        """Standard error of :meth:`rate` (the same for the edge)."""
        n = self.games if order is None else self.per_order[order]
        p = self.rate(order)
        return math.sqrt(max(p * (1 - p), 1e-300) / n)

    @property
    def edge(self) -> float:
        """``players[0]``'s win rate over both seat orders minus one half."""
        return self.rate() - 0.5

    @property
    def se_edge(self) -> float:
        return self.se()


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class _Tables:
    m: Any
    N: int
    UC: int
    top: int
    cdf: tuple[np.ndarray, ...]
    pts: np.ndarray  # (outcomes, K): points (units) of each set-aside option, 0 padded
    left: np.ndarray  # dice to roll after it (hot dice: N)
    bankable: np.ndarray
    valid: np.ndarray
    is_bust: np.ndarray
    is_win: np.ndarray


def _rules(rules: Any) -> Any:
    from .games.cinqmille import Rules

    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise DicelabError("rules must be dicelab.games.cinqmille.Rules; got {rules}",
                           rules=brief(rules))
    if rules.dice != 5:
        raise DicelabError("the head-to-head simulator plays 5000 with 5 dice; got {n} dice",
                           n=rules.dice)
    return rules


@lru_cache(maxsize=4)
def _tables(rules: Any) -> _Tables:
    from .dice import multisets
    from .engine import cinqmille as solo

    m = solo._model(rules)
    K = max(len(v) for v in m.options.values())
    n_out = m.n_out
    pts = np.zeros((n_out, K), dtype=np.intp)
    left = np.full((n_out, K), m.N, dtype=np.intp)
    bankable = np.zeros((n_out, K), dtype=bool)
    valid = np.zeros((n_out, K), dtype=bool)
    is_bust = np.zeros(n_out, dtype=bool)
    is_win = np.zeros(n_out, dtype=bool)
    win_ids = set(int(g) for g in m.win_ids)
    cdf = [np.zeros(0)]
    for n in range(1, m.N + 1):
        c = np.cumsum(np.asarray(m.probs[n], dtype=float))
        c[-1] = np.inf  # rounding: a draw always lands
        cdf.append(c)
        for i, o in enumerate(multisets(n)):
            g = m.offs[n] + i
            if g in win_ids:
                is_win[g] = True
                continue
            # the candidates' order of turn_outcome_matrix: fewest dice set aside first
            opts = sorted(m.options[o], key=lambda x: (len(x[0]), x[0]))
            if not opts:
                is_bust[g] = True
            for k, (_keep, p, lft, b) in enumerate(opts):
                pts[g, k], left[g, k], bankable[g, k], valid[g, k] = p, lft, b, True
    return _Tables(m, m.N, m.UC, solo.TOP, tuple(cdf), pts, left, bankable, valid, is_bust,
                   is_win)


@lru_cache(maxsize=2)
def _solo_values(rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """(``Vext[u]`` start-of-turn expected turns, 0 from 5000 on; ``R[n, s, u]``)."""
    from .engine import cinqmille as solo

    m = solo._model(rules)
    sol = solo.solve_turns(rules)
    Vext = np.zeros(m.W + 1)
    Vext[: solo.TOP] = sol.V[: solo.TOP]
    return Vext, np.asarray(sol.R)


@lru_cache(maxsize=2)
def _duel_values(rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """(``Text[o, u]``: the opponent's start value after I bank at total ``u``, 0 from 5000
    on; ``RD[o, s, n, u]``: ``-P(win)`` about to roll ``n`` dice at total ``u``, score ``s``
    against ``o``) — one duel turn sweep per opponent score (about 100 sweeps)."""
    from .engine import cinqmille as solo
    from .engine import cinqmille_duel as cd

    m = solo._model(rules)
    T = cd.solve_duel(rules).T
    Text = cd._text(m, T)
    RD = np.stack([cd._turns_against(rules, o) for o in range(solo.TOP)])
    return Text, RD


def clear_cache() -> None:
    """Forget the simulator's tables (benchmarks: cold runs)."""
    _tables.cache_clear()
    _solo_values.cache_clear()
    _duel_values.cache_clear()


# ------------------------------------------------------------------ the simulator


def _choose(t: _Tables, rules: Any, duel: np.ndarray, s: np.ndarray, o: np.ndarray,
            u: np.ndarray, g: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each mover's choice after a scoring roll ``g``: (option index, bank?, kind)."""
    from .engine import cinqmille as solo

    pts, left, valid = t.pts[g], t.left[g], t.valid[g]
    u2 = u[:, None] + pts
    kind = t.m.kind[s[:, None], u2]
    u2c = np.minimum(u2, t.UC)
    allowed = t.bankable[g] & t.m.bank_ok[s[:, None], u2c] & valid
    vb = np.empty(pts.shape)
    vr = np.empty(pts.shape)
    if (~duel).any():
        Vext, R = _solo_values(rules)
        i = ~duel
        si, u2ci, lefti = s[i][:, None], u2c[i], left[i]
        vb[i] = np.where(allowed[i], 1.0 + Vext[u2ci], _INF)
        vr[i] = 1.0 + R[lefti, si, u2ci]
        k = kind[i]
        over = (1.0 + Vext[s[i]])[:, None]
        vb[i] = np.where(k == solo._WIN, 1.0, np.where(k == solo._OVER, over, vb[i]))
        vr[i] = np.where(k == solo._WIN, 1.0, np.where(k == solo._OVER, over, vr[i]))
    if duel.any():
        Text, RD = _duel_values(rules)
        i = duel
        si, oi, u2ci, lefti = s[i][:, None], o[i][:, None], u2c[i], left[i]
        vb[i] = np.where(allowed[i], Text[oi, u2ci] - 1.0, _INF)
        vr[i] = RD[oi, si, lefti, u2ci]
        k = kind[i]
        over = (Text[o[i], s[i]] - 1.0)[:, None]
        vb[i] = np.where(k == solo._WIN, -1.0, np.where(k == solo._OVER, over, vb[i]))
        vr[i] = np.where(k == solo._WIN, -1.0, np.where(k == solo._OVER, over, vr[i]))
    vb = np.where(valid, vb, _INF)
    vr = np.where(valid, vr, _INF)
    vals = np.stack([vb, vr], axis=2).reshape(len(g), -1)  # per option: bank, then roll
    idx = np.argmin(vals, axis=1)  # ties: the first, as the engines rank them
    k = idx // 2
    rows = np.arange(len(g))
    return k, idx % 2 == 0, kind[rows, k]


def simulate_versus(games: int = 20_000, seed: int | None = 0, *, rules: Any = None,
                    players: tuple[str, str] = ("duel", "solo"),
                    max_rolls: int = 1_000_000) -> VersusResult:
    """Play ``games`` two-player 5000 games between the policies ``players`` (each
    ``"duel"`` or ``"solo"``): the first half with ``players[0]`` in seat 0 (moving first),
    the second half with the seats swapped.  Seeded: the same seed gives the same result.

    >>> r = simulate_versus(games=400, seed=3, players=("solo", "solo"))
    >>> r.per_order, 0.3 < r.rate(0) < 0.8
    ((200, 200), True)
    """
    from .dice import make_rng
    from .engine import cinqmille as solo

    if isinstance(games, bool) or not isinstance(games, int) or not 2 <= games <= 1_000_000:
        raise DicelabError("games must be a whole number from 2 to 1,000,000; got {games}",
                           games=brief(games))
    if (not isinstance(players, (tuple, list)) or len(players) != 2
            or any(p not in POLICY_NAMES for p in players)):
        raise DicelabError("players must be two of {names}; got {players}",
                           names=", ".join(POLICY_NAMES), players=brief(players))
    rules = _rules(rules)
    t = _tables(rules)
    rng = make_rng(seed)
    half = games // 2
    per_order = (games - half, half)
    # is_duel[g, seat]: order 0 games have players[0] in seat 0
    first = np.arange(games) < per_order[0]
    p0, p1 = (players[0] == "duel"), (players[1] == "duel")
    is_duel = np.empty((games, 2), dtype=bool)
    is_duel[:, 0] = np.where(first, p0, p1)
    is_duel[:, 1] = np.where(first, p1, p0)
    score = np.zeros((games, 2), dtype=np.intp)
    mover = np.zeros(games, dtype=np.intp)
    n = np.full(games, t.N, dtype=np.intp)
    u = np.zeros(games, dtype=np.intp)
    turns = np.ones(games, dtype=np.int64)
    winner = np.full(games, -1, dtype=np.intp)
    act = np.arange(games)
    for _ in range(max_rolls):
        if not act.size:
            break
        mv = mover[act]
        s, o = score[act, mv], score[act, 1 - mv]
        x = rng.random(act.size)
        g = np.empty(act.size, dtype=np.intp)
        for k in range(1, t.N + 1):
            sel = n[act] == k
            if sel.any():
                g[sel] = t.m.offs[k] + np.searchsorted(t.cdf[k], x[sel], side="right")
        won = t.is_win[g].copy()
        ends = t.is_bust[g].copy()
        go = ~(won | ends)
        if go.any():
            gi = act[go]
            k, bank, kind = _choose(t, rules, is_duel[gi, mover[gi]], s[go], o[go], u[gi],
                                    g[go])
            u2 = u[gi] + t.pts[g[go], k]
            w = kind == solo._WIN
            over = kind == solo._OVER
            banks = bank & ~w & ~over
            rolls = ~(w | over | bank)
            won[go] = w
            ends[go] = over | banks
            score[gi[banks], mover[gi[banks]]] = u2[banks]
            n[gi[rolls]] = t.left[g[go], k][rolls]
            u[gi[rolls]] = np.minimum(u2[rolls], t.UC)
        winner[act[won]] = mover[act[won]]
        e = act[ends]
        mover[e] = 1 - mover[e]
        n[e] = t.N
        u[e] = score[e, mover[e]]
        turns[e] += 1
        act = act[~won]
    else:
        raise DicelabError("some games did not end after {n} rolls", n=max_rolls)
    # wins of players[0]'s policy: seat 0 in order 0, seat 1 in order 1
    wins = np.array([int((winner[first] == 0).sum()), int((winner[~first] == 1).sum())])
    return VersusResult(tuple(players), games, per_order, wins, turns)  # type: ignore[arg-type]


def solo_first_player_probability(rules: Any = None, max_turns: int = 600) -> float:
    """Exact probability that the first of two solo-optimal players wins 5000: the players'
    turns are independent (neither looks at the other), so with ``p[t]`` the law of the
    turns to finish (:func:`~dicelab.engine.cinqmille.turns_distribution`),
    ``P = sum_t p[t] P(T >= t)``.

    >>> 0.5 < solo_first_player_probability() < 0.6
    True
    """
    from .engine import cinqmille as solo

    p = np.asarray(solo.turns_distribution(_rules(rules), max_turns=max_turns), dtype=float)
    at_least = 1.0 - np.concatenate([[0.0], np.cumsum(p)[:-1]])  # P(T >= t)
    return float(p @ at_least)
