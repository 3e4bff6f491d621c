"""Regenerate the printable cheat sheet: docs/cheat-sheet.png and docs/cheat-sheet.pdf.

Run from anywhere: `python tools/make_cheat_sheet.py` (or `--out FOLDER` to write elsewhere).
The page is drawn by `bourre_lessons.widgets.cheat_sheet`; its table of differences comes from
the engine's presets, so rerun this after changing a preset.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLCONFIGDIR", str(ROOT / ".cache" / "matplotlib"))

from bourre_lessons.widgets.cheat_sheet import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
