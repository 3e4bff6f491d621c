"""Set 4, "Name the card": say a card the way a player would, and let the laws read it.

The learner's answer is text: what they would say at the table to play a target card ("a
heart", "the king", "low", "win it", or "hjärter knekt"). `check_naming` reads it with
`designate(..., language="auto")` (laws 45C4a and 46B, in five languages) and says which card
the words play, whether that is the card wanted, whether the engine allows it, and the clause
that decided. A card named in full that the rules forbid is still played (laws 45C4a, and the
engine's reading for a forbidden card, of which the law says nothing): the check calls it a renege and says what the rulebook's renege rule does about it. Words the
course does not know, or a card not held (laws 46B4), get "nothing is played: say it again".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..cards import Card, Suit, parse_card
from ..naming import CLAUSES, Designation, NamingError, designate, renege_outcome
from ..play import Situation, beats, cite, explain, legal_plays
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..sim.positions import MAX_TRIES, describe_situation, played_hand, random_situation
from ..text import card_list
from .feedback import ON_REQUEST, Feedback, not_checked, verdict_line
from .series import LevelledExercise, RulesSeries, drawn_level

__all__ = [
    "NAMING_LEVELS",
    "NAMING_LEVEL_TITLES",
    "NamingExercise",
    "NamingSeries",
    "check_naming",
    "naming_exercise",
    "naming_phrases",
]

SET_ID = "name-the-card"

NAMING_LEVELS: tuple[str, ...] = ("rank", "suit", "high-low", "win", "intent", "rank-lead")
"""The short ways of naming a card a position can practise, easiest first (46B3a, which needs
the previous trick, last)."""

NAMING_LEVEL_TITLES: dict[str, str] = {
    "rank": "A rank on its own (laws 46B3)",
    "rank-lead": "A rank on lead, after winning a trick (laws 46B3a)",
    "suit": "A suit on its own (laws 46B2)",
    "high-low": '"High" and "low" (laws 46B1a, 46B1c)',
    "win": '"Win it" (laws 46B1b)',
    "intent": "The only card that fits (laws 46B)",
}

_LEVEL_CLAUSES: dict[str, frozenset[str]] = {
    "rank": frozenset({"laws-46B3"}),
    "suit": frozenset({"laws-46B2"}),
    "high-low": frozenset({"laws-46B1a", "laws-46B1c"}),
    "win": frozenset({"laws-46B1b"}),
    "intent": frozenset({"laws-intent"}),
    "rank-lead": frozenset({"laws-46B3a"}),
}

_SHORT_WAYS = (
    "a suit on its own (46B2), a rank on its own (46B3), 'high' or 'low' (46B1a, 46B1c) or "
    "'win it' (46B1b)"
)

_WORDS_HELP = (
    "In English you can say a suit (spade, heart, diamond, club, or trump), a rank (ace, "
    "king, queen, jack, ten … two), 'high', 'low', 'win it' or 'doesn't matter', with "
    "fillers such as 'the', 'a', 'please'; or a card code such as QH, Q♥, 10H or hj7. "
    "Swedish, Danish, Portuguese and Japanese words work too; the full list of a "
    "language: bourre_lessons.naming.vocabulary('sv')."
)

_EXAMPLE = "'a heart', 'the king', 'low' or 'win it'"


def _cite(clause: str) -> str:
    """A clause id as a citation: 'laws-46B2' -> 'laws 46B2'."""
    if clause == "laws-intent":
        return "laws 46B, preamble"
    return clause.replace("-", " ", 1)


def _law_line(clause: str) -> str:
    return f"The law [{_cite(clause)}]: {CLAUSES[clause]}"


def _show(cards: Iterable[Card]) -> str:
    return card_list(cards, sep=" ", empty="no card")


# --- phrases a player might say ---------------------------------------------------------------


def naming_phrases(situation: Situation) -> tuple[str, ...]:
    """Short English phrases worth trying in a position, shortest first (no full card names)."""
    phrases = ["low", "high", "win it"]
    suits = [suit for suit in Suit if situation.holding(suit)]
    for suit in suits:
        phrases += [f"a {suit.singular}", f"a small {suit.singular}", f"the top {suit.singular}"]
    if situation.holding(situation.trump):
        phrases += ["a trump", "a small trump", "the top trump"]
    ranks = sorted({card.rank for card in situation.hand}, reverse=True)
    phrases += [f"the {rank.word}" for rank in ranks]
    return tuple(phrases)


def _full_name(card: Card) -> str:
    return f"the {card.rank.word} of {card.suit.plural}"


def _readings(situation: Situation, rules: Rules) -> list[tuple[str, Designation]]:
    """Every short phrase of the position with what the laws make of it."""
    return [(p, designate(p, situation, rules, language="auto")) for p in naming_phrases(situation)]


def _literal(phrase: str, situation: Situation) -> Card | None:
    """The card a suit phrase would name by the plain rule (lowest, or top), ignoring legality."""
    words = phrase.split()
    suit_word = words[-1]
    if suit_word == "trump":
        suit = situation.trump
    else:
        found = [s for s in Suit if s.singular == suit_word]
        if not found:
            return None
        suit = found[0]
    held = situation.holding(suit)
    if not held:
        return None
    return held[0] if "top" in words else held[-1]


def _fits_level(
    level: str, phrase: str, named: Designation, situation: Situation, legal: frozenset[Card]
) -> bool:
    """Whether a phrase's reading practises the level (and the position offers a real choice)."""
    if not named.played or named.clause not in _LEVEL_CLAUSES[level]:
        return False
    if level == "intent":
        literal = _literal(phrase, situation)
        return literal is not None and literal != named.card
    assert named.card is not None
    if level == "rank-lead":  # the suit matters: another legal card shares the rank
        return sum(1 for c in legal if c.rank == named.card.rank) >= 2
    if level == "win":  # the law's own case: following a lead, with a card that can win it
        best = situation.best
        if best is None or not beats(named.card, best, situation.trump):
            return False
    return len(legal) >= 2


