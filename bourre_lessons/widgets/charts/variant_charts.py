"""Pictures of the variant lab: each draws what `bourre_lessons.sim.variant_lab` measured.

The functions build `matplotlib.figure.Figure` objects directly, without pyplot, so no figure
is left open: a notebook shows the returned figure, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...sim.variant_lab import Disagreements, Sweep
from .chart_style import (
    ANY_RULE,
    RULEBOOK_COLOURS,
    SIZES,
    TEXT,
    figure_title,
    label_axes,
    new_figure,
    percent_axis,
    rulebook_colour,
    rulebook_line,
)
from .chart_tables import (
    chart_or_table,
    charts_drawn,
    disagreement_sizes_table,
    disagreements_table,
    sweep_table,
)

if charts_drawn():
    import numpy as np
if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "plot_bourre",
    "plot_disagreement_sizes",
    "plot_disagreements",
    "plot_pot",
    "plot_rather_pass",
    "plot_sweep",
    "plot_win_by_seat",
]


def _check_sweep(data: Sweep) -> Sweep:
    """The sweep itself, or a clear error when it is not a Sweep or measured nothing."""
    if not isinstance(data, Sweep):
        raise TypeError(
            f"give the Sweep that bourre_lessons.sim.variant_lab.sweep() returns, got {type(data).__name__}"
        )
    if not data.names or data.hands < 1:
        raise ValueError("the sweep measured no variant or no hand: nothing to chart")
    return data


def _check_disagreements(data: Disagreements) -> Disagreements:
    """The count itself, or a clear error when it is not one or counted no decision."""
    if not isinstance(data, Disagreements):
        raise TypeError(
            "give the Disagreements that bourre_lessons.sim.variant_lab.rulebook_disagreements() "
            f"returns, got {type(data).__name__}"
        )
    if data.decisions < 1:
        raise ValueError("the count examined no card decision: play at least one hand")
    return data


@chart_or_table(lambda data: sweep_table(data, "pot"))
def plot_pot(data: Sweep) -> Figure:
    """Line chart: the mean pot at the end of play, hand by hand, one line per variant."""
    _check_sweep(data)
    title = f"How the pot grows over a session ({data.players} players, {data.bots} bots)"
    ylabel = f"mean pot at the end of play (chips, {data.sessions} sessions)"
    return _one_chart(data, "wide", _pot_lines, (title, "hand of the session", ylabel))


def _one_chart(
    data: Sweep, size: str, draw: Callable[[Any, Sweep], None], labels: tuple[str, str, str]
) -> Figure:
    """A figure of one panel: `draw` fills it from `data`; (title, x, y) label it, with a
    legend."""
    fig, ax = new_figure(*SIZES[size])
    draw(ax, data)
    label_axes(ax, *labels, legend=True)
    return fig


def _pot_lines(ax: Any, data: Sweep) -> None:
    hands = np.arange(1, data.hands + 1)
    for name, pot in zip(data.names, data.pot, strict=True):
        ax.plot(hands, pot, label=name, linewidth=2, markersize=5, **rulebook_line(name))


def _bars(ax: Any, names: tuple[str, ...], values: np.ndarray, fmt: str) -> None:
    bars = ax.barh(list(names), values, color=[rulebook_colour(n) for n in names])
    ax.bar_label(
        bars, labels=[format(v, fmt) for v in values], padding=3, fontsize=TEXT["annotation"]
    )
    ax.invert_yaxis()


@chart_or_table(lambda data: sweep_table(data, "bourre"))
def plot_bourre(data: Sweep) -> Figure:
    """Bar chart: how often a player who plays is bourréd, by variant."""
    title = "How often a player who plays takes no trick (bourré)"
    return _share_chart(
        _check_sweep(data), data.bourre_rate, title, "share of the players who played"
    )


@chart_or_table(lambda data: sweep_table(data, "seats"))
def plot_win_by_seat(data: Sweep) -> Figure:
    """Grouped bars: the share of hands each seat wins, seats counted from the dealer's left."""
    _check_sweep(data)
    labels = (
        "Who takes the pot: the share of hands won by each seat",
        "seat, counted from the dealer's left",
        "share of hands won",
    )
    return _one_chart(data, "bars", _seat_bars, labels)


def _seat_bars(ax: Any, data: Sweep) -> None:
    seats = np.arange(1, data.players + 1)
    width = 0.8 / len(data.names)
    for i, (name, rates) in enumerate(zip(data.names, data.win_by_seat, strict=True)):
        x = seats + (i - (len(data.names) - 1) / 2) * width
        ax.bar(x, rates, width, label=name, color=rulebook_colour(name), hatch=_hatch(name, i))
    ax.set_xticks(seats, [f"{s}" + (" (dealer)" if s == data.players else "") for s in seats])
    percent_axis(ax.yaxis)


def _hatch(name: str, index: int) -> str | None:
    """A hatch for a variant that is not a plain preset, so 'pagat, pot limit 3' differs from
    'pagat' though both are pagat's colour."""
    return None if name.lower() in RULEBOOK_COLOURS else ("//", "..", "xx")[index % 3]


@chart_or_table(lambda data: sweep_table(data, "rather"))
def plot_rather_pass(data: Sweep) -> Figure:
    """Bar chart: the share of plays that cost more than passing would have."""
    title = "How often a player who played would rather have passed"
    axis = "share of plays that cost more than passing\n(a bourré, or a second ante for a pot lost)"
    return _share_chart(_check_sweep(data), data.rather_pass, title, axis)


