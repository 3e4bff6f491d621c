"""How much memory a run that keeps every hand needs, and whether this machine has it.

A `SimulationResult` keeps per-hand arrays: about 140 bytes a hand at a table of five
(`per_hand_bytes`). Before such a run starts, `check_room` compares that estimate with the
memory the machine has available now (Linux's MemAvailable, else the free physical pages)
and refuses a run that cannot fit, naming the way out: `simulate(..., summary=True)`, whose
memory does not grow with the number of hands, or fewer hands.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["NotEnoughMemory", "available_bytes", "check_room", "per_hand_bytes"]

_MEMINFO = Path("/proc/meminfo")
SMALL_RUN = 64 << 20
"""Runs needing at most this many bytes are never checked (64 MB, about 400,000 hands)."""


class NotEnoughMemory(MemoryError, ValueError):
    """A run asked to keep more hands than the machine's memory can hold; nothing was played."""


def per_hand_bytes(players: int) -> int:
    """Bytes a kept hand costs: the result's arrays, `net` once read, and the chunks' copies."""
    per_hand = 1 + 1 + 1 + 1 + 1 + 8 * 4  # dealer, turned, winner, split, all passed, 4 pots
    per_seat = 1 + 1 + 1 + 1 + 8 + 8  # played, tricks, bourred, antes, payments, net
    copies = 2 * (1 + 2 * players)  # the chunks' outcomes, then joined into one array
    return per_hand + per_seat * players + copies


def available_bytes() -> int | None:
    """Memory available to a new allocation now, in bytes, or None where it cannot be read."""
    try:
        for line in _MEMINFO.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def check_room(hands: int, players: int) -> None:
    """Raise NotEnoughMemory when keeping `hands` hands would need more than is available."""
    need = hands * per_hand_bytes(players)
    if need <= SMALL_RUN:
        return  # a short run fits anywhere: no need to read the system's figures
    have = available_bytes()
    if have is None or need <= have:
        return
    most = have // per_hand_bytes(players)
    raise NotEnoughMemory(
        f"keeping every one of {hands:,} hands at {players} seats needs about {_size(need)} "
        f"({per_hand_bytes(players)} bytes a hand), and this machine has {_size(have)} "
        f"available: ask for simulate(..., summary=True), whose memory does not grow with the "
        f"hands, or play at most about {most:,} hands"
    )


def _size(count: int) -> str:
    """A byte count in words: '1.4 GB', '380 MB'."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} bytes"
