"""The policy picture of two-player play: when to bank, by both scores.

In the style of Neller & Presser's roll/hold surface for Pig: a heat map of the
duel-optimal decision by (my score, opponent's score) — here the smallest turn total at
which the player banks — beside the difference with the solo-optimal player (who only
wants to finish fast).  Colour-blind safe (``cividis`` and the diverging ``PuOr``), white
background, and a text alternative in ``fig.dicelab_alt_text`` like every
:mod:`dicelab.plots` chart.  Every word goes through :mod:`dicelab.i18n`.

:func:`plot_bank_or_roll` draws lesson 13's simpler picture: one turn's two choices by the
opponent's score (lines and markers, readable in grey), the lesson's position starred.

matplotlib is imported inside the functions, so ``import dicelab.render.duelplots`` is light.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, fmt_int, fmt_percent
from dicelab.engine.race import PolicySurface
from dicelab.registry import GAMES, REGISTRY, GameEntry

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_bank_or_roll", "plot_policy_surface", "policy_surface", "surface_summary"]


def policy_surface(game: Any, rules: Any = None) -> PolicySurface:
    """``game``'s policy picture for ``rules``: its two-player engine's ``policy_surface``
    (the games whose ``duel`` module draws one: 5000 and Seveny).

    >>> policy_surface("dripeul")
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: the policy picture exists for ...; got 'dripeul'
    """
    if isinstance(game, PolicySurface):
        return game
    entry = REGISTRY.get(game) if isinstance(game, str) else None
    make = _surface_maker(entry) if entry else None
    if make is None:
        drawn = [g.key for g in GAMES if _surface_maker(g) is not None]
        raise DicelabError("the policy picture exists for {games}; got {game}",
                           games=", ".join(map(repr, drawn)), game=brief(game))
    return make(rules)


def _surface_maker(entry: GameEntry) -> Callable[[Any], PolicySurface] | None:
    """The two-player engine's ``policy_surface`` (``None``: the game draws none)."""
    engine = entry.duel_engine
    return engine.policy_surface if engine is not None else None


def surface_summary(surface: PolicySurface) -> dict[str, float]:
    """Key numbers of a policy picture: positions shown, share where the duel and solo
    policies differ, and the mean bank total of each (points)."""
    shown = ~np.isnan(surface.duel)
    n = int(shown.sum())
    return {
        "positions": n,
        "differs": float(surface.differs.sum() / n) if n else 0.0,
        "duel_mean": float(np.nanmean(surface.duel)) if n else float("nan"),
        "solo_mean": float(np.nanmean(surface.solo)) if n else float("nan"),
    }


def plot_policy_surface(game: Any = None, rules: Any = None, *,
                        lang: str | None = None) -> Figure:
    """Heat map of the duel-optimal bank total by (my score, opponent's score) (left), and
    its difference with the solo-optimal one (right: orange where playing to win banks
    later, i.e. takes more risk; purple where it banks earlier).

    ``game``: ``"cinqmille"``, ``"seveny"`` or a ready
    :class:`~dicelab.engine.race.PolicySurface` (default: the first registered game that
    draws one, 5000).  Returns a matplotlib Figure (its
    ``dicelab_alt_text`` describes it with its key numbers).
    """
    from dicelab.render import plots

    if game is None:
        game = next(g.key for g in GAMES if _surface_maker(g) is not None)
    surf = policy_surface(game, rules)
    info = surface_summary(surf)
    with plots._style():
        fig = plots._new_figure((11.0, 4.8))
        ax, ax2 = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
        my, opp = surf.my, surf.opp
        step_x = float(opp[1] - opp[0]) if len(opp) > 1 else 1.0
        step_y = float(my[1] - my[0]) if len(my) > 1 else 1.0
        extent = (opp[0] - step_x / 2, opp[-1] + step_x / 2, my[0] - step_y / 2,
                  my[-1] + step_y / 2)
        im = ax.imshow(np.ma.masked_invalid(surf.duel), origin="lower", cmap="cividis",
                       aspect="auto", extent=extent, interpolation="nearest")
        fig.colorbar(im, ax=ax).set_label(_("turn total at which to bank (points)", lang=lang))
        ax.grid(False)
        diff = surf.duel - surf.solo
        lim = float(np.nanmax(np.abs(diff))) if np.isfinite(diff).any() else 1.0
        im2 = ax2.imshow(np.ma.masked_invalid(diff), origin="lower", cmap="PuOr_r",
                         vmin=-max(lim, 1.0), vmax=max(lim, 1.0), aspect="auto", extent=extent,
                         interpolation="nearest")
        fig.colorbar(im2, ax=ax2).set_label(
            _("playing to win minus solo play (points)", lang=lang))
        ax2.grid(False)
        entry = REGISTRY.get(surf.game)
        title = _("{game}: when to bank, playing to win", lang=lang,
                  game=entry.name if entry else surf.game)
        alt = _(
            "Heat map of the turn total at which the player who plays to win banks, by "
            "their own score (vertical) and the opponent's score (horizontal), over "
            "{n} positions. Solo-optimal play decides differently in {share} of them "
            "(right-hand panel). Mean bank total: {duel} points playing to win, "
            "{solo} points in solo play.",
            lang=lang, n=fmt_int(info["positions"], lang=lang),
            share=fmt_percent(info["differs"], lang=lang),
            duel=fmt_int(round(info["duel_mean"]), lang=lang) if info["positions"] else "-",
            solo=fmt_int(round(info["solo_mean"]), lang=lang)
            if not np.isnan(info["solo_mean"]) else "-",
        )
        plots._finish(fig, ax2, _("opponent's score", lang=lang), _("my score", lang=lang),
                      _("against solo play", lang=lang), alt, lang)
        plots._finish(fig, ax, _("opponent's score", lang=lang), _("my score", lang=lang),
                      title, alt, lang)
    return fig


