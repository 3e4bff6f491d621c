"""Build the course as a static JupyterLite site in build/lite/ (`make lite`).

Everything the site needs is served from the site itself; nothing is fetched from another
host when a learner opens it. The steps:

1. the Pyodide core from the npm registry, at the version pinned in tools/lite/package.json
   and package-lock.json (`npm ci`); it must be the version jupyterlite-pyodide-kernel expects;
2. the wheels the kernel loads from Pyodide's lock file at start (micropip, IPython, jedi and
   their dependencies), downloaded from PyPI at the lock's versions; PyPI's files differ from
   Pyodide's rebuilds, so each one's sha256 in the lock is rewritten to the downloaded file's;
3. the wheels the course imports (comm, ipywidgets, anywidget, psygnal) at the versions of
   constraints.txt, and this package as a pure-Python wheel without the course files; all are
   added to the lock, so `import bourre_lessons` in a cell loads them with no `%pip install`;
4. every other package is taken out of the lock: an import of NumPy or matplotlib fails at
   once in the browser instead of reaching out, and the package answers without them (the
   simulator's plain-Python twins, `sim.backend`; a chart's numbers as a table, drawn in plain
   Python above it);
5. the lessons, exercises, classroom notebook and docs as the site's files, with the
   `%matplotlib inline` line left out (there is no matplotlib in the browser);
6. `jupyter lite build` with only the widget manager, anywidget and the Pyodide kernel as
   extensions and the PyPI fallback switched off; then every file the lock names is checked
   against its sha256, and a missing or wrong one fails the build.

Downloads are cached in .cache/lite/. The build is skipped when none of its inputs changed
since the last build (their fingerprint is kept beside the downloads); `--force` rebuilds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from email.parser import Parser
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NPM_PROJECT = ROOT / "tools" / "lite"
CACHE = ROOT / ".cache" / "lite"
OUTPUT = ROOT / "build" / "lite"
CONSTRAINTS = ROOT / "constraints.txt"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# Pyodide's lock entries the kernel loads before the first cell runs (with their depends).
KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
# Wheels the course imports in the browser, pinned in constraints.txt; added to the lock.
COURSE_PACKAGES = ("comm", "ipywidgets", "anywidget", "psygnal")
# Requirements that the browser does without, and why; any other missing one fails the build.
NOT_IN_BROWSER = {
    "widgetsnbextension": "the classic notebook's front end; the site has the Lab one",
    "jupyterlab-widgets": "the Lab front end of ipywidgets, taken into the site as an extension",
    "numpy": "no NumPy wheel for Pyodide on PyPI; the simulator runs in plain Python there",
    "numba": "no Numba in Pyodide; the simulator runs in plain Python there",
    "matplotlib": "no matplotlib wheel for Pyodide on PyPI; a chart shows a table there",
    "filelock": "one browser tab, no other process writes the progress file",
}
# Federated extensions of the build environment that the site needs (the others are left out).
EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "@jupyterlite/pyodide-kernel-extension",
)
# Files of the npm package that the kernel loads (pyodide.mjs imports the others).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The course as the site's files: (folder, pattern).
CONTENTS = (
    ("notebooks", "*.ipynb"),
    ("exercises", "*.ipynb"),
    ("present", "*.ipynb"),
    ("docs", "*.md"),
    ("docs", "*.pdf"),
    ("docs", "*.png"),
    ("docs/img", "*.png"),
)
# Inputs whose change rebuilds the site (besides the tools' versions).
FINGERPRINT_GLOBS = (
    "tools/build_lite.py",
    "tools/lite/package.json",
    "tools/lite/package-lock.json",
    "constraints.txt",
    "pyproject.toml",
    "setup.py",
    "bourre_lessons/**/*.py",
    "bourre_lessons/**/*.js",
    "bourre_lessons/**/*.css",
    "bourre_lessons/**/*.json",
    "bourre_lessons/**/*.txt",
    "bourre_lessons/**/*.woff2",
    *(f"{folder}/{pattern}" for folder, pattern in CONTENTS),
)
MATPLOTLIB_MAGIC = re.compile(r"^\s*%matplotlib\b.*$\n?", re.MULTILINE)
# Where Pyodide runs: used to evaluate the markers of a wheel's requirements.
BROWSER_MARKERS = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


class BuildError(SystemExit):
    """The site cannot be built as asked: the message says what is missing and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"make lite: {message}")


