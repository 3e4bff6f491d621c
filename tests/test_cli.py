"""The `bourre-lessons` command: copying the course never overwrites a learner's changes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from bourre_lessons import cli


def notebook(text: str) -> str:
    """A tiny notebook with one markdown cell and jupytext pairing metadata."""
    return json.dumps(
        {
            "cells": [{"cell_type": "markdown", "metadata": {}, "source": text}],
            "metadata": {"jupytext": {"formats": "ipynb,md:myst"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course source folder shaped like the real one."""
    source = tmp_path / "course"
    (source / "notebooks").mkdir(parents=True)
    (source / "exercises").mkdir()
    (source / "docs").mkdir()
    (source / "notebooks" / "00_welcome.ipynb").write_text(notebook("Welcome"))
    (source / "notebooks" / "00_welcome.md").write_text("the text pair")
    (source / "notebooks" / "01_first.ipynb").write_text(notebook("First hand"))
    (source / "exercises" / "01_which.ipynb").write_text(notebook("Which cards"))
    (source / "docs" / "glossary.md").write_text("# Glossary\n")
    (source / "notebooks" / ".ipynb_checkpoints").mkdir()
    (source / "notebooks" / ".ipynb_checkpoints" / "x.ipynb").write_text(notebook("old"))
    return source


def test_a_first_copy_brings_every_notebook_and_no_text_pair(course, tmp_path):
    report = cli.copy_course(tmp_path / "mine", source=course)
    assert sorted(report.added) == [
        "docs/glossary.md",
        "exercises/01_which.ipynb",
        "notebooks/00_welcome.ipynb",
        "notebooks/01_first.ipynb",
    ]
    assert not (tmp_path / "mine" / "notebooks" / "00_welcome.md").exists()
    assert not (tmp_path / "mine" / "notebooks" / ".ipynb_checkpoints").exists()


def test_copied_notebooks_lose_their_jupytext_pairing(course, tmp_path):
    cli.copy_course(tmp_path / "mine", source=course)
    copied = json.loads((tmp_path / "mine" / "notebooks" / "01_first.ipynb").read_text())
    assert "jupytext" not in copied["metadata"]
    assert copied["cells"][0]["source"] == "First hand"


def test_copying_again_changes_nothing(course, tmp_path):
    cli.copy_course(tmp_path / "mine", source=course)
    again = cli.copy_course(tmp_path / "mine", source=course)
    assert (again.added, again.updated, again.offered) == ([], [], [])
    assert len(again.kept) == 4


def test_a_newer_course_replaces_an_untouched_notebook(course, tmp_path):
    cli.copy_course(tmp_path / "mine", source=course)
    (course / "notebooks" / "01_first.ipynb").write_text(notebook("First hand, rewritten"))
    report = cli.copy_course(tmp_path / "mine", source=course)
    assert report.updated == ["notebooks/01_first.ipynb"]
    text = (tmp_path / "mine" / "notebooks" / "01_first.ipynb").read_text()
    assert "rewritten" in text


def test_a_changed_notebook_is_kept_and_the_newer_one_offered_beside_it(
    course, tmp_path, monkeypatch
):
    monkeypatch.setattr(cli, "version", lambda: "9.9")
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    (mine / "notebooks" / "01_first.ipynb").write_text(notebook("my own notes"))
    (course / "notebooks" / "01_first.ipynb").write_text(notebook("First hand, rewritten"))
    report = cli.copy_course(mine, source=course)
    assert report.offered == ["notebooks/01_first.new-9.9.ipynb"]
    assert "my own notes" in (mine / "notebooks" / "01_first.ipynb").read_text()
    assert "rewritten" in (mine / "notebooks" / "01_first.new-9.9.ipynb").read_text()
    assert "newer version is beside each" in report.to_text()


def test_a_changed_notebook_stays_when_the_course_did_not_change(course, tmp_path):
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    (mine / "notebooks" / "01_first.ipynb").write_text(notebook("my own notes"))
    report = cli.copy_course(mine, source=course)
    assert report.offered == [] and report.updated == []
    assert "my own notes" in (mine / "notebooks" / "01_first.ipynb").read_text()