def _share_chart(data: Sweep, shares: np.ndarray, title: str, xlabel: str) -> Figure:
    """One horizontal bar a variant, each labelled with its share."""
    fig, ax = new_figure(*SIZES["bars"])
    _share_bars(ax, data.names, shares)
    label_axes(ax, title, xlabel, "variant")
    return fig


def _share_bars(ax: Any, names: tuple[str, ...], shares: np.ndarray) -> None:
    _bars(ax, names, shares, ".1%")
    ax.set_xlim(0, max(float(shares.max()) * 1.25, 0.01))
    percent_axis(ax.xaxis)


@chart_or_table(sweep_table)
def plot_sweep(data: Sweep) -> Figure:
    """All four sweep pictures on one page."""
    _check_sweep(data)
    fig, axes = new_figure(*SIZES["page"], panels=2, rows=2)
    _pot_lines(axes[0, 0], data)
    label_axes(
        axes[0, 0], "Mean pot at the end of play", "hand of the session", "chips", legend=True
    )
    _share_bars(axes[0, 1], data.names, data.bourre_rate)
    label_axes(axes[0, 1], "Bourré rate of players who play", "share of players", "variant")
    _seat_bars(axes[1, 0], data)
    label_axes(
        axes[1, 0],
        "Win rate by seat (last seat = dealer)",
        "seat, counted from the dealer's left",
        "share of hands won",
        legend=True,
    )
    _share_bars(axes[1, 1], data.names, data.rather_pass)
    label_axes(axes[1, 1], "Plays that cost more than passing", "share of plays", "variant")
    figure_title(
        fig,
        f"Rule variants compared: {data.players} players, {data.bots} bots, "
        f"{data.sessions} sessions of {data.hands} hands",
    )
    return fig


@chart_or_table(disagreements_table)
def plot_disagreements(data: Disagreements) -> Figure:
    """Bar chart: for each rule, the share of decisions where it refused a card another
    rulebook allows."""
    shares = _check_disagreements(data).rule_shares()
    fig, ax = new_figure(9.5, max(3.5, 0.6 * len(shares) + 2.4))
    labels = [_label(rule, data.concepts.get(rule, rule)) for rule in shares]
    values = np.array(list(shares.values()))
    if len(values):
        _bars(ax, tuple(labels), values, ".2%")
        ax.set_xlim(0, float(values.max()) * 1.3)
    percent_axis(ax.xaxis)
    label_axes(
        ax,
        f"Where the rulebooks disagree: {data.share:.1%} of card decisions\n"
        f"({data.decisions:,} decisions, {data.hands:,} hands under {data.drive} rules)",
        "share of card decisions where this rule refused\na card another rulebook allows",
        "rule that refused",
    )
    return fig


@chart_or_table(disagreement_sizes_table)
def plot_disagreement_sizes(by_size: Mapping[int, Disagreements], most: int = 4) -> Figure:
    """Grouped bars: for each table size, how often each of the `most` commonest refusing
    rules refused a card another rulebook allows, and the total share of decisions."""
    if not isinstance(by_size, Mapping) or not by_size:
        raise ValueError("give at least one table size: {players: Disagreements}")
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        raise ValueError(f"most must be a whole number of rules, 1 or more, got {most!r}")
    for found in by_size.values():
        _check_disagreements(found)
    sizes = sorted(by_size)
    totals: dict[str, float] = {}
    for found in by_size.values():
        for rule, share in found.rule_shares().items():
            totals[rule] = totals.get(rule, 0.0) + share
    rules = sorted(totals, key=lambda r: (-totals[r], r))[:most]
    fig, ax = new_figure(*SIZES["wide"])
    width = 0.8 / (len(rules) + 1)
    x = np.arange(len(sizes))
    ax.bar(
        x - 0.4 + width / 2,
        [by_size[n].share for n in sizes],
        width,
        color=ANY_RULE,
        label="any rule (all decisions that differ)",
    )
    seen: dict[str, int] = {}
    for i, rule in enumerate(rules, start=1):
        colour = rulebook_colour(rule)
        again = seen[colour] = seen.get(colour, -1) + 1
        shares = [by_size[n].rule_shares().get(rule, 0.0) for n in sizes]
        ax.bar(
            x - 0.4 + width * (i + 0.5),
            shares,
            width,
            color=colour,
            edgecolor="white",
            hatch=(None, "//", "..", "xx")[again % 4],
            label=rule,
        )
    ax.set_xticks(x, [f"{n} players" for n in sizes])
    percent_axis(ax.yaxis)
    ax.set_ylim(0, max(max(by_size[n].share for n in sizes) * 1.5, 0.001))
    hands = {found.hands for found in by_size.values()}
    label_axes(
        ax,
        "How often the rulebooks disagree, by table size\n"
        f"({', '.join(f'{h:,}' for h in sorted(hands))} hands at each table)",
        "table size",
        "share of card decisions",
    )
    ax.legend(fontsize=TEXT["legend"], ncols=2, loc="upper left")
    return fig


def _label(rule: str, concept: str) -> str:
    return rule if concept == rule else f"{rule} ({concept.replace('-', ' ')})"
