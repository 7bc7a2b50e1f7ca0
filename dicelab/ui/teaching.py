"""Teaching widgets: predict-then-reveal, exercises with a progress tracker, pooled class data.

* :class:`Predict` asks a question and takes a guess (a number, a percentage,
  a slider or a choice among options).  The exact value shows only after a guess
  or an explicit "I don't know", with how far the guess was.
* :class:`Exercise` checks a numeric answer with a tolerance, opens hints and
  the worked answer on request, and records the result in a :class:`Progress`
  tracker shared by the notebook (:data:`PROGRESS`).
* :class:`Pool` pools the counts of the groups of a class without a server: a
  group's notebook makes a short share code (:func:`share_code`) that the
  teacher's notebook accepts; the figure shows the pooled frequency against the
  exact probability with a band of ± 2 standard errors.
* :class:`FrequencySimulator` and :class:`TurnsSimulator`: simulate on demand,
  with a seed box that takes only valid seeds and, for turns, only the policies
  that fit the chosen game.

Every text goes through :mod:`dicelab.i18n` (``lang=``); every callback turns a
:class:`~dicelab.core.errors.DicelabError` into a message (a student never sees a
traceback).  The pure parts (parsing, checking, pooling, codes) work without
widgets:

>>> parse_number("0,25"), parse_number("25 %"), parse_number("1/4")
(0.25, 0.25, 0.25)
>>> code = share_code(SIX_AFTER_THREE, successes=4, trials=21)
>>> read_share_code(SIX_AFTER_THREE, code)
(4, 21)
>>> [round(r.frequency, 3) for r in pooled([(3, 20), (5, 20)], 0.25)]
[0.15, 0.2]
"""

from __future__ import annotations

