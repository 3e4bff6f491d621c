"""What the workbench stands on: the house rulebook and the paired comparison.

The house rulebook (`bourre_lessons.house`) and the paired comparison
(`bourre_lessons.sim.house_lab.compare`, and `paired_hand`: one of its deals with the stock in
draw order) are the core the workbench is a view of. This module
is the one place the workbench imports them from, and reads the few things it needs from
them in one shape: the switch groups as field names, the accepted values of a switch, the
house's `Rules`. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

from ...house import (
    HouseRules,
    HouseRulesError,
    example_houses,
    house_to_toml,
    load_house,
    save_house,
    switch_groups,
    switch_meaning,
    switch_values,
)
from ...rules import PRESETS, SOURCES, Rules

__all__ = [
    "BASES",
    "HouseRules",
    "HouseRulesError",
    "compare_steps",
    "example_houses",
    "examples",
    "field_names",
    "groups",
    "hands_played",
    "house_of",
    "house_to_toml",
    "load_house",
    "meaning_of",
    "rules_of",
    "save_house",
    "values_of",
]

SIMULATOR_NAMES = ("Comparison", "Measure", "PairedHand", "compare", "paired_deal", "paired_hand")
"""Names of `sim.house_lab`, loaded on first use, so that opening the workbench simulates
nothing. In the full install it is the compiled core (NumPy and Numba); in the browser,
`sim.backend` answers it with its plain-Python twin, `sim.plain_house`, on fewer hands."""


def __getattr__(name: str) -> Any:
    """`sim.house_lab`'s names, imported when first asked for."""
    if name in SIMULATOR_NAMES:
        from ...sim import house_lab

        return getattr(house_lab, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def hands_played(asked: int) -> int:
    """How many of the hands asked a comparison here plays: all of them with the compiled
    core, at most the plain twin's `MOST_HOUSE_HANDS` in the browser."""
    from ...sim import house_lab

    return min(asked, getattr(house_lab, "MOST_HOUSE_HANDS", asked))


def compare_steps(**arguments: Any) -> Iterator[Any]:
    """`compare`'s partial comparisons one by one, the last the result: the plain twin's own
    steps in the browser, or the one result of the compiled core."""
    from ...sim import house_lab

    steps = getattr(house_lab, "compare_steps", None)
    if steps is not None:
        yield from steps(**arguments)
    else:
        yield house_lab.compare(**arguments)


BASES = tuple(SOURCES)
"""The presets a house starts from."""


def field_names() -> tuple[str, ...]:
    """Every switch of `Rules` but `source`, in the dataclass's order."""
    return tuple(f.name for f in fields(Rules) if f.name != "source")


def groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The switch groups as (title, field names), every switch once (`house.switch_groups`),
    but `source`: the base rulebook, chosen on its own."""
    return tuple(
        (title, tuple(n for n in names if n != "source")) for title, names in switch_groups()
    )


def values_of(name: str) -> tuple[Any, ...] | None:
    """The accepted values of a switch, or None for a whole number (`house.switch_values`)."""
    values = switch_values(name)
    return None if values is None else tuple(values)


def meaning_of(name: str) -> str:
    """A switch's meaning in one line (`house.switch_meaning`)."""
    return switch_meaning(name)


def rules_of(house: HouseRules) -> Rules:
    """The `Rules` a house plays."""
    return house.rules


def house_of(name: str, base: str, rules: Rules, players: int | None) -> HouseRules:
    """A house rulebook from its parts (the `Rules` carry the base as their source)."""
    return HouseRules(name=name, base=base, rules=replace(rules, source=base), players=players)


def examples() -> dict[str, HouseRules]:
    """The package's example houses by name."""
    return {house.name: house for house in example_houses().values()}


def preset(base: str) -> Rules:
    """A base rulebook's `Rules`."""
    return PRESETS[base]
