"""Bots: players the computer plays, at a readable `Game` table or in the fast simulator.

A bot answers three questions, each from a `SeatView` (what that player knows):

    bot.declare(view) -> bool            play (True) or pass
    bot.discard(view) -> cards           the cards to exchange in the draw (may be empty)
    bot.play(view, legal) -> card        one card of `legal`, the set the engine allows

`bot.choose(game)` turns those answers into the action string the `Game` expects, and
`play_bots(game, bots)` lets the bots act until a person is to act or the hand is settled.
The bots never decide what is legal: the engine does (`legal_plays`, `Game.legal_actions`).
Importing this module needs neither NumPy nor Numba: where they are missing (the course in the
browser) `HeuristicBot` decides with the same policy written in plain Python (`heuristic`).

Two bots come with the course, and `simulate` runs both in its fast core:
  RandomBot    -- every decision uniform among the legal actions.
  HeuristicBot -- plays or passes by trump strength and seat (in one round, also by the draws
                  heard before it speaks), keeps trumps and side aces in the draw, wins a trick when it can (cheaply when last to play), leads a known top
                  card, and otherwise throws its lowest card.
A third, stronger one, `SamplingBot` ('sampling', in `sim.sampling_bot`), declares and draws
like the heuristic bot but chooses each card by playing every legal card out on sampled
deals of the cards it cannot see; it runs through the readable engine.
Write your own by subclassing `Bot`; `simulate` then plays it through the readable engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import ModuleType

from ..browser import has_module
from ..cards import Card, Suit
from ..game import Game, GameError, HandRecord
from ..play import Situation, legal_plays
from ..rules import Rules
from ..text import card_codes
from . import heuristic

__all__ = [
    "Bot",
    "BotError",
    "HeuristicBot",
    "RandomBot",
    "SeatView",
    "compiled_policy",
    "play_bots",
    "view_of",
]


class BotError(ValueError):
    """A bot could not be set up, or answered with an action the table refuses."""


@dataclass(frozen=True)
class SeatView:
    """What one player knows at a decision.

    player -- the seat's name; phase -- 'declare', 'draw' or 'play'; hand -- the cards held;
    trump_card -- the turned card; position -- place in the speaking order (0 = the dealer's
    left, players - 1 = the dealer); players -- players dealt in this hand; playing_before --
    how many of those who spoke before said play; must_play -- passing is not allowed (a
    turned ace under pagat); max_discards -- the draw limit; locked -- cards that may not be
    discarded (the turned card, outside pagat); can_take -- the separate turned card is on
    offer (pagat variant); situation -- the card-play decision (play phase only);
    draws_heard -- in one round (`Rules.draws_in_turn`), how many cards each earlier player
    who said play threw away, in speaking order, heard before this seat declares (empty in
    two rounds, where the draw comes after every declaration).
    """

    player: str
    phase: str
    hand: tuple[Card, ...]
    trump_card: Card
    position: int
    players: int
    playing_before: int
    must_play: bool
    max_discards: int
    locked: frozenset[Card]
    can_take: bool
    rules: Rules
    situation: Situation | None = None
    draws_heard: tuple[int, ...] = ()

    @property
    def strong_before(self) -> int:
        """How many earlier players who said play were heard to exchange at most
        `heuristic.STRONG_DRAW` cards: a strong hand kept nearly whole."""
        return sum(1 for drawn in self.draws_heard if drawn <= heuristic.STRONG_DRAW)

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.trump_card.suit

    @property
    def is_dealer(self) -> bool:
        """True for the dealer, who speaks last."""
        return self.position == self.players - 1


def view_of(game: Game) -> SeatView:
    """The view of the player to act in `game` (a hand must be in progress)."""
    player = game.to_act
    if player is None:
        raise BotError("no player is to act: the hand is settled; apply 'deal' first")
    record = game.hand_record
    seats = record.seats
    phase = game.phase
    # legal_actions is asked only where it tells something the view needs
    offers_take = phase == "draw" and game.rules.separate_trump_card == "dealer"
    actions = game.legal_actions() if phase == "declare" or offers_take else []
    dealer_locked = (
        phase == "draw"
        and player == record.dealer
        and game.rules.separate_trump_card == "off"
        and not game.rules.dealer_may_discard_trump_card
    )
    return SeatView(
        player=player,
        phase=phase,
        hand=game.cards_of(player),
        trump_card=game.trump_card,
        position=seats.index(player),
        players=len(seats),
        # declared all at once (pagat variant): nobody knows what the others said
        playing_before=0
        if game.rules.simultaneous_declaration
        else sum(1 for said in record.declared.values() if said),
        must_play=phase == "declare" and actions == ["play"],
        max_discards=game.rules.max_discards_for(len(seats)),
        locked=frozenset([game.trump_card]) if dealer_locked else frozenset(),
        can_take=any(a.startswith("take ") for a in actions),
        rules=game.rules,
        situation=game.situation(player) if phase == "play" else None,
        draws_heard=_draws_heard(record, player) if phase == "declare" else (),
    )


def _draws_heard(record: HandRecord, player: str) -> tuple[int, ...]:
    """The cards each earlier player who said play threw away, as `player` heard them before
    declaring (one round only: in two rounds nobody has drawn yet)."""
    before = record.seats[: record.seats.index(player)]
    return tuple(len(record.discards[p]) for p in before if p in record.discards)


class Bot:
    """A computer player. Subclasses answer `declare`, `discard` and `play`."""

    name = "bot"

    def declare(self, view: SeatView) -> bool:
        """True to play this hand, False to pass."""
        raise NotImplementedError

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """The cards to exchange in the draw (at most `view.max_discards`, none of `view.locked`)."""
        raise NotImplementedError

    def take(self, view: SeatView) -> bool:
        """Whether the dealer takes the separate turned card (pagat variant); default no."""
        return False

    def play(self, view: SeatView, legal: frozenset[Card]) -> Card:
        """One card of `legal`."""
        raise NotImplementedError

    def choose(self, game: Game) -> str:
        """The action this bot takes now in `game`, as the string `Game.apply` reads."""
        view = view_of(game)
        if view.phase == "declare":
            return "play" if view.must_play or self.declare(view) else "pass"
        if view.phase == "draw":
            return _draw_action(self, view, game)
        if view.phase == "ante":  # the double ante's second chip after the draw: always paid
            return "pay"  # (as the fast core plays it; `Rules.double_ante_round`)
        assert view.situation is not None
        legal = legal_plays(view.situation, game.rules)
        card = self.play(view, legal)
        if card not in legal:
            raise BotError(
                f"{self.name} chose {card}, which is not legal; legal: {card_codes(legal)}"
            )
        return card.code

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _draw_action(bot: Bot, view: SeatView, game: Game) -> str:
    take = view.can_take and bot.take(view)
    cards = tuple(sorted(bot.discard(view)))
    action = ("take " if take else "") + (
        "discard " + " ".join(c.code for c in cards) if cards else "keep"
    )
    if action not in game.legal_actions():
        raise BotError(
            f"{bot.name} chose '{action}' in the draw, which the table refuses; "
            f"at most {view.max_discards} cards from the hand, never {card_codes(view.locked) or 'a locked card'}"
        )
    return action


class RandomBot(Bot):
    """Every decision uniform among the legal actions (play or pass at even odds).

    seed -- seeds this bot's own generator at a `Game` table. In `simulate`'s fast core the
    run's seed drives every random choice instead.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def declare(self, view: SeatView) -> bool:
        """Play or pass with even odds (play when passing is not allowed)."""
        return view.must_play or self.rng.random() < 0.5

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """A uniformly chosen set of discardable cards within the limit (the empty set included)."""
        free = [c for c in view.hand if c not in view.locked]
        options = [
            combo
            for k in range(min(len(free), view.max_discards) + 1)
            for combo in combinations(free, k)
        ]
        return self.rng.choice(options)

    def play(self, view: SeatView, legal: frozenset[Card]) -> Card:
        """A uniformly chosen legal card."""
        return self.rng.choice(sorted(legal))

    def choose(self, game: Game) -> str:
        """One action drawn uniformly from `game.legal_actions()` (a card while a renege is open)."""
        if game.pending_renege is not None:  # not this bot's renege: just play a card
            return self.play(view_of(game), legal_plays(game.situation(), game.rules)).code
        if game.phase == "ante":  # the double ante's second chip: always paid, as in the core
            return "pay"
        return self.rng.choice(game.legal_actions())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def compiled_policy() -> tuple[ModuleType, ModuleType] | None:
    """The fast core's (bits, policy) modules, or None where NumPy or Numba is missing."""
    if not (has_module("numpy") and has_module("numba")):
        return None
    from .fast import bits, policy

    return bits, policy