import hashlib
import html
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dicelab.core.errors import DicelabError, Phrase, brief
from dicelab.core.i18n import N_, _, fmt_int, fmt_number, fmt_percent, get_language, ngettext
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
    dicelab.ui.teaching.TeachingError: 'abc' is not a number: write e.g. 0.25, 25 % or 1/4
    """
    if isinstance(text, bool):
        raise TeachingError(N_("{value} is not a number: write e.g. 0.25, 25 % or 1/4"),
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
        if get_language(lang) == "en" and re.fullmatch(r"[+-]?[1-9]\d{0,2}(,\d{3})+%?", s):
            s = s.replace(",", "")
        is_pct = s.endswith("%")
        if is_pct:
            s = s[:-1]
        if "/" in s:
            num, _sep, den = s.partition("/")
            if not (_NUMBER.match(num) and _NUMBER.match(den)):
                raise TeachingError(N_("{value} is not a number: write e.g. 0.25, 25 % or 1/4"),
                                    value=brief(raw))
            d = float(den.replace(",", "."))
            if d == 0:
                raise TeachingError(N_("{value} divides by zero"), value=brief(raw))
            value = float(num.replace(",", ".")) / d
        elif _NUMBER.match(s):
            value = float(s.replace(",", "."))
        else:
            if not s:
                raise TeachingError(N_("type a number first"))
            raise TeachingError(N_("{value} is not a number: write e.g. 0.25, 25 % or 1/4"),
                                value=brief(raw))
        if is_pct or (percent and "/" not in s):
            value /= 100
    if not math.isfinite(value):
        raise TeachingError(N_("{value} is not a number: write e.g. 0.25, 25 % or 1/4"),
                            value=brief(text))
    if abs(value) > MAX_NUMBER:
        raise TeachingError(N_("{value} is too large a number for an answer here"),
                            value=brief(text))
    return value


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


def parse_count(text: Any, what: str | Phrase = "count") -> int:
    """A whole number from 0 to :data:`MAX_TRIALS` (a count a group enters).

    >>> parse_count(" 12 ")
    12
    >>> parse_count("-3", "successes")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.TeachingError: successes must be a whole number from 0 to 100000; got '-3'
    """
    raw = text if isinstance(text, str) else str(text)
    s = raw.strip()
    if isinstance(text, bool) or len(s) > 12 or not s.isdigit() or int(s) > MAX_TRIALS:
        raise TeachingError(N_("{what} must be a whole number from 0 to {high}; got {value}"),
                            what=what, high=MAX_TRIALS, value=brief(text))
    return int(s)


def parse_seed(text: Any) -> int:
    """A seed: a whole number from 0 to :data:`MAX_SEED`.

    >>> parse_seed("2024")
    2024
    >>> parse_seed("-1")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.TeachingError: a seed is a whole number from 0 to 4294967295; got '-1'
    """
    s = text.strip() if isinstance(text, str) else text
    if isinstance(s, str) and s.isdigit() and len(s) <= 10:
        s = int(s)
    s = plain_int(s)  # numpy integers too
    if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= MAX_SEED:
        raise TeachingError(N_("a seed is a whole number from 0 to {high}; got {value}"),
                            high=MAX_SEED, value=brief(text))
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


# ------------------------------------------------------------------ progress


@dataclass
class Record:
    """What one student did on one exercise."""

    attempts: int = 0
    solved: bool = False
    first_try: bool = False
    hints: int = 0
    revealed: bool = False


@dataclass
class Progress:
    """How many exercises a student answered, and how well (one per notebook: :data:`PROGRESS`).

    >>> p = Progress()
    >>> p.register("q1"); p.register("q2")
    >>> p.attempt("q1", True); p.attempt("q2", False); p.attempt("q2", True)
    >>> p.counts()
    {'total': 2, 'answered': 2, 'solved': 2, 'first_try': 1, 'revealed': 0}
    """

    records: dict[str, Record] = field(default_factory=dict)
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False)

    def register(self, key: str) -> None:
        self.records.setdefault(key, Record())

    def attempt(self, key: str, correct: bool) -> None:
        r = self.records.setdefault(key, Record())
        if r.solved:
            return
        r.attempts += 1
        if correct:
            r.solved = True
            r.first_try = r.attempts == 1 and not r.revealed
        self._changed()

    def hint(self, key: str) -> None:
        self.records.setdefault(key, Record()).hints += 1
        self._changed()

    def reveal(self, key: str) -> None:
        self.records.setdefault(key, Record()).revealed = True
        self._changed()

    def counts(self) -> dict[str, int]:
        rs = list(self.records.values())
        return {
            "total": len(rs),
            "answered": sum(r.attempts > 0 for r in rs),
            "solved": sum(r.solved for r in rs),
            "first_try": sum(r.first_try for r in rs),
            "revealed": sum(r.revealed for r in rs),
        }

    def summary(self, lang: str | None = None) -> str:
        c = self.counts()
        # each count agrees with its noun ("1 right", "1 worked answer opened")
        return _("Progress: {answered}, {solved} ({first}), {revealed}.", lang=lang,
                 answered=ngettext("{n} of {total} exercise answered",
                                   "{n} of {total} exercises answered", c["answered"],
                                   lang=lang, total=c["total"]),
                 solved=ngettext("{n} right", "{n} right", c["solved"], lang=lang),
                 first=ngettext("{n} at the first try", "{n} at the first try",
                                c["first_try"], lang=lang),
                 revealed=ngettext("{n} worked answer opened", "{n} worked answers opened",
                                   c["revealed"], lang=lang))

    def reset(self) -> None:
        self.records.clear()
        self._changed()

    def _changed(self) -> None:
        for f in list(self.listeners):
            f()


#: The progress of this notebook's student (every :class:`Exercise` records here by default).
PROGRESS = Progress()


# ------------------------------------------------------------------ widgets: shared pieces


def _w() -> Any:
    import ipywidgets

    return ipywidgets


def _button(description: str, **kwargs: Any) -> Any:
    """A button wide enough for its label in any language."""
    w = _w()
    return w.Button(description=description, layout=w.Layout(width="auto", min_width="120px"),
                    **kwargs)


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


class _Widget:
    """A teaching widget: ``.widget`` is the ipywidgets box; Jupyter displays it directly."""

    widget: Any
    message: Any
    lang: str | None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def say(self, text: str, kind: str = "info") -> None:
        # JupyterLab's theme colours (readable in dark themes), fixed ones outside it
        color = {"error": "var(--jp-error-color1, #a00000)",
                 "ok": "var(--jp-success-color1, #006400)",
                 "info": "var(--jp-ui-font-color1, #1a1a1a)"}[kind]
        self.message.value = f'<p style="color:{color}">{_esc(text)}</p>' if text else ""

    def _simulate_row(self, seed: int, out_class: str = "dicelab-figure") -> None:
        """The controls every simulator shares: a seed box (valid seeds only), a Simulate
        button, the message line and the output (``self.seed``, ``go``, ``message``, ``out``)."""
        w = _w()
        self.seed = w.Text(value=str(parse_seed(seed)), description=_("seed", lang=self.lang))
        self.seed.add_class("dicelab-seed")
        self.go = _button(description=_("Simulate", lang=self.lang), button_style="primary")
        self.go.add_class("dicelab-simulate")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.out = w.HTML()
        self.out.add_class(out_class)
        self.go.on_click(self.guarded(lambda _b: self.run()))

    def guarded(self, callback: Callable[..., None]) -> Callable[..., None]:
        """``callback`` with every error turned into a message (no traceback for a student)."""

        def run(*args: Any) -> None:
            try:
                callback(*args)
            except DicelabError as e:
                self.say(e.message(self.lang), "error")
            except Exception as e:  # noqa: BLE001 - a student never sees a traceback
                self.say(_("Something went wrong: {error}", lang=self.lang,
                           error=brief(str(e))), "error")

        return run

    def close(self) -> None:
        """Free the widgets (and their children)."""
        for child in getattr(self.widget, "children", ()):
            child.close()
        self.widget.close()


INPUTS = ("number", "percent", "slider", "choice")


def _check_kind(kind: str) -> str:
    if kind not in INPUTS:
        raise TeachingError(N_("unknown answer kind {kind}; kinds: {kinds}"), kind=brief(kind),
                            kinds=", ".join(INPUTS))
    return kind


class _Asking(_Widget):
    """The question, the input box of its kind and a message line."""

    def _build_input(self, kind: str, options: Sequence[str], slider: tuple[float, float, float],
                     placeholder: str) -> Any:
        w = _w()
        if kind == "choice":
            if len(options) < 2:
                raise TeachingError(N_("a choice question needs at least two options"))
            box = w.RadioButtons(options=[(o, i) for i, o in enumerate(options)], value=None,
                                 layout=w.Layout(width="auto"))
        elif kind == "slider":
            lo, hi, step = slider
            box = w.FloatSlider(value=lo, min=lo, max=hi, step=step, readout=True,
                                continuous_update=False, layout=w.Layout(width="420px"))
        else:
            box = w.Text(placeholder=placeholder, layout=w.Layout(width="220px"))
        box.add_class("dicelab-guess")
        return box

    def read_guess(self) -> float | int:
        """The student's guess from the input box (a :class:`TeachingError` if there is none)."""
        if self.kind == "choice":
            if self.box.value is None:
                raise TeachingError(N_("choose an answer first"))
            return int(self.box.value)
        if self.kind == "slider":
            return float(self.box.value)
        if self.kind == "percent":
            value, as_probability = parse_probability(self.box.value, lang=self.lang)
            self.reading = self.box.value.strip() if as_probability else None
            return value
        return parse_number(self.box.value, lang=self.lang)

    #: The text of a probability guess typed between 0 and 1 (shown with its reading).
    reading: str | None = None

    def _shown(self, x: Any) -> str:
        if self.kind == "choice":
            return self.options[int(x)]
        return show_value(x, "percent" if self.kind == "percent" else "number", self.lang,
                          self.digits)


