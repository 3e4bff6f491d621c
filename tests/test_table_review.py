"""The table's "Review this hand": the coach's review drawn in the table and told in text; the
coached table, which keeps it back until the learner has guessed the costliest decision."""

from __future__ import annotations

import random

import pytest

from bourre_lessons import Rules
from bourre_lessons.sim.advisor import Estimate
from bourre_lessons.sim.bots import HeuristicBot, RandomBot
from bourre_lessons.sim.coach import DEALS, Choice, Decision, HandReview
from bourre_lessons.sim.sampling_bot import SamplingBot
from bourre_lessons.widgets.table.table import (
    NO_GUESS,
    YOU,
    CoachedTable,
    TableWidget,
    guess_verdict,
)
from bourre_lessons.widgets.table.table_controls import OPPONENTS
from bourre_lessons.widgets.table.table_model import review_entries, text_lines


def played(table: TableWidget, seed: int = 0) -> TableWidget:
    """Finish the hand: A says play, draws nothing and clicks random legal cards."""
    rng = random.Random(seed)
    while table.game.phase != "settled":
        if table.game.to_act != YOU:
            table.advance_to_you()
        elif table.game.phase == "declare":
            table.declare(True)
        elif table.game.phase == "draw":
            table.discard()
        else:
            table.click(rng.choice(table.game.legal_actions()))
    return table


def test_review_waits_for_the_hand_to_end() -> None:
    table = TableWidget("pagat", players=4, seed=11)
    assert table.review_button.disabled
    assert table.review_hand().startswith("Review a hand once it is over")
    assert table.table.review == {} and "Review of hand" not in table.to_text()
    played(table)
    assert not table.review_button.disabled


def test_the_review_is_drawn_in_the_table_and_told_in_text() -> None:
    """Each decision in order: the moment, the choice made with its chips, the best one,
    the chips at stake, the mark; the same words in to_text() and in the drawn table."""
    table = played(TableWidget("pagat", players=4, seed=11))
    table.review_button.click()  # the button reviews with the default deals
    assert table.reviewed is not None and table.reviewed.deals == DEALS
    text = table.review_hand(deals=200)
    result = table.reviewed
    assert result is not None and text == result.to_text()
    assert text in table.to_text()
    drawn = table.table.review
    assert [row["number"] for row in drawn["rows"]] == [d.number for d in result.decisions]
    for row, decision in zip(drawn["rows"], result.decisions, strict=True):
        assert row["when"] == decision.when
        assert row["mark"] == {"mistake": "✘", "good": "✔", "none": "–"}[row["verdict"]]
        assert (row["verdict"] == "mistake") == decision.mistake
        if decision.choices:
            assert f"{decision.deals:,} deals" in row["label"]
            assert row["made"].startswith(decision.chosen.words)
        if decision.mistake:
            assert row["best"].startswith(decision.best.words) and row["stake"]
    assert drawn["title"] in table.table.to_text()
    assert drawn["summary"] in table.table.to_text()


def test_the_review_leaves_with_the_next_deal_and_during_a_replay() -> None:
    table = played(TableWidget("glimne", players=3, seed=4))
    table.review_hand(deals=100)
    table.replay_hand(1, step=2)
    assert table.table.review == {} and "Review of hand" not in table.to_text()
    table.deal()
    assert table.table.review == {} and "Review of hand" not in table.to_text()
    assert table.review_button.disabled


def test_review_entries_mark_mistakes_and_the_text_form_lists_them() -> None:
    table = played(TableWidget("pagat", players=5, seed=2), seed=3)
    table.review_hand(deals=200)
    entries = review_entries(table.reviewed)
    lines = text_lines({"review": entries})
    start = lines.index(entries["title"])
    assert lines[-1] == entries["summary"]
    assert len(lines) - start == len(table.reviewed.decisions) + 2
    mistakes = [row for row in entries["rows"] if row["verdict"] == "mistake"]
    assert len(mistakes) == len(table.reviewed.mistakes)
    assert all("✘ mistake" in row["label"] for row in mistakes)


@pytest.mark.parametrize(("name", "kind"), [("random", RandomBot), ("sampling", SamplingBot)])
def test_the_opponents_are_chosen_at_the_table(name, kind) -> None:
    table = TableWidget("pagat", players=4, seed=1)
    assert table.opponents.value == "heuristic" and type(table.bots["B"]) is HeuristicBot
    table.new_game(bots=name)
    assert all(type(bot) is kind for bot in table.bots.values())
    assert (
        table.opponents.value == name
        and OPPONENTS[name]
        in dict((value, label) for label, value in table.opponents.options).values()
    )
    with pytest.raises(ValueError, match="bots must be one of random, heuristic, sampling"):
        table.new_game(bots="strongest")


def test_a_table_of_sampling_bots_plays_whole_hands() -> None:
    table = TableWidget("pagat", players=3, seed=6, bots="sampling")
    assert table.opponents.value == "sampling"
    played(table)
    assert sum(table.game.bankrolls.values()) + table.game.pot == 300


