"""The `bourre-lessons` command: copying the course never overwrites a learner's changes."""

from __future__ import annotations

import json
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
