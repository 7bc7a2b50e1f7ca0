"""The odds overlay: every choice's exact figures as labelled bars, the best and your choice.

The HTML is built by pure functions (:func:`odds_html`, :func:`selection_sentence`)
from an :class:`~dicelab.engine.advice.Advice`; :class:`OddsOverlay` is the
widget around them.  Advice is computed once per position by the app (cached
by state); a die toggle only re-marks the selection, which is a string build.

>>> from dicelab.engine.advice import Advice, Choice, rank
>>> from dicelab.games._base import Roll, Stop
>>> adv = Advice("p_win", True, rank(
...     [Choice((5, 5), Roll((5, 5)), "keep 5 5, roll 3", {"p_win": 0.25}),
...      Choice((1, 5, 5, 5, 6), Stop(), "stop", {"p_win": 0.5})], "p_win", True))
>>> "★ best" in odds_html(adv, {Stop()})
True
>>> print(selection_sentence(adv, {Roll((5, 5))}))  # doctest: +NORMALIZE_WHITESPACE
Your choice “keep 5 5, roll 3” loses 25.0 percentage points of win probability
against the best (“stop”, p_win 50.0 %).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from .text import FIGURE_TITLES, esc, fmt_figure, fmt_loss, is_probability, loss_verb

BEST_MARK = "★ best"
YOUR_MARK = "◀ your choice"
TIE = 1e-12

_ROW_STYLE = "border-bottom:1px solid #ddd"
_BAR_TRACK = (
    "display:inline-block;width:220px;height:14px;background:#eee;"
    "border:1px solid #999;vertical-align:middle"
)


def _bar_width(advice: Any, value: float) -> float:
    """Bar length in percent; a longer bar is always a better choice.

    Probabilities (higher is better): the probability itself, on 0–100 %.  Other
    figures where higher is better: relative to the largest.  Lower is better
    (expected turns): the best value divided by this one (the best is a full bar).
    """
    if is_probability(advice.objective) and advice.higher_is_better:
        return max(0.0, min(100.0, 100.0 * value))
    if not advice.higher_is_better:
        best = advice.best.figures[advice.objective]
        if value <= 0:
            return 100.0
        return max(0.0, min(100.0, 100.0 * best / value))
    values = [abs(c.figures[advice.objective]) for c in advice.choices]
    top = max(values) if values else 0.0
    return 0.0 if top <= 0 else max(0.0, min(100.0, 100.0 * abs(value) / top))


def _figure_text(name: str, value: float) -> str:
    return f"{FIGURE_TITLES.get(name, name)} {fmt_figure(name, value)}"


def choice_row(advice: Any, choice: Any, *, best: bool, mine: bool) -> str:
    """One ``<tr>``: label, a bar with the number written next to it, other figures, marks."""
    obj = advice.objective
    value = choice.figures[obj]
    width = _bar_width(advice, value)
    fill = "#1f5fa8" if best else "#7a9cc6"
    bar = (
        f'<span class="dicelab-bar-track" style="{_BAR_TRACK}">'
        f'<span class="dicelab-bar" style="display:block;height:100%;width:{width:.1f}%;'
        f'background:{fill}"></span></span>'
    )
    others = ", ".join(
        _figure_text(k, v) for k, v in choice.figures.items() if k != obj
    )
    marks = []
    if best:
        marks.append(f"<strong>{BEST_MARK}</strong>")
    if mine:
        marks.append(f"<strong>{YOUR_MARK}</strong>")
    weight = "font-weight:bold;" if best or mine else ""
    background = "background:#fff8d6;" if mine else ""
    return (
        f'<tr class="dicelab-choice{" dicelab-best" if best else ""}'
        f'{" dicelab-mine" if mine else ""}" style="{_ROW_STYLE};{background}">'
        f'<td style="padding:2px 6px;{weight}">{esc(choice.label)}</td>'
        f'<td style="padding:2px 6px">{bar}</td>'
        f'<td style="padding:2px 6px;{weight}white-space:nowrap" class="dicelab-figure">'
        f"{esc(_figure_text(obj, value))}</td>"
        f'<td style="padding:2px 6px;font-size:85%;color:#333">{esc(others)}</td>'
        f'<td style="padding:2px 6px;white-space:nowrap">{" ".join(marks)}</td></tr>'
    )


def _table(rows: list[str], advice: Any) -> str:
    better = "higher is better" if advice.higher_is_better else "lower is better"
    title = FIGURE_TITLES.get(advice.objective, advice.objective)
    return (
        f'<div class="dicelab-odds" style="max-height:360px;overflow-y:auto">'
        f'<table style="border-collapse:collapse;font-size:13px;background:#fff;color:#000">'
        f"<caption style=\"text-align:left;padding:2px 6px\">Exact odds by choice — "
        f"ranked by {esc(title)} ({better})</caption>"
        f'<tr><th style="text-align:left;padding:2px 6px">choice</th>'
        f'<th style="text-align:left;padding:2px 6px">{esc(title)}</th>'
        f'<th style="text-align:left;padding:2px 6px">value</th>'
        f'<th style="text-align:left;padding:2px 6px">other figures</th><th></th></tr>'
        + "".join(rows)
        + "</table></div>"
    )


def odds_html(advice: Any, selected: Collection[Any] = ()) -> str:
    """Every choice of ``advice`` as a labelled bar; ``selected`` holds the actions that the
    player's current selection would make (marked ``◀ your choice``)."""
    if not advice.choices:
        return "<p>Nothing to choose here.</p>"
    best_value = advice.best.figures[advice.objective]
    rows = [
        choice_row(
            advice,
            c,
            best=i == 0 or abs(c.figures[advice.objective] - best_value) <= TIE,
            mine=c.action in selected,
        )
        for i, c in enumerate(advice.choices)
    ]
    return _table(rows, advice)


