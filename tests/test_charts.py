"""The course's charts: titled, labelled, in the course's colours, drawing the data given."""

from __future__ import annotations

import matplotlib.colors as mcolors
import numpy as np
import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.sim.advisor import advise
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.sim.variants import rulebook_disagreements
from bourre_lessons.widgets.advice_charts import plot_choices, plot_seats
from bourre_lessons.widgets.chart_style import (
    RULEBOOK_COLOURS,
    label_axes,
    new_figure,
    rulebook_colour,
)
from bourre_lessons.widgets.session_chart import bankroll_history, plot_bankrolls
from bourre_lessons.widgets.variant_charts import plot_disagreement_sizes


def labelled(fig) -> None:
    """Every axes of the figure has a title and both axis labels."""
    for ax in fig.axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def same_colour(a, b) -> bool:
    return np.allclose(mcolors.to_rgba(a), mcolors.to_rgba(b))


def test_each_rulebook_has_its_own_colour_everywhere():
    assert len(set(RULEBOOK_COLOURS.values())) == 3
    assert rulebook_colour("wikipedia, pot limit 10") == RULEBOOK_COLOURS["wikipedia"]
    assert rulebook_colour("house rules") not in RULEBOOK_COLOURS.values()


def test_a_chart_without_a_title_or_labels_is_refused():
    _, ax = new_figure()
    with pytest.raises(ValueError, match="title and both axis labels"):
        label_axes(ax, "A title", "", "chips")
    with pytest.raises(ValueError, match="positive width"):
        new_figure(0, 3)


def test_the_advisor_chart_draws_each_estimate_with_its_interval():
    advices = {
        "A-K of trumps": advise("SA SK H4 D7 C2", "S7", seat=1, players=5, deals=400, seed=1),
        "nothing": advise("H2 H5 D7 C9 CT", "S7", seat=1, players=5, deals=400, seed=1),
    }
    fig = plot_choices(advices)
    labelled(fig)
    (ax,) = fig.axes
    play = ax.containers[0]
    xs = play.lines[0].get_xdata()
    assert list(xs) == pytest.approx([a.chips_play.value for a in advices.values()])
    assert [t.get_text() for t in ax.get_yticklabels()] == list(advices)
    with pytest.raises(ValueError, match="at least one hand"):
        plot_choices({})


def test_the_seat_chart_colours_each_rulebook_and_marks_every_seat():
    by = {
        name: [
            advise(
                "S8 HA HK D7 C2",
                "S4",
                seat=s,
                players=4,
                deals=300,
                seed=1,
                rules=Rules.preset(name),
            )
            for s in (1, 2, 3)
        ]
        for name in ("pagat", "glimne")
    }
    fig = plot_seats(by)
    labelled(fig)
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    assert same_colour(lines["glimne: pass"].get_color(), RULEBOOK_COLOURS["glimne"])
    assert list(lines["pagat: pass"].get_ydata()) == [a.chips_pass.value for a in by["pagat"]]


def test_the_disagreement_chart_has_one_group_per_table_size():
    by_size = {
        n: rulebook_disagreements(hands=300, players=n, bots="heuristic", seed=2) for n in (3, 5)
    }
    fig = plot_disagreement_sizes(by_size)
    labelled(fig)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["3 players", "5 players"]
    totals = [bar.get_height() for bar in ax.containers[0]]
    assert totals == pytest.approx([by_size[3].share, by_size[5].share])
    with pytest.raises(ValueError, match="at least one table size"):
        plot_disagreement_sizes({})


def test_the_bankroll_chart_follows_the_game_hand_by_hand():
    game = Game(players=3, seed=4)
    bots = {seat: HeuristicBot() for seat in game.players}
    with pytest.raises(ValueError, match="no finished hand"):
        plot_bankrolls(game)
    for hand in range(3):
        play_bots(game, bots)
        if hand < 2:
            game.apply("deal")
    history = bankroll_history(game)
    assert all(len(chips) == 4 for chips in history.values())
    assert {seat: chips[-1] for seat, chips in history.items()} == game.bankrolls
    fig = plot_bankrolls(game)
    labelled(fig)
    drawn = {line.get_label(): list(line.get_ydata()) for line in fig.axes[0].get_lines()}
    assert all(drawn[seat] == history[seat] for seat in game.players)
