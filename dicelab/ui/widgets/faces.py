"""Die faces drawn with pips (SVG), and the app's stylesheet.

Each die toggle carries a class ``dicelab-face-N``; the stylesheet draws face N on it
as an SVG mask painted in the text colour of the theme (JupyterLab CSS variables), so
the dice stay readable in a dark theme.  A toggled die is lifted (its position), outlined
and marked with a check and a word (never colour alone).  A fresh roll shakes briefly
(class ``dicelab-new-a``/``-b``) unless animation is off or the system asks for reduced motion.

>>> face_svg(5).count("<circle")
5
>>> "dicelab-face-6" in stylesheet()
True
"""

from __future__ import annotations

from functools import cache
from urllib.parse import quote

#: Pip centres on a 100 × 100 face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((26, 26), (50, 50), (74, 74)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((27, 27), (73, 27), (50, 50), (27, 73), (73, 73)),
    6: ((28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)),
}


def face_svg(face: int, size: int = 28, title: str = "") -> str:
    """An inline SVG die face in the current text colour (``currentColor``)."""
    circles = "".join(f'<circle cx="{x}" cy="{y}" r="9"/>' for x, y in _PIPS.get(face, ()))
    label = f"<title>{title}</title>" if title else ""
    return (
        f'<svg class="dicelab-face" width="{size}" height="{size}" viewBox="0 0 100 100" '
        f'role="img" aria-label="{title or face}" style="vertical-align:middle">{label}'
        f'<rect x="4" y="4" width="92" height="92" rx="16" fill="none" '
        f'stroke="currentColor" stroke-width="6"/><g fill="currentColor">{circles}</g></svg>'
    )


def _mask(face: int) -> str:
    circles = "".join(f"<circle cx='{x}' cy='{y}' r='9'/>" for x, y in _PIPS[face])
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
        "<rect x='4' y='4' width='92' height='92' rx='16' fill='none' stroke='black' "
        f"stroke-width='6'/>{circles}</svg>"
    )
    return "url(\"data:image/svg+xml;utf8," + quote(svg) + "\")"