def _placeholder(kind: str, lang: str | None) -> str:
    if kind == "percent":
        return _("your guess: 0.3 or 30%", lang=lang)
    return _("your guess", lang=lang)


# ------------------------------------------------------------------ Predict


class Predict(_Asking):
    """Predict, then reveal: a question, a guess, then the exact value and the gap.

    ``answer`` is the exact value (for ``kind="choice"``: the index of the right
    option).  ``explain`` is shown with the reveal.  Nothing about the answer is
    in the widget before :meth:`submit` (a guess) or :meth:`dont_know`.

    >>> p = Predict("Chance of a 6?", 1/6, kind="percent", lang="en")
    >>> p.revealed, "16.7" in p.widget_text()
    (False, False)
    >>> p.box.value = "20"; p.submit()
    >>> p.revealed, "16.7%" in p.reveal.value
    (True, True)
    """

    def __init__(self, question: str, answer: Any, *, kind: str = "number",
                 options: Sequence[str] = (), explain: str = "",
                 slider: tuple[float, float, float] = (0.0, 1.0, 0.01), digits: int = 3,
                 close: float | None = None, lang: str | None = None) -> None:
        w = _w()
        self.lang = lang
        self.kind = _check_kind(kind)
        self.options = tuple(options)
        self.digits = digits
        self._answer = answer
        self._explain = explain
        self.close_enough = close
        self.guess: float | int | None = None
        self.revealed = False
        self.question = w.HTML(f"<p><b>{_esc(_('Predict', lang=lang))}.</b> {_esc(question)}</p>")
        self.box = self._build_input(kind, self.options, slider, _placeholder(kind, lang))
        self.submit_button = _button(description=_("Check my guess", lang=lang),
                                      button_style="primary")
        self.submit_button.add_class("dicelab-predict-submit")
        self.dont_know_button = _button(description=_("I don't know", lang=lang))
        self.dont_know_button.add_class("dicelab-predict-dontknow")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.reveal = w.HTML()
        self.reveal.add_class("dicelab-reveal")
        self.note = w.HTML("<p><small>" + _esc(_(
            "Your first guess counts: the exact value shows as soon as you check.",
            lang=lang)) + "</small></p>")
        self.note.add_class("dicelab-predict-note")
        self.submit_button.on_click(self.guarded(lambda _b: self.submit()))
        self.dont_know_button.on_click(self.guarded(lambda _b: self.dont_know()))
        self.widget = w.VBox([self.question, self.box,
                              w.HBox([self.submit_button, self.dont_know_button]),
                              self.note, self.message, self.reveal])
        self.widget.add_class("dicelab-predict")

    def widget_text(self) -> str:
        """Every text the widget shows now (for tests: nothing of the answer before a guess)."""
        parts = [self.question.value, self.message.value, self.reveal.value]
        if self.kind == "choice":
            parts += list(self.options)
        return " ".join(parts)

    def submit(self) -> None:
        """Take the guess in the box and reveal the exact value with the gap."""
        guess = self.read_guess()
        if self.kind == "percent" and not 0 <= guess <= 1:
            raise TeachingError(N_("a probability is between 0 % and 100 %"))
        self.guess = guess
        self.say("")
        self._show(self.gap_text(guess))

    def dont_know(self) -> None:
        """Reveal the exact value without a guess."""
        self.guess = None
        self.say("")
        self._show(_("No guess this time: now compare with your neighbour.", lang=self.lang))

    def gap_text(self, guess: float | int) -> str:
        """How far the guess was, in words."""
        lang = self.lang
        if self.kind == "choice":
            if int(guess) == int(self._answer):
                return _("Your guess: {guess}. Right!", lang=lang, guess=self._shown(guess))
            return _("Your guess: {guess}. Not this time.", lang=lang, guess=self._shown(guess))
        exact = float(self._answer)
        gap = abs(float(guess) - exact)
        shown = self._shown(guess)
        if self.kind == "percent" and self.reading:
            # say how the number was read: "0,3 = 30 %"
            shown = _("{typed} = {value}", lang=lang, typed=self.reading, value=shown)
        if gap <= 1e-9 * max(1.0, abs(exact)):
            return _("Your guess: {guess}. Exactly right!", lang=lang, guess=shown)
        if self.kind == "percent":
            off = _("{n} percentage points", lang=lang, n=fmt_number(100 * gap, 1, lang))
            rounded_away = round(100 * gap, 1) == 0
        else:
            off = show_value(gap, "number", lang, self.digits)
            rounded_away = round(gap, self.digits) == 0
        if rounded_away:
            return _("Your guess: {guess}. Right, to the precision shown!", lang=lang,
                     guess=shown)
        close = self.close_enough if self.close_enough is not None else 0.1 * max(abs(exact), 1e-9)
        verdict = (_("Close!", lang=lang) if gap <= close + 1e-12
                   else _("Further than you thought?", lang=lang))
        return _("Your guess: {guess}, off by {off}. {verdict}", lang=lang,
                 guess=shown, off=off, verdict=verdict)

    def _show(self, line: str) -> None:
        self.revealed = True
        exact = _("Exact value: {value}.", lang=self.lang, value=self._shown(self._answer))
        extra = f"<p>{_esc(self._explain)}</p>" if self._explain else ""
        self.reveal.value = f"<p><b>{_esc(exact)}</b> {_esc(line)}</p>{extra}"
        self.submit_button.disabled = True
        self.dont_know_button.disabled = True
        self.box.disabled = True


