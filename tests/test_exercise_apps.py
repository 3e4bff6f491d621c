"""The apps of sets 3, 5 and 6 that ask the simulator or the coach, and the progress line of
an exercise notebook, driven by clicks as the browser drives them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bourre_lessons import Situation
from bourre_lessons.exercises import RuleFunctionExercise, costly_decision_exercise
from bourre_lessons.exercises.discard_drill import DiscardDrill
from bourre_lessons.exercises.play_or_pass import PlayOrPassExercise
from bourre_lessons.progress import Progress, when_words
from bourre_lessons.sim.advisor import PlayOrPassQuestion
from bourre_lessons.widgets.exercises.exercise_apps import (
    CostlyDecisionApp,
    DiscardApp,
    PlayOrPassApp,
    RuleCheck,
    SetProgress,
    show_position,
)


def click(button) -> None:
    button._handle_custom_msg({"event": "click"}, [])


# --- set 5 ---------------------------------------------------------------------------------------


def sure_deal() -> PlayOrPassExercise:
    """A-K-Q of trumps first to speak at five: three sure tricks, the pot (pagat): play."""
    return PlayOrPassExercise(
        "play-or-pass/test/x/0-0", "clear", PlayOrPassQuestion("HA HK HQ S2 D3", "H9", 1, 5)
    )


def test_play_or_pass_is_two_buttons_and_the_deal_on_the_table(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    app = PlayOrPassApp(sure_deal(), progress=progress)
    assert set(app.answer_buttons) == {"play", "pass"}
    assert app.table.pot == 5 and app.table.trump["card"] == "H9"
    assert [e["card"] for e in app.table.hand] == ["S2", "HA", "HK", "HQ", "D3"]
    assert app.message == "" and not app.table.interactive
    click(app.answer_buttons["pass"])
    assert app.message == (
        "✘ Not yet: “pass” is not the better choice here.\n"
        "- Hint and Show solution tell more when you ask."
    )
    click(app.answer_buttons["play"])
    assert app.feedback.correct and "+5.00" in app.message
    assert Progress.load(tmp_path / "p.json").get(app.exercise.id).attempts == 2


@pytest.fixture(scope="module")
def costly() -> CostlyDecisionApp:
    return CostlyDecisionApp(costly_decision_exercise(seed=0), progress=False)


def test_the_costly_decision_is_clicked_among_the_decisions_of_a_finished_hand(costly):
    """Set 5's exercise 7 (seed 0): the K♥ was the known winner to lead at trick 3; leading
    the 3♥ there (decision 5) cost the most."""
    assert len(costly.table.past) == 5 and costly.table.hand == []
    assert set(costly.answer_buttons) == set(range(1, 8))
    assert costly.message == ""
    costly.choose(4, record=False)
    assert costly.message.startswith("✘ Not yet: Not decision 4")
    costly.choose(5, record=False)
    assert costly.feedback.correct and costly.message.startswith("✔ Right: Decision 5")


# --- set 6: the draw ------------------------------------------------------------------------------


def test_the_discard_app_throws_the_clicked_cards_or_keeps_all_five():
    """A-K-Q of trumps: three sure tricks, so keeping them always takes the pot (pagat)."""
    drill = DiscardDrill(
        "drills/discard/test", "SA SK SQ H2 C3", "S4", players=3, deals=30, screen_deals=10
    )
    app = DiscardApp(drill, progress=False)
    assert app.table.pot == 3 and [s["seat"] for s in app.table.seats] == ["B", "C", "A"]
    assert "Your answer: keep all five (no card chosen)" in app.to_text()
    for code in ("SA", "SK", "SQ"):
        app.table._handle_custom_msg({"type": "play", "card": code}, [])
    assert {e["card"] for e in app.table.hand if e["chosen"]} == {"SA", "SK", "SQ"}
    click(app.check_button)
    assert app.message.startswith("✘ Not yet") and "3 cards you throw should be kept" in (
        app.message
    )
    app.select()
    click(app.check_button)
    assert app.feedback.correct


# --- set 3 ---------------------------------------------------------------------------------------


def test_a_counterexample_is_drawn_as_cards():
    """must_follow that always says False is wrong where a card was led and you hold its
    suit (pagat 1): the check draws that position on the table."""
    check = RuleCheck(RuleFunctionExercise("must_follow").check(lambda s: False, progress=False))
    assert check.feedback.verdict == "wrong"
    view = check.children[-1]
    table = view.table
    assert "bourre-ex-position" in view._dom_classes and not table.interactive
    assert table.trick and table.hand and not any(e["lifted"] for e in table.hand)
    assert check.to_text().startswith("✘ Not yet: Your must_follow answers False")


def test_an_untouched_function_draws_no_position():
    def must_follow(situation):
        """True when you must play a card of the suit that was led."""
        ...

    check = RuleCheck(RuleFunctionExercise("must_follow").check(must_follow, progress=False))
    assert len(check.children) == 1 and check.to_text().startswith("✎ Not checked")


def test_show_position_draws_a_situation_read_only():
    view = show_position(Situation(hand="4♥ J♥ 9♣", trump="♠", trick="7♥ K♥", players_after=1))
    assert [e["card"] for e in view.table.trick] == ["H7", "HK"] and not view.table.interactive
    assert "Your hand: J♥ 4♥ 9♣" in view.to_text()


# --- the progress line ----------------------------------------------------------------------------

NOW = datetime(2026, 3, 10, 15, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("ago", "words"),
    [
        (timedelta(seconds=20), "just now"),
        (timedelta(minutes=5), "5 minutes ago"),
        (timedelta(days=1), "yesterday"),
        (timedelta(days=3), "3 days ago"),
        (timedelta(days=40), "on 29 January 2026"),
    ],
)
def test_times_are_said_in_words(ago, words):
    stamp = (NOW - ago).isoformat(timespec="seconds")
    assert when_words(stamp, NOW) == words


def test_a_stamp_that_cannot_be_read_is_said_so():
    assert when_words("yesterday-ish", NOW) == "at an unknown time"
    assert when_words(None, NOW) == "never"


def test_the_progress_line_counts_the_notebooks_items(tmp_path):
    path = tmp_path / "progress.json"
    record = Progress.load(path)
    record.record("legal-cards/a", True, when=NOW - timedelta(days=1))
    record.record("legal-cards/b", False, when=NOW - timedelta(days=2))
    record.record("legal-cards/other-notebook", True, when=NOW)
    line = SetProgress("Set 01 · Which cards may I play?", path=str(path))
    assert line.to_text(NOW).endswith(": your progress shows here as the exercises below load")
    for exercise_id in ("legal-cards/a", "legal-cards/b", "legal-cards/c"):
        line.track(exercise_id)
    assert line.to_text(NOW) == (
        "Set 01 · Which cards may I play?: 1 of 3 done, last tried yesterday"
    )
    assert "1 of 3 done, last tried yesterday" in line.refresh(NOW) and "2026" not in line.value
    assert "T12:" not in Progress.load(path).to_text(NOW), "no raw time stamp"


def test_a_check_in_an_app_updates_the_line(tmp_path):
    path = tmp_path / "progress.json"
    line = SetProgress("Set 05", path=str(path))
    app = line.add(PlayOrPassApp(sure_deal(), progress=Progress.load(path)))
    assert line.to_text() == "Set 05: 0 of 1 done, not tried yet"
    click(app.answer_buttons["play"])
    assert "1 of 1 done, last tried just now" in line.value
