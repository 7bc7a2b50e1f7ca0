"""The command line ``python -m dicelab play <game> …``: its options, their checks and
its help in the user's language (argparse's own messages too), then a game in the terminal
(:class:`~dicelab.ui.terminal.TerminalPlay`).

>>> import io
>>> out = io.StringIO()
>>> main(["play", "trwavril", "--seed", "1", "--lang", "en"], stdin=io.StringIO("quit\\n"),
...      stdout=out)
0
>>> print(out.getvalue().splitlines()[0])
Trwavril — game 1, 1 player
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import LANGUAGES, N_, _, check_language, get_language
from dicelab.registry import REGISTRY
from dicelab.ui.options import seat_kinds
from dicelab.ui.session import PlaySession
from dicelab.ui.terminal import TerminalPlay


def _seat(text: str, players: int | None) -> tuple[int, str | None]:
    """``SEAT[:KIND]`` of ``--computer``: the seat counted from 1 (ASCII digits), as the
    session's seat counted from 0, and the kind."""
    seat, _sep, kind = text.partition(":")
    if not re.fullmatch(r"[0-9]{1,2}", seat):
        raise DicelabError("--computer takes SEAT or SEAT:KIND, seats counted from 1 (e.g. 2 "
                           "or 2:random); got {value}", value=brief(text))
    if kind and kind not in seat_kinds():
        raise DicelabError("unknown player kind {kind}; choose one of {kinds}",
                           kind=brief(kind), kinds=", ".join(seat_kinds()))
    n = int(seat)
    if players is not None and players >= 1 and not 1 <= n <= players:
        raise DicelabError("--computer {value}: there is no such seat; seats are counted from "
                           "1 to {last}", value=brief(text), last=players)
    return n - 1, kind or None


def _rule(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise DicelabError("--rule takes NAME=VALUE (e.g. level=2); got {value}",
                           value=brief(text))
    out: Any = value
    if re.fullmatch(r"-?[0-9]{1,9}", value):  # ASCII digits only (not "²")
        out = int(value)
    elif value in ("True", "False", "None"):
        out = {"True": True, "False": False, "None": None}[value]
    return name, out


class _Formatter(argparse.HelpFormatter):
    lang = "en"

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
        if prefix is None:  # argparse's own prefix (a subcommand's prog passes "")
            prefix = _("usage: ", lang=self.lang)
        super().add_usage(usage, actions, groups, prefix)


#: argparse's own messages (English only), as (pattern, msgid): :class:`_Parser` says them
#: in the command line's language.
_ARGPARSE_MESSAGES = (
    (r"argument (?P<arg>[^:]+): invalid choice: '?(?P<value>.*?)'? "
     r"\(choose from (?P<choices>.*)\)$",
     N_("{arg}: {value} is not one of {choices}")),
    (r"argument (?P<arg>[^:]+): expected one argument$", N_("{arg} needs a value")),
    (r"unrecognized arguments: (?P<args>.*)$", N_("unknown arguments: {args}")),
    (r"the following arguments are required: (?P<args>.*)$",
     N_("missing arguments: {args}")),
)


def argparse_message(message: str, lang: str | None = None) -> str:
    """An argparse error in ``lang`` (argparse writes English only); an unknown one as is.

    >>> argparse_message("argument --lang: invalid choice: 'de' (choose from 'en', 'fr')", "fr")
    "--lang\xa0: de n'est pas l'un de 'en', 'fr'"
    >>> argparse_message("unrecognized arguments: --bogus", "en")
    'unknown arguments: --bogus'
    """
    for pattern, msgid in _ARGPARSE_MESSAGES:
        found = re.match(pattern, message)
        if found:
            words = found.groupdict()
            if words.get("arg") == "command":  # the subcommand's dest
                words["arg"] = _("command", lang=lang)
            return _(msgid, lang=lang, **words)
    return message


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are in the command line's language, on one line
    after the usage, with exit status 2 (as argparse's own)."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.stderr.write("⚠ " + argparse_message(message, self.lang) + "\n")
        raise SystemExit(2)


def parser(lang: str) -> argparse.ArgumentParser:
    """The ``python -m dicelab`` command line, its help in ``lang``."""
    formatter = type("Formatter", (_Formatter,), {"lang": lang})
    parser_class = type("Parser", (_Parser,), {"lang": lang})
    top = parser_class(
        prog="python -m dicelab", formatter_class=formatter, add_help=False,
        description=_("dicelab: exact probability lessons with French dice games.",
                      lang=lang))
    top._optionals.title = _("options", lang=lang)
    top.add_argument("-h", "--help", action="help", help=_("show this help and exit", lang=lang))
    sub = top.add_subparsers(dest="command", title=_("commands", lang=lang))
    play = sub.add_parser(
        "play", formatter_class=formatter, add_help=False,
        help=_("play a game in the terminal", lang=lang),
        description=_("Play a game in the terminal, with the exact odds of every move, the "
                      "coach, hints, undo and the game review.", lang=lang))
    play._positionals.title = _("arguments", lang=lang)
    play._optionals.title = _("options", lang=lang)
    play.add_argument("-h", "--help", action="help", help=_("show this help and exit", lang=lang))
    names = ", ".join(f"{i.key} ({i.name})" for i in REGISTRY.values())
    play.add_argument("game", help=_("the game: {names}", lang=lang, names=names))
    play.add_argument("--lang", choices=list(LANGUAGES), default=None,
                      help=_("the language (default: {default})", lang=lang, default=lang))
    play.add_argument("--players", default="1", metavar="N",
                      help=_("the number of players (default 1)", lang=lang))
    play.add_argument("--seed", default=None, metavar="S",
                      help=_("the seed of the dice (default: a random one)", lang=lang))
    play.add_argument("--computer", action="append", default=[], metavar="SEAT[:KIND]",
                      help=_("a seat the computer plays, counted from 1 (e.g. 2, or 2:random); "
                             "kinds: {kinds}", lang=lang, kinds=", ".join(seat_kinds()[1:])))
    play.add_argument("--objective", default=None,
                      help=_("what the odds rank by (default: the game's own), e.g. "
                             "expected_points", lang=lang))
    play.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                      help=_("a rule variant (e.g. level=2)", lang=lang))
    play.add_argument("--no-odds", action="store_true",
                      help=_("start with the odds hidden (the odds command shows them)",
                             lang=lang))
    play.add_argument("--no-coach", action="store_true",
                      help=_("no warning before a costly move", lang=lang))
    tables = sub.add_parser(
        "tables", formatter_class=formatter, add_help=False,
        help=_("fill or clear this machine's cache of two-player tables", lang=lang),
        description=_("The two-player tables that do not ship are solved on first use and "
                      "cached on this machine: --warm solves every table the apps offer now "
                      "(a teacher or a hub runs it once), --clear deletes them.", lang=lang))
    tables._optionals.title = _("options", lang=lang)
    tables.add_argument("-h", "--help", action="help",
                        help=_("show this help and exit", lang=lang))
    tables.add_argument("--warm", action="store_true",
                        help=_("solve and cache every table the apps offer", lang=lang))
    tables.add_argument("--clear", action="store_true",
                        help=_("delete the cached tables", lang=lang))
    tables.add_argument("--game", action="append", default=[], choices=list(REGISTRY),
                        help=_("only this game (may be repeated)", lang=lang))
    tables.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        help=_("the language (default: {default})", lang=lang, default=lang))
    return top


