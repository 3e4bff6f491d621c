"""The chart of a comparison: each measure's difference, house minus the other rulebook, with
its 95% interval, in the course's chart style (`charts.chart_style`).

Two panels, because a share and a number of chips do not share an axis: the rates in
percentage points on the left, the chips on the right. A bar whose interval crosses zero is
drawn pale: on these hands, that difference cannot be told from none. Where matplotlib is
missing (the course in the browser) the chart is the same differences as a table
(`differences_table`, a `charts.chart_tables.ChartTable`), drawn above it in plain Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..charts.chart_style import (
    PALE,
    SIZES,
    TEXT,
    figure_title,
    label_axes,
    new_figure,
    rulebook_colour,
)
from ..charts.chart_tables import ChartTable, chart_or_table
from ..charts.svg_chart import Bar, Panel

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["SHORT", "differences_table", "is_share", "plot_differences", "short_label"]


CHIPS_HEADING = "The pot and each seat's chips"
"""The heading of the panel of differences in chips (the other is the rates)."""


def is_share(measure: Any) -> bool:
    """True for a measure that is a share of hands or players (drawn in percentage points)."""
    unit = str(getattr(measure, "unit", "")).lower()
    return unit in ("share", "fraction", "rate", "%", "percent") or (
        not unit and measure.name.endswith("_rate")
    )


def differences_table(comparison: Any) -> ChartTable:
    """The chart's bars as rows: each measure's difference, house minus the other rulebook,
    with its 95% interval (rates in percentage points, chips in chips); drawn as two panels,
    the rates and the chips, a bar pale where its interval crosses zero."""
    rows = []
    for m in comparison.measures:
        scale, unit = (100.0, " pts") if is_share(m) else (1.0, "")
        low, high = (scale * v for v in m.ci95)
        rows.append(
            (short_label(m), f"{scale * m.difference:+.2f}{unit}", f"{low:+.2f} to {high:+.2f}")
        )
    return ChartTable(
        f"{comparison.house_name} minus {comparison.against_name}, {comparison.hands:,} hands",
        ("measure", "difference", "95% interval"),
        tuple(rows),
        _difference_panels(comparison),
    )


def _difference_panels(comparison: Any) -> tuple[Panel, ...]:
    """The rates (in percentage points) and the chips, each a panel of bars with intervals."""
    colour = rulebook_colour(comparison.against_name)
    panels = []
    for shares, heading, unit in (
        (True, "Rates", "percentage points"),
        (False, CHIPS_HEADING, "chips"),
    ):
        scale = 100.0 if shares else 1.0
        bars = tuple(
            Bar(
                short_label(m),
                scale * m.difference,
                scale * m.ci95[0],
                scale * m.ci95[1],
                colour,
                pale=not (m.ci95[0] > 0 or m.ci95[1] < 0),
            )
            for m in comparison.measures
            if is_share(m) == shares
        )
        axis = f"difference ({unit}); pale: too close to tell"
        panels.append(Panel(heading, axis, bars, "+.2f", " pts" if shares else ""))
    return tuple(p for p in panels if p.bars)


@chart_or_table(differences_table)
def plot_differences(comparison: Any) -> Figure:
    """Bars of house minus other for every measure, with 95% intervals (rates left, chips right)."""
    measures = list(comparison.measures)
    if not measures:
        raise ValueError("the comparison holds no measure yet: press Measure first")
    shares = [m for m in measures if is_share(m)]
    others = [m for m in measures if not is_share(m)]
    panels = [p for p in (shares, others) if p]
    width, _height = SIZES["wide"]
    rows = sum(len(p) for p in panels)
    fig, axes = new_figure(width, 1.6 + 0.45 * rows + 1.0 * len(panels), rows=len(panels))
    axes = axes if len(panels) > 1 else [axes]
    colour = rulebook_colour(comparison.against_name)
    for ax, group in zip(axes, panels, strict=True):
        scale = 100.0 if group is shares else 1.0
        _bars(ax, group, scale, colour)
        unit = "percentage points" if group is shares else "chips a hand"
        title = "Rates" if group is shares else CHIPS_HEADING
        label_axes(ax, title, f"difference ({unit}); pale: too close to tell", "measure")
    figure_title(
        fig,
        f"{comparison.house_name} minus {comparison.against_name}, {comparison.hands:,} hands "
        "(95% intervals)",
    )
    return fig


def _bars(ax: Any, group: list[Any], scale: float, colour: str) -> None:
    """One horizontal bar a measure, its interval as an error bar, zero marked."""
    rows = list(range(len(group)))[::-1]
    values = [m.difference * scale for m in group]
    lows = [(m.difference - m.ci95[0]) * scale for m in group]
    highs = [(m.ci95[1] - m.difference) * scale for m in group]
    clear = [m.ci95[0] > 0 or m.ci95[1] < 0 for m in group]
    ax.barh(rows, values, color=[colour if c else PALE for c in clear], edgecolor=colour)
    ax.errorbar(values, rows, xerr=[lows, highs], fmt="none", ecolor="#222222", capsize=4)
    ax.axvline(0, color="#222222", linewidth=1)
    ax.set_yticks(rows, [short_label(m) for m in group], fontsize=TEXT["ticks"])


SHORT = {
    "bourre_rate": "bourré rate",
    "mean_pot": "mean pot",
    "pot_after_session": "pot after a session",
    "split_rate": "split pots",
    "played_out_rate": "hands played out",
    "won_without_play_rate": "won without play",
    "dealer_result": "the dealer",
    "decisions_touched": "decisions touched",
}
"""A measure's name beside its bar (the table gives the whole label)."""


def short_label(measure: Any) -> str:
    """A measure's short name: `SHORT`, 'seat 2 left of dealer', or its label cut short."""
    if measure.name in SHORT:
        return SHORT[measure.name]
    parts = measure.name.split("_")
    if len(parts) == 3 and parts[0] == "seat" and parts[1].isdigit():
        return f"seat {parts[1]} left of dealer"
    words = measure.label.split(" (")[0]
    return words if len(words) <= 30 else words[:29] + "…"
