"""Each game's app: its board, its resolution prompts, its buttons and its overlay."""

from __future__ import annotations

import importlib
import random
import re

import pytest

pytest.importorskip("ipywidgets")

from dicelab.core.i18n import set_language  # noqa: E402
from dicelab.core.objectives import format_objective  # noqa: E402
from dicelab.engine import dripeul as dripeul_odds
from dicelab.engine import seveny as seveny_odds
from dicelab.games import cinqmille, dripeul, seveny  # noqa: E402
from dicelab.games._base import Bank, Roll, Stop  # noqa: E402
from dicelab.registry import REGISTRY  # noqa: E402
from dicelab.ui.text import fmt_loss, shown_loss  # noqa: E402
from dicelab.ui.widgets import play as _play  # noqa: E402
from dicelab.ui.widgets.overlay import read_rows as rows  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language(None)


def play(game, **kw):
    """The app without the coach prompt (random clicks would be questioned)."""
    kw.setdefault("coach_prompt", False)
    return _play(game, **kw)


def has_engine(module) -> bool:
    try:
        importlib.import_module(f"dicelab.engine.{module.__name__.rsplit('.', 1)[-1]}")
    except ImportError:
        return False
    return True


def at(key, dice, seed=1, **kw):
    app = play(key, seed=seed, **kw)
    assert app.roll(), app.message.value
    assert app.teacher_set_dice(" ".join(map(str, dice))), app.message.value
    return app


def click_randomly(app, seed, limit=20_000):
    """Play to the end through the widgets only: toggles, then an enabled button."""
    rng = random.Random(seed)
    for _ in range(limit):
        if app.state.is_over:
            return
        if app.resolve_buttons:
            rng.choice(app.resolve_buttons).click()
            continue
        for t in app.dice_row.die_toggles:
            if not t.disabled:
                t.value = rng.random() < 0.5
        buttons = [b for b in (app.roll_button, app.stop_button, app.bank_button)
                   if not b.disabled and b.layout.display != "none"]
        if buttons:
            rng.choice(buttons).click()


def click_best(app, module, limit=5_000):
    """Play to the end through the widgets, toggling the dice the best choice keeps."""
    module = getattr(module, "advise_state", None) and module or importlib.import_module(
        f"dicelab.engine.{app.game_key}")
    for _ in range(limit):
        if app.state.is_over:
            return
        if app.is_computer():
            app.computer_button.click()
            continue
        if app.resolve_buttons:
            best = module.advise_state(app.state).best
            app.resolve_buttons[app.resolve_choices.index(best.action.choice)].click()
            continue
        if app.state.phase == "start":
            app.roll_button.click()
            continue
        best = module.advise_state(app.state).best
        keep = list(best.action.keep) if hasattr(best.action, "keep") else list(app.state.dice)
        for t, v in zip(app.dice_row.die_toggles, app.state.dice):
            if not t.disabled:
                t.value = v in keep and not keep.remove(v)
            elif t.value:
                keep.remove(v)
        button = {Roll: app.roll_button, Stop: app.stop_button, Bank: app.bank_button}
        button[type(best.action)].click()


# ------------------------------------------------------------------ Dripeul
def test_dripeul_board_squares_triangles_arrows():
    app = play("dripeul", seed=1)
    b = app.board.value
    for s in range(1, 7):
        assert f"● {s}" in b
    assert "[▲ 3]" in b and "△ X" in b and "△ 4" in b and "△ 0" in b
    assert "[➜ 1]" in b and "→ 2" in b and "→ 3" in b
    assert "dicelab-board" in app.board._dom_classes


def test_dripeul_brelan_and_failure_on_board():
    app = at("dripeul", (2, 2, 2, 4, 6))
    app.stop_button.click()
    assert app.state.tokens[0] == (1, 3, 4, 5, 6)
    assert "○ 2 empty" in app.board.value
    app.roll_button.click()
    app.teacher_set_dice("2 2 4 4 6")
    app.stop_button.click()
    assert app.state.triangle[0] == 2
    assert "[▲ 2]" in app.board.value


