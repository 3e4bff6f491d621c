"""Set 3 (write the rule) on the card table: a position drawn as cards, and a rule check
that draws the first position where a learner's function and the engine disagree.

The set's point is writing Python functions, so its answers stay code; only its positions are
drawn, as in every other set.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...exercises.feedback import Feedback
from ...play import Situation
from ..kit import callout_html
from ..table.card_table import CardTable
from ..text_form import TextForm
from .exercise_base import feedback_callout
from .exercise_tables import position_scene

__all__ = ["PositionView", "RuleCheck", "show_position"]


class PositionView(TextForm, widgets.VBox):
    """A position drawn on a read-only card table (in a box, as every app of the course)."""

    def __init__(self, situation: Situation, status: str = "") -> None:
        self.situation = situation
        self.table = CardTable(interactive=False)
        self.table.show(position_scene(situation, enabled=False, status=status or "Your turn."))
        super().__init__([self.table])
        self.add_class("bourre-ex-position")

    def to_text(self) -> str:
        """The table as plain text."""
        return self.table.to_text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


def show_position(situation: Situation, status: str = "") -> PositionView:
    """A position (a `play.Situation`) drawn on a read-only card table, nothing lifted."""
    return PositionView(situation, status)


class RuleCheck(TextForm, widgets.VBox):
    """The verdict on a rule function; a counterexample's position drawn on the table."""

    def __init__(self, feedback: Feedback) -> None:
        self.feedback = feedback
        callout = widgets.HTML(callout_html(feedback_callout(feedback)))
        callout.add_class("bourre-ex-feedback")
        children: list[widgets.Widget] = [callout]
        if feedback.situation is not None and feedback.verdict == "wrong":
            head = widgets.HTML(f"<b>{html.escape('The position, drawn:')}</b>")
            children += [head, show_position(feedback.situation)]
        super().__init__(children)
        self.add_class("bourre-ex-rule-check")

    def to_text(self) -> str:
        """The verdict as plain text."""
        return self.feedback.to_text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
