"""A long run: progress reported as it goes, Ctrl-C stops it cleanly (partial result kept,
futures cancelled, a short traceback), and a run too big for memory is refused first."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim import memory, runs
from bourre_lessons.sim.bots import Bot
from bourre_lessons.sim.memory import NotEnoughMemory, per_hand_bytes
from bourre_lessons.sim.simulation import CHUNK_HANDS, SimulationInterrupted, simulate

pagat = PRESETS["pagat"]


class _StopAfter:
    """A progress callback that records its calls and presses Ctrl-C after `calls` of them."""

    def __init__(self, calls: int) -> None:
        self.calls = calls
        self.seen: list[tuple[int, int]] = []

    def __call__(self, done: int, total: int) -> None:
        self.seen.append((done, total))
        if len(self.seen) > self.calls:
            raise KeyboardInterrupt


def test_progress_hears_every_chunk_from_zero_to_the_end() -> None:
    """(0, total) first, then after each chunk in order, ending at (total, total)."""
    hands = 3 * CHUNK_HANDS + 10
    heard = _StopAfter(10**9)
    simulate(hands, 5, pagat, "random", seed=1, summary=True, progress=heard)
    expected = [0, CHUNK_HANDS, 2 * CHUNK_HANDS, 3 * CHUNK_HANDS, hands]
    assert heard.seen == [(d, hands) for d in expected]


@pytest.mark.parametrize("summary", [True, False])
def test_ctrl_c_keeps_the_finished_hands_as_a_shorter_run(summary) -> None:
    """Stopped after two chunks: the partial result is exactly the run of that many hands."""
    stop = _StopAfter(2)
    with pytest.raises(SimulationInterrupted) as caught:
        simulate(10 * CHUNK_HANDS, 5, pagat, "random", seed=4, summary=summary, progress=stop)
    partial = caught.value.partial
    assert caught.value.done == partial.hands == 2 * CHUNK_HANDS
    again = simulate(2 * CHUNK_HANDS, 5, pagat, "random", seed=4, summary=summary)
    if summary:
        assert partial == again
    else:
        assert np.array_equal(partial.net, again.net)
        assert np.array_equal(partial.bankrolls, again.bankrolls)
    assert f"after {2 * CHUNK_HANDS:,} of {10 * CHUNK_HANDS:,} hands" in str(caught.value)
    assert isinstance(caught.value, KeyboardInterrupt)


def test_the_traceback_ends_in_simulate_not_deep_inside() -> None:
    """No chained traceback from the executor or the chunk loop: one frame, simulate's."""
    with pytest.raises(SimulationInterrupted) as caught:
        simulate(5 * CHUNK_HANDS, 5, pagat, "random", summary=True, progress=_StopAfter(1))
    error = caught.value
    assert error.__suppress_context__ and error.__cause__ is None
    frames = [f.name for f in traceback.extract_tb(error.__traceback__)]
    assert frames[-1] == "simulate" and frames.count("simulate") == 1
    assert not {"play_fast", "in_order", "result"} & set(frames)


