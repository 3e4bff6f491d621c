"""Whole hands on bit masks, compiled: deal, play or pass, draw, five tricks.

`play_chunk` plays a run of consecutive hands at one table and writes, for each hand, who
played and how many tricks each seat took. Money is left to `settle_hands`, which walks the
hands in order (antes, second antes, the pot carried, bourré payments, skipped antes). The
split lets a long run be cut into chunks played in parallel: the bots' card play never
depends on the chips, so the chunks are independent given their seeds.

The flow follows `bourre_lessons.game.Game` step by step; the comments name the rule switch
each step obeys.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit, jit_inline
from .legal import legal
from .policy import (
    HEURISTIC,
    count_cards,
    declare_heuristic,
    discard_heuristic,
    discard_random,
    play_heuristic,
    play_random,
)
from .rng import below, coin

__all__ = ["LOG_COLUMNS", "LOG_WIDTH", "RULE_FIELDS", "play_chunk", "play_fixed", "settle_hands"]

# positions in the int64 rule vector built by `bourre_lessons.fast.encode_rules`
RULE_FIELDS = (
    "trump_when_cannot_win",
    "must_play_known_top",
    "must_lead_trump_when_others_out",
    "cinch",
    "pays_second_ante",
    "dealer_antes_for_all",
    "ante_skip",
    "pot_limit",
    "max_discards",
    "restock",
    "dealer_ace_leads",
    "dealer_ace_must_play",
    "dealer_may_discard_trump_card",
    "lone_player_wins",
    "separate_trump_card",
    "simultaneous_declaration",
    "bourre_paid_to",
)
TWCW, KNOWN_TOP, OTHERS_OUT, CINCH, SECOND_ANTE, DEALER_ANTES = 0, 1, 2, 3, 4, 5
ANTE_SKIP, POT_LIMIT, MAX_DISCARDS, RESTOCK, ACE_LEADS, ACE_MUST_PLAY = 6, 7, 8, 9, 10, 11
MAY_DISCARD_TRUMP, LONE_WINS, SEPARATE, SIMULTANEOUS, PAID_TO_WINNER = 12, 13, 14, 15, 16

ACE = 12  # rank index of the ace in a suit field
SAID_PLAY = 1
DEALER_ALONE = 2  # everyone else passed: the dealer takes the pot without declaring

# error codes of play_chunk
OK = 0
EMPTY_RESTOCK = 1


LOG_COLUMNS = (
    "hand",
    "trump",
    "trick_n",
    "led",
    "best",
    "trumped",
    "trick_mask",
    "seen",
    "won",
    "after",
    "others_out",
)
"""A logged card decision: these columns, then the trick's cards in play order (-1 pads)."""
LOG_WIDTH = len(LOG_COLUMNS) + 8


@jit
def _log_decision(
    row: np.ndarray,
    hand: int,
    trump: int,
    trick_n: int,
    led: int,
    best: int,
    trumped: bool,
    trick_mask: int,
    seen: int,
    won: int,
    after: int,
    others_out: bool,
    trick_cards: np.ndarray,
) -> None:
    row[0], row[1], row[2], row[3], row[4] = hand, trump, trick_n, led, best
    row[5], row[6], row[7], row[8], row[9] = trumped, trick_mask, seen, won, after
    row[10] = others_out
    for j in range(8):
        row[11 + j] = trick_cards[j] if j < trick_n else -1


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
    position: int,
    players: int,
    playing_before: int,
) -> tuple[bool, np.uint64]:
    if kind == HEURISTIC:
        return declare_heuristic(hand, trump, position, players, playing_before, boldness), state
    return coin(state)


