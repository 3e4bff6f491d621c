"""The learner's progress: which exercises were tried, how often, and which are solved.

Kept in one small JSON file in the user's data folder: `$BOURRE_LESSONS_DATA/progress.json`
when that variable is set, else the platform's folder for user data (on Linux
`~/.local/share/bourre-lessons/progress.json`). Every save writes a temporary file in the same
folder, flushes it to disk and renames it over the old one, so a crash mid-write leaves the old
file whole. Recording an attempt reads the file, merges it and writes it back under a lock on
a sibling file (`progress.json.lock`, see `files.locked`), so two notebooks recording at once
never lose each other's attempts. A missing file is an empty record; an unreadable one is
renamed aside with a warning and a fresh record starts. Nothing here ever stops an exercise
from being checked: a lock that cannot be had in time is skipped with a warning.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import files
from .text import ReadsAsText

__all__ = [
    "ENV_VAR",
    "SETS",
    "ExerciseRecord",
    "Progress",
    "data_dir",
    "default_path",
    "default_progress",
    "record_attempt",
    "when_words",
]

ENV_VAR = "BOURRE_LESSONS_DATA"
APP_NAME = "bourre-lessons"
FILE_NAME = "progress.json"
FORMAT_VERSION = 1

SETS: dict[str, str] = {
    "legal-cards": "Which cards may I play?",
    "settle-pot": "Settle the pot",
    "write-the-rule": "Write the rule yourself",
    "name-the-card": "Name the card",
    "play-or-pass": "Play or pass",
    "drills": "Drills",
}
"""The exercise sets, keyed by the first part of an exercise id ('legal-cards/beat/0-1')."""


# --- where the file lives ----------------------------------------------------------------------


def data_dir() -> Path:
    """The folder for the learner's data: $BOURRE_LESSONS_DATA, else the platform's user folder."""
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return Path(base) / APP_NAME if base else home / "AppData" / "Local" / APP_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    xdg = os.environ.get("XDG_DATA_HOME")
    base_dir = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base_dir / APP_NAME


def default_path() -> Path:
    """Where progress is kept unless a path is given."""
    return data_dir() / FILE_NAME


# --- one exercise ------------------------------------------------------------------------------


@dataclass
class ExerciseRecord:
    """One exercise's record: attempts so far, solved or not, and when it was last tried."""

    attempts: int = 0
    solved: bool = False
    last_attempt: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object."""
        return {"attempts": self.attempts, "solved": self.solved, "last_attempt": self.last_attempt}

    @classmethod
    def from_json(cls, data: object) -> ExerciseRecord:
        """Read an entry; raise ValueError when a field is missing or of the wrong type."""
        if not isinstance(data, dict):
            raise ValueError(f"an entry must be an object, got {type(data).__name__}")
        attempts, solved, last = data.get("attempts"), data.get("solved"), data.get("last_attempt")
        if isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 0:
            raise ValueError(f"attempts must be a whole number, got {attempts!r}")
        if not isinstance(solved, bool):
            raise ValueError(f"solved must be true or false, got {solved!r}")
        if last is not None and not isinstance(last, str):
            raise ValueError(f"last_attempt must be a time stamp, got {last!r}")
        return cls(attempts, solved, last)


class _CorruptFile(ValueError):
    """The progress file exists but does not hold a progress record."""


def _parse(text: str) -> dict[str, ExerciseRecord]:
    """The entries of a progress file's text; raise _CorruptFile when it is not one."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise _CorruptFile(f"not valid JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), dict):
        raise _CorruptFile("no 'exercises' table")
    if data.get("version") != FORMAT_VERSION:
        raise _CorruptFile(f"unknown format version {data.get('version')!r}")
    entries = {}
    for key, value in data["exercises"].items():
        try:
            entries[key] = ExerciseRecord.from_json(value)
        except ValueError as error:
            raise _CorruptFile(f"bad entry {key!r}: {error}") from None
    return entries


# --- the record --------------------------------------------------------------------------------


