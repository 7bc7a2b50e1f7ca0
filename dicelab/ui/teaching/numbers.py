"""The pure parts of the teaching widgets: reading a student's numbers, seeds and counts,
and showing values (no widgets).

>>> parse_number("0,25"), parse_number("25 %"), parse_number("1/4")
(0.25, 0.25, 0.25)
"""

from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Any

from dicelab.core.errors import DicelabError, Phrase, brief
from dicelab.core.i18n import N_, fmt_int, fmt_number, fmt_percent, get_language
from dicelab.games._checks import plain_int

#: The largest seed a seed box takes (seeds are whole numbers from 0).
MAX_SEED = 2**32 - 1
#: The most trials one group may enter in a pooled experiment.
MAX_TRIALS = 100_000
#: Longest text a number box reads (anything longer is refused before parsing).
MAX_INPUT = 40
#: The largest number a lesson box takes (no answer comes near; beyond, a message).
MAX_NUMBER = 10**12


class TeachingError(DicelabError):
    """A guess, an answer, a count, a share code or a seed that a teaching widget refuses."""


# ------------------------------------------------------------------ parsing student input

_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")
#: What a keyboard or a phone types for the usual signs: minus signs and dashes, fraction
#: slashes, division and multiplication signs, and the spaces that group digits.
_TYPED = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2012": "-", "\u2044": "/",
                        "\u2215": "/", "÷": "/", "*": "×", "\u22c5": "×", "·": "×",
                        "\u00a0": "", "\u202f": "", "\u2009": "", "\u2007": ""})


def parse_number(text: Any, *, percent: bool = False, lang: str | None = None) -> float:
    """A number typed by a student: ``0.25``, ``0,25`` (decimal comma), ``25 %``, ``1/4``.

    With ``percent=True`` a bare number is a percentage (``25`` means 0.25).  Spaces group
    thousands in any language (``7 776``); in English a comma before groups of three digits
    does too (``7,776``), in French it is the decimal comma.

    >>> parse_number("7,776", lang="en"), parse_number("7,776", lang="fr")
    (7776.0, 7.776)

    The signs a keyboard or a phone produces are read too: a true minus ``−175``, a fraction
    slash ``1⁄4``, no-break and narrow spaces ``7\u202f776``, and a product ``6 × 6``.

    >>> parse_number("−175"), parse_number("1⁄4"), parse_number("7\u202f776"), parse_number("6 × 6")
    (-175.0, 0.25, 7776.0, 36.0)

    >>> parse_number("25", percent=True), parse_number("-1.5")
    (0.25, -1.5)
    >>> parse_number("abc")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: 'abc' is not a number: write e.g. 12, 0.25, 25%...

    A whole power is a number too (``6^5``, ``6⁵``: a count of ordered rolls):

    >>> parse_number("6^5"), parse_number("6⁵"), parse_number("5 × 6^4")
    (7776.0, 7776.0, 6480.0)
    """
    if isinstance(text, bool):
        raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                            value=brief(text))
    if isinstance(text, (int, Fraction)) and abs(text) > MAX_NUMBER:  # before float()
        raise TeachingError(N_("{value} is too large a number for an answer here"),
                            value=brief(text))
    if isinstance(text, (int, float, Fraction)):
        value = float(text)
    else:
        raw = str(text)
        if len(raw) > MAX_INPUT:
            raise TeachingError(N_("{value} is too long for a number"), value=brief(raw))
        s = raw.strip().translate(_TYPED).replace(" ", "")
        if "×" in s:  # a product typed as such: 6 × 6, 5 × 1/6
            terms = s.split("×")
            if all(terms) and "%" not in s[:-1]:
                pct = s.endswith("%")
                value = math.prod(parse_number(t.rstrip("%"), lang=lang) for t in terms)
                return value / 100 if pct or percent else value
        s = re.sub("[⁰¹²³⁴⁵⁶⁷⁸⁹]+", lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS), s)
        if "^" in s and "×" not in s:  # a whole power: 6^5, 6⁵
            return _power(s, raw, lang)
        if get_language(lang) == "en" and re.fullmatch(r"[+-]?[1-9]\d{0,2}(,\d{3})+%?", s):
            s = s.replace(",", "")
        is_pct = s.endswith("%")
        if is_pct:
            s = s[:-1]
        if "/" in s:
            num, _sep, den = s.partition("/")
            if not (_NUMBER.match(num) and _NUMBER.match(den)):
                raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                                    value=typed(raw))
            d = float(den.replace(",", "."))
            if d == 0:
                raise TeachingError(N_("{value} divides by zero"), value=brief(raw))
            value = float(num.replace(",", ".")) / d
        elif _NUMBER.match(s):
            value = float(s.replace(",", "."))
        else:
            if not s:
                raise TeachingError(N_("type a number first"))
            raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                                value=typed(raw))
        if is_pct or (percent and "/" not in s):
            value /= 100
    if not math.isfinite(value):
        raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                            value=brief(text))
    if abs(value) > MAX_NUMBER:
        raise TeachingError(N_("{value} is too large a number for an answer here"),
                            value=brief(text))
    return value


