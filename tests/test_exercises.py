"""Exercises that check themselves: right answers pass, known wrong answers are caught with the
rule that decides, and bad answers get a friendly message instead of an exception.

Positions written out here come from SCENES.md; their answers are the sources' answers.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from bourre_lessons import DECK, Rules, Situation, beats, parse_card
from bourre_lessons.exercises import (
    CORE_RULES,
    RULE_KINDS,
    Feedback,
    LegalCardsExercise,
    LegalCardsSeries,
    RuleFunctionExercise,
    SettlePotSeries,
    check_legal_selection,
    check_rule_function,
    legal_cards_exercise,
    rule_function_exercises,
    settle_pot_exercise,
    source_settle_exercises,
    worked_solutions,
)
from bourre_lessons.progress import ENV_VAR, Progress


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path, monkeypatch):
    """Keep every default progress record of these tests in a temporary folder."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


def glimne_5() -> Situation:
    """SCENES glimne-5: spades trump; H6 led, S6 trumped, H2 followed; you hold S4 SJ DK."""
    return Situation(hand="S4 SJ DK", trump="S", trick="H6 S6 H2", players_after=1)


# --- Feedback ------------------------------------------------------------------------------------


def test_feedback_shows_as_text_and_html():
    fb = Feedback(False, "Two <cards> wrong.", ["Missed: J♠", "    indented detail"])
    assert fb.to_text().splitlines() == [
        "✘ Not yet: Two <cards> wrong.",
        "- Missed: J♠",
        "      indented detail",
    ]
    page = fb._repr_html_()
    assert "&lt;cards&gt;" in page and "<cards>" not in page
    assert 'role="status"' in page and "✘ Not yet" in page
    assert Feedback(True, "Fine.").to_text() == "✔ Right: Fine."


# --- set 1: which cards may I play? --------------------------------------------------------------


@pytest.mark.parametrize("answer", [{"SJ"}, ["J♠"], "SJ", parse_card("SJ"), (parse_card("SJ"),)])
def test_legal_selection_right_in_any_accepted_form(answer):
    """glimne 5: trumped, void in hearts, holding a higher trump: only SJ."""
    fb = check_legal_selection(glimne_5(), answer, Rules.preset("glimne"))
    assert fb.correct, fb.to_text()
    assert "J♠" in fb.summary


def test_a_wrong_selection_counts_the_wrong_card_but_does_not_name_it():
    """glimne 5: S4 cannot beat S6, so only the J♠ may be played. The check says one chosen card
    may not be played, and names neither card: which one is the answer, given on request."""
    fb = check_legal_selection(glimne_5(), {"S4", "SJ"}, Rules.preset("glimne"))
    assert not fb.correct
    assert fb.summary == "1 card you chose may not be played."
    assert "4♠" not in fb.to_text() and "J♠" not in fb.to_text()
    assert any("solution" in d for d in fb.details)


def test_a_missed_card_is_counted_not_named():
    """glimne 2b: following hearts, unable to beat HK: H4 and HJ both allowed."""
    s = Situation(hand="H4 HJ C9", trump="S", trick="H7 HK")
    fb = check_legal_selection(s, ["H4"], Rules.preset("glimne"))
    assert not fb.correct
    assert fb.summary == "1 card you may play is missing."
    assert "J♥" not in fb.to_text()
    both = check_legal_selection(s, ["C9"], Rules.preset("glimne"))
    assert (
        both.summary == "2 cards you may play are missing and 1 card you chose may not be played."
    )


def test_legal_selection_empty_answer_is_not_checked():
    """No card chosen is no answer yet: neutral, never a red ✘ (the feedback policy)."""
    fb = check_legal_selection(glimne_5(), set(), Rules())
    assert not fb.correct and not fb.attempted
    assert fb.to_text().startswith("✎ Not checked: No card is chosen yet")


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (["Z9"], "'Z9' is not a card I know"),
        ("SJ Z9", "Accepted forms"),
        ({"HA"}, "You do not hold A♥"),
        (None, "no answer yet"),
        (42, "not a list of cards"),
        ({"SJ": True}, "not a list of cards"),
        ([3], "3 is not a card I know"),
    ],
)
def test_legal_selection_bad_answers_get_a_friendly_message(answer, says):
    fb = check_legal_selection(glimne_5(), answer, Rules())
    assert not fb.correct
    assert says in fb.to_text()


