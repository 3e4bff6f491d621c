"""The exercise widgets, driven from code as a learner's clicks would drive them.

Positions are written out by hand (from SCENES.md and the sources' examples); their answers are
the sources' answers, not values computed by the widgets.
"""

from __future__ import annotations

import pytest

from bourre_lessons import Rules, Situation, parse_card
from bourre_lessons.exercises import LegalCardsExercise, NamingExercise, source_settle_exercises
from bourre_lessons.progress import Progress
from bourre_lessons.widgets.exercise_apps import LegalCardsWidget, NamingWidget, SettlePotWidget


def glimne_5() -> LegalCardsExercise:
    """SCENES glimne-5: spades trump; H6 led, S6 trumped, H2 followed; you hold S4 SJ DK.
    glimne 5: void in hearts, holding a trump that beats S6, only SJ may be played."""
    s = Situation(hand="S4 SJ DK", trump="S", trick="H6 S6 H2", players_after=1)
    return LegalCardsExercise("legal-cards/test/glimne-5", "overtrump", s, Rules.preset("glimne"))


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def shown(widget) -> str:
    """The text in the widget's Output area (its state, as the browser receives it)."""
    return "".join(out["text"] for out in widget.output.outputs)


# --- set 1 ---------------------------------------------------------------------------------------


@pytest.fixture
def picker() -> LegalCardsWidget:
    return LegalCardsWidget(exercise=glimne_5(), progress=False)


def test_legal_cards_widget_has_stable_dom_classes(picker):
    assert {"bourre-ex", "bourre-ex-legal-cards"} <= classes(picker)
    assert "bourre-ex-check" in classes(picker.check_button)
    assert "bourre-ex-new" in classes(picker.new_button)
    assert "bourre-ex-hint" in classes(picker.hint_button)
    assert "bourre-ex-feedback" in classes(picker.output)
    assert "bourre-ex-level" in classes(picker.level)
    assert "bourre-ex-rulebook" in classes(picker.rulebook)
    codes = {code for b in picker.card_buttons.values() for code in classes(b)}
    assert {
        "bourre-ex-card",
        "bourre-ex-card-S4",
        "bourre-ex-card-SJ",
        "bourre-ex-card-DK",
    } <= codes


def test_right_selection_is_marked_right(picker):
    """glimne 5: only the jack of spades overtrumps the 6 of spades."""
    fb = picker.select("SJ").check()
    assert fb.correct
    assert shown(picker).startswith("✔ Right: You may play exactly J♠ [glimne 5].")
    assert "bourre-ex-right" in classes(picker.card_buttons[parse_card("SJ")])
    assert "Selected: J♠" in picker.to_text()


def test_a_wrong_selection_is_counted_and_no_card_is_marked(picker):
    """glimne 5: the 4♠ and the K♦ are refused and the J♠ missed. The first check says how many
    cards are missing or wrong, never which: no card turns red or orange (issue 14)."""
    fb = picker.select("S4", "DK").check()
    assert not fb.correct
    text = shown(picker)
    assert text.startswith(
        "✘ Not yet: 1 card you may play is missing and 2 cards you chose may not be played."
    )
    assert "J♠" not in text and "4♠" not in text
    for button in picker.card_buttons.values():
        assert not {"bourre-ex-wrong", "bourre-ex-missed"} & set(classes(button))
        assert not button.description.endswith(("✘", "?"))
    assert "Feedback: ✘ Not yet" in picker.to_text()


def test_a_right_selection_marks_each_card_to_play(picker):
    fb = picker.select("SJ").check()
    assert fb.correct
    assert "bourre-ex-right" in classes(picker.card_buttons[parse_card("SJ")])


def test_changing_the_selection_clears_the_marks(picker):
    picker.select("S4").check()
    picker.card_buttons[parse_card("SJ")].value = True  # a click on the jack
    assert all("bourre-ex-wrong" not in classes(b) for b in picker.card_buttons.values())
    assert picker.selected == {parse_card("S4"), parse_card("SJ")}


