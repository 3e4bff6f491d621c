"""Set 6's whole-hand drill on the game table: play one seeded hand, then the coach checks it.

`WholeHandWidget` is the game table (`table.TableWidget`, seat A against heuristic bots) set
to one deal of a `WholeHandExercise`: the controls that would leave the deal (seed, rulebook,
opponents, New game, Deal next hand, misplay) are hidden. When the hand is over the drill
checks it at once: the coach's review is drawn in the table, the verdict shows under it and
is saved in the progress file; **Same deal again** deals the same cards afresh. By the
feedback policy a hand with a costly mistake first says only how many decisions were costly;
**Show the coach's review** then draws every decision, graded, and names the costliest. The coach is
imported only for the check (`exercises.whole_hand` loads it), so this module loads without
NumPy; in the browser the check says in one sentence what it needs.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...exercises.feedback import Feedback
from ...exercises.whole_hand import WholeHandExercise, costliest, whole_hand_exercise
from ...progress import Progress
from ..kit import connect_buttons, write
from ..table.table import YOU, TableWidget

__all__ = ["WholeHandWidget"]

HIDDEN = ("seed_box", "rulebook", "opponents", "new_button", "deal_button", "misplay")
"""Table controls the drill hides: they would change the deal or move past this hand."""
WAITING = "Check: the coach reviews your hand when it is over."


class WholeHandWidget(TableWidget):
    """One whole hand at the table, checked by the coach when it is over."""

    def __init__(
        self,
        seed: int = 0,
        rules: str = "pagat",
        players: int = 4,
        exercise: WholeHandExercise | None = None,
        progress: Progress | bool | None = None,
        size: str = "normal",
    ) -> None:
        if exercise is None:
            from ...rules import Rules

            exercise = whole_hand_exercise(seed, Rules.preset(rules), players)
        self.exercise, self.progress = exercise, progress
        self.result: Feedback | None = None
        self.result_text = WAITING
        self.prompt_html = widgets.HTML(_prompt_html(exercise.prompt()))
        self.again_button = widgets.Button(description="Same deal again")
        self.show_review_button = widgets.Button(
            description="Show the coach's review", layout=widgets.Layout(width="auto")
        )
        self.result_output = widgets.Output()
        self.kept_review = None  # a wrong hand's review, drawn only when asked for
        self._listeners: list = []
        super().__init__(exercise.rules, exercise.players, exercise.seed, "heuristic", size=size)
        self.add_class("bourre-whole-hand")
        self.prompt_html.add_class("bourre-whole-hand-prompt")
        self.again_button.add_class("bourre-whole-hand-again")
        self.show_review_button.add_class("bourre-whole-hand-show-review")
        self.show_review_button.layout.display = "none"
        self.result_output.add_class("bourre-whole-hand-result")
        connect_buttons(self, again_button=self.again, show_review_button=self.show_review)
        for name in (*HIDDEN, "review_button"):
            getattr(self, name).layout.display = "none"
        write(self.result_output, self.result_text)

    def again(self) -> str:
        """Deal the same cards again, from the start."""
        self.new_game(seed=self.exercise.seed, rules=self.exercise.rules)
        return self.to_text()

    def on_checked(self, listener: object) -> None:
        """Call `listener(widget, feedback)` after the check of a finished hand."""
        self._listeners.append(listener)

    def show_review(self) -> str:
        """Draw the coach's review of a finished hand in the table and name the costliest
        decision (what a wrong hand keeps back until asked); returns the review as text."""
        if self.kept_review is None:
            return self.result_text
        self.reviewed = self.kept_review
        self.result_text = f"{self.result_text}\n{costliest(self.kept_review)}"
        write(self.result_output, self.result_text)
        self.show_review_button.layout.display = "none"
        TableWidget._render(self)
        return self.reviewed.to_text()

    def play_for_me(self) -> list[str]:
        """Play seat A's decisions as the heuristic bot would, through the same actions as
        the buttons and card clicks (a demonstration); returns seat A's actions."""
        from ...sim.bots import HeuristicBot

        bot, mine = HeuristicBot(), []
        while self.game.phase != "settled":
            if self.game.to_act != YOU:
                self.advance_to_you()
                continue
            action = bot.choose(self.game)
            mine.append(action)
            self._do_as_clicks(action)
        return mine

    def _do_as_clicks(self, action: str) -> None:
        """One action of seat A done as a learner does it: a button, or cards clicked."""
        if action in ("play", "pass"):
            (self.play_button if action == "play" else self.pass_button).click()
        elif action == "keep":
            self.keep_button.click()
        elif action.startswith("discard "):
            for code in action.split()[1:]:
                self.table.click(code)
            self.discard_button.click()
        else:
            self.table.click(action)

    def to_text(self) -> str:
        """The exercise, the table as plain text, and the check's verdict."""
        return f"{self.exercise.prompt()}\n{super().to_text()}\n{self.result_text}"

    # --- the check, when the hand is over -------------------------------------------------

    def _new_game(self) -> None:
        self.result, self.result_text, self.kept_review = None, WAITING, None
        self.show_review_button.layout.display = "none"
        write(self.result_output, WAITING)
        super()._new_game()

    def _render(self) -> None:
        super()._render()
        if self.game.phase == "settled" and self.result is None and self.replaying is None:
            self._check_hand()

    def _check_hand(self) -> None:
        """Review the finished hand, draw the review in the table, show and save the verdict
        (the coach runs in plain Python where NumPy is missing, as in the browser)."""
        review = self.exercise.review(self.game)
        self.result = self.exercise.mark(review, self.progress)
        self.result_text = f"Check: {self.result.to_text()}"
        if self.result.correct:
            self.reviewed = review
            super()._render()  # draw the review in the table
        else:
            self.kept_review = review
            self.show_review_button.layout.display = ""
        write(self.result_output, self.result_text)
        for listener in list(self._listeners):
            listener(self, self.result)

    def _layout(self) -> list[widgets.Widget]:
        buttons = widgets.HBox([self.again_button, self.show_review_button])
        return [self.prompt_html, *super()._layout(), buttons, self.result_output]


def _prompt_html(text: str) -> str:
    """The prompt: its first line bold, the rest as lines."""
    head, *rest = [html.escape(line) for line in text.splitlines()]
    return (
        f"<div style='line-height:1.45'><b>{head}</b>"
        + "".join(f"<br>{r}" for r in rest)
        + "</div>"
    )
