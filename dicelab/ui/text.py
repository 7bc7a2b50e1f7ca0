"""Plain-text and HTML helpers shared by the views: the apps, the terminal and the session
(no ipywidgets needed).

Everything the apps show is built here as strings, in the player's language
(every word goes through :mod:`dicelab.i18n`), so it can be tested and read
without a browser.  Nothing in this module knows a game rule.

>>> die_label(5, lang="en"), die_label(5, kept=True, lang="fr")
('5', '5 ✓ gardé')
>>> fmt_loss("p_win", 0.052, "en")
'5.2 percentage points of chance to win the game'
>>> fmt_dice((2, 2, 4))
'2 2 4'
>>> event_sentence({"type": "set_aside", "player": 0, "dice": [5, 5, 5], "hand": [5, 5, 5],
...                 "cycle_points": 10}, lang="en")
'You set aside 5 5 5 (cycle: 10 points).'
>>> event_sentence({"type": "bank", "player": 1, "points": 750, "score": 750}, lang="fr",
...                solo=False)
'Joueur 2 encaisse 750 points\\xa0: total 750.'
"""

from __future__ import annotations

import html
from collections.abc import Collection, Iterable
from functools import cache
from typing import Any

from dicelab.core.i18n import N_, _, fmt_number, ngettext, ngettext_amount
from dicelab.core.objectives import is_probability
from dicelab.registry import GAMES, REGISTRY, objective_name, objective_phrase

#: Unicode die faces (used in plain text only; the app draws SVG faces).
PIPS: dict[int, str] = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}

