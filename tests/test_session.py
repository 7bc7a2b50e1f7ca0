"""PlaySession: the game in play without widgets (legal moves, advice, coach, undo,
computer seats, background-solve state), and the app as a view on it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dicelab.analysis import coach, policies
from dicelab.core.errors import DicelabError, IllegalMove
from dicelab.games._base import Bank, Roll, Stop
from dicelab.registry import REGISTRY
from dicelab.ui.options import make_policy
from dicelab.ui.session import CoachDecision, PlaySession

TOL = 1e-9


def at_choice(session: PlaySession, dice: tuple[int, ...]) -> PlaySession:
    session.apply(Roll(()), dice=dice)
    return session


# ------------------------------------------------------------------ the game
@pytest.mark.parametrize("key", list(REGISTRY))
def test_legal_moves_are_the_games_own(key):
    s = PlaySession(key, seed=5, players=2)
    mod = REGISTRY[key].rules
    assert s.legal_moves() == mod.legal_actions(s.state) == [Roll(())]
    s.apply(Roll(()))
    assert s.legal_moves() == mod.legal_actions(s.state)
    assert s.legal() == frozenset(mod.legal_actions(s.state))
    assert s.game.seed == 5 and s.state.players == 2


def test_bad_options_are_clear_errors_and_nothing_is_built():
    with pytest.raises(DicelabError, match="not an option"):
        PlaySession("trwavril", rule_options={"bogus": 1})
    with pytest.raises(DicelabError, match="no game"):
        PlaySession("yahtzee")
    with pytest.raises(DicelabError, match="threshold_points"):
        PlaySession("trwavril", threshold_points=-1)
    with pytest.raises(DicelabError, match="computer"):
        PlaySession("trwavril", players=2, computer="optimal")


def test_an_illegal_move_changes_nothing():
    s = at_choice(PlaySession("trwavril", seed=1), (5, 5, 2, 5))
    before = s.state
    with pytest.raises(IllegalMove):
        s.apply(Bank((5,)))
    assert s.state is before and len(s.game.actions) == 1


def test_advice_is_the_engines_and_cached(monkeypatch):
    from dicelab.engine import trwavril

    s = at_choice(PlaySession("trwavril", seed=1), (5, 5, 2, 5))
    expected = trwavril.advise_state(s.state)
    calls = []
    real = trwavril.advise_state
    monkeypatch.setattr(trwavril, "advise_state", lambda st, **k: calls.append(st) or real(st))
    assert not s.advice_cached()
    a = s.advice()
    assert s.advice() is a and len(calls) == 1 and s.advice_cached()
    assert a.best.action == expected.best.action == Roll((5, 5, 5))
    for c, e in zip(a.choices, expected.choices):
        assert c.action == e.action and abs(c.loss - e.loss) < TOL


# ------------------------------------------------------------------ the coach
def test_coach_decision_on_a_costly_move_seveny_in_french():
    s = at_choice(PlaySession("seveny", seed=1, lang="fr", rule_options={"target": 5}),
                  (1, 1, 1, 1, 1, 2, 3))
    d = s.coach_decision(Roll((1,)))
    assert isinstance(d, CoachDecision)
    a = coach.assess(s.state, Roll((1,)), lang="fr")
    assert d.costly and d.objective == "expected_turns" == a.unit
    assert abs(d.loss - a.loss) < TOL and abs(d.loss - 0.5988) < 1e-4
    assert d.best_action == Bank((1, 1, 1, 1, 1)) == a.best_action
    assert d.best_label == "mettre de côté 1 1 1 1 1 et encaisser"
    assert d.text == ("Il y a mieux à jouer. Votre décision «\xa0mettre de côté 1, relancer "
                      "6 dés\xa0» coûte 0,60 tour de plus en moyenne.")
    assert d.why and "termine la partie" in d.why[0]
    best = s.coach_decision(d.best_action)
    assert not best.costly and best.loss == 0 and best.text == "" and best.why == ()


def test_coach_thresholds_decide_what_is_costly():
    dice = (5, 5, 2, 5)
    s = at_choice(PlaySession("trwavril", seed=1, lang="en"), dice)
    # stop loses 0.35 point: under the default 1 point; rolling all loses 10.7 points
    stop, roll = s.coach_decision(Stop()), s.coach_decision(Roll(()))
    assert abs(stop.loss - 0.0034773) < 1e-6 and not stop.costly
    assert abs(roll.loss - 0.1068284) < 1e-6 and roll.costly
    assert "loses 10.7 percentage points of chance to win the game" in roll.text
    strict = at_choice(PlaySession("trwavril", seed=1, threshold_points=0.2), dice)
    assert strict.coach_decision(Stop()).costly
    lax = at_choice(PlaySession("trwavril", seed=1, threshold_points=20), dice)
    assert not lax.coach_decision(Roll(())).costly


def test_no_coach_decision_for_a_forced_move_or_a_non_choice():
    s = PlaySession("cinqmille", seed=1)
    assert s.coach_decision(Roll(())) is None  # the first roll: nothing to choose
    s.apply(Roll(()), dice=(1, 5, 2, 3, 3))
    assert s.coach_decision(Stop()) is None  # not one of the choices


# ------------------------------------------------------------------ undo
def test_undo_and_why_it_is_off():
    s = PlaySession("trwavril", seed=1, lang="en")
    assert s.undo_off_reason() == "There is nothing to undo."
    with pytest.raises(DicelabError, match="nothing to undo"):
        s.undo()
    s.apply(Roll(()), dice=(5, 5, 2, 5))
    start = s.game.log
    s.apply(Roll((5, 5, 5)), dice=(1,))
    assert s.undo() == Roll((5, 5, 5))
    assert s.state.dice == (5, 5, 2, 5) and s.game.log == start


def test_undo_cannot_take_back_the_computers_move_unless_allowed():
    s = PlaySession("cinqmille", seed=3, players=2, computer={1: "optimal"}, lang="en")
    s.apply(Roll(()), dice=(2, 3, 4, 6, 6))  # nothing scores: player 1 busts, player 2 plays
    assert s.state.current_player == 1 and s.is_computer()
    moves = s.computer_turn()
    assert moves and all(m.player == 1 for m in moves)
    assert "computer's moves" in s.undo_off_reason()
    with pytest.raises(DicelabError, match="computer's moves"):
        s.undo()
    s.allow_undo = True
    n = len(s.game.actions)
    s.undo()
    assert len(s.game.actions) == n - 1


# ------------------------------------------------------------------ computer seats
@pytest.mark.parametrize("kind", ["optimal", "random", "greedy", "rule", "duel_optimal"])
def test_the_computer_plays_its_policys_move(kind):
    s = PlaySession("cinqmille", seed=7, players=2, computer={0: kind, 1: kind})
    twins = {p: make_policy(kind, "cinqmille", s.game.seed + 1 + p) for p in (0, 1)}
    for _i in range(40):
        if s.state.is_over:
            break
        p = s.state.current_player
        expected = twins[p](s.state)
        assert s.computer_choice() == expected
        move = s.computer_move()
        assert move.action == expected and move.player == p
    assert s.computer_played and s.computer_steps


def test_the_optimal_seat_is_the_policies_optimal_and_says_why():
    s = PlaySession("trwavril", seed=2, computer={0: "optimal"}, lang="en")
    s.computer_move()  # the roll
    state = s.state
    assert s.computer_choice() == policies.optimal()(state)
    move = s.computer_move()
    label = coach.describe_action(state, move.action, lang="en")
    assert move.note == (f"The computer chose “{label}”: "  # solo: one voice, as the log
                         "the best for its own chances (solo odds).")
    assert s.notes and move.note in s.notes.values()


def test_a_human_seat_is_not_played_by_the_computer():
    s = PlaySession("trwavril", seed=2, players=2, computer={1: "random"})
    assert not s.is_computer() and s.is_computer(1)
    assert s.computer_turn() == []
    with pytest.raises(DicelabError, match="not a computer"):
        s.computer_move()


# ------------------------------------------------------------------ two-player odds
def test_two_player_state_with_a_shipped_table():
    s = PlaySession("cinqmille", seed=1, players=2)
    assert s.prepare_duel() is None  # the table ships: nothing to solve
    assert s.wait_for_duel(60) and s.duel_status() == "" and not s.duel_computing()
    at_choice(s, (1, 5, 2, 3, 3))
    assert s.advice().kind == "duel" and s.advice().objective == "p_duel"
    solo = PlaySession("cinqmille", seed=1)
    assert solo.prepare_duel() is None and solo.duel_status() == ""
    ranked = PlaySession("cinqmille", seed=1, players=2, objective="expected_points")
    assert not ranked.wants_duel() and ranked.prepare_duel() is None


def test_duel_status_reads_the_background_job():
    class Job:
        running = True
        error = None

        def join(self, timeout=None):
            return True

    s = PlaySession("cinqmille", seed=1, players=2)
    s.duel_job = Job()
    assert s.duel_computing() and s.duel_status() == "computing"
    Job.running = False
    assert s.collect_duel() and s.duel_status() == "ready" and s.duel_job is None
    s.duel_job, s.duel_news = Job(), False
    s.duel_job.error = MemoryError()
    assert s.collect_duel() and s.duel_status() == "failed"
    assert isinstance(s.duel_error, MemoryError)


# ------------------------------------------------------------------ review, result
def test_review_and_result_of_a_finished_game():
    s = PlaySession("trwavril", seed=4, computer={0: "optimal"}, lang="fr")
    while not s.state.is_over:
        s.computer_turn()
    assert s.result_text().startswith("Partie terminée — ")
    rev = s.review(players=[0])
    assert rev.decisions > 0 and abs(rev.mean_loss) < 1e-9
    assert s.review().decisions == 0  # the human seats: none here


# ------------------------------------------------------------------ the app is a view on it
def test_the_app_delegates_to_its_session():
    from dicelab.ui.widgets import play

    app = play("trwavril", seed=1, players=2, computer={1: "optimal"})
    s = app.session
    assert isinstance(s, PlaySession)
    assert app.game is s.game and app.state is s.state and app._seats == s.seats == {1: "optimal"}
    app.roll()
    assert app.advice() is s.advice() and app.legal() is s.legal()
    app.set_language("fr")
    assert s.lang == "fr"
    assert app.undo_off_reason() == s.undo_off_reason() == ""


def test_session_and_terminal_work_without_ipywidgets_and_matplotlib():
    code = (
        "import sys, io\n"
        "sys.modules['ipywidgets'] = None\n"
        "sys.modules['matplotlib'] = None\n"
        "from dicelab.ui.session import PlaySession\n"
        "from dicelab.ui.command_line import main\n"
        "from dicelab.games._base import Roll\n"
        "s = PlaySession('trwavril', seed=1)\n"
        "s.apply(Roll(()), dice=(5, 5, 2, 5))\n"
        "assert s.coach_decision(Roll(())).costly\n"
        "out = io.StringIO()\n"
        "assert main(['play', 'trwavril', '--seed', '1', '--lang', 'en'],"
        " stdin=io.StringIO('\\nset 5 5 2 5\\nreview\\nquit\\n'), stdout=out) == 0\n"
        "assert 'Game review' in out.getvalue(), out.getvalue()\n"
        "assert 'ipywidgets' not in sys.modules or sys.modules['ipywidgets'] is None\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
