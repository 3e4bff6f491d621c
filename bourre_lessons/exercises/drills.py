"""Drills: short questions the other sets do not ask, each checked by the engine.

Three kinds, each a seeded position from a hand played through `Game` (`sim.positions`):

  trick-winner -- a finished trick: which card takes it? (the play sections of pagat and
                  wikipedia: the highest trump, or with no trump the highest card of the suit led)
  sure-tricks  -- on lead: how many sure trump tricks do you hold? (the count behind the cinch,
                  `sure_trump_tricks`; docs/rules.md, Cinch)
  lead-trump   -- glimne 10 under glimne's rules: on lead, which cards may you lead?

Every drill has `prompt()`, `check(answer)`, `hint()` and `solution()`, and `check` returns a
`Feedback`. A wrong answer is only marked wrong (for a set of cards: how many are missing or
wrong, never which); `hint()` and `solution()` tell more when asked. The draw drill (what to
throw away, judged by simulation) lives in `discard_drill`, since it needs the simulator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..cards import ACCEPTED_FORMS, Card, CardError, Suit, parse_card
from ..play import (
    Situation,
    Verdict,
    cite,
    is_known_top,
    legal_plays,
    others_known_out,
    sure_trump_tricks,
    verdicts,
    winning_card,
)
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..sim.positions import MAX_TRIES, describe_situation, make_rng, played_hand
from ..text import card_list, count
from .feedback import Feedback, not_checked, wrong_answer
from .legal_cards import not_yet, read_cards
from .series import LevelledExercise, PositionExercise, Series

__all__ = [
    "DRILL_KINDS",
    "DRILL_LEVELS",
    "DrillSeries",
    "LeadTrumpDrill",
    "SureTricksDrill",
    "TrickWinnerDrill",
    "drill",
    "lead_level",
    "lead_trump_drill",
    "read_count",
    "read_one_card",
    "sure_level",
    "sure_tricks_drill",
    "trick_level",
    "trick_winner_drill",
]

SET_ID = "drills"

DRILL_LEVELS: dict[str, tuple[str, ...]] = {
    "trick-winner": ("led-suit", "trumped", "overtrumped"),
    "sure-tricks": ("top", "none", "cover"),
    "lead-trump": ("others-out", "trump-still-out"),
}
"""The levels of each drill, easiest first.

trick-winner: 'led-suit' -- no trump in the trick, and a card of another suit outranks the
winner; 'trumped' -- one trump in a side-suit trick, and a side card outranks it;
'overtrumped' -- two trumps or more in a side-suit trick.
sure-tricks (always two trumps or more in hand): 'top' -- every sure trick is a trump no
unseen trump beats; 'none' -- none of your trumps is sure; 'cover' -- more sure tricks than top
trumps (an unseen trump can beat only one of yours).
lead-trump: 'others-out' -- nobody else can hold a trump (glimne 10 applies);
'trump-still-out' -- somebody may still hold one (it does not).
"""
DRILL_KINDS: tuple[str, ...] = tuple(DRILL_LEVELS)

TRICK_RULE = "pagat play"
"""The citation for who wins a trick: the play section of pagat (wikipedia says the same)."""


def _show(cards: Iterable[Card]) -> str:
    """Cards grouped by suit, highest first ('none' for no card)."""
    return card_list(cards, sep=" ", empty="none", by_suit=True)


def _in_order(cards: Iterable[Card]) -> str:
    """Cards in the order given, such as a trick in play order."""
    return card_list(cards, sep=" ", empty="none", sort=False)


def _cited(verdict: Verdict) -> str:
    """An engine verdict as a line, its rule cited the way learners read it ('glimne 10')."""
    rule_id = verdict.rule_id
    return f"{verdict.reason} [{cite(rule_id)}]" if "-" in rule_id else verdict.reason


def _record(progress: Progress | bool | None, exercise_id: str, feedback: Feedback) -> None:
    record_attempt(progress, exercise_id, feedback.correct)


# --- reading one card or one number ------------------------------------------------------------


def read_one_card(answer: object) -> tuple[Card | None, str]:
    """(the card an answer names, '') or (None, what was wrong and what is accepted)."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return None, 'There is no answer yet: give one card, e.g. "10♥" (or "H10").'
    if isinstance(answer, Card):
        return answer, ""
    if not isinstance(answer, str):
        return None, (
            f"A {type(answer).__name__} is not one card: give one card as text, "
            'e.g. "10♥" (or "H10").'
        )
    words = answer.replace(",", " ").split()
    if len(words) > 1:
        return None, f"“{answer.strip()}” names {len(words)} things: give exactly one card."
    try:
        return parse_card(words[0]), ""
    except CardError:
        return None, f"“{words[0]}” is not a card I know. Accepted forms: {ACCEPTED_FORMS}."


