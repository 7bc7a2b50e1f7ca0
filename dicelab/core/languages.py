"""The languages dicelab speaks, the current one, and their gettext catalogs.

This is the bottom of the translation layer: it raises nothing of dicelab's own, so that
:mod:`dicelab.core.errors` (which translates its messages) and :mod:`dicelab.core.i18n`
(the public translation API, which raises errors) both build on it without a cycle.
Callers use :mod:`dicelab.core.i18n`; only those two modules read this one.

>>> language_code("fr_FR"), language_code("de")
('fr', None)
>>> gettext("Language", "fr")
'Langue'
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
import os
from functools import cache
from pathlib import Path
from typing import Any

#: Language codes dicelab speaks, and their names in their own language.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
SUPPORTED: tuple[str, ...] = tuple(LANGUAGES)
DOMAIN = "dicelab"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

#: The default set by ``i18n.set_language`` (``None``: follow the environment), and the
#: language of the innermost ``i18n.using`` block.
_default: list[str | None] = [None]
CURRENT: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "dicelab_language", default=None
)


def language_code(lang: Any) -> str | None:
    """The code of ``lang`` if dicelab speaks it (``"fr_FR"`` is ``"fr"``), else ``None``."""
    if isinstance(lang, str):
        code = lang.strip().lower().replace("-", "_").split("_")[0]
        if code in LANGUAGES:
            return code
    return None


def environment_language() -> str:
    """The language the environment asks for: French if its locale is French, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def set_default(code: str | None) -> None:
    """Set the default language (a checked code, or ``None``: follow the environment)."""
    _default[0] = code


def current_language() -> str:
    """The language of texts with no explicit ``lang``: the ``using`` block's, else the
    default, else the environment's."""
    return CURRENT.get() or _default[0] or environment_language()


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The gettext catalog of the language ``code`` (English is the source language: no
    catalog).

    A compiled ``.mo`` built by the install is used when it is at least as new as
    the ``.po``; otherwise (a source checkout) the ``.po`` is compiled in memory by Babel.
    """
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if not po.exists() and not mo.exists():
        return _gettext.NullTranslations()
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def gettext(msgid: str, code: str) -> str:
    """``msgid`` (English) in the language ``code`` (a checked code)."""
    return msgid if code == "en" else translations(code).gettext(msgid)
