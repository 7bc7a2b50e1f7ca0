"""The package, the set-up contract (README, Makefile, CI, Binder) and the benchmark runner."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PLAY = ["01_dripeul", "02_trwavril", "03_cinqmille", "04_seveny"]
LANGS = ["en", "fr"]


def _run(args: list[str], cwd: Path = ROOT, **kw) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTEST_ADDOPTS": ""}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, **kw)


def _pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


# ------------------------------------------------------------------------------ the package

def test_import_dicelab_stays_light(tmp_path):
    code = textwrap.dedent(
        """
        import json, sys
        import dicelab
        dicelab.GAME_NAMES, dicelab.IllegalMove
        heavy = ("numpy", "matplotlib", "ipywidgets", "IPython")
        print(json.dumps(sorted(m for m in heavy if m in sys.modules)))
        """
    )
    out = _run([sys.executable, "-c", code], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == []


def test_version_is_one_number_everywhere():
    import dicelab

    assert dicelab.__version__ == _pyproject()["project"]["version"]
    assert importlib.metadata.version("dicelab") == dicelab.__version__


def test_runtime_dependencies():
    """The core: numpy, Babel (catalogs, number formats) and platformdirs (the machine's
    cache of solved tables).  The notebooks' extra:
    ipywidgets, matplotlib and anywidget (keyboard), and the `fast` extra (numba: Seveny's
    compiled two-player solve); `lab` and `test` install it."""
    project = _pyproject()["project"]
    deps = {Requirement(r).name for r in project["dependencies"]}
    assert deps == {"numpy", "babel", "platformdirs"}
    extras = project["optional-dependencies"]
    assert {Requirement(r).name for r in extras["notebook"]} == {
        "dicelab", "ipywidgets", "matplotlib", "anywidget"}
    assert "dicelab[fast]" in extras["notebook"]
    assert {Requirement(r).name for r in extras["fast"]} == {"numba"}
    for extra in ("lab", "test"):
        assert "dicelab[notebook]" in extras[extra], extra


def test_registry_names_and_modules():
    from dicelab import registry as games

    # the four games of the first release stay first, in this order (a new game follows)
    assert [(g.key, g.name) for g in games.REGISTRY.values()][:4] == [
        ("dripeul", "Dripeul 5"), ("trwavril", "Trwavril"), ("cinqmille", "5000"),
        ("seveny", "Seveny"),
    ]
    for info in games.REGISTRY.values():
        module = info.rules
        assert module.__name__ == f"dicelab.games.{info.key}"
        for attr in ("Rules", "Game", "DEFINITION", "new_state", "legal_actions", "step"):
            assert hasattr(module, attr), f"{module.__name__} lacks {attr}"
    assert games.get("5000").key == "cinqmille"


def test_pytest_collects_the_whole_suite():
    """Never pytest's exit code 5: tests, doctests and every notebook are collected."""
    out = _run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
               timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    ids = [ln for ln in out.stdout.splitlines() if "::" in ln]
    assert any(i.startswith("tests/test_packaging.py::") for i in ids)
    assert any(i.startswith("tests/test_browser.py::") for i in ids)
    assert any(i.startswith("dicelab/core/dice.py::") for i in ids), "doctests not collected"
    notebooks = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts
                       and '"cell_type": "code"' in p.read_text(encoding="utf-8"))
    # (a notebook without code, e.g. notebooks/index.ipynb, the language chooser, has no test)
    collected = {i.split("::")[0] for i in ids if ".ipynb::" in i}
    assert set(notebooks) <= collected, f"notebooks not collected: {set(notebooks) - collected}"
    m = re.search(r"(\d+) tests? collected", out.stdout)
    assert m and int(m.group(1)) > 100


# ---------------------------------------------------------------------- the set-up contract

def test_readme_gives_the_two_commands_and_the_links():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme and "make bench" in readme
    assert ".venv/bin/voila notebooks/en/01_dripeul.ipynb" in readme
    assert ".venv/bin/voila notebooks/fr/01_dripeul.ipynb" in readme
    assert re.search(r"mybinder\.org/v2/gh/[^)\s]+\?urlpath=lab/tree/notebooks/index\.ipynb",
                     readme)
    for lang in LANGS:
        start = "00_start_here" if lang == "en" else "00_commencer_ici"
        assert f"urlpath=lab/tree/notebooks/{lang}/{start}.ipynb" in readme
        for name in PLAY:
            link = f"urlpath=voila/render/notebooks/{lang}/{name}.ipynb"
            assert link in readme or link.replace("/", "%2F") in readme, (
                f"no Voilà link to {lang}/{name}")
            assert (ROOT / "notebooks" / lang / f"{name}.ipynb").exists()


def test_readme_opens_with_a_french_section():
    readme = (ROOT / "README.md").read_text()
    head = readme[: readme.index("## Set-up")]
    assert "En français" in head and "make lab" in head and "make test" in head
    assert head.index("En français") < head.index("Learn probability")


