"""Go through lessons as a newcomer would, in JupyterLab, and measure them (issue 14).

For each lesson: open it in a fresh JupyterLab (a temporary copy of the course), Run All, then
go down the page screen by screen, taking a screenshot of each screen. On the way, act as a
learner: in every scene press Next until the scene asks for a card, then click a card (the first
one on the left: a guess, not the answer) and read the verdict; open every folded answer. Each
click is counted.

Printed per lesson: words of prose, screens, clicks, folded answers opened, Run All seconds, and
the minutes a learner needs at 180 words a minute plus 10 seconds a click (the time to predict,
click and read a verdict) and 20 seconds a folded answer. Screenshots go to --out.

    .venv/bin/python tools/walk_lessons.py notebooks/02_play_pass_draw.ipynb --out /tmp/walk
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tools"))

from browser_harness import chromium, start_lab  # noqa: E402
from screenshots import NOTEBOOK_READY, RUN_ALL, _calm  # noqa: E402

RUN_ALL_DONE = """(path) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const busy = [...document.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
  return !!kernel && kernel.status === 'idle' && !busy;
}"""
WORDS_A_MINUTE = 180
SECONDS_A_CLICK = 10
SECONDS_A_FOLDED_ANSWER = 20
MAX_NEXTS = 25
SCROLLER = ".jp-NotebookPanel .jp-WindowedPanel-outer"


@dataclass
class Walk:
    """What one lesson took."""

    lesson: str
    words: int
    screens: int = 0
    clicks: int = 0
    answers: int = 0
    run_all_s: float = 0.0

    @property
    def minutes(self) -> float:
        """Reading at 180 words a minute, plus the clicks and the folded answers."""
        seconds = self.clicks * SECONDS_A_CLICK + self.answers * SECONDS_A_FOLDED_ANSWER
        return self.words / WORDS_A_MINUTE + seconds / 60

    def row(self) -> str:
        """One line of the table the note reports."""
        return (
            f"| {self.lesson} | {self.words} | {self.screens} | {self.clicks} | {self.answers} "
            f"| {self.run_all_s:.0f} | {self.minutes:.0f} |"
        )


def prose_words(notebook: Path) -> int:
    """Words of the Markdown cells a learner reads (code and folded answers excluded)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    text = re.sub(r"\(([^)]*\.(ipynb|md|png))\)", "", text)  # link targets are not read
    return len(re.findall(r"[\w♠♥♦♣'’-]+", text))


def _click(locator) -> None:
    """Click, with the element in the middle of the notebook: at the bottom edge JupyterLab's
    status bar would take a mouse click, so the click is sent to the element itself."""
    locator.evaluate("el => el.scrollIntoView({block: 'center'})")
    locator.dispatch_event("click")


def _play_scene(page, scene) -> int:
    """Next until the scene asks for a card, then click the leftmost card; the clicks."""
    clicks = 0
    for _ in range(MAX_NEXTS):
        cards = scene.locator(".bourre-hand button.bourre-card:enabled")
        if cards.count():
            _click(cards.first)
            page.wait_for_timeout(400)
            return clicks + 1
        nxt = scene.locator(".bourre-next")
        if not nxt.count() or nxt.first.is_disabled():
            return clicks
        _click(nxt.first)
        clicks += 1
        page.wait_for_timeout(250)
    return clicks


TABLE_STEPS = (".bourre-declare-play", ".bourre-keep", ".bourre-continue", ".bourre-accept")
"""At the game table, the buttons a learner presses to go on: play, keep the cards, go on."""
FIRST_HAND_STEPS = (".bourre-declare-play", ".bourre-keep-all")
"""In lesson 01's first hand, the decisions taken by button; Next comes after the cards."""


def _enabled(root, names: tuple[str, ...]):
    """The first enabled button among `names`, or None."""
    for name in names:
        found = root.locator(f"{name}:enabled")
        if found.count():
            return found.first
    return None


def _try_cards(page, root) -> int:
    """Click the hand's cards left to right until the engine takes one; the clicks."""
    cards = root.locator(".bourre-hand button.bourre-card:enabled")
    held = cards.count()
    for index in range(held):
        _click(cards.nth(index))
        page.wait_for_timeout(600)
        if root.locator(".bourre-hand button.bourre-card").count() != held:
            return index + 1
    return held


