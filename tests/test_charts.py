"""The course's charts: titled, labelled, in the course's colours, drawing the data given.

Every plotted value is checked against the data handed to the chart function, never against a
number copied from a run; every chart refuses empty or wrong input with a message.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import matplotlib
import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib import font_manager
from matplotlib.figure import Figure

from bourre_lessons import Game, Rules
from bourre_lessons.cards import Suit
from bourre_lessons.rules import SOURCES
from bourre_lessons.sim.advisor import advise
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.sim.variant_lab import rulebook_disagreements, sweep
from bourre_lessons.widgets.advice.advice_charts import (
    PASS_COLOUR,
    plot_choices,
    plot_interval_width,
    plot_seats,
)
from bourre_lessons.widgets.charts.chart_style import (
    FONT,
    RULEBOOK_COLOURS,
    SEAT_COLOURS,
    TEXT,
    label_axes,
    new_figure,
    percent_axis,
    rulebook_colour,
    rulebook_line,
    suit_colour,
)
from bourre_lessons.widgets.charts.pot_chart import compare_pots, pot_figure
from bourre_lessons.widgets.charts.session_chart import bankroll_history, plot_bankrolls
from bourre_lessons.widgets.charts.variant_charts import (
    plot_bourre,
    plot_disagreement_sizes,
    plot_disagreements,
    plot_pot,
    plot_rather_pass,
    plot_sweep,
    plot_win_by_seat,
)
from bourre_lessons.widgets.kit import FOUR_COLOURS, TWO_COLOURS

SWEEP_CHARTS = [plot_pot, plot_bourre, plot_win_by_seat, plot_rather_pass, plot_sweep]


# --- shared data, small and seeded ---------------------------------------------------------


@pytest.fixture(scope="module")
def lab():
    return sweep({n: Rules.preset(n) for n in SOURCES}, hands=8, sessions=6, seed=3)


@pytest.fixture(scope="module")
def found():
    return rulebook_disagreements(hands=250, players=5, bots="heuristic", seed=2)


@pytest.fixture(scope="module")
def by_size():
    return {
        n: rulebook_disagreements(hands=150, players=n, bots="heuristic", seed=2) for n in (3, 5)
    }


@pytest.fixture(scope="module")
def pots():
    return compare_pots(hands=6, players=4, seed=2, pot_limit=10)


@pytest.fixture(scope="module")
def choices():
    return {
        "A-K of trumps": advise("SA SK H4 D7 C2", "S7", seat=1, players=5, deals=300, seed=1),
        "nothing, glimne": advise(
            "H2 H5 D7 C9 CT",
            "S7",
            seat=1,
            players=5,
            deals=300,
            seed=1,
            rules=Rules.preset("glimne"),
        ),
    }


@pytest.fixture(scope="module")
def seats():
    return {
        name: [
            advise(
                "S8 HA HK D7 C2",
                "S4",
                seat=s,
                players=4,
                deals=200,
                seed=1,
                rules=Rules.preset(name),
            )
            for s in (1, 2, 3)
        ]
        for name in ("pagat", "glimne")
    }


@pytest.fixture(scope="module")
def widths():
    return [advise("S5 S3 HK D7 C2", "S7", seat=1, deals=d, seed=1) for d in (800, 200)]


@pytest.fixture(scope="module")
def session():
    game = Game(players=3, seed=4)
    bots = {seat: HeuristicBot() for seat in game.players}
    for hand in range(3):
        play_bots(game, bots)
        if hand < 2:
            game.apply("deal")
    return game


# --- helpers -------------------------------------------------------------------------------


def labelled(fig: Figure) -> None:
    """A Figure, every axes with a title and both axis labels, built without pyplot, drawable."""
    assert isinstance(fig, Figure)
    assert fig.axes
    for ax in fig.axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    fig.savefig(io.BytesIO(), format="png", dpi=30)


def same_colour(a, b) -> bool:
    return np.allclose(mcolors.to_rgba(a)[:3], mcolors.to_rgba(b)[:3])


def bar_colours(container) -> list:
    return [bar.get_facecolor() for bar in container]


def error_ends(container, axis: int) -> list[float]:
    """Low and high end of each error bar of an errorbar container, along x (0) or y (1)."""
    (segments,) = [c.get_segments() for c in container.lines[2]]
    return [float(end[axis]) for s in segments for end in (s[0], s[1])]


def interval_ends(estimates) -> list[float]:
    """Low and high of each Estimate, in the order error_ends reads them."""
    return [end for e in estimates for end in (e.low, e.high)]


# --- the style -----------------------------------------------------------------------------


def test_each_rulebook_has_its_own_colour_and_line_everywhere():
    assert set(RULEBOOK_COLOURS) == set(SOURCES)
    assert len(set(RULEBOOK_COLOURS.values())) == len(SOURCES)
    assert rulebook_colour("wikipedia, pot limit 10") == RULEBOOK_COLOURS["wikipedia"]
    assert rulebook_colour("pagat-cinch") == RULEBOOK_COLOURS["pagat"]
    assert rulebook_colour("house rules") not in RULEBOOK_COLOURS.values()
    styles = {name: rulebook_line(name) for name in SOURCES}
    assert len({(s["linestyle"], s["marker"]) for s in styles.values()}) == len(SOURCES)
    assert all(styles[n]["color"] == RULEBOOK_COLOURS[n] for n in SOURCES)


def test_seat_colours_are_never_a_rulebooks_colour():
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) >= 7  # wikipedia seats up to seven
    assert not set(SEAT_COLOURS) & set(RULEBOOK_COLOURS.values())


def test_suits_keep_the_colours_of_the_cards():
    for suit in Suit:
        assert suit_colour(suit) == TWO_COLOURS[suit]
        assert suit_colour(suit, four_colour=True) == FOUR_COLOURS[suit]
    assert len({suit_colour(s, four_colour=True) for s in Suit}) == 4
    with pytest.raises(TypeError, match="suit must be a Suit"):
        suit_colour("hearts")


def test_the_font_ships_with_matplotlib():
    """DejaVu Sans comes from matplotlib's own data folder: nothing fetched from the internet."""
    path = Path(font_manager.findfont(FONT, fallback_to_default=False))
    assert Path(matplotlib.get_data_path()) in path.parents


