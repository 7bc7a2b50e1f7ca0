"""The app's dice and buttons: the words of a move, the selection of dice, the keys, the
Roll / Stop / Bank buttons' state and words, the resolution buttons, the dice caption and
the hint's marks on the dice.

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`, which builds the widgets
(``dice_row``, a :class:`.dice_row.DiceRow`; ``roll_button``, ``stop_button``,
``bank_button``, ``resolve_box``; CSS classes in docs/developers.md's DOM contract).
Which buttons are enabled, and why not, is always the game's own ``legal_actions`` and
``step``: a button never decides a rule.  In a set-aside game, a click on a die that no
legal move can set aside with the dice already toggled is refused at once, with the rule's
own reason (:meth:`DicePanel.accept_die`); a move that is the only one possible and needs
dice set aside is said in words, with a button that plays it (:meth:`DicePanel.forced_move`).

>>> from dicelab.ui.widgets import play
>>> app = play("seveny", seed=3, lang="en", coach_prompt=False)
>>> app.enabled_actions(), app.roll_text(())
(['roll'], 'Roll (R)')
>>> app.roll(); app.state.dice
True
(5, 1, 2, 2, 2, 5, 6)
>>> app.select(2, 3, 4); app.selection(), app.roll_text(app.selection())
((2, 2, 2), 'Roll 4 dice (R)')
>>> app.key("3"), app.selection()  # key 3 toggles the third die
(True, (2, 2))
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.analysis import coach
from dicelab.core.dice import is_sub_multiset
from dicelab.core.errors import DicelabError
from dicelab.core.i18n import _, ngettext
from dicelab.games._base import Bank, Resolve, Roll, Stop
from dicelab.registry import get as get_game
from dicelab.ui.text import esc, fmt_dice, player_name

__all__ = ["DicePanel"]


class DicePanel:
    """The dice-and-buttons part of :class:`~dicelab.ui.widgets.base.GameApp` (a mixin:
    it uses the app's ``session``, ``module``, ``game``, ``state``, ``legal``, ``overlay``,
    ``say`` and ``_guard``).  Subclasses word their resolution choices
    (:meth:`resolve_label`)."""

    kind: str
    session: Any
    module: Any
    game: Any
    session: Any
    state: Any
    lang: str
    overlay: Any
    dice_row: Any
    roll_button: Any
    stop_button: Any
    bank_button: Any
    undo_button: Any
    computer_button: Any
    resolve_box: Any
    resolve_buttons: list[Any]
    resolve_choices: list[Any]
    #: the button that plays the one move possible, when it sets dice aside (else None)
    forced_button: Any = None
    _forced_key: Any = None
    why: Any
    _pending: Any
    _computer_steps: dict[int, int]

    def choice_label(self, choice: Any) -> str:
        """A choice of the advice in plain words of the app's language (from its action)."""
        return self.action_label(choice.action)

    def action_label(self, action: Any) -> str:
        lang = self.lang
        n = len(self.state.dice)
        if isinstance(action, Stop):
            return _("stop", lang=lang)
        if isinstance(action, Resolve):
            return self.resolve_label(action.choice)
        if isinstance(action, Bank):
            if not action.keep:
                return _("bank", lang=lang)
            # the coach's own words (one wording for an action everywhere)
            return coach.describe_action(self.state, action, lang=lang)
        if isinstance(action, Roll):
            if self.kind == "push":
                if not action.keep:
                    return _("roll", lang=lang)
                if self.state.phase != "start" and not self.state.to_roll:
                    return coach.describe_action(self.state, action, lang=lang)
                left = self._dice_left_after(action.keep)
                return _("set aside {dice}, roll {count}", lang=lang, dice=fmt_dice(action.keep),
                         count=ngettext("{n} die", "{n} dice", left, lang=lang))
            count = ngettext("{n} die", "{n} dice", n - len(action.keep), lang=lang)
            if not action.keep:
                return _("roll all {count}", lang=lang, count=count)
            return _("keep {dice}, roll {count}", lang=lang, dice=fmt_dice(action.keep),
                     count=count)
        return str(action)

    def resolve_label(self, choice: Any) -> str:
        """Words on a resolution button (subclasses say "remove token 3", "flip card 4")."""
        return _("choose {choice}", lang=self.lang, choice=choice)

    def _dice_left_after(self, keep: tuple[int, ...]) -> int:
        """Push games: how many dice the next roll throws after setting ``keep`` aside."""
        s = self.state
        entry = get_game(self.game_key)
        total = entry.dice_count(s.rules)
        aside = entry.set_aside(s) if entry.set_aside is not None else ()
        left = total - len(aside) - len(keep)
        return left if left > 0 else total

    def selection(self) -> tuple[int, ...]:
        """The toggled dice's values, sorted."""
        return self.dice_row.selected_values()

    def selection_actions(self) -> set[Any]:
        """The actions the current selection would make (whether legal or not)."""
        keep = self.selection()
        acts: set[Any] = set()
        try:
            acts.add(Roll(keep))
            if self.kind == "push":
                acts.add(Bank(keep))
        except DicelabError:  # pragma: no cover - values come from the dice
            return acts
        if self.kind == "reroll" and len(keep) == len(self.state.dice) and keep:
            acts.add(Stop())
        return acts

    def initial_selection(self) -> list[bool]:
        """Toggles on after a roll: reroll games keep the dice kept for that roll."""
        s = self.state
        if self.kind != "reroll" or s.phase != "choose" or not s.kept:  # a reroll state's
            return [False] * len(s.dice)
        kept = list(s.kept)
        sel = []
        for v in s.dice:
            if v in kept:
                kept.remove(v)
                sel.append(True)
            else:
                sel.append(False)
        return sel

    def select(self, *indices: int) -> None:
        """Toggle on exactly the dice at ``indices`` (display order; for tests and scripts).

        Locked dice (disabled toggles) stay as they are.
        """
        for i, t in enumerate(self.dice_row.die_toggles):
            if not t.disabled:
                t.value = i in indices

    def key(self, key: str) -> bool:
        """A key press (the keyboard widget calls this): 1–7 toggle a die, R roll, B bank,
        S stop, U undo, H the next hint.  Returns whether it did something."""
        k = str(key).lower()
        if k in "1234567" and len(k) == 1:
            return self.dice_row.toggle(int(k) - 1)
        if self._pending is not None and k in "rbs":
            return False  # answer the coach first
        button = {"r": self.roll_button, "b": self.bank_button, "s": self.stop_button,
                  "u": self.undo_button}.get(k)
        if button is not None:
            if button.disabled or button.layout.display == "none":
                return False
            return bool({"r": self.roll, "b": self.bank, "s": self.stop, "u": self.undo}[k]())
        if k == "h":
            if self.overlay.hint_button.disabled:
                self.say(_("No hint here: there is no choice to make.", lang=self.lang))
                return False
            if self.overlay.hint_level >= 3:
                self.say(_("That was the last hint: the full table is shown.",
                           lang=self.lang))
                return False
            self.overlay.hint(self.overlay.hint_level + 1)
            return True
        return False

    def _update_selection(self) -> None:
        """After a toggle: enable the buttons and re-mark the overlay (no advice recompute)."""
        s = self.state
        human = not self.is_computer() and not s.is_over
        legal = self.legal() if human else frozenset()
        keep = self.selection()
        self.roll_button.disabled = Roll(keep) not in legal
        self.stop_button.disabled = Stop() not in legal
        self.bank_button.disabled = Bank(keep) not in legal
        self.roll_button.description = self.roll_text(keep)
        self.why.value = self.why_text(keep, legal) if human else ""
        if s.phase == "choose" and human:
            self.overlay.set_selection(self.selection_actions(), self.empty_selection_text())
        else:
            self.overlay.set_selection((), "")

    def accept_die(self, i: int) -> bool:
        """A click turns die ``i`` on (set-aside games): refuse it, saying why in the rules'
        words, when no legal move sets aside the toggled dice with it (5000: a lone 6
        scores nothing; Seveny: a 3 goes aside only by three).  Keep-and-reroll games keep
        any dice: nothing to refuse."""
        if self.kind != "push" or self.state.phase != "choose":
            return True
        keep = self.selection()
        keeps = [a.keep for a in self.legal() if isinstance(a, (Roll, Bank))]
        if not keeps or any(is_sub_multiset(keep, k) for k in keeps):
            return True
        try:
            self.module.step(self.state, Roll(keep))
        except DicelabError as e:
            why = e.message(self.lang)
        else:  # pragma: no cover - legal after all
            return True
        self.say(_("This die stays on the table — {why}.", lang=self.lang, why=why),
                 error=True)
        return False

    def forced_move(self) -> Any:
        """The only legal move, when it sets dice aside (the buttons as they stand cannot
        play it: the dice must be toggled first), else ``None``."""
        s = self.state
        if s.is_over or s.phase == "start" or self.is_computer():
            return None
        legal = self.legal()
        if len(legal) != 1:
            return None
        (action,) = legal
        return action if isinstance(action, (Roll, Bank)) and action.keep else None

    def forced_text(self) -> str:
        """The forced move in words (empty when there is none)."""
        action = self.forced_move()
        if action is None:
            return ""
        return _("Only one move is possible: {move}.", lang=self.lang,
                 move=self.action_label(action))

    def _on_toggle(self) -> None:
        if self._pending is not None:
            self._close_prompt()
        if "dicelab-error" in self.message.value:
            # a refusal (say, of the die clicked before) no longer holds once a click is
            # accepted: left on screen, it would speak of a die the student has left
            self.say("")
        self._update_selection()

    def _mark_hint(self, level: int) -> None:
        """The first hint also marks the dice it points at (a ☆ and a dashed frame)."""
        toggles = self.dice_row.die_toggles
        for t in toggles:
            t.remove_class("dicelab-hinted")
        if level < 1 or self.state.phase != "choose":
            return
        for i in self.session.hint_positions():
            if i < len(toggles):
                toggles[i].add_class("dicelab-hinted")

    def why_text(self, keep: tuple[int, ...], legal: frozenset[Any]) -> str:
        """Why the selection cannot be rolled / banked, in the engine's own words (or the
        one move possible, when it needs dice set aside)."""
        forced = self.forced_text()
        if forced and not any(a == Roll(keep) or a == Bank(keep) for a in legal):
            return f'<p class="dicelab-forced-text">{esc(forced)}</p>'
        if not keep or self.state.phase != "choose":
            return ""
        reasons = []
        buttons = [(_("Roll", lang=self.lang), Roll(keep))]
        if self.kind == "push":
            buttons.append((_("Bank", lang=self.lang), Bank(keep)))
        if Stop() in legal and len(keep) == len(self.state.dice):
            return ""  # every die kept: that is Stop, not a roll
        for name, action in buttons:
            if action in legal:
                continue
            try:
                self.module.step(self.state, action)
            except DicelabError as e:
                reasons.append(f"{name} : {e.message(self.lang)}" if self.lang == "fr"
                               else f"{name}: {e.message(self.lang)}")
        if not reasons:
            return ""
        return "<p><small>" + esc(" · ".join(reasons)) + "</small></p>"

    def roll_text(self, keep: tuple[int, ...]) -> str:
        lang = self.lang
        if self.state.phase == "start" or not self.state.dice:
            return _("Roll", lang=lang) + " (R)"
        if self.kind == "reroll":
            n = len(self.state.dice) - len(keep)
        else:
            n = self._dice_left_after(keep) if keep else 0
        if not n:
            return _("Roll", lang=lang) + " (R)"
        return _("Roll {count}", lang=lang,
                 count=ngettext("{n} die", "{n} dice", n, lang=lang)) + " (R)"

    def empty_selection_text(self) -> str:
        if self.kind == "push":
            return _("Toggle the dice you set aside to see what your choice is worth.",
                     lang=self.lang)
        return _("Your selection is not one of the legal choices here.", lang=self.lang)

    def dice_caption(self, rolled: bool = False) -> str:
        s = self.state
        lang = self.lang
        if not s.dice:
            if self.is_computer() and not s.is_over:  # Roll is disabled: the computer rolls
                return "<em>" + esc(_("No dice on the table: press “{button}”.", lang=lang,
                                      button=_("Play computer turn", lang=lang))) + "</em>"
            return "<em>" + esc(_("No dice on the table: Roll to start the turn.",
                                  lang=lang)) + "</em>"
        new = (" <strong>" + esc(_("New roll!", lang=lang)) + "</strong>") if rolled else ""
        if s.is_over:
            return esc(_("Game over: these are the last dice rolled.", lang=lang))
        versus = self.session.against_computer()
        if self.is_computer():
            if versus:
                return esc(_("The computer's dice (it plays them):", lang=lang)) + new
            return esc(_("{who}'s dice (the computer plays them):", lang=lang,
                         who=player_name(s.current_player, lang))) + new
        last = len(self.game.actions) - 1
        if s.phase == "start" and last in self._computer_steps:
            if versus:
                return esc(_("The computer's last dice. Roll to start your turn.", lang=lang))
            who = player_name(self._computer_steps[last], lang)
            return esc(_("{who}'s last dice (computer). Roll to start your turn.",
                         lang=lang, who=who))
        if s.phase == "start":
            return esc(_("Last dice of the previous turn. Roll to start the turn.", lang=lang))
        if self.kind == "reroll":
            text = _("Dice on the table (click a die to keep it; the others are re-rolled):",
                     lang=lang)
        else:
            text = _("Latest roll (click the dice to set aside):", lang=lang)
        return esc(text) + new

    def _resolve_buttons(self, legal: frozenset[Any]) -> None:
        """The resolution buttons, and the button that plays a forced move
        (:attr:`forced_button`, first in the same row)."""
        import ipywidgets as w

        choices = sorted(
            (a.choice for a in legal if isinstance(a, Resolve)),
            key=lambda c: c if isinstance(c, tuple) else (c,),
        )
        forced = self.forced_move() if legal else None
        fkey = (forced, self.lang)  # the buttons' words are the language's
        if (choices == self.resolve_choices and (self.resolve_buttons or not choices)
                and fkey == self._forced_key):
            return
        old = self.resolve_buttons + ([self.forced_button] if self.forced_button else [])
        buttons = []
        for c in choices:
            label = self.resolve_label(c)
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class("dicelab-resolve-choice")
            b.on_click(self._guard(lambda c=c: self.resolve(c)))
            buttons.append(b)
        self.forced_button = None
        if forced is not None:  # the one move possible: one button plays it
            label = _("Play it: {move}", lang=self.lang, move=self.action_label(forced))
            fb = w.Button(description=label, tooltip=label, button_style="primary",
                          layout=w.Layout(width="auto", max_width="100%"))
            fb.add_class("dicelab-forced-move")
            fb.on_click(self._guard(lambda _b=None, a=forced: self.act(a)))
            self.forced_button = fb
        self._forced_key = fkey
        self.resolve_buttons = buttons
        self.resolve_choices = choices
        self.resolve_box.children = tuple(([self.forced_button] if self.forced_button else [])
                                          + buttons)
        for b in old:  # the old buttons are gone from the page: free them
            b.layout.close()
            b.style.close()
            b.close()

    def enabled_actions(self) -> list[str]:
        """The enabled controls that move the game: buttons, resolutions, a die to toggle."""
        out = [name for name, b in (("roll", self.roll_button), ("stop", self.stop_button),
                                    ("bank", self.bank_button),
                                    ("computer", self.computer_button))
               if not b.disabled and b.layout.display != "none"]
        out += ["forced"] if self.forced_button is not None else []
        out += ["resolve" for b in self.resolve_buttons if not b.disabled]
        out += ["die" for t in self.dice_row.die_toggles
                if not t.disabled and self.dice_row.enabled][:1]
        return out
