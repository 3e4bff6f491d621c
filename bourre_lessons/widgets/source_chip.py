"""Click a citation, see the source: the rule chip's popover, and the font it needs.

A rule chip (`pagat 3`) opens the source's own words (the quotation, in its language), our
translation, whether the source gives an example, and the engine's readings of it, all from
the register (`bourre_lessons.sources`). The card table draws its chip itself
(`static/card_table.js`, from `table_model.feedback_entry`'s `source`); the HTML parts of the
scenes use `chip_html`, a `<details>` element: a click or Enter opens it, no script needed.

`page_css()` is the CSS every page with a widget gets (the card table's `_css`, and
`kit.style_sheet`): the chip and popover styles, and the subset CJK font shipped in
`static/bourre-cjk.woff2` (tools/make_cjk_font.py) as an `@font-face` with a base64 data URL
(anywidget serves no files), first in the font list of the card table, the popovers, and
every font JupyterLab and Voila draw with (interface, Markdown, inline code, code, output), so
that a page with a course widget on it draws Japanese anywhere on it. Its `unicode-range` keeps it to East Asian
characters, so every other character is drawn exactly as before.
"""

from __future__ import annotations

import base64
import html
from functools import lru_cache
from pathlib import Path

from ..sources import CITED, chip, chip_text, cited_in

__all__ = [
    "CJK_FAMILY",
    "FONT_FILE",
    "chip_html",
    "chip_text",
    "chips_in_html",
    "font_face_css",
    "page_css",
]

STATIC = Path(__file__).parent / "static"
FONT_FILE = STATIC / "bourre-cjk.woff2"
CJK_FAMILY = "Bourre CJK"
UNICODE_RANGE = "U+2E80-FFFF"
"""Where the subset has glyphs: CJK radicals, kana, ideographs, fullwidth forms."""

CHIP_CSS = """
/* rule chips and their popovers (bourre_lessons/widgets/source_chip.py) */
.bourre-source-chip { display: inline-block; }  /* not inline: a closed details would break the line */
.bourre-source-chip > summary { display: inline-block; cursor: pointer; list-style: none; }
.bourre-source-chip > summary::-webkit-details-marker { display: none; }
button.bourre-rule, .bourre-source-chip > summary.bourre-rule { cursor: pointer; font: inherit;
  font-size: 0.85em; color: inherit; }
button.bourre-rule:hover, .bourre-source-chip > summary:hover { background: #fff6d6; }
button.bourre-rule:focus-visible, .bourre-source-chip > summary:focus-visible {
  outline: 3px solid #1f5fbf; outline-offset: 2px; }
.bourre-source-chip > summary::after, button.bourre-rule::after { content: " \\25B8"; font-size: 0.8em; }
.bourre-source-chip[open] > summary::after, button.bourre-rule[aria-expanded="true"]::after {
  content: " \\25BE"; }
.bourre-source-popover { display: block; margin: 6px 0 2px; padding: 8px 12px; max-width: 44em;
  background: #fffdf6; border: 1px solid #b9b2a0; border-radius: 8px; font-weight: normal;
  font-size: 0.92em; line-height: 1.45; color: #1b1b1b; white-space: normal;
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.15); }
.bourre-source-popover[hidden] { display: none; }
.bourre-source-cite { font-weight: bold; }
.bourre-source-quote { margin: 4px 0; padding-left: 10px; border-left: 3px solid #b8962e; }
.bourre-source-translation, .bourre-source-example, .bourre-source-reading { margin-top: 4px; }
.bourre-source-reading { color: #5a4300; }
"""


@lru_cache(maxsize=1)
def font_face_css() -> str:
    """The @font-face rule of the shipped CJK subset, as a base64 data URL ("" if the file is
    missing, so a page still draws, without the font)."""
    if not FONT_FILE.is_file():
        return ""
    data = base64.b64encode(FONT_FILE.read_bytes()).decode("ascii")
    return (
        f'@font-face {{ font-family: "{CJK_FAMILY}"; font-style: normal; font-weight: 400; '
        f"font-display: swap; unicode-range: {UNICODE_RANGE}; "
        f'src: url(data:font/woff2;base64,{data}) format("woff2"); }}\n'
    )