# ------------------------------------------------------------------ Exercise


class Exercise(_Asking):
    """A question whose answer is checked with a tolerance, with hints and a worked answer.

    The result goes to ``progress`` (default: this notebook's :data:`PROGRESS`).

    >>> e = Exercise("q", "How many ordered rolls of 2 dice?", 36, hints=["6 × 6"],
    ...              worked="6 × 6 = 36", progress=Progress(), lang="en")
    >>> e.box.value = "35"; e.check(); e.correct
    False
    >>> e.box.value = "36"; e.check(); e.correct, e.progress.counts()["solved"]
    (True, 1)
    """

    def __init__(self, key: str, question: str, answer: Any, *, kind: str = "number",
                 tolerance: float = 0.0, options: Sequence[str] = (),
                 hints: Sequence[str] = (), worked: str = "",
                 slider: tuple[float, float, float] = (0.0, 1.0, 0.01), digits: int = 3,
                 progress: Progress | None = None, lang: str | None = None) -> None:
        w = _w()
        self.key = key
        self.lang = lang
        self.kind = _check_kind(kind)
        if float(tolerance) < 0 or not math.isfinite(float(tolerance)):
            raise TeachingError(N_("a tolerance is a number >= 0; got {value}"),
                                value=brief(tolerance))
        self.tolerance = float(tolerance)
        self.options = tuple(options)
        self.digits = digits
        self._answer = answer
        self.hints = tuple(hints)
        self.worked = worked
        self.progress = PROGRESS if progress is None else progress
        self.progress.register(key)
        self.correct = False
        self.hints_shown = 0
        self.question = w.HTML(
            f"<p><b>{_esc(_('Exercise', lang=lang))}.</b> {_esc(question)}</p>")
        self.box = self._build_input(kind, self.options, slider, _("your answer", lang=lang))
        self.check_button = _button(description=_("Check", lang=lang), button_style="primary")
        self.check_button.add_class("dicelab-exercise-check")
        self.hint_button = _button(description=_("Hint", lang=lang),
                                    disabled=not self.hints)
        self.hint_button.add_class("dicelab-exercise-hint")
        self.worked_button = _button(description=_("Worked answer", lang=lang),
                                      disabled=not worked)
        self.worked_button.add_class("dicelab-exercise-worked")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.hint_area = w.HTML()
        self.worked_area = w.HTML()
        self.worked_area.add_class("dicelab-reveal")
        self.check_button.on_click(self.guarded(lambda _b: self.check()))
        self.hint_button.on_click(self.guarded(lambda _b: self.hint()))
        self.worked_button.on_click(self.guarded(lambda _b: self.show_worked()))
        self.widget = w.VBox([self.question, self.box,
                              w.HBox([self.check_button, self.hint_button, self.worked_button]),
                              self.message, self.hint_area, self.worked_area])
        self.widget.add_class("dicelab-exercise")

    def is_right(self, guess: float | int) -> bool:
        if self.kind == "choice":
            return int(guess) == int(self._answer)
        return within(guess, float(self._answer), self.tolerance)

    def check(self) -> None:
        """Check the answer in the box (records the attempt)."""
        guess = self.read_guess()
        ok = self.is_right(guess)
        self.progress.attempt(self.key, ok)
        if ok:
            self.correct = True
            self.say(_("Right: {answer}.", lang=self.lang, answer=self._shown(self._answer)),
                     "ok")
        else:
            self.say(_("Not yet: {guess} is not within the tolerance. Try again, or ask for "
                       "a hint.", lang=self.lang, guess=self._shown(guess)), "error")

    def hint(self) -> None:
        """Show the next hint."""
        if self.hints_shown >= len(self.hints):
            raise TeachingError(N_("no more hints: open the worked answer"))
        self.hints_shown += 1
        self.progress.hint(self.key)
        self.hint_area.value = "".join(
            "<p>" + _esc(_("Hint {n}: {hint}", lang=self.lang, n=i + 1, hint=h)) + "</p>"
            for i, h in enumerate(self.hints[: self.hints_shown]))
        self.hint_button.disabled = self.hints_shown >= len(self.hints)

    def show_worked(self) -> None:
        """Open the full worked answer (recorded as revealed)."""
        self.progress.reveal(self.key)
        answer = _("Answer: {answer}.", lang=self.lang, answer=self._shown(self._answer))
        self.worked_area.value = f"<p><b>{_esc(answer)}</b> {_esc(self.worked)}</p>"
        self.worked_button.disabled = True


