"""Hands played through `Game` as a story plans them: whole hands to chosen tricks, and chosen
deals played on trick by trick.

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

A story that needs particular cards deals them itself (`Game(deal=...)`) and plays on with
`play_tricks`: a chooser for the players whose cards the story picks (`top_trump` for a
lay-down), the lowest legal card for everyone else; `PlannedStart` is such a deal whose first
tricks go as planned (08b's easy win and nice play).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card, Suit, parse_card, parse_cards
from ..game import Game
from ..play import Situation, explain, legal_plays
from ..rules import Rules

__all__ = [
    "TWO_OPPONENTS",
    "PlannedRenege",
    "PlannedStart",
    "Play",
    "all_play_and_keep",
    "lowest_legal",
    "planned_hand",
    "play_tricks",
    "top_trump",
]

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


# --- a chosen deal played on, trick by trick -------------------------------------------------

Play = tuple[str, Card, str]
"""One card played: who played it, the card, and the engine's reason it was allowed."""


def lowest_legal(situation: Situation, rules: Rules) -> Card:
    """The lowest card the rules allow (by rank, then suit): what the stories' other players give."""
    return min(legal_plays(situation, rules), key=lambda c: (c.rank, c.suit.index))


def top_trump(situation: Situation, rules: Rules) -> Card:
    """The highest trump in hand: what a player laying down their winners leads."""
    return max(c for c in situation.hand if c.suit == situation.trump)


def play_tricks(
    game: Game, tricks: int, chosen: Mapping[str, Callable[[Situation, Rules], Card]]
) -> tuple[tuple[Play, ...], ...]:
    """Play `tricks` more tricks of `game`: a player named in `chosen` gives the card its chooser
    picks, everyone else the lowest legal card. The engine refuses a card the rules forbid. Each
    play is (player, card, the engine's reason)."""
    played = []
    for _ in range(tricks):
        plays: list[Play] = []
        while len(plays) < len(game.hand_record.active):
            player, situation = game.to_act, game.situation()
            assert player is not None, "the hand ended before its tricks were played"
            card = chosen.get(player, lowest_legal)(situation, game.rules)
            plays.append((player, card, explain(situation, card, game.rules).reason))
            game.apply(card.code)
        played.append(tuple(plays))
    return tuple(played)


def all_play_and_keep(game: Game) -> Game:
    """Everyone says play and keeps their cards (and pays a second chip where asked)."""
    words = {"declare": "play", "draw": "keep", "ante": "pay"}
    while game.phase in words:
        game.apply(words[game.phase])
    return game


TWO_OPPONENTS = ("B", "You", "A")
"""The seats of the easy-win and nice-play hands: B deals, you lead the first trick, A and B
answer."""


@dataclass(frozen=True)
class PlannedStart:
    """A hand at `TWO_OPPONENTS` dealt as `deal` (seat to its five cards, the dealer's fifth
    turned for trump) whose first tricks go as `first` plans (seat to its cards, trick by
    trick); everyone plays and keeps."""

    deal: Mapping[str, str]
    first: Mapping[str, str]

    def game(self, rules: Rules) -> Game:
        """The hand after its planned tricks, each card checked by the engine."""
        game = all_play_and_keep(Game(rules, TWO_OPPONENTS, deal=self.deal))
        plan = {p: iter(parse_cards(cards)) for p, cards in self.first.items()}
        chosen = {p: lambda situation, rules, p=p: next(plan[p]) for p in plan}
        play_tricks(game, len(parse_cards(self.first["You"])), chosen)
        return game

    @property
    def held(self) -> dict[str, tuple[Card, ...]]:
        """What each player holds once the planned tricks are played."""
        return {
            p: tuple(c for c in parse_cards(cards) if c not in parse_cards(self.first[p]))
            for p, cards in self.deal.items()
        }

    def your_leads(self, game: Game) -> tuple[Card, ...]:
        """The cards you hold that the rules let you lead now, in the hand's order."""
        allowed = legal_plays(game.situation(), game.rules)
        return tuple(c for c in self.held["You"] if c in allowed)