_NUMBER_WORDS = {"zero": 0, "none": 0, "no": 0, "one": 1, "two": 2, "three": 3}
_NUMBER_WORDS |= {"four": 4, "five": 5}


def read_count(answer: object, most: int = 5) -> tuple[int | None, str]:
    """(a whole number from 0 to `most`, '') or (None, what was wrong and what is accepted)."""
    accepted = f"give a whole number from 0 to {most}, e.g. 2"
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return None, f"There is no answer yet: {accepted}."
    if isinstance(answer, bool) or not isinstance(answer, (int, str)):
        return None, f"A {type(answer).__name__} is not a count: {accepted}."
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in _NUMBER_WORDS:
            answer = _NUMBER_WORDS[text]
        elif text.isdigit():
            answer = int(text)
        else:
            return None, f"I could not read “{answer.strip()}” as a number: {accepted}."
    if not 0 <= answer <= most:
        return None, f"{answer} is outside the possible range: {accepted}."
    return answer, ""


# --- finding positions -------------------------------------------------------------------------


def _search(
    rng: random.Random, rules: Rules, found_in: Callable[[Situation], object | None], what: str
) -> object:
    """The first hand (of at most MAX_TRIES) with a match gives a random one of its matches."""
    for _ in range(MAX_TRIES):
        matches = [m for m in (found_in(s) for s in played_hand(rng, rules)) if m is not None]
        if matches:
            return rng.choice(matches)
    raise RuntimeError(f"no {what} found in {MAX_TRIES} hands; please report this")


def _check_level(kind: str, level: str | None, rng: random.Random) -> str:
    levels = DRILL_LEVELS[kind]
    if level is None:
        return rng.choice(levels)
    if level not in levels:
        raise ValueError(f"unknown {kind} level {level!r}; choose one of {', '.join(levels)}")
    return level


def _exercise_id(kind: str, rules: Rules, level: str, seed: int | str, index: int) -> str:
    return f"{SET_ID}/{kind}/{rules.source}/{level}/{seed}-{index}"


# --- (a) who wins this trick? ------------------------------------------------------------------


def trick_level(trick: tuple[Card, ...], trump: Suit) -> str | None:
    """The trick-winner level a finished trick of three cards or more exercises, or None."""
    if len(trick) < 3 or trick[0].suit == trump:
        return None
    winner = winning_card(trick, trump)
    trumps = [c for c in trick if c.suit == trump]
    outranked = any(c.suit != winner.suit and c.rank > winner.rank for c in trick)
    if len(trumps) >= 2:
        return "overtrumped"
    if trumps:
        return "trumped" if outranked else None
    return "led-suit" if outranked else None


