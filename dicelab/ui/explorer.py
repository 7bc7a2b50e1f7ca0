"""The variant explorer: every game's exact headline, variant by variant.

Each game has one *headline*, computed by that game's own exact solver:

* Dripeul 5 — the probability of clearing one manche (``win_probability``)
  and of winning the whole solo game (``game_win_probability``);
* Trwavril — the probability of winning the solo game (``win_probability``);
* 5000 and Seveny — the expected number of turns to finish solo
  (``expected_turns``).

:func:`variant_grid` lists, for every value a UI offers in ``Rules.CHOICES``,
the headline with that one option changed from the defaults, across the
game's difficulty axis (Dripeul's level, Trwavril's parapluies, Seveny's
target); :func:`explain_difference` puts two headlines into words and
:func:`explorer` is the interactive widget.  Nothing here knows a rule: every
number comes from the game modules.

Every word goes through :mod:`dicelab.i18n`: each function that writes text
takes ``lang=None``.  A headline number has a plain name ("chance to win",
"chance de gagner") and, for tooltips and captions, its exact meaning
("P(win the solo game)…").

>>> METRICS["trwavril"][0].name("en"), METRICS["trwavril"][0].name("fr")
('chance to win', 'probabilité de gagner')
>>> DIFFICULTY["dripeul"], DIFFICULTY["cinqmille"]
('level', None)
>>> format_value(METRICS["seveny"][0], 12.3456, lang="en")
'12.35 turns'
>>> format_value(METRICS["seveny"][0], 12.3456, lang="fr")
'12,35 tours'
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from dicelab import GAME_NAMES
from dicelab.core.errors import DicelabError, InvalidRules, brief
from dicelab.core.i18n import N_, _, fmt_number, fmt_percent, get_language, ngettext

__all__ = [
    "DIFFICULTY",
    "GridRow",
    "Headline",
    "METRICS",
    "Metric",
    "by_difficulty",
    "Simulated",
    "change_label",
    "chart_metric",
    "default_rules",
    "difficulty_label",
    "distribution_chart",
    "explain_difference",
    "explain_grid",
    "explorer",
    "format_value",
    "option_label",
    "option_name",
    "game_module",
    "grid_chart",
    "grid_table",
    "headline",
    "headline_chart",
    "headline_table",
    "most_different",
    "one_option_changes",
    "simulate_rules",
    "simulation_charts",
    "simulation_table",
    "solver",
    "win_rate_chart",
    "variant_grid",
]


@dataclass(frozen=True)
class Metric:
    """One headline number: its key, its plain name, its exact meaning (English msgids,
    see :meth:`name` and :meth:`meaning`), the solver, and which direction is better."""

    key: str
    label: str
    solver: str
    higher_is_better: bool
    exact: str = ""

    @property
    def is_probability(self) -> bool:
        return self.higher_is_better

    def name(self, lang: str | None = None) -> str:
        """The plain name, e.g. ``"chance to win"`` / ``"chance de gagner"``."""
        return _(self.label, lang=lang)

    def meaning(self, lang: str | None = None) -> str:
        """The exact figure and its meaning, for a tooltip or a caption."""
        return _(self.exact, lang=lang) if self.exact else self.name(lang)


#: The headline numbers of each game, primary first; ``solver`` names the engine's function.
METRICS: dict[str, tuple[Metric, ...]] = {
    "dripeul": (
        Metric("p_manche", N_("chance to clear one manche"), "win_probability", True,
               N_("P(clear one manche): the probability that a solo player clears one manche, "
                  "playing optimally")),
        Metric("p_game", N_("chance to win the whole solo game"), "game_win_probability", True,
               N_("P(win the game): the probability that a solo player clears every manche, "
                  "playing optimally")),
    ),
    "trwavril": (
        Metric("p_win", N_("chance to win"), "win_probability", True,
               N_("P(win): the probability that a solo player bars all six cards before the "
                  "last parapluie is turned, playing optimally")),
    ),
    "cinqmille": (
        Metric("expected_turns", N_("turns to reach 5000, on average"), "expected_turns", False,
               N_("E(T): the expected number of turns T a solo player needs to reach exactly "
                  "5000, playing optimally")),
    ),
    "seveny": (
        Metric("expected_turns", N_("turns to reach the target, on average"), "expected_turns",
               False,
               N_("E(T): the expected number of turns T a solo player needs to reach the "
                  "target, playing optimally")),
    ),
}

#: Short names of the options, for table cells and variant names (field -> msgid).
OPTION_NAMES: dict[str, str] = {
    "level": N_("level"),
    "reroll_set_aside": N_("re-roll set-aside dice"),
    "straight_bonus": N_("suite bonus"),
    "last_six": N_("last six"),
    "manches": N_("manches"),
    "parapluies": N_("parapluies"),
    "straight": N_("suite"),
    "dice": N_("dice"),
    "opening": N_("opening"),
    "min_bank": N_("minimum bank"),
    "keep_all_scoring": N_("every scoring die set aside"),
    "no_4900": N_("no bank to 4900–4999"),
    "target": N_("target"),
}

#: Words for option values that are not numbers (value -> msgid).
VALUE_NAMES: dict[Any, str] = {
    "four": N_("4-dice runs"),
    "as_written": N_("as written (5-dice suites)"),
}

#: The ``Rules`` field that sets each game's difficulty (None: the game has no difficulty).
DIFFICULTY: dict[str, str | None] = {
    "dripeul": "level",
    "trwavril": "parapluies",
    "cinqmille": None,
    "seveny": "target",
}


def _key(game_key: str) -> str:
    from dicelab.games import get

    try:
        return get(game_key).key
    except KeyError as e:
        raise InvalidRules(
            "unknown game {game}; games: {games}", game=brief(game_key),
            games=", ".join(GAME_NAMES),
        ) from e


def game_module(game_key: str) -> ModuleType:
    """The game module ``dicelab.games.<key>`` (key or display name).

    >>> game_module("5000").__name__
    'dicelab.games.cinqmille'
    """
    return importlib.import_module(f"dicelab.games.{_key(game_key)}")


def default_rules(game_key: str) -> Any:
    """The game's default ``Rules()`` (the rulings)."""
    return game_module(game_key).Rules()


