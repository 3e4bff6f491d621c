"""Pictures of the variant lab: each draws what `bourre_lessons.sim.variants` measured.

The functions build `matplotlib.figure.Figure` objects directly, without pyplot, so no figure
is left open: a notebook shows the returned figure, and nothing else.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from ..sim.variants import Disagreements, Sweep
from .chart_style import TEXT, label_axes, new_figure, rulebook_colour

__all__ = [
    "plot_bourre",
    "plot_disagreement_sizes",
    "plot_disagreements",
    "plot_pot",
    "plot_rather_pass",
    "plot_sweep",
    "plot_win_by_seat",
]


def _figure(width: float = 8.0, height: float = 4.5) -> tuple[Figure, object]:
    return new_figure(width, height)


def plot_pot(data: Sweep) -> Figure:
    """Line chart: the mean pot at the end of play, hand by hand, one line per variant."""
    fig, ax = _figure()
    hands = np.arange(1, data.hands + 1)
    for name, pot in zip(data.names, data.pot, strict=True):
        ax.plot(hands, pot, label=name, color=rulebook_colour(name))
    label_axes(
        ax,
        f"How the pot grows over a session ({data.players} players, {data.bots} bots)",
        "hand of the session",
        f"mean pot at the end of play (chips, {data.sessions} sessions)",
        legend=True,
    )
    return fig


def _bars(ax: object, names: tuple[str, ...], values: np.ndarray, fmt: str) -> None:
    bars = ax.barh(list(names), values, color=[rulebook_colour(n) for n in names])
    ax.bar_label(bars, labels=[format(v, fmt) for v in values], padding=3, fontsize="small")
    ax.invert_yaxis()


def plot_bourre(data: Sweep) -> Figure:
    """Bar chart: how often a player who plays is bourréd, by variant."""
    title = "How often a player who plays takes no trick (bourré)"
    return _share_chart(data, data.bourre_rate, title, "share of players who played")


def plot_win_by_seat(data: Sweep) -> Figure:
    """Grouped bars: the share of hands each seat wins, seats counted from the dealer's left."""
    fig, ax = _figure(8.0, 4.0)
    seats = np.arange(1, data.players + 1)
    width = 0.8 / len(data.names)
    for i, (name, rates) in enumerate(zip(data.names, data.win_by_seat, strict=True)):
        ax.bar(seats + (i - (len(data.names) - 1) / 2) * width, rates, width, label=name)
    ax.set_xticks(seats, [f"{s}" + (" (dealer)" if s == data.players else "") for s in seats])
    ax.set_title("Who takes the pot: win rate by seat")
    ax.set_xlabel("seat, counted from the dealer's left")
    ax.set_ylabel("share of hands won")
    ax.legend(fontsize="small")
    return fig


def plot_rather_pass(data: Sweep) -> Figure:
    """Bar chart: the share of plays that cost more than passing would have."""
    title = "How often a player who played would rather have passed"
    axis = "share of plays that cost more than the ante (bourré or a lost second ante)"
    return _share_chart(data, data.rather_pass, title, axis)


def _share_chart(data: Sweep, shares: np.ndarray, title: str, xlabel: str) -> Figure:
    """One horizontal bar a variant, each labelled with its share."""
    fig, ax = _figure()
    _bars(ax, data.names, shares, ".1%")
    label_axes(ax, title, xlabel, "variant")
    ax.set_xlim(0, max(float(shares.max()) * 1.25, 0.01))
    return fig


