"""The house file: the TOML of the house as it stands, loaded from a file or text, saved to a
path or downloaded.

The text area always shows the TOML of the switches on screen; edit it and press **Use this
text**, or load a file with **Load a house file**. A file that cannot be read leaves the
house exactly as it was and says why, in the words of `house.load_house`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import ipywidgets as widgets

from .bench_core import HouseRules, HouseRulesError, house_to_toml, save_house

__all__ = ["HouseFileBox"]


class HouseFileBox(widgets.VBox):
    """The TOML, Load / Use this text / Save / Download, and a line for what happened."""

    def __init__(self, load: Callable[[str], str]) -> None:
        self._load = load
        self._house: HouseRules | None = None
        self.text_area = widgets.Textarea(layout={"width": "100%", "height": "9em"})
        self.text_area.add_class("bourre-house-toml")
        self.use_button = widgets.Button(
            description="Use this text", tooltip="Read the text above as a house file"
        )
        self.upload = widgets.FileUpload(
            accept=".toml,.txt", multiple=False, description="Load a house file"
        )
        self.path_box = widgets.Text(
            placeholder="my_house.toml", description="Save to", layout={"width": "22em"}
        )
        self.save_button = widgets.Button(
            description="Save", tooltip="Write the house file to this path"
        )
        self.download = widgets.HTML()
        self.message = widgets.HTML()
        self.message.add_class("bourre-house-message")
        self.use_button.on_click(lambda _b: self.use_text())
        self.save_button.on_click(lambda _b: self.save(self.path_box.value))
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        row = widgets.HBox(
            [self.upload, self.use_button, self.path_box, self.save_button, self.download]
        )
        row.layout.flex_flow = "row wrap"
        super().__init__([self.text_area, row, self.message])
        self.add_class("bourre-house-file")

    def show(self, house: HouseRules) -> None:
        """Show the TOML of `house` and a download link for it."""
        self._house = house
        text = house_to_toml(house)
        self.text_area.value = text
        name = _file_name(house.name)
        self.download.value = (
            f"<a class='bourre-house-download' download='{html.escape(name)}' "
            f"href='data:text/plain;charset=utf-8,{quote(text)}'>⬇ Download {html.escape(name)}</a>"
        )

    def use_text(self) -> str:
        """Read the text area as a house file (the message says what happened)."""
        return self.say(self._load(self.text_area.value))

    def save(self, path: str | Path) -> str:
        """Write the house file to `path`; the message says where, or why not."""
        if self._house is None or not str(path).strip():
            return self.say("Type a file name to save to, such as my_house.toml.", error=True)
        try:
            written = save_house(self._house, Path(str(path).strip()))
        except (OSError, HouseRulesError) as refused:
            return self.say(f"Could not save: {refused}", error=True)
        return self.say(f"Saved to {written}.")

    def say(self, words: str, error: bool = False) -> str:
        """Show one line under the file controls (red for what went wrong)."""
        kind = "error" if error or words.startswith("Could not") else "done"
        self.message.value = (
            f"<div class='bourre-house-{kind}'>{html.escape(words)}</div>" if words else ""
        )
        return words

    def _uploaded(self) -> None:
        files = list(self.upload.value or ())
        if not files:
            return
        item = files[-1]
        try:
            text = bytes(item["content"]).decode("utf-8")
        except UnicodeDecodeError:
            self.say(
                f"Could not read {item.get('name', 'the file')}: it is not UTF-8 text.", error=True
            )
            return
        self.say(self._load(text))


def _file_name(name: str) -> str:
    """A file name for a house: its name in lower case, words joined by underscores."""
    stem = "_".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())
    return f"{stem or 'my_house'}.toml"
