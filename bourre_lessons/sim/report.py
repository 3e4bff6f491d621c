"""One seat's record in a simulated run, said carefully: every figure with its sample size and
its 95% interval, so runs of different sizes can be compared (lesson 09)."""

from __future__ import annotations

from .advisor import Estimate, wilson
from .result import SimulationResult

__all__ = ["seat_record"]


def _share(estimate: Estimate) -> str:
    return f"{estimate.value:.0%} (95% CI {estimate.low:.0%} to {estimate.high:.0%})"


def seat_record(result: SimulationResult, seat: int = 0) -> str:
    """How often the seat played, took the pot and was bourréd when it played, and its chips a
    hand, each with the number of hands behind it and a 95% interval."""
    if not 0 <= seat < result.played.shape[1]:
        raise ValueError(f"seat must be 0 to {result.played.shape[1] - 1}, got {seat}")
    hands = result.hands
    played = int(result.played[:, seat].sum())
    line = f"over {hands:,} hands: plays {_share(wilson(played, hands))}"
    if played:
        won = int((result.winner[result.played[:, seat]] == seat).sum())
        bourred = int(result.bourred[:, seat].sum())
        line += (
            f"; of the {played:,} it played, takes the pot in {_share(wilson(won, played))}, "
            f"bourréd in {_share(wilson(bourred, played))}"
        )
    chips = result.chips_per_hand(seat)
    return f"{line}; {chips.value:+.2f} chips a hand (95% CI {chips.low:+.2f} to {chips.high:+.2f})"
