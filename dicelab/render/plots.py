"""Matplotlib helpers for the lessons: readable, colour-blind safe, with text alternatives.

Every helper

* builds its own :class:`matplotlib.figure.Figure` (no pyplot, no global
  style change, nothing left open), with a white background and dark text so
  the chart stays readable on a dark notebook theme;
* labels its axes (``xlabel``, ``ylabel``, ``title`` arguments);
* uses the Okabe–Ito palette **and** hatches, markers or line styles, so no
  information relies on colour alone;
* sets ``fig.dicelab_alt_text``: one paragraph describing the chart with its
  key numbers.  :func:`show` displays the chart with that text under it.

Every word a helper writes itself (default labels, legends, the text
alternative, table headers) goes through :mod:`dicelab.i18n`, and every number
it prints uses the language's notation (a decimal comma in French): each helper
takes ``lang=None`` (the current language).  Labels passed in are drawn as given.

matplotlib is imported inside the functions, so ``import dicelab.plots`` is light.

>>> fig = bars(["brelan", "carré"], [0.21, 0.02], xlabel="figure", ylabel="probability",
...            lang="en")
>>> fig.get_facecolor()[:3], "0.21" in fig.dicelab_alt_text
((1.0, 1.0, 1.0), True)
>>> "0,21" in bars(["brelan"], [0.21], xlabel="figure", ylabel="p", lang="fr").dicelab_alt_text
True
>>> table([{"n": 5, "p": 0.5}]).html.startswith("<table")
True
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import (
    _,
    fmt_number,
    fmt_percent,
    fmt_short,
    fmt_ticks,
    get_language,
    ngettext,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The Okabe–Ito colour-blind-safe palette, in its published order.
OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: Order in which series take the colours (yellow late: it is faint on white).
PALETTE: tuple[str, ...] = tuple(
    OKABE_ITO[c]
    for c in (
        "blue",
        "orange",
        "bluish green",
        "vermillion",
        "reddish purple",
        "sky blue",
        "yellow",
        "black",
    )
)
HATCHES: tuple[str, ...] = ("", "//", "..", "xx", "\\\\", "oo", "++", "--")
MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P", "X", "*")
LINESTYLES: tuple[str, ...] = ("-", "--", "-.", ":", "-", "--", "-.", ":")

TEXT = "#1a1a1a"
_STYLE = {
    "figure.facecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "axes.edgecolor": TEXT,
    "axes.labelcolor": TEXT,
    "text.color": TEXT,
    "xtick.color": TEXT,
    "ytick.color": TEXT,
    "axes.titleweight": "bold",
    "axes.grid": True,
    "grid.color": "#d0d0d0",
    "grid.linestyle": "-",
    "grid.linewidth": 0.6,
    "legend.facecolor": "white",
    "legend.edgecolor": "#808080",
    "legend.framealpha": 1.0,
    "font.size": 11,
    "hatch.color": TEXT,
}


class PlotError(DicelabError):
    """Data that a plot helper cannot draw (mismatched lengths, nothing to plot...)."""


# ---------------------------------------------------------------------------
# Shared machinery


@contextmanager
def _style() -> Any:
    import matplotlib

    with matplotlib.rc_context(_STYLE):
        yield


def _new_figure(figsize: tuple[float, float] = (7.0, 4.0)) -> Figure:
    """A Figure outside pyplot (nothing to close, nothing leaks), on a white background."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, dpi=100, facecolor="white", layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _finish(
    fig: Figure, ax: Any, xlabel: str, ylabel: str, title: str, alt: str, lang: str | None = None
) -> Figure:
    if not xlabel or not ylabel:
        raise PlotError("every plot needs an x-axis label and a y-axis label")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        _fit_title(fig, ax, title)
    ax.set_facecolor("white")
    ax.set_axisbelow(True)
    _number_ticks(fig, lang)
    fig.dicelab_alt_text = alt  # type: ignore[attr-defined]
    fig.dicelab_lang = get_language(lang)  # type: ignore[attr-defined]
    return fig


