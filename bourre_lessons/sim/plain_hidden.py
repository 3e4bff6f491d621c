"""What each choice of one decision point is worth, in plain Python (the coach in the browser).

Where NumPy or Numba is missing, the coach (`coach.grade`) and the sampling bot ask this
module instead of the compiled `hidden.choice_chips`. It does the same in three steps, each
through the readable `Game`, with the course's heuristic bots:

1. a world: the cards the seat could not see are shuffled and dealt around its own five
   (the turned card where it lies), and the bots speak and draw for the other seats while
   the seat does what it did; a world in which a seat said a word, or threw away a number
   of cards, other than what was seen is dealt again (as the compiled sampler keeps only
   deals agreeing with the words and draws seen);
2. at a card decision, each other player's hand after the draw is fitted to the tricks
   played so far: it keeps the world's hidden cards that the play left possible (no suit
   it showed it lacks, the turned card where the table saw the dealer keep it), is filled
   from the cards still unseen, and gets back the cards it played; the table is then dealt
   those hands and replayed to the decision (everyone keeping in the draw, which changes
   nothing the play rules read);
3. every choice is played out from the same world to the end of the hand, and settled as
   the advisor settles (`plain_chips.outcome_of`): chips from this decision on.

At most `MOST_WORLDS` worlds are played, each by every choice (common random numbers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, Card
from ..game import Game, GameError
from .backend import fitted
from .bots import HeuristicBot, play_bots
from .decision_points import DecisionPoint, voids_shown
from .plain_chips import outcome_of

__all__ = ["MOST_WORLDS", "PlainSampled", "choice_chips"]

MOST_WORLDS = 200
"""The most worlds (deals of the hidden cards) each choice is played out on in plain Python."""
TRIES_PER_WORLD = 60
"""Worlds dealt at most for each one kept."""
BOT = HeuristicBot()


@dataclass(frozen=True)
class PlainSampled:
    """The chips of each choice, world by world: `chips[k][j]` for world k and choice j;
    dealt -- worlds dealt, kept or not; built -- 0 (no world is built seat by seat here)."""

    chips: list[list[int]]
    dealt: int
    built: int = 0

    @property
    def used(self) -> int:
        """How many worlds each choice was played on."""
        return len(self.chips)


def choice_chips(
    point: DecisionPoint, choices: Sequence[str], deals: int, seed: int = 0
) -> PlainSampled:
    """The chips each of `choices` brings the seat in each of up to `MOST_WORLDS` of `deals`
    worlds of the hidden cards (see the module's docstring)."""
    if not choices:
        raise ValueError("choice_chips needs at least one choice to play out")
    wanted = fitted(deals, MOST_WORLDS)
    rng = random.Random(f"{seed}:{point.number}:{len(point.seen)}:{len(point.trick)}")
    rows: list[list[int]] = []
    dealt = 0
    while len(rows) < wanted and dealt < wanted * TRIES_PER_WORLD:
        dealt += 1
        try:
            world = _world(point, rng)
        except GameError:
            world = None
        if world is not None:
            rows.append([_played_out(world, point, choice) for choice in choices])
    return PlainSampled(rows, dealt)


def _order(point: DecisionPoint) -> list[str]:
    """The seats as a new `Game` takes them: the dealer first, then the speaking order."""
    return [point.dealer, *point.seats[:-1]]


def _world(point: DecisionPoint, rng: random.Random) -> Game | None:
    """A table at the decision point, its hidden cards dealt at random; None when the bots
    would not have said or drawn what the seat saw, or the play cannot be fitted."""
    table = _dealt(point, rng)
    if not _speak_and_draw(table, point):
        return None
    if point.kind != "card":
        return table
    hands = _fitted_hands(table, point, rng)
    if hands is None:
        return None
    return _replayed(point, hands, rng)


def _dealt(point: DecisionPoint, rng: random.Random) -> Game:
    """A new table whose seat holds its own five and every other seat five shuffled cards."""
    separate = point.rules.separate_trump_card != "off"
    turned = point.trump_card
    known = set(point.dealt) | {turned} | set(point.drawn)
    pool = [c for c in DECK if c not in known]
    rng.shuffle(pool)
    deal: dict[str, str] = {}
    for seat in _order(point):
        if seat == point.seat:
            cards = list(point.dealt)
            if seat == point.dealer and not separate:
                cards.remove(turned)
                cards.append(turned)
        elif seat == point.dealer and not separate:
            cards = [pool.pop() for _ in range(4)] + [turned]
        else:
            cards = [pool.pop() for _ in range(5)]
        deal[seat] = _codes(cards)
    deal["turned"] = turned.code
    deal["stock"] = _codes(pool)
    return Game(point.rules, _order(point), rng.randrange(1 << 30), deal=deal)


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _speak_and_draw(table: Game, point: DecisionPoint) -> bool:
    """Bots speak and draw for the other seats, the seat does what it did, until the seat's
    decision (or the play); False when a word or a draw differs from what the seat saw."""
    said = dict(point.said)
    thrown = {seat: count for seat, count, _ in point.thrown}
    while table.phase in ("declare", "draw", "ante"):
        player = table.to_act
        if player == point.seat and KIND.get(table.phase) == point.kind:
            return True
        if table.phase == "ante":
            table.apply("pay")
        elif player == point.seat:
            table.apply(_mine(point, table.phase))
        else:
            table.apply(BOT.choose(table))
            record = table.hand_record
            if player in said and bool(record.declared.get(player)) != said[player]:
                return False
            drew = record.discards.get(player)
            if drew is not None and player in thrown and len(drew) != thrown[player]:
                return False
    return point.kind == "card"


KIND = {"declare": "declare", "draw": "draw", "play": "card"}


def _mine(point: DecisionPoint, phase: str) -> str:
    """What the seat did at an earlier decision of this hand."""
    if phase == "declare":
        return "play" if dict(point.said).get(point.seat) else "pass"
    took = next((t for seat, _, t in point.thrown if seat == point.seat), False)
    cards = point.discarded
    if not cards:
        return "take keep" if took else "keep"
    return ("take " if took else "") + "discard " + _codes(cards)


def _fitted_hands(
    table: Game, point: DecisionPoint, rng: random.Random
) -> dict[str, list[Card]] | None:
    """Each other player's hand after the draw, fitted to the cards played so far (with the
    cards it played), or None when the unseen cards cannot fill them."""
    played = {seat: list(point.played_by(seat)) for seat in point.playing}
    known = set(point.hand) | set(point.discarded) | {c for cards in played.values() for c in cards}
    voids = voids_shown(point)
    turned = point.trump_card
    pinned = _dealer_keeps_turned(point, voids) and turned not in known
    others = [s for s in point.playing if s != point.seat]
    taken: set[Card] = set(known) | ({turned} if pinned else set())
    hidden: dict[str, list[Card]] = {}
    for seat in others:
        room = 5 - len(played[seat]) - (1 if pinned and seat == point.dealer else 0)
        kept = [c for c in table.cards_of(seat) if c not in taken and c.suit not in voids[seat]]
        rng.shuffle(kept)
        hidden[seat] = kept[:room]
        taken |= set(hidden[seat])
    spare = [c for c in DECK if c not in taken]
    rng.shuffle(spare)
    for seat in others:
        room = 5 - len(played[seat]) - (1 if pinned and seat == point.dealer else 0)
        while len(hidden[seat]) < room:
            fit = next((c for c in spare if c.suit not in voids[seat]), None)
            if fit is None:
                return None
            spare.remove(fit)
            hidden[seat].append(fit)
        if pinned and seat == point.dealer:
            hidden[seat].append(turned)
    mine = [*point.hand, *played.get(point.seat, [])]
    return {point.seat: mine, **{s: hidden[s] + played[s] for s in others}}


def _dealer_keeps_turned(point: DecisionPoint, voids: dict) -> bool:
    """The table saw the dealer keep the turned card, and it has not been played."""
    took = next((t for seat, _, t in point.thrown if seat == point.dealer), False)
    kept = point.rules.separate_trump_card == "off" or took
    unplayed = point.trump_card not in point.played_by(point.dealer)
    holds = unplayed and point.trump not in voids[point.dealer]
    return point.dealer != point.seat and point.dealer in point.playing and kept and holds


def _replayed(
    point: DecisionPoint, hands: dict[str, list[Card]], rng: random.Random
) -> Game | None:
    """A table dealt the fitted hands, replayed to the seat's card decision: the words as
    said, everyone keeping in the draw, every card as played."""
    turned = point.trump_card
    deal: dict[str, str] = {}
    for seat, cards in hands.items():
        cards = list(cards)
        if seat == point.dealer and point.rules.separate_trump_card == "off":
            if turned not in cards:
                return None
            cards.remove(turned)
            cards.append(turned)
        deal[seat] = _codes(cards)
    deal["turned"] = turned.code
    table = Game(point.rules, _order(point), rng.randrange(1 << 30), deal=deal)
    said = dict(point.said)
    plays = [play for trick in (*point.tricks, point.trick) for play in trick]
    done = 0
    while not (table.phase == "play" and done == len(plays)):
        if table.phase == "settled":
            return None
        if table.phase == "declare":
            table.apply("play" if said.get(table.to_act) else "pass")
        elif table.phase == "draw":
            table.apply("keep")
        elif table.phase == "ante":
            table.apply("pay")
        else:
            seat, card = plays[done]
            if table.to_act != seat:
                return None
            table.apply(card.code)
            done += 1
    return table if table.to_act == point.seat else None


def _played_out(world: Game, point: DecisionPoint, choice: str) -> int:
    """The seat's chips from the decision on, `choice` made and the hand played out."""
    table = _fork(world)
    table.apply(choice)
    play_bots(table, BOT)
    due = {s for s in point.seats if s not in dict(point.said)}
    if point.kind == "declare":
        due.add(point.seat)
    return outcome_of(table, point.seat, point.pot, due)[3]


def _fork(game: Game) -> Game:
    """A copy of the table to play on (the state cloned: the world is played once per choice)."""
    twin = object.__new__(Game)
    twin.__dict__.update(game.__dict__)
    twin._state = game._state.clone(own_log=True)
    twin.actions = list(game.actions)
    return twin
