"""Measure whether the order of play or pass and the draw changes how often a hand is played.

    .venv/bin/python tools/measure_draw_order.py            # 400,000 hands under each order
    .venv/bin/python tools/measure_draw_order.py --hands 100000 --players 7

Plays pagat's preset in one round (`draw_timing="same_turn"`, the course's reading) and in two
rounds (`"after_declarations"`), with the heuristic bots and, as a control, the random bots
(which hear nothing), then glimne's preset both ways; prints each order's share of seats that
play and of hands played out, with 95% intervals, and the differences
(`bourre_lessons.sim.variant_lab.order_effect`). A measurement, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.variant_lab import order_effect


def main(argv: list[str] | None = None) -> int:
    """Print the measurements; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands under each order")
    parser.add_argument("--players", type=int, default=5, help="players at the table")
    parser.add_argument("--seed", type=int, default=0, help="the first run's seed")
    args = parser.parse_args(argv)
    cases = [("pagat", "heuristic"), ("pagat", "random"), ("glimne", "heuristic")]
    for preset, bots in cases:
        start = time.perf_counter()
        effect = order_effect(PRESETS[preset], args.players, args.hands, bots, args.seed)
        print(effect.to_text())
        print(f"({time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
