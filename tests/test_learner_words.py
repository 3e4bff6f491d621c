"""What a learner read on the way through the course, said once and in the page's own terms
(issue 28 §3): a refusal does not list the same cards twice, a table with buttons names its
buttons instead of words to type, and the lessons' own words agree with each other.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bourre_lessons.play import Situation, explain
from bourre_lessons.widgets.table.table import TableWidget
from bourre_lessons.widgets.table.table_text import button_words

ROOT = Path(__file__).resolve().parents[1]
CARDS = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣](?:, (?:10|[2-9JQKA])[♠♥♦♣])+")


@pytest.mark.parametrize(
    ("hand", "trump", "trick", "card"),
    [
        ("DA DJ D7 D6 S2", "H", ("D2",), "S2"),  # must follow: every diamond is legal
        ("DA DJ D7 D6 S2", "H", ("D9",), "D6"),  # must beat: A♦ and J♦
        ("DA DJ D7 D6 S2", "H", ("D9",), "S2"),  # the why lists all four, the legal two
        ("HA H7 S2 S3 C4", "H", ("D9",), "S2"),  # void: must trump
    ],
)
def test_a_refusal_names_each_list_of_cards_once(hand, trump, trick, card):
    """'(A♦, J♦, 7♦, 6♦); play one of A♦, J♦, 7♦, 6♦' said the list twice; now a list the
    reason has given is not repeated, and the cards to play are always named."""
    verdict = explain(Situation(hand=hand, trump=trump, trick=trick), card)
    assert not verdict.legal
    lists = CARDS.findall(verdict.reason)
    assert len(lists) == len(set(lists)), verdict.reason
    legal = sorted(
        c
        for c in Situation(hand=hand, trump=trump, trick=trick).hand
        if explain(Situation(hand=hand, trump=trump, trick=trick), c).legal
    )
    assert all(str(c) in verdict.reason for c in legal), verdict.reason


def test_the_game_table_names_its_buttons_not_words_to_type():
    """At the table a refusal says which button to press ("press Play or Pass"), not "say
    'play'", which is how the engine answers words typed in code."""
    table = TableWidget(rules="pagat", players=4, seed=12)
    table.advance_to_you()
    refused = table.discard()  # Discard selected, before saying play
    assert "press Play or Pass" in refused
    assert "say '" not in refused
    table.declare(True)
    refused = table.declare(True)  # Play again, in the draw
    assert "Discard selected" in refused and "Keep all" in refused
    assert "say '" not in refused


def test_button_words_leave_other_messages_alone():
    assert button_words("A must declare now: say 'play'") == "A must declare now: press Play"
    assert button_words("the hand is over; the only action now is 'deal'").endswith(
        "press Deal next hand"
    )
    assert button_words("7♥ is not a card of your hand.") == "7♥ is not a card of your hand."


def test_set_01_states_its_own_task_on_the_table():
    """Set 1 asks for every card you may play, then Check: the table says that, not "play a
    card" (one click would then seem to be the answer)."""
    from bourre_lessons.widgets.exercises.exercise_cards import LegalCardsWidget

    app = LegalCardsWidget(seed=5, progress=False)
    status = app.table.status
    assert "click every card you may play, then Check" in status, status
    assert "play a card." not in status


def test_feedback_names_the_buttons_the_learner_sees():
    """A wrong answer's last line names the Hint and Show solution buttons, without the
    function calls of the code (which a learner at the buttons has no use for)."""
    from bourre_lessons.exercises.feedback import ON_REQUEST

    assert "Hint" in ON_REQUEST and "Show solution" in ON_REQUEST
    assert "()" not in ON_REQUEST


def test_set_02_asks_for_no_button_it_lacks():
    """Set 2's form asks to click seats; there is no "none" button, so it does not ask for one."""
    from bourre_lessons.widgets.exercises.exercise_settle import QUESTIONS, SettlePotWidget

    app = SettlePotWidget(seed=3, progress=False)
    buttons = {b.description.lower() for b in app.skips.values()}
    assert "none" not in buttons
    assert not re.search(r"click (none|nobody)\b", QUESTIONS["skips_next_ante"])


def _lesson(name: str) -> str:
    return (ROOT / "notebooks" / f"{name}.md").read_text(encoding="utf-8")


def test_glimnes_payment_to_the_winner_is_our_reading_in_lesson_06_the_table_and_sheet():
    """Lesson 06 once called it "can also be read", then "the literal reading", and the cheat
    sheet stated it as glimne's rule: all three now mark it as our (literal) reading."""
    from bourre_lessons.sources import stance_words, switch_table_text
    from bourre_lessons.widgets import cheat_sheet as sheet

    lesson = _lesson("06_settling_the_pot")
    assert "can also be read" not in lesson
    assert lesson.count("our reading of glimne") == 2, "the box and the section say it alike"
    assert stance_words("bourre_paid_to", "glimne", "winner") == "winner (our reading)"
    row = next(line for line in switch_table_text().splitlines() if line.startswith("bourre_paid"))
    assert "winner (our reading)" in row
    assert "winner (our reading)" in sheet.sheet_text(sheet.cheat_sheet())


def test_08b_puts_the_first_chip_of_the_bourred_under_our_reading_not_pagats_words():
    """The register files "everyone pays the first chip, even the bourréd" as
    reading-double-ante: lesson 08b says it under "Our reading", not "What pagat says"."""
    from bourre_lessons.sources import reading

    assert "everyone pays the first ante" in reading("reading-double-ante").text
    lesson = _lesson("08b_variants")
    says = lesson.split("**What pagat says.**", 1)[1].split("\n\n", 1)[0]
    assert "bourréd" not in says, says
    ours = lesson.split("**Our reading** (pagat does not say; `reading-double-ante`)", 1)[1]
    assert "even the players who were bourréd" in ours.split("\n\n", 1)[0]


def test_the_glossary_translates_glimnes_words_as_the_register_does():
    """glimne's gloss of "bourré" ("stoppning", "utfyllnadsmaterial") reads the same in the
    glossary as in the register's translation."""
    from bourre_lessons.sources import entry

    translation = entry("glimne-name").translation
    words = re.findall(r"'([^']+)'", translation)
    assert words == ["bourré", "stuffing", "padding"], translation
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert f"({words[1]}, {words[2]})" in glossary


def test_lesson_00_says_which_lessons_play_another_rulebook():
    """Lesson 00 promised pagat's rules for every scene of 01-07, but 05a shows glimne's
    duties by glimne's rules: the welcome now names that exception, and it is the only one."""
    welcome = _lesson("00_welcome")
    assert "every scene is played by pagat's rules" not in welcome
    assert "except the two of lesson 05a" in welcome
    others = {
        path.stem[:3]
        for path in sorted((ROOT / "notebooks").glob("0[1-7]*.md"))
        if re.search(r'show\("(glimne|wikipedia)-', path.read_text(encoding="utf-8"))
    }
    assert others == {"05a"}, others
