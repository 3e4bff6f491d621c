"""A chosen first deal: `Game(..., deal=...)` puts the named cards where a story needs them
and deals the rest from the seed; the deal is checked, and replay rebuilds the same game.

Expected hands and stocks are the cards written in each test, not read back from the engine.
"""

from __future__ import annotations

import dataclasses

import pytest

from bourre_lessons import DECK, GameError, Rank, Rules, parse_card, parse_cards
from bourre_lessons.game import ChosenDeal, Game

PAGAT = Rules.preset("pagat")
GLIMNE = Rules.preset("glimne")

FULL = {
    "B": "S2 S3 S4 S5 S6",
    "C": "H2 H3 H4 H5 H6",
    "D": "D2 D3 D4 D5 D6",
    "A": "C2 C3 C4 C5 SA",
}
"""Four seats; the dealer A's fifth card, the ace of spades, is the turned card."""


def test_a_full_deal_gives_each_seat_its_cards_and_the_dealer_turns_the_fifth():
    """pagat (the deal): five cards each; the dealer's last card is turned for trump and stays
    in the dealer's hand."""
    game = Game(PAGAT, 4, seed=3, deal=FULL)
    for seat, cards in FULL.items():
        assert game.hand_record.dealt[seat] == parse_cards(cards)
    assert game.trump_card == parse_card("SA")
    assert parse_card("SA") in game.cards_of("A")
    places = game._card_places()
    assert sorted(c for c, _ in places) == sorted(DECK)
    assert "chosen deal" in game.transcript().splitlines()[0]


def test_the_stock_is_drawn_from_the_top_in_the_order_given():
    """The first cards drawn are the first cards listed under 'stock'."""
    game = Game(PAGAT, 4, seed=3, deal={**FULL, "stock": "CK CQ CJ"})
    game.play("play")
    assert game.to_act == "B"
    game.apply("discard S2 S3")
    assert game.hand_record.drawn["B"] == parse_cards("CK CQ")
    game.play("play", "discard H2")
    assert game.hand_record.drawn["C"] == parse_cards("CJ")


def test_naming_only_the_turned_card_deals_everything_else_from_the_seed():
    """The dealer's fifth card is the one named; every other card is dealt once."""
    game = Game(PAGAT, 5, seed=0, deal={"turned": "HA"})
    assert game.trump_card == parse_card("HA")
    assert game.hand_record.dealt["A"][-1] == parse_card("HA")
    assert all(len(cards) == 5 for cards in game.hand_record.dealt.values())
    assert sorted(c for c, _ in game._card_places()) == sorted(DECK)


def test_a_turned_ace_chosen_without_a_seed_search():
    """pagat: when the turned card is an ace the dealer must play; the scene says so with a
    chosen deal instead of looking for a seed that turns one."""
    game = Game(PAGAT, 4, deal={"turned": "SA"}).play(*["play", "keep"] * 3)
    assert game.trump_card.rank == Rank.ACE
    assert game.to_act == "A"
    assert game.legal_actions() == ["play"]


def test_a_deal_that_agrees_with_the_seed_is_the_seeds_deal():
    """Cards already where the seed puts them are not moved: naming the seed's own hands
    changes nothing but the transcript's header."""
    plain = Game(GLIMNE, 4, seed=9)
    same = {
        seat: " ".join(c.code for c in cards) for seat, cards in plain.hand_record.dealt.items()
    }
    chosen = Game(GLIMNE, 4, seed=9, deal=same)
    assert chosen.hand_record.dealt == plain.hand_record.dealt
    assert sorted(chosen._card_places()) == sorted(plain._card_places())
    assert chosen.transcript().splitlines()[1:] == plain.transcript().splitlines()[1:]


