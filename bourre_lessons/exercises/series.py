"""An endless, repeatable series of exercises: what every set's "new position" button calls."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from ..play import Situation
from ..rules import Rules
from ..text import ReadsAsText

__all__ = [
    "LevelledExercise",
    "PositionExercise",
    "RulesSeries",
    "Series",
    "ShownAsPrompt",
    "drawn_level",
    "known_level",
]

T = TypeVar("T")


def known_level(level: str, levels: Sequence[str]) -> str:
    """`level` when it is one of `levels`; otherwise a ValueError naming the choices."""
    if level not in levels:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(levels)}")
    return level


def drawn_level(
    set_id: str, seed: int | str, level: str | None, index: int, levels: Sequence[str]
) -> tuple[str, random.Random]:
    """Exercise number `index`'s level (`level`, or one of `levels` drawn from the seed when
    None) and the random source that deals it, both fixed by the set, the seed and the index."""
    pick = random.Random(f"{set_id}:{seed}:{index}").choice(levels)
    chosen = known_level(pick if level is None else level, levels)
    return chosen, random.Random(f"{set_id}:{seed}:{chosen}:{index}")


class Series(Generic[T]):
    """Exercise number 0, 1, 2, ... of one seed, one `.next()` at a time; iterable too.

    A set's series checks its options in `__init__`, calls `super().__init__(seed, level)`,
    and says how to make exercise number `index` in `_exercise`. A level given must be one of
    the class's `levels`; None lets each exercise draw its own.
    """

    levels: ClassVar[tuple[str, ...]] = ()

    def __init__(self, seed: int | str = 0, level: str | None = None) -> None:
        if level is not None:
            known_level(level, self.levels)
        self.seed, self.index, self.level = seed, -1, level
        self.current: T | None = None

    def _exercise(self, index: int) -> T:
        raise NotImplementedError

    def next(self) -> T:
        """The next exercise of the series."""
        self.index += 1
        self.current = self._exercise(self.index)
        return self.current

    def __iter__(self) -> Iterator[T]:
        return self

    def __next__(self) -> T:
        return self.next()


class RulesSeries(Series[T]):
    """A set's series under one set of rules (pagat's unless given)."""

    def __init__(
        self, seed: int | str = 0, level: str | None = None, rules: Rules | None = None
    ) -> None:
        self.rules = Rules() if rules is None else rules
        super().__init__(seed, level)


class ShownAsPrompt(ReadsAsText):
    """An exercise prints as its prompt: `print(exercise)`, or the exercise as a cell's last
    value, shows the question."""

    def prompt(self) -> str:
        """The question, as the learner reads it."""
        raise NotImplementedError

    def to_text(self) -> str:
        """The prompt (what the learner reads)."""
        return self.prompt()


@dataclass(frozen=True)
class LevelledExercise(ShownAsPrompt):
    """An exercise of a set with levels: its progress id and the level it practises."""

    id: str
    level: str


@dataclass(frozen=True)
class PositionExercise(LevelledExercise):
    """An exercise on one position: its id, its level, the position and the rules it is
    judged by (pagat's unless given)."""

    situation: Situation
    rules: Rules = field(default_factory=Rules)
