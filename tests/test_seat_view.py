"""What one seat may know of a hand in play: others' cards are hidden, counts stay."""

from __future__ import annotations

from bourre_lessons import Game
from bourre_lessons.seat_view import public_transcript, seen_by


def test_others_dealt_discarded_and_drawn_cards_become_counts():
    assert seen_by("B is dealt 8♠ 2♥ 5♣ K♠ Q♦", "A") == "B is dealt 5 cards"
    assert seen_by("C discards 4♦ 6♣ and draws 2♠ 3♠", "A") == "C throws away 2 cards and draws 2"
    assert seen_by("C discards 4♦ and draws nothing", "A") == "C throws away 1 card and draws 0"
    assert seen_by("C discards 4♦", "A") == "C throws away 1 card"
    assert seen_by("C draws 2♠", "A") == "C draws 1 card"


def test_your_own_lines_and_public_lines_stay_whole():
    assert seen_by("A is dealt 8♠ 2♥ 5♣ K♠ Q♦", "A") == "A is dealt 8♠ 2♥ 5♣ K♠ Q♦"
    own_swap = "A discards 5♦ Q♦ and draws 2♠ 3♠"
    assert seen_by(own_swap, "A") == own_swap
    for line in ("B says play", "C plays 7♥", "D wins trick 1 with K♥", "C keeps all five cards"):
        assert seen_by(line, "A") == line


def test_only_the_hand_in_play_is_hidden():
    game = Game(players=3, seed=2)
    while game.phase != "settled":
        game.apply(game.legal_actions()[0])
    game.apply("deal")
    text = game.transcript()
    shown = public_transcript(text, "A", hand_over=False)
    first, second = shown.split("== Hand 2")
    assert first == text.split("== Hand 2")[0], "a hand that is over shows whole"
    assert "B is dealt 5 cards" in second and "C is dealt 5 cards" in second
    assert public_transcript(text, "A", hand_over=True) == text
