"""A small random generator (SplitMix64) that compiled code and plain Python share.

The fast core draws every random choice from this generator, so a seed fixes a whole run on
any machine and any Numba version. The state is one uint64 that each function takes and
returns with its result (`value, state = below(state, 6)`): a plain number, so the compiled
loops keep it in a register instead of reading and writing an array.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit

__all__ = ["below", "coin", "new_state", "next_u64"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S63 = np.uint64(63)
_ONE = np.uint64(1)


def new_state(seed: int) -> np.uint64:
    """A generator state from a whole number (any size; reduced modulo 2**64)."""
    return np.uint64(int(seed) % (1 << 64))


@jit
def next_u64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """(the next 64 random bits, the new state)."""
    state = state + _GOLDEN
    z = (state ^ (state >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31), state


@jit
def below(state: np.uint64, n: int) -> tuple[int, np.uint64]:
    """(a random whole number from 0 to n - 1, the new state); n at most 2**32."""
    bits, state = next_u64(state)
    return np.int64(((bits >> _S32) * np.uint64(n)) >> _S32), state


@jit
def coin(state: np.uint64) -> tuple[bool, np.uint64]:
    """(heads or tails, the new state)."""
    bits, state = next_u64(state)
    return (bits >> _S63) == _ONE, state
