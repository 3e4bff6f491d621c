"""The robot learner from the command line: read notebooks as a newcomer, report answers in view.

Each notebook is opened in a fresh JupyterLab (a temporary copy of the course, an empty
progress folder), run with Run All, and read before any click; the classroom app is read at
1280×720 and at 1024×768, scene by scene, and each scene is measured against the projector's
screen. One line per page, then every finding; the exit code is 1 when
anything fails. What counts as an answer in view: tests/browser/answers_in_view.py, including
the answer words of every question a lesson declares (cell metadata `question`).
Screenshots of failures go to test-artifacts/browser/ (or BOURRE_BROWSER_ARTIFACTS).

    .venv/bin/python tools/robot_learner.py                      # every notebook and the classroom
    .venv/bin/python tools/robot_learner.py notebooks/03_follow_and_beat.ipynb
    .venv/bin/python tools/robot_learner.py classroom --scenes 5
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import CLASSROOM_NOTEBOOK, artifacts_dir, chromium, start_voila  # noqa: E402
from projector import PROJECTOR_SIZES  # noqa: E402
from robot import (  # noqa: E402
    CLASSROOM,
    DealBook,
    RobotLearner,
    as_json,
    copy_course,
    course_notebooks,
    start_robot_lab,
    write_lines,
)


def main(argv: list[str] | None = None) -> int:
    """Read the pages asked for (default: all) and print what the robot found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "pages",
        nargs="*",
        help=f"notebook paths such as notebooks/03_follow_and_beat.ipynb, or '{CLASSROOM}'",
    )
    parser.add_argument("--scenes", type=int, default=None, help="classroom: read only N scenes")
    parser.add_argument("--json", type=Path, default=None, help="also write the reports as JSON")
    args = parser.parse_args(argv)
    pages = args.pages or [*course_notebooks(), CLASSROOM]
    notebooks = [p for p in pages if p != CLASSROOM]
    for path in notebooks:
        if not (ROOT / path).is_file():
            parser.error(f"{path} is not a notebook of the course (give a path from {ROOT})")
    started = time.monotonic()
    reports = []
    with tempfile.TemporaryDirectory(prefix="robot-learner-") as tmp:
        work = Path(tmp)
        deals = DealBook(notebooks)
        lab = start_robot_lab(copy_course(work / "course"), work / "lab-home", work / "lab.log")
        voila = None
        try:
            with chromium(work / "profile", 1280, 900) as context:
                robot = RobotLearner(context, lab, work / "lab-home" / "bourre-data", deals)
                for path in notebooks:
                    reports.append(robot.read_notebook(path))
                    print(reports[-1].line(), flush=True)
                robot.close()
                if CLASSROOM in pages:
                    voila = start_voila(CLASSROOM_NOTEBOOK, work / "voila-home", work / "voila.log")
                    for size in PROJECTOR_SIZES:
                        reports.append(robot.read_classroom(voila, args.scenes, size))
                        print(reports[-1].line(), flush=True)
        finally:
            lab.stop()
            if voila is not None:
                voila.stop()
            deals.close()
    print()
    for report in reports:
        if report.failures or report.notes:
            print(report.details())
    print(
        f"\nrobot learner: {len(reports)} pages in {time.monotonic() - started:.0f} s; "
        f"details in {write_lines(reports)}"
    )
    if args.json:
        args.json.write_text(
            json.dumps([as_json(r) for r in reports], indent=1, ensure_ascii=False)
        )
    print(f"screenshots of failures: {artifacts_dir()}")
    return 1 if any(r.failures for r in reports) else 0


if __name__ == "__main__":
    raise SystemExit(main())
