"""The card table on screen: an anywidget that draws seats, trick, hand and feedback.

The view draws what its synced traits hold (seats around an oval table, you at the bottom;
the current trick in the middle, each card in front of the seat that played it; earlier
tricks face up; the trump, the turned card beside the dealer; the pot; your hand as card faces;
a coloured feedback callout; the rulebooks side by side when they disagree; the coach's
review of a finished hand, decision by decision; a scene's title and rule, which the
classroom app draws beside the table)
and sends back one message only: "card X clicked". The rules stay in Python: whoever owns
the table (a scene view, the game table) decides what a click means and sets the traits
again. `to_text()` reads the same traits, so the text form never disagrees with the picture.

The drawing is `widgets/static/card_table.js` (an ES module, cards drawn as SVG by our own code, no
image or font files) and `static/card_table.css` (every class prefixed `bourre-`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ...cards import CardError, parse_card
from ..source_chip import chip_text, page_css
from .table_model import CardTableContent, feedback_entry, text_lines

__all__ = ["CardTable"]

STATIC = Path(__file__).parents[1] / "static"  # shared with source_chip (the CJK font)
SIZES = ("normal", "classroom")


class CardTable(anywidget.AnyWidget):
    """A drawn card table; `on_play(handler)` hears card clicks, `click(code)` makes one."""

    _esm = STATIC / "card_table.js"
    # the table's CSS, then the rule chips' and the CJK font's (source_chip.page_css)
    _css = (STATIC / "card_table.css").read_text(encoding="utf-8") + page_css()

    seats = traitlets.List(traitlets.Dict()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    trick = traitlets.List(traitlets.Dict()).tag(sync=True)
    past = traitlets.List(traitlets.Dict()).tag(sync=True)
    trump = traitlets.Dict().tag(sync=True)
    pot = traitlets.Int(-1).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    compare = traitlets.List(traitlets.Dict()).tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    shake = traitlets.Dict().tag(sync=True)
    heading = traitlets.Dict().tag(sync=True)
    """A scene's title and rule ({title, rule, note, fixed}), drawn beside the table in the
    classroom app; empty for a table with no scene."""
    source_open = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bourre-table")
        self._handlers: list[Callable[[str], object]] = []
        self._shakes = 0
        self.on_msg(self._on_message)

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict) -> str:
        if proposal["value"] not in SIZES:
            raise traitlets.TraitError(f"size must be one of {', '.join(SIZES)}")
        return proposal["value"]

    def on_play(self, handler: Callable[[str], object]) -> None:
        """Call `handler(card_code)` whenever a card of the hand is clicked."""
        self._handlers.append(handler)

    def click(self, card: str) -> None:
        """Click a card of the hand, exactly as the browser would (by its code, e.g. 'H7')."""
        self._handle_custom_msg({"type": "play", "card": card}, [])

    def show(self, scene: CardTableContent) -> None:
        """Show one moment of a table: every drawn trait at once."""
        with self.hold_sync():
            for name, value in scene.traits().items():
                setattr(self, name, value)

    def shake_card(self, card: str) -> None:
        """Make a refused card shake back into the hand (once per call)."""
        self._shakes += 1
        self.shake = {"card": card, "n": self._shakes}

    def to_text(self) -> str:
        """What the table shows, as plain text (what a screen reader is given), with the rule
        chip's popover when it is open."""
        lines = text_lines(self._drawn_values())
        source = (self.feedback or {}).get("source") or {}
        if self.source_open and source:
            lines.append(chip_text(source))
        return "\n".join(lines)

    def open_source(self, value: bool = True) -> None:
        """Open (or close) the rule chip's popover, as a click on the chip does."""
        self.source_open = bool(value) and bool((self.feedback or {}).get("source"))

    @traitlets.observe("feedback")
    def _close_source_on_new_rule(self, change: dict) -> None:
        """A verdict citing another rule closes the popover of the last one."""
        old, new = change["old"] or {}, change["new"] or {}
        if old.get("rule_id") != new.get("rule_id"):
            self.source_open = False

    def _drawn_values(self) -> dict[str, Any]:
        names = (
            *("seats", "hand", "trick", "past", "trump", "pot"),
            *("status", "feedback", "compare", "review"),
        )
        return {name: getattr(self, name) for name in names}

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """A message from the view: only {"type": "play", "card": code} is understood."""
        if not isinstance(content, dict) or content.get("type") != "play":
            return
        code = str(content.get("card", ""))
        in_hand = {entry["card"] for entry in self.hand}
        if code not in in_hand:
            self._refuse(code, in_hand)
            return
        for handler in list(self._handlers):
            handler(code)

    def _refuse(self, code: str, in_hand: set[str]) -> None:
        """A click on something that is not a card of the hand: say so, change nothing else."""
        try:
            card = str(parse_card(code))
        except CardError:
            card = repr(code)
        held = " ".join(entry["text"] for entry in self.hand) or "no cards"
        self.feedback = feedback_entry(
            f"{card} is not a card of your hand.\nYou hold: {held}.", "illegal"
        )
