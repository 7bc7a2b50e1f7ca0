"""JupyterHub for a class: ``make hub`` (docs/teachers.md, « A class on a JupyterHub »).

One server per student, on this machine, with no system users:

- login: JupyterHub's ``SharedPasswordAuthenticator`` with one class password
  (``DICELAB_HUB_PASSWORD``, at least 8 characters, default ``dicelab-class``); any user
  name works, and each name gets its own server and its own folder. Fine on a classroom
  network, not on the internet.
- servers: ``SimpleLocalProcessSpawner`` (processes of the user running the hub, root in a
  container included), each in its own home ``<data>/users/<name>/``, which holds the
  student's own copy of ``notebooks/`` and ``docs/`` (copied at the first start, never
  overwritten: a student's runs never change the shipped files, and their work stays).
- every server opens JupyterLab on ``notebooks/index.ipynb``, where the student chooses
  Français or English (each notebook sets its own language: the choice is per student).
- the proxy: ``configurable-http-proxy`` from npm (``make hub`` installs it into
  ``.cache/npm-hub``); everything listens on 127.0.0.1 unless ``DICELAB_HUB_IP`` says
  otherwise (``0.0.0.0`` to open the hub to the classroom's network).

Environment (all optional):

``DICELAB_HUB_DATA``      the hub's folder: database, cookie secret, homes, logs
                          (default ``<repo>/.cache/hub``)
``DICELAB_HUB_IP``        address of the public proxy (default ``127.0.0.1``)
``DICELAB_HUB_PORT``      its port (default 8000); the hub's own API and the proxy's API use
                          ``DICELAB_HUB_API_PORT`` and ``DICELAB_PROXY_API_PORT`` (8081, 8001)
``DICELAB_HUB_PASSWORD``  the class password (default ``dicelab-class``)
``DICELAB_HUB_ADMIN``     a teacher's user name, made admin (the hub's Admin page)
``DICELAB_HUB_TOKEN``     registers the ``dicelab-hubcheck`` service with this API token and
                          the admin role (``make hub-check`` sets it; unset otherwise)
``DICELAB_CHP``           the configurable-http-proxy command (default: the one ``make``
                          installs in ``.cache/npm-hub``)
"""

# ruff: noqa: F821 - `c` is the config object JupyterHub passes to this file
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import zlib
from pathlib import Path

from jupyterhub.spawner import SimpleLocalProcessSpawner

REPO = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("DICELAB_HUB_DATA") or REPO / ".cache" / "hub").resolve()
HOMES = DATA / "users"
LOGS = DATA / "logs"
for folder in (DATA, HOMES, LOGS):
    folder.mkdir(parents=True, exist_ok=True)

