"""`make lab` in chromium: opening, running, saving and closing a lesson changes only the copy.

The real `make lab` runs (tools/learner_lab.py: a free port, a token, a private Jupyter home,
the learner's folder in a temporary directory). A lesson opened there is not marked unsaved,
Run All and a click change the learner's copy only, and after the tab is closed and the server
stopped the checkout's course files and `git status` are as they were.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from browser_harness import ROOT, ConsoleLog

from bourre_lessons import cli

LESSON = "notebooks/03_follow_and_beat.ipynb"
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.sessionContext) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""
DIRTY = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = sys.modules.setdefault(name, importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module


learner_lab = _load("learner_lab", ROOT / "tools" / "learner_lab.py")

pytestmark = pytest.mark.browser


class Opened:
    """The page and its console, where the failure hook in conftest looks for them."""

    def __init__(self, page) -> None:
        self.page, self.console = page, ConsoleLog(page)


def test_a_lesson_opened_run_and_closed_in_make_lab_changes_only_the_copy(browser, tmp_path):
    before, status = learner_lab.course_fingerprints(), learner_lab.course_git_status()
    folder = tmp_path / "my-lessons"
    lab = learner_lab.start_make_lab(folder, tmp_path / "home", tmp_path / "lab.log")
    try:
        opened = Opened(browser.new_page())
        page = opened.page
        page.set_default_timeout(120_000)
        page.goto(lab.url(f"/lab/tree/{LESSON}"))
        page.wait_for_function(READY, arg=LESSON, timeout=180_000, polling=250)
        page.wait_for_timeout(1500)
        dirty_on_open = page.evaluate(DIRTY)
        assert page.evaluate("() => window.jupyterapp.commands.execute('runmenu:run-all')")
        scene = page.locator(".bourre-scene").first
        scene.locator(".bourre-next").first.click()
        page.wait_for_function(READY, arg=LESSON, polling=250)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(f"() => !({DIRTY})()", polling=250)
        page.evaluate("() => window.jupyterapp.commands.execute('application:close')")
        page.wait_for_function(
            "(path) => !window.jupyterapp.shell.currentWidget"
            " || !window.jupyterapp.shell.currentWidget.context"
            " || window.jupyterapp.shell.currentWidget.context.path !== path",
            arg=LESSON,
            polling=250,
        )
        page.close()
    finally:
        lab.stop()
    assert not dirty_on_open, "the lesson was marked unsaved as soon as it opened"
    assert learner_lab.course_fingerprints() == before, "the checkout's course files changed"
    assert learner_lab.course_git_status() == status
    saved = (folder / LESSON).read_bytes()
    assert saved != cli.learner_copy(ROOT / LESSON), "the run was saved in the copy"
    assert not (folder / LESSON).with_suffix(".md").exists(), "no jupytext pair in the copy"
    again = cli.copy_course(folder)
    assert LESSON in again.kept, "the course did not change: the learner's run stays"
