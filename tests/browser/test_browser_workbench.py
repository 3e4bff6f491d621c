"""The house-rules workbench in lesson 08, in a real browser: flip a switch, see the house file
and the changed list follow; Measure, see the table of results; a hand where it mattered.

Lesson 08 is opened in the session's Lab as the other browser tests open a lesson, and only its
workbench cell is run (the lesson's sweeps take minutes and are tested elsewhere). Screenshots
at 1280x900 are kept under test-artifacts/browser/ (workbench-*.png) for a person to look at.
"""

from __future__ import annotations

import pytest
from browser_harness import ROOT, ConsoleLog, artifacts_dir, save_page_artifacts, start_voila
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSON = "notebooks/08_rulebooks_side_by_side.ipynb"
READY = """(path) => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.content) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && panel.content.widgets.length > 0;
}"""
RUN_THE_WORKBENCH_CELL = """async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const index = panel.content.widgets.findIndex(
    (cell) => cell.model.type === 'code' && cell.model.sharedModel.getSource().includes('workbench()'));
  if (index < 0) return 'no workbench cell';
  panel.content.activeCellIndex = index;
  await app.commands.execute('notebook:run-cell');
  return 'ran ' + index;
}"""
SIZE = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def bench(lab, browser):
    """Lesson 08 open, its workbench cell run: the workbench's root element."""
    page = browser.new_page()
    page.set_viewport_size(SIZE)
    console = ConsoleLog(page)
    page.set_default_timeout(90_000)
    page.goto(lab.url("/lab/workspaces/workbench/tree/" + LESSON, reset=""))
    page.wait_for_function(READY, arg=LESSON, timeout=90_000, polling=250)
    assert page.evaluate(RUN_THE_WORKBENCH_CELL).startswith("ran"), console.text()
    root = page.locator(".bourre-workbench").first
    expect(root).to_be_visible(timeout=60_000)
    page.set_default_timeout(30_000)
    yield page, root, console
    page.close()


def _measure_on_first_screen(page, root) -> None:
    """With the workbench's top at the top of the view, Measure is on the 1280x900 screen:
    nobody scrolls to find it."""
    root.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    box = root.locator(".bourre-bench-measure").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SIZE["height"], box


def _shot(page, root, name: str) -> None:
    root.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir() / f"workbench-{name}.png"))


def test_nothing_is_measured_when_the_workbench_opens(bench):
    page, root, _console = bench
    expect(root.locator(".bourre-bench-waiting")).to_contain_text("Nothing measured yet")
    expect(root.locator(".bourre-bench-table")).to_have_count(0)
    _measure_on_first_screen(page, root)
    page.screenshot(path=str(artifacts_dir() / "workbench-1-opened.png"))


def test_flipping_a_switch_changes_the_house_file_and_the_changed_list(bench):
    page, root, console = bench
    changed = root.locator(".bourre-bench-changed")
    expect(changed).to_contain_text("Nothing changed yet")
    row = root.locator(".bourre-switch-trump-when-cannot-win")
    row.get_by_role("button", name="yes").click()
    expect(changed).to_contain_text("Trump anyway (trump_when_cannot_win): yes instead of no")
    expect(root.locator(".bourre-switch-changed")).to_have_count(1)
    toml = root.locator(".bourre-house-toml textarea")
    assert "trump_when_cannot_win = true" in toml.input_value(), console.text()
    _shot(page, root, "2-flipped")


def test_measure_shows_the_table_with_the_hands(bench):
    page, root, console = bench
    root.locator(".widget-dropdown", has_text="Hands").locator("select").select_option(
        label="2,000"
    )
    root.locator(".bourre-bench-measure").click()
    table = root.locator(".bourre-bench-table")
    expect(table).to_be_visible(timeout=120_000)
    label = root.locator(".bourre-bench-progress-label")
    expect(label).to_contain_text("2,000 of 2,000 hands", timeout=120_000)
    expect(root.locator("tr[data-measure='bourre_rate']")).to_contain_text("95% CI")
    expect(root.locator(".bourre-bench-hands")).to_contain_text("2,000 hands")
    expect(root.locator(".bourre-bench-chart")).to_be_visible()
    page.evaluate(
        "() => document.querySelector('.bourre-bench-headline').scrollIntoView({block: 'start'})"
    )
    page.screenshot(path=str(artifacts_dir() / "workbench-3-measured.png"))
    assert "pageerror" not in console.text(), console.text()


def test_a_hand_where_it_mattered_shows_two_tables(bench):
    page, root, console = bench
    root.locator(".bourre-bench-mattered").click()
    view = root.locator(".bourre-mattered")
    expect(view).to_be_visible(timeout=60_000)
    expect(view.locator(".bourre-table")).to_have_count(2)
    expect(view.locator(".bourre-mattered-why")).to_contain_text("under my house")
    view.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)  # the trick's cards slide from their seats to the middle
    page.screenshot(path=str(artifacts_dir() / "workbench-4-mattered.png"))
    if "pageerror" in console.text():
        save_page_artifacts(page, console, "workbench-pageerror")
        pytest.fail(console.text())


def test_the_workbench_page_is_served_by_voila(browser, tmp_path_factory):
    """present/workbench.ipynb, the workbench as a page of its own beside the classroom app:
    Voila draws it without code, nothing measured, and a switch answers a click."""
    server = start_voila(
        ROOT / "present" / "workbench.ipynb",
        home=tmp_path_factory.mktemp("voila-workbench-home"),
        log=artifacts_dir() / "voila-workbench.log",
    )
    page = browser.new_page()
    page.set_viewport_size(SIZE)
    console = ConsoleLog(page)
    try:
        page.goto(server.url("/"))
        root = page.locator(".bourre-workbench")
        expect(root).to_be_visible(timeout=120_000)
        expect(page.locator(".jp-InputArea-editor, .cm-editor")).to_have_count(0)
        expect(root.locator(".bourre-bench-waiting")).to_contain_text("Nothing measured yet")
        box = root.locator(".bourre-bench-measure").bounding_box()  # the page opens at its top
        assert box is not None and box["y"] + box["height"] <= SIZE["height"], box
        root.locator(".bourre-switch-trump-when-cannot-win").get_by_role(
            "button", name="yes"
        ).click()
        expect(root.locator(".bourre-bench-changed")).to_contain_text("instead of no")
        page.screenshot(path=str(artifacts_dir() / "workbench-5-voila.png"))
    except Exception:
        save_page_artifacts(page, console, "workbench-voila")
        raise
    finally:
        page.close()
        server.stop()
