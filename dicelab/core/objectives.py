"""The objectives: the numbers the exact engines report for a choice, named once.

Every caller that shows an objective (the apps' overlay, the coach, the guide's
tables, the review, the explorer, the plots) takes its words from here, in the
player's language.  An objective has:

- a *name*, the short label the apps show next to its value (``"chance to win"``);
- a *phrase*, the longer name used inside sentences and in the coach's and the
  review's tables (``"chance to win the game"``);
- a *symbol*, its mathematical name (``"P(win)"``);
- a *meaning*, its symbol and exact meaning for a tooltip, and a plainer
  *explanation* (the guide's tooltips);
- its *unit* (probability, turns, points) and which direction is better.

No game is named here: where a game gives an objective its own words (Dripeul's
two-player number is the chance of beating the opponent in this manche), the
game's registry entry holds them and the caller passes them in as ``game_words``
(``{objective key: msgid}``; :func:`dicelab.registry.objective_name` does it).

>>> objective_name("p_win", "en"), objective_name("p_win", "fr")
('chance to win', 'probabilité de gagner')
>>> objective_phrase("expected_turns", "fr")
'nombre de tours espéré pour finir'
>>> objective_name("p_duel", "en", {"p_duel": "chance to beat your opponent in this manche"})
'chance to beat your opponent in this manche'
>>> objective_symbol("expected_turns", "fr")
'E(tours)'
>>> format_objective("p_win", 0.4134, "en"), format_objective("expected_turns", 12.3456, "fr")
('41.3%', '12,35')
>>> is_probability("p_bust"), higher_is_better("expected_turns")
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dicelab.core.i18n import N_, _, fmt_number, fmt_percent

__all__ = [
    "Metric",
    "OBJECTIVES",
    "TABLE_ORDER",
    "Objective",
    "format_objective",
    "higher_is_better",
    "is_probability",
    "objective_explanation",
    "objective_meaning",
    "objective_name",
    "objective_phrase",
    "objective_symbol",
    "objective_unit",
    "objective_loss_unit",
]


@dataclass(frozen=True)
class Objective:
    """One objective's words (English msgids) and kind."""

    key: str
    #: The short label the apps show next to the value.
    name: str
    #: The longer name used in sentences and tables (coach, review, guide).
    phrase: str
    #: The mathematical name, e.g. ``"P(win)"``.
    symbol: str
    #: The symbol and the exact meaning (the apps' tooltip).
    meaning: str
    #: A plainer meaning without the symbol (the guide's tooltip); ``""``: none.
    explanation: str
    #: The unit of a value (``"probability"``, ``"turns"``, ``"points"``; msgid).
    unit: str
    #: The unit of a loss (``"percentage points"`` for probabilities; msgid).
    loss_unit: str
    #: A probability (shown in percent)?
    probability: bool
    #: Is a higher value better?  (Turns: fewer is better.)
    higher_is_better: bool
    #: Decimals of a value that is not a probability.
    decimals: int = 1


_PROBABILITY = N_("probability")
_PERCENTAGE_POINTS = N_("percentage points")
_TURNS = N_("turns")
_POINTS = N_("points")

#: Every objective the exact engines report, by key.
OBJECTIVES: dict[str, Objective] = {o.key: o for o in (
    Objective(
        "p_win", N_("chance to win"), N_("chance to win the game"), N_("P(win)"),
        N_("P(win): the probability of winning the game, playing the best way from here"),
        N_("the probability of winning from here, playing optimally afterwards"),
        _PROBABILITY, _PERCENTAGE_POINTS, True, True),
    Objective(
        "p_duel", N_("chance to win (2 players)"), N_("chance to win against your opponent"),
        N_("P(win the duel)"),
        N_("P(win): the probability that the player to move wins the two-player game, both "
           "players playing to win (a shared win counts one half)"),
        "", _PROBABILITY, _PERCENTAGE_POINTS, True, True),
    Objective(
        "p_turn", N_("chance this turn succeeds"),
        N_("chance this turn succeeds (playing for it alone)"), N_("P(success this turn)"),
        N_("P(success): the probability that this turn succeeds, playing the best way"),
        N_("the probability that this turn ends without a failure, playing for that alone"),
        _PROBABILITY, _PERCENTAGE_POINTS, True, True),
    Objective(
        "p_bust", N_("chance to lose the turn"), N_("chance to bust on the next roll"),
        N_("P(bust)"),
        N_("P(bust): the probability that the next roll scores nothing (the turn then ends "
           "with no points)"),
        N_("the probability that the next roll scores nothing"),
        _PROBABILITY, _PERCENTAGE_POINTS, True, False),
    Objective(
        "expected_points", N_("points expected this turn"), N_("expected points this turn"),
        N_("E(points)"),
        N_("E(points): the expected points of this turn, playing the best way"),
        N_("the expected points this turn brings, playing optimally"),
        _POINTS, _POINTS, False, True, 1),
    Objective(
        "expected_turns", N_("turns left on average"), N_("expected turns to finish"),
        N_("E(turns)"),
        N_("E(turns): the expected number of turns to reach the target, playing the best way"),
        N_("the expected number of turns to finish, this one included, playing optimally"),
        _TURNS, _TURNS, False, False, 2),
)}

#: The order in which tables show the objectives an advice has (its own objective first).
TABLE_ORDER: tuple[str, ...] = ("p_duel", "p_win", "expected_turns", "p_turn", "p_bust",
                                "expected_points")


