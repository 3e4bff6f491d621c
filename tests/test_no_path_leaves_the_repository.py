"""Nothing in the course reads outside the repository, but for the one switch for the source texts.

A clone of the repository alone must pass `make test`. The only files it may look for beside
the checkout are the four source texts (and the project's SCENES.md beside them), and only
through `tests/source_texts.py`, which skips the checks that need them and counts them. This
test reads every file of code the course runs (the package, tests, tools, benchmarks, the
notebooks, the Makefile and CI's script) for a path that leaves the repository: a `..` that
climbs out of it, the `shared` notes folder, a root's parent, or `Path(__file__)` climbed past
the repository's root.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
THE_SWITCH = "tests/source_texts.py"
THIS_TEST = "tests/test_no_path_leaves_the_repository.py"  # its probes are planted paths
CODE_FOLDERS = (
    "bourre_lessons",
    "tests",
    "tools",
    "benchmarks",
    "notebooks",
    "exercises",
    "present",
)
CODE_FILES = ("Makefile", ".ci/run", "setup.py", "pyproject.toml", "jupytext.toml", "MANIFEST.in")
TEXT_SUFFIXES = {".py", ".sh", ".md", ".ipynb", ".toml", ".cfg", ".js", ".css", ".json", ".txt"}
TOP_LEVEL = (*CODE_FOLDERS, "docs")

LEAVING = {
    "two folders up": re.compile(r"\.\./\.\."),
    "up to a folder that is not the repository's": re.compile(
        rf"\.\./(?!(?:{'|'.join(TOP_LEVEL)})\b)[\w.$(]"
    ),
    "'..' joined to a path": re.compile(r"""(/\s*|Path\(\s*)["']\.\.["']"""),
    "the shared notes folder": re.compile(r"""(/\s*["']shared["']|["'/]shared/|\.\./shared)"""),
    "the parent of the repository's root": re.compile(
        r"\b(ROOT|REPO|REPOSITORY|PROJECT|CHECKOUT)\.parents?\b"
    ),
}
FILE_PARENTS = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?\.parents\[(\d+)\]")
FILE_PARENT_CHAIN = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?((?:\.parent\b)+)")


def code_files() -> list[Path]:
    """Every tracked file of code the course runs (prose docs and the README aside)."""
    listed = subprocess.run(
        ["git", "ls-files", *CODE_FOLDERS, *CODE_FILES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        ROOT / name
        for name in listed
        if (ROOT / name).is_file()
        and ((ROOT / name).suffix in TEXT_SUFFIXES or name in CODE_FILES)
        and name not in (THE_SWITCH, THIS_TEST)
    ]


def climbs_out(relative: Path, line: str) -> bool:
    """Whether `Path(__file__)` on this line is climbed past the repository's root."""
    depth = len(relative.parts) - 1
    ups = [int(k) + 1 for k in FILE_PARENTS.findall(line)]
    ups += [chain.count(".parent") for chain in FILE_PARENT_CHAIN.findall(line)]
    return any(up > depth + 1 for up in ups)


def paths_leaving(path: Path, relative: Path) -> list[str]:
    """The lines of one file that name a path outside the repository, with what each does."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        kinds = [kind for kind, pattern in LEAVING.items() if pattern.search(line)]
        if climbs_out(relative, line):
            kinds.append("Path(__file__) climbed past the root")
        found += [f"{relative}:{number}: {kind}: {line.strip()[:100]}" for kind in kinds]
    return found


def test_no_code_names_a_path_outside_the_repository():
    """Only tests/source_texts.py (the source texts' one switch) may look beside the checkout."""
    files = code_files()
    assert len(files) > 100, "the walk found too few files to be reading the repository"
    leaving = [hit for path in files for hit in paths_leaving(path, path.relative_to(ROOT))]
    assert leaving == []


@pytest.mark.parametrize(
    ("where", "line"),
    [
        ("tests/probe.py", 'SEEDS = ROOT.parent / "shared" / "seeds"'),
        ("tests/probe.py", 'SPEC = Path(__file__).resolve().parents[2] / "RULES-SPEC.md"'),
        ("tools/probe.py", "HOME = Path(__file__).parent.parent.parent"),
        ("Makefile", "\tcat ../.library/README.md"),
        ("notebooks/probe.md", 'open("../../secrets.txt")'),
        ("tests/probe.py", 'Path("..") / "elsewhere"'),
    ],
)
def test_the_walk_can_fail(tmp_path, where, line):
    """A planted path out of the repository is caught, whichever way it is written."""
    probe = tmp_path / "probe.txt"
    probe.write_text(f"ok = 1\n{line}\n", encoding="utf-8")
    hits = paths_leaving(probe, Path(where))
    assert len(hits) >= 1 and hits[0].startswith(f"{where}:2: ")


@pytest.mark.parametrize(
    ("where", "line"),
    [
        (
            "bourre_lessons/widgets/cheat_sheet.py",
            'DOCS = Path(__file__).resolve().parents[2] / "docs"',
        ),
        ("tests/test_x.py", "ROOT = Path(__file__).resolve().parents[1]"),
        ("notebooks/01.md", "[the glossary](../docs/glossary.md)"),
        ("tests/test_progress_lock.py", 'SHARED = "drills/shared"'),
        ("bourre_lessons/widgets/charts.py", 'hatch=(None, "//", "..", "xx")[again % 4]'),
    ],
)
def test_paths_inside_the_repository_pass(tmp_path, where, line):
    """What stays inside (the repository's own folders, a hatch pattern) is not flagged."""
    probe = tmp_path / "probe.txt"
    probe.write_text(line + "\n", encoding="utf-8")
    assert paths_leaving(probe, Path(where)) == []
