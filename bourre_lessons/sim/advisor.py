"""The play-or-pass advisor: should I play this hand?

`advise` deals the unseen cards thousands of times around your hand and plays each deal out
in the fast core, once with you playing and once with you passing, the other seats played by
bots. It reports the chance to take the pot and the chance to be bourréd if you play, and the
chips you can expect either way, each with a 95% confidence interval.

What you heard before you spoke counts: `heard=` gives the words of the seats before you
("pass play": the dealer's left passed, the next said play). In one round (pagat's base text
as the course reads it, `Rules.draws_in_turn`) a player who says play draws at once, so you
also hear how many cards each of them threw away: "pass play 2" (the second seat said play
and drew two). The advisor then keeps only the deals in which those seats' bots would have
said, and thrown, exactly that (a deal that disagrees is dealt again), so a player who said
play is dealt a hand worth playing, and one who drew a single card a strong one.
`heard_effect` puts the advice with and without what was heard side by side.

Inside, the question (hand, turned card, seat, players, rules) is one checked value, a
`PlayOrPassQuestion`, and how it is simulated (deals, seed, bots, pot) another, an
`AdviceRun`; an `Advice` keeps both, so the same question can be asked again on the same run.

The chips count this hand only, from the moment you decide: the antes are already in the pot
and count for neither choice. Playing may cost a second ante (glimne, pagat's double ante);
winning brings the pot as it stands at the end of play (up to a pot limit); a bourré costs
that same amount. What a split pot or a bourré payment is worth in later hands is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_card, parse_cards
from ..rules import Rules
from ..text import ReadsAsText
from .backend import compiled, fitted_note
from .bot_names import resolve_bots
from .bots import Bot
from .checks import whole
from .estimates import Estimate, mean_interval, wilson

if TYPE_CHECKING:
    import numpy as np

    from .fast.hand import Seats

__all__ = [
    "Advice",
    "AdviceRun",
    "AsksPlayOrPass",
    "Estimate",
    "HeardEffect",
    "PlayOrPassQuestion",
    "advise",
    "better_choice",
    "heard_effect",
    "mean_interval",
    "read_draws",
    "read_heard",
    "wilson",
]

TRIES_PER_DEAL = 200
"""Deals dealt at most for each deal kept, when the deals must agree with what was heard."""


@dataclass(frozen=True)
class PlayOrPassQuestion:
    """One play-or-pass question, checked when made: your five cards, the turned card, your
    seat in the speaking order (1 is the dealer's left, `players` the dealer, whose hand holds
    the turned card), the number of players and the rulebook."""

    hand: tuple[Card, ...]
    trump_card: Card
    seat: int
    players: int = 5
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        cards, turned, n = _check_deal(
            self.hand, self.trump_card, self.seat, self.players, self.rules
        )
        object.__setattr__(self, "hand", cards)
        object.__setattr__(self, "trump_card", turned)
        object.__setattr__(self, "players", n)

    def advise(
        self, run: AdviceRun | None = None, heard: str | Sequence[str | bool] | None = None
    ) -> Advice:
        """The advice for this question from the simulated deals of `run` (default: 10,000
        deals, seed 0, heuristic bots, no pot carried in), agreeing with `heard` (see `advise`)."""
        run = AdviceRun() if run is None else run
        words, draws = _read(heard, self.seat, self.players, self.rules)
        _check_bots(run.bots)
        you = self.seat % self.players  # seat 0 deals; speaking order runs 1, 2, ..., n - 1, 0
        branches = {forced: _deal_out(self, you, run, forced, words, draws) for forced in (1, 0)}
        played, kept, tried = branches[1]
        return Advice(
            question=self,
            run=run,
            deals=kept,
            win=wilson(int(sum(played["win"])), kept),
            bourre=wilson(int(sum(played["bourre"])), kept),
            split=wilson(int(sum(played["split"])), kept),
            chips_play=mean_interval(played["chips"]),
            chips_pass=mean_interval(branches[0][0]["chips"]),
            must_play=_must_play(self.rules, you, self.trump_card),
            heard=words,
            tried=tried,
            draws=draws if any(d >= 0 for d in draws) else (),
        )


@dataclass(frozen=True)
class AdviceRun:
    """How an advice is simulated: the deals asked for, the seed, the policy of every seat
    (yours too once you play: 'heuristic', 'random' or a built-in bot) and the chips already
    in the pot before this hand's antes."""

    deals: int = 10_000
    seed: int = 0
    bots: str | Bot = "heuristic"
    pot: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", whole("deals", self.deals, 1))
        object.__setattr__(self, "seed", whole("seed", self.seed, 0))
        object.__setattr__(self, "pot", whole("pot", self.pot, 0))


