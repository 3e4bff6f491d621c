"""The rule switches as the fast core reads them: one int64 vector, described in one place.

`encode_rules(rules, players)` turns a `Rules` object into the vector that every compiled
function takes as `rules`. `SWITCH_FIELDS` lists its entries in order; each entry has one
encoder in `_ENCODERS`, and the compiled code reads it through an index constant named after
the entry in capitals (`rules[CINCH]`) and derived from `SWITCH_FIELDS`, so no position is
written down twice. A choice switch is stored as the position of its value in `SWITCH_VALUES`:
`rules[CINCH] == CINCH_IS_STRICT`.

A new switch the fast core must honour is one entry in `_ENCODERS` (and in `SWITCH_VALUES` for
a choice), its index constant below, and the branch that reads it in `legal.py` or
`hand.py`. tests/test_fast_rules.py fails while a field of `Rules` neither changes the
vector and the simulated hands nor stands in its list of switches the fast core may ignore.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...rules import Rules

__all__ = ["SWITCH_FIELDS", "SWITCH_VALUES", "encode_rules"]

SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "cinch": ("off", "pot", "strict"),
    "ante_skip": ("none", "bourred", "bourred_and_tied"),
    "restock": ("folded_then_discards", "folded_and_served_discards"),
    "separate_trump_card": ("off", "nobody", "dealer"),
    "bourre_paid_to": ("next_pot", "winner"),
}
"""The accepted values of each choice switch; the vector holds the value's position here."""

NO_POT_LIMIT = -1
"""The pot_limit entry when the rules set no limit."""


def _flag(name: str) -> Callable[[Rules, int], int]:
    return lambda rules, players: int(getattr(rules, name))


def _choice(name: str) -> Callable[[Rules, int], int]:
    return lambda rules, players: SWITCH_VALUES[name].index(getattr(rules, name))


def _ante_skip(rules: Rules, players: int) -> int:
    # settle._skippers: with a double ante nobody skips
    return SWITCH_VALUES["ante_skip"].index("none" if rules.double_ante else rules.ante_skip)


_ENCODERS: dict[str, Callable[[Rules, int], int]] = {
    # the play of the cards (legal.legal)
    "trump_when_cannot_win": _flag("trump_when_cannot_win"),
    "must_play_known_top": _flag("must_play_known_top"),
    "must_lead_trump_when_others_out": _flag("must_lead_trump_when_others_out"),
    "cinch": _choice("cinch"),
    # money (hand.settle_hands)
    "pays_second_ante": lambda rules, players: int(rules.pays_second_ante),
    "dealer_antes_for_all": _flag("dealer_antes_for_all"),
    "ante_skip": _ante_skip,
    "pot_limit": lambda rules, players: (
        NO_POT_LIMIT if rules.pot_limit is None else rules.pot_limit
    ),
    # the deal, play or pass, the draw (hand.play_from)
    "max_discards": lambda rules, players: rules.max_discards_for(players),
    "restock": _choice("restock"),
    "dealer_ace_leads": _flag("dealer_ace_leads"),
    "dealer_ace_must_play": _flag("dealer_ace_must_play"),
    "dealer_may_discard_trump_card": _flag("dealer_may_discard_trump_card"),
    "lone_player_wins": _flag("lone_player_wins"),
    "separate_trump_card": _choice("separate_trump_card"),
    "simultaneous_declaration": _flag("simultaneous_declaration"),
    # draw_timing, as it applies: one round unless the double ante or simultaneous
    # declaration makes two (Rules.draws_in_turn)
    "draws_in_turn": lambda rules, players: int(rules.draws_in_turn),
    "bourre_paid_to": _choice("bourre_paid_to"),
}

SWITCH_FIELDS: tuple[str, ...] = tuple(_ENCODERS)
"""The entries of the rule vector, in order."""

# index constants: compile-time globals for Numba, one per entry of SWITCH_FIELDS
TRUMP_WHEN_CANNOT_WIN = SWITCH_FIELDS.index("trump_when_cannot_win")
MUST_PLAY_KNOWN_TOP = SWITCH_FIELDS.index("must_play_known_top")
MUST_LEAD_TRUMP_WHEN_OTHERS_OUT = SWITCH_FIELDS.index("must_lead_trump_when_others_out")
CINCH = SWITCH_FIELDS.index("cinch")
PAYS_SECOND_ANTE = SWITCH_FIELDS.index("pays_second_ante")
DEALER_ANTES_FOR_ALL = SWITCH_FIELDS.index("dealer_antes_for_all")
ANTE_SKIP = SWITCH_FIELDS.index("ante_skip")
POT_LIMIT = SWITCH_FIELDS.index("pot_limit")
MAX_DISCARDS = SWITCH_FIELDS.index("max_discards")
RESTOCK = SWITCH_FIELDS.index("restock")
DEALER_ACE_LEADS = SWITCH_FIELDS.index("dealer_ace_leads")
DEALER_ACE_MUST_PLAY = SWITCH_FIELDS.index("dealer_ace_must_play")
DEALER_MAY_DISCARD_TRUMP_CARD = SWITCH_FIELDS.index("dealer_may_discard_trump_card")
LONE_PLAYER_WINS = SWITCH_FIELDS.index("lone_player_wins")
SEPARATE_TRUMP_CARD = SWITCH_FIELDS.index("separate_trump_card")
SIMULTANEOUS_DECLARATION = SWITCH_FIELDS.index("simultaneous_declaration")
DRAWS_IN_TURN = SWITCH_FIELDS.index("draws_in_turn")
BOURRE_PAID_TO = SWITCH_FIELDS.index("bourre_paid_to")

# value constants of the choice switches: the value's position in SWITCH_VALUES
CINCH_IS_OFF = SWITCH_VALUES["cinch"].index("off")
CINCH_IS_STRICT = SWITCH_VALUES["cinch"].index("strict")
ANTE_SKIP_IS_NONE = SWITCH_VALUES["ante_skip"].index("none")
ANTE_SKIP_IS_BOURRED_AND_TIED = SWITCH_VALUES["ante_skip"].index("bourred_and_tied")
RESTOCK_IS_FOLDED_AND_SERVED_DISCARDS = SWITCH_VALUES["restock"].index("folded_and_served_discards")
SEPARATE_TRUMP_CARD_IS_OFF = SWITCH_VALUES["separate_trump_card"].index("off")
SEPARATE_TRUMP_CARD_IS_DEALER = SWITCH_VALUES["separate_trump_card"].index("dealer")
BOURRE_PAID_TO_IS_WINNER = SWITCH_VALUES["bourre_paid_to"].index("winner")


def encode_rules(rules: Rules, players: int) -> np.ndarray:
    """The rule switches that shape a hand's flow and money, as the int64 vector the core reads."""
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a Rules object (e.g. Rules.preset('glimne')), got {rules!r}"
        )
    return np.array([encode(rules, players) for encode in _ENCODERS.values()], dtype=np.int64)
