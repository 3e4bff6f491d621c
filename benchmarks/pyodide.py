"""The readable engine's benchmark in Pyodide (the browser's Python) beside CPython, and where
the time goes in each.

    python -m benchmarks.pyodide                       # 400 hands a run, median of 5 runs
    python -m benchmarks.pyodide --hands 100 --runs 3 --site build/lite
    python -m benchmarks.pyodide --cpython python3.13   # the CPython side in another Python

The same code as `python -m benchmarks.readable` (its `run`, not a copy) runs twice with the
same settings: in this process (CPython), then in Pyodide in Debian's chromium (headless,
through Playwright), loaded from the static site of `make lite`: Pyodide and this package's
wheel come from the site's pyodide-lock.json, benchmarks/readable.py (and this file) are
written into Pyodide's file system, and every request to a host other than 127.0.0.1 is
blocked. The figures are printed side by side (CPython, Pyodide, Pyodide/CPython). Then the
readable engine with random bots runs under cProfile on both sides (`profile` where cProfile
is missing) and the functions that take the most time of their own are listed for each; last,
small operations the engine does thousands of times a hand (a call, a dataclass built, an
f-string, a set lookup...) are timed on both sides. Pyodide's Python may be newer than this
one: `--cpython ~/.pyenv/versions/3.13.0/bin/python3` runs the CPython side in another
interpreter, to tell what the version changes from what WebAssembly does. The heuristic bots
decide with the fast core's bit masks where NumPy and Numba are installed and with
sim/heuristic.py elsewhere (Pyodide, a bare interpreter): the header says which, on each side.

Timing is `time.process_time` on both sides, but in Pyodide that clock is the browser's
`performance.now()`, a wall clock (rounded to 0.1 ms by chromium): on a busy machine the time
other processes take counts against Pyodide and not against CPython, so note the load printed
before and after. Every hand played is counted (one call of a counter a hand, beside hundreds
of calls a hand): the plain playout and both kinds of bots play `(runs + 1) * hands` hands on
each side, the warm-up run included. Nothing is asserted here: the figures are printed.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import time
import timeit
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bourre_lessons.sim.bots import RandomBot, compiled_policy

from . import readable

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
PYODIDE = "static/pyodide"
SHIPPED = ("__init__.py", "readable.py", "pyodide.py")
"""The files of benchmarks/ written into Pyodide's file system (as /home/pyodide/benchmarks)."""
PAGE = "/bourre-benchmark.html"
"""An empty page of the site's origin (answered by the route, not a file of the site)."""
LOAD_TIMEOUT = 180_000  # ms: Pyodide, its standard library and the wheels, on a busy machine
TOP = 15

LOAD_PYODIDE = """async ({ index, files }) => {
  const { loadPyodide } = await import(index + 'pyodide.mjs');
  const py = await loadPyodide({ indexURL: index });
  const errors = [];
  await py.loadPackage('bourre-lessons', {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length || !('bourre-lessons' in py.loadedPackages)) {
    throw new Error('bourre-lessons did not load: ' + (errors.join('; ') || 'not in the lock'));
  }
  py.FS.mkdirTree('/home/pyodide/benchmarks');
  for (const [name, text] of Object.entries(files)) {
    py.FS.writeFile('/home/pyodide/benchmarks/' + name, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  window.bourrePy = py;
  return py.version;
}"""
CALL = "(code) => window.bourrePy.runPythonAsync(code)"


# --- what runs on both sides (standard library and this package only) --------------------------


def counted_run(hands: int, runs: int) -> dict[str, Any]:
    """`readable.run(hands, runs)`'s figures, the hands each playout finished, and the Python."""
    played: Counter[str] = Counter()
    plain_hand, play_bots = readable.plain_hand, readable.play_bots

    def counted_plain(rng: random.Random, players: int, dealer: int) -> int:
        tricks = plain_hand(rng, players, dealer)
        played["plain"] += 1
        return tricks

    def counted_bots(game: readable.Game, bot: readable.Bot, deal: bool = False) -> list[str]:
        applied = play_bots(game, bot, deal)
        if game.phase == "settled":
            played["random" if isinstance(bot, RandomBot) else "heuristic"] += 1
        return applied

    readable.plain_hand, readable.play_bots = counted_plain, counted_bots
    try:
        figures: dict[str, Any] = dict(readable.run(hands, runs))
    finally:
        readable.plain_hand, readable.play_bots = plain_hand, play_bots
    figures["played"] = {kind: played[kind] for kind in ("plain", "random", "heuristic")}
    figures["python"] = f"{platform.python_implementation()} {platform.python_version()}"
    figures["platform"] = sys.platform
    figures["heuristic_path"] = (
        "the fast core's bit masks (NumPy and Numba here)"
        if compiled_policy()
        else "sim/heuristic.py over Card objects (no NumPy or Numba here)"
    )
    clock = time.get_clock_info("process_time")
    figures["clock"] = f"{clock.implementation}, resolution {clock.resolution:g} s"
    return figures


