"""Headless tests of the classroom app: picker, Previous / Next scene, size, text."""

from __future__ import annotations

import pytest

from bourre_lessons.scenes import show
from bourre_lessons.widgets.classroom import Classroom, classroom, start_from_query

FIRST_THREE = ["glimne-1", "glimne-2a", "glimne-2b"]


def px(value: str) -> int:
    """'104px' -> 104."""
    assert value.endswith("px"), value
    return int(value[:-2])


def test_opens_on_the_first_scene_with_previous_disabled():
    app = Classroom(FIRST_THREE)
    assert app.scene_id == "glimne-1"
    assert app.previous_button.disabled
    assert not app.next_button.disabled
    assert app.counter.value == "Scene 1 of 3"
    assert app.stage.children == (app.scene,)


def test_next_and_previous_scene_buttons_step_through_the_list():
    app = Classroom(FIRST_THREE)
    app.next_button.click()
    assert app.scene_id == "glimne-2a"
    assert "bourre-scene-glimne-2a" in app.stage.children[0]._dom_classes
    app.next_button.click()
    assert app.scene_id == "glimne-2b"
    assert app.next_button.disabled
    assert app.counter.value == "Scene 3 of 3"
    app.next_button.click()  # a click on the last scene changes nothing
    assert app.scene_id == "glimne-2b"
    app.previous_button.click()
    app.previous_button.click()
    assert app.scene_id == "glimne-1"
    assert app.previous_button.disabled


def test_picker_names_each_scene_by_number_and_a_neutral_title():
    """The class sees the picker: a scene is named by its number, lesson, rule and a title
    that names the position, never the scene's own title (which may state the answer)."""
    app = Classroom(FIRST_THREE)
    assert app.picker.options[1] == ("2 · lesson 00 · glimne 2 · Hearts led", "glimne-2a")
    full = classroom()
    for number, (label, scene_id) in enumerate(full.picker.options, start=1):
        assert label.startswith(f"{number} · lesson ")
        assert full.go(scene_id).scene.title not in label, label
    variants = dict((v, k) for k, v in full.picker.options)["pagat-double-ante"]
    assert " · lesson 08b · " in variants, "lesson 08b, not 08"
    app.picker.value = "glimne-2b"
    assert app.stage.children[0].scene.id == "glimne-2b"
    assert app.counter.value == "Scene 3 of 3"


def test_the_whole_catalogue_is_in_the_default_classroom():
    app = classroom()
    assert app.scene_ids[0] == "glimne-2a"  # the welcome lesson's scene comes first
    assert "glimne-6" in app.scene_ids
    assert "laws-named" in app.scene_ids
    assert "pagat-renege" in app.scene_ids


def test_a_scene_keeps_its_state_when_the_class_comes_back_to_it():
    app = Classroom(FIRST_THREE)
    app.go("glimne-2a").to_turn().play("HJ")
    app.next_scene()
    back = app.previous_scene()
    assert back.scene.id == "glimne-2a"
    assert str(back.played) == "J♥"


def test_scenes_are_drawn_at_classroom_size():
    """Cards are wider and taller than in the same scene at normal size."""
    big = Classroom(["glimne-2a"]).scene
    normal = show("glimne-2a")
    assert big.classroom.value
    assert "bourre-classroom" in big._dom_classes
    assert "bourre-classroom" not in normal._dom_classes
    assert big.table.size == "classroom" and normal.table.size == "normal"


def test_normal_size_can_be_asked_for():
    assert not Classroom(["glimne-2a"], size="normal").scene.classroom.value


def test_to_text_says_where_we_are_and_what_the_scene_shows():
    app = Classroom(FIRST_THREE, start="glimne-2b")
    lines = app.to_text().splitlines()
    assert lines[0] == "Scene 3 of 3"
    assert lines[1] == "glimne 2 · Hearts led", "its own title states the answer: after the try"
    assert "Your hand: 4♥ J♥" in lines
    app.scene.to_turn().play("H4")
    assert app.to_text().splitlines()[1] == "glimne 2 · Cannot beat: any card of the suit"


def test_clicking_a_card_in_the_classroom_gives_the_scene_feedback():
    """glimne 2: with the 10♥ best so far, the J♥ is required and the 4♥ refused."""
    scene = Classroom(["glimne-2a"]).scene.to_turn()
    assert scene.play("H4").startswith("✘")
    assert scene.play("HJ").startswith("✔")


def test_start_scene_comes_from_the_url_query():
    assert start_from_query("scene=glimne-6") == "glimne-6"
    assert start_from_query("?scene=glimne-6&x=1") == "glimne-6"
    assert start_from_query("scene=no-such-scene") is None
    assert start_from_query("") is None


def test_start_scene_from_voila_query_string(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "scene=pagat-2")
    assert classroom().scene_id == "pagat-2"


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"scene_ids": []}, ValueError, "at least one scene"),
        ({"scene_ids": ["glimne-1", "glimne-1"]}, ValueError, "once"),
        ({"scene_ids": ["glimne-99"]}, KeyError, "no scene 'glimne-99'"),
        ({"scene_ids": FIRST_THREE, "start": "pagat-2"}, ValueError, "start must be one of"),
        ({"scene_ids": FIRST_THREE, "size": "huge"}, ValueError, "size must be one of"),
    ],
)
def test_bad_arguments_say_what_is_accepted(kwargs, error, words):
    with pytest.raises(error, match=words):
        Classroom(**kwargs)


def test_going_to_a_scene_outside_the_list_is_refused():
    app = Classroom(FIRST_THREE)
    with pytest.raises(ValueError, match="not in this classroom"):
        app.go("pagat-2")
    with pytest.raises(KeyError, match="no scene"):
        app.go("nonsense")
    assert app.scene_id == "glimne-1"


