"""What the card table shows for each exercise (widgets/exercises/exercise_tables.py), as plain data.

The first promise of the course: before the learner answers, no legal card is lifted and no
winning card of a question about the winner is lit. Positions are written by hand from the
sources' examples.
"""

from __future__ import annotations

from bourre_lessons import Game, Rules, Situation
from bourre_lessons.cards import parse_card, parse_cards, parse_suit
from bourre_lessons.exercises import source_settle_exercises
from bourre_lessons.exercises.play_or_pass import PlayOrPassExercise
from bourre_lessons.sim.advisor import PlayOrPassQuestion
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.widgets.exercises.exercise_tables import (
    chosen_hand,
    deal_scene,
    finished_hand_scene,
    position_scene,
    settle_scene,
    trick_scene,
)
from bourre_lessons.widgets.table.table_model import text_lines


def glimne_2() -> Situation:
    """glimne 2's example: spades trump, 7♥ and K♥ played; you hold 4♥ J♥ 9♣ (SCENES)."""
    return Situation(hand="4♥ J♥ 9♣", trump="♠", trick="7♥ K♥", players_after=1, seen="2♦ 3♦")


def test_a_position_shows_seats_trick_earlier_cards_and_hand_but_no_answer():
    scene = position_scene(glimne_2())
    assert [s["seat"] for s in scene.seats] == ["A", "B", "You", "C"]
    assert [(e["seat"], e["card"]) for e in scene.trick] == [("A", "H7"), ("B", "HK")]
    assert [e["card"] for e in scene.past[0]["cards"]] == ["D3", "D2"]
    assert not any(e["lifted"] or e["chosen"] for e in scene.hand)
    assert scene.status == "Your turn: play a card."  # a position alone; set 1 says its task
    text = "\n".join(text_lines(scene.traits()))
    assert "Earlier tricks, the cards played: 3♦ 2♦" in text


def test_chosen_cards_are_marked_and_legal_ones_lifted_only_when_given():
    hand = chosen_hand(parse_cards("4♥ J♥ 9♣"), chosen=[parse_card("4♥")])
    assert [e["chosen"] for e in hand] == [True, False, False]
    assert [e["lifted"] for e in hand] == [False, False, False]
    assert hand[0]["label"] == "four of hearts, chosen"
    shown = chosen_hand(parse_cards("4♥ J♥ 9♣"), legal=[parse_card("J♥")])
    assert [e["lifted"] for e in shown] == [False, True, False]
    assert shown[1]["label"] == "jack of hearts, legal"


def test_a_trick_asked_about_lights_no_winner_until_the_answer_is_given():
    """Hearts trump; 5♦ led, the Q♥ trumps: the Q♥ takes it (pagat, play)."""
    trick = parse_cards("5♦ A♣ Q♥ K♦")
    quiz = trick_scene(trick, parse_suit("H"))
    assert not any(e["winning"] for e in quiz.trick)
    assert [e["led"] for e in quiz.trick] == [True, False, False, False]
    assert all(e["pickable"] for e in quiz.trick)
    answered = trick_scene(trick, parse_suit("H"), winner=parse_card("Q♥"))
    assert [e["card"] for e in answered.trick if e["winning"]] == ["HQ"]


def test_a_hand_to_settle_shows_who_played_the_tricks_and_the_pot():
    """glimne's payment example: A 2, B 2, C 1, D 0 tricks; E and F passed; 10 in the pot."""
    scene = settle_scene(source_settle_exercises()[0])
    assert scene.pot == 10 and scene.hand == [] and scene.trick == []
    shown = {s["seat"]: (s["status"], s["tricks"]) for s in scene.seats}
    assert shown == {
        "A": ("plays", 2),
        "B": ("plays", 2),
        "C": ("plays", 1),
        "D": ("plays", 0),
        "E": ("passed", None),
        "F": ("passed", None),
    }
    assert "the pot holds 10" in scene.status


def test_a_deal_shows_what_the_earlier_seats_said_and_the_turned_card_by_the_dealer():
    """Four players, you third to speak (D): B said play, C passed; A deals."""
    hands = (
        parse_cards("S2 S3 S4 S5 S6"),
        parse_cards("H2 H3 H4 H5 H6"),
        parse_cards("SA SK D2 C3 C4"),
        parse_cards("D5 D6 D7 D8 C9"),
    )
    ex = PlayOrPassExercise(
        "play-or-pass/test", "clear", PlayOrPassQuestion(hands[2], "C9", 3, 4), hands=hands
    )
    ex.__dict__["heard"] = (True, False)  # what the bots said, written by hand for this test
    scene = deal_scene(ex, pot=4)
    seats = {s["seat"]: s for s in scene.seats}
    assert [s["seat"] for s in scene.seats] == ["B", "C", "D", "A"]
    assert (seats["B"]["status"], seats["C"]["status"]) == ("plays", "passed")
    assert seats["D"]["you"] and seats["A"]["dealer"] and seats["A"]["status"] == ""
    assert scene.trump["card"] == "C9" and scene.trump["beside"] == "A"
    assert scene.pot == 4 and [e["card"] for e in scene.hand] == ["SA", "SK", "D2", "C4", "C3"]


def test_in_one_round_a_deal_shows_how_many_cards_the_earlier_players_drew():
    """pagat read as one round: a seat that said play drew at once, and the seat says so
    ("plays, drew 3"), as set 5's prompt tells it; a pass says nothing more."""
    question = PlayOrPassQuestion("SA SK D2 C3 C4", "C9", 3, 4)
    ex = PlayOrPassExercise("play-or-pass/test", "clear", question)
    ex.__dict__["heard"] = (True, False)
    ex.__dict__["drew"] = (3, -1)
    seats = {s["seat"]: s["status"] for s in deal_scene(ex, pot=4).seats}
    assert (seats["B"], seats["C"]) == ("plays, drew 3", "passed")
    ex.__dict__["drew"] = ()  # two rounds: nothing drawn yet when you speak
    seats = {s["seat"]: s["status"] for s in deal_scene(ex, pot=4).seats}
    assert (seats["B"], seats["C"]) == ("plays", "passed")


def test_a_finished_hand_shows_every_trick_and_no_hand():
    game = Game(Rules.preset("pagat"), 4, seed=3)
    play_bots(game, HeuristicBot())
    scene = finished_hand_scene(game, "A")
    assert len(scene.past) == 5 and scene.hand == []
    assert next(s for s in scene.seats if s["seat"] == "A")["you"]
    assert scene.trump["beside"] == game.hand_record.dealer
