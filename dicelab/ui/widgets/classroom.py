"""The app's Classroom actions: a new game from the Classroom panel or the mode bar, a
restart, the teacher's dice, and going on with a saved game.

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`, which builds the widgets: the
Classroom panel (:class:`.controls.ClassroomControls`), the mode bar
(:class:`.modes.ModeBar`) and the Load button (reading a file:
:func:`.saveload.load_upload`).  Starting, restarting, loading and the checks of the dice
typed in are the play session's (:mod:`dicelab.ui.session`); this view reads the panel,
resets what it shows and redraws.

A new game (New game, the mode bar, New game once the game is over) takes a new random
seed, shown as the game's number, unless a seed was typed in the Classroom panel's box:
that one is played (a teacher gives the whole class the same dice).  Restart plays the
same game again.

>>> from dicelab.ui.widgets import play
>>> app = play("seveny", seed=3, lang="en", coach_prompt=False)
>>> app.controls.seed.value = 12  # typed: this game
>>> app.new_game(), app.message.value, app.game.seed
(True, '<p>Game 12 starts: 1 player.</p>', 12)
>>> app.new_game(), app.game.seed != 12, app.controls.seed.value == app.game.seed
(True, True, True)
>>> app.teacher_set_dice("1 2 3 4 5")  # no roll yet: nothing to replace
False
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, ngettext
from dicelab.ui.options import check_computer
from dicelab.ui.text import esc, fmt_dice
from dicelab.ui.widgets.controls import parse_dice_text
from dicelab.ui.widgets.modes import mode_of, seats_for
from dicelab.ui.widgets.saveload import load_upload

__all__ = ["ClassroomActions"]


class ClassroomActions:
    """The Classroom part of :class:`~dicelab.ui.widgets.base.GameApp` (a mixin: it uses
    the app's ``session``, ``controls``, ``mode_bar``, ``overlay``, ``say``, ``refresh``
    and ``_auto``)."""

    session: Any
    module: Any
    game: Any
    game_key: str
    lang: str
    controls: Any
    mode_bar: Any
    overlay: Any
    review_box: Any
    load_button: Any
    again_button: Any
    auto_computer: bool
    winbar_default: bool
    _last_events: list[dict[str, Any]]

    def title_html(self) -> str:
        """The app's title: the game's name and this game's number (its seed)."""
        number = _("game {seed}", lang=self.lang, seed=self.game.seed)
        return (f"<h3 style='margin:2px 0'>{esc(self.game.name)} <small class="
                f"'dicelab-game-number'>· {esc(number)}</small></h3>")

    def new_game(self) -> bool:
        """Start a new game from the controls: variants, players and seats, and the seed
        typed in the seed box (the box still showing this game's seed: a new random one)."""
        c = self.controls
        try:
            rules = c.variants.build()
            typed = c.seed.value != self.game.seed
            players = int(c.players.count.value)
            seats = check_computer(
                {s: k for s, k in c.players.kinds().items() if k != "human"}, players)
            self.session.new_game(rules=rules, seed=c.seed.value if typed else None,
                                  players=players, seats=seats)
        except DicelabError as e:
            self.say(e.message(self.lang), error=True)
            return False
        seed = c.seed.value = self.game.seed
        self.winbar_default = players == 2
        self.mode_bar.show(mode_of(players, seats))
        self._close_prompt()
        self._prepare_duel()
        self.overlay.reset_tally()
        self._last_events = []
        self.say(ngettext("Game {seed} starts: {n} player.", "Game {seed} starts: {n} players.",
                          players, lang=self.lang, seed=seed))
        self.refresh()
        self._auto()
        return True

    def play_again(self) -> bool:
        """The game is over: a new game with the same variants, players and seats: a new
        seed, or after a game whose seed was given (typed, or the app's ``seed``) the next
        one, so that a class that shares a seed gets the same dice again."""
        if self.session.seed_given and self.controls.seed.value == self.game.seed:
            self.controls.seed.value = self.game.seed + 1
        return self.new_game()

    def _again_refresh(self) -> None:
        """The "New game" button under the dice: shown once the game is over."""
        b = self.again_button
        b.description = _("New game", lang=self.lang)
        b.tooltip = _("Play a new game: new dice, or after a game of a given seed the next "
                      "seed (the same dice for a class that shares its seed)", lang=self.lang)
        b.layout.display = "" if self.game.is_over else "none"

    def set_mode(self, mode: str) -> bool:
        """The mode bar: ``"solo"``, ``"two"`` (two players at one screen) or
        ``"computer"`` (player 2 is the computer and plays by itself); starts that game at
        once (same seed box and variants as the Classroom panel)."""
        if mode not in ("solo", "two", "computer"):
            raise DicelabError("unknown mode {mode}; choose solo, two or computer",
                               mode=brief(mode))
        c = self.controls
        c.players.count.value = 1 if mode == "solo" else 2
        seats = seats_for(mode, c.players.kinds_offered)
        for i, dd in enumerate(c.players.seats):
            dd.value = seats.get(i, "human")
        if mode == "computer":
            self.auto_computer = True
        return self.new_game()

    def reset(self) -> None:
        """Restart the current game from the start, with the same seed, rules and players."""
        self.session.reset()
        self._close_prompt()
        self.overlay.reset_tally()
        self._last_events = []
        self.say(_("Game {seed} restarted.", lang=self.lang, seed=self.game.seed))
        self.refresh()
        self._auto()

    def teacher_set_dice(self, text: str | None = None) -> bool:
        """Teacher mode: replace the last roll by the dice typed in the box (or ``text``)."""
        if text is not None:
            if not isinstance(text, str):
                self.say(_("Teacher mode: {why}", lang=self.lang, why=_(
                    "type the dice as text, e.g. 2 2 2 4 6", lang=self.lang)), error=True)
                return False
            self.controls.dice_text.value = text if len(text) <= 200 else text[:200]
        raw = text if text is not None else self.controls.dice_text.value
        try:
            dice = parse_dice_text(raw)
            events = self.session.set_dice(dice)
        except DicelabError as e:
            self.say(_("Teacher mode: {why}", lang=self.lang, why=e.message(self.lang)),
                     error=True)
            return False
        self._close_prompt()
        self._last_events = list(events)
        self.say(_("Teacher mode: the last roll now shows {dice}.", lang=self.lang,
                   dice=fmt_dice(dice)))
        self.refresh()
        self._auto()
        return True

    def _forget_computer(self) -> None:
        self.session.forget_computer()

    def _on_upload(self, change: Any) -> None:
        """The Load button's file (``change["new"]``: a ``FileUpload`` value)."""
        if change["new"]:
            self.load(load_upload(change["new"], self.game_key))

    def load(self, game: Any) -> bool:
        """Go on with (or review) a saved game: a ``Game`` of this app's game, or a JSON
        save, checked as ``Game.from_json`` checks it.  Every seat is a human one; the
        Classroom panel shows the game's seed, variants and players."""
        if not isinstance(game, self.module.Game):
            game = load_upload(({"content": game.encode("utf-8") if isinstance(game, str)
                                 else game},), self.game_key)
        self.session.load(game)
        self._close_prompt()
        players = game.state.players
        c = self.controls
        c.seed.value = game.seed
        c.variants.show(game.state.rules)
        c.players.count.value = players
        for dd in c.players.seats:
            dd.value = "human"
        self.winbar_default = players == 2
        self.mode_bar.show(mode_of(players, {}))
        self._prepare_duel()
        self.overlay.reset_tally()
        self.review_box.value = ""
        self._last_events = []
        self.say(ngettext("Game loaded: {n} move. Press “{button}” to review it, or play on.",
                          "Game loaded: {n} moves. Press “{button}” to review it, or play on.",
                          len(game.actions), lang=self.lang,
                          button=_("Game review", lang=self.lang)))
        self.refresh()
        return True
