"""Exercise widgets: sets 1, 2 and 4 as small ipywidgets apps, each a thin skin over a checker.

No rules logic lives here. A widget turns its controls into an ordinary answer (a set of
cards, a dict, a phrase), hands it to the exercise's `check`, and shows the `Feedback` text in
an Output widget written from the kernel (`outputs = ()`, then `append_stdout`). Every control
has a stable DOM class (`bourre-ex-...`) for browser tests, and every button has a method twin
for code cells and tests: `select` / `fill` / `say`, `check`, `new_position`, `hint`,
`solution`, `set_level`, `set_rulebook`, and `to_text()` for what is on screen.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from ..cards import Card
from ..exercises.feedback import Feedback
from ..exercises.legal_cards import LegalCardsExercise, LegalCardsSeries, read_cards
from ..exercises.name_the_card import (
    NAMING_LEVEL_TITLES,
    NAMING_LEVELS,
    NamingExercise,
    NamingSeries,
)
from ..exercises.settle_pot import (
    SETTLE_LEVELS,
    SettlePotExercise,
    SettlePotSeries,
    read_settle_field,
)
from ..progress import Progress
from ..rules import SOURCES, Rules
from ..sim.positions import LEVEL_TITLES, levels_for
from .kit import card_colour, connect_buttons, tag_attributes, toggle_class, write
from .text_form import TextForm

__all__ = ["LegalCardsWidget", "NamingWidget", "SettlePotWidget"]

ANY = ""  # the dropdown value for "any level" / "any rulebook"
_RED_CARD = re.compile(r"(\b(?:10|[2-9JQKA]))([♥♦])")
_SETTLE_LEVEL_TITLES = {
    "pot": "Who takes, who pays",
    "ante": "And the next ante",
    "limit": "With a pot limit",
    "renege": "After a renege",
}
MAX_CHIPS = 100_000


def _prompt_html(text: str) -> str:
    """A prompt's lines as HTML: the first line bold, red suits in red."""
    lines = [
        _RED_CARD.sub(r"<span style='color:#c8102e'>\1\2</span>", html.escape(line))
        for line in text.splitlines()
    ]
    head, rest = (lines[0], lines[1:]) if lines else ("", [])
    return (
        f"<div style='line-height:1.45'><b>{head}</b>"
        + "".join(f"<br>{line}" for line in rest)
        + "</div>"
    )


def _rules_and_level(exercise: Any, preset: str, level: str | None) -> tuple[Rules, str | None]:
    """The rules and level to start with: the given exercise's, else the preset's and `level`."""
    if exercise is not None:
        return exercise.rules, exercise.level
    return Rules.preset(preset), level