def profile_top(hands: int, seed: int = 1, top: int = TOP) -> dict[str, Any]:
    """Random bots' hands under cProfile (else `profile`): the `top` functions by own time."""
    try:
        import cProfile as profiler
    except ImportError:  # pragma: no cover - a Python built without _lsprof
        import profile as profiler
    import pstats

    readable.readable_hands(5, 5, seed, RandomBot(seed))  # warm: lazy imports and caches
    gc.collect()  # no full collection of an earlier run's garbage inside the profile
    profile = profiler.Profile()
    profile.runcall(readable.readable_hands, hands, 5, seed, RandomBot(seed))
    stats = pstats.Stats(profile)
    rows = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)
    files: Counter[str] = Counter()
    for key, (_primitive, _calls, own, _cumulative, _callers) in stats.stats.items():
        files[function_label(key).split(":")[0] if key[0] != "~" else "built-ins (C)"] += own
    return {
        "profiler": profiler.__name__,
        "total": stats.total_tt,
        "calls": stats.total_calls,
        "files": dict(files.most_common(top)),
        "rows": [
            {"function": function_label(key), "calls": calls, "own": own, "cumulative": cumulative}
            for key, (_primitive, calls, own, cumulative, _callers) in rows[:top]
        ],
    }


OPERATIONS = (
    ("empty statement (the timing loop)", "pass"),
    ("call a function of two arguments", "two(1, 2)"),
    ("call a method", "box.method(1)"),
    ("read an attribute", "box.x"),
    ("read a property (Card.code)", "card.code"),
    ("build a frozen dataclass (PlainCard)", "PlainCard('S', 5)"),
    ("build the engine's Card", "Card(Suit.SPADES, Rank.ACE)"),
    ("find a Card in a set of 5", "card in hand_set"),
    ("isinstance", "isinstance(card, Card)"),
    ("f-string of two fields", "f'{word} plays {card}'"),
    ("str.join of 5 words", "' '.join(words)"),
    ("str.join of a generator of 5 words", "' '.join(w for w in words)"),
    ("sum of a generator of 5", "sum(1 for w in words)"),
    ("a for loop over a generator of 5", "for w in (w for w in words): pass"),
    ("comprehension over 5 cards", "[c for c in hand if c.suit is Suit.SPADES]"),
    ("sorted(5 cards, key=...)", "sorted(plain, key=readable._order)"),
    ("random.choice of 5", "rng.choice(words)"),
    ("copy a dict of 5", "dict(table)"),
    ("raise and catch an exception", "try:\n    raise ValueError\nexcept ValueError:\n    pass"),
)
"""Small operations the engine does thousands of times a hand: (label, statement)."""


class _Box:
    """An object with an attribute and a method, for OPERATIONS."""

    def __init__(self) -> None:
        self.x = 1

    def method(self, value: int) -> int:
        return value


def _two(a: int, b: int) -> int:
    return a


def operation_times(repeat: int = 5) -> dict[str, float]:
    """Nanoseconds each of OPERATIONS takes (best of `repeat` timings of 20 ms or more)."""
    from bourre_lessons.cards import DECK, Card, Rank, Suit

    names = {
        "two": _two,
        "box": _Box(),
        "card": DECK[0],
        "Card": Card,
        "Suit": Suit,
        "Rank": Rank,
        "PlainCard": readable.PlainCard,
        "readable": readable,
        "hand": list(DECK[::11]),
        "hand_set": set(DECK[::11]),
        "plain": readable.PLAIN_DECK[::11],
        "word": "North",
        "words": ["North", "East", "South", "West", "Dealer"],
        "rng": random.Random(1),
        "table": {"N": 1, "E": 2, "S": 3, "W": 4, "D": 5},
    }
    times = {}
    for label, statement in OPERATIONS:
        timer = timeit.Timer(statement, globals=names)
        number = 1000
        while timer.timeit(number) < 0.02:
            number *= 2
        times[label] = min(timer.repeat(repeat, number)) / number * 1e9
    return times


