"""The workbench's own page is one command away, as the classroom app is: `make workbench` and
`bourre-lessons workbench` serve present/workbench.ipynb with Voila, the way `make present` and
`bourre-lessons present` serve the classroom."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bourre_lessons import cli

ROOT = Path(__file__).resolve().parents[1]


def make_dry_run(target: str) -> str:
    """The commands `make TARGET` would run, the install taken as done (make -n -o install)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    out = subprocess.run(
        ["make", "-n", "-o", "install", target], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_make_workbench_serves_the_workbench_page_as_make_present_serves_the_classroom():
    workbench, present = make_dry_run("workbench"), make_dry_run("present")
    assert "voila present/workbench.ipynb" in workbench
    assert "--template=bourre" in workbench and cli.VOILA_NO_JUPYTEXT in workbench
    assert workbench == present.replace("present/classroom.ipynb", "present/workbench.ipynb")
    page = re.search(r"voila (\S+\.ipynb)", workbench).group(1)
    assert (ROOT / page).is_file()


def test_make_help_names_the_workbench():
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    out = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True)
    assert re.search(r"^make workbench\s+\S.*workbench", out.stdout, re.MULTILINE), out.stdout


@pytest.mark.parametrize(
    ("command", "page"), [("workbench", cli.WORKBENCH), ("present", cli.CLASSROOM)]
)
def test_the_command_copies_the_course_and_opens_its_page_with_voila(
    command, page, tmp_path, monkeypatch
):
    launched = []
    monkeypatch.setattr(cli, "_launch", lambda *args: launched.append(args) or 0)
    assert cli.main([command, str(tmp_path / "mine"), "--port=8877"]) == 0
    ((module, arguments, folder, env),) = launched
    assert module == "voila" and folder == (tmp_path / "mine").resolve()
    assert arguments[0] == page and (folder / page).is_file()
    assert cli.VOILA_TEMPLATE in arguments and cli.VOILA_NO_JUPYTEXT in arguments
    assert arguments[-1] == "--port=8877"
    assert env["JUPYTER_PATH"].startswith(str(cli.VOILA_DATA))


def test_the_command_line_help_lists_the_workbench(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert re.search(
        r"workbench\s+copy the course and open the house-rules workbench", capsys.readouterr().out
    )
