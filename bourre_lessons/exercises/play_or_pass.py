"""Set 5, "Play or pass": decide whether a hand is worth playing, and let the advisor judge.

Each exercise is a seeded deal: five cards, the turned card, your seat, the number of players
and a rulebook. Every seat is dealt from the same shuffle, and the seats that speak before
you declare as the course's heuristic bots do at a real table (`sim.bots`, through `Game`):
the prompt says what they declared ("B played, C passed"), and in one round (pagat's base
text as the course reads it) how many cards each player in drew ("B played and drew 2"). The learner answers "play" or
"pass" (True and False are read as play and pass). The check asks `advise` what each choice
is worth in chips, from the moment you decide, over thousands of simulated deals that agree
with what you heard (`heard=`: a seat that said play is dealt a hand its bot would play).
When the two 95% intervals do not overlap, the better choice is the right answer; when they
overlap, the simulation cannot tell them apart and both answers count as reasonable.

`compare_choices` and `advice_report` put an `Advice` into words; the advisor widget uses
them too.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import cached_property

from ..cards import DECK, Card, Rank, parse_cards
from ..game import Game
from ..progress import Progress, record_attempt
from ..rules import SEAT_LETTERS, Rules
from ..sim.advisor import (
    Advice,
    AdviceRun,
    AsksPlayOrPass,
    Estimate,
    PlayOrPassQuestion,
    heard_words,
)
from ..sim.bots import HeuristicBot, play_bots
from ..text import count
from .feedback import Feedback, not_checked, wrong_answer
from .series import LevelledExercise, RulesSeries, drawn_level

__all__ = [
    "PLAY_OR_PASS_LEVELS",
    "PLAY_OR_PASS_LEVEL_TITLES",
    "Comparison",
    "PlayOrPassExercise",
    "PlayOrPassSeries",
    "advice_report",
    "check_play_or_pass",
    "compare_choices",
    "declared_before",
    "heard_sentence",
    "play_or_pass_exercise",
    "read_choice",
    "seat_words",
]

SET_ID = "play-or-pass"
DEALS = 10_000
MAX_TRIES = 200  # deals searched for one level before giving up
CLEAR_MARGIN = 0.25  # chips a hand: a "clear" exercise is at least this far apart

PLAY_OR_PASS_LEVELS: tuple[str, ...] = ("clear", "close")
"""'clear': the intervals are apart and the better choice is ahead by CLEAR_MARGIN chips or
more; 'close': the intervals overlap, so the simulation cannot separate the two choices."""

PLAY_OR_PASS_LEVEL_TITLES: dict[str, str] = {
    "clear": "One choice is clearly better",
    "close": "A close call",
}

_PLAY_WORDS = frozenset({"play", "i play", "play it", "stay", "in", "i'm in", "im in"})
_PASS_WORDS = frozenset({"pass", "i pass", "fold", "drop", "drop out", "out", "i'm out", "im out"})
_EXAMPLE = 'answer "play" or "pass" (True and False work too)'


# --- the advice in words ------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """Play against pass for one Advice.

    better -- the choice with more expected chips ('play' when passing is not allowed);
    margin -- how many chips a hand the better choice is ahead (0 or more); overlap -- the two
    95% intervals overlap, so the simulation cannot tell the choices apart; forced -- the
    rules forbid passing.
    """

    better: str
    margin: float
    overlap: bool
    forced: bool

    @property
    def reasonable(self) -> frozenset[str]:
        """The answers the check accepts: both when the intervals overlap, else the better one."""
        if self.overlap and not self.forced:
            return frozenset({"play", "pass"})
        return frozenset({self.better})

    def sentence(self) -> str:
        """One sentence: which choice is better, by how much, and how sure that is."""
        if self.forced:
            return "You must play: the rules do not let you pass here."
        other = "pass" if self.better == "play" else "play"
        doing = {"play": "playing", "pass": "passing"}
        if self.overlap:
            return (
                f"Too close to call: {self.better} is ahead by only {self.margin:.2f} chips a hand "
                f"and the two intervals overlap, so {self.better} and {other} are both reasonable."
            )
        return (
            f"{doing[self.better].capitalize()} is better: about {self.margin:.2f} chips a hand "
            f"more than {doing[other]}, and the two intervals do not overlap."
        )


def compare_choices(advice: Advice) -> Comparison:
    """Which choice the advice favours, by how many chips, and whether the intervals overlap."""
    play, pass_ = advice.chips_play, advice.chips_pass
    overlap = play.overlaps(pass_)
    better = advice.recommendation
    return Comparison(
        better=better,
        margin=abs(play.value - pass_.value),
        overlap=overlap,
        forced=advice.must_play,
    )


def _share(e: Estimate, width: int = 0) -> str:
    return f"{e.value:>{width}.1%} (95% CI {e.low:.1%} to {e.high:.1%})"


def _chips(e: Estimate, width: int = 0) -> str:
    return f"{_signed(e.value):>{width}} (95% CI {_signed(e.low)} to {_signed(e.high)})"


def _signed(x: float) -> str:
    return "0.00" if abs(x) < 0.005 else f"{x:+.2f}"


def seat_words(seat: int, players: int) -> str:
    """Where a seat speaks: 'first to speak, on the dealer's left', 'the dealer, last to speak'."""
    if seat == players:
        return "the dealer, last to speak"
    if seat == 1:
        return "first to speak, on the dealer's left"
    return f"{_ordinal(seat)} to speak"


