"""The `bourre-lessons` command: copy the course into a folder of yours and open it.

    bourre-lessons lab [FOLDER]      copy the lessons and exercises, open JupyterLab on the welcome
    bourre-lessons present [FOLDER]  copy, then open the classroom app (Voila)
    bourre-lessons workbench [FOLDER]
                                     copy, then open the house-rules workbench (Voila)
    bourre-lessons copy [FOLDER]     only copy (or update) the course files
    bourre-lessons where             where the course files of this install are
    bourre-lessons compare HOUSE.toml [--against PRESET_OR_FILE] [--hands N] [--players N]
                   [--seed N] [--json]
                                     measure a house rulebook against a preset or another
                                     house on the same deals (docs/house_rules.md)

FOLDER defaults to `bourre-lessons` in the current directory (`make lab` in a checkout uses
`my-lessons/`, which git ignores). Copying never overwrites a notebook whose cells you have
changed: when the course has a newer version of it, that version is put beside yours
(`03_follow_and_beat.new-0.2.0.ipynb`). A notebook you only ran or unfolded is the course's
still, and a newer version replaces it. A record of what was copied (`.bourre-lessons.json`)
tells your changes from the course's. Any further arguments go to JupyterLab or Voila as they
are (`bourre-lessons lab --port 8899`).

JupyterLab is started with idle-kernel culling (KERNEL_CULLING): each lesson a learner opens
starts its own Python, and one left without a click for CULL_IDLE_MINUTES is shut down, so a
learner walking through the lessons keeps only the last few running. A tab left open keeps its
page but not its Python: the lesson's card tables and the notebook's toolbar then say that it
stopped and that Kernel ▸ Restart Kernel and Run All Cells goes on (widgets/static/card_table.js).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

__all__ = [
    "CopyReport",
    "compare_command",
    "copy_course",
    "course_source",
    "kernel_culling",
    "lab_arguments",
    "main",
]

RECORD = ".bourre-lessons.json"
WELCOME = "notebooks/00_welcome.ipynb"
CLASSROOM = "present/classroom.ipynb"
WORKBENCH = "present/workbench.ipynb"
VOILA_PAGES = {"present": CLASSROOM, "workbench": WORKBENCH}
"""The Voila page each command opens in the learner's copy."""
COURSE_FOLDERS = ("notebooks", "exercises", "present", "docs")
# jupytext's front-end extension, if installed, cannot load inside Voila (as in `make present`)
VOILA_NO_JUPYTEXT = "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext"
VOILA_DATA = Path(__file__).resolve().parent / "voila"
"""A Jupyter data folder holding the course's Voila template (`voila/templates/bourre`):
Voila's "lab" template without the Font Awesome stylesheets it fetches from a CDN."""
VOILA_TEMPLATE = "--template=bourre"


