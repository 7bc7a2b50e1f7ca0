"""Luck and skill in the apps: the end-of-game split, its chart, and a teacher's class view.

* :func:`end_html` — what the end-of-game screen adds under "Game over": each human
  player's luck of the dice and cost of decisions in one sentence
  (:meth:`dicelab.analysis.luck.LuckReport.sentence`).  Computed once per finished game
  and language; empty when the two-player table is not at hand yet (the app never starts
  a long solve for it) or with three players or more.
* :func:`chart_html` — that split's chart (:meth:`dicelab.analysis.luck.LuckReport.to_figure`,
  drawn with matplotlib), and :class:`LuckChart`, the app's button that draws it only when
  a student asks for it: matplotlib (about 30 MB) is never imported by a kernel whose
  student does not look at the chart (a class of 30 on one hub, docs/teachers.md).
* :class:`ClassView` — several saved games loaded together (file upload, or
  :meth:`ClassView.load` from Python): :func:`dicelab.analysis.review.class_summary` as
  sentences, a chart and a table, with each seat's rating pooled over the games of one
  game (load one student's saves to rate that student over them).

DOM classes: ``dicelab-luck-end`` (the end-of-game split), ``dicelab-luck-chart-button``
(Show / Hide the chart), ``dicelab-luck-chart`` (the chart), ``dicelab-class-view``,
``dicelab-class-upload``, ``dicelab-class-output``, ``dicelab-message``.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable, Collection, Sequence
from typing import Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import _, get_language

# (kind, id(game)) -> (weak reference to the game, key, html); a few finished games at most
_END: dict[tuple[str, int], tuple[Any, Any, str]] = {}


def _report(game: Any, lang: str, players: Any, names: Sequence[str] | None,
            computer: Collection[int], kind: str,
            make: Callable[[Any, tuple[int, ...], list[str]], str]) -> str:
    """The ``kind`` piece (``"end"``: sentences, ``"chart"``) of a finished ``game``'s luck
    report, made by ``make(report, seats, names)`` once per game, language and seats."""
    from dicelab.analysis import luck

    if not game.is_over or game.players > 2 or not luck.ready(game):
        return ""
    seats = tuple(range(game.players)) if players is None else tuple(players)
    key = (len(game.actions), lang, seats, tuple(names or ()), tuple(sorted(computer)))
    cached = _END.get((kind, id(game)))
    if cached is not None and cached[0]() is game and cached[1] == key:
        return cached[2]
    try:
        rep = luck.analyse(game, lang)
    except DicelabError:
        return ""
    named = list(names) if names else [_("Player {n}", lang=lang, n=p + 1)
                                       for p in range(game.players)]
    out = make(rep, seats, named)
    if len(_END) >= 8:
        _END.clear()
    _END[(kind, id(game))] = (weakref.ref(game), key, out)
    return out


def end_html(game: Any, lang: str | None = None, players: Any = None,
             names: Sequence[str] | None = None, computer: Collection[int] = ()) -> str:
    """The luck/skill split of a finished ``game`` for ``players`` (default: every seat),
    in sentences; ``""`` when there is none to show.  ``names``: the seats' names (default
    « Joueur 1 »…; the apps give « Vous » / « Ordinateur » against the computer); a
    ``computer`` seat's split is said in the third person, never as « vos dés ».  The chart
    is :func:`chart_html` (the app draws it when asked: :class:`LuckChart`).

    >>> from dicelab.analysis.policies import optimal
    >>> from dicelab.games import trwavril
    >>> game, best = trwavril.Game(seed=3), optimal()
    >>> while not game.state.is_over:
    ...     _ = game.apply(best(game.state))
    >>> page = end_html(game, "en")
    >>> page.startswith('<div class="dicelab-luck-end"><p>Luck of the dice:'), "<img" in page
    (True, False)
    """
    lang = get_language(lang)

    def make(rep: Any, seats: tuple[int, ...], named: list[str]) -> str:
        lines = []
        for p in seats:
            if p in computer:  # the computer's dice are not « vos dés »: named, third person
                text = rep.named_sentence(p, named[p], lang)
            else:
                text = rep.sentence(p, lang)
                if game.players > 1:
                    text = _("{player}: {text}", lang=lang, player=named[p], text=text)
            lines.append(f"<p>{html.escape(text)}</p>")
        return f'<div class="dicelab-luck-end">{"".join(lines)}</div>'

    return _report(game, lang, players, names, computer, "end", make)


def chart_html(game: Any, lang: str | None = None, players: Any = None,
               names: Sequence[str] | None = None, computer: Collection[int] = ()) -> str:
    """The chart of :func:`end_html`'s split (an HTML ``<figure>``, its text under it),
    ``""`` when there is none; this one imports matplotlib.  Its caption names every
    player; without ``names``, a seat not among ``players`` is the computer's."""
    lang = get_language(lang)
    explicit = bool(names)

    def make(rep: Any, seats: tuple[int, ...], named: list[str]) -> str:
        from dicelab.render.plots import chart_html as figure_html

        if not explicit:
            named = [named[p] if p in seats or players is None else
                     _("{player} (computer)", lang=lang, player=named[p])
                     for p in range(game.players)]
        return figure_html(rep.to_figure(lang, names=named))

    return _report(game, lang, players, names, computer, "chart", make)