class HeuristicBot(Bot):
    """Plays by trump strength and seat (and, in one round, the draws heard), keeps trumps
    and aces, wins tricks when it can.

    The same compiled policy runs at a `Game` table and in the fast core (see
    `bourre_lessons.sim.fast.policy` for the strength scale and the bar); without NumPy and
    Numba (in the browser) the bot decides with its plain-Python twin, `sim.heuristic`.

    boldness -- shifts the strength a hand needs before the bot plays (0 is the default bar;
    0.3 plays noticeably more hands, -0.3 fewer).
    """

    name = "heuristic"

    def __init__(self, boldness: float = 0.0) -> None:
        if isinstance(boldness, bool) or not isinstance(boldness, (int, float)):
            raise BotError(f"boldness must be a number such as 0.0 or 0.3, got {boldness!r}")
        if not -2.0 <= boldness <= 2.0:
            raise BotError(f"boldness must be between -2 and 2, got {boldness}")
        self.boldness = float(boldness)

    def declare(self, view: SeatView) -> bool:
        """Play when the hand's trump strength clears the bar for this seat."""
        if view.must_play:
            return True
        seat = (view.position, view.players, view.playing_before, self.boldness)
        fast = compiled_policy()
        if fast is None:
            return heuristic.declare(view.hand, view.trump, *seat, view.strong_before)
        bits, policy = fast
        hand, trump = bits.mask_of(view.hand), bits.suit_number(view.trump)
        return bool(policy.declare_heuristic(hand, trump, *seat, view.strong_before))

    def _draw_plan(self, view: SeatView) -> tuple[tuple[Card, ...], bool]:
        fast = compiled_policy()
        if fast is None:
            return heuristic.discard(
                view.hand, view.trump, view.locked, view.max_discards, view.can_take
            )
        bits, policy = fast
        throw, take = policy.discard_heuristic(
            bits.mask_of(view.hand),
            bits.suit_number(view.trump),
            bits.mask_of(view.locked),
            view.max_discards,
            view.can_take,
        )
        return bits.cards_of(int(throw)), bool(take)

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """Keep trumps and side aces; throw the rest, lowest first when the limit bites."""
        return self._draw_plan(view)[0]

    def take(self, view: SeatView) -> bool:
        """Take the separate turned card (a sure trump) whenever there is a card to throw."""
        return self._draw_plan(view)[1]

    def play(self, view: SeatView, legal: frozenset[Card]) -> Card:
        """Lead a known top card; win the trick if possible (cheaply when last); else throw low."""
        s = view.situation
        if s is None:
            raise BotError("play needs a view in the play phase (view.situation is None)")
        fast = compiled_policy()
        if fast is None:
            best = s.best if s.trick else None
            return heuristic.play(legal, s.hand, s.trump, s.trick, best, s.seen, s.players_after)
        bits, policy = fast
        bit = policy.play_heuristic(
            bits.mask_of(legal),
            bits.mask_of(s.hand),
            bits.suit_number(s.trump),
            len(s.trick),
            bits.card_bit(s.best) if s.trick else -1,
            bits.mask_of(s.trick),
            bits.mask_of(s.seen),
            s.players_after,
        )
        return bits.card_of(int(bit))

    def __repr__(self) -> str:
        return f"HeuristicBot(boldness={self.boldness!r})"


