"""Generate the play notebooks and the variant explorer with nbformat.

    .venv/bin/python notebooks/_build_play.py            # write the notebooks (no outputs)
    .venv/bin/python notebooks/_build_play.py --execute  # also run each one with nbclient
                                                         # (outputs go to /tmp, not the repo)

Notebooks are thin: prose, then calls into the package, then display.  Every
number a notebook states is computed by the package when the notebook runs.
Owned files: 00_start_here, 01_dripeul, 02_trwavril, 03_cinqmille, 04_seveny,
20_variant_explorer.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat

from dicelab import GAME_NAMES

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _nbtools import code, md, notebook  # noqa: E402


# A notebook-local display helper (formatting only, no rule): an answer hidden in <details>.
ANSWER_HELPER = '''
from IPython.display import HTML, Markdown, display


def answer(text: str, summary: str = "Answer") -> Markdown:
    """Show ``text`` (Markdown, computed above) folded inside a <details> block."""
    return Markdown(f"<details><summary>{summary}</summary>\\n\\n{text}\\n\\n</details>")
'''

WIDGET_HOWTO = """
**How to use the board.**
Click a die to keep it (it shows **✓ kept**; click again to let it go), then **Roll**.
**Stop** ends your rolls (Dripeul, Trwavril); **Bank** takes your points (5000, Seveny).
When the dice let you choose (which token, which card), buttons ask you.
The **Show odds** switch reveals, for every choice you could make with the dice on the
table, its exact figures, the best one highlighted and what your current selection loses
against it; leave it off to predict first. **Hint** shows only the best choice.
The **Seed** box fixes the dice: type a number and press **New game** — everyone who uses
the same seed and makes the same choices sees the same dice (the cell above starts with
seed `SEED`). **Teacher mode**: tick it, type dice such as `2 2 2 4 6` and press
**Set dice** to replace the last roll, to set up a position for the class. The variant and
difficulty menus and **Reset** start a game with other rules. Everything works from the
keyboard: **Tab** moves between dice and buttons, **Space** or **Enter** presses.
"""


# ------------------------------------------------------------------ 00 start here
def start_here():
    return notebook([
        md("""
# dicelab — start here

**dicelab** teaches probability through four French dice games. You play each game in a
small app inside the notebook, and the app can show you, for every choice you could make
with the dice on the table, the **exact** probability of what happens next: no guessing,
no simulation — the numbers are computed by enumerating every way the dice can fall.

| Game | Dice | Goal | Headline number |
|---|---|---|---|
| [Dripeul 5](01_dripeul.ipynb) | 5 | remove six tokens by rolling *brelans* | chance to clear a *manche* |
| [Trwavril](02_trwavril.ipynb) | 4 | bar all six cards before your *parapluies* run out | chance to win |
| [5000](03_cinqmille.ipynb) | 5 | score exactly 5000, pushing your luck | expected turns |
| [Seveny](04_seveny.ipynb) | 7 | set dice aside, bank before you bust | expected turns |

The French words stay French: a **brelan** is three of a kind, a **carré** four, a
**quinté** five, a **suite** a straight, a **manche** a round, a **parapluie** an
umbrella and a **ballot** a 5000 roll that scores nothing.
"""),
        md("""
## How to use a game app

Run the cell below (**Shift+Enter**) to get a Dripeul board.
"""),
        code('''
import dicelab
from dicelab.widgets import play

SEED = 2026  # the same seed gives the whole class the same dice
play("dripeul", seed=SEED, players=1)
'''),
        md("""
- **Keep dice.** Click a die to keep it: it is marked **✓ kept** (not only coloured).
  Click it again to put it back with the dice to roll.
- **Roll / Stop / Bank.** *Roll* rolls every die you did not keep. *Stop* ends your rolls
  in Dripeul and Trwavril; *Bank* takes your turn's points in 5000 and Seveny. A button is
  only active when that action is allowed by the rules.
- **Choices.** When your final dice leave a choice (which token to remove, which card to
  flip) the app asks you.
- **Show odds.** The odds start hidden so that you predict first. Switch **show odds** on
  to see every choice as a bar with its exact figures, the best one highlighted, your
  current selection marked and how much it loses against the best. A coach tally adds up
  what your choices have cost so far.
