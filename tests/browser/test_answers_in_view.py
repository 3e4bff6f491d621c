"""The rules of answers_in_view, without a browser (part of `make unit`).

Each rule is shown to catch what it is for and to leave alone the prose that explains it; the
deals a notebook hands the learner are found in its code and dealt again with the engine.
"""

from __future__ import annotations

import json

from answers_in_view import (
    BAD_QUESTION,
    DEMO_TAG,
    FILLED_FORM,
    GLYPH_BOX,
    LEGAL_LIST,
    NOT_RUN,
    OWN_DEAL_TAG,
    PROSE,
    REVIEW,
    RULE_BOX,
    SEAT_CARDS,
    TRACEBACK,
    VERDICT,
    Deal,
    card_codes,
    deals_in,
    demonstration,
    judge,
    own_deal,
    question_findings,
    questions_of,
    scene_header_findings,
    seat_card_findings,
    text_findings,
)
from browser_harness import ROOT

from bourre_lessons import Game, Rules


def _kinds(kind: str, text: str) -> set[str]:
    return {name for name, _ in text_findings(kind, text)}


def test_a_verdict_in_an_output_is_an_answer_and_prose_explaining_the_marks_is_not():
    assert _kinds("output", "✘ 4♥ is not allowed: you must beat 10♥") == {VERDICT}
    assert _kinds("widget", "Feedback: ✔ Right") == {VERDICT}
    assert _kinds("output", "A said play; the pot holds 4") == set()
    assert _kinds("markdown", "A tick (✔) means the rules allow it, a cross (✘) not.") == set()
    assert _kinds("markdown", "✔ Right: the J♥.") == {VERDICT}
    assert _kinds("markdown", "✘ 4♥ is refused") == {VERDICT}


def test_a_list_of_legal_cards_is_an_answer():
    assert LEGAL_LIST in _kinds("output", "legal now: H2 H9 HT")
    assert LEGAL_LIST in _kinds("output", "hand: 3♦ 7♦ 5♠ -> allowed: 3♦ 7♦")
    assert LEGAL_LIST in _kinds("output", "Legal under pagat: J♥.")
    assert LEGAL_LIST in _kinds("output", "   pagat: trump_when_cannot_win = True   may play: 3♠")
    assert LEGAL_LIST not in _kinds("output", "Which cards are legal here? Decide first.")


def test_reviews_rule_boxes_and_filled_answers_are_answers():
    assert _kinds("widget", "Review of hand 1 (seat A)") == {REVIEW}
    assert RULE_BOX in _kinds("widget", "The rulebooks disagree here: glimne: 2♠")
    assert _kinds("code", 'answer1 = "pass"') == {FILLED_FORM}
    assert _kinds("code", "solution_a1 = 'K♦'") == {FILLED_FORM}
    for placeholder in ('answer1 = ""', "answer7 = None  # e.g. 3", "answer = set()"):
        assert _kinds("code", placeholder) == set(), placeholder


def test_cards_are_read_in_every_form_the_pages_write_them():
    assert card_codes("A♠ 10♥ and HT, DK; 2♣") == ["SA", "HT", "HT", "DK", "C2"]
    assert card_codes("Seat A, B and C; 10 players") == []


def _deal(seed: int = 11) -> Deal:
    from answers_in_view import _game_deal

    return _game_deal(f"table seed {seed}", Game(Rules.preset("pagat"), 4, seed), "A")


def test_another_seats_cards_are_found_by_line_by_seat_and_by_seed():
    deal = _deal()  # B holds 3♣ 10♣ 10♦ 5♠ 3♠, C 5♥ 2♣ 8♠ 9♣ 7♥
    assert seat_card_findings("B is dealt 3♣ 10♣ 10♦ 5♠ 3♠", [], deal)
    tricks = "C leads 9♣\nA plays 2♥\nC plays 5♥\nthen C plays 7♥\nC: 2♣"
    assert any("on lines naming C" in s for s in seat_card_findings(tricks, [], deal))
    assert seat_card_findings("You are seat A. Deal: seed 11 · C led 9♣", [], deal)
    assert not seat_card_findings("Deal: seed 11 · your hand A♣ 5♦ 10♥ Q♦ 2♥", [], deal)
    assert not seat_card_findings("Deal: seed 11 · 5 players · B played 3♣", [], deal)
    assert not seat_card_findings("B played the 3♣ and C the 2♣", [], deal)  # one card a seat
    face_up = [{"card": "S3", "seat": "B"}, {"card": "S5", "seat": "B"}]
    assert seat_card_findings("", face_up, deal)
    assert not seat_card_findings("", [{"card": "H2", "seat": "A"}], deal)


