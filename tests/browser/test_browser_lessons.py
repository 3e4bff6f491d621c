"""Every notebook, run in JupyterLab in a real browser: no errors, every scene drawn, clickable.

Notebooks are discovered (notebooks/*.ipynb and exercises/*.ipynb), so new lessons are tested
as they arrive. Each one is opened in the robot learner's Lab (conftest), its outputs cleared,
and run with the Lab command `runmenu:run-all`, as a learner would run it; the robot reads it
before any click (test_robot_learner judges that reading), then these tests run and click in it.
One Run All per notebook serves both modules.
"""

from __future__ import annotations

import json
import re
import statistics
from dataclasses import dataclass, field

import pytest
from browser_harness import ROOT, ConsoleLog, artifacts_dir, save_page_artifacts
from playwright.sync_api import expect

from bourre_lessons.scenes import BASELINE, catalogue

pytestmark = pytest.mark.browser

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SCENE_REPR = re.compile(r"^<(?:scene ([\w-]+): |classroom: scene \d+ of \d+, ([\w-]+)>)")
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
EXERCISES = sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
ALL_NOTEBOOKS = [f"notebooks/{n}" for n in LESSONS] + [f"exercises/{n}" for n in EXERCISES]
SCENES = catalogue()
RUN_TIMEOUT = 240_000  # ms: the whole notebook
UI_TIMEOUT = 20_000  # ms: a click's round trip through the kernel
DEFAULT_TIMEOUT = 30_000  # ms: Playwright's own default, given back to the robot's page

KERNEL_IDLE = """() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return k.status === 'idle';
}"""
CELL_REPORT = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets.map((cell, index) => ({
    index,
    type: cell.model.type,
    source: cell.model.sharedModel.getSource(),
    count: cell.model.type === 'code' ? cell.model.executionCount : null,
    outputs: cell.model.type === 'code' ? cell.model.outputs.toJSON() : [],
  }));
}"""
CLICK_TO_VERDICT = """(table, [card, words]) => new Promise((resolve, reject) => {
  const started = performance.now();
  const done = () => {
    const feedback = table.querySelector('.bourre-feedback');
    if (!feedback || !feedback.textContent.includes(words)) return false;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - started));  // the frame that shows it
    return true;
  };
  const observer = new MutationObserver(done);
  observer.observe(table, { subtree: true, childList: true, characterData: true });
  setTimeout(() => { observer.disconnect(); reject(new Error('no verdict after 10 s')); }, 10000);
  table.querySelector(`.bourre-hand button.bourre-card[data-card=${card}]`).click();
})"""
"""Click a card in the page and time, in the page, until the verdict naming it is drawn (ms)."""


def scene_displays(notebook: str) -> list[str]:
    """Scene ids of the committed notebook's scene-display outputs, in order."""
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = output.get("metadata", {}).get("bourre", {}).get("repr", "")  # text_form.py
            match = SCENE_REPR.match(text)
            if WIDGET_VIEW in data and match:  # a scene, or a classroom showing one
                found.append(match.group(1) or match.group(2))
    return found


def notebook_showing(scene_id: str) -> str:
    """The first lesson that displays a scene (the test fails if none does)."""
    for notebook in ALL_NOTEBOOKS:
        if scene_id in scene_displays(notebook):
            return notebook
    return f"notebooks/(no lesson displays {scene_id})"


@dataclass
class RunNotebook:
    """A notebook open in its own page of the session's Lab, after Run All."""

    path: str
    page: object
    console: ConsoleLog
    run_result: str = ""
    cells: list[dict] = field(default_factory=list)

    def scene(self, scene_id: str):
        """The first rendering of a scene on the page."""
        return self.page.locator(f".bourre-scene-{scene_id}").first


