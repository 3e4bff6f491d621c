"""The same code on Dask's distributed scheduler: two worker processes on 127.0.0.1 play the
chunks of a run and the cells of a sweep, and the results equal the serial ones exactly.

Dask is the optional `scale` extra (installed by `make test`); without it these tests are
skipped with that reason. The cluster starts once for the file (a few seconds).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.simulation import CHUNK_HANDS, SimulationResult, simulate
from bourre_lessons.sim.sweep import forget_cells, sweep

distributed = pytest.importorskip(
    "dask.distributed", reason="Dask is the scale extra: pip install 'bourre-lessons[scale]'"
)

pytestmark = pytest.mark.dask

glimne = PRESETS["glimne"]
ARRAYS = [f.name for f in dataclasses.fields(SimulationResult) if f.name != "rules"]


@pytest.fixture(scope="module")
def executor():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


def test_a_summary_run_on_two_dask_workers_equals_the_serial_one(executor) -> None:
    """Five chunks over two worker processes: the same counts, bankrolls and pot."""
    hands = 4 * CHUNK_HANDS + 321
    serial = simulate(hands, 5, glimne, "heuristic", seed=17, summary=True)
    on_dask = simulate(hands, 5, glimne, "heuristic", seed=17, summary=True, executor=executor)
    assert on_dask == serial
    assert np.array_equal(on_dask.bankrolls, serial.bankrolls) and on_dask.hands == hands


def test_kept_hands_on_two_dask_workers_equal_the_serial_ones(executor) -> None:
    """Every per-hand array, hand by hand."""
    hands = 2 * CHUNK_HANDS + 5
    serial = simulate(hands, 6, glimne, "random", seed=4)
    on_dask = simulate(hands, 6, glimne, "random", seed=4, executor=executor)
    for name in ARRAYS:
        a, b = getattr(serial, name), getattr(on_dask, name)
        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b, name


def test_a_sweep_on_dask_equals_the_serial_sweep(executor) -> None:
    """The cells of three variants played by the workers add up to the serial measurements."""
    variants = {
        "pagat": PRESETS["pagat"],
        "wikipedia": PRESETS["wikipedia"],
        "pagat, pot limit 3": dataclasses.replace(PRESETS["pagat"], pot_limit=3),
    }
    forget_cells()
    serial = sweep(variants, hands=30, sessions=60, seed=2)
    forget_cells()
    on_dask = sweep(variants, hands=30, sessions=60, seed=2, executor=executor)
    forget_cells()
    for name in ("pot", "bourre_rate", "split_rate", "win_by_seat", "pass_by_seat", "rather_pass"):
        assert np.array_equal(getattr(on_dask, name), getattr(serial, name)), name
