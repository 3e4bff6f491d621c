"""Several notebooks recording progress at once: every exercise and every attempt is kept.

Three processes (started with spawn, as on Windows and macOS) each record 300 attempts at
exercises of their own and 300 at one exercise they share, all into one progress file. The
read-merge-write of each record runs under the file's lock, so nothing is lost between one
process's read and its write.
"""

from __future__ import annotations

import multiprocessing
import warnings
from pathlib import Path

import pytest

from bourre_lessons import files
from bourre_lessons.progress import Progress

PROCESSES = 3
ATTEMPTS = 300
SHARED = "drills/shared"


def _record_many(path: str, who: int, start: multiprocessing.Event) -> None:
    """One notebook's work: wait for the others, then record its attempts. A record made
    without the lock (the warning after waiting LOCK_SECONDS) fails the process, so the test
    says why it lost an attempt."""
    warnings.simplefilter("error", RuntimeWarning)
    progress = Progress.load(path)
    start.wait(60)
    for i in range(ATTEMPTS):
        progress.record(f"drills/own-{who}-{i}", solved=i % 3 == 0)
        progress.record(SHARED, solved=False)


def test_three_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    """901 exercises kept, 900 attempts counted on the shared one, each own attempt once."""
    path = tmp_path / "progress.json"
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Event()
    workers = [
        spawn.Process(target=_record_many, args=(str(path), who, start)) for who in range(PROCESSES)
    ]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(900)  # a loaded machine (a full test run beside other work) is slow
    assert [w.exitcode for w in workers] == [0] * PROCESSES, "a recording process failed"
    final = Progress.load(path)
    assert len(final) == PROCESSES * ATTEMPTS + 1
    assert final.get(SHARED).attempts == PROCESSES * ATTEMPTS
    for who in range(PROCESSES):
        for i in range(ATTEMPTS):
            entry = final.get(f"drills/own-{who}-{i}")
            assert entry.attempts == 1 and entry.solved == (i % 3 == 0)
    assert files.lock_path(path).exists()  # the sibling lock file, left for the next writer


def test_a_lock_held_too_long_warns_and_still_records(tmp_path: Path, monkeypatch) -> None:
    """Another process holding the lock past the wait: the attempt is still counted (without
    the lock), with a warning naming the lock file."""
    path = tmp_path / "progress.json"
    monkeypatch.setattr(files, "LOCK_SECONDS", 0.2)
    progress = Progress.load(path)
    spawn = multiprocessing.get_context("spawn")
    holding, release = spawn.Event(), spawn.Event()
    holder = spawn.Process(target=_hold_lock, args=(str(path), holding, release))
    holder.start()
    try:
        assert holding.wait(60)
        with pytest.warns(RuntimeWarning, match=r"progress\.json\.lock"):
            progress.record("drills/alone", solved=True)
    finally:
        release.set()
        holder.join(60)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Progress.load(path).get("drills/alone").attempts == 1


def _hold_lock(path: str, holding: multiprocessing.Event, release: multiprocessing.Event) -> None:
    with files.locked(Path(path)):
        holding.set()
        release.wait(60)