def test_legal_cards_series_is_repeatable_and_new_each_time():
    a, b = LegalCardsSeries(4, "beat"), LegalCardsSeries(4, "beat")
    first = [a.next() for _ in range(3)]
    assert first == [b.next() for _ in range(3)]
    assert len({ex.id for ex in first}) == 3
    assert len({ex.situation for ex in first}) == 3
    assert all(ex.level == "beat" for ex in first)
    assert first[0].id == "legal-cards/pagat/beat/4-0"


def test_legal_cards_series_refuses_a_level_missing_from_the_rules():
    with pytest.raises(ValueError, match="known-top"):
        LegalCardsSeries(0, "known-top", Rules.preset("pagat"))


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
def test_legal_cards_worked_solutions_pass_their_checker(preset):
    """The cards the solution text names are exactly what the checker accepts."""
    rules = Rules.preset(preset)
    for index in range(8):
        ex = legal_cards_exercise(seed=2, rules=rules, index=index)
        first_line = ex.solution().splitlines()[0]
        assert first_line.startswith("You may play ")
        named = first_line.removeprefix("You may play ").rstrip(".").split()
        assert ex.check(named, progress=False).correct, ex.solution()
        assert ex.hint()


def test_legal_cards_hint_gives_facts_not_the_answer():
    ex = LegalCardsExercise("legal-cards/test/glimne-5", "overtrump", glimne_5())
    hint = ex.hint()
    assert "Hearts were led" in hint and "6♠ is winning" in hint
    assert "allowed" not in hint