class _ExerciseWidget(TextForm, widgets.VBox):
    """What the three widgets share: rulebook and level pickers, buttons, the feedback area."""

    kind = "exercise"

    def __init__(
        self, level_options: list[tuple[str, str]], level: str, preset: str, any_rulebook: bool
    ) -> None:
        self._quiet = False
        self.feedback: Feedback | None = None
        self.message = ""
        rulebooks = [(name, name) for name in SOURCES]
        if any_rulebook:
            rulebooks.insert(0, ("any rulebook", ANY))
        self.rulebook = widgets.Dropdown(options=rulebooks, value=preset, description="Rulebook")
        self.level = widgets.Dropdown(options=level_options, value=level, description="Level")
        self.prompt_html = widgets.HTML()
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.new_button = widgets.Button(description="New position")
        self.hint_button = widgets.Button(description="Hint")
        self.solution_button = widgets.Button(description="Show solution")
        self.output = widgets.Output()
        parts = "rulebook level prompt_html check_button new_button hint_button solution_button"
        tag_attributes(self, "bourre-ex", f"{parts} output", {"output": "feedback"})
        connect_buttons(
            self,
            check_button=self.check,
            new_button=self.new_position,
            hint_button=self.hint,
            solution_button=self.solution,
        )
        self.rulebook.observe(self._on_pick, names="value")
        self.level.observe(self._on_pick, names="value")
        super().__init__()
        self.add_class("bourre-ex")
        self.add_class(f"bourre-ex-{self.kind}")

    # --- shared behaviour -------------------------------------------------------------------

    def _button_row(self) -> widgets.HBox:
        """The row of buttons under the answer."""
        return widgets.HBox(
            [self.check_button, self.new_button, self.hint_button, self.solution_button]
        )

    def _show(self, text: str) -> str:
        """Write a message to the feedback area (from the kernel side) and keep it for to_text."""
        self.message = text
        write(self.output, text)
        return text

    def _judged(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        self._show(feedback.to_text())
        return feedback

    def _fresh(self) -> None:
        """Forget the last answer's feedback (a new position is on screen)."""
        self.feedback = None
        self._show("")

    def _with_quiet(self, action: Any) -> None:
        self._quiet = True
        try:
            action()
        finally:
            self._quiet = False

    def _progress(self, record: bool) -> Progress | bool | None:
        return self.progress if record else False

    def hint(self) -> str:
        """Show a hint for the exercise on screen and return it."""
        return self._show(f"Hint: {self.exercise.hint()}")

    def solution(self) -> str:
        """Show the worked solution and return it."""
        return self._show(f"Worked solution:\n{self.exercise.solution()}")

    def set_rulebook(self, preset: str) -> None:
        """Choose a rulebook, as the dropdown does (a new position is drawn)."""
        self.rulebook.value = preset

    def set_level(self, level: str | None) -> None:
        """Choose a level, as the dropdown does (None or '' for any level)."""
        self.level.value = level or ANY

    def _on_pick(self, _change: object) -> None:
        """A new rulebook or level was chosen: start a new series from the same seed."""
        if not self._quiet:
            self._restart()

    def _lay_out(self, answer_area: widgets.Widget) -> None:
        """Prompt, pickers, the answer area, buttons and feedback, top to bottom; then draw."""
        self.children = [
            self.prompt_html,
            widgets.HBox([self.rulebook, self.level]),
            answer_area,
            self._button_row(),
            self.output,
        ]
        self._render()

    def new_position(self) -> Any:
        """Draw the next position of the series and return it."""
        self.exercise = self.series.next()
        self._clear_answer()
        self._fresh()
        self._render()
        return self.exercise

    def _clear_answer(self) -> None:
        """Empty the answer area before a new position (a widget with typed text overrides)."""

    def _header_lines(self) -> list[str]:
        """The first lines of to_text(): the prompt, the rulebook and the level."""
        return [
            self.exercise.prompt(),
            f"Rulebook: {self.rulebook.value}",
            f"Level: {self.level.label}",
        ]

    def _render(self) -> None:
        raise NotImplementedError

    def _restart(self) -> None:
        raise NotImplementedError

    def _feedback_lines(self) -> list[str]:
        return [f"Feedback: {self.message}"] if self.message else []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.exercise.id}>"


# --- set 1 ---------------------------------------------------------------------------------------