class _QuestionPart:
    """One part of the question (its hand, trump_card, seat, players or rules), read through
    from the object that holds the question."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, holder: AsksPlayOrPass | None, owner: type | None = None) -> Any:
        return self if holder is None else getattr(holder.question, self.name)


class AsksPlayOrPass:
    """Something that holds a play-or-pass `question`: its hand, trump_card, seat, players
    and rules read as its own."""

    question: PlayOrPassQuestion
    hand = _QuestionPart()
    trump_card = _QuestionPart()
    seat = _QuestionPart()
    players = _QuestionPart()
    rules = _QuestionPart()


@dataclass(frozen=True)
class Advice(AsksPlayOrPass, ReadsAsText):
    """What the simulated deals say about one question.

    run -- how it was simulated; deals -- the deals kept (those agreeing with what was heard);
    win, bourre -- chance to take the pot, and to take no trick, if you play; split -- chance
    of a tie for most tricks (the pot stays) if you play; chips_play, chips_pass -- expected
    chips this hand from the moment you decide; must_play -- the rules forbid passing.
    """

    question: PlayOrPassQuestion
    run: AdviceRun
    deals: int
    win: Estimate
    bourre: Estimate
    split: Estimate
    chips_play: Estimate
    chips_pass: Estimate
    must_play: bool
    heard: tuple[bool, ...] | None = None
    tried: int = 0
    draws: tuple[int, ...] = ()
    """In one round: the cards each earlier seat was heard to throw away (-1: a pass, or a
    count not given), one a seat of `heard`; empty when no count was heard."""

    @property
    def pot(self) -> int:
        """The chips already in the pot before this hand's antes."""
        return self.run.pot

    @property
    def recommendation(self) -> str:
        """'play' or 'pass': the choice with more expected chips ('play' if passing is not allowed)."""
        if self.must_play or self.chips_play.value >= self.chips_pass.value:
            return "play"
        return "pass"

    def to_text(self) -> str:
        """The advice in a few lines: the hand, what was heard, each choice's chips."""
        cards = " ".join(str(c) for c in self.hand)
        lines = [
            f"{cards}, trump card {self.trump_card}, seat {self.seat} of {self.players} "
            f"({self.rules.source} rules, {self.deals} deals, pot {self.pot} before the antes)",
            f"  heard before you: {heard_words(self.heard, self.draws)}"
            + (f" ({self.deals} deals kept of {self.tried} dealt)" if self.heard else ""),
            f"  if you play: take the pot {self.win}, bourréd {self.bourre}, split {self.split}",
            f"  expected chips: play {self.chips_play}; pass {self.chips_pass}",
            f"  advice: {self.recommendation}" + (" (you may not pass)" if self.must_play else ""),
        ]
        note = "" if self.heard else fitted_note(self.deals, self.run.deals, "deals")
        return "\n".join([*lines, f"  ({note})"] if note else lines)


