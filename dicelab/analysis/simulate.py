"""Seeded Monte Carlo for any game, any policy, any variant.

Simulation illustrates and cross-checks the exact engine; it never replaces
an exact number.  Games are played with the games' own pure functions
(``new_state``, ``step``, ``roll_outcome``), so the simulated rules are the
played rules.

>>> from dicelab.analysis.policies import random_legal
>>> r = simulate("trwavril", policy=random_legal(1), games=20, seed=5)
>>> r.games, len(r.turns)
(20, 20)

:func:`simulate_fast` plays SOLO Dripeul 5 and Trwavril (every variant, policy
``"optimal"`` or ``"greedy"``) for thousands of games at once with numpy: the
engine's choices are tabulated once per board, rolls left and dice, and every
turn of every game is a few array look-ups.  Solo 5000 with ``"optimal"`` is a Markov
chain over scores, each turn drawn from the engine's exact
:func:`~dicelab.engine.cinqmille.solo.turn_outcome_matrix`; so is Seveny (its engine's matrix),
and the "bank at N" rule of Seveny and 5000 (``policy="bank_at"``, each turn drawn from the
exact :func:`~dicelab.engine.seveny.solo.turn_points_distribution`, or 5000's
:func:`~dicelab.engine.cinqmille.solo.bank_at_outcome_matrix`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.dice import make_rng
from dicelab.core.dice import roll as roll_dice
from dicelab.core.errors import DicelabError, brief
from dicelab.games._checks import check_rules, whole
from dicelab.registry import GAMES, entry_of, get


@dataclass(frozen=True)
class SimResult:
    """Outcome of ``games`` simulated games.

    ``turns[i]``: turns started in game ``i`` (all players together);
    ``scores[i, p]``: final score of player ``p``; ``wins[p]``: how many games
    player ``p`` won (shared wins count for each winner); ``solo_wins``: games
    won by player 0 alone when solo.
    """

    game: str
    players: int
    games: int
    turns: np.ndarray
    scores: np.ndarray
    wins: np.ndarray

    @property
    def win_rate(self) -> np.ndarray:
        """Fraction of games each player won."""
        return self.wins / self.games

    @property
    def mean_turns(self) -> float:
        return float(self.turns.mean())

    @property
    def se_turns(self) -> float:
        """Standard error of :attr:`mean_turns`."""
        return float(self.turns.std(ddof=1) / math.sqrt(self.games)) if self.games > 1 else 0.0

    def se_win_rate(self, player: int = 0) -> float:
        p = float(self.win_rate[player])
        return math.sqrt(max(p * (1 - p), 1e-300) / self.games)

    def turns_histogram(self) -> dict[int, int]:
        """How many games took each number of turns."""
        values, counts = np.unique(self.turns, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}


def _module(game: str) -> Any:
    return get(game).rules


def play_one(
    game: str,
    policies: Sequence[Callable[[Any], Any]],
    rules: Any,
    players: int,
    rng: np.random.Generator,
    max_steps: int = 100_000,
    *,
    state: Any = None,
) -> Any:
    """Play one game to the end with one policy per player; return the final state.

    ``state``: a position to play on from (its own rules and players; e.g. a two-player
    position set up for a test), instead of a new game of ``rules`` and ``players``.
    """
    mod = _module(game)
    if state is None:
        state = mod.new_state(rules, players)
    for _ in range(max_steps):
        if state.is_over:
            return state
        if state.to_roll:
            state, _ = mod.roll_outcome(state, roll_dice(rng, state.to_roll))
        else:
            state, _ = mod.step(state, policies[state.current_player](state))
    raise DicelabError(
        "{game}: the game did not end after {steps} steps: these players never reach the end",
        game=game, steps=max_steps,
    )


def simulate(
    game: str,
    *,
    rules: Any = None,
    players: int = 1,
    policy: Callable[[Any], Any] | Sequence[Callable[[Any], Any]] | None = None,
    games: int = 1000,
    seed: int | None = 0,
    max_steps: int = 100_000,
) -> SimResult:
    """Simulate ``games`` whole games; the same seed gives the same results.

    ``policy`` is one policy for everybody or one per player; by default the
    exact engine's :func:`~dicelab.policies.optimal` policy.
    """
    from dicelab.analysis.policies import optimal

    mod = _module(game)  # an unknown game is a DicelabError naming the four
    rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
    players = whole("players", players, mod.MIN_PLAYERS, mod.MAX_PLAYERS)
    games = whole("games", games, 1, MAX_GAMES)
    max_steps = whole("max_steps", max_steps, 1, 10_000_000)
    if policy is None:
        policy = optimal()
    pols = list(policy) if isinstance(policy, Sequence) else [policy] * players
    if len(pols) != players:
        raise DicelabError("need one policy per player ({players}); got {n}",
                           players=players, n=len(pols))
    if not all(callable(p) for p in pols):
        raise DicelabError("a policy is a function of the game state; got {policy}",
                           policy=brief(policy))
    rng = make_rng(seed)
    turns = np.zeros(games, dtype=np.int64)
    scores = np.zeros((games, players), dtype=np.int64)
    wins = np.zeros(players, dtype=np.int64)
    for i in range(games):
        progress.step(i, games)  # a widget's bar; raises Cancelled if asked
        final = play_one(game, pols, rules, players, rng, max_steps)
        turns[i] = final.turn_count
        scores[i] = final.scores
        for w in final.winners:
            wins[w] += 1
    return SimResult(mod.DEFINITION.key, players, games, turns, scores, wins)


# ============================================================ vectorised solo play
#: Games :func:`simulate_fast` plays, and the policies it knows (by name).
FAST_GAMES = tuple(g.key for g in GAMES if "plan" in g.fast_simulation)
#: The most games one call simulates: game by game (:func:`simulate`), and vectorised.
MAX_GAMES = 100_000
MAX_FAST_GAMES = 1_000_000
FAST_POLICIES = ("optimal", "greedy")
#: Games whose "bank at N" rule of thumb (:func:`~dicelab.policies.bank_at`) :func:`simulate_fast`
#: plays, as a Markov chain over scores drawn from the engine's exact turn distribution.
FAST_RULE_GAMES = tuple(g.key for g in GAMES if "rule_chain" in g.fast_simulation)
_CONT, _CLEAR, _LOSE = 0, 1, 2  # what a turn's final dice do: play on, clear/win, lose


@dataclass(frozen=True)
class _Plan:
    """A solo reroll game tabulated from its engine, for playing many games at once.

    Dice: ``keep_table(n)`` — ``flat`` holds each keep's cumulative integer weights (row
    ``k`` offset by ``k * stride``) for exact inverse-CDF sampling with one integer per game.
    A position after a roll is an outcome (``pos_outcome``), with the locked dice in the
    variant where kept dice stay kept; ``pos_of[k, o]`` is the position after keeping ``k``
    and seeing ``o``.  ``choice[r][position, board]``: the keep the policy makes with ``r``
    rolls left (a keep of every die is ``Stop()``).  Final dice ``o`` on board ``b``:
    ``kind[o, b]`` (play on / clear / lose), ``next_board[o, b]``, ``lose_points[o, b]``.
    ``after_clear[k - 1]``: (game over, won, points, next board) after clearing manche ``k``.
    """

    game: str
    n: int
    rolls: int
    width: int
    stride: int
    flat: Any
    den: Any
    full: Any
    pos_of: Any
    pos_outcome: Any
    choice: tuple[Any, ...]
    kind: Any
    next_board: Any
    lose_points: Any
    start: int
    after_clear: tuple[tuple[bool, bool, int, int], ...]


def _positions(n: int, locked: bool) -> tuple[Any, Any, Any]:
    """(pos_of, pos_outcome, candidates) of ``n`` dice; candidates ascend by keep index.

    Candidates of a position are the keeps allowed there (a sub-multiset of the dice that
    contains the locked dice; the keep of all ``n`` dice is stopping), padded with the first.
    """
    from dicelab.core.dice import is_sub_multiset, keep_table
    from dicelab.engine.reroll import locked_pairs

    t = keep_table(n)
    nk, no = len(t.keeps), len(t.outcomes)
    if locked:
        lp = locked_pairs(n)
        pos_outcome = np.asarray(lp.out, dtype=np.int64)
        lock = np.asarray(lp.lock, dtype=np.int64)
        pos_of = np.full((nk, no), -1, dtype=np.int64)
        for (k, o), i in lp.index.items():
            pos_of[k, o] = i
    else:
        pos_outcome = np.arange(no, dtype=np.int64)
        lock = np.zeros(no, dtype=np.int64)
        pos_of = np.broadcast_to(pos_outcome, (nk, no))
    rows = []
    for o, held_k in zip(pos_outcome, lock):
        held = t.keeps[held_k]
        rows.append([k for k in t.sub_lists[o] if is_sub_multiset(held, t.keeps[k])])
    width = max(len(r) for r in rows)
    cand = np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.int64)
    return pos_of, pos_outcome, cand


def _choices(sol: Any, n: int, rolls: int, cand: Any, clip: bool) -> tuple[Any, ...]:
    """``choice[r][position, column]``: the best candidate keep for a turn solution's column.

    Keeping every die is stopping, worth ``final``; any other keep is worth ``Q[r]``.  Ties
    go to the fewest dice, then the smallest dice (the order of :func:`advice.rank`), i.e.
    the smallest keep index; ``clip`` rounds values into [0, 1] as the advice does.
    """
    from dicelab.core.dice import keep_table

    t = keep_table(n)
    final = np.asarray(sol.final, dtype=float)
    final = final.reshape(len(t.outcomes), -1)
    full_rows = np.array([t.keep_index[o] for o in t.outcomes], dtype=np.int64)
    out: list[Any] = [None]
    for r in range(1, rolls):
        val = np.array(sol.Q[r], dtype=float).reshape(len(t.keeps), -1)
        val[full_rows] = final
        if clip:
            np.clip(val, 0.0, 1.0, out=val)
        best_k = np.repeat(cand[:, :1], val.shape[1], axis=1)
        best_v = val[cand[:, 0]]
        for j in range(1, cand.shape[1]):
            k = cand[:, j]
            v = val[k]
            better = v > best_v
            best_v = np.where(better, v, best_v)
            best_k = np.where(better, k[:, None], best_k)
        out.append(best_k.astype(np.int32))
    return tuple(out)


def _dice_tables(n: int) -> tuple[int, int, Any, Any, Any]:
    from dicelab.core.dice import keep_table

    t = keep_table(n)
    cum = np.cumsum(np.asarray(t.weights, dtype=np.int64), axis=1)
    stride = int(t.denominators.max()) + 1
    flat = (cum + np.arange(len(t.keeps))[:, None] * stride).ravel()
    full = np.array([len(k) == n for k in t.keeps])
    return len(t.outcomes), stride, flat, np.asarray(t.denominators, dtype=np.int64), full


def _best_option(values: Sequence[float], labels: Sequence[str]) -> int:
    """Index of the best option: highest value, then the first label (``advice.rank``)."""
    return min(range(len(values)), key=lambda j: (-values[j], labels[j]))


# ------------------------------------------------------------------------- Dripeul 5
def _dripeul_probe(rules: Any, tokens: tuple[int, ...], triangle: int, manche: int,
                   dice: tuple[int, ...]) -> Any:
    """The game's own state after stopping on ``dice`` (a single-outcome roll) on a board."""
    from dataclasses import replace

    from dicelab.games import dripeul as g
    from dicelab.games._base import Stop

    s = replace(g.new_state(rules, 1), tokens=(tokens,), triangle=(triangle,), manche=manche,
                phase="choose", dice=dice, rolls_left=1)
    s, _ = g.step(s, Stop())
    if not s.is_over and s.phase == "resolve":  # pragma: no cover - probes use one outcome
        raise RuntimeError("a probe needs dice with a single outcome")
    return s


