"""The cases `python -m benchmarks --base <commit>` compares name targets that exist here and
take the case's arguments (the work itself is timed by the benchmark, never by a test)."""

from __future__ import annotations

import importlib
import inspect

import pytest

from benchmarks.suite import SUITE, Case, scaled


def _target(case: Case):
    module, function = case.target.split(":")
    return getattr(importlib.import_module(module), function)


@pytest.mark.parametrize("case", SUITE, ids=[case.label for case in SUITE])
def test_each_case_names_a_target_that_takes_its_arguments(case):
    target = _target(case)
    inspect.signature(target).bind(**case.kwargs)  # raises TypeError on a wrong keyword
    assert case.count >= 1 and case.unit


def test_the_labels_are_distinct_so_only_can_pick_each():
    labels = [case.label for case in SUITE]
    assert len(labels) == len(set(labels))


def test_the_readable_engine_is_measured_beside_the_plain_playout():
    labels = " | ".join(case.label for case in SUITE)
    for part in (
        "readable engine, random bots",
        "readable engine, heuristic bots",
        "plain playout",
    ):
        assert part in labels


def test_quick_scales_the_hands_and_the_count_together():
    case = next(c for c in SUITE if c.label.startswith("readable engine, random"))
    quick = scaled(case, quick=True)
    assert quick.kwargs["hands"] == case.kwargs["hands"] // 4 == quick.count


def test_a_readable_case_refuses_unknown_bots():
    with pytest.raises(ValueError, match="random' or 'heuristic"):
        _target(Case("x", "benchmarks.readable:readable_case", {}))(bots="clever")