def format_value(metric: Metric, value: float, lang: str | None = None) -> str:
    """A headline value in words: a percentage or a number of turns, in the language.

    >>> m = METRICS["trwavril"][0]
    >>> format_value(m, 0.123456, "en"), format_value(m, 3e-4, "en")
    ('12.35%', '0.030%')
    >>> format_value(m, 0.123456, "fr")
    '12,35\xa0%'
    """
    if metric.is_probability:
        pct = abs(100 * value)
        digits = 2
        if 0 < pct < 1:  # two significant digits for small chances
            digits = max(2, 1 - math.floor(math.log10(pct)))
        return fmt_percent(value, digits, lang)
    from dicelab.analysis.coach import (
        plural_n,  # « 0,37 tour »: French amounts below 2 are singular
    )

    return ngettext("{x} turn", "{x} turns", plural_n(value, lang), lang=lang,
                    x=fmt_number(value, 2, lang))


def _fmt_option(
    v: Any, lang: str | None = None, game_key: str | None = None, field: str | None = None
) -> str:
    """An option value in words: the game's ``Rules.VALUE_LABELS`` if it has one for it,
    else on/off for booleans, :data:`VALUE_NAMES` for words, the number itself."""
    if game_key is not None and field is not None:
        labels = getattr(game_module(game_key).Rules, "VALUE_LABELS", {}).get(field, {})
        for known, label in labels.items():
            if _same(known, v):
                return _(label, lang=lang)
    if v is None:  # a Rules.CHOICES value meaning "the default, which follows another option"
        return _("default", lang=lang)
    if isinstance(v, bool):
        return _("on", lang=lang) if v else _("off", lang=lang)
    if isinstance(v, str):
        return _(VALUE_NAMES[v], lang=lang) if v in VALUE_NAMES else v
    return str(v)


def option_name(field: str, lang: str | None = None) -> str:
    """The short name of a ``Rules`` field, e.g. ``"suite bonus"`` / ``"bonus de suite"``."""
    return _(OPTION_NAMES[field], lang=lang) if field in OPTION_NAMES else field


def option_label(game_key: str, field: str, lang: str | None = None) -> str:
    """The field's ``Rules.LABELS`` label, translated."""
    labels = game_module(game_key).Rules.LABELS
    return _(labels[field], lang=lang) if field in labels else option_name(field, lang)


def difficulty_label(
    game_key: str, value: Any, *, field: bool = False, lang: str | None = None
) -> str:
    """The difficulty value with its French name where the game has one, e.g. ``3 (facile)``
    (``level 3 (facile)`` with ``field=True``; ``niveau 3 (facile)`` in French)."""
    key = _key(game_key)
    mod = game_module(key)
    dfield = DIFFICULTY[key]
    names = {}
    for attr in ("LEVEL_NAMES", "DIFFICULTIES", "DIFFICULTY_NAMES"):
        names = getattr(mod, attr, None) or {}
        if names:
            break
    name = names.get(value) if isinstance(names, dict) else None
    label = f"{option_name(dfield, lang)} {value}" if dfield and field else str(value)
    return f"{label} ({name})" if name else label