def log(message: str) -> None:
    """One line of progress on stdout."""
    print(f"lite: {message}", flush=True)


def run(*argv: object, cwd: Path | None = None) -> None:
    """Run a command; a failure stops the build with the command and its exit code."""
    args = [str(a) for a in argv]
    try:
        subprocess.run(args, cwd=cwd, check=True)
    except FileNotFoundError as missing:
        raise BuildError(
            f"{args[0]} is not installed ({missing}); it is needed for {args}"
        ) from None
    except subprocess.CalledProcessError as failed:
        raise BuildError(f"`{' '.join(args)}` failed with exit code {failed.returncode}") from None


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    """A project name as Pyodide's lock keys it (PEP 503: lower case, runs of -_. as -)."""
    return re.sub(r"[-_.]+", "-", name).lower()


# --- pins ------------------------------------------------------------------------------------


def constraint_pins(path: Path = CONSTRAINTS) -> dict[str, str]:
    """The `name==version` pins of constraints.txt, by canonical name."""
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, version = line.split("#")[0].split(";")[0].strip().partition("==")
        if sep:
            pins[canonical(name)] = version.strip()
    return pins


def expected_pyodide() -> str:
    """The Pyodide version the installed jupyterlite-pyodide-kernel was made for."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        raise BuildError(
            "jupyterlite-pyodide-kernel is not installed: install the `lite` extra "
            '(pip install -c constraints.txt -e ".[lite]")'
        ) from None
    return PYODIDE_VERSION


def npm_pyodide_version() -> str:
    """The Pyodide version pinned in tools/lite/package.json."""
    package = json.loads((NPM_PROJECT / "package.json").read_text(encoding="utf-8"))
    return package["dependencies"]["pyodide"]


def tool_versions() -> dict[str, str]:
    """Versions of the build tools that shape the site."""
    names = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab", "jupyter-server")
    found = {}
    for name in names:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise BuildError(
                f"{name} is not installed: install the `lite` extra "
                '(pip install -c constraints.txt -e ".[lite]")'
            ) from None
    return found


# --- fingerprint -------------------------------------------------------------------------------


def input_files() -> list[Path]:
    """Every file whose content goes into the site, sorted."""
    found: set[Path] = set()
    for pattern in FINGERPRINT_GLOBS:
        found.update(p for p in ROOT.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)
    return sorted(found)


def fingerprint() -> str:
    """sha256 over the inputs' paths and bytes and the build tools' versions."""
    digest = hashlib.sha256(json.dumps(tool_versions(), sort_keys=True).encode())
    for path in input_files():
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


# --- Pyodide from npm --------------------------------------------------------------------------


def pyodide_core(version: str) -> Path:
    """The npm package `pyodide` installed from tools/lite's lock file; its folder."""
    work = CACHE / "npm"
    work.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(NPM_PROJECT / name, work / name)
    folder = work / "node_modules" / "pyodide"
    installed = folder / "package.json"
    if not (installed.is_file() and json.loads(installed.read_text())["version"] == version):
        log(f"npm ci: pyodide {version}")
        run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", cwd=work)
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise BuildError(f"the npm package pyodide@{version} has no {', '.join(missing)}")
    return folder


# --- wheels ------------------------------------------------------------------------------------