def _dripeul_plan(rules: Any, policy: str) -> _Plan:
    core = _dripeul_core(_dripeul_key(rules), policy)
    flow = _dripeul_flow(rules)
    return _Plan(**core, **flow)


def _dripeul_key(rules: Any) -> tuple[bool, bool, bool]:
    from dicelab.engine.dripeul import solo as eng

    return eng.table(rules).key


@functools.cache
def _dripeul_core(key: tuple[bool, bool, bool], policy: str) -> dict[str, Any]:
    """Choice and resolution tables of one Dripeul variant from the exact engine (cached)."""
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games import dripeul as g

    rules = g.Rules(reroll_set_aside=key[0], straight_bonus=key[1], last_six=key[2])
    tab = eng.table(rules)
    opt = eng.options(key)
    levels = eng.LEVELS
    boards = eng.BOARDS
    n = g.DICE
    width, stride, flat, den, full = _dice_tables(n)
    pos_of, pos_outcome, cand = _positions(n, locked=not key[0])
    if policy == "optimal":
        cols = _choices(tab.turn, n, g.ROLLS, cand, clip=True)
        choice = tuple(c if c is None else c[:, :boards] for c in cols)
    else:  # greedy: p_turn, one column per mask
        cols = _choices(tab.p_turn, n, g.ROLLS, cand, clip=True)
        mask_col = np.arange(boards) // levels
        choice = tuple(c if c is None else c[:, mask_col] for c in cols)
    # resolution: the best next column of every (final dice, board)
    vext = np.append(np.asarray(tab.V, dtype=float).ravel(), 0.0)  # column XCOL: X
    index = np.asarray(opt.index)
    best = np.zeros((width, boards), dtype=np.int64)
    for o in range(width):
        for m in range(1, 64):
            outs = opt.outcomes[o][m]
            if len(outs) < 2:
                continue
            labels: list[str] | None = None  # the engine's tie-break, needed on a tie only
            turn = [float(not x.failure) for x in outs]
            for t in range(levels):
                c = m * levels + t
                if policy == "optimal":
                    vals = [min(1.0, max(0.0, vext[index[o, c, j]])) for j in range(len(outs))]
                else:
                    vals = turn
                top = max(vals)
                if vals.count(top) == 1:  # no tie: the label order does not matter
                    best[o, c] = vals.index(top)
                    continue
                if labels is None:
                    labels = [x.describe(lang="en") for x in outs]
                best[o, c] = _best_option(vals, labels)
    nxt = np.take_along_axis(index, best[:, :, None], axis=2)[:, :, 0]
    kind = np.where(nxt == eng.XCOL, _LOSE, np.where(nxt < levels, _CLEAR, _CONT))
    return dict(game="dripeul", n=n, rolls=g.ROLLS, width=width, stride=stride, flat=flat,
                den=den, full=full, pos_of=pos_of, pos_outcome=pos_outcome, choice=choice,
                kind=kind, next_board=np.where(kind == _CONT, nxt, 0))


