"""The heuristic bot's decisions in plain Python, on cards: for a table without NumPy and Numba.

The same policy as the compiled one in `fast.policy` (see there for the strength scale and
the bar), written over `Card` objects; its numbers (the card values, the bar, STRONG_DRAW)
are written here once and read by the compiled policy, with the standard library only, so the game table and
its bots run in the browser (Pyodide), where the compiled core cannot. `HeuristicBot` uses it
only where NumPy or Numba is missing; the tests check that both give the same decision at
every turn of many dealt hands, ties between suits broken the same way (♠ ♥ ♦ ♣ order).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..cards import DECK, Card, Rank, Suit
from ..play import beats

__all__ = [
    "SIDE_VALUE",
    "STRONG_DRAW",
    "TRUMP_VALUE",
    "declare",
    "declare_bar",
    "discard",
    "play",
    "strength",
]

STRONG_DRAW = 1
"""A player in who exchanged at most this many cards is heard to hold a strong hand."""

TRUMP_VALUE = (0.4,) * 8 + (0.5, 0.6, 0.7, 0.85, 1.0)
"""How much one trump counts towards a trick, by rank index (0 = two ... 12 = ace); the
compiled policy reads this table too."""
SIDE_VALUE = (0.0,) * 11 + (0.3, 0.75)
"""How much one card of a side suit counts towards a trick, by rank index."""
_SUITS = tuple(Suit)


def _rank(card: Card) -> int:
    """0 for a two ... 12 for an ace, as the compiled core counts ranks."""
    return int(card.rank) - int(Rank.TWO)


def _suit(card: Card) -> int:
    return _SUITS.index(card.suit)


def _lowest(cards: Iterable[Card]) -> Card:
    """The lowest-ranked card; between equal ranks the first suit in ♠ ♥ ♦ ♣ order."""
    return min(cards, key=lambda c: (_rank(c), _suit(c)))


def _highest(cards: Iterable[Card]) -> Card:
    """The highest-ranked card; between equal ranks the first suit in ♠ ♥ ♦ ♣ order."""
    return min(cards, key=lambda c: (-_rank(c), _suit(c)))


def strength(hand: Iterable[Card], trump: Suit) -> float:
    """A rough count of the tricks a hand can expect: trumps by rank, side aces and kings."""
    total = 0.0
    for card in sorted(hand, key=lambda c: (_suit(c), -_rank(c))):  # the compiled order
        total += (TRUMP_VALUE if card.suit == trump else SIDE_VALUE)[_rank(card)]
    return total


def declare(
    hand: Iterable[Card],
    trump: Suit,
    position: int,
    players: int,
    playing_before: int,
    boldness: float,
    strong_before: int = 0,
) -> bool:
    """Play when the hand's strength reaches the bar (`declare_bar`)."""
    return strength(hand, trump) >= declare_bar(
        position, players, playing_before, boldness, strong_before
    )


def declare_bar(
    position: int, players: int, playing_before: int, boldness: float, strong_before: int
) -> float:
    """The strength a hand needs to play: a bar that rises with each player already in, and
    again with each of them heard to draw at most STRONG_DRAW cards (one round only). Plain
    arithmetic, so the compiled policy compiles this very function (`fast.policy`)."""
    bar = 0.8 - boldness + 0.25 * playing_before + 0.25 * strong_before
    if position == players - 1 and playing_before == 0:
        bar -= 0.3  # last to speak and nobody in: the cheapest pot to contest
    return bar


def discard(
    hand: Collection[Card], trump: Suit, locked: Collection[Card], limit: int, can_take: bool
) -> tuple[tuple[Card, ...], bool]:
    """(cards to throw in deck order, take the turned card): keep trumps and side aces, throw
    the rest, the lowest-ranked first when the limit bites."""
    throw = [c for c in hand if c.suit != trump and c not in locked and c.rank != Rank.ACE]
    if len(throw) > limit:
        throw = sorted(throw, key=lambda c: (_rank(c), _suit(c)))[:limit]
    chosen = tuple(sorted(throw, key=DECK.index))
    return chosen, can_take and bool(chosen)


def _known_tops(hand: Collection[Card], unseen: Collection[Card]) -> list[Card]:
    """The cards of `hand` that no unseen card of their suit outranks."""
    tops = []
    for suit in _SUITS:
        mine = [c for c in hand if c.suit == suit]
        if mine:
            top = _highest(mine)
            if not any(c.suit == suit and c.rank > top.rank for c in unseen):
                tops.append(top)
    return tops


def play(
    legal: Collection[Card],
    hand: Collection[Card],
    trump: Suit,
    trick: Collection[Card],
    best: Card | None,
    seen: Collection[Card],
    after: int,
) -> Card:
    """Lead a known top card (trump first); follow by winning if possible, else throw low."""
    if not legal:
        raise ValueError("play needs at least one legal card")
    if not trick or best is None:
        known = {*hand, *trick, *seen}  # a set: one hash a card, not a scan of three lists
        unseen = [c for c in DECK if c not in known]
        tops = [c for c in _known_tops(hand, unseen) if c in legal]
        trump_tops = [c for c in tops if c.suit == trump]
        if trump_tops or tops:
            return _highest(trump_tops or tops)
        return _lowest_card(legal, trump)
    winners = [c for c in legal if beats(c, best, trump)]  # the engine's trick rule
    if not winners:
        return _lowest_card(legal, trump)
    return _lowest_card(winners, trump) if after == 0 else _highest(winners)


def _lowest_card(cards: Collection[Card], trump: Suit) -> Card:
    """The lowest-ranked card, side suits before trumps."""
    side = [c for c in cards if c.suit != trump]
    return _lowest(side or cards)