- **Hint.** Shows only the best choice, without the numbers.
- **Seed.** Type a number in the **Seed** box and press **New game**: everyone with the same
  seed who makes the same choices sees the same dice — handy to discuss one game as a class.
- **Teacher mode.** Tick it, type dice (e.g. `2 2 2 4 6`) and press **Set dice**: the last
  roll is replaced, so you can build a position for the class.
- **Variants, difficulty, players.** Each app has menus for the game's options and up to
  six hot-seat players, some of them played by the computer; **Reset** restarts. The rules
  behind each option are in the rules documents (links below).
- **Keyboard.** **Tab** moves from die to die and button to button; **Space** or
  **Enter** toggles a die or presses a button.
"""),
        md("""
## Where to go next

**Play notebooks** — the rules in short, an app, guided questions and the exact headline
numbers by difficulty:

1. [01_dripeul.ipynb](01_dripeul.ipynb) — Dripeul 5
2. [02_trwavril.ipynb](02_trwavril.ipynb) — Trwavril
3. [03_cinqmille.ipynb](03_cinqmille.ipynb) — 5000
4. [04_seveny.ipynb](04_seveny.ipynb) — Seveny

**Lessons** (15 minutes each, in `en/lessons/`; in French in `fr/lessons/`):

- [01 Ordered rolls and multisets](en/lessons/01_counting_rolls.ipynb) ·
  [02 The probability of a figure](en/lessons/02_figure_probability.ipynb) ·
  [03 The law of large numbers](en/lessons/03_law_of_large_numbers.ipynb)
- [04 At least one](en/lessons/04_at_least_one.ipynb) ·
  [05 The binomial law](en/lessons/05_binomial_law.ipynb) ·
  [06 Conditional probability](en/lessons/06_conditional_probability.ipynb)
- [07 Expected value](en/lessons/07_expected_value.ipynb) ·
  [08 When to stop](en/lessons/08_stop_or_roll.ipynb) ·
  [09 Variance](en/lessons/09_variance.ipynb)
- [10 Markov chain](en/lessons/10_markov_chain.ipynb) ·
  [11 Optimal play](en/lessons/11_optimal_play.ipynb) ·
  [12 Is a 6 ever "due"?](en/lessons/12_is_a_six_due.ipynb)

**The variant explorer**: [20_variant_explorer.ipynb](20_variant_explorer.ipynb) — toggle
any rule option and difficulty and see how the exact numbers move.

