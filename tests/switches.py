"""The switches of `Rules`, derived from the dataclass and the engine's code, never listed by
hand: for tests that must cover every switch (a new one enters by itself)."""

from __future__ import annotations

import ast
import typing
from dataclasses import fields
from pathlib import Path

from bourre_lessons.rules import PRESETS, Rules

PLAY = Path(__file__).resolve().parents[1] / "bourre_lessons" / "play.py"


def play_switches() -> tuple[str, ...]:
    """The fields of `Rules` that play.py reads as `rules.<field>` (the source only names the
    citation, so it is no switch)."""
    names = {f.name for f in fields(Rules)} - {"source"}
    tree = ast.parse(PLAY.read_text(encoding="utf-8"))
    read = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "rules"
    }
    return tuple(sorted(read & names))


def switch_values(name: str) -> tuple[object, ...]:
    """Every value a switch takes: both of a True/False switch, every choice of a worded one,
    and for a number the values the presets use (with None where it is optional)."""
    kind = typing.get_type_hints(Rules)[name]
    if kind is bool:
        return (False, True)
    if typing.get_origin(kind) is typing.Literal:
        return typing.get_args(kind)
    used = {getattr(rules, name) for rules in PRESETS.values()}
    if type(None) in typing.get_args(kind):
        used |= {None, 1}
    return tuple(sorted(used, key=lambda v: (v is not None, v or 0)))


def every_switch() -> list[tuple[str, object]]:
    """(switch, value) for every field of `Rules` but the source, at each of its values."""
    return [
        (f.name, value)
        for f in fields(Rules)
        if f.name != "source"
        for value in switch_values(f.name)
    ]
