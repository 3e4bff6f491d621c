"""Drill: what do you throw away in the draw? Judged by simulated deals.

The position: a table of `players` (three by default) where everybody plays. You sit on the
dealer's left, so you draw first (in one round, `Rules.draws_in_turn`, right after your own
"play", the others saying play after it; in two rounds once everyone has said it), and you know your five cards and the turned card (the
dealer's fifth card). Every discard is played out on the same seeded deals: `Game(deal=...)`
keeps your five cards and the turned card where they are and shuffles the rest from the deal's
seed. The other seats draw and play as the simulator's heuristic bot does
(`sim.bots.HeuristicBot`: keep trumps and side aces, win a trick when it can), and so does your
seat once your discard is made. A discard is worth the chips it brings you on average, counted
by the engine's own settlement from the moment you draw, with a 95% interval. A discard whose
interval overlaps the best one's, or that does at least as well, is a good answer.

Finding the best tries every discard that throws, within each suit, your lowest cards of that
suit (a discard that keeps a lower card of a suit while throwing a higher one is not searched,
though it is judged like any other if you answer it). Each is first played on `screen_deals`
deals, and the `FINALISTS` best of that rough pass on all `deals`; since every discard meets
the same deals, the rough pass already compares them fairly. A discard you answer is always
played on all `deals`.

The bots come from the simulator, which compiles with Numba, so this module is loaded only
when first used (like set 5), and imports the simulator inside the functions that need it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product

from ..cards import ACCEPTED_FORMS, Card, CardError, Rank, parse_card, parse_cards
from ..game import Game
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..sim.positions import make_rng
from ..text import card_list, count
from .feedback import ON_REQUEST, Feedback, not_checked
from .series import Series, ShownAsPrompt

__all__ = [
    "DEALS",
    "FINALISTS",
    "SCREEN_DEALS",
    "ChipEstimate",
    "DiscardDrill",
    "DiscardSeries",
    "discard_candidates",
    "discard_exercise",
    "read_discard",
]

SET_ID = "drills"
DEALS = 160
"""Deals played for the finalists and for the learner's answer."""
SCREEN_DEALS = 24
"""Deals played for every discard in the first, rough pass."""
FINALISTS = 4
"""How many discards, the best of the rough pass, are played on all deals."""
MAX_TRIES = 400  # shuffles searched for a hand worth asking about
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval (as the advisor uses)."""
ME = "B"
"""Your seat: the first hand is dealt by seat A, so B sits on the dealer's left."""
_KEEP_WORDS = frozenset({"keep", "keep all", "none", "nothing", "no cards", "stand", "pat"})


@dataclass(frozen=True)
class ChipEstimate:
    """The chips a discard brings on average, with its 95% interval and the deals behind it."""

    value: float
    low: float
    high: float
    deals: int

    def overlaps(self, other: ChipEstimate) -> bool:
        """True when the two intervals share some value."""
        return self.low <= other.high and other.low <= self.high

    def __str__(self) -> str:
        return (
            f"{self.value:+.2f} chips a hand (95% CI {self.low:+.2f} to {self.high:+.2f}, "
            f"{self.deals} deals)"
        )


def _estimate(chips: list[int]) -> ChipEstimate:
    """The mean of per-deal chips with its 95% normal interval."""
    mean = statistics.fmean(chips)
    half = Z95 * statistics.stdev(chips) / math.sqrt(len(chips)) if len(chips) > 1 else 0.0
    return ChipEstimate(mean, mean - half, mean + half, len(chips))


def _show(cards: Iterable[Card]) -> str:
    return card_list(cards, sep=" ", empty="nothing", by_suit=True)


def _throw(discard: frozenset[Card]) -> str:
    """A discard in words: 'throw 7♥ 2♣' or 'keep all five'."""
    return f"throw {_show(discard)}" if discard else "keep all five"


# --- the learner's answer ----------------------------------------------------------------------