def function_label(key: tuple[str, int, str]) -> str:
    """A profile's function key as `package/file.py:line name`, the same on both sides."""
    filename, line, name = key
    if filename == "~":
        return name  # a built-in, e.g. "<method 'append' of 'list' objects>"
    match = re.search(r"(?:^|/)((?:bourre_lessons|benchmarks)/.*)$", filename)
    where = match.group(1) if match else Path(filename).name
    return f"{where}:{line} {name}"


# --- the browser side ---------------------------------------------------------------------------


@dataclass
class PyodidePage:
    """A chromium page with Pyodide loaded; the requests to other hosts it made (blocked)."""

    page: Any
    version: str
    outside: list[str] = field(default_factory=list)
    browser_session: Any = None
    chromium: str = ""

    def call(self, function: str, **kwargs: object) -> dict[str, Any]:
        """This module's `function(**kwargs)` run in the page's Pyodide; its result."""
        code = (
            "import json\nfrom benchmarks import pyodide as bench\n"
            f"json.dumps(bench.{function}(**json.loads({json.dumps(json.dumps(kwargs))})))"
        )
        return json.loads(self.page.evaluate(CALL, code))

    def renderer_seconds(self) -> dict[int, float]:
        """CPU seconds each of chromium's renderer processes has used so far (by process id)."""
        info = self.browser_session.send("SystemInfo.getProcessInfo")["processInfo"]
        return {p["id"]: p["cpuTime"] for p in info if p["type"] == "renderer"}

    def timed_call(self, function: str, **kwargs: object) -> tuple[dict[str, Any], float]:
        """`call`, and the share of its wall time the busiest renderer had a core."""
        before, start = self.renderer_seconds(), time.perf_counter()
        result = self.call(function, **kwargs)
        wall, after = time.perf_counter() - start, self.renderer_seconds()
        busiest = max(seconds - before.get(pid, 0.0) for pid, seconds in after.items())
        return result, busiest / wall


@contextmanager
def pyodide_page(site: Path) -> Iterator[PyodidePage]:
    """A chromium page with Pyodide loaded from `site` (served on 127.0.0.1, every other host
    blocked), this package loaded from its lock and benchmarks/ written in; its `.outside`
    lists the requests that were blocked."""
    harness = str(ROOT / "tests" / "browser")  # the browser tests' harness, as tools/ use it
    if harness not in sys.path:
        sys.path.insert(0, harness)
    from browser_harness import CHROMIUM_ARGS, is_local, require_chromium, serve_folder
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    outside: list[str] = []

    def route(request_route) -> None:
        url = request_route.request.url
        if not is_local(url):
            outside.append(url)
            request_route.abort("blockedbyclient")
        elif url.endswith(PAGE):
            request_route.fulfill(body="<!doctype html><title>benchmark</title>", status=200)
        else:
            request_route.continue_()

    files = {name: (ROOT / "benchmarks" / name).read_text(encoding="utf-8") for name in SHIPPED}
    with serve_folder(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(require_chromium()), headless=True, args=CHROMIUM_ARGS
        )
        try:
            context = browser.new_context()
            context.route("**/*", route)
            context.on("request", lambda r: None if is_local(r.url) else outside.append(r.url))
            page = context.new_page()
            page.set_default_timeout(LOAD_TIMEOUT)
            page.goto(url + PAGE)
            try:
                version = page.evaluate(
                    LOAD_PYODIDE, {"index": f"{url}/{PYODIDE}/", "files": files}
                )
            except PlaywrightError as error:
                lines = (line.strip() for line in error.message.splitlines())
                said = " ".join(line for line in lines if line and not line.startswith("at "))
                raise SystemExit(
                    f"Pyodide or this package did not load from {site} ({said}); "
                    "rebuild the site with `make lite FORCE=1`"
                ) from None
            session = browser.new_browser_cdp_session()
            yield PyodidePage(page, version, outside, session, browser.version)
        finally:
            browser.close()


# --- the report ---------------------------------------------------------------------------------

ROWS = (
    ("plain", "plain playout (dataclass cards, lists)", "hands/s"),
    ("random", "Game + random bots", "hands/s"),
    ("heuristic", "Game + heuristic bots", "hands/s"),
    ("random_ratio", "random bots / plain", "ratio"),
    ("heuristic_ratio", "heuristic bots / plain", "ratio"),
)


