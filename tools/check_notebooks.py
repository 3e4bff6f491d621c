"""Check that every notebook and its jupytext MyST pair agree, and that notebooks were executed.

For every ``notebooks/*.ipynb`` and ``exercises/*.ipynb`` (and every ``.md`` there that carries
a jupytext header) this fails when:

* a ``.ipynb`` has no ``.md`` pair, or a jupytext ``.md`` has no ``.ipynb``;
* ``jupytext --sync`` changes any file of a pair (the pair was out of date), and, inside a git
  checkout whose notebook folders were clean before, ``git status --porcelain`` is not clean
  afterwards (the changed files are printed);
* a non-empty code cell of a ``.ipynb`` has ``execution_count`` None (it was never executed:
  run ``make notebooks``).

Exits 0 with a message when there are no notebooks yet.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIRS = ("notebooks", "exercises")


def has_jupytext_header(md: Path) -> bool:
    """True when a Markdown file starts with YAML front matter that has a ``jupytext:`` key."""
    lines = md.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].strip() != "---":
        return False
    for line in lines[1:]:
        if line.strip() == "---":
            return False
        if line.startswith("jupytext:"):
            return True
    return False


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def digest(paths: list[Path]) -> dict[Path, str | None]:
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in paths}


def git_status() -> list[str] | None:
    """Porcelain status lines for the notebook folders, or None outside a git checkout."""
    try:
        inside = subprocess.run(
            ["git", "rev-parse", "--is-inside-work-tree"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        return None
    if inside.returncode != 0 or inside.stdout.strip() != "true":
        return None
    out = subprocess.run(
        ["git", "status", "--porcelain", "--", *NOTEBOOK_DIRS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in out.stdout.splitlines() if line.strip()]


def unexecuted_cells(ipynb: Path) -> list[int]:
    nb = json.loads(ipynb.read_text(encoding="utf-8"))
    missing = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        if source.strip() and cell.get("execution_count") is None:
            missing.append(index)
    return missing


def main() -> int:
    ipynbs: list[Path] = []
    texts: list[Path] = []
    for folder in NOTEBOOK_DIRS:
        ipynbs += sorted((ROOT / folder).glob("*.ipynb"))
        texts += sorted(p for p in (ROOT / folder).glob("*.md") if has_jupytext_header(p))

    if not ipynbs and not texts:
        print(f"check_notebooks: no notebooks in {', '.join(NOTEBOOK_DIRS)} yet; nothing to check")
        return 0

    errors: list[str] = []

    # 1. Every notebook has its pair, and every paired text file has its notebook.
    for nb in ipynbs:
        if not nb.with_suffix(".md").exists():
            errors.append(f"{rel(nb)}: no MyST pair {rel(nb.with_suffix('.md'))}")
    for md in texts:
        if not md.with_suffix(".ipynb").exists():
            errors.append(
                f"{rel(md)}: no {rel(md.with_suffix('.ipynb'))} "
                "(run `make notebooks` and commit the executed notebook)"
            )

    # 2. jupytext --sync must be a no-op.
    pairs = [nb for nb in ipynbs if nb.with_suffix(".md").exists()]
    if pairs:
        files = [p for nb in pairs for p in (nb, nb.with_suffix(".md"))]
        status_before = git_status()
        before = digest(files)
        sync = subprocess.run(
            [sys.executable, "-m", "jupytext", "--sync", *map(str, pairs)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if sync.returncode != 0:
            sys.stderr.write(sync.stdout + sync.stderr)
            errors.append(f"jupytext --sync failed with exit code {sync.returncode}")
        after = digest(files)
        changed = [rel(p) for p in files if before[p] != after[p]]
        if changed:
            errors.append(
                "jupytext --sync changed these files (pair out of date; run `make notebooks` "
                "and commit the result):\n    " + "\n    ".join(changed)
            )
        status_after = git_status()
        if status_before == [] and status_after:
            errors.append(
                "git status is not clean after jupytext --sync:\n    " + "\n    ".join(status_after)
            )
        elif status_before:
            print(
                "check_notebooks: note: uncommitted changes in the notebook folders "
                f"({len(status_before)} entries); sync check compared file contents only"
            )

    # 3. Committed notebooks are executed.
    for nb in ipynbs:
        missing = unexecuted_cells(nb)
        if missing:
            cells = ", ".join(map(str, missing))
            errors.append(f"{rel(nb)}: code cells never executed (cell index {cells})")

    if errors:
        print("check_notebooks: FAILED", file=sys.stderr)
        for error in errors:
            print(f"  - {error}", file=sys.stderr)
        return 1
    print(f"check_notebooks: {len(ipynbs)} notebook(s) paired, in sync and executed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