class ProgressView(_Widget):
    """A line that shows the notebook's :class:`Progress`, kept up to date."""

    def __init__(self, progress: Progress | None = None, lang: str | None = None) -> None:
        w = _w()
        self.lang = lang
        self.progress = PROGRESS if progress is None else progress
        self.message = w.HTML()
        self.widget = w.VBox([self.message])
        self.widget.add_class("dicelab-progress")
        self.progress.listeners.append(self.update)
        self.update()

    def update(self) -> None:
        self.say(self.progress.summary(self.lang))


# ------------------------------------------------------------------ pooling class data


@dataclass(frozen=True)
class Experiment:
    """An in-class experiment whose counts groups pool: successes out of trials.

    ``code`` (a few capital letters/digits) starts every share code of the
    experiment; ``title``, ``trials_label`` and ``successes_label`` are English
    msgids; ``p`` the exact probability of a success.
    """

    code: str
    title: str
    trials_label: str
    successes_label: str
    p: Fraction
    suggested_trials: int = 20


def _experiments() -> dict[str, Experiment]:
    from dicelab.analysis.counting import figure_probability

    brelan = Experiment(
        "BRL5", N_("Roll five dice: is there a brelan (at least three alike)?"),
        N_("rolls of five dice"), N_("rolls with a brelan"),
        figure_probability("brelan", 5), 20)
    six = Experiment(
        "SIX3", N_("After three rolls of one die without a 6, is the next roll a 6?"),
        N_("times three rolls in a row had no 6"), N_("times the next roll was a 6"),
        Fraction(1, 6), 20)
    return {e.code: e for e in (brelan, six)}


EXPERIMENTS = _experiments()
BRELAN_FIVE_DICE = EXPERIMENTS["BRL5"]
SIX_AFTER_THREE = EXPERIMENTS["SIX3"]

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: easy to read aloud


def _check(exp: Experiment, successes: int, trials: int) -> str:
    digest = hashlib.sha256(f"{exp.code}:{successes}:{trials}".encode()).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:3])


def check_counts(successes: Any, trials: Any) -> tuple[int, int]:
    """Validate a group's counts: whole numbers, ``0 <= successes <= trials``, ``trials >= 1``.

    >>> check_counts(3, 20)
    (3, 20)
    >>> check_counts(21, 20)
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.TeachingError: more successes (21) than trials (20): check the counts
    """
    # the field's name is translated with the message (Phrase): no English in a French error
    s = parse_count(successes, Phrase(N_("successes"))) if not isinstance(
        successes, int) or isinstance(successes, bool) else successes
    t = parse_count(trials, Phrase(N_("trials"))) if not isinstance(
        trials, int) or isinstance(trials, bool) else trials
    if s < 0:
        raise TeachingError(N_("successes cannot be negative; got {value}"), value=brief(s))
    if t < 1:
        raise TeachingError(N_("trials must be at least 1; got {value}"), value=brief(t))
    if t > MAX_TRIALS:
        raise TeachingError(N_("at most {high} trials per group; got {value}"), high=MAX_TRIALS,
                            value=brief(t))
    if s > t:
        raise TeachingError(N_("more successes ({s}) than trials ({t}): check the counts"),
                            s=s, t=t)
    return s, t


def share_code(exp: Experiment, successes: Any, trials: Any) -> str:
    """The short code a group gives the teacher: experiment, counts and a check.

    >>> share_code(BRELAN_FIVE_DICE, 4, 20)
    'BRL5-20-4-...'
    """
    s, t = check_counts(successes, trials)
    return f"{exp.code}-{t}-{s}-{_check(exp, s, t)}"


_CODE = re.compile(r"^([A-Z0-9]{2,8})-(\d{1,6})-(\d{1,6})-([A-Z0-9]{3})$")


def read_share_code(exp: Experiment, code: Any) -> tuple[int, int]:
    """``(successes, trials)`` from a share code of ``exp``; refuses typos and foreign codes.

    >>> read_share_code(BRELAN_FIVE_DICE, share_code(SIX_AFTER_THREE, 1, 5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.TeachingError: this code belongs to another experiment (SIX3), not to ...
    """
    raw = code if isinstance(code, str) else ""
    s = raw.strip().upper().replace(" ", "")
    m = _CODE.match(s) if len(s) <= 40 else None
    if not m:
        raise TeachingError(N_("{value} is not a share code (it looks like {example})"),
                            value=brief(code), example=f"{exp.code}-20-4-XYZ")
    key, t, k, chk = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    if key != exp.code:
        raise TeachingError(
            N_("this code belongs to another experiment ({other}), not to this one ({this})"),
            other=key, this=exp.code)
    successes, trials = check_counts(k, t)
    if chk != _check(exp, successes, trials):
        raise TeachingError(N_("this code has a typo: ask the group to read it again"))
    return successes, trials


