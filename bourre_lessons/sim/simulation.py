"""Many hands at one table: `simulate` plays them and returns every hand's result as arrays.

Each hand runs in full: antes, the deal, play or pass, the draw, five tricks, the settlement,
and the pot carried to the next hand; the deal passes to the left after each hand. With the
built-in bots ('random', 'heuristic') the hands run in the compiled fast core; any other bot
is played through the readable `Game`, slower but identical in its rules.

The same seed always gives the same result. A long run is cut into chunks of
`CHUNK_HANDS` hands, each with its own seed derived from `seed`; the chunks can run on any
`concurrent.futures.Executor` (a process pool, or a Dask cluster's `get_executor()`) and the
result is the same as the serial run. Chips are conserved exactly: bankrolls plus the pot
never change.

Two kinds of result. By default every hand is kept (`SimulationResult`, about 150 bytes a
hand at five seats; a run that cannot fit in the memory available is refused before it
starts). `summary=True` counts each chunk as it comes in and keeps only the counts
(`summary.SimulationSummary`): memory that does not grow with the hands, and a few
kilobytes a chunk sent back by a remote worker. A `progress(done, total)` callback hears
after every chunk, and Ctrl-C (KeyboardInterrupt) stops the run cleanly: the chunks not yet
collected are cancelled, and `SimulationInterrupted.partial` holds the hands finished so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Literal, overload

import numpy as np

from ..rules import Rules
from .bot_names import resolve_bots
from .bots import Bot
from .checks import whole
from .chunks import fast_kind
from .memory import check_room
from .result import SimulationResult
from .runs import (
    CHUNK_HANDS,
    Progress,
    RunSetup,
    Stopped,
    play_fast,
    play_readable,
    tell_stopped,
)
from .summary import SimulationSummary

__all__ = [
    "CHUNK_HANDS",
    "Progress",
    "SimulationInterrupted",
    "SimulationResult",
    "SimulationSummary",
    "simulate",
]


class SimulationInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: `partial` is the result of the hands finished before it (the
    same as a run of that many hands with the same seed), `done` their number."""

    def __init__(self, message: str, partial: SimulationResult | SimulationSummary, done: int):
        super().__init__(message)
        self.partial = partial
        self.done = done


@overload
def simulate(
    hands: int,
    players: int = ...,
    rules: Rules | None = ...,
    bots: str | Bot | Sequence[str | Bot] = ...,
    seed: int = ...,
    executor: Executor | None = ...,
    bankroll: int = ...,
    engine: str = ...,
    *,
    summary: Literal[False] = ...,
    progress: Progress | None = ...,
) -> SimulationResult: ...


@overload
def simulate(
    hands: int,
    players: int = ...,
    rules: Rules | None = ...,
    bots: str | Bot | Sequence[str | Bot] = ...,
    seed: int = ...,
    executor: Executor | None = ...,
    bankroll: int = ...,
    engine: str = ...,
    *,
    summary: Literal[True],
    progress: Progress | None = ...,
) -> SimulationSummary: ...


def simulate(
    hands: int,
    players: int = 5,
    rules: Rules | None = None,
    bots: str | Bot | Sequence[str | Bot] = "heuristic",
    seed: int = 0,
    executor: Executor | None = None,
    bankroll: int = 100,
    engine: str = "auto",
    *,
    summary: bool = False,
    progress: Progress | None = None,
) -> SimulationResult | SimulationSummary:
    """Play `hands` hands at a table of `players` and return every hand's result (or, with
    `summary=True`, their counts).

    bots -- 'random', 'heuristic', a `Bot`, or one of these per seat. engine -- 'fast' (the
    compiled core; built-in bots only), 'readable' (the `Game` itself, any bot), or 'auto'
    (fast whenever it can). executor -- any `concurrent.futures.Executor` to play the chunks
    of a fast run in parallel; the result is the same as without it. The two engines draw
    their random numbers differently: a seed fixes the result within one engine, and the two
    engines agree in distribution (tested), not hand by hand. summary -- keep counts only
    (`SimulationSummary`), in memory that does not grow with `hands`; without it, a run
    whose hands cannot fit in the memory available raises `memory.NotEnoughMemory` before
    it starts. progress -- called with (hands done, hands in all) as the run goes. Ctrl-C
    raises `SimulationInterrupted`, with the hands finished so far in its `partial`.
    """
    rules = Rules() if rules is None else rules
    hands = whole("hands", hands, 0)
    seed = whole("seed", seed, 0)
    bankroll = whole("bankroll", bankroll, 0)
    players = _check_players(players, rules)
    seat_bots = resolve_bots(bots, players)
    engine = _choose_engine(engine, seat_bots)
    if not isinstance(summary, bool):
        raise TypeError(f"summary must be True or False, got {summary!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total), got {progress!r}")
    if engine == "readable" and executor is not None:
        raise ValueError(
            "executor= needs the fast engine: the readable Game plays one hand after another"
        )
    if not summary:
        check_room(hands, players)
    setup = RunSetup(rules, players, seat_bots, seed, bankroll, engine)
    try:
        if engine == "readable":
            result = play_readable(setup, hands, progress)
            return result.summarize() if summary else result
        return play_fast(setup, hands, executor, summary, progress)
    except Stopped as stop:
        tell_stopped(progress)
        raise SimulationInterrupted(
            f"simulate() stopped after {stop.partial.hands:,} of {hands:,} hands; the chunks "
            "not finished were cancelled. The hands played are in this exception's .partial "
            f"(the same as simulate({stop.partial.hands}, ...) with seed {seed}).",
            stop.partial,
            stop.partial.hands,
        ) from None


def _check_players(players: object, rules: Rules) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise ValueError(f"players must be a whole number of seats, got {players!r}")
    if not max(2, rules.min_players) <= players <= rules.max_players:
        raise ValueError(
            f"{players} players is outside the {rules.source} rules' range "
            f"({rules.min_players}-{rules.max_players})"
        )
    return int(players)


def _choose_engine(engine: str, bots: tuple[Bot, ...]) -> str:
    if engine not in ("auto", "fast", "readable"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'readable', got {engine!r}")
    fast_ok = all(fast_kind(b) is not None for b in bots)
    if engine == "fast" and not fast_ok:
        raise ValueError(
            "the fast engine runs only the built-in RandomBot and HeuristicBot; "
            "use engine='readable' (or 'auto') for your own bots"
        )
    if engine == "auto":
        return "fast" if fast_ok else "readable"
    return engine
