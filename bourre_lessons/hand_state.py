"""What a game holds between actions: its setup, the state of the hand, its copying, the deal.

`GameSetup` is what never changes in a game (rules, seats, seed, a chosen first deal);
`GameState` is everything that does. An action changes the state in place (`Game.apply`:
each handler checks an action before it changes anything); `GameState.clone` copies it for
the one case where an action must be tried on a copy, while a renege is open. `deal_cards`
deals one hand from the seed's shuffle, or from a deal chosen with `read_deal`.

The shuffle of each hand depends only on the seed and the hand number, so the deck of hand 3
is shuffled the same way whatever happened in hands 1 and 2.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from .actions import GameError
from .cards import DECK, HAND_SIZE, Card, CardError, Rank, Suit, parse_card, parse_cards
from .play import Situation
from .rules import Rules
from .settle import Settlement

__all__ = [
    "ChosenDeal",
    "Dealt",
    "GameState",
    "HandRecord",
    "PendingRenege",
    "Trick",
    "clone",
    "deal_cards",
    "hand_rng",
    "read_deal",
    "sorted_cards",
]


@dataclass
class Trick:
    """One trick: who led, the cards in play order with their players, and the winner."""

    leader: str
    plays: list[tuple[str, Card]] = field(default_factory=list)
    winner: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple([card for _, card in self.plays])

    def copy(self) -> Trick:
        """A copy whose plays can change without changing this trick's."""
        return Trick(self.leader, list(self.plays), self.winner)


@dataclass
class HandRecord:
    """Everything that happened in one hand, for replay, transcripts and statistics."""

    number: int
    dealer: str
    seats: list[str]
    trump_card: Card
    antes: dict[str, int] = field(default_factory=dict)
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    declared: dict[str, bool] = field(default_factory=dict)
    discards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    drawn: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    renegers: set[str] = field(default_factory=set)
    corrected: set[str] = field(default_factory=set)
    dropped: set[str] = field(default_factory=set)
    settlement: Settlement | None = None
    pot_at_start: int = 0

    @property
    def active(self) -> list[str]:
        """Players who said play, in seat order from the dealer's left."""
        return [p for p in self.seats if self.declared.get(p)]

    def copy(self) -> HandRecord:
        """A copy sharing nothing that changes with this record (cards, tuples of cards and
        the settlement never change, so they are shared)."""
        return HandRecord(
            self.number,
            self.dealer,
            list(self.seats),
            self.trump_card,
            dict(self.antes),
            dict(self.dealt),
            dict(self.declared),
            dict(self.discards),
            dict(self.drawn),
            [trick.copy() for trick in self.tricks],
            set(self.renegers),
            set(self.corrected),
            set(self.dropped),
            self.settlement,
            self.pot_at_start,
        )


@dataclass(frozen=True)
class PendingRenege:
    """A renege that may still be corrected (pagat): the card played and the situation it
    broke. The window closes when anyone else acts."""

    player: str
    card: Card
    situation: Situation


@dataclass(frozen=True)
class ChosenDeal:
    """A first deal chosen in advance: some seats' five cards (in the order dealt, so the
    dealer's fifth card is the turned card), the turned card, and the top of the stock."""

    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    turned: Card | None = None
    stock: tuple[Card, ...] = ()

    def as_dict(self) -> dict[str, str]:
        """The deal as `Game(deal=...)` takes it: seat (or 'turned', 'stock') to card codes."""
        chosen = {seat: " ".join(c.code for c in cards) for seat, cards in self.hands}
        if self.turned is not None:
            chosen["turned"] = self.turned.code
        if self.stock:
            chosen["stock"] = " ".join(c.code for c in self.stock)
        return chosen


@dataclass(frozen=True)
class GameSetup:
    """What does not change during a game: the rules, the seats clockwise, the seed, and the
    chosen first deal, if any."""

    rules: Rules
    players: tuple[str, ...]
    seed: int
    deal: ChosenDeal | None = None


