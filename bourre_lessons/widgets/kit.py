"""Small pieces every widget of the course shares: feedback output and callout, DOM classes.

Feedback is written to an `Output` widget's state from the kernel side (`outputs = ()`, then
`append_stdout`), which renders the same in JupyterLab and Voila and never leaks into a cell's
own output (tried in both front ends when the course was built).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..cards import Card, Suit
from .source_chip import chip_html, chips_in_html, page_css

__all__ = [
    "FOUR_COLOURS",
    "SIZES",
    "TWO_COLOURS",
    "add_buttons",
    "callout_html",
    "card_colour",
    "connect_buttons",
    "dom_name",
    "style_sheet",
    "tag_attributes",
    "toggle_class",
    "write",
]

TWO_COLOURS = {
    Suit.SPADES: "#111111",
    Suit.CLUBS: "#111111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
}
FOUR_COLOURS = {
    Suit.SPADES: "#111111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.CLUBS: "#1d7a2e",
}
SIZES = {
    "normal": {"card_w": "64px", "card_h": "88px", "card_font": "24px", "text": "15px"},
    "classroom": {"card_w": "104px", "card_h": "140px", "card_font": "40px", "text": "24px"},
}


def write(output: widgets.Output, text: str) -> None:
    """Replace what an Output widget shows with `text` (nothing when empty)."""
    output.outputs = ()
    if text:
        output.append_stdout(text + "\n")


def toggle_class(widget: widgets.DOMWidget, name: str, on: bool) -> None:
    """Add the DOM class `name` to `widget` when `on`, remove it otherwise."""
    if on:
        widget.add_class(name)
    else:
        widget.remove_class(name)


_KIND_ENDINGS = ("_button", "_box", "_html", "_menu", "_slider")


def dom_name(attribute: str) -> str:
    """The DOM class name of a widget attribute: its name without a widget-kind ending
    (`_button`, `_box`, `_html`, `_menu`, `_slider`), with dashes for underscores."""
    for ending in _KIND_ENDINGS:
        if attribute.endswith(ending):
            attribute = attribute[: -len(ending)]
            break
    return attribute.replace("_", "-")


def tag_attributes(owner: object, prefix: str, names: str, renamed: dict[str, str]) -> None:
    """Give each widget attribute of `owner` named in `names` (separated by spaces) the stable
    DOM class `<prefix>-<name>`: the `renamed` entry if it has one, else `dom_name`."""
    for attribute in names.split():
        name = renamed.get(attribute) or dom_name(attribute)
        getattr(owner, attribute).add_class(f"{prefix}-{name}")


def connect_buttons(owner: object, **actions: Callable[[], object]) -> None:
    """Make each named button attribute of `owner` call its action when clicked."""
    for attribute, action in actions.items():
        getattr(owner, attribute).on_click(lambda _button, act=action: act())


def add_buttons(owner: object, **buttons: tuple[str, Callable[[], object]]) -> None:
    """Give `owner` a button attribute for each name, with its label and the action a click
    calls: `add_buttons(self, hint_button=("Hint", self.hint))`."""
    for attribute, (label, _action) in buttons.items():
        setattr(owner, attribute, widgets.Button(description=label))
    connect_buttons(owner, **{name: action for name, (_label, action) in buttons.items()})


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink colour for a card's suit in a two- or four-colour deck."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]


def callout_html(feedback: Mapping[str, Any], font_size: str = "15px") -> str:
    """The feedback callout as HTML, as the card table draws it (a `table_model.feedback_entry`):
    a ✔ or ✘ mark, the reason, the rule cited and its summary, then the other lines."""
    esc = html.escape
    parts = []
    if feedback.get("head"):
        mark = feedback.get("mark", "")
        head = f"<span class='bourre-mark'>{esc(mark)}</span>" if mark else ""
        head += chips_in_html(feedback.get("reason", feedback["head"]))
        if feedback.get("rule_id"):
            label = feedback.get("cite") or feedback["rule_id"]
            head += chip_html(feedback["rule_id"], label=label)
        parts.append(f"<div class='bourre-feedback-head'>{head}</div>")
    if feedback.get("summary"):
        parts.append(f"<div class='bourre-feedback-summary'>{esc(feedback['summary'])}</div>")
    parts += [
        f"<div class='bourre-feedback-line'>{chips_in_html(x)}</div>"
        for x in feedback.get("lines", [])
    ]
    verdict = esc(feedback.get("verdict", ""))
    return (
        f"<div class='bourre-feedback bourre-callout' data-verdict='{verdict}' role='status' "
        f"aria-live='polite' style='font-size:{esc(font_size)}'>{''.join(parts)}</div>"
    )


STYLE = """
<style>
.bourre-rulebook { flex: 0 0 auto !important; width: auto !important; }
.bourre-rulebook .widget-toggle-button { width: auto !important; min-width: 84px; }
.bourre-classroom-toggle { flex: 0 0 auto !important; }
.bourre-cinch { width: auto !important; flex: 0 0 auto !important; }
.bourre-nav { flex-wrap: wrap; }
.bourre-nav .widget-button { width: auto !important; min-width: 7.5em; flex: 0 0 auto !important;
  overflow: visible !important; }