def test_a_table_with_bots_of_its_own_keeps_them_on_new_game() -> None:
    mine = [HeuristicBot(boldness=0.3)] * 3
    table = TableWidget("pagat", players=4, seed=1, bots=mine)
    assert table.opponents.value == ""
    table.new_game(seed=2)
    assert table.bots["B"] is mine[0]


# --- the coached table: the review waits for the learner's guess (issue 22) ---------------


def beginner_hand(table: TableWidget) -> TableWidget:
    """Lesson 10's beginner: play, throw away the two lowest cards, play the highest allowed."""
    while table.game.phase != "settled":
        if table.game.to_act != YOU:
            table.advance_to_you()
        elif table.game.phase == "declare":
            table.declare(True)
        elif table.game.phase == "draw":
            table.discard(*sorted(table.game.cards_of(YOU), key=lambda c: c.rank)[:2])
        else:
            legal = [c for c in table.game.cards_of(YOU) if c.code in table.game.legal_actions()]
            table.click(max(legal, key=lambda c: c.rank))
    return table


def test_a_coached_table_keeps_the_review_back_until_the_learner_has_guessed():
    """Lesson 10 printed the review folded, but the table above drew it whole, before the
    learner could pick the costliest decision."""
    table = beginner_hand(CoachedTable("pagat", players=4, seed=21))
    assert table.guess_row.layout.display is None  # the question shows once the hand is over
    numbers = [value for _, value in table.guess_box.options]
    assert numbers[0] == NO_GUESS and numbers[-1] == 0 and numbers[1:-1] == list(range(1, 8))
    text = table.review_hand(deals=100)  # what the lesson's folded cell prints
    assert text.startswith("Review of hand 1")
    assert table.table.review == {} and "Review of hand" not in table.to_text()
    assert "which of your decisions cost the most" in table.to_text()
    assert "which decision cost the most chips? Pick it under the table" in table.to_text()
    costliest = table.reviewed.costliest
    other = 1 if costliest is None or costliest.number != 1 else 2
    table.guess_box.value = other  # the learner picks in the box
    assert table.table.review and "Review of hand 1" in table.to_text()
    assert table.feedback.startswith("✘") and table.guess_box.disabled
    table.deal()
    assert table.table.review == {} and table.guess_row.layout.display == "none"


def test_a_guess_says_whether_the_coach_agrees():
    table = beginner_hand(CoachedTable("pagat", players=4, seed=21))
    assert table.guess(0).startswith(("✘", "✔"))  # reviewed on demand, then compared
    review = table.reviewed
    costliest = review.costliest
    assert costliest is not None
    assert guess_verdict(review, costliest.number).startswith("✔ You picked decision")
    assert f"is {costliest.number}," in guess_verdict(review, 0)
    with pytest.raises(ValueError, match="pick a decision from 1 to 7, or 0 for none"):
        table.guess(8)


def test_a_guess_before_the_hand_is_over_changes_nothing():
    table = CoachedTable("pagat", players=4, seed=21)
    assert table.guess(1).startswith("Guess once the hand is over")
    assert table.guesses == {} and table.guess_row.layout.display == "none"


def test_a_plain_table_draws_its_review_at_once():
    """Only the coached table waits: at your own table you asked for the review yourself."""
    table = played(TableWidget("pagat", players=4, seed=11))
    table.review_hand(deals=100)
    assert table.table.review


# --- the review's figures, in words with their unit ----------------------------------------


def _choice(words: str, value: float, chosen: bool) -> Choice:
    return Choice(words, words, Estimate(value, value - 0.1, value + 0.1), chosen)


def _review(*decisions: Decision) -> HandReview:
    return HandReview("A", 1, Rules.preset("pagat"), 4, 100, decisions)


def test_the_review_says_its_figures_are_chips_and_what_they_mean_before_any_row():
    best = Decision(
        1,
        "declare",
        "Play or pass",
        "play",
        (_choice("play", 1.88, True), _choice("pass", 0.0, False)),
        100,
        100,
        None,
        False,
        "",
    )
    entries = review_entries(_review(best))
    assert "chips" in entries["title"] and "95% CI" in entries["title"]
    row = entries["rows"][0]
    assert row["made"] == "play: +1.88 chips (95% CI +1.78 to +1.98)"
    # no mistake: the figure is set against the next best choice
    assert row["stake"].startswith("1.88 chips more than the next best choice, pass")
    assert "ahead of the next, pass" in best.verdict() and "chips" in best.to_text()
    assert entries["summary"].startswith("Mistakes: none.")


def test_a_mistake_says_what_it_lost_against_the_best_choice():
    loss = Estimate(1.5, 1.2, 1.8)
    worse = Decision(
        2,
        "card",
        "Trick 1",
        "K♠",
        (_choice("9♠", 0.3, False), _choice("K♠", -1.2, True)),
        100,
        100,
        loss,
        True,
        "why",
    )
    row = review_entries(_review(worse))["rows"][0]
    assert row["best"] == "9♠: +0.30 chips (95% CI +0.20 to +0.40)"
    assert row["stake"] == "1.50 chips (95% CI 1.20 to 1.80) lost against the best choice"
