"""The course's bots by name: 'random', 'heuristic' and 'sampling', one bot per seat.

`resolve_bots(bots, players)` turns what a learner writes (a name, a bot, or one of either
per seat) into one `Bot` per seat. It sits above both `bots` and `sampling_bot`, so naming
the sampling bot loads it (and NumPy) only when asked for, while `bots` itself imports
neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bots import Bot, BotError, HeuristicBot, RandomBot

__all__ = ["BOT_NAMES", "BotSpec", "resolve_bots"]

BOT_NAMES = ("random", "heuristic", "sampling")
"""The built-in bots by name; 'sampling' (`sim.sampling_bot.SamplingBot`, the strongest)
chooses its cards by sampled play-outs and is loaded when first asked for."""

BotSpec = str | Bot
"""A bot, or the name of a built-in one: 'random', 'heuristic' or 'sampling'."""

_BY_NAME = {"random": RandomBot, "heuristic": HeuristicBot}


def resolve_bots(bots: BotSpec | Sequence[BotSpec], players: int) -> tuple[Bot, ...]:
    """One bot per seat from a name, a bot, or a sequence of either (one per seat)."""
    if isinstance(bots, (str, Bot)):
        return tuple(_one_bot(bots) for _ in range(players))
    if not isinstance(bots, Sequence) or len(bots) != players:
        raise BotError(
            f"bots must be 'random', 'heuristic', 'sampling', a Bot, or a list of {players} of these "
            f"(one per seat); got {bots!r}"
        )
    return tuple(_one_bot(b) for b in bots)


def _one_bot(spec: BotSpec) -> Bot:
    if isinstance(spec, Bot):
        return spec
    name = spec.strip().lower() if isinstance(spec, str) else None
    if name in _BY_NAME:
        return _BY_NAME[name]()
    if name == "sampling":
        from .sampling_bot import SamplingBot  # NumPy and the coach's sampling, when asked for

        return SamplingBot()
    raise BotError(f"unknown bot {spec!r}: use 'random', 'heuristic', 'sampling' or a Bot object")
