"""What the play notebooks display around the apps, in French or English.

The notebooks narrate in their own language and call these helpers for what the
package knows: the names of the app's buttons (from the same catalog as the app),
an answer folded until the reader asks for it, and a table of exact advice with
each objective under its name ("chance to win the game", "probabilité de gagner la
partie") and its exact meaning in the column's tooltip (the words of
:mod:`dicelab.core.objectives`).

>>> print(details("It is **3**.", summary="Answer", lang="en").text)
<details class="dicelab-answer"><summary>Answer</summary>
<BLANKLINE>
It is **3**.
<BLANKLINE>
</details>
>>> objective_tooltip("p_win", "en")
'P(win): the probability of winning from here, playing optimally afterwards'
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from dicelab.core.i18n import N_, _, dice_count, fmt_number, fmt_percent, get_language
from dicelab.core.objectives import is_probability, objective_explanation, objective_symbol
from dicelab.registry import objective_phrase

__all__ = [
    "Markdown",
    "advice_table",
    "button",
    "choice_label",
    "details",
    "first_roll_why",
    "objective_tooltip",
    "howto",
]

class Markdown:
    """Markdown text that Jupyter displays (``_repr_markdown_``); ``.text`` is the string."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_markdown_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


def details(text: str, summary: str | None = None, lang: str | None = None) -> Markdown:
    """``text`` (Markdown computed by the notebook) folded until the reader opens it."""
    summary = _("Answer", lang=lang) if summary is None else summary
    return Markdown(f'<details class="dicelab-answer"><summary>{html.escape(summary)}</summary>'
                    f"\n\n{text}\n\n</details>")


def objective_tooltip(key: str, lang: str | None = None) -> str:
    """An objective's symbol and plain meaning, e.g. ``"P(win): the probability of winning
    …"`` (its phrase where it has no plain meaning)."""
    explanation = objective_explanation(key, lang)
    if not explanation:
        return objective_phrase(key, lang)
    return _("{symbol}: {meaning}", lang=lang, symbol=objective_symbol(key, lang),
             meaning=explanation)


#: The app's buttons and switches by role (the app's own English labels, i.e. msgids).
BUTTONS: dict[str, str] = {
    "roll": N_("Roll"),
    "stop": N_("Stop"),
    "bank": N_("Bank"),
    "show_odds": N_("Show odds"),
    "hint": N_("Hint"),
    "seed": N_("Seed"),
    "new_game": N_("New game"),
    "reset": N_("Reset"),
    "teacher": N_("Teacher mode"),
    "set_dice": N_("Set dice"),
}


def button(role: str, lang: str | None = None) -> str:
    """The label the app shows on a button, in the language (the same catalog entry).

    >>> button("roll", "en")
    'Roll'
    """
    return _(BUTTONS[role], lang=lang)


def howto(lang: str | None = None) -> Markdown:
    """How to use a game app: keep dice, roll, stop or bank, odds, hint, seed, teacher mode."""
    b = {k: button(k, lang) for k in BUTTONS}
    return Markdown(_(
        "**How to use the board.** Click a die to keep it (click again to let it go), then "
        "**{roll}**. **{stop}** ends your rolls (Dripeul, Trwavril); **{bank}** takes your "
        "points (5000, Seveny). When the dice let you choose (which token, which card), "
        "buttons ask you. The **{show_odds}** switch reveals, for every choice you could make "
        "with the dice on the table, its exact numbers, the best one highlighted and what your "
        "current selection loses against it; leave it off to predict first. **{hint}** shows "
        "only the best choice. The **{seed}** box fixes the dice: type a number and press "
        "**{new_game}**; everyone who uses the same seed and makes the same choices sees the "
        "same dice. **{teacher}**: tick it, type dice such as `2 2 2 4 6` and press "
        "**{set_dice}** to replace the last roll and set up a position for the class. The "
        "variant and difficulty menus and **{reset}** start a game with other rules. "
        "Everything works from the keyboard: **Tab** moves between dice and buttons, **Space** "
        "or **Enter** presses.", lang=lang, **b))


