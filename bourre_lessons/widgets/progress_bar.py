"""A progress bar for a long simulation in a notebook: `simulate(..., progress=ProgressBar())`.

The simulator takes any `progress(done, total)` function and knows nothing of widgets; this
one draws an ipywidgets `IntProgress` with the count beside it in words ("3,276,800 of
100,000,000 hands, 3%"), shows itself in the cell's output the first time it is called, and
turns green when the work is done. Updates are sent at most every `EVERY` seconds (the first
and the last always), so a fast run does not flood the notebook with messages.

    bar = ProgressBar("hands")
    summary = simulate(100_000_000, summary=True, progress=bar)
    lab = sweep(executor=client.get_executor(), progress=ProgressBar("cells", "Sweeping"))

Press the notebook's stop button (Ctrl-C): `simulate` and `sweep` call the bar's `stopped()`,
and the bar stays where the run stopped, orange, saying so ("stopped at 3,276,800 of ...").
"""

from __future__ import annotations

import time

import ipywidgets as widgets
from IPython.display import display

__all__ = ["EVERY", "ProgressBar"]

EVERY = 0.2
"""Seconds between two updates of the bar (the first and last are always drawn)."""


class ProgressBar:
    """A callable progress bar: `bar(done, total)` moves it; `widget` is what is shown."""

    def __init__(self, what: str = "hands", description: str = "Playing") -> None:
        if not isinstance(what, str) or not what.strip():
            raise ValueError(f"what must name what is counted, such as 'hands', got {what!r}")
        self.what = what
        self.bar = widgets.IntProgress(
            value=0, min=0, max=1, description=description, bar_style="info"
        )
        self.label = widgets.Label(value=f"0 {what}")
        self.widget = widgets.HBox([self.bar, self.label])
        self.widget.add_class("bourre-progress")
        self.done = 0
        self.total = 0
        self._shown = False
        self._drawn_at = float("-inf")

    def __call__(self, done: int, total: int) -> None:
        """Note that `done` of `total` are finished; redraw when due."""
        if not self._shown:
            self._shown = True
            display(self.widget)
        self.done, self.total = int(done), int(total)
        now = time.monotonic()
        finished = self.done >= self.total
        if finished or now - self._drawn_at >= EVERY:
            self._draw(finished)
            self._drawn_at = now

    def _draw(self, finished: bool) -> None:
        self.bar.max = max(self.total, 1)
        self.bar.value = min(self.done, self.bar.max)
        self.label.value = self.text()
        if finished:
            self.bar.bar_style = "success"

    def text(self) -> str:
        """The count in words: '3,276,800 of 100,000,000 hands, 3%'."""
        share = self.done / self.total if self.total else 1.0
        return f"{self.done:,} of {self.total:,} {self.what}, {share:.0%}"

    def stopped(self) -> None:
        """Show that the run was stopped where the bar stands."""
        self._draw(False)
        self.bar.bar_style = "warning"
        self.label.value = f"stopped at {self.text()}"

    def _ipython_display_(self) -> None:
        display(self.widget)
        self._shown = True
