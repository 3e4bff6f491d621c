"""Click a citation, see the source, in a real browser; and Japanese drawn without a CJK font.

The machine has only DejaVu fonts (`fc-list`), so without the shipped subset (`Bourre CJK`,
bourre_lessons/widgets/static/bourre-cjk.woff2) lesson 07's 小さい and pagat's quotations would
be drawn as boxes. A one-page notebook in the session's Lab shows a Markdown cell with 小さい
and a card table whose verdict cites pagat 2; the test opens the chip with the keyboard and the
mouse, checks that the browser draws the Japanese with the embedded font, and keeps a
screenshot (test-artifacts/browser/cjk-and-chip.png).
"""

from __future__ import annotations

import json

import pytest
from browser_harness import ConsoleLog, artifacts_dir
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "sources_chip.ipynb"
MARKDOWN = "## 小さい\n\nLesson 07's Japanese: 小さい (small), 切り札 (trump), ハート (hearts)."
CODE = """from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import feedback_entry
table = CardTable()
table.feedback = feedback_entry("5♣ is not allowed: you have no diamonds, so you must trump.", "illegal", rule_id="pagat-2", summary="trump")
table"""
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.content) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && panel.content.widgets.length > 0;
}"""
RUN_ALL = "async () => String(await window.jupyterapp.commands.execute('runmenu:run-all'))"
DRAWN_WITH = """async ([selector, text]) => {
  const node = document.querySelector(selector);
  await document.fonts.ready;
  const faces = await document.fonts.load(`16px "Bourre CJK"`, text);
  const family = getComputedStyle(node).fontFamily;
  return { faces: faces.map((f) => f.family), family, check: document.fonts.check(`16px "Bourre CJK"`, text) };
}"""
WIDTHS = """(text) => {
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = '32px "Bourre CJK", "DejaVu Sans"';
  const ours = canvas.measureText(text).width;
  canvas.font = '32px "DejaVu Sans"';
  return { ours, dejavu: canvas.measureText(text).width };
}"""


def _write_notebook(folder) -> None:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": MARKDOWN},
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": CODE,
        },
    ]
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")


@pytest.fixture(scope="module")
def page(lab, browser, course_root):
    _write_notebook(course_root)
    page = browser.new_page()
    page.set_default_timeout(90_000)
    console = ConsoleLog(page)
    page.goto(lab.url(f"/lab/workspaces/sources/tree/{NOTEBOOK}", reset=""))
    page.wait_for_function(READY, arg=NOTEBOOK, timeout=90_000, polling=250)
    assert page.evaluate(RUN_ALL) == "true", console.text()
    expect(page.locator(".bourre-feedback .bourre-rule-chip")).to_be_visible(timeout=60_000)
    yield page
    page.evaluate("async () => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    page.close()


def test_japanese_markdown_is_drawn_with_the_shipped_font(page):
    heading = ".jp-RenderedMarkdown h2"
    expect(page.locator(heading)).to_have_text("小さい¶", timeout=30_000)
    drawn = page.evaluate(DRAWN_WITH, [heading, "小さい"])
    assert drawn["faces"] == ["Bourre CJK"] and drawn["check"], drawn
    assert drawn["family"].startswith('"Bourre CJK"'), drawn
    widths = page.evaluate(WIDTHS, "小さい")
    assert widths["ours"] != widths["dejavu"], "the subset, not DejaVu's missing-glyph boxes"


def test_the_chip_opens_the_quotation_and_translation_by_keyboard_and_mouse(page):
    chip = page.locator(".bourre-feedback .bourre-rule-chip")
    popover = page.locator(".bourre-source-popover")
    expect(chip).to_have_text("pagat 2")
    expect(chip).to_have_attribute("aria-expanded", "false")
    chip.focus()
    page.keyboard.press("Enter")
    expect(popover).to_be_visible()
    expect(chip).to_have_attribute("aria-expanded", "true")
    quote = popover.locator(".bourre-source-quote")
    expect(quote).to_have_attribute("lang", "ja")
    expect(quote).to_contain_text("切り札をプレイしなければなりません")
    expect(popover).to_contain_text("Our translation: If you cannot follow suit")
    page.mouse.move(0, 0)
    page.locator(".jp-NotebookPanel").first.screenshot(
        path=str(artifacts_dir() / "cjk-and-chip.png")
    )
    drawn = page.evaluate(DRAWN_WITH, [".bourre-source-quote", "切り札"])
    assert drawn["faces"] == ["Bourre CJK"], drawn
    page.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    expect(chip).to_be_focused()
    chip.click()
    expect(popover).to_be_visible()
    chip.click()
    expect(popover).to_be_hidden()