def test_legal_cards_check_records_progress(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    ex = LegalCardsExercise("legal-cards/test/glimne-5", "overtrump", glimne_5())
    ex.check({"S4"}, progress=progress)
    ex.check(["Z9"], progress=progress)  # unreadable: not counted
    ex.check({"SJ"}, progress=progress)
    entry = Progress.load(tmp_path / "p.json").get(ex.id)
    assert entry is not None and entry.attempts == 2 and entry.solved


def test_legal_cards_check_uses_the_default_record(private_data_folder):
    ex = LegalCardsExercise("legal-cards/test/default", "overtrump", glimne_5())
    ex.check({"SJ"})
    stored = json.loads((private_data_folder / "progress.json").read_text(encoding="utf-8"))
    assert stored["exercises"]["legal-cards/test/default"]["solved"] is True
    ex.check({"SJ"}, progress=False)
    stored = json.loads((private_data_folder / "progress.json").read_text(encoding="utf-8"))
    assert stored["exercises"]["legal-cards/test/default"]["attempts"] == 1


# --- set 2: settle the pot -----------------------------------------------------------------------


def by_title(title: str):
    return next(ex for ex in source_settle_exercises() if ex.title == title)


def test_glimne_payment_example_right_answer():
    """glimne payment example: 2-2-1-0 with 10 in the pot: split; D pays 10; 20 stays; 26 next."""
    ex = by_title("glimne's payment example")
    answer = {
        "winner": None,
        "taken": 0,
        "payments": {"D": 10},
        "pot_carried": 20,
        "skips_next_ante": set(),
        "next_pot": 26,
    }
    assert ex.check(answer, progress=False).correct


def test_bourre_paid_to_the_winner_is_caught():
    """wikipedia bourré example ("deve igualar o pote para a próxima rodada": must match the pot
    for the next round): A takes the 5 in the pot, C's 5 stays.
    A learner who hands C's payment to A gets taken and pot_carried wrong, with the rule."""
    ex = by_title("wikipedia's bourré example")
    answer = {
        "winner": "A",
        "taken": 10,
        "payments": {"C": 5},
        "pot_carried": 0,
        "skips_next_ante": {"C"},
        "next_pot": 4,
    }
    fb = ex.check(answer, progress=False)
    assert not fb.correct
    assert fb.summary == "3 of your 6 answers are not right yet."
    assert "5" not in fb.to_text(), "a wrong answer never shows the right values"
    hint = ex.hint(answer)
    assert "- Chips taken:" in hint and "- Left in the pot:" in hint and "- Who pays:" not in hint
    assert "You gave the winner the bourré payments too." in hint
    assert "[bourré to the next pot]" in hint
    assert "Chips taken: 5\n" in ex.solution()


def test_pagat_ante_rule_named_when_the_skippers_are_wrong():
    """pagat: bourréd players and the players tied in a split pot skip the next ante."""
    ex = by_title("pagat's ante rule")
    answer = {
        "winner": None,
        "taken": 0,
        "payments": {"D": 5},
        "pot_carried": 10,
        "skips_next_ante": {"D"},
        "next_pot": 14,
    }
    fb = ex.check(answer, progress=False)
    assert not fb.correct
    assert fb.summary == "2 of your 6 answers are not right yet."
    hint = ex.hint(answer)
    assert "- Skips the next ante:\n    [pagat ante rule]" in hint
    assert "- The next pot:" in hint and "12" not in hint
    assert "Skips the next ante: A, B, D" in ex.solution()
    assert "The next pot: 12" in ex.solution()


def test_pot_limit_caps_the_payment_not_the_take():
    """wikipedia's pot-limit variant ("limita o valor total que um único bourré ou renegar pode
    custar": caps what one bourré or renege can cost): with a limit of 20 and 35 in the pot, the
    winner takes 35 and a bourré pays 20."""
    ex = by_title("A pot limit of 20")
    assert ex.rules.source == "wikipedia"
    right = {"winner": "A", "taken": 35, "payments": {"C": 20}, "pot_carried": 20}
    assert ex.check(right, progress=False).correct
    wrong = {**right, "taken": 20, "payments": {"C": 35}}
    fb = ex.check(wrong, progress=False)
    assert not fb.correct and fb.summary == "2 of your 4 answers are not right yet."
    assert "The limit caps payments, not the take. [pot limit]" in ex.hint(wrong)


def test_glimnes_reading_gives_the_winner_the_payment():
    """glimne: "varefter potten går till vinnaren" (after which the pot goes to the winner): a
    learner who leaves the payment in the pot is told which reading glimne's preset takes."""
    from dataclasses import replace

    from bourre_lessons.exercises.settle_pot import SettlePotExercise

    ex = SettlePotExercise(
        "settle-pot/test-glimne-winner",
        "pot",
        Rules.preset("glimne"),
        tuple("ABCD"),
        (("A", 3), ("B", 2), ("C", 0)),
        10,
        "",
        asks=("winner", "taken", "payments", "pot_carried"),
    )
    right = {"winner": "A", "taken": 20, "payments": {"C": 10}, "pot_carried": 0}
    assert ex.check(right, progress=False).correct
    wrong = {**right, "taken": 10, "pot_carried": 10}
    assert not ex.check(wrong, progress=False).correct
    hint = ex.hint(wrong)
    assert "Under these rules the winner also takes what was paid." in hint
    assert "[bourré to the winner]" in hint and "ambiguous" in hint
    pagat_reading = replace(ex, rules=replace(ex.rules, bourre_paid_to="next_pot"))
    assert pagat_reading.check({**right, "taken": 10, "pot_carried": 10}, progress=False).correct


def test_settle_answers_are_read_leniently():
    """Player names in any case, 'nobody' for None, zero payments left out, a list of skippers."""
    ex = by_title("glimne's payment example")
    answer = {
        "Winner": "nobody",
        "taken": 0,
        "payments": {"d": 10, "A": 0},
        "pot carried": 20.0,
        "skips_next_ante": [],
        "next_pot": 26,
    }
    assert ex.check(answer, progress=False).correct


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (42, "There is no answer yet: fill in the form"),
        ({"winer": "A"}, "did you mean 'winner'"),
        ({"winner": "Z"}, "'Z' is not a player at this table"),
        ({"taken": "ten"}, "whole number of chips"),
        ({"payments": 5}, "dict of player to chips"),
        ({"winner": "A"}, "pot_carried is missing"),
    ],
)
def test_settle_bad_answers_get_a_friendly_message(answer, says):
    ex = by_title("wikipedia's bourré example")
    fb = ex.check(answer, progress=False)
    assert not fb.correct
    assert says in fb.to_text()