_ROLLED = re.compile(r"roll (\d+)")
_BANKED = re.compile(r"bank (\d+)")


def choice_label(choice: Any, lang: str | None = None) -> str:
    """A choice of an :class:`~dicelab.engine.advice.Advice` in words, in the language.

    >>> from dicelab.engine.advice import Choice
    >>> from dicelab.games._base import Bank, Roll, Stop
    >>> choice_label(Choice((2, 2, 2), Roll((2, 2, 2)), "keep 2 2 2, roll 2"), "fr")
    'garder 2 2 2, relancer 2 dés'
    >>> choice_label(Choice((1,), Bank((1,)), "set aside 1 and bank 400"), "fr")
    'mettre de côté 1 et encaisser 400'
    >>> choice_label(Choice((3, 5), Stop(), "stop"), "en")
    'stop'
    """
    kind = type(choice.action).__name__
    dice = " ".join(str(d) for d in choice.keep)
    rolled = _ROLLED.search(choice.label)
    if kind == "Stop":
        return _("stop", lang=lang)
    if kind == "Roll" and rolled:
        count = dice_count(int(rolled.group(1)), lang)
        if not choice.keep:
            return _("roll {count}", lang=lang, count=count)
        if choice.label.startswith("set aside"):
            return _("set aside {dice}, roll {count}", lang=lang, dice=dice, count=count)
        return _("keep {dice}, roll {count}", lang=lang, dice=dice, count=count)
    banked = _BANKED.search(choice.label)
    if kind == "Bank" and banked:
        return _("set aside {dice} and bank {points}", lang=lang, dice=dice,
                 points=banked.group(1))
    return choice.label if get_language(lang) == "en" else _(choice.label, lang=lang)


def _value(key: str, x: float, lang: str | None) -> str:
    """A value with more decimals than the apps show (the tables compare close choices)."""
    if is_probability(key):
        return fmt_percent(x, 2, lang)
    if key == "expected_points":
        return fmt_number(x, 0, lang)
    return fmt_number(x, 3, lang)


def advice_table(
    advice: Any,
    objectives: Sequence[str],
    *,
    rows: int = 5,
    game: str | None = None,
    lang: str | None = None,
) -> str:
    """The first ``rows`` choices of ``advice`` as a Markdown table: the choice, each of
    ``objectives`` under its name (for ``game``; its exact meaning as the header's
    tooltip), and what the choice loses against the best."""
    heads = [_("choice", lang=lang)]
    for key in objectives:
        name = html.escape(objective_phrase(key, lang, game))
        heads.append(f'<span title="{html.escape(objective_tooltip(key, lang))}">{name}</span>')
    if advice.higher_is_better:
        heads.append(_("loss (percentage points)", lang=lang))
    else:
        heads.append(_("loss (turns)", lang=lang))
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for c in list(advice)[:rows]:
        cells = [choice_label(c, lang)] + [_value(k, c[k], lang) for k in objectives]
        loss = 100 * c.loss if advice.higher_is_better else c.loss
        cells.append(fmt_number(loss, 2 if advice.higher_is_better else 3, lang))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def first_roll_why(game_key: str, dice: Sequence[int], lang: str | None = None,
                   rules: Any = None) -> tuple[Any, Markdown]:
    """The exact advice for ``dice`` as the first roll of a solo game, and the coach's *why*
    of its best choice (against the runner-up) as a Markdown list — computed by the engine,
    for a guided question's answer.

    >>> adv, why = first_roll_why("seveny", (6, 6, 6, 1, 1, 3, 4), lang="en")
    >>> adv.best.keep, len(why.text.splitlines())
    ((6,), 3)
    """
    from dicelab.analysis import coach
    from dicelab.games._base import Roll
    from dicelab.registry import get

    entry = get(game_key)
    game = entry.Game(rules=rules, seed=0)
    game.apply(Roll(()), dice=tuple(dice))
    advice = entry.engine.advise_state(game.state)
    lines = coach.explain(game.state, advice.best.action, lang=lang, advice=advice)
    return advice, Markdown("\n".join(f"- {line}" for line in lines))
