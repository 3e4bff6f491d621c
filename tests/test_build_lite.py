"""tools/build_lite.py without the network: the lock file, the wheels and the site's checks.

The whole build (npm, PyPI, `jupyter lite build`) runs in `make lite`; these tests check the
parts that decide what the site holds and when the build must fail.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lite)


def make_wheel(path: Path, name: str, requires: list[str], files: dict[str, str]) -> Path:
    """A small wheel with METADATA, RECORD and the given files."""
    dist = f"{name.replace('-', '_')}-1.0.dist-info"
    meta = [f"Name: {name}", "Version: 1.0", *(f"Requires-Dist: {r}" for r in requires)]
    with zipfile.ZipFile(path, "w") as archive:
        for file, text in files.items():
            archive.writestr(file, text)
        archive.writestr(f"{dist}/METADATA", "Metadata-Version: 2.1\n" + "\n".join(meta) + "\n")
        record = [f"{f},sha256=x,1" for f in files] + [f"{dist}/METADATA,,", f"{dist}/RECORD,,"]
        archive.writestr(f"{dist}/RECORD", "\n".join(record) + "\n")
    return path


def test_the_matplotlib_magic_is_left_out_of_the_sites_notebooks(tmp_path):
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "source": ["%matplotlib inline\n", "from bourre_lessons import Rules\n"],
            },
            {"cell_type": "markdown", "source": "%matplotlib inline stays in prose"},
            {"cell_type": "code", "source": "x = 1"},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    cells = json.loads(build_lite.browser_notebook(path))["cells"]
    assert cells[0]["source"] == "from bourre_lessons import Rules\n"
    assert cells[1]["source"] == "%matplotlib inline stays in prose"
    assert cells[2]["source"] == "x = 1"


def test_the_sites_wheel_leaves_the_course_out(tmp_path):
    files = {"bourre_lessons/__init__.py": "", "bourre_lessons/course/notebooks/00.ipynb": "{}"}
    source = make_wheel(tmp_path / "in.whl", "bourre-lessons", [], files)
    build_lite.without_course(source, tmp_path / "out.whl")
    with zipfile.ZipFile(tmp_path / "out.whl") as archive:
        names = archive.namelist()
        record = archive.read("bourre_lessons-1.0.dist-info/RECORD").decode()
    assert "bourre_lessons/__init__.py" in names
    assert not [n for n in names if "/course/" in n]
    assert "course" not in record and "bourre_lessons/__init__.py" in record


def test_requirements_are_read_as_pyodide_sees_them():
    found = build_lite.browser_requirements(
        [
            "ipywidgets>=8",
            'pyodide-only; sys_platform == "emscripten"',
            'linux-only; sys_platform == "linux"',
            'old-python; python_version < "3.12"',
            'dev-tool; extra == "dev"',
            "Typing_Extensions>=4",
        ]
    )
    assert found == ["ipywidgets", "pyodide-only", "typing-extensions"]


def test_the_lock_closure_follows_depends_and_fails_on_an_unknown_name():
    packages = {
        "ipython": {"depends": ["traitlets", "Prompt_Toolkit"]},
        "traitlets": {"depends": []},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert build_lite.lock_closure(packages, ["ipython"]) == [
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "wcwidth",
    ]
    with pytest.raises(SystemExit, match="no package 'pandas'"):
        build_lite.lock_closure(packages, ["pandas"])


def test_a_requirement_the_site_does_not_ship_fails_the_build(tmp_path):
    wheel = make_wheel(tmp_path / "w.whl", "widget-kit", ["ipywidgets", "pandas"], {"kit.py": ""})
    with pytest.raises(SystemExit, match="requires pandas, which the site does not ship"):
        build_lite.course_entries({"widget-kit": wheel}, {"ipywidgets", "widget-kit"})


def test_an_excused_requirement_is_left_out_of_the_depends(tmp_path):
    wheel = make_wheel(tmp_path / "w.whl", "course", ["ipywidgets", "numpy"], {"course/a.py": ""})
    entry = build_lite.course_entries({"course": wheel}, {"ipywidgets", "course"})["course"]
    assert entry["depends"] == ["ipywidgets"]
    assert entry["imports"] == ["course"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def fake_site(root: Path, pyodide_url: str = "./static/pyodide/pyodide.mjs") -> Path:
    """A site folder with a lock of two wheels and a jupyter-lite.json."""
    pyodide = root / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in build_lite.PYODIDE_FILES:
        (pyodide / name).write_text("x")
    packages = {}
    for name in ("micropip", "ipython", "jedi", "ipywidgets", "anywidget", "bourre-lessons"):
        wheel = pyodide / f"{name}-1.0-py3-none-any.whl"
        wheel.write_bytes(name.encode())
        packages[name] = {"file_name": wheel.name, "sha256": build_lite.sha256_of(wheel)}
    lock = {"info": {"python": "3.14.2"}, "packages": packages}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))
    settings = {"pyodideUrl": pyodide_url, "disablePyPIFallback": True}
    config = {"jupyter-config-data": {"litePluginSettings": {build_lite.KERNEL_PLUGIN: settings}}}
    (root / "jupyter-lite.json").write_text(json.dumps(config))
    for folder, stem in (("notebooks", "03_x"), ("exercises", "01_y")):
        (root / "files" / folder).mkdir(parents=True)
        (root / "files" / folder / f"{stem}.ipynb").write_text("{}")
    return root


def test_a_complete_site_passes_the_check(tmp_path):
    assert build_lite.check_site(fake_site(tmp_path), "3.14") == []


def test_the_check_finds_a_missing_or_changed_wheel_and_a_remote_pyodide(tmp_path):
    site = fake_site(tmp_path, pyodide_url="https://cdn.example.org/pyodide/pyodide.mjs")
    (site / "static" / "pyodide" / "jedi-1.0-py3-none-any.whl").unlink()
    (site / "static" / "pyodide" / "ipython-1.0-py3-none-any.whl").write_bytes(b"changed")
    (site / "static" / "pyodide" / "python_stdlib.zip").unlink()
    problems = "\n".join(build_lite.check_site(site, "3.14"))
    assert "jedi: jedi-1.0-py3-none-any.whl is missing" in problems
    assert "ipython: the sha256 of ipython-1.0-py3-none-any.whl differs" in problems
    assert "static/pyodide/python_stdlib.zip is missing" in problems
    assert "pyodideUrl must be a path in the site" in problems


def test_the_npm_pin_is_the_pyodide_the_kernel_expects():
    """tools/lite pins the Pyodide version the pinned jupyterlite-pyodide-kernel was made for."""
    pins = build_lite.constraint_pins()
    lock = json.loads((ROOT / "tools" / "lite" / "package-lock.json").read_text())
    npm = build_lite.npm_pyodide_version()
    assert lock["packages"]["node_modules/pyodide"]["version"] == npm
    assert "jupyterlite-pyodide-kernel" in pins
    kernel = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    assert npm == kernel.PYODIDE_VERSION
