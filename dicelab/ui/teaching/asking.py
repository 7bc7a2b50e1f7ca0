"""Predict-then-reveal and exercises, with the progress tracker of a notebook
(:data:`PROGRESS`), and the pieces every teaching widget shares (``_Widget``)."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, fmt_number, get_language, ngettext, ngettext_amount
from dicelab.ui.teaching.numbers import (
    TeachingError,
    parse_number,
    parse_points,
    parse_probability,
    parse_seed,
    show_value,
    within,
)

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


#: French school notation P_B(A): B shown as a subscript on screen.
_SUBSCRIPT = re.compile(r"P_([A-Z])\(")


def _esc(text: str) -> str:
    """``text`` escaped for HTML, the school notation P_B(A) with B as a subscript.

    >>> _esc("P_B(A) < 1")
    'P<sub>B</sub>(A) &lt; 1'
    """
    return _SUBSCRIPT.sub(r"P<sub>\1</sub>(", html.escape(text, quote=False))


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

    def _simulate_row(self, seed: int, out_class: str = "dicelab-chart") -> None:
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


#: The answer kinds: ``points`` is a difference of percentages, in percentage points (typed
#: ``19,4``, ``19,4 points``, ``19,4 %`` or ``0,194``: :func:`parse_points`).
INPUTS = ("number", "percent", "points", "slider", "choice")


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

    #: A French slider's value, with a decimal comma (``None`` otherwise).
    slider_value: Any = None

    def _input_row(self) -> Any:
        """The input box; a French slider hides its own readout (formatted by the browser,
        with a decimal point) and shows its value beside it with a decimal comma."""
        if self.kind != "slider" or get_language(self.lang) == "en":
            return self.box
        w = _w()
        decimals = len(f"{self.box.step:f}".rstrip("0").partition(".")[2])
        self.box.readout = False
        self.slider_value = w.Label(fmt_number(self.box.value, decimals, self.lang))
        self.slider_value.add_class("dicelab-slider-value")

        def show(change: Any) -> None:
            self.slider_value.value = fmt_number(change["new"], decimals, self.lang)

        self.box.observe(show, names="value")
        return w.HBox([self.box, self.slider_value])

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
        if self.kind == "points":
            value, self.other_reading = parse_points(self.box.value, lang=self.lang)
            return value
        return parse_number(self.box.value, lang=self.lang)

    #: A points answer typed as a bare number between −1 and 1: that number read as the
    #: difference of two probabilities, in points (``0,194`` → 19.4), else ``None``.
    other_reading: float | None = None

    #: The text of a probability guess typed between 0 and 1 (shown with its reading).
    reading: str | None = None

    def _shown(self, x: Any) -> str:
        if self.kind == "choice":
            return self.options[int(x)]
        text = show_value(x, "percent" if self.kind == "percent" else "number", self.lang,
                          self.digits)
        if self.kind == "points":
            return percentage_points(text, float(x), self.lang)
        return text


def percentage_points(text: str, x: float, lang: str | None = None) -> str:
    """``text`` (the amount ``x`` as written) followed by its unit, singular or plural in
    the language's rule for the number as written: French is singular below 2.

    >>> percentage_points("0,5", 0.5, "fr"), percentage_points("1,0", 1.0, "fr")
    ('0,5 point de pourcentage', '1,0 point de pourcentage')
    >>> percentage_points("2,5", 2.5, "fr"), percentage_points("1.0", 1.0, "en")
    ('2,5 points de pourcentage', '1.0 percentage points')
    """
    from dicelab.core.i18n import plural_n

    n = plural_n(x, lang)
    if get_language(lang) == "en" and text != "1":
        n = 2  # English: "1.0 percentage points", "1 percentage point"
    return ngettext("{x} percentage point", "{x} percentage points", n, lang=lang, x=text)


def _placeholder(kind: str, lang: str | None) -> str:
    """The neutral placeholder of a prediction's box: the form, never a value near an
    answer."""
    if kind == "percent":
        return _("a decimal or a percentage", lang=lang)
    if kind == "points":
        return _("in points, e.g. 12.5", lang=lang)
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

    ``later=True``: checking records the guess and shows nothing of the answer; the exact
    value comes further down the page, once the class experiment that tests the guess is
    done (:meth:`later_reveal`, lesson 12).

    >>> p = Predict("Chance of a 6?", 1/6, kind="percent", later=True, lang="en")
    >>> p.box.value = "30"; p.submit()
    >>> p.revealed, p.guess, "16.7" in p.widget_text(), p.box.disabled
    (False, 0.3, False, True)
    >>> r = p.later_reveal(); r.show()
    >>> p.revealed, "Exact value: 16.7%" in r.widget_text(), "guess: 30.0%" in r.widget_text()
    (True, True, True)

    ``probability=False``: a percentage that is not a probability (a relative gap); the
    verdict then says "larger" or "smaller", never "more likely".

    >>> s = Predict("Shortfall?", 0.187, kind="percent", probability=False, lang="en")
    >>> s.gap_text(0.1)
    'Your guess: 10.0%, off by 8.7 percentage points. Larger than you thought.'

    A number guessed too low or too high says which:

    >>> n = Predict("Ordered rolls of five dice?", 7776, close=1000, lang="en")
    >>> n.gap_text(30)
    'Your guess: 30, off by 7,746. More than you thought.'
    >>> n.gap_text(10_000)
    'Your guess: 10,000, off by 2,224. Less than you thought.'
    """

    def __init__(self, question: str, answer: Any, *, kind: str = "number",
                 options: Sequence[str] = (), explain: str = "",
                 slider: tuple[float, float, float] = (0.0, 1.0, 0.01), digits: int = 3,
                 close: float | None = None, later: bool = False, probability: bool = True,
                 lang: str | None = None) -> None:
        w = _w()
        self.lang = lang
        self.later = later
        self.kind = _check_kind(kind)
        self.options = tuple(options)
        self.digits = digits
        self._answer = answer
        self._explain = explain
        self.close_enough = close
        self.probability = probability
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
            "Your first guess counts: the exact value comes after the class experiment, "
            "further down the page.", lang=lang) if later else _(
            "Your first guess counts: the answer shows as soon as you check.", lang=lang)
            if self.kind == "choice" else _(  # its reveal says "Answer", not "Exact value"
            "Your first guess counts: the exact value shows as soon as you check.",
            lang=lang)) + "</small></p>")
        self.note.add_class("dicelab-predict-note")
        self.submit_button.on_click(self.guarded(lambda _b: self.submit()))
        self.dont_know_button.on_click(self.guarded(lambda _b: self.dont_know()))
        self.widget = w.VBox([self.question, self._input_row(),
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
            raise TeachingError(N_("a probability is between 0 % and 100 %") if self.probability
                                else N_("a share is between 0 % and 100 %"))
        self.guess = guess
        self.say("")
        if self.later:  # the guess is kept; the class experiment comes before the answer
            self._record(_("Your guess is written down: {guess}. The class's dice test it "
                           "below.", lang=self.lang, guess=self._guess_text(guess)))
            return
        self._show(self.gap_text(guess))

    def dont_know(self) -> None:
        """Reveal the exact value without a guess."""
        self.guess = None
        self.say("")
        if self.later:
            self._record(_("No guess this time: the class's dice test the question below.",
                           lang=self.lang))
            return
        self._show(_("No guess this time: now compare with your neighbour.", lang=self.lang))

    def _guess_text(self, guess: float | int) -> str:
        shown = self._shown(guess)
        if self.kind == "percent" and self.reading:
            shown = _("{typed} = {value}", lang=self.lang, typed=self.reading, value=shown)
        return shown

    def _record(self, line: str) -> None:
        """A guess kept for later (``later=True``): the input closes, nothing is revealed."""
        self.answered = True
        self.reveal.value = f"<p>{_esc(line)}</p>"
        self._close_input()

    def _close_input(self) -> None:
        self.submit_button.disabled = True
        self.dont_know_button.disabled = True
        self.box.disabled = True

    #: A guess was checked (or "I don't know" pressed): with ``later=True``, kept unrevealed.
    answered: bool = False

    def later_reveal(self) -> PredictReveal:
        """The widget, further down the page, that shows this prediction's exact value and
        how far the guess was (``later=True``)."""
        return PredictReveal(self)

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
            off = ngettext_amount("{x} percentage point", "{x} percentage points", 100 * gap,
                                  1, lang)
            rounded_away = round(100 * gap, 1) == 0
        else:
            off = show_value(gap, "number", lang, self.digits)
            rounded_away = round(gap, self.digits) == 0
        if rounded_away:
            return _("Your guess: {guess}. Right, to the precision shown!", lang=lang,
                     guess=shown)
        close = self.close_enough if self.close_enough is not None else 0.1 * max(abs(exact), 1e-9)
        # a guess too high or too low says which (« Plus loin que vous ne pensiez ? » meant
        # nothing for 50 % guessed and 23,8 % exact, nor for 30 guessed and 7 776 exact); a
        # percentage that is not a probability (a relative gap) is larger or smaller
        high = float(guess) > exact
        percent = self.kind == "percent"
        verdict = (_("Close!", lang=lang) if gap <= close + 1e-12
                   else _("Less likely than you thought.", lang=lang)
                   if percent and self.probability and high
                   else _("More likely than you thought.", lang=lang)
                   if percent and self.probability
                   else _("Smaller than you thought.", lang=lang) if percent and high
                   else _("Larger than you thought.", lang=lang) if percent
                   else _("Less than you thought.", lang=lang) if high
                   else _("More than you thought.", lang=lang))
        return _("Your guess: {guess}, off by {off}. {verdict}", lang=lang,
                 guess=shown, off=off, verdict=verdict)

    def _show(self, line: str) -> None:
        self.revealed = True
        # a choice has an answer, not an "exact value" (« Valeur exacte : baisse »)
        exact = (_("Answer: {answer}.", lang=self.lang, answer=self._shown(self._answer))
                 if self.kind == "choice" else
                 _("Exact value: {value}.", lang=self.lang, value=self._shown(self._answer)))
        extra = f"<p>{_esc(self._explain)}</p>" if self._explain else ""
        self.reveal.value = f"<p><b>{_esc(exact)}</b> {_esc(line)}</p>{extra}"
        self._close_input()


class PredictReveal(_Widget):
    """The exact value of a prediction asked earlier on the page with ``later=True``, behind
    a button, and how far the student's recorded guess was (lesson 12: the class's dice come
    between the guess and the answer).  Opening it closes the prediction's box: a guess can
    no longer be typed once the answer is shown."""

    def __init__(self, predict: Predict) -> None:
        w = _w()
        self.predict = predict
        self.lang = predict.lang
        self.button = _button(description=_("Show the exact value", lang=self.lang),
                              button_style="primary")
        self.button.add_class("dicelab-predict-later")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.out = w.HTML()
        self.out.add_class("dicelab-reveal")
        self.button.on_click(self.guarded(lambda _b: self.show()))
        self.widget = w.VBox([self.button, self.message, self.out])
        self.widget.add_class("dicelab-predict-reveal")

    def widget_text(self) -> str:
        return " ".join((self.message.value, self.out.value))

    def show(self) -> None:
        """The exact value, the gap with the recorded guess, and the explanation."""
        p = self.predict
        lang = self.lang
        line = (p.gap_text(p.guess) if p.guess is not None else
                _("No guess this time: now compare with your neighbour.", lang=lang))
        exact = _("Exact value: {value}.", lang=lang, value=p._shown(p._answer))
        extra = f"<p>{_esc(p._explain)}</p>" if p._explain else ""
        self.out.value = f"<p><b>{_esc(exact)}</b> {_esc(line)}</p>{extra}"
        p.revealed = True
        p._close_input()
        self.button.disabled = True


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
        self.box = self._build_input(kind, self.options, slider,
                                     _placeholder(kind, lang) if kind == "points"
                                     else _("your answer", lang=lang))
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
        self.widget = w.VBox([self.question, self._input_row(),
                              w.HBox([self.check_button, self.hint_button, self.worked_button]),
                              self.message, self.hint_area, self.worked_area])
        self.widget.add_class("dicelab-exercise")

    def is_right(self, guess: float | int) -> bool:
        if self.kind == "choice":
            return int(guess) == int(self._answer)
        if self.kind == "points" and self.other_reading is not None and within(
                self.other_reading, float(self._answer), self.tolerance):
            return True  # 0,194 typed for 19,4 points: the difference of two probabilities
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
        elif self.tolerance > 0 and self.kind != "choice":
            self.say(_("Not yet: {guess} is more than {tol} away from the answer. Try again, "
                       "or ask for a hint.", lang=self.lang, guess=self._shown(guess),
                       tol=self._tolerance_text()), "error")
        elif self.kind != "choice" and guess != float(self._answer) and round(
                guess, 4) == round(float(self._answer), 4):  # a table's 0.3056 for 11/36
            self.say(_("That is a rounded value: give the exact value, as a fraction.",
                       lang=self.lang), "error")
        else:
            self.say(_("Not yet: {guess} is not the answer. Try again, or ask for a hint.",
                       lang=self.lang, guess=self._shown(guess)), "error")

    def _tolerance_text(self) -> str:
        """The tolerance as the answer is written: ``0.005`` → ``0.005``, a percentage's
        ``0.005`` → ``0.5 percentage points``.

        >>> e = Exercise("t", "?", 0.25, tolerance=0.005, progress=Progress(), lang="en")
        >>> e._tolerance_text()
        '0.005'
        """
        tol, lang = self.tolerance, self.lang
        if self.kind == "percent":
            tol *= 100
        decimals = 0 if tol >= 1 else min(4, len(f"{tol:.4f}".rstrip("0").split(".")[1]))
        if self.kind in ("percent", "points"):  # « 0,1 point de pourcentage »: singular
            return ngettext_amount("{x} percentage point", "{x} percentage points", tol,
                                   decimals, lang)
        return fmt_number(tol, decimals, lang)

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
