"""One form of citation wherever a learner reads one, and every one opens its quotation
(issue 28 §3). In text it is "[pagat 3]" (several: "[laws 46B2, pagat 2]"); on screen each is a
rule chip, the `<details>` of `source_chip`, that opens the register's quotation: in exercise
feedback (`kit.callout_html`), in the game table's verdicts and rulebook rows, and in the
coach's review (the card table draws them from the `sources` Python gives it)."""

from __future__ import annotations

import re

from bourre_lessons.actions import IllegalPlay
from bourre_lessons.exercises.drills import lead_trump_drill
from bourre_lessons.play import Situation, explain
from bourre_lessons.sim.coach_reasons import forced_reason
from bourre_lessons.sources import cited_in
from bourre_lessons.widgets.kit import callout_html
from bourre_lessons.widgets.source_chip import chips_in_html
from bourre_lessons.widgets.table.table_model import compare_entry, feedback_entry

OTHER_FORMS = re.compile(
    r"\((?:pagat|glimne|wikipedia|laws) [0-9][0-9A-Za-z]*\)|\[(?:pagat|glimne|wikipedia|laws)-"
)


def test_cited_in_reads_brackets_and_lists_and_skips_what_the_register_lacks():
    assert cited_in("play one [pagat 3]; see [laws 46B2, pagat 2].") == [
        "pagat 3",
        "laws 46B2",
        "pagat 2",
    ]
    assert cited_in("[pagat 99] [x] (pagat 3) [hand]") == []


def test_a_citation_in_html_is_a_chip_that_opens_its_quotation():
    html = chips_in_html("✘ 2♠ is not allowed [pagat 1] and <b> stays text [nope 1]")
    assert html.count("<details class='bourre-source-chip' data-rule='pagat-1'>") == 1
    assert "bourre-source-quote" in html and "Our translation" in html
    assert "&lt;b&gt;" in html and "[nope 1]" in html


def test_exercise_feedback_draws_every_citation_as_a_chip():
    """The callout of an exercise: the reason's rule chip and each line's citations."""
    entry = feedback_entry(
        "✘ Not yet.", "illegal", rule_id="pagat-3", lines=["2♠ may not be played [pagat 1]"]
    )
    html = callout_html(entry)
    assert "data-rule='pagat-3'" in html and "data-rule='pagat-1'" in html


def test_the_game_table_refusal_and_rulebook_rows_cite_in_brackets_with_chips():
    situation = Situation(hand="DA DJ D7 D6 S2", trump="H", trick=("D2",))
    verdict = explain(situation, "S2")
    message = str(IllegalPlay(verdict, ["DA"]))
    assert message.endswith("[pagat 1]"), message
    assert not OTHER_FORMS.search(message)
    entry = feedback_entry(message, "illegal")
    assert set(entry["sources"]) == {"pagat 1"} and entry["sources"]["pagat 1"]["quote"]
    row = compare_entry("pagat", [], tried=(verdict.card, False, verdict.rule_id))
    assert row["label"].endswith("[pagat 1]") and set(row["sources"]) == {"pagat 1"}


def test_a_drill_solution_cites_in_brackets():
    """The lead-trump drill's worked solution gives the engine's verdict on every card."""
    text = lead_trump_drill(seed=2).solution()
    assert cited_in(text), text
    assert not OTHER_FORMS.search(text), text


def test_the_coachs_forced_reason_cites_as_learners_read_it():
    """The review once showed the engine's id ("[pagat-3]"); now "[pagat 3]", with its chip."""
    from bourre_lessons import Game, Rules
    from bourre_lessons.sim.decision_points import decision_points

    for seed in range(40):
        game = Game(Rules.preset("pagat"), players=4, seed=seed)
        from bourre_lessons.sim.bots import HeuristicBot, play_bots

        play_bots(game, {seat: HeuristicBot() for seat in game.players})
        points = decision_points(game, "A")[0]
        forced = [p for p in points if p.kind == "card" and len(p.options) == 1]
        if forced:
            reason = forced_reason(forced[0])
            assert re.search(r"\[(pagat|glimne|wikipedia) [^\]]+\]", reason), reason
            assert not OTHER_FORMS.search(reason)
            assert cited_in(reason)
            return
    raise AssertionError("no hand of 40 had a forced card for A")