def _tables(args: argparse.Namespace, lang: str, stdout: TextIO) -> int:
    """``python -m dicelab tables``: ``--clear`` then ``--warm`` (neither: where the cache
    is)."""
    from dicelab.analysis import tables
    from dicelab.engine.race import cache_dir

    if args.clear:
        tables.clear(stdout, lang)
    if args.warm:
        tables.warm(stdout, tuple(args.game) or None, lang)
    if not (args.clear or args.warm):
        stdout.write(_("Tables are cached in {folder}", lang=lang, folder=cache_dir()) + "\n")
    return 0


def _number(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]{1,19}", text):  # ASCII digits only (not "²")
        raise DicelabError("{name} must be a whole number; got {value}", name=name,
                           value=brief(text))
    return int(text)


def _argv_lang(argv: Sequence[str]) -> str:
    """The ``--lang`` of the command line (for its help), else the current language."""
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if a.startswith("--lang=") and a[7:] in LANGUAGES:
            return a[7:]
    return get_language()


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """``python -m dicelab play <game> …`` (or ``tables --warm``); returns the exit
    status (130 after Ctrl-C)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    stdout = sys.stdout if stdout is None else stdout
    try:
        return _main(argv, sys.stdin if stdin is None else stdin, stdout)
    except KeyboardInterrupt:
        stdout.write("\n" + _("Game ended.", lang=_argv_lang(argv)) + "\n")
        return 130


def _main(argv: list[str], stdin: TextIO | None, stdout: TextIO) -> int:
    lang = _argv_lang(argv)
    args = parser(lang).parse_args(argv)
    if args.command == "tables":
        try:
            return _tables(args, check_language(args.lang or lang), stdout)
        except KeyboardInterrupt:
            stdout.write("\n")
            return 130
    if args.command != "play":
        parser(lang).print_help(stdout)
        return 0
    lang = check_language(args.lang or lang)
    try:
        players = _number(args.players, "--players")
        seed = _number(args.seed, "--seed")
        computer: dict[int, str] = {}
        for text in args.computer:
            seat, kind = _seat(text, players)
            computer[seat] = kind or ("duel_optimal" if players == 2 else "optimal")
        rules = dict(_rule(t) for t in args.rule)
        session = PlaySession(args.game, seed=seed, players=players, computer=computer,
                              objective=args.objective, lang=lang, rule_options=rules)
    except DicelabError as e:
        stdout.write("⚠ " + e.message(lang) + "\n")
        return 2
    play = TerminalPlay(session, stdin, stdout, show_odds=not args.no_odds,
                        coach=not args.no_coach)
    return play.run()


__all__ = ["argparse_message", "main", "parser"]