def test_settle_worked_solutions_pass_their_checker():
    exercises = source_settle_exercises()
    exercises += [
        settle_pot_exercise(7, level, index=i)
        for level in ("pot", "ante", "limit", "renege")
        for i in range(6)
    ]
    for ex in exercises:
        fb = ex.check(ex.expected(), progress=False)
        assert fb.correct, (ex.prompt(), fb.to_text())
        assert ex.hint() and ex.solution().startswith("Tricks ")


def test_settle_series_is_repeatable():
    a, b = SettlePotSeries(9, preset="pagat"), SettlePotSeries(9, preset="pagat")
    assert [a.next() for _ in range(4)] == [b.next() for _ in range(4)]
    with pytest.raises(ValueError, match="glimne"):
        SettlePotSeries(0, preset="hoyle")


# --- set 3: write the rule yourself --------------------------------------------------------------


@pytest.mark.parametrize("exercise", rule_function_exercises(), ids=lambda e: e.kind)
def test_worked_solutions_pass_the_checker(exercise):
    fb = exercise.check(exercise.worked_solution, progress=False)
    assert fb.correct, fb.to_text()
    assert "all 1000 positions" in fb.summary
    assert f"def {exercise.worked_solution.__name__}" in exercise.solution()


def must_beat_forgetting_the_trump(situation):
    """Compares with the highest card of the led suit, forgetting a trump may be winning."""
    if situation.is_lead:
        return False
    top = max((c for c in situation.trick if c.suit == situation.led), key=lambda c: c.rank)
    return any(c.suit == situation.led and c.rank > top.rank for c in situation.hand)


def test_must_beat_that_forgets_the_trumped_case_gets_the_trumped_follow_rule():
    """pagat example: once the trick is trumped, any card of the led suit; nothing to beat."""
    fb = check_rule_function("must_beat", must_beat_forgetting_the_trump, seed=0)
    assert not fb.correct
    s = fb.situation
    assert s is not None and s.trumped
    assert "answers True where the engine answers False" in fb.summary
    deciding = next(d for d in fb.details if d.startswith("The rule that decides it"))
    assert "[pagat example]" in deciding and "trumped the trick" in deciding
    assert any(d.strip().startswith("s = Situation(") for d in fb.details)


def legal_plays_without_overtrump(situation):
    """The base rules, except that void in a trumped trick any trump is allowed."""
    s, hand = situation, set(situation.hand)
    if s.is_lead:
        return hand
    same = {c for c in hand if c.suit == s.led}
    if same:
        return same if s.trumped else ({c for c in same if beats(c, s.best, s.trump)} or same)
    return {c for c in hand if c.suit == s.trump} or hand


def test_legal_set_missing_the_overtrump_rule_is_caught():
    """pagat 2: in a trumped trick, a trump that cannot beat the trump played is refused."""
    fb = check_rule_function("my_legal_plays", legal_plays_without_overtrump)
    assert not fb.correct
    s = fb.situation
    assert s is not None and s.trumped
    wrong = [d for d in fb.details if d.startswith("Wrongly included")]
    assert wrong and all("overtrump" in d and "[pagat 2]" in d for d in wrong)
    assert not any(d.startswith("Missed") for d in fb.details)


