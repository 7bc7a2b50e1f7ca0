"""Rule variants compared, with exact numbers: each game's headline, variant by variant.

Each game has one *headline*, computed by that game's own exact solver (the registry's
``metrics``):

* Dripeul 5 — the probability of clearing one manche (``win_probability``)
  and of winning the whole solo game (``game_win_probability``);
* Trwavril — the probability of winning the solo game (``win_probability``);
* 5000 and Seveny — the expected number of turns to finish solo
  (``expected_turns``).

:func:`variant_grid` lists, for every value a UI offers in ``Rules.CHOICES``,
the headline with that one option changed from the defaults, across the
game's difficulty axis (Dripeul's level, Trwavril's parapluies, Seveny's
target); :func:`explain_difference` puts two headlines into words;
:func:`simulate_rules` sets simulated games beside the exact numbers.  The words for
options and the charts are :mod:`dicelab.render.variant_charts`'; the widget is
:mod:`dicelab.ui.explorer`.  Nothing here knows a rule: every number comes from the
game modules.

>>> h = headline("trwavril")
>>> round(h.primary, 4) == round(solver("trwavril", "win_probability")(h.rules), 4)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dicelab.core.errors import InvalidRules, brief
from dicelab.core.i18n import _, fmt_number, fmt_percent, ngettext, plural_n
from dicelab.registry import GAME_NAMES, Metric, get
from dicelab.render.variant_charts import (
    DIFFICULTY,
    METRICS,
    _fmt_option,
    _key,
    _same,
    change_label,
    chart_metric,
    default_rules,
    difficulty_label,
    format_value,
    game_module,
    option_label,
    option_name,
)

__all__ = [
    "GridRow",
    "Headline",
    "Simulated",
    "by_difficulty",
    "explain_difference",
    "explain_grid",
    "grid_table",
    "headline",
    "headline_table",
    "most_different",
    "one_option_changes",
    "simulate_rules",
    "simulation_table",
    "solver",
    "variant_grid",
]


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
    """The game's exact solver ``name``: the function of its engine ``dicelab.engine.<key>``
    (the registry's ``engine``)."""
    return get(_key(game_key)).engine_function(name)


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
        x, n = fmt_number(abs(d), 2, lang), plural_n(round(abs(d), 2), lang)
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
