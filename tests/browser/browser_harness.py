"""Servers and a browser for the browser tests and for tools/screenshots.py.

JupyterLab and Voila run from this virtual environment on 127.0.0.1, on a free port, with a
token, and are stopped by their PID. The browser is Debian's chromium driven by Python
Playwright: Playwright's own browser download does not work offline and is never used.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
LOCAL = "127.0.0.1"
CHROMIUM = Path(os.environ.get("BOURRE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = (
    "Debian's chromium is needed at {path} for the browser tests. Install it with\n"
    "    make chromium\n"
    "or, as root, `apt-get update && apt-get install -y chromium` "
    "(or set BOURRE_CHROMIUM to another chromium binary)."
)
# Same flags as `make present` (the jupytext front-end extension cannot load inside Voila).
VOILA_FLAGS = ["--VoilaConfiguration.extension_denylist=jupyterlab-jupytext", "--template=bourre"]
"""and the course's template, Voila's "lab" without its CDN stylesheets (bourre_lessons/voila)."""
CLASSROOM_NOTEBOOK = ROOT / "present" / "classroom.ipynb"
# User settings for the test Lab: no news pop-up, no update check, no autosave.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


def artifacts_dir() -> Path:
    """Where screenshots and console logs of failures go (BOURRE_BROWSER_ARTIFACTS)."""
    path = Path(os.environ.get("BOURRE_BROWSER_ARTIFACTS", ROOT / "test-artifacts" / "browser"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def require_chromium() -> Path:
    """The chromium binary, or RuntimeError saying how to install it."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        raise RuntimeError(INSTALL_HINT.format(path=CHROMIUM))
    return CHROMIUM


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A server process we started: its base URL, token and log file."""

    name: str
    process: subprocess.Popen
    base: str
    token: str
    log: Path
    _log_file: object = field(repr=False, default=None)

    def url(self, path: str = "/", **query: str) -> str:
        """A URL on this server with the token (and any other query parameters)."""
        params = "&".join([f"token={self.token}", *(f"{k}={v}" for k, v in query.items())])
        return f"{self.base}{path}?{params}"

    def log_tail(self, lines: int = 40) -> str:
        """The last lines the server wrote."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """SIGTERM to our PID (the server shuts its kernels down), SIGKILL after 20 s."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        if self._log_file is not None:
            self._log_file.close()


def _wait_until_ready(server: Server, probe: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            server.stop()
            raise RuntimeError(
                f"{server.name} exited with code {server.process.returncode} before it was "
                f"ready; its log ({server.log}) ends:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(probe, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"{server.name} not ready after {timeout:.0f} s; log:\n{server.log_tail()}")


def _start(name: str, argv: list[str], env: dict[str, str], log: Path, port: int, token: str):
    log.parent.mkdir(parents=True, exist_ok=True)
    log_file = log.open("w", encoding="utf-8")
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )
    return Server(name, process, f"http://127.0.0.1:{port}", token, log, log_file)


def _server_env(home: Path, settings: dict[str, dict] | None = None) -> dict[str, str]:
    """Environment for a server: Jupyter config, settings and progress all under `home`;
    `settings` adds or overrides Lab user settings (file name to its content)."""
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("BOURRE_LESSONS_DATA", "bourre-data"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    for path, content in {**LAB_SETTINGS, **(settings or {})}.items():
        target = home / "lab-settings" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(content), encoding="utf-8")
    return env


def start_lab(
    root_dir: Path,
    home: Path,
    log: Path,
    timeout: float = 90,
    settings: dict[str, dict] | None = None,
) -> Server:
    """JupyterLab serving `root_dir`, with `window.jupyterapp` exposed for the tests;
    `settings`: more Lab user settings (the robot learner attaches every cell)."""
    port, token = free_port(), secrets.token_hex(16)
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")
    server = _start("jupyter lab", argv, _server_env(home, settings), log, port, token)
    _wait_until_ready(server, server.url("/api/status"), timeout)
    return server


def start_voila(notebook: Path, home: Path, log: Path, timeout: float = 60) -> Server:
    """Voila serving one notebook as an app, as `make present` does but on a free port."""
    port, token = free_port(), secrets.token_hex(16)
    argv = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--token={token}",
        *VOILA_FLAGS,
    ]
    from bourre_lessons.cli import voila_environment

    server = _start("voila", argv, voila_environment(_server_env(home)), log, port, token)
    _wait_until_ready(server, server.url("/voila/static/voila.js"), timeout)
    return server


@contextmanager
def chromium(user_data_dir: Path, width: int = 1400, height: int = 1000) -> Iterator[object]:
    """A Playwright browser context on Debian's chromium with a fresh user-data dir."""
    from playwright.sync_api import sync_playwright

    executable = require_chromium()
    if user_data_dir.exists():
        shutil.rmtree(user_data_dir)
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(user_data_dir),
            executable_path=str(executable),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": width, "height": height},
        )
        try:
            yield context
        finally:
            context.close()


class ConsoleLog:
    """Everything a page writes to its console, and uncaught page errors, in order."""

    def __init__(self, page) -> None:
        self.lines: list[str] = []
        page.on("console", lambda m: self.lines.append(f"[{m.type}] {m.text}"))
        page.on("pageerror", lambda e: self.lines.append(f"[pageerror] {e}"))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def save_page_artifacts(page, console: ConsoleLog, name: str) -> list[Path]:
    """Write a full-page screenshot and the console log under artifacts_dir(); returns them."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:150]
    folder = artifacts_dir()
    saved = []
    log = folder / f"{safe}.console.log"
    log.write_text(console.text(), encoding="utf-8")
    saved.append(log)
    try:
        shot = folder / f"{safe}.png"
        page.screenshot(path=str(shot), full_page=True, timeout=15000)
        saved.append(shot)
    except Exception as problem:  # a crashed page still leaves its console log
        log.write_text(console.text() + f"\n(screenshot failed: {problem})\n", encoding="utf-8")
    return saved


# --- a static site on 127.0.0.1 (the JupyterLite site of `make lite`) -------------------------


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder's files with the types a browser insists on; logs nothing."""

    extensions_map = {  # noqa: RUF012 - the base class's own attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """`folder` served on 127.0.0.1 from a thread, on a free port; yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer((LOCAL, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL}:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def is_local(url: str) -> bool:
    """True for a URL on 127.0.0.1 or one that names no host (data:, blob:, about:)."""
    parsed = urlparse(url)
    return parsed.scheme in {"data", "blob", "about"} or parsed.hostname == LOCAL
