"""No seat label of the card table sticks out of the table's own box (issue 28 §3: B's label,
with its card backs, was clipped 7 px at the left edge of the output in JupyterLab at 1280 px).
"""

from __future__ import annotations

import json

import pytest
from browser_harness import ConsoleLog, save_page_artifacts

pytestmark = pytest.mark.browser

SOURCE = """
import ipywidgets as widgets
from bourre_lessons.cards import parse_cards
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import CardTableContent, hand_entries, seat_entry

tables = []
for size in ("normal", "classroom"):
    for seats in range(2, 9):
        names = ["A", *"BCDEFGH"[: seats - 1]]
        table = CardTable(size=size)
        table.add_class(f"bourre-probe-{size}-{seats}")
        table.show(CardTableContent(
            seats=[seat_entry(n, n if n == "A" else None, you=n == "A", chips=100, status="plays",
                              tricks=0, dealer=i == seats - 1, cards=5)
                   for i, n in enumerate(names)],
            hand=hand_entries(parse_cards("S2 S3 D4 H5 C6")),
            pot=12,
        ))
        tables.append(table)
widgets.VBox(tables)
"""
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return !!panel && !!panel.context && panel.context.path === path && !!kernel
    && kernel.status === 'idle';
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('runmenu:run-all').then(String)"
CHECK = """() => {
  const problems = [];
  const tables = [...document.querySelectorAll('[class*="bourre-probe-"]')];
  for (const table of tables) {
    const name = [...table.classList].find((c) => c.startsWith('bourre-probe-'));
    const output = table.closest('.jp-OutputArea-output') || table;
    const box = output.getBoundingClientRect();
    for (const seat of table.querySelectorAll('.bourre-seat')) {
      const r = seat.getBoundingClientRect();
      if (r.left < box.left - 0.5) problems.push(`${name}: seat ${seat.dataset.seat} ${Math.round(box.left - r.left)} px past the left edge`);
      if (r.right > box.right + 0.5) problems.push(`${name}: seat ${seat.dataset.seat} ${Math.round(r.right - box.right)} px past the right edge`);
    }
  }
  return {tables: tables.length, problems};
}"""


def _write_notebook(path) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.mark.parametrize("width", [1280, 900])
def test_every_seat_label_stays_inside_the_output(lab, course_root, browser, width):
    """Two to eight seats, every seat holding five cards (the widest label), both sizes: no
    label reaches past the left or right edge of the output area that holds the table."""
    _write_notebook(course_root / "seat_labels.ipynb")
    page = browser.new_page()
    console = ConsoleLog(page)
    try:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(lab.url(f"/lab/workspaces/seats-{width}/tree/seat_labels.ipynb", reset=""))
        page.wait_for_function(READY, arg="seat_labels.ipynb", timeout=120_000, polling=250)
        assert page.evaluate(RUN_ALL) == "true"
        page.locator(".bourre-probe-classroom-8 .bourre-seat").first.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
        found = page.evaluate(CHECK)
        assert found["tables"] == 14
        assert not found["problems"], "\n".join(found["problems"])
    except Exception:
        save_page_artifacts(page, console, f"seat-labels-{width}")
        raise
    finally:
        page.close()
