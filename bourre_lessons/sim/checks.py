"""The one check of a whole-number argument, shared by the simulator's entry points."""

from __future__ import annotations

import numbers

__all__ = ["whole"]


def whole(name: str, value: object, low: int, error: type[ValueError] = ValueError) -> int:
    """`value` as an int, or `error` saying it must be a whole number, `low` or more."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise error(f"{name} must be a whole number, {low} or more, got {value!r}")
    return int(value)
