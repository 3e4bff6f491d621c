"""What one seat may know of a hand still being played: the transcript with others' cards hidden.

A game's transcript is the whole truth: every hand dealt, every card thrown away and drawn.
At a real table you see your own cards, the turned card, what others say (play or pass), how
many cards each throws away and draws, and every card played face up. `seen_by` rewrites a
transcript line to that; `public_transcript` applies it to the hand still in play, and leaves
the hands that are over whole (after a hand, the full transcript is there to learn from).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .text import count

__all__ = ["public_transcript", "seen_by"]

HAND_HEADER = "== Hand"
_DEALT = re.compile(r"^(?P<who>.+?) is dealt (?P<cards>.+)$")
_SWAP = re.compile(r"^(?P<who>.+?) discards (?P<out>.+) and draws (?P<cards>.+)$")
_DISCARD = re.compile(r"^(?P<who>.+?) discards (?P<out>.+)$")
_DRAW = re.compile(r"^(?P<who>.+?) draws (?P<cards>.+)$")


def _how_many(cards: str) -> int:
    """How many cards a transcript's card list names ('nothing' is none)."""
    return 0 if cards.strip() == "nothing" else len(cards.split())


def seen_by(line: str, seat: str, seats: Collection[str] | None = None) -> str:
    """One transcript line as `seat` may see it: others' dealt, discarded and drawn cards
    become counts; every other line is public and stays as it is. With `seats` given, only a
    line whose subject is one of them is read as a deal or a draw (the restock line, which
    speaks of "the discards", is about no seat)."""
    if seats is not None and not any(line.startswith(f"{name} ") for name in seats):
        return line
    swap = _SWAP.match(line)
    if swap:  # the first pattern that matches decides: a swap line also matches the others
        if swap["who"] == seat:
            return line
        out, got = _how_many(swap["out"]), _how_many(swap["cards"])
        return f"{swap['who']} throws away {count(out, 'card')} and draws {got}"
    for pattern, verb in ((_DEALT, "is dealt"), (_DISCARD, "throws away"), (_DRAW, "draws")):
        found = pattern.match(line)
        if found:
            if found["who"] == seat:
                return line
            key = "out" if verb == "throws away" else "cards"
            return f"{found['who']} {verb} {count(_how_many(found[key]), 'card')}"
    return line


def public_transcript(transcript: str, seat: str, hand_over: bool) -> str:
    """The transcript as `seat` may see it: the last hand hidden while it is being played."""
    lines = transcript.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(HAND_HEADER)]
    if hand_over or not starts:
        return transcript
    last = starts[-1]
    seats = {found["who"] for line in lines[last:] if (found := _DEALT.match(line))}
    hidden = [seen_by(line, seat, seats) for line in lines[last:]]
    return "\n".join(lines[:last] + hidden) + ("\n" if transcript.endswith("\n") else "")