def test_dripeul_resolution_buttons_match_rules():
    app = at("dripeul", (3, 3, 3, 3, 1))
    app.stop_button.click()
    expected = dripeul.resolutions((3, 3, 3, 3, 1), dripeul.SQUARES)
    assert [b.description for b in app.resolve_buttons] == [
        f"{o.figure}: remove token {o.removed[0]}" for o in expected]
    assert app.resolve_buttons[4].description == "carré: remove token 5"
    app.resolve_buttons[4].click()
    assert app.state.tokens[0] == (1, 2, 3, 4, 6)
    app.roll_button.click()
    app.teacher_set_dice("4 4 4 4 4")
    app.stop_button.click()
    assert "quinté: remove tokens 1 and 2" in [b.description for b in app.resolve_buttons]


def test_dripeul_locked_dice_variant():
    app = at("dripeul", (3, 4, 5, 6, 1), reroll_set_aside=False)
    app.select(0)
    app.roll_button.click()
    assert app.state.locked == (3,)
    first = app.dice_row.die_toggles[0]
    assert first.value and first.disabled and "set aside for good" in first.tooltip
    app.select(1)  # the locked die stays kept
    assert 3 in app.selection()


def test_dripeul_overlay_and_coach():
    if not has_engine(dripeul):
        pytest.skip("the Dripeul exact engine is not there yet")
    app = at("dripeul", (5, 5, 1, 2, 6), show_odds=True)
    adv = dripeul_odds.advise_state(app.state)
    r = rows(app.overlay.body.value)
    assert len(r) == len(adv.choices) == 24  # distinct sub-multisets of 5 5 1 2 6
    assert r[0]["label"] == app.choice_label(adv.best)
    assert r[0]["number"] == "chance to win " + format_objective("p_win", adv.best["p_win"])
    app.select(2, 3)  # keep 1 2: a poor keep
    mine = adv.find(Roll((1, 2)))
    assert [x["label"] for x in rows(app.overlay.body.value) if "◀" in x["marks"]] == [
        "keep 1 2, roll 3 dice"]
    shown = shown_loss("p_win", adv.best["p_win"], mine["p_win"])  # the table's numbers
    assert fmt_loss("p_win", shown, game="dripeul") in app.overlay.sentence.value
    app.roll_button.click()
    assert app.overlay.tally.lost["p_win"] == pytest.approx(mine.loss)


def test_dripeul_two_players_whole_game_with_computer():
    if not has_engine(dripeul):
        pytest.skip("the Dripeul exact engine is not there yet")
    app = play("dripeul", seed=8, players=2, computer={1: "optimal"}, manches=1)
    click_best(app, dripeul)
    assert app.state.is_over and "Game over" in app.status.value
    assert app.overlay.tally.below_best == 0


def test_dripeul_whole_game_by_random_clicks():
    app = play("dripeul", seed=5, players=3)
    click_randomly(app, 5)
    assert app.state.is_over
    assert len(app.state.manche_scores) == 3
    assert "Game over" in app.log.value


# ------------------------------------------------------------------ 5000
def test_cinqmille_bank_needs_opening():
    app = at("cinqmille", (1, 5, 2, 3, 6))
    app.select(0)  # set aside the 1: 100 points, not opened
    assert Roll((1,)) in cinqmille.legal_actions(app.state)
    assert not app.roll_button.disabled
    assert app.bank_button.disabled  # 100 < 750 to open
    assert "Bank:" in app.why.value
    app.select(2)  # a 2 does not score: refused at the click, with the rule's reason
    assert app.selection() == () and app.roll_button.disabled and app.bank_button.disabled
    assert "2 does not score: only 1s and 5s score alone" in app.message.value


def test_cinqmille_bank_after_big_roll():
    app = at("cinqmille", (1, 1, 1, 5, 2))
    app.select(0, 1, 2, 3)  # brelan of 1 (1000) and a 5 (50)
    assert not app.bank_button.disabled
    app.bank_button.click()
    assert app.state.scores == (1050,)
    assert "1050" in app.board.value