ROWS_RATES = ("plain", "random", "heuristic")


def figures_table(cpython: dict[str, Any], pyodide: dict[str, Any]) -> list[str]:
    """The figures of both runs side by side, with Pyodide's over CPython's."""
    lines = [f"  {'':<50} {'CPython':>10} {'Pyodide':>10} {'Pyodide/CPython':>16}"]
    for key, label, unit in ROWS:
        cpy, pyo = cpython[key], pyodide[key]
        shown = (
            (f"{cpy:>10,.0f} {pyo:>10,.0f}") if unit == "hands/s" else f"{cpy:>10.2f} {pyo:>10.2f}"
        )
        lines.append(f"  {label + ' (' + unit + ')':<50} {shown} {pyo / cpy:>16.2f}")
    for side, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        played = figures["played"]
        lines.append(
            f"  hands played in {side}: "
            + ", ".join(f"{kind} {count:,}" for kind, count in played.items())
        )
    return lines


def profile_table(side: str, profile: dict[str, Any]) -> list[str]:
    """One side's profile: total time and the functions that took the most time of their own."""
    total = profile["total"]
    lines = [
        f"{side}: {profile['profiler']}, {total:.2f} s in all, {profile['calls']:,} calls; "
        f"top {len(profile['rows'])} by own time"
    ]
    lines.append(f"  {'own %':>6} {'own s':>7} {'cum s':>7} {'calls':>9}  function")
    for row in profile["rows"]:
        lines.append(
            f"  {100 * row['own'] / total:>6.1f} {row['own']:>7.3f} {row['cumulative']:>7.3f} "
            f"{row['calls']:>9,}  {row['function']}"
        )
    return lines


def compare_table(cpython: dict[str, Any], pyodide: dict[str, Any]) -> list[str]:
    """The functions in either top list: share of own time on each side and the slowdown."""
    cpy_rows = {row["function"]: row for row in cpython["rows"]}
    pyo_rows = {row["function"]: row for row in pyodide["rows"]}
    lines = [f"  {'CPython %':>9} {'Pyodide %':>9} {'slowdown':>8}  function (own time)"]
    for name in list(pyo_rows) + [n for n in cpy_rows if n not in pyo_rows]:
        cpy, pyo = cpy_rows.get(name), pyo_rows.get(name)
        cells = [
            f"{100 * row['own'] / side['total']:>9.1f}" if row else f"{'-':>9}"
            for row, side in ((cpy, cpython), (pyo, pyodide))
        ]
        slow = f"{pyo['own'] / cpy['own']:>8.2f}" if cpy and pyo and cpy["own"] else f"{'-':>8}"
        lines.append(f"  {cells[0]} {cells[1]} {slow}  {name}")
    return lines


def files_table(cpython: dict[str, Any], pyodide: dict[str, Any]) -> list[str]:
    """Own time summed by file (built-ins together): each side's share, and the slowdown."""
    lines = [f"  {'CPython %':>9} {'Pyodide %':>9} {'slowdown':>8}  file"]
    names = list(pyodide["files"]) + [n for n in cpython["files"] if n not in pyodide["files"]]
    for name in names:
        cpy, pyo = cpython["files"].get(name), pyodide["files"].get(name)
        cells = [
            f"{100 * own / side['total']:>9.1f}" if own else f"{'-':>9}"
            for own, side in ((cpy, cpython), (pyo, pyodide))
        ]
        slow = f"{pyo / cpy:>8.2f}" if cpy and pyo else f"{'-':>8}"
        lines.append(f"  {cells[0]} {cells[1]} {slow}  {name}")
    return lines


def operations_table(cpython: dict[str, float], pyodide: dict[str, float]) -> list[str]:
    """Each operation's nanoseconds on both sides and Pyodide's over CPython's."""
    lines = [f"  {'':<40} {'CPython':>9} {'Pyodide':>9} {'Pyodide/CPython':>16}"]
    for label, _statement in OPERATIONS:
        cpy, pyo = cpython[label], pyodide[label]
        lines.append(f"  {label:<40} {cpy:>9.1f} {pyo:>9.1f} {pyo / cpy:>16.2f}")
    return lines


