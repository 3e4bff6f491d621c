"""Headless widget tests: build scenes, click cards from code, step, switch the rulebook."""

from __future__ import annotations

import html

import pytest

from bourre_lessons import Rules, parse_card
from bourre_lessons.cards import DECK
from bourre_lessons.play import cite
from bourre_lessons.scenes import catalogue, get, show
from bourre_lessons.widgets.scenes.scene import RULE_KEPT_BACK

ALL = catalogue()


def to_turn(w):
    """Press Next until it is the learner's turn."""
    while not w.your_turn:
        w.next_button.click()
    return w


def feedback_text(w) -> str:
    """What the feedback callout on the drawn table says, line by line, as the learner sees it."""
    shown = w.table.feedback
    return "\n".join([shown["head"], *shown["lines"]])


@pytest.mark.parametrize("scene_id", list(ALL))
def test_every_scene_builds_steps_and_prints(scene_id):
    w = show(scene_id)
    assert w.scene.citation in w.to_text()
    assert "bourre-scene" in w._dom_classes
    for _ in range(w.step_count + 1):
        w.next_button.click()
    assert w.step == w.step_count - 1
    w.back_button.click()
    assert w.step == max(0, w.step_count - 2)
    w.restart_button.click()
    assert w.step == 0


@pytest.mark.parametrize("scene_id", [s.id for s in ALL.values() if s.kind == "play"])
def test_clicking_every_card_agrees_with_the_stated_answer(scene_id):
    """Clicking each card at each moment: ✔ exactly for the source's answer (its own preset)."""
    w = show(scene_id)
    for i, moment in enumerate(w.scene.positions):
        to_turn(w)
        assert w.position_index == i
        for card in moment.hand:
            w.table.click(card.code)
            text = feedback_text(w)
            assert str(card) in text
            assert text.startswith("✔") == (card in moment.answer), text
            if w.played is not None:
                w.retry_button.click()
        w.table.click(next(iter(moment.answer)).code)
        w.next_button.click()


def test_wrong_card_names_the_rule_and_what_is_required():
    """glimne 5: the 4♠ is refused, citing glimne-5 and naming the J♠ to play instead."""
    w = to_turn(show("glimne-5"))
    w.table.click("S4")
    text = feedback_text(w)
    assert text.startswith("✘")
    assert "glimne 5" in text and "which J♠ can" in text  # named once
    assert w.played is None and w.your_turn
    w.table.click("SJ")
    assert feedback_text(w).startswith("✔")
    assert "You J♠" in w.to_text()
    assert [c["card"] for c in w.table.trick][-1] == "SJ"
    assert "SJ" not in {c["card"] for c in w.table.hand}, "a played card leaves the hand"


def test_cards_are_disabled_until_your_turn():
    w = show("glimne-5")
    assert not any(c["enabled"] for c in w.table.hand)
    assert "not your turn" in w.play("SJ")
    to_turn(w)
    assert all(c["enabled"] for c in w.table.hand)


def test_cards_appear_one_by_one():
    w = show("glimne-5")
    assert "This trick: no cards yet" in w.to_text()
    w.next_button.click()
    assert "This trick: A 6♥" in w.to_text()
    w.next_button.click()
    assert "This trick: A 6♥, B 6♠" in w.to_text()


def test_show_answer_highlights_every_legal_card():
    w = to_turn(show("glimne-2b"))
    w.answer_button.click()
    lifted = {c["card"] for c in w.table.hand if c["lifted"]}
    assert lifted == {"H4", "HJ"}
    assert {c["label"] for c in w.table.hand if c["lifted"]} == {
        "four of hearts, legal",
        "jack of hearts, legal",
    }
    assert "In glimne's own example, 4♥ is the card played." in feedback_text(w)


def test_why_lists_every_card_with_its_verdict():
    w = to_turn(show("glimne-5"))
    w.why_button.click()
    lines = feedback_text(w).strip().splitlines()
    assert len(lines) == 1 + 3
    assert any(line.startswith("✔ J♠ [glimne 5]") for line in lines)
    # the K♦ is not even a trump: the first rule it breaks is glimne 3 (void: play a trump)
    assert any(line.startswith("✘ K♦ [glimne 3]") for line in lines)
    assert any(line.startswith("✘ 4♠ [glimne 5]") for line in lines)


