"""French typography for the catalog and the French pages.

French sets a no-break space (U+00A0) before ``:`` and inside « », a narrow no-break space
(U+202F) before ``; ! ?``, and one apostrophe style (here the straight ``'``, the one the
pages are typed with).  :func:`fix` applies these rules to prose, :func:`problems` lists what
breaks them; code (```` ``` ```` blocks, `` `spans` ``), mathematics (``$…$``), HTML tags and
a page's front matter are left alone.

>>> fix("Jeu : 5000 ; « brelan » ? Oui !")
'Jeu\\xa0: 5000\\u202f; «\\xa0brelan\\xa0»\\u202f? Oui\\u202f!'
>>> problems("P(A) : `a : b` $x ; y$ l’as")
[' :', '’']

The developer tool rewrites files in place (the catalog's translations, Markdown pages; pair a
notebook's ``.md`` with ``jupytext --sync`` afterwards)::

    python -m dicelab.tools.typography fix [FILE ...]     # default: catalog and French pages
    python -m dicelab.tools.typography check [FILE ...]   # exit 1 and list the problems
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

NBSP, NNBSP = "\u00a0", "\u202f"

#: What is left alone: front matter, fenced code, inline code, display and inline maths,
#: HTML tags, Markdown links' targets, and format fields (``{name}``).
_SKIP = re.compile(
    r"\A---\n.*?\n---\n|```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$|<[^<>\n]*>|\]\([^)\n]*\)"
    r"|\{[a-z_0-9]*\}",
    re.S,
)
#: One space-like character (ordinary, no-break or narrow no-break), then the mark.
_BEFORE_COLON = re.compile(r"[ \u00a0\u202f]+:(?=[\s*_)»,.]|$)")
_BEFORE_TALL = re.compile(r"[ \u00a0\u202f]+([;!?])(?=[\s*_)»,.\"']|$)")
_OPEN = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE = re.compile(r"[ \u00a0\u202f]*»")
_BAD = re.compile(r" :(?=[\s*_)»,.]|$)| [;!?](?=[\s*_)»,.\"']|$)| »|« |\u00a0[;!?]|’")

#: The French files the rules hold for (the rules page quotes the rule texts verbatim, with
#: their own spacing, and stays out).
def default_files(root: str | Path = ".") -> list[Path]:
    root = Path(root)
    files = [root / "dicelab" / "locale" / "fr" / "LC_MESSAGES" / "dicelab.po",
             root / "docs" / "fr" / "enseignants.md", root / "docs" / "src" / "lesson_plans_fr.md"]
    files += sorted((root / "notebooks" / "fr").glob("*.md"))
    files += sorted((root / "notebooks" / "fr" / "lessons").glob("*.md"))
    return files


def _on_prose(text: str, change: Callable[[str], str]) -> str:
    out, last = [], 0
    for m in _SKIP.finditer(text):
        out.append(change(text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(change(text[last:]))
    return "".join(out)


def _fix_prose(s: str) -> str:
    s = s.replace("’", "'")
    s = _BEFORE_COLON.sub(NBSP + ":", s)
    s = _BEFORE_TALL.sub(lambda m: NNBSP + m.group(1), s)
    s = _OPEN.sub("«" + NBSP, s)
    s = _CLOSE.sub(NBSP + "»", s)
    return s


def fix(text: str) -> str:
    """``text`` with French spacing before ``: ; ! ?``, inside « », and straight apostrophes."""
    return _on_prose(text, _fix_prose)


def problems(text: str) -> list[str]:
    """Every ordinary space before ``: ; ! ? »`` or after ``«``, every no-break space where a
    narrow one belongs, every curly apostrophe, in ``text``'s prose."""
    found: list[str] = []

    def look(s: str) -> str:
        found.extend(_BAD.findall(s))
        return s

    _on_prose(text, look)
    return found


def _catalog_strings(path: Path, change: Callable[[str], str] | None) -> list[str]:
    """Apply ``change`` to every translation of the catalog (when given); return them all."""
    from babel.messages.pofile import write_po

    from dicelab.tools.catalog import read

    catalog = read(path, "fr")
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if change:
            strings = tuple(change(s) for s in strings)
            m.string = strings if isinstance(m.string, tuple) else strings[0]
        out.extend(strings)
    if change:
        with path.open("wb") as f:
            write_po(f, catalog, sort_output=True, omit_header=False, width=100,
                     include_lineno=False)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args else "check"
    files = [Path(a) for a in args] or default_files()
    bad = 0
    for path in files:
        if path.suffix == ".po":
            strings = _catalog_strings(path, fix if command == "fix" else None)
            issues = [(s, p) for s in strings for p in problems(s)]
        else:
            text = path.read_text(encoding="utf-8")
            if command == "fix":
                text = fix(text)
                path.write_text(text, encoding="utf-8")
            issues = [(path.name, p) for p in problems(text)]
        for where, what in issues:
            print(f"{path}: {what!r} in {where[:70]!r}")
        bad += len(issues)
    return 1 if bad and command == "check" else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
