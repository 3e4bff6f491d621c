"""Answers a learner opens after trying: what a block of code prints, shown folded.

Predict, then reveal: a lesson cell that prints a scene's answer wraps its code in
`with check_your_answer():`. What the block prints is collected and shown as a closed
"Check your answer" section, which the learner opens with a click once they have tried. The
plain-text form (what nbval checks and a terminal shows) is the printed text itself. A result
that draws itself as HTML (a table) is folded the same way by `fold(result)`.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from typing import Any

__all__ = ["Folded", "check_your_answer", "fold"]


class Folded:
    """Text (or a result's HTML) shown under a closed heading; the heading opens it."""

    def __init__(self, text: str, title: str = "Check your answer", body_html: str = "") -> None:
        self.text, self.title, self.body_html = text, title, body_html

    def __repr__(self) -> str:
        return self.text.rstrip("\n")

    def _repr_html_(self) -> str:
        return (
            f"<details class='bourre-reveal'><summary><b>{html.escape(self.title)}</b> "
            "(open it after you have tried)</summary>"
            + (
                self.body_html
                or f"<pre style='white-space:pre-wrap'>{html.escape(self.text)}</pre>"
            )
            + "</details>"
        )


def fold(result: Any, title: str = "Check your answer") -> Folded:
    """A result shown folded under `title`: its HTML when it draws itself as HTML, its text
    (`to_text()`, else `str`) in the plain form."""
    text = result.to_text() if hasattr(result, "to_text") else str(result)
    drawn = result._repr_html_() if hasattr(result, "_repr_html_") else ""
    return Folded(text, title, drawn or "")


@contextmanager
def check_your_answer(title: str = "Check your answer") -> Iterator[None]:
    """Collect what the block prints and show it folded under `title`."""
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        yield
    folded = Folded(buffer.getvalue(), title)
    try:
        from IPython.display import display
    except ImportError:  # a plain Python prompt: print it
        print(folded)
    else:
        display(folded)
