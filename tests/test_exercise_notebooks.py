"""Exercise notebooks keep their answers folded until the learner opens them."""

from __future__ import annotations

import json
import re
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


VERDICT = re.compile(r"✔|✘|\bRight\b|\bNot yet\b")


def verdicts_in_view(path: Path) -> list[tuple[int, str]]:
    """(cell, text) of every saved output, folded or not, that shows a verdict: after Run All
    no answer may be checked before the learner has tried (issue 22)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = []
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")) + "".join(
                output.get("data", {}).get("text/plain", "")
            )
            if VERDICT.search(text):
                found.append((index, text[:120]))
    return found


@pytest.mark.parametrize("path", EXERCISES, ids=lambda p: p.stem)
def test_no_verdict_is_in_view_after_run_all(path):
    assert verdicts_in_view(path) == []


def test_the_verdict_check_can_fail(tmp_path):
    planted = {
        "cells": [
            {"cell_type": "code", "outputs": [{"output_type": "stream", "text": "✔ Right: 9♠"}]},
            {"cell_type": "code", "outputs": [{"data": {"text/plain": "Your answer: 9♠"}}]},
        ]
    }
    path = tmp_path / "planted.ipynb"
    path.write_text(json.dumps(planted), encoding="utf-8")
    assert verdicts_in_view(path) == [(0, "✔ Right: 9♠")]
