"""Set 4 as an app: the position on the card table, the card you want outlined in your hand,
and a box to type what you would say ("a heart", "the king", "low", "win it", "ruter knekt").

Enter in the box or Check reads the words by the laws (laws 45C4a and 46B); `say(words)` is
the box's twin in code.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ...exercises.feedback import Feedback
from ...exercises.name_the_card import NAMING_LEVEL_TITLES, NamingSeries
from ..table.table_model import CardTableContent
from .exercise_base import SeriesApp
from .exercise_tables import position_scene

__all__ = ["NamingWidget"]


class NamingWidget(SeriesApp):
    """Set 4: type what you would say to play the outlined card, then Enter or Check."""

    kind = "naming"
    series_type = NamingSeries
    level_titles = NAMING_LEVEL_TITLES

    def __init__(self, *args: Any, **options: Any) -> None:
        """The app's options are `SeriesApp`'s: seed, level, preset, exercise, progress,
        practice."""
        super().__init__(*args, **options)
        self.say_box = widgets.Text(
            placeholder="a heart, the king, low, win it…",
            continuous_update=False,
            layout=widgets.Layout(width="22em"),
        )
        self.say_box.add_class("bourre-ex-say")
        self.say_box.observe(self._on_say, names="value")
        label = widgets.HTML("<b>You say:</b>", layout=widgets.Layout(margin="0 8px 0 0"))
        row = widgets.HBox([label, self.say_box], layout=widgets.Layout(align_items="center"))
        self._lay_out(row)

    def say(self, text: str, record: bool = True) -> Feedback:
        """Type words in the box and check them, as pressing Enter does."""
        self._with_quiet(lambda: setattr(self.say_box, "value", text))
        return self.check(record)

    def _on_say(self, change: dict) -> None:
        if not self._quiet and str(change["new"]).strip():
            self.check()

    def _answer(self) -> object:
        return self.say_box.value

    def _answer_words(self) -> str:
        return f"“{self.say_box.value}”" if self.say_box.value else "nothing said yet"

    def _question(self) -> str:
        how = (
            "Not suit and rank together: find a shorter way"
            if self.exercise.short
            else "Say it any way you like"
        )
        return (
            f"You want to play {self.exercise.target} (outlined in your hand). What do you say? "
            f"{how}, then press Enter or Check."
        )

    def _clear_answer(self) -> None:
        self.say_box.value = ""

    def _scene(self) -> CardTableContent:
        ex = self.exercise
        status = "Your turn: say the card you play."
        return position_scene(
            ex.situation,
            chosen={ex.target},
            enabled=False,
            status=status,
            chosen_words="the card you want to play",
        )