class LegalCardsWidget(_ExerciseWidget):
    """Set 1 as an app: toggle every card you may play, then Check; New position for another."""

    kind = "legal-cards"

    def __init__(
        self,
        seed: int | str = 0,
        level: str | None = None,
        preset: str = "pagat",
        exercise: LegalCardsExercise | None = None,
        progress: Progress | bool | None = None,
        four_colour: bool = False,
    ) -> None:
        rules, level = _rules_and_level(exercise, preset, level)
        preset = rules.source
        self.seed, self.progress, self.four_colour = seed, progress, four_colour
        self.card_buttons: dict[Card, widgets.ToggleButton] = {}
        self.hand_box = widgets.HBox()
        self.hand_box.add_class("bourre-ex-hand")
        super().__init__(self._level_options(rules), level or ANY, preset, any_rulebook=False)
        self.series = LegalCardsSeries(seed, level, rules)
        self.exercise = exercise if exercise is not None else self.series.next()
        self._lay_out(self.hand_box)

    @staticmethod
    def _level_options(rules: Rules) -> list[tuple[str, str]]:
        return [("any level", ANY)] + [(LEVEL_TITLES[lv], lv) for lv in levels_for(rules)]

    @property
    def rules(self) -> Rules:
        """The rules the position on screen is judged by."""
        return self.exercise.rules

    @property
    def selected(self) -> frozenset[Card]:
        """The cards toggled on."""
        return frozenset(card for card, b in self.card_buttons.items() if b.value)

    def select(self, *cards: Card | str) -> LegalCardsWidget:
        """Toggle on exactly these cards (codes such as 'H7' or '7♥'), the others off."""
        chosen, problems = read_cards(list(cards), self.exercise.situation.hand)
        self._with_quiet(lambda: self._set_toggles(chosen))
        self._clear_marks()
        self._show("\n".join(problems))
        return self

    def check(self, record: bool = True) -> Feedback:
        """Check the toggled cards against the engine; record the attempt unless record=False."""
        feedback = self.exercise.check(set(self.selected), progress=self._progress(record))
        self._mark(feedback)
        return self._judged(feedback)

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        lines = self._header_lines()
        chosen = " ".join(str(c) for c in sorted(self.selected)) or "none"
        lines.append(f"Selected: {chosen}")
        return "\n".join(lines + self._feedback_lines())

    # --- inside -----------------------------------------------------------------------------

    def _restart(self) -> None:
        rules = Rules.preset(self.rulebook.value)
        options = self._level_options(rules)
        level = self.level.value if self.level.value in dict(options).values() else ANY

        def relist() -> None:
            self.level.options = options
            self.level.value = level

        self._with_quiet(relist)
        self.series = LegalCardsSeries(self.seed, level or None, rules)
        self.new_position()

    def _set_toggles(self, chosen: Iterable[Card]) -> None:
        chosen = set(chosen)
        for card, button in self.card_buttons.items():
            button.value = card in chosen

    def _render(self) -> None:
        self.prompt_html.value = _prompt_html(self.exercise.prompt())
        self.card_buttons = {}
        for card in self.exercise.situation.hand:
            button = widgets.ToggleButton(value=False, description=str(card), tooltip=card.name)
            button.add_class("bourre-ex-card")
            button.add_class(f"bourre-ex-card-{card.code}")
            button.layout = widgets.Layout(width="88px", height="64px", margin="2px")
            button.style.font_size = "20px"
            button.style.font_weight = "bold"
            button.style.text_color = card_colour(card, self.four_colour)
            button.observe(self._on_toggle, names="value")
            self.card_buttons[card] = button
        self.hand_box.children = list(self.card_buttons.values())

    def _on_toggle(self, _change: object) -> None:
        if not self._quiet:
            self._clear_marks()

    def _mark(self, feedback: Feedback) -> None:
        """Mark each card after a right answer (✔ on each card to play); a wrong answer marks
        nothing, since which cards are wrong is the answer (Show solution gives it)."""
        if feedback.situation is None or not feedback.correct:
            self._clear_marks()
            return
        legal = self.exercise.legal()
        for card, button in self.card_buttons.items():
            state = _card_state(button.value, card in legal)
            for name in ("right", "wrong", "missed"):
                toggle_class(button, f"bourre-ex-{name}", state == name)
            button.button_style = {"right": "success", "wrong": "danger", "missed": "warning"}.get(
                state, ""
            )
            mark = {"right": " ✔", "wrong": " ✘", "missed": " ?"}.get(state, "")
            button.description = f"{card}{mark}"
            button.style.text_color = "#ffffff" if state else card_colour(card, self.four_colour)

    def _clear_marks(self) -> None:
        for card, button in self.card_buttons.items():
            for name in ("right", "wrong", "missed"):
                button.remove_class(f"bourre-ex-{name}")
            button.button_style = ""
            button.description = str(card)
            button.style.text_color = card_colour(card, self.four_colour)


def _card_state(chosen: bool, legal: bool) -> str:
    """How a card fared in a check: 'right', 'wrong' (chosen, refused), 'missed' or ''."""
    if chosen:
        return "right" if legal else "wrong"
    return "missed" if legal else ""


# --- set 2 ---------------------------------------------------------------------------------------


