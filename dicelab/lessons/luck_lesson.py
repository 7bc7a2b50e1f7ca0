"""The lesson *Luck or skill?*: its computations, chart and class experiment.

Solo Trwavril played with the best choices costs nothing, so a game's luck of the dice is
its result minus the chance to win at the start, ``V0`` (:func:`dicelab.analysis.luck.analyse`):
``1 − V0`` for a win, ``−V0`` for a loss.  The class pools its games won out of games
played with the pooling widget (:data:`experiment`): the mean luck of the class is the
pooled frequency minus ``V0``, which the law of large numbers brings to 0.

>>> round(start_chance(), 4)
0.2384
>>> abs(first_roll_mean_luck()) < 1e-12
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any

from dicelab.core.errors import DicelabError
from dicelab.core.i18n import N_, _

#: The seeds of the lesson's simulated games (rule-of-thumb and best-choice players).
SEED = 20
#: Games in the lesson's chart: enough for the mean cost of decisions to stand well clear of
#: the exact expected luck (0), many standard errors away; they ship, played once
#: (:func:`build_games_file`), since 300 analysed games take about a minute.
GAMES = 300
#: The shipped games of the chart (``dicelab/data``), rebuilt by :func:`build_games_file`.
GAMES_FILE = "luck_lesson_games.json"
#: The example game of the lesson (a rule-of-thumb player, seed :data:`EXAMPLE_SEED`).
EXAMPLE_SEED = 7


@cache
def start_chance() -> float:
    """``V0``: the chance to win solo Trwavril at the start, playing the best choices."""
    from dicelab.engine.trwavril import solo as trwavril

    return float(trwavril.win_probability())


@cache
def first_roll_mean_luck() -> float:
    """Σ P(outcome) × luck over the 126 outcomes of a game's first roll (0, exactly up to
    rounding): the value before a roll is the mean of the values after it."""
    from dicelab.analysis.luck import roll_values
    from dicelab.games import trwavril
    from dicelab.games._base import Roll

    s = trwavril.step(trwavril.new_state(trwavril.Rules(), 1), Roll(()))[0]
    before = start_chance()
    return math.fsum(p * (v - before) for _d, p, v in roll_values(s))


@cache
def experiment() -> Any:
    """The class experiment: solo Trwavril games (4 parapluies) played with the best
    choices (the computer plays them in :func:`app`), games won out of games played; exact
    chance ``V0``.  Pairs play it: the teacher's pool names its entries « binôme 3 »
    (pair 3).

    >>> experiment().title
    'Solo Trwavril, 4 parapluies, the best choices played: do you win?'
    """
    from dicelab.ui.teaching import Experiment

    return Experiment(
        "LUCK", N_("Solo Trwavril, 4 parapluies, the best choices played: do you win?"),
        N_("games played"), N_("games won"), Fraction(start_chance()), 1,
        unit=N_("pair {n}"), boxes=(N_("games played"), N_("games won"), N_("pair")),
        difference=N_("Class mean luck = f − p = {f} − {p} = {points} (percentage "
                      "points of winning chance)."),
        words=(
            (N_("groups pooled"), N_("pairs pooled")),
            (N_("the group's number or name"), N_("the pair's number")),
            (N_("your group's number or name"), N_("your pair's number")),
            (N_("Add this group"), N_("Add this pair")),
            (N_("or paste a group's share code"), N_("or paste a pair's share code")),
            (N_("Remove the last group"), N_("Remove the last pair")),
            (N_("Last group removed."), N_("Last pair removed.")),
            (N_("{group} added. Pooled: trials {t}, successes {s}, frequency {f} (exact {p})."),
             N_("{group} added. Pooled: games played {t}, games won {s}, frequency {f} "
                "(exact {p}).")),
            (N_("{group}: the new code replaced its earlier counts (successes: {s}, trials: "
                "{t}). Pooled: trials {pt}, successes {ps}, frequency {f} (exact {p})."),
             N_("{group}: the new code replaced its earlier counts (games won: {s}, games "
                "played: {t}). Pooled: games played {pt}, games won {ps}, frequency {f} "
                "(exact {p}).")),
            (N_("{group}: the new counts replaced its earlier counts (successes: {s}, "
                "trials: {t}). Pooled: trials {pt}, successes {ps}, frequency {f} (exact "
                "{p})."),
             N_("{group}: the new counts replaced its earlier counts (games won: {s}, games "
                "played: {t}). Pooled: games played {pt}, games won {ps}, frequency {f} "
                "(exact {p}).")),
            (N_("Pooled frequency after {groups} groups: {freq} over {trials} trials; exact "
                "{p}, band ± {band}."),
             N_("Pooled frequency after {groups} pairs: {freq} of the {trials} games played "
                "were won; exact {p}, band ± {points} percentage points (2 SE).")),
            (N_("Pooled frequency after {groups} group: {freq} over {trials} trials; exact "
                "{p}, band ± {band}."),
             N_("Pooled frequency after {groups} pair: {freq} of the {trials} games played "
                "were won; exact {p}, band ± {points} percentage points (2 SE).")),
        ))


#: How many games each pair plays in the first session's six minutes (the computer plays
#: the best choices, one click a turn, and after each click the pair reads in the game log
#: the dice the computer kept and notes where it would have kept others: a class that has
#: never played takes about five minutes a game).
PAIR_GAMES = 1


def app(lang: str | None = None, seed: int | None = None) -> Any:
    """The lesson's Trwavril app: solo, 4 parapluies (the rules' default, whose chance at
    the start is :func:`start_chance`), the computer playing the best choices, one click of
    **Play computer turn** a turn, so that the cost of decisions is zero; a game takes
    about five minutes with reading (:data:`PAIR_GAMES`).  The mode bar (solo / two
    players / against the computer) is hidden: a pick would restart the game with a human
    player.  ``seed=None``: each pair gets its own dice.

    >>> a = app("en", seed=3)
    >>> a.state.rules.parapluies, a.game.players, a.mode_bar.hidden
    (4, 1, True)
    >>> while not a.game.is_over:
    ...     _turn = a.play_computer_turn()
    >>> a.game.is_over
    True
    """
    from dicelab.ui.widgets import play

    a = play("trwavril", seed=seed, players=1, computer={0: "optimal"}, lang=lang)
    a.mode_bar.hide()
    return a


def given(lang: str | None = None) -> str:
    """The value the exercises need, as the notebook and the worksheet state it: the chance
    to win at the start with 4 parapluies, playing the best choices.

    >>> given("en")[-43:]
    'with 4 parapluies (the easy level) = 0.238.'
    """
    from dicelab.games.cards.trwavril import LEVEL_NAMES
    from dicelab.games.trwavril import Rules
    from dicelab.lessons.base import show

    n = Rules().parapluies
    return _("Given: p = the chance to win solo Trwavril at the start, playing the best "
             "choices, with {n} parapluies (the {level} level) = {p}.", lang=lang, n=n,
             level=_(LEVEL_NAMES[n], lang=lang), p=show(start_chance(), lang, 3))


def definitions(lang: str | None = None) -> list[str]:
    """The worksheet's definitions box, at the top of the exercises' page: its title, the
    words the exercises use (luck of a roll, cost of a decision, skill score, the identity
    over a game) and the given p with its difficulty (:func:`given`, computed).

    >>> box = definitions("en")
    >>> box[0], box[-1] == given("en")
    ('Definitions', True)
    """
    return [
        _("Definitions", lang=lang),
        _("Luck of a roll: your chance to win just after the roll minus your chance just "
          "before it, in percentage points (from 20% to 50% is +30 points).", lang=lang),
        _("Cost of a decision: the chance to win lost by not making the best choice (never "
          "negative).", lang=lang),
        _("Skill score: chance to win at the start − cost of decisions (luck left out).",
          lang=lang),
        _("Over a game: luck of the dice − cost of decisions = result − chance to win at the "
          "start (result: 1 for a win, 0 for a loss).", lang=lang),
        given(lang),
    ]


def _play(policy: Any, seed: int) -> Any:
    from dicelab.games import trwavril

    g = trwavril.Game(seed=seed)
    while not g.is_over:
        g.apply(policy(g.state))
    return g


@cache
def simulated(games: int = GAMES, seed: int = SEED) -> tuple[tuple[float, float], ...]:
    """(luck of the dice, cost of decisions) of ``games`` solo Trwavril games played by
    the rule-of-thumb player (keep the most common face), seeds ``seed``, ``seed + 1`` …

    The lesson's games (:data:`GAMES`, :data:`SEED`) are read from :data:`GAMES_FILE`, which
    :func:`build_games_file` writes with this same computation (a test replays some)."""
    if (games, seed) == (GAMES, SEED):
        shipped = _shipped_games()
        if shipped is not None:
            return shipped
    return play_games(games, seed)


def _games_path() -> Any:
    from pathlib import Path

    return Path(__file__).resolve().parents[1] / "data" / GAMES_FILE


def _shipped_games() -> tuple[tuple[float, float], ...] | None:
    import json

    path = _games_path()
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("games") != GAMES or data.get("seed") != SEED:
        return None
    return tuple((float(x), float(c)) for x, c in zip(data["luck"], data["cost"]))


def build_games_file(path: Any = None) -> Any:
    """Play and analyse the lesson's :data:`GAMES` games and write them to :data:`GAMES_FILE`
    (about a minute).  Returns the path."""
    import json
    from pathlib import Path

    rows = play_games(GAMES, SEED)
    path = Path(path) if path is not None else _games_path()
    path.write_text(json.dumps({
        "games": GAMES, "seed": SEED, "policy": "rule_of_thumb('trwavril')",
        "luck": [x for x, _c in rows], "cost": [c for _x, c in rows]}) + "\n",
        encoding="utf-8")
    simulated.cache_clear()
    return path


def play_games(games: int, seed: int) -> tuple[tuple[float, float], ...]:
    """(luck, cost) of ``games`` games of the rule-of-thumb player, seeds ``seed`` …,
    computed now."""
    from dicelab.analysis.luck import analyse
    from dicelab.analysis.policies import rule_of_thumb

    pol = rule_of_thumb("trwavril")
    out = []
    for i in range(games):
        rep = analyse(_play(pol, seed + i))
        out.append((rep.luck(0), rep.cost(0)))
    return tuple(out)


def running_means(games: int = GAMES) -> tuple[list[float], list[float]]:
    """The running mean luck and the running mean cost after 1, 2, … games (points)."""
    luck, cost = [], []
    sl = sc = 0.0
    for k, (x, c) in enumerate(simulated(games), start=1):
        sl += 100 * x
        sc += 100 * c
        luck.append(sl / k)
        cost.append(sc / k)
    return luck, cost


def luck_band(games: int = GAMES) -> list[float]:
    """Two standard errors of the mean luck after 1, 2, … games (points): ``2 s/√k``, with
    ``s`` the standard deviation of one game's luck over the simulated games."""
    values = [100 * x for x, _c in simulated(games)]
    m = sum(values) / len(values)
    s = math.sqrt(sum((v - m) ** 2 for v in values) / max(1, len(values) - 1))
    return [2 * s / math.sqrt(k) for k in range(1, len(values) + 1)]


