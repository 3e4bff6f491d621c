"""The variant lab: sweep data, figures a learner can read, and rulebook disagreements."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from bourre_lessons.play import rule_summary
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.bots import Bot
from bourre_lessons.sim.variant_lab import (
    DEFAULT_VARIANTS,
    rule_concept,
    rulebook_disagreements,
    sweep,
)
from bourre_lessons.widgets.charts.variant_charts import (
    plot_bourre,
    plot_disagreements,
    plot_pot,
    plot_rather_pass,
    plot_sweep,
    plot_win_by_seat,
)

SMALL = {
    "pagat": PRESETS["pagat"],
    "glimne": PRESETS["glimne"],
    "pagat, pot limit 3": dataclasses.replace(PRESETS["pagat"], pot_limit=3),
}


@pytest.fixture(scope="module")
def data():
    return sweep(SMALL, hands=30, sessions=40, players=5, seed=1)


def test_sweep_measures_every_variant(data) -> None:
    """One row per variant; shares between 0 and 1; seat win rates and splits fill each hand."""
    assert data.names == tuple(SMALL) and data.pot.shape == (3, 30)
    assert data.win_by_seat.shape == (3, 5) and data.pass_by_seat.shape == (3, 5)
    for share in (
        data.bourre_rate,
        data.split_rate,
        data.rather_pass,
        data.win_by_seat,
        data.pass_by_seat,
    ):
        assert np.all((share >= 0) & (share <= 1))
    # every hand has a winner, a split pot, or nobody playing: win shares and splits sum to <= 1
    assert np.all(data.win_by_seat.sum(axis=1) + data.split_rate <= 1 + 1e-12)
    assert [row["variant"] for row in data.table()] == list(SMALL)


def test_second_antes_make_playing_cost_more_than_passing_more_often(data) -> None:
    """glimne's second ante: a player who plays and loses pays more than the ante, so "rather
    pass" exceeds the bourré rate; under pagat (no second ante) the two are the same."""
    pagat, glimne = 0, 1
    assert data.rather_pass[pagat] == pytest.approx(data.bourre_rate[pagat])
    assert data.rather_pass[glimne] > data.bourre_rate[glimne] + 0.2


def test_a_pot_limit_keeps_the_pot_smaller(data) -> None:
    """A pot limit caps what a bourré pays into the next pot (wikipedia variants) while the
    winner still takes it all, so the pot stays smaller on average."""
    assert data.pot[2].mean() < data.pot[0].mean()


@pytest.mark.parametrize(
    "plot", [plot_pot, plot_bourre, plot_win_by_seat, plot_rather_pass, plot_sweep]
)
def test_each_picture_is_a_closed_labelled_figure(data, plot) -> None:
    """A Figure with a title, labelled axes, a legend where lines share axes; none left open."""
    before = plt.get_fignums()
    fig = plot(data)
    assert isinstance(fig, Figure)
    assert plt.get_fignums() == before  # built without pyplot: nothing left open
    axes = fig.get_axes()
    assert axes
    for ax in axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        if len(ax.get_lines()) > 1 or len(ax.containers) > 1:
            assert ax.get_legend() is not None
    fig.canvas.draw()  # renders without error


def test_default_variants_include_the_three_rulebooks() -> None:
    """The lab compares the three presets by default."""
    assert {"pagat", "glimne", "wikipedia"} <= set(DEFAULT_VARIANTS)


def test_sweep_arguments_are_checked() -> None:
    """Empty variants and custom bots are refused with a reason."""
    with pytest.raises(ValueError, match="at least one variant"):
        sweep({})
    with pytest.raises(ValueError, match="unknown bot"):
        sweep(SMALL, bots="clever")
    with pytest.raises(ValueError, match="built-in bots"):
        sweep(SMALL, bots=_Own())


class _Own(Bot):
    name = "own"


@pytest.fixture(scope="module")
def disagreements():
    return rulebook_disagreements(hands=400, players=5, seed=2)


