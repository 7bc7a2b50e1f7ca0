"""Helpers of the real-browser test: a throw-away JupyterLab server and Playwright steps.

The server runs from the interpreter running the tests (``.venv``), on a free localhost
port, with a known token, no browser, and every Jupyter directory (config, data, runtime,
app settings) in a temporary directory, so the user's own Jupyter set-up is neither used
nor modified.  The app settings hold an ``overrides.json`` that sets the notebook windowing
mode to ``defer`` (JupyterLab 4 otherwise virtualises cells scrolled out of view) and turns
news and update checks off (no network at test time).

Chromium is Debian's ``/usr/bin/chromium``: Playwright's own browser download cannot work
here, so ``playwright install`` is never run.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

CHROMIUM = Path(os.environ.get("DICELAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Settings overrides of the test server (plugin id -> settings).
LAB_OVERRIDES: dict[str, dict[str, Any]] = {
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "defer"},
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

SERVER_START_TIMEOUT = 120.0


def free_port() -> int:
    """A TCP port free on localhost right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LabServer:
    """A running JupyterLab server (see :func:`lab_server`)."""

    base_url: str
    token: str
    root: Path
    log_path: Path
    process: subprocess.Popen[bytes]

    def url(self, path: str) -> str:
        """``path`` under the server (e.g. ``lab/tree/x.ipynb``), with the token."""
        return f"{self.base_url}{path}?token={self.token}"

    def lab_url(self, notebook: str, workspace: str | None = None) -> str:
        """JupyterLab on ``notebook``; a named workspace starts with only that notebook open
        (the default workspace would restore the tabs of earlier tests)."""
        ws = f"workspaces/{quote(workspace)}/" if workspace else ""
        return self.url(f"lab/{ws}tree/{quote(notebook)}")

    def voila_url(self, notebook: str) -> str:
        return self.url(f"voila/render/{quote(notebook)}")

    def log_tail(self, n: int = 60) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "\n".join(lines[-n:])


def _get(url: str, timeout: float = 5.0) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return int(r.status)


def _post(url: str, timeout: float = 5.0, method: str = "POST") -> int:
    req = urllib.request.Request(url, data=b"" if method == "POST" else None, method=method)
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return int(r.status)


def shutdown_kernels(server: LabServer) -> int:
    """Shut down every kernel of the server (notebooks' and Voilà's); return how many."""
    with urllib.request.urlopen(server.url("api/kernels"), timeout=10) as r:
        kernels = json.loads(r.read())
    for k in kernels:
        try:
            _post(server.url(f"api/kernels/{k['id']}"), timeout=30, method="DELETE")
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
    return len(kernels)


@contextmanager
def voila_app(browser: Any, server: LabServer, notebook: str, width: int, height: int,
              timeout_s: float = 120, query: str = "") -> Iterator[tuple[Any, Any]]:
    """Open ``notebook`` in Voilà (``query`` appended to its URL, e.g. ``"&theme=dark"``) in
    a fresh browser context of ``width`` x ``height``; yield ``(page, app)`` once the app
    (``.dicelab-app``) shows; then close the context and shut the server's kernels down."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(timeout_s * 1000)
    page = context.new_page()
    try:
        page.goto(server.voila_url(notebook) + query, timeout=timeout_s * 1000)
        app = page.locator(".dicelab-app").first
        app.wait_for(state="visible", timeout=timeout_s * 1000)
        yield page, app
    finally:
        context.close()
        shutdown_kernels(server)


#: The repository (dicelab's Voilà template, binder/'s server settings).
REPO = Path(__file__).resolve().parent.parent


def install_offline_voila(config_dir: Path, data_dir: Path) -> None:
    """Serve Voilà as ``make lab`` and Binder do, asking no other host: dicelab's Voilà
    template (``share/jupyter/voila/templates/dicelab``, which pip installs into the
    environment) into ``data_dir``, and binder/jupyter_server_config.json's settings that
    choose it and turn the CDN MathJax off into ``config_dir``'s jupyter_server_config.json."""
    template = REPO / "share" / "jupyter" / "voila" / "templates" / "dicelab"
    shutil.copytree(template, data_dir / "voila" / "templates" / "dicelab", dirs_exist_ok=True)
    binder = json.loads((REPO / "binder" / "jupyter_server_config.json").read_text())
    offline = {key: binder[key] for key in ("ServerApp", "VoilaConfiguration")}
    (config_dir / "jupyter_server_config.json").write_text(json.dumps(offline, indent=2))