@pytest.mark.parametrize(
    ("cards", "says"), [(("Z9",), "'Z9' is not a card I know"), (("HA",), "You do not hold A♥")]
)
def test_selecting_a_bad_card_gives_a_message_not_an_error(picker, cards, says):
    picker.select(*cards)
    assert says in shown(picker)
    assert picker.selected == frozenset()


def test_the_check_button_checks_the_toggled_cards(picker):
    picker.card_buttons[parse_card("SJ")].value = True
    picker.check_button.click()
    assert picker.feedback is not None and picker.feedback.correct


def test_hint_and_solution_buttons_write_to_the_feedback_area(picker):
    picker.hint_button.click()
    assert shown(picker).startswith("Hint: A trump is already in the trick")
    picker.solution_button.click()
    assert shown(picker).startswith("Worked solution:\nYou may play J♠.")


def test_new_position_deals_the_next_exercise_and_clears_feedback():
    widget = LegalCardsWidget(seed=4, level="beat", progress=False)
    first = widget.exercise
    widget.select(*[c.code for c in first.situation.hand]).check()
    second = widget.new_position()
    assert second.id != first.id and second.level == "beat"
    assert widget.feedback is None and shown(widget) == ""
    assert list(widget.card_buttons) == list(second.situation.hand)
    assert widget.selected == frozenset()


def test_level_and_rulebook_dropdowns_draw_new_positions():
    widget = LegalCardsWidget(seed=1, progress=False)
    widget.set_level("trump")
    assert widget.exercise.level == "trump"
    widget.set_rulebook("glimne")
    assert widget.rules.source == "glimne" and widget.exercise.level == "trump"
    widget.set_level("known-top")
    assert widget.exercise.level == "known-top"
    widget.set_rulebook("pagat")  # glimne 9 is off under pagat: back to any level
    assert widget.level.value == "" and widget.rules.source == "pagat"
    assert "known-top" not in [value for _, value in widget.level.options]


