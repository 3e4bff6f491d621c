"""Browser-test fixtures: one JupyterLab for the session, serving a copy of the course.

Run with `make browser` (or `pytest -m browser tests/browser`). The repository's notebooks are
never served: notebooks/ and exercises/ are copied to a temporary folder first, and after the
session the originals must be byte-identical to what they were before it.
On a failure, a screenshot and the page's console log are kept under test-artifacts/browser/
(or BOURRE_BROWSER_ARTIFACTS).
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

import pytest
from browser_harness import (
    ROOT,
    artifacts_dir,
    chromium,
    require_chromium,
    save_page_artifacts,
    start_lab,
)
from robot import (
    DealBook,
    RobotLearner,
    chosen_pages,
    copy_course,
    course_notebooks,
    start_robot_lab,
)

COURSE_DIRS = ("notebooks", "exercises")


def _fingerprints() -> dict[str, str]:
    """sha256 of every file under the course folders of the repository."""
    found = {}
    for folder in COURSE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and ".ipynb_checkpoints" not in path.parts:
                found[str(path.relative_to(ROOT))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so fixtures can see whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def _artifacts_on_failure(request):
    """After a failed test, save a screenshot and console log of every page it used."""
    yield
    report = getattr(request.node, "report_call", None)
    if report is None or not report.failed:
        return
    for value in request.node.funcargs.values():
        page = getattr(value, "page", None)
        console = getattr(value, "console", None)
        if page is not None and console is not None:
            saved = save_page_artifacts(page, console, request.node.nodeid)
            print("browser artifacts:", *(str(p) for p in saved))


@pytest.fixture(scope="session")
def course_root(tmp_path_factory) -> Path:
    """A temporary copy of notebooks/ and exercises/; the originals are checked afterwards."""
    require_chromium()  # fail at once, with the install command, before starting anything
    before = _fingerprints()
    root = tmp_path_factory.mktemp("course")
    for folder in COURSE_DIRS:
        if (ROOT / folder).is_dir():
            shutil.copytree(
                ROOT / folder, root / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints")
            )
    yield root
    after = _fingerprints()
    # Files that appear meanwhile are someone else's new lessons; ours may only be unchanged.
    changed = sorted(name for name, digest in before.items() if after.get(name) != digest)
    assert not changed, (
        f"repository files changed or vanished during the browser tests: {changed}. The tests "
        f"serve only a copy in {root}; if someone edited these files meanwhile, run again."
    )


@pytest.fixture(scope="session")
def lab(course_root, tmp_path_factory):
    """One JupyterLab for the whole session, serving the copy; stopped by its PID."""
    server = start_lab(
        course_root,
        home=tmp_path_factory.mktemp("lab-home"),
        log=artifacts_dir() / "jupyter-lab.log",
    )
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """One chromium for the session (a Playwright context with a fresh user-data dir)."""
    with chromium(tmp_path_factory.mktemp("chromium") / "profile") as context:
        yield context


# The robot learner's Lab and the robot itself serve two modules: test_robot_learner reads every
# page, and test_browser_lessons clicks in the notebooks the robot has just read (one Run All
# per notebook for both; the reading always comes before any click).


@pytest.fixture(scope="session")
def robot_course(tmp_path_factory) -> Path:
    """The robot's own copy of the course (lessons, exercises, docs)."""
    return copy_course(tmp_path_factory.mktemp("robot-course"))


@pytest.fixture(scope="session")
def robot_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("robot-lab-home")


@pytest.fixture(scope="session")
def robot_lab(robot_course, robot_home, course_root):
    """The robot's JupyterLab (every cell attached); `course_root` checks afterwards that no
    file of the repository changed."""
    server = start_robot_lab(robot_course, robot_home, artifacts_dir() / "robot-lab.log")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def robot(browser, robot_lab, robot_home):
    """The robot learner; the deals of every notebook are dealt meanwhile in a worker."""
    deals = DealBook(chosen_pages(course_notebooks()))
    robot = RobotLearner(browser, robot_lab, robot_home / "bourre-data", deals)
    yield robot
    robot.close()
    deals.close()


def pytest_terminal_summary(terminalreporter):
    """The robot learner's line for every page it read, and where the details are."""
    robot = sys.modules.get("robot")  # loaded only when a robot learner test ran
    if robot is None or not robot.READ:
        return
    terminalreporter.section("robot learner")
    for report in robot.READ:
        terminalreporter.write_line(report.line())
    seconds = sum(r.seconds for r in robot.READ)
    path = robot.write_lines(robot.READ)
    terminalreporter.write_line(f"{len(robot.READ)} pages in {seconds:.0f} s; details: {path}")
