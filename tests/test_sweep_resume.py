"""The variant lab's sweep, cell by cell: the same measurements as one pass over the sessions,
on any executor; stopped with Ctrl-C and started again, it plays only the missing cells, from
memory or from a results file."""

from __future__ import annotations

import dataclasses
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim import sweep as lab
from bourre_lessons.sim.simulation import simulate
from bourre_lessons.sim.sweep import Sweep, SweepInterrupted, cell_sessions, forget_cells, sweep

VARIANTS = {
    "pagat": PRESETS["pagat"],
    "glimne": PRESETS["glimne"],
    "pagat, pot limit 3": dataclasses.replace(PRESETS["pagat"], pot_limit=3),
}
HANDS = 200
SESSIONS = 2 * cell_sessions(HANDS) + 10  # three cells a variant, the last one short
CELLS = len(VARIANTS) * 3
FIELDS = ("pot", "bourre_rate", "split_rate", "win_by_seat", "pass_by_seat", "rather_pass")


@pytest.fixture(autouse=True)
def _fresh_memory():
    forget_cells()
    yield
    forget_cells()


def _run(**options) -> Sweep:
    return sweep(VARIANTS, hands=HANDS, sessions=SESSIONS, players=5, seed=3, **options)


def _assert_same(a: Sweep, b: Sweep) -> None:
    assert a.names == b.names and a.sessions == b.sessions
    for name in FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


class _Counter:
    """Stands in for play_cell and counts the cells actually played."""

    def __init__(self) -> None:
        self.played: list[tuple[int, int]] = []

    def __call__(self, cell):
        self.played.append((cell.first, cell.last))
        return _REAL_PLAY(cell)


_REAL_PLAY = lab.play_cell


class _StopAfterCells:
    """A progress callback that presses Ctrl-C once `cells` cells have finished."""

    def __init__(self, cells: int) -> None:
        self.cells = cells
        self.seen: list[tuple[int, int]] = []

    def __call__(self, done: int, total: int) -> None:
        self.seen.append((done, total))
        if len(self.seen) > self.cells:
            raise KeyboardInterrupt


def _one_pass(rules) -> dict[str, np.ndarray]:
    """The measurements computed straight from every session's kept hands (the old way)."""
    runs = [simulate(HANDS, 5, rules, "heuristic", seed=3 * 100_003 + s) for s in range(SESSIONS)]
    played = sum(int(r.played.sum()) for r in runs)
    wins, passes, regrets = np.zeros(5), np.zeros(5), 0
    for r in runs:
        position = (np.arange(5)[None, :] - r.dealer[:, None].astype(int) - 1) % 5
        wins += np.bincount(position[np.arange(5)[None, :] == r.winner[:, None]], minlength=5)
        passes += np.bincount(position[~r.played], minlength=5)
        gain = np.zeros(r.net.shape, dtype=np.int64)
        has = r.winner >= 0
        gain[np.nonzero(has)[0], r.winner[has]] = r.taken[has]
        second = r.played & rules.pays_second_ante
        regrets += int((r.played & (gain - r.payments - second < 0)).sum())
    total = HANDS * SESSIONS
    return {
        "pot": np.mean([r.pot_played for r in runs], axis=0),
        "bourre_rate": sum(int(r.bourred.sum()) for r in runs) / played,
        "split_rate": sum(int(r.split.sum()) for r in runs) / total,
        "win_by_seat": wins / total,
        "pass_by_seat": passes / total,
        "rather_pass": regrets / played,
    }


def test_cells_add_up_to_one_pass_over_every_session() -> None:
    """Cut into cells and added up, the measurements equal those of one pass, exactly."""
    data = _run()
    for i, rules in enumerate(VARIANTS.values()):
        expected = _one_pass(rules)
        for name in FIELDS:
            assert np.array_equal(getattr(data, name)[i], expected[name]), name


def test_stopped_after_some_cells_the_same_call_plays_only_the_rest(monkeypatch) -> None:
    """Ctrl-C after 4 cells; run again: 5 cells played, and the sweep equals an unbroken one."""
    counter = _Counter()
    monkeypatch.setattr(lab, "play_cell", counter)
    with pytest.raises(SweepInterrupted) as caught:
        _run(progress=_StopAfterCells(4))
    assert len(counter.played) == 4 == caught.value.finished
    assert "4 of 9 cells finished" in str(caught.value) and "only the 5 missing" in str(
        caught.value
    )
    heard = _StopAfterCells(10**6)
    resumed = _run(progress=heard)
    assert len(counter.played) == CELLS
    assert len(set(counter.played)) == 3  # each block of sessions, once per variant
    assert heard.seen[0] == (4, CELLS) and heard.seen[-1] == (CELLS, CELLS)
    forget_cells()
    unbroken = _run()
    assert len(counter.played) == 2 * CELLS
    _assert_same(resumed, unbroken)


def test_a_results_file_resumes_after_python_restarts(tmp_path, monkeypatch) -> None:
    """The finished cells are in the file: with memory forgotten, only the rest is played."""
    path = tmp_path / "lab.json"
    counter = _Counter()
    monkeypatch.setattr(lab, "play_cell", counter)
    with pytest.raises(SweepInterrupted, match=r"in memory and in .*lab\.json"):
        _run(progress=_StopAfterCells(6), results=path)
    kept = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert len(kept) == 6
    forget_cells()  # as after a restart of the kernel
    resumed = _run(results=path)
    assert len(counter.played) == CELLS
    assert len(json.loads(path.read_text(encoding="utf-8"))["cells"]) == CELLS
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]
    forget_cells()
    _assert_same(resumed, _run())


def test_a_file_that_is_not_a_results_file_is_refused(tmp_path) -> None:
    """Nothing is overwritten: the error names the file and the way out."""
    path = tmp_path / "notes.json"
    path.write_text('{"shopping": ["eggs"]}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes\.json is not a sweep's results file"):
        _run(results=path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"shopping": ["eggs"]}


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_any_executor_gives_the_serial_sweep(pool) -> None:
    """Cells finish in any order on the workers; the sweep is the serial one."""
    serial = _run()
    forget_cells()
    with pool(max_workers=2) as executor:
        _assert_same(_run(executor=executor), serial)


def test_bad_sweeps_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="at least one variant"):
        sweep({})
    with pytest.raises(TypeError, match="each variant must be a Rules"):
        sweep({"mine": "pagat"})
    with pytest.raises(ValueError, match="sessions must be a whole number"):
        sweep(VARIANTS, sessions=0)