JUPYTER_FAMILY = (
    'system-ui, -apple-system, blinkmacsystemfont, "Segoe UI", helvetica, arial, sans-serif, '
    '"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"'
)
"""JupyterLab's own interface and content font list (its themes' `--jp-ui-font-family`)."""
CODE_FAMILY = 'menlo, consolas, "DejaVu Sans Mono", monospace'
"""JupyterLab's own code font list (`--jp-code-font-family-default`)."""


def _family_css() -> str:
    """Put the CJK subset first (its unicode-range limits it) wherever a page draws text: the
    course's widgets, and JupyterLab's and Voila's own fonts (interface, Markdown, inline code,
    code cells, outputs), through the variables every part of them reads, with the places the
    course writes in named again in case a theme sets a variable after this sheet."""
    cjk = f'"{CJK_FAMILY}"'
    ui = f"{cjk}, {JUPYTER_FAMILY}"
    code = f"{cjk}, var(--jp-code-font-family-default, {CODE_FAMILY})"
    return (
        f"html:root {{ --jp-ui-font-family: {ui}; --jp-content-font-family: {ui}; "
        f"--jp-code-font-family: {code}; }}\n"
        f'.bourre-felt, .bourre-source-popover, .bourre-source-chip {{ font-family: {cjk}, "DejaVu Sans", '
        "Arial, sans-serif; }\n"
        f".jp-RenderedMarkdown, .jp-RenderedHTMLCommon "
        f"{{ font-family: {cjk}, var(--jp-content-font-family, {JUPYTER_FAMILY}); }}\n"
        ".jp-RenderedHTMLCommon code, .jp-RenderedHTMLCommon pre, .jp-RenderedText, "
        ".jp-RenderedText pre, .jp-OutputArea-output pre, .jp-InputArea-editor .cm-content "
        f"{{ font-family: {cjk}, var(--jp-code-font-family, {CODE_FAMILY}); }}\n"
    )


@lru_cache(maxsize=1)
def page_css() -> str:
    """The CSS a page with a course widget needs: the font, where it applies, and the chips."""
    return font_face_css() + _family_css() + CHIP_CSS


def chip_html(citation: str, label: str | None = None) -> str:
    """A rule chip for HTML parts of a view: the citation (or `label`) as a `<details>` whose
    body is the source's words and ours; a citation the register does not know stays plain
    text."""
    esc = html.escape
    shown = esc(label or citation)
    try:
        data = chip(citation)
    except KeyError:
        return f"<span class='bourre-rule'>{shown}</span>"
    parts = [f"<span class='bourre-source-cite'>{esc(data['cite'])}</span>"]
    if data["quote"]:
        parts[0] += f" ({esc(data['language'])}, the source's own words):"
        parts.append(
            f"<div class='bourre-source-quote' lang='{esc(data['lang'])}'>{esc(data['quote'])}</div>"
        )
        parts.append(
            f"<div class='bourre-source-translation'>Our translation: "
            f"{esc(data['translation'])}</div>"
        )
    else:
        parts.append(f"<div class='bourre-source-translation'>{esc(data['translation'])}</div>")
    if data["example"]:
        parts.append(f"<div class='bourre-source-example'>Example: {esc(data['example'])}.</div>")
    parts += [
        f"<div class='bourre-source-reading'>Engine's reading: {esc(r['text'])}.</div>"
        for r in data["readings"]
    ]
    return (
        f"<details class='bourre-source-chip' data-rule='{esc(data['id'])}'>"
        f"<summary class='bourre-rule' title='Show the source&#39;s own words'>{shown}</summary>"
        f"<div class='bourre-source-popover' role='note'>{''.join(parts)}</div></details>"
    )


def chips_in_html(text: str) -> str:
    """`text` as HTML, each citation in it ("[pagat 3]", "[laws 46B2, pagat 2]") drawn as a
    rule chip that opens its quotation; a bracket the register does not know stays text."""
    out, end = [], 0
    for match in CITED.finditer(text):
        known = cited_in(match.group(0))
        if not known:
            continue
        out.append(html.escape(text[end : match.start()]))
        parts = [p.strip() for p in match.group(1).split(",")]
        out.append(" ".join(chip_html(p) if p in known else html.escape(p) for p in parts))
        end = match.end()
    out.append(html.escape(text[end:]))
    return "".join(out)
