"""`make present`: the classroom app served by Voila, driven in a real browser.

Voila serves present/classroom.ipynb with the same flags as `make present`, on a free port
with a token. The page shows no code, one scene at classroom size, a scene picker and
Previous / Next scene buttons that also work from the keyboard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from browser_harness import (
    CLASSROOM_NOTEBOOK,
    ConsoleLog,
    artifacts_dir,
    save_page_artifacts,
    start_voila,
)
from playwright.sync_api import expect

from bourre_lessons.widgets.classroom import _label as picker_label
from bourre_lessons.widgets.classroom import scene_order

pytestmark = pytest.mark.browser

SCENE_IDS = scene_order()
LOAD_TIMEOUT = 90_000  # ms: Voila starts a kernel and runs the notebook per page
UI_TIMEOUT = 20_000


@dataclass
class App:
    """The classroom app open in one page."""

    page: object
    console: ConsoleLog

    def counter(self):
        return self.page.locator(".bourre-scene-counter")

    def go(self, scene_id: str) -> None:
        """Choose a scene in the picker and wait until it is on screen."""
        label = picker_label(scene_id)
        self.page.locator(".bourre-picker select").select_option(label=label)
        expect(self.page.locator(f".bourre-scene-{scene_id}")).to_be_visible()


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voila serving the classroom notebook for this module; stopped by its PID."""
    server = start_voila(
        CLASSROOM_NOTEBOOK,
        home=tmp_path_factory.mktemp("voila-home"),
        log=artifacts_dir() / "voila.log",
    )
    yield server
    server.stop()


def _open(browser, url: str, name: str) -> App:
    page = browser.new_page()
    app = App(page, ConsoleLog(page))
    try:
        page.goto(url)
        page.locator(".bourre-classroom-app .bourre-scene").wait_for(timeout=LOAD_TIMEOUT)
    except Exception:
        save_page_artifacts(page, app.console, name)
        page.close()
        raise
    page.set_default_timeout(UI_TIMEOUT)
    return app


@pytest.fixture(scope="module")
def app(voila, browser):
    """The app as `make present` opens it."""
    app = _open(browser, voila.url("/"), "classroom-setup")
    yield app
    app.page.close()


def test_the_app_shows_one_scene_and_no_code(app):
    page = app.page
    expect(page.locator(".bourre-scene")).to_have_count(1)
    expect(page.locator(f".bourre-scene-{SCENE_IDS[0]}")).to_be_visible()
    expect(app.counter()).to_have_text(f"Scene 1 of {len(SCENE_IDS)}")
    expect(page.get_by_text("from bourre_lessons")).to_have_count(0)
    expect(page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror")).to_have_count(0)
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)


def test_scenes_are_drawn_large(app):
    """Classroom size: the scene carries bourre-classroom and cards are at least 100 px wide."""
    app.go("glimne-2a")
    scene = app.page.locator(".bourre-scene-glimne-2a")
    expect(scene).to_have_class(re.compile(r"\bbourre-classroom\b"))
    box = scene.locator(".bourre-hand .bourre-card[data-card=HJ]").bounding_box()
    assert box is not None and box["width"] >= 100 and box["height"] >= 130, box


def test_next_scene_button_moves_on_and_previous_comes_back(app):
    app.go(SCENE_IDS[0])
    app.page.locator(".bourre-next-scene").click()
    expect(app.page.locator(f".bourre-scene-{SCENE_IDS[1]}")).to_be_visible()
    expect(app.counter()).to_have_text(f"Scene 2 of {len(SCENE_IDS)}")
    app.page.locator(".bourre-previous-scene").click()
    expect(app.page.locator(f".bourre-scene-{SCENE_IDS[0]}")).to_be_visible()
    expect(app.page.locator(".bourre-previous-scene")).to_be_disabled()


def _tab_to(page, css_class: str, key: str = "Tab", limit: int = 6) -> None:
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate(f"() => document.activeElement.classList.contains('{css_class}')"):
            return
    raise AssertionError(f"{key} never reached .{css_class} (tried {limit} times)")


