"""The simulator: everything that needs NumPy and Numba.

The compiled fast core (`fast`), the bots, `simulate`, the play-or-pass advisor, the variant
lab and the practice-deal generator. Nothing here is imported by the engine; import the
module you need (`bourre_lessons.sim.simulation`, ...), so that Numba loads only then.
Where NumPy or Numba is missing (the course in the browser) the public modules are answered
by plain-Python twins that play through the readable `Game` (`backend`).
"""

from .backend import use_plain_twins

use_plain_twins()
