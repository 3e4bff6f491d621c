"""Lesson 01, your first hand: the story, its words, the hints, and the view that draws it.

The golden story (tests/golden/first_hand_seed39.txt) is the whole hand told as the lesson
tells it, the learner following the hints' simple choices. Regenerate after an intended change:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_first_hand.py
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

from bourre_lessons import parse_card
from bourre_lessons.actions import GameError, IllegalAction
from bourre_lessons.first_hand import FIRST_HAND_SEED, TERMS, FirstHand, plain_choice
from bourre_lessons.widgets.first_hand_view import FirstHandView

GOLDEN = Path(__file__).parent / "golden" / f"first_hand_seed{FIRST_HAND_SEED}.txt"
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def played_through(seed: int = FIRST_HAND_SEED) -> FirstHand:
    hand = FirstHand(seed)
    hand.finish()
    return hand


def test_the_golden_story_is_unchanged():
    text = played_through().to_text() + "\n"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True)))
    assert text == expected, f"the first hand's story changed:\n{diff}"


def test_every_word_of_the_lesson_is_defined_once_in_the_default_hand():
    """The issue's list: trick, lead, follow suit, void, trump, winning a trick, tricks face up,
    clockwise, the winner leading next, the pot and bourré all happen, and are defined, in this
    deal (a split pot does not happen here: the lesson says so and the glossary explains it)."""
    hand = played_through()
    defined = [t.key for m in hand.story for t in m.words]
    assert len(defined) == len(set(defined)), "a word was defined twice"
    assert set(TERMS) - set(defined) == {"split-pot"}


def test_a_word_is_defined_where_it_first_happens():
    hand = played_through()
    first = {t.key: m for m in hand.story for t in m.words}
    assert "leads" in " ".join(first["lead"].lines)
    assert "trumps" in first["trump"].meaning or "turned" in first["trump"].meaning
    assert any("throws away" in x or "keeps" in x for x in first["draw"].lines)
    assert any("wins trick 1" in x for x in first["win-a-trick"].lines)
    assert "took no trick" in first["settlement"].meaning


def test_the_story_never_shows_another_players_hidden_cards():
    """Only seat A's cards, the turned card and cards played face up may be named."""
    hand = FirstHand()
    seen: set[str] = {str(c) for c in hand.game.cards_of("A")}
    while True:
        now = hand.now
        for line in now.lines:
            if re.match(r"[A-D] (leads|plays) ", line) or "wins trick" in line:
                seen.update(CARD.findall(line))
            if line.startswith("A "):
                seen.update(CARD.findall(line))
        seen |= {str(c) for c in hand.game.cards_of("A")}
        seen.add(str(hand.game.trump_card))
        shown = set(CARD.findall(now.to_text()))
        if hand.waiting_for != "over":
            assert shown <= seen, f"hidden cards told: {shown - seen}"
            hand._act(plain_choice(hand.game))
        else:
            break


def test_pagat_2_a_card_the_rules_forbid_is_refused_with_its_rule_and_nothing_changes():
    """pagat 2: "スートのフォローが出来ない場合、もしくはリードされたスートのカードが無い場合は、
    可能な限り切り札をプレイしなければなりません" (When you cannot follow suit, you must play a
    trump if you can). In trick 1 hearts are led and A holds no heart: the 8♠ is refused."""
    hand = FirstHand()
    while hand.waiting_for != "card":
        hand._act(plain_choice(hand.game))
    assert hand.game.current_trick.plays[0][1].suit.name.lower() == "hearts"
    before = list(hand.game.actions)
    with pytest.raises(IllegalAction, match=r"pagat 2"):
        hand.play("8S")
    assert hand.game.actions == before
    assert "pagat 2" in hand.hint()
    assert "8♠" not in hand.hint().split(".")[0]


def test_a_decision_out_of_turn_is_a_clear_error():
    hand = FirstHand()
    with pytest.raises(GameError, match="not your declare now"):
        hand.declare(True)
    with pytest.raises(GameError, match="not your card now"):
        hand.play("7D")


def test_the_hints_answer_the_decision_at_hand():
    hand = FirstHand()
    assert "press Next" in hand.hint()
    while hand.waiting_for != "declare":
        hand.next()
    assert "4 trumps" in hand.hint()
    hand.declare(True)
    while hand.waiting_for != "draw":
        hand.next()
    assert "6♠" in hand.hint()  # the only low side card
    hand.discard("6S")
    assert hand.now.lines[-1].startswith("A discards 6♠")


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_any_deal_plays_through_with_simple_choices(seed):
    """plain_choice only ever takes actions the engine lists, whatever the deal."""
    hand = FirstHand(seed)
    steps = hand.finish()
    assert hand.game.phase == "settled"
    assert all(m.lines for m in steps)


