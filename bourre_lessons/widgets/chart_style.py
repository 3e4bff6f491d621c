"""One look for every chart of the course: colours, sizes and labelled axes.

The four suits keep the colours of the cards on the table (two- or four-colour deck), the three
rulebooks have one colour each in every chart, and text is large enough to read on a
projector. Charts are built as `matplotlib.figure.Figure` objects without pyplot, so none is
left open; a notebook shows the figure a function returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.figure import Figure

from ..cards import Suit
from .kit import FOUR_COLOURS, TWO_COLOURS

__all__ = [
    "RULEBOOK_COLOURS",
    "SEAT_COLOURS",
    "TEXT",
    "label_axes",
    "new_figure",
    "rulebook_colour",
    "suit_colour",
]

RULEBOOK_COLOURS = {"pagat": "#1f5fbf", "glimne": "#d95f02", "wikipedia": "#1b9e77"}
"""One colour per rulebook, the same in every chart."""

SEAT_COLOURS = (
    "#1f5fbf",
    "#d95f02",
    "#1b9e77",
    "#7b3294",
    "#c8102e",
    "#8c6d31",
    "#4d4d4d",
    "#e7298a",
)
"""Colours for seats A, B, C, ... in charts that draw one line per seat."""

TEXT = {"title": 15, "label": 13, "ticks": 12, "legend": 11}
"""Font sizes (points) that read well on a projector."""

OTHER = "#6a6a6a"


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """A suit's ink, as on the cards."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def rulebook_colour(name: str) -> str:
    """The colour of a rulebook, found by its name at the start of a label ('pagat, limit')."""
    for rulebook, colour in RULEBOOK_COLOURS.items():
        if name.lower().startswith(rulebook):
            return colour
    return OTHER


def new_figure(width: float = 8.0, height: float = 4.5, panels: int = 1) -> tuple[Figure, Any]:
    """A figure with `panels` axes side by side (one axes, or an array of them)."""
    if width <= 0 or height <= 0 or panels < 1:
        raise ValueError("a figure needs a positive width and height and at least one panel")
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, panels, squeeze=True)
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


def interval_errors(values: Sequence[Any]) -> list[list[float]]:
    """Error-bar lengths below and above for Estimates (value, low, high)."""
    return [[v.value - v.low for v in values], [v.high - v.value for v in values]]