def seat_name(seat: int, players: int) -> str:
    """The table's letter for a place in the speaking order: the dealer is A, seat 1 is B."""
    return SEAT_LETTERS[seat % players]


def heard_sentence(heard: tuple[bool, ...], drew: tuple[int, ...] = ()) -> str:
    """What the seats before you declared, in words: 'B played, C passed' (in one round, with
    the cards each drew: 'B played and drew 2')."""
    counts = drew or (-1,) * len(heard)
    return ", ".join(
        f"{SEAT_LETTERS[place]} {'played' if said else 'passed'}"
        + (f" and drew {k}" if said and k >= 0 else "")
        for place, (said, k) in enumerate(zip(heard, counts, strict=True), start=1)
    )  # the seats before you: never the dealer


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def advice_report(advice: Advice) -> str:
    """What the advisor estimated for one hand, as a few plain lines."""
    a = advice
    where = seat_words(a.seat, a.players)
    pot = f", {a.pot} chips carried in" if a.pot else ""
    lines = [
        f"{_cards(a.hand)} · turned card {a.trump_card} ({a.trump_card.suit.plural} are trumps)",
        f"seat {a.seat} of {a.players} ({where}) · {a.rules.source} rules{pot}",
        f"If you play ({a.deals} simulated deals):",
        f"  you take the pot   {_share(a.win, 6)}",
        f"  you are bourréd    {_share(a.bourre, 6)}",
        f"  the pot is split   {_share(a.split, 6)}",
        "Expected chips this hand, from the moment you decide:",
        f"  play  {_chips(a.chips_play, 5)}",
        f"  pass  {_chips(a.chips_pass, 5)}",
        f"Advice: {compare_choices(a).sentence()}",
    ]
    if a.heard is not None:
        kept = f" ({a.deals:,} deals kept of {a.tried:,} dealt)" if a.heard else ""
        lines.insert(2, f"heard before you: {heard_words(a.heard, a.draws)}{kept}")
    return "\n".join(lines)


# --- reading and checking an answer -------------------------------------------------------------


def read_choice(answer: object) -> tuple[str | None, str]:
    """('play' or 'pass', '') from a learner's answer, or (None, what was wrong)."""
    if answer is True or answer is False:
        return ("play" if answer else "pass"), ""
    if type(answer).__module__ == "numpy" and type(answer).__name__ in ("bool", "bool_"):
        # a NumPy True or False (asked by name: no NumPy in the browser)
        return ("play" if bool(answer) else "pass"), ""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return None, f"There is no answer yet: {_EXAMPLE}."
    if not isinstance(answer, str):
        return None, f"Your answer is of type {type(answer).__name__}, not a word: {_EXAMPLE}."
    words = " ".join(answer.strip().lower().strip(".!?\"' ").split())
    if words in _PLAY_WORDS:
        return "play", ""
    if words in _PASS_WORDS:
        return "pass", ""
    return None, f"I could not read “{answer.strip()}” as a choice: {_EXAMPLE}."


def check_play_or_pass(advice: Advice, answer: object) -> Feedback:
    """Compare a play-or-pass answer with the advisor's expected chips for each choice."""
    choice, problem = read_choice(answer)
    if choice is None:
        return not_checked(problem, ['Choose "play" or "pass" (in code, as text in quotes).'])
    verdict = compare_choices(advice)
    details = _detail_lines(advice, verdict)
    if choice in verdict.reasonable:
        if verdict.forced:
            summary = "“play” is right: the rules make you play this hand."
        elif verdict.overlap:
            summary = f"“{choice}” is reasonable: here play and pass are too close to call."
        else:
            summary = (
                f"“{choice}” is the better choice, by about {verdict.margin:.2f} chips a hand."
            )
        return Feedback(True, summary, details)
    if verdict.forced:
        return wrong_answer("You may not pass here: the rules make you play this hand.")
    # no figures on a wrong answer: the advisor's chips come with the solution, on request
    return wrong_answer(f"“{choice}” is not the better choice here.")