def read_discard(
    answer: object, hand: Iterable[Card], limit: int = 5
) -> tuple[frozenset[Card] | None, str]:
    """(the cards an answer throws away, '') or (None, what was wrong and what is accepted)."""
    hand = tuple(hand)
    example = 'give the cards you throw away, e.g. {"2♠", "3♦"}, or "keep" to keep all five'
    if answer is None:
        return None, f"There is no answer yet: {example}."
    if isinstance(answer, str) and " ".join(answer.lower().split()) in _KEEP_WORDS:
        return frozenset(), ""
    if isinstance(answer, (Mapping, bytes, bytearray, int, float)):
        return None, f"A {type(answer).__name__} is not a list of cards: {example}."
    try:
        cards = parse_cards(answer)  # type: ignore[arg-type]
    except CardError as err:
        word = str(err).split(";")[0]
        return None, f"{word}. Accepted forms: {ACCEPTED_FORMS}; or {example}."
    missing = [c for c in cards if c not in hand]
    if missing:
        return None, f"You do not hold {_show(missing)}; your hand is {_show(hand)}."
    if len(cards) > limit:
        return None, f"You may throw away at most {count(limit, 'card')}, not {len(cards)}."
    return frozenset(cards), ""


# --- which discards to try ---------------------------------------------------------------------


def discard_candidates(hand: Iterable[Card], limit: int = 5) -> tuple[frozenset[Card], ...]:
    """Every discard that throws, in each suit, the lowest cards held (at most `limit` cards)."""
    by_suit: dict[object, list[Card]] = {}
    for card in sorted(hand, key=lambda c: c.rank):
        by_suit.setdefault(card.suit, []).append(card)
    choices = [[tuple(cards[:k]) for k in range(len(cards) + 1)] for cards in by_suit.values()]
    found = {frozenset(c for part in parts for c in part) for parts in product(*choices)}
    ordered = sorted(found, key=lambda d: (len(d), sorted(d)))
    return tuple(d for d in ordered if len(d) <= limit)


def _bots() -> tuple[object, object]:
    """The heuristic bot and `play_bots`, imported from the simulator on first use."""
    from ..sim.bots import HeuristicBot, play_bots

    return HeuristicBot(), play_bots


