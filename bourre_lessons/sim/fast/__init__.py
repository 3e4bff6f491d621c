"""The fast core: the same rules as the readable engine, on bit masks, compiled with Numba.

A hand of cards is one 52-bit integer (see `bits`); the play rules (`legal`), the bots'
policies (`policy`) and whole hands (`hand`) are compiled functions over such integers. The
readable engine (`play`, `game`, `settle`) stays the reference: the tests check that the
fast core gives the same legal sets and the same deciding concept on random positions, and the same
distributions over whole hands.

Why Numba and not NumPy batches: shuffling and dealing a batch of hands with NumPy alone
costs about 0.8 microseconds a hand before a single card is played (`python -m benchmarks`),
which is as much as a whole hand costs in the compiled core; a vectorised core would then
need a dozen masked card-play steps on top, so it could not reach a million hands a second.

Compiled functions are cached on disk (`__pycache__` beside the sources): the first call on
a new machine compiles for a few seconds, later processes load the cache.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...play import Situation
from ...rules import Rules
from .bits import ALL_CARDS, card_bit, card_of, cards_of, mask_of, suit_number
from .legal import CONCEPTS, Position, legal
from .switches import SWITCH_FIELDS, encode_rules

__all__ = [
    "ALL_CARDS",
    "CONCEPTS",
    "SWITCH_FIELDS",
    "Position",
    "card_bit",
    "card_of",
    "cards_of",
    "encode_rules",
    "fast_legal",
    "legal_mask",
    "mask_of",
    "position_of",
    "suit_number",
]


def position_of(situation: Situation) -> Position:
    """The facts of a `Situation` as the `Position` record `legal` takes."""
    s = situation
    return Position(
        hand=mask_of(s.hand),
        trump=suit_number(s.trump),
        trick_n=len(s.trick),
        led=suit_number(s.led) if s.trick else -1,
        best=card_bit(s.best) if s.trick else -1,
        trumped=s.trumped,
        trick_mask=mask_of(s.trick),
        seen=mask_of(s.seen),
        won=s.tricks_won,
        after=s.players_after,
        others_out=s.others_out_of_trump,
    )


@lru_cache(maxsize=64)
def _play_vector(rules: Rules) -> np.ndarray:
    """The rule vector for single decisions. `legal` reads only the play switches, so the
    table size (which sets only the draw limit) may be any."""
    return encode_rules(rules, 2)


def legal_mask(situation: Situation, rules: Rules | None = None) -> int:
    """The mask of legal cards, computed by the fast core."""
    rules = Rules() if rules is None else rules
    return int(legal(position_of(situation), _play_vector(rules))[0])


def fast_legal(situation: Situation, rules: Rules | None = None) -> tuple[frozenset, str]:
    """The fast core's legal cards and the concept of the step that decided (e.g. 'cinch-pot')."""
    rules = Rules() if rules is None else rules
    mask, code = legal(position_of(situation), _play_vector(rules))
    return frozenset(cards_of(int(mask))), CONCEPTS[int(code)]
