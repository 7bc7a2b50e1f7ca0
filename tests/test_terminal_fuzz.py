"""The terminal's standard input, fuzzed: random lines, digits that are not ASCII (``²``,
``³``, ``①``, ``١``, ``1²``), binary bytes, very long lines and the end of the input at
every point, in every game and both languages.  Every line gets a clear message or the
game goes on; the input running out ends the game cleanly: never a traceback, never
"something went wrong", never a hang.  Seeded and bounded (a few seconds); most runs are
in-process, a few run the real ``python -m dicelab play``.  Ctrl-C, even during the
imports, ends with status 130 and no traceback."""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from dicelab.core.i18n import _
from dicelab.registry import REGISTRY
from dicelab.ui.command_line import main
from dicelab.ui.terminal import MAX_LINE, read_line

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(REGISTRY)
#: The longest a run in-process may take before it is called a hang (a run takes well
#: under a second; this only turns a hang into a failure).
HANG = 60.0
#: Digits that are not ASCII: ``str.isdigit`` accepts them, ``int`` does not.
ODD_DIGITS = ["²", "³", "①", "١", "1²", "²1", "٣", "５", "¹²", "3³", "𝟙", "߁"]
PLAIN = ["1", "2", "3", "5", "12", "0", "99", "", "roll", "r", "keep 5 5", "garder 1",
         "stop", "bank 1 5", "hint", "indice", "odds", "undo", "moves", "set 1 2 3 4 5",
         "set 5 5 2 5", "review", "help", "y", "n", "oui", "?", "roll 1 5", "1 2"]


def _line(rng: random.Random) -> bytes:
    """One fuzzed line (bytes, without its end)."""
    kind = rng.random()
    if kind < 0.35:
        return rng.choice(PLAIN).encode()
    if kind < 0.55:
        return rng.choice(ODD_DIGITS).encode()
    if kind < 0.7:  # binary: bytes that are not UTF-8, NULs, a cut character
        return bytes(rng.choice([0xFF, 0xFE, 0x80, 0xC3, 0x00, 0x1B, 0x7F, rng.randrange(256)])
                     for _ in range(rng.randint(1, 6)))
    if kind < 0.8:  # long lines, around the limit and far beyond
        n = rng.choice([MAX_LINE, MAX_LINE + 1, 5_000, 200_000])
        return (rng.choice(["1", "x", "é", "²"]) * n).encode()
    # random text, control characters and all
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000),
                                   rng.randrange(0, 32)])) for _ in range(rng.randint(1, 12))
                   ).replace("\n", " ").encode("utf-8", "surrogatepass")


def _script(rng: random.Random, n: int) -> bytes:
    return b"".join(_line(rng) + rng.choice([b"\n", b"\r\n"]) for _ in range(n))


def _bad_phrases(lang: str) -> list[str]:
    """What must never be printed: a traceback, the guard's "something went wrong", the
    computer failing to play, the other language's "Not possible"."""
    generic = _("something went wrong ({what}); the game is unchanged", lang=lang)
    computer = _("The computer could not play: {why}", lang=lang)
    other = "⚠ Impossible\u00a0: " if lang == "en" else "⚠ Not possible: "
    return ["Traceback", generic.split("(")[0].strip(), computer.split("{")[0].strip(), other]


def run_in_process(argv: list[str], data: bytes, *, text_stream: bool = False) -> tuple[int, str]:
    """``main(argv)`` on ``data`` as standard input (a UTF-8 stream with bytes under it, as
    ``sys.stdin``; or a text stream), in a thread: a run that does not end is a hang."""
    if text_stream:
        stdin: io.TextIOBase = io.StringIO(data.decode("utf-8", "surrogateescape"))
    else:
        stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    out = io.StringIO()
    result: list[object] = []

    def target() -> None:
        try:
            result.append(main(argv, stdin=stdin, stdout=out))
        except BaseException as e:  # noqa: BLE001 - reported below
            result.append(e)

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(HANG)
    assert not t.is_alive(), f"hang: {argv} on {data[:200]!r}"
    assert result and isinstance(result[0], int), f"{argv}: {result} on {data[:200]!r}"
    return result[0], out.getvalue()