@dataclass(frozen=True)
class PoolRow:
    """The pool after ``groups`` groups: counts, frequency and its ± 2 SE band."""

    groups: int
    successes: int
    trials: int
    frequency: float
    se: float


def pooled(entries: Iterable[tuple[int, int]], p: Any) -> list[PoolRow]:
    """Cumulative pooled frequency after each group, with the standard error at ``p``.

    The standard error of a frequency over ``n`` trials is ``sqrt(p (1 - p) / n)``:
    the band ``p ± 2 SE`` narrows like ``1 / sqrt(n)`` as groups are added.

    >>> rows = pooled([(2, 10), (1, 10)], Fraction(1, 6))
    >>> [(r.successes, r.trials) for r in rows]
    [(2, 10), (3, 20)]
    >>> round(rows[-1].se, 4)
    0.0833
    """
    p = float(p)
    rows, s, t = [], 0, 0
    for i, (k, n) in enumerate(entries, start=1):
        k, n = check_counts(k, n)
        s, t = s + k, t + n
        rows.append(PoolRow(i, s, t, s / t, math.sqrt(p * (1 - p) / t)))
    return rows


def pool_figure(exp: Experiment, rows: Sequence[PoolRow], lang: str | None = None) -> Any:
    """The pooled frequency after each group against the exact probability, ± 2 SE band."""
    import numpy as np

    from dicelab.render import plots

    p = float(exp.p)
    x = np.arange(1, len(rows) + 1)
    freq = np.array([r.frequency for r in rows])
    se = np.array([r.se for r in rows])
    xlabel = _("groups pooled", lang=lang)
    ylabel = _("pooled frequency", lang=lang)
    title = _(exp.title, lang=lang)
    with plots._style():
        fig = plots._new_figure((7.0, 3.8))
        ax = fig.add_subplot()
        ax.fill_between(x, p - 2 * se, p + 2 * se, facecolor=plots.PALETTE[5], alpha=0.35,
                        hatch="..", edgecolor=plots.PALETTE[5], linewidth=0,
                        label=_("exact ± 2 standard errors", lang=lang))
        ax.axhline(p, color=plots.PALETTE[3], linestyle="--", linewidth=1.6,
                   label=_("exact probability {p}", lang=lang, p=fmt_percent(p, 1, lang)))
        ax.plot(x, freq, color=plots.PALETTE[0], marker="o", linewidth=1.4,
                label=_("class's pooled frequency", lang=lang))
        ax.set_xticks(x)
        ax.set_ylim(0, max(1e-9, min(1.0, max(float(freq.max()), p + 2 * float(se[0])) * 1.15)))
        ax.legend(loc="best", fontsize=9)
        last = rows[-1]
        alt = _("Pooled frequency after {groups} groups: {freq} over {trials} trials; exact "
                "{p}, band ± {band}.", lang=lang, groups=last.groups,
                freq=fmt_percent(last.frequency, 1, lang), trials=fmt_int(last.trials, lang),
                p=fmt_percent(p, 1, lang), band=fmt_percent(2 * last.se, 1, lang))
        return plots._finish(fig, ax, xlabel, ylabel, title, alt, lang)