def plot_bank_or_roll(opponent: Sequence[int], p_bank: Sequence[float],
                      p_roll: Sequence[float], *, my_score: int, marked: int | None = None,
                      cross: int | None = None, lang: str | None = None) -> Figure:
    """Lesson 13's chart (its words name the lesson's turn: 200 points in the turn, two dice
    left).  The turn's two choices, bank or roll on, by the opponent's score: each choice's
    exact probability of winning the game (both playing to win), a line each.  Readable
    without colour: bank is a solid line with circles, rolling on a dashed line with
    squares, and the position ``marked`` (an opponent score of ``opponent``) a black star
    on each line, named in the legend; ``cross``: the opponent score from which rolling on
    wins more (a dotted vertical line, named in the legend; ``None``: none).

    >>> fig = plot_bank_or_roll([4700, 4800], [0.52, 0.29], [0.60, 0.48], my_score=4700,
    ...                         marked=4800, lang="en")
    >>> fig.axes[0].get_ylabel()
    'probability of winning the game'
    >>> plot_bank_or_roll([4700], [0.5, 0.4], [0.6], my_score=4700)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: bank_or_roll needs as many probabilities as opponent \
scores (1); got 2 and 1
    """
    from dicelab.render import plots

    if not (len(opponent) == len(p_bank) == len(p_roll)) or not opponent:
        raise DicelabError("bank_or_roll needs as many probabilities as opponent scores "
                           "({n}); got {b} and {r}", n=len(opponent), b=len(p_bank),
                           r=len(p_roll))
    if marked is not None and marked not in opponent:
        raise DicelabError("the marked position must be one of the opponent scores; got "
                           "{marked}", marked=brief(marked))
    x = np.asarray(opponent, dtype=float)
    bank = 100 * np.asarray(p_bank, dtype=float)
    roll = 100 * np.asarray(p_roll, dtype=float)
    with plots._style():
        fig = plots._new_figure((7.5, 4.6))
        ax = fig.add_subplot(1, 1, 1)
        ax.plot(x, bank, color=plots.PALETTE[0], linestyle="-", marker="o", markersize=4,
                label=_("bank the 200 points", lang=lang))
        ax.plot(x, roll, color=plots.PALETTE[1], linestyle="--", marker="s", markersize=4,
                label=_("roll the two dice left", lang=lang))
        if cross is not None:
            ax.axvline(cross, color=plots.TEXT, linestyle=":", linewidth=1.2,
                       label=_("from about {score} on, rolling always wins more", lang=lang,
                               score=fmt_int(cross, lang=lang)))
        if marked is not None:
            i = list(opponent).index(marked)
            ax.plot([marked, marked], [bank[i], roll[i]], linestyle="none", marker="*",
                    markersize=16, color="black", markeredgecolor="white", zorder=5,
                    label=_("this lesson's position (opponent at {score})", lang=lang,
                            score=fmt_int(marked, lang=lang)))
        ax.set_ylim(0, 100)
        ax.yaxis.set_major_formatter(_percent_axis(lang))
        ax.legend(loc="lower left", frameon=True, framealpha=0.95)
        title = _("At {me} points, 200 in the turn, two dice left: bank or roll?",
                  lang=lang, me=fmt_int(my_score, lang=lang))
        first, last = 0, len(opponent) - 1
        alt = _(
            "Line chart of the probability of winning the game, by the opponent's score "
            "(from {lo} to {hi}), for a player at {me} points with 200 points in the turn "
            "and two dice left, both playing to win. Solid line with circles: bank "
            "(from {b0} to {b1}). Dashed line with squares: roll the two dice left (from "
            "{r0} to {r1}).",
            lang=lang, lo=fmt_int(opponent[first], lang=lang),
            hi=fmt_int(opponent[last], lang=lang), me=fmt_int(my_score, lang=lang),
            b0=fmt_percent(float(p_bank[first]), 1, lang),
            b1=fmt_percent(float(p_bank[last]), 1, lang),
            r0=fmt_percent(float(p_roll[first]), 1, lang),
            r1=fmt_percent(float(p_roll[last]), 1, lang))
        if cross is not None:
            alt += " " + _("From an opponent at about {score} on, rolling on always wins more "
                           "often.", lang=lang, score=fmt_int(cross, lang=lang))
        if marked is not None:
            alt += " " + _(
                "A star marks this lesson's position, the opponent at {score}: {b} when "
                "banking, {r} when rolling on.", lang=lang,
                score=fmt_int(marked, lang=lang), b=fmt_percent(bank[i] / 100, 1, lang),
                r=fmt_percent(roll[i] / 100, 1, lang))
        plots._finish(fig, ax, _("opponent's score (points)", lang=lang),
                      _("probability of winning the game", lang=lang), title, alt, lang)
    return fig


def _percent_axis(lang: str | None) -> Any:
    """A y-axis formatter of percentages in ``lang`` (values in percent: 40 → « 40 % »)."""
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _pos: fmt_percent(v / 100, 0, lang))
