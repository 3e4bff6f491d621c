"""Shared test setup: keep exercise progress out of the user's home folder."""

import pytest


@pytest.fixture(autouse=True)
def _progress_in_tmp(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("BOURRE_LESSONS_DATA", str(tmp_path_factory.mktemp("bourre-data")))
