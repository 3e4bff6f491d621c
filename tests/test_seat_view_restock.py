"""The transcript a seat sees: a public line about the discards is no seat's discard."""

from __future__ import annotations

from bourre_lessons.seat_view import public_transcript, seen_by


def test_the_restock_line_is_public_and_no_seat_throws_cards_away():
    """The stock-empty line speaks of 'the discards of the players already served': no seat
    is its subject, so it is shown whole, not read as somebody's discard."""
    line = (
        "The stock is empty: the passed hands and the discards of the players already served "
        "(14 cards) are shuffled to make a new stock"
    )
    assert seen_by(line, "A", {"A", "B", "C"}) == line
    hand = "== Hand 1 ==\nA is dealt 2♠ 3♠ 4♠ 5♠ 6♠\nB is dealt 7♠ 8♠ 9♠ 10♠ J♠\n" + line + "\n"
    shown = public_transcript(hand, "A", hand_over=False)
    assert line in shown and "B is dealt 5 cards" in shown
