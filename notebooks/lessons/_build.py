"""Generate the probability lessons (notebooks/lessons/*.ipynb) with nbformat.

    .venv/bin/python notebooks/lessons/_build.py             # write the lessons (no outputs)
    .venv/bin/python notebooks/lessons/_build.py --execute   # also run each one with nbclient
                                                             # (executed copies go to /tmp)

Lessons are thin: prose first, small calls into :mod:`dicelab.counting`,
:mod:`dicelab.plots` and the games' own modules, then display.  Every number a
lesson states is computed by the package when the lesson runs; answers are
built from computed values and folded in ``<details>`` by ``plots.answer``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from _nbtools import code, md, notebook  # noqa: E402


HOW_TO = """
**How to use this lesson.** Run the cells from top to bottom (*Run → Run All Cells*, or
Shift+Enter one cell at a time). When you see **Predict first**, write your guess down
*before* running the next cell. Exercise answers are folded: click **Answer** to open one.
Every number you see is computed by `dicelab` when the cell runs — nothing is typed in.
"""

# ---------------------------------------------------------------------------
# Lesson A: counting dice

LESSON_A = [
    md("""
# Lesson A — Counting dice: ordered rolls, multisets and figures

*About 20 minutes. Prerequisites: fractions, the idea of "equally likely" outcomes.*

## Learning goals
By the end of the lesson you can
1. tell an **ordered roll** (which die shows what) from a **multiset** (what the dice show,
   order forgotten), and count both;
2. give the probability of a multiset with the **multinomial** formula;
3. find the exact chance of a *brelan* (three alike), *carré* (four), *quinté* (five) and
   *suite* (a run) with 4, 5 and 7 dice — the dice of Trwavril, Dripeul/5000 and Seveny;
4. explain the **law of large numbers**: a simulated frequency approaches the exact
   probability, and about how fast.
"""),
    md(HOW_TO),
    code("""
from fractions import Fraction

import ipywidgets as widgets
from IPython.display import Markdown, display

from dicelab import counting, plots
from dicelab.dice import multisets, ordered_rolls, ways
"""),
    md("""
## 1. Ordered rolls and multisets

Roll a red die and a blue die. *Red 1, blue 2* and *red 2, blue 1* are two different
**ordered rolls**, but in every game of dicelab they are the same result: "a 1 and a 2".
Forgetting the order gives a **multiset** (a set where a value may repeat), which we write
sorted: `(1, 2)`.

Every ordered roll is equally likely. Multisets are *not*: `(1, 2)` collects two ordered
rolls, `(1, 1)` only one.

**Predict first.** How many ordered rolls do two dice have? How many multisets?
"""),
    code("""
two_ordered = list(ordered_rolls(2))
two_sets = multisets(2)
doubles = [m for m in two_sets if m[0] == m[1]]
Markdown(
    f"Two dice: **{len(two_ordered)}** ordered rolls but only **{len(two_sets)}** multisets. "
    f"The {len(doubles)} doubles such as `{doubles[0]}` come from {ways(doubles[0])} "
    f"ordered roll each; every other multiset, such as `{two_sets[1]}`, from {ways(two_sets[1])}."
)
"""),
    md("""
