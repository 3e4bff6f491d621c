"""What one seat may know of a hand in play: others' cards are hidden, counts stay."""

from __future__ import annotations

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.seat_view import public_transcript, seen_by, transcript_for

SEATS = ("A", "B", "C", "D")


def test_others_dealt_discarded_and_drawn_cards_become_counts():
    assert seen_by("B is dealt 8♠ 2♥ 5♣ K♠ Q♦", "A", SEATS) == "B is dealt 5 cards"
    swap = "C discards 4♦ 6♣ and draws 2♠ 3♠"
    assert seen_by(swap, "A", SEATS) == "C throws away 2 cards and draws 2"
    assert seen_by("C discards 4♦ and draws nothing", "A", SEATS) == (
        "C throws away 1 card and draws 0"
    )
    assert seen_by("C discards 4♦", "A", SEATS) == "C throws away 1 card"
    assert seen_by("C draws 2♠", "A", SEATS) == "C draws 1 card"


def test_your_own_lines_and_public_lines_stay_whole():
    assert seen_by("A is dealt 8♠ 2♥ 5♣ K♠ Q♦", "A", SEATS) == "A is dealt 8♠ 2♥ 5♣ K♠ Q♦"
    own_swap = "A discards 5♦ Q♦ and draws 2♠ 3♠"
    assert seen_by(own_swap, "A", SEATS) == own_swap
    for line in ("B says play", "C plays 7♥", "D wins trick 1 with K♥", "C keeps all five cards"):
        assert seen_by(line, "A", SEATS) == line


def test_a_line_about_the_discards_that_is_no_seat_s_draw_stays_whole():
    """The restock line speaks of 'the discards of the players already served': it is public,
    and no seat is its subject, so it must not be read as somebody throwing cards away."""
    line = (
        "The stock is empty: the passed hands and the discards of the players already served "
        "(14 cards) are shuffled to make a new stock"
    )
    assert seen_by(line, "A", SEATS) == line


def everyone_plays_and_draws_five(game: Game) -> None:
    """Every seat says play (when it may) and throws away as many cards as it can, in either
    order of play or pass and the draw."""
    while game.phase in ("declare", "draw"):
        if game.phase == "declare":
            game.apply("play" if "play" in game.legal_actions() else game.legal_actions()[0])
            continue
        swaps = [a for a in game.legal_actions() if a.startswith("discard")]
        game.apply(max(swaps, key=len) if swaps else game.legal_actions()[0])


def test_a_restock_during_the_hand_keeps_its_own_line_and_hides_the_draws():
    """Eight players who all draw five empty the stock (pagat restock): the restock line reads
    as the engine wrote it, while every other seat's discards and draws are counts."""
    game = Game(Rules.preset("pagat"), players=8, seed=0)
    everyone_plays_and_draws_five(game)
    full = game.transcript().splitlines()
    restocks = [line for line in full if line.startswith("The stock is empty")]
    assert restocks, "this deal was chosen because its stock runs out"
    shown = transcript_for(game, "A").splitlines()
    assert [line for line in shown if line.startswith("The stock is empty")] == restocks
    hidden = {str(c) for seat in game.players[1:] for c in game.hand_record.drawn[seat]}
    own = {str(c) for c in (*game.cards_of("A"), game.trump_card)}
    others_lines = [line for line in shown if not line.startswith("A ")]
    assert not [c for c in hidden - own if any(c in line.split() for line in others_lines)]


def test_names_with_spaces_are_recognised():
    """Seats may have names of several words: their cards are hidden all the same."""
    game = Game(Rules.preset("pagat"), players=["Ann Lee", "Bo Ek", "Cy"], seed=4)
    shown = transcript_for(game, "Ann Lee")
    assert "Bo Ek is dealt 5 cards" in shown and "Cy is dealt 5 cards" in shown
    mine = " ".join(str(c) for c in game.hand_record.dealt["Ann Lee"])
    assert f"Ann Lee is dealt {mine}" in shown


def test_only_the_hand_in_play_is_hidden():
    game = Game(players=3, seed=2)
    while game.phase != "settled":
        game.apply(game.legal_actions()[0])
    assert transcript_for(game, "A") == game.transcript(), "a hand that is over shows whole"
    game.apply("deal")
    text = game.transcript()
    shown = public_transcript(text, "A", hand_over=False, players=game.players)
    first, second = shown.split("== Hand 2")
    assert first == text.split("== Hand 2")[0], "a hand that is over shows whole"
    assert "B is dealt 5 cards" in second and "C is dealt 5 cards" in second
    assert public_transcript(text, "A", hand_over=True) == text
    assert public_transcript(text, "A", hand_over=False) == shown, "the seats dealt to, found"
    assert transcript_for(game, "A") == shown
    assert transcript_for(game, None) == text, "no seat: the whole transcript"


def test_an_unknown_seat_is_refused():
    with pytest.raises(ValueError, match=r"no seat 'Z'.*A, B, C"):
        transcript_for(Game(players=3, seed=2), "Z")


def test_in_one_round_a_later_speaker_hears_how_many_cards_each_earlier_player_drew():
    """pagat's one round (the course's reading): "“プレイ” を宣言したならば、手札を何枚か裏向きに
    捨て札にして、その枚数を宣言してください" (if you declared play, discard some cards face down
    and announce how many). When C is to declare, C's transcript already says how many cards B
    threw away and drew, but not which; in two rounds (glimne) C hears only B's word."""
    game = Game(Rules.preset("pagat"), players=4, seed=5).play("play")
    thrown = game.cards_of("B")[:2]
    game.apply("discard " + " ".join(c.code for c in thrown))
    assert game.phase == "declare" and game.to_act == "C"
    shown = transcript_for(game, "C").splitlines()
    assert "B throws away 2 cards and draws 2" in shown
    assert not any(str(c) in line.split() for c in thrown for line in shown if line[0] == "B")
    glimne = Game(Rules.preset("glimne"), players=4, seed=5).play("play")
    assert glimne.to_act == "C" and glimne.phase == "declare"
    assert not any("throws away" in line for line in transcript_for(glimne, "C").splitlines())
