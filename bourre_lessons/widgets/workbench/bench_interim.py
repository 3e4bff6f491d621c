"""A stand-in for the paired comparison, used only until `bourre_lessons.sim.house_lab` lands
on this branch (issue 29 §3 is another helper's).

It follows the agreed contract closely enough for the workbench to be built and tested against
it: a chunked comparison of two rulebooks on the same seeds, told to `on_progress` after each
chunk. It is deleted once the real core is merged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ...rules import PRESETS
from ...sim.simulation import simulate

__all__ = ["Comparison", "Measure", "compare"]


@dataclass(frozen=True)
class InterimMeasure:
    """One measure of the two rulebooks and their difference, with its 95% interval."""

    name: str
    label: str
    house: float
    against: float
    difference: float
    ci95: tuple[float, float]
    unit: str


@dataclass(frozen=True)
class InterimComparison:
    """Two rulebooks on the same seeds."""

    hands: int
    players: int
    seed: int
    house_name: str
    against_name: str
    measures: tuple[Measure, ...]
    stopped: bool = False

    def measure(self, name: str) -> Measure:
        """The measure called `name`."""
        return next(m for m in self.measures if m.name == name)

    def to_text(self) -> str:
        """One line a measure."""
        lines = [f"{self.house_name} against {self.against_name}: {self.hands:,} hands"]
        for m in self.measures:
            lines.append(f"{m.label}: {m.house:.4f} vs {m.against:.4f}, {m.difference:+.4f}")
        return "\n".join(lines)

    def to_json_dict(self) -> dict[str, Any]:
        """The measures as plain data."""
        return {"hands": self.hands, "players": self.players}


_LABELS = {
    "bourre_rate": ("bourré rate (of players who played)", "share"),
    "mean_pot": ("average pot", "chips"),
    "played_out_rate": ("hands played out", "share"),
    "split_rate": ("split pots", "share"),
}


def _measures(a: dict[str, list[np.ndarray]], b: dict[str, list[np.ndarray]], players: int):
    out = []
    for name, (label, unit) in _LABELS.items():
        xa, xb = np.concatenate(a[name]), np.concatenate(b[name])
        d = xa.astype(float) - xb.astype(float) if len(xa) == len(xb) else None
        half = 1.96 * math.sqrt(xa.var() / len(xa) + xb.var() / len(xb)) if len(xa) > 1 else 0.0
        diff = float(xa.mean() - xb.mean()) if d is None else float(d.mean())
        out.append(Measure(name, label, float(xa.mean()), float(xb.mean()), diff,
                           (diff - half, diff + half), unit))  # fmt: skip
    for seat in range(players):
        xa, xb = np.concatenate(a[f"seat{seat}"]), np.concatenate(b[f"seat{seat}"])
        half = 1.96 * math.sqrt(xa.var() / len(xa) + xb.var() / len(xb)) if len(xa) > 1 else 0.0
        diff = float(xa.mean() - xb.mean())
        label = f"seat {seat + 1} from the dealer's left, chips a hand"
        out.append(Measure(f"seat_{seat + 1}_chips", label, float(xa.mean()), float(xb.mean()),
                           diff, (diff - half, diff + half), "chips"))  # fmt: skip
    return tuple(out)


def _per_hand(result: Any, players: int) -> dict[str, np.ndarray]:
    played = result.played.sum(axis=1)
    out = {
        "bourre_rate": result.bourred.sum(axis=1)[played > 0] / played[played > 0],
        "mean_pot": result.pot_played,
        "played_out_rate": (result.tricks.sum(axis=1) == 5) & (played > 1),
        "split_rate": result.split,
    }
    seats = (np.arange(players)[None, :] + result.dealer[:, None] + 1) % players
    net = np.take_along_axis(result.net, seats, axis=1)
    for seat in range(players):
        out[f"seat{seat}"] = net[:, seat]
    return out


def compare(
    house: Any,
    against: Any = None,
    *,
    hands: int = 20_000,
    players: int = 5,
    seed: int = 0,
    bots: str = "heuristic",
    chunk_hands: int = 2_000,
    on_progress: Callable[[Comparison], object] | None = None,
) -> Comparison:
    """The house against another rulebook, chunk by chunk on the same seeds."""
    other = against or house.base
    other_rules = PRESETS[other] if isinstance(other, str) else other.rules
    other_name = other if isinstance(other, str) else other.name
    a: dict[str, list[np.ndarray]] = {}
    b: dict[str, list[np.ndarray]] = {}
    done = 0
    result = Comparison(0, players, seed, house.name, other_name, (), False)
    for i, first in enumerate(range(0, hands, chunk_hands)):
        count = min(chunk_hands, hands - first)
        for rules, into in ((house.rules, a), (other_rules, b)):
            run = simulate(count, players, rules, bots, seed=seed * 100_003 + i)
            for key, value in _per_hand(run, players).items():
                into.setdefault(key, []).append(value)
        done += count
        result = Comparison(done, players, seed, house.name, other_name,
                            _measures(a, b, players), done < hands)  # fmt: skip
        if on_progress is not None and on_progress(result) is False:
            return result
    return replace(result, stopped=False)


Comparison = InterimComparison
Measure = InterimMeasure