def download(name: str, version: str, python: str) -> Path:
    """A pure-Python wheel `name==version` from PyPI, cached in .cache/lite/wheels/."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    cached = find_wheel(folder, name, version)
    if cached is None:
        log(f"pip download {name}=={version}")
        run(
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--platform", "any", "--implementation", "py",
            "--abi", "none", "--python-version", python, "-d", folder, f"{name}=={version}",
        )  # fmt: skip
        cached = find_wheel(folder, name, version)
    if cached is None:
        raise BuildError(f"no pure-Python wheel of {name}=={version} was downloaded")
    return cached


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    """The pure-Python wheel of that project and version in `folder`, if there."""
    for path in sorted(folder.glob("*.whl")):
        project, wheel_version, *_rest = path.name.split("-")
        same = canonical(project) == canonical(name) and wheel_version == version
        if same and path.name.endswith("-none-any.whl"):
            return path
    return None


def wheel_metadata(wheel: Path) -> dict[str, object]:
    """Name, version, top-level import names and requirements read from a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(f"{dist_info}/METADATA").decode("utf-8"))
    tops = sorted(
        {
            n.split("/")[0].removesuffix(".py")
            for n in names
            if not n.split("/")[0].endswith((".dist-info", ".data"))
            and (n.endswith(".py") or "/" in n)
        }
    )
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "imports": [t for t in tops if t.isidentifier()],
        "requires": meta.get_all("Requires-Dist") or [],
    }


def browser_requirements(requires: Iterable[str]) -> list[str]:
    """The canonical names of the requirements that apply in Pyodide (extras left out)."""
    from packaging.requirements import Requirement

    found = []
    for text in requires:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(BROWSER_MARKERS):
            found.append(canonical(requirement.name))
    return found


def course_wheel() -> Path:
    """This package as a pure-Python wheel, without the course files the site serves itself."""
    folder = Path(tempfile.mkdtemp(prefix="bourre-lite-wheel-"))
    log("pip wheel . (this package)")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", folder, ROOT)
    (built,) = folder.glob("bourre_lessons-*-py3-none-any.whl")
    target = CACHE / "dist" / built.name
    target.parent.mkdir(parents=True, exist_ok=True)
    without_course(built, target)
    shutil.rmtree(folder)
    return target


def without_course(source: Path, target: Path) -> None:
    """Copy a wheel leaving out bourre_lessons/course/ (its RECORD lines too)."""
    skip = "bourre_lessons/course/"
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename.startswith(skip):
                continue
            data = old.read(info.filename)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if not line.startswith(skip)).encode()
            new.writestr(info, data)


# --- the lock file -----------------------------------------------------------------------------