def _fit_title(fig: Figure, ax: Any, title: str) -> None:
    """Set ``title``, broken into lines at spaces when it does not fit inside the figure
    once laid out (a long French title was cut on both sides: lesson 14's pool).  Only a
    long title costs a layout (a draw) to check it."""
    import textwrap

    text = ax.set_title(title)
    width = fig.bbox.width
    if text.get_window_extent(fig.canvas.get_renderer()).width < 0.6 * width:
        return
    chars = len(title)
    for _try in range(6):
        fig.canvas.draw()
        box = text.get_window_extent(fig.canvas.get_renderer())
        if box.x0 >= 2 and box.x1 <= width - 2 or chars <= 12:
            break
        chars = max(12, min(chars - 4, int(chars * 0.9 * width / box.width)))
        text.set_text(textwrap.fill(title, chars, break_long_words=False))
    lines = text.get_text().count("\n") + 1
    if lines > 1:  # balanced lines, no short last line: the shortest width giving as many
        even = next(n for n in range(-(-len(title) // lines), chars + 1)
                    if len(textwrap.wrap(title, n, break_long_words=False)) <= lines)
        text.set_text(textwrap.fill(title, even, break_long_words=False))


def _number_ticks(fig: Figure, lang: str | None) -> None:
    """Every numeric tick label of the chart (colour bars too) written by the translation
    layer (:func:`dicelab.core.i18n.fmt_ticks`): ``0,25`` in French, no scientific notation."""
    from matplotlib.ticker import Formatter, LogFormatter, NullFormatter, ScalarFormatter

    class NumberFormatter(Formatter):
        def __call__(self, x: float, pos: Any = None) -> str:
            return fmt_ticks([x], lang)[0]

        def format_ticks(self, values: Any) -> list[str]:
            # the decimals are those of the ticks in view (a log axis also places 0.1 and
            # 100 000 outside it); ticks out of view are not drawn
            lo, hi = sorted(self.axis.get_view_interval()) if self.axis else (-1e308, 1e308)
            slack = 1e-9 * max(abs(lo), abs(hi), 1.0)
            inside = [lo - slack <= v <= hi + slack for v in values]
            shown = iter(fmt_ticks([v for v, ok in zip(values, inside) if ok], lang))
            return [next(shown) if ok else "" for ok in inside]

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            major = axis.get_major_formatter()
            if isinstance(major, LogFormatter):
                axis.set_major_formatter(NumberFormatter())
                axis.set_minor_formatter(NullFormatter())
            elif type(major) is ScalarFormatter:
                axis.set_major_formatter(NumberFormatter())


def _num(x: Any) -> float:
    return float(x)


def fmt(x: Any, digits: int = 4, lang: str | None = None) -> str:
    """A number as a lesson shows it: Fractions as ``p/q ≈ 0.1234``, floats rounded,
    in the language's notation (:mod:`dicelab.i18n`'s formatters).

    >>> fmt(Fraction(23, 108), lang="en"), fmt(0.5, lang="en"), fmt(3), fmt(Fraction(0))
    ('23/108 ≈ 0.2130', '0.5', '3', '0')
    >>> fmt(Fraction(23, 108), lang="fr"), fmt(1234.5, lang="fr")
    ('23/108 ≈ 0,2130', '1\u202f234,50')
    >>> fmt(Fraction(10**13 + 1, 3 * 10**13), lang="en")  # huge denominators: the value only
    '≈ 0.3333'

    """
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return str(x.numerator)
        if x.denominator > 10**12:  # exact, but too long to read: show the value
            return f"≈ {fmt_number(float(x), digits, lang)}"
        return f"{x.numerator}/{x.denominator} ≈ {fmt_number(float(x), digits, lang)}"
    if isinstance(x, bool):
        return _("yes", lang=lang) if x else _("no", lang=lang)
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        if abs(x) < 1:
            return fmt_short(x, digits, lang)
        return fmt_number(x, max(digits - 2, 1), lang)
    try:
        return fmt(float(x), digits, lang) if not isinstance(x, str) else x
    except (TypeError, ValueError):
        return str(x)


def _short(x: Any, lang: str | None = None) -> str:
    """A float for alt text and bar labels: 4 significant digits, in the language's notation,
    a negative number with a true minus sign.

    >>> _short(-1.74712, "fr")
    '\u22121,747'
    """
    return fmt_short(_num(x), 4, lang).replace("-", "\u2212")


def _titled(text: str, title: str, lang: str | None) -> str:
    """``"Bar chart. ..."`` becomes ``"Bar chart: <title>. ..."`` when there is a title."""
    kind, _sep, rest = text.partition(". ")
    rest = rest[:1].upper() + rest[1:]
    if not title:
        return f"{kind}. {rest}"
    return _("{kind}: {title}.", lang=lang, kind=kind, title=title) + " " + rest


def _list(parts: Iterable[str], lang: str | None) -> str:
    """Items of a text alternative joined by semicolons (``" ; "`` in French typography)."""
    # TRANSLATORS: the separator between the items of a list in a sentence
    return _("; ", lang=lang).join(parts)


def _check_lengths(what: str, labels: Sequence[Any], values: Sequence[Any]) -> None:
    if len(labels) != len(values):
        raise PlotError("{what}: {n} labels but {m} values", what=what, n=len(labels),
                        m=len(values))
    if not len(labels):
        raise PlotError("{what}: nothing to plot", what=what)


def alt_text(fig: Any) -> str:
    """The text alternative of a dicelab chart."""
    return str(getattr(fig, "dicelab_alt_text", None)
               or _("A chart (no description was given)."))


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """The chart as PNG bytes (white background)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()


def chart_html(fig: Figure) -> str:
    """The chart as an HTML ``<figure>``: the image (with ``alt``) and the text under it:
    the text alternative, or the chart's own shorter caption when it has one
    (``fig.dicelab_caption_html``, HTML: a long list of values stays in ``alt`` only)."""
    data = base64.b64encode(figure_png(fig)).decode("ascii")
    text = html.escape(alt_text(fig))
    caption = getattr(fig, "dicelab_caption_html", None) or text
    return (
        '<figure class="dicelab-chart" style="background:white;color:#1a1a1a;'
        'padding:6px;margin:0;max-width:100%">'
        f'<img src="data:image/png;base64,{data}" alt="{text}" style="max-width:100%"/>'
        f'<figcaption style="font-size:0.9em;color:#1a1a1a">{caption}</figcaption></figure>'
    )


class HTMLOutput:
    """A piece of HTML that Jupyter displays (``_repr_html_``); ``.html`` is the string."""

    def __init__(self, html_text: str) -> None:
        self.html = html_text

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def show(fig: Figure) -> HTMLOutput:
    """Display the chart with its text alternative under it (in a notebook), and return it.

    Outside IPython nothing is displayed; the returned object holds the HTML.
    """
    out = HTMLOutput(chart_html(fig))
    try:
        from IPython import get_ipython
        from IPython.display import display

        if get_ipython() is not None:
            display(out)
    except ImportError:  # pragma: no cover - IPython is there with ipywidgets
        pass
    return out


# ---------------------------------------------------------------------------
# Plot helpers


def bars(
    labels: Sequence[Any],
    values: Sequence[Any],
    *,
    xlabel: str,
    ylabel: str,
    title: str = "",
    figsize: tuple[float, float] = (7.0, 4.0),
    annotate: bool = True,
    decimals: int | None = None,
    texts: Sequence[str] | None = None,
    lang: str | None = None,
) -> Figure:
    """One bar per label (heights ``values``), each bar annotated with its value
    (``decimals``: every label with that many decimals, :func:`bar_labels`; ``texts``: the
    words written over the bars instead, such as fractions).

    >>> fig = bars(["a", "b"], [1, 2], xlabel="x", ylabel="y")
    >>> [float(p.get_height()) for p in fig.axes[0].patches]
    [1.0, 2.0]
    """
    return bar_distribution(
        labels, values, None, xlabel=xlabel, ylabel=ylabel, title=title, figsize=figsize,
        annotate=annotate, exact_label=_("value", lang=lang), decimals=decimals, texts=texts,
        lang=lang,
    )


def bar_labels(values: Sequence[Any], decimals: int | None, lang: str | None,
               significant: int = 4, zero: str | None = None) -> list[str]:
    """The labels written over bars: with ``decimals``, every one with that many decimals
    (one stated precision per chart: not « 0,17 » beside « 0,1686 »); else
    ``significant`` significant digits.  A true minus sign.

    >>> bar_labels([0.4019, 0.0322, 0.00013], 4, "fr")
    ['0,4019', '0,0322', '0,0001']
    >>> bar_labels([3.26, 4.898], 3, "en"), bar_labels([3.26, 4.898], None, "en")
    (['3.260', '4.898'], ['3.26', '4.898'])

    ``zero``: the label of a bar that is exactly 0 (lesson 02's impossible quinté, "—").

    >>> bar_labels([0.0, 0.25], 4, "en", zero="—")
    ['—', '0.2500']
    """
    if zero is not None:
        return [zero if _num(v) == 0 else label for v, label in
                zip(values, bar_labels(values, decimals, lang, significant), strict=True)]
    if decimals is None:
        return [fmt_short(_num(v), significant, lang).replace("-", "\u2212") for v in values]
    return [fmt_number(_num(v), decimals, lang).replace("-", "\u2212") for v in values]


def bar_distribution(
    labels: Sequence[Any],
    exact: Sequence[Any],
    simulated: Sequence[Any] | None = None,
    *,
    xlabel: str,
    ylabel: str | None = None,
    title: str = "",
    exact_label: str | None = None,
    simulated_label: str | None = None,
    figsize: tuple[float, float] = (7.0, 4.0),
    annotate: bool = True,
    decimals: int | None = None,
    texts: Sequence[str] | None = None,
    lang: str | None = None,
) -> Figure:
    """A distribution as bars: exact values, and simulated ones side by side if given
    (``texts``: what is written over the exact bars and said for them, instead of their
    values).

    Exact bars are solid; simulated bars are hatched, in another colour.

    >>> fig = bar_distribution([3, 4], [0.5, 0.25], [0.48, 0.27], xlabel="dice alike")
    >>> [round(float(p.get_height()), 2) for p in fig.axes[0].patches]
    [0.5, 0.25, 0.48, 0.27]
    """
    ylabel = _("probability", lang=lang) if ylabel is None else ylabel
    exact_label = _("exact", lang=lang) if exact_label is None else exact_label
    simulated_label = _("simulated", lang=lang) if simulated_label is None else simulated_label
    labels = [str(x) for x in labels]
    _check_lengths("bar_distribution", labels, exact)
    if simulated is not None:
        _check_lengths("bar_distribution (simulated)", labels, simulated)
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        x = list(range(len(labels)))
        width = 0.8 if simulated is None else 0.4
        shift = 0.0 if simulated is None else -0.2
        b1 = ax.bar(
            [i + shift for i in x], [_num(v) for v in exact], width, label=exact_label,
            color=PALETTE[0], edgecolor=TEXT, hatch=HATCHES[0],
        )
        containers = [b1]
        if simulated is not None:
            b2 = ax.bar(
                [i + 0.2 for i in x], [_num(v) for v in simulated], width,
                label=simulated_label, color=PALETTE[1], edgecolor=TEXT, hatch=HATCHES[1],
            )
            containers.append(b2)
            ax.legend()
        if annotate and len(labels) <= 12:
            for i, c in enumerate(containers):
                ax.bar_label(c, labels=list(texts) if texts is not None and i == 0 else
                             bar_labels([r.get_height() for r in c], decimals, lang),
                             fontsize=9, padding=2)
            ax.margins(y=0.15)
        ax.set_xticks(x, labels)
        ax.grid(axis="x", visible=False)

        def said(v: Any) -> str:  # the text alternative says a value as its label writes it
            return _short(v, lang) if decimals is None else bar_labels([v], decimals, lang)[0]

        parts = [
            _("{label}: {series} {value}", lang=lang, label=lab, series=exact_label,
              value=said(e) if texts is None else texts[i])
            for i, (lab, e) in enumerate(zip(labels, exact))
        ]
        if simulated is not None:
            parts = [
                _("{before}, {series} {value}", lang=lang, before=p, series=simulated_label,
                  value=said(s))
                for p, s in zip(parts, simulated)
            ]
        if simulated is None:
            head = _("Bar chart. {y} for each {x}.", lang=lang, y=ylabel, x=xlabel)
        else:
            head = _("Bar chart. {y} for each {x} ({a} and {b} side by side).", lang=lang,
                     y=ylabel, x=xlabel, a=exact_label, b=simulated_label)
        alt = _titled(head, title, lang) + " " + _list(parts, lang) + "."
        return _finish(fig, ax, xlabel, ylabel, title, alt, lang)


def grouped_bars(
    groups: Sequence[Any],
    series: Mapping[str, Sequence[Any]],
    *,
    xlabel: str,
    ylabel: str,
    title: str = "",
    figsize: tuple[float, float] = (7.5, 4.0),
    annotate: bool = True,
    log_y: bool = False,
    decimals: int | None = None,
    zero: str | None = None,
    lang: str | None = None,
) -> Figure:
    """Headline numbers by group (difficulty, variant...): one bar per series in each group.
    ``zero``: the label of a bar that is exactly 0 (:func:`bar_labels`).

    Each series has its own colour *and* hatch.  ``log_y=True`` draws the values on a
    logarithmic scale (for counts that grow fast: small bars stay visible); the text
    alternative says so.

    >>> fig = grouped_bars(["facile", "moyen"], {"optimal": [0.9, 0.7], "greedy": [0.8, 0.6]},
    ...                    xlabel="difficulty", ylabel="win probability")
    >>> [float(p.get_height()) for p in fig.axes[0].patches]
    [0.9, 0.7, 0.8, 0.6]
    """
    groups = [str(g) for g in groups]
    if not series:
        raise PlotError("grouped_bars: no series to plot")
    for name, vals in series.items():
        _check_lengths(f"grouped_bars ({name})", groups, vals)
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        k = len(series)
        width = 0.8 / k
        for j, (name, vals) in enumerate(series.items()):
            xs = [i - 0.4 + width * (j + 0.5) for i in range(len(groups))]
            c = ax.bar(
                xs, [_num(v) for v in vals], width, label=name, color=PALETTE[j % len(PALETTE)],
                edgecolor=TEXT, hatch=HATCHES[j % len(HATCHES)],
            )
            if annotate and len(groups) * k <= 16:
                ax.bar_label(c, labels=bar_labels(vals, decimals, lang, 3, zero),
                             fontsize=8, padding=2,
                             rotation=90 if k >= 3 else 0)
        if log_y:
            ax.set_yscale("log")
        if annotate:
            ax.margins(y=0.25 if k >= 3 else 0.15)
        ax.set_xticks(range(len(groups)), groups)
        ax.grid(axis="x", visible=False)
        if k > 1:
            ax.legend()
        parts = [
            _("{label}: {values}", lang=lang, label=g, values=", ".join(
                f"{name} {_short(vals[i], lang)}" for name, vals in series.items()))
            for i, g in enumerate(groups)
        ]
        head = _("Grouped bar chart. {y} by {x}, series {series}.", lang=lang, y=ylabel,
                 x=xlabel, series=", ".join(series))
        if log_y:
            head += " " + _("The vertical scale is logarithmic.", lang=lang)
        alt = _titled(head, title, lang) + " " + _list(parts, lang) + "."
        fig = _finish(fig, ax, xlabel, ylabel, title, alt, lang)
        fig.dicelab_alt_head = _titled(head, title, lang)  # type: ignore[attr-defined]
        return fig


def reward_risk_bars(
    groups: Sequence[Any],
    reward: Sequence[Any],
    risk: Sequence[Any],
    *,
    xlabel: str,
    reward_label: str,
    risk_label: str,
    title: str = "",
    figsize: tuple[float, float] = (9.0, 4.2),
    lang: str | None = None,
) -> Figure:
    """Two measures of each group side by side, each on its own scale: ``reward`` (a number,
    the left axis, labelled ``reward_label``) and ``risk`` (a probability, the right axis in
    percent, labelled ``risk_label``); each bar says its value, the risk as a percentage.

    >>> fig = reward_risk_bars(["1", "2"], [2.9, 3.4], [0.015, 0.027], xlabel="N",
    ...                        reward_label="points", risk_label="P(0)", lang="en")
    >>> [t.get_text() for t in fig.axes[1].texts]
    ['1.5%', '2.7%']
    >>> fig.axes[1].get_ylabel()
    'P(0)'
    """
    from matplotlib.ticker import FuncFormatter

    groups = [str(g) for g in groups]
    _check_lengths("reward_risk_bars (reward)", groups, reward)
    _check_lengths("reward_risk_bars (risk)", groups, risk)
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        right = ax.twinx()
        # the right axis drawn over the left one (its labels never under a left bar), clear
        right.set_zorder(ax.get_zorder() + 1)
        right.patch.set_visible(False)
        xs = range(len(groups))
        left_bars = ax.bar([i - 0.2 for i in xs], [_num(v) for v in reward], 0.4,
                           label=reward_label, color=PALETTE[0], edgecolor=TEXT,
                           hatch=HATCHES[0])
        right_bars = right.bar([i + 0.2 for i in xs], [_num(v) for v in risk], 0.4,
                               label=risk_label, color=PALETTE[1], edgecolor=TEXT,
                               hatch=HATCHES[1])
        ax.bar_label(left_bars, labels=[fmt_short(_num(v), 3, lang) for v in reward],
                     fontsize=7.5, padding=2)
        right.bar_label(right_bars, labels=[fmt_percent(_num(v), 1, lang) for v in risk],
                        fontsize=7.5, padding=2,
                        bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.6})
        ax.set_ylim(0, max(_num(v) for v in reward) * 1.3)
        right.set_ylim(0, min(1.0, max(_num(v) for v in risk) * 1.3))
        ax.set_xticks(list(xs), groups)
        ax.grid(axis="x", visible=False)
        right.grid(False)
        ax.legend([left_bars, right_bars], [reward_label, risk_label], loc="upper left")
        parts = [
            _("{label}: {values}", lang=lang, label=g, values=", ".join((
                f"{reward_label} {_short(a, lang)}",
                f"{risk_label} {fmt_percent(_num(b), 1, lang)}")))
            for g, a, b in zip(groups, reward, risk)
        ]
        head = _("Bar chart on two scales. {a} (left scale) and {b} (right scale) by {x}.",
                 lang=lang, a=reward_label, b=risk_label, x=xlabel)
        alt = _titled(head, title, lang) + " " + _list(parts, lang) + "."
        fig = _finish(fig, ax, xlabel, reward_label, title, alt, lang)
        right.set_ylabel(risk_label)
        right.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: fmt_percent(v, 0, lang)))
        return fig


def convergence_plot(
    frequency: Sequence[float],
    exact: Any,
    *,
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str = "",
    band: bool = True,
    log_x: bool = True,
    figsize: tuple[float, float] = (7.5, 4.0),
    lang: str | None = None,
) -> Figure:
    """The law of large numbers: the running frequency against the exact probability.

    A dashed line marks the exact value; a shaded band (with hatching) shows
    exact ± 2 standard errors, ``2 sqrt(p (1 - p) / t)`` after ``t`` trials.

    >>> fig = convergence_plot([1.0, 0.5, 1 / 3, 0.25], 0.25, title="demo", lang="en")
    >>> line = fig.axes[0].lines[0]
    >>> float(line.get_ydata()[-1]), "0.25" in fig.dicelab_alt_text
    (0.25, True)
    """
    import numpy as np

    xlabel = _("number of rolls", lang=lang) if xlabel is None else xlabel
    ylabel = _("running relative frequency", lang=lang) if ylabel is None else ylabel
    freq = np.asarray(frequency, dtype=float)
    if freq.ndim != 1 or len(freq) == 0:
        raise PlotError("convergence_plot: frequency must be a non-empty list of numbers")
    p = _num(exact)
    t = np.arange(1, len(freq) + 1)
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        ax.plot(t, freq, color=PALETTE[0], linestyle=LINESTYLES[0], linewidth=1.4,
                label=_("simulated running relative frequency", lang=lang))
        ax.axhline(p, color=PALETTE[3], linestyle="--", linewidth=1.6,
                   label=_("exact {value}", lang=lang, value=_short(p, lang)))
        if band:
            se = np.sqrt(p * (1 - p) / t)
            ax.fill_between(t, p - 2 * se, p + 2 * se, facecolor=PALETTE[5], alpha=0.35,
                            hatch="..", edgecolor=PALETTE[5], linewidth=0,
                            label=_("exact ± 2 standard deviations of the relative "
                                    "frequency", lang=lang))
        if log_x and len(freq) > 1:
            ax.set_xscale("log")
        lo = min(float(freq[min(9, len(freq) - 1):].min()), p) if len(freq) > 10 else 0.0
        hi = max(float(freq[min(9, len(freq) - 1):].max()), p) if len(freq) > 10 else 1.0
        pad = max(0.05 * (hi - lo), 0.02)
        ax.set_ylim(max(0.0, lo - pad), min(1.0, hi + pad))
        ax.legend(loc="best")
        final = float(freq[-1])
        se_final = (p * (1 - p) / len(freq)) ** 0.5
        if se_final > 0:
            axis = (_("{x}, logarithmic", lang=lang, x=xlabel) if log_x else xlabel)
            head = _("Line chart. The {y} after each of {n} simulated rolls (x axis: {x}) "
                     "settles towards the exact probability {p}, drawn as a dashed line.",
                     lang=lang, y=ylabel, n=fmt_number(len(freq), 0, lang), x=axis,
                     p=_short(p, lang))
            if band:
                head += " " + _("The band around it is ± 2 standard deviations of the "
                                "relative frequency (± 2σₙ).", lang=lang)
            alt = _titled(head, title, lang) + " " + _(
                "Final relative frequency {f}, {k} times the standard deviation of the relative "
                "frequency ({se}) from the exact value.", lang=lang, f=_short(final, lang),
                k=fmt_short(abs(final - p) / se_final, 2, lang), se=_short(se_final, lang))
        else:
            alt = _titled(_("Line chart. Final relative frequency {f}, exact {p}.", lang=lang,
                            f=_short(final, lang), p=_short(p, lang)), title, lang)
        return _finish(fig, ax, xlabel, ylabel, title, alt, lang)


def turns_histogram(
    samples: Sequence[Any],
    exact_mean: Any = None,
    *,
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str = "",
    label: str | None = None,
    figsize: tuple[float, float] = (7.0, 4.0),
    lang: str | None = None,
) -> Figure:
    """Histogram of simulated integer outcomes (e.g. turns), with the exact mean marked.

    Bars give the share of samples at each value; a dashed line marks the
    exact mean and a dotted one the sample mean.

    >>> fig = turns_histogram([3, 3, 4, 6], exact_mean=4, xlabel="turns")
    >>> [float(p.get_height()) for p in fig.axes[0].patches]
    [0.5, 0.25, 0.0, 0.25]
    """
    import numpy as np

    xlabel = _("turns to finish", lang=lang) if xlabel is None else xlabel
    ylabel = _("share of games", lang=lang) if ylabel is None else ylabel
    label = _("simulated", lang=lang) if label is None else label
    s = np.asarray(samples)
    if s.ndim != 1 or len(s) == 0:
        raise PlotError("turns_histogram: give a non-empty list of simulated values")
    s = s.astype(int)
    lo, hi = int(s.min()), int(s.max())
    values = np.arange(lo, hi + 1)
    share = np.bincount(s - lo, minlength=hi - lo + 1) / len(s)
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        ax.bar(values, share, 0.9, color=PALETTE[0], edgecolor=TEXT, hatch=HATCHES[0],
               label=_("{label} ({games})", lang=lang, label=label,
                       games=ngettext("{n} game", "{n} games", len(s), lang=lang)))
        mean = float(s.mean())
        ax.axvline(mean, color=PALETTE[1], linestyle=":", linewidth=2.2,
                   label=_("sample mean {value}", lang=lang, value=_short(mean, lang)))
        if exact_mean is not None:
            ax.axvline(_num(exact_mean), color=PALETTE[3], linestyle="--", linewidth=2.0,
                       label=_("exact mean {value}", lang=lang, value=_short(exact_mean, lang)))
        ax.legend()
        ax.grid(axis="x", visible=False)
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        mode = int(values[int(np.argmax(share))])
        sd = float(s.std(ddof=1)) if len(s) > 1 else 0.0
        head = _("Histogram. {y} for each value of {x}, from {n} simulated games: values from "
                 "{lo} to {hi}, most common {mode}, sample mean {mean}, standard deviation {sd}.",
                 lang=lang, y=ylabel, x=xlabel, n=len(s), lo=lo, hi=hi, mode=mode,
                 mean=_short(mean, lang), sd=_short(sd, lang))
        if exact_mean is not None:
            head += " " + _("The exact mean {value} is marked by a dashed line.", lang=lang,
                            value=_short(exact_mean, lang))
        alt = _titled(head, title, lang)
        return _finish(fig, ax, xlabel, ylabel, title, alt, lang)


def state_diagram(
    states: Sequence[Any],
    matrix: Sequence[Sequence[Any]],
    *,
    title: str = "",
    state_labels: Sequence[str] | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
    highlight: Iterable[Any] = (),
    min_probability: float = 1e-12,
    figsize: tuple[float, float] = (9.0, 4.2),
    digits: int | None = None,
    lang: str | None = None,
) -> Figure:
    """A Markov chain drawn with circles and labelled arrows (pure matplotlib).

    States sit on a line; an arrow from state ``i`` to ``j`` carries
    ``matrix[i][j]`` (skipped when 0); forward arrows curve above the line,
    backward ones below, and a loop above a state is its chance of staying.
    States in ``highlight`` get a double ring and a hatch (e.g. success states).
    ``digits``: the probabilities with that many decimals, like a table beside the diagram
    (default: four significant digits).

    >>> fig = state_diagram([1, 2], [[0.5, 0.5], [0, 1]], title="demo", lang="en")
    >>> len(fig.axes[0].texts) >= 4, "1 to 2: 0.5" in fig.dicelab_alt_text
    (True, True)
    >>> fig = state_diagram([1, 2], [[1 / 3, 2 / 3], [0, 1]], digits=4, lang="fr")
    >>> "0,6667" in fig.dicelab_alt_text
    True
    """
    from matplotlib.patches import Circle, FancyArrowPatch

    xlabel = _("state", lang=lang) if xlabel is None else xlabel
    ylabel = _("transitions (arrows, with probabilities)", lang=lang) if ylabel is None else ylabel
    k = len(states)
    if k == 0 or len(matrix) != k or any(len(row) != k for row in matrix):
        raise PlotError("state_diagram: need a {k}×{k} transition matrix for {k} states", k=k)
    labels = [str(s) for s in (state_labels or states)]
    if len(labels) != k:
        raise PlotError("state_diagram: one label per state")
    hl = set(highlight)
    P = [[_num(p) for p in row] for row in matrix]

    def show(p: float) -> str:
        return _short(p, lang) if digits is None else fmt_number(p, digits, lang)

    r = 0.32
    with _style():
        fig = _new_figure(figsize)
        ax = fig.add_subplot()
        ax.set_aspect("equal", adjustable="datalim")
        ax.grid(False)
        xs = [2.0 * i for i in range(k)]
        for i, x in enumerate(xs):
            special = states[i] in hl
            ax.add_patch(Circle((x, 0), r, facecolor=PALETTE[2] if special else "white",
                                edgecolor=TEXT, linewidth=1.6, hatch="//" if special else "",
                                alpha=1.0, zorder=3))
            if special:
                ax.add_patch(Circle((x, 0), r + 0.06, fill=False, edgecolor=TEXT, linewidth=1.2,
                                    zorder=3))
            ax.text(x, 0, labels[i], ha="center", va="center", fontsize=12, fontweight="bold",
                    zorder=4, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"})
        parts = []
        for i in range(k):
            for j in range(k):
                p = P[i][j]
                if p <= min_probability:
                    continue
                parts.append(_("{a} to {b}: {p}", lang=lang, a=labels[i], b=labels[j],
                               p=show(p)))
                if i == j:
                    loop = FancyArrowPatch(
                        (xs[i] - 0.18, -r + 0.02), (xs[i] + 0.18, -r + 0.02),
                        connectionstyle="arc3,rad=2.2", arrowstyle="-|>", mutation_scale=12,
                        color=PALETTE[1], linewidth=1.3, zorder=2,
                    )
                    ax.add_patch(loop)
                    ax.text(xs[i], -r - 0.62, _("stay {p}", lang=lang, p=show(p)),
                            ha="center", va="top",
                            fontsize=9, color=TEXT, zorder=5)
                    continue
                span = abs(j - i)
                forward = j > i
                # arcs of one span that overlap rise a little more from each later state, so
                # a label at an arc's top stays clear of the arc that crosses it
                rad = -(0.22 + 0.1 * (span - 1) + (0.07 * min(i, j) if span > 1 else 0))
                dx = 0.1 if forward else -0.1
                y0 = r if forward else -r
                a = FancyArrowPatch(
                    (xs[i] + dx, y0), (xs[j] - dx, y0),
                    connectionstyle=f"arc3,rad={rad}", arrowstyle="-|>", mutation_scale=12,
                    color=PALETTE[0] if forward else PALETTE[3],
                    linestyle=LINESTYLES[(span - 1) % 4] if forward else ":",
                    linewidth=1.3, shrinkA=2, shrinkB=2, zorder=2,
                )
                ax.add_patch(a)
                mid = (xs[i] + xs[j]) / 2
                h = (abs(xs[j] - xs[i]) - 2 * abs(dx)) * abs(rad) / 2 + r
                y = h if forward else -h
                ax.text(mid, y, show(p), ha="center", va="center", fontsize=8.5, zorder=5,
                        bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "#909090",
                              "lw": 0.5})
        span_max = 2.0 * (k - 1)
        height = span_max * (0.22 + 0.1 * (k - 2)) / 2 + r + 0.3
        height = max(height, max(((2.0 * s - 0.2) * (0.22 + 0.1 * (s - 1) + 0.07 * (k - s)) / 2
                                  + r + 0.3) for s in range(2, k)) if k > 2 else height)
        # invisible corners set the data limits (circles stay round: aspect by data limits)
        ax.plot([-0.9, xs[-1] + 0.9], [-1.3, max(height, 1.0)], linestyle="none")
        ax.margins(0)
        ax.set_xticks(xs, labels)
        ax.set_yticks([])
        for side in ("top", "right", "left"):
            ax.spines[side].set_visible(False)
        if hl:
            head = _("State diagram. States {states} in a row (highlighted: {marked}).",
                     lang=lang, states=", ".join(labels),
                     marked=", ".join(str(h) for h in sorted(hl, key=str)))
        else:
            head = _("State diagram. States {states} in a row.", lang=lang,
                     states=", ".join(labels))
        alt = _titled(head, title, lang) + " " + _(
            "Arrows give the probability of each move after one reroll: {moves}.", lang=lang,
            moves=_list(parts, lang))
        return _finish(fig, ax, xlabel, ylabel, title, alt, lang)


# ---------------------------------------------------------------------------
# Tables


def table(
    rows: Any,
    columns: Sequence[str] | None = None,
    *,
    caption: str = "",
    digits: int = 4,
    lang: str | None = None,
) -> HTMLOutput:
    """An HTML table for a notebook, from rows (dicts or sequences) or a mapping.

    * a list of dicts: ``columns`` picks and orders the keys (default: the first row's keys);
    * a list of sequences: ``columns`` names them;
    * a mapping ``{key: value}``: two columns, ``columns`` names them.

    Fractions show as ``p/q ≈ 0.1234`` (see :func:`fmt`), in the language's notation.

    >>> t = table({"brelan": Fraction(1, 4)}, ["figure", "P"], lang="en")
    >>> "<th>figure</th>" in t.html, "1/4 ≈ 0.2500" in t.html
    (True, True)
    >>> table([(1, 2)], ["a"])
    Traceback (most recent call last):
    ...
    dicelab.render.plots.PlotError: table: row 0 has 2 cells but there are 1 columns
    """
    if isinstance(rows, Mapping):
        cols = list(columns or (_("key", lang=lang), _("value", lang=lang)))
        body = [[k, v] for k, v in rows.items()]
    else:
        rows = list(rows)
        if rows and isinstance(rows[0], Mapping):
            cols = list(columns or rows[0].keys())
            body = [[r.get(c, "") for c in cols] for r in rows]
        else:
            body = [list(r) for r in rows]
            cols = list(columns or [_("column {i}", lang=lang, i=i + 1)
                                    for i in range(len(body[0]) if body else 0)])
    for i, r in enumerate(body):
        if len(r) != len(cols):
            raise PlotError("table: row {i} has {n} cells but there are {m} columns", i=i,
                            n=len(r), m=len(cols))
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in cols)
    lines = [
        "<tr>" + "".join(f"<td>{html.escape(fmt(v, digits, lang))}</td>" for v in r) + "</tr>"
        for r in body
    ]
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return HTMLOutput(
        '<table class="dicelab-table" style="border-collapse:collapse">'
        f"{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"
    )


def answer(*paragraphs: str, summary: str | None = None, lang: str | None = None) -> HTMLOutput:
    """A collapsed ``<details>`` block whose text is computed in a code cell.

    Paragraphs are plain text (escaped); a lesson builds them from computed values,
    so an answer never types a number the package computes.

    >>> answer("It is 3.", summary="Show").html
    '<details class="dicelab-answer"><summary>Show</summary><p>It is 3.</p></details>'
    """
    summary = _("Answer", lang=lang) if summary is None else summary
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
    return HTMLOutput(
        f'<details class="dicelab-answer"><summary>{html.escape(summary)}</summary>'
        f"{body}</details>"
    )


__all__ = [
    "HATCHES",
    "LINESTYLES",
    "MARKERS",
    "OKABE_ITO",
    "PALETTE",
    "HTMLOutput",
    "PlotError",
    "alt_text",
    "answer",
    "bar_distribution",
    "bars",
    "convergence_plot",
    "chart_html",
    "figure_png",
    "fmt",
    "grouped_bars",
    "show",
    "state_diagram",
    "table",
    "turns_histogram",
]
