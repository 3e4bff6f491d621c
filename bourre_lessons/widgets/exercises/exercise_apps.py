"""The exercise apps, every set's in one place to import from.

Each app draws its question on the card table and is answered by clicks (cards, seats,
buttons) or by typed words; see `exercise_base.ExerciseApp` for what they share.

Set 1: `LegalCardsWidget`. Set 2: `SettlePotWidget`. Set 3: `show_position`, `RuleCheck`
(the position of a counterexample drawn as cards). Set 4: `NamingWidget`. Set 5:
`PlayOrPassApp`, `CostlyDecisionApp`. Set 6: `TrickWinnerApp`, `SureTricksApp`,
`LeadTrumpApp`, `DiscardApp` (and the whole hand, `exercise_whole_hand.WholeHandWidget`). The progress
of a notebook's items, in words: `SetProgress`.
"""

from .exercise_base import ANY, ExerciseApp
from .exercise_cards import DiscardApp, LeadTrumpApp, LegalCardsWidget, TrickWinnerApp
from .exercise_choices import CostlyDecisionApp, PlayOrPassApp, SureTricksApp
from .exercise_naming import NamingWidget
from .exercise_progress import SetProgress
from .exercise_rules import RuleCheck, show_position
from .exercise_settle import SettlePotWidget

__all__ = [
    "ANY",
    "CostlyDecisionApp",
    "DiscardApp",
    "ExerciseApp",
    "LeadTrumpApp",
    "LegalCardsWidget",
    "NamingWidget",
    "PlayOrPassApp",
    "RuleCheck",
    "SetProgress",
    "SettlePotWidget",
    "SureTricksApp",
    "TrickWinnerApp",
    "show_position",
]
