"""The same benchmarks on an earlier commit and on the working tree, in one run.

    python -m benchmarks --base 19dcd00                  # every case of benchmarks/suite.py
    python -m benchmarks --base 19dcd00 --base main      # several commits, one table
    python -m benchmarks --base 19dcd00 --only simulate  # the cases whose label has "simulate"
    make bench BASE=19dcd00

Each commit is checked out in a temporary `git worktree` (removed afterwards; a folder
holding a `bourre_lessons` package may be given instead of a commit) and measured in a worker
process of its own (`benchmarks/_worker.py`) whose `bourre_lessons` is that tree's, while the
cases are this working tree's. The workers take turns case by case, round after round (the
order flipped every round), so a busy moment on a shared machine falls on every tree alike;
each cell is the best of the rounds, by CPU time. The ratio is the tree's speed over the
base's (above 1: the working tree is faster).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, NamedTuple

from .suite import SUITE, Case, scaled

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "_worker.py"
NOT_AT_BASE = "not at base"
NOT_HERE = "not in this tree"


class Tree(NamedTuple):
    """A tree measured: its name in the table and its root folder."""

    name: str
    root: Path


class Best(NamedTuple):
    """The best CPU and wall seconds of a case's runs on one tree (None: not at that tree)."""

    cpu: float | None
    wall: float | None


@contextmanager
def checkout(commit: str) -> Iterator[Tree]:
    """A tree for `commit` (a folder holding `bourre_lessons`, or a commit checked out in a
    temporary git worktree of this repository, removed on exit)."""
    folder = Path(commit)
    if (folder / "bourre_lessons").is_dir():
        yield Tree(folder.name, folder.resolve())
        return
    sha = _git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    if not sha:
        raise SystemExit(f"--base: {commit!r} is neither a commit of this repository nor a tree")
    place = Path(tempfile.mkdtemp(prefix=f"bench-{sha[:7]}-")) / "tree"
    _git("worktree", "add", "--detach", "--quiet", str(place), sha)
    try:
        yield Tree(f"{commit} ({sha[:7]})" if commit != sha[:7] else commit, place)
    finally:
        _git("worktree", "remove", "--force", str(place))
        place.parent.rmdir()


def _git(*args: str) -> str:
    done = subprocess.run(("git", "-C", str(ROOT), *args), capture_output=True, text=True)
    if done.returncode and args[0] != "rev-parse":
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


class Worker:
    """A worker process measuring one tree (see `_worker.py`)."""

    def __init__(self, tree: Tree) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree.root)}
        self.tree = tree
        self.process = subprocess.Popen(
            (sys.executable, str(WORKER)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            cwd=tree.root,
            text=True,
        )
        package = Path(self._answer()["package"]).resolve()
        if tree.root not in package.parents:
            raise SystemExit(f"the worker for {tree.root} imported {package} instead")

    def _answer(self) -> dict:
        line = self._out.readline()
        if not line:
            raise SystemExit(f"the worker for {self.tree.name} stopped (see its error above)")
        return json.loads(line)

    @property
    def _out(self) -> IO[str]:
        return self.process.stdout

    def ask(self, request: dict) -> dict:
        """Send one request and return its answer."""
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def compare(
    commits: Sequence[str], cases: Sequence[Case], rounds: int, trees: Sequence[Tree] = ()
) -> tuple[list[Tree], dict[tuple[int, int], Best]]:
    """(the trees: each commit's, then the working tree's; each (case, tree)'s best times)."""
    with ExitStack() as stack:
        found = [stack.enter_context(checkout(commit)) for commit in commits]
        found += [*trees, Tree("working tree", ROOT)]
        workers = [Worker(tree) for tree in found]
        for worker in workers:
            stack.callback(worker.close)
        ready = {}
        for c, case in enumerate(cases):
            for t, worker in enumerate(workers):
                answer = worker.ask({"setup": c, "target": case.target, "kwargs": case.kwargs})
                ready[c, t] = "ok" in answer
                if not ready[c, t]:
                    print(f"  {case.label} on {worker.tree.name}: {answer['missing']}")
        times: dict[tuple[int, int], list[dict]] = {key: [] for key in ready}
        for r in range(rounds):
            order = list(enumerate(workers))
            for c, _ in enumerate(cases):
                for t, worker in order if (r + c) % 2 == 0 else order[::-1]:
                    if ready[c, t]:
                        times[c, t].append(worker.ask({"run": c}))
        best = {
            key: Best(min(x["cpu"] for x in runs), min(x["wall"] for x in runs))
            if runs
            else Best(None, None)
            for key, runs in times.items()
        }
        return found, best


def _figure(case: Case, seconds: float | None, missing: str) -> str:
    if seconds is None:
        return missing
    if case.count == 1:
        return f"{seconds * 1e6:,.1f} us" if seconds < 1e-3 else f"{seconds * 1000:,.1f} ms"
    return f"{case.count / seconds:,.0f} {case.unit}/s"


def _ratio(base: float | None, tree: float | None) -> str:
    return "-" if base is None or tree is None else f"{base / tree:.3f}"


def table(trees: Sequence[Tree], cases: Sequence[Case], best: dict) -> str:
    """The figures (best by CPU time) of each case on each tree, and the working tree's
    speed ratio against each other tree (by CPU and by wall time)."""
    here = len(trees) - 1
    head = ["case", *(tree.name for tree in trees)]
    head += [f"ratio vs {tree.name} cpu / wall" for tree in trees[:-1]]
    rows = [head]
    for c, case in enumerate(cases):
        row = [case.label]
        for t in range(len(trees)):
            row.append(_figure(case, best[c, t].cpu, NOT_AT_BASE if t < here else NOT_HERE))
        for t in range(here):
            cpu = _ratio(best[c, t].cpu, best[c, here].cpu)
            wall = _ratio(best[c, t].wall, best[c, here].wall)
            row.append(f"{cpu} / {wall}")
        rows.append(row)
    widths = [max(len(row[k]) for row in rows) for k in range(len(head))]
    lines = [
        "  ".join(
            cell.ljust(w) if k == 0 else cell.rjust(w)
            for k, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    return "\n".join([lines[0], "-" * len(lines[0]), *lines[1:]])


def run(commits: Sequence[str], only: str = "", rounds: int = 3, quick: bool = False) -> None:
    """Measure the cases whose label holds `only` on each commit and on the working tree,
    interleaved, and print the table."""
    cases = [scaled(case, quick) for case in SUITE if only in case.label]
    if not cases:
        raise SystemExit(f"--only {only!r}: no case's label holds it")
    print(
        f"{len(cases)} cases, best of {rounds} interleaved rounds, CPU time; "
        f"load average before: {os.getloadavg()[0]:.2f}"
    )
    trees, best = compare(commits, cases, rounds)
    print(f"load average after: {os.getloadavg()[0]:.2f}\n")
    print(table(trees, cases, best))
