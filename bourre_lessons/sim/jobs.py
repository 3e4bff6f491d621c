"""Running many independent pieces of work on an optional `concurrent.futures.Executor`.

Two ways to collect the results, both with a bounded number of jobs in flight (so a run of
millions of hands never queues millions of futures) and both cancelling every job not yet
collected when they are left early, by an error or a KeyboardInterrupt:

* `in_order` yields the results in the order of the jobs (the chunks of one session, whose
  chips must be settled hand after hand), reading the jobs only as it goes;
* `as_finished` yields each result as soon as it is ready (the cells of a sweep).

Without an executor the work runs here, one job after another. Any executor works: a
`ProcessPoolExecutor`, a `ThreadPoolExecutor`, or Dask's `Client(...).get_executor()`.
The function given must be a module-level function so a process or a remote worker can
unpickle it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from itertools import islice
from queue import SimpleQueue
from typing import TypeVar

__all__ = ["AHEAD", "as_finished", "in_order"]

Job = TypeVar("Job")
Result = TypeVar("Result")

AHEAD = 64
"""Jobs submitted ahead of the one being collected: enough to keep a cluster busy, few
enough that the results waiting their turn stay small."""


def in_order(
    work: Callable[[Job], Result],
    jobs: Iterable[Job],
    executor: Executor | None = None,
    ahead: int = AHEAD,
) -> Iterator[tuple[Job, Result]]:
    """(job, work(job)) for every job, in the jobs' order; cancels what is left on exit.

    `jobs` is read as the work goes (at most `ahead` beyond the one awaited), so it may be a
    generator of millions of jobs."""
    if executor is None:
        for job in jobs:
            yield job, work(job)
        return
    queue = iter(jobs)
    pending: deque[tuple[Job, Future]] = deque(
        (job, executor.submit(work, job)) for job in islice(queue, ahead)
    )
    try:
        while pending:
            job, future = pending[0]
            result = future.result()
            pending.popleft()
            for following in islice(queue, 1):
                pending.append((following, executor.submit(work, following)))
            yield job, result
    finally:
        _cancel(future for _, future in pending)


def as_finished(
    work: Callable[[Job], Result],
    jobs: Iterable[Job],
    executor: Executor | None = None,
    ahead: int = AHEAD,
) -> Iterator[tuple[Job, Result]]:
    """(job, work(job)) for every job, as each finishes; cancels what is left on exit."""
    if executor is None:
        for job in jobs:
            yield job, work(job)
        return
    queue = iter(jobs)
    finished: SimpleQueue[Future] = SimpleQueue()  # each future puts itself here when done
    running: dict[Future, Job] = {}

    def submit(job: Job) -> None:
        future = executor.submit(work, job)
        running[future] = job
        future.add_done_callback(finished.put)

    try:
        for job in islice(queue, ahead):
            submit(job)
        while running:
            future = finished.get()
            job = running.pop(future)
            for following in islice(queue, 1):
                submit(following)
            yield job, future.result()
    finally:
        _cancel(running)


def _cancel(futures: Iterable[Future]) -> None:
    """Cancel futures not started yet (Dask's executor also stops its started tasks)."""
    for future in futures:
        future.cancel()