def test_cinqmille_board_turn_points_and_aside():
    app = at("cinqmille", (1, 5, 2, 3, 6))
    app.select(0, 1)
    app.roll_button.click()
    b = app.board.value
    assert "Points this turn:</strong> 150" in b
    assert b.count("<svg") == 2 and 'aria-label="1"' in b and 'aria-label="5"' in b
    assert app.dice_row.aside.value.count("<svg") == 2  # set aside: drawn under the dice
    assert len(app.dice_row.die_toggles) == 3
    assert app.dice_row.die_toggles[0].tooltip.endswith("not set aside (key 1)")


def test_cinqmille_whole_game_by_clicks():
    app = play("cinqmille", seed=3)
    click_randomly(app, 3)
    assert app.state.is_over and app.state.scores == (5000,)
    assert "you win" in app.status.value


def test_cinqmille_overlay():
    if not has_engine(cinqmille):
        pytest.skip("the 5000 exact engine is not there yet")
    from dicelab.engine import cinqmille as cinqmille_odds

    app = at("cinqmille", (1, 5, 2, 3, 6), show_odds=True)
    adv = cinqmille_odds.advise_state(app.state)
    r = rows(app.overlay.body.value)
    assert r[0]["label"] == app.choice_label(adv.best) and "★ best" in r[0]["marks"]
    app.select(0)
    marked = [x["label"] for x in rows(app.overlay.body.value) if "◀" in x["marks"]]
    assert marked == [app.choice_label(c) for c in adv.choices
                      if c.action in (Roll((1,)), Bank((1,)))]


def test_cinqmille_whole_game_best_clicks():
    if not has_engine(cinqmille):
        pytest.skip("the 5000 exact engine is not there yet")
    app = play("cinqmille", seed=4)
    click_best(app, cinqmille)
    assert app.state.is_over and app.state.scores == (5000,)
    assert app.overlay.tally.decisions > 0 and app.overlay.tally.below_best == 0
    assert "Coach:" in app.overlay.coach.value


# ------------------------------------------------------------------ Seveny
def test_seveny_settable_buttons():
    app = at("seveny", (1, 6, 2, 2, 3, 4, 5))
    app.select(2)  # a lone 2 cannot be set aside: refused at the click, with the reason
    assert app.selection() == () and app.roll_button.disabled and app.bank_button.disabled
    assert "2s can only be set aside three at a time" in app.message.value
    app.select(0)
    assert not app.roll_button.disabled and not app.bank_button.disabled
    app.bank_button.click()
    assert app.state.scores == (1,)
    assert app.state.phase == "start"


def test_seveny_memorised_points_on_board():
    app = at("seveny", (1, 1, 1, 1, 1, 1, 1))
    app.select(*range(7))
    app.roll_button.click()  # a full cycle: 7 points memorised, 7 new dice
    assert app.state.memorised == seveny.score((1,) * 7) == 7
    assert "Memorised points:</strong> 7" in app.board.value
    assert len(app.dice_row.die_toggles) == 7 or app.state.phase == "start"


def test_seveny_overlay_turns_and_loss():
    if not has_engine(seveny):
        pytest.skip("the Seveny exact engine is not there yet")
    app = at("seveny", (1, 6, 2, 2, 3, 4, 5), show_odds=True)
    adv = seveny_odds.advise_state(app.state)
    assert adv.objective == "expected_turns" and not adv.higher_is_better
    r = rows(app.overlay.body.value)
    assert [x["label"] for x in r] == [app.choice_label(c) for c in adv.choices]
    assert r[0]["number"] == "turns left on average " + format_objective("expected_turns",
                                                            adv.best["expected_turns"])
    app.select(0)
    marked = {x["label"] for x in rows(app.overlay.body.value) if "◀" in x["marks"]}
    assert marked == {"set aside 1, roll 6 dice", "set aside 1 and bank"}
    worst = adv.find(Bank((1,)))
    assert fmt_loss("expected_turns", worst.loss) in app.overlay.sentence.value
    app.bank_button.click()
    assert app.overlay.tally.lost["expected_turns"] == pytest.approx(worst.loss)
    assert "cost" in app.overlay.coach.value


