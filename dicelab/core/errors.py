"""Errors raised by dicelab.

Every error is a :class:`ValueError` subclass, so ``except ValueError`` catches
them all, and each message names what is wrong in words a student understands.

>>> issubclass(IllegalMove, ValueError)
True
"""

from __future__ import annotations

from typing import Any

from dicelab.core.languages import LANGUAGES, current_language, gettext, language_code

#: How many characters of a bad value an error message may echo.
BRIEF_LIMIT = 80


def brief(value: Any, limit: int = BRIEF_LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, for error messages.

    A huge bad value (a 10 MB text field, a 5,000-digit number) must never make a
    huge message; ``repr`` of a huge int is not even computed.

    >>> brief([1, 2])
    '[1, 2]'
    >>> brief("9" * 200)[-20:]
    '99… (202 characters)'
    >>> len(brief("9" * 200)) < 100
    True
    >>> brief(10**5000)
    'a whole number of about 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 200:
        digits = int(abs(value).bit_length() * 0.30103) + 1  # about log10(2) digits a bit
        return f"a whole number of about {digits} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text)} characters)"


class Phrase:
    """Words of an error message translated with it: a field that is itself text.

    ``InvalidSave("{where}: ...", where=Phrase(N_("step {number}"), number=3))``:
    ``str(error)`` says ``step 3`` and ``error.message("fr")`` ``étape 3``.  Mark the
    template with :func:`dicelab.core.i18n.N_` so that it reaches the catalog.

    >>> str(Phrase("step {number}", number=3))
    'step 3'
    """

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.params else self.template

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, **{self.params!r})"

    def message(self, lang: str | None = None) -> str:
        """The words in ``lang`` (default: the current language)."""
        text = gettext(self.template, _language(lang))
        params = _translated(self.params, lang)
        return text.format(**params) if params else text


def _translated(params: dict[str, Any], lang: str | None) -> dict[str, Any]:
    """``params`` with every :class:`Phrase` or error in it given in ``lang``."""
    return {
        k: v.message(lang) if isinstance(v, (Phrase, DicelabError)) else v
        for k, v in params.items()
    }


#: The longest error message, in characters (any language): longer ones are fitted by
#: :func:`fit_message`.
MAX_MESSAGE = 199


def fit_message(template: str, params: dict[str, Any]) -> str:
    """``template`` filled from ``params``, in at most :data:`MAX_MESSAGE` characters: when
    it is longer, the fields are cut shorter (their ends replaced by ``…``), then, if
    that is not enough, the text itself.

    >>> fit_message("step {n}: {error}", {"n": 3, "error": "x" * 300})[-12:]
    'xxxxxxxxxxx…'
    >>> len(fit_message("step {n}: {error}", {"n": 3, "error": "x" * 300})) <= MAX_MESSAGE
    True
    """
    text = template.format(**params) if params else template
    if len(text) <= MAX_MESSAGE:
        return text
    for limit in (80, 40, 16):
        short = {k: _cut(str(v), limit) for k, v in params.items()}
        text = template.format(**short)
        if len(text) <= MAX_MESSAGE:
            return text
    return text[: MAX_MESSAGE - 1] + "…"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DicelabError(ValueError):
    """Base class of every dicelab error.

    The message is an English template whose ``{name}`` fields come from the
    keyword arguments; ``str(error)`` is the English text, and
    :meth:`message` gives it in any language dicelab speaks (the template is a
    message of the translation catalog).  A field that is itself an error or a
    :class:`Phrase` is translated with it.

    >>> e = IllegalMove("you cannot keep {dice}", dice="1 1")
    >>> str(e)
    'you cannot keep 1 1'
    >>> e.template, e.params
    ('you cannot keep {dice}', {'dice': '1 1'})
    """

    def __init__(self, message: str = "", /, **params: Any) -> None:
        self.template = message
        self.params = params
        super().__init__(fit_message(message, params))

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language; see :mod:`dicelab.i18n`),
        in at most :data:`MAX_MESSAGE` characters."""
        return fit_message(gettext(self.template, _language(lang)),
                           _translated(self.params, lang))


def check_language(lang: Any) -> str:
    """``lang`` if dicelab speaks it (``"fr"``, ``"en"``; ``"fr_FR"`` is read as ``"fr"``),
    else a :class:`DicelabError` naming the languages it speaks (public as
    ``dicelab.core.i18n.check_language``).

    >>> check_language("fr_FR")
    'fr'
    """
    code = language_code(lang)
    if code is not None:
        return code
    speaks = ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
    raise DicelabError("unknown language {value}; dicelab speaks: {languages}",
                       value=brief(lang), languages=speaks)


def _language(lang: str | None) -> str:
    """``lang`` checked, or the current language when ``None``."""
    return current_language() if lang is None else check_language(lang)


class IllegalMove(DicelabError):
    """An action that the rules do not allow in the current position.

    The game is left exactly as it was before the action.
    """


class InvalidDice(IllegalMove):
    """Dice values that are not 1–6, or not the right number of dice."""


class InvalidRules(DicelabError):
    """A rules option with a value outside its allowed values."""


class InvalidSave(DicelabError):
    """A saved game document that is malformed or has been tampered with.

    Its message is the technical detail (which step, which field); ``summary`` (a
    :class:`Phrase`, or ``None`` when the message is already in a student's words) says the
    same as a student understands it, and :meth:`summary_message` gives it in any language:
    the apps show the summary, with the message folded under it.

    >>> e = InvalidSave("step {number}: the dice differ", number=1)
    >>> e.summary = Phrase("this file was changed after it was saved")
    >>> e.summary_message("en"), e.message("en")
    ('this file was changed after it was saved', 'step 1: the dice differ')
    >>> InvalidSave("choose a file").summary_message("en")
    'choose a file'
    """

    #: the message in a student's words (``None``: the message itself is)
    summary: Phrase | None = None

    def summary_message(self, lang: str | None = None) -> str:
        """The summary in ``lang`` (default: the current language), else the message."""
        return self.summary.message(lang) if self.summary is not None else self.message(lang)


class TableError(DicelabError):
    """A shipped two-player table (``dicelab/data/*.npz``) that cannot be used: the file is
    damaged (not a readable zip, an encrypted or unknown entry, a declared shape or dtype
    that is not the table's, values that are not numbers), or its metadata says it was
    built in another format, for other rules or by another engine version (see
    :mod:`dicelab.engine.race`).  Nothing is solved instead: reinstall dicelab or rebuild
    the tables (``make tables``).  A missing shipped table, or a damaged or stale cached
    one, is said as a :class:`TableWarning` holding such an error, and then solved."""


class TableWarning(UserWarning):
    """A table that is solved instead of read: a missing shipped table, or a damaged or
    stale one in the machine's cache.  ``error``: the :class:`TableError` that says it
    (``error.message(lang)`` in any language).

    >>> w = TableWarning(TableError("the shipped table {name} is missing", name="t.npz"))
    >>> str(w), w.error.params
    ('the shipped table t.npz is missing', {'name': 't.npz'})
    """

    def __init__(self, error: TableError) -> None:
        self.error = error
        super().__init__(error.message())
