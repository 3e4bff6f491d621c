"""The view of a story scene: numbered steps with the pot after each, and a pot chart.

The feedback (a story takes no cards) is the same coloured callout the card table draws.

The steps and the pot come from the engine (`Scene.steps`); nothing is played here.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from ...browser import missing_in_browser
from .scene import SceneView

__all__ = ["StoryView"]


class StoryView(SceneView):
    """A story scene: Back / Next step through what happens, the pot charted as it grows."""

    def _build(self) -> None:
        self.chart = widgets.Image(format="png")

    def _tagged(self) -> str:
        return f"{super()._tagged()} chart"

    def _bottom_rows(self) -> list[widgets.Widget]:
        return [self.chart]

    @property
    def step_count(self) -> int:
        """How many steps Back / Next move through."""
        return len(self.scene.steps(self.rules))

    def _story_steps(self):
        return self.scene.steps(self.rules)

    def _body_html(self) -> str:
        """The steps so far as a numbered list, the current one lit, each with its pot drawn as
        a badge; the current step's detail (what the engine did) under the list, folded when it
        is a whole hand (the caption already says how the hand ended)."""
        steps = self._story_steps()[: self.step + 1]
        rows = []
        for i, st in enumerate(steps, start=1):
            pot = (
                f"<span class='bourre-story-pot'>pot {st.pot}</span>" if st.pot is not None else ""
            )
            now = " class='bourre-story-now' aria-current='step'" if i == len(steps) else ""
            rows.append(f"<li{now}>{html.escape(st.caption)}{pot}</li>")
        detail = steps[-1].detail
        extra = f"<div class='bourre-story-detail'>{html.escape(detail)}</div>" if detail else ""
        lines = len(detail.splitlines())
        if lines > LONG_DETAIL_LINES:  # a hand, move by move
            summary = "The whole hand, move by move"
            extra = (
                f"<details class='bourre-story-more'><summary>{summary}</summary>{extra}</details>"
            )
        return f"<ol class='bourre-story'>{''.join(rows)}</ol>{extra}"

    def _body_text(self) -> list[str]:
        lines = []
        for i, st in enumerate(self._story_steps()[: self.step + 1], start=1):
            pot = f" [pot {st.pot}]" if st.pot is not None else ""
            lines.append(f"{i}. {st.caption}{pot}")
        detail = self._story_steps()[self.step].detail
        if detail:
            lines.append(detail)
        return lines

    def _render_body(self) -> None:
        steps = self._story_steps()
        pots = {i: st.pot for i, st in enumerate(steps[: self.step + 1], 1) if st.pot is not None}
        story_pots = {st.pot for st in steps if st.pot is not None}
        # the captions tell the pot too: no chart of one number repeated, nor without matplotlib
        if len(story_pots) < 2 or missing_in_browser("matplotlib"):
            self.chart.layout.display = "none"
            return
        self.chart.layout.display = None
        self.chart.layout.width = f"{CHART_SIZES[self.classroom.value][0] * CHART_DPI:.0f}px"
        self.chart.value = _pot_chart_png(pots, len(steps), self.classroom.value)


LONG_DETAIL_LINES = 8
"""A step's detail longer than this (a whole hand played out) is folded under its caption, which
already says how the hand ended: the step stays in view, in a lesson and on the projector."""
CHART_DPI = 100
CHART_SIZES = {False: (5.6, 2.6), True: (8.0, 3.6)}
"""Inches of the pot chart at normal and at classroom size (drawn at CHART_DPI, never scaled)."""


def _pot_chart_png(pots: dict[int, int], total_steps: int, big: bool) -> bytes:
    """A bar chart of the pot at each step so far that says it (step number -> chips), as PNG
    bytes, in the course's chart style; a step that moves no chips has no bar."""
    from matplotlib.ticker import MaxNLocator

    from ..charts.chart_style import TEXT, label_axes, new_figure

    fig, ax = new_figure(*CHART_SIZES[big])
    ax.bar(list(pots), list(pots.values()), color="#d4a017", edgecolor="#8a6a00")
    for x, p in pots.items():
        ax.text(x, p, str(p), ha="center", va="bottom", fontsize=TEXT["label"] + 4 * big)
    ax.set_xlim(0.4, max(total_steps, 1) + 0.6)
    ax.set_ylim(0, max(max(pots.values()), 1) * 1.3)
    ax.set_xticks(range(1, total_steps + 1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    label_axes(ax, "The pot at each step that names it", "step of the story", "chips in the pot")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=CHART_DPI)
    return buffer.getvalue()
