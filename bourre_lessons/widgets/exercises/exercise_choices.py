"""Exercise apps answered with one click on a button: play or pass (set 5), the costliest
decision of a hand you played (set 5), and how many sure trump tricks you hold (set 6).

The position is drawn on the card table; a click on an answer button checks it at once (so
there is no Check button). `choose(...)` is the click's twin in code.
"""

from __future__ import annotations

from html import escape as _escape
from typing import Any

import ipywidgets as widgets

from ...exercises.feedback import Feedback
from ...game import Game
from ...progress import Progress
from ..kit import toggle_class
from ..table.table_model import CardTableContent
from .exercise_base import DrillApp, ExerciseApp
from .exercise_tables import deal_scene, finished_hand_scene, position_scene

__all__ = ["CostlyDecisionApp", "PlayOrPassApp", "SureTricksApp"]


class _ButtonAnswer(ExerciseApp):
    """An exercise answered by one of a few buttons; the click checks at once."""

    needs_check_button = False

    def __init__(self, exercise: Any, series: Any = None, **options: Any) -> None:
        self.choice: object = None
        self._record = True
        self.answer_buttons: dict[object, widgets.Button] = {}
        self.answer_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer_box.add_class("bourre-ex-answers")
        super().__init__(exercise, series, **options)
        self._make_buttons()
        self._lay_out(self.answer_box)

    def _choices(self) -> list[tuple[object, str]]:
        """(answer, button label) for each answer button."""
        raise NotImplementedError

    def choose(self, answer: object, record: bool = True) -> Feedback:
        """Click the button of this answer, as the learner would, and return the verdict."""
        if answer not in self.answer_buttons:
            shown = ", ".join(repr(a) for a in self.answer_buttons)
            raise ValueError(f"no button answers {answer!r}; the buttons answer {shown}")
        self._record = record
        try:
            self.answer_buttons[answer].click()
        finally:
            self._record = True
        assert self.feedback is not None
        return self.feedback

    def _make_buttons(self) -> None:
        self.answer_buttons = {}
        for answer, label in self._choices():
            button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
            button.add_class("bourre-ex-answer")
            button.add_class(f"bourre-ex-answer-{str(answer).replace(' ', '-')}")
            button.on_click(lambda _b, a=answer: self._clicked(a))
            self.answer_buttons[answer] = button
        self.answer_box.children = list(self.answer_buttons.values())

    def _clicked(self, answer: object) -> None:
        self.choice = answer
        for value, button in self.answer_buttons.items():
            toggle_class(button, "bourre-ex-chosen", value == answer)
            button.button_style = "info" if value == answer else ""
        self.check(self._record)

    def _answer(self) -> object:
        return self.choice

    def _answer_words(self) -> str:
        return "none clicked yet" if self.choice is None else str(self.choice)

    def _clear_answer(self) -> None:
        self.choice = None
        self._make_buttons()


class PlayOrPassApp(_ButtonAnswer):
    """Set 5: five cards, the turned card, what the earlier seats said: Play or Pass?"""

    kind = "play-or-pass"

    def __init__(self, exercise: Any, progress: Progress | bool | None = None) -> None:
        self.pot = Game(exercise.rules, exercise.players, seed=0).pot  # this hand's antes
        super().__init__(exercise, None, progress=progress)

    def _choices(self) -> list[tuple[object, str]]:
        return [("play", "Play"), ("pass", "Pass")]

    def _question(self) -> str:
        return "Do you play this hand or pass? Click your choice."

    def _scene(self) -> CardTableContent:
        return deal_scene(self.exercise, self.pot)


class CostlyDecisionApp(_ButtonAnswer):
    """Set 5: a hand you played, every trick face up: which decision cost the most chips?"""

    kind = "costly-decision"
    shows_hand = False

    def __init__(self, exercise: Any, progress: Progress | bool | None = None) -> None:
        from ...sim.coach import decisions_made

        self.decisions = decisions_made(exercise.game, "A")
        super().__init__(exercise, None, progress=progress)

    def _choices(self) -> list[tuple[object, str]]:
        return [(n, f"Decision {n}") for n in range(1, len(self.decisions) + 1)]

    def _make_buttons(self) -> None:
        super()._make_buttons()
        self.answer_box.layout.flex_flow = "column"
        rows = []
        for (number, button), line in zip(self.answer_buttons.items(), self.decisions, strict=True):
            words = line.split(". ", 1)[-1] if line.startswith(f"{number}. ") else line
            row = widgets.HBox([button, widgets.HTML(f"<div>{_escape(words)}</div>")])
            row.layout = widgets.Layout(align_items="center")
            rows.append(row)
        self.answer_box.children = rows

    def _question(self) -> str:
        return "Which of your decisions cost you the most chips? Click it."

    def _answer_words(self) -> str:
        return "none clicked yet" if self.choice is None else f"decision {self.choice}"

    def _scene(self) -> CardTableContent:
        return finished_hand_scene(self.exercise.game, "A")


class SureTricksApp(DrillApp, _ButtonAnswer):
    """Set 6: on lead, how many sure trump tricks do you hold? Click the number."""

    kind = "sure-tricks"
    pick_rulebook = False

    def _choices(self) -> list[tuple[object, str]]:
        return [(n, str(n)) for n in range(6)]

    def _question(self) -> str:
        return "How many sure trump tricks do you hold? Click the number."

    def _scene(self) -> CardTableContent:
        status = "You are on lead. Count the tricks your trumps are sure to win."
        return position_scene(self.exercise.situation, enabled=False, status=status)
