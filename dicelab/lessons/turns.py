"""The turns simulator of the lessons: simulate solo games of 5000 or Seveny and plot the
turns to finish, offering only the policies that fit the chosen game (its menu and
numbers come from :mod:`dicelab.lessons`; its widget pieces from
:mod:`dicelab.ui.teaching`)."""

from __future__ import annotations

from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, fmt_int, fmt_number
from dicelab.lessons import TURN_GAMES, simulate_turns, turn_policies
from dicelab.lessons.maths import SIM_GAMES
from dicelab.ui.teaching.asking import _w, _Widget
from dicelab.ui.teaching.numbers import parse_seed


class TurnsSimulator(_Widget):
    """Simulate solo games of 5000 or Seveny and plot the turns to finish.

    The policy menu offers only the rules that fit the chosen game
    (:func:`dicelab.lessons.turn_policies`): thresholds in points of that game.
    """

    def __init__(self, *, games: int = 100, seed: int = 11, game: str | None = None,
                 lang: str | None = None) -> None:
        """``game``: only that game in the menu (lesson 09 simulates Seveny, the one game
        whose rules card it shows)."""
        w = _w()
        self.lang = lang
        if game is not None and game not in TURN_GAMES:
            raise DicelabError("unknown game {game}; games: {games}", game=brief(game),
                               games=", ".join(TURN_GAMES))
        shown = TURN_GAMES if game is None else {game: TURN_GAMES[game]}
        self.game = w.Dropdown(options=[(name, key) for key, name in shown.items()],
                               description=_("game", lang=lang))
        self.game.add_class("dicelab-sim-game")
        # lesson 09 (its one user) says "strategy" throughout
        self.policy = w.Dropdown(description=_("strategy", lang=lang))
        self.policy.add_class("dicelab-sim-policy")
        self.games = w.SelectionSlider(options=list(SIM_GAMES), value=games,
                                       description=_("games", lang=lang))
        self._simulate_row(seed)
        self.game.observe(self.guarded(lambda _c: self._policies()), "value")
        self._policies()
        self.progress = w.HBox()  # a long simulation's bar and Cancel button
        self._task: Any = None
        self.widget = w.VBox([w.HBox([self.game, self.policy]),
                              w.HBox([self.games, self.seed, self.go]), self.progress,
                              self.message, self.out])

    def _policies(self) -> None:
        self.policy.options = [(_(label, lang=self.lang, n=n) if n else _(label, lang=self.lang),
                                n) for label, n in turn_policies(self.game.value)]
        self.policy.value = self.policy.options[0][1]

    def run(self) -> Any:
        """Simulate and draw (in a notebook: in the background, with a progress bar and a
        Cancel button; a new click cancels the running one).  Returns the result when it
        ran at once (outside a kernel), else ``None``."""
        from dicelab.core.progress import Cancelled, run_with_progress

        seed = parse_seed(self.seed.value)
        game, threshold, games = self.game.value, self.policy.value, int(self.games.value)
        labels = (self.game.label, self.policy.label)
        if self._task is not None:
            self._task.cancel()
        out: dict[str, Any] = {}

        def done(result: tuple[Any, Any, str]) -> None:
            self.guarded(self._draw)(result, labels)
            out["res"] = result[0]

        def failed(e: BaseException) -> None:
            if isinstance(e, Cancelled):
                self.say(_("Simulation cancelled.", lang=self.lang))
            elif isinstance(e, DicelabError):
                self.say(e.message(self.lang), "error")
            else:  # a student never sees a traceback
                self.say(_("Something went wrong: {error}", lang=self.lang,
                           error=brief(str(e))), "error")

        def place(bar: Any) -> None:
            self.progress.children = () if bar is None else (bar,)

        self._task = run_with_progress(lambda: simulate_turns(game, threshold, games, seed),
                                       done, failed, place, lang=self.lang)
        return out.get("res")

    def _draw(self, result: tuple[Any, Any, str], labels: tuple[str, str]) -> None:
        from dicelab.render import plots

        res, exact_mean, label_mean = result
        game_label, policy_label = labels
        fig = plots.turns_histogram(
            res.turns, exact_mean=exact_mean, xlabel=_("turns to finish", lang=self.lang),
            ylabel=_("share of games", lang=self.lang), label=policy_label,
            title=_("{game}: {policy}", lang=self.lang, game=game_label,
                    policy=policy_label), lang=self.lang)
        # the observed spread beside the mean: lesson 09 is about variance
        sd = float(res.turns.std(ddof=1)) if res.games > 1 else 0.0
        self.say(_("Simulated mean {m} turns, standard deviation {s}, over {g} games; exact "
                   "mean of this strategy: {e}.",
                   lang=self.lang, m=fmt_number(res.mean_turns, 2, self.lang),
                   s=fmt_number(sd, 2, self.lang), g=fmt_int(res.games, self.lang),
                   e=fmt_number(exact_mean, 2, self.lang) if exact_mean is not None
                   else _(label_mean, lang=self.lang)))
        self.out.value = plots.chart_html(fig)


__all__ = ["TurnsSimulator"]
