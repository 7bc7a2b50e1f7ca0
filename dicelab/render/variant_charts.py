"""How rule variants are shown: the words for options and their values, a headline
number's format, and the charts of the variant explorer (:mod:`dicelab.analysis.variants`
computes the numbers; :mod:`dicelab.ui.explorer` is the widget).

Nothing here knows a rule: the games' ``Rules.CHOICES``, ``Rules.LABELS`` and
``Rules.VALUE_LABELS`` and the registry's headline numbers (``metrics``) say it all.  The
charts take the analysis's objects (headlines, grid rows, simulations) as they come.

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

import math
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

from dicelab.core.errors import InvalidRules, brief
from dicelab.core.i18n import N_, _, fmt_percent, ngettext_amount
from dicelab.registry import GAME_NAMES, GAMES, Metric, get

__all__ = [
    "DIFFICULTY",
    "METRICS",
    "OPTION_NAMES",
    "VALUE_NAMES",
    "change_label",
    "chart_metric",
    "default_rules",
    "difficulty_label",
    "distribution_chart",
    "format_value",
    "game_module",
    "grid_chart",
    "headline_chart",
    "option_label",
    "option_name",
    "simulation_charts",
    "win_rate_chart",
]


#: The headline numbers of each game, primary first (the registry's ``metrics``;
#: ``solver`` names the engine's function).
METRICS: dict[str, tuple[Metric, ...]] = {g.key: g.metrics for g in GAMES}


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


#: The ``Rules`` field that sets each game's difficulty (None: the game has no difficulty;
#: the registry's ``difficulty``).
DIFFICULTY: dict[str, str | None] = {g.key: g.difficulty for g in GAMES}


def _key(game_key: str) -> str:
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
    return get(_key(game_key)).rules


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
    # « 0,37 tour »: French amounts below 2 are singular
    return ngettext_amount("{x} turn", "{x} turns", value, 2, lang)


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
    """The difficulty value with its name in the language where the game has one, e.g.
    ``3 (easy)`` (``level 3 (easy)`` with ``field=True``; ``niveau 3 (facile)`` in French).

    >>> difficulty_label("trwavril", 4, lang="en"), difficulty_label("trwavril", 4, lang="fr")
    ('4 (easy)', '4 (facile)')
    >>> difficulty_label("dripeul", 2, lang="en")
    '2 (medium)'
    """
    key = _key(game_key)
    dfield = DIFFICULTY[key]
    entry = get(key)
    name = entry.difficulty_name(value, lang=lang) if value in entry.difficulty_names else None
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


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


# ------------------------------------------------------------------ charts
def _axis_label(metric: Metric, lang: str | None = None) -> str:
    if metric.is_probability:
        return _("probability", lang=lang)
    return _("expected number of turns", lang=lang)


def _with_meanings(fig: Any, metrics: Iterable[Metric], lang: str | None) -> Any:
    """Add each metric's exact meaning to the chart's text alternative (its caption)."""
    fig.dicelab_alt_text += " " + " ".join(m.meaning(lang) + "." for m in metrics)
    return fig


def headline_chart(headlines: Sequence[Any], lang: str | None = None) -> Any:
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
    rows: Sequence[Any], metric: Metric | None = None, lang: str | None = None
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


def distribution_chart(sim: Any, lang: str | None = None) -> Any:
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


def win_rate_chart(sims: Sequence[Any], lang: str | None = None) -> Any:
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


def simulation_charts(sims: Sequence[Any], lang: str | None = None) -> list[Any]:
    """Every chart of a simulation: one turns histogram per rules (exact expected turns
    marked), and for win-or-lose games the exact-versus-simulated win rate chart."""
    figs = [distribution_chart(s, lang) for s in sims]
    if sims and chart_metric(sims[0].headline.game).is_probability:
        figs.append(win_rate_chart(sims, lang))
    return figs