def test_labels_take_the_projector_sizes_and_shares_read_as_percent():
    _, ax = new_figure()
    ax.plot([0, 1], [0.1, 0.25])
    label_axes(ax, "A title", "x", "share")
    percent_axis(ax.yaxis)
    assert ax.title.get_fontsize() == TEXT["title"]
    assert ax.xaxis.label.get_fontsize() == TEXT["label"]
    assert ax.yaxis.get_major_formatter()(0.25, 0).startswith("25")
    assert ax.yaxis.get_major_formatter()(0.25, 0).endswith("%")


def test_a_chart_without_a_title_or_labels_or_size_is_refused():
    _, ax = new_figure()
    with pytest.raises(ValueError, match="title and both axis labels"):
        label_axes(ax, "A title", "", "chips")
    with pytest.raises(ValueError, match="positive width"):
        new_figure(0, 3)
    with pytest.raises(ValueError, match="positive width"):
        new_figure("wide", 3)
    with pytest.raises(ValueError, match="panels and rows"):
        new_figure(4, 3, panels=0)


def test_two_rows_of_panels():
    fig, axes = new_figure(8, 6, panels=2, rows=2)
    assert axes.shape == (2, 2) and len(fig.axes) == 4


# --- every chart: a labelled figure, none left open ---------------------------------------


@pytest.mark.parametrize("plot", SWEEP_CHARTS, ids=lambda f: f.__name__)
def test_each_sweep_chart_is_labelled_and_leaves_no_figure_open(lab, plot):
    before = plt.get_fignums()
    fig = plot(lab)
    assert plt.get_fignums() == before
    labelled(fig)


def test_the_other_charts_are_labelled_and_leave_no_figure_open(
    found, by_size, pots, choices, seats, widths, session
):
    before = plt.get_fignums()
    figures = [
        plot_disagreements(found),
        plot_disagreement_sizes(by_size),
        pot_figure(pots),
        plot_choices(choices),
        plot_seats(seats),
        plot_interval_width(widths),
        plot_bankrolls(session),
    ]
    assert plt.get_fignums() == before
    for fig in figures:
        labelled(fig)


# --- each chart draws the data it was given, in the rulebooks' colours ---------------------


def test_the_pot_chart_draws_each_run_in_its_rulebooks_colour(pots):
    fig = pot_figure(pots)
    for ax, runs in zip(fig.axes, pots.values(), strict=True):
        lines = {line.get_label(): line for line in ax.get_lines()}
        for name, run in runs.items():
            assert list(lines[name].get_ydata()) == list(run.pots)
            assert same_colour(lines[name].get_color(), RULEBOOK_COLOURS[name])
            assert lines[name].get_linestyle() == rulebook_line(name)["linestyle"]
    widths = [line.get_linewidth() for line in fig.axes[0].get_lines()]
    assert widths == sorted(widths, reverse=True)  # a line drawn later never hides one below