def hint_html(advice: Any) -> str:
    """Only the best choice (the Hint button)."""
    if not advice.choices:
        return "<p>Nothing to choose here.</p>"
    return _table([choice_row(advice, advice.best, best=True, mine=False)], advice)


def selection_sentence(advice: Any, selected: Collection[Any], empty: str = "") -> str:
    """How much the current selection loses against the best, as one sentence (plain text)."""
    if not advice.choices:
        return ""
    if not selected:
        return empty
    mine = [c for c in advice.choices if c.action in selected]
    if not mine:
        return empty or "Your selection is not one of the legal choices here."
    best = advice.best
    best_text = f"“{best.label}”, {_figure_text(advice.objective, best.figures[advice.objective])}"
    out = []
    for c in mine:
        if c.loss <= TIE:
            out.append(f"Your choice “{c.label}” is the best choice.")
        else:
            out.append(
                f"Your choice “{c.label}” {loss_verb(advice.objective)} "
                f"{fmt_loss(advice.objective, c.loss)} "
                f"against the best ({best_text})."
            )
    return " ".join(out)


_ROW = re.compile(r'<tr class="dicelab-choice([^"]*)"[^>]*>(.*?)</tr>', re.S)
_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
_TAG = re.compile(r"<[^>]+>")


def read_rows(html_text: str) -> list[dict[str, Any]]:
    """Read back the choice rows of :func:`odds_html` (for tests and the browser test):
    each a dict with ``label``, ``figure`` (e.g. ``"p_win 41.3 %"``), ``marks`` and ``classes``.

    >>> from dicelab.engine.advice import Advice, Choice
    >>> from dicelab.games._base import Stop
    >>> adv = Advice("p_win", True, (Choice((1,), Stop(), "stop", {"p_win": 0.413}),))
    >>> read_rows(odds_html(adv, {Stop()}))[0]["figure"]
    'p_win 41.3 %'
    """
    out = []
    for classes, body in _ROW.findall(html_text):
        cells = [_TAG.sub("", c) for c in _CELL.findall(body)]
        out.append({
            "classes": classes.split(),
            "label": html.unescape(cells[0]),
            "figure": html.unescape(cells[2]),
            "marks": html.unescape(cells[4]),
        })
    return out


@dataclass
class CoachTally:
    """Adds up how much the player's actual choices lost against the best, by objective.

    >>> t = CoachTally()
    >>> t.add("p_win", 0.05); t.add("p_win", 0.0)
    >>> t.decisions, round(t.lost["p_win"], 3), t.below_best
    (2, 0.05, 1)
    >>> t.text()
    'Coach: 2 decisions, 1 below the best; lost 5.0 percentage points of win probability in total.'
    """

    decisions: int = 0
    below_best: int = 0
    lost: dict[str, float] = field(default_factory=dict)
    last: str = ""

    def add(self, objective: str, loss: float, label: str = "") -> None:
        self.decisions += 1
        if loss > TIE:
            self.below_best += 1
        self.lost[objective] = self.lost.get(objective, 0.0) + max(0.0, loss)
        if label:
            verb = "cost" if objective == "expected_turns" else "lost"
            verdict = "the best" if loss <= TIE else f"{verb} {fmt_loss(objective, loss)}"
            self.last = f"Last choice “{label}”: {verdict}."

    def text(self) -> str:
        if not self.decisions:
            return "Coach: no decisions yet."
        lost = "; ".join(
            f"{'cost' if k == 'expected_turns' else 'lost'} {fmt_loss(k, v)}"
            for k, v in self.lost.items()
        )
        word = "decision" if self.decisions == 1 else "decisions"
        return (
            f"Coach: {self.decisions} {word}, {self.below_best} below the best; {lost} in total."
        )


