"""Set 6's whole-hand drill: one seeded hand played by clicks, checked by the coach."""

from __future__ import annotations

import sys

import pytest

from bourre_lessons.cards import Rank
from bourre_lessons.exercises.whole_hand import (
    WholeHandExercise,
    bot_hand,
    costliest,
    judge,
    whole_hand_exercise,
)
from bourre_lessons.game import Game
from bourre_lessons.progress import Progress
from bourre_lessons.widgets.exercises.exercise_whole_hand import HIDDEN, WAITING, WholeHandWidget

DEALS = 200  # the coach's deals per choice in these tests: enough to tell a blunder


def small(seed: int) -> WholeHandExercise:
    ex = whole_hand_exercise(seed)
    return WholeHandExercise(ex.id, ex.seed, ex.players, ex.rules, deals=DEALS)


def blunder_seed() -> int:
    """The first deal where seat A, asked to play or pass (someone said play, and the turned
    card is no ace), holds the ace of trumps and another trump: passing is the blunder."""
    for seed in range(200):
        game = whole_hand_exercise(seed).new_game()
        trumps = [c for c in game.cards_of("A") if c.suit == game.trump_card.suit]
        if len(trumps) < 2 or Rank.ACE not in {c.rank for c in trumps}:
            continue
        table = WholeHandWidget(exercise=small(seed), progress=False)
        table.advance_to_you()
        if table.game.to_act == "A" and "pass" in table.game.legal_actions():
            return seed
    raise AssertionError("no deal with the ace of trumps for seat A in 200 seeds")


def test_a_hand_played_by_clicks_is_checked_when_it_ends_and_saved(tmp_path) -> None:
    """The heuristic bot's choices, made by the buttons and card clicks: when the hand ends
    the coach's review is drawn in the table, the verdict follows it, and the attempt is saved."""
    progress = Progress(tmp_path / "progress.json")
    table = WholeHandWidget(exercise=small(0), progress=progress)
    assert table.result is None and table.to_text().endswith(WAITING)
    mine = table.play_for_me()
    assert table.game.phase == "settled" and mine[0] in ("play", "pass")
    review = table.reviewed
    assert review is not None and table.table.review  # drawn in the table
    assert table.result is not None
    assert table.result.correct == (not review.mistakes)
    assert table.to_text().endswith(f"Check: {table.result.to_text()}")
    assert review.to_text() in table.to_text()
    entry = Progress.load(tmp_path / "progress.json").get(table.exercise.id)
    assert entry.attempts == 1 and entry.solved == table.result.correct
    assert table.exercise.id.startswith("drills/whole-hand/pagat/")


def test_a_deliberate_blunder_is_not_marked_right_and_the_deal_comes_again(tmp_path) -> None:
    """Seat A passes with the ace of trumps and another trump: the coach marks the pass a
    mistake, the verdict names decision 1, and Same deal again deals the same cards."""
    seed = blunder_seed()
    progress = Progress(tmp_path / "progress.json")
    table = WholeHandWidget(exercise=small(seed), progress=progress)
    dealt = table.game.cards_of("A")
    table.skip_button.click()
    table.pass_button.click()
    if table.game.phase != "settled":
        table.skip_button.click()
    assert table.game.phase == "settled" and table.result is not None
    assert not table.result.correct
    assert table.result.summary == "Your one decision was a costly mistake."
    assert "pass" not in table.result.to_text(), "which decision and its better choice: on request"
    assert table.reviewed is None and "Review of hand" not in table.to_text()
    assert table.show_review_button.layout.display != "none"
    table.show_review_button.click()
    first = table.reviewed.decisions[0]
    assert first.kind == "declare" and first.mistake and first.made == "pass"
    assert costliest(table.reviewed).startswith("Decision 1 cost the most")
    assert "Decision 1 cost the most" in table.to_text() and "play was better" in table.to_text()
    assert "Review of hand" in table.to_text()
    assert any("Same deal again" in line for line in table.result.details)
    assert not Progress.load(tmp_path / "progress.json").get(table.exercise.id).solved
    table.again_button.click()
    assert table.game.phase == "declare" and table.game.cards_of("A") == dealt
    assert table.result is None and table.to_text().endswith(WAITING)


def test_the_exercise_reads_a_game_or_its_actions_and_refuses_the_rest() -> None:
    ex = small(0)
    played = bot_hand(ex)
    by_game, by_actions = ex.check(played, progress=False), ex.check(played.actions, progress=False)
    assert by_game.to_text() == by_actions.to_text()
    assert "not over yet" in ex.check(ex.new_game(), progress=False).summary
    assert "another deal" in ex.check(Game(ex.rules, ex.players, seed=1), progress=False).summary
    assert "do not replay" in ex.check(["play", "H2"], progress=False).summary
    assert "There is no hand yet" in ex.check(None, progress=False).summary


def test_the_verdict_is_right_exactly_when_the_review_has_no_mistake() -> None:
    """judge() is tested on the reviews of two hands: the bot's, and the blunder's."""
    ex = small(blunder_seed())
    good = ex.review(bot_hand(ex))
    assert judge(good).correct == (not good.mistakes)
    passed = Game(ex.rules, ex.players, ex.seed)
    from bourre_lessons.sim.bots import HeuristicBot, play_bots

    play_bots(passed, {s: HeuristicBot() for s in "BCD"})
    passed.apply("pass")
    play_bots(passed, {s: HeuristicBot() for s in "BCD"})
    bad = ex.review(passed)
    assert bad.mistakes and not judge(bad).correct


def test_the_drill_hides_what_would_leave_the_deal() -> None:
    table = WholeHandWidget(seed=3, progress=False)
    for name in (*HIDDEN, "review_button"):
        assert getattr(table, name).layout.display == "none"
    assert table.game.seed == 3 and table.exercise.seed == 3
    assert "You are seat A" in table.to_text() and "Play one whole hand" in table.to_text()


def test_in_the_browser_the_hand_is_checked_in_plain_python(monkeypatch) -> None:
    """Without NumPy (Pyodide) the hand is played and the coach checks it with its plain-Python
    play-outs (`sim.plain_hidden`): a verdict, never a sentence asking for NumPy."""
    from bourre_lessons.sim import plain_hidden

    table = WholeHandWidget(exercise=small(0), progress=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    for name in ("numpy", "numba"):
        monkeypatch.setitem(sys.modules, name, None)
    table.play_for_me()
    assert table.result is not None
    assert table.result_text.startswith("Check:") and "numpy" not in table.result_text.lower()
    review = table.reviewed or table.kept_review
    graded = [d for d in review.decisions if d.choices]
    assert graded and all(d.deals == min(DEALS, plain_hidden.MOST_WORLDS) for d in graded)


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed must be a whole number"):
        whole_hand_exercise(-1)


def test_the_solution_tells_seat_as_decisions_as_the_review_numbers_them():
    """The worked solution lists the bot's decisions for seat A in words, the coach's own
    numbering, and ends with the coach's verdict on them."""
    from bourre_lessons.exercises.whole_hand import bot_hand, whole_hand_exercise
    from bourre_lessons.sim.coach import decisions_made

    drill = whole_hand_exercise(0)
    lines = drill.solution().splitlines()
    assert lines[0] == "Seat A played by the heuristic bot:"
    assert lines[1:-1] == decisions_made(bot_hand(drill), "A", hand=1)
    assert lines[1].startswith("1. ") and lines[-1].startswith("The coach's verdict: ")
