"""Exercise sets in JupyterLab, in a real browser: after Run All nothing answers a question,
and an answer clicked on the drawn card table (or in set 02's form) is checked.

Sets 01 and 02 are opened each in its own page of the session's Lab (a copy of the course, see
conftest), their outputs cleared, and run with `runmenu:run-all` as a learner would run them.
Set 01's first item is lesson 03 material: clubs led, you hold the 3♣ and the 6♣ (the set's
worked solution: either club). Set 02's second item is wikipedia's bourré example: A takes the
5 in the pot, C pays 5 into the next pot and skips the next ante, 5 stays, the next pot is 9.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from browser_harness import ROOT, ConsoleLog, save_page_artifacts
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SET_1 = "exercises/01_which_cards.ipynb"
SET_2 = "exercises/02_settle_the_pot.ipynb"
OPEN_TIMEOUT = 90_000  # ms: page, Lab and kernel start on a busy 2-core machine
RUN_TIMEOUT = 240_000  # ms: the whole notebook
UI_TIMEOUT = 20_000  # ms: a click's round trip through the kernel
ITEMS = 6

NOTEBOOK_READY = """(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.content) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && panel.content.widgets.length > 0;
}"""
RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  return String(await app.commands.execute('runmenu:run-all'));
}"""
KERNEL_IDLE = """() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return k.status === 'idle';
}"""
CUT_TEXT = """(root) => [...root.querySelectorAll(
    '.bourre-ex button, .bourre-ex .widget-label, .bourre-ex .bourre-seat-name, '
    + '.bourre-ex .bourre-seat-facts, .bourre-ex .bourre-ex-ask')]
  .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent.trim())"""
"""The texts of buttons and labels in the exercise apps that are wider than their box."""
VISIBLE_POINT = """(card) => {
  const box = card.getBoundingClientRect();
  for (let y = box.bottom - 4; y > box.top; y -= 4) {
    for (let x = box.left + 4; x < box.right; x += 4) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.bourre-card') === card) return [x, y];
    }
  }
  return null;
}"""
"""A point of a card that no other card covers (a crowded trick overlaps its cards)."""
SHUTDOWN = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (panel && panel.sessionContext) await panel.sessionContext.shutdown();
}"""


@dataclass
class RunSet:
    """An exercise notebook open in its own page of the session's Lab, after Run All."""

    path: str
    page: object
    console: ConsoleLog
    run_result: str = ""


def open_and_run(lab, browser, path: str, apps: str, count: int) -> RunSet:
    """Open a notebook in a page of its own, clear it, Run All, wait for its apps."""
    if not (ROOT / path).is_file():
        pytest.fail(f"{path} does not exist")
    page = browser.new_page()
    run = RunSet(path, page, ConsoleLog(page))
    try:
        workspace = path.split("/")[-1].split(".")[0].replace("_", "-")
        page.goto(lab.url(f"/lab/workspaces/{workspace}/tree/{path}", reset=""))
        page.wait_for_function(NOTEBOOK_READY, arg=path, timeout=OPEN_TIMEOUT, polling=250)
        page.set_default_timeout(RUN_TIMEOUT)
        run.run_result = page.evaluate(RUN_ALL)
        page.wait_for_function(KERNEL_IDLE, timeout=RUN_TIMEOUT, polling=200)
        page.set_default_timeout(UI_TIMEOUT)
        expect(page.locator(apps)).to_have_count(count)
    except Exception:
        save_page_artifacts(page, run.console, f"{path}-setup")
        page.close()
        raise
    return run


def close(run: RunSet) -> None:
    try:
        run.page.evaluate(SHUTDOWN)
    finally:
        run.page.close()


@pytest.fixture(scope="module")
def set_1(lab, browser) -> RunSet:
    run = open_and_run(lab, browser, SET_1, ".bourre-ex-legal-cards", ITEMS + 1)  # + practice
    yield run
    close(run)


@pytest.fixture(scope="module")
def set_2(lab, browser) -> RunSet:
    run = open_and_run(lab, browser, SET_2, ".bourre-ex-settle-pot", 6)  # 5 items + practice
    yield run
    close(run)


def test_after_run_all_no_answer_is_in_view(set_1):
    """Every app drawn on the card table, nothing chosen, lifted or checked, no verdict."""
    page = set_1.page
    assert set_1.run_result == "true"
    apps = page.locator(".bourre-ex-legal-cards")
    expect(apps.locator(".bourre-table .bourre-felt")).to_have_count(ITEMS + 1)
    expect(page.locator(".bourre-hand .bourre-card.bourre-legal")).to_have_count(0)
    expect(page.locator(".bourre-card.bourre-chosen")).to_have_count(0)
    verdicts = page.locator(".bourre-ex-feedback .bourre-feedback[data-verdict]")
    for i in range(verdicts.count()):
        assert verdicts.nth(i).get_attribute("data-verdict") in ("", "info")
    for mark in ("✔", "✘", "Right", "Not yet"):
        expect(page.locator(".jp-OutputArea-output").filter(has_text=mark)).to_have_count(0)
    expect(page.locator(".bourre-ex-progress")).to_contain_text(f"0 of {ITEMS} done")
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)


def test_no_label_or_button_of_the_apps_is_cut_off(set_1):
    cut = set_1.page.evaluate(CUT_TEXT, set_1.page.locator("body").element_handle())
    assert cut == [], f"text wider than its box: {cut}"


