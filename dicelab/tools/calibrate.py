"""The review's calibration, a developer tool: simulate the calibrating policies through the
review machinery, store each simulated game's non-trivial decisions, loss and stakes, and
set each game's fixed rating bands from them (:func:`bands`), in
:data:`dicelab.analysis.review.CALIBRATION_FILE`, which the runtime only reads; write the
band table into ``docs/teachers.md`` (``docs/rules.md`` and ``docs/fr/regles.md`` show it
too, through ``dicelab.tools.docgen``).

    python -m dicelab.tools.calibrate calibrate [GAMES] [DUEL_GAMES]   # every game (slow)
    python -m dicelab.tools.calibrate update GAME PLAYERS GAMES [POLICY,…]
    python -m dicelab.tools.calibrate docs [PATH]            # the table of docs/teachers.md

**How the bands are set** (:func:`bands`; the measure is the share of the stakes lost,
:func:`dicelab.analysis.review.stake_share`, one value per simulated game of at least one
non-trivial decision).  The two sensible policies, greedy and the rule of thumb, are taken
in the order of their median game (whichever that is: in some games greedy loses less,
in others more); call them the better one A and the other B.

* *no better than chance* starts at the random player's :data:`CHANCE_QUANTILE`
  quantile: only 2 % of the random player's games fall below it;
* *expert* up to the lower of B's :data:`LOW` quantile and A's median (if that is 0 or
  not below the next bound: half the next bound);
* *strong* up to the higher of A's :data:`HIGH` quantile and B's :data:`LOW` quantile
  (at most :data:`STRONG_CAP` of where chance starts): A lands in *expert* or *strong* in
  a share :data:`HIGH` of its games;
* *fair* up to B's :data:`HIGH` quantile (halfway from *strong* to chance if that is
  not between them): B lands in *strong* and *fair*, or *fair* and *beginner*, in the
  share ``HIGH - LOW`` of its games between its two quantiles;
* *beginner* up to where chance starts.

The optimal player loses nothing, so it is always *expert*.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from dicelab.analysis import policies as _policies
from dicelab.analysis import review
from dicelab.analysis.review import (
    _RULE_NAMES,
    CALIBRATION_FILE,
    CALIBRATION_POLICIES,
    RATING_BANDS,
    calibration,
    rating_bounds,
)
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, fmt_percent, get_language
from dicelab.registry import GAME_NAMES, GAMES, get
from dicelab.registry import keys as registry_keys
from dicelab.tools.markdown import md_table

__all__ = [
    "CHANCE_QUANTILE",
    "CHECK_CASE",
    "DOC_END",
    "DOC_START",
    "HIGH",
    "LOW",
    "STRONG_CAP",
    "bands",
    "calibrate",
    "calibration_markdown",
    "shares",
    "update_calibration",
    "update_teachers_doc",
    "write_calibration",
]

#: *No better than chance* starts at this quantile of the random player's games.
CHANCE_QUANTILE = 0.02
#: The sensible players' low and high quantiles that set the bands (see the module).
LOW, HIGH = 0.03, 0.97
#: *Strong* ends at most at this fraction of where chance starts.
STRONG_CAP = 0.8


def _policy(game_key: str, name: str, seed: int, players: int = 1) -> Any:
    if name not in CALIBRATION_POLICIES:
        raise DicelabError("unknown policy {name}; choose one of {names}", name=brief(name),
                           names=", ".join(CALIBRATION_POLICIES))
    if name == "optimal" and players == 2:  # two players: the optimal player plays to win
        return _policies.duel_optimal()
    return _policies.for_kind(name, game_key, seed)


def calibrate(game_key: str, games: int = 20, seed: int = 0, *,
              policies: Sequence[str] = tuple(CALIBRATION_POLICIES),
              rules: Any = None, max_steps: int = 5_000,
              players: int = 1) -> dict[str, dict[str, float]]:
    """Simulate ``games`` games of each policy and review them.

    Each game is played with the game's :class:`Game` runner (seed ``seed + i``), then
    reviewed by :func:`dicelab.analysis.review.review` (``why=False``): the same machinery
    as a student's review.  Returns ``{policy: {"samples": …, "share": …, "mean_loss": …,
    "decisions": …, "games": …, "seed": …, "unit": …}}``: ``samples`` has one
    ``[non-trivial decisions, loss, stakes]`` per game (sums over its non-trivial
    decisions), ``share`` is the policy's share of the stakes lost over all its games,
    ``mean_loss`` its mean loss per decision.  A game still running after ``max_steps``
    actions (random play can take long) is reviewed as far as it went.  ``players=2``:
    both seats play the policy, seat 0 is reviewed in the two-player objective
    (``p_duel``).

    >>> c = calibrate("trwavril", games=2, seed=0, policies=("optimal", "random"))
    >>> c["optimal"]["share"], c["random"]["share"] > 0.1
    (0.0, True)
    """
    info = get(game_key)
    mod = info.rules
    rules = mod.Rules() if rules is None else rules
    out: dict[str, dict[str, Any]] = {}
    objective = "p_duel" if players == 2 else None
    for name in policies:
        total, count = 0.0, 0
        unit = None
        samples: list[list[float]] = []
        for i in range(games):
            policy = _policy(info.key, name, seed + i, players)
            g = mod.Game(rules=rules, players=players, seed=seed + i)
            for _step in range(max_steps):
                if g.is_over:
                    break
                g.apply(policy(g.state))
            r = review.review(g, lang="en", why=False, players=(0,), objective=objective)
            unit = r.unit
            rows = [x for x in r.rows if x.unit == r.unit]
            total += sum(x.loss for x in rows)
            count += len(rows)
            hard = [x for x in rows if review.non_trivial(x)]
            samples.append([len(hard), float(f"{sum(x.loss for x in hard):.9g}"),
                            float(f"{sum(x.spread for x in hard):.9g}")])
        stakes = sum(x[2] for x in samples)
        out[name] = {"mean_loss": total / count if count else 0.0, "decisions": count,
                     "games": games, "seed": seed, "unit": unit, "samples": samples,
                     "share": sum(x[1] for x in samples) / stakes if stakes else 0.0}
    return out


def _quantile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (linear interpolation; 0 for none).

    >>> _quantile([3.0, 1.0, 2.0], 0.5), _quantile([], 0.1)
    (2.0, 0.0)
    """
    ys = sorted(xs)
    if not ys:
        return 0.0
    k = (len(ys) - 1) * q
    i = int(k)
    j = min(i + 1, len(ys) - 1)
    return ys[i] + (ys[j] - ys[i]) * (k - i)