@dataclass
class GameState:
    """Everything that changes during a game, changed in place by each action."""

    bankrolls: dict[str, int]
    rng: random.Random = field(default_factory=random.Random)
    pot: int = 0
    hand_no: int = 0
    dealer_seat: int = 0
    phase: str = "declare"
    hands: dict[str, list[Card]] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)
    folded: list[Card] = field(default_factory=list)
    discard_pile: list[tuple[str, Card]] = field(default_factory=list)
    separate_trump: Card | None = None
    record: HandRecord | None = None
    history: list[HandRecord] = field(default_factory=list)
    turn: list[str] = field(default_factory=list)
    trick: Trick | None = None
    tricks_won: dict[str, int] = field(default_factory=dict)
    voids: dict[str, set] = field(default_factory=dict)
    pending: PendingRenege | None = None
    fists: dict[str, bool] = field(default_factory=dict)
    skip_ante: frozenset = frozenset()
    sit_out: frozenset = frozenset()
    penalised: frozenset = frozenset()
    log: list[str] = field(default_factory=list)
    decision: tuple | None = None
    """The card decision last worked out (`tricks.decision`): its position, the situation and
    the legal cards; a copy of the state starts without it."""

    @property
    def rec(self) -> HandRecord:
        """The record of the hand in progress (or just settled)."""
        assert self.record is not None
        return self.record

    def clone(self, own_log: bool = False) -> GameState:
        """A copy sharing nothing mutable with this state, except the append-only log and
        history (shared unless `own_log`; `Game.apply` cuts them back if an action fails)."""
        twin = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("log", "history"):
                value = list(value) if own_log else value
            elif f.name == "decision":
                value = None
            else:
                value = clone(value)
            setattr(twin, f.name, value)
        return twin


_ATOMS = frozenset({str, int, bool, type(None), Card, Suit, Rank})
"""Types whose values never change: shared between a state and its clone."""


def _is_fixed(value: Any) -> bool:
    """True for a value that cannot change: an atom, or a tuple or frozenset of atoms."""
    kind = type(value)
    if kind in _ATOMS:
        return True
    return (kind is tuple or kind is frozenset) and all(type(v) in _ATOMS for v in value)


def clone(value: Any) -> Any:
    """A copy of `value` that shares nothing mutable with it (cards and frozen records are
    immutable, so they are shared; anything unexpected falls back to a deep copy)."""
    if _is_fixed(value):
        return value
    kind = type(value)
    if kind is list or kind is set:
        return kind(v if _is_fixed(v) else clone(v) for v in value)
    if kind is dict:
        return {k: v if _is_fixed(v) else clone(v) for k, v in value.items()}
    if kind is random.Random:
        twin = random.Random(0)
        twin.setstate(value.getstate())
        return twin
    if is_dataclass(value) and not isinstance(value, type):
        if value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value
        twin = copy.copy(value)
        for f in fields(value):
            object.__setattr__(twin, f.name, clone(getattr(value, f.name)))
        return twin
    return copy.deepcopy(value)


_DECK_ORDER = {card: i for i, card in enumerate(DECK)}


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the deck's order (♠ ♥ ♦ ♣, two to ace), the same order as `Card` sorts."""
    return sorted(cards, key=_DECK_ORDER.__getitem__)


# --- the deal ------------------------------------------------------------------------------


def hand_rng(seed: int, hand_no: int) -> random.Random:
    """The shuffles of one hand: fixed by the seed and the hand number alone, so the deal of
    a later hand does not depend on what was played before it."""
    return random.Random(f"bourre-lessons:{seed}:{hand_no}")


@dataclass
class Dealt:
    """One hand's deal: each seat's cards in the order dealt, the stock (drawn from its end)
    and the separate trump card, if the variant turns one."""

    hands: dict[str, list[Card]]
    stock: list[Card]
    separate: Card | None


def deal_cards(
    rng: random.Random, seats: Sequence[str], separate: bool, chosen: ChosenDeal | None = None
) -> Dealt:
    """Shuffle and deal five cards each, one at a time from the dealer's left (`seats` ends
    with the dealer); a chosen deal's cards are first moved to their places in the shuffle."""
    deck = list(DECK)
    rng.shuffle(deck)
    if chosen is not None:
        where = {card: i for i, card in enumerate(deck)}  # each card's place, kept as cards move
        for slot, card in _slots(chosen, seats, separate, len(deck)).items():
            here, other = where[card], deck[slot]
            deck[here], deck[slot] = other, card
            where[other], where[card] = here, slot
    hands: dict[str, list[Card]] = {p: [] for p in seats}
    for _ in range(HAND_SIZE):
        for p in seats:
            hands[p].append(deck.pop())
    return Dealt(hands, deck, deck.pop() if separate else None)


