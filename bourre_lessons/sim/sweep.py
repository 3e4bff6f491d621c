"""The variant lab's sweep: many short sessions under several rule sets, played cell by cell.

`sweep` plays `sessions` sessions of `hands` hands under each variant and measures the pot over
the hands of a session, how often a player is bourréd, the win rate by seat (counted from the
dealer's left), how often a seat passes, and how often a player who played would rather have
passed. The pictures are drawn by `bourre_lessons.widgets.charts.variant_charts`.

The work is cut into cells (`sweep_cells`): one variant, about `CELL_HANDS` hands of whole
sessions. A cell is the unit that runs on an executor (a process pool, or Dask's
`Client(...).get_executor()`), and comes home as whole-number counts (a `summary.Tally` and the pot summed by hand of the session), so the
sweep adds them up exactly, in any order. Finished cells are kept: in memory for the life of
the Python process, and in a JSON results file when `results=` names one (written atomically
under a lock, so two notebooks can share it). Stop a sweep with Ctrl-C and run the same call
again: only the missing cells are played. A cell is named by everything that decides it
(rules, table, bots, hands, seed, its sessions), so a kept cell is exactly what playing it
again would give.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from concurrent.futures import Executor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..rules import PRESETS, Rules
from ..text import ReadsAsText
from .bot_names import resolve_bots
from .bots import Bot
from .checks import whole
from .chunks import fast_kind
from .jobs import as_finished
from .runs import Progress, tell_stopped
from .sweep_cells import (
    CELL_HANDS,
    CellCounts,
    SweepCell,
    cell_sessions,
    finished,
    forget_cells,
    keep,
    play_cell,
    record,
    save_results,
)

__all__ = [
    "CELL_HANDS",
    "DEFAULT_VARIANTS",
    "CellCounts",
    "Sweep",
    "SweepCell",
    "SweepInterrupted",
    "cell_sessions",
    "forget_cells",
    "play_cell",
    "sweep",
]

DEFAULT_VARIANTS: dict[str, Rules] = {
    "pagat": PRESETS["pagat"],
    "glimne": PRESETS["glimne"],
    "wikipedia": PRESETS["wikipedia"],
    "pagat, pot limit 10": dataclasses.replace(PRESETS["pagat"], pot_limit=10),
    "pagat, double ante": dataclasses.replace(PRESETS["pagat"], double_ante=True),
    "glimne, no second ante": dataclasses.replace(PRESETS["glimne"], second_ante=False),
    "wikipedia, dealer antes for all": dataclasses.replace(
        PRESETS["wikipedia"], dealer_antes_for_all=True
    ),
}
"""The three rulebooks and a few single switches a learner may want to compare."""


@dataclass(frozen=True)
class Sweep(ReadsAsText):
    """Measurements of several rule sets, one row per variant (in `names` order).

    pot -- mean pot at the end of play, by hand of the session, shape (variants, hands);
    bourre_rate -- share of players who played and took no trick; split_rate -- share of hands
    with a split pot; win_by_seat -- share of hands won by each seat counted from the dealer's
    left (the last seat is the dealer), shape (variants, players); pass_by_seat -- share of
    hands each seat passed, same shape; rather_pass -- share of plays that cost more than
    passing would have (a bourré, or a second ante paid without taking the pot).
    """

    names: tuple[str, ...]
    rules: tuple[Rules, ...]
    players: int
    hands: int
    sessions: int
    bots: str
    pot: np.ndarray
    bourre_rate: np.ndarray
    split_rate: np.ndarray
    win_by_seat: np.ndarray
    pass_by_seat: np.ndarray
    rather_pass: np.ndarray

    def table(self) -> list[dict[str, object]]:
        """One plain dict per variant, for printing or a DataFrame."""
        return [
            {
                "variant": name,
                "mean pot": round(float(self.pot[i].mean()), 2),
                "final pot": round(float(self.pot[i, -1]), 2),
                "bourré rate": round(float(self.bourre_rate[i]), 4),
                "split rate": round(float(self.split_rate[i]), 4),
                "rather pass": round(float(self.rather_pass[i]), 4),
            }
            for i, name in enumerate(self.names)
        ]

    def to_text(self) -> str:
        """The table as a reader sees it: one line per variant, rates as percentages."""
        width = max(len("variant"), *(len(n) for n in self.names)) + 2
        heads = ("mean pot", "final pot", "bourré rate", "split rate", "rather pass")
        lines = [
            f"{self.sessions} sessions of {self.hands} hands, {self.players} players, "
            f"{self.bots} bots",
            f"{'variant':<{width}}" + "".join(f"{h:>13}" for h in heads),
        ]
        for row in self.table():
            values = [f"{row['mean pot']:.2f}", f"{row['final pot']:.2f}"]
            values += [f"{row[h]:.1%}" for h in heads[2:]]
            lines.append(f"{row['variant']:<{width}}" + "".join(f"{v:>13}" for v in values))
        return "\n".join(lines)


class SweepInterrupted(KeyboardInterrupt):
    """A sweep stopped by Ctrl-C; its finished cells are kept, so the same call resumes it."""

    def __init__(self, message: str, finished: int, cells: int) -> None:
        super().__init__(message)
        self.finished = finished
        self.cells = cells


def sweep(
    variants: Mapping[str, Rules] | None = None,
    hands: int = 100,
    sessions: int = 200,
    players: int = 5,
    bots: str | Bot = "heuristic",
    seed: int = 0,
    *,
    executor: Executor | None = None,
    progress: Progress | None = None,
    results: str | Path | None = None,
) -> Sweep:
    """Play `sessions` sessions of `hands` hands under each variant and measure them.

    executor -- play the cells on it (any `concurrent.futures.Executor`; the result is the
    same). progress -- called with (cells done, cells in all) as cells finish. results -- a
    JSON file that keeps finished cells across restarts of Python. Ctrl-C raises
    `SweepInterrupted`; the same call again plays only the cells not finished.
    """
    variants = DEFAULT_VARIANTS if variants is None else variants
    _check_sweep(variants, hands, sessions, players, bots)
    path = None if results is None else Path(results).expanduser()
    block = cell_sessions(hands)
    grid = {
        name: [
            SweepCell(rules, players, hands, bots, seed, first, min(first + block, sessions))
            for first in range(0, sessions, block)
        ]
        for name, rules in variants.items()
    }
    cells = [cell for row in grid.values() for cell in row]
    found = finished(cells, path)
    _play_missing(cells, found, executor, progress, path)
    rows = [
        _measure(_sum_cells([found[c.key] for c in row]), hands, sessions) for row in grid.values()
    ]
    stack = {key: np.array([row[key] for row in rows]) for key in rows[0]}
    return Sweep(
        names=tuple(variants),
        rules=tuple(variants.values()),
        players=players,
        hands=hands,
        sessions=sessions,
        bots=bots if isinstance(bots, str) else bots.name,
        **stack,
    )


def _check_sweep(
    variants: Mapping[str, Rules], hands: int, sessions: int, players: int, bots: object
) -> None:
    """Clear errors for what a sweep cannot run."""
    if not isinstance(variants, Mapping) or not variants:
        raise ValueError("give at least one variant: a mapping of names to Rules")
    if not all(isinstance(r, Rules) for r in variants.values()):
        raise TypeError("each variant must be a Rules, such as Rules.preset('pagat')")
    whole("hands", hands, 1), whole("sessions", sessions, 1)
    if not isinstance(bots, (str, Bot)) or any(
        fast_kind(b) is None for b in resolve_bots(bots, players)
    ):
        raise ValueError(
            "the sweep runs the built-in bots: 'heuristic', 'random' or one of their objects"
        )


def _sum_cells(parts: list[CellCounts]) -> CellCounts:
    """The counts of several cells together."""
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def _measure(counts: CellCounts, hands: int, sessions: int) -> dict[str, Any]:
    """The sweep's measurements of one rule set, from its cells' counts."""
    tally = counts.tally
    total = max(hands * sessions, 1)
    played = max(int(tally.played.sum()), 1)
    return {
        "pot": counts.pot_by_hand / sessions,
        "bourre_rate": int(tally.bourred.sum()) / played,
        "split_rate": tally.splits / total,
        "win_by_seat": tally.wins_by_position / total,
        "pass_by_seat": (hands * sessions - tally.played_by_position) / total,
        "rather_pass": int(tally.rather_pass.sum()) / played,
    }


def _play_missing(
    cells: list[SweepCell],
    found: dict[str, CellCounts],
    executor: Executor | None,
    progress: Progress | None,
    path: Path | None,
) -> None:
    """Play the cells not in `found` (adding them to it), saving as they finish."""
    missing = [cell for cell in cells if cell.key not in found]
    unsaved: dict[str, dict[str, Any]] = {}
    saved_at = time.monotonic()
    if progress is not None:
        progress(len(cells) - len(missing), len(cells))
    try:
        with closing(as_finished(play_cell, missing, executor)) as played:
            for cell, counts in played:
                found[cell.key] = counts
                keep(cell.key, counts)
                unsaved[cell.key] = record(cell, counts)
                if path is not None and time.monotonic() - saved_at > 1.0:
                    save_results(path, unsaved)
                    unsaved, saved_at = {}, time.monotonic()
                if progress is not None:
                    progress(len(found), len(cells))
    except KeyboardInterrupt:
        tell_stopped(progress)
        where = "in memory" + ("" if path is None else f" and in {path}")
        raise SweepInterrupted(
            f"sweep() stopped with {len(found)} of {len(cells)} cells finished; they are kept "
            f"{where}: run the same sweep() again to play only the {len(cells) - len(found)} "
            "missing",
            len(found),
            len(cells),
        ) from None
    finally:
        if path is not None and unsaved:
            save_results(path, unsaved)
