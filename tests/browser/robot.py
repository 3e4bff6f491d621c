"""The robot learner: a newcomer's first look at every notebook and at the classroom app.

For each notebook: an empty progress folder, the notebook opened in JupyterLab on a fresh
kernel, every output cleared and Run All (what Restart Kernel and Run All does), then a wait
until every cell has run and every widget is drawn. Then, before any click, `page_reader.js`
reads the page (every cell: the robot's Lab attaches all cells, `windowingMode: none`, so none
is left unrendered off screen) and `answers_in_view.judge` says what is wrong. The kernel is
shut down before the next notebook. The classroom app (Voila) is read at each projector size
(1280×720 and 1024×768) as it opens and then at each scene reached with Next scene, before any
card is clicked; each scene's parts are also measured against the band between the app's bars.
Every question a lesson declares (cell metadata `question`: its `ask` and the `answer` words
that would give it away; docs/architecture.md) fails the page when its answer words are in view
between the question and the end of its section.

Used by `test_robot_learner.py` (`make browser`) and by `tools/robot_learner.py`.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from answers_in_view import (
    NOT_RUN,
    OFF_SCREEN,
    TRACEBACK,
    Deal,
    Finding,
    characters_checked,
    deals_in,
    judge,
    reader_args,
)
from browser_harness import ROOT, ConsoleLog, Server, artifacts_dir, save_page_artifacts, start_lab
from projector import MEASURE, PARTS, PROJECTOR_SIZES

READER = (Path(__file__).with_name("page_reader.js")).read_text(encoding="utf-8")
ROBOT_LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
"""Every cell attached to the page, so that every cell is laid out and read."""
LAB_SIZE = {"width": 1280, "height": 900}
OPEN_TIMEOUT = 120_000  # ms: page, Lab and a kernel on a busy 2-core machine
RUN_TIMEOUT = 600_000  # ms: the slowest notebook's Run All
DRAW_TIMEOUT = 60_000  # ms: every widget drawn after the run
SHOTS_PER_PAGE = 6
COURSE_FOLDERS = ("notebooks", "exercises", "docs")

LAB_READY = """() => {
  const app = window.jupyterapp;
  return !!(app && app.commands && app.commands.hasCommand('docmanager:open'));
}"""
RESTORED = "async () => { await window.jupyterapp.restored; return true; }"
"""Waits until the workspace is laid out: nothing moves the focus after this."""
FIND = (
    "[...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === path)"
)
"""The notebook panel open on `path` (JupyterLab's main area), in the page."""
OPEN = """async (path) => {
  const app = window.jupyterapp;
  const panel = await app.commands.execute('docmanager:open', { path, factory: 'Notebook' });
  app.shell.activateById(panel.id);
  return true;
}"""
NOTEBOOK_READY = f"""(path) => {{
  const app = window.jupyterapp;
  const panel = {FIND};
  if (!panel || !panel.content || !panel.sessionContext) return false;
  if (app.shell.currentWidget !== panel) app.shell.activateById(panel.id);
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && panel.content.widgets.length > 0;
}}"""
RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  return String(await app.commands.execute('runmenu:run-all'));
}"""
RUN_OVER = f"""(path) => {{
  const panel = {FIND};
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const busy = [...panel.node.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
  return !!kernel && kernel.status === 'idle' && !busy;
}}"""
WIDGETS_DRAWN = f"""(path) => {{
  const panel = {FIND};
  const mime = 'application/vnd.jupyter.widget-view+json';
  let wanted = 0;
  for (const cell of panel.content.widgets) {{
    if (cell.model.type !== 'code') continue;
    for (const out of cell.model.outputs.toJSON()) if (out.data && out.data[mime]) wanted += 1;
  }}
  const drawn = panel.node.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length;
  const loading = panel.node.innerText.includes('Loading widget...');
  return drawn >= wanted && !loading;
}}"""
CLOSE = """async () => {
  const app = window.jupyterapp;
  for (const panel of [...app.shell.widgets('main')]) {
    if (!panel.sessionContext) continue;
    await panel.sessionContext.shutdown();
    if (panel.context && panel.context.model) panel.context.model.dirty = false;
    panel.dispose();
  }
}"""
"""Shut every notebook's kernel down and close its tab, unsaved (the copy stays as it was)."""


def chosen_pages(pages: list[str]) -> list[str]:
    """The pages BOURRE_ROBOT_ONLY names (a comma-separated list of parts of paths), or all."""
    words = [w.strip() for w in os.environ.get("BOURRE_ROBOT_ONLY", "").split(",") if w.strip()]
    return [p for p in pages if not words or any(w in p for w in words)]


def course_notebooks() -> list[str]:
    """Every notebook of the course, lessons then exercise sets, as paths from the root."""
    return [
        str(p.relative_to(ROOT))
        for folder in ("notebooks", "exercises")
        for p in sorted((ROOT / folder).glob("*.ipynb"))
    ]


CLASSROOM = "classroom"
"""The name the classroom app goes by in reports and in BOURRE_ROBOT_ONLY (a report's name
adds the projector size: "classroom 1024×768")."""


def classroom_name(size: tuple[int, int]) -> str:
    """The report name of the classroom read at one projector size."""
    return f"{CLASSROOM} {size[0]}×{size[1]}"


READ: list[Report] = []
"""Every report of this process, in order (printed at the end of a pytest run)."""


def copy_course(dest: Path) -> Path:
    """A copy of the course as `make lab` serves it (lessons, exercises, docs), text pairs left
    out; the repository's files are never opened."""
    for folder in COURSE_FOLDERS:
        if (ROOT / folder).is_dir():
            shutil.copytree(
                ROOT / folder,
                dest / folder,
                ignore=shutil.ignore_patterns(".ipynb_checkpoints", "[0-9][0-9]*.md"),
            )
    return dest


def start_robot_lab(course: Path, home: Path, log: Path) -> Server:
    """The robot's own JupyterLab: every cell attached, progress in `home`/bourre-data."""
    return start_lab(course, home, log, settings=ROBOT_LAB_SETTINGS)


def _deals(path: str) -> tuple[list[Deal], list[str]]:
    return deals_in(json.loads((ROOT / path).read_text(encoding="utf-8")))


class DealBook:
    """The deals of each notebook, dealt in a worker process while the browser runs pages
    (set 5's deals are chosen by simulation and take a while)."""

    def __init__(self, paths: list[str]) -> None:
        self.pool = ProcessPoolExecutor(max_workers=1)
        self.futures: dict[str, Future] = {p: self.pool.submit(_deals, p) for p in paths}

    def get(self, path: str) -> tuple[list[Deal], list[str]]:
        """The deals of one notebook (dealt now if it was not asked for at the start)."""
        if path not in self.futures:
            self.futures[path] = self.pool.submit(_deals, path)
        return self.futures[path].result(timeout=600)

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)


