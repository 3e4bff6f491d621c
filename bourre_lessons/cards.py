"""The cards: suits, ranks, a card, and reading what a person types.

Vocabulary first: everything later in the package speaks of `Card`, `Suit` and `Rank`.
A card is written in many ways by the sources; `parse_card` reads all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import total_ordering

__all__ = [
    "ACCEPTED_FORMS",
    "DECK",
    "HAND_SIZE",
    "TRICKS_PER_HAND",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "parse_card",
    "parse_cards",
    "parse_suit",
]


class CardError(ValueError):
    """A card, a suit or a list of cards could not be read."""


class Suit(Enum):
    """One of the four suits; `letter` is the one-letter code, `symbol` the sign."""

    SPADES = ("S", "♠", "spades")
    HEARTS = ("H", "♥", "hearts")
    DIAMONDS = ("D", "♦", "diamonds")
    CLUBS = ("C", "♣", "clubs")

    def __init__(self, letter: str, symbol: str, plural: str) -> None:
        self.letter = letter
        self.symbol = symbol
        self.plural = plural

    @property
    def index(self) -> int:
        """Position in the fixed suit order ♠ ♥ ♦ ♣ (used for sorting)."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def singular(self) -> str:
        """The suit's name for one card: 'heart', 'spade'."""
        return self.plural[:-1]

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


class Rank(IntEnum):
    """A rank, two low and ace high; the value is the rank's number (ace = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One-character code: 2-9, T, J, Q, K, A."""
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """How the rank is printed on a card: 2-10, J, Q, K, A."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        """The rank's English name: 'seven', 'queen'."""
        return _RANK_WORDS[self - 2]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_WORDS = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]


@total_ordering
@dataclass(frozen=True)
class Card:
    """A playing card. Cards sort by suit (♠ ♥ ♦ ♣), then by rank within the suit."""

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise CardError(
                f"Card needs a Suit and a Rank, got {self.suit!r} and {self.rank!r}; "
                "use parse_card('QH') to read a card from text"
            )
        # a card is hashed in every set of cards and named in every action and line of a
        # transcript: work its number, code and text out once
        object.__setattr__(self, "_hash", self.rank * 4 + _SUIT_INDEX[self.suit])
        object.__setattr__(self, "_code", self.suit.letter + self.rank.letter)
        object.__setattr__(self, "_text", self.rank.label + self.suit.symbol)

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._hash == other._hash  # type: ignore[attr-defined, no-any-return]

    @property
    def code(self) -> str:
        """Suit-first code, as docs/scenes.md writes cards: 'H7', 'ST'."""
        return self._code  # type: ignore[attr-defined, no-any-return]

    @property
    def name(self) -> str:
        """Full English name for tooltips and screen readers: 'queen of hearts'."""
        return f"{self.rank.word} of {self.suit.plural}"

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.suit.index, self.rank) < (other.suit.index, other.rank)


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
"""The 52 cards in a fixed order: spades, hearts, diamonds, clubs; two to ace."""
_BY_CODE = {card.code: card for card in DECK}
"""Each card by its canonical code ('H7'): the form the engine writes, read at once."""

HAND_SIZE = 5
"""Cards dealt to each player."""
TRICKS_PER_HAND = HAND_SIZE
"""Tricks in a hand: one for each card held."""

ACCEPTED_FORMS = (
    "suit then rank: H7, HT, H10, hQ, ♥Q; "
    "rank then suit: 7H, 10H, TH, QH, Q♥; "
    "Swedish: hj7, sp8, ru9, kl10, hjJ; "
    "ranks 2-10, T, J, Q, K, A; suits S H D C or ♠ ♥ ♦ ♣"
)

_SUIT_WORDS = {
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "sp": Suit.SPADES,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "hj": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "ru": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "kl": Suit.CLUBS,
}
_RANK_CODES = {r.letter.lower(): r for r in Rank} | {"10": Rank.TEN}

_SUIT_PATTERN = "sp|hj|ru|kl|[shdc♠♥♦♣♤♡♢♧]"
_RANK_PATTERN = "10|[2-9tjqka]"
_SUIT_FIRST = re.compile(rf"^({_SUIT_PATTERN})({_RANK_PATTERN})$")
_RANK_FIRST = re.compile(rf"^({_RANK_PATTERN})({_SUIT_PATTERN})$")


def parse_suit(text: Suit | str) -> Suit:
    """Read a suit: a `Suit`, a letter (S H D C), a sign (♠ ♥ ♦ ♣) or an English name."""
    if isinstance(text, Suit):
        return text
    if isinstance(text, str):
        key = text.strip().lower()
        if key in _SUIT_WORDS and len(key) == 1:
            return _SUIT_WORDS[key]
        for suit in Suit:
            if key in (suit.plural, suit.singular):
                return suit
    raise CardError(
        f"unknown suit {text!r}: use S, H, D, C, one of ♠ ♥ ♦ ♣, or a name such as 'hearts'"
    )


def parse_card(text: Card | str) -> Card:
    """Read one card written in any of the accepted forms (case-insensitive)."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"a card must be text such as 'QH', got {type(text).__name__} {text!r}")
    if text in _BY_CODE:
        return _BY_CODE[text]
    token = text.strip().lower()
    for pattern, suit_first in ((_SUIT_FIRST, True), (_RANK_FIRST, False)):
        match = pattern.match(token)
        if match:
            suit_text, rank_text = match.groups() if suit_first else match.groups()[::-1]
            return Card(_SUIT_WORDS[suit_text], _RANK_CODES[rank_text])
    raise CardError(f"unknown card {text!r}; accepted forms are {ACCEPTED_FORMS}")


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read a list of distinct cards: 'H7 HT' (spaces or commas) or an iterable of cards."""
    if isinstance(text, str):
        tokens: Iterable[Card | str] = [t for t in re.split(r"[\s,;]+", text) if t]
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise CardError(
                f"cards must be text such as 'H7 HT' or a list of cards, got {text!r}"
            ) from None
    cards = tuple(parse_card(token) for token in tokens)
    _refuse_duplicates(cards)
    return cards


def _refuse_duplicates(cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice; a deck holds each card once")
        seen.add(card)