def test_readme_describes_every_notebook():
    readme = (ROOT / "README.md").read_text()
    for nb in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        assert nb.name in readme, f"README.md does not mention {nb.relative_to(ROOT)}"


def test_makefile_targets():
    makefile = (ROOT / "Makefile").read_text()
    for target in ("lab", "test", "bench", "lint", "binder-check", "clean", "hub",
                   "hub-check"):
        assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"no `make {target}`"
    # the test run includes the class hub's load test: jupyterhub and its npm proxy
    assert "-e '.[test,lab,bench,hub]'" in makefile
    assert re.search(r"^pytest: .*\$\(CHP\)", makefile, re.M)
    assert "npm install" in makefile.split("\n$(CHP):")[1].split("\n\n")[0]
    lab = makefile.split("\nlab:")[1].split("\n\n")[0]
    assert "notebooks/index.ipynb" in lab  # `make lab` opens the language chooser


def test_ci_entry_point():
    ci = ROOT / ".ci" / "run"
    assert ci.stat().st_mode & stat.S_IXUSR
    text = ci.read_text()
    assert text.index("apt-get update") < text.index("apt-get install -y chromium")
    assert "DICELAB_REQUIRE_BROWSER=1" in text
    assert "make test" in text
    assert "binder-check" in (ROOT / "Makefile").read_text().split("\ntest:")[1].splitlines()[0]


def test_binder_requirements_are_pinned_and_complete():
    lines = [ln.strip() for ln in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    reqs = [Requirement(ln) for ln in lines if ln and not ln.startswith("#")]
    for r in reqs:
        spec = list(r.specifier)
        assert len(spec) == 1 and spec[0].operator == "==", f"{r} is not pinned with =="
    pinned = {r.name.lower().replace("_", "-"): next(iter(r.specifier)).version for r in reqs}
    for need in ("numpy", "ipywidgets", "matplotlib", "jupyterlab", "voila", "ipykernel"):
        assert need in pinned, f"binder/requirements.txt lacks {need}"
    # postBuild installs dicelab without dependencies: each one must be pinned, compatibly.
    project = _pyproject()["project"]
    extras = project["optional-dependencies"]
    deps, todo = list(project["dependencies"]), ["notebook"]
    while todo:  # the notebook extra and the extras it names (dicelab[fast])
        for dep in extras[todo.pop()]:
            r = Requirement(dep)
            if r.name == "dicelab":
                todo.extend(r.extras)
            else:
                deps.append(dep)
    assert "numba" in {Requirement(d).name for d in deps}
    for dep in deps:
        r = Requirement(dep)
        assert r.specifier.contains(pinned[r.name]), f"{r} vs pinned {pinned[r.name]}"


def test_binder_postbuild_installs_the_package():
    post = ROOT / "binder" / "postBuild"
    assert post.stat().st_mode & stat.S_IXUSR, "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!")
    assert re.search(r"pip install .*\s\.$", text, re.M)


def test_make_lab_and_binder_keep_the_shipped_notebooks_and_cull_kernels():
    """Issue 32 §6: the server's settings that `make lab` passes and Binder installs."""
    from dicelab.ui import shipped_notebooks

    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    hook = config["ContentsManager"]["pre_save_hook"]
    module, name = hook.rsplit(".", 1)
    assert module == shipped_notebooks.__name__ and callable(getattr(shipped_notebooks, name))
    cull = config["MappingKernelManager"]
    assert cull["cull_idle_timeout"] == 600 and cull["cull_interval"] > 0
    assert cull["cull_connected"] is False  # never a kernel whose tab is open
    settings = json.loads((ROOT / "binder" / "overrides.json").read_text())
    assert settings["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True
    make = (ROOT / "Makefile").read_text().split("\nlab:")[1].split("\n\n")[0]
    assert "binder/jupyter_server_config.json" in make and "binder/overrides.json" in make
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "binder/jupyter_server_config.json" in post and "binder/overrides.json" in post
    # every shipped notebook is one the hook keeps as shipped (it has its .md twin)
    for nb in (ROOT / "notebooks").rglob("*.ipynb"):
        if ".ipynb_checkpoints" not in nb.parts:
            assert shipped_notebooks.is_shipped(nb.relative_to(ROOT), ROOT), nb


def test_voila_pages_use_the_no_cdn_template_and_the_bundled_mathjax():
    """Voilà asks no CDN (tests/test_browser_offline.py checks it in the browser): the
    server settings choose dicelab's template, which pip installs (data-files) and `make
    lab` copies into .venv, and turn Voilà's cdnjs MathJax off (its bundled one renders)."""
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["tornado_settings"] == {"mathjax_url": None,
                                                       "mathjax_config": None}
    name = config["VoilaConfiguration"]["template"]
    folder = f"share/jupyter/voila/templates/{name}"
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).iterdir())
    assert f"{folder}/index.html.j2" in files and f"{folder}/conf.json" in files
    data_files = _pyproject()["tool"]["setuptools"]["data-files"]
    assert sorted(data_files[folder]) == files
    make = (ROOT / "Makefile").read_text().split("\nlab:")[1].split("\n\n")[0]
    assert f"cp -r {folder} " in make


