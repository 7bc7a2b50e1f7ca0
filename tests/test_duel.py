"""The generic race solver: Pig (Neller & Presser) as the oracle."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from dicelab.engine.race import solve_pairs


def pig_table(target: int, newton: bool = True) -> np.ndarray:
    """Pig by layers: ``W[i, j]`` = P(player to move wins), own score ``i``, theirs ``j``.

    A turn: roll one die; a 1 loses the turn total (bust), 2-6 add to it; hold banks it.
    """
    W = np.zeros((target + 1, target + 1))  # W[i, j] with i or j >= target unused

    def wext(o: np.ndarray, u: np.ndarray) -> np.ndarray:
        # value for the opponent at (o, u): 0 when u >= target (I won)
        uc = np.minimum(u, target)
        return np.where(u >= target, 0.0, W[o, uc])

    for L in range(2 * target - 2, -1, -1):
        lo, hi = max(0, L - target + 1), min(L, target - 1)
        ss = np.arange(lo, hi + 1)
        oo = L - ss
        partner = oo - lo

        def evaluate(p: np.ndarray, ss=ss, oo=oo) -> tuple[np.ndarray, np.ndarray]:
            # V[k]: value with turn total k, about to choose (k >= target - s: hold and win)
            K = target + 6
            V = np.ones((len(ss), K + 1))
            Dv = np.zeros((len(ss), K + 1))
            for k in range(target - 1, -1, -1):
                roll = (1 - p) / 6 + V[:, k + 2 : k + 7].sum(axis=1) / 6
                droll = 1 / 6 + Dv[:, k + 2 : k + 7].sum(axis=1) / 6
                if k == 0:
                    V[:, 0], Dv[:, 0] = roll, droll
                    continue
                won = ss + k >= target
                hold = np.where(won, 1.0, 1.0 - wext(oo, ss + k))
                h = hold >= roll
                V[:, k] = np.where(h, hold, roll)
                Dv[:, k] = np.where(h, 0.0, droll)
            # states with s + k >= target: hold wins (V = 1 already)
            return V[:, 0], Dv[:, 0]

        v, _ = solve_pairs(evaluate, np.full(len(ss), 0.5), partner, newton=newton)
        W[ss, oo] = v
    return W


@lru_cache(maxsize=4)
def brute_pig(target: int) -> dict:
    """Plain value iteration over every (i, j, k) of Pig (the textbook method)."""
    P = np.zeros((target, target, target + 1))
    for _ in range(10_000):
        old = P.copy()
        for i in range(target - 1, -1, -1):
            for j in range(target - 1, -1, -1):
                for k in range(target - i - 1, -1, -1):
                    roll = (1 - P[j, i, 0]) / 6
                    for r in range(2, 7):
                        roll += (1.0 if i + k + r >= target else P[i, j, k + r]) / 6
                    hold = 1 - P[j, i + k, 0] if k else 0.0
                    P[i, j, k] = max(roll, hold)
        if np.max(np.abs(P - old)) < 1e-14:
            break
    return {(i, j): P[i, j, 0] for i in range(target) for j in range(target)}


def test_pig_published_value():
    W = pig_table(100)
    assert float(W[0, 0]) == pytest.approx(0.530593, abs=5e-7)


def test_pig_small_target_against_brute_force():
    W = pig_table(8)
    ref = brute_pig(8)
    for (i, j), v in ref.items():
        assert W[i, j] == pytest.approx(v, abs=1e-11)


def test_plain_iteration_agrees_with_newton():
    a, b = pig_table(20), pig_table(20, newton=False)
    assert np.max(np.abs(a - b)) < 1e-11


def test_the_registry_warms_with_the_engines_own_warm():
    from dicelab.analysis import solving as duel_registry
    from dicelab.engine.cinqmille import duel as cinqmille_duel
    from dicelab.engine.trwavril import duel as trwavril_duel
    from dicelab.games import cinqmille, seveny, trwavril

    assert duel_registry.duel_engine("cinqmille").warm is cinqmille_duel.warm
    assert duel_registry.duel_engine("trwavril").warm is trwavril_duel.warm
    five = cinqmille.Rules(dice=6, no_4900=True)
    assert duel_registry.warm("cinqmille", five) is (five in cinqmille_duel._CACHE)
    cinqmille_duel.solve_duel(five)  # no 5000 table ships: warm never solves, reads it
    assert duel_registry.warm("cinqmille", five) is True
    assert duel_registry.warm("trwavril", trwavril.Rules(straight="as_written")) is True
    assert duel_registry.warm("seveny", seveny.Rules(target=80)) is False  # never solves
    assert not duel_registry.duel_ready("seveny", seveny.Rules(target=80))