def test_rulebook_switch_recomputes_the_verdict_live():
    """glimne 6 vs wikipedia 2: the K♦ is refused by glimne, allowed by wikipedia."""
    w = to_turn(show("glimne-6"))
    w.table.click("DK")
    assert feedback_text(w).startswith("✘") and "glimne 6" in feedback_text(w)
    w.rulebook.value = "wikipedia"
    assert feedback_text(w).startswith("✔") and cite("wikipedia-2") in feedback_text(w)
    w.rulebook.value = "pagat"
    assert feedback_text(w).startswith("✘") and "pagat 2" in feedback_text(w)


def test_disagreement_is_shown_side_by_side():
    w = to_turn(show("wikipedia-2-cannot-win"))
    assert w.table.compare == [] and "disagree" not in w.to_text(), "not before a try"
    w.table.click(w.position.hand[0].code)
    text = w.to_text()
    assert "The rulebooks disagree here: glimne: 2♠ 4♠ | wikipedia: 2♠ 4♠ 5♦ 9♣" in text
    assert [row["rulebook"] for row in w.table.compare] == ["glimne", "wikipedia", "pagat"]
    assert [row["cards"] for row in w.table.compare][:2] == ["2♠ 4♠", "2♠ 4♠ 5♦ 9♣"]
    assert [row["current"] for row in w.table.compare] == [
        name == w.rulebook.value for name in ("glimne", "wikipedia", "pagat")
    ]
    assert "The rulebooks side by side:" in w.table.to_text()
    assert show("glimne-5").table.compare == []


def test_a_baseline_scene_plays_pagat_with_no_selector_and_nothing_beside_it():
    """Lessons 01-07 teach one rulebook: the same glimne 6 table (wikipedia 2 disagrees) at
    the course's table judges the K♦ by pagat 2 alone and sets no other rulebook beside it."""
    from bourre_lessons.scenes import show_baseline

    w = to_turn(show_baseline("wikipedia-2-cannot-win"))
    assert w.rulebook.value == "pagat" and w.rulebook_choice is False
    controls = w.children[2].children
    assert w.rulebook not in controls and w.cinch not in controls
    assert w.table.compare == [] and "disagree" not in w.to_text()
    assert "Played by pagat&#x27;s rules" in w.header.value
    wrong = next(c for c in w.position.hand if c not in w.legal())
    w.table.click(wrong.code)
    assert feedback_text(w).startswith("✘") and "pagat" in feedback_text(w)
    chooser = to_turn(show("wikipedia-2-cannot-win"))
    assert chooser.rulebook in chooser.children[2].children and not chooser.table.compare
    chooser.show_answer()
    assert chooser.table.compare, "after Show answer the rulebooks are set side by side"


def test_the_side_by_side_table_judges_the_card_you_tried_under_each_rulebook():
    """glimne 6: a trump that cannot win is owed under glimne and pagat, not under wikipedia
    (glimne 6, pagat 2, wikipedia 2), so the K♦ is refused twice and allowed once."""
    w = to_turn(show("glimne-6"))
    w.table.click("DK")
    rows = {row["rulebook"]: row for row in w.table.compare}
    assert {name: row["verdict"] for name, row in rows.items()} == {
        "glimne": "illegal",
        "wikipedia": "legal",
        "pagat": "illegal",
    }
    assert rows["glimne"]["rule_id"] == "glimne-6" and rows["pagat"]["rule_id"] == "pagat-2"
    assert rows["wikipedia"]["label"].endswith("K♦ allowed [wikipedia 2]")
    w.show_answer()
    assert all(row["verdict"] == "" for row in w.table.compare), "no card tried: no verdicts"


def test_cinch_switch_changes_the_answer():
    """Cinch under each value: off lets any card be led, pot allows the equal K, strict only A."""
    w = show("glimne-cinch-akq")
    w.set_rulebook("pagat", cinch="off")
    assert w.show_answer().startswith("Legal under pagat, cinch off: ")
    assert {c.code for c in w.legal()} == {"SA", "SK", "SQ", "H4", "D6"}
    w.cinch.value = "pot"
    assert {c.code for c in w.legal()} == {"SA", "SK", "SQ"}
    w.cinch.value = "strict"
    assert {c.code for c in w.legal()} == {"SA"}
    assert "cinch strict" in feedback_text(w)


def test_glimne_cinch_scene_runs_glimnes_variant_under_every_rulebook():
    """The scene's own override (cinch strict) is in force whichever rulebook is chosen, and
    the Cinch menu still overrides it."""
    w = show("glimne-cinch-akq")
    for preset in ("glimne", "wikipedia", "pagat"):
        w.set_rulebook(preset)
        assert w.rules.cinch == "strict" and w.rules.source == preset
        assert f"Rulebook: {preset} (cinch strict)" in w.to_text()
        assert {c.code for c in w.legal()} == {"SA"}
    w.cinch.value = "off"
    assert {c.code for c in w.legal()} == {"SA", "SK", "SQ", "H4", "D6"}
    assert show("glimne-5").rules == Rules.preset("glimne")  # no override: the plain preset


