"""Build hook: the wheel carries the course (lessons, exercises, the classroom app, docs).

Everything else about the package is in pyproject.toml. The notebooks live at the top of the
repository, where contributors edit them; `build_py` copies the learner's files into
`bourre_lessons/course/` inside the build, so `pip install bourre-lessons` brings them and the
`bourre-lessons lab` command can copy them into a folder of the learner's.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# (folder in the repository, file pattern): the learner gets .ipynb files, never the .md pairs
COURSE_FILES = (
    ("notebooks", "*.ipynb"),
    ("exercises", "*.ipynb"),
    ("present", "*.ipynb"),
    ("docs", "*.md"),
    ("docs", "*.png"),
    ("docs", "*.pdf"),
    ("docs/img", "*.png"),
)


class BuildWithCourse(build_py):
    """build_py, then copy the course files into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "bourre_lessons" / "course"
        copied = 0
        for folder, pattern in COURSE_FILES:
            for source in sorted((ROOT / folder).glob(pattern)):
                destination = target / folder / source.name
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)
                copied += 1
        if not any((target / "notebooks").glob("00_*.ipynb")):
            raise SystemExit("build: the welcome notebook notebooks/00_*.ipynb is missing")
        print(f"build: {copied} course files copied into bourre_lessons/course/")


setup(cmdclass={"build_py": BuildWithCourse})
