"""The bots' decisions on bit masks, compiled: one implementation for the fast simulator and
for the bots that sit at a readable `Game` (see `bourre_lessons.sim.bots`).

Two policies:
  random    -- every decision uniform among the legal actions: play or pass with even odds,
               a uniformly chosen legal draw option, a uniformly chosen legal card.
  heuristic -- play with enough trump strength for the seat; keep trumps and side aces in
               the draw; win a trick when it can (cheaply when last to play), lead a known top
               card, and otherwise throw the lowest card it may.

The heuristic's strength of a hand adds, for each trump, 1.0 (ace), 0.85 (king), 0.7
(queen), 0.6 (jack), 0.5 (ten) or 0.4 (lower), and 0.75 for a side ace, 0.3 for a side king.
It plays when the strength reaches 0.8 - boldness + 0.25 for each player already in; the
dealer, when nobody is in, needs 0.3 less. In one round (`Rules.draws_in_turn`) a seat also
hears how many cards each earlier player drew, and a player in who exchanged at most
`STRONG_DRAW` cards (so kept four or five trumps and aces, by this policy's own draw) adds
another 0.25. With this bar, five heuristic bots at one table each play a little under half
their hands.
"""

from __future__ import annotations

import numpy as np

from .. import heuristic
from ..heuristic import STRONG_DRAW
from ._jit import jit, jit_inline
from .bits import ALL_CARDS, COUNT, HIGH, LOW, SUIT_FIELD
from .rng import below, next_u64

__all__ = [
    "HEURISTIC",
    "RANDOM",
    "STRONG_DRAW",
    "declare_heuristic",
    "discard_heuristic",
    "discard_random",
    "play_heuristic",
    "random_card",
    "random_subset_of_size",
]

RANDOM = 0
HEURISTIC = 1

_ONE = np.uint64(1)

# the heuristic's numbers, written once in `sim.heuristic`
TRUMP_VALUE = np.array(heuristic.TRUMP_VALUE, dtype=np.float64)
SIDE_VALUE = np.array(heuristic.SIDE_VALUE, dtype=np.float64)
_declare_bar = jit_inline(heuristic.declare_bar)


@jit
def count_cards(mask: int) -> int:
    """How many cards a 52-bit mask holds."""
    return (
        COUNT[mask & SUIT_FIELD]
        + COUNT[(mask >> 13) & SUIT_FIELD]
        + COUNT[(mask >> 26) & SUIT_FIELD]
        + COUNT[(mask >> 39) & SUIT_FIELD]
    )


@jit
def nth_card(mask: int, k: int) -> int:
    """The bit number of the k-th card (from 0) of a mask, in bit order."""
    rest = mask
    for _ in range(k):
        rest &= rest - 1
    low = rest & -rest
    for suit in range(4):
        field = (low >> (13 * suit)) & SUIT_FIELD
        if field != 0:
            return 13 * suit + LOW[field]
    return -1


@jit
def random_subset(state: np.uint64, mask: int, limit: int, nonempty: bool) -> tuple[int, np.uint64]:
    """(a uniformly chosen subset of `mask` with at most `limit` cards, and at least one card
    if `nonempty`; the new state)."""
    while True:
        bits, state = next_u64(state)  # one random bit per card
        chosen = 0
        rest = mask
        while rest:
            low = rest & -rest
            if bits & _ONE:
                chosen |= low
            bits >>= _ONE
            rest ^= low
        size = count_cards(chosen)
        if size <= limit and (size > 0 or not nonempty):
            return chosen, state


@jit
def subsets_up_to(cards: int, limit: int) -> int:
    """How many subsets of `cards` cards have at most `limit` cards (the empty one included)."""
    total = 0
    ways = 1
    for k in range(min(cards, limit) + 1):
        total += ways
        ways = ways * (cards - k) // (k + 1)
    return total


@jit
def random_subset_of_size(state: np.uint64, mask: int, size: int) -> tuple[int, np.uint64]:
    """(a uniformly chosen subset of `mask` with exactly `size` cards, or all of it if it has
    fewer; the new state)."""
    chosen = 0
    rest = mask
    for _ in range(min(size, count_cards(mask))):
        k, state = below(state, count_cards(rest))
        card = nth_card(rest, k)
        chosen |= 1 << card
        rest &= ~(1 << card)
    return chosen, state


# --- random ------------------------------------------------------------------------------


@jit
def random_card(state: np.uint64, mask: int) -> tuple[int, np.uint64]:
    """(a card of `mask` chosen uniformly, the new state): the random bot's play among its
    legal cards, and the samplers' draw of one card; `mask` must not be empty."""
    k, state = below(state, count_cards(mask))
    return nth_card(mask, k), state


