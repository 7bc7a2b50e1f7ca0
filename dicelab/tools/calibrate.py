"""The review's calibration, a developer tool: simulate the calibrating policies through the
review machinery and store each game's mean loss per decision
(:data:`dicelab.analysis.review.CALIBRATION_FILE`, which the runtime only reads), and write
the calibration table into ``docs/teachers.md``.

    python -m dicelab.tools.calibrate calibrate [GAMES]      # every game, solo (slow)
    python -m dicelab.tools.calibrate update GAME PLAYERS GAMES [POLICY,…]
    python -m dicelab.tools.calibrate docs [PATH]            # the table of docs/teachers.md
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
    MIN_DECISIONS,
    RANDOM_QUANTILE,
    RATING_BANDS,
    _loss_plain,
    calibration,
    rating_bounds,
)
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import _, get_language
from dicelab.core.objectives import objective_loss_unit
from dicelab.registry import GAME_NAMES, GAMES, get
from dicelab.registry import keys as registry_keys
from dicelab.tools.docgen import md_table

__all__ = [
    "CHECK_CASE",
    "DOC_END",
    "DOC_START",
    "calibrate",
    "calibration_markdown",
    "update_calibration",
    "update_teachers_doc",
    "write_calibration",
]


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
    """Mean loss per decision of each policy over ``games`` simulated games.

    Each game is played with the game's :class:`Game` runner (seed ``seed + i``), then
    reviewed by :func:`dicelab.analysis.review.review` (``why=False``): the same machinery
    as a student's review.
    Returns ``{policy: {"mean_loss": …, "decisions": …, "games": …, "low": …}}``; the
    mean is over every decision of every game; ``low`` is the :data:`RANDOM_QUANTILE`
    quantile of the per-game means (games of at least :data:`MIN_DECISIONS` decisions).
    A game still running after ``max_steps`` actions (random play can take long) is
    reviewed as far as it went.  ``players=2``: both seats play the policy, seat 0 is
    reviewed in the two-player objective (``p_duel``).

    >>> c = calibrate("trwavril", games=2, seed=0, policies=("optimal", "random"))
    >>> c["optimal"]["mean_loss"], c["random"]["mean_loss"] > 0.01
    (0.0, True)
    """
    info = get(game_key)
    mod = info.module
    rules = mod.Rules() if rules is None else rules
    out: dict[str, dict[str, float]] = {}
    objective = "p_duel" if players == 2 else None
    for name in policies:
        total, count = 0.0, 0
        unit = None
        means: list[float] = []
        for i in range(games):
            policy = _policy(info.key, name, seed + i, players)
            g = mod.Game(rules=rules, players=players, seed=seed + i)
            for _step in range(max_steps):
                if g.is_over:
                    break
                g.apply(policy(g.state))
            r = review.review(g, lang="en", why=False, players=(0,), objective=objective)
            unit = r.unit
            losses = [x.loss for x in r.rows if x.unit == r.unit]
            total += sum(losses)
            count += len(losses)
            if len(losses) >= MIN_DECISIONS:
                means.append(sum(losses) / len(losses))
        out[name] = {"mean_loss": total / count if count else 0.0, "decisions": count,
                     "games": games, "seed": seed, "unit": unit,
                     "low": _quantile(means, RANDOM_QUANTILE)}
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


#: The small case stored with the calibration, recomputed exactly by the tests.  Only the
#: policies whose games do not hang on exact ties between equally good choices: the
#: optimal player (its loss is 0 whichever tie it takes) and the random one.  The greedy
#: and rule-of-thumb players pick among choices the engine values equal up to rounding
#: (e.g. keep 2 2 or keep 4 4 for the turn alone), so a change in the engine's arithmetic
#: may send their games elsewhere: re-run the calibration after engine changes.
#: Its game is the registry's first (the fastest to play: turns of one manche).
CHECK_CASE = {"game": GAMES[0].key, "games": 3, "seed": 0, "policies": ("optimal", "random")}


def write_calibration(games: int = 200, seed: int = 0,
                      keys: Iterable[str] | None = None,
                      path: Path = CALIBRATION_FILE) -> dict[str, Any]:
    """Compute the calibration of every game (``keys``; default: every registered game;
    default rules, solo) and store it, with
    :data:`CHECK_CASE` computed by the same code (the tests recompute it)."""
    data: dict[str, Any] = {"format": "dicelab-review-calibration", "version": 1,
                            "games": {}}
    for k in registry_keys() if keys is None else keys:
        data["games"][k] = calibrate(k, games=games, seed=seed)
    data["check"] = {**CHECK_CASE, "result": calibrate(
        CHECK_CASE["game"], games=CHECK_CASE["games"], seed=CHECK_CASE["seed"],
        policies=CHECK_CASE["policies"])}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    review.stored_calibration.cache_clear()
    return data


def update_calibration(key: str, *, players: int = 1, games: int = 200, seed: int = 0,
                       policies: Sequence[str] = tuple(CALIBRATION_POLICIES),
                       path: Path = CALIBRATION_FILE) -> dict[str, Any]:
    """Recompute some policies of one game's calibration (solo, or ``players=2``: the
    two-player table ``"duel"``) and store them, keeping the rest of the file."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {
        "format": "dicelab-review-calibration", "version": 1, "games": {}}
    section = data.setdefault("duel" if players == 2 else "games", {})
    section.setdefault(key, {}).update(calibrate(key, games=games, seed=seed,
                                                 policies=policies, players=players))
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    review.stored_calibration.cache_clear()
    return data


DOC_START = "<!-- review-calibration: computed by `python -m dicelab.tools.calibrate docs` -->"
DOC_END = "<!-- /review-calibration -->"


def calibration_markdown(lang: str | None = "en") -> str:
    """The calibration table of every game (Markdown, between the markers of
    ``docs/teachers.md``): each policy's mean loss per decision and the band bounds."""
    lang = get_language(lang)
    header = [_("game", lang=lang), _("loss per decision in", lang=lang)]
    header += [_(label, lang=lang) for label in CALIBRATION_POLICIES.values()]
    header += [_("{band} up to", lang=lang, band=_(dict(RATING_BANDS)[k], lang=lang))
               for k, _b in rating_bounds(next(iter(calibration()), ""))]
    header += [_("games simulated", lang=lang)]
    rows = []
    stored = calibration()
    for key in [k for k in GAME_NAMES if k in stored]:
        cal = stored[key]
        unit = next((c.get("unit") for c in cal.values() if c.get("unit")), "p_win")
        row = [GAME_NAMES[key], objective_loss_unit(unit, lang)]
        for name in CALIBRATION_POLICIES:
            cell = _loss_plain(unit, cal[name]["mean_loss"], lang) if name in cal else "—"
            if name == "rule":
                cell += f" ({_(_RULE_NAMES[key], lang=lang)})"
            row.append(cell)
        row += [_loss_plain(unit, b, lang) for _k, b in rating_bounds(key)]
        row.append(str(int(next(iter(cal.values()))["games"])))
        rows.append(row)
    return f"{DOC_START}\n{md_table(header, rows)}\n{DOC_END}"


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
        data = write_calibration(games=games)
        print(json.dumps(data, indent=1))
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
    print("usage: python -m dicelab.tools.calibrate calibrate [GAMES] | "
          "update GAME PLAYERS GAMES [POLICY,…] | docs [PATH]")
    return 2



if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))