def test_the_save_hook_strips_only_shipped_notebooks(tmp_path):
    from dicelab.ui.shipped_notebooks import strip_outputs

    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "a.md").write_text("")

    class Manager:
        root_dir = str(tmp_path)

    def model():
        return {"type": "notebook", "content": {
            "metadata": {"widgets": {"x": 1}},
            "cells": [{"cell_type": "code", "execution_count": 1, "metadata": {},
                       "outputs": [{"output_type": "stream", "text": "6 2 1 4 3"}],
                       "source": "app"}]}}

    shipped, copy, text = model(), model(), {"type": "file", "content": "x"}
    strip_outputs(model=shipped, path="notebooks/a.ipynb", contents_manager=Manager())
    strip_outputs(model=copy, path="notebooks/a-Copy1.ipynb", contents_manager=Manager())
    strip_outputs(model=text, path="notebooks/a.md", contents_manager=Manager())
    cell = shipped["content"]["cells"][0]
    assert cell["outputs"] == [] and cell["execution_count"] is None
    assert cell["source"] == "app" and shipped["content"]["metadata"] == {}
    assert copy == model() and text == {"type": "file", "content": "x"}


def test_gitignore_keeps_generated_files_out():
    ignored = (ROOT / ".gitignore").read_text().split()
    for entry in (".venv/", ".venv-binder/", "artifacts/"):
        # "name" without the slash also ignores a link to a shared environment
        assert entry in ignored or entry.rstrip("/") in ignored



def test_no_tracked_path_looks_like_an_option():
    """A folder named ``--help`` (the worksheets' output, written by a mistyped command
    line) was once committed: 5,9 MB of PDFs in every clone."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=False).stdout.splitlines()
    if not tracked:
        pytest.skip("not a git checkout")
    assert [p for p in tracked if p.startswith("-") or "/-" in p] == []
    assert [p for p in tracked if p.endswith(".pdf")] == []


def test_worksheets_command_line_never_takes_an_option_for_a_folder(tmp_path, capsys):
    from dicelab.lessons.worksheets import main

    assert main(["--help"]) == 0
    assert "usage:" in capsys.readouterr().out
    assert main(["--bogus"]) == 2
    assert main([str(tmp_path), "no_such_lesson"]) == 2
    assert "no_such_lesson" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []

# ------------------------------------------------------------------------ benchmark runner

BENCH_OK = '''
import time

def fast():
    return sum(range(1000))

def slow_baseline():
    time.sleep(0.02)

def benchmarks():
    return [
        {"name": "fast thing", "goal": 1.0, "run": fast, "baseline": slow_baseline,
         "icepool": None},
        {"name": "missed goal", "goal": 1e-9, "run": lambda: time.sleep(0.01),
         "baseline": None, "icepool": None},
    ]
'''


def test_bench_runner_reports_ratios_and_missed_goals(tmp_path):
    (tmp_path / "bench_sample.py").write_text(BENCH_OK)
    (tmp_path / "helper.py").write_text("raise RuntimeError('not a benchmark module')")
    out = _run([sys.executable, "benchmarks/run.py", "--dir", str(tmp_path),
                "--json", str(tmp_path / "out.json")], timeout=120)
    assert out.returncode == 0, out.stderr  # a missed goal is reported, not an error
    rows = {ln.split("|")[0].strip(): [c.strip() for c in ln.split("|")]
            for ln in out.stdout.splitlines() if "|" in ln}
    assert rows["fast thing"][3] == "ok"
    assert rows["missed goal"][3] == "MISSED"
    assert float(rows["fast thing"][5].rstrip("×")) > 1  # baseline sleeps 20 ms
    assert rows["missed goal"][4] == "-" and rows["missed goal"][6] == "-"
    results = json.loads((tmp_path / "out.json").read_text())
    assert [r["name"] for r in results] == ["fast thing", "missed goal"]
    fast = results[0]
    assert 0 < fast["time"] < fast["baseline"] and fast["peak_mb"] > 1


def test_bench_runner_flags_a_broken_benchmark(tmp_path):
    (tmp_path / "bench_broken.py").write_text(
        "def boom():\n    raise ValueError('kaboom')\n\n"
        "def benchmarks():\n    return [{'name': 'broken', 'goal': None, 'run': boom,"
        " 'baseline': None, 'icepool': None}]\n"
    )
    (tmp_path / "bench_bad.py").write_text("def benchmarks():\n    return [{'name': 'x'}]\n")
    out = _run([sys.executable, "benchmarks/run.py", "--dir", str(tmp_path)], timeout=120)
    assert out.returncode == 1
    assert "kaboom" in out.stdout and "ERROR" in out.stdout
    assert "lacks" in out.stdout


def test_every_bench_module_follows_the_protocol():
    mods = sorted((ROOT / "benchmarks").glob("bench_*.py"))
    assert any(m.name == "bench_dice.py" for m in mods)
    for m in mods:
        assert re.search(r"^def benchmarks\(\)", m.read_text(), re.M), m.name
