"""An endless, repeatable series of exercises: what every set's "new position" button calls."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..play import Situation
from ..rules import Rules

__all__ = ["PositionExercise", "Series", "ShownAsPrompt"]

T = TypeVar("T")


class Series(Generic[T]):
    """Exercise number 0, 1, 2, ... of one seed, one `.next()` at a time; iterable too.

    A set's series checks its options in `__init__`, calls `super().__init__(seed)`, and says
    how to make exercise number `index` in `_exercise`.
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.seed, self.index = seed, -1
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


class ShownAsPrompt:
    """An exercise prints as its prompt: `print(exercise)` shows the question."""

    def prompt(self) -> str:
        """The question, as the learner reads it."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.prompt()


@dataclass(frozen=True)
class PositionExercise(ShownAsPrompt):
    """An exercise on one position: its id, its level, the position and the rules it is
    judged by (pagat's unless given)."""

    id: str
    level: str
    situation: Situation
    rules: Rules = field(default_factory=Rules)
