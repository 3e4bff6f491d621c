"""How long the plain-Python chart (`widgets.charts.svg_chart`) takes to draw, in CPython and
in the site's Pyodide.

    python -m benchmarks.svg_drawing                 # CPython only
    python -m benchmarks.svg_drawing --site build/lite   # and in Pyodide, offline

The chart timed is the biggest the course draws where matplotlib is missing: lesson 09's "the
same hand from every seat", three rulebooks at a table of five, a point for playing and one for
passing at each seat, each with its 95% interval (30 rows in three panels). The advice is made
up (fixed numbers, no simulation), so only the drawing is timed: the SVG alone, and the whole
HTML a notebook shows (the SVG above the table). In Pyodide the clock is the browser's
`performance.now()`, a wall clock rounded to 0.1 ms, so each figure is the mean of many
drawings (in the fastest of five batches, on both sides: the machine may be shared). Standard library and this package only: this file is written into Pyodide's file
system as it is, beside benchmarks/pyodide.py's, and called there. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bourre_lessons.rules import Rules
from bourre_lessons.sim.estimates import Estimate
from bourre_lessons.widgets.charts.chart_tables import ChartTable, advice_seats_table

ROOT = Path(__file__).resolve().parents[1]
SEATS = 5
RULEBOOKS = ("glimne", "wikipedia", "pagat")


def _advice(book: str, seat: int) -> SimpleNamespace:
    """What the seats chart reads of one Advice, with made-up figures."""
    play = 0.3 * seat - 0.8 + 0.1 * RULEBOOKS.index(book)
    return SimpleNamespace(
        seat=seat,
        chips_play=Estimate(play, play - 0.35, play + 0.35),
        chips_pass=Estimate(-1.0, -1.0, -1.0) if seat < SEATS else Estimate(0.0, 0.0, 0.0),
        rules=Rules.preset(book),
        must_play=seat == SEATS,
        recommendation="play" if play > -1.0 else "pass",
    )


def biggest_chart() -> ChartTable:
    """Lesson 09's seats chart for three rulebooks at five seats: 30 rows with intervals."""
    by_rulebook = {b: [_advice(b, s) for s in range(1, SEATS + 1)] for b in RULEBOOKS}
    return advice_seats_table(by_rulebook)


def _best_ms(work: Any, runs: int, batches: int = 5) -> float:
    """The time of one call of `work`, in ms: the mean over `runs` calls, in the fastest of
    `batches` batches (the machine is shared: the fastest batch is the least disturbed)."""
    work()
    means = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(runs):
            work()
        means.append((time.perf_counter() - start) / runs * 1000)
    return min(means)


def time_drawing(runs: int = 200) -> dict[str, Any]:
    """The biggest chart drawn in batches of `runs`: ms to build its table, to draw its SVG,
    and to make the whole HTML a notebook shows; its rows and sizes; the Python it ran in."""
    table = biggest_chart()
    svg = table.svg()
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": sys.platform,
        "rows": sum(len(p.bars) for p in table.panels),
        "svg_bytes": len(svg.encode()),
        "table_ms": _best_ms(biggest_chart, runs),
        "svg_ms": _best_ms(table.svg, runs),
        "html_ms": _best_ms(table._repr_html_, runs),
        "runs": runs,
    }


def in_pyodide(site: Path, runs: int) -> dict[str, Any]:
    """`time_drawing(runs)` in Pyodide loaded from the site (benchmarks/pyodide.py's page)."""
    from .pyodide import CALL, pyodide_page

    text = Path(__file__).read_text(encoding="utf-8")
    with pyodide_page(site) as page:
        page.page.evaluate(
            "([text]) => window.bourrePy.FS.writeFile('/home/pyodide/benchmarks/svg_drawing.py', text)",
            [text],
        )
        code = (
            "import json\nfrom benchmarks import svg_drawing\n"
            f"json.dumps(svg_drawing.time_drawing({runs}))"
        )
        figures = json.loads(page.page.evaluate(CALL, code))
        figures["outside"] = list(page.outside)
        figures["chromium"] = page.chromium
    return figures


def report(side: str, figures: dict[str, Any]) -> str:
    """One line of figures."""
    return (
        f"{side:<8} {figures['python']} ({figures['platform']}): {figures['rows']} rows, "
        f"{figures['svg_bytes']:,} bytes of SVG; table {figures['table_ms']:.2f} ms, "
        f"SVG {figures['svg_ms']:.2f} ms, whole HTML {figures['html_ms']:.2f} ms "
        f"(fastest of 5 batches of {figures['runs']})"
    )


def main(argv: list[str] | None = None) -> int:
    """Time the drawing in CPython, and in Pyodide when a site is given; print both."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.svg_drawing", description=__doc__)
    parser.add_argument("--runs", type=int, default=200, help="drawings a batch (default 200)")
    parser.add_argument("--site", type=Path, help="the built site (build/lite) for Pyodide")
    args = parser.parse_args(argv)
    print(report("CPython", time_drawing(args.runs)))
    if args.site:
        figures = in_pyodide(args.site, args.runs)
        print(report("Pyodide", figures) + f" in chromium {figures['chromium']}")
        if figures["outside"]:
            print(f"requests to other hosts, blocked: {figures['outside'][:5]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
