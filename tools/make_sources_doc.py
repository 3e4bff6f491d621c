"""Write docs/sources.md from the register of the sources (`bourre_lessons/sources_text.py`).

    python tools/make_sources_doc.py          # write docs/sources.md
    python tools/make_sources_doc.py --check  # exit 1 if the committed page is out of date

The same as `python -m bourre_lessons.sources`; tests/test_sources.py fails when the committed
page differs from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bourre_lessons.sources import main

if __name__ == "__main__":
    sys.exit(main())
