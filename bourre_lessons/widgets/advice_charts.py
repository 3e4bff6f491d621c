"""Pictures of the advisor: expected chips for play and pass with their 95% intervals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from ..sim.advisor import Advice
from .chart_style import interval_errors, label_axes, new_figure, rulebook_colour

__all__ = ["plot_choices", "plot_seats"]

PLAY, PASS = "#1f5fbf", "#8a8a8a"


def plot_choices(advices: Mapping[str, Advice]) -> Figure:
    """For each labelled hand: expected chips if you play and if you pass, with intervals."""
    if not advices:
        raise ValueError("give at least one hand: a mapping of label to Advice")
    labels = list(advices)
    rows = np.arange(len(labels))
    play = [advices[k].chips_play for k in labels]
    fold = [advices[k].chips_pass for k in labels]
    fig, ax = new_figure(9.0, 1.0 + 0.7 * len(labels))
    ax.errorbar(
        [e.value for e in play],
        rows - 0.12,
        xerr=interval_errors(play),
        fmt="o",
        color=PLAY,
        capsize=4,
        label="play",
    )
    ax.errorbar(
        [e.value for e in fold],
        rows + 0.12,
        xerr=interval_errors(fold),
        fmt="s",
        color=PASS,
        capsize=4,
        label="pass",
    )
    ax.axvline(0, color="#bbbbbb", linewidth=1)
    ax.set_yticks(rows, labels)
    ax.invert_yaxis()
    deals = {a.deals for a in advices.values()}
    label_axes(
        ax,
        f"Play or pass: expected chips, 95% intervals ({', '.join(map(str, sorted(deals)))} deals each)",
        "expected chips this hand, from the moment you decide",
        "your hand",
        legend=True,
    )
    return fig


def plot_seats(by_rulebook: Mapping[str, Sequence[Advice]]) -> Figure:
    """The same cards from every seat: expected chips for play (with interval) and pass, one
    colour per rulebook."""
    if not by_rulebook or not all(by_rulebook.values()):
        raise ValueError("give each rulebook a list of Advice, one per seat")
    fig, ax = new_figure(9.0, 4.8)
    for offset, (name, advices) in zip((-0.08, 0.08, 0.0), by_rulebook.items(), strict=False):
        seats = np.array([a.seat for a in advices], dtype=float)
        colour = rulebook_colour(name)
        play = [a.chips_play for a in advices]
        ax.errorbar(
            seats + offset,
            [e.value for e in play],
            yerr=interval_errors(play),
            fmt="o-",
            color=colour,
            capsize=4,
            label=f"{name}: play",
        )
        ax.plot(
            seats + offset,
            [a.chips_pass.value for a in advices],
            "s--",
            color=colour,
            alpha=0.7,
            label=f"{name}: pass",
        )
    ax.axhline(0, color="#bbbbbb", linewidth=1)
    first = next(iter(by_rulebook.values()))
    ax.set_xticks([a.seat for a in first])
    label_axes(
        ax,
        f"The same cards from every seat ({first[0].players} players, {first[0].deals} deals each)",
        "your seat (1 speaks first; the last seat deals)",
        "expected chips this hand",
        legend=True,
    )
    return fig
