"""Shared test setup: keep exercise progress out of the user's home folder, and say at the end
of a run how many checks were left out for want of the source texts (`source_texts`)."""

from __future__ import annotations

import pytest
from source_texts import NOT_HERE


@pytest.fixture(autouse=True)
def _progress_in_tmp(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("BOURRE_LESSONS_DATA", str(tmp_path_factory.mktemp("bourre-data")))


def texts_missing_count(skipped: list) -> int:
    """How many of a run's skipped test reports were skipped for want of the source texts."""
    return sum(NOT_HERE in str(getattr(report, "longrepr", "")) for report in skipped)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """One plain closing line when checks needing the source texts did not run (never silent)."""
    count = texts_missing_count(terminalreporter.stats.get("skipped", []))
    if count:
        terminalreporter.write_line(
            f"{count} source-text checks not run: the four source texts are not beside this "
            "checkout; set BOURRE_SEEDS to their folder to run them (see README, 'Tests')"
        )
