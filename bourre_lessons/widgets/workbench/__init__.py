"""The house-rules workbench (issue 29 §2): your own rulebook, measured, without writing code.

    from bourre_lessons.widgets.workbench import workbench
    workbench()                     # start from wikipedia's rules

The parts: `bench_view` (the workbench), `bench_switches` (every switch, grouped, with its
meaning and where each source stands), `bench_files` (the house file), `bench_results` and
`bench_plot` (the measured table and its chart), `bench_hand` and `bench_hand_view` (a hand
where it mattered, on two card tables), `bench_words` (the switches in words), `bench_core`
(the house core it stands on).
"""

from __future__ import annotations

from .bench_view import Workbench

__all__ = ["Workbench", "workbench"]


def workbench(
    base: str = "wikipedia", players: int = 5, hands: int = 20_000, seed: int = 0
) -> Workbench:
    """The workbench, starting from the `base` rulebook ('glimne', 'wikipedia' or 'pagat');
    nothing is measured until Measure is pressed."""
    return Workbench(base=base, players=players, hands=hands, seed=seed)
