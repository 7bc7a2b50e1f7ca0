"""Head-to-head 5000: two policies against each other, thousands of games at once.

``simulate_versus`` plays two-player 5000 between the **duel-optimal** player (who
maximises the exact chance of winning the game, :mod:`dicelab.engine.cinqmille.duel`)
and the **solo-optimal** player (who minimises the expected number of turns to reach
5000, :mod:`dicelab.engine.cinqmille.solo`), in both seat orders, vectorised with numpy:
every roll of every game is one draw against the engine's roll probabilities, and every
choice (which dice to set aside, bank or roll on) is the engines' own, read from their
solved value tables:

* solo-optimal: the value of each choice as :func:`~dicelab.engine.cinqmille.solo.
  turn_outcome_matrix` ranks it (same candidates, same order, ties to the first);
* duel-optimal: ``-P(win)`` of each choice from the duel engine's turn sweeps against
  every opponent score (``_turns_against``: one sweep per opponent score, cached here).

No rule is re-implemented: rolls, set-asides, points, dice left, banking permissions,
wins and overshoots all come from the solo engine's rule tables
(:func:`dicelab.engine.cinqmille.solo._model`, built from :mod:`dicelab.games.cinqmille`).
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
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core.errors import DicelabError, brief
from dicelab.games._checks import plain_int
from dicelab.ui.teaching.asking import _w, _Widget
from dicelab.ui.teaching.numbers import parse_seed

__all__ = [
    "BEHIND",
    "BEHIND_OPPONENTS",
    "HEAD_TO_HEAD_GAMES",
    "HEAD_TO_HEAD_SEED",
    "HeadToHead",
    "POLICY_NAMES",
    "VersusResult",
    "behind_chart",
    "behind_choices",
    "behind_curve",
    "behind_chart_note",
    "behind_html",
    "behind_results_html",
    "clear_caches",
    "first_player_probability",
    "head_to_head",
    "head_to_head_html",
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
    N: int
    UC: int
    top: int
    offs: tuple[int, ...]  # global id of the first roll of n dice
    cdf: tuple[np.ndarray, ...]
    pts: np.ndarray  # (rolls, K): points (units) of each set-aside option, 0 padded
    left: np.ndarray  # dice to roll after it (hot dice: N)
    bankable: np.ndarray
    valid: np.ndarray
    is_bust: np.ndarray
    is_win: np.ndarray
    keeps: tuple[tuple[tuple[int, ...], ...], ...]  # the dice each option sets aside
    kind: np.ndarray  # (TOP, UC + maxp + 1): _NONE / _WIN / _OVER of reaching total u
    bank_ok: np.ndarray  # (TOP, UC + 1): banking allowed at total u


_NONE, _WIN, _OVER = 0, 1, 2


def _rules(rules: Any) -> Any:
    from dicelab.games.cinqmille import Rules

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
    """Every roll's set-aside options and the score/total rule tables, from the game's own
    rule functions (:mod:`dicelab.games.cinqmille`)."""
    from dicelab.core.dice import multisets, roll_probabilities
    from dicelab.games import cinqmille as cm

    N, top, unit = rules.dice, 100, cm.UNIT
    UC = top
    rolls = [(n, o) for n in range(1, N + 1) for o in multisets(n)]
    offs = [0] * (N + 2)
    for i, (n, _o) in enumerate(rolls):
        if i == 0 or rolls[i - 1][0] != n:
            offs[n] = i
    offs[N + 1] = len(rolls)
    options = []
    for n, o in rolls:
        opts = [] if cm.is_five_ones(o, rules) else cm.scoring_options(o, rules)
        # the engines' candidate order: fewest dice set aside first, bank before roll
        options.append(sorted(((tuple(k), p // unit, n - len(k) or N,
                                cm.keep_bank_refusal(rules, k, n) is None)
                               for k, p in opts), key=lambda x: (len(x[0]), x[0])))
    K = max(len(x) for x in options)
    R = len(rolls)
    pts = np.zeros((R, K), dtype=np.intp)
    left = np.full((R, K), N, dtype=np.intp)
    bankable = np.zeros((R, K), dtype=bool)
    valid = np.zeros((R, K), dtype=bool)
    is_win = np.array([cm.is_five_ones(o, rules) for _n, o in rolls])
    for g, opts in enumerate(options):
        for k, (_keep, p, lft, b) in enumerate(opts):
            pts[g, k], left[g, k], bankable[g, k], valid[g, k] = p, lft, b, True
    is_bust = ~is_win & ~valid.any(axis=1)
    maxp = int(pts.max())
    kind = np.zeros((top, UC + maxp + 1), dtype=np.int8)
    bank_ok = np.zeros((top, UC + 1), dtype=bool)
    for s in range(top):
        for u in range(s, UC + maxp + 1):
            r = cm.set_aside_result(rules, s * unit, (u - s) * unit)
            kind[s, u] = _WIN if r == cm.WIN else _OVER if r == cm.OVERSHOOT else _NONE
            if u <= UC:
                bank_ok[s, u] = cm.total_bank_refusal(rules, s * unit, s > 0,
                                                      (u - s) * unit) is None
    cdf = [np.zeros(0)]
    for n in range(1, N + 1):
        c = np.cumsum(np.asarray(roll_probabilities(n), dtype=float))
        c[-1] = np.inf  # rounding: a draw always lands
        cdf.append(c)
    keeps = tuple(tuple(x[0] for x in opts) for opts in options)
    return _Tables(N, UC, top, tuple(offs), tuple(cdf), pts, left, bankable, valid, is_bust,
                   is_win, keeps, kind, bank_ok)


@lru_cache(maxsize=2)
def _solo_values(rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """(``Vext[u]`` start-of-turn expected turns, 0 from 5000 on; ``R[n, s, u]``)."""
    from dicelab.engine.cinqmille import solo as solo

    sol = solo.solve_turns(rules)  # V[s], R[n, s, u]
    R = np.asarray(sol.R)
    Vext = np.zeros(R.shape[2])
    Vext[: solo.TOP] = np.asarray(sol.V)[: solo.TOP]
    return Vext, R


@lru_cache(maxsize=2)
def _duel_values(rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """(``Text[o, u]``: the opponent's start value after I bank at total ``u``, 0 from 5000
    on; ``RD[o, s, n, u]``: ``-P(win)`` about to roll ``n`` dice at total ``u``, score ``s``
    against ``o``) — one duel turn sweep per opponent score (about 100 sweeps)."""
    from dicelab.engine.cinqmille import duel as cd
    from dicelab.engine.cinqmille import solo as solo

    top = solo.TOP
    T = np.asarray(cd.solve_duel(rules).T)
    parts = []
    for o in range(top):
        R = np.asarray(cd._turns_against(rules, o))
        if R.shape[0] != top:  # laid out R[n, u, s]: bring the score first
            R = R.transpose(2, 0, 1)
        parts.append(R)
    RD = np.stack(parts)  # RD[o, s, n, u]
    Text = np.zeros((top, RD.shape[3]))
    Text[:, :top] = np.nan_to_num(T)
    return Text, RD


def clear_caches() -> None:
    """Forget the simulator's tables (benchmarks: cold runs)."""
    _tables.cache_clear()
    _solo_values.cache_clear()
    _duel_values.cache_clear()


