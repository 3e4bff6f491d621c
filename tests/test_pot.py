"""Tests for bourre_lessons.widgets.charts.pot_chart: the pot over a run of whole hands, and its figure."""

from __future__ import annotations

from dataclasses import replace

import matplotlib.pyplot as plt
import pytest

from bourre_lessons import Rules
from bourre_lessons.game import Game
from bourre_lessons.widgets.charts.pot_chart import (
    compare_pots,
    greedy_action,
    key_numbers,
    pot_figure,
    run_pot,
)

PLAYERS = 5
BANKROLL = 100  # Game's default bankroll
HANDS = 12


@pytest.fixture(scope="module")
def comparison():
    return compare_pots(hands=HANDS, players=PLAYERS, seed=1, pot_limit=20)


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
def test_chips_are_conserved_after_every_hand(preset):
    """Antes, second antes, winnings and bourré payments move chips; they never make or lose any."""
    run = run_pot(Rules.preset(preset), hands=HANDS, players=PLAYERS, seed=3)
    assert run.start_chips == PLAYERS * BANKROLL
    assert run.chips == (PLAYERS * BANKROLL,) * HANDS


def test_pot_limit_caps_every_payment_but_not_the_winners_take(comparison):
    """wikipedia variants: a pot limit "limita o valor total que um único bourré ou renegar pode
    custar a um determinado jogador" (caps what one bourré or renege can cost a player): a
    bourré pays at most the limit, while the winner still takes the whole pot."""
    for run in comparison["pot limit 20"].values():
        assert run.payments, "the run should contain at least one bourré"
        assert max(run.payments) <= 20
        assert run.rules.pot_limit == 20
    takes = [t for run in comparison["pot limit 20"].values() for t in run.taken]
    assert max(takes) > 20, "some winner should take a pot larger than the limit"


def test_without_a_limit_payments_exceed_twenty(comparison):
    """The same deals without a limit: a bourré pays what the pot held, which grows past 20
    (so the cap test above checks something)."""
    for run in comparison["no limit"].values():
        assert run.rules.pot_limit is None
        assert max(run.payments) > 20


def test_the_limit_keeps_the_pot_smaller_on_these_deals(comparison):
    """With matching deals and policy, the capped pots stay below the uncapped ones where the
    payments build the next pot (wikipedia, pagat); under glimne's reading the winner takes the
    payments, so the pot left on the table is no larger either way."""
    for preset in ("glimne", "wikipedia", "pagat"):
        capped = comparison["pot limit 20"][preset]
        free = comparison["no limit"][preset]
        assert capped.largest_pot <= free.largest_pot
        if preset != "glimne":
            assert capped.largest_pot < free.largest_pot


def test_runs_are_deterministic():
    first = run_pot(Rules.preset("pagat"), hands=6, seed=11)
    second = run_pot(Rules.preset("pagat"), hands=6, seed=11)
    assert first == second


def test_run_records_one_pot_per_hand_and_the_final_game_pot():
    rules = Rules.preset("wikipedia")
    run = run_pot(rules, hands=4, players=4, seed=2)
    game = Game(rules, 4, 2)
    pots = []
    for number in range(4):
        if number:
            game.apply("deal")
        while game.phase != "settled":
            game.apply(greedy_action(game))
        pots.append(game.pot)
    assert run.pots == tuple(pots)
    assert run.final_pot == pots[-1]
    assert run.hands == 4


def test_greedy_policy_declares_by_trump_and_plays_the_highest_card():
    """The policy: play holding a trump (pass otherwise), keep, and play the highest legal card,
    a trump ranking above every side card."""
    game = Game(Rules.preset("pagat"), PLAYERS, 5)
    while game.phase == "declare":
        player = game.to_act
        holds_trump = any(c.suit == game.trump_card.suit for c in game.cards_of(player))
        action = greedy_action(game)
        if "pass" in game.legal_actions():
            assert action == ("play" if holds_trump else "pass")
        game.apply(action)
    while game.phase == "draw":
        assert greedy_action(game) == "keep"
        game.apply("keep")
    if game.phase == "play":
        legal = game.legal_actions()
        chosen = greedy_action(game)
        assert chosen in legal
        trumps = [code for code in legal if code[0] == game.trump_card.suit.letter]
        pool = trumps or legal
        order = "23456789TJQKA"
        assert chosen == max(pool, key=lambda code: order.index(code[1]))


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="hands must be a whole number"):
        run_pot(Rules(), hands=0)
    with pytest.raises(ValueError, match="pot_limit must be"):
        compare_pots(hands=2, pot_limit=0)
    with pytest.raises(ValueError, match="at least one run"):
        pot_figure({})


def test_figure_has_a_panel_per_limit_and_a_line_per_rulebook(comparison):
    before = plt.get_fignums()
    fig = pot_figure(comparison)
    assert plt.get_fignums() == before, "the figure must be built without pyplot, none left open"
    axes = fig.get_axes()
    assert [ax.get_title() for ax in axes] == ["no limit", "pot limit 20"]
    for ax, runs in zip(axes, comparison.values(), strict=True):
        assert [line.get_label() for line in ax.get_lines()] == ["glimne", "wikipedia", "pagat"]
        assert [t.get_text() for t in ax.get_legend().get_texts()] == [
            "glimne",
            "wikipedia",
            "pagat",
        ]
        assert ax.get_xlabel() == "hand"
        for line, run in zip(ax.get_lines(), runs.values(), strict=True):
            assert list(line.get_ydata()) == list(run.pots)
            assert list(line.get_xdata()) == list(range(1, HANDS + 1))
    assert "pot" in axes[0].get_ylabel()
    assert fig._suptitle is not None
    assert f"{HANDS} hands" in fig._suptitle.get_text()


def test_key_numbers_names_every_run(comparison):
    text = key_numbers(comparison)
    assert len(text.splitlines()) == 6
    glimne = comparison["no limit"]["glimne"]
    line = next(row for row in text.splitlines() if "no limit" in row and "glimne" in row)
    assert f"final pot {glimne.pots[-1]:>7}" in line
    assert f"largest bourré {max(glimne.payments):>7}" in line


def test_pot_limit_variant_changes_only_the_limit():
    limited = compare_pots(hands=1, pot_limit=7)["pot limit 7"]["glimne"].rules
    assert limited == replace(Rules.preset("glimne"), pot_limit=7)


def test_a_table_that_always_passes_carries_the_pot():
    """RULES-SPEC decision: if everybody passes, the pot carries to the next hand; under glimne
    all five players ante one each hand, so the pot grows by five a hand."""

    def always_pass(game):
        actions = game.legal_actions()
        return "pass" if "pass" in actions else actions[0]

    run = run_pot(Rules.preset("glimne"), hands=4, players=PLAYERS, seed=1, policy=always_pass)
    assert run.pots == (5, 10, 15, 20)
    assert run.payments == ()
    assert run.hands_won == 0