**Documents**: the full rules in English with every ruling next to the French text —
[Dripeul 5](../docs/rules.md#dripeul-5-5-dice-16-players), [Trwavril](../docs/rules.md#trwavril-4d6-solo-multiplayer-variant),
[5000](../docs/rules.md#5000-dicelabgamescinqmille), [Seveny](../docs/rules.md#seveny-7d6-16-players); lesson
plans and classroom tips, [docs/teachers.md](../docs/teachers.md).
"""),
        md("""
## A first taste of exact odds

How likely is a brelan (at least three dice alike) in one roll of five dice? Predict, then
run the cell.
"""),
        code(ANSWER_HELPER),
        code('''
from dicelab import counting

p = counting.figure_probability("brelan", 5)
answer(f"P(brelan or better with 5 dice) = **{p}** ≈ **{float(p):.1%}** — "
       f"counted over all {counting.outcome_counts(5)[0]} ordered rolls.")
'''),
    ])


# ------------------------------------------------------------------ 01 Dripeul
def dripeul():
    return notebook([
        md("""
# Dripeul 5 — remove the six tokens with *brelans*

*Dripeul 5 © PGC.* 1 to 6 players, five dice (5D6). The rules in short (full text and
every ruling: [docs/rules.md](../docs/rules.md#dripeul-5-5-dice-16-players)):

- **Board.** Six squares (*carrés*) numbered 1–6, each holding a token (*jeton*); a row of
  failure triangles **4 3 2 1 0 X**; three arrows for the *manches*.
- **Level.** Your failure token starts on a triangle: **4** *très facile*, **3** *facile*,
  **2** *moyen*, **1** *difficile*, **0** *très difficile*. The number is how many failures
  you can still survive.
- **A turn.** Roll the five dice up to **3 times** (*lancers*); between rolls keep any dice
  and re-roll the others — dice kept earlier may be re-rolled too. You may stop early.
- **Final dice.** A **brelan** of *v* (three dice showing *v*) removes the token on square
  *v*; a **carré** (four alike) removes any token you like; a **quinté** (five alike)
  removes two. Anything else — or a brelan whose square is already empty — is a
  **failure** (*échec*): the triangle token moves one step right; past 0 it lands on
  **X** and you are out of the *manche*. A full house counts as its brelan; a **suite**
  (12345, 23456) is a failure unless the suite-bonus variant is on.
- **Manches.** A game is 3 *manches*. Players who clear all six squares score 0, the others
  add up the squares still holding a token; lowest total wins. **Solo**: clear every manche
  without ever reaching X.
"""),
        md("""
## Play

The app below is a solo game at the default level (3, *facile*). Keep dice by clicking
them, then **Roll**; **Stop** when you like your dice.
"""),
        code('''
import dicelab
from dicelab.widgets import play

SEED = 2026  # share this number so the whole class gets the same dice
app = play("dripeul", seed=SEED, players=1)
app
'''),
        md(WIDGET_HOWTO),
        md("""
## Guided questions

Predict first, then run the cell and open the answer.
"""),
        code(ANSWER_HELPER + '''
from dicelab import counting, explorer
from dicelab.games import dripeul
'''),
        md("""
### Question 1 — one roll, three rolls

What is the chance that a single roll of five dice shows at least a brelan? And if you
may roll up to three times, always keeping your most promising dice? Guess both.
"""),
        code('''
p1 = counting.figure_probability("brelan", 5)
p3 = counting.p_within("brelan", 5, 3)
answer(
    f"One roll: **{float(p1):.1%}** (exactly {p1}). Within three rolls, keeping optimally: "
    f"**{float(p3):.1%}**: three rolls multiply your chance by {float(p3 / p1):.1f}, which "
    "is why keeping the right dice matters so much."
)
'''),
        md("""
### Question 2 — stop on a brelan, or go for a carré?

All six tokens are on the board, your triangle is on 3 and your first roll is
**2 2 2 4 6** (two rolls left). You can stop now and remove token 2 — or keep 2 2 2 and
roll the other two dice hoping for a fourth 2 (a carré lets you remove any token, e.g.
the 6). What is best for clearing the manche?
"""),
        code('''
adv = dripeul.advise((2, 2, 2, 4, 6), rolls_left=2, tokens=(1, 2, 3, 4, 5, 6), level=3)
top = "\\n".join(
    f"| {c.label} | {c['p_turn']:.1%} | {c['p_win']:.2%} | {100 * c.loss:.2f} |"
    for c in list(adv)[:5]
)
answer(
    f"The best choice is **{adv.best.label}**: P(clear the manche) = {adv.best['p_win']:.2%}. "
    "Re-rolling two dice risks nothing — 2 2 2 stays a brelan whatever they show — and a "
    "fourth 2 would let you take any token instead of the 2."
    "\\n\\n| choice | P(turn is not a failure) | P(clear the manche) | loss (percentage points) |"
    "\\n|---|---|---|---|\\n" + top
)
'''),
        md("""
### Question 3 — which variant helps most?

Two variants make the game easier: the **suite bonus** (a suite moves your triangle one
step left instead of failing) and **last six** (with one token left, a brelan of 6 also
removes it). Which helps more at the default level?
"""),
        code('''
variants = {"the suite bonus": dripeul.Rules(straight_bonus=True),
            "last six": dripeul.Rules(last_six=True)}
gain = {name: explorer.headline("dripeul", r)["p_manche"] for name, r in variants.items()}
winner = max(gain, key=gain.get)
answer(
    f"**{winner.capitalize()}** helps more.\\n\\n"
    + "\\n\\n".join(explorer.explain_difference("dripeul", r) for r in variants.values())
)
'''),
        md("""
### Question 4 — one manche versus the whole game

Solo, you win the game only if you clear **every** manche. How does the chance to win
the whole game compare with the chance to clear one manche?
"""),
        code('''
h = explorer.headline("dripeul")
answer(
    f"One manche: **{h['p_manche']:.2%}**; the whole game of {h.rules.manches} manches: "
    f"**{h['p_game']:.2%}**. Each manche starts afresh, so the chances multiply: "
    f"{h['p_manche']:.4f} to the power {h.rules.manches} is "
    f"{h['p_manche'] ** h.rules.manches:.4f}."
)
'''),
        md("""
## The exact headline numbers by level

For every level, the chance to clear one manche and to win the whole solo game, playing
optimally — solved exactly by the package when you run the cell.
"""),
        code('''
from dicelab import plots

levels = explorer.by_difficulty("dripeul")
plots.table(*explorer.headline_table(levels))
'''),
        code('''
plots.show(explorer.headline_chart(levels));
'''),
    ])


# ------------------------------------------------------------------ 02 Trwavril
def trwavril():
    return notebook([
        md("""
# Trwavril — bar all six cards before the *parapluies* run out

*Trwavril © PGC*, "a distant cousin of Yams". Solo (multiplayer variant), four dice (4D6).
The rules in short (full text and rulings: [docs/rules.md](../docs/rules.md#trwavril-4d6-solo-multiplayer-variant)):

- **Cards.** Six numbered cards 1–6, each with a normal face and a **barred** face; you win
  when all six show the barred face.
- **Parapluies.** Your lives: **4** *facile*, **3** *moyen*, **2** *difficile*, **1**
  *héroïque*. A missed turn turns one *parapluie* for good; when the last one is turned,
  you lose.
- **A turn.** Roll the four dice up to **3 times**, keeping any dice between rolls (kept
  dice may be re-rolled); stop whenever you like.
- **Final dice.** A **brelan** of *v* flips card *v*; a **carré** of *v* flips card *v*,
  *v*−1 or *v*+1 (your choice; 1 and 6 are not neighbours); a **suite** (1234, 2345 or
  3456 with four dice) flips any one card of the suite; anything else costs a parapluie.
- **The twist.** A flip is a *toggle*: flipping a barred card un-bars it. And the flip is
  mandatory — a brelan can hurt you.
"""),
        md("""
## Play

A solo game with four parapluies (*facile*). Keep dice by clicking them, then **Roll**;
**Stop** to use your dice; if you have a choice of card, the app asks which.
"""),
        code('''
import dicelab
from dicelab.widgets import play

SEED = 2026  # share this number so the whole class gets the same dice
app = play("trwavril", seed=SEED, players=1)
app
'''),
        md(WIDGET_HOWTO),
        md("""
## Guided questions

Predict first, then run the cell and open the answer.
"""),
        code(ANSWER_HELPER + '''
from dicelab import counting, explorer
from dicelab.games import trwavril
'''),
        md("""
### Question 1 — how often does one roll of four dice give something?

Estimate the chance of a brelan (at least three alike) and of a suite (a run of four) in
one roll of four dice.
"""),
        code('''
pb = counting.figure_probability("brelan", 4)
ps = counting.figure_probability("suite", 4)
answer(
    f"Brelan or better: **{float(pb):.2%}** ({pb}); suite: **{float(ps):.2%}** ({ps}). "
    "One roll alone rarely works: the three rolls and the choice of what to keep matter."
)
'''),
        md("""
### Question 2 — when a brelan hurts

Cards 1, 2 and 3 are barred, you have two parapluies left, and your second roll is
**3 3 3 5** (one roll left). Stopping now flips card 3 *back*. Should you stop, or
re-roll — and what should you keep?
"""),
        code('''
adv = trwavril.advise((3, 3, 3, 5), rolls_left=1, barred=(1, 2, 3), parapluies=2)
rows = "\\n".join(
    f"| {c.label} | {c['p_turn']:.2%} | {c['p_win']:.2%} | {100 * c.loss:.2f} |"
    for c in list(adv)[:5]
)
answer(
    f"Best: **{adv.best.label}** with P(win) = {adv.best['p_win']:.2%}. Keeping the brelan "
    "is safe — it stays whatever the last die shows — and a fourth 3 would make a carré, "
    "which may flip card 4 instead of un-barring card 3.\\n\\n"
    "| choice | P(this turn is not a miss) | P(win) | loss (percentage points) |"
    "\\n|---|---|---|---|\\n" + rows
)
'''),
        md("""
### Question 3 — how much is a parapluie worth?

Predict the chance of winning with 4, 3, 2 and 1 parapluies. Which extra parapluie is
worth the most?
"""),
        code('''
levels = explorer.by_difficulty("trwavril")
lines = [
    f"- {explorer.difficulty_label('trwavril', h.rules.parapluies, field=True)}: "
    f"**{h['p_win']:.2%}**"
    for h in levels
]
gains = [a["p_win"] - b["p_win"] for a, b in zip(levels, levels[1:])]
answer("\\n".join(lines) + "\\n\\nGain of each extra parapluie, from 1 up: "
       + ", ".join(f"{100 * g:.2f} percentage points" for g in reversed(gains)) + ".")
'''),
        md("""
### Question 4 — the suite ruling

With four dice the text's *grande suite* (five dice) cannot happen. dicelab counts the
four-dice runs 1234, 2345, 3456 as suites; the variant `straight="as_written"` keeps only
five-dice suites, so a run of four is a miss. How much does that change?
"""),
        code('''
answer(explorer.explain_difference("trwavril", trwavril.Rules(straight="as_written")))
'''),
        md("""
## The exact headline numbers by difficulty

The chance to win a solo game with optimal play, for 4, 3, 2 and 1 parapluies, solved
exactly when you run the cell.
"""),
        code('''
from dicelab import plots

plots.table(*explorer.headline_table(levels))
'''),
        code('''
plots.show(explorer.headline_chart(levels));
'''),
    ])


# ------------------------------------------------------------------ 03 5000
def cinqmille():
    return notebook([
        md("""
# 5000 — score exactly 5000, pushing your luck

A classic French dice game with five dice (a six-dice variant exists). The rules in short
(full text and rulings: [docs/rules.md](../docs/rules.md#5000-dicelabgamescinqmille)):

- **Scoring in one roll.** Each **1** = 100, each **5** = 50; a **brelan** of *v* = 100 × *v*
  (a brelan of 1 = 1000); a **suite** 12345 or 23456 (all five dice) = 750. Figures never
  combine across rolls.
- **A turn.** Roll; set aside at least one scoring figure; then roll the other dice again
  or **bank** the turn's points. A roll that scores nothing ends the turn with 0 — a
  **ballot** if all five dice were rolled.
- **Full hand.** When all five dice have scored, you must roll all five again and keep
  adding up.
- **Opening.** Your first bank needs at least 750 points in the turn.
- **Exactly 5000.** A turn that would take you past 5000 scores 0. Five 1s in one roll win
  at once.
- **Solo** (dicelab's addition): reach exactly 5000 in as few turns as possible.
"""),
        md("""
## Play

A solo game with the default rules. Click scoring dice to set them aside, then **Roll**
the rest or **Bank**.
"""),
        code('''
import dicelab
from dicelab.widgets import play

SEED = 2026  # share this number so the whole class gets the same dice
app = play("cinqmille", seed=SEED, players=1)
app
'''),
        md(WIDGET_HOWTO),
        md("""
## Guided questions

Predict first, then run the cell and open the answer.
"""),
        code(ANSWER_HELPER + '''
from dicelab import explorer
from dicelab.games import cinqmille
'''),
        md("""
### Question 1 — how risky is rolling?

Only 1s, 5s, brelans and suites score. What is the chance that rolling 5, 4, 3, 2 or 1
dice scores nothing at all?
"""),
        code('''
p = {n: cinqmille.p_bust(n) for n in (5, 4, 3, 2, 1)}
rows = "\\n".join(f"| {n} | {float(q):.2%} | {q} |" for n, q in p.items())
answer("| dice rolled | P(nothing scores) | exactly |\\n|---|---|---|\\n" + rows
       + f"\\n\\nWith five dice a ballot happens {float(p[5]):.1%} of the time; with one die "
       f"left you bust {float(p[1]):.0%} of the time.")
'''),
        md("""
### Question 2 — bank or roll?

You have opened (your score is 2000). This turn you hold 300 points and you roll the last
two dice: **1 3**. Set the 1 aside and bank 400 — or set it aside and roll the one
remaining die?
"""),
        code('''
adv = cinqmille.advise((1, 3), turn_points=300, score=2000)
rows = "\\n".join(
    f"| {c.label} | {c['p_bust']:.1%} | {c['expected_points']:.0f} | {c['expected_turns']:.3f} "
    f"| {c.loss:.3f} |"
    for c in list(adv)[:5]
)
answer(
    f"Best for finishing fast: **{adv.best.label}**. Rolling a single die busts unless it "
    "shows a 1 or a 5, so it usually throws the turn away.\\n\\n"
    "| choice | P(the next roll scores nothing) | expected points this turn "
    "| expected turns to finish | loss (turns) |\\n|---|---|---|---|---|\\n" + rows
)
'''),
        md("""
### Question 3 — what do the variants cost?

The variants: opening at 1000 instead of 750, a minimum bank of 300, having to set aside
every scoring die, no bank that lands in [4900, 5000), and the six-dice game. Which one
slows a solo game down the most? The table below answers with exact expected turns.
"""),
        md("""
## The exact headline numbers: default and variants

The expected number of turns to reach 5000 solo (exactly 5000 with five dice, 5000 or more
in the six-dice game), playing optimally, for the default rules and each variant on its
own — solved exactly when you run the cell (a few seconds per variant the first time).
"""),
        code('''
from dicelab import plots

grid = explorer.variant_grid("cinqmille")
plots.table(*explorer.grid_table(grid))
'''),
        code('''
plots.show(explorer.grid_chart(grid));
'''),
        code('''
answer("\\n\\n".join(explorer.explain_grid(grid)), summary="Answer to question 3")
'''),
    ])


# ------------------------------------------------------------------ 04 Seveny
SEVENY_TARGETS = (20, 30, 50, 100)


def seveny():
    return notebook([
        md("""
# Seveny — set dice aside, bank before you bust

*Seveny © PGC*, "a little *Stop ou Encore*" for 1 to 6 players with seven dice (7D6). The
rules in short (full text and rulings: [docs/rules.md](../docs/rules.md#seveny-7d6-16-players)):

- **A roll.** After each roll you must set aside at least one die, or the turn ends with 0
  (points memorised earlier in the turn included).
- **What you may set aside.** Any number of **1s** and of **6s**; faces 2–5 only three or
  more at once (a **brelan**). A brelan **frees its face for the rest of the cycle**: after
  it, dice of that face may be set aside in any number, even one at a time, until all
  seven dice are set aside and a new cycle starts.
- **Score** of the dice set aside: each 1 = 1 point, a brelan of *v* (2–5) = *v*; **one
  brelan of 6 doubles** the rest; **two brelans of 6** = 12 (+1 for a seventh die showing
  1). A carré or quinté is worth just its brelan.
- **Stop or go on.** After setting aside, roll the remaining dice or stop and **bank**. When
  all seven dice are set aside, the points are memorised and you may roll all seven again.
- **End.** When someone reaches or passes the agreed target (default 50), the **round** is
  finished: the players after them still play their turn, so that everyone has played the
  same number of turns; then the highest score wins. **Solo**: reach the target in as few
  turns as possible.
"""),
        md("""
## Play

A solo game to 50. Click dice to set them aside, then **Roll** the rest or **Bank**.
"""),
        code('''
import dicelab
from dicelab.widgets import play

SEED = 2026  # share this number so the whole class gets the same dice
app = play("seveny", seed=SEED, players=1)
app
'''),
        md(WIDGET_HOWTO),
        md("""
## Guided questions

Predict first, then run the cell and open the answer.
"""),
        code(ANSWER_HELPER + '''
from dicelab import explorer
from dicelab.games import seveny
'''),
        md("""
### Question 1 — when does a roll bust?

At the start of a cycle you roll seven dice. What is the chance that you cannot set
anything aside (no 1, no 6, no brelan)? And with fewer dice left?
"""),
        code('''
rows = "\\n".join(f"| {n} | {float(seveny.p_bust(n)):.2%} |" for n in range(7, 0, -1))
answer("| dice rolled (nothing set aside yet) | P(bust) |\\n|---|---|\\n" + rows)
'''),
        md("""
### Question 2 — grab the doubling brelan?

First roll of your turn: **6 6 6 1 1 3 4** (score 0, target 50). A brelan of 6 doubles
the points of the cycle, and 1 1 are worth 2 points. What should you set aside, and should
you then roll on or bank?
"""),
        code('''
adv = seveny.advise((6, 6, 6, 1, 1, 3, 4))
rows = "\\n".join(
    f"| {c.label} | {c['expected_turns']:.3f} | {c.loss:.3f} | {c['expected_points']:.2f} |"
    for c in list(adv)[:6]
)
answer(
    f"Best: **{adv.best.label}**. The choices are close — the loss column says how many "
    "turns each one gives away on average.\\n\\n"
    "| choice | expected turns to reach the target | loss (turns) | expected points this turn |"
    "\\n|---|---|---|---|\\n" + rows
)
'''),
        md("""
### Question 3 — how long is a game?

Predict the expected number of turns to reach 20, 30, 50 and 100 points alone. Does
doubling the target double the turns?
"""),
        code(f'''
TARGETS = {SEVENY_TARGETS!r}  # target 100 is the slowest solve (a few seconds)
levels = explorer.by_difficulty("seveny", TARGETS)
lines = [f"- target {{h.rules.target}}: **{{h['expected_turns']:.2f}} turns**" for h in levels]
ratios = [
    f"{{a.rules.target}} → {{b.rules.target}}: × {{b['expected_turns'] / a['expected_turns']:.2f}}"
    for a, b in zip(levels, levels[1:])
]
answer("\\n".join(lines) + "\\n\\nHow the expected turns grow: " + "; ".join(ratios) + ".")
'''),
        md("""
## The exact headline numbers by target

Expected turns to reach each target solo with optimal play, solved exactly when you run
the cells above (the target-50 solve is the slowest; it is cached afterwards).
"""),
        code('''
from dicelab import plots

plots.table(*explorer.headline_table(levels))
'''),
        code('''
plots.show(explorer.headline_chart(levels));
'''),
    ])


# ------------------------------------------------------------------ 20 explorer
def _grid_cells(key: str):
    title = GAME_NAMES[key]
    if key == "cinqmille":
        where = ("(5000 has no difficulty setting; its exact solves are the slowest, about "
                 "half a minute in all the first time)")
    else:
        where = "at every difficulty"
    return [
        md(f"### {title}\n\nEvery option of `{key}.Rules.CHOICES` changed on its own, {where}."),
        code(f'''
grids["{key}"] = grid = explorer.variant_grid("{key}")
plots.table(*explorer.grid_table(grid))
'''),
        code('''
plots.show(explorer.grid_chart(grid))
Markdown("\\n".join(f"- {s}" for s in explorer.explain_grid(grid, difficulty="default")))
'''),
    ]


def variant_explorer():
    cells = [
        md("""
# The variant explorer

Every game has options: the text's own variants, the rulings' alternatives, and a
difficulty. How much does each one change the game? Toggle them and see the **exact**
answer, then watch simulated games from one seed scatter around it.

The headline number of each game, always for a solo player using the optimal strategy:

- **Dripeul 5**: the chance to clear one *manche*, and to win the whole game (every manche);
- **Trwavril**: the chance to win;
- **5000** and **Seveny**: the expected number of turns to finish.

The option names are those of each game's `Rules`; the rules documents explain every
option next to the French sentence it comes from:
[Dripeul 5](../docs/rules.md#dripeul-5-5-dice-16-players), [Trwavril](../docs/rules.md#trwavril-4d6-solo-multiplayer-variant),
[5000](../docs/rules.md#5000-dicelabgamescinqmille), [Seveny](../docs/rules.md#seveny-7d6-16-players).
"""),
        md("""
## 1. Toggle the options yourself

Pick a game, then toggle any option or the difficulty. The app solves the game exactly
for your rules and compares the result with the defaults at the same difficulty. Some
5000 variants and Seveny's target 100 take a few seconds the first time; after that the
solutions are cached.
"""),
        code('''
import dicelab
from dicelab import explorer, plots
from IPython.display import Markdown

explorer.explorer("dripeul")
'''),
        md("""
## 2. Every variant side by side

For each game: a table with the exact headline of every combination (one option changed
from the defaults, at each difficulty), a grouped bar chart, and sentences written by the
package from those numbers, comparing each variant with the defaults at the default
difficulty. For Dripeul the chart shows the whole-game chance, which every option moves
(playing one manche instead of three leaves the chance of clearing a manche unchanged).
"""),
        code("grids = {}"),
    ]
    for key in GAME_NAMES:
        cells += _grid_cells(key)
    cells += [
        md("""
## 3. Simulated games from one seed

Exact numbers are averages over every possible game; a real game is one draw. Pick a game
below: the package simulates `GAMES` solo games under the defaults and as many under the
variant that moves the headline most, all played by the optimal strategy from one
seed. The histograms show how spread out the number of turns is — for 5000 and Seveny the
dashed line marks the exact expected number of turns; for Dripeul and Trwavril a last
chart puts the simulated win rate next to the exact probability. Change the seed and the
bars move; the exact numbers do not.
"""),
        code('''
GAME = "dripeul"  # or "trwavril", "cinqmille", "seveny"
SEED = 7
GAMES = 100  # few games, so that the notebook runs fast: the spread is what matters here

compared = [explorer.default_rules(GAME), explorer.most_different(grids[GAME]).rules]
sims = explorer.simulate_rules(GAME, compared, games=GAMES, seed=SEED)
for fig in explorer.simulation_charts(sims):
    plots.show(fig)
'''),
        code('''
plots.table(*explorer.simulation_table(sims))
'''),
        md("""
### Reading the histograms

- For **5000** and **Seveny** the number of turns varies a lot from game to game: the
  expected value is a long-run average, not a promise.
- For **Dripeul** and **Trwavril** each game is won or lost; the simulated win rate lands
  near the exact probability, usually within two standard errors (the table gives them).
- Dripeul's histogram has clumps: a solo game ends as soon as a manche is lost, so games
  lost in the first manche are short and games that reach the third are long.
- With more games the simulated numbers settle on the exact ones — the law of large
  numbers, explored in [lesson 03](en/lessons/03_law_of_large_numbers.ipynb).
"""),
    ]
    return notebook(cells)


NOTEBOOKS = {
    "00_start_here.ipynb": start_here,
    "01_dripeul.ipynb": dripeul,
    "02_trwavril.ipynb": trwavril,
    "03_cinqmille.ipynb": cinqmille,
    "04_seveny.ipynb": seveny,
    "20_variant_explorer.ipynb": variant_explorer,
}


def build(names=None) -> list[Path]:
    out = []
    for name, make in NOTEBOOKS.items():
        if names and name not in names:
            continue
        nb = make()
        nbformat.validate(nb)
        path = HERE / name
        nbformat.write(nb, path)
        out.append(path)
    return out


def broken_links(paths) -> list[str]:
    """Relative Markdown links of the notebooks whose target file does not exist."""
    import re

    out = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            for target in re.findall(r"\]\(([^)#\s]+)\)", cell.source):
                if "://" in target:
                    continue
                if not (path.parent / target).exists():
                    out.append(f"{path.name}: {target}")
    return out


def execute(paths, outdir: Path, timeout: int = 600) -> bool:
    from nbclient import NotebookClient

    outdir.mkdir(parents=True, exist_ok=True)
    ok = True
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        t0 = time.perf_counter()
        try:
            NotebookClient(nb, timeout=timeout, kernel_name="python3",
                           resources={"metadata": {"path": str(HERE)}}).execute()
            status = "ok"
        except Exception as e:  # report and go on with the next notebook
            status = f"FAILED: {type(e).__name__}: {str(e)[-2000:]}"
            ok = False
        nbformat.write(nb, outdir / path.name)
        print(f"{path.name}: {status} ({time.perf_counter() - t0:.1f} s)", flush=True)
    return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="notebook file names (default: all)")
    ap.add_argument("--execute", action="store_true", help="run each notebook with nbclient")
    ap.add_argument("--outdir", default="/tmp/dicelab_play_executed")
    args = ap.parse_args(argv)
    paths = build(args.names)
    for p in paths:
        print("wrote", p.relative_to(HERE.parent))
    for link in broken_links(paths):
        print("link target missing:", link)
    if args.execute:
        return 0 if execute(paths, Path(args.outdir)) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
