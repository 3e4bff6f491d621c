"""`python -m bourre_lessons ...` is the `bourre-lessons` command."""

import sys

from .cli import main

sys.exit(main())
