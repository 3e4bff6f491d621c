"""The play-or-pass advisor: sure hands, hopeless hands, intervals, and input checks."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.advisor import Estimate, advise, mean_interval, wilson


def test_three_top_trumps_always_take_the_pot() -> None:
    """RULES-SPEC cinch: A-K-Q of trumps are three sure tricks, so the pot is certain.

    pagat, five players, empty pot: the five antes are the pot, so playing is worth exactly 5.
    """
    a = advise("HA HK HQ S2 D3", "H9", seat=1, players=5, rules=PRESETS["pagat"], deals=2000)
    assert a.win.value == 1.0 and a.bourre.value == 0.0 and a.split.value == 0.0
    assert a.chips_play == Estimate(5.0, 5.0, 5.0)
    assert a.chips_pass == Estimate(0.0, 0.0, 0.0)
    assert a.recommendation == "play"


def test_second_antes_join_the_pot_a_sure_winner_takes() -> None:
    """glimne: each player who plays adds a second ante; the sure winner pays one and takes all
    (and, under glimne's literal reading, the bourré payments of the others as well)."""
    glimne = PRESETS["glimne"]
    next_pot = dataclasses.replace(glimne, bourre_paid_to="next_pot")
    a = advise("HA HK HQ S2 D3", "H9", seat=1, players=5, rules=next_pot, deals=2000)
    assert a.win.value == 1.0
    # pot = 5 antes + 1 (yours) + 0 to 4 others; you paid 1 of it: between 5 and 9
    assert 5.0 <= a.chips_play.value <= 9.0
    literal = advise("HA HK HQ S2 D3", "H9", seat=1, players=5, rules=glimne, deals=2000)
    assert literal.chips_play.value > a.chips_play.value  # the same deals, plus the payments


def test_a_hand_without_trumps_or_aces_should_pass() -> None:
    """No trump, no ace, first to speak: the pot is rarely won and a bourré is likely."""
    a = advise("S2 S5 D7 C9 CT", "HA", seat=1, deals=4000)
    assert a.win.value < 0.1 and a.bourre.value > 0.3
    assert a.recommendation == "pass"
    assert "advice: pass" in str(a)


def test_the_dealer_may_take_the_pot_without_playing_under_pagat() -> None:
    """pagat: when everyone else passes, the dealer takes the pot even after saying pass."""
    weak = ("S2 S5 D7 C9 H3", "H3")
    pagat = advise(*weak, seat=5, deals=3000)
    assert pagat.chips_pass.value > 0
    no_lone = advise(
        *weak, seat=5, deals=3000, rules=dataclasses.replace(Rules(), lone_player_wins=False)
    )
    assert no_lone.chips_pass == Estimate(0.0, 0.0, 0.0)


def test_a_turned_ace_binds_the_pagat_dealer() -> None:
    """pagat: the dealer who turns an ace must play; the advice says so."""
    a = advise("HA S2 D7 C9 C3", "HA", seat=4, players=4, deals=500)
    assert a.must_play and a.recommendation == "play"
    assert not advise(
        "HA S2 D7 C9 C3", "HA", seat=4, players=4, deals=500, rules=PRESETS["glimne"]
    ).must_play


def test_same_seed_same_advice_and_intervals_hold_the_estimate() -> None:
    """Reproducible; every interval contains its estimate and is narrow at 10,000 deals."""
    a = advise("HJ H4 SA D7 C9", "H2", seat=3, seed=5)
    assert a == advise("HJ H4 SA D7 C9", "H2", seat=3, seed=5)
    for e in (a.win, a.bourre, a.split, a.chips_play, a.chips_pass):
        assert e.low <= e.value <= e.high
    assert a.win.high - a.win.low < 0.03
    other = advise("HJ H4 SA D7 C9", "H2", seat=3, seed=6)
    assert other.win != a.win and abs(other.win.value - a.win.value) < 0.04


def test_wilson_interval_matches_published_values() -> None:
    """Wilson score interval, 95%: 0 of 10 gives 0 to 0.2775; 5 of 10 gives 0.2366 to 0.7634."""
    low, high = wilson(0, 10).low, wilson(0, 10).high
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    half = wilson(5, 10)
    assert math.isclose(half.low, 0.2366, abs_tol=1e-4) and math.isclose(
        half.high, 0.7634, abs_tol=1e-4
    )
    m = mean_interval(np.array([1.0, 3.0]))  # mean 2, sd sqrt(2), n 2: 2 +- 1.96
    assert math.isclose(m.value, 2.0) and math.isclose(m.high - m.value, 1.959964, rel_tol=1e-5)


@pytest.mark.parametrize(
    ("hand", "trump", "seat", "message"),
    [
        ("HA HK HQ S2", "H9", 1, "five cards"),
        ("HA HK HQ S2 D3", "H9", 5, "as the dealer you hold the turned card"),
        ("HA HK HQ S2 H9", "H9", 2, "cannot be in your hand"),
        ("HA HK HQ S2 D3", "H9", 6, "seat must be"),
        ("HA HK HQ S2 D3", "H9", 0, "seat must be"),
    ],
)
def test_impossible_deals_are_refused(hand: str, trump: str, seat: int, message: str) -> None:
    """The advisor checks the hand, the turned card and the seat before dealing."""
    with pytest.raises(ValueError, match=message):
        advise(hand, trump, seat=seat, players=5, deals=10)


def test_advisor_arguments_are_checked() -> None:
    """Deals, players and bots: clear errors."""
    with pytest.raises(ValueError, match="deals must be"):
        advise("HA HK HQ S2 D3", "H9", 1, deals=0)
    with pytest.raises(ValueError, match="outside the wikipedia"):
        advise("HA HK HQ S2 D3", "H9", 1, players=8, rules=PRESETS["wikipedia"])
    with pytest.raises(ValueError, match="bots must be"):
        advise("HA HK HQ S2 D3", "H9", 1, bots=["random"] * 5)  # type: ignore[arg-type]
