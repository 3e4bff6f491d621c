"""A plain pip install, as a learner without the repository or make would do it.

The wheel is built from this checkout, installed with its `lab` extra into a fresh virtual
environment (pinned by constraints.txt, packages from the configured registry), and the
`bourre-lessons` command copies the course and starts JupyterLab on the welcome notebook.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.wheel, pytest.mark.slow]


def run(*command: str | Path, cwd: Path, timeout: int = 600) -> str:
    """Run a command outside the checkout (no PYTHONPATH), fail with its output."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel and its lab extra; its bin folder."""
    work = tmp_path_factory.mktemp("wheel")
    started = time.monotonic()
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-w", work / "dist", cwd=work)
    (wheel,) = (work / "dist").glob("bourre_lessons-*.whl")
    base = getattr(sys, "_base_executable", sys.executable)
    run(base, "-m", "venv", work / "venv", cwd=work)
    pip = [work / "venv" / "bin" / "python", "-m", "pip", "install", "--quiet"]
    run(*pip, "-c", ROOT / "constraints.txt", f"{wheel}[lab]", cwd=work)
    print(f"wheel built and installed in {time.monotonic() - started:.0f} s")
    return work / "venv" / "bin"


def test_the_wheel_carries_the_course_and_the_command_copies_it(installed, tmp_path):
    out = run(installed / "bourre-lessons", "copy", tmp_path / "course", cwd=tmp_path)
    lessons = sorted(p.name for p in (tmp_path / "course" / "notebooks").glob("*.ipynb"))
    expected = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert lessons == expected
    assert (tmp_path / "course" / "present" / "classroom.ipynb").is_file()
    assert not list((tmp_path / "course").rglob("*.md")) or all(
        p.parts[-2] == "docs" for p in (tmp_path / "course").rglob("*.md")
    )
    assert f"{len(lessons)}" in out or "added" in out


def test_the_installed_package_runs_without_the_checkout(installed, tmp_path):
    code = (
        "import bourre_lessons, sys; from bourre_lessons import Rules, legal_plays, Situation;"
        "s = Situation(hand='H7 HK S2', trump='S', trick='H9');"
        "print(bourre_lessons.__file__); print(' '.join(c.code for c in legal_plays(s, Rules())))"
    )
    out = run(installed / "python", "-c", code, cwd=tmp_path)
    where, legal = out.strip().splitlines()
    assert "site-packages" in where and str(ROOT) not in where
    assert legal == "HK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_lab_command_opens_jupyterlab_on_the_welcome_notebook(installed, tmp_path):
    port, token = free_port(), "wheel-test"
    command = [
        installed / "bourre-lessons",
        "lab",
        tmp_path / "course",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        "--ServerApp.browser=echo OPEN %s",
    ]
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    log = tmp_path / "lab.log"
    with log.open("w") as sink:
        lab = subprocess.Popen(
            [str(c) for c in command],
            cwd=tmp_path,
            env=env,
            stdout=sink,
            stderr=sink,
            start_new_session=True,
        )
    try:
        listing = wait_for_json(f"http://127.0.0.1:{port}/api/contents/exercises?token={token}")
        opened = wait_for_open_page(tmp_path / "runtime")
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=30)
    assert {item["name"] for item in listing["content"]} >= {"01_which_cards.ipynb"}
    assert re.search(r"/lab/tree/notebooks/00_welcome\.ipynb", opened), log.read_text()


def wait_for_json(url: str, seconds: float = 90) -> dict:
    """The JSON at `url` once the server answers (it starts in a few seconds)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.load(response)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def wait_for_open_page(runtime: Path, seconds: float = 30) -> str:
    """The page JupyterLab asked the 'browser' to open (it redirects to the notebook)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pages = list(runtime.glob("jpserver-file-to-run-*-open.html"))
        if pages:
            return pages[0].read_text()
        time.sleep(0.5)
    raise AssertionError(f"JupyterLab wrote no page to open in {runtime}")
