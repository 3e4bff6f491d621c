"""One look for every chart of the course: colours, fonts, sizes and labelled axes.

The four suits keep the colours of the cards on the table (two- or four-colour deck), the three
rulebooks have one colour and one line style each in every chart, and text is large enough to
read on a projector. The font is matplotlib's own DejaVu Sans, which ships with matplotlib:
nothing is fetched from the internet. Charts are built as `matplotlib.figure.Figure` objects
without pyplot, so none is left open; a notebook shows the figure a function returns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ...browser import BrowserNote, browser_note, missing_in_browser
from ...cards import Suit
from ..kit import FOUR_COLOURS, TWO_COLOURS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Drawn = TypeVar("Drawn")

__all__ = [
    "ANY_RULE",
    "FONT",
    "OTHER",
    "PALE",
    "PASS_COLOUR",
    "RULEBOOK_COLOURS",
    "RULEBOOK_LINES",
    "SEAT_COLOURS",
    "SIZES",
    "TEXT",
    "chart_or_note",
    "figure_title",
    "interval_errors",
    "label_axes",
    "new_figure",
    "percent_axis",
    "rulebook_colour",
    "rulebook_line",
    "suit_colour",
]

RULEBOOK_COLOURS = {"pagat": "#1f5fbf", "glimne": "#d95f02", "wikipedia": "#1b9e77"}
"""One colour per rulebook, the same in every chart."""

RULEBOOK_LINES = {
    "glimne": {"linestyle": "-", "marker": "o"},
    "wikipedia": {"linestyle": "--", "marker": "s"},
    "pagat": {"linestyle": ":", "marker": "^"},
}
"""One line style and marker per rulebook, so lines stay apart in grey print too."""

SEAT_COLOURS = (
    "#7b3294",
    "#c8102e",
    "#8c6d31",
    "#17becf",
    "#4d4d4d",
    "#e7298a",
    "#66a61e",
    "#e6ab02",
)
"""Colours for seats A, B, C, ... in charts with one line per seat (none is a rulebook's)."""

OTHER = "#6a6a6a"
"""The colour of anything that is not one of the three rulebooks."""

PASS_COLOUR = "#8a8a8a"
"""Passing is grey in every advisor chart; playing takes its rulebook's colour."""

PALE = "#c9c9c9"
"""The fill of a difference too close to zero to tell (its interval crosses zero)."""

ANY_RULE = "#4d4d4d"
"""The colour of 'any rule' beside the single rules in the charts of disagreements."""

FONT = "DejaVu Sans"
"""The charts' font: matplotlib's bundled default, never downloaded."""

TEXT = {"title": 15, "label": 13, "ticks": 12, "legend": 11, "annotation": 11, "suptitle": 16}
"""Font sizes (points) that read well on a projector."""

SIZES = {
    "wide": (9.0, 4.8),
    "bars": (9.0, 4.5),
    "panel": (6.5, 4.8),
    "page": (13.0, 8.5),
}
"""Figure sizes in inches: one wide chart, a bar chart, one panel of a row, a page of four."""


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """A suit's ink, as on the cards."""
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit (Suit.SPADES, ...), got {suit!r}")
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def rulebook_colour(name: str) -> str:
    """The colour of a rulebook, found by its name at the start of a label ('pagat, limit')."""
    for rulebook, colour in RULEBOOK_COLOURS.items():
        if name.lower().startswith(rulebook):
            return colour
    return OTHER


def rulebook_line(name: str) -> dict[str, Any]:
    """Colour, line style and marker of a rulebook's line (a solid grey line for any other)."""
    for rulebook, style in RULEBOOK_LINES.items():
        if name.lower().startswith(rulebook):
            return {"color": RULEBOOK_COLOURS[rulebook], **style}
    return {"color": OTHER, "linestyle": "-", "marker": "D"}


def new_figure(
    width: float = 8.0,
    height: float = 4.5,
    panels: int = 1,
    rows: int = 1,
    sharey: bool = False,
) -> tuple[Figure, Any]:
    """A figure with `rows` x `panels` axes (one axes, or an array of them)."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise ValueError(
                f"a figure needs a positive width and height in inches: {name}={value!r}"
            )
    for name, value in (("panels", panels), ("rows", rows)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(
                f"a figure needs a whole number of panels and rows, 1 or more: {name}={value!r}"
            )
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(rows, panels, squeeze=True, sharey=sharey)
    return fig, axes


def label_axes(ax: Any, title: str, xlabel: str, ylabel: str, legend: bool = False) -> None:
    """Title and axis labels in the course's sizes (every chart has all three)."""
    if not (title and xlabel and ylabel):
        raise ValueError("a chart needs a title and both axis labels")
    ax.set_title(title, fontsize=TEXT["title"])
    ax.set_xlabel(xlabel, fontsize=TEXT["label"])
    ax.set_ylabel(ylabel, fontsize=TEXT["label"])
    ax.tick_params(labelsize=TEXT["ticks"])
    if legend:
        ax.legend(fontsize=TEXT["legend"])


def figure_title(fig: Figure, title: str) -> None:
    """A title over all the panels of a figure, in the course's size."""
    if not title:
        raise ValueError("a figure title must not be empty")
    fig.suptitle(title, fontsize=TEXT["suptitle"])


def percent_axis(axis: Any, decimals: int | None = None) -> None:
    """Show an axis of shares (0 to 1) as percentages: 0.25 reads '25%' (decimals as the
    range needs them, unless given)."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=decimals))


def interval_errors(values: Sequence[Any]) -> list[list[float]]:
    """Error-bar lengths below and above for Estimates (value, low, high)."""
    return [[v.value - v.low for v in values], [v.high - v.value for v in values]]


def chart_or_note(
    part: str,
) -> Callable[[Callable[..., Drawn]], Callable[..., Drawn | BrowserNote]]:
    """Decorate a function that draws a chart: in the browser without matplotlib it returns
    one sentence naming `part` (e.g. 'The deck figure') and how to get the full course."""

    def wrap(draw: Callable[..., Drawn]) -> Callable[..., Drawn | BrowserNote]:
        @functools.wraps(draw)
        def drawn(*args: Any, **kwargs: Any) -> Drawn | BrowserNote:
            if missing_in_browser("matplotlib"):
                return browser_note(part)
            return draw(*args, **kwargs)

        return drawn

    return wrap