def advise(
    hand: str | Iterable[Card | str],
    trump_card: Card | str,
    seat: int,
    players: int = 5,
    rules: Rules | None = None,
    deals: int = 10_000,
    seed: int = 0,
    bots: str | Bot = "heuristic",
    pot: int = 0,
    heard: str | Sequence[str | bool] | None = None,
) -> Advice:
    """Estimate, from `deals` simulated deals, what playing and passing this hand are worth.

    seat -- your place in the speaking order: 1 is the dealer's left, `players` the dealer
    (whose hand must hold the turned card). bots -- the policy of every seat, yours included
    once you play: 'heuristic' (default), 'random', or a built-in bot object. pot -- chips
    already in the pot before this hand's antes. heard -- what each seat before you said, in
    speaking order ("pass play", or True/False for play/pass), and in one round how many cards
    a seat that said play threw away ("pass play 2", or items such as "play 2" or
    ("play", 2)); None: not heard, every word the bots might have said counts.
    """
    rules = Rules() if rules is None else rules
    question = PlayOrPassQuestion(hand, trump_card, seat, players, rules)
    return question.advise(AdviceRun(deals, seed, bots, pot), heard)


def read_heard(
    heard: str | Sequence[str | bool | tuple] | None, seat: int, rules: Rules
) -> tuple[bool, ...] | None:
    """The words of the seats before `seat` as True (play) and False (pass), or None."""
    read = _read(heard, seat, rules.max_players, rules)
    return read[0]


def read_draws(
    heard: str | Sequence[str | bool | tuple] | None, seat: int, rules: Rules, players: int = 5
) -> tuple[int, ...]:
    """The cards each seat before `seat` was heard to throw away in one round (-1 for a pass
    or a count not given); empty when nothing was heard."""
    return _read(heard, seat, players, rules)[1]


def _read(
    heard: str | Sequence[str | bool | tuple] | None, seat: int, players: int, rules: Rules
) -> tuple[tuple[bool, ...] | None, tuple[int, ...]]:
    """(the words heard, the draw counts heard) from `heard`, checked against the rules."""
    if heard is None:
        return None, ()
    if rules.simultaneous_declaration:
        raise ValueError(
            "nothing is heard before you speak when everyone declares at once "
            "(simultaneous_declaration, a pagat variant): leave heard=None"
        )
    words: list[bool] = []
    draws: list[int] = []
    for word, count in _heard_items(heard):
        if word in ("play", True):
            words.append(True)
        elif word in ("pass", False):
            words.append(False)
        else:
            raise ValueError(
                f"heard must list 'play' or 'pass' (or True/False), each 'play' perhaps with "
                f"the cards that player drew ('play 2'), got {word!r}"
            )
        draws.append(_draw_count(count, words[-1], rules, players))
    if len(words) != seat - 1:
        raise ValueError(
            f"heard must give the words of the {seat - 1} seat(s) before seat {seat}, in "
            f"speaking order, e.g. {' '.join(['pass'] * (seat - 1)) or 'nothing'!r}; got {len(words)}"
        )
    return tuple(words), tuple(draws)


def _heard_items(heard: str | Sequence[str | bool | tuple]) -> list[tuple[object, object]]:
    """(word, count or None) for each seat heard: 'pass play 2', or items 'play 2',
    ('play', 2), True, 'pass'."""
    tokens: list[object] = []
    for item in heard.split() if isinstance(heard, str) else list(heard):
        if isinstance(item, str):
            tokens += item.split() or [item]
        elif isinstance(item, tuple) and len(item) == 2:
            tokens += [item[0], ("count", item[1])]
        else:
            tokens.append(item)
    items: list[tuple[object, object]] = []
    for token in tokens:
        if isinstance(token, tuple):
            count = token[1]
        elif isinstance(token, str) and token.strip().isdigit():
            count = int(token)
        else:
            word = token.strip().lower() if isinstance(token, str) else token
            items.append((word, None))
            continue
        if not items or items[-1][1] is not None:
            raise ValueError(
                f"a number in heard follows a 'play' (the cards that player drew), got {count!r}"
            )
        items[-1] = (items[-1][0], count)
    return items


