"""One feedback policy in every exercise set (bourre_lessons/exercises/feedback.py).

No answer is "✎ Not checked", never a red ✘ and never an attempt; a wrong answer says how many
parts are wrong and never the right values; the hint and the solution tell more on request.
The positions and answers are the sources' own (SCENES.md, the sets' worked solutions).
"""

from __future__ import annotations

import pytest

from bourre_lessons import Rules, Situation
from bourre_lessons.cards import parse_cards, parse_suit
from bourre_lessons.exercises import (
    LegalCardsExercise,
    NamingExercise,
    RuleFunctionExercise,
    source_settle_exercises,
)
from bourre_lessons.exercises.drills import LeadTrumpDrill, SureTricksDrill, TrickWinnerDrill
from bourre_lessons.exercises.feedback import (
    NOT_CHECKED,
    ON_REQUEST,
    Feedback,
    not_checked,
    parts_wrong,
)
from bourre_lessons.progress import Progress

GLIMNE = Rules.preset("glimne")


def glimne_5() -> LegalCardsExercise:
    """SCENES glimne-5: spades trump; H6 led, S6 trumped, H2 followed; you hold S4 SJ DK: only
    the J♠ may be played (glimne 5)."""
    s = Situation(hand="S4 SJ DK", trump="S", trick="H6 S6 H2", players_after=1)
    return LegalCardsExercise("legal-cards/test/glimne-5", "overtrump", s, GLIMNE)


def glimne_pay():
    """glimne's payment example: 2-2-1-0 with 10 in the pot: nobody takes it, D pays 10, 20
    stays, 26 next."""
    return source_settle_exercises()[0]


def naming() -> NamingExercise:
    """Lesson 07's position: spades trump, K♥ led; "a heart" plays the 4♥ (laws 46B2)."""
    s = Situation(hand="H4 H9 HJ C2", trump="S", trick="HK", players_after=1)
    return NamingExercise("name-the-card/test/hearts", "suit", s, "H4")


def trick() -> TrickWinnerDrill:
    """Hearts trump, diamonds led, the Q♥ trumps: the Q♥ takes the trick (pagat, play)."""
    return TrickWinnerDrill("drills/test", "trumped", parse_cards("5♦ A♣ Q♥ K♦"), parse_suit("♥"))


def sure() -> SureTricksDrill:
    """Hearts trump, you hold A♥ K♥ and nothing higher is out: two sure tricks."""
    s = Situation(hand="HA HK C2", trump="H")
    return SureTricksDrill("drills/test-sure", "top", s)


def lead() -> LeadTrumpDrill:
    """glimne 10: the others have shown no club, clubs trump: lead the 4♣."""
    s = Situation(hand="C4 HA S9", trump="C", others_out_of_trump=True)
    return LeadTrumpDrill("drills/test-lead", "others-out", s, GLIMNE)


# (exercise, nothing answered, a wrong answer, words of the right answer it must not show)
CASES = {
    "set 1": (glimne_5, None, {"S4", "DK"}, ["J♠"]),
    "set 2": (
        glimne_pay,
        {},
        {
            "winner": "A",
            "taken": 10,
            "payments": {},
            "pot_carried": 0,
            "skips_next_ante": set(),
            "next_pot": 6,
        },
        ["nobody", "D", "20", "26"],
    ),
    "set 4": (naming, "", "the jack", ["a heart", "low"]),
    "set 6 trick": (trick, None, "A♣", ["Q♥"]),
    "set 6 sure": (sure, None, 1, ["2"]),
    "set 6 lead": (lead, None, {"HA"}, ["4♣"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_answer_is_not_checked_and_not_recorded(case, tmp_path):
    make, nothing, _, _ = CASES[case]
    progress = Progress(tmp_path / "p.json")
    exercise = make()
    feedback = exercise.check(nothing, progress=progress)
    assert feedback.to_text().startswith(NOT_CHECKED)
    assert "✘" not in feedback.to_text() and "Not yet" not in feedback.to_text()
    assert len(progress) == 0


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_wrong_answer_counts_and_hides_the_right_values(case, tmp_path):
    make, _, wrong, secret = CASES[case]
    progress = Progress(tmp_path / "p.json")
    exercise = make()
    feedback = exercise.check(wrong, progress=progress)
    assert feedback.verdict == "wrong" and feedback.to_text().startswith("✘ Not yet")
    summary = feedback.summary
    assert [word for word in secret if word in summary] == [], summary
    assert ON_REQUEST in feedback.details
    assert progress.get(exercise.id).attempts == 1
    more = exercise.hint() + exercise.solution()
    assert more, "the hint and the solution tell more"


def test_the_settle_summary_counts_the_wrong_fields():
    feedback = glimne_pay().check(CASES["set 2"][2], progress=False)
    assert feedback.summary == "5 of your 6 answers are not right yet."
    assert feedback.details == [ON_REQUEST]


def test_an_untouched_rule_function_is_not_checked():
    """The answer cell's stub (a docstring and `...`) is no attempt; a body that returns
    None is one (and gets its counterexample)."""

    def must_follow(situation):
        """True when you must play a card of the suit that was led."""
        ...

    def must_beat(situation):
        return None

    assert RuleFunctionExercise("must_follow").check(must_follow, progress=False).verdict == (
        "unread"
    )
    tried = RuleFunctionExercise("must_beat").check(must_beat, progress=False)
    assert tried.verdict == "wrong" and "returned None" in tried.summary


def test_parts_wrong_says_how_many_and_refuses_a_wrong_count():
    assert parts_wrong(1, 6) == "1 of your 6 answers is not right yet."
    assert parts_wrong(2, 4, "field") == "2 of your 4 fields are not right yet."
    assert parts_wrong(1, 1) == "Your answer is not right yet."
    with pytest.raises(ValueError, match="wrong must be from 1 to total"):
        parts_wrong(0, 3)


def test_the_three_marks():
    assert Feedback(True, "x").mark == "✔ Right"
    assert Feedback(False, "x").mark == "✘ Not yet"
    assert not_checked("x").mark == NOT_CHECKED
    assert "color:#1f5fbf" in not_checked("x")._repr_html_()
