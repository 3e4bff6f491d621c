"""One tree's side of `python -m benchmarks --base`: run by path, never imported.

Started by `benchmarks.compare` with PYTHONPATH set to the tree measured, so
`bourre_lessons` is that tree's, while the package `benchmarks` (the cases of `suite.py`) is
this working tree's. Reads one JSON request a line on stdin and answers one JSON line:

    {"setup": i, "target": "module:function", "kwargs": {...}}  -> {"ok": true} or {"missing": why}
    {"run": i}                                                     -> {"cpu": s, "wall": s}

Setup makes case i's work and runs it once untimed (compiling or loading the cache).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
MISSING = (ImportError, AttributeError, TypeError, KeyError, ValueError)
"""What a case that the measured tree cannot run raises at setup ("not at base")."""


def _load_benchmarks() -> None:
    """Make `benchmarks` this folder's package, whatever tree is first on the path."""
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    spec = importlib.util.spec_from_file_location(
        "benchmarks", _HERE / "__init__.py", submodule_search_locations=[str(_HERE)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmarks"] = module
    spec.loader.exec_module(module)


def _target(name: str):
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(module), function)


def _setup(request: dict) -> tuple[dict, object]:
    """(the answer to a setup request, the work to time or None)."""
    try:
        target = _target(request["target"])
        kwargs = request["kwargs"]
        made = target(**kwargs)
        work = made if callable(made) else (lambda: target(**kwargs))
        work()
    except MISSING as error:
        return {"missing": f"{type(error).__name__}: {error}"}, None
    return {"ok": True}, work


def _timed(work) -> dict:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}


def main() -> None:
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # anything the package prints goes to stderr, never into the answers
    sys.stdout = sys.stderr
    _load_benchmarks()
    import bourre_lessons

    answers.write(json.dumps({"package": bourre_lessons.__file__}) + "\n")
    works: dict[int, object] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if "setup" in request:
            answer, work = _setup(request)
            works[request["setup"]] = work
        else:
            answer = _timed(works[request["run"]])
        answers.write(json.dumps(answer) + "\n")


if __name__ == "__main__":
    main()