class _CountingPool(ThreadPoolExecutor):
    """A thread pool that remembers every future it handed out."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.futures: list = []

    def submit(self, fn, /, *args, **kwargs):
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_ctrl_c_cancels_the_chunks_not_yet_collected(monkeypatch) -> None:
    """With an executor, the futures not started are cancelled and never run."""
    played = []
    lock = threading.Lock()
    real = runs.play_chunk_job

    def counting(job):
        with lock:
            played.append(job.first)
        return real(job)

    monkeypatch.setattr(runs, "play_chunk_job", counting)
    chunks = 100
    with _CountingPool() as pool, pytest.raises(SimulationInterrupted):
        simulate(
            chunks * CHUNK_HANDS,
            4,
            pagat,
            "random",
            summary=True,
            executor=pool,
            progress=_StopAfter(3),
        )
    cancelled = sum(f.cancelled() for f in pool.futures)
    assert len(pool.futures) < chunks  # never more than a window ahead
    assert cancelled > 0 and all(f.done() for f in pool.futures)
    assert len(played) == len(pool.futures) - cancelled < chunks


class _Cautious(Bot):
    """Passes whenever it may, plays the first legal card: runs on the readable engine."""

    name = "cautious"

    def declare(self, view) -> bool:
        return False

    def discard(self, view) -> tuple:
        return ()

    def play(self, view, legal):
        return min(legal)


def test_the_readable_engine_stops_between_hands_too() -> None:
    """Stopped after 4 hands of the readable Game: the partial run is those 4 hands."""
    bots = [_Cautious(), "random", "random", "random"]
    with pytest.raises(SimulationInterrupted) as caught:
        simulate(50, 4, pagat, bots, seed=2, progress=_StopAfter(4))
    again = simulate(4, 4, pagat, bots, seed=2)
    assert caught.value.partial.hands == 4
    assert np.array_equal(caught.value.partial.net, again.net)


def test_a_run_too_big_for_memory_is_refused_before_it_starts(monkeypatch) -> None:
    """The estimate, the memory available and the way out are named; summary mode still runs."""
    have = 100_000_000
    monkeypatch.setattr(memory, "available_bytes", lambda: have)
    hands = 1_000_000
    need = hands * per_hand_bytes(5)
    with pytest.raises(NotEnoughMemory) as caught:
        simulate(hands, 5, pagat, "random", progress=_StopAfter(0))  # refused before progress
    text = str(caught.value)
    assert f"{need / 1e6:.1f} MB" in text and "100.0 MB available" in text
    assert "summary=True" in text and f"at most about {have // per_hand_bytes(5):,} hands" in text
    assert isinstance(caught.value, MemoryError) and isinstance(caught.value, ValueError)
    assert simulate(hands, 5, pagat, "random", summary=True).hands == hands
    assert simulate(have // per_hand_bytes(5), 5, pagat, "random").hands > 0


def test_a_short_run_does_not_read_the_system_memory(monkeypatch) -> None:
    """Under 64 MB of kept hands the check returns at once (the sweep plays many short runs)."""

    def unreadable():
        raise AssertionError("read the system memory for a short run")

    monkeypatch.setattr(memory, "available_bytes", unreadable)
    assert simulate(memory.SMALL_RUN // per_hand_bytes(5), 5, pagat, "random").hands > 0
    with pytest.raises(AssertionError, match="short run"):
        simulate(memory.SMALL_RUN // per_hand_bytes(5) + 1, 5, pagat, "random")


def test_this_machine_refuses_a_trillion_kept_hands() -> None:
    """The real memory reading: no machine keeps 10**13 hands (about 1.6 PB)."""
    with pytest.raises(NotEnoughMemory, match="summary=True"):
        simulate(10**13, 5, pagat, "random")


def test_bad_summary_and_progress_arguments_are_named() -> None:
    with pytest.raises(TypeError, match="summary must be True or False"):
        simulate(10, summary="yes")
    with pytest.raises(TypeError, match="progress must be a function"):
        simulate(10, progress=5)


# Ctrl-C as an interactive Python hears it: a job a shell starts in the background (as a CI
# runner may start the tests) begins with SIGINT ignored, and Python then keeps it ignored.
_LONG_RUN = """
import faulthandler, signal
signal.signal(signal.SIGINT, signal.default_int_handler)
faulthandler.register(signal.SIGUSR1)
from bourre_lessons.sim.runs import CHUNK_HANDS
from bourre_lessons.sim.simulation import simulate
simulate(CHUNK_HANDS + 10, summary=True)
print("ready", flush=True)
simulate(10**9, summary=True)
"""


@pytest.mark.skipif(sys.platform.startswith("win"), reason="SIGINT is how POSIX delivers Ctrl-C")
def test_a_real_ctrl_c_stops_a_long_run_at_once_with_a_two_line_traceback() -> None:
    """SIGINT to a process playing a billion hands: it stops within seconds, and what it
    prints is the caller's line, simulate's line and the message, nothing from inside.
    (The warm-up plays two chunks, so nothing is left to compile; a run that does not stop
    prints where it is, by faulthandler, into the failure.)"""
    run = subprocess.Popen(
        [sys.executable, "-c", _LONG_RUN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert run.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        run.send_signal(signal.SIGINT)
        try:
            _, err = run.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            run.send_signal(signal.SIGUSR1)
            time.sleep(2.0)
            run.kill()
            _, err = run.communicate()
            pytest.fail(f"a billion-hand run went on 60 s after Ctrl-C; where it was:\n{err}")
    finally:
        run.kill()
    assert run.returncode != 0  # stopped, not finished
    frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
    assert len(frames) == 2 and "simulation.py" in frames[1]
    assert "SimulationInterrupted: simulate() stopped after" in err.splitlines()[-1]
