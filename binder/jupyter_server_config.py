# Jupyter server settings for the classroom (Binder copies this file into ~/.jupyter/ in
# postBuild; `make lab` passes it with --config).
#
# Each notebook is kept twice in the repository: the .ipynb students open and its jupytext
# MyST .md source (docs/developers.md).  The file browser hides the .md twins so a student
# sees each notebook once; a hidden file still opens from a link or by its path.
c = get_config()  # noqa: F821 - provided by Jupyter when it loads this file
c.ContentsManager.hide_globs = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.md"]