#: Superscript digits typed for a power (``6⁵``), read as ``^`` and digits (``6^5``).
_SUPERSCRIPTS = {ord(c): d for c, d in zip("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789", strict=True)}


def _power(s: str, raw: str, lang: str | None) -> float:
    """``base^exponent`` typed by a student (``6^5``), a whole exponent from 0 to 99."""
    base, _hat, exponent = s.partition("^")
    if "^" in s[s.index("^") + 1:] or not re.fullmatch(r"\d{1,2}", exponent) or not base:
        raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                            value=typed(raw))
    try:  # the message quotes all that was typed (1-(5/6)^2), not the base alone
        b = parse_number(base, lang=lang)
    except TeachingError:
        raise TeachingError(N_("{value} is not a number: write e.g. 12, 0.25, 25% or 1/4"),
                            value=typed(raw)) from None
    if abs(b) > 1 and int(exponent) * math.log10(abs(b)) > 12:
        raise TeachingError(N_("{value} is too large a number for an answer here"),
                            value=typed(raw))
    return float(b ** int(exponent))


def typed(text: str) -> Phrase:
    """What a student typed, quoted in the message's language: ``'6^5'`` in English,
    « 6^5 » in French (cut to a short length).

    >>> typed("abc").message("fr")
    '«\u00a0abc\u00a0»'
    """
    text = " ".join(str(text).split())
    return Phrase(N_("'{text}'"), text=text if len(text) <= 40 else text[:39] + "…")


class _Whole(Phrase):
    """A whole number in an error message, grouped as the message's language writes it
    (``4,294,967,295``; ``4 294 967 295`` in French)."""

    def __init__(self, n: int) -> None:
        super().__init__("{n}", n=n)

    def __str__(self) -> str:
        return fmt_int(self.params["n"], "en")

    def message(self, lang: str | None = None) -> str:
        return fmt_int(self.params["n"], lang)


def parse_probability(text: Any, lang: str | None = None) -> tuple[float, bool]:
    """A probability guess, and whether it was typed as a probability (not a percentage).

    Between 0 and 1 without a ``%`` sign, a number is that probability (``0,3`` is 30 %);
    above 1 it is a percentage (``30`` is 30 %); with ``%`` it is always a percentage
    (``0,3 %``); a fraction (``1/4``) is a probability.

    >>> parse_probability("0,3", lang="fr"), parse_probability("30"), parse_probability("1/4")
    ((0.3, True), (0.3, False), (0.25, True))
    >>> parse_probability("0.3 %"), parse_probability("0.6", lang="en")
    ((0.003, False), (0.6, True))
    """
    value = parse_number(text, lang=lang)
    typed = str(text)
    if "%" in typed or isinstance(text, bool):
        return value, False
    if "/" in typed or 0 <= value <= 1:
        return value, True
    return value / 100, False


#: What may follow a difference of percentages typed in points: ``%``, ``pts``, ``points``,
#: ``points de pourcentage``, ``percentage points`` (case and spaces do not matter).
_POINTS_UNIT = re.compile(
    r"\s*(%|pp|pts?\.?|points?(\s+(de\s+pourcentage|of\s+percentage))?"
    r"|percentage\s+points?)\s*$", re.IGNORECASE)


def parse_points(text: Any, lang: str | None = None) -> tuple[float, float | None]:
    """A difference of percentages typed by a student, in percentage points, and its other
    reading: 76,2 points may be typed ``76,2``, ``76,2 points``, ``76,2 pts`` or ``76,2 %``
    (a student's usual slip), and a bare number between −1 and 1 may also be the difference
    of two probabilities (``0,762``), read as 76,2 points.

    >>> parse_points("76,2 %", "fr"), parse_points("19.4 points"), parse_points("0,194", "fr")
    ((76.2, None), (19.4, None), (0.194, 19.4))
    >>> parse_points("−23,8 pts", "fr"), parse_points("4,3 points de pourcentage", "fr")
    ((-23.8, None), (4.3, None))
    """
    if isinstance(text, str):
        raw = text.strip()
        unit = _POINTS_UNIT.search(raw) if len(raw) <= MAX_INPUT else None
        if unit is not None and unit.start() > 0:
            return parse_number(raw[:unit.start()], lang=lang), None
    value = parse_number(text, lang=lang)
    if -1 <= value <= 1 and value != 0:
        return value, round(100 * value, 12)
    return value, None