def _detail_lines(advice: Advice, verdict: Comparison) -> list[str]:
    a = advice
    lines = [
        f"If you play: you take the pot {a.win.value:.1%} of the time "
        f"(95% CI {a.win.low:.1%} to {a.win.high:.1%}) and are bourréd {a.bourre.value:.1%} "
        f"(95% CI {a.bourre.low:.1%} to {a.bourre.high:.1%}).",
        f"Expected chips: play {_chips(a.chips_play)}; pass {_chips(a.chips_pass)}.",
        verdict.sentence(),
        f"From {a.deals} simulated deals, the other seats played by heuristic bots; the chips "
        "count from the moment you decide (the antes are in the pot either way).",
    ]
    if a.heard:
        lines.append(
            f"Each deal agrees with what you heard ({heard_words(a.heard, a.draws)}): the seats before "
            f"you were dealt cards their bots would declare that way ({a.deals:,} deals kept of "
            f"{a.tried:,} dealt)."
        )
    if a.must_play:
        lines.insert(
            0, "You are the dealer and the turned card is an ace: pagat's dealer must play."
        )
    return lines


# --- one exercise -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayOrPassExercise(LevelledExercise, AsksPlayOrPass):
    """One deal of set 5: a play-or-pass question (five cards, the turned card, a seat, a
    table and a rulebook); answer "play" or "pass"."""

    question: PlayOrPassQuestion
    deals: int = DEALS
    seed: int = 0
    hands: tuple[tuple[Card, ...], ...] = ()
    """Every seat's five cards as dealt, in speaking order (seat 1 first, the dealer last with
    the turned card fifth); empty for a deal written by hand, whose earlier words are not told."""

    def __post_init__(self) -> None:
        cards = tuple(sorted(self.question.hand, key=_by_suit_high_first))
        object.__setattr__(self, "question", dataclasses.replace(self.question, hand=cards))
        hands = tuple(tuple(parse_cards(h)) for h in self.hands)  # type: ignore[arg-type]
        object.__setattr__(self, "hands", hands)
        if hands and (len(hands) != self.players or set(hands[self.seat - 1]) != set(cards)):
            raise ValueError(
                f"hands must give all {self.players} seats' cards in speaking order, your "
                f"hand ({_cards(self.hand)}) at seat {self.seat}; got {len(hands)} hands"
            )

    @cached_property
    def heard(self) -> tuple[bool, ...] | None:
        """What the seats before you declared (True: play), decided by the heuristic bots on
        their dealt cards; None when not told (a deal written by hand, or everyone declares
        at once)."""
        if not self.hands or self.rules.simultaneous_declaration:
            return None
        return declared_before(self.hands, self.seat, self.rules)

    @cached_property
    def drew(self) -> tuple[int, ...]:
        """In one round, how many cards each seat before you that said play drew (-1 for a
        pass); empty in two rounds or when the earlier words are not told."""
        if self.heard is None or not self.rules.draws_in_turn:
            return ()
        return _bots_speak(self.hands, self.seat, self.rules)[2]

    @cached_property
    def advice(self) -> Advice:
        """The advisor's estimate for this deal, on deals agreeing with what you heard
        (simulated once, then kept)."""
        run = AdviceRun(self.deals, self.seed)
        return self.question.advise(run, heard=_heard_items(self.heard, self.drew))

    @property
    def comparison(self) -> Comparison:
        """Play against pass for this deal."""
        return compare_choices(self.advice)

    def under(self, rules: Rules) -> PlayOrPassExercise:
        """The same cards, seat and table under another rulebook (its own exercise id)."""
        head, _, tail = self.id.partition(f"/{self.rules.source}/")
        question = dataclasses.replace(self.question, rules=rules)
        return dataclasses.replace(self, question=question, id=f"{head}/{rules.source}/{tail}")

    @property
    def title(self) -> str:
        """A short heading (it does not give the answer away)."""
        return f"Play or pass ({self.rules.source} rules)"

    def prompt(self) -> str:
        """The deal, the seat, and the question."""
        trump = self.trump_card
        held = " (it is your fifth card)" if self.seat == self.players else ""
        you = f" ({seat_name(self.seat, self.players)})" if self.hands else ""
        return (
            f"{self.title}\n"
            f"{self.players} players; you are seat {self.seat}{you}: "
            f"{seat_words(self.seat, self.players)}.\n"
            f"The turned card is {trump}{held}: {trump.suit.plural} are trumps.\n"
            f"Your hand: {_cards(self.hand)}\n"
            f"The pot holds this hand's antes.{self._before()}\n"
            'Do you play or pass? Answer "play" or "pass".'
        )

    def _before(self) -> str:
        """What the earlier seats declared, as the learner hears it (or why it is not told)."""
        if self.seat == 1:
            return " You speak first: nobody has declared yet."
        if self.rules.simultaneous_declaration:
            return " Under these rules everyone declares at once: you hear nothing first."
        if self.heard is None:
            return " The players before you have spoken, but you are not told what they said."
        said = heard_sentence(self.heard, self.drew)
        return f"\nBefore you, in turn from the dealer's left: {said}."

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Judge the answer and record the attempt (progress: a Progress, None = default, False = no)."""
        feedback = check_play_or_pass(self.advice, answer)
        feedback.exercise_id = self.id
        if feedback.attempted:  # an answer that could not be read is no attempt
            record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """What to weigh: your trumps, your side aces, your seat and the rulebook's costs."""
        trumps = tuple(c for c in self.hand if c.suit == self.trump_card.suit)
        aces = tuple(c for c in self.hand if c.rank == Rank.ACE and c not in trumps)
        after = self.players - self.seat
        parts = [
            f"You hold {count(len(trumps), 'trump', zero='no')}"
            + (f" ({_cards(trumps)})" if trumps else "")
            + f" and {count(len(aces), 'side ace', zero='no')}"
            + (f" ({_cards(aces)})" if aces else "")
            + ".",
            f"{count(after, 'player', zero='no')} still {'speaks' if after == 1 else 'speak'} "
            "after you."
            if after
            else "You speak last, after every other player.",
            *_heard_hint(self.heard, self.drew),
            _rule_hint(self.rules, self.seat == self.players),
            "Weigh the chance to take the pot against the chance of a bourré, which costs a "
            "whole pot.",
        ]
        return " ".join(parts)

    def solution(self) -> str:
        """The worked answer: the advisor's figures and what they mean."""
        verdict = self.comparison
        answer = (
            "play or pass, either is reasonable"
            if verdict.reasonable == {"play", "pass"}
            else verdict.better
        )
        return f"Answer: {answer}.\n{advice_report(self.advice)}"

    @property
    def answer(self) -> str:
        """An answer the check accepts: the better choice (either, when the call is close)."""
        return self.comparison.better