def test_the_deals_a_lesson_hands_the_learner_are_found_in_its_code():
    lesson = json.loads((ROOT / "notebooks" / "10_play_whole_hands.ipynb").read_text("utf-8"))
    deals, unread = deals_in(lesson)
    labels = {d.label for d in deals}
    assert labels == {"table seed 11", "table seed 13", "table seed 3"}, (
        labels
    )  # 12, 4, 21: by code
    assert not unread
    first = json.loads((ROOT / "notebooks" / "01_your_first_hand.ipynb").read_text("utf-8"))
    from bourre_lessons.first_hand import FIRST_HAND_SEED

    deals = [d for d in deals_in(first)[0] if d.seed == FIRST_HAND_SEED]
    assert len(deals) == 1, "lesson 01's first hand is found once"
    (deal,) = deals
    assert deal.seed == FIRST_HAND_SEED and set(deal.hidden) == {"B", "C", "D"}
    assert all(len(cards) in (4, 5) for cards in deal.hidden.values())
    (ace,) = [d for d in deals_in(first)[0] if "turned" in d.label]
    assert ace.label == "first hand seed 0 with {'turned': 'DA'}", ace.label
    assert "DA" not in ace.all_hidden  # the turned card is public


def _cell(index, kind, source="", tags=(), headings=(), blocks=(), outputs=(), count=1):
    return {
        "index": index,
        "type": kind,
        "tags": list(tags),
        "source": source,
        "count": count if kind == "code" else None,
        "outputs": list(outputs),
        "headings": [{"level": 2, "text": h} for h in headings],
        "blocks": [
            {"kind": k, "mark": str(index), "text": t, "facts": [], "filled": [], "cards": []}
            for k, t in blocks
        ],
    }


WIDGET_OUT = {
    "output_type": "display_data",
    "data": {"application/vnd.jupyter.widget-view+json": {}},
}


def _page(tags=(DEMO_TAG,), heading="Under the hood: the answers", with_try=True):
    return [
        _cell(0, "markdown", headings=["A scene"]),
        _cell(1, "code", "scene", outputs=[WIDGET_OUT] if with_try else []),
        _cell(2, "markdown", headings=[heading]),
        _cell(3, "code", "print(demo)", tags=tags, blocks=[("output", "✔ J♥ is allowed")]),
    ]


def test_a_marked_demonstration_after_the_try_is_accepted_and_nothing_else_is():
    cells = _page()
    assert demonstration(cells, 3)[0]
    (finding,) = judge({"cells": cells})
    assert finding.kind == VERDICT and not finding.fails and finding.accepted
    assert judge({"cells": _page(tags=())})[0].fails
    accepted, why = demonstration(_page(heading="Under the hood"), 3)
    assert not accepted and "does not say 'answer'" in why
    accepted, why = demonstration(_page(with_try=False), 3)
    assert not accepted and "no try" in why


def test_tracebacks_unrun_cells_and_boxes_fail_the_page():
    error = {"output_type": "error", "ename": "KeyError", "evalue": "'x'", "traceback": []}
    cells = [_cell(0, "code", "x = 1", count=None), _cell(1, "code", "d['x']", outputs=[error])]
    reading = {
        "cells": cells,
        "glyphs": {
            "checked": 3,
            "boxes": [
                {"char": "小", "code": "U+5C0F", "font": "x", "sample": "小", "mark": "", "cell": 1}
            ],
        },
    }
    kinds = {(f.cell, f.kind) for f in judge(reading)}
    assert kinds == {(0, NOT_RUN), (1, TRACEBACK), (1, GLYPH_BOX)}
    assert all(f.fails and not f.answer for f in judge(reading))


