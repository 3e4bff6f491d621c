"""Whole hands on bit masks, compiled: deal, play or pass, draw, five tricks.

`play_chunk` plays a run of consecutive hands at one table and writes, for each hand, who
played and how many tricks each seat took (an `Outcomes` record). Money is left to
`settle_hands`, which walks the hands in order (antes, second antes, the pot carried, bourré
payments, skipped antes) and fills a `MoneyByHand`. The split lets a long run be cut into chunks
played in parallel: the bots' card play never depends on the chips, so the chunks are
independent given their seeds.

The flow follows `bourre_lessons.game.Game` step by step; the comments name the rule switch
each step obeys. Every compiled function reads the rules from one int64 vector (`rules`, see
`switches.encode_rules`) by the index constants of `switches`.
"""

from __future__ import annotations

from typing import NamedTuple, get_type_hints

import numpy as np
from numba import literal_unroll

from ._jit import jit, jit_inline
from .bits import ALL_CARDS
from .legal import Position, legal
from .policy import (
    HEURISTIC,
    STRONG_DRAW,
    count_cards,
    declare_heuristic,
    discard_heuristic,
    discard_random,
    play_heuristic,
    random_card,
    random_subset_of_size,
)
from .rng import below, coin
from .switches import (
    ANTE_SKIP,
    ANTE_SKIP_IS_BOURRED_AND_TIED,
    ANTE_SKIP_IS_NONE,
    BOURRE_PAID_TO,
    BOURRE_PAID_TO_IS_WINNER,
    DEALER_ACE_LEADS,
    DEALER_ACE_MUST_PLAY,
    DEALER_ANTES_FOR_ALL,
    DEALER_MAY_DISCARD_TRUMP_CARD,
    DRAWS_IN_TURN,
    LONE_PLAYER_WINS,
    MAX_DISCARDS,
    NO_POT_LIMIT,
    PAYS_SECOND_ANTE,
    POT_LIMIT,
    RESTOCK,
    RESTOCK_IS_FOLDED_AND_SERVED_DISCARDS,
    SEPARATE_TRUMP_CARD,
    SEPARATE_TRUMP_CARD_IS_DEALER,
    SEPARATE_TRUMP_CARD_IS_OFF,
    SIMULTANEOUS_DECLARATION,
    SWITCH_FIELDS,
    TRUMP_WHEN_CANNOT_WIN,
)

__all__ = [
    "LOG_COLUMNS",
    "LOG_WIDTH",
    "SWITCH_FIELDS",
    "DecisionLog",
    "FixedDeal",
    "MoneyByHand",
    "Outcomes",
    "Seats",
    "Start",
    "TrickInPlay",
    "declarations_agree",
    "fresh_start",
    "logged_legal",
    "logged_position",
    "logged_trick",
    "new_log",
    "new_outcomes",
    "play_chunk",
    "play_fixed",
    "play_from",
    "settle_hands",
]

ACE = 12  # rank index of the ace in a suit field
SAID_PLAY = 1
DEALER_ALONE = 2  # everyone else passed: the dealer takes the pot without declaring

# error codes of play_chunk
OK = 0
EMPTY_RESTOCK = 1

# where play_from takes a hand up
DECLARE_PHASE = 0
DRAW_PHASE = 1
PLAY_PHASE = 2


# --- records: what the compiled functions take and fill ------------------------------------
# The phases of a hand (`_draw_phase`, `_serve`, ...) take the same arrays as separate
# arguments on purpose: bundled in one record (tried in session 8: seats, rules, stock, work),
# Numba counts a reference up and down each time an inlined phase takes an array out of it,
# and `simulate` ran about 10% slower under every preset. Small values that are read, not
# passed down the hot loop, do travel as records (`TrickInPlay`, `Start`).


class Seats(NamedTuple):
    """The bot in each seat: its policy (`policy.RANDOM` or `policy.HEURISTIC`) and, for the
    heuristic, its boldness."""

    kinds: np.ndarray  # int64, one a seat
    boldness: np.ndarray  # float64, one a seat


class Outcomes(NamedTuple):
    """What the card play of each hand produced, one row a hand (filled by `play_chunk`)."""

    declared: np.ndarray  # int8 (hands, players): 0 passed, SAID_PLAY, DEALER_ALONE
    tricks: np.ndarray  # int8 (hands, players): tricks taken
    turned: np.ndarray  # int8 (hands,): the turned card's bit


class FixedDeal(NamedTuple):
    """One seat's known hand for `play_fixed`: the seat, its cards (a mask) and the turned
    card's bit; `said` holds, seat by seat, a declaration known in advance (0 pass, 1 play, -1
    the seat's bot decides): the fixed seat's choice, and what it heard before it spoke; in one
    round (`Rules.draws_in_turn`) `thrown` holds how many cards each earlier player who said
    play was heard to throw away (-1: not heard). A deal in which a heuristic bot would not say
    or throw what was heard is dealt again (a random bot is made to); `tries[0]` counts every
    deal made, kept or not."""

    seat: int
    hand: int
    trump_card: int
    said: np.ndarray  # int64, one a seat
    thrown: np.ndarray  # int64, one a seat
    tries: np.ndarray  # int64 (1,)