# ------------------------------------------------------------------ the simulator


def _choose(t: _Tables, rules: Any, duel: np.ndarray, s: np.ndarray, o: np.ndarray,
            u: np.ndarray, g: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each mover's choice after a scoring roll ``g``: (option index, bank?, kind)."""
    pts, left, valid = t.pts[g], t.left[g], t.valid[g]
    u2 = u[:, None] + pts
    kind = t.kind[s[:, None], u2]
    u2c = np.minimum(u2, t.UC)
    allowed = t.bankable[g] & t.bank_ok[s[:, None], u2c] & valid
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
        vb[i] = np.where(k == _WIN, 1.0, np.where(k == _OVER, over, vb[i]))
        vr[i] = np.where(k == _WIN, 1.0, np.where(k == _OVER, over, vr[i]))
    if duel.any():
        Text, RD = _duel_values(rules)
        i = duel
        si, oi, u2ci, lefti = s[i][:, None], o[i][:, None], u2c[i], left[i]
        vb[i] = np.where(allowed[i], Text[oi, u2ci] - 1.0, _INF)
        vr[i] = RD[oi, si, lefti, u2ci]
        k = kind[i]
        over = (Text[o[i], s[i]] - 1.0)[:, None]
        vb[i] = np.where(k == _WIN, -1.0, np.where(k == _OVER, over, vb[i]))
        vr[i] = np.where(k == _WIN, -1.0, np.where(k == _OVER, over, vr[i]))
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
    from dicelab.core.dice import make_rng

    games = plain_int(games)  # numpy integers too
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
                g[sel] = t.offs[k] + np.searchsorted(t.cdf[k], x[sel], side="right")
        won = t.is_win[g].copy()
        ends = t.is_bust[g].copy()
        go = ~(won | ends)
        if go.any():
            gi = act[go]
            k, bank, kind = _choose(t, rules, is_duel[gi, mover[gi]], s[go], o[go], u[gi],
                                    g[go])
            u2 = u[gi] + t.pts[g[go], k]
            w = kind == _WIN
            over = kind == _OVER
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
    turns to finish (:func:`~dicelab.engine.cinqmille.solo.turns_distribution`),
    ``P = sum_t p[t] P(T >= t)``.

    >>> 0.5 < solo_first_player_probability() < 0.6
    True
    """
    from dicelab.engine.cinqmille import solo as solo

    p = np.asarray(solo.turns_distribution(_rules(rules), max_turns=max_turns), dtype=float)
    at_least = 1.0 - np.concatenate([[0.0], np.cumsum(p)[:-1]])  # P(T >= t)
    return float(p @ at_least)


# ------------------------------------------------------------------ lesson 13 (ahead on points)

#: The lesson's position: my score, the opponent's, the dice set aside this turn and the
#: turn's points they made, the dice shown, the set-aside the lesson asks about.
#: Chosen where the objectives disagree: solo play (fewest expected turns, and most
#: expected points) banks, playing to win rolls on, and the probability of winning moves by
#: about twenty percentage points.
BEHIND = {"scores": (4700, 4800), "aside": (1, 5), "turn_points": 150, "dice": (2, 3, 5),
          "keep": (5,)}
#: The seed of the lesson's head-to-head (20,000 games).
HEAD_TO_HEAD_SEED = 2026
HEAD_TO_HEAD_GAMES = 20_000


@lru_cache(maxsize=1)
def behind_choices() -> dict[str, Any]:
    """The lesson's position (4,700 against 4,800; the turn holds 150 points, a 1 and a 5 set
    aside; the three dice show 2 3 5): set aside the 5 (200 points), then bank or roll the two
    dice left.  From the engine's advice: each choice's exact two-player win probability
    (``p_bank``, ``p_roll``), the duel-optimal choice (``best``), the solo-optimal one
    (``solo_best``: fewest expected turns), the one that maximises the turn's expected points
    (``points_best``), each choice's expected turns to reach 5000 (``turns_bank``,
    ``turns_roll``) and expected points banked this turn (``points_bank``, ``points_roll``).

    >>> c = behind_choices()
    >>> c["best"], c["solo_best"], c["points_best"], c["p_roll"] - c["p_bank"] > 0.1
    ('roll', 'bank', 'bank', True)
    """
    from dicelab.engine import cinqmille as engine
    from dicelab.games import cinqmille as cm

    state = _behind_state(BEHIND["scores"][1])
    duel = engine.advise_state(state, objective="p_duel")  # solves the table if not at hand
    solo = engine.advise_state(state, objective="expected_turns")
    points = engine.advise_state(state, objective="expected_points")
    bank, roll = cm.Bank(BEHIND["keep"]), cm.Roll(BEHIND["keep"])

    def name(a: Any) -> str:
        return "bank" if isinstance(a, cm.Bank) else "roll"

    return {
        "p_bank": duel.find(bank)["p_duel"], "p_roll": duel.find(roll)["p_duel"],
        "best": name(duel.best.action), "solo_best": name(solo.best.action),
        "points_best": name(points.best.action),
        "turns_bank": solo.find(bank)["expected_turns"],
        "turns_roll": solo.find(roll)["expected_turns"],
        "points_bank": points.find(bank)["expected_points"],
        "points_roll": points.find(roll)["expected_points"],
    }


@lru_cache(maxsize=1)
def behind_win_now() -> Fraction:
    """The probability that rolling the two dice left wins at once in the lesson's position
    (the score reaches exactly 5000 on this roll), counted over the 36 rolls with the game's
    own rules: a roll wins when some set-aside it allows wins.

    >>> behind_win_now()
    Fraction(1, 3)
    """
    from itertools import product

    from dicelab.games import cinqmille as cm

    state, _events = cm.step(_behind_state(BEHIND["scores"][1]), cm.Roll(BEHIND["keep"]))
    me = state.current_player

    def wins(dice: tuple[int, ...]) -> bool:
        after, _ev = cm.roll_outcome(state, dice)
        if after.is_over or after.current_player != me:
            return after.is_over and me in after.winners
        return any(me in cm.step(after, a)[0].winners for a in cm.legal_actions(after))

    rolls = list(product(range(1, 7), repeat=state.to_roll))
    return Fraction(sum(wins(d) for d in rolls), len(rolls))


def _behind_state(opponent: int) -> Any:
    """The lesson's position (:data:`BEHIND`) against an opponent at ``opponent`` points."""
    from dataclasses import replace

    from dicelab.games import cinqmille as cm

    state = cm.new_state(cm.Rules(), 2)
    scores = (BEHIND["scores"][0], opponent)
    return replace(state, scores=scores, opened=tuple(x > 0 for x in scores),
                   aside=BEHIND["aside"], groups=(BEHIND["aside"],), dice=BEHIND["dice"],
                   phase="choose", turn_points=BEHIND["turn_points"])


