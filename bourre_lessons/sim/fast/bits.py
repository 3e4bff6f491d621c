"""Cards as bits: a hand is one integer, each suit a 13-bit field.

Bit `13 * suit + (rank - 2)` stands for one card, with the suits in the order of `DECK`
(♠ ♥ ♦ ♣), so the bit number of a card is its position in `DECK`. A set of cards is the
sum of its bits: a 52-bit integer that NumPy stores as int64 and Numba handles natively.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ...cards import DECK, Card, Suit, parse_card

__all__ = [
    "ALL_CARDS",
    "SUIT_FIELD",
    "card_bit",
    "card_of",
    "cards_of",
    "mask_of",
    "suit_number",
]

SUIT_FIELD = 0x1FFF
"""The 13 bits of one suit, before shifting by 13 * suit."""

ALL_CARDS = (1 << 52) - 1
"""The mask holding all 52 cards."""

_SUITS = tuple(Suit)
_SUIT_NUMBERS = {suit: number for number, suit in enumerate(_SUITS)}
_BITS = {card: bit for bit, card in enumerate(DECK)}

# lookup tables over a 13-bit suit field: highest and lowest bit (-1 for an empty field),
# and the number of cards in it
HIGH = np.full(1 << 13, -1, dtype=np.int64)
LOW = np.full(1 << 13, -1, dtype=np.int64)
COUNT = np.zeros(1 << 13, dtype=np.int64)
for _field in range(1, 1 << 13):
    HIGH[_field] = _field.bit_length() - 1
    LOW[_field] = (_field & -_field).bit_length() - 1
    COUNT[_field] = bin(_field).count("1")
del _field


def suit_number(suit: Suit) -> int:
    """The suit's position in ♠ ♥ ♦ ♣ order (0-3), as the fast core numbers suits."""
    return _SUIT_NUMBERS[suit]


def card_bit(card: Card | str) -> int:
    """The bit number (0-51) of one card: its position in `DECK`."""
    return _BITS[parse_card(card)]


def card_of(bit: int) -> Card:
    """The card standing for bit number `bit` (0-51)."""
    if not 0 <= bit < 52:
        raise ValueError(f"a card's bit number is 0 to 51, got {bit}")
    return DECK[bit]


def mask_of(cards: Iterable[Card | str]) -> int:
    """The 52-bit mask of a set of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card_bit(card)
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a mask, in `DECK` order."""
    mask = int(mask)
    if mask < 0 or mask > ALL_CARDS:
        raise ValueError(f"a card mask is a whole number from 0 to 2**52 - 1, got {mask}")
    return tuple(DECK[i] for i in range(52) if mask >> i & 1)