def lock_closure(packages: dict[str, dict], roots: Iterable[str]) -> list[str]:
    """The lock's names needed by `roots`, following each entry's depends."""
    needed: list[str] = []
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide's lock file has no package {name!r}")
        needed.append(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(needed)


def lock_entry(wheel: Path, depends: list[str]) -> dict[str, object]:
    """A pyodide-lock.json entry for a pure-Python wheel next to pyodide.mjs."""
    meta = wheel_metadata(wheel)
    return {
        "name": canonical(str(meta["name"])),
        "version": meta["version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": meta["imports"],
        "depends": depends,
        "unvendored_tests": False,
    }


def course_entries(wheels: dict[str, Path], shipped: set[str]) -> dict[str, dict]:
    """Lock entries for the course's wheels; a requirement neither shipped nor excused fails."""
    entries = {}
    for name, wheel in wheels.items():
        depends = []
        for need in browser_requirements(wheel_metadata(wheel)["requires"]):  # type: ignore[arg-type]
            if need in shipped:
                depends.append(need)
            elif need not in NOT_IN_BROWSER:
                raise BuildError(
                    f"{wheel.name} requires {need}, which the site does not ship: add it to "
                    f"COURSE_PACKAGES (pinned in constraints.txt) or to NOT_IN_BROWSER with a reason"
                )
        entries[name] = lock_entry(wheel, sorted(set(depends)))
    return entries


def build_lock(core: Path, pyodide_dir: Path, python: str) -> dict[str, object]:
    """Write the site's pyodide-lock.json and its wheels into `pyodide_dir`; returns the lock."""
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    pins = constraint_pins()
    course = {}
    for name in COURSE_PACKAGES:
        if canonical(name) not in pins:
            raise BuildError(f"{name} is not pinned in constraints.txt")
        course[canonical(name)] = download(name, pins[canonical(name)], python)
    course["bourre-lessons"] = course_wheel()
    in_lock = {canonical(str(wheel_metadata(w)["name"])) for w in course.values()}
    roots = [*KERNEL_PACKAGES]
    for wheel in course.values():
        for need in browser_requirements(wheel_metadata(wheel)["requires"]):  # type: ignore[arg-type]
            if need in packages and need not in in_lock and need not in NOT_IN_BROWSER:
                roots.append(need)
    kept = {}
    for name in lock_closure(packages, roots):
        entry = dict(packages[name])
        wheel = download(entry["name"], entry["version"], python)
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256_of(wheel)
        shutil.copyfile(wheel, pyodide_dir / wheel.name)
        kept[name] = entry
    shipped = set(kept) | set(course)
    for name, entry in course_entries(course, shipped).items():
        shutil.copyfile(course[name], pyodide_dir / str(entry["file_name"]))
        kept[name] = entry
    lock["packages"] = dict(sorted(kept.items()))
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    log(f"pyodide-lock.json: {len(kept)} packages, all served from the site")
    return lock


# --- the JupyterLite build ---------------------------------------------------------------------


def stage_contents(target: Path) -> int:
    """Copy the course into `target` as the site's files; returns how many."""
    count = 0
    for folder, pattern in CONTENTS:
        for source in sorted((ROOT / folder).glob(pattern)):
            destination = target / folder / source.name
            destination.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix == ".ipynb":
                destination.write_text(browser_notebook(source), encoding="utf-8")
            else:
                shutil.copyfile(source, destination)
            count += 1
    if not any((target / "notebooks").glob("03_*.ipynb")):
        raise BuildError("the lessons are missing: no notebooks/03_*.ipynb")
    return count


def browser_notebook(path: Path) -> str:
    """The notebook's JSON with every `%matplotlib` line left out of its code cells."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        cell["source"] = MATPLOTLIB_MAGIC.sub("", source)
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def extension_dirs() -> list[str]:
    """The build environment's folders of the extensions in EXTENSIONS; a missing one fails."""
    base = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    missing = [name for name in EXTENSIONS if not (base / name / "package.json").is_file()]
    if missing:
        raise BuildError(f"lab extensions missing from {base}: {', '.join(missing)}")
    return [str(base / name) for name in EXTENSIONS]


def lite_config(lite_dir: Path) -> None:
    """jupyter-lite.json (PyPI fallback off) and jupyter_lite_config.json (extensions)."""
    settings = {KERNEL_PLUGIN: {"disablePyPIFallback": True}}
    site = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "Bourré lessons", "litePluginSettings": settings},
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(site, indent=2), encoding="utf-8")
    build = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": extension_dirs(),
            "apps": ["lab", "notebooks"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        }
    }
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build, indent=2), "utf-8")


def jupyter_lite_build(lite_dir: Path, contents: Path, output: Path) -> None:
    """Run `jupyter lite build` into a fresh `output`."""
    if output.exists():
        shutil.rmtree(output)
    run(
        sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir,
        "--contents", contents, "--output-dir", output,
        cwd=lite_dir,  # its task database (.jupyterlite.doit.db) is written to the cwd
    )  # fmt: skip


# --- checks ------------------------------------------------------------------------------------


