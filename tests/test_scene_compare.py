"""Lesson 08's table of the rulebooks side by side: every cell is the engine's own answer."""

from __future__ import annotations

import pytest

from bourre_lessons.rules import SOURCES
from bourre_lessons.scenes import get
from bourre_lessons.scenes.compare import rulebook_row, rulebook_table
from bourre_lessons.text import card_list


def test_a_play_row_lists_each_rulebooks_legal_cards_where_they_part():
    """glimne 6 / wikipedia 2: the K♦ and 8♣ are allowed only under wikipedia."""
    row = rulebook_row("glimne-6")
    scene = get("glimne-6")
    assert dict(row.answers) == {
        name: card_list(sorted(scene.legal(name)), sep=" ") for name in SOURCES
    }
    assert dict(row.answers)["wikipedia"] == "4♠ K♦ 8♣" and row.differ
    assert row.lesson.startswith("04")


def test_a_play_row_takes_the_first_moment_where_the_rulebooks_part():
    """pagat 3 agrees everywhere at its first moment; the second is where wikipedia parts."""
    row = rulebook_row("pagat-3")
    assert dict(row.answers) == {"glimne": "3♠", "wikipedia": "3♠ 5♦", "pagat": "3♠"}


def test_a_story_row_takes_the_first_differing_step_or_the_one_asked():
    first = rulebook_row("pagat-lone")
    assert "without playing a card" in dict(first.answers)["pagat"]
    pay = rulebook_row("glimne-pay", 3)
    assert dict(pay.answers)["glimne"].startswith("D took no trick (bourré) and pays 10")
    assert dict(pay.answers)["pagat"].startswith("D took no trick (bourré) and pays 6")


def test_bad_requests_say_what_is_accepted():
    with pytest.raises(KeyError):
        rulebook_row("glimne-99")
    with pytest.raises(ValueError, match="a step is only for stories"):
        rulebook_row("glimne-6", 2)
    with pytest.raises(ValueError, match="step 40 is out"):
        rulebook_row("glimne-pay", 40)
    with pytest.raises(ValueError, match="at least one scene"):
        rulebook_table([])


def test_the_table_reads_as_text_and_as_escaped_html():
    table = rulebook_table(["glimne-9", ("pagat-ante", 4)])
    text = table.to_text()
    assert repr(table) == text
    assert "glimne 9 · The known top card (lesson 05a)" in text
    assert "      pagat: 9♣ Q♣" in text
    html = table._repr_html_()
    assert html.count("<tr><th scope='row'>") == 2
    assert "<td>Next hand: C and E put in 1 each; A, B and D skip this ante.</td>" in html
