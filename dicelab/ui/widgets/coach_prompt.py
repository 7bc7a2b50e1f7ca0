"""The app's coach prompt: with the prompt on, a choice that loses more than the thresholds
is held back and the app asks first ("Show me the best", "Keep my choice", "Let me try
again").

Mixed into :class:`~dicelab.ui.widgets.base.GameApp`, which builds the prompt's widgets
(``prompt``, ``prompt_text`` and its three buttons, CSS classes ``dicelab-prompt``,
``dicelab-prompt-show``, ``-keep``, ``-retry``).  The verdict, its why and the thresholds
are the play session's (:mod:`dicelab.ui.session`, from :mod:`dicelab.analysis.coach`).

>>> from dicelab.ui.widgets import play
>>> app = play("seveny", seed=3, lang="en", threshold_points=0, threshold_turns=0)
>>> app.roll(); app.select(1); app.selection()  # set the 1 aside: not the best
True
(1,)
>>> app.roll(), app.prompt.layout.display  # held back: the prompt asks first
(False, 'flex')
>>> app.prompt_show_best(), app.selection()  # the best: set the three 2s aside
(True, (2, 2, 2))
>>> app.close()
"""

from __future__ import annotations

from typing import Any

from dicelab.core.i18n import _
from dicelab.games._base import Resolve, Stop
from dicelab.ui.text import esc

__all__ = ["CoachPrompt"]


class CoachPrompt:
    """The coach-prompt part of :class:`~dicelab.ui.widgets.base.GameApp` (a mixin: it
    uses the app's ``session``, ``state``, ``overlay``, ``dice_row``, ``act``, ``say`` and
    ``select``)."""

    session: Any
    state: Any
    lang: str
    overlay: Any
    dice_row: Any
    prompt: Any
    prompt_text: Any
    _pending: Any

    def _coach(self, state: Any, action: Any) -> tuple[str, float, str] | None:
        """(objective, loss, label) of ``action`` in ``state``, or ``None`` if not advised."""
        found = self.session.coach_loss(action, state)
        if found is None:
            return None
        return found[0], found[1], self.action_label(action)

    def _too_costly(self, objective: str, loss: float) -> bool:
        self._sync_session()
        return self.session.too_costly(objective, loss)

    def _ask(self, action: Any, coached: tuple[str, float, str]) -> None:
        self._sync_session()
        decision = self.session.coach_decision(action)  # the coach's verdict and why
        lines = [decision.text, *decision.why] if decision is not None else []
        self._pending = (action, coached, self.advice().best)
        self.prompt_text.value = "".join(f"<p>{esc(x)}</p>" for x in lines)
        self.prompt.layout.display = "flex"
        self.say("")

    def _close_prompt(self) -> None:
        self._pending = None
        self.prompt.layout.display = "none"
        self.prompt_text.value = ""

    def prompt_show_best(self) -> bool:
        """"Show me the best": name the best choice (with its why) and select its dice."""
        if self._pending is None:
            return False
        action, coached, best = self._pending
        self._close_prompt()
        lines = [_("The best choice here: “{label}”.", lang=self.lang,
                   label=self.action_label(best.action))]
        lines += self.session.why_lines(best.action)
        self._select_action(best.action)
        self.overlay.hint(2)
        self.say(" ".join(lines))
        return True

    def prompt_keep_choice(self) -> bool:
        """"Keep my choice": apply the held-back choice."""
        if self._pending is None:
            return False
        action = self._pending[0]
        self._close_prompt()
        return self.act(action, confirmed=True)

    def prompt_try_again(self) -> bool:
        """"Let me try again": drop the held-back choice; the dice stay as they were."""
        if self._pending is None:
            return False
        self._close_prompt()
        self.say(_("Choose again.", lang=self.lang))
        return True

    def _select_action(self, action: Any) -> None:
        keep = list(getattr(action, "keep", ()) or ())
        if isinstance(action, Stop):
            keep = list(self.state.dice)
        picked = []
        for i, v in enumerate(self.dice_row.dice):
            if v in keep:
                keep.remove(v)
                picked.append(i)
        if not isinstance(action, Resolve):
            self.select(*picked)