class TrickInPlay(NamedTuple):
    """The play of the cards where a hand is taken up: tricks already played, the active
    index of the current trick's leader and of the seat winning it so far, its cards (count,
    mask, the suit led, the best card, trumped) and the cards of the tricks before it."""

    tricks_done: int
    leader: int
    winner: int
    trick_n: int
    trick_mask: int
    led: int
    best: int
    trumped: bool
    seen: int


class Start(NamedTuple):
    """Where `play_from` takes a hand up. phase -- DECLARE_PHASE, DRAW_PHASE or PLAY_PHASE
    (the declarations always run, from `said` where it is known); seat, forced, take -- the
    decision of that seat that is fixed in advance: in the draw the cards it throws (and
    whether the dealer takes the separate card), in the play the card it plays (-1: none);
    trump_card, separate (the card still on offer, or -1), size (cards in the stock array);
    trick -- for PLAY_PHASE, the trick being played (`TrickInPlay`)."""

    phase: int
    seat: int
    forced: int
    take: bool
    trump_card: int
    separate: int
    size: int
    trick: TrickInPlay


class DecisionLog(NamedTuple):
    """Room for logged card decisions: one row each (see LOG_COLUMNS); `count[0]` counts the
    rows written. Zero rows logs nothing."""

    rows: np.ndarray  # int64 (capacity, LOG_WIDTH)
    count: np.ndarray  # int64 (1,)


class MoneyByHand(NamedTuple):
    """The money of each hand, filled by `settle_hands` (the fields of `SimulationResult`)."""

    dealer: np.ndarray
    pot_before: np.ndarray
    pot_played: np.ndarray
    pot_after: np.ndarray
    winner: np.ndarray
    split: np.ndarray
    all_passed: np.ndarray
    taken: np.ndarray
    antes: np.ndarray
    payments: np.ndarray
    played: np.ndarray
    bourred: np.ndarray


LOG_COLUMNS = Position._fields
"""A logged card decision: the fields of its `Position`, then the trick's cards in play order
(-1 pads)."""
LOG_TRICK = len(LOG_COLUMNS)
"""The column of the trick's first card in a logged decision."""
TRICK_SLOTS = 8  # a trick holds at most one card a player, and a table at most eight
LOG_WIDTH = LOG_TRICK + TRICK_SLOTS
_COLUMN_TYPES = tuple(get_type_hints(Position)[name] for name in LOG_COLUMNS)  # int or bool


def new_outcomes(hands: int, players: int) -> Outcomes:
    """Zeroed room for the outcomes of `hands` hands at a table of `players`."""
    return Outcomes(
        declared=np.zeros((hands, players), dtype=np.int8),
        tricks=np.zeros((hands, players), dtype=np.int8),
        turned=np.zeros(hands, dtype=np.int8),
    )


@jit_inline
def new_log(rows: int = 0) -> DecisionLog:
    """Room for `rows` logged card decisions (none by default: nothing is logged)."""
    return DecisionLog(np.zeros((rows, LOG_WIDTH), dtype=np.int64), np.zeros(1, dtype=np.int64))


def logged_position(row: np.ndarray) -> Position:
    """The `Position` of one logged decision (a row of a `DecisionLog`)."""
    return Position(
        *(kind(v) for kind, v in zip(_COLUMN_TYPES, row[:LOG_TRICK].tolist(), strict=True))
    )


def logged_trick(row: np.ndarray) -> tuple[int, ...]:
    """The bits of the cards already in the trick of one logged decision, in play order."""
    cards = row[LOG_TRICK : LOG_TRICK + logged_position(row).trick_n]
    return tuple(int(c) for c in cards)


@jit
def logged_legal(rows: np.ndarray, rules: np.ndarray) -> np.ndarray:
    """The legal mask of each logged decision (rows of a `DecisionLog`) under `rules`."""
    masks = np.empty(rows.shape[0], dtype=np.int64)
    for i in range(rows.shape[0]):
        row = rows[i]
        position = Position(  # column k holds field k of Position (LOG_COLUMNS)
            row[0], row[1], row[2], row[3], row[4], row[5] != 0, row[6], row[7], row[8],
            row[9], row[10] != 0,
        )  # fmt: skip
        masks[i] = legal(position, rules)[0]
    return masks


# the rows of the scratch array `work`, each one entry a seat (or a place in order)
WORK_ROWS = ("hand", "discards", "order", "active", "won", "no_trump", "trick")
HAND = WORK_ROWS.index("hand")  # each seat's cards
DISCARDS = WORK_ROWS.index("discards")  # each seat's discards
ORDER = WORK_ROWS.index("order")  # the seats in speaking order, from the dealer's left
ACTIVE = WORK_ROWS.index("active")  # the players in, in speaking order
WON = WORK_ROWS.index("won")  # tricks each seat has taken
NO_TRUMP = WORK_ROWS.index("no_trump")  # 1 for a seat the table knows to be out of trumps
TRICK = WORK_ROWS.index("trick")  # the cards of the trick in progress, in play order


@jit
def _log_decision(row: np.ndarray, position: Position, trick_cards: np.ndarray) -> None:
    """Write one decision to a log row: the position's fields (LOG_COLUMNS), then the trick."""
    column = 0
    for value in literal_unroll(position):
        row[column] = value
        column += 1  # noqa: SIM113 - literal_unroll cannot be enumerated
    for j in range(TRICK_SLOTS):
        row[LOG_TRICK + j] = trick_cards[j] if j < position.trick_n else -1


