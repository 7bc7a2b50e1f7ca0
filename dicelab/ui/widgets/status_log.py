"""What the app tells: the status line (with the result and the luck/skill split at game
over; its chart under a button, drawn when asked), the message line, the game log and the
game review.

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`, which builds the widgets these fill
(``status``, ``message``, ``log``, ``review_box``; CSS classes ``dicelab-status``,
``dicelab-message``, ``dicelab-log``, ``dicelab-review``).  Every sentence about an event
is :func:`.text.event_sentence`'s, the one the terminal uses too.

>>> from dicelab.ui.widgets import play
>>> app = play("seveny", seed=3, lang="en", coach_prompt=False)
>>> app.status.value
'<p><strong>Turn 1</strong> · roll to start the turn</p>'
>>> app.say("Hello"); app.message.value
'<p>Hello</p>'
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import N_, _
from dicelab.ui.text import esc, event_sentence, player_name, to_play_text
from dicelab.ui.widgets import adapters

__all__ = ["LOG_LINES", "StatusLog"]

#: How many recent log lines the app shows.
LOG_LINES = 14
#: Messages used inside f-strings below (marked here so the catalog extracts them).
_MARKED = (
    N_('Not possible:'),
    N_('Game log (latest last)'),
    N_('Technical detail'),
)
#: Events that say what a turn's final dice made: always shown.
_RESULT_EVENTS = ("final", "resolve", "flip", "miss", "bust", "overshoot", "set_aside",
                  "win")


class StatusLog:
    """The status, message, log and review part of
    :class:`~dicelab.ui.widgets.base.GameApp` (a mixin: it uses the app's ``session``,
    ``game``, ``state``, ``rules`` panel and its widgets above).  Subclasses word their
    own phases (:meth:`phase_text`) and add to the status line (:meth:`status_extra`)."""

    session: Any
    game: Any
    state: Any
    lang: str
    auto_computer: bool
    status: Any
    message: Any
    log: Any
    review_box: Any
    rules: Any
    _policies: dict[int, Any]
    _notes: dict[int, str]
    _guard: Any

    def status_html(self) -> str:
        s = self.state
        lang = self.lang
        if s.is_over:
            return (f"<p><strong>{esc(self.session.result_text())}"
                    "</strong></p>" + self._luck_end_html())
        extra = self.status_extra()
        phase = self.phase_text()
        if self.is_computer():
            phase = (_("the computer is playing…", lang=lang) if self.auto_computer else
                     _("press “{button}”", lang=lang,
                       button=_("Play computer turn", lang=lang)))
        # before its first roll a turn has not begun yet: the status names the turn to come,
        # as the log will ("… starts turn 3")
        turn = s.turn_count + (1 if s.phase == "start" else 0)
        if s.players == 1:
            head = _("Turn {n}", lang=lang, n=turn)
        elif self.session.against_computer():  # « À vous de jouer · tour 3 »
            head = _("{who} · turn {n}", lang=lang, n=turn, who=to_play_text(
                s.current_player, s.players, self._policies, lang))
        else:
            who = player_name(s.current_player, lang)
            kind = _("computer", lang=lang) if self.is_computer() else _("human", lang=lang)
            head = _("{who} to play ({kind}) · turn {n}", lang=lang, who=who, kind=kind,
                     n=turn)
        return (
            f"<p><strong>{esc(head)}</strong> · "
            f"{esc(phase)}{(' · ' + esc(extra)) if extra else ''}</p>"
        )

    @property
    def luck_chart(self) -> Any:
        """The finished game's luck/skill chart under its button
        (:class:`.luckview.LuckChart`: drawn, with matplotlib, only when the student asks
        for it), below the status line."""
        panel = self.__dict__.get("_luck_panel")
        if panel is None:
            from dicelab.ui.widgets.luckview import LuckChart

            panel = self.__dict__["_luck_panel"] = LuckChart(
                self._luck_chart_html, self.lang, guard=self._guard)
        return panel

    def _show_status(self) -> None:
        """The status line, and the chart's button once the game is over (with a split)."""
        self.status.value = self.status_html()
        over = self.state.is_over and self._luck_end_html()
        self.luck_chart.offer((id(self.game), len(self.game.actions)) if over else None,
                              self.lang)

    def phase_text(self) -> str:
        lang = self.lang
        return {
            "start": _("roll to start the turn", lang=lang),
            "choose": _("choose what to keep", lang=lang),
            "resolve": _("choose how to use the final dice", lang=lang),
            "over": _("game over", lang=lang),
        }.get(self.state.phase, _("rolling", lang=lang))

    def status_extra(self) -> str:
        return ""

    def _luck_end_html(self, chart: bool = False) -> str:
        """The luck/skill split under "Game over" (:func:`.luckview.end_html`), for the
        human seats (every seat when the computer plays them all); ``chart``: its chart
        instead (:func:`.luckview.chart_html`, drawn when the student presses « Show the
        luck and skill chart », :class:`.luckview.LuckChart`)."""
        from dicelab.ui.widgets import luckview

        humans = [p for p in range(self.state.players) if p not in self._policies]
        make = luckview.chart_html if chart else luckview.end_html
        try:
            return make(self.game, self.lang, humans or None,
                        names=self.session.seat_names(), computer=self._policies)
        except Exception:  # noqa: BLE001 - the end screen never fails for it
            return ""

    def _luck_chart_html(self) -> str:
        """The luck/skill chart of the finished game (:meth:`_luck_end_html`)."""
        return self._luck_end_html(chart=True)

    def log_html(self) -> str:
        events = self.game.log[-LOG_LINES:]
        lang = self.lang
        if not events:
            return "<p><em>" + esc(_("Game log: nothing yet.", lang=lang)) + "</em></p>"
        solo = self.state.players == 1
        first = len(self.game.log) - len(events)
        versus, game, cs = self._versus(), self.game_key, self._computer_solo()

        def say(e: dict[str, Any]) -> str:
            return event_sentence(e, lang, solo, versus=versus, game=game, computer_solo=cs)

        items = "".join(
            (f'<li class="dicelab-why-line"><em>{esc(self._notes[first + i])}</em></li>'
             if first + i in self._notes and not cs else "")
            + f"<li>{esc(say(e))}</li>"
            for i, e in enumerate(events))
        return (
            f"<details open><summary>{esc(_('Game log (latest last)', lang=lang))}</summary>"
            f'<ul style="margin:2px 0;font-size:90%">{items}</ul></details>'
        )

    def event_text(self, event: dict[str, Any]) -> str:
        return event_sentence(event, self.lang, self.state.players == 1,
                              versus=self._versus(), game=self.game_key,
                              computer_solo=self._computer_solo())

    def _computer_solo(self) -> bool:
        """A solo game the computer plays (lesson 14): the log says « L'ordinateur garde »."""
        return self.state.players == 1 and 0 in self._policies

    def _versus(self) -> int | None:
        """The human's seat against the computer (the log calls it "you"), else ``None``."""
        if not self.session.against_computer():
            return None
        return next(p for p in range(self.state.players) if p not in self._policies)

    def say(self, text: str, error: bool = False, detail: str = "") -> None:
        """Show ``text`` in the message line (``error``: as a refusal); ``detail``, the
        technical words behind it, folded under it (an HTML ``<details>``)."""
        folded = (f'<details class="dicelab-detail"><summary>'
                  f'{esc(_("Technical detail", lang=self.lang))}</summary>'
                  f"<p><code>{esc(detail)}</code></p></details>") if detail else ""
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = (
                f'<div role="alert" class="dicelab-error"><p><strong>⚠ '
                f'{esc(_("Not possible:", lang=self.lang))}</strong> {esc(text)}</p>'
                f"{folded}</div>"
            )
        else:
            self.message.value = f"<p>{esc(text)}</p>{folded}"

    def say_refusal(self, error: Any) -> None:
        """A refused action or file in the message line: an ``InvalidSave`` in a
        student's words, its technical message folded under them."""
        summary = getattr(error, "summary_message", None)
        text = summary(self.lang) if summary is not None else error.message(self.lang)
        detail = error.message(self.lang)
        self.say(text, error=True, detail="" if detail == text else detail)

    def describe_events(self, events: list[dict[str, Any]]) -> str:
        solo = self.state.players == 1
        # the last three events, and always what the final dice made (a turn that ends a
        # manche or the game keeps its dice and result on the screen)
        shown = [e for i, e in enumerate(events)
                 if i >= len(events) - 3 or e.get("type") in _RESULT_EVENTS]
        versus = self._versus()
        text = " ".join(event_sentence(e, self.lang, solo, versus=versus, game=self.game_key,
                                       computer_solo=self._computer_solo())
                        for e in shown)
        notes = getattr(self, "event_notes", None)  # the learning mode's rule quotes
        if notes is not None:
            text = " ".join([text, *(_("Rule: “{rule}”", lang=self.lang, rule=r)
                                     for r in notes(events))])
        return text

    def show_rules(self, show: bool | None = None) -> bool:
        """The Rules button: show (or hide) the game's rules card; returns whether shown."""
        return self.rules.toggle(show)

    def review(self) -> Any:
        """Show the game review in the app (``dicelab.review``); returns the review object,
        or ``None`` (with a message) when the review module is not there."""
        humans = [p for p in range(self.state.players) if p not in self._policies]
        rev = adapters.review(self.game, self.lang, players=humans,
                              names=self.session.seat_names())
        if rev is None:
            self.say(_("The game review is not available in this version.", lang=self.lang),
                     error=True)
            return None
        try:
            html = rev.to_html(self.lang)
        except TypeError:
            html = rev.to_html()
        self.review_box.value = f'<div class="dicelab-surface" style="overflow:auto">{html}</div>'
        return rev
