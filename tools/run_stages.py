"""Run `make test`'s stages, some side by side, and print each stage's wall time (`make test`).

    python tools/run_stages.py "lint; chromium; unit & lite; browser & nbtest lite-test"

The plan is a list of steps separated by ";", run one after the other. A step is one or more
lanes separated by "&", run side by side; a lane is one or more make targets separated by
spaces, run one after the other. A stage that runs alone writes to the terminal as usual; when
lanes run side by side, each line a stage prints is prefixed with its name (`[browser] ...`),
and is also kept whole in test-artifacts/stages/<stage>.log. The first stage that fails stops
its step (the stages beside it are stopped too) and the run: its exit code is the run's. At
the end, one table gives each stage's wall time, when it started and what ran beside it.

Why side by side: on a 2-core machine the browser stage waits on JupyterLab and chromium much
of the time; the notebook check and the static site's test fit in those waits.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "test-artifacts" / "stages"


@dataclass
class Timing:
    """One stage's run: when it started (seconds after the plan began), how long, its code."""

    stage: str
    started: float
    took: float = 0.0
    code: int | None = None
    beside: tuple[str, ...] = field(default=())
    stopped: bool = False


def parse_plan(plan: str) -> list[list[list[str]]]:
    """The plan as steps of lanes of stages; an empty step, lane or plan is refused."""
    steps = []
    for step_text in plan.split(";"):
        lanes = [lane.split() for lane in step_text.split("&")]
        if not step_text.strip() or any(not lane for lane in lanes):
            raise ValueError(
                f"plan {plan!r}: every step (between ';') and lane (between '&') needs at "
                "least one make target, e.g. 'lint; unit; browser & nbtest lite-test'"
            )
        steps.append(lanes)
    return steps


def _pump(stream, prefix: str, log) -> None:
    """Copy a stage's output to its log and to the terminal (prefixed when side by side)."""
    for line in iter(stream.readline, b""):
        log.write(line)
        log.flush()
        text = line.decode("utf-8", "replace")
        sys.stdout.write(f"{prefix}{text}" if prefix else text)
        sys.stdout.flush()


class Lane(threading.Thread):
    """One lane of a step: its stages in order, stopping at the first that fails."""

    def __init__(self, stages: list[str], prefixed: bool, began: float, beside: tuple[str, ...]):
        super().__init__(daemon=True)
        self.stages, self.prefixed, self.began, self.beside = stages, prefixed, began, beside
        self.timings: list[Timing] = []
        self.process: subprocess.Popen | None = None
        self.stopped = False

    def run(self) -> None:
        """Run the lane's stages one after the other."""
        for stage in self.stages:
            if self.stopped:
                return
            timing = Timing(stage, time.monotonic() - self.began, beside=self.beside)
            self.timings.append(timing)
            timing.code = self._make(stage)
            timing.took = time.monotonic() - self.began - timing.started
            timing.stopped = self.stopped and timing.code != 0
            if timing.code != 0:
                return

    def _make(self, stage: str) -> int:
        """`make <stage>`, its output kept in its log; its exit code."""
        LOGS.mkdir(parents=True, exist_ok=True)
        argv = ["make", "--no-print-directory", stage]
        with (LOGS / f"{stage}.log").open("wb") as log:
            self.process = subprocess.Popen(
                argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
            _pump(self.process.stdout, f"[{stage}] " if self.prefixed else "", log)
            return self.process.wait()

    def failed(self) -> Timing | None:
        """The stage of this lane that failed, if one did."""
        return next((t for t in self.timings if t.code not in (0, None) and not t.stopped), None)

    def stop(self) -> None:
        """Stop the stage running now and the ones after it: an interrupt first (pytest then
        closes its servers and browser), its whole process group 30 s later if still there."""
        if self.stopped:
            return
        self.stopped = True
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            timer = threading.Timer(30, self._kill)
            timer.daemon = True
            timer.start()

    def _kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)


def run_step(lanes: list[list[str]], began: float) -> tuple[list[Timing], Timing | None]:
    """Run a step's lanes side by side; (every stage's timing, the stage that failed)."""
    names = [" ".join(lane) for lane in lanes]
    threads = [
        Lane(lane, len(lanes) > 1, began, tuple(n for n in names if n != names[k]))
        for k, lane in enumerate(lanes)
    ]
    for thread in threads:
        thread.start()
    failure = None
    while any(thread.is_alive() for thread in threads):
        time.sleep(0.5)
        failure = failure or next((t.failed() for t in threads if t.failed()), None)
        if failure:
            for thread in threads:
                thread.stop()
    for thread in threads:
        thread.join()
    failure = failure or next((t.failed() for t in threads if t.failed()), None)
    return [timing for thread in threads for timing in thread.timings], failure


def table(timings: list[Timing], total: float) -> str:
    """Each stage's wall time, start and neighbours, and the whole run's wall time."""
    lines = ["make test: stage times (wall clock)"]
    lines.append(f"{'stage':<10} {'took':>7} {'from':>7}  beside")
    for t in timings:
        mark = "  stopped" if t.stopped else f"  FAILED (exit {t.code})" if t.code else ""
        beside = ", ".join(t.beside) or "-"
        lines.append(f"{t.stage:<10} {t.took:>5.0f} s {t.started:>5.0f} s  {beside}{mark}")
    lines.append(f"{'all':<10} {total:>5.0f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the plan; the exit code of the first stage that failed, else 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan", help="e.g. 'lint; unit; browser & nbtest lite-test'")
    args = parser.parse_args(argv)
    try:
        steps = parse_plan(args.plan)
    except ValueError as error:
        print(f"run_stages: {error}", file=sys.stderr)
        return 2
    # a stage is stopped by an interrupt, so its make must hear one: a job started in the
    # background begins with SIGINT ignored and passes that on; with a handler set here, each
    # stage starts with the default again (exec resets handled signals, not ignored ones)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    began = time.monotonic()
    timings: list[Timing] = []
    failure = None
    for lanes in steps:
        done, failure = run_step(lanes, began)
        timings += done
        if failure:
            break
    print(table(timings, time.monotonic() - began))
    if failure:
        print(f"make test: stage {failure.stage} failed (exit {failure.code}); "
              f"its whole output is in {LOGS.relative_to(ROOT)}/{failure.stage}.log")  # fmt: skip
        return failure.code or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