@jit_inline
def _draw(state: np.uint64, stock: np.ndarray, size: int) -> tuple[int, np.uint64]:
    """(a random card from the first `size` places of the stock, swapped to the end; the new
    state). Inlined, so the stock array is not passed through a call on the hot path."""
    j, state = below(state, size)
    card = stock[j]
    stock[j] = stock[size - 1]
    stock[size - 1] = card
    return card, state


@jit
def _fill(stock: np.ndarray, mask: int) -> int:
    """Put the cards of `mask` in the stock; returns how many."""
    size = 0
    for card in range(52):
        if mask >> card & 1:
            stock[size] = card
            size += 1
    return size


@jit
def _declare(
    kind: int,
    boldness: float,
    state: np.uint64,
    hand: int,
    trump: int,
    place: int,
    players: int,
    playing_before: int,
    strong_before: int,
) -> tuple[bool, np.uint64]:
    """(play or pass for one seat's bot, the new random state)."""
    if kind == HEURISTIC:
        says = declare_heuristic(
            hand, trump, place, players, playing_before, boldness, strong_before
        )
        return says, state
    return coin(state)


@jit_inline
def _dealt(
    n: int,
    dealer: int,
    rules: np.ndarray,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    fixed: FixedDeal,
) -> tuple[int, int, int, np.uint64]:
    """A fresh table from the dealer's left and the deal (see `_deal`)."""
    _clear(n, dealer, work)
    return _deal(n, dealer, rules[SEPARATE_TRUMP_CARD], state, stock, work, fixed)


@jit_inline
def _clear(n: int, dealer: int, work: np.ndarray) -> None:
    """Empty hands, discards, tricks and voids; the speaking order from the dealer's left."""
    for i in range(n):
        seat = dealer + 1 + i
        work[ORDER, i] = seat - n if seat >= n else seat  # no division on the hot path
        for k in (HAND, DISCARDS, WON, NO_TRUMP):
            work[k, i] = 0


@jit_inline
def fresh_start(trump_card: int, separate: int, size: int) -> Start:
    """A hand taken up before anyone has spoken, nothing forced."""
    return _opening(DECLARE_PHASE, -1, trump_card, separate, size, 0)


@jit_inline
def _opening(
    phase: int, seat: int, trump_card: int, separate: int, size: int, leader: int
) -> Start:
    """A `Start` before any card is played: no trick begun, nothing forced, the first trick
    to be led by the active index `leader`."""
    no_card_yet = TrickInPlay(
        tricks_done=0,
        leader=leader,
        winner=leader,
        trick_n=0,
        trick_mask=0,
        led=-1,
        best=-1,
        trumped=False,
        seen=0,
    )
    return Start(phase, seat, -1, False, trump_card, separate, size, no_card_yet)


@jit_inline
def play_from(
    n: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    said: np.ndarray,
    thrown: np.ndarray,
    start: Start,
    outcomes: Outcomes,
    row: int,
    log: DecisionLog,
) -> tuple[int, np.uint64]:
    """Play a hand on from `start` (see `Start`), the cards in `work` (HAND: each seat's
    cards at that moment; for PLAY_PHASE also WON, NO_TRUMP and the trick so far in TRICK)
    and the first `start.size` places of `stock`; fills row `row` of `outcomes`. `said` and
    `thrown` are the words and, in one round, the draw counts known in advance (-1: the
    seat's bot decides)."""
    if rules[DRAWS_IN_TURN] != 0 and start.phase != PLAY_PHASE:
        return _from_one_round(
            n, dealer, rules, seats, state, stock, work, said, thrown, start, outcomes, row, log
        )
    return _from_two_rounds(
        n, dealer, rules, seats, state, stock, work, said, thrown, start, outcomes, row, log
    )


@jit_inline
def _from_one_round(
    n: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    said: np.ndarray,
    thrown: np.ndarray,
    start: Start,
    outcomes: Outcomes,
    row: int,
    log: DecisionLog,
) -> tuple[int, np.uint64]:
    """`play_from` when each player who says play draws at once (pagat, as the course reads
    it): `start` is before the play (DECLARE_PHASE or DRAW_PHASE)."""
    declared = _cleared(outcomes, row, start.trump_card)
    forced_seat = start.seat if start.phase == DRAW_PHASE else -1
    n_active, separate_taken, error, state = _one_round(
        n, dealer, rules, seats, state, stock, work, start.trump_card, start, said, thrown,
        declared, forced_seat,
    )  # fmt: skip
    if error != OK:
        return error, state
    return _play_out(
        n, n_active, dealer, rules, seats, state, work, declared, separate_taken, start,
        outcomes, row, log,
    )  # fmt: skip


@jit_inline
def _from_two_rounds(
    n: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    said: np.ndarray,
    thrown: np.ndarray,
    start: Start,
    outcomes: Outcomes,
    row: int,
    log: DecisionLog,
) -> tuple[int, np.uint64]:
    """`play_from` when the draw follows the declarations (or the play has begun): every
    seat speaks, then the players in draw in turn."""
    declared = _cleared(outcomes, row, start.trump_card)
    n_active, folded, state = _declarations(
        n, rules, seats, state, work, start.trump_card, said, declared
    )
    separate_taken = False
    if n_active > 1 and start.phase != PLAY_PHASE:
        forced_seat = start.seat if start.phase == DRAW_PHASE else -1
        separate_taken, error, state = _draw_phase(
            n, n_active, dealer, rules, seats, state, stock, work, start.trump_card,
            start.separate, start.size, folded, forced_seat, start.forced, start.take,
        )  # fmt: skip
        if error != OK:
            return error, state
    return _play_out(
        n, n_active, dealer, rules, seats, state, work, declared, separate_taken, start,
        outcomes, row, log,
    )  # fmt: skip


