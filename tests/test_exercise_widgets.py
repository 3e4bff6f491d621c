"""The exercise apps, driven headlessly as the browser drives them: a card clicked on the
table is the table's message (`_handle_custom_msg`), a button click is the button's message,
a typed box or a clicked seat is `set_state`, as NOTEBOOK-TOOLCHAIN.md shows.

Positions are written out by hand (from SCENES.md and the sources' examples); their answers are
the sources' answers, not values computed by the apps.
"""

from __future__ import annotations

import pytest

from bourre_lessons import Rules, Situation, parse_card
from bourre_lessons.cards import parse_cards, parse_suit
from bourre_lessons.exercises import LegalCardsExercise, NamingExercise, source_settle_exercises
from bourre_lessons.exercises.drills import LeadTrumpDrill, SureTricksDrill, TrickWinnerDrill
from bourre_lessons.progress import Progress
from bourre_lessons.widgets.exercises.exercise_apps import (
    LeadTrumpApp,
    LegalCardsWidget,
    NamingWidget,
    SettlePotWidget,
    SureTricksApp,
    TrickWinnerApp,
)


def glimne_5() -> LegalCardsExercise:
    """SCENES glimne-5: spades trump; H6 led, S6 trumped, H2 followed; you hold S4 SJ DK.
    glimne 5: void in hearts, holding a trump that beats S6, only SJ may be played."""
    s = Situation(hand="S4 SJ DK", trump="S", trick="H6 S6 H2", players_after=1)
    return LegalCardsExercise("legal-cards/test/glimne-5", "overtrump", s, Rules.preset("glimne"))


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def click(button) -> None:
    """A click on an ipywidgets button, as the browser sends it."""
    button._handle_custom_msg({"event": "click"}, [])


def card(app, code: str) -> None:
    """A click on a card of the hand on the drawn table, as the browser sends it."""
    app.table._handle_custom_msg({"type": "play", "card": code}, [])


def hand(app) -> dict[str, dict]:
    return {entry["card"]: entry for entry in app.table.hand}


def verdict(app) -> str:
    """The callout's verdict as drawn: 'legal' (right), 'illegal' (wrong), 'info' or ''."""
    value = app.callout.value
    return value.split("data-verdict='", 1)[1].split("'", 1)[0]


def shows_no_answer(app) -> None:
    """After Run All: nothing chosen, no verdict, no lifted or lit card."""
    assert app.message == "" and verdict(app) == ""
    assert not any(e.get("lifted") or e.get("chosen") for e in app.table.hand)
    assert not any(e.get("chosen") for e in app.table.trick)


# --- set 1 ---------------------------------------------------------------------------------------


@pytest.fixture
def picker() -> LegalCardsWidget:
    return LegalCardsWidget(exercise=glimne_5(), progress=False)


def test_set_1_draws_the_position_on_the_table_and_shows_no_answer(picker):
    assert {"bourre-ex", "bourre-ex-legal-cards"} <= classes(picker)
    assert "bourre-ex-table" in classes(picker.table) and picker.table.interactive
    assert {"bourre-ex-check", "bourre-ex-hint", "bourre-ex-solution"} <= classes(
        picker.check_button
    ) | classes(picker.hint_button) | classes(picker.solution_button)
    assert "bourre-ex-feedback" in classes(picker.callout)
    assert [e["card"] for e in picker.table.trick] == ["H6", "S6", "H2"]
    assert set(hand(picker)) == {"S4", "SJ", "DK"}
    assert picker.table.trump["suit"] == "S"
    shows_no_answer(picker)
    assert picker.new_button not in picker.children[-2].children, "an item deals no new position"
    with pytest.raises(ValueError, match="practice app"):
        picker.new_position()


def test_clicking_cards_chooses_them_and_a_second_click_takes_one_back(picker):
    card(picker, "S4")
    card(picker, "DK")
    assert picker.selected == {parse_card("S4"), parse_card("DK")}
    assert hand(picker)["S4"]["chosen"] and "chosen" in hand(picker)["S4"]["label"]
    card(picker, "DK")
    assert picker.selected == {parse_card("S4")}
    assert not hand(picker)["DK"]["chosen"]
    assert "Your answer: 4♠" in picker.to_text()


