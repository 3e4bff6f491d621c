"""Compile the fast core ahead of its first use: `python -m bourre_lessons.sim.warm`.

Numba turns each function of `sim.fast` into machine code the first time it runs, and keeps
that code in its cache (`cache=True`: files in `__pycache__` beside the sources), so only the
first run on a machine waits for it, about two minutes on a small machine, spread over the
first simulation, the first advice, the first coach's review. `make install` runs this once, so
that a learner's first lesson and the first test run do not pay it; each call here is small and
goes through the same public functions, with the same kinds of arguments, as the course.
Where NumPy or Numba is missing (the course in the browser) there is nothing to compile.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..browser import has_module
from ..game import Game
from ..rules import PRESETS
from .bots import HeuristicBot, RandomBot, play_bots

__all__ = ["WARM_STEPS", "main", "warm"]


def _simulations() -> None:
    """`simulate` for each order of play (one round, two rounds), both kinds of bot, both
    kinds of result (every hand's row, and the summary)."""
    from .simulation import simulate

    for preset in ("pagat", "glimne"):
        for bots in ("random", "heuristic"):
            simulate(200, 5, PRESETS[preset], bots, seed=0)
            simulate(200, 5, PRESETS[preset], bots, seed=0, summary=True)


def _variant_lab() -> None:
    """The rulebook comparison (logged decisions) and the sweep (sessions of hands)."""
    from .sweep import sweep
    from .variant_lab import rulebook_disagreements

    rulebook_disagreements(hands=50, players=5, bots="heuristic", seed=0)
    sweep({name: PRESETS[name] for name in ("pagat", "glimne")}, hands=5, sessions=4, seed=0)


def _advisor() -> None:
    """`advise` for one hand: the deals that agree with what was heard, played out."""
    from .advisor import advise

    advise("HJ H4 SA D7 C9", "H2", seat=3, deals=200, seed=0)


def _coach() -> None:
    """The coach's review of one finished hand (every decision played out on sampled deals)."""
    from .coach import review

    game = Game(PRESETS["pagat"], 5, seed=3)
    play_bots(
        game, {seat: HeuristicBot() if seat != "A" else RandomBot(3) for seat in game.players}
    )
    review(game, "A", deals=50)


def _house_lab() -> None:
    """The workbench's paired comparison of two rulebooks on the same deals."""
    from .house_lab import compare

    compare(PRESETS["wikipedia"], PRESETS["pagat"], hands=200, seed=0)


WARM_STEPS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("simulate", _simulations),
    ("variant lab", _variant_lab),
    ("advisor", _advisor),
    ("coach", _coach),
    ("house rules comparison", _house_lab),
)
"""What is compiled ahead, in order: a name and the small run that compiles it."""


def warm() -> list[tuple[str, float]]:
    """Run each warm-up step once; (its name, seconds taken) for each, none without Numba."""
    if not (has_module("numpy") and has_module("numba")):
        return []
    taken = []
    for name, step in WARM_STEPS:
        started = time.perf_counter()
        step()
        taken.append((name, time.perf_counter() - started))
    return taken


def main() -> None:
    """Compile ahead and print what took how long."""
    taken = warm()
    if not taken:
        print(
            "compiled core: NumPy or Numba missing here; the plain-Python twins need no compiling"
        )
        return
    parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in taken)
    print(f"compiled core ready ({parts}; {sum(s for _, s in taken):.0f} s in all)")


if __name__ == "__main__":
    main()