def test_rulebooks_disagree_on_a_small_share_named_by_rule(disagreements) -> None:
    """Most decisions agree; the rules that differ are the switched ones of RULES-SPEC."""
    d = disagreements
    assert d.decisions > 1000 and 0 < d.differing < d.decisions * 0.2
    assert d.share == d.differing / d.decisions
    switched = {
        "pagat-cinch",
        "wikipedia-cinch",
        "glimne-6",
        "pagat-2",
        "glimne-9",
        "glimne-10",
        "wikipedia-2",
    }
    assert set(d.by_rule) <= switched
    assert {"pagat-cinch", "glimne-9"} <= set(d.by_rule)
    # every differing decision differs for at least one pair, and no pair more often than all
    assert max(d.by_pair.values()) <= d.differing <= sum(d.by_pair.values())
    for rule in d.by_rule:
        assert rule_summary(rule) and d.summaries[rule]
    if "pagat-2" in d.summaries:  # the engine's exact sentence: trump anyway, not "trump"
        assert "still" in d.summaries["pagat-2"]
    assert len(d.examples) == 5


def test_shared_rule_ids_are_named_by_the_rule_that_differs() -> None:
    """pagat-2 stands for trump, overtrump and trump-anyway; a disagreement means trump-anyway."""
    assert rule_concept("pagat-2", PRESETS["pagat"]) == "trump-anyway"
    assert rule_concept("glimne-9", PRESETS["glimne"]) == "known-top"
    strict = replace(PRESETS["glimne"], cinch="strict")
    # glimne-cinch cites both of glimne's cinch concepts; the first that can differ names it
    assert rule_concept("glimne-cinch", strict) == "cinch-pot"
    assert rule_concept("pagat-cinch", PRESETS["pagat"]) == "cinch-pot"


def test_disagreement_picture_is_labelled(disagreements) -> None:
    """The bar chart names each rule and the share of decisions."""
    fig = plot_disagreements(disagreements)
    ax = fig.get_axes()[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert any("trump anyway" in label for label in labels)
    assert "%" in ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def test_disagreement_arguments_are_checked() -> None:
    """Eight players exceed wikipedia's table (2-7); an unknown rulebook is refused."""
    with pytest.raises(ValueError, match="at most 7"):
        rulebook_disagreements(hands=10, players=8)
    with pytest.raises(ValueError, match="drive must be"):
        rulebook_disagreements(hands=10, drive="hoyle")


# --- the order of play or pass and the draw ---------------------------------------------------


def test_one_round_makes_the_heuristic_bots_play_less_and_random_bots_no_differently() -> None:
    """pagat read as one round (a player who says play draws at once) against two rounds:
    the heuristic bots hear each earlier draw count and pass more often after a player kept
    nearly every card, so fewer seats play, beyond the two runs' noise (95% intervals); the
    random bots hear nothing, and the interval of their difference holds zero. The seat that
    speaks first hears nothing in either order."""
    from bourre_lessons.sim.variant_lab import order_effect

    heard = order_effect(PRESETS["pagat"], 5, 20_000, "heuristic", seed=0)
    assert heard.rules[0].draws_in_turn and not heard.rules[1].draws_in_turn
    assert (
        heard.seats_difference.high < 0 and heard.seats_playing[0].high < heard.seats_playing[1].low
    )
    control = order_effect(PRESETS["pagat"], 5, 20_000, "random", seed=0)
    assert control.seats_difference.low < 0 < control.seats_difference.high
    assert heard.by_position.shape == (2, 5)
    assert np.allclose(heard.by_position.mean(axis=1), [e.value for e in heard.seats_playing])
    text = heard.to_text()
    assert "one round" in text and "two rounds" in text and "20,000 hands" in text


def test_the_order_effect_refuses_variants_that_fix_two_rounds() -> None:
    from bourre_lessons.sim.variant_lab import order_effect

    for variant in ({"double_ante": True}, {"simultaneous_declaration": True}):
        with pytest.raises(ValueError, match="always two rounds"):
            order_effect(replace(PRESETS["pagat"], **variant), hands=10)
