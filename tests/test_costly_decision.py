"""Set 5's "Find the costly decision": a hand you played carelessly, judged by the coach."""

from __future__ import annotations

import pytest

from bourre_lessons.exercises import costly_decision_exercise
from bourre_lessons.exercises.costly_decision import read_number
from bourre_lessons.progress import Progress


@pytest.fixture(scope="module")
def exercise():
    return costly_decision_exercise(seed=0)


def test_the_costliest_decision_stands_out(exercise) -> None:
    """Exactly one right answer: the costliest mistake's cost interval lies above every other
    decision's."""
    review = exercise.review
    top = exercise.costliest
    assert top.mistake and top.number == exercise.answer
    for d in review.decisions:
        if d is not top and d.loss is not None:
            assert top.loss.low > d.loss.high


def test_the_prompt_shows_only_what_seat_a_saw_and_no_grade(exercise) -> None:
    text = exercise.prompt()
    record = exercise.game.hand_record
    for seat in "BCD":
        assert f"{seat} is dealt 5 cards" in text
    assert "A is dealt " + " ".join(str(c) for c in record.dealt["A"]) in text
    for d in exercise.review.decisions:
        assert f"{d.number}. {d.when}: you chose {d.made}" in text
    assert "mistake" not in text and "CI" not in text and "✘" not in text


def test_the_right_number_is_right_and_the_others_are_told_how_they_fared(exercise) -> None:
    right = exercise.check(exercise.answer, progress=False)
    assert right.correct and f"Decision {exercise.answer} cost the most" in right.summary
    assert "deals" in right.summary  # no number without its sample size
    for d in exercise.review.decisions:
        if d.number == exercise.answer:
            continue
        wrong = exercise.check(str(d.number), progress=False)
        assert not wrong.correct and f"Not decision {d.number}" in wrong.summary
        expected = "no choice" if d.forced else "a mistake too" if d.mistake else "not a mistake"
        assert expected in wrong.summary
        assert f"decision {exercise.answer}" not in wrong.to_text().lower()  # not which


@pytest.mark.parametrize("answer", ["", None, "the draw", True, 0, 99, 2.5])
def test_an_answer_that_is_no_decision_number_is_explained_and_not_counted(
    exercise, answer, tmp_path
) -> None:
    progress = Progress(tmp_path / "progress.json")
    feedback = exercise.check(answer, progress=progress)
    assert not feedback.correct and "number" in feedback.summary
    assert exercise.id not in Progress.load(tmp_path / "progress.json").entries


def test_a_readable_answer_is_recorded(exercise, tmp_path) -> None:
    progress = Progress(tmp_path / "progress.json")
    exercise.check(f"decision {exercise.answer}", progress=progress)
    entry = Progress.load(tmp_path / "progress.json").entries[exercise.id]
    assert entry.attempts == 1 and entry.solved


def test_numbers_are_read_in_a_few_forms() -> None:
    assert read_number("3", 7) == (3, "")
    assert read_number(" #3. ", 7) == (3, "")
    assert read_number("Decision 4", 7) == (4, "")
    assert read_number(5, 7) == (5, "")
    assert read_number(8, 7)[0] is None


def test_the_same_seed_gives_the_same_exercise_and_hint_and_solution_agree(exercise) -> None:
    again = costly_decision_exercise(seed=0)
    assert again.actions == exercise.actions and again.answer == exercise.answer
    assert f"Answer: decision {exercise.answer}." in exercise.solution()
    assert f"{len(exercise.review.mistakes)} of your" in exercise.hint()
