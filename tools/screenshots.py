"""Regenerate the README screenshots in docs/img/ from the running course (`make screenshots`).

Four pictures, taken with Debian's chromium through Playwright, from a temporary copy of the
notebooks (the repository's notebooks are never opened):

* scene-normal.png: lesson 04 in JupyterLab, glimne 5 (overtrump) after a refused 4♠;
* scene-rulebooks-disagree.png: lesson 08's classroom, wikipedia 2 (a trump that cannot win)
  under wikipedia's rulebook, Show answer, with the table of what each rulebook allows;
* table-mid-hand.png: the game table (lesson 10's `TableWidget`) in the middle of a hand;
* scene-classroom.png: the classroom app (`make present`) opened on glimne 3, the 6♣ refused,
  at projector size (1280x720).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402  (the shared harness lives with the browser tests)
    CLASSROOM_NOTEBOOK,
    chromium,
    start_lab,
    start_voila,
)
from playwright.sync_api import expect  # noqa: E402

LESSON = "notebooks/04_trumping.ipynb"
COMPARING = "notebooks/08_rulebooks_side_by_side.ipynb"
TIMEOUT = 120_000  # ms
NOTEBOOK_READY = """(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.content) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""
RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  return String(await app.commands.execute('runmenu:run-all'));
}"""


def _calm(page) -> None:
    """No hover or focus ring in the picture."""
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(300)


def _to_turn(scene, nexts: int) -> None:
    scene.locator(".bourre-restart").click()
    expect(scene.locator(".bourre-feedback")).to_have_text("")
    for _ in range(nexts):
        scene.locator(".bourre-next").click()


def _wait_text(locator, text: str) -> None:
    expect(locator).to_contain_text(text, timeout=TIMEOUT)


def _open_and_run(context, lab, notebook: str):
    """A page with `notebook` open in JupyterLab after Run All."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(lab.url(f"/lab/workspaces/screenshots/tree/{notebook}", reset=""))
    page.wait_for_function(NOTEBOOK_READY, arg=notebook, timeout=TIMEOUT, polling=250)
    result = page.evaluate(RUN_ALL)
    if result != "true":
        raise RuntimeError(f"Run All of {notebook} did not finish cleanly ({result})")
    return page


def _close(page) -> None:
    page.evaluate("async () => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    page.close()


def lab_pictures(context, lab, out: Path) -> list[Path]:
    """The two JupyterLab pictures: lesson 04 at the course's table, lesson 08 comparing."""
    page = _open_and_run(context, lab, LESSON)
    normal = page.locator(".bourre-scene-glimne-5").first
    normal.scroll_into_view_if_needed()
    _to_turn(normal, 3)
    normal.locator(".bourre-card-S4").click()
    _wait_text(normal.locator(".bourre-feedback"), "✘")
    _calm(page)
    first = out / "scene-normal.png"
    normal.screenshot(path=str(first))
    _close(page)

    page = _open_and_run(context, lab, COMPARING)
    disagree = page.locator(".bourre-scene-wikipedia-2-cannot-win").first
    disagree.scroll_into_view_if_needed()
    disagree.locator(".bourre-rulebook").get_by_role("button", name="wikipedia", exact=True).click()
    _to_turn(disagree, 2)
    disagree.locator(".bourre-show-answer").click()
    _wait_text(disagree.locator(".bourre-feedback"), "Legal under wikipedia")
    _calm(page)
    second = out / "scene-rulebooks-disagree.png"
    disagree.screenshot(path=str(second))
    _close(page)
    return [first, second]


TABLE_NOTEBOOK = "table.ipynb"
TABLE_CODE = """from bourre_lessons.widgets.table.table import TableWidget
table = TableWidget("pagat", players=5, seed=3)
table.advance_to_you(); table.declare(True); table.advance_to_you(); table.discard()
table.advance_to_you(); table.click(table.game.legal_actions()[0]); table.advance_to_you()
table"""


def write_table_notebook(folder: Path) -> None:
    """A one-cell notebook that shows the game table in the middle of a hand."""
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    cell["source"] = TABLE_CODE
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / TABLE_NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")


def table_picture(context, lab, out: Path) -> Path:
    """The game table in the middle of a hand: seats, chips, the trick, your hand."""
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 1300})  # the whole table in the panel
    page.set_default_timeout(TIMEOUT)
    page.goto(lab.url(f"/lab/workspaces/table/tree/{TABLE_NOTEBOOK}", reset=""))
    page.wait_for_function(NOTEBOOK_READY, arg=TABLE_NOTEBOOK, timeout=TIMEOUT, polling=250)
    if page.evaluate(RUN_ALL) != "true":
        raise RuntimeError("the table notebook did not run")
    table = page.locator(".bourre-table-game").first
    expect(table.locator(".bourre-seat")).to_have_count(5, timeout=TIMEOUT)
    _calm(page)
    path = out / "table-mid-hand.png"
    table.screenshot(path=str(path))
    page.close()
    return path


def classroom_picture(context, voila, out: Path) -> Path:
    """The classroom app opened on glimne 3, after the class tried the 6♣ (refused)."""
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(TIMEOUT)
    page.goto(voila.url("/", scene="glimne-3"))
    scene = page.locator(".bourre-classroom-app .bourre-scene-glimne-3")
    scene.wait_for()
    scene.locator(".bourre-next").click()
    scene.locator(".bourre-card-C6").click()
    _wait_text(scene.locator(".bourre-feedback"), "✘")
    _calm(page)
    path = out / "scene-classroom.png"
    page.screenshot(path=str(path))
    page.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bourre-screenshots-") as tmp:
        work = Path(tmp)
        for folder in ("notebooks", "exercises"):
            if (ROOT / folder).is_dir():
                shutil.copytree(ROOT / folder, work / "course" / folder)
        write_table_notebook(work / "course")
        lab = start_lab(work / "course", home=work / "lab-home", log=work / "lab.log")
        voila = None
        try:
            voila = start_voila(
                CLASSROOM_NOTEBOOK, home=work / "voila-home", log=work / "voila.log"
            )
            with chromium(work / "profile", width=1280, height=900) as context:
                written = lab_pictures(context, lab, args.out)
                written.append(table_picture(context, lab, args.out))
                written.append(classroom_picture(context, voila, args.out))
        finally:
            lab.stop()
            if voila is not None:
                voila.stop()
    for path in written:
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
