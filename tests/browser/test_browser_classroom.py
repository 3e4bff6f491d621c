"""`make present`: the classroom app served by Voila, driven in a real browser.

Voila serves present/classroom.ipynb with the same flags as `make present`, on a free port
with a token. The page shows no code, one scene at classroom size, a scene picker and
Previous / Next scene buttons that also work from the keyboard.
"""

from __future__ import annotations

import os
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
from projector import MEASURE, PARTS, PROJECTOR_SIZES

from bourre_lessons.cards import parse_card
from bourre_lessons.scenes import get as get_scene
from bourre_lessons.widgets.classroom import _label as picker_label
from bourre_lessons.widgets.classroom import scene_order
from bourre_lessons.widgets.scenes.scene_views import scene_view

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
        label = picker_label(scene_id, SCENE_IDS.index(scene_id) + 1)
        self.page.locator(".bourre-picker select").select_option(label=label)
        scene = self.page.locator(f".bourre-scene-{scene_id}")
        expect(scene).to_be_visible(timeout=UI_TIMEOUT)


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


def _in_view(page, locator, tries: int = 30) -> bool:
    """Whether the element lies wholly inside the window (asked again while the view is
    still settling after a click, for up to 3 s)."""
    size = page.viewport_size
    for _ in range(tries):
        box = locator.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]:
            return True
        page.wait_for_timeout(100)
    return False


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


def test_predict_mode_shows_no_rule_no_rulebooks_and_no_telling_title_until_reveal(app):
    """glimne 9 in Predict mode: the heading beside the table names the position ("Clubs
    led"), not the rule; no rulebooks box, even once the class has chosen; Reveal shows the
    verdict, the scene's own title, its rule and the rulebooks side by side."""
    from bourre_lessons.scenes import get

    page = app.page
    own = get("glimne-9")
    app.go("glimne-9")
    scene = page.locator(".bourre-scene-glimne-9")
    page.locator(".bourre-predict").click()
    try:
        heading = scene.locator(".bourre-heading")
        expect(heading).to_contain_text("glimne 9 · Clubs led")
        scene.locator(".bourre-restart").click()
        scene.locator(".bourre-next").click()
        scene.locator(".bourre-hand .bourre-card[data-card=C9]").click()
        expect(scene.locator(".bourre-feedback")).to_contain_text("The class chose 9♣")
        for text in (own.title, own.summary[:40]):
            expect(scene).not_to_contain_text(text)
        expect(scene.locator(".bourre-compare")).to_have_count(0)
        page.locator(".bourre-reveal").click()
        expect(scene.locator(".bourre-feedback")).to_have_attribute("data-verdict", "illegal")
        expect(heading).to_contain_text(own.title)
        expect(heading).to_contain_text(own.summary[:40])
        expect(scene.locator(".bourre-compare")).to_be_visible()
    finally:
        page.locator(".bourre-predict").click()


def test_the_right_arrow_at_your_turn_says_the_class_decides_first(app):
    """At "Your turn" the right arrow does not skip the class's decision silently: the first
    press leaves the scene where it is and says so; a second press moves on."""
    page = app.page
    app.go("glimne-2a")
    scene = page.locator(".bourre-scene-glimne-2a")
    scene.locator(".bourre-restart").click()
    for _ in range(2):
        scene.locator(".bourre-next").click()
    expect(scene.locator(".bourre-status")).to_contain_text("Your turn")
    page.locator(".bourre-picker select").blur()
    page.keyboard.press("ArrowRight")
    note = scene.locator(".bourre-arrow-note")
    expect(note).to_contain_text("The class decides first")
    expect(page.locator(".bourre-scene-glimne-2a")).to_be_visible()
    expect(scene.locator(".bourre-hand .bourre-card[data-card=HJ]")).to_be_enabled()
    page.keyboard.press("ArrowRight")  # asked twice: the teacher moves on
    following = SCENE_IDS[SCENE_IDS.index("glimne-2a") + 1]
    expect(page.locator(f".bourre-scene-{following}")).to_be_visible()


def test_no_scroll_position_carries_into_the_next_scene(app):
    """On a screen too small for the scene (800x480) the stage scrolls; scrolled to its foot,
    the next scene still opens at its top."""
    page = app.page
    page.set_viewport_size({"width": 800, "height": 480})
    try:
        app.go("glimne-9")
        stage = page.locator(".bourre-stage")
        room = stage.evaluate("(s) => s.scrollHeight - s.clientHeight")
        assert room > 0, "at this size the stage must scroll, or the test shows nothing"
        stage.evaluate("(s) => { s.scrollTop = s.scrollHeight; }")
        assert stage.evaluate("(s) => s.scrollTop") > 0
        page.locator(".bourre-next-scene").click()
        following = SCENE_IDS[SCENE_IDS.index("glimne-9") + 1]
        expect(page.locator(f".bourre-scene-{following}")).to_be_visible()
        tops = page.evaluate(
            "() => [window.scrollY, ...[...document.querySelectorAll('.bourre-stage')]"
            ".map((s) => s.scrollTop)]"
        )
        assert tops == [0, 0], tops
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})


# --- The projector: every scene and step fits between the bars ----------------------------

OVERFLOW_REPORT = "classroom-overflow.txt"
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
CHANGED = """([css, before]) => {
  const scene = document.querySelector(css);
  return Boolean(scene) && scene.innerText !== before;
}"""


