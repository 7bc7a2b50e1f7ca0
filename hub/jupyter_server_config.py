"""The students' servers on the class hub (hub/jupyterhub_config.py puts this folder on
``JUPYTER_CONFIG_PATH``; binder/jupyter_server_config.json is read too).

A class of 30 shares one machine: each server loads only what a student uses, and a kernel
left alone is stopped.
"""

# ruff: noqa: F821 - `c` is the config object Jupyter passes to this file
c.ServerApp.jpserver_extensions = {
    "jupyter_lsp": False,  # code completion servers: none is installed, nothing to run
    "jupyter_server_terminals": False,  # no shell for students
}
c.ServerApp.terminals_enabled = False
# a kernel with no open notebook for 30 minutes is shut down (a notebook left open keeps
# its kernel: cull_connected stays False)
c.MappingKernelManager.cull_idle_timeout = 30 * 60
c.MappingKernelManager.cull_interval = 5 * 60
