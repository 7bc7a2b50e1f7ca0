"""The core works without the notebook extra: with ipywidgets, matplotlib and numba blocked
(as if ``pip install dicelab`` installed numpy, Babel and platformdirs only), every core
module imports, and each game plays a seeded game, gets advice, hints and the coach's why,
is simulated and reviewed as text; and the terminal front end (``dicelab.ui.terminal``)
plays every game in both languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CODE = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys
    for name in ("ipywidgets", "matplotlib", "anywidget", "numba"):
        sys.modules[name] = None  # `import ipywidgets` now raises ImportError

    import dicelab
    from dicelab.registry import get
    from dicelab.analysis import coach, policies, simulate
    from dicelab.analysis.review import review

    core = ("core", "games", "engine", "registry", "analysis")
    modules = [m.name for m in pkgutil.walk_packages(dicelab.__path__, "dicelab.")
               if m.name.split(".")[1] in core]
    for name in modules:
        importlib.import_module(name)

    out = {"modules": len(modules), "games": {}}
    for key in ("dripeul", "trwavril", "cinqmille", "seveny"):
        g = get(key).rules.Game(seed=3)
        engine = importlib.import_module("dicelab.engine." + key)
        play = policies.optimal()
        choices, why, hint = 0, [], None
        for _ in range(1000):
            if g.is_over:
                break
            advice = engine.advise_state(g.state)
            if len(advice.choices) > 1 and hint is None:  # the first real decision
                choices = len(advice.choices)
                why = coach.explain(g.state, play(g.state), lang="fr")
                hint = coach.hint(g.state, 3, lang="en")
            g.apply(play(g.state))
        r = review(g, lang="fr", why=True)
        head, rows = r.table("fr")
        sim = simulate.simulate(key, games=3, seed=1)
        out["games"][key] = {
            "over": g.is_over, "choices": choices, "why": len(why),
            "hint": bool(str(hint)), "rows": len(rows), "decisions": r.decisions,
            "summary": r.summary("fr"), "rating": r.rating.text, "simulated": sim.games,
            "loss": r.mean_loss,
        }
    if TERMINAL:  # the terminal front end plays too (every game, both languages)
        import io
        from dicelab.ui.command_line import main
        out["terminal"] = {}
        for key in ("dripeul", "trwavril", "cinqmille", "seveny"):
            for lang in ("en", "fr"):
                text = io.StringIO()
                status = main(["play", key, "--seed", "2", "--lang", lang, "--players", "2",
                               "--computer", "2"], stdin=io.StringIO("1\\n1\\nquit\\n"),
                              stdout=text)
                out["terminal"][key + "/" + lang] = [status, "Traceback" in text.getvalue()]
    heavy = sorted(m for m in sys.modules if m.split(".")[0] in
                   ("ipywidgets", "matplotlib", "anywidget") and sys.modules[m] is not None)
    out["heavy"] = heavy
    print(json.dumps(out))
    """
)


@pytest.mark.slow
def test_core_works_without_widgets_and_matplotlib(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), os.environ.get("PYTHONPATH", "")]), "PYTEST_ADDOPTS": ""}
    terminal = (ROOT / "dicelab" / "ui" / "terminal.py").exists()
    code = f"TERMINAL = {terminal}\n" + CODE
    res = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["heavy"] == []
    assert out["modules"] > 20
    assert set(out["games"]) == {"dripeul", "trwavril", "cinqmille", "seveny"}
    for key, g in out["games"].items():
        assert g["over"], key  # the optimal player finishes its seeded game
        assert g["choices"] >= 2 and g["why"] >= 1 and g["hint"], key
        assert g["rows"] == g["decisions"] > 0, key
        assert g["loss"] == pytest.approx(0.0, abs=1e-9), key  # the optimal player loses nothing
        assert "décisions" in g["summary"], key  # the review's text, in French
        assert g["rating"], key
        assert g["simulated"] == 3, key
    if terminal:
        assert out["terminal"] == {f"{key}/{lang}": [0, False] for key in out["games"]
                                   for lang in ("en", "fr")}
