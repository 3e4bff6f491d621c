"""The widget kit's naming of DOM classes, which the browser tests select on."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from bourre_lessons.widgets.kit import connect_buttons, dom_name, tag_attributes


@pytest.mark.parametrize(
    ("attribute", "name"),
    [
        ("check_button", "check"),
        ("hand_box", "hand"),
        ("prompt_html", "prompt"),
        ("trump_menu", "trump"),
        ("seat_slider", "seat"),
        ("pot_carried", "pot-carried"),
        ("four_colour", "four-colour"),
        ("output", "output"),
    ],
)
def test_a_dom_name_drops_the_widget_kind_and_uses_dashes(attribute, name):
    assert dom_name(attribute) == name


class Panel:
    def __init__(self) -> None:
        self.say_box = widgets.Text()
        self.say_button = widgets.Button()
        self.output = widgets.Output()
        self.clicked: list[str] = []


def test_tagging_uses_the_dom_name_unless_renamed():
    panel = Panel()
    tag_attributes(panel, "bourre", "say_box say_button output", {"say_button": "say-button"})
    assert panel.say_box._dom_classes == ("bourre-say",)
    assert panel.say_button._dom_classes == ("bourre-say-button",)
    assert panel.output._dom_classes == ("bourre-output",)


def test_an_unknown_attribute_is_an_error_not_a_silent_skip():
    with pytest.raises(AttributeError, match="say_bx"):
        tag_attributes(Panel(), "bourre", "say_bx", {})


def test_connected_buttons_call_their_action_on_click():
    panel = Panel()
    connect_buttons(panel, say_button=lambda: panel.clicked.append("say"))
    panel.say_button.click()
    assert panel.clicked == ["say"]
