"""Small JSON files that several notebooks may write at once, and that a crash never half-writes.

`write_json_atomically` writes a temporary file beside the target, flushes it to disk and
renames it over the old one, so a reader sees the old file or the new one, never a mix.
`locked` holds an exclusive lock on a sibling file (`progress.json.lock` beside
`progress.json`) through `filelock`, which uses the platform's own lock (fcntl/flock on Unix,
msvcrt on Windows) and is released when the holder ends, even by a crash. A read-merge-write
done under the lock cannot lose another process's update between its read and its write.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from filelock import FileLock, Timeout
except ModuleNotFoundError:  # the browser site ships no filelock: one tab, one writer
    FileLock = None

    class Timeout(TimeoutError):
        """Never raised without filelock; here so that callers can catch it either way."""


LOCK_SECONDS = 30.0
"""How long to wait for another process to finish its read-merge-write."""


__all__ = ["LOCK_SECONDS", "Timeout", "file_lock", "lock_path", "locked", "write_json_atomically"]


class SoleWriter:
    """The lock where filelock is missing (the course in a browser tab, whose Python is the
    only writer of its files): acquiring it always succeeds at once."""

    def acquire(self, timeout: float = LOCK_SECONDS) -> contextlib.AbstractContextManager:
        """Had at once: a context that holds nothing."""
        return contextlib.nullcontext()

    def release(self) -> None:
        """Nothing to let go."""


def lock_path(path: Path) -> Path:
    """The lock file that guards `path`: the same name with '.lock' added, in the same folder."""
    return path.with_name(f"{path.name}.lock")


def file_lock(path: Path) -> Any:
    """The (not yet acquired) lock guarding `path` (a `filelock.FileLock`, or `SoleWriter`
    where filelock is missing); its folder is created if missing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return SoleWriter() if FileLock is None else FileLock(lock_path(path))


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the lock on `path`; raise `Timeout` when it is not had within `timeout`."""
    with file_lock(path).acquire(timeout=timeout):
        yield


def write_json_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write JSON to a temporary file beside `path`, fsync it, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if sys.platform.startswith("win"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