@contextmanager
def lab_server(root: Path, workdir: Path, extra_args: Sequence[str] = (),
               overrides: dict[str, dict[str, Any]] | None = None) -> Iterator[LabServer]:
    """Run JupyterLab on ``root`` (files served from there) until the block ends;
    ``extra_args`` are added to its command line (e.g. ``--config=…``), ``overrides``
    to :data:`LAB_OVERRIDES` (app settings)."""
    port = free_port()
    token = secrets.token_hex(16)
    dirs = {name: workdir / name for name in ("config", "data", "runtime", "settings", "ipython")}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    settings = {k: dict(v) for k, v in LAB_OVERRIDES.items()}
    for plugin, values in (overrides or {}).items():
        settings.setdefault(plugin, {}).update(values)
    (dirs["settings"] / "overrides.json").write_text(json.dumps(settings, indent=2))
    install_offline_voila(dirs["config"], dirs["data"])
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        IPYTHONDIR=str(dirs["ipython"]),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
    )
    env.pop("JUPYTER_PATH", None)
    env.pop("MPLBACKEND", None)  # the kernel chooses its inline backend itself
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.app_settings_dir={dirs['settings']}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
        "--ServerApp.allow_root=True",
        *extra_args,
    ]
    log_path = workdir / "jupyterlab.log"
    log = open(log_path, "wb")
    proc = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )
    server = LabServer(f"http://127.0.0.1:{port}/", token, root, log_path, proc)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"JupyterLab exited with code {proc.returncode}:\n{server.log_tail()}"
                )
            try:
                if _get(server.url("api/status")) == 200:
                    break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"JupyterLab did not answer within {SERVER_START_TIMEOUT:.0f} s:\n"
                    f"{server.log_tail()}"
                )
            time.sleep(0.5)
        yield server
    finally:
        _shutdown(server)
        log.close()


def _shutdown(server: LabServer) -> None:
    """Ask the server to shut down (kernels included); terminate, then kill, if it hangs."""
    proc = server.process
    if proc.poll() is None:
        try:
            _post(server.url("api/shutdown"))
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def one_cell_notebook(source: str) -> dict:
    """A notebook of one code cell (id ``app``) running ``source``, for a test to write."""
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "app", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def copy_notebooks(src: Path, dest: Path) -> None:
    """Copy the notebooks tree (the browser saves outputs: never into the repository)."""
    shutil.copytree(
        src, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )


# --------------------------------------------------------------------------- Playwright steps

def dismiss_dialogs(page: Any) -> None:
    """Accept any modal dialog (e.g. a kernel chooser when a notebook names no kernel)."""
    for _ in range(3):
        dialog = page.locator(".jp-Dialog")
        if dialog.count() == 0:
            return
        accept = dialog.locator(".jp-Dialog-button.jp-mod-accept")
        if accept.count():
            accept.first.click()
        else:
            page.keyboard.press("Escape")
        page.wait_for_timeout(300)


def open_notebook(page: Any, server: LabServer, notebook: str, timeout_s: float = 120) -> None:
    """Open ``notebook`` in JupyterLab (in a workspace of its own) and wait until its kernel
    is idle."""
    workspace = "t-" + secrets.token_hex(4)
    page.goto(server.lab_url(notebook, workspace), timeout=timeout_s * 1000)
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=timeout_s * 1000)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        dismiss_dialogs(page)
        if kernel_idle(page):
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"the kernel of {notebook} did not start within {timeout_s:.0f} s")


