"""The advisor's deals in plain Python: each deal played out through the readable `Game`.

Where NumPy or Numba is missing (the course in the browser) `advisor.advise` asks this module
instead of the compiled core (`backend.compiled`). `deal_out` does what the compiled
`play_fixed` does: it deals the unseen cards around your hand (an `advisor.PlayOrPassQuestion`, its `AdviceRun`
telling the deals, seed, bots and pot), again and again, lets the bots
speak, draw and play every other seat (and yours, after your forced play or pass), keeps only
the deals in which the seats before you said (and, in one round, threw away) what was heard,
and settles each kept hand as the compiled advisor does (`settle.settle`, the pot as it stands
plus the pot carried in, your second ante counted). At most `MOST_DEALS` deals are kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..game import Game
from ..settle import settle
from .backend import fitted
from .bot_names import resolve_bots
from .bots import Bot, RandomBot

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
    found: dict[str, list] = {"win": [], "bourre": [], "split": [], "chips": []}
    tried = 0
    while len(found["chips"]) < wanted and tried < wanted * TRIES_PER_DEAL:
        game = Game(rules, n, seed=run.seed * 10_000_019 + tried, deal=_deal(question, you))
        tried += 1
        seats = {
            name: RandomBot(seed=(run.seed * 10_000_019 + tried) * 8 + i)
            if type(bot) is RandomBot and bot.seed is None
            else bot
            for i, (name, bot) in enumerate(zip(game.players, bots, strict=True))
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


def _deal(question: Any, you: int) -> dict[str, str]:
    """The chosen deal: your five cards (the turned card last when you deal and turn it)."""
    cards = [c for c in question.hand if c != question.trump_card]
    if len(cards) < len(question.hand):
        cards.append(question.trump_card)
    name = _seat_names(question.players)[you]
    return {name: " ".join(c.code for c in cards), "turned": question.trump_card.code}


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
    return _outcome(game, me, pot_in)


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


def _outcome(game: Game, me: str, pot_in: int) -> tuple[bool, bool, bool, int]:
    """(took the pot, bourréd, split, chips from the decision on) of seat `me`, settled on the
    pot at the end of play plus the pot carried in, as the compiled advisor settles it."""
    rec = game.hand_record
    result = rec.settlement
    rules = game.rules
    said = [p for p in rec.seats if rec.declared.get(p)]
    if result is None or not said:
        return False, False, False, 0
    second = rules.pays_second_ante
    alone = (
        rules.lone_player_wins
        and not rules.simultaneous_declaration
        and said == [rec.dealer]
        and not rec.tricks
    )
    tricks = {p: int(result.tricks.get(p, 0)) for p in said}
    if alone:
        tricks = {rec.dealer: 5}
    paid = {p: int(second and not alone) for p in said}
    settled = settle(result.pot_before + pot_in, tricks, rules)
    return (
        settled.winner == me,
        me in settled.bourred,
        me in settled.tied,
        settled.net(me) - paid.get(me, 0),
    )