def test_seveny_whole_game_best_clicks():
    if not has_engine(seveny):
        pytest.skip("the Seveny exact engine is not there yet")
    app = play("seveny", seed=2, target=10)
    click_best(app, seveny)
    assert app.state.is_over and app.state.scores[0] >= 10
    assert app.overlay.tally.below_best == 0


def test_seveny_multiplayer_random_clicks():
    app = play("seveny", seed=6, players=3, target=15)
    click_randomly(app, 6)
    assert app.state.is_over
    best = max(app.state.scores)
    assert app.state.winners == tuple(i for i, s in enumerate(app.state.scores) if s == best)


# ------------------------------------------------------------------ all games
@pytest.mark.parametrize("key", list(REGISTRY))
def test_every_app_has_the_parts(key):
    app = play(key, seed=1, players=2)
    assert "dicelab-app" in app.box._dom_classes
    assert not app.roll_button.disabled
    app.roll_button.click()
    assert app.state.dice or app.state.phase == "start"
    module = importlib.import_module(f"dicelab.games.{key}")
    assert set(app.controls.variants.dropdowns) == set(module.Rules.CHOICES)
    assert app.controls.players.count.options[-1] == module.MAX_PLAYERS


@pytest.mark.parametrize("key", list(REGISTRY))
def test_same_seed_same_game_state_after_clicks(key):
    a, b = play(key, seed=31), play(key, seed=31)
    click_randomly(a, 1, limit=30)
    click_randomly(b, 1, limit=30)
    assert a.state == b.state


# ------------------------------------------------------------------ both languages
#: English interface words that must never show in the French app, whole words.
ENGLISH_WORDS = [
    "Roll", "Bank", "Stop", "Show odds", "Hint", "kept", "turn", "turns", "player",
    "players", "score", "choice", "best", "your choice", "expected turns", "Undo",
    "New game", "Seed", "Teacher", "dice", "die", "game", "win", "wins", "lose", "computer",
    "human", "odds", "set aside", "target", "Keys", "the", "and", "you", "your", "left",
    "nothing", "with", "rolls", "keep",
]
#: French interface words that must never show in the English app (the mirror test).
FRENCH_WORDS = [
    "Lancer", "Encaisser", "arrêter", "Indice", "gardé", "tour", "tours", "joueur", "Joueur",
    "meilleure", "décision", "Annuler", "dés", "dé", "partie", "vous", "Vous", "les", "des",
    "et", "avec", "probabilités", "ordinateur", "Graine", "Nouvelle", "pourcentage",
    "chance de gagner", "mis de côté", "Touches", "reste",
]
_STYLE = re.compile(r"<style>.*?</style>|<svg.*?</svg>", re.S)
_ATTR = re.compile(r'(?:title|aria-label)="([^"]*)"')
_TAGS = re.compile(r"<[^>]+>")


def visible_texts(app, with_variants: bool = True) -> list[str]:
    """Every text the app can show: HTML (with tooltips), button, option and title words."""
    import html as html_module

    import ipywidgets as w

    out: list[str] = []
    seen: set[int] = set()
    skip = set()
    if not with_variants:
        skip = {id(dd) for dd in app.controls.variants.dropdowns.values()}
    if not has_rules_labels():
        # the games' own messages (why a selection is refused) and the rules' labels are
        # translated by another part of dicelab (dicelab.ui.labels lands with them)
        skip |= {id(dd) for dd in app.controls.variants.dropdowns.values()} | {id(app.why)}

    def walk(x):
        if id(x) in seen or id(x) in skip:
            return
        seen.add(id(x))
        if isinstance(x, w.HTML):
            v = _STYLE.sub(" ", x.value)
            out.extend(html_module.unescape(t) for t in _ATTR.findall(v))
            out.append(html_module.unescape(_TAGS.sub(" ", v)))
        for name in ("description", "tooltip", "placeholder"):
            v = getattr(x, name, None)
            if isinstance(v, str):
                out.append(v)
        if isinstance(x, w.Dropdown):
            out.extend(str(label) for label in x._options_labels)
        if isinstance(x, w.Accordion):
            out.extend(t for t in x.titles if t)
        for child in getattr(x, "children", ()):
            walk(child)

    walk(app.box)
    for t in app.dice_row.toggles + app.controls.players.seats:
        walk(t)
    for b in (app.bank_button, app.stop_button):
        walk(b)
    return out


