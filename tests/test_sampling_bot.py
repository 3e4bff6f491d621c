"""The sampling bot: the heuristic bot's choices, except where sampled play-outs show better."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from bourre_lessons.game import Game
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.bot_names import resolve_bots
from bourre_lessons.sim.bots import BotError, HeuristicBot, play_bots
from bourre_lessons.sim.coach import review
from bourre_lessons.sim.decision_points import decision_point_now
from bourre_lessons.sim.hidden import choice_chips
from bourre_lessons.sim.sampling_bot import SamplingBot
from bourre_lessons.sim.simulation import simulate


def test_sampling_bots_play_whole_hands_by_the_rules() -> None:
    """Every action a table of sampling bots takes is one the engine accepts; chips are kept."""
    game = Game(PRESETS["glimne"], 4, seed=3)
    bots = [SamplingBot(deals=30, phases=("declare", "draw", "play"))] * 4
    for hand in range(4):
        if hand:
            game.apply("deal")
        play_bots(game, bots)
    assert game.phase == "settled"
    assert sum(game.bankrolls.values()) + game.pot == 400


def test_it_leaves_the_heuristic_choice_only_for_a_clearly_better_one() -> None:
    """At each card it chose, either it played the heuristic bot's card, or its own card led
    that card on the same sampled deals with a 95% interval above zero."""
    changed = 0
    for seed in range(6):
        game = Game(PRESETS["pagat"], 4, seed=seed)
        bot, usual = SamplingBot(deals=60, seed=1), HeuristicBot()
        while game.phase != "settled":
            action = bot.choose(game)
            plain = usual.choose(game)
            if action != plain:
                changed += 1
                point = decision_point_now(game)
                chips = choice_chips(point, point.options, 60, 7919 + game.seed).chips
                lead = chips[:, point.options.index(action)] - chips[:, point.options.index(plain)]
                low = lead.mean() - 1.96 * lead.std(ddof=1) / math.sqrt(len(lead))
                assert low > 0, (seed, game.actions, action, plain)
            game.apply(action)
    assert changed > 0


def test_the_sampling_bot_wins_more_than_a_heuristic_bot_in_its_seat() -> None:
    """300 hands of pagat at five, the same deals with each bot in seat 0: the sampling bot's
    lead, hand by hand, has a 95% interval above zero (over 20,000 hands: +0.26 chips a hand,
    benchmarks/sampling_bot.py)."""
    bots = [SamplingBot(), *["heuristic"] * 4]
    sampling = simulate(300, 5, PRESETS["pagat"], bots, seed=7).net[:, 0]
    heuristic = simulate(300, 5, PRESETS["pagat"], "heuristic", seed=7, engine="readable").net[:, 0]
    lead = sampling - heuristic
    assert lead.mean() - 1.96 * lead.std(ddof=1) / math.sqrt(len(lead)) > 0


def test_the_sampling_bot_is_chosen_by_name_and_checks_its_settings() -> None:
    assert all(type(b) is SamplingBot for b in resolve_bots("sampling", 3))
    assert resolve_bots(["Sampling", "heuristic"], 2)[0].phases == ("declare", "play")
    with pytest.raises(BotError, match="deals must be a whole number, 2 or more"):
        SamplingBot(deals=1)
    with pytest.raises(BotError, match="phases must name some of declare, draw, play"):
        SamplingBot(phases=("tricks",))
    with pytest.raises(BotError, match="seed must be"):
        SamplingBot(seed=-1)
    with pytest.raises(BotError, match="'sampling'"):
        resolve_bots("strongest", 2)


def test_a_review_of_the_separate_trump_variant_offers_taking_the_turned_card() -> None:
    """pagat's variant: a sixth card turned in the middle, which the dealer who plays may take
    in the draw (throwing a card for it). The dealer's draw lists those choices too."""
    rules = dataclasses.replace(PRESETS["pagat"], separate_trump_card="dealer")
    game = Game(rules, 4, seed=2)
    bots = {seat: HeuristicBot() for seat in "BCD"}
    while game.phase != "settled":
        if game.to_act == "A":
            game.apply("play" if game.phase == "declare" else game.legal_actions()[-1])
        else:
            play_bots(game, bots)
    draw = next(d for d in review(game, "A", deals=100).decisions if d.kind == "draw")
    assert draw.made.startswith("take the turned card")
    takes = [c for c in draw.choices if c.words.startswith("take the turned card")]
    assert takes and len(takes) < len(draw.choices)
    assert all(np.isfinite(c.chips.value) for c in draw.choices)