# ---------------------------------------------------------------- addresses (loopback)
IP = os.environ.get("DICELAB_HUB_IP", "127.0.0.1")
c.JupyterHub.ip = IP
c.JupyterHub.port = int(os.environ.get("DICELAB_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("DICELAB_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = (
    f"http://127.0.0.1:{int(os.environ.get('DICELAB_PROXY_API_PORT', '8001'))}")
c.ConfigurableHTTPProxy.command = [
    os.environ.get("DICELAB_CHP")
    or str(REPO / ".cache" / "npm-hub" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(DATA / "proxy.pid")

# ---------------------------------------------------------------- the hub's own files
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(DATA / "jupyterhub.pid")
# the students' servers stop with the hub
c.JupyterHub.cleanup_servers = True

# ---------------------------------------------------------------- login: one class password
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("DICELAB_HUB_PASSWORD",
                                                             "dicelab-class")
c.Authenticator.allow_all = True  # any name: each student types their own
if os.environ.get("DICELAB_HUB_ADMIN"):
    c.Authenticator.admin_users = {os.environ["DICELAB_HUB_ADMIN"]}

# The load test's client (make hub-check): an API token with the admin role, only when
# DICELAB_HUB_TOKEN is set.
if os.environ.get("DICELAB_HUB_TOKEN"):
    c.JupyterHub.services = [
        {"name": "dicelab-hubcheck", "api_token": os.environ["DICELAB_HUB_TOKEN"]}]
    c.JupyterHub.load_roles = [
        {"name": "dicelab-hubcheck", "scopes": ["admin:users", "admin:servers", "tokens",
                                                "access:servers", "list:users"],
         "services": ["dicelab-hubcheck"]}]


# ---------------------------------------------------------------- one server per student
class ClassSpawner(SimpleLocalProcessSpawner):
    """A student's server: their home ``<data>/users/<name>`` with their own copy of the
    notebooks, its log in ``<data>/logs/<name>.log`` (``make hub-check`` reads it)."""

    def copy_notebooks(self) -> None:
        home = Path(self.home_dir)
        home.mkdir(parents=True, exist_ok=True)
        ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        for folder in ("notebooks", "docs"):  # docs/: the notebooks link to the rules pages
            if not (home / folder).exists():
                shutil.copytree(REPO / folder, home / folder, ignore=ignore)

    #: the ports handed out by this hub (two servers never get the same one)
    given: set[int] = set()

    def pick_port(self) -> int:
        """A free port under 32768 for this student's server. JupyterHub's default, a random
        free port, comes from the range the kernels' own ports are drawn from (five per
        kernel): with a class starting at once, a kernel took a server's port between its
        choice and its start (make hub-check saw it: « port … is not available »)."""
        start = 20000 + zlib.crc32(self.user.name.encode()) % 10000
        for port in [*range(start, 32000), *range(20000, start)]:
            if port in self.given:
                continue
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue
            self.given.add(port)
            return port
        return 0  # none free: JupyterHub picks one

    async def start(self):  # noqa: D401 - JupyterHub's hook
        self.copy_notebooks()
        self.port = self.pick_port()
        log = open(LOGS / f"{self.user.name}.log", "ab")  # noqa: SIM115 - handed to Popen
        self.popen_kwargs = {"stdout": log, "stderr": subprocess.STDOUT}
        try:
            return await super().start()
        finally:
            log.close()  # the server keeps its own copy of the file descriptor


c.JupyterHub.spawner_class = ClassSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
# this environment's Python runs the servers and (its kernel spec) their kernels; the
# servers are JupyterHub's single-user server without the hub's database layer (SQLAlchemy,
# Alembic: about 28 MB per student), which only the hub uses (hub/lite/dicelab_singleuser.py)
c.Spawner.cmd = [sys.executable, "-m", "dicelab_singleuser"]
c.Spawner.default_url = "/lab/tree/notebooks/index.ipynb"
c.Spawner.notebook_dir = "~"
if os.geteuid() == 0:  # a container run as root: the servers run as root too
    c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment = {
    # the servers' settings: hub/jupyter_server_config.py (lighter servers, idle kernels
    # culled) and binder/jupyter_server_config.json (the .md twins hidden), as on Binder
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(REPO / "hub"), str(REPO / "binder")]),
    # hub/lite/ first: a server skips jsonschema's optional IRI checker, whose import costs
    # 2 s of CPU and 16 MB per server (hub/lite/rfc3987_syntax.py says why)
    "PYTHONPATH": os.pathsep.join(
        p for p in [str(REPO / "hub" / "lite"), os.environ.get("PYTHONPATH", "")] if p),
    # a die or a switch a student clicks in the browser is not echoed back to it by the
    # kernel (ipywidgets 8's echo keeps several browsers of one kernel in step: one student
    # has one), one message less per click through the kernel, the server and the proxy
    "JUPYTER_WIDGETS_ECHO": "0",
    # one cache of solved two-player tables for the whole class: `make hub` fills it
    # (`python -m dicelab tables --warm`) before the hub starts, so no student's kernel
    # solves a table; a table solved later by one server is read by the others
    "DICELAB_CACHE": str(DATA / "tables"),
}
