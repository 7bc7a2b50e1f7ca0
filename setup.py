"""Build hook: compile the gettext catalogs (.po -> .mo) into the built package.

Everything else is in pyproject.toml.  A source checkout (an editable install)
needs no .mo files: dicelab.i18n compiles a .po in memory when no up-to-date
.mo is beside it.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_catalogs(build_py):  # noqa: N801 - setuptools command naming
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("dicelab/locale").glob("*/LC_MESSAGES/*.po"):
            mo = Path(self.build_lib) / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as src, mo.open("wb") as dst:
                write_mo(dst, read_po(src))


setup(cmdclass={"build_py": build_py_with_catalogs})