@dataclass
class Overflow:
    """The largest overflow seen at one projector size, and where."""

    size: tuple[int, int]
    worst: float = 0.0
    where: str = "no part overflows"
    measured: int = 0
    by_scene: dict = None
    carried: tuple = (0, "")

    def add(self, scene_id: str, moment: str, result: dict) -> None:
        """One screen measured: keep the worst part of it, for the scene and overall."""
        self.measured += 1
        if moment == "step 1" and result["scrolled"] > self.carried[0]:
            self.carried = (result["scrolled"], scene_id)
        self.by_scene = self.by_scene or {}
        for part, pixels in result["parts"].items():
            if pixels > self.by_scene.get(scene_id, (0, ""))[0]:
                self.by_scene[scene_id] = (pixels, f"{moment}, {part}")
            if pixels > self.worst:
                self.worst, self.where = pixels, f"{scene_id} {moment}, {part}"

    def lines(self) -> list[str]:
        width, height = self.size
        head = (
            f"{width}x{height}: largest overflow {self.worst:.0f} px ({self.where}); "
            f"{self.measured} screens measured; the most scroll carried into a scene "
            f"{self.carried[0]} px ({self.carried[1] or 'none'})"
        )
        worst = sorted((self.by_scene or {}).items(), key=lambda kv: -kv[1][0])
        return [head, *(f"  {sid}: {px} px at {where}" for sid, (px, where) in worst if px > 0)]


FEEDBACK_SAYS = """([css, pattern]) => {
  const callout = document.querySelector(css + ' .bourre-feedback');
  return Boolean(callout) && new RegExp(pattern, 'u').test(callout.innerText.trim());
}"""


def _act(page, scene_css: str, click, *, feedback: str = "") -> None:
    """Do one thing in the scene and wait until its text has changed (or, given `feedback`, a
    regular expression, until the verdict callout matches it: the table moves a clicked card
    at once, before the kernel's verdict arrives) and the view settled."""
    before = page.evaluate(f"() => document.querySelector('{scene_css}').innerText")
    click()
    if feedback:
        page.wait_for_function(FEEDBACK_SAYS, arg=[scene_css, feedback], timeout=UI_TIMEOUT)
    else:
        page.wait_for_function(CHANGED, arg=[scene_css, before], timeout=UI_TIMEOUT)
    page.evaluate(SETTLE)


def _measure_scene(page, scene_id: str, record: Overflow) -> None:
    """Every step of one scene from its start; at your turn, the verdict on each card."""
    scene_css = f".bourre-scene-{scene_id}"
    scene = page.locator(scene_css)
    story = get_scene(scene_id).kind == "story"
    steps = scene_view(get_scene(scene_id), size="classroom").step_count
    for step in range(1, steps + 1):
        if step > 1:
            _act(page, scene_css, scene.locator(".bourre-next").click)
        page.wait_for_timeout(150 if story else 0)  # a story's chart image is decoded
        record.add(scene_id, f"step {step}", page.evaluate(MEASURE, [PARTS]))
        cards = scene.locator(".bourre-hand .bourre-card:not([disabled])")
        for code in [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]:
            # the verdict on this card (scene_play: "✔ 4♠ is allowed", scene_naming: "✘ Not 4♠")
            verdict = f"^[✔✘] (?:Yes, |Not )?{parse_card(code)}"
            click = scene.locator(f".bourre-hand [data-card={code}]").click
            _act(page, scene_css, click, feedback=verdict)
            record.add(scene_id, f"step {step}, {code} clicked", page.evaluate(MEASURE, [PARTS]))
            verdict = scene.locator(".bourre-feedback").get_attribute("data-verdict")
            if verdict == "legal":  # the card was played: take it back for the next one
                retry = scene.locator(".bourre-try-again")
                expect(retry).to_be_enabled()
                _act(page, scene_css, retry.click, feedback="^Choose again")


def _measure_classroom(browser, url: str, size: tuple[int, int], scene_ids) -> Overflow:
    app = _open(browser, url, f"classroom-measure-{size[0]}")
    page = app.page
    record = Overflow(size)
    try:
        page.emulate_media(reduced_motion="reduce")  # cards drawn in place, no slide to wait for
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for scene_id in scene_ids:
            app.go(scene_id)
            page.evaluate(SETTLE)
            _measure_scene(page, scene_id, record)
    except Exception:
        save_page_artifacts(page, app.console, f"classroom-measure-{size[0]}")
        raise
    finally:
        page.close()
    return record


def _scenes_to_measure() -> list[str]:
    """Every scene, or those named in BOURRE_CLASSROOM_SCENES (comma-separated)."""
    chosen = [s for s in os.environ.get("BOURRE_CLASSROOM_SCENES", "").split(",") if s]
    return chosen or SCENE_IDS


def test_every_scene_and_step_fits_a_projector(voila, browser):
    """At 1280x720 and 1024x768, for every scene, every step and every card clicked at your
    turn: the header, seats, trick, hand, status, verdict, the rulebooks side by side and a
    story's steps and chart lie between the pinned bars, with the page at the top (no
    scrolling). The largest overflow in pixels at each size is printed and saved."""
    records = [
        _measure_classroom(browser, voila.url("/"), size, _scenes_to_measure())
        for size in PROJECTOR_SIZES
    ]
    report = "\n".join(line for record in records for line in record.lines())
    (artifacts_dir() / OVERFLOW_REPORT).write_text(report + "\n", encoding="utf-8")
    print(report)
    assert all(r.measured for r in records)
    assert all(r.worst == 0 for r in records), report
