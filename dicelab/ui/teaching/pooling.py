"""Pooled class data without a server: share codes, pooling and its chart, the
:class:`Pool` widget.

>>> code = share_code(SIX_AFTER_THREE, successes=4, trials=21, group="Team 3")
>>> read_share_code(SIX_AFTER_THREE, code)
GroupCounts(group='TEAM3', successes=4, trials=21)
>>> [round(r.frequency, 3) for r in pooled([(3, 20), (5, 20)], 0.25)]
[0.15, 0.2]
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from dicelab.core.errors import Phrase, brief
from dicelab.core.i18n import N_, _, fmt_int, fmt_number, fmt_percent, ngettext_amount
from dicelab.ui.teaching.asking import _button, _esc, _w, _Widget
from dicelab.ui.teaching.numbers import (
    MAX_TRIALS,
    TeachingError,
    check_count_size,
    parse_count,
)

# ------------------------------------------------------------------ pooling class data


@dataclass(frozen=True)
class Experiment:
    """An in-class experiment whose counts groups pool: successes out of trials.

    ``code`` (a few capital letters/digits) starts every share code of the
    experiment; ``title``, ``trials_label`` and ``successes_label`` are English
    msgids; ``p`` the exact probability of a success; ``unit`` the msgid that names one
    entry of the teacher's pool by its group's name (``"group {n}"``, or ``"pair {n}"``
    when pairs do the experiment); ``boxes`` the msgids of the trials, successes and group
    boxes' labels, when the lesson names them (lesson 14: "played", "won", "pair");
    ``difference`` a msgid with ``{f}``, ``{p}`` and ``{d}`` (the pooled frequency, the
    exact probability and their difference ``f − p``, in percentage points; ``{points}``
    the difference with its unit, « 1,2 point ») written under
    the teacher's chart (lesson 14: the class's mean luck); ``words`` pairs (generic msgid,
    the lesson's msgid) that put the widget's and chart's texts in the lesson's words
    (lesson 14: games played, games won, pairs); with ``words`` the glossary line
    "trials: …; successes: …" is not shown.
    """

    code: str
    title: str
    trials_label: str
    successes_label: str
    p: Fraction
    suggested_trials: int = 20
    unit: str = N_("group {n}")
    boxes: tuple[str, str, str] = (N_("trials"), N_("successes"), N_("group"))
    difference: str | None = None
    words: tuple[tuple[str, str], ...] = ()
    #: the pooled chart's text says its band in percentage points ("band ± 5.8 percentage
    #: points", lesson 12), not as a percentage ("band ± 5.8%"): a distance between two
    #: percentages
    band_points: bool = False

    def word(self, msgid: str) -> str:
        """The msgid this experiment uses for the generic ``msgid`` (itself by default).

        >>> BRELAN_FIVE_DICE.word("Add this group")
        'Add this group'
        """
        return dict(self.words).get(msgid, msgid)


def _experiments() -> dict[str, Experiment]:
    from dicelab.analysis.counting import figure_probability

    brelan = Experiment(
        "BRL5", N_("Roll five dice: is there a brelan (at least three alike)?"),
        N_("rolls of five dice"), N_("rolls with a brelan"),
        figure_probability("brelan", 5), 20)
    six = Experiment(
        "SIX3", N_("After three rolls of one die without a 6, is the next roll a 6?"),
        N_("times three rolls in a row had no 6"), N_("times the next roll was a 6"),
        Fraction(1, 6), 20, band_points=True)
    return {e.code: e for e in (brelan, six)}


EXPERIMENTS = _experiments()
BRELAN_FIVE_DICE = EXPERIMENTS["BRL5"]
SIX_AFTER_THREE = EXPERIMENTS["SIX3"]

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: easy to read aloud
#: The longest group name in a share code: capital letters and digits.
MAX_GROUP = 8


def _check(exp: Experiment, group: str, successes: int, trials: int) -> str:
    digest = hashlib.sha256(f"{exp.code}:{group}:{successes}:{trials}".encode()).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:3])


def _old_check(exp: Experiment, successes: int, trials: int) -> str:
    """The check of the codes before groups had names (``BRL5-20-4-7VU``): only to tell an
    old code from a mistyped new one."""
    digest = hashlib.sha256(f"{exp.code}:{successes}:{trials}".encode()).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:3])


def check_counts(successes: Any, trials: Any) -> tuple[int, int]:
    """Validate a group's counts: whole numbers, ``0 <= successes <= trials``, ``trials >= 1``.

    >>> check_counts(3, 20)
    (3, 20)
    >>> check_counts(21, 20)
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: more successes (21) than trials (20): check the c...
    """
    # the field's name is translated with the message (Phrase): no English in a French error
    check_count_size(successes, Phrase(N_("successes")))
    check_count_size(trials, Phrase(N_("trials")))
    s = parse_count(successes, Phrase(N_("successes"))) if not isinstance(
        successes, int) or isinstance(successes, bool) else successes
    t = parse_count(trials, Phrase(N_("trials"))) if not isinstance(
        trials, int) or isinstance(trials, bool) else trials
    if s < 0:
        raise TeachingError(N_("successes cannot be negative; got {value}"), value=brief(s))
    if t < 1:
        raise TeachingError(N_("trials must be at least 1; got {value}"), value=brief(t))
    if t > MAX_TRIALS:
        raise TeachingError(N_("at most {high} trials per group; got {value}"), high=MAX_TRIALS,
                            value=brief(t))
    if s > t:
        raise TeachingError(N_("more successes ({s}) than trials ({t}): check the counts"),
                            s=s, t=t)
    return s, t


def group_name(text: Any) -> str:
    """A group's name or number as its share code carries it: capital letters A–Z and
    digits, accents, spaces and signs dropped, a number without its leading zeros.

    >>> group_name(" Équipe 3 "), group_name("07"), group_name(12)
    ('EQUIPE3', '7', '12')
    >>> group_name("")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: type your group's name or number first (lette...
    """
    raw = str(text) if isinstance(text, (str, int)) and not isinstance(text, bool) else ""
    if len(raw) > 100:
        raise TeachingError(N_("a group name has at most {n} letters or digits; got {value}"),
                            n=MAX_GROUP, value=brief(raw))
    plain = unicodedata.normalize("NFKD", raw).upper()
    name = "".join(c for c in plain if "A" <= c <= "Z" or "0" <= c <= "9")
    if not name:
        raise TeachingError(N_("type your group's name or number first (letters or digits)"))
    if name.isdigit():
        name = str(int(name))
    if len(name) > MAX_GROUP:
        raise TeachingError(N_("a group name has at most {n} letters or digits; got {value}"),
                            n=MAX_GROUP, value=brief(raw))
    return name


class GroupCounts(NamedTuple):
    """What a share code says: the group's name (:func:`group_name`) and its counts."""

    group: str
    successes: int
    trials: int


def share_code(exp: Experiment, successes: Any, trials: Any, group: Any) -> str:
    """The short code a group gives the teacher: experiment, group, trials, successes and a
    check of them all (``EXP-GROUP-TRIALS-SUCCESSES-CHECK``).

    The group's name or number makes the codes of two groups with the same counts differ:
    both count in the pool, and the same code given twice counts once.

    >>> share_code(BRELAN_FIVE_DICE, 4, 20, group="7")
    'BRL5-7-20-4-...'
    >>> share_code(BRELAN_FIVE_DICE, 4, 20, "7") != share_code(BRELAN_FIVE_DICE, 4, 20, "8")
    True
    """
    check_count_size(successes, Phrase(N_("successes")))  # before anything writes them
    check_count_size(trials, Phrase(N_("trials")))
    s, t = check_counts(successes, trials)
    g = group_name(group)
    return f"{exp.code}-{g}-{t}-{s}-{_check(exp, g, s, t)}"


_CODE = re.compile(r"^([A-Z0-9]{2,8})-([A-Z0-9]{1,8})-(\d{1,6})-(\d{1,6})-([A-Z0-9]{3})$")
#: A code of dicelab before share codes named their group: ``BRL5-20-4-7VU``.
_OLD_CODE = re.compile(r"^([A-Z0-9]{2,8})-(\d{1,6})-(\d{1,6})-([A-Z0-9]{3})$")
#: Spaces and dashes a keyboard, a phone or a word processor may put in a pasted code.
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"})


def _normalise_code(code: Any) -> str:
    raw = code if isinstance(code, str) else ""
    return "".join(raw.translate(_DASHES).upper().split()) if len(raw) <= 200 else raw


def read_share_code(exp: Experiment, code: Any) -> GroupCounts:
    """The group and its counts from a share code of ``exp``; refuses typos, foreign codes
    and the codes of older dicelab versions, which named no group (the group makes a new
    one).

    >>> read_share_code(BRELAN_FIVE_DICE, share_code(BRELAN_FIVE_DICE, 4, 20, "Bleus"))
    GroupCounts(group='BLEUS', successes=4, trials=20)
    >>> read_share_code(BRELAN_FIVE_DICE, share_code(SIX_AFTER_THREE, 1, 5, 2))
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: this code belongs to another experiment (SIX3), n...
    """
    s = _normalise_code(code)
    m = _CODE.match(s) if len(s) <= 40 else None
    if not m:
        old = _OLD_CODE.match(s) if len(s) <= 40 else None
        if old and old.group(1) != exp.code:
            raise TeachingError(N_("this code belongs to another experiment ({other}), not to "
                                   "this one ({this})"), other=old.group(1), this=exp.code)
        if old:
            k, t = int(old.group(3)), int(old.group(2))
            if k <= t and old.group(4) == _old_check(exp, k, t):
                raise TeachingError(N_("this code was made by an older dicelab and names no "
                                       "group: ask the group to make a new code, with its "
                                       "group's name or number"))
            raise TeachingError(N_("this code has a typo: ask the group to read it again"))
        raise TeachingError(N_("{value} is not a share code (it looks like {example})"),
                            value=brief(code), example=f"{exp.code}-7-20-4-XYZ")
    key, g, t, k, chk = (m.group(1), group_name(m.group(2)), int(m.group(3)),
                         int(m.group(4)), m.group(5))
    if key != exp.code:
        raise TeachingError(
            N_("this code belongs to another experiment ({other}), not to this one ({this})"),
            other=key, this=exp.code)
    successes, trials = check_counts(k, t)
    if chk != _check(exp, g, successes, trials):
        raise TeachingError(N_("this code has a typo: ask the group to read it again"))
    return GroupCounts(g, successes, trials)


@dataclass(frozen=True)
class PoolRow:
    """The pool after ``groups`` groups: counts, frequency and its ± 2 SE band."""

    groups: int
    successes: int
    trials: int
    frequency: float
    se: float


def pooled(entries: Iterable[tuple[int, int]], p: Any) -> list[PoolRow]:
    """Cumulative pooled frequency after each group, with the standard error at ``p``.

    The standard error of a frequency over ``n`` trials is ``sqrt(p (1 - p) / n)``:
    the band ``p ± 2 SE`` narrows like ``1 / sqrt(n)`` as groups are added.

    >>> rows = pooled([(2, 10), (1, 10)], Fraction(1, 6))
    >>> [(r.successes, r.trials) for r in rows]
    [(2, 10), (3, 20)]
    >>> round(rows[-1].se, 4)
    0.0833
    """
    p = float(p)
    rows, s, t = [], 0, 0
    for i, (k, n) in enumerate(entries, start=1):
        k, n = check_counts(k, n)
        s, t = s + k, t + n
        rows.append(PoolRow(i, s, t, s / t, math.sqrt(p * (1 - p) / t)))
    return rows


def difference_line(exp: Experiment, frequency: float, lang: str | None = None) -> str:
    """The pooled frequency minus the exact probability, computed, in the words of the
    experiment's :attr:`Experiment.difference` (in percentage points, one decimal, a real
    minus sign).

    >>> exp = Experiment("T", "t", "tries", "wins", Fraction(1, 4),
    ...                  difference="mean = {f} − {p} = {d} points")
    >>> difference_line(exp, 0.2, "en")
    'mean = 20.0% − 25.0% = −5.0 points'

    ``{points}`` is the difference with its unit, in the plural of the number as written
    (French: « 1,2 point », singular below 2).
    """
    if exp.difference is None:
        raise TeachingError(N_("this experiment has no difference to show"))
    # the difference of the two rounded percentages shown, so that the line agrees with itself
    # (26.7% − 23.8% = 2.9 points, never 2.8): rounded half-even like ``fmt_percent``
    shown_f, shown_p = (Decimal(str(float(x))).scaleb(2).quantize(Decimal("0.1"), ROUND_HALF_EVEN)
                        for x in (frequency, exp.p))
    d = float(shown_f - shown_p)
    shown = fmt_number(abs(d), 1, lang)
    signed = ("\u2212" + shown) if d < 0 and shown.strip("0,.") else shown
    # ``{points}``: the difference with its unit in the number's plural (« 1,2 point »)
    points = ngettext_amount("{x} point", "{x} points", abs(d), 1, lang)
    points = ("\u2212" + points) if signed.startswith("\u2212") else points
    return _(exp.difference, lang=lang, f=fmt_percent(frequency, 1, lang),
             p=fmt_percent(float(exp.p), 1, lang), d=signed, points=points)


def share_text(x: float, lang: str | None, decimal: bool = False) -> str:
    """A frequency or a probability as the pool writes it: a percentage with one decimal, or
    (``decimal``: lesson 03, whose questions ask decimals) a decimal with three.

    >>> share_text(0.21335, "en"), share_text(0.21335, "fr", decimal=True)
    ('21.3%', '0,213')
    """
    return fmt_number(x, 3, lang) if decimal else fmt_percent(x, 1, lang)


def pool_chart(exp: Experiment, rows: Sequence[PoolRow], lang: str | None = None, *,
               decimal: bool = False) -> Any:
    """The pooled frequency after each group against the exact probability, ± 2 SE band.
    ``decimal``: lesson 03's words, its values as decimals (:func:`share_text`) and the band
    named after the standard deviation of the relative frequency."""
    import numpy as np

    from dicelab.render import plots

    p = float(exp.p)
    x = np.arange(1, len(rows) + 1)
    freq = np.array([r.frequency for r in rows])
    se = np.array([r.se for r in rows])
    xlabel = _(exp.word(N_("groups pooled")), lang=lang)
    ylabel = _("pooled relative frequency", lang=lang)
    title = _(exp.title, lang=lang)
    with plots._style():
        fig = plots._new_figure((7.0, 3.8))
        ax = fig.add_subplot()
        ax.fill_between(x, np.clip(p - 2 * se, 0, 1), np.clip(p + 2 * se, 0, 1),
                        facecolor=plots.PALETTE[5], alpha=0.35,
                        hatch="..", edgecolor=plots.PALETTE[5], linewidth=0,
                        label=(_("exact ± 2 standard deviations of the relative frequency",
                                 lang=lang) if decimal else
                               _("exact ± 2 standard errors", lang=lang)))
        ax.axhline(p, color=plots.PALETTE[3], linestyle="--", linewidth=1.6,
                   label=_("exact probability {p}", lang=lang, p=share_text(p, lang, decimal)))
        ax.plot(x, freq, color=plots.PALETTE[0], marker="o", linewidth=1.4,
                label=_("class's pooled relative frequency", lang=lang))
        ax.set_xticks(x)
        ax.set_ylim(0, max(1e-9, min(1.0, max(float(freq.max()), p + 2 * float(se[0])) * 1.15)))
        ax.legend(loc="best", fontsize=9)
        last = rows[-1]
        # one group is singular in English ("after 1 group")
        if exp.band_points:
            said = (N_("Pooled frequency after {groups} group: {freq} over {trials} trials; "
                       "exact {p}, band ± {points} percentage points (2 SE).")
                    if last.groups == 1 else
                    N_("Pooled frequency after {groups} groups: {freq} over {trials} trials; "
                       "exact {p}, band ± {points} percentage points (2 SE)."))
        else:
            said = (N_("Pooled frequency after {groups} group: {freq} over {trials} "
                       "trials; exact {p}, band ± {band}.") if last.groups == 1 else
                    N_("Pooled frequency after {groups} groups: {freq} over {trials} "
                       "trials; exact {p}, band ± {band}."))
        alt = _(exp.word(said), lang=lang, groups=last.groups,
                freq=share_text(last.frequency, lang, decimal),
                trials=fmt_int(last.trials, lang), p=share_text(p, lang, decimal),
                band=share_text(2 * last.se, lang, decimal),
                points=fmt_number(200 * last.se, 1, lang))
        return plots._finish(fig, ax, xlabel, ylabel, title, alt, lang)


class Pool(_Widget):
    """Pool the class's counts (teacher) or make a group's share code (``role="group"``).

    The teacher pastes a group's share code (Enter or **Add this code**) or types its
    name or number and counts; bad entries (negative counts, more successes than trials,
    another experiment's code, a typo, a code added twice) get a message and are not added.
    Each group counts once, whether its counts were typed or came from its code: a second
    entry of a group already in the pool, with other counts, replaces its counts only when
    the teacher adds it a second time (the first time says so).

    >>> pool = Pool(SIX_AFTER_THREE, lang="en")
    >>> pool.add_counts("3", "20", "A"); pool.add_code(share_code(SIX_AFTER_THREE, 5, 24, "B"))
    >>> pool.add_code(share_code(SIX_AFTER_THREE, 5, 24, "C"))  # same counts, another group
    >>> [(r.successes, r.trials) for r in pool.rows()]
    [(3, 20), (8, 44), (13, 68)]
    >>> pool.add_code(share_code(SIX_AFTER_THREE, 5, 24, "B"))
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: this code was already added (group B, successes: ...
    >>> pool.add_code(share_code(SIX_AFTER_THREE, 4, 20, "A"))  # group A's counts were typed
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: group A is already in the pool (successes: 3, tri...
    >>> pool.add_counts("30", "20", "D")
    Traceback (most recent call last):
    ...
    dicelab.ui.teaching.numbers.TeachingError: more successes (30) than trials (20): check the c...
    """

    def __init__(self, experiment: Experiment, *, role: str = "teacher",
                 lang: str | None = None, decimal: bool = False) -> None:
        w = _w()
        #: frequencies and probabilities as decimals, not percentages (:func:`share_text`)
        self.decimal = decimal
        if role not in ("teacher", "group"):
            raise TeachingError(N_("role must be 'teacher' or 'group'; got {value}"),
                                value=brief(role))
        self.exp = experiment
        self.role = role
        self.lang = lang
        #: (label, successes, trials) of each group added, in order.
        self.entries: list[tuple[str, int, int]] = []
        # the group name of each entry (group_name), and whether it came from a share code
        self._groups: list[str] = []
        self._coded: list[bool] = []
        # an entry whose group is already in the pool, with other counts: added again, it
        # replaces them
        self._pending: GroupCounts | None = None
        # the code box was emptied by the code just added (a click on Add this code right
        # after Enter adds nothing and says nothing)
        self._just_added = False
        L = lang
        self.title = w.HTML(f"<p><b>{_esc(_(experiment.title, lang=L))}</b></p>")
        self.trials = w.Text(placeholder=_(experiment.trials_label, lang=L),
                             description=_(experiment.boxes[0], lang=L))
        self.trials.add_class("dicelab-pool-trials")
        if experiment.boxes[0] != N_("trials"):  # a lesson's longer labels shown whole
            self.trials.style = {"description_width": "initial"}
        self.successes = w.Text(placeholder=_(experiment.successes_label, lang=L),
                                description=_(experiment.boxes[1], lang=L))
        self.successes.add_class("dicelab-pool-successes")
        if experiment.boxes[1] != N_("successes"):
            self.successes.style = {"description_width": "initial"}
        help_line = _("trials: {t}; successes: {s}.", lang=L, t=_(experiment.trials_label, lang=L),
                      s=_(experiment.successes_label, lang=L))
        help_text = w.HTML("" if experiment.words else "<p>" + _esc(help_line) + "</p>")
        self.message = w.HTML()
        self.message.add_class("dicelab-message")
        self.out = w.HTML()
        self.out.add_class("dicelab-chart")
        if role == "group":
            self.group = w.Text(placeholder=_(experiment.word(N_("your group's number or name")),
                                              lang=L),
                                description=_(experiment.boxes[2], lang=L))
            self.group.add_class("dicelab-pool-group")
            self.make = _button(description=_("Make my share code", lang=L),
                                 button_style="primary")
            self.make.add_class("dicelab-pool-make")
            self.code_view = w.HTML()
            self.code_view.add_class("dicelab-pool-code")
            self.make.on_click(self.guarded(lambda _b: self.make_code()))
            self.widget = w.VBox([self.title, help_text, self.group, self.trials,
                                  self.successes, self.make, self.message, self.code_view])
        else:
            # typed counts name their group too: a later code of that group is the same group
            self.group = w.Text(placeholder=_(experiment.word(N_("the group's number or name")),
                                              lang=L),
                                description=_(experiment.boxes[2], lang=L))
            self.group.add_class("dicelab-pool-group")
            self.add = _button(description=_(experiment.word(N_("Add this group")), lang=L),
                               button_style="primary")
            self.add.add_class("dicelab-pool-add")
            self.code = w.Text(placeholder=_(experiment.word(N_("or paste a group's share code")),
                                             lang=L),
                               description=_("code", lang=L))
            self.code.add_class("dicelab-pool-codebox")
            self.add_code_button = _button(description=_("Add this code", lang=L))
            self.add_code_button.add_class("dicelab-pool-addcode")
            self.undo = _button(description=_(experiment.word(N_("Remove the last group")), lang=L))
            self.undo.add_class("dicelab-pool-undo")
            self.add.on_click(self.guarded(lambda _b: self.add_counts(
                self.successes.value, self.trials.value, self.group.value)))
            self.add_code_button.on_click(self.guarded(lambda _b: self.submit_code()))
            # Enter in the code box: the browser sends {"event": "submit"} (ipywidgets 8 no
            # longer has on_submit); the box's value is sent as it is typed, before
            self.code.on_msg(self._code_box_message)
            self.code.observe(self._code_box_changed, names="value")
            self.undo.on_click(self.guarded(lambda _b: self.remove_last()))
            # rows that wrap: at phone width the boxes and buttons go under one another
            wrap = w.Layout(flex_flow="row wrap")
            self.widget = w.VBox([self.title, help_text,
                                  w.HBox([self.group, self.trials, self.successes, self.add],
                                         layout=wrap),
                                  w.HBox([self.code, self.add_code_button, self.undo],
                                         layout=wrap),
                                  self.message, self.out])
        self.widget.add_class("dicelab-pool")

    def make_code(self) -> str:
        """The group's share code for the group name and counts in the boxes (shown in the
        widget)."""
        s, t = check_counts(self.successes.value, self.trials.value)
        code = share_code(self.exp, s, t, self.group.value)
        says = _("Your share code (give it to your teacher):", lang=self.lang)
        self.code_view.value = (
            f"<p>{_esc(says)} <code style='font-size:1.3em'>{code}</code></p>")
        self.say("")
        return code

    def add_counts(self, successes: Any, trials: Any, group: Any) -> None:
        """Add a group's counts typed by hand, with its name or number (:func:`group_name`):
        a :class:`TeachingError` if they are bad, and nothing is added.  A group already in
        the pool is treated as in :meth:`add_code`."""
        s, t = check_counts(successes, trials)
        self._take(GroupCounts(group_name(group), s, t), coded=False)

    def add_code(self, code: Any) -> None:
        """Add a group from its share code (refused if foreign, mistyped or already added).

        A group already in the pool with other counts is refused once, with a message; the
        same code added again right after replaces that group's counts (a group that counted
        again)."""
        got = read_share_code(self.exp, code)
        self._take(got, coded=True)
        if self.role == "teacher":
            self.code.value = ""
            self._just_added = True

    def submit_code(self) -> None:
        """What Enter in the code box and **Add this code** do: add the code in the box.  A
        click right after Enter added the code (the box emptied) adds nothing again."""
        if self._just_added and not self.code.value.strip():
            return
        self._just_added = False
        self.add_code(self.code.value)

    def _code_box_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.guarded(lambda: self.submit_code())()

    def _code_box_changed(self, change: Any) -> None:
        """A new code in the box: the last message no longer answers it (it is cleared), and
        a refused code waiting to be added again is forgotten."""
        if not change["new"]:  # emptied by the code just added
            return
        self._just_added = False
        self._pending = None
        if self.message.value:
            self.say("")

    def _label(self, group: str) -> str:
        return _(self.exp.unit, lang=self.lang, n=group)

    def _take(self, got: GroupCounts, coded: bool) -> None:
        """Add ``got`` (typed counts or a share code's), or refuse it, or replace the counts
        of its group on a second try."""
        label = self._label(got.group)
        if got.group not in self._groups:
            self._pending = None
            self.entries.append((label, got.successes, got.trials))
            self._groups.append(got.group)
            self._coded.append(coded)
            self._added(label)
            return
        i = self._groups.index(got.group)
        _old, s, t = self.entries[i]
        group = Phrase(self.exp.unit, n=got.group)
        if (s, t) == (got.successes, got.trials):
            self._pending = None
            if coded and self._coded[i]:
                raise TeachingError(
                    N_("this code was already added ({group}, successes: {s}, trials: {t}); "
                       "if another group made it, that group makes a new code with another "
                       "group name"), group=group, s=s, t=t)
            raise TeachingError(
                N_("{group} is already in the pool with these counts (successes: {s}, "
                   "trials: {t}): nothing is added; if it is another group, give it another "
                   "group name"), group=group, s=s, t=t)
        if self._pending != got:
            self._pending = got
            if coded:
                raise TeachingError(
                    N_("{group} is already in the pool (successes: {s}, trials: {t}): add this "
                       "code again to replace them; if it is another group, it makes a new "
                       "code with another group name"), group=group, s=s, t=t)
            raise TeachingError(
                N_("{group} is already in the pool (successes: {s}, trials: {t}): add these "
                   "counts again to replace them; if it is another group, give it another "
                   "group name"), group=group, s=s, t=t)
        self._pending = None
        self.entries[i] = (label, got.successes, got.trials)
        self._coded[i] = coded
        self._replaced(label, (s, t), coded)

    def remove_last(self) -> None:
        """Remove the last group added (its name is free again)."""
        if not self.entries:
            raise TeachingError(N_("no group to remove"))
        self._pending = None
        self.entries.pop()
        self._groups.pop()
        self._coded.pop()
        self._added(None)

    def rows(self) -> list[PoolRow]:
        return pooled([(s, t) for _g, s, t in self.entries], self.exp.p)

    def _replaced(self, label: str, before: tuple[int, int], coded: bool = True) -> None:
        s, t = before
        last = self.rows()[-1]
        words = (N_("{group}: the new code replaced its earlier counts (successes: {s}, "
                    "trials: {t}). Pooled: trials {pt}, successes {ps}, frequency {f} (exact "
                    "{p}).") if coded else
                 N_("{group}: the new counts replaced its earlier counts (successes: {s}, "
                    "trials: {t}). Pooled: trials {pt}, successes {ps}, frequency {f} (exact "
                    "{p})."))
        self.say(_(self.exp.word(words), lang=self.lang, group=label, s=fmt_int(s, self.lang),
                   t=fmt_int(t, self.lang), ps=fmt_int(last.successes, self.lang),
                   pt=fmt_int(last.trials, self.lang),
                   f=share_text(last.frequency, self.lang, self.decimal),
                   p=share_text(float(self.exp.p), self.lang, self.decimal)), "ok")
        self._redraw()

    def _added(self, label: str | None) -> None:
        if label is not None:
            last = self.rows()[-1]
            self.say(_(self.exp.word(N_("{group} added. Pooled: trials {t}, successes {s}, "
                                        "frequency {f} (exact {p}).")), lang=self.lang,
                       group=label, s=fmt_int(last.successes, self.lang),
                       t=fmt_int(last.trials, self.lang),
                       f=share_text(last.frequency, self.lang, self.decimal),
                       p=share_text(float(self.exp.p), self.lang, self.decimal)), "ok")
        else:
            self.say(_(self.exp.word(N_("Last group removed.")), lang=self.lang))
        self._redraw()

    def _redraw(self) -> None:
        """The teacher's chart of the pool as it is now (none when it is empty)."""
        if self.role == "teacher":
            from dicelab.render import plots

            rows = self.rows()
            fig = (pool_chart(self.exp, rows, self.lang, decimal=self.decimal)
                   if rows else None)
            self.out.value = (plots.chart_html(fig) + self._difference_html(rows)
                              if fig is not None else "")

    def _difference_html(self, rows: Sequence[PoolRow]) -> str:
        """The line under the teacher's chart computing ``f − p`` when the experiment asks
        for it (:attr:`Experiment.difference`), else nothing."""
        if self.exp.difference is None or not rows:
            return ""
        return "<p class=\"dicelab-pool-difference\"><b>" + _esc(
            difference_line(self.exp, rows[-1].frequency, self.lang)) + "</b></p>"
