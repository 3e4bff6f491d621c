"""Exercise notebooks keep their answers folded until the learner opens them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXERCISES = sorted((Path(__file__).resolve().parents[1] / "exercises").glob("0[1-6]_*.ipynb"))


def folded_solutions(path: Path) -> list[tuple[bool, bool]]:
    """(source folded, output folded) for every worked-solution cell of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        (
            bool(c["metadata"].get("jupyter", {}).get("source_hidden")),
            bool(c["metadata"].get("jupyter", {}).get("outputs_hidden")),
        )
        for c in cells
        if "solution" in c["metadata"].get("tags", [])
    ]


@pytest.mark.parametrize("path", EXERCISES, ids=lambda p: p.stem)
def test_worked_solutions_fold_their_code_and_their_verdict(path):
    """A saved "✔ Right" under a solution would tell the answer before the learner tries."""
    solutions = folded_solutions(path)
    assert solutions, f"{path.name} has no worked solution cell"
    assert all(source and output for source, output in solutions), solutions