def _draw_count(count: object, play: bool, rules: Rules, players: int) -> int:
    """A heard draw count, checked: -1 when none was given."""
    if count is None:
        return -1
    if not play:
        raise ValueError(
            f"a player who passed draws nothing; got a count of {count!r} after 'pass'"
        )
    if not rules.draws_in_turn:
        raise ValueError(
            "nothing of the draw is heard before you speak under these rules: the draw comes "
            "after everyone has declared (two rounds, draw_timing='after_declarations' or "
            "pagat's double ante); give the words only"
        )
    limit = rules.max_discards_for(players)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= limit:
        raise ValueError(f"a player draws 0 to {limit} cards at this table, got {count!r}")
    return count


def heard_words(heard: tuple[bool, ...] | None, draws: tuple[int, ...] = ()) -> str:
    """What was heard, in words: 'pass, play (drew 2)', 'nothing (you speak first)' or 'not
    used'."""
    if heard is None:
        return "not used (every word the bots might say counts)"
    counts = draws or (-1,) * len(heard)
    said = [
        ("play" + (f" (drew {k})" if k >= 0 else "")) if w else "pass"
        for w, k in zip(heard, counts, strict=True)
    ]
    return ", ".join(said) or "nothing (you speak first)"


def _deal_out(
    question: PlayOrPassQuestion,
    you: int,
    run: AdviceRun,
    forced: int,
    heard: tuple[bool, ...] | None,
    draws: tuple[int, ...],
) -> tuple[dict[str, Any], int, int]:
    """(per-deal outcomes, deals kept, deals dealt): in the compiled core on a full install,
    else in plain Python through the readable `Game` (`plain_advice`, fewer deals)."""
    if compiled():
        seats = _seats(run.bots, question.players)
        return _simulate(question, you, seats, run, forced, heard, draws)
    from .plain_advice import deal_out

    return deal_out(question, you, run, forced, heard, draws)


def _simulate(
    question: PlayOrPassQuestion,
    you: int,
    seats: Seats,
    run: AdviceRun,
    forced: int,
    heard: tuple[bool, ...] | None,
    draws: tuple[int, ...],
) -> tuple[dict[str, np.ndarray], int, int]:
    """(per-deal outcomes, deals kept, deals dealt) of simulated deals where seat `you` holds
    the question's cards and plays (forced=1) or passes (forced=0), agreeing with what was
    heard."""
    import numpy as np

    from .chunks import chunk_seed
    from .fast import encode_rules
    from .fast.bits import card_bit, mask_of
    from .fast.hand import FixedDeal, new_outcomes, play_fixed
    from .hand_chips import chips_of

    n, rules, deals = question.players, question.rules, run.deals
    outcomes = new_outcomes(deals, n)
    said = np.full(n, -1, dtype=np.int64)
    said[you] = forced
    thrown = np.full(n, -1, dtype=np.int64)
    for place, word in enumerate(heard or (), start=1):
        said[place % n] = int(word)
    for place, count in enumerate(draws, start=1):
        thrown[place % n] = count
    tries = np.zeros(1, dtype=np.int64)
    fixed = FixedDeal(
        you, mask_of(question.hand), card_bit(question.trump_card), said, thrown, tries
    )
    # the same seed for both branches: the same deals, so the comparison is sharper
    rule_vector = encode_rules(rules, n)
    limit = deals * TRIES_PER_DEAL
    kept = play_fixed(n, 0, rule_vector, seats, chunk_seed(run.seed, 0), fixed, outcomes, limit)
    if kept < 0:
        raise RuntimeError("a simulated draw ran out of cards; the engine refuses it too")
    if kept == 0:
        raise ValueError(
            f"none of {int(tries[0])} deals agreed with what was heard "
            f"({heard_words(heard, draws)}): the bots almost never say that with these cards out"
        )
    every = np.ones(n, dtype=bool)  # every seat's second ante is still to come
    result = chips_of(
        outcomes.declared[:kept], outcomes.tricks[:kept], you, run.pot + n, every, rules
    )
    return result, kept, int(tries[0])


def _must_play(rules: Rules, you: int, turned: Card) -> bool:
    """Whether the dealer (you == 0) turned an ace and may not pass under these rules."""
    return bool(
        rules.dealer_ace_must_play
        and you == 0
        and turned.rank == 14
        and rules.separate_trump_card == "off"
    )


