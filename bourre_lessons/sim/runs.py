"""How a run of `simulate` is played: the fast core's chunks, or the readable `Game` hand by hand.

`play_fast` cuts the run into chunks of `CHUNK_HANDS` hands, each with a seed derived from
the run's seed and its number only (`chunk_seed`), plays them here or on an executor
(`jobs.in_order`), and settles or counts them in the order of the hands (`chunks`).
`play_readable` plays the same session through `Game` and `play_bots`, for any bot. Both
call a progress callback as they go and turn Ctrl-C into `Stopped`, which carries the
result of the hands finished so far.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import closing
from dataclasses import dataclass

import numpy as np

from ..game import Game
from ..rules import Rules
from .bots import Bot, RandomBot, play_bots
from .chunks import (
    ChunkJob,
    SessionTally,
    chunk_seed,
    fast_seats,
    play_chunk_job,
    settle_from_start,
)
from .fast import encode_rules
from .fast.bits import card_bit
from .fast.hand import DEALER_ALONE, SAID_PLAY, Outcomes, new_outcomes
from .jobs import in_order
from .result import SimulationResult
from .summary import SimulationSummary, Tally

__all__ = [
    "CHUNK_HANDS",
    "Progress",
    "RunSetup",
    "Stopped",
    "play_fast",
    "play_readable",
    "tell_stopped",
]

CHUNK_HANDS = 1 << 15
"""Hands per chunk; each chunk gets its own seed, so results never depend on the executor."""

Progress = Callable[[int, int], object]
"""A progress callback: called with (hands done, hands in all) at the start and after each
chunk (after each hand on the readable engine); `widgets.progress_bar.ProgressBar` is one.
If it has a `stopped()` method, that is called when Ctrl-C stops the run (`tell_stopped`)."""


@dataclass(frozen=True)
class RunSetup:
    """What every hand of a run shares: rules, seats, bots, seed, bankroll, engine."""

    rules: Rules
    players: int
    bots: tuple[Bot, ...]
    seed: int
    bankroll: int
    engine: str

    def result(self, outcomes: Outcomes) -> SimulationResult:
        """Move the chips hand by hand (settle.settle's rules) and build the result."""
        players = self.players
        bankrolls = np.full(players, self.bankroll, dtype=np.int64)
        money = settle_from_start(players, encode_rules(self.rules, players), outcomes, bankrolls)
        return SimulationResult(
            rules=self.rules,
            players=players,
            seed=self.seed,
            bots=tuple(b.name for b in self.bots),
            engine=self.engine,
            bankroll=self.bankroll,
            turned=outcomes.turned,
            tricks=outcomes.tricks,
            bankrolls=bankrolls,
            **money._asdict(),
        )

    def summary(self, tally: Tally) -> SimulationSummary:
        """The run's counts with what they were counted from."""
        bots = tuple(b.name for b in self.bots)
        return SimulationSummary(
            self.rules, self.players, self.seed, bots, self.engine, self.bankroll, tally
        )


class Stopped(Exception):
    """Ctrl-C reached a run: carries the result of the hands finished before it."""

    def __init__(self, partial: SimulationResult | SimulationSummary) -> None:
        super().__init__("stopped")
        self.partial = partial


# --- the fast core --------------------------------------------------------------------------


def play_fast(
    setup: RunSetup, hands: int, executor: Executor | None, summary: bool, progress: Progress | None
) -> SimulationResult | SimulationSummary:
    """Play the chunks (here or on `executor`) and settle or count them in order."""
    players, rules = setup.players, setup.rules
    rule_vector = encode_rules(rules, players)
    seats = fast_seats(setup.bots)
    jobs = (
        ChunkJob(
            players,
            first,
            min(CHUNK_HANDS, hands - first),
            rule_vector,
            seats,
            chunk_seed(setup.seed, i),
            rules.pays_second_ante,
            summary,
        )
        for i, first in enumerate(range(0, hands, CHUNK_HANDS))
    )
    session = SessionTally(players, rule_vector, rules.pays_second_ante)
    parts: list[Outcomes] = []
    try:
        _tell(progress, 0, hands)
        with closing(in_order(play_chunk_job, jobs, executor)) as runs:
            for job, (error, chunk) in runs:
                if error:
                    raise RuntimeError(
                        "a draw found the stock and every restock source empty; the readable "
                        "engine refuses this position too (GameError)"
                    )
                if summary:
                    session.add(job, chunk)
                else:
                    parts.append(chunk)
                _tell(progress, job.first + job.count, hands)
    except KeyboardInterrupt:
        raise Stopped(
            setup.summary(session.tally) if summary else setup.result(_joined(parts, players))
        ) from None
    return setup.summary(session.tally) if summary else setup.result(_joined(parts, players))


def _tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def tell_stopped(progress: Progress | None) -> None:
    """Let a progress display know the run was stopped (if it has a `stopped()` method)."""
    stopped = getattr(progress, "stopped", None)
    if callable(stopped):
        stopped()


def _joined(parts: list[Outcomes], players: int) -> Outcomes:
    """The outcomes of consecutive chunks as one run."""
    if not parts:
        return new_outcomes(0, players)
    return Outcomes(*(np.concatenate(arrays) for arrays in zip(*parts, strict=True)))


# --- the readable engine ---------------------------------------------------------------------


def play_readable(setup: RunSetup, hands: int, progress: Progress | None) -> SimulationResult:
    """The same session played through `Game` and `play_bots` (any bot; slow)."""
    rules, players, seed = setup.rules, setup.players, setup.seed
    game = Game(rules, players, seed=seed, bankroll=setup.bankroll)
    seats = {
        name: _seeded(bot, seed, i)
        for i, (name, bot) in enumerate(zip(game.players, setup.bots, strict=True))
    }
    outcomes = new_outcomes(hands, players)
    done = 0
    try:
        _tell(progress, 0, hands)
        for h in range(hands):
            if h:
                game.apply("deal")
            play_bots(game, seats)
            _record_hand(game, rules, outcomes, h)
            done = h + 1
            _tell(progress, done, hands)
    except KeyboardInterrupt:
        raise Stopped(setup.result(Outcomes(*(part[:done] for part in outcomes)))) from None
    result = setup.result(outcomes)
    _check_against_game(result, game)
    return result


def _record_hand(game: Game, rules: Rules, outcomes: Outcomes, h: int) -> None:
    """Write the finished hand `h` of `game` as the fast core would have: who played, tricks."""
    record = game.hand_record
    outcomes.turned[h] = card_bit(record.trump_card)
    said = [p for p in record.seats if record.declared.get(p)]
    alone = (
        rules.lone_player_wins
        and not rules.simultaneous_declaration
        and said == [record.dealer]
        and not record.tricks
    )
    for i, name in enumerate(game.players):
        if record.declared.get(name):
            outcomes.declared[h, i] = DEALER_ALONE if alone else SAID_PLAY
    if record.settlement is not None:
        for name, count in record.settlement.tricks.items():
            outcomes.tricks[h, game.players.index(str(name))] = count


def _seeded(bot: Bot, seed: int, seat: int) -> Bot:
    """A built-in random bot gets a seat seed from the run's seed, so reruns agree."""
    if type(bot) is RandomBot and bot.seed is None:
        return RandomBot(seed=seed * 8 + seat)
    return bot


def _check_against_game(result: SimulationResult, game: Game) -> None:
    """The money replayed from the records must match the Game's own chips exactly."""
    expected = np.array([game.bankrolls[p] for p in game.players], dtype=np.int64)
    if result.hands and (
        not np.array_equal(result.bankrolls, expected) or int(result.pot_after[-1]) != game.pot
    ):
        raise RuntimeError(
            f"the chips replayed from the hand records ({result.bankrolls.tolist()}, pot "
            f"{int(result.pot_after[-1])}) differ from the Game's ({expected.tolist()}, pot {game.pot})"
        )