def voila_environment(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment Voila runs in: JUPYTER_PATH starts with VOILA_DATA, so that Voila
    finds the course's template (a JUPYTER_PATH already set is kept after it)."""
    env = dict(os.environ if environ is None else environ)
    rest = env.get("JUPYTER_PATH", "")
    env["JUPYTER_PATH"] = os.pathsep.join([str(VOILA_DATA), *([rest] if rest else [])])
    return env


HIDDEN_IN_LAB = ("__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "[0-9][0-9]*.md")
HIDE_TEXT_PAIRS = tuple(f"--ContentsManager.hide_globs={glob}" for glob in HIDDEN_IN_LAB)
"""JupyterLab's file browser lists each lesson once: the notebook, not its text pair
(`NN_name.md`, `05a_name.md`, kept for version control and editors)."""
CULL_IDLE_MINUTES = 15
CULL_EVERY_SECONDS = 60
LAB_KERNEL_NAME = "Python 3 (ipykernel)"
"""The name JupyterLab writes in a notebook's kernelspec (ipykernel's own): a copy carrying it
is not marked unsaved as soon as it opens."""


def kernel_culling(idle_seconds: int, every_seconds: int) -> tuple[str, ...]:
    """JupyterLab options that shut down a kernel idle for `idle_seconds`, even one whose tab
    is still open (each lesson's "Next:" link opens a new tab and leaves the old one open)."""
    if idle_seconds <= 0 or every_seconds <= 0:
        raise ValueError(
            f"idle_seconds and every_seconds must be positive, got {idle_seconds}, {every_seconds}"
        )
    return (
        f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
        f"--MappingKernelManager.cull_interval={every_seconds}",
        "--MappingKernelManager.cull_connected=True",
    )


KERNEL_CULLING = kernel_culling(CULL_IDLE_MINUTES * 60, CULL_EVERY_SECONDS)
LAB_SETTINGS = Path(__file__).resolve().parent / "lab_settings"
"""JupyterLab's application settings for the course (`overrides.json`): no pop-up asking to
fetch Jupyter's news, no update check. A learner's own settings still win over these."""
OPEN_WELCOME = (
    f"--LabApp.default_url=/lab/tree/{WELCOME}",
    f"--LabApp.app_settings_dir={LAB_SETTINGS}",
)
"""The address JupyterLab prints (and `/` leads to) opens the welcome lesson, not the
Launcher; the course's settings overrides apply."""
LAB_MISSING = (
    "JupyterLab is not installed in this Python ({python}). Install the course with it:\n"
    '    pip install "bourre-lessons[lab]"'
)


def version() -> str:
    """The installed package's version ('dev' when run from a checkout without metadata)."""
    try:
        return metadata.version("bourre-lessons")
    except metadata.PackageNotFoundError:
        return "dev"


def course_source() -> Path:
    """The folder holding the course: inside the installed package, else the checkout."""
    package = Path(__file__).resolve().parent
    for candidate in (package / "course", package.parent):
        if (candidate / WELCOME).is_file():
            return candidate
    raise FileNotFoundError(
        f"no course files found beside the package ({package / 'course'}); "
        "reinstall bourre-lessons from a wheel, or run from a checkout of the repository"
    )


def course_files(source: Path) -> list[str]:
    """The learner's files of the course, as paths relative to `source` (no .md pairs)."""
    found = []
    for folder in COURSE_FOLDERS:
        for path in sorted((source / folder).rglob("*")):
            if path.is_file() and _is_course_file(path.relative_to(source)):
                found.append(path.relative_to(source).as_posix())
    return found


def _is_course_file(relative: Path) -> bool:
    """Notebooks of the course folders and the docs' pages and pictures; nothing hidden."""
    if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
        return False
    if relative.parts[0] == "docs":
        return relative.suffix in {".md", ".png", ".pdf"}
    return relative.suffix == ".ipynb"


def learner_copy(source: Path) -> bytes:
    """A course file as the learner gets it. A notebook loses its jupytext pairing, so that
    saving it never creates a second file beside it, and is written as JupyterLab writes it
    (kernel name, `collapsed` beside a folded output), so opening it changes nothing."""
    data = source.read_bytes()
    if source.suffix != ".ipynb":
        return data
    notebook = json.loads(data)
    metadata = notebook.setdefault("metadata", {})
    metadata.pop("jupytext", None)
    if metadata.get("kernelspec", {}).get("name") == "python3":
        metadata["kernelspec"]["display_name"] = LAB_KERNEL_NAME
    for cell in notebook.get("cells", []):
        folded = cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden")
        if cell.get("cell_type") == "code" and folded:
            cell["metadata"]["collapsed"] = True
    return (json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _cells_digest(data: bytes) -> str:
    """A digest of what a learner writes in a notebook: each cell's kind and source. Outputs,
    execution counts and folds (what running and reading change) are left out; a file that is
    not a readable notebook is digested whole."""
    try:
        cells = json.loads(data)["cells"]
        written = [(c["cell_type"], "".join(c["source"])) for c in cells]
    except (ValueError, KeyError, TypeError):
        return _digest(data)
    return _digest(json.dumps(written, ensure_ascii=False).encode("utf-8"))


@dataclass
class CopyReport:
    """What one copy did, file by file (paths relative to the target folder)."""

    target: Path
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    offered: list[str] = field(default_factory=list)  # newer versions put beside your changes
    kept: list[str] = field(default_factory=list)  # unchanged, or yours and the course's alike

    def to_text(self) -> str:
        """A short account for the terminal."""
        lines = [f"Course folder: {self.target}"]
        lines.append(
            f"{len(self.added)} added, {len(self.updated)} updated, "
            f"{len(self.kept)} already up to date"
        )
        if self.offered:
            lines.append("You changed these; the course's newer version is beside each:")
            lines += [f"  {name}" for name in self.offered]
        return "\n".join(lines)


def copy_course(target: Path | str, source: Path | None = None) -> CopyReport:
    """Copy or update the course in `target`, never overwriting a file the learner changed."""
    target = Path(target).expanduser().resolve()
    source = course_source() if source is None else source
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file; give a folder for the course")
    record = _read_record(target)
    copied: dict[str, dict[str, str]] = {
        name: _as_entry(entry) for name, entry in record.get("files", {}).items()
    }
    report = CopyReport(target)
    for name in course_files(source):
        new = learner_copy(source / name)
        outcome = _place(target, name, new, copied.get(name), version())
        getattr(report, outcome).append(
            _offered_name(name, version()) if outcome == "offered" else name
        )
        if outcome in ("added", "updated") or (target / name).read_bytes() == new:
            copied[name] = {"copied": _digest(new), "cells": _cells_digest(new)}
    _write_record(target, {"version": version(), "files": copied})
    return report


def _as_entry(entry: object) -> dict[str, str]:
    """A file's record entry; an older record kept only the digest of the bytes copied."""
    if isinstance(entry, dict):
        return {k: v for k, v in entry.items() if isinstance(v, str)}
    return {"copied": entry} if isinstance(entry, str) else {}


def _place(
    target: Path, name: str, new: bytes, copied: dict[str, str] | None, course_version: str
) -> str:
    """Put one file in place and say what was done: added, updated, offered or kept."""
    path = target / name
    if not path.exists():
        _write(path, new)
        return "added"
    current = path.read_bytes()
    if current == new:
        return "kept"
    copied = copied or {}
    if copied.get("copied") == _digest(new):  # the course did not change: leave the learner's
        return "kept"
    untouched = _digest(current) == copied.get("copied") or (
        _cells_digest(current) == copied.get("cells")
    )
    if untouched:  # only run or read: the course's new version replaces it
        _write(path, new)
        return "updated"
    _write(target / _offered_name(name, course_version), new)
    return "offered"


def _offered_name(name: str, course_version: str) -> str:
    """Where a newer course version goes beside a learner's changed file."""
    path = Path(name)
    return path.with_name(f"{path.stem}.new-{course_version}{path.suffix}").as_posix()


def _write(path: Path, data: bytes) -> None:
    """Write a file whole (through a temporary file and a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.part")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _read_record(target: Path) -> dict:
    """The record of an earlier copy into `target` (empty when there is none)."""
    path = target / RECORD
    if not path.is_file():
        return {}
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _write_record(target: Path, record: dict) -> None:
    _write(target / RECORD, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode())


# --- the command -------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bourre-lessons",
        description="The Bourré course: copy the lessons into a folder and open them.",
    )
    parser.add_argument("--version", action="version", version=f"bourre-lessons {version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, text in (
        ("lab", "copy the course and open JupyterLab on the welcome notebook"),
        ("present", "copy the course and open the classroom app (Voila)"),
        ("workbench", "copy the course and open the house-rules workbench (Voila)"),
        ("copy", "copy or update the course files only"),
    ):
        command = commands.add_parser(name, help=text, description=text)
        command.add_argument(
            "folder", nargs="?", default="bourre-lessons", help="default: ./bourre-lessons"
        )
    commands.add_parser("where", help="print where this install keeps the course files")
    _compare_parser(commands)
    return parser


def _compare_parser(commands: argparse._SubParsersAction) -> None:
    """The `compare` command's arguments."""
    text = (
        "measure a house rulebook against a preset or another house rulebook, both played "
        "by the same bots on the same deals (docs/house_rules.md)"
    )
    command = commands.add_parser("compare", help=text, description=text)
    command.add_argument(
        "house", help="a house rulebook (.toml file), or the name of a shipped example"
    )
    command.add_argument(
        "--against",
        default=None,
        help="a preset (glimne, wikipedia, pagat) or another .toml file; default: the house's base",
    )
    command.add_argument("--hands", type=int, default=20_000, help="hands to play (default 20000)")
    command.add_argument(
        "--players",
        type=int,
        default=None,
        help="players at the table (default: the house's, or 5)",
    )
    command.add_argument("--seed", type=int, default=0, help="the deals' seed (default 0)")
    command.add_argument("--json", action="store_true", help="print the figures as JSON")


def compare_command(options: argparse.Namespace) -> int:
    """Run `bourre-lessons compare`: the table (or JSON) on stdout, a bad file's problems on
    stderr with exit code 2."""
    from .house import HouseRulesError, example_houses, load_house
    from .sim.house_lab import compare

    try:
        path = Path(options.house)
        examples = example_houses()
        if path.exists():
            house = load_house(path)
        elif options.house in examples:
            house = examples[options.house]
        else:
            raise HouseRulesError(
                f"{path}: no such file; give a house rulebook (.toml) or the name of a "
                f"shipped example: {', '.join(examples)}"
            )
        players = options.players or house.players or 5
        result = compare(
            house, options.against, hands=options.hands, players=players, seed=options.seed
        )
    except (HouseRulesError, ValueError) as error:
        print(f"bourre-lessons compare: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bourre-lessons compare: stopped", file=sys.stderr)
        return 130
    try:
        print(json.dumps(result.to_json_dict(), indent=2) if options.json else result.to_text())
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _launch(
    module: str, arguments: list[str], folder: Path, env: Mapping[str, str] | None = None
) -> int:
    """Run JupyterLab or Voila from this Python, in the course folder; its exit code."""
    try:
        __import__(module)
    except ImportError:
        print(LAB_MISSING.format(python=sys.executable), file=sys.stderr)
        return 1
    command = [sys.executable, "-m", module, *arguments]
    print("Starting:", " ".join(command), flush=True)
    try:
        return subprocess.call(command, cwd=folder, env=None if env is None else dict(env))
    except KeyboardInterrupt:
        return 130


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `bourre-lessons` console command."""
    parser = _parser()
    options, extra = parser.parse_known_args(argv)
    if options.command == "compare":
        if extra:
            parser.error(f"compare: unrecognized arguments: {' '.join(extra)}")
        return compare_command(options)
    if options.command == "where":
        print(course_source())
        return 0
    report = copy_course(options.folder)
    print(report.to_text(), flush=True)
    folder = report.target
    if options.command == "copy":
        return 0
    if options.command == "lab":
        return _launch("jupyterlab", lab_arguments(folder, extra), folder)
    page = VOILA_PAGES[options.command]
    voila = [page, "--Voila.ip=127.0.0.1", VOILA_NO_JUPYTEXT, VOILA_TEMPLATE, *extra]
    return _launch("voila", voila, folder, voila_environment())


def lab_arguments(folder: Path, extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """JupyterLab's arguments for the course copied into `folder`: served from there, opening
    on the welcome lesson, no news pop-up, text pairs hidden, idle kernels culled, then `extra`; an option given in `extra` replaces ours
    (JupyterLab refuses a single-valued option given twice)."""
    given = {arg.split("=", 1)[0] for arg in extra if arg.startswith("--")}
    root = ["--allow-root"] if _is_root() and "--allow-root" not in extra else []
    ours = [f"--ServerApp.root_dir={folder}", *KERNEL_CULLING, *OPEN_WELCOME]
    return [
        *root,
        *(arg for arg in ours if arg.split("=", 1)[0] not in given),
        *HIDE_TEXT_PAIRS,
        *extra,
        WELCOME,
    ]


def _is_root() -> bool:
    """True when running as root (JupyterLab then needs --allow-root, as `make lab` passes)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
