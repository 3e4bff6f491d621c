"""The table's "Review this hand": the coach's review drawn in the table and told in text."""

from __future__ import annotations

import random

import pytest

from bourre_lessons.sim.bots import HeuristicBot, RandomBot
from bourre_lessons.sim.coach import DEALS
from bourre_lessons.sim.sampling_bot import SamplingBot
from bourre_lessons.widgets.table import OPPONENTS, YOU, TableWidget
from bourre_lessons.widgets.table_model import review_entries, text_lines


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