class OddsOverlay:
    """The overlay widget (class ``dicelab-overlay``): a Show-odds switch, a Hint button,
    the odds, the selection sentence and the coach tally.

    ``get_advice`` is called lazily (only when odds or hint are shown) and must be cheap
    on repeated calls for one position (the app caches advice by state).
    """

    def __init__(self) -> None:
        import ipywidgets as w

        self.show_odds = w.Checkbox(
            value=False, description="Show odds", indent=False,
            tooltip="Show the exact odds of every choice (predict first!)",
        )
        self.show_odds.add_class("dicelab-show-odds")
        self.hint_button = w.Button(
            description="Hint", tooltip="Show only the best choice", icon="lightbulb-o"
        )
        self.hint_button.add_class("dicelab-hint")
        self.body = w.HTML()
        self.body.add_class("dicelab-odds-body")
        self.sentence = w.HTML()
        self.sentence.add_class("dicelab-loss")
        self.coach = w.HTML()
        self.coach.add_class("dicelab-coach")
        self.box = w.VBox(
            [w.HBox([self.show_odds, self.hint_button]), self.body, self.sentence, self.coach]
        )
        self.box.add_class("dicelab-overlay")
        self.hint_on = False
        self._get_advice: Callable[[], Any] | None = None
        #: tells whether the next advice needs a computation (set by the app)
        self.is_cold: Callable[[], bool] | None = None
        self._selected: Collection[Any] = ()
        self._empty = ""
        self.tally = CoachTally()
        self.show_odds.observe(lambda _change: self.render(), names="value")
        self.hint_button.on_click(self._on_hint)
        self.render_coach()

    # ------------------------------------------------------------------ state
    def new_position(self, get_advice: Callable[[], Any] | None) -> None:
        """A new position: forget the hint; ``None`` when there is no choice to advise."""
        self._get_advice = get_advice
        self.hint_on = False
        self.hint_button.disabled = get_advice is None

    def set_selection(self, selected: Collection[Any], empty: str = "") -> None:
        """The actions the player's current selection would make (re-marks, no recompute)."""
        self._selected = selected
        self._empty = empty
        self.render()

    def _on_hint(self, _button: Any = None) -> None:
        self.hint_on = True
        self.render()

    # ----------------------------------------------------------------- render
    def advice(self) -> Any:
        """The current position's advice (computed at most once per position by the app)."""
        return None if self._get_advice is None else self._get_advice()

    def render(self) -> None:
        if self._get_advice is None:
            self.body.value = "<p><em>No choice to advise in this position.</em></p>"
            self.sentence.value = ""
            return
        if not self.show_odds.value and not self.hint_on:
            self.body.value = (
                "<p><em>Odds hidden: predict first, then tick “Show odds” "
                "(or ask for a Hint).</em></p>"
            )
            self.sentence.value = ""
            return
        if self.is_cold is not None and self.is_cold():
            # the first advice of a game may need a solve: say so before waiting
            self.body.value = "<p><em>Computing the exact odds (the first time, the game is " \
                "being solved; this can take a few seconds)…</em></p>"
        try:
            advice = self.advice()
        except Exception as e:  # the engine may not offer advice for this position
            self.body.value = f"<p><em>Exact odds are not available here: {esc(e)}</em></p>"
            self.sentence.value = ""
            return
        if self.show_odds.value:
            self.body.value = odds_html(advice, self._selected)
            text = selection_sentence(advice, self._selected, self._empty)
            self.sentence.value = f"<p>{esc(text)}</p>" if text else ""
        else:
            self.body.value = "<p><strong>Hint:</strong></p>" + hint_html(advice)
            self.sentence.value = ""

    def render_coach(self) -> None:
        last = f"<br>{esc(self.tally.last)}" if self.tally.last else ""
        self.coach.value = f"<p>{esc(self.tally.text())}{last}</p>"

    def reset_tally(self) -> None:
        self.tally = CoachTally()
        self.render_coach()