def chart(lang: str | None = None) -> Any:
    """The lesson's chart: over many games, the mean luck of the dice goes to 0, the
    mean cost of decisions does not (two lines, two line styles and markers)."""
    from dicelab.render.plots import OKABE_ITO, _finish, _new_figure, _style

    luck, cost = running_means()
    xs = list(range(1, len(luck) + 1))
    with _style():
        fig = _new_figure((6.5, 3.4))
        ax = fig.add_subplot()
        ax.plot(xs, luck, color=OKABE_ITO["blue"], marker="o", markersize=3,
                label=_("mean luck of the dice", lang=lang))
        ax.plot(xs, cost, color=OKABE_ITO["vermillion"], linestyle="--", marker="s",
                markersize=3, label=_("mean cost of decisions", lang=lang))
        # the band around 0 the mean luck stays in (±2 SE): drawn, but the lines set the scale
        low, high = ax.get_ylim()
        band = luck_band(len(luck))
        ax.fill_between(xs, [-b for b in band], band, color=OKABE_ITO["blue"], alpha=0.12,
                        linewidth=0, label=_("0 ± 2 standard errors", lang=lang))
        ax.set_ylim(low, high)
        ax.axhline(0, color="#777777", linewidth=0.8, linestyle=":",
                   label=_("expected luck of the dice (exact)", lang=lang))
        ax.legend(loc="best", fontsize=8, frameon=False)
        alt = _("Line chart over {n} games of a player who keeps the most common face: the "
                "mean luck of the dice ends at {luck}, the mean cost of decisions at "
                "{cost}.", lang=lang, n=len(xs), luck=_one_decimal(luck[-1], lang),
                cost=_one_decimal(cost[-1], lang))
        return _finish(fig, ax, _("games played", lang=lang),
                       _("points of winning chance", lang=lang),
                       _("Luck evens out, the cost of decisions does not", lang=lang), alt,
                       lang)