def test_widget_check_records_progress_unless_told_not_to(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    widget = LegalCardsWidget(exercise=glimne_5(), progress=progress)
    widget.select("S4").check(record=False)
    assert progress.get("legal-cards/test/glimne-5") is None
    widget.select("SJ").check()
    entry = Progress.load(tmp_path / "p.json").get("legal-cards/test/glimne-5")
    assert entry is not None and entry.attempts == 1 and entry.solved


# --- set 2 ---------------------------------------------------------------------------------------


def settle_example(title: str):
    return next(ex for ex in source_settle_exercises() if ex.title == title)


@pytest.fixture
def table() -> SettlePotWidget:
    return SettlePotWidget(exercise=settle_example("glimne's payment example"), progress=False)


def test_settle_widget_right_answer(table):
    """glimne payment example: 2-2-1-0 with 10 in the pot: split; D pays 10; 20 stays; 26 next."""
    table.fill(payments={"D": 10}, pot_carried=20, next_pot=26)
    assert table.answer() == {
        "winner": None,
        "taken": 0,
        "payments": {"D": 10},
        "pot_carried": 20,
        "skips_next_ante": set(),
        "next_pot": 26,
    }
    assert table.check().correct
    assert shown(table).startswith("✔ Right: Tricks 2-2-1-0")


def test_settle_widget_wrong_winner_names_the_split_pot_rule(table):
    """wikipedia, glimne: a tie for most tricks leaves the pot on the table."""
    fb = table.fill(winner="A", taken=10, payments={"D": 10}, pot_carried=10, next_pot=16).check()
    assert not fb.correct
    text = shown(table)
    assert text.startswith("✘ Not yet: 4 of your 6 answers are not right yet.")
    assert "None" not in text and "26" not in text
    table.hint()
    assert "- Who takes the pot:" in shown(table) and "[split pot]" in shown(table)
    assert "Your answer: winner=A, taken=10, payments={D: 10}" in table.to_text()


def test_settle_widget_bad_values_give_a_message(table):
    table.fill(winner="Q", payments={"Z": 3}, taken="ten")
    text = shown(table)
    assert "winner: 'Q' is not a player at this table (A, B, C, D, E, F)" in text
    assert "payments: 'Z' is not a player at this table" in text
    assert "taken: give a whole number of chips, 0 or more, not 'ten'" in text
    assert table.answer()["winner"] is None


def test_the_form_and_the_checker_read_an_answer_the_same_way(table):
    """One reader for both: what the form accepts, the checker accepts, and the reverse."""
    from bourre_lessons.exercises.settle_pot import read_settle_field

    typed = {
        "Winner": "a",
        "taken": "12",
        "payments": {"d": "10"},
        "pot carried": 3.0,
        "skips next ante": "b, d",
        "next pot": "7",
    }
    table.fill(typed)
    for field, raw in typed.items():
        name, value = read_settle_field(table.exercise, field, raw)
        assert table.answer()[name] == value
    assert table.exercise.check(typed, progress=False).details == table.check(record=False).details


def test_settle_widget_shows_only_the_fields_asked():
    limit = SettlePotWidget(exercise=settle_example("A pot limit of 20"), progress=False)
    assert limit.skips_box not in limit.form.children
    assert limit.next_pot not in limit.form.children
    assert set(limit.answer()) == {"winner", "taken", "payments", "pot_carried"}
    assert "bourre-ex-pays-C" in classes(limit.pays["C"])
    assert "bourre-ex-winner" in classes(limit.winner)


def test_settle_widget_new_hand_resets_the_form(table):
    table.fill(winner="A", taken=4)
    first = table.exercise
    second = table.new_hand()
    assert second is table.exercise and second.id != first.id
    assert table.winner.value == "" and table.taken.value == 0
    assert list(table.pays) == list(second.seats)


# --- set 4 ---------------------------------------------------------------------------------------


def hearts_exercise() -> NamingExercise:
    """Lesson 07's position: spades trump, HK led, one player to come: any heart (pagat 3)."""
    s = Situation(hand="H4 H9 HJ C2", trump="S", trick="HK", players_after=1)
    return NamingExercise("name-the-card/test/hearts", "suit", s, parse_card("H4"))


def test_naming_widget_reads_the_words_by_the_laws():
    """laws 46B2: "a heart" is the lowest legal heart, the 4."""
    talk = NamingWidget(exercise=hearts_exercise(), progress=False)
    fb = talk.say("a heart")
    assert fb.correct
    assert shown(talk).startswith("✔ Right: “a heart” plays 4♥, the card you wanted [laws 46B2].")
    assert "You say: “a heart”" in talk.to_text()
    assert "bourre-ex-say" in classes(talk.say_box)


def test_naming_widget_wrong_words_and_unknown_words():
    """laws 46B3: "the jack" names the only jack, J♥, not the 4; an unknown word is answered
    kindly."""
    talk = NamingWidget(exercise=hearts_exercise(), progress=False)
    assert talk.say("the jack").summary == "“the jack” plays J♥, not 4♥ [laws 46B3]."
    fb = talk.say("the tall one")
    assert not fb.correct and fb.summary.startswith("I did not understand 'tall'")


def test_typing_in_the_box_checks_and_records(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    talk = NamingWidget(exercise=hearts_exercise(), progress=progress)
    talk.say_box.value = "low"  # what pressing Enter in the box sends
    assert talk.feedback is not None and talk.feedback.correct
    entry = progress.get("name-the-card/test/hearts")
    assert entry is not None and entry.attempts == 1 and entry.solved


def test_naming_widget_new_position_clears_the_box():
    talk = NamingWidget(seed=29, progress=False)
    talk.say("a heart")
    first = talk.exercise
    talk.new_position()
    assert talk.exercise.id != first.id
    assert talk.say_box.value == "" and talk.feedback is None
    assert "You say: -" in talk.to_text()
