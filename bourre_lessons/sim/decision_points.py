"""The decision points of one seat in a hand: each decision with what the seat knew then.

A `DecisionPoint` is one decision (play or pass, the draw, a card) and everything the seat
could know then: its own cards as dealt, what it threw away and drew, the turned card, what the
seats before it said, how many cards each player exchanged before it, and every card played
face up, with the trick in progress (in one round, `Rules.draws_in_turn`, a seat about to
declare has already seen each earlier player who said play draw: `thrown` holds those
counts). Nothing another seat held is copied in, so whatever is computed from a decision
point (the coach's review, the sampling bot's card) can use only what a player at the table
could have known. What the table learns from the cards played is the engine's: the voids
(`play.voids_shown_by`) and who holds the trick (`play.trick_winner`).

`decision_points(game, seat, number)` rebuilds hand `number` of a game action by action and
lists the seat's decision points in order; `decision_point_now(game)` is the decision point
of the seat to act now.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import hand_actions
from ..cards import Card, Suit
from ..game import Game, GameError
from ..play import Situation, trick_winner, voids_shown_by
from ..rules import Rules

__all__ = [
    "KINDS",
    "DecisionPoint",
    "decision_point_now",
    "decision_points",
    "trick_holder",
    "voids_shown",
]

KINDS = {"declare": "declare", "draw": "draw", "play": "card"}
"""The kind of a decision point, by the game's phase."""

Play = tuple[str, Card]


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of one seat and what that seat knew then.

    kind -- 'declare', 'draw' or 'card'; action -- what the seat did (None: not yet, at a live
    table); options -- every action the rules allowed; seats -- the seats dealt, in speaking
    order (the dealer last); dealt -- the seat's five cards as dealt; hand -- its cards now;
    said -- the words it had heard, in speaking order; thrown -- the draws it had seen:
    (seat, cards thrown away, took the turned card); discarded, drawn -- its own draw;
    tricks -- the finished tricks, each its plays in order; trick -- the plays of the trick
    in progress; won -- tricks taken so far, by seat; pot -- chips in the pot now;
    situation -- the card decision as the play rules see it (card decisions only).
    """

    kind: str
    seat: str
    action: str | None
    options: tuple[str, ...]
    rules: Rules
    number: int
    seats: tuple[str, ...]
    trump_card: Card
    dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    said: tuple[tuple[str, bool], ...]
    thrown: tuple[tuple[str, int, bool], ...]
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    tricks: tuple[tuple[Play, ...], ...]
    trick: tuple[Play, ...]
    won: tuple[tuple[str, int], ...]
    pot: int
    situation: Situation | None = None

    @property
    def dealer(self) -> str:
        """The dealer, who speaks last."""
        return self.seats[-1]

    @property
    def place(self) -> int:
        """The seat's place in the speaking order (0 = the dealer's left)."""
        return self.seats.index(self.seat)

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.trump_card.suit

    @property
    def playing(self) -> tuple[str, ...]:
        """The seats heard saying play, in speaking order."""
        return tuple(p for p, word in self.said if word)

    @property
    def seen(self) -> tuple[Card, ...]:
        """The cards of the finished tricks, in play order."""
        return tuple(card for trick in self.tricks for _, card in trick)

    def played_by(self, seat: str) -> tuple[Card, ...]:
        """The cards `seat` has played face up so far this hand."""
        return tuple(c for trick in (*self.tricks, self.trick) for p, c in trick if p == seat)


def voids_shown(point: DecisionPoint) -> dict[str, set[Suit]]:
    """The suits each seat has shown it lacks, as the table learns them from every card
    played so far (`play.voids_shown_by`, the engine's own rule)."""
    voids: dict[str, set[Suit]] = {p: set() for p in point.seats}
    for plays in (*point.tricks, point.trick):
        for i, (seat, card) in enumerate(plays):
            before = [c for _, c in plays[:i]]
            voids[seat] |= voids_shown_by(before, card, point.trump, point.rules)
    return voids


def decision_point_now(game: Game, action: str | None = None) -> DecisionPoint:
    """The decision point of the seat to act now in `game` (in the declarations, the draw
    or the play); `action`, if given, is what it does."""
    seat = game.to_act
    if seat is None or game.phase not in KINDS or game.pending_renege is not None:
        raise GameError(
            f"no decision to read now: the game is in the {game.phase} phase"
            + (" with a renege waiting" if game.pending_renege is not None else "")
        )
    record = game.hand_record
    blind = game.rules.simultaneous_declaration and game.phase == "declare"
    said = () if blind else tuple(record.declared.items())
    thrown = tuple(
        (p, len(cards), len(cards) > len(record.drawn.get(p, ())))
        for p, cards in record.discards.items()
    )
    trick = game.current_trick
    plays = tuple(trick.plays) if trick is not None else ()
    return DecisionPoint(
        kind=KINDS[game.phase],
        seat=seat,
        action=action,
        options=tuple(game.legal_actions()),
        rules=game.rules,
        number=record.number,
        seats=tuple(record.seats),
        trump_card=record.trump_card,
        dealt=tuple(record.dealt[seat]),
        hand=game.cards_of(seat),
        said=said,
        thrown=thrown,
        discarded=tuple(record.discards.get(seat, ())),
        drawn=tuple(record.drawn.get(seat, ())),
        tricks=tuple(tuple(t.plays) for t in record.tricks),
        trick=plays,
        won=tuple(game.tricks_won.items()),
        pot=game.pot,
        situation=game.situation(seat) if game.phase == "play" else None,
    )


def decision_points(
    game: Game, seat: str, number: int | None = None
) -> tuple[list[DecisionPoint], str]:
    """(the decision points of `seat` in hand `number` of `game`, in order; a note on what was left
    out). Default: the last hand that is over. A renege ends the list: after a misplay the
    hand is no longer one the play rules describe."""
    if seat not in game.players:
        raise ValueError(f"no seat {seat!r} at this table; the seats are {', '.join(game.players)}")
    number = _finished_hand(game, number)
    start, stop = hand_actions(game.actions, number)
    table = Game(
        game.rules, game.players, game.seed, game.bankroll, game.actions[:start], deal=game.deal
    )
    found: list[DecisionPoint] = []
    for action in game.actions[start:stop]:
        if action.startswith(("renege", "correct", "accept")):
            who = "you" if table.to_act == seat else table.to_act
            trick = len(table.hand_record.tricks) + 1
            return found, f"{who} reneged in trick {trick}: the decisions after it are not graded"
        mine = table.to_act == seat and not action.startswith("out-of-turn")
        if mine and table.phase in KINDS and table.pending_renege is None:
            found.append(decision_point_now(table, action))
        table.apply(action)
    if seat not in table.hand_record.seats:
        return found, f"{seat} sat out hand {number}"
    return found, ""


def _finished_hand(game: Game, number: int | None) -> int:
    """The number of a hand that is over: `number`, or the last one over."""
    live = game.hand_record.number
    last = live if game.phase == "settled" else live - 1
    if number is None:
        number = last
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= last:
        over = f"1 to {last}" if last >= 1 else "none yet"
        raise ValueError(f"hand {number!r} is not a finished hand of this game (finished: {over})")
    return number


def trick_holder(plays: tuple[Play, ...], trump: Suit) -> tuple[str | None, Card | None]:
    """(who holds the trick so far, the card winning it: `play.trick_winner`), or (None,
    None) for no plays."""
    if not plays:
        return None, None
    return plays[trick_winner([c for _, c in plays], trump)]