@dataclass(frozen=True)
class TrickWinnerDrill(LevelledExercise):
    """A finished trick, cards in play order: which card takes it?"""

    trick: tuple[Card, ...]
    trump: Suit
    rules: Rules = field(default_factory=Rules)

    @property
    def winner(self) -> Card:
        """The card that takes the trick (the engine's `winning_card`)."""
        return winning_card(self.trick, self.trump)

    @property
    def title(self) -> str:
        """A short heading that does not give the answer away."""
        return "Who wins this trick?"

    def prompt(self) -> str:
        """The trick and the question."""
        played = ", then ".join(str(c) for c in self.trick)
        return (
            f"{self.title}\nTrump: {self.trump.symbol} ({self.trump.plural})\n"
            f"The trick, in the order played: {played} ({self.trick[0]} was led)\n"
            'Which card takes the trick? Answer with one card, e.g. "10♥".'
        )

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark the answer and record the attempt (progress: a Progress, None = default, False = no)."""
        card, problem = read_one_card(answer)
        if card is None:
            return not_checked(problem, [f"The trick: {_in_order(self.trick)}."], self.id)
        if card not in self.trick:
            summary = f"{card} is not in this trick: choose one of {_in_order(self.trick)}."
            return not_checked(summary, [], self.id)
        if card == self.winner:
            feedback = Feedback(True, f"{card} takes the trick.", [self._why()], self.id)
        else:
            summary = f"{card} does not take this trick. Ask first whether a trump was played."
            feedback = wrong_answer(summary, self.id)
        _record(progress, self.id, feedback)
        return feedback

    def _why(self) -> str:
        winner, led = self.winner, self.trick[0].suit
        trumps = [c for c in self.trick if c.suit == self.trump]
        if trumps:
            others = "it is the only trump" if len(trumps) == 1 else "it is the highest trump"
            why = f"{winner} wins: {others}, and a trump beats every card of another suit"
        else:
            why = f"{winner} wins: nobody trumped, so the highest {led.singular} takes the trick"
        higher = [c for c in self.trick if c.suit != winner.suit and c.rank > winner.rank]
        if higher:
            why += f"; {_show(higher)} {'ranks' if len(higher) == 1 else 'rank'} higher"
            why += " but cannot win, not being of the winning suit"
        return f"{why} ({TRICK_RULE})."

    def hint(self) -> str:
        """What to look at first: trumps, then the suit led."""
        led = self.trick[0].suit
        trumps = [c for c in self.trick if c.suit == self.trump]
        seen = f"Trumps in this trick: {_show(trumps)}." if trumps else "Nobody played a trump."
        return (
            f"Trumps are {self.trump.plural}. {seen} If a trump was played, the highest trump "
            f"takes the trick. If not, only {led.plural} (the suit led) can win: a card of any "
            "other suit never wins, however high its rank."
        )

    def solution(self) -> str:
        """The winning card and why."""
        return f"Answer: {self.winner}.\n{self._why()}"


def trick_winner_drill(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> TrickWinnerDrill:
    """Trick-winner drill number `index` of the series for `seed` (level None: at random)."""
    rules = Rules() if rules is None else rules
    rng = make_rng(f"{SET_ID}:trick-winner:{seed}:{index}")
    chosen = _check_level("trick-winner", level, rng)

    def finished(s: Situation) -> tuple[tuple[Card, ...], Suit] | None:
        if s.players_after or not s.trick:
            return None
        trick = (*s.trick, rng.choice(sorted(legal_plays(s, rules))))
        return (trick, s.trump) if trick_level(trick, s.trump) == chosen else None

    trick, trump = _search(rng, rules, finished, f"{chosen!r} trick")  # type: ignore[misc]
    exercise_id = _exercise_id("trick-winner", rules, chosen, seed, index)
    return TrickWinnerDrill(exercise_id, chosen, trick, trump, rules)


# --- (b) how many sure tricks do you hold? ------------------------------------------------------


def sure_level(situation: Situation) -> str | None:
    """The sure-tricks level of a position on lead holding two trumps or more, or None."""
    s = situation
    trumps = s.holding(s.trump)
    if not s.is_lead or len(trumps) < 2:
        return None
    sure = sure_trump_tricks(s)
    if sure > _top_trumps(s):
        return "cover"
    return "top" if sure else "none"


def _top_trumps(s: Situation) -> int:
    """How many of your trumps no unseen trump ranks above (all of them when others are out)."""
    trumps = s.holding(s.trump)
    if s.others_out_of_trump:
        return len(trumps)
    return sum(1 for card in trumps if is_known_top(s, card))


def _count_rows(s: Situation) -> list[str]:
    """The count worked out: for each of your trumps from the top, t minus the unseen above."""
    out = [c for c in s.unseen if c.suit == s.trump]
    rows = []
    for t, card in enumerate(s.holding(s.trump), start=1):
        above = [o for o in out if o.rank > card.rank]
        rows.append(
            f"your {_ordinal(t)} trump, {card}: unseen trumps above it: "
            f"{_show(above)}; {t} - {len(above)} = {t - len(above)}"
        )
    return rows


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


@dataclass(frozen=True)
class SureTricksDrill(PositionExercise):
    """On lead: how many tricks will your trumps win whatever the others hold?"""

    @property
    def answer(self) -> int:
        """The engine's count (`sure_trump_tricks`)."""
        return sure_trump_tricks(self.situation)

    @property
    def title(self) -> str:
        """A short heading that does not give the answer away."""
        return "How many sure tricks do you hold?"

    def prompt(self) -> str:
        """The position, what a sure trick is, and the question."""
        return (
            f"{self.title}\n{describe_situation(self.situation)}\n"
            "A sure trick is one your trumps win whatever cards the others hold and however "
            "they play. Count trump tricks only: a top card of another suit can still be "
            "trumped by a player who has none of that suit.\n"
            "How many sure trump tricks do you hold? Answer with a whole number, e.g. 2."
        )

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark the answer and record the attempt (progress: a Progress, None = default, False = no)."""
        number, problem = read_count(answer)
        if number is None:
            return not_checked(problem, [], self.id)
        right = self.answer
        if number == right:
            details = [*self._worked(), self._cinch_line()]
            summary = f"You hold {count(right, 'sure trump trick')}."
            feedback = Feedback(True, summary, details, self.id, self.situation)
        else:
            way = "too many" if number > right else "too few"
            feedback = wrong_answer(f"{number} is {way}.", self.id, situation=self.situation)
        _record(progress, self.id, feedback)
        return feedback

    def _worked(self) -> list[str]:
        s = self.situation
        if s.others_out_of_trump:
            return ["Every other player has shown that they hold no trump: each of yours is sure."]
        return [*_count_rows(s), f"The largest of these, and never less than 0: {self.answer}."]

    def _cinch_line(self) -> str:
        s, total = self.situation, self.situation.tricks_won + self.answer
        has = "a cinch: the pot is yours" if total >= 3 else "no cinch yet"
        return (
            f"With {count(s.tricks_won, 'trick')} already won, that makes {total}: "
            f"{has} (a cinch needs three: pagat cinch)."
        )

    def hint(self) -> str:
        """How to count, with the trumps you hold and the trumps you cannot see."""
        s = self.situation
        out = [c for c in s.unseen if c.suit == s.trump]
        if s.others_out_of_trump:
            return "Every other player has shown that they hold no trump. Can any of yours lose?"
        return (
            f"Your trumps, highest first: {_show(s.holding(s.trump))}. Trumps you cannot see "
            f"(not in your hand, not played face up): {_show(out)}. "
            "A trump with no unseen trump above it is the top card, and you know it (the "
            "knowing for sure of glimne 9): it wins a trick. Below that, each unseen trump that "
            "outranks some of yours can beat only one of them: for your t-th highest trump, "
            "take t minus the unseen trumps above it, and keep the largest result."
        )

    def solution(self) -> str:
        """The count worked out, and whether it makes a cinch."""
        lines = [f"Answer: {self.answer}.", *self._worked(), self._cinch_line()]
        return "\n".join(lines)


def sure_tricks_drill(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> SureTricksDrill:
    """Sure-tricks drill number `index` of the series for `seed` (level None: at random)."""
    rules = Rules() if rules is None else rules
    found = _position_drill("sure-tricks", sure_level, rules, seed, level, index)
    return SureTricksDrill(*found, rules)


# --- (c) glimne 10: lead a trump when the others are out --------------------------------------


def lead_level(situation: Situation) -> str | None:
    """The lead-trump level of a position on lead holding trumps and other cards, or None.

    'trump-still-out' also needs a trump among the cards played before, so that the learner
    has something to count.
    """
    s = situation
    trumps = s.holding(s.trump)
    if not s.is_lead or not trumps or len(trumps) == len(s.hand):
        return None
    if others_known_out(s):
        return "others-out"
    if any(c.suit == s.trump for c in s.seen):
        return "trump-still-out"
    return None


def _glimne_10_problem(rules: Rules) -> str | None:
    if rules.must_lead_trump_when_others_out:
        return None
    return (
        f"glimne 10 is off in the {rules.source} rules (must_lead_trump_when_others_out=False); "
        "use Rules.preset('glimne') or switch it on"
    )


@dataclass(frozen=True)
class LeadTrumpDrill(LevelledExercise):
    """glimne 10: you are on lead; which of your cards may you lead?"""

    situation: Situation
    rules: Rules = field(default_factory=lambda: Rules.preset("glimne"))

    def __post_init__(self) -> None:
        problem = _glimne_10_problem(self.rules)
        if problem is not None:
            raise ValueError(problem)

    @property
    def title(self) -> str:
        """A short heading that does not give the answer away."""
        return f"On lead: may you lead any card? ({self.rules.source} rules)"

    def legal(self) -> frozenset[Card]:
        """The engine's answer: every card you may lead."""
        return legal_plays(self.situation, self.rules)

    def prompt(self) -> str:
        """The position and the question."""
        return (
            f"{self.title}\n{describe_situation(self.situation)}\n"
            'Which of your cards may you lead? Give them all, e.g. {"9♠", "K♥"}.'
        )

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark the answer and record the attempt (progress: a Progress, None = default, False = no)."""
        s = self.situation
        chosen, problems = read_cards(answer, s.hand)
        if problems:
            summary = "I could not use all of your answer; nothing was marked yet."
            return not_checked(summary, [*problems, f"Your hand: {_show(s.hand)}."], self.id)
        if not chosen:
            summary = "No card is chosen yet: choose every card you may lead, then check."
            return not_checked(summary, [f"Your hand: {_show(s.hand)}."], self.id)
        feedback = self._mark(chosen)
        _record(progress, self.id, feedback)
        return feedback

    def _mark(self, chosen: frozenset[Card]) -> Feedback:
        s, legal = self.situation, self.legal()
        if chosen == legal:
            summary = f"You may lead exactly {_show(legal)}."
            return Feedback(True, summary, [self._why()], self.id, s)
        summary = not_yet(len(legal - chosen), len(chosen - legal), "lead", "led")
        return wrong_answer(summary, self.id, situation=s)

    def _why(self) -> str:
        s = self.situation
        trumps = s.holding(s.trump)
        if s.others_out_of_trump:
            known = "every other player has shown that they hold no trump"
        elif others_known_out(s):
            known = "every trump is in your hand or already played, so nobody else holds one"
        else:
            unseen = sum(1 for c in s.unseen if c.suit == s.trump)
            return (
                f"{count(unseen, 'trump')} you cannot see may be in another player's hand, so "
                "glimne 10 does not apply: you may lead any card."
            )
        return f"{known.capitalize()}: glimne 10 makes you lead a trump ({_show(trumps)})."

    def hint(self) -> str:
        """What to count: your trumps and the trumps already played."""
        s = self.situation
        mine = s.holding(s.trump)
        played = tuple(c for c in s.seen if c.suit == s.trump)
        shown = (
            " Every other player has shown that they hold no trump."
            if s.others_out_of_trump
            else ""
        )
        return (
            f"Trumps are {s.trump.plural}. You hold {_show(mine)}; trumps played in earlier "
            f"tricks: {_show(played)}. That accounts for {len(mine) + len(played)} of the 13."
            f"{shown} glimne 10: when you know for sure that no other player holds a trump, "
            "you must lead one of yours; while one may still be out, any card may be led."
        )

    def solution(self) -> str:
        """The cards you may lead, why, and the engine's verdict on every card."""
        lines = [f"You may lead {_show(self.legal())}.", self._why()]
        lines += [f"- {_cited(v)}" for v in verdicts(self.situation, self.rules)]
        return "\n".join(lines)


