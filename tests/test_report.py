"""seat_record: a seat's record in a run, every figure with its sample size and 95% interval."""

from __future__ import annotations

import re

import pytest

from bourre_lessons.sim.report import seat_record
from bourre_lessons.sim.simulation import simulate


def test_the_record_gives_the_hands_behind_each_figure_and_its_interval():
    result = simulate(2_000, players=4, seed=3)
    text = seat_record(result, seat=1)
    played = int(result.played[:, 1].sum())
    assert text.startswith("over 2,000 hands: plays ")
    assert f"of the {played:,} it played" in text
    assert text.count("95% CI") == 4
    chips = result.chips_per_hand(1)
    assert f"{chips.value:+.2f} chips a hand (95% CI {chips.low:+.2f} to {chips.high:+.2f})" in text


def test_a_smaller_run_gives_a_wider_chips_interval():
    def width(hands: int) -> float:
        text = seat_record(simulate(hands, players=4, seed=3))
        low, high = map(
            float, re.search(r"chips a hand \(95% CI ([-+.\d]+) to ([-+.\d]+)\)", text).groups()
        )
        return high - low

    assert width(300) > 2 * width(20_000)


def test_a_seat_outside_the_table_is_refused():
    with pytest.raises(ValueError, match="seat must be 0 to 3, got 4"):
        seat_record(simulate(100, players=4, seed=3), seat=4)


def test_an_advice_line_gives_each_figure_and_the_call_from_the_intervals():
    from bourre_lessons.sim.advisor import advise, better_choice
    from bourre_lessons.sim.report import advice_line, advice_lines

    strong = advise("SA SK H4 D7 C2", "S7", seat=1, players=5, deals=2_000, seed=1)
    weak = advise("H2 H5 D7 C9 CT", "S7", seat=1, players=5, deals=2_000, seed=1)
    line = advice_line("A-K", strong)
    play = strong.chips_play
    assert line.startswith(f"A-K: take the pot {strong.win.value:.0%}, ")
    assert f"play {play.value:+.2f} (95% CI {play.low:+.2f} to {play.high:+.2f})" in line
    assert line.endswith(f"→ {better_choice(strong)}") and better_choice(strong) == "play"
    assert better_choice(weak) == "pass"
    table = advice_lines({"A-K": strong, "nothing": weak}).splitlines()
    assert table[0].startswith("    A-K: ") and table[1].startswith("nothing: ")
    assert table[-1] == "(2,000 deals each)"


def test_two_intervals_overlap_when_they_share_a_value():
    from bourre_lessons.sim.advisor import Estimate

    play = Estimate(0.10, -0.02, 0.22)
    assert play.overlaps(Estimate(0.0, 0.0, 0.0)) and Estimate(0.0, 0.0, 0.0).overlaps(play)
    assert play.overlaps(Estimate(0.3, 0.22, 0.4)), "touching ends share a value"
    assert not play.overlaps(Estimate(0.5, 0.23, 0.7))
    assert not Estimate(-1.0, -1.2, -0.8).overlaps(play)