def words_found(texts, words) -> set[str]:
    text = "\n".join(texts)
    return {w for w in words if re.search(rf"(?<![\w’']){re.escape(w)}(?![\w’'])", text)}


def play_whole_game(key, lang, seed):
    """One game to the end in ``lang``: two players (the second a random computer), the odds
    shown, hints and the coach prompt used; the texts of every position collected."""
    from dicelab.analysis import policies

    opts = {"dripeul": {"manches": 1}, "seveny": {"target": 20}}.get(key, {})
    app = _play(key, seed=seed, players=2, computer={1: "random"}, auto_computer=True,
                show_odds=True, lang=lang, **opts)
    texts = visible_texts(app)
    best = policies.optimal()
    for i in range(3000):
        if app.state.is_over:
            break
        action = best(app.state)
        if app.has_choice() and i % 3 == 0:
            app.key("h")
            texts += visible_texts(app, with_variants=False)
            if app.state.phase == "choose" and len(app.state.dice) > 1:
                worst = app.advice().choices[-1].action
                if not app.act(worst):  # a costly choice: the coach asks
                    texts += visible_texts(app, with_variants=False)
                    app.prompt_show.click()
                    texts += visible_texts(app, with_variants=False)
                    app.prompt_retry.click()
                else:
                    app.undo()
                    texts += visible_texts(app, with_variants=False)
        app.act(action, confirmed=True)
        texts += visible_texts(app, with_variants=False)
    assert app.state.is_over
    app.overlay.show_odds.value = False
    texts += visible_texts(app)
    app.close()
    return texts


def has_rules_labels() -> bool:
    """The rules' own labels are translated by dicelab.ui.labels (another part's work)."""
    try:
        importlib.import_module("dicelab.ui.labels")
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("key", list(REGISTRY))
def test_french_app_shows_no_english_words(key):
    texts = play_whole_game(key, "fr", seed=3)
    joined = "\n".join(texts)
    assert "Lancer" in joined and "Afficher les probabilités" in joined
    assert "chance" in joined or "tours restants" in joined
    found = words_found(texts, ENGLISH_WORDS)
    assert not found, found


@pytest.mark.parametrize("key", list(REGISTRY))
def test_english_app_shows_no_french_words(key):
    texts = play_whole_game(key, "en", seed=4)
    assert "Show odds" in "\n".join(texts)
    found = words_found(texts, FRENCH_WORDS)
    assert not found, found


_PROGRAM_VALUE = re.compile(r"\b(True|False|None)\b|[\[\]{}_\"]|\(\d+,|'\w*'")


@pytest.mark.parametrize("key", list(REGISTRY))
def test_event_sentences_never_show_program_values(key):
    """Many random games: every event sentence, in both languages, is plain words."""
    from dicelab.analysis import policies
    from dicelab.ui.text import event_sentence

    module = importlib.import_module(f"dicelab.games.{key}")
    kinds = set()
    for seed in range(40):
        players = max(module.MIN_PLAYERS, min(1 + seed % 3, module.MAX_PLAYERS))
        opts = {"seveny": {"target": 20}, "dripeul": {"manches": 1 + seed % 2 * 2}}.get(key, {})
        game = module.Game(rules=module.Rules(**opts), players=players, seed=seed)
        policy = policies.random_legal(seed)
        for _ in range(3000):
            if game.state.is_over:
                break
            game.apply(policy(game.state))
        for event in game.log:
            kinds.add(event["type"])
            for lang in ("en", "fr"):
                text = event_sentence(event, lang, solo=players == 1)
                assert text and not _PROGRAM_VALUE.search(text), (event, text)
                assert "Something happened" not in text and "Il s'est passé" not in text, event
    assert "game_over" in kinds and "roll" in kinds


