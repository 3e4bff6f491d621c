"""The benchmarks `python -m benchmarks --base <commit>` runs on two trees side by side.

One `Case` a line in `SUITE`. A case names its target as "module:function" (a module of this
`benchmarks` folder or of the package); the target is looked up and called with the case's
keyword arguments in a worker process whose `bourre_lessons` is the tree being measured (the
benchmark code is always this working tree's). If the target returns a callable, that
callable is the work timed (the call itself was untimed setup); otherwise each call of the
target is the work timed. One warm-up run (compiling or loading the cache) comes first.

A target, or anything it needs, that the measured tree lacks (ImportError, AttributeError,
TypeError, KeyError, ValueError at setup) makes that cell read "not at base".

To add a benchmark, add one line to `SUITE`, e.g.
`Case("readable engine, random bots", "benchmarks.readable:readable_case", {}, "hands", 400)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

SIM_HANDS = 200_000
"""Hands a simulate case plays per run (a quarter of it with --quick)."""
READABLE_HANDS = 400
"""Hands a readable-engine case plays per run (the readable engine plays ~3,000 a second)."""


class Case(NamedTuple):
    """One benchmark: a label, its target ("module:function"), the target's keyword arguments,
    the unit counted and how many of them one run does (1: the table shows the time a run)."""

    label: str
    target: str
    kwargs: dict[str, Any]
    unit: str = "runs"
    count: int = 1


def simulate_case(preset: str, bots: str, hands: int, players: int = 5) -> Callable[[], object]:
    """`simulate(hands, players, preset, bots, seed=1)`, the same seed every run."""
    from bourre_lessons.rules import PRESETS
    from bourre_lessons.sim.simulation import simulate

    rules = PRESETS[preset]
    return lambda: simulate(hands, players, rules, bots, seed=1)


def advise_case(deals: int = 10_000) -> Callable[[], object]:
    """`advise` for one hand at seat 3 of 5 (pagat, heuristic bots), `deals` deals."""
    from bourre_lessons.sim.advisor import advise

    return lambda: advise("HJ H4 SA D7 C9", "H2", seat=3, deals=deals, seed=1)


def review_case(seed: int = 0, deals: int = 0) -> Callable[[], object]:
    """The coach's `review` of one finished hand (benchmarks.coach.finished_hand(seed)), with
    the coach's own number of deals unless `deals` is given."""
    from bourre_lessons.sim.coach import DEALS, review

    from .coach import finished_hand

    game = finished_hand(seed)
    return lambda: review(game, "A", deals=deals or DEALS)


def _simulate_cases() -> tuple[Case, ...]:
    return tuple(
        Case(
            f"simulate {preset} {bots}",
            "benchmarks.suite:simulate_case",
            {"preset": preset, "bots": bots, "hands": SIM_HANDS},
            "hands",
            SIM_HANDS,
        )
        for preset in ("pagat", "glimne", "wikipedia")
        for bots in ("random", "heuristic")
    )


SUITE: tuple[Case, ...] = (
    *_simulate_cases(),
    Case("advise 10,000 deals", "benchmarks.suite:advise_case", {"deals": 10_000}),
    Case("coach review, one hand", "benchmarks.suite:review_case", {"seed": 3}),
    # issue 29: a house rulebook against its base on the same deals, beside simulate
    *(
        case
        for hands in (20_000, 100_000)
        for case in (
            Case(
                f"paired compare {hands:,} hands",
                "benchmarks.house_compare:compare_case",
                {"hands": hands},
                "hands",
                hands,
            ),
            Case(
                f"simulate wikipedia heuristic {hands:,} (beside paired)",
                "benchmarks.suite:simulate_case",
                {"preset": "wikipedia", "bots": "heuristic", "hands": hands},
                "hands",
                hands,
            ),
        )
    ),
    Case("paired compare, first estimate", "benchmarks.house_compare:first_estimate_case", {}),
    # issue 30: the readable engine (Game and its bots) beside a plain playout of the same game
    *(
        Case(
            f"readable engine, {bots} bots, {READABLE_HANDS} hands",
            "benchmarks.readable:readable_case",
            {"bots": bots, "hands": READABLE_HANDS},
            "hands",
            READABLE_HANDS,
        )
        for bots in ("random", "heuristic")
    ),
    Case(
        f"plain playout (the benchmark's own code), {READABLE_HANDS} hands",
        "benchmarks.readable:plain_case",
        {"hands": READABLE_HANDS},
        "hands",
        READABLE_HANDS,
    ),
)
"""Every case `--base` compares, in the order printed."""


def scaled(case: Case, quick: bool) -> Case:
    """The case as run: a simulate case plays a quarter of its hands with --quick."""
    if not quick or "hands" not in case.kwargs:
        return case
    hands = case.kwargs["hands"] // 4
    return case._replace(kwargs={**case.kwargs, "hands": hands}, count=hands)
