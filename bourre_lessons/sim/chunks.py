"""One chunk of a fast-core session: played on any worker, then settled in the order of the hands.

The card play of a chunk depends only on its seed, so chunks can be played anywhere. The
chips cannot: each hand's antes and payments depend on the pot carried in and on who skips
an ante, so the settlement walks the hands in order. Two ways to bring a chunk home:

* kept hands (`summary=False`): the worker sends back what the card play produced (who
  played, tricks, the turned card; 11 bytes a hand at five seats) and the caller settles
  the whole session at the end, as one run;
* summary (`summary=True`): the worker settles the chunk itself. Before the first hand
  whose pot is emptied -- a winner takes it, and no bourré payment stays in it -- the chips
  depend on the chunk before; from the hand after it they do not. So the worker counts that
  tail into a `Tally` and sends back only the few hands before it, which the caller settles
  with the true pot and ante skips carried in (`SessionTally.add`). A chunk comes home as a
  few kilobytes, whatever the executor, and the counts equal one serial pass exactly.

A chunk's seed comes from the run's seed and the chunk's number only (`chunk_seed`), and its
seats are the built-in bots as the fast core reads them (`fast_seats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .bots import Bot, HeuristicBot, RandomBot
from .fast.hand import (
    MoneyByHand,
    Outcomes,
    Seats,
    new_log,
    new_outcomes,
    play_chunk,
    settle_hands,
)
from .fast.policy import HEURISTIC, RANDOM
from .fast.switches import BOURRE_PAID_TO, BOURRE_PAID_TO_IS_WINNER
from .summary import Tally

__all__ = [
    "ChunkJob",
    "ChunkTally",
    "SessionTally",
    "chunk_seed",
    "fast_kind",
    "fast_seats",
    "new_money",
    "play_chunk_job",
    "settle_from_start",
]


def chunk_seed(seed: int, chunk: int) -> np.uint64:
    """The seed of one chunk: derived from the run's seed and the chunk's number only."""
    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    return sequence.generate_state(1, dtype=np.uint64)[0]


def fast_kind(bot: Bot) -> int | None:
    """The fast core's code for a built-in bot, or None for a bot it cannot run."""
    if type(bot) is RandomBot:
        return RANDOM
    if type(bot) is HeuristicBot:
        return HEURISTIC
    return None


def fast_seats(bots: Sequence[Bot]) -> Seats:
    """The built-in bots of a table as the fast core reads them: each one's policy and its
    boldness (`HeuristicBot.boldness`, 0 for the random bot)."""
    kinds = [fast_kind(b) for b in bots]
    if any(k is None for k in kinds):
        raise ValueError("the fast core runs the built-in bots only: 'heuristic' or 'random'")
    return Seats(
        kinds=np.array(kinds, dtype=np.int64),
        boldness=np.array([getattr(b, "boldness", 0.0) for b in bots], dtype=np.float64),
    )


class ChunkJob(NamedTuple):
    """One chunk to play: hands first .. first + count - 1 at a table of `players`."""

    players: int
    first: int
    count: int
    rules: np.ndarray  # the encoded rules (fast.encode_rules)
    seats: Seats
    seed: np.uint64
    second_ante: bool  # Rules.pays_second_ante, for the "rather pass" count
    summary: bool


class ChunkTally(NamedTuple):
    """A chunk settled by its worker: the hands up to the first emptied pot, raw, and the rest
    counted (None when no hand of the chunk emptied the pot)."""

    head: Outcomes
    tail: Tally | None
    skip: np.ndarray  # seats that put in no ante in the hand after the chunk