@jit_inline
def _cleared(outcomes: Outcomes, row: int, trump_card: int) -> np.ndarray:
    """Row `row` of `outcomes` emptied, with its turned card; returns its `declared` row."""
    declared = outcomes.declared[row]
    declared[:] = 0
    outcomes.tricks[row, :] = 0
    outcomes.turned[row] = trump_card
    return declared


@jit_inline
def _play_out(
    n: int,
    n_active: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    work: np.ndarray,
    declared: np.ndarray,
    separate_taken: bool,
    start: Start,
    outcomes: Outcomes,
    row: int,
    log: DecisionLog,
) -> tuple[int, np.uint64]:
    """After the declarations and the draw: the hand ends if nobody or one player is in,
    else the tricks are played (from the first lead, or from `start`'s trick in PLAY_PHASE);
    the tricks taken go to row `row` of `outcomes`."""
    if n_active == 0:
        return OK, state  # everyone passed: the pot carries
    if n_active == 1:
        # a lone player (or the dealer nobody challenged) takes the pot, by rule or by
        # winning every trick alone
        outcomes.tricks[row, work[ACTIVE, 0]] = 5
        return OK, state
    trump_card = start.trump_card
    if start.phase != PLAY_PHASE:
        leader = _first_leader(n_active, dealer, rules, work, declared, trump_card, separate_taken)
        start = _opening(PLAY_PHASE, start.seat, trump_card, -1, 0, leader)
    state = _tricks(n_active, rules, seats, state, work, trump_card // 13, log, start)
    for p in range(n):
        outcomes.tricks[row, p] = work[WON, p]
    return OK, state


@jit_inline
def _first_leader(
    n_active: int,
    dealer: int,
    rules: np.ndarray,
    work: np.ndarray,
    declared: np.ndarray,
    trump_card: int,
    separate_taken: bool,
) -> int:
    """The active index of the first trick's leader: the dealer's left, unless the dealer
    turned an ace and plays (glimne, and not with a separate trump card still apart)."""
    no_separate = rules[SEPARATE_TRUMP_CARD] == SEPARATE_TRUMP_CARD_IS_OFF or separate_taken
    turned_ace = trump_card % 13 == ACE
    if rules[DEALER_ACE_LEADS] == 0 or not turned_ace or not no_separate:
        return 0
    for a in range(n_active):
        if work[ACTIVE, a] == dealer and declared[dealer] == SAID_PLAY:
            return a  # glimne: a turned ace makes the dealer lead
    return 0


@jit_inline
def _deal(
    n: int,
    dealer: int,
    separate_mode: int,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    fixed: FixedDeal,
) -> tuple[int, int, int, np.uint64]:
    """Five cards each from the dealer's left; the dealer's last card is turned (or a sixth
    card apart). Returns (turned card, separate card or -1, cards left in stock, state)."""
    apart = separate_mode != SEPARATE_TRUMP_CARD_IS_OFF
    if fixed.seat < 0:
        size = 52
        for i in range(52):
            stock[i] = i
        trump_card = -1
        for _ in range(5):
            for i in range(n):
                card, state = _draw(state, stock, size)
                size -= 1
                work[HAND, work[ORDER, i]] |= 1 << card
                trump_card = card
        if not apart:
            return trump_card, -1, size, state
        separate, state = _draw(state, stock, size)
        return separate, separate, size - 1, state
    size = _fill(stock, ALL_CARDS & ~(fixed.hand | (1 << fixed.trump_card)))
    work[HAND, fixed.seat] = fixed.hand
    if not apart and fixed.seat != dealer:
        work[HAND, dealer] = 1 << fixed.trump_card
    for i in range(n):
        p = work[ORDER, i]
        while p != fixed.seat and count_cards(work[HAND, p]) < 5:
            card, state = _draw(state, stock, size)
            size -= 1
            work[HAND, p] |= 1 << card
    return fixed.trump_card, fixed.trump_card if apart else -1, size, state


@jit_inline
def _must_play(rules: np.ndarray, trump_card: int) -> bool:
    """pagat: a turned ace binds the dealer to play (not with a separate trump card)."""
    no_separate = rules[SEPARATE_TRUMP_CARD] == SEPARATE_TRUMP_CARD_IS_OFF
    return rules[DEALER_ACE_MUST_PLAY] != 0 and trump_card % 13 == ACE and no_separate


@jit_inline
def _forced_word(rules: np.ndarray, trump_card: int, i: int, n: int, playing: int) -> int:
    """The word the rules force on the seat at place `i` of the speaking order, having heard
    `playing` players say play: the dealer alone takes the pot when all others passed
    (pagat; not when everyone declares at once), DEALER_ALONE; a turned ace binds the dealer
    to play (pagat), SAID_PLAY; -1 when the seat is free."""
    if i != n - 1:
        return -1
    blind = rules[SIMULTANEOUS_DECLARATION] != 0  # all at once: nobody knows the others' word
    if rules[LONE_PLAYER_WINS] != 0 and playing == 0 and not blind:
        return DEALER_ALONE
    if _must_play(rules, trump_card):
        return SAID_PLAY
    return -1


@jit_inline
def _word(
    n: int,
    i: int,
    p: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    work: np.ndarray,
    trump_card: int,
    said: np.ndarray,
    playing: int,
    strong: int,
) -> tuple[int, np.uint64]:
    """(the word of seat `p`, place `i` of the speaking order: 0 pass, SAID_PLAY or
    DEALER_ALONE; the new state): the rules' word if they force one (`_forced_word`), the
    word known in advance (`said`, -1 where unknown), else its bot's, having heard `playing`
    players say play (none when everyone declares at once) and `strong` of them draw few."""
    forced = _forced_word(rules, trump_card, i, n, playing)
    if forced >= 0:
        return forced, state
    if said[p] >= 0:
        return (SAID_PLAY if said[p] == 1 else 0), state
    heard = 0 if rules[SIMULTANEOUS_DECLARATION] != 0 else playing
    says, state = _declare(
        seats.kinds[p], seats.boldness[p], state, work[HAND, p], trump_card // 13, i, n,
        heard, strong,
    )  # fmt: skip
    return (SAID_PLAY if says else 0), state


@jit_inline
def _declarations(
    n: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    work: np.ndarray,
    trump_card: int,
    said: np.ndarray,
    declared: np.ndarray,
) -> tuple[int, int, np.uint64]:
    """Play or pass from the dealer's left, the dealer last; a seat's word known in advance
    (`said`, -1 where its bot decides) is taken as given. Returns (players in, the passed
    players' cards, state); the players in are listed in work row ACTIVE."""
    folded = 0
    n_active = 0
    for i in range(n):
        p = work[ORDER, i]
        declared[p], state = _word(
            n, i, p, rules, seats, state, work, trump_card, said, n_active, 0
        )
        if declared[p] != 0:
            work[ACTIVE, n_active] = p
            n_active += 1
        else:
            folded |= work[HAND, p]
            work[HAND, p] = 0
    return n_active, folded, state


@jit
def declarations_agree(
    n: int,
    rules: np.ndarray,
    seats: Seats,
    work: np.ndarray,
    trump_card: int,
    said: np.ndarray,
    thrown: np.ndarray,
    skip: int,
) -> bool:
    """Whether every heuristic bot whose word is known (`said` >= 0, seat `skip` aside) would
    say it holding the cards in work row HAND, having heard what was said before it, and, in
    one round, throw away as many cards as it was heard to (`thrown` >= 0) and hear the draws
    before it. (In one round a random bot's throw counts as heard only where `thrown` says,
    and as weak where it does not: mixed tables are not told apart.)"""
    trump = trump_card // 13
    one_round = rules[DRAWS_IN_TURN] != 0
    limit = rules[MAX_DISCARDS]
    before = 0
    strong = 0
    for i in range(n):
        p = work[ORDER, i]
        if said[p] < 0:
            continue
        forced = _forced_word(rules, trump_card, i, n, before)
        if p != skip and seats.kinds[p] == HEURISTIC and forced < 0:
            heard = 0 if rules[SIMULTANEOUS_DECLARATION] != 0 else before
            says = declare_heuristic(work[HAND, p], trump, i, n, heard, seats.boldness[p], strong)
            if says != (said[p] == 1):
                return False
        if said[p] != 1:
            continue
        before += 1
        if not one_round or forced == DEALER_ALONE:
            continue
        count = thrown[p]
        if seats.kinds[p] == HEURISTIC and p != skip:
            # the heard seats come before the dealer: no turned card is locked or on offer
            throw, _ = discard_heuristic(work[HAND, p], trump, 0, limit, False)
            if count >= 0 and count_cards(throw) != count:
                return False
            count = count_cards(throw)
        if 0 <= count <= STRONG_DRAW:
            strong += 1
    return True


@jit_inline
def _draw_phase(
    n: int,
    n_active: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    trump_card: int,
    separate: int,
    size: int,
    folded: int,
    forced_seat: int,
    forced_throw: int,
    forced_take: bool,
) -> tuple[bool, int, np.uint64]:
    """Two rounds: each player in discards and draws in turn, restocking as the rules say;
    seat `forced_seat` throws `forced_throw` (and takes the separate card if `forced_take`).
    Returns (the dealer took the separate card, error, state)."""
    separate_taken = False
    for a in range(n_active):
        p = work[ACTIVE, a]
        forced = forced_throw if p == forced_seat else -1
        took, size, folded, error, state = _serve(
            n, p, dealer, rules, seats, state, stock, work, trump_card, separate,
            size, folded, separate_taken, forced, forced_take, -1,
        )  # fmt: skip
        separate_taken = separate_taken or took
        if error != OK:
            return separate_taken, error, state
    return separate_taken, OK, state


@jit_inline
def _serve(
    n: int,
    p: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    trump_card: int,
    separate: int,
    size: int,
    folded: int,
    separate_taken: bool,
    forced_throw: int,
    forced_take: bool,
    count: int,
) -> tuple[bool, int, int, int, np.uint64]:
    """Seat `p` discards and draws, restocking as the rules say: it throws `forced_throw`
    (and takes the separate card if `forced_take`) when that is given (>= 0), else its bot
    decides; a random bot heard to throw `count` cards (>= 0) throws that many. Returns (it
    took the separate card, the stock's size, the passed cards left, error, state)."""
    trump = trump_card // 13
    limit = rules[MAX_DISCARDS]
    no_separate = rules[SEPARATE_TRUMP_CARD] == SEPARATE_TRUMP_CARD_IS_OFF
    may_take = rules[SEPARATE_TRUMP_CARD] == SEPARATE_TRUMP_CARD_IS_DEALER and separate >= 0
    served_too = rules[RESTOCK] == RESTOCK_IS_FOLDED_AND_SERVED_DISCARDS
    locked = 0
    if no_separate and p == dealer and rules[DEALER_MAY_DISCARD_TRUMP_CARD] == 0:
        locked = 1 << trump_card  # the turned card stays with the dealer (a house rule)
    can_take = may_take and p == dealer and not separate_taken
    if forced_throw >= 0:
        throw, take = forced_throw, forced_take and can_take
    elif seats.kinds[p] == HEURISTIC:
        throw, take = discard_heuristic(work[HAND, p], trump, locked, limit, can_take)
    elif count >= 0:
        throw, state = random_subset_of_size(state, work[HAND, p] & ~locked, count)
        take = False
    else:
        throw, take, state = discard_random(state, work[HAND, p], locked, limit, can_take)
    work[HAND, p] &= ~throw
    work[DISCARDS, p] |= throw
    need = count_cards(throw)
    if take:
        work[HAND, p] |= 1 << separate
        need -= 1
    for _ in range(need):
        if size == 0:
            size, folded = _restock(n, p, served_too, stock, work, folded)
            if size == 0:
                return take, size, folded, EMPTY_RESTOCK, state
        card, state = _draw(state, stock, size)
        size -= 1
        work[HAND, p] |= 1 << card
    return take, size, folded, OK, state


@jit_inline
def _one_round(
    n: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    trump_card: int,
    start: Start,
    said: np.ndarray,
    thrown: np.ndarray,
    declared: np.ndarray,
    forced_seat: int,
) -> tuple[int, bool, int, np.uint64]:
    """One round (`Rules.draws_in_turn`): from the dealer's left, the dealer last, each seat
    says play or pass, and a seat that says play discards and draws at once, so every later
    seat hears how many cards it threw (`_word` and `_serve` give the rules of each step). Returns (players in, listed in work row ACTIVE; the dealer took the separate card;
    error; state)."""
    size, folded = start.size, 0
    n_active, strong = 0, 0
    separate_taken = False
    for i in range(n):
        p = work[ORDER, i]
        declared[p], state = _word(
            n, i, p, rules, seats, state, work, trump_card, said, n_active, strong
        )
        if declared[p] == 0:
            folded |= work[HAND, p]
            work[HAND, p] = 0
            continue
        work[ACTIVE, n_active] = p
        n_active += 1
        if declared[p] == DEALER_ALONE:
            continue  # takes the pot without a draw
        forced = start.forced if p == forced_seat else -1
        took, size, folded, error, state = _serve(
            n, p, dealer, rules, seats, state, stock, work, trump_card, start.separate,
            size, folded, separate_taken, forced, start.take, thrown[p],
        )  # fmt: skip
        separate_taken = separate_taken or took
        if error != OK:
            return n_active, separate_taken, error, state
        if count_cards(work[DISCARDS, p]) <= STRONG_DRAW:
            strong += 1  # heard: this player kept nearly every card
    return n_active, separate_taken, OK, state


@jit
def _restock(
    n: int, player: int, served_too: bool, stock: np.ndarray, work: np.ndarray, folded: int
) -> tuple[int, int]:
    """The stock ran out while `player` draws: gather the passed hands and the other players'
    discards (pagat, `served_too`), or the passed hands first and the discards once those are
    gone (wikipedia; glimne by the engine's reading). Returns (new stock size, passed cards left)."""
    if served_too or folded == 0:
        pool = folded if served_too else 0
        for q in range(n):
            if q != player:
                pool |= work[DISCARDS, q]
                work[DISCARDS, q] = 0
        return _fill(stock, pool), 0
    return _fill(stock, folded), 0


@jit_inline
def _tricks(
    n_active: int,
    rules: np.ndarray,
    seats: Seats,
    state: np.uint64,
    work: np.ndarray,
    trump: int,
    log: DecisionLog,
    start: Start,
) -> np.uint64:
    """The tricks left among the players in (work row ACTIVE), from the trick of `start`
    (seat `start.seat` plays `start.forced` at its first turn, if given); counts each one's
    tricks in work row WON.

    Kept whole on purpose: this is the compiled core's inner loop (every card of every
    simulated hand), and the trick's state (the cards so far, the best card, the voids the
    table knows) lives in local variables across both loops; split into functions, that
    state would be passed in and out of each call. The rules it applies are the readable
    engine's (`play.beats`, `play.voids_shown_by`, `legal`), and tests/test_fast.py replays
    its hands move for move in the `Game`."""
    n_out = 0  # players the table knows to be out of trumps (work row NO_TRUMP)
    for a in range(n_active):
        n_out += work[NO_TRUMP, work[ACTIVE, a]]
    trick = start.trick
    seen = trick.seen
    leader, winner = trick.leader, trick.winner
    trick_n, trick_mask = trick.trick_n, trick.trick_mask
    led, best, trumped = trick.led, trick.best, trick.trumped
    forced = start.forced
    twcw = rules[TRUMP_WHEN_CANNOT_WIN] != 0
    for _ in range(trick.tricks_done, 5):
        for k in range(trick_n, n_active):
            a = leader + k - (n_active if leader + k >= n_active else 0)
            p = work[ACTIVE, a]
            after = n_active - 1 - k
            others_out = n_out - work[NO_TRUMP, p] == n_active - 1
            position = Position(  # in the order of Position's fields
                work[HAND, p], trump, trick_n, led, best, trumped, trick_mask, seen,
                work[WON, p], after, others_out,
            )  # fmt: skip
            if log.count[0] < log.rows.shape[0]:
                _log_decision(log.rows[log.count[0]], position, work[TRICK])
                log.count[0] += 1
            mask, _code = legal(position, rules)
            if forced >= 0 and p == start.seat:
                card, forced = forced, -1
            else:
                card, state = _bot_card(seats.kinds[p], mask, position, state)
            suit = card // 13
            if trick_n == 0:
                led, best, winner = suit, card, a
            else:
                # what the table learns: this player holds no trump (play.voids_shown_by)
                shows_void = led == trump or (suit != trump and (not trumped or twcw))
                if suit != led and work[NO_TRUMP, p] == 0 and shows_void:
                    work[NO_TRUMP, p] = 1
                    n_out += 1
                # the card takes the lead from the best so far (play.beats)
                if (suit == best // 13 and card > best) or (suit == trump and best // 13 != trump):
                    best, winner = card, a
                    trumped = trumped or (suit == trump and led != trump)
            trick_mask |= 1 << card
            work[TRICK, trick_n] = card
            trick_n += 1  # counts the cards in this trick
            work[HAND, p] &= ~(1 << card)
        work[WON, work[ACTIVE, winner]] += 1
        seen |= trick_mask
        leader = winner
        trick_n, led, best, trumped, trick_mask = 0, -1, -1, False, 0
    return state


@jit_inline
def _bot_card(kind: int, mask: int, position: Position, state: np.uint64) -> tuple[int, np.uint64]:
    """(the card a bot of policy `kind` plays among the legal cards `mask`, the new state)."""
    if kind == HEURISTIC:
        p = position
        card = play_heuristic(
            mask, p.hand, p.trump, p.trick_n, p.best, p.trick_mask, p.seen, p.after
        )
        return card, state
    return random_card(state, mask)


def play_chunk(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
) -> int:
    """Play hands first_hand, first_hand + 1, ... (one per row of `outcomes`); the dealer of
    hand h sits at seat h mod n. Card decisions are logged while `log` has room. Returns an
    error code (0 when every hand was played).

    Each order of play has its own compiled loop, chosen here once for the chunk: with both
    flows in one compiled loop, `simulate` ran about 15% slower under every preset (issue
    31), though a hand only ever takes one of them."""
    chunk = _chunk_in_one_round if rules[DRAWS_IN_TURN] != 0 else _chunk_in_two_rounds
    return int(chunk(n, first_hand, rules, seats, seed, outcomes, log))


@jit
def _chunk_in_one_round(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
) -> int:
    """`play_chunk` when each player who says play draws at once (`Rules.draws_in_turn`)."""
    state, stock, work, nobody = _chunk_table(n, first_hand, seed)
    dealer = first_hand % n
    for h in range(outcomes.declared.shape[0]):
        trump_card, separate, size, state = _dealt(n, dealer, rules, state, stock, work, nobody)
        error, state = _from_one_round(
            n, dealer, rules, seats, state, stock, work, nobody.said, nobody.thrown,
            fresh_start(trump_card, separate, size), outcomes, h, log,
        )  # fmt: skip
        if error != OK:
            return error
        dealer = dealer + 1 if dealer + 1 < n else 0
    return OK


@jit
def _chunk_in_two_rounds(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    outcomes: Outcomes,
    log: DecisionLog,
) -> int:
    """`play_chunk` when the draw follows the declarations."""
    state, stock, work, nobody = _chunk_table(n, first_hand, seed)
    dealer = first_hand % n
    for h in range(outcomes.declared.shape[0]):
        trump_card, separate, size, state = _dealt(n, dealer, rules, state, stock, work, nobody)
        error, state = _from_two_rounds(
            n, dealer, rules, seats, state, stock, work, nobody.said, nobody.thrown,
            fresh_start(trump_card, separate, size), outcomes, h, log,
        )  # fmt: skip
        if error != OK:
            return error
        dealer = dealer + 1 if dealer + 1 < n else 0
    return OK


@jit_inline
def _chunk_table(
    n: int, first_hand: int, seed: np.uint64
) -> tuple[np.uint64, np.ndarray, np.ndarray, FixedDeal]:
    """(the random state, the stock and work arrays, a `FixedDeal` fixing nothing) for a
    chunk of hands at a table of `n`."""
    # typed int64 rather than literal constants, so _deal compiles once for every caller
    no_hand = first_hand * 0
    no_seat = no_hand - 1
    unknown = np.full(n, -1, dtype=np.int64)
    nobody = FixedDeal(no_seat, no_hand, no_hand, unknown, unknown, np.zeros(1, dtype=np.int64))
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((len(WORK_ROWS), n), dtype=np.int64)
    return np.uint64(seed), stock, work, nobody


@jit
def play_fixed(
    n: int,
    dealer: int,
    rules: np.ndarray,
    seats: Seats,
    seed: np.uint64,
    fixed: FixedDeal,
    outcomes: Outcomes,
    max_tries: int,
) -> int:
    """Deal many times around one known hand (the advisor's question); one deal per row.
    A deal in which a heuristic bot would not say what `fixed.said` says it said is dealt
    again (the fixed seat's own word aside); after `max_tries` deals in all, the rows left
    are not played: the rows played are `outcomes` rows 0 to the returned count - 1."""
    log = new_log()
    state = np.uint64(seed)
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((len(WORK_ROWS), n), dtype=np.int64)
    separate_mode = rules[SEPARATE_TRUMP_CARD]
    for h in range(outcomes.declared.shape[0]):
        while True:
            if fixed.tries[0] >= max_tries:
                return h
            fixed.tries[0] += 1
            _clear(n, dealer, work)
            trump_card, separate, size, state = _deal(
                n, dealer, separate_mode, state, stock, work, fixed
            )
            if declarations_agree(
                n, rules, seats, work, trump_card, fixed.said, fixed.thrown, fixed.seat
            ):
                break
        start = fresh_start(trump_card, separate, size)
        error, state = play_from(
            n, dealer, rules, seats, state, stock, work, fixed.said, fixed.thrown, start,
            outcomes, h, log,
        )  # fmt: skip
        if error != OK:
            return -1
    return outcomes.declared.shape[0]


@jit
def settle_hands(
    n: int,
    rules: np.ndarray,
    outcomes: Outcomes,
    dealer: int,
    pot: int,
    skip: np.ndarray,
    bankrolls: np.ndarray,
    money: MoneyByHand,
) -> int:
    """Walk the hands in order and move the chips (settle.settle's rules); returns the pot.

    The first hand is dealt by seat `dealer` with `pot` carried in; `skip` marks the seats
    that put in no ante in it, and is left marking those of the hand after the last (so a
    long run can be settled chunk after chunk). Fills the per-hand arrays of `money` (zeroed
    by the caller) and updates `bankrolls` in place; also marks who played, who was bourréd,
    the hands everyone passed, and each hand's dealer.

    Kept whole on purpose, a compiled loop over every hand of a run: split into inlined
    phases (antes, the winner, the payments) it ran 15-20% slower. It is the compiled copy of
    `settle.settle` and of the antes; tests/test_simulate.py checks every hand's money
    against `settle`.
    """
    declared, tricks = outcomes.declared, outcomes.tricks
    limit = rules[POT_LIMIT]
    to_winner = rules[BOURRE_PAID_TO] == BOURRE_PAID_TO_IS_WINNER
    dealer_antes = rules[DEALER_ANTES_FOR_ALL] != 0
    second_ante = rules[PAYS_SECOND_ANTE] != 0
    skips_bourred = rules[ANTE_SKIP] != ANTE_SKIP_IS_NONE
    skips_tied = rules[ANTE_SKIP] == ANTE_SKIP_IS_BOURRED_AND_TIED
    for h in range(declared.shape[0]):
        money.dealer[h] = dealer
        money.pot_before[h] = pot
        # antes: one each (or the dealer's for all who owe), and second antes of those who play
        owing = 0
        most = -1
        leaders = 0
        best = -1
        paid = 0
        for p in range(n):
            said = declared[h, p]
            took = tricks[h, p]
            money.played[h, p] = said != 0
            money.bourred[h, p] = said != 0 and took == 0
            ante = 0
            if not skip[p]:
                owing += 1
                if not dealer_antes:
                    ante = 1
            if said == SAID_PLAY and second_ante:
                ante += 1
            money.antes[h, p] = ante
            bankrolls[p] -= ante
            paid += ante
            skip[p] = False  # after everyone passed, everyone antes next time
            if said != 0:
                if took > most:
                    most, leaders, best = took, 1, p
                elif took == most:
                    leaders += 1
        if dealer_antes:
            money.antes[h, dealer] += owing
            bankrolls[dealer] -= owing
            paid += owing
        pot += paid
        money.pot_played[h] = pot
        money.all_passed[h] = most < 0
        if leaders > 1:
            best = -1
            money.split[h] = True
        money.winner[h] = best
        if most >= 0:
            # a pot limit caps what one bourré costs, never the winner's take
            stake = pot if limit == NO_POT_LIMIT or pot < limit else limit
            paid = 0
            for p in range(n):
                if declared[h, p] == 0:
                    continue
                if tricks[h, p] == 0:
                    money.payments[h, p] = stake
                    bankrolls[p] -= stake
                    paid += stake
                    skip[p] = skips_bourred
                elif skips_tied and leaders > 1 and tricks[h, p] == most:
                    skip[p] = True
            if best >= 0:
                # bourre_paid_to: the winner takes the pot, and under "winner" the payments
                take = pot + paid if to_winner else pot
                money.taken[h] = take
                bankrolls[best] += take
                pot -= take
            pot += paid
        money.pot_after[h] = pot
        dealer = dealer + 1 if dealer + 1 < n else 0
    return pot
