"""Pictures of the advisor: expected chips for play and pass with their 95% intervals.

Playing is drawn in the colour of the rulebook the advice was worked out under, passing in grey;
every point carries the interval the advisor gives, so a learner sees at once whether the two
choices are apart or too close to call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ...sim.advisor import Advice
from ..charts.chart_style import (
    PASS_COLOUR,
    SIZES,
    TEXT,
    interval_errors,
    label_axes,
    new_figure,
    rulebook_colour,
)
from ..charts.chart_tables import (
    advice_choices_table,
    advice_seats_table,
    advice_widths_table,
    chart_or_table,
    charts_drawn,
)

if charts_drawn():
    import numpy as np
if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PASS_COLOUR", "plot_choices", "plot_interval_width", "plot_seats"]


def _check(advices: Sequence[object], what: str) -> None:
    """A clear error unless every item is an Advice from `advise`."""
    for item in advices:
        if not isinstance(item, Advice):
            raise TypeError(
                f"{what} must hold Advice objects from bourre_lessons.sim.advisor.advise(), "
                f"got {type(item).__name__}"
            )


@chart_or_table(advice_choices_table)
def plot_choices(advices: Mapping[str, Advice]) -> Figure:
    """For each labelled hand: expected chips if you play and if you pass, with intervals."""
    if not isinstance(advices, Mapping) or not advices:
        raise ValueError("give at least one hand: a mapping of label to Advice")
    _check(list(advices.values()), "the mapping")
    labels = list(advices)
    rows = np.arange(len(labels))
    fig, ax = new_figure(SIZES["wide"][0], 1.6 + 0.75 * len(labels))
    books = sorted({a.rules.source for a in advices.values()})
    for book in books:
        mine = [i for i, k in enumerate(labels) if advices[k].rules.source == book]
        play = [advices[labels[i]].chips_play for i in mine]
        ax.errorbar(
            [e.value for e in play],
            rows[mine] - 0.14,
            xerr=interval_errors(play),
            fmt="o",
            markersize=8,
            color=rulebook_colour(book),
            capsize=5,
            linewidth=2,
            label=f"play ({book} rules)",
        )
    fold = [advices[k].chips_pass for k in labels]
    ax.errorbar(
        [e.value for e in fold],
        rows + 0.14,
        xerr=interval_errors(fold),
        fmt="s",
        markersize=7,
        color=PASS_COLOUR,
        capsize=5,
        linewidth=2,
        label="pass",
    )
    ax.axvline(0, color="#bbbbbb", linewidth=1)
    ax.set_yticks(rows, labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    deals = {a.deals for a in advices.values()}
    label_axes(
        ax,
        "Play or pass: expected chips with 95% intervals\n"
        f"({', '.join(f'{d:,}' for d in sorted(deals))} deals for each hand)",
        "expected chips this hand, from the moment you decide",
        "your hand",
    )
    ax.legend(fontsize=TEXT["legend"], loc="best")
    return fig


@chart_or_table(advice_seats_table)
def plot_seats(by_rulebook: Mapping[str, Sequence[Advice]]) -> Figure:
    """The same cards from every seat: expected chips for play (with interval) and pass, one
    colour per rulebook."""
    if not isinstance(by_rulebook, Mapping) or not by_rulebook:
        raise ValueError("give each rulebook a list of Advice, one per seat")
    for name, advices in by_rulebook.items():
        if not advices:
            raise ValueError(
                f"give each rulebook a list of Advice, one per seat: {name!r} has none"
            )
        _check(advices, f"the list for {name!r}")
    fig, ax = new_figure(*SIZES["wide"])
    spread = 0.08 * (len(by_rulebook) - 1)
    offsets = np.linspace(-spread, spread, len(by_rulebook))
    for offset, (name, advices) in zip(offsets, by_rulebook.items(), strict=True):
        seats = np.array([a.seat for a in advices], dtype=float)
        colour = rulebook_colour(name)
        play = [a.chips_play for a in advices]
        ax.errorbar(
            seats + offset,
            [e.value for e in play],
            yerr=interval_errors(play),
            fmt="o-",
            color=colour,
            capsize=5,
            linewidth=2,
            markersize=7,
            label=f"{name}: play",
        )
        ax.plot(
            seats + offset,
            [a.chips_pass.value for a in advices],
            "s--",
            color=colour,
            alpha=0.7,
            markersize=6,
            label=f"{name}: pass",
        )
    ax.axhline(0, color="#bbbbbb", linewidth=1)
    every = sorted({a.seat for advices in by_rulebook.values() for a in advices})
    ax.set_xticks(every)
    first = next(iter(by_rulebook.values()))[0]
    label_axes(
        ax,
        f"The same cards from every seat ({first.players} players, {first.deals:,} deals each)",
        "your seat (seat 1 speaks first; the last seat deals)",
        "expected chips this hand",
    )
    handles, names = ax.get_legend_handles_labels()
    order = sorted(range(len(names)), key=lambda i: names[i])
    ax.legend(
        [handles[i] for i in order],
        [names[i] for i in order],
        fontsize=TEXT["legend"],
        ncols=len(by_rulebook),
        loc="best",
    )
    return fig


@chart_or_table(advice_widths_table)
def plot_interval_width(advices: Sequence[Advice]) -> Figure:
    """The same hand advised with more and more deals: the play estimate and its interval,
    which narrows as the deals grow."""
    if isinstance(advices, Mapping) or not advices:
        raise ValueError(
            "give a list of Advice for one hand, each from a different number of deals"
        )
    _check(advices, "the list")
    if len({(a.hand, a.trump_card, a.seat, a.players) for a in advices}) > 1:
        raise ValueError("every Advice must be for the same hand, turned card, seat and table")
    ordered = sorted(advices, key=lambda a: a.deals)
    deals = [a.deals for a in ordered]
    if len(set(deals)) < len(deals):
        raise ValueError(f"each Advice needs its own number of deals, got {deals}")
    fig, ax = new_figure(*SIZES["bars"])
    play = [a.chips_play for a in ordered]
    ax.errorbar(
        deals,
        [e.value for e in play],
        yerr=interval_errors(play),
        fmt="o",
        color=rulebook_colour(ordered[0].rules.source),
        capsize=6,
        linewidth=2,
        markersize=8,
        label=f"play ({ordered[0].rules.source} rules)",
    )
    ax.set_xscale("log")
    ax.set_xticks(deals, [f"{d:,}" for d in deals])
    ax.minorticks_off()
    cards = " ".join(str(c) for c in ordered[0].hand)
    label_axes(
        ax,
        f"More deals, a narrower interval ({cards}, seat {ordered[0].seat})",
        "deals simulated (log scale)",
        "expected chips if you play",
        legend=True,
    )
    return fig
