"""What one seat may know of a hand still being played: the transcript with others' cards hidden.

A game's transcript is the whole truth: every hand dealt, every card thrown away and drawn.
At a real table you see your own cards, the turned card, what others say (play or pass), how
many cards each throws away and draws (in one round, `Rules.draws_in_turn`, a later speaker
hears those counts before it declares), and every card played face up. `seen_by` rewrites a
transcript line to that; `public_transcript` applies it to the hand still in play, and leaves
the hands that are over whole (after a hand, the full transcript is there to learn from);
`transcript_for` does it for a game and a seat.

Only lines whose subject is one of the game's seats are rewritten: a public line that merely
mentions "the discards" (the restock) stays as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .game import Game
from .text import count

__all__ = ["HAND_HEADER", "public_transcript", "seen_by", "transcript_for"]

HAND_HEADER = "== Hand"
"""How the transcript's first line of every hand begins."""

_SWAP = re.compile(r"^(?P<who>.+?) discards (?P<out>.+) and draws (?P<cards>.+)$")
_ONE_SIDED = (  # (pattern, how the hidden line says it)
    (re.compile(r"^(?P<who>.+?) is dealt (?P<cards>.+)$"), "is dealt"),
    (re.compile(r"^(?P<who>.+?) discards (?P<cards>.+)$"), "throws away"),
    (re.compile(r"^(?P<who>.+?) draws (?P<cards>.+)$"), "draws"),
)


def _how_many(cards: str) -> int:
    """How many cards a transcript's card list names ('nothing' is none)."""
    return 0 if cards.strip() == "nothing" else len(cards.split())


def seen_by(line: str, seat: str, players: Iterable[str]) -> str:
    """One transcript line as `seat` may see it: the other players' dealt, discarded and drawn
    cards become counts; every other line is public and stays as it is."""
    others = {str(p) for p in players} - {seat}
    swap = _SWAP.match(line)
    if swap and swap["who"] in others:  # a swap line also matches the one-sided patterns
        out, got = _how_many(swap["out"]), _how_many(swap["cards"])
        return f"{swap['who']} throws away {count(out, 'card')} and draws {got}"
    if swap:
        return line
    for pattern, said in _ONE_SIDED:
        found = pattern.match(line)
        if found and found["who"] in others:
            return f"{found['who']} {said} {count(_how_many(found['cards']), 'card')}"
    return line


def public_transcript(
    transcript: str, seat: str, hand_over: bool, players: Iterable[str] | None = None
) -> str:
    """The transcript as `seat` may see it: the last hand hidden while it is being played.
    `players` are the seats (default: those the last hand deals cards to)."""
    lines = transcript.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(HAND_HEADER)]
    if hand_over or not starts:
        return transcript
    last = starts[-1]
    seats = tuple(players) if players is not None else _dealt_to(lines[last:])
    hidden = [seen_by(line, seat, seats) for line in lines[last:]]
    return "\n".join(lines[:last] + hidden) + ("\n" if transcript.endswith("\n") else "")


def _dealt_to(lines: list[str]) -> tuple[str, ...]:
    """The seats a hand's transcript deals cards to, in order."""
    dealt = _ONE_SIDED[0][0]
    return tuple(found["who"] for found in map(dealt.match, lines) if found)


def transcript_for(game: Game, seat: str | None) -> str:
    """The transcript `seat` may read now: the hand in play shows only what that seat knows,
    hands that are over show whole (seat None: everything)."""
    if seat is None:
        return game.transcript()
    if seat not in game.players:
        raise ValueError(f"no seat {seat!r} at this table; the seats are {', '.join(game.players)}")
    over = game.phase == "settled"
    return public_transcript(game.transcript(), seat, over, game.players)
