"""A student's server on the class hub: JupyterHub's single-user server without the hub's
own database layer (hub/jupyterhub_config.py runs ``python -m dicelab_singleuser``).

JupyterHub's single-user server (``python -m jupyterhub.singleuser``) imports modules that
only the hub itself uses: ``jupyterhub.log`` imports the hub's page handlers for one class
(``HealthCheckHandler``, in an ``isinstance`` test of its request log), and those import
the hub's database (``jupyterhub.orm``: SQLAlchemy's ORM, Alembic's migrations, Mako);
``jupyterhub.scopes`` and ``jupyterhub.utils`` import SQLAlchemy and ``jupyterhub.orm``
for functions that only the hub calls. A student's server never opens the hub's database,
yet each one held these modules: about 28 MB of each student's memory (USS), measured on
the project's machine (JupyterHub 6.1).

Here, before JupyterHub's module is imported:

- ``sqlalchemy``, ``jupyterhub.orm``, ``jupyterhub.roles`` and ``requests`` (imported by
  JupyterLab's listings handler, which a class hub never calls: no network) are
  *deferred*: the module object exists, and its code runs the first time anything reads
  one of its names (or, for a package, imports a submodule not listed in :data:`EARLY`).
  Nothing is lost: code that uses them gets the real modules, only later;
  ``sqlalchemy.exc`` (``jupyterhub.utils`` catches ``SQLAlchemyError``) and the
  ``sqlalchemy.util`` it needs load at once, as they are;
- ``jupyterhub.handlers.pages`` is a stand-in holding only ``HealthCheckHandler``, a class
  no handler of a single-user server is an instance of (as the hub's own is not: the
  single-user server never serves the hub's health check), so the request log reads the
  same.

When this JupyterHub's modules are not the expected ones (another major version), nothing
is changed and the server starts as ``python -m jupyterhub.singleuser`` would.

>>> sorted(DEFERRED)
['jupyterhub.orm', 'jupyterhub.roles', 'requests', 'sqlalchemy']
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

#: The modules whose code runs on first use (see the module docstring).
DEFERRED = frozenset({"sqlalchemy", "jupyterhub.orm", "jupyterhub.roles", "requests"})
#: The submodules of a deferred package that load at once, as they are, without running
#: the package's own ``__init__`` (they import nothing else of it).
EARLY = ("sqlalchemy.exc", "sqlalchemy.util")
#: The JupyterHub major versions whose imports this module was measured on.
JUPYTERHUB_MAJORS = ("5", "6")


#: The names the import system reads or sets on a module before running it.
_IMPORT_ATTRS = frozenset({"__path__", "__file__", "__cached__", "__loader__", "__spec__",
                           "__package__", "__name__", "__builtins__"})


def _run(module: types.ModuleType) -> None:
    """Run a deferred module's own code now (once)."""
    if type(module) is not _Deferred:
        return
    spec = module.__spec__
    real = spec.loader_state
    module.__class__ = types.ModuleType  # from now on an ordinary module
    spec.loader = module.__loader__ = real
    real.exec_module(module)


class _Deferred(types.ModuleType):
    """A module whose code has not run yet: reading a name it lacks runs it."""

    def __getattr__(self, name: str) -> Any:
        # a submodule already imported is found without running the package (the import
        # system's own « from package import submodule » falls back to it too)
        if name in _IMPORT_ATTRS:  # what the import system asks; running adds none of them
            raise AttributeError(name)
        sub = sys.modules.get(f"{self.__name__}.{name}")
        if sub is not None:
            return sub
        _run(self)
        return getattr(self, name)


class _DeferringLoader(importlib.abc.Loader):
    """Creates the module as its real loader would, and leaves its code for later."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Any:
        return self.real.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        module.__spec__.loader_state = self.real
        module.__class__ = _Deferred


class _Loaded(importlib.abc.Loader):
    """Hands the import system a module that is already loaded (see :class:`_Finder`)."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module = module
        self.spec = module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Any:
        return self.module

    def exec_module(self, module: types.ModuleType) -> None:
        module.__spec__ = self.spec  # its own spec again


class _Finder(importlib.abc.MetaPathFinder):
    """Defers the modules of :data:`DEFERRED`. A submodule of a deferred package (other
    than :data:`EARLY`'s) runs its package first, so that every module loads in the order
    its package expects; when the package has imported that submodule itself, the import
    system is given that module (not a second copy)."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        top = name.partition(".")[0]
        package = sys.modules.get(top)
        if top != name and type(package) is _Deferred and not name.startswith(EARLY):
            _run(package)
            if name in sys.modules:  # the import system checks sys.modules before us:
                module = sys.modules.pop(name)  # it puts the module back at once
                return importlib.machinery.ModuleSpec(
                    name, _Loaded(module), is_package=hasattr(module, "__path__"))
            return None
        if name not in DEFERRED:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is None:
            return None
        spec.loader = _DeferringLoader(spec.loader)
        return spec


class HealthCheckHandler:
    """Stands for the hub's ``jupyterhub.handlers.pages.HealthCheckHandler``, which a
    single-user server never serves (its request log tests ``isinstance`` against it)."""


class _Pages(types.ModuleType):
    """The stand-in for ``jupyterhub.handlers.pages``: any other name loads the real module
    (the hub's own code, should this process ever import it) and reads it there."""

    def __getattr__(self, name: str) -> Any:
        import importlib

        if name.startswith("__"):  # the import system's questions (« a package? »): no
            raise AttributeError(name)
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


def install() -> bool:
    """Defer the hub's database layer in this process (before JupyterHub is imported);
    ``False`` (nothing done) when JupyterHub is already imported or of another version.

    >>> import subprocess, sys
    >>> code = ("import dicelab_singleuser as d, sys; print(d.install()); "
    ...         "import jupyterhub.singleuser.extension; "
    ...         "print(type(sys.modules['jupyterhub.orm']).__name__, 'alembic' in sys.modules)")
    >>> out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
    ...                      env=_env()).stdout.split()
    >>> out
    ['True', '_Deferred', 'False']
    """
    if "jupyterhub.log" in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return False
    try:
        from jupyterhub._version import __version__
    except ImportError:
        return False
    if __version__.split(".", 1)[0] not in JUPYTERHUB_MAJORS:
        return False
    pages = _Pages("jupyterhub.handlers.pages",
                   "Stand-in (hub/lite/dicelab_singleuser.py): the hub's page handlers are "
                   "not a single-user server's.")
    pages.HealthCheckHandler = HealthCheckHandler  # type: ignore[attr-defined]
    sys.modules.setdefault("jupyterhub.handlers.pages", pages)
    sys.meta_path.insert(0, _Finder())
    return True


def _env() -> dict[str, str]:
    """This folder on ``PYTHONPATH`` (the doctests' child processes)."""
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in [here, os.environ.get("PYTHONPATH", "")] if p))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m dicelab_singleuser [options]``: :func:`install`, then JupyterHub's
    single-user server with the same options."""
    install()
    from jupyterhub.singleuser import main as singleuser

    singleuser(argv)


if __name__ == "__main__":  # pragma: no cover - the hub starts it
    main()