def change_label(
    game_key: str, changes: Sequence[tuple[str, Any]], lang: str | None = None
) -> str:
    """Words for a set of option changes, e.g. ``"suite bonus on"``; ``"defaults"`` if none.

    >>> change_label("dripeul", [("straight_bonus", True)], lang="fr")
    'bonus de suite activé'
    """
    if not changes:
        return _("defaults", lang=lang)
    return ", ".join(
        f"{option_name(f, lang)} {_fmt_option(v, lang, game_key, f)}" for f, v in changes
    )


@dataclass(frozen=True)
class Headline:
    """A game's exact headline numbers under some ``rules`` (metric key -> value).

    ``values`` follows :data:`METRICS` order; :attr:`primary` is the first.
    """

    game: str
    rules: Any
    values: dict[str, float]

    @property
    def metrics(self) -> tuple[Metric, ...]:
        return METRICS[self.game]

    @property
    def primary(self) -> float:
        return self.values[self.metrics[0].key]

    def __getitem__(self, key: str) -> float:
        return self.values[key]

    def text(self, lang: str | None = None) -> str:
        """Every headline number in words."""
        return _("; ", lang=lang).join(
            _("{name} = {value}", lang=lang, name=m.name(lang),
              value=format_value(m, self.values[m.key], lang))
            for m in self.metrics
        )


def headline(game_key: str, rules: Any = None) -> Headline:
    """The exact headline of ``game_key`` under ``rules`` (default rules if None).

    The numbers are the game modules' own solver values (cached by the game engines).
    """
    key = _key(game_key)
    mod = game_module(key)
    if rules is None:
        rules = mod.Rules()
    elif not isinstance(rules, mod.Rules):
        raise InvalidRules("{game} needs {rules}; got {got}", game=GAME_NAMES[key],
                           rules=f"{mod.__name__}.Rules", got=brief(rules))
    values = {m.key: float(solver(key, m.solver)(rules)) for m in METRICS[key]}
    return Headline(key, rules, values)


def solver(game_key: str, name: str) -> Callable[..., Any]:
    """The game's exact solver ``name``: the function of its engine ``dicelab.engine.<key>``."""
    key = _key(game_key)
    return getattr(importlib.import_module(f"dicelab.engine.{key}"), name)


def one_option_changes(game_key: str) -> list[tuple[tuple[str, Any], ...]]:
    """Every one-option change from the defaults, for each non-difficulty field of
    ``Rules.CHOICES`` and each value other than the default, defaults first (``()``).
    """
    key = _key(game_key)
    mod = game_module(key)
    base = mod.Rules()
    out: list[tuple[tuple[str, Any], ...]] = [()]
    for field, values in mod.Rules.CHOICES.items():
        if field == DIFFICULTY[key]:
            continue
        for v in values:
            if v is not None and not _same(v, getattr(base, field)):  # None: the default
                out.append(((field, v),))
    return out


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class GridRow:
    """One line of :func:`variant_grid`: a difficulty value, the changes from the
    defaults, the rules they make, and the exact headline."""

    difficulty: Any
    changes: tuple[tuple[str, Any], ...]
    rules: Any
    headline: Headline

    @property
    def variant(self) -> str:
        """The variant's name in the current language (see :meth:`variant_name`)."""
        return self.variant_name()

    def variant_name(self, lang: str | None = None) -> str:
        return change_label(self.headline.game, self.changes, lang)


def variant_grid(
    game_key: str,
    *,
    difficulties: Iterable[Any] | None = None,
    changes: Iterable[tuple[tuple[str, Any], ...]] | None = None,
) -> list[GridRow]:
    """The headline for every variant × difficulty combination, one option at a time.

    Variants are :func:`one_option_changes` (the defaults, then each non-default
    value of each option); they are crossed with every value of the difficulty
    field in ``Rules.CHOICES`` (or ``difficulties``, to keep slow solves out —
    e.g. Seveny's larger targets).  A variant that does not fit a difficulty
    (invalid rules) is skipped.  Rows are grouped by difficulty, in
    ``CHOICES`` order.  This is at most ``len(difficulties) × (1 + Σ options)``
    solves rather than the full product of every option.
    """
    key = _key(game_key)
    mod = game_module(key)
    dfield = DIFFICULTY[key]
    if difficulties is None:
        diffs: list[Any] = list(mod.Rules.CHOICES[dfield]) if dfield else [None]
    else:
        diffs = list(difficulties)
        if dfield is None and diffs != [None]:
            raise InvalidRules("{game} has no difficulty setting", game=GAME_NAMES[key])
    variants = one_option_changes(key) if changes is None else [tuple(c) for c in changes]
    rows = []
    for d in diffs:
        for ch in variants:
            kwargs = dict(ch)
            if dfield is not None:
                kwargs.setdefault(dfield, d)
            try:  # built from the changes alone, so defaults that follow other fields hold
                rules = mod.Rules(**kwargs)
            except (InvalidRules, TypeError):
                continue
            rows.append(GridRow(d, ch, rules, headline(key, rules)))
    return rows


