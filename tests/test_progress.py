"""The progress record: where it lives, what it counts, and that no bad file or crash loses it."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from bourre_lessons import progress as progress_module
from bourre_lessons.progress import (
    ENV_VAR,
    Progress,
    data_dir,
    default_path,
    default_progress,
    record_attempt,
)


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path, monkeypatch):
    """Point the default record at a temporary folder."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


def stored(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def leftovers(folder: Path) -> list[str]:
    """Temporary files a save left behind."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- where ---------------------------------------------------------------------------------------


def test_the_environment_variable_chooses_the_folder(private_data_folder):
    assert data_dir() == private_data_folder
    assert default_path() == private_data_folder / "progress.json"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux folder layout")
def test_linux_default_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / ".local" / "share" / "bourre-lessons" / "progress.json"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "bourre-lessons"


# --- what ----------------------------------------------------------------------------------------


def test_a_missing_file_is_an_empty_record(tmp_path):
    p = Progress.load(tmp_path / "none" / "progress.json")
    assert len(p) == 0
    assert not (tmp_path / "none").exists()


def test_record_counts_attempts_and_keeps_solved(tmp_path):
    path = tmp_path / "progress.json"
    p = Progress.load(path)
    when = datetime(2024, 5, 1, 12, 0, 0, tzinfo=timezone.utc)
    p.record("legal-cards/pagat/beat/0-0", False, when=when)
    p.record("legal-cards/pagat/beat/0-0", True, when=when)
    p.record("legal-cards/pagat/beat/0-0", False, when=when)
    entry = stored(path)["exercises"]["legal-cards/pagat/beat/0-0"]
    assert entry == {"attempts": 3, "solved": True, "last_attempt": "2024-05-01T12:00:00+00:00"}
    again = Progress.load(path).get("legal-cards/pagat/beat/0-0")
    assert again is not None and again.attempts == 3 and again.solved


def test_summary_counts_per_set(tmp_path):
    p = Progress.load(tmp_path / "progress.json")
    p.record("legal-cards/pagat/beat/0-0", True)
    p.record("legal-cards/pagat/beat/0-1", False)
    p.record("legal-cards/pagat/beat/0-1", False)
    p.record("settle-pot/glimne-pay", True)
    table = p.summary()
    assert table["legal-cards"] | {"last_attempt": None} == {
        "title": "Which cards may I play?",
        "tried": 2,
        "solved": 1,
        "attempts": 3,
        "last_attempt": None,
    }
    assert (table["settle-pot"]["tried"], table["settle-pot"]["solved"]) == (1, 1)
    assert table["write-the-rule"]["tried"] == 0
    text = p.to_text()
    assert "Which cards may I play?: 1 solved of 2 tried (3 attempts" in text
    assert "Write the rule yourself: 0 solved of 0 tried (0 attempts)" in text
    page = p._repr_html_()
    assert page.count("<tr>") == 1 + len(progress_module.SETS) and "Settle the pot" in page


def test_two_notebooks_writing_keep_both_records(tmp_path):
    path = tmp_path / "progress.json"
    first, second = Progress.load(path), Progress.load(path)
    first.record("settle-pot/a", True)
    second.record("settle-pot/b", False)
    assert set(stored(path)["exercises"]) == {"settle-pot/a", "settle-pot/b"}


def test_record_refuses_a_bad_id(tmp_path):
    p = Progress.load(tmp_path / "progress.json")
    with pytest.raises(ValueError, match="exercise_id"):
        p.record("", True)
    with pytest.raises(ValueError, match="True or False"):
        p.record("x/y", "yes")  # type: ignore[arg-type]


def test_default_record_and_opting_out(private_data_folder):
    record_attempt(None, "settle-pot/x", True)
    record_attempt(False, "settle-pot/y", True)
    assert set(stored(private_data_folder / "progress.json")["exercises"]) == {"settle-pot/x"}
    assert default_progress().get("settle-pot/x") is not None
    with pytest.raises(TypeError, match="Progress"):
        record_attempt("yes", "settle-pot/z", True)  # type: ignore[arg-type]


# --- crashes and bad files -----------------------------------------------------------------------


def a_saved_record(path: Path) -> bytes:
    Progress.load(path).record("legal-cards/pagat/follow/0-0", True)
    return path.read_bytes()


def test_a_failure_mid_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    before = a_saved_record(path)
    real_dump = json.dump

    def dump_half_then_fail(data, f, **kw):
        f.write('{"version": 1, "exercises": {"half')
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(json, "dump", dump_half_then_fail)
        with pytest.warns(RuntimeWarning, match="disk full"):
            Progress.load(path).record("legal-cards/pagat/follow/0-1", True)
    assert json.dump is real_dump
    assert path.read_bytes() == before
    assert set(Progress.load(path).entries) == {"legal-cards/pagat/follow/0-0"}
    assert leftovers(tmp_path) == []


def test_a_failed_rename_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    before = a_saved_record(path)

    def no_rename(src, dst):
        raise PermissionError("locked by another program")

    with monkeypatch.context() as patch:
        patch.setattr(progress_module.os, "replace", no_rename)
        with pytest.warns(RuntimeWarning, match="locked"):
            entry = Progress.load(path).record("settle-pot/a", True)
    assert entry.attempts == 1  # kept in memory
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_a_kill_mid_write_leaves_the_old_file_loadable(tmp_path, monkeypatch):
    """An interrupt (not an error) propagates, and the old file still loads."""
    path = tmp_path / "progress.json"
    before = a_saved_record(path)

    def dump_half_then_interrupt(data, f, **kw):
        f.write('{"version": 1, "exer')
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(json, "dump", dump_half_then_interrupt)
        with pytest.raises(KeyboardInterrupt):
            Progress.load(path).record("settle-pot/a", True)
    assert path.read_bytes() == before
    (tmp_path / ".progress.json.abc.tmp").write_text("{half", encoding="utf-8")  # a real kill
    assert set(Progress.load(path).entries) == {"legal-cards/pagat/follow/0-0"}


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "",
        "[1, 2, 3]",
        '{"version": 1, "exercises": {"a/b": {"attempts": "two", "solved": true}}}',
        '{"version": 99, "exercises": {}}',
    ],
)
def test_a_corrupt_file_is_set_aside_with_a_warning(tmp_path, content):
    path = tmp_path / "progress.json"
    path.write_text(content, encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="renamed to progress.json.corrupt-"):
        p = Progress.load(path)
    assert len(p) == 0
    aside = [f for f in tmp_path.iterdir() if f.name.startswith("progress.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content
    assert not path.exists()
    p.record("settle-pot/a", True)
    assert set(stored(path)["exercises"]) == {"settle-pot/a"}


def test_binary_garbage_is_set_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.warns(RuntimeWarning, match="not UTF-8"):
        assert len(Progress.load(path)) == 0
    assert any(f.name.startswith("progress.json.corrupt-") for f in tmp_path.iterdir())


def test_an_unwritable_place_warns_and_carries_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="could not read"):
        p = Progress.load(blocker / "progress.json")
    with pytest.warns(RuntimeWarning, match="could not save"):
        entry = p.record("settle-pot/a", True)
    assert entry.solved and p.get("settle-pot/a") is entry


def test_an_unreadable_file_is_left_alone(tmp_path, monkeypatch):
    """No permission to read: warn, work in memory, and do not rename or touch the file."""
    path = tmp_path / "progress.json"
    before = a_saved_record(path)
    real_read = Path.read_text

    def refuse(self, *args, **kw):
        if self == path:
            raise PermissionError("permission denied")
        return real_read(self, *args, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "read_text", refuse)
        with pytest.warns(RuntimeWarning, match="could not read"):
            assert len(Progress.load(path)) == 0
    assert path.read_bytes() == before
    assert "legal-cards/pagat/follow/0-0" in Progress.load(path)
