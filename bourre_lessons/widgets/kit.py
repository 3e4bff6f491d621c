"""Small pieces every widget of the course shares: feedback output, DOM classes, card buttons.

Feedback is written to an `Output` widget's state from the kernel side (`outputs = ()`, then
`append_stdout`), which renders the same in JupyterLab and Voila and never leaks into a cell's
own output (tried in both front ends when the course was built).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..cards import Card, Suit

__all__ = [
    "FOUR_COLOURS",
    "SIZES",
    "TWO_COLOURS",
    "card_button",
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


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink colour for a card's suit in a two- or four-colour deck."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]


def card_button(
    card: Card,
    size: str = "normal",
    four_colour: bool = False,
    on_click: Callable[[Card], object] | None = None,
    button: widgets.Button | None = None,
) -> widgets.Button:
    """A large, readable card button with the card's full name as its tooltip."""
    if button is None:
        button = widgets.Button(description=str(card), tooltip=card.name)
        button.add_class("bourre-card")
        button.add_class(f"bourre-card-{card.code}")
        if on_click is not None:
            button.on_click(lambda _b: on_click(card))
    looks = SIZES[size]
    button.layout = widgets.Layout(width=looks["card_w"], height=looks["card_h"], margin="2px")
    button.style.font_size = looks["card_font"]
    button.style.font_weight = "bold"
    button.style.text_color = card_colour(card, four_colour)
    return button


STYLE = """
<style>
.widget-button.bourre-card { border: 2px solid #8a8a8a !important; border-radius: 8px !important;
  box-shadow: 1px 2px 3px rgba(0, 0, 0, 0.15); }
.widget-button.bourre-card.bourre-legal { border-color: #2e8b57 !important; }
.widget-button.bourre-card { padding: 0 2px !important; overflow: visible !important; }
.bourre-rulebook { flex: 0 0 auto !important; width: auto !important; }
.bourre-rulebook .widget-toggle-button { width: auto !important; min-width: 84px; }
.bourre-classroom .widget-button:not(.bourre-card),
.bourre-classroom .widget-toggle-button,
.bourre-classroom .widget-label,
.bourre-classroom .widget-text input,
.bourre-classroom select,
.bourre-classroom .bourre-feedback pre { font-size: 22px !important; }
.bourre-classroom .widget-button:not(.bourre-card),
.bourre-classroom .widget-toggle-button { height: auto !important; padding: 6px 14px !important; }
.bourre-rulebook .btn-group, .bourre-rulebook .widget-toggle-buttons { flex-wrap: nowrap; }
</style>
"""


def style_sheet() -> widgets.HTML:
    """The course's few CSS rules (card borders, classroom size), as a widget to include once."""
    sheet = widgets.HTML(STYLE)
    sheet.add_class("bourre-style")
    return sheet
