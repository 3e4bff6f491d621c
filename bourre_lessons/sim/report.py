"""Simulated figures said carefully, for lesson 09: a seat's record in a run, and the advisor's
verdict on a hand, each figure with its sample size or its 95% interval."""

from __future__ import annotations

from collections.abc import Mapping

from .advisor import Advice, better_choice
from .estimates import wilson
from .result import SimulationResult

__all__ = ["advice_line", "advice_lines", "seat_record"]


def seat_record(result: SimulationResult, seat: int = 0) -> str:
    """How often the seat played, took the pot and was bourréd when it played, and its chips a
    hand, each with the number of hands behind it and a 95% interval (from the session's
    counts, so a compiled result and a plain-Python one read alike)."""
    if not 0 <= seat < result.players:
        raise ValueError(f"seat must be 0 to {result.players - 1}, got {seat}")
    hands = result.hands
    tally = result.summarize().tally
    played = int(tally.played[seat])
    line = f"over {hands:,} hands: plays {wilson(played, hands).text('.0%')}"
    if played:
        won = int(tally.wins[seat])  # a seat takes the pot only when it played
        bourred = int(tally.bourred[seat])
        line += (
            f"; of the {played:,} it played, takes the pot in {wilson(won, played).text('.0%')}, "
            f"bourréd in {wilson(bourred, played).text('.0%')}"
        )
    chips = result.chips_per_hand(seat)
    return f"{line}; {chips.text('+.2f', 'chips a hand')}"


def advice_line(label: str, advice: Advice) -> str:
    """One hand's advice on a line: how often playing takes the pot and ends bourréd, the
    chips of playing with their 95% interval, of passing, and the call ('close' when the two
    intervals overlap)."""
    a, play = advice, advice.chips_play
    return (
        f"{label}: take the pot {a.win.value:.0%}, bourré {a.bourre.value:.0%}, "
        f"play {play.text('+.2f')}, "
        f"pass {a.chips_pass.value:+.2f} → {better_choice(a)}"
    )


def advice_lines(advices: Mapping[str, Advice]) -> str:
    """`advice_line` for each labelled advice, labels right-aligned, with the deals behind
    them."""
    width = max(len(label) for label in advices)
    deals = sorted({a.deals for a in advices.values()})
    lines = [advice_line(f"{label:>{width}}", a) for label, a in advices.items()]
    return "\n".join([*lines, f"({' or '.join(f'{d:,}' for d in deals)} deals each)"])