@jit
def play_hand(
    n: int,
    dealer: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    boldness: np.ndarray,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    row: int,
    fixed_seat: int,
    fixed_hand: int,
    fixed_trump: int,
    forced: int,
    declared: np.ndarray,
    tricks: np.ndarray,
    log: np.ndarray,
    log_n: np.ndarray,
) -> tuple[int, int, np.uint64]:
    """Play one hand; fills row `row` of `declared` and `tricks`; returns (trump card, error,
    the new random state). `work` is scratch space, seven rows of n: hands, discards, seat
    order, active players, tricks won, known out of trump, the trick's cards.

    With `fixed_seat` >= 0 that seat holds `fixed_hand` and the turned card is `fixed_trump`
    (in the dealer's hand unless a separate trump card is turned); `forced` (0 pass, 1 play,
    -1 the seat's bot decides) is that seat's declaration. While `log` has room, every card
    decision is written to it as one row (see LOG_COLUMNS) and `log_n[0]` counts the rows.
    """
    for i in range(n):
        seat = dealer + 1 + i
        work[2, i] = seat - n if seat >= n else seat  # no division on the hot path
        declared[row, i] = 0
        tricks[row, i] = 0
        for k in (0, 1, 4, 5):
            work[k, i] = 0
    trump_card, separate, size, state = _deal(
        n, dealer, rules[SEPARATE], state, stock, work, fixed_seat, fixed_hand, fixed_trump
    )
    n_active, folded, state = _declarations(
        n,
        dealer,
        rules,
        kinds,
        boldness,
        state,
        work,
        trump_card,
        fixed_seat,
        forced,
        declared[row],
    )
    if n_active == 0:
        return trump_card, OK, state  # everyone passed: the pot carries
    if n_active == 1:
        # a lone player (or the dealer nobody challenged) takes the pot, by rule or by
        # winning every trick alone
        tricks[row, work[3, 0]] = 5
        return trump_card, OK, state
    separate_taken, error, state = _draw_phase(
        n, n_active, dealer, rules, kinds, state, stock, work, trump_card, separate, size, folded
    )
    if error != OK:
        return trump_card, error, state
    leader = 0
    turned_ace = trump_card % 13 == ACE
    no_separate = rules[SEPARATE] == 0 or separate_taken
    if rules[ACE_LEADS] != 0 and turned_ace and declared[row, dealer] == SAID_PLAY and no_separate:
        for a in range(n_active):
            if work[3, a] == dealer:
                leader = a  # glimne: a turned ace makes the dealer lead
    state = _tricks(n_active, leader, rules, kinds, state, work, trump_card // 13, log, log_n)
    for p in range(n):
        tricks[row, p] = work[4, p]
    return trump_card, OK, state


@jit_inline
def _deal(
    n: int,
    dealer: int,
    separate_mode: int,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    fixed_seat: int,
    fixed_hand: int,
    fixed_trump: int,
) -> tuple[int, int, int, np.uint64]:
    """Five cards each from the dealer's left; the dealer's last card is turned (or a sixth
    card apart). Returns (turned card, separate card or -1, cards left in stock, state)."""
    if fixed_seat < 0:
        size = 52
        for i in range(52):
            stock[i] = i
        trump_card = -1
        for _ in range(5):
            for i in range(n):
                card, state = _draw(state, stock, size)
                size -= 1
                work[0, work[2, i]] |= 1 << card
                trump_card = card
        if separate_mode == 0:
            return trump_card, -1, size, state
        separate, state = _draw(state, stock, size)
        return separate, separate, size - 1, state
    size = _fill(stock, ((1 << 52) - 1) & ~(fixed_hand | (1 << fixed_trump)))
    work[0, fixed_seat] = fixed_hand
    if separate_mode == 0 and fixed_seat != dealer:
        work[0, dealer] = 1 << fixed_trump
    for i in range(n):
        p = work[2, i]
        while p != fixed_seat and count_cards(work[0, p]) < 5:
            card, state = _draw(state, stock, size)
            size -= 1
            work[0, p] |= 1 << card
    return fixed_trump, fixed_trump if separate_mode != 0 else -1, size, state


@jit_inline
def _declarations(
    n: int,
    dealer: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    boldness: np.ndarray,
    state: np.uint64,
    work: np.ndarray,
    trump_card: int,
    fixed_seat: int,
    forced: int,
    declared: np.ndarray,
) -> tuple[int, int, np.uint64]:
    """Play or pass from the dealer's left, the dealer last. Returns (players in, the passed
    players' cards, state); the players in are listed in work row 3."""
    trump = trump_card // 13
    must = rules[ACE_MUST_PLAY] != 0 and trump_card % 13 == ACE and rules[SEPARATE] == 0
    folded = 0
    n_active = 0
    for i in range(n):
        p = work[2, i]
        blind = rules[SIMULTANEOUS] != 0  # all declare at once: nobody knows the others' word
        if i == n - 1 and rules[LONE_WINS] != 0 and n_active == 0 and not blind:
            declared[p] = DEALER_ALONE  # pagat: all others passed, the dealer takes the pot
        elif p == dealer and must:
            declared[p] = SAID_PLAY  # pagat: a turned ace binds the dealer
        elif p == fixed_seat and forced >= 0:
            declared[p] = SAID_PLAY if forced == 1 else 0
        else:
            before = 0 if blind else n_active
            says, state = _declare(kinds[p], boldness[p], state, work[0, p], trump, i, n, before)
            declared[p] = SAID_PLAY if says else 0
        if declared[p] != 0:
            work[3, n_active] = p
            n_active += 1
        else:
            folded |= work[0, p]
            work[0, p] = 0
    return n_active, folded, state


@jit_inline
def _draw_phase(
    n: int,
    n_active: int,
    dealer: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    state: np.uint64,
    stock: np.ndarray,
    work: np.ndarray,
    trump_card: int,
    separate: int,
    size: int,
    folded: int,
) -> tuple[bool, int, np.uint64]:
    """Each player in discards and draws in turn, restocking as the rules say. Returns
    (the dealer took the separate card, error, state)."""
    trump = trump_card // 13
    limit = rules[MAX_DISCARDS]
    separate_taken = False
    for a in range(n_active):
        p = work[3, a]
        locked = 0
        if rules[SEPARATE] == 0 and p == dealer and rules[MAY_DISCARD_TRUMP] == 0:
            locked = 1 << trump_card  # the turned card stays with the dealer (glimne)
        can_take = rules[SEPARATE] == 2 and p == dealer and not separate_taken
        if kinds[p] == HEURISTIC:
            throw, take = discard_heuristic(work[0, p], trump, locked, limit, can_take)
        else:
            throw, take, state = discard_random(state, work[0, p], locked, limit, can_take)
        work[0, p] &= ~throw
        work[1, p] |= throw
        need = count_cards(throw)
        if take:
            work[0, p] |= 1 << separate
            separate_taken = True
            need -= 1
        for _ in range(need):
            if size == 0:
                size, folded = _restock(n, p, rules[RESTOCK], stock, work, folded)
                if size == 0:
                    return separate_taken, EMPTY_RESTOCK, state
            card, state = _draw(state, stock, size)
            size -= 1
            work[0, p] |= 1 << card
    return separate_taken, OK, state


@jit
def _restock(
    n: int, player: int, served_too: int, stock: np.ndarray, work: np.ndarray, folded: int
) -> tuple[int, int]:
    """The stock ran out while `player` draws: gather the passed hands and the other players'
    discards (pagat, `served_too`), or the passed hands first and the discards once those are
    gone (glimne, wikipedia). Returns (new stock size, passed cards left)."""
    if served_too != 0 or folded == 0:
        pool = folded if served_too != 0 else 0
        for q in range(n):
            if q != player:
                pool |= work[1, q]
                work[1, q] = 0
        return _fill(stock, pool), 0
    return _fill(stock, folded), 0


@jit_inline
def _tricks(
    n_active: int,
    leader: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    state: np.uint64,
    work: np.ndarray,
    trump: int,
    log: np.ndarray,
    log_n: np.ndarray,
) -> np.uint64:
    """Five tricks among the players in (work row 3); counts each one's tricks in work row 4."""
    n_out = 0  # players the table knows to be out of trumps (work row 5)
    seen = 0
    twcw = rules[TWCW] != 0
    for _ in range(5):
        trick_n, led, best, trumped, trick_mask, winner = 0, -1, -1, False, 0, leader
        for k in range(n_active):
            a = leader + k - (n_active if leader + k >= n_active else 0)
            p = work[3, a]
            after = n_active - 1 - k
            others_out = n_out - work[5, p] == n_active - 1
            if log_n[0] < log.shape[0]:
                _log_decision(
                    log[log_n[0]],
                    work[0, p],
                    trump,
                    trick_n,
                    led,
                    best,
                    trumped,
                    trick_mask,
                    seen,
                    work[4, p],
                    after,
                    others_out,
                    work[6],
                )
                log_n[0] += 1
            mask, _rule = legal(
                work[0, p],
                trump,
                trick_n,
                led,
                best,
                trumped,
                trick_mask,
                seen,
                work[4, p],
                after,
                others_out,
                twcw,
                rules[KNOWN_TOP] != 0,
                rules[OTHERS_OUT] != 0,
                rules[CINCH],
            )
            if kinds[p] == HEURISTIC:
                card = play_heuristic(
                    mask, work[0, p], trump, trick_n, best, trick_mask, seen, after
                )
            else:
                card, state = play_random(state, mask)
            suit = card // 13
            if trick_n == 0:
                led, best, winner = suit, card, a
            else:
                # what the table learns: this player holds no trump (Game._note_voids)
                shows_void = led == trump or (suit != trump and (not trumped or twcw))
                if suit != led and work[5, p] == 0 and shows_void:
                    work[5, p] = 1
                    n_out += 1
                if (suit == best // 13 and card > best) or (suit == trump and best // 13 != trump):
                    best, winner = card, a
                    trumped = trumped or (suit == trump and led != trump)
            trick_mask |= 1 << card
            work[6, trick_n] = card
            trick_n += 1  # noqa: SIM113 - counts the cards in this trick
            work[0, p] &= ~(1 << card)
        work[4, work[3, winner]] += 1
        seen |= trick_mask
        leader = winner
    return state


@jit
def play_chunk(
    n: int,
    first_hand: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    boldness: np.ndarray,
    seed: np.uint64,
    declared: np.ndarray,
    tricks: np.ndarray,
    turned: np.ndarray,
    log: np.ndarray,
    log_n: np.ndarray,
) -> int:
    """Play hands first_hand, first_hand + 1, ... (one per row of `declared`); the dealer of
    hand h sits at seat h mod n. Card decisions are logged while `log` has room (pass a
    (0, LOG_WIDTH) array for none). Returns an error code (0 when every hand was played)."""
    state = np.uint64(seed)
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((7, n), dtype=np.int64)
    dealer = first_hand % n
    # typed int64 rather than literal constants, so play_hand compiles once for both callers
    no_hand = first_hand * 0
    no_seat = no_hand - 1
    for h in range(declared.shape[0]):
        card, error, state = play_hand(
            n,
            dealer,
            rules,
            kinds,
            boldness,
            state,
            stock,
            work,
            h,
            no_seat,
            no_hand,
            no_hand,
            no_seat,
            declared,
            tricks,
            log,
            log_n,
        )
        turned[h] = card
        if error != OK:
            return error
        dealer = dealer + 1 if dealer + 1 < n else 0
    return OK


@jit
def play_fixed(
    n: int,
    dealer: int,
    rules: np.ndarray,
    kinds: np.ndarray,
    boldness: np.ndarray,
    seed: np.uint64,
    seat: int,
    hand: int,
    trump_card: int,
    forced: int,
    declared: np.ndarray,
    tricks: np.ndarray,
) -> int:
    """Deal many times around one known hand (the advisor's question); one deal per row."""
    log = np.zeros((0, LOG_WIDTH), dtype=np.int64)
    log_n = np.zeros(1, dtype=np.int64)
    state = np.uint64(seed)
    stock = np.empty(52, dtype=np.int64)
    work = np.zeros((7, n), dtype=np.int64)
    for h in range(declared.shape[0]):
        _card, error, state = play_hand(
            n,
            dealer,
            rules,
            kinds,
            boldness,
            state,
            stock,
            work,
            h,
            seat,
            hand,
            trump_card,
            forced,
            declared,
            tricks,
            log,
            log_n,
        )
        if error != OK:
            return error
    return OK


@jit
def settle_hands(
    n: int,
    rules: np.ndarray,
    declared: np.ndarray,
    tricks: np.ndarray,
    pot: int,
    bankrolls: np.ndarray,
    pot_before: np.ndarray,
    pot_played: np.ndarray,
    pot_after: np.ndarray,
    winner: np.ndarray,
    split: np.ndarray,
    antes: np.ndarray,
    payments: np.ndarray,
    taken: np.ndarray,
    played: np.ndarray,
    bourred: np.ndarray,
    all_passed: np.ndarray,
    dealer: np.ndarray,
) -> int:
    """Walk the hands in order and move the chips (settle.settle's rules); returns the pot.

    Fills the per-hand arrays (zeroed by the caller) and updates `bankrolls` in place; also
    marks who played, who was bourréd, the hands everyone passed, and each hand's dealer.
    """
    skip = np.zeros(n, dtype=np.bool_)
    limit = rules[POT_LIMIT]
    to_winner = rules[PAID_TO_WINNER] != 0
    dealer_antes = rules[DEALER_ANTES] != 0
    second_ante = rules[SECOND_ANTE] != 0
    ante_skip = rules[ANTE_SKIP]
    deals = 0
    for h in range(declared.shape[0]):
        dealer[h] = deals
        pot_before[h] = pot
        # antes: one each (or the dealer's for all who owe), and second antes of those who play
        owing = 0
        most = -1
        leaders = 0
        best = -1
        paid = 0
        for p in range(n):
            said = declared[h, p]
            took = tricks[h, p]
            played[h, p] = said != 0
            bourred[h, p] = said != 0 and took == 0
            ante = 0
            if not skip[p]:
                owing += 1
                if not dealer_antes:
                    ante = 1
            if said == SAID_PLAY and second_ante:
                ante += 1
            antes[h, p] = ante
            bankrolls[p] -= ante
            paid += ante
            skip[p] = False  # after everyone passed, everyone antes next time
            if said != 0:
                if took > most:
                    most, leaders, best = took, 1, p
                elif took == most:
                    leaders += 1
        if dealer_antes:
            antes[h, deals] += owing
            bankrolls[deals] -= owing
            paid += owing
        pot += paid
        pot_played[h] = pot
        all_passed[h] = most < 0
        if leaders > 1:
            best = -1
            split[h] = True
        winner[h] = best
        if most >= 0:
            # a pot limit caps what one bourré costs, never the winner's take
            stake = pot if limit < 0 or pot < limit else limit
            paid = 0
            for p in range(n):
                if declared[h, p] == 0:
                    continue
                if tricks[h, p] == 0:
                    payments[h, p] = stake
                    bankrolls[p] -= stake
                    paid += stake
                    skip[p] = ante_skip >= 1
                elif ante_skip == 2 and leaders > 1 and tricks[h, p] == most:
                    skip[p] = True
            if best >= 0:
                # bourre_paid_to: the winner takes the pot, and under "winner" the payments
                take = pot + paid if to_winner else pot
                taken[h] = take
                bankrolls[best] += take
                pot -= take
            pot += paid
        pot_after[h] = pot
        deals += 1
        if deals == n:
            deals = 0
    return pot
