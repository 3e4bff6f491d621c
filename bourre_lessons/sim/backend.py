"""Which simulator runs here: the compiled core (NumPy and Numba) or plain Python.

The full install has NumPy and Numba: `simulate`, the variant lab, the variant effects, the
house rulebook's paired comparison (the workbench's Measure) and the advisor run in the
compiled fast core (`sim.fast`). Where either is missing (the course in
the browser, JupyterLite on Pyodide) the same public modules are answered by plain-Python
twins that play every hand through the readable `Game` and its bots:

    sim.simulation, sim.result, sim.summary  ->  sim.plain_simulation
    sim.variant_lab, sim.sweep               ->  sim.plain_lab
    sim.variant_effects                      ->  sim.plain_effects
    sim.order_effect                         ->  sim.plain_order
    sim.house_lab                            ->  sim.plain_house

`use_plain_twins` (called when `bourre_lessons.sim` is imported) puts a finder on the import
path that loads the twin under the public name, only where the compiled core cannot be
imported; with NumPy and Numba nothing changes. The advisor chooses inside `advise` itself
(`advisor._deal_out`: the compiled core, or `plain_advice`). The twins take the same arguments and give
the same figures with their 95% intervals, on fewer hands: a plain-Python hand costs about a
thousand times a compiled one, so a twin plays at most the `most` of `fitted` and says so
(the tests hold the twins to the compiled core in distribution: tests/test_plain_*.py).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from types import ModuleType

from ..browser import has_module

__all__ = ["TWINS", "compiled", "fitted", "fitted_note", "use_plain_twins"]

TWINS = {
    "bourre_lessons.sim.simulation": "bourre_lessons.sim.plain_simulation",
    "bourre_lessons.sim.result": "bourre_lessons.sim.plain_simulation",
    "bourre_lessons.sim.summary": "bourre_lessons.sim.plain_simulation",
    "bourre_lessons.sim.variant_lab": "bourre_lessons.sim.plain_lab",
    "bourre_lessons.sim.sweep": "bourre_lessons.sim.plain_lab",
    "bourre_lessons.sim.variant_effects": "bourre_lessons.sim.plain_effects",
    "bourre_lessons.sim.order_effect": "bourre_lessons.sim.plain_order",
    "bourre_lessons.sim.house_lab": "bourre_lessons.sim.plain_house",
}
"""Each public module of the compiled simulator, and the plain-Python module that answers
for it where NumPy or Numba is missing."""


def compiled() -> bool:
    """True when the compiled core can run here (NumPy and Numba both import)."""
    return has_module("numpy") and has_module("numba")


def fitted(asked: int, most: int) -> int:
    """The sample a plain-Python run plays: what was asked, or `most` if that is fewer."""
    return min(asked, most)


def fitted_note(played: int, asked: int, what: str = "hands") -> str:
    """'' when the whole sample was played, else a sentence saying how much of it was."""
    if played >= asked:
        return ""
    return (
        f"plain Python in the browser: {played:,} of the {asked:,} {what} asked, so the "
        "intervals are wider than on a full install"
    )


class _TwinLoader(importlib.abc.Loader):
    """Loads a public module's name as its plain-Python twin (the twin module itself)."""

    def __init__(self, twin: str) -> None:
        self.twin = twin

    def create_module(self, spec) -> ModuleType:
        return importlib.import_module(self.twin)

    def exec_module(self, module: ModuleType) -> None:
        """The twin was run when it was imported; nothing more to do."""


class _TwinFinder(importlib.abc.MetaPathFinder):
    """Finds the plain twin of each module in `TWINS`, before the path is searched."""

    def find_spec(self, fullname: str, path=None, target=None):
        twin = TWINS.get(fullname)
        if twin is None:
            return None
        return importlib.util.spec_from_loader(fullname, _TwinLoader(twin))


def use_plain_twins() -> bool:
    """Where the compiled core cannot be imported, answer its public modules with the plain
    twins (once). True when the twins are in use."""
    if compiled():
        return False
    if not any(isinstance(f, _TwinFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _TwinFinder())
    return True
