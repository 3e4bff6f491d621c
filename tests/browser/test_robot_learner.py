"""The robot learner in `make browser`: every notebook and the classroom, read before any click.

Each notebook of notebooks/ and exercises/ is opened in the robot's own JupyterLab with an
empty progress folder, run with Run All, and read before any click (robot.py); the test fails
on every answer in view and every other failure answers_in_view.py defines, and says what it
found, one line per notebook (also printed at the end of the run and written to
robot-learner.txt in the artifacts folder). BOURRE_ROBOT_ONLY=03_follow,classroom reads only
the pages whose path contains one of the words; `-k` works too.

The last tests plant an answer in small notebooks and in a copy of lesson 00 and show that
the robot fails on it, passes on a clean page, and accepts a marked demonstration.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from answers_in_view import (
    CUT_TEXT,
    DEMO_TAG,
    GLYPH_BOX,
    LEGAL_LIST,
    NOT_RUN,
    OFF_SCREEN,
    OWN_DEAL_TAG,
    PROSE,
    QUESTION_KEY,
    SEAT_CARDS,
    TOO_WIDE,
    TRACEBACK,
    VERDICT,
    deals_in,
    questions_of,
)
from browser_harness import CLASSROOM_NOTEBOOK, ROOT, artifacts_dir, start_voila
from projector import PROJECTOR_SIZES
from robot import CLASSROOM, chosen_pages, course_notebooks

pytestmark = pytest.mark.browser


NOTEBOOKS = chosen_pages(course_notebooks())
PLANTED = "robot-planted"


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_a_newcomer_sees_no_answer_before_trying(robot, path):
    """After Run All and before any click: no answer in view, no traceback, no box for a
    glyph, no widget wider than the panel, no text cut off."""
    report = robot.report_of(path)  # read once: test_browser_lessons may have read it first
    print(report.line())
    assert not report.failures, report.details()


@pytest.fixture(scope="module")
def classroom_voila(tmp_path_factory):
    """Voila serving the classroom app, with its own empty progress folder."""
    server = start_voila(
        CLASSROOM_NOTEBOOK,
        home=tmp_path_factory.mktemp("robot-voila-home"),
        log=artifacts_dir() / "robot-voila.log",
    )
    yield server
    server.stop()


@pytest.mark.skipif(
    not chosen_pages([CLASSROOM]), reason="BOURRE_ROBOT_ONLY leaves the classroom out"
)
@pytest.mark.parametrize("size", PROJECTOR_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_classroom_shows_no_answer_before_the_class_tries(robot, classroom_voila, size):
    """The classroom app at each projector size, as it opens and at each scene (Next scene):
    no answer in view, and every part of the scene between the app's bars."""
    report = robot.read_classroom(classroom_voila, size=size)
    print(report.line())
    assert report.cells > 1, report.details()
    assert not report.failures, report.details()


# --- the robot can fail -------------------------------------------------------------------------


def _notebook(cells: list[tuple[str, str, list[str]]]) -> dict:
    """A notebook from (cell type, source, tags)."""
    out = []
    for kind, source, tags in cells:
        cell = {"cell_type": kind, "metadata": {"tags": tags} if tags else {}, "source": source}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        out.append(cell)
    return {
        "cells": out,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


QUESTION = ("markdown", "# A page\n\nWhich of your hearts may you play? Try it first.", [])
CLEAN = [QUESTION, ("code", 'print("Think first; the answer comes after your try.")', [])]
PLANTED_CELLS = [
    *CLEAN,
    ("markdown", "✔ Right: the J♥ is allowed.", []),
    ("code", 'print("✔ Right")', []),
]
SCENE = "from bourre_lessons.scenes import show_baseline\nscene = show_baseline('glimne-2a')\nscene"
DEMO = "demo = show_baseline('glimne-2a')\nprint(demo.to_turn().show_answer())"
MARKED = [
    QUESTION,
    ("code", SCENE, []),
    ("markdown", "## Under the hood: the answers, from code", []),
    ("code", DEMO, [DEMO_TAG]),
]


def _plant(course: Path, name: str, notebook: dict) -> str:
    folder = course / PLANTED
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(notebook), encoding="utf-8")
    return f"{PLANTED}/{name}"