def _one_decimal(x: float, lang: str | None) -> str:
    """``x`` points with one decimal, a real minus sign (U+2212) and the number's plural
    (« −1,7 point » in French, below 2).

    >>> _one_decimal(-1.747, "fr"), _one_decimal(18.43, "en")
    ('\u22121,7 point', '18.4 points')
    """
    from dicelab.core.i18n import ngettext_amount

    return ngettext_amount("{x} point", "{x} points", x, 1, lang).replace("-", "\u2212")


def example_report(lang: str | None = None) -> Any:
    """The luck/skill split of the example game: one game of the rule-of-thumb player
    (seed :data:`EXAMPLE_SEED`)."""
    from dicelab.analysis.luck import analyse
    from dicelab.analysis.policies import rule_of_thumb

    return analyse(_play(rule_of_thumb("trwavril"), EXAMPLE_SEED), lang)


def skill_line(lang: str | None = None) -> str:
    """The example player's skill score in one line, luck left out: the chance to win at the
    start (best choices) minus the cost of the decisions made
    (:meth:`dicelab.analysis.luck.LuckReport.skill_score`), in the language's notation.

    >>> skill_line("en")[-49:]
    'decisions = 23.8% − 19.7 percentage points = 4.1%'
    >>> skill_line("fr")[:19], skill_line("fr")[-43:]
    ('Score de compétence', '23,8\\xa0% − 19,7 points de pourcentage = 4,1\\xa0%')
    """
    from dicelab.core.i18n import fmt_number, fmt_percent

    rep = example_report(lang)
    score = rep.skill_score(0)
    if score is None:  # solo Trwavril is counted in chances to win
        raise DicelabError(_("lesson 14's example game has no skill score", lang=lang))
    best, mine = score
    return _("Skill score = chance to win at the start − cost of decisions = {best} − {cost} "
             "percentage points = {mine}", lang=lang, best=fmt_percent(best, 1, lang),
             cost=fmt_number(100 * rep.cost(0), 1, lang), mine=fmt_percent(mine, 1, lang))


