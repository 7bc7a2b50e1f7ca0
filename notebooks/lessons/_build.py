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
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent


def md(text: str):
    return new_markdown_cell(text.strip("\n"))


def code(text: str):
    return new_code_cell(text.strip("\n"))


def notebook(cells) -> nbformat.NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


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

LESSONS = {
    "a_counting_dice.ipynb": LESSON_A,
    "b_rerolls_markov.ipynb": LESSON_B,
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