def test_the_robot_passes_a_clean_page_and_fails_a_planted_answer(robot, robot_course):
    """The same small page, clean and then with a verdict planted in prose and in an output."""
    clean = robot.read_notebook(_plant(robot_course, "clean.ipynb", _notebook(CLEAN)), deals=[])
    assert clean.cells == 2 and not clean.findings, clean.details()
    planted = robot.read_notebook(
        _plant(robot_course, "planted.ipynb", _notebook(PLANTED_CELLS)), deals=[]
    )
    found = {(f.cell, f.kind) for f in planted.failures}
    assert found == {(2, VERDICT), (3, VERDICT)}, planted.details()
    assert any(p.suffix == ".png" for p in planted.screenshots), planted.details()


def test_the_robot_accepts_a_marked_demonstration_and_not_an_unmarked_one(robot, robot_course):
    """A scene to try, then under "the answers" a cell tagged shows-answer printing its legal
    cards: accepted. Without the tag the same cell fails."""
    marked = robot.read_notebook(_plant(robot_course, "marked.ipynb", _notebook(MARKED)), deals=[])
    assert not marked.failures, marked.details()
    assert {(f.cell, f.kind) for f in marked.findings} == {(3, LEGAL_LIST)}, marked.details()
    unmarked = [*MARKED[:3], (MARKED[3][0], MARKED[3][1], [])]
    bare = robot.read_notebook(_plant(robot_course, "bare.ipynb", _notebook(unmarked)), deals=[])
    assert {(f.cell, f.kind) for f in bare.failures} == {(3, LEGAL_LIST)}, bare.details()


LEARNERS_TABLE = (
    "from bourre_lessons.widgets.table.table import TableWidget\n"
    'table = TableWidget("pagat", players=4, seed=11)\n'
    "table"
)


def _own_deal_page(seed: int) -> list[tuple[str, str, list[str]]]:
    """The learner's table (seed 11), then a cell tagged own-deal that plays a deal of `seed`
    from code and prints its whole transcript (every seat's cards)."""
    demo = (
        f'demo = TableWidget("pagat", players=4, seed={seed})\n'
        "demo.advance_to_you()\n"
        "print(demo.declare(True))  # a verdict: '✔ A says play'\n"
        "print(demo.game.transcript())"
    )
    return [QUESTION, ("code", LEARNERS_TABLE, []), ("code", demo, [OWN_DEAL_TAG])]


def test_an_own_deal_cell_is_accepted_on_another_seed_and_fails_on_the_learners(
    robot, robot_course
):
    """A cell tagged own-deal printing a verdict and a whole deal: accepted on seed 12, which
    the page never hands the learner; on seed 11, the learner's table, the same cell shows B's,
    C's and D's cards of the deal about to be played, and fails with the reason."""
    reports = {}
    for seed in (12, 11):
        notebook = _notebook(_own_deal_page(seed))
        path = _plant(robot_course, f"own-deal-{seed}.ipynb", notebook)
        reports[seed] = robot.read_notebook(path, deals=deals_in(notebook)[0])
    other, reused = reports[12], reports[11]
    assert other.deals == ["table seed 11"] and not other.failures, other.details()
    assert any(f.accepted.startswith(OWN_DEAL_TAG) for f in other.findings), other.details()
    failed = {(f.cell, f.kind) for f in reused.failures}
    assert (2, SEAT_CARDS) in failed, reused.details()
    assert all("seed 11, the learner's table seed 11" in f.detail for f in reused.failures)