def shares(entry: dict[str, Any]) -> list[float]:
    """A policy's per-game shares of the stakes lost (games with a non-trivial decision).

    >>> shares({"samples": [[2, 0.1, 0.4], [0, 0.0, 0.0]]})
    [0.25]
    """
    return [loss / stakes if stakes > 0 else 0.0
            for n, loss, stakes in entry["samples"] if n > 0]


def bands(cal: dict[str, Any]) -> dict[str, float]:
    """The fixed bands of one game from its calibration (``{policy: {"samples": …}}``):
    each band's upper bound, a share of the stakes lost (see the module for how).

    The two sensible policies may come in either order:

    >>> g = {"samples": [[9, x, 1.0] for x in (0.0, 0.01, 0.02, 0.03)]}
    >>> r = {"samples": [[9, x, 1.0] for x in (0.08, 0.10, 0.12, 0.14)]}
    >>> z = {"samples": [[9, x, 1.0] for x in (0.40, 0.45, 0.50)]}
    >>> b = bands({"greedy": g, "rule": r, "random": z})
    >>> b == bands({"greedy": r, "rule": g, "random": z})
    True
    >>> [round(b[k], 4) for k in ("expert", "strong", "fair", "beginner")]
    [0.015, 0.0818, 0.1382, 0.402]
    """
    sensible = sorted(("greedy", "rule"), key=lambda p: (_quantile(shares(cal[p]), 0.5),
                                                        sorted(shares(cal[p]))))
    a, b = (shares(cal[p]) for p in sensible)
    chance = _quantile(shares(cal["random"]), CHANCE_QUANTILE)
    strong = min(max(_quantile(a, HIGH), _quantile(b, LOW)), STRONG_CAP * chance)
    expert = min(_quantile(b, LOW), _quantile(a, 0.5))
    if not 0 < expert < strong:
        expert = strong / 2
    fair = _quantile(b, HIGH)
    if not strong < fair < chance:
        fair = (strong + chance) / 2
    return {"expert": expert, "strong": strong, "fair": fair, "beginner": chance}


#: The small case stored with the calibration, recomputed exactly by the tests.  Only the
#: policies whose games do not hang on exact ties between equally good choices: the
#: optimal player (its loss is 0 whichever tie it takes) and the random one.  The greedy
#: and rule-of-thumb players pick among choices the engine values equal up to rounding
#: (e.g. keep 2 2 or keep 4 4 for the turn alone), so a change in the engine's arithmetic
#: may send their games elsewhere: re-run the calibration after engine changes.
#: Its game is the registry's first (the fastest to play: turns of one manche).
CHECK_CASE = {"game": GAMES[0].key, "games": 3, "seed": 0, "policies": ("optimal", "random")}

_EMPTY = {"format": "dicelab-review-calibration", "version": 2, "games": {}, "duel": {},
          "bands": {"games": {}, "duel": {}}}


def _set_bands(data: dict[str, Any]) -> None:
    data["bands"] = {section: {k: bands(cal) for k, cal in data.get(section, {}).items()
                               if all(p in cal for p in ("greedy", "rule", "random"))}
                     for section in ("games", "duel")}


def _write(data: dict[str, Any], path: Path) -> None:
    _set_bands(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=None, sort_keys=True, separators=(",", ":"))
                    .replace('},"', '},\n"') + "\n", encoding="utf-8")
    review.stored_calibration.cache_clear()


