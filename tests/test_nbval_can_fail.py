"""nbval is a real check: a notebook whose stored output differs from a fresh run fails it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "06_settling_the_pot.ipynb"
"""A lesson whose printouts are in view (lesson 03 prints only into folded answers)."""
NBVAL = [
    sys.executable,
    "-m",
    "pytest",
    "--nbval",
    "--nbval-current-env",
    "--nbval-sanitize-with",
    str(ROOT / "tools" / "nbval_sanitize.cfg"),
    "-p",
    "no:cacheprovider",
    "-q",
]


def run_nbval(notebook: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*NBVAL, str(notebook)], cwd=notebook.parent, capture_output=True, text=True, timeout=300
    )


def first_stream_output(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                return output
    raise AssertionError("the lesson has no printed output to change")


@pytest.mark.notebook
def test_a_changed_expected_output_makes_nbval_fail(tmp_path):
    nb = nbformat.read(LESSON, as_version=4)
    intact = tmp_path / "intact.ipynb"
    nbformat.write(nb, intact)
    assert run_nbval(intact).returncode == 0, "the untouched copy must pass"

    output = first_stream_output(nb)
    output["text"] = output["text"].replace(" takes ", " gives ", 1)
    assert " gives " in output["text"], "the change must touch the stored output"
    changed = tmp_path / "changed.ipynb"
    nbformat.write(nb, changed)
    result = run_nbval(changed)
    assert result.returncode != 0
    assert " takes " in result.stdout and "1 failed" in result.stdout
