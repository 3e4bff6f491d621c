"""What the card table shows for each exercise: the position of one question, as plain data.

Every exercise app draws its question on the card table (`card_table.CardTable`) as the
scenes do: the seats, the trick, earlier cards, the trump, the pot as chips and your hand.
These functions compute that `CardTableContent` from the exercise alone, with no widget library, so
the picture is tested without a browser and its text form is the table's `to_text()`.

Two rules keep the first promise of the course (try first, then see):
- nothing here lifts the legal cards or lights the winning card of a question about them,
  unless the caller passes the answer (`legal=`), as an app does after a right answer;
- the cards a learner has chosen are marked `chosen` (drawn with a blue outline), never with
  the green of a legal card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...cards import Card, Suit
from ...game import Game
from ...play import Situation
from ...rules import SEAT_LETTERS
from ...text import card_list
from ..table.table_model import (
    OUT_OF_TRUMP,
    CardTableContent,
    card_entry,
    card_label,
    past_entries,
    seat_entry,
    trick_entries,
    trump_entry,
)

__all__ = [
    "chosen_hand",
    "deal_scene",
    "discard_scene",
    "finished_hand_scene",
    "position_scene",
    "quiz_trick",
    "settle_scene",
    "trick_scene",
]

YOU = "You"


def chosen_hand(
    hand: Iterable[Card],
    chosen: Iterable[Card] = (),
    legal: Iterable[Card] | None = None,
    enabled: bool = True,
    chosen_words: str = "chosen",
) -> list[dict[str, Any]]:
    """Your hand for an exercise: the cards you chose marked `chosen` (a blue outline and the
    label's `chosen_words`); the legal cards lifted only when `legal` (the answer) is given."""
    picked = frozenset(chosen)
    shown = None if legal is None else frozenset(legal)
    entries = []
    for card in hand:
        is_legal = None if shown is None else card in shown
        label = card_label(card, is_legal)
        if card in picked:
            label += f", {chosen_words}"
        entries.append(
            card_entry(
                card,
                label=label,
                legal=is_legal,
                lifted=bool(is_legal),
                chosen=card in picked,
                enabled=enabled,
            )
        )
    return entries


def _seen_group(cards: Sequence[Card]) -> list[dict[str, Any]]:
    """The cards played in earlier tricks as one face-up group (a position does not say who
    played them, or in which trick)."""
    if not cards:
        return []
    entries = [card_entry(c) for c in sorted(cards, key=lambda c: (c.suit.index, -int(c.rank)))]
    label = "tricks, the cards played: " + card_list(cards, sep=" ", by_suit=True)
    return [{"number": "", "winner": "", "cards": entries, "label": label}]


def position_scene(
    situation: Situation,
    chosen: Iterable[Card] = (),
    legal: Iterable[Card] | None = None,
    enabled: bool = True,
    status: str = "",
    chosen_words: str = "chosen",
) -> CardTableContent:
    """One decision (a `play.Situation`) on the table: the players before you with the cards
    they played, you with your tricks, the players still to come, the cards played in earlier
    tricks, the trump and your hand (your chosen cards marked; the legal ones lifted only when
    `legal` is given)."""
    s = situation
    before = [SEAT_LETTERS[i] for i in range(len(s.trick))]
    after = [SEAT_LETTERS[len(before) + i] for i in range(s.players_after)]
    plays = list(zip(before, s.trick, strict=True))
    seats = [seat_entry(letter, status="plays") for letter in before]
    seats.append(seat_entry(YOU, you=True, tricks=s.tricks_won, turn=True))
    seats += [seat_entry(letter, status="plays") for letter in after]
    notes = [OUT_OF_TRUMP] if s.others_out_of_trump else []
    if s.won_last_trick_with is not None:
        notes.append(f"You won the previous trick with {s.won_last_trick_with}.")
    if s.tricks_won:
        notes.append(f"You have won {s.tricks_won} trick{'s' * (s.tricks_won != 1)} so far.")
    notes.append(status or f"Your turn: {'lead' if s.is_lead else 'play'} a card.")
    hand = sorted(s.hand, key=lambda c: (c.suit.index, -int(c.rank)))
    return CardTableContent(
        seats=seats,
        hand=chosen_hand(hand, chosen, legal, enabled, chosen_words),
        trick=trick_entries(plays, s.trump),
        past=_seen_group(s.seen),
        trump=trump_entry(s.trump),
        status="\n".join(notes),
    )


def quiz_trick(
    trick: Sequence[Card], chosen: Card | None = None, pickable: bool = True
) -> list[dict[str, Any]]:
    """A finished trick asked about: seats A, B, ... in play order, the led card marked, and
    no card lit as the winner (that is the question); each card `pickable` by a click."""
    entries = []
    for i, card in enumerate(trick):
        seat = SEAT_LETTERS[i]
        notes = ["led"] if i == 0 else []
        if card == chosen:
            notes.append("your answer")
        label = f"{seat}: {card.name}" + (f" ({', '.join(notes)})" if notes else "")
        entries.append(
            card_entry(
                card,
                seat=seat,
                led=i == 0,
                winning=False,
                chosen=card == chosen,
                pickable=pickable,
                label=label,
            )
        )
    return entries


def trick_scene(
    trick: Sequence[Card],
    trump: Suit,
    chosen: Card | None = None,
    winner: Card | None = None,
    pickable: bool = True,
) -> CardTableContent:
    """A finished trick on the table, to say which card takes it: one seat a card, the led
    card marked; the winner lit only when `winner` (the answer) is given."""
    seats = [seat_entry(SEAT_LETTERS[i], status="plays") for i in range(len(trick))]
    if winner is None:
        entries = quiz_trick(trick, chosen, pickable)
    else:
        entries = trick_entries(list(zip(SEAT_LETTERS, trick, strict=False)), trump)
    order = ", ".join(
        f"{SEAT_LETTERS[i]} {card}" + (" (led)" if i == 0 else "") for i, card in enumerate(trick)
    )
    status = f"The trick is complete. In the order played: {order}."
    return CardTableContent(seats=seats, trick=entries, trump=trump_entry(trump), status=status)


def settle_scene(exercise: Any) -> CardTableContent:
    """A hand to settle (a `SettlePotExercise`): every seat, whether it played or passed, the
    tricks each player took, who reneged, and the pot as it stands at the end of play."""
    ex = exercise
    tricks = dict(ex.tricks)
    seats = []
    for letter in ex.seats:
        if letter not in tricks:
            seats.append(seat_entry(letter, status="passed"))
            continue
        status = "plays"
        if letter in ex.renegers:
            status = "reneged"
        elif letter in ex.corrected:
            status = "renege corrected"
        seats.append(seat_entry(letter, status=status, tricks=tricks[letter]))
    return CardTableContent(seats=seats, pot=ex.pot, status=ex.story)


def _spoken(heard: Sequence[bool] | None, players: int, drew: Sequence[int] = ()) -> dict[str, str]:
    """What each earlier seat declared, by letter (speaking order: B first, the dealer A last),
    with the cards it was heard to draw in one round ("plays, drew 3")."""
    counts = list(drew) or [-1] * len(heard or ())
    return {
        SEAT_LETTERS[place % players]: (
            ("plays" if count < 0 else f"plays, drew {count}") if said else "passed"
        )
        for place, (said, count) in enumerate(zip(heard or (), counts, strict=True), start=1)
    }


def deal_scene(exercise: Any, pot: int | None = None) -> CardTableContent:
    """A play-or-pass question (a `PlayOrPassExercise`) on the table: the seats in speaking
    order, what the earlier seats declared (and, in one round, how many cards they drew), the
    turned card beside the dealer, your five cards and the antes in the pot."""
    ex = exercise
    players = ex.players
    order = [SEAT_LETTERS[place % players] for place in range(1, players + 1)]
    you = SEAT_LETTERS[ex.seat % players]
    said = _spoken(ex.heard, players, ex.drew)
    seats = [
        seat_entry(
            letter,
            letter if letter == you else None,
            you=letter == you,
            status=said.get(letter, ""),
            dealer=letter == "A",
            turn=letter == you,
        )
        for letter in order
    ]
    turned = ex.trump_card
    return CardTableContent(
        seats=seats,
        hand=chosen_hand(ex.hand, enabled=False),
        trump=trump_entry(turned.suit, turned, beside="A"),
        pot=pot,
        status=f"Your turn to speak ({you}): play or pass?",
    )


def discard_scene(
    drill: Any, chosen: Iterable[Card] = (), pot: int | None = None
) -> CardTableContent:
    """The draw question (a `DiscardDrill`): everybody plays, you sit on the dealer's left and
    draw first; your cards to throw away marked as chosen."""
    players = drill.players
    order = [SEAT_LETTERS[place % players] for place in range(1, players + 1)]
    seats = [
        seat_entry(
            letter,
            letter if letter == "B" else None,
            you=letter == "B",
            status="plays",
            dealer=letter == "A",
            turn=letter == "B",
            cards=None if letter == "B" else 5,
        )
        for letter in order
    ]
    turned = drill.trump_card
    return CardTableContent(
        seats=seats,
        hand=chosen_hand(drill.hand, chosen, chosen_words="to throw away"),
        trump=trump_entry(turned.suit, turned, beside="A"),
        pot=pot,
        status=f"The draw: click the cards to throw away (up to {drill.limit}), then check.",
    )


def finished_hand_scene(game: Game, seat: str) -> CardTableContent:
    """A hand that is over, as `seat` saw it: every trick face up, the seats with their tricks
    and chips, the turned card; no hand left to play."""
    hand = game.hand_record
    trump = hand.trump_card.suit
    seats = []
    for player in hand.seats:
        said = hand.declared.get(player)
        seats.append(
            seat_entry(
                player,
                player if player == seat else None,
                you=player == seat,
                status="" if said is None else ("plays" if said else "passed"),
                tricks=game.tricks_won.get(player, 0) if said else None,
                dealer=hand.dealer == player,
            )
        )
    return CardTableContent(
        seats=seats,
        past=past_entries([t.plays for t in hand.tricks], trump),
        trump=trump_entry(trump, hand.trump_card, beside=hand.dealer),
        status="The hand is over: every trick lies face up under the table.",
    )