@functools.cache
def _dripeul_flow(rules: Any) -> dict[str, Any]:
    """What the game does at the end of a manche, read from its own ``step``."""
    from dicelab.core.dice import multisets
    from dicelab.engine.dripeul import solo as eng
    from dicelab.games import dripeul as g

    opt = eng.options(_dripeul_key(rules))
    outs = multisets(g.DICE)
    fail = next(o for o in range(len(outs)) if bool(np.asarray(opt.failure)[o, 1:].all()))
    lose_by_mask = np.zeros(64, dtype=np.int64)
    for m in range(1, 64):
        s = _dripeul_probe(rules, eng.tokens_of(m), 0, 1, outs[fail])
        if not s.is_over or s.winners:  # pragma: no cover - solo D7
            raise RuntimeError("a solo failure on triangle 0 should end the game")
        lose_by_mask[m] = s.scores[0]
    lose_points = np.broadcast_to(np.repeat(lose_by_mask, eng.LEVELS), (len(outs), eng.BOARDS))
    # a roll that clears a one-token board, whatever the triangle
    index = np.asarray(opt.index)
    o, c = next((o, c) for o in range(len(outs)) for c in range(eng.LEVELS, eng.BOARDS)
                if bin(c // eng.LEVELS).count("1") == 1 and opt.outcomes[o][c // eng.LEVELS]
                and len(opt.outcomes[o][c // eng.LEVELS]) == 1
                and index[o, c, 0] < eng.LEVELS)
    after = []
    for manche in range(1, rules.manches + 1):
        s = _dripeul_probe(rules, eng.tokens_of(c // eng.LEVELS), rules.level, manche, outs[o])
        nb = 0 if s.is_over else eng.mask_of(s.tokens[0]) * eng.LEVELS + s.triangle[0]
        after.append((bool(s.is_over), bool(s.winners), int(s.scores[0]), int(nb)))
    start = eng.mask_of(g.SQUARES) * eng.LEVELS + rules.level
    return dict(lose_points=lose_points, start=start, after_clear=tuple(after))


# -------------------------------------------------------------------------- Trwavril
@functools.cache
def _trwavril_plan(rules: Any, policy: str) -> _Plan:
    """Choice and resolution tables of solo Trwavril from the exact engine (cached).

    Board ``(u - 1) * 63 + mask``: ``u`` parapluies up, ``mask`` the barred cards.
    """
    from dataclasses import replace

    from dicelab.core.dice import multisets
    from dicelab.engine.reroll import solve_turn
    from dicelab.engine.trwavril import solo as eng
    from dicelab.games import trwavril as g
    from dicelab.games._base import Stop

    n, won, top = g.DICE, eng.WON, rules.parapluies
    boards = top * won
    width, stride, flat, den, full = _dice_tables(n)
    pos_of, pos_outcome, cand = _positions(n, locked=False)
    outs = multisets(n)
    values = {u: np.asarray(eng.board_values(rules, u), dtype=float) for u in range(1, top + 1)}
    if policy == "optimal":
        per_level = []
        for u in range(1, top + 1):
            low = values[u - 1][:won] if u > 1 else np.zeros(won)
            sol = solve_turn(n, eng.final_values(rules.straight, values[u][:won], low), g.ROLLS)
            per_level.append(_choices(sol, n, g.ROLLS, cand, clip=False))
        choice = tuple(None if r == 0 else np.concatenate([c[r] for c in per_level], axis=1)
                       for r in range(g.ROLLS))
    else:  # greedy: p_turn, the same for every board
        ok = np.array([float(bool(g.flippable(o, rules))) for o in outs])
        cols = _choices(solve_turn(n, ok, g.ROLLS), n, g.ROLLS, cand, clip=False)
        choice = tuple(c if c is None else np.repeat(c, boards, axis=1) for c in cols)
    # final dice: the game's resolutions; the best flip by p_win (advise_resolution's order)
    kind = np.zeros((width, boards), dtype=np.int64)
    nxt = np.zeros((width, boards), dtype=np.int64)
    lose = np.zeros((width, boards), dtype=np.int64)
    base = g.new_state(rules, 1)
    for m in range(won):
        barred = eng.cards_of(m)
        miss: list[tuple[int, int, int]] | None = None
        for o, dice in enumerate(outs):
            res = g.resolutions(dice, barred, rules)
            if res[0].is_miss:
                if miss is None:  # what a miss does on this board, from the game's step
                    miss = []
                    for u in range(1, top + 1):
                        s = replace(base, barred=(barred,), parapluies=(u,), phase="choose",
                                    dice=dice, rolls_left=1)
                        s, _ = g.step(s, Stop())
                        miss.append((_LOSE, 0, s.scores[0]) if s.is_over
                                    else (_CONT, (s.parapluies[0] - 1) * won + m, 0))
                cols = np.arange(top) * won + m
                kind[o, cols], nxt[o, cols], lose[o, cols] = np.array(miss).T
                continue
            labels = [r.describe(lang="en") for r in res]  # the engine's tie-break
            for u in range(1, top + 1):
                vals = [float(values[u][eng.mask_of(r.barred)]) for r in res]
                after = eng.mask_of(res[_best_option(vals, labels)].barred)
                b = (u - 1) * won + m
                if after == won:
                    kind[o, b] = _CLEAR
                else:
                    nxt[o, b] = (u - 1) * won + after
    # winning: the game's own end (one clear ends the solo game)
    last = next(o for o, d in enumerate(outs) if len(g.resolutions(d, (), rules)) == 1
                and not g.resolutions(d, (), rules)[0].is_miss)
    card = g.resolutions(outs[last], (), rules)[0].card
    s = replace(base, barred=(tuple(c for c in g.CARDS if c != card),), phase="choose",
                dice=outs[last], rolls_left=1)
    s, _ = g.step(s, Stop())
    after_clear = ((bool(s.is_over), bool(s.winners), int(s.scores[0]), 0),)
    return _Plan("trwavril", n, g.ROLLS, width, stride, flat, den, full, pos_of, pos_outcome,
                 choice, kind, nxt, lose, (top - 1) * won, after_clear)


# --------------------------------------------------------------------------- playing
def _sample(plan: _Plan, keep: Any, rng: np.random.Generator) -> Any:
    """One final outcome per game after keeping ``keep`` (exact inverse CDF, integer draws)."""
    r = rng.integers(0, plan.den[keep])
    return np.searchsorted(plan.flat, keep * plan.stride + r, side="right") - keep * plan.width


def _play(plan: _Plan, games: int, rng: np.random.Generator, max_turns: int = 1_000_000,
          trace: list[Any] | None = None) -> tuple[Any, Any, Any]:
    """Play ``games`` solo games at once, one turn per pass; (turns, scores, won)."""
    turns = np.zeros(games, dtype=np.int64)
    scores = np.zeros(games, dtype=np.int64)
    won = np.zeros(games, dtype=bool)
    board = np.full(games, plan.start, dtype=np.int64)
    manche = np.zeros(games, dtype=np.int64)  # manches cleared so far
    clears = np.array([a for a in plan.after_clear], dtype=np.int64).reshape(-1, 4)
    act = np.arange(games)
    for _ in range(max_turns):
        if not act.size:
            return turns, scores, won
        turns[act] += 1
        b = board[act]
        o = _sample(plan, np.zeros(act.size, dtype=np.int64), rng)
        pos = plan.pos_of[0, o]
        rolling = np.ones(act.size, dtype=bool)
        record = [pos.copy()]
        for r in range(plan.rolls - 1, 0, -1):
            k = plan.choice[r][pos, b]
            rolling &= ~plan.full[k]
            go = np.flatnonzero(rolling)
            if go.size:
                pos[go] = plan.pos_of[k[go], _sample(plan, k[go], rng)]
            if trace is not None:
                record += [np.where(rolling, k, -1), pos.copy()]
        final = plan.pos_outcome[pos]
        kind = plan.kind[final, b]
        cont = kind == _CONT
        board[act[cont]] = plan.next_board[final[cont], b[cont]]
        lost = kind == _LOSE
        scores[act[lost]] += plan.lose_points[final[lost], b[lost]]
        done = lost
        cl = np.flatnonzero(kind == _CLEAR)
        if cl.size:
            g = act[cl]
            over, win, points, nb = clears[manche[g]].T
            scores[g] += points
            won[g] = over.astype(bool) & win.astype(bool)
            board[g] = np.where(over.astype(bool), board[g], nb)
            manche[g] += 1
            done = done.copy()
            done[cl] = over.astype(bool)
        if trace is not None:
            trace.append((act.copy(), record, board[act].copy()))
        act = act[~done]
    raise DicelabError("{game}: some games did not end after {turns} turns",
                       game=plan.game, turns=max_turns)


def _plan(game: str, rules: Any, policy: str) -> tuple[str, Any, _Plan]:
    mod = _module(game)
    key = mod.DEFINITION.key
    if key not in FAST_GAMES:
        raise DicelabError(
            "simulate_fast plays dripeul and trwavril (and 5000 and Seveny with policy "
            "'optimal'); for {game} use simulate()", game=brief(game),
        )
    if not isinstance(policy, str) or policy not in FAST_POLICIES:
        raise DicelabError(
            "simulate_fast's policy must be one of {policies}; got {policy}: "
            "use simulate() for any other policy",
            policies=", ".join(map(repr, FAST_POLICIES)), policy=brief(policy),
        )
    rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
    # the planners tabulate a board of tokens (Dripeul 5) or of cards (Trwavril)
    if get(key).board == "tokens":
        return key, rules, _dripeul_plan(rules, policy)
    return key, rules, _trwavril_plan(rules, policy)


def _chain(game: str, rules: Any, policy: str,
           threshold: int | None = None) -> tuple[str, Any, int] | None:
    """5000 / Seveny solo, policy "optimal": (key, the engine's turn outcome matrix, unit);
    Seveny, policy "bank_at": the rule's matrix (:func:`_rule_matrix`)."""
    try:
        mod = _module(game)
    except KeyError:
        return None
    key = mod.DEFINITION.key
    if policy == "bank_at":
        if key not in FAST_RULE_GAMES:
            raise DicelabError(
                "simulate_fast plays the rule 'bank_at' for {games}; for {game} use simulate()",
                games=", ".join(FAST_RULE_GAMES), game=brief(game))
        rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
        solo = get(key).engine.solo
        if hasattr(solo, "bank_at_outcome_matrix"):  # the engine's exact "bank at N" turn,
            # from every score (5000)
            threshold = whole("threshold", threshold, 0, solo.MAX_TURN_POINTS)
            return key, solo.bank_at_outcome_matrix(threshold, rules), mod.UNIT
        threshold = whole("threshold", threshold, 0, solo.MAX_THRESHOLD)
        return key, _rule_matrix(rules, threshold), 1
    if "chain" not in get(key).fast_simulation or policy != "optimal":
        return None
    rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
    eng = get(key).engine
    return key, eng.turn_outcome_matrix(rules), getattr(mod, "UNIT", 1)


@functools.lru_cache(maxsize=32)
def _rule_matrix(rules: Any, threshold: int) -> Any:
    """``P[s, s2]``: a Seveny turn from score ``s`` under :func:`~dicelab.policies.bank_at`
    (``threshold``) ends at ``s2`` (the target row absorbing).  That rule banks once the turn
    holds ``min(threshold, target - s)`` points (banking the target ends the game), so each
    row is the engine's exact :func:`~dicelab.engine.seveny.solo.turn_points_distribution` of that
    threshold, shifted (in floats: it is only drawn from)."""
    turn_points_distribution = entry_of(rules).engine.turn_points_distribution
    target = rules.target
    P = np.zeros((target + 1, target + 1))
    P[target, target] = 1.0
    for s in range(target):
        for k, p in turn_points_distribution(min(threshold, target - s)).items():
            P[s, min(s + k, target)] += float(p)
    P.setflags(write=False)
    return P


def _play_chain(P: Any, games: int, rng: np.random.Generator,
                max_turns: int = 1_000_000) -> tuple[Any, Any, Any]:
    """Every game a Markov chain over scores (last row: the goal), one draw per game a turn."""
    goal = P.shape[0] - 1
    cdf = np.cumsum(P, axis=1)
    cdf[:, -1] = np.inf  # rounding: a draw always lands
    state = np.zeros(games, dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    act = np.arange(games)
    for _ in range(max_turns):
        if not act.size:
            return turns, state, state == goal
        turns[act] += 1
        x = rng.random(act.size)
        state[act] = (cdf[state[act]] <= x[:, None]).sum(axis=1)
        act = act[state[act] != goal]
    raise DicelabError("some games did not end after {turns} turns", turns=max_turns)


def simulate_fast(
    game: str,
    *,
    rules: Any = None,
    policy: str = "optimal",
    games: int = 10_000,
    seed: int | None = 0,
    threshold: int | None = None,
) -> SimResult:
    """Simulate ``games`` SOLO games at once with numpy; the same seed gives the same results.

    For Dripeul 5 (every variant; ``rules.manches`` manches) and Trwavril (every variant),
    with ``policy`` ``"optimal"`` (the engine's best ``p_win``, as
    :func:`~dicelab.policies.optimal`) or ``"greedy"`` (best ``p_turn``, as
    :func:`~dicelab.policies.greedy`).  Every keep and every token or card choice is read
    from tables built once (cached) from the exact engine, and every board change from the
    game's own rule functions; each turn of every game is then a few array look-ups, and
    each roll one integer draw per game against the keep→outcome table.  Same result shape
    as :func:`simulate` (one player); its random stream differs, so only the statistics agree.

    Anything else (5000, Seveny, other policies, several players) raises a
    :class:`~dicelab.core.errors.DicelabError` naming what is supported: use :func:`simulate`.

    >>> r = simulate_fast("trwavril", games=2000, seed=1)
    >>> r.games, r.turns.shape, r.scores.shape, 0.18 < float(r.win_rate[0]) < 0.30
    (2000, (2000,), (2000, 1), True)
    >>> simulate_fast("seveny", policy="greedy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: simulate_fast plays dripeul and trwavril ...

    5000 and Seveny solo with ``policy="optimal"``: a Markov chain over scores, each turn
    drawn from the engine's ``turn_outcome_matrix`` (the exact optimal turn; a Seveny score
    that reaches the target is recorded as the target):

    >>> r = simulate_fast("5000", games=4000, seed=2)
    >>> abs(r.mean_turns - 18.8637) < 4 * r.se_turns, int(r.wins[0])
    (True, 4000)

    Seveny and 5000 solo with ``policy="bank_at"`` and ``threshold=N`` (the rule of thumb
    :func:`~dicelab.policies.bank_at`): the same chain, each turn drawn from the engine's
    exact law of that rule's turn (Seveny:
    :func:`~dicelab.engine.seveny.solo.turn_points_distribution`; 5000:
    :func:`~dicelab.engine.cinqmille.solo.bank_at_outcome_matrix`):

    >>> from dicelab.analysis.counting import seveny_bank_at, turns_to_target_moments
    >>> r = simulate_fast("seveny", policy="bank_at", threshold=4, games=4000, seed=2)
    >>> mean, _ = turns_to_target_moments(seveny_bank_at(4, 50), 50)
    >>> bool(abs(r.mean_turns - float(mean)) < 4 * r.se_turns)
    True
    >>> r = simulate_fast("5000", policy="bank_at", threshold=300, games=4000, seed=2)
    >>> abs(r.mean_turns - 20.9229) < 4 * r.se_turns, int(r.wins[0])
    (True, 4000)
    """
    games = whole("games", games, 1, MAX_FAST_GAMES)
    chain = _chain(game, rules, policy, threshold)
    if chain is not None:
        key, P, unit = chain
        turns, scores, won = _play_chain(P, games, make_rng(seed))
        wins = np.array([int(won.sum())], dtype=np.int64)
        return SimResult(key, 1, games, turns, (scores * unit)[:, None], wins)
    key, _, plan = _plan(game, rules, policy)
    turns, scores, won = _play(plan, games, make_rng(seed))
    wins = np.array([int(won.sum())], dtype=np.int64)
    return SimResult(key, 1, games, turns, scores[:, None].copy(), wins)


def _fast_trace(game: str, *, rules: Any = None, policy: str = "optimal", games: int = 10,
                seed: int | None = 0) -> tuple[SimResult, list[list[tuple[Any, ...]]]]:
    """:func:`simulate_fast` with every game's turns written out, to replay them in the game.

    Each turn is ``(rolls, board)``: ``rolls`` lists ``(keep, dice)`` — the dice kept (``()``
    for the first roll) and the sorted dice shown after that roll — and ends with
    ``(None, None)`` when the player stops before the last roll; ``board`` is the board
    index after the turn (meaningless once the game is over).
    """
    from dicelab.core.dice import keep_table

    key, _, plan = _plan(game, rules, policy)
    trace: list[Any] = []
    turns, scores, won = _play(plan, games, make_rng(seed), trace=trace)
    t = keep_table(plan.n)
    out: list[list[tuple[Any, ...]]] = [[] for _ in range(games)]
    for act, record, boards in trace:
        for i, g in enumerate(act):
            rolls: list[tuple[Any, Any]] = [((), t.outcomes[plan.pos_outcome[record[0][i]]])]
            for j in range(1, len(record), 2):
                k = int(record[j][i])
                if k < 0:
                    rolls.append((None, None))
                    break
                rolls.append((t.keeps[k], t.outcomes[plan.pos_outcome[record[j + 1][i]]]))
            out[g].append((rolls, int(boards[i])))
    result = SimResult(key, 1, games, turns, scores[:, None].copy(),
                       np.array([int(won.sum())], dtype=np.int64))
    return result, out


def clear_fast_cache() -> None:
    """Forget the tables of :func:`simulate_fast` (for cold benchmarks)."""
    _dripeul_core.cache_clear()
    _dripeul_flow.cache_clear()
    _trwavril_plan.cache_clear()
    _rule_matrix.cache_clear()
    for g in GAMES:
        if "rule_chain" in g.fast_simulation:
            clear = getattr(g.engine.solo, "clear_rule_cache", None)
            if clear is not None:
                clear()
