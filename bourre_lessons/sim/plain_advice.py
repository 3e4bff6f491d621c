"""The advisor's deals in plain Python: each deal played out through the readable `Game`.

Where NumPy or Numba is missing (the course in the browser) `advisor.advise` asks this module
instead of the compiled core (`backend.compiled`). `deal_out` does what the compiled
`play_fixed` does for a question (`advisor.PlayOrPassQuestion`) and its run (`AdviceRun`: the
deals, seed, bots and pot): it deals the unseen cards around your hand, again and again, lets
the bots speak, draw and play every other seat (and yours, after your forced play or pass),
keeps only the deals in which the seats before you said (and, in one round, threw away) what
was heard, and settles each kept hand as the compiled advisor does (`plain_chips.outcome_of`:
the antes and the pot carried in, your second ante counted). Deals that the heuristic bots
before you would not have spoken so are told by the heuristic's own rules before a table is
dealt (`_bots_would_say`), which saves most of the tables. At most `MOST_DEALS` deals are kept.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..cards import DECK, Card
from ..game import Game
from . import heuristic
from .backend import fitted
from .bot_names import resolve_bots
from .bots import Bot, HeuristicBot, RandomBot
from .plain_chips import outcome_of

__all__ = ["MOST_DEALS", "deal_out"]

MOST_DEALS = 500
"""The most deals one plain-Python advice keeps, for each choice."""
TRIES_PER_DEAL = 200
"""Deals dealt at most for each deal kept, when the deals must agree with what was heard."""


def deal_out(
    question: Any,
    you: int,
    run: Any,
    forced: int,
    heard: tuple[bool, ...] | None,
    draws: tuple[int, ...],
) -> tuple[dict[str, list], int, int]:
    """(per-deal outcomes, deals kept, deals dealt) of deals where seat `you` (0 deals) holds
    the question's cards and plays (forced=1) or passes (forced=0), agreeing with `heard`."""
    n, rules = question.players, question.rules
    wanted = fitted(run.deals, MOST_DEALS)
    bots = resolve_bots(run.bots, n)
    names = _seat_names(n)
    unseen = [c for c in DECK if c not in question.hand and c != question.trump_card]
    rng = random.Random(f"advice:{run.seed}")  # the same deals for play and for pass
    quick = heard is not None and all(_plain_heuristic(b) for b in bots[1 : you or n])
    found: dict[str, list] = {"win": [], "bourre": [], "split": [], "chips": []}
    tried = 0
    while len(found["chips"]) < wanted and tried < wanted * TRIES_PER_DEAL:
        tried += 1
        hands, stock = _shuffled(question, you, unseen, rng)
        table_seed = rng.randrange(1 << 30)
        if quick and not _bots_would_say(hands, question, you, heard, draws):
            continue  # a deal the heuristic bots before you would not have spoken so
        deal = {name: _codes(cards) for name, cards in zip(names, hands, strict=True)}
        deal.update(turned=question.trump_card.code, stock=_codes(stock))
        game = Game(rules, n, seed=table_seed, deal=deal)
        seats = {
            name: RandomBot(seed=table_seed * 8 + i)
            if type(bot) is RandomBot and bot.seed is None
            else bot
            for i, (name, bot) in enumerate(zip(names, bots, strict=True))
        }
        outcome = _play_out(game, you, seats, forced, heard, draws, run.pot)
        if outcome is not None:
            for key, value in zip(found, outcome, strict=True):
                found[key].append(value)
    kept = len(found["chips"])
    if kept == 0:
        raise ValueError(
            f"none of {tried} deals agreed with what was heard: the bots almost never say "
            "that with these cards out"
        )
    return found, kept, tried


def _shuffled(
    question: Any, you: int, unseen: list[Card], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """Every seat's five cards (seat 0 deals, the turned card fifth in the dealer's hand) and
    the stock: yours as asked, the others shuffled from the cards you cannot see."""
    pool = list(unseen)
    rng.shuffle(pool)
    turned = question.trump_card
    separate = question.rules.separate_trump_card != "off"
    hands = []
    for seat in range(question.players):
        if seat == you:
            cards = [c for c in question.hand if c != turned]
            cards += [turned] if len(cards) < 5 else []
        elif seat == 0 and not separate:
            cards = [pool.pop() for _ in range(4)] + [turned]
        else:
            cards = [pool.pop() for _ in range(5)]
        hands.append(cards)
    return hands, pool


def _codes(cards: list[Card]) -> str:
    return " ".join(c.code for c in cards)


def _plain_heuristic(bot: Bot) -> bool:
    """A heuristic bot as built in (whose words `_bots_would_say` can tell without a table)."""
    return type(bot) is HeuristicBot and bot.boldness == 0.0


def _bots_would_say(
    hands: list[list[Card]],
    question: Any,
    you: int,
    heard: tuple[bool, ...],
    draws: tuple[int, ...],
) -> bool:
    """Whether the heuristic bots before you, on these cards, would say (and, in one round,
    throw away) what was heard: the bots' own rules (`heuristic`), asked without a table, so
    most deals that disagree are dealt again at once (the table checks the rest)."""
    rules, n = question.rules, question.players
    trump = question.trump_card.suit
    limit = rules.max_discards_for(n)
    playing, drawn = 0, []
    for place, word in enumerate(heard, start=1):
        hand = hands[place % n]
        strong = sum(1 for k in drawn if k <= heuristic.STRONG_DRAW)
        before = 0 if rules.simultaneous_declaration else playing
        if heuristic.declare(hand, trump, place - 1, n, before, 0.0, strong) != word:
            return False
        if word:
            playing += 1
            if rules.draws_in_turn:
                thrown = len(heuristic.discard(hand, trump, (), limit, False)[0])
                count = draws[place - 1] if place - 1 < len(draws) else -1
                if count >= 0 and thrown != count:
                    return False
                drawn.append(thrown)
    return True


@lru_cache(maxsize=16)
def _seat_names(players: int) -> tuple[str, ...]:
    """The seat names of a `Game` of this many players."""
    return Game(players=players).players


def _play_out(
    game: Game,
    you: int,
    seats: dict[str, Bot],
    forced: int,
    heard: tuple[bool, ...] | None,
    draws: tuple[int, ...],
    pot_in: int,
) -> tuple[bool, bool, bool, int] | None:
    """Play the hand; None when a seat before you did not say (or draw) what was heard."""
    me = game.players[you]
    decided = False
    while game.phase != "settled":
        player = game.to_act
        if player == me and game.phase == "declare" and not decided:
            if not _agrees(game, heard, draws):
                return None
            decided = True
            must = "pass" not in game.legal_actions()
            game.apply("play" if forced or must else "pass")
            continue
        game.apply(seats[player].choose(game))
    return outcome_of(game, me, pot_in + len(game.players))  # the antes are in the pot


def _agrees(game: Game, heard: tuple[bool, ...] | None, draws: tuple[int, ...]) -> bool:
    """Whether the seats before you said (and threw away) what was heard."""
    if heard is None:
        return True
    rec = game.hand_record
    n = len(game.players)
    for place, word in enumerate(heard, start=1):
        name = game.players[place % n]
        if bool(rec.declared.get(name)) != word:
            return False
    for place, count in enumerate(draws, start=1):
        name = game.players[place % n]
        if count >= 0 and len(rec.discards.get(name, ())) != count:
            return False
    return True