def test_a_file_as_target_is_refused_with_the_reason(course, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    with pytest.raises(NotADirectoryError, match="give a folder"):
        cli.copy_course(target, source=course)


def test_in_a_checkout_the_course_is_the_repository(capsys):
    assert cli.main(["where"]) == 0
    where = Path(capsys.readouterr().out.strip())
    assert (where / "notebooks" / "00_welcome.ipynb").is_file()
    assert {Path(n).parts[0] for n in cli.course_files(where)} >= {"notebooks", "exercises"}


def test_an_unknown_command_says_what_is_accepted(capsys):
    with pytest.raises(SystemExit):
        cli.main(["teach"])
    assert "lab" in capsys.readouterr().err


def test_lab_without_jupyterlab_says_how_to_install_it(course, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "course_source", lambda: course)
    real_import = __import__

    def no_lab(name, *args, **kwargs):
        if name == "jupyterlab":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", no_lab)
    assert cli.main(["lab", str(tmp_path / "mine")]) == 1
    assert 'pip install "bourre-lessons[lab]"' in capsys.readouterr().err


def test_the_lab_lists_each_lesson_once_and_hides_only_the_text_pairs():
    """`make lab` and `bourre-lessons lab` pass HIDE_TEXT_PAIRS: read by JupyterLab's own
    config loader, it hides `NN_name.md` and nothing a learner opens (notebooks, docs)."""
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from jupyter_server.services.contents.manager import ContentsManager
    from traitlets.config.loader import KVArgParseConfigLoader

    from bourre_lessons.cli import HIDE_TEXT_PAIRS

    config = KVArgParseConfigLoader(list(HIDE_TEXT_PAIRS), classes=[ContentsManager]).load_config()
    root = Path(__file__).resolve().parents[1]
    manager = FileContentsManager(root_dir=str(root), config=config)
    listed = {item["name"] for item in manager.get("notebooks")["content"]}
    assert "01_your_first_hand.ipynb" in listed
    assert not any(name.endswith(".md") for name in listed), sorted(listed)
    docs = {item["name"] for item in manager.get("docs")["content"]}
    assert "glossary.md" in docs
    assert {
        item["name"] for item in FileContentsManager(root_dir=str(root)).get("notebooks")["content"]
    } >= {"01_your_first_hand.md"}, "without the option the pairs are listed (the check can fail)"


def add_cell(path: Path, source: str) -> None:
    """What a learner's own work does to a notebook: a new code cell."""
    data = json.loads(path.read_text())
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": []}
    data["cells"].append(cell)
    path.write_text(json.dumps(data))


def ran_only(path: Path, output: str) -> None:
    """Run the notebook's cells (outputs only): no cell's kind or source changes."""
    data = json.loads(path.read_text())
    for cell in data["cells"]:
        cell["outputs"], cell["execution_count"] = [{"output_type": "stream", "text": output}], 3
        cell["metadata"]["collapsed"] = False
    path.write_text(json.dumps(data, indent=2))


def test_a_notebook_the_learner_only_ran_gets_the_newer_course(course, tmp_path):
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    ran_only(mine / "notebooks" / "01_first.ipynb", "my run")
    (course / "notebooks" / "01_first.ipynb").write_text(notebook("First hand, rewritten"))
    report = cli.copy_course(mine, source=course)
    assert report.updated == ["notebooks/01_first.ipynb"] and report.offered == []
    assert "rewritten" in (mine / "notebooks" / "01_first.ipynb").read_text()


def test_a_run_is_kept_while_the_course_has_not_changed(course, tmp_path):
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    ran_only(mine / "notebooks" / "01_first.ipynb", "my run")
    report = cli.copy_course(mine, source=course)
    assert "notebooks/01_first.ipynb" in report.kept
    assert "my run" in (mine / "notebooks" / "01_first.ipynb").read_text()


def test_a_cell_the_learner_added_counts_as_a_change(course, tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "version", lambda: "9.9")
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    add_cell(mine / "notebooks" / "01_first.ipynb", "print('my own cell')")
    (course / "notebooks" / "01_first.ipynb").write_text(notebook("First hand, rewritten"))
    report = cli.copy_course(mine, source=course)
    assert report.offered == ["notebooks/01_first.new-9.9.ipynb"]
    assert "my own cell" in (mine / "notebooks" / "01_first.ipynb").read_text()


def test_a_record_of_an_older_version_still_tells_untouched_from_changed(course, tmp_path):
    """Records written before the cells were digested hold the bytes' digest as a string."""
    mine = tmp_path / "mine"
    cli.copy_course(mine, source=course)
    record = json.loads((mine / cli.RECORD).read_text())
    record["files"] = {name: entry["copied"] for name, entry in record["files"].items()}
    (mine / cli.RECORD).write_text(json.dumps(record))
    (mine / "exercises" / "01_which.ipynb").write_text(notebook("my answer"))
    (course / "notebooks" / "01_first.ipynb").write_text(notebook("First hand, rewritten"))
    (course / "exercises" / "01_which.ipynb").write_text(notebook("Which cards, rewritten"))
    report = cli.copy_course(mine, source=course)
    assert report.updated == ["notebooks/01_first.ipynb"]
    assert len(report.offered) == 1 and report.offered[0].startswith("exercises/01_which.new-")
    assert "my answer" in (mine / "exercises" / "01_which.ipynb").read_text()


def test_a_copied_notebook_is_written_as_jupyterlab_writes_it(tmp_path):
    """Opening it changes nothing: JupyterLab writes its kernel's own name, `collapsed` beside
    a folded output, keys in order (tests/browser/test_browser_make_lab.py sees it in Lab)."""
    source = tmp_path / "lesson.ipynb"
    folded = {"jupyter": {"outputs_hidden": True, "source_hidden": True}, "tags": ["answer"]}
    source.write_text(
        json.dumps(
            {
                "nbformat": 4,
                "nbformat_minor": 5,
                "metadata": {
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    },
                    "jupytext": {"formats": "ipynb,md:myst"},
                },
                "cells": [
                    {"cell_type": "code", "metadata": folded, "source": "1", "outputs": []},
                    {"cell_type": "code", "metadata": {}, "source": "2", "outputs": []},
                ],
            }
        )
    )
    copied = json.loads(cli.learner_copy(source))
    assert copied["metadata"]["kernelspec"]["display_name"] == cli.LAB_KERNEL_NAME
    assert copied["cells"][0]["metadata"]["collapsed"] is True
    assert "collapsed" not in copied["cells"][1]["metadata"]
    assert list(copied) == sorted(copied)
    again = tmp_path / "again.ipynb"
    again.write_bytes(cli.learner_copy(source))
    assert cli.learner_copy(again) == cli.learner_copy(source), "copying is stable"