# --- one exercise ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardDrill(ShownAsPrompt):
    """Everybody plays; you draw first. Which cards do you throw away?

    hand -- your five cards; trump_card -- the turned card, in the dealer's hand; players --
    the table; deals, screen_deals -- simulated deals per discard (see the module docstring);
    seed -- the seed of the simulated deals.
    """

    id: str
    hand: tuple[Card, ...]
    trump_card: Card
    players: int = 3
    rules: Rules = field(default_factory=Rules)
    deals: int = DEALS
    screen_deals: int = SCREEN_DEALS
    seed: int = 0
    _chips: dict[frozenset[Card], list[int]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(parse_cards(self.hand))))
        object.__setattr__(self, "trump_card", parse_card(self.trump_card))
        if len(self.hand) != 5 or self.trump_card in self.hand:
            raise ValueError(
                "a discard drill needs five cards and a turned card that is not one of them "
                f"(it lies in the dealer's hand); got {_show(self.hand)} and {self.trump_card}"
            )
        if not 1 <= self.screen_deals <= self.deals:
            raise ValueError(
                f"screen_deals must be from 1 to deals ({self.deals}), got {self.screen_deals}"
            )

    @property
    def limit(self) -> int:
        """How many cards you may throw away at this table."""
        return self.rules.max_discards_for(self.players)

    @property
    def trumps(self) -> tuple[Card, ...]:
        """Your trumps."""
        return tuple(c for c in self.hand if c.suit == self.trump_card.suit)

    # --- simulation ---

    def game_at_draw(self, index: int) -> Game:
        """Deal `index` up to your draw: you said play (and, in two rounds, everybody did)."""
        deal = {ME: " ".join(c.code for c in self.hand), "turned": self.trump_card.code}
        game = Game(self.rules, self.players, seed=self.seed + index, deal=deal)
        while game.phase == "declare":  # one round: only your "play" comes before your draw
            game.apply("play")
        return game

    def _play(self, index: int, discard: frozenset[Card]) -> int:
        """Your chips from deal `index` when you throw `discard` (the engine settles)."""
        bot, play_bots = _bots()
        game = self.game_at_draw(index)
        before = game.bankrolls[ME]
        game.apply("discard " + " ".join(c.code for c in sorted(discard)) if discard else "keep")
        while game.phase == "declare":  # one round: the others say play, each then draws
            game.apply("play")
            play_bots(game, {game.to_act: bot})  # type: ignore[operator,dict-item]
        play_bots(game, bot)  # type: ignore[operator]
        return game.bankrolls[ME] - before

    def estimate(self, discard: object, deals: int | None = None) -> ChipEstimate:
        """What throwing `discard` (cards, or "keep") is worth over the first `deals` deals
        (default: all)."""
        key, problem = read_discard(discard, self.hand, self.limit)
        if key is None:
            raise ValueError(problem)
        n = self.deals if deals is None else deals
        chips = self._chips.setdefault(key, [])
        while len(chips) < n:
            chips.append(self._play(len(chips), key))
        return _estimate(chips[:n])

    @cached_property
    def ranking(self) -> dict[frozenset[Card], ChipEstimate]:
        """The finalists played on all deals, best first (chosen by the rough first pass)."""
        candidates = discard_candidates(self.hand, self.limit)
        rough = {d: self.estimate(d, self.screen_deals).value for d in candidates}
        finalists = sorted(rough, key=lambda d: -rough[d])[:FINALISTS]
        full = {d: self.estimate(d) for d in finalists}
        return dict(sorted(full.items(), key=lambda item: -item[1].value))

    def _searched(self) -> int:
        """How many searched discards are not among the finalists."""
        return len(discard_candidates(self.hand, self.limit)) - len(self.ranking)

    @property
    def best(self) -> frozenset[Card]:
        """The discard with the most chips found by the search."""
        return next(iter(self.ranking))

    def is_good(self, discard: object) -> bool:
        """True when the discard's interval overlaps the best one's, or it does at least as well."""
        mine, best = self.estimate(discard), self.ranking[self.best]
        return mine.overlaps(best) or mine.value >= best.value

    def good_discards(self) -> tuple[frozenset[Card], ...]:
        """The searched discards that count as good answers, best first."""
        return tuple(d for d in self.ranking if self.is_good(d))

    # --- the exercise ---

    @property
    def title(self) -> str:
        """A short heading that does not give the answer away."""
        return f"What do you throw away in the draw? ({self.rules.source} rules)"

    def prompt(self) -> str:
        """The table, your cards and the question."""
        turned = self.trump_card
        return (
            f"{self.title}\n"
            f"{self.players} players, and everybody plays. You sit on the dealer's "
            "left, so you draw first.\n"
            f"The turned card is {turned}, in the dealer's hand: {turned.suit.plural} are "
            "trumps.\n"
            f"Your hand: {_show(self.hand)}\n"
            f"The pot holds {count(self.game_at_draw(0).pot, 'chip')}. You may throw away up to "
            f"{count(self.limit, 'card')}; each is replaced from the stock.\n"
            'Which cards do you throw away? Give them, e.g. {"2♠", "3♦"}, or "keep".'
        )

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Judge the answer by simulation and record the attempt (progress: a Progress, None =
        default, False = no)."""
        discard, problem = read_discard(answer, self.hand, self.limit)
        if discard is None:
            return not_checked(problem, [f"Your hand: {_show(self.hand)}."], self.id)
        mine, best = self.estimate(discard), self.ranking[self.best]
        worth = f"To {_throw(discard)} is worth {mine}."
        if self.is_good(discard):
            if discard == self.best:
                summary = "A good discard: the best the simulation found."
            else:
                summary = "A good discard: its interval overlaps the best one's."
            details = [worth, f"The best found, to {_throw(self.best)}: {best}."]
            feedback = Feedback(True, summary, details, self.id)
        else:
            summary = (
                f"That discard is worth {mine.value:+.2f} chips a hand: its interval lies "
                "wholly below the best one's."
            )
            feedback = Feedback(False, summary, [self._distance(discard), ON_REQUEST], self.id)
        record_attempt(progress, self.id, feedback.correct)
        return feedback

    def _distance(self, discard: frozenset[Card]) -> str:
        """How many cards to change to reach the nearest good discard (not which)."""
        good = self.good_discards()
        near = min(good, key=lambda d: (len(d ^ discard), -self.ranking[d].value))
        wrong, missing = len(discard - near), len(near - discard)
        return (
            f"The nearest good discard is {count(wrong + missing, 'card')} away: "
            f"{count(wrong, 'card')} you throw should be kept, and "
            f"{count(missing, 'card')} you keep should go."
        )

    def hint(self) -> str:
        """What to weigh, and how many cards the best discard throws."""
        trump = self.trump_card.suit
        aces = tuple(c for c in self.hand if c.rank == Rank.ACE and c.suit != trump)
        return (
            f"Your trumps ({trump.plural}): {_show(self.trumps)}; your side aces: {_show(aces)}. "
            "A card you throw comes back as a random card from the stock: throw the cards "
            "least likely to win a trick, and keep those the others cannot beat easily. "
            f"The best discard the simulation found throws {count(len(self.best), 'card')}."
        )

    def solution(self) -> str:
        """Every discard played on all deals, best first, marked good or not."""
        lines = [f"Best found: {_throw(self.best)}."]
        for discard, estimate in self.ranking.items():
            mark = "good" if self.is_good(discard) else "not good"
            lines.append(f"- {_throw(discard)}: {estimate} ({mark})")
        lines.append(
            "Every discard met the same seeded deals; the other seats, and your cards after "
            f"the draw, were played by the heuristic bot. The other "
            f"{count(self._searched(), 'discard')} searched fell behind these on a first pass "
            f"of {self.screen_deals} deals."
        )
        return "\n".join(lines)


def _worth_asking(hand: tuple[Card, ...], trump: object) -> bool:
    """One to three trumps, a low side card and a side court card: a real choice to make."""
    side = [c for c in hand if c.suit != trump]
    trumps = len(hand) - len(side)
    low = any(c.rank <= Rank.NINE for c in side)
    court = any(Rank.JACK <= c.rank <= Rank.KING for c in side)
    return 1 <= trumps <= 3 and low and court


def discard_exercise(
    seed: int | str = 0,
    rules: Rules | None = None,
    index: int = 0,
    players: int = 3,
    deals: int = DEALS,
    screen_deals: int = SCREEN_DEALS,
) -> DiscardDrill:
    """Discard drill number `index` of the series for `seed`: a seeded deal worth asking about."""
    rules = Rules() if rules is None else rules
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if not max(2, rules.min_players) <= players <= rules.max_players:
        raise ValueError(
            f"{players} players is outside the {rules.source} rules' range "
            f"({rules.min_players}-{rules.max_players})"
        )
    rng = make_rng(f"{SET_ID}:discard:{seed}:{index}")
    for _ in range(MAX_TRIES):
        game = Game(rules, players, seed=rng.randrange(2**31))
        hand, turned = game.cards_of(ME), game.trump_card
        if _worth_asking(hand, turned.suit):
            exercise_id = f"{SET_ID}/discard/{rules.source}/{players}p/{seed}-{index}"
            deal_seed = rng.randrange(2**31)
            return DiscardDrill(
                exercise_id, hand, turned, players, rules, deals, screen_deals, deal_seed
            )
    raise RuntimeError(f"no hand worth asking found in {MAX_TRIES} deals; please report this")


class DiscardSeries(Series[DiscardDrill]):
    """An endless, repeatable series of discard drills: `.next()` deals the next one."""

    def __init__(self, seed: int | str = 0, rules: Rules | None = None, players: int = 3) -> None:
        self.rules = Rules() if rules is None else rules
        self.players = players
        super().__init__(seed)

    def _exercise(self, index: int) -> DiscardDrill:
        return discard_exercise(self.seed, self.rules, index, self.players)