def plot_sweep(data: Sweep) -> Figure:
    """All four sweep pictures on one page."""
    fig = Figure(figsize=(13.0, 8.5), layout="constrained")
    axes = fig.subplots(2, 2)
    hands = np.arange(1, data.hands + 1)
    for name, pot in zip(data.names, data.pot, strict=True):
        axes[0, 0].plot(hands, pot, label=name)
    axes[0, 0].set(
        title="Mean pot at the end of play", xlabel="hand of the session", ylabel="chips"
    )
    axes[0, 0].legend(fontsize="x-small")
    _bars(axes[0, 1], data.names, data.bourre_rate, ".1%")
    axes[0, 1].set(title="Bourré rate of players who play", xlabel="share", ylabel="variant")
    axes[0, 1].set_xlim(0, max(float(data.bourre_rate.max()) * 1.3, 0.01))
    seats = np.arange(1, data.players + 1)
    for name, rates in zip(data.names, data.win_by_seat, strict=True):
        axes[1, 0].plot(seats, rates, marker="o", label=name)
    axes[1, 0].set(
        title="Win rate by seat (last seat = dealer)",
        xlabel="seat, counted from the dealer's left",
        ylabel="share of hands won",
    )
    axes[1, 0].set_xticks(seats)
    axes[1, 0].legend(fontsize="x-small")
    _bars(axes[1, 1], data.names, data.rather_pass, ".1%")
    axes[1, 1].set(
        title="Plays that cost more than passing", xlabel="share of plays", ylabel="variant"
    )
    axes[1, 1].set_xlim(0, max(float(data.rather_pass.max()) * 1.3, 0.01))
    fig.suptitle(
        f"Rule variants compared: {data.players} players, {data.bots} bots, "
        f"{data.sessions} sessions of {data.hands} hands"
    )
    return fig


def plot_disagreements(data: Disagreements) -> Figure:
    """Bar chart: for each rule, the share of decisions where it refused a card another
    rulebook allows."""
    shares = data.rule_shares()
    fig, ax = _figure(9.0, max(3.0, 0.55 * len(shares) + 2.0))
    labels = [_label(rule, data.concepts.get(rule, rule)) for rule in shares]
    values = np.array(list(shares.values()))
    if len(values):
        _bars(ax, tuple(labels), values, ".2%")
        ax.set_xlim(0, float(values.max()) * 1.3)
    label_axes(
        ax,
        f"Where glimne, wikipedia and pagat disagree: {data.share:.1%} of card decisions\n"
        f"({data.decisions} decisions in {data.hands} hands, played under {data.drive} rules)",
        "share of card decisions where the rule refused a card another rulebook allows",
        "rule that refused",
    )
    return fig


def plot_disagreement_sizes(by_size: dict[int, Disagreements], most: int = 4) -> Figure:
    """Grouped bars: for each table size, how often each of the `most` commonest refusing
    rules refused a card another rulebook allows, and the total share of decisions."""
    if not by_size:
        raise ValueError("give at least one table size: {players: Disagreements}")
    sizes = sorted(by_size)
    totals: dict[str, float] = {}
    for found in by_size.values():
        for rule, share in found.rule_shares().items():
            totals[rule] = totals.get(rule, 0.0) + share
    rules = sorted(totals, key=lambda r: -totals[r])[:most]
    fig, ax = _figure(9.0, 4.8)
    width = 0.8 / (len(rules) + 1)
    x = np.arange(len(sizes))
    ax.bar(
        x - 0.4 + width / 2,
        [by_size[n].share for n in sizes],
        width,
        color="#4d4d4d",
        label="any rule (all decisions that differ)",
    )
    for i, rule in enumerate(rules, start=1):
        shares = [by_size[n].rule_shares().get(rule, 0.0) for n in sizes]
        ax.bar(
            x - 0.4 + width * (i + 0.5),
            shares,
            width,
            color=rulebook_colour(rule),
            alpha=0.55 + 0.45 * (i % 2),
            label=rule,
        )
    ax.set_xticks(x, [f"{n} players" for n in sizes])
    ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.1%}")
    ax.set_ylim(0, max(by_size[n].share for n in sizes) * 1.5)
    hands = {found.hands for found in by_size.values()}
    label_axes(
        ax,
        f"How often the rulebooks disagree, by table size ({', '.join(map(str, sorted(hands)))} hands each)",
        "table size",
        "share of card decisions",
    )
    ax.legend(fontsize=TEXT["legend"], ncols=2, loc="upper left")
    return fig


def _label(rule: str, concept: str) -> str:
    return rule if concept == rule else f"{rule} ({concept.replace('-', ' ')})"