def test_a_deal_in_view_fails_through_judge():
    cells = [_cell(0, "code", "print(t)", blocks=[("output", "D is dealt J♦ 8♣ 10♠ 7♦ 3♦")])]
    (finding,) = judge({"cells": cells}, [_deal()])
    assert finding.kind == SEAT_CARDS and "D's" in finding.detail


# --- a demonstration on a deal of its own ---------------------------------------------------------

LEARNERS_TABLE = 'table = TableWidget("pagat", players=4, seed=11)\ntable'


def _own_page(*demo_sources: str, tagged: bool = True) -> list[dict]:
    """The learner's table (seed 11), then demonstration cells printing a transcript."""
    cells = [
        _cell(0, "code", "from bourre_lessons.widgets.table.table import TableWidget"),
        _cell(1, "code", LEARNERS_TABLE, outputs=[WIDGET_OUT]),
    ]
    for source in demo_sources:
        at = len(cells)
        block = ("output", "✔ A discards 5♠ 3♥ · legal now: S9")
        tags = [OWN_DEAL_TAG] if tagged else []
        cells.append(_cell(at, "code", source, tags=tags, blocks=[block]))
    return cells


def _learners_deals(cells: list[dict]) -> list[Deal]:
    notebook = {"cells": [{"cell_type": "code", "source": c["source"]} for c in cells]}
    return deals_in(notebook)[0]


OWN = 'demo = TableWidget("pagat", players=4, seed=12)\ndemo.advance_to_you()\nprint(demo)'


def test_an_own_deal_cell_on_another_seed_is_accepted_and_so_are_the_cells_that_continue_it():
    cells = _own_page(OWN, "demo.declare(True)\nprint(demo.game.legal_actions())")
    deals = _learners_deals(cells)
    assert [d.seed for d in deals] == [11]
    assert own_deal(cells, 2, deals) == (True, "own-deal: seed 12, none the learner's")
    assert own_deal(cells, 3, deals)[0]
    findings = judge({"cells": cells}, deals)
    assert findings and all(not f.fails for f in findings), [f.line() for f in findings]
    assert all(f.fails for f in judge({"cells": _own_page(OWN, tagged=False)}, deals))


def test_an_own_deal_cell_that_reuses_the_learners_deal_or_cannot_be_checked_fails():
    cases = {
        'demo = TableWidget("pagat", players=4, seed=11)': "seed 11, the learner's table seed 11",
        "demo = TableWidget('pagat', 4, 11)": "seed 11",  # positional: still read
        "print(table.game.transcript())": "uses `table`",  # the learner's own table
        "s = 11\ndemo = TableWidget('pagat', seed=s)": "a seed it does not write out",
        "demo = show_baseline('glimne-2a')": "builds scene glimne-2a",
        'p = Situation(parse_cards("H4 HJ"), "S", parse_cards("H7 HT"))': "scene glimne-2a",
        "p = Situation(hand, 'S', ())": "a position it does not write out",
    }
    for source, reason in cases.items():
        cells = _own_page(source)
        cells[0]["source"] += "\nfrom bourre_lessons.scenes import show_baseline"
        cells[0]["source"] += "\nfrom bourre_lessons import Situation, parse_cards"
        cells.insert(1, _cell(1, "code", "scene = show_baseline('glimne-2a')\nscene"))
        for at, cell in enumerate(cells):
            cell["index"] = at
        accepted, why = own_deal(cells, 3, _learners_deals(cells))
        assert not accepted and reason in why, (source, why)
        assert all(f.fails for f in judge({"cells": cells}, _learners_deals(cells)))


def test_a_name_made_again_by_an_untagged_cell_is_no_longer_the_demonstrations():
    cells = _own_page(OWN, "demo = table", "print(demo.game.transcript())")
    cells[3]["tags"] = []
    accepted, why = own_deal(cells, 4, _learners_deals(cells))
    assert not accepted and "uses `demo`" in why