def _by_suit_high_first(card: Card) -> tuple[int, int]:
    return card.suit.index, -int(card.rank)


def _rule_hint(rules: Rules, dealer: bool) -> str:
    """What the rulebook adds to the price of playing, in one sentence."""
    if rules.pays_second_ante:
        which = "glimne" if rules.second_ante else "pagat's double-ante variant"
        cost = (
            f"Under these rules a player who plays puts in a second ante ({which}), lost unless "
            "you take the pot."
        )
    else:
        cost = "These rules ask no second ante: playing costs nothing unless you are bourréd."
    if dealer and rules.lone_player_wins:
        cost += " And if everyone else passes, the dealer takes the pot (pagat)."
    return cost


def _heard_hint(heard: tuple[bool, ...] | None, drew: tuple[int, ...] = ()) -> list[str]:
    """One sentence on the players already in, when the earlier words are told (and one on
    their draws, in one round)."""
    if not heard:
        return []
    playing = sum(heard)
    if not playing:
        return ["Nobody before you said play: if you play, only the later seats can join you."]
    hint = [
        f"{count(playing, 'player')} before you said play, and the bots say play only with "
        "a hand worth playing."
    ]
    counts = drew or (-1,) * len(heard)
    kept = [
        f"{SEAT_LETTERS[place]} kept {5 - k} of five cards"
        for place, (said, k) in enumerate(zip(heard, counts, strict=True), start=1)
        if said and k >= 0
    ]
    if kept:
        hint.append(
            f"In this one round you heard the draws too: {', '.join(kept)} (a player who keeps "
            "four or five holds a strong hand)."
        )
    return hint


