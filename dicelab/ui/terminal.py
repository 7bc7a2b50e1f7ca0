"""Play any game in a terminal, on top of :class:`~dicelab.ui.session.PlaySession`.

``python -m dicelab play 5000 --lang fr --players 2`` shows the position, the dice and the
legal moves as numbered commands, with the exact odds of each choice (the same advice as
the apps), warns before a costly move (the coach, with its reasons), gives hints, takes
moves back, plays the computer seats (saying what they chose and why) and ends with the
game review as text.  Every word goes through :mod:`dicelab.core.i18n`; bad input gets a
clear message, never a traceback; ``quit`` or the end of the input ends the game.  Input
is read with a bound (:func:`read_line`): a line longer than :data:`MAX_LINE` characters is
refused without ever being held whole, bytes that are not text are refused, and move
numbers are ASCII digits only (``²``, ``①`` or ``١`` are said not to be move numbers).

Its command line (``python -m dicelab``) is :mod:`dicelab.ui.command_line`.

>>> import io
>>> from dicelab.ui.session import PlaySession
>>> out = io.StringIO()
>>> TerminalPlay(PlaySession("trwavril", seed=1, lang="en"), io.StringIO("quit\\n"), out).run()
0
>>> print(out.getvalue().splitlines()[0])
Trwavril — game 1, 1 player
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from typing import Any, TextIO

from dicelab.analysis import coach
from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _, ngettext
from dicelab.games._base import Bank, Roll, Stop
from dicelab.registry import get as get_game
from dicelab.registry import objective_phrase
from dicelab.ui.options import error_text
from dicelab.ui.session import PlaySession
from dicelab.ui.text import event_sentence, player_name, shown_loss, to_play_text
from dicelab.ui.widgets.controls import parse_dice_text

#: The commands a player types, by meaning; English and French words both work.
COMMANDS: dict[str, tuple[str, ...]] = {
    "keep": ("keep", "k", "garder", "g"),
    "roll": ("roll", "r", "relancer", "lancer", "l"),
    "bank": ("bank", "b", "encaisser", "e"),
    "stop": ("stop", "s", "arrêter", "arreter"),
    "hint": ("hint", "h", "indice", "i"),
    "odds": ("odds", "o", "chances", "c"),
    "undo": ("undo", "u", "défaire", "defaire", "d", "annuler", "a"),
    "moves": ("moves", "m", "coups"),
    "set": ("set", "dés", "des", "dice"),
    "review": ("review", "bilan"),
    "help": ("help", "?", "aide"),
    "quit": ("quit", "q", "exit", "quitter"),
}
#: What each command does (shown by ``help``).
COMMAND_HELP: dict[str, str] = {
    "keep": N_("keep 5 5: keep these dice and roll the others (a number plays that move)"),
    "roll": N_("roll 1 5: set these dice aside and roll the others; roll alone: roll"),
    "bank": N_("bank 1 5: set these dice aside and bank the turn"),
    "stop": N_("stop: these dice are final"),
    "hint": N_("hint: the next hint (which dice matter, the best move, the full table)"),
    "odds": N_("odds: show or hide the exact odds of each move"),
    "undo": N_("undo: take back the last move"),
    "moves": N_("moves: show the position and the moves again"),
    "set": N_("set 2 2 2 4 6: teacher mode, the last roll shows these dice"),
    "review": N_("review: the game review so far"),
    "help": N_("help: this list"),
    "quit": N_("quit: end the game"),
}
#: The commands that play one kind of turn only, by the registry's kind of turn (``help``
#: lists them only for such a game).
TURN_COMMANDS: dict[str, str] = {"keep": "reroll", "stop": "reroll", "bank": "pushluck"}
#: Answers that mean yes to the coach's question.
YES = ("y", "yes", "o", "oui")
#: The longest line read (a longer one is refused without being parsed; at most this many
#: characters plus one are read, the rest of the line is skipped in pieces).
MAX_LINE = 200
#: The size of the pieces a line too long is skipped in.
_SKIP = 65536
#: A move number: ASCII digits only (``str.isdigit`` also accepts ``²``, ``①``, ``١``).
_MOVE_NUMBER = re.compile(r"[0-9]+")


def _too_long(limit: int) -> DicelabError:
    return DicelabError("that line is too long (more than {n} characters); type a move number "
                        "or a command", n=limit)


def _byte_stream(stream: Any) -> Any:
    """The bytes under a text stream (``sys.stdin.buffer``) when its encoding keeps ASCII
    as ASCII (so a line ends at the byte ``\\n``), else ``None``."""
    raw = getattr(stream, "buffer", None)
    encoding = getattr(stream, "encoding", None)
    if raw is None or not hasattr(raw, "readline") or not isinstance(encoding, str):
        return None
    try:
        codecs.lookup(encoding)
        ascii_safe = "\n0a".encode(encoding) == b"\n0a"
    except (LookupError, UnicodeError):
        return None
    return raw if ascii_safe else None


def read_line(stream: Any, limit: int = MAX_LINE) -> str | None:
    """One line of ``stream`` without its line end; ``None`` at the end of the input (or
    with no input at all, ``stream`` ``None``: a closed standard input).

    Never reads more than ``limit`` + 1 characters of a line into memory: a longer line
    is skipped to its end in pieces and refused (a :class:`~dicelab.DicelabError`), and
    the next call reads the next line.  Under a text stream with bytes (``sys.stdin``)
    the bytes are read and decoded line by line, so a line that is not text in the
    stream's encoding (a binary byte under UTF-8) is refused alone, whatever the
    stream's error handler.

    >>> import io
    >>> read_line(io.StringIO("roll\\nquit\\n"))
    'roll'
    >>> s = io.StringIO("x" * 1000 + "\\nquit\\n")
    >>> read_line(s)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: that line is too long (more than 200 characters); ...
    >>> read_line(s), read_line(s)
    ('quit', None)
    >>> b = io.TextIOWrapper(io.BytesIO(b"\\xff\\xfe\\nquit\\n"), encoding="utf-8")
    >>> read_line(b)
    Traceback (most recent call last):
    ...
    dicelab.core.errors.DicelabError: that line is not text: byte 0xff cannot be read as ...
    >>> read_line(b)
    'quit'
    """
    if stream is None:
        return None
    raw = _byte_stream(stream)
    if raw is not None:
        return _read_bytes(raw, stream.encoding, limit)
    try:
        line = stream.readline(limit + 1)
    except UnicodeDecodeError as e:
        raise _not_text(e, getattr(stream, "encoding", "")) from None
    if not line:
        return None
    if not line.endswith("\n") and len(line) > limit:
        try:
            while True:
                piece = stream.readline(_SKIP)
                if not piece or piece.endswith("\n"):
                    break
        except UnicodeDecodeError:
            pass  # the rest of a refused line
        raise _too_long(limit)
    return line.rstrip("\r\n")


def _read_bytes(raw: Any, encoding: str, limit: int) -> str | None:
    most = 4 * (limit + 1)  # a character is at most 4 bytes
    data = raw.readline(most)
    if not data:
        return None
    if not data.endswith(b"\n") and len(data) >= most:
        while True:
            piece = raw.readline(_SKIP)
            if not piece or piece.endswith(b"\n"):
                break
        raise _too_long(limit)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        raise _not_text(e, encoding) from None
    text = text.rstrip("\r\n")
    if len(text) > limit:
        raise _too_long(limit)
    return text


def _not_text(error: UnicodeDecodeError, encoding: str) -> DicelabError:
    byte = error.object[error.start:error.start + 1] if error.object else b""
    return DicelabError("that line is not text: byte {byte} cannot be read as {encoding}; type "
                        "a move number or a command", byte="0x" + byte.hex(),
                        encoding=str(encoding or error.encoding)[:40])


def _word(text: str) -> str | None:
    """The command a typed word stands for, or ``None``."""
    w = text.lower()
    for name, words in COMMANDS.items():
        if w in words:
            return name
    return None


class TerminalPlay:
    """A game played through text: reads commands from ``stdin``, writes to ``stdout``.

    ``show_odds``: list each move with its exact odds; ``coach``: warn before a costly
    move (above the session's thresholds) and ask first.
    """

    def __init__(self, session: PlaySession, stdin: TextIO, stdout: TextIO, *,
                 show_odds: bool = True, coach: bool = True) -> None:
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.show_odds = show_odds
        self.coach = coach
        self.moves: list[Any] = []
        self.hint_level = 0
        self._shown: Any = None

    # ------------------------------------------------------------ text
    @property
    def lang(self) -> str:
        return str(self.session.lang)

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def error(self, text: str) -> None:
        self.say("⚠ " + _("Not possible:", lang=self.lang) + " " + text)

    def ask(self, prompt: str) -> str | None:
        """One line of input (``None`` at the end of the input); a line that cannot be
        read (too long, not text) is a :class:`~dicelab.DicelabError` (:func:`read_line`)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = read_line(self.stdin)
        if line is None:
            self.say()
            return None
        return line.strip()

    def events(self, events: Sequence[dict[str, Any]]) -> None:
        s = self.session
        solo = s.state.players == 1
        # against the computer the log says "you" and « Ordinateur », as the apps' log does
        versus = (next(p for p in range(s.state.players) if p not in s.policies)
                  if s.against_computer() else None)
        for e in events:
            text = event_sentence(e, self.lang, solo, versus=versus, game=s.game_key)
            if text:
                self.say("  " + text)

    # ------------------------------------------------------------ the game
    def run(self) -> int:
        """Play until the game ends or the player quits; returns the exit status."""
        s = self.session
        lang = self.lang
        self.say(ngettext("{game} — game {seed}, {n} player", "{game} — game {seed}, {n} players",
                          s.state.players, lang=lang, game=s.game.name, seed=s.game.seed))
        self.say(_("Type the number of a move, or a command (help: the list; quit: end).",
                   lang=lang))
        s.prepare_duel()
        self.duel_line()
        while True:
            if s.state.is_over:
                self.game_over()
                return 0
            if s.is_computer():
                if not self.computer_turn():
                    return 1
                continue
            if self._shown is not s.state:
                self.show_position()
            try:
                line = self.ask("> ")  # inside the guard: a line that cannot be read
                if line is None:
                    self.say(_("Game ended.", lang=self.lang))
                    return 0
                if self.command(line) == "quit":
                    self.say(_("Game ended.", lang=self.lang))
                    return 0
            except DicelabError as e:
                self.error(e.message(self.lang))
            except Exception as e:  # noqa: BLE001 - a student never sees a traceback
                self.error(_("something went wrong ({what}); the game is unchanged",
                             lang=self.lang, what=type(e).__name__))

    def duel_line(self) -> None:
        """Say where the exact two-player odds stand (being computed, failed, ready)."""
        s = self.session
        status = s.duel_status()
        lang = self.lang
        if status == "computing":
            self.say(_("The exact chances of beating each other are being computed in the "
                       "background; until then the odds shown are solo odds.", lang=lang))
        elif status == "failed":
            self.say(_("The exact chances of beating each other could not be computed: {why}.",
                       lang=lang, why=error_text(s.duel_error, lang).rstrip(".")))
        elif status == "ready":
            self.say(_("The exact chances of beating each other are ready: the odds now rank "
                       "every choice by them.", lang=lang))
            s.duel_news = False

    def status_line(self) -> str:
        s = self.session
        st = s.state
        lang = self.lang
        turn = st.turn_count + (1 if st.phase == "start" else 0)
        if st.players == 1:
            return _("Turn {n}", lang=lang, n=turn)
        if s.against_computer():  # the apps' words: « À vous de jouer », « L'ordinateur joue »
            return _("{who} · turn {n}", lang=lang, n=turn, who=to_play_text(
                st.current_player, st.players, s.policies, lang))
        kind = _("computer", lang=lang) if s.is_computer() else _("human", lang=lang)
        return _("{who} to play ({kind}) · turn {n}", lang=lang,
                 who=player_name(st.current_player, lang), kind=kind, n=turn)

    def show_position(self) -> None:
        """The position, the dice and the numbered moves (with their odds)."""
        from dicelab.analysis.review import describe_position

        s = self.session
        st = s.state
        lang = self.lang
        if s.collect_duel():
            self.duel_line()
        self._shown = st
        self.hint_level = 0
        self.say()
        self.say("== " + self.status_line() + " ==")
        read_scores = get_game(s.game_key).scores
        scores = read_scores(st) if read_scores is not None else None
        if scores is not None and st.players > 1:
            names = s.seat_names()  # « Vous », « Ordinateur » against the computer
            self.say(_("Scores: {scores}", lang=lang, scores=" · ".join(
                f"{names[p]} {v}" for p, v in enumerate(scores))))
        if st.phase != "start":
            self.say(describe_position(st, lang=lang))
        self.moves = s.legal_moves()
        if len(self.moves) == 1:
            self.say(_("Only one move: {move} (Enter plays it).", lang=lang,
                       move=s.action_label(self.moves[0])))
            return
        advice = self.advice() if self.show_odds else None
        if advice is not None:
            name = objective_phrase(advice.objective, lang, s.game_key)
            head = (_("Exact odds, solo odds (each player's own chances): {number}", lang=lang,
                      number=name) if advice.kind == "solo" and st.players > 1
                    else _("Exact odds: {number}", lang=lang, number=name))
            self.say(head)
        else:
            self.say(_("Your moves:", lang=lang))
        for i, action in enumerate(self.moves, 1):
            self.say(f"{i:3d}. {s.action_label(action)}{self.odds_of(advice, action)}")

    def advice(self) -> Any:
        s = self.session
        if not s.has_choice():
            return None
        if s.advice_waits():
            self.say(_("Computing the exact odds (the first time, the game is being solved; "
                       "this can take a few seconds)…", lang=self.lang))
        try:
            advice = s.advice()
        except DicelabError as e:
            self.error(e.message(self.lang))
            self.show_odds = False
            return None
        return advice if len(advice) else None

    def odds_of(self, advice: Any, action: Any) -> str:
        if advice is None:
            return ""
        try:
            choice = advice.find(action)
        except Exception:  # noqa: BLE001 - not one of the advised choices
            return ""
        lang = self.lang
        obj = advice.objective
        value = coach.format_value(obj, choice.numbers[obj], lang=lang)
        if choice.loss <= 1e-12:
            return f" — {value} ★ " + _("best", lang=lang)
        # the exact loss, rounded as the value beside it (the coach's warning says the same)
        loss = shown_loss(obj, advice.best.numbers[obj], choice.numbers[obj])
        return f" — {value} (−{coach.format_loss(obj, loss, lang=lang)})"

    # ------------------------------------------------------------ commands
    def command(self, line: str) -> str | None:
        """Run one typed line; returns ``"quit"`` to end."""
        s = self.session
        lang = self.lang
        if len(line) > MAX_LINE:
            raise _too_long(MAX_LINE)
        words = line.replace(",", " ").split()
        if not words:
            if len(self.moves) == 1:
                return self.play(self.moves[0])
            self.show_position()
            return None
        first, rest = words[0], " ".join(words[1:])
        if not _MOVE_NUMBER.fullmatch(first) and any(c.isdigit() for c in first):
            raise DicelabError("{value} is not a move number: type it with the digits 0 to 9; "
                               "choose 1 to {last}", value=brief(first), last=len(self.moves))
        if _MOVE_NUMBER.fullmatch(first):
            n = int(first) if len(first) < 6 else 0
            if not 1 <= n <= len(self.moves) or rest:
                raise DicelabError("there is no move {n} here; choose 1 to {last}",
                                   n=brief(line), last=len(self.moves))
            return self.play(self.moves[n - 1])
        name = _word(first)
        if name is None:
            raise DicelabError("unknown command {word}; type help for the list",
                               word=brief(first))
        if name == "quit":
            return "quit"
        if name == "help":
            self.help()
        elif name == "moves":
            self.show_position()
        elif name == "odds":
            self.show_odds = not self.show_odds
            self.show_position()
        elif name == "hint":
            self.hint()
        elif name == "undo":
            action = s.undo()
            self.say(" ".join([_("Move taken back: {move}.", lang=lang,
                                 move=s.action_label(action)), s.undo_note()]).rstrip())
            self._shown = None
        elif name == "review":
            self.say(review_text(s.review(lang, s.humans()), lang, s.seat_names()))
        elif name == "set":
            dice = parse_dice_text(rest)
            events = s.set_dice(dice)
            self.say(_("Teacher mode: the last roll now shows {dice}.", lang=lang,
                       dice=" ".join(map(str, dice))))
            self.events(events)
            self._shown = None
        else:
            return self.play(self.typed_action(name, rest))
        return None

    def typed_action(self, name: str, rest: str) -> Any:
        """The action a typed command names (``keep 5 5``, ``bank 1 5``, ``stop``…)."""
        if name == "stop":
            return Stop()
        dice = parse_dice_text(rest) if rest else ()
        if name == "bank":
            return Bank(dice)
        if name == "roll" and not dice and Roll(()) not in self.session.legal():
            # "roll" alone where one roll is the only rolling move: that one
            rolls = [a for a in self.moves if isinstance(a, Roll)]
            if len(rolls) == 1:
                return rolls[0]
        return Roll(dice)

    def play(self, action: Any) -> str | None:
        """Play ``action`` for the human to move, the coach asking first if it is costly."""
        s = self.session
        lang = self.lang
        if self.coach and s.has_choice():
            if s.advice_waits():
                self.say(_("Computing the exact odds (the first time, the game is being "
                           "solved; this can take a few seconds)…", lang=lang))
            decision = s.coach_decision(action)
            if decision is not None and decision.costly:
                self.say("⚠ " + decision.text)
                for line in decision.why:
                    self.say("  " + line)
                answer = self.ask(_("Play it anyway? (y/n) ", lang=lang))
                if answer is None:
                    return "quit"
                if answer.lower() not in YES:
                    self.say(_("Choose again.", lang=lang))
                    return None
        events = s.apply(action)
        self.events(events)
        return None

    def hint(self) -> None:
        s = self.session
        lang = self.lang
        if not s.has_choice():
            self.say(_("No hint here: there is no choice to make.", lang=lang))
            return
        if self.hint_level >= 3:
            self.say(_("That was the last hint: the full table is shown.", lang=lang))
            return
        self.hint_level += 1
        h = s.hint(self.hint_level)
        self.say(h.text)
        if self.hint_level == 3:
            self.say(" | ".join(h.headers))
            for row in h.rows:
                self.say(" | ".join(row))

    def help(self) -> None:
        lang = self.lang
        self.say(_("Commands (English or French words):", lang=lang))
        kind = get_game(self.session.game_key).kind
        for name, text in COMMAND_HELP.items():
            if TURN_COMMANDS.get(name, kind) != kind:
                continue
            words = ", ".join(COMMANDS[name][1:])
            self.say(f"  {_(text, lang=lang)} [{words}]")

    # ------------------------------------------------------------ computer and end
    def computer_turn(self) -> bool:
        """Play the computer seat's turn, saying what it chose and why; ``False`` if it
        could not play."""
        s = self.session
        lang = self.lang
        p = s.state.current_player
        if s.waits_for_duel(p):
            self.say(_("The computer plays to win: it waits for the exact chances of beating "
                       "each other, which are being computed.", lang=lang))
            s.wait_for_duel()
            self.duel_line()
        self.say()
        self.say("== " + self.status_line() + " ==")
        if s.seats.get(p) not in ("random", "rule") and s.advice_waits():
            self.say(_("Computing the exact odds (the first time, the game is being solved; "
                       "this can take a few seconds)…", lang=lang))
        try:
            moves = s.computer_turn()
        except Exception as e:  # noqa: BLE001 - an engine error is a message
            self.error(_("The computer could not play: {why}", lang=lang,
                         why=error_text(e, lang)))
            return False
        for move in moves:
            if move.note:
                self.say("  " + move.note)
            self.events(move.events)
        return True

    def game_over(self) -> None:
        s = self.session
        lang = self.lang
        self.say()
        self.say(s.result_text())
        self.say()
        self.say(review_text(s.review(lang, s.humans()), lang, s.seat_names()))


def review_text(rev: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The game review (:class:`dicelab.analysis.review.Review`) as text: its summary,
    rating, the luck/skill sentences, and the costly decisions with the coach's reasons.

    ``names``: the seats' names (:meth:`PlaySession.seat_names`: « Vous » and « Ordinateur »
    against the computer); « Joueur 1 »… by default."""
    lines = [rev.title(lang), rev.summary(lang), rev.rating.text]
    if rev.hand_rolls_text(lang):
        lines.append("⚠ " + rev.hand_rolls_text(lang))
    if names is not None:
        names = list(names)
    elif rev.game is not None:
        names = [player_name(p, lang) for p in range(rev.game.players)]
    for entry in rev.player_summary(lang, names=names) if rev.game is not None else ():
        if not entry.get("sentence"):
            continue
        if rev.game.players > 1:  # the sentence names the player
            lines.append(entry["sentence"])
        else:
            lines.append(f"{player_name(entry['player'], lang)} — {entry['sentence']}")
        lines.extend("    " + x for x in (*entry.get("skill_lines", ()), entry["marks_text"]))
    _headers, rows = rev.table(lang)
    costly = [(r, row) for r, row in zip(rev.rows, rows) if r.costly]
    if costly:
        lines.append(_("The costly decisions:", lang=lang))
    for r, row in costly:
        lines.append(_("{n}. {position}: your choice “{choice}”, best “{best}” ({value} "
                       "against {best_value}; loss {loss})", lang=lang, n=row[0],
                       position=row[3], choice=row[4], best=row[5], value=row[6],
                       best_value=row[7], loss=row[8]))
        lines.extend("    " + w for w in r.why)
    return "\n".join(lines)


# ------------------------------------------------------------------ command line


__all__ = ["COMMANDS", "MAX_LINE", "TerminalPlay", "read_line", "review_text"]