class LuckChart:
    """The end screen's « Show the luck and skill chart » button
    (``dicelab-luck-chart-button``, a button: Tab and Enter or Space work) and the chart
    under it (``dicelab-luck-chart``), drawn by ``draw()`` the first time it is shown and
    kept until :meth:`offer` is told of another game; ``guard`` wraps the button's
    callback (the app's: an error becomes its message).

    >>> panel = LuckChart(lambda: "<figure>chart</figure>", "en")
    >>> panel.button.layout.display, panel.chart.layout.display
    ('none', 'none')
    >>> panel.offer(("game", 1)); panel.button.description
    'Show the luck and skill chart'
    >>> panel.toggle()
    True
    >>> panel.chart.value, panel.button.description
    ('<figure>chart</figure>', 'Hide the luck and skill chart')
    >>> panel.offer(None); panel.button.layout.display, panel.chart.value
    ('none', '')
    """

    def __init__(self, draw: Callable[[], str], lang: str,
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
                 ) -> None:
        import ipywidgets as w

        self.draw = draw
        self.lang = lang
        self.button = w.Button(icon="bar-chart", layout=w.Layout(
            width="auto", display="none", align_self="flex-start"))  # its own width
        self.button.add_class("dicelab-luck-chart-button")
        self.chart = w.HTML(layout=w.Layout(display="none"))
        self.chart.add_class("dicelab-luck-chart")
        self.box = w.VBox([self.button, self.chart])
        self.key: Any = None
        # the app's guard turns an error into its message
        self.button.on_click(guard(self.toggle) if guard else lambda _b: self.toggle())
        self.relabel(lang)

    @property
    def shown(self) -> bool:
        return self.chart.layout.display != "none"

    def offer(self, key: Any, lang: str | None = None) -> None:
        """Show the button when there is a chart to draw: ``key`` names the finished game
        it is of (``None``: none, the button hides). Another key forgets the chart drawn
        (a new game, a game loaded), and hides it. ``lang``: the app's language now."""
        if lang is not None and lang != self.lang:
            self.relabel(lang)
        if key != self.key:
            self.key = key
            self.chart.layout.display = "none"
            self.chart.value = ""
            self.relabel(self.lang)
        self.button.layout.display = "" if key is not None else "none"

    def toggle(self, show: bool | None = None) -> bool:
        """Show the chart (drawn now if it is not yet) or hide it; returns whether shown."""
        show = not self.shown if show is None else show
        if show and not self.chart.value:
            self.chart.value = self.draw()
        self.chart.layout.display = "" if show and self.chart.value else "none"
        self.relabel(self.lang)
        return self.shown

    def relabel(self, lang: str) -> None:
        """Words in ``lang``; a chart shown is drawn again in it."""
        if lang != self.lang and self.chart.value:
            self.lang = lang
            self.chart.value = self.draw() if self.shown else ""
        self.lang = lang
        self.button.description = (_("Hide the luck and skill chart", lang=lang) if self.shown
                                   else _("Show the luck and skill chart", lang=lang))
        self.button.tooltip = _("Each roll's luck and each decision's cost, on a chart",
                                lang=lang)


class ClassView:
    """A teacher's view of luck against skill over several saved games.

    >>> v = ClassView(lang="en")
    >>> "dicelab-class-view" in v.box._dom_classes
    True
    """

    def __init__(self, lang: str | None = None) -> None:
        import ipywidgets as w

        self.lang = get_language(lang)
        self.upload = w.FileUpload(accept=".json", multiple=True,
                                   description=_("Saved games", lang=self.lang))
        self.upload.add_class("dicelab-class-upload")
        self.output = w.HTML()
        self.output.add_class("dicelab-class-output")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        help_text = _("Load the saved games of the class (several .json files at once): "
                      "each player's luck of the dice and cost of decisions, and their means.",
                      lang=self.lang)
        self.box = w.VBox([w.HTML(f"<p>{html.escape(help_text)}</p>"), self.upload,
                           self.message, self.output])
        self.box.add_class("dicelab-class-view")
        self.upload.observe(self._uploaded, names="value")
        self.summary: Any = None

    def _uploaded(self, change: Any) -> None:
        files = []
        for f in change["new"] or ():
            content = f.get("content") if isinstance(f, dict) else getattr(f, "content", None)
            if isinstance(content, str):  # the JSON itself, never a path
                content = content.encode("utf-8", "surrogatepass")
            # anything but bytes (None, a number: bytes(10**9) would be a gigabyte) is an
            # empty file, which the summary refuses with its message
            ok = isinstance(content, (bytes, bytearray, memoryview))
            files.append(bytes(content) if ok else b"")
        self.load(files)

    def load(self, files: Any) -> Any:
        """Summarise ``files`` (paths, JSON texts or games); a bad file is a message."""
        from dicelab.analysis import review

        try:
            self.summary = review.class_summary(files, self.lang)
        except DicelabError as err:
            self.message.value = f'<p role="alert">{html.escape(err.message(self.lang))}</p>'
            return None
        except Exception:  # noqa: BLE001 - never a traceback for a student
            self.message.value = "<p role=\"alert\">{}</p>".format(html.escape(
                _("Something went wrong while reading the saved games.", lang=self.lang)))
            return None
        self.message.value = ""
        self.output.value = self.summary.to_html(self.lang)
        return self.summary

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.box)


def class_view(lang: str | None = None) -> ClassView:
    """The class view widget (display ``class_view().box`` or the object itself)."""
    return ClassView(lang)