@jit
def discard_random(
    state: np.uint64, hand: int, locked: int, limit: int, can_take: bool
) -> tuple[int, bool, np.uint64]:
    """(cards to discard, take the turned card, the new state): a draw option chosen
    uniformly among all legal ones."""
    free = hand & ~locked
    plain = subsets_up_to(count_cards(free), limit)
    takes = subsets_up_to(count_cards(hand), limit) - 1 if can_take else 0
    pick, state = below(state, plain + takes)
    if pick < plain:
        chosen, state = random_subset(state, free, limit, False)
        return chosen, False, state
    chosen, state = random_subset(state, hand, limit, True)
    return chosen, True, state


# --- heuristic -----------------------------------------------------------------------------


@jit
def strength(hand: int, trump: int) -> float:
    """A rough count of the tricks a hand can expect: trumps by rank, side aces and kings."""
    total = 0.0
    for suit in range(4):
        field = (hand >> (13 * suit)) & SUIT_FIELD
        while field:
            rank = HIGH[field]
            total += TRUMP_VALUE[rank] if suit == trump else SIDE_VALUE[rank]
            field ^= 1 << rank
    return total


@jit
def declare_heuristic(
    hand: int,
    trump: int,
    position: int,
    players: int,
    playing_before: int,
    boldness: float,
    strong_before: int,
) -> bool:
    """Play when the hand's strength reaches the bar (`heuristic.declare_bar`, compiled)."""
    bar = _declare_bar(position, players, playing_before, boldness, strong_before)
    return strength(hand, trump) >= bar


@jit
def lowest_ranked(mask: int, count: int) -> int:
    """The `count` lowest-ranked cards of a mask (any suit)."""
    chosen = 0
    for _ in range(count):
        best_rank = 99
        best_bit = -1
        for suit in range(4):
            field = ((mask & ~chosen) >> (13 * suit)) & SUIT_FIELD
            if field != 0 and LOW[field] < best_rank:
                best_rank = LOW[field]
                best_bit = 13 * suit + LOW[field]
        if best_bit < 0:
            break
        chosen |= 1 << best_bit
    return chosen


@jit
def discard_heuristic(
    hand: int, trump: int, locked: int, limit: int, can_take: bool
) -> tuple[int, bool]:
    """Keep trumps and side aces, throw the rest (lowest first when the limit bites)."""
    keep = (hand & (SUIT_FIELD << (13 * trump))) | locked
    for suit in range(4):
        keep |= hand & (1 << (13 * suit + 12))
    throw = hand & ~keep
    if count_cards(throw) > limit:
        throw = lowest_ranked(throw, limit)
    return throw, can_take and throw != 0


@jit
def lowest_card(mask: int, trump: int) -> int:
    """The lowest-ranked card of a mask, side suits before trumps."""
    side = mask & ~(SUIT_FIELD << (13 * trump))
    pool = side if side != 0 else mask
    best_rank = 99
    best_bit = -1
    for suit in range(4):
        field = (pool >> (13 * suit)) & SUIT_FIELD
        if field != 0 and LOW[field] < best_rank:
            best_rank = LOW[field]
            best_bit = 13 * suit + LOW[field]
    return best_bit


@jit
def highest_card(mask: int) -> int:
    """The highest-ranked card of a mask."""
    best_rank = -1
    best_bit = -1
    for suit in range(4):
        field = (mask >> (13 * suit)) & SUIT_FIELD
        if field != 0 and HIGH[field] > best_rank:
            best_rank = HIGH[field]
            best_bit = 13 * suit + HIGH[field]
    return best_bit


@jit
def winners_of(mask: int, best: int, trump: int) -> int:
    """The cards of `mask` that would take the lead from the card `best`."""
    suit = best // 13
    cut = best - 13 * suit + 1
    same = (((mask >> (13 * suit)) & SUIT_FIELD) >> cut) << cut
    won = same << (13 * suit)
    if suit != trump:
        won |= mask & (SUIT_FIELD << (13 * trump))
    return won


@jit
def known_tops(hand: int, unseen: int) -> int:
    """The cards of `hand` that no unseen card of their suit outranks."""
    tops = 0
    for suit in range(4):
        field = (hand >> (13 * suit)) & SUIT_FIELD
        if field != 0:
            rank = HIGH[field]
            if ((unseen >> (13 * suit)) & SUIT_FIELD) >> (rank + 1) == 0:
                tops |= 1 << (13 * suit + rank)
    return tops


@jit
def play_heuristic(
    legal_mask: int,
    hand: int,
    trump: int,
    trick_n: int,
    best: int,
    trick_mask: int,
    seen: int,
    after: int,
) -> int:
    """Lead a known top card (trump first); follow by winning if possible, else throw low."""
    unseen = ALL_CARDS & ~hand & ~trick_mask & ~seen
    if trick_n == 0:
        tops = known_tops(hand, unseen) & legal_mask
        trump_tops = tops & (SUIT_FIELD << (13 * trump))
        if trump_tops != 0:
            return highest_card(trump_tops)
        if tops != 0:
            return highest_card(tops)
        return lowest_card(legal_mask, trump)
    winners = winners_of(legal_mask, best, trump)
    if winners == 0:
        return lowest_card(legal_mask, trump)
    if after == 0:
        return lowest_card(winners, trump)
    return highest_card(winners)
