"""`chips_of` settles each distinct way a hand ended once and hands the result to every hand
that ended that way: it must agree, hand by hand, with settling every hand on its own."""

from __future__ import annotations

import numpy as np
import pytest

from bourre_lessons.rules import PRESETS
from bourre_lessons.settle import settle
from bourre_lessons.sim.hand_chips import _alike_rows, chips_of


def _ended_hands(count: int, players: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """`count` random ends of hands: who played (0 passed, 1 said play, 2 dealer alone) and
    the five tricks shared among those who played."""
    rng = np.random.default_rng(seed)
    declared = rng.integers(0, 3, size=(count, players))
    tricks = np.zeros((count, players), dtype=np.int64)
    for row in range(count):
        seats_in = np.nonzero(declared[row])[0]
        for _ in range(5 if len(seats_in) else 0):
            tricks[row, rng.choice(seats_in)] += 1
    return declared, tricks


def _one_by_one(declared, tricks, you, pot, due, rules) -> list[int]:
    """Each hand settled on its own, with the second antes still owed added to the pot."""
    chips = []
    for said, took in zip(declared.tolist(), tricks.tolist(), strict=True):
        second = [
            s == 1 and bool(d) and rules.pays_second_ante
            for s, d in zip(said, due.tolist(), strict=True)
        ]
        players_in = {seat: took[seat] for seat, s in enumerate(said) if s}
        if not players_in:
            chips.append(-int(second[you]))
            continue
        result = settle(pot + sum(second), players_in, rules)
        chips.append(result.net(you) - int(second[you]))
    return chips


@pytest.mark.parametrize("preset", ["pagat", "glimne", "wikipedia"])
@pytest.mark.parametrize("players", [3, 5, 8])
def test_chips_agree_with_settling_every_hand_alone(preset: str, players: int) -> None:
    declared, tricks = _ended_hands(600, players, seed=players)
    due = np.arange(players) % 2 == 0
    rules = PRESETS[preset]
    found = chips_of(declared, tricks, 1, 6, due, rules)["chips"]
    assert found.tolist() == _one_by_one(declared, tricks, 1, 6, due, rules)


def test_alike_rows_groups_rows_by_their_whole_content() -> None:
    rows = np.array([[0, 5, 1], [0, 5, 1], [1, 0, 4], [0, 5, 2], [1, 0, 4]])
    alike, which = _alike_rows(rows)
    assert [alike[w].tolist() for w in which] == rows.tolist()
    assert len(alike) == 3


def test_alike_rows_still_right_when_rows_are_too_wide_for_one_number() -> None:
    """Columns whose spans multiply past 2**62 fall back to comparing rows whole."""
    rows = np.array([[0, 10**6, 7] * 4, [0, 10**6, 7] * 4, [10**6, 0, 3] * 4])
    alike, which = _alike_rows(rows)
    assert [alike[w].tolist() for w in which] == rows.tolist()
    assert len(alike) == 2


def test_no_hands_no_rows() -> None:
    alike, which = _alike_rows(np.zeros((0, 6), dtype=np.int64))
    assert alike.shape == (0, 6) and which.shape == (0,)
