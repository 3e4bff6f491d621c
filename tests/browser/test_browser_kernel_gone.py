"""A lesson whose Python was shut down says so (issue 28 §3).

`make lab` culls a kernel left idle, even one whose tab is open (bourre_lessons/cli.py), to keep
a learner's memory bounded. The page then stays, but no click is answered: the card table and
the notebook's toolbar must say what happened and how to go on. The kernel is shut down through
the server's REST API, which is what the culler does (`MappingKernelManager.shutdown_kernel`).
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser_harness import ConsoleLog, save_page_artifacts
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SOURCE = """
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import CardTableContent, hand_entries
from bourre_lessons.cards import parse_cards

table = CardTable()
table.show(CardTableContent(hand=hand_entries(parse_cards("S2 S3 D4"))))
table
"""
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return !!panel && !!panel.context && panel.context.path === path && !!kernel && kernel.status === 'idle';
}"""
KERNEL_ID = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"
RUN_ALL = "() => window.jupyterapp.commands.execute('runmenu:run-all').then(String)"


def _write_notebook(path) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


def test_a_table_whose_python_stopped_says_how_to_go_on(lab, course_root, browser):
    """Before: no word of it. After the kernel is shut down: the table and the toolbar say the
    Python stopped and name Restart Kernel and Run All Cells; nothing else is needed."""
    _write_notebook(course_root / "kernel_gone.ipynb")
    page = browser.new_page()
    console = ConsoleLog(page)
    try:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(lab.url("/lab/workspaces/kernel-gone/tree/kernel_gone.ipynb", reset=""))
        page.wait_for_function(READY, arg="kernel_gone.ipynb", timeout=120_000, polling=250)
        assert page.evaluate(RUN_ALL) == "true"
        expect(page.locator(".bourre-hand .bourre-card")).to_have_count(3, timeout=60_000)
        page.wait_for_timeout(2500)  # one check of the kernel has passed
        expect(page.locator(".bourre-kernel-gone")).to_have_count(0)
        kernel = page.evaluate(KERNEL_ID)
        request = urllib.request.Request(lab.url(f"/api/kernels/{kernel}"), method="DELETE")
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.status == 204
        notice = page.locator(".bourre-kernel-gone")
        expect(notice).to_have_count(1, timeout=15_000)
        expect(notice).to_contain_text("Python has stopped")
        expect(notice).to_contain_text("Restart Kernel and Run All Cells")
        expect(page.locator(".jp-NotebookPanel-toolbar .bourre-kernel-gone-bar")).to_have_count(1)
        page.screenshot(path=str(course_root / "kernel_gone.png"))
    except Exception:
        save_page_artifacts(page, console, "kernel-gone")
        raise
    finally:
        page.close()