.bourre-cinch select { width: auto !important; min-width: 12em; }
/* the game table's buttons: each as wide as its words, on one line, never cut or broken
   inside a word ("Show the coach's review", "Discard selected"); a row wraps instead */
.bourre-table-game .widget-hbox { flex-wrap: wrap; }
.bourre-table-game .widget-button:not(.bourre-card) { width: auto !important; min-width: 7.5em;
  flex: 0 0 auto !important; overflow: visible !important; white-space: nowrap !important;
  word-break: normal !important; overflow-wrap: normal !important; }
.bourre-classroom .widget-button:not(.bourre-card),
.bourre-classroom .widget-toggle-button,
.bourre-classroom .widget-label,
.bourre-classroom .widget-label-basic,
.bourre-classroom .widget-text input,
.bourre-classroom select,
.bourre-classroom .bourre-feedback pre { font-size: 22px !important; }
.bourre-classroom .widget-button:not(.bourre-card),
.bourre-classroom .widget-toggle-button { height: auto !important; padding: 6px 14px !important; }
.bourre-rulebook .btn-group, .bourre-rulebook .widget-toggle-buttons { flex-wrap: nowrap; }
.bourre-callout { border-radius: 8px; line-height: 1.4; margin: 6px 0; }
.bourre-callout[data-verdict="legal"], .bourre-callout[data-verdict="illegal"],
.bourre-callout[data-verdict="info"] { padding: 8px 12px; border-left: 6px solid; }
.bourre-callout[data-verdict="legal"] { background: #e6f4ea; border-color: #2e8b57; }
.bourre-callout[data-verdict="illegal"] { background: #fde8e8; border-color: #c8102e; }
.bourre-callout[data-verdict="info"] { background: #eef3fb; border-color: #1f5fbf; }
.bourre-callout .bourre-feedback-head { font-weight: bold; }
.bourre-callout .bourre-mark { display: inline-block; min-width: 1.4em; margin-right: 6px;
  border-radius: 50%; text-align: center; color: #ffffff; }
.bourre-callout[data-verdict="legal"] .bourre-mark { background: #2e8b57; }
.bourre-callout[data-verdict="illegal"] .bourre-mark { background: #c8102e; }
.bourre-callout .bourre-rule { margin-left: 8px; padding: 0 6px; border-radius: 5px;
  font-size: 0.85em; font-weight: normal; background: #ffffff; border: 1px solid currentColor; }
.bourre-story { margin: 6px 0; padding-left: 2em; }
.bourre-story li { padding: 3px 8px; border-radius: 6px; }
.bourre-story li.bourre-story-now { background: #fff3c4; }
.bourre-classroom .bourre-story li:not(.bourre-story-now) { font-size: 0.72em; color: #444444; }
.bourre-story-more > summary { cursor: pointer; margin: 4px 0 0 2em; }
.bourre-story-pot { display: inline-block; margin-left: 8px; padding: 0 8px; border-radius: 10px;
  background: #f6e7b0; border: 1px solid #b8962e; font-weight: bold; white-space: nowrap; }
.bourre-story-detail { white-space: pre-line; margin: 6px 0 6px 2em; padding: 6px 12px;
  border-left: 4px solid #b9b2a0; background: #faf8f2; }
</style>
"""


def style_sheet() -> widgets.HTML:
    """The course's few CSS rules (card borders, classroom size, rule chips, the CJK font), as
    a widget to include once."""
    sheet = widgets.HTML(STYLE + f"<style>{page_css()}</style>")
    sheet.add_class("bourre-style")
    return sheet