@dataclass
class Report:
    """What the robot saw on one page."""

    name: str
    cells: int = 0
    folded: int = 0
    widgets: int = 0
    characters: int = 0
    deals: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    screenshots: list[Path] = field(default_factory=list)
    run_result: str = ""
    """What JupyterLab's Run All command returned ("true" when every cell ran)."""
    overflow: tuple[int, str] | None = None
    """The classroom's largest overflow in pixels at step 1 of a scene, and where."""

    @property
    def failures(self) -> list[Finding]:
        """Findings that fail the page (accepted demonstrations left out)."""
        return [f for f in self.findings if f.fails]

    @property
    def answers(self) -> list[Finding]:
        """Answers in view that fail the page."""
        return [f for f in self.failures if f.answer]

    @property
    def others(self) -> list[Finding]:
        """Failures that are not answers: tracebacks, boxes, overflow, cut text."""
        return [f for f in self.failures if not f.answer]

    def line(self) -> str:
        """One line: what was looked at, what was found."""
        looked = (
            f"{self.cells} {'scenes' if self.name.startswith(CLASSROOM) else 'cells'} "
            f"({self.folded} folded), {self.widgets} widgets, "
            f"{self.characters} characters checked, {len(self.deals)} deals guarded"
        )
        accepted = len(self.findings) - len(self.failures)
        places = len({(f.cell, f.where) for f in self.answers})
        found = (
            f"{len(self.answers)} answers in view (in {places} places), "
            f"{len(self.others)} other failures"
        )
        if accepted:
            found += f", {accepted} accepted demonstrations"
        kinds = sorted({f.kind for f in self.failures})
        if kinds:
            found += f" ({'; '.join(kinds)})"
        if self.overflow is not None:
            found += f" · largest overflow {self.overflow[0]} px ({self.overflow[1]})"
        return f"{self.name}: {looked} · {found} · {self.seconds:.0f} s"

    def details(self) -> str:
        """The line, then every finding on a line of its own, then the notes."""
        lines = [self.line()]
        lines += [f"  ✗ {f.line()}" for f in self.failures]
        lines += [f"  ✓ {f.line()}" for f in self.findings if not f.fails]
        lines += [f"  · {note}" for note in self.notes]
        lines += [f"  screenshot: {p}" for p in self.screenshots]
        return "\n".join(lines)


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]


