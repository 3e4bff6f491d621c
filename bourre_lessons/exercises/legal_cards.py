"""Set 1, "Which cards may I play?": pick every card the rules allow in a position.

The learner's answer is a set (or list, or text) of cards. `check_legal_selection` compares it
with the engine and gives, for every card that was missed or wrongly chosen, the engine's
verdict and the rule behind it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import ACCEPTED_FORMS, Card, CardError, parse_card
from ..play import Situation, explain, legal_plays, verdicts
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..sim.positions import (
    LEVEL_TITLES,
    LEVELS,
    describe_situation,
    levels_for,
    random_position,
)
from ..text import card_list, count
from .feedback import Feedback, verdict_line
from .series import PositionExercise, Series

__all__ = [
    "LegalCardsExercise",
    "LegalCardsSeries",
    "check_legal_selection",
    "legal_cards_exercise",
    "read_cards",
]

SET_ID = "legal-cards"


def _show(cards: Iterable[Card]) -> str:
    return card_list(cards, sep=" ", empty="no card")


# --- reading the answer ------------------------------------------------------------------------


def read_cards(answer: object, hand: Iterable[Card]) -> tuple[frozenset[Card], list[str]]:
    """The cards an answer names, and a friendly line for each part that could not be used."""
    hand = tuple(hand)
    if answer is None:
        return frozenset(), [
            "There is no answer yet (None). Give the cards you may play, e.g. {'H7', 'HJ'}."
        ]
    if isinstance(answer, (Mapping, bytes, bytearray, int, float)):
        return frozenset(), [
            f"A {type(answer).__name__} is not a list of cards. Give a set or list of cards, "
            "such as {'H7', 'HJ'} or ['7♥', 'J♥'], or one text such as 'H7 HJ'."
        ]
    if isinstance(answer, (str, Card)):
        items: list[object] = [answer]
        if isinstance(answer, str):
            items = [t for t in answer.replace(",", " ").replace(";", " ").split() if t]
    else:
        try:
            items = list(answer)  # type: ignore[call-overload]
        except TypeError:
            return frozenset(), [
                f"I cannot read a {type(answer).__name__} as cards. Give a set or list of cards, "
                "such as {'H7', 'HJ'}, or one text such as 'H7 HJ'."
            ]
    chosen: set[Card] = set()
    problems: list[str] = []
    for item in items:
        try:
            card = parse_card(item)  # type: ignore[arg-type]
        except CardError:
            problems.append(f"{item!r} is not a card I know. Accepted forms: {ACCEPTED_FORMS}.")
            continue
        if card not in hand:
            problems.append(f"You do not hold {card}; your hand is {_show(hand)}.")
            continue
        chosen.add(card)
    return frozenset(chosen), problems


# --- checking ------------------------------------------------------------------------------------


def check_legal_selection(
    situation: Situation, answer: object, rules: Rules | None = None
) -> Feedback:
    """Compare the cards a learner says may be played with the engine's legal cards."""
    rules = Rules() if rules is None else rules
    chosen, problems = read_cards(answer, situation.hand)
    if problems:
        summary = "I could not use all of your answer; nothing was marked yet."
        return Feedback(False, summary, [*problems, f"Your hand: {_show(situation.hand)}."])
    legal = legal_plays(situation, rules)
    missed, extra = legal - chosen, chosen - legal
    if not missed and not extra:
        rule = explain(situation, min(legal), rules).rule
        summary = f"You may play exactly {_show(legal)} [{rule}]."
        details = [verdict_line(v) for v in verdicts(situation, rules)]
        return Feedback(True, summary, details, situation=situation)
    if not chosen:
        summary = "You chose no card, but there is always at least one card you may play."
        details = [f"Your hand: {_show(situation.hand)}. Select every card you may play."]
    else:
        # counts only: which cards are missing or wrong is the answer, given on request
        summary = _not_yet(len(missed), len(extra)).capitalize() + "."
        details = [ON_REQUEST]
    return Feedback(False, summary, details, situation=situation)


ON_REQUEST = (
    "The hint names the rule to think about; the solution gives every card with its reason."
)


def _not_yet(missed: int, extra: int) -> str:
    """'1 card you may play is missing and 2 of your cards may not be played', in counts."""
    parts = []
    if missed:
        parts.append(
            f"{count(missed, 'card')} you may play {'is' if missed == 1 else 'are'} missing"
        )
    if extra:
        parts.append(f"{count(extra, 'card')} you chose may not be played")
    return " and ".join(parts)


# --- one exercise --------------------------------------------------------------------------------

