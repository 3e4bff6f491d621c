"""The classroom app asks no other host for anything (issue 28 §3: Voila's "lab" template
fetched Font Awesome from cdn.jsdelivr.net, which fails offline). Served with the course's
template (bourre_lessons/voila, as `make present` and `bourre-lessons present` serve it)."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from browser_harness import ConsoleLog, artifacts_dir, save_page_artifacts, start_voila

pytestmark = pytest.mark.browser

SOURCE = """
import ipywidgets as widgets
from bourre_lessons.cards import parse_cards
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import CardTableContent, hand_entries

table = CardTable()
table.show(CardTableContent(hand=hand_entries(parse_cards("S2 S3 D4"))))
widgets.VBox([widgets.Button(description="Next ▶", icon="check"), table])
"""


def test_the_classroom_page_fetches_nothing_from_another_host(tmp_path_factory, browser):
    folder = tmp_path_factory.mktemp("offline")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / "offline.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    server = start_voila(
        folder / "offline.ipynb",
        home=tmp_path_factory.mktemp("voila-home"),
        log=artifacts_dir() / "voila-offline.log",
    )
    page = browser.new_page()
    console = ConsoleLog(page)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(server.url("/"))
        page.locator(".bourre-hand .bourre-card").first.wait_for(timeout=90_000)
        page.wait_for_timeout(1500)
        elsewhere = sorted(
            {u for u in asked if urlparse(u).hostname not in {"127.0.0.1", None}}
            - {u for u in asked if u.startswith("data:")}
        )
        assert asked, "no request was recorded at all"
        assert not elsewhere, elsewhere
    except Exception:
        save_page_artifacts(page, console, "voila-offline")
        raise
    finally:
        page.close()
        server.stop()
