"""``python -m dicelab play <game>``: play a game in the terminal (its command line:
:mod:`dicelab.ui.command_line`; the game: :mod:`dicelab.ui.terminal`).

Ctrl-C at any moment, the imports included, ends with exit status 130 and no traceback; a
closed output (``| head``) ends quietly.
"""

from __future__ import annotations

import os
import sys


def _run() -> int:
    try:
        if hasattr(sys.stdout, "reconfigure"):  # a terminal that cannot show « » or ★
            sys.stdout.reconfigure(errors="replace")
        from dicelab.ui.command_line import main  # the heavy imports, inside the guard

        return main()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(_run())