def example_figure(lang: str | None = None) -> Any:
    """The example game's luck/skill chart, its rolls marked by plain shapes (a circle, a
    square): beside their labels, triangles up and down read as arrows."""
    return example_report(lang).to_figure(lang, plain=True)


def example(lang: str | None = None) -> Any:
    """The luck/skill chart of the example game, and under it the player's skill score
    (:func:`skill_line`: the chance to win with the decisions made, luck left out).  The
    review's other lines are left out here: in solo the luck-adjusted result equals the
    skill score, and how unusual the luck was (its exact shares of perfect games, 76,2 % and
    23,8 %) would answer the exercises below before they are asked.

    >>> rep = example_report("en")
    >>> best, mine = rep.skill_score(0)
    >>> round(best, 4) == round(start_chance(), 4), round(mine, 12) == round(best - rep.cost(0), 12)
    (True, True)
    >>> skill_line("en") in example("en").html
    True
    """
    import html

    from dicelab.render.plots import HTMLOutput, chart_html

    # the skill score's sentence, with its subtraction, under the chart
    score = f'<p class="dicelab-skill-score"><b>{html.escape(skill_line(lang))}</b></p>'
    # returned, not displayed: the cell shows its value once
    return HTMLOutput(chart_html(example_figure(lang)) + score)


def _clean(x: float) -> float:
    """``x`` with rounding noise below 1e-12 shown as 0 (not ``-0.0000``)."""
    return 0.0 if abs(x) < 1e-12 else x


