"""Every hand of a simulated session, kept as NumPy arrays (what `simulate` returns by default).

A `SimulationResult` answers every question a `summary.SimulationSummary` answers (win rates,
bourré rate, mean pot, chips per hand and win share with their intervals, the text summary),
from the same counts (`summarize()`), so code written for one works on the other; only the
per-hand questions (`net`, `bankroll_history()`, the arrays) need the kept hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .estimates import Estimate
from .summary import SessionFacts, SimulationSummary, Tally

__all__ = ["SimulationResult"]


@dataclass(frozen=True)
class SimulationResult(SessionFacts):
    """Every hand of a simulated session, as NumPy arrays (one row per hand, seats as columns).

    What it was played with: the fields of `SessionFacts` (rules, players, seed, bots,
    engine, bankroll). Seats are numbered 0 to players - 1 clockwise; seat 0 deals the first
    hand, and the deal passes to the left (hand h is dealt by seat h mod players).

    Per hand and seat, shape (hands, players):
      played   -- the seat played the hand (said play, or took the pot as the only one left).
      tricks   -- tricks taken (5 for a player who took the pot without play).
      bourred  -- played and took no trick.
      antes    -- chips put in before the settlement: the ante (all of them for a dealer who
                  antes for the table) plus a second ante where the rules ask for one.
      payments -- bourré payments into the pot.
      net      -- chips won (positive) or lost: taken - antes - payments (computed on first use).
    Per hand, shape (hands,):
      dealer     -- the dealer's seat.
      turned     -- the turned card (bit number, i.e. its position in DECK).
      winner     -- the seat that took the pot, or -1 (split pot, or everyone passed).
      split      -- two or more players tied for most tricks; the pot stays.
      all_passed -- nobody played; the pot stays.
      pot_before -- the pot carried in, before the antes.
      pot_played -- the pot at the end of play (after antes and second antes): what a winner
                    takes (up to a pot limit) and what a bourré costs.
      taken      -- chips the winner took out of the pot (0 without a winner).
      pot_after  -- the pot carried to the next hand.
    Whole session:
      bankrolls -- each seat's chips after the last hand (they start at `bankroll`).
    """

    dealer: np.ndarray
    turned: np.ndarray
    played: np.ndarray
    tricks: np.ndarray
    winner: np.ndarray
    split: np.ndarray
    all_passed: np.ndarray
    bourred: np.ndarray
    pot_before: np.ndarray
    pot_played: np.ndarray
    taken: np.ndarray
    pot_after: np.ndarray
    antes: np.ndarray
    payments: np.ndarray
    bankrolls: np.ndarray

    @cached_property
    def net(self) -> np.ndarray:
        """Chips each seat won (positive) or lost per hand: taken - antes - payments."""
        net = -self.antes - self.payments
        won = np.nonzero(self.winner >= 0)[0]
        net[won, self.winner[won]] += self.taken[won]
        return net

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return int(self.dealer.shape[0])

    @property
    def chips(self) -> int:
        """Bankrolls plus the pot after the last hand: always players * bankroll."""
        pot = int(self.pot_after[-1]) if self.hands else 0
        return int(self.bankrolls.sum()) + pot

    def bankroll_history(self) -> np.ndarray:
        """Each seat's chips before the first hand and after every hand, shape (hands + 1, players)."""
        start = np.full((1, self.players), self.bankroll, dtype=np.int64)
        return np.vstack([start, self.bankroll + np.cumsum(self.net, axis=0)])

    def win_rate_by_seat(self) -> np.ndarray:
        """Share of hands each seat took the pot."""
        wins = np.bincount(self.winner[self.winner >= 0], minlength=self.players)
        return wins / max(self.hands, 1)

    def bourre_rate(self) -> float:
        """Share of played seats that were bourréd (took no trick)."""
        played = int(self.played.sum())
        return float(self.bourred.sum()) / played if played else 0.0

    def summarize(self) -> SimulationSummary:
        """The same session as counts: what `simulate(..., summary=True)` returns for it."""
        return self._summary

    @cached_property
    def _summary(self) -> SimulationSummary:
        tally = Tally.of_hands(self, self.tricks, self.players, self.rules.pays_second_ante)
        return SimulationSummary(
            self.rules, self.players, self.seed, self.bots, self.engine, self.bankroll, tally
        )

    def mean_pot(self) -> float:
        """The mean pot at the end of play (as `SimulationSummary.mean_pot`)."""
        return self._summary.mean_pot()

    def chips_per_hand(self, seat: int) -> Estimate:
        """Chips the seat won or lost per hand, with its 95% interval (as the summary's)."""
        return self._summary.chips_per_hand(seat)

    def win_share(self, seat: int) -> Estimate:
        """Share of hands the seat took the pot, with its 95% interval (as the summary's)."""
        return self._summary.win_share(seat)

    def summary(self) -> str:
        """A few plain lines: hands, pot, wins, bourrés, bankrolls."""
        return self._summary.summary()
