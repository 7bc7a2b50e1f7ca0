"""The policy picture of two-player play: when to bank, by both scores.

In the style of Neller & Presser's roll/hold surface for Pig: a heat map of the
duel-optimal decision by (my score, opponent's score) — here the smallest turn total at
which the player banks — beside the difference with the solo-optimal player (who only
wants to finish fast).  Colour-blind safe (``cividis`` and the diverging ``PuOr``), white
background, and a text alternative in ``fig.dicelab_alt_text`` like every
:mod:`dicelab.plots` chart.  Every word goes through :mod:`dicelab.i18n`.

matplotlib is imported inside the functions, so ``import dicelab.render.duelplots`` is light.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, fmt_int, fmt_percent
from dicelab.engine.race import PolicySurface
from dicelab.registry import GAMES, REGISTRY, GameEntry

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_policy_surface", "policy_surface", "surface_summary"]


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
