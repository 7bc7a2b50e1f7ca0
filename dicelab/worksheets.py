"""Printable worksheets and answer keys for the lessons, as PDF (issue 10 §4).

For every lesson of :mod:`dicelab.lessons` and every language, a **worksheet** lists the
lesson's predictions and exercises with space to write, and an **answer key** gives each
answer, computed by the package when the PDF is built, with its worked answer.  The PDF is
drawn by matplotlib (already a dependency): fonts are embedded, nothing is fetched from the
internet, and mathematics is plain text (√, ≥, σ, ²).

    python -m dicelab.worksheets [OUT_DIR] [LESSON …]      # `make worksheets`

writes ``OUT_DIR/<lang>/<lesson file>-worksheet.pdf`` and ``…-key.pdf``.

>>> content = lines("binomial", "en", answer_key=True)
>>> content[0]
('title', 'The binomial law — answer key')
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from .i18n import _
from .lessons import FILES, LESSONS, lesson_of

#: Characters per line of wrapped text on an A4 page at 11 pt.
WIDTH = 88
A4 = (8.27, 11.69)


def _lines(lesson_key: str, lang: str, answer_key: bool) -> list[tuple[str, str]]:
    lesson = lesson_of(lesson_key)
    title = _(lesson.title, lang=lang)
    kind = _("answer key", lang=lang) if answer_key else _("worksheet", lang=lang)
    out: list[tuple[str, str]] = [("title", f"{title} — {kind}")]
    out.append(("sub", f"{lesson.game} · {_(lesson.programme, lang=lang)}"))
    if not answer_key:
        out.append(("sub", _("Name: ______________________   Class: ________", lang=lang)))
    n_pred = n_ex = 0
    for q in lesson.questions:
        if q.kind == "predict":
            n_pred += 1
            label = _("Predict {n}", lang=lang, n=n_pred)
        else:
            n_ex += 1
            label = _("Exercise {n}", lang=lang, n=n_ex)
        text = f"{label}. {q.text_in(lang)}"
        if q.input == "choice":
            text += "  " + "  ".join(f"☐ {o}" for o in q.options_in(lang))
        out.append(("q", text))
        if answer_key:
            out.append(("a", _("Answer: {answer}.", lang=lang, answer=q.answer_text(lang))))
            worked = q.worked_text(lang)
            if worked:
                out.append(("a", worked))
            if q.kind == "exercise" and q.tolerance:
                out.append(("a", _("Accepted within ± {tol}.", lang=lang,
                                   tol=_show_tol(q.tolerance, lang))))
        else:
            out.append(("space", _("My answer:", lang=lang)))
    if answer_key:
        out.append(("sub", _("Likely misconceptions", lang=lang)))
        for wrong, _qk in lesson.misconceptions:
            out.append(("a", "• " + _(wrong, lang=lang)))
    return out


def _show_tol(tol: float, lang: str) -> str:
    from .i18n import fmt_number

    digits = max(0, min(4, len(f"{tol:.4f}".rstrip("0").split(".")[1]) if tol < 1 else 0))
    return fmt_number(tol, digits, lang)


def lines(lesson_key: str, lang: str, *, answer_key: bool = False) -> list[tuple[str, str]]:
    """The content of a worksheet or answer key: ``(style, text)`` pairs, style one of
    ``title``, ``sub``, ``q`` (a question), ``a`` (an answer line), ``space`` (room to write).

    >>> lines("binomial", "fr", answer_key=True)[0][1]
    'La loi binomiale — corrigé'
    """
    return _lines(lesson_key, lang, answer_key)


def write_pdf(content: Sequence[tuple[str, str]], path: str | Path) -> Path:
    """Draw the lines on A4 pages and save them as a PDF (fonts embedded, no network)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    style = {"title": (16, "bold", 2), "sub": (11, "bold", 1), "q": (11, "normal", 1),
             "a": (11, "normal", 1), "space": (10, "normal", 1)}
    with matplotlib.rc_context({"pdf.fonttype": 42, "font.family": "DejaVu Sans"}), \
            PdfPages(path) as pdf:
        fig, y = None, 0.0
        for kind, text in content:
            size, weight, _gap = style[kind]
            wrapped = textwrap.wrap(text, WIDTH if kind != "title" else 60) or [""]
            need = len(wrapped) * size * 1.5 / 72 + (1.2 if kind == "space" else 0.15)
            if fig is None or y - need < 0.8:
                if fig is not None:
                    pdf.savefig(fig)
                fig = Figure(figsize=A4)
                y = A4[1] - 0.8
            for line in wrapped:
                fig.text(0.8 / A4[0], y / A4[1], line, fontsize=size, fontweight=weight,
                         va="top", ha="left", color="black")
                y -= size * 1.5 / 72
            if kind == "space":
                fig.add_artist(matplotlib.lines.Line2D(
                    [0.8 / A4[0], 1 - 0.8 / A4[0]], [(y - 0.9) / A4[1]] * 2,
                    color="#888888", linewidth=0.6))
                y -= 1.2
            else:
                y -= 0.15
        if fig is not None:
            pdf.savefig(fig)
    return path


def build(out_dir: str | Path = "worksheets", keys: Sequence[str] | None = None,
          langs: Sequence[str] = ("en", "fr")) -> list[Path]:
    """Write every lesson's worksheet and answer key in each language; returns the paths."""
    out = []
    for lang in langs:
        for key in keys or list(LESSONS):
            name = FILES[lang][key]
            for answer_key, suffix in ((False, "worksheet"), (True, "key")):
                out.append(write_pdf(lines(key, lang, answer_key=answer_key),
                                     Path(out_dir) / lang / f"{name}-{suffix}.pdf"))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out_dir = args.pop(0) if args else "worksheets"
    for p in build(out_dir, args or None):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
