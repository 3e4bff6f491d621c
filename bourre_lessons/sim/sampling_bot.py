"""A stronger bot: it chooses each card by playing every legal card out on sampled deals.

`SamplingBot` starts from the heuristic bot's choice. When it has a choice of cards (and,
if asked, in the declarations and the draw: `phases`), it does what the coach does for a
decision (`sim.hidden.choice_chips`): it deals the cards it cannot see many times, agreeing
with everything it has seen (the words heard, the draws, the cards played, the voids shown),
plays each legal choice out to the end of the hand with heuristic bots in every seat, and
takes the choice that brought the most chips on average, but only when its lead over the
heuristic bot's own choice, deal by deal, is above zero with 95% confidence. So the two bots
differ only where the samples clearly show a better choice.

It reads the whole table position, so it decides in `choose(game)`; asked through `play`
alone (a `SeatView` without the game), it plays as the heuristic bot. `simulate` runs it
through the readable `Game`. `benchmarks/sampling_bot.py` measures it against four
heuristic bots.
"""

from __future__ import annotations

import math

from ..actions import read_action
from ..game import Game
from .backend import compiled
from .bots import BotError, HeuristicBot
from .checks import whole
from .decision_points import decision_point_now
from .estimates import Z95, mean_interval

__all__ = ["PHASES", "SamplingBot"]

PHASES = ("declare", "draw", "play")
"""The phases whose decisions the bot may take by sampled play-outs."""


class SamplingBot(HeuristicBot):
    """Declares and draws like the heuristic bot; chooses each card by sampled play-outs.

    deals -- deals of the unseen cards each card is played out on (more: slower, surer);
    seed -- the sampling's seed (with the game's seed, the hand and the trick, it fixes every
    choice, so a game replays the same); boldness -- as for the heuristic bot.
    """

    name = "sampling"

    def __init__(
        self,
        deals: int = 100,
        seed: int = 0,
        boldness: float = 0.0,
        phases: tuple[str, ...] = ("declare", "play"),
    ) -> None:
        super().__init__(boldness)
        deals, seed = whole("deals", deals, 2, BotError), whole("seed", seed, 0, BotError)
        unknown = set(phases) - set(PHASES)
        if unknown or not phases:
            raise BotError(f"phases must name some of {', '.join(PHASES)}, got {phases!r}")
        self.deals, self.seed, self.phases = deals, seed, tuple(phases)

    def choose(self, game: Game) -> str:
        """The heuristic bot's action, unless sampled play-outs show a better one."""
        usual = super().choose(game)
        if game.phase not in self.phases or game.pending_renege is not None:
            return usual
        if len(game.legal_actions()) < 2:
            return usual
        point = decision_point_now(game)
        if compiled():
            from .hidden import choice_chips
        else:  # no NumPy or Numba (the course in the browser): the same, in plain Python
            from .plain_hidden import choice_chips
        sampled = choice_chips(point, point.options, self.deals, self.seed * 7919 + game.seed)
        if sampled.used < 2:
            return usual
        chips = sampled.chips
        mine = _index(point.options, usual, game)
        if hasattr(chips, "shape"):
            best = int(chips.mean(axis=0).argmax())
            lead = chips[:, best] - chips[:, mine]
            sure = lead.mean() - Z95 * lead.std(ddof=1) / math.sqrt(len(lead)) > 0
            return point.options[best] if sure else usual
        means = [sum(column) / len(column) for column in zip(*chips, strict=True)]
        best = means.index(max(means))
        lead = mean_interval([row[best] - row[mine] for row in chips])
        return point.options[best] if lead.low > 0 else usual

    def __repr__(self) -> str:
        return (
            f"SamplingBot(deals={self.deals!r}, seed={self.seed!r}, "
            f"boldness={self.boldness!r}, phases={self.phases!r})"
        )


def _index(options: tuple[str, ...], action: str, game: Game) -> int:
    """The place of `action` among `options`, whatever order its cards are written in."""
    key = read_action(action, game.players)
    for j, option in enumerate(options):
        read = read_action(option, game.players)
        if (read.kind, frozenset(read.cards), read.take) == (
            key.kind,
            frozenset(key.cards),
            key.take,
        ):
            return j
    raise BotError(f"{action!r} is not among the legal actions {options}")
