"""A hand where it mattered, stepped through on two card tables side by side.

The same deal under the house's rules (left) and the rulebook it is compared with (right),
both at the same step of the hand: ◀ and ▶ or the slider move both. Each table is drawn as
the seat whose decision differed sees it (`table_model.seen_table`), its hand face up; the
hand is over in both sessions, so nothing here is a secret. `to_text()` says the same.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...game import Game
from ..source_chip import chips_in_html
from ..table.card_table import CardTable
from ..table.table_model import seen_table, text_lines
from ..table.table_text import in_words
from ..text_form import TextForm
from .bench_hand import MatteredHand

__all__ = ["HandView"]

SMALLER = """<style>
.bourre-mattered .bourre-felt { --bourre-card-w: 48px; --bourre-card-h: 67px; --bourre-text: 11px; }
.bourre-mattered .bourre-oval { margin: 0 3.5em; }
.bourre-mattered .bourre-mattered-title { font-size: 1.1em; font-weight: bold; }
</style>"""
"""The two tables at a size that fits side by side in a notebook's column."""


class HandView(TextForm, widgets.VBox):
    """One hand under two rulebooks, step by step, on two card tables."""

    def __init__(self, hand: MatteredHand) -> None:
        self.hand = hand
        start = hand.steps if hand.step is None else hand.step + 1  # just after they part
        self.slider = widgets.IntSlider(
            value=start, min=0, max=hand.steps, description="Step", continuous_update=False
        )
        self.back_button = widgets.Button(description="◀ Back")
        self.next_button = widgets.Button(description="Next ▶")
        self.back_button.on_click(lambda _b: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _b: self.go(self.slider.value + 1))
        self.slider.observe(lambda _c: self._draw(), names="value")
        self.tables = {
            "house": CardTable(interactive=False),
            "against": CardTable(interactive=False),
        }
        self.notes = {"house": widgets.HTML(), "against": widgets.HTML()}
        self.headline = widgets.HTML(
            f"<div class='bourre-mattered-why'>{html.escape(hand.why)}</div>"
        )
        columns = [self._column(side) for side in ("house", "against")]
        controls = widgets.HBox([self.back_button, self.slider, self.next_button])
        sides = widgets.HBox(columns, layout={"flex_flow": "row nowrap", "width": "100%"})
        super().__init__([widgets.HTML(SMALLER), self.headline, controls, sides])
        self.add_class("bourre-mattered")
        self._draw()

    def _column(self, side: str) -> widgets.VBox:
        name = self.hand.house_name if side == "house" else self.hand.against_name
        title = widgets.HTML(f"<div class='bourre-mattered-title'>Under {html.escape(name)}</div>")
        column = widgets.VBox(
            [title, self.notes[side], self.tables[side]],
            layout={"width": "50%", "padding": "0 4px"},
        )
        column.add_class(f"bourre-mattered-{side}")
        return column

    def go(self, step: int) -> str:
        """Show both tables after `step` actions of the hand (kept within the hand)."""
        self.slider.value = max(0, min(step, self.hand.steps))
        return self.to_text()

    def _draw(self) -> None:
        step = self.slider.value
        for side in ("house", "against"):
            game = self.hand.game(side, step)
            actions = self.hand.house if side == "house" else self.hand.against
            last = _step_words(self.hand, side, game, step) if step else "The cards are dealt."
            if step > len(actions):
                last = "The hand is over."
            status = f"Step {min(step, len(actions))} of {len(actions)}: {last}"
            self.tables[side].show(
                seen_table(game, self.hand.seat or game.players[0], set(), status, None)
            )
            self.notes[
                side
            ].value = (
                f"<div class='bourre-mattered-money'>{html.escape(_money(self.hand, side))}</div>"
            )
        differs = self.hand.step is not None and step == self.hand.step + 1
        seat = self.hand.seat or "A"
        self.headline.value = (
            f"<div class='bourre-mattered-why{' bourre-mattered-now' if differs else ''}'>"
            f"{self.hand.title()}: {chips_in_html(self.hand.why)}"
            f"<br><small>Both tables are drawn from {seat}'s seat (marked You), {seat}'s cards "
            "face up; the hand is over, so nothing here is a secret. Step with ◀ and ▶."
            "</small></div>"
        )

    def to_text(self) -> str:
        """What differed, then each table at the current step, as plain text."""
        lines = [self.hand.to_text(), f"Step {self.slider.value} of {self.hand.steps}"]
        for side, name in (("house", self.hand.house_name), ("against", self.hand.against_name)):
            lines.append(f"Under {name}:")
            lines += [f"  {line}" for line in text_lines(self.tables[side]._drawn_values())]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<hand where it mattered: {self.hand.title()}>"


def _lines(game: Game) -> list[str]:
    return [line for line in game.transcript().splitlines() if line.strip()]


def _step_words(hand: MatteredHand, side: str, game: Game, step: int) -> str:
    """What the step's action wrote in the transcript (the card, and a trick's end), in a
    newcomer's words."""
    before = len(_lines(hand.game(side, step - 1)))
    return "; ".join(in_words(line).rstrip(".") for line in _lines(game)[before:]) + "."


def _money(hand: MatteredHand, side: str) -> str:
    """Each seat's chips won or lost in the whole hand under one rulebook."""
    money = hand.money_house if side == "house" else hand.money_against
    return "Chips in this hand: " + ", ".join(
        f"{seat} {change:+d}" for seat, change in money.items()
    )
