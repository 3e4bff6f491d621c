"""What the paired comparison's two simulators share, in plain Python: its results and its arguments.

`house_lab` plays the comparison in the compiled core and `plain_house` plays it through the
readable `Game` (the course in the browser, `backend`); both give a `RulebookComparison` of
`Measure`s built here, read their rulebooks and check their arguments here (`comparison_frame`),
and name and label their measures here, so the two cannot drift apart. Standard library only.
"""

from __future__ import annotations

import html
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from ..cards import Card
from ..house import HouseRules, HouseRulesError, load_house
from ..rules import MAX_PLAYERS, PRESETS, SOURCES, Rules
from .estimates import Z95

__all__ = [
    "MEASURE_LABELS",
    "SESSION_HANDS",
    "UNEXERCISED",
    "CompareSetup",
    "Comparison",
    "Measure",
    "PairedHand",
    "Progress",
    "RulebookComparison",
    "comparison_frame",
    "label_of",
    "measure_names",
    "paired_measure",
    "table_players",
    "whole_number",
]

SESSION_HANDS = 100
"""Hands in a session: each starts from an empty pot (the unit of the chips' intervals)."""

UNEXERCISED: dict[str, str] = {
    "renege": "the bots never misplay, so no hand has a renege to settle",
    "out_of_turn_penalty": "the bots always declare in turn, so nobody is sat out",
    "double_ante_round": "the bots always pay the double ante's second chip, so the hands and "
    "chips are the same in either round",
    "min_players": "it only limits the table size, which this comparison sets",
    "max_players": "it only limits the table size, which this comparison sets",
}
"""Switches no simulated hand can exercise, with the reason: a comparison that changes them
says so in its notes instead of reporting a difference the bots cannot make."""

MEASURE_LABELS: dict[str, tuple[str, str]] = {
    "bourre_rate": ("bourré rate (players who played and took no trick)", "rate"),
    "mean_pot": ("mean pot at the end of play", "chips"),
    "pot_after_session": (f"pot left on the table after a {SESSION_HANDS}-hand session", "chips"),
    "split_rate": ("hands whose pot is split (a tie for most tricks)", "rate"),
    "played_out_rate": ("hands played out (two or more players in)", "rate"),
    "won_without_play_rate": ("hands won without play (one player in)", "rate"),
    "dealer_result": ("the dealer's chips a hand", "chips"),
    "decisions_touched": (
        "card decisions at which the other rulebook allows different cards",
        "rate",
    ),
}
"""name -> (what a learner reads, unit); the seats' results are added per table size."""


def _seat_label(k: int) -> str:
    """The label of seat_k_result: k places to the dealer's left."""
    speaks = " (speaks first)" if k == 1 else ""
    return f"chips a hand, {_ordinal(k)} seat left of the dealer{speaks}"


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k, 'th') }"


@dataclass(frozen=True)
class Measure:
    """One figure under both rulebooks, their difference and its 95% interval; rates are
    fractions (0.087 for 8.7%), chips are chips."""

    name: str
    label: str
    house: float
    against: float
    difference: float
    ci95: tuple[float, float]
    unit: str

    def cells(self) -> tuple[str, str, str]:
        """(house, against, difference with its interval) as the table prints them."""
        if self.unit == "rate":
            low, high = self.ci95
            return (
                f"{100 * self.house:.2f}%",
                f"{100 * self.against:.2f}%",
                f"{100 * self.difference:+.2f} pts ({100 * low:+.2f} to {100 * high:+.2f})",
            )
        low, high = self.ci95
        return (
            f"{self.house:.2f}",
            f"{self.against:.2f}",
            f"{self.difference:+.2f} ({low:+.2f} to {high:+.2f})",
        )