def check_output(status: int, text: str, lang: str, where: str) -> None:
    assert status == 0, (where, text[-500:])
    for bad in _bad_phrases(lang):
        assert bad not in text, (where, bad, text[-800:])
    assert not re.search(r"\(\w*(Error|Exception|Interrupt)\)", text), (where, text[-800:])
    prefix = "⚠ Not possible: " if lang == "en" else "⚠ Impossible\u00a0: "
    for line in text.splitlines():
        if line.removeprefix("> ").startswith(prefix):
            assert len(line) < 300, (where, line)  # a message, not an echo of the input


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", GAMES)
def test_fuzzed_lines_get_a_clear_message_or_a_clean_end(key, lang):
    rng = random.Random(f"terminal-fuzz-{key}-{lang}")
    runs = 0
    for k in range(5):
        argv = ["play", key, "--seed", str(rng.randrange(1000)), "--lang", lang]
        if k == 4:  # against the computer: its turns between the fuzzed lines
            argv += ["--players", "2", "--computer", "2:random"]
        data = _script(rng, 25)
        status, text = run_in_process(argv, data, text_stream=(k == 3))
        check_output(status, text, lang, f"{argv} {data[:300]!r}")
        assert text.count("⚠") >= 1  # the fuzzed lines were answered, not swallowed
        runs += 1
    assert runs == 5


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", GAMES)
def test_the_end_of_the_input_at_every_point(key, lang):
    """The same script cut at every line end and inside every line (a character cut in
    two included): each prefix ends the game cleanly."""
    rng = random.Random(f"terminal-eof-{key}-{lang}")
    lines = [b"1", "²".encode(), b"\xff\xfe", b"keep 5", "é".encode() * 30, b"hint", b"",
             "1²".encode(), b"x" * (MAX_LINE + 5), b"roll", b"2", b"y"]
    data = b"".join(x + b"\n" for x in lines)
    cuts = set()
    pos = 0
    for x in lines:
        cuts |= {pos, pos + 1, pos + len(x) // 2, pos + len(x)}
        pos += len(x) + 1
    cuts.add(len(data))
    argv = ["play", key, "--seed", str(rng.randrange(1000)), "--lang", lang, "--no-coach"]
    for cut in sorted(c for c in cuts if 0 <= c <= len(data)):
        status, text = run_in_process(argv, data[:cut])
        check_output(status, text, lang, f"cut at {cut}: {data[:cut][-40:]!r}")
        assert text.rstrip().endswith(_("Game ended.", lang=lang)), (cut, text[-300:])


def test_odd_digits_and_bytes_each_get_their_message():
    data = "1\n²\n1²\n①\n١\n".encode() + b"\xff\n" + b"9" * 300 + b"\n" + b"quit\n"
    status, text = run_in_process(["play", "trwavril", "--seed", "1", "--lang", "en",
                                   "--no-coach"], data)
    assert status == 0
    for digits in ["²", "1²", "①", "١"]:
        assert f"⚠ Not possible: '{digits}' is not a move number: type it with the digits 0 to 9" \
               in text
    assert "that line is not text: byte 0xff cannot be read as utf-8" in text
    assert "that line is too long (more than 200 characters)" in text
    assert text.rstrip().endswith("Game ended.")
    status, text = run_in_process(["play", "trwavril", "--seed", "1", "--lang", "fr",
                                   "--no-coach"], "1\n²\n".encode() + b"\xc3\n")
    assert "⚠ Impossible\u00a0: '²' n'est pas un numéro de coup" in text
    assert "cette ligne n'est pas du texte" in text


def test_a_long_line_is_never_read_whole():
    """At most MAX_LINE + 1 characters of a line are held, whatever its length."""

    class Stream(io.StringIO):
        biggest = 0

        def readline(self, size: int = -1) -> str:
            assert 0 <= size <= 65536  # never "the whole line"
            line = super().readline(size)
            Stream.biggest = max(Stream.biggest, len(line))
            return line

    s = Stream("7" * 1_000_000 + "\nroll\n")
    with pytest.raises(Exception, match="too long"):
        read_line(s)
    assert read_line(s) == "roll" and read_line(s) is None

    class Bytes(io.BytesIO):
        def readline(self, size: int = -1) -> bytes:
            assert 0 <= size <= 65536
            return super().readline(size)

    b = io.TextIOWrapper(Bytes(b"7" * 1_000_000 + b"\nroll\n"), encoding="utf-8")
    with pytest.raises(Exception, match="too long"):
        read_line(b)
    assert read_line(b) == "roll" and read_line(b) is None


@pytest.mark.parametrize(("option", "en"), [
    (["--players", "²"], "--players must be a whole number; got '²'"),
    (["--seed", "³"], "--seed must be a whole number; got '³'"),
    (["--seed", "1²"], "--seed must be a whole number; got '1²'"),
    (["--computer", "²"], "--computer takes SEAT or SEAT:KIND"),
    (["--computer", "①:random"], "--computer takes SEAT or SEAT:KIND"),
    (["--rule", "level=²"], "level must be one of"),
    (["--rule", "level=--5"], "level must be one of"),
    (["--computer", "99"], "--computer '99': there is no such seat; seats are counted from 1 "
                           "to 1"),
    (["--players", "2", "--computer", "3"], "seats are counted from 1 to 2"),
    (["--players", "2", "--computer", "0"], "--computer '0': there is no such seat"),
])
def test_command_line_numbers_are_ascii_digits_and_seats_count_from_1(option, en):
    for lang in ("en", "fr"):
        out = io.StringIO()
        assert main(["play", "dripeul", *option, "--lang", lang], stdin=io.StringIO(""),
                    stdout=out) == 2
        text = out.getvalue()
        assert "Traceback" not in text and text.startswith("⚠ ")
        if lang == "en":
            assert en in text, text
        else:
            assert "got" not in text and "must be" not in text, text  # said in French
    out = io.StringIO()  # and the seat counted from 1 is the one the computer plays
    assert main(["play", "trwavril", "--players", "2", "--computer", "1:random", "--seed", "1",
                 "--lang", "en"], stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert "== The computer is playing · turn 1 ==" in out.getvalue()
    assert "Scores: Computer 0 · You 0" in out.getvalue()


# ------------------------------------------------------------------ the real process
def _python(*args: str, data: bytes = b"", env: dict | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8",
           **(env or {})}
    return subprocess.run([sys.executable, *args], input=data, capture_output=True,
                          env=env, timeout=timeout)


@pytest.mark.parametrize(("lang", "key"), [("fr", "trwavril"), ("en", "cinqmille"),
                                           ("fr", "seveny"), ("en", "dripeul")])
def test_python_m_dicelab_on_fuzzed_input(lang, key):
    """The real process, on a strict UTF-8 standard input (``PYTHONIOENCODING=utf-8``):
    binary bytes, odd digits and a 1 MB line, then the input cut inside a character."""
    rng = random.Random(f"terminal-process-{key}")
    data = (b"1\n" + "²\n①\n1²\n".encode() + b"\xff\xfe\x00\n" + b"1" * 1_000_000 + b"\n"
            + _script(rng, 10) + "é".encode()[:1])
    r = _python("-m", "dicelab", "play", key, "--seed", "1", "--lang", lang, data=data)
    out, err = r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    assert r.returncode == 0, err
    assert err == "", err
    check_output(0, out, lang, key)
    assert out.rstrip().endswith(_("Game ended.", lang=lang))


#: Runs ``python -m dicelab`` with a Ctrl-C raised during the import of ``dicelab.registry``
#: (what Ctrl-C in the first 0.3 s does), deterministically.
_CTRL_C_IN_IMPORTS = """
import runpy, sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "dicelab.registry":
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, Interrupt())
sys.argv = ["dicelab", "play", "trwavril"]
runpy.run_module("dicelab", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_during_the_imports_exits_cleanly():
    r = _python("-c", _CTRL_C_IN_IMPORTS)
    assert r.returncode == 130, r.stderr
    assert b"Traceback" not in r.stderr and b"KeyboardInterrupt" not in r.stderr
    # a real Ctrl-C (SIGINT) while the game waits for a line, and while it computes
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    for args in (["trwavril", "--seed", "1"], ["5000", "--players", "2", "--computer", "2"]):
        p = subprocess.Popen([sys.executable, "-m", "dicelab", "play", *args],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
        assert p.stdout is not None
        first = p.stdout.readline()  # the imports are done, the game has started
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        assert p.returncode == 130, (args, p.returncode, err)
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, (args, err)
        assert first and (first + out).rstrip().endswith(b"Game ended."), (first, out)