def _slots(chosen: ChosenDeal, seats: Sequence[str], separate: bool, size: int) -> dict[int, Card]:
    """Where each chosen card lies in the shuffled deck, which is dealt from its end: the
    seats' cards, then the separate trump card, then the stock from the top down."""
    n = len(seats)
    top = size - 1
    slots = {}
    for seat, cards in chosen.hands:
        for i, card in enumerate(cards):
            slots[top - i * n - seats.index(seat)] = card
    stock_top = top - HAND_SIZE * n
    if chosen.turned is not None:
        if separate:
            slots[stock_top] = chosen.turned
        else:
            slots[top - (HAND_SIZE - 1) * n - (n - 1)] = chosen.turned
    if separate:
        stock_top -= 1
    for i, card in enumerate(chosen.stock):
        slots[stock_top - i] = card
    return slots


_DEAL_KEYS = ("turned", "stock")


def read_deal(
    deal: Mapping[str, Any] | ChosenDeal | None, players: Sequence[str], separate: bool
) -> ChosenDeal | None:
    """Check a chosen first deal and read it: seat to five cards (the dealer, `players[0]`,
    turns the fifth), with 'turned' (one card) and 'stock' (the top of the stock) optional.
    Raises `GameError` saying what is wrong."""
    if deal is None:
        return None
    if isinstance(deal, ChosenDeal):
        deal = deal.as_dict()
    if not isinstance(deal, Mapping):
        raise GameError(
            "deal must map seats to five cards, e.g. {'A': 'S2 H5 D9 CJ SA'}, with 'turned' "
            f"and 'stock' optional; got {deal!r}"
        )
    unknown = [str(k) for k in deal if k not in players and k not in _DEAL_KEYS]
    if unknown:
        raise GameError(
            f"the deal names {', '.join(map(repr, unknown))}, which is not a seat; the seats "
            f"are {', '.join(players)}, and 'turned' and 'stock' may be given too"
        )
    hands = tuple((p, _deal_cards(deal[p], p)) for p in players if p in deal)
    for seat, cards in hands:
        if len(cards) != HAND_SIZE:
            raise GameError(
                f"the deal gives {seat} {len(cards)} cards; each seat named is dealt exactly "
                f"{HAND_SIZE}"
            )
    extra = {k: deal[k] for k in _DEAL_KEYS if k in deal and k not in players}
    turned = _deal_turned(extra.get("turned"))
    stock = _deal_cards(extra.get("stock", ()), "the stock")
    chosen = ChosenDeal(hands, turned, stock)
    _check_deal(chosen, players, separate)
    return chosen


def _deal_cards(value: Any, whose: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except CardError as err:
        raise GameError(f"cannot read the cards of {whose} in the deal: {err}") from None


def _deal_turned(value: Any) -> Card | None:
    if value is None:
        return None
    try:
        return parse_card(value)
    except CardError as err:
        raise GameError(f"the turned card in the deal must be one card: {err}") from None


def _check_deal(chosen: ChosenDeal, players: Sequence[str], separate: bool) -> None:
    """No card twice; the turned card where the dealer turns it; room for the stock."""
    places: dict[Card, str] = {}
    named = [(seat, card) for seat, cards in chosen.hands for card in cards]
    named += [("the stock", card) for card in chosen.stock]
    dealer_hand = dict(chosen.hands).get(players[0])
    if chosen.turned is not None and (separate or dealer_hand is None):
        named.append(("the turned card", chosen.turned))
    for where, card in named:
        if card in places:
            raise GameError(f"the deal gives {card} twice: to {places[card]} and to {where}")
        places[card] = where
    turned_elsewhere = chosen.turned is not None and dealer_hand is not None and not separate
    if turned_elsewhere and dealer_hand[-1] != chosen.turned:
        raise GameError(
            f"the dealer {players[0]} turns the fifth card dealt, which the deal makes "
            f"{dealer_hand[-1]}, not {chosen.turned}: give the same card, or only one"
        )
    room = len(DECK) - HAND_SIZE * len(players) - (1 if separate else 0)
    if len(chosen.stock) > room:
        raise GameError(
            f"the deal puts {len(chosen.stock)} cards on the stock, but at a table of "
            f"{len(players)} only {room} are left after the deal"
        )
