"""Answers a learner opens after trying: what a block of code prints, shown folded.

Predict, then reveal: a lesson cell that prints a scene's answer wraps its code in
`with check_your_answer():`. What the block prints is collected and shown as a closed
"Check your answer" section, which the learner opens with a click once they have tried. The
plain-text form (what nbval checks and a terminal shows) is the printed text itself.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout

__all__ = ["Folded", "check_your_answer"]


class Folded:
    """Text shown under a closed heading; the heading opens it."""

    def __init__(self, text: str, title: str = "Check your answer") -> None:
        self.text, self.title = text, title

    def __repr__(self) -> str:
        return self.text.rstrip("\n")

    def _repr_html_(self) -> str:
        return (
            f"<details class='bourre-reveal'><summary><b>{html.escape(self.title)}</b> "
            "(open it after you have tried)</summary>"
            f"<pre style='white-space:pre-wrap'>{html.escape(self.text)}</pre></details>"
        )


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
