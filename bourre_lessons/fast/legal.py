"""The play rules on bit masks, compiled with Numba: the fast twin of `play.explain`.

`legal` takes one decision (the same facts a `Situation` holds) and the rule switches, and
returns the mask of legal cards together with the code of the rule that decided, walking the
same chain of steps as the readable engine: lead or follow, then glimne 9 (known top), then
the cinch rules. Tests compare it with `legal_plays` and `explain` on many random positions.
"""

from __future__ import annotations

from ._jit import jit
from .bits import COUNT, HIGH

__all__ = ["RULE_CONCEPTS", "legal", "sure_trump_tricks", "top_group"]

FIELD = 0x1FFF
EVERY_CARD = (1 << 52) - 1

# rule codes: the concept of the last step of the chain (as in play._CITATIONS)
LEAD = 0
OTHERS_OUT = 1
TRUMPED_FOLLOW = 2
BEAT = 3
CANNOT_BEAT = 4
DISCARD = 5
TRUMP = 6
OVERTRUMP = 7
TRUMP_ANYWAY = 8
TRUMP_NOT_NEEDED = 9
KNOWN_TOP = 10
CINCH_POT = 11
CINCH_STRICT = 12

RULE_CONCEPTS = (
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
"""Rule code -> the readable engine's rule concept (see `play.rule_id`)."""

CINCH_OFF = 0
CINCH_POT_MODE = 1
CINCH_STRICT_MODE = 2


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


@jit
def legal(
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
    trump_when_cannot_win: bool,
    known_top: bool,
    lead_when_others_out: bool,
    cinch: int,
) -> tuple[int, int]:
    """(legal mask, rule code) for one decision; `best` is the bit of the winning card."""
    unseen = EVERY_CARD & ~hand & ~trick_mask & ~seen
    tshift = 13 * trump
    trumps = (hand >> tshift) & FIELD
    out = (unseen >> tshift) & FIELD
    if trick_n == 0:
        allowed = hand
        rule = LEAD
        if lead_when_others_out and trumps != 0 and (others_out or out == 0):
            allowed = trumps << tshift
            rule = OTHERS_OUT
    else:
        lshift = 13 * led
        own = (hand >> lshift) & FIELD
        if own != 0:
            if trumped:
                allowed = own << lshift
                rule = TRUMPED_FOLLOW
            else:
                cut = best - lshift + 1
                beaters = (own >> cut) << cut
                if beaters != 0:
                    allowed = beaters << lshift
                    rule = BEAT
                else:
                    allowed = own << lshift
                    rule = CANNOT_BEAT
        elif trumps == 0:
            allowed = hand
            rule = DISCARD
        elif not trumped:
            allowed = trumps << tshift
            rule = TRUMP
        else:
            cut = best - tshift + 1
            over = (trumps >> cut) << cut
            if over != 0:
                allowed = over << tshift
                rule = OVERTRUMP
            elif trump_when_cannot_win:
                allowed = trumps << tshift
                rule = TRUMP_ANYWAY
            else:
                allowed = hand
                rule = TRUMP_NOT_NEEDED
        # glimne 9: the known top card of the led suit, with players still to come
        if known_top and not trumped and after > 0 and own != 0:
            top = HIGH[own]
            if top > best - lshift:
                field = (unseen >> lshift) & FIELD
                if (field >> (top + 1)) == 0:
                    keep = (top_group(own, field) << lshift) & allowed
                    if keep != allowed:
                        allowed = keep
                        rule = KNOWN_TOP
    if cinch == CINCH_OFF or trumps == 0:
        return allowed, rule
    has_cinch = won + sure_trump_tricks(trumps, out, others_out) >= 3
    top = HIGH[trumps]
    if trick_n == 0:
        if cinch == CINCH_STRICT_MODE and (has_cinch or (out >> (top + 1)) == 0):
            keep = (1 << (tshift + top)) & allowed
            if keep != 0 and keep != allowed:
                return keep, CINCH_STRICT
            return allowed, rule
        if has_cinch:
            keep = (top_group(trumps, out) << tshift) & allowed
            if keep != 0 and keep != allowed:
                return keep, CINCH_POT
        return allowed, rule
    trump_bits = FIELD << tshift
    if not has_cinch or after == 0 or (allowed & trump_bits) == 0:
        return allowed, rule
    if best >= tshift and best < tshift + 13 and top <= best - tshift:
        return allowed, rule  # the trick is lost whatever you play
    keep = (allowed & ~trump_bits) | ((top_group(trumps, out) << tshift) & allowed)
    if keep != 0 and keep != allowed:
        return keep, CINCH_POT
    return allowed, rule
