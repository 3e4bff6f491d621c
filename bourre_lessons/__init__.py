"""bourre-lessons: learn the Louisiana trick-taking game Bourré in JupyterLab.

The engine's public names; see the lesson notebooks for a guided tour.
"""

from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_suit
from .game import Game, GameError, IllegalAction, IllegalPlay
from .naming import CLAUSES, Designation, NamingError, clause_summary, designate
from .play import (
    Situation,
    Verdict,
    beats,
    explain,
    has_cinch,
    legal_plays,
    rule_summary,
    sure_trump_tricks,
    trick_winner,
    verdicts,
    winning_card,
)
from .rules import PRESETS, SOURCES, Rules
from .settle import Settlement, settle

__version__ = "0.1.0"

__all__ = [
    "CLAUSES",
    "DECK",
    "PRESETS",
    "SOURCES",
    "Card",
    "CardError",
    "Designation",
    "Game",
    "GameError",
    "IllegalAction",
    "IllegalPlay",
    "NamingError",
    "Rank",
    "Rules",
    "Settlement",
    "Situation",
    "Suit",
    "Verdict",
    "beats",
    "clause_summary",
    "designate",
    "explain",
    "has_cinch",
    "legal_plays",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "rule_summary",
    "settle",
    "sure_trump_tricks",
    "trick_winner",
    "verdicts",
    "winning_card",
]
