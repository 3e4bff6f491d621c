"""Counting settled hands, compiled: one pass over a chunk's money by hand fills every count of a Tally.

`count_hands` reads the per-hand arrays `settle_hands` filled and adds, per seat, the hands
played, bourréd and won, the chips in and out and their squares; per position from the
dealer's left, the wins and plays; the tricks each seat took when it played; and the pot's
size. `summary.Tally.of_hands` turns the counts into a Tally. One loop rather than a dozen
NumPy reductions: under 0.1 microseconds a hand instead of about 0.5, next to about one
for playing the hand.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit

__all__ = ["RUN_FIELDS", "SEAT_ROWS", "count_hands"]

SEAT_ROWS = (
    "played",
    "bourred",
    "wins",
    "antes",
    "payments",
    "taken",
    "net",
    "rather_pass",
    "wins_by_position",
    "played_by_position",
    "net_squares",
)
"""The rows of `count_hands`'s per-seat counts, in order."""
RUN_FIELDS = ("splits", "all_passed", "pot_sum", "pot_max", "net_max")
"""The entries of `count_hands`'s whole-run counts, in order (net_max: the largest |net|)."""

PLAYED, BOURRED, WINS, ANTES, PAYMENTS, TAKEN, NET, RATHER_PASS = range(8)
WINS_BY_POSITION, PLAYED_BY_POSITION, NET_SQUARES = range(8, 11)
SPLITS, ALL_PASSED, POT_SUM, POT_MAX, NET_MAX = range(5)


@jit
def count_hands(
    n: int,
    second_ante: bool,
    dealer: np.ndarray,
    winner: np.ndarray,
    split: np.ndarray,
    all_passed: np.ndarray,
    pot_played: np.ndarray,
    taken: np.ndarray,
    antes: np.ndarray,
    payments: np.ndarray,
    played: np.ndarray,
    bourred: np.ndarray,
    tricks: np.ndarray,
    seats: np.ndarray,
    tricks_taken: np.ndarray,
    pot_sizes: np.ndarray,
    run: np.ndarray,
) -> None:
    """Add the counts of every hand to `seats` (SEAT_ROWS x n), `tricks_taken` (n x 6),
    `pot_sizes` (bucket b: pots of 2**(b-1) to 2**b - 1 chips) and `run` (RUN_FIELDS)."""
    for h in range(dealer.shape[0]):
        d = np.int64(dealer[h])
        w = np.int64(winner[h])
        run[SPLITS] += split[h]
        run[ALL_PASSED] += all_passed[h]
        pot = np.int64(pot_played[h])
        run[POT_SUM] += pot
        run[POT_MAX] = max(run[POT_MAX], pot)
        bucket = 0
        while pot > 0:
            bucket += 1
            pot >>= 1
        pot_sizes[bucket] += 1
        for p in range(n):
            position = (p - d - 1 + 2 * n) % n
            gain = np.int64(taken[h]) if p == w else np.int64(0)
            paid = np.int64(payments[h, p])
            net = gain - np.int64(antes[h, p]) - paid
            seats[ANTES, p] += antes[h, p]
            seats[PAYMENTS, p] += paid
            seats[TAKEN, p] += gain
            seats[NET, p] += net
            seats[NET_SQUARES, p] += net * net
            run[NET_MAX] = max(run[NET_MAX], abs(net))
            if p == w:
                seats[WINS, p] += 1
                seats[WINS_BY_POSITION, position] += 1
            if played[h, p]:
                seats[PLAYED, p] += 1
                seats[PLAYED_BY_POSITION, position] += 1
                tricks_taken[p, tricks[h, p]] += 1
                # a second ante matters only to a player who does not take the pot
                if gain - paid - (1 if second_ante else 0) < 0:
                    seats[RATHER_PASS, p] += 1
            if bourred[h, p]:
                seats[BOURRED, p] += 1