def test_an_answer_planted_in_a_copy_of_a_lesson_is_found(robot, robot_course):
    """Lesson 00 with one cell added under its scene that prints the scene's answer."""
    lesson = json.loads((ROOT / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8"))
    at = next(
        i
        for i, cell in enumerate(lesson["cells"])
        if cell["cell_type"] == "code" and "show_baseline(" in "".join(cell["source"])
    )
    plant = _notebook([("code", "print(scene.to_turn().show_answer())", [])])["cells"][0]
    lesson["cells"].insert(at + 1, plant)
    report = robot.read_notebook(_plant(robot_course, "00_welcome.ipynb", lesson), deals=[])
    assert (at + 1, LEGAL_LIST) in {(f.cell, f.kind) for f in report.failures}, report.details()


def test_a_prose_answer_planted_under_a_declared_question_in_a_copy_of_a_lesson_fails_it(
    robot, robot_course
):
    """Lesson 01 as it is: none of its declared questions is answered in view. The same lesson
    with one paragraph added right under its first question, saying that question's answer
    words: the robot fails it there, as an answer in prose."""
    lesson = json.loads(
        (ROOT / "notebooks" / "01_your_first_hand.ipynb").read_text(encoding="utf-8")
    )
    at, cell = next(
        (i, c) for i, c in enumerate(lesson["cells"]) if QUESTION_KEY in c.get("metadata", {})
    )
    question = questions_of(at, cell["metadata"][QUESTION_KEY])[0]
    deals = deals_in(lesson)[0]
    clean = robot.read_notebook(_plant(robot_course, "01_clean.ipynb", lesson), deals=deals)
    assert not [f for f in clean.failures if f.kind == PROSE], clean.details()
    said = f"As you will see, {question.answer[0]}."
    lesson["cells"].insert(at + 1, _notebook([("markdown", said, [])])["cells"][0])
    planted = robot.read_notebook(_plant(robot_course, "01_planted.ipynb", lesson), deals=deals)
    found = {(f.cell, f.kind) for f in planted.failures}
    assert (at + 1, PROSE) in found, planted.details()


BROKEN = [
    QUESTION,
    ("markdown", "A sign no font has: \ue001.", []),
    (
        "code",
        "import ipywidgets as w\n"
        "w.VBox([w.Button(description='A label far too long for its button',"
        " layout=w.Layout(width='90px')), w.HTML('<div style=\"width:2400px\">wide</div>')])",
        [],
    ),
    ("code", "raise ValueError('planted')", []),
    ("code", "print('never reached')", []),
]


def test_the_robot_fails_a_traceback_a_box_a_wide_widget_and_cut_text(robot, robot_course):
    """One small page with each of the other failures planted: a private-use character (no
    font has it), a button too narrow for its label, a widget wider than the panel, an error
    that stops Run All."""
    report = robot.read_notebook(_plant(robot_course, "broken.ipynb", _notebook(BROKEN)), deals=[])
    found = {(f.cell, f.kind) for f in report.failures}
    expected = {(1, GLYPH_BOX), (2, CUT_TEXT), (2, TOO_WIDE), (3, TRACEBACK), (4, NOT_RUN)}
    assert found == expected, report.details()


@pytest.mark.skipif(
    not chosen_pages([CLASSROOM]), reason="BOURRE_ROBOT_ONLY leaves the classroom out"
)
def test_the_robot_fails_a_classroom_on_a_screen_too_small_for_it(robot, classroom_voila):
    """On a screen far smaller than a projector (800×400) the scene's parts fall outside the
    band between the bars: the robot measures it and fails, naming the part and the pixels."""
    report = robot.read_classroom(classroom_voila, limit=2, size=(800, 400))
    off = [f for f in report.failures if f.kind == OFF_SCREEN]
    assert off and report.overflow[0] > 0, report.details()
    assert report.name == "classroom 800×400" and "px outside" in off[0].detail, report.details()
