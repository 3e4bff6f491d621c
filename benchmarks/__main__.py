"""Speed figures for the fast core, the readable engine and the advisor.

    python -m benchmarks            # full run (about four minutes, two of them the scale figures)
    python -m benchmarks --quick    # fewer, shorter runs
    python -m benchmarks.coach      # the coach's review time and the advisor hearing words
    python -m benchmarks.sampling_bot  # the sampling bot against heuristic bots (minutes)
    python -m benchmarks.scale      # only the scale figures (benchmarks/scale.py)
    python -m benchmarks.readable   # the readable engine against a plain Python playout
    python -m benchmarks.pyodide    # the same in Pyodide (chromium, site of `make lite`) beside
                                    # CPython, and both profiles (where the time goes)
    python -m benchmarks --base 19dcd00   # that commit against the working tree, side by side
                                          # (make bench BASE=19dcd00; see benchmarks/compare.py)

Every figure is the median of several runs, reported both by the wall clock and by the
process's CPU time (the CPU figure is steadier on a shared machine). Nothing here is a test:
the goals are printed beside the figures, not asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bourre_lessons.game import Game
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.advisor import advise
from bourre_lessons.sim.bots import RandomBot, play_bots
from bourre_lessons.sim.simulation import simulate

from . import coach, compare, scale

GOAL_RANDOM = 1_000_000
GOAL_HEURISTIC = 250_000
GOAL_ADVISOR_SECONDS = 0.3


def timed(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of `runs` calls (after one warm-up call)."""
    work()
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def rate_line(
    label: str, count: int, seconds: tuple[float, float], unit: str, goal: int = 0
) -> str:
    wall, cpu = seconds
    text = f"{label:<52} {count / wall:>12,.0f} {unit}/s wall {count / cpu:>12,.0f} {unit}/s cpu"
    if goal:
        verdict = "meets" if count / cpu >= goal else "below"
        text += f"   goal {goal:,} ({verdict})"
    return text


def readable_hands(players: int, hands: int, seed: int) -> None:
    """Play `hands` hands through Game with a random bot in every seat."""
    game = Game(PRESETS["pagat"], players, seed=seed)
    bot = RandomBot(seed=seed)
    for h in range(hands):
        if h:
            game.apply("deal")
        play_bots(game, bot)


def numpy_deal(hands: int, rng: np.random.Generator) -> np.ndarray:
    """The deal alone, vectorised: shuffle each deck and build five 52-bit hands."""
    decks = np.broadcast_to(np.arange(52, dtype=np.int8), (hands, 52)).copy()
    rng.permuted(decks, axis=1, out=decks)
    bits = np.left_shift(np.int64(1), decks[:, :25].astype(np.int64))
    return bits.reshape(hands, 5, 5).sum(axis=2)