@dataclass(frozen=True)
class RulebookComparison:
    """Two rulebooks played on the same deals: every `Measure`, and how they were measured.
    Also called `Comparison` (play_or_pass has a class of that name, and the package keeps
    class names unique)."""

    hands: int
    players: int
    seed: int
    house_name: str
    against_name: str
    measures: tuple[Measure, ...]
    stopped: bool = False
    bots: str = "heuristic"
    notes: tuple[str, ...] = ()
    mattered: tuple[int, ...] = ()
    house_rules: Rules | None = None
    against_rules: Rules | None = None

    def measure(self, name: str) -> Measure:
        """The measure called `name` (KeyError listing the names otherwise)."""
        for m in self.measures:
            if m.name == name:
                return m
        raise KeyError(f"no measure {name!r}; the measures are {', '.join(self.names())}")

    def names(self) -> tuple[str, ...]:
        """The measures' names, in the table's order."""
        return tuple(m.name for m in self.measures)

    def heading(self) -> str:
        """What was compared, on how many hands."""
        state = " (stopped early)" if self.stopped else ""
        return (
            f"{self.house_name} against {self.against_name}: {self.hands:,} hands each{state}, "
            f"the same deals for both; {self.players} players, {self.bots} bots, seed {self.seed}"
        )

    def to_text(self) -> str:
        """The table the `compare` command prints."""
        rows = [("", "house", "against", "difference (95% interval)")]
        rows += [(m.label, *m.cells()) for m in self.measures]
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        lines = [self.heading(), ""]
        for r in rows:
            lines.append(
                f"{r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:>{widths[2]}}  {r[3]}".rstrip()
            )
        lines += ["", "Rates in %, differences in percentage points (pts); chips per hand."]
        lines += [f"Note: {note}" for note in self.notes]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("", "house", "against", "difference (95% CI)"))
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in (m.label, *m.cells())) + "</tr>"
            for m in self.measures
        )
        notes = "".join(f"<p>Note: {html.escape(n)}</p>" for n in self.notes)
        return (
            f"<div class='bourre-comparison'><p>{html.escape(self.heading())}</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            "<p>Rates in %, differences in percentage points (pts); chips per hand.</p>"
            f"{notes}</div>"
        )

    def to_json_dict(self) -> dict[str, Any]:
        """{"hands", "players", "measures": {name: {"house", "against", "difference",
        "ci95": [low, high]}}}, rates as fractions."""
        return {
            "hands": self.hands,
            "players": self.players,
            "measures": {
                m.name: {
                    "house": m.house,
                    "against": m.against,
                    "difference": m.difference,
                    "ci95": [m.ci95[0], m.ci95[1]],
                }
                for m in self.measures
            },
        }


Comparison = RulebookComparison
"""The name the issue and the workbench use for a `RulebookComparison`."""


Comparison = RulebookComparison
"""The name the issue and the workbench use for a `RulebookComparison`."""

Progress = Callable[[Comparison], "bool | None"]
"""What `compare` calls with each partial comparison; False stops the run."""


@dataclass(frozen=True)
class PairedHand:
    """One hand of a paired run before anyone speaks: each seat's five cards as dealt (seat
    numbers: the dealer is `dealer`), the turned card (or the separate trump card), and the
    stock in the order the run's draws take it (`fast.paired.dealt_and_stock`: the heuristic
    bots' order; a random bot's coin tosses shift it; a restock is not followed)."""

    hands: tuple[frozenset[Card], ...]
    turned: Card
    dealer: int
    stock: tuple[Card, ...]


class CompareSetup(NamedTuple):
    """`compare`'s arguments once checked: the comparison before any hand, both rulebooks,
    the hands asked and the hands between two reports."""

    frame: Comparison
    house: Rules
    against: Rules
    hands: int
    chunk_hands: int


def measure_names(players: int) -> tuple[str, ...]:
    """The measures of a table of `players`, in the table's order."""
    seats = tuple(f"seat_{k}_result" for k in range(1, players))
    order = ("bourre_rate", "mean_pot", "pot_after_session", "split_rate")
    order += ("played_out_rate", "won_without_play_rate", "dealer_result", *seats)
    return (*order, "decisions_touched")


def label_of(name: str) -> tuple[str, str]:
    """(what a learner reads, unit) of a measure, the seats' results included."""
    return MEASURE_LABELS.get(name) or (_seat_label(int(name.split("_")[1])), "chips")


def paired_measure(name: str, house: float, against: float, spread: float, units: int) -> Measure:
    """A measure from both sides' figures and the standard deviation `spread` of the per-unit
    paired differences over `units` units: the difference's 95% interval is ± Z95 spread/√units
    (infinite with one unit)."""
    label, unit = label_of(name)
    difference = house - against
    half = Z95 * spread / units**0.5 if units > 1 else float("inf")
    return Measure(
        name, label, house, against, difference, (difference - half, difference + half), unit
    )


