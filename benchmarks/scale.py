"""Figures for work that grows: peak memory of summary runs, and sweeps on Dask workers.

    python -m benchmarks.scale            # 100 million hands in summary mode (about 2 minutes)
    python -m benchmarks.scale --quick    # 10 million
    python -m benchmarks                  # runs these too, after the speed figures

Peak memory is the largest resident set (`resource.getrusage(...).ru_maxrss`) of a fresh
Python process that runs one `simulate(...)` and nothing else, so each figure includes the
interpreter, NumPy and Numba (the baseline line shows how much that is). The sweep runs the
default variants on a local Dask cluster of one worker process, then of two (one thread
each), against the same sweep in this process and on a local process pool of two; the
finished cells are forgotten before each run so every run plays every cell.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bourre_lessons.sim.sweep import DEFAULT_VARIANTS, forget_cells, sweep

_PEAK = """
import json, resource, sys, time
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.simulation import simulate
hands, summary = int(sys.argv[1]), sys.argv[2] == "summary"
simulate(10, 5, PRESETS["pagat"], "heuristic", summary=summary)  # load the compiled core
start = time.perf_counter()
if hands:
    result = simulate(hands, 5, PRESETS["pagat"], "heuristic", seed=1, summary=summary)
    if not summary:
        result.net  # computed on first use: part of what a kept run costs
seconds = time.perf_counter() - start
print(json.dumps({"kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "s": seconds}))
"""


def peak_memory(hands: int, summary: bool) -> tuple[float, float]:
    """Peak resident memory (MB) and seconds of a fresh process playing `hands` hands."""
    mode = "summary" if summary else "kept"
    out = subprocess.run(
        [sys.executable, "-c", _PEAK, str(hands), mode],
        check=True,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
    ).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    return figures["kib"] / 1024, figures["s"]


def memory_figures(big: int) -> None:
    """Peak memory of summary runs growing a hundredfold, against kept hands."""
    print("Peak memory of one simulate() in a fresh process (pagat, heuristic bots, 5 players)")
    peak_memory(0, True)  # compiles the core into its cache if it is stale (compiling costs memory)
    base, _ = peak_memory(0, True)
    print(f"  interpreter + NumPy + Numba + compiled core, no hands: {base:8.0f} MB")
    for hands in (big // 100, big // 10, big):
        mb, seconds = peak_memory(hands, True)
        print(
            f"  summary=True, {hands:>11,} hands: {mb:8.0f} MB peak, {seconds:7.1f} s "
            f"({hands / seconds:,.0f} hands/s)"
        )
    kept = 1_000_000
    mb, _ = peak_memory(kept, False)
    print(
        f"  kept hands,   {kept:>11,} hands: {mb:8.0f} MB peak "
        f"({(mb - base) * 2**20 / kept:.0f} bytes a hand above the baseline)"
    )
    print()


def sweep_figures(sessions: int) -> None:
    """Sweep throughput: here, on one Dask worker process, on two."""
    from dask.distributed import Client, LocalCluster

    hands = 100
    total = len(DEFAULT_VARIANTS) * sessions * hands
    print(
        f"Variant sweep: {len(DEFAULT_VARIANTS)} variants x {sessions} sessions x {hands} hands "
        f"({total:,} hands, heuristic bots)"
    )
    forget_cells()
    sweep(hands=10, sessions=1)  # compile and warm up here
    forget_cells()
    start = time.perf_counter()
    serial = sweep(hands=hands, sessions=sessions)
    here = time.perf_counter() - start
    print(f"  in this process:            {here:6.2f} s  {total / here:>10,.0f} hands/s")
    with ProcessPoolExecutor(max_workers=2) as pool:
        sweep(hands=10, sessions=50, executor=pool)  # start the processes
        forget_cells()
        start = time.perf_counter()
        sweep(hands=hands, sessions=sessions, executor=pool)
        wall = time.perf_counter() - start
        forget_cells()
    print(f"  ProcessPoolExecutor(2):     {wall:6.2f} s  {total / wall:>10,.0f} hands/s")
    for workers in (1, 2):
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
            ) as cluster,
            Client(cluster) as client,
        ):
            executor = client.get_executor()
            forget_cells()
            sweep(hands=10, sessions=50, executor=executor)  # workers load the compiled core
            forget_cells()
            start = time.perf_counter()
            data = sweep(hands=hands, sessions=sessions, executor=executor)
            wall = time.perf_counter() - start
            forget_cells()
        same = all(
            (getattr(data, f) == getattr(serial, f)).all()
            for f in ("pot", "bourre_rate", "win_by_seat", "rather_pass")
        )
        print(
            f"  Dask, {workers} worker process{'es' if workers > 1 else '  '}:   {wall:6.2f} s  "
            f"{total / wall:>10,.0f} hands/s   equal to the serial sweep: {same}"
        )
    print()


def run(quick: bool) -> None:
    """Both sections, smaller with `quick`."""
    memory_figures(10_000_000 if quick else 100_000_000)
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        print("Variant sweep on Dask: skipped (pip install 'bourre-lessons[scale]')")
        return
    sweep_figures(400 if quick else 2000)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.scale", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="10 million hands, a smaller sweep")
    run(parser.parse_args().quick)


if __name__ == "__main__":
    main()
