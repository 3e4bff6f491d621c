"""The drawn card table, headless: what it is given to draw, and the clicks it sends back."""

from __future__ import annotations

from pathlib import Path

import pytest
import traitlets

from bourre_lessons import parse_card
from bourre_lessons.cards import Suit
from bourre_lessons.scenes import show
from bourre_lessons.widgets.card_table import STATIC, CardTable
from bourre_lessons.widgets.table_model import (
    TableScene,
    card_label,
    feedback_entry,
    hand_entries,
    seat_entry,
    trick_entries,
)


def cards(text: str):
    return [parse_card(code) for code in text.split()]


def table_with(hand: str) -> CardTable:
    view = CardTable()
    view.show(TableScene(hand=hand_entries(cards(hand))))
    return view


def test_a_click_message_reaches_the_handler_with_the_card_code():
    view = table_with("H7 SJ")
    heard: list[str] = []
    view.on_play(heard.append)
    view._handle_custom_msg({"type": "play", "card": "SJ"}, [])  # as the browser sends it
    view.click("H7")
    assert heard == ["SJ", "H7"]


def test_a_click_on_a_card_not_in_the_hand_is_refused_and_changes_nothing():
    view = table_with("H7 SJ")
    heard: list[str] = []
    view.on_play(heard.append)
    before = list(view.hand)
    view.click("DA")
    assert heard == [] and view.hand == before
    assert view.feedback["verdict"] == "illegal"
    assert "A♦ is not a card of your hand" in view.feedback["head"]
    view.click("Z9")
    assert "'Z9' is not a card of your hand" in view.feedback["head"]
    assert "You hold: 7♥ J♠." in view.feedback["lines"]


def test_other_messages_are_ignored():
    view = table_with("H7")
    heard: list[str] = []
    view.on_play(heard.append)
    view._handle_custom_msg({"type": "hover", "card": "H7"}, [])
    view._handle_custom_msg("play H7", [])
    assert heard == []


def test_a_bad_size_is_refused_with_the_accepted_sizes():
    with pytest.raises(traitlets.TraitError, match="normal, classroom"):
        CardTable(size="huge")


def test_labels_say_the_card_and_its_legality_in_words():
    assert card_label(parse_card("QH"), legal=True) == "queen of hearts, legal"
    assert card_label(parse_card("QH"), legal=False) == "queen of hearts, not allowed"
    hand = hand_entries(cards("QH S2"), legal=cards("QH"))
    assert [(c["card"], c["lifted"], c["label"]) for c in hand] == [
        ("HQ", True, "queen of hearts, legal"),
        ("S2", False, "two of spades, not allowed"),
    ]


def test_a_played_card_leaves_the_hand():
    hand = hand_entries(cards("QH S2 D9"), played=parse_card("S2"))
    assert [c["card"] for c in hand] == ["HQ", "D9"]


def test_the_trick_marks_the_led_card_and_the_card_winning_so_far():
    plays = list(zip("ABC", cards("H6 S6 H2"), strict=True))
    trick = trick_entries(plays, Suit.SPADES)
    assert [(c["seat"], c["led"], c["winning"]) for c in trick] == [
        ("A", True, False),
        ("B", False, True),
        ("C", False, False),
    ]
    assert trick[1]["label"] == "B: six of spades (winning so far)"


def test_seats_say_everything_they_show():
    seat = seat_entry("C", "Cleo", status="plays", tricks=2, chips=12, turn=True, dealer=True)
    assert seat["label"] == "seat C, Cleo, dealer, 12 chips, plays, 2 tricks, to play"


def test_feedback_reads_its_verdict_from_the_mark():
    assert feedback_entry("✔ J♠ is allowed.\nmore")["verdict"] == "legal"
    assert feedback_entry("✘ 4♠ is not allowed.")["verdict"] == "illegal"
    assert feedback_entry("Choose again.")["verdict"] == "info"
    assert feedback_entry("")["verdict"] == ""
    with pytest.raises(ValueError, match="verdict must be one of"):
        feedback_entry("x", verdict="maybe")


def test_a_scene_draws_on_the_table_and_a_refused_card_shakes():
    w = show("glimne-5")
    while not w.your_turn:
        w.next()
    w.table.click("S4")
    assert w.table.feedback["verdict"] == "illegal" and w.table.shake["card"] == "S4"
    assert {c["card"] for c in w.table.hand} == {"S4", "SJ", "DK"}, "the hand is unchanged"
    w.table.click("SJ")
    assert w.table.feedback["verdict"] == "legal"
    assert [c["card"] for c in w.table.trick] == ["H6", "S6", "H2", "SJ"]
    assert "This trick: A: six of hearts (led)" in w.table.to_text()


def test_the_drawing_files_ship_in_the_package_and_load_nothing_from_outside():
    js = (STATIC / "card_table.js").read_text(encoding="utf-8")
    css = (STATIC / "card_table.css").read_text(encoding="utf-8")
    assert "export default" in js
    for text in (js, css):
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text and "@import" not in text and "url(" not in text
    assert "prefers-reduced-motion" in css
    assert Path(STATIC).is_dir()
