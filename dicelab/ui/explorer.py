"""The variant explorer: every game's exact headline, variant by variant (the widget).

The numbers are computed by :mod:`dicelab.analysis.variants`, the words for options and
the charts are :mod:`dicelab.render.variant_charts`'; this module is the interactive
widget, :func:`explorer`, and keeps every public name of the two importable from here
(``from dicelab.ui import explorer``; ``explorer.headline(...)``).

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

from collections.abc import Callable, Sequence
from typing import Any

from dicelab.analysis.variants import (
    GridRow,
    Headline,
    Simulated,
    by_difficulty,
    explain_difference,
    explain_grid,
    grid_table,
    headline,
    headline_table,
    most_different,
    one_option_changes,
    simulate_rules,
    simulation_table,
    solver,
    variant_grid,
)
from dicelab.core.errors import DicelabError, InvalidRules
from dicelab.core.i18n import _, get_language
from dicelab.registry import GAME_NAMES, GAMES, Metric
from dicelab.render.variant_charts import (
    DIFFICULTY,
    METRICS,
    OPTION_NAMES,
    VALUE_NAMES,
    _fmt_option,
    _key,
    change_label,
    chart_metric,
    default_rules,
    difficulty_label,
    distribution_chart,
    format_value,
    game_module,
    grid_chart,
    headline_chart,
    option_label,
    option_name,
    simulation_charts,
    win_rate_chart,
)

__all__ = [
    "DIFFICULTY",
    "GridRow",
    "Headline",
    "METRICS",
    "Metric",
    "OPTION_NAMES",
    "VALUE_NAMES",
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
    game_key: str = GAMES[0].key,
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
    :class:`~dicelab.core.errors.DicelabError` is shown as a message, never a traceback.
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
        # new choice cancels it.  Outside a kernel it runs now.
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
