"""Exercises that check themselves: the plain-Python core the exercise notebooks call.

Set 1, "Which cards may I play?": `LegalCardsExercise`, `LegalCardsSeries`,
`check_legal_selection`. Set 2, "Settle the pot": `SettlePotExercise`, `SettlePotSeries`,
`source_settle_exercises`, `check_settlement`. Set 3, "Write the rule yourself":
`RuleFunctionExercise`, `rule_function_exercises`, `check_rule_function`, with worked
solutions in `bourre_lessons.exercises.worked_solutions`. Every checker returns a `Feedback`.
Set 4, "Name the card": `NamingExercise`, `NamingSeries`, `naming_exercise`, `check_naming`.
Set 5, "Play or pass": `PlayOrPassExercise`, `PlayOrPassSeries`, `play_or_pass_exercise`,
`check_play_or_pass` (judged by the advisor's expected chips; loaded on first use, since the
advisor runs the compiled simulator), and "Find the costly decision" in a hand you played
(`CostlyDecisionExercise`, `costly_decision_exercise`, judged by the coach; loaded on first
use too).
Set 6, "Drills": who wins the trick, sure trump tricks, glimne 10 (`drills`), and what to
throw away in the draw (`discard_drill`, judged by simulated play-outs, loaded on first use),
and one whole hand played at the table (`whole_hand`: `WholeHandExercise`,
`whole_hand_exercise`, judged by the coach, which is imported inside the check).
The ipywidgets apps for sets 1, 2 and 4 live in `bourre_lessons.widgets.exercises.exercise_apps`.
"""

import importlib

from . import worked_solutions
from .drills import (
    DRILL_KINDS,
    DRILL_LEVELS,
    DrillSeries,
    LeadTrumpDrill,
    SureTricksDrill,
    TrickWinnerDrill,
    drill,
    lead_trump_drill,
    sure_tricks_drill,
    trick_winner_drill,
)
from .feedback import Feedback
from .legal_cards import (
    LegalCardsExercise,
    LegalCardsSeries,
    check_legal_selection,
    legal_cards_exercise,
    read_cards,
)
from .name_the_card import (
    NAMING_LEVELS,
    NamingExercise,
    NamingSeries,
    check_naming,
    naming_exercise,
)
from .rule_functions import (
    CORE_RULES,
    RULE_KINDS,
    RuleFunctionExercise,
    check_rule_function,
    engine_answer,
    rule_function_exercises,
    rule_positions,
)
from .settle_pot import (
    SETTLE_FIELDS,
    SETTLE_LEVELS,
    SETTLE_RULES,
    SettlePotExercise,
    SettlePotSeries,
    check_settlement,
    settle_pot_exercise,
    source_settle_exercises,
)
from .whole_hand import WholeHandExercise, whole_hand_exercise

__all__ = [
    "CORE_RULES",
    "DRILL_KINDS",
    "DRILL_LEVELS",
    "NAMING_LEVELS",
    "PLAY_OR_PASS_LEVELS",
    "RULE_KINDS",
    "SETTLE_FIELDS",
    "SETTLE_LEVELS",
    "SETTLE_RULES",
    "CostlyDecisionExercise",
    "DiscardDrill",
    "DiscardSeries",
    "DrillSeries",
    "Feedback",
    "LeadTrumpDrill",
    "LegalCardsExercise",
    "LegalCardsSeries",
    "NamingExercise",
    "NamingSeries",
    "PlayOrPassExercise",
    "PlayOrPassSeries",
    "RuleFunctionExercise",
    "SettlePotExercise",
    "SettlePotSeries",
    "SureTricksDrill",
    "TrickWinnerDrill",
    "WholeHandExercise",
    "check_legal_selection",
    "check_naming",
    "check_play_or_pass",
    "check_rule_function",
    "check_settlement",
    "costly_decision_exercise",
    "discard_exercise",
    "drill",
    "engine_answer",
    "lead_trump_drill",
    "legal_cards_exercise",
    "naming_exercise",
    "play_or_pass_exercise",
    "read_cards",
    "rule_function_exercises",
    "rule_positions",
    "settle_pot_exercise",
    "source_settle_exercises",
    "sure_tricks_drill",
    "trick_winner_drill",
    "whole_hand_exercise",
    "worked_solutions",
]

# Set 5, its costly-decision item and the discard drill run the compiled simulator (Numba):
# each module is loaded only when one of its names is used.
_LAZY_MODULES = {
    "play_or_pass": (
        "PLAY_OR_PASS_LEVELS",
        "PlayOrPassExercise",
        "PlayOrPassSeries",
        "check_play_or_pass",
        "play_or_pass_exercise",
    ),
    "discard_drill": ("DiscardDrill", "DiscardSeries", "discard_exercise"),
    "costly_decision": ("CostlyDecisionExercise", "costly_decision_exercise"),
}
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        module = importlib.import_module(f".{_LAZY[name]}", __name__)
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bourre_lessons.exercises' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
