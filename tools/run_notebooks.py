"""Re-execute every notebook and write it back so that a second run gives a zero git diff.

For each ``notebooks/*.ipynb`` and ``exercises/*.ipynb`` (or only the paths given on the
command line):

1. ``jupytext --sync`` first, so edits made in the MyST ``.md`` reach the ``.ipynb``;
2. execute it with nbclient: kernel ``python3`` (the current environment's), working directory
   the notebook's own folder, ``--timeout`` seconds per cell (120 by default);
3. drop what changes from run to run: execution timings (``cell.metadata.execution``), stored
   widget state (``metadata.widgets``), the random ids of widget views in outputs (replaced
   by ids derived from the cell and output position), and memory addresses in text outputs
   (rewritten with the regexes of ``tools/nbval_sanitize.cfg``, as nbval does);
4. write the notebook back and ``jupytext --sync`` again so the ``.md`` pair is up to date.

A jupytext ``.md`` with no ``.ipynb`` yet gets its notebook created by the first sync.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIRS = ("notebooks", "exercises")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SANITIZE_CFG = ROOT / "tools" / "nbval_sanitize.cfg"


def load_sanitizers() -> list[tuple[re.Pattern[str], str]]:
    """The regex/replace pairs nbval sanitizes with (parsed as nbval parses them)."""
    text = SANITIZE_CFG.read_text(encoding="utf-8")
    pairs = re.findall(r"^regex: (.*)$\n^replace: (.*)$", text, flags=re.MULTILINE)
    return [(re.compile(regex), replacement) for regex, replacement in pairs]


SANITIZERS = load_sanitizers()


def sanitize(text: str | list[str]) -> str | list[str]:
    if isinstance(text, list):
        return [str(sanitize(line)) for line in text]
    for pattern, replacement in SANITIZERS:
        text = pattern.sub(replacement, text)
    return text


def has_jupytext_header(md: Path) -> bool:
    lines = md.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].strip() != "---":
        return False
    for line in lines[1:]:
        if line.strip() == "---":
            return False
        if line.startswith("jupytext:"):
            return True
    return False


def discover() -> list[Path]:
    found: set[Path] = set()
    for folder in NOTEBOOK_DIRS:
        found.update((ROOT / folder).glob("*.ipynb"))
        found.update(
            md.with_suffix(".ipynb")
            for md in (ROOT / folder).glob("*.md")
            if has_jupytext_header(md)
        )
    return sorted(found)


def jupytext_sync(paths: list[Path]) -> None:
    """Sync each notebook with its pair (from the .md when only the .md exists yet)."""
    args = [str(p if p.exists() else p.with_suffix(".md")) for p in paths]
    subprocess.run([sys.executable, "-m", "jupytext", "--sync", *args], cwd=ROOT, check=True)


def strip_volatile(nb: nbformat.NotebookNode) -> None:
    nb.metadata.pop("widgets", None)
    for cell_index, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if "hide-input" in tags:
            # JupyterLab folds a cell's source only through this flag, not through the tag;
            # a worked solution folds its output too, so no answer shows before it is opened
            folded = {"source_hidden": True}
            if "solution" in tags:
                folded["outputs_hidden"] = True
            cell.metadata["jupyter"] = folded
        for output_index, output in enumerate(cell.get("outputs", [])):
            if "text" in output:
                output["text"] = sanitize(output["text"])
            data = output.get("data", {})
            if "text/plain" in data:
                data["text/plain"] = sanitize(data["text/plain"])
            view = data.get(WIDGET_VIEW)
            if isinstance(view, dict) and "model_id" in view:
                view["model_id"] = f"{cell_index:016x}{output_index:016x}"


def execute(path: Path, timeout: int) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
        # one print split across two stream outputs would differ from run to run
        coalesce_streams=True,
    )
    # each notebook starts with no exercise progress, so its outputs never depend on others
    with tempfile.TemporaryDirectory(prefix="bourre-progress-") as data:
        os.environ["BOURRE_LESSONS_DATA"] = data
        client.execute()
    strip_volatile(nb)
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks (default: all)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds per cell")
    args = parser.parse_args(argv)

    paths = [p.resolve().with_suffix(".ipynb") for p in args.paths] or discover()
    if not paths:
        print(f"run_notebooks: no notebooks in {', '.join(NOTEBOOK_DIRS)} yet; nothing to run")
        return 0

    jupytext_sync(paths)
    for path in paths:
        print(f"run_notebooks: executing {path.relative_to(ROOT)}", flush=True)
        execute(path, args.timeout)
    jupytext_sync(paths)
    print(f"run_notebooks: {len(paths)} notebook(s) executed and synced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