def test_later_hands_are_dealt_from_the_seed():
    """Only the first hand is chosen; hand 2 is the seed's hand 2 (glimne: nobody skips an
    ante or sits out, so the same seats are dealt)."""
    everyone_passes = ["pass"] * 4 + ["deal"]
    plain = Game(GLIMNE, 4, seed=2, actions=everyone_passes)
    chosen = Game(GLIMNE, 4, seed=2, actions=everyone_passes, deal={"turned": "D9"})
    assert chosen.history[0].trump_card == parse_card("D9")
    assert chosen.hand_record.number == 2
    assert chosen.hand_record.dealt == plain.hand_record.dealt


def test_replay_and_undo_keep_the_chosen_deal():
    """(rules, players, seed, actions, deal) rebuilds the same game."""
    game = Game(PAGAT, 4, seed=5, deal=FULL).play("play", "keep", "pass", "play", "keep")
    rebuilt = Game(PAGAT, 4, seed=5, actions=game.actions, deal=FULL)
    assert rebuilt.transcript() == game.transcript()
    assert game.replayed().transcript() == game.transcript()
    assert game.undone().hand_record.dealt == game.hand_record.dealt
    assert isinstance(game.deal, ChosenDeal)
    assert Game(PAGAT, 4, seed=5, deal=game.deal).hand_record.dealt == game.hand_record.dealt


def test_the_separate_trump_card_can_be_chosen():
    """pagat variant: the turned card is a sixth card, in nobody's hand."""
    rules = dataclasses.replace(PAGAT, separate_trump_card="dealer")
    game = Game(rules, 4, deal={"A": "C2 C3 C4 C5 C6", "turned": "HQ"})
    assert game.trump_card == parse_card("HQ")
    assert all(game.trump_card not in cards for cards in game.hand_record.dealt.values())
    assert game.hand_record.dealt["A"] == parse_cards("C2 C3 C4 C5 C6")


def test_named_seats_take_their_names_in_the_deal():
    game = Game(PAGAT, ["Ana", "Bo", "Cy"], deal={"Bo": "S2 S3 S4 S5 S6"})
    assert game.cards_of("Bo") == parse_cards("S2 S3 S4 S5 S6")


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("A: S2 S3", ["deal must map seats to five cards", "'turned'"]),
        ({"Z": "S2 S3 S4 S5 S6"}, ["'Z'", "not a seat", "A, B, C, D", "'stock'"]),
        ({"B": "S2 S3 S4 S5"}, ["B 4 cards", "exactly 5"]),
        ({"B": "S2 S3 S4 S5 S6 S7"}, ["B 6 cards", "exactly 5"]),
        ({"B": "S2 S3 S4 S5 S2"}, ["cards of B", "twice"]),
        ({"B": "S2 S3 S4 S5 S6", "C": "S6 H3 H4 H5 H6"}, ["6♠ twice", "to B and to C"]),
        ({"B": "S2 S3 S4 S5 X9"}, ["cards of B", "'X9'", "accepted forms"]),
        ({"turned": "S2 S3"}, ["turned card", "one card"]),
        ({"B": "S2 S3 S4 S5 S6", "turned": "S4"}, ["4♠ twice", "turned card"]),
        ({"A": "C2 C3 C4 C5 SA", "turned": "HA"}, ["fifth card", "A♠, not A♥"]),
        ({"stock": " ".join(c.code for c in DECK[:33])}, ["33 cards on the stock", "only 32"]),
        ({"stock": "S2 S2"}, ["cards of the stock", "twice"]),
    ],
)
def test_a_deal_that_cannot_be_dealt_is_refused(deal, words):
    """Each seat named exactly five cards, no card twice, only seats of this table (with
    'turned' and 'stock'): anything else is refused, saying what is wrong."""
    with pytest.raises(GameError) as refused:
        Game(PAGAT, 4, deal=deal)
    for word in words:
        assert word in str(refused.value), (word, str(refused.value))


def test_a_seat_named_stock_is_a_seat():
    """A player called 'stock' is dealt what the deal names for that seat."""
    game = Game(PAGAT, ["stock", "B"], deal={"stock": "H2 H3 H4 H5 H6"})
    assert game.cards_of("stock") == parse_cards("H2 H3 H4 H5 H6")
