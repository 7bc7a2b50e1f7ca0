"""``python -m dicelab play <game>``: play a game in the terminal (its command line:
:mod:`dicelab.ui.command_line`; the game: :mod:`dicelab.ui.terminal`)."""

from __future__ import annotations

import sys

from dicelab.ui.command_line import main

if __name__ == "__main__":
    if hasattr(sys.stdout, "reconfigure"):  # a terminal that cannot show « » or ★: no crash
        sys.stdout.reconfigure(errors="replace")
    sys.exit(main())