class SettlePotWidget(_ExerciseWidget):
    """Set 2 as an app: fill in who takes and who pays, then Check; New hand for another."""

    kind = "settle-pot"

    def __init__(
        self,
        seed: int | str = 0,
        level: str | None = None,
        preset: str | None = None,
        exercise: SettlePotExercise | None = None,
        progress: Progress | bool | None = None,
    ) -> None:
        self.seed, self.progress = seed, progress
        options = [("any level", ANY)] + [(_SETTLE_LEVEL_TITLES[lv], lv) for lv in SETTLE_LEVELS]
        super().__init__(options, level or ANY, preset or ANY, any_rulebook=True)
        self.new_button.description = "New hand"
        self.winner = widgets.Dropdown(description="Winner")
        self.taken = widgets.BoundedIntText(min=0, max=MAX_CHIPS, description="Taken")
        self.pot_carried = widgets.BoundedIntText(min=0, max=MAX_CHIPS, description="Pot carried")
        self.next_pot = widgets.BoundedIntText(min=0, max=MAX_CHIPS, description="Next pot")
        self.pays: dict[str, widgets.BoundedIntText] = {}
        self.skips: dict[str, widgets.Checkbox] = {}
        self.pays_box = widgets.HBox()
        self.skips_box = widgets.HBox()
        tag_attributes(
            self, "bourre-ex", "winner taken pot_carried next_pot pays_box skips_box", {}
        )
        self.series = SettlePotSeries(seed, level, preset)
        self.exercise = exercise if exercise is not None else self.series.next()
        self.form = widgets.VBox()
        self._lay_out(self.form)

    def answer(self) -> dict[str, Any]:
        """The form as the checker's answer: a dict of the fields this hand asks."""
        values: dict[str, Any] = {
            "winner": self.winner.value or None,
            "taken": self.taken.value,
            "payments": {seat: box.value for seat, box in self.pays.items() if box.value},
            "pot_carried": self.pot_carried.value,
            "skips_next_ante": {seat for seat, box in self.skips.items() if box.value},
            "next_pot": self.next_pot.value,
        }
        return {name: values[name] for name in self.exercise.asks}

    def fill(self, answer: Mapping[str, Any] | None = None, **fields: Any) -> SettlePotWidget:
        """Put values in the form, as typed: fill(winner="A", taken=5, payments={"C": 5}, ...)."""
        given = {**(answer or {}), **fields}
        problems = []
        for name, value in given.items():
            try:
                self._fill_one(name, value)
            except (ValueError, TypeError) as error:
                problems.append(f"{name}: {error}")
        self._show("\n".join(problems))
        return self

    def check(self, record: bool = True) -> Feedback:
        """Check the form against the engine's settlement; record the attempt unless record=False."""
        return self._judged(self.exercise.check(self.answer(), progress=self._progress(record)))

    def new_hand(self) -> SettlePotExercise:
        """Draw the next hand of the series (the same as new_position)."""
        return self.new_position()

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        lines = [self.exercise.prompt()]
        lines.append(f"Rulebook: {self.rulebook.label}; level: {self.level.label}")
        lines.append(
            "Your answer: " + ", ".join(f"{k}={_shown(v)}" for k, v in self.answer().items())
        )
        return "\n".join(lines + self._feedback_lines())

    # --- inside -----------------------------------------------------------------------------

    def _restart(self) -> None:
        self.series = SettlePotSeries(
            self.seed, self.level.value or None, self.rulebook.value or None
        )
        self.new_position()

    def _fill_one(self, name: str, value: Any) -> None:
        key, read = read_settle_field(self.exercise, name, value)
        if key not in self.exercise.asks:
            raise ValueError(
                f"this hand does not ask it; the fields are {', '.join(self.exercise.asks)}"
            )
        if key == "winner":
            self.winner.value = read or ANY
        elif key == "payments":
            for seat, box in self.pays.items():
                box.value = read.get(seat, 0)
        elif key == "skips_next_ante":
            for seat, box in self.skips.items():
                box.value = seat in read
        else:
            getattr(self, key).value = read

    def _render(self) -> None:
        ex = self.exercise
        self.prompt_html.value = _prompt_html(ex.prompt())
        self.winner.options = [("nobody", ANY)] + [(s, s) for s in ex.seats]
        self.winner.value = ANY
        for box in (self.taken, self.pot_carried, self.next_pot):
            box.value = 0
        self.pays = {s: self._seat_box(s) for s in ex.seats}
        self.skips = {}
        for seat in ex.seats:
            check = widgets.Checkbox(value=False, description=seat, indent=False)
            check.layout = widgets.Layout(width="56px")
            check.add_class(f"bourre-ex-skips-{seat}")
            self.skips[seat] = check
        self.pays_box.children = [widgets.Label("Pays into the pot:"), *self.pays.values()]
        self.skips_box.children = [widgets.Label("Skips the next ante:"), *self.skips.values()]
        rows = [self.winner, self.taken, self.pays_box, self.pot_carried]
        if "skips_next_ante" in ex.asks:
            rows.append(self.skips_box)
        if "next_pot" in ex.asks:
            rows.append(self.next_pot)
        self.form.children = rows

    @staticmethod
    def _seat_box(seat: str) -> widgets.BoundedIntText:
        box = widgets.BoundedIntText(min=0, max=MAX_CHIPS, description=seat)
        box.layout = widgets.Layout(width="110px")
        box.style.description_width = "20px"
        box.add_class(f"bourre-ex-pays-{seat}")
        return box


