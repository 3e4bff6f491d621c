"""The actions a game accepts, read from text, and the errors a refused action raises.

An action is read in two steps, the way python-chess tells a bad move string from an illegal
move. First `read_action` reads the text into an `Action`; text that is no action at all (an
unknown word, a card that does not exist, a word with something after it that it does not
take) raises `UnreadableAction`. Then the game checks the action against the position and the
rules: an action that is not possible now, or breaks a rule, raises `IllegalAction`, and a
card play that breaks a play rule raises `IllegalPlay`, which carries the engine's verdict.

The words (their canonical spelling is what `Game.actions` stores):

    play, pass                  declare, in turn from the dealer's left
    keep                        the draw: keep every card
    discard S2 D3               the draw: throw cards away and draw as many
    take discard S2             the dealer takes the separate trump card (pagat variant)
    pay, drop                   pagat's double ante, second chip after the draw: pay it, or
                                drop out and lose the deal
    H7                          play a card (any notation `parse_card` reads)
    renege H7                   play a card that breaks a rule, on purpose (a misplay)
    correct H4, accept          pagat: correct a renege before the next player plays, or not
    out-of-turn C               pagat: seat C spoke out of turn
    deal                        start the next hand once a hand is settled
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, CardError, parse_card, parse_cards
from .play import Verdict, cite

__all__ = [
    "WORDS",
    "Action",
    "GameError",
    "IllegalAction",
    "IllegalPlay",
    "UnreadableAction",
    "hand_actions",
    "read_action",
]

ALONE = ("play", "pass", "keep", "deal", "accept", "pay", "drop")
"""Words that make an action on their own and take nothing after them."""
WORDS = (*ALONE, "discard", "take discard", "renege", "correct", "out-of-turn")
"""Every action word; anything else must be a card."""


class GameError(ValueError):
    """Something asked of a game that cannot be done."""


class IllegalAction(GameError):
    """An action that is not possible now, or breaks a rule of the table (names the rule)."""

    def __init__(self, message: str, rule_id: str = "", alternatives: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.rule_id = rule_id
        self.alternatives = tuple(alternatives)


class UnreadableAction(IllegalAction):
    """Text that is no action at all: an unknown word, a card that does not exist, a word
    followed by something it does not take. (A kind of `IllegalAction`, so code that catches
    that still catches this; catch `UnreadableAction` to tell a typo from a broken rule.)"""


class IllegalPlay(IllegalAction):
    """A card play that breaks a play rule; carries the engine's verdict."""

    def __init__(self, verdict: Verdict, alternatives: Sequence[str]) -> None:
        message = f"{verdict.reason} [{cite(verdict.rule_id)}]"
        super().__init__(message, verdict.rule_id, alternatives)
        self.verdict = verdict


@dataclass(frozen=True)
class Action:
    """One action, read: its kind ('play', 'pass', 'keep', 'deal', 'accept', 'pay', 'drop',
    'discard', 'card', 'renege', 'correct' or 'out-of-turn'), its cards, and its seat."""

    kind: str
    cards: tuple[Card, ...] = ()
    take: bool = False
    seat: str = ""

    @property
    def card(self) -> Card:
        """The one card of a card play, a renege or a correction."""
        return self.cards[0]

    @property
    def text(self) -> str:
        """The canonical spelling, as `Game.actions` stores it."""
        codes = " ".join(c.code for c in self.cards)
        if self.kind == "discard":
            return ("take " if self.take else "") + f"discard {codes}"
        if self.kind == "card":
            return codes
        if self.kind in ("renege", "correct"):
            return f"{self.kind} {codes}"
        if self.kind == "out-of-turn":
            return f"out-of-turn {self.seat}"
        return self.kind


def read_action(action: str | Card, seats: Sequence[str]) -> Action:
    """Read one action from text (or a `Card`), without looking at the position; raises
    `UnreadableAction` saying what could not be read."""
    if isinstance(action, Card):
        return Action("card", (action,))
    if not isinstance(action, str) or not action.strip():
        raise UnreadableAction(
            f"an action must be text such as 'play', 'pass' or 'H7', got {action!r}"
        )
    text = action.strip()
    first, _, rest = text.partition(" ")
    word, rest = first.lower(), rest.strip()
    if word in ALONE:
        if rest:
            raise UnreadableAction(f"{text!r} cannot be read: '{word}' takes nothing after it")
        return Action(word)
    if word == "take":
        second, _, rest = rest.partition(" ")
        if second.lower() != "discard":
            raise UnreadableAction(
                f"{text!r} cannot be read: 'take' goes with 'discard' and the cards you throw "
                "away, e.g. 'take discard S2 D3'"
            )
        return Action("discard", _cards(rest), take=True)
    if word == "discard":  # with no cards, the same as 'keep'
        cards = _cards(rest)
        return Action("discard", cards) if cards else Action("keep")
    if word in ("renege", "correct"):
        return Action(word, (_card(rest, word),))
    if word == "out-of-turn":
        return Action("out-of-turn", seat=_seat(rest, seats))
    try:
        return Action("card", (parse_card(text),))
    except CardError as err:
        raise UnreadableAction(
            f"{text!r} is neither an action word ({', '.join(WORDS)}) nor a card: {err}"
        ) from None


def _cards(text: str) -> tuple[Card, ...]:
    """The cards after 'discard', each once (perhaps none)."""
    try:
        return parse_cards(text)
    except CardError as err:
        raise UnreadableAction(f"cannot read the discard {text!r}: {err}") from None


def _card(text: str, word: str) -> Card:
    """The one card after `word`."""
    if not text.strip():
        raise UnreadableAction(f"'{word}' needs a card after it, e.g. '{word} H7'")
    if len(text.split()) > 1:
        raise UnreadableAction(f"'{word}' takes one card, e.g. '{word} H7', not {text!r}")
    try:
        return parse_card(text)
    except CardError as err:
        what = "correction" if word == "correct" else word
        raise UnreadableAction(f"cannot read the {what} {text!r}: {err}") from None


def _seat(text: str, seats: Sequence[str]) -> str:
    """A seat at this table, named after 'out-of-turn'."""
    if text not in seats:
        raise UnreadableAction(
            f"'out-of-turn' takes the seat that spoke, one of {', '.join(seats)}; "
            f"{text!r} is not a seat at this table"
        )
    return text


def hand_actions(actions: Sequence[str], number: int) -> tuple[int, int]:
    """The slice [start, stop) of a game's `actions` that belongs to hand `number` (1 = the
    first): the hands are separated by their 'deal' actions."""
    deals = [i for i, a in enumerate(actions) if a == "deal"]
    if not 1 <= number <= len(deals) + 1:
        raise ValueError(f"there is no hand {number}; hands so far: 1 to {len(deals) + 1}")
    start = 0 if number == 1 else deals[number - 2] + 1
    stop = deals[number - 1] if number <= len(deals) else len(actions)
    return start, stop
