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
    alike, which = _alike_rows(rows)
    owes = [bool(d) and rules.pays_second_ante for d in np.asarray(due).tolist()]
    settled = [
        _seat_outcome(row[:players], row[players:], you, pot_now, owes, rules)
        for row in alike.tolist()
    ]
    table = np.array(settled, dtype=np.float64).reshape(len(settled), len(OUTCOMES))
    per_hand = table[which]
    found = {name: per_hand[:, i] for i, name in enumerate(OUTCOMES)}
    return {
        "win": found["win"] > 0,
        "bourre": found["bourre"] > 0,
        "split": found["split"] > 0,
        "chips": found["chips"],
    }


def _alike_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct rows, for each row the place of its distinct row): rows of small whole
    numbers read as one number each (a digit a column), so sorting them is a sort of numbers."""
    if rows.shape[0] == 0:
        return rows, np.zeros(0, dtype=np.int64)
    low = rows.min(axis=0)
    try:
        keys = np.ravel_multi_index(tuple((rows - low).T), tuple(rows.max(axis=0) - low + 1))
    except ValueError:  # too many digits for one number: compare the rows whole
        alike, which = np.unique(rows, axis=0, return_inverse=True)
        return alike, np.asarray(which).reshape(-1)
    _, first, which = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], which


def _seat_outcome(
    declared: list[int], tricks: list[int], you: int, pot_now: int, owes: list[bool], rules: Rules
) -> tuple[bool, bool, bool, int]:
    """(took the pot, bourréd, split, chips from now on) of seat `you` in one hand; `owes`
    marks the seats whose second ante is still to pay if they play."""
    second = [said == SAID_PLAY and owe for said, owe in zip(declared, owes, strict=True)]
    players_in = {seat: tricks[seat] for seat, said in enumerate(declared) if said}
    if not players_in:
        return False, False, False, -int(second[you])
    result = settle(pot_now + sum(second), players_in, rules)
    return (
        result.winner == you,
        you in result.bourred,
        you in result.tied,
        result.net(you) - int(second[you]),
    )
