"""The one place that decides how the fast core is compiled."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numba

__all__ = ["jit", "jit_inline"]

_HERE = Path(__file__).resolve().parent
_CACHE = _HERE / "__pycache__"
_STAMP = _CACHE / "fast-core-sources.sha256"
_SOURCES = (*sorted(_HERE.glob("*.py")), _HERE.parent / "heuristic.py")
"""Every file whose code the fast core compiles: its own, and the heuristic's numbers and
bar (`sim.heuristic`), which the compiled policy reads."""


def _drop_stale_cache() -> None:
    """Delete the cached machine code when any source file of the fast core has changed.

    Numba checks a cached function against its own file only, and freezes the globals it
    reads: after an edit to `switches.py` or `legal.py`, the cached `hand.play_chunk` loops would
    still run the old index constants and the old `legal`. So one stamp covers every file of
    the fast core (and `sim.heuristic`, whose bar the policy compiles). Only the cache beside the sources (Numba's default in a source checkout)
    is checked; an installed copy does not change.
    """
    digest = hashlib.sha256()
    for path in _SOURCES:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    stamp = digest.hexdigest()
    try:
        if _STAMP.read_text() == stamp:
            return
    except OSError:
        pass
    try:
        for path in (*_CACHE.glob("*.nbi"), *_CACHE.glob("*.nbc")):
            path.unlink(missing_ok=True)
        _CACHE.mkdir(exist_ok=True)
        _STAMP.write_text(stamp)
    except OSError:
        pass  # a read-only tree: Numba caches elsewhere, and the sources do not change


_drop_stale_cache()

jit = numba.njit(cache=True, nogil=True)
"""Compile to machine code once, cached on disk beside the sources (`__pycache__`)."""

jit_inline = numba.njit(cache=True, nogil=True, inline="always")
"""The same, for the phases of a hand and small helpers on the hot path: Numba copies their
body into each caller, so no array crosses a call (which would cost reference counting)."""
