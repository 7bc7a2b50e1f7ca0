"""Keep the message catalogs in step with the source (a developer tool, built on Babel).

    python -m dicelab.tools.catalog update [--memory OTHER.po ...]
        extract every message of the package and update each language's .po:
        new messages are added empty, gone ones dropped; ``--memory`` files lend
        translations (e.g. the other side of a merge)
    python -m dicelab.tools.catalog check
        fail (exit 1) if a message is missing from a .po, untranslated or fuzzy
    python -m dicelab.tools.catalog compile [DIR]
        write the .mo files (the install does this; see setup.py)

Messages are the first argument of ``_``, ``N_``, ``ngettext`` (singular and
plural) and of the error classes (``IllegalMove("… {x}", x=…)``).
"""

from __future__ import annotations

import contextlib
import datetime
import io
import sys
from pathlib import Path
from typing import Any

from dicelab.core.i18n import DOMAIN, LOCALE_DIR, SUPPORTED

PACKAGE_DIR = LOCALE_DIR.parent
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "ngettext_amount": (1, 2),
    "DicelabError": None,
    "IllegalMove": None,
    "InvalidDice": None,
    "InvalidRules": None,
    "InvalidSave": None,
    "PlotError": None,
    "refuse": (2,),  # dicelab.games.saves.refuse(summary, template, ...)
}
#: Catalog header dates stay fixed, so that an update changes only what the source changed.
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
TRANSLATED = tuple(lang for lang in SUPPORTED if lang != "en")
PLURAL_FORMS = {"fr": (2, "(n > 1)")}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Any:
    """A Babel catalog of every message in the package's Python files."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(domain=DOMAIN, project="dicelab")
    method_map = [("**.py", "python")]
    # Babel warns on stderr about f-strings given to a keyword (errors built with
    # f-strings are simply not translated); ``check --fstrings`` lists them.
    with contextlib.redirect_stderr(io.StringIO()):
        found = list(extract_from_dir(
            str(PACKAGE_DIR), method_map=method_map, keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
        ))
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"dicelab/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _key(message: Any) -> Any:
    return message.id


def update(memory: list[Path] | None = None) -> None:
    """Update every translated language's .po from the source (see the module doc)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = extract()
    for lang in TRANSLATED:
        path = po_path(lang)
        known: dict[Any, Any] = {}
        for source in [*(memory or []), path]:
            if source.exists():
                for m in read(source, lang):
                    if m.id and m.string and (not isinstance(m.string, tuple) or all(m.string)):
                        known[_key(m)] = m.string
        out = Catalog(locale=lang, domain=DOMAIN, project="dicelab", fuzzy=False,
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      header_comment=f"# dicelab messages in {lang}: "
                      "python -m dicelab.tools.catalog update, then translate.")
        if lang in PLURAL_FORMS:  # gettext's usual rule, not CLDR's three French forms
            nplurals, expr = PLURAL_FORMS[lang]
            out._num_plurals, out._plural_expr = nplurals, expr
        for m in template:
            if not m.id:
                continue
            string = known.get(_key(m), ("", "") if isinstance(m.id, tuple) else "")
            out.add(m.id, string, locations=sorted(set(m.locations)),
                    auto_comments=m.auto_comments, context=m.context)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, out, sort_output=True, omit_header=False, width=100,
                     include_lineno=False)


def problems() -> list[str]:
    """Every way the catalogs fall short of the source: missing, untranslated, fuzzy, stale."""
    template = extract()
    wanted = {_key(m) for m in template if m.id}
    out: list[str] = []
    for lang in TRANSLATED:
        path = po_path(lang)
        if not path.exists():
            out.append(f"{lang}: no catalog at {path}")
            continue
        catalog = read(path, lang)
        have = {_key(m): m for m in catalog if m.id}
        for key in sorted(wanted - set(have), key=str):
            out.append(f"{lang}: missing {key!r}")
        for key in sorted(set(have) - wanted, key=str):
            out.append(f"{lang}: no longer in the source {key!r}")
        for key, m in have.items():
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if not all(strings):
                out.append(f"{lang}: untranslated {key!r}")
            if m.fuzzy:
                out.append(f"{lang}: fuzzy {key!r}")
    return out


def compile_catalogs(target: Path | None = None) -> list[Path]:
    """Write ``<target>/<lang>/LC_MESSAGES/dicelab.mo`` for every .po (target: the package's)."""
    from babel.messages.mofile import write_mo

    written = []
    for lang in TRANSLATED:
        src = po_path(lang)
        if not src.exists():
            continue
        dest = (target or LOCALE_DIR) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        dest.parent.mkdir(parents=True, exist_ok=True)
        with dest.open("wb") as f:
            write_mo(f, read(src, lang))
        written.append(dest)
    return written


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"update", "check", "compile"}:
        print(__doc__)
        return 2
    if argv[0] == "update":
        sys.stdout.reconfigure(errors="replace")
        mem = [Path(a) for a in argv[1:] if a != "--memory"]
        update(mem)
        bad = problems()
        print(f"updated; {len(bad)} message(s) still to translate")
        for line in bad[:50]:
            print("  " + line)
        if len(bad) > 50:
            print(f"  ... and {len(bad) - 50} more")
        return 0
    if argv[0] == "check":
        bad = problems()
        for line in bad:
            print(line)
        return 1 if bad else 0
    for path in compile_catalogs(Path(argv[1]) if len(argv) > 1 else None):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