def test_try_again_and_multi_moment_scenes():
    w = to_turn(show("glimne-cinch-akq"))
    w.play("SA")
    assert w.played is not None and not w.retry_button.disabled
    w.retry_button.click()
    assert w.played is None and w.your_turn
    w.play("SA")
    w.next_button.click()
    assert w.position_index == 1 and "Position 2 of 3" in w.to_text()
    assert "K♠" in w.play("SK") and w.played is not None


def test_classroom_size_and_four_colour_deck():
    w = show("glimne-5", size="classroom", four_colour=True)
    assert "bourre-classroom" in w._dom_classes
    assert w.table.size == "classroom" and w.table.four_colour
    assert "king of diamonds" in {c["label"] for c in w.table.hand}
    w.classroom.value = False
    assert w.table.size == "normal"
    assert "bourre-classroom" not in w._dom_classes


def test_story_scene_steps_and_chart():
    w = show("glimne-pay")
    assert w.chart.value[:4] == b"\x89PNG"
    for _ in range(5):
        w.next_button.click()
    assert "[pot 26]" in w.to_text()
    w.rulebook.value = "pagat"
    assert "[pot 15]" in w.to_text()


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="size must be one of normal, classroom"):
        show("glimne-5", size="huge")
    with pytest.raises(ValueError, match="preset must be one of glimne, wikipedia, pagat"):
        show("glimne-5", preset="hoyle")
    w = to_turn(show("glimne-5"))
    assert "not in your hand" in w.play("HA")
    with pytest.raises(ValueError, match="unknown card 'Z9'"):
        w.play("Z9")


def test_every_control_is_a_focusable_button_or_input():
    """Keyboard use: navigation is Buttons (Tab + Enter in the browser); the drawn cards are
    <button> elements with labels (checked in the browser tests), here their labels."""
    import ipywidgets as widgets

    w = to_turn(show("glimne-5"))
    for button in [w.back_button, w.next_button, w.answer_button]:
        assert isinstance(button, widgets.Button)
    assert isinstance(w.rulebook, widgets.ToggleButtons)
    assert all(c["label"] for c in w.table.hand) and all(s["label"] for s in w.table.seats)


@pytest.mark.parametrize("scene_id", [s.id for s in ALL.values() if s.kind == "naming"])
def test_naming_scenes_accept_exactly_the_named_cards(scene_id):
    """laws scenes: click the card the phrase names; ✔ only for the designated card(s)."""
    w = show(scene_id)
    for i, moment in enumerate(w.scene.positions):
        to_turn(w)
        assert w.position_index == i
        assert f"You say: “{moment.phrase}”" in w.to_text()
        for card in moment.hand:
            w.table.click(card.code)
            text = feedback_text(w)
            assert text.startswith("✔") == (card in moment.answer), text
            assert "[laws " in text
            if w.played is not None:
                w.retry_button.click()
        if moment.answer:
            w.play(next(iter(moment.answer)))
        w.next_button.click()


def test_typing_a_play_in_words():
    """Issue: a text box where the learner types the play; the laws decide the card."""
    w = to_turn(show("glimne-5"))
    w.say_box.value = "spar knekt"
    assert feedback_text(w).startswith("✔ You said “spar knekt”")
    assert w.played == parse_card("SJ")
    w.retry_button.click()
    w.say_box.value = "the four"
    assert "glimne 5" in feedback_text(w) and w.played is None
    w.say_box.value = "xyzzy"
    assert feedback_text(w).startswith("✘ not understood: 'xyzzy'")
    assert "the king" in feedback_text(w)


def test_say_box_says_once_and_takes_the_same_words_again():
    """Found in the browser: leaving the box and pressing Say it must not say the words twice,
    and after Try again the same words must play again."""
    w = to_turn(show("glimne-2a"))
    w.say_box.value = "HJ"  # what leaving the box does in the browser
    w.say_button.click()
    assert feedback_text(w).startswith("✔") and w.played == parse_card("HJ")
    assert w.say_box.value == ""
    w.retry_button.click()
    w.say_box.value = "the jack"
    assert w.played == parse_card("HJ")
    w.retry_button.click()
    w.say_box.value = "the jack"
    assert feedback_text(w).startswith("✔") and w.played == parse_card("HJ")


