"""The apps' bar for a background solve: a progress bar and a Cancel button.

A two-player game whose exact table is not at hand, or a solo Seveny game at a large
target, starts a solve in the background (:mod:`dicelab.analysis.solving`'s
:class:`~dicelab.analysis.solving.SolveJob`).  :class:`SolveBar` shows it at once: the
fraction done (from the engine's :func:`dicelab.core.progress.step` calls; a pulsing bar when
the solver has none), the time spent, and a Cancel button (a real button: Tab reaches it,
Enter or Space presses it).  A solve waiting for another one of the kernel to finish
(:func:`~dicelab.analysis.solving.solve_line`) says so, with how many are ahead.  The app
stays usable meanwhile; it is told when the user cancels (``on_cancel``).

>>> bar = SolveBar("en")
>>> bar.box.layout.display
'none'
>>> from dicelab.analysis.solving import SolveJob
>>> job = SolveJob("nogame", None, solver=lambda g, r: None)
>>> bar.bind(job, "Solving…"); bar.box.layout.display, bar.cancel_button.description
('', 'Cancel')
>>> bar.bind(None); bar.box.layout.display
'none'
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from dicelab.analysis import solving as duel_registry
from dicelab.core import progress
from dicelab.core.errors import DicelabError
from dicelab.core.i18n import N_, _, get_language, ngettext
from dicelab.core.progress import Cancelled

__all__ = ["BackgroundSolves", "SolveBar"]

#: seconds between two redraws of the bar while a solve runs (in a kernel)
TICK = 0.5


class SolveBar:
    """A progress bar, a label (what is computed, time spent) and a Cancel button, bound to
    one background solve at a time (:meth:`bind`); hidden when there is none.

    ``on_cancel()`` is called (on the kernel's main thread) when the user presses Cancel:
    it stops waiting for the job (the job goes on if another app waits for it too).
    Without ``on_cancel`` the job is asked to stop.
    """

    def __init__(self, lang: str | None = None,
                 on_cancel: Callable[[], Any] | None = None) -> None:
        import ipywidgets as w

        self.lang = get_language(lang)
        self.on_cancel = on_cancel
        self.job: Any = None
        self.text = ""
        self.bar = w.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info")
        self.bar.add_class("dicelab-progress-bar")
        self.label = w.HTML()
        self.label.add_class("dicelab-solve-label")
        self.cancel_button = w.Button(icon="stop", layout=w.Layout(width="auto"))
        self.cancel_button.add_class("dicelab-cancel")
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.box = w.HBox([self.bar, self.label, self.cancel_button],
                          layout=w.Layout(display="none", flex_flow="row wrap",
                                          align_items="center"))
        self.box.add_class("dicelab-solve-bar")
        self._ticker: threading.Thread | None = None
        self.relabel(self.lang)

    def relabel(self, lang: str) -> None:
        """The labels in ``lang`` (the app's language changed)."""
        self.lang = get_language(lang)
        self.cancel_button.description = _("Cancel", lang=self.lang)
        self.cancel_button.tooltip = _("Stop this computation", lang=self.lang)
        self.update()

    @property
    def active(self) -> bool:
        """Whether a solve is shown (bound and still running)."""
        return self.job is not None and self.job.running

    def bind(self, job: Any, text: str = "") -> None:
        """Show ``job`` (a running :class:`SolveJob`) with ``text`` (what is being computed),
        or hide the bar (``None``, or a job that has ended)."""
        self.job = job
        self.text = text
        self.update()
        if self.active:
            self._start_ticker()

    def cancel(self) -> None:
        """The Cancel button: tell the app (it stops waiting for the solve, which stops
        unless another app waits for it), or stop the bound solve."""
        job = self.job
        if job is None:
            return
        if self.on_cancel is None:
            job.cancel()
        self.job = None
        self.update()
        if self.on_cancel is not None:
            self.on_cancel()

    def update(self) -> None:
        """Redraw from the bound job (main thread)."""
        job = self.job
        if job is None or not job.running:
            self.box.layout.display = "none"
            return
        self.box.layout.display = ""
        frac = float(job.fraction)
        ahead = job.ahead if job.waiting else 0
        if ahead:  # another solve of the kernel first: an empty bar, and how many
            self.bar.bar_style = ""
            self.bar.value = 0.0
            wait = ngettext("waiting for another computation to finish ({n} ahead)",
                            "waiting for other computations to finish ({n} ahead)",
                            ahead, lang=self.lang)
            parts = " · ".join(p for p in (self.text, wait) if p)
            self.label.value = f'<span role="status">⏳ {_esc(parts)}</span>'
            return
        if frac > 0:
            self.bar.bar_style = "info"
            self.bar.value = frac
            done = _("{percent} % done", lang=self.lang, percent=round(frac * 100))
        else:  # no steps from this solver: a bar that pulses, and the time spent
            self.bar.bar_style = "info" if self.bar.value < 0.5 else ""
            self.bar.value = (self.bar.value + 0.1) % 1.0
            done = ""
        secs = _("{seconds} s", lang=self.lang, seconds=int(job.elapsed))
        parts = " · ".join(p for p in (self.text, done, secs) if p)
        # what the solve said along the way (a missing shipped table, a stale cached one)
        said = "".join(
            f"<br><small>⚠ {_esc(n.message(self.lang) if isinstance(n, DicelabError) else str(n))}"
            "</small>" for n in getattr(getattr(job, "task", None), "notes", ()))
        self.label.value = f'<span role="status">⏳ {_esc(parts)}{said}</span>'

    def _start_ticker(self) -> None:
        """In a kernel: redraw every :data:`TICK` seconds on the main thread while the job
        runs (outside a kernel the app redraws the bar at each refresh)."""
        schedule = progress.main_thread_scheduler()
        if schedule is None:
            return
        job = self.job

        def tick() -> None:
            while self.job is job and job is not None and not job.done.wait(TICK):
                schedule(self.update)
            schedule(self.update)

        self._ticker = threading.Thread(target=tick, name="dicelab-solve-bar", daemon=True)
        self._ticker.start()


class BackgroundSolves:
    """The app's side of the background solves (mixed into
    :class:`~dicelab.ui.widgets.base.GameApp`, which owns ``solve_bar``): the bar follows the
    two-player solve, else the solo one; Cancel stops it and leaves the app in solo odds
    (two players) or without odds (solo), saying so; a New game starts it again.

    Solo odds (one player, three or more, or an objective of the player's own): a game
    whose engine says the first solo advice needs a long computation
    (:func:`~dicelab.analysis.solving.solo_ready`: Seveny above target 10, or before its
    turn's tables are built; two players: any Seveny target not solved yet, shown while the
    two-player table is solved or read by the advice of a ready one) computes it in the
    background when the app runs in a kernel (or ``background_solves`` is true: tests);
    meanwhile :meth:`advice` answers at once with an
    error the overlay shows ("being computed"), the coach stays quiet, and rolling,
    stopping, undo… all work.

    A solve is shared by the apps of the kernel that wait for the same variant: Cancel in
    one app stops its waiting, and stops the solve only if no other app waits for it; an
    app whose solve was stopped by someone else starts it again.  Closing the app (or the
    app being garbage-collected) is the same as its Cancel, without a word.  The kernel's
    solves take turns (:func:`~dicelab.analysis.solving.solve_line`): a solve waiting for
    another one to finish shows its bar with "waiting for another computation to finish
    (1 ahead)", and Cancel takes it out of the line.
    """

    #: solve the solo game in the background even outside a kernel (tests)
    background_solves: bool = False
    _solo_job: Any = None
    _solo_cancelled: bool = False

    def _prepare_solo(self) -> None:
        """A new game: start the solo solve in the background if it is long (see above);
        the previous game's solo solve, if another, is let go (it stops unless another app
        waits for it)."""
        old = self._solo_job
        try:
            self._start_solo()
        finally:
            if old is not None and old is not self._solo_job and old.running:
                old.withdraw(self._solo_ended)

    def _start_solo(self) -> None:
        app: Any = self
        self._drop_solo_job()
        game, rules = app.game_key, app.state.rules
        if not (self.background_solves or progress.main_thread_scheduler() is not None):
            return
        quick = True  # solo odds: one player, three or more, or the player's own objective
        if (app.state.players == 2 and app.objective is None
                and duel_registry.has_duel(game)):
            # the solo odds shown while the two-player table is solved, or read by the
            # two-player advice of a ready table (its warm-up solves them: the bar follows)
            quick = False
        try:
            job = duel_registry.solve_solo_in_background(game, rules, quick)
        except Exception:  # noqa: BLE001,S110 - the advice then says what is wrong
            return
        if job is None:  # quick: its tables, if any to build, are built meanwhile
            self._warm_solo(game, rules)
            return
        self._solo_job = job
        app.session.solo_job = job  # the computer seats wait for it
        self._solo_schedule = progress.main_thread_scheduler()
        job.subscribe(self._solo_ended)

    _solo_warm: Any = None

    def _warm_solo(self, game: str, rules: Any) -> None:
        """A quick variant's solo advice tables, built in the background as the app opens
        (5000: about 0.3 s, once per kernel;
        :func:`~dicelab.analysis.solving.warm_solo_in_background`), so that the first
        decision does not wait for them; an advice asked meanwhile waits for them. Held like
        the app's solves: closing the app lets it go (it stops unless another app waits)."""
        try:
            job = duel_registry.warm_solo_in_background(game, rules)
        except Exception:  # noqa: BLE001 - the first advice then builds them itself
            return
        if job is not None:
            self._solo_warm = job
            job.subscribe(self._solo_warmed)

    def _solo_warmed(self, job: Any) -> None:
        """The tables are built: nothing to redraw (the next advice reads them)."""

    def _solo_ended(self, job: Any) -> None:
        """The solving thread: redraw on the kernel's main thread."""
        app: Any = self
        schedule = getattr(self, "_solo_schedule", None)
        if schedule is not None and not app._closed and job is self._solo_job:
            schedule(app._guard(self._solo_redraw))

    def _solo_redraw(self) -> None:
        """The solo solve ended (main thread): redraw, and a computer seat that waited
        plays."""
        app: Any = self
        app.refresh()
        app._auto()

    def _drop_solo_job(self, withdraw: bool = False) -> None:
        """Stop waiting for the solo solve; ``withdraw`` (the app closes): the solve stops
        too unless another app waits for it."""
        for job, fn in ((self._solo_job, self._solo_ended),
                        (self._solo_warm, self._solo_warmed)):
            if job is not None:
                if withdraw:
                    job.withdraw(fn)
                else:
                    job.unsubscribe(fn)
        self._solo_job = self._solo_warm = None
        self._solo_cancelled = False
        app: Any = self
        if getattr(app, "session", None) is not None:
            app.session.solo_job = None

    def solo_computing(self) -> bool:
        """Whether this game's solo odds are being computed in the background."""
        return self._solo_job is not None and self._solo_job.running

    def _check_solo(self) -> None:
        """Before an advice: a :class:`~dicelab.core.errors.DicelabError` (at once) while the solo
        solve runs in the background or after the user cancelled it."""
        if self.solo_computing():
            raise DicelabError(N_("they are being computed in the background; use the bar "
                                  "above to follow or cancel"))
        if self._solo_cancelled:
            raise DicelabError(N_("you cancelled their computation; a New game starts it "
                                  "again"))

    def _sync_solve_bar(self) -> None:
        """At each redraw: take in an ended solo solve and show the running solve, if any."""
        app: Any = self
        job = self._solo_job
        if job is not None and not job.running:
            self._solo_job = None
            app._advice_cache.clear()
            if isinstance(job.error, Cancelled):  # not by this app (it dropped its job):
                self._prepare_solo()  # another one stopped a shared solve; start it again
        lang = app.lang
        if app.duel_computing():  # (a solve started again by the session too)
            app._duel_job.subscribe(app._duel_ended)
            app.solve_bar.bind(app._duel_job, _("Exact two-player odds", lang=lang))
        elif self.solo_computing():
            app.solve_bar.bind(self._solo_job, _("Exact odds", lang=lang))
        else:
            app.solve_bar.bind(None)

    def wait_for_solo(self, timeout: float | None = None) -> bool:
        """Wait for the background solo solve and redraw (scripts and tests); returns
        whether the solo odds are at hand."""
        app: Any = self
        job = self._solo_job
        if job is not None:
            job.join(timeout)
        app.refresh()
        return not self.solo_computing() and not self._solo_cancelled

    def cancel_solve(self) -> None:
        """The bar's Cancel (or a script): stop the background solve shown and say so; the
        app goes on with solo odds (two players: a computer seat that plays to win plays
        with them, at once if it was waiting) or without odds (solo)."""
        app: Any = self
        lang = app.lang
        duel = app.duel_computing()
        if duel:
            app._duel_job.withdraw(app._duel_ended)  # goes on if another app waits for it
            app._drop_duel_job()
            # the overlay's note says so (:meth:`DuelOdds.duel_note`), until a new game; a
            # seat that plays to win plays with the solo odds meanwhile (session.duel_off)
            app._duel_error = Cancelled(N_("you cancelled the computation"))
        elif self.solo_computing():
            self._solo_job.withdraw(self._solo_ended)
            self._drop_solo_job()
            self._solo_cancelled = True
            app._advice_cache.clear()
            app.say(_("Computation cancelled: no exact odds in this game (a New game "
                      "computes them again).", lang=lang))
        app.solve_bar.job = None
        app.refresh()
        if duel:  # a seat that played to win and waited for it plays now, with the solo odds
            app._auto()


def _esc(text: str) -> str:
    import html

    return html.escape(text)
