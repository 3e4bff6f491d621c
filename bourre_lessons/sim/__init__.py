"""The simulator: everything that needs NumPy and Numba.

The compiled fast core (`fast`), the bots, `simulate`, the play-or-pass advisor, the variant
lab and the practice-deal generator. Nothing here is imported by the engine; import the
module you need (`bourre_lessons.sim.simulation`, ...), so that Numba loads only then.
"""
