"""What every exercise app shares: the question on the card table, the buttons, the callout.

An app is a thin skin over one exercise (`bourre_lessons.exercises`): its position is drawn on
the card table (`card_table.CardTable`, fed by `exercise_tables`), the learner answers by
clicking cards, seats or buttons, or by typing words or card names, and the app hands that
answer to the exercise's own `check`. No rules logic lives here. The verdict, a hint or the
worked solution shows in one callout under the buttons, drawn from the `Feedback` text as the
card table draws its own (`kit.callout_html`).

Two modes: an **item** (one exercise of a notebook: no New position, no pickers) and a
**practice** app (a series, with New position and the rulebook and level pickers). Every
control has a stable DOM class (`bourre-ex-...`) for browser tests, every button a method twin
(`check`, `hint`, `solution`, `new_position`, `set_level`, `set_rulebook`), and `to_text()`
says what is on screen; a saved notebook shows that text (`TextForm`), so it shows the question.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from ...exercises.drills import DRILL_LEVELS, DrillSeries
from ...exercises.feedback import Feedback
from ...progress import Progress
from ...rules import SOURCES, Rules
from ..kit import add_buttons, callout_html, tag_attributes
from ..table.card_table import CardTable
from ..table.table_model import CardTableContent, feedback_entry, feedback_text, text_lines
from ..text_form import TextForm

__all__ = [
    "ANY",
    "DrillApp",
    "ExerciseApp",
    "SeriesApp",
    "exercise_and_series",
    "feedback_callout",
    "level_menu",
]

ANY = ""  # the dropdown value for "any level" / "any rulebook"
_VERDICT = {"right": "legal", "wrong": "illegal", "unread": "info"}


def exercise_and_series(
    exercise: Any, practice: bool | None, make_series: Callable[[], Any]
) -> tuple[Any, Any]:
    """The exercise an app opens with and the series its New button draws from: a given
    exercise alone (unless `practice`), or the first of a new series (`make_series()`)."""
    series = make_series() if exercise is None or practice else None
    return (series.next() if exercise is None else exercise), series


def level_menu(
    titles: Mapping[str, str], levels: Iterable[str] | None = None
) -> list[tuple[str, str]]:
    """The Level menu's choices: any level, then each of `levels` (all `titles` when None)
    by its title."""
    return [("any level", ANY)] + [
        (titles[lv], lv) for lv in (titles if levels is None else levels)
    ]


def feedback_callout(feedback: Feedback) -> dict:
    """A checker's `Feedback` as the callout's data: its verdict, its sign, its words."""
    return feedback_entry(feedback.body(), _VERDICT[feedback.verdict], mark=feedback.sign)


class DrillApp:
    """For a set-6 drill's app (list it first): built from a drill, or from a series of the
    drill named by the app's `kind`, with its levels to pick from; a restart draws a new
    series at the level chosen. `drill_options` go to the app's base."""

    drill_options: ClassVar[dict[str, Any]] = {}

    def __init__(
        self, exercise: Any = None, seed: int | str = 0, progress: Progress | bool | None = None
    ) -> None:
        kind: str = self.kind  # type: ignore[attr-defined]
        self.seed = seed
        series = DrillSeries(kind, seed) if exercise is None else None
        levels = level_menu({level: level for level in DRILL_LEVELS[kind]})
        first = exercise if exercise is not None else series.next()  # type: ignore[union-attr]
        super().__init__(first, series, progress=progress, levels=levels, **self.drill_options)  # type: ignore[call-arg]

    def _restart(self) -> None:
        self.series = DrillSeries(self.kind, self.seed, self.level.value or None)  # type: ignore[attr-defined]
        self.new_position()  # type: ignore[attr-defined]


