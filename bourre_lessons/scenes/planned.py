"""A hand played through `Game` to tricks chosen in advance, for the settlement stories.

The settlement stories (glimne's payment, wikipedia's bourré, pagat's antes and renege...) give
who took how many tricks, not the cards. `planned_hand` chooses a deal in which every card is
forced or its planned card is allowed under any rulebook, and plays it: every trick is won by
the seat planned, and the game antes, pays and settles as always (`Game`, `settle`), so the
stories keep no chips of their own. The engine refuses any card that breaks a rule, so a plan
that did not fit some rules would fail loudly, not tell a wrong story.

How the cards force the tricks: spades are trumps and each player in holds one trump (trick 1,
a trump lead), one heart (trick 2), one diamond (trick 3) and two clubs (tricks 4 and 5). The
winner of tricks 1 to 4 holds the top card of its suit among those in play (the ace, or the
king of trumps, so a dealer who turns it may still pass); every other club of trick 4 ranks
above every club kept for trick 5, so no rule of beating or of the known top card can move a
card from one trick to the other; nobody has a trump after trick 1, so no cinch and no lead
of trumps applies. Trick 5 is led by the winner of trick 4, and the highest club kept wins it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Suit, parse_card
from ..game import Game
from ..rules import Rules

__all__ = ["PlannedRenege", "planned_hand"]

TRICK_SUITS = "SHDCC"
"""The suit every player follows to each of the five tricks (spades are trumps)."""
TOP = {"S": "K", "H": "A", "D": "A", "C": "A"}
"""The card that wins each of tricks 1 to 4 (the king of trumps: a turned ace has rules)."""
OTHERS = {"S": "34567", "H": "23456", "D": "23456", "C": "89TJQ"}
"""The ranks of the other players' cards in each of tricks 1 to 4, lowest first."""
KEPT = "23456"
"""The clubs kept for trick 5: its winner holds the highest of them."""
SPARE_TRUMP = "S2"
"""The turned card when the dealer does not play it (a trump no player in holds)."""


@dataclass(frozen=True)
class PlannedRenege:
    """A renege in the plan: `player`, not on lead to trick `trick`, throws the club kept for
    trick 5 instead of following suit, and wins no trick before the last. What follows is the
    rules': corrected (pagat), taken back (wikipedia's variants), or it stands; in every case
    the player still takes the last trick (leading the card it kept, which nobody can follow)."""

    player: str
    trick: int = 2


def planned_hand(
    rules: Rules,
    seats: str,
    playing: str,
    winners: str,
    renege: PlannedRenege | None = None,
) -> Game:
    """The hand at a table of `seats` (the first deals) in which `playing` say play, the rest
    pass, everyone keeps their cards, and trick n is won by `winners[n - 1]`; played through
    `Game` up to its settlement (the game is returned settled)."""
    order = [s for s in seats[1:] + seats[:1] if s in playing]  # from the dealer's left
    hands = _hands(order, winners)
    deal = _deal(hands, seats[0], rules)
    game = Game(rules, list(seats), deal=deal, bankroll=0)
    while game.phase in ("declare", "draw"):
        if game.phase == "draw":
            game.apply("keep")
        else:
            game.apply("play" if game.to_act in playing else "pass")
    while game.phase == "play":
        _play_one(game, hands, renege)
    return game


def _hands(order: Sequence[str], winners: str) -> dict[str, list[Card]]:
    """Each player's five cards, in the order they will be played."""
    if len(winners) != len(TRICK_SUITS) or set(winners) - set(order):
        raise ValueError(f"winners must name a player in ({''.join(order)}) for each of 5 tricks")
    hands: dict[str, list[Card]] = {p: [] for p in order}
    for trick, suit in enumerate(TRICK_SUITS[:4]):
        others = iter(OTHERS[suit])
        for player in order:
            rank = TOP[suit] if player == winners[trick] else next(others)
            hands[player].append(parse_card(suit + rank))
    kept = iter(KEPT)
    for player in sorted(order, key=lambda p: p == winners[4]):
        hands[player].append(parse_card("C" + next(kept)))
    return hands


def _deal(hands: dict[str, list[Card]], dealer: str, rules: Rules) -> dict[str, str]:
    """`Game`'s chosen deal: the dealer turns its trump (its fifth card) when it plays and no
    separate trump card is turned, else a low trump nobody in holds."""
    deal = {}
    for player, cards in hands.items():
        dealt = sorted(cards, key=lambda c: c.suit == Suit.SPADES)  # the trump dealt last
        deal[player] = " ".join(c.code for c in dealt)
    if dealer not in hands or rules.separate_trump_card != "off":
        deal["turned"] = SPARE_TRUMP
    return deal


def _play_one(game: Game, hands: dict[str, list[Card]], renege: PlannedRenege | None) -> None:
    """The player to play plays the card planned for this trick, or reneges as planned."""
    trick = len(game.hand_record.tricks) + 1
    if game.pending_renege is not None:  # pagat: the renege is corrected at once
        player = game.pending_renege[0]
        game.apply(f"correct {hands[player][trick - 1].code}")
        return
    player = game.to_act
    assert player is not None
    planned = hands[player][trick - 1]
    done = any(action.startswith("renege") for action in game.actions)
    if renege is not None and not done and (player, trick) == (renege.player, renege.trick):
        kept = hands[player][-1]
        game.apply(f"renege {kept.code}")
        if game.rules.renege == "penalty":  # the club stands: the planned card waits
            hands[player][-1], hands[player][trick - 1] = planned, kept
        return
    game.apply(planned.code)
