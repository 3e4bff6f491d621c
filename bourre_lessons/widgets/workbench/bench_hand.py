"""A hand where it mattered: one real deal on which the house rules changed a card or the money.

First the deals of the run itself: the paired comparison notes the hands where the two
rulebooks played or paid differently (`Comparison.mattered`) and gives each one's deal
(`house_lab.paired_hand`, with its stock in draw order). Each such deal is set on the readable
engine's table (`Game(deal=...)`, the dealer in seat A, the stock in the run's order: `bench_deal`)
and played under both rulebooks by the course's heuristic bots in every seat; the first that
parts there too is shown. Should none (a pot carried from earlier hands of the run can be what
made the difference, or a restock the table does not follow), the readable engine plays a session of its own, the same seed under
both rulebooks, and the first hand where they part is shown. Nothing here draws; the view is
`bench_hand_view`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...cards import CardError, parse_card
from ...game import Game, GameError
from ...play import explain
from ...rules import Rules
from ...sim.bots import HeuristicBot, play_bots
from ...sources import cite, resolve
from .bench_deal import run_deal

__all__ = ["MatteredHand", "find_mattered_hand"]

MOST_HANDS = 200
"""Hands of its own session the readable engine plays, at most, when no deal of the run parts."""
MOST_SECONDS = 8.0
"""Time spent looking, at most (the readable engine plays a few hundred hands a second)."""


@dataclass(frozen=True)
class MatteredHand:
    """One hand played under both rulebooks from the same deal and the same history.

    run_hand -- the hand's number in the measured run (0 for the first), or None for a hand
    of the engine's own session; deal -- the chosen deal, seat to cards (`Game(deal=...)`);
    before -- the actions of both sessions before this hand (the same under both);
    house, against -- this hand's actions under each rulebook; step -- the index, in the
    hand, of the first action that differs (None when only the money differs); seat -- who
    took that action (or the dealer); money_* -- each seat's chips won or lost in the hand.
    """

    house_rules: Rules
    against_rules: Rules
    house_name: str
    against_name: str
    players: int
    seed: int
    number: int
    before: tuple[str, ...]
    house: tuple[str, ...]
    against: tuple[str, ...]
    step: int | None
    seat: str
    why: str
    money_house: dict[str, int]
    money_against: dict[str, int]
    run_hand: int | None = None
    deal: tuple[tuple[str, str], ...] = ()

    @property
    def steps(self) -> int:
        """How many steps the longer of the two hands has."""
        return max(len(self.house), len(self.against))

    def game(self, side: str, step: int) -> Game:
        """The game under one rulebook ('house' or 'against') after `step` actions of this hand."""
        rules, actions = (
            (self.house_rules, self.house)
            if side == "house"
            else (self.against_rules, self.against)
        )
        return _table(rules, self.players, self.seed, self.deal, (*self.before, *actions[:step]))

    def title(self) -> str:
        """Which hand this is, in words."""
        if self.run_hand is not None:
            return f"Hand {self.run_hand + 1:,} of the run (its deal, the dealer in seat A)"
        return f"Hand {self.number} of the engine's own session, seed {self.seed}"

    def to_text(self) -> str:
        """What differed, and each seat's chips in the hand under both rulebooks."""
        lines = [f"{self.title()}, {self.players} players: {self.why}"]
        for name, money in (
            (self.house_name, self.money_house),
            (self.against_name, self.money_against),
        ):
            chips = ", ".join(f"{seat} {change:+d}" for seat, change in money.items())
            lines.append(f"  chips in this hand under {name}: {chips}")
        return "\n".join(lines)


def _table(
    rules: Rules, players: int, seed: int, deal: tuple[tuple[str, str], ...], actions: Iterable[str]
) -> Game:
    return Game(rules, players, seed, actions=actions, deal=dict(deal) if deal else None)


def find_mattered_hand(
    house: Rules,
    against: Rules,
    players: int = 5,
    seed: int = 0,
    *,
    run_hands: Iterable[int] = (),
    house_name: str = "your house",
    against_name: str = "the other rulebook",
    most_hands: int = MOST_HANDS,
) -> MatteredHand | None:
    """A hand where the two rulebooks part (a decision or the money): the first of the run's
    `run_hands` (`Comparison.mattered`) that parts on the readable engine too, else the first
    of the engine's own session `seed`; None if none did within `most_hands` (or MOST_SECONDS)."""
    names = (house_name, against_name)
    for hand in run_hands:
        found = _run_hand(house, against, players, seed, hand, names)
        if found is not None:
            return found
    bot = HeuristicBot()
    tables = [Game(house, players, seed), Game(against, players, seed)]
    started = time.monotonic()
    for number in range(1, most_hands + 1):
        chips = [_chips_before(t, number) for t in tables]  # the antes count too
        if number > 1:
            for table in tables:
                table.apply("deal")
        before = tuple(tables[0].actions)
        for table in tables:
            play_bots(table, bot)
        found = _mattered(tables, before, chips, number, seed, names)
        if found is not None or time.monotonic() - started > MOST_SECONDS:
            return found
        if tables[0].actions != tables[1].actions or tables[0].pot != tables[1].pot:
            return None  # should not happen: no difference, yet different tables
    return None


