"""Set 2 as an app: the hand that was played on the card table, and a form to settle it.

The table shows every seat (played or passed, the tricks each player took, who reneged) and
the pot as chips. Under it, one question a line, in words: who takes the pot (click a seat, or
nobody), how many chips they take, who pays how much (a box under each seat), what stays in
the pot, who skips the next ante (click the seats) and what the next pot holds. Nothing is
filled in until the learner does it; an unanswered question is "not checked", never wrong.
`fill(...)` is the form's twin in code: fill(winner="A", taken=5, payments={"C": 5}, ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...exercises.feedback import Feedback, not_checked
from ...exercises.settle_pot import (
    SETTLE_LEVELS,
    SettlePotExercise,
    SettlePotSeries,
    read_settle_field,
)
from ...progress import Progress
from ..table.table_model import CardTableContent
from .exercise_base import ANY, ExerciseApp, exercise_and_series, level_menu
from .exercise_tables import settle_scene

__all__ = ["QUESTIONS", "SettlePotWidget"]

NOBODY = "-"
LEVEL_TITLES = {
    "pot": "Who takes, who pays",
    "ante": "And the next ante",
    "limit": "With a pot limit",
    "renege": "After a renege",
}
QUESTIONS = {
    "winner": "Who takes the pot? Click the seat, or nobody.",
    "taken": "How many chips do they take?",
    "payments": "Who pays into the pot, and how much? Write the chips under each seat that pays.",
    "pot_carried": "How many chips stay in the pot for the next hand, before its antes?",
    "skips_next_ante": "Who puts in no ante next hand? Click each of them (if nobody, click no seat).",
    "next_pot": "What does the next pot hold once its antes are in?",
}
"""The form's questions, one a field, in the order the form asks them."""
SHORT = {
    "winner": "takes the pot",
    "taken": "chips taken",
    "payments": "who pays",
    "pot_carried": "left in the pot",
    "skips_next_ante": "skips the next ante",
    "next_pot": "the next pot",
}