def _dom_classes(widget) -> set[str]:
    """Every DOM class in a widget's tree, as the browser would find them."""
    found = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        found |= _dom_classes(child)
    return found


@pytest.mark.parametrize("kind", ["play", "naming", "story"])
def test_scene_widget_returns_the_view_for_the_scene_kind(kind):
    from bourre_lessons.widgets.scenes.scene import SceneView
    from bourre_lessons.widgets.scenes.scene_naming import NamingView
    from bourre_lessons.widgets.scenes.scene_play import PlayView
    from bourre_lessons.widgets.scenes.scene_story import StoryView
    from bourre_lessons.widgets.scenes.scene_views import scene_view

    view = {"play": PlayView, "naming": NamingView, "story": StoryView}[kind]
    scene = next(s for s in ALL.values() if s.kind == kind)
    for w in (scene_view(scene), show(scene.id), view(scene)):
        assert type(w) is view and isinstance(w, SceneView)
        assert w.scene is scene
    classes = _dom_classes(scene_view(scene))
    assert ("bourre-chart" in classes) == (kind == "story")
    for card_control in ("bourre-say", "bourre-show-answer", "bourre-why"):
        assert (card_control in classes) == (kind != "story")
    assert {"bourre-back", "bourre-next", "bourre-restart", "bourre-rulebook"} <= classes


def test_scene_widget_refuses_an_unknown_kind():
    from dataclasses import replace

    from bourre_lessons.widgets.scenes.scene_views import scene_view

    scene = replace(next(iter(ALL.values())), kind="quiz")
    with pytest.raises(ValueError, match=r"play, naming, story.*'quiz'"):
        scene_view(scene)


def test_story_scenes_take_no_cards():
    w = show(next(s.id for s in ALL.values() if s.kind == "story"))
    assert w.play("QH") == w.say("the queen") == w.feedback
    assert "no cards to play" in w.feedback and w.played is None
    assert w.to_turn() is w and w.step == 0
    assert "no cards to play" in w.notice.value and "data-verdict='info'" in w.notice.value
    w.next()
    assert "data-verdict=''" in w.notice.value, "a new step clears the callout"


def test_a_story_draws_its_steps_with_the_pot_and_no_monospace():
    w = show("pagat-lone")
    assert "<pre" not in w.table.value
    assert w.table.value.count("<li") == 1 and "bourre-story-now" in w.table.value
    w.next()
    assert w.table.value.count("<li") == 2 and "pot 0</span>" in w.table.value
    assert "bourre-story-detail" in w.table.value and "B says play" in w.table.value


def test_a_whole_hand_played_out_is_folded_under_its_caption():
    """A step whose detail is a whole hand (dozens of lines) keeps its caption in view and folds
    the hand under it, in a lesson and at classroom size; a short detail shows as it is."""
    from bourre_lessons.widgets.scenes.scene_story import LONG_DETAIL_LINES

    for size in ("normal", "classroom"):
        w = show("wikipedia-misplay", size=size)
        while w.step < w.step_count - 1:
            w.next()
        assert len(w.scene.steps(w.rules)[w.step].detail.splitlines()) > LONG_DETAIL_LINES
        assert "<details class='bourre-story-more'>" in w.table.value, size
        assert "C wins trick 5 with K♣" in w.table.value
    short = show("pagat-restock")
    short.next()
    assert 0 < len(short.scene.steps(short.rules)[1].detail.splitlines()) <= LONG_DETAIL_LINES
    assert "bourre-story-detail" in short.table.value
    assert "bourre-story-more" not in short.table.value


def test_the_pot_chart_puts_each_bar_at_its_own_step(monkeypatch):
    """A story whose later steps name no pot (08b's second ante: 4 steps, pots at 1 and 2) draws
    its bars at steps 1 and 2 of an axis of 4, not squeezed onto an axis of 2."""
    from bourre_lessons.widgets.scenes import scene_story

    drawn = []
    monkeypatch.setattr(scene_story, "_pot_chart_png", lambda *a: drawn.append(a) or b"")
    w = show("wikipedia-second-ante")
    while w.step < w.step_count - 1:
        w.next()
    pots, total, _ = drawn[-1]
    steps = w.scene.steps(w.rules)
    assert total == len(steps)
    assert pots == {i: st.pot for i, st in enumerate(steps, 1) if st.pot is not None}
    assert len(pots) < total, "the story has steps without a pot"


