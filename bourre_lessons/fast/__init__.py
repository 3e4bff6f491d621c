"""The fast core: the same rules as the readable engine, on bit masks, compiled with Numba.

A hand of cards is one 52-bit integer (see `bits`); the play rules (`legal`), the bots'
policies (`policy`) and whole hands (`hand`) are compiled functions over such integers. The
readable engine (`play`, `game`, `settle`) stays the reference: the tests check that the
fast core gives the same legal sets and the same rule on random positions, and the same
distributions over whole hands.

Why Numba and not NumPy batches: shuffling and dealing a batch of hands with NumPy alone
costs about 0.8 microseconds a hand before a single card is played (`python -m benchmarks`),
which is as much as a whole hand costs in the compiled core; a vectorised core would then
need a dozen masked card-play steps on top, so it could not reach a million hands a second.

Compiled functions are cached on disk (`__pycache__` beside the sources): the first call on
a new machine compiles for a few seconds, later processes load the cache.
"""

from __future__ import annotations

import numpy as np

from ..play import Situation
from ..rules import Rules
from .bits import ALL_CARDS, card_bit, card_of, cards_of, mask_of, suit_number
from .hand import RULE_FIELDS
from .legal import RULE_CONCEPTS, legal

__all__ = [
    "ALL_CARDS",
    "RULE_CONCEPTS",
    "RULE_FIELDS",
    "card_bit",
    "card_of",
    "cards_of",
    "encode_rules",
    "fast_legal",
    "legal_mask",
    "mask_of",
    "situation_args",
    "suit_number",
]

_CINCH = {"off": 0, "pot": 1, "strict": 2}
_ANTE_SKIP = {"none": 0, "bourred": 1, "bourred_and_tied": 2}
_RESTOCK = {"folded_then_discards": 0, "folded_and_served_discards": 1}
_SEPARATE = {"off": 0, "nobody": 1, "dealer": 2}


def encode_rules(rules: Rules, players: int) -> np.ndarray:
    """The rule switches that shape a hand's flow and money, as the int64 vector the core reads."""
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a Rules object (e.g. Rules.preset('glimne')), got {rules!r}"
        )
    values = {
        "trump_when_cannot_win": int(rules.trump_when_cannot_win),
        "must_play_known_top": int(rules.must_play_known_top),
        "must_lead_trump_when_others_out": int(rules.must_lead_trump_when_others_out),
        "cinch": _CINCH[rules.cinch],
        "pays_second_ante": int(rules.pays_second_ante),
        "dealer_antes_for_all": int(rules.dealer_antes_for_all),
        # settle._skippers: with a double ante nobody skips
        "ante_skip": 0 if rules.double_ante else _ANTE_SKIP[rules.ante_skip],
        "pot_limit": -1 if rules.pot_limit is None else rules.pot_limit,
        "max_discards": rules.max_discards_for(players),
        "restock": _RESTOCK[rules.restock],
        "dealer_ace_leads": int(rules.dealer_ace_leads),
        "dealer_ace_must_play": int(rules.dealer_ace_must_play),
        "dealer_may_discard_trump_card": int(rules.dealer_may_discard_trump_card),
        "lone_player_wins": int(rules.lone_player_wins),
        "separate_trump_card": _SEPARATE[rules.separate_trump_card],
        "simultaneous_declaration": int(rules.simultaneous_declaration),
        "bourre_paid_to": int(rules.bourre_paid_to == "winner"),
    }
    return np.array([values[name] for name in RULE_FIELDS], dtype=np.int64)


def situation_args(situation: Situation) -> tuple:
    """The facts of a `Situation` as the positional arguments `legal` takes (rules excluded)."""
    s = situation
    trick_mask = mask_of(s.trick)
    best = card_bit(s.best) if s.trick else -1
    led = suit_number(s.led) if s.trick else -1
    return (
        mask_of(s.hand),
        suit_number(s.trump),
        len(s.trick),
        led,
        best,
        s.trumped,
        trick_mask,
        mask_of(s.seen),
        s.tricks_won,
        s.players_after,
        s.others_out_of_trump,
    )


def _rule_args(rules: Rules) -> tuple:
    return (
        rules.trump_when_cannot_win,
        rules.must_play_known_top,
        rules.must_lead_trump_when_others_out,
        _CINCH[rules.cinch],
    )


def legal_mask(situation: Situation, rules: Rules | None = None) -> int:
    """The mask of legal cards, computed by the fast core."""
    rules = Rules() if rules is None else rules
    return int(legal(*situation_args(situation), *_rule_args(rules))[0])


def fast_legal(situation: Situation, rules: Rules | None = None) -> tuple[frozenset, str]:
    """The fast core's legal cards and the concept of the rule that decided (e.g. 'cinch-pot')."""
    rules = Rules() if rules is None else rules
    mask, rule = legal(*situation_args(situation), *_rule_args(rules))
    return frozenset(cards_of(int(mask))), RULE_CONCEPTS[int(rule)]