def check_site(output: Path, python: str) -> list[str]:
    """What is wrong with a built site (empty when it is complete and self-contained)."""
    problems = []
    pyodide_dir = output / "static" / "pyodide"
    lock_path = pyodide_dir / "pyodide-lock.json"
    if not lock_path.is_file():
        return [f"{lock_path} is missing"]
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    if not lock["info"]["python"].startswith(python):
        problems.append(f"the lock is for Python {lock['info']['python']}, not {python}")
    for name in PYODIDE_FILES:
        if not (pyodide_dir / name).is_file():
            problems.append(f"static/pyodide/{name} is missing")
    for name, entry in lock["packages"].items():
        wheel = pyodide_dir / entry["file_name"]
        if not wheel.is_file():
            problems.append(f"{name}: {entry['file_name']} is missing")
        elif sha256_of(wheel) != entry["sha256"]:
            problems.append(f"{name}: the sha256 of {entry['file_name']} differs from the lock")
    for name in ("micropip", "ipython", "jedi", "ipywidgets", "anywidget", "bourre-lessons"):
        if name not in lock["packages"]:
            problems.append(f"the lock has no {name}")
    problems += check_config(output)
    for notebook in ("notebooks/03_", "exercises/01_"):
        folder, stem = notebook.split("/")
        if not any((output / "files" / folder).glob(f"{stem}*.ipynb")):
            problems.append(f"files/{notebook}*.ipynb is missing")
    return problems


def check_config(output: Path) -> list[str]:
    """The site's jupyter-lite.json loads Pyodide from the site, with the PyPI fallback off."""
    problems = []
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    url = kernel.get("pyodideUrl", "")
    if not url or "://" in url or url.startswith("//"):
        problems.append(f"pyodideUrl must be a path in the site, not {url!r}")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not true: a missing wheel would be fetched")
    for extension in data.get("federated_extensions", []):
        if extension["name"] not in EXTENSIONS:
            problems.append(f"unexpected extension {extension['name']} in the site")
    return problems


# --- main --------------------------------------------------------------------------------------


def build(output: Path) -> None:
    """Build the whole site into `output`."""
    version = expected_pyodide()
    pinned = npm_pyodide_version()
    if pinned != version:
        raise BuildError(
            f"tools/lite/package.json pins pyodide {pinned}, but jupyterlite-pyodide-kernel "
            f"{metadata.version('jupyterlite-pyodide-kernel')} expects {version}: pin {version} "
            "and run `npm install --package-lock-only` in tools/lite"
        )
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION as python

    core = pyodide_core(version)
    stage = CACHE / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    pyodide_dir = stage / "lite" / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(core / name, pyodide_dir / name)
    build_lock(core, pyodide_dir, python)
    lite_config(stage / "lite")
    log(f"{stage_contents(stage / 'contents')} course files staged")
    jupyter_lite_build(stage / "lite", stage / "contents", output)
    (output / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
    problems = check_site(output, python)
    if problems:
        raise BuildError("the built site is incomplete:\n  " + "\n  ".join(problems))


def main(argv: list[str] | None = None) -> int:
    """Build build/lite/ unless it is up to date; exit 0 when the site is complete."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    stamp = CACHE / f"built-{hashlib.sha256(str(output).encode()).hexdigest()[:12]}.sha256"
    wanted = fingerprint()
    if not args.force and stamp.is_file() and stamp.read_text() == wanted:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

        if not check_site(output, PYODIDE_PYTHON_VERSION):
            log(
                f"{output.relative_to(ROOT) if output.is_relative_to(ROOT) else output} is up to date"
            )
            return 0
    started = time.monotonic()
    stamp.unlink(missing_ok=True)
    build(output)
    CACHE.mkdir(parents=True, exist_ok=True)
    stamp.write_text(wanted)
    size = sum(p.stat().st_size for p in walk(output))
    log(f"built {output} in {time.monotonic() - started:.0f} s, {size / 1e6:.1f} MB")
    return 0


def walk(folder: Path) -> Iterator[Path]:
    """Every file under a folder."""
    return (p for p in folder.rglob("*") if p.is_file())


if __name__ == "__main__":
    sys.exit(main())
