"""Cards: reading every notation the sources use (RULES-SPEC, "Naming a card"), and the
Card value itself (ordering, hashing, names)."""

from __future__ import annotations

import pytest

from bourre_lessons import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards

QUEEN_OF_HEARTS = Card(Suit.HEARTS, Rank.QUEEN)


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        # suit then rank, as SCENES.md and the Swedish source write them
        ("H7", Suit.HEARTS, Rank.SEVEN),
        ("HT", Suit.HEARTS, Rank.TEN),
        ("H10", Suit.HEARTS, Rank.TEN),
        ("hQ", Suit.HEARTS, Rank.QUEEN),
        ("♥Q", Suit.HEARTS, Rank.QUEEN),
        # rank then suit
        ("7H", Suit.HEARTS, Rank.SEVEN),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("TH", Suit.HEARTS, Rank.TEN),
        ("QH", Suit.HEARTS, Rank.QUEEN),
        ("Q♥", Suit.HEARTS, Rank.QUEEN),
        # Swedish suit names (glimne): hjärter, spader, ruter, klöver
        ("hj7", Suit.HEARTS, Rank.SEVEN),
        ("sp8", Suit.SPADES, Rank.EIGHT),
        ("ru9", Suit.DIAMONDS, Rank.NINE),
        ("kl10", Suit.CLUBS, Rank.TEN),
        ("hjJ", Suit.HEARTS, Rank.JACK),
        # case does not matter, and surrounding spaces are ignored
        ("qh", Suit.HEARTS, Rank.QUEEN),
        ("HQ", Suit.HEARTS, Rank.QUEEN),
        ("KL10", Suit.CLUBS, Rank.TEN),
        ("Sp8", Suit.SPADES, Rank.EIGHT),
        ("as", Suit.SPADES, Rank.ACE),
        ("  QH  ", Suit.HEARTS, Rank.QUEEN),
        ("\tH7\n", Suit.HEARTS, Rank.SEVEN),
        # the other signs and letters
        ("A♠", Suit.SPADES, Rank.ACE),
        ("2♦", Suit.DIAMONDS, Rank.TWO),
        ("♣K", Suit.CLUBS, Rank.KING),
        ("DJ", Suit.DIAMONDS, Rank.JACK),
        ("C2", Suit.CLUBS, Rank.TWO),
    ],
)
def test_parse_card_accepts_every_documented_form(text, suit, rank):
    assert parse_card(text) == Card(suit, rank)


def test_parse_card_passes_a_card_through():
    assert parse_card(QUEEN_OF_HEARTS) is QUEEN_OF_HEARTS


def test_the_deck_has_52_distinct_cards():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {(c.suit, c.rank) for c in DECK} == {(s, r) for s in Suit for r in Rank}


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_every_card_round_trips_through_code_and_str(card):
    assert parse_card(card.code) == card
    assert parse_card(str(card)) == card
    assert parse_card(card.code.lower()) == card


@pytest.mark.parametrize(
    ("card", "code", "text"),
    [
        (Card(Suit.HEARTS, Rank.SEVEN), "H7", "7♥"),
        (Card(Suit.SPADES, Rank.TEN), "ST", "10♠"),
        (Card(Suit.DIAMONDS, Rank.ACE), "DA", "A♦"),
        (Card(Suit.CLUBS, Rank.TWO), "C2", "2♣"),
        (QUEEN_OF_HEARTS, "HQ", "Q♥"),
    ],
)
def test_code_and_str(card, code, text):
    assert card.code == code
    assert str(card) == text


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("HQ", "queen of hearts"),
        ("ST", "ten of spades"),
        ("DA", "ace of diamonds"),
        ("C2", "two of clubs"),
        ("SJ", "jack of spades"),
    ],
)
def test_card_name(code, name):
    assert parse_card(code).name == name


def test_parse_cards_reads_a_list():
    assert parse_cards("H7 HT, 10S;QH") == (
        Card(Suit.HEARTS, Rank.SEVEN),
        Card(Suit.HEARTS, Rank.TEN),
        Card(Suit.SPADES, Rank.TEN),
        QUEEN_OF_HEARTS,
    )
    assert parse_cards(["H7", QUEEN_OF_HEARTS]) == (Card(Suit.HEARTS, Rank.SEVEN), QUEEN_OF_HEARTS)


@pytest.mark.parametrize("text", ["", "   ", " , "])
def test_parse_cards_of_nothing_is_empty(text):
    assert parse_cards(text) == ()


def test_parse_cards_of_an_empty_list_is_empty():
    assert parse_cards([]) == ()


@pytest.mark.parametrize("text", ["H7 H7", "H7 7H", "QH Q♥", "hj7 H7", "HT H10"])
def test_parse_cards_refuses_duplicates(text):
    with pytest.raises(CardError, match="twice"):
        parse_cards(text)


@pytest.mark.parametrize("token", ["Z9", "H1", "11H", "", "HH", "H", "7", "QHX", "1 0H"])
def test_parse_card_refuses_unknown_tokens(token):
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert repr(token) in message  # the bad token, quoted
    for form in ("H7", "QH", "Q♥", "10H", "hj7", "kl10"):  # the accepted forms are listed
        assert form in message


def test_parse_cards_names_the_bad_token_in_a_list():
    with pytest.raises(CardError, match="'Z9'"):
        parse_cards("H7 Z9 QH")


@pytest.mark.parametrize("value", [7, None, 3.5])
def test_parse_card_refuses_non_text(value):
    with pytest.raises(CardError, match="text"):
        parse_card(value)


def test_card_refuses_bad_parts():
    with pytest.raises(CardError, match="parse_card"):
        Card("H", 7)


def test_cards_sort_by_suit_then_rank():
    """Suits in the fixed order ♠ ♥ ♦ ♣, two low and ace high within a suit."""
    assert parse_card("SA") < parse_card("H2")
    assert parse_card("H2") < parse_card("HA")
    assert parse_card("HA") < parse_card("D2")
    assert parse_card("DA") < parse_card("C2")
    assert parse_card("ST") < parse_card("SJ")
    assert parse_card("CK") > parse_card("CQ")
    assert sorted(parse_cards("C2 HA S3 D9 H4 SA")) == list(parse_cards("S3 SA H4 HA D9 C2"))
    assert sorted(DECK) == list(DECK)


def test_cards_compare_only_with_cards():
    with pytest.raises(TypeError):
        _ = parse_card("H7") < "H8"


def test_cards_are_hashable_values():
    assert parse_card("QH") == parse_card("Q♥")
    assert hash(parse_card("QH")) == hash(parse_card("hjQ"))
    assert len({parse_card("QH"), parse_card("Q♥"), parse_card("hQ"), parse_card("SQ")}) == 2
    tally = {parse_card("H7"): 1}
    tally[parse_card("7H")] += 1
    assert tally == {parse_card("H7"): 2}


def test_cards_are_frozen():
    with pytest.raises(AttributeError):
        QUEEN_OF_HEARTS.rank = Rank.KING  # type: ignore[misc]
