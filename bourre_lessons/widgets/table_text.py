"""The table's words: the header, the state of the hand, the status line and the recent log.

`TableWidget` shows these lines as HTML and returns them from `to_text()`; keeping them here
keeps the widget to its controls and keeps the text the same in both places.
"""

from __future__ import annotations

import html

from ..cards import Card
from ..game import Game
from ..play import Verdict
from ..rules import Rules
from ..seat_view import public_transcript

__all__ = [
    "SAID_NOTHING",
    "correction_refused",
    "header_text",
    "log_html",
    "plain_text",
    "status_text",
    "table_html",
    "table_lines",
]

YOU = "A"
"""The learner's seat; the transcript names every seat by its letter."""


def header_text(
    game: Game, rules: Rules, players: int, replaying: int | None, step: int, steps: int
) -> str:
    """Seat, deal, rulebook and hand; `replaying` is the number of a hand being replayed."""
    hand = game.hand_record
    text = (
        f"You are seat {YOU}. Deal: seed {game.seed} · {rules.source} rules · {players} players · "
        f"hand {hand.number} · dealer {hand.dealer}"
    )
    if replaying is not None:
        text += f" · replaying hand {replaying}, step {step} of {steps}"
    return text


def table_lines(game: Game) -> list[str]:
    """The state of the hand: trump, pot, declarations, tricks, your cards and bankrolls."""
    hand = game.hand_record
    lines = [
        f"Trump card: {hand.trump_card} ({hand.trump_card.suit.plural})",
        f"Pot: {game.pot}",
    ]
    said = ", ".join(f"{p} {'plays' if v else 'passes'}" for p, v in hand.declared.items())
    lines.append(f"Declared: {said or 'nobody yet'}")
    if game.phase in ("play", "settled") and game.tricks_won:
        lines.append("Tricks: " + ", ".join(f"{p} {n}" for p, n in game.tricks_won.items()))
    trick = game.current_trick
    if trick is not None and trick.plays:
        lines.append("This trick: " + ", ".join(f"{p} {c}" for p, c in trick.plays))
    elif hand.tricks:
        last = hand.tricks[-1]
        lines.append(
            "Last trick: " + ", ".join(f"{p} {c}" for p, c in last.plays) + f" — {last.winner} won"
        )
    if YOU in game.hand_record.seats and game.cards_of(YOU):
        lines.append("Your hand: " + " ".join(str(c) for c in game.cards_of(YOU)))
    if hand.settlement is not None:
        lines.append(f"Settlement: {hand.settlement.describe()}")
    lines.append("Bankrolls: " + ", ".join(f"{p} {n}" for p, n in game.bankrolls.items()))
    return lines


def status_text(game: Game, pending_is_yours: bool) -> str:
    """What the learner should do next at the live table."""
    if game.phase == "settled":
        return "the hand is over: press Deal next hand"
    player = game.to_act
    if pending_is_yours:
        return "you reneged: click the card you should have played (pagat), or Let it stand"
    if player != YOU:
        return f"{player} is to act: press Continue"
    if game.phase == "declare":
        return "your turn: Play or Pass"
    if game.phase == "draw":
        return "your turn: click cards to exchange, then Discard selected (or Keep all)"
    return "your turn: click a card to play it"


def log_html(game: Game, seat: str | None, most: int = 14) -> str:
    """The last `most` transcript lines of the current hand as `seat` may see them (others'
    cards hidden until the hand is over), as preformatted HTML."""
    lines = seen_transcript(game, seat).splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("== Hand"))
    recent = lines[start:][-most:]
    return "<pre style='font-size:12px'>" + html.escape("\n".join(recent)) + "</pre>"


def seen_transcript(game: Game, seat: str | None) -> str:
    """The transcript `seat` may read now: the hand in play shows only what that seat knows
    (seat None: everything, as when a finished hand is replayed)."""
    if seat is None:
        return game.transcript()
    return public_transcript(game.transcript(), seat, hand_over=game.phase == "settled")


def plain_text(header: str, game: Game, status: str | None, feedback: str, step: int) -> str:
    """The table as text: `status` None while a hand is replayed, then `step` is its step."""
    lines = [header, *table_lines(game)]
    if status is not None:
        lines.append(f"Status: {status}")
        if feedback:
            lines.append(f"Last: {feedback}")
    elif step:
        lines.append(f"Step {step}: {game.transcript().splitlines()[-1]}")
    return "\n".join(lines)


def table_html(header: str, game: Game, status: str | None, text_size: str) -> tuple[str, str]:
    """The header's and the table's HTML (no status line while a hand is replayed)."""
    style = f"font-size:{text_size};line-height:1.4"
    rows = "".join(f"<div>{html.escape(line)}</div>" for line in table_lines(game))
    shown = "" if status is None else f"<div><i>{html.escape(status)}</i></div>"
    return (
        f"<div style='{style}'><b>{html.escape(header)}</b></div>",
        f"<div style='{style}'>{rows}{shown}</div>",
    )


SAID_NOTHING = {
    "invalid": " Nothing is played: say it again.",
    "opponent_chooses": " At this table, name the card yourself.",
}
"""What follows the heard words when they play no card, by the naming's kind."""


def correction_refused(words: str, card: Card, verdict: Verdict) -> str:
    """The message when the card named to correct a renege may not be played either."""
    return (
        f"✘ You said “{words}”: {card} may not be played either "
        f"[{verdict.rule}]: {verdict.reason} "
        "Correct your renege with a card you may play, or press Let it stand."
    )
