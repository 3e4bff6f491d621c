"""The cells of a variant sweep: what one is, how it is played, and how finished ones are kept.

A cell is one rule set and a run of whole sessions (`SweepCell`), named by everything that
decides its counts (`SweepCell.key`), so a kept cell is exactly what playing it again would
give. `play_cell` plays it (on any worker) and returns whole-number counts (`CellCounts`).
Finished cells are kept in memory for the life of the Python process (`finished`, `keep`,
`forget_cells`) and, when a results file is named, in that JSON file (`save_results`),
written atomically under a lock so that two notebooks can share it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .. import files
from ..rules import Rules
from .bot_names import resolve_bots
from .bots import Bot
from .chunks import ChunkJob, chunk_seed, fast_kind, fast_seats, play_chunk_job, settle_from_start
from .fast import encode_rules
from .runs import CHUNK_HANDS
from .simulation import simulate
from .summary import Tally

__all__ = [
    "CELL_HANDS",
    "KEPT_CELLS",
    "CellCounts",
    "SweepCell",
    "cell_sessions",
    "finished",
    "forget_cells",
    "keep",
    "play_cell",
    "read_results",
    "record",
    "save_results",
]

CELL_HANDS = 25_000
"""Hands in one cell of a sweep (whole sessions, at least one): few enough to show progress
and lose little work when stopped, enough that handing a cell to a worker (5 to 10
milliseconds on a local Dask cluster on a busy machine) costs little beside playing it
(about 50 ms)."""

KEPT_CELLS = 4096
"""Finished cells kept in memory (the oldest go first); a results file keeps them all."""

_FORMAT = "bourre-lessons sweep cells"
_VERSION = 1


@dataclass(frozen=True)
class SweepCell:
    """One cell of a sweep: sessions `first` .. `last` - 1 of one rule set."""

    rules: Rules
    players: int
    hands: int
    bots: str | Bot
    seed: int
    first: int
    last: int

    @property
    def key(self) -> str:
        """A name for the cell made of everything that decides its counts."""
        seats = [(fast_kind(b), getattr(b, "boldness", 0.0)) for b in self._seats()]
        decided = {
            "rules": dataclasses.asdict(self.rules),
            "players": self.players,
            "hands": self.hands,
            "seats": seats,
            "seed": self.seed,
            "sessions": [self.first, self.last],
        }
        text = json.dumps(decided, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def _seats(self) -> tuple[Bot, ...]:
        return resolve_bots(self.bots, self.players)


@dataclass(frozen=True, eq=False)
class CellCounts:
    """What a cell measured: its hands' tally and the pot summed by hand of the session."""

    tally: Tally
    pot_by_hand: np.ndarray  # int64, shape (hands,)

    def __add__(self, other: CellCounts) -> CellCounts:
        """The counts of both cells' sessions."""
        return CellCounts(self.tally + other.tally, self.pot_by_hand + other.pot_by_hand)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (whole numbers)."""
        return {"tally": self.tally.to_json(), "pot_by_hand": self.pot_by_hand.tolist()}

    @classmethod
    def from_json(cls, data: Any) -> CellCounts:
        """Read counts written by `to_json`; raise ValueError when they are not."""
        if not isinstance(data, dict) or "tally" not in data or "pot_by_hand" not in data:
            raise ValueError("a cell needs a 'tally' and a 'pot_by_hand'")
        return cls(Tally.from_json(data["tally"]), np.asarray(data["pot_by_hand"], dtype=np.int64))


def play_cell(cell: SweepCell) -> CellCounts:
    """Play a cell's sessions (a module-level function, so a process or Dask can run it).

    Session s is `simulate(hands, players, rules, bots, seed=seed * 100_003 + s)`; a session
    that fits in one chunk is played here without simulate()'s checks and result, which cost
    more than a short session's hands."""
    n, hands = cell.players, cell.hands
    rules = encode_rules(cell.rules, n)
    seats = fast_seats(resolve_bots(cell.bots, n))
    second = cell.rules.pays_second_ante
    counts = CellCounts(Tally.empty(n), np.zeros(hands, dtype=np.int64))
    for s in range(cell.first, cell.last):
        seed = cell.seed * 100_003 + s
        if hands > CHUNK_HANDS:
            run = simulate(hands, n, cell.rules, cell.bots, seed=seed)
            counts += CellCounts(run.summarize().tally, run.pot_played.astype(np.int64))
            continue
        job = ChunkJob(n, 0, hands, rules, seats, chunk_seed(seed, 0), second, False)
        error, outcomes = play_chunk_job(job)
        if error:
            raise RuntimeError("a simulated draw found the stock and every restock source empty")
        money = settle_from_start(n, rules, outcomes, np.zeros(n, dtype=np.int64))
        tally = Tally.of_hands(money, outcomes.tricks, n, second)
        counts += CellCounts(tally, money.pot_played)
    return counts


_KEPT: OrderedDict[str, CellCounts] = OrderedDict()


def cell_sessions(hands: int) -> int:
    """Sessions of `hands` hands in one cell: about CELL_HANDS hands, at least one session."""
    return max(1, CELL_HANDS // hands)


def forget_cells() -> None:
    """Drop the finished cells kept in memory (a results file is left as it is)."""
    _KEPT.clear()


# --- kept cells ------------------------------------------------------------------------------


def finished(cells: list[SweepCell], path: Path | None) -> dict[str, CellCounts]:
    """The cells of this sweep already played: kept in memory, or in the results file."""
    on_disk = read_results(path) if path is not None else {}
    found = {}
    for cell in cells:
        key = cell.key
        if key in _KEPT:
            found[key] = _KEPT[key]
        elif key in on_disk:
            found[key] = CellCounts.from_json(on_disk[key]["counts"])
            keep(key, found[key])
    return found


def keep(key: str, counts: CellCounts) -> None:
    _KEPT[key] = counts
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT_CELLS:
        _KEPT.popitem(last=False)


def record(cell: SweepCell, counts: CellCounts) -> dict[str, Any]:
    """A cell as kept in the results file: what it is (to read) and its counts."""
    bots = cell.bots if isinstance(cell.bots, str) else repr(cell.bots)
    about = {"rules": dataclasses.asdict(cell.rules), "players": cell.players}
    about |= {"hands": cell.hands, "bots": bots, "seed": cell.seed}
    about["sessions"] = [cell.first, cell.last]
    return {"cell": about, "counts": counts.to_json()}


def read_results(path: Path) -> dict[str, Any]:
    """The cells in a results file (none when it does not exist yet)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = json.loads(text)
        if data.get("format") != _FORMAT or data.get("version") != _VERSION:
            raise ValueError("not a sweep's results file")
        cells = data["cells"]
        if not isinstance(cells, dict):
            raise ValueError("no table of cells")
    except (ValueError, AttributeError, KeyError) as error:
        raise ValueError(
            f"{path} is not a sweep's results file ({error}); give another results= path, or "
            "move that file away"
        ) from None
    return cells


def save_results(path: Path, cells: dict[str, dict[str, Any]]) -> None:
    """Add cells to the results file: read, merge and write it atomically under its lock."""
    with files.locked(path):
        kept = read_results(path)
        kept.update(cells)
        files.write_json_atomically(path, {"format": _FORMAT, "version": _VERSION, "cells": kept})
