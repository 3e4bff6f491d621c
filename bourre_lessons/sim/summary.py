"""A simulated session counted rather than kept: memory that does not grow with the hands.

`simulate(..., summary=True)` settles each chunk of hands as it comes in, counts it into a
`Tally` (counts, sums and histograms, by seat and by position at the table) and lets the
chunk's per-hand arrays go. Tallies add exactly (whole numbers only) and the addition is
associative, so a run cut into chunks and played on any executor counts the same as one
serial pass, and `SimulationResult.summarize()` gives the very same figures from the arrays.

The figures a learner reads off a session (win rate by seat, bourré rate, chips per hand
with a 95% interval, the pot) are methods of `SimulationSummary`, which a `SimulationResult`
answers too.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Protocol

import numpy as np

from ..rules import Rules
from ..text import ReadsAsText
from .estimates import Estimate, normal_interval, wilson
from .fast.tally import RUN_FIELDS, SEAT_ROWS, count_hands

__all__ = ["POT_SIZES", "SessionFacts", "SettledHands", "SimulationSummary", "Tally"]

POT_SIZES = 64
"""Buckets of the pot histogram: bucket 0 is an empty pot, bucket b >= 1 holds the pots of
2**(b-1) to 2**b - 1 chips (so 64 buckets hold any int64 pot)."""


class SettledHands(Protocol):
    """Settled hands as arrays, one row a hand: a `fast.hand.MoneyByHand` or a `SimulationResult`."""

    dealer: np.ndarray
    winner: np.ndarray
    split: np.ndarray
    all_passed: np.ndarray
    pot_played: np.ndarray
    pot_after: np.ndarray
    taken: np.ndarray
    antes: np.ndarray
    payments: np.ndarray
    played: np.ndarray
    bourred: np.ndarray


@dataclass(frozen=True, eq=False)
class Tally:
    """Whole-number counts of consecutive hands at one table; `a + b` counts a's hands then b's.

    Per seat (arrays of length players): played, bourred (played, took no trick), wins (took
    the pot), antes, payments (bourré payments), taken (chips taken out of the pot), net
    (taken - antes - payments), rather_pass (plays that cost more than passing would have);
    net_squares -- the sum of net**2 per seat, as Python integers (for intervals). By
    position from the dealer's left (the last is the dealer): wins_by_position,
    played_by_position. tricks_taken[seat, t] -- hands the seat played and took t tricks.
    pot_sizes -- hands by the size of the pot at the end of play (see POT_SIZES). Whole run:
    hands, splits, all_passed, pot_sum (the pot at the end of play, summed), pot_max,
    last_pot (the pot carried out of the last hand).
    """

    players: int
    hands: int
    splits: int
    all_passed: int
    pot_sum: int
    pot_max: int
    last_pot: int
    played: np.ndarray
    bourred: np.ndarray
    wins: np.ndarray
    antes: np.ndarray
    payments: np.ndarray
    taken: np.ndarray
    net: np.ndarray
    rather_pass: np.ndarray
    wins_by_position: np.ndarray
    played_by_position: np.ndarray
    net_squares: tuple[int, ...]
    tricks_taken: np.ndarray
    pot_sizes: np.ndarray

    @classmethod
    def empty(cls, players: int) -> Tally:
        """The tally of no hand at all."""
        return cls(
            players=players,
            **dict.fromkeys(_SCALAR_FIELDS, 0),
            **{name: np.zeros(players, dtype=np.int64) for name in _SEAT_FIELDS},
            net_squares=(0,) * players,
            tricks_taken=np.zeros((players, 6), dtype=np.int64),
            pot_sizes=np.zeros(POT_SIZES, dtype=np.int64),
        )

    @classmethod
    def of_hands(
        cls, hands: SettledHands, tricks: np.ndarray, players: int, second_ante: bool
    ) -> Tally:
        """Count settled hands (rows of `hands`, tricks per hand and seat in `tricks`)."""
        count = int(hands.dealer.shape[0])
        if count == 0:
            return cls.empty(players)
        seats = np.zeros((len(SEAT_ROWS), players), dtype=np.int64)
        tricks_taken = np.zeros((players, 6), dtype=np.int64)
        pot_sizes = np.zeros(POT_SIZES, dtype=np.int64)
        run = np.zeros(len(RUN_FIELDS), dtype=np.int64)
        count_hands(
            players,
            second_ante,
            hands.dealer,
            hands.winner,
            hands.split,
            hands.all_passed,
            hands.pot_played,
            hands.taken,
            hands.antes,
            hands.payments,
            hands.played,
            hands.bourred,
            tricks,
            seats,
            tricks_taken,
            pot_sizes,
            run,
        )
        by_seat = dict(zip(SEAT_ROWS, seats, strict=True))
        totals = dict(zip(RUN_FIELDS, (int(x) for x in run), strict=True))
        squares = by_seat.pop("net_squares")
        wide = totals.pop("net_max") ** 2 * count >= 1 << 62  # int64 sums may have wrapped
        return cls(
            players=players,
            hands=count,
            last_pot=int(hands.pot_after[-1]),
            net_squares=_exact_squares(hands) if wide else tuple(int(x) for x in squares),
            tricks_taken=tricks_taken,
            pot_sizes=pot_sizes,
            **totals,
            **by_seat,
        )

    def __add__(self, later: Tally) -> Tally:
        """The tally of this run's hands followed by `later`'s (exact; associative)."""
        if not isinstance(later, Tally) or later.players != self.players:
            raise ValueError("only tallies of the same table size add up")
        summed: dict[str, Any] = {
            name: getattr(self, name) + getattr(later, name) for name in _ADDED_FIELDS
        }
        return Tally(
            players=self.players,
            pot_max=max(self.pot_max, later.pot_max),
            last_pot=later.last_pot if later.hands else self.last_pot,
            net_squares=tuple(
                a + b for a, b in zip(self.net_squares, later.net_squares, strict=True)
            ),
            **summed,
        )

    def __eq__(self, other: object) -> bool:
        """Equal counts in every field."""
        if not isinstance(other, Tally):
            return NotImplemented
        return all(
            np.array_equal(getattr(self, f.name), getattr(other, f.name)) for f in fields(self)
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The tally as plain JSON values (whole numbers and lists of them)."""
        return {
            f.name: (
                getattr(self, f.name).tolist()
                if isinstance(getattr(self, f.name), np.ndarray)
                else (list(self.net_squares) if f.name == "net_squares" else getattr(self, f.name))
            )
            for f in fields(self)
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        """Read a tally written by `to_json`; raise ValueError when it is not one."""
        try:
            players = int(data["players"])
            tally = cls(
                players=players,
                **{name: int(data[name]) for name in _SCALAR_FIELDS},
                **{name: np.asarray(data[name], dtype=np.int64) for name in _ARRAY_FIELDS},
                net_squares=tuple(int(x) for x in data["net_squares"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a tally of simulated hands ({error!r})") from None
        seats = [getattr(tally, name).shape for name in _SEAT_FIELDS]
        if (
            any(shape != (players,) for shape in seats)
            or len(tally.net_squares) != players
            or tally.tricks_taken.shape != (players, 6)
            or tally.pot_sizes.shape != (POT_SIZES,)
        ):
            raise ValueError(f"a tally of {players} seats needs one count per seat in each field")
        return tally


_SEAT_FIELDS = tuple(row for row in SEAT_ROWS if row != "net_squares")
"""The per-seat counts kept as int64 arrays: the compiled count's rows, less the squares (kept
as exact Python integers)."""
_SCALAR_FIELDS = ("hands", "splits", "all_passed", "pot_sum", "pot_max", "last_pot")
_ARRAY_FIELDS = (*_SEAT_FIELDS, "tricks_taken", "pot_sizes")
_ADDED_FIELDS = (*_ARRAY_FIELDS, "hands", "splits", "all_passed", "pot_sum")


def _exact_squares(hands: SettledHands) -> tuple[int, ...]:
    """Each seat's sum of net**2 in Python integers (for chip swings past int64's reach)."""
    net = -hands.antes.astype(object) - hands.payments.astype(object)
    for h in np.nonzero(hands.winner >= 0)[0]:
        net[h, hands.winner[h]] += int(hands.taken[h])
    return tuple(int(x) for x in (net * net).sum(axis=0))


@dataclass(frozen=True)
class SessionFacts(ReadsAsText):
    """What a simulated session was played with: the rules, the seats, the seed, each seat's
    bot by name, the engine ('fast' or 'readable') and every seat's starting chips. Both
    kinds of result (`SimulationSummary`, `result.SimulationResult`) begin with these."""

    rules: Rules
    players: int
    seed: int
    bots: tuple[str, ...]
    engine: str
    bankroll: int

    def to_text(self) -> str:
        """The session in a few plain lines (`summary()`)."""
        return self.summary()  # type: ignore[attr-defined]


@dataclass(frozen=True)
class SimulationSummary(SessionFacts):
    """A simulated session as counts (`tally`), with the figures a learner reads off it.

    Seats are numbered 0 to players - 1 clockwise; seat 0 deals the first hand. The same
    seed gives the same summary whatever the executor, and the same figures as the per-hand
    `SimulationResult` of that seed.
    """

    tally: Tally

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return self.tally.hands

    @property
    def bankrolls(self) -> np.ndarray:
        """Each seat's chips after the last hand (they start at `bankroll`)."""
        return self.bankroll + self.tally.net

    @property
    def pot(self) -> int:
        """The pot carried out of the last hand."""
        return self.tally.last_pot

    @property
    def chips(self) -> int:
        """Bankrolls plus the pot after the last hand: always players * bankroll."""
        return int(self.bankrolls.sum()) + self.pot

    def mean_pot(self) -> float:
        """The mean pot at the end of play (what a winner takes and a bourré costs)."""
        return self.tally.pot_sum / self.hands if self.hands else 0.0

    def win_rate_by_seat(self) -> np.ndarray:
        """Share of hands each seat took the pot."""
        return self.tally.wins / max(self.hands, 1)

    def bourre_rate(self) -> float:
        """Share of played seats that were bourréd (took no trick)."""
        played = int(self.tally.played.sum())
        return float(self.tally.bourred.sum()) / played if played else 0.0

    def chips_per_hand(self, seat: int) -> Estimate:
        """Chips the seat won or lost per hand, with its 95% normal interval."""
        n = self.hands
        if n == 0:
            raise ValueError("no hand was played: chips per hand need at least one")
        seat = _check_seat(seat, self.players)
        total, squares = int(self.tally.net[seat]), self.tally.net_squares[seat]
        # the sample variance, in whole numbers until the one division
        variance = (n * squares - total * total) / (n * (n - 1)) if n > 1 else 0.0
        return normal_interval(total / n, variance, n)

    def win_share(self, seat: int) -> Estimate:
        """Share of hands the seat took the pot, with its 95% Wilson score interval."""
        if self.hands == 0:
            raise ValueError("no hand was played: a share needs at least one")
        return wilson(int(self.tally.wins[_check_seat(seat, self.players)]), self.hands)

    def summary(self) -> str:
        """A few plain lines: hands, pot, wins, bourrés, bankrolls."""
        n = max(self.hands, 1)
        lines = [
            f"{self.hands} hands, {self.players} players, {self.rules.source} rules, bots: "
            f"{', '.join(self.bots)} ({self.engine} engine, seed {self.seed})",
            f"mean pot at the end of play: {self.mean_pot():.2f}"
            if self.hands
            else "no hands played",
            f"split pots: {self.tally.splits / n:.1%}, everyone passed: "
            f"{self.tally.all_passed / n:.1%}, bourré rate per player who played: "
            f"{self.bourre_rate():.1%}",
            "bankrolls: " + " ".join(str(int(b)) for b in self.bankrolls),
        ]
        return "\n".join(lines)


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
        raise ValueError(f"seat must be a whole number from 0 to {players - 1}, got {seat!r}")
    return int(seat)