# --- the check ---------------------------------------------------------------------------------


def check_naming(
    situation: Situation,
    text: object,
    target: Card | str | None = None,
    rules: Rules | None = None,
    short: bool = False,
) -> Feedback:
    """Read what a learner would say, by the laws, and compare the card it plays with `target`.

    target None: any legal card played is right (free practice). short: naming the target by
    suit and rank together (laws 45C4a) is not enough; the exercise asks for a shorter way.
    """
    rules = Rules() if rules is None else rules
    wanted = None if target is None else parse_card(target)  # type: ignore[arg-type]
    if wanted is not None and wanted not in situation.hand:
        raise ValueError(f"the target {wanted} is not in the hand {_show(situation.hand)}")
    said, problem = _read_text(text)
    if problem is not None:
        return problem
    try:
        named = designate(said, situation, rules, language="auto")
    except NamingError as error:
        return _not_understood(said, error)
    if named.kind == "played":
        return _played(said, named, situation, rules, wanted, short)
    if named.kind == "renege":
        return _reneged(said, named, situation, rules)
    return _not_played(said, named, situation, wanted)


def _read_text(text: object) -> tuple[str, Feedback | None]:
    """The words to read, or a friendly Feedback when there are none."""
    if isinstance(text, Card):
        return text.code, None
    if text is None or (isinstance(text, str) and not text.strip()):
        summary = "There is no answer yet: type the words you would say at the table."
        return "", not_checked(summary, [f"For example {_EXAMPLE}."])
    if not isinstance(text, str):
        summary = f"Your answer is of type {type(text).__name__}, not words."
        details = [f"Give the words as text, in quotes: for example {_EXAMPLE}."]
        return "", not_checked(summary, details)
    return text.strip(), None


def _not_understood(said: str, error: NamingError) -> Feedback:
    first = str(error).split(". Understood", 1)[0].rstrip(".")
    if first.startswith("not understood: "):
        summary = f"I did not understand {first.removeprefix('not understood: ')} in “{said}”."
    else:
        summary = f"I could not read “{said}”: {first}."
    return not_checked(summary, [_WORDS_HELP])


