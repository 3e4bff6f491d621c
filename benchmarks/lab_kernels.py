"""Kernel memory after a learner walks lessons 00 → 10 in `make lab` by their "Next:" links.

Each lesson opened from a link gets a tab and a Python kernel of its own, and the tab stays
open. This starts the real `make lab` (tools/learner_lab.py: a copy of the course in a temporary
folder, a private Jupyter home), opens the welcome notebook in Debian's chromium, and for every
lesson: Run All, then "reads" it until --minutes have passed since Run All began (a kernel
request every --click-minutes, as the learner's clicks on the scenes are), then clicks the
"Next:" link at its end. For each lesson it prints the kernels alive and their total resident
memory (RSS, and USS: the memory only that process holds) twice: when Run All ends (the lesson
before may still be running) and when the learner leaves; the last row is the figure to report.

JupyterLab's culler works on the wall clock alone, so the walk runs on a faster clock: the
reading time and the culling settings `make lab` passes (bourre_lessons/cli.py) are both
divided by --speed. Run All takes its real time, which on that clock counts --speed times over
(a slow Run All eats into the lesson's reading time, and the kernel left before it idles longer).

    .venv/bin/python -m benchmarks.lab_kernels               # make lab as it is (about 30 min)
    .venv/bin/python -m benchmarks.lab_kernels --no-culling  # as before issue 22: no culling
    .venv/bin/python -m benchmarks.lab_kernels --minutes 1 --speed 1 --last 03  # a quick look

Measured for issue 22 (2 shared cores, JupyterLab 4.6.6): with no culling, 12 kernels and
2144 MB RSS (1379 MB USS) after the walk; as `make lab` now runs, at 20 minutes a lesson 1 kernel
and 273 MB RSS after the walk (at most 569 MB at once), at 10 minutes a lesson 2 kernels and
464 MB (at most 702 MB).

Measured again for issue 28 (same machine, 2 shared cores, settings unchanged: culled after 15
idle minutes, connected tabs too; a culled lesson now says so on the page): at 20 minutes a
lesson 1 kernel and 229 MB RSS after the walk, at most 476 MB at once; at 10 minutes a lesson
2 kernels and 469 MB after the walk (the most at once), and with JupyterLab's server (about
190-210 MB RSS) the whole session at most 678 MB RSS, under the 1 GB aim. The browser's own
memory is not counted.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import chromium  # noqa: E402
from learner_lab import LearnerLab, start_make_lab  # noqa: E402

from bourre_lessons.cli import CULL_EVERY_SECONDS, CULL_IDLE_MINUTES  # noqa: E402

MB = 1024 * 1024
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.sessionContext) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""
OPENED = """(before) => {
  const panel = window.jupyterapp.shell.currentWidget;
  return !!panel && !!panel.context && panel.context.path !== before;
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('runmenu:run-all').then(String)"
IDLE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const busy = [...panel.node.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
  return !!kernel && kernel.status === 'idle' && !busy;
}"""
CLICK = """async () => {
  const session = window.jupyterapp.shell.currentWidget.sessionContext.session;
  if (!session || !session.kernel) return false;
  await session.kernel.requestExecute({code: '', silent: true, store_history: false}).done;
  return true;
}"""
NEXT_LINK = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const p of panel.node.querySelectorAll('.jp-RenderedMarkdown p')) {
    if (p.textContent.trim().startsWith('Next:') && p.querySelector('a')) {
      const link = p.querySelector('a');
      link.scrollIntoView({block: 'center'});
      return link.getAttribute('href');
    }
  }
  return null;
}"""


@dataclass
class Row:
    """Kernels alive in one lesson of the walk: when its Run All ends (the lesson before may
    still be running then) and when the learner leaves it."""

    lesson: str
    run_all_s: float
    start: tuple[int, float, float]  # kernels, RSS MB, USS MB
    end: tuple[int, float, float]
    server_mb: float = 0.0  # JupyterLab's server (and make, the command) on leaving, RSS

    def text(self) -> str:
        (k0, rss0, _), (k1, rss1, uss1) = self.start, self.end
        return (
            f"| {self.lesson} | {self.run_all_s:.0f} | {k0} | {rss0:.0f} "
            f"| {k1} | {rss1:.0f} | {uss1:.0f} | {self.server_mb:.0f} |"
        )


HEADER = (
    "| lesson | Run All s | kernels after Run All | RSS MB | kernels on leaving | RSS MB "
    "| USS MB | server RSS MB |\n|---|---|---|---|---|---|---|---|"
)


def kernel_memory(lab: LearnerLab) -> tuple[int, float, float]:
    """How many kernels are alive, and their total RSS and USS in MB."""
    import psutil

    count, rss, uss = 0, 0, 0
    for process in lab.kernel_processes():
        try:
            info = process.memory_full_info()
        except psutil.NoSuchProcess:
            continue
        count, rss, uss = count + 1, rss + info.rss, uss + info.uss
    return count, rss / MB, uss / MB


def server_memory(lab: LearnerLab) -> float:
    """The RSS in MB of the processes `make lab` started that are not kernels (make, the
    course command, JupyterLab's server)."""
    import psutil

    kernels = {p.pid for p in lab.kernel_processes()}
    try:
        root = psutil.Process(lab.process.pid)
        tree = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for process in tree:
        if process.pid in kernels:
            continue
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total / MB


def read_for(page, seconds: float, click_seconds: float) -> None:
    """Stay on the lesson for `seconds`, with a kernel request every `click_seconds`."""
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        page.wait_for_timeout(1000 * min(left, click_seconds))
        if time.monotonic() < end and not page.evaluate(CLICK):
            raise RuntimeError("the lesson being read lost its kernel (culled while in use)")


def walk(page, lab: LearnerLab, last: str, seconds: float, click_seconds: float) -> list[Row]:
    """From the welcome notebook, each lesson: Run All, read, follow "Next:"; one row each."""
    rows = []
    path = "notebooks/00_welcome.ipynb"
    page.goto(lab.url(f"/lab/tree/{path}"))
    while True:
        page.wait_for_function(READY, arg=path, timeout=300_000, polling=250)
        started = time.monotonic()
        if page.evaluate(RUN_ALL) != "true":
            raise RuntimeError(f"Run All of {path} did not finish cleanly")
        page.wait_for_timeout(500)
        page.wait_for_function(IDLE, timeout=900_000, polling=250)
        run_all = time.monotonic() - started
        start = kernel_memory(lab)
        read_for(page, seconds - run_all, click_seconds)  # reading starts while it runs
        rows.append(Row(Path(path).stem, run_all, start, kernel_memory(lab), server_memory(lab)))
        print(rows[-1].text(), flush=True)
        href = page.evaluate(NEXT_LINK)
        if Path(path).stem.startswith(last) or href is None:
            return rows
        page.locator(f'.jp-RenderedMarkdown p a[href="{href}"]').last.click()
        page.wait_for_function(OPENED, arg=path, timeout=120_000, polling=250)
        path = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")


def main(argv: list[str] | None = None) -> int:
    """Walk the lessons in `make lab` and print the kernels alive after each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-culling", action="store_true", help="as before: kernels never culled")
    parser.add_argument("--minutes", type=float, default=20, help="reading time a lesson (20)")
    parser.add_argument("--click-minutes", type=float, default=3, help="minutes between clicks")
    parser.add_argument("--speed", type=float, default=10, help="how much faster the clock runs")
    parser.add_argument("--last", default="10", help="the lesson the walk ends on (default 10)")
    args = parser.parse_args(argv)
    if args.no_culling:
        extra = ["--MappingKernelManager.cull_idle_timeout=0"]
        culling = "no culling"
    else:
        idle, every = CULL_IDLE_MINUTES * 60 / args.speed, CULL_EVERY_SECONDS / args.speed
        extra = [
            f"--MappingKernelManager.cull_idle_timeout={max(1, round(idle))}",
            f"--MappingKernelManager.cull_interval={max(1, round(every))}",
        ]
        culling = f"culled after {CULL_IDLE_MINUTES} min idle, checked every {CULL_EVERY_SECONDS} s"
    print(
        f"make lab, {culling}; {args.minutes:g} min a lesson, a click every "
        f"{args.click_minutes:g} min; clock {args.speed:g}x faster ({' '.join(extra)})"
    )
    tmp = Path(tempfile.mkdtemp(prefix="lab-kernels-"))
    lab = start_make_lab(tmp / "my-lessons", tmp / "home", tmp / "lab.log", extra)
    print(HEADER, flush=True)
    try:
        with chromium(tmp / "chrome", 1280, 900) as browser:
            page = browser.new_page()
            page.set_default_timeout(120_000)
            seconds = args.minutes * 60 / args.speed
            rows = walk(page, lab, args.last, seconds, args.click_minutes * 60 / args.speed)
    finally:
        lab.stop()
    kernels, rss, uss = rows[-1].end
    most = max(sample[1] for row in rows for sample in (row.start, row.end))
    whole = max(row.end[1] + row.server_mb for row in rows)
    print(
        f"after the walk ({len(rows)} notebooks): {kernels} kernels, {rss:.0f} MB RSS "
        f"({uss:.0f} MB USS); most at once: {most:.0f} MB RSS; the whole session (kernels and "
        f"server) on leaving a lesson, at most: {whole:.0f} MB RSS"
    )
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