class SettlePotWidget(ExerciseApp):
    """Set 2: the hand on the table, a form under it; Check, Hint, Show solution."""

    kind = "settle-pot"
    shows_hand = False

    def __init__(
        self,
        seed: int | str = 0,
        level: str | None = None,
        preset: str | None = None,
        exercise: SettlePotExercise | None = None,
        progress: Progress | bool | None = None,
        practice: bool | None = None,
    ) -> None:
        self.seed = seed
        exercise, series = exercise_and_series(
            exercise, practice, lambda: SettlePotSeries(seed, level, preset)
        )
        self.winner = widgets.ToggleButtons(index=None)
        self.taken = _chips_box()
        self.pot_carried = _chips_box()
        self.next_pot = _chips_box()
        self.pays: dict[str, widgets.Text] = {}
        self.skips: dict[str, widgets.ToggleButton] = {}
        self.pays_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.skips_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.form = widgets.VBox()
        super().__init__(
            exercise,
            series,
            progress=progress,
            levels=level_menu(LEVEL_TITLES, SETTLE_LEVELS),
            level=level or ANY,
            rulebook=preset or ANY,
            any_rulebook=True,
        )
        self.new_button.description = "New hand"
        for name in ("winner", "taken", "pot_carried", "next_pot", "pays_box", "skips_box"):
            getattr(self, name).add_class(f"bourre-ex-{name.replace('_', '-')}")
        self.winner.observe(self._on_form, names="value")
        self._build_form()
        self._lay_out(self.form)

    # --- the form's twins ---------------------------------------------------------------------

    def fill(self, answer: Mapping[str, Any] | None = None, **fields: Any) -> SettlePotWidget:
        """Put values in the form as a learner would type or click them; a value the form
        cannot take is refused with a message saying what it accepts."""
        given = {**(answer or {}), **fields}
        problems = []
        for name, value in given.items():
            try:
                self._fill_one(name, value)
            except (ValueError, TypeError) as error:
                problems.append(f"{name}: {error}")
        self._changed()
        if problems:
            self._show("\n".join(problems))
        return self

    def answer(self) -> dict[str, Any]:
        """The form as the checker reads it: only the questions answered so far."""
        values: dict[str, Any] = {}
        if self.winner.index is not None:
            values["winner"] = None if self.winner.value == NOBODY else self.winner.value
        for name in ("taken", "pot_carried", "next_pot"):
            text = getattr(self, name).value.strip()
            if text:
                values[name] = text
        values["payments"] = {s: b.value.strip() for s, b in self.pays.items() if b.value.strip()}
        values["skips_next_ante"] = {s for s, b in self.skips.items() if b.value}
        return {name: value for name, value in values.items() if name in self.exercise.asks}

    def unanswered(self) -> list[str]:
        """The questions of this hand not answered yet (a blank chips box, no winner clicked)."""
        given = self.answer()
        return [name for name in self.exercise.asks if name not in given]

    def check(self, record: bool = True) -> Feedback:
        """Check the form; a question left blank is "not checked" (no attempt), never wrong."""
        missing = self.unanswered()
        if missing:
            words = ", ".join(SHORT[name] for name in missing)
            feedback = not_checked(
                f"Not answered yet: {words}.", [QUESTIONS[name] for name in missing]
            )
            return self._judged(feedback)
        problems = []
        for name, value in self.answer().items():
            try:
                read_settle_field(self.exercise, name, value)
            except ValueError as error:
                problems.append(f"{SHORT[name].capitalize()}: {error}.")
        if problems:
            return self._judged(not_checked("Some answers cannot be read yet.", problems))
        return super().check(record)

    def hint(self) -> str:
        """Show a hint; after a wrong check, also which answers are not right and their rules."""
        wrong = self.feedback is not None and self.feedback.verdict == "wrong"
        return self._show(f"Hint: {self.exercise.hint(self.answer() if wrong else None)}")

    def new_hand(self) -> SettlePotExercise:
        """Deal the next hand of the series (the same as new_position)."""
        return self.new_position()

    # --- drawing ------------------------------------------------------------------------------

    def _scene(self) -> CardTableContent:
        return settle_scene(self.exercise)

    def _answer(self) -> object:
        return self.answer()

    def _answer_words(self) -> str:
        given = self.answer()
        parts = []
        for name in self.exercise.asks:
            value = given.get(name, "—")
            if name == "winner" and name in given:
                value = value or "nobody"
            elif name == "payments":
                value = ", ".join(f"{s} pays {n}" for s, n in sorted(value.items())) or "nobody"
            elif name == "skips_next_ante":
                value = ", ".join(sorted(value)) or "nobody"
            parts.append(f"{SHORT[name]}: {value}")
        return "; ".join(parts)

    def _question(self) -> str:
        return "Settle the pot of this hand: answer every question below, then Check."

    def _clear_answer(self) -> None:
        self._build_form()

    def _restart(self) -> None:
        self.series = SettlePotSeries(
            self.seed, self.level.value or None, self.rulebook.value or None
        )
        self.new_position()

    def _build_form(self) -> None:
        """One question a line for the hand on screen, every answer blank."""
        ex = self.exercise
        self._with_quiet(lambda: self._reset_winner(ex.seats))
        for box in (self.taken, self.pot_carried, self.next_pot):
            box.value = ""
        self.pays = {seat: _seat_chips(seat, self._on_form) for seat in ex.seats}
        self.skips = {seat: _seat_toggle(seat, self._on_form) for seat in ex.seats}
        self.pays_box.children = [_under(seat, box) for seat, box in self.pays.items()]
        self.skips_box.children = list(self.skips.values())
        controls = {
            "winner": self.winner,
            "taken": self.taken,
            "payments": self.pays_box,
            "pot_carried": self.pot_carried,
            "skips_next_ante": self.skips_box,
            "next_pot": self.next_pot,
        }
        rows = []
        for name in ex.asks:
            label = widgets.HTML(f"<div class='bourre-ex-ask'>{QUESTIONS[name]}</div>")
            rows += [label, controls[name]]
        self.form.children = rows

    def _reset_winner(self, seats: tuple[str, ...]) -> None:
        self.winner.options = [("nobody", NOBODY)] + [(seat, seat) for seat in seats]
        self.winner.index = None
        self.winner.style.button_width = "auto"

    def _fill_one(self, name: str, value: Any) -> None:
        key, read = read_settle_field(self.exercise, name, value)
        if key not in self.exercise.asks:
            raise ValueError(
                f"this hand does not ask it; the fields are {', '.join(self.exercise.asks)}"
            )
        if key == "winner":
            self.winner.value = read or NOBODY
        elif key == "payments":
            for seat, box in self.pays.items():
                box.value = str(read[seat]) if read.get(seat) else ""
        elif key == "skips_next_ante":
            for seat, toggle in self.skips.items():
                toggle.value = seat in read
        else:
            getattr(self, key).value = str(read)

    def _on_form(self, _change: object) -> None:
        if not self._quiet:
            self._changed()


def _chips_box() -> widgets.Text:
    box = widgets.Text(placeholder="chips", continuous_update=True)
    box.layout = widgets.Layout(width="7em")
    return box


def _seat_chips(seat: str, on_change: Any) -> widgets.Text:
    box = widgets.Text(placeholder="0", continuous_update=True)
    box.layout = widgets.Layout(width="4.2em")
    box.add_class(f"bourre-ex-pays-{seat}")
    box.observe(on_change, names="value")
    return box


def _under(seat: str, box: widgets.Text) -> widgets.VBox:
    """A seat's letter above its chips box."""
    column = widgets.VBox([widgets.HTML(f"<b>{seat}</b>"), box])
    column.layout = widgets.Layout(align_items="center", margin="0 4px 0 0")
    return column


def _seat_toggle(seat: str, on_change: Any) -> widgets.ToggleButton:
    toggle = widgets.ToggleButton(value=False, description=seat, tooltip=f"seat {seat}")
    toggle.layout = widgets.Layout(width="4.2em")
    toggle.add_class(f"bourre-ex-skips-{seat}")
    toggle.observe(on_change, names="value")
    return toggle
