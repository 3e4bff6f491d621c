"""Plain-English text helpers: lists of cards and players, counts and plurals.

Every message, transcript line and feedback sentence of the package writes cards and names
through these few functions, so the same thing always reads the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card

__all__ = [
    "ReadsAsText",
    "and_list",
    "card_codes",
    "card_list",
    "count",
    "names",
    "suit_order",
    "verb",
]


class ReadsAsText:
    """Mixin for a result with a plain-text form: `str()`, `print()` and a notebook cell that
    ends with the result all give its `to_text()` (never the dataclass repr); `repr()` stays
    the constructor-like form, for debugging."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Give each subclass the display method in its own namespace: IPython walks the class
        lineage and takes the first `_repr_pretty_` or `__repr__` it meets, and `@dataclass`
        writes a `__repr__` into the subclass itself."""
        super().__init_subclass__(**kwargs)
        if "_repr_pretty_" not in cls.__dict__:
            cls._repr_pretty_ = ReadsAsText._repr_pretty_

    def to_text(self) -> str:
        """The plain-text form; every class that mixes this in says what it is."""
        raise NotImplementedError(f"{type(self).__name__} gives no to_text()")

    def __str__(self) -> str:
        return self.to_text()

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """What IPython shows for the result as a cell's last value: its text form."""
        printer.text(self.to_text())  # type: ignore[attr-defined]


def suit_order(card: Card) -> tuple[int, int]:
    """Sort key that groups cards by suit (♠ ♥ ♦ ♣) and puts the highest first in each."""
    return (card.suit.index, -card.rank)


def card_list(
    cards: Iterable[Card],
    sep: str = ", ",
    empty: str = "",
    by_suit: bool = False,
    sort: bool = True,
) -> str:
    """Cards as symbols ('A♠, 10♥'): in deck order, by suit highest first (`by_suit`), or as
    given (`sort=False`)."""
    if sort:
        cards = sorted(cards, key=suit_order) if by_suit else sorted(cards)
    return sep.join(str(c) for c in cards) or empty


def card_codes(cards: Iterable[Card], sort: bool = True) -> str:
    """Cards as the codes the engine reads back ('SA HT'), sorted unless `sort` is False."""
    return " ".join(c.code for c in (sorted(cards) if sort else cards))


def and_list(items: Iterable[object], empty: str = "nobody") -> str:
    """Items in plain English, in the order given: 'A', 'A and B', 'A, B and C'."""
    words = [str(item) for item in items]
    if not words:
        return empty
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def names(players: Iterable[object], empty: str = "") -> str:
    """Player names sorted and joined with commas: 'A, C, D'."""
    return ", ".join(sorted(str(p) for p in players)) or empty


def count(n: int, noun: str, zero: str = "") -> str:
    """A number with its noun: '1 trick', '3 tricks' ('no tricks' when `zero` is 'no')."""
    number = zero if n == 0 and zero else str(n)
    return f"{number} {noun}" if n == 1 else f"{number} {noun}s"


def verb(subjects: int | Iterable[object], one: str, many: str) -> str:
    """The verb form for one subject or several: verb(['A'], 'skips', 'skip') -> 'skips'."""
    n = subjects if isinstance(subjects, int) else len(list(subjects))
    return one if n == 1 else many