def esc(text: Any) -> str:
    """HTML-escape any value's text.

    >>> esc("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(text), quote=True)


def fmt_dice(dice: Iterable[int]) -> str:
    """Dice values as ``"2 2 4"`` (``"—"`` for none)."""
    d = list(dice)
    return " ".join(str(v) for v in d) if d else "—"


def pips(dice: Iterable[int]) -> str:
    """Dice as numbers with their pip glyph: ``"2⚁ 5⚄"``.

    >>> pips([2, 5])
    '2⚁ 5⚄'
    """
    d = list(dice)
    return " ".join(f"{v}{PIPS.get(v, '')}" for v in d) if d else "—"


def points_text(n: int, lang: str | None = None) -> str:
    """``"1 point"``, ``"750 points"`` (game points: no thousands separator, as in "5000")."""
    return ngettext("{n} point", "{n} points", n, lang=lang).replace(str(n), str(n), 1)


def die_word(kind: str, lang: str | None = None) -> str:
    """The mark of a toggled die: ``"kept"`` (reroll games) or ``"set aside"`` (push games)."""
    return _("set aside", lang=lang) if kind == "push" else _("kept", lang=lang)


def die_label(face: int, kept: bool = False, kind: str = "reroll",
              lang: str | None = None) -> str:
    """The text on a die toggle (its face is drawn above it): the number and, when
    toggled, a check mark and a word."""
    return f"{face} ✓ {die_word(kind, lang)}" if kept else f"{face}"


def die_tooltip(index: int, face: int, kept: bool, kind: str = "reroll",
                lang: str | None = None) -> str:
    """Tooltip of a die toggle, e.g. ``"Die 3: 5 — kept (key 3)"`` (``index`` counts from 0).

    >>> die_tooltip(2, 5, True, lang="en"), die_tooltip(0, 1, False, "push", "fr")
    ('Die 3: 5 — kept (key 3)', 'Dé 1\\xa0: 1 — pas mis de côté (touche 1)')
    """
    if kind == "push":
        state = _("set aside", lang=lang) if kept else _("not set aside", lang=lang)
    else:
        state = _("kept", lang=lang) if kept else _("not kept", lang=lang)
    return _("Die {i}: {face} — {state} (key {i})", lang=lang, i=index + 1, face=face,
             state=state)


def shown_loss(objective: str, best: float, value: float) -> float:
    """A loss as the screen says it: the exact difference of the two unrounded values,
    which :func:`fmt_loss` rounds the way the values beside it are rounded (51,04 % and
    50,456 % lose 0,6 point: the numbers on screen agree within their last digit).

    >>> round(shown_loss("p_win", 0.5104, 0.50456), 6)
    0.00584
    >>> shown_loss("expected_turns", 10.5, 11.0)
    0.5
    """
    return value - best if objective == "expected_turns" else best - value


def fmt_loss(objective: str, loss: float, lang: str | None = None,
             game: str | None = None) -> str:
    """How much a loss in ``objective`` amounts to, in words: the coach's rounding and
    plurals (:func:`dicelab.analysis.coach.format_loss`) and the objective's phrase
    (:func:`dicelab.registry.objective_phrase`), so that the prompt and the coach's
    explanation say the same thing.

    >>> fmt_loss("expected_turns", 0.25, "en")
    '0.25 more turns on average'
    >>> fmt_loss("expected_turns", 0.599, "fr")
    '0,60 tour de plus en moyenne'
    >>> fmt_loss("p_duel", 0.0123, "en", game="dripeul")
    '1.2 percentage points of chance to beat your opponent in this manche'
    >>> fmt_loss("expected_points", 12.0, "fr")
    '12,0 points espérés ce tour'
    """
    from dicelab.analysis import coach

    if is_probability(objective):
        return _("{loss} of {number}", lang=lang, loss=coach.format_loss(objective, loss,
                                                                          lang=lang),
                 number=objective_phrase(objective, lang, game))
    if objective == "expected_turns":
        return ngettext_amount("{x} more turn on average", "{x} more turns on average", loss,
                               2, lang)
    return f"{fmt_number(loss, 1, lang)} {objective_name(objective, lang)}"


def player_name(player: int, lang: str | None = None) -> str:
    """Display name of a seat (seats count from 0).

    >>> player_name(0, "en"), player_name(2, "fr")
    ('Player 1', 'Joueur 3')
    """
    return _("Player {n}", lang=lang, n=player + 1)


def against_computer(players: int, computer: Collection[int]) -> bool:
    """A game of one human against the computer: two seats, one of them the computer's.

    >>> against_computer(2, {1}), against_computer(2, ()), against_computer(2, {0, 1})
    (True, False, False)
    """
    return players == 2 and len(set(computer) & {0, 1}) == 1


def seat_names(players: int, computer: Collection[int] = (),
               lang: str | None = None) -> list[str]:
    """The seats' names as the apps show them (score table, status, win bar, review, luck):
    against the computer (:func:`against_computer`) « Vous » and « Ordinateur » (You,
    Computer); otherwise « Joueur 1 », « Joueur 2 »… (:func:`player_name`).  The game log's
    sentences, written in the third person, keep « Joueur 1 ».

    >>> seat_names(2, {1}, "fr"), seat_names(2, {0}, "en")
    (['Vous', 'Ordinateur'], ['Computer', 'You'])
    >>> seat_names(2, (), "en"), seat_names(2, {0, 1}, "fr")
    (['Player 1', 'Player 2'], ['Joueur 1', 'Joueur 2'])
    """
    if against_computer(players, computer):
        return [_("Computer", lang=lang) if p in computer else _("You", lang=lang)
                for p in range(players)]
    return [player_name(p, lang) for p in range(players)]


def to_play_text(player: int, players: int, computer: Collection[int] = (),
                 lang: str | None = None) -> str:
    """Whose turn it is, in words: « À vous de jouer », « L'ordinateur joue » against
    the computer, else « Joueur 2 joue ».

    >>> to_play_text(0, 2, {1}, "fr"), to_play_text(1, 2, {1}, "en"), to_play_text(1, 3)
    ('À vous de jouer', 'The computer is playing', 'Player 2 to play')
    """
    if against_computer(players, computer):
        return (_("The computer is playing", lang=lang) if player in computer
                else _("Your turn", lang=lang))
    return _("{who} to play", lang=lang, who=player_name(player, lang))


def join_names(names: list[str], lang: str | None = None) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``"A, B et C"``).

    >>> join_names(["A", "B", "C"], "en"), join_names(["A", "B"], "fr")
    ('A, B and C', 'A et B')
    """
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}", lang=lang, first=", ".join(names[:-1]), last=names[-1])


def figure_word(figure: Any, lang: str | None = None) -> str:
    """A game's figure name: the French words stay (brelan, carré …); ``rien`` is explained."""
    if figure == "rien":
        return _("no figure", lang=lang)  # « rien » in French
    return str(figure)