def kernel_idle(page: Any) -> bool:
    """The current notebook's kernel is connected and idle (``window.jupyterapp`` is exposed
    by the test server; the toolbar indicator reports "idle" before the kernel is ready)."""
    return bool(
        page.evaluate(
            """() => {
              const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
              const ctx = w && w.sessionContext;
              const k = ctx && ctx.session && ctx.session.kernel;
              return !!(ctx && ctx.isReady && k && k.connectionStatus === 'connected'
                        && k.status === 'idle');
            }"""
        )
    )


#: The notebook shown in JupyterLab (other tabs' widgets stay in the DOM, hidden).
CURRENT_NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def run_all_cells(page: Any, start_timeout_s: float = 20) -> None:
    """Menu Run → Run All Cells, as a user would; once more if no cell started."""
    for _ in range(2):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).first.click()
        page.locator(
            '.lm-Menu-item[data-command="runmenu:run-all"],'
            '.lm-Menu-item[data-command="notebook:run-all-cells"]'
        ).first.click()
        deadline = time.monotonic() + start_timeout_s
        while time.monotonic() < deadline:
            if cells_started(page):
                return
            page.wait_for_timeout(250)
    raise AssertionError("Run All Cells did not start any cell")


def cells_started(page: Any) -> int:
    """How many code cells show a prompt other than ``[ ]`` (queued, running or done)."""
    return int(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('.jp-CodeCell .jp-InputPrompt'))
                  .filter(e => /\\[(\\*|\\d+)\\]/.test(e.textContent)).length"""
        )
    )


def cells_running(page: Any) -> int:
    """How many cells show the ``[*]`` prompt (queued or running)."""
    return int(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('.jp-Cell .jp-InputPrompt'))
                  .filter(e => e.textContent.includes('*')).length"""
        )
    )


def error_outputs(page: Any) -> list[str]:
    """The text of every error output shown in the page (tracebacks)."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll(
                    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
                  .map(e => e.innerText).filter(t => /Error|Traceback/.test(t))"""
        )
    )


def wait_until_executed(page: Any, timeout_s: float) -> None:
    """Wait until no cell is queued or running and the kernel is idle."""
    deadline = time.monotonic() + timeout_s
    quiet = 0
    while time.monotonic() < deadline:
        if cells_running(page) == 0 and kernel_idle(page):
            quiet += 1
            if quiet >= 3:
                return
        else:
            quiet = 0
        page.wait_for_timeout(500)
    raise AssertionError(
        f"cells still running after {timeout_s:.0f} s; errors shown: {error_outputs(page)}"
    )


def settle(page: Any, locator: Any, timeout_s: float = 120, quiet_s: float = 1.5) -> str:
    """Wait until ``locator``'s text stops changing (and the kernel, if any, is idle)."""
    deadline = time.monotonic() + timeout_s
    last = None
    stable_since = time.monotonic()
    while time.monotonic() < deadline:
        text = locator.inner_text()
        idle = page.locator(".jp-Notebook-ExecutionIndicator").count() == 0 or kernel_idle(page)
        now = time.monotonic()
        if text != last or not idle:
            last, stable_since = text, now
        elif now - stable_since >= quiet_s:
            return text
        page.wait_for_timeout(250)
    raise AssertionError(f"the widget kept changing for {timeout_s:.0f} s")


def wait_for_change(locator: Any, before: str, timeout_s: float = 120) -> str:
    """Wait until ``locator``'s text differs from ``before``; return the new text."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        text = locator.inner_text()
        if text != before:
            return text
        time.sleep(0.25)
    raise AssertionError(f"the widget did not change within {timeout_s:.0f} s: {before!r}")


def switch_on(switch: Any) -> None:
    """Turn an ipywidgets Checkbox or ToggleButton on (no-op if it already is)."""
    box = switch.locator("input[type=checkbox]")
    if box.count():
        if not box.first.is_checked():
            box.first.click()
        return
    active = switch.evaluate("e => e.classList.contains('mod-active')")
    if not active:
        switch.click()


def die_texts(app: Any) -> list[str]:
    return [t.strip() for t in app.locator(".dicelab-die").all_inner_texts()]
