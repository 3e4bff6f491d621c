"""Exercises that check themselves: the plain-Python core the exercise notebooks call.

Set 1, "Which cards may I play?": `LegalCardsExercise`, `LegalCardsSeries`,
`check_legal_selection`. Set 2, "Settle the pot": `SettlePotExercise`, `SettlePotSeries`,
`source_settle_exercises`, `check_settlement`. Set 3, "Write the rule yourself":
`RuleFunctionExercise`, `rule_function_exercises`, `check_rule_function`, with worked
solutions in `bourre_lessons.exercises.reference`. Every checker returns a `Feedback`.
Set 4, "Name the card": `NamingExercise`, `NamingSeries`, `naming_exercise`, `check_naming`.
Set 5, "Play or pass": `PlayOrPassExercise`, `PlayOrPassSeries`, `play_or_pass_exercise`,
`check_play_or_pass` (judged by the advisor's expected chips; loaded on first use, since the
advisor runs the compiled simulator).
The ipywidgets apps for sets 1, 2 and 4 live in `bourre_lessons.widgets.exercise_apps`.
"""

from . import reference
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

__all__ = [
    "CORE_RULES",
    "NAMING_LEVELS",
    "PLAY_OR_PASS_LEVELS",
    "RULE_KINDS",
    "SETTLE_FIELDS",
    "SETTLE_LEVELS",
    "SETTLE_RULES",
    "Feedback",
    "LegalCardsExercise",
    "LegalCardsSeries",
    "NamingExercise",
    "NamingSeries",
    "PlayOrPassExercise",
    "PlayOrPassSeries",
    "RuleFunctionExercise",
    "SettlePotExercise",
    "SettlePotSeries",
    "check_legal_selection",
    "check_naming",
    "check_play_or_pass",
    "check_rule_function",
    "check_settlement",
    "engine_answer",
    "legal_cards_exercise",
    "naming_exercise",
    "play_or_pass_exercise",
    "read_cards",
    "reference",
    "rule_function_exercises",
    "rule_positions",
    "settle_pot_exercise",
    "source_settle_exercises",
]

# Set 5 needs the advisor, which compiles with Numba: load it only when one of its names is used.
_LAZY = (
    "PLAY_OR_PASS_LEVELS",
    "PlayOrPassExercise",
    "PlayOrPassSeries",
    "check_play_or_pass",
    "play_or_pass_exercise",
)


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from . import play_or_pass

        value = getattr(play_or_pass, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bourre_lessons.exercises' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