def test_a_wrong_choice_is_counted_and_no_card_is_marked(picker):
    """glimne 5: the 4♠ and the K♦ are refused and the J♠ missed. The check says how many
    cards are missing or wrong, never which: no card is lifted (issue 14)."""
    card(picker, "S4")
    card(picker, "DK")
    click(picker.check_button)
    assert picker.message.startswith(
        "✘ Not yet: 1 card you may play is missing and 2 cards you chose may not be played."
    )
    assert verdict(picker) == "illegal"
    assert "J♠" not in picker.message
    assert not any(e["lifted"] for e in picker.table.hand)


def test_a_right_choice_is_marked_right_and_lifts_the_legal_cards(picker):
    card(picker, "SJ")
    click(picker.check_button)
    assert picker.feedback.correct and verdict(picker) == "legal"
    assert picker.message.startswith("✔ Right: You may play exactly J♠ [glimne 5].")
    assert [c for c, e in hand(picker).items() if e["lifted"]] == ["SJ"]
    card(picker, "S4")  # changing the answer takes the verdict and the lifting away
    assert picker.message == "" and not any(e["lifted"] for e in picker.table.hand)


def test_no_card_chosen_is_not_checked_and_not_recorded(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    app = LegalCardsWidget(exercise=glimne_5(), progress=progress)
    click(app.check_button)
    assert app.message.startswith("✎ Not checked: No card is chosen yet")
    assert verdict(app) == "info" and len(progress) == 0


def test_hint_and_solution_write_to_the_callout_and_the_solution_lifts_the_legal_cards(picker):
    click(picker.hint_button)
    assert picker.message.startswith("Hint: A trump is already in the trick")
    assert not any(e["lifted"] for e in picker.table.hand)
    click(picker.solution_button)
    assert picker.message.startswith("Worked solution:\nYou may play J♠.")
    assert [c for c, e in hand(picker).items() if e["lifted"]] == ["SJ"]


@pytest.mark.parametrize(
    ("cards", "says"), [(("Z9",), "'Z9' is not a card I know"), (("HA",), "You do not hold A♥")]
)
def test_selecting_a_bad_card_in_code_gives_a_message_not_an_error(picker, cards, says):
    picker.select(*cards)
    assert says in picker.message
    assert picker.selected == frozenset()


def test_the_practice_app_deals_new_positions_and_clears_the_answer():
    app = LegalCardsWidget(seed=4, level="beat", progress=False)
    first = app.exercise
    card(app, first.situation.hand[0].code)
    click(app.check_button)
    click(app.new_button)
    second = app.exercise
    assert second.id != first.id and second.level == "beat"
    assert app.feedback is None and app.message == "" and app.selected == frozenset()
    assert {e["card"] for e in app.table.hand} == {c.code for c in second.situation.hand}


def test_the_level_and_rulebook_menus_deal_from_a_new_series():
    app = LegalCardsWidget(seed=1, progress=False)
    app.level.set_state({"index": [v for _, v in app.level.options].index("trump")})
    assert app.exercise.level == "trump"
    app.rulebook.set_state({"index": [v for _, v in app.rulebook.options].index("glimne")})
    assert app.rules.source == "glimne" and app.exercise.level == "trump"
    app.set_level("known-top")
    assert app.exercise.level == "known-top"
    app.set_rulebook("pagat")  # glimne 9 is off under pagat: back to any level
    assert app.level.value == "" and app.rules.source == "pagat"


def test_a_check_records_progress_unless_told_not_to_and_tells_its_listeners(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    app = LegalCardsWidget(exercise=glimne_5(), progress=progress)
    heard = []
    app.on_checked(lambda _app, feedback: heard.append(feedback.verdict))
    app.select("S4").check(record=False)
    assert progress.get("legal-cards/test/glimne-5") is None
    card(app, "S4")
    card(app, "SJ")
    click(app.check_button)
    entry = Progress.load(tmp_path / "p.json").get("legal-cards/test/glimne-5")
    assert entry is not None and entry.attempts == 1 and entry.solved
    assert heard == ["wrong", "right"]


def test_the_text_form_says_what_the_table_shows(picker):
    text = picker.to_text()
    assert "Trump: ♠ spades" in text and "Your hand: J♠ 4♠ K♦" in text
    assert "A: six of hearts (led)" in text and "Which of your cards may you play?" in text
    assert repr(picker).startswith("<") and picker._repr_mimebundle_()[0]["text/plain"] == text


# --- set 2 ---------------------------------------------------------------------------------------


def settle_example(title: str):
    return next(ex for ex in source_settle_exercises() if ex.title == title)


@pytest.fixture
def form() -> SettlePotWidget:
    return SettlePotWidget(exercise=settle_example("glimne's payment example"), progress=False)


def test_set_2_draws_the_hand_and_the_pot_and_fills_nothing(form):
    """glimne payment example: six seats, A 2, B 2, C 1, D 0 tricks, E and F passed, pot 10."""
    assert form.table.pot == 10
    seats = {s["seat"]: s for s in form.table.seats}
    assert [seats[x]["tricks"] for x in "ABCD"] == [2, 2, 1, 0]
    assert seats["E"]["status"] == seats["F"]["status"] == "passed"
    assert "bourre-ex-no-hand" in classes(form.table)
    assert form.winner.index is None
    assert [form.taken.value, form.pot_carried.value, form.next_pot.value] == ["", "", ""]
    assert all(box.value == "" for box in form.pays.values())
    assert not any(toggle.value for toggle in form.skips.values())
    shows_no_answer(form)


def test_an_unanswered_form_is_not_checked(form):
    click(form.check_button)
    assert form.message.startswith("✎ Not checked: Not answered yet: takes the pot, chips taken")
    assert "✘" not in form.message


def fill_by_clicks(form, winner_index, taken, pays, carried, skips, next_pot):
    form.winner.set_state({"index": winner_index})
    form.taken.set_state({"value": taken})
    for seat, chips in pays.items():
        form.pays[seat].set_state({"value": chips})
    form.pot_carried.set_state({"value": carried})
    for seat in skips:
        form.skips[seat].set_state({"value": True})
    form.next_pot.set_state({"value": next_pot})


def test_the_form_filled_by_clicks_and_typing_is_right(form):
    """glimne payment example: split pot, nobody takes; D pays 10; 20 stays; 26 next."""
    fill_by_clicks(form, 0, "0", {"D": "10"}, "20", [], "26")
    click(form.check_button)
    assert form.feedback.correct, form.message
    assert form.message.startswith("✔ Right: Tricks 2-2-1-0")
    assert "Who pays: D pays 10" in form.message


def test_a_wrong_form_counts_and_the_hint_names_the_rules_not_the_values(form):
    fill_by_clicks(form, 1, "10", {"D": "10"}, "10", [], "16")  # A takes the pot: wrong
    click(form.check_button)
    assert form.message.startswith("✘ Not yet: 4 of your 6 answers are not right yet.")
    assert "nobody" not in form.message and "20" not in form.message
    click(form.hint_button)
    assert "- Who takes the pot:" in form.message and "[split pot]" in form.message
    assert "26" not in form.message


def test_a_box_that_cannot_be_read_says_so(form):
    fill_by_clicks(form, 0, "ten", {}, "20", [], "26")
    click(form.check_button)
    assert form.message.startswith("✎ Not checked: Some answers cannot be read yet.")
    assert "Chips taken: give a whole number of chips, 0 or more, not 'ten'." in form.message


def test_fill_is_the_forms_twin_in_code(form):
    form.fill(winner=None, taken=0, payments={"D": 10}, pot_carried=20, next_pot=26)
    assert form.winner.value == "-" and form.pays["D"].value == "10"
    assert form.check(record=False).correct
    form.fill(winner="Q")
    assert "winner: 'Q' is not a player at this table (A, B, C, D, E, F)" in form.message


def test_the_form_asks_only_the_fields_of_the_hand_and_has_no_cut_labels():
    limit = SettlePotWidget(exercise=settle_example("A pot limit of 20"), progress=False)
    assert limit.skips_box not in limit.form.children
    assert limit.next_pot not in limit.form.children
    seven = SettlePotWidget(seed=0, level="ante", preset="pagat", progress=False)
    while len(seven.exercise.seats) != 7:
        seven.new_hand()
    assert len(seven.pays) == len(seven.skips) == 7
    for widget in [seven.winner, seven.taken, *seven.pays.values(), *seven.skips.values()]:
        assert len(getattr(widget, "description", "")) <= 2, "a seat letter at most: no cut label"


def test_a_new_hand_resets_the_form(form):
    practice = SettlePotWidget(seed=32, progress=False)
    practice.fill(winner="A", taken=4)
    first = practice.exercise
    click(practice.new_button)
    assert practice.exercise.id != first.id
    assert practice.winner.index is None and practice.taken.value == ""
    assert list(practice.pays) == list(practice.exercise.seats)


# --- set 4 ---------------------------------------------------------------------------------------


def hearts_exercise() -> NamingExercise:
    """Lesson 07's position: spades trump, HK led, one player to come: any heart (pagat 3)."""
    s = Situation(hand="H4 H9 HJ C2", trump="S", trick="HK", players_after=1)
    return NamingExercise("name-the-card/test/hearts", "suit", s, parse_card("H4"))


def test_set_4_outlines_the_card_wanted_and_reads_the_words_typed():
    """laws 46B2: "a heart" is the lowest legal heart, the 4."""
    talk = NamingWidget(exercise=hearts_exercise(), progress=False)
    assert hand(talk)["H4"]["chosen"] and not talk.table.interactive
    assert talk.message == ""
    talk.say_box.set_state({"value": "a heart"})  # what pressing Enter in the box sends
    assert talk.feedback.correct
    assert talk.message.startswith("✔ Right: “a heart” plays 4♥, the card you wanted [laws 46B2].")
    assert "Your answer: “a heart”" in talk.to_text()


def test_set_4_wrong_words_and_unknown_words():
    """laws 46B3: "the jack" names the only jack, J♥, not the 4; unknown words are not an
    attempt."""
    talk = NamingWidget(exercise=hearts_exercise(), progress=False)
    assert talk.say("the jack").summary == "“the jack” plays J♥, not 4♥ [laws 46B3]."
    unknown = talk.say("the tall one")
    assert unknown.verdict == "unread" and unknown.summary.startswith("I did not understand")


def test_set_4_practice_clears_the_box_for_a_new_position():
    talk = NamingWidget(seed=29, progress=False)
    talk.say("a heart", record=False)
    first = talk.exercise
    click(talk.new_button)
    assert talk.exercise.id != first.id
    assert talk.say_box.value == "" and talk.feedback is None


# --- set 6 ---------------------------------------------------------------------------------------


def trick_drill() -> TrickWinnerDrill:
    """Hearts trump, diamonds led, the Q♥ trumps the A♣ and the K♦ (pagat, play)."""
    return TrickWinnerDrill("drills/test", "trumped", parse_cards("5♦ A♣ Q♥ K♦"), parse_suit("H"))


def test_the_trick_winner_is_picked_from_the_trick_and_not_lit_before():
    app = TrickWinnerApp(trick_drill(), progress=False)
    assert not any(e["winning"] for e in app.table.trick)
    assert all(e["pickable"] for e in app.table.trick) and app.table.interactive
    assert app.check_button not in app.children[-2].children, "a click on the trick checks"
    app.table._handle_custom_msg({"type": "pick", "card": "CA"}, [])
    assert app.message.startswith("✘ Not yet: A♣ does not take this trick.")
    assert [e["card"] for e in app.table.trick if e["chosen"]] == ["CA"]
    assert not any(e["winning"] for e in app.table.trick)
    app.table._handle_custom_msg({"type": "pick", "card": "HQ"}, [])
    assert app.feedback.correct
    assert [e["card"] for e in app.table.trick if e["winning"]] == ["HQ"]


def test_a_pick_of_a_card_outside_the_trick_is_ignored():
    app = TrickWinnerApp(trick_drill(), progress=False)
    app.table._handle_custom_msg({"type": "pick", "card": "SA"}, [])
    assert app.feedback is None and app.message == ""


def test_sure_tricks_are_answered_with_a_number_button():
    """Hearts trump, you hold A♥ K♥: no trump can beat them, two sure tricks."""
    drill = SureTricksDrill("drills/test-sure", "top", Situation(hand="HA HK C2", trump="H"))
    app = SureTricksApp(drill, progress=False)
    assert set(app.answer_buttons) == set(range(6))
    click(app.answer_buttons[1])
    assert app.message.startswith("✘ Not yet: 1 is too few.")
    click(app.answer_buttons[2])
    assert app.feedback.correct and "bourre-ex-chosen" in classes(app.answer_buttons[2])


def test_glimne_10_is_answered_by_clicking_the_cards_to_lead():
    """glimne 10: everyone else has shown no club, clubs trump: lead the 4♣."""
    s = Situation(hand="C4 HA S9", trump="C", others_out_of_trump=True)
    app = LeadTrumpApp(LeadTrumpDrill("drills/test-lead", "others-out", s), progress=False)
    assert "Every other player has shown they hold no trump." in app.table.status
    card(app, "HA")
    click(app.check_button)
    assert app.message.startswith(
        "✘ Not yet: 1 card you may lead is missing and 1 card you chose may not be led."
    )
    card(app, "HA")
    card(app, "C4")
    click(app.check_button)
    assert app.feedback.correct