#: The opponent's scores of the lesson's chart (points): from 3,000 to 4,950, every 50.
BEHIND_OPPONENTS = tuple(range(3000, 5000, 50))


@lru_cache(maxsize=1)
def behind_curve() -> dict[str, Any]:
    """The lesson's chart: the lesson's turn (4,700 points, the 5 set aside: 200 points in
    the turn, two dice left) against every opponent score of :data:`BEHIND_OPPONENTS`, both
    playing to win.  ``opponent``: the opponent's scores; ``p_bank``, ``p_roll``: the exact
    probability of winning the game when banking, when rolling the two dice left (the
    two-player engine); ``cross``: the lowest opponent score from which rolling wins more
    often than banking, every score above included (``None``: never).

    >>> c = behind_curve()
    >>> i = c["opponent"].index(BEHIND["scores"][1])
    >>> c["p_roll"][i] > c["p_bank"][i], c["p_bank"][0] > c["p_roll"][0]
    (True, True)
    """
    from dicelab.engine import cinqmille as engine
    from dicelab.games import cinqmille as cm

    bank, roll = cm.Bank(BEHIND["keep"]), cm.Roll(BEHIND["keep"])
    p_bank: list[float] = []
    p_roll: list[float] = []
    for opp in BEHIND_OPPONENTS:
        advice = engine.advise_state(_behind_state(opp), objective="p_duel")
        p_bank.append(float(advice.find(bank)["p_duel"]))
        p_roll.append(float(advice.find(roll)["p_duel"]))
    cross = None
    for i in range(len(BEHIND_OPPONENTS) - 1, -1, -1):
        if p_roll[i] <= p_bank[i]:
            break
        cross = BEHIND_OPPONENTS[i]
    return {"opponent": list(BEHIND_OPPONENTS), "p_bank": p_bank, "p_roll": p_roll,
            "cross": cross}


