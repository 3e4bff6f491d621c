"""The table's words: the header, the state of the hand, the status line and the recent log.

`TableWidget` shows these lines as HTML and returns them from `to_text()`; keeping them here
keeps the widget to its controls and keeps the text the same in both places. Nothing here
imports ipywidgets, so any view of the table (the drawn card table too) can call it.

Everything is written as one seat sees it while the hand is played (`seat_view`): the others'
cards only as counts, played cards by name ("D led the king of spades (K♠)").
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from ...cards import Card, CardError, parse_card
from ...game import Game
from ...hand_state import HandRecord
from ...play import Verdict
from ...rules import Rules
from ...seat_view import HAND_HEADER, transcript_for
from .table_model import feedback_entry

__all__ = [
    "SAID_NOTHING",
    "button_words",
    "correction_refused",
    "draw_words",
    "header_text",
    "in_words",
    "log_html",
    "news_lines",
    "plain_text",
    "status_text",
    "table_html",
    "table_lines",
    "trick_words",
]

YOU = "A"
"""The learner's seat; the transcript names every seat by its letter."""
BUTTON_WORDS = (
    (re.compile(r"say 'play' or 'pass'"), "press Play or Pass"),
    (re.compile(r"say 'play'"), "press Play"),
    (
        re.compile(
            r"say 'keep', or 'discard' and up to (\d+) of your cards, e\.g\. 'discard [^']*'"
        ),
        r"click up to \1 cards to throw away, then Discard selected; or Keep all",
    ),
    (re.compile(r"the only action now is 'deal'"), "press Deal next hand"),
)
"""The engine's words for an action typed as text, and the table's buttons that do it."""


def button_words(message: str) -> str:
    """An engine message as the table's buttons put it: "say 'play' or 'pass'" becomes
    "press Play or Pass" (the words typed in the Say box stay the engine's)."""
    for pattern, words in BUTTON_WORDS:
        message = pattern.sub(words, message)
    return message


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
    """The state of the hand: trump, pot, declarations, draw counts, tricks, your cards and
    bankrolls; nothing another seat holds."""
    hand = game.hand_record
    lines = [
        f"Trump card: {hand.trump_card} ({hand.trump_card.suit.plural})",
        f"Pot: {game.pot}",
    ]
    said = ", ".join(f"{p} {'plays' if v else 'passes'}" for p, v in hand.declared.items())
    lines.append(f"Declared: {said or 'nobody yet'}")
    if hand.discards:
        lines.append(f"Draw: {draw_words(hand)}")
    if game.phase in ("play", "settled") and game.tricks_won:
        lines.append("Tricks: " + ", ".join(f"{p} {n}" for p, n in game.tricks_won.items()))
    trick = game.current_trick
    if trick is not None and trick.plays:
        lines.append(f"This trick: {trick_words(trick.plays)}")
    elif hand.tricks:
        last = hand.tricks[-1]
        lines.append(f"Last trick ({last.winner} won it): {trick_words(last.plays)}")
    if YOU in game.hand_record.seats and game.cards_of(YOU):
        lines.append("Your hand: " + " ".join(str(c) for c in game.cards_of(YOU)))
    if hand.settlement is not None:
        lines.append(f"Settlement: {hand.settlement.describe()}")
    lines.append("Bankrolls: " + ", ".join(f"{p} {n}" for p, n in game.bankrolls.items()))
    return lines


def trick_words(plays: Sequence[tuple[str, Card]]) -> str:
    """A trick in words, in play order: 'B led the seven of clubs (7♣); D played ...'."""
    return "; ".join(
        f"{seat} {'led' if i == 0 else 'played'} the {card.name} ({card})"
        for i, (seat, card) in enumerate(plays)
    )


def draw_words(hand: HandRecord) -> str:
    """The draw as everyone at the table sees it: how many cards each player exchanged."""
    parts = []
    for seat, thrown in hand.discards.items():
        drawn = len(hand.drawn.get(seat, ()))
        if not thrown:
            parts.append(f"{seat} kept all five")
        elif len(thrown) > drawn:  # the dealer took the turned card for one of them
            parts.append(f"{seat} drew {drawn} and took the turned card")
        else:
            parts.append(f"{seat} drew {drawn}")
    return ", ".join(parts)


_CARD_LINES = (  # a transcript line naming a played card, and how to say it in words
    (re.compile(r"^(?P<who>.+) leads (?P<card>\S+)$"), "{who} led the {name} ({card})"),
    (re.compile(r"^(?P<who>.+) plays (?P<card>\S+)$"), "{who} played the {name} ({card})"),
    (
        re.compile(r"^(?P<who>.+) wins trick (?P<n>\d+) with (?P<card>\S+)$"),
        "{who} won trick {n} with the {name} ({card})",
    ),
)


def in_words(line: str) -> str:
    """A transcript line as a newcomer reads it: a played card by its name and symbol
    ('D plays 9♣' becomes 'D played the nine of clubs (9♣)'); other lines as they are."""
    for pattern, words in _CARD_LINES:
        found = pattern.match(line)
        if found is None:
            continue
        try:
            card = parse_card(found["card"])
        except CardError:
            return line
        return words.format(**found.groupdict(), name=card.name)
    return line


def status_text(game: Game, pending_is_yours: bool) -> str:
    """What the learner should do next at the live table."""
    if game.phase == "settled":
        return "the hand is over: press Review this hand, or Deal next hand"
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
    cards hidden until the hand is over; None: everything), as preformatted HTML."""
    lines = transcript_for(game, seat).splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith(HAND_HEADER))
    recent = lines[start:][-most:]
    return "<pre style='font-size:12px'>" + html.escape("\n".join(recent)) + "</pre>"


def news_lines(game: Game, seat: str, before: int) -> list[str]:
    """What happened after transcript line `before`, as `seat` saw it, in words."""
    return [in_words(line) for line in transcript_for(game, seat).splitlines()[before:]]


def plain_text(
    header: str, game: Game, status: str | None, feedback: str, step: int, seat: str | None
) -> str:
    """The table as text: `status` None while a hand is replayed, then `step` is its step and
    its line is told as `seat` may see it (None: a finished hand, everything)."""
    lines = [header, *table_lines(game)]
    if status is not None:
        lines.append(f"Status: {status}")
        if feedback:
            lines.append(f"Last: {feedback}")
    elif step:
        lines.append(f"Step {step}: {in_words(transcript_for(game, seat).splitlines()[-1])}")
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


def correction_refused(words: str, card: Card, verdict: Verdict) -> dict:
    """The callout when the card named to correct a renege may not be played either."""
    return feedback_entry(
        f"You said “{words}”: {card} may not be played either",
        "illegal",
        rule_id=verdict.rule_id,
        note=f": {verdict.reason} Correct your renege with a card you may play, or press Let "
        "it stand.",
        readings=verdict.readings,
    )