def test_cards_clicked_on_the_table_are_checked(set_1):
    """Item 1: one club alone is one card short (✘, counted, no card named); both clubs are
    right (✔) and lifted; the progress line counts the exercise done."""
    app = set_1.page.locator(".bourre-ex-legal-cards").first
    callout = app.locator(".bourre-ex-feedback")
    app.locator(".bourre-hand button.bourre-card[data-card=C3]").click()
    expect(app.locator(".bourre-card.bourre-chosen[data-card=C3]")).to_have_count(1)
    app.locator(".bourre-ex-check").click()
    expect(callout).to_contain_text("✘")
    expect(callout).to_contain_text("1 card you may play is missing")
    expect(callout).not_to_contain_text("6♣")
    app.locator(".bourre-hand button.bourre-card[data-card=C6]").click()
    expect(callout).not_to_contain_text("✘")  # a new answer takes the old verdict away
    app.locator(".bourre-ex-check").click()
    expect(callout).to_contain_text("✔")
    expect(callout.locator("[data-verdict=legal]")).to_have_count(1)
    expect(app.locator(".bourre-hand .bourre-card.bourre-legal")).to_have_count(2)
    expect(set_1.page.locator(".bourre-ex-progress")).to_contain_text(
        f"1 of {ITEMS} done, last tried just now"
    )


def test_set_2_forms_are_empty_and_unchecked_after_run_all(set_2):
    page = set_2.page
    assert set_2.run_result == "true"
    forms = page.locator(".bourre-ex-settle-pot")
    expect(forms.locator(".bourre-table .bourre-felt")).to_have_count(6)
    expect(forms.locator(".bourre-pot")).to_have_count(6)
    for box in forms.locator("input[type=text]").all():
        assert box.input_value() == ""
    expect(forms.locator(".bourre-ex-winner button.mod-active")).to_have_count(0)
    for mark in ("✔", "✘", "Right", "Not yet"):
        expect(page.locator(".jp-OutputArea-output").filter(has_text=mark)).to_have_count(0)


def test_set_2_labels_fit_at_seven_seats(set_2):
    """The practice app's first hand seats seven players: every seat has its box and its
    button, and no label or button text is cut off."""
    practice = set_2.page.locator(".bourre-ex-settle-pot").last
    expect(practice.locator(".bourre-seat")).to_have_count(7)
    expect(practice.locator(".bourre-ex-skips-box button")).to_have_count(7)
    cut = set_2.page.evaluate(CUT_TEXT, set_2.page.locator("body").element_handle())
    assert cut == [], f"text wider than its box: {cut}"


def test_set_2_form_filled_by_clicks_and_typing_is_checked(set_2):
    form = set_2.page.locator(".bourre-ex-settle-pot").nth(1)
    callout = form.locator(".bourre-ex-feedback")
    form.locator(".bourre-ex-winner button", has_text="A").first.click()
    form.locator(".bourre-ex-taken input").fill("10")
    form.locator(".bourre-ex-pays-C input").fill("5")
    form.locator(".bourre-ex-pot-carried input").fill("5")
    form.locator(".bourre-ex-skips-C").click()
    form.locator(".bourre-ex-next-pot input").fill("9")
    form.locator(".bourre-ex-check").click()
    expect(callout.locator("[data-verdict=illegal]")).to_have_count(1)
    expect(callout).to_contain_text("Not yet: 1 of your 6 answers is not right yet.")
    expect(callout).not_to_contain_text("takes 5")
    form.locator(".bourre-ex-taken input").fill("5")
    form.locator(".bourre-ex-check").click()
    expect(callout.locator("[data-verdict=legal]")).to_have_count(1)
    expect(callout).to_contain_text("Right: Tricks 3-2-0")


SET_6 = "exercises/06_drills.ipynb"


@pytest.fixture(scope="module")
def set_6(lab, browser) -> RunSet:
    run = open_and_run(lab, browser, SET_6, ".bourre-ex-trick-winner", 4)  # 3 items + practice
    yield run
    close(run)


def test_set_6_trick_cards_are_picked_on_the_table(set_6):
    """Drill A1 (the set's worked solution): diamonds led, no trump played, the K♦ takes the
    trick and the higher A♥ cannot. Nothing is lit before the click."""
    app = set_6.page.locator(".bourre-ex-trick-winner").first
    callout = app.locator(".bourre-ex-feedback")
    trick = app.locator(".bourre-trick .bourre-card")
    expect(app.locator(".bourre-trick .bourre-card.bourre-pickable")).to_have_count(trick.count())
    expect(app.locator(".bourre-trick .bourre-card.bourre-winning")).to_have_count(0)
    ace = app.locator(".bourre-trick .bourre-card[data-card=HA]")
    ace.scroll_into_view_if_needed()
    set_6.page.wait_for_timeout(800)  # a table drawn again slides its trick in (0.4 s)
    point = ace.evaluate(VISIBLE_POINT)
    assert point is not None, "some part of every trick card can be clicked"
    set_6.page.mouse.move(*point)  # hovering a card lifts it above the others
    set_6.page.mouse.click(*ace.evaluate(VISIBLE_POINT))
    expect(callout.locator("[data-verdict=illegal]")).to_have_count(1)
    expect(app.locator(".bourre-trick .bourre-card.bourre-chosen[data-card=HA]")).to_have_count(1)
    expect(app.locator(".bourre-trick .bourre-card.bourre-winning")).to_have_count(0)
    app.locator(".bourre-trick .bourre-card[data-card=DK]").focus()
    set_6.page.keyboard.press("Enter")  # the keyboard picks a card too
    expect(callout.locator("[data-verdict=legal]")).to_have_count(1)
    expect(app.locator(".bourre-trick .bourre-card.bourre-winning[data-card=DK]")).to_have_count(1)
