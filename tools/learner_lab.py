"""Start `make lab` as a learner does, but on a free port, with a token and a private Jupyter home.

`make lab` copies the course into LAB_FOLDER and opens JupyterLab there (bourre_lessons/cli.py);
this runs that very target, adding only what a test or a benchmark needs through LAB_ARGS (no
browser, 127.0.0.1, a port, a token, `window.jupyterapp`). The Jupyter configuration, settings,
runtime files and exercise progress go under `home`, never into the user's own folders.
Used by tests/test_make_lab.py, tests/browser/test_browser_make_lab.py and
benchmarks/lab_kernels.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}
"""No news pop-up and no update check (the machine is offline); autosave stays as a learner has
it, so that a test sees what JupyterLab would write on its own."""
KERNEL_PROCESS = "ipykernel_launcher"
COURSE = ("notebooks", "exercises", "present", "docs")
"""The checkout's course folders, which `make lab` must never write to."""


@dataclass
class LearnerLab:
    """A running `make lab`: its process (the leader of its own process group), its address,
    token, the learner's folder and the log."""

    process: subprocess.Popen
    base: str
    token: str
    folder: Path
    log: Path

    def url(self, path: str = "/", **query: str) -> str:
        """A URL on this server with the token (and any other query parameters)."""
        params = "&".join([f"token={self.token}", *(f"{k}={v}" for k, v in query.items())])
        return f"{self.base}{path}?{params}"

    def api(self, path: str, method: str = "GET", body: object = None) -> object:
        """Call the server's REST API; the decoded JSON answer (None when empty)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url(path), data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=120) as response:
            text = response.read()
        return json.loads(text) if text else None

    def log_text(self) -> str:
        """Everything make, the copy and JupyterLab wrote so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kernel_processes(self) -> list:
        """The kernels JupyterLab started, as psutil processes."""
        import psutil

        try:
            tree = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        found = []
        for child in tree:
            try:
                if any(KERNEL_PROCESS in part for part in child.cmdline()):
                    found.append(child)
            except psutil.NoSuchProcess:
                continue
        return found

    def stop(self) -> None:
        """SIGTERM to the process group we started (make, the command, JupyterLab and its
        kernels), SIGKILL to it after 30 s."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sandbox_env(home: Path) -> dict[str, str]:
    """The environment for `make lab`: Jupyter's folders and exercise progress under `home`."""
    env = {k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("BOURRE_LESSONS_DATA", "bourre-data"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    for path, settings in LAB_SETTINGS.items():
        target = home / "lab-settings" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(settings), encoding="utf-8")
    return env


def start_make_lab(
    folder: Path, home: Path, log: Path, extra: Sequence[str] = (), timeout: float = 180
) -> LearnerLab:
    """Run `make lab LAB_FOLDER=folder` from the checkout and wait until JupyterLab answers.
    `extra` goes into LAB_ARGS after the options a test needs (each without spaces)."""
    port, token = free_port(), secrets.token_hex(16)
    lab_args = [
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--LabApp.expose_app_in_browser=True",
        *extra,
    ]
    if any(" " in arg for arg in lab_args):
        raise ValueError(f"LAB_ARGS are split at spaces; these contain one: {lab_args}")
    command = ["make", "--no-print-directory", "lab", f"LAB_FOLDER={folder}"]
    command.append("LAB_ARGS=" + " ".join(lab_args))
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w", encoding="utf-8") as sink:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=sandbox_env(home),
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    lab = LearnerLab(process, f"http://127.0.0.1:{port}", token, Path(folder), log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"`make lab` exited with code {process.returncode}; its log:\n{lab.log_text()}"
            )
        try:
            lab.api("/api/status")
            return lab
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    lab.stop()
    raise RuntimeError(f"`make lab` not serving after {timeout:.0f} s; log:\n{lab.log_text()}")


def course_fingerprints() -> dict[str, str]:
    """sha256 of every course file of the checkout (checkpoints left out)."""
    return {
        str(path.relative_to(ROOT)): hashlib.sha256(path.read_bytes()).hexdigest()
        for folder in COURSE
        for path in sorted((ROOT / folder).rglob("*"))
        if path.is_file() and ".ipynb_checkpoints" not in path.parts
    }


def course_git_status() -> str | None:
    """`git status` of the checkout's course folders ('' when clean), None outside git."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--", *COURSE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout
