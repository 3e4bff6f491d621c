"""Measure is on the workbench's first screen: the compact Measure row (players, hands,
Measure, Stop, the progress) comes right after what to compare, before the results and the
switch groups, and only the first group is open. tests/browser/test_browser_workbench.py
checks the same on a 1280x900 page."""

from __future__ import annotations

import ipywidgets as widgets

from bourre_lessons.widgets.workbench import workbench


def position_of(bench, widget) -> int:
    """The index of the workbench's child that holds `widget` (directly or in a row)."""
    for i, child in enumerate(bench.children):
        if child is widget or widget in getattr(child, "children", ()):
            return i
    raise AssertionError(f"{widget!r} is not on the workbench")


def test_the_measure_row_comes_before_the_results_and_the_switches():
    bench = workbench()
    row = bench.children[position_of(bench, bench.measure_button)]
    assert isinstance(row, widgets.HBox) and "bourre-bench-measure-row" in row._dom_classes
    for part in (bench.players_menu, bench.hands_menu, bench.stop_button, bench.progress):
        assert part in row.children
    measure = position_of(bench, bench.measure_button)
    assert position_of(bench, bench.base_menu) < measure
    assert measure < position_of(bench, bench.results) < position_of(bench, bench.panel)


def test_only_the_first_switch_group_is_open():
    assert workbench().panel.accordion.selected_index == 0


def test_the_words_point_to_where_the_switches_are():
    bench = workbench()
    assert "Flip a switch below" in bench.changed_text()