def most_different(rows: Sequence[GridRow]) -> GridRow:
    """The variant row whose headline differs most from the defaults at the same difficulty
    (in the primary headline metric), preferring the default difficulty.
    A game with no option but its difficulty gives the difficulty furthest from the default."""
    if not rows:
        raise InvalidRules("the grid is empty")
    game = rows[0].headline.game
    m = METRICS[game][0]
    base = {r.difficulty: r for r in rows if not r.changes}
    cands = [r for r in rows if r.changes and r.difficulty in base]
    if cands:
        dfield = DIFFICULTY[game]
        d0 = getattr(default_rules(game), dfield) if dfield else None
        at_default = [r for r in cands if r.difficulty == d0]
        pool = at_default or cands
        return max(pool, key=lambda r: abs(r.headline[m.key] - base[r.difficulty].headline[m.key]))
    # No option besides the difficulty (Seveny): the difficulty furthest from the default.
    default_row = [r for r in rows if r.rules == default_rules(game)]
    others = [r for r in rows if r.rules != default_rules(game)]
    if not default_row or not others:
        raise InvalidRules("the grid has nothing to compare with the defaults")
    ref = default_row[0].headline[m.key]
    return max(others, key=lambda r: abs(r.headline[m.key] - ref))


def by_difficulty(
    game_key: str, values: Iterable[Any] | None = None, rules: Any = None
) -> list[Headline]:
    """The headline at each difficulty value (all of ``Rules.CHOICES`` by default)."""
    key = _key(game_key)
    mod = game_module(key)
    dfield = DIFFICULTY[key]
    if dfield is None:
        raise InvalidRules("{game} has no difficulty setting", game=GAME_NAMES[key])
    base = mod.Rules() if rules is None else rules
    vals = list(mod.Rules.CHOICES[dfield]) if values is None else list(values)
    return [headline(key, dataclasses.replace(base, **{dfield: v})) for v in vals]


def grid_table(
    rows: Sequence[GridRow], lang: str | None = None
) -> tuple[list[list[Any]], list[str]]:
    """``(rows, columns)`` for a table of a grid: difficulty, variant, each headline value
    (formatted)."""
    if not rows:
        return [], []
    game = rows[0].headline.game
    metrics = METRICS[game]
    dfield = DIFFICULTY[game]
    columns = (([option_name(dfield, lang)] if dfield else []) + [_("variant", lang=lang)]
               + [m.name(lang) for m in metrics])
    out = []
    for r in rows:
        line: list[Any] = [difficulty_label(game, r.difficulty, lang=lang)] if dfield else []
        line.append(r.variant_name(lang))
        line += [format_value(m, r.headline[m.key], lang) for m in metrics]
        out.append(line)
    return out, columns


def _diff_words(metric: Metric, a: float, b: float, lang: str | None = None) -> str:
    d = b - a
    if abs(d) < 1e-12:
        return _("exactly the same", lang=lang)
    if metric.is_probability:
        x = fmt_number(abs(100 * d), 2, lang)
        amount = (_("{x} percentage points higher", lang=lang, x=x) if d > 0
                  else _("{x} percentage points lower", lang=lang, x=x))
    else:
        from dicelab.analysis.coach import plural_n

        x, n = fmt_number(abs(d), 2, lang), plural_n(abs(d), lang)
        amount = (ngettext("{x} turn more", "{x} turns more", n, lang=lang, x=x) if d > 0
                  else ngettext("{x} turn fewer", "{x} turns fewer", n, lang=lang, x=x))
    better = (d > 0) == metric.higher_is_better
    verdict = _("easier", lang=lang) if better else _("harder", lang=lang)
    return _("{amount} ({verdict})", lang=lang, amount=amount, verdict=verdict)


def _changes_between(game_key: str, base: Any, other: Any) -> list[tuple[str, Any]]:
    out = []
    for f in dataclasses.fields(base):
        a, b = getattr(base, f.name), getattr(other, f.name)
        if not _same(a, b):
            out.append((f.name, b))
    return out


