"""Is the sampling bot stronger than the heuristic bots? Chips per hand over many hands.

    python -m benchmarks.sampling_bot                     # 20,000 hands, two processes
    python -m benchmarks.sampling_bot --hands 2000 --workers 1

A table of five under pagat's rules: the sampling bot (`sim.sampling_bot.SamplingBot`) in
seat 0, heuristic bots in seats 1 to 4; the deal passes round, so seat 0 plays from every
place in turn. The hands are cut into chunks of `--chunk` hands, each a fresh session with
its own seed, and every chunk is played twice on the readable engine: once with the
sampling bot in seat 0 and once with a heuristic bot there. A `Game`'s deals depend only on
its seed and the hand's number, so both runs meet the same cards, and the difference in
seat 0's chips, hand by hand, measures what the sampling bot adds far more sharply than
either figure alone (at a table of five heuristic bots, each seat expects 0 chips).

Printed: seat 0's chips per hand for each bot and their difference, each with a 95%
interval and the number of hands; whether the sampling bot is better (the difference's
interval above 0); and hands per second of CPU time, per process, for both runs.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.estimates import Z95
from bourre_lessons.sim.sampling_bot import PHASES, SamplingBot
from bourre_lessons.sim.simulation import simulate


def chunk(
    job: tuple[int, int, int, tuple[str, ...]],
) -> tuple[np.ndarray, np.ndarray, float, float]:
    """(seat 0's chips per hand with the sampling bot, with a heuristic bot, CPU seconds of
    each run) for one chunk: `hands` hands from `seed`."""
    hands, seed, deals, phases = job
    rules = PRESETS["pagat"]
    start = time.process_time()
    bots = [SamplingBot(deals, seed=seed, phases=phases), *["heuristic"] * 4]
    sampling = simulate(hands, 5, rules, bots, seed=seed).net[:, 0]
    middle = time.process_time()
    heuristic = simulate(hands, 5, rules, "heuristic", seed=seed, engine="readable").net[:, 0]
    return sampling, heuristic, middle - start, time.process_time() - middle


def interval(values: np.ndarray) -> str:
    """'+0.123 (95% CI +0.100 to +0.146; 20,000 hands)'."""
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return f"{mean:+.3f} (95% CI {mean - half:+.3f} to {mean + half:+.3f}; {len(values):,} hands)"


def main(hands: int, workers: int, size: int, deals: int, phases: tuple[str, ...]) -> None:
    jobs = [
        (min(size, hands - first), 1000 + i, deals, phases)
        for i, first in enumerate(range(0, hands, size))
    ]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            runs = list(pool.map(chunk, jobs))
    else:
        runs = [chunk(job) for job in jobs]
    wall = time.perf_counter() - start
    sampling = np.concatenate([r[0] for r in runs])
    heuristic = np.concatenate([r[1] for r in runs])
    lead = sampling - heuristic
    half = Z95 * float(lead.std(ddof=1)) / math.sqrt(len(lead))
    print(
        f"Sampling bot ({deals} deals a decision, decides: {', '.join(phases)}) in seat 0 "
        f"against four heuristic bots, pagat, 5 players, {len(jobs)} sessions of up to {size} hands"
    )
    print(f"  seat 0 chips per hand, sampling bot:  {interval(sampling)}")
    print(f"  seat 0 chips per hand, heuristic bot: {interval(heuristic)}")
    print(f"  the sampling bot's lead, hand by hand: {interval(lead)}")
    verdict = "better" if lead.mean() - half > 0 else "not shown better"
    print(
        f"  verdict: {verdict} (the lead's interval {'lies above' if verdict == 'better' else 'reaches'} 0)"
    )
    cpu_sampling = sum(r[2] for r in runs)
    cpu_heuristic = sum(r[3] for r in runs)
    print(
        f"  speed: sampling bot's table {len(sampling) / cpu_sampling:,.1f} hands/s cpu, "
        f"heuristic table (readable engine) {len(heuristic) / cpu_heuristic:,.1f} hands/s cpu; "
        f"{wall:,.0f} s wall with {workers} process(es)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sampling_bot", description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2, help="processes (at most 2 here)")
    parser.add_argument("--chunk", type=int, default=500, help="hands per session")
    parser.add_argument("--deals", type=int, default=SamplingBot().deals)
    parser.add_argument(
        "--phases", default=",".join(SamplingBot().phases), help=f"some of {','.join(PHASES)}"
    )
    args = parser.parse_args()
    main(args.hands, args.workers, args.chunk, args.deals, tuple(args.phases.split(",")))