def in_python(python: str, function: str, **kwargs: Any) -> dict[str, Any]:
    """This module's `function(**kwargs)` run by another CPython, `python`; its result."""
    code = (
        "import json, sys\nfrom benchmarks import pyodide as bench\n"
        f"print(json.dumps(bench.{function}(**json.loads(sys.argv[1]))))"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [python, "-c", code, json.dumps(kwargs)], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{python} could not run the benchmark:\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on CPython and in Pyodide, print both, then both profiles."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pyodide", description=__doc__)
    parser.add_argument("--hands", type=int, default=400, help="hands a run (default 400)")
    parser.add_argument("--runs", type=int, default=5, help="runs, median taken (default 5)")
    parser.add_argument(
        "--profile-hands", type=int, default=200, help="hands profiled on each side (default 200)"
    )
    parser.add_argument(
        "--site", type=Path, default=SITE, help="the built site (default build/lite)"
    )
    parser.add_argument(
        "--cpython",
        metavar="PYTHON",
        help="run the CPython side in this interpreter (default: the one running this command); "
        "the engine needs only the standard library, found through PYTHONPATH",
    )
    args = parser.parse_args(argv)
    for name in ("hands", "runs", "profile_hands"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more, not {getattr(args, name)}")
    if not (args.site / PYODIDE / "pyodide-lock.json").is_file():
        print(
            f"no JupyterLite site in {args.site} (no {PYODIDE}/pyodide-lock.json): "
            "build it with `make lite`",
            file=sys.stderr,
        )
        return 2

    if args.cpython and not shutil.which(args.cpython):
        parser.error(f"--cpython {args.cpython}: no such interpreter (give a path or a command)")
    print(f"load average {os.getloadavg()[0]:.2f} · {os.cpu_count()} cores")
    print(f"pagat, 5 players, {args.hands} hands a run, median of {args.runs} runs")
    local = functools.partial(in_python, args.cpython) if args.cpython else _here
    start, cpu = time.perf_counter(), _cpu_seconds()
    cpython = local("counted_run", hands=args.hands, runs=args.runs)
    cpython_share = (_cpu_seconds() - cpu) / (time.perf_counter() - start)
    cpython_profile = local("profile_top", hands=args.profile_hands)
    cpython_operations = local("operation_times")
    with pyodide_page(args.site) as page:
        pyodide, pyodide_share = page.timed_call("counted_run", hands=args.hands, runs=args.runs)
        pyodide_profile = page.call("profile_top", hands=args.profile_hands)
        pyodide_operations = page.call("operation_times")
        print(
            f"CPython: {cpython['python']} · Pyodide {page.version} in chromium {page.chromium}: "
            f"{pyodide['python']} ({pyodide['platform']}) in {args.site}"
        )
        if page.outside:
            print(f"requests to other hosts, blocked: {page.outside[:5]}")
    for side, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        print(f"{side} clock (process_time): {figures['clock']}")
    for side, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        print(f"{side} heuristic bots decide with {figures['heuristic_path']}")
    print(
        f"share of the wall time on a core during the timed runs: CPython {cpython_share:.0%}, "
        f"Pyodide {pyodide_share:.0%} (its clock counts the rest, CPython's does not)"
    )
    print(f"load average after {os.getloadavg()[0]:.2f}\n")
    print("\n".join(figures_table(cpython, pyodide)))
    if pyodide_share < 0.95:
        rough = ", ".join(f"{kind} {pyodide[kind] / pyodide_share:,.0f}" for kind in ROWS_RATES)
        print(f"  Pyodide per second on a core, roughly (÷ {pyodide_share:.0%}): {rough} hands/s")
    print(f"\nWhere the time goes: Game + random bots, {args.profile_hands} hands, seed 1\n")
    print("\n".join(profile_table("CPython", cpython_profile)))
    print()
    print("\n".join(profile_table("Pyodide", pyodide_profile)))
    print("\nBoth top lists: each side's share of its own time, and Pyodide's own time / CPython's")
    print("\n".join(compare_table(cpython_profile, pyodide_profile)))
    print("\nOwn time by file, the same way")
    print("\n".join(files_table(cpython_profile, pyodide_profile)))
    print("\nSmall operations, nanoseconds each (best of 5)")
    print("\n".join(operations_table(cpython_operations, pyodide_operations)))
    return 0


def _cpu_seconds() -> float:
    """CPU seconds used by this process and the children it has waited for."""
    import resource  # not in Pyodide's standard library: only the CPython side asks

    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _here(function: str, **kwargs: Any) -> dict[str, Any]:
    """This module's `function(**kwargs)` run in this process."""
    return globals()[function](**kwargs)


if __name__ == "__main__":
    sys.exit(main())