def comparison_frame(
    house: Rules | HouseRules | str,
    against: Rules | HouseRules | str | None,
    *,
    hands: object,
    players: object,
    seed: object,
    bots: str | Sequence[str],
    chunk_hands: object,
    on_progress: object,
) -> CompareSetup:
    """`compare`'s arguments checked (a bad one raises ValueError, TypeError or
    HouseRulesError in words), with the comparison before any hand is measured."""
    house_rules, house_name, base = _rulebook(house, "house")
    if against is None:
        against = base
    against_rules, against_name, _ = _rulebook(against, "against")
    hands = whole_number("hands", hands, 2 * SESSION_HANDS)
    seed = whole_number("seed", seed, 0)
    chunk_hands = whole_number("chunk_hands", chunk_hands, 2 * SESSION_HANDS)
    if chunk_hands % SESSION_HANDS:
        raise ValueError(f"chunk_hands must be a multiple of {SESSION_HANDS}, got {chunk_hands}")
    players = table_players(players, ((house_name, house_rules), (against_name, against_rules)))
    if on_progress is not None and not callable(on_progress):
        raise TypeError(
            f"on_progress must be a function of the partial Comparison, got {on_progress!r}"
        )
    frame = Comparison(
        hands=0,
        players=players,
        seed=seed,
        house_name=house_name,
        against_name=against_name,
        measures=(),
        bots=bots if isinstance(bots, str) else ", ".join(map(str, bots)),
        notes=_notes(house_rules, against_rules, players),
        house_rules=house_rules,
        against_rules=against_rules,
    )
    return CompareSetup(frame, house_rules, against_rules, hands, chunk_hands)


def _rulebook(spec: object, role: str) -> tuple[Rules, str, str]:
    """(the rules, their name, the base preset's name) of a rulebook given any way."""
    if isinstance(spec, HouseRules):
        return spec.rules, spec.name, spec.base
    if isinstance(spec, Rules):
        return spec, _rules_name(spec), spec.source
    if isinstance(spec, str) and spec.strip().lower() in PRESETS:
        name = spec.strip().lower()
        return PRESETS[name], name, name
    if isinstance(spec, str):
        house = load_house(spec)
        return house.rules, house.name, house.base
    raise HouseRulesError(
        f"{role} must be a preset ({', '.join(SOURCES)}), a house rulebook file, Rules or "
        f"HouseRules; got {spec!r}"
    )


def _rules_name(rules: Rules) -> str:
    """A preset's name, or 'pagat, 2 switches changed'."""
    base = PRESETS.get(rules.source, Rules())
    changed = base.differences(rules)
    if not changed:
        return rules.source
    return f"{rules.source}, {len(changed)} switch{'es' if len(changed) > 1 else ''} changed"


def whole_number(name: str, value: object, low: int) -> int:
    """`value` as an int of at least `low` (a NumPy integer too), or ValueError in words."""
    number = _index(value)
    if number is None or number < low:
        raise ValueError(f"{name} must be a whole number of at least {low}, got {value!r}")
    return number


def _index(value: object) -> int | None:
    """A whole number's int (not a bool), or None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def table_players(players: object, books: tuple[tuple[str, Rules], ...]) -> int:
    """The number of players, checked against every rulebook's table sizes."""
    number = _index(players)
    if number is None:
        raise ValueError(f"players must be a whole number from 2 to {MAX_PLAYERS}, got {players!r}")
    players = number
    for name, rules in books:
        low, high = max(2, rules.min_players), min(MAX_PLAYERS, rules.max_players)
        if not low <= players <= high:
            raise ValueError(f"{players} players: the {name} rules seat {low} to {high} players")
    return int(players)


def _notes(house: Rules, against: Rules, players: int) -> tuple[str, ...]:
    """What a reader must know about switches that differ but cannot show in the figures."""
    notes = []
    for name in (f.name for f in fields(Rules)):
        if getattr(house, name) == getattr(against, name):
            continue
        if name in UNEXERCISED:
            notes.append(f"{name} differs, but {UNEXERCISED[name]}: it changes nothing here.")
        elif name == "max_discards_seven" and players < 7:
            notes.append(
                f"max_discards_seven differs, but it applies only at seven or more players "
                f"(this table has {players}): it changes nothing here."
            )
    return tuple(notes)