@cache
def stylesheet() -> str:
    """The ``<style>`` block every app carries (scoped to ``.dicelab-app``, but for one
    rule: links in the notebook's text are underlined, not told apart by colour alone)."""
    faces = "".join(
        f".dicelab-app .dicelab-face-{f}{{--dicelab-face:{_mask(f)};}}" for f in _PIPS
    )
    return "<style>" + faces + """
.dicelab-app{max-width:100%;color:var(--jp-ui-font-color1);}
.dicelab-app:focus{outline:2px dotted var(--jp-border-color1);}
.dicelab-app .dicelab-dice{flex-wrap:wrap;align-items:flex-end;min-height:96px;}
.dicelab-app .dicelab-die{width:64px;height:86px;margin:12px 4px 4px 0;padding:2px;
  display:flex;flex-direction:column;align-items:center;justify-content:flex-end;
  background:var(--jp-layout-color1);color:var(--jp-ui-font-color1);
  border:2px solid var(--jp-border-color1);border-radius:10px;font-size:12px;
  line-height:1.1;white-space:normal;transition:transform .12s;}
.dicelab-app .dicelab-die::before{content:"";display:block;width:46px;height:46px;
  margin:0 auto 3px;background-color:currentColor;
  -webkit-mask:var(--dicelab-face) center/contain no-repeat;
  mask:var(--dicelab-face) center/contain no-repeat;}
.dicelab-app .dicelab-die.mod-active{transform:translateY(-10px);
  outline:3px solid var(--jp-ui-font-color1);outline-offset:2px;border-style:double;
  border-width:4px;font-weight:bold;}
.dicelab-app .dicelab-die:disabled{opacity:.8;}
.dicelab-app .dicelab-die.dicelab-hinted{border-style:dashed;border-width:3px;}
.dicelab-app .dicelab-die.dicelab-hinted::after{content:"☆";position:absolute;top:0;
  right:4px;font-size:14px;}
.dicelab-app .dicelab-die{position:relative;}
.dicelab-app.dicelab-animate .dicelab-new-a{animation:dicelab-shake-a .45s ease-out;}
.dicelab-app.dicelab-animate .dicelab-new-b{animation:dicelab-shake-b .45s ease-out;}
@keyframes dicelab-shake-a{0%{transform:rotate(-25deg) scale(.7)}60%{transform:rotate(8deg)}
  100%{transform:none}}
@keyframes dicelab-shake-b{0%{transform:rotate(25deg) scale(.7)}60%{transform:rotate(-8deg)}
  100%{transform:none}}
@media (prefers-reduced-motion: reduce){.dicelab-app .dicelab-die{animation:none!important;}}
.dicelab-app .dicelab-board,.dicelab-app .dicelab-overlay,.dicelab-app .dicelab-log{
  max-width:100%;overflow-x:auto;}
.dicelab-app .dicelab-odds{max-height:40vh;overflow:auto;}
/* the review's page wraps to the app's width (an HTML widget's content otherwise grows
   to its widest table: at phone width the text was cut off on the right) */
.dicelab-app .dicelab-review>.widget-html-content{min-width:0;max-width:100%;}
@media (max-width: 600px){.dicelab-app .dicelab-board table,.dicelab-app .dicelab-board tr,
  .dicelab-app .dicelab-board td{display:block;}
  .dicelab-app .dicelab-die{width:56px;height:78px;}}
.dicelab-app .dicelab-surface{background:var(--jp-layout-color1);
  color:var(--jp-ui-font-color1);border:1px solid var(--jp-border-color2);}
.dicelab-app .dicelab-surface td,.dicelab-app .dicelab-surface th{
  border:1px solid var(--jp-border-color2);padding:2px 6px;text-align:left;}
.dicelab-app .dicelab-muted{color:var(--jp-ui-font-color2);}
.dicelab-app .dicelab-bar-track{display:inline-block;width:180px;max-width:40vw;height:14px;
  background:var(--jp-layout-color2);border:1px solid var(--jp-border-color1);
  vertical-align:middle;}
.dicelab-app .dicelab-computer-dice .dicelab-die{border-style:dotted;}
.dicelab-app .jupyter-widget-Collapse-header{color:var(--jp-ui-font-color1);}
.dicelab-app .dicelab-controls .widget-inline-hbox{flex-wrap:wrap;height:auto;max-width:100%;}
.dicelab-app .dicelab-controls .widget-label,.dicelab-app .dicelab-controls label,
.dicelab-app .dicelab-controls label span{white-space:normal;overflow:visible;
  text-overflow:clip;height:auto;max-width:100%;line-height:1.3;text-align:left;}
.dicelab-app .dicelab-controls select{max-width:100%;}
.dicelab-app a.dicelab-save,.dicelab-app a.dicelab-save:link{display:inline-flex;
  align-items:center;gap:4px;padding:0 12px;
  line-height:28px;height:28px;text-decoration:none;color:var(--jp-ui-font-color1);}
.jp-RenderedHTMLCommon a:link,.jp-RenderedHTMLCommon a:visited{text-decoration:underline;}
.dicelab-app .dicelab-more,.dicelab-app .dicelab-mark-inline{display:none;}
@media (max-width: 600px){
  .dicelab-app .dicelab-odds .dicelab-others,.dicelab-app .dicelab-odds .dicelab-marks,
  .dicelab-app .dicelab-odds th:nth-child(4),.dicelab-app .dicelab-odds th:nth-child(5),
  .dicelab-app .dicelab-odds .dicelab-number-name{display:none;}
  .dicelab-app .dicelab-more{display:block;font-size:85%;font-weight:normal;}
  .dicelab-app .dicelab-mark-inline{display:inline;}
  .dicelab-app .dicelab-odds .dicelab-bar-track{width:22vw;}
  .dicelab-app .dicelab-odds table{width:100%;}
  .dicelab-app .dicelab-mode .widget-toggle-button{padding:0 6px;}
  .dicelab-app .dicelab-odds{max-height:none;}
  .dicelab-app .dicelab-odds-short .dicelab-extra,
  .dicelab-app .dicelab-odds-short .dicelab-odds .dicelab-more{display:none;}
  .dicelab-app .dicelab-odds-short .dicelab-choice td:first-child{white-space:nowrap;
    overflow:hidden;text-overflow:ellipsis;max-width:58vw;}
  .dicelab-app .dicelab-odds-short .dicelab-odds th{font-size:85%;hyphens:auto;
    overflow-wrap:anywhere;}
  .dicelab-app .dicelab-odds-short .dicelab-odds .dicelab-bar-track{width:12vw;}}
@media (min-width: 601px){.dicelab-app .dicelab-all-choices{display:none!important;}}
.dicelab-app .dicelab-bar{display:block;height:100%;background:var(--jp-brand-color1);}
.dicelab-app .dicelab-best .dicelab-bar{background:var(--jp-brand-color0);}
.dicelab-app .dicelab-mine{outline:2px dashed var(--jp-ui-font-color1);}
.dicelab-app .dicelab-buttons{flex-wrap:wrap;}
.dicelab-app .dicelab-help{font-size:85%;color:var(--jp-ui-font-color2);}
.dicelab-app .dicelab-error{color:var(--jp-error-color1);}
.dicelab-app .dicelab-error details{color:var(--jp-ui-font-color1);font-size:90%;}
.dicelab-app .widget-button.dicelab-off{background:var(--jp-layout-color1);
  color:var(--jp-ui-font-color1);border:1px dashed var(--jp-border-color1);
  font-style:italic;box-shadow:none;}
.dicelab-app .dicelab-prompt{border:2px solid var(--jp-warn-color1);padding:4px;
  flex-wrap:wrap;}
</style>"""
