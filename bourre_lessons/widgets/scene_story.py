"""The view of a story scene: numbered steps with the pot after each, and a pot chart.

The steps and the pot come from the engine (`Scene.steps`); nothing is played here.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from .scene import SceneWidget

__all__ = ["StoryView"]


class StoryView(SceneWidget):
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
        steps = self._story_steps()[: self.step + 1]
        rows = []
        for i, st in enumerate(steps, start=1):
            pot = f" <b>Pot: {st.pot}</b>" if st.pot is not None else ""
            current = " style='background:#fff7d6'" if i == len(steps) else ""
            rows.append(f"<li{current}>{html.escape(st.caption)}{pot}</li>")
        detail = steps[-1].detail
        extra = f"<pre class='bourre-detail'>{html.escape(detail)}</pre>" if detail else ""
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
        pots = [st.pot for st in steps[: self.step + 1] if st.pot is not None]
        if not pots:
            self.chart.layout.display = "none"
            return
        self.chart.layout.display = None
        self.chart.value = _pot_chart_png(
            pots, len([st for st in steps if st.pot is not None]), self.classroom.value
        )


def _pot_chart_png(pots: list[int], total_steps: int, big: bool) -> bytes:
    """A small bar chart of the pot at each step so far, as PNG bytes."""
    from matplotlib.figure import Figure  # no pyplot: the notebook's backend is left alone

    fig = Figure(figsize=(5.5, 2.4) if not big else (8, 3.4), dpi=80)
    ax = fig.subplots()
    xs = list(range(1, len(pots) + 1))
    ax.bar(xs, pots, color="#d4a017")
    for x, p in zip(xs, pots, strict=True):
        ax.text(x, p, str(p), ha="center", va="bottom", fontsize=11 if not big else 16)
    ax.set_xlim(0.4, max(total_steps, 1) + 0.6)
    ax.set_ylim(0, max(max(pots), 1) * 1.25)
    ax.set_xlabel("step")
    ax.set_ylabel("chips in the pot")
    ax.set_xticks(range(1, total_steps + 1))
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
