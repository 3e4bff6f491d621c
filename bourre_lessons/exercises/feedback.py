"""Feedback: what a checker says about one answer, as text and as notebook HTML.

The feedback policy, one for every exercise set (and written only here):

1. No answer, or one that cannot be read, is not an attempt: `not_checked` says what is
   accepted, with the neutral mark "✎ Not checked" (never ✘), and nothing is recorded.
2. A wrong answer says how many parts are wrong, never the right values nor which parts:
   "1 card you may play is missing", "2 of your 6 answers are not right yet". Its last line
   is `ON_REQUEST`: the hint and the worked solution tell more, when the learner asks.
3. A right answer explains in full: every card with its rule, every field with its sum.
4. `hint()` (the Hint button) names what to look at; `solution()` (Show solution) gives the
   answer with its reasons.

Set 3 (write the rule) is the one place a wrong answer shows a position in full: the first
position where the learner's function and the engine disagree, since the exercise's answer
is the function, not that position's cards.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..play import Situation, Verdict, cite
from ..text import ReadsAsText

__all__ = [
    "NOT_CHECKED",
    "ON_REQUEST",
    "Feedback",
    "not_checked",
    "parts_wrong",
    "verdict_line",
    "wrong_answer",
]

ON_REQUEST = "Hint and Show solution tell more when you ask."
"""The last line of every wrong answer's feedback."""

NOT_CHECKED = "✎ Not checked"
"""The mark of an answer that was not read (no answer yet, or one the check cannot use)."""
_SIGNS = {"right": "✔", "wrong": "✘", "unread": NOT_CHECKED.split()[0]}
_WORDS = {"right": "Right", "wrong": "Not yet", "unread": NOT_CHECKED.split(" ", 1)[1]}


def verdict_line(verdict: Verdict, label: str = "") -> str:
    """One engine verdict as a line: its reason, then the rule id in brackets."""
    prefix = f"{label}: " if label else ""
    return f"{prefix}{verdict.reason} [{cite(verdict.rule_id)}]"


def parts_wrong(wrong: int, total: int, part: str = "answer") -> str:
    """How many parts of an answer are wrong, not which: '2 of your 6 answers are not right
    yet.'"""
    if not 0 < wrong <= total:
        raise ValueError(f"wrong must be from 1 to total ({total}), got {wrong}")
    noun = part if total == 1 else f"{part}s"
    verb = "is" if wrong == 1 else "are"
    if total == 1:
        return f"Your {part} is not right yet."
    return f"{wrong} of your {total} {noun} {verb} not right yet."


def wrong_answer(summary: str, exercise_id: str | None = None, **extra: object) -> Feedback:
    """A wrong answer by the policy: a summary that counts, then the `ON_REQUEST` line."""
    return Feedback(False, summary, [ON_REQUEST], exercise_id, **extra)  # type: ignore[arg-type]


def not_checked(
    summary: str, details: list[str] | None = None, exercise_id: str | None = None
) -> Feedback:
    """No answer yet, or one the check cannot read: what is accepted; not an attempt."""
    return Feedback(False, summary, list(details or []), exercise_id, attempted=False)


@dataclass
class Feedback(ReadsAsText):
    """The verdict on one answer: right or not, one sentence, then the lines that explain it.

    correct -- True only when the whole answer is right; summary -- one sentence;
    details -- the explanation, one line each (indented lines continue the line above);
    exercise_id -- the exercise checked, if any; situation -- the position shown (for a
    counterexample, the first position where the answer and the engine disagree);
    attempted -- False when the answer was not read at all (`not_checked`).
    """

    correct: bool
    summary: str
    details: list[str] = field(default_factory=list)
    exercise_id: str | None = None
    situation: Situation | None = None
    attempted: bool = True

    @property
    def verdict(self) -> str:
        """'right', 'wrong', or 'unread' (no answer read, so no verdict)."""
        if not self.attempted:
            return "unread"
        return "right" if self.correct else "wrong"

    @property
    def sign(self) -> str:
        """The verdict's sign: ✔, ✘, or ✎ for an answer that was not read."""
        return _SIGNS[self.verdict]

    @property
    def mark(self) -> str:
        """A word-and-sign label that does not rely on colour: '✔ Right', '✘ Not yet', or
        '✎ Not checked' for an answer that was not read."""
        return f"{self.sign} {_WORDS[self.verdict]}"

    def body(self) -> str:
        """The feedback without its sign: the label's word and the summary, then one line per
        detail (what a callout that draws the sign itself shows)."""
        lines = [f"{_WORDS[self.verdict]}: {self.summary}"]
        lines += [f"  {line}" if line.startswith(" ") else f"- {line}" for line in self.details]
        return "\n".join(lines)

    def to_text(self) -> str:
        """The feedback as plain text: the label and summary, then one line per detail."""
        return f"{self.sign} {self.body()}"

    def _repr_html_(self) -> str:
        colour = {"right": "#1b7a33", "wrong": "#a4262c", "unread": "#1f5fbf"}[self.verdict]
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