def parse_count(text: Any, what: str | Phrase = "count") -> int:
    """A whole number from 0 to :data:`MAX_TRIALS` (a count a group enters), typed with
    the digits 0 to 9 (``²`` is not a count), or given as a whole number of any size.

    >>> parse_count(" 12 "), parse_count(12)
    (12, 12)
    >>> parse_count("-3", "successes")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: successes must be a whole number from 0 to 100000...
    >>> parse_count(10**5000)
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: count must be ...; got a whole number of about 50...
    """
    if isinstance(text, int) and not isinstance(text, bool):  # never str() of a huge int
        if 0 <= text <= MAX_TRIALS:
            return int(text)
        raise TeachingError(N_("{what} must be a whole number from 0 to {high}; got {value}"),
                            what=what, high=MAX_TRIALS, value=brief(text))
    s = text.strip() if isinstance(text, str) else ""
    if isinstance(text, str) and len(s) <= 12 and re.fullmatch(r"[0-9]+", s) and (
            int(s) <= MAX_TRIALS):
        return int(s)
    if not isinstance(text, str):
        check_count_size(text, what)
        s = str(text).strip()  # a numpy integer, a Fraction…: as typed
        if len(s) <= 12 and re.fullmatch(r"[0-9]+", s) and int(s) <= MAX_TRIALS:
            return int(s)
    raise TeachingError(N_("{what} must be a whole number from 0 to {high}; got {value}"),
                        what=what, high=MAX_TRIALS, value=brief(text))


def check_count_size(value: Any, what: str | Phrase = "count") -> None:
    """Refuse a number too large to be any count before it is written or compared (a
    whole number over 4,300 digits cannot even be written): a
    :class:`TeachingError` naming it.  Share codes and counts call it first.

    >>> check_count_size(20)
    >>> check_count_size(10**5000, "trials")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: trials must be ...; got a whole number of about 50...
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Rational):
        return
    try:
        too_big = abs(value) > 10**12
    except (TypeError, ValueError, OverflowError):  # a number that cannot be compared
        too_big = True
    if too_big:
        raise TeachingError(N_("{what} must be a whole number from 0 to {high}; got {value}"),
                            what=what, high=MAX_TRIALS, value=brief(value))


def parse_seed(text: Any) -> int:
    """A seed: a whole number from 0 to :data:`MAX_SEED`.

    >>> parse_seed("2024")
    2024
    >>> parse_seed("-1")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: a seed is a whole number from 0 to 4,294,967,295...
    >>> try:
    ...     parse_seed("abc")
    ... except TeachingError as e:
    ...     print(e.message("fr").replace("\u202f", " ").replace("\u00a0", " "))
    une graine est un nombre entier de 0 à 4 294 967 295 ; reçu « abc »
    """
    s = text.strip() if isinstance(text, str) else text
    if isinstance(s, str) and re.fullmatch(r"[0-9]{1,10}", s):  # ASCII digits (not "²")
        s = int(s)
    s = plain_int(s)  # numpy integers too
    if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= MAX_SEED:
        raise TeachingError(N_("a seed is a whole number from 0 to {high}; got {value}"),
                            high=_Whole(MAX_SEED),
                            value=typed(text) if isinstance(text, str) else brief(text))
    return s


def within(guess: float, exact: float, tolerance: float) -> bool:
    """``guess`` is within ``tolerance`` of ``exact`` (a tiny float slack included).

    >>> within(0.21, 0.213, 0.005), within(0.2, 0.213, 0.005)
    (True, False)
    """
    return abs(float(guess) - float(exact)) <= float(tolerance) + 1e-12


def show_value(x: Any, kind: str, lang: str | None = None, digits: int = 3) -> str:
    """A value as a lesson shows it: a percentage (``kind='percent'``), a whole number, or
    a decimal with ``digits`` decimals (a fraction also as ``p/q``), a true minus sign.

    >>> show_value(-175, "number", "fr"), show_value(Fraction(-1, 4), "number", "en")
    ('\u2212175', '\u22121/4 ≈ \u22120.250')
    """
    if kind == "percent":
        text = fmt_percent(float(x), 1, lang)
    elif isinstance(x, Fraction) and 1 < x.denominator <= 10_000:
        text = f"{x.numerator}/{x.denominator} ≈ {fmt_number(float(x), digits, lang)}"
    elif float(x) == int(float(x)):
        text = fmt_int(int(float(x)), lang)
    else:
        text = fmt_number(float(x), digits, lang)
    return text.replace("-", "\u2212")  # a true minus sign