def _heard_items(heard: tuple[bool, ...] | None, drew: tuple[int, ...]) -> list[str] | None:
    """What was heard as the advisor reads it: 'play 2' (drew two), 'play', 'pass'."""
    if heard is None:
        return None
    counts = drew or (-1,) * len(heard)
    return [
        ("play" + (f" {k}" if k >= 0 else "")) if said else "pass"
        for said, k in zip(heard, counts, strict=True)
    ]


def declared_before(
    hands: tuple[tuple[Card, ...], ...], seat: int, rules: Rules
) -> tuple[bool, ...]:
    """What seats 1 to `seat` - 1 declare (True: play) at a `Game` table dealt `hands` (in
    speaking order, the dealer last), each played by the heuristic bot, as at a real table."""
    return _bots_speak(hands, seat, rules)[0]


def _bots_speak(
    hands: tuple[tuple[Card, ...], ...], seat: int, rules: Rules
) -> tuple[tuple[bool, ...], bool, tuple[int, ...]]:
    """(the earlier seats' words, whether seat `seat` is then asked at all, and in one round
    the cards each of them drew, -1 for a pass): a pagat dealer whom everyone else passed
    takes the pot without a word."""
    players = len(hands)
    deal = {
        seat_name(place, players): " ".join(c.code for c in cards)
        for place, cards in enumerate(hands, start=1)
    }
    game = Game(rules, players, seed=0, deal=deal)
    earlier = [seat_name(place, players) for place in range(1, seat)]
    play_bots(game, {name: HeuristicBot() for name in earlier})
    record = game.hand_record
    said, drawn = record.declared, record.discards
    asked = game.phase == "declare" and game.to_act == seat_name(seat, players)
    drew = tuple(len(drawn[name]) if name in drawn else -1 for name in earlier)
    return tuple(bool(said[name]) for name in earlier), asked, drew


def _deal(
    rng: random.Random, rules: Rules
) -> tuple[PlayOrPassQuestion, tuple[tuple[Card, ...], ...]]:
    """A random deal: the question (five cards, the turned card, a seat, a table size) and
    every seat's hand from the same shuffle (speaking order, the dealer last with the turned
    card fifth)."""
    players = rng.randint(max(3, rules.min_players), min(6, rules.max_players))
    seat = rng.randint(1, players)
    deck = list(DECK)
    rng.shuffle(deck)
    hand = tuple(deck[:5])
    turned = hand[-1] if seat == players else deck[5]  # the dealer's last card is turned
    rest = deck[5:] if seat == players else deck[6:]
    hands: list[tuple[Card, ...]] = []
    for place in range(1, players + 1):
        if place == seat:
            hands.append(hand)
        elif place == players:  # the dealer, whose fifth card is the turned one
            hands.append((*rest[:4], turned))
            rest = rest[4:]
        else:
            hands.append(tuple(rest[:5]))
            rest = rest[5:]
    return PlayOrPassQuestion(hand, turned, seat, players, rules), tuple(hands)


def play_or_pass_exercise(
    seed: int | str = 0, level: str | None = None, rules: Rules | None = None, index: int = 0
) -> PlayOrPassExercise:
    """Exercise number `index` of the series for `seed` (level None: clear or close at random)."""
    rules = Rules() if rules is None else rules
    chosen, rng = drawn_level(SET_ID, seed, level, index, PLAY_OR_PASS_LEVELS)
    for attempt in range(MAX_TRIES):
        question, hands = _deal(rng, rules)
        exercise = PlayOrPassExercise(
            id=f"{SET_ID}/{rules.source}/{chosen}/{seed}-{index}",
            level=chosen,
            question=question,
            seed=attempt,
            hands=hands,
        )
        if not _bots_speak(hands, question.seat, rules)[1]:
            continue  # the dealer took the pot without play: no decision to ask about
        verdict = exercise.comparison
        clear = not verdict.overlap and verdict.margin >= CLEAR_MARGIN
        if not verdict.forced and (verdict.overlap if chosen == "close" else clear):
            return exercise
    raise RuntimeError(f"no {chosen!r} deal found in {MAX_TRIES} tries; please report this")


class PlayOrPassSeries(RulesSeries[PlayOrPassExercise]):
    """An endless, repeatable series of set-5 exercises: `.next()` deals the next one."""

    levels = PLAY_OR_PASS_LEVELS

    def _exercise(self, index: int) -> PlayOrPassExercise:
        return play_or_pass_exercise(self.seed, self.level, self.rules, index)
