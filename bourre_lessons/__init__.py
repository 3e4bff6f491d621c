"""bourre-lessons: learn the Louisiana trick-taking game Bourré in JupyterLab.

The engine's public names; see the lesson notebooks for a guided tour.
"""

from .browser import in_browser, install_friendly_errors
from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_suit
from .game import Game, GameError, IllegalAction, IllegalPlay, UnreadableAction
from .house import HouseRules, HouseRulesError, example_houses, load_house, save_house
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

if in_browser():  # JupyterLite: a missing NumPy or matplotlib reads as one sentence
    install_friendly_errors()

# The simulator compiles with Numba: load it only when one of its names is asked for.
_LAZY_MODULES: dict[str, tuple[str, ...]] = {
    "sim.simulation": ("SimulationResult", "simulate"),
    "sim.advisor": ("Advice", "Estimate", "advise"),
    "sim.house_lab": ("compare",),
    "sim.bots": (
        "Bot",
        "BotError",
        "HeuristicBot",
        "RandomBot",
        "SeatView",
        "play_bots",
        "view_of",
    ),
}
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value  # also replaces the submodule bound under the same name
        return value
    raise AttributeError(f"module 'bourre_lessons' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [  # noqa: RUF022 - the lazy names follow the eager ones
    "Advice",
    "Bot",
    "BotError",
    "Estimate",
    "HeuristicBot",
    "RandomBot",
    "SeatView",
    "SimulationResult",
    "advise",
    "compare",
    "play_bots",
    "simulate",
    "view_of",
    "CLAUSES",
    "DECK",
    "PRESETS",
    "SOURCES",
    "Card",
    "CardError",
    "Designation",
    "Game",
    "GameError",
    "HouseRules",
    "HouseRulesError",
    "IllegalAction",
    "IllegalPlay",
    "NamingError",
    "Rank",
    "Rules",
    "Settlement",
    "Situation",
    "Suit",
    "UnreadableAction",
    "Verdict",
    "beats",
    "clause_summary",
    "designate",
    "example_houses",
    "explain",
    "has_cinch",
    "legal_plays",
    "load_house",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "rule_summary",
    "save_house",
    "settle",
    "sure_trump_tricks",
    "trick_winner",
    "verdicts",
    "winning_card",
]