def write_calibration(games: int = 200, seed: int = 0,
                      keys: Iterable[str] | None = None,
                      path: Path = CALIBRATION_FILE, duel_games: int = 60) -> dict[str, Any]:
    """Compute the calibration of every game (``keys``; default: every registered game;
    default rules), solo (``games`` games per policy) and with two players
    (``duel_games``), set the bands and store it all, with :data:`CHECK_CASE` computed by
    the same code (the tests recompute it)."""
    data: dict[str, Any] = json.loads(json.dumps(_EMPTY))
    for k in registry_keys() if keys is None else keys:
        data["games"][k] = calibrate(k, games=games, seed=seed)
        if duel_games and get(k).two_player:
            data["duel"][k] = calibrate(k, games=duel_games, seed=seed, players=2)
    data["check"] = {**CHECK_CASE, "result": calibrate(
        CHECK_CASE["game"], games=CHECK_CASE["games"], seed=CHECK_CASE["seed"],
        policies=CHECK_CASE["policies"])}
    _write(data, path)
    return data


def update_calibration(key: str, *, players: int = 1, games: int = 200, seed: int = 0,
                       policies: Sequence[str] = tuple(CALIBRATION_POLICIES),
                       path: Path = CALIBRATION_FILE) -> dict[str, Any]:
    """Recompute some policies of one game's calibration (solo, or ``players=2``: the
    two-player table ``"duel"``) and store them with the bands set again, keeping the
    rest of the file."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else \
        json.loads(json.dumps(_EMPTY))
    section = data.setdefault("duel" if players == 2 else "games", {})
    section.setdefault(key, {}).update(calibrate(key, games=games, seed=seed,
                                                 policies=policies, players=players))
    _write(data, path)
    return data


DOC_START = "<!-- review-calibration: computed by `python -m dicelab.tools.calibrate docs` -->"
DOC_END = "<!-- /review-calibration -->"


def calibration_markdown(lang: str | None = "en", *, markers: bool = True) -> str:
    """The band table of every game, solo and two players (Markdown): each calibrating
    policy's share of the stakes lost, each band's upper bound, the games simulated.
    ``markers``: between the markers of ``docs/teachers.md``."""
    lang = get_language(lang)
    header = [_("game", lang=lang), _("players", lang=lang)]
    header += [_(label, lang=lang) for label in CALIBRATION_POLICIES.values()]
    header += [_("{band} up to", lang=lang, band=_(name, lang=lang))
               for _k, name in RATING_BANDS[:4]]
    header += [_("games simulated per player", lang=lang)]
    rows = []
    for unit, players in ((None, "1"), ("p_duel", "2")):
        stored = calibration(unit)
        for key in [k for k in GAME_NAMES if k in stored]:
            cal = stored[key]
            row = [GAME_NAMES[key], players]
            for name in CALIBRATION_POLICIES:
                cell = fmt_percent(cal[name]["share"], 1, lang) if name in cal else "—"
                if name == "rule":
                    cell += f" ({_(_RULE_NAMES[key], lang=lang)})"
                row.append(cell)
            row += [fmt_percent(b, 2, lang) for _k, b in rating_bounds(key, unit)]
            row.append(str(int(next(iter(cal.values()))["games"])))
            rows.append(row)
    table = md_table(header, rows)
    return f"{DOC_START}\n{table}\n{DOC_END}" if markers else table


def update_teachers_doc(path: str | Path = "docs/teachers.md") -> bool:
    """Replace the calibration table between the markers of ``path``; True if it changed."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if DOC_START not in text or DOC_END not in text:
        raise DicelabError("no calibration markers in {path}", path=str(path))
    a, b = text.index(DOC_START), text.index(DOC_END) + len(DOC_END)
    new = text[:a] + calibration_markdown() + text[b:]
    path.write_text(new, encoding="utf-8")
    return new != text


def _main(argv: Sequence[str]) -> int:  # pragma: no cover - developer tool
    if argv[:1] == ["calibrate"]:
        games = int(argv[1]) if len(argv) > 1 else 200
        duel = int(argv[2]) if len(argv) > 2 else 60
        data = write_calibration(games=games, duel_games=duel)
        print(json.dumps(data["bands"], indent=1))
        return 0
    if argv[:1] == ["update"]:  # update GAME PLAYERS GAMES [POLICY,…]
        pols = argv[4].split(",") if len(argv) > 4 else tuple(CALIBRATION_POLICIES)
        update_calibration(argv[1], players=int(argv[2]), games=int(argv[3]),
                           policies=pols)
        return 0
    if argv[:1] == ["docs"]:
        changed = update_teachers_doc(argv[1] if len(argv) > 1 else "docs/teachers.md")
        print("docs/teachers.md " + ("updated" if changed else "unchanged"))
        return 0
    print("usage: python -m dicelab.tools.calibrate calibrate [GAMES] [DUEL_GAMES] | "
          "update GAME PLAYERS GAMES [POLICY,…] | docs [PATH]")
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))
