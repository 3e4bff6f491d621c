"""The play rules on bit masks, compiled with Numba: the fast twin of `play.explain`.

`legal(position, rules)` takes one decision (a `Position`: the facts a `Situation` holds, on
bit masks) and the rule vector (`switches.encode_rules`), and returns the mask of legal cards
together with the concept code of the step that decided (its position in `CONCEPTS`; the
readable engine names the same step by its concept, 'cinch-pot', and a verdict cites the
rule id a rulebook gives it, 'pagat-cinch'), walking the same chain of steps as the
readable engine: lead or follow, then glimne 9 (known top), then the cinch rules. Tests
compare it with `legal_plays` and `explain` on many random positions.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._jit import jit, jit_inline
from .bits import ALL_CARDS, COUNT, HIGH, SUIT_FIELD
from .switches import (
    CINCH,
    CINCH_IS_OFF,
    CINCH_IS_STRICT,
    MUST_LEAD_TRUMP_WHEN_OTHERS_OUT,
    MUST_PLAY_KNOWN_TOP,
    TRUMP_WHEN_CANNOT_WIN,
)

__all__ = ["CONCEPTS", "Position", "legal", "sure_trump_tricks", "top_group"]


class Position(NamedTuple):
    """One card decision as `legal` reads it: a `play.Situation` on bit masks."""

    hand: int  # the player's cards
    trump: int  # the trump suit (0-3, ♠ ♥ ♦ ♣)
    trick_n: int  # cards already in the trick
    led: int  # the suit led, or -1 on lead
    best: int  # the bit of the card winning the trick so far, or -1 on lead
    trumped: bool  # a side-suit trick has been trumped
    trick_mask: int  # the cards in the trick
    seen: int  # the cards of the tricks already played
    won: int  # tricks the player has taken
    after: int  # players still to play to this trick
    others_out: bool  # every other player is known to be out of trumps


CONCEPTS = (
    "lead",
    "others-out",
    "trumped-follow",
    "beat",
    "cannot-beat",
    "discard",
    "trump",
    "overtrump",
    "trump-anyway",
    "trump-not-needed",
    "known-top",
    "cinch-pot",
    "cinch-strict",
)
"""Concept code -> the readable engine's rule concept (the keys of `play.CONCEPT_CITATIONS`;
`play.rule_id` turns a concept into a rulebook's rule id); a concept's code is its position
here."""

# concept codes: the concept of the last step of the chain, named after it
LEAD = CONCEPTS.index("lead")
OTHERS_OUT = CONCEPTS.index("others-out")
TRUMPED_FOLLOW = CONCEPTS.index("trumped-follow")
BEAT = CONCEPTS.index("beat")
CANNOT_BEAT = CONCEPTS.index("cannot-beat")
DISCARD = CONCEPTS.index("discard")
TRUMP = CONCEPTS.index("trump")
OVERTRUMP = CONCEPTS.index("overtrump")
TRUMP_ANYWAY = CONCEPTS.index("trump-anyway")
TRUMP_NOT_NEEDED = CONCEPTS.index("trump-not-needed")
KNOWN_TOP = CONCEPTS.index("known-top")
CINCH_POT = CONCEPTS.index("cinch-pot")
CINCH_STRICT = CONCEPTS.index("cinch-strict")


@jit
def top_group(held: int, unseen: int) -> int:
    """Within one suit field: the highest held card and those no unseen card separates from it."""
    top = HIGH[held]
    below = unseen & ((1 << top) - 1)
    if below == 0:
        return held
    cut = HIGH[below] + 1
    return (held >> cut) << cut


@jit
def sure_trump_tricks(trumps: int, out: int, others_out: bool) -> int:
    """Tricks the trump field `trumps` wins whatever the unseen trumps `out` (a field) do."""
    if others_out:
        return COUNT[trumps]
    best = 0
    t = 0
    rest = trumps
    while rest:
        rank = HIGH[rest]
        t += 1
        sure = t - COUNT[out >> (rank + 1)]
        if sure > best:
            best = sure
        rest ^= 1 << rank
    return best


@jit_inline
def legal(position: Position, rules: np.ndarray) -> tuple[int, int]:
    """(legal mask, concept code) for one decision under the rule vector `rules`."""
    if position.trick_n == 0:
        allowed, code = _lead_step(position, rules)
    else:
        allowed, code = _follow_step(position, rules)
        allowed, code = _known_top_step(position, rules, allowed, code)
    return _cinch_step(position, rules, allowed, code)


# The steps of the chain, as in play._steps: each takes what the steps before it allow and
# returns (allowed, concept code). Inlined into `legal`, so the split costs nothing at run time.


@jit_inline
def _unseen(position: Position) -> int:
    """The cards the player cannot see: not in the hand, the trick or the tricks played."""
    return ALL_CARDS & ~position.hand & ~position.trick_mask & ~position.seen


@jit_inline
def _lead_step(position: Position, rules: np.ndarray) -> tuple[int, int]:
    """On lead any card, unless every other player is known to be out of trumps (glimne 10)."""
    tshift = 13 * position.trump
    trumps = (position.hand >> tshift) & SUIT_FIELD
    others_out = position.others_out or (_unseen(position) >> tshift) & SUIT_FIELD == 0
    if rules[MUST_LEAD_TRUMP_WHEN_OTHERS_OUT] != 0 and trumps != 0 and others_out:
        return trumps << tshift, OTHERS_OUT
    return position.hand, LEAD


@jit_inline
def _follow_step(position: Position, rules: np.ndarray) -> tuple[int, int]:
    """Follow suit (beating the best card of an untrumped trick if you can), else trump
    (overtrumping if you can), else any card."""
    hand, best, trumped = position.hand, position.best, position.trumped
    lshift = 13 * position.led
    own = (hand >> lshift) & SUIT_FIELD
    if own != 0:
        if trumped:
            return own << lshift, TRUMPED_FOLLOW
        cut = best - lshift + 1
        beaters = (own >> cut) << cut
        if beaters != 0:
            return beaters << lshift, BEAT
        return own << lshift, CANNOT_BEAT
    tshift = 13 * position.trump
    trumps = (hand >> tshift) & SUIT_FIELD
    if trumps == 0:
        return hand, DISCARD
    if not trumped:
        return trumps << tshift, TRUMP
    cut = best - tshift + 1
    over = (trumps >> cut) << cut
    if over != 0:
        return over << tshift, OVERTRUMP
    if rules[TRUMP_WHEN_CANNOT_WIN] != 0:
        return trumps << tshift, TRUMP_ANYWAY
    return hand, TRUMP_NOT_NEEDED


@jit_inline
def _known_top_step(
    position: Position, rules: np.ndarray, allowed: int, code: int
) -> tuple[int, int]:
    """glimne 9: holding the known top card of the led suit, with players still to come,
    play it (or a card no unseen card separates from it)."""
    lshift = 13 * position.led
    own = (position.hand >> lshift) & SUIT_FIELD
    if rules[MUST_PLAY_KNOWN_TOP] == 0 or position.trumped or position.after == 0 or own == 0:
        return allowed, code
    top = HIGH[own]
    if top <= position.best - lshift:
        return allowed, code
    field = (_unseen(position) >> lshift) & SUIT_FIELD
    if (field >> (top + 1)) != 0:
        return allowed, code
    keep = (top_group(own, field) << lshift) & allowed
    if keep != allowed:
        return keep, KNOWN_TOP
    return allowed, code


@jit_inline
def _cinch_step(position: Position, rules: np.ndarray, allowed: int, code: int) -> tuple[int, int]:
    """The cinch rules: with the pot certain, lead or trump with the highest trump (pot);
    under the strict variant, lead the highest unplayed trump whenever you hold it, the highest
    trump while sure tricks bring you to three, and any trump once three tricks are won."""
    cinch = rules[CINCH]
    tshift = 13 * position.trump
    trumps = (position.hand >> tshift) & SUIT_FIELD
    if cinch == CINCH_IS_OFF or trumps == 0:
        return allowed, code
    out = (_unseen(position) >> tshift) & SUIT_FIELD
    has_cinch = position.won + sure_trump_tricks(trumps, out, position.others_out) >= 3
    top = HIGH[trumps]
    if position.trick_n == 0:
        if cinch == CINCH_IS_STRICT:
            if (out >> (top + 1)) == 0 or (has_cinch and position.won < 3):
                keep = (1 << (tshift + top)) & allowed
            elif position.won >= 3:  # three tricks won: a trump, any one
                keep = (trumps << tshift) & allowed
            else:
                keep = 0
            if keep != 0 and keep != allowed:
                return keep, CINCH_STRICT
            return allowed, code
        if has_cinch:
            keep = (top_group(trumps, out) << tshift) & allowed
            if keep != 0 and keep != allowed:
                return keep, CINCH_POT
        return allowed, code
    trump_bits = SUIT_FIELD << tshift
    if not has_cinch or position.after == 0 or (allowed & trump_bits) == 0:
        return allowed, code
    best = position.best
    if best >= tshift and best < tshift + 13 and top <= best - tshift:
        return allowed, code  # the trick is lost whatever you play
    keep = (allowed & ~trump_bits) | ((top_group(trumps, out) << tshift) & allowed)
    if keep != 0 and keep != allowed:
        return keep, CINCH_POT
    return allowed, code