def play_bots(
    game: Game, bots: Mapping[str, Bot] | Sequence[Bot] | Bot, deal: bool = False
) -> list[str]:
    """Let the bots act until the hand is settled or a seat without a bot is to act.

    `bots` maps seat names to bots (seats left out are people), or lists one bot per seat,
    or is one bot for every seat. With `deal=True` a settled hand is dealt on first. The
    bots stop while a renege waits for its player to 'accept' or 'correct' it. Returns the
    actions applied.
    """
    seats = _seat_bots(game, bots)
    applied: list[str] = []
    if game.phase == "settled" and deal:
        game.apply("deal")
        applied.append("deal")
    while game.phase != "settled":
        player = game.to_act
        if player not in seats or game.pending_renege is not None:
            break
        action = seats[player].choose(game)
        game.apply(action)
        applied.append(action)
    return applied


def _seat_bots(game: Game, bots: Mapping[str, Bot] | Sequence[Bot] | Bot) -> dict[str, Bot]:
    if isinstance(bots, Bot):
        return dict.fromkeys(game.players, bots)
    if isinstance(bots, Mapping):
        unknown = [p for p in bots if p not in game.players]
        if unknown:
            raise GameError(
                f"no seat named {', '.join(map(str, unknown))}; the seats are {', '.join(game.players)}"
            )
        return dict(bots)
    seats = list(bots)
    if len(seats) != len(game.players) or not all(isinstance(b, Bot) for b in seats):
        raise BotError(
            f"bots must map seats to bots, or list one Bot per seat ({len(game.players)}), or "
            f"be one Bot for every seat (names such as 'heuristic': `bot_names.resolve_bots`); "
            f"got {bots!r}"
        )
    return dict(zip(game.players, seats, strict=True))