def behind_chart(lang: str | None = None) -> Any:
    """The lesson's chart (:func:`behind_curve`, drawn by
    :func:`dicelab.render.duelplots.plot_bank_or_roll`), the lesson's position marked."""
    from dicelab.render.duelplots import plot_bank_or_roll

    c = behind_curve()
    return plot_bank_or_roll(c["opponent"], c["p_bank"], c["p_roll"],
                             my_score=BEHIND["scores"][0], marked=BEHIND["scores"][1],
                             cross=c["cross"], lang=lang)


def first_player_probability() -> float:
    """Both playing to win from 0–0: the first player's exact chance (the duel engine)."""
    from dicelab.engine.cinqmille.duel import duel_win_probability

    return duel_win_probability()


@lru_cache(maxsize=4)
def head_to_head(games: int = HEAD_TO_HEAD_GAMES, seed: int = HEAD_TO_HEAD_SEED) -> VersusResult:
    """The lesson's head-to-head: plays to win against solo-optimal (cached)."""
    return simulate_versus(games, seed)


def behind_html(lang: str | None = None) -> str:
    """The lesson's exact answer as an HTML table: each choice, its two-player probability
    of winning, its expected turns and the turn's expected banked points (the solo
    numbers); a footnote says what "solo play" means.

    >>> "200</td>" in behind_html("en"), "(solo play)*" in behind_html("en")
    (True, True)
    """
    import html

    from dicelab.core.i18n import _, fmt_int, fmt_number, fmt_percent

    c = behind_choices()
    rows = [(_("bank the 200 points", lang=lang), c["p_bank"], c["turns_bank"],
             c["points_bank"], "bank"),
            (_("roll the two dice left", lang=lang), c["p_roll"], c["turns_roll"],
             c["points_roll"], "roll")]
    head = (_("choice", lang=lang), _("P(win), both playing to win", lang=lang),
            _("expected turns to reach 5000 (solo play)*", lang=lang),
            _("expected points banked this turn (solo play)*", lang=lang))
    cell = 'style="border:1px solid #999;padding:4px 8px"'
    out = ['<table class="dicelab-behind" style="border-collapse:collapse">',
           "<tr>" + "".join(f"<th {cell}>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for label, p, t, pts, key in rows:
        marks = []
        if c["best"] == key:
            marks.append(_("best to win", lang=lang))
        if c["solo_best"] == key:
            marks.append(_("best for solo play", lang=lang))
        mark = f" ({', '.join(marks)})" if marks else ""
        points = (fmt_int(round(pts), lang) if abs(pts - round(pts)) < 1e-9 else
                  fmt_number(pts, 1, lang))
        out.append(f"<tr><td {cell}>{html.escape(label + mark)}</td>"
                   f"<td {cell}>{fmt_percent(p, 1, lang)}</td>"
                   f"<td {cell}>{fmt_number(t, 2, lang)}</td>"
                   f"<td {cell}>{points}</td></tr>")
    out.append("</table>")
    note = _("* Solo play: what a player alone counts, who wants to reach 5000 in as few "
             "turns as possible (the opponent is ignored).", lang=lang)
    out.append(f'<p style="font-size:0.9em">{html.escape(note)}</p>')
    return "".join(out)


def behind_results_html(lang: str | None = None) -> str:
    """Lesson 13's results, shown once both predictions are checked: the table
    (:func:`behind_html`) and what it says, its numbers from :func:`behind_choices`.

    >>> "4,800" in behind_results_html("en")
    True
    """
    import html

    from dicelab.core.i18n import _, fmt_int

    c = behind_choices()
    if c["solo_best"] != "bank" or c["points_best"] != "bank" or c["best"] != "roll":
        raise DicelabError("lesson 13's position no longer separates the objectives")
    text = _("Both solo measures favour banking: fewer expected turns, more expected points. "
             "Playing to win rolls on: after banking you are ahead on points, yet your "
             "opponent plays next from {opp} and wins most games. Rolling on can lose the "
             "turn, but it wins many more games.", lang=lang,
             opp=fmt_int(BEHIND["scores"][1], lang))
    return behind_html(lang) + f"<p>{html.escape(text)}</p>"


def behind_chart_note(lang: str | None = None) -> str:
    """What lesson 13's chart shows, computed from :func:`behind_curve`: where banking wins
    more, the scores below the crossing where it does not, and the lesson's position.

    >>> behind_chart_note("en")[:60]
    '<p>While the opponent is below 4,600, banking almost always '
    """
    import html

    from dicelab.core.i18n import _, fmt_int, fmt_percent

    c = behind_curve()
    cross = c["cross"]
    if cross is None:
        raise DicelabError("lesson 13's chart never crosses")
    k = c["opponent"].index(cross)
    odd = [i for i in range(k) if c["p_roll"][i] > c["p_bank"][i]]
    i = c["opponent"].index(BEHIND["scores"][1])
    if odd:
        j = odd[0]
        first = _("While the opponent is below {cross}, banking almost always wins a little "
                  "more often (not at {opp}: {r} when rolling on, {b} when banking).",
                  lang=lang, cross=fmt_int(cross, lang), opp=fmt_int(c["opponent"][j], lang),
                  r=fmt_percent(c["p_roll"][j], 1, lang), b=fmt_percent(c["p_bank"][j], 1, lang))
    else:
        first = _("While the opponent is below {cross}, banking wins a little more often.",
                  lang=lang, cross=fmt_int(cross, lang))
    second = _("From about {cross} on, rolling on always wins more, and far more near 5000: "
               "at {opp}, {r} against {b}. Being ahead on points is not being ahead in the "
               "game.", lang=lang, cross=fmt_int(cross, lang),
               opp=fmt_int(BEHIND["scores"][1], lang), r=fmt_percent(c["p_roll"][i], 1, lang),
               b=fmt_percent(c["p_bank"][i], 1, lang))
    return f"<p>{html.escape(first)} {html.escape(second)}</p>"


def head_to_head_html(result: VersusResult, lang: str | None = None) -> str:
    """A head-to-head's table (both seat orders, win rates with standard errors) and its
    edge, with the exact first-player value of two players who both play to win."""
    import html

    from dicelab.core.i18n import _, fmt_int, fmt_number, fmt_percent

    def pct(x: float) -> str:
        return fmt_percent(x, 1, lang)

    cell = 'style="border:1px solid #999;padding:4px 8px"'
    cols = (_("plays to win moves first", lang=lang), _("plays to win moves second", lang=lang),
            _("both orders", lang=lang))
    games = (*result.per_order, result.games)
    rates = (result.rate(0), result.rate(1), result.rate())
    ses = (result.se(0), result.se(1), result.se())
    out = ['<table class="dicelab-versus" style="border-collapse:collapse"><tr>'
           f"<th {cell}></th>"
           + "".join(f"<th {cell}>{html.escape(c)}</th>" for c in cols) + "</tr>"]
    for label, vals in ((_("games", lang=lang), [fmt_int(g, lang) for g in games]),
                        (_("won by the player who plays to win", lang=lang),
                         [pct(r) for r in rates]),
                        (_("standard error", lang=lang),
                         [fmt_percent(s, 2, lang) for s in ses])):
        out.append(f"<tr><th {cell}>{html.escape(label)}</th>"
                   + "".join(f"<td {cell}>{html.escape(v)}</td>" for v in vals) + "</tr>")
    out.append("</table>")
    edge = _("Edge of playing to win: {edge} percentage points ± {se} (one standard error), "
             "that is {k} standard errors. Both playing to win, the first player wins {p} "
             "(exact).", lang=lang, edge=fmt_number(100 * result.edge, 2, lang),
             se=fmt_number(100 * result.se_edge, 2, lang),
             k=fmt_number(result.edge / result.se_edge, 1, lang),
             p=pct(first_player_probability()))
    out.append(f"<p>{html.escape(edge)}</p>")
    return "".join(out)


class HeadToHead(_Widget):
    """The lesson's head-to-head widget: a seed box and a button; 20,000 games of plays to
    win against solo-optimal, both seat orders, shown as a table with standard errors.
    Runs once with the lesson's seed when built."""

    def __init__(self, *, games: int = HEAD_TO_HEAD_GAMES, seed: int = HEAD_TO_HEAD_SEED,
                 lang: str | None = None) -> None:
        w = _w()
        self.lang = lang
        self.games = games
        self._simulate_row(seed, out_class="dicelab-versus")
        self.widget = w.VBox([w.HBox([self.seed, self.go]), self.message, self.out])
        self.guarded(self.run)()

    def run(self) -> VersusResult:
        seed = parse_seed(self.seed.value)
        self.say("")
        res = head_to_head(self.games, seed)
        self.out.value = head_to_head_html(res, self.lang)
        return res
