"""What one seat's choice brought it in each simulated hand, settled by the engine's `settle`.

The advisor and the coach play many hands out from one decision and ask, hand by hand, what
the seat gained or paid from that moment on: the pot taken, a bourré paid, a second ante
still to pay. The money is the readable engine's (`settle.settle`, with the rules' second
ante, `Rules.pays_second_ante`): the hands that end alike (the same players in, the same
tricks) are settled once each, so thousands of hands cost a few hundred settlements.
"""

from __future__ import annotations

import numpy as np

from ..rules import Rules
from ..settle import settle
from .fast.hand import SAID_PLAY

__all__ = ["chips_of"]

OUTCOMES = ("win", "bourre", "split", "chips")
"""What `chips_of` reports of each hand, in the order of its columns."""


def chips_of(
    declared: np.ndarray,
    tricks: np.ndarray,
    you: int,
    pot_now: int,
    due: np.ndarray,
    rules: Rules,
) -> dict[str, np.ndarray]:
    """Per simulated hand (rows of `declared` and `tricks`, one column a seat): did seat `you`
    take the pot, was it bourréd, was the pot split, and its chips from now on. `pot_now` is
    the pot at this moment; `due` marks the seats whose second ante (if the rules ask one)
    is not in it yet."""
    players = declared.shape[1]
    rows = np.concatenate([declared, tricks], axis=1).astype(np.int64)
    if rows.shape[0] == 0:
        alike, which = rows, np.zeros(0, dtype=np.int64)
    else:
        alike, which = np.unique(rows, axis=0, return_inverse=True)
    settled = [
        _seat_outcome(row[:players], row[players:], you, pot_now, due, rules) for row in alike
    ]
    table = np.array(settled, dtype=np.float64).reshape(len(settled), len(OUTCOMES))
    per_hand = table[np.asarray(which).reshape(-1)]
    found = {name: per_hand[:, i] for i, name in enumerate(OUTCOMES)}
    return {
        "win": found["win"] > 0,
        "bourre": found["bourre"] > 0,
        "split": found["split"] > 0,
        "chips": found["chips"],
    }


def _seat_outcome(
    declared: np.ndarray, tricks: np.ndarray, you: int, pot_now: int, due: np.ndarray, rules: Rules
) -> tuple[bool, bool, bool, int]:
    """(took the pot, bourréd, split, chips from now on) of seat `you` in one hand."""
    second = (declared == SAID_PLAY) & due & rules.pays_second_ante
    players_in = {seat: int(tricks[seat]) for seat in np.nonzero(declared)[0].tolist()}
    if not players_in:
        return False, False, False, -int(second[you])
    result = settle(pot_now + int(second.sum()), players_in, rules)
    return (
        result.winner == you,
        you in result.bourred,
        you in result.tied,
        result.net(you) - int(second[you]),
    )
