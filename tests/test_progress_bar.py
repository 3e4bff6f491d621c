"""The notebook progress bar: moved by simulate() and sweep(), throttled, green when done,
orange and saying so when Ctrl-C stops the run."""

from __future__ import annotations

import pytest

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.simulation import CHUNK_HANDS, SimulationInterrupted, simulate
from bourre_lessons.sim.sweep import SweepInterrupted, cell_sessions, forget_cells, sweep
from bourre_lessons.widgets import progress_bar
from bourre_lessons.widgets.progress_bar import ProgressBar

pagat = PRESETS["pagat"]


def test_a_run_fills_the_bar_and_turns_it_green() -> None:
    bar = ProgressBar("hands")
    hands = 2 * CHUNK_HANDS + 3
    simulate(hands, 5, pagat, "random", summary=True, progress=bar)
    assert (bar.bar.value, bar.bar.max) == (hands, hands)
    assert bar.bar.bar_style == "success"
    assert bar.label.value == f"{hands:,} of {hands:,} hands, 100%"


def test_updates_are_throttled_but_the_first_and_last_are_drawn(monkeypatch) -> None:
    monkeypatch.setattr(progress_bar, "EVERY", 3600.0)
    bar = ProgressBar("cells")
    bar(0, 10)
    for done in range(1, 10):
        bar(done, 10)
        assert bar.bar.value == 0 and bar.done == done  # noted, not yet drawn
    bar(10, 10)
    assert bar.bar.value == 10 and bar.label.value == "10 of 10 cells, 100%"


class _BarThatStops(ProgressBar):
    """A bar whose viewer presses Ctrl-C once `after` updates have come in."""

    def __init__(self, what: str, after: int) -> None:
        super().__init__(what)
        self.after = after
        self.calls = 0

    def __call__(self, done: int, total: int) -> None:
        super().__call__(done, total)
        self.calls += 1
        if self.calls > self.after:
            raise KeyboardInterrupt


def test_a_stopped_run_leaves_the_bar_orange_where_it_stopped() -> None:
    bar = _BarThatStops("hands", 2)
    with pytest.raises(SimulationInterrupted):
        simulate(6 * CHUNK_HANDS, 5, pagat, "random", summary=True, progress=bar)
    assert bar.bar.bar_style == "warning"
    assert bar.bar.value == 2 * CHUNK_HANDS
    assert bar.label.value.startswith(f"stopped at {2 * CHUNK_HANDS:,} of {6 * CHUNK_HANDS:,}")


def test_a_sweep_counts_its_cells_on_the_bar() -> None:
    forget_cells()
    variants = {"pagat": pagat, "glimne": PRESETS["glimne"]}
    bar = _BarThatStops("cells", 1)
    sessions = 2 * cell_sessions(100)  # two cells a variant
    with pytest.raises(SweepInterrupted):
        sweep(variants, hands=100, sessions=sessions, progress=bar)
    assert bar.bar.bar_style == "warning" and bar.label.value.startswith("stopped at 1 of 4 cells")
    again = ProgressBar("cells")
    sweep(variants, hands=100, sessions=sessions, progress=again)
    assert again.bar.value == 4 and again.bar.bar_style == "success"
    forget_cells()


def test_the_bar_needs_a_name_for_what_it_counts() -> None:
    with pytest.raises(ValueError, match="what must name what is counted"):
        ProgressBar("")