class Progress(ReadsAsText):
    """The learner's record of exercises, backed by one JSON file."""

    def __init__(self, path: Path | str, entries: dict[str, ExerciseRecord] | None = None) -> None:
        self.path = Path(path)
        self.entries: dict[str, ExerciseRecord] = dict(entries or {})

    @classmethod
    def load(cls, path: Path | str | None = None) -> Progress:
        """Read the record at `path` (default: `default_path()`); never fails on a bad file."""
        progress = cls(default_path() if path is None else Path(path).expanduser())
        progress.entries = progress._read()
        return progress

    def _read(self, quiet: bool = False) -> dict[str, ExerciseRecord]:
        """The entries on disk: empty when missing; a corrupt file is set aside with a warning.

        An unreadable file (no permission, a folder in the way) is left alone; `quiet` skips
        the warning about it, given once already when the record was loaded.
        """
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as error:
            if isinstance(error, UnicodeDecodeError):
                return self._set_aside(f"not UTF-8 text ({error.reason})")
            if quiet:
                return {}
            warnings.warn(
                f"bourre-lessons could not read the progress file {self.path} ({error}); "
                "progress is kept in memory only for now",
                RuntimeWarning,
                stacklevel=3,
            )
            return {}
        try:
            return _parse(text)
        except _CorruptFile as error:
            return self._set_aside(str(error))

    def _set_aside(self, reason: str) -> dict[str, ExerciseRecord]:
        """Rename a corrupt file to progress.json.corrupt-<time>, warn, and start afresh."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            self.path.rename(target)
            where = f"it was renamed to {target.name} and a fresh record starts"
        except OSError as error:
            where = f"it could not be renamed ({error}) and will be replaced at the next save"
        warnings.warn(
            f"bourre-lessons found an unreadable progress file {self.path} ({reason}); {where}",
            RuntimeWarning,
            stacklevel=4,
        )
        return {}

    def record(
        self, exercise_id: str, solved: bool, when: datetime | None = None
    ) -> ExerciseRecord:
        """Count one attempt at an exercise (solved once stays solved) and save the record."""
        if not isinstance(exercise_id, str) or not exercise_id.strip():
            raise ValueError(f"exercise_id must be a non-empty text, got {exercise_id!r}")
        if not isinstance(solved, bool):
            raise ValueError(f"solved must be True or False, got {solved!r}")
        with self._locked():
            self._merge(self._read(quiet=True))
            entry = self.entries.setdefault(exercise_id, ExerciseRecord())
            entry.attempts += 1
            entry.solved = entry.solved or solved
            entry.last_attempt = _stamp(when)
            self.save()
        return entry

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the file's lock for one read-merge-write; without it (warned) if it cannot be had."""
        try:
            lock = files.file_lock(self.path)
            lock.acquire(timeout=files.LOCK_SECONDS)
        except files.Timeout:
            _warn_unlocked(files.lock_path(self.path))
            yield
            return
        except OSError:
            # no lock file where the progress file would go: the save warns about that place
            yield
            return
        try:
            yield
        finally:
            lock.release()

    def _merge(self, on_disk: dict[str, ExerciseRecord]) -> None:
        """Take in entries another notebook saved meanwhile (the busier record of each wins)."""
        for key, theirs in on_disk.items():
            mine = self.entries.get(key)
            if mine is None or theirs.attempts > mine.attempts:
                self.entries[key] = theirs

    def save(self) -> bool:
        """Write the record atomically; on failure warn, keep it in memory and return False."""
        data = {
            "format": "bourre-lessons progress",
            "version": FORMAT_VERSION,
            "exercises": {k: e.to_json() for k, e in sorted(self.entries.items())},
        }
        try:
            _write_atomically(self.path, data)
        except Exception as error:
            warnings.warn(
                f"bourre-lessons could not save progress to {self.path} ({error}); "
                "the old file is unchanged and progress is kept in memory",
                RuntimeWarning,
                stacklevel=3,
            )
            return False
        return True

    def get(self, exercise_id: str) -> ExerciseRecord | None:
        """The record of one exercise, or None if it was never tried."""
        return self.entries.get(exercise_id)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, exercise_id: object) -> bool:
        return exercise_id in self.entries

    def summary(self) -> dict[str, dict[str, Any]]:
        """Counts per exercise set: title, exercises tried, solved, attempts, last attempt."""
        table: dict[str, dict[str, Any]] = {key: _row(title) for key, title in SETS.items()}
        for key, entry in self.entries.items():
            name = key.split("/", 1)[0]
            row = table.setdefault(name, _row(name))
            row["tried"] += 1
            row["solved"] += entry.solved
            row["attempts"] += entry.attempts
            if entry.last_attempt and (row["last_attempt"] or "") < entry.last_attempt:
                row["last_attempt"] = entry.last_attempt
        return table

    def done_text(self, exercise_ids: list[str], now: datetime | None = None) -> str:
        """How far a list of exercises has come, in words: '3 of 6 done, last tried
        yesterday' ('0 of 6 done, not tried yet' when none was tried)."""
        entries = [self.entries[i] for i in dict.fromkeys(exercise_ids) if i in self.entries]
        solved = sum(entry.solved for entry in entries)
        stamps = [entry.last_attempt for entry in entries if entry.last_attempt]
        when = f"last tried {when_words(max(stamps), now)}" if stamps else "not tried yet"
        return f"{solved} of {len(dict.fromkeys(exercise_ids))} done, {when}"

    def to_text(self, now: datetime | None = None) -> str:
        """The summary as plain lines, one per set, times in words ('yesterday')."""
        lines = []
        for row in self.summary().values():
            when = f", last tried {when_words(row['last_attempt'], now)}"
            lines.append(
                f"{row['title']}: {row['solved']} solved of {row['tried']} tried "
                f"({row['attempts']} attempts{when if row['last_attempt'] else ''})"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        # the file's place stays out of the repr: it differs from machine to machine
        return f"<progress: {len(self.entries)} exercises tried>"

    def _repr_html_(self) -> str:
        head = "".join(
            f'<th scope="col">{h}</th>'
            for h in ("Exercise set", "Tried", "Solved", "Attempts", "Last tried")
        )
        rows = []
        for row in self.summary().values():
            last = when_words(row["last_attempt"]) if row["last_attempt"] else "not yet"
            cells = [row["tried"], row["solved"], row["attempts"], last]
            tds = "".join(f"<td>{html.escape(str(c))}</td>" for c in cells)
            rows.append(f'<tr><th scope="row">{html.escape(row["title"])}</th>{tds}</tr>')
        return (
            '<table class="bourre-progress"><caption>Your progress</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


def _warn_unlocked(lock: Path) -> None:
    """Say that an attempt is recorded without the lock, and why."""
    warnings.warn(
        f"bourre-lessons records this attempt without the lock: another notebook held {lock} "
        f"for {files.LOCK_SECONDS:g} s; an attempt recorded there at the same moment may be lost",
        RuntimeWarning,
        stacklevel=5,
    )


def when_words(stamp: str | None, now: datetime | None = None) -> str:
    """A time stamp of the progress file in words, in the learner's own time zone: 'just
    now', '5 minutes ago', 'today', 'yesterday', '3 days ago', 'on 4 March 2026'."""
    if not stamp:
        return "never"
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return "at an unknown time"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    now = datetime.now(timezone.utc) if now is None else now
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    local, today = moment.astimezone(), now.astimezone()
    seconds = (now - moment).total_seconds()
    if -60 < seconds < 60:
        return "just now"
    if 0 < seconds < 3600:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' * (minutes != 1)} ago"
    days = (today.date() - local.date()).days
    if days == 0:
        return "today"
    if days == 1:
        return "yesterday"
    if 1 < days < 7:
        return f"{days} days ago"
    return f"on {local.day} {local.strftime('%B')} {local.year}"


def _row(title: str) -> dict[str, Any]:
    return {"title": title, "tried": 0, "solved": 0, "attempts": 0, "last_attempt": None}


def _stamp(when: datetime | None) -> str:
    """An ISO time stamp in UTC, to the second."""
    moment = datetime.now(timezone.utc) if when is None else when.astimezone(timezone.utc)
    return moment.isoformat(timespec="seconds")


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write JSON beside `path` and rename it over `path` (see files.write_json_atomically)."""
    files.write_json_atomically(path, data)


# --- the default record --------------------------------------------------------------------------

_DEFAULTS: dict[Path, Progress] = {}


def default_progress() -> Progress:
    """The record at `default_path()` (re-read when $BOURRE_LESSONS_DATA points elsewhere)."""
    path = default_path()
    if path not in _DEFAULTS:
        _DEFAULTS[path] = Progress.load(path)
    return _DEFAULTS[path]


def record_attempt(progress: Progress | bool | None, exercise_id: str, solved: bool) -> None:
    """Record an attempt in `progress`; None or True: the default record; False: nowhere."""
    if progress is False:
        return
    store = default_progress() if progress is None or progress is True else progress
    if not isinstance(store, Progress):
        raise TypeError(
            f"progress must be a Progress, None (the default record) or False (do not record), "
            f"got {type(progress).__name__}"
        )
    store.record(exercise_id, solved)
