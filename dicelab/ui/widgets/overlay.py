"""The odds overlay: every choice's exact numbers as labelled bars, the best and your choice.

The HTML is built by pure functions (:func:`odds_html`, :func:`selection_sentence`)
from an :class:`~dicelab.engine.advice.Advice`; :class:`OddsOverlay` is the
widget around them.  Advice is computed once per position by the app (cached
by state); a die toggle only re-marks the selection, which is a string build.
Every word is in the overlay's language; each objective has its name and, in a tooltip,
its mathematical name and meaning (:mod:`dicelab.core.objectives`).

>>> from dicelab.engine.advice import Advice, Choice, rank
>>> from dicelab.games._base import Roll, Stop
>>> adv = Advice("p_win", True, rank(
...     [Choice((5, 5), Roll((5, 5)), "keep 5 5, roll 3", {"p_win": 0.25}),
...      Choice((1, 5, 5, 5, 6), Stop(), "stop", {"p_win": 0.5})], "p_win", True))
>>> "★ best" in odds_html(adv, {Stop()}, lang="en")
True
>>> print(selection_sentence(adv, {Roll((5, 5))}, lang="en"))  # doctest: +NORMALIZE_WHITESPACE
Your choice “keep 5 5, roll 3” loses 25.0 percentage points of chance to win the game
against the best (“stop”, chance to win 50.0%).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from dicelab.core.i18n import N_, _, get_language, ngettext
from dicelab.core.objectives import format_objective, is_probability
from dicelab.registry import objective_meaning, objective_name
from dicelab.ui.text import esc, fmt_loss, shown_loss

TIE = 1e-12
#: At phone width the odds table shows this many best choices (and the player's own, when
#: it is further down); the others are behind the "all choices" button.
SHORT_LIST = 5

Labeller = Callable[[Any], str]

#: Messages used inside f-strings below (marked here so the catalog extracts them).
_MARKED = (
    N_('choice'),
    N_('value'),
    N_('other numbers'),
    N_('Nothing to choose here.'),
    N_('No choice to advise in this position.'),
    N_('Hint:'),
)



def best_mark(lang: str | None = None) -> str:
    return "★ " + _("best", lang=lang)


def your_mark(lang: str | None = None) -> str:
    return "◀ " + _("your choice", lang=lang)


def _label(choice: Any, label_of: Labeller | None) -> str:
    return label_of(choice) if label_of is not None else choice.label


def _bar_width(advice: Any, value: float) -> float:
    """Bar length in percent; a longer bar is always a better choice.

    Probabilities (higher is better): the probability itself, on 0–100 %.  Other
    objectives where higher is better: relative to the largest.  Lower is better
    (expected turns): the best value divided by this one (the best is a full bar).
    """
    if is_probability(advice.objective) and advice.higher_is_better:
        return max(0.0, min(100.0, 100.0 * value))
    if not advice.higher_is_better:
        best = advice.best.numbers[advice.objective]
        if value <= 0:
            return 100.0
        return max(0.0, min(100.0, 100.0 * best / value))
    values = [abs(c.numbers[advice.objective]) for c in advice.choices]
    top = max(values) if values else 0.0
    return 0.0 if top <= 0 else max(0.0, min(100.0, 100.0 * abs(value) / top))


def objective_text(name: str, value: float, lang: str | None = None,
                game: str | None = None) -> str:
    """``"chance to win 41.3%"``."""
    return f"{objective_name(name, lang, game)} {format_objective(name, value, lang)}"


def _objective_span(name: str, value: float, lang: str | None, game: str | None = None) -> str:
    return (f'<span title="{esc(objective_meaning(name, lang, game))}">'
            f"{esc(objective_text(name, value, lang, game))}</span>")


def choice_row(advice: Any, choice: Any, *, best: bool, mine: bool, lang: str | None = None,
               label_of: Labeller | None = None, game: str | None = None,
               extra: bool = False) -> str:
    """One ``<tr>``: label, a bar with the number written next to it, the other numbers,
    marks; ``extra``: a row past the short list (class ``dicelab-extra``: hidden at phone
    width until "all choices" is pressed)."""
    obj = advice.objective
    value = choice.numbers[obj]
    width = _bar_width(advice, value)
    bar = (
        f'<span class="dicelab-bar-track">'
        f'<span class="dicelab-bar" style="width:{width:.1f}%"></span></span>'
    )
    others = ", ".join(
        _objective_span(k, v, lang, game) for k, v in choice.numbers.items() if k != obj
    )
    marks = []
    if best:
        marks.append(f"<strong>{esc(best_mark(lang))}</strong>")
    if mine:
        marks.append(f"<strong>{esc(your_mark(lang))}</strong>")
    weight = "font-weight:bold;" if best or mine else ""
    # at phone width (CSS in faces.py) a row is compact: choice (with its marks), bar and
    # value; the other numbers open on demand from the choice's cell
    inline = "".join(
        f'<span class="dicelab-mark-inline">{esc(m)} </span>'
        for m, on in (("★", best), ("◀", mine)) if on)
    more = (f'<details class="dicelab-more"><summary>{esc(_("other numbers", lang=lang))}'
            f"</summary>{others}</details>" if others else "")
    return (
        f'<tr class="dicelab-choice{" dicelab-best" if best else ""}'
        f'{" dicelab-mine" if mine else ""}{" dicelab-extra" if extra else ""}">'
        f'<td style="{weight}">{inline}{esc(_label(choice, label_of))}{more}</td>'
        f"<td>{bar}</td>"
        f'<td style="{weight}white-space:nowrap" class="dicelab-number">'
        f"{_value_span(obj, value, lang, game)}</td>"
        f'<td style="font-size:85%" class="dicelab-others">{others}</td>'
        f'<td style="white-space:nowrap" class="dicelab-marks">{" ".join(marks)}</td></tr>'
    )


def _value_span(name: str, value: float, lang: str | None, game: str | None = None) -> str:
    """The objective's value: its name (hidden at phone width, the column says it) and
    its value."""
    return (f'<span title="{esc(objective_meaning(name, lang, game))}">'
            f'<span class="dicelab-number-name">{esc(objective_name(name, lang, game))} </span>'
            f"{esc(format_objective(name, value, lang))}</span>")


def _table(rows: list[str], advice: Any, lang: str | None, players: int = 1,
           game: str | None = None) -> str:
    better = (_("higher is better", lang=lang) if advice.higher_is_better
              else _("lower is better", lang=lang))
    title = objective_name(advice.objective, lang, game)
    meaning = objective_meaning(advice.objective, lang, game)
    solo = ""
    if max(players, getattr(advice, "players", 1) or 1) > 1 \
            and getattr(advice, "kind", "solo") != "duel":
        solo = " — " + _("solo odds", lang=lang)
    return (
        '<div class="dicelab-odds">'
        '<table class="dicelab-surface" style="border-collapse:collapse;font-size:13px">'
        '<caption style="text-align:left;padding:2px 6px">'
        + esc(_("Exact odds of each choice, ranked by {number} ({better})", lang=lang,
                number=title, better=better))
        + esc(solo)
        + "</caption>"
        f"<tr><th>{esc(_('choice', lang=lang))}</th>"
        f'<th title="{esc(meaning)}">{esc(title)}</th>'
        f"<th>{esc(_('value', lang=lang))}</th>"
        f"<th>{esc(_('other numbers', lang=lang))}</th><th></th></tr>"
        + "".join(rows)
        + "</table></div>"
    )


def odds_html(advice: Any, selected: Collection[Any] = (), lang: str | None = None,
              label_of: Labeller | None = None, players: int = 1,
              game: str | None = None) -> str:
    """Every choice of ``advice`` as a labelled bar; ``selected`` holds the actions that the
    player's current selection would make (marked ``◀ your choice``); ``game`` (a key)
    names an objective in that game's own words (its registry entry).  The rows past the
    :data:`SHORT_LIST` best (the player's own excepted) have the class ``dicelab-extra``:
    at phone width they wait behind "all choices".

    >>> from dicelab.engine.advice import Advice, Choice, rank
    >>> from dicelab.games._base import Roll
    >>> adv = Advice("p_win", True, rank([Choice((k,), Roll((1, k)), f"keep 1 {k}",
    ...     {"p_win": k / 10}) for k in range(6, 0, -1)] + [Choice((2,), Roll((2, 2)),
    ...     "keep 2 2", {"p_win": 0.0})], "p_win", True))
    >>> [r["label"] for r in read_rows(odds_html(adv, {Roll((1, 1))}, lang="en"))
    ...  if "dicelab-extra" in r["classes"]]
    ['keep 2 2']
    """
    if not advice.choices:
        return f"<p>{esc(_('Nothing to choose here.', lang=lang))}</p>"
    best_value = advice.best.numbers[advice.objective]
    rows = []
    for i, c in enumerate(advice.choices):
        best = i == 0 or abs(c.numbers[advice.objective] - best_value) <= TIE
        mine = c.action in selected
        rows.append(choice_row(advice, c, best=best, mine=mine, lang=lang, label_of=label_of,
                               game=game, extra=i >= SHORT_LIST and not mine))
    return _table(rows, advice, lang, players, game)


def hint_html(advice: Any, lang: str | None = None, label_of: Labeller | None = None,
              players: int = 1, game: str | None = None) -> str:
    """Only the best choice (the second Hint)."""
    if not advice.choices:
        return f"<p>{esc(_('Nothing to choose here.', lang=lang))}</p>"
    return _table([choice_row(advice, advice.best, best=True, mine=False, lang=lang,
                              label_of=label_of, game=game)], advice, lang, players, game)


def dice_that_matter(advice: Any, dice: Collection[int]) -> list[tuple[int, float]]:
    """Faces whose keeping changes the value most: ``(face, difference)``, biggest first.

    For each face on the table: the best value among the choices keeping at least one
    die of that face, against the best among those keeping none.
    """
    out = []
    sign = 1.0 if advice.higher_is_better else -1.0
    for face in sorted(set(dice)):
        with_it = [c.numbers[advice.objective] for c in advice.choices
                   if face in (getattr(c.action, "keep", ()) or ())]
        without = [c.numbers[advice.objective] for c in advice.choices
                   if face not in (getattr(c.action, "keep", ()) or ())]
        if not with_it or not without:
            continue
        diff = abs(sign * max(sign * v for v in with_it) - sign * max(sign * v for v in without))
        out.append((face, diff))
    out.sort(key=lambda x: -x[1])
    return out


def matter_html(advice: Any, dice: Collection[int], lang: str | None = None,
                game: str | None = None) -> str:
    """The first Hint: which dice matter most (without saying what to do with them)."""
    ranked = [(f, d) for f, d in dice_that_matter(advice, dice) if d > 1e-9]
    if not ranked:
        return "<p>" + esc(_("Every choice here is about the same: compare what each one "
                             "leaves you.", lang=lang)) + "</p>"
    top = ranked[:2]
    faces = " · ".join(
        _("the {face}s ({x})", lang=lang, face=f, x=fmt_loss(advice.objective, d, lang, game))
        for f, d in top
    )
    return "<p>" + esc(_("Think about these dice first: {faces}.", lang=lang, faces=faces)) \
        + "</p>"


def selection_sentence(advice: Any, selected: Collection[Any], empty: str = "",
                       lang: str | None = None, label_of: Labeller | None = None,
                       game: str | None = None) -> str:
    """How much the current selection loses against the best, as one sentence (plain text)."""
    if not advice.choices:
        return ""
    if not selected:
        return empty
    mine = [c for c in advice.choices if c.action in selected]
    if not mine:
        return empty or _("Your selection is not one of the legal choices here.", lang=lang)
    best = advice.best
    best_text = (_("“{label}”", lang=lang, label=_label(best, label_of)) + ", "  # « … »
                 f"{objective_text(advice.objective, best.numbers[advice.objective], lang)}")
    out = []
    for c in mine:
        if c.loss <= TIE:
            out.append(_("Your choice “{label}” is the best choice.", lang=lang,
                         label=_label(c, label_of)))
        elif advice.objective == "expected_turns":
            out.append(_("Your choice “{label}” costs {loss} against the best ({best}).",
                         lang=lang, label=_label(c, label_of),
                         loss=fmt_loss(advice.objective, _shown(advice, c), lang, game),
                         best=best_text))
        else:
            out.append(_("Your choice “{label}” loses {loss} against the best ({best}).",
                         lang=lang, label=_label(c, label_of),
                         loss=fmt_loss(advice.objective, _shown(advice, c), lang, game),
                         best=best_text))
    return " ".join(out)


def _shown(advice: Any, choice: Any) -> float:
    """``choice``'s exact loss, rounded on screen as the table's values (``text.shown_loss``)."""
    obj = advice.objective
    return shown_loss(obj, advice.best.numbers[obj], choice.numbers[obj])


_ROW = re.compile(r'<tr class="dicelab-choice([^"]*)"[^>]*>(.*?)</tr>', re.S)
_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
_TAG = re.compile(r"<[^>]+>")
_MORE = re.compile(r'<span class="dicelab-mark-inline">.*?</span>|<details.*?</details>', re.S)


def read_rows(html_text: str) -> list[dict[str, Any]]:
    """Read back the choice rows of :func:`odds_html` (for tests and the browser test):
    each a dict with ``label``, ``number`` (e.g. ``"chance to win 41.3%"``), ``marks``
    and ``classes``.

    >>> from dicelab.engine.advice import Advice, Choice
    >>> from dicelab.games._base import Stop
    >>> adv = Advice("p_win", True, (Choice((1,), Stop(), "stop", {"p_win": 0.413}),))
    >>> read_rows(odds_html(adv, {Stop()}, lang="en"))[0]["number"]
    'chance to win 41.3%'
    """
    out = []
    for classes, body in _ROW.findall(html_text):
        body = _MORE.sub("", body)
        cells = [_TAG.sub("", c) for c in _CELL.findall(body)]
        out.append({
            "classes": classes.split(),
            "label": html.unescape(cells[0]),
            "number": html.unescape(cells[2]),
            "marks": html.unescape(cells[4]),
        })
    return out


@dataclass
class CoachTally:
    """Adds up how much the player's actual choices lost against the best, by objective.

    Each decision remembers the step it was made at, so Undo takes it back.

    >>> t = CoachTally(lang="en")
    >>> t.add("p_win", 0.05); t.add("p_win", 0.0)
    >>> t.decisions, round(t.lost["p_win"], 3), t.below_best
    (2, 0.05, 1)
    >>> t.text()
    ... # doctest: +NORMALIZE_WHITESPACE
    'Coach: 2 decisions, 1 below the best; lost 5.0 percentage points of chance to win the
    game in total.'
    """

    lang: str = "en"
    records: list[tuple[int, str, float, str]] = field(default_factory=list)
    game: str | None = None

    def add(self, objective: str, loss: float, label: str = "", step: int = -1) -> None:
        self.records.append((step, objective, loss, label))

    def undo_to(self, steps: int) -> None:
        """Forget the decisions made at step ``steps`` or later (after an Undo)."""
        self.records = [r for r in self.records if r[0] < steps]

    @property
    def decisions(self) -> int:
        return len(self.records)

    @property
    def below_best(self) -> int:
        return sum(1 for r in self.records if r[2] > TIE)

    @property
    def lost(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for _step, obj, loss, _label in self.records:
            out[obj] = out.get(obj, 0.0) + max(0.0, loss)
        return out

    @property
    def last(self) -> str:
        if not self.records:
            return ""
        _step, obj, loss, label = self.records[-1]
        if not label:
            return ""
        if loss <= TIE:
            return _("Last choice “{label}”: the best.", lang=self.lang, label=label)
        return _("Last choice “{label}”: {verb} {loss}.", lang=self.lang, label=label,
                 verb=self._verb(obj), loss=fmt_loss(obj, loss, self.lang, self.game))

    def _verb(self, objective: str) -> str:
        return _("cost", lang=self.lang) if objective == "expected_turns" \
            else _("lost", lang=self.lang)

    def text(self) -> str:
        if not self.decisions:
            return _("Coach: no decisions yet.", lang=self.lang)
        lost = "; ".join(f"{self._verb(k)} {fmt_loss(k, v, self.lang, self.game)}"
                         for k, v in self.lost.items())
        n = ngettext("{n} decision", "{n} decisions", self.decisions, lang=self.lang)
        return _("Coach: {n}, {below} below the best; {lost} in total.", lang=self.lang,
                 n=n, below=self.below_best, lost=lost)


class OddsOverlay:
    """The overlay widget (class ``dicelab-overlay``): a Show-odds switch, a Hint button
    (a ladder: which dice matter, then the best choice, then the full table), a line
    about the exact two-player odds (``note``, set by the app), the odds, the selection
    sentence and the coach tally.

    ``get_advice`` is called lazily (only when odds or hint are shown) and must be cheap
    on repeated calls for one position (the app caches advice by state).
    """

    def __init__(self, lang: str | None = None) -> None:
        import ipywidgets as w

        self.lang = get_language(lang)
        self.show_odds = w.Checkbox(value=False, indent=False)
        self.show_odds.add_class("dicelab-show-odds")
        self.hint_button = w.Button(icon="lightbulb-o")
        self.hint_button.add_class("dicelab-hint")
        self.body = w.HTML()
        self.body.add_class("dicelab-odds-body")
        #: at phone width (CSS in faces.py): the choices past the short list, on demand
        self.all_choices = w.ToggleButton(value=False, icon="list",
                                          layout=w.Layout(width="auto", display="none"))
        self.all_choices.add_class("dicelab-all-choices")
        self.sentence = w.HTML()
        self.sentence.add_class("dicelab-loss")
        self.coach = w.HTML()
        self.coach.add_class("dicelab-coach")
        #: the line about the exact two-player odds (being computed, failed, ready)
        self.note = w.HTML(layout=w.Layout(display="none"))
        self.note.add_class("dicelab-duel-status")
        self.box = w.VBox(
            [w.HBox([self.show_odds, self.hint_button]), self.note, self.body,
             self.all_choices, self.sentence, self.coach]
        )
        self.box.add_class("dicelab-overlay")
        self.box.add_class("dicelab-odds-short")
        #: 0 = no hint; 1 = which dice matter; 2 = the best choice; 3 = the full table
        self.hint_level = 0
        #: the computer plays every seat (lesson 14): no coach line, no "nothing to advise"
        self.quiet = False
        self._get_advice: Callable[[], Any] | None = None
        #: tells whether the next advice needs a computation (set by the app)
        self.is_cold: Callable[[], bool] | None = None
        self.label_of: Labeller | None = None
        #: the coach's hint text for a level (set by the app), or ``None``
        self.hint_text: Callable[[int], str | None] | None = None
        #: called with the new level after each hint (the app marks the dice)
        self.on_hint: Callable[[int], None] | None = None
        self.dice: tuple[int, ...] = ()
        #: players in the game: with 2 to 6, solo numbers are labelled "solo odds"
        self.players = 1
        #: the game's key (set by the app): names objectives in its own words (the registry)
        self.game: str | None = None
        self._selected: Collection[Any] = ()
        self._empty = ""
        self.tally = CoachTally(lang=self.lang)
        self.show_odds.observe(lambda _change: self.render(), names="value")
        self.all_choices.observe(lambda _change: self._short_list(), names="value")
        self.hint_button.on_click(self._on_hint)
        self.relabel(self.lang)

    @property
    def hint_on(self) -> bool:
        return self.hint_level > 0

    def relabel(self, lang: str) -> None:
        """Every fixed word in ``lang`` (the language switch)."""
        self.lang = lang
        self.tally.lang = lang
        self.show_odds.description = _("Show odds", lang=lang)
        self.show_odds.tooltip = _("Show the exact odds of every choice (predict first!)",
                                   lang=lang)
        self._hint_text()
        self.render()
        self._short_list()
        self.render_coach()

    def _short_list(self, choices: int | None = None) -> None:
        """The "all choices" button: shown when the table has more rows than the short list
        (``choices``: how many; ``None`` keeps the last count), worded for what it does
        next (not by its colour alone), and the box's class that folds the other rows."""
        if choices is not None:
            self._choices = choices
        n = getattr(self, "_choices", 0)
        folded = not self.all_choices.value
        self.all_choices.layout.display = "" if n > SHORT_LIST else "none"
        self.all_choices.description = (
            _("all choices ({n})", lang=self.lang, n=n) if folded else
            _("only the best {n}", lang=self.lang, n=SHORT_LIST))
        self.all_choices.tooltip = (
            _("Show every choice, not only the best ones", lang=self.lang) if folded else
            _("Show only the best choices", lang=self.lang))
        if folded:
            self.box.add_class("dicelab-odds-short")
        else:
            self.box.remove_class("dicelab-odds-short")

    def _hint_text(self) -> None:
        texts = {
            0: _("Hint: which dice matter", lang=self.lang),
            1: _("Hint: the best choice", lang=self.lang),
            2: _("Hint: the full table", lang=self.lang),
        }
        self.hint_button.description = _("Hint", lang=self.lang) + " (H)"
        self.hint_button.tooltip = texts.get(self.hint_level, texts[2])

    # ------------------------------------------------------------------ state
    def new_position(self, get_advice: Callable[[], Any] | None,
                     dice: tuple[int, ...] = ()) -> None:
        """A new position: forget the hint; ``None`` when there is no choice to advise."""
        self._get_advice = get_advice
        self.dice = tuple(dice)
        self.hint_level = 0
        self.hint_button.disabled = get_advice is None
        self._hint_text()

    def set_note(self, html_text: str) -> None:
        """The line about the exact two-player odds (HTML; empty hides it)."""
        if self.note.value != html_text:
            self.note.value = html_text
        self.note.layout.display = "" if html_text else "none"

    def set_selection(self, selected: Collection[Any], empty: str = "") -> None:
        """The actions the player's current selection would make (re-marks, no recompute)."""
        self._selected = selected
        self._empty = empty
        self.render()

    def _on_hint(self, _button: Any = None) -> None:
        self.hint(self.hint_level + 1)

    def hint(self, level: int) -> None:
        """Show hint ``level`` (1 which dice matter, 2 the best choice, 3 the full table)."""
        if self._get_advice is None:
            return
        self.hint_level = max(0, min(3, level))
        self._hint_text()
        self.render()
        if self.on_hint is not None:
            self.on_hint(self.hint_level)

    # ----------------------------------------------------------------- render
    def advice(self) -> Any:
        """The current position's advice (computed at most once per position by the app)."""
        return None if self._get_advice is None else self._get_advice()

    def render(self) -> None:
        lang = self.lang
        self._short_list(0)  # no table (yet): no "all choices"
        if self._get_advice is None:
            nothing = _("No choice to advise in this position.", lang=lang)
            self.body.value = "" if self.quiet else f"<p><em>{esc(nothing)}</em></p>"
            self.sentence.value = ""
            return
        if not self.show_odds.value and not self.hint_on:
            self.body.value = "<p><em>" + esc(_(
                "Odds hidden: predict first, then tick “Show odds” (or ask for a Hint).",
                lang=lang)) + "</em></p>"
            self.sentence.value = ""
            return
        if self.is_cold is not None and self.is_cold():
            # the first advice of a game may need a solve: say so before waiting
            self.body.value = "<p><em>" + esc(_(
                "Computing the exact odds (the first time, the game is being solved; this "
                "can take a few seconds)…", lang=lang)) + "</em></p>"
        try:
            advice = self.advice()
        except Exception as e:  # the engine may not offer advice for this position
            msg = e.message(lang) if hasattr(e, "message") else _("no advice", lang=lang)
            self.body.value = "<p><em>" + esc(_("Exact odds are not available here: {why}",
                                                lang=lang, why=msg)) + "</em></p>"
            self.sentence.value = ""
            return
        if self.show_odds.value or self.hint_level >= 3:
            self.body.value = odds_html(advice, self._selected, lang, self.label_of,
                                        self.players, self.game)
            self._short_list(len(advice.choices))
            text = selection_sentence(advice, self._selected, self._empty, lang, self.label_of,
                                      self.game)
            self.sentence.value = f"<p>{esc(text)}</p>" if text else ""
        elif self.hint_level == 1:
            coach = self.hint_text(1) if self.hint_text is not None else None
            self.body.value = (f"<p><strong>{esc(_('Hint:', lang=lang))}</strong></p>"
                               + (f'<p class="dicelab-hint-text">{esc(coach)}</p>' if coach
                                  else matter_html(advice, self.dice, lang, self.game)))
            self.sentence.value = ""
        else:
            self.body.value = (f"<p><strong>{esc(_('Hint:', lang=lang))}</strong></p>"
                               + hint_html(advice, lang, self.label_of, self.players, self.game))
            self.sentence.value = ""

    def render_coach(self) -> None:
        last = f"<br>{esc(self.tally.last)}" if self.tally.last else ""
        self.coach.value = "" if self.quiet else f"<p>{esc(self.tally.text())}{last}</p>"

    def reset_tally(self) -> None:
        self.tally = CoachTally(lang=self.lang)
        self.render_coach()