class Pool(_Widget):
    """Pool the class's counts (teacher) or make a group's share code (``role="group"``).

    The teacher enters a group's counts or pastes its share code; bad entries
    (negative counts, more successes than trials, another experiment's code, a
    typo, a code added twice) get a message and are not added.

    >>> pool = Pool(SIX_AFTER_THREE, lang="en")
    >>> pool.add_counts("3", "20"); pool.add_code(share_code(SIX_AFTER_THREE, 5, 24))
    >>> [(r.successes, r.trials) for r in pool.rows()]
    [(3, 20), (8, 44)]
    >>> pool.add_counts("30", "20")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.TeachingError: more successes (30) than trials (20): check the counts
    """

    def __init__(self, experiment: Experiment, *, role: str = "teacher",
                 lang: str | None = None) -> None:
        w = _w()
        if role not in ("teacher", "group"):
            raise TeachingError(N_("role must be 'teacher' or 'group'; got {value}"),
                                value=brief(role))
        self.exp = experiment
        self.role = role
        self.lang = lang
        self.entries: list[tuple[str, int, int]] = []
        self._codes: set[str] = set()
        L = lang
        self.title = w.HTML(f"<p><b>{_esc(_(experiment.title, lang=L))}</b></p>")
        self.trials = w.Text(placeholder=_(experiment.trials_label, lang=L),
                             description=_("trials", lang=L))
        self.trials.add_class("dicelab-pool-trials")
        self.successes = w.Text(placeholder=_(experiment.successes_label, lang=L),
                                description=_("successes", lang=L))
        self.successes.add_class("dicelab-pool-successes")
        help_line = _("trials: {t}; successes: {s}.", lang=L, t=_(experiment.trials_label, lang=L),
                      s=_(experiment.successes_label, lang=L))
        help_text = w.HTML("<p>" + _esc(help_line) + "</p>")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.out = w.HTML()
        self.out.add_class("dicelab-figure")
        if role == "group":
            self.make = _button(description=_("Make my share code", lang=L),
                                 button_style="primary")
            self.make.add_class("dicelab-pool-make")
            self.code_view = w.HTML()
            self.code_view.add_class("dicelab-pool-code")
            self.make.on_click(self.guarded(lambda _b: self.make_code()))
            self.widget = w.VBox([self.title, help_text, self.trials, self.successes,
                                  self.make, self.message, self.code_view])
        else:
            self.add = _button(description=_("Add this group", lang=L), button_style="primary")
            self.add.add_class("dicelab-pool-add")
            self.code = w.Text(placeholder=_("or paste a group's share code", lang=L),
                               description=_("code", lang=L))
            self.code.add_class("dicelab-pool-codebox")
            self.add_code_button = _button(description=_("Add this code", lang=L))
            self.add_code_button.add_class("dicelab-pool-addcode")
            self.undo = _button(description=_("Remove the last group", lang=L))
            self.undo.add_class("dicelab-pool-undo")
            self.add.on_click(self.guarded(
                lambda _b: self.add_counts(self.successes.value, self.trials.value)))
            self.add_code_button.on_click(self.guarded(lambda _b: self.add_code(self.code.value)))
            self.undo.on_click(self.guarded(lambda _b: self.remove_last()))
            self.widget = w.VBox([self.title, help_text,
                                  w.HBox([self.trials, self.successes, self.add]),
                                  w.HBox([self.code, self.add_code_button, self.undo]),
                                  self.message, self.out])
        self.widget.add_class("dicelab-pool")

    def make_code(self) -> str:
        """The group's share code for the counts in the boxes (shown in the widget)."""
        s, t = check_counts(self.successes.value, self.trials.value)
        code = share_code(self.exp, s, t)
        says = _("Your share code (give it to your teacher):", lang=self.lang)
        self.code_view.value = (
            f"<p>{_esc(says)} <code style='font-size:1.3em'>{code}</code></p>")
        self.say("")
        return code

    def add_counts(self, successes: Any, trials: Any, group: str | None = None) -> None:
        """Add a group's counts (a :class:`TeachingError` if they are bad: nothing is added)."""
        s, t = check_counts(successes, trials)
        label = group or _("group {n}", lang=self.lang, n=len(self.entries) + 1)
        self.entries.append((label, s, t))
        self._added(label)

    def add_code(self, code: Any) -> None:
        """Add a group from its share code (refused if foreign, mistyped or already added)."""
        s, t = read_share_code(self.exp, code)
        norm = str(code).strip().upper().replace(" ", "")
        if norm in self._codes:
            raise TeachingError(N_("this code was already added"))
        self._codes.add(norm)
        self.add_counts(s, t)
        if self.role == "teacher":
            self.code.value = ""

    def remove_last(self) -> None:
        if not self.entries:
            raise TeachingError(N_("no group to remove"))
        self.entries.pop()
        self._added(None)

    def rows(self) -> list[PoolRow]:
        return pooled([(s, t) for _g, s, t in self.entries], self.exp.p)

    def _added(self, label: str | None) -> None:
        rows = self.rows()
        if label is not None:
            last = rows[-1]
            self.say(_("{group} added. Pooled: {s} successes in {t} trials, frequency {f} "
                       "(exact {p}).", lang=self.lang, group=label, s=fmt_int(last.successes,
                                                                              self.lang),
                       t=fmt_int(last.trials, self.lang),
                       f=fmt_percent(last.frequency, 1, self.lang),
                       p=fmt_percent(float(self.exp.p), 1, self.lang)), "ok")
        else:
            self.say(_("Last group removed.", lang=self.lang))
        if self.role == "teacher":
            from dicelab.render import plots

            fig = pool_figure(self.exp, rows, self.lang) if rows else None
            self.out.value = plots.figure_html(fig) if fig is not None else ""


# ------------------------------------------------------------------ simulators


class FrequencySimulator(_Widget):
    """Roll ``n`` dice many times (seeded) and follow the running frequency of a figure."""

    def __init__(self, figure: str = "brelan", n: int = 5, *, seed: int = 2024,
                 lang: str | None = None) -> None:
        w = _w()
        from dicelab.analysis.counting import check_dice_count, figure_key

        self.figure = figure_key(figure)
        self.n = check_dice_count(n)
        self.lang = lang
        self.rolls = w.SelectionSlider(options=[10, 100, 1_000, 10_000, 100_000], value=1_000,
                                       description=_("rolls", lang=lang))
        self._simulate_row(seed)
        self.widget = w.VBox([w.HBox([self.rolls, self.seed, self.go]), self.message, self.out])

    def run(self) -> Any:
        from dicelab.analysis import counting
        from dicelab.render import plots

        seed = parse_seed(self.seed.value)
        c = counting.convergence(self.figure, self.n, int(self.rolls.value), seed=seed)
        fig = plots.convergence_plot(
            c.frequency, c.exact, xlabel=_("number of rolls", lang=self.lang),
            ylabel=_("running frequency", lang=self.lang),
            title=_("{figure}, {dice}, seed {seed}", lang=self.lang, figure=self.figure,
                    dice=_dice(self.n, self.lang), seed=seed), lang=self.lang)
        self.say(_("Final frequency {f} after {t} rolls; exact {p}.", lang=self.lang,
                   f=fmt_percent(c.final, 1, self.lang), t=fmt_int(len(c.hits), self.lang),
                   p=fmt_percent(float(c.exact), 1, self.lang)))
        self.out.value = plots.figure_html(fig)
        return c


