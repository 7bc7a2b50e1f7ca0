"""The app's two-player odds: the background solve of a variant's exact two-player table
(:mod:`dicelab.analysis.solving`), the overlay's line about it, and the win bar.

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`: the solve's state lives in the play
session (:mod:`dicelab.ui.session`); this view subscribes to the solve, hands the redraw to
the kernel's main thread when it ends, and draws what the session knows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dicelab.analysis import solving as duel_registry
from dicelab.core.i18n import _, fmt_percent
from dicelab.core.progress import Cancelled, main_thread_scheduler
from dicelab.registry import REGISTRY
from dicelab.ui.options import error_text
from dicelab.ui.text import esc, player_name
from dicelab.ui.widgets import adapters

__all__ = ["DuelOdds", "winbar_html"]


class DuelOdds:
    """The two-player odds part of :class:`~dicelab.ui.widgets.base.GameApp` (a mixin:
    it uses the app's ``session``, ``state``, ``overlay``, ``winbar``, ``refresh`` and
    ``_guard``)."""

    session: Any
    forced_move: Callable[[], Any]
    state: Any
    lang: str
    overlay: Any
    winbar: Any
    winbar_default: bool
    game_key: str
    _closed: bool
    _duel_job: Any
    _warm_job: Any
    _duel_error: Any
    _duel_news: bool
    _duel_schedule: Callable[[Callable[[], Any]], Any] | None

    def _winbar(self, _change: Any = None) -> None:
        """The two-player win bar, shown with the odds (its first solve can take a while)."""
        shown = (self.state.players == 2
                 and (self.overlay.show_odds.value or self.winbar_default)
                 and self._duel_at_hand())
        chances = adapters.win_chances(self) if shown else None
        if chances is None:
            self.winbar.layout.display = "none"
            self.winbar.value = ""
            return
        s = self.state
        forced = ""
        if s.phase != "start" and not self.has_choice() and self.forced_move() is None:
            forced = _("Only one move is possible here: it is forced.", lang=self.lang)
        self.winbar.layout.display = ""
        self.winbar.value = winbar_html(chances, self.lang, s.current_player,
                                        self.game_key, self.session.seat_names()) + (
            f'<p class="dicelab-forced"><small>{esc(forced)}</small></p>' if forced else "")

    def _prepare_duel(self) -> None:
        """Two players: get the exact two-player odds ready.  A ready table is loaded now
        (the first decision then costs milliseconds); otherwise the variant's solve starts
        in the background (one per variant in the kernel, in the kernel's line of solves,
        see :mod:`dicelab.analysis.solving`), the overlay meanwhile shows labelled solo
        odds and says so, and the app redraws itself when the solve ends.  The solve of the
        previous game's variant, if another, is let go (it stops unless another app waits
        for it)."""
        self._prepare_solo()  # a long solo solve too (solve_bar.BackgroundSolves)
        old = self._duel_job
        self._drop_duel_job()
        job = self.session.prepare_duel()
        if old is not None and old is not job and old.running:
            old.withdraw(self._duel_ended)  # another variant now: it stops unless shared
        if job is None:  # nothing to solve (a ready table is warmed), or it failed
            return
        self._duel_schedule = main_thread_scheduler()
        job.subscribe(self._duel_ended)

    def _duel_ended(self, job: duel_registry.SolveJob) -> None:
        """The solving thread: hand the redraw to the kernel's main thread (outside a
        kernel, the next redraw or :meth:`wait_for_duel` picks the result up)."""
        schedule = self._duel_schedule
        if schedule is not None and not self._closed and job is self._duel_job:
            schedule(self._guard(self._duel_redraw))

    def _duel_redraw(self) -> None:
        if self._collect_duel():
            self.refresh()
            self._auto()

    def _collect_duel(self) -> bool:
        """Take in a finished background solve (main thread); returns whether one ended."""
        return self.session.collect_duel()

    def _drop_duel_job(self, withdraw: bool = False) -> None:
        """Stop waiting for the two-player solve; ``withdraw`` (the app closes): the solve
        stops too unless another app waits for it (:meth:`SolveJob.withdraw`)."""
        job = self._duel_job
        if job is not None:
            if withdraw:
                job.withdraw(self._duel_ended)
            else:
                job.unsubscribe(self._duel_ended)
        self.session.drop_duel()

    def duel_computing(self) -> bool:
        """Whether the exact two-player odds of this game are being computed."""
        return self.session.duel_computing()

    def wait_for_duel(self, timeout: float | None = None) -> bool:
        """Wait for the background two-player solve and redraw (scripts and tests; in a
        notebook the app redraws itself).  Returns whether the exact two-player odds are
        at hand."""
        job = self._duel_job
        if job is not None:
            job.join(timeout)
        if self._warm_job is not None:
            self._warm_job.join(timeout)
        if self._collect_duel():
            self.refresh()
            self._auto()
        return self._duel_at_hand() and self._duel_error is None

    def _duel_at_hand(self) -> bool:
        """The two-player table is ready (or the game's own adapters decide: no engine in
        the registry)."""
        return self.session.duel_at_hand()

    def duel_note(self) -> str:
        """The overlay's line about the exact two-player odds (HTML, may be empty): being
        computed, cancelled by the user, could not be computed, or just ready."""
        lang = self.lang
        if self.state.players != 2:
            return ""
        solo = _("Until then the odds shown are solo odds: each player's own chances, as if "
                 "playing alone.", lang=lang)
        if self.duel_computing():
            text = _("The exact chances of beating each other are being computed in the "
                     "background (this can take a minute or more); the app updates itself "
                     "when they are ready.", lang=lang)
            said = "".join(f"<br><small>⚠ {esc(error_text(n, lang))}</small>"
                           for n in self.session.duel_notes())
            return f'<p role="status"><em>⏳ {esc(text)} {esc(solo)}</em>{said}</p>'
        if self._duel_error is not None and self._duel_at_hand():
            return ""  # ready after all (another app of the kernel solved it): exact odds
        if isinstance(self._duel_error, Cancelled):  # the user's Cancel: said once, here
            text = _("Computation cancelled: you cancelled the computation of the exact "
                     "two-player chances; the odds shown are solo odds, each player's own "
                     "chances as if playing alone (a New game computes them again).",
                     lang=lang)
            return f'<p role="status"><em>{esc(text)}</em></p>'
        if self._duel_error is not None:
            text = _("The exact chances of beating each other could not be computed: {why}.",
                     lang=lang, why=error_text(self._duel_error, lang).rstrip("."))
            solo = _("The odds shown are solo odds: each player's own chances, as if playing "
                     "alone.", lang=lang)
            return (f'<p role="alert" class="dicelab-error"><strong>⚠</strong> {esc(text)} '
                    f"{esc(solo)}</p>")
        if self._duel_news:
            text = _("The exact chances of beating each other are ready: the odds now rank "
                     "every choice by them.", lang=lang)
            return f'<p role="status"><em>✓ {esc(text)}</em></p>'
        return ""


def winbar_html(chances: tuple[float, ...], lang: str, to_play: int | None = None,
                game: str | None = None, names: Sequence[str] | None = None) -> str:
    """Each player's exact chance of winning as a labelled bar (two players).

    A game played in manches (Dripeul 5, ``game="dripeul"``): each player's chance of
    beating the other in this manche.  ``names``: the seats' names (default « Joueur 1 »,
    « Joueur 2 »; the app gives « Vous » / « Ordinateur » against the computer).

    >>> "Player 2" in winbar_html((0.25, 0.75), "en") and "75.0%" in winbar_html((0.25, 0.75), "en")
    True
    >>> "manche" in winbar_html((0.5, 0.5), "en", game="dripeul")
    True
    """
    rows = []
    for p, c in enumerate(chances):
        mark = "▶ " if p == to_play else ""
        rows.append(
            f'<div class="dicelab-winbar-row"><span style="display:inline-block;min-width:7em">'
            f"{mark}{esc(names[p] if names else player_name(p, lang))}</span>"
            f'<span class="dicelab-bar-track"><span class="dicelab-bar" '
            f'style="width:{100.0 * max(0.0, min(1.0, c)):.1f}%"></span></span> '
            f"<strong>{esc(fmt_percent(c, 1, lang))}</strong></div>"
        )
    if game in REGISTRY and REGISTRY[game].manches:
        title = _("Chance to beat the opponent in this manche (exact, both playing for it)",
                  lang=lang)
        meaning = _("P(win the manche): the probability that each player ends this manche "
                    "with fewer points than the other (a cleared board scores 0), both "
                    "playing for that (equal points count one half)", lang=lang)
    else:
        title = _("Chance to win (exact, both playing to win)", lang=lang)
        meaning = _("P(win): the probability that each player wins the two-player game, "
                    "both players playing to win (a shared win counts one half)", lang=lang)
    return f'<div title="{esc(meaning)}"><small>{esc(title)}</small>{"".join(rows)}</div>'