def play_chunk_job(job: ChunkJob) -> tuple[int, Outcomes | ChunkTally]:
    """Play one chunk (a module-level function, so process pools and Dask can pickle it);
    returns the fast core's error code and the chunk's outcomes or tally."""
    n, count = job.players, job.count
    outcomes = new_outcomes(count, n)
    error = int(play_chunk(n, job.first, job.rules, job.seats, job.seed, outcomes, new_log()))
    if error or not job.summary:
        return error, outcomes
    # settle from an empty pot: wrong before the first emptied pot, exact after it
    money = new_money(count, n)
    skip = np.zeros(n, dtype=np.bool_)
    settle_hands(n, job.rules, outcomes, job.first % n, 0, skip, _bankrolls(n), money)
    to_winner = job.rules[BOURRE_PAID_TO] == BOURRE_PAID_TO_IS_WINNER
    emptied = (money.winner >= 0) & (to_winner | ~money.bourred.any(axis=1))
    if not emptied.any():
        return error, ChunkTally(outcomes, None, skip)
    k = int(np.argmax(emptied)) + 1  # hands 0 .. k-1 go home raw
    head = Outcomes(*(part[:k] for part in outcomes))
    rest = MoneyByHand(*(part[k:] for part in money))
    tail = Tally.of_hands(rest, outcomes.tricks[k:], n, job.second_ante)
    return error, ChunkTally(head, tail, skip)


class SessionTally:
    """The counts of a session so far, taking its chunks in order (`add`)."""

    def __init__(self, players: int, rules: np.ndarray, second_ante: bool) -> None:
        self.players = players
        self.rules = rules
        self.second_ante = second_ante
        self.tally = Tally.empty(players)
        self.skip = np.zeros(players, dtype=np.bool_)  # no ante skipped in the first hand

    def add(self, job: ChunkJob, chunk: ChunkTally) -> None:
        """Settle the chunk's raw hands with the pot and skips carried in, and count it."""
        n, head = self.players, chunk.head
        count = head.declared.shape[0]
        money = new_money(count, n)
        pot = settle_hands(
            n,
            self.rules,
            head,
            job.first % n,
            self.tally.last_pot,
            self.skip,
            _bankrolls(n),
            money,
        )
        self.tally += Tally.of_hands(money, head.tricks, n, self.second_ante)
        if chunk.tail is None:
            return  # the whole chunk was settled here; self.skip is already its last hand's
        if pot != 0:
            raise RuntimeError(
                f"hand {job.first + count - 1} should have emptied the pot but left {pot} chips"
            )
        self.tally += chunk.tail
        self.skip = chunk.skip.copy()


def new_money(hands: int, players: int) -> MoneyByHand:
    """Zeroed room for the money of `hands` hands (filled by `settle_hands`)."""
    per_seat = (hands, players)
    return MoneyByHand(
        dealer=np.zeros(hands, dtype=np.int8),
        pot_before=np.zeros(hands, dtype=np.int64),
        pot_played=np.zeros(hands, dtype=np.int64),
        pot_after=np.zeros(hands, dtype=np.int64),
        winner=np.zeros(hands, dtype=np.int8),
        split=np.zeros(hands, dtype=np.bool_),
        all_passed=np.zeros(hands, dtype=np.bool_),
        taken=np.zeros(hands, dtype=np.int64),
        antes=np.zeros(per_seat, dtype=np.int8),  # at most 8 antes + a second ante
        payments=np.zeros(per_seat, dtype=np.int64),
        played=np.zeros(per_seat, dtype=np.bool_),
        bourred=np.zeros(per_seat, dtype=np.bool_),
    )


def settle_from_start(
    players: int, rules: np.ndarray, outcomes: Outcomes, bankrolls: np.ndarray
) -> MoneyByHand:
    """Settle a whole session from its first hand (seat 0 deals, empty pot, every ante paid);
    `bankrolls` is updated in place."""
    money = new_money(outcomes.turned.shape[0], players)
    skip = np.zeros(players, dtype=np.bool_)
    settle_hands(players, rules, outcomes, 0, 0, skip, bankrolls, money)
    return money


def _bankrolls(players: int) -> np.ndarray:
    """Scratch bankrolls: a tally reads each seat's chips from its net, not from these."""
    return np.zeros(players, dtype=np.int64)