def explain_difference(
    game_key: str, rules: Any, base: Any = None, lang: str | None = None
) -> str:
    """Explain in words how ``rules`` changes the exact headline against ``base``
    (the defaults if None), quoting the computed numbers.

    The text names each changed option with its ``Rules.LABELS`` label, gives
    both headline values and the difference, and says which way is easier.
    """
    key = _key(game_key)
    mod = game_module(key)
    base = mod.Rules() if base is None else base
    ha, hb = headline(key, base), headline(key, rules)
    changed = _changes_between(key, base, rules)
    name = GAME_NAMES[key]
    if not changed:
        return _("{game} with these rules: {headline} (no option differs from the comparison).",
                 lang=lang, game=name, headline=ha.text(lang))
    what = _("; ", lang=lang).join(
        _("“{option}” set to {value} (was {old})", lang=lang,
          option=option_label(key, f, lang), value=_fmt_option(v, lang, key, f),
          old=_fmt_option(getattr(base, f), lang, key, f))
        for f, v in changed
    )
    dfield = DIFFICULTY[key]
    if dfield and dfield not in dict(changed):
        name = _("{game} at {difficulty}", lang=lang, game=name, difficulty=difficulty_label(
            key, getattr(base, dfield), field=True, lang=lang))
    parts = []
    for m in METRICS[key]:
        a, b = ha[m.key], hb[m.key]
        parts.append(_(
            "{metric} goes from {a} to {b}: {difference}", lang=lang, metric=m.name(lang),
            a=format_value(m, a, lang), b=format_value(m, b, lang),
            difference=_diff_words(m, a, b, lang),
        ))
    sentence = _("{game}, {changes}.", lang=lang, game=name, changes=what)
    return sentence + " " + ". ".join(p[:1].upper() + p[1:] for p in parts) + "."


def explain_grid(
    rows: Sequence[GridRow], difficulty: Any = None, lang: str | None = None
) -> list[str]:
    """One sentence per non-default row of a grid, against the defaults at the same difficulty
    (a grid with no option but the difficulty: each difficulty against the default one).
    ``difficulty="default"`` keeps only the rows at the game's default difficulty; any other
    value keeps only that difficulty."""
    if difficulty is not None and rows:
        game = rows[0].headline.game
        dfield = DIFFICULTY[game]
        if dfield is not None:
            want = getattr(default_rules(game), dfield) if difficulty == "default" else difficulty
            picked = [r for r in rows if r.difficulty == want]
            if any(r.changes for r in picked):
                rows = picked
    base = {r.difficulty: r for r in rows if not r.changes}
    out = []
    for r in rows:
        if r.changes and r.difficulty in base:
            out.append(explain_difference(r.headline.game, r.rules, base[r.difficulty].rules,
                                          lang))
    if out or not rows:
        return out
    # Only the difficulty varies: compare each difficulty with the default one.
    default = default_rules(rows[0].headline.game)
    return [
        explain_difference(r.headline.game, r.rules, default, lang)
        for r in rows if r.rules != default
    ]


# ------------------------------------------------------------ tables and charts
def headline_table(
    headlines: Sequence[Headline], lang: str | None = None
) -> tuple[list[list[Any]], list[str]]:
    """``(rows, columns)`` for :func:`dicelab.plots.table`: one row per headline (e.g. per
    difficulty from :func:`by_difficulty`), the difficulty, then each value formatted."""
    if not headlines:
        return [], []
    game = headlines[0].game
    dfield = DIFFICULTY[game]
    metrics = METRICS[game]
    columns = [option_name(dfield, lang) if dfield else _("rules", lang=lang)]
    columns += [m.name(lang) for m in metrics]
    rows = []
    for h in headlines:
        if dfield:
            first = difficulty_label(game, getattr(h.rules, dfield), lang=lang)
        else:
            first = change_label(game, _changes_between(game, default_rules(game), h.rules), lang)
        rows.append([first] + [format_value(m, h[m.key], lang) for m in metrics])
    return rows, columns


def _axis_label(metric: Metric, lang: str | None = None) -> str:
    if metric.is_probability:
        return _("probability", lang=lang)
    return _("expected number of turns", lang=lang)


def _with_meanings(fig: Any, metrics: Iterable[Metric], lang: str | None) -> Any:
    """Add each metric's exact meaning to the figure's text alternative (its caption)."""
    fig.dicelab_alt_text += " " + " ".join(m.meaning(lang) + "." for m in metrics)
    return fig


def headline_chart(headlines: Sequence[Headline], lang: str | None = None) -> Any:
    """A grouped bar chart of headlines by difficulty (one series per headline metric),
    white background, with its text alternative (see :func:`dicelab.plots.show`), which
    gives each number's exact meaning."""
    from dicelab.render import plots

    if not headlines:
        raise InvalidRules("no headline to draw")
    game = headlines[0].game
    dfield = DIFFICULTY[game]
    metrics = METRICS[game]
    rules_word = _("rules", lang=lang)
    groups = [
        difficulty_label(game, getattr(h.rules, dfield), lang=lang) if dfield else rules_word
        for h in headlines
    ]
    series = {m.name(lang): [h[m.key] for h in headlines] for m in metrics}
    ylabel = metrics[0].name(lang) if len(metrics) == 1 else _axis_label(metrics[0], lang)
    axis = option_name(dfield, lang) if dfield else rules_word
    fig = plots.grouped_bars(
        groups, series, xlabel=axis, ylabel=ylabel, lang=lang,
        title=_("{game}: exact numbers by {axis}", lang=lang, game=GAME_NAMES[game], axis=axis),
    )
    return _with_meanings(fig, metrics, lang)