def lesson() -> Any:
    """The lesson's :class:`dicelab.lessons.Lesson` (registered as ``"luck"``)."""
    from dicelab.lessons.base import Lesson, Pct, Question, standard_error

    v0 = start_chance

    return Lesson(
        "luck", N_("Luck or skill?"), "Trwavril",
        N_("Première spécialité: expected value (espérance) of a random variable; Terminale "
           "spécialité: law of large numbers (sampling)"),
        chart, (
            Question("mean_luck", "predict",
                     N_("The luck of a roll is your chance to win just after the roll "
                        "minus your chance just before it. Its expected value (each outcome "
                        "of the roll weighted by its probability) is…"),
                     lambda: 1, input="choice",
                     options=(N_("positive"), N_("zero"), N_("negative"),
                              N_("it depends on the game")),
                     worked=N_("Zero: your chance to win before a roll is the average of your "
                               "chances after it, each outcome weighted by its probability. "
                               "For the first roll of Trwavril the expected luck, over its 126 "
                               "outcomes, is {m} points."),
                     fields=lambda: {"m": _clean(100 * first_roll_mean_luck())},
                     field_digits=(("m", 0),)),
            Question("positive_luck", "predict",
                     N_("You play one solo Trwavril game, 4 parapluies, with only the best "
                        "choices. What is the chance that the dice give you a positive total "
                        "luck?"),
                     lambda: Pct(v0()), input="percent", close=0.1,
                     worked=N_("With the best choices, your luck is positive exactly when "
                               "you win: {p} with 4 parapluies.")
                     , fields=lambda: {"p": Pct(v0())}),
            Question("luck_win", "exercise",
                     N_("Best choices all game long (4 parapluies: p as given), and you win. "
                        "The game review showed your luck of the dice; find it again from p. "
                        "What is your luck of the dice, in percentage points of winning "
                        "chance (a number such as 12.5; from 20% to 50% is +30 points)?"),
                     lambda: 100 * (1 - v0()), input="points", tolerance=0.1, digits=1,
                     hints=(N_("Result minus the chance to win at the start: 100 − "
                               "(chance in %)."),),
                     worked=N_("Luck of the dice = result − p (the decisions cost 0) = "
                               "1 − {p} = {r}, that is {l} points."),
                     fields=lambda: {"p": v0(), "r": 1 - v0(), "l": 100 * (1 - v0())},
                     field_digits=(("p", 3), ("r", 3))),
            Question("luck_lose", "exercise",
                     N_("Best choices all game long (4 parapluies: p as given), and you lose. "
                        "The game review showed your luck of the dice; find it again from p. "
                        "What is it, in percentage points of winning chance (a negative "
                        "number)?"),
                     lambda: -100 * v0(), input="points", tolerance=0.1, digits=1,
                     hints=(N_("Result minus the chance to win at the start: 0 − "
                               "(chance in %)."),),
                     worked=N_("Luck of the dice = result − p (the decisions cost 0) = "
                               "0 − {p} = {r}, that is {l} points."),
                     fields=lambda: {"p": v0(), "r": -v0(), "l": -100 * v0()},
                     field_digits=(("p", 3), ("r", 3))),
            Question("se_mean", "exercise",
                     N_("The class plays 100 games with the best choices. What is the "
                        "standard deviation σ of the mean luck, in percentage points?"),
                     lambda: 100 * standard_error(v0(), 100), input="points", tolerance=0.05,
                     digits=2,
                     hints=(N_("Call L the luck of one game played with the best choices: "
                               "L = X − p, where X = 1 for a win and 0 for a loss (X ~ "
                               "Bernoulli(p): a Bernoulli random variable with parameter p). "
                               "So E(L) = 0 and σ(L) = "
                               "√(p(1 − p)); the mean M of 100 games has σ(M) = σ(L)/√100. "
                               "Then multiply by 100 for points."),),
                     worked=N_("L = X − p with X ~ Bernoulli(p): E(L) = 0, σ(L) = "
                               "√(p(1 − p)), σ(M) = σ(L)/√100 = √({p} × (1 − {p}))/10 ≈ {sep}, "
                               "that is {se} points: one game says little, a hundred say much "
                               "more."),
                     fields=lambda: {"p": v0(), "sep": standard_error(v0(), 100),
                                     "se": 100 * standard_error(v0(), 100)},
                     field_digits=(("p", 3), ("sep", 4))),
        ),
        misconceptions=(
            (N_("The dice even out within a game."), "mean_luck"),
            (N_("If I lost, I played badly."), "positive_luck"),
            (N_("One game shows who is the better player."), "se_mean"),
        ))