With $n$ dice there are $6^n$ ordered rolls, and $\\binom{n+5}{5}$ multisets ("stars and
bars": $n$ dice shared among 6 faces). dicelab's exact engine works on multisets, because
there are far fewer of them:
"""),
    code("""
rows = []
for n in range(1, 8):
    ordered, sets = counting.outcome_counts(n)
    rows.append((n, ordered, sets, f"{ordered / sets:.1f}×"))
plots.table(rows, ["dice", "ordered rolls (6ⁿ)", "multisets", "fewer by"],
            caption="Ordered rolls versus multisets")
"""),
    md("""
## 2. The multinomial probability of a multiset

A multiset with $c_1$ ones, $c_2$ twos, …, $c_6$ sixes (and $n = c_1 + \\dots + c_6$ dice)
comes from
$$\\frac{n!}{c_1!\\,c_2!\\cdots c_6!}$$
ordered rolls (the ways to decide which dice show which face), so its probability is that
number divided by $6^n$.

**Predict first.** With five dice, which is more likely: `1 2 3 4 5`, `6 6 6 6 6` or
`1 1 5 5 6`? By how much?
"""),
    code("""
examples = [(1, 2, 3, 4, 5), (6, 6, 6, 6, 6), (1, 1, 5, 5, 6)]
plots.table(
    [(" ".join(map(str, m)), counting.multinomial_explained(m),
      counting.multinomial_probability(m)) for m in examples],
    ["multiset", "counting the orders", "probability"],
)
"""),
    md("""
A check that nothing was forgotten: the probabilities of all the multisets of five dice add
up to exactly 1.
"""),
    code("""
sum(counting.multinomial_probability(m) for m in multisets(5))
"""),
    md("""
## 3. Figures with 4, 5 and 7 dice

The games name a few figures (kept in French):

* **brelan** — at least three dice alike (a carré contains a brelan);
* **carré** — at least four alike; **quinté** — at least five alike;
* **suite** — a run: with 4 dice a run of four (1234, 2345 or 3456, as in Trwavril); with
  5 or more dice a run of five, 12345 or 23456, anywhere among the dice.

The probability of a figure is a **sum of multinomial probabilities**: add up every multiset
that shows it. `dicelab` does exactly that, with the figure definitions the games use.

**Predict first.** (a) With 7 dice (Seveny), is a brelan more likely than not?
(b) With 5 dice, which is rarer: a carré or a suite? (c) Can 4 dice show a quinté?
"""),
    code("""
NS = (4, 5, 7)
odds = counting.figure_table(NS)
plots.table(
    [[name] + [odds[name][n] for n in NS] for name in counting.FIGURES],
    ["figure"] + [f"{n} dice" for n in NS],
    caption="Exact probability of each figure in one roll",
)
"""),
    code("""
fig = plots.grouped_bars(
    [f"{n} dice" for n in NS],
    {name: [odds[name][n] for n in NS] for name in counting.FIGURES},
    xlabel="number of dice", ylabel="probability in one roll",
    title="Figures in one roll, exact",
)
plots.show(fig);
"""),
    md("""
Counting made visible: for five dice, how many multisets show each figure, and how many
ordered rolls they stand for (the probability is the second number over $6^5$).
"""),
    code("""
plots.table(
    [(name, *counting.figure_count(name, 5), 6**5, counting.figure_probability(name, 5))
     for name in counting.FIGURES],
    ["figure", "multisets", "ordered rolls", "out of", "probability"],
    caption="Five dice",
)
"""),
    md("""
### Explore
Move the slider and pick a figure: the cell counts again, exactly, for that many dice.
"""),
    code("""
n_slider = widgets.IntSlider(value=5, min=4, max=8, description="dice")
figure_pick = widgets.Dropdown(options=counting.FIGURES, value="brelan", description="figure")
explore_out = widgets.Output()


def explore(*_):
    n, figure = n_slider.value, figure_pick.value
    p = counting.figure_probability(figure, n)
    sets, orders = counting.figure_count(figure, n)
    one_in = f"about 1 roll in {float(1 / p):.1f}" if p else "never"
    explore_out.clear_output(wait=True)
    with explore_out:
        display(Markdown(
            f"With **{n} dice**, a **{figure}** shows in **{sets}** of the "
            f"{counting.outcome_counts(n)[1]} multisets, that is **{orders}** of the {6**n} "
            f"ordered rolls: probability **{plots.fmt(p)}** ({one_in})."
        ))


n_slider.observe(explore, "value")
figure_pick.observe(explore, "value")
display(widgets.HBox([n_slider, figure_pick]), explore_out)
explore()
"""),
    md("""
## 4. Exact versus simulated: the law of large numbers

A computer can also *roll* dice (with a **seed**, so that everyone who uses the same seed gets
the same rolls). The **running frequency** is the share of brelans among the first $t$ rolls.
The law of large numbers says it gets closer and closer to the exact probability $p$; the
typical distance after $t$ rolls is the **standard error** $\\sqrt{p(1-p)/t}$, so to be ten
times closer you need a hundred times more rolls.

**Predict first.** After 100 rolls of five dice, how far from the exact value do you expect
the frequency of brelans to be? After 10 000 rolls?
"""),
    code("""
SEED = 2024
conv = counting.convergence("brelan", 5, 20_000, seed=SEED)
fig = plots.convergence_plot(conv.frequency, conv.exact,
                             title=f"Brelan with 5 dice, seed {SEED}")
plots.show(fig);
"""),
    code("""
se = conv.standard_error()
plots.table(
    [(t, conv.frequency[t - 1], abs(conv.frequency[t - 1] - float(conv.exact)), se[t - 1])
     for t in (10, 100, 1_000, 10_000, 20_000)],
    ["rolls", "running frequency", "distance to exact", "standard error"],
    caption=f"Exact probability {plots.fmt(conv.exact)}",
)
"""),
    md("""
The same comparison for every figure at once: exact bars (solid) next to simulated
frequencies (hatched) from the same seed.
"""),
    code("""
N = 20_000
sim = [counting.simulate_event(name, 5, N, seed=SEED).mean() for name in counting.FIGURES]
fig = plots.bar_distribution(
    counting.FIGURES, [odds[name][5] for name in counting.FIGURES], sim,
    xlabel="figure (5 dice)", ylabel="probability", simulated_label=f"simulated ({N} rolls)",
    title="Exact versus simulated",
)
plots.show(fig);
"""),
    md("""
### Try it
Change the number of simulated rolls, the figure, the number of dice or the seed. With the
same seed, the whole class sees the same curve.
"""),
    code("""
rolls_slider = widgets.IntSlider(value=1000, min=10, max=100_000, step=10,
                                 description="rolls", continuous_update=False)
lln_dice = widgets.IntSlider(value=5, min=4, max=8, description="dice",
                             continuous_update=False)
lln_figure = widgets.Dropdown(options=counting.FIGURES, value="brelan", description="figure")
seed_box = widgets.IntText(value=SEED, description="seed")
lln_out = widgets.Output()


def draw_lln(*_):
    c = counting.convergence(lln_figure.value, lln_dice.value, rolls_slider.value,
                             seed=seed_box.value)
    lln_out.clear_output(wait=True)
    with lln_out:
        plots.show(plots.convergence_plot(
            c.frequency, c.exact,
            title=f"{lln_figure.value}, {lln_dice.value} dice, seed {seed_box.value}"))


for w in (rolls_slider, lln_dice, lln_figure, seed_box):
    w.observe(draw_lln, "value")
display(widgets.VBox([widgets.HBox([rolls_slider, lln_dice]),
                      widgets.HBox([lln_figure, seed_box]), lln_out]))
draw_lln()
"""),
    md("""
## Exercises

**1.** How many ordered rolls give the multiset `2 2 4 4 4`? What is its probability?
"""),
    code("""
m = (2, 2, 4, 4, 4)
plots.answer(f"{counting.multinomial_explained(m)}, so the probability is "
             f"{plots.fmt(counting.multinomial_probability(m))}.")
"""),
    md("""
**2.** How many times more likely is the multiset `1 2 3 4 5` than `6 6 6 6 6`? Why?
"""),
    code("""
ratio = counting.multinomial_probability((1, 2, 3, 4, 5)) / counting.multinomial_probability(
    (6, 6, 6, 6, 6))
plots.answer(f"{ratio} times: five different faces can be put in any order on the five dice "
             f"({ways((1, 2, 3, 4, 5))} orders), while five sixes can only be rolled "
             f"{ways((6, 6, 6, 6, 6))} way.")
"""),
    md("""
**3.** From how many dice on is a brelan more likely than not in one roll?
"""),
    code("""
first = next(n for n in range(3, 9) if counting.figure_probability("brelan", n) > Fraction(1, 2))
below = counting.figure_probability("brelan", first - 1)
plots.answer(f"From {first} dice: P(brelan) = "
             f"{plots.fmt(counting.figure_probability('brelan', first))}, while with "
             f"{first - 1} dice it is only {plots.fmt(below)}.")
"""),
    md("""
**4.** A quinté with 7 dice is rare. How many simulated rolls would you need for the
standard error to be a tenth of the probability itself? (Solve
$\\sqrt{p(1-p)/t} \\le p/10$ for $t$.)
"""),
    code("""
p = counting.figure_probability("quinté", 7)
t_needed = 100 * (1 - p) / p
plots.answer(f"p = {plots.fmt(p)}, so t ≥ 100 (1 − p) / p ≈ {float(t_needed):,.0f} rolls. "
             "Rare events need many simulated rolls; the exact count needs none.")
"""),
    md("""
## Summary
* Ordered rolls are equally likely; multisets are not — weigh each by its number of orders.
* A figure's probability is the sum over the multisets that show it.
* More dice make every figure more likely (except the suite of 4 dice, which has its own rule).
* A simulation approaches the exact value like $1/\\sqrt{t}$: good for checking, slow for
  precision. Next lesson: what changes when you may **re-roll**.
"""),
]

# ---------------------------------------------------------------------------
# Lesson B: rerolls and the Markov chain

LESSON_B = [
    md("""
# Lesson B — Rerolls as a Markov chain

*About 20 minutes. Prerequisites: Lesson A (figure probabilities), multiplying probabilities
along a path.*

In Dripeul 5 and Trwavril a turn is **up to three rolls**: after each roll you may keep any
dice and roll the others again. How much do the re-rolls help?

## Learning goals
1. compute the chance of a brelan **within 1, 2 and 3 rolls** of five dice;
2. compare **keep strategies**: re-roll everything, keep the most common face, the optimal
   keep from dicelab's exact engine;
3. model "keep the most common face" as a **Markov chain** (states, a transition matrix,
   a state diagram) and use it for multi-step probabilities and expected waiting times.
"""),
    md(HOW_TO),
    code("""
from fractions import Fraction

import ipywidgets as widgets
from IPython.display import Markdown, display

from dicelab import counting, plots

N_DICE = 5
ROLLS = (1, 2, 3)
p1 = counting.figure_probability("brelan", N_DICE)
Markdown(f"One roll of {N_DICE} dice shows a brelan with probability **{plots.fmt(p1)}** "
         "(Lesson A).")
"""),
    md("""
## 1. Re-roll everything: independent tries

The simplest strategy keeps nothing: each roll is a fresh try, independent of the last.
You fail within $k$ rolls only if every try fails, so
$$P(\\text{brelan within } k \\text{ rolls}) = 1 - (1 - p)^k .$$

**Predict first.** With three full re-rolls, is a brelan more likely than not?
"""),
    code("""
plots.table(
    [(k, 1 - (1 - p1) ** k, counting.p_within("brelan", N_DICE, k, "reroll all"))
     for k in ROLLS],
    ["rolls", "formula 1 − (1 − p)^k", "exact evaluation of the strategy"],
    caption="Re-roll everything",
)
"""),
    md("""
## 2. Keep the most common face: a Markov chain

A better idea: keep every die of your most common face and roll the rest. What matters is
then only **how many dice are alike** — call it the *state*, from 1 (all different) to 5
(a quinté). After one roll you are in some state; each re-roll moves you to a state at least
as high (the kept dice stay). The chance of each move depends only on the current state,
not on the past: that is a **Markov chain**.

The **transition matrix** gives, row by row, the probability of going *from* a state *to*
each state in one re-roll. Each row adds up to 1.
"""),
    code("""
chain = counting.most_common_chain(N_DICE)
plots.table(
    [[f"from {s}"] + list(row) for s, row in zip(chain.states, chain.matrix)],
    ["state"] + [f"to {s}" for s in chain.states],
    caption="Keep the most common face: transition matrix (exact)",
    digits=3,
)
"""),
    md("""
**Predict first.** You have a pair (state 2) and one re-roll left: three dice to roll.
What is the chance to end with a brelan or better?
"""),
    code("""
from_pair = sum(chain.matrix[1][2:])
Markdown(f"From a pair, one re-roll reaches 3 or more alike with probability "
         f"**{plots.fmt(from_pair)}**: a kept die matches, or the three new dice make their "
         "own brelan.")
"""),
    md("""
The same chain as a **state diagram**: circles are states, arrows the moves with their
probabilities; the hatched states (3, 4, 5 alike) contain a brelan.
"""),
    code("""
fig = plots.state_diagram(chain.states, chain.matrix, highlight=(3, 4, 5),
                          xlabel="dice alike (state)",
                          title="Keep the most common face, 5 dice")
plots.show(fig);
"""),
    md("""
Multiplying the starting distribution by the matrix once per re-roll gives the distribution
after 1, 2, 3 rolls; the chance of a brelan is the weight of states 3, 4 and 5.
"""),
    code("""
rows = []
for k in ROLLS:
    dist = chain.distribution(k)
    rows.append([k] + [float(p) for p in dist] + [chain.p_at_least(3, k)])
plots.table(rows, ["rolls"] + [f"state {s}" for s in chain.states] + ["P(brelan or better)"],
            caption="Where the chain is after each roll")
"""),
    md("""
## 3. Strategies compared, and the optimal one

dicelab's exact engine (`dicelab.engine.reroll.solve_turn`) finds, for every dice position
and re-rolls left, the keep with the best chance; we then count its chance exactly.

**Predict first.** Does the optimal strategy beat "keep the most common face" for a brelan?
"""),
    code("""
brelan = counting.p_within_table("brelan", N_DICE, ROLLS)
plots.table([[s] + [brelan[s][k] for k in ROLLS] for s in brelan],
            ["strategy"] + [f"within {k} roll{'s' * (k > 1)}" for k in ROLLS],
            caption="P(brelan or better), 5 dice")
"""),
    code("""
fig = plots.grouped_bars([f"{k} roll{'s' * (k > 1)}" for k in ROLLS],
                         {s: [brelan[s][k] for k in ROLLS] for s in brelan},
                         xlabel="rolls allowed", ylabel="P(brelan or better)",
                         title="Keep strategies, 5 dice")
plots.show(fig);
"""),
    code("""
same = all(brelan["most common face"][k] == brelan["optimal"][k] for k in ROLLS)
Markdown(f"Is keeping the most common face optimal for the brelan? **{same}** "
         "(the exact values are equal, fraction for fraction).")
"""),
    md("""
A simple rule can be optimal for one goal and poor for another. For a **suite** the most
common face is the wrong thing to keep:
"""),
    code("""
suite = counting.p_within_table("suite", N_DICE, ROLLS)
plots.table([[s] + [suite[s][k] for k in ROLLS] for s in suite],
            ["strategy"] + [f"within {k} roll{'s' * (k > 1)}" for k in ROLLS],
            caption="P(suite), 5 dice")
"""),
    code("""
best_suite = counting.optimal_strategy("suite", N_DICE, 3)
hands = [(1, 2, 2, 5, 6), (1, 1, 3, 4, 6), (2, 3, 3, 3, 5)]
plots.table([(" ".join(map(str, h)), " ".join(map(str, best_suite(h, 2))) or "nothing",
              " ".join(map(str, counting.keep_most_common(h, 2))))
             for h in hands],
            ["dice", "optimal keep (2 re-rolls left)", "most common face keeps"],
            caption="What to keep for a suite")
"""),
    md("""
### Explore
Pick a figure, a number of dice and how many rolls are allowed: the bars compare the three
strategies, exactly.
"""),
    code("""
fig_pick = widgets.Dropdown(options=counting.FIGURES, value="carré", description="figure")
dice_pick = widgets.IntSlider(value=5, min=4, max=6, description="dice",
                              continuous_update=False)
rolls_pick = widgets.IntSlider(value=3, min=1, max=4, description="max rolls",
                               continuous_update=False)
strat_out = widgets.Output()


def draw_strategies(*_):
    ks = tuple(range(1, rolls_pick.value + 1))
    t = counting.p_within_table(fig_pick.value, dice_pick.value, ks)
    strat_out.clear_output(wait=True)
    with strat_out:
        plots.show(plots.grouped_bars(
            [f"{k} roll{'s' * (k > 1)}" for k in ks], {s: [t[s][k] for k in ks] for s in t},
            xlabel="rolls allowed", ylabel=f"P({fig_pick.value})",
            title=f"{fig_pick.value}, {dice_pick.value} dice"))


for w in (fig_pick, dice_pick, rolls_pick):
    w.observe(draw_strategies, "value")
display(widgets.VBox([widgets.HBox([fig_pick, dice_pick, rolls_pick]), strat_out]))
draw_strategies()
"""),
    md("""
## 4. Waiting for a quinté

Without a limit on the rolls, how long does the chain take to reach five alike? The expected
number of rolls $E_s$ from state $s$ satisfies
$E_s = 1 + \\sum_t P_{s,t} E_t$ (and $E_5 = 0$); since the chain never goes down, the equations
are solved from the top state down.
"""),
    code("""
plots.table([(f"{k} or more alike", chain.expected_rolls(k)) for k in (3, 4, 5)],
            ["goal", "expected rolls (the first included)"],
            caption="Keep the most common face, unlimited rolls", digits=3)
"""),
    md("""
## Exercises

**1.** You have a brelan (state 3) and one re-roll left. What is the chance to end with a
carré or better, keeping the brelan?
"""),
    code("""
plots.answer(f"Row 'from 3' of the matrix, columns 4 and 5: "
             f"{plots.fmt(sum(chain.matrix[2][3:]))}. Two dice are rolled; you need at least one "
             "to match the brelan's face.")
"""),
    md("""
**2.** Re-rolling everything, how many rolls would you need to be as likely to get a brelan
as the optimal strategy with three rolls?
"""),
    code("""
target = brelan["optimal"][3]
k = next(k for k in range(1, 50) if 1 - (1 - p1) ** k >= target)
plots.answer(f"Optimal in three rolls: {plots.fmt(target)}. Re-rolling everything needs "
             f"{k} rolls (1 − (1 − p)^{k} ≈ {float(1 - (1 - p1) ** k):.4f}): keeping dice "
             "is worth a lot.")
"""),
    md("""
**3.** Why is "keep the most common face" so weak for a suite, while it is optimal for a
brelan? Compare the tables above, then open the answer.
"""),
    code("""
plots.answer(
    f"Within three rolls: optimal {plots.fmt(suite['optimal'][3])}, most common face "
    f"{plots.fmt(suite['most common face'][3])}. A suite needs different faces: keeping "
    "copies of one face makes a suite impossible until they are re-rolled. For a brelan, "
    "extra copies of one face are exactly what you need.")
"""),
    md("""
## Summary
* Re-rolling everything makes independent tries: $1-(1-p)^k$.
* Keeping dice creates memory between rolls; a Markov chain over "dice alike" captures it,
  and its matrix powers give the chance after any number of rolls.
* The best strategy depends on the goal: dicelab's exact engine finds it for any figure.
"""),
]


# ---------------------------------------------------------------------------
# Lesson C: expected value and when to stop (5000 and Seveny)

LESSON_C = [
    md("""
# Lesson C — Expected value and when to stop: 5000 and Seveny

*About 25 minutes. Prerequisites: Lesson A (multisets), the rules of 5000 and Seveny
(notebooks `03_cinqmille` and `04_seveny`), the mean of a distribution.*

In 5000 and Seveny you set dice aside and **push your luck**: roll again to score more, or
bank what you have. A roll that scores nothing (a *bust*) wipes the whole turn.

## Learning goals
1. compute the **bust probability** for each number of dice left, by counting multisets;
2. use **expected value** to compare "bank now" with "roll again", and find the best
   **bank threshold** of a simple rule;
3. read the **distribution** of a turn's points: its mean can hide a large chance of 0.
"""),
    md(HOW_TO),
    code("""
from fractions import Fraction

import ipywidgets as widgets
from IPython.display import Markdown, display

from dicelab import counting, plots
from dicelab.dice import multisets
from dicelab.engine import cinqmille as cinq_engine
from dicelab.engine import seveny as sev_engine
from dicelab.games import cinqmille, seveny
"""),
    md("""
## 1. Bust probability by the number of dice left

In **5000** a die scores if it is a 1 or a 5, or part of a brelan (and five dice can make a
suite). In **Seveny** you may set aside 1s, 6s, or a brelan of 2–5 (more of a face once its
brelan is set aside this cycle). The fewer dice you roll, the harder it is to score.

**Predict first.** In 5000, with a single die left, what is the chance of a bust? With
two dice? Which game is kinder with few dice?

The bust probability is a count: the multisets that offer no legal set-aside, each weighed by
its number of orders. The games' own rule functions (`cinqmille.scoring_options`,
`seveny.settable`) decide what scores.
"""),
    code("""