def test_scene_views_stay_small():
    """The issue 'A house a maintainer can live in': no class over 400 lines and no function
    over 60 in the scene views."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "bourre_lessons" / "widgets" / "scenes"
    files = sorted(folder.glob("scene*.py"))
    assert {p.name for p in files} >= {"scene.py", "scene_play.py", "scene_story.py"}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if isinstance(node, ast.ClassDef):
                assert length <= 400, f"{path.name}: class {node.name} has {length} lines"
            else:
                assert length <= 60, f"{path.name}: {node.name} has {length} lines"


def test_a_course_scene_keeps_its_rule_back_until_the_learner_has_tried():
    """Predict first (issue 14): at the course's table the header does not state the rule
    before a card is tried, or, in a story, before its last step; a chooser scene states it."""
    from bourre_lessons.scenes import show_baseline
    from bourre_lessons.widgets.scenes.scene import RULE_KEPT_BACK

    play = to_turn(show_baseline("glimne-2a"))
    rule = play.scene.summary
    assert RULE_KEPT_BACK in play.to_text() and rule not in play.header.value
    play.table.click(next(c for c in play.position.hand if c not in play.legal()).code)
    assert rule in play.to_text() and html.escape(rule) in play.header.value
    play.try_again()
    assert rule in play.to_text(), "once shown, the rule stays"

    story = show_baseline("pagat-dealer-alone")
    assert RULE_KEPT_BACK in story.to_text()
    while story.step < story.step_count - 1:
        story.next()
    assert story.scene.summary in story.to_text()
    chooser = show("glimne-2a")
    assert RULE_KEPT_BACK in chooser.to_text(), "with the rulebook selector too"
    stated = show("glimne-2a", rule_after_try=False)
    assert stated.scene.summary in stated.to_text() and stated.scene.title in stated.to_text()


@pytest.mark.parametrize("scene_id", ["glimne-9", "glimne-10"])
def test_lesson_05a_scenes_show_no_rule_and_no_rulebooks_before_the_first_try(scene_id):
    """Lesson 05a opens glimne 9 and glimne 10 with the rulebook selector: at step 1 neither
    the rule nor the rulebooks side by side with their legal cards are on screen (in the
    header, the drawn table or the text); after a card is tried, both are."""
    w = show(scene_id)
    scene = w.scene
    for _step in range(w.step_count):
        assert w.table.compare == [] and w.table.heading["rule"] == RULE_KEPT_BACK
        assert scene.summary not in w.to_text() and "disagree" not in w.to_text()
        assert html.escape(scene.summary) not in w.header.value
        assert scene.citation in w.to_text(), "the citation names the scene"
        if w.step < w.step_count - 1:
            w.next()
    w.restart()
    w.to_turn().table.click(w.position.hand[0].code)
    assert w.table.compare and "The rulebooks disagree here" in w.to_text()
    assert html.escape(scene.summary) in w.header.value


def test_a_message_that_is_no_try_keeps_the_rule_back():
    """Not your turn, a card not in the hand, words not understood: none of these is a try."""
    w = show("glimne-5")
    w.play(w.position.hand[0])  # not your turn yet
    w.to_turn().play(next(c for c in DECK if c not in w.position.hand))
    assert RULE_KEPT_BACK in w.to_text()
    w.to_turn().say("zzz qqq")
    assert RULE_KEPT_BACK in w.to_text()
    w.why()
    assert w.scene.summary in w.to_text()


def test_neutral_titles_name_the_position_and_never_the_rule():
    from bourre_lessons.scenes import catalogue
    from bourre_lessons.widgets.scenes.scene import neutral_title

    assert neutral_title(get("glimne-5")) == "Hearts led"
    assert neutral_title(get("glimne-cinch-akq")) == "Your lead"
    assert neutral_title(get("laws-win")) == "You say “win it”"
    assert neutral_title(get("wikipedia-bourre")) == "A story"
    for scene in catalogue().values():
        title = neutral_title(scene)
        assert title != scene.title and scene.summary not in title
        assert ":" not in title, "no 'rule: answer' title"


def test_a_story_draws_no_chart_of_one_pot_repeated():
    """Cut noise: pagat's restock keeps the pot at 8 at every step, so no chart; glimne's
    bourré payment changes the pot, so its chart is drawn."""
    flat = show_baseline_story("pagat-restock")
    assert flat.chart.layout.display == "none"
    changing = show("glimne-pay")
    changing.next()
    assert changing.chart.layout.display != "none" and changing.chart.value[:4] == b"\x89PNG"


def show_baseline_story(scene_id: str):
    """A story at the course's table, stepped to its end."""
    from bourre_lessons.scenes import show_baseline

    story = show_baseline(scene_id)
    while story.step < story.step_count - 1:
        story.next()
    return story
