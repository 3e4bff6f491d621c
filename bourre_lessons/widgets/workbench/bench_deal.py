"""A deal of the measured run, whole, for the readable engine's table: each seat's five cards,
the turned card, and the stock in the order the run drew it.

`house_lab.paired_deal` gives the cards as dealt; the draw's order is the compiled core's
own: after the deal, each card a player draws is taken at random from the stock by the hand's
random state (`fast.hand._draw`), and with the heuristic bots nothing else draws on that state.
This module follows the same state past the deal to list the stock in that order, so the
readable `Game` serves the same cards the run served (until the stock runs out and a restock
begins, which this does not follow). Read only; it changes nothing of the core.
"""

from __future__ import annotations

import numpy as np

from ...cards import DECK
from ...rules import SEAT_LETTERS, Rules
from ...sim.fast import encode_rules
from ...sim.fast.hand import _chunk_table, _dealt
from ...sim.fast.paired import hand_state
from ...sim.fast.rng import below
from .bench_core import paired_deal

__all__ = ["draw_order", "run_deal"]


def _run_seed(seed: int) -> np.uint64:
    """The paired run's seed from the comparison's (as `house_lab` derives it)."""
    return np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0]


def draw_order(rules: Rules, players: int, seed: int, hand: int) -> tuple[str, ...]:
    """The stock of hand `hand` of a paired run with this `seed`, as card codes in the order
    the run's draw takes them."""
    run_seed = _run_seed(seed)
    _, stock, work, nobody = _chunk_table(players, hand, run_seed)
    state = np.uint64(hand_state(run_seed, hand))  # typed: a Python int may not fit int64
    vector = encode_rules(rules, players)
    _turned, _separate, size, state = _dealt(
        players, hand % players, vector, state, stock, work, nobody
    )
    order = []
    while size > 0:  # fast.hand._draw: a random place among the first `size`, swapped to the end
        j, state = below(np.uint64(state), size)
        card = int(stock[j])
        stock[j], stock[size - 1] = stock[size - 1], card
        size -= 1
        order.append(DECK[card].code)
    return tuple(order)


def run_deal(rules: Rules, players: int, seed: int, hand: int) -> tuple[tuple[str, str], ...]:
    """The deal of hand number `hand` of a paired run, for `Game(deal=...)`: the run's dealer
    in seat A and the seats after it clockwise, the dealer's turned card dealt last, and the
    stock in the run's order."""
    hands, turned, dealer = paired_deal(rules, players, seed, hand)
    deal = []
    for i, letter in enumerate(SEAT_LETTERS[:players]):
        cards = sorted(hands[(dealer + i) % players], key=lambda c: c == turned)
        deal.append((letter, " ".join(c.code for c in cards)))
    if all(turned not in h for h in hands):
        deal.append(("turned", turned.code))
    deal.append(("stock", " ".join(draw_order(rules, players, seed, hand))))
    return tuple(deal)