def test_keyboard_only_navigation(app):
    """From the picker, Tab reaches Next scene and Enter presses it; Shift+Tab, Previous."""
    app.go(SCENE_IDS[0])
    app.page.locator(".bourre-picker select").focus()
    _tab_to(app.page, "bourre-next-scene")
    app.page.keyboard.press("Enter")
    expect(app.counter()).to_have_text(f"Scene 2 of {len(SCENE_IDS)}")
    app.page.keyboard.press("Enter")
    expect(app.counter()).to_have_text(f"Scene 3 of {len(SCENE_IDS)}")
    _tab_to(app.page, "bourre-previous-scene", key="Shift+Tab")
    app.page.keyboard.press("Enter")
    expect(app.counter()).to_have_text(f"Scene 2 of {len(SCENE_IDS)}")


def test_picker_and_a_card_click(app):
    """glimne 2 after the picker: the 4♥ is refused (✘), the J♥ beats the 10♥ (✔)."""
    app.go("glimne-2a")
    scene = app.page.locator(".bourre-scene-glimne-2a")
    expect(app.counter()).to_have_text(
        f"Scene {SCENE_IDS.index('glimne-2a') + 1} of {len(SCENE_IDS)}"
    )
    scene.locator(".bourre-restart").click()
    for _ in range(2):  # A and B play before you
        scene.locator(".bourre-next").click()
    feedback = scene.locator(".bourre-feedback")
    scene.locator(".bourre-hand .bourre-card[data-card=H4]").click()
    expect(feedback).to_have_text(re.compile(r"^\s*✘.*4♥", re.DOTALL))
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    scene.locator(".bourre-hand .bourre-card[data-card=HJ]").click()
    expect(feedback).to_have_text(re.compile(r"^\s*✔.*J♥", re.DOTALL))
    expect(feedback).to_have_attribute("data-verdict", "legal")


def test_a_link_can_open_the_app_on_a_scene(voila, browser):
    app = _open(browser, voila.url("/", scene="glimne-6"), "classroom-link")
    try:
        expect(app.page.locator(".bourre-scene-glimne-6")).to_be_visible()
        expect(app.counter()).to_have_text(
            f"Scene {SCENE_IDS.index('glimne-6') + 1} of {len(SCENE_IDS)}"
        )
    finally:
        app.page.close()


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_on_a_projector_the_verdict_and_the_navigation_share_one_screen(app):
    """1280x720: after a card is clicked, the verdict (beside the hand), the scene's buttons and
    Next scene are all on screen; the right arrow key then steps on to the next scene."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        app.go("glimne-5")
        scene = page.locator(".bourre-scene-glimne-5")
        scene.locator(".bourre-restart").click()
        for _ in range(3):  # A, B and C play before you
            scene.locator(".bourre-next").click()
        scene.locator(".bourre-hand .bourre-card[data-card=S4]").click()
        feedback = scene.locator(".bourre-feedback")
        expect(feedback).to_have_attribute("data-verdict", "illegal")
        for part in (feedback, scene.locator(".bourre-nav"), page.locator(".bourre-next-scene")):
            assert _in_view(page, part), part
        scene.locator(".bourre-hand .bourre-card[data-card=SJ]").click()
        expect(feedback).to_have_attribute("data-verdict", "legal")
        page.locator(".bourre-picker select").blur()
        page.keyboard.press("ArrowRight")  # the scene is at its end: on to the next scene
        following = SCENE_IDS[SCENE_IDS.index("glimne-5") + 1]
        expect(page.locator(f".bourre-scene-{following}")).to_be_visible()
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})


def test_predict_mode_the_class_votes_then_the_teacher_reveals(app):
    """Predict on: a click on the 4♥ (glimne 2) shows only the class's choice; Reveal shows the
    verdict with its rule; Predict off again answers a click at once."""
    page = app.page
    app.go("glimne-2a")
    scene = page.locator(".bourre-scene-glimne-2a")
    scene.locator(".bourre-restart").click()
    page.locator(".bourre-predict").click()
    reveal = page.locator(".bourre-reveal")
    expect(reveal).to_be_enabled()
    for _ in range(2):  # A and B play before you
        scene.locator(".bourre-next").click()
    feedback = scene.locator(".bourre-feedback")
    scene.locator(".bourre-hand .bourre-card[data-card=H4]").click()
    expect(feedback).to_contain_text("The class chose 4♥")
    expect(feedback).to_have_attribute("data-verdict", "info")
    reveal.click()
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    expect(feedback).to_contain_text("glimne 2")
    page.locator(".bourre-predict").click()
    expect(reveal).to_be_disabled()
    scene.locator(".bourre-hand .bourre-card[data-card=HJ]").click()
    expect(feedback).to_have_attribute("data-verdict", "legal")
