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
engine's choices are tabulated once per board, rolls left and dice (by the game's own
planner, ``dicelab/engine/<game>/fast.py``, the engine contract's ``fast_plan``:
``PlanEngine``), and every turn of every game is a few array look-ups.  Solo 5000 with
``"optimal"`` is a Markov chain over scores, each turn drawn from the engine's exact
:func:`~dicelab.engine.cinqmille.solo.turn_outcome_matrix`; so is Seveny (its engine's matrix),
and the "bank at N" rule of Seveny and 5000 (``policy="bank_at"``, each turn drawn from the
exact :func:`~dicelab.engine.seveny.solo.turn_points_distribution`, or 5000's
:func:`~dicelab.engine.cinqmille.solo.bank_at_outcome_matrix`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core import progress
from dicelab.core.dice import make_rng
from dicelab.core.dice import roll as roll_dice
from dicelab.core.errors import DicelabError, brief
from dicelab.engine import fastplan
from dicelab.engine.fastplan import CLEAR, CONT, LOSE, Plan
from dicelab.games._checks import check_rules, whole
from dicelab.registry import GAMES, get


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

    mod = _module(game)  # an unknown game is a DicelabError naming the games
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
#: Games :func:`simulate_fast` plays with the optimal policy as a Markov chain over scores.
FAST_CHAIN_GAMES = tuple(g.key for g in GAMES if "chain" in g.fast_simulation)


# --------------------------------------------------------------------------- playing
def _sample(plan: Plan, keep: Any, rng: np.random.Generator) -> Any:
    """One final outcome per game after keeping ``keep`` (exact inverse CDF, integer draws)."""
    r = rng.integers(0, plan.den[keep])
    return np.searchsorted(plan.flat, keep * plan.stride + r, side="right") - keep * plan.width


def _play(plan: Plan, games: int, rng: np.random.Generator, max_turns: int = 1_000_000,
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
        cont = kind == CONT
        board[act[cont]] = plan.next_board[final[cont], b[cont]]
        lost = kind == LOSE
        scores[act[lost]] += plan.lose_points[final[lost], b[lost]]
        done = lost
        cl = np.flatnonzero(kind == CLEAR)
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


def _plan(game: str, rules: Any, policy: str) -> tuple[str, Any, Plan]:
    mod = _module(game)
    key = mod.DEFINITION.key
    if key not in FAST_GAMES:
        raise DicelabError(
            "simulate_fast plays {games} (and {chains} with policy 'optimal'); for {game} "
            "use simulate()", games=", ".join(FAST_GAMES), chains=", ".join(FAST_CHAIN_GAMES),
            game=brief(game),
        )
    if not isinstance(policy, str) or policy not in FAST_POLICIES:
        raise DicelabError(
            "simulate_fast's policy must be one of {policies}; got {policy}: "
            "use simulate() for any other policy",
            policies=", ".join(map(repr, FAST_POLICIES)), policy=brief(policy),
        )
    rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
    # the game's own planner (dicelab/engine/<game>/fast.py), the engine contract's
    plans = get(key).plan_engine
    assert plans is not None, "a game with 'plan' in fast_simulation keeps PlanEngine"
    return key, rules, plans.fast_plan(rules, policy)


def _chain(game: str, rules: Any, policy: str,
           threshold: int | None = None) -> tuple[str, Any, int] | None:
    """A game played as a chain over scores (5000, Seveny), policy "optimal": (key, the
    engine's turn outcome matrix, unit); policy "bank_at": the engine's matrix of the rule
    (``bank_at_outcome_matrix``, :class:`~dicelab.engine.protocol.ChainEngine`)."""
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
        chain = get(key).chain_engine
        assert chain is not None and chain.bank_at_outcome_matrix is not None  # the entry's
        # "rule_chain": the engine's exact "bank at N" turn, from every score
        threshold = whole("threshold", threshold, 0, chain.MAX_THRESHOLD)
        return key, chain.bank_at_outcome_matrix(threshold, rules), chain.UNIT
    chain = get(key).chain_engine
    if chain is None or policy != "optimal":
        return None
    rules = check_rules(mod.Rules, rules, mod.DEFINITION.name)
    return key, chain.turn_outcome_matrix(rules), chain.UNIT


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
    dicelab.core.errors.DicelabError: simulate_fast plays dripeul, trwavril (and ...

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

    >>> from dicelab.engine.seveny.solo import bank_at_law
    >>> from dicelab.analysis.counting import turns_to_target_moments
    >>> r = simulate_fast("seveny", policy="bank_at", threshold=4, games=4000, seed=2)
    >>> mean, _ = turns_to_target_moments(bank_at_law(4, 50), 50)
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
    fastplan.clear_cache()
    for g in GAMES:
        if g.plan_engine is not None:
            g.plan_engine.clear_fast_plan()
        chain = g.chain_engine
        if chain is not None and chain.clear_rule_cache is not None:
            chain.clear_rule_cache()
