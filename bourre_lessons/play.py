"""Play of the cards: who wins a trick, and which cards a player may play.

One function decides: `_steps(situation, rules)` gives the chain of rules that apply. Both
`legal_plays` (what the engine lets a player do) and `explain(situation, card, rules)` (a
`Verdict` naming the rule it applied, and why) read that same chain, so the "why" can never
disagree with the engine.

The decision is a short chain of steps. Each step is one rule of the sources, and says which
of the player's cards it allows, each narrowing the one before: the last step's cards are the
legal ones. The first step that refuses a card is the rule a learner broke; the last step is
the one that explains a card that is allowed. A step's reason in words is written only when
someone asks why (`explain`): deciding needs no sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import attrgetter

from .cards import DECK, TRICKS_PER_HAND, Card, CardError, Suit, parse_card, parse_cards, parse_suit
from .rules import MAX_PLAYERS, SOURCES, Rules
from .sources import cite as _cite_id
from .sources import concept_citations, reading
from .text import ReadsAsText, card_list, count

__all__ = [
    "CONCEPT_CITATIONS",
    "CONCEPT_SUMMARIES",
    "Situation",
    "Verdict",
    "beats",
    "explain",
    "has_cinch",
    "legal_plays",
    "rule_summary",
    "sure_trump_tricks",
    "trick_winner",
    "verdicts",
    "voids_shown_by",
    "winning_card",
]


# --- tricks -----------------------------------------------------------------------------


def beats(card: Card, other: Card, trump: Suit) -> bool:
    """True if `card`, played after `other`, takes the lead from it (trump beats any other suit)."""
    if card.suit == other.suit:
        return card.rank > other.rank
    return card.suit == trump


def winning_card(trick: Iterable[Card], trump: Suit) -> Card:
    """The card that currently wins a trick (cards in play order, first card led)."""
    cards = tuple(trick)
    if not cards:
        raise ValueError("an empty trick has no winning card")
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, trump):
            best = card
    return best


def trick_winner(trick: Iterable[Card], trump: Suit) -> int:
    """Index, in play order, of the card that wins the trick."""
    cards = tuple(trick)
    return cards.index(winning_card(cards, trump))


def voids_shown_by(trick: Iterable[Card], card: Card, trump: Suit, rules: Rules) -> frozenset[Suit]:
    """The suits a player shows the table it lacks by playing `card` to `trick` (the cards
    played before it, first led): not following the suit led shows a void in it, and playing
    neither it nor a trump shows no trump either, unless the trick was already trumped and the
    rules let a player who cannot overtrump keep a trump (wikipedia 2)."""
    before = tuple(trick)
    if not before or card.suit == before[0].suit:
        return frozenset()
    led = before[0].suit
    trumped = led != trump and any(c.suit == trump for c in before)
    if card.suit != trump and (not trumped or rules.trump_when_cannot_win):
        return frozenset({led, trump})
    return frozenset({led})


# --- a decision --------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation(ReadsAsText):
    """One player's view of one decision: what they hold and what they know.

    hand -- the player's cards; trump -- the trump suit; trick -- cards of the current trick
    in play order (first = led, empty when you lead); seen -- cards played face up in earlier
    tricks of this hand; tricks_won -- your tricks so far; players_after -- active players
    still to play to this trick after you; others_out_of_trump -- every other active player
    is publicly known to hold no trump; won_last_trick_with -- on lead, the card with which you
    won the previous trick (None on the first trick or when you are not on lead): naming a
    rank without a suit reads it in that card's suit (laws 46B3a).
    """

    hand: tuple[Card, ...]
    trump: Suit
    trick: tuple[Card, ...] = ()
    seen: tuple[Card, ...] = ()
    tricks_won: int = 0
    players_after: int = 0
    others_out_of_trump: bool = False
    won_last_trick_with: Card | None = None

    def __post_init__(self) -> None:
        hand = parse_cards(self.hand)
        trick = parse_cards(self.trick)
        seen = parse_cards(self.seen)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "seen", seen)
        object.__setattr__(self, "trump", parse_suit(self.trump))
        if not hand:
            raise ValueError("a situation needs at least one card in hand")
        for name, cards in (("trick", trick), ("seen", seen)):
            for card in cards:
                if card in hand:
                    raise CardError(f"{card} is both in your hand and in {name}")
        for card in trick:
            if card in seen:
                raise CardError(f"{card} is both in the trick and among the seen cards")
        if len(trick) >= MAX_PLAYERS:
            raise ValueError(f"a trick holds at most {MAX_PLAYERS} cards, got {len(trick)}")
        _checkcount("tricks_won", self.tricks_won, 0, TRICKS_PER_HAND - 1)
        _checkcount("players_after", self.players_after, 0, MAX_PLAYERS - 1 - len(trick))
        if not isinstance(self.others_out_of_trump, bool):
            raise ValueError(
                f"others_out_of_trump must be True or False, got {self.others_out_of_trump!r}"
            )
        if self.won_last_trick_with is not None:
            won = parse_card(self.won_last_trick_with)
            object.__setattr__(self, "won_last_trick_with", won)
            if trick:
                raise ValueError("won_last_trick_with is known only on lead, with an empty trick")
            if won not in seen:
                raise CardError(f"{won} won the previous trick, so it must be among the seen cards")

    @classmethod
    def of_position(
        cls,
        hand: tuple[Card, ...],
        trump: Suit,
        trick: tuple[Card, ...],
        seen: tuple[Card, ...],
        tricks_won: int,
        players_after: int,
        others_out_of_trump: bool,
        won_last_trick_with: Card | None,
    ) -> Situation:
        """A situation the engine builds from its own position, where every card is already
        a `Card` and no card is in two places: the checks of `__init__`, meant for what a
        person types, are skipped."""
        situation = object.__new__(cls)
        situation.__dict__.update(
            hand=hand,
            trump=trump,
            trick=trick,
            seen=seen,
            tricks_won=tricks_won,
            players_after=players_after,
            others_out_of_trump=others_out_of_trump,
            won_last_trick_with=won_last_trick_with,
        )
        return situation

    def to_text(self) -> str:
        """The position in a few plain lines: trump, hand, trick, what is known."""
        s = self
        hand = card_list(s.hand, sep=" ", empty="none", sort=False)
        lines = [f"Trump: {s.trump.symbol} ({s.trump.plural})", f"Your hand: {hand}"]
        if s.is_lead:
            lines.append("You are on lead: the trick is empty.")
        else:
            played = ", then ".join(str(c) for c in s.trick)
            lines.append(f"Trick so far: {played} ({s.trick[0]} was led; {s.best} is winning)")
            if s.trumped:
                lines.append(f"The trick has been trumped: {s.trump.plural} were played to it.")
        lines.append(f"Players still to play after you: {s.players_after}")
        earlier = card_list(s.seen, sep=" ", empty="none", by_suit=True)
        lines.append(f"Cards played in earlier tricks: {earlier}")
        lines.append(f"Tricks you have won: {s.tricks_won}")
        if s.others_out_of_trump:
            lines.append("Every other player has shown that they hold no trump.")
        if s.won_last_trick_with is not None:
            lines.append(f"You won the previous trick with {s.won_last_trick_with}.")
        return "\n".join(lines)

    @property
    def is_lead(self) -> bool:
        """True when the player leads to an empty trick."""
        return not self.trick

    @property
    def led(self) -> Suit | None:
        """The suit led to this trick, or None when the player leads."""
        return self.trick[0].suit if self.trick else None

    @property
    def best(self) -> Card | None:
        """The card winning the trick so far, or None when the player leads."""
        return winning_card(self.trick, self.trump) if self.trick else None

    @property
    def trumped(self) -> bool:
        """True when a side suit was led and somebody has already played a trump."""
        return self.led not in (None, self.trump) and any(c.suit == self.trump for c in self.trick)

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards this player cannot see: not held, not in this trick, not played before."""
        return _WHOLE_DECK.difference(self.hand, self.trick, self.seen)

    def holding(self, suit: Suit) -> tuple[Card, ...]:
        """The player's cards of one suit, highest first."""
        return tuple(sorted([c for c in self.hand if c.suit == suit], key=_rank, reverse=True))


