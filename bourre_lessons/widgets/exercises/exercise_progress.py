"""How far the learner has come in one exercise notebook, in words, kept up to date.

`SetProgress` shows one line at the top of an exercise set ("Set 01 · 3 of 6 done, last
tried yesterday"), counting the notebook's own items: each app added with `add(app)` (or an
exercise id with `track`) counts, and every check updates the line. The counts come from the
progress file (`bourre_lessons.progress`), re-read at each update, so attempts made in
another notebook show too; times are said in words, never as raw time stamps.
"""

from __future__ import annotations

import html
from datetime import datetime
from typing import Any

import ipywidgets as widgets

from ...exercises.feedback import Feedback
from ...progress import Progress, default_path
from ..text_form import TextForm
from .exercise_rules import RuleCheck

__all__ = ["SetProgress"]


class SetProgress(TextForm, widgets.HTML):
    """One line: how many of this notebook's exercises are done, and when last tried."""

    def __init__(self, title: str, path: str | None = None) -> None:
        super().__init__()
        self.title = title
        self.path = path
        self.exercise_ids: list[str] = []
        self.add_class("bourre-ex-progress")
        self.refresh()

    def add(self, app: Any) -> Any:
        """Count an exercise app of the notebook (its checks update the line); returns it."""
        self.track(app.exercise.id)
        app.on_checked(lambda _app, _feedback: self.refresh())
        return app

    def track(self, exercise_id: str) -> None:
        """Count one exercise of the notebook by its id."""
        if exercise_id not in self.exercise_ids:
            self.exercise_ids.append(exercise_id)
        self.refresh()

    def check_rule(self, exercise: Any, func: object) -> RuleCheck:
        """Set 3: check a rule function, count the exercise, and show the verdict (with the
        position of a counterexample drawn as cards)."""
        self.track(exercise.id)
        feedback: Feedback = exercise.check(func)
        self.refresh()
        return RuleCheck(feedback)

    def refresh(self, now: datetime | None = None) -> str:
        """Read the progress file again and redraw the line; returns its text."""
        text = self.to_text(now)
        self.value = (
            "<div style='padding:4px 10px;border-left:4px solid #1f5fbf;background:#eef3fb'>"
            f"<b>{html.escape(self.title)}</b> · {html.escape(text.split(': ', 1)[1])}</div>"
        )
        return text

    def to_text(self, now: datetime | None = None) -> str:
        """The line as plain text: 'Set 01 · Which cards: 3 of 6 done, last tried today'."""
        if not self.exercise_ids:
            return f"{self.title}: your progress shows here as the exercises below load"
        record = Progress.load(self.path or default_path())
        return f"{self.title}: {record.done_text(self.exercise_ids, now)}"

    def __repr__(self) -> str:
        return f"<SetProgress {self.title}>"
