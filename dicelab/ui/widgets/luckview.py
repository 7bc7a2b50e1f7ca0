"""Luck and skill in the apps: the end-of-game split and a teacher's class view.

* :func:`end_html` — what the end-of-game screen adds under "Game over": each human
  player's luck of the dice and cost of decisions in one sentence
  (:meth:`dicelab.analysis.luck.LuckReport.sentence`) and the chart, folded in a ``<details>``
  that opens it (keyboard and screen-reader friendly, no script).  Computed once per
  finished game and language; empty when the two-player table is not at hand yet (the
  app never starts a long solve for it) or with three players or more.
* :class:`ClassView` — several saved games loaded together (file upload, or
  :meth:`ClassView.load` from Python): :func:`dicelab.analysis.review.class_summary` as
  sentences, a chart and a table, with each seat's rating pooled over the games of one
  game (load one student's saves to rate that student over them).

DOM classes: ``dicelab-luck-end`` (the end-of-game split), ``dicelab-luck-chart`` (its
``<details>``), ``dicelab-class-view``, ``dicelab-class-upload``,
``dicelab-class-output``, ``dicelab-message``.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Collection, Sequence
from typing import Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import _, get_language

# id(game) -> (weak reference to the game, key, html); a few finished games at most
_END: dict[int, tuple[Any, Any, str]] = {}


def end_html(game: Any, lang: str | None = None, players: Any = None,
             names: Sequence[str] | None = None, computer: Collection[int] = ()) -> str:
    """The luck/skill split of a finished ``game`` for ``players`` (default: every seat),
    with the chart folded under it; ``""`` when there is none to show.  ``names``: the
    seats' names (default « Joueur 1 »…; the apps give « Vous » / « Ordinateur » against
    the computer); a ``computer`` seat's split is said in the third person, never as
    « vos dés »."""
    from dicelab.analysis import luck
    from dicelab.render.plots import chart_html

    lang = get_language(lang)
    if not game.is_over or game.players > 2 or not luck.ready(game):
        return ""
    seats = tuple(range(game.players)) if players is None else tuple(players)
    key = (len(game.actions), lang, seats, tuple(names or ()), tuple(sorted(computer)))
    cached = _END.get(id(game))
    if cached is not None and cached[0]() is game and cached[1] == key:
        return cached[2]
    try:
        rep = luck.analyse(game, lang)
    except DicelabError:
        return ""
    e = html.escape
    lines = []
    named = list(names) if names else [_("Player {n}", lang=lang, n=p + 1)
                                       for p in range(game.players)]
    for p in seats:
        if p in computer:  # the computer's dice are not « vos dés »: named, third person
            text = rep.named_sentence(p, named[p], lang)
        else:
            text = rep.sentence(p, lang)
            if game.players > 1:
                text = _("{player}: {text}", lang=lang, player=named[p], text=text)
        lines.append(f"<p>{e(text)}</p>")
    # the chart's caption names every player; a seat not shown is the computer's
    if not names:
        named = [named[p] if p in seats or players is None else
                 _("{player} (computer)", lang=lang, player=named[p])
                 for p in range(game.players)]
    show = _("Show the luck and skill chart", lang=lang)
    out = (f'<div class="dicelab-luck-end">{"".join(lines)}'
           f'<details class="dicelab-luck-chart"><summary>{e(show)}</summary>'
           f"{chart_html(rep.to_figure(lang, names=named))}</details></div>")
    if len(_END) >= 8:
        _END.clear()
    _END[id(game)] = (weakref.ref(game), key, out)
    return out


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