@pytest.fixture(scope="module", params=ALL_NOTEBOOKS)
def notebook(request, robot) -> RunNotebook:
    """One notebook after Run All in the robot learner's Lab, read by the robot before any
    click (its report is the one test_robot_learner judges: each notebook runs once), then
    left open, its kernel running, for the tests that click in it."""
    path = request.param
    if not (ROOT / path).is_file():
        pytest.fail(f"{path} does not exist")
    report = robot.read_notebook(path, keep_open=True)
    page = robot.page
    run = RunNotebook(path, page, robot.console, run_result=report.run_result)
    try:
        page.set_default_timeout(RUN_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=RUN_TIMEOUT, polling=200)
        page.set_default_timeout(UI_TIMEOUT)
        run.cells = page.evaluate(CELL_REPORT)
    except Exception:
        save_page_artifacts(page, run.console, f"{path}-setup")
        robot.close_notebooks()
        raise
    yield run
    page.set_default_timeout(DEFAULT_TIMEOUT)
    robot.close_notebooks()


def test_runs_without_errors(notebook):
    """Run All executes every code cell, and no cell shows an error or writes to stderr."""
    problems = []
    for cell in notebook.cells:
        if cell["type"] != "code" or not cell["source"].strip():
            continue
        if cell["count"] is None:
            problems.append(f"cell {cell['index']} never ran")
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                problems.append(f"cell {cell['index']}: {out['ename']}: {out['evalue']}")
            elif out["output_type"] == "stream" and out["name"] == "stderr":
                problems.append(f"cell {cell['index']} wrote to stderr: {out['text'][:300]}")
    assert notebook.run_result == "true", f"Run All did not finish: {problems}"
    assert not problems, "\n".join(problems)


def test_every_widget_renders(notebook):
    """No 'Error displaying widget' anywhere, and one .bourre-scene per scene-display output."""
    page = notebook.page
    expected = scene_displays(notebook.path)
    scenes = page.locator(".bourre-scene")
    expect(scenes).to_have_count(len(expected))
    for scene_id in set(expected):
        expect(page.locator(f".bourre-scene-{scene_id}")).to_have_count(expected.count(scene_id))
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(page.get_by_text("Loading widget...")).to_have_count(0)
    widget_outputs = sum(
        1
        for cell in notebook.cells
        for out in cell["outputs"]
        if WIDGET_VIEW in out.get("data", {})
    )
    expect(page.locator(".jp-OutputArea-output > .jupyter-widgets")).to_have_count(widget_outputs)


def _refusing_rulebook(scene) -> str | None:
    """The rulebook, the scene's own or the course's, under which its first position refuses
    a card of the hand (None: every card is allowed under both)."""
    hand = scene.positions[0].hand
    for rulebook in (scene.preset, BASELINE):
        if any(card not in scene.legal(scene.rules(rulebook), 0) for card in hand):
            return rulebook
    return None


def _playable(scene_id: str) -> bool:
    """A scene of the catalogue that asks for a card some rulebook refuses (a scene built
    beside the widgets, such as lesson 08b's game for fun, is a story outside the catalogue)."""
    scene = SCENES.get(scene_id)
    return scene is not None and scene.kind != "story" and _refusing_rulebook(scene) is not None


def _restart(root) -> None:
    root.locator(".bourre-restart").click()
    expect(root.locator(".bourre-feedback")).to_have_text("")


def _to_turn(root, scene_id: str) -> None:
    for _ in SCENES[scene_id].positions[0].trick:
        root.locator(".bourre-next").click()


def _feedback(mark: str, card) -> re.Pattern[str]:
    return re.compile(rf"^\s*{mark}.*{re.escape(str(card))}", re.DOTALL)


def _in_hand(root, code: str):
    """The card button `code` of the hand drawn on the table (`bourre-card[data-card=...]`)."""
    return root.locator(f".bourre-hand button.bourre-card[data-card={code}]")


