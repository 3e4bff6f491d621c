"""A button's words stay on one line, whole (issue 28 §3: "Show the coach's review" wrapped
inside a word, "the coac / h's review"). Set 6's whole-hand app, both of its buttons showing,
in JupyterLab at 1280 and 900 px."""

from __future__ import annotations

import json

import pytest
from browser_harness import ConsoleLog, save_page_artifacts

pytestmark = pytest.mark.browser

SOURCE = """
from bourre_lessons.widgets.exercises.exercise_whole_hand import WholeHandWidget

app = WholeHandWidget(seed=3, progress=False)
app.show_review_button.layout.display = ""
app
"""
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return !!panel && !!panel.context && panel.context.path === path && !!kernel
    && kernel.status === 'idle';
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('runmenu:run-all').then(String)"
CHECK = """() => [...document.querySelectorAll('.bourre-whole-hand button')]
  .filter((b) => b.offsetParent !== null && b.textContent.trim() && !b.closest('.bourre-card'))
  .map((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return {text: b.textContent.trim(), lines, cut: b.scrollWidth > b.clientWidth + 1};
  })"""


@pytest.mark.parametrize("width", [1280, 900])
def test_the_whole_hand_buttons_keep_their_words_whole(lab, course_root, browser, width):
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (course_root / "buttons.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    page = browser.new_page()
    console = ConsoleLog(page)
    try:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(lab.url(f"/lab/workspaces/buttons-{width}/tree/buttons.ipynb", reset=""))
        page.wait_for_function(READY, arg="buttons.ipynb", timeout=120_000, polling=250)
        assert page.evaluate(RUN_ALL) == "true"
        page.get_by_text("Show the coach's review").wait_for(timeout=90_000)
        page.wait_for_timeout(800)
        found = page.evaluate(CHECK)
        assert any(b["text"] == "Show the coach's review" for b in found), found
        bad = [b for b in found if b["lines"] > 1 or b["cut"]]
        assert not bad, bad
    except Exception:
        save_page_artifacts(page, console, f"button-words-{width}")
        raise
    finally:
        page.close()