def numpy_play_step(
    hands: np.ndarray,
    led: np.ndarray,
    best: np.ndarray,
    trump: np.ndarray,
    rng: np.random.Generator,
) -> np.ndarray:
    """One card decision for a batch, vectorised, base rules only (follow, beat, trump,
    overtrump; no cinch, no known top): the legal mask, then a uniform legal card."""
    field = np.int64(0x1FFF)
    own = (hands >> (13 * led)) & field
    cut = best - 13 * led + 1
    beaters = (own >> cut) << cut
    follow = np.where(beaters != 0, beaters, own) << (13 * led)
    trumps = ((hands >> (13 * trump)) & field) << (13 * trump)
    legal = np.where(own != 0, follow, np.where(trumps != 0, trumps, hands))
    pick = (rng.random(len(hands)) * np.bitwise_count(legal)).astype(np.int64)
    for k in range(4):  # drop the `pick` lowest cards, then take the lowest left
        legal = np.where(pick > k, legal & (legal - 1), legal)
    return legal & -legal


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument(
        "--base",
        action="append",
        metavar="COMMIT",
        help="run benchmarks/suite.py on COMMIT and on the working tree, interleaved, and "
        "print both with their ratio (may be given more than once)",
    )
    parser.add_argument("--only", default="", help="with --base: the cases whose label has this")
    parser.add_argument("--rounds", type=int, default=0, help="with --base: rounds (default 3)")
    args = parser.parse_args()
    if args.base:
        rounds = args.rounds or (2 if args.quick else 3)
        compare.run(args.base, args.only, rounds, args.quick)
        return
    runs = 3 if args.quick else 5
    big = 200_000 if args.quick else 1_000_000
    print(
        f"bourre-lessons benchmarks · Python {platform.python_version()} · {os.cpu_count()} cores"
    )
    print(f"load average before: {os.getloadavg()[0]:.2f} · medians of {runs} runs\n")

    start = time.perf_counter()
    simulate(10, 5, PRESETS["pagat"], "random", seed=0)
    print(
        f"first simulate() call in this process (compile or load cache): {time.perf_counter() - start:.2f} s\n"
    )

    print("Fast core: full hands (ante, deal, play or pass, draw, tricks, settlement), 5 players")
    fast_rates = {}
    for preset in ("pagat", "glimne", "wikipedia"):
        for bots, goal in (("random", GOAL_RANDOM), ("heuristic", GOAL_HEURISTIC)):
            seconds = timed(lambda p=preset, b=bots: simulate(big, 5, PRESETS[p], b, seed=1), runs)
            fast_rates[(preset, bots)] = big / seconds[1]
            print(
                rate_line(
                    f"  simulate(), {preset}, {bots} bots",
                    big,
                    seconds,
                    "hands",
                    goal if preset == "pagat" else 0,
                )
            )

    with ProcessPoolExecutor(max_workers=2) as pool:
        wall = timed(
            lambda: simulate(2 * big, 5, PRESETS["pagat"], "random", seed=1, executor=pool),
            max(2, runs - 2),
        )[0]
    print(
        f"  simulate(executor=ProcessPoolExecutor(2)), pagat, random: {2 * big / wall:>12,.0f} hands/s wall"
    )
    print()

    print("Readable engine: Game + play_bots with a random bot, pagat, 5 players")
    readable = 100 if args.quick else 300
    counter = iter(range(10**6))
    seconds = timed(lambda: readable_hands(5, readable, next(counter)), max(2, runs - 2))
    print(rate_line(f"  Game + RandomBot ({readable} hands a run)", readable, seconds, "hands"))
    ratio = fast_rates[("pagat", "random")] / (readable / seconds[1])
    print(f"  fast core / readable engine (random bots, pagat, cpu): {ratio:,.0f}x\n")

    print("Advisor: advise() with 10,000 deals (two branches, heuristic bots)")
    deck_hands = ["HJ H4 SA D7 C9", "HA HK HQ S2 D3", "S2 S5 D7 C9 CT"]
    picks = iter(random.Random(0).choices(deck_hands, k=100))
    wall, cpu = timed(lambda: advise(next(picks), "H2", seat=3, deals=10_000, seed=1), max(runs, 7))
    verdict = "meets" if wall <= GOAL_ADVISOR_SECONDS else "misses"
    print(
        f"  advise(..., deals=10_000): {wall * 1000:.1f} ms wall, {cpu * 1000:.1f} ms cpu   "
        f"goal < {GOAL_ADVISOR_SECONDS * 1000:.0f} ms ({verdict})\n"
    )

    print("Why Numba rather than NumPy batches: two pieces of a hand, vectorised")
    rng = np.random.default_rng(0)
    count = 200_000
    deal = timed(lambda: numpy_deal(count, rng), runs)
    print(rate_line("  NumPy: shuffle 52 cards + five hand masks", count, deal, "hands"))
    hands = numpy_deal(count, rng)[:, 0]
    led = rng.integers(0, 4, count)
    best = 13 * led + rng.integers(0, 13, count)
    trump = rng.integers(0, 4, count)
    step = timed(lambda: numpy_play_step(hands, led, best, trump, rng), runs)
    print(rate_line("  NumPy: one card decision, base rules only", count, step, "decisions"))
    plays = (
        float(np.mean(simulate(100_000, 5, PRESETS["pagat"], "random", seed=2).played.sum(1))) * 5
    )
    estimate = deal[1] / count + plays * step[1] / count
    print(
        f"  NumPy floor for a hand: deal + {plays:.1f} decisions = {estimate * 1e6:.2f} us cpu "
        f"({1 / estimate:,.0f} hands/s at best, before the draw, cinch rules and settlement)"
    )
    print(f"  fast core, whole hand: {1e6 / fast_rates[('pagat', 'random')]:.2f} us cpu\n")

    scale.run(args.quick)
    print()
    coach.main(hands=5 if args.quick else 20)


if __name__ == "__main__":
    main()