def chart_metric(game_key: str) -> Metric:
    """The metric :func:`grid_chart` draws: the last headline metric (for Dripeul the whole
    game, which every option moves; the manche count leaves one manche unchanged)."""
    return METRICS[_key(game_key)][-1]


def grid_chart(
    rows: Sequence[GridRow], metric: Metric | None = None, lang: str | None = None
) -> Any:
    """The variants side by side: a grouped bar chart with one group per difficulty and one
    bar per variant (games without difficulty: one bar per variant)."""
    from dicelab.render import plots

    if not rows:
        raise InvalidRules("no grid row to draw")
    game = rows[0].headline.game
    metric = metric or chart_metric(game)
    dfield = DIFFICULTY[game]
    title = _("{game}: {metric}, each variant", lang=lang, game=GAME_NAMES[game],
              metric=metric.name(lang))
    if dfield is None:
        fig = plots.bars(
            [r.variant_name(lang) for r in rows], [r.headline[metric.key] for r in rows],
            xlabel=_("variant (one option changed from the defaults)", lang=lang),
            ylabel=_axis_label(metric, lang), title=title, figsize=(8.0, 4.2), lang=lang,
        )
        fig.axes[0].tick_params(axis="x", labelrotation=15)
        return _with_meanings(fig, [metric], lang)
    diffs = list(dict.fromkeys(r.difficulty for r in rows))
    variants = list(dict.fromkeys(r.changes for r in rows))
    value = {(r.difficulty, r.changes): r.headline[metric.key] for r in rows}
    series = {
        change_label(game, v, lang): [value.get((d, v), float("nan")) for d in diffs]
        for v in variants
    }
    fig = plots.grouped_bars(
        [difficulty_label(game, d, lang=lang) for d in diffs], series,
        xlabel=option_name(dfield, lang), ylabel=_axis_label(metric, lang), title=title,
        figsize=(8.5, 4.2), lang=lang,
    )
    return _with_meanings(fig, [metric], lang)


# ------------------------------------------------------------------ simulation
@dataclass(frozen=True)
class Simulated:
    """Simulated solo games under ``rules`` next to the exact headline."""

    headline: Headline
    result: Any  # dicelab.simulate.SimResult

    @property
    def label(self) -> str:
        """The rules' name in the current language (see :meth:`name`)."""
        return self.name()

    def name(self, lang: str | None = None) -> str:
        return change_label(self.headline.game, _changes_between(
            self.headline.game, default_rules(self.headline.game), self.headline.rules), lang)


def simulate_rules(
    game_key: str, rules_list: Iterable[Any], *, games: int = 200, seed: int = 0
) -> list[Simulated]:
    """Simulate ``games`` solo games under each rules with the optimal policy, all from
    one ``seed`` (each rules set restarts from that seed), with the exact headline.

    Every game uses the vectorised :func:`~dicelab.simulate.simulate_fast` (Dripeul 5 and
    Trwavril game by game in numpy; 5000 and Seveny as a Markov chain over scores drawn from
    the engine's exact optimal turn)."""
    from dicelab.analysis.simulate import simulate_fast

    key = _key(game_key)
    out = []
    for rules in rules_list:
        res = simulate_fast(key, rules=rules, games=games, seed=seed)
        out.append(Simulated(headline(key, rules), res))
    return out


def simulation_table(
    sims: Sequence[Simulated], lang: str | None = None
) -> tuple[list[list[Any]], list[str]]:
    """``(rows, columns)``: for each simulated rules, the games, the simulated mean turns
    (± standard error) and, for win-or-lose games, the win rate (± s.e.) next to the exact
    headline."""
    if not sims:
        return [], []
    game = sims[0].headline.game
    metric = chart_metric(game)
    columns = [_("rules", lang=lang), _("games", lang=lang),
               _("mean turns (simulated)", lang=lang)]
    if metric.is_probability:
        columns += [_("win rate (simulated)", lang=lang)]
    columns += [_("{metric} (exact)", lang=lang, metric=metric.name(lang))]
    rows = []
    for s in sims:
        r = s.result
        line: list[Any] = [
            s.name(lang), r.games,
            f"{fmt_number(r.mean_turns, 2, lang)} ± {fmt_number(r.se_turns, 2, lang)}",
        ]
        if metric.is_probability:
            line.append(f"{fmt_percent(r.win_rate[0], 1, lang)} ± "
                        f"{fmt_number(100 * r.se_win_rate(0), 1, lang)}")
        line.append(format_value(metric, s.headline[metric.key], lang))
        rows.append(line)
    return rows, columns