def test_plural_dice_counts():
    from dicelab.ui.text import event_sentence

    one = {"type": "roll", "player": 0, "dice": [5], "kept": [1, 1, 1, 1], "rolled": [5],
           "rolls_left": 0}
    assert "roll 1 die:" in event_sentence(one, "en")
    assert "relancez 1 dé\xa0:" in event_sentence(one, "fr")
    two = {"type": "roll", "player": 0, "dice": [5, 6], "kept": [], "rolled": [5, 6]}
    assert "2 dice" in event_sentence(two, "en") and "2 dés" in event_sentence(two, "fr")
    app = at("trwavril", (1, 1, 1, 2), lang="fr")
    app.select(0, 1, 2)
    assert app.roll_button.description == "Lancer 1 dé (R)"
    app.select(0)
    assert app.roll_button.description == "Lancer 3 dés (R)"


def test_three_players_odds_say_solo():
    app = at("trwavril", (3, 4, 5, 6), players=3, show_odds=True)
    assert "solo odds" in app.overlay.body.value
    app.controls.language.value = "fr"
    assert "chances en solo" in app.overlay.body.value
    one = at("trwavril", (3, 4, 5, 6), show_odds=True)
    assert "solo odds" not in one.overlay.body.value


@pytest.mark.parametrize("key", ["cinqmille", "seveny", "dripeul", "trwavril"])
def test_never_stuck_after_late_clicks_on_disabled_dice(key):
    """Random games where every disabled die toggle is also clicked (late clicks after a
    bust or a turn's end): the app always keeps an enabled action until the game is over."""
    opts = {"seveny": {"target": 15}, "dripeul": {"manches": 1}}.get(key, {})
    app = play(key, seed=7, players=2, **opts)
    rng = random.Random(7)
    for _ in range(400):
        if app.state.is_over:
            break
        for t in app.dice_row.toggles:
            if t.disabled:
                t.value = not t.value
        assert app.enabled_actions(), (app.state, app.message.value)
        if app.resolve_buttons:
            rng.choice(app.resolve_buttons).click()
            continue
        for t in app.dice_row.die_toggles:
            if not t.disabled:
                t.value = rng.random() < 0.5
        buttons = [b for b in (app.roll_button, app.stop_button, app.bank_button)
                   if not b.disabled and b.layout.display != "none"]
        if buttons:
            rng.choice(buttons).click()
        else:  # no legal selection: clear it (Roll of nothing is legal at a start)
            app.select()
    assert app.state.is_over or app.state.turn_count > 4


def test_french_undo_and_cancel_read_differently():
    """While a solve runs both buttons show: Undo reads « Défaire », Cancel « Annuler »."""
    app = play("trwavril", seed=1, lang="fr")
    assert app.undo_button.description == "Défaire"
    assert app.solve_bar.cancel_button.description == "Annuler"
    assert "U défaire" in app.help.value and "annuler" not in app.help.value.lower()
    assert app.undo_button.tooltip.startswith("Défaire")


@pytest.mark.parametrize(("key", "legend"), [
    ("trwavril", "Keys: 1–4 toggle a die · R roll · S stop"),
    ("dripeul", "Keys: 1–5 toggle a die · R roll · S stop"),
    ("cinqmille", "Keys: 1–5 toggle a die · R roll · B bank"),
    ("seveny", "Keys: 1–7 toggle a die · R roll · B bank"),
])
def test_key_legend_counts_the_games_dice(key, legend):
    app = play(key, seed=1)
    assert legend in app.help.value
    app.controls.language.value = "fr"
    assert f"Touches\u00a0: 1–{legend[8]} sélectionnent un dé" in app.help.value
