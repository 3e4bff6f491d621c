"""The workbench's results: each measure side by side, the difference with its 95% interval,
the number of hands, and the chart of the differences.

A rate reads as a percentage, its difference in percentage points; the pot and the chips read
in chips. A difference whose interval holds zero is said to be too close to tell on these
hands. `to_text()` is the same table in plain text.
"""

from __future__ import annotations

import html
import io
from typing import Any

import ipywidgets as widgets

from ..charts.chart_tables import ChartTable
from ..text_form import TextForm
from .bench_plot import is_share, plot_differences

__all__ = ["ResultsView", "measure_cells", "results_text"]

WAITING = (
    "Nothing measured yet. Set your switches, then press Measure: both rulebooks play the "
    "same deals, and the table of what changed appears here."
)


def measure_cells(measure: Any) -> tuple[str, str, str, str]:
    """A measure's cells in words: house, other, difference with its interval, and whether
    the hands can tell it from none."""
    m = measure
    if is_share(m):
        house, other = f"{m.house:.2%}", f"{m.against:.2%}"
        low, high = m.ci95
        diff = f"{m.difference * 100:+.2f} points (95% CI {low * 100:+.2f} to {high * 100:+.2f})"
    else:
        house, other = f"{m.house:.2f}", f"{m.against:.2f}"
        low, high = m.ci95
        diff = f"{m.difference:+.2f} (95% CI {low:+.2f} to {high:+.2f})"
    if m.difference == 0 and low == high == 0:
        verdict = "no change"
    elif low > 0 or high < 0:
        verdict = "a real difference"
    else:
        verdict = "too close to tell"
    return house, other, diff, verdict


def headline(comparison: Any) -> str:
    """The answer to the lesson's question in one sentence: the bourré rate's change."""
    c = comparison
    names = {m.name for m in c.measures}
    if "bourre_rate" not in names:
        return f"{c.hands:,} hands on the same deals."
    house, other, diff, verdict = measure_cells(c.measure("bourre_rate"))
    return (
        f"Someone who plays is bourréd {house} of the time under {c.house_name}, {other} under "
        f"{c.against_name}: {diff}, {verdict}; {c.hands:,} hands on the same deals."
    )


def results_text(comparison: Any) -> str:
    """The results as plain text: headline, then one measure a line."""
    c = comparison
    state = " (stopped: what was measured before Stop)" if c.stopped else ""
    lines = [
        f"{c.house_name} against {c.against_name}, {c.players} players, {c.hands:,} hands{state}"
    ]
    lines.append(headline(c))
    for m in c.measures:
        house, other, diff, verdict = measure_cells(m)
        lines.append(f"  {m.label}: {house} vs {other}; difference {diff}; {verdict}")
    lines += [f"  Note: {note}" for note in getattr(c, "notes", ())]
    return "\n".join(lines)


class ResultsView(TextForm, widgets.VBox):
    """The comparison as a table and a chart; empty (saying so) until Measure is pressed."""

    def __init__(self) -> None:
        self.comparison: Any = None
        self.table_html = widgets.HTML(f"<p class='bourre-bench-waiting'>{WAITING}</p>")
        self.chart = widgets.Image(format="png", layout={"max_width": "100%", "display": "none"})
        self.chart.add_class("bourre-bench-chart")
        self.chart_table = widgets.HTML(layout={"display": "none"})
        self.chart_table.add_class("bourre-bench-chart-table")
        super().__init__([self.table_html, self.chart, self.chart_table])
        self.add_class("bourre-bench-results")

    def show(self, comparison: Any, chart: bool = True) -> None:
        """Show a comparison (partial or whole); the chart is drawn when `chart` is True."""
        self.comparison = comparison
        self.table_html.value = _table_html(comparison)
        if chart and comparison.measures:
            drawn = plot_differences(comparison)
            if isinstance(drawn, ChartTable):  # no matplotlib: the chart's numbers
                self.chart_table.value = drawn._repr_html_()
                self.chart_table.layout.display = ""
            else:
                self.chart.value = _png(drawn)
                self.chart.layout.display = ""

    def clear(self) -> None:
        """Back to nothing measured (the switches changed since)."""
        self.comparison = None
        self.table_html.value = f"<p class='bourre-bench-waiting'>{WAITING}</p>"
        self.chart.layout.display = self.chart_table.layout.display = "none"

    def to_text(self) -> str:
        """The results as plain text, or that nothing is measured yet."""
        return WAITING if self.comparison is None else results_text(self.comparison)

    def __repr__(self) -> str:
        return "<workbench results>"


def _table_html(comparison: Any) -> str:
    esc = html.escape
    c = comparison
    rows = []
    for m in c.measures:
        house, other, diff, verdict = measure_cells(m)
        tag = verdict.replace(" ", "-")
        rows.append(
            f"<tr data-measure='{esc(m.name)}' class='bourre-verdict-{tag}'><th>{esc(m.label)}</th>"
            f"<td>{house}</td><td>{other}</td><td>{esc(diff)}</td><td>{verdict}</td></tr>"
        )
    state = " <b>Stopped:</b> what was measured before Stop." if c.stopped else ""
    return (
        f"<p class='bourre-bench-headline'><b>{esc(headline(c))}</b>{state}</p>"
        f"<table class='bourre-bench-table'><thead><tr><th>measure</th><th>{esc(c.house_name)}</th>"
        f"<th>{esc(c.against_name)}</th><th>difference (95% interval)</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<p class='bourre-bench-hands'>{c.hands:,} hands at a table of {c.players}, seed {c.seed}, "
        "the same deals under both rulebooks. Rates in %, differences in percentage points; "
        "chips a hand.</p>"
        + "".join(
            f"<p class='bourre-bench-note'>Note: {esc(n)}</p>" for n in getattr(c, "notes", ())
        )
    )


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()
