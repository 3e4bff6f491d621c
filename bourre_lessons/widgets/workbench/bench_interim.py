"""A stand-in for the house core, used only until `bourre_lessons.house` and
`bourre_lessons.sim.house_lab` land on this branch (issue 29 §1 and §3 are another helper's).

It follows their agreed contract closely enough for the workbench to be built and tested
against it: a house rulebook as TOML, the switch groups, and a chunked comparison of two
rulebooks on the same seeds. It is deleted once the real core is merged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import tomllib

from ...rules import PRESETS, SOURCES, Rules
from ...sim.simulation import simulate

__all__ = [
    "Comparison",
    "HouseRules",
    "HouseRulesError",
    "Measure",
    "compare",
    "example_houses",
    "house_to_toml",
    "load_house",
    "save_house",
    "switch_groups",
    "switch_values",
]


class InterimHouseError(ValueError):
    """A house rulebook that cannot be read, said in words."""


@dataclass(frozen=True)
class InterimHouse:
    """A named house rulebook: a base preset and the switches set otherwise."""

    name: str
    base: str
    rules: Rules
    players: int | None = None


_GROUPS = (
    ("Playing the cards", ("trump_when_cannot_win", "must_play_known_top",
                           "must_lead_trump_when_others_out")),
    ("The cinch", ("cinch",)),
    ("The draw", ("draw_timing", "max_discards", "max_discards_seven", "restock",
                  "dealer_may_discard_trump_card", "separate_trump_card",
                  "simultaneous_declaration")),
    ("The money", ("pot_limit", "dealer_antes_for_all", "double_ante", "double_ante_round",
                   "second_ante", "ante_skip", "bourre_paid_to", "lone_player_wins")),
    ("Misplays", ("renege", "out_of_turn_penalty")),
    ("The table", ("min_players", "max_players", "dealer_ace_leads", "dealer_ace_must_play")),
)  # fmt: skip


def switch_groups() -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The switches grouped as a player thinks of them."""
    by_name = {f.name: f for f in fields(Rules)}
    return tuple((title, tuple(by_name[n] for n in names)) for title, names in _GROUPS)


def switch_values(field: Any) -> tuple[Any, ...] | None:
    """The accepted values of a switch (None: a whole number)."""
    kind = str(field.type)
    if "Literal" in kind or field.name in ("cinch",):
        default = getattr(Rules(), field.name)
        from ...rules import _CHOICES  # interim only

        return _CHOICES.get(field.name, (default,))
    if "bool" in kind:
        return (False, True)
    return None


def house_to_toml(house: HouseRules) -> str:
    """The house as TOML: name, base, players, then the switches set otherwise than the base."""
    lines = [f"name = {_toml(house.name)}", f"base = {_toml(house.base)}"]
    if house.players is not None:
        lines.append(f"players = {house.players}")
    lines.append("[switches]")
    for name, (_old, new) in PRESETS[house.base].differences(house.rules).items():
        lines.append(f"{name} = {_toml(new)}")
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def load_house(path_or_text: str | Path) -> HouseRules:
    """A house from a file or its text; a clear HouseRulesError otherwise."""
    text = str(path_or_text)
    if isinstance(path_or_text, Path) or (text.endswith(".toml") and "\n" not in text):
        text = Path(text).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HouseRulesError(f"not a TOML file: {error}") from None
    base = data.get("base", "pagat")
    if base not in SOURCES:
        raise HouseRulesError(f"base = {base!r}: choose one of {', '.join(SOURCES)}")
    switches = dict(data.get("switches", {}))
    known = {f.name for f in fields(Rules)} - {"source"}
    for name in switches:
        if name not in known:
            raise HouseRulesError(f"{name}: no such switch")
    try:
        rules = replace(PRESETS[base], **switches)
    except ValueError as error:
        raise HouseRulesError(str(error)) from None
    return HouseRules(str(data.get("name", "my house")), base, rules, data.get("players"))


def save_house(house: HouseRules, path: str | Path) -> Path:
    """Write the house's TOML to `path`."""
    target = Path(path)
    target.write_text(house_to_toml(house), encoding="utf-8")
    return target


def example_houses() -> tuple[HouseRules, ...]:
    """A couple of example houses."""
    wiki = PRESETS["wikipedia"]
    return (
        HouseRules("Trump anyway", "wikipedia", replace(wiki, trump_when_cannot_win=True), 5),
        HouseRules("Friday table", "wikipedia", replace(wiki, pot_limit=20), 5),
    )


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
    house: HouseRules,
    against: str | HouseRules | None = None,
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
HouseRules = InterimHouse
HouseRulesError = InterimHouseError
