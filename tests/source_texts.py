"""The one switch for what the tests read outside the repository: the four source texts.

The checks that hold the register's quotations against the sources need the four texts
(glimne, wikipedia, pagat, laws: `000_*.txt` ... `003_*.txt`). They are articles under their
authors' rights, so the repository does not carry them: the register quotes short passages
with their source named, and the texts themselves stay with the project's notes beside the
checkout (`../shared/seeds/`), or wherever `BOURRE_SEEDS` points. The scene catalogue's
order is checked against the project's `SCENES.md` beside those texts.

When the texts are not there, each check that needs them is skipped with `NOT_HERE` as its
reason, and `tests/conftest.py` ends the run with one line counting them. This module is the
only place in the repository that names a path outside it
(`tests/test_no_path_leaves_the_repository.py` holds every other file to that).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("BOURRE_SEEDS") or ROOT.parent / "shared" / "seeds")
SCENES_MD = SEEDS.parent / "SCENES.md"
SEED_PREFIX = {"glimne": "000_", "wikipedia": "001_", "pagat": "002_", "laws": "003_"}
NOT_HERE = "needs the four source texts"


def texts_here() -> bool:
    """Whether all four source texts are in the folder `SEEDS` names."""
    return all(len(list(SEEDS.glob(f"{prefix}*.txt"))) == 1 for prefix in SEED_PREFIX.values())


def skip_unless_texts_here() -> None:
    """Skip the calling test (reason `NOT_HERE`) when the source texts are not beside us."""
    if not texts_here():
        pytest.skip(f"{NOT_HERE} (not found at {SEEDS}; set BOURRE_SEEDS to their folder)")


def raw_seed(source: str) -> str:
    """One source text as it is stored, or the calling test skipped when it is not here."""
    skip_unless_texts_here()
    (path,) = SEEDS.glob(f"{SEED_PREFIX[source]}*.txt")
    return path.read_text(encoding="utf-8")


def scenes_md() -> str:
    """The project's scene catalogue SCENES.md, or the calling test skipped when it is not here."""
    if not SCENES_MD.is_file():
        pytest.skip(f"{NOT_HERE} (SCENES.md beside them, not found at {SCENES_MD})")
    return SCENES_MD.read_text(encoding="utf-8")