def distribution_chart(sim: Simulated, lang: str | None = None) -> Any:
    """Histogram of the simulated turns, with the exact expected turns marked when the
    headline is a number of turns."""
    from dicelab.render import plots

    game = sim.headline.game
    metric = chart_metric(game)
    exact = None if metric.is_probability else sim.headline[metric.key]
    what = (_("turns to finish", lang=lang) if exact is not None
            else _("turns played (won or lost)", lang=lang))
    title = f"{GAME_NAMES[game]}, {sim.name(lang)}"
    fig = plots.turns_histogram(
        sim.result.turns, exact, xlabel=what, title=title,
        label=_("simulated, optimal play", lang=lang), lang=lang,
    )
    return fig if exact is None else _with_meanings(fig, [metric], lang)


def win_rate_chart(sims: Sequence[Simulated], lang: str | None = None) -> Any:
    """Win-or-lose games: the exact probability next to the simulated win rate, per rules."""
    from dicelab.render import plots

    if not sims:
        raise InvalidRules("no simulation to draw")
    metric = chart_metric(sims[0].headline.game)
    fig = plots.bar_distribution(
        [s.name(lang) for s in sims],
        [s.headline[metric.key] for s in sims],
        [float(s.result.win_rate[0]) for s in sims],
        xlabel=_("rules", lang=lang), ylabel=metric.name(lang),
        title=_("{game}: exact against {n} simulated games", lang=lang,
                game=GAME_NAMES[sims[0].headline.game], n=sims[0].result.games),
        simulated_label=_("simulated win rate", lang=lang), lang=lang,
    )
    return _with_meanings(fig, [metric], lang)


def simulation_charts(sims: Sequence[Simulated], lang: str | None = None) -> list[Any]:
    """Every chart of a simulation: one turns histogram per rules (exact expected turns
    marked), and for win-or-lose games the exact-versus-simulated win rate chart."""
    figs = [distribution_chart(s, lang) for s in sims]
    if sims and chart_metric(sims[0].headline.game).is_probability:
        figs.append(win_rate_chart(sims, lang))
    return figs


# ------------------------------------------------------------------ the widget
class _Default:
    """A control's value for the ``None`` of ``Rules.CHOICES`` (the default that follows
    another option): ipywidgets reads a ``None`` value as "nothing selected"."""

    def __repr__(self) -> str:
        return "default"


_DEFAULT = _Default()


def _widget_value(v: Any) -> Any:
    return _DEFAULT if v is None else v


def _rules_value(v: Any) -> Any:
    return None if v is _DEFAULT else v


def _control(
    field: str, values: Sequence[Any], value: Any, label: str, lang: str, game_key: str
) -> Any:
    import ipywidgets as w

    opts = [(_fmt_option(v, lang, game_key, field), _widget_value(v)) for v in values]
    ctl = w.ToggleButtons(
        options=opts,
        value=_widget_value(value),
        description="",
        tooltips=[f"{label}: {o}" for o, _v in opts],
        style={"button_width": "auto"},
    )
    ctl.add_class(f"dicelab-explorer-{field}")
    return ctl