def _played(
    said: str,
    named: Designation,
    situation: Situation,
    rules: Rules,
    wanted: Card | None,
    short: bool,
) -> Feedback:
    card = named.card
    assert card is not None
    verdict = explain(situation, card, rules)
    details = [
        f"Heard: {named.heard}.",
        f"{named.reason} [{cite(named.clause)}]",
        _law_line(named.clause),
        verdict_line(verdict, f"Is {card} legal? Yes"),
    ]
    if wanted is None:
        summary = f"“{said}” plays {card} [{cite(named.clause)}]."
        return Feedback(True, summary, details, situation=situation)
    if card != wanted:
        summary = f"“{said}” plays {card}, not {wanted} [{cite(named.clause)}]."
        details += [f"Look for words that pick out {wanted} and no other card.", ON_REQUEST]
        return Feedback(False, summary, details, situation=situation)
    if short and named.clause == "laws-45C4a":
        summary = (
            f"“{said}” names {card} in full, so it is played [{cite(named.clause)}]; "
            "right card, but say it the short way."
        )
        details += [f"Naming suit and rank always works. Here try {_SHORT_WAYS}.", ON_REQUEST]
        return Feedback(False, summary, details, situation=situation)
    summary = f"“{said}” plays {card}, the card you wanted [{cite(named.clause)}]."
    return Feedback(True, summary, details, situation=situation)


def _reneged(said: str, named: Designation, situation: Situation, rules: Rules) -> Feedback:
    """laws 45C4a: the named card is played although the rules forbid it: a renege (the
    engine's reading)."""
    card, verdict = named.card, named.verdict
    assert card is not None and verdict is not None
    rule, outcome = renege_outcome(rules)
    summary = f"“{said}” plays {card}, which you may not play: a renege [{cite(named.clause)}, {cite(rule)}]."
    details = [
        f"Heard: {named.heard}.",
        _law_line(named.clause),
        f"Is {card} legal? No [{cite(verdict.rule_id)}]: {verdict.reason}",
        f"A named card counts as played, so it cannot be taken back by saying another. "
        f"Under the {rules.source} rules ({rule}): {outcome}",
        "Name only a card you may play.",
        ON_REQUEST,
    ]
    return Feedback(False, summary, details, situation=situation)


def _not_played(
    said: str, named: Designation, situation: Situation, wanted: Card | None
) -> Feedback:
    details = [f"Heard: {named.heard}.", f"{named.reason} [{cite(named.clause)}]"]
    details.append(_law_line(named.clause))
    verdict = named.verdict
    if verdict is not None and not verdict.legal and verdict.card in situation.hand:
        details.append(f"Is {verdict.card} legal? No [{cite(verdict.rule_id)}].")
    if named.kind == "ask":
        summary = f"“{said}” does not pick one card yet: {named.question} [{cite(named.clause)}]"
        details.append("Add the suit or the rank so that only one card fits.")
    elif named.kind == "opponent_chooses":
        summary = f"“{said}” lets an opponent choose among {_show(named.candidates)} [{cite(named.clause)}]."
        if wanted is not None:
            details.append(f"They might not pick {wanted}: name it yourself.")
    else:
        summary = f"“{said}” plays no card [{cite(named.clause)}]."
        details.append("Nothing is played: say it again.")
    if wanted is not None:
        details.append(ON_REQUEST)
    return Feedback(False, summary, details, situation=situation)


# --- one exercise -------------------------------------------------------------------------------

_LEVEL_HINTS = {
    "rank": "A rank said on its own names the one card of that rank you may play (laws 46B3).",
    "suit": "A suit said on its own names your lowest legal card of that suit (laws 46B2).",
    "high-low": (
        '"High" and "low" pick your highest or lowest legal card of the suit led (laws 46B1a, '
        "46B1c); with a suit added, of that suit."
    ),
    "win": (
        '"Win it" means your lowest card known to win: one that no card you cannot see can '
        "beat (every higher card of its suit is in your hand or played, and nobody after you can "
        "trump it), or, last to play, the lowest card that beats the trick. Only if no card is "
        "known to win is it your highest card of the suit led (laws 46B1b)."
    ),
    "rank-lead": (
        "On lead, a rank said on its own means the card of that rank in the suit you won the "
        "previous trick with, if you hold it (laws 46B3a)."
    ),
    "intent": (
        "Taken literally, a suit on its own names your lowest card of that suit. But when only "
        "one card you may play fits your words, that card is the one you meant (laws 46B)."
    ),
}