_LEVEL_HINTS = {
    "follow": (
        "First ask: which suit was led, and do you hold a card of it? If you do, you must "
        "play that suit, whether or not it can win (glimne 4, pagat 1)."
    ),
    "beat": (
        "You can follow suit and nobody has trumped. Look at the card winning the trick: if "
        "some of your cards of the led suit beat it, you must play one of those (glimne 2, pagat 3)."
    ),
    "trump": (
        "You have no card of the led suit. Do you hold a trump? Then a trump it must be, even a "
        "small one (glimne 3, pagat 2)."
    ),
    "overtrump": (
        "A trump is already in the trick and you cannot follow suit. If some of your trumps beat "
        "the highest trump played, only those will do (glimne 5). If none can, the rules in force "
        "decide: glimne 6 and pagat still ask for a trump, wikipedia 2 does not."
    ),
    "known-top": (
        "Which cards of the led suit have been played, in earlier tricks or in this one? If no "
        "unseen card is higher than your best card of the suit, you know it is the top card, and "
        "you must play it (glimne 9). Two readings are ours, not glimne's: the rule binds only "
        "with players still to come after you, and a card of yours with no unseen card between "
        "it and the top counts as the same card (pagat's equivalence for the cinch, borrowed)."
    ),
    "cinch": (
        "Count the tricks you have won and the trump tricks you are sure to win. With three in "
        "all the pot is certain, and the cinch rules ask you to play your highest trump (pagat "
        "cinch; glimne's local cinch variant also asks it on lead even without a cinch)."
    ),
}


@dataclass(frozen=True)
class LegalCardsExercise(PositionExercise):
    """One position of set 1: which cards may be played? Check an answer with `.check`."""

    @property
    def title(self) -> str:
        """A short heading for the exercise, naming the rule it practises."""
        return f"Which cards may I play? {LEVEL_TITLES.get(self.level, self.level)}"

    def prompt(self) -> str:
        """The question and the position, in plain text."""
        return (
            f"{self.title} ({self.rules.source} rules)\n{describe_situation(self.situation)}\n"
            "Which of your cards may you play? Give them all, e.g. {'H7', 'HJ'}."
        )

    def legal(self) -> frozenset[Card]:
        """The engine's answer: every card that may be played."""
        return legal_plays(self.situation, self.rules)

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark an answer and record the attempt (progress: a Progress, None = default, False = no)."""
        feedback = check_legal_selection(self.situation, answer, self.rules)
        feedback.exercise_id = self.id
        _, problems = read_cards(answer, self.situation.hand)
        if not problems:  # an answer that could not be read is not counted as an attempt
            record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """A nudge: the rule to think about and the facts of the position, not the answer."""
        s = self.situation
        facts = []
        if s.is_lead:
            facts.append("You are on lead.")
        else:
            led, best = s.led, s.best
            assert led is not None and best is not None
            trumped = "it has been trumped" if s.trumped else "nobody has trumped"
            facts.append(f"{led.plural.capitalize()} were led; {best} is winning and {trumped}.")
            facts.append(f"Your {led.plural}: {_show(s.holding(led))}.")
        facts.append(f"Your trumps ({s.trump.plural}): {_show(s.holding(s.trump))}.")
        if self.level in ("known-top", "cinch"):
            facts.append(f"Cards played in earlier tricks: {_show(s.seen)}.")
        if self.level == "cinch":
            facts.append(f"Tricks you have won: {s.tricks_won}.")
        return " ".join([_LEVEL_HINTS.get(self.level, ""), *facts]).strip()

    def solution(self) -> str:
        """The worked answer: the legal cards, then the engine's verdict on every card."""
        lines = [f"You may play {_show(self.legal())}."]
        lines += [f"- {verdict_line(v)}" for v in verdicts(self.situation, self.rules)]
        return "\n".join(lines)


def legal_cards_exercise(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> LegalCardsExercise:
    """Exercise number `index` of the series for `seed` (level None: a level chosen at random)."""
    rules = Rules() if rules is None else rules
    rng = random.Random(f"legal-cards:{seed}:{index}")
    chosen = rng.choice(levels_for(rules)) if level is None else level
    situation = random_position(rng, chosen, rules)
    exercise_id = f"{SET_ID}/{rules.source}/{chosen}/{seed}-{index}"
    return LegalCardsExercise(exercise_id, chosen, situation, rules)


class LegalCardsSeries(Series[LegalCardsExercise]):
    """An endless, repeatable series of set-1 exercises: `.next()` is the "new position" button."""

    def __init__(
        self, seed: int | str = 0, level: str | None = None, rules: Rules | None = None
    ) -> None:
        self.rules = Rules() if rules is None else rules
        if level is not None and level not in levels_for(self.rules):
            raise ValueError(
                f"level {level!r} is not available under these rules; choose one of "
                f"{', '.join(levels_for(self.rules))} (all levels: {', '.join(LEVELS)})"
            )
        super().__init__(seed)
        self.level = level

    def _exercise(self, index: int) -> LegalCardsExercise:
        return legal_cards_exercise(self.seed, self.level, self.rules, index)
