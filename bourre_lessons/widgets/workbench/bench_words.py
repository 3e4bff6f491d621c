"""The switches in a player's words: a short name for each, and each value in words.

Written in the course's own words; a switch's meaning in a line is the house core's
(`house.switch_meaning`), and where a source stands on it comes from the register
(`sources.stance`), never from here. Nothing here draws, so the text forms and the tests read
it without a widget.
"""

from __future__ import annotations

from typing import Any

from ...sources import cite, stance, stance_words

__all__ = ["SWITCH_WORDS", "stance_cells", "switch_title", "value_words"]

SWITCH_WORDS: dict[str, str] = {
    "trump_when_cannot_win": "Trump anyway",
    "must_play_known_top": "Play the known top card",
    "must_lead_trump_when_others_out": "Lead trump when the others are out",
    "cinch": "The cinch (sure-win duty)",
    "pot_limit": "Pot limit",
    "dealer_antes_for_all": "The dealer antes for everyone",
    "double_ante": "Double ante",
    "double_ante_round": "When the double ante's chip is paid",
    "second_ante": "Second ante",
    "ante_skip": "Who skips the next ante",
    "renege": "A renege (a card against the rules)",
    "bourre_paid_to": "Where a bourré payment goes",
    "draw_timing": "When players draw",
    "min_players": "Fewest players",
    "max_players": "Most players",
    "max_discards": "Cards you may exchange",
    "max_discards_seven": "Cards you may exchange at seven or more",
    "restock": "When the stock runs out",
    "dealer_ace_leads": "A turned ace: the dealer leads",
    "dealer_ace_must_play": "A turned ace: the dealer must play",
    "dealer_may_discard_trump_card": "The dealer may throw away the turned card",
    "lone_player_wins": "A lone player takes the pot",
    "separate_trump_card": "A separate trump card",
    "simultaneous_declaration": "Declare all at once",
    "out_of_turn_penalty": "Declaring out of turn",
}
"""Each switch's name in words (ours); its meaning is `house.switch_meaning`."""


def switch_title(name: str) -> str:
    """A switch's name in words ('Trump anyway'), or its field name when it has none."""
    return SWITCH_WORDS.get(name, name.replace("_", " "))


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