def _shots(page, console: ConsoleLog, report: Report) -> None:
    """A screenshot of the page and of the first few elements a failure was found in."""
    if not report.failures:
        return
    base = f"robot-{_safe(report.name)}"
    report.screenshots += save_page_artifacts(page, console, base)
    marks = [f for f in report.failures if f.mark]
    done: set[str] = set()
    for finding in marks:
        if len(done) >= SHOTS_PER_PAGE or finding.mark in done:
            continue
        done.add(finding.mark)
        path = artifacts_dir() / f"{base}-{len(done)}-{_safe(finding.kind)}.png"
        try:
            page.locator(f'[data-robot="{finding.mark}"]').first.screenshot(
                path=str(path), timeout=10_000
            )
            report.screenshots.append(path)
        except Exception as problem:  # an element too large or gone: say so and go on
            report.notes.append(f"no screenshot of {finding.kind} ({problem.__class__.__name__})")


class _Since:
    """The part of a page's console log written since a notebook was opened."""

    def __init__(self, console: ConsoleLog) -> None:
        self._console, self.start = console, len(console.lines)

    def text(self) -> str:
        return "\n".join(self._console.lines[self.start :]) + "\n"


class RobotLearner:
    """Reads pages as a newcomer: one browser context, one page of the robot's Lab in which the
    notebooks are opened in turn (Lab loads once), an empty progress folder for each."""

    def __init__(self, context, lab: Server | None, data_dir: Path, deals: DealBook) -> None:
        self.context, self.lab, self.data_dir, self.deals = context, lab, data_dir, deals
        self._page = None
        self._console: ConsoleLog | None = None
        self.reports: dict[str, Report] = {}
        """The report of each course notebook read with its own deals, by path."""

    def _empty_progress(self) -> None:
        shutil.rmtree(self.data_dir, ignore_errors=True)
        self.data_dir.mkdir(parents=True, exist_ok=True)

    def _lab_page(self):
        """The robot's Lab page, loaded once (again after a crash)."""
        if self._page is None or self._page.is_closed():
            self._page = self.context.new_page()
            self._page.set_viewport_size(LAB_SIZE)
            self._console = ConsoleLog(self._page)
            self._page.goto(self.lab.url("/lab/workspaces/robot", reset=""))
            self._page.wait_for_function(LAB_READY, timeout=OPEN_TIMEOUT, polling=250)
            self._page.evaluate(RESTORED)
        return self._page

    @property
    def page(self):
        """The robot's Lab page (loaded on first use)."""
        return self._lab_page()

    @property
    def console(self) -> ConsoleLog:
        """The console log of the robot's Lab page."""
        self._lab_page()
        return self._console

    def report_of(self, path: str) -> Report:
        """The report of a course notebook: the one already read (by a test that then went on
        to click in it), or a reading now. A notebook is run once per session, not per test."""
        if path in self.reports:
            return self.reports[path]
        return self.read_notebook(path)

    def close_notebooks(self) -> None:
        """Shut down every open notebook's kernel and close its tab, unsaved."""
        if self._page is not None and not self._page.is_closed():
            self._page.evaluate(CLOSE)

    def close(self) -> None:
        """Close the Lab page (the kernels are shut down after each notebook)."""
        if self._page is not None and not self._page.is_closed():
            self._page.close()
        self._page = None

    def read_notebook(
        self, path: str, deals: list[Deal] | None = None, keep_open: bool = False
    ) -> Report:
        """Open, Run All, wait for the widgets, read before any click, shut the kernel down.
        `path` is relative to the Lab's root; `deals` (default: those the notebook at `path`
        in the repository hands the learner) are the deals whose hidden cards are guarded.
        With `keep_open` the notebook stays open after the reading, its kernel running, for
        tests that go on to click in it (`close_notebooks` closes it)."""
        own_deals = deals is None
        started = time.monotonic()
        report = Report(path)
        self._empty_progress()
        page = self._lab_page()
        console = _Since(self._console)
        try:
            page.evaluate(OPEN, path)
            page.wait_for_function(NOTEBOOK_READY, arg=path, timeout=OPEN_TIMEOUT, polling=250)
            result = report.run_result = page.evaluate(RUN_ALL)
            page.wait_for_function(RUN_OVER, arg=path, timeout=RUN_TIMEOUT, polling=250)
            try:
                page.wait_for_function(WIDGETS_DRAWN, arg=path, timeout=DRAW_TIMEOUT, polling=250)
            except Exception:
                report.notes.append(f"not every widget was drawn after {DRAW_TIMEOUT // 1000} s")
            page.wait_for_timeout(800)  # the last anywidget renders
            reading = page.evaluate(READER, reader_args("lab", path))
            unread: list[str] = []
            if deals is None:
                deals, unread = self.deals.get(path)
            report.findings = judge(reading, deals)
            stopped = {TRACEBACK, NOT_RUN} & {f.kind for f in report.findings}
            if result != "true" and not stopped:  # else the cell that stopped it is named
                report.findings.append(Finding(None, NOT_RUN, f"Run All said {result}"))
            report.cells = len(reading["cells"])
            report.folded = reading.get("folded", 0)
            report.widgets = reading["widgets"]
            report.characters = characters_checked(reading)
            report.deals = [d.label for d in deals]
            report.notes += [f"deal not read (not literal arguments): {u}" for u in unread]
            _shots(page, console, report)
        except Exception:
            save_page_artifacts(page, console, f"robot-{_safe(path)}-setup")
            self.close()
            raise
        finally:
            if self._page is not None and not keep_open:
                self._page.evaluate(CLOSE)
        report.seconds = time.monotonic() - started
        READ.append(report)
        if own_deals:
            self.reports[path] = report
        return report

    def read_classroom(
        self, voila: Server, limit: int | None = None, size: tuple[int, int] = PROJECTOR_SIZES[0]
    ) -> Report:
        """The classroom app at one projector size: as it opens, then each scene in turn (Next
        scene is a teacher's click, not a try), read and measured before any card is clicked."""
        started = time.monotonic()
        report = Report(classroom_name(size))
        report.overflow = (0, "no part overflows")
        page = self.context.new_page()
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.emulate_media(reduced_motion="reduce")  # cards drawn in place
        console = ConsoleLog(page)
        seen: set[tuple[str, str]] = set()
        try:
            page.goto(voila.url("/"))
            page.locator(".bourre-classroom-app .bourre-scene").first.wait_for(timeout=OPEN_TIMEOUT)
            counter = page.locator(".bourre-scene-counter")
            total = int(counter.inner_text().split()[-1])
            for number in range(1, (limit or total) + 1):
                if number > 1:
                    page.locator(".bourre-next-scene").click()
                    page.wait_for_function(
                        "(n) => document.querySelector('.bourre-scene-counter').innerText"
                        ".startsWith(`Scene ${n} `)",
                        arg=number,
                        timeout=30_000,
                    )
                page.wait_for_timeout(150)  # the card table draws
                scene = page.locator(".bourre-classroom-app .bourre-scene").first
                scene_id = next(
                    (
                        c[len("bourre-scene-") :]
                        for c in scene.get_attribute("class").split()
                        if c.startswith("bourre-scene-")
                    ),
                    f"#{number}",
                )
                reading = page.evaluate(READER, reader_args("voila"))
                measured = page.evaluate(MEASURE, [PARTS])
                report.cells += 1
                report.widgets = max(report.widgets, reading["widgets"])
                report.characters = max(report.characters, characters_checked(reading))
                found = judge(reading)
                for part, pixels in measured["parts"].items():
                    if pixels > report.overflow[0]:
                        report.overflow = (pixels, f"scene {number} {scene_id}, {part}")
                    if pixels > 0:
                        found.append(
                            Finding(None, OFF_SCREEN, f"the {part} lies {pixels} px outside")
                        )
                new = 0
                for f in found:
                    key = (f.kind, f.detail if not f.answer else f"{scene_id} {f.detail}")
                    if f.kind == OFF_SCREEN:
                        key = (f.kind, f"{scene_id} {f.detail}")
                    if key in seen:
                        continue
                    seen.add(key)
                    new += 1
                    report.findings.append(
                        Finding(None, f.kind, f.detail, f.mark, where=f"scene {number} {scene_id}")
                    )
                if new and len(report.screenshots) < SHOTS_PER_PAGE:
                    shot = artifacts_dir() / (
                        f"robot-classroom-{size[0]}-scene-{number:02d}-{scene_id}.png"
                    )
                    page.screenshot(path=str(shot))
                    report.screenshots.append(shot)
            report.notes.append(f"{report.cells} scenes read at {size[0]}×{size[1]}")
            if report.failures:
                log = artifacts_dir() / f"robot-classroom-{size[0]}.console.log"
                log.write_text(console.text())
        except Exception:
            save_page_artifacts(page, console, f"robot-classroom-{size[0]}-setup")
            raise
        finally:
            page.close()
        report.seconds = time.monotonic() - started
        READ.append(report)
        return report


def write_lines(reports: list[Report], path: Path | None = None) -> Path:
    """All reports' details in one text file in the artifacts folder."""
    path = path or artifacts_dir() / "robot-learner.txt"
    path.write_text("\n".join(r.details() for r in reports) + "\n", encoding="utf-8")
    return path


def as_json(report: Report) -> dict[str, Any]:
    """A report as plain data (for the before/after tables)."""
    return {
        "name": report.name,
        "answers": len(report.answers),
        "others": len(report.others),
        "findings": [f.line() for f in report.findings],
        "seconds": round(report.seconds, 1),
        "overflow": report.overflow,
    }