@dataclass(frozen=True)
class NamingExercise(LevelledExercise):
    """One position of set 4: say the target card the short way; `.check(words)` reads it."""

    situation: Situation
    target: Card
    rules: Rules = field(default_factory=Rules)
    short: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", parse_card(self.target))  # type: ignore[arg-type]
        if self.target not in legal_plays(self.situation, self.rules):
            raise ValueError(f"the target {self.target} may not be played in this position")

    @property
    def title(self) -> str:
        """A short heading naming the way of speaking practised."""
        return f"Name the card: {NAMING_LEVEL_TITLES.get(self.level, self.level)}"

    def prompt(self) -> str:
        """The position, the card to play, and what to type."""
        how = (
            f"Say it the short way: not suit and rank together, but {_SHORT_WAYS}."
            if self.short
            else "Say it any way you like."
        )
        return (
            f"{self.title} ({self.rules.source} rules)\n{describe_situation(self.situation)}\n"
            f"You want to play {self.target}. What do you say?\n{how}"
        )

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Read the words and record the attempt (progress: a Progress, None = default, False = no)."""
        feedback = check_naming(self.situation, answer, self.target, self.rules, self.short)
        feedback.exercise_id = self.id
        if feedback.attempted:  # words that could not be read are not an attempt
            record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """The clause to think of, and the cards you may play (not the words)."""
        legal = legal_plays(self.situation, self.rules)
        return (
            f"{_LEVEL_HINTS[self.level]} The cards you may play here: {_show(legal)}. "
            f"Which words pick out {self.target} among them?"
        )

    def ways(self) -> list[tuple[str, str]]:
        """Short phrases that play the target here, each with its clause."""
        return [
            (phrase, named.clause)
            for phrase, named in _readings(self.situation, self.rules)
            if named.played and named.card == self.target
        ]

    def solution(self) -> str:
        """The worked answer: the short phrases that play the target, and the full name."""
        ways = self.ways()
        lines = [f"Words that play {self.target} here:"]
        lines += [f"- “{phrase}”: {_cite(clause)}" for phrase, clause in ways]
        full = _full_name(self.target)
        lines.append(f"- “{full}” or “{self.target}”: laws 45C4a (the full name)")
        best = next((p for p, c in ways if self._shows_level(p, c)), None)
        if best is not None:
            named = designate(best, self.situation, self.rules)
            lines.append(f"Why “{best}”: {named.reason}")
        return "\n".join(lines)

    def _shows_level(self, phrase: str, clause: str) -> bool:
        """Whether a working phrase is the way of speaking this exercise practises."""
        if clause not in _LEVEL_CLAUSES[self.level]:
            return False
        return self.level != "intent" or _literal(phrase, self.situation) not in (None, self.target)


def naming_exercise(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> NamingExercise:
    """Exercise number `index` of the series for `seed` (level None: a level chosen at random)."""
    rules = Rules() if rules is None else rules
    chosen, rng = drawn_level(SET_ID, seed, level, index, NAMING_LEVELS)
    for _ in range(MAX_TRIES):
        for situation in _positions(rng, rules, chosen):
            legal = legal_plays(situation, rules)
            targets = sorted(
                {
                    named.card
                    for phrase, named in _readings(situation, rules)
                    if named.card is not None
                    and _fits_level(chosen, phrase, named, situation, legal)
                }
            )
            if targets:
                target = rng.choice(targets)
                exercise_id = f"{SET_ID}/{rules.source}/{chosen}/{seed}-{index}"
                return NamingExercise(exercise_id, chosen, situation, target, rules)
    raise RuntimeError(f"no {chosen!r} position found in {MAX_TRIES} hands; please report this")


def _positions(rng: random.Random, rules: Rules, level: str) -> list[Situation]:
    """Positions of one simulated hand to try: one decision at random, or for 46B3a (rarer)
    every lead by the winner of the previous trick, who knows the card it won with."""
    if level != "rank-lead":
        return [random_situation(rng, rules)]
    return [s for s in played_hand(rng, rules) if s.won_last_trick_with is not None]


class NamingSeries(RulesSeries[NamingExercise]):
    """An endless, repeatable series of set-4 exercises: `.next()` is the "new position" button."""

    levels = NAMING_LEVELS

    def _exercise(self, index: int) -> NamingExercise:
        return naming_exercise(self.seed, self.level, self.rules, index)