def explorer(
    game_key: str = "dripeul",
    *,
    compute: Callable[[str, Any], Headline] | None = None,
    lang: str | None = None,
) -> Any:
    """An interactive explorer: pick a game, toggle any of its options (built from
    ``Rules.CHOICES`` with ``Rules.LABELS``), and read the exact headline of your
    choice next to the defaults, with the difference explained, in ``lang``.

    Returns an ``ipywidgets.VBox`` (CSS class ``dicelab-explorer``); its
    ``.controls`` dict maps field names to the option widgets, ``.game`` is the
    game picker and ``.result`` the HTML with the numbers.  Each number's name
    carries its exact meaning as a tooltip.  A refused combination or any other
    :class:`~dicelab.errors.DicelabError` is shown as a message, never a traceback.
    """
    import html

    import ipywidgets as w

    from dicelab.core.progress import Cancelled, run_with_progress

    lang = get_language(lang)
    solve = compute or headline
    game = w.Dropdown(
        options=[(n, k) for k, n in GAME_NAMES.items()],
        value=_key(game_key),
        description=_("Game", lang=lang),
    )
    box = w.VBox()
    box.add_class("dicelab-explorer")
    opts_box = w.VBox()
    result = w.HTML()
    result.add_class("dicelab-explorer-result")
    progress_box = w.HBox()  # a long solve's progress bar and Cancel button
    # ``touched``: the options the user set; the others follow the rules' own defaults
    # (e.g. 5000's opening follows the number of dice) and their controls show them.
    state: dict[str, Any] = {"controls": {}, "touched": set(), "syncing": False}

    def current_rules() -> Any:
        mod = game_module(game.value)
        values = {f: _rules_value(c.value) for f, c in state["controls"].items()
                  if f in state["touched"]}
        return mod.Rules(**values)

    def changed(change: Any) -> None:
        if state["syncing"]:
            return
        for f, c in state["controls"].items():
            if c is change["owner"]:
                state["touched"].add(f)
        refresh()

    def message(e: DicelabError) -> None:
        head = _("Not a valid combination:", lang=lang) if isinstance(e, InvalidRules) else ""
        result.value = f"<p><b>{html.escape(head)}</b> {html.escape(e.message(lang))}</p>"

    def refresh(*_args: Any) -> None:
        try:
            show_numbers()
        except DicelabError as e:
            message(e)

    def show_numbers() -> None:
        key = game.value
        mod = game_module(key)
        rules = current_rules()
        state["syncing"] = True
        try:  # show the values the untouched options take under these rules
            for f, c in state["controls"].items():
                if f not in state["touched"] and c.value != getattr(rules, f):
                    c.value = getattr(rules, f)
        finally:
            state["syncing"] = False
        result.value = "<p><i>{}</i></p>".format(html.escape(_("Solving exactly…", lang=lang)))
        dfield = DIFFICULTY[key]
        # Compare with the defaults at the chosen difficulty.
        base_rules = mod.Rules(**({dfield: getattr(rules, dfield)} if dfield else {}))
        if rules == base_rules:  # only the difficulty differs: compare with the defaults
            base_rules = mod.Rules()
        # A long solve (Seveny's larger targets: seconds) runs in the background in a
        # notebook, with a progress bar and a Cancel button; the controls stay usable and a
        # new choice cancels it (issue 16 §9).  Outside a kernel it runs now.
        old = state.get("task")
        if old is not None:
            old.cancel()
        token = object()
        state["token"] = token

        def done(values: tuple[Headline, Headline]) -> None:
            if state.get("token") is token:
                try:
                    show(key, rules, base_rules, *values)
                except DicelabError as e:
                    message(e)

        def failed(e: BaseException) -> None:
            if state.get("token") is not token:
                return
            if isinstance(e, Cancelled):
                result.value = "<p>{}</p>".format(html.escape(
                    _("Computation cancelled: choose again to start over.", lang=lang)))
            elif isinstance(e, DicelabError):
                message(e)
            else:
                result.value = "<p>{}</p>".format(html.escape(
                    _("unexpected error ({what})", lang=lang, what=type(e).__name__)))

        def place(bar: Any) -> None:
            if state.get("token") is token or bar is None:
                progress_box.children = () if bar is None else (bar,)

        state["task"] = run_with_progress(
            lambda: (solve(key, rules), solve(key, base_rules)), done, failed, place,
            lang=lang, label=_("Solving exactly…", lang=lang))

    def show(key: str, rules: Any, base_rules: Any, mine: Headline, base: Headline) -> None:
        rows = "".join(
            f'<tr><td title="{html.escape(m.meaning(lang))}">{html.escape(m.name(lang))}'
            f' <span aria-hidden="true">ⓘ</span></td>'
            f"<td>{html.escape(format_value(m, base[m.key], lang))}</td>"
            f"<td><b>{html.escape(format_value(m, mine[m.key], lang))}</b></td></tr>"
            for m in METRICS[key]
        )
        words = (
            explain_difference(key, rules, base_rules, lang)
            if rules != base_rules
            else _("These are the default rules: toggle an option to compare.", lang=lang)
        )
        meanings = "".join(
            f"<li>{html.escape(m.meaning(lang))}</li>" for m in METRICS[key]
        )
        result.value = (
            "<table><tr><th></th><th>{}</th><th>{}</th></tr>".format(
                html.escape(_("defaults", lang=lang)), html.escape(_("your rules", lang=lang)))
            + f"{rows}</table><p>{html.escape(words)}</p>"
            + f'<ul class="dicelab-explorer-meanings" style="font-size:0.9em">{meanings}</ul>'
        )

    def build(*_args: Any) -> None:
        try:
            mod = game_module(game.value)
            base = mod.Rules()
            controls = {}
            children = []
            for f, values in mod.Rules.CHOICES.items():
                label = option_label(game.value, f, lang)
                ctl = _control(f, values, getattr(base, f), label, lang, game.value)
                ctl.observe(changed, names="value")
                controls[f] = ctl
                children += [w.HTML(f"<b>{html.escape(label)}</b>"), ctl]
            state["controls"] = controls
            state["touched"] = set()
            box.controls = controls
            opts_box.children = children
        except DicelabError as e:
            message(e)
            return
        refresh()

    game.observe(build, names="value")
    box.children = [game, opts_box, progress_box, result]
    box.game = game
    box.result = result
    box.rules = current_rules
    box.lang = lang
    build()
    return box