busts_3 = [m for m in multisets(3) if not cinqmille.scoring_options(m)]
Markdown(f"5000 with 3 dice: {len(busts_3)} of the {len(multisets(3))} multisets score "
         f"nothing, for example `{busts_3[0]}` and `{busts_3[-1]}`.")
"""),
    code("""
six = cinqmille.Rules(dice=6)
rows = []
for n in range(1, 8):
    rows.append((
        n,
        cinq_engine.p_bust(n) if n <= 5 else "—",
        cinq_engine.p_bust(n, six) if n <= 6 else "—",
        seveny.p_bust(n),
    ))
plots.table(rows, ["dice rolled", "5000", "5000 (6-dice variant)", "Seveny (new cycle)"],
            caption="Exact probability that a roll scores nothing")
"""),
    code("""
ns = range(1, 6)
fig = plots.grouped_bars(
    [str(n) for n in ns],
    {"5000": [cinq_engine.p_bust(n) for n in ns], "Seveny": [seveny.p_bust(n) for n in ns]},
    xlabel="dice rolled", ylabel="P(bust)", title="Bust probability by dice left",
)
plots.show(fig);
"""),
    code("""
same = all(cinq_engine.p_bust(n) == seveny.p_bust(n) for n in range(1, 6))
Markdown(f"Same bust probability in both games for 1 to 5 dice? **{same}**. Swap the faces 5 "
         "and 6: 5000's scoring dice (1s, 5s, brelans) become Seveny's (1s, 6s, brelans), and "
         "every brelan still scores — so the counts agree.")
