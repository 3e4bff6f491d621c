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
from ..play import Situation, cite, explain, legal_plays, rule_id, silence_note, verdicts
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
from .feedback import Feedback, not_checked, verdict_line, wrong_answer
from .series import PositionExercise, Series

__all__ = [
    "LegalCardsExercise",
    "LegalCardsSeries",
    "check_legal_selection",
    "legal_cards_exercise",
    "not_yet",
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
        return frozenset(), ["There is no answer yet: choose the cards you may play."]
    if isinstance(answer, (Mapping, bytes, bytearray, int, float)):
        return frozenset(), [
            f"A {type(answer).__name__} is not a list of cards. Give a set or list of cards, "
            'such as {"7♥", "J♥"} or ["7♥", "J♥"], or one text such as "7♥ J♥".'
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
                'such as {"7♥", "J♥"}, or one text such as "7♥ J♥".'
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
        return not_checked(summary, [*problems, f"Your hand: {_show(situation.hand)}."])
    if not chosen:
        summary = "No card is chosen yet: choose every card you may play, then check."
        return not_checked(summary, [f"Your hand: {_show(situation.hand)}."])
    legal = legal_plays(situation, rules)
    missed, extra = legal - chosen, chosen - legal
    if not missed and not extra:
        rule_id = explain(situation, min(legal), rules).rule_id
        summary = f"You may play exactly {_show(legal)} [{cite(rule_id)}]."
        details = [verdict_line(v) for v in verdicts(situation, rules)]
        return Feedback(True, summary, details, situation=situation)
    # counts only: which cards are missing or wrong is the answer, given on request
    return wrong_answer(not_yet(len(missed), len(extra)), situation=situation)


def not_yet(missed: int, extra: int, verb: str = "play", done: str = "played") -> str:
    """'1 card you may play is missing and 2 cards you chose may not be played.', in counts."""
    parts = []
    if missed:
        parts.append(
            f"{count(missed, 'card')} you may {verb} {'is' if missed == 1 else 'are'} missing"
        )
    if extra:
        parts.append(f"{count(extra, 'card')} you chose may not be {done}")
    return " and ".join(parts).capitalize() + "."


# --- one exercise --------------------------------------------------------------------------------


def _level_hint(level: str | None, rules: Rules) -> str:
    """The rule to think about for a level, under the chosen rulebook only, cited as that
    rulebook cites it (the engine's own citation table)."""

    def c(concept: str) -> str:
        """The citation, and where the rulebook is silent, whom the engine follows."""
        followed = cite(rule_id(concept, rules))
        if silence_note(concept, rules):
            return f"{rules.source} has no rule of its own here; the engine follows {followed}"
        return followed

    overtrump_fails = (
        f"If none can, you must still play a trump ({c('trump-anyway')})."
        if rules.trump_when_cannot_win
        else f"If none can, you need not trump: any card will do ({c('trump-not-needed')})."
    )
    hints = {
        "follow": (
            "First ask: which suit was led, and do you hold a card of it? If you do, you must "
            f"play that suit, whether or not it can win ({c('follow')})."
        ),
        "beat": (
            "You can follow suit and nobody has trumped. Look at the card winning the trick: if "
            f"some of your cards of the led suit beat it, you must play one of those ({c('beat')})."
        ),
        "trump": (
            "You have no card of the led suit. Do you hold a trump? Then a trump it must be, even "
            f"a small one ({c('trump')})."
        ),
        "overtrump": (
            "A trump is already in the trick and you cannot follow suit. If some of your trumps "
            f"beat the highest trump played, only those will do ({c('overtrump')}). "
            + overtrump_fails
        ),
        "known-top": (
            "Which cards of the led suit have been played, in earlier tricks or in this one? If no "
            "unseen card is higher than your best card of the suit, you know it is the top card, "
            f"and you must play it ({c('known-top')}). The engine asks it only with players still "
            "to come after you, and counts a card of yours with no unseen card between it and the "
            "top as the same card."
            if rules.must_play_known_top
            else f"{rules.source} has no known-top rule: the other rules of play decide."
        ),
        "cinch": (
            "Count the tricks you have won and the trump tricks you are sure to win (the "
            "engine's count). With three in all the pot is certain, and you must play your "
            f"highest trump ({c('cinch-pot')})."
            if rules.cinch != "off"
            else f"{rules.source} plays without the cinch rules: the other rules of play decide."
        ),
    }
    return hints.get(level or "", "")


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
            'Which of your cards may you play? Give them all, e.g. {"7♥", "J♥"}.'
        )

    def legal(self) -> frozenset[Card]:
        """The engine's answer: every card that may be played."""
        return legal_plays(self.situation, self.rules)

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark an answer and record the attempt (progress: a Progress, None = default, False = no)."""
        feedback = check_legal_selection(self.situation, answer, self.rules)
        feedback.exercise_id = self.id
        if feedback.attempted:  # an answer that could not be read is not counted as an attempt
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
        return " ".join([_level_hint(self.level, self.rules), *facts]).strip()

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