def _dice(n: int, lang: str | None) -> str:
    from dicelab.core.i18n import dice_count

    return dice_count(n, lang)


class TurnsSimulator(_Widget):
    """Simulate solo games of 5000 or Seveny and plot the turns to finish.

    The policy menu offers only the rules that fit the chosen game
    (:func:`dicelab.lessons.turn_policies`): thresholds in points of that game.
    """

    def __init__(self, *, games: int = 100, seed: int = 11, lang: str | None = None) -> None:
        w = _w()
        from dicelab.lessons import TURN_GAMES

        self.lang = lang
        self.game = w.Dropdown(options=[(name, key) for key, name in TURN_GAMES.items()],
                               description=_("game", lang=lang))
        self.game.add_class("dicelab-sim-game")
        self.policy = w.Dropdown(description=_("policy", lang=lang))
        self.policy.add_class("dicelab-sim-policy")
        self.games = w.SelectionSlider(options=[20, 50, 100, 200, 500], value=games,
                                       description=_("games", lang=lang))
        self._simulate_row(seed)
        self.game.observe(self.guarded(lambda _c: self._policies()), "value")
        self._policies()
        self.progress = w.HBox()  # a long simulation's bar and Cancel button (issue 16 §9)
        self._task: Any = None
        self.widget = w.VBox([w.HBox([self.game, self.policy]),
                              w.HBox([self.games, self.seed, self.go]), self.progress,
                              self.message, self.out])

    def _policies(self) -> None:
        from dicelab.lessons import turn_policies

        self.policy.options = [(_(label, lang=self.lang, n=n) if n else _(label, lang=self.lang),
                                n) for label, n in turn_policies(self.game.value)]
        self.policy.value = self.policy.options[0][1]

    def run(self) -> Any:
        """Simulate and draw (in a notebook: in the background, with a progress bar and a
        Cancel button; a new click cancels the running one).  Returns the result when it
        ran at once (outside a kernel), else ``None``."""
        from dicelab.core.progress import Cancelled, run_with_progress
        from dicelab.lessons import simulate_turns

        seed = parse_seed(self.seed.value)
        game, threshold, games = self.game.value, self.policy.value, int(self.games.value)
        labels = (self.game.label, self.policy.label)
        if self._task is not None:
            self._task.cancel()
        out: dict[str, Any] = {}

        def done(result: tuple[Any, Any, str]) -> None:
            self.guarded(self._draw)(result, labels)
            out["res"] = result[0]

        def failed(e: BaseException) -> None:
            if isinstance(e, Cancelled):
                self.say(_("Simulation cancelled.", lang=self.lang))
            elif isinstance(e, DicelabError):
                self.say(e.message(self.lang), "error")
            else:  # a student never sees a traceback
                self.say(_("Something went wrong: {error}", lang=self.lang,
                           error=brief(str(e))), "error")

        def place(bar: Any) -> None:
            self.progress.children = () if bar is None else (bar,)

        self._task = run_with_progress(lambda: simulate_turns(game, threshold, games, seed),
                                       done, failed, place, lang=self.lang)
        return out.get("res")

    def _draw(self, result: tuple[Any, Any, str], labels: tuple[str, str]) -> None:
        from dicelab.render import plots

        res, exact_mean, label_mean = result
        game_label, policy_label = labels
        fig = plots.turns_histogram(
            res.turns, exact_mean=exact_mean, xlabel=_("turns to finish", lang=self.lang),
            ylabel=_("share of games", lang=self.lang), label=policy_label,
            title=_("{game}: {policy}", lang=self.lang, game=game_label,
                    policy=policy_label), lang=self.lang)
        self.say(_("Simulated mean {m} turns over {g} games; exact mean of this policy: {e}.",
                   lang=self.lang, m=fmt_number(res.mean_turns, 2, self.lang),
                   g=fmt_int(res.games, self.lang),
                   e=fmt_number(exact_mean, 2, self.lang) if exact_mean is not None
                   else _(label_mean, lang=self.lang)))
        self.out.value = plots.figure_html(fig)


__all__ = [
    "BRELAN_FIVE_DICE",
    "EXPERIMENTS",
    "MAX_SEED",
    "MAX_TRIALS",
    "PROGRESS",
    "SIX_AFTER_THREE",
    "Exercise",
    "Experiment",
    "FrequencySimulator",
    "Pool",
    "PoolRow",
    "Predict",
    "Progress",
    "ProgressView",
    "TeachingError",
    "TurnsSimulator",
    "check_counts",
    "parse_count",
    "parse_number",
    "parse_probability",
    "parse_seed",
    "pool_figure",
    "pooled",
    "read_share_code",
    "share_code",
    "within",
]
