"""`make lab` opens the learner's own copy of the course and never writes into the checkout.

The real target runs (tools/learner_lab.py adds only a port, a token and no browser): it copies
the course into LAB_FOLDER and serves JupyterLab from there. A lesson is opened as JupyterLab
opens it (a session starts its kernel) and saved back as its Save does; the checkout's course
files and `git status` must be as they were, and the server must cull idle kernels.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bourre_lessons import cli

ROOT = Path(__file__).resolve().parents[1]
LESSON = "notebooks/03_follow_and_beat.ipynb"
_spec = importlib.util.spec_from_file_location("learner_lab", ROOT / "tools" / "learner_lab.py")
learner_lab = sys.modules.setdefault("learner_lab", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(learner_lab)

pytestmark = pytest.mark.slow


def fingerprints() -> dict[str, str]:
    return learner_lab.course_fingerprints()


def git_status() -> str:
    status = learner_lab.course_git_status()
    if status is None:
        pytest.skip("not a git checkout")
    return status


def test_make_lab_serves_a_copy_and_leaves_the_checkout_alone(tmp_path):
    before, status = fingerprints(), git_status()
    folder = tmp_path / "my-lessons"
    lab = learner_lab.start_make_lab(folder, tmp_path / "home", tmp_path / "lab.log")
    try:
        listing = lab.api("/api/contents/notebooks")
        session = lab.api(
            "/api/sessions",
            "POST",
            {"path": LESSON, "type": "notebook", "name": "", "kernel": {"name": "python3"}},
        )
        model = lab.api(f"/api/contents/{LESSON}")
        lab.api(
            f"/api/contents/{LESSON}",
            "PUT",
            {"type": "notebook", "format": "json", "content": model["content"]},
        )
        lab.api(f"/api/sessions/{session['id']}", "DELETE")
    finally:
        lab.stop()
    log = lab.log_text()
    assert fingerprints() == before, "make lab changed the checkout's course files"
    assert git_status() == status
    assert f"Serving notebooks from local directory: {folder}" in log, log
    served = {item["name"] for item in listing["content"]}
    assert served == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}, "one file a lesson"
    assert "Culling kernels with idle durations > 900 seconds at 60 second intervals" in log
    assert "Culling kernels even with connected clients" in log
    saved = (folder / LESSON).read_bytes()
    assert saved == cli.learner_copy(ROOT / LESSON), "saving an opened lesson rewrote it"
    record = json.loads((folder / cli.RECORD).read_text())
    assert LESSON in record["files"]


def test_a_lab_option_given_twice_is_ours_replaced_not_repeated():
    """JupyterLab stops on a single-valued option given twice; LAB_ARGS may replace ours."""
    arguments = cli.lab_arguments(Path("/x"), ["--MappingKernelManager.cull_idle_timeout=0"])
    timeouts = [a for a in arguments if a.startswith("--MappingKernelManager.cull_idle_timeout")]
    assert timeouts == ["--MappingKernelManager.cull_idle_timeout=0"]
    assert "--MappingKernelManager.cull_connected=True" in arguments
    assert arguments[-1] == cli.WELCOME
    default = cli.lab_arguments(Path("/x"))
    assert "--MappingKernelManager.cull_idle_timeout=900" in default
    assert "--ServerApp.root_dir=/x" in default


def test_the_culling_settings_are_read_by_jupyter_server_itself():
    """The options reach the kernel manager JupyterLab uses, through its own config loader."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config.loader import KVArgParseConfigLoader

    config = KVArgParseConfigLoader(
        list(cli.KERNEL_CULLING), classes=[AsyncMappingKernelManager]
    ).load_config()
    manager = AsyncMappingKernelManager(config=config)
    assert manager.cull_idle_timeout == cli.CULL_IDLE_MINUTES * 60
    assert manager.cull_interval == cli.CULL_EVERY_SECONDS
    assert manager.cull_connected is True
    assert manager.cull_busy is False, "a lesson still running is never culled"
    with pytest.raises(ValueError, match="must be positive"):
        cli.kernel_culling(0, 60)


def test_the_makefile_opens_the_learners_copy_and_git_ignores_it():
    dry = subprocess.run(
        ["make", "-n", "--no-print-directory", "lab", "LAB_FOLDER=elsewhere"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert '-m bourre_lessons lab "elsewhere"' in dry, dry
    assert "--ServerApp.root_dir" not in dry, "the Makefile no longer serves the checkout"
    ignored = subprocess.run(
        ["git", "check-ignore", "my-lessons/notebooks/00_welcome.ipynb"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ignored.returncode == 0, "my-lessons/ must be git-ignored"


def test_the_printed_address_opens_the_welcome_lesson_without_a_news_pop_up():
    """`make lab --no-browser` prints JupyterLab's default URL: it is the welcome lesson, not
    the Launcher; and the course's settings overrides (read by jupyterlab_server itself) turn
    the news question and the update check off (issue 28)."""
    from jupyterlab.labapp import LabApp
    from jupyterlab_server.settings_utils import get_settings
    from traitlets.config.loader import KVArgParseConfigLoader

    arguments = cli.lab_arguments(Path("/x"))
    config = KVArgParseConfigLoader(
        [a for a in arguments if a.startswith("--LabApp.")], classes=[LabApp]
    ).load_config()
    assert config.LabApp.default_url == f"/lab/tree/{cli.WELCOME}"
    settings_dir = Path(config.LabApp.app_settings_dir)
    assert (settings_dir / "overrides.json").is_file()
    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    found, _warnings = get_settings(str(settings_dir), str(schemas), "/nonexistent-user-settings")
    notification = next(
        s for s in found["settings"] if s["id"] == "@jupyterlab/apputils-extension:notification"
    )
    properties = notification["schema"]["properties"]
    assert properties["fetchNews"]["default"] == "false"
    assert properties["checkForUpdates"]["default"] is False