_WHOLE_DECK = frozenset(DECK)
_rank = attrgetter("rank")


def _checkcount(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")


@dataclass(frozen=True)
class Verdict:
    """Whether one card may be played, the rule that decided it, and why in one sentence.

    `readings` names the engine's readings the decision rests on (docs/sources.md, e.g.
    `reading-known-top`, `reading-followed`): where a source is silent or terse, what the
    engine decided is ours, and `reading_words()` says so in words.
    """

    card: Card
    legal: bool
    rule_id: str
    reason: str
    summary: str = ""
    readings: tuple[str, ...] = ()

    def reading_words(self) -> str:
        """'Engine's reading: …' for each reading the verdict rests on ('' for none)."""
        return " ".join(f"(Engine's reading: {reading(r).text}.)" for r in self.readings)

    def __str__(self) -> str:
        mark = "allowed" if self.legal else "not allowed"
        return f"{self.card}: {mark} [{cite(self.rule_id)}] {self.reason}"


# --- sure tricks and top cards ----------------------------------------------------------------


def sure_trump_tricks(situation: Situation) -> int:
    """How many tricks the player's trumps win whatever the others hold (docs/rules.md, Cinch)."""
    trumps = situation.holding(situation.trump)
    if situation.others_out_of_trump:
        return len(trumps)
    out = [c for c in situation.unseen if c.suit == situation.trump]
    best = 0
    for t, card in enumerate(trumps, start=1):
        above = sum(1 for o in out if o.rank > card.rank)
        best = max(best, t - above)
    return best


def has_cinch(situation: Situation) -> bool:
    """True when tricks won plus sure trump tricks reach three: the pot is certain (the engine's
    count of pagat's three sure tricks, docs/sources.md reading-sure-tricks)."""
    return situation.tricks_won + sure_trump_tricks(situation) >= 3


def top_group(situation: Situation, suit: Suit) -> frozenset[Card]:
    """The player's highest card of `suit` and the cards that no unseen card separates from it."""
    held = situation.holding(suit)
    if not held:
        return frozenset()
    unseen_ranks = {c.rank for c in situation.unseen if c.suit == suit}
    group = [held[0]]
    for card in held[1:]:
        if any(card.rank < r < group[-1].rank for r in unseen_ranks):
            break
        group.append(card)
    return frozenset(group)


def is_known_top(situation: Situation, card: Card) -> bool:
    """True when no unseen card of its suit ranks above `card`."""
    return not any(c.suit == card.suit and c.rank > card.rank for c in situation.unseen)


def others_known_out(situation: Situation) -> bool:
    """True when every other player is known to be out of trumps, or every trump is accounted."""
    return situation.others_out_of_trump or not any(
        c.suit == situation.trump for c in situation.unseen
    )


# --- the rules as steps -----------------------------------------------------------------------

# Each rule concept, cited by each source's own rule where that source has one: built from the
# register (`sources.py`, each entry's `concepts`). A source missing from a row is silent there:
# a verdict under it cites the source the engine follows (the first of FOLLOWED that has the
# rule) and says so. `lead` is the engine's own rule id (docs/sources.md, reading-lead).
_CONCEPTS = (
    "follow",
    "beat",
    "cannot-beat",
    "trumped-follow",
    "trump",
    "overtrump",
    "trump-anyway",
    "trump-not-needed",
    "discard",
    "lead",
    "known-top",
    "others-out",
    "cinch-pot",
    "cinch-strict",
)


def _citations() -> dict[str, dict[str, str]]:
    """The concept table, in `_CONCEPTS` order, from the register."""
    registered = concept_citations()
    unknown = set(registered) - set(_CONCEPTS)
    if unknown:
        raise ValueError(f"the register cites concepts the engine does not have: {sorted(unknown)}")
    table = {concept: dict(registered.get(concept, {})) for concept in _CONCEPTS}
    table["lead"] = {source: "lead" for source in SOURCES}
    return table


CONCEPT_CITATIONS: dict[str, dict[str, str]] = _citations()
"""Each rule concept (`follow`, `cinch-pot`, ...) -> source -> the rule id that source gives
it; the concepts are the keys, in the order of the chain of steps."""
_CONCEPT_READINGS: dict[str, tuple[str, ...]] = {
    "lead": ("reading-lead",),
    "known-top": ("reading-known-top",),
    "others-out": ("reading-known-void",),
    "cinch-pot": ("reading-sure-tricks",),
    "cinch-strict": ("reading-cinch-strict",),
}
"""The engine's readings each concept's decision rests on, whatever the rulebook (a silent
rulebook adds `reading-followed`)."""

FOLLOWED = ("pagat", "glimne", "wikipedia")
"""Where the chosen source is silent, the engine follows the first of these that has the rule."""

CONCEPT_SUMMARIES: dict[str, str] = {
    "follow": "Play a card of the suit that was led whenever you have one.",
    "beat": "Following suit to an untrumped trick, beat the highest card if you can.",
    "cannot-beat": "Following suit but unable to beat the highest card, any card of the suit will do.",
    "trumped-follow": "Once a side-suit trick is trumped, following suit cannot win: any card of the suit.",
    "trump": "With no card of the led suit, play a trump if you have one.",
    "overtrump": "With no card of the led suit and the trick already trumped, play a higher trump if you can.",
    "trump-anyway": "Void in the led suit and unable to overtrump, you must still play a trump.",
    "trump-not-needed": "Void in the led suit and unable to overtrump, you need not trump: any card.",
    "discard": "With neither the led suit nor a trump, any card will do; it cannot win.",
    "lead": "On lead you may lead any card, unless a sure-win rule says otherwise.",
    "known-top": "Knowing you hold the top card of the led suit, with players still to come, play it.",
    "others-out": "On lead, when every other player is known to be out of trumps, lead a trump.",
    "cinch-pot": "With the pot certain, lead or trump with your highest trump (last to play: just win).",
    "cinch-strict": "glimne's local cinch variant: on lead, lead the highest trump still unplayed whenever you hold it, your highest trump while sure tricks bring you to three, and a trump, any one, once you have won three.",
}
"""Each rule concept -> one sentence in the project's words (a verdict's `summary`)."""


def rule_id(concept: str, rules: Rules) -> str:
    """The citation for a rule concept: the chosen source's own rule, else the one followed."""
    cites = CONCEPT_CITATIONS[concept]
    return cites.get(rules.source) or next(cites[s] for s in FOLLOWED if s in cites)


def silence_note(concept: str, rules: Rules) -> str:
    """A sentence saying that the chosen source is silent here and whom the engine follows."""
    cites = CONCEPT_CITATIONS[concept]
    if rules.source in cites:
        return ""
    followed = rule_id(concept, rules)
    return f"({rules.source} has no rule of its own here; the engine follows {cite(followed)}.)"


def cite(rule_id: str) -> str:
    """A rule id as learners read it: 'glimne-5' -> 'glimne 5', 'pagat-cinch' -> 'pagat cinch'."""
    return _cite_id(rule_id)


def rule_summary(rule_id: str) -> str:
    """One sentence, in the project's words, for a rule id such as 'glimne-5' or 'pagat-cinch'.

    An id that several rules share (pagat-2 covers trump, overtrump and trump anyway) gives
    the first of them; a verdict's own `summary` is always the exact one.
    """
    for concept, cites in CONCEPT_CITATIONS.items():
        if rule_id == concept or rule_id in cites.values():
            return CONCEPT_SUMMARIES[concept]
    if rule_id in _TABLE_RULES:
        return _TABLE_RULES[rule_id]
    raise KeyError(f"unknown rule id {rule_id!r}; known ids: {', '.join(known_rule_ids())}")


def known_rule_ids() -> tuple[str, ...]:
    """Every rule id a verdict or a refused game action can carry."""
    ids = {rule for cites in CONCEPT_CITATIONS.values() for rule in cites.values()} | set(
        _TABLE_RULES
    )
    return tuple(sorted(ids))


_TABLE_RULES: dict[str, str] = {
    "hand": "You can only play a card you hold.",
    "draw": "In the draw you may exchange up to five cards for new ones.",
    "draw-timing": "When a player who says play draws: at once, before the next player declares (one round: pagat's text as the course reads it), or once everyone has declared (two rounds: glimne, wikipedia, pagat's double ante).",
    "wikipedia-seven": "At a table of seven, each player may exchange at most three cards.",
    "pagat-dealer-ace": "A dealer who turns an ace for trump must play the hand.",
    "glimne-dealer-ace": "A dealer who turns an ace for trump leads the first trick.",
    "dealer-trump-card": "House rule: the turned trump card stays in the dealer's hand (every source lets the dealer discard it).",
    "pagat-renege": "A renege corrected before the next player plays: replaced, no win, no bourré.",
    "pagat-separate-trump": "The separate trump card: only a dealer who plays may take it.",
    "pagat-out-of-turn": "Declaring or hinting out of turn sits you out of the next deal.",
}


@dataclass(frozen=True)
class _Step:
    """One rule that applies to a decision: its concept, the cards it still allows, and which
    sentence says why (`_WHY`, written only when someone asks: `explain`)."""

    concept: str
    allowed: frozenset[Card]
    words: str = ""

    def why(self, s: Situation) -> str:
        """The reason in words, from the situation and the cards this step allows."""
        return _WHY[self.words or self.concept](s, self.allowed)


def _cards(cards: Iterable[Card]) -> str:
    return card_list(cards, by_suit=True)


def _steps(situation: Situation, rules: Rules) -> tuple[_Step, ...]:
    """The chain of rules that apply to this decision, each narrowing the allowed cards (the
    situation keeps the chain last worked out, with its rules: asking for the legal cards,
    then why, works it out once)."""
    known = situation.__dict__.get("_chain")
    if known is not None and known[0] is rules:
        return known[1]
    s = situation
    steps = _lead_steps(s, rules) if s.is_lead else _follow_steps(s, rules)
    for extra in (_known_top_step, _cinch_step):
        step = extra(s, rules, steps[-1].allowed)
        if step is not None:
            steps.append(step)
    chain = tuple(steps)
    situation.__dict__["_chain"] = (rules, chain)
    return chain


def _lead_steps(s: Situation, rules: Rules) -> list[_Step]:
    steps = [_Step("lead", frozenset(s.hand))]
    trumps = frozenset(s.holding(s.trump))
    if rules.must_lead_trump_when_others_out and trumps and others_known_out(s):
        steps.append(_Step("others-out", trumps))
    return steps


def _follow_steps(s: Situation, rules: Rules) -> list[_Step]:
    led, trump, best = s.led, s.trump, s.best
    assert led is not None and best is not None
    own_led = frozenset([c for c in s.hand if c.suit == led])
    if own_led:
        if s.trumped:
            return [_Step("follow", own_led), _Step("trumped-follow", own_led)]
        beaters = frozenset(c for c in own_led if beats(c, best, trump))
        if beaters:
            return [_Step("follow", own_led), _Step("beat", beaters)]
        return [_Step("follow", own_led), _Step("cannot-beat", own_led)]
    trumps = frozenset([c for c in s.hand if c.suit == trump])
    if not trumps:
        return [_Step("discard", frozenset(s.hand))]
    if not s.trumped:
        return [_Step("trump", trumps)]
    over = frozenset(c for c in trumps if beats(c, best, trump))
    if over:
        return [_Step("trump", trumps, "trump-first"), _Step("overtrump", over)]
    if rules.trump_when_cannot_win:
        return [_Step("trump-anyway", trumps)]
    return [_Step("trump-not-needed", frozenset(s.hand))]


def _known_top_step(s: Situation, rules: Rules, allowed: frozenset[Card]) -> _Step | None:
    """glimne 9: the known top card of the led suit must be played.

    Two readings are the engine's, not glimne's (docs/rules.md, Disagreement B): the rule
    binds only with players still to come (the last player just has to win, as in pagat's third
    cinch pattern), and a held card that no unseen card separates from the top counts as the same
    card (pagat's equivalence for the cinch, borrowed).
    """
    if not rules.must_play_known_top or s.is_lead or s.trumped or s.players_after == 0:
        return None
    led, best = s.led, s.best
    assert led is not None and best is not None
    held = s.holding(led)
    if not held or not beats(held[0], best, s.trump) or not is_known_top(s, held[0]):
        return None
    top = top_group(s, led) & allowed
    if top == allowed:
        return None
    return _Step("known-top", top)


def _cinch_step(s: Situation, rules: Rules, allowed: frozenset[Card]) -> _Step | None:
    """Cinch: with the pot certain, your highest trump leads or follows (docs/rules.md, Cinch)."""
    if rules.cinch == "off":
        return None
    trumps = s.holding(s.trump)
    if not trumps:
        return None
    if s.is_lead:
        cinch = has_cinch(s)
        if rules.cinch == "strict":
            return _strict_lead(s, allowed, trumps, cinch)
        if cinch:
            return _narrow(allowed, top_group(s, s.trump), "cinch-pot", cinch)
        return None
    if s.players_after == 0 or not any(c.suit == s.trump for c in allowed):
        return None
    assert s.best is not None
    if not beats(trumps[0], s.best, s.trump):
        return None  # the trick is lost whatever you play: no sure trick to spend on it
    if not has_cinch(s):
        return None
    keep = frozenset(c for c in allowed if c.suit != s.trump) | (top_group(s, s.trump) & allowed)
    return _narrow(allowed, keep, "cinch-pot", True)


def _strict_lead(
    s: Situation, allowed: frozenset[Card], trumps: tuple[Card, ...], cinch: bool
) -> _Step | None:
    """glimne's cinch variant on lead: the top unplayed trump whenever you hold it; your highest
    trump while sure tricks still stand between you and three; once three tricks are won, a
    trump, any one (glimne: "spela ut ett trumfkort om du har något")."""
    to_take = cinch and s.tricks_won < 3
    if is_known_top(s, trumps[0]) or to_take:
        return _narrow(allowed, frozenset(trumps[:1]), "cinch-strict", to_take)
    keep = frozenset(trumps) & allowed
    if s.tricks_won < 3 or not keep or keep == allowed:
        return None
    return _Step("cinch-strict", keep, "any-trump")


def _narrow(
    allowed: frozenset[Card], wanted: frozenset[Card], concept: str, cinch: bool
) -> _Step | None:
    """The step that keeps only `wanted` of the allowed cards (None if it changes nothing):
    said as a cinch, or as the known top trump led."""
    keep = wanted & allowed
    if not keep or keep == allowed:
        return None
    return _Step(concept, keep, "cinch" if cinch else "top-trump")


# --- why, in words ---------------------------------------------------------------------------


def _led(s: Situation) -> Suit:
    assert s.led is not None
    return s.led


def _top_trump_words(s: Situation, keep: frozenset[Card], cinch: bool) -> str:
    """The highest trump that must be played, and the trumps equal to it."""
    top = s.holding(s.trump)[0]
    if cinch:
        sure = sure_trump_tricks(s)
        why = (
            f"you have a cinch ({count(s.tricks_won, 'trick')} won and "
            f"{count(sure, 'sure trump trick')}), "
            f"so you must play your highest trump, {top}"
        )
    else:
        why = f"no unseen trump is higher than {top}, so on lead you must lead it"
    if keep != {top}:
        why += f" or a trump equal to it ({_cards(keep - {top})})"
    return why


def _void_words(s: Situation) -> str:
    led = _led(s)
    return led.plural if led == s.trump else f"{led.plural} and no {s.trump.plural}"


_WHY: dict[str, Callable[[Situation, frozenset[Card]], str]] = {
    "lead": lambda s, a: "you are on lead, so any card may be led",
    "others-out": lambda s, a: (
        f"no other player can hold a trump, so you must lead one of yours ({_cards(a)})"
    ),
    "follow": lambda s, a: f"you hold {_led(s).plural} ({_cards(a)}) and must follow suit",
    "trumped-follow": lambda s, a: (
        f"{s.best} has trumped the trick, so no {_led(s).singular} can win and any "
        f"{_led(s).singular} will do"
    ),
    "beat": lambda s, a: (
        f"you must beat {s.best}, the highest card so far, and you can with {_cards(a)}"
    ),
    "cannot-beat": lambda s, a: (
        f"none of your {_led(s).plural} beats {s.best}, so any {_led(s).singular} will do"
    ),
    "discard": lambda s, a: f"you have no {_void_words(s)}, so any card will do; it cannot win",
    "trump": lambda s, a: f"you have no {_led(s).plural}, so you must play a trump ({_cards(a)})",
    "trump-first": lambda s, a: f"you have no {_led(s).plural}, so you must play a trump",
    "overtrump": lambda s, a: (
        f"{s.best} has trumped the trick and you must overtrump it, which {_cards(a)} can"
    ),
    "trump-anyway": lambda s, a: (
        f"none of your trumps beats {s.best}, but void in {_led(s).plural} you must still "
        "play a trump"
    ),
    "trump-not-needed": lambda s, a: (
        f"none of your trumps beats {s.best}, so you need not trump and any card will do"
    ),
    "known-top": lambda s, a: (
        f"no unseen {_led(s).singular} ranks above {s.holding(_led(s))[0]}, so you know it is "
        "the top card and must play it"
    ),
    "cinch": lambda s, a: _top_trump_words(s, a, cinch=True),
    "top-trump": lambda s, a: _top_trump_words(s, a, cinch=False),
    "any-trump": lambda s, a: (
        f"you have won {count(s.tricks_won, 'trick')}, so the pot is yours, and you must lead "
        f"a trump, any of yours ({_cards(a)})"
    ),
}
"""Each step's sentence (by its `words`, else its concept), from the situation and the cards
the step allows."""


# --- the public decision --------------------------------------------------------------------


def explain(situation: Situation, card: Card | str, rules: Rules | None = None) -> Verdict:
    """Whether `card` may be played in `situation` under `rules`, the rule applied, and why."""
    rules = Rules() if rules is None else rules
    card = parse_card(card)
    if card not in situation.hand:
        reason = f"You do not hold {card}; you hold {_cards(situation.hand)}."
        return Verdict(card, False, "hand", reason, rule_summary("hand"), ("reading-hand",))
    steps = _steps(situation, rules)
    legal = steps[-1].allowed
    for step in steps:
        if card not in step.allowed:
            alternatives = _cards(legal)
            why = step.why(situation)
            play = "" if alternatives in why else f"; play {_one_of(legal)}{alternatives}"
            reason = f"{card} is not allowed: {why}{play}."
            return _verdict(card, False, step.concept, reason, rules, situation)
    last = steps[-1]
    why = f"{card} is allowed: {last.why(situation)}."
    return _verdict(card, True, last.concept, why, rules, situation)


WIKIPEDIA_CINCH_NOTE = "(Our reading: wikipedia's few forced plays as pagat's cinch patterns.)"
"""Added to a wikipedia verdict that cites its forced plays (reading-wikipedia-cinch)."""


OWN_CINCH_TOO = {
    "pagat": "(pagat's own cinch rule, pagat cinch, applies here too and asks for your highest "
    "trump, but lets a trump next to it stand in; glimne's variant, switched on, decides the card.)",
    "wikipedia": "(wikipedia's forced plays, wikipedia cinch, apply here too as the engine reads "
    "them; glimne's variant, switched on, decides the card.)",
}
"""Said instead of the silence note when glimne's cinch variant decides a position where the
chosen rulebook's own cinch rule applies as well (a cinch: three tricks sure or won)."""


def _verdict(
    card: Card, legal: bool, concept: str, reason: str, rules: Rules, situation: Situation
) -> Verdict:
    note = silence_note(concept, rules)
    if concept == "cinch-strict" and rules.source in OWN_CINCH_TOO and has_cinch(situation):
        note = OWN_CINCH_TOO[rules.source]
    readings = _CONCEPT_READINGS.get(concept, ())
    if concept == "cinch-pot" and rules.source == "wikipedia":
        note, readings = WIKIPEDIA_CINCH_NOTE, (*readings, "reading-wikipedia-cinch")
    reason = f"{reason} {note}" if note else reason
    if rules.source not in CONCEPT_CITATIONS[concept]:
        readings = ("reading-followed", *readings)
    return Verdict(
        card, legal, rule_id(concept, rules), reason, CONCEPT_SUMMARIES[concept], readings
    )


def _one_of(cards: frozenset[Card]) -> str:
    return "" if len(cards) == 1 else "one of "


def legal_plays(situation: Situation, rules: Rules | None = None) -> frozenset[Card]:
    """Every card of the hand that `explain` allows: the cards the last rule of the chain
    keeps (each rule narrows the one before), decided without writing any reason."""
    return _steps(situation, Rules() if rules is None else rules)[-1].allowed


def verdicts(situation: Situation, rules: Rules | None = None) -> tuple[Verdict, ...]:
    """A verdict for every card in hand, in hand order: what "Why?" shows."""
    return tuple(explain(situation, c, rules) for c in situation.hand)