def test_a_scene_header_stating_the_rule_or_a_telling_title_is_a_rule_box():
    from bourre_lessons.scenes import get

    kept = "glimne 2 · Hearts led\nThe rule shows here once you have tried."
    assert scene_header_findings([{"id": "glimne-2b", "header": kept}]) == []
    telling = (
        "glimne 2 · Cannot beat: any card of the suit\nThe rule shows here once you have tried."
    )
    (said,) = scene_header_findings([{"id": "glimne-2b", "header": telling}])
    assert "title states its answer" in said
    rule = f"glimne 2 · Hearts led\n{get('glimne-2b').summary}"
    (said,) = scene_header_findings([{"id": "glimne-2b", "header": rule}])
    assert "states its rule" in said
    story = "pagat dealer's ace · The dealer turns an ace\nThe rule shows here once you have tried."
    assert scene_header_findings([{"id": "pagat-dealer-ace", "header": story}]) == []
    block = {"kind": "widget", "mark": "1", "text": telling, "facts": [], "filled": [], "cards": []}
    cell = {
        **_cell(0, "code", "scene"),
        "blocks": [{**block, "scenes": [{"id": "glimne-2b", "header": telling}]}],
    }
    (finding,) = judge({"cells": [cell]})
    assert finding.kind == RULE_BOX and finding.fails


ASKS = {"ask": "who speaks first", "answer": ["B speaks first", "to play"]}


def _asking(answer_at: int | None, *, folded: bool = False, ask=ASKS) -> list[dict]:
    """A section that asks who speaks first, a table, a paragraph, then the next section; the
    answer words put in the block numbered `answer_at` (None: nowhere)."""
    said = (
        "So B speaks first." if not folded else "Check your answer (open it after you have tried)"
    )
    texts = [
        "The table\nYou deal. Before you press Next: who speaks first, you or B?",
        "A · dealer · 4 chips    B · 4 chips",
        "Press Next to see.",
        "The hand, in order\nFrom the dealer's left: B speaks first.",
    ]
    if answer_at is not None:
        texts[answer_at] += " " + said
    question = _cell(0, "markdown", headings=["The table"], blocks=[("markdown", texts[0])])
    question["question"] = ask
    return [
        question,
        _cell(1, "code", "FirstHandView()", blocks=[("widget", texts[1])]),
        _cell(2, "markdown", blocks=[("markdown", texts[2])]),
        _cell(3, "markdown", headings=["The hand, in order"], blocks=[("markdown", texts[3])]),
    ]


def test_a_declared_question_answered_before_its_section_ends_is_an_answer_in_prose():
    for at in (1, 2):
        (finding,) = question_findings(_asking(at))
        assert (finding.cell, finding.kind) == (at, PROSE), finding
        assert "B speaks first" in finding.detail and finding.answer and finding.fails
    widget = _asking(None)
    widget[1]["blocks"][0]["text"] += " · to play"
    assert [(f.cell, f.kind) for f in judge({"cells": widget})] == [(1, PROSE)]


def test_the_next_section_a_folded_answer_and_words_before_the_question_are_not_read():
    assert question_findings(_asking(None)) == []  # the answer is in the next section only
    assert question_findings(_asking(2, folded=True)) == []
    before = _asking(None)
    before[0]["blocks"][0]["text"] = (
        "B speaks first, says the title.\n" + before[0]["blocks"][0]["text"]
    )
    assert question_findings(before) == []
    words = _asking(None)
    for same in ("B **speaks**   FIRST, as ‘you’ see.", "B   SPEAKS\nfirst."):
        words[2]["blocks"][0]["text"] = same  # case, emphasis and spaces aside
        assert [f.cell for f in question_findings(words)] == [2], same
    words[2]["blocks"][0]["text"] = "Mob speaks firstly."  # whole words only
    assert question_findings(words) == []


def test_a_question_declared_wrongly_fails_and_says_what_is_accepted():
    for bad in (
        {"ask": "who speaks first"},
        {"ask": "", "answer": "B"},
        [],
        {"ask": "x", "answer": []},
    ):
        (finding,) = question_findings(_asking(None, ask=bad))
        assert finding.kind == BAD_QUESTION and "accepted:" in finding.detail, bad
    (finding,) = question_findings(_asking(None, ask={"ask": "who deals", "answer": "A"}))
    assert finding.kind == BAD_QUESTION and "not in the cell" in finding.detail
    two = questions_of(0, [ASKS, {"ask": "you or B", "answer": "B"}])
    assert [q.answer for q in two] == [("B speaks first", "to play"), ("B",)]