def test_the_sweep_pot_chart_draws_each_variants_mean_pot(lab):
    ax = plot_pot(lab).axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    for name, pot in zip(lab.names, lab.pot, strict=True):
        assert np.allclose(lines[name].get_ydata(), pot)
        assert list(lines[name].get_xdata()) == list(range(1, lab.hands + 1))
        assert same_colour(lines[name].get_color(), RULEBOOK_COLOURS[name])


@pytest.mark.parametrize(
    ("plot", "field"), [(plot_bourre, "bourre_rate"), (plot_rather_pass, "rather_pass")]
)
def test_the_share_charts_draw_one_bar_per_variant(lab, plot, field):
    ax = plot(lab).axes[0]
    (bars,) = ax.containers
    assert [bar.get_width() for bar in bars] == pytest.approx(list(getattr(lab, field)))
    assert [t.get_text() for t in ax.get_yticklabels()] == list(lab.names)
    for colour, name in zip(bar_colours(bars), lab.names, strict=True):
        assert same_colour(colour, RULEBOOK_COLOURS[name])


def test_the_seat_chart_draws_each_variants_win_rates(lab):
    ax = plot_win_by_seat(lab).axes[0]
    assert len(ax.containers) == len(lab.names)
    for bars, name, rates in zip(ax.containers, lab.names, lab.win_by_seat, strict=True):
        assert [bar.get_height() for bar in bars] == pytest.approx(list(rates))
        assert all(same_colour(c, RULEBOOK_COLOURS[name]) for c in bar_colours(bars))
    assert ax.get_legend() is not None


def test_the_sweep_page_draws_all_four_measures(lab):
    top_left, top_right, bottom_left, bottom_right = plot_sweep(lab).axes
    assert np.allclose(top_left.get_lines()[0].get_ydata(), lab.pot[0])
    assert [b.get_width() for b in top_right.containers[0]] == pytest.approx(list(lab.bourre_rate))
    assert [b.get_height() for b in bottom_left.containers[-1]] == pytest.approx(
        list(lab.win_by_seat[-1])
    )
    assert [b.get_width() for b in bottom_right.containers[0]] == pytest.approx(
        list(lab.rather_pass)
    )


def test_the_disagreement_chart_draws_each_rules_share(found):
    ax = plot_disagreements(found).axes[0]
    shares = found.rule_shares()
    (bars,) = ax.containers
    assert [bar.get_width() for bar in bars] == pytest.approx(list(shares.values()))
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert [label.split(" ")[0] for label in labels] == list(shares)
    for colour, rule in zip(bar_colours(bars), shares, strict=True):
        assert same_colour(colour, rulebook_colour(rule))
    assert f"{found.share:.1%}" in ax.get_title()


def test_the_disagreement_chart_has_one_group_per_table_size(by_size):
    ax = plot_disagreement_sizes(by_size, most=2).axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["3 players", "5 players"]
    totals, *rules = ax.containers
    assert [bar.get_height() for bar in totals] == pytest.approx(
        [by_size[3].share, by_size[5].share]
    )
    assert len(rules) == 2
    for bars in rules:
        rule = bars.get_label()
        expected = [by_size[n].rule_shares().get(rule, 0.0) for n in (3, 5)]
        assert [bar.get_height() for bar in bars] == pytest.approx(expected)
        assert all(same_colour(c, rulebook_colour(rule)) for c in bar_colours(bars))


def test_the_advisor_chart_draws_each_estimate_with_its_interval(choices):
    ax = plot_choices(choices).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == list(choices)
    by_label = {c.get_label(): c for c in ax.containers}
    glimne, pagat = by_label["play (glimne rules)"], by_label["play (pagat rules)"]
    assert same_colour(glimne.lines[0].get_color(), RULEBOOK_COLOURS["glimne"])
    assert same_colour(pagat.lines[0].get_color(), RULEBOOK_COLOURS["pagat"])
    strong, weak = choices["A-K of trumps"].chips_play, choices["nothing, glimne"].chips_play
    assert list(pagat.lines[0].get_xdata()) == pytest.approx([strong.value])
    assert error_ends(glimne, 0) == pytest.approx(interval_ends([weak]))
    passing = by_label["pass"]
    assert same_colour(passing.lines[0].get_color(), PASS_COLOUR)
    assert list(passing.lines[0].get_xdata()) == pytest.approx(
        [a.chips_pass.value for a in choices.values()]
    )