def _check_deal(
    hand: str | Iterable[Card | str], trump_card: Card | str, seat: int, players: int, rules: Rules
) -> tuple[tuple[Card, ...], Card, int]:
    cards = parse_cards(hand)
    if len(cards) != 5:
        raise ValueError(
            f"a Bourré hand has five cards, got {len(cards)}: {' '.join(map(str, cards))}"
        )
    turned = parse_card(trump_card)
    n = whole("players", players, 2)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            f"{n} players is outside the {rules.source} rules' range ({rules.min_players}-{rules.max_players})"
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
        raise ValueError(
            f"seat must be your place in the speaking order, 1 (dealer's left) to {n} (the dealer); got {seat!r}"
        )
    dealer_holds = seat == n and rules.separate_trump_card == "off"
    if dealer_holds and turned not in cards:
        raise ValueError(f"as the dealer you hold the turned card {turned}; add it to your hand")
    if not dealer_holds and turned in cards:
        raise ValueError(
            f"the turned card {turned} is the dealer's (or turned apart); it cannot be in your hand at seat {seat}"
        )
    return cards, turned, n


def _check_bots(bots: object) -> None:
    if not isinstance(bots, (str, Bot)):
        raise ValueError(f"bots must be 'heuristic', 'random' or one built-in bot, got {bots!r}")


def _seats(bots: str | Bot, n: int) -> Seats:
    from .chunks import fast_seats

    _check_bots(bots)
    return fast_seats(resolve_bots(bots, n))


@dataclass(frozen=True)
class HeardEffect(ReadsAsText):
    """One hand advised without and with what was heard before you spoke: `advice[0]` uses
    no words (heard None), each other the words in its `heard`."""

    advice: tuple[Advice, ...]

    def to_text(self) -> str:
        """A table: what was heard, deals kept of those dealt, chips if you play and if you
        pass (95% intervals), and the better choice ('close' when the intervals overlap)."""
        first = self.advice[0]
        cards = " ".join(str(c) for c in first.hand)
        lines = [
            f"{cards} · turned card {first.trump_card} · seat {first.seat} of {first.players} "
            f"· {first.rules.source} rules",
            f"{'heard before you':<26} {'deals kept':>17}   {'chips if you play':<30} "
            f"{'chips if you pass':<30} better",
        ]
        for a in self.advice:
            words = "(not used)" if a.heard is None else heard_words(a.heard, a.draws)
            kept = f"{a.deals:,} of {a.tried:,}"
            lines.append(
                f"{words:<26} {kept:>17}   {a.chips_play.text('+.2f'):<30} "
                f"{a.chips_pass.text('+.2f'):<30} {better_choice(a)}"
            )
        return "\n".join(lines)


def better_choice(a: Advice) -> str:
    """'play', 'pass', 'close' when the two 95% intervals overlap, or 'play (must)'."""
    if a.must_play:
        return "play (must)"
    if a.chips_play.overlaps(a.chips_pass):
        return "close"
    return a.recommendation


def heard_effect(
    advice: Advice, patterns: Iterable[str | Sequence[str | bool]] | None = None
) -> HeardEffect:
    """`advice` (made without words heard), then its question asked again with each pattern
    of words, on as many deals from the same seed with the same bots and pot (default
    patterns: everyone before you passed; the seat just before you said play; everyone before
    you said play)."""
    if advice.heard is not None:
        raise ValueError(
            "heard_effect starts from the advice made without words heard (heard=None), got "
            f"one that heard {heard_words(advice.heard, advice.draws)!r}"
        )
    if patterns is None:
        before = max(0, advice.seat - 1)
        options = [["pass"] * before, ["pass"] * (before - 1) + ["play"], ["play"] * before]
        patterns = [p for i, p in enumerate(options) if len(p) == before and p not in options[:i]]
    rows = [advice]
    for words in patterns:
        rows.append(advice.question.advise(advice.run, heard=words))
    return HeardEffect(tuple(rows))