"""),
    md("""
In Seveny the dice already set aside matter: once a brelan of 5s is set aside in this cycle,
any further 5 can be set aside too.
"""),
    code("""
hand = (5, 5, 5)
plots.table([(n, seveny.p_bust(n), seveny.p_bust(n, hand)) for n in range(1, 5)],
            ["dice rolled", "new cycle", f"with {' '.join(map(str, hand))} set aside"],
            caption="Seveny: bust probability depends on the hand")
"""),
    md("""
## 2. Expected value: bank now or roll again?

Suppose the turn holds $B$ points and you roll $n$ dice. If you roll, you lose everything with
probability $P(\\text{bust})$; otherwise you add something. Rolling is worth it **on average**
when the expected points after rolling beat $B$. Players use a simpler rule of thumb:
**bank as soon as the turn holds $N$ points or more**. Which $N$ is best?

dicelab's Seveny engine computes the *exact* distribution of a turn's points under that rule
(setting aside what gives the most points). **Predict first.** Is the best threshold high
or low? How does it compare with the best possible play?
"""),
    code("""
THRESHOLDS = (1, 2, 3, 4, 5, 6, 8)
dists = {t: sev_engine.turn_points_distribution(t) for t in THRESHOLDS}
means = {t: sum(k * p for k, p in d.items()) for t, d in dists.items()}
plots.table([(t, means[t], dists[t].get(0, 0)) for t in THRESHOLDS],
            ["bank at N or more", "expected points of the turn", "P(turn scores 0)"],
            caption="Seveny: the 'bank at N' rule, exact", digits=4)