def _play_hand(page, root, steps: tuple[str, ...], then: tuple[str, ...], over: str) -> int:
    """Play one hand for the learner's seat by clicks: the `steps` buttons first, then cards,
    then the `then` buttons, until `over` is enabled or nothing is; the clicks."""
    clicks = 0
    while clicks < 80 and not root.locator(f"{over}:enabled").count():
        button = _enabled(root, steps)
        if button is None and root.locator(".bourre-hand button.bourre-card:enabled").count():
            clicks += _try_cards(page, root)
            continue
        button = button or _enabled(root, then)
        if button is None:
            break
        _click(button)
        clicks += 1
        page.wait_for_timeout(500)
    return clicks


def walk(page, lab, lesson: str, out: Path) -> Walk:
    """Open, Run All, act on every scene, open every folded answer, screenshot each screen."""
    record = Walk(lesson=Path(lesson).stem, words=prose_words(ROOT / lesson))
    page.goto(lab.url(f"/lab/workspaces/walk/tree/{lesson}", reset=""))
    page.wait_for_function(NOTEBOOK_READY, arg=lesson, timeout=180_000, polling=250)
    started = time.time()
    if page.evaluate(RUN_ALL) != "true":
        raise RuntimeError(f"Run All of {lesson} did not finish cleanly")
    page.wait_for_timeout(500)
    page.wait_for_function(RUN_ALL_DONE, arg=lesson, timeout=600_000, polling=250)
    record.run_all_s = time.time() - started
    page.wait_for_timeout(1500)
    scenes = page.locator(".bourre-scene")
    for index in range(scenes.count()):
        scene = scenes.nth(index)
        scene.scroll_into_view_if_needed()
        record.clicks += _play_scene(page, scene)
        _calm(page)
        scene.screenshot(path=str(out / f"{record.lesson}-scene{index:02d}.png"))
    first_hand = page.locator(".bourre-first-hand")
    if first_hand.count():
        steps, then = FIRST_HAND_STEPS, (".bourre-first-hand-next",)
        record.clicks += _play_hand(page, first_hand.first, steps, then, ".bourre-restart-x")
        _calm(page)
        first_hand.first.screenshot(path=str(out / f"{record.lesson}-first-hand.png"))
    tables = page.locator(".bourre-table-game")
    if tables.count():  # the first table is the learner's; later ones are demonstrations
        tables.first.scroll_into_view_if_needed()
        record.clicks += _play_hand(page, tables.first, TABLE_STEPS, (), ".bourre-deal")
        _calm(page)
        tables.first.screenshot(path=str(out / f"{record.lesson}-table.png"))
    folded = page.locator(".jp-OutputArea details.bourre-reveal:not([open]) > summary")
    while folded.count() and record.answers < 80:
        folded.first.scroll_into_view_if_needed()
        folded.first.click()  # the fold opens and leaves the list
        record.answers += 1
        page.wait_for_timeout(200)
    scroller = page.locator(SCROLLER).first
    scroller.evaluate("el => el.scrollTo(0, 0)")
    page.wait_for_timeout(500)
    height = scroller.evaluate("el => el.clientHeight")
    while True:
        _calm(page)
        record.screens += 1
        page.screenshot(path=str(out / f"{record.lesson}-screen{record.screens:02d}.png"))
        moved = scroller.evaluate(
            "(el, h) => { const y = el.scrollTop; el.scrollBy(0, h); return el.scrollTop - y; }",
            int(height * 0.9),
        )
        page.wait_for_timeout(400)
        if moved <= 0 or record.screens >= 80:
            return record


def main(argv: list[str] | None = None) -> int:
    """Walk the lessons given and print the table of what each took."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "lessons", nargs="+", help="paths such as notebooks/02_play_pass_draw.ipynb"
    )
    parser.add_argument("--out", type=Path, default=Path("walk"), help="where screenshots go")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="walk-"))
    for folder in ("notebooks", "exercises", "docs"):
        # as `make lab` shows them: one file per lesson, the text pairs left out
        shutil.copytree(
            ROOT / folder, tmp / folder, ignore=shutil.ignore_patterns("[0-9][0-9]*.md")
        )
    lab = start_lab(tmp, tmp / "home", tmp / "lab.log")
    print("| lesson | words | screens | clicks | folded answers | Run All s | minutes |")
    print("|---|---|---|---|---|---|---|")
    try:
        with chromium(tmp / "chrome", 1280, 900) as browser:
            for lesson in args.lessons:
                page = browser.new_page()
                page.set_default_timeout(120_000)
                print(walk(page, lab, lesson, args.out).row(), flush=True)
                page.close()
    finally:
        lab.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
