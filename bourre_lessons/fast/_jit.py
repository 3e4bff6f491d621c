"""The one place that decides how the fast core is compiled."""

from __future__ import annotations

import numba

__all__ = ["jit", "jit_inline"]

jit = numba.njit(cache=True, nogil=True)
"""Compile to machine code once, cached on disk beside the sources (`__pycache__`)."""

jit_inline = numba.njit(cache=True, nogil=True, inline="always")
"""The same, for the phases of a hand and small helpers on the hot path: Numba copies their
body into each caller, so no array crosses a call (which would cost reference counting)."""