def test_the_present_notebook_builds_the_classroom_app():
    """present/classroom.ipynb (served by `make present`): python3 kernel, no stored outputs,
    and its code ends with an expression that is the classroom app."""
    import ast
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "present" / "classroom.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] for c in code)
    tree = ast.parse("\n".join("".join(c["source"]) for c in code))
    last = tree.body.pop()
    assert isinstance(last, ast.Expr)
    namespace: dict = {}
    exec(compile(tree, str(path), "exec"), namespace)
    app = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
    assert isinstance(app, Classroom)
    assert app.scene.classroom.value


def test_the_whole_catalogue_comes_grouped_by_lesson():
    """The picker lists every scene once, lesson by lesson, each labelled with its lesson."""
    from bourre_lessons.scenes import catalogue
    from bourre_lessons.widgets.classroom import scene_order

    app = Classroom()
    assert sorted(app.scene_ids) == sorted(catalogue())
    assert list(app.scene_ids) == scene_order()
    lessons = [label.split(" · ")[1] for label, _ in app.picker.options]
    assert lessons == sorted(lessons), "lessons in order, each lesson's scenes together"
    assert app.scene_id == "glimne-2a"  # lesson 00 shows it first


def test_predict_mode_holds_the_verdict_until_the_teacher_reveals_it():
    """The class votes first: a click marks its choice and says nothing of the rules; Reveal
    plays that card and shows the verdict with its rule (glimne 2: the 4♥ cannot be played
    when the jack would beat the best heart)."""
    app = Classroom(["glimne-2a", "wikipedia-seven"])
    assert app.reveal_button.disabled
    app.predict.value = True
    assert not app.reveal_button.disabled
    scene = app.scene.to_turn()
    held = scene.play("H4")
    assert held.startswith("The class chose 4♥") and "✘" not in held
    assert scene.played is None and app.scene.table.feedback["verdict"] == "info"
    verdict = app.reveal()
    assert verdict.startswith("✘") and "glimne 2" in verdict
    assert app.reveal().startswith("Nothing chosen yet")
    assert app.scene.scene.summary in app.scene.to_text(), "revealed: the rule shows"
    app.next_scene()
    assert app.reveal_button.disabled, "a story scene takes no card: nothing to reveal"
    app.previous_scene()
    app.predict.value = False
    assert app.scene.play("HJ").startswith("✔"), "without Predict a click answers at once"


def test_the_app_pins_its_bars_and_a_lesson_keeps_them_in_the_cell():
    """The projector app keeps its picker and buttons at the window's edges; inside a lesson
    (lesson 08, normal size) fixed bars would cover JupyterLab's own menu and status bar."""
    from bourre_lessons.widgets.classroom import STYLE

    app = Classroom(["glimne-2a", "glimne-6"])
    lesson = Classroom(["glimne-2a", "glimne-6"], size="normal")
    assert app.pinned and "bourre-pinned" in app._dom_classes
    assert not lesson.pinned and "bourre-pinned" not in lesson._dom_classes
    assert not Classroom(["glimne-2a"], pinned=False).pinned
    fixed = [rule for rule in STYLE.split("}") if "position: fixed" in rule]
    assert fixed and all(".bourre-pinned" in rule for rule in fixed)


def test_predict_mode_keeps_the_rule_the_rulebooks_and_a_telling_title_back():
    """glimne 8's own title states its answer; in Predict mode the header, the drawn table's
    heading and the text name the position instead, and neither the rule nor the rulebooks
    side by side show, even after the class's choice, until Reveal."""
    app = Classroom(["glimne-8", "glimne-9"])
    app.predict.value = True
    for scene_id in ("glimne-8", "glimne-9"):
        scene = app.go(scene_id)
        own = scene.scene
        scene.to_turn().play(scene.position.hand[0])
        shown = [scene.to_text(), scene.header.value, str(scene.table.heading)]
        assert not any(own.title in part or own.summary in part for part in shown), shown
        assert scene.table.compare == [] and "disagree" not in scene.to_text()
        app.reveal()
        assert own.title in scene.to_text() and own.summary in scene.to_text()
        assert own.title in scene.table.heading["title"]
    assert app.scene.table.compare, "glimne 9: the rulebooks disagree, shown after Reveal"


def test_each_scene_comes_on_a_fresh_stage():
    """No scroll position carries from one scene into the next: each scene is put on a new
    stage widget (a new element on the page), also when the class comes back to a scene."""
    app = Classroom(FIRST_THREE)
    first = app.stage
    app.next_scene()
    second = app.stage
    app.previous_scene()
    assert len({id(first), id(second), id(app.stage)}) == 3
    assert app.children[-1] is app.stage and app.stage.children == (app.scene,)
    assert "bourre-stage" in app.stage._dom_classes


def test_the_class_tries_before_the_rule_shows_in_a_lesson_and_on_the_projector():
    """Lesson 08 shows a classroom in its cell (normal size), the projector app pins its bars:
    in both, outside Predict mode too, the rule and the rulebooks side by side wait for the
    first try, as in every lesson (glimne 9's rulebooks disagree)."""
    from bourre_lessons.widgets.scenes.scene import RULE_KEPT_BACK

    for app in (Classroom(["glimne-9"], size="normal"), Classroom(["glimne-9"])):
        scene = app.scene.to_turn()
        assert RULE_KEPT_BACK in scene.to_text() and scene.table.compare == [], app
        assert "disagree" not in scene.to_text() and scene.scene.summary not in scene.to_text()
        assert scene.table.heading["rule"] == RULE_KEPT_BACK
        scene.play(scene.position.hand[0])
        assert scene.scene.summary in scene.to_text() and scene.table.compare, app
