"""Not the real ``rfc3987_syntax``: on the class hub, this folder comes first on the servers'
``PYTHONPATH`` (hub/jupyterhub_config.py) so that this import fails.

``jsonschema`` imports ``rfc3987_syntax``, when it is installed, only to check strings of
the ``iri`` format, and skips that check when the import fails (``suppress(ImportError)``
in ``jsonschema/_format.py``). Jupyter's servers never validate an ``iri``, but the real
module compiles a grammar when it is imported: about 2 s of CPU and 16 MB for each
student's server, measured on the project's 2-core machine (one minute of CPU for a class
of 30, all at the start of the lesson).
"""

raise ImportError("rfc3987_syntax is skipped on the class hub (hub/lite/rfc3987_syntax.py)")
