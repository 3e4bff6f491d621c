"""Feedback: what a checker says about one answer, as text and as notebook HTML."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..play import Situation, Verdict, cite

__all__ = ["Feedback", "verdict_line"]


def verdict_line(verdict: Verdict, label: str = "") -> str:
    """One engine verdict as a line: its reason, then the rule id in brackets."""
    prefix = f"{label}: " if label else ""
    return f"{prefix}{verdict.reason} [{cite(verdict.rule)}]"


@dataclass
class Feedback:
    """The verdict on one answer: right or not, one sentence, then the lines that explain it.

    correct -- True only when the whole answer is right; summary -- one sentence;
    details -- the explanation, one line each (indented lines continue the line above);
    exercise_id -- the exercise checked, if any; situation -- the position shown (for a
    counterexample, the first position where the answer and the engine disagree).
    """

    correct: bool
    summary: str
    details: list[str] = field(default_factory=list)
    exercise_id: str | None = None
    situation: Situation | None = None

    @property
    def mark(self) -> str:
        """A word-and-sign label that does not rely on colour: '✔ Right' or '✘ Not yet'."""
        return "✔ Right" if self.correct else "✘ Not yet"

    def to_text(self) -> str:
        """The feedback as plain text: the label and summary, then one line per detail."""
        lines = [f"{self.mark}: {self.summary}"]
        lines += [f"  {line}" if line.startswith(" ") else f"- {line}" for line in self.details]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        colour = "#1b7a33" if self.correct else "#a4262c"
        items = []
        for line in self.details:
            text = html.escape(line)
            if line.startswith(" "):
                items.append(f'<pre style="margin:0 0 0 1.5em">{text.strip()}</pre>')
            else:
                items.append(f"<li>{text}</li>")
        body = _group(items)
        return (
            f'<div class="bourre-feedback" role="status" '
            f'style="border-left:4px solid {colour};padding:0.3em 0.8em">'
            f'<p style="margin:0.2em 0"><strong style="color:{colour}">{self.mark}:</strong> '
            f"{html.escape(self.summary)}</p>{body}</div>"
        )


def _group(items: list[str]) -> str:
    """Wrap list items in <ul>, keeping preformatted blocks between them."""
    out, open_list = [], False
    for item in items:
        if item.startswith("<li>") and not open_list:
            out.append('<ul style="margin:0.2em 0">')
            open_list = True
        if item.startswith("<pre") and open_list:
            out.append("</ul>")
            open_list = False
        out.append(item)
    if open_list:
        out.append("</ul>")
    return "".join(out)