def test_lab_starts_jupyterlab_in_the_copy_with_idle_kernels_culled(course, tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "course_source", lambda: course)
    launched = []
    monkeypatch.setattr(cli, "_launch", lambda *args: launched.append(args) or 0)
    assert cli.main(["lab", str(tmp_path / "mine"), "--port=9999"]) == 0
    ((module, arguments, folder),) = launched
    assert module == "jupyterlab" and folder == (tmp_path / "mine").resolve()
    assert f"--ServerApp.root_dir={folder}" in arguments
    assert set(cli.KERNEL_CULLING) <= set(arguments)
    assert arguments[-2:] == ["--port=9999", cli.WELCOME]
    assert (folder / cli.WELCOME).is_file()


LINK = re.compile(r"\]\(([^)\s]+)\)|href=[\"']([^\"']+)[\"']")


def relative_links(notebook_path: Path) -> list[str]:
    """Every relative link a notebook's Markdown cells hold (no web addresses, no anchors)."""
    cells = json.loads(notebook_path.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        for pair in LINK.findall("".join(cell["source"])):
            target = (pair[0] or pair[1]).split("#", 1)[0]
            if target and "://" not in target and not target.startswith("mailto:"):
                found.append(target)
    return found


def test_every_next_link_and_the_index_lead_somewhere_in_the_learners_copy(tmp_path):
    """`make lab` serves the copy: each lesson's "Next:", the welcome's index, the exercises'
    "Back to the lessons" and the glossary links must find their file there."""
    mine = tmp_path / "my-lessons"
    cli.copy_course(mine)
    notebooks = sorted(mine.rglob("*.ipynb"))
    checked, broken = 0, []
    for notebook_path in notebooks:
        for target in relative_links(notebook_path):
            checked += 1
            if not (notebook_path.parent / target).resolve().is_file():
                broken.append(f"{notebook_path.relative_to(mine)} → {target}")
    assert not broken, broken
    assert checked >= 60, f"only {checked} links found: the reader missed them"
    welcome = relative_links(mine / cli.WELCOME)
    lessons = {p.name for p in (mine / "notebooks").glob("*.ipynb")} - {"00_welcome.ipynb"}
    assert lessons <= {Path(t).name for t in welcome}, "the index lists every lesson"


def test_present_serves_the_course_template_found_through_jupyter_path(monkeypatch):
    """`bourre-lessons present` runs Voila with the course's template (Voila's "lab" without
    the Font Awesome stylesheets of a CDN), found where Voila looks: JUPYTER_PATH."""
    from voila.paths import collect_template_paths

    env = cli.voila_environment({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(cli.VOILA_DATA), "/elsewhere"]
    monkeypatch.setenv("JUPYTER_PATH", env["JUPYTER_PATH"])
    paths = collect_template_paths(["voila", "nbconvert"], "bourre", prune=True)
    mine = Path(paths[0]) / "index.html.j2"
    assert mine.is_file() and "cdn.jsdelivr.net" in mine.read_text(encoding="utf-8")
    assert any(Path(p).name == "lab" for p in paths), "the template builds on Voila's lab"
