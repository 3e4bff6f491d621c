"""The switches in a player's words: a name and a one-line meaning for each, and each value.

Written in the course's own words; where a source stands on a switch comes from the register
(`sources.stance`), never from here. Nothing here draws, so the text forms and the tests read
it without a widget.
"""

from __future__ import annotations

from typing import Any

from ...sources import cite, stance, stance_words

__all__ = ["SWITCH_WORDS", "stance_cells", "switch_title", "value_words"]

SWITCH_WORDS: dict[str, tuple[str, str]] = {
    "trump_when_cannot_win": (
        "Trump anyway",
        "Out of the suit led and unable to beat the trump already on the trick: you must "
        "still play a trump (no: any card will do).",
    ),
    "must_play_known_top": (
        "Play the known top card",
        "Holding what everyone can know is the highest card left in the suit led, with players "
        "still to come: you must play it.",
    ),
    "must_lead_trump_when_others_out": (
        "Lead trump when the others are out",
        "On lead, when every other player has shown they have no trump left: you must lead one.",
    ),
    "cinch": (
        "The cinch (sure-win duty)",
        "A player sure to take the pot must play to win it: off, 'pot' (lead or trump high) "
        "or 'strict' (glimne's stricter local variant).",
    ),
    "pot_limit": (
        "Pot limit",
        "The most one bourré or renege payment can cost a player (none: the whole pot).",
    ),
    "dealer_antes_for_all": (
        "The dealer antes for everyone",
        "The dealer alone puts in every player's ante.",
    ),
    "double_ante": (
        "Double ante",
        "Everyone antes, and each player who plays adds one chip more.",
    ),
    "double_ante_round": (
        "When the double ante's chip is paid",
        "With the double ante on: when saying play ('with play') or in a round of its own "
        "after the draw ('after draw').",
    ),
    "second_ante": (
        "Second ante",
        "A player who says play puts in a second ante.",
    ),
    "ante_skip": (
        "Who skips the next ante",
        "Nobody, the bourréd players (their payment stands for the ante), or the bourréd and "
        "the tied players.",
    ),
    "renege": (
        "A renege (a card against the rules)",
        "Pay as for a bourré, take the card back, both, or put it right before the next card.",
    ),
    "bourre_paid_to": (
        "Where a bourré payment goes",
        "Into the next pot, or to the winner of this one.",
    ),
    "draw_timing": (
        "When players draw",
        "Each player who says play draws at once ('same turn'), or everyone declares first "
        "and then the players draw ('after declarations').",
    ),
    "min_players": ("Fewest players", "The smallest table the rulebook allows."),
    "max_players": ("Most players", "The largest table the rulebook allows."),
    "max_discards": (
        "Cards you may exchange",
        "How many cards one player may throw away and draw.",
    ),
    "max_discards_seven": (
        "Cards you may exchange at seven or more",
        "A smaller draw limit at a table of seven or more (none: the usual limit).",
    ),
    "restock": (
        "When the stock runs out",
        "Draw next from the folded hands then the discards, or from both together.",
    ),
    "dealer_ace_leads": (
        "A turned ace: the dealer leads",
        "When the turned card is an ace, the dealer leads the first trick.",
    ),
    "dealer_ace_must_play": (
        "A turned ace: the dealer must play",
        "When the turned card is an ace, the dealer may not pass.",
    ),
    "dealer_may_discard_trump_card": (
        "The dealer may throw away the turned card",
        "In the draw, the dealer may exchange the card turned for trump.",
    ),
    "lone_player_wins": (
        "A lone player takes the pot",
        "When only one player says play, they take the pot without playing the cards.",
    ),
    "separate_trump_card": (
        "A separate trump card",
        "A sixth card turned for trump: off, belonging to nobody, or the dealer's if they play.",
    ),
    "simultaneous_declaration": (
        "Declare all at once",
        "Everyone decides play or pass at the same time, hidden in a closed fist.",
    ),
    "out_of_turn_penalty": (
        "Declaring out of turn",
        "A player who declares out of turn sits out the next deal.",
    ),
}
"""Each switch: its name in words and its meaning in one line (ours)."""


def switch_title(name: str) -> str:
    """A switch's name in words ('Trump anyway'), or its field name when it has none."""
    return SWITCH_WORDS.get(name, (name.replace("_", " "), ""))[0]


def value_words(value: Any) -> str:
    """A switch's value in words: yes/no, 'none', or the value with spaces for underscores."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value).replace("_", " ")


def stance_cells(name: str, values: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Where each rulebook stands on a switch: (rulebook, its value in words, the citation of
    the entry it comes from, '' where the source is silent)."""
    cells = []
    for book, value in values.items():
        entry = stance(name, book)
        cells.append(
            (book, stance_words(name, book, value_words(value)), cite(entry.id) if entry else "")
        )
    return cells