"""),
    code("""
best_t = max(THRESHOLDS, key=lambda t: means[t])
optimal_points = seveny.expected_turn_points()
fig = plots.bars([str(t) for t in THRESHOLDS], [means[t] for t in THRESHOLDS],
                 xlabel="bank at N points or more", ylabel="expected points per turn",
                 title="Seveny: expected points of the 'bank at N' rule")
plots.show(fig)
Markdown(f"The best of these thresholds is **N = {best_t}** "
         f"({float(means[best_t]):.3f} points per turn). The best possible play, which also "
         f"looks at the dice left, expects **{optimal_points:.3f}** points per turn.")
"""),
    md("""
## 3. The distribution of a turn's points

An expected value is one number; the turn itself is a gamble. Here is the whole
distribution for the best threshold: notice the bar at 0.
"""),
    code("""
d = dists[best_t]
fig = plots.bar_distribution(list(d), list(d.values()),
                             xlabel="points banked this turn", ylabel="probability",
                             title=f"Seveny, bank at {best_t} or more: one turn")
plots.show(fig);
"""),
    md("""
### Explore: move the threshold
"""),
    code("""
th = widgets.IntSlider(value=best_t, min=1, max=12, description="bank at",
                       continuous_update=False)
th_out = widgets.Output()


def draw_threshold(*_):
    dd = sev_engine.turn_points_distribution(th.value)
    mean = sum(k * p for k, p in dd.items())
    th_out.clear_output(wait=True)
    with th_out:
        display(Markdown(f"Bank at **{th.value}**: expected **{float(mean):.3f}** points, "
                         f"P(0 points) = **{plots.fmt(dd.get(0, 0))}**."))
        plots.show(plots.bar_distribution(list(dd), list(dd.values()),
                                          xlabel="points banked", ylabel="probability",
                                          title=f"Seveny, bank at {th.value} or more"))


th.observe(draw_threshold, "value")
display(th, th_out)
draw_threshold()
"""),
    md("""
### 5000: the same question with bigger numbers

In 5000 the exact engine plays each turn to **maximise the expected points** (it banks when
rolling on is worth less on average). The opening rule (the first bank needs a minimum) changes
everything at score 0. Below, the distribution of one turn after opening (score 1000), grouped
into bins.
"""),
    code("""
rules = cinqmille.Rules()
turn = cinq_engine.turn_points_distribution(rules, 1000)
binned = counting.bin_distribution(turn, [50, 300, 500, 750, 1000, 1500])
fig = plots.bar_distribution(list(binned), list(binned.values()),
                             xlabel="points banked this turn (score 1000)",
                             ylabel="probability", title="5000: one turn, points-maximising play")
plots.show(fig)
plots.table(
    [("expected points at score 0 (must open)", cinq_engine.expected_turn_points(rules, 0)),
     ("expected points at score 1000", cinq_engine.expected_turn_points(rules, 1000)),
     ("P(turn scores 0) at score 1000", turn.get(0, 0.0))],
    ["quantity", "value"], digits=4,
)
"""),
    md("""
## Exercises

**1.** In 5000, list the three-dice multisets that bust. Why is it not simply "no 1 and no 5"?
"""),
    code("""
no_one_or_five = [m for m in multisets(3) if 1 not in m and 5 not in m]
brelans = [m for m in no_one_or_five if cinqmille.scoring_options(m)]
plots.answer(
    f"Of the {len(no_one_or_five)} multisets without a 1 or a 5, {len(brelans)} still score: "
    f"the brelans {', '.join(' '.join(map(str, m)) for m in brelans)}. "
    f"So P(bust) = {plots.fmt(cinq_engine.p_bust(3))}.")
"""),
    md("""
**2.** In Seveny, why does a high threshold lower the expected points even though each
successful turn brings more?
"""),
    code("""
hi = THRESHOLDS[-1]
plots.answer(
    f"Bank at {best_t}: P(0) ≈ {float(dists[best_t].get(0, 0)):.4f}; bank at {hi}: "
    f"P(0) ≈ {float(dists[hi].get(0, 0)):.4f}. Every extra roll risks the whole turn, and "
    f"with few dice left the bust probability is large (see the table in part 1).")
"""),
    md("""
**3.** In 5000, how many points per turn does the opening rule cost, on average?
"""),
    code("""
cost = cinq_engine.expected_turn_points(rules, 1000) - cinq_engine.expected_turn_points(rules, 0)
plots.answer(f"About {cost:.1f} points per turn: before opening you cannot bank below "
             f"{rules.opening}, so many turns end in a bust.")
"""),
    md("""
## Summary
* Bust probabilities come from counting the multisets with no legal set-aside.
* "Roll again?" compares expected values; a simple threshold rule is close to, but below,
  the best play.
* The mean of a turn hides its shape: a large chance of 0 and a long right tail.
"""),
]

# ---------------------------------------------------------------------------
# Lesson D: conditional probability and Trwavril's twist

LESSON_D = [
    md("""
# Lesson D — Conditional probability and Trwavril's twist

*About 20 minutes. Prerequisites: Lessons A and B, the rules of Trwavril
(notebook `02_trwavril`).*

In Trwavril you bar six cards (1 to 6) with four dice: a brelan of $v$ flips card $v$, a
carré flips $v$ or a neighbour, a suite flips any card of the suite, anything else turns a
parapluie for good. **A flip toggles**: a barred card flips back. So a brelan is not always
good news.