def lead_trump_drill(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> LeadTrumpDrill:
    """glimne-10 drill number `index` of the series for `seed` (rules: glimne's by default)."""
    rules = Rules.preset("glimne") if rules is None else rules
    problem = _glimne_10_problem(rules)
    if problem is not None:
        raise ValueError(problem)
    return LeadTrumpDrill(
        *_position_drill("lead-trump", lead_level, rules, seed, level, index), rules
    )


def _position_drill(
    kind: str,
    level_of: Callable[[Situation], str | None],
    rules: Rules,
    seed: int | str,
    level: str | None,
    index: int,
) -> tuple[str, str, Situation]:
    """(id, level, position) of drill `index` of a series: a dealt position of that level."""
    rng = make_rng(f"{SET_ID}:{kind}:{seed}:{index}")
    chosen = _check_level(kind, level, rng)

    def matches(s: Situation) -> Situation | None:
        return s if level_of(s) == chosen else None

    situation = _search(rng, rules, matches, f"{chosen!r} {kind} position")
    assert isinstance(situation, Situation)
    return _exercise_id(kind, rules, chosen, seed, index), chosen, situation


# --- any drill, and a series -------------------------------------------------------------------

Drill = TrickWinnerDrill | SureTricksDrill | LeadTrumpDrill

_MAKERS: dict[str, Callable[..., Drill]] = {
    "trick-winner": trick_winner_drill,
    "sure-tricks": sure_tricks_drill,
    "lead-trump": lead_trump_drill,
}


def drill(
    kind: str,
    seed: int | str = 0,
    level: str | None = None,
    rules: Rules | None = None,
    index: int = 0,
) -> Drill:
    """Drill number `index` of one kind ('trick-winner', 'sure-tricks', 'lead-trump')."""
    if kind not in _MAKERS:
        raise ValueError(f"unknown drill {kind!r}; choose one of {', '.join(DRILL_KINDS)}")
    return _MAKERS[kind](seed, level, rules, index)


class DrillSeries(Series[Drill]):
    """An endless, repeatable series of one drill: `.next()` deals the next position."""

    def __init__(
        self,
        kind: str,
        seed: int | str = 0,
        level: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        if kind not in _MAKERS:
            raise ValueError(f"unknown drill {kind!r}; choose one of {', '.join(DRILL_KINDS)}")
        if level is not None and level not in DRILL_LEVELS[kind]:
            raise ValueError(
                f"unknown {kind} level {level!r}; choose one of {', '.join(DRILL_LEVELS[kind])}"
            )
        super().__init__(seed)
        self.kind, self.level, self.rules = kind, level, rules

    def _exercise(self, index: int) -> Drill:
        return drill(self.kind, self.seed, self.level, self.rules, index)