# ---------------------------------------------------------------- event sentences
#: type -> (msgid when the player is "you" (solo), msgid for a named player)
_SENTENCES: dict[str, tuple[str, str]] = {
    "turn": (N_("Your turn {turn} starts."), N_("{who} starts turn {turn}.")),
    "turn_manche": (N_("Your turn {turn} starts (manche {manche})."),
                    N_("{who} starts turn {turn} (manche {manche}).")),
    "roll": (N_("You roll {count}: {dice}."), N_("{who} rolls {count}: {dice}.")),
    "roll_keep": (N_("You keep {kept} and roll {count}: {dice}."),
                  N_("{who} keeps {kept} and rolls {count}: {dice}.")),
    "stop": (N_("You stop with {dice}."), N_("{who} stops with {dice}.")),
    "win": (N_("You win!"), N_("{who} wins!")),
    "out": (N_("You are out of the game."), N_("{who} is out of the game.")),
    "bust_why": (N_("{dice}: {why} → you lose the turn and {lost}."),
                 N_("{dice}: {why} → {who} loses the turn and {lost}.")),
    "bust": (N_("No scoring die in {dice}: you lose the turn and {lost}."),
             N_("No scoring die in {dice}: {who} loses the turn and {lost}.")),
    "set_aside": (N_("You set aside {dice} ({points}; turn total {total})."),
                  N_("{who} sets aside {dice} ({points}; turn total {total}).")),
    "full_hand": (N_("Every die has scored: you roll all the dice again with {total} at "
                     "stake."),
                  N_("Every die has scored: {who} rolls all the dice again with {total} at "
                     "stake.")),
    "open": (N_("You open with {points}."), N_("{who} opens with {points}.")),
    "bank": (N_("You bank {points}: your total is now {score}."),
             N_("{who} banks {points}: total {score}.")),
    "turn_end": (N_("Your turn ends with {points}: total {score}."),
                 N_("The turn of {who} ends with {points}: total {score}.")),
    "final_round": (N_("You reach {score} (target {target}): the other players play a last "
                       "round."),
                    N_("{who} reaches {score} (target {target}): the others play a last "
                       "round.")),
}
_PLAIN: dict[str, str] = {
    "ballot": N_("It is a ballot: every die was rolled and none scores."),
    "validated": N_("The roll scores: the points set aside before are validated."),
    "manche_start": N_("Manche {manche} starts."),
    "final": N_("Final dice {dice}: {figure}."),
    "over_win_solo": N_("Game over: you win."),
    "over_lose_solo": N_("Game over: you lose."),
    "over_one": N_("Game over: {names} wins."),
    "over_shared": N_("Game over: shared win for {names}."),
    "over_none": N_("Game over: nobody wins."),
    "manche_end_solo": N_("End of manche {manche}: {points} left on your squares."),
    "manche_end": N_("End of manche {manche}. Points left on the squares: {points}."),
    "other": N_("Something happened in the game."),
}