## Learning goals
1. compute **conditional probabilities** $P(A \\mid B) = P(A \\cap B) / P(B)$ by counting;
2. explain with exact numbers **why a brelan can hurt**;
3. compare the **chance of finishing** by difficulty (parapluies) and variant, exactly and by
   simulation.
"""),
    md(HOW_TO),
    code("""
import ipywidgets as widgets
from IPython.display import Markdown, display

from dicelab import plots
from dicelab.dice import probability
from dicelab.games import trwavril
from dicelab.policies import keep_most_common, optimal
from dicelab.simulate import simulate, simulate_fast

RULES = trwavril.Rules()
FIGS = ("carré", "brelan", "suite", "rien")
"""),
    md("""
## 1. One roll of four dice

`trwavril.figure` names the figure of four final dice, with the game's own rules.
"""),
    code("""
p_fig = {f: probability(4, lambda d, f=f: trwavril.figure(d, RULES) == f) for f in FIGS}
p_fig_text = {f: probability(4, lambda d, f=f: trwavril.figure(d, trwavril.Rules(
    straight="as_written")) == f) for f in FIGS}
plots.table([(f, p_fig[f], p_fig_text[f]) for f in FIGS],
            ["figure", "default (4-dice suites)", "as written (no 4-dice suite)"],
            caption="Trwavril: one roll of four dice")
"""),
    md("""
## 2. Conditional probability: which card can I flip?

Near the end of a game only card 6 is still normal. **Predict first.** Given that your final
dice show a brelan, what is the chance it lets you flip card 6? And given a carré? A suite?

$$P(\\text{card 6 flippable} \\mid \\text{figure}) =
  \\frac{P(\\text{card 6 flippable and figure})}{P(\\text{figure})}$$
"""),
    code("""
rows = []
for f in ("carré", "brelan", "suite"):
    both = probability(4, lambda d, f=f: trwavril.figure(d, RULES) == f
                       and 6 in trwavril.flippable(d, RULES))
    rows.append((f, p_fig[f], both, both / p_fig[f]))
plots.table(rows, ["figure", "P(figure)", "P(figure and 6 flippable)", "P(6 flippable | figure)"],
            caption="Conditional probabilities, by counting")
"""),
    md("""
## 3. Why a brelan can hurt

Say cards 1 to 5 are barred and two parapluies are left. A brelan of 5 **must** flip card 5
back. The exact engine gives the chance of winning (optimal play) at the start of the next
turn, before and after each possible flip.
"""),
    code("""
BOARD, UMB = (1, 2, 3, 4, 5), 2
effects = [trwavril.flip_effect(BOARD, c, parapluies=UMB) for c in range(1, 7)]
plots.table([(e.card, " ".join(map(str, e.barred_after)) or "none", e.before, e.after, e.change)
             for e in effects],
            ["card flipped", "barred after", "P(win) before", "P(win) after", "change"],
            caption=f"Board: {' '.join(map(str, BOARD))} barred, {UMB} parapluies", digits=3)
"""),
    code("""
fig = plots.bars([str(e.card) for e in effects], [e.change for e in effects],
                 xlabel="card flipped", ylabel="change in P(win)",
                 title="Flipping a barred card back hurts")
plots.show(fig);
"""),
    md("""
So with 5 5 5 2 on the table and two rolls left, should you stop with the brelan? The exact
advice lists every keep with its chance of winning:
"""),
    code("""
advice = trwavril.advise((5, 5, 5, 2), rolls_left=2, barred=BOARD, parapluies=UMB)
plots.table([(c.label, c["p_win"], c["p_turn"], c.loss) for c in list(advice)[:6]],
            ["choice", "P(win)", "P(turn not a miss)", "loss vs best"],
            caption="Dice 5 5 5 2, two rolls left", digits=4)
"""),
    md("""
## 4. The chance of finishing, by difficulty

**Predict first.** Each extra parapluie is one more miss allowed. Does going from 1 to 2
parapluies help as much as going from 3 to 4?
"""),
    code("""
levels = trwavril.Rules.CHOICES["parapluies"]
straights = trwavril.Rules.CHOICES["straight"]
win = {s: [trwavril.win_probability(trwavril.Rules(parapluies=u, straight=s)) for u in levels]
       for s in straights}
names = [trwavril.Rules(parapluies=u).difficulty for u in levels]
plots.table([[n, u] + [win[s][i] for s in straights]
             for i, (n, u) in enumerate(zip(names, levels))],
            ["difficulty", "parapluies"] + [f"P(win), suite {s}" for s in straights],
            caption="Trwavril solo, optimal play (exact)", digits=4)
"""),
    code("""
fig = plots.grouped_bars(names, {f"suite: {s}": win[s] for s in straights},
                         xlabel="difficulty", ylabel="P(win), optimal play",
                         title="Trwavril: chance of finishing")
plots.show(fig);
"""),
    md("""
### Exact versus simulated, optimal versus a simple rule

We play whole games with a seed: the optimal player, then a player who keeps the most common
face and stops on any figure. The exact value is for the optimal player only.
"""),
    code("""
SEED, GAMES, FAST_GAMES = 7, 300, 20_000
# the optimal player is simulated with numpy, all games at once (simulate_fast)
sim_opt = simulate_fast("trwavril", rules=RULES, games=FAST_GAMES, seed=SEED)
sim_simple = simulate("trwavril", rules=RULES, policy=keep_most_common(), games=GAMES, seed=SEED)
exact = trwavril.win_probability(RULES)
plots.table(
    [("optimal (exact)", exact, "—", "—"),
     ("optimal (simulated)", float(sim_opt.win_rate[0]), sim_opt.se_win_rate(), sim_opt.games),
     ("keep the most common face (simulated)", float(sim_simple.win_rate[0]),
      sim_simple.se_win_rate(), sim_simple.games)],
    ["player", "P(win)", "standard error", "games"],
    caption=f"{RULES.difficulty}, seed {SEED}", digits=3)
"""),
    md("""
### Explore: set up a board

Toggle the barred cards and the parapluies: the table shows the chance of winning now and
after flipping each card.
"""),
    code("""
card_toggles = [widgets.ToggleButton(value=c in BOARD, description=f"card {c}",
                                     tooltip=f"card {c} barred?", layout={"width": "80px"})
                for c in range(1, 7)]
umb_slider = widgets.IntSlider(value=UMB, min=1, max=4, description="parapluies")
board_out = widgets.Output()


def draw_board(*_):
    barred = tuple(c for c, t in zip(range(1, 7), card_toggles) if t.value)
    for t in card_toggles:
        t.icon = "check" if t.value else ""
    board_out.clear_output(wait=True)
    with board_out:
        if len(barred) == 6:
            display(Markdown("All six cards barred: the game is won."))
            return
        eff = [trwavril.flip_effect(barred, c, parapluies=umb_slider.value) for c in range(1, 7)]
        display(Markdown(f"P(win) now: **{eff[0].before:.4f}**"))
        display(plots.table([(e.card, "bar" if e.card not in barred else "un-bar", e.after,
                              e.change) for e in eff],
                            ["card", "flip would", "P(win) after", "change"], digits=4))