def test_must_trump_ignoring_the_preset_fails_under_wikipedia():
    """wikipedia 2: void and unable to overtrump, a trump is not required."""

    def must_trump(situation):
        return (
            not situation.is_lead
            and not situation.holding(situation.led)
            and bool(situation.holding(situation.trump))
        )

    assert check_rule_function("must_trump", must_trump).correct  # pagat: always trump
    fb = check_rule_function("must_trump", must_trump, rules=Rules.preset("wikipedia"))
    assert not fb.correct
    assert "[wikipedia 2]" in next(d for d in fb.details if d.startswith("The rule that decides"))


def test_the_first_counterexample_is_reported():
    """A function wrong on exactly one chosen position is caught there, not later."""
    positions_seen = []

    def must_follow(situation):
        positions_seen.append(situation)
        answer = worked_solutions.must_follow(situation)
        return (not answer) if len(positions_seen) == 37 else answer

    fb = check_rule_function("must_follow", must_follow)
    assert "position 37 of 1000" in fb.summary
    assert fb.situation == positions_seen[36]
    assert len(positions_seen) == 37


def raises_on_lead(situation):
    return situation.trick[0].suit == situation.led


@pytest.mark.parametrize(
    ("kind", "func", "says"),
    [
        ("must_follow", raises_on_lead, "stopped with IndexError"),
        ("must_follow", lambda s: None, "returned None"),
        ("must_follow", lambda s: 1, "not True or False"),
        ("legal_plays", lambda s: {"Z9"}, "'Z9', which is not a card"),
        ("legal_plays", lambda s: 7, "returned int 7"),
        ("must_beat", "not a function", "Expected a function"),
        ("must_beat", lambda a, b, c: True, "parameters"),
        ("must_folow", worked_solutions.must_follow, "I do not know the rule"),
    ],
)
def test_bad_rule_functions_get_a_friendly_message(kind, func, says):
    fb = check_rule_function(kind, func, positions=50)
    assert not fb.correct
    assert says in fb.to_text()
    assert "Traceback" not in fb.to_text()


def test_an_exception_names_the_learners_line():
    fb = check_rule_function("must_follow", raises_on_lead, positions=200)
    assert "raises_on_lead, line" in fb.to_text()
    assert "situation.trick[0]" in fb.to_text()
    assert fb.situation is not None and fb.situation.is_lead


def with_a_card_not_held(situation):
    """The right cards, plus one card from outside the hand."""
    stranger = next(c for c in DECK if c not in situation.hand)
    return worked_solutions.my_legal_plays(situation) | {stranger}


def test_cards_outside_the_hand_are_wrong_not_a_crash():
    fb = check_rule_function("legal_plays", with_a_card_not_held, positions=50)
    assert not fb.correct
    assert "Wrongly included: You do not hold" in fb.to_text()


def test_rule_exercise_records_progress(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    ex = RuleFunctionExercise("must_follow")
    assert ex.id == "write-the-rule/must_follow"
    ex.check(lambda s: True, progress=progress)
    ex.check(worked_solutions.must_follow, progress=progress)
    entry = progress.get(ex.id)
    assert entry is not None and entry.attempts == 2 and entry.solved
    assert progress.summary()["write-the-rule"]["solved"] == 1


def test_rule_kinds_and_default_rules():
    assert RULE_KINDS == ("must_follow", "must_beat", "must_trump", "legal_plays")
    assert replace(CORE_RULES, cinch="pot") == Rules()


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
@pytest.mark.parametrize("level", ["follow", "beat", "trump", "overtrump", "known-top", "cinch"])
def test_a_hint_stays_within_the_chosen_rulebook(preset, level):
    """Issue 14: hints cite only the rulebook the learner chose (the engine follows pagat, then
    glimne, where a rulebook is silent, and then says which source it follows)."""
    from bourre_lessons.exercises.legal_cards import _level_hint

    rules = Rules.preset(preset)
    hint = _level_hint(level, rules)
    assert hint, f"no hint for {level}"
    own = re.sub(r"\w+ has no rule of its own here; the engine follows [\w ]+", "", hint)
    named = {s for s in ("glimne", "wikipedia", "pagat") if s in own}
    assert named <= {preset}, hint