def _num(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _dice(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return fmt_dice(v for v in value if isinstance(v, int))
    return "—"


@cache
def _game_words(game: str | None) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """The sentences and the reasons of ``game`` (a key; ``None``: every game's), each
    game's own first (:attr:`~dicelab.registry.GameEntry.sentences`, ``reasons``)."""
    entries = [REGISTRY[game]] if game in REGISTRY else list(GAMES)
    sentences = dict(_SENTENCES)
    reasons: dict[str, str] = {}
    for entry in reversed(entries):  # with every game's: the first registered wins a clash
        sentences.update(entry.sentences)
        reasons.update(entry.reasons)
    return sentences, reasons


def event_sentence(event: dict[str, Any], lang: str | None = None, solo: bool = True, *,
                   versus: int | None = None, game: str | None = None,
                   computer_solo: bool = False) -> str:
    """One log line from a game event (plain data), as a plain sentence in ``lang``.

    ``game``: the key of the game the event comes from, whose own sentences and reasons
    (its registry entry's) win over the shared ones; ``None``: any game's.

    ``solo``: the player is called "you"; otherwise players are named ("Player 2").
    ``versus``: the human's seat against the computer (:func:`against_computer`): that
    seat is "you", the other « Ordinateur » (Computer), as :func:`seat_names` names them.
    ``computer_solo``: a solo game the computer plays (lesson 14's app): its moves are
    « L'ordinateur garde 2 2 … », not "you keep", so that the log agrees with the line
    saying what the computer chose; the end of the game stays the solo one.

    >>> event_sentence({"type": "roll", "player": 0, "dice": [2, 5], "kept": [2, 2],
    ...                 "rolls_left": 1}, "fr", computer_solo=True)[:27]
    "L'ordinateur garde 2 2 et r"

    No program value (``True``, ``None``, a tuple) is ever shown.

    >>> event_sentence({"type": "roll", "player": 1, "dice": [1, 5]}, "fr", False, versus=0)
    'Ordinateur lance 2 dés\\xa0: 1 5.'
    >>> event_sentence({"type": "game_over", "player": 0, "winners": [0]}, "en", False,
    ...                versus=0)
    'Game over: you win.'

    >>> event_sentence({"type": "roll", "player": 0, "dice": [1, 5, 5]}, "en")
    'You roll 3 dice: 1 5 5.'
    >>> event_sentence({"type": "roll", "player": 0, "dice": [5], "kept": [2, 2, 3, 3],
    ...                 "rolled": [5], "rolls_left": 1}, "fr", solo=False)
    'Joueur 1 garde 2 2 3 3 et relance 1 dé\\xa0: 5. Il reste 1 lancer.'
    >>> event_sentence({"type": "game_over", "player": 1, "winners": [0, 2]}, "en", solo=False)
    'Game over: shared win for Player 1 and Player 3.'
    >>> print(event_sentence({"type": "bust", "player": 0, "dice": [2, 3, 4, 6, 6], "lost": 0,
    ...                       "ballot": True, "why": "no_score", "suite": True}, "en"))
    ... # doctest: +NORMALIZE_WHITESPACE
    2 3 4 6 6: nothing scores: no 1, no 5, no brelan, no suite → you lose the turn and
    0 points. It is a ballot: every die was rolled and none scores.
    >>> print(event_sentence({"type": "resolve", "player": 0, "dice": [2, 2, 2, 4, 6],
    ...       "figure": "brelan", "failure": True, "why": "empty_square", "face": 2,
    ...       "removed": [], "triangle": 2}, "en"))  # doctest: +NORMALIZE_WHITESPACE
    2 2 2 4 6: brelan of 2, but square 2 is already empty → a failure, your failure token
    moves on (triangle 2).
    >>> event_sentence({"type": "bust", "player": 0, "dice": [2, 5, 2, 3], "lost": 4,
    ...                 "why": "nothing_settable", "freed": []}, "en")
    '2 5 2 3: nothing can be set aside: no 1, no 6, no brelan → you lose the turn and 4 points.'

    """
    sentences, reasons = _game_words(game)
    kind = str(event.get("type", ""))
    player = event.get("player")
    named = isinstance(player, int) and not isinstance(player, bool)
    you = (solo and not computer_solo) or not named or (versus is not None and player == versus)

    def name(p: int) -> str:
        if computer_solo:
            return _("The computer", lang=lang)
        if versus is None:
            return player_name(p, lang)
        return _("You", lang=lang) if p == versus else _("Computer", lang=lang)

    who = name(player) if named else ""

    def say(key: str, **fields: Any) -> str:
        mine, theirs = sentences[key]
        return _(mine if you else theirs, lang=lang, who=who, **fields)

    def pts(key: str) -> str:
        return points_text(_num(event.get(key)), lang)

    extra = ""
    if kind in ("turn", "turn_start"):
        if "manche" in event:
            return say("turn_manche", turn=_num(event.get("turn")), manche=_num(event["manche"]))
        return say("turn", turn=_num(event.get("turn")))
    if kind == "roll":
        kept = event.get("kept")
        rolled = event.get("rolled", event.get("dice", ()))
        count = ngettext("{n} die", "{n} dice", len(rolled or ()), lang=lang)
        if kept:
            text = say("roll_keep", kept=_dice(kept), count=count, dice=_dice(rolled))
        else:
            text = say("roll", count=count, dice=_dice(rolled))
        if "rolls_left" in event:
            left = _num(event["rolls_left"])
            extra = (ngettext("{n} roll left.", "{n} rolls left.", left, lang=lang) if left
                     else _("No roll left: the dice are final.", lang=lang))
        return f"{text} {extra}".strip()
    if kind == "stop":
        return say("stop", dice=_dice(event.get("dice")))
    if kind == "final":
        return _(_PLAIN["final"], lang=lang, dice=_dice(event.get("dice")),
                 figure=figure_word(event.get("figure"), lang))
    if kind == "miss":
        if event.get("why") == "nothing":
            return say("miss_why", dice=_dice(event.get("dice")), left=_num(
                event.get("parapluies_left")), why=_(reasons["miss"], lang=lang,
                                                     n=_num(event.get("suite")) or 4))
        return say("miss", left=_num(event.get("parapluies_left")))
    if kind == "flip":
        card = _num(event.get("card"))
        return say("bar" if event.get("barred") is True else "unbar", card=card)
    if kind == "win":
        reason = event.get("reason")
        key = f"win_{reason}" if f"win_{reason}" in sentences else "win"
        return say(key)
    if kind == "lose":
        if computer_solo and not you:  # after a colon: "No parapluie left: the computer loses."
            mine, theirs = sentences["lose"]
            return _(theirs, lang=lang, who=_("the computer", lang=lang))
        return say("lose")
    if kind == "out":
        if "manche" in event:
            return say("out_manche", manche=_num(event["manche"]))
        return say("out")
    if kind == "game_over":
        winners = [w for w in event.get("winners") or () if isinstance(w, int)]
        if computer_solo:  # one voice: the computer played, the computer wins or loses
            return (_("Game over: the computer wins.", lang=lang) if winners else
                    _("Game over: the computer loses.", lang=lang))
        if solo or (versus is not None and winners == [versus]):
            return _(_PLAIN["over_win_solo" if winners else "over_lose_solo"], lang=lang)
        names = join_names([name(w) for w in winners], lang)
        if not winners:
            return _(_PLAIN["over_none"], lang=lang)
        return _(_PLAIN["over_one" if len(winners) == 1 else "over_shared"], lang=lang,
                 names=names)
    if kind == "resolve":
        dice = _dice(event.get("dice"))
        figure = figure_word(event.get("figure"), lang)
        removed = [v for v in event.get("removed") or () if isinstance(v, int)]
        if removed:
            tokens = join_names([str(v) for v in removed], lang)
            return say("remove" if len(removed) == 1 else "remove_many", dice=dice,
                       figure=figure, tokens=tokens)
        if event.get("bonus") is True:
            return say("bonus", dice=dice, figure=figure)
        tri = event.get("triangle")
        tri_text = "X" if not isinstance(tri, int) or tri < 0 else tri
        why = event.get("why")
        if why in ("empty_square", "suite", "nothing"):
            return say("failure_why", dice=dice, triangle=tri_text,
                       why=_(reasons[str(why)], lang=lang, face=_num(event.get("face"))))
        return say("failure", dice=dice, figure=figure, triangle=tri_text)
    if kind == "cleared":
        return say("cleared", manche=_num(event.get("manche")))
    if kind == "manche_end":
        points = [_num(p) for p in event.get("points") or ()]
        manche = _num(event.get("manche"))
        if solo and len(points) == 1:
            return _(_PLAIN["manche_end_solo"], lang=lang, manche=manche,
                     points=points_text(points[0], lang))
        listed = ", ".join(_("{who}: {n}", lang=lang, who=name(i), n=p)
                           for i, p in enumerate(points))
        return _(_PLAIN["manche_end"], lang=lang, manche=manche, points=listed)
    if kind == "manche_start":
        return _(_PLAIN["manche_start"], lang=lang, manche=_num(event.get("manche")))
    if kind == "bust":
        why = event.get("why")
        if why == "no_score":
            key = "no_score_suite" if event.get("suite") is True else "no_score"
            text = say("bust_why", dice=_dice(event.get("dice")), lost=pts("lost"),
                       why=_(reasons[key], lang=lang))
        elif why == "nothing_settable":
            freed = [str(f) for f in event.get("freed") or () if isinstance(f, int)]
            why_text = (_(reasons["nothing_settable_freed"], lang=lang,
                          faces=join_names(freed, lang)) if freed
                        else _(reasons["nothing_settable"], lang=lang))
            text = say("bust_why", dice=_dice(event.get("dice")), lost=pts("lost"),
                       why=why_text)
        else:
            text = say("bust", dice=_dice(event.get("dice")), lost=pts("lost"))
        if event.get("ballot") is True:
            text += " " + _(_PLAIN["ballot"], lang=lang)
        return text
    if kind == "set_aside":
        if "cycle_points" in event:
            return say("set_aside_cycle", dice=_dice(event.get("dice")),
                       points=pts("cycle_points"))
        return say("set_aside", dice=_dice(event.get("dice")), points=pts("points"),
                   total=str(_num(event.get("turn_points"))))
    if kind == "full_hand":
        return say("full_hand", total=pts("turn_points"))
    if kind == "open":
        return say("open", points=pts("points"))
    if kind == "bank":
        return say("bank", points=pts("points"), score=str(_num(event.get("score"))))
    if kind == "overshoot":
        return say("overshoot", lost=pts("lost"), score=str(_num(event.get("score"))))
    if kind == "validated":
        return _(_PLAIN["validated"], lang=lang)
    if kind == "cycle_complete":
        return say("cycle_complete", points=pts("points"), memorised=pts("memorised"))
    if kind == "turn_end":
        return say("turn_end", points=pts("points"),
                   score=str(_num(event.get("score"))))
    if kind == "final_round":
        return say("final_round", score=str(_num(event.get("score"))),
                   target=str(_num(event.get("target"))))
    return _(_PLAIN["other"], lang=lang)


def fmt_event(event: dict[str, Any], lang: str | None = None, solo: bool = True) -> str:
    """Alias of :func:`event_sentence` (the name earlier versions used)."""
    return event_sentence(event, lang, solo)
