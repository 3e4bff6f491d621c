"""The play of the cards: five tricks, each led by the winner of the one before.

A card is checked against the play rules (`play.explain`) in the situation of the player to
play; what the table learns about voids is recorded for the rules that use it (glimne 10).
A card played against the rules on purpose is a renege, handled in `renege.py`. After the
fifth trick the hand is settled.
"""

from __future__ import annotations

from .actions import Action, IllegalAction, IllegalPlay
from .cards import HAND_SIZE, Card, Rank
from .chips import settle_hand
from .hand_state import GameSetup, GameState, Trick, sorted_cards
from .play import Situation, explain, legal_plays, trick_winner, voids_shown_by

__all__ = [
    "check_card",
    "decision",
    "end_trick_if_full",
    "in_deck_order",
    "legal_cards",
    "note_voids",
    "play_card",
    "put_card",
    "situation_of",
    "start_play",
    "trick_leader",
]


def start_play(setup: GameSetup, st: GameState) -> None:
    """The draw is over: the first trick is led from the dealer's left (or by the dealer
    who turned an ace, glimne)."""
    rec, rules = st.rec, setup.rules
    active = rec.active
    leader = active[0]
    if (
        rules.dealer_ace_leads
        and rec.trump_card.rank == Rank.ACE
        and rec.dealer in active
        and rules.separate_trump_card == "off"
    ):
        leader = rec.dealer
        st.log.append(f"The turned card is an ace: the dealer {leader} leads (glimne-dealer-ace)")
    st.phase = "play"
    st.tricks_won = dict.fromkeys(active, 0)
    st.voids = {p: set() for p in active}
    _new_trick(st, leader)


def _new_trick(st: GameState, leader: str) -> None:
    active = st.rec.active
    i = active.index(leader)
    st.trick = Trick(leader)
    st.turn = active[i:] + active[:i]


def situation_of(st: GameState, player: str) -> Situation:
    """The card decision facing `player` in the current trick, as the play rules see it."""
    rec, trick, turn = st.rec, st.trick, st.turn
    assert trick is not None
    trump = rec.trump_card.suit
    cards = trick.cards
    # the suits each other player in the play has shown they lack (`voids` has every player in)
    others = [shown for p, shown in st.voids.items() if p != player]
    return Situation.of_position(
        hand=tuple(st.hands[player]),
        trump=trump,
        trick=cards,
        seen=tuple([card for t in rec.tricks for _, card in t.plays]),
        tricks_won=st.tricks_won[player],
        players_after=len(turn) - 1 - turn.index(player) if player in turn else 0,
        others_out_of_trump=bool(others) and all([trump in shown for shown in others]),
        won_last_trick_with=_winning_play(rec.tricks[-1], player)
        if rec.tricks and not cards
        else None,
    )


def _winning_play(trick: Trick, player: str) -> Card | None:
    """The card with which `player` won `trick`, or None if somebody else won it."""
    if trick.winner != player:
        return None
    return next((c for p, c in trick.plays if p == player), None)


def decision(setup: GameSetup, st: GameState, player: str) -> tuple[Situation, frozenset[Card]]:
    """The card decision facing `player` and the cards the rules allow in it, worked out once
    per position: asking what is legal, then playing a card, reads the same answer. (Within a
    hand the play only moves forward, so the number of tricks finished and the cards in this
    trick, each with its player, tell one position from another.)"""
    assert st.trick is not None
    position = (st.hand_no, len(st.rec.tricks), tuple(st.trick.plays), player)
    if st.decision is None or st.decision[0] != position:
        situation = situation_of(st, player)
        st.decision = (position, situation, legal_plays(situation, setup.rules))
    return st.decision[1], st.decision[2]


def legal_cards(setup: GameSetup, situation: Situation) -> list[str]:
    """The codes of the cards the rules allow in `situation`, in deck order."""
    return in_deck_order(legal_plays(situation, setup.rules))


def in_deck_order(cards: frozenset[Card]) -> list[str]:
    """The codes of some cards, in deck order (as `Game.legal_actions` lists them)."""
    return [c.code for c in sorted_cards(cards)]


def check_card(setup: GameSetup, st: GameState, card: Card) -> tuple[Situation, bool]:
    """The situation of the player to play and whether `card` keeps the play rules; a card
    the player does not hold is refused here (the verdict and its words are written only
    then)."""
    player = st.turn[0]
    situation, legal = decision(setup, st, player)
    if card not in situation.hand:
        verdict = explain(situation, card, setup.rules)
        codes = in_deck_order(legal)
        raise IllegalAction(
            f"{player}: {verdict.reason} Legal now: {', '.join(codes)}.", "hand", codes
        )
    return situation, card in legal


def play_card(setup: GameSetup, st: GameState, action: Action) -> str:
    """A card from the player to play, which must keep the play rules (refused with the
    engine's verdict, which says why)."""
    situation, allowed = check_card(setup, st, action.card)
    if not allowed:
        verdict = explain(situation, action.card, setup.rules)
        raise IllegalPlay(verdict, legal_cards(setup, situation))  # a refusal: words now
    put_card(setup, st, st.turn[0], action.card, situation)
    return action.text


def put_card(
    setup: GameSetup,
    st: GameState,
    player: str,
    card: Card,
    situation: Situation,
    reneged: bool = False,
) -> None:
    """Move a card from the hand to the trick; a legal card may end the trick."""
    assert st.trick is not None
    st.hands[player].remove(card)
    st.trick.plays.append((player, card))
    st.turn.pop(0)
    verb = "leads" if len(st.trick.plays) == 1 else "plays"
    st.log.append(f"{player} {verb} {card}")
    if not reneged:
        note_voids(setup, st, player, card, situation)
        end_trick_if_full(setup, st)


def note_voids(
    setup: GameSetup, st: GameState, player: str, card: Card, situation: Situation
) -> None:
    """Record what the table now knows a player lacks (used for glimne 10): `voids_shown_by`."""
    st.voids[player] |= voids_shown_by(situation.trick, card, situation.trump, setup.rules)


def trick_leader(st: GameState) -> str:
    """Who holds the trick so far: its winner once everyone has played."""
    assert st.trick is not None
    return st.trick.plays[trick_winner(st.trick.cards, st.rec.trump_card.suit)][0]


def end_trick_if_full(setup: GameSetup, st: GameState) -> None:
    """Once everyone has played (and no renege waits for correction), the winner takes the
    trick and leads the next; after the fifth, the hand is settled."""
    if st.turn or st.pending is not None:
        return
    rec, trick = st.rec, st.trick
    assert trick is not None
    winner = trick_leader(st)
    trick.winner = winner
    rec.tricks.append(trick)
    st.tricks_won[winner] += 1
    won_with = trick.cards[[p for p, _ in trick.plays].index(winner)]
    st.log.append(f"{winner} wins trick {len(rec.tricks)} with {won_with}")
    if len(rec.tricks) == HAND_SIZE:
        st.trick = None
        settle_hand(setup, st, st.tricks_won)
    else:
        _new_trick(st, winner)