def _shown(value: object) -> str:
    if isinstance(value, set):
        return "{" + ", ".join(sorted(value)) + "}" if value else "none"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{k}: {v}" for k, v in sorted(value.items())) + "}"
            if value
            else "none"
        )
    return "nobody" if value is None else str(value)


# --- set 4 ---------------------------------------------------------------------------------------


class NamingWidget(_ExerciseWidget):
    """Set 4 as an app: type what you would say to play the card shown, then Check."""

    kind = "naming"

    def __init__(
        self,
        seed: int | str = 0,
        level: str | None = None,
        preset: str = "pagat",
        exercise: NamingExercise | None = None,
        progress: Progress | bool | None = None,
    ) -> None:
        rules, level = _rules_and_level(exercise, preset, level)
        self.seed, self.progress = seed, progress
        options = [("any level", ANY)] + [(NAMING_LEVEL_TITLES[lv], lv) for lv in NAMING_LEVELS]
        super().__init__(options, level or ANY, rules.source, any_rulebook=False)
        self.say_box = widgets.Text(
            placeholder="what you would say: a heart, the king, low, win it…",
            description="You say",
            continuous_update=False,
        )
        self.say_box.add_class("bourre-ex-say")
        self.say_box.observe(self._on_say, names="value")
        self.series = NamingSeries(seed, level, rules)
        self.exercise = exercise if exercise is not None else self.series.next()
        self._lay_out(self.say_box)

    def say(self, text: str, record: bool = True) -> Feedback:
        """Type words in the box and check them, as pressing Enter does."""
        self._with_quiet(lambda: setattr(self.say_box, "value", text))
        return self.check(record)

    def check(self, record: bool = True) -> Feedback:
        """Read the words in the box by the laws; record the attempt unless record=False."""
        feedback = self.exercise.check(self.say_box.value, progress=self._progress(record))
        return self._judged(feedback)

    def _clear_answer(self) -> None:
        self._with_quiet(lambda: setattr(self.say_box, "value", ""))

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        lines = self._header_lines()
        lines.append(f"You say: “{self.say_box.value}”" if self.say_box.value else "You say: -")
        return "\n".join(lines + self._feedback_lines())

    def _restart(self) -> None:
        self.series = NamingSeries(
            self.seed, self.level.value or None, Rules.preset(self.rulebook.value)
        )
        self.new_position()

    def _on_say(self, change: dict) -> None:
        if not self._quiet and str(change["new"]).strip():
            self.check()

    def _render(self) -> None:
        self.prompt_html.value = _prompt_html(self.exercise.prompt())
