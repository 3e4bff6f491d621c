"""The game table's controls: each made with its stable DOM class, laid out in rows, and
enabled only when it can act.

`TableControls` is the part of `table.TableWidget` a learner sees around the drawn table (the
seed, rulebook and opponents boxes, the buttons, the replay slider, the log); what the buttons
do is the table's own (`TableWidget.declare`, `advance`, `replay_hand`…), so the mixin is used
by it alone. `CoachedTable` adds its guess box by extending `_build_controls`, `_layout` and
`_wire`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...rules import SOURCES
from ..kit import add_buttons, style_sheet, tag_attributes
from .card_table import CardTable
from .table_text import YOU

__all__ = ["DOM_PARTS", "DOM_RENAMED", "OPPONENTS", "TableControls"]

DOM_PARTS = (
    "header seed_box rulebook opponents new_button misplay table say_box say_button play_button "
    "pass_button discard_button keep_button continue_button skip_button accept_button deal_button "
    "replay_button replay_slider transcript_button review_button output log_view"
)
"""The controls that get a stable DOM class `bourre-<name>` (browser tests select on it)."""


DOM_RENAMED = {
    "new_button": "new-game",
    "say_button": "say-button",
    "play_button": "declare-play",
    "pass_button": "declare-pass",
    "skip_button": "to-my-turn",
    "replay_slider": "replay-step",
    "review_button": "review-hand",
    "output": "feedback",
    "log_view": "log",
}


OPPONENTS = {
    "random": "random bots (easier)",
    "heuristic": "heuristic bots",
    "sampling": "sampling bots (harder)",
}
"""The opponents the table offers, by bot name."""


class TableControls:
    """The table's controls: made (`_build_controls`), laid out in rows (`_layout`), wired to
    what they change (`_wire`) and enabled only when they can act (`_render_buttons`)."""

    def _build_controls(self, seed: int, bots: str) -> None:
        """Create every control the table shows with its stable DOM class."""
        self.header = widgets.HTML()
        self.seed_box = widgets.IntText(
            value=seed, description="Seed", layout=widgets.Layout(width="160px")
        )
        self.rulebook = widgets.Dropdown(
            options=list(SOURCES), value=self.rules.source, description="Rules"
        )
        named = bots.strip().lower() if bots.strip().lower() in OPPONENTS else ""
        choices = [(words, name) for name, words in OPPONENTS.items()]
        self.opponents = widgets.Dropdown(
            options=choices + ([] if named else [("as given", "")]),
            value=named,
            description="Opponents",
        )
        add_buttons(self, new_button=("New game", lambda: self.new_game(rules=self.rulebook.value)))
        self.misplay = widgets.Checkbox(
            value=False, description="Let me misplay (renege)", indent=False
        )
        self.table = CardTable(size=self.size, four_colour=self.four_colour)
        self.table.on_play(self.click)
        self.say_box = widgets.Text(
            placeholder="or say your card: the king, a small heart, win it…",
            description="Say",
            continuous_update=False,
        )
        add_buttons(
            self,
            say_button=("Say it", self._say_from_box),
            play_button=("Play", lambda: self.declare(True)),
            pass_button=("Pass", lambda: self.declare(False)),
            discard_button=("Discard selected", lambda: self.discard(*sorted(self.selected))),
            keep_button=("Keep all", self.discard),
            continue_button=("Continue →", self.advance),
            skip_button=("Bots to my turn »", self.advance_to_you),
            accept_button=("Let it stand", self.accept),
            deal_button=("Deal next hand", self.deal),
            replay_button=("Replay this hand", lambda: self.replay_hand(step=0)),
            transcript_button=("Transcript", self.transcript),
            review_button=("Review this hand", self.review_hand),
        )
        self.replay_slider = widgets.IntSlider(
            description="Step", min=0, max=0, continuous_update=False
        )
        self.output = widgets.Output()
        self.log_view = widgets.HTML()
        tag_attributes(self, "bourre", DOM_PARTS, DOM_RENAMED)

    def _layout(self) -> list[widgets.Widget]:
        """The controls in rows, top to bottom."""
        return [
            style_sheet(),
            self.header,
            widgets.HBox([self.seed_box, self.rulebook, self.opponents, self.new_button]),
            self.misplay,
            self.table,
            widgets.HBox([self.say_box, self.say_button]),
            widgets.HBox(
                [self.play_button, self.pass_button, self.discard_button, self.keep_button]
            ),
            widgets.HBox(
                [self.continue_button, self.skip_button, self.accept_button, self.deal_button]
            ),
            widgets.HBox(
                [self.replay_button, self.replay_slider, self.transcript_button, self.review_button]
            ),
            self.output,
            self.log_view,
        ]

    def _wire(self) -> None:
        self.say_box.observe(lambda _: self._say_from_box(), names="value")
        self.replay_slider.observe(lambda _: self._render(), names="value")

    def _render_buttons(self) -> None:
        """Enable only the buttons that can act now (none of the live ones during a replay)."""
        live = self.replaying is None
        phase, you = self.game.phase, self.game.to_act == YOU and live
        self.play_button.disabled = self.pass_button.disabled = not (you and phase == "declare")
        self.discard_button.disabled = not (you and phase == "draw" and self.selected)
        self.keep_button.disabled = not (you and phase == "draw")
        bots_move = (
            live and phase != "settled" and self.game.to_act != YOU and not self._pending_is_yours()
        )
        self.continue_button.disabled = self.skip_button.disabled = not bots_move
        self.accept_button.disabled = not (live and self._pending_is_yours())
        self.deal_button.disabled = phase != "settled"
        self.review_button.disabled = not (live and phase == "settled")
