"""The students' servers on the class hub (hub/jupyterhub_config.py puts this folder on
``JUPYTER_CONFIG_PATH``; binder/jupyter_server_config.json is read too).

A class of 30 shares one machine: each server loads only what a student uses (JupyterLab,
the widgets; the lab plugins of the server extensions turned off here are hidden by
``hub/labconfig/page_config.json``), asks the internet nothing, and a kernel left alone is
stopped.
"""

# ruff: noqa: F821 - `c` is the config object Jupyter passes to this file
c.ServerApp.jpserver_extensions = {
    "jupyter_lsp": False,  # code completion servers: none is installed, nothing to run
    "jupyter_server_terminals": False,  # no shell for students
    # Voilà's preview (6 MB and 0.5 s per server): students play in the notebook itself;
    # its toolbar button is hidden too (hub/labconfig/page_config.json)
    "voila.server_extension": False,
    # jupytext keeps a notebook's .md twin in step on save: a student's copy needs no
    # twin (the .md files are hidden, binder/jupyter_server_config.json), the .ipynb
    # opens as it is; its menu entries are hidden too (hub/labconfig/page_config.json)
    "jupyterlab_jupytext": False,
    # the classic notebook's handlers (nbclassic): not installed, JupyterLab only
    "notebook_shim": False,
}
c.ServerApp.terminals_enabled = False
# a kernel with no open notebook for 30 minutes is shut down (a notebook left open keeps
# its kernel: cull_connected stays False)
c.MappingKernelManager.cull_idle_timeout = 30 * 60
c.MappingKernelManager.cull_interval = 5 * 60
# JupyterLab asks the internet nothing: no extension manager that lists PyPI, no news, no
# update check (the class hub needs no network once installed)
c.LabApp.extension_manager = "readonly"
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