def _words(key: str, game_words: Mapping[str, str] | None) -> str | None:
    return game_words.get(key) if game_words else None


def objective_name(key: str, lang: str | None = None,
                   game_words: Mapping[str, str] | None = None) -> str:
    """The short label of an objective (the apps'): ``"chance to win"``.

    ``game_words``: the game's own labels (msgids by key), which win.  An unknown key
    is shown with its underscores as spaces.

    >>> objective_name("expected_turns", "fr"), objective_name("p_other", "en")
    ('tours restants en moyenne', 'p other')
    """
    own = _words(key, game_words)
    if own:
        return _(own, lang=lang)
    o = OBJECTIVES.get(key)
    return _(o.name, lang=lang) if o else key.replace("_", " ")


def objective_phrase(key: str, lang: str | None = None,
                     game_words: Mapping[str, str] | None = None) -> str:
    """The longer name of an objective, for sentences and tables: ``"chance to win the
    game"`` (``game_words``: the game's own phrases, which win; unknown key: itself).

    >>> objective_phrase("p_duel", "fr")
    'probabilité de battre votre adversaire'
    """
    own = _words(key, game_words)
    if own:
        return _(own, lang=lang)
    o = OBJECTIVES.get(key)
    return _(o.phrase, lang=lang) if o else key


def objective_symbol(key: str, lang: str | None = None) -> str:
    """The mathematical name of an objective, e.g. ``E(turns)`` (unknown key: itself)."""
    o = OBJECTIVES.get(key)
    return _(o.symbol, lang=lang) if o else key


def objective_meaning(key: str, lang: str | None = None,
                      game_words: Mapping[str, str] | None = None) -> str:
    """The symbol and exact meaning of an objective, for a tooltip (``""`` if unknown).

    >>> objective_meaning("p_bust", "en")
    'P(bust): the probability that the next roll scores nothing (the turn then ends with no points)'
    """
    own = _words(key, game_words)
    if own:
        return _(own, lang=lang)
    o = OBJECTIVES.get(key)
    return _(o.meaning, lang=lang) if o else ""


def objective_explanation(key: str, lang: str | None = None) -> str:
    """The plainer meaning of an objective, without its symbol (``""`` if none).

    >>> objective_explanation("p_win", "en")
    'the probability of winning from here, playing optimally afterwards'
    """
    o = OBJECTIVES.get(key)
    return _(o.explanation, lang=lang) if o and o.explanation else ""


def objective_unit(key: str, lang: str | None = None) -> str:
    """The unit of an objective's value: ``"probability"``, ``"turns"``, ``"points"``."""
    o = OBJECTIVES.get(key)
    return _(o.unit, lang=lang) if o else key


def objective_loss_unit(key: str, lang: str | None = None) -> str:
    """The unit of a loss in an objective: ``"percentage points"``, ``"turns"``, ``"points"``."""
    o = OBJECTIVES.get(key)
    return _(o.loss_unit, lang=lang) if o else key


def is_probability(key: str) -> bool:
    """Is the objective a probability (shown in percent)?  Unknown ``p_…`` keys are."""
    o = OBJECTIVES.get(key)
    return o.probability if o else key.startswith("p_")


def higher_is_better(key: str) -> bool:
    """Is a higher value of the objective better?  (Fewer turns and busts are better.)"""
    o = OBJECTIVES.get(key)
    return o.higher_is_better if o else True


def format_objective(key: str, value: float, lang: str | None = None) -> str:
    """An objective's value as text: percent (1 decimal) for a probability, 2 decimals
    for turns, 1 for points.

    >>> format_objective("p_duel", 0.5, "fr"), format_objective("expected_points", 212.34, "en")
    ('50,0\\xa0%', '212.3')
    """
    if is_probability(key):
        return fmt_percent(value, 1, lang)
    o = OBJECTIVES.get(key)
    return fmt_number(value, o.decimals if o else 1, lang)


@dataclass(frozen=True)
class Metric:
    """One headline number of a game (the variant explorer's): its key, its plain name,
    its exact meaning (English msgids, see :meth:`name` and :meth:`meaning`), the engine's
    solver ``solver(rules) -> float`` and which direction is better (a chance to win is
    higher-is-better; a number of turns lower-is-better).  Whether it is a probability
    (shown as a percentage) is its key's, as for any objective
    (:func:`is_probability`: a ``p_…`` key).

    >>> m = Metric("p_win", N_("chance to win"), "win_probability", True)
    >>> m.name("en"), m.name("fr"), m.is_probability, m.higher_is_better
    ('chance to win', 'probabilité de gagner', True, True)
    >>> Metric("expected_turns", N_("turns"), "expected_turns", False).is_probability
    False
    """

    key: str
    label: str
    solver: str
    higher_is_better: bool
    exact: str = ""

    @property
    def is_probability(self) -> bool:
        """Whether the number is a probability (its key names one: ``p_win``, ``p_manche``)."""
        return is_probability(self.key)

    def name(self, lang: str | None = None) -> str:
        """The plain name, e.g. ``"chance to win"`` / ``"chance de gagner"``."""
        return _(self.label, lang=lang)

    def meaning(self, lang: str | None = None) -> str:
        """The exact number and its meaning, for a tooltip or a caption."""
        return _(self.exact, lang=lang) if self.exact else self.name(lang)