def _hand_codes(root) -> list[str]:
    """The cards of the drawn hand, in order, by their data-card codes."""
    return root.locator(".bourre-hand .bourre-card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )


@pytest.mark.parametrize("notebook", [f"notebooks/{n}" for n in LESSONS], indirect=True)
def test_a_scene_answers_clicks(notebook):
    """In the first playable scene: a wrong card gets ✘, a right one ✔ (the source's answer).

    A lesson with story scenes only steps one story forward: its list grows by one step. A
    lesson with no scene but other card widgets (a game table) must redraw after a card click.
    """
    shown = scene_displays(notebook.path)
    playable = [s for s in shown if _playable(s)]
    if playable:
        _click_right_and_wrong(notebook.scene(playable[0]), SCENES[playable[0]])
    elif shown:
        root = notebook.scene(shown[0])
        _restart(root)
        steps = root.locator(".bourre-story li")
        expect(steps).to_have_count(1)
        root.locator(".bourre-next").click()
        expect(steps).to_have_count(2)
    elif notebook.page.locator(".bourre-advisor").count():
        _ask_the_advisor(notebook.page.locator(".bourre-advisor").first)
    else:
        cards = notebook.page.locator(".bourre-card:enabled")
        if cards.count() == 0:
            pytest.skip(f"{notebook.path} shows no scene and no card to click")
        root = notebook.page.locator(".jp-OutputArea-output > .jupyter-widgets", has=cards.first)
        before = root.first.inner_text()
        cards.first.click()
        expect(root.first).not_to_have_text(before)


def _ask_the_advisor(root) -> None:
    """The strategy lab's advisor: a typed hand gets an estimate, a bad one a plain message."""
    box = root.locator(".bourre-advisor-hand input")
    output = root.locator(".bourre-advisor-output")
    box.fill("SA SK H4 D7 C2")
    box.press("Enter")
    expect(output).to_contain_text("A♠ K♠ 4♥ 7♦ 2♣")
    expect(output).to_contain_text("Expected chips this hand")
    box.fill("SA SA")
    box.press("Enter")
    expect(output).to_contain_text("A♠ appears twice")


def _click_right_and_wrong(root, scene) -> None:
    """Under the scene's own rulebook where the scene has a selector, else at the course's
    pagat table (lessons 01-07): the engine's answer under those rules is the one checked."""
    moment = scene.positions[0]
    root.evaluate("el => el.scrollIntoView({block: 'start'})")  # clear of the status bar
    rulebook = BASELINE
    if root.locator(".bourre-rulebook").count():
        rulebook = _refusing_rulebook(scene)
        root.locator(".bourre-rulebook").get_by_role("button", name=rulebook, exact=True).click()
    answer = scene.legal(scene.rules(rulebook), 0)
    _restart(root)
    _to_turn(root, scene.id)
    wrong = next(card for card in moment.hand if card not in answer)
    right = sorted(answer)[0]
    feedback = root.locator(".bourre-feedback[data-verdict]")
    hand = _hand_codes(root)
    _in_hand(root, wrong.code).click()
    expect(feedback).to_have_text(_feedback("✘", wrong))
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    assert _hand_codes(root) == hand, "a refused card stays in the hand, and nothing else moves"
    _in_hand(root, right.code).click()
    expect(feedback).to_have_text(_feedback("✔", right))
    expect(feedback).to_have_attribute("data-verdict", "legal")
    expect(root.locator(f".bourre-trick .bourre-card[data-card={right.code}]")).to_have_count(1)
    expect(_in_hand(root, right.code)).to_have_count(0)


def _legal_cards(text: str, rulebook: str) -> set[str]:
    match = re.search(rf"Legal under {rulebook}: ([^.]*)\.", text)
    assert match, f"no 'Legal under {rulebook}: ...' in {text!r}"
    return set(match.group(1).split())


@pytest.mark.parametrize("notebook", [notebook_showing("wikipedia-2-cannot-win")], indirect=True)
def test_switching_the_rulebook_changes_the_answer(notebook):
    """glimne 6 / pagat: a trump too low to win is still owed; wikipedia 2: it is not.

    Lesson 08's classroom opens on wikipedia 2's table (2♠ 4♠ 5♦ 9♣ in hand, the K♠ played):
    the 5♦ is refused under glimne, allowed once wikipedia is chosen, refused again under
    pagat; Show answer lists 2♠ 4♠, then all four cards under wikipedia.
    """
    root = notebook.scene("wikipedia-2-cannot-win")
    root.evaluate("el => el.scrollIntoView({block: 'start'})")  # clear of the status bar
    rulebook = root.locator(".bourre-rulebook")
    feedback = root.locator(".bourre-feedback")
    rulebook.get_by_role("button", name="glimne", exact=True).click()
    _restart(root)
    _to_turn(root, "wikipedia-2-cannot-win")
    _in_hand(root, "D5").click()
    expect(feedback).to_have_text(re.compile(r"^\s*✘.*5♦.*glimne 6", re.DOTALL))
    compare = root.locator(".bourre-compare")
    for name, verdict in (("glimne", "illegal"), ("wikipedia", "legal"), ("pagat", "illegal")):
        row = compare.locator(f".bourre-compare-row[data-rulebook={name}]")
        expect(row).to_have_attribute("data-verdict", verdict)
    rulebook.get_by_role("button", name="wikipedia", exact=True).click()
    expect(feedback).to_have_text(re.compile(r"^\s*✔.*wikipedia", re.DOTALL))
    expect(compare.locator(".bourre-current")).to_have_attribute("data-rulebook", "wikipedia")
    rulebook.get_by_role("button", name="pagat", exact=True).click()
    expect(feedback).to_have_text(re.compile(r"^\s*✘.*5♦", re.DOTALL))

    root.locator(".bourre-show-answer").click()
    expect(feedback).to_contain_text("Legal under pagat")
    assert _legal_cards(feedback.inner_text(), "pagat") == {"2♠", "4♠"}
    rulebook.get_by_role("button", name="wikipedia", exact=True).click()
    expect(feedback).to_contain_text("Legal under wikipedia")
    assert _legal_cards(feedback.inner_text(), "wikipedia") == {"2♠", "4♠", "5♦", "9♣"}
    expect(compare).to_contain_text("The rulebooks disagree")
    for name in ("glimne", "wikipedia", "pagat"):
        expect(compare).to_contain_text(name)


def _settle(page) -> None:
    """Wait until the kernel has handled every message sent so far (idle twice, 0.5 s apart)."""
    for _ in range(2):
        page.wait_for_function(KERNEL_IDLE, polling=100)
        page.wait_for_timeout(500)


def _say_scene(notebook):
    root = notebook.scene("glimne-2a")  # lesson 00, at the course's pagat table (pagat 3)
    _restart(root)
    _to_turn(root, "glimne-2a")
    return root, root.locator(".bourre-say input"), root.locator(".bourre-feedback")


@pytest.mark.parametrize("notebook", [notebook_showing("glimne-2a")], indirect=True)
def test_typing_a_play_and_pressing_say_it_shows_the_verdict(notebook):
    """laws 46B3 read through the Say box: "HJ" then the Say it button plays the J♥ (✔)."""
    root, box, feedback = _say_scene(notebook)
    box.fill("HJ")
    root.locator(".bourre-say-button").click()
    expect(root.locator(".bourre-trick .bourre-card-HJ")).to_have_count(1)
    _settle(notebook.page)  # the verdict must still be there once every message is handled
    assert re.match(r"\s*✔.*J♥", feedback.inner_text(), re.DOTALL), feedback.inner_text()


@pytest.mark.parametrize("notebook", [notebook_showing("glimne-2a")], indirect=True)
def test_saying_the_same_words_after_try_again_plays_again(notebook):
    """ "the jack", Try again, "the jack" again: the J♥ is played the second time too."""
    root, box, feedback = _say_scene(notebook)
    box.fill("the jack")
    box.press("Enter")
    expect(feedback).to_have_text(re.compile(r"^\s*✔.*J♥", re.DOTALL))
    root.locator(".bourre-try-again").click()
    expect(feedback).to_have_text(re.compile(r"Choose again"))
    box.fill("the jack")
    box.press("Enter")
    expect(feedback).to_have_text(re.compile(r"^\s*✔.*J♥", re.DOTALL), timeout=3000)


@pytest.mark.parametrize("notebook", [notebook_showing("glimne-5")], indirect=True)
def test_the_card_table_draws_seats_trick_and_hand_as_card_faces(notebook):
    """glimne 5 on the drawn table: four seats, the trick's three cards, the hand as buttons
    with labels; an illegal card stays in the hand and the callout names the rule."""
    root = notebook.scene("glimne-5")  # lesson 04, at the course's pagat table
    _restart(root)
    _to_turn(root, "glimne-5")
    table = root.locator(".bourre-table")
    expect(table.locator(".bourre-seat")).to_have_count(4)
    expect(table.locator(".bourre-trick .bourre-card")).to_have_count(3)
    expect(table.locator(".bourre-trick .bourre-card.bourre-winning")).to_have_attribute(
        "data-card", "S6"
    )
    expect(table.locator(".bourre-seat[data-seat=You]")).to_have_attribute(
        "aria-label", "you, to play"
    )
    hand = table.locator(".bourre-hand button.bourre-card")
    expect(hand).to_have_count(3)
    expect(table.locator(".bourre-card[data-card=S4] svg")).to_have_count(1)
    expect(_in_hand(table, "S4")).to_have_attribute("aria-label", "four of spades")
    before = _hand_codes(table)
    _in_hand(table, "S4").click()
    feedback = table.locator(".bourre-feedback")
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    expect(feedback.locator(".bourre-rule")).to_have_text("pagat 2")
    expect(feedback).to_contain_text("With no card of the led suit")
    assert _hand_codes(table) == before == ["S4", "SJ", "DK"], "the hand is unchanged"
    expect(table.locator(".bourre-trick .bourre-card")).to_have_count(3)
    root.locator(".bourre-show-answer").click()
    expect(table.locator(".bourre-hand .bourre-card.bourre-legal")).to_have_count(1)
    expect(_in_hand(table, "SJ")).to_have_attribute("aria-label", "jack of spades, legal")


@pytest.mark.parametrize("notebook", [notebook_showing("glimne-5")], indirect=True)
def test_a_card_is_played_from_the_keyboard_and_answers_fast(notebook):
    """Tab to the hand, arrow keys move between cards, Enter plays; and the time from a click to
    its verdict on screen, median of 20 clicks, is printed (the issue asks under 200 ms)."""
    root = notebook.scene("glimne-5")  # lesson 04, at the course's pagat table
    _restart(root)
    _to_turn(root, "glimne-5")
    table = root.locator(".bourre-table")
    feedback = table.locator(".bourre-feedback")
    expect(_in_hand(table, "S4")).to_be_enabled()  # the kernel has drawn your turn
    timings = []
    for i in range(20):
        card, name = ("S4", "4♠") if i % 2 == 0 else ("DK", "K♦")
        timings.append(table.evaluate(CLICK_TO_VERDICT, [card, f"{name} is not allowed"]))
        expect(feedback).to_contain_text(f"{name} is not allowed")
    median = statistics.median(timings)
    report = f"click to verdict on screen: median {median:.0f} ms of 20 clicks"
    print(report)
    (artifacts_dir() / "click-to-verdict.txt").write_text(
        report + "\n" + " ".join(f"{t:.0f}" for t in timings) + "\n", encoding="utf-8"
    )
    assert median < 1000, timings  # generous on a loaded CI machine; the figure is reported
    page = notebook.page
    _in_hand(table, "S4").focus()
    page.keyboard.press("ArrowLeft")  # from the first card, round to the last
    assert page.evaluate("document.activeElement.dataset.card") == "DK"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "SJ"
    page.keyboard.press("Enter")
    expect(feedback).to_have_attribute("data-verdict", "legal")
    expect(table.locator(".bourre-trick .bourre-card[data-card=SJ]")).to_have_count(1)
    expect(_in_hand(table, "SJ")).to_have_count(0)


@pytest.mark.parametrize("notebook", ["notebooks/01_your_first_hand.ipynb"], indirect=True)
def test_the_first_hand_is_played_by_clicks_after_run_all(notebook):
    """Lesson 01 after Run All: the hand is at its start; Next, Play, a chosen card and
    Exchange move it on (pagat read as one round: A, the dealer, draws right after saying
    play); a card the rules refuse (pagat 2) shakes back and names its rule."""
    root = notebook.page.locator(".bourre-first-hand").first
    story = root.locator(".bourre-first-hand-story")
    expect(story).to_contain_text("clockwise")
    next_button = root.locator(".bourre-first-hand-next")
    expect(root.locator(".bourre-declare-play")).to_be_disabled()
    while not next_button.is_disabled():
        next_button.click()
        notebook.page.wait_for_timeout(150)
    expect(story).to_contain_text("play or pass?")
    root.locator(".bourre-declare-play").click()
    expect(story).to_contain_text("You draw at once", timeout=UI_TIMEOUT)
    expect(next_button).to_be_disabled()
    root.locator(".bourre-hand .bourre-card[data-card=S6]").click()
    expect(root.locator(".bourre-exchange")).to_be_enabled(timeout=UI_TIMEOUT)
    root.locator(".bourre-exchange").click()
    expect(story).to_contain_text("A discards 6♠")
    while not next_button.is_disabled():
        next_button.click()
        notebook.page.wait_for_timeout(150)
    feedback = root.locator(".bourre-feedback[data-verdict]")
    root.locator(".bourre-hand .bourre-card[data-card=S8]").click()
    expect(feedback).to_have_attribute("data-verdict", "illegal", timeout=UI_TIMEOUT)
    expect(feedback).to_contain_text("pagat 2")
    root.locator(".bourre-hand .bourre-card[data-card=D6]").click()
    expect(story).to_contain_text("wins trick 1", timeout=UI_TIMEOUT)


@pytest.mark.parametrize("notebook", ["notebooks/10_play_whole_hands.ipynb"], indirect=True)
def test_a_finished_hand_is_reviewed_in_the_table(notebook):
    """Lesson 10: after Run All the coached hand's review is kept back, the table asking which
    decision cost the most; once the learner picks one, the review is drawn in the table, a
    row a decision in order, the two mistakes marked with their reasons and said in words for
    a screen reader, the guess set beside the coach's answer; it leaves the table when the
    hand is replayed."""
    coached = notebook.page.locator(".bourre-table-game").nth(1)
    review = coached.locator(".bourre-table .bourre-review")
    expect(review).to_have_count(0)
    expect(coached).to_contain_text("which decision cost the most chips?")
    coached.locator(".bourre-guess-costliest select").select_option(label="decision 3")
    expect(review).to_have_count(1, timeout=UI_TIMEOUT)
    expect(coached).to_contain_text("The decision that cost the most is 2")
    expect(review.locator(".bourre-review-row")).to_have_count(7)
    mistakes = review.locator(".bourre-review-row.bourre-review-mistake")
    expect(mistakes).to_have_count(2)
    expect(mistakes.first.locator(".bourre-review-mark")).to_have_text("✘")
    expect(mistakes.first.locator(".bourre-review-reason")).to_contain_text("a trump")
    expect(mistakes.first).to_have_attribute("aria-label", re.compile(r"✘ mistake: it cost \d"))
    expect(review.locator(".bourre-review-summary")).to_contain_text("Mistakes: 2")
    expect(coached.locator("button.bourre-review-hand")).to_be_enabled()
    coached.locator("button.bourre-replay").click()
    expect(review).to_have_count(0)
    expect(coached.locator("button.bourre-review-hand")).to_be_disabled()