@pytest.mark.parametrize("seed", [FIRST_HAND_SEED, *range(0, 200, 7)])
def test_every_sentence_of_the_story_starts_with_a_capital(seed):
    """A meaning made of parts ("... or be bourré." then "B draws at once.") never leaves a
    sentence starting in lower case, whoever is the second to say play (issue 28)."""
    hand = FirstHand(seed)
    steps = hand.finish()
    lower = [m.meaning for m in steps if re.search(r"[.!?] [a-zà-ÿ]", m.meaning)]
    assert not lower, lower


# --- the view --------------------------------------------------------------------------------


def test_a_new_view_is_at_the_start_and_only_next_is_live():
    view = FirstHandView()
    assert len(view.hand.story) == 1
    assert not view.next_button.disabled
    assert view.play_button.disabled and view.keep_button.disabled and view.hint_button.disabled
    assert "New word · clockwise" in view.to_text()
    assert "Press Next" in view.table.status


def test_the_table_marks_no_seat_to_play_until_the_first_next():
    """Lesson 01 asks "who speaks first, you or B?" above a fresh view: the table must not
    answer it. After the first Next, the seat to act is marked again."""
    view = FirstHandView()
    assert not any(seat["turn"] for seat in view.table.seats)
    assert "to play" not in view.table.to_text()
    view.next()
    assert [seat["seat"] for seat in view.table.seats if seat["turn"]] == [view.hand.game.to_act]
    view.restart()
    assert not any(seat["turn"] for seat in view.table.seats)


def test_the_view_walks_the_hand_by_clicks():
    view = FirstHandView()
    while view.hand.waiting_for == "next":
        view.next_button.click()
    assert not view.play_button.disabled
    view.play_button.click()
    while view.hand.waiting_for == "next":
        view.next_button.click()
    view.table.click("S6")
    assert not view.exchange_button.disabled
    assert any(e.get("lifted") for e in view.table.hand)
    view.exchange_button.click()
    assert "A discards 6♠" in view.to_text()
    while view.hand.waiting_for == "next":
        view.next_button.click()
    actions = list(view.hand.game.actions)
    view.table.click("S8")
    assert view.hand.game.actions == actions
    assert view.table.feedback["verdict"] == "illegal"
    assert view.table.feedback["rule_id"] == "pagat-2"
    view.hint_button.click()
    assert "The rules allow" in view.hint_view.value
    view.table.click("D6")
    assert view.table.feedback["verdict"] == "legal"
    assert "wins trick 1" in view.to_text()


def test_restart_deals_the_same_hand_again():
    view = FirstHandView()
    view.hand.finish()
    view.restart_button.click()
    assert len(view.hand.story) == 1
    assert view.hand.game.cards_of("A") == FirstHand().game.cards_of("A")


def test_new_words_link_to_the_glossary_and_every_anchor_exists():
    glossary = (Path(__file__).parents[1] / "docs" / "glossary.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', glossary))
    assert {t.anchor for t in TERMS.values()} <= anchors
    view = FirstHandView()
    assert "../docs/glossary.md#clockwise" in view.story.value


def test_a_card_clicked_before_your_turn_changes_nothing():
    view = FirstHandView()
    view.click(parse_card("7D"))
    assert view.hand.game.actions == FirstHand().game.actions
    assert view.feedback.startswith("✘ Not yet")


def test_a_card_off_the_suit_led_is_told_by_the_voids_the_engine_infers():
    """Void in hearts, the trick already trumped: under wikipedia (no trump owed when it
    cannot win) a diamond shows no hearts only, so the story must not say 'no trump'."""
    from bourre_lessons import Rules, Situation, Suit, parse_cards
    from bourre_lessons.first_hand import _void_text
    from bourre_lessons.play import voids_shown_by

    trumped = Situation(hand=parse_cards("D4 S2"), trump="S", trick=parse_cards("H9 SQ"))
    card = parse_card("D4")
    hearts, spades = Suit.HEARTS, Suit.SPADES
    assert voids_shown_by(trumped.trick, card, trumped.trump, Rules.preset("wikipedia")) == {hearts}
    assert voids_shown_by(trumped.trick, card, trumped.trump, Rules.preset("pagat")) == {
        hearts,
        spades,
    }
    kept = _void_text("B", card, hearts, spades, frozenset({hearts}))[0]
    assert "no trump" not in kept and "keep any trump back" in kept
    assert "has no trump" in _void_text("B", card, hearts, spades, frozenset({hearts, spades}))[0]
    trumping = Situation(hand=parse_cards("S2"), trump="S", trick=parse_cards("H9"))
    assert voids_shown_by(trumping.trick, parse_card("S2"), trumping.trump, Rules()) == {hearts}
    following = Situation(hand=parse_cards("H2"), trump="S", trick=parse_cards("H9"))
    assert (
        voids_shown_by(following.trick, parse_card("H2"), following.trump, Rules()) == frozenset()
    )