def _run_hand(
    house: Rules, against: Rules, players: int, seed: int, hand: int, names: tuple[str, str]
) -> MatteredHand | None:
    """Hand `hand` of the run, its deal played fresh under both rulebooks, if they part."""
    deal = run_deal(house, players, seed, hand)
    try:
        tables = [_table(rules, players, seed, deal, ()) for rules in (house, against)]
    except GameError:
        return None  # a deal the readable table cannot seat (a variant's extra card)
    chips = [_chips_before(t, 1) for t in tables]
    bot = HeuristicBot()
    for table in tables:
        play_bots(table, bot)
    found = _mattered(tables, (), chips, 1, seed, names, deal)
    return None if found is None else replace(found, run_hand=hand)


def _chips_before(table: Game, number: int) -> dict[str, int]:
    """Each seat's chips before the hand's antes (the first hand's were paid as it was set)."""
    if number == 1:
        return dict.fromkeys(table.players, table.bankroll)
    return dict(table.bankrolls)


def _mattered(
    tables: list[Game],
    before: tuple[str, ...],
    chips: list[dict[str, int]],
    number: int,
    seed: int,
    names: tuple[str, str],
    deal: tuple[tuple[str, str], ...] = (),
) -> MatteredHand | None:
    """The hand just played, if the two tables differ in an action or in the money."""
    house, against = (tuple(t.actions[len(before) :]) for t in tables)
    money = [
        {p: t.bankrolls[p] - c[p] for p in t.players} for t, c in zip(tables, chips, strict=True)
    ]
    step = next((i for i, (a, b) in enumerate(zip(house, against, strict=False)) if a != b), None)
    if step is None and len(house) != len(against):
        step = min(len(house), len(against))
    if step is None and money[0] == money[1] and tables[0].pot == tables[1].pot:
        return None
    hand = MatteredHand(
        tables[0].rules, tables[1].rules, names[0], names[1], len(tables[0].players), seed,
        number, before, house, against, step, tables[0].hand_record.dealer, "", money[0],
        money[1], deal=deal,
    )  # fmt: skip
    return _explained(hand)


def _explained(hand: MatteredHand) -> MatteredHand:
    """The hand with who acted at the first difference and what each rulebook made of it."""
    step, names = hand.step, (hand.house_name, hand.against_name)
    if step is None:
        return replace(hand, why="the same cards were played, but the money moved differently.")
    game = hand.game("house", step)
    seat = game.to_act or hand.seat
    mine = _words(hand.house[step]) if step < len(hand.house) else "the hand was over"
    theirs = hand.against[step] if step < len(hand.against) else ""
    words = (
        f"at step {step + 1} of the hand, under {names[0]} {seat} {mine}; under {names[1]} "
        f"{seat} {_words(theirs) if theirs else 'the hand was over'}."
    )
    if game.phase == "play" and theirs and len(theirs) <= 3:
        verdict = explain(game.situation(seat), theirs, hand.house_rules)
        if not verdict.legal:
            card = parse_card(theirs)
            words += f" Under {names[0]}, {card} was not allowed{_cited(verdict.rule_id)}: "
            words += verdict.summary
    return replace(hand, seat=seat, why=words)


def _words(action: str) -> str:
    """An action as a sentence's verb: 'played 5♥', 'said play', 'threw away 2♠ 3♦'."""
    verb, _, rest = action.partition(" ")
    if verb in ("play", "pass"):
        return f"said {verb}"
    if verb == "keep":
        return "kept every card"
    if verb == "discard":
        return "threw away " + " ".join(str(parse_card(c)) for c in rest.split())
    try:
        return f"played {parse_card(action)}"
    except CardError:
        return f"did {action!r}"


def _cited(rule_id: str) -> str:
    """' [pagat 2]' for a rule the register knows, '' for one it does not."""
    try:
        resolve(cite(rule_id))
    except KeyError:
        return ""
    return f" [{cite(rule_id)}]"
