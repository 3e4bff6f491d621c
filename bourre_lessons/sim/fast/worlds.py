"""Deals of the cards one seat could not see, agreeing with what it saw; and play-outs from them.

The coach (`sim.coach`) and the sampling bot ask the same question at one decision of one
seat: what could the others hold? These compiled functions answer it in three steps.

`sample_deals` deals the unseen cards to the other seats, as dealt, and keeps a deal only
if the other seats' heuristic bots would have said what they said (play or pass, having
heard the seats before them, and in one round how many cards each of them drew) and thrown
away as many cards as they did in the draw; a deal
that disagrees is dealt again (rejection, so every deal kept is as likely as at the table).
`draw_for_others` lets the other players who drew do their draw in each deal (the cards
they drew are unseen: any card of the stock). `fit_play` then makes each deal agree with
the tricks played so far: every card a player has played was in that player's hand, and a
player who has shown a void holds no card of that suit. A deal's cards that contradict the
play are exchanged for unseen cards at random, keeping as much of the deal as possible; a
deal that cannot be made to fit is dropped.

`play_worlds` plays each deal out once for every alternative of the decision, from the
same random state, so all alternatives meet the same deals and the same draws (common
random numbers). Seat numbers here are places in the speaking order: 0 is the dealer's
left and n - 1 the dealer.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._jit import jit, jit_inline
from .bits import ALL_CARDS, SUIT_FIELD
from .hand import (
    DECLARE_PHASE,
    DRAW_PHASE,
    HAND,
    NO_TRUMP,
    TRICK,
    WON,
    WORK_ROWS,
    Outcomes,
    Seats,
    Start,
    _clear,
    _draw,
    _fill,
    _forced_word,
    new_log,
    play_from,
)
from .policy import (
    HEURISTIC,
    STRONG_DRAW,
    count_cards,
    declare_heuristic,
    discard_heuristic,
    random_card,
)
from .rng import next_u64
from .switches import (
    DEALER_MAY_DISCARD_TRUMP_CARD,
    DRAWS_IN_TURN,
    MAX_DISCARDS,
    SEPARATE_TRUMP_CARD,
    SEPARATE_TRUMP_CARD_IS_DEALER,
    SIMULTANEOUS_DECLARATION,
)

__all__ = [
    "Agreement",
    "Seen",
    "agreement",
    "draw_for_others",
    "fit_play",
    "play_worlds",
    "sample_deals",
    "seat_by_seat",
]

FIRST_TRIES = 100
"""Whole deals tried for each deal kept before it is built seat by seat instead."""
SEAT_TRIES = 5000
"""Hands tried for one seat before the last one is kept anyway."""
SWEEPS = 3
"""Times each seat is dealt again when a deal is built seat by seat."""


class Seen(NamedTuple):
    """What one seat knows before the play of the cards, as the compiled code reads it.

    me -- the seat; hand -- its five cards as dealt; trump_card -- the turned card's bit;
    apart -- the turned card lies apart (a separate trump card); known_out -- cards it knows
    were in nobody's hand as dealt (the cards it drew itself); said -- each seat's word, as
    far as heard (1 play, 0 pass, -1 not heard); thrown -- how many cards each seat threw
    away in the draw (-1: not drawn yet, or not known); took -- 1 where the dealer took the
    separate trump card.
    """

    me: int
    hand: int
    trump_card: int
    apart: bool
    known_out: int
    said: np.ndarray
    thrown: np.ndarray
    took: np.ndarray


@jit
def _draw_plan(
    rules: np.ndarray, n: int, p: int, hand: int, trump_card: int, apart: bool
) -> tuple[int, bool]:
    """(cards thrown, takes the separate card) of the heuristic bot in seat `p`'s draw."""
    dealer = n - 1
    locked = 0
    if not apart and p == dealer and rules[DEALER_MAY_DISCARD_TRUMP_CARD] == 0:
        locked = 1 << trump_card
    can_take = apart and p == dealer and rules[SEPARATE_TRUMP_CARD] == SEPARATE_TRUMP_CARD_IS_DEALER
    return discard_heuristic(hand, trump_card // 13, locked, rules[MAX_DISCARDS], can_take)


class Agreement(NamedTuple):
    """What a deal of the hidden cards must agree with: the rules, the bots, the number of
    seats, what the seat saw (`Seen`), and for each seat how many seats before it were heard
    saying play (`before`, 0 for all when everyone declares at once) and, in one round,
    saying play and drawing at most STRONG_DRAW cards (`strong`)."""

    rules: np.ndarray
    seats: Seats
    n: int
    seen: Seen
    before: np.ndarray
    strong: np.ndarray


@jit
def agreement(n: int, rules: np.ndarray, seats: Seats, seen: Seen) -> Agreement:
    """The `Agreement` of a deal with what `seen` heard and saw."""
    before = np.zeros(n, dtype=np.int64)
    strong = np.zeros(n, dtype=np.int64)
    blind = rules[SIMULTANEOUS_DECLARATION] != 0
    one_round = rules[DRAWS_IN_TURN] != 0
    for p in range(1, n):
        q = p - 1
        heard = seen.said[q] == 1
        before[p] = before[q] + (1 if heard and not blind else 0)
        drew_few = heard and one_round and 0 <= seen.thrown[q] <= STRONG_DRAW
        strong[p] = strong[q] + (1 if drew_few else 0)
    return Agreement(rules, seats, n, seen, before, strong)


@jit
def _seat_agrees(agree: Agreement, p: int, hand: int) -> bool:
    """Whether seat `p`'s heuristic bot, holding `hand` as dealt, would say what it was heard
    to say and throw away as many cards as it was seen to (a word the rules force is no sign:
    pagat's dealer alone, a turned ace)."""
    rules, seen, n = agree.rules, agree.seen, agree.n
    if agree.seats.kinds[p] != HEURISTIC:
        return True
    before, strong = agree.before[p], agree.strong[p]
    forced = _forced_word(rules, seen.trump_card, p, n, before) >= 0
    if seen.said[p] >= 0 and not forced:
        trump = seen.trump_card // 13
        says = declare_heuristic(hand, trump, p, n, before, agree.seats.boldness[p], strong)
        if says != (seen.said[p] == 1):
            return False
    if seen.thrown[p] >= 0:
        throw, take = _draw_plan(rules, n, p, hand, seen.trump_card, seen.apart)
        if count_cards(throw) != seen.thrown[p] or take != (seen.took[p] == 1):
            return False
    return True


@jit
def _deal_agrees(agree: Agreement, work: np.ndarray) -> bool:
    """Whether every other seat agrees with what was seen (`_seat_agrees`)."""
    for p in range(agree.n):
        if p != agree.seen.me and not _seat_agrees(agree, p, work[HAND, p]):
            return False
    return True


@jit
def _redeal_seat(
    state: np.uint64, agree: Agreement, p: int, pinned: int, free: int
) -> tuple[int, np.uint64]:
    """(a hand for seat `p`: its `pinned` cards and cards of `free`, drawn at random until the
    seat agrees with what was seen, the new state). After SEAT_TRIES hands the last is kept:
    a seat that no hand makes agree did not play as the heuristic bot does."""
    hand = pinned
    for _ in range(SEAT_TRIES):
        hand, left = pinned, free
        while count_cards(hand) < 5:
            card, state = random_card(state, left)
            hand |= 1 << card
            left &= ~(1 << card)
        if _seat_agrees(agree, p, hand):
            break
    return hand, state


@jit
def seat_by_seat(
    state: np.uint64, agree: Agreement, work: np.ndarray, pool: int
) -> tuple[int, np.uint64]:
    """Deal the other seats one at a time, each until it agrees with what was seen, then
    deal each again SWEEPS times from its own cards and those nobody holds (a Gibbs sampler:
    each step keeps the deal uniform among those that agree). Fills work row HAND; returns
    (the cards left for the stock, the new state)."""
    n, seen = agree.n, agree.seen
    free = pool
    for sweep in range(SWEEPS + 1):
        for p in range(n):
            if p != seen.me:
                pinned = _pinned(n, p, seen)
                if sweep > 0:  # dealt again: its own cards go back among the free ones
                    free |= work[HAND, p] & ~pinned
                work[HAND, p], state = _redeal_seat(state, agree, p, pinned, free)
                free &= ~work[HAND, p]
    return free, state


@jit
def _pinned(n: int, p: int, seen: Seen) -> int:
    """The cards seat `p` is known to have been dealt: the turned card, for the dealer."""
    return 1 << seen.trump_card if p == n - 1 and not seen.apart and p != seen.me else 0


@jit
def sample_deals(
    n: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    seen: Seen,
    hands: np.ndarray,
    pools: np.ndarray,
) -> tuple[int, int]:
    """Fill `hands` (deals, n) with deals as dealt that agree with what `seen` heard and saw
    of the draw, and `pools` with the cards left in each deal's stock. Each deal is dealt
    whole up to FIRST_TRIES times, kept at the first that agrees (rejection: exact); if none
    does, it is built seat by seat (`seat_by_seat`). Returns (deals dealt whole, deals built
    seat by seat)."""
    state = np.uint64(seed)
    dealer = n - 1
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((len(WORK_ROWS), n), dtype=np.int64)
    pool = ALL_CARDS & ~seen.hand & ~(1 << seen.trump_card) & ~seen.known_out
    agree = agreement(n, rules, seats, seen)
    tries = 0
    built = 0
    for k in range(hands.shape[0]):
        whole = False
        for _ in range(FIRST_TRIES):
            tries += 1
            _clear(n, dealer, work)
            size = _fill(stock, pool)
            for p in range(n):
                work[HAND, p] = seen.hand if p == seen.me else _pinned(n, p, seen)
            for p in range(n):
                while p != seen.me and count_cards(work[HAND, p]) < 5:
                    card, state = _draw(state, stock, size)
                    size -= 1
                    work[HAND, p] |= 1 << card
            whole = _deal_agrees(agree, work)
            if whole:
                break
        if whole:
            left = 0
            for i in range(size):
                left |= 1 << stock[i]
        else:
            built += 1
            work[HAND, seen.me] = seen.hand
            left, state = seat_by_seat(state, agree, work, pool)
        pools[k] = left
        for p in range(n):
            hands[k, p] = work[HAND, p]
    return tries, built


@jit
def draw_for_others(
    n: int, rules: np.ndarray, seed: np.uint64, seen: Seen, hands: np.ndarray, pools: np.ndarray
) -> np.ndarray:
    """Each other player who said play does its draw in every deal (as its heuristic bot
    throws; the cards drawn come at random from the deal's stock). `hands` become the hands
    after the draw (the passed seats' emptied); returns the unseen cards left over in each
    deal (stock, passed hands, thrown cards), never the turned card."""
    state = np.uint64(seed)
    stock = np.empty(52, dtype=np.int64)
    spare = np.zeros(hands.shape[0], dtype=np.int64)
    for k in range(hands.shape[0]):
        size = _fill(stock, pools[k])
        out = 0
        for p in range(n):
            if seen.said[p] != 1:
                out |= hands[k, p]
                hands[k, p] = 0
        for p in range(n):
            if p == seen.me or hands[k, p] == 0:
                continue
            throw, take = _draw_plan(rules, n, p, hands[k, p], seen.trump_card, seen.apart)
            hands[k, p] &= ~throw
            out |= throw
            need = count_cards(throw)
            if take:
                hands[k, p] |= 1 << seen.trump_card
                need -= 1
            for _ in range(need):
                if size == 0:  # the restock: any unseen card out of play
                    size = _fill(stock, out & ~seen.known_out)
                    out = 0
                card, state = _draw(state, stock, size)
                size -= 1
                hands[k, p] |= 1 << card
        for i in range(size):
            out |= 1 << stock[i]
        spare[k] = out & ~(1 << seen.trump_card) & ~seen.known_out
    return spare


@jit
def _suits(voids: int) -> int:
    """The mask of every card of the suits in `voids` (bit s: suit s)."""
    mask = 0
    for s in range(4):
        if voids >> s & 1:
            mask |= SUIT_FIELD << (13 * s)
    return mask


@jit
def fit_play(
    seed: np.uint64,
    me: int,
    mine: int,
    hands: np.ndarray,
    spare: np.ndarray,
    played: np.ndarray,
    voids: np.ndarray,
    need: np.ndarray,
    pins: np.ndarray,
    fitted: np.ndarray,
) -> np.ndarray:
    """Fill `fitted` (deals, n) with each deal's hands now: `mine` for seat `me`; for each
    other seat that is in (need > 0), `need` cards holding its `pins` (cards the table knows
    it holds), none of its `voids` (suit bits) and none of the `played` cards, kept from its
    hand after the draw as far as possible and completed with spare unseen cards. Returns
    which deals could be fitted."""
    state = np.uint64(seed)
    n = hands.shape[1]
    ok = np.ones(hands.shape[0], dtype=np.bool_)
    gone = 0
    for p in range(n):
        gone |= played[p]
    for k in range(hands.shape[0]):
        free = spare[k] & ~gone
        for p in range(n):
            fitted[k, p] = 0
            if p != me and need[p] > 0:
                free |= hands[k, p] & ~gone
        for p in range(n):  # the pinned cards first, then each seat's own cards that fit
            free &= ~pins[p]
        for p in range(n):
            if p == me:
                fitted[k, p] = mine
            elif need[p] > 0:
                keep = hands[k, p] & ~gone & ~_suits(voids[p]) & free
                fitted[k, p] = pins[p] | keep
                free &= ~keep
        for p in range(n):
            if p == me or need[p] <= 0:
                continue
            while count_cards(fitted[k, p]) > need[p]:
                extra = fitted[k, p] & ~pins[p]
                if extra == 0:
                    break
                card, state = random_card(state, extra)
                fitted[k, p] &= ~(1 << card)
                free |= 1 << card
            while count_cards(fitted[k, p]) < need[p]:
                allowed = free & ~_suits(voids[p])
                if allowed == 0:
                    break
                card, state = random_card(state, allowed)
                fitted[k, p] |= 1 << card
                free &= ~(1 << card)
            ok[k] = ok[k] and count_cards(fitted[k, p]) == need[p]
    return ok


@jit
def play_worlds(
    n: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    hands: np.ndarray,
    pools: np.ndarray,
    said: np.ndarray,
    thrown: np.ndarray,
    start: Start,
    choices: np.ndarray,
    takes: np.ndarray,
    won: np.ndarray,
    no_trump: np.ndarray,
    trick: np.ndarray,
    outcomes: Outcomes,
) -> int:
    """Play every deal (`hands` (deals, n) at the moment of `start`, `pools` each deal's
    stock) once for each choice of seat `start.seat`: its word in the declarations, the
    cards it throws in the draw (`takes`: and takes the separate card), or the card it plays.
    Deal k with choice j fills `outcomes` row k * choices + j. Returns an error code."""
    dealer = n - 1
    base = np.uint64(seed)
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((len(WORK_ROWS), n), dtype=np.int64)
    words = np.empty(n, dtype=np.int64)
    log = new_log()
    ways = choices.shape[0]
    room = min(n, trick.shape[0])
    for k in range(hands.shape[0]):
        _, deal_state = next_u64(base + np.uint64(k) * np.uint64(0x9E3779B97F4A7C15))
        for j in range(ways):
            _clear(n, dealer, work)
            for p in range(n):
                work[HAND, p], work[WON, p], work[NO_TRUMP, p] = hands[k, p], won[p], no_trump[p]
                words[p] = said[p]
            work[TRICK, :room] = trick[:room]  # the trick so far: fewer cards than seats
            at = _with_choice(start, choices[j], takes[j], _fill(stock, pools[k]), words)
            error, _ = play_from(
                n, dealer, rules, seats, deal_state, stock, work, words, thrown, at, outcomes,
                k * ways + j, log,
            )  # fmt: skip
            if error != 0:
                return error
    return 0


@jit_inline
def _with_choice(start: Start, choice: int, take: bool, size: int, words: np.ndarray) -> Start:
    """`start` with its seat's choice fixed: in the declarations its word (written in
    `words`), in the draw the cards it throws (and whether it takes the separate card), in
    the play its card; `size` cards in the stock."""
    forced = choice
    if start.phase == DECLARE_PHASE:
        words[start.seat], forced = choice, -1
    takes = take and start.phase == DRAW_PHASE
    return Start(
        phase=start.phase,
        seat=start.seat,
        forced=forced,
        take=takes,
        trump_card=start.trump_card,
        separate=start.separate,
        size=size,
        trick=start.trick,
    )
