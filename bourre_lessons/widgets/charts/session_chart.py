"""The chips of each seat, hand by hand: a game's bankrolls after every hand, as a chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game import Game
from .chart_style import SEAT_COLOURS, label_axes, new_figure
from .chart_tables import ChartTable, chart_or_table
from .svg_chart import Bar, Panel

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["bankroll_history", "bankrolls_table", "plot_bankrolls"]


def bankroll_history(game: Game) -> dict[str, list[int]]:
    """Each seat's chips at the start (its bankroll) and after every finished hand of `game`."""
    ends = [i for i, action in enumerate(game.actions) if action == "deal"]
    if game.phase == "settled":
        ends.append(len(game.actions))
    history = {seat: [game.bankroll] for seat in game.players}
    for end in ends:
        rolls = game.replayed(game.actions[:end]).bankrolls
        for seat in game.players:
            history[seat].append(rolls[seat])
    return history


def bankrolls_table(game: Any) -> ChartTable:
    """Each seat's chips at the start and after every finished hand of `game`; the chips after
    the last hand are drawn."""
    history = bankroll_history(game)
    hands = len(next(iter(history.values()))) - 1
    if hands < 1:
        raise ValueError("the game has no finished hand yet: play at least one to the end")
    marks = sorted({0, *range(5, hands + 1, 5), hands}) if hands > 12 else range(hands + 1)
    rows = tuple((seat, *(str(chips[h]) for h in marks)) for seat, chips in history.items())
    bars = tuple(
        Bar(seat, float(chips[-1]), colour=colour)
        for colour, (seat, chips) in zip(SEAT_COLOURS, history.items(), strict=False)
    )
    return ChartTable(
        f"Chips of each seat, hand by hand ({game.rules.source} rules, seed {game.seed})",
        ("seat", *("start" if h == 0 else f"hand {h}" for h in marks)),
        rows,
        (Panel("", f"chips after hand {hands}", bars, ".0f"),),
    )


@chart_or_table(bankrolls_table)
def plot_bankrolls(game: Game) -> Figure:
    """A line per seat: its chips after each finished hand (hand 0 is the start)."""
    history = bankroll_history(game)
    hands = len(next(iter(history.values()))) - 1
    if hands < 1:
        raise ValueError("the game has no finished hand yet: play at least one to the end")
    fig, ax = new_figure(9.0, 4.8)
    for colour, (seat, chips) in zip(SEAT_COLOURS, history.items(), strict=False):
        ax.plot(range(hands + 1), chips, marker="o", markersize=4, color=colour, label=seat)
    ax.axhline(game.bankroll, color="#bbbbbb", linewidth=1)
    label_axes(
        ax,
        f"Chips of each seat, hand by hand ({game.rules.source} rules, seed {game.seed})",
        "hands played",
        "chips",
        legend=True,
    )
    return fig