for w in (*card_toggles, umb_slider):
    w.observe(draw_board, "value")
display(widgets.VBox([widgets.HBox(card_toggles), umb_slider, board_out]))
draw_board()
"""),
    md("""
Want to feel it? Play a game; the **show odds** switch reveals the exact advice.
"""),
    code("""
from dicelab.widgets import play

play("trwavril", seed=SEED)
"""),
    md("""
## Exercises

**1.** Cards 1 to 5 are barred. Given that your final dice show a brelan, what is the chance
that it wins the game on the spot?
"""),
    code("""
brelan_6 = probability(4, lambda d: trwavril.figure(d, RULES) == "brelan"
                       and trwavril.flippable(d, RULES) == (6,))
plots.answer(f"P(brelan of 6 | brelan) = {plots.fmt(brelan_6 / p_fig['brelan'])}: "
             "only one face in six helps; the other brelans flip a barred card back.")
"""),
    md("""
**2.** On the board above, which flip hurts the most, and by how much?
"""),
    code("""
worst = min(effects, key=lambda e: e.change)
plots.answer(f"Flipping card {worst.card} back: P(win) goes from {worst.before:.3f} to "
             f"{worst.after:.3f}. The engine prefers cards whose loss is cheapest to repair.")
"""),
    md("""
**3.** How much does each extra parapluie add to the chance of finishing (default suites)?
"""),
    code("""
w = win[straights[0]]
steps = [f"{levels[i + 1]} → {levels[i]}: +{w[i] - w[i + 1]:.4f}" for i in range(len(levels) - 1)]
plots.answer("; ".join(reversed(steps)) + ". Each parapluie is one more miss you can afford, "
             "and a longer game gives the toggles more time to be undone.")
"""),
    md("""
## Summary
* Conditional probabilities are ratios of counts: restrict to the outcomes where $B$ holds.
* In Trwavril the same figure helps or hurts depending on the board: its value is
  conditional on the state.
* More parapluies help a lot; exact values and simulations agree within a few standard errors.
"""),
]

# ---------------------------------------------------------------------------
# Lesson E: variance and distributions (turns to finish)

LESSON_E = [
    md("""
# Lesson E — Variance and distributions: how many turns to finish?

*About 25 minutes. Prerequisites: Lessons A and C (expected value), mean and standard
deviation, a histogram.*

Playing 5000 or Seveny **solo**, the goal is to finish in as few turns as possible (reach
exactly 5000 in 5000; reach the target in Seveny). The number of turns is a **random
variable**: it has a mean, a spread, a shape.

## Learning goals
1. describe a distribution by its **mean**, **standard deviation** and shape (skew);
2. compute an **exact** mean and variance with a recursion, and check them by simulation
   (standard error of a mean);
3. compare the **optimal policy** with simple human rules ("bank at N points"): better on
   average, and sometimes less risky.
"""),
    md(HOW_TO),
    code("""
from fractions import Fraction

import ipywidgets as widgets
from IPython.display import Markdown, display

from dicelab import counting, plots
from dicelab.engine import cinqmille as cinq_engine
from dicelab.engine import seveny as sev_engine
from dicelab.games import cinqmille, seveny
from dicelab.policies import bank_at, optimal
from dicelab.simulate import simulate, simulate_fast

SEED = 11
SEV = seveny.Rules()
"""),
    md("""
## 1. Seveny with a fixed rule: an exact distribution

Take the rule "bank at $N$ points or more — or as soon as banking reaches the target"
(`dicelab.policies.bank_at`). At score $s$ a turn is then played with the threshold
$\\min(N, \\text{target} - s)$, whose exact points distribution we met in Lesson C, and the
past does not matter. The number of turns $T$ to reach the target satisfies a recursion on
the score: $E(s) = 1 + \\sum_k P_s(k)\\,E(s+k)$ — and the same trick gives $E(T^2)$, hence
the **variance**, exactly.

**Predict first.** With the target of Seveny, roughly how many turns does "bank at 5" need?
Could a game take twice as long as the average?
"""),
    code("""
RULE_N = 5
points = counting.seveny_bank_at(RULE_N, SEV.target)
mean_T, var_T = counting.turns_to_target_moments(points, SEV.target)
P_T = counting.turns_to_target_distribution(points, SEV.target, 80)
plots.table([("mean turns", mean_T), ("variance", var_T),
             ("standard deviation", float(var_T) ** 0.5),
             ("P(more than twice the mean)", 1 - P_T[: int(2 * mean_T) + 1].sum())],
            ["Seveny, bank at 5", "exact value"], digits=4)
"""),
    code("""
GAMES = 200
sim_rule = simulate("seveny", rules=SEV, policy=bank_at(RULE_N), games=GAMES, seed=SEED)
ts = range(1, len(P_T))
shown = [t for t in ts if P_T[t] > 1e-3]
hist = sim_rule.turns_histogram()
fig = plots.bar_distribution(shown, [P_T[t] for t in shown],
                             [hist.get(t, 0) / GAMES for t in shown],
                             xlabel="turns to finish", ylabel="probability",
                             simulated_label=f"simulated ({GAMES} games)",
                             title=f"Seveny, bank at {RULE_N}: exact versus simulated",
                             annotate=False)
plots.show(fig)
Markdown(f"Simulated mean **{sim_rule.mean_turns:.2f}** ± {sim_rule.se_turns:.2f} (standard "
         f"error) against the exact **{float(mean_T):.3f}**.")
"""),
    md("""
## 2. The optimal policy versus simple rules

The exact engine finds the policy with the **fewest expected turns**. It is not a fixed
threshold: it depends on the dice left and on how close you are to the target.

**Predict first.** How many turns does the optimal player save, on average, compared with the
best simple threshold?
"""),
    code("""
exact_opt, sd_opt = sev_engine.turns_moments(SEV)  # exact: an absorbing Markov chain
RULES_N = (3, 5, 8)
exact_rule = {n: counting.turns_to_target_moments(counting.seveny_bank_at(n, SEV.target),
                                                  SEV.target) for n in RULES_N}
FAST = 20_000  # the optimal player, simulated with numpy: all games at once
sim_opt = simulate_fast("seveny", rules=SEV, games=FAST, seed=SEED)
rows = [("optimal", exact_opt, sd_opt, sim_opt.mean_turns, sim_opt.turns.std(ddof=1))]
rows += [(f"bank at {n}", m, float(v) ** 0.5, "—", "—") for n, (m, v) in exact_rule.items()]
plots.table(rows, ["policy", "exact mean turns", "exact SD", "simulated mean", "simulated SD"],
            caption=f"Seveny solo, target {SEV.target}", digits=4)
