"""One translation layer for every word a student or teacher sees (French and English).

Messages are written in English in the source, wrapped in :func:`_` (or
:func:`ngettext` for plurals, :func:`N_` to only mark a constant); their French
lives in the gettext catalog ``dicelab/locale/fr/LC_MESSAGES/dicelab.po``, kept
up to date with Babel (``python -m dicelab.tools.catalog update``, see
``docs/developers.md``).  Numbers and percentages are formatted by Babel for
the language: a decimal comma and a spaced percent sign in French.

The language is, in order: the ``lang=`` argument of the call, the one set by
:func:`using` (a context manager), the default set by :func:`set_language`, and
finally the environment (``LANG`` etc. starting with ``fr`` gives French,
anything else English).

>>> _("Language", lang="fr")
'Langue'
>>> dice_count(1, lang="en"), dice_count(2, lang="fr")
('1 die', '2 dés')
>>> fmt_percent(0.743, lang="fr"), fmt_percent(0.743, lang="en")
('74,3\\xa0%', '74.3%')
>>> fmt_number(0.743, 3, lang="fr"), fmt_number(1234.5, 1, lang="en")
('0,743', '1,234.5')
>>> with using("fr"):
...     _("Language")
'Langue'
>>> get_language("de")
Traceback (most recent call last):
...
dicelab.core.errors.DicelabError: unknown language 'de'; dicelab speaks: en (English), fr (Français)
"""

from __future__ import annotations

import copy
import decimal
import gettext as _gettext
import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from dicelab.core.errors import check_language
from dicelab.core.languages import (
    CURRENT,
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    SUPPORTED,
    current_language,
    environment_language,
    gettext,
    set_default,
)
from dicelab.core.languages import translations as _translations


def set_language(lang: str | None) -> None:
    """Set the default language of every app, plot and text (``None``: follow the environment).

    >>> set_language("fr"); get_language(); set_language(None)
    'fr'
    """
    set_default(None if lang is None else check_language(lang))


def get_language(lang: str | None = None) -> str:
    """The language to use: ``lang`` if given, else the current default."""
    if lang is not None:
        return check_language(lang)
    return current_language()


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Within the block, texts with no explicit ``lang`` are in ``lang`` (``None``: unchanged)."""
    code = get_language(lang)
    token = CURRENT.set(code)
    try:
        yield code
    finally:
        CURRENT.reset(token)


def translations(lang: str) -> _gettext.NullTranslations:
    """The gettext catalog of ``lang`` (English is the source language: no catalog)."""
    return _translations(check_language(lang))


def _(msgid: str, lang: str | None = None, **params: Any) -> str:
    """``msgid`` (English) in the language, with ``{name}`` fields filled from ``params``.

    >>> _("{n} points", lang="en", n=5)
    '5 points'
    """
    text = gettext(msgid, get_language(lang))
    return text.format(**params) if params else text


def N_(msgid: str) -> str:
    """Mark a constant message for the catalog without translating it now."""
    return msgid


#: The label of every language switch.
LANGUAGE_LABEL = N_("Language")


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, **params: Any) -> str:
    """The singular or plural message for ``n``, in the language's own plural rule.

    ``{n}`` is filled in with ``n``.  French says ``0 dé`` and ``1 dé``, English ``0 dice``.

    >>> ngettext("{n} die", "{n} dice", 0, lang="fr"), ngettext("{n} die", "{n} dice", 0, lang="en")
    ('0 dé', '0 dice')
    """
    code = get_language(lang)
    if code == "en":
        text = singular if n == 1 else plural
    else:
        text = translations(code).ngettext(singular, plural, n)
    return text.format(n=n, **params)


def dice_count(n: int, lang: str | None = None) -> str:
    """``"1 die"``, ``"3 dice"``, ``"1 dé"``, ``"3 dés"``."""
    return ngettext("{n} die", "{n} dice", n, lang=lang)


@cache
def _pattern(lang: str, kind: str, digits: int, trim: bool = False) -> Any:
    from babel import Locale

    locale = Locale.parse(lang)
    formats = locale.percent_formats if kind == "percent" else locale.decimal_formats
    pattern = copy.copy(formats[None])
    pattern.frac_prec = (0 if trim else digits, digits)
    return locale, pattern


#: Decimal precision while Babel rounds: enough for every float's digits (Babel's rounding
#: fails in the default 28 digits from about 1e25 on).
_FORMAT_PRECISION = 400


def _unsigned_zero(x: Any, decimals: int) -> Any:
    """``x``, or ``0`` when it shows as zero with ``decimals`` decimals: a reader never
    sees « -0,0 » for a tiny negative rounding error.

    >>> _unsigned_zero(-1e-9, 3), _unsigned_zero(-0.25, 1), _unsigned_zero(-0.0, 2)
    (0.0, -0.25, 0.0)
    """
    try:
        if isinstance(x, (int, float)) and math.isfinite(x) and round(float(x), decimals) == 0:
            return 0.0
    except (OverflowError, ValueError):
        pass
    return x


def fmt_number(x: float, digits: int = 3, lang: str | None = None) -> str:
    """``x`` with ``digits`` decimals: ``0,743`` in French, ``0.743`` in English.

    A number that rounds to zero has no minus sign.

    >>> fmt_number(1.5e29, 1, "en")[:12], fmt_number(2 / 3, 2, "fr")
    ('150,000,000,', '0,67')
    >>> fmt_number(-1e-9, 1, "fr"), fmt_number(-0.04, 1, "en")
    ('0,0', '0.0')
    """
    locale, pattern = _pattern(get_language(lang), "decimal", digits)
    with decimal.localcontext() as ctx:
        ctx.prec = _FORMAT_PRECISION
        return pattern.apply(_unsigned_zero(x, digits), locale)


def fmt_short(x: float, digits: int = 4, lang: str | None = None) -> str:
    """``x`` with ``digits`` significant digits (trailing zeros dropped), never in scientific
    notation: the whole part is always written out (``7 776``, not ``7.78e+03``).

    This is the one short number format of charts (bar labels, legends, text alternatives).

    >>> fmt_short(0.09259259, lang="fr"), fmt_short(7776, 3, lang="fr"), fmt_short(0.5, lang="en")
    ('0,09259', '7\u202f776', '0.5')
    >>> fmt_short(0.000771605, lang="en"), fmt_short(279936.0, 3, lang="en"), fmt_short(0)
    ('0.0007716', '279,936', '0')
    """
    x = float(x)
    if x == 0 or not math.isfinite(x):
        return fmt_number(x, 0, lang)
    decimals = min(max(0, digits - 1 - math.floor(math.log10(abs(x)))), 15)
    locale, pattern = _pattern(get_language(lang), "decimal", decimals, True)
    return pattern.apply(round(x, decimals), locale)


def fmt_ticks(values: Iterable[float], lang: str | None = None) -> list[str]:
    """Axis tick labels: the fewest decimals that write every value exactly, the same for
    all (``0,00  0,05  0,10``), thousands grouped, a true minus sign, no scientific notation.

    Figures use it for every numeric axis (``dicelab.plots``).

    >>> fmt_ticks([0, 0.05, 0.1, 0.15], lang="fr")
    ['0,00', '0,05', '0,10', '0,15']
    >>> fmt_ticks([1, 10, 1000, 1e6], lang="en"), fmt_ticks([-0.5, 0.0, 0.5], lang="fr")
    (['1', '10', '1,000', '1,000,000'], ['\u22120,5', '0,0', '0,5'])
    """
    vals = [float(v) for v in values]
    decimals = 0
    while decimals < 8 and any(
            abs(round(v, decimals) - v) > 1e-9 * max(1.0, abs(v)) for v in vals):
        decimals += 1
    out = []
    for v in vals:
        text = fmt_number(0.0 if abs(v) < 1e-12 else v, decimals, lang)
        out.append("\u2212" + text[1:] if text.startswith("-") else text)
    return out


def fmt_data(x: float, digits: int = 6, lang: str | None = None) -> str:
    """``x`` for a data file (a CSV a spreadsheet reads): ``digits`` decimals, the
    language's decimal mark, no thousands separator, a plain minus.

    >>> fmt_data(1234.5, 2, "fr"), fmt_data(-0.25, 3, "en"), fmt_data(-1e-12, 3, "en")
    ('1234,50', '-0.250', '0.000')
    """
    from babel.numbers import get_decimal_symbol

    text = f"{_unsigned_zero(float(x), digits):.{digits}f}"
    return text.replace(".", get_decimal_symbol(get_language(lang)))


def fmt_int(n: int, lang: str | None = None) -> str:
    """A whole number with the language's thousands separator: ``12 345`` / ``12,345``."""
    return fmt_number(n, 0, lang)


