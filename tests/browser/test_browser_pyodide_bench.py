"""The readable engine's benchmark in Pyodide (benchmarks/pyodide.py), a few hands, offline.

Pyodide and this package come from the static site of `make lite` (build/lite/, served on
127.0.0.1, every other host blocked); benchmarks/readable.py's own `run` plays there. The figures
must come back positive, the plain playout and both kinds of bots must have played the same
number of hands, and the profile must name the engine's functions. Nothing is timed against a
goal. Run with `make lite-test`, or `pytest -m lite tests/browser/test_browser_pyodide_bench.py`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from browser_harness import ROOT

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # benchmarks/ sits beside the package, not inside it

from benchmarks.pyodide import PYODIDE, pyodide_page

pytestmark = [pytest.mark.browser, pytest.mark.lite]

SITE = Path(os.environ.get("BOURRE_LITE_SITE", ROOT / "build" / "lite"))
HANDS, RUNS = 6, 1


def test_the_benchmark_plays_the_same_hands_in_pyodide():
    if not (SITE / PYODIDE / "pyodide-lock.json").is_file():
        pytest.fail(f"no JupyterLite site in {SITE}: build it with `make lite`")
    with pyodide_page(SITE) as page:
        figures = page.call("counted_run", hands=HANDS, runs=RUNS)
        profile = page.call("profile_top", hands=2, top=10)
    assert figures["platform"] == "emscripten", figures["python"]
    for key in ("plain", "random", "heuristic", "random_ratio", "heuristic_ratio"):
        assert figures[key] > 0, (key, figures)
    played = (RUNS + 1) * HANDS  # the warm-up run and the timed runs
    assert figures["played"] == {"plain": played, "random": played, "heuristic": played}
    assert profile["total"] > 0 and len(profile["rows"]) == 10
    assert any(row["function"].startswith("bourre_lessons/") for row in profile["rows"]), profile
    assert page.outside == [], f"requests to other hosts: {page.outside[:10]}"
