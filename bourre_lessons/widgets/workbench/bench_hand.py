"""A hand where it mattered: one real deal on which the house rules changed a card or the money.

The readable engine plays the same session twice, once under each rulebook: `Game` deals
each hand from the seed and the hand's number alone, so both tables get the same cards, and
the course's heuristic bots sit in every seat of both. Hand after hand, while both tables
have done exactly the same, the first hand where a decision or the money differs is the one
shown: a card the house's rules refused, or allowed, or a payment they changed. Nothing here
draws; the view is `bench_hand_view`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...cards import CardError, parse_card
from ...game import Game
from ...play import explain
from ...rules import Rules
from ...sim.bots import HeuristicBot, play_bots
from ...sources import cite, resolve

__all__ = ["MatteredHand", "find_mattered_hand"]

MOST_HANDS = 200
"""Hands played under both rulebooks, at most, looking for one that differs."""
MOST_SECONDS = 8.0
"""Time spent looking, at most (the readable engine plays a few hundred hands a second)."""


@dataclass(frozen=True)
class MatteredHand:
    """One hand played under both rulebooks from the same deal and the same history.

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
        return Game(rules, self.players, self.seed, actions=(*self.before, *actions[:step]))

    def to_text(self) -> str:
        """What differed, and each seat's chips in the hand under both rulebooks."""
        lines = [f"Hand {self.number} of seed {self.seed}, {self.players} players: {self.why}"]
        for name, money in (
            (self.house_name, self.money_house),
            (self.against_name, self.money_against),
        ):
            chips = ", ".join(f"{seat} {change:+d}" for seat, change in money.items())
            lines.append(f"  chips in this hand under {name}: {chips}")
        return "\n".join(lines)


def find_mattered_hand(
    house: Rules,
    against: Rules,
    players: int = 5,
    seed: int = 0,
    *,
    house_name: str = "your house",
    against_name: str = "the other rulebook",
    most_hands: int = MOST_HANDS,
) -> MatteredHand | None:
    """The first hand of the session `seed` where the two rulebooks part (a decision or the
    money), or None if none did within `most_hands` hands (or MOST_SECONDS)."""
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
        found = _mattered(tables, before, chips, number, players, seed, (house_name, against_name))
        if found is not None or time.monotonic() - started > MOST_SECONDS:
            return found
        if tables[0].actions != tables[1].actions or tables[0].pot != tables[1].pot:
            return None  # should not happen: no difference, yet different tables
    return None


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
    players: int,
    seed: int,
    names: tuple[str, str],
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
    rules = (tables[0].rules, tables[1].rules)
    seat, why = _why(rules, players, seed, before, house, against, step, names)
    if step is None:
        seat = tables[0].hand_record.dealer
    return MatteredHand(
        rules[0], rules[1], names[0], names[1], players, seed, number,
        before, house, against, step, seat, why, money[0], money[1],
    )  # fmt: skip


def _why(
    rules: tuple[Rules, Rules],
    players: int,
    seed: int,
    before: tuple[str, ...],
    house: tuple[str, ...],
    against: tuple[str, ...],
    step: int | None,
    names: tuple[str, str],
) -> tuple[str, str]:
    """Who acted at the first difference and what each rulebook made of it, in words."""
    if step is None:
        return "", "the same cards were played, but the money moved differently."
    game = Game(rules[0], players, seed, actions=(*before, *house[:step]))
    seat = game.to_act or ""
    mine = _words(house[step]) if step < len(house) else "the hand was over"
    theirs = against[step] if step < len(against) else ""
    words = (
        f"at step {step + 1} of the hand, under {names[0]} {seat} {mine}; under {names[1]} "
        f"{seat} {_words(theirs) if theirs else 'the hand was over'}."
    )
    if game.phase == "play" and step < len(against) and len(theirs) <= 3:
        verdict = explain(game.situation(seat), theirs, rules[0])
        if not verdict.legal:
            card = parse_card(theirs)
            words += f" Under {names[0]}, {card} was not allowed{_cited(verdict.rule_id)}: "
            words += verdict.summary
    return seat, words


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
