"""The switches of `Rules` and their values, read from the dataclass itself (for the tests).

Nothing here lists a switch by hand: the fields come from `dataclasses.fields(Rules)`, their
values from the type hints (both values of a True/False switch, every choice of a worded
one), and only the whole-number fields, whose values are too many to try, take the few
values in `WHOLE_NUMBER_VALUES`. The play switches are found by flipping each field and
watching the readable engine's legal cards change (`play_switches`), so a new switch that
changes which cards may be played is one of them without a word here.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from typing import Literal, get_args, get_origin, get_type_hints

from bourre_lessons.play import Situation, legal_plays
from bourre_lessons.rules import SOURCES, Rules

FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
"""Every switch of `Rules`, in the dataclass's order."""

WHOLE_NUMBER_VALUES = {
    "pot_limit": (3,),
    "max_discards": (2,),
    "max_discards_seven": (2,),
    "min_players": (3,),
    "max_players": (7,),
}
"""Other values to try for the fields that take a whole number (pagat's value is the other)."""

_HINTS = get_type_hints(Rules)


def switch_values(name: str, base: Rules | None = None) -> tuple[object, ...]:
    """Every value to try of one field: all of a True/False or worded switch, and for a whole
    number the base rules' value and those of `WHOLE_NUMBER_VALUES`."""
    base = Rules() if base is None else base
    hint = _HINTS[name]
    if hint is bool:
        return (True, False)
    if get_origin(hint) is Literal:
        return get_args(hint)
    if name in WHOLE_NUMBER_VALUES:
        return (getattr(base, name), *WHOLE_NUMBER_VALUES[name])
    if name == "source":
        return SOURCES
    raise AssertionError(f"Rules.{name}: no values to try; add some to WHOLE_NUMBER_VALUES")


def other_values(name: str, base: Rules | None = None) -> tuple[object, ...]:
    """Every value of a field to try but the base rules' own (pagat's by default)."""
    base = Rules() if base is None else base
    return tuple(v for v in switch_values(name, base) if v != getattr(base, name))


def flips(base: Rules | None = None, names: Iterable[str] = FIELDS) -> list[Rules]:
    """The base rules with one field changed, for every field of `names` and each of its
    other values (a value `Rules` refuses in that company is skipped)."""
    base = Rules() if base is None else base
    found = []
    for name in names:
        for value in other_values(name, base):
            try:
                found.append(dataclasses.replace(base, **{name: value}))
            except ValueError:
                continue
    return found


def play_switches(positions: Sequence[Situation], base: Rules | None = None) -> tuple[str, ...]:
    """The fields of `Rules` that change the readable engine's legal cards in at least one
    of `positions` when flipped alone (the source only names the rule cited: it is none)."""
    base = Rules() if base is None else base
    found = []
    for name in FIELDS:
        changed = [dataclasses.replace(base, **{name: v}) for v in other_values(name, base)]
        if any(
            legal_plays(s, rules) != legal_plays(s, base) for rules in changed for s in positions
        ):
            found.append(name)
    return tuple(found)


def every_switch() -> list[tuple[str, object]]:
    """(field, value) for every field of `Rules` but the source (which only names the rule
    cited), at each of its values to try."""
    return [(name, value) for name in FIELDS if name != "source" for value in switch_values(name)]


def combinations(names: Sequence[str], base: Rules | None = None) -> list[Rules]:
    """The base rules under every combination of the values of the fields `names`."""
    base = Rules() if base is None else base
    values = [switch_values(name, base) for name in names]
    return [
        dataclasses.replace(base, **dict(zip(names, chosen, strict=True)))
        for chosen in itertools.product(*values)
    ]
