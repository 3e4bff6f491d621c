"""Paired hands: every hand dealt from its own seed, so two rulebooks can play the same deals.

`play_chunk` (hand.py) runs one random stream through a whole chunk: a rule that changes how
many cards are drawn, or a random bot's choice, shifts every later deal. Here each hand
starts from a state derived from the run's seed and the hand's number alone (`hand_state`),
so hand i gets the same deal under any rules, and the same random numbers as long as the two
rulebooks ask for them in the same order (common random numbers): the difference between two
rulebooks is then measured on the same cards. The hands themselves are the fast core's
(`hand._dealt`, `hand.play_from`'s two flows), so a paired run plays the game `simulate`
plays, hand for hand in distribution.

`dealt_hands` gives the cards of one paired hand as dealt (before the draw), and
`dealt_and_stock` those cards and the stock in the order the hand's draws take it, so a hand
where two rulebooks part can be shown or replayed elsewhere (the readable `Game`).
"""

from __future__ import annotations

import numpy as np

from ._jit import jit
from .hand import (
    HAND,
    DecisionLog,
    Outcomes,
    Seats,
    _chunk_table,
    _dealt,
    _draw,
    _from_one_round,
    _from_two_rounds,
    fresh_start,
    logged_legal,
)
from .rng import next_u64
from .switches import (
    CINCH,
    DRAWS_IN_TURN,
    MUST_LEAD_TRUMP_WHEN_OTHERS_OUT,
    MUST_PLAY_KNOWN_TOP,
    TRUMP_WHEN_CANNOT_WIN,
)

__all__ = [
    "PLAY_ENTRIES",
    "dealt_and_stock",
    "dealt_hands",
    "hand_state",
    "play_paired_chunk",
    "touched_decisions",
]

PLAY_ENTRIES = (TRUMP_WHEN_CANNOT_WIN, MUST_PLAY_KNOWN_TOP, MUST_LEAD_TRUMP_WHEN_OTHERS_OUT, CINCH)
"""The entries of the rule vector `legal` reads: two rulebooks that agree on these allow the
same cards at every card decision (tests/test_house_lab.py checks legal.py reads no other)."""

OK = 0


@jit
def hand_state(seed: np.uint64, hand: int) -> np.uint64:
    """The random state hand number `hand` of a paired run starts from: the run's seed and
    the hand's number only."""
    bits, _ = next_u64(np.uint64(seed) + np.uint64(hand))
    return bits


def play_paired_chunk(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
    log_ends: np.ndarray,
) -> int:
    """Play hands first_hand, first_hand + 1, ... (one per row of `outcomes`), hand h from
    `hand_state(seed, h)`; the dealer of hand h sits at seat h mod n. Card decisions are
    logged while `log` has room, and `log_ends[row]` is the log's count after that hand.
    Returns the fast core's error code (0 when every hand was played)."""
    chunk = _paired_in_one_round if rules[DRAWS_IN_TURN] != 0 else _paired_in_two_rounds
    return int(chunk(n, first_hand, rules, seats, np.uint64(seed), outcomes, log, log_ends))


@jit
def _paired_in_one_round(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
    log_ends: np.ndarray,
) -> int:
    """`play_paired_chunk` when each player who says play draws at once."""
    _, stock, work, nobody = _chunk_table(n, first_hand, seed)
    dealer = first_hand % n
    for h in range(outcomes.declared.shape[0]):
        state = hand_state(seed, first_hand + h)
        trump_card, separate, size, state = _dealt(n, dealer, rules, state, stock, work, nobody)
        error, state = _from_one_round(
            n, dealer, rules, seats, state, stock, work, nobody.said, nobody.thrown,
            fresh_start(trump_card, separate, size), outcomes, h, log,
        )  # fmt: skip
        if error != OK:
            return error
        log_ends[h] = log.count[0]
        dealer = dealer + 1 if dealer + 1 < n else 0
    return OK


@jit
def _paired_in_two_rounds(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
    log_ends: np.ndarray,
) -> int:
    """`play_paired_chunk` when the draw follows the declarations."""
    _, stock, work, nobody = _chunk_table(n, first_hand, seed)
    dealer = first_hand % n
    for h in range(outcomes.declared.shape[0]):
        state = hand_state(seed, first_hand + h)
        trump_card, separate, size, state = _dealt(n, dealer, rules, state, stock, work, nobody)
        error, state = _from_two_rounds(
            n, dealer, rules, seats, state, stock, work, nobody.said, nobody.thrown,
            fresh_start(trump_card, separate, size), outcomes, h, log,
        )  # fmt: skip
        if error != OK:
            return error
        log_ends[h] = log.count[0]
        dealer = dealer + 1 if dealer + 1 < n else 0
    return OK


@jit
def _dealt_cards(
    n: int, hand: int, rules: np.ndarray, seed: np.uint64, cards: np.ndarray, order: np.ndarray
) -> tuple[int, int]:
    """Fill `cards` with each seat's dealt cards (a mask) for paired hand `hand`, and the
    first places of `order` with the stock as the hand's draws take it: `_draw` repeated on
    the state the deal leaves. Returns (the turned card, the cards in the stock)."""
    _, stock, work, nobody = _chunk_table(n, hand, seed)
    state = hand_state(seed, hand)
    trump_card, _separate, size, state = _dealt(n, hand % n, rules, state, stock, work, nobody)
    for p in range(n):
        cards[p] = work[HAND, p]
    left = size
    for k in range(size):
        card, state = _draw(state, stock, left)
        left -= 1
        order[k] = card
    return trump_card, size


def dealt_hands(
    n: int, hand: int, rules: np.ndarray, seed: np.uint64
) -> tuple[tuple[int, ...], int]:
    """(each seat's five cards as a 52-bit mask, the turned card) of paired hand `hand`, as
    dealt before anyone speaks."""
    masks, turned, _stock = dealt_and_stock(n, hand, rules, seed)
    return masks, turned


def dealt_and_stock(
    n: int, hand: int, rules: np.ndarray, seed: np.uint64
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(each seat's five cards as a 52-bit mask, the turned card, the stock's cards as bit
    numbers in the order the hand's draws take them) of paired hand `hand`.

    The hand's random state draws the deal, then one number a card drawn (`_draw`); the order
    is the run's as long as nothing else draws on that state before the draw ends: true of
    the heuristic bots (their declarations and discards are fixed by the cards), not of a
    random bot, whose coin tosses share the stream. A restock (the stock run out, the
    passed hands gathered) is not followed: the order covers the first stock only."""
    cards = np.zeros(n, dtype=np.int64)
    order = np.full(52, -1, dtype=np.int64)
    turned, size = _dealt_cards(n, hand, rules, np.uint64(seed), cards, order)
    return tuple(int(c) for c in cards), int(turned), tuple(int(c) for c in order[:size])


def touched_decisions(
    log: DecisionLog, log_ends: np.ndarray, own: np.ndarray, other: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(card decisions a hand at which `other` rules allow different cards than `own`, card
    decisions a hand), from a paired chunk's log; zeros when nothing was logged."""
    hands = len(log_ends)
    if log.rows.shape[0] == 0:
        return np.zeros(hands, dtype=np.int64), np.zeros(hands, dtype=np.int64)
    rows = log.rows[: int(log.count[0])]
    differs = logged_legal(rows, own) != logged_legal(rows, other)
    running = np.concatenate(([0], np.cumsum(differs)))
    starts = np.concatenate(([0], log_ends[:-1]))
    return running[log_ends] - running[starts], log_ends - starts