def test_the_seat_chart_colours_each_rulebook_and_marks_every_seat(seats):
    ax = plot_seats(seats).axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert same_colour(lines["glimne: pass"].get_color(), RULEBOOK_COLOURS["glimne"])
    assert list(lines["pagat: pass"].get_ydata()) == [a.chips_pass.value for a in seats["pagat"]]
    play = {c.get_label(): c for c in ax.containers}["glimne: play"]
    assert list(play.lines[0].get_ydata()) == pytest.approx(
        [a.chips_play.value for a in seats["glimne"]]
    )
    assert error_ends(play, 1) == pytest.approx(
        interval_ends(a.chips_play for a in seats["glimne"])
    )
    assert [int(t) for t in ax.get_xticks()] == [1, 2, 3]


def test_the_interval_chart_puts_deals_in_order_with_their_intervals(widths):
    ax = plot_interval_width(widths).axes[0]
    (bars,) = ax.containers
    ordered = sorted(widths, key=lambda a: a.deals)
    assert list(bars.lines[0].get_xdata()) == [a.deals for a in ordered]
    assert error_ends(bars, 1) == pytest.approx(interval_ends(a.chips_play for a in ordered))
    assert ax.get_xscale() == "log"


def test_the_bankroll_chart_follows_the_game_hand_by_hand(session):
    history = bankroll_history(session)
    assert all(len(chips) == 4 for chips in history.values())
    assert {seat: chips[-1] for seat, chips in history.items()} == session.bankrolls
    ax = plot_bankrolls(session).axes[0]
    drawn = {line.get_label(): list(line.get_ydata()) for line in ax.get_lines()}
    assert all(drawn[seat] == history[seat] for seat in session.players)
    colours = [line.get_color() for line in ax.get_lines() if line.get_label() in history]
    assert not any(same_colour(c, r) for c in colours for r in RULEBOOK_COLOURS.values())
    with pytest.raises(ValueError, match="no finished hand"):
        plot_bankrolls(Game(players=3, seed=4))


# --- wrong or empty input gets a clear message ---------------------------------------------


@pytest.mark.parametrize("plot", SWEEP_CHARTS, ids=lambda f: f.__name__)
def test_a_sweep_chart_refuses_anything_but_a_sweep_with_data(lab, plot):
    with pytest.raises(TypeError, match="give the Sweep"):
        plot({"pagat": [1, 2, 3]})
    with pytest.raises(ValueError, match="no variant or no hand"):
        plot(dataclasses.replace(lab, names=()))


def test_the_disagreement_charts_refuse_empty_or_wrong_counts(found, lab):
    with pytest.raises(TypeError, match="give the Disagreements"):
        plot_disagreements(lab)
    with pytest.raises(ValueError, match="no card decision"):
        plot_disagreements(dataclasses.replace(found, decisions=0))
    with pytest.raises(ValueError, match="at least one table size"):
        plot_disagreement_sizes({})
    with pytest.raises(TypeError, match="give the Disagreements"):
        plot_disagreement_sizes({5: 0.03})
    with pytest.raises(ValueError, match="most must be"):
        plot_disagreement_sizes({5: found}, most=0)


def test_the_pot_chart_refuses_empty_panels_and_stray_values(pots):
    with pytest.raises(ValueError, match="at least one run"):
        pot_figure({})
    with pytest.raises(ValueError, match="at least one run: 'no limit'"):
        pot_figure({"no limit": {}})
    with pytest.raises(TypeError, match="must be a PotRun"):
        pot_figure({"no limit": {"pagat": [1, 2, 3]}})


def test_the_advisor_charts_refuse_empty_or_wrong_advice(choices, seats, widths):
    with pytest.raises(ValueError, match="at least one hand"):
        plot_choices({})
    with pytest.raises(TypeError, match="Advice objects"):
        plot_choices({"A-K": "SA SK H4 D7 C2"})
    with pytest.raises(ValueError, match="'pagat' has none"):
        plot_seats({"pagat": []})
    with pytest.raises(TypeError, match="Advice objects"):
        plot_seats({"pagat": [0.3, 0.2]})
    with pytest.raises(ValueError, match="list of Advice"):
        plot_interval_width([])
    with pytest.raises(ValueError, match="same hand"):
        plot_interval_width([widths[0], choices["A-K of trumps"]])
    with pytest.raises(ValueError, match="its own number of deals"):
        plot_interval_width([widths[0], widths[0]])