class ExerciseApp(TextForm, widgets.VBox):
    """One exercise on the card table, with Check, Hint, Show solution and a callout.

    A set's app says how to draw its question (`_scene`), what the learner's answer is
    (`_answer`, `_answer_words`) and what to clear for a new position (`_clear_answer`); it
    lays out its own answer controls with `_lay_out(answer_area)`.
    """

    kind = "exercise"
    needs_check_button = True
    pick_rulebook = True
    shows_hand = True
    table_clicks = False

    def __init__(
        self,
        exercise: Any,
        series: Any = None,
        progress: Progress | bool | None = None,
        levels: list[tuple[str, str]] | None = None,
        level: str = ANY,
        rulebook: str | None = None,
        any_rulebook: bool = False,
        four_colour: bool = False,
    ) -> None:
        self.exercise, self.series, self.progress = exercise, series, progress
        self.feedback: Feedback | None = None
        self.message = ""
        self.said: dict = feedback_entry()
        self._quiet = False
        self._listeners: list[Callable[[ExerciseApp, Feedback], object]] = []
        self.title_html = widgets.HTML()
        self.question_html = widgets.HTML()
        self.table = CardTable(four_colour=four_colour, interactive=self.table_clicks)
        if not self.shows_hand:
            self.table.add_class("bourre-ex-no-hand")  # card_table.css hides the hand row
        self.table.on_play(self._on_card)
        self.table.on_msg(self._on_table_message)
        add_buttons(
            self,
            check_button=("Check", self.check),
            hint_button=("Hint", self.hint),
            solution_button=("Show solution", self.solution),
            new_button=("New position", self.new_position),
        )
        self.check_button.button_style = "primary"
        self.callout = widgets.HTML()
        rulebooks = [(name, name) for name in SOURCES]
        if any_rulebook:
            rulebooks.insert(0, ("any rulebook", ANY))
        picked = rulebook if rulebook is not None else (ANY if any_rulebook else "pagat")
        self.rulebook = widgets.Dropdown(options=rulebooks, value=picked, description="Rulebook")
        self.level = widgets.Dropdown(options=levels or [("any level", ANY)], value=level)
        self.level.description = "Level"
        for menu in (self.rulebook, self.level):
            menu.style.description_width = "initial"
            menu.layout = widgets.Layout(width="auto")
        for button in (self.check_button, self.hint_button, self.solution_button, self.new_button):
            button.layout = widgets.Layout(width="auto", min_width="7.5em")
        names = "title_html question_html table check_button hint_button solution_button"
        tag_attributes(
            self,
            "bourre-ex",
            f"{names} new_button callout rulebook level",
            {"callout": "feedback", "title_html": "title", "question_html": "question"},
        )
        self.rulebook.observe(self._on_pick_menu, names="value")
        self.level.observe(self._on_pick_menu, names="value")
        super().__init__()
        self.add_class("bourre-ex")
        self.add_class(f"bourre-ex-{self.kind}")

    # --- what a set's app says ----------------------------------------------------------------

    def _scene(self) -> CardTableContent:
        """The table for the exercise on screen, with the learner's answer marked."""
        raise NotImplementedError

    def _answer(self) -> object:
        """The learner's answer, as the exercise's `check` reads it."""
        raise NotImplementedError

    def _answer_words(self) -> str:
        """The learner's answer in words, for `to_text()`."""
        raise NotImplementedError

    def _question(self) -> str:
        """What to do, in one or two sentences (no Python in it)."""
        raise NotImplementedError

    def _clear_answer(self) -> None:
        """Empty the answer before a new position."""

    def _on_card(self, code: str) -> None:
        """A card of the hand was clicked (apps that answer with cards override this)."""

    def _on_pick(self, code: str) -> None:
        """A card of the trick was clicked (apps that answer with a trick card override this)."""

    def _restart(self) -> None:
        """A new rulebook or level was chosen: a new series from the same seed."""

    # --- the buttons --------------------------------------------------------------------------

    def check(self, record: bool = True) -> Feedback:
        """Check the answer on screen; record the attempt unless record=False."""
        progress = self.progress if record else False
        return self._judged(self.exercise.check(self._answer(), progress=progress))

    def hint(self) -> str:
        """Show a hint for the exercise on screen and return it."""
        return self._show(f"Hint: {self.exercise.hint()}")

    def solution(self) -> str:
        """Show the worked solution and return it."""
        return self._show(f"Worked solution:\n{self.exercise.solution()}")

    def new_position(self) -> Any:
        """Draw the next exercise of the series (practice apps only) and return it."""
        if self.series is None:
            raise ValueError(
                "this app shows one exercise of the notebook; the practice app at the end of "
                "the set deals new positions"
            )
        self.exercise = self.series.next()
        self._with_quiet(self._clear_answer)
        self.feedback = None
        self._show("")
        self._render()
        return self.exercise

    def set_rulebook(self, preset: str) -> None:
        """Choose a rulebook, as the menu does (a new position is drawn)."""
        self.rulebook.value = preset

    def set_level(self, level: str | None) -> None:
        """Choose a level, as the menu does (None or '' for any level)."""
        self.level.value = level or ANY

    def on_checked(self, listener: Callable[[ExerciseApp, Feedback], object]) -> None:
        """Call `listener(app, feedback)` after every check (a progress note listens)."""
        self._listeners.append(listener)

    # --- what is on screen --------------------------------------------------------------------

    def to_text(self) -> str:
        """What is on screen, as plain text: the title, the table, the question, the answer
        and the callout."""
        lines = [self.exercise.title]
        if self.series is not None:
            menus = [f"level: {self.level.label}"]
            if self.pick_rulebook:
                menus.insert(0, f"rulebook: {self.rulebook.label}")
            lines.append("; ".join(menus).capitalize())
        table = text_lines(self.table._drawn_values())
        hidden = () if self.shows_hand else ("Your hand:", "This trick: no cards yet")
        lines += [line for line in table if not line.startswith(hidden)]
        lines.append(self._question())
        lines.append(f"Your answer: {self._answer_words()}")
        if self.message:
            lines.append(self.message)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {getattr(self.exercise, 'id', '')}>"

    # --- inside -------------------------------------------------------------------------------

    def _lay_out(self, answer_area: widgets.Widget | None) -> None:
        """Title, pickers (practice), the table, the answer, the buttons and the callout."""
        buttons = [self.hint_button, self.solution_button]
        if self.needs_check_button:
            buttons.insert(0, self.check_button)
        if self.series is not None:
            buttons.append(self.new_button)
        row = widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))
        children: list[widgets.Widget] = [self.title_html]
        if self.series is not None:
            pickers = [self.rulebook, self.level] if self.pick_rulebook else [self.level]
            children.append(widgets.HBox(pickers, layout=widgets.Layout(flex_flow="row wrap")))
        children += [self.table, self.question_html]
        if answer_area is not None:
            children.append(answer_area)
        self.children = [*children, row, self.callout]
        self._tell(self.said)
        self._render()

    def _render(self) -> None:
        """Draw the title, the question and the table for the exercise on screen."""
        self.title_html.value = f"<b>{_escape(self.exercise.title)}</b>"
        self.question_html.value = f"<div>{_escape(self._question())}</div>"
        self.table.show(self._scene())

    def _judged(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        self._render()
        self._tell(feedback_callout(feedback))
        for listener in list(self._listeners):
            listener(self, feedback)
        return feedback

    def _show(self, text: str, verdict: str = "info") -> str:
        """Write a message to the callout (kept for to_text) and return it."""
        return self._tell(feedback_entry(text, verdict))

    def _tell(self, entry: dict) -> str:
        """Draw a callout (a `feedback_entry`) and return it in words (kept for to_text)."""
        self.said, self.message = entry, feedback_text(entry)
        self.callout.value = callout_html(entry)
        return self.message

    def _changed(self) -> None:
        """The answer changed: the last verdict no longer applies."""
        if self.feedback is not None or self.message:
            self.feedback = None
            self._show("")

    def _with_quiet(self, action: Callable[[], object]) -> None:
        self._quiet = True
        try:
            action()
        finally:
            self._quiet = False

    def _on_pick_menu(self, _change: object) -> None:
        if not self._quiet and self.series is not None:
            self._restart()

    def _on_table_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """The table's own messages besides card plays: {"type": "pick", "card": code}."""
        if isinstance(content, dict) and content.get("type") == "pick":
            code = str(content.get("card", ""))
            if code in {entry["card"] for entry in self.table.trick}:
                self._on_pick(code)


def _escape(text: str) -> str:
    """Text as HTML, its line breaks kept."""
    return html.escape(text).replace("\n", "<br>")


class SeriesApp(ExerciseApp):
    """The app of a set with a series to practise: opened on one exercise of a notebook (with
    `practice`, New position then draws from a series too), or on the first exercise of the
    series of `seed` at `level` under the rulebook `preset`. Picking a level or a rulebook draws
    a new series from the same seed. A set names its series and its levels' titles."""

    series_type: ClassVar[type[Any]]
    """The set's series, as `series_type(seed, level, rules)`."""
    level_titles: ClassVar[Mapping[str, str]] = {}

    def __init__(
        self,
        seed: int | str = 0,
        level: str | None = None,
        preset: str = "pagat",
        exercise: Any = None,
        progress: Progress | bool | None = None,
        practice: bool | None = None,
        **options: Any,
    ) -> None:
        rules = exercise.rules if exercise is not None else Rules.preset(preset)
        level = exercise.level if exercise is not None else level
        self.seed = seed
        exercise, series = exercise_and_series(
            exercise, practice, lambda: self._series(level, rules)
        )
        super().__init__(
            exercise,
            series,
            progress=progress,
            levels=level_menu(self.level_titles, self._level_names(rules)),
            level=level or ANY,
            rulebook=rules.source,
            **options,
        )

    def _series(self, level: str | None, rules: Rules) -> Any:
        """The set's series of this app's seed at `level` (None: any) under `rules`."""
        return self.series_type(self.seed, level, rules)

    def _level_names(self, rules: Rules) -> Iterable[str]:
        """The levels the Level menu lists under `rules` (all the series' levels here)."""
        return self.series_type.levels

    def _restart(self) -> None:
        self.series = self._series(self.level.value or None, Rules.preset(self.rulebook.value))
        self.new_position()
