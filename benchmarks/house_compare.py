"""How fast a house rulebook is measured: paired comparisons beside `simulate` (issue 29).

    python -m benchmarks.house_compare           # the figures and issue 29's answer
    python -m benchmarks --base main --only paired   # the SUITE cases, against a commit

Printed: the wall and CPU seconds of `compare` (both rulebooks on the same deals) for 20,000
and 100,000 hands, beside `simulate` of the same number of hands under one rulebook, so the
cost of pairing (two rulebooks, the settlement per session, the decision log) shows; the time
to the first estimate (the first `on_progress` call, after one chunk); and the answer to the
issue's question: wikipedia with "trump anyway" against wikipedia, 100,000 paired hands,
seed 0, the bourré rate's change with its 95% interval. The goals (about a second for
20,000, a few seconds for 100,000, the first estimate within a second) are printed beside
the figures, not asserted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bourre_lessons.house import example_houses
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.house_lab import Comparison, compare
from bourre_lessons.sim.simulation import simulate

GOALS = {20_000: 1.0, 100_000: 5.0}
"""Seconds a paired comparison of that many hands should take at most (issue 29 section 4)."""
GOAL_FIRST = 1.0
"""Seconds to the first estimate."""


def compare_case(hands: int, house: str = "trump_anyway") -> Callable[[], Comparison]:
    """A paired comparison of a shipped house rulebook against its base, `hands` hands."""
    rulebook = example_houses()[house]
    return lambda: compare(rulebook, hands=hands, seed=1)


def first_estimate_case(hands: int = 100_000, house: str = "trump_anyway") -> Callable[[], int]:
    """A comparison stopped at its first estimate (the first `on_progress` call)."""
    rulebook = example_houses()[house]

    def first() -> int:
        return compare(rulebook, hands=hands, seed=1, on_progress=lambda partial: False).hands

    return first


def _timed(work: Callable[[], object], runs: int = 3) -> tuple[float, float]:
    """Median (wall, CPU) seconds of `runs` calls, after one warm-up call."""
    work()
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _line(label: str, seconds: tuple[float, float], goal: float | None = None) -> str:
    wall, cpu = seconds
    text = f"{label:<46} {wall:8.3f} s wall {cpu:8.3f} s cpu"
    if goal is not None:
        text += f"   goal {goal:g} s: {'meets' if wall <= goal else 'over'}"
    return text


def answer() -> str:
    """Issue 29's question: how much more often is someone bourréd under wikipedia's rules
    with 'trump anyway'? 100,000 paired hands, seed 0."""
    result = compare(example_houses()["trump_anyway"], hands=100_000, seed=0)
    bourre = result.measure("bourre_rate")
    low, high = bourre.ci95
    return (
        f"wikipedia + trump_when_cannot_win, {result.hands:,} paired hands, seed 0: bourré rate "
        f"{100 * bourre.against:.2f}% -> {100 * bourre.house:.2f}%, "
        f"{100 * bourre.difference:+.2f} points (95% interval {100 * low:+.2f} to "
        f"{100 * high:+.2f})"
    )


def main() -> None:
    """Print the figures."""
    print("Paired comparison (two rulebooks, the same deals) beside simulate (one rulebook)")
    for hands in (20_000, 100_000):
        print(_line(f"compare, {hands:,} paired hands", _timed(compare_case(hands)), GOALS[hands]))
        alone = _timed(lambda h=hands: simulate(h, 5, PRESETS["wikipedia"], "heuristic", seed=1))
        print(_line(f"simulate, {hands:,} hands (wikipedia)", alone))
    print(
        _line(
            "first estimate (one chunk of 2,000 hands)", _timed(first_estimate_case()), GOAL_FIRST
        )
    )
    print(answer())


if __name__ == "__main__":
    main()