def fmt_percent(p: float, digits: int = 1, lang: str | None = None) -> str:
    """The probability ``p`` as a percentage: ``74,3 %`` in French, ``74.3%`` in English.

    >>> fmt_percent(-1e-9, 1, "en")
    '0.0%'
    """
    locale, pattern = _pattern(get_language(lang), "percent", digits)
    with decimal.localcontext() as ctx:
        ctx.prec = _FORMAT_PRECISION
        return pattern.apply(_unsigned_zero(p, digits + 2), locale)


def plural_n(x: float, lang: str | None = None) -> int:
    """The ``n`` that picks the right plural for a decimal amount: French puts amounts
    below 2 in the singular (« 0,5 tour »), English only exactly 1 (“0.5 turns”).

    >>> plural_n(0.5, "fr"), plural_n(0.5, "en"), plural_n(1, "en")
    (1, 2, 1)
    """
    if x == 1 or (get_language(lang) == "fr" and abs(x) < 2):
        return 1
    return 2


def ngettext_amount(singular: str, plural: str, x: float, digits: int,
                    lang: str | None = None, **params: Any) -> str:
    """A message about the decimal amount ``x``: ``{x}`` is ``x`` with ``digits`` decimals,
    and the plural is the one of the number as written (:func:`plural_n` of ``x`` rounded
    to ``digits``: « 1,999 » written « 2,00 » is plural).

    >>> ngettext_amount("{x} turn", "{x} turns", 0.5, 1, "fr")
    '0,5 tour'
    >>> ngettext_amount("{x} turn", "{x} turns", 1.999, 2, "fr")
    '2,00 tours'
    """
    return ngettext(singular, plural, plural_n(round(x, digits), lang), lang=lang,
                    x=fmt_number(x, digits, lang), **params)


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "SUPPORTED",
    "N_",
    "_",
    "check_language",
    "dice_count",
    "environment_language",
    "fmt_data",
    "fmt_int",
    "fmt_number",
    "fmt_percent",
    "fmt_short",
    "fmt_ticks",
    "get_language",
    "ngettext",
    "ngettext_amount",
    "plural_n",
    "set_language",
    "translations",
    "using",
]