"""),
    code("""
P_opt = sev_engine.turns_distribution(SEV)
hist = sim_opt.turns_histogram()
shown = [t for t in range(1, len(P_opt)) if P_opt[t] > 1e-3]
fig = plots.bar_distribution(shown, [P_opt[t] for t in shown],
                             [hist.get(t, 0) / sim_opt.games for t in shown],
                             xlabel="turns to finish", ylabel="probability",
                             simulated_label=f"simulated ({sim_opt.games} games, seed {SEED})",
                             title="Seveny, optimal policy: exact versus simulated",
                             annotate=False)
plots.show(fig);
"""),
    md("""
## 3. 5000 solo

In 5000 you must land **exactly** on 5000: near the end the optimal player takes fewer
points on purpose. A simple rule cannot be computed by a score-free recursion here (the
exact-finish and opening rules depend on the score), so we simulate it, and compare with the
optimal policy: its exact mean and standard deviation of turns (an absorbing Markov chain over
scores), and a fast simulation of it with the same seed.
"""),
    code("""
C5 = cinqmille.Rules()
exact_5000, sd_5000 = cinq_engine.turns_moments(C5)
sim_opt_5000 = simulate_fast("cinqmille", rules=C5, games=FAST, seed=SEED)
sims = {n: simulate("cinqmille", rules=C5, policy=bank_at(n), games=120, seed=SEED)
        for n in (300, 500)}
rows = [("optimal (exact)", exact_5000, "—", sd_5000),
        ("optimal (simulated)", sim_opt_5000.mean_turns, sim_opt_5000.se_turns,
         sim_opt_5000.turns.std(ddof=1))]
rows += [(f"bank at {n} (simulated)", r.mean_turns, r.se_turns, r.turns.std(ddof=1))
         for n, r in sims.items()]
plots.table(rows, ["policy", "mean turns", "standard error", "SD"],
            caption="5000 solo: reach exactly 5000", digits=3)
"""),
    code("""
r = sims[300]
fig = plots.turns_histogram(r.turns, exact_mean=exact_5000, xlabel="turns to reach 5000",
                            label="bank at 300, simulated",
                            title="5000 solo: a simple rule against the optimal mean")
plots.show(fig);
"""),
    md("""
### Explore: simulate on demand

Choose a game, a policy and a number of games, then press **Simulate** (the same seed gives
the same games for everyone). The dashed line is the exact optimal mean.
"""),
    code("""
game_pick = widgets.Dropdown(options=[("Seveny", "seveny"), ("5000", "cinqmille")],
                             description="game")
policy_pick = widgets.Dropdown(options=["optimal", "bank at 3", "bank at 5", "bank at 300",
                                        "bank at 500"], value="bank at 5", description="policy")
games_pick = widgets.IntSlider(value=100, min=20, max=500, step=20, description="games",
                               continuous_update=False)
seed_pick = widgets.IntText(value=SEED, description="seed")
go = widgets.Button(description="Simulate", button_style="primary", icon="play")
sim_out = widgets.Output()


def run_sim(*_):
    game = game_pick.value
    name = policy_pick.value
    pol = optimal() if name == "optimal" else bank_at(int(name.split()[-1]))
    res = simulate(game, policy=pol, games=games_pick.value, seed=seed_pick.value)
    exact = seveny.expected_turns(SEV) if game == "seveny" else cinq_engine.expected_turns(C5)
    sim_out.clear_output(wait=True)
    with sim_out:
        plots.show(plots.turns_histogram(res.turns, exact_mean=exact, xlabel="turns to finish",
                                         label=name, title=f"{game_pick.label}: {name}"))


go.on_click(run_sim)
display(widgets.VBox([widgets.HBox([game_pick, policy_pick]),
                      widgets.HBox([games_pick, seed_pick, go]), sim_out]))
"""),
    md("""
## Exercises

**1.** The simulated mean for "bank at 5" differs from the exact mean. Is the difference
surprising?
"""),
    code("""
z = abs(sim_rule.mean_turns - float(mean_T)) / sim_rule.se_turns
plots.answer(f"The difference is {z:.2f} standard errors. Differences within about 2 standard "
             "errors are expected from chance alone; the exact value needs no error bar.")
"""),
    md("""
**2.** How many simulated games would you need for the standard error of the mean to be 0.05
turns, for "bank at 5" in Seveny? (Use the exact standard deviation.)
"""),
    code("""
need = var_T / Fraction(1, 20) ** 2
plots.answer(f"SE = SD / √games, so games ≥ variance / 0.05² = {float(need):,.0f}.")
"""),
    md("""
**3.** Which is more spread out (larger SD relative to its mean) in Seveny: the optimal
policy or "bank at 8"? What does that mean for a player?
"""),
    code("""
m8, v8 = exact_rule[8]
cv8 = float(v8) ** 0.5 / float(m8)
cvo = float(sim_opt.turns.std(ddof=1)) / sim_opt.mean_turns
more = "bank at 8" if cv8 > cvo else "the optimal policy"
plots.answer(f"Relative spread (SD / mean): bank at 8 ≈ {cv8:.2f} (exact), optimal ≈ {cvo:.2f} "
             f"(simulated, {sim_opt.games} games): {more} is the more spread out. A higher "
             "threshold busts more often: longer games, whose length is harder to predict.")
"""),
    md("""
## Summary
* A count of turns is a random variable: report its mean **and** its spread.
* Exact recursions give means and variances without simulation error; simulations check them
  (within a few standard errors) and handle rules too complex for a simple recursion.
* The optimal policy lowers the mean; a human rule of thumb can come close.
"""),
]

LESSONS = {
    "a_counting_dice.ipynb": LESSON_A,
    "b_rerolls_markov.ipynb": LESSON_B,
    "c_expected_value_stop.ipynb": LESSON_C,
    "d_conditional_trwavril.ipynb": LESSON_D,
    "e_variance_distributions.ipynb": LESSON_E,
}


def build(names: list[str] | None = None) -> list[Path]:
    out = []
    for name, cells in LESSONS.items():
        if names and name not in names:
            continue
        path = HERE / name
        nbformat.write(notebook(cells), path)
        out.append(path)
    return out


def execute(path: Path) -> float:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    nbformat.write(nb, Path("/tmp") / f"executed_{path.name}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--execute", action="store_true")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    for path in build(args.names):
        print("wrote", path.relative_to(HERE.parent.parent))
        if args.execute:
            print(f"  ran in {execute(path):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
